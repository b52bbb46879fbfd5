//! Results entered at the table: each room's random link, the entry a table is making
//! (pending: not a result), its confirmation by the opponents, and the director's answer.
//!
//! A pending entry lives in `table_entries`, never in `table_results`: the public pages,
//! exports and the archive read only `table_results`, so they see a table's entry only once
//! it is confirmed, through [`crate::db::save_match_results_as`] (match version check,
//! audit row naming the link, the sides and the device's address).
//!
//! A room accepts the table while table-side entry is on, its round is not locked, and it
//! has no stored result (entered at the desk, or confirmed): a desk correction therefore
//! always wins and closes the room to the table. What a room may do is never decided here:
//! each write loads the room, asks the state machine (`rules::room_state`) and stores its
//! answer; its refusals ([`Refusal`]) are the ones callers see.
//!
//! - `links`: each room's link and team codes, the round's rooms, who sits where
//! - `rows`: a room's entry as stored and as the pages read it ([`Pending`])
//! - `entry`: the table's save, call, look and confirmation
//! - `verdicts`: the director's answer to a room, and the rooms that call the director
//! - `lock`: releasing a round to the public and locking it against the tables
//! - `desk`: the desk's save of a match, which closes the rooms it changed

mod desk;
mod entry;
mod links;
mod lock;
mod rows;
mod verdicts;

pub use crate::rules::room_state::{Closed, EntryState, Side};

pub(crate) use crate::rules::room_state::Refusal;
pub(crate) use desk::save_at_desk;
pub(crate) use entry::save_entry_seated;
pub use entry::{Cell, TableSave, confirm, flag, open, save_entry, standing};
pub(crate) use links::{CODE_DIGITS, Credential, new_token, renew_links};
pub use links::{RoomLink, TableRoom, find_link, round_links, seated};
pub(crate) use lock::lock_round;
pub use lock::release_round;
pub use rows::{Pending, pending};
pub(crate) use verdicts::read_room_text;
pub use verdicts::{Judged, Verdict, approve_clean, calls, judge};
