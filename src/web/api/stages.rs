//! The API of a championship (docs/rules.md §12), from the public snapshot; a tournament
//! without stages has none of these (404):
//!
//! - `/api/v1/tournaments/{slug}/stages`: each league stage's standings, group by group
//!   (`standings.csv`'s blocks; their rows paged)
//! - `/api/v1/tournaments/{slug}/bracket`: the knockout, round by round, every tie with
//!   `bracket.csv`'s figures and its segments (its ties paged)
//! - `/api/v1/tournaments/{slug}/bracket/{round}/{table}`: one tie (knockout round, tie)
//! - `/api/v1/tournaments/{slug}/ranking`: the final ranking (`ranking.csv`, paged)

use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::paging::{self, Paging};
use super::{PageParams, SlugParam, StandingRow, edge::ApiError, json_response, standing_row};
use crate::rules::bracket::{Bracket, Championship, Slot, Tie};
use crate::rules::stages::group_label;
use crate::web::AppError;
use crate::web::page::PageSnapshot;
use crate::web::routes::{Need, Routes};

pub(crate) fn declare(routes: &mut Routes) {
    routes
        .get("/api/v1/tournaments/{slug}/stages", Need::Api, stages)
        .get("/api/v1/tournaments/{slug}/bracket", Need::Api, bracket)
        .get(
            "/api/v1/tournaments/{slug}/bracket/{round}/{table}",
            Need::Api,
            tie,
        )
        .get("/api/v1/tournaments/{slug}/ranking", Need::Api, ranking);
}

/// The snapshot's championship, computed once per revision; 404 without stages.
fn championship(snapshot: &PageSnapshot) -> Result<&Championship, AppError> {
    snapshot.championship().ok_or(AppError::NotFound)
}

/// One block of a league stage's standings: a group, or the whole stage, with its rows of
/// this page.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct StandingsBlock {
    /// `null` for a stage without groups.
    group: Option<String>,
    /// The block's rows that are in this page of the answer (all of them when the stages'
    /// standings fit in one page), ranked as in `standings.csv`.
    standings: Vec<StandingRow>,
}

/// A stage with its rounds and format, and a league stage's standings blocks.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct StageItem {
    stage: usize,
    name: String,
    first_round: i32,
    last_round: i32,
    format: String,
    blocks: Vec<StandingsBlock>,
}

/// `GET /api/v1/tournaments/{slug}/stages`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct StagesAnswer {
    slug: String,
    revision: i64,
    /// Every stage, each league stage with every one of its blocks: the standings rows are
    /// paged in this order (stage, block, rank).
    stages: Vec<StageItem>,
    /// The cursor of the next page of standings rows; `null` on the last.
    next: Option<String>,
}

/// Every stage with its rounds and format; a league stage with its standings blocks (one
/// per group, `group` `null` for a stage without groups), ranked within each block as in
/// `standings.csv`. The rows of all blocks are one list, paged in stage, block and rank
/// order: every page lists every stage and block, each with its rows in the page.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/stages", params(SlugParam, PageParams),
    responses(
        (status = 200, body = StagesAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 404, body = ApiError),
    ))]
pub(super) async fn stages(
    snapshot: PageSnapshot,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let c = championship(&snapshot)?;
    let event = &snapshot.event;
    // Each league stage's blocks, in the order `standings.csv` writes them.
    let blocks: Vec<(usize, &_)> = event
        .settings
        .stages
        .iter()
        .enumerate()
        .flat_map(|(i, _)| {
            c.tables
                .tables
                .iter()
                .filter(move |t| t.stage == i)
                .flat_map(|t| &t.blocks)
                .map(move |b| (i, b))
        })
        .collect();
    let rows = blocks.iter().enumerate().flat_map(|(at, (stage, b))| {
        b.standings
            .iter()
            .enumerate()
            .map(move |(rank, s)| ([*stage, at, rank], s))
    });
    let key = |(k, _): &([usize; 3], _)| {
        let n = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
        [n(k[0]), n(k[1]), n(k[2]), 0]
    };
    let page = paging.page("stages", rows, key, |(k, s)| (k[1], standing_row(event, s)))?;
    let mut list: Vec<StageItem> = event
        .settings
        .stages
        .iter()
        .enumerate()
        .map(|(i, stage)| StageItem {
            stage: i + 1,
            name: stage.name.clone(),
            first_round: stage.first_round,
            last_round: stage.last_round,
            format: stage.format.code().to_owned(),
            blocks: Vec::new(),
        })
        .collect();
    // Block `at` of the list above is the `blocks` entry at its place within its stage.
    let mut place_of = Vec::with_capacity(blocks.len());
    for (stage, b) in &blocks {
        place_of.push((*stage, list[*stage].blocks.len()));
        list[*stage].blocks.push(StandingsBlock {
            group: b.group.map(|g| group_label(g).to_string()),
            standings: Vec::new(),
        });
    }
    Ok(page.answer(|rows, next| {
        for (at, row) in rows {
            let (stage, place) = place_of[at];
            list[stage].blocks[place].standings.push(row);
        }
        StagesAnswer {
            slug: event.settings.slug.clone(),
            revision: snapshot.revision,
            stages: list,
            next,
        }
    }))
}

