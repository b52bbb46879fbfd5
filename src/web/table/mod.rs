//! Results entered at the table: `/table/{token}`, one room of one match, no account.
//!
//! The token (128 random bits) is the only key: an unknown or renewed one answers 404, and
//! an address that guesses wrong too often is refused for a while (429). The page is a plain
//! form, phone first: each board's conditions and the score-sheet fields named
//! `{board}-{field}` as in `results.csv`, validated by the rules core with the director's
//! grid's messages. After a save every entered board shows its P, result and s. The
//! opponents (the side that did not enter) confirm the whole room with
//! `POST /table/{token}/confirm`, or mark boards "call the director".
//!
//! Not signed in, so no session CSRF token: the secret path itself is what a forged
//! cross-site form cannot know (the guard lets `/table/` through on that ground).
//!
//! The posted boards are read in [`forms`], the page is drawn in [`views`], and wrong
//! tokens are counted in [`guesses`].

mod figures;
mod forms;
mod guesses;
mod seats;
mod views;

use std::collections::HashMap;

use actix_web::dev::Payload;
use actix_web::error::InternalError;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use futures_util::future::LocalBoxFuture;

use super::page::{Ctx, redirect_with, with_db};
use super::{AppError, AppState};
use crate::db::table::{
    self as tables, Closed, ConfirmRefusal, Pending, Side, TableRoom, TableSave,
};
use crate::db::{self, RoundSheet};
use crate::rules::{Lineup, Match, Room, TeamNo};
use forms::read_boards;
use views::room_page;

pub use guesses::{GUESS_LIMIT, GUESS_WINDOW, Guesses};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/table/{token}", web::get().to(show))
        .route("/table/{token}", web::post().to(save))
        .route("/table/{token}/confirm", web::post().to(confirm))
        .route("/table/{token}/figures", web::get().to(figures::figures));
}

/// The fields a table fills in, as named in `results.csv` (a ruling and "P only" are the
/// director's).
pub const TABLE_FIELDS: [&str; 6] = [
    "trick_points",
    "bottom_points",
    "last_trick",
    "combo",
    "declarer_penalty",
    "defender_penalty",
];

/// The client's address as text (as the proxy reports it, else the connection's).
fn address(req: &HttpRequest) -> String {
    super::auth::client::client_address(req)
        .map(|a| a.to_string())
        .unwrap_or_default()
}

/// The room behind `token`: 404 when unknown (counted as a guess) or when table-side entry
/// is off; 429 once the address has guessed too often.
async fn locate(
    req: &HttpRequest,
    state: &AppState,
    token: &str,
) -> Result<Result<(TableRoom, RoundSheet), HttpResponse>, AppError> {
    let addr = address(req);
    let guesses = &state.table_guesses;
    if guesses.refused(&addr) {
        state.live.metrics().table_entry("throttled");
        tracing::warn!(client = %addr, "table links: too many wrong links from this address");
        return Ok(Err(super::auth::refused(
            req,
            StatusCode::TOO_MANY_REQUESTS,
            "table-throttled-title",
            "table-throttled-text",
        )));
    }
    let plausible = token.len() == 22
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let found = if plausible {
        let token = token.to_owned();
        let room = with_db(state, move |conn| Ok(tables::find_link(conn, &token)?)).await?;
        match room {
            // The room's match from the snapshot the pages read (its newest revision): the
            // match, its teams and its round's boards, nothing of the other tables.
            Some(room) => {
                let snap = state.live.snapshot(&room.slug, true).await?;
                RoundSheet::of_match(&snap.event, room.round, room.table).map(|s| (room, s))
            }
            None => None,
        }
    } else {
        None
    };
    match found {
        Some((room, _)) if !room.table_entry => Err(AppError::NotFound),
        Some(found) => Ok(Ok(found)),
        None => {
            state.live.metrics().table_entry("unknown_link");
            guesses.missed(&addr);
            Err(AppError::NotFound)
        }
    }
}

/// The room's pending entry, why it is closed and the tournament's line-ups, read together.
async fn room_state(
    state: &AppState,
    room: &TableRoom,
) -> Result<(Option<Pending>, Option<Closed>, Vec<Lineup>), AppError> {
    let room = room.clone();
    with_db(state, move |conn| {
        Ok((
            tables::pending(conn, room.match_id, room.room)?,
            tables::closed(conn, &room)?,
            db::field::lineups_of(conn, room.tournament_id)?,
        ))
    })
    .await
}

