//! The standings of a championship's league stages (docs/rules.md §12), each counting its
//! own rounds only (groups each on their own), the order and qualifiers they give a
//! knockout, and what an event's teams and rounds refuse in its stages.

use std::collections::BTreeSet;

use super::compare::MatchStatus;
use super::event::{Event, TeamNo};
use super::report::{Report, RoundProgress};
use super::stages::Stage;
use super::standings::{MatchLine, Standing, standings};
use super::tiebreak::TieBreak;

/// What an event's teams and rounds refuse in its stages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EventStageError {
    /// A round after the last stage's last round.
    RoundInNoStage { round: i32, last: i32 },
    /// A team of a group that the event does not have.
    UnknownGroupTeam { stage: usize, team: TeamNo },
    /// A team of the event in no group of a groups stage.
    TeamInNoGroup { stage: usize, team: TeamNo },
    /// A match of a groups stage between teams of two groups.
    AcrossGroups {
        round: i32,
        table: i32,
        home: TeamNo,
        away: TeamNo,
    },
}

/// Checks stages against the event's teams and rounds (the schedule of a knockout is
/// checked by [`super::bracket::check_knockout`]).
pub(crate) fn check_event(stages: &[Stage], event: &Event) -> Vec<EventStageError> {
    let mut out = Vec::new();
    if stages.is_empty() {
        return out;
    }
    let last = stages.last().map_or(0, |s| s.last_round);
    for round in &event.rounds {
        if round.number > last {
            out.push(EventStageError::RoundInNoStage {
                round: round.number,
                last,
            });
        }
    }
    let known: BTreeSet<TeamNo> = event.teams.iter().map(|t| t.number).collect();
    for (i, stage) in stages.iter().enumerate() {
        let Some(groups) = stage.groups() else {
            continue;
        };
        let grouped: BTreeSet<TeamNo> = groups.iter().flatten().copied().collect();
        for team in grouped.difference(&known) {
            out.push(EventStageError::UnknownGroupTeam {
                stage: i,
                team: *team,
            });
        }
        for team in known.difference(&grouped) {
            out.push(EventStageError::TeamInNoGroup {
                stage: i,
                team: *team,
            });
        }
        for round in event.rounds.iter().filter(|r| stage.contains(r.number)) {
            for m in &round.matches {
                let Some(away) = m.away else { continue };
                if stage.group_of(m.home) != stage.group_of(away) {
                    out.push(EventStageError::AcrossGroups {
                        round: round.number,
                        table: m.table,
                        home: m.home,
                        away,
                    });
                }
            }
        }
    }
    out
}

/// The stage a round belongs to (its index), when the event has stages.
pub(crate) fn stage_of_round(stages: &[Stage], round: i32) -> Option<usize> {
    stages.iter().position(|s| s.contains(round))
}

/// One block of standings: a league stage's, or one group's.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupTable {
    /// `None` for a league stage; `Some(0)` for group A.
    pub group: Option<usize>,
    pub standings: Vec<Standing>,
}

/// The standings of one league stage: one block, or one per group.
#[derive(Clone, Debug, PartialEq)]
pub struct StageTable {
    pub stage: usize,
    pub blocks: Vec<GroupTable>,
    /// Every round of the stage exists and is complete.
    pub complete: bool,
}

/// The standings of every league stage of an event, each counting its own rounds only.
#[derive(Clone, Debug, PartialEq)]
pub struct StageTables {
    pub tables: Vec<StageTable>,
}

/// Whether every round first..=last exists and is complete.
pub(crate) fn rounds_complete(report: &Report, first: i32, last: i32) -> bool {
    (first..=last).all(|r| {
        report.matches.iter().any(|m| m.round == r)
            && report.round_progress(r) == RoundProgress::Complete
    })
}

impl StageTables {
    pub fn compute(stages: &[Stage], event: &Event, report: &Report) -> StageTables {
        let all: Vec<TeamNo> = event.teams.iter().map(|t| t.number).collect();
        let tables = stages
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.format.is_knockout())
            .map(|(i, stage)| {
                let lines: Vec<MatchLine<'_>> = report
                    .matches
                    .iter()
                    .filter(|m| stage.contains(m.round))
                    // A bye counts once its round is done (docs/rules.md §5).
                    .filter(|m| m.counts || m.figures.status != MatchStatus::Bye)
                    .map(|m| MatchLine {
                        home: m.home,
                        away: m.away,
                        figures: &m.figures,
                    })
                    .collect();
                let tiebreaks = &event.settings.tiebreaks;
                let blocks = match stage.groups() {
                    Some(groups) => groups
                        .iter()
                        .enumerate()
                        .map(|(g, teams)| GroupTable {
                            group: Some(g),
                            standings: standings(teams, &lines, tiebreaks),
                        })
                        .collect(),
                    None => {
                        // The first stage ranks the whole field; a later league stage the
                        // teams its rounds pair.
                        let teams: Vec<TeamNo> = if i == 0 {
                            all.clone()
                        } else {
                            let playing: BTreeSet<TeamNo> = lines
                                .iter()
                                .flat_map(|l| std::iter::once(l.home).chain(l.away))
                                .collect();
                            playing.into_iter().collect()
                        };
                        vec![GroupTable {
                            group: None,
                            standings: standings(&teams, &lines, tiebreaks),
                        }]
                    }
                };
                StageTable {
                    stage: i,
                    blocks,
                    complete: rounds_complete(report, stage.first_round, stage.last_round),
                }
            })
            .collect();
        StageTables { tables }
    }

    pub(crate) fn of_stage(&self, stage: usize) -> Option<&StageTable> {
        self.tables.iter().find(|t| t.stage == stage)
    }
}

