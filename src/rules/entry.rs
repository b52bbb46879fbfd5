//! What a director types in by hand, read and checked: a new round's boards, a round's
//! pairings and the rows of a score sheet. Pure: the web layer hands in the text of the
//! form fields and gets domain values or every problem, each tied to its field.
//!
//! The scoring rules themselves stay in [`TableEntry::check`]; this module only turns text
//! into a [`TableEntry`] and names the problems so that they can be shown in any language.

use std::collections::{HashMap, HashSet};

use super::cards::{Combination, Decks, Level, Room, Seat, Trump};
use super::event::{Board, Match, Team};
use super::table::{FieldError, TableEntry};
use super::why::Why;

/// The most boards a round may have when it is created by hand.
pub const MAX_BOARDS: i32 = 64;

/// The dealer of board `number` in a new round: N, E, S, W, N, … by board number.
pub fn default_dealer(number: i32) -> Seat {
    Seat::ALL[usize::try_from((number - 1).rem_euclid(4)).unwrap_or(0)]
}

/// A new round's boards 1..=`count`, dealers rotating, each on `level` with `trump`.
pub fn new_boards(count: i32, level: Level, trump: Option<Trump>) -> Vec<Board> {
    (1..=count)
        .map(|number| Board {
            number,
            dealer: default_dealer(number),
            level,
            trump,
        })
        .collect()
}

/// Whether the home team declares `board` in `room` (docs/rules.md §1, §4): the pair in the
/// dealer's direction declares, and the home team sits NS in the open room.
pub fn home_declares(board: &Board, room: Room) -> bool {
    board.dealer.pair() == room.home_pair()
}

/// Reads a whole number as typed: spaces trimmed, full-width digits and minus (as a
/// Chinese input method writes them) read as ASCII. `None` for an empty field.
pub fn read_number(text: &str) -> Option<Result<i32, ()>> {
    let ascii: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
            '－' | '−' => '-',
            '＋' => '+',
            c => c,
        })
        .collect();
    if ascii.is_empty() {
        None
    } else {
        Some(ascii.parse::<i32>().map_err(|_| ()))
    }
}

// ---------------------------------------------------------------------------------------
// Score-sheet rows

/// The fields of one score-sheet row, named as in `results.csv`; `combo_length` is the L of
/// `tractor:L` / `titanic:L`, typed apart from the combination's kind.
pub const SHEET_FIELDS: [&str; 9] = [
    "trick_points",
    "bottom_points",
    "last_trick",
    "combo",
    "combo_length",
    "declarer_penalty",
    "defender_penalty",
    "ruling",
    "defender_total",
];

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

    /// The text of field `name` (one of [`SHEET_FIELDS`]).
    pub fn field(&self, name: &str) -> &str {
        match name {
            "trick_points" => &self.trick_points,
            "bottom_points" => &self.bottom_points,
            "last_trick" => &self.last_trick,
            "combo" => &self.combo,
            "combo_length" => &self.combo_length,
            "declarer_penalty" => &self.declarer_penalty,
            "defender_penalty" => &self.defender_penalty,
            "ruling" => &self.ruling,
            "defender_total" => &self.defender_total,
            _ => "",
        }
    }

    /// Builds a row from a lookup of field text by name.
    pub fn from_fields<'a>(mut get: impl FnMut(&str) -> Option<&'a str>) -> SheetRow {
        let mut f = |name: &str| get(name).unwrap_or("").to_owned();
        SheetRow {
            trick_points: f("trick_points"),
            bottom_points: f("bottom_points"),
            last_trick: f("last_trick"),
            combo: f("combo"),
            combo_length: f("combo_length"),
            declarer_penalty: f("declarer_penalty"),
            defender_penalty: f("defender_penalty"),
            ruling: f("ruling"),
            defender_total: f("defender_total"),
        }
    }

    /// Nothing typed: the board has no result yet at this table.
    pub fn is_blank(&self) -> bool {
        SHEET_FIELDS.iter().all(|f| self.field(f).trim().is_empty())
    }

    /// The entry this row stands for: `Ok(None)` for a blank row, else the entry or every
    /// problem. The rules are [`TableEntry::check`]'s.
    pub fn parse(&self, decks: Decks) -> Result<Option<TableEntry>, Vec<SheetError>> {
        self.parse_with(decks, None)
    }

    /// [`SheetRow::parse`], and with the band table a ruling is checked against its range.
    pub fn parse_with(
        &self,
        decks: Decks,
        bands: Option<&super::bands::BandTable>,
    ) -> Result<Option<TableEntry>, Vec<SheetError>> {
        if self.is_blank() {
            return Ok(None);
        }
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
                .map_err(|e: super::cards::ParseError| {
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
        let entry = TableEntry {
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
        let unreadable: HashSet<&str> = errors.iter().map(|e| e.field).collect();
        let ruling = bands.and_then(|b| entry.check_ruling(decks, b));
        let combo = super::table::combo_with_declarer_last_trick(&entry).then_some(FieldError {
            field: "combo",
            why: Why::ComboWithDeclarerLastTrick,
        });
        for e in entry.check(decks).into_iter().chain(ruling).chain(combo) {
            let problem = classify(&e, &entry);
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
                detail: e.why.to_string(),
            });
        }
        if errors.is_empty() {
            Ok(Some(entry))
        } else {
            errors.sort_by_key(|e| SHEET_FIELDS.iter().position(|f| *f == e.field));
            Err(errors)
        }
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
            .map_err(|e: super::cards::ParseError| {
                errors.push(SheetError {
                    field: "combo",
                    problem: SheetProblem::NotAChoice,
                    detail: e.to_string(),
                })
            })
            .ok()
    }
}

