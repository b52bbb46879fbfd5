//! Storing and loading a whole tournament: rows ↔ [`crate::rules::Event`].
//!
//! Only inputs are stored; everything computed (P, s, swings, scores, standings) is
//! derived from the loaded [`Event`] by the rules core. Writes go in multi-row INSERTs
//! inside one transaction; a load is one query per table, assembled in memory.
//!
//! One idea a file: storing a whole event (`insert`), a row to a value and back (`rows`),
//! loading a whole tournament (`load`), loading only what changed since a revision
//! (`since`), and the list of tournaments (`list`).

mod insert;
mod list;
mod load;
mod rows;
mod since;

pub use insert::insert_event;
pub(crate) use insert::insert_event_by;
pub(in crate::db) use insert::{
    BOARD_COLUMNS, MATCH_COLUMNS, RESULT_COLUMNS, TEAM_COLUMNS, insert_members, insert_teams,
};
pub use list::{delete_tournament, list_tournaments, slug_exists};
pub(in crate::db) use load::tournament_row;
pub(crate) use load::{Loaded, load_play};
pub use load::{Play, load_consistent, load_event};
pub(in crate::db) use rows::{
    board_form, board_from_row, result_form, result_from_row, settings_from_row, tournament_form,
};
pub(crate) use since::ChangedMatches;
pub use since::{Since, load_since};
