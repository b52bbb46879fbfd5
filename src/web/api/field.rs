//! The API's results of the whole field, all from the public snapshot (released boards
//! only, docs/rules.md §5):
//!
//! - `/api/v1/tournaments/{slug}/matches`: every match, `matches.csv`'s figures
//! - `/api/v1/tournaments/{slug}/results`: every released room result, `results.csv`'s
//!   columns
//! - `/api/v1/tournaments/{slug}/rounds/{round}/boards/{board}`: a board's traveller, with
//!   its cards once released
//! - `/api/v1/tournaments/{slug}/butler`: the Butler ranking (`butler.csv`), with line-ups
//! - `/api/v1/tournaments/{slug}/deals`: the seed's commitment, the seed once revealed, and
//!   the cards of every released board (`deals.csv`)

use actix_web::{HttpResponse, web};
use serde_json::{Value, json};

use super::{json_response, match_json, round_of, text, url};
use crate::i18n::Tr;
use crate::rules::deal::{Deal, format_cards};
use crate::rules::field::{Traveller, butler};
use crate::rules::{Board, Scorer, Seat};
use crate::web::AppError;
use crate::web::page::{PageSnapshot, path_number};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/v1/tournaments/{slug}/matches", web::get().to(matches))
        .route("/api/v1/tournaments/{slug}/results", web::get().to(results))
        .route(
            "/api/v1/tournaments/{slug}/rounds/{round}/boards/{board}",
            web::get().to(traveller),
        )
        .route(
            "/api/v1/tournaments/{slug}/butler",
            web::get().to(butler_ranking),
        )
        .route("/api/v1/tournaments/{slug}/deals", web::get().to(deals));
}

/// `GET /api/v1/tournaments/{slug}/matches`: every match of every round, in
/// `matches.csv`'s order and with its figures.
async fn matches(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let list: Vec<Value> = snapshot
        .report
        .matches
        .iter()
        .map(|m| match_json(&snapshot, m, false))
        .collect();
    Ok(json_response(&json!({
        "slug": snapshot.event.settings.slug,
        "revision": snapshot.revision,
        "matches": list,
    })))
}

/// `GET /api/v1/tournaments/{slug}/results`: every released room result in
/// `results.csv`'s order, its inputs and its computed columns (`result` in English words,
/// as in the file).
async fn results(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let scorer = Scorer::new(&event.settings);
    let en = Tr::en();
    let mut list = Vec::new();
    for r in &event.rounds {
        for m in &r.matches {
            for res in &m.results {
                let e = &res.entry;
                let outcome = scorer.table(e);
                list.push(json!({
                    "round": r.number,
                    "table": m.table,
                    "room": res.room.to_string(),
                    "board": res.board,
                    "trick_points": e.trick_points(),
                    "bottom_points": e.bottom_points(),
                    "last_trick": text(e.last_trick()),
                    "combo": text(e.combo()),
                    "declarer_penalty": e.declarer_penalty(),
                    "defender_penalty": e.defender_penalty(),
                    "ruling": e.ruling(),
                    "defender_total": outcome.and_then(|o| o.defender_total),
                    "table_score": outcome.map(|o| o.table_score),
                    "result": outcome.map(|o| crate::sheets::result(&en, &o)),
                    "provisional": snapshot.provisional(r.number, m.table, res.room),
                }));
            }
        }
    }
    Ok(json_response(&json!({
        "slug": event.settings.slug,
        "revision": snapshot.revision,
        "results": list,
    })))
}

/// A board's facts as `boards.csv` has them.
fn board_json(board: &Board) -> Value {
    json!({
        "board": board.number,
        "dealer": board.dealer.to_string(),
        "level": board.level.to_string(),
        "trump": text(board.trump),
    })
}

/// A deal as `deals.csv`'s cells (docs/deals.md's notation), with the bottom's points.
fn deal_json(deal: &Deal) -> Value {
    let hand = |s: Seat| format_cards(deal.hand(s));
    json!({
        "north": hand(Seat::North),
        "east": hand(Seat::East),
        "south": hand(Seat::South),
        "west": hand(Seat::West),
        "bottom": format_cards(deal.bottom()),
        "bottom_points": deal.bottom_points(),
    })
}

