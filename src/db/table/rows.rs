//! A room's entry as stored (`table_entries`): the row, the entry as the pages read it
//! ([`Pending`]), its cells and flags as text, and the room as the state machine knows it.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbError;
use crate::db::connection::DbConnection;
use crate::db::schema::{matches, table_entries};
use crate::input::{SHEET_FIELDS, SheetRow};
use crate::rules::bands::BandTable;
use crate::rules::room_state::{Bind, EntryState, RoomEntry, Side};
use crate::rules::{Decks, Room, TableEntry, TableResult};

/// What a device's cookie is stored as: its SHA-256, so that the database holds nothing a
/// device could be impersonated with.
pub(super) fn device_key(token: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = table_entries)]
pub(super) struct EntryRow {
    pub(super) id: i32,
    pub(super) match_id: i32,
    pub(super) room: String,
    pub(super) state: String,
    pub(super) entered_by: String,
    pub(super) confirmed_by: Option<String>,
    pub(super) cells: String,
    pub(super) flagged: String,
    pub(super) note: String,
    pub(super) submission: String,
    pub(super) saves: i32,
    pub(super) address: String,
    pub(super) entered_at: NaiveDateTime,
    pub(super) updated_at: NaiveDateTime,
    pub(super) confirmed_at: Option<NaiveDateTime>,
    pub(super) code_failures: i32,
    pub(super) approved_at: Option<NaiveDateTime>,
    pub(super) device: Option<String>,
    pub(super) confirm_device: Option<String>,
}

/// A room's entry as the table made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub state: EntryState,
    pub entered_by: Side,
    pub confirmed_by: Option<Side>,
    /// The typed rows by board, as the form shows them.
    pub cells: Vec<(i32, SheetRow)>,
    /// Boards marked "call the director".
    pub flagged: Vec<i32>,
    pub note: String,
    /// How many different entries the table has saved.
    pub saves: i32,
    pub address: String,
    /// When the entry as it stands was saved (a later save of other figures moves it; a
    /// confirmation, a call or the director's answer does not).
    pub entered_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub confirmed_at: Option<NaiveDateTime>,
    /// When the director approved the room (cleared again when it is entered anew).
    pub approved_at: Option<NaiveDateTime>,
    /// Wrong team codes sent to the room this round (saves, confirmations and looks
    /// together; never reset).
    pub code_failures: i32,
    /// The devices bound to the entry (their keys): the one that saved it, and the one on
    /// which the other side gave its code.
    device: Option<String>,
    confirm_device: Option<String>,
}

impl Pending {
    /// How the device whose cookie is `token` is bound to the entry, if it is.
    pub(crate) fn bound_as(&self, token: &str) -> Option<Bind> {
        if token.is_empty() {
            return None;
        }
        let key = device_key(token);
        if self.device.as_deref() == Some(key.as_str()) {
            Some(Bind::Entering)
        } else if self.confirm_device.as_deref() == Some(key.as_str()) {
            Some(Bind::Confirming)
        } else {
            None
        }
    }

    /// Whether the entry has been saved (a room whose only row counts wrong codes has
    /// not).
    pub fn entered(&self) -> bool {
        self.state != EntryState::NotStarted
    }

    pub fn row(&self, board: i32) -> Option<&SheetRow> {
        self.cells.iter().find(|(b, _)| *b == board).map(|(_, r)| r)
    }

    /// Whether the entry holds a row for every board of `boards` (the round's) and no
    /// other: only a whole entry becomes a room's results.
    pub fn complete(&self, boards: &[i32]) -> bool {
        self.cells.len() == boards.len() && boards.iter().all(|b| self.row(*b).is_some())
    }

    /// The entered rows as results of `room`, read by the one validation of a result (an
    /// empty row gives none), or the boards whose row no longer passes it under `decks` and
    /// `bands` (a setting changed after the table typed it).
    pub fn results(
        &self,
        room: Room,
        decks: Decks,
        bands: &BandTable,
    ) -> Result<Vec<TableResult>, Vec<i32>> {
        let mut results = Vec::new();
        let mut invalid = Vec::new();
        for (board, row) in &self.cells {
            match row.parse(decks, bands) {
                Ok(Some(entry)) => results.push(TableResult {
                    room,
                    board: *board,
                    entry,
                }),
                Ok(None) => {}
                Err(_) => invalid.push(*board),
            }
        }
        if invalid.is_empty() {
            Ok(results)
        } else {
            Err(invalid)
        }
    }
}

