//! Printable sheets (docs/rules.md §10) on the web, public and read only, and the charts of the
//! public pages ([`charts`]).
//!
//! - `/t/{slug}/rounds/{n}/sheets` every score sheet of round n, filled (`?blank=1`: blank),
//!   a page per match and room when printed; `…/sheets.pdf` the same as a PDF
//! - `/t/{slug}/rounds/{n}/tables/{t}/sheet` the match sheet; `…/sheet.pdf`
//! - `/t/{slug}/teams/{no}/card` the team card; `…/card.pdf`
//! - `/t/{slug}/rounds/{n}/wall` the round's results and the standings after it, for the
//!   wall; `…/wall.pdf`; `/t/{slug}/standings.pdf` the same after the last round
//!
//! One HTML view per sheet, styled for the screen and for `@media print`
//! (`static/css/print.css`); the PDF is drawn by [`crate::sheets`] from the same content
//! structs, on the blocking thread pool. The words come from Fluent in the reader's language
//! (`locales/*/sheets.ftl`), as they do for the command line.

pub(crate) mod charts;

use std::borrow::Borrow;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::page::{Ctx, PageSnapshot, TourHead, path_number, render, with_db};
use super::{AppError, AppState};
use std::sync::Arc;

use super::live::Snapshot;
use crate::i18n::Tr;
use crate::rules::{Event, Room, TeamNo};
use crate::sheets::{self, MatchSheet, ScoreSheet, StandingsSheet, TeamCard};

pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/t/{slug}/rounds/{round}/sheets",
        web::get().to(round_sheets),
    )
    .route(
        "/t/{slug}/rounds/{round}/sheets.pdf",
        web::get().to(round_sheets_pdf),
    )
    .route(
        "/t/{slug}/rounds/{round}/tables/{table}/sheet",
        web::get().to(match_sheet),
    )
    .route(
        "/t/{slug}/rounds/{round}/tables/{table}/sheet.pdf",
        web::get().to(match_sheet_pdf),
    )
    .route("/t/{slug}/teams/{team}/card", web::get().to(team_card))
    .route(
        "/t/{slug}/teams/{team}/card.pdf",
        web::get().to(team_card_pdf),
    )
    .route("/t/{slug}/rounds/{round}/wall", web::get().to(wall))
    .route("/t/{slug}/rounds/{round}/wall.pdf", web::get().to(wall_pdf))
    .route("/t/{slug}/standings.pdf", web::get().to(standings_pdf));
}

/// The snapshot and round `{round}` of a sheet's path; 404 when the event has no such round.
fn round_of(snap: PageSnapshot, round: &str) -> Result<(Arc<Snapshot>, i32), AppError> {
    let round = path_number(round)?;
    if !snap.event.rounds.iter().any(|r| r.number == round) {
        return Err(AppError::not_found());
    }
    Ok((snap.0, round))
}

/// Whether table `table` of round `round` is a match (not a bye, not missing).
fn is_match(event: &Event, round: i32, table: i32) -> bool {
    event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .and_then(|r| r.matches.iter().find(|m| m.table == table))
        .is_some_and(|m| m.away.is_some())
}

/// `?blank=1` for blank score sheets, `?table=T` for one match's sheets only.
#[derive(serde::Deserialize)]
pub(crate) struct SheetsQuery {
    blank: Option<String>,
    table: Option<String>,
}

impl SheetsQuery {
    fn blank(&self) -> bool {
        self.blank
            .as_deref()
            .is_some_and(|b| b == "1" || b == "true")
    }

    /// The one table asked for, which must be a match of the round; `None`: every table.
    fn table(&self, event: &Event, round: i32) -> Result<Option<i32>, AppError> {
        let Some(t) = self.table.as_deref() else {
            return Ok(None);
        };
        let t = path_number(t)?;
        if is_match(event, round, t) {
            Ok(Some(t))
        } else {
            Err(AppError::not_found())
        }
    }
}

/// The query string of a score sheets link.
fn sheets_query(blank: bool, table: Option<i32>) -> String {
    match (blank, table) {
        (false, None) => String::new(),
        (true, None) => "?blank=1".to_owned(),
        (false, Some(t)) => format!("?table={t}"),
        (true, Some(t)) => format!("?blank=1&table={t}"),
    }
}

/// A PDF shown in the browser, with a file name to save it under.
pub(crate) fn pdf_response(bytes: Vec<u8>, file_name: &str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/pdf"))
        // Its streams are compressed already: the Compress middleware leaves it.
        .insert_header((header::CONTENT_ENCODING, header::ContentEncoding::Identity))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("inline; filename=\"{file_name}\""),
        ))
        .body(bytes)
}

