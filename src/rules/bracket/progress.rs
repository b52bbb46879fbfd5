//! Where a staged event stands.

use super::ko_round::Reached;
use crate::rules::cards::Room;
use crate::rules::event::Event;
use crate::rules::stages::Stage;

/// Where a staged event stands: the stage of its latest round and how far into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Round `round` of `of` of a league stage.
    League { stage: usize, round: i32, of: i32 },
    /// Segment `segment` of `of` of a knockout round.
    Knockout {
        stage: usize,
        name: Reached,
        segment: i32,
        of: i32,
    },
    /// Every round of the last stage is played: the championship is over, its final
    /// ranking stands.
    Finished,
}

/// Where the event stands: at the first paired round that still lacks a result (a
/// knockout round pairs all its segments at once, so its first segment is where play is
/// until it is in), else at the highest paired round (the first stage's first round before
/// any is paired); `None` without stages.
pub fn progress(stages: &[Stage], event: &Event) -> Option<Progress> {
    let first = stages.first()?;
    let played = |r: &crate::rules::event::Round| {
        r.matches.iter().all(|m| {
            m.is_bye()
                || r.boards.iter().all(|b| {
                    Room::BOTH
                        .iter()
                        .all(|&room| m.result(room, b.number).is_some())
                })
        })
    };
    let mut paired: Vec<&crate::rules::event::Round> = event
        .rounds
        .iter()
        .filter(|r| !r.matches.is_empty())
        .collect();
    paired.sort_by_key(|r| r.number);
    let round = paired
        .iter()
        .find(|r| !played(r))
        .or(paired.last())
        .map_or(first.first_round, |r| r.number);
    let last_stage = stages.last()?;
    let over = paired.iter().all(|r| played(r))
        && paired
            .last()
            .is_some_and(|r| r.number >= last_stage.last_round && !r.boards.is_empty());
    if over {
        return Some(Progress::Finished);
    }
    let index = crate::rules::stage_tables::stage_of_round(stages, round)?;
    let stage = &stages[index];
    match stage.knockout() {
        None => Some(Progress::League {
            stage: index,
            round: round - stage.first_round + 1,
            of: stage.round_count(),
        }),
        Some(k) => {
            let spans = stage.knockout_rounds();
            let j = spans.iter().position(|(a, b)| (*a..=*b).contains(&round))?;
            Some(Progress::Knockout {
                stage: index,
                name: Reached::of_places(k.teams >> j),
                segment: round - spans[j].0 + 1,
                of: spans[j].1 - spans[j].0 + 1,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::super::*;
    use crate::rules::cards::Room;
    use crate::rules::event::TeamNo;

    #[test]
    fn progress_names_the_stage_and_how_far_into_it() {
        let (mut e, _) = championship_of_eight();
        let stages = e.settings.stages.clone();
        for r in 1..=4 {
            e.rounds.push(crate::rules::event::Round {
                number: r,
                boards: Vec::new(),
                matches: vec![crate::rules::event::Match {
                    table: 1,
                    home: TeamNo(11),
                    away: Some(TeamNo(18)),
                    results: Vec::new().into(),
                }]
                .into(),
            });
        }
        assert_eq!(
            progress(&stages, &e),
            Some(Progress::Knockout {
                stage: 1,
                name: Reached::QuarterFinal,
                segment: 2,
                of: 2
            })
        );
        // Both segments of the quarter-finals are paired at once: play is at the first
        // until each of its rooms has every board's result.
        let board = crate::rules::event::new_boards(1, "2".parse().unwrap(), None);
        for r in &mut e.rounds[2..] {
            r.boards = board.clone();
        }
        let at = |segment| {
            Some(Progress::Knockout {
                stage: 1,
                name: Reached::QuarterFinal,
                segment,
                of: 2,
            })
        };
        assert_eq!(progress(&stages, &e), at(1));
        let entry = crate::rules::TableEntry::stored(crate::rules::EntryFigures {
            trick_points: Some(60),
            ..crate::rules::EntryFigures::default()
        });
        e.rounds[2].matches[0]
            .results
            .push(crate::rules::TableResult {
                room: Room::Open,
                board: 1,
                entry: entry.clone(),
            });
        assert_eq!(
            progress(&stages, &e),
            at(1),
            "the closed room is still to play"
        );
        e.rounds[2].matches[0]
            .results
            .push(crate::rules::TableResult {
                room: Room::Closed,
                board: 1,
                entry,
            });
        assert_eq!(progress(&stages, &e), at(2));
        e.rounds.truncate(2);
        assert_eq!(
            progress(&stages, &e),
            Some(Progress::League {
                stage: 0,
                round: 2,
                of: 2
            })
        );
    }
}
