//! The desk's save of a whole match, which closes the rooms it changed to their table (a
//! desk correction wins).

use diesel::prelude::*;

use crate::db::connection::DbConnection;
use crate::db::rounds::MatchSave;
use crate::db::schema::table_entries;
use crate::db::{DbError, now};
use crate::rules::room_state::EntryState;
use crate::rules::{Room, TableResult};

/// The director's save of a whole match ([`save_match_results_as`]) and, when it saves,
/// the closing of the rooms it changed to their table (a desk correction wins over the
/// table), in one transaction: a busy database refuses both or neither, so the page never
/// says "nothing was saved" after a save.
#[allow(clippy::too_many_arguments)]
pub(crate) fn save_at_desk(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
    results: &[TableResult],
    (who, reason): (&str, &str),
    expected: Option<i32>,
    changed: &[Room],
) -> Result<MatchSave, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let outcome = crate::db::rounds::save_match_results_why(
            conn,
            (slug, round, table),
            results,
            (who, reason),
            expected,
        )?;
        if !matches!(outcome, MatchSave::Saved(_)) || changed.is_empty() {
            return Ok(outcome);
        }
        let Some(match_id) = crate::db::rounds::match_id(conn, slug, round, table)? else {
            return Ok(outcome);
        };
        let codes: Vec<&str> = changed.iter().map(|r| r.code()).collect();
        diesel::update(
            table_entries::table
                .filter(table_entries::match_id.eq(match_id))
                .filter(table_entries::room.eq_any(codes)),
        )
        .set((
            table_entries::state.eq(EntryState::Desk.code()),
            table_entries::updated_at.eq(now()),
        ))
        .execute(conn)?;
        Ok(outcome)
    })
}
