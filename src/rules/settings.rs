//! A tournament's settings, parsed once (docs/rules.md §9): every surface — the settings
//! form, `tournament.toml` and the database — fills a [`SettingsDraft`] with the raw values
//! it holds and turns it into [`Settings`] with `Settings::try_from`, which states every
//! limit and reports every problem at its field. The surfaces only map text in and
//! errors back (to a form field, a `tournament.toml` line or a database column).

use std::fmt;

use super::bands::{BandTable, BandTableError, MAX_BAND_P, MAX_BAND_S, Preset, Rules};
use super::cards::{Decks, ParseError};
use super::occasion::{Occasion, OccasionDraft};
use super::scoring::{MatchScoring, Score, ScoringRules};
use super::table::MultiplierPolicy;
use super::tiebreak::TieBreak;

/// The most characters of a name, a club or a member (teams and tournaments alike, in
/// forms, uploads and archives): [`crate::limits::NAME`].
pub(crate) const MAX_TEXT: usize = crate::limits::NAME;

/// Everything in `tournament.toml`, checked: build it from a
/// [`SettingsDraft`](super::settings::SettingsDraft) with `Settings::try_from`.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub name: String,
    pub slug: String,
    pub published: bool,
    /// The deck count and the rules, checked together so that the band table exists.
    pub deck_rules: DeckRules,
    pub bottom_multiplier: MultiplierPolicy,
    pub scoring: ScoringRules,
    pub tiebreaks: Vec<TieBreak>,
    /// How the director's pages pair rounds by default (docs/rules.md §8).
    pub pairing: PairingMethod,
    /// The seed of the lots drawn for a Swiss first round, recorded so that the draw can be
    /// reproduced.
    pub swiss_seed: Option<u64>,
    /// Results entered at the table through each room's link.
    pub table: TableSide,
    /// The minutes after a round is complete in which its results may still be corrected
    /// without the director giving a reason (docs/rules.md §5).
    pub correction_minutes: i32,
    /// When and where it is played, and the zone its times are shown in.
    pub occasion: Occasion,
    /// The championship's stages in order (docs/rules.md §12); empty: one league of all
    /// rounds. Checked on their own by [`super::stages::Stage::parse_all`], so a draft
    /// leaves them empty and the surface that holds them fills them in.
    pub stages: Vec<super::stages::Stage>,
}

/// The hall: table-side entry (`table_entry`, `table_approval` and `table_codes` in
/// `tournament.toml`) and when a new round's draw is public (`publish_draw`), all off by
/// default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableSide {
    /// Tables may enter their room's results through the room's link.
    pub entry: bool,
    /// A confirmed room stays provisional until the director approves it.
    pub approval: bool,
    /// Confirming needs the confirming team's four-digit code.
    pub codes: bool,
    /// A new round's pairings are public as soon as they are saved; otherwise once the
    /// director publishes them (or the round's first result is saved).
    pub publish_draw: bool,
}

/// How rounds are paired: `pairing` in `tournament.toml`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PairingMethod {
    RoundRobin,
    Swiss,
    /// By hand (the default).
    #[default]
    Manual,
}

impl PairingMethod {
    pub const ALL: [PairingMethod; 3] = [
        PairingMethod::RoundRobin,
        PairingMethod::Swiss,
        PairingMethod::Manual,
    ];

    pub fn code(self) -> &'static str {
        match self {
            PairingMethod::RoundRobin => "round_robin",
            PairingMethod::Swiss => "swiss",
            PairingMethod::Manual => "manual",
        }
    }
}

impl std::str::FromStr for PairingMethod {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PairingMethod::ALL
            .into_iter()
            .find(|m| m.code() == s)
            .ok_or_else(|| super::cards::expected("pairing", s, "round_robin, swiss, manual"))
    }
}

impl std::fmt::Display for PairingMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Settings {
    pub fn decks(&self) -> Decks {
        self.deck_rules.decks()
    }

    pub fn rules(&self) -> &Rules {
        self.deck_rules.rules()
    }

    /// The band table in force (it exists: the deck count and rules were checked
    /// together).
    pub fn band_table(&self) -> BandTable {
        self.deck_rules.table().clone()
    }
}

