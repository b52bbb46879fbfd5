//! The boards a table posts, read with the rules core: the table's fields only.

use std::collections::HashMap;

use super::TABLE_FIELDS;
use crate::db::RoundSheet;
use crate::input::{SheetError, SheetRow};
use crate::rules::TableEntry;

/// The combination of a row as the table's select names it: `tractor:3`.
pub(super) fn combo_value(row: &SheetRow) -> String {
    let kind = row.combo.trim();
    match kind {
        "tractor" | "titanic" if !kind.contains(':') => {
            let l = row.combo_length.trim();
            format!("{kind}:{}", if l.is_empty() { "2" } else { l })
        }
        _ => kind.to_owned(),
    }
}

/// Each board's entry as typed (`None`: blank).
pub(super) type TypedBoards = Vec<(i32, Option<TableEntry>)>;
/// A problem with a board's field.
pub(super) type BoardError = (i32, SheetError);

/// Reads the posted boards: each board's entry or every problem.
pub(super) fn read_boards(
    sheet: &RoundSheet,
    form: &HashMap<String, String>,
) -> Result<TypedBoards, Vec<BoardError>> {
    let decks = sheet.settings.decks();
    let bands = sheet.settings.band_table();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for board in &sheet.round.boards {
        let row = typed_row(form, board.number);
        match row.parse(decks, &bands) {
            Ok(e) => out.push((board.number, e)),
            Err(problems) => errors.extend(problems.into_iter().map(|e| (board.number, e))),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// A board's row from the form, the table's fields only. The page shows the declarers'
/// last trick chosen on every board not typed yet: that choice alone is a blank board.
pub(super) fn typed_row(form: &HashMap<String, String>, board: i32) -> SheetRow {
    let mut row = SheetRow::from_fields(|f| {
        if TABLE_FIELDS.contains(&f) {
            form.get(&format!("{board}-{f}")).map(String::as_str)
        } else {
            None
        }
    });
    if row.last_trick.trim() == "declarer" {
        let rest = SheetRow {
            last_trick: String::new(),
            ..row.clone()
        };
        if rest.is_blank() {
            row = rest;
        }
    }
    row
}
