//! The standings, `/t/{slug}/standings`, a page at a time for a large event.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::view::RoundStages;
use super::view::rules as rules_view;
use super::view::standings::{self, StandingRow};
use super::{live, pager, paging};
use crate::web::page::{Ctx, PageSnapshot, TourHead, render};
use crate::web::{AppError, AppState};

#[derive(Template)]
#[template(path = "public/standings.html")]
struct StandingsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    /// Which rounds are in progress, when any is: their matches do not count yet.
    provisional: Option<String>,
    tiebreaks: Vec<String>,
    score_label: String,
    rows: Vec<StandingRow>,
    last_round: Option<i32>,
    charts: Vec<crate::web::sheets::charts::ChartView>,
    /// The pages of a large event's standings; `None` when they fit on one.
    pager: Option<paging::Pager>,
}

pub(super) async fn standings(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, AppError> {
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let paging = paging::Paging::new(
        paging::Asked::of(&req)?,
        report.standings.len(),
        state.teams_per_page,
    )?;
    let base = format!("/t/{}/standings", event.settings.slug);
    let in_progress = RoundStages::of(event, report).in_progress();
    let page = StandingsPage {
        pager: pager(t, &paging, &base, "standings", paging::row_numbers),
        tour: TourHead::of(event),
        section: "standings",
        live: live(!in_progress.is_empty()),
        provisional: (!in_progress.is_empty()).then(|| {
            let rounds: Vec<String> = in_progress
                .iter()
                .map(|r| t.a("pub-round-n", "n", r))
                .collect();
            t.a(
                "pub-provisional",
                "rounds",
                rounds.join(&t.t("pub-list-separator")),
            )
        }),
        tiebreaks: rules_view::tiebreaks(&event.settings, t),
        score_label: rules_view::score_label(&event.settings, t),
        rows: standings::rows_of(event, &report.standings[paging.rows()]),
        last_round: event.rounds.iter().map(|r| r.number).max(),
        charts: crate::web::sheets::charts::race_chart(event, snap.after_each_played_round(), t)
            .into_iter()
            .collect(),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}
