//! What a change altered on the public side, so that a results screen refetches only that:
//! the rounds and tables whose public results or figures moved, the boards whose public
//! traveller moved, and whether the standings did. It is worked out by comparing two
//! *public* snapshots (docs/rules.md §5), so it can name only what the public pages show:
//! a result saved on a board that is not released yet changes no public figure, and the
//! change names no table for it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::{Value, json};

use super::snapshot::Snapshot;
use crate::rules::{Event, Match, MatchFigures, Room, Round, Shared, TableResult};

/// The public difference between two snapshots of one tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scope {
    /// Something beyond the results changed (settings, teams, the schedule, boards, line-ups,
    /// the seed), or what changed is not known: every page may differ.
    pub whole: bool,
    /// By round, the tables whose public results, figures or provisional marks changed.
    pub tables: BTreeMap<i32, BTreeSet<i32>>,
    /// By round, the boards whose public results or cards changed (their travellers).
    pub boards: BTreeMap<i32, BTreeSet<i32>>,
    /// Whether the public standings changed.
    pub standings: bool,
}

/// Whether two events agree on everything but their results and cards: what
/// [`Scope::whole`] compares. Every field is named, so that a field added to the event is
/// compared (or said not to be) here.
fn same_frame(a: &Event, b: &Event) -> bool {
    let Event {
        settings,
        teams,
        rounds,
        lineups,
        deals,
    } = a;
    let crate::rules::deal::Deals { seeds, boards: _ } = deals;
    *settings == b.settings
        && *teams == b.teams
        && *lineups == b.lineups
        && *seeds == b.deals.seeds
        && rounds.len() == b.rounds.len()
        && rounds.iter().zip(&b.rounds).all(|(x, y)| {
            let Round {
                number,
                boards,
                matches,
            } = x;
            *number == y.number
                && *boards == y.boards
                && matches.len() == y.matches.len()
                && matches.iter().zip(&y.matches).all(|(m, n)| {
                    let Match {
                        table,
                        home,
                        away,
                        results: _,
                    } = m;
                    *table == n.table && *home == n.home && *away == n.away
                })
        })
}

/// A snapshot's figures of one match, and whether it counts.
fn figures_at(s: &Snapshot, round: i32, table: i32) -> Option<(&Shared<MatchFigures>, bool)> {
    let x = s.report.match_at(round, table)?;
    Some((&x.figures, x.counts))
}

impl Scope {
    /// Every page may have changed (what is sent when the earlier snapshot is not at hand).
    pub fn whole() -> Scope {
        Scope {
            whole: true,
            ..Scope::default()
        }
    }

    /// What changed from `before` to `after`, both public snapshots of one tournament. It
    /// reads each match, result and figure of both once (a 5,000-team event's matches are
    /// looked up by table, not searched for).
    pub fn between(before: &Snapshot, after: &Snapshot) -> Scope {
        let mut scope = Scope {
            whole: !same_frame(&before.event, &after.event),
            standings: before.report.standings != after.report.standings,
            ..Scope::default()
        };
        // What a change of results alone leaves as it was: a round whose matches are the
        // same data as before (no save touched it) has the same results, figures and marks.
        let untouched_rounds = !scope.whole
            && before.play.provisional == after.play.provisional
            && before.play.released_rounds == after.play.released_rounds;
        for round in &after.event.rounds {
            let old_round = before
                .event
                .rounds
                .iter()
                .find(|r| r.number == round.number);
            scope.add_round(before, after, round, old_round, untouched_rounds);
        }
        scope
    }

    /// What changed in one round: its tables and boards. A round whose matches are the same
    /// data as before (`untouched_rounds`: no mark or release moved) is only checked for
    /// its deals.
    fn add_round(
        &mut self,
        before: &Snapshot,
        after: &Snapshot,
        round: &Round,
        old_round: Option<&Round>,
        untouched_rounds: bool,
    ) {
        let mut moved_boards = BTreeSet::new();
        let untouched =
            untouched_rounds && old_round.is_some_and(|o| Shared::same(&o.matches, &round.matches));
        if !untouched {
            self.add_matches(before, after, round, old_round, &mut moved_boards);
        }
        for board in &round.boards {
            if before.event.deals.of(round.number, board.number)
                != after.event.deals.of(round.number, board.number)
            {
                moved_boards.insert(board.number);
            }
        }
        if !moved_boards.is_empty() {
            self.boards.insert(round.number, moved_boards);
        }
    }

    /// The tables of one round whose results, figures or provisional marks moved, and the
    /// boards whose results moved (into `moved_boards`).
    fn add_matches(
        &mut self,
        before: &Snapshot,
        after: &Snapshot,
        round: &Round,
        old_round: Option<&Round>,
        moved_boards: &mut BTreeSet<i32>,
    ) {
        // The matches of the round before, by table: in the same order when the frame
        // is the same, else looked up.
        let aligned = !self.whole
            && old_round.is_some_and(|o| {
                o.matches.len() == round.matches.len()
                    && o.matches
                        .iter()
                        .zip(&round.matches)
                        .all(|(a, b)| a.table == b.table)
            });
        let old: HashMap<i32, &Match> = if aligned {
            HashMap::new()
        } else {
            old_round
                .map(|r| r.matches.iter().map(|m| (m.table, m)).collect())
                .unwrap_or_default()
        };
        for (at, m) in round.matches.iter().enumerate() {
            // A provisional mark counts only for a room whose results the public sees.
            let marks = |s: &Snapshot, results: &[TableResult]| {
                Room::BOTH.map(|room| {
                    results.iter().any(|r| r.room == room)
                        && s.provisional(round.number, m.table, room)
                })
            };
            let before_match = if aligned {
                old_round.map(|o| &o.matches[at])
            } else {
                old.get(&m.table).copied()
            };
            let before_results = before_match.map_or(&[][..], |x| &x.results[..]);
            let results_moved = match before_match {
                Some(x) => x.results != m.results,
                None => !m.results.is_empty(),
            };
            let moved = results_moved
                || figures_at(before, round.number, m.table)
                    != figures_at(after, round.number, m.table)
                || marks(before, before_results) != marks(after, &m.results);
            if moved {
                self.tables.entry(round.number).or_default().insert(m.table);
            }
            if results_moved {
                for board in &round.boards {
                    let on = |r: &&TableResult| r.board == board.number;
                    if !before_results
                        .iter()
                        .filter(on)
                        .eq(m.results.iter().filter(on))
                    {
                        moved_boards.insert(board.number);
                    }
                }
            }
        }
    }

    /// The `change` event's data: the revision, then what changed. A round is listed when
    /// a table or a board of it changed.
    pub fn to_json(&self, revision: i64) -> Value {
        let numbers: BTreeSet<i32> = self
            .tables
            .keys()
            .chain(self.boards.keys())
            .copied()
            .collect();
        let rounds: Vec<Value> = numbers
            .iter()
            .map(|n| {
                let list = |m: &BTreeMap<i32, BTreeSet<i32>>| {
                    m.get(n)
                        .map(|s| s.iter().copied().collect())
                        .unwrap_or_default()
                };
                let tables: Vec<i32> = list(&self.tables);
                let boards: Vec<i32> = list(&self.boards);
                json!({ "round": n, "tables": tables, "boards": boards })
            })
            .collect();
        json!({
            "revision": revision,
            "whole": self.whole,
            "standings": self.standings || self.whole,
            "rounds": rounds,
        })
    }
}
