//! Whether a tournament is finished and rated (docs/rules.md §14): `finished` is marked by
//! its director once every board is released; `rated` is set by an administrator (or the
//! operator's import) before the first result, on a published tournament with an end date.
//! In a rated tournament, a line-up or a member's link that changes once its room has a
//! result needs a reason, which the audit trail keeps; and each line-up records whether it
//! was given before its room's first result (only such rooms are rated).

use diesel::prelude::*;

use super::audit;
use super::connection::DbConnection;
use super::schema::{lineups, matches, rounds, table_results, tournaments};
use super::{DbError, WriteRefusal};
use crate::rules::Room;

/// Where a tournament stands for series and ratings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Marked finished by its director: series and ratings count it.
    pub finished: bool,
    /// Its boards count for ratings (with `finished` and an end date).
    pub rated: bool,
}

/// The standing of tournament `slug`; `None` for an unknown slug.
pub fn standing(conn: &mut DbConnection, slug: &str) -> Result<Option<Standing>, DbError> {
    Ok(tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select((tournaments::finished, tournaments::rated))
        .first::<(bool, bool)>(conn)
        .optional()?
        .map(|(finished, rated)| Standing { finished, rated }))
}

/// Whether tournament `id` (its row id) is rated.
pub(crate) fn is_rated(conn: &mut DbConnection, id: i32) -> Result<bool, DbError> {
    Ok(tournaments::table
        .find(id)
        .select(tournaments::rated)
        .first(conn)?)
}

/// Whether tournament `id` has any result.
fn has_results(conn: &mut DbConnection, id: i32) -> Result<bool, DbError> {
    Ok(diesel::select(diesel::dsl::exists(
        table_results::table
            .inner_join(matches::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(id)),
    ))
    .get_result(conn)?)
}

/// Whether room `room` of match `match_id` has at least one result.
pub(crate) fn room_has_result(
    conn: &mut DbConnection,
    match_id: i32,
    room: Room,
) -> Result<bool, DbError> {
    Ok(diesel::select(diesel::dsl::exists(
        table_results::table
            .filter(table_results::match_id.eq(match_id))
            .filter(table_results::room.eq(room.code())),
    ))
    .get_result(conn)?)
}

fn refused(why: WriteRefusal) -> DbError {
    DbError::Refused(why)
}

/// Marks tournament `slug` finished (or not) by its director `who`, with an audit row;
/// marking it finished is refused while any board is not released, naming the first.
/// `false` for an unknown slug.
pub fn set_finished_as(
    conn: &mut DbConnection,
    slug: &str,
    finished: bool,
    who: &str,
) -> Result<bool, DbError> {
    // A rated tournament's ratings are brought up to date as soon as this commits (one
    // tournament further when it sorts last, the usual case: `write_transaction`).
    mark_finished(conn, slug, finished, who)
}

fn mark_finished(
    conn: &mut DbConnection,
    slug: &str,
    finished: bool,
    who: &str,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(id) = super::rounds::lock_tournament(conn, slug)? else {
            return Ok(false);
        };
        let Some(event) = super::tournament::load_event(conn, slug)? else {
            return Ok(false);
        };
        if finished {
            let play = super::tournament::load_play(conn, id)?;
            let release = crate::rules::release::Release::of(&event, &play.released_rounds);
            if let Some((round, board)) = release.first_unreleased_before(&event, i32::MAX) {
                return Err(refused(WriteRefusal::FinishUnreleased { round, board }));
            }
        }
        let before = standing(conn, slug)?.unwrap_or_default();
        if before.finished == finished {
            return Ok(true);
        }
        diesel::update(tournaments::table.find(id))
            .set(tournaments::finished.eq(finished))
            .execute(conn)?;
        record_key(conn, id, who, "finished", (before.finished, finished))?;
        super::revision::bump(conn, id)?;
        Ok(true)
    })
}

/// One key of the standing in the audit trail, as `tournament.toml` writes it.
fn record_key(
    conn: &mut DbConnection,
    id: i32,
    who: &str,
    key: &str,
    (before, after): (bool, bool),
) -> Result<(), DbError> {
    let change = audit::Change {
        subject: audit::Subject::Setting { key: key.into() },
        before: before.to_string(),
        after: after.to_string(),
    };
    let place = audit::Place {
        area: "settings",
        round: None,
        table: None,
    };
    audit::record(conn, id, who, place, &[change])
}

