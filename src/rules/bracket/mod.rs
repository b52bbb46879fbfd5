//! A knockout stage's bracket (docs/rules.md §12): qualifiers and seeds, the bracket order,
//! byes, ties with carry-over, their winners, the next round's pairings, and the final
//! ranking of a championship.
//!
//! Everything is worked out from the stored rounds and results: a tie's sides follow from
//! the previous knockout round's winners, never from what a schedule says.
//!
//! One idea a file: the bracket order (`order`), a tie and its sides (`tie`), a knockout
//! round and its name (`ko_round`), the director's exchanges (`exchanges`), the bracket the
//! results make (`compute`), the next round's pairings and what a schedule may hold
//! (`pairings`), the schedule's check (`check`), the final ranking (`ranking`), the
//! championship's figures (`championship`) and where a staged event stands (`progress`).

mod championship;
mod check;
mod compute;
mod exchanges;
mod ko_round;
mod order;
mod pairings;
mod progress;
mod ranking;
mod tie;

pub use championship::Championship;
pub use check::{KnockoutFault, check_knockout};
pub use compute::Bracket;
pub use exchanges::{ExchangeFault, exchange};
pub use ko_round::{KoRound, Reached};
pub use order::order;
pub use pairings::{NotYet, ProposedTie};
pub use progress::{Progress, progress};
pub use ranking::{RankingLine, ranking};
pub use tie::{Feeds, Seeded, Segment, Slot, Tie, TieStatus};

#[cfg(test)]
pub(crate) mod tests;
