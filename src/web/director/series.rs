//! A tournament's series, from its director's area (`/d/{slug}/series`, docs/rules.md
//! §14): the series it belongs to, with that series' name, `count_best` and order; joining
//! an existing series, making a new one, or leaving.
//!
//! A series is shared by the tournaments in it, so a director of any of them may name it,
//! set `count_best` and order it; the public page is `/s/{series}`.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;

use super::super::page::{Ctx, TourHead, load_event, redirect_with, render_status, with_db};
use super::super::{AppError, AppState};
use crate::db::{self, DbError};
use crate::web::routes::{Need, Routes};

pub(crate) fn configure(routes: &mut Routes) {
    routes.get("/d/{slug}/series", Need::Director, page).post(
        "/d/{slug}/series",
        Need::Director,
        save,
    );
}

#[derive(Template)]
#[template(path = "director/series.html")]
struct SeriesPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    /// The tournament's series, with its tournaments in order.
    current: Option<(db::series::Series, Vec<db::series::SeriesMember>)>,
    /// Every series, to join one.
    all: Vec<db::series::Series>,
    /// A refusal of the last save, in the reader's language.
    problem: Option<String>,
}

impl SeriesPage {
    fn count_best_text(&self) -> String {
        self.current
            .as_ref()
            .and_then(|(s, _)| s.count_best)
            .map(|n| n.to_string())
            .unwrap_or_default()
    }
}

async fn show(
    ctx: &Ctx,
    state: &AppState,
    slug: &str,
    problem: Option<String>,
) -> Result<HttpResponse, AppError> {
    let snap = load_event(state, slug).await?;
    let key = slug.to_owned();
    let (current, all) = with_db(state, move |conn| {
        let current = match db::series::of_tournament(conn, &key)? {
            Some(s) => {
                let series = db::series::get(conn, &s)?.ok_or_else(AppError::not_found)?;
                let members = db::series::members(conn, &s)?;
                Some((series, members))
            }
            None => None,
        };
        Ok((current, db::series::all(conn)?))
    })
    .await?;
    let status = if problem.is_some() {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    } else {
        actix_web::http::StatusCode::OK
    };
    let page = SeriesPage {
        ctx: ctx.clone(),
        tour: TourHead::of(&snap.event),
        section: "series",
        current,
        all,
        problem,
    };
    render_status(ctx, status, &page)
}

async fn page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    show(&ctx, &state, &path, None).await
}

/// A count typed in the form: empty is every event.
fn count_best(raw: Option<&String>) -> Result<Option<u32>, DbError> {
    match raw.map(|s| s.trim()).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .map(Some)
            .ok_or(DbError::Refused(db::WriteRefusal::SeriesCountBest)),
    }
}

/// What one press of a button of the page does.
fn act(
    conn: &mut db::DbConnection,
    slug: &str,
    form: &HashMap<String, String>,
) -> Result<(), DbError> {
    let get = |k: &str| form.get(k).map(String::as_str).unwrap_or("");
    match get("action") {
        "join" => db::series::set_series(conn, slug, Some(get("series"))),
        "create" => {
            let n = count_best(form.get("count_best"))?;
            let made = db::series::create(conn, get("series_slug").trim(), get("name"), n)?;
            db::series::set_series(conn, slug, Some(&made.slug))
        }
        "leave" => db::series::set_series(conn, slug, None),
        "settings" => {
            let n = count_best(form.get("count_best"))?;
            db::series::update(conn, get("series"), get("name"), n).map(|_| ())
        }
        dir @ ("up" | "down") => {
            let series = get("series");
            let mut order: Vec<String> = db::series::members(conn, series)?
                .into_iter()
                .map(|m| m.slug)
                .collect();
            if let Some(i) = order.iter().position(|s| s == get("event")) {
                let j = if dir == "up" {
                    i.checked_sub(1)
                } else {
                    Some(i + 1)
                };
                if let Some(j) = j.filter(|&j| j < order.len()) {
                    order.swap(i, j);
                }
            }
            db::series::reorder(conn, series, &order).map(|_| ())
        }
        _ => Ok(()),
    }
}

async fn save(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let slug = path.into_inner();
    let key = slug.clone();
    let form = form.into_inner();
    let done = with_db(&state, move |conn| match act(conn, &key, &form) {
        Ok(()) => Ok(None),
        Err(DbError::Refused(why)) => Ok(Some(why)),
        Err(e) => Err(e.into()),
    })
    .await?;
    match done {
        None => Ok(redirect_with(
            &format!("/d/{slug}/series"),
            "series-flash-saved",
        )),
        Some(why) => show(&ctx, &state, &slug, Some(why.text(&ctx.t))).await,
    }
}
