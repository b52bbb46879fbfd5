//! HTTP in front of the public pages: `HEAD` wherever `GET` works, a strong `ETag` from
//! the database's id, the tournament's revision and the reader's language, `304 Not Modified` for a page
//! the reader already has, Cache-Control that lets a proxy help, and the rendered bytes
//! of each page kept in the page cache ([`super::pages`]) by tournament and revision.
//!
//! A page is cacheable when nobody is signed in and no one-time message is pending: then
//! every reader of a language sees the same bytes. Signed-in readers get the page built
//! from the same snapshot, with `Cache-Control: no-store`.

use std::sync::Arc;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpResponse, web};
use tokio::sync::Notify;

use super::pages::RenderClaim;
use super::{Live, Page, PageSnapshot, Snapshot, known_query};
use crate::db::accounts::Gate;
use crate::web::AppState;
use crate::web::compress::{Coding, compressible};
use crate::web::i18n::Lang;
use crate::web::viewer::Viewer;

/// How long a browser or proxy may use a public page before asking again (it asks with
/// `If-None-Match`, so asking is cheap).
pub const PUBLIC_CACHE_CONTROL: &str = "public, max-age=2, must-revalidate";

/// Signed-in pages are never stored: after signing out, Back must not show them.
pub(crate) const PRIVATE_CACHE_CONTROL: &str = "no-store";

/// How long a reader waits for a page that another reader is rendering.
const RENDER_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// The response header that names the revision a page was built from (the live script
/// compares it with the revision an event announced).
pub const REVISION_HEADER: &str = "fushi-revision";

/// `HEAD` is answered by the `GET` route: same status and headers; the HTTP layer sends
/// no body for a request that arrived as `HEAD`.
pub(crate) async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

/// The strong validator of a tournament's pages at one revision, in one language, at
/// time `now`: it names the database (its own id, docs/decisions.md), the revision and
/// when it was made (a database restored from a backup numbers revisions again), and how
/// many correction periods have ended (a page's "provisional" turns "final" without a new
/// revision).
pub fn etag(
    database: &str,
    snapshot: &Snapshot,
    (lang, coding): (Lang, Coding),
    now: chrono::NaiveDateTime,
) -> String {
    format!(
        "\"{}-{database}-{}-{}-{}-{}-{}{}\"",
        env!("CARGO_PKG_VERSION"),
        snapshot.id,
        snapshot.revision,
        snapshot.changed_at.and_utc().timestamp_micros(),
        snapshot.play.periods_ended(now),
        lang.code(),
        coding.tag()
    )
}

/// Whether `If-None-Match` names this validator (or `*`).
fn matches(req: &ServiceRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == etag || tag == "*")
}

/// The slug of an API path that reads one tournament (`/api/v1/tournaments/{slug}…`).
pub(crate) fn tournament_slug(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/v1/tournaments/")?;
    let slug = rest.split('/').next().unwrap_or(rest);
    crate::rules::slug::Slug::parse(slug)
        .is_ok()
        .then_some(slug)
}

/// The slug of a public page of a tournament (`/t/{slug}` and below), except the event
/// stream and the searches ("find my team", `…/find?q=`).
fn public_slug(path: &str) -> Option<&str> {
    if let Some(slug) = tournament_slug(path) {
        return Some(slug);
    }
    let rest = path.strip_prefix("/t/")?;
    let (slug, tail) = rest.split_once('/').unwrap_or((rest, ""));
    // "Find my team" answers with a redirect or a list of its own query: never kept.
    let find = tail == "find" || tail.ends_with("/find");
    (crate::rules::slug::Slug::parse(slug).is_ok() && tail != "events" && !find).then_some(slug)
}

/// The cache key of a public page: its language, its path and the parameters it reads
/// ([`super::known_query`]). Unknown parameters make no new entry (a PDF is drawn once per
/// revision whatever the query string).
pub fn page_key(lang: Lang, path: &str, query: &str) -> String {
    format!("{}{path}?{}", lang.code(), known_query(path, query))
}

