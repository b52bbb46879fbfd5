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
use crate::rules::{Match, MatchProgress, Scorer, TableResult};
use crate::web::i18n::Tr;
use crate::web::labels::team_label;
use crate::web::page::{Ctx, TourHead, redirect_with, render_status, with_db};
use crate::web::routes::{Need, Routes};
use crate::web::tour::TableAt;
use crate::web::{AppError, AppState};
use forms::{Misentry, read_sheet};
use views::{ByePage, Conflict, ConflictRow, MatchInfo, ReasonField, entry_page};

pub(crate) fn configure(routes: &mut Routes) {
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
    let sheet = at.round.sheet(&state).await?;
    let m = sheet.table(at.table).ok_or_else(AppError::not_found)?;
    if m.is_bye() {
        return Err(AppError::bad_request(ctx.t.t("entry-bye-no-results")));
    }
    let form = form.into_inner();
    let posted = Posted {
        expected: expected_version(&ctx.t, &form)?,
        ctx: &ctx,
        state: &state,
        at: &at,
        sheet: &sheet,
        m,
        form: &form,
    };
    let results = match read_sheet(&sheet, &form) {
        Ok(results) => results,
        Err(errors) => return posted.page(&errors, posted.info().await?),
    };
    let changes = audit::result_changes(&m.results, &results);
    // After the round's correction period a change needs the director's reason.
    let period_over = correction_period_over(&state, &at).await?;
    let typed_reason = form.get("reason").map_or("", |r| r.trim()).to_owned();
    let refused_reason = reason_refused(&ctx.t, period_over, &typed_reason, !changes.is_empty());
    // Clearing a saved row deletes its result: the director confirms it first, told which
    // board, room and figures go.
    let deleting = deleted_rows(&ctx.t, &changes);
    let unconfirmed =
        !deleting.is_empty() && form.get("confirm_delete").map(String::as_str) != Some("yes");
    if refused_reason.is_some() || unconfirmed {
        let mut info = posted.info().await?;
        if let Some(field) = &mut info.reason {
            field.value = typed_reason.clone();
            field.error = refused_reason.clone();
        }
        if refused_reason.is_none() {
            info.deleting = deleting;
            info.deleting_paired_next = paired_next(&state, &at).await?;
        }
        return posted.page(&[], info);
    }
    let reason = if period_over {
        typed_reason
    } else {
        String::new()
    };
    let (outcome, after) = match posted.store(&results, reason).await {
        Ok(saved) => saved,
        // Nothing was saved: the page again, with everything typed and the reason (503).
        Err(AppError::DbBusy(why)) => {
            tracing::warn!("{}", crate::db::report(&why));
            let mut info = posted.info().await?;
            info.busy = true;
            return posted.page(&[], info);
        }
        Err(e) => return Err(e),
    };
    match outcome {
        MatchSave::Missing => Err(AppError::not_found()),
        MatchSave::Saved(_) => Ok(saved_redirect(&at, &after)),
        MatchSave::Stale(_) => posted.stale(&results).await,
    }
}

/// The version of the match the posted page was based on; a form without one (a script)
/// is not checked, and one that is not a number is refused.
fn expected_version(t: &Tr, form: &HashMap<String, String>) -> Result<Option<i32>, AppError> {
    match form.get("version") {
        None => Ok(None),
        Some(v) => {
            Ok(Some(v.trim().parse::<i32>().map_err(|_| {
                AppError::bad_request(t.t("audit-bad-version"))
            })?))
        }
    }
}

/// Why the typed reason for a correction is refused: missing for a change after the
/// correction period, or too long; `None` when it will do or none is needed.
fn reason_refused(t: &Tr, period_over: bool, reason: &str, changed: bool) -> Option<String> {
    match reason.chars().count() {
        _ if !period_over => None,
        0 if changed => Some(t.t("entry-reason-required")),
        n if n > REASON_LENGTH => Some(t.a("entry-reason-long", "max", REASON_LENGTH)),
        _ => None,
    }
}

