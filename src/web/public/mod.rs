//! The public pages of a tournament, under `/t/{slug}`: no login, read only. Every page is
//! built from the tournament's snapshot at its current revision ([`PageSnapshot`], the
//! public one for an anonymous reader: released boards only, docs/rules.md §5), so a result
//! shows once it is saved and released, and the page cache answers repeat readers.
//!
//! - `/t/{slug}` the overview: rules, tie-breaks, rounds, the top of the standings, downloads
//! - `/t/{slug}/standings`, `/t/{slug}/rounds`, `/t/{slug}/rounds/{n}`,
//!   `/t/{slug}/rounds/{n}/tables/{t}` (one match, both rooms), `/t/{slug}/teams`,
//!   `/t/{slug}/teams/{no}` (with where the team plays next and the round's clock)
//! - `/t/{slug}/screen` the hall's screen ([`screen`])
//! - `/t/{slug}/standings`, `/t/{slug}/teams` and `/t/{slug}/rounds/{n}` of a large event a
//!   page at a time (`?page=2`, `?page=all`), each with "find my team" (`…/find?q=`):
//!   [`paging`], [`find`]
//! - `/t/{slug}/{file}.csv` the archive's CSV files, as `fushi export` writes them
//! - `/d/{slug}/rounds/{n}/boards/{b}` the director's traveller of a board (every room),
//!   open to the tournament's scorers too: registered here, beside the public traveller
//!   whose page it shares, with its own role
//!
//! While a round is in progress, the pages that change with it carry a live marker that
//! `static/js/live.js` uses to refresh them in place.

pub(crate) mod field;
mod find;
pub(crate) mod paging;
mod screen;
mod stages;
mod view;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::page::{Ctx, PageSnapshot, TourHead, path_number, redirect, render};
use super::routes::{Need, Routes};
use super::{AppError, AppState};
use crate::archive;
use crate::rules::TeamNo;
use crate::rules::slug::Slug;
use view::matches::{self, BoardLine, MatchDetail, MatchLine, TeamMatch};
use view::rules::{self as rules_view, RulesSummary};
use view::standings::{self, RoundLine, StandingRow};
use view::{RoundStages, Stage, StatusView};

/// Seconds between refreshes of a live page.
const LIVE_SECONDS: u32 = 20;

pub(crate) fn configure(routes: &mut Routes) {
    routes.area(public_pages);
    routes.area(stages::pages);
    // The director's traveller of a board: every room, to check what was entered.
    routes.get(
        "/d/{slug}/rounds/{round}/boards/{board}",
        Need::Scorer,
        field::director_traveller,
    );
}

/// The public pages: open to everyone once the tournament is published.
fn public_pages(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{slug}", web::get().to(overview))
        .route("/t/{slug}/", web::get().to(without_slash))
        .route("/t/{slug}/standings", web::get().to(standings))
        .route(
            "/t/{slug}/standings/find",
            web::get().to(find::in_standings),
        )
        .route("/t/{slug}/rounds", web::get().to(rounds))
        .route("/t/{slug}/rounds/{round}", web::get().to(round))
        .route(
            "/t/{slug}/rounds/{round}/find",
            web::get().to(find::in_round),
        )
        .route(
            "/t/{slug}/rounds/{round}/tables/{table}",
            web::get().to(table),
        )
        .route("/t/{slug}/screen", web::get().to(screen::screen))
        .route("/t/{slug}/teams", web::get().to(teams))
        .route("/t/{slug}/teams/find", web::get().to(find::in_teams))
        .route("/t/{slug}/teams/{team}", web::get().to(team))
        .route("/t/{slug}/{file}.csv", web::get().to(download))
        .route(
            "/t/{slug}/rounds/{round}/boards/{board}",
            web::get().to(field::traveller),
        )
        .route("/t/{slug}/butler", web::get().to(field::butler_ranking))
        .route(
            "/t/{slug}/rounds/{round}/travellers",
            web::get().to(field::travellers),
        )
        .route(
            "/t/{slug}/rounds/{round}/travellers.pdf",
            web::get().to(field::travellers_pdf),
        );
}

/// `/t/{slug}/` is the overview too.
async fn without_slash(slug: Slug) -> Result<HttpResponse, AppError> {
    Ok(redirect(&format!("/t/{slug}")))
}

/// Matches a page of a round holds when a page of teams holds `teams_per_page`: the same
/// teams, two to a match.
pub(crate) fn matches_per_page(teams_per_page: usize) -> usize {
    teams_per_page.div_ceil(2).max(1)
}

