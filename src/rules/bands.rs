//! Band tables: from the defenders' total P to the table score s (docs/rules.md §3).

use std::fmt;
use std::str::FromStr;

use super::cards::{Decks, ParseError, expected};

/// An ascending list of (minimum P, s) bands starting at 0, a step for P beyond the last
/// band, and the P from which the defenders take over the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandTable {
    takeover_at: i32,
    bands: Vec<(i32, i32)>,
    step: i32,
}

/// Why a custom band table is not well formed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BandTableError {
    #[error("the band table has no bands")]
    Empty,
    #[error("the first band must start at P = 0, not {0}")]
    FirstNotZero(i32),
    #[error("band minimums must ascend: {previous} is followed by {next}")]
    NotAscending { previous: i32, next: i32 },
    #[error("step must be greater than 0, not {0}")]
    Step(i32),
    #[error("takeover_at must be 0 or more, not {0}")]
    Takeover(i32),
    /// A figure beyond what any table needs (s, a minimum P, the step, the band count).
    #[error("{what} must be at most {max} (either sign for s), not {value}")]
    TooLarge {
        what: &'static str,
        value: i64,
        max: i32,
    },
}

/// The largest |s| a custom band gives.
pub(crate) const MAX_BAND_S: i32 = 100;
/// The largest minimum P, step and takeover mark of a custom table.
pub(crate) const MAX_BAND_P: i32 = 100_000;
/// The most bands a custom table has.
pub(crate) const MAX_BANDS: i32 = 100;

impl BandTable {
    /// A custom table, checked: starts at 0, strictly ascending minimums, step > 0.
    pub fn new(
        takeover_at: i32,
        bands: Vec<(i32, i32)>,
        step: i32,
    ) -> Result<Self, BandTableError> {
        let first = bands.first().ok_or(BandTableError::Empty)?;
        if first.0 != 0 {
            return Err(BandTableError::FirstNotZero(first.0));
        }
        if let Some(w) = bands.windows(2).find(|w| w[1].0 <= w[0].0) {
            return Err(BandTableError::NotAscending {
                previous: w[0].0,
                next: w[1].0,
            });
        }
        if step <= 0 {
            return Err(BandTableError::Step(step));
        }
        if takeover_at < 0 {
            return Err(BandTableError::Takeover(takeover_at));
        }
        let too_large = |what, value: i64, max: i32| {
            (value.abs() > i64::from(max)).then_some(BandTableError::TooLarge { what, value, max })
        };
        let count = i64::try_from(bands.len()).unwrap_or(i64::MAX);
        let checks = [
            too_large("the number of bands", count, MAX_BANDS),
            too_large("step", step.into(), MAX_BAND_P),
            too_large("takeover_at", takeover_at.into(), MAX_BAND_P),
        ];
        let per_band = bands.iter().flat_map(|&(min, s)| {
            [
                too_large("a band's minimum P", min.into(), MAX_BAND_P),
                too_large("s", s.into(), MAX_BAND_S),
            ]
        });
        if let Some(e) = checks.into_iter().chain(per_band).flatten().next() {
            return Err(e);
        }
        Ok(BandTable {
            takeover_at,
            bands,
            step,
        })
    }

    /// The table of a preset, or `None` when the preset does not exist for that deck count.
    pub fn preset(decks: Decks, preset: Preset) -> Option<BandTable> {
        let (takeover_at, bands, step): (i32, &[(i32, i32)], i32) = match (decks, preset) {
            (Decks::Two, Preset::Standard) => (
                80,
                &[(0, 3), (5, 2), (40, 1), (80, -1), (120, -2), (160, -3)],
                40,
            ),
            (Decks::Two, Preset::NoLevelTakeover) => (
                80,
                &[(0, 3), (5, 2), (40, 1), (80, 0), (120, -1), (160, -2)],
                40,
            ),
            (Decks::One, Preset::Standard) => (
                40,
                &[(0, 2), (5, 1), (40, 0), (80, -1), (100, -2), (120, -3)],
                20,
            ),
            (Decks::One, Preset::Bands20) => (
                40,
                &[(0, 3), (5, 2), (20, 1), (40, 0), (60, -1), (80, -2)],
                20,
            ),
            (Decks::Three, Preset::Standard) => (
                120,
                &[(0, 3), (5, 2), (60, 1), (120, 0), (180, -1), (240, -2)],
                60,
            ),
            _ => return None,
        };
        Some(BandTable {
            takeover_at,
            bands: bands.to_vec(),
            step,
        })
    }

