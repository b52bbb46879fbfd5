//! The list of tournaments: whether a slug is taken, the summaries, deleting one.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::db::DbError;
use crate::db::connection::DbConnection;
use crate::db::models::*;
use crate::db::schema::{rounds, teams, tournaments};

/// Whether a tournament already has this slug.
pub fn slug_exists(conn: &mut DbConnection, slug: &str) -> Result<bool, DbError> {
    Ok(diesel::select(diesel::dsl::exists(
        tournaments::table.filter(tournaments::slug.eq(slug)),
    ))
    .get_result(conn)?)
}

/// Every tournament, newest first, with its team and round counts.
pub fn list_tournaments(conn: &mut DbConnection) -> Result<Vec<TournamentSummary>, DbError> {
    let rows: Vec<(i32, String, String, bool, chrono::NaiveDateTime)> = tournaments::table
        .select((
            tournaments::id,
            tournaments::slug,
            tournaments::name,
            tournaments::published,
            tournaments::created_at,
        ))
        .order((tournaments::created_at.desc(), tournaments::id.desc()))
        .load(conn)?;
    let team_counts: HashMap<i32, i64> = teams::table
        .group_by(teams::tournament_id)
        .select((teams::tournament_id, diesel::dsl::count_star()))
        .load::<(i32, i64)>(conn)?
        .into_iter()
        .collect();
    let round_counts: HashMap<i32, i64> = rounds::table
        .group_by(rounds::tournament_id)
        .select((rounds::tournament_id, diesel::dsl::count_star()))
        .load::<(i32, i64)>(conn)?
        .into_iter()
        .collect();
    let count = |counts: &HashMap<i32, i64>, id: i32| {
        counts
            .get(&id)
            .map_or(0, |&n| usize::try_from(n).unwrap_or(0))
    };
    Ok(rows
        .into_iter()
        .map(
            |(id, slug, name, published, created_at)| TournamentSummary {
                id,
                slug,
                name,
                published,
                teams: count(&team_counts, id),
                rounds: count(&round_counts, id),
                created_at,
            },
        )
        .collect())
}

/// Deletes a tournament and everything in it; `false` when no tournament has that slug.
/// The ratings, should they have counted it, are brought up to date once it is gone.
pub fn delete_tournament(conn: &mut DbConnection, slug: &str) -> Result<bool, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let deleted =
            diesel::delete(tournaments::table.filter(tournaments::slug.eq(slug))).execute(conn)?;
        if deleted > 0 {
            crate::db::connection::ratings_moved();
        }
        Ok(deleted > 0)
    })
}