/// Names a problem [`TableEntry::check`] found, by its field and the entry's state.
fn classify(error: &FieldError, entry: &TableEntry) -> SheetProblem {
    match error.why {
        Why::ComboWithDeclarerLastTrick => return SheetProblem::ComboWithDeclarer,
        Why::ComboTooLong { .. } => return SheetProblem::ComboLength,
        Why::RulingOutOfRange { min, max, .. } => return SheetProblem::Ruling { min, max },
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
pub fn combination_kinds(decks: Decks) -> Vec<&'static str> {
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

// ---------------------------------------------------------------------------------------
// Pairings

/// One pairing row as typed: table number, home and away team numbers (empty away: a bye).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairingRow {
    pub table: String,
    pub home: String,
    pub away: String,
}

impl PairingRow {
    pub fn is_blank(&self) -> bool {
        self.home.trim().is_empty() && self.away.trim().is_empty()
    }
}

/// A checked pairing: team numbers of the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub table: i32,
    pub home: i32,
    /// `None`: a bye for the home team.
    pub away: Option<i32>,
}

impl Pairing {
    pub fn of(m: &Match) -> Pairing {
        Pairing {
            table: m.table,
            home: m.home,
            away: m.away,
        }
    }
}

/// What is wrong with a pairing row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingProblem {
    /// The table number is missing, not a number or below 1.
    BadTable,
    /// Another row already has this table number.
    TableTwice(i32),
    /// Teams are given but no home team.
    NoHome,
    /// Not a team of the tournament.
    UnknownTeam(String),
    /// A withdrawn team that was not in this round's pairings before.
    Withdrawn(i32),
    /// The team already plays at another table of the round.
    TeamTwice { team: i32, table: i32 },
    /// Home and away are the same team.
    SameTeam(i32),
    /// The match at this table has results, and this would change or remove it.
    HasResults(i32),
    /// The round's results have begun and it has not been unlocked: no re-pairing.
    RoundLocked,
}

/// A problem with a pairing: the row (index among the rows given; `None` for the form as a
/// whole) and the field (`table`, `home`, `away`, or `row`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingError {
    pub row: Option<usize>,
    pub field: &'static str,
    pub problem: PairingProblem,
}