    pub fn takeover_at(&self) -> i32 {
        self.takeover_at
    }

    pub fn bands(&self) -> &[(i32, i32)] {
        &self.bands
    }

    pub fn step(&self) -> i32 {
        self.step
    }

    /// The table score s for a defenders' total P ≥ 0.
    pub fn table_score(&self, p: i32) -> i32 {
        let (last_min, last_s) = *self.bands.last().expect("a band table has bands");
        if p >= last_min {
            return last_s - (p - last_min) / self.step;
        }
        self.bands
            .iter()
            .rev()
            .find(|(min, _)| *min <= p)
            .map(|(_, s)| *s)
            .expect("the first band starts at 0 and P is not negative")
    }

    /// Whether P makes the defenders take over the deal (上台).
    pub(crate) fn takes_over(&self, p: i32) -> bool {
        p >= self.takeover_at
    }

    /// The lowest and highest s the table gives for P from 0 to `most`, whether the table
    /// falls, rises or does both.
    pub(crate) fn score_range(&self, most: i32) -> (i32, i32) {
        let most = most.max(0);
        let within = self
            .bands
            .iter()
            .filter(|(min, _)| *min <= most)
            .map(|(_, s)| *s);
        let at_most = self.table_score(most);
        within.fold((at_most, at_most), |(lo, hi), s| (lo.min(s), hi.max(s)))
    }
}

/// A named band table of docs/rules.md §3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Standard,
    NoLevelTakeover,
    Bands20,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Standard, Preset::NoLevelTakeover, Preset::Bands20];

    pub fn code(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
            Preset::NoLevelTakeover => "no-level-takeover",
            Preset::Bands20 => "bands-20",
        }
    }

    /// The presets that exist for a deck count.
    pub(crate) fn for_decks(decks: Decks) -> Vec<Preset> {
        Preset::ALL
            .into_iter()
            .filter(|p| BandTable::preset(decks, *p).is_some())
            .collect()
    }
}

impl FromStr for Preset {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Preset::ALL
            .into_iter()
            .find(|p| p.code() == s)
            .ok_or_else(|| expected("rules", s, "standard, no-level-takeover, bands-20, custom"))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The rules a tournament plays by: a preset or its own band table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    Preset(Preset),
    Custom(BandTable),
}

impl Rules {
    /// The band table in force, or `None` when the preset does not exist for `decks`.
    pub fn band_table(&self, decks: Decks) -> Option<BandTable> {
        match self {
            Rules::Preset(p) => BandTable::preset(decks, *p),
            Rules::Custom(t) => Some(t.clone()),
        }
    }

