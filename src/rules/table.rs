//! One table's result: the defenders' total P, the table score s and its wording (docs/rules.md §3).

use std::fmt;
use std::str::FromStr;

use super::bands::BandTable;
use super::cards::{Combination, Decks, LastTrick, ParseError, expected};

/// How the bottom's points are multiplied when the defenders win the last trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MultiplierPolicy {
    /// single 2, pair 4, tractor:L 2·2^L, triple 6, titanic:L 2·3^L.
    #[default]
    Exponential,
    /// single 2, everything larger 4.
    Doubling,
}

impl MultiplierPolicy {
    pub fn code(self) -> &'static str {
        match self {
            MultiplierPolicy::Exponential => "exponential",
            MultiplierPolicy::Doubling => "doubling",
        }
    }

    /// The bottom multiplier m for the largest combination in the last trick.
    pub fn multiplier(self, combo: Combination) -> i32 {
        match (self, combo) {
            (_, Combination::Single) => 2,
            (_, Combination::Pair) => 4,
            (MultiplierPolicy::Doubling, _) => 4,
            (MultiplierPolicy::Exponential, Combination::Tractor(l)) => 2 * 2i32.pow(l.into()),
            (MultiplierPolicy::Exponential, Combination::Triple) => 6,
            (MultiplierPolicy::Exponential, Combination::Titanic(l)) => 2 * 3i32.pow(l.into()),
        }
    }
}

impl FromStr for MultiplierPolicy {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "exponential" => Ok(MultiplierPolicy::Exponential),
            "doubling" => Ok(MultiplierPolicy::Doubling),
            _ => Err(expected("bottom_multiplier", s, "exponential, doubling")),
        }
    }
}

impl fmt::Display for MultiplierPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What the score sheet says for one board at one table, as typed or read and before any
/// check: the inputs of a results row. Empty cells are `None` and stay empty on export.
/// A [`TableEntry`] is made from these by [`TableEntry::parse`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryFigures {
    pub trick_points: Option<i32>,
    pub bottom_points: Option<i32>,
    pub last_trick: Option<LastTrick>,
    pub combo: Option<Combination>,
    pub declarer_penalty: Option<i32>,
    pub defender_penalty: Option<i32>,
    /// A TD's table score, overriding the computed one.
    pub ruling: Option<i32>,
    /// P as it stands, used only when `trick_points` is empty ("total only").
    pub defender_total: Option<i32>,
}

/// One board's result at one table, as the rules accept it. Its figures are private, read
/// through the accessors or [`TableEntry::figures`], so that an entry can only come:
///
/// - from [`TableEntry::parse`], the one validation of a result, wherever a result is typed
///   or read from a file: the desk, the table page, both previews, approval and an
///   archive's `results.csv`;
/// - from a row read back from the database, by `TableEntry::stored`, `pub(crate)`: it
///   was validated by `parse` when it was saved, and a later change of settings is
///   weighed against the stored results by `rules/change.rs` (the crate's unit tests use
///   it too; `tests/` go through `parse`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableEntry {
    figures: EntryFigures,
}

/// Which card-point figure of a table result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    Trick,
    Bottom,
}

impl Points {
    /// The code the messages select on.
    pub fn code(self) -> &'static str {
        match self {
            Points::Trick => "trick",
            Points::Bottom => "bottom",
        }
    }
}

/// What the rules refuse in one table result, with the figures that say why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    NotMultipleOf5 {
        what: Points,
        value: i32,
    },
    PointsOutOfRange {
        what: Points,
        value: i32,
        max: i32,
        decks: i32,
    },
    PointsExceed {
        trick: i32,
        bottom: i32,
        total: i32,
        decks: i32,
    },
    ComboNotAllowed {
        combo: Combination,
        decks: i32,
        allowed: &'static str,
    },
    /// The defenders won the last trick but no combination is given.
    ComboMissing,
    /// A combination given although the declarers won the last trick.
    ComboWithDeclarerLastTrick,
    /// A combination given with nobody named as the winner of the last trick: it would
    /// multiply nothing, as with the declarers, and is refused the same way.
    ComboWithoutLastTrick {
        combo: Combination,
    },
    /// Bottom points typed but nobody named as the winner of the last trick: whether they
    /// count (and how often) is not known.
    LastTrickMissing {
        bottom: i32,
    },
    /// A tractor or titanic longer than one hand can hold.
    ComboTooLong {
        combo: Combination,
        max: i32,
        decks: i32,
    },
    /// A TD ruling beyond the band table's range of s.
    RulingOutOfRange {
        value: i32,
        min: i32,
        max: i32,
    },
    Penalty {
        value: i32,
        max: i32,
    },
    DefenderTotal {
        value: i32,
    },
    /// Neither trick points, a total nor a ruling.
    NoResult,
}

