//! Accounts in the web: who is asking ([`Viewer`]), what they may reach ([`access::rule`]
//! and [`access::decide`], enforced for every request by [`guard`]), the CSRF check of
//! every state-changing request ([`csrf`]), the login throttle ([`client`]), the session
//! cookie and the security headers ([`setup`]).
//!
//! - `/login`, `/logout`, `/setup` ([`pages`]); `/admin/users` ([`admin`])
//! - Every path is classified before any handler runs: `/d/…` needs a signed-in user with
//!   access to the tournament, and scorers reach only the pages declared for them where
//!   the route is registered ([`crate::web::routes`]); `/t/{slug}/…` (and the API's paths
//!   of a tournament) of an unpublished tournament is to everyone without access the same
//!   404 as of a slug that does not exist; `/admin/…` is for admins.

pub(crate) mod access;
mod admin;
pub(crate) mod csrf;
mod pages;
pub(crate) mod setup;

use actix_session::SessionExt;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use askama::Template;

use super::page::{Ctx, render_status, with_db};
use super::routes;
use super::{AppError, AppState};
use crate::db::accounts::{self, Access, Role, User};
use access::{Outcome, Rule, decide, effective_access, rule};
use csrf::{CSRF, check_csrf, csrf_token};

pub use super::viewer::visible;

pub(crate) use super::viewer::Viewer;
pub use setup::Accounts;
pub(crate) use setup::{multipart_config, secure_over_https, security_headers, session_middleware};

/// The routes of this module.
pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(pages::configure).configure(admin::configure);
}

/// The session key of the database session id.
const SESSION_ID: &str = "sid";
/// The session cookie's name.
const SESSION_COOKIE: &str = "fushi_session";

/// Every request passes here first: it finds the viewer (from the session cookie and the
/// `sessions` table), checks the CSRF token of every state-changing request, and applies
/// [`rule`] and [`decide`]. The largest body it reads is [`csrf`]'s limit.
pub async fn guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::internal("the application state is missing"))?;
    // The operator's routes need no session (a probe must answer while the database is
    // down).
    match rule(routes::table(), req.method(), req.path()) {
        Rule::Probe => return Ok(next.call(req).await?.map_into_left_body()),
        Rule::Metrics if !super::ops::may_scrape(req.request(), state.metrics_token.as_deref()) => {
            return Ok(req.into_response(metrics_refusal()).map_into_right_body());
        }
        Rule::Metrics => return Ok(next.call(req).await?.map_into_left_body()),
        _ => {}
    }
    let session = req.get_session();
    let user = match session_user(&mut req, &state, &session).await? {
        Ok(user) => user,
        Err(Early::Answer(answer)) => return Ok(req.into_response(answer).map_into_right_body()),
        // The error goes with the response, so that its page can say what it is.
        Err(Early::Error(e)) => return Ok(req.error_response(e).map_into_right_body()),
    };
    let path = req.path().to_owned();
    let is_login_form = path == "/login" || path == "/setup";
    let csrf = viewer_csrf(&session, user.is_some() || is_login_form);
    req.extensions_mut().insert(Viewer {
        user: user.clone(),
        csrf: csrf.clone(),
        tour_access: None,
        calls: Vec::new(),
    });
    let method = req.method().clone();
    let safe = matches!(method, Method::GET | Method::HEAD | Method::OPTIONS);
    let rule = rule(routes::table(), &method, &path);
    let has_users = match rule {
        Rule::Open | Rule::Public { .. } | Rule::NoPage | Rule::Table | Rule::Probe => true,
        _ => state.accounts.has_users(&state).await?,
    };
    let gate = gate_of(&state, rule, user.as_ref()).await?;
    if let Some(gate) = gate {
        // The public pages' cache reads the revision from here: no second query.
        req.extensions_mut().insert(gate);
    }
    if let Some(u) = &user {
        let (tour_access, calls) = tour_access_of(&state, rule, u, gate, safe).await?;
        if let Some(v) = req.extensions_mut().get_mut::<Viewer>() {
            v.tour_access = tour_access;
            v.calls = calls;
        }
    }
    let response = match decide(rule, user.as_ref(), has_users, gate) {
        Outcome::Pass => {
            // What a signed-in user sees is theirs: no copy in any cache, so that after
            // signing out the back button cannot show it again.
            let no_store = user.is_some() && !path.starts_with("/static/");
            return pass_on(req, next, &state, rule, safe, &csrf, no_store).await;
        }
        // On to the page asked for once the administrator exists.
        Outcome::Setup => redirect_on(&req, safe, &path, "/setup"),
        Outcome::Login => redirect_on(&req, safe, &path, "/login"),
        Outcome::Forbidden => match user {
            Some(user) => forbidden_page(&req, &state, &user, rule).await?,
            None => {
                return Ok(req
                    .error_response(AppError::Forbidden)
                    .map_into_right_body());
            }
        },
        Outcome::NotFound => {
            return Ok(req.error_response(AppError::NotFound).map_into_right_body());
        }
    };
    Ok(req.into_response(response).map_into_right_body())
}

/// The answer to a scrape of `/metrics` from elsewhere than a loopback address without
/// the operator's token: a plain 403 that says how to scrape.
fn metrics_refusal() -> HttpResponse {
    HttpResponse::Forbidden()
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .body("/metrics: only from a loopback address, or with the bearer token of FUSHI_METRICS_TOKEN\n")
}

