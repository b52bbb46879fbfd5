//! The hall's shared pieces and its screen.
//!
//! - [`ClockView`]: a round's clock as a page shows it: "ends at 20:45" in the
//!   tournament's zone, readable without JavaScript; `static/js/hall.js` counts it down.
//! - `GET /t/{slug}/screen`: the page for a TV in the hall — large type, no navigation —
//!   that rotates the standings (a page of [`SCREEN_ROWS`] teams at a time), the current
//!   round's progress, its clock and the director's announcement. Built from the public
//!   snapshot like every public page (docs/rules.md §5): the clock and the announcement
//!   are the director's words, never a result.

use actix_web::HttpResponse;
use actix_web::web;
use askama::Template;
use chrono::NaiveDateTime;

use super::page::{Ctx, PageSnapshot, TourHead, render, with_db};
use super::public::view::standings::{self, StandingRow};
use super::public::view::{Stage, rules as rules_view};
use super::{AppError, AppState};
use crate::db::hall::HallNow;
use crate::rules::Settings;
use crate::rules::round_clock::RoundClock;

/// Teams on one page of the screen's standings.
pub const SCREEN_ROWS: usize = 10;

/// A round's clock as a page shows it.
#[derive(Clone, Debug)]
pub struct ClockView {
    pub round: i32,
    /// "Round 2 ends at 20:45" (or paused, with what is left).
    pub label: String,
    /// The end, UTC, for the countdown (`2026-12-05T12:45:00Z`); empty while paused.
    pub ends_utc: String,
    /// What is left when the page was made, `mm:ss`.
    pub left: String,
    pub paused: bool,
    /// What the countdown says at zero.
    pub over_text: String,
}

impl ClockView {
    /// The clock of round `round` for `table` (or the whole hall), as of `now`.
    pub fn of(
        t: &crate::i18n::Tr,
        settings: &Settings,
        round: i32,
        clock: &RoundClock,
        table: Option<i32>,
        now: NaiveDateTime,
    ) -> ClockView {
        let zone = crate::clock::of(settings);
        let ends = clock.ends_at(table, now);
        let left = clock.seconds_left(table, now);
        let left_text = format!("{}:{:02}", left / 60, left % 60);
        let extra = clock.extra_of(table);
        let label = if clock.paused() {
            t.args(
                "clock-paused",
                &[("round", round.into()), ("left", left_text.clone().into())],
            )
        } else if extra > 0 {
            t.args(
                "clock-ends-extra",
                &[
                    ("round", round.into()),
                    ("time", zone.hm(ends).into()),
                    ("minutes", extra.into()),
                ],
            )
        } else {
            t.args(
                "clock-ends",
                &[("round", round.into()), ("time", zone.hm(ends).into())],
            )
        };
        ClockView {
            round,
            label,
            ends_utc: if clock.paused() {
                String::new()
            } else {
                ends.format("%Y-%m-%dT%H:%M:%SZ").to_string()
            },
            left: left_text,
            paused: clock.paused(),
            over_text: t.a("clock-over", "round", round),
        }
    }
}

/// The clock and announcement of tournament `slug` as the hall shows them: the clock of
/// `round` (else of the current round) for `table`.
pub async fn hall_parts(
    ctx: &Ctx,
    state: &AppState,
    settings: &Settings,
    round: Option<i32>,
    table: Option<i32>,
) -> Result<(HallNow, Option<ClockView>, Option<String>), AppError> {
    let slug = settings.slug.clone();
    let now = with_db(state, move |conn| {
        Ok(crate::db::hall::hall_now(conn, &slug, round)?)
    })
    .await?;
    let at = crate::db::now();
    let clock = match (&now.clock, now.round) {
        (Some(c), Some(r)) => Some(ClockView::of(&ctx.t, settings, r, c, table, at)),
        _ => None,
    };
    let said = now.announcement.as_ref().map(|(body, _)| body.clone());
    Ok((now, clock, said))
}

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
pub async fn screen(
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
    let teams = super::public::view::Teams::of(event);
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