/// The room behind the path's `{token}`, with its round and its match: 404 when the token
/// is unknown (counted as a guess), table-side entry is off or the room's match is gone;
/// the 429 page once the address has guessed too often ([`locate`]).
struct AtTable {
    token: String,
    room: TableRoom,
    sheet: RoundSheet,
    /// The client's address, as the guesses are counted by and the entries recorded with.
    addr: String,
}

impl AtTable {
    /// The room's page, `/table/{token}`.
    fn url(&self) -> String {
        format!("/table/{}", self.token)
    }

    /// The room's match in its round.
    fn game(&self) -> &Match {
        self.sheet
            .table(self.room.table)
            .expect("found when the room was located")
    }
}

impl FromRequest for AtTable {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req
                .app_data::<web::Data<AppState>>()
                .cloned()
                .ok_or_else(|| AppError::internal("the application state is missing"))?;
            let token = req.match_info().get("token").unwrap_or_default().to_owned();
            let (room, sheet) = match locate(&req, &state, &token).await? {
                Ok(found) => found,
                Err(refusal) => return Err(InternalError::from_response("refused", refusal).into()),
            };
            sheet.table(room.table).ok_or_else(AppError::not_found)?;
            let addr = address(&req);
            Ok(AtTable {
                token,
                room,
                sheet,
                addr,
            })
        })
    }
}

async fn show(ctx: Ctx, state: web::Data<AppState>, at: AtTable) -> Result<HttpResponse, AppError> {
    room_page(&ctx, &state, &at, None, &[], None).await
}

/// `POST /table/{token}`: what the table typed, by the side that typed it.
async fn save(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: AtTable,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let side = form.get("side").and_then(|s| Side::parse(s));
    let boards = read_boards(&at.sheet, &form);
    let room = at.room.clone();
    let lineups = with_db(&state, move |conn| {
        Ok(db::field::lineups_of(conn, room.tournament_id)?)
    })
    .await?;
    let (seated, seat_problems) = read_seats(&ctx, &at, &form, &lineups);
    let seats_ok = seat_problems.is_empty();
    let (Some(side), Ok(boards), true) = (side, boards.clone(), seats_ok) else {
        let errors = boards.err().unwrap_or_default();
        let mut said: Vec<String> = side
            .is_none()
            .then(|| ctx.t.t("table-error-side"))
            .into_iter()
            .collect();
        said.extend(seat_problems);
        let side_error = (!said.is_empty()).then(|| said.join(" "));
        return room_page(&ctx, &state, &at, Some(&form), &errors, side_error)
            .await
            .map(|mut r| {
                *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
                r
            });
    };
    let submission = form
        .get("submission")
        .map(|s| s.trim().to_owned())
        .unwrap_or_default();
    crate::limits::check(&submission, crate::limits::CODE)
        .map_err(|p| crate::web::error::text_refused(&ctx.t, "submission", p))?;
    let (target, addr) = (at.room.clone(), at.addr.clone());
    let saved = match with_db(&state, move |conn| {
        Ok(tables::save_entry_seated(
            conn,
            &target,
            side,
            (&boards, &seated),
            &submission,
            &addr,
        )?)
    })
    .await
    {
        Ok(saved) => saved,
        // Nothing was saved: the page again, with everything typed and the reason (503).
        Err(AppError::DbBusy(why)) => {
            tracing::warn!("{}", crate::db::report(&why));
            let busy = Some(ctx.t.t("entry-busy"));
            let page = room_page(&ctx, &state, &at, Some(&form), &[], busy);
            return page.await.map(|mut r| {
                *r.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
                r.headers_mut().insert(
                    actix_web::http::header::RETRY_AFTER,
                    actix_web::http::header::HeaderValue::from_static("2"),
                );
                r
            });
        }
        Err(e) => return Err(e),
    };
    let back = at.url();
    let outcome = match &saved {
        TableSave::Saved => "saved",
        TableSave::Unchanged => "unchanged",
        TableSave::Closed(_) => "closed",
    };
    state.live.metrics().table_entry(outcome);
    match saved {
        TableSave::Saved => Ok(redirect_with(&back, "table-flash-saved")),
        TableSave::Unchanged => Ok(redirect_with(&back, "table-flash-unchanged")),
        TableSave::Closed(_) => Ok(redirect_with(&back, "table-flash-closed")),
    }
}

