//! A score sheet as a PDF page: one match in one room.

use super::blocks::{Align, Block, Grid, SheetPage, cols};
use super::sides::sides_grid;
use crate::sheets::content::ScoreSheet;

/// A score sheet: one match in one room.
pub(crate) fn score_sheet_page(s: &ScoreSheet) -> SheetPage {
    use Align::*;
    let widths = [
        (0.8, Center),
        (1.2, Center),
        (0.8, Center),
        (0.9, Center),
        (1.1, Right),
        (0.9, Right),
        (1.5, Center),
        (1.5, Center),
        (1.0, Right),
        (1.0, Right),
        (1.2, Right),
        (2.9, Left),
        (1.2, Right),
    ];
    let columns = cols(&s.columns, &widths);
    SheetPage {
        blocks: vec![
            Block::Title(format!("{} · {}", s.title, s.event)),
            Block::Pairs(s.facts.iter().skip(1).cloned().collect()),
            Block::Gap(0.4),
            Block::Grid(sides_grid(&s.side_columns, &[&s.sides[0], &s.sides[1]])),
            Block::Grid(Grid {
                groups: Vec::new(),
                columns,
                rows: s
                    .lines
                    .iter()
                    .map(|l| l.cells().map(str::to_owned).to_vec())
                    .collect(),
                row_height: if s.filled { 2.0 } else { 2.6 },
                total_rows: 0,
            }),
            Block::Gap(1.0),
            Block::Signatures(s.signatures.clone()),
        ],
        font_size: 9.0,
        one_page: false,
    }
}
