//! What a table does with its room: save its entry (with who sits), mark boards "call the
//! director", give a code to see the entry, and confirm it. Each asks the state machine
//! (`rules::room_state`) and stores what it answers, in one write transaction.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::links::{Credential, TableRoom, codes_match};
use super::rows::{
    EntryRow, Pending, cells_text, device_key, entry_row, flagged_text, pending_of, room_entry,
    stored_version, with_room_results,
};
use crate::db::connection::DbConnection;
use crate::db::rounds::{MatchSave, load_round, save_match_results_as};
use crate::db::schema::table_entries;
use crate::db::{DbError, now};
use crate::rules::room_state::{
    self, Bind, Closed, EntryState, Gate, Proof, Refusal, RoomEntry, RoomEvent, Side,
};
use crate::rules::{Room, TableEntry, TeamNo};

/// Whether the room has a stored result (from the desk or a confirmation).
fn room_has_results(conn: &mut DbConnection, match_id: i32, room: Room) -> Result<bool, DbError> {
    use crate::db::schema::table_results;
    let n: i64 = table_results::table
        .filter(table_results::match_id.eq(match_id))
        .filter(table_results::room.eq(room.code()))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// What the state machine needs to know of the room besides its entry.
fn gate(conn: &mut DbConnection, room: &TableRoom) -> Result<Gate, DbError> {
    Ok(Gate {
        table_entry: room.table_entry,
        locked: room.round_locked,
        has_results: room_has_results(conn, room.match_id, room.room)?,
    })
}

/// The room as the state machine knows it, and its gate: what a page asks the machine
/// about (what the room shows, whether it takes its table, what a device is offered).
pub fn standing(conn: &mut DbConnection, room: &TableRoom) -> Result<(RoomEntry, Gate), DbError> {
    let gate = gate(conn, room)?;
    let row = entry_row(conn, room.match_id, room.room)?;
    Ok((room_entry(row.as_ref())?, gate))
}

/// What became of a table's save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableSave {
    Saved,
    /// The same submission or the same content again: nothing changed.
    Unchanged,
    Closed(Closed),
    /// Nothing was saved: no code, or a wrong one (counted).
    Refused(Refusal),
}

/// The side a request speaks for, by its code or its device ([`room_state::Proof`]).
fn proof(room: &TableRoom, row: Option<&EntryRow>, credential: Credential) -> Proof {
    let typed: String = credential
        .code
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if !typed.is_empty() {
        return [Side::NorthSouth, Side::EastWest]
            .into_iter()
            .find(|side| codes_match(room.code(*side), &typed))
            .map_or(Proof::WrongCode, Proof::Code);
    }
    if credential.device.is_empty() {
        return Proof::Nothing;
    }
    let key = device_key(credential.device);
    match row {
        Some(r) if r.device.as_deref() == Some(key.as_str()) => Proof::EnteringDevice,
        Some(r) if r.confirm_device.as_deref() == Some(key.as_str()) => Proof::ConfirmingDevice,
        _ => Proof::Nothing,
    }
}

/// Saves what the table typed for its room: every board's entry (`None`: blank), by the
/// side the credential shows. Complete (every board entered) it waits for the opponents.
pub fn save_entry(
    conn: &mut DbConnection,
    room: &TableRoom,
    credential: Credential,
    cells: &[(i32, Option<TableEntry>)],
    submission: &str,
    address: &str,
) -> Result<TableSave, DbError> {
    save_entry_seated(conn, room, credential, (cells, &[]), submission, address)
}

/// A board as the table typed it: its number and its entry (`None`: blank).
pub type Cell = (i32, Option<TableEntry>);

/// One team's pair in a room: `players[0]` North or East.
pub(crate) type SeatedPair = (TeamNo, [String; 2]);

