//! Generated schedules (docs/rules.md §8): round robin and Swiss pairings with an explanation of
//! every match, shown before they are saved.
//!
//! - `GET /d/{slug}/rounds/{n}/generate`: the choices for round n, its notes, the unlock form
//! - `POST /d/{slug}/rounds/{n}/generate`: the proposed pairing with explanation and warnings
//! - `POST /d/{slug}/rounds/{n}/generate/confirm`: saves it (one transaction)
//! - `POST /d/{slug}/rounds/{n}/unlock`: unlocks a round that has results, once confirmed
//! - `GET/POST /d/{slug}/schedule`: a whole round robin, previewed;
//!   `POST /d/{slug}/schedule/confirm` creates the rounds it needs and saves it
//!
//! The pure work is in [`crate::schedule::draft`]; these handlers read the form, call it
//! and render.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::super::i18n::Tr;
use std::sync::Arc;

use super::super::live::Snapshot;
use super::super::page::{Ctx, TourHead, load_event, redirect_with, render_status, with_db};
use super::super::{AppError, AppState};
use crate::db::schedule::{self as store, GeneratedRound, RoundRecord};
use crate::rules::entry::{self, Pairing};
use crate::rules::{Board, Event, Level, PairingMethod, Report, Settings};
use crate::schedule::Reason;
use crate::schedule::draft::{
    self, Field, FirstRound, NoteKind, PairingReason, Proposal, Proposed, Warning,
};
use crate::schedule::lots::Lots;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/d/{slug}/schedule", web::get().to(whole_form))
        .route("/d/{slug}/schedule", web::post().to(whole_preview))
        .route("/d/{slug}/schedule/confirm", web::post().to(whole_confirm))
        .route(
            "/d/{slug}/rounds/{round}/generate",
            web::get().to(round_form),
        )
        .route(
            "/d/{slug}/rounds/{round}/generate",
            web::post().to(round_preview),
        )
        .route(
            "/d/{slug}/rounds/{round}/generate/confirm",
            web::post().to(round_confirm),
        )
        .route("/d/{slug}/rounds/{round}/unlock", web::post().to(unlock));
}

// ---------------------------------------------------------------------------------------
// Words for explanations and warnings (shared with the public round page)

/// One explained match as the pages show it.
#[derive(Clone, Debug)]
pub struct ExplanationLine {
    pub table: i32,
    pub home: String,
    pub away: String,
    pub home_rank: u32,
    pub away_rank: u32,
    pub home_score: String,
    pub away_score: String,
    pub reason: String,
}

fn label(event: &Event, number: i32) -> String {
    match event.team(number) {
        Some(t) => format!("{} {}", t.number, t.name),
        None => number.to_string(),
    }
}

/// Why two teams were paired, in words.
pub fn reason_text(t: &Tr, event: &Event, why: &PairingReason) -> String {
    let method = event.settings.scoring.method;
    match why {
        PairingReason::RoundRobin { round } => t.a("schedule-why-round-robin", "round", round),
        PairingReason::Swiss(reason) => match reason {
            Reason::Seeded => t.t("schedule-why-seeded"),
            Reason::Lots { seed } => t.a("schedule-why-lots", "seed", seed),
            Reason::NextDown => t.t("schedule-why-next-down"),
            Reason::FloatedDown { from } => {
                t.a("schedule-why-floated-down", "score", method.format(*from))
            }
            Reason::AvoidsRematch { passed_over, round } => t.args(
                "schedule-why-avoids-rematch",
                &[
                    ("round", round.to_string().into()),
                    ("team", label(event, *passed_over).into()),
                ],
            ),
            Reason::AvoidsSameClub { passed_over } => t.a(
                "schedule-why-avoids-same-club",
                "team",
                label(event, *passed_over),
            ),
            Reason::KeepsFieldPairable { passed_over } => t.a(
                "schedule-why-keeps-pairable",
                "team",
                label(event, *passed_over),
            ),
            Reason::Rematch { round } => t.a("schedule-why-rematch", "round", round),
        },
    }
}

