//! A tournament's settings, parsed once (docs/rules.md §9): every surface — the settings
//! form, `tournament.toml` and the database — fills a [`SettingsDraft`] with the raw values
//! it holds and turns it into [`Settings`] with `Settings::try_from`, which states every
//! limit and reports every problem at its field. The surfaces only map text in and
//! errors back (to a form field, a `tournament.toml` line or a database column).
//!
//! Its children: the checked value, its limits and defaults, and the deck count with its
//! rules (`value`); the raw draft a surface fills, and a slug proposed from a name (`draft`);
//! which setting a problem is with and why (`errors`); the one parse, `Settings::try_from`,
//! with every check (`checks`). It re-exports their public names, so every caller keeps its
//! path (`crate::rules::settings::Settings`).

mod checks;
mod draft;
mod errors;
mod value;

pub(crate) use super::slug::RESERVED_SLUGS;
pub use draft::{SettingsDraft, suggest_slug};
pub use errors::{SettingsError, SettingsErrors, SettingsField, SettingsReason};
pub(crate) use value::{DEFAULT_BLITZ, MAX_CORRECTION_MINUTES, MAX_SWISS_SEED, MAX_TEXT};
pub use value::{
    DEFAULT_CORRECTION_MINUTES, DeckRules, PairingMethod, Settings, Standing, TableSide,
};
