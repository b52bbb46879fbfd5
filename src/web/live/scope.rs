//! What a change altered on the public side, so that a results screen refetches only that:
//! the rounds and tables whose public results or figures moved, the boards whose public
//! traveller moved, and whether the standings did. It is worked out by comparing two
//! *public* snapshots (docs/rules.md §5), so it can name only what the public pages show:
//! a result saved on a board that is not released yet changes no public figure, and the
//! change names no table for it.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use super::Snapshot;
use crate::rules::{Event, Room};

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

/// The event without its results and cards: what [`Scope::whole`] compares.
fn frame(event: &Event) -> Event {
    let mut frame = event.clone();
    for round in &mut frame.rounds {
        for m in &mut round.matches {
            m.results.clear();
        }
    }
    frame.deals.boards.clear();
    frame
}

impl Scope {
    /// Every page may have changed (what is sent when the earlier snapshot is not at hand).
    pub fn whole() -> Scope {
        Scope {
            whole: true,
            ..Scope::default()
        }
    }

    /// What changed from `before` to `after`, both public snapshots of one tournament.
    pub fn between(before: &Snapshot, after: &Snapshot) -> Scope {
        let mut scope = Scope {
            whole: frame(&before.event) != frame(&after.event),
            standings: before.report.standings != after.report.standings,
            ..Scope::default()
        };
        for round in &after.event.rounds {
            let old = before
                .event
                .rounds
                .iter()
                .find(|r| r.number == round.number);
            let mut moved_boards = BTreeSet::new();
            for m in &round.matches {
                let was = old.and_then(|r| r.matches.iter().find(|x| x.table == m.table));
                let figures = |s: &Snapshot| {
                    s.report
                        .matches
                        .iter()
                        .find(|x| x.round == round.number && x.table == m.table)
                        .map(|x| (x.figures.clone(), x.counts))
                };
                // A provisional mark counts only for a room whose results the public sees.
                let marks = |s: &Snapshot, results: &[crate::rules::TableResult]| {
                    Room::BOTH
                        .into_iter()
                        .filter(|&room| {
                            results.iter().any(|r| r.room == room)
                                && s.provisional(round.number, m.table, room)
                        })
                        .collect::<Vec<_>>()
                };
                let before_results = was.map_or(&[][..], |x| &x.results[..]);
                let moved = before_results != &m.results[..]
                    || figures(before) != figures(after)
                    || marks(before, before_results) != marks(after, &m.results);
                if moved {
                    scope
                        .tables
                        .entry(round.number)
                        .or_default()
                        .insert(m.table);
                }
                for board in &round.boards {
                    let of = |results: &[crate::rules::TableResult]| {
                        results
                            .iter()
                            .filter(|r| r.board == board.number)
                            .cloned()
                            .collect::<Vec<_>>()
                    };
                    if of(before_results) != of(&m.results) {
                        moved_boards.insert(board.number);
                    }
                }
            }
            for board in &round.boards {
                let cards = |s: &Snapshot| s.event.deals.of(round.number, board.number).cloned();
                if cards(before) != cards(after) {
                    moved_boards.insert(board.number);
                }
            }
            if !moved_boards.is_empty() {
                scope.boards.insert(round.number, moved_boards);
            }
        }
        scope
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
