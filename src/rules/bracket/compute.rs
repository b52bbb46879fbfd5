//! The bracket the stored rounds and results make: the qualifiers' seeds, each knockout
//! round's ties, their carry-over and segments, and the exchanges applied.

use std::collections::BTreeSet;

use super::exchanges::{ExchangeFault, Sides, exchange};
use super::ko_round::KoRound;
use super::order::order;
use super::tie::{Feeds, Seeded, Segment, Slot, Tie, TieStatus, seat};
use crate::rules::event::{Event, TeamNo};
use crate::rules::report::{MatchProgress, MatchReport, Report};
use crate::rules::stage_tables::StageTables;
use crate::rules::stages::{Exact, Exchange, Knockout, Stage};

/// A knockout stage's bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bracket {
    pub stage: usize,
    /// The qualifiers in seed order; empty until the previous stage is complete.
    pub seeds: Vec<TeamNo>,
    pub rounds: Vec<KoRound>,
    pub third_place: bool,
    /// The director's exchanges, as the stage lists them.
    pub exchanges: Vec<Exchange>,
    /// The exchanges the results no longer allow (a corrected result took a team out of
    /// its knockout round): not applied.
    pub(crate) exchange_faults: Vec<ExchangeFault>,
}

impl Bracket {
    /// The bracket of knockout stage `stage` (which follows a league stage), from the
    /// previous stage's final standings and the knockout's own rounds.
    pub fn compute(
        stages: &[Stage],
        stage: usize,
        tables: &StageTables,
        event: &Event,
        report: &Report,
    ) -> Option<Bracket> {
        let ko_stage = stages.get(stage)?;
        let ko = ko_stage.knockout()?;
        let previous = stages.get(stage.checked_sub(1)?)?;
        let table = tables.of_stage(stage - 1)?;
        let withdrawn: BTreeSet<TeamNo> = event
            .teams
            .iter()
            .filter(|t| t.withdrawn)
            .map(|t| t.number)
            .collect();
        let seeds = if table.complete {
            table.qualifiers(ko.teams, &withdrawn, &event.settings.tiebreaks)
        } else {
            Vec::new()
        };
        let previous_matches: Vec<&MatchReport> = report
            .matches
            .iter()
            .filter(|m| previous.contains(m.round))
            .collect();
        Some(Bracket::build(
            stage,
            ko,
            &ko_stage.knockout_rounds(),
            &seeds,
            table.complete,
            &previous_matches,
            report,
        ))
    }

    /// The bracket from its seeds (`qualified`: the qualifiers are known).
    pub fn build(
        stage: usize,
        ko: &Knockout,
        spans: &[(i32, i32)],
        seeds: &[TeamNo],
        qualified: bool,
        previous: &[&MatchReport],
        report: &Report,
    ) -> Bracket {
        let seed_slot = |s: u32| -> Slot {
            if !qualified {
                Slot::Waiting
            } else {
                match seeds.get(s as usize - 1) {
                    Some(&team) => Slot::Team(Seeded { team, seed: s }),
                    None => Slot::Empty,
                }
            }
        };
        let mut rounds: Vec<KoRound> = Vec::new();
        let mut exchange_faults = Vec::new();
        let mut places = ko.teams;
        for (j, &(first_round, last_round)) in spans.iter().enumerate() {
            let number = j as u32 + 1;
            let mut sides: Sides = Vec::new();
            if j == 0 {
                for pair in order(ko.teams).chunks(2) {
                    sides.push((seed_slot(pair[0]), seed_slot(pair[1]), None));
                }
            } else {
                let before = &rounds[j - 1].ties;
                let regular: Vec<&Tie> = before.iter().filter(|t| !t.play_off).collect();
                for pair in regular.chunks(2) {
                    let (a, b) = seat(pair[0].winner(), pair[1].winner());
                    let feeds = Feeds {
                        first: pair[0].number,
                        second: pair[1].number,
                        losers: false,
                    };
                    sides.push((a, b, Some(feeds)));
                }
                if ko.third_place && places == 2 {
                    let (a, b) = seat(regular[0].loser(), regular[1].loser());
                    let feeds = Feeds {
                        first: regular[0].number,
                        second: regular[1].number,
                        losers: true,
                    };
                    sides.push((a, b, Some(feeds)));
                }
            }
            let regular_count = (places / 2) as usize;
            let mut moved: Vec<Vec<usize>> = vec![Vec::new(); sides.len()];
            if sides.iter().all(|(h, a, _)| h.known() && a.known()) {
                for (index, x) in ko.exchanges.iter().enumerate() {
                    if x.ko_round != number {
                        continue;
                    }
                    match exchange(&mut sides, regular_count, index, x) {
                        Ok((i, j)) => {
                            moved[i].push(index);
                            moved[j].push(index);
                        }
                        Err(fault) => exchange_faults.push(fault),
                    }
                }
            }
            let ties = sides
                .into_iter()
                .zip(moved)
                .enumerate()
                .map(|(i, ((home, away, feeds), exchanges))| {
                    let mut tie = Tie {
                        ko_round: number,
                        number: i as u32 + 1,
                        play_off: i >= regular_count,
                        feeds,
                        home,
                        away,
                        carry_over: Exact::ZERO,
                        segments: Vec::new(),
                        status: TieStatus::NotStarted,
                        exchanges,
                    };
                    fill(&mut tie, ko, first_round, last_round, previous, report);
                    tie
                })
                .collect();
            rounds.push(KoRound {
                number,
                places,
                first_round,
                last_round,
                ties,
            });
            places /= 2;
        }
        Bracket {
            stage,
            seeds: seeds.to_vec(),
            rounds,
            third_place: ko.third_place,
            exchanges: ko.exchanges.clone(),
            exchange_faults,
        }
    }

