//! The checked settings, their limits and defaults, and the deck count with its rules.

use crate::rules::bands::{BandTable, Preset, Rules};
use crate::rules::cards::{Decks, ParseError};
use crate::rules::occasion::Occasion;
use crate::rules::scoring::ScoringRules;
use crate::rules::table::MultiplierPolicy;
use crate::rules::tiebreak::TieBreak;

/// The most characters of a name, a club or a member (teams and tournaments alike, in
/// forms, uploads and archives): [`crate::limits::NAME`].
pub(crate) const MAX_TEXT: usize = crate::limits::NAME;

/// Everything in `tournament.toml`, checked: build it from a
/// [`SettingsDraft`](super::SettingsDraft) with `Settings::try_from`.
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
    /// rounds. Checked on their own by [`crate::rules::stages::Stage::parse_all`], so a draft
    /// leaves them empty and the surface that holds them fills them in.
    pub stages: Vec<crate::rules::stages::Stage>,
    /// Whether the tournament counts for series and ratings (`finished` and `rated` in
    /// `tournament.toml`, docs/rules.md §14).
    pub standing: Standing,
    /// The series the tournament belongs to, by slug (`series` in `tournament.toml`,
    /// docs/rules.md §14); kept beside the settings, not part of the settings form.
    pub series: Option<String>,
}

/// Where a tournament stands for series and ratings (docs/rules.md §14): finished, marked
/// by its director once every board is released; rated, set by an administrator before
/// the first result. Neither is part of the settings form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Marked finished: series and ratings count it.
    pub finished: bool,
    /// Its boards count for ratings (once finished, with an end date).
    pub rated: bool,
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
            .ok_or_else(|| {
                crate::rules::cards::expected("pairing", s, "round_robin, swiss, manual")
            })
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
