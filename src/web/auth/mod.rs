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
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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
    /// A table's link (`/table/{token}`): no account; the handler checks the token, and
    /// the secret path stands in for the CSRF token.
    Table,
    /// A path no page has (escaped characters in a slug): 404.
    NoPage,
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Classifies a request. Anything under `/d/` that is not the list, creation or import is
/// a tournament's page and needs access to it: new routes are closed until allowed here.
pub fn rule<'a>(method: &Method, path: &'a str) -> Rule<'a> {
    let guarded = ["/d", "/t/", "/admin", "/table/"]
        .iter()
        .any(|p| path.starts_with(p));
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
            ["rounds", n, "tables", t, "lineups"] => digits(n) && digits(t),
            // The director's traveller of a board: every room, to check what was entered.
            ["rounds", n, "boards", b] => read && digits(n) && digits(b),
            _ => false,
        };
        return Rule::Manage { slug, scorer };
    }
    if path.starts_with("/d") {
        // `/dx…`: not ours, but never open by accident.
        return Rule::NoPage;
    }
    if path.starts_with("/table/") {
        return Rule::Table;
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
        Rule::Open | Rule::Table => Outcome::Pass,
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

/// What the accounts need beside the database: the cookie key, the proxies believed, and
/// whether a user exists (remembered once true).
pub struct Accounts {
    pub key: Key,
    pub secure_cookies: bool,
    pub trusted_proxies: TrustedProxies,
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
            trusted_proxies: TrustedProxies::from_env()?,
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

/// Failed sign-ins within [`WINDOW`] before an account is refused.
pub const ACCOUNT_LIMIT: i32 = 5;
/// Failed sign-ins within [`WINDOW`] before an address is refused.
pub const ADDRESS_LIMIT: i32 = 20;
/// How long failures count (from the first one).
pub const WINDOW: Duration = Duration::from_secs(15 * 60);

/// The keys a sign-in is counted under: the name (lowercased, cut to what a name may be)
/// and the client's address.
pub fn attempt_keys(name: &str, addr: Option<IpAddr>) -> (String, String) {
    let name: String = name
        .chars()
        .take(accounts::MAX_NAME + 1)
        .collect::<String>()
        .to_lowercase();
    let addr = addr.map_or_else(|| "unknown".to_owned(), |a| a.to_string());
    (format!("user:{name}"), format!("addr:{addr}"))
}

/// The proxies whose `X-Forwarded-For` / `Forwarded` headers are believed
/// (`FUSHI_TRUSTED_PROXIES`: addresses or CIDR ranges, separated by commas or spaces;
/// none by default, so the address of the connection is the client's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<(IpAddr, u8)>);

impl TrustedProxies {
    pub fn parse(text: &str) -> Result<TrustedProxies, String> {
        let mut list = Vec::new();
        for item in text.split([',', ' ', '\t', '\n']).filter(|i| !i.is_empty()) {
            let (ip, bits) = match item.split_once('/') {
                Some((ip, bits)) => (ip, Some(bits)),
                None => (item, None),
            };
            let bad = || format!("FUSHI_TRUSTED_PROXIES: \"{item}\" is not an address or range");
            let ip: IpAddr = ip.parse().map_err(|_| bad())?;
            let max = if ip.is_ipv4() { 32 } else { 128 };
            let bits = match bits {
                Some(b) => b.parse::<u8>().ok().filter(|b| *b <= max).ok_or_else(bad)?,
                None => max,
            };
            list.push((ip, bits));
        }
        Ok(TrustedProxies(list))
    }

    fn from_env() -> Result<TrustedProxies, String> {
        TrustedProxies::parse(&std::env::var("FUSHI_TRUSTED_PROXIES").unwrap_or_default())
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        self.0.iter().any(|(net, bits)| match (net, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(*bits)).unwrap_or(0);
                u32::from(*n) & mask == u32::from(a) & mask
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(*bits)).unwrap_or(0);
                u128::from(*n) & mask == u128::from(a) & mask
            }
            _ => false,
        })
    }

    /// The client's address: the connection's, unless it comes from a trusted proxy; then
    /// the nearest address in the forwarding chain that is not itself a trusted proxy.
    pub fn client(&self, req: &HttpRequest) -> Option<IpAddr> {
        let peer = req.peer_addr()?.ip();
        if !self.contains(peer) {
            return Some(peer);
        }
        let chain = forwarded_chain(req);
        let mut client = peer;
        for hop in chain.iter().rev() {
            let Some(ip) = hop else {
                break; // "unknown" or garbage: the last trusted hop is as far as we know
            };
            client = *ip;
            if !self.contains(*ip) {
                break;
            }
        }
        Some(client)
    }
}

/// The addresses of `Forwarded: for=…` (preferred) or `X-Forwarded-For`, oldest first;
/// `None` for an entry that is not an address.
fn forwarded_chain(req: &HttpRequest) -> Vec<Option<IpAddr>> {
    fn address(text: &str) -> Option<IpAddr> {
        let text = text.trim().trim_matches('"');
        if let Ok(ip) = text.parse() {
            return Some(ip);
        }
        if let Ok(sock) = text.parse::<std::net::SocketAddr>() {
            return Some(sock.ip());
        }
        let inner = text.strip_prefix('[')?.split(']').next()?;
        inner.parse().ok()
    }
    let all = |name: header::HeaderName| -> Vec<String> {
        req.headers()
            .get_all(name)
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::to_owned)
            .collect()
    };
    let forwarded = all(header::FORWARDED);
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, v)| address(v))
            })
            .collect();
    }
    all(header::HeaderName::from_static("x-forwarded-for"))
        .iter()
        .map(|v| address(v))
        .collect()
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