fn explanation_line(t: &Tr, event: &Event, p: &Proposed) -> ExplanationLine {
    let method = event.settings.scoring.method;
    ExplanationLine {
        table: p.table,
        home: label(event, p.home),
        away: label(event, p.away),
        home_rank: p.home_rank,
        away_rank: p.away_rank,
        home_score: method.format(p.home_score),
        away_score: method.format(p.away_score),
        reason: reason_text(t, event, &p.why),
    }
}

/// The recorded explanations of round `round` whose teams still sit at their table (a
/// pairing changed by hand afterwards has none).
pub fn recorded_lines(
    t: &Tr,
    event: &Event,
    round: i32,
    record: &RoundRecord,
) -> Vec<ExplanationLine> {
    let Some(r) = event.rounds.iter().find(|r| r.number == round) else {
        return Vec::new();
    };
    let mut lines: Vec<ExplanationLine> = record
        .explanations
        .iter()
        .filter(|p| {
            r.matches
                .iter()
                .any(|m| m.table == p.table && draft::same_teams(m, p.home, p.away))
        })
        .map(|p| explanation_line(t, event, p))
        .collect();
    if lines.is_empty() {
        return lines;
    }
    // Every match of a generated round is listed: one paired by hand (before a re-pairing
    // that kept it for its results, or afterwards) says so, with the same ranks and scores.
    let field = Field::before(event, round);
    let method = event.settings.scoring.method;
    let rank = |team: i32| {
        field
            .rank
            .get(&team)
            .copied()
            .unwrap_or((0, crate::rules::Score::ZERO))
    };
    for m in &r.matches {
        let Some(away) = m.away else { continue };
        if lines.iter().any(|l| l.table == m.table) {
            continue;
        }
        let (home_rank, home_score) = rank(m.home);
        let (away_rank, away_score) = rank(away);
        lines.push(ExplanationLine {
            table: m.table,
            home: label(event, m.home),
            away: label(event, away),
            home_rank,
            away_rank,
            home_score: method.format(home_score),
            away_score: method.format(away_score),
            reason: t.t(if m.results.is_empty() {
                "schedule-why-by-hand"
            } else {
                "schedule-why-kept"
            }),
        });
    }
    lines.sort_by_key(|l| l.table);
    lines
}

/// The notes of a round in words, with when (UTC).
pub fn note_texts(t: &Tr, record: &RoundRecord) -> Vec<String> {
    record
        .notes
        .iter()
        .map(|n| {
            let when = n.at.format("%Y-%m-%d %H:%M UTC").to_string();
            match n.kind {
                NoteKind::Generated => {
                    let method = n
                        .detail
                        .parse::<PairingMethod>()
                        .map_or_else(|_| n.detail.clone(), |m| method_label(t, m));
                    t.args(
                        "schedule-note-generated",
                        &[("method", method.into()), ("when", when.into())],
                    )
                }
                NoteKind::Override => t.a("schedule-note-override", "when", when),
                NoteKind::Unlocked => t.a("schedule-note-unlocked", "when", when),
            }
        })
        .collect()
}

pub fn method_label(t: &Tr, m: PairingMethod) -> String {
    t.t(&format!("schedule-method-{}", m.code()))
}

/// A warning in words.
pub fn warning_text(t: &Tr, event: &Event, w: &Warning) -> String {
    match w {
        Warning::Rematch { home, away, round } => t.args(
            "schedule-warning-rematch",
            &[
                ("home", label(event, *home).into()),
                ("away", label(event, *away).into()),
                ("round", round.to_string().into()),
            ],
        ),
        Warning::DoubleBye { team, round } => t.args(
            "schedule-warning-double-bye",
            &[
                ("team", label(event, *team).into()),
                ("round", round.to_string().into()),
            ],
        ),
        Warning::SameClub { home, away, club } => t.args(
            "schedule-warning-same-club",
            &[
                ("home", label(event, *home).into()),
                ("away", label(event, *away).into()),
                ("club", club.clone().into()),
            ],
        ),
    }
}

// ---------------------------------------------------------------------------------------
// The form for one round