/// [`save_entry`] with who sits: each team's pair in this room (`players[0]` North or
/// East), stored as the room's line-ups in the same transaction and under the same
/// [`RoomEvent::Saved`] (a room closed to the table takes neither), with an audit row
/// `table link 4: open room seated by NS from 10.0.0.7` per changed pair. The side that
/// saves is the one whose team code was typed, or the one the device is bound to; a wrong
/// code saves nothing and is counted.
pub(crate) fn save_entry_seated(
    conn: &mut DbConnection,
    room: &TableRoom,
    credential: Credential,
    (cells, seated): (&[Cell], &[SeatedPair]),
    submission: &str,
    address: &str,
) -> Result<TableSave, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let entered: Vec<(i32, TableEntry)> = cells
            .iter()
            .filter_map(|(b, e)| e.clone().map(|e| (*b, e)))
            .collect();
        let complete = entered.len() == cells.len() && !cells.is_empty();
        let stored = entry_row(conn, room.match_id, room.room)?;
        let before = room_entry(stored.as_ref())?;
        let event = RoomEvent::Saved {
            proof: proof(room, stored.as_ref(), credential),
            complete,
        };
        let outcome = match room_state::apply(&before, gate(conn, room)?, event) {
            Ok(outcome) => outcome,
            Err(Refusal::Closed(why)) => return Ok(TableSave::Closed(why)),
            Err(other) => return Ok(TableSave::Refused(other)),
        };
        if let Some(refused) = outcome.refused {
            count_refused(conn, room, stored.as_ref(), outcome.next())?;
            return Ok(TableSave::Refused(refused));
        }
        let next = outcome.next();
        let side = next.entered_by.unwrap_or(Side::NorthSouth);
        let text = cells_text(&entered);
        let who = format!(
            "table link {}: {} room seated by {} from {}",
            room.link_id,
            room.room.code(),
            side.upper(),
            if address.is_empty() { "?" } else { address },
        );
        let reseated = crate::db::field::replace_room_lineups(
            conn,
            room.tournament_id,
            (room.round, room.table, room.match_id),
            room.room,
            seated,
            &who,
        )?;
        let device = device_key(credential.device);
        match stored {
            Some(row) if row.state != EntryState::NotStarted.code() => {
                let resent = !submission.is_empty() && row.submission == submission;
                if resent || (row.cells == text && row.entered_by == side.code()) {
                    bind_device(conn, &row, outcome.transition.bind, side, &device)?;
                    // The same entry, but the machine may still move the room: one sent
                    // back and saved as it was waits for the opponents again.
                    let moved = !resent && saved_again(conn, &row, next.state)?;
                    if reseated || moved {
                        crate::db::revision::bump(conn, room.tournament_id)?;
                        return Ok(TableSave::Saved);
                    }
                    return Ok(TableSave::Unchanged);
                }
                resave_entry(conn, &row, &next, &text, (submission, address))?;
                bind_device(conn, &row, outcome.transition.bind, side, &device)?;
            }
            stored => {
                let counted = stored.as_ref().map(|r| r.id);
                let row = first_entry(conn, room, counted, &next, &text, (submission, address))?;
                bind_device(conn, &row, outcome.transition.bind, side, &device)?;
            }
        }
        // The director's round page shows each room's state live.
        crate::db::revision::bump(conn, room.tournament_id)?;
        Ok(TableSave::Saved)
    })
}

