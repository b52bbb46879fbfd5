//! The whole field on a board (docs/rules.md §11): every room's result on a board (its traveller),
//! the datum, Butler scores of pairs, and results that look wrong.
//!
//! A datum is a mean, so it is carried as an exact [`Fraction`]; figures are rounded only
//! where they are shown, once, to hundredths, half away from zero.

use std::cmp::Ordering;
use std::fmt;

use super::cards::Room;
use super::compare::Scorer;
use super::event::{Board, Event, Round, TeamNo};
use super::table::{TableEntry, TableOutcome};

/// An exact rational number: a datum, a Butler total, an average.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: i128,
    /// Always > 0, and the fraction is always in lowest terms.
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    pub const ZERO: Fraction = Fraction { num: 0, den: 1 };

    /// `num / den`; `den` must not be 0.
    pub fn new(num: i128, den: i128) -> Fraction {
        assert!(den != 0, "a fraction needs a denominator");
        let sign = den.signum();
        let g = gcd(num, den).max(1);
        Fraction {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    pub fn whole(n: i64) -> Fraction {
        Fraction::new(i128::from(n), 1)
    }

    pub(crate) fn numerator(self) -> i128 {
        self.num
    }

    pub(crate) fn denominator(self) -> i128 {
        self.den
    }

    /// The mean of `values`, or `None` for none.
    pub fn mean(values: &[i32]) -> Option<Fraction> {
        if values.is_empty() {
            return None;
        }
        let sum: i128 = values.iter().map(|v| i128::from(*v)).sum();
        Some(Fraction::new(sum, values.len() as i128))
    }

    pub fn abs(self) -> Fraction {
        Fraction {
            num: self.num.abs(),
            den: self.den,
        }
    }

    /// Divided by a whole number other than 0.
    pub(crate) fn divided_by(self, n: i64) -> Fraction {
        Fraction::new(self.num, self.den * i128::from(n))
    }

    /// In hundredths, rounded half away from zero: 1/8 → 13, −1/8 → −13.
    pub fn hundredths(self) -> i128 {
        let scaled = self.num.abs() * 100;
        let rounded = (2 * scaled + self.den) / (2 * self.den);
        self.num.signum() * rounded
    }

    /// Two decimals, rounded half away from zero: `1.25`, `-0.50`, `0.00`.
    pub fn two_decimals(self) -> String {
        let h = self.hundredths();
        let sign = if h < 0 { "-" } else { "" };
        format!("{sign}{}.{:02}", h.abs() / 100, h.abs() % 100)
    }

    /// A whole number when it is one, two decimals otherwise: `60`, `62.50`.
    pub fn short(self) -> String {
        if self.den == 1 {
            self.num.to_string()
        } else {
            self.two_decimals()
        }
    }
}

impl std::ops::Add for Fraction {
    type Output = Fraction;
    fn add(self, other: Fraction) -> Fraction {
        Fraction::new(
            self.num * other.den + other.num * self.den,
            self.den * other.den,
        )
    }
}

impl std::ops::Sub for Fraction {
    type Output = Fraction;
    fn sub(self, other: Fraction) -> Fraction {
        self + Fraction::new(-other.num, other.den)
    }
}

impl std::ops::Neg for Fraction {
    type Output = Fraction;
    fn neg(self) -> Fraction {
        Fraction::new(-self.num, self.den)
    }
}

impl From<i32> for Fraction {
    fn from(n: i32) -> Fraction {
        Fraction::whole(i64::from(n))
    }
}

impl Ord for Fraction {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.two_decimals())
    }
}

/// One room's result on a board.
#[derive(Clone, Debug, PartialEq)]
pub struct TravellerRow {
    pub table: i32,
    pub room: Room,
    /// The team that declared in this room, and the team that defended.
    pub declarers: TeamNo,
    pub defenders: TeamNo,
    pub outcome: TableOutcome,
    /// The declaring team's swing on this board in its match, once the other room has a
    /// result (docs/rules.md §5).
    pub swing: Option<i32>,
    /// Whether penalty points were charged to either side.
    pub penalties: bool,
}

