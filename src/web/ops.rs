//! Running fushi as a service: the probes a load balancer asks (`/healthz`, `/readyz`),
//! what Prometheus scrapes (`/metrics`), and the request log with its request id.
//!
//! - `/healthz`: 200 whenever the process serves; touches nothing else.
//! - `/readyz`: `ready` when the database answers `SELECT 1` within [`READY_TIMEOUT`] and,
//!   on SQLite, can take what a sign-in writes ([`sqlite_can_write`]: a write transaction
//!   begins, the file and its folder are writable, at least [`MIN_FREE_BYTES`] are free on
//!   its disk); else `degraded` with the reason, still 200: the server keeps serving the
//!   public pages it has rendered (marked as possibly out of date) and refuses writes with
//!   503, the typed form kept.
//! - `/metrics`: the [`super::metrics`] text, only to a request from a loopback address
//!   that did not come through a proxy (no `Forwarded` / `X-Forwarded-For`), or one with
//!   `Authorization: Bearer` and the configured `FUSHI_METRICS_TOKEN`; everyone else 403.

use std::net::IpAddr;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, web};
use tracing::Instrument;

use super::AppState;
use super::routes::{Need, Routes};

/// How long `/readyz` waits for the database.
pub(crate) const READY_TIMEOUT: Duration = Duration::from_secs(1);

/// The least free space on the disk that holds the SQLite file for `/readyz` to say
/// `ready`: a sign-in's and a save's pages and their journal, with room to spare.
pub(crate) const MIN_FREE_BYTES: u64 = 1024 * 1024;

/// The response header that carries the request's id.
pub(crate) const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The probes and the metrics, declared with who may reach them.
pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/healthz", Need::Probe, healthz)
        .get("/readyz", Need::Probe, readyz)
        .get("/metrics", Need::Metrics, metrics);
}

/// A plain-text answer for machines, kept as it is by the error pages.
fn plain(status: actix_web::http::StatusCode, text: String) -> HttpResponse {
    let mut res = HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(text);
    res.extensions_mut().insert(super::page::Rendered);
    res
}

/// `GET /healthz`
async fn healthz() -> HttpResponse {
    plain(actix_web::http::StatusCode::OK, "ok\n".to_owned())
}

/// `GET /readyz`
async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let pool = state.pool.clone();
    let check = web::block(move || {
        use diesel::connection::SimpleConnection;
        let mut conn = pool.get_timeout(READY_TIMEOUT).map_err(|e| e.to_string())?;
        conn.batch_execute("SELECT 1").map_err(|e| e.to_string())?;
        match &mut *conn {
            crate::db::DbConnection::Sqlite(sqlite) => sqlite_can_write(sqlite),
            crate::db::DbConnection::Postgres(_) => Ok(()),
        }
    });
    let why = match tokio::time::timeout(READY_TIMEOUT, check).await {
        Ok(Ok(Ok(()))) => return plain(actix_web::http::StatusCode::OK, "ready\n".to_owned()),
        Ok(Ok(Err(e))) => format!("the database: {e}"),
        Ok(Err(e)) => format!("the database check: {e}"),
        Err(_) => format!(
            "the database did not answer within {} ms",
            READY_TIMEOUT.as_millis()
        ),
    };
    tracing::warn!(reason = %why, "degraded");
    // Still 200: the server answers what it can (a probe that took it out of service, or
    // restarted it, would take the kept pages away too); the body says what is missing.
    plain(
        actix_web::http::StatusCode::OK,
        format!(
            "degraded: {why}; pages already rendered are still served, marked as possibly out of date, and writes answer 503\n"
        ),
    )
}

/// Whether SQLite can take a write (what a sign-in needs: its throttle counts are written):
/// a write transaction begins (not read-only, no lock held past the busy timeout), the
/// file and its folder (where the journal is made) are writable, and at least
/// [`MIN_FREE_BYTES`] are free on its disk. `Err` says what is missing.
fn sqlite_can_write(conn: &mut diesel::SqliteConnection) -> Result<(), String> {
    use diesel::RunQueryDsl;
    use diesel::connection::SimpleConnection;
    #[derive(diesel::QueryableByName)]
    struct MainFile {
        #[diesel(sql_type = diesel::sql_types::Text)]
        file: String,
    }
    conn.batch_execute("BEGIN IMMEDIATE; ROLLBACK")
        .map_err(|e| format!("the database takes no write: {e}"))?;
    let file = diesel::sql_query("SELECT file FROM pragma_database_list WHERE name = 'main'")
        .get_result::<MainFile>(conn)
        .map_err(|e| e.to_string())?
        .file;
    // An in-memory database has no file.
    if file.is_empty() {
        return Ok(());
    }
    disk_can_write(std::path::Path::new(&file))
}

