//! The evening's session links (one per physical table and room, following the movement):
//! which round is the tournament's current one, and which round's room a table's link
//! shows. Pure: the database reads each round's facts ([`RoundFacts`]) and asks here.
//!
//! The current round is the first round (with a public draw) that is not finished — every
//! room of its playing matches has results, or the round is locked — or a later one whose
//! clock the director started. A table still entering an earlier round keeps that round
//! until its room is done, so a slow table is never moved off its own entry.

use super::Room;

/// A playing match of a round as the session sees it: its table and the rooms that have
/// results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MatchFacts {
    pub table: i32,
    pub done: Vec<Room>,
}

/// One round with a public draw and playing matches: its number, whether the director
/// locked it against the tables, whether its clock was started, and its matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RoundFacts {
    pub number: i32,
    pub locked: bool,
    pub(crate) clocked: bool,
    pub matches: Vec<MatchFacts>,
}

impl RoundFacts {
    /// Locked, or every room of every playing match has results.
    pub(crate) fn finished(&self) -> bool {
        self.locked || self.matches.iter().all(|m| m.done.len() == 2)
    }

    /// The match at `table`, if one sits there.
    pub(crate) fn at_table(&self, table: i32) -> Option<&MatchFacts> {
        self.matches.iter().find(|m| m.table == table)
    }

    /// Whether `room` at `table` still takes its table's entry in this round.
    fn still_entering(&self, table: i32, room: Room) -> bool {
        !self.locked
            && self
                .at_table(table)
                .is_some_and(|m| !m.done.contains(&room))
    }
}

/// The current round among `rounds` (in order): the first one not finished (the last one
/// when all are), or a later one whose clock was started; `None` for no round.
pub(crate) fn current_round(rounds: &[RoundFacts]) -> Option<i32> {
    let open = rounds
        .iter()
        .find(|r| !r.finished())
        .or(rounds.last())
        .map(|r| r.number);
    let clocked = rounds.iter().filter(|r| r.clocked).map(|r| r.number).max();
    open.max(clocked)
}

/// The round whose `room` at `table` a session link shows: the first round up to the
/// current one whose room there is still to finish (not locked, no results), else the
/// current round; `None` before any round.
pub(crate) fn round_at_table(rounds: &[RoundFacts], table: i32, room: Room) -> Option<&RoundFacts> {
    let current = current_round(rounds)?;
    rounds
        .iter()
        .filter(|r| r.number <= current)
        .find(|r| r.still_entering(table, room))
        .or_else(|| rounds.iter().find(|r| r.number == current))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round `number` with two tables; those in `done` have both rooms' results.
    fn round(number: i32, done: &[i32], clocked: bool) -> RoundFacts {
        RoundFacts {
            number,
            locked: false,
            clocked,
            matches: (1..=2)
                .map(|table| MatchFacts {
                    table,
                    done: if done.contains(&table) {
                        vec![Room::Open, Room::Closed]
                    } else {
                        vec![]
                    },
                })
                .collect(),
        }
    }

    #[test]
    fn the_current_round_is_the_first_unfinished_or_a_later_started_one() {
        assert_eq!(current_round(&[]), None);
        let evening = [
            round(1, &[1, 2], false),
            round(2, &[1], false),
            round(3, &[], false),
        ];
        assert_eq!(current_round(&evening), Some(2));
        let started = [
            round(1, &[1], false),
            round(2, &[], true),
            round(3, &[], false),
        ];
        assert_eq!(current_round(&started), Some(2));
        let over = [round(1, &[1, 2], false), round(2, &[1, 2], false)];
        assert_eq!(current_round(&over), Some(2));
        // A locked round is finished whatever its rooms hold.
        let locked = [
            RoundFacts {
                locked: true,
                ..round(1, &[], false)
            },
            round(2, &[], false),
        ];
        assert_eq!(current_round(&locked), Some(2));
    }

    #[test]
    fn a_slow_table_keeps_its_round_until_its_room_is_done() {
        // Round 2's clock runs; table 2 has not finished round 1.
        let mut evening = [
            round(1, &[1], false),
            round(2, &[], true),
            round(3, &[], false),
        ];
        let number = |r: Option<&RoundFacts>| r.map(|r| r.number);
        assert_eq!(number(round_at_table(&evening, 1, Room::Open)), Some(2));
        assert_eq!(number(round_at_table(&evening, 2, Room::Open)), Some(1));
        // Its open room done, the closed room still entering: each follows its own.
        evening[0].matches[1].done = vec![Room::Open];
        assert_eq!(number(round_at_table(&evening, 2, Room::Open)), Some(2));
        assert_eq!(number(round_at_table(&evening, 2, Room::Closed)), Some(1));
        // The director locks round 1: the table moves on.
        evening[0].locked = true;
        assert_eq!(number(round_at_table(&evening, 2, Room::Closed)), Some(2));
        // A table no round has shows the current round (no match sits there).
        assert_eq!(number(round_at_table(&evening, 9, Room::Open)), Some(2));
        assert_eq!(round_at_table(&[], 1, Room::Open), None);
    }
}
