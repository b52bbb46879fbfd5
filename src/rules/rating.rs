//! Ratings of players across tournaments (docs/rules.md §14), pure: what the database or an
//! archive knows of a tournament is handed in as a [`TournamentRecord`], and the ratings are
//! one run from zero over the rated, finished ones ([`Ratings::full_run`]), or that run
//! carried one tournament further ([`Ratings::append`]) when the new one sorts last.
//!
//! The caller builds the records: a merge of two ids or a removal of a player changes the
//! records (the kept id in place of the other, the removed player's links gone), and then the
//! ratings are a full run over the new records. Nothing here remembers an id.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use num_traits::Zero;

use super::cards::{Pair, Room};
use super::compare::Scorer;
use super::event::{Event, TeamNo};
use super::field::Traveller;
use super::player_id::PlayerId;
use super::rational::{Rational, of_fraction, ratio};

/// A pair's two players as its line-up names them (North or East first); `None` for a
/// member not linked to a registry player, or both `None` when the room has no line-up for
/// that team.
pub type PairIds = [Option<PlayerId>; 2];

/// K: how far one board moves a rating towards what it showed.
pub fn k() -> Rational {
    ratio(1, 16)
}

/// A player with fewer rated boards than this is provisional.
pub const PROVISIONAL_BELOW: u32 = 100;

/// One room's result on one board, as ratings and series read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRecord {
    pub round: i32,
    pub board: i32,
    pub table: i32,
    pub room: Room,
    /// The team that sat North–South in this room, and the one East–West.
    pub ns_team: TeamNo,
    pub ew_team: TeamNo,
    pub ns: PairIds,
    pub ew: PairIds,
    /// The NS pair's Butler score on the board (docs/rules.md §11, from NS's side: s − datum
    /// when NS declared, datum − s when it defended; a TD ruling is the room's s). EW's is
    /// its negation.
    pub butler: Rational,
    /// Whether both teams' line-ups of this room were given before the room's first result
    /// (always so in an imported archive).
    pub lineup_first: bool,
}

impl RoomRecord {
    /// The four linked players, NS then EW, when all four are linked.
    fn four(&self) -> Option<([PlayerId; 2], [PlayerId; 2])> {
        let [Some(a), Some(b)] = self.ns else {
            return None;
        };
        let [Some(c), Some(d)] = self.ew else {
            return None;
        };
        Some(([a, b], [c, d]))
    }
}

/// A tournament as ratings and series read it: every room with a result on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRecord {
    pub slug: String,
    /// The last day; a tournament without one is never rated.
    pub ends: Option<NaiveDate>,
    pub finished: bool,
    pub rated: bool,
    pub rooms: Vec<RoomRecord>,
}

/// Where a tournament sorts among the rated ones: by `ends`, then slug (as text, byte by
/// byte).
pub type RatingKey = (NaiveDate, String);

impl TournamentRecord {
    /// Its place in the order of ratings, when ratings count it (rated, finished, with an end).
    pub fn rating_key(&self) -> Option<RatingKey> {
        let ends = self.ends.filter(|_| self.rated && self.finished)?;
        Some((ends, self.slug.clone()))
    }

    /// Its rooms in processing order: round, board, table, open before closed.
    pub fn rooms_in_order(&self) -> Vec<&RoomRecord> {
        let mut rooms: Vec<&RoomRecord> = self.rooms.iter().collect();
        rooms.sort_by_key(|r| (r.round, r.board, r.table, r.room));
        rooms
    }
}

/// What a room's line-up for one team says, as the caller knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineupLink {
    pub ids: PairIds,
    /// Given before the room's first result.
    pub before_first_result: bool,
}

/// The tournament's identity and flags, for [`record_of_event`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentFlags {
    pub slug: String,
    pub ends: Option<NaiveDate>,
    pub finished: bool,
    pub rated: bool,
}

/// The record of `event` (give the public event: released results only): every room with a
/// result, its Butler score from the board's traveller (docs/rules.md §11), and the line-ups
/// `lineup(round, table, room, team)` links to players. A room missing a team's line-up has
/// that pair unlinked and is not rated.
pub fn record_of_event(
    event: &Event,
    flags: TournamentFlags,
    lineup: &dyn Fn(i32, i32, Room, TeamNo) -> Option<LineupLink>,
) -> TournamentRecord {
    let scorer = Scorer::new(&event.settings);
    let mut rooms = Vec::new();
    for round in &event.rounds {
        for board in &round.boards {
            let Some(t) = Traveller::of(&scorer, round, board.number) else {
                continue;
            };
            let Some(datum) = t.datum.map(of_fraction) else {
                continue;
            };
            let ns_declares = board.dealer.pair() == Pair::NorthSouth;
            for row in &t.rows {
                let declarers = of_fraction(row.score().into()) - &datum;
                let (ns_team, ew_team, butler) = if ns_declares {
                    (row.declarers, row.defenders, declarers)
                } else {
                    (row.defenders, row.declarers, -declarers)
                };
                let ns = lineup(round.number, row.table, row.room, ns_team);
                let ew = lineup(round.number, row.table, row.room, ew_team);
                let first = |l: Option<LineupLink>| l.is_some_and(|l| l.before_first_result);
                rooms.push(RoomRecord {
                    round: round.number,
                    board: board.number,
                    table: row.table,
                    room: row.room,
                    ns_team,
                    ew_team,
                    ns: ns.map_or([None; 2], |l| l.ids),
                    ew: ew.map_or([None; 2], |l| l.ids),
                    butler,
                    lineup_first: first(ns) && first(ew),
                });
            }
        }
    }
    TournamentRecord {
        slug: flags.slug,
        ends: flags.ends,
        finished: flags.finished,
        rated: flags.rated,
        rooms,
    }
}