/// A problem with one field of a [`TableEntry`], named as in `results.csv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub(crate) fault: Fault,
}

/// The figures one table produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableOutcome {
    /// The defenders' total, unknown only for a row that carries nothing but a ruling.
    pub defender_total: Option<i32>,
    /// Levels for the declaring side (the ruling where there is one).
    pub table_score: i32,
    pub ruled: bool,
    pub wording: Wording,
}

impl TableOutcome {
    /// The outcome of a table whose defenders' total is `p`, with no ruling: what the band
    /// table says for that P (the settings' preview and the rules page word every band so).
    pub(crate) fn at_total(p: i32, bands: &BandTable) -> TableOutcome {
        let s = bands.table_score(p);
        TableOutcome {
            defender_total: Some(p),
            table_score: s,
            ruled: false,
            wording: Wording::of(s, Some(p), bands),
        }
    }
}

/// The result of a table in words (docs/rules.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wording {
    /// 庄家方升s级
    DeclarersUp(i32),
    /// 闲家上台
    DefendersTakeOver,
    /// 闲家上台升|s|级
    DefendersTakeOverUp(i32),
    /// s = 0 below the takeover mark: only a custom table or a ruling can say so.
    NoLevelChange,
}

impl Wording {
    fn of(s: i32, p: Option<i32>, bands: &BandTable) -> Wording {
        if s > 0 {
            Wording::DeclarersUp(s)
        } else if s < 0 {
            Wording::DefendersTakeOverUp(-s)
        } else if match p {
            Some(p) => bands.takes_over(p),
            // Without P the table decides only when every P takes over (docs/rules.md §3).
            None => bands.takeover_at() == 0,
        } {
            Wording::DefendersTakeOver
        } else {
            Wording::NoLevelChange
        }
    }
}

impl EntryFigures {
    /// Every problem of these figures' own for a tournament played with `decks`: the part of
    /// [`TableEntry::parse`]'s checks that only the deck count decides.
    fn check(&self, decks: Decks) -> Vec<FieldError> {
        let mut errors = Vec::new();
        let mut err = |field: &'static str, fault: Fault| errors.push(FieldError { field, fault });
        let total = decks.total_points();
        let count = decks.count();
        let points = |what: Points, value: i32, max: i32| {
            if value % 5 != 0 {
                Some(Fault::NotMultipleOf5 { what, value })
            } else if value < 0 || value > max {
                Some(Fault::PointsOutOfRange {
                    what,
                    value,
                    max,
                    decks: count,
                })
            } else {
                None
            }
        };
        if let Some(t) = self.trick_points
            && let Some(fault) = points(Points::Trick, t, total)
        {
            err("trick_points", fault);
        }
        if let Some(k) = self.bottom_points {
            if let Some(fault) = points(Points::Bottom, k, decks.max_bottom_points()) {
                err("bottom_points", fault);
            } else if let Some(t) = self.trick_points
                && t <= total
                && t + k > total
            {
                err(
                    "bottom_points",
                    Fault::PointsExceed {
                        trick: t,
                        bottom: k,
                        total,
                        decks: count,
                    },
                );
            }
        }
        if let Some(c) = self.combo
            && !decks.allows(c)
        {
            err(
                "combo",
                Fault::ComboNotAllowed {
                    combo: c,
                    decks: count,
                    allowed: decks.allowed_combinations(),
                },
            );
        }
        if self.last_trick == Some(LastTrick::Defenders) && self.combo.is_none() {
            err("combo", Fault::ComboMissing);
        }
        if let Some(c @ (Combination::Tractor(l) | Combination::Titanic(l))) = self.combo
            && let Some(max) = decks.max_combo_length(c)
            && l > max
        {
            err(
                "combo_length",
                Fault::ComboTooLong {
                    combo: c,
                    max: max.into(),
                    decks: count,
                },
            );
        }
        for (field, value) in [
            ("declarer_penalty", self.declarer_penalty),
            ("defender_penalty", self.defender_penalty),
        ] {
            if let Some(v) = value
                && (v < 0 || v % 5 != 0 || v > MAX_PENALTY)
            {
                err(
                    field,
                    Fault::Penalty {
                        value: v,
                        max: MAX_PENALTY,
                    },
                );
            }
        }
        if let Some(p) = self.defender_total
            && self.trick_points.is_none()
            && p > MAX_DEFENDER_TOTAL
        {
            err("defender_total", Fault::DefenderTotal { value: p });
        }
        if self.trick_points.is_none() {
            if let Some(p) = self.defender_total {
                if p < 0 || p % 5 != 0 {
                    err("defender_total", Fault::DefenderTotal { value: p });
                }
            } else if self.ruling.is_none() {
                err("trick_points", Fault::NoResult);
            }
        }
        errors
    }

