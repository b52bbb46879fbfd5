//! The read API: versioned JSON under `/api/v1/` for what the public pages show, built
//! from the same public snapshot (released boards only, docs/rules.md §5) and answered
//! through the same ETag/304 and page cache ([`super::live::http::public_pages`]).
//! Documented with examples in `docs/api.md`; described by the OpenAPI document
//! [`openapi`] makes from the answers' types (`/api/v1/openapi.json`).
//!
//! - [`index`]: `/api/v1/tournaments`, the published tournaments, from the directory
//! - `/api/v1/tournaments/{slug}`: teams and rounds
//! - `/api/v1/tournaments/{slug}/standings`: the rows of `standings.csv`, same figures
//! - `/api/v1/tournaments/{slug}/rounds/{round}`: the matches (`matches.csv`'s figures),
//!   each board's swing and each released room result
//! - [`field`]: every match, every released room result, a board's traveller, the Butler
//!   ranking and the deals of released boards
//! - [`stages`]: a championship's stage standings, bracket, ties and final ranking
//! - [`players`]: the registry's public players, and one with their events; the public
//!   players' ratings (`/api/v1/ratings`)
//! - [`series`]: the series with a published tournament, and one with its standings
//!
//! Every list that grows with the event is paged ([`paging`]); errors are JSON
//! ([`edge::error_body`]); cross-origin reading is opt-in (`FUSHI_API_ORIGINS`, [`edge`]).

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::AppError;
use super::live::Snapshot;
use super::page::{PageSnapshot, path_number};
use super::routes::{Need, Routes};
pub use super::settings::ApiOrigins;
use crate::rules::{Event, MatchReport, MatchStatus, Report, Round, Scorer, Standing};
use paging::{Paged, Paging};

pub(crate) mod edge;
mod field;
pub(crate) mod index;
pub(crate) mod openapi;
pub mod paging;
mod players;
mod series;
mod stages;

pub(crate) use edge::cors;

/// Declares every route of the API: each is a `GET` that anyone may read (what a
/// tournament's answers show is decided by its public snapshot).
pub(crate) fn declare(routes: &mut Routes) {
    routes
        .get("/api/v1/openapi.json", Need::Api, openapi::document)
        .get("/api/v1/tournaments", Need::Api, index::index)
        .get("/api/v1/tournaments/{slug}", Need::Api, tournament)
        .get("/api/v1/tournaments/{slug}/standings", Need::Api, standings)
        .get(
            "/api/v1/tournaments/{slug}/rounds/{round}",
            Need::Api,
            round,
        )
        .get("/api/v1/players", Need::Api, players::list)
        .get("/api/v1/players/{id}", Need::Api, players::player)
        .get("/api/v1/ratings", Need::Api, players::ratings)
        .get("/api/v1/series", Need::Api, series::list)
        .get("/api/v1/series/{slug}", Need::Api, series::series);
    field::declare(routes);
    stages::declare(routes);
}

/// The API path of something of one tournament.
fn url(event: &Event, tail: &str) -> String {
    format!("/api/v1/tournaments/{}{tail}", event.settings.slug)
}

/// The round `number` of the event, or 404.
fn round_of<'a>(event: &'a Event, number: &str) -> Result<&'a Round, AppError> {
    let number = path_number(number)?;
    event
        .rounds
        .iter()
        .find(|r| r.number == number)
        .ok_or(AppError::NotFound)
}

/// An answer as JSON.
fn json_response<T: Serialize>(value: &T) -> HttpResponse {
    match serde_json::to_vec(value) {
        Ok(body) => HttpResponse::Ok()
            .insert_header((header::CONTENT_TYPE, "application/json"))
            .body(body),
        Err(e) => HttpResponse::from_error(AppError::internal(e)),
    }
}

/// How far a tournament has come.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Progress {
    /// No board compared yet.
    NotStarted,
    /// Some boards compared, some matches still to count.
    #[serde(rename = "in_progress")]
    Underway,
    /// Every match counts in the standings.
    Finished,
}

