//! Reading `tournament.toml`: its keys' shape here, their values by the one parse of
//! settings, every problem at its key's line.

use super::TOURNAMENT_TOML;
use super::keys::{Reader, line_of_key, line_of_offset};
use super::stages::read_stages;
use crate::archive::Problem;
use crate::archive::deal_seeds::{ReadSeed, read_deal_seeds};
use crate::input::Why;
use crate::rules::deal::{Commitment, DealSeed, Seed, SeedRecord};
use crate::rules::{
    Settings, SettingsDraft, SettingsError, SettingsField, SettingsReason, TableSide,
};

const KEYS: [&str; 33] = [
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
    "rated",
    "finished",
    "series",
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
        standing: crate::rules::settings::Standing {
            finished: reader.boolean("finished", false),
            rated: reader.boolean("rated", false),
        },
    };
    let series = read_series(&mut reader);
    let deal_seed = read_deal_seed(&mut reader);
    let mut parsed = Settings::try_from(draft);
    if let Ok(settings) = &mut parsed {
        settings.series = series;
    }
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
    if let Ok(settings) = &parsed {
        problems.extend(rated_needs(text, settings));
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

/// `series = "slug"`: the series the tournament belongs to (docs/rules.md §14), a slug as a
/// tournament's is; `None` when the key is absent or empty.
fn read_series(reader: &mut Reader<'_>) -> Option<String> {
    let text = reader.string("series", Some(""))?;
    if text.is_empty() {
        return None;
    }
    match crate::rules::slug::Slug::parse(&text) {
        Ok(slug) => Some(slug.as_str().to_owned()),
        Err(_) => {
            reader.problem("series", Why::SlugInvalid { slug: text });
            None
        }
    }
}

/// A rated tournament is published and has an end date (docs/rules.md §14): otherwise a
/// problem at the line of `rated`.
fn rated_needs(text: &str, settings: &crate::rules::Settings) -> Vec<Problem> {
    use crate::input::PlayerWhy;
    if !settings.standing.rated {
        return Vec::new();
    }
    let line = line_of_key(text, "rated");
    let mut problems = Vec::new();
    if !settings.published {
        problems.push(Problem::at(
            TOURNAMENT_TOML,
            line,
            Why::Player(PlayerWhy::RatedNeedsPublished),
        ));
    }
    if settings.occasion.ends.is_none() {
        problems.push(Problem::at(
            TOURNAMENT_TOML,
            line,
            Why::Player(PlayerWhy::RatedNeedsEnds),
        ));
    }
    problems
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
