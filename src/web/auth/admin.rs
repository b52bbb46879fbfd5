//! `/admin/users`: the administrator's list of users — add one, set a role, reset a
//! password (typed, or generated and shown once), give or take access to tournaments.
//! The guard lets only admins reach these routes.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::accounts::{self, Access, AccountError, Role, UserListing};
use crate::db::{self, TournamentSummary};
use crate::web::page::{Ctx, redirect_with, render_status, with_db};
use crate::web::{AppError, AppState};

pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/admin", web::get().to(to_users))
        .route("/admin/users", web::get().to(list))
        .route("/admin/users", web::post().to(add))
        .route("/admin/users/{id}/role", web::post().to(set_role))
        .route("/admin/users/{id}/password", web::post().to(reset_password))
        .route("/admin/users/{id}/access", web::post().to(set_access));
}

async fn to_users() -> HttpResponse {
    crate::web::page::redirect("/admin/users")
}

#[derive(Template)]
#[template(path = "admin/users.html")]
struct UsersPage {
    ctx: Ctx,
    users: Vec<UserListing>,
    tournaments: Vec<TournamentSummary>,
    roles: [Role; 3],
    /// A password just generated: (user name, password), shown once.
    generated: Option<(String, String)>,
    error: Option<String>,
    /// The add form's input, kept on an error.
    name: String,
}

async fn page(
    ctx: &Ctx,
    state: &AppState,
    status: StatusCode,
    generated: Option<(String, String)>,
    error: Option<String>,
    name: String,
) -> Result<HttpResponse, AppError> {
    let (users, tournaments) = with_db(state, |conn| {
        Ok((accounts::list_users(conn)?, db::list_tournaments(conn)?))
    })
    .await?;
    let page = UsersPage {
        ctx: ctx.clone(),
        users,
        tournaments,
        roles: Role::ALL,
        generated,
        error,
        name,
    };
    render_status(ctx, status, &page)
}

/// `GET /admin/users`
async fn list(ctx: Ctx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    page(&ctx, &state, StatusCode::OK, None, None, String::new()).await
}

/// An account error in the reader's language; database failures stay errors.
/// The users page again with status 422 and why `e` refused the change (`name` keeps what
/// was typed in the add form).
async fn refused(
    ctx: &Ctx,
    state: &AppState,
    e: AccountError,
    name: String,
) -> Result<HttpResponse, AppError> {
    let message = explain(ctx, e)?;
    page(
        ctx,
        state,
        StatusCode::UNPROCESSABLE_ENTITY,
        None,
        Some(message),
        name,
    )
    .await
}

fn explain(ctx: &Ctx, e: AccountError) -> Result<String, AppError> {
    match e {
        AccountError::NoUser(_) => Err(AppError::not_found()),
        AccountError::Db(e) => Err(e.into()),
        refused => Ok(refused.text(&ctx.t)),
    }
}

#[derive(serde::Deserialize)]
struct AddForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    role: String,
    #[serde(default)]
    password: String,
}

/// `POST /admin/users`: a blank password is generated and shown once.
async fn add(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: web::Form<AddForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let role = Role::parse(&form.role)
        .ok_or_else(|| AppError::bad_request(ctx.t.t("admin-error-role")))?;
    let generated = form.password.is_empty();
    let password = if generated {
        accounts::generate_password()
    } else {
        form.password.clone()
    };
    let (name, pw) = (form.name.clone(), password.clone());
    let created = with_db(&state, move |conn| {
        Ok(accounts::create_user(conn, &name, &pw, role))
    })
    .await?;
    match created {
        Ok(user) if generated => {
            page(
                &ctx,
                &state,
                StatusCode::OK,
                Some((user.name, password)),
                None,
                String::new(),
            )
            .await
        }
        Ok(_) => Ok(redirect_with("/admin/users", "admin-flash-added")),
        Err(e) => refused(&ctx, &state, e, form.name).await,
    }
}