    /// Every problem with these figures, the one validation of a result wherever it comes
    /// from (see [`TableEntry::parse`]).
    fn faults(&self, decks: Decks, bands: Option<&BandTable>, origin: Origin) -> Vec<FieldError> {
        let ruling = match bands {
            Some(bands) => self.check_ruling(decks, bands),
            None => self.check_ruling_bound(),
        };
        let combo = match (self.last_trick, self.combo) {
            (Some(LastTrick::Declarer), Some(_)) => Some(FieldError {
                field: "combo",
                fault: Fault::ComboWithDeclarerLastTrick,
            }),
            (None, Some(combo)) => Some(FieldError {
                field: "last_trick",
                fault: Fault::ComboWithoutLastTrick { combo },
            }),
            _ => None,
        };
        let last_trick = match origin {
            // A combination without the winner is said above, once.
            Origin::Sheet if self.combo.is_none() => {
                bottom_without_last_trick(self).map(|bottom| FieldError {
                    field: "last_trick",
                    fault: Fault::LastTrickMissing { bottom },
                })
            }
            Origin::Sheet | Origin::Archive => None,
        };
        let mut faults = self.check(decks);
        faults.extend(ruling.into_iter().chain(combo).chain(last_trick));
        faults
    }

    /// The TD ruling's problem, if any: a ruling reaches the band table's extremes
    /// ([`ruling_range`]), not beyond.
    fn check_ruling(&self, decks: Decks, bands: &BandTable) -> Option<FieldError> {
        let value = self.ruling?;
        let (min, max) = ruling_range(decks, bands);
        (value < min || value > max).then_some(FieldError {
            field: "ruling",
            fault: Fault::RulingOutOfRange { value, min, max },
        })
    }

    /// A ruling beyond ±[`MAX_RULING`]: the bound every stored ruling keeps, whatever the
    /// band table.
    fn check_ruling_bound(&self) -> Option<FieldError> {
        let value = self.ruling?;
        (value.abs() > MAX_RULING).then_some(FieldError {
            field: "ruling",
            fault: Fault::RulingOutOfRange {
                value,
                min: -MAX_RULING,
                max: MAX_RULING,
            },
        })
    }
}

impl TableEntry {
    /// The one validation of a result, wherever it comes from (the director's grid, the
    /// table page, both previews, approval, an archive's `results.csv`): the entry, or every
    /// problem with `figures` under `decks` and the band table. The checks are
    /// the figures' own checks under the deck count, a ruling within the band table's range of s (or,
    /// without the band table, within ±[`MAX_RULING`]), and no combination when the
    /// declarers won the last trick. A score sheet being typed ([`Origin::Sheet`]) also
    /// refuses bottom points with nobody named for the last trick, as a likely slip; the
    /// archive format allows the row (docs/rules.md §3: the bottom then adds nothing).
    pub fn parse(
        figures: EntryFigures,
        decks: Decks,
        bands: Option<&BandTable>,
        origin: Origin,
    ) -> Result<TableEntry, Vec<FieldError>> {
        let faults = figures.faults(decks, bands, origin);
        if faults.is_empty() {
            Ok(TableEntry { figures })
        } else {
            Err(faults)
        }
    }

    /// An entry read back from the database, and only that: the row was validated by
    /// [`TableEntry::parse`] when it was saved, under the settings of the time, and a later
    /// change of settings is answered by `rules/change.rs`, not by refusing to load the
    /// tournament. Everything typed or read from a file goes through `parse` instead; the
    /// crate's own unit tests use it to build a result without a tournament's settings.
    pub(crate) fn stored(figures: EntryFigures) -> TableEntry {
        TableEntry { figures }
    }

