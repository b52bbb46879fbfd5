//! Accounts in the web: who is asking ([`Viewer`]), what they may reach ([`rule`] and
//! [`decide`], enforced for every request by [`guard`]), the CSRF check of every
//! state-changing request, the login throttle, the session cookie and the security headers.
//!
//! - `/login`, `/logout`, `/setup` ([`pages`]); `/admin/users` ([`admin`])
//! - Every path is classified by [`rule`] before any handler runs, so a route added later
//!   under `/d/{slug}/…` or `/t/{slug}/…` is covered without touching its handler: `/d/…`
//!   needs a signed-in user with access to the tournament (scorers reach only the entry and
//!   round pages), `/t/{slug}/…` of an unpublished tournament is a 404 to everyone without
//!   access, `/admin/…` is for admins.

mod admin;
mod pages;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use actix_session::config::CookieContentSecurity;
use actix_session::storage::CookieSessionStore;
use actix_session::{Session, SessionExt, SessionMiddleware};
use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, Key, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, web};
use askama::Template;
use futures_util::StreamExt;

use super::page::{Ctx, render_status};
use super::{AppError, AppState, MAX_UPLOAD};
use crate::db::accounts::{self, Access, Gate, Role, User};

pub use pages::safe_next;

/// The routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(pages::configure).configure(admin::configure);
}

/// The session keys: the database session id, and the CSRF token.
const SESSION_ID: &str = "sid";
const CSRF: &str = "csrf";
/// The form field and the header that carry the CSRF token.
pub const CSRF_FIELD: &str = "csrf";
const CSRF_HEADER: &str = "x-csrf-token";
/// The session cookie's name.
const SESSION_COOKIE: &str = "fushi_session";

/// Who is asking, as the guard found them; in the request's extensions and in every
/// page's [`Ctx`].
#[derive(Clone, Debug, Default)]
pub struct Viewer {
    pub user: Option<User>,
    /// The session's CSRF token (empty while there is no session).
    pub csrf: String,
    /// What the viewer may do in the tournament of a `/d/{slug}/…` page (admins:
    /// director; a scorer account: scorer, whatever its row says), so pages show only the
    /// links the viewer may follow.
    pub tour_access: Option<Access>,
}

impl Viewer {
    pub fn of(req: &HttpRequest) -> Viewer {
        req.extensions()
            .get::<Viewer>()
            .cloned()
            .unwrap_or_default()
    }

    pub fn is_admin(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.role == Role::Admin)
    }

    /// Whether the viewer runs this tournament (every director page), not only scores.
    pub fn directs(&self) -> bool {
        self.is_admin() || self.tour_access == Some(Access::Director)
    }

    /// Whether the viewer may create and import tournaments.
    pub fn creates(&self) -> bool {
        self.user
            .as_ref()
            .is_some_and(|u| matches!(u.role, Role::Admin | Role::Director))
    }

    /// The signed-in user's id.
    pub fn user_id(&self) -> Option<i32> {
        self.user.as_ref().map(|u| u.id)
    }

    /// Whether the viewer may see a tournament's pages, published or not: admins and
    /// anyone given access.
    pub fn sees_unpublished(&self, access: Option<Access>) -> bool {
        self.is_admin() || (self.user.is_some() && access.is_some())
    }
}

/// The tournaments of `list` a viewer may see: admins all; others those they were given,
/// and with `published_too` every published one (the home page).
pub fn visible(
    conn: &mut crate::db::DbConnection,
    viewer: &Viewer,
    list: Vec<crate::db::TournamentSummary>,
    published_too: bool,
) -> Result<Vec<crate::db::TournamentSummary>, crate::db::DbError> {
    if viewer.is_admin() {
        return Ok(list);
    }
    let given = match viewer.user_id() {
        Some(id) => accounts::access_of(conn, id)?,
        None => HashMap::new(),
    };
    Ok(list
        .into_iter()
        .filter(|t| given.contains_key(&t.id) || (published_too && t.published))
        .collect())
}

impl FromRequest for Viewer {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(Viewer::of(req)))
    }
}

// ---------------------------------------------------------------------------------------
// What a path needs