/// The links between the pages of the list at `base` ([`paging::Pager`]), its rows named
/// by `name`; `of` names what the pages are of (`pub-pages-standings`).
fn pager(
    t: &crate::web::i18n::Tr,
    paging: &paging::Paging,
    base: &str,
    of: &str,
    name: impl Fn(std::ops::Range<usize>) -> String,
) -> Option<paging::Pager> {
    use fluent_templates::fluent_bundle::FluentValue;
    paging::Pager::of(
        paging,
        base,
        name,
        t.t(&format!("pub-pages-{of}")),
        |from, to, n| {
            t.args(
                &format!("pub-showing-{of}"),
                &[
                    ("from", FluentValue::from(from)),
                    ("to", FluentValue::from(to)),
                    ("n", FluentValue::from(n)),
                ],
            )
        },
        t.t("pub-whole-list"),
    )
}

/// The refresh interval of a live page, or `None` when nothing is coming in.
fn live(on: bool) -> Option<u32> {
    on.then_some(LIVE_SECONDS)
}

// ---------------------------------------------------------------------------------------

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
    charts: Vec<super::sheets::charts::ChartView>,
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
}

async fn overview(ctx: Ctx, snap: PageSnapshot) -> Result<HttpResponse, AppError> {
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
        charts: super::sheets::charts::distribution_chart(event, report, t)
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
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

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
    charts: Vec<super::sheets::charts::ChartView>,
    /// The pages of a large event's standings; `None` when they fit on one.
    pager: Option<paging::Pager>,
}

async fn standings(
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
        charts: super::sheets::charts::race_chart(event, snap.after_each_played_round(), t)
            .into_iter()
            .collect(),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

#[derive(Template)]
#[template(path = "public/rounds.html")]
struct RoundsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    rounds: Vec<RoundLine>,
}

