//! What every page shares: the request context (language, flash message, path), rendering
//! a template into a response, and redirects after a successful POST.

use std::future::{Ready, ready};

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::{StatusCode, header};
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, dev::Payload, web};
use askama::Template;

use super::i18n::{LANG_COOKIE, Lang, Tr};
use super::{AppError, AppState};
use std::sync::Arc;

pub(crate) use super::live::PageSnapshot;
use super::live::Snapshot;
use crate::rules::slug::Slug;
use crate::rules::{Event, Settings};

pub(crate) use super::viewer::FLASH_COOKIE;

/// Marks a response whose body is a page of ours, so the error-page middleware leaves a
/// form re-rendered with its errors (status 422) as it is.
#[derive(Clone, Copy)]
pub(crate) struct Rendered;

/// The reader's context: language, messages, a pending confirmation and where they are.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    pub lang: Lang,
    pub t: Tr,
    /// A confirmation carried over from the previous request, already in `lang`.
    pub flash: Option<String>,
    /// This page's path and query, for the language switcher to come back to.
    pub path: String,
    /// Who is signed in, and the CSRF token every form carries.
    pub viewer: super::viewer::Viewer,
    /// The snapshot the public pages' cache chose for this request, if it is one.
    pub snapshot: Option<Arc<Snapshot>>,
}

impl Ctx {
    pub(crate) fn of(req: &HttpRequest) -> Ctx {
        let lang = super::i18n::request_lang(req);
        let t = Tr::new(lang);
        let flash = req
            .cookie(FLASH_COOKIE)
            .map(|c| c.value().to_owned())
            .filter(|key| {
                !key.is_empty()
                    && key
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit())
            })
            .map(|key| t.t(&key));
        let snapshot = req.extensions().get::<PageSnapshot>().map(|p| p.0.clone());
        // A public page is kept for every reader: its links carry the parameters it reads,
        // never what the first reader added.
        let path = match &snapshot {
            Some(_) => match super::live::known_query(req.path(), req.query_string()) {
                known if known.is_empty() => req.path().to_owned(),
                known => format!("{}?{known}", req.path()),
            },
            None => req
                .uri()
                .path_and_query()
                .map_or_else(|| "/".to_owned(), |p| p.as_str().to_owned()),
        };
        Ctx {
            lang,
            t,
            flash,
            path,
            viewer: super::viewer::Viewer::of(req),
            snapshot,
        }
    }

    /// The other languages, for the switcher.
    pub(crate) fn other_langs(&self) -> Vec<Lang> {
        Lang::all().filter(|l| *l != self.lang).collect()
    }
}

impl FromRequest for Ctx {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Ctx::of(req)))
    }
}

/// Renders a page with status 200.
pub(crate) fn render(ctx: &Ctx, page: &impl Template) -> Result<HttpResponse, AppError> {
    render_status(ctx, StatusCode::OK, page)
}

/// Renders a page with a status of choice (422 for a form shown again with its errors).
pub(crate) fn render_status(
    ctx: &Ctx,
    status: StatusCode,
    page: &impl Template,
) -> Result<HttpResponse, AppError> {
    let body = page.render()?;
    let mut response = HttpResponse::build(status);
    response.content_type("text/html; charset=utf-8");
    if ctx.flash.is_some() {
        let mut gone = Cookie::build(FLASH_COOKIE, "").path("/").finish();
        gone.make_removal();
        response.cookie(gone);
    }
    let mut response = response.body(body);
    response.extensions_mut().insert(Rendered);
    Ok(response)
}

/// `next` when it is a plain path of this site, else `default`: it starts with one `/`
/// (not `//` or `/\\`, which browsers read as another host), has no backslash, no
/// scheme, no space or control character (`%09` and `%0a` arrive decoded), only visible
/// ASCII (so it is always a valid `Location`), and at most 2,000 characters.
pub(crate) fn local_path<'a>(next: Option<&'a str>, default: &'a str) -> &'a str {
    next.filter(|n| {
        n.starts_with('/')
            && !n.starts_with("//")
            && n.len() <= 2000
            && n.bytes().all(|b| b.is_ascii_graphic() && b != b'\\')
    })
    .unwrap_or(default)
}

/// 303 See Other to `location`.
pub(crate) fn redirect(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish()
}

/// 303 See Other to `location`, with the message `flash_key` shown on arrival.
pub(crate) fn redirect_with(location: &str, flash_key: &str) -> HttpResponse {
    let cookie = Cookie::build(FLASH_COOKIE, flash_key.to_owned())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .finish();
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .cookie(cookie)
        .finish()
}

