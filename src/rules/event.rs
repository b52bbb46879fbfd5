//! A whole tournament as data: its settings, teams, rounds, boards, matches and table
//! results. The archive reads and writes this; the database stores and loads it.

/// The highest round number a tournament may have.
pub const MAX_ROUND: i32 = 999;
/// The highest team (and table) number.
pub(crate) const MAX_TEAM_NUMBER: i32 = 99_999;
/// The most boards a round may have when it is created by hand.
pub(crate) const MAX_BOARDS: i32 = 64;

use std::sync::Arc;

use super::cards::{Level, Room, Seat, Trump};
use super::settings::Settings;
use super::table::TableEntry;

use super::player_id::PlayerId;
pub use super::team_no::TeamNo;

/// A part of an event shared between its revisions: a clone is a reference to the same
/// data, and the first change through a clone copies that part alone (copy on write). The
/// live snapshots hold each revision of an event whole, so a save of one match copies the
/// list of its round's matches and that match's results, and shares the teams, the other
/// rounds, the other matches' results and the line-ups with the revision before
/// (`web::live::Snapshot::next`). It reads as the `T` it holds.
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }

    /// Whether `a` and `b` are the same data (not merely equal): what a revision did not
    /// touch is the same as in the revision before.
    pub fn same(a: &Shared<T>, b: &Shared<T>) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        Shared(self.0.clone())
    }
}

impl<T: Default> Default for Shared<T> {
    fn default() -> Shared<T> {
        Shared::new(T::default())
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Shared<T> {
        Shared::new(value)
    }
}

impl<T> FromIterator<T> for Shared<Vec<T>> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Shared<Vec<T>> {
        Shared::new(items.into_iter().collect())
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// A change copies the data first when another revision shares it.
impl<T: Clone> std::ops::DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        Shared::same(self, other) || *self.0 == *other.0
    }
}

impl<T: Eq> Eq for Shared<T> {}

impl<T: std::fmt::Debug> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<'a, T> IntoIterator for &'a Shared<Vec<T>> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut Shared<Vec<T>> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        Arc::make_mut(&mut self.0).iter_mut()
    }
}

/// An entrant. Teams are known by their number within the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    pub number: TeamNo,
    pub name: String,
    pub club: String,
    pub members: Vec<String>,
    /// The registry player each member is linked to (`member_ids` of `teams.csv`,
    /// docs/rules.md §14), in the order of `members`; empty when no member is linked.
    pub member_ids: Vec<Option<PlayerId>>,
    /// A team that left the event: it keeps its results but is paired no more. Not part of
    /// `teams.csv`.
    pub withdrawn: bool,
}

impl Team {
    /// The registry player the member at `index` (from 0) is linked to.
    pub fn member_id(&self, index: usize) -> Option<PlayerId> {
        self.member_ids.get(index).copied().flatten()
    }

    /// The registry player the member named `name` is linked to (the first member of that
    /// name).
    pub fn id_of(&self, name: &str) -> Option<PlayerId> {
        let index = self.members.iter().position(|m| m == name)?;
        self.member_id(index)
    }

    /// Whether some member is linked to a registry player.
    pub fn has_links(&self) -> bool {
        self.member_ids.iter().any(Option::is_some)
    }
}

/// A pre-dealt deal with its conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub number: i32,
    pub dealer: Seat,
    pub level: Level,
    pub trump: Option<Trump>,
}

/// One board's result at one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    pub room: Room,
    pub board: i32,
    pub entry: TableEntry,
}

/// The rooms whose results differ between two versions of a match's results (order of the
/// rows does not matter).
pub(crate) fn rooms_changed(before: &[TableResult], after: &[TableResult]) -> Vec<Room> {
    fn of(list: &[TableResult], room: Room) -> Vec<(i32, &TableEntry)> {
        let mut rows: Vec<(i32, &TableEntry)> = list
            .iter()
            .filter(|r| r.room == room)
            .map(|r| (r.board, &r.entry))
            .collect();
        rows.sort_by_key(|(board, _)| *board);
        rows
    }
    Room::BOTH
        .into_iter()
        .filter(|&room| of(before, room) != of(after, room))
        .collect()
}

/// Two teams meeting at a numbered table pair; `away` is `None` for a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub table: i32,
    pub home: TeamNo,
    pub away: Option<TeamNo>,
    /// Shared with the revision before when this match's results did not change.
    pub results: Shared<Vec<TableResult>>,
}

impl Match {
    pub(crate) fn is_bye(&self) -> bool {
        self.away.is_none()
    }

    pub fn result(&self, room: Room, board: i32) -> Option<&TableEntry> {
        self.results
            .iter()
            .find(|r| r.room == room && r.board == board)
            .map(|r| &r.entry)
    }
}

/// Matches played at the same time on the same boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub number: i32,
    pub boards: Vec<Board>,
    /// Shared with the revision before when no match of the round changed.
    pub matches: Shared<Vec<Match>>,
}

/// Which two members of a team sat in one room of one match (`lineups.csv`): `players[0]`
/// sat North or East, `players[1]` South or West.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lineup {
    pub round: i32,
    pub table: i32,
    pub room: Room,
    pub team: TeamNo,
    pub players: [String; 2],
    /// The registry players the two are linked to (`player_ids` of `lineups.csv`, docs/rules.md
    /// §14): always those their team's members are linked to.
    pub player_ids: [Option<PlayerId>; 2],
}

