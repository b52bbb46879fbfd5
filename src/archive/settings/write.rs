//! Writing `tournament.toml`: every setting, then the stages and the deal seeds.

use toml::Value;

use super::stages::stages_toml;
use crate::archive::deal_seeds::deal_seeds_toml;
use crate::rules::{PairingMethod, Rules, Score, Settings};

/// A number as `tournament.toml` writes it: whole scores as integers in lists.
fn score_value(score: Score, whole_as_integer: bool) -> String {
    if whole_as_integer && score.is_whole() {
        (score.hundredths() / 100).to_string()
    } else {
        Value::Float(score.as_f64()).to_string()
    }
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
    // docs/rules.md §14; written only when true, so that an archive without them exports
    // unchanged.
    for (key, on) in [
        ("rated", settings.standing.rated),
        ("finished", settings.standing.finished),
    ] {
        if on {
            line(key, "true".to_owned());
        }
    }
    if let Some(series) = &settings.series {
        line("series", quote(series));
    }
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
