//! One room as its table entered it, for the director's review, and the verdict: approve,
//! send back with a note, or clear the table's flags.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::{round_rooms, side_text, state_label, tables};
use crate::db::RoundSheet;
use crate::db::table::{EntryState, Judged, Pending, RoomLink, Verdict};
use crate::figures::signed;
use crate::rules::{Clock, Room, Scorer};
use crate::web::page::{Ctx, TourHead, redirect_with, render, with_db};
use crate::web::tour::TableAt;
use crate::web::{AppError, AppState};

/// One board of the table's entry, as the director reviews it.
#[derive(Debug)]
struct ReviewLine {
    board: i32,
    cells: String,
    p: String,
    result: String,
    s: String,
    flagged: bool,
}

#[derive(Template)]
#[template(path = "director/table_room.html")]
struct RoomPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    round: i32,
    table: i32,
    room: &'static str,
    title: String,
    state_label: String,
    entered: Option<String>,
    confirmed: Option<String>,
    approved: Option<String>,
    note: String,
    lines: Vec<ReviewLine>,
    can_approve: bool,
    can_reject: bool,
    /// The room carries the table's ⚑: the director may clear it.
    flagged: bool,
    /// The zone the times are in, said once.
    times_in: String,
    /// Reached by "approve, then next": the first control of the review has the focus.
    from_approve: bool,
}

/// `?from=approve`: the room page reached by "approve, then next".
#[derive(serde::Deserialize)]
pub(super) struct ReviewQuery {
    #[serde(default)]
    from: String,
}

/// The `{room}` of a room's path: `open` or `closed`.
#[derive(serde::Deserialize)]
pub(super) struct RoomPath {
    room: String,
}

fn parse_room(text: &str) -> Result<Room, AppError> {
    text.parse::<Room>().map_err(|_| AppError::NotFound)
}

