//! The home page: the tournaments in the database.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::{AppError, AppState};
use crate::db::{self, TournamentSummary};

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    tournaments: Vec<TournamentSummary>,
}

pub async fn index(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let pool = state.pool.clone();
    let tournaments = web::block(move || -> Result<_, AppError> {
        let mut conn = pool.get()?;
        Ok(db::list_tournaments(&mut conn)?)
    })
    .await??;
    let page = HomePage { tournaments };
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(page.render()?))
}
