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
//! The side a request speaks for is never what the form says: the entering side types its
//! own team's code (from its pair's slip) with its first save, the opponents theirs to
//! confirm. The device that saved is bound to the entry by its cookie (`fushi_device`,
//! [`DEVICE_COOKIE`]) and saves on without the code; the room's figures show only to it and
//! to the device on which the other side gave its code (docs/rules.md §5).
//!
//! Not signed in, so no session CSRF token: the secret path itself is what a forged
//! cross-site form cannot know (the guard lets `/table/` through on that ground).
//!
//! A table's link for the whole session (`crate::db::hall::resolve_session`) answers on the
//! same path: it shows the room of the current round at its table, by the same rules, so a
//! device bound to round 1's entry sees nothing of round 2's until it saves or gives a code
//! there. A form posted through it names the room it was made for (`link`): a round that
//! moved on in between saves nothing.
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

use super::page::{Ctx, redirect, redirect_with, with_db};
use super::{AppError, AppState};
use crate::db::table::{self as tables, Credential, Pending, Refusal, Side, TableRoom, TableSave};
use crate::db::{self, RoundSheet};
use crate::rules::room_state::{Gate, RoomEntry};
use crate::rules::{Lineup, Match, Room, TeamNo};
use forms::read_boards;
use views::{Said, room_page};

pub use guesses::GUESS_LIMIT;

pub(crate) use guesses::Guesses;

pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/table/{token}", web::get().to(show))
        .route("/table/{token}", web::post().to(save))
        .route("/table/{token}/confirm", web::post().to(confirm))
        .route("/table/{token}/figures", web::get().to(figures::figures));
}

/// The cookie that tells one phone from another at the table: 128 random bits, made at the
/// device's first save or first code, HttpOnly, for `/table/` only.
pub(crate) const DEVICE_COOKIE: &str = "fushi_device";

