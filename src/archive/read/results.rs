//! Reading `results.csv`: each result through `TableEntry::parse`, at a table and board
//! that the schedule and the boards hold.

use std::collections::HashMap;

use super::boards::{Boards, has_board};
use super::reader::{Row, read_csv};
use super::schedule::Schedule;
use super::unread::{Unread, first_seen, missing_for};
use super::{RESULTS, SCHEDULE};
use crate::archive::write::RESULT_COLUMNS;
use crate::archive::{ArchiveFiles, Problem};
use crate::input::Why;
use crate::rules::table::Origin;
use crate::rules::{Combination, Decks, EntryFigures, LastTrick, Room, TableEntry, TableResult};

/// Results by (round, table).
pub(super) type Results = HashMap<(i32, i32), Vec<TableResult>>;

pub(super) fn read_results(
    files: &ArchiveFiles,
    (decks, bands): (Option<Decks>, Option<&crate::rules::bands::BandTable>),
    schedule: &Schedule,
    boards: &Boards,
    problems: &mut Vec<Problem>,
    unread: &Unread,
) -> Results {
    let mut results = Results::new();
    // Required once there are matches (with its header only when nothing was played): an
    // archive whose results were lost on the way is not read as an event without results
    // (docs/rules.md §9). Settings and teams alone, or boards too, need no results.csv.
    if missing_for(files, RESULTS, &[SCHEDULE], problems) {
        return results;
    }
    // Every column is required, the computed ones too (their cells are not read, but for
    // a total-only row's `defender_total`).
    let Some(table) = read_csv(files, RESULTS, &RESULT_COLUMNS, &[], problems) else {
        return results;
    };
    let mut seen = HashMap::new();
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let round = row.number("round", 1);
        let table_no = row.number("table", 1);
        let room = row.required::<Room>("room");
        let board = row.number("board", 1);
        let trick_points = row.optional_number("trick_points");
        let figures = EntryFigures {
            trick_points,
            bottom_points: row.optional_number("bottom_points"),
            last_trick: row.optional::<LastTrick>("last_trick"),
            combo: row.optional::<Combination>("combo"),
            declarer_penalty: row.optional_number("declarer_penalty"),
            defender_penalty: row.optional_number("defender_penalty"),
            ruling: row.optional_number("ruling"),
            // The computed total is taken only for a total-only row.
            defender_total: if trick_points.is_none() {
                row.optional_number("defender_total")
            } else {
                None
            },
        };
        // A cell that could not be read already has its message: the rules are checked on
        // rows whose cells all read (a bad combination is not also "missing"). Without the
        // deck count (settings that did not read) no row gives a result: the archive is
        // refused anyway.
        let entry = match decks.filter(|_| row.problems.is_empty()) {
            // The director's grid's rules (docs/rules.md §3): a ruling within the band
            // table's range of s, no combination when the declarers won the last trick.
            Some(decks) => match TableEntry::parse(figures, decks, bands, Origin::Archive) {
                Ok(entry) => Some(entry),
                Err(faults) => {
                    for fault in faults {
                        row.problem(Why::from(fault.fault));
                    }
                    None
                }
            },
            None => None,
        };
        if let (Some(r), Some(t)) = (round, table_no) {
            match schedule.get(&(r, t)) {
                None if unread.tables.covers(&(r, t), &r) => {}
                None => row.problem(Why::NoTable { round: r, table: t }),
                Some((home, None)) => row.problem(Why::ByeNoResults {
                    round: r,
                    table: t,
                    team: *home,
                }),
                Some(_) => {}
            }
            if let Some(b) = board {
                if !has_board(boards, r, b) && !unread.boards.covers(&(r, b), &r) {
                    row.problem(Why::NoBoard { round: r, board: b });
                }
                if let Some(room) = room
                    && let Err(first) = first_seen(&mut seen, (r, t, room, b), *line)
                {
                    row.problem(Why::ResultTwice {
                        round: r,
                        table: t,
                        room,
                        board: b,
                        first,
                    });
                }
            }
        }
        let value = match (round, table_no, room, board, entry) {
            (Some(r), Some(t), Some(room), Some(board), Some(entry)) => {
                Some(((r, t), TableResult { room, board, entry }))
            }
            _ => None,
        };
        if let Some((key, result)) = row.finish(value, problems) {
            results.entry(key).or_default().push(result);
        }
    }
    results
}