/// Checks a round's pairings as typed, against the tournament's `teams` and the round's
/// `saved` matches (a match with results cannot change or disappear). Blank rows are
/// skipped. The pairings come back by table number.
pub fn check_pairings(
    rows: &[PairingRow],
    teams: &[Team],
    saved: &[Match],
) -> Result<Vec<Pairing>, Vec<PairingError>> {
    let known: HashMap<i32, &Team> = teams.iter().map(|t| (t.number, t)).collect();
    let already: HashSet<i32> = saved
        .iter()
        .flat_map(|m| std::iter::once(m.home).chain(m.away))
        .collect();
    let mut errors = Vec::new();
    let mut pairings = Vec::new();
    let mut tables: HashMap<i32, usize> = HashMap::new();
    let mut playing: HashMap<i32, i32> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        if row.is_blank() {
            continue;
        }
        let mut err = |field: &'static str, problem: PairingProblem| {
            errors.push(PairingError {
                row: Some(i),
                field,
                problem,
            })
        };
        let table = match read_number(&row.table) {
            Some(Ok(t)) if t >= 1 => Some(t),
            _ => {
                err("table", PairingProblem::BadTable);
                None
            }
        };
        if let Some(t) = table
            && tables.insert(t, i).is_some()
        {
            err("table", PairingProblem::TableTwice(t));
        }
        let mut team = |field: &'static str, text: &str| -> Option<i32> {
            let text = text.trim();
            if text.is_empty() {
                return None;
            }
            match read_number(text) {
                Some(Ok(n)) if known.contains_key(&n) => {
                    if known[&n].withdrawn && !already.contains(&n) {
                        err(field, PairingProblem::Withdrawn(n));
                        None
                    } else {
                        Some(n)
                    }
                }
                _ => {
                    err(field, PairingProblem::UnknownTeam(text.to_owned()));
                    None
                }
            }
        };
        let home = team("home", &row.home);
        let away = team("away", &row.away);
        if row.home.trim().is_empty() {
            err("home", PairingProblem::NoHome);
        }
        if let (Some(h), Some(a)) = (home, away)
            && h == a
        {
            err("away", PairingProblem::SameTeam(h));
        }
        for (field, team) in [("home", home), ("away", away)] {
            if let (Some(n), Some(t)) = (team, table)
                && home != away
            {
                match playing.get(&n) {
                    Some(&other) => err(
                        field,
                        PairingProblem::TeamTwice {
                            team: n,
                            table: other,
                        },
                    ),
                    None => {
                        playing.insert(n, t);
                    }
                }
            }
        }
        if let (Some(table), Some(home)) = (table, home) {
            pairings.push((i, Pairing { table, home, away }));
        }
    }
    // A match with results keeps its table and its teams.
    for m in saved.iter().filter(|m| !m.results.is_empty()) {
        let same = pairings.iter().find(|(_, p)| p.table == m.table);
        match same {
            Some((_, p)) if *p == Pairing::of(m) => {}
            Some((i, _)) => errors.push(PairingError {
                row: Some(*i),
                field: "row",
                problem: PairingProblem::HasResults(m.table),
            }),
            None => errors.push(PairingError {
                row: None,
                field: "row",
                problem: PairingProblem::HasResults(m.table),
            }),
        }
    }
    if errors.is_empty() {
        let mut pairings: Vec<Pairing> = pairings.into_iter().map(|(_, p)| p).collect();
        pairings.sort_by_key(|p| p.table);
        Ok(pairings)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::LastTrick;
    use crate::rules::event::TableResult;

    #[test]
    fn dealers_rotate_by_board_number() {
        let seats: Vec<&str> = (1..=9).map(|n| default_dealer(n).code()).collect();
        assert_eq!(seats, ["N", "E", "S", "W", "N", "E", "S", "W", "N"]);
        let level: Level = "5".parse().unwrap();
        let boards = new_boards(6, level, Some(Trump::Hearts));
        assert_eq!(boards.len(), 6);
        assert_eq!(boards[5].number, 6);
        assert_eq!(boards[5].dealer, Seat::East);
        assert!(
            boards
                .iter()
                .all(|b| b.level == level && b.trump == Some(Trump::Hearts))
        );
    }

    #[test]
    fn who_declares_follows_dealer_and_room() {
        let board = |dealer| Board {
            number: 1,
            dealer,
            level: "2".parse().unwrap(),
            trump: None,
        };
        assert!(home_declares(&board(Seat::North), Room::Open));
        assert!(!home_declares(&board(Seat::North), Room::Closed));
        assert!(!home_declares(&board(Seat::West), Room::Open));
        assert!(home_declares(&board(Seat::West), Room::Closed));
    }

    #[test]
    fn numbers_read_as_typed() {
        assert_eq!(read_number(" 85 "), Some(Ok(85)));
        assert_eq!(read_number("８５"), Some(Ok(85)));
        assert_eq!(read_number("－１"), Some(Ok(-1)));
        assert_eq!(read_number("-2"), Some(Ok(-2)));
        assert_eq!(read_number(""), None);
        assert_eq!(read_number("  "), None);
        assert_eq!(read_number("8o"), Some(Err(())));
        assert_eq!(read_number("85.0"), Some(Err(())));
    }

    fn row(fields: &[(&str, &str)]) -> SheetRow {
        SheetRow::from_fields(|name| fields.iter().find(|(k, _)| *k == name).map(|(_, v)| *v))
    }

    fn problems(r: &SheetRow, decks: Decks) -> Vec<(&'static str, SheetProblem)> {
        r.parse(decks)
            .unwrap_err()
            .into_iter()
            .map(|e| (e.field, e.problem))
            .collect()
    }

    #[test]
    fn a_blank_row_is_no_result() {
        assert_eq!(row(&[]).parse(Decks::Two), Ok(None));
        assert_eq!(row(&[("trick_points", "  ")]).parse(Decks::Two), Ok(None));
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
        let entry = r.parse(Decks::Two).unwrap().unwrap();
        assert_eq!(
            entry,
            TableEntry {
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
        let bands = crate::rules::bands::BandTable::preset(
            Decks::Two,
            crate::rules::bands::Preset::Standard,
        )
        .unwrap();
        let check = |fields: &[(&str, &str)]| match row(fields).parse_with(Decks::Two, Some(&bands))
        {
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
            .parse(Decks::Two)
            .unwrap()
            .unwrap();
        assert_eq!(entry.defender_total, Some(125));
        assert_eq!(entry.trick_points, None);
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
        let cases: [Case; 9] = [
            (
                &[("trick_points", "83")],
                Decks::Two,
                vec![("trick_points", TrickPoints)],
            ),
            (
                &[("trick_points", "205")],
                Decks::Two,
                vec![("trick_points", TrickPoints)],
            ),
            (
                &[("trick_points", "60"), ("bottom_points", "85")],
                Decks::Two,
                vec![("bottom_points", BottomPoints)],
            ),
            (
                &[("trick_points", "150"), ("bottom_points", "60")],
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

    fn team(number: i32, withdrawn: bool) -> Team {
        Team {
            number,
            name: format!("T{number}"),
            club: String::new(),
            members: vec![],
            withdrawn,
        }
    }

    fn prow(table: &str, home: &str, away: &str) -> PairingRow {
        PairingRow {
            table: table.into(),
            home: home.into(),
            away: away.into(),
        }
    }

    #[test]
    fn pairings_are_checked_row_by_row() {
        use PairingProblem::*;
        let teams: Vec<Team> = (1..=5).map(|n| team(n, n == 5)).collect();
        let ok = check_pairings(
            &[
                prow("2", "3", "4"),
                prow("1", "2", "1"),
                prow("3", "", ""),
                prow("3", "5", ""),
            ],
            &teams[..4],
            &[],
        );
        assert!(ok.is_err(), "team 5 is unknown among four teams");
        let ok = check_pairings(
            &[prow("2", "3", "4"), prow("1", "2", "1"), prow("", "", "")],
            &teams,
            &[],
        )
        .unwrap();
        assert_eq!(
            ok,
            [
                Pairing {
                    table: 1,
                    home: 2,
                    away: Some(1)
                },
                Pairing {
                    table: 2,
                    home: 3,
                    away: Some(4)
                },
            ]
        );
        let bye = check_pairings(&[prow("3", "1", "")], &teams, &[]).unwrap();
        assert_eq!(bye[0].away, None);

        let errors = check_pairings(
            &[
                prow("1", "1", "2"),
                prow("1", "3", "3"),
                prow("2", "9", "2"),
                prow("x", "4", ""),
                prow("4", "", "4"),
                prow("5", "5", ""),
            ],
            &teams,
            &[],
        )
        .unwrap_err();
        let got: Vec<(Option<usize>, &str, PairingProblem)> = errors
            .into_iter()
            .map(|e| (e.row, e.field, e.problem))
            .collect();
        assert_eq!(
            got,
            [
                (Some(1), "table", TableTwice(1)),
                (Some(1), "away", SameTeam(3)),
                (Some(2), "home", UnknownTeam("9".into())),
                (Some(2), "away", TeamTwice { team: 2, table: 1 }),
                (Some(3), "table", BadTable),
                (Some(4), "home", NoHome),
                (Some(5), "home", Withdrawn(5)),
            ]
        );
    }

    #[test]
    fn matches_with_results_keep_their_pairing() {
        let teams: Vec<Team> = (1..=5).map(|n| team(n, n == 5)).collect();
        let played = Match {
            table: 1,
            home: 1,
            away: Some(5),
            results: vec![TableResult {
                room: Room::Open,
                board: 1,
                entry: TableEntry {
                    trick_points: Some(40),
                    ..TableEntry::default()
                },
            }],
        };
        let unplayed = Match {
            table: 2,
            home: 2,
            away: Some(3),
            results: vec![],
        };
        let saved = [played, unplayed];
        // Withdrawn team 5 stays where it was; the unplayed match may change.
        assert!(
            check_pairings(
                &[prow("1", "1", "5"), prow("2", "3", "2"), prow("3", "4", "")],
                &teams,
                &saved
            )
            .is_ok()
        );
        let swapped = check_pairings(&[prow("1", "5", "1"), prow("2", "2", "3")], &teams, &saved)
            .unwrap_err();
        assert_eq!(swapped[0].row, Some(0));
        assert_eq!(swapped[0].problem, PairingProblem::HasResults(1));
        let removed = check_pairings(&[prow("2", "2", "3")], &teams, &saved).unwrap_err();
        assert_eq!(
            removed,
            [PairingError {
                row: None,
                field: "row",
                problem: PairingProblem::HasResults(1)
            }]
        );
    }
}
