//! `GET /t/{slug}/events`: a Server-Sent Events stream that announces every new revision
//! of the tournament. The first event carries the revision current at connection time, so
//! a page that missed changes (a background tab, a dropped connection) can tell at once.
//!
//! Each save is announced twice: `event: revision` with the revision as its data (what the
//! pages' script reads), then `event: change` with JSON saying what changed on the public
//! side ([`super::scope::Scope`]): `{"revision":9,"whole":false,"standings":false,
//! "rounds":[{"round":3,"tables":[2],"boards":[1]}]}`, `"whole":true` when every page may
//! differ. A client that knows only `revision` events keeps working.
//! A comment every [`KEEP_ALIVE`] keeps proxies from closing an idle stream; the stream
//! ends cleanly when the server stops.

use std::sync::Arc;
use std::time::Duration;

use actix_web::HttpResponse;
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use futures_util::stream;
use tokio::sync::broadcast::error::RecvError;

use super::scope::Scope;
use super::{Change, ListenerSlot, Live};
use crate::web::{AppError, AppState};

/// How often an idle stream sends a keep-alive comment.
pub(crate) const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// How long a browser waits before reconnecting a dropped stream, in milliseconds.
const RETRY_MS: u32 = 2000;

/// One revision as an event.
fn revision_event(revision: i64) -> Bytes {
    Bytes::from(format!(
        "id: {revision}\nevent: revision\ndata: {revision}\n\n"
    ))
}

/// A new revision as its two events: `revision`, then `change` with what changed (every
/// page when `scope` is not known).
pub(crate) fn change_events(revision: i64, scope: Option<&Scope>) -> Bytes {
    let whole = Scope::whole();
    let data = scope.unwrap_or(&whole).to_json(revision);
    let mut out = revision_event(revision).to_vec();
    out.extend_from_slice(format!("event: change\ndata: {data}\n\n").as_bytes());
    Bytes::from(out)
}

struct Stream {
    tournament: i32,
    last: i64,
    changes: tokio::sync::broadcast::Receiver<Change>,
    stopping: tokio::sync::watch::Receiver<bool>,
    live: Arc<Live>,
    /// Held for as long as the stream is open.
    _slot: ListenerSlot,
    first: Option<Bytes>,
}

impl Stream {
    async fn next(mut self) -> Option<(Result<Bytes, actix_web::Error>, Stream)> {
        if let Some(first) = self.first.take() {
            return Some((Ok(first), self));
        }
        loop {
            if *self.stopping.borrow() {
                return None;
            }
            tokio::select! {
                received = self.changes.recv() => match received {
                    Ok(change) if change.tournament == self.tournament
                        && change.revision > self.last => {
                        self.last = change.revision;
                        let events = change_events(change.revision, change.scope.as_deref());
                        return Some((Ok(events), self));
                    }
                    Ok(_) => continue,
                    Err(RecvError::Lagged(_)) => {
                        // Too many changes at once for this stream: say where things stand.
                        let Some(revision) = self.live.cached_revision(self.tournament) else {
                            continue;
                        };
                        if revision > self.last {
                            self.last = revision;
                            return Some((Ok(change_events(revision, None)), self));
                        }
                    }
                    Err(RecvError::Closed) => return None,
                },
                _ = tokio::time::sleep(KEEP_ALIVE) => {
                    return Some((Ok(Bytes::from_static(b": keep-alive\n\n")), self));
                }
                _ = self.stopping.changed() => return None,
            }
        }
    }
}

pub(crate) async fn events(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let live = state.live.clone();
    let client = crate::web::client::client_address(&req);
    let Some(slot) = live.listener(client) else {
        return Ok(HttpResponse::ServiceUnavailable()
            .insert_header((header::RETRY_AFTER, "30"))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body("Too many live pages are open; the page's Refresh link still works."));
    };
    // Subscribe before reading the revision, so no change falls between the two.
    let changes = live.subscribe();
    // From memory when the directory has it (no database trip, and the stream opens while
    // the database is away), else from the database.
    let (tournament, revision) = match live.listed(&slug) {
        Some(listed) => (listed.id, listed.revision),
        None => live.revision_of(&slug).await?.ok_or(AppError::NotFound)?,
    };
    let first = Bytes::from(format!("retry: {RETRY_MS}\n\n"))
        .iter()
        .chain(revision_event(revision).iter())
        .copied()
        .collect::<Vec<u8>>();
    let stream = Stream {
        tournament,
        last: revision,
        changes,
        stopping: live.stopping(),
        live: live.clone(),
        _slot: slot,
        first: Some(Bytes::from(first)),
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header(("X-Accel-Buffering", "no"))
        // Each event leaves at once: a compressor would hold it back.
        .insert_header((header::CONTENT_ENCODING, header::ContentEncoding::Identity))
        .streaming(stream::unfold(stream, Stream::next)))
}
