//! `GET /api/v1/tournaments`: the published tournaments, newest first, answered from the
//! directory of published tournaments that the live cache keeps ([`Live::published`]):
//! no tournament's snapshot is built for it, and a reader who has the listing gets a `304`
//! without a query. Its validator names the database and every published tournament's
//! revision, so it changes when one of them does, or one is published or withdrawn; the
//! list itself (names, numbers of teams and rounds) is read once per listing and kept.
//!
//! [`Live::published`]: crate::web::live::Live::published

use std::sync::{Arc, Mutex};

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::PageParams;
use super::edge::ApiError;
use super::paging::{self, Paging};
use crate::web::compress::Coding;
use crate::web::live::http::PUBLIC_CACHE_CONTROL;
use crate::web::page::with_db;
use crate::web::{AppError, AppState};

/// A published tournament in the index.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct IndexItem {
    slug: String,
    name: String,
    teams: usize,
    rounds: usize,
    /// When it was created (UTC, `2026-12-01T21:23:54Z`).
    created_at: String,
    /// Its current revision: its answers' `revision`, which changes with every save.
    revision: i64,
    url: String,
}

/// `GET /api/v1/tournaments`
#[derive(Debug, Serialize, ToSchema)]
pub struct IndexAnswer {
    /// One page of the published tournaments, newest first.
    tournaments: Vec<IndexItem>,
    next: Option<String>,
}

/// The index of the last listing asked for: the listing's digest and its items.
#[derive(Default)]
pub struct IndexCache(Mutex<Option<(String, Arc<Vec<IndexItem>>)>>);

impl IndexCache {
    fn get(&self, digest: &str) -> Option<Arc<Vec<IndexItem>>> {
        let kept = self.0.lock().ok()?;
        kept.as_ref()
            .filter(|(d, _)| d == digest)
            .map(|(_, items)| items.clone())
    }

    fn keep(&self, digest: String, items: Arc<Vec<IndexItem>>) {
        if let Ok(mut kept) = self.0.lock() {
            *kept = Some((digest, items));
        }
    }
}

/// The headers of the index's answers, `304`s included.
fn index_headers(headers: &mut header::HeaderMap, etag: &str) {
    if let Ok(value) = header::HeaderValue::from_str(etag) {
        headers.insert(header::ETAG, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(PUBLIC_CACHE_CONTROL),
    );
    headers.insert(
        header::VARY,
        header::HeaderValue::from_static("Accept-Encoding"),
    );
}

/// The published tournaments' ids and revisions, by id: from the directory when it is
/// kept, else (a server without the change watcher) from one query.
async fn listing(state: &AppState) -> Result<Vec<(i32, i64)>, AppError> {
    let mut listed: Vec<(i32, i64)> = match state.live.published() {
        Some(published) => published,
        None => with_db(state, |conn| Ok(crate::db::revision::all(conn)?))
            .await?
            .into_iter()
            .filter(|(_, _, _, published)| *published)
            .map(|(id, _, revision, _)| (id, revision))
            .collect(),
    };
    listed.sort_unstable();
    Ok(listed)
}

/// A short digest of a listing.
fn digest(listed: &[(i32, i64)]) -> String {
    let mut hash = Sha256::new();
    for (id, revision) in listed {
        hash.update(id.to_le_bytes());
        hash.update(revision.to_le_bytes());
    }
    hex::encode(&hash.finalize()[..8])
}

/// The index's validator: shaped as a page's (version, database, then what it is of) so
/// that it names the database the same way.
fn validator(database: &str, digest: &str, coding: Coding) -> String {
    format!(
        "\"{}-{database}-index-{digest}-0-0-all{}\"",
        env!("CARGO_PKG_VERSION"),
        coding.tag()
    )
}

/// Whether `If-None-Match` names `etag` (or `*`).
pub(super) fn matches(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == etag || tag == "*")
}

/// The published tournaments, one page of them, newest first (as on the home page).
#[utoipa::path(get, path = "/api/v1/tournaments", params(PageParams),
    responses(
        (status = 200, body = IndexAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 503, body = ApiError),
    ))]
pub async fn index(
    req: HttpRequest,
    state: web::Data<AppState>,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let listed = listing(&state).await?;
    let digest = digest(&listed);
    let etag = validator(&state.database_id, &digest, Coding::of_request(&req));
    if matches(&req, &etag) {
        let mut response = HttpResponse::NotModified().finish();
        index_headers(response.headers_mut(), &etag);
        return Ok(response);
    }
    let items = match state.api_index.get(&digest) {
        Some(items) => items,
        None => {
            let items = Arc::new(items_of(&state, listed).await?);
            state.api_index.keep(digest, items.clone());
            items
        }
    };
    let page = paging.page(
        "tournaments",
        items.iter().enumerate(),
        |(at, _)| paging::place(*at),
        |(_, item)| item.clone(),
    )?;
    let mut response = page.answer(|tournaments, next| IndexAnswer { tournaments, next });
    index_headers(response.headers_mut(), &etag);
    Ok(response)
}

/// The index's items: the listed tournaments, newest first, at their listed revisions.
async fn items_of(state: &AppState, listed: Vec<(i32, i64)>) -> Result<Vec<IndexItem>, AppError> {
    let all = with_db(state, |conn| Ok(crate::db::list_tournaments(conn)?)).await?;
    let revision: std::collections::HashMap<i32, i64> = listed.into_iter().collect();
    Ok(all
        .into_iter()
        .filter(|t| t.published)
        .filter_map(|t| {
            Some(IndexItem {
                revision: *revision.get(&t.id)?,
                url: format!("/api/v1/tournaments/{}", t.slug),
                created_at: t.created_at.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
                slug: t.slug,
                name: t.name,
                teams: t.teams,
                rounds: t.rounds,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_validator_changes_with_any_published_revision() {
        let a = digest(&[(1, 4), (2, 9)]);
        assert_eq!(a, digest(&[(1, 4), (2, 9)]));
        assert_ne!(a, digest(&[(1, 5), (2, 9)]));
        assert_ne!(a, digest(&[(1, 4)]));
        assert_ne!(a, digest(&[(1, 4), (2, 9), (3, 1)]));
        let tag = validator("db", &a, Coding::Gzip);
        assert!(tag.starts_with('"') && tag.ends_with("-gzip\""));
        assert_ne!(tag, validator("db", &a, Coding::Identity));
        assert_ne!(tag, validator("other", &a, Coding::Gzip));
    }
}