/// What a request needs, from its method and path alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule<'a> {
    /// Anyone: the home page, the stylesheet, login, setup.
    Open,
    /// Any signed-in user (`/d`, the list of their tournaments).
    SignedIn,
    /// Creating tournaments (`/d/new`, `/d/import`): admins and directors.
    Create,
    /// Admins only.
    Admin,
    /// A tournament's director pages; `scorer` when a scorer may reach this one.
    Manage { slug: &'a str, scorer: bool },
    /// A tournament's public pages.
    Public { slug: &'a str },
    /// A path no page has (escaped characters in a slug): 404.
    NoPage,
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Classifies a request. Anything under `/d/` that is not the list, creation or import is
/// a tournament's page and needs access to it: new routes are closed until allowed here.
pub fn rule<'a>(method: &Method, path: &'a str) -> Rule<'a> {
    let guarded = ["/d", "/t/", "/admin"].iter().any(|p| path.starts_with(p));
    if guarded && path.contains('%') {
        return Rule::NoPage;
    }
    if path == "/admin" || path.starts_with("/admin/") {
        return Rule::Admin;
    }
    if path == "/d" || path == "/d/" {
        return Rule::SignedIn;
    }
    if let Some(rest) = path.strip_prefix("/d/") {
        let (slug, tail) = rest.split_once('/').map_or((rest, ""), |(s, t)| (s, t));
        if slug == "new" || slug == "import" {
            return Rule::Create;
        }
        let read = *method == Method::GET || *method == Method::HEAD;
        let parts: Vec<&str> = tail.split('/').collect();
        let scorer = match parts.as_slice() {
            [""] | ["rounds"] => read,
            ["rounds", n] => read && digits(n),
            ["rounds", n, "tables", t] => digits(n) && digits(t),
            _ => false,
        };
        return Rule::Manage { slug, scorer };
    }
    if path.starts_with("/d") {
        // `/dx…`: not ours, but never open by accident.
        return Rule::NoPage;
    }
    if let Some(rest) = path.strip_prefix("/t/") {
        let slug = rest.split('/').next().unwrap_or("");
        return Rule::Public { slug };
    }
    Rule::Open
}

/// What the guard does with a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    /// Not signed in: to the login page.
    Login,
    /// No user exists yet: to the first-start page.
    Setup,
    Forbidden,
    NotFound,
}

/// Decides a request from its [`Rule`], the viewer, whether any user exists, and — for a
/// tournament's pages — the tournament (`None`: no such slug).
pub fn decide(rule: Rule, user: Option<&User>, has_users: bool, gate: Option<Gate>) -> Outcome {
    let needs_account = matches!(
        rule,
        Rule::SignedIn | Rule::Create | Rule::Admin | Rule::Manage { .. }
    );
    if needs_account && !has_users {
        return Outcome::Setup;
    }
    match rule {
        Rule::Open => Outcome::Pass,
        Rule::NoPage => Outcome::NotFound,
        Rule::Public { .. } => match gate {
            None => Outcome::Pass, // the page itself says 404
            Some(g) if g.published => Outcome::Pass,
            Some(g) => match user {
                Some(u) if u.role == Role::Admin || g.access.is_some() => Outcome::Pass,
                _ => Outcome::NotFound,
            },
        },
        _ => {
            let Some(user) = user else {
                return Outcome::Login;
            };
            match rule {
                Rule::SignedIn => Outcome::Pass,
                Rule::Create => match user.role {
                    Role::Admin | Role::Director => Outcome::Pass,
                    Role::Scorer => Outcome::Forbidden,
                },
                Rule::Admin => {
                    if user.role == Role::Admin {
                        Outcome::Pass
                    } else {
                        Outcome::Forbidden
                    }
                }
                Rule::Manage { scorer, .. } => {
                    let Some(gate) = gate else {
                        return Outcome::NotFound;
                    };
                    match effective_access(user.role, gate.access) {
                        Some(Access::Director) => Outcome::Pass,
                        Some(Access::Scorer) if scorer => Outcome::Pass,
                        _ => Outcome::Forbidden,
                    }
                }
                _ => Outcome::Pass,
            }
        }
    }
}

