//! The director's deals (docs/deals.md): the seeds (every commitment ever set), dealing a
//! round or every round not yet played from the current seed, revealing a seed once its
//! boards are released, the statistics of each dealt round, and the printable hand records.
//! The page says before any click what each button does to which rounds, and why the rest
//! is refused.
//!
//! - `GET /d/{slug}/deals`: the seeds, what dealing would do, each round's deals and
//!   statistics
//! - `POST /d/{slug}/deals/seed`: a new seed, fushi's 128 random bits then `:` and the
//!   optional ceremony text `text`
//! - `POST /d/{slug}/deals/deal`: `round` (empty: every round that has had no result) dealt
//!   from the current seed
//! - `POST /d/{slug}/deals/reveal`: the seed of `commitment` (empty: the current one)
//!   revealed, from the one fushi holds or the `seed` typed; refused while a board dealt
//!   from it is not released
//! - `GET /d/{slug}/rounds/{round}/hands` and `…/hands.pdf`: the round's hand records

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;

use super::super::page::{Ctx, TourHead, redirect_with, render, with_db};
use super::super::sheets::{pdf, pdf_response};
use super::super::{AppError, AppState};
use crate::db::dealing::{DealChangeError, board_lists, deal_rounds, reveal_seed, set_seed};
use crate::db::deals::round_facts;
use crate::i18n::Tr;
use crate::input::Why;
use crate::rules::deal::{
    Commitment, DealSeed, RoundFacts, RoundPlan, Seed, SeedText, first_unreleased, plan_deal,
};
use crate::rules::{Event, Seat};
use crate::sheets::hands::{HandRecords, hand_records, hand_records_pdf, round_stats};
use crate::web::labels::{CommitmentLine, commitment_lines};
use crate::web::live::Snapshot;
use crate::web::routes::{Need, Routes};
use crate::web::tour::{RoundAt, Tour};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/deals", Need::Director, page)
        .post("/d/{slug}/deals/seed", Need::Director, set_seed_post)
        .post("/d/{slug}/deals/deal", Need::Director, deal)
        .post("/d/{slug}/deals/reveal", Need::Director, reveal)
        .get("/d/{slug}/rounds/{round}/hands", Need::Director, hands)
        .get(
            "/d/{slug}/rounds/{round}/hands.pdf",
            Need::Director,
            hands_pdf,
        );
}

/// One seat's line of the statistics.
#[derive(Debug)]
pub(super) struct SeatStats {
    pub seat: String,
    pub jokers: usize,
    pub(crate) level_cards: usize,
}

/// A dealt round's statistics as the page shows them.
#[derive(Debug)]
pub(super) struct StatsView {
    pub seats: Vec<SeatStats>,
    pub(crate) bottoms: String,
    pub range: String,
}

/// One round on the deals page: what dealing it would do, or why it is refused.
#[derive(Debug)]
pub(super) struct RoundDeals {
    pub round: i32,
    pub boards: usize,
    pub dealt: usize,
    /// The words of its deal button (`None`: refused, see `refused`).
    pub action: Option<String>,
    pub refused: Option<String>,
    pub stats: Option<StatsView>,
}

/// One seed on the deals page, beyond what the public sees of it.
#[derive(Debug)]
pub(super) struct SeedLine {
    pub line: CommitmentLine,
    /// The secret seed fushi holds (the director may read it).
    pub secret: Option<String>,
    /// Whether a reveal needs the seed typed (a commitment to deals made elsewhere).
    pub typed: bool,
    /// Why a reveal is refused now, naming a board still to be released; `None` when it
    /// can be revealed (or is already).
    pub wait: Option<String>,
}

#[derive(Template)]
#[template(path = "director/deals.html")]
struct DealsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    seeds: Vec<SeedLine>,
    /// What "deal every round" does, or why it is refused.
    deal_all: Result<String, String>,
    rounds: Vec<RoundDeals>,
}

