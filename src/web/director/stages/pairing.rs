//! Writing the rounds a knockout round or a groups stage pairs, every round or none.

use actix_web::web;

use crate::db;
use crate::db::audit::TieReason;
use crate::rules::{Event, Level};
use crate::web::page::with_db;
use crate::web::{AppError, AppState};

/// Pairs each of `rounds` (its number and pairings) in one transaction, every round or
/// none, adding those that do not exist yet with as many boards as the round before the
/// first of them (8 without one), dealers rotating, at level 2. `reasons` go to the audit
/// trail with the pairings of the table they name.
pub(super) async fn pair_rounds(
    state: &web::Data<AppState>,
    event: &Event,
    slug: &str,
    who: String,
    rounds: Vec<(i32, Vec<crate::rules::Pairing>)>,
    reasons: Vec<(i32, TieReason)>,
) -> Result<(), AppError> {
    let first = rounds.iter().map(|(n, _)| *n).min().unwrap_or(1);
    let boards = event
        .rounds
        .iter()
        .filter(|r| r.number < first)
        .max_by_key(|r| r.number)
        .map_or(8, |r| r.boards.len().max(1) as i32);
    let existing: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
    let slug = slug.to_owned();
    let found = with_db(state, move |conn| {
        Ok(db::write_transaction(conn, |conn| {
            for (number, pairings) in &rounds {
                if !existing.contains(number) {
                    let level: Level = "2".parse().expect("2 is a level");
                    let added = db::add_round(
                        conn,
                        &slug,
                        &crate::rules::event::new_boards(boards, level, None),
                    )?;
                    match added {
                        Some(added) if added == *number => {}
                        Some(next) => {
                            return Err(db::WriteRefusal::RoundNotNext {
                                round: *number,
                                next,
                            }
                            .into());
                        }
                        None => return Err(db::DbError::NotFound),
                    }
                }
                if !db::replace_pairings_why(conn, &slug, *number, pairings, &who, &reasons)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })?)
    })
    .await?;
    if found {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}
