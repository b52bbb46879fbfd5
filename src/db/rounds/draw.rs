//! Publishing a round's draw before its results.

use diesel::prelude::*;

use super::find::locate_round;
use crate::db::DbError;
use crate::db::audit;
use crate::db::connection::DbConnection;
use crate::db::schema::{matches, rounds, table_results};

/// Sets whether round `round_id`'s draw is public, with an audit row when it changes;
/// whether it changed.
pub(super) fn publish_draw_row(
    conn: &mut DbConnection,
    tournament_id: i32,
    round_id: i32,
    round: i32,
    published: bool,
    who: &str,
) -> Result<bool, DbError> {
    let moved = diesel::update(
        rounds::table
            .find(round_id)
            .filter(rounds::draw_published.ne(published)),
    )
    .set(rounds::draw_published.eq(published))
    .execute(conn)?;
    if moved == 0 {
        return Ok(false);
    }
    let word = |on: bool| if on { "published" } else { "held" };
    audit::record(
        conn,
        tournament_id,
        who,
        audit::Place {
            area: "pairings",
            round: Some(round),
            table: None,
        },
        &[audit::Change {
            subject: audit::Subject::Draw { round },
            before: word(!published).to_owned(),
            after: word(published).to_owned(),
        }],
    )?;
    Ok(true)
}

/// Publishes round `round`'s draw (or holds it back again), by `who`: `None` when there is
/// no such round, else whether it changed. Holding back is refused (`Some(false)`) once
/// the round has results.
pub fn publish_draw(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    published: bool,
    who: &str,
) -> Result<Option<bool>, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let Some((tournament_id, round_id)) = locate_round(conn, slug, round)? else {
            return Ok(None);
        };
        if !published {
            let played: i64 = table_results::table
                .inner_join(matches::table)
                .filter(matches::round_id.eq(round_id))
                .count()
                .get_result(conn)?;
            if played > 0 {
                return Ok(Some(false));
            }
        }
        let changed = publish_draw_row(conn, tournament_id, round_id, round, published, who)?;
        if changed {
            crate::db::revision::bump(conn, tournament_id)?;
        }
        Ok(Some(changed))
    })
}
