//! The overview, `/t/{slug}`: rules, tie-breaks, rounds, the top of the standings,
//! downloads and the deals' commitments.

use actix_web::HttpResponse;
use askama::Template;

use super::live;
use super::view::RoundStages;
use super::view::rules::{self as rules_view, RulesSummary};
use super::view::standings::{self, RoundLine, StandingRow};
use crate::archive;
use crate::web::AppError;
use crate::web::page::{Ctx, PageSnapshot, TourHead, render};

/// A download in the overview's list.
struct Download {
    file: &'static str,
    label: String,
}

#[derive(Template)]
#[template(path = "public/overview.html")]
struct OverviewPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    rules: RulesSummary,
    tiebreaks: Vec<String>,
    score_label: String,
    teams: usize,
    rounds: Vec<RoundLine>,
    top: Vec<StandingRow>,
    downloads: Vec<Download>,
    /// Whether the event records line-ups, so that the Butler ranking exists.
    butler: bool,
    charts: Vec<crate::web::sheets::charts::ChartView>,
    /// Date, venue and organiser, each when given: (label, value).
    occasion: Vec<(String, String)>,
    /// Where a staged event stands ("Qualifying, round 7 of 9"); `None` without stages.
    stage_progress: Option<String>,
    /// "Top of the standings", or "Final ranking" once a championship is over.
    top_title: String,
    has_bracket: bool,
    /// Every commitment ever set, with its time, rounds and, once revealed, its seed
    /// (docs/deals.md).
    commitments: Vec<crate::web::labels::CommitmentLine>,
    /// Whether some seed is revealed: then the page says how to check.
    any_revealed: bool,
    /// A rated tournament says that playing a board makes one's rating and rated boards
    /// public (docs/rules.md §14).
    rated: bool,
}

pub(super) async fn overview(ctx: Ctx, snap: PageSnapshot) -> Result<HttpResponse, AppError> {
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let stages = RoundStages::of(event, report);
    let o = &event.settings.occasion;
    let occasion = [
        ("hall-fact-dates", o.dates()),
        ("hall-fact-venue", o.venue.clone()),
        ("hall-fact-organiser", o.organiser.clone()),
    ]
    .into_iter()
    .filter(|(_, value)| !value.is_empty())
    .map(|(label, value)| (t.t(label), value))
    .collect();
    // A finished championship's leaders are its final ranking's.
    let finished = snap.championship().filter(|c| c.finished());
    let page = OverviewPage {
        occasion,
        tour: TourHead::of(event),
        section: "home",
        live: live(!stages.in_progress().is_empty()),
        rules: RulesSummary::of(&event.settings, t),
        tiebreaks: rules_view::tiebreaks(&event.settings, t),
        score_label: rules_view::score_label(&event.settings, t),
        teams: event.teams.len(),
        rounds: standings::round_lines(event, report, &stages, t),
        top: match finished {
            Some(c) => standings::top_of_ranking(event, report, &c.ranking),
            None => standings::top_of_standings(event, report),
        },
        top_title: t.t(if finished.is_some() {
            "stage-ranking"
        } else {
            "pub-top-title"
        }),
        butler: !event.lineups.is_empty(),
        downloads: archive::EXPORTS
            .iter()
            .filter(|e| e.public && e.is_of(event))
            .map(|e| Download {
                file: e.stem(),
                label: t.t(&format!("pub-csv-{}", e.stem())),
            })
            .collect(),
        charts: crate::web::sheets::charts::distribution_chart(event, report, t)
            .into_iter()
            .collect(),
        stage_progress: crate::web::labels::progress_text(t, event),
        has_bracket: event.settings.stages.iter().any(|s| s.format.is_knockout()),
        commitments: crate::web::labels::commitment_lines(t, event),
        any_revealed: event
            .deals
            .seeds
            .iter()
            .any(|s| s.state.revealed().is_some()),
        rated: event.settings.standing.rated,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}