/// Draws a PDF on the blocking thread pool, when one of the limited turns is free: a
/// request that waits longer than the configured time is answered 503 with Retry-After
/// (the page cache keeps each drawn PDF for its revision, so a busy server draws each one
/// once).
pub(crate) async fn pdf<F>(state: &AppState, work: F) -> Result<Vec<u8>, AppError>
where
    F: FnOnce() -> Result<Vec<u8>, sheets::pdf::PdfError> + Send + 'static,
{
    let Some(_turn) = state.live.pdf_turn().await else {
        return Err(AppError::Busy);
    };
    web::block(work).await?.map_err(AppError::internal)
}

// ---------------------------------------------------------------------------------------

#[derive(Template)]
#[template(path = "sheets/round.html")]
struct RoundSheetsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    round: i32,
    blank: bool,
    /// Only this table's sheets, or every table's.
    table: Option<i32>,
    separator: String,
    sheets: Vec<ScoreSheet>,
    /// Each room's table link as (QR SVG, address): on blank sheets, for the director only
    /// (the links are secret; the sheets are public).
    links: std::collections::HashMap<(i32, &'static str), (String, String)>,
    /// The links were left off: this loopback address is all the page knows
    /// ([`crate::web::hall`]).
    links_withheld: Option<String>,
}

impl RoundSheetsPage {
    fn link(&self, table: &i32, room: &Room) -> Option<&(String, String)> {
        self.links.get(&(*table, room.code()))
    }

    fn room_class(&self, room: impl Borrow<Room>) -> &'static str {
        match room.borrow() {
            Room::Open => "room-open",
            Room::Closed => "room-closed",
        }
    }

    /// The query of a link to the same sheets, blank or filled.
    fn query(&self, blank: impl Borrow<bool>) -> String {
        sheets_query(*blank.borrow(), self.table)
    }
}

