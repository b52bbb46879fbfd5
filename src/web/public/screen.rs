//! `GET /t/{slug}/screen`: the page for a TV in the hall — large type, no navigation —
//! that rotates the standings (a page of [`SCREEN_ROWS`] teams at a time), the current
//! round's progress, its clock and the director's announcement. Built from the public
//! snapshot like every public page (docs/rules.md §5): the clock and the announcement are
//! the director's words, never a result.

use actix_web::HttpResponse;
use actix_web::web;
use askama::Template;

use super::view::standings::{self, StandingRow};
use super::view::{Stage, rules as rules_view};
use crate::web::clock_view::{ClockView, hall_parts};
use crate::web::page::{Ctx, PageSnapshot, TourHead, render};
use crate::web::{AppError, AppState};

/// Teams on one page of the screen's standings.
pub(crate) const SCREEN_ROWS: usize = 10;

/// One page of the standings on the screen.
struct StandingsPage {
    /// "Standings 11–20 of 24".
    title: String,
    rows: Vec<StandingRow>,
}

#[derive(Template)]
#[template(path = "public/screen.html")]
struct ScreenPage {
    ctx: Ctx,
    tour: TourHead,
    revision: i64,
    score_label: String,
    /// "Round 3" of the current round, if any.
    round_title: Option<String>,
    /// "5 of 8 matches complete".
    progress: Option<String>,
    /// Each table of the current round: its number, teams and state.
    tables: Vec<(i32, String, &'static str, String)>,
    clock: Option<ClockView>,
    announcement: Option<String>,
    pages: Vec<StandingsPage>,
}

/// `GET /t/{slug}/screen`: the hall's screen.
pub(super) async fn screen(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
) -> Result<HttpResponse, AppError> {
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let (now, clock, announcement) = hall_parts(&ctx, &state, &event.settings, None, None).await?;
    let rows = standings::standings(event, report);
    let total = rows.len();
    let pages = rows
        .chunks(SCREEN_ROWS)
        .enumerate()
        .map(|(i, chunk)| StandingsPage {
            title: t.args(
                "screen-standings-page",
                &[
                    ("from", (i * SCREEN_ROWS + 1).into()),
                    ("to", (i * SCREEN_ROWS + chunk.len()).into()),
                    ("count", total.into()),
                ],
            ),
            rows: chunk.to_vec(),
        })
        .collect();
    // The round's progress as the public sees it: released results only.
    let round = now
        .round
        .and_then(|n| event.rounds.iter().find(|r| r.number == n));
    let teams = super::view::Teams::of(event);
    let mut tables = Vec::new();
    let mut complete = 0;
    let mut playing = 0;
    if let Some(r) = round {
        for m in r.matches.iter().filter(|m| m.away.is_some()) {
            let stage = report
                .match_at(r.number, m.table)
                .map_or(Stage::NotStarted, |x| Stage::of_match(&x.figures));
            playing += 1;
            if stage == Stage::Complete {
                complete += 1;
            }
            let names = format!(
                "{} – {}",
                teams.link(m.home).name,
                m.away.map(|a| teams.link(a).name).unwrap_or_default()
            );
            tables.push((
                m.table,
                names,
                stage.code(),
                t.t(&format!("pub-status-{}", stage.code())),
            ));
        }
    }
    let page = ScreenPage {
        tour: TourHead::of(event),
        revision: snap.revision,
        score_label: rules_view::score_label(&event.settings, t),
        round_title: round.map(|r| t.a("round-title", "round", r.number)),
        progress: round.map(|_| {
            t.args(
                "screen-progress",
                &[("done", complete.into()), ("count", playing.into())],
            )
        }),
        tables,
        clock,
        announcement,
        pages,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}
