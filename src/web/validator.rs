//! Validators of the public pages that span tournaments (a player's page `/p/{id}`, a
//! series' page `/s/{slug}` and its files): a strong `ETag` made of the database's id and a
//! digest of what the page shows, `304 Not Modified` for a reader who has it, and the same
//! Cache-Control as a tournament's public pages ([`PUBLIC_CACHE_CONTROL`]).
//!
//! The digest is of the page's own inputs, each as the public may see it (released boards
//! only, a player who is not public without name): never a tournament's revision, which
//! moves with results not yet released (docs/rules.md §5), so two databases that differ
//! only in those give the same validators. A page for a signed-in reader (or with a
//! one-time message pending) carries none and is not stored (`no-store`), as a tournament's.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

use crate::web::AppState;
use crate::web::compress::Coding;
use crate::web::live::http::{PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL};
use crate::web::viewer::{FLASH_COOKIE, Viewer};

/// A page's validator, or none for a reader whose page is not stored.
pub(crate) struct Validator {
    etag: Option<String>,
}

/// The digest of a page's inputs, fed piece by piece; each piece ends where the next begins.
#[derive(Default)]
pub(crate) struct Inputs(Sha256);

impl Inputs {
    /// Adds one piece: its length, then its bytes.
    pub(crate) fn add(&mut self, piece: impl AsRef<[u8]>) -> &mut Self {
        let piece = piece.as_ref();
        self.0.update((piece.len() as u64).to_le_bytes());
        self.0.update(piece);
        self
    }

    /// Adds one piece as its `Debug` text (for values whose text says all of them).
    pub(crate) fn add_debug(&mut self, value: &impl std::fmt::Debug) -> &mut Self {
        self.add(format!("{value:?}"))
    }
}

/// Whether `If-None-Match` names `etag` (or `*`).
pub(crate) fn names(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == etag || tag == "*")
}

impl Validator {
    /// The validator of page `kind` (no `-` in it) made of `inputs`, for this request: its
    /// language and the coding its bytes travel in are part of it. `lang` is `all` for an
    /// answer that is the same in every language.
    pub(crate) fn of(
        req: &HttpRequest,
        state: &AppState,
        kind: &str,
        lang: &str,
        inputs: Inputs,
    ) -> Validator {
        let anonymous = Viewer::of(req).user.is_none();
        if !anonymous || req.cookie(FLASH_COOKIE).is_some() {
            return Validator { etag: None };
        }
        let digest = hex::encode(&inputs.0.finalize()[..12]);
        // Shaped as the tournament pages' (version, database, then what it is of), so that it
        // names the database in the same place.
        let etag = format!(
            "\"{}-{}-{kind}-{digest}-0-0-{lang}{}\"",
            env!("CARGO_PKG_VERSION"),
            state.database_id,
            Coding::of_request(req).tag()
        );
        Validator { etag: Some(etag) }
    }

    /// `304 Not Modified` when the reader has this page already.
    pub(crate) fn not_modified(&self, req: &HttpRequest) -> Option<HttpResponse> {
        let etag = self.etag.as_deref()?;
        names(req, etag).then(|| self.headed(HttpResponse::NotModified().finish()))
    }

    /// `response` with the validator and caching headers (`no-store` without a validator).
    pub(crate) fn headed(&self, mut response: HttpResponse) -> HttpResponse {
        let headers = response.headers_mut();
        match &self.etag {
            Some(etag) => {
                if let Ok(value) = HeaderValue::from_str(etag) {
                    headers.insert(header::ETAG, value);
                }
                headers.insert(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static(PUBLIC_CACHE_CONTROL),
                );
                headers.insert(
                    header::VARY,
                    HeaderValue::from_static("Cookie, Accept-Language, Accept-Encoding"),
                );
            }
            None => {
                headers.insert(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static(PRIVATE_CACHE_CONTROL),
                );
            }
        }
        response
    }
}
