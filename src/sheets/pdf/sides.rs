//! The grid of a match's sides (seat, team, members) a score sheet and a match sheet open
//! with.

use super::blocks::{Align, Grid, col};
use crate::sheets::content::SheetSide;

pub(super) fn sides_grid(titles: &[String], sides: &[&SheetSide]) -> Grid {
    let t = |i: usize| titles.get(i).map_or("", String::as_str);
    Grid {
        groups: Vec::new(),
        columns: vec![
            col(t(0), 1.0, Align::Center),
            col(t(1), 4.0, Align::Left),
            col(t(2), 7.0, Align::Left),
        ],
        rows: sides
            .iter()
            .map(|s| {
                let role = if s.role.is_empty() || s.role == s.label {
                    String::new()
                } else {
                    format!(" ({})", s.role)
                };
                vec![
                    s.label.clone(),
                    format!("{} {}{role}", s.team_no, s.team),
                    s.members.join(" · "),
                ]
            })
            .collect(),
        row_height: 1.8,
        total_rows: 0,
    }
}
