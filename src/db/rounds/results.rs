//! Saving one match's results, checked against the version the director's form was made
//! from.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;

use super::draw::publish_draw_row;
use super::find::{locate_match, locate_round};
use crate::db::audit;
use crate::db::connection::{DbConnection, chunk_len, per_backend};
use crate::db::models::{MatchRow, NewTableResult, TableResultRow};
use crate::db::schema::{boards, matches, table_results};
use crate::db::tournament::{RESULT_COLUMNS, result_form, result_from_row};
use crate::db::{DbError, WriteRefusal};
use crate::rules::TableResult;

/// What became of a match save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchSave {
    /// No such round or table.
    Missing,
    /// Saved; the match's version is now this.
    Saved(i32),
    /// Refused: the page was based on an older version than the stored one, this.
    Stale(i32),
}

/// The stored version of the match at `table` in round `round`; `None` when there is none.
pub fn match_version(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
) -> Result<Option<i32>, DbError> {
    Ok(locate_match(conn, slug, round, table)?.map(|(_, version)| version))
}

/// Replaces every result of the match at `table` in round `round` with `results`, in one
/// transaction; [`MatchSave::Missing`] when there is no such match. A bye, a board the
/// round does not have, or the same room and board twice is refused whole
/// ([`DbError::Refused`]).
///
/// By `who`, in the audit trail one row per changed board. With
/// `expected` (the version the page was based on), a match saved since is not touched:
/// [`MatchSave::Stale`] with the stored version. Every save that changes something moves
/// the version on by one.
pub fn save_match_results_as(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
    results: &[TableResult],
    who: &str,
    expected: Option<i32>,
) -> Result<MatchSave, DbError> {
    save_match_results_why(conn, (slug, round, table), results, (who, ""), expected)
}

/// [`save_match_results_as`] with the reason `who` gave (a correction after the round's
/// correction period, docs/rules.md §5), kept with every change in the audit trail.
pub(crate) fn save_match_results_why(
    conn: &mut DbConnection,
    (slug, round, table): (&str, i32, i32),
    results: &[TableResult],
    (who, reason): (&str, &str),
    expected: Option<i32>,
) -> Result<MatchSave, DbError> {
    let max_binds = conn.backend().max_binds();
    crate::db::write_transaction(conn, |conn| {
        let Some((tournament_id, round_id)) = locate_round(conn, slug, round)? else {
            return Ok(MatchSave::Missing);
        };
        let Some((row, version)) = matches::table
            .filter(matches::round_id.eq(round_id))
            .filter(matches::table_no.eq(table))
            .select((MatchRow::as_select(), matches::version))
            .first::<(MatchRow, i32)>(conn)
            .optional()?
        else {
            return Ok(MatchSave::Missing);
        };
        if row.away_team_id.is_none() && !results.is_empty() {
            return Err(DbError::Refused(WriteRefusal::ByeHasNoResults {
                round,
                table,
            }));
        }
        let board_rows: Vec<(i32, i32)> = boards::table
            .filter(boards::round_id.eq(round_id))
            .select((boards::number, boards::id))
            .load::<(i32, i32)>(conn)?;
        let board_ids: HashMap<i32, i32> = board_rows.iter().copied().collect();
        let forms = result_forms(round, row.id, &board_ids, results)?;
        let before = stored_results(conn, row.id, &board_rows)?;
        let changes: Vec<audit::Change> = audit::result_changes(&before, results)
            .into_iter()
            .map(|c| audit::Change {
                subject: c.subject.at_table(round, table),
                ..c
            })
            .collect();
        if changes.is_empty() {
            return Ok(MatchSave::Saved(version));
        }
        if let Some(now) = move_version(conn, row.id, expected)? {
            return Ok(MatchSave::Stale(now));
        }
        diesel::delete(table_results::table.filter(table_results::match_id.eq(row.id)))
            .execute(conn)?;
        for chunk in forms.chunks(chunk_len(max_binds, RESULT_COLUMNS)) {
            per_backend!(&mut *conn, |c| diesel::insert_into(table_results::table)
                .values(chunk)
                .execute(c))?;
        }
        let place = audit::Place {
            area: "results",
            round: Some(round),
            table: Some(table),
        };
        audit::record_why(conn, tournament_id, (who, reason), place, &changes)?;
        if !results.is_empty() {
            // Play has begun: the round's draw is public at the latest now (so that no
            // public standing counts a match the public cannot see).
            publish_draw_row(conn, tournament_id, round_id, round, true, who)?;
        }
        // Only this match's results changed (and the play facts, read with every
        // revision): a server holding the snapshot before loads just this match.
        crate::db::revision::bump_matches(conn, tournament_id, &[(round, table)])?;
        Ok(MatchSave::Saved(version + 1))
    })
}

/// The rows of match `match_id`'s new results (`board_ids`: board number → row id); a
/// board the round does not have, or the same room and board twice, refuses them all.
fn result_forms(
    round: i32,
    match_id: i32,
    board_ids: &HashMap<i32, i32>,
    results: &[TableResult],
) -> Result<Vec<NewTableResult>, DbError> {
    let mut seen = HashSet::new();
    results
        .iter()
        .map(|r| {
            let board_id = *board_ids.get(&r.board).ok_or_else(|| {
                DbError::Refused(WriteRefusal::NoSuchBoard {
                    round,
                    board: r.board,
                })
            })?;
            if !seen.insert((r.room, r.board)) {
                return Err(DbError::Refused(WriteRefusal::ResultTwice {
                    room: r.room,
                    board: r.board,
                }));
            }
            Ok(result_form(match_id, board_id, r))
        })
        .collect()
}

/// The stored results of match `match_id`, each with its board's number (`board_rows`:
/// the round's boards, number and row id).
fn stored_results(
    conn: &mut DbConnection,
    match_id: i32,
    board_rows: &[(i32, i32)],
) -> Result<Vec<TableResult>, DbError> {
    let board_numbers: HashMap<i32, i32> = board_rows
        .iter()
        .map(|&(number, id)| (id, number))
        .collect();
    table_results::table
        .filter(table_results::match_id.eq(match_id))
        .select(TableResultRow::as_select())
        .load(conn)?
        .iter()
        .map(|r| {
            let board = board_numbers.get(&r.board_id).copied().unwrap_or_default();
            result_from_row(r, board)
        })
        .collect()
}

/// Moves match `match_id`'s version on by one, with `expected` only from that version:
/// `Some(the stored version)` when the match was saved since and nothing moved.
fn move_version(
    conn: &mut DbConnection,
    match_id: i32,
    expected: Option<i32>,
) -> Result<Option<i32>, DbError> {
    // Conditional, so that of two saves based on the same version only one passes
    // (PostgreSQL re-checks the condition once the first one commits).
    let moved = match expected {
        Some(expected) => diesel::update(
            matches::table
                .find(match_id)
                .filter(matches::version.eq(expected)),
        )
        .set(matches::version.eq(matches::version + 1))
        .execute(conn)?,
        None => diesel::update(matches::table.find(match_id))
            .set(matches::version.eq(matches::version + 1))
            .execute(conn)?,
    };
    if moved == 0 {
        let now: i32 = matches::table
            .find(match_id)
            .select(matches::version)
            .first(conn)?;
        return Ok(Some(now));
    }
    Ok(None)
}
