//! The director's exchanges: two teams of a knockout round trading places.

use super::tie::{Feeds, Slot, seat};
use crate::rules::event::TeamNo;
use crate::rules::stages::Exchange;

/// Why an exchange of the stage cannot be applied to the bracket the results make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeFault {
    /// `team` does not play in the exchange's knockout round.
    NotInRound { exchange: usize, team: TeamNo },
    /// The two teams meet in the same tie.
    SameTie { exchange: usize },
    /// A team is in the play-off for third, which no exchange reaches.
    PlayOff { exchange: usize, team: TeamNo },
}

impl ExchangeFault {
    /// The exchange's index in the stage's list.
    pub fn exchange(self) -> usize {
        match self {
            ExchangeFault::NotInRound { exchange, .. }
            | ExchangeFault::SameTie { exchange }
            | ExchangeFault::PlayOff { exchange, .. } => exchange,
        }
    }
}

/// A knockout round's sides before their ties are filled: home, away, where they come from.
pub(super) type Sides = Vec<(Slot, Slot, Option<Feeds>)>;

/// Applies `exchange` to a knockout round's `sides` once all of them are known (`regular`:
/// the ties before the play-off): the two teams trade places, keep their seeds, and the
/// higher seed of each tie is at home. Returns the two ties' indices.
pub fn exchange(
    sides: &mut Sides,
    regular: usize,
    index: usize,
    x: &Exchange,
) -> Result<(usize, usize), ExchangeFault> {
    let find = |team: TeamNo| {
        sides.iter().enumerate().find_map(|(i, (h, a, _))| {
            if h.team().is_some_and(|s| s.team == team) {
                Some((i, true))
            } else if a.team().is_some_and(|s| s.team == team) {
                Some((i, false))
            } else {
                None
            }
        })
    };
    let [a, b] = x.teams;
    let at = |team| {
        find(team).ok_or(ExchangeFault::NotInRound {
            exchange: index,
            team,
        })
    };
    let ((i, i_home), (j, j_home)) = (at(a)?, at(b)?);
    for (tie, team) in [(i, a), (j, b)] {
        if tie >= regular {
            return Err(ExchangeFault::PlayOff {
                exchange: index,
                team,
            });
        }
    }
    if i == j {
        return Err(ExchangeFault::SameTie { exchange: index });
    }
    fn slot(sides: &mut Sides, tie: usize, home: bool) -> &mut Slot {
        let s = &mut sides[tie];
        if home { &mut s.0 } else { &mut s.1 }
    }
    let moved = *slot(sides, i, i_home);
    *slot(sides, i, i_home) = *slot(sides, j, j_home);
    *slot(sides, j, j_home) = moved;
    for k in [i, j] {
        let (h, w) = seat(sides[k].0, sides[k].1);
        sides[k].0 = h;
        sides[k].1 = w;
    }
    Ok((i, j))
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::super::*;
    use crate::rules::event::TeamNo;
    use crate::rules::stages::{Exact, Exchange, Knockout};

    fn exchange_of(ko_round: u32, a: i32, b: i32) -> Exchange {
        Exchange {
            ko_round,
            teams: [TeamNo(a), TeamNo(b)],
            reason: "one club".into(),
        }
    }

    #[test]
    fn an_exchange_trades_two_teams_between_ties_keeping_seeds_and_the_higher_seed_home() {
        let mut ko = Knockout {
            teams: 16,
            segments: vec![1, 1, 1, 1],
            third_place: false,
            carry_over: Exact::ZERO,
            carry_over_h2h: Exact::ZERO,
            exchanges: vec![exchange_of(1, 1, 9), exchange_of(2, 4, 7)],
        };
        let seeds: Vec<TeamNo> = (1..=13).map(TeamNo).collect();
        let spans = [(1, 1), (2, 2), (3, 3), (4, 4)];
        let b = Bracket::build(0, &ko, &spans, &seeds, true, &[], &report(Vec::new()));
        let first: Vec<(i32, i32, Option<i32>)> = b
            .pairings(1)
            .unwrap()
            .iter()
            .map(|p| (p.table, p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        // Seed 1 leaves its bye for 8–9 and is at home there; 9 takes the bye.
        assert_eq!(first[..2], [(1, 9, None), (2, 1, Some(8))]);
        assert_eq!(b.rounds[0].ties[0].exchanges, [0]);
        assert_eq!(b.rounds[0].ties[1].exchanges, [0]);
        assert!(b.rounds[0].ties[2].exchanges.is_empty());
        assert_eq!(b.rounds[0].ties[1].home.team().unwrap().seed, 1);
        // The exchange of the second round waits for its sides.
        assert!(b.exchange_faults.is_empty());
        assert!(b.rounds[1].ties.iter().all(|t| t.exchanges.is_empty()));
        // A team not in the round, two of one tie: not applied, and said.
        ko.exchanges = vec![exchange_of(1, 2, 14), exchange_of(1, 8, 9)];
        let b = Bracket::build(0, &ko, &spans, &seeds, true, &[], &report(Vec::new()));
        assert_eq!(
            b.exchange_faults,
            [
                ExchangeFault::NotInRound {
                    exchange: 0,
                    team: TeamNo(14)
                },
                ExchangeFault::SameTie { exchange: 1 }
            ]
        );
        assert_eq!(b.pairings(1).unwrap()[1].home, TeamNo(8));
        // No exchange reaches the play-off for third: four teams, all byes but one tie.
        let ko4 = Knockout {
            teams: 4,
            segments: vec![1, 1],
            third_place: true,
            exchanges: vec![exchange_of(2, 1, 4)],
            ..ko
        };
        let seeds: Vec<TeamNo> = (1..=4).map(TeamNo).collect();
        let mut played_sf = vec![played(1, 1, 1, 4, 2, 10), played(1, 2, 2, 3, -2, -10)];
        let b = Bracket::build(
            0,
            &ko4,
            &spans[..2],
            &seeds,
            true,
            &[],
            &report(played_sf.clone()),
        );
        assert_eq!(
            b.exchange_faults,
            [ExchangeFault::PlayOff {
                exchange: 0,
                team: TeamNo(4)
            }]
        );
        // Between the two finalists' own ties there is nothing to trade: one final.
        played_sf.clear();
        let b = Bracket::build(0, &ko4, &spans[..2], &seeds, true, &[], &report(played_sf));
        assert!(
            b.exchange_faults.is_empty(),
            "the final waits for the semi-finals"
        );
    }
}