/// The saved results a save would delete (rows cleared on the sheet), each with the
/// figures that go, for the director to confirm.
fn deleted_rows(t: &Tr, changes: &[audit::Change]) -> Vec<ConflictRow> {
    changes
        .iter()
        .filter(|c| c.after.is_empty() && !c.before.is_empty())
        .map(|c| ConflictRow {
            subject: super::subject::subject_text(t, &c.subject),
            theirs: super::words::value_words(t, &c.subject, &c.before),
            yours: String::new(),
        })
        .collect()
}

/// After a save, where the scorer goes: the same sheet while it is incomplete, else the
/// next match to enter, else the round, with the matching flash.
fn saved_redirect(at: &TableAt, after: &RoundSheet) -> HttpResponse {
    let table = at.table;
    let (location, flash) = match next_to_enter(after, table) {
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
    redirect_with(&location, flash)
}

/// A match's sheet as the scorer posted it: the match it was typed for, what was typed,
/// and the version of the match the page was based on.
struct Posted<'a> {
    ctx: &'a Ctx,
    state: &'a AppState,
    at: &'a TableAt,
    sheet: &'a RoundSheet,
    m: &'a Match,
    form: &'a HashMap<String, String>,
    expected: Option<i32>,
}

impl Posted<'_> {
    /// What the page shows besides the sheet, as the match stands now, but with the
    /// version the typed page was based on.
    async fn info(&self) -> Result<MatchInfo, AppError> {
        let (_, mut info) = load_match(self.state, self.at, &self.ctx.t).await?;
        info.version = self.expected.unwrap_or(info.version);
        Ok(info)
    }

    /// The entry page again with everything typed, `errors` beside their fields.
    fn page(&self, errors: &[Misentry], info: MatchInfo) -> Result<HttpResponse, AppError> {
        entry_page(self.ctx, self.sheet, self.m, Some(self.form), errors, info)
    }

    /// Saves `results` with the director's `reason`, and closes to its table every room
    /// they change (a desk correction wins), in one transaction: the outcome, and the
    /// round as it now stands (the next match to enter is found from it).
    async fn store(
        &self,
        results: &[TableResult],
        reason: String,
    ) -> Result<(MatchSave, RoundSheet), AppError> {
        let (round, table, expected) = (self.at.round.round, self.at.table, self.expected);
        let changed = crate::rules::event::rooms_changed(&self.m.results, results);
        let who = self.ctx.viewer.name();
        let key = self.at.round.tour.slug.clone();
        let mine = results.to_vec();
        let outcome = with_db(self.state, move |conn| {
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
        .await?;
        // The round before with this match's results replaced.
        let mut after = self.sheet.clone();
        if let Some(saved) = after.round.matches.iter_mut().find(|m| m.table == table) {
            let mut results = results.to_vec();
            results.sort_by_key(|r| (r.room, r.board));
            saved.results = results.into();
        }
        Ok((outcome, after))
    }

    /// The page after a save refused as stale (status 409): the match as saved since,
    /// who saved it and when, and each difference between theirs and what was typed.
    async fn stale(&self, results: &[TableResult]) -> Result<HttpResponse, AppError> {
        let (theirs, mut info) = load_match(self.state, self.at, &self.ctx.t).await?;
        let saved = theirs
            .table(self.at.table)
            .ok_or_else(AppError::not_found)?;
        let t = &self.ctx.t;
        let by = saved_by(t, &crate::clock::of(&theirs.settings), info.trail.first());
        let rows = audit::result_changes(&saved.results, results)
            .into_iter()
            .map(|c| ConflictRow {
                subject: super::subject::subject_text(t, &c.subject),
                theirs: super::words::value_words(t, &c.subject, &c.before),
                yours: super::words::value_words(t, &c.subject, &c.after),
            })
            .collect();
        info.conflict = Some(Conflict { by, rows });
        entry_page(self.ctx, &theirs, saved, Some(self.form), &[], info)
    }
}

/// Who saved the match last and when (the match trail's latest line), in the words of a
/// refused stale save; nothing when the trail is empty.
fn saved_by(t: &Tr, clock: &crate::rules::Clock, last: Option<&audit::AuditEntry>) -> String {
    match last {
        Some(e) if !e.user_name.is_empty() => t.args(
            "audit-conflict-by",
            &[
                (
                    "user",
                    super::words::who_words(t, &e.user_name, clock, e.at).into(),
                ),
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
