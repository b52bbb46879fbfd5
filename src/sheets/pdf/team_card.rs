//! A team card as PDF pages: a summary of every match, then each match board by board.

use super::blocks::{Align, Block, Grid, SheetPage, col};
use crate::sheets::content::TeamCard;

/// A team card: a summary of every match, then each match board by board.
pub(crate) fn team_card_page(c: &TeamCard) -> SheetPage {
    use Align::*;
    let mut blocks = vec![
        Block::Title(format!("{} · {} {}", c.title, c.team_no, c.team)),
        Block::Text(c.event.clone()),
        Block::Text(c.members.join(" · ")),
        Block::Gap(0.4),
    ];
    let t = |i: usize| c.summary_columns.get(i).map_or("", String::as_str);
    blocks.push(Block::Grid(Grid {
        groups: Vec::new(),
        columns: vec![
            col(t(0), 1.0, Center),
            col(t(1), 1.0, Center),
            col(t(2), 5.0, Left),
            col(t(3), 1.4, Right),
            col(t(4), 1.4, Right),
            col(t(5), 1.4, Right),
            col(t(6), 1.8, Center),
        ],
        rows: c.matches.iter().map(|m| m.summary_cells()).collect(),
        row_height: 1.7,
        total_rows: 0,
    }));
    let t = |i: usize| c.columns.get(i).map_or("", String::as_str);
    for m in c.matches.iter().filter(|m| !m.bye) {
        blocks.push(Block::Text(m.heading.clone()));
        blocks.push(Block::Grid(Grid {
            groups: Vec::new(),
            columns: vec![
                col(t(0), 1.0, Center),
                col(t(1), 1.0, Right),
                col(t(2), 1.0, Right),
                col(t(3), 1.0, Right),
                col(t(4), 1.0, Right),
            ],
            rows: m
                .lines
                .iter()
                .map(|l| l.cells().map(str::to_owned).to_vec())
                .collect(),
            row_height: 1.5,
            total_rows: 0,
        }));
    }
    SheetPage {
        blocks,
        font_size: 9.0,
        one_page: false,
    }
}