/// One board's row as stored text: `3 trick_points=60 last_trick=declarer`.
pub(super) fn cells_text(cells: &[(i32, TableEntry)]) -> String {
    cells
        .iter()
        .map(|(board, entry)| format!("{board} {}", crate::db::audit::entry_text(entry)))
        .collect::<Vec<_>>()
        .join("\n")
}

fn read_cells(text: &str) -> Vec<(i32, SheetRow)> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.split_whitespace();
            let board = parts.next()?.parse::<i32>().ok()?;
            let pairs: HashMap<&str, &str> = parts.filter_map(|p| p.split_once('=')).collect();
            Some((
                board,
                SheetRow::from_fields(|f| {
                    SHEET_FIELDS
                        .contains(&f)
                        .then(|| pairs.get(f).copied())
                        .flatten()
                }),
            ))
        })
        .collect()
}

pub(super) fn flagged_text(boards: &[i32]) -> String {
    boards
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The stored state of an entry row; a text that names no state is a damaged row.
pub(super) fn state_of(row: &EntryRow) -> Result<EntryState, DbError> {
    EntryState::parse(&row.state).ok_or_else(|| {
        DbError::corrupt(
            "table_entries",
            row.id,
            "state",
            format!("\"{}\" is no state", row.state),
        )
    })
}

/// The room as the state machine knows it.
pub(super) fn room_entry(row: Option<&EntryRow>) -> Result<RoomEntry, DbError> {
    Ok(match row {
        None => RoomEntry::NEW,
        Some(row) => RoomEntry {
            state: state_of(row)?,
            entered_by: Side::parse(&row.entered_by),
            code_failures: row.code_failures,
            flagged: !row.flagged.trim().is_empty(),
        },
    })
}

pub(super) fn pending_of(row: EntryRow) -> Result<Pending, DbError> {
    let state = state_of(&row)?;
    Ok(Pending {
        state,
        entered_by: Side::parse(&row.entered_by).unwrap_or(Side::NorthSouth),
        confirmed_by: row.confirmed_by.as_deref().and_then(Side::parse),
        cells: read_cells(&row.cells),
        flagged: row
            .flagged
            .split(',')
            .filter_map(|b| b.trim().parse().ok())
            .collect(),
        note: row.note,
        saves: row.saves,
        address: row.address,
        entered_at: row.entered_at,
        updated_at: row.updated_at,
        confirmed_at: row.confirmed_at,
        approved_at: row.approved_at,
        code_failures: row.code_failures,
        device: row.device,
        confirm_device: row.confirm_device,
    })
}

pub(super) fn entry_row(
    conn: &mut DbConnection,
    match_id: i32,
    room: Room,
) -> Result<Option<EntryRow>, DbError> {
    Ok(table_entries::table
        .filter(table_entries::match_id.eq(match_id))
        .filter(table_entries::room.eq(room.code()))
        .select(EntryRow::as_select())
        .first(conn)
        .optional()?)
}

/// The entry of one room, if the table has made one.
pub fn pending(
    conn: &mut DbConnection,
    match_id: i32,
    room: Room,
) -> Result<Option<Pending>, DbError> {
    entry_row(conn, match_id, room)?.map(pending_of).transpose()
}

/// The match's results with `mine` as the results of `room`: the other room's stay.
pub(super) fn with_room_results(
    m: &crate::rules::Match,
    room: Room,
    mine: Vec<TableResult>,
) -> Vec<TableResult> {
    let mut results: Vec<TableResult> = m
        .results
        .iter()
        .filter(|r| r.room != room)
        .cloned()
        .collect();
    results.extend(mine);
    results
}

/// The stored version of match `match_id`, for the save's version check.
pub(super) fn stored_version(conn: &mut DbConnection, match_id: i32) -> Result<i32, DbError> {
    Ok(matches::table
        .find(match_id)
        .select(matches::version)
        .first(conn)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_through_their_text() {
        let row = SheetRow {
            trick_points: "60".into(),
            bottom_points: "15".into(),
            last_trick: "defenders".into(),
            combo: "tractor".into(),
            combo_length: "3".into(),
            ..SheetRow::default()
        };
        let bands = BandTable::preset(Decks::Two, crate::rules::bands::Preset::Standard).unwrap();
        let entry = row.parse(Decks::Two, &bands).unwrap().unwrap();
        let text = cells_text(&[(3, entry)]);
        assert_eq!(
            text,
            "3 trick_points=60 bottom_points=15 last_trick=defenders combo=tractor combo_length=3"
        );
        assert_eq!(read_cells(&text), vec![(3, row)]);
    }
}
