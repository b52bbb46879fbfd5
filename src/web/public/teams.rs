//! The teams (`/t/{slug}/teams`, a page at a time) and one team (`/t/{slug}/teams/{no}`),
//! with where it plays next and that round's clock.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::view::matches::{self, TeamMatch};
use super::view::rules as rules_view;
use super::view::standings::{self, StandingRow};
use super::view::{self, RoundStages, Stage};
use super::{live, pager, paging, provisional_match};
use crate::rules::TeamNo;
use crate::web::page::{Ctx, PageSnapshot, TourHead, path_number, render};
use crate::web::{AppError, AppState};

/// A team in the list of teams.
struct TeamRow {
    number: TeamNo,
    name: String,
    club: String,
    members: String,
    withdrawn: bool,
}

#[derive(Template)]
#[template(path = "public/teams.html")]
struct TeamsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    teams: Vec<TeamRow>,
    /// The pages of a large event's teams; `None` when they fit on one.
    pager: Option<paging::Pager>,
}

pub(super) async fn teams(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, AppError> {
    let event = &snap.event;
    let separator = ctx.t.t("pub-list-separator");
    let paging = paging::Paging::new(
        paging::Asked::of(&req)?,
        event.teams.len(),
        state.teams_per_page,
    )?;
    let base = format!("/t/{}/teams", event.settings.slug);
    let page = TeamsPage {
        pager: pager(&ctx.t, &paging, &base, "teams", paging::row_numbers),
        tour: TourHead::of(event),
        section: "teams",
        live: None,
        teams: event.teams[paging.rows()]
            .iter()
            .map(|t| TeamRow {
                number: t.number,
                name: t.name.clone(),
                club: t.club.clone(),
                members: t.members.join(&separator),
                withdrawn: t.withdrawn,
            })
            .collect(),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

#[derive(Template)]
#[template(path = "public/team.html")]
struct TeamPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    number: TeamNo,
    name: String,
    club: String,
    /// Each member's name, and their registry id when their cross-event page is public.
    members: Vec<(String, Option<crate::rules::player_id::PlayerId>)>,
    withdrawn: bool,
    standing: Option<StandingRow>,
    score_label: String,
    matches: Vec<TeamMatch>,
    /// Rounds whose pairings are not public yet: "Round 5: pairings soon".
    soon: Vec<String>,
    charts: Vec<crate::web::sheets::charts::ChartView>,
    /// Where the team plays next, and that round's clock at its table.
    next: Option<NextMatch>,
    clock: Option<crate::web::clock_view::ClockView>,
}

/// Where a team plays next: its round, table, opponents and each room's seats.
struct NextMatch {
    round: i32,
    table: i32,
    opponent: Option<view::TeamLink>,
    /// "Open room: North-South · Closed room: East-West".
    seats: String,
}

/// The team's next match from the public event: its first playing match, from the current
/// round on (all rounds when none is current), that is not complete as the public sees it.
fn next_match(
    t: &crate::web::i18n::Tr,
    event: &crate::rules::Event,
    report: &crate::rules::Report,
    team: TeamNo,
    current: Option<i32>,
) -> Option<NextMatch> {
    use crate::db::table::{Side, seated};
    use crate::rules::Room;
    let teams = view::Teams::of(event);
    event
        .rounds
        .iter()
        .filter(|r| current.is_none_or(|c| r.number >= c))
        .find_map(|r| {
            let m = r
                .matches
                .iter()
                .find(|m| m.away.is_some() && (m.home == team || m.away == Some(team)))?;
            let stage = report
                .match_at(r.number, m.table)
                .map_or(Stage::NotStarted, |x| Stage::of_match(&x.figures));
            if stage == Stage::Complete {
                return None;
            }
            let side_in = |room: Room| {
                let side = if seated(m, room, Side::NorthSouth) == team {
                    Side::NorthSouth
                } else {
                    Side::EastWest
                };
                t.args(
                    "pub-next-room",
                    &[
                        ("room", t.t(&format!("entry-room-{}", room.code())).into()),
                        ("side", crate::web::labels::side_label(t, side).into()),
                    ],
                )
            };
            let opponent = if m.home == team { m.away } else { Some(m.home) };
            Some(NextMatch {
                round: r.number,
                table: m.table,
                opponent: opponent.map(|o| teams.link(o)),
                seats: format!("{} · {}", side_in(Room::Open), side_in(Room::Closed)),
            })
        })
}

pub(super) async fn team(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let number = TeamNo(path_number(&path.1)?);
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let team = event.team(number).ok_or_else(AppError::not_found)?;
    let mut matches = matches::team_matches(event, report, number, t);
    for m in &mut matches {
        // A complete match's score, shown while its round may still change.
        m.provisional =
            m.counted && m.status.stage != Stage::Bye && provisional_match(&snap, m.round, m.table);
    }
    let stages = RoundStages::of(event, report);
    let playing = matches
        .iter()
        .any(|m| stages.awaits(m.round, m.status.stage));
    let (hall, _, _) =
        crate::web::clock_view::hall_parts(&ctx, &state, &event.settings, None, None).await?;
    let next = next_match(t, event, report, number, hall.round);
    let clock = match &next {
        Some(n) => {
            let at = Some(n.table);
            crate::web::clock_view::hall_parts(&ctx, &state, &event.settings, Some(n.round), at)
                .await?
                .1
        }
        None => None,
    };
    let page = TeamPage {
        next,
        clock,
        tour: TourHead::of(event),
        section: "teams",
        live: live(playing),
        number,
        name: team.name.clone(),
        club: team.club.clone(),
        members: team
            .members
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let id = team
                    .member_id(i)
                    .filter(|id| snap.play.public_players.contains(id));
                (name.clone(), id)
            })
            .collect(),
        withdrawn: team.withdrawn,
        standing: standings::standings(event, report)
            .into_iter()
            .find(|s| s.team.number == number),
        score_label: rules_view::score_label(&event.settings, t),
        matches,
        soon: event
            .rounds
            .iter()
            .filter(|r| r.matches.is_empty())
            .map(|r| t.a("pub-pairings-soon", "round", r.number))
            .collect(),
        charts: crate::web::sheets::charts::team_charts(
            snap.after_each_played_round(),
            number,
            &team.name,
            t,
        ),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}
