//! The round overview (`GET /d/{slug}/rounds/{n}`): every match's progress and figures,
//! the boards, the schedule's notes, flagged results and, for directors, the table links.

use std::collections::HashMap;

use actix_web::HttpResponse;
use actix_web::web;
use askama::Template;

use crate::db::schedule::RoundRecord;
use crate::db::table::RoomLink;
use crate::db::{self, RoundSheet};
use crate::figures::signed;
use crate::rules::{Board, Match, MatchProgress, MatchStatus, RoundProgress, Scorer};
use crate::web::i18n::Tr;
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
    /// The pages of matches, when there is more than one.
    pages: Vec<PageLink>,
}

/// How many matches one page of the overview lists: a director reads a round of a large
/// event a page at a time (`?page=2`), and the page costs the same whatever the size.
pub(crate) const MATCHES_PER_PAGE: usize = 100;

/// `?page=N` (from 1) of the overview.
#[derive(Debug, serde::Deserialize)]
pub(super) struct OverviewQuery {
    page: Option<String>,
}

/// One page of matches in the overview's list of pages.
#[derive(Debug)]
struct PageLink {
    number: usize,
    /// The tables it lists, "1–100".
    tables: String,
    current: bool,
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
    query: web::Query<OverviewQuery>,
) -> Result<HttpResponse, AppError> {
    let round = at.round;
    let snap = at.tour.snapshot(&state).await?;
    let sheet = RoundSheet::of_event(&snap.event, round).ok_or_else(AppError::not_found)?;
    let page_count = sheet.round.matches.len().div_ceil(MATCHES_PER_PAGE).max(1);
    let page = page_asked(&query, page_count)?;
    let shown =
        (page - 1) * MATCHES_PER_PAGE..(page * MATCHES_PER_PAGE).min(sheet.round.matches.len());
    let shown_tables: std::collections::HashSet<i32> = sheet.round.matches[shown.clone()]
        .iter()
        .map(|m| m.table)
        .collect();
    // The links are the director's: a scorer reading this page does not see them.
    let with_links = sheet.settings.table.entry && at.tour.directs();
    let (record, (threshold, checked), links) = round_records(&state, &at, with_links).await?;
    let t = &ctx.t;
    let scorer = Scorer::new(&sheet.settings);
    let boards = &sheet.round.boards;
    // The round's progress from the snapshot's figures of every match; the lines of this
    // page's matches only.
    let all: Vec<MatchProgress> = snap
        .report
        .matches
        .iter()
        .filter(|m| m.round == round)
        .map(|m| MatchProgress::of(&m.figures))
        .collect();
    let matches = sheet.round.matches[shown]
        .iter()
        .map(|m| match_line(t, &scorer, &sheet, m))
        .collect();
    let position = sheet.round_numbers.iter().position(|n| *n == round);
    let links: Vec<_> = links
        .into_iter()
        .filter(|l| shown_tables.contains(&l.table))
        .collect();
    let rooms = super::super::tables::room_lines(
        &ctx,
        &crate::web::hall::site(&req),
        &sheet.settings,
        &links,
    );
    let release = snap.release.round(round);
    let page = OverviewPage {
        pages: page_links(&sheet, page_count, page),
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
        board_lines: board_lines(t, boards),
        previous: position
            .and_then(|p| p.checked_sub(1))
            .and_then(|p| sheet.round_numbers.get(p).copied()),
        next: position.and_then(|p| sheet.round_numbers.get(p + 1).copied()),
        notes: super::super::schedule::note_texts(t, &crate::clock::of(&sheet.settings), &record),
        times_in: crate::clock::times_in(t, &crate::clock::of(&sheet.settings)),
        field: super::super::field::snapshot_extras(&snap, round, None, threshold, &checked, t),
    };
    render(&ctx, &page)
}

/// The page of matches asked for (`?page=N`, the first when none): one that is not a
/// number or beyond the last of `page_count` is not there.
fn page_asked(query: &OverviewQuery, page_count: usize) -> Result<usize, AppError> {
    match query.page.as_deref() {
        None => Ok(1),
        Some(p) => p
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|p| (1..=page_count).contains(p))
            .ok_or_else(AppError::not_found),
    }
}

/// What the snapshot does not hold, read in one call: the schedule's record of the round,
/// the flags, and (`with_links`) the round's table links.
async fn round_records(
    state: &AppState,
    at: &RoundAt,
    with_links: bool,
) -> Result<(RoundRecord, (i32, HashMap<String, String>), Vec<RoomLink>), AppError> {
    let (key, round) = (at.tour.slug.clone(), at.round);
    with_db(state, move |conn| {
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
    .await
}

/// A match's line: its teams, how far it is, how many boards each room has entered, and
/// its levels and score ("–" before any board is compared, nothing for a bye's levels).
fn match_line(t: &Tr, scorer: &Scorer, sheet: &RoundSheet, m: &Match) -> MatchLine {
    let scoring = &sheet.settings.scoring;
    let figures = scorer.compare(&sheet.round.boards, m);
    let progress = MatchProgress::of(&figures);
    let entered = |room| m.results.iter().filter(|r| r.room == room).count();
    let bye = figures.status == MatchStatus::Bye;
    MatchLine {
        table: m.table,
        home: team_label(sheet, m.home),
        away: m.away.map(|a| team_label(sheet, a)),
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
                crate::figures::typographic_minus(scoring.format(figures.home_score)),
                crate::figures::typographic_minus(scoring.format(away))
            ),
            None => crate::figures::typographic_minus(scoring.format(figures.home_score)),
        },
    }
}

/// The list of pages of matches with the tables each lists, `page` marked; none when the
/// round fits on one page.
fn page_links(sheet: &RoundSheet, page_count: usize, page: usize) -> Vec<PageLink> {
    if page_count <= 1 {
        return Vec::new();
    }
    let matches = &sheet.round.matches;
    (1..=page_count)
        .map(|number| {
            let first = (number - 1) * MATCHES_PER_PAGE;
            let last = (number * MATCHES_PER_PAGE).min(matches.len()) - 1;
            PageLink {
                number,
                tables: format!("{}–{}", matches[first].table, matches[last].table),
                current: number == page,
            }
        })
        .collect()
}

/// The round's boards: number, dealer, level and trump.
fn board_lines(t: &Tr, boards: &[Board]) -> Vec<(i32, String, &'static str, String)> {
    boards
        .iter()
        .map(|b| {
            (
                b.number,
                seat_label(t, b.dealer),
                b.level.code(),
                trump_label(t, b.trump),
            )
        })
        .collect()
}
