//! The director's side of the whole field (docs/rules.md §11): line-ups chosen on the entry page,
//! and results that look wrong, flagged on the round and entry pages and marked as checked.
//!
//! - `POST /d/{slug}/rounds/{n}/tables/{t}/lineups`: the match's line-ups, in one
//!   transaction with their audit rows
//! - `POST /d/{slug}/rounds/{n}/odd`: marks one flag as checked
//! - `POST /d/{slug}/rounds/{n}/odd-threshold`: the threshold in levels

use std::collections::HashMap;

use actix_web::{HttpResponse, web};

use super::super::i18n::Tr;
use super::super::page::{Ctx, load_event, redirect_with, with_db};
use super::super::{AppError, AppState};
use crate::db::field::{LineupChoice, checked_flags, odd_threshold};
use crate::rules::field::{OddKind, OddResult, odd_results_at};
use crate::rules::{Event, Room, TeamNo};
use crate::web::labels::{Choice, choices};
use crate::web::routes::{Need, Routes};
use crate::web::tour::{RoundAt, TableAt};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .post(
            "/d/{slug}/rounds/{round}/tables/{table}/lineups",
            Need::Scorer,
            save_lineups,
        )
        .post("/d/{slug}/rounds/{round}/odd", Need::Director, mark_checked)
        .post(
            "/d/{slug}/rounds/{round}/odd-threshold",
            Need::Director,
            set_threshold,
        );
}

/// One flagged result as the pages show it.
#[derive(Debug)]
pub(super) struct OddLine {
    pub text: String,
    pub key: String,
    pub board: i32,
    pub checked_by: Option<String>,
}

/// One of the two players of a pair.
#[derive(Debug)]
pub(super) struct LineupSelect {
    pub name: String,
    pub label: String,
    pub choices: Vec<Choice>,
}

/// A team's pair in one room.
#[derive(Debug)]
pub(super) struct LineupTeam {
    pub name: String,
    pub seats: String,
    pub selects: Vec<LineupSelect>,
    /// The pair is stored for this round: else the selects stand empty until chosen.
    pub given: bool,
    /// Who sat for the team in this room last time ("Alice Chen & Ben Wu"), a hint only.
    pub last: String,
}

/// The two pairs of one room.
#[derive(Debug)]
pub(super) struct LineupRoom {
    pub label: String,
    pub teams: Vec<LineupTeam>,
}

/// What the round and entry pages show of the whole field.
#[derive(Debug, Default)]
pub(super) struct FieldExtras {
    pub odd: Vec<OddLine>,
    pub lineups: Vec<LineupRoom>,
    pub threshold: i32,
    /// The tournament is rated and the match has a result: a change of its line-ups needs
    /// the director's reason (docs/rules.md §14), asked for beside the Save button.
    pub lineup_reason: bool,
}

/// Whether changing the line-ups of table `table` in round `round` needs a reason: the
/// tournament is rated and a room of the match has a result.
fn needs_lineup_reason(event: &Event, round: i32, table: i32) -> bool {
    event.settings.standing.rated
        && event
            .rounds
            .iter()
            .find(|r| r.number == round)
            .and_then(|r| r.matches.iter().find(|m| m.table == table))
            .is_some_and(|m| !m.results.is_empty())
}

/// `Board 7, table 3 open room: defenders 195 when the field averaged 60 (…)`.
pub(super) fn odd_text(t: &Tr, o: &OddResult) -> String {
    let room = o
        .room
        .map(|r| t.t(&format!("entry-room-{}", r.code())))
        .unwrap_or_default();
    let signed = |n: i32| crate::figures::signed(n.into());
    match &o.kind {
        OddKind::FarFromField {
            score,
            defender_total: Some(p),
            datum,
            average_p,
        } => t.args(
            "field-odd-far",
            &[
                ("board", o.board.to_string().into()),
                ("table", o.table.to_string().into()),
                ("room", room.into()),
                ("p", p.to_string().into()),
                (
                    "average",
                    average_p.map_or_else(String::new, |a| a.short()).into(),
                ),
                ("s", signed(*score).into()),
                (
                    "datum",
                    crate::figures::typographic_minus(datum.two_decimals()).into(),
                ),
            ],
        ),
        OddKind::FarFromField { score, datum, .. } => t.args(
            "field-odd-far-ruled",
            &[
                ("board", o.board.to_string().into()),
                ("table", o.table.to_string().into()),
                ("room", room.into()),
                ("s", signed(*score).into()),
                (
                    "datum",
                    crate::figures::typographic_minus(datum.two_decimals()).into(),
                ),
            ],
        ),
        OddKind::SwingBeyondBands { swing, limit } => t.args(
            "field-odd-swing",
            &[
                ("board", o.board.to_string().into()),
                ("table", o.table.to_string().into()),
                ("swing", swing.to_string().into()),
                ("limit", limit.to_string().into()),
            ],
        ),
    }
}

fn select_name(room: Room, team: TeamNo, seat: usize) -> String {
    format!("{}-{team}-{seat}", room.code())
}