/// The pair each side says sits, read against the team's members and the other room's
/// line-up: the pairs to store and every problem, worded. A side that says nothing keeps
/// what is stored.
fn read_seats(
    ctx: &Ctx,
    at: &AtTable,
    form: &HashMap<String, String>,
    lineups: &[Lineup],
) -> (Vec<(TeamNo, [String; 2])>, Vec<String>) {
    let m = at.game();
    let here = (at.sheet.round.number, m.table, at.room.room);
    let mut seated = Vec::new();
    let mut problems = Vec::new();
    for side in [Side::NorthSouth, Side::EastWest] {
        let Some(text) = seats::posted(form, side.code()) else {
            continue;
        };
        let team = tables::seated(m, at.room.room, side);
        let Some(entry) = at.sheet.team(team) else {
            continue;
        };
        let name = crate::web::labels::team_label(&at.sheet, team);
        let Some(pair) = seats::read_pair(&entry.members, &text) else {
            problems.push(ctx.t.a("table-error-seat", "team", name));
            continue;
        };
        if let Some(player) = seats::in_other_room(lineups, here, team, &pair) {
            let other = match at.room.room {
                Room::Open => Room::Closed,
                Room::Closed => Room::Open,
            };
            problems.push(ctx.t.args(
                "table-error-seat-other-room",
                &[
                    ("player", player.clone().into()),
                    (
                        "room",
                        ctx.t.t(&format!("entry-room-{}", other.code())).into(),
                    ),
                ],
            ));
            continue;
        }
        seated.push((team, pair));
    }
    (seated, problems)
}

/// `POST /table/{token}/confirm`: the opponents confirm the room, or either side marks
/// boards "call the director" (`flag-{board}`).
async fn confirm(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: AtTable,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let flagged: Vec<i32> = at
        .sheet
        .round
        .boards
        .iter()
        .map(|b| b.number)
        .filter(|b| form.contains_key(&format!("flag-{b}")))
        .collect();
    let dispute = form.get("action").map(String::as_str) == Some("dispute") || !flagged.is_empty();
    let refuse = |message: String| room_page(&ctx, &state, &at, None, &[], Some(message));
    if dispute {
        if flagged.is_empty() {
            return refuse(ctx.t.t("table-error-no-flag")).await;
        }
        let (target, addr) = (at.room.clone(), at.addr.clone());
        let done = with_db(&state, move |conn| {
            Ok(tables::flag(conn, &target, &flagged, &addr)?)
        })
        .await?;
        let back = at.url();
        state.live.metrics().table_entry("director_called");
        return Ok(match done {
            Ok(true) => redirect_with(&back, "table-flash-flagged"),
            Ok(false) => redirect_with(&back, "table-flash-nothing"),
            Err(_) => redirect_with(&back, "table-flash-closed"),
        });
    }
    let Some(side) = form.get("side").and_then(|s| Side::parse(s)) else {
        return refuse(ctx.t.t("table-error-side")).await;
    };
    let code = form.get("code").cloned().unwrap_or_default();
    let (target, addr) = (at.room.clone(), at.addr.clone());
    let outcome = with_db(&state, move |conn| {
        Ok(tables::confirm(conn, &target, side, &code, &addr)?)
    })
    .await?;
    let back = at.url();
    state.live.metrics().table_entry(match &outcome {
        Ok(()) => "confirmed",
        Err(ConfirmRefusal::Closed(_)) => "closed",
        Err(_) => "confirm_refused",
    });
    match outcome {
        Ok(()) => Ok(redirect_with(&back, "table-flash-confirmed")),
        Err(ConfirmRefusal::Closed(_)) => Ok(redirect_with(&back, "table-flash-closed")),
        Err(ConfirmRefusal::Incomplete) => refuse(ctx.t.t("table-error-incomplete")).await,
        Err(ConfirmRefusal::SameSide) => refuse(ctx.t.t("table-error-same-side")).await,
        Err(ConfirmRefusal::WrongCode { left }) => {
            refuse(ctx.t.a("table-error-code", "left", left)).await
        }
        Err(ConfirmRefusal::CodesExhausted) => {
            Ok(redirect_with(&back, "table-flash-codes-exhausted"))
        }
        Err(ConfirmRefusal::Stale) => refuse(ctx.t.t("table-error-stale")).await,
    }
}