/// The form as posted (also carried through the preview in hidden fields).
#[derive(Clone, Debug, Default, serde::Deserialize)]
struct GenerateForm {
    /// `swiss` or `round_robin`.
    #[serde(default)]
    method: String,
    /// Swiss round 1: `number`, `seeding` or `lots`.
    #[serde(default)]
    first: String,
    #[serde(default)]
    seed: String,
    #[serde(default)]
    avoid_same_club: Option<String>,
    #[serde(default)]
    double: Option<String>,
    #[serde(default, rename = "override")]
    override_open: Option<String>,
}

/// The generator chosen, read from the form.
#[derive(Clone, Copy, Debug)]
enum Choice {
    Swiss {
        first: Option<FirstRound>,
        avoid_same_club: bool,
    },
    RoundRobin {
        double: bool,
    },
}

#[derive(Debug, Default)]
struct FormErrors {
    method: Option<String>,
    seed: Option<String>,
    general: Vec<String>,
}

impl FormErrors {
    fn any(&self) -> bool {
        self.method.is_some() || self.seed.is_some() || !self.general.is_empty()
    }
}

/// The highest seed fushi draws or accepts, so that it fits `tournament.toml` (an i64).
const MAX_SEED: u64 = i64::MAX as u64;

/// A fresh seed for lots: nine digits, easy to read out and type.
fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut lots = Lots::new(nanos ^ u64::from(std::process::id()).rotate_left(32));
    100_000_000 + lots.below(900_000_000)
}

impl GenerateForm {
    /// The choice, resolving a blank lots seed to a fresh one (then written back, so that
    /// the preview carries it to the confirmation).
    fn choice(&mut self, t: &Tr, first_round: bool, errors: &mut FormErrors) -> Option<Choice> {
        match self.method.as_str() {
            "round_robin" => Some(Choice::RoundRobin {
                double: self.double.is_some(),
            }),
            "swiss" => {
                let first = if first_round {
                    Some(match self.first.as_str() {
                        "seeding" => FirstRound::BySeeding,
                        "lots" => {
                            if self.seed.trim().is_empty() {
                                self.seed = random_seed().to_string();
                            }
                            match self.seed.trim().parse::<u64>() {
                                Ok(seed) if seed <= MAX_SEED => FirstRound::Lots(seed),
                                _ => {
                                    errors.seed = Some(t.t("schedule-error-seed"));
                                    return None;
                                }
                            }
                        }
                        _ => FirstRound::ByNumber,
                    })
                } else {
                    None
                };
                Some(Choice::Swiss {
                    first,
                    avoid_same_club: self.avoid_same_club.is_some(),
                })
            }
            _ => {
                errors.method = Some(t.t("schedule-error-method"));
                None
            }
        }
    }
}

/// Where round `round` stands.
struct RoundState {
    exists: bool,
    has_results: bool,
    locked: bool,
    /// Tables of the previous round not complete.
    open: Vec<i32>,
    /// No round before this one.
    first_round: bool,
}

/// Whether round `round` is locked against re-pairing (hand edits included).
pub(super) async fn is_locked(
    state: &AppState,
    slug: &str,
    round: i32,
    has_results: bool,
) -> Result<bool, AppError> {
    if !has_results {
        return Ok(false);
    }
    let key = slug.to_owned();
    let record = with_db(state, move |conn| {
        store::load_round_record(conn, &key, round)?.ok_or_else(AppError::not_found)
    })
    .await?;
    Ok(draft::is_locked(has_results, &record.kinds()))
}

fn round_state(event: &Event, report: &Report, round: i32, record: &RoundRecord) -> RoundState {
    let r = event.rounds.iter().find(|r| r.number == round);
    let has_results = r.is_some_and(|r| r.matches.iter().any(|m| !m.results.is_empty()));
    RoundState {
        exists: r.is_some(),
        has_results,
        locked: draft::is_locked(has_results, &record.kinds()),
        open: draft::previous_round_open(event, report, round),
        first_round: !event.rounds.iter().any(|r| r.number < round),
    }
}

/// The pairings saved for round `round` (an unlocked round being paired again).
fn saved_pairings(event: &Event, round: i32) -> Vec<Pairing> {
    event
        .rounds
        .iter()
        .filter(|r| r.number == round)
        .flat_map(|r| &r.matches)
        .map(|m| Pairing {
            table: m.table,
            home: m.home,
            away: m.away,
        })
        .collect()
}