async fn rounds(ctx: Ctx, snap: PageSnapshot) -> Result<HttpResponse, AppError> {
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

/// Whether a match's figures shown at round `round`, table `table` may still change: its
/// rooms wait for approval, its round is still played or within its correction period.
pub(crate) fn provisional_match(snap: &crate::web::live::Snapshot, round: i32, table: i32) -> bool {
    let progress = snap.report.round_progress(round);
    let now = chrono::Utc::now().naive_utc();
    !crate::rules::Finality::of(&snap.play, round, Some(table), progress, now).is_final()
}

async fn round(
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
    let record = super::page::with_db(&state, move |conn| {
        Ok(crate::db::schedule::load_round_record(conn, &key, number)?)
    })
    .await?
    .unwrap_or_default();
    // A round without matches in the snapshot has no public draw yet: nothing recorded
    // about its pairing is shown either. A page of matches explains its own tables.
    let drawn = !event.rounds[index].matches.is_empty();
    let page = RoundPage {
        explained: if drawn {
            crate::web::pairing_words::recorded_lines(t, event, report, number, &record)
                .into_iter()
                .filter(|l| pager.is_none() || matches.iter().any(|m| m.table == l.table))
                .collect()
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

async fn table(
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

/// A team in the list of teams.
struct TeamRow {
    number: TeamNo,
    name: String,
    club: String,
    members: String,
    withdrawn: bool,
}

#[derive(Template)]
#[template(path = "public/teams.html")]
struct TeamsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    teams: Vec<TeamRow>,
    /// The pages of a large event's teams; `None` when they fit on one.
    pager: Option<paging::Pager>,
}

async fn teams(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, AppError> {
    let event = &snap.event;
    let separator = ctx.t.t("pub-list-separator");
    let paging = paging::Paging::new(
        paging::Asked::of(&req)?,
        event.teams.len(),
        state.teams_per_page,
    )?;
    let base = format!("/t/{}/teams", event.settings.slug);
    let page = TeamsPage {
        pager: pager(&ctx.t, &paging, &base, "teams", paging::row_numbers),
        tour: TourHead::of(event),
        section: "teams",
        live: None,
        teams: event.teams[paging.rows()]
            .iter()
            .map(|t| TeamRow {
                number: t.number,
                name: t.name.clone(),
                club: t.club.clone(),
                members: t.members.join(&separator),
                withdrawn: t.withdrawn,
            })
            .collect(),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

#[derive(Template)]
#[template(path = "public/team.html")]
struct TeamPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    number: TeamNo,
    name: String,
    club: String,
    members: Vec<String>,
    withdrawn: bool,
    standing: Option<StandingRow>,
    score_label: String,
    matches: Vec<TeamMatch>,
    /// Rounds whose pairings are not public yet: "Round 5: pairings soon".
    soon: Vec<String>,
    charts: Vec<super::sheets::charts::ChartView>,
    /// Where the team plays next, and that round's clock at its table.
    next: Option<NextMatch>,
    clock: Option<super::clock_view::ClockView>,
}

/// Where a team plays next: its round, table, opponents and each room's seats.
struct NextMatch {
    round: i32,
    table: i32,
    opponent: Option<view::TeamLink>,
    /// "Open room: North-South · Closed room: East-West".
    seats: String,
}

/// The team's next match from the public event: its first playing match, from the current
/// round on (all rounds when none is current), that is not complete as the public sees it.
fn next_match(
    t: &crate::web::i18n::Tr,
    event: &crate::rules::Event,
    report: &crate::rules::Report,
    team: TeamNo,
    current: Option<i32>,
) -> Option<NextMatch> {
    use crate::db::table::{Side, seated};
    use crate::rules::Room;
    let teams = view::Teams::of(event);
    event
        .rounds
        .iter()
        .filter(|r| current.is_none_or(|c| r.number >= c))
        .find_map(|r| {
            let m = r
                .matches
                .iter()
                .find(|m| m.away.is_some() && (m.home == team || m.away == Some(team)))?;
            let stage = report
                .match_at(r.number, m.table)
                .map_or(Stage::NotStarted, |x| Stage::of_match(&x.figures));
            if stage == Stage::Complete {
                return None;
            }
            let side_in = |room: Room| {
                let side = if seated(m, room, Side::NorthSouth) == team {
                    Side::NorthSouth
                } else {
                    Side::EastWest
                };
                t.args(
                    "pub-next-room",
                    &[
                        ("room", t.t(&format!("entry-room-{}", room.code())).into()),
                        ("side", crate::web::labels::side_label(t, side).into()),
                    ],
                )
            };
            let opponent = if m.home == team { m.away } else { Some(m.home) };
            Some(NextMatch {
                round: r.number,
                table: m.table,
                opponent: opponent.map(|o| teams.link(o)),
                seats: format!("{} · {}", side_in(Room::Open), side_in(Room::Closed)),
            })
        })
}

async fn team(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let number = TeamNo(path_number(&path.1)?);
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let team = event.team(number).ok_or_else(AppError::not_found)?;
    let mut matches = matches::team_matches(event, report, number, t);
    for m in &mut matches {
        // A complete match's score, shown while its round may still change.
        m.provisional =
            m.counted && m.status.stage != Stage::Bye && provisional_match(&snap, m.round, m.table);
    }
    let stages = RoundStages::of(event, report);
    let playing = matches
        .iter()
        .any(|m| stages.awaits(m.round, m.status.stage));
    let (hall, _, _) =
        super::clock_view::hall_parts(&ctx, &state, &event.settings, None, None).await?;
    let next = next_match(t, event, report, number, hall.round);
    let clock = match &next {
        Some(n) => {
            let at = Some(n.table);
            super::clock_view::hall_parts(&ctx, &state, &event.settings, Some(n.round), at)
                .await?
                .1
        }
        None => None,
    };
    let page = TeamPage {
        next,
        clock,
        tour: TourHead::of(event),
        section: "teams",
        live: live(playing),
        number,
        name: team.name.clone(),
        club: team.club.clone(),
        members: team.members.clone(),
        withdrawn: team.withdrawn,
        standing: standings::standings(event, report)
            .into_iter()
            .find(|s| s.team.number == number),
        score_label: rules_view::score_label(&event.settings, t),
        matches,
        soon: event
            .rounds
            .iter()
            .filter(|r| r.matches.is_empty())
            .map(|r| t.a("pub-pairings-soon", "round", r.number))
            .collect(),
        charts: super::sheets::charts::team_charts(
            snap.after_each_played_round(),
            number,
            &team.name,
            t,
        ),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

/// `GET /t/{slug}/{file}.csv`: the file as `fushi export` writes it.
async fn download(
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let file = &path.1;
    let export = archive::Export::public(file).ok_or_else(AppError::not_found)?;
    let event = &snap.event;
    let body = export
        .write(&archive::Exporting {
            event,
            report: &snap.report,
            championship: match export.when {
                archive::When::Stages => snap.championship(),
                _ => None,
            },
            // Rooms waiting for the director's approval are marked in the computed `result`.
            provisional: &|round, table, room| snap.play.awaits_approval(round, table, room),
        })
        .ok_or_else(AppError::not_found)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/csv; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"{}-{file}.csv\"",
                event.settings.slug
            ),
        ))
        .body(crate::archive::files::file_bytes(
            &format!("{file}.csv"),
            &body,
        )))
}
