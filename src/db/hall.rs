//! The hall of an evening: the session's table links (one per physical table, following
//! the movement from round to round), each round's clock, and the director's announcement.
//!
//! A session link names a table number and a room; it shows the room of the *current*
//! round that sits there ([`resolve_session`]). Which round that is, is the rules' to say
//! (`rules::session`): this module reads each round's facts and asks.
//!
//! Every change here makes a new revision (with no match changed), so that the pages that
//! show the clock or the announcement — the screen, the table pages, a team's page — are
//! told through the event stream and read again.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::connection::DbConnection;
use super::schema::{matches, rounds, table_links, table_results, tournaments};
use super::table::{self as tables, TableRoom};
use super::{DbError, audit, now};
use crate::rules::Room;
use crate::rules::round_clock::{ClockEvent, ClockRefusal, RoundClock};
use crate::rules::session::{self, MatchFacts, RoundFacts};

diesel::table! {
    session_links (id) {
        id -> Integer,
        tournament_id -> Integer,
        table_no -> Integer,
        room -> Text,
        token -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    round_clocks (id) {
        id -> Integer,
        round_id -> Integer,
        minutes -> Integer,
        started_at -> Timestamp,
        paused_at -> Nullable<Timestamp>,
        paused_seconds -> Integer,
        extra -> Text,
    }
}

diesel::table! {
    hall_announcements (id) {
        id -> Integer,
        tournament_id -> Integer,
        body -> Text,
        posted_at -> Timestamp,
    }
}

diesel::allow_tables_to_appear_in_same_query!(session_links, tournaments);

/// One physical table's link for the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionLink {
    pub table: i32,
    pub room: Room,
    pub token: String,
}

/// What a session link shows now.
#[derive(Clone, Debug)]
pub(crate) struct SessionAt {
    pub slug: String,
    pub table: i32,
    pub room: Room,
    /// The round it shows (0: the tournament has no round with a public draw yet).
    pub round: i32,
    /// The room of that round at this table; `None` when no match sits there.
    pub at: Option<TableRoom>,
}

/// The tournament's id by slug.
fn tournament_of(conn: &mut DbConnection, slug: &str) -> Result<Option<i32>, DbError> {
    Ok(super::revision::of_slug(conn, slug)?.map(|(id, _)| id))
}

/// The session links of tournament `slug`, one per table number and room for the most
/// tables any round has (made for those that have none yet); `None` for no such
/// tournament.
pub fn session_links(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<Vec<SessionLink>>, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(tid) = tournament_of(conn, slug)? else {
            return Ok(None);
        };
        let most: Option<i32> = matches::table
            .inner_join(rounds::table)
            .filter(rounds::tournament_id.eq(tid))
            .filter(matches::away_team_id.is_not_null())
            .select(diesel::dsl::max(matches::table_no))
            .first(conn)?;
        let stored: Vec<(i32, String, String)> = session_links::table
            .filter(session_links::tournament_id.eq(tid))
            .select((
                session_links::table_no,
                session_links::room,
                session_links::token,
            ))
            .load(conn)?;
        let at = now();
        let mut out = Vec::new();
        for table in 1..=most.unwrap_or(0) {
            for room in [Room::Open, Room::Closed] {
                let token = match stored
                    .iter()
                    .find(|(t, r, _)| *t == table && r == room.code())
                {
                    Some((_, _, token)) => token.clone(),
                    None => {
                        let token = tables::new_token();
                        diesel::insert_into(session_links::table)
                            .values((
                                session_links::tournament_id.eq(tid),
                                session_links::table_no.eq(table),
                                session_links::room.eq(room.code()),
                                session_links::token.eq(&token),
                                session_links::created_at.eq(at),
                            ))
                            .execute(conn)?;
                        token
                    }
                };
                out.push(SessionLink { table, room, token });
            }
        }
        Ok(Some(out))
    })
}

