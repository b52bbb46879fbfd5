//! The read API: versioned JSON under `/api/v1/` for what the public pages show, built
//! from the same public snapshot (released boards only, docs/rules.md §5) and answered
//! through the same ETag/304 and page cache ([`super::live::http::public_pages`]).
//! Documented with examples in `docs/api.md`.
//!
//! - `/api/v1/tournaments`: the published tournaments and how far each has come
//! - `/api/v1/tournaments/{slug}`: teams and rounds
//! - `/api/v1/tournaments/{slug}/standings`: the rows of `standings.csv`, same figures
//! - `/api/v1/tournaments/{slug}/rounds/{round}`: the matches (`matches.csv`'s figures),
//!   each board's swing and each released room result
//! - [`field`]: every match, every released room result, a board's traveller, the Butler
//!   ranking and the deals of released boards
//! - [`stages`]: a championship's stage standings, bracket, ties and final ranking
//!
//! Cross-origin reading is opt-in: `FUSHI_API_ORIGINS` lists the origins (or `*`) that get
//! `Access-Control-Allow-Origin` ([`cors`]).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};

pub use super::settings::ApiOrigins;
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};
use serde_json::{Value, json};

use super::live::Snapshot;
use super::page::{PageSnapshot, path_number, with_db};
use super::{AppError, AppState};
use crate::rules::{Event, MatchReport, MatchStatus, Report, Round, Scorer, Standing};

mod field;
mod stages;

pub fn configure(cfg: &mut web::ServiceConfig) {
    field::configure(cfg);
    stages::configure(cfg);
    cfg.route("/api/v1/tournaments", web::get().to(index))
        .route("/api/v1/tournaments/{slug}", web::get().to(tournament))
        .route(
            "/api/v1/tournaments/{slug}/standings",
            web::get().to(standings),
        )
        .route(
            "/api/v1/tournaments/{slug}/rounds/{round}",
            web::get().to(round),
        );
}

pub use crate::web::live::http::tournament_slug;

/// `Some(text)` as a JSON string, `None` as `null`: a CSV cell that may be empty.
fn text<T: ToString>(value: Option<T>) -> Value {
    value.map_or(Value::Null, |v| Value::String(v.to_string()))
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

fn json_response(value: &Value) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .body(value.to_string())
}

/// How far a tournament has come: `not_started` (no board compared), `finished` (every
/// match counts in the standings) or `in_progress`.
fn progress(report: &Report) -> &'static str {
    let started = report
        .matches
        .iter()
        .any(|m| m.figures.compared > 0 || m.counts && m.figures.status != MatchStatus::Bye);
    if report.matches.is_empty() || !started {
        "not_started"
    } else if report.matches.iter().all(|m| m.counts) {
        "finished"
    } else {
        "in_progress"
    }
}

/// `GET /api/v1/tournaments`: the published tournaments, newest first as on the home page.
async fn index(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let all = with_db(&state, |conn| Ok(crate::db::list_tournaments(conn)?)).await?;
    let mut list = Vec::new();
    for t in all.into_iter().filter(|t| t.published) {
        let progress = match state.live.snapshot(&t.slug, false).await {
            Ok(snapshot) => progress(&snapshot.public().report),
            Err(_) => continue, // deleted meanwhile
        };
        list.push(json!({
            "slug": t.slug,
            "name": t.name,
            "teams": t.teams,
            "rounds": t.rounds,
            "created_at": t.created_at.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            "state": progress,
            "url": format!("/api/v1/tournaments/{}", t.slug),
        }));
    }
    Ok(json_response(&json!({ "tournaments": list })))
}

/// `GET /api/v1/tournaments/{slug}`
async fn tournament(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let report = &snapshot.report;
    let teams: Vec<Value> = event
        .teams
        .iter()
        .map(|t| {
            json!({
                "team_no": t.number.0,
                "name": t.name,
                "club": t.club,
                "members": t.members,
                "withdrawn": t.withdrawn,
            })
        })
        .collect();
    let rounds: Vec<Value> = event
        .rounds
        .iter()
        .map(|r| {
            json!({
                "round": r.number,
                "boards": r.boards.len(),
                "matches": r.matches.len(),
                // false until the director publishes the round's draw (or while it has none)
                "pairings_public": !r.matches.is_empty(),
                "complete": !r.matches.is_empty()
                    && report.matches.iter().filter(|m| m.round == r.number).all(|m| m.counts),
                "url": url(event, &format!("/rounds/{}", r.number)),
            })
        })
        .collect();
    Ok(json_response(&json!({
        "slug": event.settings.slug,
        "name": event.settings.name,
        "revision": snapshot.revision,
        "state": progress(report),
        "match_scoring": event.settings.scoring.method.code(),
        "teams": teams,
        "rounds": rounds,
        "standings_url": url(event, "/standings"),
        "matches_url": url(event, "/matches"),
        "results_url": url(event, "/results"),
        "butler_url": (!event.lineups.is_empty()).then(|| url(event, "/butler")),
        "deals_url": (!event.deals.boards.is_empty() || !event.deals.seeds.is_empty())
            .then(|| url(event, "/deals")),
        "stages_url": (!event.settings.stages.is_empty()).then(|| url(event, "/stages")),
        "bracket_url": event
            .settings
            .stages
            .iter()
            .any(|s| s.format.is_knockout())
            .then(|| url(event, "/bracket")),
        "ranking_url": (!event.settings.stages.is_empty()).then(|| url(event, "/ranking")),
    })))
}

