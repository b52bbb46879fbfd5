//! `/login`, `/logout` and `/setup` (the first administrator, only while there is no user).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{CSRF, SESSION_ID, csrf_token, refused};
use crate::db::accounts::{self, AccountError};
use crate::web::metrics::SignIn;
use crate::web::page::{Ctx, redirect, redirect_with, render, render_status, with_db};
use crate::web::{AppError, AppState};

pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/login", web::get().to(login_form))
        .route("/login", web::post().to(login))
        .route("/logout", web::post().to(logout))
        .route("/setup", web::get().to(setup_form))
        .route("/setup", web::post().to(setup));
}

/// A local path to go on to after signing in; anything else is `/d`.
pub(crate) fn safe_next(next: Option<&str>) -> String {
    crate::web::page::local_path(next, "/d").to_owned()
}

#[derive(Template)]
#[template(path = "auth/login.html")]
struct LoginPage {
    ctx: Ctx,
    name: String,
    next: String,
    error: Option<String>,
}

#[derive(serde::Deserialize)]
struct NextQuery {
    next: Option<String>,
}

/// `GET /login`
async fn login_form(ctx: Ctx, query: web::Query<NextQuery>) -> Result<HttpResponse, AppError> {
    render(
        &ctx,
        &LoginPage {
            ctx: ctx.clone(),
            name: String::new(),
            next: safe_next(query.next.as_deref()),
            error: None,
        },
    )
}

#[derive(serde::Deserialize)]
struct LoginForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    next: Option<String>,
}

/// Signs a user in: a new session row, a renewed cookie, a new CSRF token.
fn sign_in(session: &Session, session_id: &str) -> Result<(), AppError> {
    session.renew();
    session.remove(CSRF);
    session
        .insert(SESSION_ID, session_id)
        .map_err(AppError::internal)?;
    csrf_token(session);
    Ok(())
}

/// `POST /login`: refused for a while after repeated failures for the name from the
/// address, or from the address.
async fn login(
    req: HttpRequest,
    ctx: Ctx,
    session: Session,
    state: web::Data<AppState>,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let next = safe_next(form.next.as_deref());
    let addr = state.accounts.trusted_proxies.client(&req);
    let keys = crate::web::client::attempt_keys(&form.name, addr);
    let turn = state.accounts.sign_in_turns.turn(&keys.1).await;
    let (name, password) = (form.name.clone(), form.password.clone());
    let outcome = with_db(&state, move |conn| {
        Ok(check_sign_in(conn, &keys, &name, &password)?)
    })
    .await?;
    drop(turn);
    record_sign_in(&state, &outcome, addr, &form.name);
    match outcome {
        Login::Refused(_) => Ok(refused(
            &req,
            StatusCode::TOO_MANY_REQUESTS,
            "auth-throttled-title",
            "auth-throttled-text",
        )),
        Login::In(session_id, _) => {
            sign_in(&session, &session_id)?;
            Ok(redirect(&next))
        }
        Login::Wrong(_) => {
            let page = LoginPage {
                ctx: ctx.clone(),
                name: form.name.chars().take(accounts::MAX_NAME + 1).collect(),
                next,
                error: Some(ctx.t.t("auth-login-wrong")),
            };
            render_status(&ctx, StatusCode::UNAUTHORIZED, &page)
        }
    }
}

/// Counts the attempt under `keys` (the account from this address, the address) before the
/// password is checked, in one statement per key, so simultaneous guesses are throttled
/// like a sequence (and across servers); a right password gives the attempt back.
fn check_sign_in(
    conn: &mut crate::db::DbConnection,
    (pair_key, addr_key): &(String, String),
    name: &str,
    password: &str,
) -> Result<Login, crate::db::DbError> {
    let window = chrono::Duration::from_std(crate::web::client::WINDOW).unwrap_or_default();
    let by_pair = accounts::count_attempt(conn, pair_key, window)?;
    let by_addr = accounts::count_attempt(conn, addr_key, window)?;
    let found = accounts::user_for_login(conn, name)?;
    let known = found.as_ref().map(|(user, _)| user.name.clone());
    if by_pair > crate::web::client::ACCOUNT_LIMIT || by_addr > crate::web::client::ADDRESS_LIMIT {
        // Nothing was checked: only failures count.
        accounts::release_attempt(conn, pair_key)?;
        accounts::release_attempt(conn, addr_key)?;
        return Ok(Login::Refused(known));
    }
    let user = match found {
        Some((user, hash)) if accounts::verify_password(&hash, password) => user,
        Some(_) => return Ok(Login::Wrong(known)),
        None => {
            accounts::dummy_verify(password);
            return Ok(Login::Wrong(None));
        }
    };
    accounts::forget_attempts(conn, pair_key)?;
    accounts::release_attempt(conn, addr_key)?;
    Ok(Login::In(
        accounts::start_session(conn, user.id)?,
        user.name,
    ))
}