/// How far a tournament has come: `not_started` (no board compared), `finished` (every
/// match counts in the standings) or `in_progress`.
fn progress(report: &Report) -> Progress {
    let started = report
        .matches
        .iter()
        .any(|m| m.figures.compared > 0 || m.counts && m.figures.status != MatchStatus::Bye);
    if report.matches.is_empty() || !started {
        Progress::NotStarted
    } else if report.matches.iter().all(|m| m.counts) {
        Progress::Finished
    } else {
        Progress::Underway
    }
}

/// A team as `teams.csv` has it.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct TeamItem {
    team_no: i32,
    name: String,
    club: String,
    members: Vec<String>,
    withdrawn: bool,
}

/// A round of a tournament.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RoundItem {
    round: i32,
    boards: usize,
    matches: usize,
    /// False until the director publishes the round's draw (or while it has none).
    pairings_public: bool,
    /// The round has matches and every one counts in the standings.
    complete: bool,
    url: String,
}

/// `GET /api/v1/tournaments/{slug}`: a tournament, one page of its teams and its rounds.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct TournamentAnswer {
    slug: String,
    name: String,
    revision: i64,
    state: Progress,
    match_scoring: String,
    /// One page of the teams, in team number order.
    teams: Vec<TeamItem>,
    /// The cursor of the next page of teams; `null` on the last.
    next: Option<String>,
    rounds: Vec<RoundItem>,
    standings_url: String,
    matches_url: String,
    results_url: String,
    butler_url: Option<String>,
    deals_url: Option<String>,
    stages_url: Option<String>,
    bracket_url: Option<String>,
    ranking_url: Option<String>,
}

/// The parameters of a tournament's answers.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
struct SlugParam {
    /// The tournament's slug.
    slug: String,
}

/// `?cursor=` and `?limit=` of a paged answer ([`paging`]).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
struct PageParams {
    /// The `next` of the answer before (opaque); none for the first page.
    cursor: Option<String>,
    /// Items in a page: 1 to 500, 100 by default.
    limit: Option<u32>,
}

/// A tournament, one page of its teams (in number order) and its rounds.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}", params(SlugParam, PageParams),
    responses(
        (status = 200, body = TournamentAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = edge::ApiError), (status = 404, body = edge::ApiError),
    ))]
async fn tournament(snapshot: PageSnapshot, paging: Paging) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let report = &snapshot.report;
    let teams = paging.page(
        "teams",
        &event.teams,
        |t| [i64::from(t.number.0), 0, 0, 0],
        |t| TeamItem {
            team_no: t.number.0,
            name: t.name.clone(),
            club: t.club.clone(),
            members: t.members.clone(),
            withdrawn: t.withdrawn,
        },
    )?;
    let rounds = event
        .rounds
        .iter()
        .map(|r| RoundItem {
            round: r.number,
            boards: r.boards.len(),
            matches: r.matches.len(),
            pairings_public: !r.matches.is_empty(),
            complete: !r.matches.is_empty()
                && report
                    .matches
                    .iter()
                    .filter(|m| m.round == r.number)
                    .all(|m| m.counts),
            url: url(event, &format!("/rounds/{}", r.number)),
        })
        .collect();
    Ok(teams.answer(|teams, next| TournamentAnswer {
        slug: event.settings.slug.clone(),
        name: event.settings.name.clone(),
        revision: snapshot.revision,
        state: progress(report),
        match_scoring: event.settings.scoring.method.code().to_owned(),
        teams,
        next,
        rounds,
        standings_url: url(event, "/standings"),
        matches_url: url(event, "/matches"),
        results_url: url(event, "/results"),
        butler_url: (!event.lineups.is_empty()).then(|| url(event, "/butler")),
        deals_url: (!event.deals.boards.is_empty() || !event.deals.seeds.is_empty())
            .then(|| url(event, "/deals")),
        stages_url: (!event.settings.stages.is_empty()).then(|| url(event, "/stages")),
        bracket_url: event
            .settings
            .stages
            .iter()
            .any(|s| s.format.is_knockout())
            .then(|| url(event, "/bracket")),
        ranking_url: (!event.settings.stages.is_empty()).then(|| url(event, "/ranking")),
    }))
}

