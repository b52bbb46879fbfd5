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
pub mod deals;
mod edit;
mod error;
pub mod field;
pub mod hall;
mod lineups;
pub mod models;
pub mod occasion;
pub mod players;
pub mod revision;
pub mod rounds;
pub mod schedule;
pub mod schema;
pub mod stages;
pub mod table;
mod teams;
pub mod tournament;
mod transaction;

pub use connection::{
    Backend, DEFAULT_DATABASE, DatabaseUrl, DbConnection, Pool, PooledConnection, connect, open,
    pool, pool_with_busy_timeout, run_migrations,
};
pub use edit::{
    EditError, Roster, Upserted, add_team_as, create_tournament, load_roster, load_settings,
    save_stages, set_withdrawn_as, update_settings_as, update_team_as, upsert_teams_as,
};
pub use error::{DbError, WriteRefusal, report};
pub use models::TournamentSummary;
pub use rounds::{
    MatchSave, RoundSheet, add_round, add_round_once, load_round, match_version,
    replace_pairings_as, replace_pairings_why, save_match_results_as, update_boards_as,
};
pub use tournament::{
    ChangedMatches, Loaded, Since, delete_tournament, insert_event, insert_event_by,
    list_tournaments, load_consistent, load_event, load_since, slug_exists,
};
pub use transaction::write_transaction;

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
