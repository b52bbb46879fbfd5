//! The round's results and the standings as one PDF page in large type.

use super::blocks::{Align, Block, Grid, SheetPage, cols};
use crate::sheets::content::StandingsSheet;

/// The round's results and the standings, in large type on one page.
pub fn standings_page(s: &StandingsSheet) -> SheetPage {
    use Align::*;
    let widths = [
        (1.0, Center),
        (0.7, Center),
        (3.9, Left),
        (3.4, Left),
        (1.5, Right),
        (1.4, Right),
        (1.0, Center),
        (1.5, Center),
        (1.5, Right),
        (1.5, Right),
        (1.4, Right),
    ];
    let columns = cols(&s.columns, &widths);
    SheetPage {
        blocks: vec![
            Block::Title(format!("{} · {}", s.title, s.subtitle)),
            Block::Text(s.event.clone()),
            Block::Gap(0.3),
            Block::Grid(Grid {
                groups: s.groups.clone(),
                columns,
                rows: s
                    .lines
                    .iter()
                    .map(|l| l.cells().map(str::to_owned).to_vec())
                    .collect(),
                row_height: 1.45,
                total_rows: 0,
            }),
        ],
        font_size: 14.0,
        one_page: true,
    }
}