#[cfg(test)]
impl Settings {
    /// For tests: what `tournament.toml` means when it gives only a name ("Test") and a slug
    /// (`test`): two decks and the standard table, VP20, the default tie-breaks, manual
    /// pairing. A test states the fields it is about (`Settings { …, ..for_tests() }`).
    pub(crate) fn for_tests() -> Settings {
        Settings::try_from(SettingsDraft {
            name: "Test".into(),
            slug: "test".into(),
            ..SettingsDraft::default()
        })
        .expect("the defaults are valid settings")
    }
}

pub(crate) use super::slug::RESERVED_SLUGS;

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

/// The largest match score a setting may give (a bye, a win, a draw or a loss), either
/// sign.
pub(crate) const SCORE_LIMIT: f64 = 10_000.0;
/// The largest vp_blitz (the VP scale's X multiplier); it must also be above 0.
pub(crate) const BLITZ_LIMIT: f64 = 100.0;
/// The vp_blitz of a tournament that does not say.
pub(crate) const DEFAULT_BLITZ: f64 = 5.0;
/// The largest Swiss seed: the largest whole number `tournament.toml` can hold.
pub(crate) const MAX_SWISS_SEED: i64 = i64::MAX;
/// The correction period a tournament starts with, in minutes: the usual one of bridge
/// tournaments (docs/decisions.md).
pub const DEFAULT_CORRECTION_MINUTES: i32 = 30;
/// The longest correction period: a day.
pub(crate) const MAX_CORRECTION_MINUTES: i32 = 24 * 60;

/// The deck count and the rules played, checked together: the band table exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckRules {
    decks: Decks,
    rules: Rules,
    table: BandTable,
}

impl DeckRules {
    /// `None` when the rules name a preset that does not exist for `decks`.
    pub fn new(decks: Decks, rules: Rules) -> Option<DeckRules> {
        let table = rules.band_table(decks)?;
        Some(DeckRules {
            decks,
            rules,
            table,
        })
    }

    /// The standard table for `decks`, which every deck count has.
    pub fn standard(decks: Decks) -> DeckRules {
        DeckRules::new(decks, Rules::Preset(Preset::Standard))
            .expect("every deck count has a standard table")
    }

    pub fn decks(&self) -> Decks {
        self.decks
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The band table in force.
    pub fn table(&self) -> &BandTable {
        &self.table
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
        }
    }
}

impl SettingsDraft {
    /// The deck count and rules alone, checked as [`Settings::try_from`] checks them (for a
    /// preview of the band table while the rest of the form is unfinished).
    pub fn deck_rules(&self) -> Result<DeckRules, SettingsErrors> {
        let mut p = Problems::default();
        deck_rules(self, &mut p).ok_or(SettingsErrors(p.0))
    }
}

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

/// What is wrong with a slug, by the one rule ([`super::slug::Slug::parse`]).
pub(crate) fn slug_problem(slug: &str) -> Option<SettingsReason> {
    use super::slug::{Slug, SlugFault};
    Slug::parse(slug).err().map(|fault| match fault {
        SlugFault::Empty => SettingsReason::Required,
        SlugFault::Invalid => SettingsReason::SlugInvalid {
            slug: slug.to_owned(),
        },
        SlugFault::Reserved => SettingsReason::SlugReserved {
            slug: slug.to_owned(),
        },
    })
}

/// What is wrong with a name: empty, too long or holding a control character.
fn name_problem(name: &str) -> Option<SettingsReason> {
    if name.is_empty() {
        Some(SettingsReason::Required)
    } else if name.chars().any(char::is_control) {
        Some(SettingsReason::ControlCharacter)
    } else if name.chars().count() > MAX_TEXT {
        Some(SettingsReason::TooLong { max: MAX_TEXT })
    } else {
        None
    }
}

fn in_range(value: f64, min: f64, min_open: bool, max: f64) -> Result<f64, SettingsReason> {
    let above_min = if min_open { value > min } else { value >= min };
    if value.is_finite() && above_min && value <= max {
        Ok(value)
    } else {
        Err(SettingsReason::OutOfRange {
            value,
            min,
            min_open,
            max,
        })
    }
}

/// A code read with the rules type's `FromStr`.
fn code<T: std::str::FromStr<Err = ParseError>>(text: &str) -> Result<T, SettingsReason> {
    text.parse().map_err(SettingsReason::NotOneOf)
}