/// What a user of `role` with the access row `given` may do in a tournament: admins
/// direct every tournament; a scorer account scores, whatever its row says.
pub fn effective_access(role: Role, given: Option<Access>) -> Option<Access> {
    match (role, given) {
        (Role::Admin, _) => Some(Access::Director),
        (Role::Scorer, Some(_)) => Some(Access::Scorer),
        (_, a) => a,
    }
}

// ---------------------------------------------------------------------------------------
// State

/// What the accounts need beside the database: the cookie key, the login throttle, and
/// whether a user exists (remembered once true).
pub struct Accounts {
    pub key: Key,
    pub secure_cookies: bool,
    pub throttle: Throttle,
    has_users: AtomicBool,
}

impl Accounts {
    /// The cookie key from `FUSHI_SECRET_KEY` (hex or base64, 64 bytes or more), else the
    /// one stored in the database (made on first start).
    pub fn load(conn: &mut crate::db::DbConnection) -> Result<Accounts, String> {
        let key = match std::env::var("FUSHI_SECRET_KEY") {
            Ok(text) if !text.trim().is_empty() => parse_key(text.trim())?,
            _ => {
                let hex = accounts::secret(conn, "cookie_key", || accounts::random_hex(64))
                    .map_err(|e| e.to_string())?;
                parse_key(&hex)?
            }
        };
        let secure_cookies = std::env::var("FUSHI_SECURE_COOKIES")
            .is_ok_and(|v| matches!(v.trim(), "1" | "true" | "yes" | "on"));
        Ok(Accounts {
            key,
            secure_cookies,
            throttle: Throttle::default(),
            has_users: AtomicBool::new(false),
        })
    }

    async fn has_users(&self, state: &AppState) -> Result<bool, AppError> {
        if self.has_users.load(Ordering::Relaxed) {
            return Ok(true);
        }
        let any = super::page::with_db(state, |conn| Ok(accounts::has_users(conn)?)).await?;
        if any {
            self.has_users.store(true, Ordering::Relaxed);
        }
        Ok(any)
    }
}

/// A 64-byte (or longer) key written as hex or base64.
fn parse_key(text: &str) -> Result<Key, String> {
    use base64::Engine;
    let bytes = if text.len().is_multiple_of(2) && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16))
            .collect::<Result<Vec<u8>, _>>()
            .map_err(|e| e.to_string())?
    } else {
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text))
            .map_err(|_| "FUSHI_SECRET_KEY is neither hex nor base64".to_owned())?
    };
    Key::try_from(bytes.as_slice())
        .map_err(|_| "FUSHI_SECRET_KEY must hold at least 64 bytes".to_owned())
}

/// Failed logins per account and per address, in memory.
#[derive(Default)]
pub struct Throttle {
    failures: Mutex<HashMap<String, Vec<Instant>>>,
}

/// Failures within [`WINDOW`] before an account is refused.
pub const ACCOUNT_LIMIT: usize = 5;
/// Failures within [`WINDOW`] before an address is refused.
pub const ADDRESS_LIMIT: usize = 20;
/// How long failures count.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);

impl Throttle {
    fn keys(name: &str, addr: Option<IpAddr>) -> [String; 2] {
        [
            format!("user:{}", name.to_lowercase()),
            format!("addr:{}", addr.map_or_else(String::new, |a| a.to_string())),
        ]
    }

    /// Whether a login for `name` from `addr` is refused now.
    pub fn refused(&self, name: &str, addr: Option<IpAddr>) -> bool {
        let now = Instant::now();
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let [user, addr] = Self::keys(name, addr);
        let mut count = |key: &str| {
            map.get_mut(key).map_or(0, |v| {
                v.retain(|t| now.duration_since(*t) < WINDOW);
                v.len()
            })
        };
        count(&user) >= ACCOUNT_LIMIT || count(&addr) >= ADDRESS_LIMIT
    }