pub(super) async fn room_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TableAt,
    path: web::Path<RoomPath>,
    query: web::Query<ReviewQuery>,
) -> Result<HttpResponse, AppError> {
    let (round, table) = (at.round.round, at.table);
    let room = parse_room(&path.room)?;
    let sheet = at.round.sheet(&state).await?;
    let m = sheet.table(table).ok_or_else(AppError::not_found)?;
    if m.is_bye() {
        return Err(AppError::NotFound);
    }
    let (_, links) = round_rooms(&state, &at.round).await?;
    let link = links
        .iter()
        .find(|l| l.table == table && l.room == room)
        .ok_or_else(AppError::not_found)?;
    let match_id = link.match_id;
    // A row that only counts wrong codes is no entry.
    let pending = with_db(&state, move |conn| {
        Ok(tables::pending(conn, match_id, room)?.filter(Pending::entered))
    })
    .await?;
    // What the director may do is the machine's answer, approval only for a whole entry.
    let boards: Vec<i32> = sheet.round.boards.iter().map(|b| b.number).collect();
    let may = link.verdicts(pending.as_ref().is_some_and(|p| p.complete(&boards)));
    let t = &ctx.t;
    let lines = pending
        .as_ref()
        .map(|p| review_lines(&ctx, &sheet, p))
        .unwrap_or_default();
    let room_label = t.t(&format!("entry-room-{}", room.code()));
    // Times in the tournament's zone; the page says which once, under its title.
    let clock = crate::clock::of(&sheet.settings);
    let page = RoomPage {
        from_approve: query.from == "approve",
        times_in: crate::clock::times_in(t, &clock),
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        round,
        table,
        room: room.code(),
        title: t.args(
            "table-room-title",
            &[
                ("round", round.into()),
                ("table", table.into()),
                ("room", room_label.into()),
            ],
        ),
        state_label: state_label(&ctx, link.state, sheet.settings.table.approval),
        entered: pending.as_ref().map(|p| entered_text(&ctx, &clock, p)),
        confirmed: pending
            .as_ref()
            .and_then(|p| confirmed_text(&ctx, &clock, p)),
        approved: pending
            .as_ref()
            .and_then(|p| p.approved_at)
            .filter(|_| link.state == EntryState::Approved)
            .map(|at| t.a("table-room-approved", "at", clock.at(at))),
        note: pending.as_ref().map(|p| p.note.clone()).unwrap_or_default(),
        flagged: may.clear_flags,
        lines,
        can_approve: may.approve,
        can_reject: may.send_back,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

/// Each board of the room as its table entered it (`pending`), for the director to
/// review: the entry in words, its P, result and s, and whether the table flagged it.
fn review_lines(ctx: &Ctx, sheet: &RoundSheet, p: &Pending) -> Vec<ReviewLine> {
    let t = &ctx.t;
    let scorer = Scorer::new(&sheet.settings);
    let decks = sheet.settings.decks();
    sheet
        .round
        .boards
        .iter()
        .map(|b| {
            let row = p.row(b.number).cloned().unwrap_or_default();
            let entry = row.parse(decks, &scorer.bands).ok().flatten();
            let outcome = entry.as_ref().and_then(|e| scorer.table(e));
            ReviewLine {
                board: b.number,
                cells: entry
                    .as_ref()
                    .map(|e| crate::web::director::words::entry_words(t, e.figures()))
                    .unwrap_or_default(),
                p: outcome
                    .as_ref()
                    .and_then(|o| o.defender_total)
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
                result: outcome
                    .as_ref()
                    .map(|o| crate::sheets::result(&ctx.t, o))
                    .unwrap_or_default(),
                s: outcome
                    .map(|o| signed(o.table_score.into()))
                    .unwrap_or_default(),
                flagged: p.flagged.contains(&b.number),
            }
        })
        .collect()
}

/// Who entered the room's results at the table, when, from which address and in how many
/// saves.
fn entered_text(ctx: &Ctx, clock: &Clock, p: &Pending) -> String {
    ctx.t.args(
        "table-room-entered",
        &[
            ("side", side_text(ctx, p.entered_by).into()),
            ("at", clock.at(p.entered_at).into()),
            ("address", p.address.clone().into()),
            ("saves", p.saves.into()),
        ],
    )
}

/// Which side confirmed the table's entry and when; `None` before it is confirmed.
fn confirmed_text(ctx: &Ctx, clock: &Clock, p: &Pending) -> Option<String> {
    let (by, at) = (p.confirmed_by?, p.confirmed_at?);
    Some(ctx.t.args(
        "table-room-confirmed",
        &[
            ("side", side_text(ctx, by).into()),
            ("at", clock.at(at).into()),
        ],
    ))
}

#[derive(serde::Deserialize)]
pub(super) struct JudgeForm {
    action: String,
    #[serde(default)]
    note: String,
}

/// `POST`: `approve`, or `reject` with a note.
pub(super) async fn judge(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TableAt,
    path: web::Path<RoomPath>,
    form: web::Form<JudgeForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, table) = (&at.round.tour.slug, at.round.round, at.table);
    let room_code = &path.room;
    let room = parse_room(room_code)?;
    let form = form.into_inner();
    let verdict = match form.action.as_str() {
        "approve" | "approve-next" => Verdict::Approve,
        "clear-flags" => Verdict::ClearFlags,
        "reject" => {
            crate::limits::check_note(&form.note).map_err(|p| {
                crate::web::error::text_refused(&ctx.t, &ctx.t.t("table-reject-note"), p)
            })?;
            Verdict::Reject(form.note.clone())
        }
        _ => return Err(AppError::bad_request(form.action)),
    };
    let who = ctx.viewer.name();
    let key = slug.clone();
    let done = with_db(&state, move |conn| {
        Ok(tables::judge(
            conn, &key, round, table, room, &verdict, &who,
        )?)
    })
    .await?;
    let flash = match (&done, form.action.as_str()) {
        (Judged::NoLongerValid(_), _) => "table-flash-no-longer-valid",
        (Judged::Nothing, _) => "table-flash-not-judged",
        (Judged::Done, "approve" | "approve-next") => "table-flash-approved",
        (Judged::Done, "clear-flags") => "table-flash-flags-cleared",
        (Judged::Done, _) => "table-flash-rejected",
    };
    let here = format!("/d/{slug}/rounds/{round}/tables/{table}/rooms/{room_code}");
    if !(done == Judged::Done && form.action == "approve-next") {
        return Ok(redirect_with(&here, flash));
    }
    // Approve, then on to the next room that needs the director (the hall when none).
    let sheet = at.round.sheet(&state).await?;
    let (_, links) = round_rooms(&state, &at.round).await?;
    let next = next_to_review(&links, sheet.settings.table.approval, table, room);
    let to = match next {
        // The next room opens with its first control focused, where the keyboard was.
        Some((t, r)) => format!(
            "/d/{slug}/rounds/{round}/tables/{t}/rooms/{}?from=approve",
            r.code()
        ),
        None => format!("/d/{slug}/rounds/{round}/hall"),
    };
    Ok(redirect_with(&to, flash))
}

/// The room to look at after `(table, room)` on the review page's "approve, then next":
/// the next room of the round (in table order, wrapping round) that waits for the
/// director; `None` when no other room does.
fn next_to_review(
    links: &[RoomLink],
    approval: bool,
    table: i32,
    room: Room,
) -> Option<(i32, Room)> {
    let here = links
        .iter()
        .position(|l| l.table == table && l.room == room)?;
    let n = links.len();
    (1..n)
        .map(|i| &links[(here + i) % n])
        .find(|l| l.state.needs_director(approval))
        .map(|l| (l.table, l.room))
}
