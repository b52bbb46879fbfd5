//! The director's side of entering at the table:
//!
//! - `GET/POST /d/{slug}/rounds/{n}/table-links`: every room's link and state (the page
//!   polls itself), renewing the round's links, locking the round against the tables
//! - `GET /d/{slug}/rounds/{n}/table-cards`: printable cards with each room's QR code, and
//!   the team-code slips
//! - `GET/POST /d/{slug}/rounds/{n}/tables/{t}/rooms/{room}`: what the table entered, and
//!   the verdict: approve, or send back with a note (correcting is the desk's entry page)
//!
//! This file registers the routes and holds what the pages share: each room's line on the
//! director's lists, and the round's rooms. Its children: the links page and the round's
//! switches, lock, release and draw (`links`); what is printed for the tables, the cards,
//! the slips and the score sheets with their links (`cards`); one room's review and the
//! director's verdict (`room`).

mod cards;
mod links;
mod room;

use crate::db::RoundSheet;
use crate::db::table::{self as tables, EntryState, RoomLink, Side};
use crate::web::page::{Ctx, with_db};
use crate::web::routes::{Need, Routes};
use crate::web::tour::RoundAt;
use crate::web::{AppError, AppState};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get(
            "/d/{slug}/rounds/{round}/table-links",
            Need::Director,
            links::links_page,
        )
        .post(
            "/d/{slug}/rounds/{round}/table-links",
            Need::Director,
            links::links_action,
        )
        .post(
            "/d/{slug}/rounds/{round}/release",
            Need::Director,
            links::release_action,
        )
        .post(
            "/d/{slug}/rounds/{round}/draw",
            Need::Director,
            links::draw_action,
        )
        .get(
            "/d/{slug}/rounds/{round}/table-cards",
            Need::Director,
            cards::cards_page,
        )
        .get(
            "/d/{slug}/rounds/{round}/table-sheets.pdf",
            Need::Director,
            cards::sheets_pdf,
        )
        .get(
            "/d/{slug}/rounds/{round}/tables/{table}/rooms/{room}",
            Need::Director,
            room::room_page,
        )
        .post(
            "/d/{slug}/rounds/{round}/tables/{table}/rooms/{room}",
            Need::Director,
            room::judge,
        );
}

/// One room on the director's list.
#[derive(Debug)]
pub(crate) struct RoomLine {
    pub table: i32,
    pub room: &'static str,
    pub(crate) room_label: String,
    pub state: &'static str,
    pub(crate) state_label: String,
    pub url: String,
    pub updated: String,
    pub flagged: String,
}

/// The rooms of a round in the director's words (times in the tournament's zone).
pub(crate) fn room_lines(
    ctx: &Ctx,
    site: &str,
    settings: &crate::rules::Settings,
    links: &[RoomLink],
) -> Vec<RoomLine> {
    let t = &ctx.t;
    let approval = settings.table.approval;
    let clock = crate::clock::of(settings);
    links
        .iter()
        .map(|l| RoomLine {
            table: l.table,
            room: l.room.code(),
            room_label: t.t(&format!("entry-room-{}", l.room.code())),
            state: l.state.code(),
            state_label: state_label(ctx, l.state, approval),
            url: format!("{site}/table/{}", l.token),
            updated: l.updated_at.map(|at| clock.time(at)).unwrap_or_default(),
            flagged: l
                .flagged
                .iter()
                .map(i32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        })
        .collect()
}

fn state_label(ctx: &Ctx, state: EntryState, approval: bool) -> String {
    crate::web::labels::room_state_label(&ctx.t, state, approval)
}

/// The round's links and states (links are made for rooms that have none).
pub(crate) async fn round_rooms(
    state: &AppState,
    at: &RoundAt,
) -> Result<(bool, Vec<RoomLink>), AppError> {
    let (slug, round) = (at.tour.slug.clone(), at.round);
    with_db(state, move |conn| {
        tables::round_links(conn, &slug, round)?.ok_or(AppError::NotFound)
    })
    .await
}

/// The round with its rooms' links (the links page and the cards): the round, whether its
/// links are locked, and the links.
async fn round_with_rooms(
    state: &AppState,
    at: &RoundAt,
) -> Result<(RoundSheet, bool, Vec<RoomLink>), AppError> {
    let sheet = at.sheet(state).await?;
    let (locked, links) = round_rooms(state, at).await?;
    Ok((sheet, locked, links))
}

/// A side of the table in the director's words: North-South or East-West.
fn side_text(ctx: &Ctx, side: Side) -> String {
    crate::web::labels::side_label(&ctx.t, side)
}
