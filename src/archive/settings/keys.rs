//! One key of `tournament.toml`: its value, of the type it must have, and the line it
//! stands on.

use toml::Value;

use super::TOURNAMENT_TOML;
use crate::archive::Problem;
use crate::input::{Wanted, Why, clip};

pub(super) struct Reader<'a> {
    pub(super) text: &'a str,
    pub(super) table: &'a toml::Table,
    pub(super) problems: Vec<Problem>,
    /// The keys with a problem of shape (type, presence).
    pub(super) keys: Vec<&'static str>,
}

impl Reader<'_> {
    fn line(&self, key: &str) -> u64 {
        line_of_key(self.text, key)
    }

    pub(super) fn problem(&mut self, key: &str, why: impl Into<Why>) {
        let line = self.line(key);
        self.problems
            .push(Problem::at(TOURNAMENT_TOML, line, why.into()));
    }

    fn wrong_type(&mut self, key: &'static str, wanted: Wanted) {
        self.keys.push(key);
        self.problem(
            key,
            Why::WrongType {
                key: key.to_owned(),
                wanted,
            },
        );
    }

    /// A string value; `default` None makes the key required.
    /// A string as the export writes it: spaces at either end (which the settings would
    /// trim, so that the export wrote it otherwise) are refused with the trimmed spelling.
    pub(super) fn string(&mut self, key: &'static str, default: Option<&str>) -> Option<String> {
        match self.table.get(key) {
            Some(Value::String(s)) if s.trim() != s => {
                let (cell, canonical) = (clip(s), clip(s.trim()));
                self.keys.push(key);
                self.problem(
                    key,
                    Why::NotCanonical {
                        column: key.to_owned(),
                        cell,
                        canonical,
                    },
                );
                None
            }
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => {
                self.wrong_type(key, Wanted::String);
                None
            }
            None => match default {
                Some(d) => Some(d.to_owned()),
                None => {
                    self.keys.push(key);
                    self.problems.push(Problem::at(
                        TOURNAMENT_TOML,
                        1,
                        Why::Required {
                            key: key.to_owned(),
                        },
                    ));
                    None
                }
            },
        }
    }

    pub(super) fn boolean(&mut self, key: &'static str, default: bool) -> bool {
        match self.table.get(key) {
            Some(Value::Boolean(b)) => *b,
            Some(_) => {
                self.wrong_type(key, Wanted::Boolean);
                default
            }
            None => default,
        }
    }

    /// A TOML local date (`starts = 2026-12-05`; a quoted one is read too) as
    /// `YYYY-MM-DD`, empty when not given.
    pub(super) fn date(&mut self, key: &'static str) -> String {
        match self.table.get(key) {
            None => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(Value::Datetime(dt)) if dt.time.is_none() && dt.offset.is_none() => {
                dt.date.map(|d| d.to_string()).unwrap_or_default()
            }
            Some(_) => {
                self.wrong_type(key, Wanted::Date);
                String::new()
            }
        }
    }

    pub(super) fn integer(&mut self, key: &'static str) -> Option<i64> {
        match self.table.get(key) {
            Some(Value::Integer(n)) => Some(*n),
            Some(_) => {
                self.wrong_type(key, Wanted::WholeNumber);
                None
            }
            None => None,
        }
    }

    pub(super) fn number(&mut self, key: &'static str) -> Option<f64> {
        match self.table.get(key) {
            Some(v) => as_number(v).or_else(|| {
                self.wrong_type(key, Wanted::Number);
                None
            }),
            None => None,
        }
    }

    pub(super) fn bands(&mut self) -> Option<Vec<(i64, i64)>> {
        let value = self.table.get("bands")?;
        let pairs = value.as_array().and_then(|rows| {
            rows.iter()
                .map(|row| match row.as_array().map(Vec::as_slice) {
                    Some([Value::Integer(min), Value::Integer(s)]) => Some((*min, *s)),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
        });
        if pairs.is_none() {
            self.wrong_type("bands", Wanted::Bands);
        }
        pairs
    }

    pub(super) fn win_draw_loss(&mut self) -> Option<[f64; 3]> {
        let value = self.table.get("win_draw_loss")?;
        let numbers: Option<Vec<f64>> = value
            .as_array()
            .and_then(|a| a.iter().map(as_number).collect());
        match numbers.as_deref() {
            Some(&[w, d, l]) => Some([w, d, l]),
            _ => {
                self.wrong_type("win_draw_loss", Wanted::WinDrawLoss);
                None
            }
        }
    }

    pub(super) fn tiebreaks(&mut self) -> Option<Vec<String>> {
        let value = self.table.get("tiebreaks")?;
        let codes: Option<Vec<String>> = value.as_array().and_then(|items| {
            items
                .iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect()
        });
        if codes.is_none() {
            self.wrong_type("tiebreaks", Wanted::Tiebreaks);
        }
        codes
    }
}

pub(super) fn as_number(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(n) => Some(*n as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

pub(super) fn line_of_offset(text: &str, offset: usize) -> u64 {
    text[..offset.min(text.len())].matches('\n').count() as u64 + 1
}

/// The line on which `key = …` stands, or 1 when the key is absent.
pub(super) fn line_of_key(text: &str, key: &str) -> u64 {
    text.lines()
        .position(|line| {
            line.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(1, |i| i as u64 + 1)
}