    pub fn failed(&self, name: &str, addr: Option<IpAddr>) {
        let now = Instant::now();
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        // Forget what has expired, so the map does not grow without end.
        map.retain(|_, v| v.last().is_some_and(|t| now.duration_since(*t) < WINDOW));
        for key in Self::keys(name, addr) {
            map.entry(key).or_default().push(now);
        }
    }

    pub fn succeeded(&self, name: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        map.remove(&format!("user:{}", name.to_lowercase()));
    }
}

// ---------------------------------------------------------------------------------------
// Middleware

/// The session cookie: private (encrypted and signed), HttpOnly, SameSite=Lax, Secure
/// when configured (and, by [`secure_over_https`], whenever the request came over HTTPS).
pub fn session_middleware(accounts: &Accounts) -> SessionMiddleware<CookieSessionStore> {
    SessionMiddleware::builder(CookieSessionStore::default(), accounts.key.clone())
        .cookie_name(SESSION_COOKIE.to_owned())
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_secure(accounts.secure_cookies)
        .cookie_content_security(CookieContentSecurity::Private)
        .build()
}

/// Uploads over a field's limit answer 413 (the page says the limits), not 400.
pub fn multipart_config() -> actix_multipart::form::MultipartFormConfig {
    use actix_multipart::MultipartError;
    fn overflow(err: &MultipartError) -> bool {
        match err {
            MultipartError::Payload(actix_web::error::PayloadError::Overflow) => true,
            MultipartError::Field { source, .. } => {
                source.as_error::<MultipartError>().is_some_and(overflow)
            }
            _ => false,
        }
    }
    actix_multipart::form::MultipartFormConfig::default().error_handler(|err, _req| {
        if overflow(&err) {
            actix_web::error::InternalError::new(err, StatusCode::PAYLOAD_TOO_LARGE).into()
        } else {
            err.into()
        }
    })
}

/// The security headers of every response.
pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
        ))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
}

/// Marks every cookie `Secure` when the request came over HTTPS (directly, or through a
/// proxy that says so in `X-Forwarded-Proto` / `Forwarded`).
pub async fn secure_over_https(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let https = req.connection_info().scheme() == "https";
    let mut res = next.call(req).await?;
    if https {
        let cookies: Vec<String> = res
            .headers()
            .get_all(header::SET_COOKIE)
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| Cookie::parse(v.to_owned()).ok())
            .map(|mut c| {
                c.set_secure(true);
                c.to_string()
            })
            .collect();
        let headers = res.headers_mut();
        headers.remove(header::SET_COOKIE);
        for c in cookies {
            if let Ok(v) = header::HeaderValue::from_str(&c) {
                headers.append(header::SET_COOKIE, v);
            }
        }
    }
    Ok(res)
}

#[derive(Template)]
#[template(path = "auth/refused.html")]
struct RefusedPage {
    ctx: Ctx,
    status: u16,
    title: String,
    message: String,
}

/// A page of ours explaining a refusal (a CSRF failure, too many logins).
pub fn refused(req: &HttpRequest, status: StatusCode, title: &str, message: &str) -> HttpResponse {
    let ctx = Ctx::of(req);
    let page = RefusedPage {
        status: status.as_u16(),
        title: ctx.t.t(title),
        message: ctx.t.t(message),
        ctx: ctx.clone(),
    };
    render_status(&ctx, status, &page)
        .unwrap_or_else(|_| HttpResponse::build(status).body(status.to_string()))
}

/// The people who can give access: the tournament's directors (for a tournament's page)
/// and the administrators, by name.
fn whom_to_ask(
    conn: &mut crate::db::DbConnection,
    slug: Option<&str>,
) -> Result<Vec<String>, crate::db::DbError> {
    let users = accounts::list_users(conn)?;
    let mut names: Vec<String> = users
        .iter()
        .filter(|u| {
            slug.is_some_and(|slug| {
                u.user.role != Role::Admin
                    && u.access
                        .iter()
                        .any(|(s, _, a)| s == slug && *a == Access::Director)
            })
        })
        .map(|u| u.user.name.clone())
        .collect();
    names.extend(
        users
            .iter()
            .filter(|u| u.user.role == Role::Admin)
            .map(|u| u.user.name.clone()),
    );
    Ok(names)
}

