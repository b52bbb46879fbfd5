//! Saving the stages form: each field checked, then the stages, then the event's rounds
//! and groups against them.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};

use super::fields::{MAX_STAGES, StageFields, with_blank};
use super::view::page;
use crate::db;
use crate::input::Why;
use crate::rules::stage_tables::{EventStageError, check_event};
use crate::rules::stages::{Stage, StageDraft};
use crate::web::i18n::Tr;
use crate::web::page::{Ctx, redirect_with, render_status, with_db};
use crate::web::tour::Tour;
use crate::web::{AppError, AppState};

/// The problem of an event check, in words.
fn event_problem(t: &Tr, e: &EventStageError) -> String {
    match e {
        EventStageError::RoundInNoStage { round, last } => Why::RoundInNoStage {
            round: *round,
            last: *last,
        },
        EventStageError::UnknownGroupTeam { stage, team } => Why::GroupTeamUnknown {
            stage: stage + 1,
            team: *team,
        },
        EventStageError::TeamInNoGroup { stage, team } => Why::TeamInNoGroup {
            stage: stage + 1,
            team: *team,
        },
        EventStageError::AcrossGroups {
            round, home, away, ..
        } => Why::AcrossGroups {
            round: *round,
            home: *home,
            away: *away,
        },
    }
    .text(t)
}

pub(super) async fn save(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(&state).await?;
    let event = &snap.event;
    let form = form.into_inner();
    let mut fields: Vec<StageFields> = (0..MAX_STAGES)
        .map(|i| StageFields::sent(&form, i))
        .filter(|f| !f.blank())
        .collect();
    for (i, f) in fields.iter_mut().enumerate() {
        f.index = i;
    }
    let mut drafts: Vec<StageDraft> = fields.iter_mut().map(|f| f.draft(&ctx.t)).collect();
    // The director's exchanges stay with the knockout they were made in: the form does
    // not show them, and a change that no longer allows one is refused at its stage.
    for (d, saved) in drafts.iter_mut().zip(&event.settings.stages) {
        if d.format == "knockout" && saved.format.is_knockout() {
            d.exchanges = StageDraft::of(saved).exchanges;
        }
    }
    let shaped = fields.iter().any(|f| !f.errors.is_empty());
    let parsed = if shaped {
        None
    } else {
        match Stage::parse_all(&drafts) {
            Ok(stages) => Some(stages),
            Err(errors) => {
                for e in errors {
                    let text = Why::Stage {
                        stage: e.index + 1,
                        key: e.key.key(),
                        reason: e.reason,
                    }
                    .text(&ctx.t);
                    if let Some(f) = fields.get_mut(e.index) {
                        f.errors.push(text);
                    }
                }
                None
            }
        }
    };
    let Some(stages) = parsed else {
        let page = page(&ctx, &snap, with_blank(fields), Vec::new());
        return render_status(
            &ctx,
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            &page,
        );
    };
    let problems: Vec<String> = check_event(&stages, event)
        .iter()
        .map(|e| event_problem(&ctx.t, e))
        .collect();
    if !problems.is_empty() {
        let page = page(&ctx, &snap, with_blank(fields), problems);
        return render_status(
            &ctx,
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            &page,
        );
    }
    let (slug, who) = (tour.slug.clone(), ctx.viewer.name());
    with_db(&state, move |conn| {
        db::save_stages(conn, &slug, &stages, &who)?
            .then_some(())
            .ok_or_else(AppError::not_found)
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{}/stages", tour.slug),
        "stage-flash-saved",
    ))
}
