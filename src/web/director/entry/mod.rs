//! Result entry for one match: `GET/POST /d/{slug}/rounds/{n}/tables/{t}`, open to the
//! tournament's scorers.
//!
//! Both rooms side by side, one row per board with its conditions and the fields of the
//! score sheet (docs/rules.md §9), named `{o|c}{board}-{field}` with the `results.csv` field names.
//! A blank row means "no result yet". A save replaces the match's results in one
//! transaction and comes back to the page (Post/Redirect/Get), which then shows every
//! computed figure beside the inputs. Wrong input comes back with status 422, every error
//! beside its field and everything typed kept; nothing is saved.
//!
//! The posted sheet is read in [`forms`]; the page is drawn in [`views`].

mod figures;
mod forms;
mod views;

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::audit;
use crate::db::{self, MatchSave, RoundSheet};
use crate::rules::{Match, MatchProgress, Scorer};
use crate::web::i18n::Tr;
use crate::web::labels::team_label;
use crate::web::page::{Ctx, TourHead, redirect_with, render_status, with_db};
use crate::web::routes::{Need, Routes};
use crate::web::tour::TableAt;
use crate::web::{AppError, AppState};
use forms::read_sheet;
use views::{ByePage, Conflict, ConflictRow, MatchInfo, ReasonField, entry_page};

pub fn configure(routes: &mut Routes) {
    routes
        .get(
            "/d/{slug}/rounds/{round}/tables/{table}",
            Need::Scorer,
            show,
        )
        .post(
            "/d/{slug}/rounds/{round}/tables/{table}",
            Need::Scorer,
            save,
        )
        .get(
            "/d/{slug}/rounds/{round}/tables/{table}/figures",
            Need::Scorer,
            figures::figures,
        );
}

/// The match as it stands now (from the snapshot, with only this match of its round), with
/// its version and trail and the round's flags. The version is read before the revision
/// whose snapshot gives the results, so that a page is never based on a newer version than
/// the results it shows.
async fn load_match(
    state: &AppState,
    at: &TableAt,
    t: &Tr,
) -> Result<(RoundSheet, MatchInfo), AppError> {
    let (round, table) = (at.round.round, at.table);
    let slug = at.round.tour.slug.clone();
    let id = at.round.tour.gate.tournament;
    let (version, revision, trail, (threshold, checked)) = with_db(state, move |conn| {
        let version = db::match_version(conn, &slug, round, table)?.unwrap_or_default();
        let revision = db::revision::of_id(conn, id)?.ok_or_else(AppError::not_found)?;
        let (trail, _) = db::audit::audit_trail(conn, &slug, Some((round, table)), 0, 200)?
            .ok_or_else(AppError::not_found)?;
        let flags = super::field::flags(conn, &slug)?;
        Ok((version, revision, trail, flags))
    })
    .await?;
    let tour = &at.round.tour;
    let snap = state
        .live
        .snapshot_at(id, revision.max(tour.gate.revision), &tour.slug, true)
        .await?;
    let sheet = RoundSheet::of_match(&snap.event, round, table).ok_or_else(AppError::not_found)?;
    let field = super::field::snapshot_extras(&snap, round, Some(table), threshold, &checked, t);
    let period_over = correction_period_over(state, at).await?;
    Ok((
        sheet,
        MatchInfo {
            version,
            field,
            trail,
            conflict: None,
            busy: false,
            reason: period_over.then(ReasonField::default),
            deleting: Vec::new(),
            deleting_paired_next: None,
        },
    ))
}

/// The round after `at`'s, when it already has pairings: they were made from this
/// round's results as they stood, so deleting one of them is worth a word.
async fn paired_next(state: &AppState, at: &TableAt) -> Result<Option<i32>, AppError> {
    let next = at.round.round + 1;
    let snap = at.round.tour.snapshot(state).await?;
    Ok(snap
        .event
        .rounds
        .iter()
        .any(|r| r.number == next && !r.matches.is_empty())
        .then_some(next))
}