impl TravellerRow {
    /// s from the declarers' side.
    pub fn score(&self) -> i32 {
        self.outcome.table_score
    }
}

/// How many rooms scored one result.
#[derive(Clone, Debug, PartialEq)]
pub struct Frequency {
    pub score: i32,
    pub outcome: TableOutcome,
    pub count: usize,
}

/// Every room's result on one board of one round.
#[derive(Clone, Debug, PartialEq)]
pub struct Traveller {
    pub round: i32,
    pub board: Board,
    /// By table, open room first.
    pub rows: Vec<TravellerRow>,
    /// The field's mean s for the declaring side (docs/rules.md §11), `None` without rows.
    pub datum: Option<Fraction>,
    /// Whether the highest and lowest s were dropped from the datum (six rooms or more).
    pub(crate) trimmed: bool,
    /// The mean defenders' total over the rows whose P is known.
    pub(crate) average_p: Option<Fraction>,
    /// Each result with how many rooms scored it, best for the declarers first.
    pub frequencies: Vec<Frequency>,
}

/// The datum of a board from the declaring side's scores: their mean, after dropping the
/// single highest and the single lowest when there are six or more.
pub fn datum(scores: &[i32]) -> Option<Fraction> {
    if scores.len() >= 6 {
        let mut sorted = scores.to_vec();
        sorted.sort_unstable();
        Fraction::mean(&sorted[1..sorted.len() - 1])
    } else {
        Fraction::mean(scores)
    }
}

fn has_penalties(entry: &TableEntry) -> bool {
    entry.declarer_penalty().unwrap_or(0) != 0 || entry.defender_penalty().unwrap_or(0) != 0
}

impl Traveller {
    /// The traveller of board `board` of `round` (every room of the event given with a
    /// result: the public pages give the public event, docs/rules.md §5), or `None` when
    /// the round has no such board.
    pub fn of(scorer: &Scorer, round: &Round, board: i32) -> Option<Traveller> {
        let board = *round.boards.iter().find(|b| b.number == board)?;
        let mut rows = Vec::new();
        for m in &round.matches {
            let Some(away) = m.away else { continue };
            let outcome = |room: Room| {
                m.result(room, board.number)
                    .and_then(|e| scorer.table(e).map(|o| (e, o)))
            };
            for room in Room::BOTH {
                let Some((entry, o)) = outcome(room) else {
                    continue;
                };
                let home_declares = board.dealer.pair() == room.home_pair();
                let (declarers, defenders) = if home_declares {
                    (m.home, away)
                } else {
                    (away, m.home)
                };
                let other = match room {
                    Room::Open => Room::Closed,
                    Room::Closed => Room::Open,
                };
                // In the other room the declaring team sits in the other direction and
                // defends: its score there is −s.
                let swing = outcome(other).map(|(_, other)| o.table_score - other.table_score);
                rows.push(TravellerRow {
                    table: m.table,
                    room,
                    declarers,
                    defenders,
                    outcome: o,
                    swing,
                    penalties: has_penalties(entry),
                });
            }
        }
        rows.sort_by_key(|r| (r.table, r.room));
        let scores: Vec<i32> = rows.iter().map(TravellerRow::score).collect();
        let known_p: Vec<i32> = rows
            .iter()
            .filter_map(|r| r.outcome.defender_total)
            .collect();
        let mut frequencies: Vec<Frequency> = Vec::new();
        for r in &rows {
            match frequencies
                .iter_mut()
                .find(|f| f.score == r.score() && f.outcome.wording == r.outcome.wording)
            {
                Some(f) => f.count += 1,
                None => frequencies.push(Frequency {
                    score: r.score(),
                    outcome: r.outcome,
                    count: 1,
                }),
            }
        }
        frequencies.sort_by_key(|f| std::cmp::Reverse(f.score));
        Some(Traveller {
            round: round.number,
            board,
            datum: datum(&scores),
            trimmed: scores.len() >= 6,
            average_p: Fraction::mean(&known_p),
            frequencies,
            rows,
        })
    }
}

