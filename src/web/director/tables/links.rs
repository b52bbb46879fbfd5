//! The round's links page (every room's link and state), renewing and locking the links,
//! and the round's release and draw.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{RoomLine, room_lines, round_with_rooms, tables};
use crate::web::page::{Ctx, TourHead, redirect_with, render, with_db};
use crate::web::tour::RoundAt;
use crate::web::{AppError, AppState};

#[derive(Template)]
#[template(path = "director/table_links.html")]
struct LinksPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    enabled: bool,
    locked: bool,
    rooms: Vec<RoomLine>,
    /// Renewing was asked for: how many links (printed cards) it would end, to confirm.
    renew_asked: Option<usize>,
}

#[derive(serde::Deserialize)]
pub(super) struct LinksQuery {
    renew: Option<String>,
}

pub(super) async fn links_page(
    query: web::Query<LinksQuery>,
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let (sheet, locked, links) = round_with_rooms(&state, &at).await?;
    let round = at.round;
    let page = LinksPage {
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        tab: "table-links",
        round,
        enabled: sheet.settings.table.entry,
        locked,
        renew_asked: (query.renew.as_deref() == Some("ask")).then_some(links.len()),
        rooms: room_lines(&ctx, &crate::web::hall::site(&req), &sheet.settings, &links),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

#[derive(serde::Deserialize)]
pub(super) struct LinksAction {
    action: String,
    /// `yes` once the director has confirmed renewing (every printed card stops working).
    confirm: Option<String>,
}

/// `POST`: `renew`, `lock` or `unlock`.
pub(super) async fn links_action(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<LinksAction>,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let LinksAction { action, confirm } = form.into_inner();
    if action == "renew" && confirm.as_deref() != Some("yes") {
        return Ok(crate::web::page::redirect(
            &at.url("/table-links?renew=ask#renew"),
        ));
    }
    let (key, who) = (at.tour.slug.clone(), ctx.viewer.name());
    let flash = with_db(&state, move |conn| {
        let (found, flash) = match action.as_str() {
            "renew" => (
                tables::renew_links(conn, &key, round)?,
                "table-flash-renewed",
            ),
            "lock" => (
                tables::lock_round(conn, &key, (round, true), &who)?,
                "table-flash-locked",
            ),
            "unlock" => (
                tables::lock_round(conn, &key, (round, false), &who)?,
                "table-flash-unlocked",
            ),
            _ => return Err(AppError::bad_request(action)),
        };
        if found {
            Ok(flash)
        } else {
            Err(AppError::NotFound)
        }
    })
    .await?;
    Ok(redirect_with(&at.url("/table-links"), flash))
}

/// `POST /d/{slug}/rounds/{round}/release`: the director releases the round's results to
/// the public (a match that will not finish), or withholds them again.
pub(super) async fn release_action(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<LinksAction>,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let (released, flash) = match form.into_inner().action.as_str() {
        "release" => (true, "release-flash-released"),
        "withhold" => (false, "release-flash-withheld"),
        other => return Err(AppError::bad_request(other)),
    };
    let (key, who) = (at.tour.slug.clone(), ctx.viewer.name());
    let found = with_db(&state, move |conn| {
        Ok(tables::release_round(conn, &key, (round, released), &who)?)
    })
    .await?;
    if !found {
        return Err(AppError::NotFound);
    }
    Ok(redirect_with(&at.url(""), flash))
}

/// `POST /d/{slug}/rounds/{round}/draw`: the director publishes the round's pairings, or
/// holds them back again while the round has no result (an audit row either way).
pub(super) async fn draw_action(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<LinksAction>,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let published = match form.into_inner().action.as_str() {
        "publish" => true,
        "hold" => false,
        other => return Err(AppError::bad_request(other)),
    };
    let (key, who) = (at.tour.slug.clone(), ctx.viewer.name());
    let changed = with_db(&state, move |conn| {
        Ok(crate::db::rounds::publish_draw(
            conn, &key, round, published, &who,
        )?)
    })
    .await?
    .ok_or(AppError::NotFound)?;
    let flash = match (changed, published) {
        (true, true) => "draw-flash-published",
        (true, false) => "draw-flash-held",
        (false, true) => "draw-flash-already-published",
        (false, false) => "draw-flash-not-held",
    };
    Ok(redirect_with(&at.url(""), flash))
}
