//! The director's side of the hall for a whole evening:
//!
//! - `GET/POST /d/{slug}/table-session`: one card per physical table (a table number and a
//!   room) whose link follows the movement from round to round, printed once; renewing
//!   them (every printed session card stops working)
//! - `POST /d/{slug}/rounds/{n}/clock`: the round's clock — start with minutes, pause,
//!   resume, extra minutes for one table — each in the audit trail
//! - `POST /d/{slug}/rounds/{n}/announcement`: the announcement every table page and the
//!   screen show, live

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::super::page::{Ctx, TourHead, redirect, redirect_with, render, with_db};
use super::super::{AppError, AppState};
use crate::db::hall as halls;
use crate::rules::round_clock::{ClockEvent, ClockRefusal};
use crate::web::routes::{Need, Routes};
use crate::web::tour::{RoundAt, Tour};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/table-session", Need::Director, cards_page)
        .post("/d/{slug}/table-session", Need::Director, renew)
        .post(
            "/d/{slug}/rounds/{round}/clock",
            Need::Director,
            clock_action,
        )
        .post(
            "/d/{slug}/rounds/{round}/announcement",
            Need::Director,
            announce,
        );
}

/// One session card: a physical table and its link.
#[derive(Debug)]
struct SessionCard {
    table: i32,
    room_label: String,
    url: String,
    qr: String,
}

#[derive(Template)]
#[template(path = "director/session_cards.html")]
struct CardsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    cards: Vec<SessionCard>,
    renew_asked: bool,
}

#[derive(serde::Deserialize)]
struct CardsQuery {
    renew: Option<String>,
}

async fn cards_page(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    query: web::Query<CardsQuery>,
) -> Result<HttpResponse, AppError> {
    let snap = tour.snapshot(&state).await?;
    let head = TourHead::of(&snap.event);
    let site = match crate::web::hall::printed_site(&req, &ctx, head.clone()) {
        Ok(site) => site,
        Err(refused) => return refused.into_response(),
    };
    let slug = tour.slug.clone();
    let links = with_db(&state, move |conn| {
        halls::session_links(conn, &slug)?.ok_or(AppError::NotFound)
    })
    .await?;
    let cards = links
        .into_iter()
        .map(|l| {
            let url = format!("{site}/table/{}", l.token);
            SessionCard {
                table: l.table,
                room_label: ctx.t.t(&format!("entry-room-{}", l.room.code())),
                qr: crate::web::hall::qr_svg(&url),
                url,
            }
        })
        .collect();
    let page = CardsPage {
        tour: head,
        section: "rounds",
        cards,
        renew_asked: query.renew.as_deref() == Some("ask"),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

#[derive(serde::Deserialize)]
struct RenewForm {
    action: String,
    /// `yes` once the director has confirmed renewing.
    confirm: Option<String>,
}

/// `POST`: `renew`, asked once and then confirmed.
async fn renew(
    state: web::Data<AppState>,
    tour: Tour,
    form: web::Form<RenewForm>,
) -> Result<HttpResponse, AppError> {
    let back = format!("/d/{}/table-session", tour.slug);
    if form.action != "renew" {
        return Err(AppError::bad_request(form.into_inner().action));
    }
    if form.confirm.as_deref() != Some("yes") {
        return Ok(redirect(&format!("{back}?renew=ask#renew")));
    }
    let slug = tour.slug.clone();
    let found = with_db(&state, move |conn| {
        Ok(halls::renew_session_links(conn, &slug)?)
    })
    .await?;
    if !found {
        return Err(AppError::NotFound);
    }
    Ok(redirect_with(&back, "table-flash-renewed"))
}

/// The clock form: `action` (`start`, `pause`, `resume`, `extra`), the minutes, and the
/// table for extra time.
#[derive(serde::Deserialize)]
struct ClockForm {
    action: String,
    minutes: Option<String>,
    table: Option<String>,
}

/// A whole number from a form field, or `None`.
fn number(field: Option<&String>) -> Option<i32> {
    field.and_then(|v| v.trim().parse().ok())
}

/// `POST /d/{slug}/rounds/{n}/clock`: the director's event on the round's clock.
async fn clock_action(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<ClockForm>,
) -> Result<HttpResponse, AppError> {
    let minutes = number(form.minutes.as_ref());
    let event = match form.action.as_str() {
        "start" => ClockEvent::Start {
            minutes: minutes.unwrap_or(0),
        },
        "pause" => ClockEvent::Pause,
        "resume" => ClockEvent::Resume,
        "extra" => ClockEvent::Extra {
            table: number(form.table.as_ref())
                .ok_or_else(|| AppError::bad_request(ctx.t.t("clock-error-table")))?,
            minutes: minutes.unwrap_or(0),
        },
        other => return Err(AppError::bad_request(other)),
    };
    let (slug, round, who) = (at.tour.slug.clone(), at.round, ctx.viewer.name());
    let done = with_db(&state, move |conn| {
        Ok(halls::clock_event(conn, &slug, round, event, &who)?)
    })
    .await?
    .ok_or(AppError::NotFound)?;
    let flash = match done {
        Ok(_) => match event {
            ClockEvent::Start { .. } => "clock-flash-started",
            ClockEvent::Pause => "clock-flash-paused",
            ClockEvent::Resume => "clock-flash-resumed",
            ClockEvent::Extra { .. } => "clock-flash-extra",
        },
        Err(ClockRefusal::Minutes) => "clock-flash-minutes",
        Err(ClockRefusal::NotStarted) => "clock-flash-not-started",
        Err(ClockRefusal::AlreadyPaused) => "clock-flash-already-paused",
        Err(ClockRefusal::NotPaused) => "clock-flash-not-paused",
    };
    Ok(redirect_with(&at.url("/hall#clock"), flash))
}

#[derive(serde::Deserialize)]
struct AnnounceForm {
    body: String,
}

/// `POST /d/{slug}/rounds/{n}/announcement`: the announcement (empty: none).
async fn announce(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<AnnounceForm>,
) -> Result<HttpResponse, AppError> {
    let body = form.into_inner().body.trim().to_owned();
    crate::limits::check(&body, crate::limits::NOTE)
        .map_err(|p| crate::web::error::text_refused(&ctx.t, "body", p))?;
    let (slug, who) = (at.tour.slug.clone(), ctx.viewer.name());
    let empty = body.is_empty();
    let found = with_db(&state, move |conn| {
        Ok(halls::announce(conn, &slug, &body, &who)?)
    })
    .await?;
    if !found {
        return Err(AppError::NotFound);
    }
    let flash = if empty {
        "hall-flash-announcement-cleared"
    } else {
        "hall-flash-announced"
    };
    Ok(redirect_with(&at.url("/hall#announcement"), flash))
}
