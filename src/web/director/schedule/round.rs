//! Generating one round (`/d/{slug}/rounds/{n}/generate`): the choices, the proposal with
//! its explanation and warnings, the confirmation that saves it, and unlocking a round
//! that has results.

use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::error::InternalError;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use askama::Template;
use futures_util::future::LocalBoxFuture;

use super::forms::{Choice, FormErrors, GenerateForm, UnlockForm, default_form};
use super::{
    ExplanationLine, explanation_lines, label, method_label, note_texts, tables_list, warning_text,
};
use crate::db::schedule::{self as store, GeneratedRound, RatingSeed, RoundRecord};
use crate::rules::Pairing;
use crate::rules::rating::{SeedFigure, seed_figure};
use crate::rules::release::Release;
use crate::rules::{Event, PairingMethod, Report, TeamNo};
use crate::schedule::draft::{self, Field, FirstRound, Proposal};
use crate::web::i18n::Tr;
use crate::web::live::Snapshot;
use crate::web::page::{Ctx, TourHead, redirect_with, render_status, with_db};
use crate::web::tour::RoundAt;
use crate::web::{AppError, AppState};

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
pub(in crate::web::director) async fn is_locked(
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
    pairing_text(t, "schedule-diff-line", event, p)
}

/// A meeting the proposal keeps, in the preview's difference: its line, and the table it
/// was saved at when the proposal moves it.
fn kept_meeting_line(t: &Tr, event: &Event, saved: &Pairing, now: &Pairing) -> String {
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
}

