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
pub(crate) use check::{KnockoutFault, check_knockout};
pub use compute::Bracket;
pub(crate) use exchanges::ExchangeFault;
pub use exchanges::exchange;
pub(crate) use ko_round::KoRound;
pub use ko_round::Reached;
pub use order::order;
pub(crate) use pairings::{NotYet, ProposedTie};
pub(crate) use progress::Progress;
pub use progress::progress;
pub(crate) use ranking::RankingLine;
pub use ranking::ranking;
pub use tie::TieStatus;
pub(crate) use tie::{Feeds, Slot, Tie};

#[cfg(test)]
pub(crate) mod tests;
