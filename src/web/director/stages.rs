//! A championship's stages (docs/rules.md §12): `GET /d/{slug}/stages` shows them with a
//! form to define them, the bracket as it stands, the next knockout round's pairings when
//! every tie before it is decided, and what a corrected result changed in a round already
//! paired. `POST /d/{slug}/stages` saves the stages; `POST /d/{slug}/stages/pair/{ko}`
//! pairs every segment of knockout round `ko` as the bracket says.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use fluent_templates::fluent_bundle::FluentValue;

use super::super::i18n::Tr;
use super::super::page::{Ctx, TourHead, redirect_with, render, render_status, with_db};
use super::super::{AppError, AppState};
use crate::db;
use crate::db::audit::{TieReason, TieWhy};
use crate::input::Why;
use crate::rules::bracket::{
    Bracket, Championship, Feeds, KoRound, NotYet, Slot, Tie, check_knockout,
};
use crate::rules::stage_tables::{EventStageError, check_event};
use crate::rules::stages::{ExchangeDraft, Stage, StageDraft, StageFormat, StageReason};
use crate::rules::{Event, Level, TeamNo};
use crate::web::labels::progress_text;
use crate::web::live::Snapshot;
use crate::web::routes::{Need, Routes};
use crate::web::tour::Tour;

pub fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/stages", Need::Director, show)
        .post("/d/{slug}/stages", Need::Director, save)
        .post("/d/{slug}/stages/pair/{ko}", Need::Director, pair)
        .post(
            "/d/{slug}/stages/groups/{stage}",
            Need::Director,
            pair_groups,
        )
        .post("/d/{slug}/stages/snake", Need::Director, snake_seed)
        .post(
            "/d/{slug}/stages/exchange/{ko}",
            Need::Director,
            exchange_teams,
        )
        .post(
            "/d/{slug}/stages/exchange/{ko}/undo/{index}",
            Need::Director,
            undo_exchange,
        );
}

/// The longest note a director may keep with a knockout round's pairings.
const NOTE_MAX: usize = 500;

/// The most stages the form offers.
const MAX_STAGES: usize = 6;

/// One stage's fields as typed, with the problems at each.
#[derive(Clone, Debug, Default)]
struct StageFields {
    index: usize,
    name: String,
    first: String,
    last: String,
    format: String,
    groups: String,
    teams: String,
    segments: String,
    third_place: bool,
    carry_over: String,
    carry_over_h2h: String,
    errors: Vec<String>,
}

