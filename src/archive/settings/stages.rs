//! The `[[stages]]` tables of `tournament.toml`: read and checked with `Stage::parse_all`,
//! written back, and the lines their keys and exchanges stand on.

use toml::Value;

use super::TOURNAMENT_TOML;
use super::keys::{as_number, line_of_key};
use crate::archive::Problem;
use crate::input::Why;
use crate::rules::stages::{Stage, StageDraft, StageFormat, StageKey, StageReason};

/// The line of `key` in the `index`-th (0-based) `[[stages]]` table, or of the table's
/// header when the key is absent (line 1 when there is no such table).
pub(crate) fn stage_key_line(text: &str, index: usize, key: &str) -> u64 {
    let lines: Vec<&str> = text.lines().collect();
    let Some(header) = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("[[stages]]"))
        .map(|(i, _)| i)
        .nth(index)
    else {
        return line_of_key(text, "stages");
    };
    lines[header + 1..]
        .iter()
        .take_while(|l| !l.trim_start().starts_with('['))
        .position(|line| {
            line.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(header as u64 + 1, |i| (header + 1 + i) as u64 + 1)
}

/// The line of exchange `n` (from 1) of the `index`-th `[[stages]]` table: the `n`-th line
/// naming `ko_round` from its `exchanges` key on (that key's line when there is none).
pub(crate) fn stage_exchange_line(text: &str, index: usize, n: usize) -> u64 {
    let key = stage_key_line(text, index, "exchanges");
    text.lines()
        .enumerate()
        .skip(key.saturating_sub(1) as usize)
        .take_while(|(i, l)| *i + 1 == key as usize || !l.trim_start().starts_with('['))
        .filter(|(_, l)| l.contains("ko_round"))
        .nth(n.saturating_sub(1))
        .map_or(key, |(i, _)| i as u64 + 1)
}

/// A knockout's `exchanges`: an array of `{ ko_round, teams, reason }` tables, or `None`
/// when it has another shape or another key.
fn read_exchanges(value: &Value) -> Option<Vec<crate::rules::stages::ExchangeDraft>> {
    value
        .as_array()?
        .iter()
        .map(|x| {
            let x = x.as_table()?;
            if x.keys()
                .any(|k| !["ko_round", "teams", "reason"].contains(&k.as_str()))
            {
                return None;
            }
            let ko_round = match x.get("ko_round") {
                None => None,
                Some(v) => Some(v.as_integer()?),
            };
            let teams = match x.get("teams") {
                None => None,
                Some(v) => Some(
                    v.as_array()?
                        .iter()
                        .map(Value::as_integer)
                        .collect::<Option<Vec<_>>>()?,
                ),
            };
            let reason = match x.get("reason") {
                None => String::new(),
                Some(v) => v.as_str()?.to_owned(),
            };
            Some(crate::rules::stages::ExchangeDraft {
                ko_round,
                teams,
                reason,
            })
        })
        .collect()
}

/// Reads the `[[stages]]` tables and checks them with `Stage::parse_all`, each problem at
/// its stage's key.
pub(super) fn read_stages(text: &str, table: &toml::Table) -> Result<Vec<Stage>, Vec<Problem>> {
    let Some(value) = table.get("stages") else {
        return Ok(Vec::new());
    };
    let at = |index: usize, key: &'static str, reason: StageReason| {
        let line = match reason {
            _ if key == "stages" => line_of_key(text, "stages"),
            StageReason::Exchange { exchange, .. } => stage_exchange_line(text, index, exchange),
            _ => stage_key_line(text, index, key),
        };
        Problem::at(
            TOURNAMENT_TOML,
            line,
            Why::Stage {
                stage: index + 1,
                key,
                reason,
            },
        )
    };
    let Some(entries) = value
        .as_array()
        .and_then(|a| a.iter().map(Value::as_table).collect::<Option<Vec<_>>>())
    else {
        return Err(vec![at(0, "stages", StageReason::Shape)]);
    };
    let mut problems = Vec::new();
    let mut unknown = Vec::new();
    let mut drafts = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        for key in entry.keys() {
            if !StageKey::ALL.iter().any(|k| k.key() == key) {
                unknown.push(Problem::at(
                    TOURNAMENT_TOML,
                    stage_key_line(text, index, key),
                    Why::UnknownKey { key: key.clone() },
                ));
            }
        }
        let mut shape = |key: StageKey| problems.push(at(index, key.key(), StageReason::Shape));
        let text_of = |key: StageKey, shape: &mut dyn FnMut(StageKey)| match entry.get(key.key()) {
            None => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(_) => {
                shape(key);
                String::new()
            }
        };
        let name = text_of(StageKey::Name, &mut shape);
        let format = text_of(StageKey::Format, &mut shape);
        let integers = |v: &Value| -> Option<Vec<i64>> {
            v.as_array()?.iter().map(Value::as_integer).collect()
        };
        let rounds = match entry.get("rounds") {
            None => None,
            Some(v) => match integers(v).as_deref() {
                Some(&[first, last]) => Some((first, last)),
                _ => {
                    shape(StageKey::Rounds);
                    None
                }
            },
        };
        let segments = entry.get("segments").and_then(|v| {
            let list = integers(v);
            if list.is_none() {
                shape(StageKey::Segments);
            }
            list
        });
        let groups = entry.get("groups").and_then(|v| {
            let list: Option<Vec<Vec<i64>>> =
                v.as_array().and_then(|a| a.iter().map(integers).collect());
            if list.is_none() {
                shape(StageKey::Groups);
            }
            list
        });
        let teams = entry.get("teams").and_then(|v| {
            if v.as_integer().is_none() {
                shape(StageKey::Teams);
            }
            v.as_integer()
        });
        let third_place = entry.get("third_place").and_then(|v| {
            if v.as_bool().is_none() {
                shape(StageKey::ThirdPlace);
            }
            v.as_bool()
        });
        let mut number = |key: StageKey| {
            entry.get(key.key()).and_then(|v| {
                let n = as_number(v);
                if n.is_none() {
                    shape(key);
                }
                n
            })
        };
        let carry_over = number(StageKey::CarryOver);
        let carry_over_h2h = number(StageKey::CarryOverH2h);
        let exchanges = match entry.get("exchanges") {
            None => Vec::new(),
            Some(v) => read_exchanges(v).unwrap_or_else(|| {
                shape(StageKey::Exchanges);
                Vec::new()
            }),
        };
        drafts.push(StageDraft {
            name,
            rounds,
            format,
            groups,
            teams,
            segments,
            third_place,
            carry_over,
            carry_over_h2h,
            exchanges,
        });
    }
    if !problems.is_empty() {
        problems.extend(unknown);
        return Err(problems);
    }
    match Stage::parse_all(&drafts) {
        Ok(stages) if unknown.is_empty() => Ok(stages),
        Ok(_) => Err(unknown),
        Err(errors) => Err(errors
            .into_iter()
            .map(|e| at(e.index, e.key.key(), e.reason))
            .chain(unknown)
            .collect()),
    }
}