/// Replaces every session link of tournament `slug`: the printed cards answer 404 from
/// now on. `false` when there is no such tournament.
pub(crate) fn renew_session_links(conn: &mut DbConnection, slug: &str) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(tid) = tournament_of(conn, slug)? else {
            return Ok(false);
        };
        diesel::delete(session_links::table.filter(session_links::tournament_id.eq(tid)))
            .execute(conn)?;
        session_links(conn, slug)?;
        Ok(true)
    })
}

/// Each playing match's id by its round's number and its table.
type MatchIds = std::collections::HashMap<(i32, i32), i32>;

/// The rounds of tournament `tid` whose draw is public and which have playing matches, as
/// `rules::session` reads them, and their matches' ids.
fn round_facts(conn: &mut DbConnection, tid: i32) -> Result<(Vec<RoundFacts>, MatchIds), DbError> {
    let rows: Vec<(i32, i32, bool)> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::draw_published.eq(true))
        .order(rounds::number)
        .select((rounds::id, rounds::number, rounds::table_locked))
        .load(conn)?;
    let ids: Vec<i32> = rows.iter().map(|r| r.0).collect();
    let playing: Vec<(i32, i32, i32)> = matches::table
        .filter(matches::round_id.eq_any(&ids))
        .filter(matches::away_team_id.is_not_null())
        .select((matches::id, matches::round_id, matches::table_no))
        .load(conn)?;
    let match_ids: Vec<i32> = playing.iter().map(|m| m.0).collect();
    let done: Vec<(i32, String)> = table_results::table
        .filter(table_results::match_id.eq_any(&match_ids))
        .select((table_results::match_id, table_results::room))
        .distinct()
        .load(conn)?;
    let clocked: Vec<i32> = round_clocks::table
        .filter(round_clocks::round_id.eq_any(&ids))
        .select(round_clocks::round_id)
        .load(conn)?;
    let number_of = |round_id: i32| rows.iter().find(|r| r.0 == round_id).map(|r| r.1);
    let ids_by_table: MatchIds = playing
        .iter()
        .filter_map(|&(mid, round_id, table)| Some(((number_of(round_id)?, table), mid)))
        .collect();
    let facts = rows
        .iter()
        .map(|&(id, number, locked)| RoundFacts {
            number,
            locked,
            clocked: clocked.contains(&id),
            matches: playing
                .iter()
                .filter(|m| m.1 == id)
                .map(|&(mid, _, table)| MatchFacts {
                    table,
                    done: [Room::Open, Room::Closed]
                        .into_iter()
                        .filter(|r| done.iter().any(|(m, x)| *m == mid && x == r.code()))
                        .collect(),
                })
                .collect(),
        })
        .filter(|r| !r.matches.is_empty())
        .collect();
    Ok((facts, ids_by_table))
}

/// The tournament's current round (see the module's note); `None` before any draw is
/// public.
pub(crate) fn current_round(conn: &mut DbConnection, tid: i32) -> Result<Option<i32>, DbError> {
    Ok(session::current_round(&round_facts(conn, tid)?.0))
}

/// What the session link `token` shows now, or `None` (unknown or renewed).
pub(crate) fn resolve_session(
    conn: &mut DbConnection,
    token: &str,
) -> Result<Option<SessionAt>, DbError> {
    let found: Option<(i32, i32, String, String)> = session_links::table
        .inner_join(tournaments::table.on(tournaments::id.eq(session_links::tournament_id)))
        .filter(session_links::token.eq(token))
        .select((
            session_links::tournament_id,
            session_links::table_no,
            session_links::room,
            tournaments::slug,
        ))
        .first(conn)
        .optional()?;
    let Some((tid, table, room, slug)) = found else {
        return Ok(None);
    };
    let room: Room = room
        .parse()
        .map_err(|_| DbError::corrupt("session_links", tid, "room", room.clone()))?;
    let (facts, match_ids) = round_facts(conn, tid)?;
    let empty = |round: i32| SessionAt {
        slug: slug.clone(),
        table,
        room,
        round,
        at: None,
    };
    let Some(round) = session::round_at_table(&facts, table, room) else {
        return Ok(Some(empty(0)));
    };
    let Some(match_id) = match_ids.get(&(round.number, table)).copied() else {
        return Ok(Some(empty(round.number)));
    };
    let number = round.number;
    let at = room_of(conn, &slug, number, match_id, room)?;
    Ok(Some(SessionAt {
        slug,
        table,
        room,
        round: number,
        at,
    }))
}

