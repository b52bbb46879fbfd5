//! The rows of a score sheet as a director or a table types them, read into a
//! [`TableEntry`]: every problem named and tied to its field, so that it can be shown in any
//! language. The scoring rules themselves stay in [`TableEntry::parse`]; this module only
//! turns text into figures and names what the rules refuse.

use std::collections::HashSet;

use super::fields::{RESULT_FIELDS, ResultField};
use super::text::read_number;
use super::why::Why;
use crate::rules::bands::BandTable;
use crate::rules::cards::{Combination, Decks, ParseError};
use crate::rules::table::{EntryFigures, Fault, FieldError, Origin, TableEntry};

/// The fields of one score-sheet row, named as in `results.csv` ([`RESULT_FIELDS`]);
/// `combo_length` is the L of `tractor:L` / `titanic:L`, typed apart from the combination's
/// kind.
pub use super::fields::SHEET_FIELDS;

/// One board at one table as typed: the text of each field.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SheetRow {
    pub trick_points: String,
    pub bottom_points: String,
    /// `declarer`, `defenders` or empty.
    pub last_trick: String,
    /// The combination's kind: `single`, `pair`, `tractor`, `triple`, `titanic` or empty
    /// (a full code such as `tractor:3` is read too).
    pub combo: String,
    /// L for a tractor or titanic; empty means 2.
    pub combo_length: String,
    pub declarer_penalty: String,
    pub defender_penalty: String,
    pub ruling: String,
    /// P typed directly ("total only"), when there are no trick points.
    pub defender_total: String,
}

/// What is wrong with one field of a score-sheet row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetProblem {
    /// Not a whole number.
    NotANumber,
    /// A choice that is not offered (last trick, combination kind).
    NotAChoice,
    /// A tractor or titanic without its length, below 2, or longer than a hand holds.
    ComboLength,
    /// A combination although the declarers won the last trick.
    ComboWithDeclarer,
    /// A combination with nobody named as the winner of the last trick.
    ComboWithoutLastTrick,
    /// Bottom points without the winner of the last trick.
    LastTrickMissing,
    /// A TD ruling outside the band table's range of s.
    Ruling { min: i32, max: i32 },
    /// Both trick points and P typed: P is computed from the trick points.
    TotalWithTricks,
    /// Trick points not a multiple of 5 within the deck's total.
    TrickPoints,
    /// Bottom points not a multiple of 5 within the bottom's limit, or with the trick
    /// points over the deck's total.
    BottomPoints,
    /// A combination not possible with this many decks.
    ComboNotAllowed,
    /// The defenders won the last trick but no combination is given.
    ComboMissing,
    /// A penalty below 0 or not a multiple of 5.
    Penalty,
    /// P below 0 or not a multiple of 5.
    DefenderTotal,
    /// Something typed, but neither trick points, P nor a ruling.
    NoResult,
}

/// A problem, its field (one of [`SHEET_FIELDS`]) and, for a rules problem, the rules
/// core's own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetError {
    pub field: &'static str,
    pub problem: SheetProblem,
    pub detail: String,
}

impl SheetRow {
    /// The row as the form shows a stored entry.
    pub fn from_entry(entry: &TableEntry) -> SheetRow {
        let entry = entry.figures();
        let num = |v: Option<i32>| v.map(|v| v.to_string()).unwrap_or_default();
        let (combo, combo_length) = match entry.combo {
            None => (String::new(), String::new()),
            Some(Combination::Tractor(l)) => ("tractor".to_owned(), l.to_string()),
            Some(Combination::Titanic(l)) => ("titanic".to_owned(), l.to_string()),
            Some(c) => (c.to_string(), String::new()),
        };
        SheetRow {
            trick_points: num(entry.trick_points),
            bottom_points: num(entry.bottom_points),
            last_trick: entry
                .last_trick
                .map(|l| l.code().to_owned())
                .unwrap_or_default(),
            combo,
            combo_length,
            declarer_penalty: num(entry.declarer_penalty),
            defender_penalty: num(entry.defender_penalty),
            ruling: num(entry.ruling),
            defender_total: if entry.trick_points.is_none() {
                num(entry.defender_total)
            } else {
                String::new()
            },
        }
    }

    /// The text of field `name` (one of [`SHEET_FIELDS`]; empty for any other name).
    pub fn field(&self, name: &str) -> &str {
        ResultField::named(name).map_or("", |f| self.text(f))
    }

