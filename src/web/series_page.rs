//! The public page of a series, `/s/{slug}`, and its `series.csv`, `/s/{slug}/series.csv`
//! (docs/rules.md §14): the series' published tournaments in its order, an unfinished one
//! marked in progress, and the standings of players over the finished, published ones.
//!
//! Privacy (docs/rules.md §14): a series joins a person's events, so a player whose cross-event
//! page is not public is shown without name or id, here and in the public file; their line
//! keeps its place, since the others' ranks depend on it.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::page::{Ctx, render, with_db};
use super::{AppError, AppState};
use crate::db;
use crate::db::ratings::Counting;
use crate::rules::player_id::PlayerId;
use crate::rules::rational::decimals;
use crate::rules::series::SeriesLine;
use crate::web::validator::{Inputs, Validator};

/// A tournament of the series.
pub(crate) struct EventRow {
    pub slug: String,
    pub name: String,
    pub finished: bool,
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
/// tournaments, its standings over the finished ones and each public player's name.
pub(crate) struct Seen {
    pub series: db::series::Series,
    pub events: Vec<EventRow>,
    pub lines: Arc<Vec<SeriesLine>>,
    pub public_names: BTreeMap<PlayerId, String>,
}

impl Seen {
    /// A digest of all of it, as the public sees it: the validator's inputs.
    fn inputs(&self) -> Inputs {
        let mut inputs = Inputs::default();
        let s = &self.series;
        inputs.add(&s.slug).add(&s.name).add_debug(&s.count_best);
        for e in &self.events {
            inputs.add(&e.slug).add(&e.name).add_debug(&e.finished);
        }
        for l in self.lines.iter() {
            let shown = self.public_names.get(&l.player).map(|n| (l.player, n));
            inputs
                .add_debug(&(l.rank, shown, l.events))
                .add_debug(&(&l.points, &l.butler_total));
        }
        inputs
    }

    /// The validator of the answer `kind` in `lang` (`all`: the same in every language).
    fn validator(&self, req: &HttpRequest, state: &AppState, kind: &str, lang: &str) -> Validator {
        Validator::of(req, state, kind, lang, self.inputs())
    }
}

/// The standings of each series as last worked out, with what they were worked out from
/// (the finished, published tournaments' revisions and `count_best`): a series' page, files
/// and API read them from here until one of those changes, so that a reader who has the
/// page already is answered from two small queries.
#[derive(Default)]
pub(crate) struct StandingsKept {
    kept: Mutex<HashMap<String, (StandingsKey, Lines)>>,
}

type StandingsKey = (Option<u32>, Vec<(String, i64, chrono::NaiveDateTime)>);
type Lines = Arc<Vec<SeriesLine>>;

/// How many series' standings are kept at most (the oldest go first).
const STANDINGS_KEPT: usize = 64;

impl StandingsKept {
    fn get(&self, slug: &str, key: &StandingsKey) -> Option<Arc<Vec<SeriesLine>>> {
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.get(slug)
            .filter(|(k, _)| k == key)
            .map(|(_, lines)| lines.clone())
    }

    fn keep(&self, slug: &str, key: StandingsKey, lines: Arc<Vec<SeriesLine>>) {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if kept.len() >= STANDINGS_KEPT && !kept.contains_key(slug) {
            kept.clear();
        }
        kept.insert(slug.to_owned(), (key, lines));
    }
}

/// What the public may see of series `slug` (a 404 for a series that does not exist).
pub(crate) async fn seen(state: &AppState, slug: String) -> Result<Seen, AppError> {
    let kept = state.series_standings.clone();
    with_db(state, move |conn| {
        let series = db::series::get(conn, &slug)?.ok_or_else(AppError::not_found)?;
        let members: Vec<_> = db::series::members(conn, &slug)?
            .into_iter()
            .filter(|m| m.published)
            .collect();
        // A series with no published tournament is not public yet: its name tells of
        // tournaments the public does not see.
        if members.is_empty() {
            return Err(AppError::not_found());
        }
        let key: StandingsKey = (
            series.count_best,
            members
                .iter()
                .filter(|m| m.finished)
                .map(|m| (m.slug.clone(), m.revision.0, m.revision.1))
                .collect(),
        );
        let lines = match kept.get(&slug, &key) {
            Some(lines) => lines,
            None => {
                let lines = Arc::new(
                    db::ratings::series_standings(conn, &slug, None, Counting::Published)?
                        .unwrap_or_default(),
                );
                kept.keep(&slug, key, lines.clone());
                lines
            }
        };
        let ids: Vec<PlayerId> = lines.iter().map(|l| l.player).collect();
        let public_names = db::players::public_names_of(conn, &ids)?;
        let events = members
            .into_iter()
            .map(|m| EventRow {
                slug: m.slug,
                name: m.name,
                finished: m.finished,
            })
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
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let seen = seen(&state, path.into_inner()).await?;
    let validator = seen.validator(&req, &state, "series", ctx.lang.code());
    if let Some(response) = validator.not_modified(&req) {
        return Ok(response);
    }
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
    let page = render(
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
    )?;
    Ok(validator.headed(page))
}

/// `GET /s/{slug}/series.csv`: the standings as the page shows them, in the columns of
/// `series.csv`; a player whose page is not public has an empty id and name.
pub(super) async fn series_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let seen = seen(&state, path.into_inner()).await?;
    let validator = seen.validator(&req, &state, "seriescsv", "all");
    if let Some(response) = validator.not_modified(&req) {
        return Ok(response);
    }
    let text =
        crate::archive::series_csv_shown(&seen.lines, &|p| seen.public_names.get(&p).cloned());
    Ok(validator.headed(
        HttpResponse::Ok()
            .insert_header((header::CONTENT_TYPE, "text/csv; charset=utf-8"))
            .insert_header((
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}-series.csv\"", seen.series.slug),
            ))
            .body(crate::archive::files::file_bytes("series.csv", &text)),
    ))
}

/// `GET /s/{slug}/series.pdf`: the standings as the page shows them, on A4 to print.
pub(super) async fn series_pdf(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let seen = seen(&state, path.into_inner()).await?;
    let validator = seen.validator(&req, &state, "seriespdf", ctx.lang.code());
    if let Some(response) = validator.not_modified(&req) {
        return Ok(response);
    }
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
    Ok(validator.headed(crate::web::sheets::pdf_response(
        bytes,
        &format!("{}-series.pdf", seen.series.slug),
    )))
}
