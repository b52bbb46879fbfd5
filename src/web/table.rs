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

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::director::{combo_label, seat_label, sheet_error_text, signed, team_label, trump_label};
use super::page::{Ctx, redirect_with, render_status, with_db};
use super::{AppError, AppState};
use crate::db::table::{
    self as tables, Closed, ConfirmRefusal, EntryState, Pending, Side, TableRoom, TableSave,
};
use crate::db::{self, RoundSheet};
use crate::rules::entry::{self, SheetError, SheetRow};
use crate::rules::{Decks, Match, Pair, Room, Scorer, TableEntry};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/table/{token}", web::get().to(show))
        .route("/table/{token}", web::post().to(save))
        .route("/table/{token}/confirm", web::post().to(confirm));
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

/// Wrong tokens from one address within [`GUESS_WINDOW`] before it is refused.
pub const GUESS_LIMIT: usize = 20;
pub const GUESS_WINDOW: Duration = Duration::from_secs(10 * 60);

/// Wrong table tokens per address, in memory.
#[derive(Default)]
pub struct Guesses {
    misses: Mutex<HashMap<String, Vec<Instant>>>,
}

impl Guesses {
    pub fn refused(&self, addr: &str) -> bool {
        let now = Instant::now();
        let mut map = self.misses.lock().unwrap_or_else(|e| e.into_inner());
        map.get_mut(addr).is_some_and(|v| {
            v.retain(|t| now.duration_since(*t) < GUESS_WINDOW);
            v.len() >= GUESS_LIMIT
        })
    }

    pub fn missed(&self, addr: &str) {
        let now = Instant::now();
        let mut map = self.misses.lock().unwrap_or_else(|e| e.into_inner());
        map.retain(|_, v| {
            v.last()
                .is_some_and(|t| now.duration_since(*t) < GUESS_WINDOW)
        });
        map.entry(addr.to_owned()).or_default().push(now);
    }
}

/// The client's address as text (as the proxy reports it, else the connection's).
fn address(req: &HttpRequest) -> String {
    super::auth::client_address(req)
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
        with_db(state, move |conn| {
            let Some(room) = tables::find_link(conn, &token)? else {
                return Ok(None);
            };
            let sheet = db::load_round(conn, &room.slug, room.round)?;
            Ok(sheet.map(|s| (room, s)))
        })
        .await?
    } else {
        None
    };
    match found {
        Some((room, _)) if !room.table_entry => Err(AppError::NotFound),
        Some(found) => Ok(Ok(found)),
        None => {
            guesses.missed(&addr);
            Err(AppError::NotFound)
        }
    }
}

/// One board at the table.
#[derive(Debug)]
struct BoardView {
    number: i32,
    dealer: String,
    level: &'static str,
    trump: String,
    /// "North-South (3 Name)".
    declarers: String,
    trick_points: String,
    bottom_points: String,
    last_trick: String,
    combos: Vec<super::director::Choice>,
    declarer_penalty: String,
    defender_penalty: String,
    /// (field, message)
    errors: Vec<(&'static str, String)>,
    computed: Option<Computed>,
    flagged: bool,
}

impl BoardView {
    fn error(&self, field: &str) -> Option<&String> {
        self.errors
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m)
    }
}

#[derive(Debug)]
struct Computed {
    p: String,
    result: String,
    s: String,
}

#[derive(Template)]
#[template(path = "table/room.html")]
struct RoomPage {
    ctx: Ctx,
    tour_name: String,
    title: String,
    not_saved: String,
    token: String,
    round: i32,
    ns: String,
    ew: String,
    ns_members: String,
    ew_members: String,
    state: &'static str,
    state_label: String,
    note: String,
    /// Why the room takes no entries now.
    closed: Option<String>,
    boards: Vec<BoardView>,
    /// The side that typed (the entry form's choice).
    side: String,
    entered_by: String,
    /// The side asked to confirm.
    confirm_side: String,
    can_confirm: bool,
    codes: bool,
    submission: String,
    problems: Vec<String>,
    confirm_error: Option<String>,
    entered: usize,
}

fn side_label(ctx: &Ctx, side: Side) -> String {
    match side {
        Side::NorthSouth => ctx.t.t("entry-pair-ns"),
        Side::EastWest => ctx.t.t("entry-pair-ew"),
    }
}