/// `GET /api/v1/tournaments/{slug}/rounds/{round}/boards/{board}`: the board's traveller
/// as its public page shows it — every room's result once the board is released, none
/// before — with the datum, the frequencies and, once released, the cards.
async fn traveller(
    snapshot: PageSnapshot,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let round = round_of(event, &path.1)?;
    let board = path_number(&path.2)?;
    let scorer = Scorer::new(&event.settings);
    let tr = Traveller::of(&scorer, round, board).ok_or(AppError::NotFound)?;
    let en = Tr::en();
    let rows: Vec<Value> = tr
        .rows
        .iter()
        .map(|row| {
            json!({
                "table": row.table,
                "room": row.room.to_string(),
                "declarers": row.declarers.0,
                "defenders": row.defenders.0,
                "defender_total": row.outcome.defender_total,
                "table_score": row.score(),
                "result": crate::sheets::result(&en, &row.outcome),
                "ruled": row.outcome.ruled,
                "penalties": row.penalties,
                "declarers_swing": row.swing,
                "provisional": snapshot.provisional(round.number, row.table, row.room),
            })
        })
        .collect();
    let frequencies: Vec<Value> = tr
        .frequencies
        .iter()
        .map(|f| {
            json!({
                "table_score": f.score,
                "result": crate::sheets::result(&en, &f.outcome),
                "rooms": f.count,
            })
        })
        .collect();
    let mut value = board_json(&tr.board);
    value["slug"] = json!(event.settings.slug);
    value["revision"] = json!(snapshot.revision);
    value["round"] = json!(round.number);
    value["released"] = json!(snapshot.release.board(round.number, board));
    value["rows"] = Value::Array(rows);
    value["datum"] = text(tr.datum.map(|d| d.two_decimals()));
    value["datum_trimmed"] = json!(tr.trimmed);
    value["average_defender_total"] = text(tr.average_p.map(|p| p.two_decimals()));
    value["frequencies"] = Value::Array(frequencies);
    // The public event holds the cards of released boards only.
    value["deal"] = event
        .deals
        .of(round.number, board)
        .map_or(Value::Null, deal_json);
    Ok(json_response(&value))
}

/// `GET /api/v1/tournaments/{slug}/butler`: `butler.csv`'s rows over the released boards;
/// 404 for an event without line-ups.
async fn butler_ranking(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    if event.lineups.is_empty() {
        return Err(AppError::NotFound);
    }
    let rows: Vec<Value> = butler(event)
        .iter()
        .map(|l| {
            json!({
                "rank": l.rank_label(),
                "team_no": l.pair.team.0,
                "name": event.team(l.pair.team).map(|t| t.name.as_str()).unwrap_or(""),
                "players": l.pair.players,
                "boards": l.boards,
                "total": l.total.two_decimals(),
                "per_board": l.per_board().two_decimals(),
            })
        })
        .collect();
    Ok(json_response(&json!({
        "slug": event.settings.slug,
        "revision": snapshot.revision,
        "butler": rows,
    })))
}

/// `GET /api/v1/tournaments/{slug}/deals`: the dealing seed's commitment, the seed once
/// revealed, and `deals.csv`'s rows (released boards only) with each board's facts; 404
/// for an event that neither deals nor has a commitment.
async fn deals(snapshot: PageSnapshot) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let d = &event.deals;
    let current = d.current();
    if d.boards.is_empty() && current.is_none() {
        return Err(AppError::NotFound);
    }
    let zone = event.settings.occasion.time_zone;
    let seeds: Vec<Value> = d
        .seeds
        .iter()
        .map(|s| {
            json!({
                "commitment": s.state.commitment().as_str(),
                "published": s.published.map(|at| crate::archive::published_text(at, zone)),
                "rounds": s.rounds,
                "seed": s.state.revealed().map(|seed| seed.as_str()),
            })
        })
        .collect();
    let boards: Vec<Value> = d
        .boards
        .iter()
        .map(|b| {
            let facts = event
                .rounds
                .iter()
                .find(|r| r.number == b.round)
                .and_then(|r| r.boards.iter().find(|x| x.number == b.board));
            let mut value = facts.map_or_else(|| json!({ "board": b.board }), board_json);
            value["round"] = json!(b.round);
            value["deal"] = deal_json(&b.deal);
            value["traveller_url"] = json!(url(
                event,
                &format!("/rounds/{}/boards/{}", b.round, b.board)
            ));
            value
        })
        .collect();
    Ok(json_response(&json!({
        "slug": event.settings.slug,
        "revision": snapshot.revision,
        "decks": event.settings.decks().count(),
        "commitment": text(current.map(|s| s.state.commitment()).as_ref().map(|c| c.as_str())),
        "seed": text(current.and_then(|s| s.state.revealed()).map(|s| s.as_str())),
        "seeds": seeds,
        "boards": boards,
    })))
}
