//! The API's results of the whole field, all from the public snapshot (released boards
//! only, docs/rules.md §5):
//!
//! - `/api/v1/tournaments/{slug}/matches`: every match, `matches.csv`'s figures (paged)
//! - `/api/v1/tournaments/{slug}/results`: every released room result, `results.csv`'s
//!   columns (paged)
//! - `/api/v1/tournaments/{slug}/rounds/{round}/boards/{board}`: a board's traveller, with
//!   its cards once released (its rooms paged)
//! - `/api/v1/tournaments/{slug}/butler`: the Butler ranking (`butler.csv`), with line-ups
//!   (paged)
//! - `/api/v1/tournaments/{slug}/deals`: the seed's commitment, the seed once revealed, and
//!   the cards of every released board (`deals.csv`, paged)

use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::paging::{self, Paging};
use super::{
    MatchItem, PageParams, SlugParam, edge::ApiError, match_item, match_key, round_of, url,
};
use crate::i18n::Tr;
use crate::rules::deal::{Deal, format_cards};
use crate::rules::field::{Traveller, butler};
use crate::rules::{Board, Room, Scorer, Seat};
use crate::web::AppError;
use crate::web::page::{PageSnapshot, path_number};
use crate::web::routes::{Need, Routes};

pub(crate) fn declare(routes: &mut Routes) {
    routes
        .get("/api/v1/tournaments/{slug}/matches", Need::Api, matches)
        .get("/api/v1/tournaments/{slug}/results", Need::Api, results)
        .get(
            "/api/v1/tournaments/{slug}/rounds/{round}/boards/{board}",
            Need::Api,
            traveller,
        )
        .get(
            "/api/v1/tournaments/{slug}/butler",
            Need::Api,
            butler_ranking,
        )
        .get("/api/v1/tournaments/{slug}/deals", Need::Api, deals);
}

/// `GET /api/v1/tournaments/{slug}/matches`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct MatchesAnswer {
    slug: String,
    revision: i64,
    /// One page of every round's matches, in `matches.csv`'s order (round, table).
    matches: Vec<MatchItem>,
    next: Option<String>,
}

/// Every match of every round, one page of them in `matches.csv`'s order, with its figures.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/matches", params(SlugParam, PageParams),
    responses(
        (status = 200, body = MatchesAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 404, body = ApiError),
    ))]
pub(super) async fn matches(
    snapshot: PageSnapshot,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let list = paging.page("matches", &snapshot.report.matches, match_key, |m| {
        match_item(&snapshot, m, false)
    })?;
    Ok(list.answer(|matches, next| MatchesAnswer {
        slug: snapshot.event.settings.slug.clone(),
        revision: snapshot.revision,
        matches,
        next,
    }))
}

/// A released room result with `results.csv`'s columns.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ResultRow {
    round: i32,
    table: i32,
    /// `open` or `closed`.
    room: String,
    board: i32,
    trick_points: Option<i32>,
    bottom_points: Option<i32>,
    last_trick: Option<String>,
    combo: Option<String>,
    declarer_penalty: Option<i32>,
    defender_penalty: Option<i32>,
    ruling: Option<i32>,
    defender_total: Option<i32>,
    table_score: Option<i32>,
    /// The result in English words, as in `results.csv`.
    result: Option<String>,
    provisional: bool,
}

/// `GET /api/v1/tournaments/{slug}/results`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ResultsAnswer {
    slug: String,
    revision: i64,
    /// One page of the released room results, in `results.csv`'s order (round, table,
    /// room, board).
    results: Vec<ResultRow>,
    next: Option<String>,
}

/// Every released room result, one page of them in `results.csv`'s order, its inputs and
/// its computed columns (`result` in English words, as in the file).
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/results", params(SlugParam, PageParams),
    responses(
        (status = 200, body = ResultsAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 404, body = ApiError),
    ))]
pub(super) async fn results(
    snapshot: PageSnapshot,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let scorer = Scorer::new(&event.settings);
    let en = Tr::en();
    let rooms = event.rounds.iter().flat_map(|r| {
        r.matches
            .iter()
            .flat_map(move |m| m.results.iter().map(move |res| (r.number, m.table, res)))
    });
    let room_index = |room: crate::rules::Room| match room {
        crate::rules::Room::Open => 0,
        crate::rules::Room::Closed => 1,
    };
    let list = paging.page(
        "results",
        rooms,
        |(round, table, res)| {
            [
                i64::from(*round),
                i64::from(*table),
                room_index(res.room),
                i64::from(res.board),
            ]
        },
        |(round, table, res)| {
            let e = &res.entry;
            let outcome = scorer.table(e);
            ResultRow {
                round,
                table,
                room: res.room.to_string(),
                board: res.board,
                trick_points: e.trick_points(),
                bottom_points: e.bottom_points(),
                last_trick: e.last_trick().map(|v| v.to_string()),
                combo: e.combo().map(|v| v.to_string()),
                declarer_penalty: e.declarer_penalty(),
                defender_penalty: e.defender_penalty(),
                ruling: e.ruling(),
                defender_total: outcome.and_then(|o| o.defender_total),
                table_score: outcome.map(|o| o.table_score),
                result: outcome.map(|o| crate::sheets::result(&en, &o)),
                provisional: snapshot.provisional(round, table, res.room),
            }
        },
    )?;
    Ok(list.answer(|results, next| ResultsAnswer {
        slug: event.settings.slug.clone(),
        revision: snapshot.revision,
        results,
        next,
    }))
}