    /// The knockout round whose segments include `round`.
    pub(crate) fn round_of(&self, round: i32) -> Option<&KoRound> {
        self.rounds
            .iter()
            .find(|r| (r.first_round..=r.last_round).contains(&round))
    }
}

/// The home team's M in its complete matches against `away` in `matches`.
fn head_to_head(matches: &[&MatchReport], home: TeamNo, away: TeamNo) -> i64 {
    matches
        .iter()
        .filter(|m| m.figures.status == crate::rules::compare::MatchStatus::Complete)
        .filter_map(|m| {
            if m.home == home && m.away == Some(away) {
                Some(m.figures.home_levels)
            } else if m.home == away && m.away == Some(home) {
                Some(-m.figures.home_levels)
            } else {
                None
            }
        })
        .sum()
}

/// Fills a tie's carry-over, segments and status from the rounds played.
fn fill(
    tie: &mut Tie,
    ko: &Knockout,
    first_round: i32,
    last_round: i32,
    previous: &[&MatchReport],
    report: &Report,
) {
    let (Slot::Team(home), Slot::Team(away)) = (tie.home, tie.away) else {
        tie.status = if tie.determined() {
            TieStatus::Complete
        } else {
            TieStatus::NotStarted
        };
        return;
    };
    let h2h = head_to_head(previous, home.team, away.team);
    tie.carry_over = ko.carry_over + Exact(ko.carry_over_h2h.0 * h2h);
    let mut all_complete = true;
    let mut any = false;
    for round in first_round..=last_round {
        let m = report.matches.iter().find(|m| {
            m.round == round
                && ((m.home == home.team && m.away == Some(away.team))
                    || (m.home == away.team && m.away == Some(home.team)))
        });
        let mut segment = Segment {
            round,
            table: m.map(|m| m.table),
            progress: m.map(|m| MatchProgress::of(&m.figures)),
            home_levels: None,
            home_points: None,
        };
        match m {
            Some(m) if segment.progress == Some(MatchProgress::Complete) => {
                let side = m.figures.side(m.home == home.team);
                segment.home_levels = Some(side.levels);
                segment.home_points = Some(side.points);
                any = true;
            }
            Some(_) => {
                all_complete = false;
                any |= segment.progress == Some(MatchProgress::InProgress);
            }
            None => all_complete = false,
        }
        tie.segments.push(segment);
    }
    tie.status = if all_complete {
        TieStatus::Complete
    } else if any {
        TieStatus::InProgress
    } else {
        TieStatus::NotStarted
    };
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::super::*;
    use crate::rules::event::TeamNo;
    use crate::rules::stages::{Exact, Knockout};

    #[test]
    fn a_bracket_of_eight_with_carry_over_points_and_seed() {
        let (e, r) = championship_of_eight();
        let c = Championship::compute(&e, &r).unwrap();
        let b = c.bracket.as_ref().unwrap();
        assert_eq!(
            b.seeds,
            (11..=18).map(TeamNo).collect::<Vec<_>>(),
            "seeds follow the qualifying standings"
        );
        let qf = &b.rounds[0];
        assert_eq!(qf.name(), Reached::QuarterFinal);
        let sides: Vec<(Option<i32>, Option<i32>)> = qf
            .ties
            .iter()
            .map(|t| (teams(t.home), teams(t.away)))
            .collect();
        assert_eq!(
            sides,
            [
                (Some(11), Some(18)),
                (Some(14), Some(15)),
                (Some(12), Some(17)),
                (Some(13), Some(16))
            ]
        );
        // Carry-over 1 + ½ × the home team's qualifying M against the same opponent:
        // 11 beat 18 by 3; 14 lost to 15 by 4; 12–17 and 13–16 did not meet.
        let carry: Vec<String> = qf
            .ties
            .iter()
            .map(|t| t.carry_over.two_decimals())
            .collect();
        assert_eq!(carry, ["2.50", "-1.00", "1.00", "1.00"]);
        // QF1: 2.50 − 2 − 1 = −0.50: the eighth seed goes through.
        assert_eq!(qf.ties[0].home_total().two_decimals(), "-0.50");
        assert_eq!(teams(qf.ties[0].winner()), Some(18));
        // QF2: −1.00 + 1 + 0 = 0.00, level on levels; points +20 − 50 = −30 for 14.
        assert_eq!(qf.ties[1].home_total(), Exact::ZERO);
        assert_eq!(qf.ties[1].home_points(), -30);
        assert_eq!(teams(qf.ties[1].winner()), Some(15));
        assert_eq!(teams(qf.ties[2].winner()), Some(12));
        // QF4: 1.00 − 1 + 0 = 0.00 and points 10 − 10 = 0: the higher seed, 13.
        assert_eq!(qf.ties[3].home_total(), Exact::ZERO);
        assert_eq!(qf.ties[3].home_points(), 0);
        assert_eq!(teams(qf.ties[3].winner()), Some(13));
        assert!(qf.ties.iter().all(|t| t.status == TieStatus::Complete));
        assert!(qf.ties.iter().all(|t| t.complete_segments() == 2));
        // Semi-finals: winners of QF1 v QF2 (15, seed 5, at home) and QF3 v QF4.
        let sf = &b.rounds[1];
        assert_eq!(
            (teams(sf.ties[0].home), teams(sf.ties[0].away)),
            (Some(15), Some(18))
        );
        assert_eq!(
            (teams(sf.ties[1].home), teams(sf.ties[1].away)),
            (Some(12), Some(13))
        );
        assert_eq!(
            sf.ties[0].feeds,
            Some(Feeds {
                first: 1,
                second: 2,
                losers: false
            })
        );
        // The final and the play-off, the play-off the last tie of the final round.
        let f = &b.rounds[2];
        assert_eq!(f.ties.len(), 2);
        assert!(f.ties[1].play_off);
        assert_eq!(
            (teams(f.ties[0].home), teams(f.ties[0].away)),
            (Some(13), Some(15))
        );
        assert_eq!(
            (teams(f.ties[1].home), teams(f.ties[1].away)),
            (Some(12), Some(18))
        );
        // Play-off: 12 beat 18 by 10 in qualifying: 1 + 5 = 6.00, then −8: −2.00.
        assert_eq!(f.ties[1].carry_over.two_decimals(), "6.00");
        assert_eq!(f.ties[1].home_total().two_decimals(), "-2.00");
        let ranking: Vec<(String, i32, usize, Option<&str>)> = c
            .ranking
            .iter()
            .map(|l| {
                (
                    l.place_label(),
                    l.team.get(),
                    l.stage,
                    l.reached.map(Reached::code),
                )
            })
            .collect();
        let qf_out = Some("quarter_final");
        assert_eq!(
            ranking,
            [
                ("1".into(), 13, 1, Some("final")),
                ("2".into(), 15, 1, Some("final")),
                ("3".into(), 18, 1, Some("third_place")),
                ("4".into(), 12, 1, Some("third_place")),
                ("5".into(), 11, 1, qf_out),
                ("6".into(), 14, 1, qf_out),
                ("7".into(), 16, 1, qf_out),
                ("8".into(), 17, 1, qf_out),
                ("9".into(), 19, 0, None),
                ("10".into(), 20, 0, None),
            ]
        );
        assert!(check_knockout(b, &e).is_empty());
    }

    #[test]
    fn nothing_of_a_later_round_is_known_before_its_ties_are_decided() {
        let (e, mut r) = championship_of_eight();
        // Quarter-final 4's second segment not played yet.
        r.matches
            .retain(|m| m.round < 4 || (m.round == 4 && m.table != 4));
        let c = Championship::compute(&e, &r).unwrap();
        let b = c.bracket.unwrap();
        assert_eq!(b.rounds[0].ties[3].status, TieStatus::InProgress);
        assert_eq!(b.rounds[0].ties[3].complete_segments(), 1);
        assert_eq!(
            b.pairings(5),
            Err(NotYet::Undecided {
                ko_round: 1,
                name: Reached::QuarterFinal
            })
        );
        // The semi-final of QF1 and QF2 has its sides; the other waits.
        assert!(b.rounds[1].ties[0].determined());
        assert!(!b.rounds[1].ties[1].determined());
        assert_eq!(b.pairings(4).unwrap().len(), 4);
        // Places: the QF losers' places wait for the last quarter-final; teams that did
        // not qualify have theirs.
        let places: Vec<String> = c.ranking.iter().map(RankingLine::place_label).collect();
        assert_eq!(places[..8], ["", "", "", "", "", "", "", ""]);
        assert_eq!(places[8..], ["9", "10"]);
    }

    #[test]
    fn a_corrected_result_that_changes_a_winner_shows_in_the_rounds_already_paired() {
        let (mut e, mut r) = championship_of_eight();
        // The schedule as it was paired: every match of the report.
        for m in &r.matches {
            if !e.rounds.iter().any(|x| x.number == m.round) {
                e.rounds.push(crate::rules::event::Round {
                    number: m.round,
                    boards: Vec::new(),
                    matches: Vec::new().into(),
                });
            }
            let round = e.rounds.iter_mut().find(|x| x.number == m.round).unwrap();
            round.matches.push(crate::rules::event::Match {
                table: m.table,
                home: m.home,
                away: m.away,
                results: Vec::new().into(),
            });
        }
        let c = Championship::compute(&e, &r).unwrap();
        assert!(check_knockout(c.bracket.as_ref().unwrap(), &e).is_empty());
        // QF1's second segment corrected from −1 to +1: 2.50 − 2 + 1 = 1.50, 11 goes
        // through instead of 18, so the semi-final 15 v 18 is no longer the tie.
        let qf1 = r
            .matches
            .iter_mut()
            .find(|m| m.round == 4 && m.table == 1)
            .unwrap();
        *qf1 = played(4, 1, 11, 18, 1, 0);
        let c = Championship::compute(&e, &r).unwrap();
        let b = c.bracket.unwrap();
        assert_eq!(teams(b.rounds[0].ties[0].winner()), Some(11));
        let faults = check_knockout(&b, &e);
        assert_eq!(
            faults[0],
            KnockoutFault::NotTheTie {
                round: 5,
                table: 1,
                home: TeamNo(11),
                away: Some(TeamNo(15))
            }
        );
        // What the new bracket pairs in the semi-finals: 11 (seed 1) at home.
        let p = b.pairings(5).unwrap();
        assert_eq!((p[0].home, p[0].away), (TeamNo(11), Some(TeamNo(15))));
    }

    #[test]
    fn a_bracket_of_sixteen_gives_the_top_seeds_byes() {
        let ko = Knockout {
            teams: 16,
            segments: vec![1, 1, 1, 1],
            third_place: false,
            carry_over: Exact::ZERO,
            carry_over_h2h: Exact::ZERO,
            exchanges: Vec::new(),
        };
        let seeds: Vec<TeamNo> = (1..=13).map(TeamNo).collect();
        let spans = [(1, 1), (2, 2), (3, 3), (4, 4)];
        let b = Bracket::build(0, &ko, &spans, &seeds, true, &[], &report(Vec::new()));
        let first = b.pairings(1).unwrap();
        let seen: Vec<(i32, i32, Option<i32>)> = first
            .iter()
            .map(|p| (p.table, p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        // order(16) = 1–16, 8–9, 4–13, 5–12, 2–15, 7–10, 3–14, 6–11; seeds 14–16 are
        // missing, so 1, 2 and 3 go through.
        assert_eq!(
            seen,
            [
                (1, 1, None),
                (2, 8, Some(9)),
                (3, 4, Some(13)),
                (4, 5, Some(12)),
                (5, 2, None),
                (6, 7, Some(10)),
                (7, 3, None),
                (8, 6, Some(11))
            ]
        );
        assert!(b.rounds[0].ties[0].decided());
        assert_eq!(teams(b.rounds[0].ties[0].winner()), Some(1));
        // The second round's first tie waits for 8–9 only: seed 1 is already in it.
        assert_eq!(teams(b.rounds[1].ties[0].home), Some(1));
        assert_eq!(b.rounds[1].ties[0].away, Slot::Waiting);

        // Three qualifiers in a bracket of eight: 4–5 has nobody, so seed 1 has a bye in
        // the second round too.
        let ko8 = Knockout {
            teams: 8,
            segments: vec![1, 1, 1],
            ..ko
        };
        let seeds: Vec<TeamNo> = (1..=3).map(TeamNo).collect();
        let b = Bracket::build(0, &ko8, &spans[..3], &seeds, true, &[], &report(Vec::new()));
        assert_eq!(b.rounds[0].ties[1].home, Slot::Empty);
        assert!(!b.rounds[0].ties[1].listed());
        assert_eq!(b.pairings(1).unwrap().len(), 3);
        // 1–8, 2–7 and 3–6 are byes: the semi-finals are known at once, 1 with a
        // second bye, 2 v 3.
        let second: Vec<(i32, Option<i32>)> = b
            .pairings(2)
            .unwrap()
            .iter()
            .map(|p| (p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        assert_eq!(second, [(1, None), (2, Some(3))]);
        assert!(b.rounds[1].ties[0].is_bye());
    }
}