/// A score setting: within the limit and exact in hundredths (2.675 is refused, not kept
/// as 2.68: a draw and a bye would otherwise add up to another figure than the one typed).
fn score(value: f64) -> Result<Score, SettingsReason> {
    let value = in_range(value, -SCORE_LIMIT, false, SCORE_LIMIT)?;
    let kept = Score::from_f64(value);
    // Within a millionth of a hundredth: what f64 makes of a two-decimal figure.
    if (kept.as_f64() - value).abs() > 1e-8 {
        return Err(SettingsReason::MoreThanTwoDecimals { value });
    }
    Ok(kept)
}

/// Collects problems while the fields are read.
#[derive(Default)]
struct Problems(Vec<SettingsError>);

impl Problems {
    fn add(&mut self, field: SettingsField, why: SettingsReason) {
        self.0.push(SettingsError { field, why });
    }

    /// The value, or `None` with its problem noted at `field`.
    fn take<T>(&mut self, field: SettingsField, r: Result<T, SettingsReason>) -> Option<T> {
        r.map_err(|why| self.add(field, why)).ok()
    }
}

/// The date, place, organiser and zone, every problem at its field (a wrong value is left
/// out of what is returned: the problem stops the whole parse anyway).
fn occasion(d: &OccasionDraft, p: &mut Problems) -> Occasion {
    use super::occasion::{parse_date, parse_zone};
    use SettingsField as F;
    let mut date = |field, text: &str| {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let date = parse_date(text);
        if date.is_none() {
            p.add(
                field,
                SettingsReason::Date {
                    value: text.chars().take(80).collect(),
                },
            );
        }
        date
    };
    let starts = date(F::Starts, &d.starts);
    let ends = date(F::Ends, &d.ends);
    if let (Some(s), Some(e)) = (starts, ends)
        && e < s
    {
        p.add(F::Ends, SettingsReason::EndsBeforeStarts);
    }
    let mut text = |field, raw: &str| {
        let text = raw.trim().to_owned();
        if text.chars().any(char::is_control) {
            p.add(field, SettingsReason::ControlCharacter);
        } else if text.chars().count() > MAX_TEXT {
            p.add(field, SettingsReason::TooLong { max: MAX_TEXT });
        }
        text
    };
    let venue = text(F::Venue, &d.venue);
    let organiser = text(F::Organiser, &d.organiser);
    let zone = d.time_zone.trim();
    let time_zone = if zone.is_empty() {
        None
    } else {
        let found = parse_zone(zone);
        if found.is_none() {
            p.add(
                F::TimeZone,
                SettingsReason::TimeZone {
                    zone: zone.chars().take(80).collect(),
                },
            );
        }
        found
    };
    Occasion {
        starts,
        ends,
        venue,
        organiser,
        time_zone,
    }
}

/// A figure of a custom table as an `i32`, or the band table's own "too large".
fn band_figure(value: i64, what: &'static str, max: i32) -> Result<i32, SettingsReason> {
    i32::try_from(value)
        .ok()
        .filter(|v| v.abs() <= max)
        .ok_or(SettingsReason::Bands(BandTableError::TooLarge {
            what,
            value,
            max,
        }))
}