/// Runs blocking database work on the thread pool with a pooled connection.
pub(crate) async fn with_db<T, F>(state: &AppState, work: F) -> Result<T, AppError>
where
    F: FnOnce(&mut crate::db::DbConnection) -> Result<T, AppError> + Send + 'static,
    T: Send + 'static,
{
    let pool = state.pool.clone();
    web::block(move || {
        let mut conn = pool.get()?;
        work(&mut conn)
    })
    .await?
}

/// The current snapshot of a tournament and every figure computed from it; 404 when there
/// is no such slug. It waits for the newest revision, so a director sees their own save.
pub(crate) async fn load_event(state: &AppState, slug: &str) -> Result<Arc<Snapshot>, AppError> {
    Ok(state.live.snapshot(slug, true).await?)
}

/// The current snapshot as the page's reader may see it ([`Snapshot::seen_by`]): a
/// director's page that a scorer may open reads this, not [`load_event`].
pub(crate) async fn load_for(
    ctx: &Ctx,
    state: &AppState,
    slug: &str,
) -> Result<Arc<Snapshot>, AppError> {
    Ok(load_event(state, slug)
        .await?
        .seen_by(ctx.viewer.tour_access))
}

/// The snapshot a page of `/t/{slug}` (or an API answer, a file, a sheet of one
/// tournament) is built from, as an extractor: the one the page cache chose for this
/// request (so the page and its validator agree), else the reader's current one. The one
/// way a handler gets a tournament's snapshot by its path's `{slug}`.
impl FromRequest for PageSnapshot {
    type Error = AppError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let ctx = Ctx::of(&req);
            let state = req
                .app_data::<web::Data<AppState>>()
                .ok_or_else(|| AppError::internal("the application state is missing"))?;
            let slug = path_slug(&req)?;
            match ctx.snapshot {
                Some(snapshot) if snapshot.event.settings.slug == slug.as_str() => {
                    Ok(PageSnapshot(snapshot))
                }
                // The tournament's directors and scorers see every result (docs/rules.md
                // §5); only directors the cards of unreleased boards (§13).
                _ => Ok(PageSnapshot(
                    load_event(state, &slug)
                        .await?
                        .seen_by(ctx.viewer.tour_access),
                )),
            }
        })
    }
}

/// The path's `{slug}` as an extractor, parsed once: a path whose slug breaks the rule
/// names no tournament (404) and reaches no query.
impl FromRequest for Slug {
    type Error = AppError;
    type Future = Ready<Result<Slug, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(path_slug(req))
    }
}

/// The path's `{slug}`, parsed: 404 when there is none or it breaks the rule.
pub(crate) fn path_slug(req: &HttpRequest) -> Result<Slug, AppError> {
    let text = req.match_info().get("slug").ok_or(AppError::NotFound)?;
    Slug::parse(text).map_err(|_| AppError::NotFound)
}

/// A number in a page's path or query (`{round}`, `{table}`, `?table=`): digits only,
/// written as the number is (no leading zero), else the page is not there (404). One page,
/// one address: `0001` is not another name of `1` (a padded path is sent to the plain one
/// by [`canonical_numbers`] first).
pub(crate) fn path_number(text: &str) -> Result<i32, AppError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || canonical(text) != text {
        return Err(AppError::not_found());
    }
    text.parse().map_err(|_| AppError::not_found())
}

/// The path parameters that hold numbers: a padded one is redirected.
const NUMBER_PARAMETERS: [&str; 12] = [
    "round", "table", "team", "board", "no", "number", "id", "n", "t", "stage", "index", "ko",
];

/// A number without its leading zeros (`0` stays `0`).
fn canonical(digits: &str) -> &str {
    match digits.trim_start_matches('0') {
        "" if !digits.is_empty() => "0",
        plain => plain,
    }
}

/// The path with every number written plainly, when one of its number parameters (by the
/// route `pattern` it matched) is zero-padded.
pub(crate) fn canonical_path(pattern: &str, path: &str) -> Option<String> {
    let pattern: Vec<&str> = pattern.split('/').collect();
    let segments: Vec<&str> = path.split('/').collect();
    if pattern.len() != segments.len() {
        return None;
    }
    let mut changed = false;
    let plain: Vec<&str> = pattern
        .iter()
        .zip(&segments)
        .map(|(part, segment)| {
            let number = part
                .strip_prefix('{')
                .and_then(|p| p.strip_suffix('}'))
                .is_some_and(|name| NUMBER_PARAMETERS.contains(&name));
            if number
                && segment.bytes().all(|b| b.is_ascii_digit())
                && canonical(segment) != *segment
            {
                changed = true;
                canonical(segment)
            } else {
                segment
            }
        })
        .collect();
    changed.then(|| plain.join("/"))
}

