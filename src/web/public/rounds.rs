//! The rounds (`/t/{slug}/rounds`), one round with its boards and matches a page at a time
//! (`/t/{slug}/rounds/{n}`), and one match with both rooms (`…/tables/{t}`).

use actix_web::{HttpResponse, web};
use askama::Template;

use super::view::matches::{self, BoardLine, MatchDetail, MatchLine};
use super::view::rules as rules_view;
use super::view::standings::{self, RoundLine};
use super::view::{RoundStages, Stage, StatusView};
use super::{live, matches_per_page, pager, paging};
use crate::web::page::{Ctx, PageSnapshot, TourHead, path_number, render};
use crate::web::{AppError, AppState};

#[derive(Template)]
#[template(path = "public/rounds.html")]
struct RoundsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    rounds: Vec<RoundLine>,
}

pub(super) async fn rounds(ctx: Ctx, snap: PageSnapshot) -> Result<HttpResponse, AppError> {
    let (event, report) = (&snap.event, &snap.report);
    let stages = RoundStages::of(event, report);
    let page = RoundsPage {
        tour: TourHead::of(event),
        section: "rounds",
        live: live(!stages.in_progress().is_empty()),
        rounds: standings::round_lines(event, report, &stages, &ctx.t),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

#[derive(Template)]
#[template(path = "public/round.html")]
struct RoundPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    number: i32,
    status: StatusView,
    previous: Option<i32>,
    next: Option<i32>,
    score_label: String,
    boards: Vec<BoardLine>,
    matches: Vec<MatchLine>,
    /// Why the generated matches were paired, and what was recorded about the round.
    explained: Vec<crate::web::pairing_words::ExplanationLine>,
    notes: Vec<String>,
    /// The zone the notes' times are in, said once.
    times_in: String,
    /// Provisional or final (docs/rules.md §5), once the round has results.
    finality: Option<String>,
    /// The pages of a large round's matches; `None` when they fit on one.
    pager: Option<paging::Pager>,
}

pub(super) async fn round(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, AppError> {
    let number = path_number(&path.1)?;
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let index = event
        .rounds
        .iter()
        .position(|r| r.number == number)
        .ok_or_else(AppError::not_found)?;
    let (matches, pager) = round_matches(&ctx, &snap, number, &req, state.teams_per_page)?;
    let stage = RoundStages::of(event, report).get(number);
    let key = event.settings.slug.clone();
    let record = crate::web::page::with_db(&state, move |conn| {
        Ok(crate::db::schedule::load_round_record(conn, &key, number)?)
    })
    .await?
    .unwrap_or_default();
    // A round without matches in the snapshot has no public draw yet: nothing recorded
    // about its pairing is shown either. A page of matches explains its own tables.
    let drawn = !event.rounds[index].matches.is_empty();
    let page = RoundPage {
        explained: if drawn {
            let shown: Option<std::collections::HashSet<i32>> = pager
                .is_some()
                .then(|| matches.iter().map(|m| m.table).collect());
            crate::web::pairing_words::recorded_lines(
                t,
                event,
                (number, shown.as_ref()),
                &record,
                || snap.ranks_before(number),
            )
        } else {
            Vec::new()
        },
        notes: crate::web::pairing_words::note_texts(
            t,
            &crate::clock::of(&event.settings),
            &record,
        ),
        times_in: crate::clock::times_in(t, &crate::clock::of(&event.settings)),
        tour: TourHead::of(event),
        section: "rounds",
        live: live(stage == Stage::InProgress),
        number,
        status: StatusView::of_round(t, stage),
        previous: index
            .checked_sub(1)
            .and_then(|i| event.rounds.get(i))
            .map(|r| r.number),
        next: event.rounds.get(index + 1).map(|r| r.number),
        score_label: rules_view::score_label(&event.settings, t),
        boards: event.rounds[index]
            .boards
            .iter()
            .map(|b| BoardLine::of(b, t))
            .collect(),
        matches,
        pager,
        finality: crate::web::labels::finality_line(&snap, number, None, t),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

/// The matches of round `number` on the page the request asks for, and the links between
/// the pages when there are several (each named by its tables).
fn round_matches(
    ctx: &Ctx,
    snap: &crate::web::live::Snapshot,
    number: i32,
    req: &actix_web::HttpRequest,
    teams_per_page: usize,
) -> Result<(Vec<MatchLine>, Option<paging::Pager>), AppError> {
    let all = matches::match_lines(&snap.event, &snap.report, number, &ctx.t);
    let paging = paging::Paging::new(
        paging::Asked::of(req)?,
        all.len(),
        matches_per_page(teams_per_page),
    )?;
    let base = format!("/t/{}/rounds/{number}", snap.event.settings.slug);
    let tables = |rows: std::ops::Range<usize>| match (
        all.get(rows.start),
        rows.end.checked_sub(1).and_then(|l| all.get(l)),
    ) {
        (Some(first), Some(last)) => format!("{}–{}", first.table, last.table),
        _ => String::new(),
    };
    let pager = pager(&ctx.t, &paging, &base, "matches", tables);
    let rows = paging.rows();
    let shown = all.into_iter().skip(rows.start).take(rows.len()).collect();
    Ok((shown, pager))
}

#[derive(Template)]
#[template(path = "public/match.html")]
struct MatchPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    score_label: String,
    previous: Option<i32>,
    next: Option<i32>,
    detail: MatchDetail,
    /// Provisional or final, once the match has results.
    finality: Option<String>,
}

pub(super) async fn table(
    ctx: Ctx,
    snap: PageSnapshot,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (round, table) = (path_number(&path.1)?, path_number(&path.2)?);
    let (event, report) = (&snap.event, &snap.report);
    let r = event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .ok_or_else(AppError::not_found)?;
    let index = r
        .matches
        .iter()
        .position(|m| m.table == table)
        .ok_or_else(AppError::not_found)?;
    let figures = report
        .matches
        .iter()
        .find(|m| m.round == round && m.table == table)
        .ok_or_else(AppError::not_found)?;
    let awaits = |room| snap.play.awaits_approval(round, table, room);
    let detail = MatchDetail::of(event, &r.boards, &r.matches[index], figures, awaits, &ctx.t);
    let stages = RoundStages::of(event, report);
    let page = MatchPage {
        tour: TourHead::of(event),
        section: "rounds",
        live: live(stages.awaits(round, detail.stage)),
        score_label: rules_view::score_label(&event.settings, &ctx.t),
        previous: index
            .checked_sub(1)
            .and_then(|i| r.matches.get(i))
            .map(|m| m.table),
        next: r.matches.get(index + 1).map(|m| m.table),
        finality: crate::web::labels::finality_line(&snap, round, Some(table), &ctx.t),
        detail,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}
