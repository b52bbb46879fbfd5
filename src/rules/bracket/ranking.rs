//! The final ranking of a championship.

use std::cmp::Reverse;
use std::collections::BTreeSet;

use super::compute::Bracket;
use super::ko_round::{KoRound, Reached};
use super::tie::{Slot, Tie, TieStatus};
use crate::rules::event::{Event, TeamNo};
use crate::rules::report::Report;
use crate::rules::stage_tables::StageTables;
use crate::rules::stages::Stage;

/// One line of the final ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankingLine {
    /// `None` while the place is not decided.
    pub place: Option<u32>,
    /// Shares its place (`3=`).
    pub shared: bool,
    pub team: TeamNo,
    /// The last stage the team played (its index).
    pub stage: usize,
    pub reached: Option<Reached>,
}

impl RankingLine {
    /// `3`, `3=` or empty.
    pub(crate) fn place_label(&self) -> String {
        match self.place {
            Some(p) if self.shared => format!("{p}="),
            Some(p) => p.to_string(),
            None => String::new(),
        }
    }
}

/// A knockout team in the ranking: (depth first, place within it, seed), team, decided,
/// shared, the round reached (`None` before its first tie).
type KoRow = (
    (Reverse<u32>, u32, u32),
    TeamNo,
    bool,
    bool,
    Option<Reached>,
);

