//! The registry's public players (docs/rules.md §14): `GET /api/v1/players`, every player
//! whose page is public, by id, paged; `GET /api/v1/players/{id}`, one of them with their
//! published events, the boards they played and their Butler per event, read from each
//! event's public view (released boards only) as the page `/p/{id}` is; `GET
//! /api/v1/ratings`, the public players' rows of `ratings.csv`, by id, paged.
//!
//! Only public players are ever named: any other id (not public, removed, never issued)
//! answers exactly as an id that does not exist. An id merged into a public player
//! redirects to the kept one. Each answer carries an ETag made of the database's id and
//! the answer's own digest, and a matching `If-None-Match` is answered `304`.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::PageParams;
use super::edge::ApiError;
use super::index::matches;
use super::paging::Paging;
use crate::db::players::events::events_of;
use crate::db::players::{self, IdNow, Player};
use crate::rules::player_id::PlayerId;
use crate::web::live::http::PUBLIC_CACHE_CONTROL;
use crate::web::page::with_db;
use crate::web::player_lines::event_lines;
use crate::web::{AppError, AppState};

/// A public player in the list.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct PlayerItem {
    /// `P12`.
    id: String,
    name: String,
    /// Pinyin or English; empty when none.
    second_name: String,
    club: String,
    /// This player's answer in the API.
    url: String,
    /// This player's page.
    page: String,
}

impl PlayerItem {
    fn of(p: &Player) -> PlayerItem {
        PlayerItem {
            id: p.id.to_string(),
            name: p.fields.name.clone(),
            second_name: p.fields.second_name.clone(),
            club: p.fields.club.clone(),
            url: format!("/api/v1/players/{}", p.id),
            page: format!("/p/{}", p.id),
        }
    }
}

/// `GET /api/v1/players`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct PlayersAnswer {
    /// One page of the public players, by id.
    players: Vec<PlayerItem>,
    next: Option<String>,
}

/// A team of an event that names the player.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct PlayerTeam {
    team_no: i32,
    name: String,
}

/// One published event of a player.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct PlayerEventItem {
    slug: String,
    name: String,
    /// `2026-12-05 – 2026-12-06`, or empty.
    dates: String,
    teams: Vec<PlayerTeam>,
    /// Boards played, over released boards.
    boards: u32,
    /// The exact sum of the player's pairs' Butler scores to 2 decimals; `null` before a
    /// board.
    butler: Option<String>,
    /// The Butler average per board to 2 decimals; `null` before a board.
    per_board: Option<String>,
    /// The event in the API.
    url: String,
}

/// A player's rating after one rated tournament.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RatingStepItem {
    slug: String,
    name: String,
    /// The tournament's last day, `2026-12-06`.
    ends: String,
    /// Rated boards in all after this tournament.
    boards: u32,
    /// The rating after this tournament, 3 decimals as `ratings.csv`.
    rating: String,
}

/// A player's rating (docs/rules.md §14), as `ratings.csv` writes it.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RatingItem {
    /// 3 decimals, `"0.125"`.
    rating: String,
    boards: u32,
    /// Fewer than 100 rated boards.
    provisional: bool,
    /// One step per rated tournament, in the order ratings are computed.
    history: Vec<RatingStepItem>,
}

/// `GET /api/v1/players/{id}`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct PlayerAnswer {
    #[serde(flatten)]
    player: PlayerItem,
    /// `null` before their first rated board.
    rating: Option<RatingItem>,
    /// Published events that name the player, newest first.
    events: Vec<PlayerEventItem>,
}

/// Answers `body` as JSON with a validator made of the database, the body itself and the
/// coding the reader takes (as every answer's, docs/api.md), or `304` when the reader has
/// it.
pub(super) fn answer_with_etag(req: &HttpRequest, state: &AppState, body: Vec<u8>) -> HttpResponse {
    answer_of(req, state, "players", body)
}

/// [`answer_with_etag`] for an answer of `kind` (no `-` in it).
pub(super) fn answer_of(
    req: &HttpRequest,
    state: &AppState,
    kind: &str,
    body: Vec<u8>,
) -> HttpResponse {
    let digest = hex::encode(&Sha256::digest(&body)[..8]);
    // Shaped as the index's (version, database, then what it is of), so that it names the
    // database the same way.
    let etag = format!(
        "\"{}-{}-{kind}-{digest}-0-0-all{}\"",
        env!("CARGO_PKG_VERSION"),
        state.database_id,
        crate::web::compress::Coding::of_request(req).tag()
    );
    let mut response = if matches(req, &etag) {
        HttpResponse::NotModified().finish()
    } else {
        HttpResponse::Ok()
            .insert_header((header::CONTENT_TYPE, "application/json"))
            .body(body)
    };
    let headers = response.headers_mut();
    if let Ok(value) = header::HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(PUBLIC_CACHE_CONTROL),
    );
    response
}

/// The public players, one page of them, by id.
#[utoipa::path(get, path = "/api/v1/players", params(PageParams),
    responses(
        (status = 200, body = PlayersAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 503, body = ApiError),
    ))]
pub(crate) async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let public = with_db(&state, |conn| Ok(players::public_players(conn)?)).await?;
    let page = paging.page(
        "players",
        public.iter(),
        |p| [i64::try_from(p.id.number()).unwrap_or(i64::MAX), 0, 0, 0],
        PlayerItem::of,
    )?;
    let body = serde_json::to_vec(&PlayersAnswer {
        players: page.items,
        next: page.next,
    })
    .map_err(AppError::internal)?;
    Ok(answer_with_etag(&req, &state, body))
}

