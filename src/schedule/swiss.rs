//! Swiss pairing down the standings (docs/rules.md §8), with a reason for every match.
//!
//! Pairing goes down the ranking: the top unpaired team meets the next unpaired team it
//! may meet, backtracking when the rest of the field could not be paired. That search is
//! exhaustive, so it finds a pairing without rematches whenever one exists; a step budget
//! keeps it fast, and past the budget a maximum matching (Gabow's algorithm) on the graph
//! of allowed meetings decides instead. When no pairing without rematches exists, the same
//! maximum matching gives the fewest rematches: every team it leaves unmatched meets
//! another such team again.

use petgraph::algo::maximum_matching;
use petgraph::graph::UnGraph;
use rustc_hash::FxHashMap;

use super::RoundPlan;
use super::lots::Lots;
use crate::rules::{Score, TeamNo};

/// A team as the Swiss pairing sees it. Entrants are given in ranking order.
#[derive(Clone, Debug)]
pub struct Entrant {
    pub team: TeamNo,
    pub score: Score,
    /// Empty when the team has no club.
    pub club: String,
    /// Matches played as the home team (open room North–South) and as the away team.
    pub home: u32,
    pub away: u32,
    pub had_bye: bool,
}

/// What the director chose for this draw.
#[derive(Clone, Copy, Debug)]
pub struct SwissOptions {
    /// Teams of the same club do not meet while that can be avoided.
    pub avoid_same_club: bool,
    /// Steps the search down the standings may take before the matching decides.
    pub step_budget: u64,
}

impl Default for SwissOptions {
    fn default() -> Self {
        SwissOptions {
            avoid_same_club: false,
            step_budget: 200_000,
        }
    }
}

/// Why two teams were paired, for the explanation shown to players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first round, paired by team number or seeding.
    Seeded,
    /// The first round, seeded by the teams' ratings (docs/rules.md §14).
    SeededByRating,
    /// The first round, paired by lots drawn with this seed.
    Lots { seed: u64 },
    /// The next unpaired team down the standings, in the same score group.
    NextDown,
    /// The higher team had no opponent left in its score group and floated down.
    FloatedDown { from: Score },
    /// The next team down had already been met in that round, so it was passed over.
    AvoidsRematch { passed_over: TeamNo, round: i32 },
    /// The next team down is of the same club, so it was passed over.
    AvoidsSameClub { passed_over: TeamNo },
    /// Passed over the next team down so that the rest of the field could be paired.
    KeepsFieldPairable { passed_over: TeamNo },
    /// No pairing of the whole field avoids every rematch: these two met in that round.
    Rematch { round: i32 },
}

/// One generated match with what the explanation needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissMatch {
    pub table: i32,
    pub home: TeamNo,
    pub away: TeamNo,
    /// 1-based positions in the standings given.
    pub home_rank: u32,
    pub away_rank: u32,
    pub reason: Reason,
}

/// A generated round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissDraw {
    /// Table 1 is the top match.
    pub matches: Vec<SwissMatch>,
    pub bye: Option<TeamNo>,
    /// How many matches are rematches (0 whenever a pairing without rematches exists).
    pub rematches: u32,
    /// Whether teams of the same club meet although the option asks to avoid it.
    pub(crate) same_club_meetings: u32,
}

impl SwissDraw {
    pub fn plan(&self) -> RoundPlan {
        RoundPlan {
            pairs: self.matches.iter().map(|m| (m.home, m.away)).collect(),
            bye: self.bye,
        }
    }
}

/// Who has met whom, and in which round (the latest meeting).
#[derive(Clone, Debug, Default)]
pub struct Meetings {
    met: FxHashMap<(TeamNo, TeamNo), i32>,
}

impl Meetings {
    pub fn new() -> Self {
        Self::default()
    }

    /// Room for about `count` meetings, so that recording a whole event grows no table.
    pub fn with_capacity(count: usize) -> Self {
        Self {
            met: FxHashMap::with_capacity_and_hasher(count, Default::default()),
        }
    }

    pub fn record(&mut self, a: TeamNo, b: TeamNo, round: i32) {
        let key = (a.min(b), a.max(b));
        let latest = self.met.entry(key).or_insert(round);
        *latest = (*latest).max(round);
    }

