//! The director's exchanges: two teams of a knockout round trading places, and taking
//! one back, while none of the round's segments has a result.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};

use super::fields::{saved_fields, with_blank};
use super::view::{has_results, page};
use crate::db;
use crate::input::Why;
use crate::rules::bracket::Bracket;
use crate::rules::stages::{ExchangeDraft, Stage, StageDraft};
use crate::web::i18n::Tr;
use crate::web::live::Snapshot;
use crate::web::page::{Ctx, redirect_with, render_status, with_db};
use crate::web::tour::Tour;
use crate::web::{AppError, AppState};

/// The stages with knockout stage `index`'s exchanges replaced by `exchanges`, checked; the
/// problems in words otherwise.
fn with_exchanges(
    t: &Tr,
    stages: &[Stage],
    index: usize,
    exchanges: Vec<ExchangeDraft>,
) -> Result<Vec<Stage>, Vec<String>> {
    let mut drafts: Vec<StageDraft> = stages.iter().map(StageDraft::of).collect();
    drafts[index].exchanges = exchanges;
    Stage::parse_all(&drafts).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| {
                Why::Stage {
                    stage: e.index + 1,
                    key: e.key.key(),
                    reason: e.reason,
                }
                .text(t)
            })
            .collect()
    })
}

/// The knockout stage (its index), when two teams of its knockout round `ko` can be
/// exchanged (or an exchange undone): the round's sides are known and none of its segments
/// has a result. Otherwise the flash that says why not.
fn exchangeable(snap: &Snapshot, ko: u32) -> Result<usize, &'static str> {
    let c = snap.championship().ok_or("stage-flash-not-yet")?;
    let b = c.bracket.as_ref().ok_or("stage-flash-not-yet")?;
    let round = ko
        .checked_sub(1)
        .and_then(|i| b.rounds.get(i as usize))
        .ok_or("stage-flash-not-yet")?;
    if b.pairings(round.first_round).is_err() {
        return Err("stage-flash-not-yet");
    }
    if has_results(&snap.event, round) {
        return Err("stage-flash-exchange-started");
    }
    Ok(b.stage)
}

/// Saves the stages with an exchange added or taken away, one audit row for the stage's
/// `exchanges`.
async fn save_exchanges(
    state: &web::Data<AppState>,
    tour: &Tour,
    who: String,
    stages: Vec<Stage>,
) -> Result<(), AppError> {
    let slug = tour.slug.clone();
    with_db(state, move |conn| {
        db::save_stages(conn, &slug, &stages, &who)?
            .then_some(())
            .ok_or_else(AppError::not_found)
    })
    .await
}

/// Exchanges two teams of different ties of knockout round `ko` (fields `a`, `b` and
/// `reason`): each keeps its seed, the higher seed of each tie is at home. Refused once a
/// segment of the round has a result; a round already paired is offered again.
pub(super) async fn exchange_teams(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    path: web::Path<(String, u32)>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let ko = path.into_inner().1;
    let stage_url = format!("/d/{}/stages", tour.slug);
    let snap = tour.snapshot(&state).await?;
    let stage = match exchangeable(&snap, ko) {
        Ok(stage) => stage,
        Err(flash) => return Ok(redirect_with(&stage_url, flash)),
    };
    let team = |key: &str| form.get(key).and_then(|v| v.trim().parse::<i64>().ok());
    let draft = ExchangeDraft {
        ko_round: Some(ko.into()),
        teams: team("a").zip(team("b")).map(|(a, b)| vec![a, b]),
        reason: form.get("reason").cloned().unwrap_or_default(),
    };
    let stages = &snap.event.settings.stages;
    let mut list = StageDraft::of(&stages[stage]).exchanges;
    list.push(draft);
    let index = list.len() - 1;
    let checked = with_exchanges(&ctx.t, stages, stage, list).and_then(|new| {
        // The exchange must be one the bracket, as the results stand, can make.
        let c = snap.championship().ok_or_else(Vec::new)?;
        let trial = Bracket::compute(&new, stage, &c.tables, &snap.event, &snap.report)
            .ok_or_else(Vec::new)?;
        match trial.exchange_faults.iter().find(|f| f.exchange() == index) {
            Some(&f) => Err(vec![Why::of_exchange(&trial, f).text(&ctx.t)]),
            None => Ok(new),
        }
    });
    match checked {
        Ok(new) => {
            save_exchanges(&state, &tour, ctx.viewer.name(), new).await?;
            Ok(redirect_with(&stage_url, "stage-flash-exchanged"))
        }
        Err(errors) => {
            let mut page = page(
                &ctx,
                &snap,
                with_blank(saved_fields(&snap.event)),
                Vec::new(),
            );
            if let Some(v) = page.knockout.iter_mut().find(|v| v.number == ko) {
                v.exchange_errors = errors;
            }
            render_status(
                &ctx,
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                &page,
            )
        }
    }
}

/// Takes exchange `index` of knockout round `ko` back, while no segment of the round has a
/// result.
pub(super) async fn undo_exchange(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    path: web::Path<(String, u32, usize)>,
) -> Result<HttpResponse, AppError> {
    let (_, ko, index) = path.into_inner();
    let stage_url = format!("/d/{}/stages", tour.slug);
    let snap = tour.snapshot(&state).await?;
    let stage = match exchangeable(&snap, ko) {
        Ok(stage) => stage,
        Err(flash) => return Ok(redirect_with(&stage_url, flash)),
    };
    let stages = &snap.event.settings.stages;
    let mut list = StageDraft::of(&stages[stage]).exchanges;
    if list
        .get(index)
        .is_none_or(|x| x.ko_round != Some(ko.into()))
    {
        return Err(AppError::not_found());
    }
    list.remove(index);
    let new = with_exchanges(&ctx.t, stages, stage, list).map_err(|_| AppError::not_found())?;
    save_exchanges(&state, &tour, ctx.viewer.name(), new).await?;
    Ok(redirect_with(&stage_url, "stage-flash-exchange-undone"))
}