    /// The text of `field`.
    pub fn text(&self, field: ResultField) -> &str {
        match field {
            ResultField::TrickPoints => &self.trick_points,
            ResultField::BottomPoints => &self.bottom_points,
            ResultField::LastTrick => &self.last_trick,
            ResultField::Combo => &self.combo,
            ResultField::ComboLength => &self.combo_length,
            ResultField::DeclarerPenalty => &self.declarer_penalty,
            ResultField::DefenderPenalty => &self.defender_penalty,
            ResultField::Ruling => &self.ruling,
            ResultField::DefenderTotal => &self.defender_total,
        }
    }

    fn text_mut(&mut self, field: ResultField) -> &mut String {
        match field {
            ResultField::TrickPoints => &mut self.trick_points,
            ResultField::BottomPoints => &mut self.bottom_points,
            ResultField::LastTrick => &mut self.last_trick,
            ResultField::Combo => &mut self.combo,
            ResultField::ComboLength => &mut self.combo_length,
            ResultField::DeclarerPenalty => &mut self.declarer_penalty,
            ResultField::DefenderPenalty => &mut self.defender_penalty,
            ResultField::Ruling => &mut self.ruling,
            ResultField::DefenderTotal => &mut self.defender_total,
        }
    }

    /// Builds a row from a lookup of field text by name.
    pub fn from_fields<'a>(mut get: impl FnMut(&str) -> Option<&'a str>) -> SheetRow {
        let mut row = SheetRow::default();
        for r in &RESULT_FIELDS {
            *row.text_mut(r.field) = get(r.name).unwrap_or("").to_owned();
        }
        row
    }

    /// Nothing typed: the board has no result yet at this table.
    pub(crate) fn is_blank(&self) -> bool {
        SHEET_FIELDS.iter().all(|f| self.field(f).trim().is_empty())
    }

    /// The entry this row stands for: `Ok(None)` for a blank row, else the entry or every
    /// problem, by the one validation of a result ([`TableEntry::parse`]) under the
    /// tournament's deck count and band table. The desk, the table page, their previews and
    /// approval all read a row through here.
    pub fn parse(
        &self,
        decks: Decks,
        bands: &BandTable,
    ) -> Result<Option<TableEntry>, Vec<SheetError>> {
        if self.is_blank() {
            return Ok(None);
        }
        let (figures, mut errors) = self.read();
        let unreadable: HashSet<&str> = errors.iter().map(|e| e.field).collect();
        let (entry, faults) =
            match TableEntry::parse(figures.clone(), decks, Some(bands), Origin::Sheet) {
                Ok(entry) => (Some(entry), Vec::new()),
                Err(faults) => (None, faults),
            };
        for e in faults {
            let problem = classify(&e, &figures);
            // A field that did not read has said so already; and with an unreadable figure
            // the row's "no result" is no news.
            let said = unreadable.contains(e.field)
                || (e.field == "combo" && unreadable.contains("combo_length"));
            if said || (problem == SheetProblem::NoResult && !unreadable.is_empty()) {
                continue;
            }
            errors.push(SheetError {
                field: e.field,
                problem,
                detail: Why::from(e.fault).to_string(),
            });
        }
        match entry {
            Some(entry) if errors.is_empty() => Ok(Some(entry)),
            _ => {
                errors.sort_by_key(|e| SHEET_FIELDS.iter().position(|f| *f == e.field));
                Err(errors)
            }
        }
    }

    /// The figures as written, every field read and no rule applied: the words of a row
    /// that was checked when it was saved (the audit trail's values). `None` when a field
    /// does not read.
    pub(crate) fn as_written(&self) -> Option<EntryFigures> {
        let (entry, errors) = self.read();
        errors.is_empty().then_some(entry)
    }

    /// Reads every field: the figures, and the fields that did not read.
    fn read(&self) -> (EntryFigures, Vec<SheetError>) {
        let mut errors = Vec::new();
        let mut number = |field: &'static str, text: &str| match read_number(text) {
            None => None,
            Some(Ok(n)) => Some(n),
            Some(Err(())) => {
                errors.push(SheetError {
                    field,
                    problem: SheetProblem::NotANumber,
                    detail: format!("\"{}\" is not a whole number", text.trim()),
                });
                None
            }
        };
        let trick_points = number("trick_points", &self.trick_points);
        let bottom_points = number("bottom_points", &self.bottom_points);
        let declarer_penalty = number("declarer_penalty", &self.declarer_penalty);
        let defender_penalty = number("defender_penalty", &self.defender_penalty);
        let ruling = number("ruling", &self.ruling);
        let defender_total = number("defender_total", &self.defender_total);
        let length = number("combo_length", &self.combo_length);

        let last_trick = match self.last_trick.trim() {
            "" => None,
            text => text
                .parse()
                .map_err(|e: ParseError| {
                    errors.push(SheetError {
                        field: "last_trick",
                        problem: SheetProblem::NotAChoice,
                        detail: e.to_string(),
                    })
                })
                .ok(),
        };
        let combo = self.read_combo(length, &mut errors);
        if trick_points.is_some() && defender_total.is_some() {
            errors.push(SheetError {
                field: "defender_total",
                problem: SheetProblem::TotalWithTricks,
                detail: "P is computed from the trick points: leave it empty".to_owned(),
            });
        }
        let entry = EntryFigures {
            trick_points,
            bottom_points,
            last_trick,
            combo,
            declarer_penalty,
            defender_penalty,
            ruling,
            defender_total: if trick_points.is_none() {
                defender_total
            } else {
                None
            },
        };
        (entry, errors)
    }

    /// The combination from its kind and length; problems go to `errors`.
    fn read_combo(&self, length: Option<i32>, errors: &mut Vec<SheetError>) -> Option<Combination> {
        let kind = self.combo.trim();
        let code = match kind {
            "" => {
                return None;
            }
            "tractor" | "titanic" => match length {
                None => {
                    errors.push(SheetError {
                        field: "combo_length",
                        problem: SheetProblem::ComboLength,
                        detail: format!("a {kind} needs its length L"),
                    });
                    return None;
                }
                Some(l) if l > i32::from(u8::MAX) => {
                    errors.push(SheetError {
                        field: "combo_length",
                        problem: SheetProblem::ComboLength,
                        detail: format!("a {kind} of {l} is longer than any hand"),
                    });
                    return None;
                }
                Some(l) if l >= 2 => format!("{kind}:{l}"),
                Some(l) => {
                    errors.push(SheetError {
                        field: "combo_length",
                        problem: SheetProblem::ComboLength,
                        detail: format!("a {kind} of {l} is too short: L is 2 or more"),
                    });
                    return None;
                }
            },
            _ => kind.to_owned(),
        };
        code.parse()
            .map_err(|e: ParseError| {
                errors.push(SheetError {
                    field: "combo",
                    problem: SheetProblem::NotAChoice,
                    detail: e.to_string(),
                })
            })
            .ok()
    }
}

