//! Adding a round with its boards, and editing a round's boards.

use std::collections::HashMap;

use diesel::prelude::*;

use super::find::{locate_round, lock_tournament, use_form_token};
use crate::db::audit;
use crate::db::connection::{DbConnection, chunk_len, per_backend};
use crate::db::models::{BoardRow, NewRound};
use crate::db::schema::{boards, rounds, tournaments};
use crate::db::tournament::{BOARD_COLUMNS, board_form};
use crate::db::{DbError, WriteRefusal};
use crate::rules::event::MAX_ROUND;
use crate::rules::{Board, Trump};

/// Adds the next round (one above the highest) with `boards` and returns its number;
/// `None` when no tournament has this slug.
pub fn add_round(
    conn: &mut DbConnection,
    slug: &str,
    boards: &[Board],
) -> Result<Option<i32>, DbError> {
    add_round_once(conn, slug, boards, None)
}

/// [`add_round`] for a form with a token: when the token was used already (the form was
/// sent twice), nothing is added and the highest round's number is returned.
pub(crate) fn add_round_once(
    conn: &mut DbConnection,
    slug: &str,
    boards: &[Board],
    token: Option<&str>,
) -> Result<Option<i32>, DbError> {
    let max_binds = conn.backend().max_binds();
    crate::db::write_transaction(conn, |conn| {
        let Some(tournament_id) = lock_tournament(conn, slug)? else {
            return Ok(None);
        };
        let highest: Option<i32> = rounds::table
            .filter(rounds::tournament_id.eq(tournament_id))
            .select(diesel::dsl::max(rounds::number))
            .first(conn)?;
        if let Some(token) = token
            && !use_form_token(conn, token)?
        {
            return Ok(Some(highest.unwrap_or(0)));
        }
        let number = highest
            .unwrap_or(0)
            .checked_add(1)
            .filter(|n| *n <= MAX_ROUND)
            .ok_or_else(|| DbError::Refused(WriteRefusal::TooManyRounds { max: MAX_ROUND }))?;
        // A new round's draw is public at once only when the tournament says so.
        let publish: bool = tournaments::table
            .find(tournament_id)
            .select(tournaments::publish_draw)
            .first(conn)?;
        let round_id: i32 = diesel::insert_into(rounds::table)
            .values(NewRound {
                tournament_id,
                number,
                draw_published: publish,
            })
            .returning(rounds::id)
            .get_result(conn)?;
        let forms: Vec<_> = boards.iter().map(|b| board_form(round_id, b)).collect();
        for chunk in forms.chunks(chunk_len(max_binds, BOARD_COLUMNS)) {
            per_backend!(&mut *conn, |c| diesel::insert_into(boards::table)
                .values(chunk)
                .execute(c))?;
        }
        crate::db::revision::bump(conn, tournament_id)?;
        Ok(Some(number))
    })
}

/// Sets dealer, level and trump of the boards of round `round`, matched by board number;
/// `false` when there is no such round. A board the round does not have is refused
/// whole ([`DbError::Refused`]).
///
/// By `who`: every changed board goes in the audit trail.
pub fn update_boards_as(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    new: &[Board],
    who: &str,
) -> Result<bool, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let Some((tournament_id, round_id)) = locate_round(conn, slug, round)? else {
            return Ok(false);
        };
        let stored: Vec<BoardRow> = boards::table
            .filter(boards::round_id.eq(round_id))
            .select(BoardRow::as_select())
            .load(conn)?;
        let by_number: HashMap<i32, &BoardRow> = stored.iter().map(|b| (b.number, b)).collect();
        let mut changes = Vec::new();
        for board in new {
            let row = by_number.get(&board.number).ok_or_else(|| {
                DbError::Refused(WriteRefusal::NoSuchBoard {
                    round,
                    board: board.number,
                })
            })?;
            let trump = board.trump.map(Trump::code);
            let same = row.dealer == board.dealer.code()
                && row.level == board.level.code()
                && row.trump.as_deref() == trump;
            if !same {
                let text = |dealer: &str, level: &str, trump: Option<&str>| {
                    format!(
                        "dealer={dealer} level={level} trump={}",
                        trump.unwrap_or("-")
                    )
                };
                changes.push(audit::Change {
                    subject: audit::Subject::Board {
                        round,
                        board: board.number,
                    },
                    before: text(&row.dealer, &row.level, row.trump.as_deref()),
                    after: text(board.dealer.code(), board.level.code(), trump),
                });
                diesel::update(boards::table.find(row.id))
                    .set((
                        boards::dealer.eq(board.dealer.code()),
                        boards::level.eq(board.level.code()),
                        boards::trump.eq(trump),
                    ))
                    .execute(conn)?;
            }
        }
        let place = audit::Place {
            area: "boards",
            round: Some(round),
            table: None,
        };
        audit::record(conn, tournament_id, who, place, &changes)?;
        crate::db::revision::bump(conn, tournament_id)?;
        Ok(true)
    })
}
