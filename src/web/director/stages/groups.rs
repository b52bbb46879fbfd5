//! Pairing a groups stage as its groups' round robins side by side.

use actix_web::{HttpResponse, web};

use super::pairing::pair_rounds;
use super::view::group_stages;
use crate::rules::TeamNo;
use crate::web::page::{Ctx, redirect_with};
use crate::web::tour::Tour;
use crate::web::{AppError, AppState};

/// `POST /d/{slug}/stages/groups/{stage}`: pairs every round of groups stage `stage`
/// (numbered from 1) as its groups' round robins side by side, withdrawn teams left out
/// (`schedule::round_robin::groups_side_by_side`), adding its rounds that do not exist yet.
/// Refused once one of its rounds has a result, or when a group needs more rounds than the
/// stage has.
pub(super) async fn pair_groups(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    path: web::Path<(String, usize)>,
) -> Result<HttpResponse, AppError> {
    let number = path.into_inner().1;
    let snap = tour.snapshot(&state).await?;
    let event = &snap.event;
    let stage = number
        .checked_sub(1)
        .and_then(|i| event.settings.stages.get(i))
        .ok_or_else(AppError::not_found)?;
    let groups = stage.groups().ok_or_else(AppError::not_found)?;
    let stage_url = format!("/d/{}/stages", tour.slug);
    if !group_stages(&ctx.t, event)
        .iter()
        .any(|(n, _)| *n == number)
    {
        return Ok(redirect_with(&stage_url, "stage-flash-groups-started"));
    }
    let playing: Vec<Vec<TeamNo>> = groups
        .iter()
        .map(|g| {
            g.iter()
                .copied()
                .filter(|n| event.team(*n).is_some_and(|t| !t.withdrawn))
                .collect()
        })
        .collect();
    let Some(plan) =
        crate::schedule::round_robin::groups_side_by_side(&playing, stage.round_count() as usize)
    else {
        return Ok(redirect_with(&stage_url, "stage-flash-groups-too-few"));
    };
    let rounds = plan
        .into_iter()
        .zip(stage.first_round..)
        .map(|(matches, round)| {
            let pairings = matches
                .into_iter()
                .zip(1..)
                .map(|((home, away), table)| crate::rules::Pairing { table, home, away })
                .collect();
            (round, pairings)
        })
        .collect();
    pair_rounds(
        &state,
        event,
        &tour.slug,
        ctx.viewer.name(),
        rounds,
        Vec::new(),
    )
    .await?;
    Ok(redirect_with(&stage_url, "stage-flash-groups-paired"))
}