/// The 403 page of the guard: which role or access the page needs, what the viewer has,
/// and whom to ask.
fn forbidden(req: &HttpRequest, user: &User, needs: &str, people: &[String]) -> HttpResponse {
    let ctx = Ctx::of(req);
    let t = &ctx.t;
    let role = t.t(&format!("role-{}", user.role.as_str()));
    let mut message = t.args(
        needs,
        &[("name", user.name.clone().into()), ("role", role.into())],
    );
    message.push(' ');
    message.push_str(&if people.is_empty() {
        t.t("error-403-ask-admin")
    } else {
        let sep = if t.lang == super::i18n::Lang::Zh {
            "、"
        } else {
            ", "
        };
        t.a("error-403-ask", "names", people.join(sep))
    });
    let page = RefusedPage {
        status: 403,
        title: t.t("error-403-title"),
        message,
        ctx: ctx.clone(),
    };
    render_status(&ctx, StatusCode::FORBIDDEN, &page)
        .unwrap_or_else(|_| HttpResponse::Forbidden().body("403 Forbidden"))
}

/// The CSRF token of a session, made when missing.
pub fn csrf_token(session: &Session) -> String {
    if let Ok(Some(token)) = session.get::<String>(CSRF)
        && !token.is_empty()
    {
        return token;
    }
    let token = accounts::random_hex(32);
    let _ = session.insert(CSRF, &token);
    token
}

/// Compares two strings in time independent of where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The CSRF token a request carries: the `X-CSRF-Token` header, or the `csrf` field of a
/// form, urlencoded or multipart.
async fn sent_token(req: &HttpRequest, body: &web::Bytes) -> Option<String> {
    if let Some(v) = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok()) {
        return Some(v.to_owned());
    }
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(body).ok()?;
        return fields
            .into_iter()
            .find(|(k, _)| k == CSRF_FIELD)
            .map(|(_, v)| v);
    }
    if content_type.starts_with("multipart/form-data") {
        let stream = futures_util::stream::once(std::future::ready(Ok::<
            _,
            actix_web::error::PayloadError,
        >(body.clone())));
        let mut multipart = actix_multipart::Multipart::new(req.headers(), stream);
        while let Some(Ok(mut field)) = multipart.next().await {
            let is_token = field.name() == Some(CSRF_FIELD);
            let mut value = Vec::new();
            while let Some(Ok(chunk)) = field.next().await {
                if is_token && value.len() < 256 {
                    value.extend_from_slice(&chunk);
                }
            }
            if is_token {
                return String::from_utf8(value).ok();
            }
        }
    }
    None
}

/// The largest body a state-changing request may have (an upload and its form fields).
const MAX_BODY: usize = MAX_UPLOAD + 64 * 1024;