fn stats_view(t: &Tr, event: &Event, round: i32) -> Option<StatsView> {
    let stats = round_stats(event, round);
    if stats.boards == 0 {
        return None;
    }
    let mean = stats.mean_bottom_tenths().unwrap_or_default();
    Some(StatsView {
        seats: Seat::ALL
            .into_iter()
            .map(|s| SeatStats {
                seat: crate::sheets::seat(t, s),
                jokers: stats.jokers_of(s),
                level_cards: stats.level_cards_of(s),
            })
            .collect(),
        bottoms: stats
            .bottom_points
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" · "),
        range: t.args(
            "deals-stats-bottom-range",
            &[
                ("min", stats.min_bottom_points().unwrap_or_default().into()),
                ("mean", format!("{}.{}", mean / 10, mean % 10).into()),
                ("max", stats.max_bottom_points().unwrap_or_default().into()),
            ],
        ),
    })
}

/// Round numbers as a list: `1, 2, 5`.
fn listed(rounds: &[i32]) -> String {
    rounds
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What dealing every round does, in words: which rounds get their first cards, which are
/// dealt again, which keep theirs; or why it is refused.
fn deal_all_words(
    t: &Tr,
    current: Option<&DealSeed>,
    facts: &[RoundFacts],
) -> Result<String, String> {
    let plan = plan_deal(current, facts, None).map_err(|r| Why::SeedRefused(r).text(t))?;
    let of = |kind: RoundPlan| -> Vec<i32> {
        plan.iter()
            .filter(|(_, p)| *p == kind)
            .map(|(r, _)| *r)
            .collect()
    };
    let parts: Vec<String> = [
        (RoundPlan::First, "deals-plan-first"),
        (RoundPlan::Again, "deals-plan-again"),
        (RoundPlan::Fixed, "deals-plan-fixed"),
    ]
    .into_iter()
    .filter_map(|(kind, key)| {
        let rounds = of(kind);
        (!rounds.is_empty()).then(|| t.a(key, "rounds", listed(&rounds)))
    })
    .collect();
    Ok(parts.join(" "))
}

/// Each round's line: its deal button's words, or why it is refused.
fn round_lines(
    t: &Tr,
    event: &Event,
    current: Option<&DealSeed>,
    facts: &[RoundFacts],
) -> Vec<RoundDeals> {
    event
        .rounds
        .iter()
        .map(|r| {
            let plan = plan_deal(current, facts, Some(r.number));
            let (action, refused) = match plan.as_deref() {
                Ok([(_, RoundPlan::Again)]) => {
                    (Some(t.a("deals-deal-round-again", "round", r.number)), None)
                }
                Ok(_) => (Some(t.a("deals-deal-round", "round", r.number)), None),
                Err(e) => (None, Some(Why::SeedRefused(*e).text(t))),
            };
            RoundDeals {
                round: r.number,
                boards: r.boards.len(),
                dealt: event
                    .deals
                    .boards
                    .iter()
                    .filter(|d| d.round == r.number)
                    .count(),
                action,
                refused,
                stats: stats_view(t, event, r.number),
            }
        })
        .collect()
}

/// Every seed with what the director may do with it.
fn seed_lines(t: &Tr, snap: &Snapshot) -> Vec<SeedLine> {
    let event = &snap.event;
    let (boards, dealt) = board_lists(event);
    commitment_lines(t, event)
        .into_iter()
        .zip(&event.deals.seeds)
        .map(|(line, record)| {
            let revealed = record.state.revealed().is_some();
            let wait = (!revealed)
                .then(|| {
                    first_unreleased(&record.dealt_boards(&boards, &dealt), |r, b| {
                        snap.release.board(r, b)
                    })
                })
                .flatten()
                .map(|(round, board)| {
                    let refusal = crate::rules::deal::SeedRefusal::Unreleased { round, board };
                    Why::SeedRefused(refusal).text(t)
                });
            SeedLine {
                line,
                secret: match &record.state {
                    DealSeed::Secret(s) => Some(s.as_str().to_owned()),
                    _ => None,
                },
                typed: matches!(record.state, DealSeed::Committed(_)),
                wait,
            }
        })
        .collect()
}

async fn page(ctx: Ctx, state: web::Data<AppState>, tour: Tour) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(&state).await?;
    let id = tour.gate.tournament;
    let facts = with_db(&state, move |conn| Ok(round_facts(conn, id)?)).await?;
    let event = &snap.event;
    let current = event.deals.current().map(|s| &s.state);
    let view = DealsPage {
        tour: TourHead::of(event),
        section: "deals",
        seeds: seed_lines(&ctx.t, &snap),
        deal_all: deal_all_words(&ctx.t, current, &facts),
        rounds: round_lines(&ctx.t, event, current, &facts),
        ctx: ctx.clone(),
    };
    render(&ctx, &view)
}

