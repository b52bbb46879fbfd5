//! What the schedule of a knockout round must be, and whether a schedule is it.

use super::compute::Bracket;
use super::ko_round::Reached;
use super::tie::{Feeds, Slot};
use crate::rules::event::TeamNo;

impl Bracket {
    /// Whether `pairings` of `round` are what this bracket says (always true for a round
    /// outside the knockout): a knockout round is paired from the results, never by hand;
    /// no pairings at all (the round cleared) is allowed too.
    pub fn allows(&self, round: i32, pairings: &[crate::rules::Pairing]) -> bool {
        if self.round_of(round).is_none() {
            return true;
        }
        match self.pairings(round) {
            Ok(list) => {
                let mut want: Vec<(i32, TeamNo, Option<TeamNo>)> =
                    list.iter().map(|p| (p.table, p.home, p.away)).collect();
                let mut got: Vec<(i32, TeamNo, Option<TeamNo>)> =
                    pairings.iter().map(|p| (p.table, p.home, p.away)).collect();
                want.sort();
                got.sort();
                want == got || got.is_empty()
            }
            Err(_) => pairings.is_empty(),
        }
    }

    /// What the schedule of `round` must be: per listed tie its table, home and away
    /// (`None`: a bye). A refusal when the round's ties are not known yet.
    pub fn pairings(&self, round: i32) -> Result<Vec<ProposedTie>, NotYet> {
        let Some(ko) = self.round_of(round) else {
            return Ok(Vec::new());
        };
        if !ko.determined() {
            return Err(if ko.number == 1 {
                NotYet::Qualifying
            } else {
                NotYet::Undecided {
                    ko_round: ko.number - 1,
                    name: self.rounds[ko.number as usize - 2].name(),
                }
            });
        }
        Ok(ko
            .ties
            .iter()
            .filter(|t| t.listed())
            .map(|t| {
                let (home, away) = match (t.home, t.away) {
                    (Slot::Team(h), a) => (h, a.team()),
                    (_, Slot::Team(a)) => (a, None),
                    _ => unreachable!("a listed tie has a team"),
                };
                ProposedTie {
                    table: t.number as i32,
                    home: home.team,
                    away: away.map(|a| a.team),
                    tie: t.number,
                    feeds: t.feeds,
                    previous: (ko.number > 1).then(|| self.rounds[ko.number as usize - 2].name()),
                }
            })
            .collect())
    }
}

/// A tie as the schedule seats it, with where its sides came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProposedTie {
    pub table: i32,
    pub home: TeamNo,
    pub away: Option<TeamNo>,
    pub tie: u32,
    pub(crate) feeds: Option<Feeds>,
    /// The knockout round the sides come from.
    pub previous: Option<Reached>,
}

/// Why a knockout round cannot be paired yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotYet {
    /// The stage before the knockout is not complete.
    Qualifying,
    /// A tie of knockout round `ko_round` is not decided.
    Undecided { ko_round: u32, name: Reached },
}
