//! The schedule of a knockout stage's rounds checked against the bracket the results make.

use super::compute::Bracket;
use super::pairings::NotYet;
use crate::rules::event::{Event, TeamNo};

/// What a knockout's schedule refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum KnockoutFault {
    /// A round of knockout round `ko_round` paired before its ties are known.
    TooEarly {
        round: i32,
        table: i32,
        reason: NotYet,
    },
    /// Table `table` of `round` is not the tie the results make it.
    NotTheTie {
        round: i32,
        table: i32,
        home: TeamNo,
        away: Option<TeamNo>,
    },
    /// A table of a knockout round that seats no tie of the bracket.
    NoSuchTie { round: i32, table: i32 },
    /// A tie the round must seat and does not.
    Missing {
        round: i32,
        table: i32,
        home: TeamNo,
        away: Option<TeamNo>,
    },
}

/// Checks the schedule of a knockout stage's rounds against the bracket the results make.
impl KnockoutFault {
    /// The round and table the fault is at.
    pub(crate) fn place(&self) -> (i32, i32) {
        match *self {
            KnockoutFault::TooEarly { round, table, .. }
            | KnockoutFault::NotTheTie { round, table, .. }
            | KnockoutFault::NoSuchTie { round, table }
            | KnockoutFault::Missing { round, table, .. } => (round, table),
        }
    }
}

pub(crate) fn check_knockout(bracket: &Bracket, event: &Event) -> Vec<KnockoutFault> {
    let mut out = Vec::new();
    for ko in &bracket.rounds {
        for round in event
            .rounds
            .iter()
            .filter(|r| (ko.first_round..=ko.last_round).contains(&r.number))
        {
            if round.matches.is_empty() {
                continue;
            }
            let expected = match bracket.pairings(round.number) {
                Ok(e) => e,
                Err(reason) => {
                    let table = round.matches.iter().map(|m| m.table).min().unwrap_or(1);
                    out.push(KnockoutFault::TooEarly {
                        round: round.number,
                        table,
                        reason,
                    });
                    continue;
                }
            };
            for m in &round.matches {
                match expected.iter().find(|p| p.table == m.table) {
                    None => out.push(KnockoutFault::NoSuchTie {
                        round: round.number,
                        table: m.table,
                    }),
                    Some(p) if p.home != m.home || p.away != m.away => {
                        out.push(KnockoutFault::NotTheTie {
                            round: round.number,
                            table: m.table,
                            home: p.home,
                            away: p.away,
                        });
                    }
                    Some(_) => {}
                }
            }
            for p in &expected {
                if !round.matches.iter().any(|m| m.table == p.table) {
                    out.push(KnockoutFault::Missing {
                        round: round.number,
                        table: p.table,
                        home: p.home,
                        away: p.away,
                    });
                }
            }
        }
    }
    out
}
