//! The sessions of signed-in users.

use diesel::prelude::*;

use super::roles::{User, role_of};
use super::tables::{sessions, users};
use crate::db::connection::DbConnection;
use crate::db::{DbError, now, random_hex};

/// How long a sign-in lasts at most.
pub(crate) const SESSION_DAYS: i64 = 14;

/// Starts a session for a user; the returned id goes into the signed cookie.
pub fn start_session(conn: &mut DbConnection, user_id: i32) -> Result<String, DbError> {
    let id = random_hex(32);
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(&id),
            sessions::user_id.eq(user_id),
            sessions::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Ends a session.
pub(crate) fn end_session(conn: &mut DbConnection, id: &str) -> Result<(), DbError> {
    diesel::delete(sessions::table.find(id)).execute(conn)?;
    Ok(())
}

/// The user of a live session.
pub(crate) fn session_user(conn: &mut DbConnection, id: &str) -> Result<Option<User>, DbError> {
    let row: Option<(i32, String, String)> = sessions::table
        .inner_join(users::table)
        .filter(sessions::id.eq(id))
        .filter(sessions::created_at.gt(now() - chrono::Duration::days(SESSION_DAYS)))
        .select((users::id, users::name, users::role))
        .first(conn)
        .optional()?;
    row.map(|(id, name, role)| {
        Ok(User {
            id,
            name,
            role: role_of("users", id, &role)?,
        })
    })
    .transpose()
}
