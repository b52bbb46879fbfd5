//! Ratings of players across tournaments (docs/rules.md §14), pure: what the database or an
//! archive knows of a tournament is handed in as a [`TournamentRecord`], and the ratings are
//! one run from zero over the rated, finished ones ([`Ratings::full_run`]), or that run
//! carried one tournament further ([`Ratings::append`]) when the new one sorts last.
//!
//! The caller builds the records: a merge of two ids or a removal of a player changes the
//! records (the kept id in place of the other, the removed player's links gone), and then the
//! ratings are a full run over the new records. Nothing here remembers an id.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use num_traits::{Signed, Zero};

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

/// The decimal places each room's change is rounded to before it is applied (docs/rules.md
/// §14, "Rounding"): every rating is a whole number of 10⁻¹⁸ levels. Exact fractions would
/// grow by some 4 bits a board of the run (a federation's rating would be a fraction of
/// hundreds of thousands of bits); rounded this finely, no written figure (3 decimals) can
/// tell the difference, and a rating fits an `i128`.
pub const PLACES: u32 = 18;

/// 10^[`PLACES`]: a level in the units ratings are kept in.
const UNIT: i128 = 1_000_000_000_000_000_000;

/// `num / den` rounded half away from zero to a whole number; `den` > 0.
fn round_half_away(num: i128, den: i128) -> i128 {
    let half = num.unsigned_abs() * 2 + den.unsigned_abs();
    let whole = (half / (den.unsigned_abs() * 2)) as i128;
    if num < 0 { -whole } else { whole }
}

/// A room's change K·(b − E) in units, rounded half away from zero, with `sum` the NS
/// ratings' sum less the EW ratings' sum in units (so E = sum / 4 units) and b = `butler`;
/// `None` when the figures pass what an `i128` holds.
fn change_units(butler: &Rational, sum: i128) -> Option<i128> {
    use num_traits::ToPrimitive;
    let (bn, bd) = (butler.numer().to_i128()?, butler.denom().to_i128()?);
    // K·(b − E) = (b − sum / (4·UNIT)) / 16 levels = (4·bn·UNIT − sum·bd) / (64·bd) units.
    let num = bn
        .checked_mul(4 * UNIT)?
        .checked_sub(sum.checked_mul(bd)?)?;
    let den = bd.checked_mul(64)?;
    (den.checked_mul(2).is_some() && num.checked_mul(2).is_some())
        .then(|| round_half_away(num, den))
}

/// [`change_units`] in exact arithmetic, for figures an `i128` cannot hold.
fn change_units_exact(butler: &Rational, sum: i128) -> i128 {
    to_units(&((butler - ratio_units(sum) * ratio(1, 4)) * k()))
}

/// `levels` in units of 10⁻¹⁸ levels, rounded half away from zero.
fn to_units(levels: &Rational) -> i128 {
    use num_traits::ToPrimitive;
    let units = levels * whole_units();
    let (num, den) = (units.numer(), units.denom());
    let rounded: num_bigint::BigInt = (num.abs() * 2 + den) / (den * 2);
    let rounded = if num.is_negative() { -rounded } else { rounded };
    rounded
        .to_i128()
        .expect("a rating of more than 10^20 levels")
}

/// `units` of 10⁻¹⁸ levels as a [`Rational`].
fn ratio_units(units: i128) -> Rational {
    Rational::new(units.into(), UNIT.into())
}

