//! The director's switches on a whole round: release its results to the public, and lock
//! it against every table. Each is one write transaction with a revision and an audit row.

use diesel::prelude::*;

use crate::db::connection::DbConnection;
use crate::db::schema::rounds;
use crate::db::{DbError, audit};

/// Releases (or withholds again) every result of round `round` to the public, whatever
/// is still to be played (docs/rules.md §5), by `who`: one write transaction, a new
/// revision and an audit row when it changes anything; `false` when there is no such round.
pub fn release_round(
    conn: &mut DbConnection,
    slug: &str,
    (round, released): (i32, bool),
    who: &str,
) -> Result<bool, DbError> {
    let words = |on: bool| if on { "released" } else { "withheld" };
    let change = RoundFlag {
        column: RoundColumn::Released,
        subject: audit::Subject::Release { round },
        words: (words(!released), words(released)),
    };
    set_round_flag(conn, slug, (round, released), who, change)
}

/// Locks (or unlocks) round `round` against every table, by `who`: one write transaction, a
/// new revision and an audit row when it changes anything; `false` when there is no such
/// round.
pub(crate) fn lock_round(
    conn: &mut DbConnection,
    slug: &str,
    (round, locked): (i32, bool),
    who: &str,
) -> Result<bool, DbError> {
    let words = |on: bool| if on { "locked" } else { "open" };
    let change = RoundFlag {
        column: RoundColumn::Locked,
        subject: audit::Subject::TableLinks { round },
        words: (words(!locked), words(locked)),
    };
    set_round_flag(conn, slug, (round, locked), who, change)
}

/// Which of a round's flags a director sets.
enum RoundColumn {
    Released,
    Locked,
}

/// A round's flag as the audit trail records it.
struct RoundFlag {
    column: RoundColumn,
    subject: audit::Subject,
    words: (&'static str, &'static str),
}

fn set_round_flag(
    conn: &mut DbConnection,
    slug: &str,
    (round, on): (i32, bool),
    who: &str,
    flag: RoundFlag,
) -> Result<bool, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let Some((tournament, round_id)) = crate::db::rounds::locate_round(conn, slug, round)?
        else {
            return Ok(false);
        };
        let target = rounds::table.find(round_id);
        let moved = match flag.column {
            RoundColumn::Released => diesel::update(target.filter(rounds::results_released.ne(on)))
                .set(rounds::results_released.eq(on))
                .execute(conn)?,
            RoundColumn::Locked => diesel::update(target.filter(rounds::table_locked.ne(on)))
                .set(rounds::table_locked.eq(on))
                .execute(conn)?,
        };
        if moved > 0 {
            let place = audit::Place {
                area: "hall",
                round: Some(round),
                table: None,
            };
            let change = audit::Change {
                subject: flag.subject,
                before: flag.words.0.to_owned(),
                after: flag.words.1.to_owned(),
            };
            audit::record(conn, tournament, who, place, &[change])?;
            crate::db::revision::bump(conn, tournament)?;
        }
        Ok(true)
    })
}
