//! A match sheet as a PDF page: both rooms side by side.

use super::blocks::{Align, Block, Grid, SheetPage, col, cols};
use super::sides::sides_grid;
use crate::sheets::content::MatchSheet;

/// A match sheet: both rooms side by side.
pub fn match_sheet_page(s: &MatchSheet) -> SheetPage {
    use Align::*;
    let widths = [
        (1.0, Center),
        (1.0, Center),
        (1.2, Right),
        (1.0, Right),
        (1.2, Right),
        (1.2, Right),
        (1.0, Right),
        (1.2, Right),
        (1.2, Right),
        (1.2, Right),
    ];
    let columns = cols(&s.columns, &widths);
    let mut rows: Vec<Vec<String>> = s
        .lines
        .iter()
        .map(|l| l.cells().map(str::to_owned).to_vec())
        .collect();
    rows.push(s.total.cells().map(str::to_owned).to_vec());
    SheetPage {
        blocks: vec![
            Block::Title(format!("{} · {}", s.title, s.event)),
            Block::Pairs(s.facts.iter().skip(1).cloned().collect()),
            Block::Gap(0.4),
            Block::Grid(sides_grid(&s.side_columns, &[&s.home, &s.away])),
            Block::Grid(Grid {
                groups: s.groups.clone(),
                columns,
                rows,
                row_height: 1.9,
                total_rows: 1,
            }),
            Block::Grid(Grid {
                groups: Vec::new(),
                columns: vec![
                    col("", 2.0, Left),
                    col(
                        &format!("{} : {}", s.home.team_no, s.away.team_no),
                        3.0,
                        Center,
                    ),
                    col("", 5.0, Left),
                ],
                rows: s
                    .summary
                    .iter()
                    .map(|(k, v)| vec![k.clone(), v.clone(), String::new()])
                    .collect(),
                row_height: 1.8,
                total_rows: 0,
            }),
        ]
        .into_iter()
        .chain(s.notes.iter().map(|n| Block::Text(n.clone())))
        .collect(),
        font_size: 10.0,
        one_page: false,
    }
}
