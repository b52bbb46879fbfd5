//! The API of a championship (docs/rules.md §12), from the public snapshot; a tournament
//! without stages has none of these (404):
//!
//! - `/api/v1/tournaments/{slug}/stages`: each league stage's standings, group by group
//!   (`standings.csv`'s blocks)
//! - `/api/v1/tournaments/{slug}/bracket`: the knockout, round by round, every tie with
//!   `bracket.csv`'s figures and its segments
//! - `/api/v1/tournaments/{slug}/bracket/{round}/{table}`: one tie (knockout round, tie)
//! - `/api/v1/tournaments/{slug}/ranking`: the final ranking (`ranking.csv`)

use actix_web::{HttpResponse, web};
use serde_json::{Value, json};

use super::{json_response, standing_json, text};
use crate::rules::bracket::{Bracket, Championship, Slot, Tie};
use crate::rules::stages::group_label;
use crate::web::AppError;
use crate::web::page::PageSnapshot;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/v1/tournaments/{slug}/stages", web::get().to(stages))
        .route("/api/v1/tournaments/{slug}/bracket", web::get().to(bracket))
        .route(
            "/api/v1/tournaments/{slug}/bracket/{round}/{table}",
            web::get().to(tie),
        )
        .route("/api/v1/tournaments/{slug}/ranking", web::get().to(ranking));
}

fn championship(snapshot: &PageSnapshot) -> Result<Championship, AppError> {
    Championship::compute(&snapshot.event, &snapshot.report).ok_or(AppError::NotFound)
}

/// `GET /api/v1/tournaments/{slug}/stages`: every stage with its rounds and format; a
/// league stage with its standings blocks (one per group, `group` `null` for a stage
/// without groups), ranked within each block as in `standings.csv`.
async fn stages(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let c = championship(&snapshot)?;
    let event = &snapshot.event;
    let list: Vec<Value> = event
        .settings
        .stages
        .iter()
        .enumerate()
        .map(|(i, stage)| {
            let blocks: Vec<Value> = c
                .tables
                .tables
                .iter()
                .filter(|t| t.stage == i)
                .flat_map(|t| &t.blocks)
                .map(|b| {
                    json!({
                        "group": text(b.group.map(group_label)),
                        "standings": b.standings.iter().map(|s| standing_json(event, s)).collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({
                "stage": i + 1,
                "name": stage.name,
                "first_round": stage.first_round,
                "last_round": stage.last_round,
                "format": stage.format.code(),
                "blocks": blocks,
            })
        })
        .collect();
    Ok(json_response(&json!({
        "slug": event.settings.slug,
        "revision": snapshot.revision,
        "stages": list,
    })))
}

/// A side of a tie: the team and its seed, or `null` while waiting or for nobody.
fn side(slot: Slot) -> (Value, Value) {
    match slot.team() {
        Some(s) => (json!(s.team.0), json!(s.seed)),
        None => (Value::Null, Value::Null),
    }
}

/// One tie with `bracket.csv`'s columns (a bye has its team at home, no carry-over or
/// totals) and its segments: each round with its table and, once complete, the home
/// side's levels and points.
fn tie_json(b: &Bracket, ko_round: u32, t: &Tie) -> Value {
    // As in bracket.csv: a bye's team is at home.
    let (home, away) = match (t.home.team(), t.away.team()) {
        (None, Some(_)) => (t.away, t.home),
        _ => (t.home, t.away),
    };
    let played = home.team().is_some() && away.team().is_some();
    let figure = |v: Value| if played { v } else { Value::Null };
    let total = t.home_total();
    let points = t.home_points();
    let (home_team, home_seed) = side(home);
    let (away_team, away_seed) = side(away);
    let segments: Vec<Value> = t
        .segments
        .iter()
        .map(|s| {
            json!({
                "round": s.round,
                "table": s.table,
                "home_levels": s.home_levels,
                "home_points": s.home_points,
            })
        })
        .collect();
    json!({
        "ko_round": ko_round,
        "tie": t.number,
        "play_off": t.play_off,
        "waiting": !t.determined(),
        "home": home_team,
        "away": away_team,
        "home_seed": home_seed,
        "away_seed": away_seed,
        "carry_over": figure(json!(t.carry_over.two_decimals())),
        "segments_complete": t.complete_segments(),
        "home_total": figure(json!(total.two_decimals())),
        "away_total": figure(json!(total.negate().two_decimals())),
        "home_points": figure(json!(points)),
        "away_points": figure(json!(-points)),
        "winner": t.winner().team().map(|w| w.team.0),
        "status": t.status.code(),
        "segments": segments,
        "exchanges": t
            .exchanges
            .iter()
            .map(|&i| {
                let x = &b.exchanges[i];
                json!({"teams": [x.teams[0].0, x.teams[1].0], "reason": x.reason})
            })
            .collect::<Vec<_>>(),
    })
}

/// `GET /api/v1/tournaments/{slug}/bracket`: the knockout round by round, the play-off
/// last; every tie, those still waiting for their sides too (`waiting`, sides `null`).
async fn bracket(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let c = championship(&snapshot)?;
    let b = c.bracket.as_ref().ok_or(AppError::NotFound)?;
    let rounds: Vec<Value> = b
        .rounds
        .iter()
        .map(|ko| {
            json!({
                "ko_round": ko.number,
                "name": ko.name().code(),
                "first_round": ko.first_round,
                "last_round": ko.last_round,
                "ties": ko.ties.iter().map(|t| tie_json(b, ko.number, t)).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(json_response(&json!({
        "slug": snapshot.event.settings.slug,
        "revision": snapshot.revision,
        "stage": b.stage + 1,
        "seeds": b.seeds.iter().map(|s| s.0).collect::<Vec<_>>(),
        "third_place": b.third_place,
        "ko_rounds": rounds,
    })))
}

/// `GET /api/v1/tournaments/{slug}/bracket/{round}/{table}`: one tie whose sides are known,
/// by knockout round and tie number, as on the tie's page.
async fn tie(
    snapshot: PageSnapshot,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let ko = crate::web::page::path_number(&path.1)?;
    let number = crate::web::page::path_number(&path.2)?;
    let c = championship(&snapshot)?;
    let b = c.bracket.as_ref().ok_or(AppError::NotFound)?;
    let round = b
        .rounds
        .iter()
        .find(|r| i64::from(r.number) == i64::from(ko))
        .ok_or(AppError::NotFound)?;
    let t = round
        .ties
        .iter()
        .find(|t| i64::from(t.number) == i64::from(number) && t.listed())
        .ok_or(AppError::NotFound)?;
    let mut value = tie_json(b, round.number, t);
    value["slug"] = json!(snapshot.event.settings.slug);
    value["revision"] = json!(snapshot.revision);
    value["name"] = json!(round.name().code());
    Ok(json_response(&value))
}

/// `GET /api/v1/tournaments/{slug}/ranking`: `ranking.csv`'s rows; `place` is `"3"` or
/// `"3="`, `null` while undecided.
async fn ranking(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let c = championship(&snapshot)?;
    let event = &snapshot.event;
    let rows: Vec<Value> = c
        .ranking
        .iter()
        .map(|l| {
            json!({
                "place": text(l.place.map(|_| l.place_label())),
                "team_no": l.team.0,
                "name": event.team(l.team).map(|t| t.name.as_str()).unwrap_or(""),
                "stage": l.stage + 1,
                "reached": text(l.reached.map(|r| r.code())),
            })
        })
        .collect();
    Ok(json_response(&json!({
        "slug": event.settings.slug,
        "revision": snapshot.revision,
        "ranking": rows,
    })))
}
