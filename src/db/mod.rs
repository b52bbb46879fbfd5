//! Storage: SQLite or PostgreSQL through one diesel connection type.
//!
//! - [`connection`]: the URL decides the backend; one connection, the pool, migrations
//! - [`schema`] and [`models`]: the tables, their row structs and insert forms
//! - [`tournament`]: whole tournaments in and out as [`crate::rules::Event`]s
//!
//! Only inputs are stored (settings, teams, boards, schedule, table results); every
//! computed figure comes from the rules core. Diesel is synchronous: in a web handler,
//! take a connection from the [`Pool`] inside `web::block`.

pub mod accounts;
pub mod audit;
pub mod connection;
pub mod copy;
pub mod dealing;
pub(crate) mod deals;
mod edit;
mod error;
pub(crate) mod field;
pub mod hall;
mod lineups;
pub(crate) mod models;
pub(crate) mod occasion;
pub mod players;
pub mod ratings;
pub mod revision;
pub mod rounds;
pub mod schedule;
pub mod schema;
pub mod series;
pub(crate) mod stages;
pub mod standing;
pub mod table;
mod teams;
pub mod tournament;
mod transaction;

pub use connection::{
    Backend, DEFAULT_DATABASE, DatabaseUrl, DbConnection, Pool, connect, open, pool,
    pool_with_busy_timeout, run_migrations,
};

pub(crate) use connection::PooledConnection;
pub use edit::{
    EditError, Upserted, add_team_as, create_tournament, load_roster, load_settings,
    set_withdrawn_as, update_settings_as, update_team_as, update_team_why, upsert_teams_as,
};
pub(crate) use edit::{Roster, save_stages};
pub use error::{DbError, WriteRefusal, report};
pub use field::{LineupChoice, save_lineups_why};
pub(crate) use models::TournamentSummary;
pub use rounds::{
    MatchSave, add_round, load_round, match_version, replace_pairings_as, save_match_results_as,
    update_boards_as,
};
pub(crate) use rounds::{RoundSheet, add_round_once, replace_pairings_why};
pub(crate) use tournament::{ChangedMatches, Loaded, insert_event_by};
pub use tournament::{
    Since, delete_tournament, insert_event, list_tournaments, load_consistent, load_event,
    load_since, slug_exists,
};
pub(crate) use transaction::write_transaction;

/// `count` random bytes from the operating system, as lowercase hex.
pub fn random_hex(count: usize) -> String {
    let mut bytes = vec![0u8; count];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The time a row records: now, in UTC, to the microsecond (what both backends keep, so a
/// value read back equals the one written).
pub(crate) fn now() -> chrono::NaiveDateTime {
    use chrono::SubsecRound;
    chrono::Utc::now().naive_utc().trunc_subsecs(6)
}