/// Every request passes here first: it finds the viewer (from the session cookie and the
/// `sessions` table), checks the CSRF token of every state-changing request, and applies
/// [`rule`] and [`decide`].
pub async fn guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::Internal("no state".into()))?;
    let session = req.get_session();

    // Who is asking.
    let session_id = session.get::<String>(SESSION_ID).ok().flatten();
    let user = match session_id {
        Some(sid) => {
            let found =
                super::page::with_db(&state, move |conn| Ok(accounts::session_user(conn, &sid)?))
                    .await?;
            if found.is_none() {
                // Ended elsewhere (logout, a password reset) or expired.
                session.purge();
            }
            found
        }
        None => None,
    };
    let path = req.path().to_owned();
    let is_login_form = path == "/login" || path == "/setup";
    let csrf = if user.is_some() || is_login_form {
        csrf_token(&session)
    } else {
        session
            .get::<String>(CSRF)
            .ok()
            .flatten()
            .unwrap_or_default()
    };
    req.extensions_mut().insert(Viewer {
        user: user.clone(),
        csrf: csrf.clone(),
        tour_access: None,
    });

    // What the path needs.
    let method = req.method().clone();
    let safe = matches!(method, Method::GET | Method::HEAD | Method::OPTIONS);
    let rule = rule(&method, &path);
    let accounts = &state.accounts;
    let has_users = match rule {
        Rule::Open | Rule::Public { .. } | Rule::NoPage => true,
        _ => accounts.has_users(&state).await?,
    };
    let gate = match rule {
        Rule::Manage { slug, .. } | Rule::Public { slug } => {
            let slug = slug.to_owned();
            let user_id = user.as_ref().map(|u| u.id);
            super::page::with_db(&state, move |conn| {
                Ok(accounts::gate(conn, &slug, user_id)?)
            })
            .await?
        }
        _ => None,
    };
    if let (Rule::Manage { .. }, Some(u), Some(g)) = (rule, user.as_ref(), gate) {
        let tour_access = effective_access(u.role, g.access);
        if let Some(v) = req.extensions_mut().get_mut::<Viewer>() {
            v.tour_access = tour_access;
        }
    }
    let response = match decide(rule, user.as_ref(), has_users, gate) {
        Outcome::Pass => {
            // Every state-changing request carries the session's token.
            if !safe && let Some(refusal) = check_csrf(&mut req, &csrf).await? {
                return Ok(req.into_response(refusal).map_into_right_body());
            }
            return Ok(next.call(req).await?.map_into_left_body());
        }
        Outcome::Setup => {
            // On to the page asked for once the administrator exists.
            let target = req
                .uri()
                .path_and_query()
                .map_or("/d", |p| p.as_str())
                .to_owned();
            let next = if safe { target } else { path.clone() };
            let query = serde_urlencoded::to_string([("next", next.as_str())]).unwrap_or_default();
            super::page::redirect(&format!("/setup?{query}"))
        }
        Outcome::Login => {
            let target = req
                .uri()
                .path_and_query()
                .map_or("/d", |p| p.as_str())
                .to_owned();
            let next = if safe { target } else { path.clone() };
            let query = serde_urlencoded::to_string([("next", next.as_str())]).unwrap_or_default();
            super::page::redirect(&format!("/login?{query}"))
        }
        Outcome::Forbidden => {
            let Some(user) = user else {
                return Ok(req
                    .error_response(AppError::Forbidden)
                    .map_into_right_body());
            };
            let slug = match rule {
                Rule::Manage { slug, .. } => Some(slug.to_owned()),
                _ => None,
            };
            let needs = match rule {
                Rule::Create => "error-403-needs-creator",
                Rule::Admin => "error-403-needs-admin",
                _ => "error-403-needs-director",
            };
            let asked = slug.clone();
            let people =
                super::page::with_db(&state, move |conn| Ok(whom_to_ask(conn, asked.as_deref())?))
                    .await?;
            forbidden(req.request(), &user, needs, &people)
        }
        Outcome::NotFound => {
            return Ok(req.error_response(AppError::NotFound).map_into_right_body());
        }
    };
    Ok(req.into_response(response).map_into_right_body())
}