/// "Table 2: 4 Delta – 3 长城", or the bye.
fn pairing_line(t: &Tr, event: &Event, p: &Pairing) -> String {
    t.args(
        "schedule-diff-line",
        &[
            ("table", p.table.to_string().into()),
            ("home", label(event, p.home).into()),
            (
                "away",
                p.away
                    .map_or_else(|| t.t("schedule-bye"), |a| label(event, a))
                    .into(),
            ),
        ],
    )
}

fn propose(event: &Event, round: i32, choice: Choice) -> Proposal {
    let field = Field::before(event, round);
    match choice {
        Choice::Swiss {
            first,
            avoid_same_club,
        } => field.swiss(first, avoid_same_club),
        Choice::RoundRobin { double } => {
            let plans = crate::schedule::round_robin(&field.teams_by_number(), double);
            if plans.is_empty() {
                return field.swiss(Some(FirstRound::ByNumber), false);
            }
            let index = (round.max(1) as usize - 1) % plans.len();
            field.round_robin_round(&plans[index], index)
        }
    }
}

#[derive(Template)]
#[template(path = "director/schedule_round.html")]
struct RoundFormPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    form: GenerateForm,
    errors: FormErrors,
    locked: bool,
    has_results: bool,
    open: String,
    first_round: bool,
    notes: Vec<String>,
    unlock_error: Option<String>,
}

async fn load_all(
    state: &AppState,
    slug: &str,
    round: i32,
) -> Result<(Arc<Snapshot>, RoundRecord), AppError> {
    let snap = load_event(state, slug).await?;
    let key = slug.to_owned();
    let record = with_db(state, move |conn| {
        Ok(store::load_round_record(conn, &key, round)?)
    })
    .await?
    .ok_or_else(AppError::not_found)?;
    Ok((snap, record))
}

#[allow(clippy::too_many_arguments)]
fn form_page(
    ctx: &Ctx,
    event: &Event,
    report: &Report,
    round: i32,
    record: &RoundRecord,
    form: GenerateForm,
    errors: FormErrors,
    unlock_error: Option<String>,
) -> Result<HttpResponse, AppError> {
    let state = round_state(event, report, round, record);
    let status = if errors.any() || unlock_error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let page = RoundFormPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        tab: "generate",
        round,
        form,
        errors,
        locked: state.locked,
        has_results: state.has_results,
        open: tables_list(&state.open),
        first_round: state.first_round,
        notes: note_texts(&ctx.t, record),
        unlock_error,
    };
    render_status(ctx, status, &page)
}

fn tables_list(tables: &[i32]) -> String {
    tables
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn default_form(settings: &Settings) -> GenerateForm {
    GenerateForm {
        method: match settings.pairing {
            PairingMethod::RoundRobin => "round_robin".to_owned(),
            _ => "swiss".to_owned(),
        },
        first: "number".to_owned(),
        ..GenerateForm::default()
    }
}

async fn round_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let (snap, record) = load_all(&state, &slug, round).await?;
    let (event, report) = (&snap.event, &snap.report);
    let form = default_form(&event.settings);
    form_page(
        &ctx,
        event,
        report,
        round,
        &record,
        form,
        FormErrors::default(),
        None,
    )
}

#[derive(Template)]
#[template(path = "director/schedule_preview.html")]
struct PreviewPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    form: GenerateForm,
    method: String,
    lines: Vec<ExplanationLine>,
    kept: Vec<String>,
    /// An unlocked round's saved pairings compared with the proposal (all empty when
    /// nothing was saved): unchanged meetings, new ones, and saved ones that go.
    same: Vec<String>,
    new: Vec<String>,
    gone: Vec<String>,
    bye: Option<String>,
    /// Swiss only: no pairing without rematches exists, and this one has this many.
    rematches: u32,
    warnings: Vec<String>,
    overridden: bool,
}

/// Checks the form and the round, and computes the proposal, or shows the form again.
enum Checked {
    Ready {
        choice: Choice,
        proposal: Proposal,
        overridden: bool,
    },
    Refused(HttpResponse),
}

