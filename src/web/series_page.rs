//! The public page of a series, `/s/{slug}`, and its `series.csv`, `/s/{slug}/series.csv`
//! (docs/rules.md §14): the series' published tournaments in its order, an unfinished one
//! marked in progress, and the standings of players over the finished, published ones.
//!
//! Privacy (docs/rules.md §14): a series joins a person's events, so a player whose cross-event
//! page is not public is shown without name or id, here and in the public file; their line
//! keeps its place, since the others' ranks depend on it.

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::page::{Ctx, render, with_db};
use super::{AppError, AppState};
use crate::db;
use crate::db::ratings::Counting;
use crate::rules::player_id::PlayerId;
use crate::rules::rational::decimals;
use crate::rules::series::SeriesLine;

/// A tournament of the series.
struct EventRow {
    slug: String,
    name: String,
    finished: bool,
}

/// A player's line.
struct LineRow {
    rank: usize,
    /// The player's id and name; `None` for a player whose page is not public.
    name: Option<(PlayerId, String)>,
    events: u32,
    points: String,
    butler: String,
}

#[derive(Template)]
#[template(path = "public/series.html")]
struct SeriesPage {
    ctx: Ctx,
    slug: String,
    name: String,
    count_best: Option<u32>,
    events: Vec<EventRow>,
    rows: Vec<LineRow>,
    /// The first tournament of the series in progress: the page follows its event stream,
    /// so that it changes when that tournament does (and when it is marked finished).
    follow: Option<String>,
}

/// What the public may see of series `slug`: its name and setting, its published
/// tournaments, its standings over the finished ones and each player's public name.
struct Seen {
    series: db::series::Series,
    events: Vec<EventRow>,
    lines: Vec<SeriesLine>,
    public_names: std::collections::BTreeMap<PlayerId, String>,
}

async fn seen(state: &AppState, slug: String) -> Result<Seen, AppError> {
    with_db(state, move |conn| {
        let series = db::series::get(conn, &slug)?.ok_or_else(AppError::not_found)?;
        let events = db::series::members(conn, &slug)?
            .into_iter()
            .filter(|m| m.published)
            .map(|m| EventRow {
                slug: m.slug,
                name: m.name,
                finished: m.finished,
            })
            .collect();
        let lines = db::ratings::series_standings(conn, &slug, None, Counting::Published)?
            .unwrap_or_default();
        let public_names = db::players::all(conn)?
            .into_iter()
            .filter(|p| p.fields.public)
            .map(|p| (p.id, p.fields.name))
            .collect();
        Ok(Seen {
            series,
            events,
            lines,
            public_names,
        })
    })
    .await
}

/// `GET /s/{slug}`.
pub(super) async fn series(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let seen = seen(&state, path.into_inner()).await?;
    let rows = seen
        .lines
        .iter()
        .map(|l| LineRow {
            rank: l.rank,
            name: seen
                .public_names
                .get(&l.player)
                .map(|name| (l.player, name.clone())),
            events: l.events,
            points: decimals(&l.points, 2),
            butler: decimals(&l.butler_total, 2),
        })
        .collect();
    render(
        &ctx,
        &SeriesPage {
            ctx: ctx.clone(),
            slug: seen.series.slug,
            name: seen.series.name,
            count_best: seen.series.count_best,
            follow: seen
                .events
                .iter()
                .find(|e| !e.finished)
                .map(|e| e.slug.clone()),
            events: seen.events,
            rows,
        },
    )
}

/// `GET /s/{slug}/series.csv`: the standings as the page shows them, in the columns of
/// `series.csv`; a player whose page is not public has an empty id and name.
pub(super) async fn series_csv(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let seen = seen(&state, path.into_inner()).await?;
    let text =
        crate::archive::series_csv_shown(&seen.lines, &|p| seen.public_names.get(&p).cloned());
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/csv; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}-series.csv\"", seen.series.slug),
        ))
        .body(crate::archive::files::file_bytes("series.csv", &text)))
}

/// `GET /s/{slug}/series.pdf`: the standings as the page shows them, on A4 to print.
pub(super) async fn series_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let seen = seen(&state, path.into_inner()).await?;
    let t = &ctx.t;
    let mut note = match seen.series.count_best {
        Some(n) => t.a("series-count-best-n", "n", n),
        None => t.t("series-count-all"),
    };
    let open: Vec<&str> = seen
        .events
        .iter()
        .filter(|e| !e.finished)
        .map(|e| e.name.as_str())
        .collect();
    if !open.is_empty() {
        note = format!(
            "{note} {}",
            t.a("series-pdf-in-progress", "events", open.join(", "))
        );
    }
    let columns = [
        t.t("pub-col-rank"),
        t.t("series-col-player"),
        t.t("series-col-events"),
        t.t("series-col-points"),
        t.t("series-col-butler"),
    ];
    let rows = seen
        .lines
        .iter()
        .map(|l| {
            vec![
                l.rank.to_string(),
                seen.public_names
                    .get(&l.player)
                    .cloned()
                    .unwrap_or_else(|| t.t("series-not-public")),
                l.events.to_string(),
                decimals(&l.points, 2),
                decimals(&l.butler_total, 2),
            ]
        })
        .collect();
    let page = crate::sheets::pdf::series_page(&seen.series.name, &note, &columns, rows);
    let (title, lang) = (seen.series.name.clone(), ctx.lang.html_lang().to_owned());
    let bytes = web::block(move || crate::sheets::pdf::render(&[page], &title, &lang))
        .await
        .map_err(AppError::internal)?
        .map_err(AppError::internal)?;
    Ok(crate::web::sheets::pdf_response(
        bytes,
        &format!("{}-series.pdf", seen.series.slug),
    ))
}