/// A public player's rating in the list (docs/rules.md §14), as `ratings.csv` writes it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct RatingLine {
    /// `P12`.
    id: String,
    name: String,
    /// 3 decimals, `"0.125"`, `"-0.031"`.
    rating: String,
    /// Rated boards.
    boards: u32,
    /// Fewer than 100 rated boards.
    provisional: bool,
    /// This player's answer in the API.
    url: String,
}

/// `GET /api/v1/ratings`
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RatingsAnswer {
    /// One page of the public players with a rated board, by id.
    ratings: Vec<RatingLine>,
    next: Option<String>,
}

/// The ratings of the public players who played a rated board, one page of them, by id: the
/// rows of `ratings.csv` for those players (a player who is not public is left out).
#[utoipa::path(get, path = "/api/v1/ratings", params(PageParams),
    responses(
        (status = 200, body = RatingsAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 503, body = ApiError),
    ))]
pub(crate) async fn ratings(
    req: HttpRequest,
    state: web::Data<AppState>,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let (public, rated) = with_db(&state, |conn| {
        let rated = crate::db::ratings::current(conn)?;
        Ok((players::public_players(conn)?, rated))
    })
    .await?;
    let lines = public.into_iter().filter_map(|p| {
        let r = rated.get(&p.id).filter(|r| r.boards > 0)?;
        let n = i64::try_from(p.id.number()).unwrap_or(i64::MAX);
        Some((
            n,
            RatingLine {
                id: p.id.to_string(),
                name: p.fields.name,
                rating: crate::rules::rational::decimals(&r.rating, 3),
                boards: r.boards,
                provisional: r.provisional(),
                url: format!("/api/v1/players/{}", p.id),
            },
        ))
    });
    let page = paging.page("ratings", lines, |(n, _)| [*n, 0, 0, 0], |(_, l)| l)?;
    let body = serde_json::to_vec(&RatingsAnswer {
        ratings: page.items,
        next: page.next,
    })
    .map_err(AppError::internal)?;
    Ok(answer_of(&req, &state, "ratings", body))
}

/// What `/api/v1/players/{id}` finds for an id.
enum Found {
    Player(
        Player,
        Vec<crate::db::players::events::PlayerEvent>,
        Option<Box<crate::db::ratings::PlayerRatingView>>,
    ),
    Moved(PlayerId),
    Nothing,
}

/// One public player with their published events, the boards they played and their
/// Butler per event (released boards only).
#[utoipa::path(get, path = "/api/v1/players/{id}",
    params(("id" = String, Path, description = "A player id, `P12`")),
    responses(
        (status = 200, body = PlayerAnswer),
        (status = 301, description = "A merged id: the kept player's answer"),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 404, body = ApiError), (status = 503, body = ApiError),
    ))]
pub(crate) async fn player(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let Ok(id) = PlayerId::parse(&id) else {
        return Err(AppError::NotFound);
    };
    let found = with_db(&state, move |conn| {
        let IdNow::Player(now) = players::resolve(conn, id)? else {
            return Ok(Found::Nothing);
        };
        let Some(player) = players::get(conn, now)?.filter(|p| p.fields.public) else {
            return Ok(Found::Nothing);
        };
        if now != id {
            return Ok(Found::Moved(now));
        }
        let events = events_of(conn, id)?
            .into_iter()
            .filter(|e| e.published)
            .collect();
        let rating = crate::db::ratings::of_player(conn, id)?.map(Box::new);
        Ok(Found::Player(player, events, rating))
    })
    .await?;
    let (player, events, rating) = match found {
        Found::Nothing => return Err(AppError::NotFound),
        Found::Moved(kept) => {
            return Ok(HttpResponse::MovedPermanently()
                .insert_header((header::LOCATION, format!("/api/v1/players/{kept}")))
                .finish());
        }
        Found::Player(player, events, rating) => (player, events, rating),
    };
    let mut lines = event_lines(&state, id, &events, true).await?;
    lines.reverse();
    let figure = |text: String| (text != "–").then(|| text.replace('−', "-"));
    let answer = PlayerAnswer {
        player: PlayerItem::of(&player),
        rating: rating.map(|r| RatingItem {
            rating: crate::rules::rational::decimals(&r.rating, 3),
            boards: r.boards,
            provisional: r.provisional,
            history: r
                .history
                .into_iter()
                .map(|step| RatingStepItem {
                    ends: step.ends.to_string(),
                    slug: step.slug,
                    name: step.name,
                    boards: step.boards,
                    rating: step.rating,
                })
                .collect(),
        }),
        events: lines
            .into_iter()
            .map(|e| PlayerEventItem {
                url: format!("/api/v1/tournaments/{}", e.slug),
                teams: e
                    .teams
                    .iter()
                    .map(|(no, name)| PlayerTeam {
                        team_no: no.get(),
                        name: name.clone(),
                    })
                    .collect(),
                slug: e.slug,
                name: e.name,
                dates: e.dates,
                boards: e.boards,
                butler: figure(e.butler),
                per_board: figure(e.per_board),
            })
            .collect(),
    };
    let body = serde_json::to_vec(&answer).map_err(AppError::internal)?;
    Ok(answer_with_etag(&req, &state, body))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_players_cursor_names_its_list() {
        let cursor = super::super::paging::encode("players", [12, 0, 0, 0]);
        assert_eq!(
            super::super::paging::decode("players", &cursor),
            Some([12, 0, 0, 0])
        );
        assert_eq!(super::super::paging::decode("tournaments", &cursor), None);
    }
}