fn check_round(
    ctx: &Ctx,
    event: &Event,
    report: &Report,
    round: i32,
    record: &RoundRecord,
    mut form: GenerateForm,
) -> Result<(Checked, GenerateForm), AppError> {
    let t = &ctx.t;
    let state = round_state(event, report, round, record);
    if !state.exists {
        return Err(AppError::not_found());
    }
    let mut errors = FormErrors::default();
    let choice = form.choice(t, state.first_round, &mut errors);
    if state.locked {
        errors.general.push(t.t("schedule-error-locked"));
    }
    let overridden = !state.open.is_empty();
    if overridden && form.override_open.is_none() {
        errors.general.push(t.a(
            "schedule-error-previous-open",
            "tables",
            tables_list(&state.open),
        ));
    }
    match choice {
        Some(choice) if !errors.any() => {
            let mut proposal = propose(event, round, choice);
            draft::keep_saved_sides(&mut proposal, &saved_pairings(event, round));
            Ok((
                Checked::Ready {
                    choice,
                    proposal,
                    overridden,
                },
                form,
            ))
        }
        _ => {
            let page = form_page(
                ctx,
                event,
                report,
                round,
                record,
                form.clone(),
                errors,
                None,
            )?;
            Ok((Checked::Refused(page), form))
        }
    }
}

async fn round_preview(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: web::Form<GenerateForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let (snap, record) = load_all(&state, &slug, round).await?;
    let (event, report) = (&snap.event, &snap.report);
    let (checked, form) = check_round(&ctx, event, report, round, &record, form.into_inner())?;
    let (choice, proposal, overridden) = match checked {
        Checked::Ready {
            choice,
            proposal,
            overridden,
        } => (choice, proposal, overridden),
        Checked::Refused(page) => return Ok(page),
    };
    let t = &ctx.t;
    let method = match choice {
        Choice::Swiss { .. } => method_label(t, PairingMethod::Swiss),
        Choice::RoundRobin { .. } => method_label(t, PairingMethod::RoundRobin),
    };
    let warnings = draft::warnings(event, round, &proposal.pairings())
        .iter()
        .map(|w| warning_text(t, event, w))
        .collect();
    let difference = draft::difference(&saved_pairings(event, round), &proposal.pairings());
    let page = PreviewPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        tab: "generate",
        round,
        method,
        lines: proposal
            .matches
            .iter()
            .map(|p| explanation_line(t, event, p))
            .collect(),
        kept: proposal
            .kept
            .iter()
            .map(|p| {
                t.args(
                    "schedule-kept",
                    &[
                        ("table", p.table.to_string().into()),
                        ("home", label(event, p.home).into()),
                        (
                            "away",
                            p.away
                                .map_or_else(|| t.t("schedule-bye"), |a| label(event, a))
                                .into(),
                        ),
                    ],
                )
            })
            .collect(),
        same: difference
            .same
            .iter()
            .map(|(saved, now)| {
                let line = pairing_line(t, event, now);
                if saved.table == now.table {
                    line
                } else {
                    t.args(
                        "schedule-diff-moved",
                        &[
                            ("line", line.into()),
                            ("table", saved.table.to_string().into()),
                        ],
                    )
                }
            })
            .collect(),
        new: difference
            .new
            .iter()
            .map(|p| pairing_line(t, event, p))
            .collect(),
        gone: difference
            .gone
            .iter()
            .map(|p| pairing_line(t, event, p))
            .collect(),
        bye: proposal.bye.map(|b| label(event, b)),
        rematches: match choice {
            Choice::Swiss { .. } => proposal.rematches,
            Choice::RoundRobin { .. } => 0,
        },
        warnings,
        overridden,
        form,
    };
    render_status(&ctx, StatusCode::OK, &page)
}

