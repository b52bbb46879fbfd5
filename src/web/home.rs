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
    let tournaments = with_db(&state, |conn| Ok(db::list_tournaments(conn)?)).await?;
    render(
        &ctx,
        &HomePage {
            ctx: ctx.clone(),
            tournaments,
        },
    )
}