/// A whole tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub settings: Settings,
    pub teams: Shared<Vec<Team>>,
    pub rounds: Vec<Round>,
    /// Who sat where; empty when the event does not record line-ups.
    pub lineups: Shared<Vec<Lineup>>,
    /// The cards of the boards that have them, and every dealing seed ever set (docs/rules.md
    /// §13).
    pub deals: super::deal::Deals,
}

impl Event {
    /// Puts everything in the order the archive writes it: teams by number, rounds by
    /// number, boards by number, matches by table, results by room then board. A part in
    /// order already is left as it is (and stays shared with the revision before).
    pub fn sort(&mut self) {
        if !self.teams.is_sorted_by_key(|t| t.number) {
            self.teams.sort_by_key(|t| t.number);
        }
        self.rounds.sort_by_key(|r| r.number);
        for round in &mut self.rounds {
            round.boards.sort_by_key(|b| b.number);
            if !round.matches.is_sorted_by_key(|m| m.table) {
                round.matches.sort_by_key(|m| m.table);
            }
            let in_order = |m: &Match| m.results.is_sorted_by_key(|r| (r.room, r.board));
            if !round.matches.iter().all(in_order) {
                for m in &mut round.matches {
                    if !in_order(m) {
                        m.results.sort_by_key(|r| (r.room, r.board));
                    }
                }
            }
        }
        self.deals.sort();
        let key = |l: &Lineup| (l.round, l.table, l.room, l.team);
        if !self.lineups.is_sorted_by_key(key) {
            self.lineups.sort_by_key(key);
        }
    }

    /// The line-up of `team` in one room of one match.
    pub fn lineup(&self, round: i32, table: i32, room: Room, team: TeamNo) -> Option<&Lineup> {
        self.lineups
            .iter()
            .find(|l| l.round == round && l.table == table && l.room == room && l.team == team)
    }

    /// Team `number`: found by halving when the teams are in number order, as every
    /// loaded, imported or sorted event has them (a page of 5,000 teams names each team of
    /// 2,500 matches), else by looking through them.
    pub fn team(&self, number: TeamNo) -> Option<&Team> {
        match self.teams.binary_search_by_key(&number, |t| t.number) {
            Ok(at) => Some(&self.teams[at]),
            _ => self.teams.iter().find(|t| t.number == number),
        }
    }

    /// How many table results the event holds.
    pub fn result_count(&self) -> usize {
        self.rounds
            .iter()
            .flat_map(|r| &r.matches)
            .map(|m| m.results.len())
            .sum()
    }
}

/// The dealer of board `number` in a new round: N, E, S, W, N, … by board number.
pub(crate) fn default_dealer(number: i32) -> Seat {
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
pub(crate) fn home_declares(board: &Board, room: Room) -> bool {
    board.dealer.pair() == room.home_pair()
}

/// A checked pairing: team numbers of the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub table: i32,
    pub home: TeamNo,
    /// `None`: a bye for the home team.
    pub away: Option<TeamNo>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::EntryFigures;
    use crate::rules::settings::*;

    #[test]
    fn a_team_is_found_in_number_order_and_out_of_it() {
        let team = |n: i32| Team {
            member_ids: Vec::new(),
            number: TeamNo(n),
            name: format!("Team {n}"),
            club: String::new(),
            members: Vec::new(),
            withdrawn: false,
        };
        let sorted: Vec<Team> = [1, 2, 4, 7, 9].map(team).into();
        let shuffled: Vec<Team> = [9, 2, 7, 1, 4].map(team).into();
        for teams in [sorted, shuffled] {
            let event = Event {
                settings: Settings::for_tests(),
                teams: teams.into(),
                rounds: Vec::new(),
                lineups: Vec::new().into(),
                deals: Default::default(),
            };
            for n in [1, 2, 4, 7, 9] {
                assert_eq!(event.team(TeamNo(n)).map(|t| t.number), Some(TeamNo(n)));
            }
            for n in [0, 3, 8, 10] {
                assert!(event.team(TeamNo(n)).is_none(), "team {n}");
            }
        }
    }

    #[test]
    fn only_rooms_with_other_results_count_as_changed() {
        let row = |room, board, points| TableResult {
            room,
            board,
            entry: TableEntry::stored(EntryFigures {
                trick_points: Some(points),
                ..EntryFigures::default()
            }),
        };
        let before = vec![
            row(Room::Open, 1, 40),
            row(Room::Open, 2, 60),
            row(Room::Closed, 1, 80),
        ];
        // The same rows in another order: nothing changed.
        let shuffled = vec![before[2].clone(), before[1].clone(), before[0].clone()];
        assert!(rooms_changed(&before, &shuffled).is_empty());
        // A corrected closed-room board.
        let corrected = vec![
            before[0].clone(),
            before[1].clone(),
            row(Room::Closed, 1, 85),
        ];
        assert_eq!(rooms_changed(&before, &corrected), vec![Room::Closed]);
        // A board removed from the open room, one added to the closed room.
        let moved = vec![
            before[0].clone(),
            before[2].clone(),
            row(Room::Closed, 2, 5),
        ];
        assert_eq!(
            rooms_changed(&before, &moved),
            vec![Room::Open, Room::Closed]
        );
    }

    #[test]
    fn pairing_methods_read_their_codes() {
        for m in PairingMethod::ALL {
            assert_eq!(m.code().parse::<PairingMethod>(), Ok(m));
        }
        assert_eq!(PairingMethod::default(), PairingMethod::Manual);
        assert!("dutch".parse::<PairingMethod>().is_err());
    }

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
}