    /// `standard`, `no-level-takeover`, `bands-20` or `custom`.
    pub fn code(&self) -> &'static str {
        match self {
            Rules::Preset(p) => p.code(),
            Rules::Custom(_) => "custom",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks s at every band minimum and 5 below it, and the step beyond the last band.
    fn check_every_boundary(table: &BandTable, expected: &[(i32, i32, i32)]) {
        // (P, s, takes over?)
        for &(p, s, over) in expected {
            assert_eq!(table.table_score(p), s, "P = {p}");
            assert_eq!(table.takes_over(p), over == 1, "takeover at P = {p}");
        }
    }

    #[test]
    fn two_decks_standard() {
        let t = BandTable::preset(Decks::Two, Preset::Standard).unwrap();
        check_every_boundary(
            &t,
            &[
                (0, 3, 0),
                (5, 2, 0),
                (35, 2, 0),
                (40, 1, 0),
                (75, 1, 0),
                (80, -1, 1),
                (115, -1, 1),
                (120, -2, 1),
                (155, -2, 1),
                (160, -3, 1),
                (195, -3, 1),
                (200, -4, 1),
                (235, -4, 1),
                (240, -5, 1),
            ],
        );
    }

    #[test]
    fn two_decks_no_level_takeover() {
        let t = BandTable::preset(Decks::Two, Preset::NoLevelTakeover).unwrap();
        check_every_boundary(
            &t,
            &[
                (0, 3, 0),
                (5, 2, 0),
                (35, 2, 0),
                (40, 1, 0),
                (75, 1, 0),
                (80, 0, 1),
                (115, 0, 1),
                (120, -1, 1),
                (155, -1, 1),
                (160, -2, 1),
                (195, -2, 1),
                (200, -3, 1),
            ],
        );
    }

    #[test]
    fn one_deck_standard() {
        let t = BandTable::preset(Decks::One, Preset::Standard).unwrap();
        check_every_boundary(
            &t,
            &[
                (0, 2, 0),
                (5, 1, 0),
                (35, 1, 0),
                (40, 0, 1),
                (75, 0, 1),
                (80, -1, 1),
                (95, -1, 1),
                (100, -2, 1),
                (115, -2, 1),
                (120, -3, 1),
                (135, -3, 1),
                (140, -4, 1),
            ],
        );
    }

    #[test]
    fn one_deck_bands_20() {
        let t = BandTable::preset(Decks::One, Preset::Bands20).unwrap();
        check_every_boundary(
            &t,
            &[
                (0, 3, 0),
                (5, 2, 0),
                (15, 2, 0),
                (20, 1, 0),
                (35, 1, 0),
                (40, 0, 1),
                (55, 0, 1),
                (60, -1, 1),
                (75, -1, 1),
                (80, -2, 1),
                (95, -2, 1),
                (100, -3, 1),
            ],
        );
    }

    #[test]
    fn three_decks_standard() {
        let t = BandTable::preset(Decks::Three, Preset::Standard).unwrap();
        check_every_boundary(
            &t,
            &[
                (0, 3, 0),
                (5, 2, 0),
                (55, 2, 0),
                (60, 1, 0),
                (115, 1, 0),
                (120, 0, 1),
                (175, 0, 1),
                (180, -1, 1),
                (235, -1, 1),
                (240, -2, 1),
                (295, -2, 1),
                (300, -3, 1),
            ],
        );
    }

    #[test]
    fn presets_exist_only_for_their_deck_count() {
        assert_eq!(
            Preset::for_decks(Decks::One),
            [Preset::Standard, Preset::Bands20]
        );
        assert_eq!(
            Preset::for_decks(Decks::Two),
            [Preset::Standard, Preset::NoLevelTakeover]
        );
        assert_eq!(Preset::for_decks(Decks::Three), [Preset::Standard]);
        assert!(BandTable::preset(Decks::Three, Preset::Bands20).is_none());
    }

    #[test]
    fn custom_tables_are_validated() {
        assert_eq!(BandTable::new(80, vec![], 40), Err(BandTableError::Empty));
        assert_eq!(
            BandTable::new(80, vec![(5, 2)], 40),
            Err(BandTableError::FirstNotZero(5))
        );
        assert_eq!(
            BandTable::new(80, vec![(0, 3), (40, 1), (40, 0)], 40),
            Err(BandTableError::NotAscending {
                previous: 40,
                next: 40
            })
        );
        assert_eq!(
            BandTable::new(80, vec![(0, 3), (50, 1), (20, 0)], 40),
            Err(BandTableError::NotAscending {
                previous: 50,
                next: 20
            })
        );
        assert_eq!(
            BandTable::new(80, vec![(0, 3)], 0),
            Err(BandTableError::Step(0))
        );
        assert_eq!(
            BandTable::new(-5, vec![(0, 3)], 10),
            Err(BandTableError::Takeover(-5))
        );
    }

    #[test]
    fn custom_table_scores_and_steps() {
        let t = BandTable::new(80, vec![(0, 3), (5, 2), (40, 1), (80, -1)], 40).unwrap();
        assert_eq!(t.table_score(0), 3);
        assert_eq!(t.table_score(75), 1);
        assert_eq!(t.table_score(80), -1);
        assert_eq!(t.table_score(115), -1);
        assert_eq!(t.table_score(120), -2);
        assert_eq!(t.table_score(200), -4);
        // A single band: everything comes from the step.
        let flat = BandTable::new(0, vec![(0, 0)], 25).unwrap();
        assert_eq!(flat.table_score(24), 0);
        assert_eq!(flat.table_score(25), -1);
        assert_eq!(flat.table_score(100), -4);
    }
}
