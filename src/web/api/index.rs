//! `GET /api/v1/tournaments`: the published tournaments, newest first, answered from the
//! directory of published tournaments that the live cache keeps ([`Live::published`]):
//! no tournament's snapshot is built for it, and a reader who has the listing gets a `304`
//! without a query. Its validator names the database and every published tournament's
//! revision, so it changes when one of them does, or one is published or withdrawn; the
//! list itself (names, numbers of teams and rounds) is read once per listing and kept.
//!
//! [`Live::published`]: crate::web::live::Live::published

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::http::header;
use actix_web::web::Bytes;
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
pub(crate) struct IndexItem {
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
pub(crate) struct IndexAnswer {
    /// One page of the published tournaments, newest first.
    tournaments: Vec<IndexItem>,
    next: Option<String>,
}

/// The index as answered, kept until the listing changes: the listing's digest, its items,
/// and the bytes of every page asked for (those a client following `next` from the first
/// reaches: [`paging`]), in each coding, with their validators. A request while the
/// directory's listing revision is the one these were made at is answered from them
/// without reading the listing, serialising or compressing anything.
#[derive(Default)]
pub struct IndexCache(Mutex<Option<Kept>>);

/// One listing's index ([`IndexCache`]).
struct Kept {
    /// The directory's listing revision it was checked at last (`None`: not kept).
    listing: Option<u64>,
    digest: String,
    items: Arc<Vec<IndexItem>>,
    /// A page's bytes by its query ([`paging::known_query`]) and coding.
    answers: HashMap<(String, Coding), Bytes>,
}

/// The most pages' bytes kept for one listing (each coding of a page counts).
const KEPT_ANSWERS: usize = 96;

impl IndexCache {
    /// The digest of the listing at `listing` (the directory's listing revision), when it
    /// is the one kept.
    fn digest_at(&self, listing: u64) -> Option<String> {
        let kept = self.0.lock().ok()?;
        kept.as_ref()
            .filter(|k| k.listing == Some(listing))
            .map(|k| k.digest.clone())
    }

    /// The bytes of page `query` in `coding` of the listing with `digest`, if made.
    fn answer(&self, digest: &str, query: &str, coding: Coding) -> Option<Bytes> {
        let kept = self.0.lock().ok()?;
        let kept = kept.as_ref().filter(|k| k.digest == digest)?;
        kept.answers.get(&(query.to_owned(), coding)).cloned()
    }

    /// The items of the listing with `digest`, if kept; it is now known to be the listing
    /// at `listing`.
    fn items(&self, digest: &str, listing: Option<u64>) -> Option<Arc<Vec<IndexItem>>> {
        let mut kept = self.0.lock().ok()?;
        let kept = kept.as_mut().filter(|k| k.digest == digest)?;
        if listing.is_some() {
            kept.listing = listing;
        }
        Some(kept.items.clone())
    }

    /// Keeps the items of a listing read anew, in place of the one before.
    fn keep(&self, digest: String, listing: Option<u64>, items: Arc<Vec<IndexItem>>) {
        if let Ok(mut kept) = self.0.lock() {
            *kept = Some(Kept {
                listing,
                digest,
                items,
                answers: HashMap::new(),
            });
        }
    }

    /// How many pages' bytes (each coding of a page counts) are kept for the listing kept.
    pub fn answers_kept(&self) -> usize {
        self.0
            .lock()
            .ok()
            .and_then(|kept| kept.as_ref().map(|k| k.answers.len()))
            .unwrap_or(0)
    }

    /// Keeps a page's bytes beside the listing's items (while it is still the one kept).
    fn keep_answer(&self, digest: &str, query: String, coding: Coding, bytes: Bytes) {
        if let Ok(mut kept) = self.0.lock()
            && let Some(kept) = kept.as_mut().filter(|k| k.digest == digest)
            && kept.answers.len() < KEPT_ANSWERS
        {
            kept.answers.insert((query, coding), bytes);
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
    crate::web::validator::names(req, etag)
}

/// The published tournaments, one page of them, newest first (as on the home page).
#[utoipa::path(get, path = "/api/v1/tournaments", params(PageParams),
    responses(
        (status = 200, body = IndexAnswer),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 400, body = ApiError), (status = 503, body = ApiError),
    ))]
pub(crate) async fn index(
    req: HttpRequest,
    state: web::Data<AppState>,
    paging: Paging,
) -> Result<HttpResponse, AppError> {
    let coding = Coding::of_request(&req);
    // Read before the listing: a change after it makes the next request read it again.
    let listing_revision = state.live.listing_revision();
    let digest = match listing_revision.and_then(|r| state.api_index.digest_at(r)) {
        Some(digest) => digest,
        None => {
            let listed = listing(&state).await?;
            let digest = digest(&listed);
            if state.api_index.items(&digest, listing_revision).is_none() {
                let items = Arc::new(items_of(&state, listed).await?);
                state
                    .api_index
                    .keep(digest.clone(), listing_revision, items);
            }
            digest
        }
    };
    let etag = validator(&state.database_id, &digest, coding);
    if matches(&req, &etag) {
        let mut response = HttpResponse::NotModified().finish();
        index_headers(response.headers_mut(), &etag);
        return Ok(response);
    }
    let query = paging::known_query(req.query_string());
    let body = match state.api_index.answer(&digest, &query, coding) {
        Some(body) => body,
        None => {
            // Another request may have read a newer listing meanwhile: this one answers
            // from the listing it named in its validator.
            let items = match state.api_index.items(&digest, None) {
                Some(items) => items,
                None => Arc::new(items_of(&state, listing(&state).await?).await?),
            };
            let page = paging.page(
                "tournaments",
                items.iter().enumerate(),
                |(at, _)| paging::place(*at),
                |(_, item)| item.clone(),
            )?;
            let json = serde_json::to_vec(&IndexAnswer {
                tournaments: page.items,
                next: page.next,
            })
            .map_err(AppError::internal)?;
            let body = match coding {
                Coding::Identity => Bytes::from(json),
                _ => coding.encode(&json),
            };
            if page.keep {
                state
                    .api_index
                    .keep_answer(&digest, query, coding, body.clone());
            }
            body
        }
    };
    let mut response = HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/json"))
        // Marked so that the Compress middleware leaves the bytes as they are.
        .insert_header((header::CONTENT_ENCODING, coding.header_value()))
        .body(body);
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