/// The CSRF token the viewer's forms carry: made for the session when it has none for a
/// signed-in user or the login and setup forms, else only read (an anonymous reader's
/// request starts no session).
fn viewer_csrf(session: &actix_session::Session, makes_one: bool) -> String {
    if makes_one {
        csrf_token(session)
    } else {
        session
            .get::<String>(CSRF)
            .ok()
            .flatten()
            .unwrap_or_default()
    }
}

/// A request the guard lets through: its CSRF token checked when it changes something
/// (a table's own requests excepted), the handler's answer, the anonymous readers'
/// directory told of the write, and `no-store` on a signed-in user's page.
async fn pass_on<B: MessageBody + 'static>(
    mut req: ServiceRequest,
    next: Next<B>,
    state: &AppState,
    rule: Rule<'_>,
    safe: bool,
    csrf: &str,
    no_store: bool,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    // Every state-changing request carries the session's token.
    if !safe
        && rule != Rule::Table
        && let Some(refusal) = check_csrf(&mut req, csrf).await?
    {
        return Ok(req.into_response(refusal).map_into_right_body());
    }
    let mut res = next.call(req).await?;
    // A write of this server: the anonymous readers' directory learns it before the
    // answer goes out, so the next page anyone asks for shows it.
    if !safe && !res.status().is_server_error() {
        state.live.relist().await;
    }
    if no_store {
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
    }
    Ok(res.map_into_left_body())
}

/// A request answered before its handler: a page, or an error whose page the error pages
/// draw.
enum Early {
    Answer(HttpResponse),
    Error(AppError),
}

/// Who is asking: the user of the session's row, `None` for an anonymous reader (a session
/// ended elsewhere or expired is purged). While the database is away, `Err` with the
/// answer: 503, where a form's fields go into the page (checked against the session's
/// token first), so what was typed is kept and can be sent again.
async fn session_user(
    req: &mut ServiceRequest,
    state: &AppState,
    session: &actix_session::Session,
) -> Result<Result<Option<User>, Early>, actix_web::Error> {
    let Some(sid) = session.get::<String>(SESSION_ID).ok().flatten() else {
        return Ok(Ok(None));
    };
    match with_db(state, move |conn| Ok(accounts::session_user(conn, &sid)?)).await {
        Ok(found) => {
            if found.is_none() {
                session.purge();
            }
            Ok(Ok(found))
        }
        Err(e @ AppError::DbBusy(_)) => {
            let unsafe_method =
                !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
            if unsafe_method && let Some(refusal) = check_csrf(req, &csrf_token(session)).await? {
                return Ok(Err(Early::Answer(refusal)));
            }
            Ok(Err(Early::Error(e)))
        }
        Err(e) => Err(e.into()),
    }
}

/// The tournament the path is about, with the user's access to it. An anonymous reader of
/// a published tournament gets it from memory, so that a page already rendered costs no
/// database trip and is still served while the database is away; signed-in readers ask
/// the database (their own writes, their access).
async fn gate_of(
    state: &AppState,
    rule: Rule<'_>,
    user: Option<&User>,
) -> Result<Option<accounts::Gate>, AppError> {
    match rule {
        Rule::Public { slug }
            if user.is_none()
                && let Some(listed) = state.live.listed(slug) =>
        {
            Ok(Some(accounts::Gate {
                tournament: listed.id,
                revision: listed.revision,
                published: listed.published,
                access: None,
            }))
        }
        Rule::Manage { slug, .. } | Rule::Public { slug } => {
            let slug = slug.to_owned();
            let user_id = user.map(|u| u.id);
            with_db(state, move |conn| Ok(accounts::gate(conn, &slug, user_id)?)).await
        }
        _ => Ok(None),
    }
}

/// The signed-in user's access to the tournament, and the rooms that call the director
/// (every director page's header counts them). The access counts on the public pages too,
/// so that the tournament's directors and scorers see every result there
/// (docs/rules.md §5).
async fn tour_access_of(
    state: &AppState,
    rule: Rule<'_>,
    user: &User,
    gate: Option<accounts::Gate>,
    safe: bool,
) -> Result<(Option<Access>, Vec<(i32, i32, crate::rules::Room)>), AppError> {
    let (Rule::Manage { .. } | Rule::Public { .. }, Some(g)) = (rule, gate) else {
        return Ok((None, Vec::new()));
    };
    let tour_access = effective_access(user.role, g.access);
    let calls = match (rule, tour_access, safe) {
        (Rule::Manage { slug, .. }, Some(_), true) => {
            let slug = slug.to_owned();
            with_db(state, move |conn| Ok(crate::db::table::calls(conn, &slug)?)).await?
        }
        _ => Vec::new(),
    };
    Ok((tour_access, calls))
}

/// The 403 page for a signed-in user who may not go here: what the page needs and whom to
/// ask for it.
async fn forbidden_page(
    req: &ServiceRequest,
    state: &AppState,
    user: &User,
    rule: Rule<'_>,
) -> Result<HttpResponse, AppError> {
    let slug = match rule {
        Rule::Manage { slug, .. } => Some(slug.to_owned()),
        _ => None,
    };
    let needs = match rule {
        Rule::Create => "error-403-needs-creator",
        Rule::Admin => "error-403-needs-admin",
        _ => "error-403-needs-director",
    };
    let people = with_db(state, move |conn| Ok(whom_to_ask(conn, slug.as_deref())?)).await?;
    Ok(forbidden(req.request(), user, needs, &people))
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
