//! Reading `schedule.csv`: each round's tables and who plays at them.

use std::collections::{HashMap, HashSet};

use super::boards::Boards;
use super::reader::{Row, read_csv};
use super::unread::{Unread, first_seen, missing_for};
use super::{RESULTS, SCHEDULE};
use crate::archive::write::LINEUPS;
use crate::archive::{ArchiveFiles, Problem};
use crate::input::Why;
use crate::rules::{Team, TeamNo};

/// A schedule row: (round, table) → (home, away).
pub(super) type Schedule = HashMap<(i32, i32), (TeamNo, Option<TeamNo>)>;

pub(super) fn read_schedule(
    files: &ArchiveFiles,
    teams: &[(u64, Team)],
    boards: &Boards,
    problems: &mut Vec<Problem>,
    unread: &mut Unread,
) -> Schedule {
    let mut schedule = Schedule::new();
    // Results or line-ups without their schedule: named once.
    if missing_for(files, SCHEDULE, &[RESULTS, LINEUPS], problems) {
        unread.tables.all = true;
        return schedule;
    }
    let Some(table) = read_csv(
        files,
        SCHEDULE,
        &["round", "table", "home", "away"],
        &[],
        problems,
    ) else {
        unread.tables.all = true;
        return schedule;
    };
    unread.tables.all = table.lost_rows;
    let known: HashSet<TeamNo> = teams.iter().map(|(_, t)| t.number).collect();
    let mut seen = HashMap::new();
    let mut playing: HashMap<(i32, TeamNo), u64> = HashMap::new();
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let round = row.number("round", 1);
        let table_no = row.number("table", 1);
        let home = row.number("home", 1).map(TeamNo);
        let away = row.optional_number("away").map(TeamNo);
        if let Some(r) = round
            && !boards.contains_key(&r)
            && !unread.board_rounds.contains(&r)
            && !unread.boards.all
        {
            row.problem(Why::RoundWithoutBoards { round: r });
        }
        for team in [home, away].into_iter().flatten() {
            if !known.contains(&team) && !unread.teams.covers(&team, &()) {
                row.problem(Why::UnknownTeam { team });
            }
        }
        if home.is_some() && home == away {
            row.problem(Why::PlaysItself {
                team: home.unwrap_or_default(),
            });
        }
        if let (Some(r), Some(t)) = (round, table_no) {
            let twice = first_seen(&mut seen, (r, t), *line).err();
            if let Some(first) = twice {
                row.problem(Why::TableTwice {
                    round: r,
                    table: t,
                    first,
                });
                unread.tables.stray(r);
            }
            // A team playing itself is said once (above), not also "already plays"; a
            // table listed twice is said once, its teams are not also "already playing"
            // (the row may be a copy, or another table's row with its number mistyped).
            let away = away.filter(|a| Some(*a) != home && twice.is_none());
            let home = home.filter(|_| twice.is_none());
            for team in [home, away].into_iter().flatten() {
                if let Err(first) = first_seen(&mut playing, (r, team), *line) {
                    row.problem(Why::AlreadyPlays {
                        team,
                        round: r,
                        first,
                    });
                }
            }
        }
        let value = match (round, table_no, home) {
            (Some(r), Some(t), Some(h)) => Some(((r, t), (h, away))),
            _ => None,
        };
        if !row.problems.is_empty() {
            unread.tables.bad_row(round, round.zip(table_no));
        }
        if let Some((key, teams)) = row.finish(value, problems) {
            schedule.insert(key, teams);
        }
    }
    schedule
}
