//! Snake seeding a groups stage into the form, from the team list or the previous
//! stage's standings.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};

use super::fields::{groups_text, saved_fields, with_blank};
use super::view::page;
use crate::rules::TeamNo;
use crate::web::page::{Ctx, render};
use crate::web::tour::Tour;
use crate::web::{AppError, AppState};

/// `POST /d/{slug}/stages/snake`: the stages form again with stage `stage`'s groups
/// snake-seeded into `groups` groups, from the team list (by number) or from the previous
/// stage's standings (`from = previous`); saved only when the director saves the form.
pub(super) async fn snake_seed(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(&state).await?;
    let event = &snap.event;
    let form = form.into_inner();
    let index: usize = form.get("stage").and_then(|s| s.parse().ok()).unwrap_or(0);
    let groups: usize = form
        .get("groups")
        .and_then(|s| s.trim().parse().ok())
        .filter(|n| (1..=crate::rules::stages::MAX_GROUPS).contains(n))
        .unwrap_or(2);
    let withdrawn: std::collections::BTreeSet<TeamNo> = event
        .teams
        .iter()
        .filter(|t| t.withdrawn)
        .map(|t| t.number)
        .collect();
    let from_previous = form.get("from").is_some_and(|f| f == "previous");
    let mut order: Vec<TeamNo> = Vec::new();
    if from_previous
        && index > 0
        && let Some(table) = snap
            .championship()
            .and_then(|c| c.tables.of_stage(index - 1))
    {
        order = table.order(&withdrawn, &event.settings.tiebreaks);
    }
    if order.is_empty() {
        order = event
            .teams
            .iter()
            .filter(|t| !t.withdrawn)
            .map(|t| t.number)
            .collect();
    }
    // Withdrawn teams go last, so that every team of the event has a group.
    order.extend(withdrawn.iter().copied());
    let seeded = crate::rules::stages::snake(&order, groups);
    let mut fields = saved_fields(event);
    let mut fields_len = fields.len();
    if index >= fields_len {
        fields = with_blank(fields);
        fields_len = fields.len();
    }
    if let Some(f) = fields.get_mut(index.min(fields_len.saturating_sub(1))) {
        f.format = "groups".to_owned();
        f.groups = groups_text(&seeded);
    }
    render(&ctx, &page(&ctx, &snap, with_blank(fields), Vec::new()))
}
