//! Pairing a knockout round as the bracket says, with each tie's reason for the audit
//! trail; refused while a board before it is unreleased.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use fluent_templates::fluent_bundle::FluentValue;

use super::fields::{saved_fields, with_blank};
use super::pairing::pair_rounds;
use super::view::{page, tie_why};
use crate::db::audit::TieReason;
use crate::rules::bracket::{Bracket, KoRound};
use crate::web::i18n::Tr;
use crate::web::live::Snapshot;
use crate::web::page::{Ctx, redirect_with, render_status};
use crate::web::tour::Tour;
use crate::web::{AppError, AppState};

/// The longest note a director may keep with a knockout round's pairings.
const NOTE_MAX: usize = 500;

/// The director's note as sent: one line, at most [`NOTE_MAX`] characters.
fn note_of(form: &HashMap<String, String>) -> String {
    form.get("note")
        .map(|n| n.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
        .chars()
        .take(NOTE_MAX)
        .collect()
}

/// Why each tie of `proposal` is paired as it is, for the audit trail: the bracket's
/// reason with the director's note and the exchanges that moved a team into it.
fn tie_reasons(
    b: &Bracket,
    round: &KoRound,
    proposal: &[crate::rules::bracket::ProposedTie],
    note: &str,
) -> Vec<(i32, TieReason)> {
    proposal
        .iter()
        .filter_map(|p| {
            let tie = round.ties.iter().find(|x| x.number == p.tie)?;
            // An exchange is kept with the tie it moved a team into: `3 ⇄ 6 (reason)`.
            let moved = tie.exchanges.iter().map(|&i| {
                let x = &b.exchanges[i];
                format!("{} ⇄ {} ({})", x.teams[0], x.teams[1], x.reason)
            });
            let note = std::iter::once(note.to_owned())
                .filter(|n| !n.is_empty())
                .chain(moved)
                .collect::<Vec<_>>()
                .join("; ");
            Some((
                p.table,
                TieReason {
                    why: tie_why(b, round.number, tie),
                    note,
                },
            ))
        })
        .collect()
}

/// Pairs every segment of knockout round `ko` as the bracket says, adding the rounds that
/// do not exist yet (with as many boards as the round before). Refused while a tie before
/// it is undecided, or when a table whose tie would change already has results (a tie the
/// bracket still gives keeps its table and results).
pub(super) async fn pair(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    path: web::Path<(String, u32)>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    // The director's note, kept with each tie's reason in the audit trail.
    let note = note_of(&form);
    let ko = path.into_inner().1;
    let snap = tour.snapshot(&state).await?;
    let event = &snap.event;
    // The bracket as the public sees it: a tie is decided, and its winner goes on, only
    // once its boards are released (docs/rules.md §5), so no pairing gives one away.
    let public = snap.public();
    let c = public.championship().ok_or_else(AppError::not_found)?;
    let b = c.bracket.as_ref().ok_or_else(AppError::not_found)?;
    let round = b
        .rounds
        .get(ko.checked_sub(1).ok_or_else(AppError::not_found)? as usize)
        .ok_or_else(AppError::not_found)?;
    let stage_url = format!("/d/{}/stages", tour.slug);
    let Ok(proposal) = b.pairings(round.first_round) else {
        if let Some(unreleased) = unreleased_for(&snap, round.first_round) {
            let fields = with_blank(saved_fields(event));
            let page = page(
                &ctx,
                &snap,
                fields,
                vec![unreleased_text(&ctx.t, unreleased)],
            );
            let status = actix_web::http::StatusCode::UNPROCESSABLE_ENTITY;
            return render_status(&ctx, status, &page);
        }
        return Ok(redirect_with(&stage_url, "stage-flash-not-yet"));
    };
    // A table that keeps its tie keeps its results; one that would change must have none.
    let started = event.rounds.iter().any(|r| {
        (round.first_round..=round.last_round).contains(&r.number)
            && r.matches.iter().any(|m| {
                !m.results.is_empty()
                    && !proposal
                        .iter()
                        .any(|p| p.table == m.table && p.home == m.home && p.away == m.away)
            })
    });
    if started {
        return Ok(redirect_with(&stage_url, "stage-flash-started"));
    }
    let pairings: Vec<crate::rules::Pairing> = proposal
        .iter()
        .map(|p| crate::rules::Pairing {
            table: p.table,
            home: p.home,
            away: p.away,
        })
        .collect();
    let reasons = tie_reasons(b, round, &proposal, &note);
    let rounds = (round.first_round..=round.last_round)
        .map(|number| (number, pairings.clone()))
        .collect();
    pair_rounds(
        &state,
        event,
        &tour.slug,
        ctx.viewer.name(),
        rounds,
        reasons,
    )
    .await?;
    Ok(redirect_with(&stage_url, "stage-flash-paired"))
}

/// The board that keeps knockout round `first_round` from being paired although the
/// director's bracket could pair it: the first board before it not yet released.
fn unreleased_for(snap: &Snapshot, first_round: i32) -> Option<(i32, i32)> {
    let full = snap.championship()?.bracket.as_ref()?;
    full.pairings(first_round).ok()?;
    snap.release
        .first_unreleased_before(&snap.event, first_round)
}

/// "Round 3, board 2 is not released yet: …" for a pairing refused on its account.
pub(crate) fn unreleased_text(t: &Tr, (round, board): (i32, i32)) -> String {
    t.args(
        "schedule-error-unreleased",
        &[
            ("round", FluentValue::from(round.to_string())),
            ("board", FluentValue::from(board.to_string())),
        ],
    )
}