impl StageTable {
    /// The stage's teams in order, withdrawn teams left out: a league's standings as they
    /// list them; groups by place in the group (winners, then runners-up, …), each place
    /// ordered across the groups by [`rank_across`].
    pub(crate) fn order(
        &self,
        withdrawn: &BTreeSet<TeamNo>,
        tiebreaks: &[TieBreak],
    ) -> Vec<TeamNo> {
        self.places(withdrawn, tiebreaks)
            .into_iter()
            .flatten()
            .collect()
    }

    /// The teams at each place, withdrawn teams left out: one list per place, ordered
    /// across the groups (a league stage: one team per place).
    pub(crate) fn places(
        &self,
        withdrawn: &BTreeSet<TeamNo>,
        tiebreaks: &[TieBreak],
    ) -> Vec<Vec<TeamNo>> {
        let blocks: Vec<Vec<&Standing>> = self
            .blocks
            .iter()
            .map(|b| {
                b.standings
                    .iter()
                    .filter(|s| !withdrawn.contains(&s.team))
                    .collect()
            })
            .collect();
        if self.blocks.len() == 1 && self.blocks[0].group.is_none() {
            return blocks[0].iter().map(|s| vec![s.team]).collect();
        }
        let deepest = blocks.iter().map(Vec::len).max().unwrap_or(0);
        (0..deepest)
            .map(|place| {
                let rows: Vec<Standing> = blocks
                    .iter()
                    .filter_map(|b| b.get(place).map(|s| (*s).clone()))
                    .collect();
                rank_across(rows, tiebreaks)
            })
            .collect()
    }

    /// The qualifiers of a knockout of `places` in seed order: a league's first `places`
    /// teams; from groups the same number from each group, all winners first.
    pub(crate) fn qualifiers(
        &self,
        places: u32,
        withdrawn: &BTreeSet<TeamNo>,
        tiebreaks: &[TieBreak],
    ) -> Vec<TeamNo> {
        let places = places as usize;
        let per_place = self.places(withdrawn, tiebreaks);
        let groups = self.blocks.len().max(1);
        let depth = places / groups;
        per_place
            .into_iter()
            .take(if self.blocks[0].group.is_none() {
                places
            } else {
                depth
            })
            .flatten()
            .take(places)
            .collect()
    }
}

/// Orders teams of different groups (who have not met): by score, then the tie-break chain
/// on each team's own figures (head-to-head is level among teams that did not meet), team
/// number among equals.
pub(crate) fn rank_across(mut rows: Vec<Standing>, tiebreaks: &[TieBreak]) -> Vec<TeamNo> {
    use std::cmp::Ordering;
    let cmp = |a: &Standing, b: &Standing| -> Ordering {
        let mut o = b.score.cmp(&a.score);
        for t in tiebreaks {
            if o != Ordering::Equal {
                break;
            }
            o = match t {
                TieBreak::HeadToHead => Ordering::Equal,
                TieBreak::LevelQuotient => b.quotient.cmp(&a.quotient),
                TieBreak::LevelDiff => b.level_diff.cmp(&a.level_diff),
                TieBreak::PointDiff => b.point_diff.cmp(&a.point_diff),
                TieBreak::BoardsWon => b.boards_won.cmp(&a.boards_won),
            };
        }
        o.then(a.team.cmp(&b.team))
    };
    rows.sort_by(cmp);
    rows.into_iter().map(|s| s.team).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bracket::tests::league;
    use crate::rules::stages::StageDraft;

    #[test]
    fn a_match_across_groups_and_a_team_in_no_group_are_refused() {
        let mut e = crate::rules::bracket::tests::event(
            &[1, 2, 3, 4, 5],
            &[],
            &[StageDraft {
                groups: Some(vec![vec![1, 2], vec![3, 4, 9]]),
                ..league("G", (1, 1), "groups")
            }],
        );
        e.rounds.push(crate::rules::event::Round {
            number: 1,
            boards: Vec::new(),
            matches: vec![crate::rules::event::Match {
                table: 1,
                home: TeamNo(2),
                away: Some(TeamNo(3)),
                results: Vec::new().into(),
            }]
            .into(),
        });
        e.rounds.push(crate::rules::event::Round {
            number: 2,
            boards: Vec::new(),
            matches: Vec::new().into(),
        });
        let stages = e.settings.stages.clone();
        assert_eq!(
            check_event(&stages, &e),
            [
                EventStageError::RoundInNoStage { round: 2, last: 1 },
                EventStageError::UnknownGroupTeam {
                    stage: 0,
                    team: TeamNo(9)
                },
                EventStageError::TeamInNoGroup {
                    stage: 0,
                    team: TeamNo(5)
                },
                EventStageError::AcrossGroups {
                    round: 1,
                    table: 1,
                    home: TeamNo(2),
                    away: TeamNo(3)
                },
            ]
        );
    }
}