/// The players of `team` in `room` of this match: as saved, else as in the team's latest
/// earlier match with a line-up for that room.
/// The pair stored for `team` in `room` of this match, if any: a line-up the director has
/// not given stands empty, never as last round's (the page would look saved when it is
/// not).
fn lineup_stored(
    event: &Event,
    round: i32,
    table: i32,
    room: Room,
    team: TeamNo,
) -> Option<[String; 2]> {
    event
        .lineup(round, table, room, team)
        .map(|l| l.players.clone())
}

/// Who sat for `team` in `room` of its latest earlier match, as a hint beside the choice.
fn lineup_last(event: &Event, round: i32, room: Room, team: TeamNo) -> Option<[String; 2]> {
    event
        .lineups
        .iter()
        .filter(|l| l.team == team && l.room == room && l.round < round)
        .max_by_key(|l| l.round)
        .map(|l| l.players.clone())
}

fn lineup_rooms(t: &Tr, event: &Event, round: i32, table: i32) -> Vec<LineupRoom> {
    let Some(m) = event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .and_then(|r| r.matches.iter().find(|m| m.table == table))
    else {
        return Vec::new();
    };
    let Some(away) = m.away else {
        return Vec::new();
    };
    Room::BOTH
        .into_iter()
        .map(|room| {
            // In the open room the home team sits North–South.
            let seated = match room {
                Room::Open => [(m.home, "field-seat-ns"), (away, "field-seat-ew")],
                Room::Closed => [(away, "field-seat-ns"), (m.home, "field-seat-ew")],
            };
            LineupRoom {
                label: t.t(&format!("entry-room-{}", room.code())),
                teams: seated
                    .into_iter()
                    .map(|(team, seats)| {
                        let members = event
                            .team(team)
                            .map(|t| t.members.clone())
                            .unwrap_or_default();
                        let stored = lineup_stored(event, round, table, room, team);
                        let given = stored.is_some();
                        let chosen = stored.unwrap_or_default();
                        let last = lineup_last(event, round, room, team)
                            .map(|p| p.join(" & "))
                            .unwrap_or_default();
                        let seat_names = if seats == "field-seat-ns" {
                            ["rounds-seat-N", "rounds-seat-S"]
                        } else {
                            ["rounds-seat-E", "rounds-seat-W"]
                        };
                        LineupTeam {
                            name: event
                                .team(team)
                                .map_or_else(|| team.to_string(), |x| x.name.clone()),
                            seats: t.t(seats),
                            selects: (0..2)
                                .map(|seat| {
                                    let mut options =
                                        vec![(String::new(), t.t("field-lineups-none"))];
                                    options.extend(members.iter().map(|m| (m.clone(), m.clone())));
                                    LineupSelect {
                                        name: select_name(room, team, seat + 1),
                                        label: t.t(seat_names[seat]),
                                        choices: choices(options, &chosen[seat]),
                                    }
                                })
                                .collect(),
                            given,
                            last,
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The flags of round `round` (of one table when `table` is given), and the line-up form of
/// that table.
pub(super) async fn extras(
    state: &AppState,
    slug: &str,
    round: i32,
    table: Option<i32>,
    t: &Tr,
) -> Result<FieldExtras, AppError> {
    // The event from the snapshot the page reads; the director's odd-result settings
    // from the database.
    let snap = load_event(state, slug).await?;
    let key = slug.to_owned();
    let (threshold, checked) = with_db(state, move |conn| {
        Ok((odd_threshold(conn, &key)?, checked_flags(conn, &key)?))
    })
    .await?;
    Ok(field_extras(
        &snap.event,
        round,
        table,
        threshold,
        &checked,
        t,
    ))
}

/// The odd-result threshold and who checked which flag, for [`field_extras`] inside a
/// handler's one database call.
pub(super) fn flags(
    conn: &mut crate::db::DbConnection,
    slug: &str,
) -> Result<(i32, HashMap<String, String>), crate::db::DbError> {
    Ok((odd_threshold(conn, slug)?, checked_flags(conn, slug)?))
}

/// [`field_extras`] from a snapshot, whose odd results of the round are computed once per
/// revision: a page of one match costs its own match's lines, whatever the size of the
/// round.
pub(super) fn snapshot_extras(
    snap: &crate::web::live::Snapshot,
    round: i32,
    table: Option<i32>,
    threshold: i32,
    checked: &HashMap<String, String>,
    t: &Tr,
) -> FieldExtras {
    let odd = snap
        .odd_results(round, threshold)
        .iter()
        .filter(|o| table.is_none_or(|tb| tb == o.table))
        .map(|o| OddLine {
            text: odd_text(t, o),
            key: o.key(),
            board: o.board,
            checked_by: checked.get(&o.key()).cloned(),
        })
        .collect();
    FieldExtras {
        odd,
        lineups: table.map_or_else(Vec::new, |tb| lineup_rooms(t, &snap.event, round, tb)),
        threshold,
        lineup_reason: table.is_some_and(|tb| needs_lineup_reason(&snap.event, round, tb)),
    }
}

/// [`extras`] over a loaded event.
pub(super) fn field_extras(
    event: &Event,
    round: i32,
    table: Option<i32>,
    threshold: i32,
    checked: &HashMap<String, String>,
    t: &Tr,
) -> FieldExtras {
    let odd = event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .map(|r| odd_results_at(event, r, threshold, table))
        .unwrap_or_default()
        .into_iter()
        .map(|o| OddLine {
            text: odd_text(t, &o),
            key: o.key(),
            board: o.board,
            checked_by: checked.get(&o.key()).cloned(),
        })
        .collect();
    FieldExtras {
        odd,
        lineups: table.map_or_else(Vec::new, |tb| lineup_rooms(t, event, round, tb)),
        threshold,
        lineup_reason: table.is_some_and(|tb| needs_lineup_reason(event, round, tb)),
    }
}

/// `POST …/tables/{t}/lineups`: both players of a pair or neither, members of the team.
async fn save_lineups(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TableAt,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = (&at.round.tour.slug, at.round.round, at.table);
    let form = form.into_inner();
    let snap = crate::web::page::load_for(&ctx, &state, slug).await?;
    let m = snap
        .event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .and_then(|r| r.matches.iter().find(|m| m.table == table))
        .ok_or_else(AppError::not_found)?;
    let away = m
        .away
        .ok_or_else(|| AppError::bad_request(ctx.t.t("entry-bye-no-results")))?;
    let mut chosen = Vec::new();
    for room in Room::BOTH {
        for team in [m.home, away] {
            let get = |seat| {
                form.get(&select_name(room, team, seat))
                    .map(|v| v.trim().to_owned())
                    .unwrap_or_default()
            };
            let (first, second) = (get(1), get(2));
            match (first.is_empty(), second.is_empty()) {
                (true, true) => {}
                (false, false) => chosen.push(LineupChoice {
                    room,
                    team,
                    players: [first, second],
                }),
                _ => {
                    return Err(AppError::bad_request(format!(
                        "{} · {} {team}: {}",
                        ctx.t.t(&format!("entry-room-{}", room.code())),
                        ctx.t.t("pub-col-team"),
                        ctx.t.t("field-lineups-half")
                    )));
                }
            }
        }
    }
    let who = ctx.viewer.name();
    let key = slug.clone();
    let reason = form
        .get("reason")
        .map(|r| r.trim().to_owned())
        .unwrap_or_default();
    let saved = with_db(&state, move |conn| {
        Ok(crate::db::save_lineups_why(
            conn,
            &key,
            (round, table),
            &chosen,
            (&who, &reason),
        ))
    })
    .await?;
    match saved {
        Ok(true) => Ok(redirect_with(
            &format!("/d/{slug}/rounds/{round}/tables/{table}"),
            "field-lineups-saved",
        )),
        Ok(false) => Err(AppError::not_found()),
        Err(crate::db::DbError::Refused(why)) => Err(AppError::bad_request(ctx.t.a(
            "field-lineups-refused",
            "why",
            why.text(&ctx.t),
        ))),
        Err(e) => Err(e.into()),
    }
}

/// `POST …/odd`: `flag` (the key of a flag of this round) and `back` (`entry` or `round`).
async fn mark_checked(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = (&at.tour.slug, at.round);
    let flag = form.get("flag").cloned().unwrap_or_default();
    // Only a flag of this round as it stands can be marked.
    let current = extras(&state, slug, round, None, &ctx.t).await?;
    if !current.odd.iter().any(|o| o.key == flag) {
        return Err(AppError::bad_request(ctx.t.t("field-odd-none")));
    }
    let who = ctx.viewer.name();
    let key = slug.clone();
    let marked = flag.clone();
    with_db(&state, move |conn| {
        Ok(crate::db::field::mark_checked_as(
            conn, &key, &marked, &who,
        )?)
    })
    .await?;
    let table = flag.split(':').nth(2).unwrap_or("");
    let back = match form.get("back").map(String::as_str) {
        Some("entry") if !table.is_empty() => {
            format!("/d/{slug}/rounds/{round}/tables/{table}")
        }
        _ => format!("/d/{slug}/rounds/{round}"),
    };
    Ok(redirect_with(&back, "field-odd-marked"))
}

/// `POST …/odd-threshold`: a whole number of levels from 1 to 20.
async fn set_threshold(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let threshold = form
        .get("threshold")
        .and_then(|v| v.trim().parse::<i32>().ok())
        .filter(|v| (1..=20).contains(v))
        .ok_or_else(|| AppError::bad_request(ctx.t.t("field-odd-threshold-invalid")))?;
    let who = ctx.viewer.name();
    let key = at.tour.slug.clone();
    let found = with_db(&state, move |conn| {
        Ok(crate::db::field::set_odd_threshold_as(
            conn, &key, threshold, &who,
        )?)
    })
    .await?;
    if !found {
        return Err(AppError::not_found());
    }
    Ok(redirect_with(&at.url(""), "field-odd-threshold-saved"))
}