fn refusal(t: &Tr, e: DealChangeError, round: Option<i32>) -> AppError {
    match e {
        DealChangeError::NoTournament => AppError::not_found(),
        DealChangeError::Db(e) => e.into(),
        other => AppError::bad_request(crate::transfer::deal_refusal_text(&other, round, t)),
    }
}

/// The form's `name`, trimmed of nothing (a seed is used byte for byte), or `None` when
/// left empty.
fn field<'a>(form: &'a HashMap<String, String>, name: &str) -> Option<&'a str> {
    form.get(name).map(String::as_str).filter(|s| !s.is_empty())
}

async fn set_seed_post(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let text = field(&form, "text")
        .map(SeedText::parse)
        .transpose()
        .map_err(|e| AppError::bad_request(Why::Seed(e).text(&ctx.t)))?;
    let seed = crate::transfer::draw_seed(text.as_ref());
    let key = tour.slug.clone();
    let t = ctx.t;
    let who = super::audit::who(&ctx.viewer);
    with_db(&state, move |conn| {
        set_seed(conn, &key, seed, &who).map_err(|e| refusal(&t, e, None))
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{}/deals", tour.slug),
        "deals-seed-saved",
    ))
}

async fn deal(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let round = match form.get("round").map(|r| r.trim()).unwrap_or("") {
        "" => None,
        text => Some(
            text.parse::<i32>()
                .map_err(|_| AppError::bad_request(ctx.t.a("deals-no-round", "round", text)))?,
        ),
    };
    let key = tour.slug.clone();
    let t = ctx.t;
    let who = super::audit::who(&ctx.viewer);
    with_db(&state, move |conn| {
        deal_rounds(conn, &key, round, &who).map_err(|e| refusal(&t, e, round))
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{}/deals", tour.slug),
        "deals-dealt",
    ))
}

async fn reveal(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let bad = |why: Why| AppError::bad_request(why.text(&ctx.t));
    let typed = field(&form, "seed")
        .map(Seed::parse)
        .transpose()
        .map_err(|e| bad(Why::Seed(e)))?;
    let commitment = field(&form, "commitment")
        .map(Commitment::parse)
        .transpose()
        .map_err(|_| bad(Why::Commitment))?;
    let key = tour.slug.clone();
    let t = ctx.t;
    let who = super::audit::who(&ctx.viewer);
    with_db(&state, move |conn| {
        reveal_seed(conn, &key, (commitment, typed), &who).map_err(|e| refusal(&t, e, None))
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{}/deals", tour.slug),
        "deals-revealed",
    ))
}

#[derive(Template)]
#[template(path = "director/hands.html")]
struct HandsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    records: HandRecords,
}

async fn records_of(
    ctx: &Ctx,
    state: &AppState,
    at: &RoundAt,
) -> Result<(TourHead, HandRecords), AppError> {
    let snap = at.tour.snapshot(state).await?;
    let event = &snap.event;
    if !event.rounds.iter().any(|r| r.number == at.round) {
        return Err(AppError::not_found());
    }
    Ok((TourHead::of(event), hand_records(event, at.round, &ctx.t)))
}

async fn hands(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let (tour, records) = records_of(&ctx, &state, &at).await?;
    let view = HandsPage {
        tour,
        section: "deals",
        records,
        ctx: ctx.clone(),
    };
    render(&ctx, &view)
}

async fn hands_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let (_, records) = records_of(&ctx, &state, &at).await?;
    let name = format!("{}-round-{}-hands.pdf", at.tour.slug, at.round);
    let words = ctx.t;
    let bytes = pdf(&state, move || hand_records_pdf(&records, &words)).await?;
    Ok(pdf_response(bytes, &name))
}
