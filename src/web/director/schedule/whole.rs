//! A whole round robin (`/d/{slug}/schedule`): previewed, then made in one save with the
//! rounds it needs.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::forms::WholeForm;
use super::{ExplanationLine, explanation_lines, label, tables_list};
use crate::db::schedule::{self as store, GeneratedRound};
use crate::rules::event;
use crate::rules::{Board, Event, Level, PairingMethod};
use crate::schedule::draft::{self, Field, Proposal};
use crate::web::i18n::Tr;
use crate::web::page::{Ctx, TourHead, redirect_with, render_status, with_db};
use crate::web::tour::Tour;
use crate::web::{AppError, AppState};

struct WholeRound {
    number: i32,
    lines: Vec<ExplanationLine>,
    bye: Option<String>,
    /// The round does not exist yet: it will be added.
    new: bool,
}

#[derive(Template)]
#[template(path = "director/schedule_whole.html")]
struct WholePage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    double: bool,
    rounds: Vec<WholeRound>,
    preview: bool,
    problems: Vec<String>,
    hint: String,
}

/// The rounds of the whole schedule, or why it cannot be made.
fn whole_plan(t: &Tr, event: &Event, double: bool) -> Result<Vec<(i32, Proposal)>, Vec<String>> {
    let plans = draft::whole_round_robin(event, double);
    if plans.is_empty() {
        return Err(vec![t.t("schedule-error-too-few")]);
    }
    let played: Vec<i32> = event
        .rounds
        .iter()
        .filter(|r| r.number <= plans.len() as i32)
        .filter(|r| r.matches.iter().any(|m| !m.results.is_empty()))
        .map(|r| r.number)
        .collect();
    if !played.is_empty() {
        return Err(vec![t.a(
            "schedule-error-whole-played",
            "rounds",
            tables_list(&played),
        )]);
    }
    let numbers: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
    let consecutive = numbers.iter().enumerate().all(|(i, n)| *n == i as i32 + 1);
    if !consecutive {
        return Err(vec![t.t("schedule-error-whole-gaps")]);
    }
    let field = Field::before(event, 1);
    Ok(plans
        .iter()
        .enumerate()
        .map(|(i, plan)| (i as i32 + 1, field.round_robin_round(plan, i)))
        .collect())
}

/// Boards for the rounds the schedule adds: as many as the first round has, dealers
/// rotating, at level 2 with the trump declared at the table; 8 when there is no round.
fn new_boards(event: &Event) -> Vec<Board> {
    let first = event.rounds.first();
    let count = first.map_or(8, |r| r.boards.len().max(1)) as i32;
    let level = first
        .and_then(|r| r.boards.first())
        .map_or(Level::all().next().expect("levels"), |b| b.level);
    let trump = first.and_then(|r| r.boards.first()).and_then(|b| b.trump);
    event::new_boards(count, level, trump)
}

fn whole_page(
    ctx: &Ctx,
    event: &Event,
    double: bool,
    preview: bool,
) -> Result<HttpResponse, AppError> {
    let t = &ctx.t;
    let teams = event.teams.iter().filter(|t| !t.withdrawn).count();
    let (rounds, problems) = if preview {
        match whole_plan(t, event, double) {
            Ok(plan) => (
                plan.iter()
                    .map(|(number, p)| WholeRound {
                        number: *number,
                        lines: explanation_lines(t, event, &p.matches),
                        bye: p.bye.map(|b| label(event, b)),
                        new: !event.rounds.iter().any(|r| r.number == *number),
                    })
                    .collect(),
                Vec::new(),
            ),
            Err(problems) => (Vec::new(), problems),
        }
    } else {
        (Vec::new(), Vec::new())
    };
    let status = if problems.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    let page = WholePage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        double,
        preview: preview && problems.is_empty(),
        rounds,
        problems,
        hint: t.args(
            "schedule-whole-hint",
            &[
                ("teams", teams.to_string().into()),
                ("boards", new_boards(event).len().to_string().into()),
            ],
        ),
    };
    render_status(ctx, status, &page)
}

pub(super) async fn whole_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
) -> Result<HttpResponse, AppError> {
    whole_page(&ctx, &tour.snapshot(&state).await?.event, false, false)
}

pub(super) async fn whole_preview(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<WholeForm>,
) -> Result<HttpResponse, AppError> {
    let double = form.double.is_some();
    whole_page(&ctx, &tour.snapshot(&state).await?.event, double, true)
}

pub(super) async fn whole_confirm(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<WholeForm>,
) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(&state).await?;
    let event = &snap.event;
    let double = form.double.is_some();
    let plan = match whole_plan(&ctx.t, event, double) {
        Ok(plan) => plan,
        Err(_) => return whole_page(&ctx, event, double, true),
    };
    let boards = new_boards(event);
    let generated: Vec<GeneratedRound> = plan
        .into_iter()
        .map(|(number, p)| GeneratedRound {
            number,
            pairings: p.pairings(),
            explanations: p.matches,
            overridden: false,
            seeds: Vec::new(),
        })
        .collect();
    let key = tour.slug.clone();
    let who = ctx.viewer.name();
    with_db(&state, move |conn| {
        if store::save_generated(
            conn,
            &key,
            PairingMethod::RoundRobin,
            None,
            &boards,
            &generated,
            &who,
        )? {
            Ok(())
        } else {
            Err(AppError::not_found())
        }
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{}/rounds", tour.slug),
        "schedule-flash-whole-saved",
    ))
}
