//! The sign-in attempts counted against a name or an address.

use diesel::prelude::*;

use super::tables::login_attempts;
use crate::db::connection::{DbConnection, per_backend};
use crate::db::{DbError, now};

/// Counts one sign-in attempt against `key` (`user:…` or `addr:…`) and returns how many
/// were made within `window` of the first, this one included. The count is raised and read
/// in one statement (an upsert with `RETURNING`), so simultaneous attempts get distinct
/// counts on both backends and every server sharing the database sees the same figure.
pub fn count_attempt(
    conn: &mut DbConnection,
    key: &str,
    window: chrono::Duration,
) -> Result<i32, DbError> {
    let now = now();
    // An expired window starts again (for every key, so the table stays small).
    diesel::delete(login_attempts::table.filter(login_attempts::since.lt(now - window)))
        .execute(conn)?;
    let count = per_backend!(&mut *conn, |c| diesel::insert_into(login_attempts::table)
        .values((
            login_attempts::key.eq(key),
            login_attempts::attempts.eq(1),
            login_attempts::since.eq(now),
        ))
        .on_conflict(login_attempts::key)
        .do_update()
        .set(login_attempts::attempts.eq(login_attempts::attempts + 1))
        .returning(login_attempts::attempts)
        .get_result::<i32>(c))?;
    Ok(count)
}

/// Forgets the attempts counted against `key` (a successful sign-in for a name).
pub fn forget_attempts(conn: &mut DbConnection, key: &str) -> Result<(), DbError> {
    diesel::delete(login_attempts::table.find(key)).execute(conn)?;
    Ok(())
}

/// Takes back one attempt counted against `key` (a successful sign-in from an address:
/// only failures count there).
pub(crate) fn release_attempt(conn: &mut DbConnection, key: &str) -> Result<(), DbError> {
    diesel::update(
        login_attempts::table
            .find(key)
            .filter(login_attempts::attempts.gt(0)),
    )
    .set(login_attempts::attempts.eq(login_attempts::attempts - 1))
    .execute(conn)?;
    Ok(())
}