    /// The figures as typed, to show them again or to build a changed entry from them.
    pub fn figures(&self) -> &EntryFigures {
        &self.figures
    }

    pub fn trick_points(&self) -> Option<i32> {
        self.figures.trick_points
    }

    pub fn bottom_points(&self) -> Option<i32> {
        self.figures.bottom_points
    }

    pub fn last_trick(&self) -> Option<LastTrick> {
        self.figures.last_trick
    }

    pub fn combo(&self) -> Option<Combination> {
        self.figures.combo
    }

    pub fn declarer_penalty(&self) -> Option<i32> {
        self.figures.declarer_penalty
    }

    pub fn defender_penalty(&self) -> Option<i32> {
        self.figures.defender_penalty
    }

    /// A TD's table score, overriding the computed one.
    pub fn ruling(&self) -> Option<i32> {
        self.figures.ruling
    }

    /// P as typed, kept only when there are no trick points ("total only"); see
    /// [`TableEntry::defenders_total`] for P itself.
    pub fn defender_total(&self) -> Option<i32> {
        self.figures.defender_total
    }

    /// The defenders' total P (clamped at 0), or `None` when neither trick points nor a
    /// total were given.
    pub(crate) fn defenders_total(&self, policy: MultiplierPolicy) -> Option<i32> {
        let f = &self.figures;
        let Some(t) = f.trick_points else {
            return f.defender_total;
        };
        let bottom = match (f.last_trick, f.combo) {
            (Some(LastTrick::Defenders), Some(c)) => {
                f.bottom_points.unwrap_or(0) * policy.multiplier(c)
            }
            _ => 0,
        };
        let p = t + bottom + f.declarer_penalty.unwrap_or(0) - f.defender_penalty.unwrap_or(0);
        Some(p.max(0))
    }

    /// P, s and the wording, or `None` for an entry with neither a total nor a ruling.
    pub fn outcome(&self, policy: MultiplierPolicy, bands: &BandTable) -> Option<TableOutcome> {
        let p = self.defenders_total(policy);
        match (self.figures.ruling, p) {
            (Some(s), p) => Some(TableOutcome {
                defender_total: p,
                table_score: s,
                ruled: true,
                wording: Wording::of(s, p, bands),
            }),
            (None, Some(p)) => Some(TableOutcome::at_total(p, bands)),
            (None, None) => None,
        }
    }
}

/// Where an entry comes from, for [`TableEntry::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Typed on a score sheet: at the desk or at the table.
    Sheet,
    /// Read from an archive's `results.csv`, as the file format allows it.
    Archive,
}

/// The largest |s| a ruling may give anywhere (archives included).
pub(crate) const MAX_RULING: i32 = 100;

/// The largest penalty one side may be charged on one board (ten decks' card points: far
/// above any real penalty, low enough that no sum of figures can overflow).
pub(crate) const MAX_PENALTY: i32 = 1000;

/// Bottom points in a row with trick points and no winner of the last trick: a form refuses
/// them at the field rather than save P without the bottom.
fn bottom_without_last_trick(entry: &EntryFigures) -> Option<i32> {
    match (entry.trick_points, entry.bottom_points, entry.last_trick) {
        (Some(_), Some(bottom), None) if bottom > 0 => Some(bottom),
        _ => None,
    }
}

/// The largest total P a row may give directly: the card points and a bottom of the
/// greatest multiplier are far below it, and s stays a small number.
pub(crate) const MAX_DEFENDER_TOTAL: i32 = 100_000;