/// A segment of a tie: a round with its table and, once complete, the home side's levels
/// and points.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SegmentItem {
    round: i32,
    table: Option<i32>,
    home_levels: Option<i64>,
    home_points: Option<i64>,
}

/// Two teams the director exchanged in the bracket, and why.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ExchangeItem {
    reason: String,
    teams: [i32; 2],
}

/// One tie with `bracket.csv`'s columns (a bye has its team at home, no carry-over or
/// totals) and its segments.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct TieItem {
    ko_round: u32,
    tie: u32,
    play_off: bool,
    /// Its sides are not known yet (`home` and `away` are `null`).
    waiting: bool,
    home: Option<i32>,
    away: Option<i32>,
    home_seed: Option<u32>,
    away_seed: Option<u32>,
    carry_over: Option<String>,
    segments_complete: usize,
    home_total: Option<String>,
    away_total: Option<String>,
    home_points: Option<i64>,
    away_points: Option<i64>,
    winner: Option<i32>,
    status: String,
    segments: Vec<SegmentItem>,
    exchanges: Vec<ExchangeItem>,
}

/// A side of a tie: the team and its seed, or `None` while waiting or for nobody.
fn side(slot: Slot) -> (Option<i32>, Option<u32>) {
    match slot.team() {
        Some(s) => (Some(s.team.0), Some(s.seed)),
        None => (None, None),
    }
}

fn tie_item(b: &Bracket, ko_round: u32, t: &Tie) -> TieItem {
    // As in bracket.csv: a bye's team is at home.
    let (home, away) = match (t.home.team(), t.away.team()) {
        (None, Some(_)) => (t.away, t.home),
        _ => (t.home, t.away),
    };
    let played = home.team().is_some() && away.team().is_some();
    let total = t.home_total();
    let points = t.home_points();
    let (home_team, home_seed) = side(home);
    let (away_team, away_seed) = side(away);
    TieItem {
        ko_round,
        tie: t.number,
        play_off: t.play_off,
        waiting: !t.determined(),
        home: home_team,
        away: away_team,
        home_seed,
        away_seed,
        carry_over: played.then(|| t.carry_over.two_decimals()),
        segments_complete: t.complete_segments(),
        home_total: played.then(|| total.two_decimals()),
        away_total: played.then(|| total.negate().two_decimals()),
        home_points: played.then_some(points),
        away_points: played.then_some(-points),
        winner: t.winner().team().map(|w| w.team.0),
        status: t.status.code().to_owned(),
        segments: t
            .segments
            .iter()
            .map(|s| SegmentItem {
                round: s.round,
                table: s.table,
                home_levels: s.home_levels,
                home_points: s.home_points,
            })
            .collect(),
        exchanges: t
            .exchanges
            .iter()
            .map(|&i| {
                let x = &b.exchanges[i];
                ExchangeItem {
                    reason: x.reason.clone(),
                    teams: [x.teams[0].0, x.teams[1].0],
                }
            })
            .collect(),
    }
}

/// A knockout round with its ties of this page.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct KoRoundItem {
    ko_round: u32,
    name: String,
    first_round: i32,
    last_round: i32,
    /// The round's ties that are in this page of the bracket (all of them when the
    /// bracket fits in one page), in tie order.
    ties: Vec<TieItem>,
}