/// A team's two members who played together, named in the order of the team's list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PairOfPlayers {
    pub team: TeamNo,
    pub players: [String; 2],
}

impl PairOfPlayers {
    /// The `players` cell: both names separated by `;`.
    pub(crate) fn players_cell(&self) -> String {
        format!("{};{}", self.players[0], self.players[1])
    }
}

/// One pair's line in the Butler ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct ButlerLine {
    pub rank: usize,
    /// Whether another pair has the same figures (shown `3=`).
    pub shared: bool,
    pub pair: PairOfPlayers,
    pub boards: u32,
    /// The exact sum of the pair's Butler scores.
    pub total: Fraction,
}

impl ButlerLine {
    /// The exact average per board.
    pub(crate) fn per_board(&self) -> Fraction {
        self.total.divided_by(i64::from(self.boards.max(1)))
    }

    /// `3` or `3=`.
    pub(crate) fn rank_label(&self) -> String {
        if self.shared {
            format!("{}=", self.rank)
        } else {
            self.rank.to_string()
        }
    }
}

/// The pair `team` fielded in one room of one match, if the line-up is known.
fn pair_in(
    event: &Event,
    round: i32,
    table: i32,
    room: Room,
    team: TeamNo,
) -> Option<PairOfPlayers> {
    let lineup = event.lineup(round, table, room, team)?;
    let members = event
        .team(team)
        .map(|t| t.members.as_slice())
        .unwrap_or(&[]);
    let position = |name: &String| members.iter().position(|m| m == name);
    let mut players = lineup.players.clone();
    if (position(&players[1]), &players[1]) < (position(&players[0]), &players[0]) {
        players.swap(0, 1);
    }
    Some(PairOfPlayers { team, players })
}

/// The Butler ranking of pairs (docs/rules.md §11) over the rooms that `show` lets through in each
/// round: each pair's score on a board is s − datum when its side declared, datum − s when
/// it defended; rooms without a line-up for a team count for nobody on that side.
pub fn butler(event: &Event) -> Vec<ButlerLine> {
    let scorer = Scorer::new(&event.settings);
    let mut lines: Vec<ButlerLine> = Vec::new();
    let mut add =
        |pair: PairOfPlayers, score: Fraction| match lines.iter_mut().find(|l| l.pair == pair) {
            Some(l) => {
                l.boards += 1;
                l.total = l.total + score;
            }
            None => lines.push(ButlerLine {
                rank: 0,
                shared: false,
                pair,
                boards: 1,
                total: score,
            }),
        };
    for round in &event.rounds {
        for board in &round.boards {
            let Some(t) = Traveller::of(&scorer, round, board.number) else {
                continue;
            };
            let Some(datum) = t.datum else { continue };
            for row in &t.rows {
                let s = Fraction::from(row.score());
                for (team, score) in [(row.declarers, s - datum), (row.defenders, datum - s)] {
                    if let Some(pair) = pair_in(event, round.number, row.table, row.room, team) {
                        add(pair, score);
                    }
                }
            }
        }
    }
    lines.sort_by(|a, b| {
        b.per_board()
            .cmp(&a.per_board())
            .then(b.total.cmp(&a.total))
            .then(a.pair.cmp(&b.pair))
    });
    let figures: Vec<(Fraction, Fraction)> =
        lines.iter().map(|l| (l.per_board(), l.total)).collect();
    for i in 0..lines.len() {
        let first = figures.iter().position(|f| *f == figures[i]).unwrap_or(i);
        lines[i].rank = first + 1;
        lines[i].shared = figures.iter().filter(|f| **f == figures[i]).count() > 1;
    }
    lines
}

/// What one registry player did in an event (docs/rules.md §14): the boards they played (a
/// line-up naming them in a room with a result for the board, over the rooms `event`
/// holds) and the exact sum of their pairs' Butler scores on those boards (§11).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerBoards {
    pub boards: u32,
    pub butler: Fraction,
}

impl PlayerBoards {
    /// The exact Butler average per board, `None` before a board.
    pub fn per_board(&self) -> Option<Fraction> {
        (self.boards > 0).then(|| self.butler.divided_by(i64::from(self.boards)))
    }
}