/// Names a problem [`TableEntry::parse`] found, by its field and the figures' state.
fn classify(error: &FieldError, entry: &EntryFigures) -> SheetProblem {
    match error.fault {
        Fault::ComboWithDeclarerLastTrick => return SheetProblem::ComboWithDeclarer,
        Fault::ComboWithoutLastTrick { .. } => return SheetProblem::ComboWithoutLastTrick,
        Fault::LastTrickMissing { .. } => return SheetProblem::LastTrickMissing,
        Fault::ComboTooLong { .. } => return SheetProblem::ComboLength,
        Fault::RulingOutOfRange { min, max, .. } => return SheetProblem::Ruling { min, max },
        _ => {}
    }
    match error.field {
        "trick_points" if entry.trick_points.is_some() => SheetProblem::TrickPoints,
        "trick_points" => SheetProblem::NoResult,
        "bottom_points" => SheetProblem::BottomPoints,
        "combo" if entry.combo.is_some() => SheetProblem::ComboNotAllowed,
        "combo" => SheetProblem::ComboMissing,
        "declarer_penalty" | "defender_penalty" => SheetProblem::Penalty,
        _ => SheetProblem::DefenderTotal,
    }
}

/// The kinds of combination a form offers for `decks`, in the order of docs/rules.md §2.
pub(crate) fn combination_kinds(decks: Decks) -> Vec<&'static str> {
    let kinds = [
        ("single", Combination::Single),
        ("pair", Combination::Pair),
        ("tractor", Combination::Tractor(2)),
        ("triple", Combination::Triple),
        ("titanic", Combination::Titanic(2)),
    ];
    kinds
        .into_iter()
        .filter(|(_, c)| decks.allows(*c))
        .map(|(k, _)| k)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::LastTrick;

    fn standard(decks: Decks) -> BandTable {
        BandTable::preset(decks, crate::rules::bands::Preset::Standard).unwrap()
    }

    fn row(fields: &[(&str, &str)]) -> SheetRow {
        SheetRow::from_fields(|name| fields.iter().find(|(k, _)| *k == name).map(|(_, v)| *v))
    }

    fn problems(r: &SheetRow, decks: Decks) -> Vec<(&'static str, SheetProblem)> {
        r.parse(decks, &standard(decks))
            .unwrap_err()
            .into_iter()
            .map(|e| (e.field, e.problem))
            .collect()
    }

    #[test]
    fn a_blank_row_is_no_result() {
        assert_eq!(row(&[]).parse(Decks::Two, &standard(Decks::Two)), Ok(None));
        assert_eq!(
            row(&[("trick_points", "  ")]).parse(Decks::Two, &standard(Decks::Two)),
            Ok(None)
        );
    }

    #[test]
    fn a_full_row_reads_into_an_entry() {
        let r = row(&[
            ("trick_points", "60"),
            ("bottom_points", "20"),
            ("last_trick", "defenders"),
            ("combo", "tractor"),
            ("combo_length", "3"),
            ("declarer_penalty", "10"),
            ("defender_penalty", ""),
            ("ruling", "-1"),
        ]);
        let entry = r.parse(Decks::Two, &standard(Decks::Two)).unwrap().unwrap();
        assert_eq!(
            entry.figures(),
            &EntryFigures {
                trick_points: Some(60),
                bottom_points: Some(20),
                last_trick: Some(LastTrick::Defenders),
                combo: Some(Combination::Tractor(3)),
                declarer_penalty: Some(10),
                defender_penalty: None,
                ruling: Some(-1),
                defender_total: None,
            }
        );
        // And back: the form shows what was stored.
        assert_eq!(SheetRow::from_entry(&entry), r);
        // A tractor without a length is refused at the length, not taken for 2.
        let r = row(&[
            ("trick_points", "60"),
            ("last_trick", "defenders"),
            ("combo", "tractor"),
        ]);
        assert_eq!(
            problems(&r, Decks::Two),
            vec![("combo_length", SheetProblem::ComboLength)]
        );
    }

    #[test]
    fn contradictions_and_out_of_range_values_are_refused_at_their_field() {
        use SheetProblem::*;
        let bands = BandTable::preset(Decks::Two, crate::rules::bands::Preset::Standard).unwrap();
        let check = |fields: &[(&str, &str)]| match row(fields).parse(Decks::Two, &bands) {
            Ok(_) => vec![],
            Err(errors) => errors.into_iter().map(|e| (e.field, e.problem)).collect(),
        };
        // A ruling one column too far (45 for 4) is outside the table's s, -12 to +3
        // (s at P = 200 + 4 x 80 = 520 is -3 - (520 - 160) / 40).
        let range = Ruling { min: -12, max: 3 };
        assert_eq!(
            check(&[("trick_points", "60"), ("ruling", "45")]),
            vec![("ruling", range.clone())]
        );
        assert_eq!(check(&[("ruling", "-12")]), vec![]);
        assert_eq!(check(&[("ruling", "3")]), vec![]);
        assert_eq!(check(&[("ruling", "4")]), vec![("ruling", range.clone())]);
        assert_eq!(check(&[("ruling", "-13")]), vec![("ruling", range.clone())]);
        assert_eq!(check(&[("ruling", "2147483647")]), vec![("ruling", range)]);
        // A combination when the declarers won the last trick.
        assert_eq!(
            check(&[
                ("trick_points", "60"),
                ("last_trick", "declarer"),
                ("combo", "pair")
            ]),
            vec![("combo", ComboWithDeclarer)]
        );
        // Lengths no hand holds, and lengths past a byte.
        for length in ["13", "31", "300", "2147483647"] {
            assert_eq!(
                check(&[
                    ("trick_points", "60"),
                    ("last_trick", "defenders"),
                    ("combo", "tractor"),
                    ("combo_length", length),
                ]),
                vec![("combo_length", ComboLength)],
                "{length}"
            );
        }
        assert_eq!(
            check(&[
                ("trick_points", "60"),
                ("last_trick", "defenders"),
                ("combo", "tractor"),
                ("combo_length", "12"),
            ]),
            vec![]
        );
        // Penalties: multiples of 5 within the card points.
        for penalty in ["2147483645", "1005", "7", "-5"] {
            assert_eq!(
                check(&[("trick_points", "60"), ("declarer_penalty", penalty)]),
                vec![("declarer_penalty", Penalty)],
                "{penalty}"
            );
        }
        assert_eq!(
            check(&[("trick_points", "60"), ("defender_penalty", "1000")]),
            vec![]
        );
    }

    #[test]
    fn total_only_rows_take_p() {
        let entry = row(&[("defender_total", "125")])
            .parse(Decks::Two, &standard(Decks::Two))
            .unwrap()
            .unwrap();
        assert_eq!(entry.defender_total(), Some(125));
        assert_eq!(entry.trick_points(), None);
        assert_eq!(
            problems(
                &row(&[("trick_points", "60"), ("defender_total", "60")]),
                Decks::Two
            ),
            [("defender_total", SheetProblem::TotalWithTricks)]
        );
    }

    #[test]
    fn every_rule_problem_is_named_by_field() {
        use SheetProblem::*;
        type Case<'a> = (
            &'a [(&'a str, &'a str)],
            Decks,
            Vec<(&'a str, SheetProblem)>,
        );
        // No bottom (or a bottom of 0) needs no winner of the last trick.
        assert!(
            row(&[("trick_points", "60"), ("bottom_points", "0")])
                .parse(Decks::Two, &standard(Decks::Two))
                .is_ok()
        );
        let cases: [Case; 10] = [
            (
                &[("trick_points", "83")],
                Decks::Two,
                vec![("trick_points", TrickPoints)],
            ),
            // Bottom points and nobody named for the last trick: refused, not P = 60.
            (
                &[("trick_points", "60"), ("bottom_points", "10")],
                Decks::Two,
                vec![("last_trick", LastTrickMissing)],
            ),
            (
                &[("trick_points", "205")],
                Decks::Two,
                vec![("trick_points", TrickPoints)],
            ),
            (
                &[
                    ("trick_points", "60"),
                    ("bottom_points", "85"),
                    ("last_trick", "declarer"),
                ],
                Decks::Two,
                vec![("bottom_points", BottomPoints)],
            ),
            (
                &[
                    ("trick_points", "150"),
                    ("bottom_points", "60"),
                    ("last_trick", "declarer"),
                ],
                Decks::Two,
                vec![("bottom_points", BottomPoints)],
            ),
            (
                &[
                    ("trick_points", "50"),
                    ("last_trick", "defenders"),
                    ("combo", "triple"),
                ],
                Decks::Two,
                vec![("combo", ComboNotAllowed)],
            ),
            (
                &[("trick_points", "50"), ("last_trick", "defenders")],
                Decks::Two,
                vec![("combo", ComboMissing)],
            ),
            (
                &[("trick_points", "8o"), ("bottom_points", "90")],
                Decks::Two,
                vec![
                    ("trick_points", NotANumber),
                    ("bottom_points", BottomPoints),
                ],
            ),
            (
                &[
                    ("trick_points", "40"),
                    ("defender_penalty", "-5"),
                    ("last_trick", "x"),
                ],
                Decks::Two,
                vec![("last_trick", NotAChoice), ("defender_penalty", Penalty)],
            ),
            (
                &[("bottom_points", "20")],
                Decks::Two,
                vec![("trick_points", NoResult)],
            ),
        ];
        for (fields, decks, expected) in cases {
            assert_eq!(problems(&row(fields), decks), expected, "{fields:?}");
        }
        assert_eq!(
            problems(
                &row(&[
                    ("trick_points", "50"),
                    ("combo", "tractor"),
                    ("combo_length", "1")
                ]),
                Decks::Two
            ),
            [("combo_length", ComboLength)]
        );
        assert_eq!(
            problems(&row(&[("defender_total", "abc")]), Decks::Two),
            [("defender_total", NotANumber)]
        );
        assert_eq!(
            problems(&row(&[("defender_total", "-5")]), Decks::Two),
            [("defender_total", DefenderTotal)]
        );
    }

    #[test]
    fn combinations_offered_per_deck_count() {
        assert_eq!(combination_kinds(Decks::One), ["single"]);
        assert_eq!(combination_kinds(Decks::Two), ["single", "pair", "tractor"]);
        assert_eq!(combination_kinds(Decks::Three).len(), 5);
    }
}