async fn show(ctx: Ctx, state: web::Data<AppState>, at: TableAt) -> Result<HttpResponse, AppError> {
    let (sheet, info) = load_match(&state, &at, &ctx.t).await?;
    let m = sheet.table(at.table).ok_or_else(AppError::not_found)?;
    if m.is_bye() {
        let page = ByePage {
            ctx: ctx.clone(),
            tour: TourHead::of_settings(&sheet.settings),
            section: "rounds",
            round: at.round.round,
            table: at.table,
            team: team_label(&sheet, m.home),
        };
        return render_status(&ctx, StatusCode::OK, &page);
    }
    entry_page(&ctx, &sheet, m, None, &[], info)
}

/// `POST`: the whole match at once; blank rows delete their result. The form carries
/// the version of the match it was based on; when the match was saved since, nothing is
/// saved and the page comes back with status 409, both versions and the typed values.
async fn save(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TableAt,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (round, table) = (at.round.round, at.table);
    let sheet = at.round.sheet(&state).await?;
    let m = sheet.table(table).ok_or_else(AppError::not_found)?;
    if m.is_bye() {
        return Err(AppError::bad_request(ctx.t.t("entry-bye-no-results")));
    }
    let form = form.into_inner();
    // A form without a version (a script) is not checked; the page always sends one.
    let expected = match form.get("version") {
        None => None,
        Some(v) => Some(
            v.trim()
                .parse::<i32>()
                .map_err(|_| AppError::bad_request(ctx.t.t("audit-bad-version")))?,
        ),
    };
    let results = match read_sheet(&sheet, &form) {
        Ok(results) => results,
        Err(errors) => {
            let (_, mut info) = load_match(&state, &at, &ctx.t).await?;
            // Keep the version the typed page was based on.
            info.version = expected.unwrap_or(info.version);
            return entry_page(&ctx, &sheet, m, Some(&form), &errors, info);
        }
    };
    let changes = audit::result_changes(&m.results, &results);
    // After the round's correction period a change needs the director's reason.
    let period_over = correction_period_over(&state, &at).await?;
    let typed_reason = form.get("reason").map_or("", |r| r.trim()).to_owned();
    let refused_reason = match typed_reason.chars().count() {
        _ if !period_over => None,
        0 if !changes.is_empty() => Some(ctx.t.t("entry-reason-required")),
        n if n > REASON_LENGTH => Some(ctx.t.a("entry-reason-long", "max", REASON_LENGTH)),
        _ => None,
    };
    // Clearing a saved row deletes its result: the director confirms it first, told which
    // board, room and figures go.
    let deleting: Vec<ConflictRow> = changes
        .iter()
        .filter(|c| c.after.is_empty() && !c.before.is_empty())
        .map(|c| ConflictRow {
            subject: super::subject::subject_text(&ctx.t, &c.subject),
            theirs: super::words::value_words(&ctx.t, &c.subject, &c.before),
            yours: String::new(),
        })
        .collect();
    let unconfirmed =
        !deleting.is_empty() && form.get("confirm_delete").map(String::as_str) != Some("yes");
    if refused_reason.is_some() || unconfirmed {
        let (_, mut info) = load_match(&state, &at, &ctx.t).await?;
        info.version = expected.unwrap_or(info.version);
        if let Some(field) = &mut info.reason {
            field.value = typed_reason.clone();
            field.error = refused_reason.clone();
        }
        if refused_reason.is_none() {
            info.deleting = deleting;
            info.deleting_paired_next = paired_next(&state, &at).await?;
        }
        return entry_page(&ctx, &sheet, m, Some(&form), &[], info);
    }
    let reason = if period_over {
        typed_reason
    } else {
        String::new()
    };
    // A desk correction wins: a room it changed is closed to its table.
    let changed = crate::rules::event::rooms_changed(&m.results, &results);
    let who = ctx.viewer.name();
    let key = at.round.tour.slug.clone();
    let mine = results.clone();
    // The save and the rooms it closes in one transaction, then the round as it now stands.
    let saved = with_db(&state, move |conn| {
        let outcome = db::table::save_at_desk(
            conn,
            &key,
            round,
            table,
            &mine,
            (&who, &reason),
            expected,
            &changed,
        )?;
        Ok(outcome)
    })
    .await
    .map(|outcome| {
        // The round as it now stands: the one before with this match's results replaced
        // (the next match to enter is found from it).
        let mut after = sheet.clone();
        if let Some(saved) = after.round.matches.iter_mut().find(|m| m.table == table) {
            let mut results = results.clone();
            results.sort_by_key(|r| (r.room, r.board));
            saved.results = results;
        }
        (outcome, Some(after))
    });
    let (outcome, after) = match saved {
        Ok(saved) => saved,
        // Nothing was saved: the page again, with everything typed and the reason (503).
        Err(AppError::DbBusy(why)) => {
            tracing::warn!("{}", crate::db::report(&why));
            let (_, mut info) = load_match(&state, &at, &ctx.t).await?;
            info.version = expected.unwrap_or(info.version);
            info.busy = true;
            return entry_page(&ctx, &sheet, m, Some(&form), &[], info);
        }
        Err(e) => return Err(e),
    };
    match outcome {
        MatchSave::Missing => Err(AppError::not_found()),
        MatchSave::Saved(_) => {
            let after = after.ok_or_else(AppError::not_found)?;
            let (location, flash) = match next_to_enter(&after, table) {
                Some(next) if next == table => (
                    at.round.url(&format!("/tables/{table}")),
                    "entry-flash-saved",
                ),
                Some(next) => (
                    at.round.url(&format!("/tables/{next}")),
                    "entry-flash-saved-next",
                ),
                None => (at.round.url(""), "entry-flash-round-complete"),
            };
            Ok(redirect_with(&location, flash))
        }
        MatchSave::Stale(_) => {
            let (theirs, mut info) = load_match(&state, &at, &ctx.t).await?;
            let saved = theirs.table(table).ok_or_else(AppError::not_found)?;
            let t = &ctx.t;
            let clock = crate::clock::of(&theirs.settings);
            let by = match info.trail.first() {
                Some(e) if !e.user_name.is_empty() => t.args(
                    "audit-conflict-by",
                    &[
                        ("user", super::words::who_words(t, &e.user_name).into()),
                        ("at", clock.at(e.at).into()),
                        ("zone", clock.label(e.at).into()),
                    ],
                ),
                Some(e) => t.args(
                    "audit-conflict-by-unknown",
                    &[
                        ("at", clock.at(e.at).into()),
                        ("zone", clock.label(e.at).into()),
                    ],
                ),
                None => String::new(),
            };
            let rows = audit::result_changes(&saved.results, &results)
                .into_iter()
                .map(|c| ConflictRow {
                    subject: super::subject::subject_text(t, &c.subject),
                    theirs: super::words::value_words(t, &c.subject, &c.before),
                    yours: super::words::value_words(t, &c.subject, &c.after),
                })
                .collect();
            info.conflict = Some(Conflict { by, rows });
            entry_page(&ctx, &theirs, saved, Some(&form), &[], info)
        }
    }
}