/// [`PlayerBoards`] of `player` in `event`.
pub fn player_boards(event: &Event, player: crate::rules::player_id::PlayerId) -> PlayerBoards {
    let scorer = Scorer::new(&event.settings);
    let mut played = PlayerBoards {
        boards: 0,
        butler: Fraction::whole(0),
    };
    let names = |round: i32, table: i32, room: Room, team: TeamNo| {
        event
            .lineup(round, table, room, team)
            .is_some_and(|l| l.player_ids.contains(&Some(player)))
    };
    for round in &event.rounds {
        for board in &round.boards {
            let Some(t) = Traveller::of(&scorer, round, board.number) else {
                continue;
            };
            let Some(datum) = t.datum else { continue };
            for row in &t.rows {
                let s = Fraction::from(row.score());
                for (team, score) in [(row.declarers, s - datum), (row.defenders, datum - s)] {
                    if names(round.number, row.table, row.room, team) {
                        played.boards += 1;
                        played.butler = played.butler + score;
                    }
                }
            }
        }
    }
    played
}

/// What makes a result look wrong.
#[derive(Clone, Debug, PartialEq)]
pub enum OddKind {
    /// s is further from the datum than the threshold.
    FarFromField {
        score: i32,
        defender_total: Option<i32>,
        datum: Fraction,
        average_p: Option<Fraction>,
    },
    /// The two rooms of a match swing more than the band table allows within the deck's
    /// card points, and neither room has penalties or a ruling to explain it.
    SwingBeyondBands { swing: i32, limit: i32 },
}

impl OddKind {
    /// How a stored check names the kind.
    pub fn code(&self) -> &'static str {
        match self {
            OddKind::FarFromField { .. } => "field",
            OddKind::SwingBeyondBands { .. } => "swing",
        }
    }
}

/// A result that deserves a second look. A swing concerns both rooms: `room` is `None`.
#[derive(Clone, Debug, PartialEq)]
pub struct OddResult {
    pub round: i32,
    pub board: i32,
    pub table: i32,
    pub room: Option<Room>,
    pub kind: OddKind,
}

impl OddResult {
    /// What identifies the flag when a director marks it as checked:
    /// `round:board:table:room:kind`, room `both` for a swing.
    pub fn key(&self) -> String {
        format!(
            "{}:{}:{}:{}:{}",
            self.round,
            self.board,
            self.table,
            self.room.map_or("both", Room::code),
            self.kind.code()
        )
    }
}

/// The threshold a director starts with: 3 levels.
pub(crate) const DEFAULT_THRESHOLD: i32 = 3;

/// The largest swing the band table gives for defenders' totals within the deck's card
/// points: s at P = 0 minus s at P = all the points.
pub(crate) fn swing_limit(scorer: &Scorer, total_points: i32) -> i32 {
    scorer.bands.table_score(0) - scorer.bands.table_score(total_points)
}

/// Every odd result of round `round` in board, table and room order: results further than
/// `threshold` levels from the datum, and swings beyond [`swing_limit`].
pub fn odd_results(event: &Event, round: &Round, threshold: i32) -> Vec<OddResult> {
    odd_results_at(event, round, threshold, None)
}

