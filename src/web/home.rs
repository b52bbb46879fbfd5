//! The home page: the tournaments in the database.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::page::{Ctx, render, with_db};
use super::{AppError, AppState};
use crate::db::{self, TournamentSummary};

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    ctx: Ctx,
    tournaments: Vec<TournamentSummary>,
}

pub async fn index(ctx: Ctx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let viewer = ctx.viewer.clone();
    let tournaments = with_db(&state, move |conn| {
        let all = db::list_tournaments(conn)?;
        Ok(super::auth::visible(conn, &viewer, all, true)?)
    })
    .await?;
    render(
        &ctx,
        &HomePage {
            ctx: ctx.clone(),
            tournaments,
        },
    )
}