/// The device's token from its cookie (empty: none, or not one fushi made).
fn device_token(req: &HttpRequest) -> String {
    req.cookie(DEVICE_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|t| {
            t.len() == 22
                && t.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .unwrap_or_default()
}

/// The device cookie carrying `token`: a week, enough for any event's round.
fn device_cookie(state: &AppState, token: &str) -> actix_web::cookie::Cookie<'static> {
    actix_web::cookie::Cookie::build(DEVICE_COOKIE, token.to_owned())
        .path("/table/")
        .http_only(true)
        .same_site(actix_web::cookie::SameSite::Lax)
        .secure(state.accounts.secure_cookies)
        .max_age(actix_web::cookie::time::Duration::days(7))
        .finish()
}

/// The fields a table fills in, as named in `results.csv` (a ruling and "P only" are the
/// director's): those of [`crate::input::fields::RESULT_FIELDS`] a table types.
pub(crate) use crate::input::fields::TABLE_FIELDS;

/// The client's address as text (as the proxy reports it, else the connection's).
fn address(req: &HttpRequest) -> String {
    super::client::client_address(req)
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
        let room = with_db(state, move |conn| {
            Ok(match tables::find_link(conn, &token)? {
                Some(room) => Some(Ok(room)),
                // A session link: the room of the current round at its table.
                None => crate::db::hall::resolve_session(conn, &token)?.map(|s| match s.at {
                    Some(room) => Ok(room),
                    None => Err(Box::new(s)),
                }),
            })
        })
        .await?;
        let room = match room {
            Some(Err(empty)) => return Ok(Err(no_match_page(req, state, &empty).await?)),
            Some(Ok(room)) => Some(room),
            None => None,
        };
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

/// A session link whose table has no match in the current round: the table, the round
/// and the hall's clock and announcement, nothing else (404 while table-side entry is off).
async fn no_match_page(
    req: &HttpRequest,
    state: &AppState,
    empty: &crate::db::hall::SessionAt,
) -> Result<HttpResponse, AppError> {
    let snap = state.live.snapshot(&empty.slug, true).await?;
    if !snap.event.settings.table.entry {
        return Err(AppError::NotFound);
    }
    views::waiting_page(&Ctx::of(req), state, &snap.event.settings, empty).await
}

/// The room's pending entry, the room as the state machine knows it with its gate (what
/// the page asks the machine about), and the tournament's line-ups, read together.
async fn room_now(
    state: &AppState,
    room: &TableRoom,
) -> Result<(Option<Pending>, (RoomEntry, Gate), Vec<Lineup>), AppError> {
    let room = room.clone();
    with_db(state, move |conn| {
        Ok((
            tables::pending(conn, room.match_id, room.room)?,
            tables::standing(conn, &room)?,
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
    /// The token is the table's link for the whole session (it follows the movement).
    session: bool,
    /// The device's token (its cookie); a new one when it had none ([`AtTable::fresh`]).
    device: String,
    /// The device came without a cookie: the answer sets [`AtTable::device`] as its cookie.
    fresh: bool,
}

impl AtTable {
    /// The room's page, `/table/{token}`.
    fn url(&self) -> String {
        format!("/table/{}", self.token)
    }

    /// What the request shows of its side: the code typed (`code` in the form) and the
    /// device.
    fn credential<'a>(&'a self, form: &'a HashMap<String, String>) -> Credential<'a> {
        Credential {
            code: form.get("code").map_or("", String::as_str),
            device: &self.device,
        }
    }

    /// `res` with the device's new cookie when it came without one.
    fn with_cookie(&self, state: &AppState, mut res: HttpResponse) -> HttpResponse {
        if self.fresh {
            // A response that cannot carry the cookie only costs the device its binding.
            let _ = res.add_cookie(&device_cookie(state, &self.device));
        }
        res
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
            let known = device_token(&req);
            let fresh = known.is_empty();
            Ok(AtTable {
                session: room.token != token,
                token,
                room,
                sheet,
                addr,
                device: if fresh { tables::new_token() } else { known },
                fresh,
            })
        })
    }
}

async fn show(ctx: Ctx, state: web::Data<AppState>, at: AtTable) -> Result<HttpResponse, AppError> {
    room_page(&ctx, &state, &at, None, &[], Said::default()).await
}

/// `POST /table/{token}`: what the table typed, by the side whose code it gave (or the
/// device that saved before).
async fn save(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: AtTable,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    if let Some(page) = moved_page(&ctx, &state, &at, &form).await? {
        return Ok(page);
    }
    let boards = read_boards(&at.sheet, &form);
    let room = at.room.clone();
    let lineups = with_db(&state, move |conn| {
        Ok(db::field::lineups_of(conn, room.tournament_id)?)
    })
    .await?;
    let (seated, seat_problems) = read_seats(&ctx, &at, &form, &lineups);
    let (Ok(boards), true) = (boards.clone(), seat_problems.is_empty()) else {
        let errors = boards.err().unwrap_or_default();
        let said = Said {
            seats: seat_problems,
            ..Said::default()
        };
        let page = room_page(&ctx, &state, &at, Some(&form), &errors, said).await?;
        return Ok(with_status(page, StatusCode::UNPROCESSABLE_ENTITY));
    };
    let submission = form
        .get("submission")
        .map(|s| s.trim().to_owned())
        .unwrap_or_default();
    crate::limits::check(&submission, crate::limits::CODE)
        .map_err(|p| crate::web::error::text_refused(&ctx.t, "submission", p))?;
    let (target, addr) = (at.room.clone(), at.addr.clone());
    let (code, device) = (at.credential(&form).code.to_owned(), at.device.clone());
    let saved = with_db(&state, move |conn| {
        let credential = Credential {
            code: &code,
            device: &device,
        };
        let cells = (boards.as_slice(), seated.as_slice());
        Ok(tables::save_entry_seated(
            conn,
            &target,
            credential,
            cells,
            &submission,
            &addr,
        )?)
    })
    .await;
    let saved = match saved {
        Ok(saved) => saved,
        // Nothing was saved: the page again, with everything typed and the reason (503).
        Err(AppError::DbBusy(why)) => return busy_page(&ctx, &state, &at, &form, &why).await,
        Err(e) => return Err(e),
    };
    state.live.metrics().table_entry(match &saved {
        TableSave::Saved => "saved",
        TableSave::Unchanged => "unchanged",
        TableSave::Closed(_) => "closed",
        TableSave::Refused(_) => "code_refused",
    });
    let back = at.url();
    let res = match saved {
        // Saved, the room waits for the opponents: the page opens at their confirmation.
        TableSave::Saved => redirect_with(&format!("{back}#confirm"), "table-flash-saved"),
        TableSave::Unchanged => redirect_with(&back, "table-flash-unchanged"),
        TableSave::Closed(_) => redirect_with(&back, "table-flash-closed"),
        TableSave::Refused(why) => {
            return refused_page(&ctx, &state, &at, Some(&form), why, "enter").await;
        }
    };
    Ok(at.with_cookie(&state, res))
}

/// A form posted through a session link for a room the link no longer shows (the round
/// moved on between the page and the post, `link` in the form): nothing is done, and the
/// page shows the room the table now holds with a word why (409).
async fn moved_page(
    ctx: &Ctx,
    state: &AppState,
    at: &AtTable,
    form: &HashMap<String, String>,
) -> Result<Option<HttpResponse>, AppError> {
    let posted = form.get("link").map(|l| l.trim());
    let here = at.room.link_id.to_string();
    if !at.session || posted.is_none_or(|l| l == here) {
        return Ok(None);
    }
    let said = ctx.t.a("table-error-moved", "round", at.sheet.round.number);
    let page = room_page(ctx, state, at, None, &[], views::Said::top(said)).await?;
    Ok(Some(with_status(page, StatusCode::CONFLICT)))
}

/// `res` with `status`.
fn with_status(mut res: HttpResponse, status: StatusCode) -> HttpResponse {
    *res.status_mut() = status;
    res
}

/// The page again after a busy database refused the save: everything typed and the
/// reason (503, "Retry-After: 2").
async fn busy_page(
    ctx: &Ctx,
    state: &AppState,
    at: &AtTable,
    form: &HashMap<String, String>,
    why: &crate::db::DbError,
) -> Result<HttpResponse, AppError> {
    tracing::warn!("{}", crate::db::report(why));
    let busy = Said::top(ctx.t.t("entry-busy"));
    let mut r = room_page(ctx, state, at, Some(form), &[], busy).await?;
    *r.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    r.headers_mut().insert(
        actix_web::http::header::RETRY_AFTER,
        actix_web::http::header::HeaderValue::from_static("2"),
    );
    Ok(r)
}

/// The answer to a request the room refused for its code: the page again with the reason
/// (what was typed kept; a code's reason beside the code field of `form`, the form that was
/// sent: `enter`, `open` or `confirm`), or back to the room once the room is the
/// director's.
async fn refused_page(
    ctx: &Ctx,
    state: &AppState,
    at: &AtTable,
    typed: Option<&HashMap<String, String>>,
    why: Refusal,
    form: &'static str,
) -> Result<HttpResponse, AppError> {
    let t = &ctx.t;
    let back = at.url();
    let message = match why {
        Refusal::Closed(_) => return Ok(redirect_with(&back, "table-flash-closed")),
        Refusal::CodesExhausted => {
            return Ok(redirect_with(&back, "table-flash-codes-exhausted"));
        }
        // A table's events never meet the director's refusal; worded as nothing to confirm.
        Refusal::Incomplete | Refusal::NothingToJudge => Said::top(t.t("table-error-incomplete")),
        Refusal::SameSide => Said {
            code: Some((form, t.t("table-error-same-side"))),
            ..Said::default()
        },
        Refusal::CodeNeeded => Said {
            code: Some((form, t.t("table-error-code-needed"))),
            ..Said::default()
        },
        Refusal::WrongCode { left } => Said {
            code: Some((form, t.a("table-error-code", "left", left))),
            ..Said::default()
        },
        Refusal::Stale => Said::top(t.t("table-error-stale")),
    };
    let page = room_page(ctx, state, at, typed, &[], message).await?;
    Ok(at.with_cookie(state, with_status(page, StatusCode::UNPROCESSABLE_ENTITY)))
}

/// The pair each side says sits, read against the team's members and the other room's
/// line-up: the pairs to store and every problem, worded, by the side's code. A side that
/// says nothing keeps what is stored.
type SeatProblems = Vec<(&'static str, String)>;

fn read_seats(
    ctx: &Ctx,
    at: &AtTable,
    form: &HashMap<String, String>,
    lineups: &[Lineup],
) -> (Vec<(TeamNo, [String; 2])>, SeatProblems) {
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
            problems.push((side.code(), ctx.t.a("table-error-seat", "team", name)));
            continue;
        };
        if let Some(player) = seats::in_other_room(lineups, here, team, &pair) {
            let other = match at.room.room {
                Room::Open => Room::Closed,
                Room::Closed => Room::Open,
            };
            problems.push((
                side.code(),
                ctx.t.args(
                    "table-error-seat-other-room",
                    &[
                        ("player", player.clone().into()),
                        (
                            "room",
                            ctx.t.t(&format!("entry-room-{}", other.code())).into(),
                        ),
                    ],
                ),
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
    if let Some(page) = moved_page(&ctx, &state, &at, &form).await? {
        return Ok(page);
    }
    let flagged: Vec<i32> = at
        .sheet
        .round
        .boards
        .iter()
        .map(|b| b.number)
        .filter(|b| form.contains_key(&format!("flag-{b}")))
        .collect();
    let dispute = form.get("action").map(String::as_str) == Some("dispute") || !flagged.is_empty();
    let refuse = |message: String| room_page(&ctx, &state, &at, None, &[], Said::top(message));
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
    let (target, code, device) = (
        at.room.clone(),
        at.credential(&form).code.to_owned(),
        at.device.clone(),
    );
    let addr = at.addr.clone();
    let show = form.get("action").map(String::as_str) == Some("show");
    let outcome = with_db(&state, move |conn| {
        let credential = Credential {
            code: &code,
            device: &device,
        };
        Ok(if show {
            tables::open(conn, &target, credential)?
        } else {
            tables::confirm(conn, &target, credential, &addr)?
        })
    })
    .await?;
    state.live.metrics().table_entry(match (&outcome, show) {
        (Ok(()), true) => "opened",
        (Ok(()), false) => "confirmed",
        (Err(Refusal::Closed(_)), _) => "closed",
        (Err(_), _) => "confirm_refused",
    });
    match outcome {
        // The entry shown, the opponents' confirmation is what the page opens at.
        Ok(()) if show => Ok(at.with_cookie(&state, redirect(&format!("{}#confirm", at.url())))),
        Ok(()) => Ok(at.with_cookie(&state, redirect_with(&at.url(), "table-flash-confirmed"))),
        Err(why) => {
            let form = if show { "open" } else { "confirm" };
            refused_page(&ctx, &state, &at, None, why, form).await
        }
    }
}