/// One level in units, as a [`Rational`].
fn whole_units() -> Rational {
    Rational::from_integer(UNIT.into())
}

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
    /// Every rated player's rating in units of 10⁻¹⁸ levels ([`PLACES`]), what a board reads
    /// and moves; [`Ratings::players`] is brought level with it after each tournament.
    units: HashMap<PlayerId, i128>,
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

    /// A run taken up again from what was kept of it: every player's rating and boards, and
    /// the last tournament counted (the scored rooms are not needed to carry it on). Kept
    /// ratings come from a run, so each is a whole number of units ([`PLACES`]).
    pub fn resumed(players: BTreeMap<PlayerId, PlayerRating>, last: Option<RatingKey>) -> Ratings {
        let units = players
            .iter()
            .map(|(p, r)| (*p, to_units(&r.rating)))
            .collect();
        Ratings {
            players,
            boards: Vec::new(),
            last,
            units,
        }
    }

    /// A player's rating, 0 before their first rated board.
    pub fn rating(&self, player: PlayerId) -> Rational {
        ratio_units(self.units(player))
    }

    /// A player's rating in units of 10⁻¹⁸ levels, 0 before their first rated board.
    fn units(&self, player: PlayerId) -> i128 {
        self.units.get(&player).copied().unwrap_or(0)
    }

    fn count(&mut self, key: RatingKey, t: &TournamentRecord) {
        let rooms = t.rooms_in_order();
        let mut moved = Vec::new();
        let mut start = 0;
        while start < rooms.len() {
            let at = (rooms[start].round, rooms[start].board);
            let end = start
                + rooms[start..]
                    .iter()
                    .take_while(|r| (r.round, r.board) == at)
                    .count();
            self.board(&t.slug, &rooms[start..end], &mut moved);
            start = end;
        }
        // The exact figures of the players the tournament moved, once.
        moved.sort();
        moved.dedup();
        for player in moved {
            let rating = self.rating(player);
            if let Some(p) = self.players.get_mut(&player) {
                p.rating = rating;
            }
        }
        self.last = Some(key);
    }

    /// One board: every rated room scored against the ratings before it, then all changes at
    /// once; the players moved are added to `moved`.
    fn board(&mut self, slug: &str, rooms: &[&RoomRecord], moved: &mut Vec<PlayerId>) {
        let mut moves: Vec<(PlayerId, i128)> = Vec::new();
        for room in rooms.iter().filter(|r| r.lineup_first) {
            let Some((ns, ew)) = room.four() else {
                continue;
            };
            // E = (R_ns − R_ew) / 2 with R a pair's mean: a quarter of this sum.
            let sum = [ns[0], ns[1]].iter().map(|p| self.units(*p)).sum::<i128>()
                - [ew[0], ew[1]].iter().map(|p| self.units(*p)).sum::<i128>();
            let change = change_units(&room.butler, sum)
                .unwrap_or_else(|| change_units_exact(&room.butler, sum));
            for p in ns {
                moves.push((p, change));
            }
            for p in ew {
                moves.push((p, -change));
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
                // Not reduced: a room's two figures are only compared and written, and
                // reducing them (a gcd each) was most of a federation's run.
                expected: Rational::new_raw(sum.into(), (4 * UNIT).into()),
                change: Rational::new_raw(change.into(), UNIT.into()),
            });
        }
        for (player, change) in moves {
            *self.units.entry(player).or_insert(0) += change;
            let entry = self.players.entry(player).or_insert_with(|| PlayerRating {
                rating: Rational::zero(),
                boards: 0,
            });
            entry.boards += 1;
            moved.push(player);
        }
    }
}

/// A team's figure for seeding a Swiss round 1 by rating (docs/rules.md §14): the exact
/// mean of its members' ratings, a member not linked to a player counting 0 (as does a
/// linked player before their first rated board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedFigure {
    pub figure: Rational,
    /// Members linked to a registry player.
    pub linked: usize,
    /// Linked members with at least one rated board.
    pub rated: usize,
    pub members: usize,
}

/// The seeding figure of `team`, with `rating` a player's rating (`None` before their
/// first rated board). A team without members has the figure 0.
pub fn seed_figure(
    team: &super::event::Team,
    rating: impl Fn(PlayerId) -> Option<Rational>,
) -> SeedFigure {
    let members = team.members.len();
    let (mut sum, mut linked, mut rated) = (Rational::zero(), 0, 0);
    for id in (0..members).filter_map(|i| team.member_id(i)) {
        linked += 1;
        if let Some(r) = rating(id) {
            rated += 1;
            sum += r;
        }
    }
    let figure = if members == 0 {
        Rational::zero()
    } else {
        sum / Rational::from_integer(members.into())
    };
    SeedFigure {
        figure,
        linked,
        rated,
        members,
    }
}

#[cfg(test)]
mod tests;