/// The room links of a round as QR codes, when the reader directs the tournament; none,
/// and the address, when that address reaches this machine only.
type RoomLinks = (
    std::collections::HashMap<(i32, &'static str), (String, String)>,
    Option<String>,
);

async fn table_links(
    req: &actix_web::HttpRequest,
    ctx: &Ctx,
    state: &AppState,
    slug: &str,
    round: i32,
) -> Result<RoomLinks, AppError> {
    let Some(user) = ctx.viewer.user.clone() else {
        return Ok(Default::default());
    };
    let key = slug.to_owned();
    let links = with_db(state, move |conn| {
        let gate = crate::db::accounts::gate(conn, &key, Some(user.id))?;
        let directs = user.role == crate::db::accounts::Role::Admin
            || gate.is_some_and(|g| g.access == Some(crate::db::accounts::Access::Director));
        if !directs {
            return Ok(None);
        }
        Ok(crate::db::table::round_links(conn, &key, round)?)
    })
    .await?;
    let site = super::hall::site(req);
    if links.is_some() && crate::web::hall::is_loopback(&site) {
        return Ok((Default::default(), Some(site)));
    }
    let links = links
        .map(|(_, links)| {
            links
                .into_iter()
                .map(|l| {
                    let url = format!("{site}/table/{}", l.token);
                    ((l.table, l.room.code()), (super::hall::qr_svg(&url), url))
                })
                .collect()
        })
        .unwrap_or_default();
    Ok((links, None))
}

/// The score sheets a path and query ask for: round `{round}`'s, blank or filled, of every
/// table or one; the page and the PDF show the same sheets.
struct RoundSheets {
    snap: Arc<Snapshot>,
    round: i32,
    blank: bool,
    table: Option<i32>,
    sheets: Vec<ScoreSheet>,
}

impl RoundSheets {
    fn of(
        ctx: &Ctx,
        snap: PageSnapshot,
        round: &str,
        query: &SheetsQuery,
    ) -> Result<RoundSheets, AppError> {
        let (snap, round) = round_of(snap, round)?;
        let blank = query.blank();
        let table = query.table(&snap.event, round)?;
        let mark = ctx.t.t("pub-provisional-mark");
        let sheets = sheets::score_sheets(&snap.event, round, !blank, &ctx.t)
            .into_iter()
            .filter(|s| table.is_none_or(|t| s.table == t))
            .map(|mut s| {
                // A filled sheet of a room waiting for the director's approval says so by
                // its room (docs/rules.md §5).
                if !blank && snap.play.awaits_approval(round, s.table, s.room) {
                    s.mark(&mark);
                }
                s
            })
            .collect();
        Ok(RoundSheets {
            snap,
            round,
            blank,
            table,
            sheets,
        })
    }
}

async fn round_sheets(
    req: actix_web::HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
    query: web::Query<SheetsQuery>,
) -> Result<HttpResponse, AppError> {
    let asked = RoundSheets::of(&ctx, snap, &path.1, &query)?;
    let (event, round, blank) = (&asked.snap.event, asked.round, asked.blank);
    let (links, links_withheld) = if blank && event.settings.table.entry {
        table_links(&req, &ctx, &state, &event.settings.slug, round).await?
    } else {
        Default::default()
    };
    let page = RoundSheetsPage {
        links,
        links_withheld,
        tour: TourHead::of(event),
        section: "rounds",
        round,
        blank,
        table: asked.table,
        separator: ctx.t.t("pub-list-separator"),
        sheets: asked.sheets,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

async fn round_sheets_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
    query: web::Query<SheetsQuery>,
) -> Result<HttpResponse, AppError> {
    let RoundSheets {
        snap,
        round,
        blank,
        table,
        sheets,
    } = RoundSheets::of(&ctx, snap, &path.1, &query)?;
    let settings = &snap.event.settings;
    let table_part = table.map(|t| format!("-table-{t}")).unwrap_or_default();
    let blank_part = if blank { "-blank" } else { "" };
    let name = format!(
        "{}-round-{round}{table_part}{blank_part}.pdf",
        settings.slug
    );
    let event_name = settings.name.clone();
    pdf_file(&ctx, &state, &name, move |words| {
        sheets::score_sheets_pdf(&event_name, round, table, &sheets, words)
    })
    .await
}

/// The screen-only bar of a sheet (`sheets/tools.html`): back to the page the sheet is of,
/// and its PDF.
struct SheetTools {
    back_href: String,
    back_label: String,
    pdf_href: String,
}

impl SheetTools {
    /// Back to `page`, labelled `back_label`; the PDF at `page` and `pdf_tail`.
    fn new(page: String, back_label: String, pdf_tail: &str) -> SheetTools {
        SheetTools {
            pdf_href: format!("{page}{pdf_tail}"),
            back_href: page,
            back_label,
        }
    }
}

/// Draws a sheet's PDF in the reader's language and answers it as `file_name`.
async fn pdf_file<F>(
    ctx: &Ctx,
    state: &AppState,
    file_name: &str,
    draw: F,
) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&Tr) -> Result<Vec<u8>, sheets::pdf::PdfError> + Send + 'static,
{
    let words = ctx.t;
    let bytes = pdf(state, move || draw(&words)).await?;
    Ok(pdf_response(bytes, file_name))
}

#[derive(Template)]
#[template(path = "sheets/match.html")]
struct MatchSheetPage {
    tools: SheetTools,
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    separator: String,
    sheet: MatchSheet,
}

/// The match sheet of a path's round and table, with the snapshot it was built from; 404
/// for an unknown match or a bye.
fn match_sheet_of(
    ctx: &Ctx,
    snap: PageSnapshot,
    (_, round, table): &(String, String, String),
) -> Result<(Arc<Snapshot>, MatchSheet), AppError> {
    let (round, table) = (path_number(round)?, path_number(table)?);
    let snap = snap.0;
    let mut sheet = sheets::match_sheet(&snap.event, &snap.report, round, table, &ctx.t)
        .ok_or_else(AppError::not_found)?;
    // Rooms confirmed at the table and waiting for the director's approval are marked
    // provisional, and the sheet says whether the match's results are provisional or final
    // (docs/rules.md §5), as the match page does.
    let mark = ctx.t.t("pub-provisional-mark");
    for room in Room::BOTH {
        if snap.play.awaits_approval(round, table, room) {
            sheet.mark_room(room, &mark);
        }
    }
    sheet.notes.extend(super::labels::finality_line(
        &snap,
        round,
        Some(table),
        &ctx.t,
    ));
    Ok((snap, sheet))
}

impl MatchSheetPage {
    fn sides(&self) -> [&sheets::SheetSide; 2] {
        [&self.sheet.home, &self.sheet.away]
    }
}

async fn match_sheet(
    ctx: Ctx,
    snap: PageSnapshot,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (snap, sheet) = match_sheet_of(&ctx, snap, &path)?;
    let event = &snap.event;
    let page = MatchSheetPage {
        tools: SheetTools::new(
            format!(
                "/t/{}/rounds/{}/tables/{}",
                event.settings.slug, sheet.round, sheet.table
            ),
            ctx.t.t("sheets-page-back-match"),
            "/sheet.pdf",
        ),
        tour: TourHead::of(event),
        section: "rounds",
        separator: ctx.t.t("pub-list-separator"),
        sheet,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

async fn match_sheet_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (snap, sheet) = match_sheet_of(&ctx, snap, &path)?;
    let name = format!(
        "{}-match-{}-{}.pdf",
        snap.event.settings.slug, sheet.round, sheet.table
    );
    pdf_file(&ctx, &state, &name, move |words| {
        sheets::match_sheet_pdf(&sheet, words)
    })
    .await
}

#[derive(Template)]
#[template(path = "sheets/card.html")]
struct TeamCardPage {
    tools: SheetTools,
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    separator: String,
    card: TeamCard,
}

/// The team card of a path's `{team}`, with the snapshot it was built from; 404 for an
/// unknown team.
fn team_card_of(
    ctx: &Ctx,
    snap: PageSnapshot,
    team: &str,
) -> Result<(Arc<Snapshot>, TeamCard), AppError> {
    let (snap, team) = (snap.0, path_number(team)?);
    let card = sheets::team_card(&snap.event, &snap.report, TeamNo(team), &ctx.t)
        .ok_or_else(AppError::not_found)?;
    Ok((snap, card))
}

async fn team_card(
    ctx: Ctx,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (snap, card) = team_card_of(&ctx, snap, &path.1)?;
    let event = &snap.event;
    let page = TeamCardPage {
        tools: SheetTools::new(
            format!("/t/{}/teams/{}", event.settings.slug, card.team_no),
            ctx.t.t("sheets-page-back-team"),
            "/card.pdf",
        ),
        tour: TourHead::of(event),
        section: "teams",
        separator: ctx.t.t("pub-list-separator"),
        card,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

async fn team_card_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (snap, card) = team_card_of(&ctx, snap, &path.1)?;
    let name = format!("{}-team-{}.pdf", snap.event.settings.slug, card.team_no);
    pdf_file(&ctx, &state, &name, move |words| {
        sheets::team_card_pdf(&card, words)
    })
    .await
}

#[derive(Template)]
#[template(path = "sheets/wall.html")]
struct WallPage {
    tools: SheetTools,
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    sheet: StandingsSheet,
}

/// Up to this many teams the wall is printed in extra large type.
const WALL_LARGE: usize = 20;

impl WallPage {
    /// `wall-large` when few teams leave room for larger type on the page.
    fn size_class(&self) -> &'static str {
        if self.sheet.lines.len() <= WALL_LARGE {
            "wall-large"
        } else {
            ""
        }
    }

    /// The class of a column: numbers right-aligned, the team's name wide.
    fn column_class(&self, i: impl Borrow<usize>) -> &'static str {
        match i.borrow() {
            2 | 3 => "text",
            _ => "num",
        }
    }
}

/// The results and standings after a path's `{round}`, or after the last round (`None`),
/// with the snapshot they were built from and the round asked for; 404 for an unknown
/// round.
fn standings_sheet_of(
    ctx: &Ctx,
    snap: PageSnapshot,
    round: Option<&str>,
) -> Result<(Arc<Snapshot>, Option<i32>, StandingsSheet), AppError> {
    let (snap, round) = match round {
        Some(round) => {
            let (snap, round) = round_of(snap, round)?;
            (snap, Some(round))
        }
        None => (snap.0, None),
    };
    let sheet = sheets::standings_sheet(&snap.event, round, &ctx.t);
    Ok((snap, round, sheet))
}

async fn wall(
    ctx: Ctx,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (snap, round, sheet) = standings_sheet_of(&ctx, snap, Some(&path.1))?;
    let event = &snap.event;
    let round = round.unwrap_or_default();
    let page = WallPage {
        tools: SheetTools::new(
            format!("/t/{}/rounds/{round}", event.settings.slug),
            ctx.t.a("sheets-page-back-round", "n", round),
            "/wall.pdf",
        ),
        tour: TourHead::of(event),
        section: "standings",
        sheet,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

/// The standings sheet as a PDF: after `{round}` (`/rounds/{round}/wall.pdf`), or after
/// the last round (`/standings.pdf`).
async fn standings_sheet_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    round: Option<&str>,
) -> Result<HttpResponse, AppError> {
    let (snap, round, sheet) = standings_sheet_of(&ctx, snap, round)?;
    let round_part = round.map(|r| format!("-{r}")).unwrap_or_default();
    let name = format!("{}-standings{round_part}.pdf", snap.event.settings.slug);
    pdf_file(&ctx, &state, &name, move |words| {
        sheets::standings_sheet_pdf(&sheet, words)
    })
    .await
}

async fn wall_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    standings_sheet_pdf(ctx, state, snap, Some(&path.1)).await
}

async fn standings_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
) -> Result<HttpResponse, AppError> {
    standings_sheet_pdf(ctx, state, snap, None).await
}
