//! The database layer's one error type.
//!
//! Every function in [`crate::db`] returns [`DbError`]. `Query` wraps diesel's errors
//! (use [`DbError::is_unique_violation`] to tell "slug already taken" from a real failure);
//! `Corrupt` means stored text no longer parses as a rules value and names the table, row
//! and column; `Inconsistent` means an event handed to [`crate::db::insert_event`] refers
//! to a team or board it does not hold. The web layer maps them to its own error page.

use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// Why a database operation failed.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The database could not be opened or reached (bad URL, server down, file not writable).
    #[error("cannot open the database: {0}")]
    Connection(String),
    /// A query failed; `NotFound` and constraint violations arrive here too.
    #[error("database query failed: {0}")]
    Query(#[from] DieselError),
    /// The embedded migrations could not be applied.
    #[error("database migration failed: {0}")]
    Migration(String),
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

    /// Whether the query found no row (`get_result` on an empty result).
    pub fn is_not_found(&self) -> bool {
        matches!(self, DbError::Query(DieselError::NotFound))
    }
}

impl From<diesel::ConnectionError> for DbError {
    fn from(e: diesel::ConnectionError) -> Self {
        DbError::Connection(e.to_string())
    }
}