/// The room's entry (`row`) saved again as it was, into `state`: when that is another
/// state it is stored, and a confirmation or an approval the entry had is gone, as with any
/// save; whether it was.
fn saved_again(
    conn: &mut DbConnection,
    row: &EntryRow,
    state: EntryState,
) -> Result<bool, DbError> {
    if row.state == state.code() {
        return Ok(false);
    }
    diesel::update(table_entries::table.find(row.id))
        .set((
            table_entries::state.eq(state.code()),
            table_entries::confirmed_by.eq(None::<String>),
            table_entries::confirmed_at.eq(None::<NaiveDateTime>),
            table_entries::approved_at.eq(None::<NaiveDateTime>),
            table_entries::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(true)
}

/// Binds the device whose key is `device` to the entry (`row`) as `bind` says: the
/// entering device (the confirming one is forgotten when the side that entered changed),
/// or the confirming one.
fn bind_device(
    conn: &mut DbConnection,
    row: &EntryRow,
    bind: Option<Bind>,
    side: Side,
    device: &str,
) -> Result<(), DbError> {
    let target = table_entries::table.find(row.id);
    match bind {
        None => {}
        Some(Bind::Entering) => {
            let confirming = if row.entered_by == side.code() {
                row.confirm_device.clone()
            } else {
                None
            };
            // The device that now enters is no longer the confirming one.
            let confirming = confirming.filter(|c| c != device);
            diesel::update(target)
                .set((
                    table_entries::device.eq(Some(device)),
                    table_entries::confirm_device.eq(confirming),
                ))
                .execute(conn)?;
        }
        Some(Bind::Confirming) => {
            diesel::update(target)
                .set(table_entries::confirm_device.eq(Some(device)))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// Stores a new save over the room's entry (`row`): the state it leads to (`next`, with
/// the side that entered), its cells `text`, one save more; a confirmation or an approval
/// the entry had is gone.
fn resave_entry(
    conn: &mut DbConnection,
    row: &EntryRow,
    next: &RoomEntry,
    text: &str,
    (submission, address): (&str, &str),
) -> Result<(), DbError> {
    let at = now();
    let side = next.entered_by.map_or("", Side::code);
    diesel::update(table_entries::table.find(row.id))
        .set((
            table_entries::state.eq(next.state.code()),
            table_entries::entered_by.eq(side),
            table_entries::confirmed_by.eq(None::<String>),
            table_entries::code_failures.eq(next.code_failures),
            table_entries::cells.eq(text),
            table_entries::submission.eq(submission),
            table_entries::saves.eq(row.saves + 1),
            table_entries::address.eq(address),
            table_entries::entered_at.eq(at),
            table_entries::updated_at.eq(at),
            table_entries::confirmed_at.eq(None::<NaiveDateTime>),
            table_entries::approved_at.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)?;
    Ok(())
}

/// Stores the room's first entry (`next`: its state and the side that entered), its cells
/// `text`, no flags and no note; over the row that counted wrong codes (`counted`) when
/// there is one. Returns the row as stored.
fn first_entry(
    conn: &mut DbConnection,
    room: &TableRoom,
    counted: Option<i32>,
    next: &RoomEntry,
    text: &str,
    (submission, address): (&str, &str),
) -> Result<EntryRow, DbError> {
    let at = now();
    let side = next.entered_by.map_or("", Side::code);
    if let Some(id) = counted {
        diesel::update(table_entries::table.find(id))
            .set((
                table_entries::state.eq(next.state.code()),
                table_entries::entered_by.eq(side),
                table_entries::cells.eq(text),
                table_entries::submission.eq(submission),
                table_entries::saves.eq(1),
                table_entries::address.eq(address),
                table_entries::entered_at.eq(at),
                table_entries::updated_at.eq(at),
            ))
            .execute(conn)?;
    } else {
        diesel::insert_into(table_entries::table)
            .values((
                table_entries::match_id.eq(room.match_id),
                table_entries::room.eq(room.room.code()),
                table_entries::state.eq(next.state.code()),
                table_entries::entered_by.eq(side),
                table_entries::cells.eq(text),
                table_entries::flagged.eq(""),
                table_entries::note.eq(""),
                table_entries::submission.eq(submission),
                table_entries::saves.eq(1),
                table_entries::address.eq(address),
                table_entries::entered_at.eq(at),
                table_entries::updated_at.eq(at),
            ))
            .execute(conn)?;
    }
    entry_row(conn, room.match_id, room.room)?.ok_or(DbError::NotFound)
}

/// Marks `boards` "call the director": the room is disputed until the director answers.
/// `false` when there is no entry to flag.
pub fn flag(
    conn: &mut DbConnection,
    room: &TableRoom,
    boards: &[i32],
    address: &str,
) -> Result<Result<bool, Closed>, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let row = entry_row(conn, room.match_id, room.room)?;
        let next = match room_state::apply(
            &room_entry(row.as_ref())?,
            gate(conn, room)?,
            RoomEvent::Called,
        ) {
            Ok(outcome) => outcome.next(),
            Err(Refusal::Closed(why)) => return Ok(Err(why)),
            Err(_) => return Ok(Ok(false)),
        };
        let Some(row) = row else {
            return Ok(Ok(false));
        };
        // The boards flagged before stay flagged until the director clears them.
        let mut all = pending_of(row.clone())?.flagged;
        all.extend_from_slice(boards);
        all.sort_unstable();
        all.dedup();
        diesel::update(table_entries::table.find(row.id))
            .set((
                table_entries::state.eq(next.state.code()),
                table_entries::flagged.eq(flagged_text(&all)),
                table_entries::address.eq(address),
                table_entries::updated_at.eq(now()),
            ))
            .execute(conn)?;
        crate::db::revision::bump(conn, room.tournament_id)?;
        Ok(Ok(true))
    })
}

/// The opponents confirm the room: its entry becomes the room's results through the desk's
/// save path (version check, audit row `table link …`). The side that confirms is the one
/// whose team code was typed, or the one the device was bound to by its code; a wrong code
/// is counted, the entering side's own code refused.
pub fn confirm(
    conn: &mut DbConnection,
    room: &TableRoom,
    credential: Credential,
    address: &str,
) -> Result<Result<(), Refusal>, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let row = entry_row(conn, room.match_id, room.room)?;
        let stored = room_entry(row.as_ref())?;
        let gate = gate(conn, room)?;
        let event = RoomEvent::Confirm {
            proof: proof(room, row.as_ref(), credential),
        };
        let outcome = match room_state::apply(&stored, gate, event) {
            Ok(outcome) => outcome,
            Err(r) => return Ok(Err(r)),
        };
        if let Some(refused) = outcome.refused {
            // A wrong code is counted, in this transaction, whatever the caller does next.
            count_refused(conn, room, row.as_ref(), outcome.next())?;
            return Ok(Err(refused));
        }
        let (Some(row), Some(entered_by)) = (row, stored.entered_by) else {
            return Ok(Err(Refusal::Incomplete));
        };
        save_confirmed(conn, room, &row, entered_by.other(), address)
    })
}