/// [`odd_results`] of the match at `table` only (of every match with `None`). The field's
/// figures still come from every table of the board.
pub(crate) fn odd_results_at(
    event: &Event,
    round: &Round,
    threshold: i32,
    table: Option<i32>,
) -> Vec<OddResult> {
    let scorer = Scorer::new(&event.settings);
    let limit = swing_limit(&scorer, event.settings.decks().total_points());
    let mut odd = Vec::new();
    let ours = |t: i32| table.is_none_or(|only| only == t);
    for board in &round.boards {
        let Some(t) = Traveller::of(&scorer, round, board.number) else {
            continue;
        };
        let Some(datum) = t.datum else { continue };
        // The rows of each table, found once rather than by a scan per match.
        let mut by_table: std::collections::HashMap<i32, Vec<&TravellerRow>> =
            std::collections::HashMap::new();
        for row in t.rows.iter().filter(|r| ours(r.table)) {
            by_table.entry(row.table).or_default().push(row);
        }
        for row in t.rows.iter().filter(|r| ours(r.table)) {
            let score = row.score();
            if (Fraction::from(score) - datum).abs() > Fraction::from(threshold) {
                odd.push(OddResult {
                    round: round.number,
                    board: board.number,
                    table: row.table,
                    room: Some(row.room),
                    kind: OddKind::FarFromField {
                        score,
                        defender_total: row.outcome.defender_total,
                        datum,
                        average_p: t.average_p,
                    },
                });
            }
        }
        for m in round.matches.iter().filter(|m| ours(m.table)) {
            let Some([a, b]) = by_table.get(&m.table).map(Vec::as_slice) else {
                continue;
            };
            let explained = |r: &TravellerRow| r.penalties || r.outcome.ruled;
            if let Some(swing) = a.swing
                && swing.abs() > limit
                && !explained(a)
                && !explained(b)
            {
                odd.push(OddResult {
                    round: round.number,
                    board: board.number,
                    table: m.table,
                    room: None,
                    kind: OddKind::SwingBeyondBands {
                        swing: swing.abs(),
                        limit,
                    },
                });
            }
        }
    }
    odd.sort_by_key(|o| (o.board, o.table, o.room.map_or(2, |r| r as u8)));
    odd
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::Seat;
    use crate::rules::compare::tests::board;
    use crate::rules::event::{Lineup, Team};
    use crate::rules::{EntryFigures, Match, Settings, TableResult};

    fn frac(n: i128, d: i128) -> Fraction {
        Fraction::new(n, d)
    }

    #[test]
    fn fractions_round_half_away_from_zero() {
        assert_eq!(frac(1, 8).two_decimals(), "0.13");
        assert_eq!(frac(-1, 8).two_decimals(), "-0.13");
        assert_eq!(frac(1, 3).two_decimals(), "0.33");
        assert_eq!(frac(-2, 3).two_decimals(), "-0.67");
        assert_eq!(frac(5, 1000).two_decimals(), "0.01");
        assert_eq!(frac(-5, 1000).two_decimals(), "-0.01");
        assert_eq!(frac(-1, 1000).two_decimals(), "0.00");
        assert_eq!(frac(7, 2).two_decimals(), "3.50");
        assert_eq!(frac(4, 2), Fraction::whole(2));
        assert_eq!(frac(3, -6), frac(-1, 2));
        assert_eq!(frac(1, 3) + frac(1, 6), frac(1, 2));
        assert_eq!(frac(1, 3) - frac(1, 2), frac(-1, 6));
        assert!(frac(1, 3) > frac(33, 100));
        assert_eq!(frac(125, 2).short(), "62.50");
        assert_eq!(Fraction::whole(60).short(), "60");
    }

    #[test]
    fn the_datum_drops_the_extremes_from_six_rooms() {
        // Five rooms: the plain mean, (3 + 1 + 1 − 1 − 2) / 5 = 2/5.
        assert_eq!(datum(&[3, 1, 1, -1, -2]), Some(frac(2, 5)));
        // Six rooms: drop one 3 and the −4, (3 + 1 + 1 − 1) / 4 = 1.
        assert_eq!(datum(&[3, 3, 1, 1, -1, -4]), Some(Fraction::whole(1)));
        assert_eq!(datum(&[2]), Some(Fraction::whole(2)));
        assert_eq!(datum(&[]), None);
    }

    fn p(room: Room, board: i32, total: i32) -> TableResult {
        TableResult {
            room,
            board,
            entry: TableEntry::stored(EntryFigures {
                defender_total: Some(total),
                ..EntryFigures::default()
            }),
        }
    }

    fn lineup(round: i32, table: i32, room: Room, team: i32, a: &str, b: &str) -> Lineup {
        Lineup {
            player_ids: [None, None],
            round,
            table,
            room,
            team: TeamNo(team),
            players: [a.to_owned(), b.to_owned()],
        }
    }

    /// Two decks, standard bands (P → s: 0 → 3, 5 → 2, 40 → 1, 80 → −1, 120 → −2,
    /// 160 → −3, then −1 per 40). Five teams: round 1 tables 1 (1 v 2) and 2 (3 v 4), team 5
    /// has a bye; boards 1 (dealer N) and 2 (dealer E).
    fn event() -> Event {
        let team = |n: i32, members: &[&str]| Team {
            member_ids: Vec::new(),
            number: TeamNo(n),
            name: format!("T{n}"),
            club: String::new(),
            members: members.iter().map(|m| (*m).to_owned()).collect(),
            withdrawn: false,
        };
        let round1 = Round {
            number: 1,
            boards: vec![board(1, Seat::North), board(2, Seat::East)],
            matches: vec![
                Match {
                    table: 1,
                    home: TeamNo(1),
                    away: Some(TeamNo(2)),
                    results: vec![
                        p(Room::Open, 1, 60),    // s = 1, team 1 declares
                        p(Room::Closed, 1, 100), // s = −1, team 2 declares
                        p(Room::Open, 2, 0),     // s = 3, team 2 declares
                        p(Room::Closed, 2, 40),  // s = 1, team 1 declares
                    ]
                    .into(),
                },
                Match {
                    table: 2,
                    home: TeamNo(3),
                    away: Some(TeamNo(4)),
                    results: vec![
                        p(Room::Open, 1, 20),    // s = 2, team 3 declares
                        p(Room::Closed, 1, 200), // s = −4, team 4 declares
                        p(Room::Open, 2, 80),    // s = −1, team 4 declares
                    ]
                    .into(),
                },
                Match {
                    table: 3,
                    home: TeamNo(5),
                    away: None,
                    results: vec![].into(),
                },
            ]
            .into(),
        };
        // Round 2: team 1 v team 3 at table 1; anne and bob now sit in the closed room.
        let round2 = Round {
            number: 2,
            boards: vec![board(1, Seat::South)],
            matches: vec![Match {
                table: 1,
                home: TeamNo(1),
                away: Some(TeamNo(3)),
                results: vec![p(Room::Open, 1, 40), p(Room::Closed, 1, 5)].into(),
            }]
            .into(),
        };
        let mut settings = Settings::for_tests();
        settings.scoring.method = crate::rules::MatchScoring::Levels;
        Event {
            settings,
            teams: vec![
                team(1, &["anne", "bob", "cai", "dan", "eve"]),
                team(2, &["fay", "gus", "hal", "ida"]),
                team(3, &["jo", "kim", "lu", "mo"]),
                team(4, &["ned", "oz", "pia", "qi"]),
                team(5, &["ray", "sue", "tom", "uma"]),
            ]
            .into(),
            rounds: vec![round1, round2],
            lineups: vec![
                lineup(1, 1, Room::Open, 1, "bob", "anne"),
                lineup(1, 1, Room::Open, 2, "fay", "gus"),
                lineup(1, 1, Room::Closed, 1, "cai", "dan"),
                lineup(1, 1, Room::Closed, 2, "hal", "ida"),
                lineup(1, 2, Room::Open, 3, "jo", "kim"),
                lineup(1, 2, Room::Open, 4, "ned", "oz"),
                lineup(1, 2, Room::Closed, 3, "lu", "mo"),
                lineup(1, 2, Room::Closed, 4, "pia", "qi"),
                lineup(2, 1, Room::Open, 1, "cai", "eve"),
                lineup(2, 1, Room::Open, 3, "jo", "kim"),
                lineup(2, 1, Room::Closed, 1, "anne", "bob"),
                lineup(2, 1, Room::Closed, 3, "lu", "mo"),
            ]
            .into(),
            deals: Default::default(),
        }
    }

    #[test]
    fn a_traveller_lists_every_room_from_the_declarers_side() {
        let e = event();
        let scorer = Scorer::new(&e.settings);
        let t = Traveller::of(&scorer, &e.rounds[0], 1).unwrap();
        let rows: Vec<(i32, Room, i32, i32, i32, Option<i32>)> = t
            .rows
            .iter()
            .map(|r| {
                (
                    r.table,
                    r.room,
                    r.declarers.get(),
                    r.defenders.get(),
                    r.score(),
                    r.swing,
                )
            })
            .collect();
        // Board 1, dealer N: the home team declares in the open room, the away team in the
        // closed one. Table 1: team 1 scores +1 open and +1 closed (team 2's −1): swing 2.
        // Table 2: team 3 scores +2 and +4: swing 6.
        assert_eq!(
            rows,
            [
                (1, Room::Open, 1, 2, 1, Some(2)),
                (1, Room::Closed, 2, 1, -1, Some(-2)),
                (2, Room::Open, 3, 4, 2, Some(6)),
                (2, Room::Closed, 4, 3, -4, Some(-6)),
            ]
        );
        // Four rooms, nothing dropped: (1 − 1 + 2 − 4) / 4 = −1/2.
        assert_eq!(t.datum, Some(frac(-1, 2)));
        assert!(!t.trimmed);
        // (60 + 100 + 20 + 200) / 4 = 95.
        assert_eq!(t.average_p, Some(Fraction::whole(95)));
        let freq: Vec<(i32, usize)> = t.frequencies.iter().map(|f| (f.score, f.count)).collect();
        assert_eq!(freq, [(2, 1), (1, 1), (-1, 1), (-4, 1)]);
        assert!(Traveller::of(&scorer, &e.rounds[0], 9).is_none());
    }

    #[test]
    fn a_room_without_its_other_room_has_no_swing() {
        let e = event();
        let scorer = Scorer::new(&e.settings);
        // Board 2 at table 2 has one room only: no swing yet.
        let t = Traveller::of(&scorer, &e.rounds[0], 2).unwrap();
        assert_eq!(t.rows[2].swing, None);
        assert_eq!(t.rows[2].declarers, TeamNo(4));
    }

    #[test]
    fn butler_scores_pairs_against_the_datum() {
        let e = event();
        let lines = butler(&e);
        let got: Vec<(String, i32, String, u32, String, String)> = lines
            .iter()
            .map(|l| {
                (
                    l.rank_label(),
                    l.pair.team.get(),
                    l.pair.players_cell(),
                    l.boards,
                    l.total.two_decimals(),
                    l.per_board().two_decimals(),
                )
            })
            .collect();
        // Round 1 board 1, datum −1/2 (above). Round 1 board 2 (dealer E, the away team
        // declares in the open room): s = 3 (t1 open, team 2), 1 (t1 closed, team 1),
        // −1 (t2 open, team 4); datum 1. Round 2 board 1 (dealer S): s = 1 (open, team 1
        // declares), 2 (closed, team 3 declares); datum 3/2.
        // anne;bob: r1 open b1 declared 1 − (−1/2) = 3/2; b2 defended 1 − 3 = −2;
        //           r2 closed b1 defended 3/2 − 2 = −1/2. Total −1 over 3 boards.
        // cai;dan: r1 closed b1 defended −1/2 − (−1) = 1/2; b2 declared 1 − 1 = 0. 1/2 over 2.
        // cai;eve: r2 open declared 1 − 3/2 = −1/2.
        // fay;gus: b1 defended −3/2; b2 declared 3 − 1 = 2. 1/2 over 2.
        // hal;ida: b1 declared −1 + 1/2 = −1/2; b2 defended 0. −1/2 over 2.
        // jo;kim: r1 b1 declared 2 + 1/2 = 5/2; b2 defended 1 − (−1) = 2; r2 defended
        //         3/2 − 1 = 1/2. 5 over 3.
        // lu;mo: r1 b1 defended −1/2 + 4 = 7/2; r2 closed declared 2 − 3/2 = 1/2. 4 over 2.
        // ned;oz: b1 defended −5/2; b2 declared −1 − 1 = −2. −9/2 over 2.
        // pia;qi: b1 declared −4 + 1/2 = −7/2 over 1.
        // Team 5 had a bye and has no line-up: it is not ranked.
        let want = [
            ("1", 3, "lu;mo", 2, "4.00", "2.00"),
            ("2", 3, "jo;kim", 3, "5.00", "1.67"),
            ("3=", 1, "cai;dan", 2, "0.50", "0.25"),
            ("3=", 2, "fay;gus", 2, "0.50", "0.25"),
            ("5", 2, "hal;ida", 2, "-0.50", "-0.25"),
            ("6", 1, "anne;bob", 3, "-1.00", "-0.33"),
            ("7", 1, "cai;eve", 1, "-0.50", "-0.50"),
            ("8", 4, "ned;oz", 2, "-4.50", "-2.25"),
            ("9", 4, "pia;qi", 1, "-3.50", "-3.50"),
        ]
        .map(|(r, t, p, b, total, per)| {
            (
                r.to_owned(),
                t,
                p.to_owned(),
                b,
                total.to_owned(),
                per.to_owned(),
            )
        });
        assert_eq!(got, want);
    }

    #[test]
    fn a_pair_in_both_rooms_across_rounds_is_one_pair() {
        let e = event();
        let lines = butler(&e);
        let anne: Vec<&ButlerLine> = lines
            .iter()
            .filter(|l| l.pair.players.contains(&"anne".to_owned()))
            .collect();
        assert_eq!(anne.len(), 1);
        // Named in the team's order although the line-up of round 1 seats bob first.
        assert_eq!(anne[0].pair.players, ["anne".to_owned(), "bob".to_owned()]);
    }

    #[test]
    fn totals_are_summed_exactly_before_rounding() {
        // Three boards of +1/3 each: rounding each to 0.33 would give 0.99; the exact sum
        // is 1.00.
        let third = frac(1, 3);
        let line = ButlerLine {
            rank: 1,
            shared: false,
            pair: PairOfPlayers {
                team: TeamNo(1),
                players: ["a".into(), "b".into()],
            },
            boards: 3,
            total: third + third + third,
        };
        assert_eq!(line.total.two_decimals(), "1.00");
        assert_eq!(line.per_board().two_decimals(), "0.33");
    }

    #[test]
    fn odd_results_far_from_the_field_and_impossible_swings() {
        let e = event();
        // The standard two-deck table gives s from 3 (P = 0) to −4 (P = 200): limit 7.
        let scorer = Scorer::new(&e.settings);
        assert_eq!(swing_limit(&scorer, 200), 7);
        // Board 1 of round 1: datum −1/2; table 2 closed scored −4, 3.5 away: flagged at 3
        // and not at 4. Table 2 open scored 2, 2.5 away.
        let odd = odd_results(&e, &e.rounds[0], 3);
        let keys: Vec<String> = odd.iter().map(OddResult::key).collect();
        assert_eq!(keys, ["1:1:2:closed:field"]);
        assert_eq!(
            odd[0].kind,
            OddKind::FarFromField {
                score: -4,
                defender_total: Some(200),
                datum: frac(-1, 2),
                average_p: Some(Fraction::whole(95)),
            }
        );
        assert!(odd_results(&e, &e.rounds[0], 4).is_empty());

        // A swing of 8: +3 in one room (P = 0) and −5 in the other (P = 240, only with the
        // bottom multiplied); a ruling in either room explains it.
        let mut e = event();
        e.rounds[1].matches[0].results = vec![p(Room::Open, 1, 240), p(Room::Closed, 1, 0)].into();
        let odd = odd_results(&e, &e.rounds[1], 10);
        assert_eq!(
            odd.iter().map(OddResult::key).collect::<Vec<_>>(),
            ["2:1:1:both:swing"]
        );
        assert_eq!(
            odd[0].kind,
            OddKind::SwingBeyondBands { swing: 8, limit: 7 }
        );
        let ruled = &mut e.rounds[1].matches[0].results[0].entry;
        *ruled = TableEntry::stored(EntryFigures {
            ruling: Some(-5),
            ..ruled.figures().clone()
        });
        assert!(odd_results(&e, &e.rounds[1], 10).is_empty());
    }
}
