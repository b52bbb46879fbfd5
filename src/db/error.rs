//! The database layer's one error type.
//!
//! Every function in [`crate::db`] returns [`DbError`]. `NotFound` is a query that found
//! no row (the web layer answers 404 for it by itself); `Query` wraps diesel's other errors
//! (use [`DbError::is_unique_violation`] to tell "slug already taken" from a real failure);
//! `Corrupt` means stored text no longer parses as a rules value and names the table, row
//! and column; `Inconsistent` means an event handed to [`crate::db::insert_event`] refers
//! to a team or board it does not hold. The web layer maps them to its own error page.
//! Each keeps its cause as [`std::error::Error::source`]; [`report`] writes the whole
//! chain for a log.

use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// Why a database operation failed.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The database could not be opened or reached (bad URL, server down, file not writable).
    #[error("cannot open the database: {0}")]
    Connection(String),
    /// A query that must find a row found none (diesel's `NotFound`, from `get_result`,
    /// `first` or `find` without `.optional()`): a missing round, match or team.
    #[error("no such row in the database")]
    NotFound,
    /// A query failed; constraint violations arrive here too.
    #[error("database query failed: {0}")]
    Query(#[source] DieselError),
    /// The embedded migrations could not be applied.
    #[error("database migration failed: {0}")]
    Migration(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// No connection could be had from the pool.
    #[error("database pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    /// Stored text no longer parses: `table`, row id and column, then why.
    #[error("corrupt data in the database: {0}")]
    Corrupt(String),
    /// An event to be stored refers to something it does not contain.
    #[error("the event is inconsistent: {0}")]
    Inconsistent(String),
}

impl DbError {
    /// A stored value that does not parse, in `table` row `id`, column `column`.
    pub fn corrupt(table: &str, id: i32, column: &str, why: impl std::fmt::Display) -> DbError {
        DbError::Corrupt(format!("{table} id {id}, column {column}: {why}"))
    }

    /// Whether a UNIQUE constraint refused the write (e.g. a slug that is already taken).
    pub fn is_unique_violation(&self) -> bool {
        matches!(
            self,
            DbError::Query(DieselError::DatabaseError(
                DatabaseErrorKind::UniqueViolation,
                _
            ))
        )
    }

    /// Whether the database was too busy to take the write (SQLite's lock still held when
    /// the busy timeout ran out, a PostgreSQL serialization failure or deadlock, no free
    /// connection in time): nothing was written, and sending it again may well succeed.
    pub fn is_busy(&self) -> bool {
        match self {
            DbError::Query(DieselError::DatabaseError(kind, info)) => {
                matches!(kind, DatabaseErrorKind::SerializationFailure)
                    || info.message().contains("database is locked")
                    || info.message().contains("database is busy")
                    || info.message().contains("deadlock detected")
            }
            DbError::Pool(_) => true,
            _ => false,
        }
    }

    /// Whether the write failed for lack of room where the database keeps its files
    /// (SQLite's `SQLITE_FULL`, "database or disk is full"; PostgreSQL's `disk_full`, or a
    /// file it could not extend): nothing was written, and sending it again succeeds once
    /// the operator has made room.
    pub fn is_full(&self) -> bool {
        match self {
            DbError::Query(DieselError::DatabaseError(_, info)) => {
                let message = info.message();
                message.contains("database or disk is full")
                    || message.contains("No space left on device")
                    || message.contains("could not extend file")
                    || message.contains("disk full")
            }
            _ => false,
        }
    }

    /// Whether the query found no row (`get_result` on an empty result).
    pub fn is_not_found(&self) -> bool {
        matches!(self, DbError::NotFound)
    }
}

/// Diesel's `NotFound` becomes [`DbError::NotFound`]; every other error stays a `Query`.
impl From<DieselError> for DbError {
    fn from(e: DieselError) -> Self {
        match e {
            DieselError::NotFound => DbError::NotFound,
            e => DbError::Query(e),
        }
    }
}

/// An error and its causes on one line, for a log: each cause whose words the message
/// before it does not already hold is added after a colon.
pub fn report(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        let words = e.to_string();
        if !text.contains(&words) {
            text.push_str(": ");
            text.push_str(&words);
        }
        cause = e.source();
    }
    text
}

impl From<diesel::ConnectionError> for DbError {
    fn from(e: diesel::ConnectionError) -> Self {
        DbError::Connection(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_row_is_its_own_error_and_causes_are_kept() {
        assert!(matches!(
            DbError::from(DieselError::NotFound),
            DbError::NotFound
        ));
        assert!(DbError::from(DieselError::NotFound).is_not_found());
        let failed = DbError::from(DieselError::DatabaseError(
            DatabaseErrorKind::Unknown,
            Box::new("disk I/O error".to_owned()),
        ));
        let cause = std::error::Error::source(&failed).expect("the diesel error is kept");
        assert_eq!(cause.to_string(), "disk I/O error");
        // The message already holds the cause's words: the report does not repeat them.
        assert_eq!(report(&failed), "database query failed: disk I/O error");
        let migration = DbError::Migration("no such table: x".into());
        assert_eq!(
            std::error::Error::source(&migration).map(ToString::to_string),
            Some("no such table: x".to_owned())
        );
    }
}