/// The custom band table, every problem at its field: the takeover mark, the step and
/// the rows are each checked by the band table's own constructor with the others
/// neutral, so that all of them are named at once.
fn custom_table(d: &SettingsDraft, p: &mut Problems) -> Option<BandTable> {
    use SettingsField as F;
    let before = p.0.len();
    let mut required = |field, v: Option<i64>| {
        if v.is_none() {
            p.add(field, SettingsReason::Required);
        }
        v
    };
    let takeover_at = required(F::TakeoverAt, d.takeover_at);
    let step = required(F::Step, d.step);
    let Some(rows) = d.bands.as_deref() else {
        p.add(F::Bands, SettingsReason::Required);
        return None;
    };
    let neutral = |r: Result<BandTable, BandTableError>| r.err().map(SettingsReason::Bands);
    let takeover_at = takeover_at.and_then(|v| {
        let v = p.take(F::TakeoverAt, band_figure(v, "takeover_at", MAX_BAND_P))?;
        match neutral(BandTable::new(v, vec![(0, 0)], 1)) {
            Some(why) => p.add(F::TakeoverAt, why),
            None => return Some(v),
        }
        None
    });
    let step = step.and_then(|v| {
        let v = p.take(F::Step, band_figure(v, "step", MAX_BAND_P))?;
        match neutral(BandTable::new(0, vec![(0, 0)], v)) {
            Some(why) => p.add(F::Step, why),
            None => return Some(v),
        }
        None
    });
    let figures_before = p.0.len();
    let mut pairs: Vec<(i32, i32)> = Vec::with_capacity(rows.len());
    for (k, &(min, s)) in rows.iter().enumerate() {
        let min = p.take(
            F::BandMin(k),
            band_figure(min, "a band's minimum P", MAX_BAND_P),
        );
        let s = p.take(F::BandS(k), band_figure(s, "s", MAX_BAND_S));
        if let (Some(min), Some(s)) = (min, s) {
            pairs.push((min, s));
        }
    }
    if p.0.len() == figures_before
        && let Err(e) = BandTable::new(0, pairs.clone(), 1)
    {
        let field = match &e {
            BandTableError::FirstNotZero(_) => F::BandMin(0),
            BandTableError::NotAscending { .. } => F::BandMin(
                pairs
                    .windows(2)
                    .position(|w| w[1].0 <= w[0].0)
                    .map_or(0, |k| k + 1),
            ),
            _ => F::Bands,
        };
        p.add(field, SettingsReason::Bands(e));
    }
    if p.0.len() > before {
        return None;
    }
    BandTable::new(takeover_at?, pairs, step?)
        .map_err(|e| p.add(F::Bands, SettingsReason::Bands(e)))
        .ok()
}

fn deck_rules(d: &SettingsDraft, p: &mut Problems) -> Option<DeckRules> {
    use SettingsField as F;
    let decks = Decks::from_count(d.decks);
    if decks.is_none() {
        p.add(F::Decks, SettingsReason::DecksCount { got: d.decks });
    }
    let rules = if d.rules == "custom" {
        custom_table(d, p).map(Rules::Custom)
    } else {
        p.take(F::Rules, code(&d.rules)).map(Rules::Preset)
    };
    let (decks, rules) = (decks?, rules?);
    match (DeckRules::new(decks, rules.clone()), rules) {
        (Some(found), _) => Some(found),
        (None, Rules::Preset(preset)) => {
            p.add(
                F::Rules,
                SettingsReason::PresetNotForDecks {
                    preset,
                    decks,
                    allowed: Preset::for_decks(decks),
                },
            );
            None
        }
        (None, Rules::Custom(_)) => unreachable!("a custom table exists for every deck count"),
    }
}

impl TryFrom<SettingsDraft> for Settings {
    type Error = SettingsErrors;

