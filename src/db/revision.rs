//! The revision of a tournament: a counter that every write transaction changing the
//! tournament raises in the same transaction. A page asks for it in one cheap query and
//! renders from the in-memory snapshot of that revision; on PostgreSQL the raise also
//! sends a `NOTIFY` on [`CHANNEL`], delivered to every listening `fushi serve` when the
//! transaction commits (and never when it rolls back).

use diesel::prelude::*;

use super::schema::tournaments;
use super::{DbConnection, DbError};

pub use super::connection::CHANNEL;

/// Marks the tournament changed by the caller's write transaction: its revision is raised
/// once, when the outermost [`super::write_transaction`] is about to commit, however many
/// steps of the transaction changed it (one save → one revision → one `NOTIFY` on
/// [`CHANNEL`]). Outside a write transaction the revision is raised at once.
pub fn bump(conn: &mut DbConnection, tournament_id: i32) -> Result<(), DbError> {
    Ok(super::connection::changed(conn, tournament_id)?)
}

/// The id and revision of the tournament with this slug, or `None`.
pub fn of_slug(conn: &mut DbConnection, slug: &str) -> Result<Option<(i32, i64)>, DbError> {
    Ok(tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select((tournaments::id, tournaments::revision))
        .first(conn)
        .optional()?)
}

/// The revision of the tournament with this id, or `None` once it is deleted.
pub fn of_id(conn: &mut DbConnection, id: i32) -> Result<Option<i64>, DbError> {
    Ok(tournaments::table
        .find(id)
        .select(tournaments::revision)
        .first(conn)
        .optional()?)
}

/// Every tournament's id, slug, revision and whether it is published: the change
/// watcher's look, and what the access guard keeps in memory.
pub fn all(conn: &mut DbConnection) -> Result<Vec<(i32, String, i64, bool)>, DbError> {
    Ok(tournaments::table
        .select((
            tournaments::id,
            tournaments::slug,
            tournaments::revision,
            tournaments::published,
        ))
        .order(tournaments::id)
        .load(conn)?)
}

diesel::table! {
    /// One row: the database's own id (docs/decisions.md, "ETags and the database").
    database_meta (id) {
        id -> Integer,
        database_id -> Text,
    }
}

/// The database's own id, made (random) the first time it is asked for: the public pages'
/// validators carry it, so a validator from another database never matches. A backup
/// keeps it; `fushi copy` does not copy it, a copy being another database.
pub fn database_id(conn: &mut DbConnection) -> Result<String, DbError> {
    let stored = || database_meta::table.select(database_meta::database_id);
    if let Some(id) = stored().first::<String>(conn).optional()? {
        return Ok(id);
    }
    let made = super::random_hex(8);
    super::connection::per_backend!(&mut *conn, |c| diesel::insert_into(database_meta::table)
        .values((
            database_meta::id.eq(1),
            database_meta::database_id.eq(&made)
        ))
        .on_conflict(database_meta::id)
        .do_nothing()
        .execute(c))?;
    // Two servers starting at once: the first one's id stands.
    Ok(stored().first::<String>(conn)?)
}
