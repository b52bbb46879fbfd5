//! Reading `boards.csv`, and the checks other files make against its boards.

use std::collections::HashMap;

use super::reader::{Row, each_row};
use super::unread::{Unread, first_seen, has_rows, missing_for};
use super::{BOARDS, SCHEDULE};
use crate::archive::{ArchiveFiles, Problem};
use crate::input::Why;
use crate::rules::{Board, Level, Seat, Trump};

/// Boards by round number.
pub(super) type Boards = HashMap<i32, Vec<Board>>;

pub(super) fn read_boards(
    files: &ArchiveFiles,
    problems: &mut Vec<Problem>,
    unread: &mut Unread,
) -> Boards {
    // A schedule without its boards is named once, not at each of its rows.
    if missing_for(files, BOARDS, &[SCHEDULE], problems) {
        unread.boards.all = has_rows(files, SCHEDULE);
        return Boards::new();
    }
    let mut seen = HashMap::new();
    let mut lost = false;
    let (bad, rounds) = (&mut unread.boards, &mut unread.board_rounds);
    let rows = each_row(
        files,
        BOARDS,
        (&["round", "board", "dealer", "level", "trump"], &[]),
        problems,
        &mut lost,
        |row, line| {
            let round = row.number("round", 1);
            let number = row.number("board", 1);
            let dealer = row.required::<Seat>("dealer");
            let level = row.required::<Level>("level");
            let trump = row.optional::<Trump>("trump");
            if let (Some(r), Some(b)) = (round, number)
                && board_once(row, &mut seen, r, b, line)
            {
                bad.stray(r);
            }
            rounds.extend(round);
            if !row.problems.is_empty() {
                bad.bad_row(round, round.zip(number));
            }
            Some((
                round?,
                Board {
                    number: number?,
                    dealer: dealer?,
                    level: level?,
                    trump,
                },
            ))
        },
    );
    unread.boards.all |= lost;
    let mut boards: Boards = HashMap::new();
    for (r, board) in rows {
        boards.entry(r).or_default().push(board);
    }
    boards
}

/// A board named once per round in a file: its second row is a problem naming the first
/// (`true`).
pub(super) fn board_once(
    row: &mut Row<'_, '_>,
    seen: &mut HashMap<(i32, i32), u64>,
    round: i32,
    board: i32,
    line: u64,
) -> bool {
    let twice = first_seen(seen, (round, board), line);
    if let Err(first) = twice {
        row.problem(Why::BoardTwice {
            round,
            board,
            first,
        });
    }
    twice.is_err()
}

/// Whether `boards.csv` gave round `round` a board `board` (in a row that read).
pub(super) fn has_board(boards: &Boards, round: i32, board: i32) -> bool {
    boards
        .get(&round)
        .is_some_and(|bs| bs.iter().any(|x| x.number == board))
}
