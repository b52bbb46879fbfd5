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

pub mod charts;

use std::borrow::Borrow;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::page::{Ctx, TourHead, page_snapshot, render, with_db};
use super::{AppError, AppState};
use std::sync::Arc;

use super::live::Snapshot;
use crate::rules::{Event, Room, TeamNo};
use crate::sheets::{self, MatchSheet, ScoreSheet, StandingsSheet, TeamCard, Word, Words};

pub fn configure(cfg: &mut web::ServiceConfig) {
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

/// A number in a path: digits only, else there is no such page.
fn number(text: &str) -> Result<i32, AppError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AppError::not_found());
    }
    text.parse().map_err(|_| AppError::not_found())
}

/// The round `n` of the event, or 404.
fn known_round(event: &Event, n: &str) -> Result<i32, AppError> {
    let n = number(n)?;
    event
        .rounds
        .iter()
        .any(|r| r.number == n)
        .then_some(n)
        .ok_or_else(AppError::not_found)
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
pub struct SheetsQuery {
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
        let t = number(t)?;
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
fn pdf_response(bytes: Vec<u8>, file_name: &str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/pdf"))
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
async fn pdf<F>(state: &AppState, work: F) -> Result<Vec<u8>, AppError>
where
    F: FnOnce() -> Option<Result<Vec<u8>, sheets::pdf::PdfError>> + Send + 'static,
{
    let Some(_turn) = state.live.pdf_turn().await else {
        return Err(AppError::Busy);
    };
    web::block(work)
        .await?
        .ok_or_else(AppError::not_found)?
        .map_err(|e| AppError::Internal(e.to_string()))
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

/// The room links of a round as QR codes, when the reader directs the tournament.
async fn table_links(
    req: &actix_web::HttpRequest,
    ctx: &Ctx,
    state: &AppState,
    slug: &str,
    round: i32,
) -> Result<std::collections::HashMap<(i32, &'static str), (String, String)>, AppError> {
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
    let site = super::director::site(req);
    Ok(links
        .map(|(_, links)| {
            links
                .into_iter()
                .map(|l| {
                    let url = format!("{site}/table/{}", l.token);
                    (
                        (l.table, l.room.code()),
                        (super::director::qr_svg(&url), url),
                    )
                })
                .collect()
        })
        .unwrap_or_default())
}

async fn round_sheets(
    req: actix_web::HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    query: web::Query<SheetsQuery>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let snap = page_snapshot(&ctx, &state, &slug).await?;
    let event = &snap.event;
    let round = known_round(event, &round)?;
    let blank = query.blank();
    let table = query.table(event, round)?;
    let words = ctx.t;
    let links = if blank && event.settings.table.entry {
        table_links(&req, &ctx, &state, &slug, round).await?
    } else {
        Default::default()
    };
    let page = RoundSheetsPage {
        links,
        tour: TourHead::of(event),
        section: "rounds",
        round,
        blank,
        table,
        separator: ctx.t.t("pub-list-separator"),
        sheets: sheets::score_sheets(event, round, !blank, &words)
            .into_iter()
            .filter(|s| table.is_none_or(|t| s.table == t))
            .collect(),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

async fn round_sheets_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    query: web::Query<SheetsQuery>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let snap = page_snapshot(&ctx, &state, &slug).await?;
    let event = &snap.event;
    let round = known_round(event, &round)?;
    let blank = query.blank();
    let table = query.table(event, round)?;
    let words = ctx.t;
    let slug = event.settings.slug.clone();
    let shared = snap.clone();
    let bytes = pdf(&state, move || {
        let event = &shared.event;
        Some(match table {
            None => sheets::round_pdf(event, round, !blank, &words),
            Some(t) => {
                let pages: Vec<sheets::pdf::SheetPage> = Room::BOTH
                    .into_iter()
                    .filter_map(|room| sheets::score_sheet(event, round, t, room, !blank, &words))
                    .map(|s| sheets::pdf::score_sheet_page(&s))
                    .collect();
                let title = format!(
                    "{} · {} {round}-{t}",
                    event.settings.name,
                    words.word(Word::ScoreSheet)
                );
                sheets::pdf::render(&pages, &title, words.language())
            }
        })
    })
    .await?;
    let table_part = table.map(|t| format!("-table-{t}")).unwrap_or_default();
    let blank_part = if blank { "-blank" } else { "" };
    let name = format!("{slug}-round-{round}{table_part}{blank_part}.pdf");
    Ok(pdf_response(bytes, &name))
}

#[derive(Template)]
#[template(path = "sheets/match.html")]
struct MatchSheetPage {
    back_href: String,
    back_label: String,
    pdf_href: String,
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    separator: String,
    sheet: MatchSheet,
}

/// The round and table of a path, and the match sheet's event and report; 404 for an
/// unknown match or a bye.
async fn match_of(
    ctx: &Ctx,
    state: &AppState,
    path: (String, String, String),
) -> Result<(Arc<Snapshot>, i32, i32), AppError> {
    let (slug, round, table) = path;
    let (round, table) = (number(&round)?, number(&table)?);
    let snap = page_snapshot(ctx, state, &slug).await?;
    if !is_match(&snap.event, round, table) {
        return Err(AppError::not_found());
    }
    Ok((snap, round, table))
}

impl MatchSheetPage {
    fn sides(&self) -> [&sheets::SheetSide; 2] {
        [&self.sheet.home, &self.sheet.away]
    }
}

async fn match_sheet(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (snap, round, table) = match_of(&ctx, &state, path.into_inner()).await?;
    let (event, report) = (&snap.event, &snap.report);
    let sheet =
        sheets::match_sheet(event, report, round, table, &ctx.t).ok_or_else(AppError::not_found)?;
    let page = MatchSheetPage {
        back_href: format!("/t/{}/rounds/{round}/tables/{table}", event.settings.slug),
        back_label: ctx.t.t("sheets-page-back-match"),
        pdf_href: format!(
            "/t/{}/rounds/{round}/tables/{table}/sheet.pdf",
            event.settings.slug
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
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (snap, round, table) = match_of(&ctx, &state, path.into_inner()).await?;
    let event = &snap.event;
    let words = ctx.t;
    let name = format!("{}-match-{round}-{table}.pdf", event.settings.slug);
    let shared = snap.clone();
    let bytes = pdf(&state, move || {
        sheets::match_pdf(&shared.event, &shared.report, round, table, &words)
    })
    .await?;
    Ok(pdf_response(bytes, &name))
}

#[derive(Template)]
#[template(path = "sheets/card.html")]
struct TeamCardPage {
    back_href: String,
    back_label: String,
    pdf_href: String,
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    separator: String,
    card: TeamCard,
}

async fn team_card(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, team) = path.into_inner();
    let team = TeamNo(number(&team)?);
    let snap = page_snapshot(&ctx, &state, &slug).await?;
    let (event, report) = (&snap.event, &snap.report);
    let card = sheets::team_card(event, report, team, &ctx.t).ok_or_else(AppError::not_found)?;
    let page = TeamCardPage {
        back_href: format!("/t/{}/teams/{team}", event.settings.slug),
        back_label: ctx.t.t("sheets-page-back-team"),
        pdf_href: format!("/t/{}/teams/{team}/card.pdf", event.settings.slug),
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
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, team) = path.into_inner();
    let team = TeamNo(number(&team)?);
    let snap = page_snapshot(&ctx, &state, &slug).await?;
    let event = &snap.event;
    event.team(team).ok_or_else(AppError::not_found)?;
    let words = ctx.t;
    let name = format!("{}-team-{team}.pdf", event.settings.slug);
    let shared = snap.clone();
    let bytes = pdf(&state, move || {
        sheets::team_pdf(&shared.event, &shared.report, team, &words)
    })
    .await?;
    Ok(pdf_response(bytes, &name))
}

#[derive(Template)]
#[template(path = "sheets/wall.html")]
struct WallPage {
    back_href: String,
    back_label: String,
    pdf_href: String,
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

async fn wall(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let snap = page_snapshot(&ctx, &state, &slug).await?;
    let event = &snap.event;
    let round = known_round(event, &round)?;
    let sheet = sheets::standings_sheet(event, Some(round), &ctx.t);
    let page = WallPage {
        back_href: format!("/t/{}/rounds/{round}", event.settings.slug),
        back_label: ctx.t.a("sheets-page-back-round", "n", round),
        pdf_href: format!("/t/{}/rounds/{round}/wall.pdf", event.settings.slug),
        tour: TourHead::of(event),
        section: "standings",
        sheet,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

async fn wall_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let snap = page_snapshot(&ctx, &state, &slug).await?;
    let event = &snap.event;
    let round = known_round(event, &round)?;
    let words = ctx.t;
    let name = format!("{}-standings-{round}.pdf", event.settings.slug);
    let shared = snap.clone();
    let bytes = pdf(&state, move || {
        Some(sheets::standings_pdf(&shared.event, Some(round), &words))
    })
    .await?;
    Ok(pdf_response(bytes, &name))
}

async fn standings_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let snap = page_snapshot(&ctx, &state, &slug).await?;
    let event = &snap.event;
    let words = ctx.t;
    let name = format!("{}-standings.pdf", event.settings.slug);
    let shared = snap.clone();
    let bytes = pdf(&state, move || {
        Some(sheets::standings_pdf(&shared.event, None, &words))
    })
    .await?;
    Ok(pdf_response(bytes, &name))
}