/// In front of every public page of a tournament: answers from the validator or the kept
/// bytes when it can, otherwise hands the handler the snapshot to build from and keeps
/// what it built.
pub(crate) async fn public_pages(
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some((slug, gate, state)) = public_request(&req) else {
        return next.call(req).await;
    };
    let anonymous = Viewer::of(req.request()).user.is_none();
    let cacheable = anonymous && req.cookie(crate::web::viewer::FLASH_COOKIE).is_none();
    let lang = crate::web::i18n::request_lang(req.request());
    let away = state.live.database_away().is_some();
    let snapshot = match state
        .live
        .snapshot_at(gate.tournament, gate.revision, &slug, !cacheable)
        .await
    {
        // The public pages see only what the public may see (docs/rules.md §5); the
        // tournament's directors and scorers see every result there too, and only
        // directors the cards of unreleased boards (§13).
        Ok(snapshot) => snapshot.seen_by(Viewer::of(req.request()).tour_access),
        // The handler reports it (404, or the error page).
        Err(_) => return next.call(req).await,
    };
    let now = chrono::Utc::now().naive_utc();
    let coding = Coding::of_request(req.request());
    let validator = etag(&state.database_id, &snapshot, (lang, coding), now);
    if cacheable && !away && matches(&req, &validator) {
        let response = not_modified(&validator, snapshot.revision);
        return Ok(req.into_response(response));
    }
    // A page that says "provisional" is another page once the period has ended.
    let key = format!(
        "{}#{}",
        page_key(lang, req.path(), req.query_string()),
        snapshot.play.periods_ended(now)
    );
    let live = &state.live;
    let reading = Reading {
        live,
        snapshot: &snapshot,
        key: &key,
        validator: &validator,
        reading: (lang, coding),
        away,
    };
    let claim = if cacheable {
        match reading.kept_or_claim(&req, &state.database_id, now).await {
            Ok(response) => return Ok(req.into_response(response)),
            Err(claim) => claim,
        }
    } else {
        None
    };
    req.extensions_mut().insert(PageSnapshot(snapshot.clone()));
    let response = next.call(req).await?;
    if !cacheable {
        return Ok(private(response));
    }
    if response.status() != StatusCode::OK {
        return Ok(response);
    }
    let (req, res) = response.into_parts();
    let (page, keep) = page_of(res).await?;
    let response = reading.answer(&page);
    if keep {
        live.pages()
            .keep(snapshot.id, snapshot.revision, key.clone(), page);
    }
    drop(claim);
    Ok(ServiceResponse::new(req, response))
}

/// One cacheable reading of a public page: which page, of which snapshot, and how it is
/// answered.
struct Reading<'a> {
    live: &'a Live,
    snapshot: &'a Snapshot,
    key: &'a str,
    validator: &'a str,
    reading: (Lang, Coding),
    away: bool,
}

impl Reading<'_> {
    fn answer(&self, page: &Page) -> HttpResponse {
        let of = (self.live, self.snapshot, self.key);
        page_response(self.validator, of, self.reading, page, self.away)
    }

    /// The page from memory: kept, or, while another reader renders it, the one before
    /// it stood in or its bytes once rendered. Otherwise the claim to render it (`None`
    /// when another reader's rendering did not come in time: this reader renders it too).
    async fn kept_or_claim(
        &self,
        req: &ServiceRequest,
        database: &str,
        now: chrono::NaiveDateTime,
    ) -> Result<HttpResponse, Option<RenderClaim>> {
        let (live, snapshot, key) = (self.live, self.snapshot, self.key);
        if let Some(page) = live.pages().get(snapshot.id, snapshot.revision, key) {
            return Ok(self.answer(&page));
        }
        // One reader renders a page of a new revision; the others wait for its bytes.
        let notify = match live.pages().claim(snapshot.id, snapshot.revision, key) {
            Ok(claim) => return Err(Some(claim)),
            Err(notify) => notify,
        };
        let context = (database, self.reading, now);
        if let Some(response) = stand_in(req, (live, snapshot, key), context, self.away) {
            return Ok(response);
        }
        match rendered_by_another(live, snapshot, key, notify).await {
            Some(page) => Ok(self.answer(&page)),
            None => Err(None),
        }
    }
}

/// A page for a signed-in reader (or one with a message pending): never stored.
fn private(mut response: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(PRIVATE_CACHE_CONTROL),
    );
    response
}

/// While another reader renders page `key` of the snapshot: that page of the revision
/// before, if kept, at once, with that revision's validator (`database`, language, time).
fn stand_in(
    req: &ServiceRequest,
    (live, snapshot, key): (&Live, &Snapshot, &str),
    (database, reading, now): (&str, (Lang, Coding), chrono::NaiveDateTime),
    away: bool,
) -> Option<HttpResponse> {
    let (before, page) = live.stand_in(snapshot, key)?;
    let validator = etag(database, &before, reading, now);
    Some(if matches(req, &validator) {
        not_modified(&validator, before.revision)
    } else {
        page_response(&validator, (live, &before, key), reading, &page, away)
    })
}