/// One row of `standings.csv` (its columns after `stage,group`); `score` (two decimals)
/// and `level_quotient` (three decimals or `inf`) are strings exactly as there.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct StandingRow {
    /// `"3"`, or `"3="` for a shared place.
    rank: String,
    team_no: i32,
    name: String,
    played: u32,
    won: u32,
    drawn: u32,
    lost: u32,
    score: String,
    level_diff: i64,
    level_quotient: String,
    point_diff: i64,
    boards_won: u32,
}

fn standing_row(event: &Event, s: &Standing) -> StandingRow {
    StandingRow {
        rank: s.rank_label(),
        team_no: s.team.0,
        name: event
            .team(s.team)
            .map(|t| t.name.clone())
            .unwrap_or_default(),
        played: s.played,
        won: s.won,
        drawn: s.drawn,
        lost: s.lost,
        score: s.score.two_decimals(),
        level_diff: s.level_diff,
        level_quotient: s.quotient.three_decimals(),
        point_diff: s.point_diff,
        boards_won: s.boards_won,
    }
}

/// `GET /api/v1/tournaments/{slug}/standings`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct StandingsAnswer {
    slug: String,
    revision: i64,
    /// One page of the rows, in rank order.
    standings: Vec<StandingRow>,
    next: Option<String>,
}

/// `standings.csv`'s rows, one page of them in rank order.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/standings", params(SlugParam, PageParams),
    responses(
        (status = 200, body = StandingsAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = edge::ApiError), (status = 404, body = edge::ApiError),
    ))]
async fn standings(snapshot: PageSnapshot, paging: Paging) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let rows = paging.page(
        "standings",
        snapshot.report.standings.iter().enumerate(),
        |(at, _)| paging::place(*at),
        |(_, s)| standing_row(event, s),
    )?;
    Ok(rows.answer(|standings, next| StandingsAnswer {
        slug: event.settings.slug.clone(),
        revision: snapshot.revision,
        standings,
        next,
    }))
}

/// The swing of one board compared in both rooms.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct BoardSwingItem {
    board: i32,
    open_score: Option<i32>,
    closed_score: Option<i32>,
    home_swing: Option<i32>,
}

/// One released room result of a match.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RoomResult {
    /// `open` or `closed`.
    room: String,
    board: i32,
    defender_total: Option<i32>,
    table_score: Option<i32>,
    /// Confirmed at the table, not yet approved by the director.
    provisional: bool,
}

/// One match with `matches.csv`'s figures (`null` where the CSV cell is empty) and the
/// swing of every board compared in both rooms.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct MatchItem {
    round: i32,
    table: i32,
    home: i32,
    /// `null` for a bye.
    away: Option<i32>,
    status: String,
    boards_compared: u32,
    home_levels: Option<i64>,
    away_levels: Option<i64>,
    home_points: Option<i64>,
    away_points: Option<i64>,
    home_score: Option<String>,
    away_score: Option<String>,
    boards: Vec<BoardSwingItem>,
    /// Every released room result (in a round's answer only).
    #[serde(skip_serializing_if = "Option::is_none")]
    results: Option<Vec<RoomResult>>,
}