/// Groups as the form spells them: team numbers, groups separated by `;`.
fn groups_text(groups: &[Vec<TeamNo>]) -> String {
    groups
        .iter()
        .map(|g| {
            g.iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Whole numbers separated by commas or spaces, as the form takes segments and groups.
fn numbers_of(text: &str) -> Option<Vec<i64>> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect()
}

/// The fields of the stages the event has.
fn saved_fields(event: &Event) -> Vec<StageFields> {
    event
        .settings
        .stages
        .iter()
        .enumerate()
        .map(|(i, s)| StageFields::of(i, s))
        .collect()
}

impl StageFields {
    /// Stage `index`'s fields as the form sent them (`name-0`, `first-0`, …).
    fn sent(form: &HashMap<String, String>, index: usize) -> StageFields {
        let cell = |name: &str| {
            form.get(&format!("{name}-{index}"))
                .cloned()
                .unwrap_or_default()
        };
        StageFields {
            index,
            name: cell("name"),
            first: cell("first"),
            last: cell("last"),
            format: cell("format"),
            groups: cell("groups"),
            teams: cell("teams"),
            segments: cell("segments"),
            third_place: !cell("third").is_empty(),
            carry_over: cell("carry"),
            carry_over_h2h: cell("share"),
            errors: Vec::new(),
        }
    }

    fn of(index: usize, s: &Stage) -> StageFields {
        let mut f = StageFields {
            index,
            name: s.name.clone(),
            first: s.first_round.to_string(),
            last: s.last_round.to_string(),
            format: s.format.code().to_owned(),
            ..StageFields::default()
        };
        match &s.format {
            StageFormat::Groups(g) => f.groups = groups_text(g),
            StageFormat::Knockout(k) => {
                f.teams = k.teams.to_string();
                f.segments = k
                    .segments
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                f.third_place = k.third_place;
                f.carry_over = k.carry_over.two_decimals();
                f.carry_over_h2h = k.carry_over_h2h.as_f64().to_string();
            }
            _ => {}
        }
        f
    }

    fn blank(&self) -> bool {
        self.name.trim().is_empty() && self.first.trim().is_empty() && self.last.trim().is_empty()
    }

    /// The draft the fields make; a field that is not a number is a problem at once.
    fn draft(&mut self, t: &Tr) -> StageDraft {
        let rounds = self.draft_rounds(t);
        let knockout = self.format == "knockout";
        let groups = self.draft_groups(t);
        let teams = self.draft_teams(t, knockout);
        let segments = self.draft_segments(t, knockout);
        let carry_over = self.carry_over.clone();
        let carry_over = self.draft_share(t, knockout, &carry_over, "carry_over");
        let carry_over_h2h = self.carry_over_h2h.clone();
        let carry_over_h2h = self.draft_share(t, knockout, &carry_over_h2h, "carry_over_h2h");
        StageDraft {
            name: self.name.clone(),
            rounds,
            format: self.format.clone(),
            groups,
            teams,
            segments,
            third_place: knockout.then_some(self.third_place),
            carry_over,
            carry_over_h2h,
            exchanges: Vec::new(),
        }
    }

    /// The problem at field `key`: it is not a number, or not numbers, where it must be.
    fn shape(&mut self, t: &Tr, key: &'static str) {
        self.errors.push(
            Why::Stage {
                stage: self.index + 1,
                key,
                reason: StageReason::Shape,
            }
            .text(t),
        );
    }

    /// The stage's first and last round: both typed, or both blank for none.
    fn draft_rounds(&mut self, t: &Tr) -> Option<(i64, i64)> {
        let first = whole_number(&self.first);
        let last = whole_number(&self.last);
        match (first, last) {
            (Some(Some(a)), Some(Some(b))) => Some((a, b)),
            (Some(None), Some(None)) => None,
            _ => {
                self.shape(t, "rounds");
                None
            }
        }
    }

    /// A groups stage's groups by team number, when typed (none in another format).
    fn draft_groups(&mut self, t: &Tr) -> Option<Vec<Vec<i64>>> {
        if self.format == "groups" && !self.groups.trim().is_empty() {
            let parsed: Option<Vec<Vec<i64>>> = self
                .groups
                .split(';')
                .filter(|g| !g.trim().is_empty())
                .map(numbers_of)
                .collect();
            if parsed.is_none() {
                self.shape(t, "groups");
            }
            parsed
        } else {
            None
        }
    }

    /// How many teams a knockout stage takes; the field must be a number in any format.
    fn draft_teams(&mut self, t: &Tr, knockout: bool) -> Option<i64> {
        match whole_number(&self.teams) {
            Some(n) => n.filter(|_| knockout),
            None => {
                self.shape(t, "teams");
                None
            }
        }
    }

    /// A knockout stage's segments, when typed (none in another format).
    fn draft_segments(&mut self, t: &Tr, knockout: bool) -> Option<Vec<i64>> {
        if knockout && !self.segments.trim().is_empty() {
            let s = numbers_of(&self.segments);
            if s.is_none() {
                self.shape(t, "segments");
            }
            s
        } else {
            None
        }
    }

    /// A knockout stage's carried-over share `text` (field `key`): none when blank or in
    /// another format.
    fn draft_share(
        &mut self,
        t: &Tr,
        knockout: bool,
        text: &str,
        key: &'static str,
    ) -> Option<f64> {
        let text = text.trim();
        if text.is_empty() || !knockout {
            return None;
        }
        match text.parse::<f64>() {
            Ok(v) => Some(v),
            Err(_) => {
                self.shape(t, key);
                None
            }
        }
    }
}

/// A whole number as a stage's field holds it: `Some(None)` when blank, `None` when it is
/// not a number.
fn whole_number(text: &str) -> Option<Option<i64>> {
    let text = text.trim();
    if text.is_empty() {
        Some(None)
    } else {
        text.parse().ok().map(Some)
    }
}

/// A tie as the page shows it.
struct TieView {
    label: String,
    /// The tie's sheet to print.
    sheet_pdf: String,
    home: String,
    away: String,
    carry_over: String,
    total: String,
    points: String,
    segments: String,
    status: String,
    winner: String,
}

/// A knockout round as the page shows it.
struct KoView {
    number: u32,
    name: String,
    rounds: String,
    ties: Vec<TieView>,
    /// The pairings it can be given now, each with its reason.
    proposal: Vec<(String, String)>,
    /// Why it cannot be paired yet.
    not_yet: String,
    /// Its first segment already has a schedule.
    paired: bool,
    /// The director's exchanges in this round: (index in the stage's list, words).
    exchanges: Vec<(usize, String)>,
    /// Whether two of its teams can be exchanged now: its sides are known and none of its
    /// segments has a result.
    exchangeable: bool,
    /// The teams it can exchange: (number, words).
    teams: Vec<(i32, String)>,
    /// Why the exchange just asked for was refused.
    exchange_errors: Vec<String>,
}

#[derive(Template)]
#[template(path = "director/stages.html")]
struct StagesPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    progress: String,
    fields: Vec<StageFields>,
    formats: Vec<(&'static str, String)>,
    problems: Vec<String>,
    knockout: Vec<KoView>,
    warnings: Vec<String>,
    /// Groups stages that can be paired as round robins: (stage number, button words).
    group_stages: Vec<(usize, String)>,
}

use crate::sheets::stages::{exchange_text, round_name, tie_label};

/// The rounds a stage or a knockout round is played over: "rounds 4–5", "round 7".
pub fn rounds_text(t: &Tr, first: i32, last: i32) -> String {
    if first == last {
        t.a("stage-round-one", "round", first)
    } else {
        t.a("stage-rounds-of", "rounds", format!("{first}–{last}"))
    }
}

fn team_text(event: &Event, slot: Slot) -> String {
    match slot {
        Slot::Team(s) => {
            let name = event.team(s.team).map(|t| t.name.as_str()).unwrap_or("");
            format!("{} {name} ({})", s.team, s.seed)
        }
        _ => String::new(),
    }
}

/// Why a tie's sides meet: the seeds, or the ties before it (the audit trail keeps it).
fn tie_why(bracket: &Bracket, ko_round: u32, tie: &Tie) -> TieWhy {
    let seed = |s: Slot| s.team().map_or(0, |s| s.seed);
    match tie.feeds {
        None if tie.is_bye() => TieWhy::Bye(seed(tie.home)),
        None => TieWhy::Seeds(seed(tie.home), seed(tie.away)),
        Some(Feeds {
            first,
            second,
            losers,
        }) => TieWhy::Feeds {
            losers,
            round: bracket.rounds[ko_round as usize - 2]
                .name()
                .code()
                .to_owned(),
            first,
            second,
        },
    }
}

/// Why a tie's sides meet, in words.
fn reason(t: &Tr, bracket: &Bracket, ko_round: u32, tie: &Tie) -> String {
    super::subject::tie_why_text(t, &tie_why(bracket, ko_round, tie))
}

/// A listed tie of knockout round `ko` as the stages page shows it.
fn tie_view(t: &Tr, event: &Event, b: &Bracket, ko: &KoRound, x: &Tie) -> TieView {
    let figures = crate::sheets::stages::tie_figures(t, x);
    TieView {
        label: tie_label(t, b, ko.number, x),
        sheet_pdf: format!(
            "/t/{}/bracket/{}/{}/sheet.pdf",
            event.settings.slug, ko.number, x.number
        ),
        home: team_text(event, x.home),
        away: if x.is_bye() {
            t.t("stage-bye")
        } else {
            team_text(event, x.away)
        },
        carry_over: figures.carry_over,
        total: if figures.home_total.is_empty() {
            String::new()
        } else {
            format!("{} : {}", figures.home_total, figures.away_total)
        },
        points: figures.home_points,
        segments: figures.segments,
        status: figures.status,
        winner: x
            .winner()
            .team()
            .map(|w| team_text(event, Slot::Team(w)))
            .unwrap_or_default(),
    }
}

/// The pairings knockout round `ko` can be given now, each with its reason (the
/// director's exchanges after it), or why it cannot be paired yet.
fn proposal_of(t: &Tr, b: &Bracket, ko: &KoRound) -> (Vec<(String, String)>, String) {
    match b.pairings(ko.first_round) {
        Ok(list) => (
            list.iter()
                .filter_map(|p| {
                    let x = ko.ties.iter().find(|x| x.number == p.tie)?;
                    let pairing = match p.away {
                        Some(a) => format!("{}: {} v {}", p.table, p.home, a),
                        None => format!("{}: {} ({})", p.table, p.home, t.t("stage-bye")),
                    };
                    let mut why = reason(t, b, ko.number, x);
                    for &i in &x.exchanges {
                        why.push_str("; ");
                        why.push_str(&exchange_text(t, &b.exchanges[i]));
                    }
                    Some((pairing, why))
                })
                .collect(),
            String::new(),
        ),
        Err(NotYet::Qualifying) => (Vec::new(), t.t("stage-not-yet-qualifying")),
        Err(NotYet::Undecided { name, .. }) => (
            Vec::new(),
            t.a("stage-not-yet-undecided", "round", round_name(t, name)),
        ),
    }
}

/// Whether knockout round `ko` is paired as the bracket says (or cannot be paired yet); a
/// round paired otherwise (a corrected result changed a winner) is offered again.
fn paired_as_bracket(event: &Event, b: &Bracket, ko: &KoRound) -> bool {
    event
        .rounds
        .iter()
        .find(|r| r.number == ko.first_round && !r.matches.is_empty())
        .is_some_and(|r| {
            let pairings: Vec<crate::rules::Pairing> =
                r.matches.iter().map(crate::rules::Pairing::of).collect();
            b.pairings(ko.first_round).is_ok_and(|list| {
                list.len() == pairings.len()
                    && list.iter().all(|p| {
                        pairings
                            .iter()
                            .any(|q| q.table == p.table && q.home == p.home && q.away == p.away)
                    })
            }) || b.pairings(ko.first_round).is_err()
        })
}

fn knockout_views(t: &Tr, event: &Event, c: &Championship) -> Vec<KoView> {
    let Some(b) = &c.bracket else {
        return Vec::new();
    };
    b.rounds
        .iter()
        .map(|ko| {
            let (proposal, not_yet) = proposal_of(t, b, ko);
            let regular = (ko.places / 2) as usize;
            KoView {
                number: ko.number,
                name: round_name(t, ko.name()),
                rounds: rounds_text(t, ko.first_round, ko.last_round),
                ties: ko
                    .ties
                    .iter()
                    .filter(|x| x.listed())
                    .map(|x| tie_view(t, event, b, ko, x))
                    .collect(),
                exchangeable: !proposal.is_empty() && !has_results(event, ko),
                proposal,
                not_yet,
                paired: paired_as_bracket(event, b, ko),
                exchanges: b
                    .exchanges
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.ko_round == ko.number)
                    .map(|(i, x)| (i, exchange_text(t, x)))
                    .collect(),
                teams: ko.ties[..regular.min(ko.ties.len())]
                    .iter()
                    .flat_map(|x| [x.home, x.away])
                    .filter_map(|s| Some((s.team()?.team.get(), team_text(event, s))))
                    .collect(),
                exchange_errors: Vec::new(),
            }
        })
        .collect()
}

/// Whether a segment of knockout round `ko` has a result.
fn has_results(event: &Event, ko: &KoRound) -> bool {
    event.rounds.iter().any(|r| {
        (ko.first_round..=ko.last_round).contains(&r.number)
            && r.matches.iter().any(|m| !m.results.is_empty())
    })
}

/// What a corrected result changed in knockout rounds already paired.
fn warnings(t: &Tr, event: &Event, c: &Championship) -> Vec<String> {
    let Some(b) = &c.bracket else {
        return Vec::new();
    };
    b.exchange_faults
        .iter()
        .map(|&f| Why::of_exchange(b, f).text(t))
        .chain(
            check_knockout(b, event)
                .into_iter()
                .map(|f| Why::of_knockout(f).text(t)),
        )
        .collect()
}

fn formats(t: &Tr) -> Vec<(&'static str, String)> {
    StageFormat::CODES
        .iter()
        .map(|c| (*c, t.t(&format!("stage-format-{}", c.replace('_', "-")))))
        .collect()
}

fn page(ctx: &Ctx, snap: &Snapshot, fields: Vec<StageFields>, problems: Vec<String>) -> StagesPage {
    let event = &snap.event;
    let c = snap.championship();
    StagesPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "stages",
        progress: progress_text(&ctx.t, event).unwrap_or_default(),
        fields,
        formats: formats(&ctx.t),
        problems,
        knockout: c
            .as_ref()
            .map(|c| knockout_views(&ctx.t, event, c))
            .unwrap_or_default(),
        warnings: c
            .as_ref()
            .map(|c| warnings(&ctx.t, event, c))
            .unwrap_or_default(),
        group_stages: group_stages(&ctx.t, event),
    }
}