/// A board's facts as `boards.csv` has them.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct BoardFacts {
    board: i32,
    dealer: String,
    level: String,
    trump: Option<String>,
}

fn board_facts(board: &Board) -> BoardFacts {
    BoardFacts {
        board: board.number,
        dealer: board.dealer.to_string(),
        level: board.level.to_string(),
        trump: board.trump.map(|t| t.to_string()),
    }
}

/// A deal as `deals.csv`'s cells (docs/deals.md's notation), with the bottom's points.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct DealCards {
    north: String,
    east: String,
    south: String,
    west: String,
    bottom: String,
    bottom_points: i32,
}

fn deal_cards(deal: &Deal) -> DealCards {
    let hand = |s: Seat| format_cards(deal.hand(s));
    DealCards {
        north: hand(Seat::North),
        east: hand(Seat::East),
        south: hand(Seat::South),
        west: hand(Seat::West),
        bottom: format_cards(deal.bottom()),
        bottom_points: deal.bottom_points(),
    }
}

/// One room's result on a board's traveller.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct TravellerRowItem {
    table: i32,
    room: String,
    declarers: i32,
    defenders: i32,
    defender_total: Option<i32>,
    table_score: i32,
    result: String,
    ruled: bool,
    penalties: bool,
    declarers_swing: Option<i32>,
    provisional: bool,
}

/// How often one result was reached on a board.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct FrequencyItem {
    table_score: i32,
    result: String,
    rooms: usize,
}

/// `GET /api/v1/tournaments/{slug}/rounds/{round}/boards/{board}`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct TravellerAnswer {
    slug: String,
    revision: i64,
    round: i32,
    #[serde(flatten)]
    facts: BoardFacts,
    released: bool,
    /// One page of the rooms' results, by table, open room first.
    rows: Vec<TravellerRowItem>,
    datum: Option<String>,
    datum_trimmed: bool,
    average_defender_total: Option<String>,
    frequencies: Vec<FrequencyItem>,
    /// The cards, once the board is released.
    deal: Option<DealCards>,
    /// The cursor of the next page of `rows`; `null` on the last.
    next: Option<String>,
}

/// The board's traveller as its public page shows it — every room's result once the board
/// is released, none before, one page of them by table — with the datum and frequencies of
/// the whole field and, once released, the cards.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/rounds/{round}/boards/{board}",
    params(SlugParam, ("round" = u32, Path, description = "The round's number"),
        ("board" = u32, Path, description = "The board's number"), PageParams),
    responses(
        (status = 200, body = TravellerAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 404, body = ApiError),
    ))]
pub(super) async fn traveller(
    snapshot: PageSnapshot,
    path: web::Path<(String, String, String)>,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let round = round_of(event, &path.1)?;
    let board = path_number(&path.2)?;
    let scorer = Scorer::new(&event.settings);
    let tr = Traveller::of(&scorer, round, board).ok_or(AppError::NotFound)?;
    let en = Tr::en();
    let room_index = |room: Room| match room {
        Room::Open => 0,
        Room::Closed => 1,
    };
    let rows = paging.page(
        "traveller",
        &tr.rows,
        |row| [i64::from(row.table), room_index(row.room), 0, 0],
        |row| TravellerRowItem {
            table: row.table,
            room: row.room.to_string(),
            declarers: row.declarers.0,
            defenders: row.defenders.0,
            defender_total: row.outcome.defender_total,
            table_score: row.score(),
            result: crate::sheets::result(&en, &row.outcome),
            ruled: row.outcome.ruled,
            penalties: row.penalties,
            declarers_swing: row.swing,
            provisional: snapshot.provisional(round.number, row.table, row.room),
        },
    )?;
    let frequencies = tr
        .frequencies
        .iter()
        .map(|f| FrequencyItem {
            table_score: f.score,
            result: crate::sheets::result(&en, &f.outcome),
            rooms: f.count,
        })
        .collect();
    Ok(rows.answer(|rows, next| TravellerAnswer {
        slug: event.settings.slug.clone(),
        revision: snapshot.revision,
        round: round.number,
        facts: board_facts(&tr.board),
        released: snapshot.release.board(round.number, board),
        rows,
        datum: tr.datum.map(|d| d.two_decimals()),
        datum_trimmed: tr.trimmed,
        average_defender_total: tr.average_p.map(|p| p.two_decimals()),
        frequencies,
        // The public event holds the cards of released boards only.
        deal: event.deals.of(round.number, board).map(deal_cards),
        next,
    }))
}

