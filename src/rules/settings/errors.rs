//! Which setting a problem is with, and why.

use std::fmt;

use crate::rules::bands::{BandTableError, Preset};
use crate::rules::cards::{Decks, ParseError};
use crate::rules::tiebreak::TieBreak;

/// Which setting a problem is with. Rows of the band table and positions of the
/// tie-breaks are counted from 0 in the draft's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsField {
    Name,
    Slug,
    Decks,
    Rules,
    TakeoverAt,
    Step,
    /// The band table as a whole (none, or too many rows).
    Bands,
    BandMin(usize),
    BandS(usize),
    BottomMultiplier,
    MatchScoring,
    VpBlitz,
    Win,
    Draw,
    Loss,
    ByeScore,
    Tiebreak(usize),
    Pairing,
    SwissSeed,
    CorrectionMinutes,
    Starts,
    Ends,
    Venue,
    Organiser,
    TimeZone,
}

impl SettingsField {
    /// The `tournament.toml` key that holds the field.
    pub(crate) fn key(self) -> &'static str {
        match self {
            SettingsField::Name => "name",
            SettingsField::Slug => "slug",
            SettingsField::Decks => "decks",
            SettingsField::Rules => "rules",
            SettingsField::TakeoverAt => "takeover_at",
            SettingsField::Step => "step",
            SettingsField::Bands | SettingsField::BandMin(_) | SettingsField::BandS(_) => "bands",
            SettingsField::BottomMultiplier => "bottom_multiplier",
            SettingsField::MatchScoring => "match_scoring",
            SettingsField::VpBlitz => "vp_blitz",
            SettingsField::Win | SettingsField::Draw | SettingsField::Loss => "win_draw_loss",
            SettingsField::ByeScore => "bye_score",
            SettingsField::Tiebreak(_) => "tiebreaks",
            SettingsField::Pairing => "pairing",
            SettingsField::SwissSeed => "swiss_seed",
            SettingsField::CorrectionMinutes => "correction_minutes",
            SettingsField::Starts => "starts",
            SettingsField::Ends => "ends",
            SettingsField::Venue => "venue",
            SettingsField::Organiser => "organiser",
            SettingsField::TimeZone => "time_zone",
        }
    }
}

/// What is wrong with one setting.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SettingsReason {
    #[error("is required")]
    Required,
    #[error("is longer than {max} characters")]
    TooLong { max: usize },
    #[error("holds a control character (NUL, tab, line break…)")]
    ControlCharacter,
    #[error("\"{slug}\" must be 1–64 characters of a–z, 0–9 and -")]
    SlugInvalid { slug: String },
    #[error("\"{slug}\" is the address of a page of fushi")]
    SlugReserved { slug: String },
    #[error("{0}")]
    NotOneOf(ParseError),
    #[error("must be 1, 2 or 3, not {got}")]
    DecksCount { got: i64 },
    /// A preset that does not exist for the deck count; `allowed` are those that do.
    #[error("\"{preset}\" does not exist for {} deck(s)", decks.count())]
    PresetNotForDecks {
        preset: Preset,
        decks: Decks,
        allowed: Vec<Preset>,
    },
    #[error("{0}")]
    Bands(BandTableError),
    /// Not a finite number from `min` to `max` (`min_open`: strictly above `min`).
    #[error("must be a number from {min} to {max}, not {value}")]
    OutOfRange {
        value: f64,
        min: f64,
        min_open: bool,
        max: f64,
    },
    #[error("{0} is listed twice")]
    TiebreakTwice(TieBreak),
    #[error("must be a whole number from 0, not {got}")]
    SwissSeed { got: i64 },
    /// A score with more than two decimals: scores are kept in hundredths, and a figure
    /// that cannot be kept exactly is refused rather than rounded.
    #[error("has more than two decimals: {value} (scores are kept to 0.01)")]
    MoreThanTwoDecimals { value: f64 },
    #[error("must be a whole number of minutes from 0 to {max}, not {got}")]
    CorrectionMinutes { got: i64, max: i32 },
    #[error("\"{value}\" is not a date (YYYY-MM-DD)")]
    Date { value: String },
    #[error("is before the first day")]
    EndsBeforeStarts,
    #[error("\"{zone}\" is not a time zone (an IANA name such as Asia/Shanghai)")]
    TimeZone { zone: String },
}

/// One problem with a draft: which setting, and why.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{} {why}", field.key())]
pub struct SettingsError {
    pub field: SettingsField,
    pub why: SettingsReason,
}

/// Every problem of a draft, in the order of the settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SettingsErrors(pub Vec<SettingsError>);

impl fmt::Display for SettingsErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&texts.join("; "))
    }
}

impl std::error::Error for SettingsErrors {}