fn with_blank(mut fields: Vec<StageFields>) -> Vec<StageFields> {
    if fields.len() < MAX_STAGES {
        fields.push(StageFields {
            index: fields.len(),
            format: "swiss".to_owned(),
            ..StageFields::default()
        });
    }
    fields
}

async fn show(ctx: Ctx, state: web::Data<AppState>, tour: Tour) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(&state).await?;
    let event = &snap.event;
    let fields = saved_fields(event);
    render(&ctx, &page(&ctx, &snap, with_blank(fields), Vec::new()))
}

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

async fn save(
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
async fn pair(
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

/// Pairs each of `rounds` (its number and pairings) in one transaction, every round or
/// none, adding those that do not exist yet with as many boards as the round before the
/// first of them (8 without one), dealers rotating, at level 2. `reasons` go to the audit
/// trail with the pairings of the table they name.
async fn pair_rounds(
    state: &web::Data<AppState>,
    event: &Event,
    slug: &str,
    who: String,
    rounds: Vec<(i32, Vec<crate::rules::Pairing>)>,
    reasons: Vec<(i32, TieReason)>,
) -> Result<(), AppError> {
    let first = rounds.iter().map(|(n, _)| *n).min().unwrap_or(1);
    let boards = event
        .rounds
        .iter()
        .filter(|r| r.number < first)
        .max_by_key(|r| r.number)
        .map_or(8, |r| r.boards.len().max(1) as i32);
    let existing: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
    let slug = slug.to_owned();
    let found = with_db(state, move |conn| {
        Ok(db::write_transaction(conn, |conn| {
            for (number, pairings) in &rounds {
                if !existing.contains(number) {
                    let level: Level = "2".parse().expect("2 is a level");
                    let added = db::add_round(
                        conn,
                        &slug,
                        &crate::rules::event::new_boards(boards, level, None),
                    )?;
                    match added {
                        Some(added) if added == *number => {}
                        Some(next) => {
                            return Err(db::WriteRefusal::RoundNotNext {
                                round: *number,
                                next,
                            }
                            .into());
                        }
                        None => return Err(db::DbError::NotFound),
                    }
                }
                if !db::replace_pairings_why(conn, &slug, *number, pairings, &who, &reasons)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })?)
    })
    .await?;
    if found {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// The groups stages whose rounds have no result yet: (stage number from 1, the button's
/// words), offered to be paired as their groups' round robins.
fn group_stages(t: &Tr, event: &Event) -> Vec<(usize, String)> {
    event
        .settings
        .stages
        .iter()
        .enumerate()
        .filter(|(_, s)| s.groups().is_some())
        .filter(|(_, s)| {
            !event
                .rounds
                .iter()
                .any(|r| s.contains(r.number) && r.matches.iter().any(|m| !m.results.is_empty()))
        })
        .map(|(i, s)| {
            (
                i + 1,
                t.args(
                    "stage-groups-pair",
                    &[
                        ("stage", FluentValue::from(s.name.clone())),
                        (
                            "rounds",
                            FluentValue::from(rounds_text(t, s.first_round, s.last_round)),
                        ),
                    ],
                ),
            )
        })
        .collect()
}

/// `POST /d/{slug}/stages/groups/{stage}`: pairs every round of groups stage `stage`
/// (numbered from 1) as its groups' round robins side by side, withdrawn teams left out
/// (`schedule::round_robin::groups_side_by_side`), adding its rounds that do not exist yet.
/// Refused once one of its rounds has a result, or when a group needs more rounds than the
/// stage has.
async fn pair_groups(
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

/// `POST /d/{slug}/stages/snake`: the stages form again with stage `stage`'s groups
/// snake-seeded into `groups` groups, from the team list (by number) or from the previous
/// stage's standings (`from = previous`); saved only when the director saves the form.
async fn snake_seed(
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
async fn exchange_teams(
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
async fn undo_exchange(
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