    /// The latest round in which `a` and `b` met.
    pub(crate) fn round_met(&self, a: TeamNo, b: TeamNo) -> Option<i32> {
        self.met.get(&(a.min(b), a.max(b))).copied()
    }
}

/// Round 1: pairs 1–2, 3–4, … in the order given (team number or seeding), or after
/// drawing lots with `seed`. With an odd count the last team has the bye.
pub fn first_round(teams: &[TeamNo], seed: Option<u64>) -> SwissDraw {
    let mut order = teams.to_vec();
    if let Some(seed) = seed {
        Lots::new(seed).shuffle(&mut order);
    }
    let bye = (order.len() % 2 == 1).then(|| order.pop()).flatten();
    let reason = seed.map_or(Reason::Seeded, |seed| Reason::Lots { seed });
    let matches = order
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| SwissMatch {
            table: i as i32 + 1,
            home: pair[0],
            away: pair[1],
            home_rank: 2 * i as u32 + 1,
            away_rank: 2 * i as u32 + 2,
            reason: reason.clone(),
        })
        .collect();
    SwissDraw {
        matches,
        bye,
        rematches: 0,
        same_club_meetings: 0,
    }
}

/// Pairs a later round down the standings. `entrants` are in ranking order.
pub fn pair_swiss(entrants: &[Entrant], meetings: &Meetings, options: SwissOptions) -> SwissDraw {
    let mut field: Vec<usize> = (0..entrants.len()).collect();
    // The bye goes to the lowest-ranked team that has not had one.
    let bye = if field.len() % 2 == 1 {
        let pick = field
            .iter()
            .rposition(|&i| !entrants[i].had_bye)
            .unwrap_or(field.len() - 1);
        Some(entrants[field.remove(pick)].team)
    } else {
        None
    };

    let met = |a: usize, b: usize| meetings.round_met(entrants[a].team, entrants[b].team);
    let same_club =
        |a: usize, b: usize| !entrants[a].club.is_empty() && entrants[a].club == entrants[b].club;

    // Without rematches (and, if asked, without same-club meetings) where possible.
    let mut pairs = None;
    if options.avoid_same_club {
        pairs = search(
            &field,
            &|a, b| met(a, b).is_none() && !same_club(a, b),
            options.step_budget,
        )
        .or_else(|| complete_by_matching(&field, &|a, b| met(a, b).is_none() && !same_club(a, b)));
    }
    let pairs = pairs
        .or_else(|| search(&field, &|a, b| met(a, b).is_none(), options.step_budget))
        .unwrap_or_else(|| fewest_rematches(&field, &|a, b| met(a, b).is_none()));

    let mut matches = explain(
        entrants,
        &field,
        &pairs,
        &met,
        options.avoid_same_club,
        &same_club,
    );
    // Table 1 is the top match.
    matches.sort_by_key(|m| m.home_rank.min(m.away_rank));
    for (i, m) in matches.iter_mut().enumerate() {
        m.table = i as i32 + 1;
        balance_home(entrants, m);
    }
    let rematches = matches
        .iter()
        .filter(|m| matches!(m.reason, Reason::Rematch { .. }))
        .count() as u32;
    let same_club_meetings = if options.avoid_same_club {
        pairs.iter().filter(|&&(a, b)| same_club(a, b)).count() as u32
    } else {
        0
    };
    SwissDraw {
        matches,
        bye,
        rematches,
        same_club_meetings,
    }
}

/// Pairs `field` (indices in ranking order) down the standings, backtracking; `None` when
/// no such pairing exists or the budget ran out (each pair tried costs a step).
///
/// The search is a loop over an explicit stack, not recursion: a field of 20,000 teams is
/// 10,000 pairs deep. The first unpaired team is found from where the last one was, so a
/// field that pairs without backtracking costs time in proportion to its size.
fn search(
    field: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
    budget: u64,
) -> Option<Vec<(usize, usize)>> {
    let n = field.len();
    let mut paired = vec![false; n];
    // The pairs chosen so far, as positions in `field`.
    let mut chosen: Vec<(usize, usize)> = Vec::with_capacity(n / 2);
    let mut steps = budget;
    // The first position that may be unpaired, and where its partner's search resumes.
    let (mut i, mut resume) = (0, 0);
    loop {
        while i < n && paired[i] {
            i += 1;
        }
        if i == n {
            return Some(chosen.iter().map(|&(a, b)| (field[a], field[b])).collect());
        }
        let partner = (resume.max(i + 1)..n).find(|&j| !paired[j] && allowed(field[i], field[j]));
        match partner {
            Some(j) => {
                steps = steps.checked_sub(1)?;
                paired[i] = true;
                paired[j] = true;
                chosen.push((i, j));
                resume = 0;
            }
            None => {
                // Back to the last pair: its first team tries the next partner.
                let (a, b) = chosen.pop()?;
                paired[a] = false;
                paired[b] = false;
                (i, resume) = (a, b + 1);
            }
        }
    }
}