/// How a sign-in ended, with the account's name as stored when the name typed is one.
enum Login {
    In(String, String),
    Wrong(Option<String>),
    Refused(Option<String>),
}

/// A sign-in attempt counted in the metrics and logged with the account's name and the
/// client's address, so that an operator sees who was locked out. A name typed that is no
/// account's is logged only as a tag (the same text gives the same tag while this server
/// runs, so repeated tries show): it may be a password typed into the wrong field.
fn record_sign_in(state: &AppState, outcome: &Login, addr: Option<std::net::IpAddr>, typed: &str) {
    let (metric, known) = match outcome {
        Login::In(_, name) => (SignIn::SignedIn, Some(name)),
        Login::Wrong(known) => (SignIn::Wrong, known.as_ref()),
        Login::Refused(known) => (SignIn::LockedOut, known.as_ref()),
    };
    let client = addr.map_or_else(|| "-".to_owned(), |a| a.to_string());
    state.live.metrics().sign_in(metric);
    let user = match known {
        Some(name) => crate::web::ops::loggable(name, accounts::MAX_NAME),
        None => format!("unknown#{}", crate::web::ops::private_tag(typed)),
    };
    match metric {
        SignIn::SignedIn => {
            tracing::info!(event = "sign_in", user = %user, client = %client, "signed in")
        }
        SignIn::Wrong => {
            tracing::warn!(event = "sign_in_failed", user = %user, client = %client, "wrong name or password")
        }
        SignIn::LockedOut => {
            tracing::warn!(event = "locked_out", user = %user, client = %client, "sign-in refused: too many failures for the name from the address, or from the address")
        }
    }
}

/// `POST /logout`: the session ends here and in the database.
async fn logout(session: Session, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    if let Ok(Some(id)) = session.get::<String>(SESSION_ID) {
        with_db(&state, move |conn| Ok(accounts::end_session(conn, &id)?)).await?;
    }
    session.purge();
    Ok(redirect_with("/", "auth-flash-signed-out"))
}

#[derive(Template)]
#[template(path = "auth/setup.html")]
struct SetupPage {
    ctx: Ctx,
    /// The request is not from the server's machine: the form asks for the set-up code.
    needs_code: bool,
    name: String,
    errors: Vec<(&'static str, String)>,
    /// Where the administrator was going (empty: the users page).
    next: String,
}

impl SetupPage {
    fn error(&self, field: &str) -> Option<&str> {
        self.errors
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m.as_str())
    }
}

async fn no_users(state: &AppState) -> Result<bool, AppError> {
    Ok(!with_db(state, |conn| Ok(accounts::has_users(conn)?)).await?)
}

/// `GET /setup`: only while there is no user; afterwards there is no such page. A device
/// other than the server's machine is asked for the set-up code `fushi serve` printed.
async fn setup_form(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, AppError> {
    if !no_users(&state).await? {
        return Err(AppError::not_found());
    }
    render(
        &ctx,
        &SetupPage {
            needs_code: !crate::web::client::from_this_machine(&req),
            ctx: ctx.clone(),
            name: String::new(),
            errors: Vec::new(),
            next: query
                .next
                .as_deref()
                .map(|n| safe_next(Some(n)))
                .unwrap_or_default(),
        },
    )
}

#[derive(serde::Deserialize)]
struct SetupForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm: String,
    /// The one-time set-up code, from a device other than the server's machine.
    #[serde(default)]
    setup_code: String,
    /// Where the administrator was going when the first start stopped them.
    next: Option<String>,
}

/// What the set-up code a device typed opens.
enum CodeCheck {
    Right,
    Wrong,
    /// Too many wrong codes for now (like a sign-in): nothing was checked.
    Refused,
}

