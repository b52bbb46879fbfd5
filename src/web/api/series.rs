//! The series (docs/rules.md §14): `GET /api/v1/series`, every series with at least one
//! published tournament, by id, paged; `GET /api/v1/series/{slug}`, one of them with its
//! published tournaments in its order (an unfinished one in progress), its `count_best`
//! and its standings exactly as the public page `/s/{slug}` shows them (over the finished,
//! published tournaments; a player whose page is not public without name or id), paged by
//! rank. Each answer carries an ETag made of the database's id and the answer's own digest,
//! and a matching `If-None-Match` is answered `304`.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::PageParams;
use super::edge::ApiError;
use super::paging::{Paging, place};
use super::players::answer_of;
use crate::rules::rational::decimals;
use crate::web::page::with_db;
use crate::web::{AppError, AppState};

/// A series in the list.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SeriesItem {
    slug: String,
    name: String,
    /// How many of each player's best tournaments count; `null`: every one.
    count_best: Option<u32>,
    /// Its published tournaments.
    tournaments: usize,
    /// This series' answer in the API.
    url: String,
    /// Its public page.
    page: String,
}

/// `GET /api/v1/series`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SeriesList {
    /// One page of the series with a published tournament, in the order they were made.
    series: Vec<SeriesItem>,
    next: Option<String>,
}

/// A published tournament of the series.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SeriesTournament {
    slug: String,
    name: String,
    /// Marked finished by its director: its places count. `false`: in progress.
    finished: bool,
    /// The tournament in the API.
    url: String,
}

/// A player's line of the series standings, as the public page shows it.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SeriesStanding {
    /// From 1, never shared (docs/rules.md §14).
    rank: usize,
    /// `P12`; `null` for a player whose page is not public.
    player_id: Option<String>,
    /// `null` for a player whose page is not public.
    name: Option<String>,
    /// Finished tournaments of the series played.
    events: u32,
    /// Placing points of the best `count_best` tournaments, 2 decimals as `series.csv`.
    points: String,
    /// The Butler total over every board played in them, 2 decimals as `series.csv`.
    butler_total: String,
    /// The player's answer in the API; `null` for a player whose page is not public.
    url: Option<String>,
}

/// `GET /api/v1/series/{slug}`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SeriesAnswer {
    slug: String,
    name: String,
    count_best: Option<u32>,
    /// Its public page.
    page: String,
    /// Its standings as `series.csv` (public players named only).
    csv: String,
    /// Its published tournaments, in the series' order.
    tournaments: Vec<SeriesTournament>,
    /// One page of the standings, by rank.
    standings: Vec<SeriesStanding>,
    /// The cursor of the standings' next page.
    next: Option<String>,
}

/// The series with at least one published tournament, one page of them.
#[utoipa::path(get, path = "/api/v1/series", params(PageParams),
    responses(
        (status = 200, body = SeriesList),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 503, body = ApiError),
    ))]
pub(crate) async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let all = with_db(&state, |conn| Ok(crate::db::series::with_published(conn)?)).await?;
    let page = paging.page(
        "series",
        all,
        |(s, _)| [i64::from(s.id), 0, 0, 0],
        |(s, n)| SeriesItem {
            url: format!("/api/v1/series/{}", s.slug),
            page: format!("/s/{}", s.slug),
            slug: s.slug,
            name: s.name,
            count_best: s.count_best,
            tournaments: n,
        },
    )?;
    let body = serde_json::to_vec(&SeriesList {
        series: page.items,
        next: page.next,
    })
    .map_err(AppError::internal)?;
    Ok(answer_of(&req, &state, "series", body))
}

/// One series: its published tournaments and its standings over the finished ones.
#[utoipa::path(get, path = "/api/v1/series/{slug}",
    params(("slug" = String, Path, description = "The series' slug"), PageParams),
    responses(
        (status = 200, body = SeriesAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError),
        (status = 404, body = ApiError, description = "No such series, or none of its tournaments is published"),
        (status = 503, body = ApiError),
    ))]
pub(crate) async fn series(
    req: HttpRequest,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let seen = crate::web::series_page::seen(&state, slug.into_inner()).await?;
    if seen.events.is_empty() {
        return Err(AppError::NotFound);
    }
    let names = &seen.public_names;
    let page = paging.page(
        "standings",
        seen.lines.iter(),
        |l| place(l.rank),
        |l| {
            let name = names.get(&l.player).cloned();
            let id = name.as_ref().map(|_| l.player.to_string());
            SeriesStanding {
                rank: l.rank,
                url: id.as_ref().map(|id| format!("/api/v1/players/{id}")),
                player_id: id,
                name,
                events: l.events,
                points: decimals(&l.points, 2),
                butler_total: decimals(&l.butler_total, 2),
            }
        },
    )?;
    let s = &seen.series;
    let answer = SeriesAnswer {
        page: format!("/s/{}", s.slug),
        csv: format!("/s/{}/series.csv", s.slug),
        slug: s.slug.clone(),
        name: s.name.clone(),
        count_best: s.count_best,
        tournaments: seen
            .events
            .iter()
            .map(|e| SeriesTournament {
                slug: e.slug.clone(),
                name: e.name.clone(),
                finished: e.finished,
                url: format!("/api/v1/tournaments/{}", e.slug),
            })
            .collect(),
        standings: page.items,
        next: page.next,
    };
    let body = serde_json::to_vec(&answer).map_err(AppError::internal)?;
    Ok(answer_of(&req, &state, "seriesone", body))
}
