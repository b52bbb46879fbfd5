//! Pairing teams for a round, pure: round robin (Berger tables) and Swiss.
//!
//! Everything here takes plain data (team numbers, the standings order, who has met whom)
//! and returns pairings; it knows no database and no web. The director's pages turn a
//! [`RoundPlan`] into a round's matches, and a [`swiss::SwissDraw`]'s reasons into words.

pub mod draft;
pub mod lots;
pub mod round_robin;
pub mod swiss;

use crate::rules::TeamNo;
pub use round_robin::round_robin;

pub use swiss::{Entrant, Reason, SwissOptions, first_round, pair_swiss};

/// One round's pairings: (home, away) by table, table 1 first, and the team with the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPlan {
    pub pairs: Vec<(TeamNo, TeamNo)>,
    pub bye: Option<TeamNo>,
}

#[cfg(test)]
impl RoundPlan {
    /// Every team in the round, the bye included (the pairings' tests check each once).
    pub(crate) fn teams(&self) -> impl Iterator<Item = TeamNo> + '_ {
        self.pairs.iter().flat_map(|&(h, a)| [h, a]).chain(self.bye)
    }
}