/// The message `id` about pairing `p`, with its table, home team and away team (or the bye).
fn pairing_text(t: &Tr, id: &str, event: &Event, p: &Pairing) -> String {
    t.args(
        id,
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

/// Every active team's figure for seeding round 1 by rating (docs/rules.md §14), from the
/// current ratings: the directors' to see, never the public's.
pub(super) struct Seeding {
    figures: Vec<(TeamNo, SeedFigure)>,
}

impl Seeding {
    /// Whether some team has a member with a rated board: without one, seeding by rating
    /// would only be seeding by number.
    fn any_rated(&self) -> bool {
        self.figures.iter().any(|(_, f)| f.rated > 0)
    }

    /// What seeding by rating goes by: the team order of the figures, each with its exact
    /// figure, in one line the preview carries to the confirmation, so that ratings that
    /// moved in between are noticed rather than saved unseen.
    fn fingerprint(&self) -> String {
        let mut sorted: Vec<&(TeamNo, SeedFigure)> = self.figures.iter().collect();
        sorted.sort_by(|a, b| b.1.figure.cmp(&a.1.figure).then(a.0.cmp(&b.0)));
        let text: Vec<String> = sorted
            .iter()
            .map(|(t, f)| format!("{t}={}", f.figure))
            .collect();
        let mut hasher = std::hash::DefaultHasher::new();
        std::hash::Hash::hash(&text, &mut hasher);
        format!("{:016x}", std::hash::Hasher::finish(&hasher))
    }
}

/// The teams' figures for seeding by rating when round `round` is the first (`None` for a
/// later round: the option is offered for round 1 only).
async fn load_seeding(
    state: &AppState,
    event: &Event,
    round: i32,
) -> Result<Option<Seeding>, AppError> {
    if event.rounds.iter().any(|r| r.number < round) {
        return Ok(None);
    }
    let ratings = with_db(state, |conn| Ok(crate::db::ratings::current(conn)?)).await?;
    let figures = event
        .teams
        .iter()
        .filter(|t| !t.withdrawn)
        .map(|t| {
            let figure = seed_figure(t, |id| ratings.get(&id).map(|r| r.rating.clone()));
            (t.number, figure)
        })
        .collect();
    Ok(Some(Seeding { figures }))
}

/// One team of the preview's seeding by rating, in seed order.
struct SeedLine {
    seed: usize,
    team: String,
    /// 3 decimals, or empty for a team with no linked member.
    figure: String,
    linked: String,
}

/// The teams round `round` seeds by rating, in seed order, with their figures: the field of
/// the round (not withdrawn, not in a match kept for its results) by [`Field::rating_order`].
fn in_seed_order<'a>(
    (event, report): (&Event, &Report),
    round: i32,
    seeding: &'a Seeding,
) -> Vec<(TeamNo, &'a SeedFigure)> {
    let by_team: std::collections::HashMap<TeamNo, &SeedFigure> =
        seeding.figures.iter().map(|(n, f)| (*n, f)).collect();
    let field = Field::before_known(event, round, Some(report))
        .with_seed_figures(seeding.figures.iter().map(|(n, f)| (*n, f.figure.clone())));
    field
        .rating_order()
        .into_iter()
        .filter_map(|team| Some((team, *by_team.get(&team)?)))
        .collect()
}

/// A figure as written: 3 decimals, half away from zero; `None` for a team with no member
/// linked.
fn figure_text(f: &SeedFigure) -> Option<String> {
    (f.linked > 0).then(|| crate::rules::rational::decimals(&f.figure, 3))
}

fn seed_lines(t: &Tr, event: &Event, seeded: &[(TeamNo, &SeedFigure)]) -> Vec<SeedLine> {
    seeded
        .iter()
        .enumerate()
        .map(|(i, (team, f))| {
            let linked = if f.linked == 0 {
                t.t("schedule-rating-no-link")
            } else {
                t.args(
                    "schedule-rating-linked",
                    &[
                        ("linked", f.linked.to_string().into()),
                        ("members", f.members.to_string().into()),
                    ],
                )
            };
            SeedLine {
                seed: i + 1,
                team: label(event, *team),
                figure: figure_text(f)
                    .map(crate::figures::typographic_minus)
                    .unwrap_or_default(),
                linked,
            }
        })
        .collect()
}

/// The proposal for round `round`; `report` is the snapshot's (its match figures are
/// reused, not compared again).
fn propose(
    event: &Event,
    report: &Report,
    round: i32,
    choice: Choice,
    seeding: Option<&Seeding>,
) -> Proposal {
    let mut field = Field::before_known(event, round, Some(report));
    if let Some(seeding) = seeding {
        field =
            field.with_seed_figures(seeding.figures.iter().map(|(n, f)| (*n, f.figure.clone())));
    }
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
    /// Round 1 only: whether some team has a member with a rating to seed by.
    rated_members: bool,
    notes: Vec<String>,
    /// The zone the notes' times are in, said once.
    times_in: String,
    unlock_error: Option<String>,
}

/// The tournament's snapshot and round `round`'s schedule record (404 without the round).
async fn load_all(
    state: &AppState,
    at: &RoundAt,
) -> Result<(Arc<Snapshot>, RoundRecord), AppError> {
    let snap = at.tour.snapshot(state).await?;
    let (key, round) = (at.tour.slug.clone(), at.round);
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
    (event, report, seeding): (&Event, &Report, Option<&Seeding>),
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
        rated_members: seeding.is_some_and(Seeding::any_rated),
        notes: note_texts(&ctx.t, &crate::clock::of(&event.settings), record),
        times_in: crate::clock::times_in(&ctx.t, &crate::clock::of(&event.settings)),
        unlock_error,
    };
    render_status(ctx, status, &page)
}

pub(super) async fn round_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let (snap, record) = load_all(&state, &at).await?;
    let (event, report) = (&snap.event, &snap.report);
    let seeding = load_seeding(&state, event, round).await?;
    let form = default_form(&event.settings);
    form_page(
        &ctx,
        (event, report, seeding.as_ref()),
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
    /// Seeding by rating: every team with its figure, in seed order (directors only).
    seeds: Vec<SeedLine>,
}

/// A proposal the form and the round allow: what the preview shows and the confirmation
/// saves. As an extractor it loads the round, reads and checks the form and computes the
/// proposal; when the form or the round does not allow one, the answer is the form again
/// with what is wrong.
pub(super) struct Ready {
    at: RoundAt,
    snap: Arc<Snapshot>,
    record: RoundRecord,
    proposed: Proposed,
}