/// A `GET` of a tournament's public page, with what the access guard read of the
/// tournament (its id and revision, with its own query) and the app's state; `None` for
/// any other request.
fn public_request(req: &ServiceRequest) -> Option<(String, Gate, web::Data<AppState>)> {
    if req.method() != Method::GET {
        return None;
    }
    let slug = public_slug(req.path()).map(str::to_owned)?;
    let gate = req.extensions().get::<Gate>().copied()?;
    let state = req.app_data::<web::Data<AppState>>().cloned()?;
    Some((slug, gate, state))
}

/// The page `key` of the snapshot as another reader renders it: waits for its bytes (at
/// most [`RENDER_WAIT`]) unless they are kept already; `None` when they did not come.
async fn rendered_by_another(
    live: &Live,
    snapshot: &Snapshot,
    key: &str,
    notify: Arc<Notify>,
) -> Option<Page> {
    let notified = notify.notified();
    tokio::pin!(notified);
    notified.as_mut().enable();
    let page = || live.pages().get(snapshot.id, snapshot.revision, key);
    if page().is_none() {
        let _ = tokio::time::timeout(RENDER_WAIT, notified).await;
    }
    page()
}

/// The rendered page: its content type, its disposition (a file's name) and its bytes, and
/// whether it may be kept (a page of an API list that no client following `next` asks for
/// is served, not kept: [`super::pages::NotKept`]).
async fn page_of(res: HttpResponse<BoxBody>) -> Result<(Page, bool), actix_web::Error> {
    let keep = res.extensions().get::<super::pages::NotKept>().is_none();
    let content_type = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("text/html; charset=utf-8")
        .to_owned();
    let disposition = res
        .headers()
        .get(header::CONTENT_DISPOSITION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = actix_web::body::to_bytes(res.into_body())
        .await
        .map_err(|e| {
            // The body's error is not `Send`: its text is what can be kept.
            crate::web::AppError::internal(format!("reading a rendered page: {e}"))
        })?;
    let page = Page {
        content_type,
        disposition,
        body,
        encoded: Arc::default(),
    };
    Ok((page, keep))
}

/// The headers every cacheable public answer carries.
fn public_headers(response: &mut actix_web::HttpResponseBuilder, validator: &str, revision: i64) {
    response
        .insert_header((header::ETAG, validator))
        .insert_header((header::CACHE_CONTROL, PUBLIC_CACHE_CONTROL))
        .insert_header((header::VARY, "Cookie, Accept-Language, Accept-Encoding"))
        .insert_header((REVISION_HEADER, revision.to_string()));
}

fn not_modified(validator: &str, revision: i64) -> HttpResponse {
    let mut response = HttpResponse::NotModified();
    public_headers(&mut response, validator, revision);
    response.finish()
}

fn page_response(
    validator: &str,
    (live, snapshot, key): (&Live, &Snapshot, &str),
    (lang, coding): (Lang, Coding),
    page: &Page,
    away: bool,
) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    public_headers(&mut response, validator, snapshot.revision);
    response.insert_header((header::CONTENT_TYPE, page.content_type.as_str()));
    if let Some(disposition) = &page.disposition {
        response.insert_header((header::CONTENT_DISPOSITION, disposition.as_str()));
    }
    if !away {
        // The page's bytes in the reader's coding, compressed once per revision; marked
        // so that the Compress middleware leaves them as they are.
        let coding = if compressible(&page.content_type) {
            coding
        } else {
            Coding::Identity
        };
        let (body, added) = page.encoded.get(coding, &page.body);
        live.pages()
            .count(snapshot.id, snapshot.revision, key, added);
        response.insert_header((header::CONTENT_ENCODING, coding.header_value()));
        return response.body(body);
    }
    // The database is away: the page is the last revision this server knows, and says so.
    response.insert_header((STALE_HEADER, "database-unavailable"));
    response.insert_header((header::CACHE_CONTROL, PRIVATE_CACHE_CONTROL));
    let html = page.content_type.starts_with("text/html");
    match html.then(|| with_stale_notice(&page.body, lang)).flatten() {
        Some(body) => response.body(body),
        None => response.body(page.body.clone()),
    }
}

/// The response header on a page served while the database is away: it may be out of date.
pub(crate) const STALE_HEADER: &str = "fushi-stale";

/// Where the notice goes in a page of the layout: at the top of its main part.
const MAIN_OPENS: &[u8] = b"<main id=\"main\" tabindex=\"-1\">";

