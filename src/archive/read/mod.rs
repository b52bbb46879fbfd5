//! Reading an archive into an [`Event`], collecting every problem on the way.
//!
//! This file reads the whole archive (`parse`) and puts its rounds together; its children:
//! the CSV reader, a file's header, rows and cells with their problems (`reader`); what bad
//! rows leave unknown, so that later files are not blamed for them (`unread`); one reader
//! per file: `teams` (and `parse_teams`, a director's upload), `boards`, `schedule`,
//! `results`, `lineups`, `deals`; and the checks of a staged event's stages and knockout
//! schedule (`stages`). It re-exports `parse_teams`.

mod boards;
mod deals;
mod lineups;
mod reader;
mod results;
mod schedule;
mod stages;
mod teams;
mod unread;

use std::collections::HashMap;

use super::settings::{ParsedSettings, TOURNAMENT_TOML, parse_settings};
use super::write::{DEALS, LINEUPS};
use super::{ArchiveFiles, Problem};
use crate::input::Why;
use crate::rules::deal::Deals;
use crate::rules::{Event, Match, Round};
use boards::{Boards, read_boards};
use deals::read_deals;
use lineups::read_lineups;
use results::{Results, read_results};
use schedule::{Schedule, read_schedule};
use stages::check_stages;
pub use teams::parse_teams;
use teams::read_teams;
use unread::{Unread, hold_back_strays};

pub(super) const TEAMS: &str = "teams.csv";
pub(super) const BOARDS: &str = "boards.csv";
pub(crate) const SCHEDULE: &str = "schedule.csv";
pub(crate) const RESULTS: &str = "results.csv";

/// An archive that reads cleanly: the event, and where its slug stands for messages about
/// a slug that is already taken.
#[derive(Debug)]
pub struct Parsed {
    pub event: Event,
    pub(crate) slug_line: u64,
    /// The `teams.csv` line of each team whose members are linked to registry players,
    /// for the registry's own checks.
    pub(crate) linked_lines: Vec<(crate::rules::TeamNo, u64)>,
}

/// Reads every file of an archive. Either the whole event, or every problem found.
pub fn parse(files: &ArchiveFiles) -> Result<Parsed, Vec<Problem>> {
    let mut problems = Vec::new();
    let settings = match files.get(TOURNAMENT_TOML) {
        Some(text) => parse_settings(text).map_err(|p| problems.extend(p)).ok(),
        None => {
            problems.push(Problem::in_file(TOURNAMENT_TOML, Why::MissingFile));
            None
        }
    };
    // Deck-dependent checks need the deck count; without valid settings, skip them.
    let decks = settings.as_ref().map(|s| s.settings.decks());

    let mut unread = Unread::default();
    let teams = read_teams(files, &mut problems, &mut unread);
    let linked_lines = teams
        .iter()
        .filter(|(_, t)| t.has_links())
        .map(|(line, t)| (t.number, *line))
        .collect();
    let boards = read_boards(files, &mut problems, &mut unread);
    let schedule = read_schedule(files, &teams, &boards, &mut problems, &mut unread);
    let bands = settings.as_ref().map(|s| s.settings.band_table());
    let results = read_results(
        files,
        (decks, bands.as_ref()),
        &schedule,
        &boards,
        &mut problems,
        &unread,
    );
    let lineups = read_lineups(files, &teams, &schedule, &mut problems, &unread);
    let deals = read_deals(files, decks, &boards, &mut problems, &unread);
    hold_back_strays(&mut problems, &unread.teams, |p| match p.why {
        Why::UnknownTeam { team } => Some(((), team)),
        _ => None,
    });
    hold_back_strays(&mut problems, &unread.boards, |p| match p.why {
        Why::NoBoard { round, board } => Some((round, (round, board))),
        _ => None,
    });
    hold_back_strays(&mut problems, &unread.tables, |p| match p.why {
        Why::NoTable { round, table } => Some((round, (round, table))),
        _ => None,
    });

    // Report file by file in archive order, line by line within each file.
    let order = [
        TOURNAMENT_TOML,
        TEAMS,
        BOARDS,
        SCHEDULE,
        RESULTS,
        LINEUPS,
        DEALS,
    ];
    problems.sort_by_key(|p| (order.iter().position(|f| *f == p.file), p.line));
    match settings {
        Some(ParsedSettings {
            settings,
            slug_line,
            deal_seeds,
        }) if problems.is_empty() => {
            let mut event = Event {
                settings,
                teams: teams.into_iter().map(|(_, t)| t).collect(),
                rounds: assemble(boards, schedule, results),
                lineups: lineups.into(),
                deals: Deals {
                    seeds: deal_seeds.iter().map(|s| s.record.clone()).collect(),
                    boards: deals,
                },
            };
            event.sort();
            let mut problems = super::deal_seeds::check_deal_seeds(&deal_seeds, &event);
            problems.extend(check_stages(files, &event));
            if !problems.is_empty() {
                return Err(problems);
            }
            Ok(Parsed {
                event,
                slug_line,
                linked_lines,
            })
        }
        _ => Err(problems),
    }
}

fn assemble(boards: Boards, schedule: Schedule, mut results: Results) -> Vec<Round> {
    let mut rounds: HashMap<i32, Round> = boards
        .into_iter()
        .map(|(number, boards)| {
            (
                number,
                Round {
                    number,
                    boards,
                    matches: Vec::new().into(),
                },
            )
        })
        .collect();
    for ((r, table), (home, away)) in schedule {
        if let Some(round) = rounds.get_mut(&r) {
            round.matches.push(Match {
                table,
                home,
                away,
                results: results.remove(&(r, table)).unwrap_or_default().into(),
            });
        }
    }
    rounds.into_values().collect()
}
