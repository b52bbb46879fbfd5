//! `tournament.toml`: the tournament's settings (docs/rules.md §9).
//!
//! Its children: reading the file, every problem at its key's line (`read`:
//! `parse_settings`, the older pair of deal seeds); one key's value of the right type and
//! the line it stands on (`keys`); the `[[stages]]` tables in and out, and the lines their
//! keys and exchanges stand on (`stages`); writing the file (`write`); the round trips'
//! tests in `tests.rs`. It re-exports what the rest of `archive` reads.

mod keys;
mod read;
mod stages;
#[cfg(test)]
mod tests;
mod write;

pub(crate) use read::{ParsedSettings, parse_settings};
pub(crate) use stages::{stage_exchange_line, stage_key_line, stages_toml};
pub(crate) use write::settings_toml;
pub use write::tournament_toml;

pub const TOURNAMENT_TOML: &str = "tournament.toml";
