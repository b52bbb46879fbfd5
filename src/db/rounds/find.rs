//! Finding a tournament, a round or a match by the tournament's slug and their numbers,
//! and the form tokens that make a form act once.

use diesel::prelude::*;

use crate::db::DbError;
use crate::db::connection::{DbConnection, per_backend};
use crate::db::schema::{matches, rounds, tournaments};

pub(in crate::db) fn tournament_id(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<i32>, DbError> {
    Ok(tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id)
        .first(conn)
        .optional()?)
}

/// The id of the tournament `slug`, its row locked for the rest of the transaction (its
/// `updated_at` is set), so that writes that number things or check an invariant across
/// rows (the next round, a round's pairing, a team number) run one after another on
/// PostgreSQL as they do on SQLite. `None` when there is no such tournament.
pub(in crate::db) fn lock_tournament(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<i32>, DbError> {
    Ok(
        diesel::update(tournaments::table.filter(tournaments::slug.eq(slug)))
            .set(tournaments::updated_at.eq(crate::db::now()))
            .returning(tournaments::id)
            .get_result(conn)
            .optional()?,
    )
}

/// Marks a form token as acted on, inside the caller's transaction: `false` when it was
/// already (the same form sent twice). Tokens older than a day are forgotten.
pub(crate) fn use_form_token(conn: &mut DbConnection, token: &str) -> Result<bool, DbError> {
    use crate::db::schema::form_tokens;
    let now = crate::db::now();
    diesel::delete(
        form_tokens::table.filter(form_tokens::created_at.lt(now - chrono::Duration::days(1))),
    )
    .execute(conn)?;
    let inserted = per_backend!(&mut *conn, |c| diesel::insert_into(form_tokens::table)
        .values((
            form_tokens::token.eq(token),
            form_tokens::created_at.eq(now)
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(inserted == 1)
}

/// (tournament id, round id) of round `number` of the tournament `slug`.
pub(in crate::db) fn locate_round(
    conn: &mut DbConnection,
    slug: &str,
    number: i32,
) -> Result<Option<(i32, i32)>, DbError> {
    Ok(rounds::table
        .inner_join(tournaments::table)
        .filter(tournaments::slug.eq(slug))
        .filter(rounds::number.eq(number))
        .select((tournaments::id, rounds::id))
        .first(conn)
        .optional()?)
}

/// The row id and the stored version of the match at `table` in round `round` of the
/// tournament `slug`; `None` when there is none.
pub(super) fn locate_match(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
) -> Result<Option<(i32, i32)>, DbError> {
    Ok(matches::table
        .inner_join(rounds::table.inner_join(tournaments::table))
        .filter(tournaments::slug.eq(slug))
        .filter(rounds::number.eq(round))
        .filter(matches::table_no.eq(table))
        .select((matches::id, matches::version))
        .first(conn)
        .optional()?)
}

/// The row id of the match at `table` in round `round` of the tournament `slug`.
pub fn match_id(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
) -> Result<Option<i32>, DbError> {
    Ok(locate_match(conn, slug, round, table)?.map(|(id, _)| id))
}