/// The user with this id, or 404.
async fn user_name(state: &AppState, id: &str) -> Result<(i32, String), AppError> {
    let id: i32 = id.parse().map_err(|_| AppError::not_found())?;
    let user = with_db(state, move |conn| Ok(accounts::user_by_id(conn, id)?)).await?;
    user.map(|u| (u.id, u.name)).ok_or_else(AppError::not_found)
}

#[derive(serde::Deserialize)]
struct RoleForm {
    #[serde(default)]
    role: String,
}

/// `POST /admin/users/{id}/role`
async fn set_role(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<String>,
    form: web::Form<RoleForm>,
) -> Result<HttpResponse, AppError> {
    let (_, name) = user_name(&state, &id).await?;
    let role = Role::parse(&form.role)
        .ok_or_else(|| AppError::bad_request(ctx.t.t("admin-error-role")))?;
    let user = name.clone();
    let outcome = with_db(&state, move |conn| {
        Ok(accounts::set_role(conn, &name, role))
    })
    .await?;
    if outcome.is_ok() {
        tracing::info!(event = "role_changed", user = %user, role = %role, by = %by(&ctx), "role changed");
    }
    match outcome {
        Ok(()) => Ok(redirect_with("/admin/users", "admin-flash-role")),
        Err(e) => refused(&ctx, &state, e, String::new()).await,
    }
}

#[derive(serde::Deserialize)]
struct PasswordForm {
    #[serde(default)]
    password: String,
}

/// `POST /admin/users/{id}/password`: a blank password is generated and shown once. The
/// user's sessions end.
async fn reset_password(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<String>,
    form: web::Form<PasswordForm>,
) -> Result<HttpResponse, AppError> {
    let (_, name) = user_name(&state, &id).await?;
    let generated = form.password.is_empty();
    let password = if generated {
        accounts::generate_password()
    } else {
        form.password.clone()
    };
    let (n, pw) = (name.clone(), password.clone());
    let outcome = with_db(&state, move |conn| {
        Ok(accounts::set_password(conn, &n, &pw))
    })
    .await?;
    match outcome {
        Ok(()) if generated => {
            page(
                &ctx,
                &state,
                StatusCode::OK,
                Some((name, password)),
                None,
                String::new(),
            )
            .await
        }
        Ok(()) => Ok(redirect_with("/admin/users", "admin-flash-password")),
        Err(e) => refused(&ctx, &state, e, String::new()).await,
    }
}

#[derive(serde::Deserialize)]
struct AccessForm {
    #[serde(default)]
    slug: String,
    /// `director`, `scorer` or `none`.
    #[serde(default)]
    access: String,
}

/// `POST /admin/users/{id}/access`: gives (or, with `none`, takes) access to a tournament.
async fn set_access(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<String>,
    form: web::Form<AccessForm>,
) -> Result<HttpResponse, AppError> {
    let (user_id, _) = user_name(&state, &id).await?;
    let form = form.into_inner();
    let access = match form.access.as_str() {
        "none" => None,
        other => Some(
            Access::parse(other)
                .ok_or_else(|| AppError::bad_request(ctx.t.t("admin-error-role")))?,
        ),
    };
    let slug = form.slug.clone();
    let logged = (form.slug.clone(), access);
    let outcome = with_db(&state, move |conn| {
        Ok(match access {
            Some(access) => accounts::grant(conn, user_id, &slug, access),
            None => accounts::revoke(conn, user_id, &slug).map_err(AccountError::from),
        })
    })
    .await?;
    if outcome.is_ok() {
        let (slug, access) = logged;
        let access = access.map_or("none", |a| a.as_str());
        tracing::info!(event = "access_changed", user_id, tournament = %slug, access, by = %by(&ctx), "access changed");
    }
    match outcome {
        Ok(()) => Ok(redirect_with("/admin/users", "admin-flash-access")),
        Err(e) => refused(&ctx, &state, e, String::new()).await,
    }
}

/// Who did it, for the log.
fn by(ctx: &Ctx) -> String {
    ctx.viewer
        .user
        .as_ref()
        .map_or_else(|| "-".to_owned(), |u| u.name.clone())
}