/// The file and its folder writable, [`MIN_FREE_BYTES`] free on their disk.
#[cfg(unix)]
fn disk_can_write(file: &std::path::Path) -> Result<(), String> {
    use rustix::fs::{Access, access, statvfs};
    let folder = file.parent().unwrap_or(std::path::Path::new("."));
    for path in [file, folder] {
        access(path, Access::WRITE_OK)
            .map_err(|e| format!("{} is not writable: {e}", path.display()))?;
    }
    let space = statvfs(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let free = space.f_bavail.saturating_mul(space.f_frsize);
    if free < MIN_FREE_BYTES {
        return Err(format!(
            "the disk that holds {} is full ({free} bytes free)",
            file.display()
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn disk_can_write(_: &std::path::Path) -> Result<(), String> {
    Ok(())
}

/// `GET /metrics` (the guard has checked [`may_scrape`]): OpenMetrics, or the Prometheus
/// text format when the scraper's `Accept` prefers `text/plain`.
async fn metrics(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    use super::metrics::{Format, prometheus_text};
    let accept = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok());
    let format = Format::accepted(accept);
    let text = state.live.metrics().render(&state);
    let body = match format {
        Format::OpenMetrics => text,
        Format::Prometheus => prometheus_text(&text),
    };
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, format.content_type()))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::VARY, "Accept"))
        .body(body)
}

