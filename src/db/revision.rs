//! The revision of a tournament: a counter that every write transaction changing the
//! tournament raises in the same transaction. A page asks for it in one cheap query and
//! renders from the in-memory snapshot of that revision; on PostgreSQL the raise also
//! sends a `NOTIFY` on [`CHANNEL`], delivered to every listening `fushi serve` when the
//! transaction commits (and never when it rolls back).

use diesel::prelude::*;

use super::schema::tournaments;
use super::{DbConnection, DbError};

pub(crate) use super::connection::CHANNEL;
use super::connection::Change;
use std::collections::BTreeMap;

/// Marks the tournament changed by the caller's write transaction: its revision is raised
/// once, when the outermost [`super::write_transaction`] is about to commit, however many
/// steps of the transaction changed it (one save → one revision → one `NOTIFY` on
/// [`CHANNEL`]), and that revision is loaded in full. Outside a write transaction the
/// revision is raised at once.
pub fn bump(conn: &mut DbConnection, tournament_id: i32) -> Result<(), DbError> {
    if !super::connection::record(tournament_id, |c| c.everything = true) {
        // Outside a write transaction: in one of its own, which raises the revision as it
        // commits (and then brings the ratings up to date, should they count the tournament).
        return super::write_transaction(conn, |conn| bump(conn, tournament_id));
    }
    Ok(())
}

/// How many revisions back [`changed_matches`] can tell what changed; older rows go.
const KEPT_CHANGES: i64 = 256;

/// [`bump`] for a change to the results of these matches (round, table) and nothing else
/// that a snapshot's event holds (the play facts, such as a room's state or a draw made
/// public, are read again with every revision). When the whole transaction changed only
/// matches' results, a server holding the snapshot before can load only those matches'
/// rows ([`changed_matches`]); any other change in the same transaction ([`bump`]) makes
/// its revision a full load.
pub(crate) fn bump_matches(
    conn: &mut DbConnection,
    tournament_id: i32,
    changed: &[(i32, i32)],
) -> Result<(), DbError> {
    let add = |c: &mut Change| c.matches.extend(changed.iter().copied());
    if !super::connection::record(tournament_id, add) {
        return super::write_transaction(conn, |conn| bump_matches(conn, tournament_id, changed));
    }
    Ok(())
}

/// Raises the revision of every tournament a write transaction changed, once each, inside
/// it (called by [`super::write_transaction`] just before it commits).
pub(super) fn raise_all(
    conn: &mut DbConnection,
    changes: BTreeMap<i32, Change>,
) -> QueryResult<()> {
    for (tournament_id, change) in &changes {
        raise(conn, *tournament_id, change)?;
    }
    Ok(())
}

/// Raises the tournament's revision (and marks it changed now) inside the caller's
/// transaction, with a `NOTIFY` on PostgreSQL that goes out when it commits; a change of
/// matches' results only is written down for [`changed_matches`].
fn raise(conn: &mut DbConnection, tournament_id: i32, change: &Change) -> QueryResult<()> {
    use super::schema::revision_changes as rc;
    let previous_at: chrono::NaiveDateTime = tournaments::table
        .find(tournament_id)
        .select(tournaments::updated_at)
        .first(conn)?;
    let revision: i64 = diesel::update(tournaments::table.find(tournament_id))
        .set((
            tournaments::revision.eq(tournaments::revision + 1),
            tournaments::updated_at.eq(super::now()),
        ))
        .returning(tournaments::revision)
        .get_result(conn)?;
    if let DbConnection::Postgres(pg) = conn {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<diesel::sql_types::Text, _>(CHANNEL)
            .bind::<diesel::sql_types::Text, _>(tournament_id.to_string())
            .execute(pg)?;
    }
    // Rows at this revision or later are of a history the tournament no longer has (its
    // revisions numbered again, as after a restore): they go, and a change of matches'
    // results only writes this revision's rows in their place.
    diesel::delete(
        rc::table
            .filter(rc::tournament_id.eq(tournament_id))
            .filter(rc::revision.ge(revision)),
    )
    .execute(conn)?;
    if change.everything || change.matches.is_empty() {
        return Ok(());
    }
    let rows: Vec<_> = change
        .matches
        .iter()
        .map(|&(round, table)| {
            (
                rc::tournament_id.eq(tournament_id),
                rc::revision.eq(revision),
                rc::round_no.eq(round),
                rc::table_no.eq(table),
                rc::previous_at.eq(previous_at),
            )
        })
        .collect();
    super::connection::per_backend!(&mut *conn, |c| diesel::insert_into(rc::table)
        .values(&rows)
        .execute(c))?;
    diesel::delete(
        rc::table
            .filter(rc::tournament_id.eq(tournament_id))
            .filter(rc::revision.le(revision - KEPT_CHANGES)),
    )
    .execute(conn)?;
    Ok(())
}