/// The match `m` ([`MatchItem`]), with its released room results when `results`.
fn match_item(snapshot: &Snapshot, m: &MatchReport, results: bool) -> MatchItem {
    let event = &snapshot.event;
    let scoring = &event.settings.scoring;
    let f = &m.figures;
    let bye = f.status == MatchStatus::Bye;
    let figure = |v: i64| (!f.unplayed()).then_some(v);
    let away_figure = |v: i64| (!f.unplayed() && !bye).then_some(v);
    let boards = f
        .boards
        .iter()
        .filter(|b| b.swing.is_some())
        .map(|b| BoardSwingItem {
            board: b.board,
            open_score: b.open,
            closed_score: b.closed,
            home_swing: b.swing,
        })
        .collect();
    let results = results.then(|| {
        let scorer = Scorer::new(&event.settings);
        event
            .rounds
            .iter()
            .find(|r| r.number == m.round)
            .and_then(|r| r.matches.iter().find(|x| x.table == m.table))
            .map(|x| {
                x.results
                    .iter()
                    .map(|res| {
                        let outcome = scorer.table(&res.entry);
                        RoomResult {
                            room: res.room.to_string(),
                            board: res.board,
                            defender_total: outcome.and_then(|o| o.defender_total),
                            table_score: outcome.map(|o| o.table_score),
                            provisional: snapshot.provisional(m.round, m.table, res.room),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default()
    });
    MatchItem {
        round: m.round,
        table: m.table,
        home: m.home.0,
        away: m.away.map(|a| a.0),
        status: f.status.code().to_owned(),
        boards_compared: f.compared,
        home_levels: figure(f.home_levels),
        away_levels: away_figure(-f.home_levels),
        home_points: figure(f.home_points),
        away_points: away_figure(-f.home_points),
        home_score: f.scored().then(|| scoring.format(f.home_score)),
        away_score: f
            .away_score
            .filter(|_| f.scored())
            .map(|s| scoring.format(s)),
        boards,
        results,
    }
}

/// The key of a match in its lists: round and table.
fn match_key(m: &&MatchReport) -> paging::Key {
    [i64::from(m.round), i64::from(m.table), 0, 0]
}

/// `GET /api/v1/tournaments/{slug}/rounds/{round}`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RoundAnswer {
    slug: String,
    revision: i64,
    round: i32,
    boards: usize,
    board_urls: Vec<String>,
    /// One page of the round's matches, in table order, with their released results.
    matches: Vec<MatchItem>,
    next: Option<String>,
}

/// The round's matches (one page, in table order) with their released room results.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/rounds/{round}",
    params(SlugParam, ("round" = u32, Path, description = "The round's number"), PageParams),
    responses(
        (status = 200, body = RoundAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = edge::ApiError), (status = 404, body = edge::ApiError),
    ))]
async fn round(
    snapshot: PageSnapshot,
    path: web::Path<(String, String)>,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let round = round_of(&snapshot.event, &path.1)?;
    let matches: Paged<MatchItem> = paging.page(
        "round",
        snapshot
            .report
            .matches
            .iter()
            .filter(|m| m.round == round.number),
        match_key,
        |m| match_item(&snapshot, m, true),
    )?;
    Ok(matches.answer(|matches, next| RoundAnswer {
        slug: snapshot.event.settings.slug.clone(),
        revision: snapshot.revision,
        round: round.number,
        boards: round.boards.len(),
        board_urls: round
            .boards
            .iter()
            .map(|b| {
                url(
                    &snapshot.event,
                    &format!("/rounds/{}/boards/{}", round.number, b.number),
                )
            })
            .collect(),
        matches,
        next,
    }))
}

#[cfg(test)]
mod tests {
    use crate::web::live::http::tournament_slug;

    #[test]
    fn api_paths_name_their_tournament() {
        assert_eq!(tournament_slug("/api/v1/tournaments/cup"), Some("cup"));
        assert_eq!(
            tournament_slug("/api/v1/tournaments/cup/rounds/2"),
            Some("cup")
        );
        assert_eq!(tournament_slug("/api/v1/tournaments"), None);
        assert_eq!(tournament_slug("/api/v1/tournaments/"), None);
    }
}