/// The combination choices for `decks`: tractors and titanics with their lengths.
fn combo_choices(ctx: &Ctx, decks: Decks, current: &str) -> Vec<super::director::Choice> {
    let mut options = vec![(String::new(), String::new())];
    for kind in entry::combination_kinds(decks) {
        let label = combo_label(&ctx.t, kind);
        match kind {
            "tractor" | "titanic" => {
                for l in 2..=4 {
                    options.push((
                        format!("{kind}:{l}"),
                        ctx.t.args(
                            "table-combo-length",
                            &[("kind", label.clone().into()), ("length", l.into())],
                        ),
                    ));
                }
            }
            _ => options.push((kind.to_owned(), label)),
        }
    }
    super::director::choices(options, current)
}

/// The combination of a row as the table's select names it: `tractor:3`.
fn combo_value(row: &SheetRow) -> String {
    let kind = row.combo.trim();
    match kind {
        "tractor" | "titanic" if !kind.contains(':') => {
            let l = row.combo_length.trim();
            format!("{kind}:{}", if l.is_empty() { "2" } else { l })
        }
        _ => kind.to_owned(),
    }
}

/// Each board's entry as typed (`None`: blank).
type TypedBoards = Vec<(i32, Option<TableEntry>)>;
/// A problem with a board's field.
type BoardError = (i32, SheetError);

