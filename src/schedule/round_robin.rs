//! Round robin by Berger tables: every team meets every other once per cycle.

use super::RoundPlan;
use crate::rules::TeamNo;

/// The rounds of a round robin for `teams` (in seeding order: the first is Berger number 1).
/// With an odd count, one team has a bye each round (each team exactly once per cycle).
/// `double` adds a second cycle with home and away swapped. Home is the open room's NS.
pub fn round_robin(teams: &[TeamNo], double: bool) -> Vec<RoundPlan> {
    if teams.len() < 2 {
        return Vec::new();
    }
    // Berger numbers 1..=n, n even; with an odd count, number n is the bye.
    let odd = teams.len() % 2 == 1;
    let n = teams.len() + usize::from(odd);
    let team = |berger: usize| -> Option<TeamNo> { teams.get(berger - 1).copied() };
    let half = n / 2;
    // Round 1: 1–n, 2–(n−1), …, the first of each pair at home.
    let mut pairs: Vec<(usize, usize)> = (1..=half).map(|i| (i, n + 1 - i)).collect();
    let mut rounds = Vec::with_capacity(n - 1);
    for round in 1..n {
        if round > 1 {
            // The next round adds n/2 to every number but n (within 1..=n−1), keeping each
            // pair's order; n alternates between home (even rounds) and away (odd rounds).
            let shift = |x: usize| {
                if x == n {
                    n
                } else {
                    (x - 1 + half) % (n - 1) + 1
                }
            };
            pairs = pairs.iter().map(|&(a, b)| (shift(a), shift(b))).collect();
            for p in &mut pairs {
                let (other, n_home) = if p.0 == n {
                    (p.1, true)
                } else if p.1 == n {
                    (p.0, false)
                } else {
                    continue;
                };
                let want_home = round % 2 == 0;
                if n_home != want_home {
                    *p = if want_home { (n, other) } else { (other, n) };
                }
            }
            // The pair with n is listed first in a Berger table.
            pairs.sort_by_key(|&(a, b)| usize::from(a != n && b != n));
        }
        let mut plan = RoundPlan {
            pairs: Vec::with_capacity(half),
            bye: None,
        };
        for &(a, b) in &pairs {
            match (team(a), team(b)) {
                (Some(h), Some(w)) => plan.pairs.push((h, w)),
                (Some(t), None) | (None, Some(t)) => plan.bye = Some(t),
                (None, None) => {}
            }
        }
        rounds.push(plan);
    }
    if double {
        let second: Vec<RoundPlan> = rounds
            .iter()
            .map(|r| RoundPlan {
                pairs: r.pairs.iter().map(|&(h, a)| (a, h)).collect(),
                bye: r.bye,
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

/// One round of a groups stage: `(home, away)` by table, `None` away for a bye.
pub(crate) type GroupRound = Vec<(TeamNo, Option<TeamNo>)>;

/// The rounds of a groups stage (docs/rules.md §12): each group's round robin
/// ([`round_robin`], its teams in the order the group lists them), played side by side.
/// Round i has every group's i-th round: the matches group by group (group A's first),
/// then the byes, each `(home, away)` with `None` away for a bye, at tables 1, 2, … in that
/// order. A group whose round robin is shorter sits out the stage's later rounds. `None`
/// when a group's round robin needs more than `rounds` rounds.
pub(crate) fn groups_side_by_side(
    groups: &[Vec<TeamNo>],
    rounds: usize,
) -> Option<Vec<GroupRound>> {
    let plans: Vec<Vec<RoundPlan>> = groups.iter().map(|g| round_robin(g, false)).collect();
    if plans.iter().any(|p| p.len() > rounds) {
        return None;
    }
    Some(
        (0..rounds)
            .map(|i| {
                let played = plans.iter().filter_map(|p| p.get(i));
                let mut round: GroupRound = played
                    .clone()
                    .flat_map(|plan| plan.pairs.iter().map(|&(h, a)| (h, Some(a))))
                    .collect();
                round.extend(played.filter_map(|plan| plan.bye).map(|b| (b, None)));
                round
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::{HashMap, HashSet};

    /// Groups of three and four over three rounds: each group's Berger table side by side,
    /// group A's match first, group B's two, the bye last; every pair of a group meets
    /// once and no pair crosses groups.
    #[test]
    fn groups_play_their_round_robins_side_by_side() {
        let a = [1, 3, 5].map(TeamNo).to_vec();
        let b = [2, 4, 6, 7].map(TeamNo).to_vec();
        let rounds = groups_side_by_side(&[a.clone(), b.clone()], 3).unwrap();
        let t = |n: i32| TeamNo(n);
        // Berger tables by hand: three teams are numbered 1–3 with 4 the bye (1–4, 2–3;
        // 4–3, 1–2; 2–4, 3–1), four teams 1–4 (1–4, 2–3; 4–3, 1–2; 2–4, 3–1).
        assert_eq!(
            rounds,
            vec![
                vec![
                    (t(3), Some(t(5))),
                    (t(2), Some(t(7))),
                    (t(4), Some(t(6))),
                    (t(1), None)
                ],
                vec![
                    (t(1), Some(t(3))),
                    (t(7), Some(t(6))),
                    (t(2), Some(t(4))),
                    (t(5), None)
                ],
                vec![
                    (t(5), Some(t(1))),
                    (t(4), Some(t(7))),
                    (t(6), Some(t(2))),
                    (t(3), None)
                ],
            ]
        );
        // A stage of two rounds is too short for a group of four; one of four rounds
        // leaves the last round empty.
        assert_eq!(groups_side_by_side(&[a.clone(), b.clone()], 2), None);
        let four = groups_side_by_side(&[a, b], 4).unwrap();
        assert!(four[3].is_empty());
    }

    #[test]
    fn six_teams_follow_the_published_berger_table() {
        let rounds = round_robin(&[1, 2, 3, 4, 5, 6].map(TeamNo), false);
        let got: Vec<Vec<(i32, i32)>> = rounds
            .iter()
            .map(|r| r.pairs.iter().map(|&(h, a)| (h.get(), a.get())).collect())
            .collect();
        assert_eq!(
            got,
            vec![
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (5, 3), (1, 2)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (4, 2), (5, 1)],
            ]
        );
    }

    /// Checks every property of a round robin for `n` teams.
    fn check(n: usize, double: bool) {
        let teams: Vec<TeamNo> = (1..=n as i32).map(|t| TeamNo(t * 3)).collect();
        let rounds = round_robin(&teams, double);
        let cycles = if double { 2 } else { 1 };
        let per_cycle = if n.is_multiple_of(2) { n - 1 } else { n };
        assert_eq!(rounds.len(), per_cycle * cycles, "rounds for {n}");
        for (c, cycle) in rounds.chunks(per_cycle).enumerate() {
            let mut met: HashMap<(TeamNo, TeamNo), usize> = HashMap::new();
            let mut byes: HashMap<TeamNo, usize> = HashMap::new();
            let mut home: HashMap<TeamNo, i64> = HashMap::new();
            for r in cycle {
                let in_round: Vec<TeamNo> = r.teams().collect();
                let unique: HashSet<TeamNo> = in_round.iter().copied().collect();
                assert_eq!(unique.len(), n, "every team once per round");
                assert_eq!(r.bye.is_some(), n % 2 == 1);
                if let Some(b) = r.bye {
                    *byes.entry(b).or_default() += 1;
                }
                for &(h, a) in &r.pairs {
                    *met.entry((h.min(a), h.max(a))).or_default() += 1;
                    *home.entry(h).or_default() += 1;
                    *home.entry(a).or_default() -= 1;
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "every pair meets in cycle {c}");
            assert!(
                met.values().all(|&k| k == 1),
                "every pair meets once in cycle {c}"
            );
            if n % 2 == 1 {
                assert_eq!(byes.len(), n);
                assert!(byes.values().all(|&k| k == 1), "one bye per team");
            }
            for t in &teams {
                let balance = home.get(t).copied().unwrap_or(0);
                assert!(
                    balance.abs() <= 1,
                    "team {t}: home − away = {balance} for n = {n}"
                );
            }
        }
        if double {
            let (first, second) = rounds.split_at(per_cycle);
            for (a, b) in first.iter().zip(second) {
                let swapped: Vec<(TeamNo, TeamNo)> = a.pairs.iter().map(|&(h, w)| (w, h)).collect();
                assert_eq!(b.pairs, swapped);
            }
        }
    }

    #[test]
    fn small_counts() {
        for n in 2..=12 {
            check(n, false);
            check(n, true);
        }
        assert!(round_robin(&[TeamNo(1)], false).is_empty());
    }

    proptest! {
        #[test]
        fn every_pair_meets_once_per_cycle(n in 2usize..=200, double: bool) {
            check(n, double);
        }
    }
}