/// `GET /api/v1/tournaments/{slug}/bracket`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct BracketAnswer {
    slug: String,
    revision: i64,
    stage: usize,
    seeds: Vec<i32>,
    third_place: bool,
    /// Every knockout round, the play-off last, each with its ties of this page: the
    /// bracket's ties are paged in this order.
    ko_rounds: Vec<KoRoundItem>,
    /// The cursor of the next page of ties; `null` on the last.
    next: Option<String>,
}

/// The knockout round by round, the play-off last, with one page of its ties in that order;
/// every tie, those still waiting for their sides too (`waiting`, sides `null`).
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/bracket", params(SlugParam, PageParams),
    responses(
        (status = 200, body = BracketAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 404, body = ApiError),
    ))]
pub(super) async fn bracket(
    snapshot: PageSnapshot,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let c = championship(&snapshot)?;
    let b = c.bracket.as_ref().ok_or(AppError::NotFound)?;
    // Keyed by place in the bracket's order (its shape is set once the stage is drawn).
    let ties = b
        .rounds
        .iter()
        .enumerate()
        .flat_map(|(at, ko)| ko.ties.iter().map(move |t| (at, ko.number, t)))
        .enumerate();
    let page = paging.page(
        "bracket",
        ties,
        |(place, _)| paging::place(*place),
        |(_, (at, ko, t))| (at, tie_item(b, ko, t)),
    )?;
    let mut rounds: Vec<KoRoundItem> = b
        .rounds
        .iter()
        .map(|ko| KoRoundItem {
            ko_round: ko.number,
            name: ko.name().code().to_owned(),
            first_round: ko.first_round,
            last_round: ko.last_round,
            ties: Vec::new(),
        })
        .collect();
    Ok(page.answer(|ties, next| {
        for (at, tie) in ties {
            rounds[at].ties.push(tie);
        }
        BracketAnswer {
            slug: snapshot.event.settings.slug.clone(),
            revision: snapshot.revision,
            stage: b.stage + 1,
            seeds: b.seeds.iter().map(|s| s.0).collect(),
            third_place: b.third_place,
            ko_rounds: rounds,
            next,
        }
    }))
}

/// `GET /api/v1/tournaments/{slug}/bracket/{round}/{table}`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct TieAnswer {
    slug: String,
    revision: i64,
    /// The knockout round's name.
    name: String,
    #[serde(flatten)]
    tie: TieItem,
}

/// One tie whose sides are known, by knockout round and tie number, as on the tie's page.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/bracket/{round}/{table}",
    params(SlugParam, ("round" = u32, Path, description = "The knockout round"),
        ("table" = u32, Path, description = "The tie's number")),
    responses(
        (status = 200, body = TieAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 404, body = ApiError),
    ))]
pub(super) async fn tie(
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
    Ok(json_response(&TieAnswer {
        slug: snapshot.event.settings.slug.clone(),
        revision: snapshot.revision,
        name: round.name().code().to_owned(),
        tie: tie_item(b, round.number, t),
    }))
}

/// A line of `ranking.csv`.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RankingRow {
    /// `"3"` or `"3="`, `null` while undecided.
    place: Option<String>,
    team_no: i32,
    name: String,
    stage: usize,
    reached: Option<String>,
}

/// `GET /api/v1/tournaments/{slug}/ranking`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RankingAnswer {
    slug: String,
    revision: i64,
    /// One page of the lines, in ranking order.
    ranking: Vec<RankingRow>,
    next: Option<String>,
}

/// `ranking.csv`'s rows, one page of them; `place` is `"3"` or `"3="`, `null` while
/// undecided.
#[utoipa::path(get, path = "/api/v1/tournaments/{slug}/ranking", params(SlugParam, PageParams),
    responses(
        (status = 200, body = RankingAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 404, body = ApiError),
    ))]
pub(super) async fn ranking(
    snapshot: PageSnapshot,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let c = championship(&snapshot)?;
    let event = &snapshot.event;
    let list = paging.page(
        "ranking",
        c.ranking.iter().enumerate(),
        |(at, _)| paging::place(*at),
        |(_, l)| RankingRow {
            place: l.place.map(|_| l.place_label()),
            team_no: l.team.0,
            name: event
                .team(l.team)
                .map(|t| t.name.clone())
                .unwrap_or_default(),
            stage: l.stage + 1,
            reached: l.reached.map(|r| r.code().to_owned()),
        },
    )?;
    Ok(list.answer(|ranking, next| RankingAnswer {
        slug: event.settings.slug.clone(),
        revision: snapshot.revision,
        ranking,
        next,
    }))
}