/// The `[[stages]]` tables of `tournament.toml`, each after a blank line.
pub(crate) fn stages_toml(stages: &[Stage]) -> String {
    let quote = |s: &str| Value::String(s.to_owned()).to_string();
    let mut out = String::new();
    for stage in stages {
        out.push_str("\n[[stages]]\n");
        let mut line = |key: &str, value: String| {
            out.push_str(key);
            out.push_str(" = ");
            out.push_str(&value);
            out.push('\n');
        };
        line("name", quote(&stage.name));
        line(
            "rounds",
            format!("[{}, {}]", stage.first_round, stage.last_round),
        );
        line("format", quote(stage.format.code()));
        match &stage.format {
            StageFormat::Groups(groups) => {
                let lists: Vec<String> = groups
                    .iter()
                    .map(|g| {
                        let teams: Vec<String> = g.iter().map(|t| t.to_string()).collect();
                        format!("[{}]", teams.join(", "))
                    })
                    .collect();
                line("groups", format!("[{}]", lists.join(", ")));
            }
            StageFormat::Knockout(k) => {
                line("teams", k.teams.to_string());
                let segments: Vec<String> = k.segments.iter().map(|n| n.to_string()).collect();
                line("segments", format!("[{}]", segments.join(", ")));
                line("third_place", k.third_place.to_string());
                line("carry_over", k.carry_over.toml());
                line("carry_over_h2h", k.carry_over_h2h.toml());
                // One line, so that the audit trail keeps it as one key's value.
                if !k.exchanges.is_empty() {
                    let rows: Vec<String> = k
                        .exchanges
                        .iter()
                        .map(|x| {
                            format!(
                                "{{ ko_round = {}, teams = [{}, {}], reason = {} }}",
                                x.ko_round,
                                x.teams[0],
                                x.teams[1],
                                quote(&x.reason)
                            )
                        })
                        .collect();
                    line("exchanges", format!("[{}]", rows.join(", ")));
                }
            }
            _ => {}
        }
    }
    out
}
