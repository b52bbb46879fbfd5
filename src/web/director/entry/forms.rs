//! The posted score sheet of a match, read into results: raw fields in, the rules' rows
//! out, or every problem keyed by its field name.

use std::collections::HashMap;

use crate::db::RoundSheet;
use crate::input::{SheetError, SheetRow};
use crate::rules::{Room, TableResult};

/// The rooms in score-sheet order, with the letter that starts their field names.
pub(super) const ROOMS: [(Room, &str); 2] = [(Room::Open, "o"), (Room::Closed, "c")];

pub(super) fn field_name(key: &str, board: i32, field: &str) -> String {
    format!("{key}{board}-{field}")
}

/// A problem with one field of the posted sheet: its field name, room and board.
pub(super) type Misentry = (String, Room, i32, SheetError);

/// Reads every row of the posted sheet: the results to save, or every error keyed by
/// field name.
pub(super) fn read_sheet(
    sheet: &RoundSheet,
    form: &HashMap<String, String>,
) -> Result<Vec<TableResult>, Vec<Misentry>> {
    let decks = sheet.settings.decks();
    let bands = sheet.settings.band_table();
    let mut results = Vec::new();
    let mut errors = Vec::new();
    for (room, key) in ROOMS {
        for board in &sheet.round.boards {
            let row = SheetRow::from_fields(|f| {
                form.get(&field_name(key, board.number, f))
                    .map(String::as_str)
            });
            match row.parse(decks, &bands) {
                Ok(Some(entry)) => results.push(TableResult {
                    room,
                    board: board.number,
                    entry,
                }),
                Ok(None) => {}
                Err(problems) => errors.extend(problems.into_iter().map(|e| {
                    (
                        field_name(key, board.number, e.field),
                        room,
                        board.number,
                        e,
                    )
                })),
            }
        }
    }
    if errors.is_empty() {
        Ok(results)
    } else {
        Err(errors)
    }
}