/// What the checked form chose and the proposal it gives.
struct Proposed {
    choice: Choice,
    proposal: Proposal,
    overridden: bool,
    form: GenerateForm,
    /// The teams' figures, when round 1 is seeded by rating.
    seeding: Option<Seeding>,
}

impl FromRequest for Ready {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let at = RoundAt::extract(req);
        let form = web::Form::<GenerateForm>::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            let (at, form) = (at.await?, form.await?.into_inner());
            let ctx = Ctx::of(&req);
            let state = req
                .app_data::<web::Data<AppState>>()
                .cloned()
                .ok_or_else(|| AppError::internal("the application state is missing"))?;
            let (snap, record) = load_all(&state, &at).await?;
            let (event, report) = (&snap.event, &snap.report);
            // The ratings are read only when they are needed: round 1 seeded by rating.
            let seeding = if form.method == "swiss" && form.first == "rating" {
                load_seeding(&state, event, at.round).await?
            } else {
                None
            };
            match check_round(
                &ctx,
                (event, report, &snap.release),
                at.round,
                &record,
                (form, seeding),
            )? {
                Ok(proposed) => Ok(Ready {
                    at,
                    snap,
                    record,
                    proposed,
                }),
                Err(refusal) => Err(InternalError::from_response("refused", refusal).into()),
            }
        })
    }
}

/// Round 1 seeded by rating: the teams' figures, when some team has a rated member and the
/// ratings are those the preview showed (what it showed is carried in the form); otherwise
/// why not, in `errors`. `None` for any other choice.
fn check_rating(
    t: &Tr,
    choice: Option<&Choice>,
    seeding: Option<Seeding>,
    form: &mut GenerateForm,
    errors: &mut FormErrors,
) -> Option<Seeding> {
    let by_rating = matches!(
        choice,
        Some(Choice::Swiss {
            first: Some(FirstRound::ByRating),
            ..
        })
    );
    if !by_rating {
        return None;
    }
    match &seeding {
        Some(s) if s.any_rated() => {
            // The preview carries what it was seeded by; the confirmation saves it only
            // when the ratings still give the same.
            let now = s.fingerprint();
            if form.rating_seeds.is_empty() {
                form.rating_seeds = now;
            } else if form.rating_seeds != now {
                form.rating_seeds = now;
                errors.general.push(t.t("schedule-error-rating-moved"));
            }
        }
        _ => errors.general.push(t.t("schedule-error-rating-none")),
    }
    seeding
}

fn check_round(
    ctx: &Ctx,
    (event, report, release): (&Event, &Report, &Release),
    round: i32,
    record: &RoundRecord,
    (mut form, seeding): (GenerateForm, Option<Seeding>),
) -> Result<Result<Proposed, HttpResponse>, AppError> {
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
    // Pairings follow from the public view only: a result they would rank by that the
    // public cannot see yet would be given away by the draw (docs/rules.md §5).
    if let Some(unreleased) = release.first_unreleased_before(event, round) {
        errors
            .general
            .push(crate::web::director::unreleased_text(t, unreleased));
    }
    let seeding = check_rating(t, choice.as_ref(), seeding, &mut form, &mut errors);
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
            let mut proposal = propose(event, report, round, choice, seeding.as_ref());
            draft::keep_saved_sides(&mut proposal, &saved_pairings(event, round));
            Ok(Ok(Proposed {
                choice,
                proposal,
                overridden,
                form,
                seeding,
            }))
        }
        _ => {
            let page = form_page(
                ctx,
                (event, report, seeding.as_ref()),
                round,
                record,
                form.clone(),
                errors,
                None,
            )?;
            Ok(Err(page))
        }
    }
}

