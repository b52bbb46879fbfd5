//! Who may run or score which tournament: access given and taken away, and the check a
//! page makes.

use std::collections::HashMap;

use diesel::prelude::*;

use super::error::AccountError;
use super::roles::Access;
use super::tables::tournament_access;
use crate::db::DbError;
use crate::db::connection::DbConnection;
use crate::db::schema::tournaments;

/// Gives a user access to a tournament (replacing what they had there).
pub fn grant(
    conn: &mut DbConnection,
    user_id: i32,
    slug: &str,
    access: Access,
) -> Result<(), AccountError> {
    // A slug longer than any, or with a control character, names no tournament.
    if crate::limits::check(slug, crate::limits::SLUG).is_err() {
        return Err(AccountError::NoTournament(crate::input::clip(
            &slug.replace(char::is_control, "?"),
        )));
    }
    crate::db::write_transaction(conn, |conn| {
        let tournament_id: i32 = tournaments::table
            .filter(tournaments::slug.eq(slug))
            .select(tournaments::id)
            .first(conn)
            .optional()?
            .ok_or_else(|| AccountError::NoTournament(slug.to_owned()))?;
        diesel::delete(
            tournament_access::table
                .filter(tournament_access::user_id.eq(user_id))
                .filter(tournament_access::tournament_id.eq(tournament_id)),
        )
        .execute(conn)?;
        diesel::insert_into(tournament_access::table)
            .values((
                tournament_access::user_id.eq(user_id),
                tournament_access::tournament_id.eq(tournament_id),
                tournament_access::role.eq(access.as_str()),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// Gives a user director access to a tournament they just created (by its id).
pub(crate) fn grant_creator(
    conn: &mut DbConnection,
    user_id: i32,
    tournament_id: i32,
) -> Result<(), DbError> {
    diesel::insert_into(tournament_access::table)
        .values((
            tournament_access::user_id.eq(user_id),
            tournament_access::tournament_id.eq(tournament_id),
            tournament_access::role.eq(Access::Director.as_str()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Takes a user's access to a tournament away.
pub(crate) fn revoke(conn: &mut DbConnection, user_id: i32, slug: &str) -> Result<(), DbError> {
    if crate::limits::check(slug, crate::limits::SLUG).is_err() {
        return Ok(());
    }
    let ids = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id);
    diesel::delete(
        tournament_access::table
            .filter(tournament_access::user_id.eq(user_id))
            .filter(tournament_access::tournament_id.eq_any(ids)),
    )
    .execute(conn)?;
    Ok(())
}

/// A tournament as the permission check sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Gate {
    /// The tournament's id and revision, read in the same query (the live pages use them).
    pub tournament: i32,
    pub revision: i64,
    pub published: bool,
    /// What the user asked about may do there (admins have no row and need none).
    pub access: Option<Access>,
}

/// Whether the tournament `slug` exists, is published, and what `user_id` may do there.
pub(crate) fn gate(
    conn: &mut DbConnection,
    slug: &str,
    user_id: Option<i32>,
) -> Result<Option<Gate>, DbError> {
    let row: Option<(i32, bool, i64)> = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select((
            tournaments::id,
            tournaments::published,
            tournaments::revision,
        ))
        .first(conn)
        .optional()?;
    let Some((tournament_id, published, revision)) = row else {
        return Ok(None);
    };
    let access = match user_id {
        Some(user_id) => tournament_access::table
            .filter(tournament_access::user_id.eq(user_id))
            .filter(tournament_access::tournament_id.eq(tournament_id))
            .select(tournament_access::role)
            .first::<String>(conn)
            .optional()?
            .and_then(|r| Access::parse(&r)),
        None => None,
    };
    Ok(Some(Gate {
        tournament: tournament_id,
        revision,
        published,
        access,
    }))
}

/// The tournaments (by id) a user was given, with their access.
pub(crate) fn access_of(
    conn: &mut DbConnection,
    user_id: i32,
) -> Result<HashMap<i32, Access>, DbError> {
    let rows: Vec<(i32, String)> = tournament_access::table
        .filter(tournament_access::user_id.eq(user_id))
        .select((tournament_access::tournament_id, tournament_access::role))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, role)| Access::parse(&role).map(|a| (id, a)))
        .collect())
}
