//! Rounds piece by piece, as the director's pages change them: adding a round with its
//! boards, editing boards, replacing a round's pairings and saving one match's results.
//! Every write is one transaction; every function finds its round by the tournament's
//! slug and the round number, and answers `Ok(None)` / `Ok(false)` when there is none.
//!
//! Loops of single-row UPDATEs run only over the rows that change, bounded by the size
//! of one round (diesel has no multi-row UPDATE); inserts go in multi-row statements.
//!
//! One idea a file: finding a tournament, round or match by its slug and numbers, and the
//! form tokens (`find`); one round as the director's pages read it (`load`); adding a round
//! and editing its boards (`add`); replacing a round's pairings (`pairings`); saving one
//! match's results (`results`); publishing a round's draw (`draw`).

mod add;
mod draw;
mod find;
mod load;
mod pairings;
mod results;

pub(crate) use add::add_round_once;
pub use add::{add_round, update_boards_as};
pub use draw::publish_draw;
pub use find::match_id;
pub(in crate::db) use find::{locate_round, lock_tournament, tournament_id};
pub use load::{RoundSheet, load_round};
pub use pairings::replace_pairings_as;
pub(crate) use pairings::replace_pairings_why;
pub(crate) use results::save_match_results_why;
pub use results::{MatchSave, match_version, save_match_results_as};

pub use crate::rules::event::MAX_ROUND;