pub(super) async fn round_preview(ctx: Ctx, ready: Ready) -> Result<HttpResponse, AppError> {
    let Ready {
        at,
        snap,
        proposed:
            Proposed {
                choice,
                proposal,
                overridden,
                form,
                seeding,
            },
        ..
    } = ready;
    let round = at.round;
    let event = &snap.event;
    let t = &ctx.t;
    let seeds = match &seeding {
        Some(seeding) => seed_lines(
            t,
            event,
            &in_seed_order((event, &snap.report), round, seeding),
        ),
        None => Vec::new(),
    };
    let method = match choice {
        Choice::Swiss { .. } => method_label(t, PairingMethod::Swiss),
        Choice::RoundRobin { .. } => method_label(t, PairingMethod::RoundRobin),
    };
    let warnings = draft::warnings(event, round, &proposal.pairings())
        .iter()
        .map(|w| warning_text(t, event, w))
        .collect();
    let difference = draft::difference(&saved_pairings(event, round), &proposal.pairings());
    // The difference is shown only when some saved meeting stays or goes; a round saved
    // empty would list every proposed meeting a second time as "new" (10,000 lines in a
    // 20,000-team field), so they are worded only when shown.
    let shown = !difference.same.is_empty() || !difference.gone.is_empty();
    let words = |pairings: &[Pairing]| -> Vec<String> {
        if shown {
            pairings.iter().map(|p| pairing_line(t, event, p)).collect()
        } else {
            Vec::new()
        }
    };
    let page = PreviewPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        tab: "generate",
        round,
        method,
        lines: explanation_lines(t, event, &proposal.matches),
        kept: proposal
            .kept
            .iter()
            .map(|p| pairing_text(t, "schedule-kept", event, p))
            .collect(),
        same: difference
            .same
            .iter()
            .map(|(saved, now)| kept_meeting_line(t, event, saved, now))
            .collect(),
        new: words(&difference.new),
        gone: words(&difference.gone),
        bye: proposal.bye.map(|b| label(event, b)),
        rematches: match choice {
            Choice::Swiss { .. } => proposal.rematches,
            Choice::RoundRobin { .. } => 0,
        },
        warnings,
        overridden,
        form,
        seeds,
    };
    render_status(&ctx, StatusCode::OK, &page)
}

pub(super) async fn round_confirm(
    ctx: Ctx,
    state: web::Data<AppState>,
    ready: Ready,
) -> Result<HttpResponse, AppError> {
    let Ready {
        at,
        snap,
        record,
        proposed:
            Proposed {
                choice,
                proposal,
                overridden,
                seeding,
                ..
            },
    } = ready;
    let round = at.round;
    let seeds = match &seeding {
        Some(seeding) => in_seed_order((&snap.event, &snap.report), round, seeding)
            .into_iter()
            .enumerate()
            .map(|(i, (team, f))| RatingSeed {
                team,
                seed: i + 1,
                figure: figure_text(f),
            })
            .collect(),
        None => Vec::new(),
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
        seeds,
    };
    let key = at.tour.slug.clone();
    let who = ctx.viewer.name();
    with_db(&state, move |conn| {
        if store::save_generated(conn, &key, method, seed, &[], &[generated], &who)? {
            Ok(())
        } else {
            Err(AppError::not_found())
        }
    })
    .await?;
    // On to the round's matches (with their entry pages), not the by-hand pairings page.
    Ok(redirect_with(&at.url(""), "schedule-flash-saved"))
}

/// `POST …/unlock`: the word typed must be the one the page asks for.
pub(super) async fn unlock(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<UnlockForm>,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let (snap, record) = load_all(&state, &at).await?;
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let word = t.t("schedule-unlock-word");
    let typed = form.confirm.trim();
    if !typed.eq_ignore_ascii_case(&word) && !typed.eq_ignore_ascii_case("unlock") {
        let seeding = load_seeding(&state, event, round).await?;
        return form_page(
            &ctx,
            (event, report, seeding.as_ref()),
            round,
            &record,
            default_form(&event.settings),
            FormErrors::default(),
            Some(t.a("schedule-error-unlock", "word", &word)),
        );
    }
    let key = at.tour.slug.clone();
    with_db(&state, move |conn| {
        if store::unlock_round(conn, &key, round)? {
            Ok(())
        } else {
            Err(AppError::not_found())
        }
    })
    .await?;
    Ok(redirect_with(
        &at.url("/generate"),
        "schedule-flash-unlocked",
    ))
}