/// Whether this request may read `/metrics`: the right bearer token, or straight from a
/// loopback address (not forwarded by a proxy on the same machine).
pub(crate) fn may_scrape(req: &HttpRequest, token: Option<&str>) -> bool {
    if let Some(token) = token
        && let Some(given) = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
    {
        return constant_time_eq(given.trim().as_bytes(), token.as_bytes());
    }
    let forwarded = req.headers().contains_key(header::FORWARDED)
        || req.headers().contains_key("x-forwarded-for");
    let loopback = req.peer_addr().is_some_and(|a| match a.ip() {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v| v.is_loopback()),
    });
    loopback && !forwarded
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// This process's request ids: a random prefix, then a counter.
fn next_request_id() -> String {
    static PREFIX: LazyLock<u32> = LazyLock::new(|| {
        let mut bytes = [0u8; 4];
        let _ = getrandom::fill(&mut bytes);
        u32::from_be_bytes(bytes)
    });
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    format!(
        "{:08x}{:08x}",
        *PREFIX,
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// An id a trusted proxy sent along, if it is a plain token of at most 64 characters.
fn forwarded_request_id(req: &ServiceRequest, state: Option<&AppState>) -> Option<String> {
    let peer = req.peer_addr()?.ip();
    if !state?.accounts.trusted_proxies.contains(peer) {
        return None;
    }
    let id = req.headers().get(&REQUEST_ID)?.to_str().ok()?;
    let plain = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    plain.then(|| id.to_owned())
}

/// The longest path the request log shows (a path is at most some kilobytes long).
pub(crate) const LOGGED_PATH: usize = 200;

/// A text a visitor typed, as the log may show it: at most `max` characters (then `…`),
/// every control character (a newline, a carriage return, the escape that starts a
/// terminal's escape sequence) and every invisible formatting character (a bidirectional
/// override) written as `\u{…}`, and a backslash doubled, so that no value can start a
/// line of its own, colour the terminal or read as something else.
pub(crate) fn loggable(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (at, c) in text.chars().enumerate() {
        if at == max {
            out.push('…');
            break;
        }
        let invisible = matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}' | '\u{feff}');
        if c == '\\' {
            out.push_str("\\\\");
        } else if c.is_control() || invisible {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// A short tag of `text` that says nothing of it outside this server's run: the first
/// 8 hex digits of SHA-256 over a random key made at start and the text. The same text gives
/// the same tag until the server stops, so repeated tries can be told apart and counted;
/// the key never leaves memory, so a tag in a log cannot be checked against guesses.
pub(crate) fn private_tag(text: &str) -> String {
    use sha2::{Digest, Sha256};
    static KEY: LazyLock<[u8; 32]> = LazyLock::new(|| {
        let mut key = [0u8; 32];
        let _ = getrandom::fill(&mut key);
        key
    });
    let digest = Sha256::new()
        .chain_update(*KEY)
        .chain_update(text.as_bytes())
        .finalize();
    hex::encode(&digest[..4])
}

/// The path as the log may show it: a path that carries a secret (a table's link,
/// `/table/{token}…`) is written as its route pattern, never as it came.
pub(crate) fn loggable_path<'a>(path: &'a str, route: &'a str) -> &'a str {
    if path.starts_with("/table/") || path == "/table" {
        if route.starts_with("/table/") {
            route
        } else {
            "/table/{token}"
        }
    } else {
        path
    }
}

/// Every request: an id (from a trusted proxy's `X-Request-Id`, else a new one) echoed in
/// the response's `X-Request-Id`, a span that carries it for every event logged while the
/// request runs, one log line when it is answered (client as the trusted-proxy rule sees
/// it, route pattern, status, time), and the request metrics.
pub(crate) async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let started = Instant::now();
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let id = forwarded_request_id(&req, state.as_ref().map(|s| s.get_ref()))
        .unwrap_or_else(next_request_id);
    let client = state
        .as_ref()
        .and_then(|s| s.accounts.trusted_proxies.client(req.request()))
        .map_or_else(|| "-".to_owned(), |ip| ip.to_string());
    let req_method = req.method().clone();
    let method = loggable(req_method.as_str(), 16);
    let route: std::sync::Arc<str> = match &state {
        Some(state) => state.routes_seen.pattern(&req),
        None => req.match_pattern().map(Into::into),
    }
    .unwrap_or_else(|| "unmatched".into());
    let path = loggable(loggable_path(req.path(), &route), LOGGED_PATH);
    let span = tracing::info_span!("request", id = %id);
    let outcome = next.call(req).instrument(span.clone()).await;
    let took = started.elapsed();
    let status = match &outcome {
        Ok(res) => res.status(),
        Err(e) => e.as_response_error().status_code(),
    };
    let ms = took.as_secs_f64() * 1000.0;
    tracing::info!(
        parent: &span,
        client = %client,
        method = %method,
        route = %route,
        path = %path,
        status = status.as_u16(),
        ms = format_args!("{ms:.2}"),
        "answered"
    );
    if let Some(state) = &state {
        state
            .live
            .metrics()
            .request(&route, req_method.as_str(), status.as_u16(), took);
    }
    let mut res = outcome?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(REQUEST_ID, value);
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_values_are_escaped_and_cut_for_the_log() {
        let forged = "evil\n2026-12-05T21:00:00.000000Z  INFO fushi: signed in user=ada";
        let shown = loggable(forged, 200);
        assert!(!shown.contains('\n'), "{shown}");
        assert!(shown.starts_with("evil\\u{a}2026"), "{shown}");
        assert_eq!(
            loggable("\u{1b}[31mred\u{1b}[0m", 100),
            "\\u{1b}[31mred\\u{1b}[0m"
        );
        assert_eq!(loggable("a\u{202e}b\\c\r", 100), "a\\u{202e}b\\\\c\\u{d}");
        assert_eq!(
            loggable(&"x".repeat(500), 10),
            format!("{}…", "x".repeat(10))
        );
        assert_eq!(loggable("名前", 10), "名前");
        // The same text, the same tag; another text, another tag; never the text.
        assert_eq!(private_tag("hunter2"), private_tag("hunter2"));
        assert_ne!(private_tag("hunter2"), private_tag("hunter3"));
        assert_eq!(private_tag("hunter2").len(), 8);
    }

    #[test]
    fn table_links_are_logged_as_their_pattern() {
        assert_eq!(
            loggable_path("/table/abcdef0123456789", "/table/{token}"),
            "/table/{token}"
        );
        assert_eq!(
            loggable_path("/table/abcdef/confirm", "/table/{token}/confirm"),
            "/table/{token}/confirm"
        );
        assert_eq!(
            loggable_path("/table/abc/x/y", "unmatched"),
            "/table/{token}"
        );
        assert_eq!(
            loggable_path("/t/cup/standings", "/t/{slug}/standings"),
            "/t/cup/standings"
        );
    }

    #[test]
    fn request_ids_differ() {
        let a = next_request_id();
        let b = next_request_id();
        assert_ne!(a, b);
        assert_eq!(a.len(), 16);
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(constant_time_eq(b"secret-token", b"secret-token"));
        assert!(!constant_time_eq(b"secret-token", b"secret-tokem"));
        assert!(!constant_time_eq(b"secret", b"secret-token"));
    }
}