    /// The one check of a tournament's settings; every problem is reported, in the order
    /// of the settings.
    fn try_from(d: SettingsDraft) -> Result<Settings, SettingsErrors> {
        use SettingsField as F;
        let mut p = Problems::default();
        let name = d.name.trim().to_owned();
        if let Some(why) = name_problem(&name) {
            p.add(F::Name, why);
        }
        let slug = d.slug.trim().to_owned();
        if let Some(why) = slug_problem(&slug) {
            p.add(F::Slug, why);
        }
        let deck_rules = deck_rules(&d, &mut p);
        let bottom_multiplier = p.take(F::BottomMultiplier, code(&d.bottom_multiplier));
        let method = p.take(F::MatchScoring, code(&d.match_scoring));
        let vp_blitz = p.take(F::VpBlitz, in_range(d.vp_blitz, 0.0, true, BLITZ_LIMIT));
        let [w, dr, l] = d.win_draw_loss;
        let win = p.take(F::Win, score(w));
        let draw = p.take(F::Draw, score(dr));
        let loss = p.take(F::Loss, score(l));
        let bye = d.bye_score.map(|v| p.take(F::ByeScore, score(v)));
        let mut tiebreaks: Vec<TieBreak> = Vec::with_capacity(d.tiebreaks.len());
        for (k, code) in d.tiebreaks.iter().enumerate() {
            match code.parse::<TieBreak>() {
                Ok(tb) if tiebreaks.contains(&tb) => {
                    p.add(F::Tiebreak(k), SettingsReason::TiebreakTwice(tb))
                }
                Ok(tb) => tiebreaks.push(tb),
                Err(e) => p.add(F::Tiebreak(k), SettingsReason::NotOneOf(e)),
            }
        }
        let pairing = p.take(F::Pairing, code(&d.pairing));
        let correction_minutes = p.take(
            F::CorrectionMinutes,
            i32::try_from(d.correction_minutes)
                .ok()
                .filter(|m| (0..=MAX_CORRECTION_MINUTES).contains(m))
                .ok_or(SettingsReason::CorrectionMinutes {
                    got: d.correction_minutes,
                    max: MAX_CORRECTION_MINUTES,
                }),
        );
        let occasion = occasion(&d.occasion, &mut p);
        // The draft's i64 is at most MAX_SWISS_SEED already; only a negative seed is wrong.
        let swiss_seed = match d.swiss_seed {
            None => Some(None),
            Some(n) => p.take(
                F::SwissSeed,
                u64::try_from(n)
                    .map(Some)
                    .map_err(|_| SettingsReason::SwissSeed { got: n }),
            ),
        };
        match (
            deck_rules,
            bottom_multiplier,
            method,
            vp_blitz,
            win,
            draw,
            loss,
            bye,
            pairing,
            swiss_seed,
            correction_minutes,
        ) {
            (
                Some(deck_rules),
                Some(bottom_multiplier),
                Some(method),
                Some(vp_blitz),
                Some(win),
                Some(draw),
                Some(loss),
                bye,
                Some(pairing),
                Some(swiss_seed),
                Some(correction_minutes),
            ) if p.0.is_empty() => {
                let win_draw_loss = [win, draw, loss];
                let bye_score = bye
                    .flatten()
                    .unwrap_or_else(|| ScoringRules::default_bye(method, win_draw_loss));
                Ok(Settings {
                    name,
                    slug,
                    published: d.published,
                    deck_rules,
                    bottom_multiplier,
                    scoring: ScoringRules {
                        method,
                        vp_blitz,
                        win_draw_loss,
                        bye_score,
                    },
                    tiebreaks,
                    pairing,
                    swiss_seed,
                    table: d.table,
                    correction_minutes,
                    occasion,
                    stages: Vec::new(),
                })
            }
            _ => Err(SettingsErrors(p.0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::slug::MAX_SLUG;

    fn draft() -> SettingsDraft {
        SettingsDraft {
            name: "  Spring  ".to_owned(),
            slug: "spring".to_owned(),
            ..SettingsDraft::default()
        }
    }

    fn fields(d: SettingsDraft) -> Vec<SettingsField> {
        Settings::try_from(d)
            .unwrap_err()
            .0
            .into_iter()
            .map(|e| e.field)
            .collect()
    }

    #[test]
    fn the_defaults_parse_and_a_settings_value_parses_back_to_itself() {
        let s = Settings::try_from(draft()).unwrap();
        assert_eq!(s.name, "Spring");
        assert_eq!(s.decks(), Decks::Two);
        assert_eq!(s.band_table().takeover_at(), 80);
        assert_eq!(s.scoring.bye_score, Score::from_whole(12));
        assert_eq!(Settings::try_from(SettingsDraft::of(&s)).unwrap(), s);
    }

    #[test]
    fn every_setting_at_its_limits_parses() {
        let d = SettingsDraft {
            name: "名".repeat(MAX_TEXT),
            slug: "a".repeat(MAX_SLUG),
            decks: 3,
            rules: "custom".to_owned(),
            takeover_at: Some(MAX_BAND_P.into()),
            step: Some(MAX_BAND_P.into()),
            bands: Some(vec![
                (0, MAX_BAND_S.into()),
                (MAX_BAND_P.into(), (-MAX_BAND_S).into()),
            ]),
            vp_blitz: BLITZ_LIMIT,
            win_draw_loss: [SCORE_LIMIT, -SCORE_LIMIT, -SCORE_LIMIT],
            bye_score: Some(-SCORE_LIMIT),
            swiss_seed: Some(MAX_SWISS_SEED),
            ..draft()
        };
        let s = Settings::try_from(d).unwrap();
        assert_eq!(s.scoring.bye_score, Score(-1_000_000));
        assert_eq!(s.swiss_seed, Some(i64::MAX as u64));
        assert_eq!(Settings::try_from(SettingsDraft::of(&s)).unwrap(), s);
    }

    #[test]
    fn non_finite_and_absurd_numbers_are_refused_at_their_field() {
        use SettingsField as F;
        for bad in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e300,
            2147483648.0,
        ] {
            let d = SettingsDraft {
                vp_blitz: bad,
                win_draw_loss: [bad, 1.0, bad],
                bye_score: Some(bad),
                ..draft()
            };
            assert_eq!(fields(d), [F::VpBlitz, F::Win, F::Loss, F::ByeScore]);
        }
        for blitz in [0.0, -1.0, 150.0, 100.001] {
            let d = SettingsDraft {
                vp_blitz: blitz,
                ..draft()
            };
            assert_eq!(fields(d), [F::VpBlitz], "{blitz}");
        }
        let d = SettingsDraft {
            bye_score: Some(10_000.01),
            ..draft()
        };
        assert_eq!(fields(d), [F::ByeScore]);
        let d = SettingsDraft {
            swiss_seed: Some(-1),
            decks: 0,
            ..draft()
        };
        assert_eq!(fields(d), [F::Decks, F::SwissSeed]);
    }

    #[test]
    fn text_is_trimmed_and_checked() {
        use SettingsField as F;
        let with = |name: &str, slug: &str| SettingsDraft {
            name: name.to_owned(),
            slug: slug.to_owned(),
            ..draft()
        };
        assert_eq!(fields(with("  ", "x")), [F::Name]);
        assert_eq!(fields(with("a\0b", "x")), [F::Name]);
        assert_eq!(fields(with(&"n".repeat(MAX_TEXT + 1), "x")), [F::Name]);
        assert_eq!(fields(with("x", "Bad Slug")), [F::Slug]);
        assert_eq!(fields(with("x", "new")), [F::Slug]);
        assert_eq!(fields(with("x", &"a".repeat(MAX_SLUG + 1))), [F::Slug]);
    }

    #[test]
    fn a_preset_must_exist_for_the_deck_count() {
        let d = SettingsDraft {
            decks: 3,
            rules: "bands-20".to_owned(),
            ..draft()
        };
        let e = Settings::try_from(d).unwrap_err().0;
        assert_eq!(e.len(), 1);
        assert_eq!(
            e[0].why,
            SettingsReason::PresetNotForDecks {
                preset: Preset::Bands20,
                decks: Decks::Three,
                allowed: vec![Preset::Standard],
            }
        );
    }

    #[test]
    fn a_custom_table_names_every_problem_at_its_field() {
        use SettingsField as F;
        let custom = |takeover, step, bands: Vec<(i64, i64)>| SettingsDraft {
            rules: "custom".to_owned(),
            takeover_at: takeover,
            step,
            bands: Some(bands),
            ..draft()
        };
        assert_eq!(
            fields(custom(Some(-5), Some(0), vec![(5, 1)])),
            [F::TakeoverAt, F::Step, F::BandMin(0)]
        );
        assert_eq!(
            fields(custom(Some(80), Some(40), vec![(0, 3), (80, 1), (40, 0)])),
            [F::BandMin(2)]
        );
        assert_eq!(
            fields(custom(None, Some(40), vec![(0, 2147483648), (5, 101)])),
            [F::TakeoverAt, F::BandS(0), F::BandS(1)]
        );
        assert_eq!(fields(custom(Some(80), Some(40), vec![])), [F::Bands]);
        let s = Settings::try_from(custom(Some(80), Some(40), vec![(0, 3), (80, -1)])).unwrap();
        assert_eq!(s.band_table().table_score(120), -2);
    }

    #[test]
    fn codes_are_checked_and_tiebreaks_listed_once() {
        use SettingsField as F;
        let d = SettingsDraft {
            rules: "nope".to_owned(),
            bottom_multiplier: "tripling".to_owned(),
            match_scoring: "swiss".to_owned(),
            tiebreaks: vec![
                "level_diff".to_owned(),
                "coin".to_owned(),
                "level_diff".to_owned(),
            ],
            pairing: "dutch".to_owned(),
            ..draft()
        };
        assert_eq!(
            fields(d),
            [
                F::Rules,
                F::BottomMultiplier,
                F::MatchScoring,
                F::Tiebreak(1),
                F::Tiebreak(2),
                F::Pairing
            ]
        );
    }
}
