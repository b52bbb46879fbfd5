//! A series' standings on paper (docs/rules.md §14): its name, what counts, and one line
//! per player, as the public series page shows them.

use super::blocks::{Align, Block, Grid, SheetPage, cols};

/// The series sheet: `title` (the series' name), `note` (what counts and which events are
/// in progress), the column titles (rank, player, events, points, Butler total) and rows.
pub fn series_page(
    title: &str,
    note: &str,
    columns: &[String],
    rows: Vec<Vec<String>>,
) -> SheetPage {
    let widths = [
        (0.7, Align::Right),
        (3.0, Align::Left),
        (0.9, Align::Right),
        (1.1, Align::Right),
        (1.1, Align::Right),
    ];
    SheetPage {
        font_size: if rows.len() <= 30 { 12.0 } else { 10.0 },
        blocks: vec![
            Block::Title(title.to_owned()),
            Block::Text(note.to_owned()),
            Block::Gap(0.3),
            Block::Grid(Grid {
                groups: Vec::new(),
                columns: cols(columns, &widths),
                rows,
                row_height: 1.5,
                total_rows: 0,
            }),
        ],
        one_page: false,
    }
}