/// Checks the set-up code typed on a device other than the server's machine, counted
/// like a sign-in: under the code itself (at most [`crate::web::client::ACCOUNT_LIMIT`]
/// failures in the window, from anywhere) and under the address (at most
/// [`crate::web::client::ADDRESS_LIMIT`]), each counted before the code is compared.
async fn check_setup_code(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    typed: &str,
) -> Result<CodeCheck, AppError> {
    let addr = state.accounts.trusted_proxies.client(req);
    let code_key = "setup:code".to_owned();
    let addr_key = format!(
        "setup:{}",
        addr.map_or_else(|| "unknown".to_owned(), |a| a.to_string())
    );
    let right = state.accounts.setup_code_is(typed);
    let check = with_db(state, move |conn| {
        let window = chrono::Duration::from_std(crate::web::client::WINDOW).unwrap_or_default();
        let by_code = accounts::count_attempt(conn, &code_key, window)?;
        let by_addr = accounts::count_attempt(conn, &addr_key, window)?;
        if by_code > crate::web::client::ACCOUNT_LIMIT
            || by_addr > crate::web::client::ADDRESS_LIMIT
        {
            accounts::release_attempt(conn, &code_key)?;
            accounts::release_attempt(conn, &addr_key)?;
            return Ok(CodeCheck::Refused);
        }
        if !right {
            return Ok(CodeCheck::Wrong);
        }
        accounts::forget_attempts(conn, &code_key)?;
        accounts::forget_attempts(conn, &addr_key)?;
        Ok(CodeCheck::Right)
    })
    .await?;
    let client = addr.map_or_else(|| "-".to_owned(), |a| a.to_string());
    match check {
        CodeCheck::Right => {
            tracing::info!(event = "setup_code", client = %client, "set-up code accepted")
        }
        CodeCheck::Wrong => {
            tracing::warn!(event = "setup_code_wrong", client = %client, "wrong set-up code")
        }
        CodeCheck::Refused => {
            tracing::warn!(event = "setup_code_refused", client = %client, "set-up refused: too many wrong codes")
        }
    }
    Ok(check)
}

/// `POST /setup`: creates the first administrator and signs them in. Only from the server's
/// machine ([`crate::web::client::from_this_machine`]) or with the set-up code.
async fn setup(
    req: HttpRequest,
    ctx: Ctx,
    session: Session,
    state: web::Data<AppState>,
    form: web::Form<SetupForm>,
) -> Result<HttpResponse, AppError> {
    if !no_users(&state).await? {
        return Err(AppError::not_found());
    }
    let form = form.into_inner();
    let t = &ctx.t;
    let needs_code = !crate::web::client::from_this_machine(&req);
    if needs_code {
        match check_setup_code(&req, &state, &form.setup_code).await? {
            CodeCheck::Right => {}
            CodeCheck::Refused => {
                return Ok(refused(
                    &req,
                    StatusCode::TOO_MANY_REQUESTS,
                    "auth-throttled-title",
                    "auth-setup-throttled",
                ));
            }
            CodeCheck::Wrong => {
                let page = SetupPage {
                    ctx: ctx.clone(),
                    needs_code,
                    name: form.name.chars().take(accounts::MAX_NAME + 1).collect(),
                    errors: vec![("setup_code", t.t("auth-error-setup-code"))],
                    next: form.next.unwrap_or_default(),
                };
                return render_status(&ctx, StatusCode::FORBIDDEN, &page);
            }
        }
    }
    let mut errors = Vec::new();
    if accounts::check_name(&form.name).is_err() {
        errors.push(("name", t.t("auth-error-name")));
    }
    if accounts::check_password(&form.password).is_err() {
        errors.push(("password", t.t("auth-error-password")));
    } else if form.password != form.confirm {
        errors.push(("confirm", t.t("auth-error-confirm")));
    }
    if !errors.is_empty() {
        let page = SetupPage {
            ctx: ctx.clone(),
            needs_code,
            name: form.name,
            errors,
            next: form.next.unwrap_or_default(),
        };
        return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page);
    }
    let (name, password) = (form.name, form.password);
    let created = with_db(&state, move |conn| {
        match accounts::create_first_admin(conn, &name, &password) {
            Ok(Some(user)) => Ok(Some(accounts::start_session(conn, user.id)?)),
            Ok(None) => Ok(None),
            Err(AccountError::Db(e)) => Err(e.into()),
            Err(e) => Err(AppError::bad_request(e.to_string())),
        }
    })
    .await?;
    let Some(session_id) = created else {
        return Err(AppError::not_found());
    };
    state.accounts.forget_setup_code();
    sign_in(&session, &session_id)?;
    // On to where they were going; the users page when they came to /setup itself.
    let next = match form.next.as_deref().filter(|n| !n.is_empty()) {
        Some(n) => safe_next(Some(n)),
        None => "/admin/users".to_owned(),
    };
    Ok(redirect_with(&next, "auth-flash-setup-done"))
}
