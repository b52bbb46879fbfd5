//! The director's hall view of a round: `GET /d/{slug}/rounds/{n}/hall`, every room's state
//! at a glance (a room that called the director in red, confirmed rooms waiting for the
//! director's approval, ⚑ boards), live through the tournament's event stream; the round's
//! clock and the announcement to the hall (their forms post to [`super::session`]); and
//! `POST` there: approve every confirmed room without flags or calls in one action.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::super::page::{Ctx, TourHead, redirect_with, render, with_db};
use super::super::{AppError, AppState};
use crate::db::table::{self as tables, EntryState, RoomLink};
use crate::web::labels::team_label;
use crate::web::routes::{Need, Routes};
use crate::web::tour::RoundAt;

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/rounds/{round}/hall", Need::Director, hall_page)
        .post("/d/{slug}/rounds/{round}/hall", Need::Director, hall_action);
}

/// How a room looks in the hall: what a director looks for first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    /// Called the director (red).
    Called,
    /// Confirmed, waiting for the director's approval.
    ToApprove,
    /// Entering, waiting for the opponents, or sent back: still with the table.
    AtTable,
    /// Not started.
    Idle,
    /// Done: approved, confirmed without approval, or entered at the desk.
    Done,
}

impl Look {
    fn of(link: &RoomLink, approval: bool) -> Look {
        match link.state {
            EntryState::Disputed => Look::Called,
            EntryState::Confirmed if approval => Look::ToApprove,
            EntryState::Entering | EntryState::Waiting | EntryState::Rejected => Look::AtTable,
            EntryState::NotStarted => Look::Idle,
            EntryState::Confirmed | EntryState::Approved | EntryState::Desk => Look::Done,
        }
    }

    fn code(self) -> &'static str {
        match self {
            Look::Called => "called",
            Look::ToApprove => "to-approve",
            Look::AtTable => "at-table",
            Look::Idle => "idle",
            Look::Done => "done",
        }
    }
}

/// One room's tile.
#[derive(Debug)]
struct Tile {
    room: &'static str,
    room_label: String,
    look: &'static str,
    state_label: String,
    /// `⚑ 3, 5` when boards are flagged.
    flags: String,
    /// Wrong team codes, said in words, when any were sent.
    codes: String,
    updated: String,
    review: String,
}

/// One match: its table, its teams and its two rooms.
#[derive(Debug)]
struct MatchTile {
    table: i32,
    teams: String,
    /// The worst look of its rooms, for the card's edge.
    look: &'static str,
    rooms: Vec<Tile>,
}

/// A count in the page's summary.
#[derive(Debug)]
struct Count {
    look: &'static str,
    text: String,
}

#[derive(Template)]
#[template(path = "director/hall.html")]
struct HallPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    enabled: bool,
    approval: bool,
    matches: Vec<MatchTile>,
    counts: Vec<Count>,
    /// How many rooms the approve-all button takes.
    approvable: usize,
    /// Confirmed rooms it passes by (⚑ or wrong codes), said in words.
    passed_by: Option<String>,
    times_in: String,
    /// The round's clock, if started, and the announcement as it stands.
    clock: Option<crate::web::clock_view::ClockView>,
    announcement: String,
    /// The rounds before and after: the same page of each.
    round_previous: Option<i32>,
    round_next: Option<i32>,
}

/// The hall's tiles and summary for the round's rooms.
fn tiles(
    ctx: &Ctx,
    at: &RoundAt,
    sheet: &crate::db::RoundSheet,
    links: &[RoomLink],
) -> (Vec<MatchTile>, Vec<Count>) {
    let t = &ctx.t;
    let approval = sheet.settings.table.approval;
    let clock = crate::clock::of(&sheet.settings);
    let lines = super::tables::room_lines(ctx, "", &sheet.settings, links);
    let mut matches: Vec<MatchTile> = Vec::new();
    let mut looks = Vec::new();
    for (link, line) in links.iter().zip(lines) {
        let look = Look::of(link, approval);
        looks.push(look);
        let tile = Tile {
            room: link.room.code(),
            room_label: line.room_label,
            look: look.code(),
            state_label: line.state_label,
            flags: if link.flagged.is_empty() {
                String::new()
            } else {
                format!("⚑ {}", line.flagged)
            },
            codes: if link.code_failures > 0 {
                t.n(
                    "hall-wrong-codes",
                    "count",
                    usize::try_from(link.code_failures).unwrap_or(0),
                )
            } else {
                String::new()
            },
            updated: link.updated_at.map(|a| clock.time(a)).unwrap_or_default(),
            review: at.url(&format!(
                "/tables/{}/rooms/{}",
                link.table,
                link.room.code()
            )),
        };
        match matches.last_mut() {
            Some(m) if m.table == link.table => m.rooms.push(tile),
            _ => {
                matches.push(MatchTile {
                    table: link.table,
                    teams: match_teams(ctx, sheet, link.table),
                    look: "",
                    rooms: vec![tile],
                });
            }
        }
    }
    for m in &mut matches {
        m.look = LOOK_ORDER
            .iter()
            .find(|l| m.rooms.iter().any(|r| r.look == l.code()))
            .map_or("", |l| l.code());
    }
    let counts = look_counts(ctx, approval, &looks);
    (matches, counts)
}

