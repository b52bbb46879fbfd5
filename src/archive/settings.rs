//! `tournament.toml`: the tournament's settings (docs/rules.md §9).

use toml::Value;

use super::Problem;
use super::deal_seeds::{ReadSeed, deal_seeds_toml, read_deal_seeds};
use crate::input::{Wanted, Why, clip};
use crate::rules::deal::{Commitment, DealSeed, Seed, SeedRecord};
use crate::rules::stages::{Stage, StageDraft, StageFormat, StageKey, StageReason};
use crate::rules::{
    PairingMethod, Rules, Score, Settings, SettingsDraft, SettingsError, SettingsField,
    SettingsReason, TableSide,
};

pub const TOURNAMENT_TOML: &str = "tournament.toml";

const KEYS: [&str; 30] = [
    "name",
    "slug",
    "published",
    "decks",
    "rules",
    "takeover_at",
    "bands",
    "step",
    "bottom_multiplier",
    "match_scoring",
    "vp_blitz",
    "win_draw_loss",
    "bye_score",
    "tiebreaks",
    "pairing",
    "swiss_seed",
    "table_entry",
    "table_approval",
    "table_codes",
    "correction_minutes",
    "publish_draw",
    "starts",
    "ends",
    "venue",
    "organiser",
    "time_zone",
    "stages",
    "deal_commitment",
    "deal_seed",
    "deal_seeds",
];

/// Settings read from `tournament.toml`, with the line of the slug for later messages.
#[derive(Debug)]
pub(crate) struct ParsedSettings {
    pub settings: Settings,
    pub(crate) slug_line: u64,
    /// `[[deal_seeds]]`, or the older `deal_commitment` and `deal_seed` as one seed whose
    /// rounds were not recorded (docs/rules.md §13).
    pub deal_seeds: Vec<ReadSeed>,
}