/// A pair's line of `butler.csv`.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ButlerRow {
    rank: String,
    team_no: i32,
    name: String,
    players: [String; 2],
    boards: u32,
    total: String,
    per_board: String,
}

/// `GET /api/v1/tournaments/{slug}/butler`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ButlerAnswer {
    slug: String,
    revision: i64,
    /// One page of the lines, in rank order.
    butler: Vec<ButlerRow>,
    next: Option<String>,
}

/// `butler.csv`'s rows over the released boards, one page of them in rank order; 404 for
/// an event without line-ups.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/butler", params(SlugParam, PageParams),
    responses(
        (status = 200, body = ButlerAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 404, body = ApiError),
    ))]
pub(super) async fn butler_ranking(
    snapshot: PageSnapshot,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    if event.lineups.is_empty() {
        return Err(AppError::NotFound);
    }
    let lines = butler(event);
    let list = paging.page(
        "butler",
        lines.iter().enumerate(),
        |(at, _)| paging::place(*at),
        |(_, l)| ButlerRow {
            rank: l.rank_label(),
            team_no: l.pair.team.0,
            name: event
                .team(l.pair.team)
                .map(|t| t.name.clone())
                .unwrap_or_default(),
            players: l.pair.players.clone(),
            boards: l.boards,
            total: l.total.two_decimals(),
            per_board: l.per_board().two_decimals(),
        },
    )?;
    Ok(list.answer(|butler, next| ButlerAnswer {
        slug: event.settings.slug.clone(),
        revision: snapshot.revision,
        butler,
        next,
    }))
}

/// A dealing seed: its commitment from the start, the seed itself once revealed.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SeedItem {
    commitment: String,
    published: Option<String>,
    rounds: Option<Vec<i32>>,
    seed: Option<String>,
}

/// A released board's cards with its facts.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct DealtBoard {
    board: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    dealer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trump: Option<Option<String>>,
    round: i32,
    deal: DealCards,
    traveller_url: String,
}

/// `GET /api/v1/tournaments/{slug}/deals`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct DealsAnswer {
    slug: String,
    revision: i64,
    decks: i32,
    commitment: Option<String>,
    seed: Option<String>,
    seeds: Vec<SeedItem>,
    /// One page of the released boards' deals, by round, then board.
    boards: Vec<DealtBoard>,
    /// The cursor of the next page of `boards`; `null` on the last.
    next: Option<String>,
}

/// The dealing seed's commitment, the seed once revealed, and `deals.csv`'s rows (released
/// boards only, one page of them by round and board) with each board's facts; 404 for an
/// event that neither deals nor has a commitment.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/deals", params(SlugParam, PageParams),
    responses(
        (status = 200, body = DealsAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 404, body = ApiError),
    ))]
pub(super) async fn deals(
    snapshot: PageSnapshot,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let event = &snapshot.event;
    let d = &event.deals;
    let current = d.current();
    if d.boards.is_empty() && current.is_none() {
        return Err(AppError::NotFound);
    }
    let zone = event.settings.occasion.time_zone;
    let seeds = d
        .seeds
        .iter()
        .map(|s| SeedItem {
            commitment: s.state.commitment().as_str().to_owned(),
            published: s
                .published
                .map(|at| crate::archive::published_text(at, zone)),
            rounds: s.rounds.clone(),
            seed: s.state.revealed().map(|seed| seed.as_str().to_owned()),
        })
        .collect();
    let boards = paging.page(
        "deals",
        &d.boards,
        |b| [i64::from(b.round), i64::from(b.board), 0, 0],
        |b| {
            let facts = event
                .rounds
                .iter()
                .find(|r| r.number == b.round)
                .and_then(|r| r.boards.iter().find(|x| x.number == b.board))
                .map(board_facts);
            DealtBoard {
                board: b.board,
                dealer: facts.as_ref().map(|f| f.dealer.clone()),
                level: facts.as_ref().map(|f| f.level.clone()),
                trump: facts.map(|f| f.trump),
                round: b.round,
                deal: deal_cards(&b.deal),
                traveller_url: url(event, &format!("/rounds/{}/boards/{}", b.round, b.board)),
            }
        },
    )?;
    Ok(boards.answer(|boards, next| DealsAnswer {
        slug: event.settings.slug.clone(),
        revision: snapshot.revision,
        decks: event.settings.decks().count(),
        commitment: current.map(|s| s.state.commitment().as_str().to_owned()),
        seed: current
            .and_then(|s| s.state.revealed())
            .map(|s| s.as_str().to_owned()),
        seeds,
        boards,
        next,
    }))
}