/// The ranking of a championship: the knockout's teams by how far they went (the final's
/// winner and loser, the play-off's, the semi-final losers `3=` without one, each earlier
/// round's losers by seed), then the teams that did not qualify in the previous stages'
/// order, withdrawn teams last. A place is given once it is decided.
pub fn ranking(
    stages: &[Stage],
    tables: &StageTables,
    bracket: Option<&Bracket>,
    event: &Event,
    report: &Report,
) -> Vec<RankingLine> {
    let withdrawn: BTreeSet<TeamNo> = event
        .teams
        .iter()
        .filter(|t| t.withdrawn)
        .map(|t| t.number)
        .collect();
    let tiebreaks = &event.settings.tiebreaks;
    // (sort key, team, decided, shared, reached)
    let mut ko_rows: Vec<KoRow> = Vec::new();
    if let Some(b) = bracket {
        let last = b.rounds.len() as u32;
        for (i, &team) in b.seeds.iter().enumerate() {
            let seed = i as u32 + 1;
            let mut deepest: Option<(&KoRound, &Tie)> = None;
            for ko in &b.rounds {
                for tie in &ko.ties {
                    let sides = [tie.home.team(), tie.away.team()];
                    if sides.iter().flatten().any(|s| s.team == team) {
                        deepest = Some((ko, tie));
                    }
                }
            }
            let Some((ko, tie)) = deepest else { continue };
            // The last round in which the team played a tie: both sides teams (a bye is
            // not a tie, and a tie still waiting for its other side is not played yet).
            let reached = b
                .rounds
                .iter()
                .flat_map(|ko| ko.ties.iter().map(move |tie| (ko, tie)))
                .rfind(|(_, tie)| {
                    let (home, away) = (tie.home.team(), tie.away.team());
                    home.zip(away).is_some()
                        && [home, away].iter().flatten().any(|s| s.team == team)
                })
                .map(|(ko, tie)| {
                    if ko.number == last && tie.play_off {
                        Reached::ThirdPlace
                    } else {
                        ko.name()
                    }
                });
            let is = |slot: Slot| slot.team().is_some_and(|s| s.team == team);
            let row = if ko.number == last && tie.play_off {
                let done = tie.status == TieStatus::Complete || tie.is_bye();
                let sub = if done && is(tie.loser()) { 3 } else { 2 };
                ((Reverse(last), sub, seed), done, false, reached)
            } else if ko.number == last {
                let done = tie.status == TieStatus::Complete || tie.is_bye();
                let sub = u32::from(done && is(tie.loser()));
                ((Reverse(last), sub, seed), done, false, reached)
            } else {
                let done = ko.decided();
                let shared = done && ko.places == 4 && !b.third_place;
                ((Reverse(ko.number), 0, seed), done, shared, reached)
            };
            ko_rows.push((row.0, team, row.1, row.2, row.3));
        }
    }
    ko_rows.sort_by_key(|r| r.0);
    let in_ko: BTreeSet<TeamNo> = ko_rows.iter().map(|r| r.1).collect();

    let ko_index = bracket.map(|b| b.stage);
    let leagues: Vec<usize> = (0..stages.len()).filter(|&i| Some(i) != ko_index).collect();
    let base = leagues.last().copied();
    let rest_decided = base
        .and_then(|i| tables.of_stage(i))
        .is_some_and(|t| t.complete);
    let mut rest: Vec<TeamNo> = Vec::new();
    let mut placed: BTreeSet<TeamNo> = in_ko.clone();
    for &i in leagues.iter().rev() {
        if let Some(t) = tables.of_stage(i) {
            for team in t.order(&withdrawn, tiebreaks) {
                if placed.insert(team) {
                    rest.push(team);
                }
            }
        }
    }
    for t in &event.teams {
        if !withdrawn.contains(&t.number) && placed.insert(t.number) {
            rest.push(t.number);
        }
    }
    // The last league stage each team has a match in (the first stage by default).
    let mut played_in: std::collections::HashMap<TeamNo, usize> = std::collections::HashMap::new();
    for m in &report.matches {
        if let Some(i) = leagues
            .iter()
            .copied()
            .find(|&i| stages[i].contains(m.round))
        {
            for team in std::iter::once(m.home).chain(m.away) {
                let e = played_in.entry(team).or_insert(i);
                *e = (*e).max(i);
            }
        }
    }
    let last_stage = |team: TeamNo| -> usize {
        if in_ko.contains(&team) {
            return ko_index.unwrap_or(0);
        }
        played_in.get(&team).copied().unwrap_or(0)
    };

    let mut lines: Vec<RankingLine> = Vec::new();
    let mut withdrawn_lines: Vec<RankingLine> = Vec::new();
    for (_, team, decided, shared, reached) in &ko_rows {
        let line = RankingLine {
            place: decided.then_some(0),
            shared: *shared,
            team: *team,
            stage: last_stage(*team),
            reached: *reached,
        };
        if withdrawn.contains(team) {
            withdrawn_lines.push(line);
        } else {
            lines.push(line);
        }
    }
    for team in rest {
        lines.push(RankingLine {
            place: rest_decided.then_some(0),
            shared: false,
            team,
            stage: last_stage(team),
            reached: None,
        });
    }
    withdrawn_lines.sort_by_key(|l| l.team);
    for t in event.teams.iter().filter(|t| t.withdrawn) {
        if !withdrawn_lines.iter().any(|l| l.team == t.number) {
            withdrawn_lines.push(RankingLine {
                place: None,
                shared: false,
                team: t.number,
                stage: last_stage(t.number),
                reached: None,
            });
        }
    }
    withdrawn_lines.sort_by_key(|l| l.team);
    for mut l in withdrawn_lines {
        l.shared = false;
        l.place = Some(0);
        lines.push(l);
    }
    // A place is one more than the lines above; a shared block takes its first line's.
    let mut i = 0;
    while i < lines.len() {
        let mut j = i + 1;
        if lines[i].shared {
            while j < lines.len() && lines[j].shared && lines[j].reached == lines[i].reached {
                j += 1;
            }
        }
        let single = j - i == 1;
        for line in &mut lines[i..j] {
            if line.place.is_some() {
                line.place = Some(i as u32 + 1);
            }
            if single {
                line.shared = false;
            }
        }
        i = j;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::super::*;
    use crate::rules::event::{Event, TeamNo};
    use crate::rules::report::{MatchReport, Report};
    use crate::rules::stages::{StageDraft, StageFormat};

    /// Groups A (1, 2, 3) and B (4, 5, 6, 7) over three rounds, hand-added totals (the
    /// score is M, a bye scores 0): A 1 +5, 2 −2, 3 −3; B 5 +10, 4 +1, 7 −1, 6 −10.
    fn groups_event(withdrawn: &[i32]) -> (Event, Report) {
        let groups = StageDraft {
            groups: Some(vec![vec![1, 2, 3], vec![4, 5, 6, 7]]),
            ..league("Groups", (1, 3), "groups")
        };
        let e = event(
            &[1, 2, 3, 4, 5, 6, 7],
            withdrawn,
            &[groups, knockout((4, 5), 4, &[1, 1], false, (0.0, 0.0))],
        );
        let matches = vec![
            played(1, 1, 1, 2, 3, 0),
            bye(1, 2, 3),
            played(1, 3, 4, 5, -2, 0),
            played(1, 4, 6, 7, -4, 0),
            played(2, 1, 1, 3, 2, 0),
            bye(2, 2, 2),
            played(2, 3, 4, 6, 1, 0),
            played(2, 4, 5, 7, 3, 0),
            played(3, 1, 2, 3, 1, 0),
            bye(3, 2, 1),
            played(3, 3, 4, 7, 2, 0),
            played(3, 4, 5, 6, 5, 0),
        ];
        (e, report(matches))
    }

    #[test]
    fn groups_of_unequal_size_seed_winners_first() {
        let (e, r) = groups_event(&[]);
        let c = Championship::compute(&e, &r).unwrap();
        let t = c.tables.of_stage(0).unwrap();
        let order =
            |b: usize| -> Vec<i32> { t.blocks[b].standings.iter().map(|s| s.team.get()).collect() };
        assert_eq!(order(0), [1, 2, 3]);
        assert_eq!(order(1), [5, 4, 7, 6]);
        assert!(t.complete);
        let b = c.bracket.as_ref().unwrap();
        // Winners 5 (+10) and 1 (+5), then runners-up 4 (+1) and 2 (−2).
        assert_eq!(b.seeds, [5, 1, 4, 2].map(TeamNo));
        let p: Vec<(i32, Option<i32>)> = b
            .pairings(4)
            .unwrap()
            .iter()
            .map(|p| (p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        assert_eq!(p, [(5, Some(2)), (1, Some(4))]);
        // Teams that did not qualify: third places 7 (−1) then 3 (−3), then 6.
        let rest: Vec<i32> = c.ranking[4..].iter().map(|l| l.team.get()).collect();
        assert_eq!(rest, [7, 3, 6]);
        assert!(c.ranking[4..].iter().all(|l| l.place.is_some()));
        assert_eq!(c.ranking[4].place_label(), "5");
    }

    #[test]
    fn a_withdrawn_team_in_a_group_neither_qualifies_nor_ranks_before_the_rest() {
        let (e, r) = groups_event(&[5]);
        let c = Championship::compute(&e, &r).unwrap();
        // Group B without 5: 4 wins it, 7 is second.
        let b = c.bracket.as_ref().unwrap();
        assert_eq!(b.seeds, [1, 4, 7, 2].map(TeamNo));
        // Its results stand in the group's standings.
        let t = c.tables.of_stage(0).unwrap();
        assert_eq!(t.blocks[1].standings[0].team, TeamNo(5));
        let rest: Vec<(String, i32)> = c.ranking[4..]
            .iter()
            .map(|l| (l.place_label(), l.team.get()))
            .collect();
        assert_eq!(
            rest,
            [("5".into(), 3), ("6".into(), 6), ("7".into(), 5)],
            "3 (−3) and 6 (−10) by score, withdrawn 5 last"
        );
    }

    #[test]
    fn semi_final_losers_share_third_without_a_play_off() {
        let e = event(
            &[1, 2, 3, 4],
            &[],
            &[
                league("League", (1, 1), "manual"),
                knockout((2, 3), 4, &[1, 1], false, (0.0, 0.0)),
            ],
        );
        let r = report(vec![
            played(1, 1, 1, 4, 5, 0),
            played(1, 2, 2, 3, 1, 0),
            played(2, 1, 1, 4, -1, 0),
            played(2, 2, 2, 3, 2, 0),
            played(3, 1, 2, 4, 0, 5),
        ]);
        let c = Championship::compute(&e, &r).unwrap();
        let seen: Vec<(String, i32, Option<&str>)> = c
            .ranking
            .iter()
            .map(|l| (l.place_label(), l.team.get(), l.reached.map(Reached::code)))
            .collect();
        // Seeds 1 (team 1, +5), 2 (team 2), 3 (team 3), 4 (team 4). The final 2 v 4:
        // level, 2 wins on points.
        assert_eq!(
            seen,
            [
                ("1".into(), 2, Some("final")),
                ("2".into(), 4, Some("final")),
                ("3=".into(), 1, Some("semi_final")),
                ("3=".into(), 3, Some("semi_final")),
            ]
        );
        let _ = StageFormat::Manual;
    }

    #[test]
    fn a_team_reaches_a_round_by_playing_a_tie_in_it_not_by_a_bye_or_by_waiting() {
        // Three qualifiers in a knockout of four: seed 1 has a bye in the semi-finals and
        // waits in the final while 2 v 3 is still to be played.
        let e = event(
            &[1, 2, 3],
            &[],
            &[
                league("League", (1, 1), "manual"),
                knockout((2, 3), 4, &[1, 1], false, (0.0, 0.0)),
            ],
        );
        let league_only = vec![played(1, 1, 1, 2, 5, 0), bye(1, 2, 3)];
        let reached = |matches: Vec<MatchReport>| -> Vec<(i32, Option<&str>)> {
            let c = Championship::compute(&e, &report(matches)).unwrap();
            let mut seen: Vec<(i32, Option<&str>)> = c
                .ranking
                .iter()
                .map(|l| (l.team.get(), l.reached.map(Reached::code)))
                .collect();
            seen.sort();
            seen
        };
        let semi = Some("semi_final");
        assert_eq!(
            reached(league_only.clone()),
            [(1, None), (2, semi), (3, semi)],
            "seed 1 has played no tie: its bye is none, and the final is not paired"
        );
        // 2 beats 3: the final 1 v 2 is paired, and both finalists have reached it.
        let mut semi_played = league_only;
        semi_played.push(played(2, 1, 2, 3, 4, 0));
        assert_eq!(
            reached(semi_played),
            [(1, Some("final")), (2, Some("final")), (3, semi)]
        );
    }
}
