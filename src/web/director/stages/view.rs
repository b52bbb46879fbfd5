//! The stages page: the form, the bracket as it stands, each knockout round's pairings or
//! why not yet, the director's exchanges and what a corrected result changed.

use actix_web::{HttpResponse, web};
use askama::Template;
use fluent_templates::fluent_bundle::FluentValue;

use super::fields::{StageFields, saved_fields, with_blank};
use crate::db::audit::TieWhy;
use crate::input::Why;
use crate::rules::Event;
use crate::rules::bracket::{
    Bracket, Championship, Feeds, KoRound, NotYet, Slot, Tie, check_knockout,
};
use crate::rules::stages::StageFormat;
use crate::sheets::stages::{exchange_text, round_name, tie_label};
use crate::web::i18n::Tr;
use crate::web::labels::progress_text;
use crate::web::live::Snapshot;
use crate::web::page::{Ctx, TourHead, render};
use crate::web::tour::Tour;
use crate::web::{AppError, AppState};

/// A tie as the page shows it.
pub(super) struct TieView {
    pub(super) label: String,
    /// The tie's sheet to print.
    pub(super) sheet_pdf: String,
    pub(super) home: String,
    pub(super) away: String,
    pub(super) carry_over: String,
    pub(super) total: String,
    pub(super) points: String,
    pub(super) segments: String,
    pub(super) status: String,
    pub(super) winner: String,
}

/// A knockout round as the page shows it.
pub(super) struct KoView {
    pub(super) number: u32,
    pub(super) name: String,
    pub(super) rounds: String,
    pub(super) ties: Vec<TieView>,
    /// The pairings it can be given now, each with its reason.
    pub(super) proposal: Vec<(String, String)>,
    /// Why it cannot be paired yet.
    pub(super) not_yet: String,
    /// Its first segment already has a schedule.
    pub(super) paired: bool,
    /// The director's exchanges in this round: (index in the stage's list, words).
    pub(super) exchanges: Vec<(usize, String)>,
    /// Whether two of its teams can be exchanged now: its sides are known and none of its
    /// segments has a result.
    pub(super) exchangeable: bool,
    /// The teams it can exchange: (number, words).
    pub(super) teams: Vec<(i32, String)>,
    /// Why the exchange just asked for was refused.
    pub(super) exchange_errors: Vec<String>,
}

#[derive(Template)]
#[template(path = "director/stages.html")]
pub(super) struct StagesPage {
    pub(super) ctx: Ctx,
    pub(super) tour: TourHead,
    pub(super) section: &'static str,
    pub(super) progress: String,
    pub(super) fields: Vec<StageFields>,
    pub(super) formats: Vec<(&'static str, String)>,
    pub(super) problems: Vec<String>,
    pub(super) knockout: Vec<KoView>,
    pub(super) warnings: Vec<String>,
    /// Groups stages that can be paired as round robins: (stage number, button words).
    pub(super) group_stages: Vec<(usize, String)>,
}

/// The rounds a stage or a knockout round is played over: "rounds 4–5", "round 7".
pub(crate) fn rounds_text(t: &Tr, first: i32, last: i32) -> String {
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
pub(super) fn tie_why(bracket: &Bracket, ko_round: u32, tie: &Tie) -> TieWhy {
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
    crate::web::director::subject::tie_why_text(t, &tie_why(bracket, ko_round, tie))
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
pub(super) fn has_results(event: &Event, ko: &KoRound) -> bool {
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

pub(super) fn page(
    ctx: &Ctx,
    snap: &Snapshot,
    fields: Vec<StageFields>,
    problems: Vec<String>,
) -> StagesPage {
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

pub(super) async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(&state).await?;
    let event = &snap.event;
    let fields = saved_fields(event);
    render(&ctx, &page(&ctx, &snap, with_blank(fields), Vec::new()))
}

/// The groups stages whose rounds have no result yet: (stage number from 1, the button's
/// words), offered to be paired as their groups' round robins.
pub(super) fn group_stages(t: &Tr, event: &Event) -> Vec<(usize, String)> {
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
