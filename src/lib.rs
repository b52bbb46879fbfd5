//! fushi: duplicate tournaments of Shengji (升级) in the 记副式复式 format.
//!
//! Arrows point one way: `web` → `db` → `input` → `rules`; `archive` → `input` → `rules`;
//! `schedule` → `rules`; `sheets` → `rules`. [`rules`] is the game and its scoring; [`input`]
//! reads what people and files type in into its values and says why it is refused.
//! Words come from [`i18n`] (the Fluent messages of `locales/`), which every surface uses:
//! `web`, `sheets`, `archive` (the English result wording of `results.csv`), the command
//! line, and the English `Display` of a refusal's reason (`input::why`).

#![forbid(unsafe_code)]

pub mod archive;
pub(crate) mod charts;
pub(crate) mod clock;
pub mod db;
pub mod figures;
pub mod i18n;
pub mod input;
pub mod limits;
pub mod rules;
pub mod schedule;
pub mod sheets;
pub mod transfer;
pub mod web;

/// fushi's version and the commit it was built from (`build.rs`): `0.1.0 (abc123def456)`.
pub const VERSION: &str = env!("FUSHI_VERSION");
