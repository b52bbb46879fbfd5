//! The director's rounds: the list with a form to add a round, a round's boards in one
//! grid ([`boards`]), its pairings by hand ([`pairings`]), and the round overview with
//! every match's progress ([`overview`]).
//!
//! - `GET/POST /d/{slug}/rounds`: the rounds; POST adds one
//! - `GET /d/{slug}/rounds/{n}`: the round overview
//! - `GET/POST /d/{slug}/rounds/{n}/boards`: dealer, level and trump of every board
//! - `GET/POST /d/{slug}/rounds/{n}/pairings`: table, home and away by hand
//!
//! Scorers may read the list and the overview (to find their table); the rest is the
//! director's.

mod boards;
mod overview;
mod pairings;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db;
use crate::input::read_number;
use crate::rules::event::{MAX_BOARDS, new_boards};
use crate::rules::{Level, RoundProgress, Trump};
use crate::web::labels::{Choice, level_choices, round_progress_label, trump_choices};
use crate::web::page::{Ctx, TourHead, redirect_with, render_status, with_db};
use crate::web::routes::{Need, Routes};
use crate::web::tour::Tour;
use crate::web::{AppError, AppState};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/rounds", Need::Scorer, list)
        .post("/d/{slug}/rounds", Need::Director, add)
        .get("/d/{slug}/rounds/{round}", Need::Scorer, overview::overview)
        .get(
            "/d/{slug}/rounds/{round}/boards",
            Need::Director,
            boards::boards,
        )
        .post(
            "/d/{slug}/rounds/{round}/boards",
            Need::Director,
            boards::save_boards,
        )
        .get(
            "/d/{slug}/rounds/{round}/pairings",
            Need::Director,
            pairings::pairings,
        )
        .post(
            "/d/{slug}/rounds/{round}/pairings",
            Need::Director,
            pairings::save_pairings,
        );
}

#[derive(Debug)]
struct RoundLine {
    number: i32,
    boards: usize,
    matches: usize,
    progress: RoundProgress,
    label: String,
}

#[derive(Debug, Default, serde::Deserialize)]
struct NewRoundForm {
    #[serde(default)]
    boards: String,
    /// Made with the page: the same form sent twice adds one round.
    #[serde(default)]
    form_token: String,
    #[serde(default)]
    level: String,
    #[serde(default)]
    trump: String,
}

#[derive(Debug, Default)]
struct NewRoundErrors {
    boards: Option<String>,
    level: Option<String>,
    trump: Option<String>,
}

impl NewRoundErrors {
    fn any(&self) -> bool {
        self.boards.is_some() || self.level.is_some() || self.trump.is_some()
    }
}

#[derive(Template)]
#[template(path = "director/rounds_list.html")]
struct RoundsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    rounds: Vec<RoundLine>,
    next: i32,
    boards: String,
    form_token: String,
    errors: NewRoundErrors,
    levels: Vec<Choice>,
    trumps: Vec<Choice>,
}

async fn rounds_page(
    ctx: &Ctx,
    state: &AppState,
    tour: &Tour,
    form: Option<(NewRoundForm, NewRoundErrors)>,
) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(state).await?;
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let rounds: Vec<RoundLine> = event
        .rounds
        .iter()
        .map(|r| {
            let progress = report.round_progress(r.number);
            RoundLine {
                number: r.number,
                boards: r.boards.len(),
                matches: r.matches.iter().filter(|m| !m.is_bye()).count(),
                progress,
                label: round_progress_label(t, progress),
            }
        })
        .collect();
    let last_count = event.rounds.last().map_or(8, |r| r.boards.len());
    let status = if form.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let (form, errors) = form.unwrap_or_else(|| {
        (
            NewRoundForm {
                boards: last_count.to_string(),
                level: "2".to_owned(),
                trump: String::new(),
                form_token: String::new(),
            },
            NewRoundErrors::default(),
        )
    });
    let page = RoundsPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        next: event
            .rounds
            .last()
            .map_or(1, |r| r.number.saturating_add(1)),
        rounds,
        boards: form.boards,
        form_token: if form.form_token.is_empty() {
            crate::db::accounts::random_hex(16)
        } else {
            form.form_token
        },
        errors,
        levels: level_choices(&form.level),
        trumps: trump_choices(t, &form.trump),
    };
    render_status(ctx, status, &page)
}

async fn list(ctx: Ctx, state: web::Data<AppState>, tour: Tour) -> Result<HttpResponse, AppError> {
    rounds_page(&ctx, &state, &tour, None).await
}

/// `POST /d/{slug}/rounds`: a new round of N boards, dealers rotating, one level and
/// trump for all; then on to its boards.
async fn add(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<NewRoundForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let t = &ctx.t;
    let mut errors = NewRoundErrors::default();
    let count = match read_number(&form.boards) {
        Some(Ok(n)) if (1..=MAX_BOARDS).contains(&n) => Some(n),
        _ => {
            errors.boards = Some(t.a("rounds-error-boards", "max", MAX_BOARDS));
            None
        }
    };
    let level = form.level.trim().parse::<Level>().ok();
    if level.is_none() {
        errors.level = Some(t.t("rounds-error-level"));
    }
    let trump = match form.trump.trim() {
        "" => Ok(None),
        code => code.parse::<Trump>().map(Some),
    };
    if trump.is_err() {
        errors.trump = Some(t.t("rounds-error-trump"));
    }
    let (Some(count), Some(level), Ok(trump)) = (count, level, trump) else {
        return rounds_page(&ctx, &state, &tour, Some((form, errors))).await;
    };
    let boards = new_boards(count, level, trump);
    let key = tour.slug.clone();
    let token = Some(form.form_token.trim().to_owned())
        .filter(|t| !t.is_empty() && crate::limits::check(t, crate::limits::CODE).is_ok());
    let number = with_db(&state, move |conn| {
        db::add_round_once(conn, &key, &boards, token.as_deref())?.ok_or_else(AppError::not_found)
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{}/rounds/{number}/boards", tour.slug),
        "rounds-flash-added",
    ))
}