/// Reads the body of a state-changing request (at most [`MAX_BODY`]), puts it back for
/// the handler, and checks its CSRF token: a refusal page, or `None` when it is right.
async fn check_csrf(
    req: &mut ServiceRequest,
    csrf: &str,
) -> Result<Option<HttpResponse>, actix_web::Error> {
    let too_large = |req: &ServiceRequest| {
        refused(
            req.request(),
            StatusCode::PAYLOAD_TOO_LARGE,
            "error-413-title",
            "error-413-text",
        )
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_BODY) {
        return Ok(Some(too_large(req)));
    }
    let mut payload = req.take_payload();
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > MAX_BODY {
            return Ok(Some(too_large(req)));
        }
        body.extend_from_slice(&chunk);
    }
    let body = body.freeze();
    let sent = sent_token(req.request(), &body).await;
    req.set_payload(actix_web::dev::Payload::from(body));
    if !csrf.is_empty() && sent.is_some_and(|s| same(&s, csrf)) {
        return Ok(None);
    }
    Ok(Some(refused(
        req.request(),
        StatusCode::FORBIDDEN,
        "auth-csrf-title",
        "auth-csrf-text",
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(role: Role) -> User {
        User {
            id: 1,
            name: "u".into(),
            role,
        }
    }

    #[test]
    fn paths_are_classified() {
        let get = Method::GET;
        let post = Method::POST;
        assert_eq!(rule(&get, "/"), Rule::Open);
        assert_eq!(rule(&get, "/d"), Rule::SignedIn);
        assert_eq!(rule(&get, "/d/new"), Rule::Create);
        assert_eq!(rule(&post, "/d/import"), Rule::Create);
        assert_eq!(rule(&get, "/admin/users"), Rule::Admin);
        assert_eq!(
            rule(&get, "/d/cup/rounds/2"),
            Rule::Manage {
                slug: "cup",
                scorer: true
            }
        );
        assert_eq!(
            rule(&post, "/d/cup/rounds/2/tables/3"),
            Rule::Manage {
                slug: "cup",
                scorer: true
            }
        );
        assert_eq!(
            rule(&post, "/d/cup/rounds"),
            Rule::Manage {
                slug: "cup",
                scorer: false
            }
        );
        assert_eq!(
            rule(&get, "/d/cup/settings"),
            Rule::Manage {
                slug: "cup",
                scorer: false
            }
        );
        assert_eq!(
            rule(&get, "/t/cup/standings.csv"),
            Rule::Public { slug: "cup" }
        );
        assert_eq!(rule(&get, "/d/c%75p/settings"), Rule::NoPage);
        assert_eq!(rule(&get, "/dx"), Rule::NoPage);
    }

    #[test]
    fn decisions() {
        let manage = Rule::Manage {
            slug: "cup",
            scorer: false,
        };
        let entry = Rule::Manage {
            slug: "cup",
            scorer: true,
        };
        let given = |access| {
            Some(Gate {
                published: false,
                access,
            })
        };
        assert_eq!(decide(manage, None, false, None), Outcome::Setup);
        assert_eq!(decide(manage, None, true, given(None)), Outcome::Login);
        let admin = user(Role::Admin);
        let director = user(Role::Director);
        let scorer = user(Role::Scorer);
        assert_eq!(
            decide(manage, Some(&admin), true, given(None)),
            Outcome::Pass
        );
        assert_eq!(
            decide(manage, Some(&director), true, given(None)),
            Outcome::Forbidden
        );
        assert_eq!(
            decide(manage, Some(&director), true, given(Some(Access::Director))),
            Outcome::Pass
        );
        assert_eq!(
            decide(manage, Some(&scorer), true, given(Some(Access::Director))),
            Outcome::Forbidden
        );
        assert_eq!(
            decide(entry, Some(&scorer), true, given(Some(Access::Scorer))),
            Outcome::Pass
        );
        assert_eq!(
            decide(Rule::Public { slug: "cup" }, None, true, given(None)),
            Outcome::NotFound
        );
        assert_eq!(
            decide(
                Rule::Public { slug: "cup" },
                Some(&scorer),
                true,
                given(Some(Access::Scorer))
            ),
            Outcome::Pass
        );
        assert_eq!(
            decide(Rule::Create, Some(&scorer), true, None),
            Outcome::Forbidden
        );
        assert_eq!(
            decide(Rule::Admin, Some(&director), true, None),
            Outcome::Forbidden
        );
    }

    #[test]
    fn keys_parse_from_hex_and_base64() {
        assert!(parse_key(&"ab".repeat(64)).is_ok());
        assert!(parse_key(&"ab".repeat(32)).is_err());
        use base64::Engine;
        let b64 = base64::engine::general_purpose::STANDARD.encode([7u8; 64]);
        assert!(parse_key(&b64).is_ok());
    }

    #[test]
    fn throttle_refuses_after_the_limit() {
        let t = Throttle::default();
        let addr: Option<IpAddr> = Some("127.0.0.1".parse().unwrap());
        for _ in 0..ACCOUNT_LIMIT {
            assert!(!t.refused("Ann", addr));
            t.failed("Ann", addr);
        }
        assert!(t.refused("ann", addr));
        assert!(!t.refused("bob", addr));
        t.succeeded("ANN");
        assert!(!t.refused("ann", addr));
    }
}