async fn round_confirm(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: web::Form<GenerateForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let (snap, record) = load_all(&state, &slug, round).await?;
    let (event, report) = (&snap.event, &snap.report);
    let (checked, _) = check_round(&ctx, event, report, round, &record, form.into_inner())?;
    let (choice, proposal, overridden) = match checked {
        Checked::Ready {
            choice,
            proposal,
            overridden,
        } => (choice, proposal, overridden),
        Checked::Refused(page) => return Ok(page),
    };
    let (method, seed) = match choice {
        Choice::Swiss {
            first: Some(FirstRound::Lots(seed)),
            ..
        } => (PairingMethod::Swiss, Some(seed)),
        Choice::Swiss { .. } => (PairingMethod::Swiss, None),
        Choice::RoundRobin { .. } => (PairingMethod::RoundRobin, None),
    };
    let generated = GeneratedRound {
        number: round,
        pairings: proposal.pairings(),
        // A match kept for its results keeps the explanation it was generated with, if any:
        // the standings before the round have not changed.
        explanations: proposal
            .matches
            .iter()
            .cloned()
            .chain(
                record
                    .explanations
                    .iter()
                    .filter(|p| {
                        proposal.kept.iter().any(|k| {
                            k.table == p.table && k.home == p.home && k.away == Some(p.away)
                        })
                    })
                    .cloned(),
            )
            .collect(),
        overridden,
    };
    let key = slug.clone();
    let who = super::audit::who(&ctx.viewer);
    with_db(&state, move |conn| {
        if store::save_generated(conn, &key, method, seed, &[], &[generated], &who)? {
            Ok(())
        } else {
            Err(AppError::not_found())
        }
    })
    .await?;
    // On to the round's matches (with their entry pages), not the by-hand pairings page.
    Ok(redirect_with(
        &format!("/d/{slug}/rounds/{round}"),
        "schedule-flash-saved",
    ))
}

#[derive(Debug, serde::Deserialize)]
struct UnlockForm {
    #[serde(default)]
    confirm: String,
}

/// `POST …/unlock`: the word typed must be the one the page asks for.
async fn unlock(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: web::Form<UnlockForm>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let (snap, record) = load_all(&state, &slug, round).await?;
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let word = t.t("schedule-unlock-word");
    let typed = form.confirm.trim();
    if !typed.eq_ignore_ascii_case(&word) && !typed.eq_ignore_ascii_case("unlock") {
        return form_page(
            &ctx,
            event,
            report,
            round,
            &record,
            default_form(&event.settings),
            FormErrors::default(),
            Some(t.a("schedule-error-unlock", "word", &word)),
        );
    }
    let key = slug.clone();
    with_db(&state, move |conn| {
        if store::unlock_round(conn, &key, round)? {
            Ok(())
        } else {
            Err(AppError::not_found())
        }
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{slug}/rounds/{round}/generate"),
        "schedule-flash-unlocked",
    ))
}

// ---------------------------------------------------------------------------------------
// A whole round robin

#[derive(Clone, Debug, Default, serde::Deserialize)]
struct WholeForm {
    #[serde(default)]
    double: Option<String>,
}

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
    entry::new_boards(count, level, trump)
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
                        lines: p
                            .matches
                            .iter()
                            .map(|m| explanation_line(t, event, m))
                            .collect(),
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

async fn whole_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let snap = load_event(&state, &path).await?;
    let event = &snap.event;
    whole_page(&ctx, event, false, false)
}

async fn whole_preview(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<WholeForm>,
) -> Result<HttpResponse, AppError> {
    let snap = load_event(&state, &path).await?;
    let event = &snap.event;
    whole_page(&ctx, event, form.double.is_some(), true)
}

async fn whole_confirm(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<WholeForm>,
) -> Result<HttpResponse, AppError> {
    let slug = path.into_inner();
    let snap = load_event(&state, &slug).await?;
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
        })
        .collect();
    let key = slug.clone();
    let who = super::audit::who(&ctx.viewer);
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
        &format!("/d/{slug}/rounds"),
        "schedule-flash-whole-saved",
    ))
}

/// Warnings for the pairings of round `round` as saved, for the pairings page.
pub fn saved_warnings(t: &Tr, event: &Event, round: i32) -> Vec<String> {
    let Some(r) = event.rounds.iter().find(|r| r.number == round) else {
        return Vec::new();
    };
    let pairings: Vec<Pairing> = r.matches.iter().map(Pairing::of).collect();
    draft::warnings(event, round, &pairings)
        .iter()
        .map(|w| warning_text(t, event, w))
        .collect()
}