/// The room `room` of match `match_id` (round `number` of `slug`) by its own link, made
/// (with its codes) as the director's page makes the round's links when it has none yet.
fn room_of(
    conn: &mut DbConnection,
    slug: &str,
    number: i32,
    match_id: i32,
    room: Room,
) -> Result<Option<TableRoom>, DbError> {
    let link = |conn: &mut DbConnection| -> Result<Option<String>, DbError> {
        Ok(table_links::table
            .filter(table_links::match_id.eq(match_id))
            .filter(table_links::room.eq(room.code()))
            .select(table_links::token)
            .first(conn)
            .optional()?)
    };
    let token = match link(conn)? {
        Some(token) => Some(token),
        None => {
            tables::round_links(conn, slug, number)?;
            link(conn)?
        }
    };
    match token {
        Some(token) => tables::find_link(conn, &token),
        None => Ok(None),
    }
}

type ClockRow = (i32, i32, NaiveDateTime, Option<NaiveDateTime>, i32, String);

fn clock_of(row: ClockRow) -> RoundClock {
    let (_, minutes, started_at, paused_at, paused_seconds, extra) = row;
    RoundClock {
        minutes,
        started_at,
        paused_at,
        paused_seconds: i64::from(paused_seconds),
        extra: RoundClock::read_extra(&extra),
    }
}

fn clock_row(conn: &mut DbConnection, round_id: i32) -> Result<Option<ClockRow>, DbError> {
    Ok(round_clocks::table
        .filter(round_clocks::round_id.eq(round_id))
        .select((
            round_clocks::id,
            round_clocks::minutes,
            round_clocks::started_at,
            round_clocks::paused_at,
            round_clocks::paused_seconds,
            round_clocks::extra,
        ))
        .first(conn)
        .optional()?)
}

/// The clock of round `round` of tournament `tid`, if the director started it.
pub fn round_clock(
    conn: &mut DbConnection,
    tid: i32,
    round: i32,
) -> Result<Option<RoundClock>, DbError> {
    let id: Option<i32> = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::number.eq(round))
        .select(rounds::id)
        .first(conn)
        .optional()?;
    match id {
        Some(id) => Ok(clock_row(conn, id)?.map(clock_of)),
        None => Ok(None),
    }
}

/// The clock event as the audit trail stores it: `start 40`, `pause`, `resume`,
/// `extra table 3 5`.
fn event_text(event: ClockEvent) -> String {
    match event {
        ClockEvent::Start { minutes } => format!("start {minutes}"),
        ClockEvent::Pause => "pause".to_owned(),
        ClockEvent::Resume => "resume".to_owned(),
        ClockEvent::Extra { table, minutes } => format!("extra table {table} {minutes}"),
    }
}