/// A page's bytes with the "may be out of date" notice at the top of its main part, or
/// `None` when the page has no such part.
fn with_stale_notice(body: &[u8], lang: Lang) -> Option<Vec<u8>> {
    let at = body
        .windows(MAIN_OPENS.len())
        .position(|w| w == MAIN_OPENS)?
        + MAIN_OPENS.len();
    let t = crate::web::i18n::Tr::new(lang);
    let Ok(text) = askama::filters::escape(t.t("live-stale-database"), askama::filters::Html);
    let notice = format!("\n<p class=\"stale-notice\" role=\"status\">{text}</p>");
    let mut out = Vec::with_capacity(body.len() + notice.len());
    out.extend_from_slice(&body[..at]);
    out.extend_from_slice(notice.as_bytes());
    out.extend_from_slice(&body[at..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_paths_name_their_tournament() {
        assert_eq!(public_slug("/t/spring"), Some("spring"));
        assert_eq!(public_slug("/t/spring/standings"), Some("spring"));
        assert_eq!(public_slug("/t/spring/rounds/2/tables/1"), Some("spring"));
        assert_eq!(public_slug("/t/spring/events"), None);
        assert_eq!(public_slug("/t/spring/standings/find"), None);
        assert_eq!(public_slug("/t/spring/rounds/2/find"), None);
        assert_eq!(public_slug("/t/"), None);
        assert_eq!(public_slug("/d/spring"), None);
    }

    #[test]
    fn unknown_query_parameters_make_no_new_cache_key() {
        let key = |q: &str| page_key(Lang::EN, "/t/a/rounds/1/sheets.pdf", q);
        assert_eq!(key(""), key("v=1"));
        assert_eq!(key("v=1&x=".to_owned().repeat(1000).as_str()), key(""));
        assert_eq!(key("blank=1&v=2"), key("v=3&blank=1"));
        assert_ne!(key("blank=1"), key(""));
        // A long value of a known parameter is no page either.
        assert_eq!(key(&format!("blank={}", "1".repeat(9000))), key(""));
        // `blank` as the page reads it: `true` is `1`, anything else no parameter.
        assert_eq!(key("blank=true"), key("blank=1"));
        assert_eq!(key("blank=0"), key(""));
    }

    /// An API list's pages are pages of their own; its other parameters make none, and a
    /// public page's key ignores `cursor` and `limit`.
    #[test]
    fn an_api_pages_cursor_and_limit_are_in_its_key() {
        let key = |p: &str, q: &str| page_key(Lang::EN, p, q);
        let results = "/api/v1/tournaments/a/results";
        assert_ne!(key(results, "cursor=abc"), key(results, ""));
        assert_ne!(key(results, "limit=5"), key(results, ""));
        assert_eq!(key(results, "limit=5&v=1"), key(results, "limit=5"));
        assert_eq!(
            key("/t/a/standings", "cursor=abc&limit=5"),
            key("/t/a/standings", "")
        );
    }

    /// Each table's sheets are a page of their own, and the order of the parameters or a
    /// repeated one makes none.
    #[test]
    fn every_parameter_a_page_reads_is_in_its_key() {
        let key = |q: &str| page_key(Lang::EN, "/t/a/rounds/3/sheets", q);
        assert_ne!(key("table=2"), key(""));
        assert_ne!(key("table=2"), key("table=1"));
        assert_ne!(key("table=2&blank=1"), key("table=2"));
        assert_eq!(key("blank=1&table=2"), key("table=2&v=9&blank=1"));
        assert_eq!(key("table=2&table=1"), key("table=2"));
    }

    /// A list read a page at a time keeps each page apart; a page that reads no `page`
    /// makes no entry of it.
    #[test]
    fn the_pages_of_a_list_are_pages_of_their_own() {
        let standings = |q: &str| page_key(Lang::EN, "/t/a/standings", q);
        assert_ne!(standings("page=2"), standings(""));
        assert_ne!(standings("page=all"), standings("page=2"));
        assert_eq!(standings("v=1&page=2"), standings("page=2"));
        let round = |q: &str| page_key(Lang::EN, "/t/a/rounds/3", q);
        assert_ne!(round("page=2"), round(""));
        for path in [
            "/t/a",
            "/t/a/rounds",
            "/t/a/teams/3",
            "/t/a/rounds/3/tables/1",
        ] {
            assert_eq!(
                page_key(Lang::EN, path, "page=2"),
                page_key(Lang::EN, path, "")
            );
        }
    }
}