/// Whether the match's round had a correction period that is over (docs/rules.md §5): a
/// change then needs the director's reason.
async fn correction_period_over(state: &AppState, at: &TableAt) -> Result<bool, AppError> {
    let round = at.round.round;
    let snap = at.round.tour.snapshot(state).await?;
    let now = chrono::Utc::now().naive_utc();
    Ok(snap
        .play
        .correction_period_over(round, snap.report.round_progress(round), now))
}

/// The most characters of a correction's reason.
const REASON_LENGTH: usize = 500;

/// The match to enter after saving table `saved`: `saved` itself while it is incomplete (a
/// partial save stays on its sheet, with the rest still to type), else the first match after
/// it (in table order, wrapping round) that still needs results; `None` when every match of
/// the round is complete.
fn next_to_enter(sheet: &RoundSheet, saved: i32) -> Option<i32> {
    let scorer = Scorer::new(&sheet.settings);
    let needs_results = |m: &&Match| {
        !m.is_bye()
            && MatchProgress::of(&scorer.compare(&sheet.round.boards, m)) != MatchProgress::Complete
    };
    let open: Vec<i32> = sheet
        .round
        .matches
        .iter()
        .filter(needs_results)
        .map(|m| m.table)
        .collect();
    if open.contains(&saved) {
        return Some(saved);
    }
    open.iter()
        .find(|t| **t > saved)
        .or_else(|| open.iter().find(|t| **t != saved))
        .or_else(|| open.first())
        .copied()
}