/// The looks from the one a director must see first to the one that needs nothing: a
/// match's card takes its worst room's, and the summary counts them in this order.
const LOOK_ORDER: [Look; 5] = [
    Look::Called,
    Look::ToApprove,
    Look::AtTable,
    Look::Idle,
    Look::Done,
];

/// The teams of the match at `table` for its card: home and away, or the home team alone
/// when it has no opponent.
fn match_teams(ctx: &Ctx, sheet: &crate::db::RoundSheet, table: i32) -> String {
    let t = &ctx.t;
    sheet
        .table(table)
        .map(|m| {
            let home = team_label(sheet, m.home);
            match m.away {
                Some(away) => t.args(
                    "hall-teams",
                    &[
                        ("home", home.into()),
                        ("away", team_label(sheet, away).into()),
                    ],
                ),
                None => home,
            }
        })
        .unwrap_or_default()
}

/// The page's summary: how many rooms look each way (no count of rooms to approve when the
/// tournament's tables need no approval).
fn look_counts(ctx: &Ctx, approval: bool, looks: &[Look]) -> Vec<Count> {
    let t = &ctx.t;
    LOOK_ORDER
        .iter()
        .filter(|&&l| l != Look::ToApprove || approval)
        .map(|&l| Count {
            look: l.code(),
            text: t.n(
                &format!("hall-count-{}", l.code()),
                "count",
                looks.iter().filter(|&&x| x == l).count(),
            ),
        })
        .collect()
}

async fn hall_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let sheet = at.sheet(&state).await?;
    let (_, links) = super::tables::round_rooms(&state, &at).await?;
    let (matches, counts) = tiles(&ctx, &at, &sheet, &links);
    let approval = sheet.settings.table.approval;
    let approvable = links.iter().filter(|l| l.approvable_in_bulk()).count();
    let passed = links.iter().filter(|l| l.held_back()).count();
    let clock = crate::clock::of(&sheet.settings);
    let (_, round_clock, announcement) =
        crate::web::clock_view::hall_parts(&ctx, &state, &sheet.settings, Some(at.round), None)
            .await?;
    let (round_previous, round_next) = sheet.rounds_around();
    let page = HallPage {
        round_previous,
        round_next,
        clock: round_clock,
        announcement: announcement.unwrap_or_default(),
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        tab: "hall",
        round: at.round,
        enabled: sheet.settings.table.entry,
        approval,
        matches,
        counts,
        approvable,
        passed_by: (approval && passed > 0).then(|| ctx.t.n("hall-passed-by", "count", passed)),
        times_in: crate::clock::times_in(&ctx.t, &clock),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

#[derive(serde::Deserialize)]
struct HallAction {
    action: String,
}

/// `POST`: `approve-clean` approves every confirmed room without ⚑, call or wrong code.
async fn hall_action(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<HallAction>,
) -> Result<HttpResponse, AppError> {
    if form.action != "approve-clean" {
        return Err(AppError::bad_request(form.into_inner().action));
    }
    let (slug, round, who) = (at.tour.slug.clone(), at.round, ctx.viewer.name());
    let approved = with_db(&state, move |conn| {
        Ok(tables::approve_clean(conn, &slug, round, &who)?)
    })
    .await?;
    let flash = if approved.is_empty() {
        "hall-flash-none-approved"
    } else {
        "hall-flash-approved"
    };
    Ok(redirect_with(&at.url("/hall"), flash))
}