/// Reads `tournament.toml`, reporting every problem with its line. The file's shape (keys,
/// types, which keys go together) is checked here; the values are checked by the one parse
/// of settings, `Settings::try_from`, whose problems are put on their key's line.
pub(crate) fn parse_settings(text: &str) -> Result<ParsedSettings, Vec<Problem>> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let line = e.span().map(|s| line_of_offset(text, s.start)).unwrap_or(1);
        vec![Problem::at(
            TOURNAMENT_TOML,
            line,
            Why::TomlSyntax {
                error: e.message().trim().to_owned(),
            },
        )]
    })?;
    let mut reader = Reader {
        text,
        table: &table,
        problems: Vec::new(),
        keys: Vec::new(),
    };
    for key in table.keys() {
        if !KEYS.contains(&key.as_str()) {
            reader.problem(key, Why::UnknownKey { key: key.clone() });
        }
    }
    let defaults = SettingsDraft::default();
    let rules = reader.string("rules", Some(&defaults.rules));
    let custom = rules.as_deref() == Some("custom");
    let custom_keys = ["takeover_at", "bands", "step"];
    if !custom {
        for key in custom_keys.into_iter().filter(|k| table.contains_key(*k)) {
            reader.problem(
                key,
                Why::OnlyForCustom {
                    key: key.to_owned(),
                },
            );
        }
    }
    let draft = SettingsDraft {
        name: reader.string("name", None).unwrap_or_default(),
        slug: reader.string("slug", None).unwrap_or_default(),
        published: reader.boolean("published", false),
        decks: reader.integer("decks").unwrap_or(defaults.decks),
        rules: rules.unwrap_or(defaults.rules),
        takeover_at: reader.integer("takeover_at").filter(|_| custom),
        step: reader.integer("step").filter(|_| custom),
        bands: reader.bands().filter(|_| custom),
        bottom_multiplier: reader
            .string("bottom_multiplier", Some(&defaults.bottom_multiplier))
            .unwrap_or(defaults.bottom_multiplier),
        match_scoring: reader
            .string("match_scoring", Some(&defaults.match_scoring))
            .unwrap_or(defaults.match_scoring),
        vp_blitz: reader.number("vp_blitz").unwrap_or(defaults.vp_blitz),
        win_draw_loss: reader.win_draw_loss().unwrap_or(defaults.win_draw_loss),
        bye_score: reader.number("bye_score"),
        tiebreaks: reader.tiebreaks().unwrap_or(defaults.tiebreaks),
        pairing: reader
            .string("pairing", Some(&defaults.pairing))
            .unwrap_or(defaults.pairing),
        swiss_seed: reader.integer("swiss_seed"),
        table: TableSide {
            entry: reader.boolean("table_entry", false),
            approval: reader.boolean("table_approval", false),
            codes: reader.boolean("table_codes", false),
            publish_draw: reader.boolean("publish_draw", false),
        },
        correction_minutes: reader
            .integer("correction_minutes")
            .unwrap_or(defaults.correction_minutes),
        occasion: crate::rules::OccasionDraft {
            starts: reader.date("starts"),
            ends: reader.date("ends"),
            venue: reader.string("venue", Some("")).unwrap_or_default(),
            organiser: reader.string("organiser", Some("")).unwrap_or_default(),
            time_zone: reader.string("time_zone", Some("")).unwrap_or_default(),
        },
    };
    let deal_seed = read_deal_seed(&mut reader);
    let mut parsed = Settings::try_from(draft);
    let mut problems = reader.problems;
    let deal_seeds = match read_deal_seeds(text, &table) {
        Ok(Some(seeds)) => seeds,
        Ok(None) => deal_seed
            .flatten()
            .map(|state| ReadSeed {
                record: SeedRecord {
                    state,
                    published: None,
                    rounds: None,
                },
                line: line_of_key(text, "deal_commitment"),
            })
            .into_iter()
            .collect(),
        Err(p) => {
            problems.extend(p);
            Vec::new()
        }
    };
    match read_stages(text, &table) {
        Ok(stages) => {
            if let Ok(settings) = &mut parsed {
                settings.stages = stages;
            }
        }
        Err(p) => problems.extend(p),
    }
    if let Err(errors) = &parsed {
        for e in &errors.0 {
            // A key already refused for its type or presence is not refused again.
            if reader.keys.contains(&e.field.key()) {
                continue;
            }
            let key = match (e.field, &e.why) {
                (
                    SettingsField::TakeoverAt | SettingsField::Step | SettingsField::Bands,
                    SettingsReason::Required,
                ) => "rules",
                (field, _) => field.key(),
            };
            problems.push(Problem::at(
                TOURNAMENT_TOML,
                line_of_key(text, key),
                why_of(e),
            ));
        }
    }
    problems.sort_by_key(|p| p.line);
    match parsed {
        Ok(settings) if problems.is_empty() => Ok(ParsedSettings {
            settings,
            slug_line: line_of_key(text, "slug"),
            deal_seeds,
        }),
        _ => Err(problems),
    }
}

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
fn read_stages(text: &str, table: &toml::Table) -> Result<Vec<Stage>, Vec<Problem>> {
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

/// A problem of the one parse of settings, in the words of `tournament.toml`.
pub(crate) fn why_of(e: &SettingsError) -> Why {
    let key = e.field.key().to_owned();
    match (&e.why, e.field) {
        (SettingsReason::Required, SettingsField::Name) => Why::NameEmpty,
        (SettingsReason::Required, SettingsField::Slug) => Why::SlugInvalid {
            slug: String::new(),
        },
        (
            SettingsReason::Required,
            SettingsField::TakeoverAt | SettingsField::Step | SettingsField::Bands,
        ) => Why::CustomNeeds { key },
        (SettingsReason::Required, _) => Why::Required { key },
        (SettingsReason::TooLong { max }, _) => Why::TextTooLong {
            column: key,
            max: *max,
        },
        (SettingsReason::ControlCharacter, _) => Why::ControlCharacter { column: key },
        (SettingsReason::SlugInvalid { slug }, _) => Why::SlugInvalid { slug: slug.clone() },
        (SettingsReason::SlugReserved { slug }, _) => Why::SlugReserved { slug: slug.clone() },
        (SettingsReason::NotOneOf(e), _) => e.clone().into(),
        (SettingsReason::DecksCount { got }, _) => Why::DecksCount { decks: *got },
        (
            SettingsReason::PresetNotForDecks {
                preset,
                decks,
                allowed,
            },
            _,
        ) => Why::RulesNotForDecks {
            rules: preset.code().to_owned(),
            decks: decks.count(),
            allowed: allowed
                .iter()
                .map(|p| p.code())
                .collect::<Vec<_>>()
                .join(", "),
        },
        (SettingsReason::Bands(error), _) => error.clone().into(),
        (SettingsReason::OutOfRange { value, .. }, SettingsField::VpBlitz) => Why::VpBlitz {
            value: value.to_string(),
        },
        (SettingsReason::OutOfRange { value, max, .. }, _) => Why::ScoreRange {
            key,
            value: value.to_string(),
            max: max.to_string(),
        },
        (SettingsReason::TiebreakTwice(tb), _) => Why::TiebreakTwice {
            tiebreak: tb.to_string(),
        },
        (SettingsReason::SwissSeed { got }, _) => Why::SwissSeed { seed: *got },
        (SettingsReason::MoreThanTwoDecimals { value }, _) => Why::MoreThanTwoDecimals {
            key,
            value: value.to_string(),
        },
        (SettingsReason::CorrectionMinutes { got, max }, _) => Why::CorrectionMinutes {
            minutes: *got,
            max: *max,
        },
        (SettingsReason::Date { value }, _) => Why::Date {
            key,
            value: value.clone(),
        },
        (SettingsReason::EndsBeforeStarts, _) => Why::EndsBeforeStarts,
        (SettingsReason::TimeZone { zone }, _) => Why::TimeZone { zone: zone.clone() },
    }
}

struct Reader<'a> {
    text: &'a str,
    table: &'a toml::Table,
    problems: Vec<Problem>,
    /// The keys with a problem of shape (type, presence).
    keys: Vec<&'static str>,
}