/// Applies the director's `event` to the clock of round `round` of `slug`, with an audit
/// row by `who`: the clock after it, the clock's refusal, or `None` for no such round.
pub fn clock_event(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    event: ClockEvent,
    who: &str,
) -> Result<Option<Result<RoundClock, ClockRefusal>>, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(tid) = tournament_of(conn, slug)? else {
            return Ok(None);
        };
        let Some(round_id) = super::schedule::round_id(conn, slug, round)? else {
            return Ok(None);
        };
        let row = clock_row(conn, round_id)?;
        let before = row.clone().map(clock_of);
        let at = now();
        let next = match RoundClock::apply(before.as_ref(), event, at) {
            Ok(next) => next,
            Err(refused) => return Ok(Some(Err(refused))),
        };
        let paused_seconds = i32::try_from(next.paused_seconds).unwrap_or(i32::MAX);
        match row {
            Some((id, ..)) => {
                diesel::update(round_clocks::table.find(id))
                    .set((
                        round_clocks::minutes.eq(next.minutes),
                        round_clocks::started_at.eq(next.started_at),
                        round_clocks::paused_at.eq(next.paused_at),
                        round_clocks::paused_seconds.eq(paused_seconds),
                        round_clocks::extra.eq(next.extra_text()),
                    ))
                    .execute(conn)?;
            }
            None => {
                diesel::insert_into(round_clocks::table)
                    .values((
                        round_clocks::round_id.eq(round_id),
                        round_clocks::minutes.eq(next.minutes),
                        round_clocks::started_at.eq(next.started_at),
                        round_clocks::paused_at.eq(next.paused_at),
                        round_clocks::paused_seconds.eq(paused_seconds),
                        round_clocks::extra.eq(next.extra_text()),
                    ))
                    .execute(conn)?;
            }
        }
        let table = match event {
            ClockEvent::Extra { table, .. } => Some(table),
            _ => None,
        };
        audit::record(
            conn,
            tid,
            who,
            audit::Place {
                area: "clock",
                round: Some(round),
                table,
            },
            &[audit::Change {
                subject: audit::Subject::Clock { round },
                before: before
                    .as_ref()
                    .map(|c| if c.paused() { "paused" } else { "running" })
                    .unwrap_or_default()
                    .to_owned(),
                after: event_text(event),
            }],
        )?;
        super::revision::bump_matches(conn, tid, &[])?;
        Ok(Some(Ok(next)))
    })
}

/// The director's announcement to the hall, and when it was made; `None` when there is
/// none (or it was cleared).
pub fn announcement(
    conn: &mut DbConnection,
    tid: i32,
) -> Result<Option<(String, NaiveDateTime)>, DbError> {
    let row: Option<(String, NaiveDateTime)> = hall_announcements::table
        .filter(hall_announcements::tournament_id.eq(tid))
        .select((hall_announcements::body, hall_announcements::posted_at))
        .first(conn)
        .optional()?;
    Ok(row.filter(|(body, _)| !body.trim().is_empty()))
}

/// Makes `body` the announcement of tournament `slug` (empty: none), with an audit row by
/// `who`; `false` for no such tournament.
pub fn announce(
    conn: &mut DbConnection,
    slug: &str,
    body: &str,
    who: &str,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(tid) = tournament_of(conn, slug)? else {
            return Ok(false);
        };
        let before = announcement(conn, tid)?.map(|(b, _)| b).unwrap_or_default();
        let at = now();
        let updated = diesel::update(
            hall_announcements::table.filter(hall_announcements::tournament_id.eq(tid)),
        )
        .set((
            hall_announcements::body.eq(body),
            hall_announcements::posted_at.eq(at),
        ))
        .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(hall_announcements::table)
                .values((
                    hall_announcements::tournament_id.eq(tid),
                    hall_announcements::body.eq(body),
                    hall_announcements::posted_at.eq(at),
                ))
                .execute(conn)?;
        }
        audit::record(
            conn,
            tid,
            who,
            audit::Place {
                area: "hall",
                round: None,
                table: None,
            },
            &[audit::Change {
                subject: audit::Subject::Announcement,
                before,
                after: body.to_owned(),
            }],
        )?;
        super::revision::bump_matches(conn, tid, &[])?;
        Ok(true)
    })
}

/// What the hall shows of tournament `tid` besides the snapshot: the current round, its
/// clock and the announcement.
#[derive(Clone, Debug, Default)]
pub(crate) struct HallNow {
    pub round: Option<i32>,
    pub clock: Option<RoundClock>,
    pub announcement: Option<(String, NaiveDateTime)>,
}

/// [`HallNow`] of tournament `slug` (default for no such tournament); the clock of
/// `round` when given, else of the current round.
pub(crate) fn hall_now(
    conn: &mut DbConnection,
    slug: &str,
    round: Option<i32>,
) -> Result<HallNow, DbError> {
    let Some(tid) = tournament_of(conn, slug)? else {
        return Ok(HallNow::default());
    };
    let round = match round {
        Some(r) => Some(r),
        None => current_round(conn, tid)?,
    };
    Ok(HallNow {
        clock: match round {
            Some(r) => round_clock(conn, tid, r)?,
            None => None,
        },
        round,
        announcement: announcement(conn, tid)?,
    })
}