/// Saves the room's entry (`row`), confirmed by `side`, as the room's results.
fn save_confirmed(
    conn: &mut DbConnection,
    room: &TableRoom,
    row: &EntryRow,
    side: Side,
    address: &str,
) -> Result<Result<(), Refusal>, DbError> {
    let entry = pending_of(row.clone())?;
    let Some(sheet) = load_round(conn, &room.slug, room.round)? else {
        return Err(DbError::NotFound);
    };
    let Some(m) = sheet.table(room.table).cloned() else {
        return Err(DbError::NotFound);
    };
    // A row that no longer reads leaves the room incomplete, as a missing one does.
    let mine = entry
        .results(
            room.room,
            sheet.settings.decks(),
            &sheet.settings.band_table(),
        )
        .unwrap_or_default();
    if mine.len() != sheet.round.boards.len() {
        return Ok(Err(Refusal::Incomplete));
    }
    let results = with_room_results(&m, room.room, mine);
    let version = stored_version(conn, room.match_id)?;
    let at = now();
    let who = confirmation_words(room, &entry, side, address);
    let saved = save_match_results_as(
        conn,
        &room.slug,
        room.round,
        room.table,
        &results,
        &who,
        Some(version),
    )?;
    if matches!(saved, MatchSave::Stale(_) | MatchSave::Missing) {
        return Ok(Err(Refusal::Stale));
    }
    mark_confirmed(conn, row.id, side, address, at)?;
    // Beyond the match's results only the room's state changed, which is not in the
    // event (the play facts are read with every revision).
    crate::db::revision::bump_matches(conn, room.tournament_id, &[(room.round, room.table)])?;
    Ok(Ok(()))
}