/// A player's rating and how many rated boards it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRating {
    pub rating: Rational,
    pub boards: u32,
}

impl PlayerRating {
    /// Fewer than [`PROVISIONAL_BELOW`] rated boards.
    pub fn provisional(&self) -> bool {
        self.boards < PROVISIONAL_BELOW
    }
}

/// One scored room: a row of `rating_boards.csv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingBoard {
    pub tournament: String,
    pub round: i32,
    pub board: i32,
    pub table: i32,
    pub room: Room,
    /// Each pair's two ids, by number.
    pub ns: [PlayerId; 2],
    pub ew: [PlayerId; 2],
    /// The NS pair's Butler score b, its expectation E and its players' change K·(b − E);
    /// EW's are the negations.
    pub butler: Rational,
    pub expected: Rational,
    pub change: Rational,
}

/// The tournament does not sort after every one counted so far: only a full run gives the
/// ratings with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfOrder {
    pub slug: String,
}

/// Every player's rating after a run, every scored room in processing order, and the last
/// tournament counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ratings {
    pub players: BTreeMap<PlayerId, PlayerRating>,
    pub boards: Vec<RatingBoard>,
    pub last: Option<RatingKey>,
}

fn sorted(mut pair: [PlayerId; 2]) -> [PlayerId; 2] {
    pair.sort();
    pair
}

impl Ratings {
    /// The ratings one run from zero gives over every rated, finished tournament of
    /// `tournaments` (any order; the others are passed over), in the order of (`ends`,
    /// slug, round, board).
    pub fn full_run(tournaments: &[TournamentRecord]) -> Ratings {
        let mut counted: Vec<(RatingKey, &TournamentRecord)> = tournaments
            .iter()
            .filter_map(|t| Some((t.rating_key()?, t)))
            .collect();
        counted.sort_by(|a, b| a.0.cmp(&b.0));
        let mut ratings = Ratings::default();
        for (key, t) in counted {
            ratings.count(key, t);
        }
        ratings
    }

    /// `tournament` counted after every tournament counted so far, when it sorts after them
    /// all (what a full run would do with it last); a tournament ratings do not count
    /// (unrated, unfinished, without an end) changes nothing. Otherwise nothing changes and
    /// the caller makes a full run.
    pub fn append(&mut self, tournament: &TournamentRecord) -> Result<(), OutOfOrder> {
        let Some(key) = tournament.rating_key() else {
            return Ok(());
        };
        if self.last.as_ref().is_some_and(|last| *last >= key) {
            return Err(OutOfOrder {
                slug: tournament.slug.clone(),
            });
        }
        self.count(key, tournament);
        Ok(())
    }

    /// The ratings after `finished` was marked finished: `current` carried one tournament
    /// further when it sorts last, else a full run over `all` (which holds `finished`).
    pub fn after_finishing(
        mut current: Ratings,
        all: &[TournamentRecord],
        finished: &TournamentRecord,
    ) -> Ratings {
        match current.append(finished) {
            Ok(()) => current,
            Err(OutOfOrder { .. }) => Ratings::full_run(all),
        }
    }

    /// A player's rating, 0 before their first rated board.
    pub fn rating(&self, player: PlayerId) -> Rational {
        self.players
            .get(&player)
            .map_or_else(Rational::zero, |p| p.rating.clone())
    }

    fn count(&mut self, key: RatingKey, t: &TournamentRecord) {
        let rooms = t.rooms_in_order();
        let mut start = 0;
        while start < rooms.len() {
            let at = (rooms[start].round, rooms[start].board);
            let end = start
                + rooms[start..]
                    .iter()
                    .take_while(|r| (r.round, r.board) == at)
                    .count();
            self.board(&t.slug, &rooms[start..end]);
            start = end;
        }
        self.last = Some(key);
    }

    /// One board: every rated room scored against the ratings before it, then all changes at
    /// once.
    fn board(&mut self, slug: &str, rooms: &[&RoomRecord]) {
        let mut moves: Vec<(PlayerId, Rational)> = Vec::new();
        for room in rooms.iter().filter(|r| r.lineup_first) {
            let Some((ns, ew)) = room.four() else {
                continue;
            };
            let sum = |pair: [PlayerId; 2]| self.rating(pair[0]) + self.rating(pair[1]);
            // E = (R_ns − R_ew) / 2 with R a pair's mean.
            let expected = (sum(ns) - sum(ew)) * ratio(1, 4);
            let change = (&room.butler - &expected) * k();
            for p in ns {
                moves.push((p, change.clone()));
            }
            for p in ew {
                moves.push((p, -change.clone()));
            }
            self.boards.push(RatingBoard {
                tournament: slug.to_owned(),
                round: room.round,
                board: room.board,
                table: room.table,
                room: room.room,
                ns: sorted(ns),
                ew: sorted(ew),
                butler: room.butler.clone(),
                expected,
                change,
            });
        }
        for (player, change) in moves {
            let entry = self.players.entry(player).or_insert_with(|| PlayerRating {
                rating: Rational::zero(),
                boards: 0,
            });
            entry.rating += change;
            entry.boards += 1;
        }
    }
}

#[cfg(test)]
mod tests;