/// The client's address: as the proxy reports it in `X-Forwarded-For`/`Forwarded`, else
/// the connection's.
pub fn client_address(req: &HttpRequest) -> Option<std::net::IpAddr> {
    req.connection_info()
        .realip_remote_addr()
        .and_then(|a| {
            a.parse::<std::net::IpAddr>()
                .ok()
                .or_else(|| a.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        })
        .or_else(|| req.peer_addr().map(|a| a.ip()))
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
        t.a("error-403-ask", "names", t.list(people))
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
        Rule::Open | Rule::Public { .. } | Rule::NoPage | Rule::Table => true,
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
    if let Some(gate) = gate {
        // The public pages' cache reads the revision from here: no second query.
        req.extensions_mut().insert(gate);
    }
    if let (Rule::Manage { .. }, Some(u), Some(g)) = (rule, user.as_ref(), gate) {
        let tour_access = effective_access(u.role, g.access);
        if let Some(v) = req.extensions_mut().get_mut::<Viewer>() {
            v.tour_access = tour_access;
        }
    }
    let response = match decide(rule, user.as_ref(), has_users, gate) {
        Outcome::Pass => {
            // Every state-changing request carries the session's token.
            if !safe
                && rule != Rule::Table
                && let Some(refusal) = check_csrf(&mut req, &csrf).await?
            {
                return Ok(req.into_response(refusal).map_into_right_body());
            }
            let mut res = next.call(req).await?;
            // What a signed-in user sees is theirs: no copy in any cache, so that after
            // signing out the back button cannot show it again.
            if user.is_some() && !path.starts_with("/static/") {
                res.headers_mut().insert(
                    header::CACHE_CONTROL,
                    header::HeaderValue::from_static("no-store"),
                );
            }
            return Ok(res.map_into_left_body());
        }
        Outcome::Setup => {
            // On to the page asked for once the administrator exists.
            redirect_on(&req, safe, &path, "/setup")
        }
        Outcome::Login => redirect_on(&req, safe, &path, "/login"),
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

/// A redirect to `form` (`/login` or `/setup`) that comes back afterwards: to the page
/// asked for when the request only read it, else to its path alone.
fn redirect_on(req: &ServiceRequest, safe: bool, path: &str, form: &str) -> HttpResponse {
    let next = if safe {
        req.uri().path_and_query().map_or("/d", |p| p.as_str())
    } else {
        path
    };
    let query = serde_urlencoded::to_string([("next", next)]).unwrap_or_default();
    super::page::redirect(&format!("{form}?{query}"))
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
    // A form is refused before more of it than a form can need is held in memory.
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.to_ascii_lowercase()
                .starts_with("application/x-www-form-urlencoded")
        });
    let max_body = if is_form { super::MAX_FORM } else { MAX_BODY };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > max_body) {
        return Ok(Some(too_large(req)));
    }
    let mut payload = req.take_payload();
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > max_body {
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
        assert_eq!(rule(&post, "/table/abc/confirm"), Rule::Table);
        assert_eq!(rule(&get, "/table/a%62c"), Rule::NoPage);
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
                tournament: 1,
                revision: 1,
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
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        use actix_web::test::TestRequest;
        let none = TrustedProxies::parse("").unwrap();
        let proxies = TrustedProxies::parse("10.0.0.0/8, ::1").unwrap();
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.example").is_err());
        let from = |peer: &str, xff: &str| {
            TestRequest::default()
                .peer_addr(peer.parse().unwrap())
                .insert_header(("x-forwarded-for", xff.to_owned()))
                .to_http_request()
        };
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        // By default the header is ignored.
        assert_eq!(
            none.client(&from("203.0.113.5:1", "1.2.3.4")),
            ip("203.0.113.5")
        );
        // From an untrusted peer it is ignored too.
        assert_eq!(
            proxies.client(&from("203.0.113.5:1", "1.2.3.4")),
            ip("203.0.113.5")
        );
        // Through a trusted proxy: the nearest untrusted address, not a forged first one.
        assert_eq!(
            proxies.client(&from("10.1.2.3:1", "6.6.6.6, 198.51.100.7, 10.9.9.9")),
            ip("198.51.100.7")
        );
        assert_eq!(proxies.client(&from("[::1]:1", "garbage")), ip("::1"));
        let fwd = TestRequest::default()
            .peer_addr("10.0.0.1:1".parse().unwrap())
            .insert_header((
                "forwarded",
                "for=6.6.6.6, for=\"[2001:db8::7]:4711\";proto=https",
            ))
            .to_http_request();
        assert_eq!(proxies.client(&fwd), ip("2001:db8::7"));
        // Names are cut to what a name may be before they become a key.
        let (user, addr) = attempt_keys(&"Ä".repeat(10_000), None);
        assert!(user.chars().count() <= accounts::MAX_NAME + 6);
        assert_eq!(addr, "addr:unknown");
    }
}
