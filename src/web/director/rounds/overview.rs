//! The round overview (`GET /d/{slug}/rounds/{n}`): every match's progress and figures,
//! the boards, the schedule's notes, flagged results and, for directors, the table links.

use actix_web::HttpResponse;
use actix_web::web;
use askama::Template;

use crate::db::{self, RoundSheet};
use crate::figures::signed;
use crate::rules::{MatchProgress, MatchStatus, RoundProgress, Scorer};
use crate::web::labels::{
    match_progress_label, round_progress_label, seat_label, team_label, trump_label,
};
use crate::web::page::{Ctx, TourHead, render, with_db};
use crate::web::tour::RoundAt;
use crate::web::{AppError, AppState};

#[derive(Debug)]
struct MatchLine {
    table: i32,
    home: String,
    away: Option<String>,
    progress: MatchProgress,
    label: String,
    open: usize,
    closed: usize,
    levels: String,
    score: String,
}

#[derive(Template)]
#[template(path = "director/round_overview.html")]
struct OverviewPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    boards: usize,
    progress: String,
    matches: Vec<MatchLine>,
    board_lines: Vec<(i32, String, &'static str, String)>,
    previous: Option<i32>,
    next: Option<i32>,
    /// What the schedule pages recorded: generated, overridden, unlocked.
    notes: Vec<String>,
    /// The zone the notes' times are in, said once.
    times_in: String,
    /// Results of the round that look wrong.
    field: super::super::field::FieldExtras,
    /// Every room's table link and state, when tables enter.
    rooms: Vec<super::super::tables::RoomLine>,
    /// What the public sees of the round (docs/rules.md §5).
    release: ReleaseLine,
    /// The round's pairings are not public yet.
    draw_held: bool,
    /// No result yet: a published draw may still be held back.
    progress_none: bool,
}

/// How much of the round is public, and whether the director released it.
struct ReleaseLine {
    released: usize,
    boards: usize,
    by_director: bool,
}

pub(super) async fn overview(
    req: actix_web::HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let snap = at.tour.snapshot(&state).await?;
    let sheet = RoundSheet::of_event(&snap.event, round).ok_or_else(AppError::not_found)?;
    // The links are the director's: a scorer reading this page does not see them.
    let with_links = sheet.settings.table.entry && at.tour.directs();
    // What the snapshot does not hold, in one call: the schedule's record, the flags and
    // the table links.
    let key = at.tour.slug.clone();
    let (record, (threshold, checked), links) = with_db(&state, move |conn| {
        let record = db::schedule::load_round_record(conn, &key, round)?.unwrap_or_default();
        let flags = super::super::field::flags(conn, &key)?;
        let links = if with_links {
            db::table::round_links(conn, &key, round)?
                .ok_or_else(AppError::not_found)?
                .1
        } else {
            Vec::new()
        };
        Ok((record, flags, links))
    })
    .await?;
    let t = &ctx.t;
    let scorer = Scorer::new(&sheet.settings);
    let scoring = &sheet.settings.scoring;
    let boards = &sheet.round.boards;
    let mut all = Vec::new();
    let matches = sheet
        .round
        .matches
        .iter()
        .map(|m| {
            let figures = scorer.compare(boards, m);
            let progress = MatchProgress::of(&figures);
            all.push(progress);
            let entered = |room| m.results.iter().filter(|r| r.room == room).count();
            let bye = figures.status == MatchStatus::Bye;
            MatchLine {
                table: m.table,
                home: team_label(&sheet, m.home),
                away: m.away.map(|a| team_label(&sheet, a)),
                progress,
                label: match_progress_label(t, progress),
                open: entered(crate::rules::Room::Open),
                closed: entered(crate::rules::Room::Closed),
                levels: if bye {
                    String::new()
                } else if figures.unplayed() {
                    "–".to_owned()
                } else {
                    format!(
                        "{} : {}",
                        signed(figures.home_levels),
                        signed(-figures.home_levels)
                    )
                },
                score: match figures.away_score {
                    Some(_) if figures.unplayed() => "–".to_owned(),
                    Some(away) => format!(
                        "{} : {}",
                        scoring.format(figures.home_score),
                        scoring.format(away)
                    ),
                    None => scoring.format(figures.home_score),
                },
            }
        })
        .collect();
    let position = sheet.round_numbers.iter().position(|n| *n == round);
    let rooms = super::super::tables::room_lines(
        &ctx,
        &crate::web::hall::site(&req),
        &sheet.settings,
        &links,
    );
    let release = snap.release.round(round);
    let page = OverviewPage {
        draw_held: snap.release.draw_held(round),
        progress_none: RoundProgress::of(&all) == RoundProgress::NotStarted,
        release: ReleaseLine {
            released: release.boards.len(),
            boards: release.of,
            by_director: release.by_director,
        },
        rooms,
        ctx: ctx.clone(),
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        tab: "overview",
        round,
        boards: boards.len(),
        progress: round_progress_label(t, RoundProgress::of(&all)),
        matches,
        board_lines: boards
            .iter()
            .map(|b| {
                (
                    b.number,
                    seat_label(t, b.dealer),
                    b.level.code(),
                    trump_label(t, b.trump),
                )
            })
            .collect(),
        previous: position
            .and_then(|p| p.checked_sub(1))
            .and_then(|p| sheet.round_numbers.get(p).copied()),
        next: position.and_then(|p| sheet.round_numbers.get(p + 1).copied()),
        notes: super::super::schedule::note_texts(t, &crate::clock::of(&sheet.settings), &record),
        times_in: crate::clock::times_in(t, &crate::clock::of(&sheet.settings)),
        field: super::super::field::field_extras(&snap.event, round, None, threshold, &checked, t),
    };
    render(&ctx, &page)
}