/// Reads the posted boards: each board's entry or every problem.
fn read_boards(
    sheet: &RoundSheet,
    form: &HashMap<String, String>,
) -> Result<TypedBoards, Vec<BoardError>> {
    let decks = sheet.settings.decks;
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for board in &sheet.round.boards {
        let row = typed_row(form, board.number);
        match row.parse(decks) {
            Ok(e) => out.push((board.number, e)),
            Err(problems) => errors.extend(problems.into_iter().map(|e| (board.number, e))),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// A board's row from the form, the table's fields only.
fn typed_row(form: &HashMap<String, String>, board: i32) -> SheetRow {
    SheetRow::from_fields(|f| {
        if TABLE_FIELDS.contains(&f) {
            form.get(&format!("{board}-{f}")).map(String::as_str)
        } else {
            None
        }
    })
}

#[allow(clippy::too_many_arguments)]
async fn room_page(
    ctx: &Ctx,
    state: &AppState,
    token: &str,
    room: &TableRoom,
    sheet: &RoundSheet,
    m: &Match,
    typed: Option<&HashMap<String, String>>,
    errors: &[(i32, SheetError)],
    confirm_error: Option<String>,
) -> Result<HttpResponse, AppError> {
    let (pending, closed) = room_state(state, room).await?;
    let pending = pending.as_ref();
    let t = &ctx.t;
    let decks = sheet.settings.decks;
    let scorer = Scorer::new(&sheet.settings);
    let home = team_label(sheet, m.home);
    let away = m.away.map(|a| team_label(sheet, a)).unwrap_or_default();
    let (ns, ew) = match room.room {
        Room::Open => (home.clone(), away.clone()),
        Room::Closed => (away.clone(), home.clone()),
    };
    let members = |number: i32| {
        sheet
            .team(number)
            .map(|t| t.members.join(" · "))
            .unwrap_or_default()
    };
    let ns_no = tables::seated(m, room.room, Side::NorthSouth);
    let ew_no = tables::seated(m, room.room, Side::EastWest);
    let stored: Vec<_> = m.results.iter().filter(|r| r.room == room.room).collect();
    let failed = !errors.is_empty();
    let mut boards = Vec::new();
    for board in &sheet.round.boards {
        let row = match typed {
            Some(form) => typed_row(form, board.number),
            None => match stored.iter().find(|r| r.board == board.number) {
                Some(r) => SheetRow::from_entry(&r.entry),
                None => pending
                    .and_then(|p| p.row(board.number))
                    .cloned()
                    .unwrap_or_default(),
            },
        };
        let computed = if failed || typed.is_some() {
            None
        } else {
            row.parse(decks)
                .ok()
                .flatten()
                .and_then(|e| scorer.table(&e))
                .map(|o| Computed {
                    p: o.defender_total
                        .map_or_else(|| "—".to_owned(), |p| p.to_string()),
                    result: crate::sheets::result(&ctx.t, &o),
                    s: signed(o.table_score),
                })
        };
        let pair = board.dealer.pair();
        let declaring = match pair {
            Pair::NorthSouth => (Side::NorthSouth, &ns),
            Pair::EastWest => (Side::EastWest, &ew),
        };
        boards.push(BoardView {
            number: board.number,
            dealer: seat_label(t, board.dealer),
            level: board.level.code(),
            trump: trump_label(t, board.trump),
            declarers: format!("{} ({})", side_label(ctx, declaring.0), declaring.1),
            combos: combo_choices(ctx, decks, &combo_value(&row)),
            trick_points: row.trick_points,
            bottom_points: row.bottom_points,
            last_trick: row.last_trick,
            declarer_penalty: row.declarer_penalty,
            defender_penalty: row.defender_penalty,
            errors: errors
                .iter()
                .filter(|(b, _)| *b == board.number)
                .map(|(_, e)| {
                    let field = if e.field == "combo_length" {
                        "combo"
                    } else {
                        e.field
                    };
                    (field, sheet_error_text(t, e, decks))
                })
                .collect(),
            computed,
            flagged: pending.is_some_and(|p| p.flagged.contains(&board.number)),
        });
    }
    let problems = errors
        .iter()
        .map(|(board, e)| {
            t.args(
                "table-problem",
                &[
                    ("board", (*board).into()),
                    ("field", t.t(&format!("entry-col-{}", e.field)).into()),
                    ("why", sheet_error_text(t, e, decks).into()),
                ],
            )
        })
        .collect();
    let state = match (closed, pending.map(|p| p.state)) {
        (Some(Closed::Done), Some(s @ (EntryState::Confirmed | EntryState::Approved))) => s,
        (Some(Closed::Done), _) => EntryState::Desk,
        (_, Some(s)) => s,
        (_, None) => EntryState::NotStarted,
    };
    let state_label = if state == EntryState::Confirmed && room.approval {
        t.t("table-state-provisional")
    } else {
        t.t(&format!("table-state-{}", state.code()))
    };
    let entered_by = pending.map(|p| p.entered_by);
    let typed_side = typed.and_then(|f| f.get("side")).cloned();
    let page = RoomPage {
        ctx: ctx.clone(),
        tour_name: sheet.settings.name.clone(),
        title: t.args(
            "table-title",
            &[
                ("table", m.table.into()),
                (
                    "room",
                    t.t(&format!("entry-room-{}", room.room.code())).into(),
                ),
            ],
        ),
        not_saved: t.args("table-not-saved", &[("count", errors.len().into())]),
        token: token.to_owned(),
        round: sheet.round.number,
        ns_members: members(ns_no),
        ew_members: members(ew_no),
        ns,
        ew,
        state: state.code(),
        state_label,
        note: pending.map(|p| p.note.clone()).unwrap_or_default(),
        closed: closed.map(|c| {
            t.t(match c {
                Closed::Off => "table-closed-off",
                Closed::Locked => "table-closed-locked",
                Closed::Done => "table-closed-done",
                Closed::Disputed => "table-closed-disputed",
            })
        }),
        entered: boards.iter().filter(|b| !b.trick_points.is_empty()).count(),
        boards,
        side: typed_side
            .or_else(|| entered_by.map(|s| s.code().to_owned()))
            .unwrap_or_default(),
        entered_by: entered_by.map(|s| side_label(ctx, s)).unwrap_or_default(),
        confirm_side: entered_by
            .map(|s| s.other().code().to_owned())
            .unwrap_or_default(),
        can_confirm: closed.is_none() && pending.is_some_and(|p| p.state == EntryState::Waiting),
        codes: room.codes,
        submission: tables::new_token(),
        problems,
        confirm_error,
    };
    let status = if failed || page.confirm_error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    render_status(ctx, status, &page)
}

/// The room's pending entry and why it is closed, read together.
async fn room_state(
    state: &AppState,
    room: &TableRoom,
) -> Result<(Option<Pending>, Option<Closed>), AppError> {
    let room = room.clone();
    with_db(state, move |conn| {
        Ok((
            tables::pending(conn, room.match_id, room.room)?,
            tables::closed(conn, &room)?,
        ))
    })
    .await
}

async fn show(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let (room, sheet) = match locate(&req, &state, &token).await? {
        Ok(found) => found,
        Err(refusal) => return Ok(refusal),
    };
    let m = sheet.table(room.table).ok_or_else(AppError::not_found)?;
    room_page(&ctx, &state, &token, &room, &sheet, m, None, &[], None).await
}

/// `POST /table/{token}`: what the table typed, by the side that typed it.
async fn save(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let (room, sheet) = match locate(&req, &state, &token).await? {
        Ok(found) => found,
        Err(refusal) => return Ok(refusal),
    };
    let m = sheet.table(room.table).ok_or_else(AppError::not_found)?;
    let form = form.into_inner();
    let side = form.get("side").and_then(|s| Side::parse(s));
    let boards = read_boards(&sheet, &form);
    let (Some(side), Ok(boards)) = (side, boards.clone()) else {
        let errors = boards.err().unwrap_or_default();
        let side_error = side.is_none().then(|| ctx.t.t("table-error-side"));
        return room_page(
            &ctx,
            &state,
            &token,
            &room,
            &sheet,
            m,
            Some(&form),
            &errors,
            side_error,
        )
        .await
        .map(|mut r| {
            *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
            r
        });
    };
    let submission = form
        .get("submission")
        .map(|s| s.trim().chars().take(64).collect::<String>())
        .unwrap_or_default();
    let addr = address(&req);
    let target = room.clone();
    let saved = with_db(&state, move |conn| {
        Ok(tables::save_entry(
            conn,
            &target,
            side,
            &boards,
            &submission,
            &addr,
        )?)
    })
    .await?;
    let back = format!("/table/{token}");
    match saved {
        TableSave::Saved => Ok(redirect_with(&back, "table-flash-saved")),
        TableSave::Unchanged => Ok(redirect_with(&back, "table-flash-unchanged")),
        TableSave::Closed(_) => Ok(redirect_with(&back, "table-flash-closed")),
    }
}

/// `POST /table/{token}/confirm`: the opponents confirm the room, or either side marks
/// boards "call the director" (`flag-{board}`).
async fn confirm(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let (room, sheet) = match locate(&req, &state, &token).await? {
        Ok(found) => found,
        Err(refusal) => return Ok(refusal),
    };
    let m = sheet.table(room.table).ok_or_else(AppError::not_found)?;
    let form = form.into_inner();
    let addr = address(&req);
    let back = format!("/table/{token}");
    let flagged: Vec<i32> = sheet
        .round
        .boards
        .iter()
        .map(|b| b.number)
        .filter(|b| form.contains_key(&format!("flag-{b}")))
        .collect();
    let dispute = form.get("action").map(String::as_str) == Some("dispute") || !flagged.is_empty();
    let refuse = |message: String| {
        room_page(
            &ctx,
            &state,
            &token,
            &room,
            &sheet,
            m,
            None,
            &[],
            Some(message),
        )
    };
    if dispute {
        if flagged.is_empty() {
            return refuse(ctx.t.t("table-error-no-flag")).await;
        }
        let target = room.clone();
        let done = with_db(&state, move |conn| {
            Ok(tables::flag(conn, &target, &flagged, &addr)?)
        })
        .await?;
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
    let target = room.clone();
    let outcome = with_db(&state, move |conn| {
        Ok(tables::confirm(conn, &target, side, &code, &addr)?)
    })
    .await?;
    match outcome {
        Ok(()) => Ok(redirect_with(&back, "table-flash-confirmed")),
        Err(ConfirmRefusal::Closed(_)) => Ok(redirect_with(&back, "table-flash-closed")),
        Err(ConfirmRefusal::Incomplete) => refuse(ctx.t.t("table-error-incomplete")).await,
        Err(ConfirmRefusal::SameSide) => refuse(ctx.t.t("table-error-same-side")).await,
        Err(ConfirmRefusal::WrongCode) => refuse(ctx.t.t("table-error-code")).await,
        Err(ConfirmRefusal::Stale) => refuse(ctx.t.t("table-error-stale")).await,
    }
}
