//! The director's side of entering at the table:
//!
//! - `GET/POST /d/{slug}/rounds/{n}/table-links`: every room's link and state (the page
//!   polls itself), renewing the round's links, locking the round against the tables
//! - `GET /d/{slug}/rounds/{n}/table-cards`: printable cards with each room's QR code, and
//!   the team-code slips
//! - `GET/POST /d/{slug}/rounds/{n}/tables/{t}/rooms/{room}`: what the table entered, and
//!   the verdict: approve, or send back with a note (correcting is the desk's entry page)

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::super::page::{Ctx, TourHead, redirect_with, render, with_db};
use super::super::{AppError, AppState};
use crate::db::RoundSheet;
use crate::db::table::{self as tables, EntryState, Judged, Pending, RoomLink, Side, Verdict};
use crate::figures::signed;
use crate::rules::{Clock, Room, Scorer};
use crate::web::labels::team_label;
use crate::web::routes::{Need, Routes};
use crate::web::tour::{RoundAt, TableAt};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get(
            "/d/{slug}/rounds/{round}/table-links",
            Need::Director,
            links_page,
        )
        .post(
            "/d/{slug}/rounds/{round}/table-links",
            Need::Director,
            links_action,
        )
        .post(
            "/d/{slug}/rounds/{round}/release",
            Need::Director,
            release_action,
        )
        .post("/d/{slug}/rounds/{round}/draw", Need::Director, draw_action)
        .get(
            "/d/{slug}/rounds/{round}/table-cards",
            Need::Director,
            cards_page,
        )
        .get(
            "/d/{slug}/rounds/{round}/table-sheets.pdf",
            Need::Director,
            sheets_pdf,
        )
        .get(
            "/d/{slug}/rounds/{round}/tables/{table}/rooms/{room}",
            Need::Director,
            room_page,
        )
        .post(
            "/d/{slug}/rounds/{round}/tables/{table}/rooms/{room}",
            Need::Director,
            judge,
        );
}

/// One room on the director's list.
#[derive(Debug)]
pub(crate) struct RoomLine {
    pub table: i32,
    pub room: &'static str,
    pub(crate) room_label: String,
    pub state: &'static str,
    pub(crate) state_label: String,
    pub url: String,
    pub updated: String,
    pub flagged: String,
}

/// The rooms of a round in the director's words (times in the tournament's zone).
pub(crate) fn room_lines(
    ctx: &Ctx,
    site: &str,
    settings: &crate::rules::Settings,
    links: &[RoomLink],
) -> Vec<RoomLine> {
    let t = &ctx.t;
    let approval = settings.table.approval;
    let clock = crate::clock::of(settings);
    links
        .iter()
        .map(|l| RoomLine {
            table: l.table,
            room: l.room.code(),
            room_label: t.t(&format!("entry-room-{}", l.room.code())),
            state: l.state.code(),
            state_label: state_label(ctx, l.state, approval),
            url: format!("{site}/table/{}", l.token),
            updated: l.updated_at.map(|at| clock.time(at)).unwrap_or_default(),
            flagged: l
                .flagged
                .iter()
                .map(i32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        })
        .collect()
}

fn state_label(ctx: &Ctx, state: EntryState, approval: bool) -> String {
    crate::web::labels::room_state_label(&ctx.t, state, approval)
}

/// The round's links and states (links are made for rooms that have none).
pub(crate) async fn round_rooms(
    state: &AppState,
    at: &RoundAt,
) -> Result<(bool, Vec<RoomLink>), AppError> {
    let (slug, round) = (at.tour.slug.clone(), at.round);
    with_db(state, move |conn| {
        tables::round_links(conn, &slug, round)?.ok_or(AppError::NotFound)
    })
    .await
}

/// The round with its rooms' links (the links page and the cards): the round, whether its
/// links are locked, and the links.
async fn round_with_rooms(
    state: &AppState,
    at: &RoundAt,
) -> Result<(RoundSheet, bool, Vec<RoomLink>), AppError> {
    let sheet = at.sheet(state).await?;
    let (locked, links) = round_rooms(state, at).await?;
    Ok((sheet, locked, links))
}

#[derive(Template)]
#[template(path = "director/table_links.html")]
struct LinksPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    enabled: bool,
    locked: bool,
    rooms: Vec<RoomLine>,
    /// Renewing was asked for: how many links (printed cards) it would end, to confirm.
    renew_asked: Option<usize>,
}

#[derive(serde::Deserialize)]
struct LinksQuery {
    renew: Option<String>,
}