/// The lowest and highest s a TD ruling may give: every s the band table gives for a P
/// from 0 to the largest P a usual deal reaches (every card point and a full bottom taken
/// four times, as a pair in the last trick takes it), for falling and rising tables alike.
pub(crate) fn ruling_range(decks: Decks, bands: &BandTable) -> (i32, i32) {
    let most = decks.total_points() + 4 * decks.max_bottom_points();
    bands.score_range(most)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bands::Preset;

    fn entry(t: i32, k: i32, last: LastTrick, combo: Option<Combination>) -> TableEntry {
        TableEntry::stored(EntryFigures {
            trick_points: Some(t),
            bottom_points: Some(k),
            last_trick: Some(last),
            combo,
            ..EntryFigures::default()
        })
    }

    /// An entry of these figures, checked or not.
    fn of(figures: EntryFigures) -> TableEntry {
        TableEntry::stored(figures)
    }

    #[test]
    fn every_multiplier_of_both_policies() {
        use Combination::*;
        let e = MultiplierPolicy::Exponential;
        let d = MultiplierPolicy::Doubling;
        let cases = [
            (Single, 2, 2),
            (Pair, 4, 4),
            (Tractor(2), 8, 4),
            (Tractor(3), 16, 4),
            (Tractor(4), 32, 4),
            (Triple, 6, 4),
            (Titanic(2), 18, 4),
            (Titanic(3), 54, 4),
        ];
        for (c, exp, dbl) in cases {
            assert_eq!(e.multiplier(c), exp, "exponential {c}");
            assert_eq!(d.multiplier(c), dbl, "doubling {c}");
        }
    }

    #[test]
    fn bottom_counts_only_when_the_defenders_win_the_last_trick() {
        let p = MultiplierPolicy::Exponential;
        let declarer = entry(60, 20, LastTrick::Declarer, None);
        assert_eq!(declarer.defenders_total(p), Some(60));
        let pair = entry(60, 20, LastTrick::Defenders, Some(Combination::Pair));
        assert_eq!(pair.defenders_total(p), Some(60 + 20 * 4));
        let tractor = entry(30, 25, LastTrick::Defenders, Some(Combination::Tractor(2)));
        assert_eq!(tractor.defenders_total(p), Some(30 + 25 * 8));
        assert_eq!(
            tractor.defenders_total(MultiplierPolicy::Doubling),
            Some(30 + 25 * 4)
        );
        // No last trick given counts as the declarers winning it.
        let mut unknown = pair.clone();
        unknown.figures.last_trick = None;
        assert_eq!(unknown.defenders_total(p), Some(60));
    }

    #[test]
    fn penalties_move_p_and_clamp_at_zero() {
        let p = MultiplierPolicy::Exponential;
        let mut e = entry(40, 0, LastTrick::Declarer, None);
        e.figures.declarer_penalty = Some(20);
        assert_eq!(e.defenders_total(p), Some(60));
        e.figures.declarer_penalty = None;
        e.figures.defender_penalty = Some(10);
        assert_eq!(e.defenders_total(p), Some(30));
        e.figures.defender_penalty = Some(50);
        assert_eq!(e.defenders_total(p), Some(0));
    }

    #[test]
    fn total_only_and_ruling() {
        let bands = BandTable::preset(Decks::Two, Preset::Standard).unwrap();
        let p = MultiplierPolicy::Exponential;
        let total_only = of(EntryFigures {
            defender_total: Some(125),
            ..EntryFigures::default()
        });
        let o = total_only.outcome(p, &bands).unwrap();
        assert_eq!(
            (o.defender_total, o.table_score, o.ruled),
            (Some(125), -2, false)
        );
        assert_eq!(o.wording, Wording::DefendersTakeOverUp(2));

        let mut ruled = entry(45, 0, LastTrick::Declarer, None);
        ruled.figures.ruling = Some(-1);
        let o = ruled.outcome(p, &bands).unwrap();
        assert_eq!(
            (o.defender_total, o.table_score, o.ruled),
            (Some(45), -1, true)
        );
        assert_eq!(o.wording, Wording::DefendersTakeOverUp(1));

        let ruling_only = of(EntryFigures {
            ruling: Some(2),
            ..EntryFigures::default()
        });
        let o = ruling_only.outcome(p, &bands).unwrap();
        assert_eq!((o.defender_total, o.table_score), (None, 2));
        assert!(of(EntryFigures::default()).outcome(p, &bands).is_none());
    }

    #[test]
    fn a_ruling_may_give_any_s_of_a_rising_or_falling_table() {
        // Rising: P 0–79 gives −2, P 80–119 gives 1, and the step falls again beyond.
        let rising = BandTable::new(80, vec![(0, -2), (80, 1)], 40).unwrap();
        let ruled = |s| {
            of(EntryFigures {
                ruling: Some(s),
                ..EntryFigures::default()
            })
        };
        assert_eq!(ruling_range(Decks::Two, &rising), (-10, 1));
        assert_eq!(ruled(1).figures.check_ruling(Decks::Two, &rising), None);
        assert_eq!(ruled(-2).figures.check_ruling(Decks::Two, &rising), None);
        assert_eq!(
            ruled(2)
                .figures
                .check_ruling(Decks::Two, &rising)
                .map(|e| e.fault),
            Some(Fault::RulingOutOfRange {
                value: 2,
                min: -10,
                max: 1
            })
        );
        // Falling, as the presets are: s at P = 0 down to s at the largest usual P.
        let standard = BandTable::preset(Decks::Two, Preset::Standard).unwrap();
        assert_eq!(ruling_range(Decks::Two, &standard), (-12, 3));
        // Rising and falling: the highest s sits in the middle.
        let hill = BandTable::new(80, vec![(0, 1), (40, 4), (80, -1)], 40).unwrap();
        assert_eq!(ruling_range(Decks::Two, &hill), (-12, 4));
    }

    #[test]
    fn a_ruling_without_p_is_worded_as_the_table_decides() {
        let p = MultiplierPolicy::Exponential;
        let ruled = |s| {
            of(EntryFigures {
                ruling: Some(s),
                ..EntryFigures::default()
            })
        };
        // Every P ≥ 0 takes over: s = 0 is a takeover whatever P was.
        let all_over = BandTable::new(0, vec![(0, 0), (40, -1)], 40).unwrap();
        let o = ruled(0).outcome(p, &all_over).unwrap();
        assert_eq!(
            (o.defender_total, o.wording),
            (None, Wording::DefendersTakeOver)
        );
        // Any other mark: P might have been below it, and the wording says no more than
        // the row does, even where the table gives 0 only past the mark (one deck's
        // standard: 0 for P 40–79, mark 40).
        let one_deck = BandTable::preset(Decks::One, Preset::Standard).unwrap();
        assert_eq!(
            ruled(0).outcome(p, &one_deck).unwrap().wording,
            Wording::NoLevelChange
        );
        let standard = BandTable::preset(Decks::Two, Preset::Standard).unwrap();
        assert_eq!(
            ruled(0).outcome(p, &standard).unwrap().wording,
            Wording::NoLevelChange
        );
    }

    #[test]
    fn wording_follows_the_table_score() {
        let bands = BandTable::preset(Decks::Two, Preset::NoLevelTakeover).unwrap();
        let p = MultiplierPolicy::Exponential;
        let cases = [
            (0, Wording::DeclarersUp(3)),
            (40, Wording::DeclarersUp(1)),
            (80, Wording::DefendersTakeOver),
            (160, Wording::DefendersTakeOverUp(2)),
        ];
        for (t, wording) in cases {
            let o = entry(t, 0, LastTrick::Declarer, None)
                .outcome(p, &bands)
                .unwrap();
            assert_eq!(o.wording, wording);
        }
        let custom = BandTable::new(100, vec![(0, 1), (50, 0), (100, -1)], 50).unwrap();
        let o = entry(60, 0, LastTrick::Declarer, None)
            .outcome(p, &custom)
            .unwrap();
        assert_eq!(o.wording, Wording::NoLevelChange);
    }

    #[test]
    fn checks_name_the_field() {
        let fields = |e: &TableEntry, d: Decks| -> Vec<&'static str> {
            e.figures.check(d).into_iter().map(|f| f.field).collect()
        };
        assert!(fields(&entry(85, 10, LastTrick::Declarer, None), Decks::Two).is_empty());
        assert_eq!(
            fields(&entry(83, 0, LastTrick::Declarer, None), Decks::Two),
            ["trick_points"]
        );
        assert_eq!(
            fields(&entry(205, 0, LastTrick::Declarer, None), Decks::Two),
            ["trick_points"]
        );
        assert_eq!(
            fields(&entry(150, 85, LastTrick::Declarer, None), Decks::Two),
            ["bottom_points"]
        );
        assert_eq!(
            fields(&entry(150, 60, LastTrick::Declarer, None), Decks::Two),
            ["bottom_points"]
        );
        assert_eq!(
            fields(
                &entry(50, 10, LastTrick::Defenders, Some(Combination::Pair)),
                Decks::One
            ),
            ["combo"]
        );
        assert_eq!(
            fields(
                &entry(50, 10, LastTrick::Defenders, Some(Combination::Triple)),
                Decks::Two
            ),
            ["combo"]
        );
        assert!(
            fields(
                &entry(50, 10, LastTrick::Defenders, Some(Combination::Titanic(2))),
                Decks::Three
            )
            .is_empty()
        );
        assert_eq!(
            fields(&entry(50, 10, LastTrick::Defenders, None), Decks::Two),
            ["combo"]
        );
        let mut pen = entry(50, 0, LastTrick::Declarer, None);
        pen.figures.defender_penalty = Some(-5);
        assert_eq!(fields(&pen, Decks::Two), ["defender_penalty"]);
        assert_eq!(
            fields(&of(EntryFigures::default()), Decks::Two),
            ["trick_points"]
        );
    }

    #[test]
    fn an_entry_is_made_only_from_figures_that_validate() {
        let bands = BandTable::preset(Decks::Two, Preset::Standard).unwrap();
        let figures = EntryFigures {
            trick_points: Some(60),
            bottom_points: Some(10),
            last_trick: Some(LastTrick::Defenders),
            combo: Some(Combination::Pair),
            ..EntryFigures::default()
        };
        let entry = TableEntry::parse(figures.clone(), Decks::Two, Some(&bands), Origin::Sheet);
        assert_eq!(entry.as_ref().map(TableEntry::figures), Ok(&figures));
        assert_eq!(entry.unwrap().trick_points(), Some(60));
        // A combination a single deck does not have: every fault, and no entry.
        let refused = TableEntry::parse(figures, Decks::One, None, Origin::Archive);
        assert_eq!(
            refused.map_err(|e| e.into_iter().map(|f| f.field).collect::<Vec<_>>()),
            Err(vec!["combo"])
        );
        assert!(
            TableEntry::parse(
                EntryFigures::default(),
                Decks::Two,
                Some(&bands),
                Origin::Sheet
            )
            .is_err()
        );
    }

    #[test]
    fn one_validation_holds_every_surface_to_the_same_rules() {
        let bands = BandTable::preset(Decks::Two, Preset::Standard).unwrap();
        let faults = |e: &TableEntry, bands: Option<&BandTable>, origin: Origin| {
            e.figures
                .faults(Decks::Two, bands, origin)
                .into_iter()
                .map(|f| f.field)
                .collect::<Vec<_>>()
        };
        // Bottom points with nobody named for the last trick: a slip on a score sheet,
        // a row the archive format allows.
        let bottom = of(EntryFigures {
            trick_points: Some(60),
            bottom_points: Some(10),
            ..EntryFigures::default()
        });
        assert_eq!(faults(&bottom, Some(&bands), Origin::Sheet), ["last_trick"]);
        assert!(faults(&bottom, Some(&bands), Origin::Archive).is_empty());
        // A combination with the declarers' last trick is refused everywhere.
        let combo = entry(60, 10, LastTrick::Declarer, Some(Combination::Pair));
        for origin in [Origin::Sheet, Origin::Archive] {
            assert_eq!(faults(&combo, Some(&bands), origin), ["combo"]);
        }
        // So is one with nobody named for the last trick, said once at `last_trick` (not
        // also "bottom points without the last trick" on a sheet), with trick points or a
        // total alike.
        let unnamed = of(EntryFigures {
            trick_points: Some(60),
            bottom_points: Some(10),
            combo: Some(Combination::Pair),
            ..EntryFigures::default()
        });
        let total = of(EntryFigures {
            defender_total: Some(95),
            combo: Some(Combination::Single),
            ..EntryFigures::default()
        });
        for origin in [Origin::Sheet, Origin::Archive] {
            assert_eq!(faults(&unnamed, Some(&bands), origin), ["last_trick"]);
            assert_eq!(faults(&total, Some(&bands), origin), ["last_trick"]);
        }
        // A ruling beyond the band table's s, and without the table beyond the bound.
        let (_, max) = ruling_range(Decks::Two, &bands);
        let ruled = |s: i32| {
            of(EntryFigures {
                ruling: Some(s),
                ..EntryFigures::default()
            })
        };
        assert_eq!(
            faults(&ruled(max + 1), Some(&bands), Origin::Sheet),
            ["ruling"]
        );
        assert!(faults(&ruled(max + 1), None, Origin::Archive).is_empty());
        assert_eq!(
            faults(&ruled(MAX_RULING + 1), None, Origin::Archive),
            ["ruling"]
        );
    }
}
