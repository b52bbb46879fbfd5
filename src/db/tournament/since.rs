//! What changed since a revision a server holds: only some matches' results, or the
//! whole tournament.

use diesel::prelude::*;

use crate::db::DbError;
use crate::db::connection::DbConnection;
use crate::db::models::*;
use crate::db::schema::{boards, matches, rounds, table_results, tournaments};
use crate::rules::TableResult;

use super::load::{Loaded, Play, load_in, load_play};
use super::rows::result_from_row;

/// The most matches a newer revision may have changed for [`load_since`] to read just
/// those; beyond it the whole tournament is read.
pub(crate) const MOST_CHANGED_MATCHES: usize = 64;

/// What changed since a revision a server holds, read in one transaction.
#[derive(Debug)]
pub enum Since {
    /// No tournament has the slug any more.
    Gone,
    /// The revisions since changed something beyond some matches' results: all of it.
    Full(Box<Loaded>),
    /// The revisions since changed only these matches' results.
    Matches(ChangedMatches),
}

/// The newest revision of a tournament whose revisions since a known one changed only the
/// results of some matches: those matches' results, and the play facts, which are always
/// read whole.
#[derive(Debug)]
pub struct ChangedMatches {
    pub id: i32,
    pub revision: i64,
    pub changed_at: chrono::NaiveDateTime,
    pub play: Play,
    /// (round, table) and the match's results in the event's order (room, then board).
    pub results: Vec<((i32, i32), Vec<TableResult>)>,
}

/// The tournament as it stands now, as the changes since revision `after` (the revision
/// and when it was made) of tournament `id` when only some matches' results changed
/// ([`crate::db::revision::changed_matches`]), whole otherwise.
pub fn load_since(
    conn: &mut DbConnection,
    slug: &str,
    id: i32,
    after: (i64, chrono::NaiveDateTime),
) -> Result<Since, DbError> {
    conn.transaction(|conn| {
        if let DbConnection::Postgres(pg) = conn {
            diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(pg)?;
        }
        let Some((now_id, revision)) = crate::db::revision::of_slug(conn, slug)? else {
            return Ok(Since::Gone);
        };
        let changed = if now_id == id {
            crate::db::revision::changed_matches(conn, id, after, revision)?
                .filter(|c| c.len() <= MOST_CHANGED_MATCHES)
        } else {
            None
        };
        let Some(changed) = changed else {
            return Ok(match load_in(conn, slug)? {
                Some(loaded) => Since::Full(Box::new(loaded)),
                None => Since::Gone,
            });
        };
        let mut results = Vec::with_capacity(changed.len());
        for (round, table) in changed {
            // The match first, then its rows by the match's index: a query planner never
            // walks the tournament's results.
            let Some(match_id) = matches::table
                .inner_join(rounds::table)
                .filter(rounds::tournament_id.eq(id))
                .filter(rounds::number.eq(round))
                .filter(matches::table_no.eq(table))
                .select(matches::id)
                .first::<i32>(conn)
                .optional()?
            else {
                // The match is gone: only a full load can say what became of it.
                return Ok(match load_in(conn, slug)? {
                    Some(loaded) => Since::Full(Box::new(loaded)),
                    None => Since::Gone,
                });
            };
            let rows: Vec<(TableResultRow, i32)> = table_results::table
                .inner_join(boards::table)
                .filter(table_results::match_id.eq(match_id))
                .select((TableResultRow::as_select(), boards::number))
                .load(conn)?;
            let mut one = rows
                .iter()
                .map(|(row, board)| result_from_row(row, *board))
                .collect::<Result<Vec<_>, DbError>>()?;
            one.sort_by_key(|r| (r.room, r.board));
            results.push(((round, table), one));
        }
        let play = load_play(conn, id)?;
        let changed_at = tournaments::table
            .find(id)
            .select(tournaments::updated_at)
            .first(conn)?;
        Ok(Since::Matches(ChangedMatches {
            id,
            revision,
            changed_at,
            play,
            results,
        }))
    })
}
