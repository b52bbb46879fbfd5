//! Reading the optional `deals.csv`.

use std::collections::HashMap;

use super::boards::{Boards, board_once, has_board};
use super::reader::each_row;
use super::unread::Unread;
use crate::archive::write::{DEAL_COLUMNS, DEALS};
use crate::archive::{ArchiveFiles, Problem};
use crate::input::{Why, clip};
use crate::rules::Decks;
use crate::rules::deal::{BoardDeal, Card, Deal, format_cards};

/// Reads the optional `deals.csv`: each row the cards of one board of `boards.csv`, a whole
/// deal of the tournament's deck count.
pub(super) fn read_deals(
    files: &ArchiveFiles,
    decks: Option<Decks>,
    boards: &Boards,
    problems: &mut Vec<Problem>,
    unread: &Unread,
) -> Vec<BoardDeal> {
    let mut seen = HashMap::new();
    let mut lost = false;
    let columns = (&DEAL_COLUMNS[..], &[][..]);
    each_row(files, DEALS, columns, problems, &mut lost, |row, line| {
        let round = row.number("round", 1);
        let board = row.number("board", 1);
        if let (Some(r), Some(b)) = (round, board) {
            if !has_board(boards, r, b) && !unread.boards.covers(&(r, b), &r) {
                row.problem(Why::NoBoard { round: r, board: b });
            }
            board_once(row, &mut seen, r, b, line);
        }
        let mut parts = Vec::with_capacity(5);
        for column in &DEAL_COLUMNS[2..] {
            let mut cards = Vec::new();
            let mut bad = false;
            for word in row.raw(column).split_whitespace() {
                match word.parse::<Card>() {
                    Ok(card) => cards.push(card),
                    Err(_) => {
                        bad = true;
                        row.problem(Why::BadCard {
                            column: (*column).to_owned(),
                            card: clip(word),
                        })
                    }
                }
            }
            // The cards as the export writes them: one space between two cards.
            if !bad {
                row.canonical(column, format_cards(&cards));
            }
            parts.push(cards);
        }
        let mut deal = None;
        if let (Some(decks), true) = (decks, row.problems.is_empty()) {
            let bottom = parts.pop().unwrap_or_default();
            let hands: [Vec<Card>; 4] = std::array::from_fn(|i| std::mem::take(&mut parts[i]));
            match Deal::new(decks, hands, bottom) {
                Ok(d) => deal = Some(d),
                Err(e) => row.problem(Why::Deal(e)),
            }
        }
        Some(BoardDeal {
            round: round?,
            board: board?,
            deal: deal?,
        })
    })
}