/// Says whether tournament `slug` is rated: administrators only (`admin`), before its
/// first result, and `rated` needs the tournament published with an end date. `who` is
/// named in the audit trail. `false` for an unknown slug.
pub fn set_rated_as(
    conn: &mut DbConnection,
    slug: &str,
    rated: bool,
    (who, admin): (&str, bool),
) -> Result<bool, DbError> {
    if !admin {
        return Err(refused(WriteRefusal::RatedAdminsOnly));
    }
    super::write_transaction(conn, |conn| {
        let Some(id) = super::rounds::lock_tournament(conn, slug)? else {
            return Ok(false);
        };
        let Some(settings) = super::load_settings(conn, slug)? else {
            return Ok(false);
        };
        let before = standing(conn, slug)?.unwrap_or_default();
        if before.rated == rated {
            return Ok(true);
        }
        if has_results(conn, id)? {
            return Err(refused(WriteRefusal::RatedHasResults));
        }
        if rated && !settings.published {
            return Err(refused(WriteRefusal::RatedNeedsPublished));
        }
        if rated && settings.occasion.ends.is_none() {
            return Err(refused(WriteRefusal::RatedNeedsEnds));
        }
        diesel::update(tournaments::table.find(id))
            .set(tournaments::rated.eq(rated))
            .execute(conn)?;
        record_key(conn, id, who, "rated", (before.rated, rated))?;
        super::revision::bump(conn, id)?;
        Ok(true)
    })
}

/// Refuses a change of the line-ups of `room` of match `match_id` (round `round`, table
/// `table`) without a reason, in a rated tournament once the room has a result.
pub(crate) fn check_lineup_reason(
    conn: &mut DbConnection,
    tournament: i32,
    (round, table, match_id): (i32, i32, i32),
    room: Room,
    reason: &str,
) -> Result<(), DbError> {
    if reason.trim().is_empty()
        && is_rated(conn, tournament)?
        && room_has_result(conn, match_id, room)?
    {
        return Err(refused(WriteRefusal::LineupReasonNeeded { round, table }));
    }
    Ok(())
}

/// Whether a line-up stored now for `room` of match `match_id` counts as given before the
/// room's first result: a line-up that replaces one keeps that one's mark (`before`, when
/// there was one); a new one counts when the room has no result yet.
pub(crate) fn given_before(
    conn: &mut DbConnection,
    match_id: i32,
    room: Room,
    before: Option<bool>,
) -> Result<bool, DbError> {
    match before {
        Some(mark) => Ok(mark),
        None => Ok(!room_has_result(conn, match_id, room)?),
    }
}

/// Whether the line-ups of team `team_id` that name `member` sit in a room with a result.
pub(crate) fn member_has_played(
    conn: &mut DbConnection,
    team_id: i32,
    member: &str,
) -> Result<bool, DbError> {
    let rooms: Vec<(i32, String)> = lineups::table
        .filter(lineups::team_id.eq(team_id))
        .filter(lineups::player1.eq(member).or(lineups::player2.eq(member)))
        .select((lineups::match_id, lineups::room))
        .load(conn)?;
    for (match_id, room) in rooms {
        let played: bool = diesel::select(diesel::dsl::exists(
            table_results::table
                .filter(table_results::match_id.eq(match_id))
                .filter(table_results::room.eq(room)),
        ))
        .get_result(conn)?;
        if played {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Refuses, without a reason, a change of the links of `before`'s members (by name) in a
/// rated tournament when a member whose link changes already sat in a room with a result.
pub(crate) fn check_link_reason(
    conn: &mut DbConnection,
    (tournament, team_id): (i32, i32),
    before: &crate::rules::Team,
    after: &crate::rules::Team,
    reason: &str,
) -> Result<(), DbError> {
    if !reason.trim().is_empty() || !is_rated(conn, tournament)? {
        return Ok(());
    }
    for member in &before.members {
        let moved = before.id_of(member) != after.id_of(member);
        if moved && member_has_played(conn, team_id, member)? {
            return Err(refused(WriteRefusal::LinkReasonNeeded {
                team: before.number,
            }));
        }
    }
    Ok(())
}
