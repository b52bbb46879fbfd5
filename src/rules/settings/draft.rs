//! The raw settings a surface supplies, and a slug proposed from a tournament's name.

use super::value::{
    DEFAULT_BLITZ, DEFAULT_CORRECTION_MINUTES, PairingMethod, Settings, Standing, TableSide,
};
use crate::rules::bands::{Preset, Rules};
use crate::rules::occasion::OccasionDraft;
use crate::rules::scoring::{MatchScoring, Score};
use crate::rules::slug::RESERVED_SLUGS;
use crate::rules::table::MultiplierPolicy;
use crate::rules::tiebreak::TieBreak;

/// A slug made from a tournament's name: Chinese characters through their pinyin, letters
/// and digits lowercased, everything else a single `-` ("春季杯 2026" → `chun-ji-bei-2026`).
/// Empty when the name has nothing to make one of.
pub fn suggest_slug(name: &str) -> String {
    use pinyin::ToPinyin;
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in name.chars() {
        if let Some(p) = c.to_pinyin() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            words.push(p.plain().to_owned());
        } else if c.is_ascii_alphanumeric() {
            word.push(c.to_ascii_lowercase());
        } else if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    let mut slug = words.join("-");
    slug.truncate(64);
    let slug = slug.trim_end_matches('-').to_owned();
    if RESERVED_SLUGS.contains(&slug.as_str()) {
        format!("{slug}-1")
    } else {
        slug
    }
}

/// The raw settings a surface supplies, before any check. Numbers are as wide as any
/// surface can hold them, so that nothing is cut before it is checked.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsDraft {
    pub name: String,
    pub slug: String,
    pub published: bool,
    pub decks: i64,
    /// A preset's code or `custom`.
    pub rules: String,
    /// For `custom` rules only (ignored otherwise); `None` when not given.
    pub takeover_at: Option<i64>,
    pub step: Option<i64>,
    /// (minimum P, s) rows in order.
    pub bands: Option<Vec<(i64, i64)>>,
    pub bottom_multiplier: String,
    pub match_scoring: String,
    pub vp_blitz: f64,
    pub win_draw_loss: [f64; 3],
    /// `None`: the default of the scoring method.
    pub bye_score: Option<f64>,
    /// Tie-break codes in order of use.
    pub tiebreaks: Vec<String>,
    pub pairing: String,
    pub swiss_seed: Option<i64>,
    pub table: TableSide,
    pub correction_minutes: i64,
    pub occasion: OccasionDraft,
    /// `finished` and `rated`: not in the settings form, so carried as they are.
    pub standing: Standing,
}

impl Default for SettingsDraft {
    /// What `tournament.toml` means when it leaves a key out (name and slug are blank).
    fn default() -> Self {
        SettingsDraft {
            name: String::new(),
            slug: String::new(),
            published: false,
            decks: 2,
            rules: Preset::Standard.code().to_owned(),
            takeover_at: None,
            step: None,
            bands: None,
            bottom_multiplier: MultiplierPolicy::Exponential.code().to_owned(),
            match_scoring: MatchScoring::Vp20.code().to_owned(),
            vp_blitz: DEFAULT_BLITZ,
            win_draw_loss: [2.0, 1.0, 0.0],
            bye_score: None,
            tiebreaks: TieBreak::DEFAULT
                .iter()
                .map(|t| t.code().to_owned())
                .collect(),
            pairing: PairingMethod::Manual.code().to_owned(),
            swiss_seed: None,
            table: TableSide::default(),
            correction_minutes: DEFAULT_CORRECTION_MINUTES.into(),
            occasion: OccasionDraft::default(),
            standing: Standing::default(),
        }
    }
}

impl SettingsDraft {
    /// The draft that parses back to `s`.
    pub fn of(s: &Settings) -> SettingsDraft {
        let custom = match s.rules() {
            Rules::Custom(t) => Some(t),
            Rules::Preset(_) => None,
        };
        SettingsDraft {
            name: s.name.clone(),
            slug: s.slug.clone(),
            published: s.published,
            decks: s.decks().count().into(),
            rules: s.rules().code().to_owned(),
            takeover_at: custom.map(|t| t.takeover_at().into()),
            step: custom.map(|t| t.step().into()),
            bands: custom.map(|t| {
                t.bands()
                    .iter()
                    .map(|&(min, s)| (min.into(), s.into()))
                    .collect()
            }),
            bottom_multiplier: s.bottom_multiplier.code().to_owned(),
            match_scoring: s.scoring.method.code().to_owned(),
            vp_blitz: s.scoring.vp_blitz,
            win_draw_loss: s.scoring.win_draw_loss.map(Score::as_f64),
            bye_score: Some(s.scoring.bye_score.as_f64()),
            tiebreaks: s.tiebreaks.iter().map(|t| t.code().to_owned()).collect(),
            pairing: s.pairing.code().to_owned(),
            // A seed beyond what a draft holds (only a hand-built `Settings` has one) reads
            // back refused, never as another seed.
            swiss_seed: s.swiss_seed.map(|n| i64::try_from(n).unwrap_or(-1)),
            table: s.table,
            correction_minutes: s.correction_minutes.into(),
            occasion: OccasionDraft::of(&s.occasion),
            standing: s.standing,
        }
    }
}