/// One row of `standings.csv` (its columns after `stage,group`).
fn standing_json(event: &Event, s: &Standing) -> Value {
    json!({
        "rank": s.rank_label(),
        "team_no": s.team.0,
        "name": event.team(s.team).map(|t| t.name.as_str()).unwrap_or(""),
        "played": s.played,
        "won": s.won,
        "drawn": s.drawn,
        "lost": s.lost,
        "score": s.score.two_decimals(),
        "level_diff": s.level_diff,
        "level_quotient": s.quotient.three_decimals(),
        "point_diff": s.point_diff,
        "boards_won": s.boards_won,
    })
}

/// `GET /api/v1/tournaments/{slug}/standings`: `standings.csv`'s rows; `score` (two
/// decimals) and `level_quotient` (three decimals or `inf`) are strings exactly as there.
async fn standings(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let rows: Vec<Value> = snapshot
        .report
        .standings
        .iter()
        .map(|s| standing_json(event, s))
        .collect();
    Ok(json_response(&json!({
        "slug": event.settings.slug,
        "revision": snapshot.revision,
        "standings": rows,
    })))
}

/// One match with `matches.csv`'s figures (`null` where the CSV cell is empty), the swing
/// of every board compared in both rooms and, with `results`, every released room result.
fn match_json(snapshot: &Snapshot, m: &MatchReport, results: bool) -> Value {
    let event = &snapshot.event;
    let scoring = &event.settings.scoring;
    let f = &m.figures;
    let bye = f.status == MatchStatus::Bye;
    let figure = |v: i64| (!f.unplayed()).then_some(v);
    let away_figure = |v: i64| (!f.unplayed() && !bye).then_some(v);
    let boards: Vec<Value> = f
        .boards
        .iter()
        .filter(|b| b.swing.is_some())
        .map(|b| {
            json!({
                "board": b.board,
                "open_score": b.open,
                "closed_score": b.closed,
                "home_swing": b.swing,
            })
        })
        .collect();
    let mut value = json!({
        "round": m.round,
        "table": m.table,
        "home": m.home.0,
        "away": m.away.map(|a| a.0),
        "status": f.status.code(),
        "boards_compared": f.compared,
        "home_levels": figure(f.home_levels),
        "away_levels": away_figure(-f.home_levels),
        "home_points": figure(f.home_points),
        "away_points": away_figure(-f.home_points),
        "home_score": f.scored().then(|| scoring.format(f.home_score)),
        "away_score": f.away_score.filter(|_| f.scored()).map(|s| scoring.format(s)),
        "boards": boards,
    });
    if results {
        let scorer = Scorer::new(&event.settings);
        let list: Vec<Value> = event
            .rounds
            .iter()
            .find(|r| r.number == m.round)
            .and_then(|r| r.matches.iter().find(|x| x.table == m.table))
            .map(|x| {
                x.results
                    .iter()
                    .map(|res| {
                        let outcome = scorer.table(&res.entry);
                        json!({
                            "room": res.room.to_string(),
                            "board": res.board,
                            "defender_total": outcome.and_then(|o| o.defender_total),
                            "table_score": outcome.map(|o| o.table_score),
                            "provisional": snapshot.provisional(m.round, m.table, res.room),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        value["results"] = Value::Array(list);
    }
    value
}

/// `GET /api/v1/tournaments/{slug}/rounds/{round}`: the round's matches ([`match_json`])
/// with their released room results.
async fn round(
    snapshot: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let round = round_of(&snapshot.event, &path.1)?;
    let matches: Vec<Value> = snapshot
        .report
        .matches
        .iter()
        .filter(|m| m.round == round.number)
        .map(|m| match_json(&snapshot, m, true))
        .collect();
    Ok(json_response(&json!({
        "slug": snapshot.event.settings.slug,
        "revision": snapshot.revision,
        "round": round.number,
        "boards": round.boards.len(),
        "board_urls": round
            .boards
            .iter()
            .map(|b| url(&snapshot.event, &format!("/rounds/{}/boards/{}", round.number, b.number)))
            .collect::<Vec<_>>(),
        "matches": matches,
    })))
}

/// `Access-Control-Allow-Origin` on the API's answers (304s and cached ones included) for
/// an allowed `Origin`; every API answer varies by `Origin`.
pub async fn cors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    if !req.path().starts_with("/api/") {
        return next.call(req).await;
    }
    let allowed = req
        .app_data::<web::Data<AppState>>()
        .zip(req.headers().get(header::ORIGIN))
        .and_then(|(state, origin)| state.api_origins.allows(origin.to_str().ok()?));
    let mut res = next.call(req).await?;
    let headers = res.headers_mut();
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
    if let Some(origin) = allowed {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static("ETag, Fushi-Revision"),
        );
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

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