impl Reader<'_> {
    fn line(&self, key: &str) -> u64 {
        line_of_key(self.text, key)
    }

    fn problem(&mut self, key: &str, why: impl Into<Why>) {
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
    fn string(&mut self, key: &'static str, default: Option<&str>) -> Option<String> {
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

    fn boolean(&mut self, key: &'static str, default: bool) -> bool {
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
    fn date(&mut self, key: &'static str) -> String {
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

    fn integer(&mut self, key: &'static str) -> Option<i64> {
        match self.table.get(key) {
            Some(Value::Integer(n)) => Some(*n),
            Some(_) => {
                self.wrong_type(key, Wanted::WholeNumber);
                None
            }
            None => None,
        }
    }

    fn number(&mut self, key: &'static str) -> Option<f64> {
        match self.table.get(key) {
            Some(v) => as_number(v).or_else(|| {
                self.wrong_type(key, Wanted::Number);
                None
            }),
            None => None,
        }
    }

    fn bands(&mut self) -> Option<Vec<(i64, i64)>> {
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

    fn win_draw_loss(&mut self) -> Option<[f64; 3]> {
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

    fn tiebreaks(&mut self) -> Option<Vec<String>> {
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

fn as_number(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(n) => Some(*n as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

fn line_of_offset(text: &str, offset: usize) -> u64 {
    text[..offset.min(text.len())].matches('\n').count() as u64 + 1
}

/// The line on which `key = …` stands, or 1 when the key is absent.
fn line_of_key(text: &str, key: &str) -> u64 {
    text.lines()
        .position(|line| {
            line.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(1, |i| i as u64 + 1)
}

/// A number as `tournament.toml` writes it: whole scores as integers in lists.
fn score_value(score: Score, whole_as_integer: bool) -> String {
    if whole_as_integer && score.is_whole() {
        (score.hundredths() / 100).to_string()
    } else {
        Value::Float(score.as_f64()).to_string()
    }
}

/// `deal_commitment` and `deal_seed`: a commitment, and the revealed seed that must match it.
fn read_deal_seed(reader: &mut Reader<'_>) -> Option<Option<DealSeed>> {
    let commitment = match reader.table.contains_key("deal_commitment") {
        false => None,
        true => match Commitment::parse(&reader.string("deal_commitment", None)?) {
            Ok(c) => Some(c),
            Err(_) => {
                reader.problem("deal_commitment", Why::Commitment);
                return None;
            }
        },
    };
    let seed = match reader.table.get("deal_seed") {
        None => None,
        Some(_) => match Seed::parse(&reader.string("deal_seed", None)?) {
            Ok(seed) => Some(seed),
            Err(e) => {
                reader.problem("deal_seed", Why::Seed(e));
                return None;
            }
        },
    };
    DealSeed::from_published(commitment, seed)
        .map_err(|refusal| reader.problem("deal_seed", Why::SeedRefused(refusal)))
        .ok()
}

/// `tournament.toml` of an event: every setting, then its seeds (docs/rules.md §13): the
/// older pair among the plain keys, `[[deal_seeds]]` after every other table.
pub fn tournament_toml(settings: &Settings, deals: &crate::rules::deal::Deals) -> String {
    let (plain, tables) = deal_seeds_toml(deals, settings.occasion.time_zone);
    settings_toml_with(settings, &plain) + &tables
}

/// Writes `tournament.toml` with every setting spelled out.
pub(crate) fn settings_toml(settings: &Settings) -> String {
    settings_toml_with(settings, "")
}

/// [`settings_toml`] with `plain` (whole lines of plain keys) after the other plain keys.
fn settings_toml_with(settings: &Settings, plain: &str) -> String {
    let quote = |s: &str| Value::String(s.to_owned()).to_string();
    let mut out = String::new();
    let mut line = |key: &str, value: String| {
        out.push_str(key);
        out.push_str(" = ");
        out.push_str(&value);
        out.push('\n');
    };
    line("name", quote(&settings.name));
    line("slug", quote(&settings.slug));
    line("published", settings.published.to_string());
    line("decks", settings.decks().count().to_string());
    line("rules", quote(settings.rules().code()));
    if let Rules::Custom(table) = settings.rules() {
        line("takeover_at", table.takeover_at().to_string());
        let bands: Vec<String> = table
            .bands()
            .iter()
            .map(|(min, s)| format!("[{min}, {s}]"))
            .collect();
        line("bands", format!("[{}]", bands.join(", ")));
        line("step", table.step().to_string());
    }
    line(
        "bottom_multiplier",
        quote(settings.bottom_multiplier.code()),
    );
    let scoring = &settings.scoring;
    line("match_scoring", quote(scoring.method.code()));
    line("vp_blitz", Value::Float(scoring.vp_blitz).to_string());
    let wdl: Vec<String> = scoring
        .win_draw_loss
        .iter()
        .map(|s| score_value(*s, true))
        .collect();
    line("win_draw_loss", format!("[{}]", wdl.join(", ")));
    line("bye_score", score_value(scoring.bye_score, false));
    let tiebreaks: Vec<String> = settings.tiebreaks.iter().map(|t| quote(t.code())).collect();
    line("tiebreaks", format!("[{}]", tiebreaks.join(", ")));
    // Written only when they differ from the defaults, so that a file without them
    // exports unchanged.
    if settings.pairing != PairingMethod::default() {
        line("pairing", quote(settings.pairing.code()));
    }
    if let Some(seed) = settings.swiss_seed {
        line("swiss_seed", seed.to_string());
    }
    for (key, on) in [
        ("table_entry", settings.table.entry),
        ("table_approval", settings.table.approval),
        ("table_codes", settings.table.codes),
        ("publish_draw", settings.table.publish_draw),
    ] {
        if on {
            line(key, "true".to_owned());
        }
    }
    if settings.correction_minutes != crate::rules::settings::DEFAULT_CORRECTION_MINUTES {
        line(
            "correction_minutes",
            settings.correction_minutes.to_string(),
        );
    }
    occasion_lines(&settings.occasion, &mut line);
    out.push_str(plain);
    // Tables come after every plain key; written only for a staged event.
    out.push_str(&stages_toml(&settings.stages));
    out
}

/// `starts`, `ends`, `venue`, `organiser` and `time_zone`, each only when given (so an
/// archive without them exports unchanged); dates as TOML local dates.
fn occasion_lines(o: &crate::rules::Occasion, line: &mut impl FnMut(&str, String)) {
    if let Some(d) = o.starts {
        line("starts", d.to_string());
    }
    if let Some(d) = o.ends {
        line("ends", d.to_string());
    }
    for (key, text) in [("venue", &o.venue), ("organiser", &o.organiser)] {
        if !text.is_empty() {
            line(key, Value::String(text.clone()).to_string());
        }
    }
    if let Some(zone) = o.time_zone {
        line(
            "time_zone",
            Value::String(zone.name().to_owned()).to_string(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Decks, Preset, TieBreak};

    const DOCUMENTED_EXAMPLE: &str = r#"name = "Spring Duplicate 2026"     # required
slug = "spring-2026"               # required, [a-z0-9-]{1,64}, unique
published = true                   # shown on the public pages; default false
decks = 2                          # 1, 2 or 3
rules = "standard"                 # a preset of §3 for this deck count, or "custom"
bottom_multiplier = "exponential"  # or "doubling"
match_scoring = "vp20"             # or "wdl" or "levels"
vp_blitz = 5.0                     # vp20 only
win_draw_loss = [2, 1, 0]          # wdl only
bye_score = 12.0
tiebreaks = ["head_to_head", "level_quotient", "level_diff", "point_diff", "boards_won"]
"#;

    #[test]
    fn reads_the_spec_example_and_writes_it_canonically() {
        let parsed = parse_settings(DOCUMENTED_EXAMPLE).unwrap();
        assert_eq!(parsed.slug_line, 2);
        let s = &parsed.settings;
        assert_eq!(s.name, "Spring Duplicate 2026");
        assert!(s.published);
        assert_eq!(s.scoring.bye_score, Score::from_whole(12));
        assert_eq!(s.tiebreaks, TieBreak::DEFAULT);
        let written = settings_toml(s);
        assert_eq!(
            written,
            "name = \"Spring Duplicate 2026\"\nslug = \"spring-2026\"\npublished = true\ndecks = 2\nrules = \"standard\"\nbottom_multiplier = \"exponential\"\nmatch_scoring = \"vp20\"\nvp_blitz = 5.0\nwin_draw_loss = [2, 1, 0]\nbye_score = 12.0\ntiebreaks = [\"head_to_head\", \"level_quotient\", \"level_diff\", \"point_diff\", \"boards_won\"]\n"
        );
        assert_eq!(parse_settings(&written).unwrap().settings, *s);
    }

    #[test]
    fn defaults_fill_what_is_missing() {
        let s = parse_settings(
            "name = \"x\"\nslug = \"x\"\nmatch_scoring = \"wdl\"\nwin_draw_loss = [3, 1.5, 0]\n",
        )
        .unwrap()
        .settings;
        assert!(!s.published);
        assert_eq!(s.decks(), Decks::Two);
        assert_eq!(s.rules(), &Rules::Preset(Preset::Standard));
        assert_eq!(s.scoring.bye_score, Score::from_whole(3));
        let written = settings_toml(&s);
        assert!(
            written.contains("win_draw_loss = [3, 1.5, 0]\n"),
            "{written}"
        );
        assert!(written.contains("bye_score = 3.0\n"), "{written}");
    }

    #[test]
    fn table_side_entry_round_trips() {
        let text = format!("{DOCUMENTED_EXAMPLE}table_entry = true\ntable_approval = true\n");
        let s = parse_settings(&text).unwrap().settings;
        assert!(s.table.entry && s.table.approval && !s.table.codes);
        let written = settings_toml(&s);
        assert!(written.ends_with("table_entry = true\ntable_approval = true\n"));
        let plain = parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings;
        assert_eq!(plain.table, TableSide::default());
        assert!(!settings_toml(&plain).contains("table_"));
    }

    #[test]
    fn date_place_organiser_and_zone_round_trip() {
        let text = format!(
            "{DOCUMENTED_EXAMPLE}starts = 2026-12-05\nends = 2026-12-06\nvenue = \"东城棋牌室 2F\"\norganiser = \"Club \\\"80\\\"\"\ntime_zone = \"Asia/Shanghai\"\n"
        );
        let s = parse_settings(&text).unwrap().settings;
        let o = &s.occasion;
        assert_eq!(o.dates(), "2026-12-05 – 2026-12-06");
        assert_eq!(o.venue, "东城棋牌室 2F");
        assert_eq!(o.organiser, "Club \"80\"");
        assert_eq!(o.time_zone.map(|z| z.name()), Some("Asia/Shanghai"));
        let written = settings_toml(&s);
        assert!(
            written.ends_with(
                "starts = 2026-12-05\nends = 2026-12-06\nvenue = \"东城棋牌室 2F\"\norganiser = 'Club \"80\"'\ntime_zone = \"Asia/Shanghai\"\n"
            ),
            "{written}"
        );
        assert_eq!(parse_settings(&written).unwrap().settings, s);
        // Without them: written as before.
        let plain = parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings;
        assert!(plain.occasion.is_empty());
        for key in ["starts", "ends", "venue", "organiser", "time_zone"] {
            assert!(!settings_toml(&plain).contains(key));
        }
        assert_eq!(
            problems(
                "name = \"x\"\nslug = \"x\"\nstarts = 2026-12-06\nends = 2026-12-05\ntime_zone = \"Asia/Beijing\"\n"
            ),
            [
                "tournament.toml:4: ends is before starts",
                "tournament.toml:5: time_zone \"Asia/Beijing\" is not a time zone (an IANA name such as Asia/Shanghai)",
            ]
        );
        assert_eq!(
            problems("name = \"x\"\nslug = \"x\"\nstarts = \"5.12.2026\"\nends = 12\n"),
            [
                "tournament.toml:3: starts \"5.12.2026\" is not a date (YYYY-MM-DD, a TOML date such as 2026-12-05)",
                "tournament.toml:4: ends must be a date such as 2026-12-05",
            ]
        );
    }

    #[test]
    fn the_old_deal_commitment_and_revealed_seed_round_trip() {
        use crate::rules::deal::Deals;
        let seed = Seed::parse("春季 2026").unwrap();
        let c = seed.commitment();
        let deals_of = |parsed: &ParsedSettings| Deals {
            seeds: parsed.deal_seeds.iter().map(|s| s.record.clone()).collect(),
            boards: Vec::new(),
        };
        let text = format!("{DOCUMENTED_EXAMPLE}deal_commitment = \"{c}\"\n");
        let parsed = parse_settings(&text).unwrap();
        let records = deals_of(&parsed).seeds;
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].state, DealSeed::Committed(c.clone()));
        // The old pair's rounds were not recorded.
        assert_eq!(records[0].rounds, None);
        let written = tournament_toml(&parsed.settings, &deals_of(&parsed));
        assert!(
            written.ends_with(&format!("\ndeal_commitment = \"{c}\"\n")),
            "{written}"
        );
        let text = format!("{text}deal_seed = \"春季 2026\"\n");
        let parsed = parse_settings(&text).unwrap();
        assert_eq!(
            parsed.deal_seeds[0].record.state,
            DealSeed::Revealed(seed.clone())
        );
        let written = tournament_toml(&parsed.settings, &deals_of(&parsed));
        assert!(
            written.ends_with(&format!(
                "deal_commitment = \"{c}\"\ndeal_seed = \"春季 2026\"\n"
            )),
            "{written}"
        );
        // A secret seed is not written.
        let secret = Deals {
            seeds: vec![SeedRecord {
                state: DealSeed::Secret(seed),
                published: None,
                rounds: None,
            }],
            boards: Vec::new(),
        };
        assert!(!tournament_toml(&parsed.settings, &secret).contains("deal_seed ="));
        assert!(
            parse_settings(DOCUMENTED_EXAMPLE)
                .unwrap()
                .deal_seeds
                .is_empty()
        );
    }

    #[test]
    fn a_revealed_seed_that_does_not_match_the_commitment_is_refused() {
        let c = Seed::parse("alpha").unwrap().commitment();
        let lines = DOCUMENTED_EXAMPLE.lines().count() as u64;
        let text = format!("{DOCUMENTED_EXAMPLE}deal_commitment = \"{c}\"\ndeal_seed = \"beta\"\n");
        assert_eq!(
            problems(&text),
            vec![format!(
                "tournament.toml:{}: the seed does not match the published commitment",
                lines + 2
            )]
        );
        let text = format!("{DOCUMENTED_EXAMPLE}deal_seed = \"beta\"\n");
        assert_eq!(
            problems(&text),
            vec![format!(
                "tournament.toml:{}: deal_seed is given without deal_commitment",
                lines + 1
            )]
        );
        let text = format!("{DOCUMENTED_EXAMPLE}deal_commitment = \"ABC\"\n");
        assert_eq!(
            problems(&text),
            vec![format!(
                "tournament.toml:{}: deal_commitment must be 64 lowercase hex digits (a SHA-256)",
                lines + 1
            )]
        );
    }

    #[test]
    fn pairing_and_swiss_seed_round_trip() {
        let text = format!("{DOCUMENTED_EXAMPLE}pairing = \"swiss\"\nswiss_seed = 20261129\n");
        let s = parse_settings(&text).unwrap().settings;
        assert_eq!(s.pairing, PairingMethod::Swiss);
        assert_eq!(s.swiss_seed, Some(20261129));
        let written = settings_toml(&s);
        assert!(written.ends_with("pairing = \"swiss\"\nswiss_seed = 20261129\n"));
        assert_eq!(parse_settings(&written).unwrap().settings, s);
        let s = parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings;
        assert_eq!((s.pairing, s.swiss_seed), (PairingMethod::Manual, None));
        assert_eq!(
            problems("name = \"x\"\nslug = \"x\"\npairing = \"dutch\"\nswiss_seed = -1\n"),
            [
                "tournament.toml:3: pairing \"dutch\" is not one of round_robin, swiss, manual",
                "tournament.toml:4: swiss_seed must be a whole number from 0, not -1",
            ]
        );
    }

    #[test]
    fn custom_tables_round_trip() {
        let text = "name = \"x\"\nslug = \"x\"\nrules = \"custom\"\ntakeover_at = 80\nbands = [[0, 3], [5, 2], [40, 1], [80, -1]]\nstep = 40\n";
        let s = parse_settings(text).unwrap().settings;
        assert_eq!(s.band_table().table_score(120), -2);
        let written = settings_toml(&s);
        assert!(written.contains(
            "takeover_at = 80\nbands = [[0, 3], [5, 2], [40, 1], [80, -1]]\nstep = 40\n"
        ));
        assert_eq!(parse_settings(&written).unwrap().settings, s);
    }

    fn problems(text: &str) -> Vec<String> {
        parse_settings(text)
            .unwrap_err()
            .into_iter()
            .map(|p| p.to_string())
            .collect()
    }

    /// A string with spaces at either end was trimmed and written back without them: it is
    /// refused at its line with the export's spelling (docs/rules.md §9).
    #[test]
    fn strings_with_spaces_at_their_ends_are_refused() {
        let text = DOCUMENTED_EXAMPLE
            .replace("\"Spring Duplicate 2026\"", "\"Spring Duplicate 2026 \"")
            .replace("\"exponential\"", "\" exponential\"");
        assert_eq!(
            problems(&text),
            [
                "tournament.toml:1: name \"Spring Duplicate 2026 \" is not written as fushi \
                 writes it: write \"Spring Duplicate 2026\" (the export gives back exactly what \
                 was imported)",
                "tournament.toml:6: bottom_multiplier \" exponential\" is not written as fushi \
                 writes it: write \"exponential\" (the export gives back exactly what was \
                 imported)",
            ]
        );
    }

    #[test]
    fn every_problem_is_reported_with_its_line() {
        let text = "name = \"x\"\nslug = \"Bad Slug\"\ndecks = 4\ncolour = \"red\"\nmatch_scoring = \"swiss\"\ntiebreaks = [\"coin_toss\"]\n";
        assert_eq!(
            problems(text),
            [
                "tournament.toml:2: slug \"Bad Slug\" must be 1–64 characters of a–z, 0–9 and -",
                "tournament.toml:3: decks must be 1, 2 or 3, not 4",
                "tournament.toml:4: unknown key \"colour\"",
                "tournament.toml:5: match_scoring \"swiss\" is not one of vp20, wdl, levels",
                "tournament.toml:6: tie-break \"coin_toss\" is not one of head_to_head, level_quotient, level_diff, point_diff, boards_won",
            ]
        );
    }

    #[test]
    fn rules_must_fit_the_deck_count_and_custom_tables_must_be_well_formed() {
        let p = problems("name = \"x\"\nslug = \"x\"\ndecks = 3\nrules = \"bands-20\"\n");
        assert_eq!(
            p,
            [
                "tournament.toml:4: rules \"bands-20\" does not exist for 3 deck(s); choose one of standard or custom"
            ]
        );
        let p = problems(
            "name = \"x\"\nslug = \"x\"\nrules = \"custom\"\ntakeover_at = 80\nbands = [[5, 3]]\nstep = 40\n",
        );
        assert_eq!(
            p,
            ["tournament.toml:5: the first band must start at P = 0, not 5"]
        );
        let p = problems("name = \"x\"\nslug = \"x\"\nrules = \"custom\"\n");
        assert_eq!(p.len(), 3, "{p:?}");
        // Non-finite and absurd numbers are refused at their line.
        let p = problems("name = \"x\"\nslug = \"x\"\nbye_score = nan\n");
        assert_eq!(
            p,
            ["tournament.toml:3: bye_score must be a number from -10000 to 10000, not NaN"]
        );
        let p = problems(
            "name = \"x\"\nslug = \"x\"\nbye_score = 2147483648\nvp_blitz = inf\nwin_draw_loss = [1e300, 1, 0]\n",
        );
        assert_eq!(p.len(), 3, "{p:?}");
        assert!(p[0].starts_with("tournament.toml:3: bye_score"), "{p:?}");
        assert!(p[1].starts_with("tournament.toml:4: vp_blitz"), "{p:?}");
        assert!(
            p[2].starts_with("tournament.toml:5: win_draw_loss"),
            "{p:?}"
        );
        let p = problems(
            "name = \"x\"\nslug = \"x\"\nrules = \"custom\"\ntakeover_at = 80\nbands = [[0, 2147483647]]\nstep = 40\n",
        );
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("at most 100"), "{p:?}");
        let p = problems("name = \"x\"\nslug = \"x\"\nstep = 40\n");
        assert_eq!(
            p,
            ["tournament.toml:3: step is only for rules = \"custom\""]
        );
    }

    #[test]
    fn stages_round_trip_and_are_written_only_when_there_are_some() {
        let text = format!(
            "{DOCUMENTED_EXAMPLE}\n[[stages]]\nname = \"资格赛\"\nrounds = [1, 9]\nformat = \"groups\"\ngroups = [[1, 4, 5, 8], [2, 3, 6, 7]]\n\n[[stages]]\nname = \"淘汰赛\"\nrounds = [10, 15]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 2, 2]\nthird_place = true\ncarry_over = 0.5\ncarry_over_h2h = 0.25\n"
        );
        let s = parse_settings(&text).unwrap().settings;
        assert_eq!(s.stages.len(), 2);
        assert_eq!(s.stages[0].groups().unwrap()[1][0].get(), 2);
        let written = settings_toml(&s);
        assert!(
            written.ends_with(&text[DOCUMENTED_EXAMPLE.len()..]),
            "{written}"
        );
        assert_eq!(parse_settings(&written).unwrap().settings, s);
        assert!(
            !settings_toml(&parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings)
                .contains("stages")
        );
    }

    #[test]
    fn exchanges_round_trip_on_one_line_and_their_problems_stand_at_their_line() {
        let text = "name = \"x\"\nslug = \"x\"\n\n[[stages]]\nname = \"Q\"\nrounds = [1, 3]\nformat = \"swiss\"\n\n[[stages]]\nname = \"K\"\nrounds = [4, 7]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 1, 1]\nthird_place = true\ncarry_over = 0.5\ncarry_over_h2h = 0.0\nexchanges = [{ ko_round = 1, teams = [4, 3], reason = \"同一俱乐部 one club\" }]\n";
        let s = parse_settings(text).unwrap().settings;
        assert_eq!(
            s.stages[1].knockout().unwrap().exchanges[0].teams[1].get(),
            3
        );
        let written = stages_toml(&s.stages);
        assert!(text.ends_with(&written), "{written}");
        // Written over several lines by hand: each exchange's problem at its own line.
        let text = "name = \"x\"\nslug = \"x\"\n[[stages]]\nname = \"Q\"\nrounds = [1, 3]\nformat = \"swiss\"\n[[stages]]\nname = \"K\"\nrounds = [4, 7]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 1, 1]\nexchanges = [\n  { ko_round = 1, teams = [4, 3], reason = \"r\" },\n  { ko_round = 5, teams = [1, 2], reason = \"r\" },\n]\n";
        assert_eq!(
            problems(text),
            [
                "tournament.toml:15: stage 2: exchange 2: ko_round must be a knockout round from 1 to 3, not 5"
            ]
        );
        let text = "name = \"x\"\nslug = \"x\"\n[[stages]]\nname = \"Q\"\nrounds = [1, 3]\nformat = \"swiss\"\n[[stages]]\nname = \"K\"\nrounds = [4, 7]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 1, 1]\nexchanges = [{ ko_round = 1, teams = [4, 3], why = \"r\" }]\n";
        assert_eq!(
            problems(text),
            [
                "tournament.toml:13: stage 2: exchanges must be a list of inline tables, each with ko_round (a whole number), teams (two team numbers) and reason (text)"
            ]
        );
    }

    #[test]
    fn stage_problems_stand_at_their_stage_s_key() {
        let text = "name = \"x\"\nslug = \"x\"\n\n[[stages]]\nname = \"Q\"\nrounds = [1, 4]\nformat = \"swiss\"\n\n[[stages]]\nname = \"KO\"\nrounds = [4, 9]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 2, 1]\ncolour = 1\n";
        assert_eq!(
            problems(text),
            [
                "tournament.toml:11: stage 2: rounds must start at round 5 (stages are consecutive blocks from round 1, without gaps or overlap), not 4",
                "tournament.toml:14: stage 2: segments add up to 5 rounds, but the stage has 6",
                "tournament.toml:15: unknown key \"colour\"",
            ]
        );
        let text = "name = \"x\"\nslug = \"x\"\n[[stages]]\nname = \"G\"\nrounds = [1, 3]\nformat = \"groups\"\ngroups = [[1, 2], [2, 3]]\n[[stages]]\nname = \"K\"\nrounds = \"4-5\"\nformat = \"knockout\"\n";
        assert_eq!(
            problems(text),
            ["tournament.toml:10: stage 2: rounds must be [first, last], two whole numbers"]
        );
        let text = "name = \"x\"\nslug = \"x\"\n[[stages]]\nname = \"G\"\nrounds = [1, 3]\nformat = \"groups\"\ngroups = [[1, 2], [2, 3]]\n";
        assert_eq!(
            problems(text),
            ["tournament.toml:7: stage 1: team 2 is in two groups"]
        );
    }

    #[test]
    fn syntax_errors_and_missing_keys() {
        let p = problems("name = \"x\"\nslug = \n");
        assert_eq!(p.len(), 1);
        assert!(p[0].starts_with("tournament.toml:2: "), "{p:?}");
        assert_eq!(
            problems("slug = \"x\"\n"),
            ["tournament.toml:1: name is required"]
        );
    }

    #[test]
    fn the_correction_period_round_trips_and_is_checked_at_its_line() {
        // Old archives have none: the default, and nothing written back.
        let plain = parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings;
        assert_eq!(plain.correction_minutes, 30);
        assert!(!settings_toml(&plain).contains("correction_minutes"));
        let text = format!("{DOCUMENTED_EXAMPLE}correction_minutes = 45\n");
        let s = parse_settings(&text).unwrap().settings;
        assert_eq!(s.correction_minutes, 45);
        let written = settings_toml(&s);
        assert!(written.ends_with("correction_minutes = 45\n"), "{written}");
        assert_eq!(parse_settings(&written).unwrap().settings, s);
        let zero = format!("{DOCUMENTED_EXAMPLE}correction_minutes = 0\n");
        assert_eq!(
            parse_settings(&zero).unwrap().settings.correction_minutes,
            0
        );
        assert_eq!(
            problems(&format!("{DOCUMENTED_EXAMPLE}correction_minutes = -5\n")),
            [
                "tournament.toml:12: correction_minutes must be a whole number of minutes from 0 to 1440, not -5"
            ]
        );
        assert_eq!(
            problems(&format!(
                "{DOCUMENTED_EXAMPLE}correction_minutes = 100000\n"
            )),
            [
                "tournament.toml:12: correction_minutes must be a whole number of minutes from 0 to 1440, not 100000"
            ]
        );
    }

    #[test]
    fn scores_beyond_two_decimals_are_refused_at_their_line() {
        let wdl = DOCUMENTED_EXAMPLE
            .replace(
                "win_draw_loss = [2, 1, 0]",
                "win_draw_loss = [0.125, 0.015, 0]",
            )
            .replace("bye_score = 12.0", "bye_score = 2.675");
        assert_eq!(
            problems(&wdl),
            [
                "tournament.toml:9: win_draw_loss has more than two decimals: 0.125 (scores are kept to 0.01; write it with two decimals at most)",
                "tournament.toml:9: win_draw_loss has more than two decimals: 0.015 (scores are kept to 0.01; write it with two decimals at most)",
                "tournament.toml:10: bye_score has more than two decimals: 2.675 (scores are kept to 0.01; write it with two decimals at most)",
            ]
        );
        // Two decimals are kept exactly and written back as they were.
        let exact = DOCUMENTED_EXAMPLE
            .replace(
                "win_draw_loss = [2, 1, 0]",
                "win_draw_loss = [0.13, 0.02, 0]",
            )
            .replace("bye_score = 12.0", "bye_score = 2.68");
        let s = parse_settings(&exact).unwrap().settings;
        assert_eq!(s.scoring.bye_score.hundredths(), 268);
        assert_eq!(s.scoring.win_draw_loss[1].hundredths(), 2);
        let written = settings_toml(&s);
        assert!(
            written.contains("win_draw_loss = [0.13, 0.02, 0]"),
            "{written}"
        );
        assert!(written.contains("bye_score = 2.68"), "{written}");
    }
}