/// A maximum matching on the graph of allowed meetings, as pairs in ranking order.
fn matching(field: &[usize], allowed: &dyn Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut graph: UnGraph<(), ()> = UnGraph::with_capacity(field.len(), 0);
    let nodes: Vec<_> = field.iter().map(|_| graph.add_node(())).collect();
    for a in 0..field.len() {
        for b in a + 1..field.len() {
            if allowed(field[a], field[b]) {
                graph.add_edge(nodes[a], nodes[b], ());
            }
        }
    }
    let m = maximum_matching(&graph);
    let mut pairs: Vec<(usize, usize)> = m
        .edges()
        .map(|(x, y)| {
            let (x, y) = (x.index(), y.index());
            (field[x.min(y)], field[x.max(y)])
        })
        .collect();
    pairs.sort();
    pairs
}

/// The matching, only when it pairs everybody.
fn complete_by_matching(
    field: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<(usize, usize)>> {
    let pairs = matching(field, allowed);
    (pairs.len() * 2 == field.len()).then_some(pairs)
}

/// A pairing with the fewest pairs that break `allowed`: a maximum matching of allowed
/// pairs, and the teams it leaves out paired with each other down the standings.
fn fewest_rematches(
    field: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut pairs = matching(field, allowed);
    let mut left: Vec<usize> = field
        .iter()
        .copied()
        .filter(|t| !pairs.iter().any(|&(a, b)| a == *t || b == *t))
        .collect();
    left.sort();
    pairs.extend(left.chunks(2).map(|c| (c[0], c[1])));
    pairs.sort();
    pairs
}

/// Turns index pairs into matches, each with the reason it was made.
fn explain(
    entrants: &[Entrant],
    field: &[usize],
    pairs: &[(usize, usize)],
    met: &dyn Fn(usize, usize) -> Option<i32>,
    avoid_same_club: bool,
    same_club: &dyn Fn(usize, usize) -> bool,
) -> Vec<SwissMatch> {
    let mut ordered = pairs.to_vec();
    ordered.sort();
    let mut paired = vec![false; entrants.len()];
    let mut matches = Vec::with_capacity(ordered.len());
    // Where in `field` the search for the next unpaired team resumes: teams are paired in
    // ranking order and never unpaired, so it only moves down.
    let mut cursor = 0;
    for &(a, b) in &ordered {
        paired[a] = true;
        // The next unpaired team down from `a` when it was paired.
        while cursor < field.len() && (field[cursor] <= a || paired[field[cursor]]) {
            cursor += 1;
        }
        let next = field.get(cursor).copied();
        paired[b] = true;
        let reason = if let Some(round) = met(a, b) {
            Reason::Rematch { round }
        } else if let Some(n) = next.filter(|&n| n != b) {
            let passed_over = entrants[n].team;
            if let Some(round) = met(a, n) {
                Reason::AvoidsRematch { passed_over, round }
            } else if avoid_same_club && same_club(a, n) {
                Reason::AvoidsSameClub { passed_over }
            } else {
                Reason::KeepsFieldPairable { passed_over }
            }
        } else if entrants[a].score == entrants[b].score {
            Reason::NextDown
        } else {
            Reason::FloatedDown {
                from: entrants[a].score,
            }
        };
        matches.push(SwissMatch {
            table: 0,
            home: entrants[a].team,
            away: entrants[b].team,
            home_rank: a as u32 + 1,
            away_rank: b as u32 + 1,
            reason,
        });
    }
    matches
}

/// Gives home to the team that has been home less often; level teams alternate by table.
fn balance_home(entrants: &[Entrant], m: &mut SwissMatch) {
    let balance = |rank: u32| {
        let e = &entrants[rank as usize - 1];
        i64::from(e.home) - i64::from(e.away)
    };
    let (h, a) = (balance(m.home_rank), balance(m.away_rank));
    let swap = h > a || (h == a && m.table % 2 == 0);
    if swap {
        std::mem::swap(&mut m.home, &mut m.away);
        std::mem::swap(&mut m.home_rank, &mut m.away_rank);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn entrant(team: i32, score: i64, club: &str) -> Entrant {
        Entrant {
            team: TeamNo(team),
            score: Score::from_whole(score),
            club: club.to_owned(),
            home: 0,
            away: 0,
            had_bye: false,
        }
    }

    #[test]
    fn first_round_by_number_and_by_lots() {
        let d = first_round(&[1, 2, 3, 4, 5].map(TeamNo), None);
        assert_eq!(
            d.plan().pairs,
            [(TeamNo(1), TeamNo(2)), (TeamNo(3), TeamNo(4))]
        );
        assert_eq!(d.bye, Some(TeamNo(5)));
        assert!(d.matches.iter().all(|m| m.reason == Reason::Seeded));
        let a = first_round(&[1, 2, 3, 4, 5, 6, 7, 8].map(TeamNo), Some(99));
        let b = first_round(&[1, 2, 3, 4, 5, 6, 7, 8].map(TeamNo), Some(99));
        assert_eq!(a, b, "a recorded seed reproduces the draw");
        assert_eq!(a.matches[0].reason, Reason::Lots { seed: 99 });
    }

    #[test]
    fn pairs_down_with_reasons() {
        // 1 and 2 met in round 1; 3 is the same club as 1.
        let field = [
            entrant(1, 30, "East"),
            entrant(2, 30, ""),
            entrant(3, 30, "East"),
            entrant(4, 20, ""),
            entrant(5, 20, ""),
            entrant(6, 10, ""),
        ];
        let mut met = Meetings::new();
        met.record(TeamNo(1), TeamNo(2), 1);
        let options = SwissOptions {
            avoid_same_club: true,
            ..SwissOptions::default()
        };
        let d = pair_swiss(&field, &met, options);
        let pairs: Vec<(i32, i32, Reason)> = d
            .matches
            .iter()
            .map(|m| {
                let (low, high) = (m.home.min(m.away), m.home.max(m.away));
                (low.get(), high.get(), m.reason.clone())
            })
            .collect();
        assert_eq!(
            pairs,
            [
                (
                    1,
                    4,
                    Reason::AvoidsRematch {
                        passed_over: TeamNo(2),
                        round: 1
                    }
                ),
                (2, 3, Reason::NextDown),
                (
                    5,
                    6,
                    Reason::FloatedDown {
                        from: Score::from_whole(20)
                    }
                ),
            ]
        );
        assert_eq!(d.rematches, 0);
        // Without the club option, 1 still passes over 2 (a rematch) and takes 3.
        let d = pair_swiss(&field, &met, SwissOptions::default());
        assert_eq!(
            d.matches[0].reason,
            Reason::AvoidsRematch {
                passed_over: TeamNo(2),
                round: 1
            }
        );
        assert_eq!(
            (
                d.matches[0].home.min(d.matches[0].away),
                d.matches[0].home.max(d.matches[0].away)
            ),
            (TeamNo(1), TeamNo(3))
        );
    }

    #[test]
    fn the_bye_goes_to_the_lowest_team_without_one() {
        let mut field: Vec<Entrant> = (1..=5).map(|t| entrant(t, 10 - i64::from(t), "")).collect();
        field[4].had_bye = true;
        let d = pair_swiss(&field, &Meetings::new(), SwissOptions::default());
        assert_eq!(d.bye, Some(TeamNo(4)));
    }

    #[test]
    fn home_goes_to_the_team_that_was_away_more() {
        let mut field = vec![entrant(1, 10, ""), entrant(2, 10, "")];
        field[0].home = 2;
        field[1].away = 1;
        let d = pair_swiss(&field, &Meetings::new(), SwissOptions::default());
        assert_eq!(
            (d.matches[0].home, d.matches[0].away),
            (TeamNo(2), TeamNo(1))
        );
    }

    #[test]
    fn no_pairing_without_rematches_gives_the_fewest() {
        // Four teams that have all met: any pairing has two rematches.
        let field: Vec<Entrant> = (1..=4).map(|t| entrant(t, 0, "")).collect();
        let mut met = Meetings::new();
        for a in 1..=4 {
            for b in a + 1..=4 {
                met.record(TeamNo(a), TeamNo(b), a + b);
            }
        }
        let d = pair_swiss(&field, &met, SwissOptions::default());
        assert_eq!(d.rematches, 2);
        assert!(matches!(d.matches[0].reason, Reason::Rematch { .. }));
    }

    /// The fewest rematches any pairing of `teams` can have, by trying every pairing.
    fn fewest_by_brute_force(teams: &[TeamNo], met: &Meetings) -> u32 {
        fn go(rest: &[TeamNo], met: &Meetings) -> u32 {
            let Some((&first, others)) = rest.split_first() else {
                return 0;
            };
            (0..others.len())
                .map(|k| {
                    let mut remaining = others.to_vec();
                    let partner = remaining.remove(k);
                    u32::from(met.round_met(first, partner).is_some()) + go(&remaining, met)
                })
                .min()
                .unwrap_or(0)
        }
        go(teams, met)
    }

    /// Plays `rounds` Swiss rounds for `n` teams with results from `seed`, checking every
    /// draw; `exhaustive` compares the rematch count with a brute-force search.
    fn play(n: usize, rounds: usize, seed: u64, exhaustive: bool) {
        let mut lots = Lots::new(seed);
        let mut entrants: Vec<Entrant> = (1..=n as i32)
            .map(|t| entrant(t, 0, if lots.below(4) == 0 { "Club" } else { "" }))
            .collect();
        let mut met = Meetings::new();
        for round in 1..=rounds as i32 {
            // Rank by score, then team number.
            entrants.sort_by(|a, b| b.score.cmp(&a.score).then(a.team.cmp(&b.team)));
            let options = SwissOptions {
                avoid_same_club: lots.below(2) == 0,
                ..SwissOptions::default()
            };
            let draw = if round == 1 {
                first_round(&entrants.iter().map(|e| e.team).collect::<Vec<_>>(), None)
            } else {
                pair_swiss(&entrants, &met, options)
            };
            let plan = draw.plan();
            let teams: Vec<TeamNo> = plan.teams().collect();
            let unique: HashSet<TeamNo> = teams.iter().copied().collect();
            assert_eq!(teams.len(), n, "every team once (round {round})");
            assert_eq!(unique.len(), n, "no team twice (round {round})");
            let tables: Vec<i32> = draw.matches.iter().map(|m| m.table).collect();
            assert_eq!(tables, (1..=draw.matches.len() as i32).collect::<Vec<_>>());
            if round > 1 {
                let field: Vec<TeamNo> = entrants
                    .iter()
                    .map(|e| e.team)
                    .filter(|t| Some(*t) != draw.bye)
                    .collect();
                let actual = plan
                    .pairs
                    .iter()
                    .filter(|(h, a)| met.round_met(*h, *a).is_some())
                    .count() as u32;
                assert_eq!(actual, draw.rematches);
                if exhaustive {
                    assert_eq!(
                        draw.rematches,
                        fewest_by_brute_force(&field, &met),
                        "round {round}"
                    );
                } else if round as usize - 1 < field.len() / 2 {
                    // Each team has met fewer than half the field: by Dirac's theorem a
                    // pairing without rematches exists.
                    assert_eq!(draw.rematches, 0, "round {round}");
                }
            }
            if let Some(bye) = draw.bye {
                let e = entrants.iter_mut().find(|e| e.team == bye).unwrap();
                assert!(!e.had_bye || round as usize > n, "a second bye for {bye}");
                e.had_bye = true;
                e.score += Score::from_whole(12);
            }
            for m in &draw.matches {
                met.record(m.home, m.away, round);
                let home_vp = lots.below(21) as i64;
                for (team, vp, at_home) in [(m.home, home_vp, true), (m.away, 20 - home_vp, false)]
                {
                    let e = entrants.iter_mut().find(|e| e.team == team).unwrap();
                    e.score += Score::from_whole(vp);
                    if at_home { e.home += 1 } else { e.away += 1 }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn small_fields_match_an_exhaustive_search(n in 2usize..=10, extra in 0usize..4, seed: u64) {
            play(n, n - 1 + extra, seed, true);
        }

        #[test]
        fn large_fields(n in 11usize..=200, rounds in 2usize..=11, seed: u64) {
            play(n, rounds, seed, false);
        }
    }
}
