//! What people and files type in, read into the game's values, and the reasons it is
//! refused. The rules ([`crate::rules`]) say what a table result, a pairing or a setting
//! may be; this layer reads the text of a form field or a file cell into those values and
//! names every problem ([`Why`], worded by [`why_words`] from `locales/*/problems.ftl`), so
//! that the web, the archive and the command line refuse the same input with the same words.
//!
//! - [`text`]: a number as typed, a line of text within its limit, a slug
//! - [`fields`]: the fields of a table result, the one list every form, file and answer
//!   is made from
//! - [`sheet`]: the rows of a score sheet, read into a [`crate::rules::TableEntry`]
//! - [`pairings`]: a round's pairings as typed, checked into [`crate::rules::Pairing`]s
//! - [`why`], [`why_words`]: the reasons and their messages

pub mod fields;
pub(crate) mod pairings;
pub mod player_why;
pub(crate) mod sheet;
pub(crate) mod text;
pub(crate) mod why;
pub(crate) mod why_words;

pub(crate) use pairings::{PairingError, PairingProblem, PairingRow, check_pairings};
pub use player_why::PlayerWhy;
pub(crate) use sheet::SheetError;
pub use sheet::{SHEET_FIELDS, SheetRow};
pub(crate) use text::{check_text, read_number};
pub use why::Why;
pub(crate) use why::{DealSeedFault, Wanted, clip};