/// A device asks to see the room's entry: with a team's code it is bound for that side
/// (the entering side's code makes it the entering device); a wrong code is counted.
pub fn open(
    conn: &mut DbConnection,
    room: &TableRoom,
    credential: Credential,
) -> Result<Result<(), Refusal>, DbError> {
    crate::db::write_transaction(conn, |conn| {
        let row = entry_row(conn, room.match_id, room.room)?;
        let stored = room_entry(row.as_ref())?;
        let event = RoomEvent::Opened {
            proof: proof(room, row.as_ref(), credential),
        };
        let outcome = match room_state::apply(&stored, gate(conn, room)?, event) {
            Ok(outcome) => outcome,
            Err(r) => return Ok(Err(r)),
        };
        if let Some(refused) = outcome.refused {
            count_refused(conn, room, row.as_ref(), outcome.next())?;
            return Ok(Err(refused));
        }
        if let (Some(row), Some(side)) = (row, stored.entered_by) {
            let key = device_key(credential.device);
            bind_device(conn, &row, outcome.transition.bind, side, &key)?;
        }
        Ok(Ok(()))
    })
}

/// Marks the room's entry (`row_id`) confirmed by `side` from `address` at `at`.
fn mark_confirmed(
    conn: &mut DbConnection,
    row_id: i32,
    side: Side,
    address: &str,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    diesel::update(table_entries::table.find(row_id))
        .set((
            table_entries::state.eq(EntryState::Confirmed.code()),
            table_entries::confirmed_by.eq(Some(side.code())),
            table_entries::confirmed_at.eq(Some(at)),
            table_entries::address.eq(address),
            table_entries::updated_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Stores a refused request's count of wrong codes and the state it leaves the room in
/// (`next`), on the room's row (`row`; made when the room has none yet, so that a guess
/// before any save counts too), with a new revision: the hall view shows the count live.
fn count_refused(
    conn: &mut DbConnection,
    room: &TableRoom,
    row: Option<&EntryRow>,
    next: RoomEntry,
) -> Result<(), DbError> {
    let at = now();
    match row {
        Some(row) => {
            diesel::update(table_entries::table.find(row.id))
                .set((
                    table_entries::state.eq(next.state.code()),
                    table_entries::code_failures.eq(next.code_failures),
                    table_entries::updated_at.eq(at),
                ))
                .execute(conn)?;
        }
        None => {
            diesel::insert_into(table_entries::table)
                .values((
                    table_entries::match_id.eq(room.match_id),
                    table_entries::room.eq(room.room.code()),
                    table_entries::state.eq(next.state.code()),
                    table_entries::entered_by.eq(""),
                    table_entries::cells.eq(""),
                    table_entries::flagged.eq(""),
                    table_entries::note.eq(""),
                    table_entries::submission.eq(""),
                    table_entries::saves.eq(0),
                    table_entries::address.eq(""),
                    table_entries::entered_at.eq(at),
                    table_entries::updated_at.eq(at),
                    table_entries::code_failures.eq(next.code_failures),
                ))
                .execute(conn)?;
        }
    }
    // The hall view counts the wrong codes live: every one is a new revision.
    crate::db::revision::bump(conn, room.tournament_id)?;
    Ok(())
}

/// Who saved a confirmed room, as the audit trail names it: the link, the room, the side
/// that entered and when, the side that confirmed and from which address.
fn confirmation_words(room: &TableRoom, entry: &Pending, side: Side, address: &str) -> String {
    format!(
        "table link {}: {} room entered by {} at {}, confirmed by {} from {}",
        room.link_id,
        room.room.code(),
        entry.entered_by.upper(),
        entry.updated_at.format("%H:%M:%S"),
        side.upper(),
        if address.is_empty() { "?" } else { address },
    )
}