async fn links_page(
    query: web::Query<LinksQuery>,
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let (sheet, locked, links) = round_with_rooms(&state, &at).await?;
    let round = at.round;
    let page = LinksPage {
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        tab: "table-links",
        round,
        enabled: sheet.settings.table.entry,
        locked,
        renew_asked: (query.renew.as_deref() == Some("ask")).then_some(links.len()),
        rooms: room_lines(&ctx, &crate::web::hall::site(&req), &sheet.settings, &links),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

#[derive(serde::Deserialize)]
struct LinksAction {
    action: String,
    /// `yes` once the director has confirmed renewing (every printed card stops working).
    confirm: Option<String>,
}

/// `POST`: `renew`, `lock` or `unlock`.
async fn links_action(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<LinksAction>,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let LinksAction { action, confirm } = form.into_inner();
    if action == "renew" && confirm.as_deref() != Some("yes") {
        return Ok(crate::web::page::redirect(
            &at.url("/table-links?renew=ask#renew"),
        ));
    }
    let (key, who) = (at.tour.slug.clone(), ctx.viewer.name());
    let flash = with_db(&state, move |conn| {
        let (found, flash) = match action.as_str() {
            "renew" => (
                tables::renew_links(conn, &key, round)?,
                "table-flash-renewed",
            ),
            "lock" => (
                tables::lock_round(conn, &key, (round, true), &who)?,
                "table-flash-locked",
            ),
            "unlock" => (
                tables::lock_round(conn, &key, (round, false), &who)?,
                "table-flash-unlocked",
            ),
            _ => return Err(AppError::bad_request(action)),
        };
        if found {
            Ok(flash)
        } else {
            Err(AppError::NotFound)
        }
    })
    .await?;
    Ok(redirect_with(&at.url("/table-links"), flash))
}

/// `POST /d/{slug}/rounds/{round}/release`: the director releases the round's results to
/// the public (a match that will not finish), or withholds them again.
async fn release_action(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<LinksAction>,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let (released, flash) = match form.into_inner().action.as_str() {
        "release" => (true, "release-flash-released"),
        "withhold" => (false, "release-flash-withheld"),
        other => return Err(AppError::bad_request(other)),
    };
    let (key, who) = (at.tour.slug.clone(), ctx.viewer.name());
    let found = with_db(&state, move |conn| {
        Ok(tables::release_round(conn, &key, (round, released), &who)?)
    })
    .await?;
    if !found {
        return Err(AppError::NotFound);
    }
    Ok(redirect_with(&at.url(""), flash))
}

/// `POST /d/{slug}/rounds/{round}/draw`: the director publishes the round's pairings, or
/// holds them back again while the round has no result (an audit row either way).
async fn draw_action(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<LinksAction>,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let published = match form.into_inner().action.as_str() {
        "publish" => true,
        "hold" => false,
        other => return Err(AppError::bad_request(other)),
    };
    let (key, who) = (at.tour.slug.clone(), ctx.viewer.name());
    let changed = with_db(&state, move |conn| {
        Ok(crate::db::rounds::publish_draw(
            conn, &key, round, published, &who,
        )?)
    })
    .await?
    .ok_or(AppError::NotFound)?;
    let flash = match (changed, published) {
        (true, true) => "draw-flash-published",
        (true, false) => "draw-flash-held",
        (false, true) => "draw-flash-already-published",
        (false, false) => "draw-flash-not-held",
    };
    Ok(redirect_with(&at.url(""), flash))
}

/// One printed card: a room, its seats and its link.
#[derive(Debug)]
struct Card {
    table: i32,
    room_label: String,
    ns: String,
    ew: String,
    url: String,
    qr: String,
}

#[derive(Template)]
#[template(path = "director/table_cards.html")]
struct CardsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    round: i32,
    cards: Vec<Card>,
    /// Each pair's slip: its room and seat, its team and its code.
    slips: Vec<Slip>,
}

/// One pair's code slip: good for one room of one round.
#[derive(Debug)]
struct Slip {
    table: i32,
    room_label: String,
    side_label: String,
    team: String,
    code: String,
    /// The team's public page (where it plays next, its clock and released results) and
    /// its QR code: the slip carries no code in the address.
    team_url: String,
    team_qr: String,
}

async fn cards_page(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let (sheet, _, links) = round_with_rooms(&state, &at).await?;
    let site =
        match crate::web::hall::printed_site(&req, &ctx, TourHead::of_settings(&sheet.settings)) {
            Ok(site) => site,
            Err(refused) => return refused.into_response(),
        };
    let cards = links
        .iter()
        .filter_map(|l| {
            let m = sheet.table(l.table)?;
            let url = format!("{site}/table/{}", l.token);
            let seat = |side| team_label(&sheet, tables::seated(m, l.room, side));
            Some(Card {
                table: l.table,
                room_label: ctx.t.t(&format!("entry-room-{}", l.room.code())),
                ns: seat(Side::NorthSouth),
                ew: seat(Side::EastWest),
                qr: crate::web::hall::qr_svg(&url),
                url,
            })
        })
        .collect();
    let slips = links
        .iter()
        .filter_map(|l| {
            let m = sheet.table(l.table)?;
            Some([Side::NorthSouth, Side::EastWest].map(|side| {
                let number = tables::seated(m, l.room, side);
                let team_url = format!("{site}/t/{}/teams/{number}", sheet.settings.slug);
                Slip {
                    table: l.table,
                    room_label: ctx.t.t(&format!("entry-room-{}", l.room.code())),
                    side_label: side_text(&ctx, side),
                    team: team_label(&sheet, number),
                    team_qr: crate::web::hall::qr_svg(&team_url),
                    team_url,
                    code: match side {
                        Side::NorthSouth => l.codes[0].clone(),
                        Side::EastWest => l.codes[1].clone(),
                    },
                }
            }))
        })
        .flatten()
        .collect();
    let page = CardsPage {
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        round: at.round,
        cards,
        slips,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

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
struct ReviewQuery {
    #[serde(default)]
    from: String,
}

/// The `{room}` of a room's path: `open` or `closed`.
#[derive(serde::Deserialize)]
struct RoomPath {
    room: String,
}

fn parse_room(text: &str) -> Result<Room, AppError> {
    text.parse::<Room>().map_err(|_| AppError::NotFound)
}

async fn room_page(
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
                    .map(|e| super::words::entry_words(t, e.figures()))
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

/// A side of the table in the director's words: North-South or East-West.
fn side_text(ctx: &Ctx, side: Side) -> String {
    crate::web::labels::side_label(&ctx.t, side)
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
struct JudgeForm {
    action: String,
    #[serde(default)]
    note: String,
}

/// `POST`: `approve`, or `reject` with a note.
async fn judge(
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
                super::super::error::text_refused(&ctx.t, &ctx.t.t("table-reject-note"), p)
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

/// `GET`: the round's blank score sheets as PDF, each with its room's link as a QR code and
/// as text (the public blank sheets have no links: the links are the director's to hand out).
async fn sheets_pdf(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    use crate::sheets::pdf::{self, Block};
    let round = at.round;
    let snap = at.tour.snapshot(&state).await?;
    let event = &snap.event;
    let (_, links) = round_rooms(&state, &at).await?;
    let site = match crate::web::hall::printed_site(&req, &ctx, TourHead::of(event)) {
        Ok(site) => site,
        Err(refused) => return refused.into_response(),
    };
    let words = ctx.t;
    let sheets = crate::sheets::score_sheets(event, round, false, &words);
    let caption = ctx.t.t("table-card-scan");
    let pages: Vec<pdf::SheetPage> = sheets
        .iter()
        .map(|s| {
            let mut page = pdf::score_sheet_page(s);
            if let Some(l) = links
                .iter()
                .find(|l| l.table == s.table && l.room == s.room)
            {
                let url = format!("{site}/table/{}", l.token);
                if let Ok(code) = qrcode::QrCode::new(url.as_bytes()) {
                    page.blocks.push(Block::Gap(0.6));
                    page.blocks.push(Block::Qr {
                        modules: code
                            .to_colors()
                            .into_iter()
                            .map(|c| c == qrcode::Color::Dark)
                            .collect(),
                        width: code.width(),
                        caption: caption.clone(),
                    });
                    page.blocks.push(Block::Text(url));
                }
            }
            page
        })
        .collect();
    let title = format!("{} · {}", event.settings.name, round);
    let lang = ctx.lang.code().to_owned();
    let bytes = web::block(move || pdf::render(&pages, &title, &lang))
        .await?
        .map_err(AppError::internal)?;
    Ok(HttpResponse::Ok()
        .insert_header(("Content-Type", "application/pdf"))
        .insert_header((
            "Content-Disposition",
            format!(
                "inline; filename=\"{}-round-{round}-table-sheets.pdf\"",
                at.tour.slug
            ),
        ))
        .body(bytes))
}
