//! The director's deals (docs/deals.md): the secret seed, dealing a round or every round from
//! it, revealing it, the statistics of each dealt round, and the printable hand records.
//!
//! - `GET /d/{slug}/deals`: the seed's state, the commitment, each round's deals and
//!   statistics
//! - `POST /d/{slug}/deals/seed`: `seed` (empty: a new random one) becomes the secret seed
//! - `POST /d/{slug}/deals/deal`: `round` (empty: every round) dealt from the seed
//! - `POST /d/{slug}/deals/reveal`: `seed` (empty: the one fushi holds) revealed; refused
//!   when it does not match the commitment
//! - `GET /d/{slug}/rounds/{round}/hands` and `…/hands.pdf`: the round's hand records

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;

use super::super::page::{Ctx, TourHead, redirect_with, render, with_db};
use super::super::sheets::{pdf, pdf_response};
use super::super::{AppError, AppState};
use crate::db::deals::{DealChangeError, change_seed, deal_rounds};
use crate::i18n::Tr;
use crate::input::Why;
use crate::rules::deal::{DealSeed, Seed, SeedChange};
use crate::rules::{Event, Seat};
use crate::sheets::hands::{HandRecords, hand_records, hand_records_pdf, round_stats};
use crate::web::routes::{Need, Routes};
use crate::web::tour::{RoundAt, Tour};

pub fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/deals", Need::Director, page)
        .post("/d/{slug}/deals/seed", Need::Director, set_seed)
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
    pub level_cards: usize,
}

/// A dealt round's statistics as the page shows them.
#[derive(Debug)]
pub(super) struct StatsView {
    pub seats: Vec<SeatStats>,
    pub bottoms: String,
    pub range: String,
}

/// One round on the deals page.
#[derive(Debug)]
pub(super) struct RoundDeals {
    pub round: i32,
    pub boards: usize,
    pub dealt: usize,
    pub stats: Option<StatsView>,
}

#[derive(Template)]
#[template(path = "director/deals.html")]
struct DealsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    /// `unset`, `committed`, `secret` or `revealed`.
    state: &'static str,
    state_text: String,
    commitment: Option<String>,
    /// The seed fushi holds (the director may read it).
    seed: Option<String>,
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

async fn page(ctx: Ctx, state: web::Data<AppState>, tour: Tour) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(&state).await?;
    let event = &snap.event;
    let seed = &event.deals.seed;
    let state = match seed {
        DealSeed::Unset => "unset",
        DealSeed::Committed(_) => "committed",
        DealSeed::Secret(_) => "secret",
        DealSeed::Revealed(_) => "revealed",
    };
    let view = DealsPage {
        tour: TourHead::of(event),
        section: "deals",
        state,
        state_text: ctx.t.t(&format!("deals-state-{state}")),
        commitment: seed.commitment().map(|c| c.as_str().to_owned()),
        seed: seed.held().map(|s| s.as_str().to_owned()),
        rounds: event
            .rounds
            .iter()
            .map(|r| RoundDeals {
                round: r.number,
                boards: r.boards.len(),
                dealt: event
                    .deals
                    .boards
                    .iter()
                    .filter(|d| d.round == r.number)
                    .count(),
                stats: stats_view(&ctx.t, event, r.number),
            })
            .collect(),
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

/// The form's `seed`, or `None` when it is left empty.
fn typed_seed(t: &Tr, form: &HashMap<String, String>) -> Result<Option<Seed>, AppError> {
    match form.get("seed").map(String::as_str).unwrap_or("") {
        "" => Ok(None),
        text => Seed::parse(text)
            .map(Some)
            .map_err(|e| AppError::bad_request(Why::Seed(e).text(t))),
    }
}

async fn set_seed(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let seed = typed_seed(&ctx.t, &form)?.unwrap_or_else(crate::transfer::random_seed);
    let key = tour.slug.clone();
    let t = ctx.t;
    let who = super::audit::who(&ctx.viewer);
    with_db(&state, move |conn| {
        change_seed(conn, &key, SeedChange::Set(seed), &who).map_err(|e| refusal(&t, e, None))
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
    let seed = typed_seed(&ctx.t, &form)?;
    let key = tour.slug.clone();
    let t = ctx.t;
    let who = super::audit::who(&ctx.viewer);
    with_db(&state, move |conn| {
        change_seed(conn, &key, SeedChange::Reveal(seed), &who).map_err(|e| refusal(&t, e, None))
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