/// Numbers in paths are canonical: a path with a zero-padded number (`/t/cup/rounds/0001/
/// sheets.pdf`) is answered `308 Permanent Redirect` to the plain one, with its query, so
/// that one page has one address (and one entry in the page cache) while a link typed
/// with a padded number still leads to the page; 308 keeps the method and the body.
pub(crate) async fn canonical_numbers(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<
    actix_web::dev::ServiceResponse<
        actix_web::body::EitherBody<impl actix_web::body::MessageBody + 'static>,
    >,
    actix_web::Error,
> {
    // Only a path with a padded number can need it: the others skip the pattern lookup.
    let padded = req.path().split('/').any(|segment| {
        segment.len() > 1 && segment.starts_with('0') && segment.bytes().all(|b| b.is_ascii_digit())
    });
    let plain = padded
        .then(|| req.match_pattern())
        .flatten()
        .and_then(|pattern| canonical_path(&pattern, req.path()));
    let Some(mut location) = plain else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    if !req.query_string().is_empty() {
        location = format!("{location}?{}", req.query_string());
    }
    let response = HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, location))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .finish();
    Ok(req.into_response(response).map_into_right_body())
}

#[derive(serde::Deserialize)]
pub(crate) struct LangChoice {
    lang: String,
    next: Option<String>,
}

/// `GET /lang?lang=en&next=/path`: remembers the choice for a year and goes back.
pub(crate) async fn choose_language(choice: web::Query<LangChoice>) -> HttpResponse {
    let next = local_path(choice.next.as_deref(), "/");
    let mut response = redirect(next);
    if let Some(lang) = Lang::from_code(&choice.lang) {
        let cookie = Cookie::build(LANG_COOKIE, lang.code())
            .path("/")
            .max_age(actix_web::cookie::time::Duration::days(365))
            .same_site(SameSite::Lax)
            .finish();
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// What the navigation of a tournament's pages needs.
#[derive(Clone, Debug)]
pub(crate) struct TourHead {
    pub slug: String,
    pub name: String,
    pub published: bool,
    /// Played in stages: the public navigation links the stages page.
    pub staged: bool,
    /// One of its stages is a knockout: the public navigation links the bracket.
    pub knockout: bool,
}

impl TourHead {
    /// The header of an event's pages.
    pub(crate) fn of(event: &Event) -> TourHead {
        TourHead::of_settings(&event.settings)
    }

    /// The header from the settings alone (a page that loads no more).
    pub(crate) fn of_settings(settings: &Settings) -> TourHead {
        TourHead {
            staged: !settings.stages.is_empty(),
            knockout: settings.stages.iter().any(|s| s.knockout().is_some()),
            ..TourHead::new(&settings.slug, &settings.name, settings.published)
        }
    }

    /// The header from what a page loaded of the tournament.
    pub(crate) fn new(slug: &str, name: &str, published: bool) -> TourHead {
        TourHead {
            slug: slug.to_owned(),
            name: name.to_owned(),
            published,
            staged: false,
            knockout: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_numbers_in_paths_have_one_plain_form() {
        let pattern = "/t/{slug}/rounds/{round}/sheets.pdf";
        assert_eq!(
            canonical_path(pattern, "/t/cup/rounds/0001/sheets.pdf").as_deref(),
            Some("/t/cup/rounds/1/sheets.pdf")
        );
        let sixty = format!("/t/cup/rounds/{}3/sheets.pdf", "0".repeat(60));
        assert_eq!(
            canonical_path(pattern, &sixty).as_deref(),
            Some("/t/cup/rounds/3/sheets.pdf")
        );
        assert_eq!(
            canonical_path("/t/{slug}/rounds/{round}", "/t/cup/rounds/00").as_deref(),
            Some("/t/cup/rounds/0")
        );
        // Plain already, or not a number parameter (a slug may be `007`).
        assert_eq!(canonical_path(pattern, "/t/cup/rounds/10/sheets.pdf"), None);
        assert_eq!(canonical_path(pattern, "/t/007/rounds/1/sheets.pdf"), None);
        assert_eq!(canonical_path("/table/{token}", "/table/0042"), None);
    }

    #[test]
    fn a_padded_number_is_no_page() {
        assert_eq!(path_number("12").ok(), Some(12));
        assert_eq!(path_number("0").ok(), Some(0));
        for bad in ["012", "00", "", "1a", "+1"] {
            assert!(path_number(bad).is_err(), "{bad}");
        }
    }
}