/// The matches (round, table) whose results the revisions after `after` (made at
/// `after_at`) up to `upto` changed, when each of those revisions changed only matches'
/// results; `None` when one of them changed something else, is too old to tell, or
/// follows another revision `after` than the one made at `after_at` (a backup restored):
/// load it in full.
pub(crate) fn changed_matches(
    conn: &mut DbConnection,
    tournament_id: i32,
    (after, after_at): (i64, chrono::NaiveDateTime),
    upto: i64,
) -> Result<Option<Vec<(i32, i32)>>, DbError> {
    use super::schema::revision_changes as rc;
    if upto == after {
        return Ok(Some(Vec::new()));
    }
    if upto < after || upto - after > KEPT_CHANGES {
        return Ok(None);
    }
    let rows: Vec<(i64, i32, i32, chrono::NaiveDateTime)> = rc::table
        .filter(rc::tournament_id.eq(tournament_id))
        .filter(rc::revision.gt(after))
        .filter(rc::revision.le(upto))
        .select((rc::revision, rc::round_no, rc::table_no, rc::previous_at))
        .load(conn)?;
    let revisions: std::collections::HashSet<i64> = rows.iter().map(|r| r.0).collect();
    if (after + 1..=upto).any(|r| !revisions.contains(&r)) {
        return Ok(None);
    }
    // The first revision since must follow the very one held.
    if rows
        .iter()
        .any(|&(revision, _, _, previous_at)| revision == after + 1 && previous_at != after_at)
    {
        return Ok(None);
    }
    let mut matches: Vec<(i32, i32)> = rows.into_iter().map(|(_, r, t, _)| (r, t)).collect();
    matches.sort_unstable();
    matches.dedup();
    Ok(Some(matches))
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
pub(crate) fn of_id(conn: &mut DbConnection, id: i32) -> Result<Option<i64>, DbError> {
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

/// Makes this connection listen for revisions on PostgreSQL ([`CHANNEL`]); nothing on
/// SQLite, where [`sqlite_data_version`] tells of other connections' commits.
pub fn listen(conn: &mut DbConnection) -> Result<(), DbError> {
    if let DbConnection::Postgres(pg) = conn {
        diesel::sql_query(format!("LISTEN {CHANNEL}")).execute(pg)?;
    }
    Ok(())
}

/// Whether a revision was announced to this listening connection since the last call
/// (every notification waiting is taken); always `false` on SQLite.
pub(crate) fn notified(conn: &mut DbConnection) -> Result<bool, DbError> {
    let DbConnection::Postgres(pg) = conn else {
        return Ok(false);
    };
    let mut any = false;
    for note in pg.notifications_iter() {
        note?;
        any = true;
    }
    Ok(any)
}

/// SQLite's `PRAGMA data_version`: it changes when another connection commits. `None` on
/// PostgreSQL.
pub(crate) fn sqlite_data_version(conn: &mut DbConnection) -> Result<Option<i64>, DbError> {
    #[derive(diesel::QueryableByName)]
    struct DataVersion {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        data_version: i64,
    }
    match conn {
        DbConnection::Sqlite(c) => Ok(Some(
            diesel::sql_query("PRAGMA data_version")
                .get_result::<DataVersion>(c)?
                .data_version,
        )),
        DbConnection::Postgres(_) => Ok(None),
    }
}
