//! Results entered at the table: each room's random link, the entry a table is making
//! (pending: not a result), its confirmation by the opponents, and the director's answer.
//!
//! A pending entry lives in `table_entries`, never in `table_results`: the public pages,
//! exports and the archive read only `table_results`, so they see a table's entry only once
//! it is confirmed, through [`super::save_match_results_as`] (match version check, audit
//! row naming the link, the sides and the device's address).
//!
//! A room accepts the table while table-side entry is on, its round is not locked, and it
//! has no stored result (entered at the desk, or confirmed): a desk correction therefore
//! always wins and closes the room to the table.

use super::now;
use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbError;
use super::audit;
use super::connection::DbConnection;
use super::rounds::{MatchSave, load_round, save_match_results_as};
use super::schedule::round_id;
use super::schema::{matches, rounds, table_entries, table_links, tournaments};
use crate::input::{SHEET_FIELDS, SheetRow};
use crate::rules::bands::BandTable;
use crate::rules::room_state::{self, Gate, Proof, Refusal, Results, RoomEntry, RoomEvent};
pub use crate::rules::room_state::{Bind, Closed, EntryState, Side};
use crate::rules::{Decks, Room, TableEntry, TableResult, TeamNo};

/// A fresh link token: 128 bits from the operating system, URL-safe base64 (22 characters).
pub fn new_token() -> String {
    use base64::Engine;
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// How many digits a team code has: a million codes, of which a room's five wrong tries
/// ([`room_state::MAX_CODE_FAILURES`]) hit one once in 200,000.
pub const CODE_DIGITS: usize = 6;

/// A pair's six-digit team code for one room of one round, printed on its slip.
fn new_code() -> String {
    loop {
        let mut bytes = [0u8; 4];
        getrandom::fill(&mut bytes).expect("the operating system's random source");
        let n = u32::from_le_bytes(bytes);
        // Below the largest multiple of a million, so that every code is equally likely.
        if n < 4_294_000_000 {
            return format!("{:06}", n % 1_000_000);
        }
    }
}

/// A room's two codes, North-South's and East-West's, never the same.
fn new_room_codes() -> [String; 2] {
    let ns = new_code();
    let mut ew = new_code();
    while ew == ns {
        ew = new_code();
    }
    [ns, ew]
}

/// What a device's cookie is stored as: its SHA-256, so that the database holds nothing a
/// device could be impersonated with.
fn device_key(token: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What a table's request carries to show which side it speaks for: the team code typed
/// (empty: none) and the device's own token (its cookie; empty: none).
#[derive(Clone, Copy, Debug, Default)]
pub struct Credential<'a> {
    pub code: &'a str,
    pub device: &'a str,
}

/// What a table link reaches: one room of one match of one round.
#[derive(Clone, Debug)]
pub struct TableRoom {
    pub link_id: i32,
    /// The room's own link for its round (a session link shows it under its own token).
    pub token: String,
    pub tournament_id: i32,
    pub slug: String,
    pub round: i32,
    pub round_locked: bool,
    pub table: i32,
    pub match_id: i32,
    pub room: Room,
    pub table_entry: bool,
    pub approval: bool,
    /// The room's team codes, North-South's and East-West's.
    pub codes: [String; 2],
}

impl TableRoom {
    /// The team code of the pair sitting at `side` in this room (on its slip).
    pub fn code(&self, side: Side) -> &str {
        match side {
            Side::NorthSouth => &self.codes[0],
            Side::EastWest => &self.codes[1],
        }
    }

    /// The credential of a request that types `side`'s code from no known device.
    pub fn credential(&self, side: Side) -> Credential<'_> {
        Credential {
            code: self.code(side),
            device: "",
        }
    }
}

/// Gives link `link_id` its two team codes.
fn give_codes(conn: &mut DbConnection, link_id: i32) -> Result<[String; 2], DbError> {
    let [ns, ew] = new_room_codes();
    diesel::update(table_links::table.find(link_id))
        .set((
            table_links::ns_code.eq(Some(&ns)),
            table_links::ew_code.eq(Some(&ew)),
        ))
        .execute(conn)?;
    Ok([ns, ew])
}

/// The room whose link is `token`, or `None` (unknown or renewed).
pub fn find_link(conn: &mut DbConnection, token: &str) -> Result<Option<TableRoom>, DbError> {
    type Found = (
        (i32, String, i32, Option<String>, Option<String>),
        (String, bool, bool, i32),
        (i32, bool),
        i32,
    );
    let row: Option<Found> = table_links::table
        .inner_join(matches::table.inner_join(rounds::table.inner_join(tournaments::table)))
        .filter(table_links::token.eq(token))
        .select((
            (
                table_links::id,
                table_links::room,
                matches::id,
                table_links::ns_code,
                table_links::ew_code,
            ),
            (
                tournaments::slug,
                tournaments::table_entry,
                tournaments::table_approval,
                tournaments::id,
            ),
            (rounds::number, rounds::table_locked),
            matches::table_no,
        ))
        .first(conn)
        .optional()?;
    let Some((
        (link_id, room, match_id, ns_code, ew_code),
        (slug, entry, approval, tid),
        (round, locked),
        table,
    )) = row
    else {
        return Ok(None);
    };
    let codes = match (ns_code, ew_code) {
        (Some(ns), Some(ew)) => [ns, ew],
        // A link made before rooms had codes gets them now.
        _ => give_codes(conn, link_id)?,
    };
    let room = room
        .parse::<Room>()
        .map_err(|e| DbError::corrupt("table_links", link_id, "room", e.to_string()))?;
    Ok(Some(TableRoom {
        link_id,
        token: token.to_owned(),
        tournament_id: tid,
        slug,
        round,
        round_locked: locked,
        table,
        match_id,
        room,
        table_entry: entry,
        approval,
        codes,
    }))
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = table_entries)]
struct EntryRow {
    id: i32,
    match_id: i32,
    room: String,
    state: String,
    entered_by: String,
    confirmed_by: Option<String>,
    cells: String,
    flagged: String,
    note: String,
    submission: String,
    saves: i32,
    address: String,
    entered_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    confirmed_at: Option<NaiveDateTime>,
    code_failures: i32,
    approved_at: Option<NaiveDateTime>,
    device: Option<String>,
    confirm_device: Option<String>,
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
    /// Whether the device whose cookie is `token` may see the entry's figures: the device
    /// that saved it, or the one on which the other side gave its code (docs/rules.md §5).
    pub fn shows_to(&self, token: &str) -> bool {
        self.bound_as(token).is_some()
    }

    /// How the device whose cookie is `token` is bound to the entry, if it is.
    pub fn bound_as(&self, token: &str) -> Option<Bind> {
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
fn cells_text(cells: &[(i32, TableEntry)]) -> String {
    cells
        .iter()
        .map(|(board, entry)| format!("{board} {}", super::audit::entry_text(entry)))
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

fn flagged_text(boards: &[i32]) -> String {
    boards
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The stored state of an entry row; a text that names no state is a damaged row.
fn state_of(row: &EntryRow) -> Result<EntryState, DbError> {
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
fn room_entry(row: Option<&EntryRow>) -> Result<RoomEntry, DbError> {
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

fn pending_of(row: EntryRow) -> Result<Pending, DbError> {
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

fn entry_row(
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

/// Whether the room has a stored result (from the desk or a confirmation).
fn room_has_results(conn: &mut DbConnection, match_id: i32, room: Room) -> Result<bool, DbError> {
    use super::schema::table_results;
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

/// Whether (and why not) the room takes entries from its table now.
pub fn closed(conn: &mut DbConnection, room: &TableRoom) -> Result<Option<Closed>, DbError> {
    let gate = gate(conn, room)?;
    let row = entry_row(conn, room.match_id, room.room)?;
    Ok(room_state::closed(&room_entry(row.as_ref())?, gate))
}

/// What became of a table's save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableSave {
    Saved,
    /// The same submission or the same content again: nothing changed.
    Unchanged,
    Closed(Closed),
    /// Nothing was saved: no code, or a wrong one (counted).
    Refused(ConfirmRefusal),
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
pub type SeatedPair = (TeamNo, [String; 2]);

/// [`save_entry`] with who sits: each team's pair in this room (`players[0]` North or
/// East), stored as the room's line-ups in the same transaction and under the same
/// [`RoomEvent::Saved`] (a room closed to the table takes neither), with an audit row
/// `table link 4: open room seated by NS from 10.0.0.7` per changed pair. The side that
/// saves is the one whose team code was typed, or the one the device is bound to; a wrong
/// code saves nothing and is counted.
pub fn save_entry_seated(
    conn: &mut DbConnection,
    room: &TableRoom,
    credential: Credential,
    (cells, seated): (&[Cell], &[SeatedPair]),
    submission: &str,
    address: &str,
) -> Result<TableSave, DbError> {
    super::write_transaction(conn, |conn| {
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
            Err(other) => return Ok(TableSave::Refused(confirm_refusal(other))),
        };
        if let Some(refused) = outcome.refused {
            count_refused(conn, room, stored.as_ref(), outcome.next())?;
            return Ok(TableSave::Refused(confirm_refusal(refused)));
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
        let reseated = super::field::replace_room_lineups(
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
                    if reseated {
                        super::revision::bump(conn, room.tournament_id)?;
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
        super::revision::bump(conn, room.tournament_id)?;
        Ok(TableSave::Saved)
    })
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
    super::write_transaction(conn, |conn| {
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
        super::revision::bump(conn, room.tournament_id)?;
        Ok(Ok(true))
    })
}

/// Why a confirmation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfirmRefusal {
    Closed(Closed),
    /// Not every board is entered yet.
    Incomplete,
    /// The side that entered cannot confirm its own entry.
    SameSide,
    /// No team code was typed, and the device is not bound to the entry.
    CodeNeeded,
    /// The team code was wrong; `left` more tries.
    WrongCode {
        left: i32,
    },
    /// The code was wrong too often: the room calls the director.
    CodesExhausted,
    /// The match was saved meanwhile (the version check).
    Stale,
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
) -> Result<Result<(), ConfirmRefusal>, DbError> {
    super::write_transaction(conn, |conn| {
        let row = entry_row(conn, room.match_id, room.room)?;
        let stored = room_entry(row.as_ref())?;
        let gate = gate(conn, room)?;
        let event = RoomEvent::Confirm {
            proof: proof(room, row.as_ref(), credential),
        };
        let outcome = match room_state::apply(&stored, gate, event) {
            Ok(outcome) => outcome,
            Err(r) => return Ok(Err(confirm_refusal(r))),
        };
        if let Some(refused) = outcome.refused {
            // A wrong code is counted, in this transaction, whatever the caller does next.
            count_refused(conn, room, row.as_ref(), outcome.next())?;
            return Ok(Err(confirm_refusal(refused)));
        }
        let (Some(row), Some(entered_by)) = (row, stored.entered_by) else {
            return Ok(Err(ConfirmRefusal::Incomplete));
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
) -> Result<Result<(), ConfirmRefusal>, DbError> {
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
        return Ok(Err(ConfirmRefusal::Incomplete));
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
        return Ok(Err(ConfirmRefusal::Stale));
    }
    mark_confirmed(conn, row.id, side, address, at)?;
    // Beyond the match's results only the room's state changed, which is not in the
    // event (the play facts are read with every revision).
    super::revision::bump_matches(conn, room.tournament_id, &[(room.round, room.table)])?;
    Ok(Ok(()))
}

/// A device asks to see the room's entry: with a team's code it is bound for that side
/// (the entering side's code makes it the entering device); a wrong code is counted.
pub fn open(
    conn: &mut DbConnection,
    room: &TableRoom,
    credential: Credential,
) -> Result<Result<(), ConfirmRefusal>, DbError> {
    super::write_transaction(conn, |conn| {
        let row = entry_row(conn, room.match_id, room.room)?;
        let stored = room_entry(row.as_ref())?;
        let event = RoomEvent::Opened {
            proof: proof(room, row.as_ref(), credential),
        };
        let outcome = match room_state::apply(&stored, gate(conn, room)?, event) {
            Ok(outcome) => outcome,
            Err(r) => return Ok(Err(confirm_refusal(r))),
        };
        if let Some(refused) = outcome.refused {
            count_refused(conn, room, row.as_ref(), outcome.next())?;
            return Ok(Err(confirm_refusal(refused)));
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

/// Why the state machine's refusal keeps a confirmation from going through, in the
/// table's terms.
fn confirm_refusal(refusal: Refusal) -> ConfirmRefusal {
    match refusal {
        Refusal::Closed(why) => ConfirmRefusal::Closed(why),
        Refusal::SameSide => ConfirmRefusal::SameSide,
        Refusal::CodeNeeded => ConfirmRefusal::CodeNeeded,
        Refusal::WrongCode { left } => ConfirmRefusal::WrongCode { left },
        Refusal::CodesExhausted => ConfirmRefusal::CodesExhausted,
        Refusal::Incomplete | Refusal::NothingToJudge => ConfirmRefusal::Incomplete,
    }
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
    super::revision::bump(conn, room.tournament_id)?;
    Ok(())
}

/// The match's results with `mine` as the results of `room`: the other room's stay.
fn with_room_results(
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
fn stored_version(conn: &mut DbConnection, match_id: i32) -> Result<i32, DbError> {
    Ok(matches::table
        .find(match_id)
        .select(matches::version)
        .first(conn)?)
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

/// The team sitting at `side` in `room` of match `m` (open: home NS; closed: away NS).
pub fn seated(m: &crate::rules::Match, room: Room, side: Side) -> TeamNo {
    let away = m.away.unwrap_or(m.home);
    match (room, side) {
        (Room::Open, Side::NorthSouth) | (Room::Closed, Side::EastWest) => m.home,
        _ => away,
    }
}

/// Whether the typed code is the team's, compared in constant time.
fn codes_match(expected: &str, typed: &str) -> bool {
    use subtle::ConstantTimeEq;
    expected.len() == typed.len() && bool::from(expected.as_bytes().ct_eq(typed.as_bytes()))
}

/// One room of a round as the director's round page lists it.
#[derive(Clone, Debug)]
pub struct RoomLink {
    pub table: i32,
    pub match_id: i32,
    pub room: Room,
    pub token: String,
    /// The room's team codes, North-South's and East-West's (each pair's slip).
    pub codes: [String; 2],
    pub state: EntryState,
    pub flagged: Vec<i32>,
    /// Wrong team codes sent to the room since its entry was saved.
    pub code_failures: i32,
    pub updated_at: Option<NaiveDateTime>,
    /// The room as the state machine knows it (its stored state, not the shown one).
    pub entry: RoomEntry,
    /// Whether the room has stored results.
    pub has_results: bool,
}

impl RoomLink {
    /// Whether the director may send the room back to its table (the state machine says;
    /// not once its wrong codes are spent: then only the director finishes it).
    pub fn can_send_back(&self) -> bool {
        let gate = Gate {
            table_entry: true,
            locked: false,
            has_results: self.has_results,
        };
        room_state::apply(&self.entry, gate, RoomEvent::SentBack).is_ok()
    }

    /// Whether "approve every confirmed room without flags or calls" takes this room.
    pub fn approvable_in_bulk(&self) -> bool {
        self.state == EntryState::Confirmed && self.entry.approvable_in_bulk(self.has_results)
    }
}

/// Every room link of round `round` (made for the playing matches that have none yet),
/// with each room's state; `None` when there is no such round.
pub fn round_links(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
) -> Result<Option<(bool, Vec<RoomLink>)>, DbError> {
    super::write_transaction(conn, |conn| {
        let Some((round_id, locked)) = rounds::table
            .inner_join(tournaments::table)
            .filter(tournaments::slug.eq(slug))
            .filter(rounds::number.eq(round))
            .select((rounds::id, rounds::table_locked))
            .first::<(i32, bool)>(conn)
            .optional()?
        else {
            return Ok(None);
        };
        let playing: Vec<(i32, i32)> = matches::table
            .filter(matches::round_id.eq(round_id))
            .filter(matches::away_team_id.is_not_null())
            .order(matches::table_no)
            .select((matches::id, matches::table_no))
            .load(conn)?;
        let ids: Vec<i32> = playing.iter().map(|(id, _)| *id).collect();
        let links = room_tokens(conn, &playing, &ids)?;
        let entries: Vec<EntryRow> = table_entries::table
            .filter(table_entries::match_id.eq_any(&ids))
            .select(EntryRow::as_select())
            .load(conn)?;
        use super::schema::table_results;
        let with_results: Vec<(i32, String)> = table_results::table
            .filter(table_results::match_id.eq_any(&ids))
            .select((table_results::match_id, table_results::room))
            .distinct()
            .load(conn)?;
        let out = listed_rooms(&playing, &links, &entries, &with_results)?;
        Ok(Some((locked, out)))
    })
}

/// A room's link token and its two team codes.
type LinkOf = (String, [String; 2]);

/// Every room's link token and codes of the `playing` matches (match id and table; `ids`
/// their ids) by match id and room code, a new link made for each room that has none yet
/// and codes for a link made before rooms had them.
fn room_tokens(
    conn: &mut DbConnection,
    playing: &[(i32, i32)],
    ids: &[i32],
) -> Result<HashMap<(i32, String), LinkOf>, DbError> {
    type Row = (i32, i32, String, String, Option<String>, Option<String>);
    let rows: Vec<Row> = table_links::table
        .filter(table_links::match_id.eq_any(ids))
        .select((
            table_links::id,
            table_links::match_id,
            table_links::room,
            table_links::token,
            table_links::ns_code,
            table_links::ew_code,
        ))
        .load(conn)?;
    let mut links = HashMap::new();
    for (id, m, r, token, ns, ew) in rows {
        let codes = match (ns, ew) {
            (Some(ns), Some(ew)) => [ns, ew],
            _ => give_codes(conn, id)?,
        };
        links.insert((m, r), (token, codes));
    }
    let at = now();
    for &(match_id, _) in playing {
        for room in [Room::Open, Room::Closed] {
            let key = (match_id, room.code().to_owned());
            if let std::collections::hash_map::Entry::Vacant(slot) = links.entry(key) {
                let token = new_token();
                let [ns, ew] = new_room_codes();
                diesel::insert_into(table_links::table)
                    .values((
                        table_links::match_id.eq(match_id),
                        table_links::room.eq(room.code()),
                        table_links::token.eq(&token),
                        table_links::created_at.eq(at),
                        table_links::ns_code.eq(Some(&ns)),
                        table_links::ew_code.eq(Some(&ew)),
                    ))
                    .execute(conn)?;
                slot.insert((token, [ns, ew]));
            }
        }
    }
    Ok(links)
}

/// The round page's rooms, by table then open and closed room: each with its link, the
/// state it shows (its entry's, or done when it has results), its flags and wrong codes.
fn listed_rooms(
    playing: &[(i32, i32)],
    links: &HashMap<(i32, String), LinkOf>,
    entries: &[EntryRow],
    with_results: &[(i32, String)],
) -> Result<Vec<RoomLink>, DbError> {
    let mut out = Vec::new();
    for &(match_id, table) in playing {
        for room in [Room::Open, Room::Closed] {
            let entry = entries
                .iter()
                .find(|e| e.match_id == match_id && e.room == room.code());
            let has_results = with_results
                .iter()
                .any(|(m, r)| *m == match_id && r == room.code());
            let stored = entry.map(state_of).transpose()?;
            let state = EntryState::shown(stored, has_results);
            let (token, codes) = links[&(match_id, room.code().to_owned())].clone();
            out.push(RoomLink {
                table,
                match_id,
                room,
                token,
                codes,
                state,
                flagged: entry
                    .map(|e| pending_of(e.clone()).map(|p| p.flagged))
                    .transpose()?
                    .unwrap_or_default(),
                code_failures: entry.map_or(0, |e| e.code_failures),
                updated_at: entry.map(|e| e.updated_at),
                entry: room_entry(entry)?,
                has_results,
            });
        }
    }
    Ok(out)
}

/// Replaces every link of round `round`: the old ones answer 404 from now on.
pub fn renew_links(conn: &mut DbConnection, slug: &str, round: i32) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(round_id) = round_id(conn, slug, round)? else {
            return Ok(false);
        };
        let ids: Vec<i32> = matches::table
            .filter(matches::round_id.eq(round_id))
            .select(matches::id)
            .load(conn)?;
        diesel::delete(table_links::table.filter(table_links::match_id.eq_any(&ids)))
            .execute(conn)?;
        round_links(conn, slug, round)?;
        Ok(true)
    })
}

/// Releases (or withholds again) every result of round `round` to the public, whatever
/// is still to be played (docs/rules.md §5), by `who`: one write transaction, a new
/// revision and an audit row when it changes anything; `false` when there is no such round.
pub fn release_round(
    conn: &mut DbConnection,
    slug: &str,
    (round, released): (i32, bool),
    who: &str,
) -> Result<bool, DbError> {
    let words = |on: bool| if on { "released" } else { "withheld" };
    let change = RoundFlag {
        column: RoundColumn::Released,
        subject: audit::Subject::Release { round },
        words: (words(!released), words(released)),
    };
    set_round_flag(conn, slug, (round, released), who, change)
}

/// Locks (or unlocks) round `round` against every table, by `who`: one write transaction, a
/// new revision and an audit row when it changes anything; `false` when there is no such
/// round.
pub fn lock_round(
    conn: &mut DbConnection,
    slug: &str,
    (round, locked): (i32, bool),
    who: &str,
) -> Result<bool, DbError> {
    let words = |on: bool| if on { "locked" } else { "open" };
    let change = RoundFlag {
        column: RoundColumn::Locked,
        subject: audit::Subject::TableLinks { round },
        words: (words(!locked), words(locked)),
    };
    set_round_flag(conn, slug, (round, locked), who, change)
}

/// Which of a round's flags a director sets.
enum RoundColumn {
    Released,
    Locked,
}

/// A round's flag as the audit trail records it.
struct RoundFlag {
    column: RoundColumn,
    subject: audit::Subject,
    words: (&'static str, &'static str),
}

fn set_round_flag(
    conn: &mut DbConnection,
    slug: &str,
    (round, on): (i32, bool),
    who: &str,
    flag: RoundFlag,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some((tournament, round_id)) = super::rounds::locate_round(conn, slug, round)? else {
            return Ok(false);
        };
        let target = rounds::table.find(round_id);
        let moved = match flag.column {
            RoundColumn::Released => diesel::update(target.filter(rounds::results_released.ne(on)))
                .set(rounds::results_released.eq(on))
                .execute(conn)?,
            RoundColumn::Locked => diesel::update(target.filter(rounds::table_locked.ne(on)))
                .set(rounds::table_locked.eq(on))
                .execute(conn)?,
        };
        if moved > 0 {
            let place = audit::Place {
                area: "hall",
                round: Some(round),
                table: None,
            };
            let change = audit::Change {
                subject: flag.subject,
                before: flag.words.0.to_owned(),
                after: flag.words.1.to_owned(),
            };
            audit::record(conn, tournament, who, place, &[change])?;
            super::revision::bump(conn, tournament)?;
        }
        Ok(true)
    })
}

/// What the director does with a room's entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accept it: an unconfirmed entry becomes the room's results; a confirmed one is
    /// no longer provisional.
    Approve,
    /// Back to the table with a note; a confirmed entry's results are taken away again.
    Reject(String),
    /// The call is answered: the room's ⚑ goes (nothing else changes).
    ClearFlags,
}

impl Verdict {
    /// What the verdict does to the room, as the state machine knows it.
    fn event(&self) -> RoomEvent {
        match self {
            Verdict::Approve => RoomEvent::Approved,
            Verdict::Reject(_) => RoomEvent::SentBack,
            Verdict::ClearFlags => RoomEvent::FlagsCleared,
        }
    }
}

/// A room's state and flags as the audit trail stores them: `rejected flagged=3,5
/// note=…` (the words are the page's: [`read_room_text`]).
fn room_text(state: EntryState, flagged: &str, note: &str) -> String {
    let mut text = state.code().to_owned();
    if !flagged.trim().is_empty() {
        text.push_str(" flagged=");
        text.push_str(flagged.trim());
    }
    if !note.trim().is_empty() {
        text.push_str(" note=");
        text.push_str(note.trim());
    }
    text
}

/// A room's audit text read back: the state, the flagged boards and the note; `None`
/// for a text this version did not write.
pub fn read_room_text(text: &str) -> Option<(EntryState, Vec<i32>, String)> {
    let (head, note) = match text.split_once(" note=") {
        Some((head, note)) => (head, note.to_owned()),
        None => (text, String::new()),
    };
    let mut words = head.split(' ');
    let state = EntryState::parse(words.next()?)?;
    let mut flagged = Vec::new();
    for word in words {
        let boards = word.strip_prefix("flagged=")?;
        for b in boards.split(',') {
            flagged.push(b.trim().parse().ok()?);
        }
    }
    Some((state, flagged, note))
}

/// What came of the director's verdict on a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Stored: the room's new state and, when approval takes the entry, its results.
    Done,
    /// Nothing to judge: no entry, a verdict the room does not take, or the match saved
    /// meanwhile.
    Nothing,
    /// Approval refused and nothing saved: the rows of these boards no longer pass the one
    /// validation of a result under the tournament's settings as they stand (the deck
    /// count or the band table changed after the table typed them).
    NoLongerValid(Vec<i32>),
}

/// The director's verdict on one room, inside the caller's transaction and without a
/// revision bump (the caller bumps once).
#[allow(clippy::too_many_arguments)]
fn judge_room(
    conn: &mut DbConnection,
    tournament_id: i32,
    sheet: &super::RoundSheet,
    slug: &str,
    table: i32,
    room: Room,
    verdict: &Verdict,
    who: &str,
) -> Result<Judged, DbError> {
    let round = sheet.round.number;
    let Some(m) = sheet.table(table).cloned() else {
        return Ok(Judged::Nothing);
    };
    let Some(match_id) = super::rounds::match_id(conn, slug, round, table)? else {
        return Ok(Judged::Nothing);
    };
    let Some(row) = entry_row(conn, match_id, room)? else {
        return Ok(Judged::Nothing);
    };
    let entry = pending_of(row.clone())?;
    let has_results = m.results.iter().any(|r| r.room == room);
    let version = stored_version(conn, match_id)?;
    let event = verdict.event();
    let stored = room_entry(Some(&row))?;
    // The director judges whatever the table may do: the gate is only about results.
    let gate = Gate {
        table_entry: true,
        locked: false,
        has_results,
    };
    let Ok(outcome) = room_state::apply(&stored, gate, event) else {
        return Ok(Judged::Nothing);
    };
    let next = outcome.next();
    let results = match outcome.transition.results {
        Results::Keep => None,
        Results::Remove => Some(with_room_results(&m, room, Vec::new())),
        Results::Save => match approved_results(&entry, room, sheet) {
            Ok(mine) => Some(with_room_results(&m, room, mine)),
            Err(refused) => return Ok(refused),
        },
    };
    if let Some(results) = results {
        let saved = save_match_results_as(conn, slug, round, table, &results, who, Some(version))?;
        if !matches!(saved, MatchSave::Saved(_)) {
            return Ok(Judged::Nothing);
        }
    }
    let (note, flagged) = store_verdict(conn, &row, &entry, verdict, next)?;
    let new_note = if matches!(verdict, Verdict::Reject(_)) {
        note.as_str()
    } else {
        ""
    };
    super::audit::record(
        conn,
        tournament_id,
        who,
        super::audit::Place {
            area: "results",
            round: Some(round),
            table: Some(table),
        },
        &[super::audit::Change {
            subject: super::audit::Subject::Room { round, table, room },
            before: room_text(stored.state, &row.flagged, ""),
            after: room_text(next.state, &flagged, new_note),
        }],
    )?;
    Ok(Judged::Done)
}

/// The room's results when the director takes the table's entry: the whole room or
/// nothing. An entry that no longer validates under the settings as they stand is refused
/// with its boards, not saved in part; an entry without every board is not taken.
fn approved_results(
    entry: &Pending,
    room: Room,
    sheet: &super::RoundSheet,
) -> Result<Vec<TableResult>, Judged> {
    let (decks, bands) = (sheet.settings.decks(), sheet.settings.band_table());
    let mine = entry
        .results(room, decks, &bands)
        .map_err(Judged::NoLongerValid)?;
    if mine.len() != entry.cells.len() || mine.len() != sheet.round.boards.len() {
        return Err(Judged::Nothing);
    }
    Ok(mine)
}

/// Writes the director's verdict on the room's entry (`row`): the state it leaves the room
/// in (`next`), the note (a sending back's own), the flags it keeps and when it was
/// approved. Returns the note and the flags as stored.
fn store_verdict(
    conn: &mut DbConnection,
    row: &EntryRow,
    entry: &Pending,
    verdict: &Verdict,
    next: RoomEntry,
) -> Result<(String, String), DbError> {
    let at = now();
    let note = match verdict {
        Verdict::Reject(note) => note.trim().to_owned(),
        Verdict::Approve | Verdict::ClearFlags => entry.note.clone(),
    };
    let flagged = if next.flagged {
        row.flagged.clone()
    } else {
        String::new()
    };
    let approved_at = match verdict {
        Verdict::Approve => Some(at),
        Verdict::Reject(_) => None,
        Verdict::ClearFlags => row.approved_at,
    };
    diesel::update(table_entries::table.find(row.id))
        .set((
            table_entries::state.eq(next.state.code()),
            table_entries::note.eq(&note),
            table_entries::flagged.eq(&flagged),
            table_entries::code_failures.eq(next.code_failures),
            table_entries::approved_at.eq(approved_at),
            table_entries::updated_at.eq(at),
        ))
        .execute(conn)?;
    Ok((note, flagged))
}

/// Applies the director's verdict to the room, in one transaction with one revision bump
/// when it is stored.
pub fn judge(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
    room: Room,
    verdict: &Verdict,
    who: &str,
) -> Result<Judged, DbError> {
    super::write_transaction(conn, |conn| {
        let Some((tournament, _)) = super::revision::of_slug(conn, slug)? else {
            return Ok(Judged::Nothing);
        };
        let Some(sheet) = load_round(conn, slug, round)? else {
            return Ok(Judged::Nothing);
        };
        let judged = judge_room(conn, tournament, &sheet, slug, table, room, verdict, who)?;
        if judged != Judged::Done {
            return Ok(judged);
        }
        // The match's results and the room's state (not in the event) changed.
        super::revision::bump_matches(conn, tournament, &[(round, table)])?;
        Ok(Judged::Done)
    })
}

/// Approves every room of round `round` that is confirmed at the table with no ⚑, no
/// call and no wrong code ([`RoomEntry::approvable_in_bulk`]), in one transaction with one
/// revision bump and an audit row per room; the rooms approved, by table and room.
pub fn approve_clean(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    who: &str,
) -> Result<Vec<(i32, Room)>, DbError> {
    super::write_transaction(conn, |conn| {
        let Some((tournament, _)) = super::revision::of_slug(conn, slug)? else {
            return Ok(Vec::new());
        };
        let Some(sheet) = load_round(conn, slug, round)? else {
            return Ok(Vec::new());
        };
        let Some((_, links)) = round_links(conn, slug, round)? else {
            return Ok(Vec::new());
        };
        let mut approved = Vec::new();
        for link in links.iter().filter(|l| l.approvable_in_bulk()) {
            if judge_room(
                conn,
                tournament,
                &sheet,
                slug,
                link.table,
                link.room,
                &Verdict::Approve,
                who,
            )? == Judged::Done
            {
                approved.push((link.table, link.room));
            }
        }
        if !approved.is_empty() {
            let tables: Vec<(i32, i32)> = approved.iter().map(|&(t, _)| (round, t)).collect();
            super::revision::bump_matches(conn, tournament, &tables)?;
        }
        Ok(approved)
    })
}

/// The rooms of the tournament that call the director now (a board marked "call the
/// director", or too many wrong team codes), by round, table and room.
pub fn calls(conn: &mut DbConnection, slug: &str) -> Result<Vec<(i32, i32, Room)>, DbError> {
    let rows: Vec<(i32, i32, String)> = table_entries::table
        .inner_join(matches::table.inner_join(rounds::table.inner_join(tournaments::table)))
        .filter(tournaments::slug.eq(slug))
        .filter(table_entries::state.eq(EntryState::Disputed.code()))
        .order((rounds::number, matches::table_no, table_entries::room))
        .select((rounds::number, matches::table_no, table_entries::room))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(round, table, room)| Some((round, table, room.parse::<Room>().ok()?)))
        .collect())
}

/// The director's save of a whole match ([`save_match_results_as`]) and, when it saves,
/// the closing of the rooms it changed to their table (a desk correction wins over the
/// table), in one transaction: a busy database refuses both or neither, so the page never
/// says "nothing was saved" after a save.
#[allow(clippy::too_many_arguments)]
pub fn save_at_desk(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
    results: &[TableResult],
    (who, reason): (&str, &str),
    expected: Option<i32>,
    changed: &[Room],
) -> Result<MatchSave, DbError> {
    super::write_transaction(conn, |conn| {
        let outcome = super::rounds::save_match_results_why(
            conn,
            (slug, round, table),
            results,
            (who, reason),
            expected,
        )?;
        if !matches!(outcome, MatchSave::Saved(_)) || changed.is_empty() {
            return Ok(outcome);
        }
        let Some(match_id) = super::rounds::match_id(conn, slug, round, table)? else {
            return Ok(outcome);
        };
        let codes: Vec<&str> = changed.iter().map(|r| r.code()).collect();
        diesel::update(
            table_entries::table
                .filter(table_entries::match_id.eq(match_id))
                .filter(table_entries::room.eq_any(codes)),
        )
        .set((
            table_entries::state.eq(EntryState::Desk.code()),
            table_entries::updated_at.eq(now()),
        ))
        .execute(conn)?;
        Ok(outcome)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_url_safe_and_distinct() {
        let a = new_token();
        assert_eq!(a.len(), 22);
        assert!(
            a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        assert_ne!(a, new_token());
        let code = new_code();
        assert_eq!(code.len(), CODE_DIGITS);
        assert!(code.bytes().all(|b| b.is_ascii_digit()));
        let [ns, ew] = new_room_codes();
        assert_ne!(ns, ew);
    }

    #[test]
    fn a_rooms_audit_text_reads_back() {
        let text = room_text(EntryState::Rejected, "3,5", "Board 3: 65, not 60");
        assert_eq!(text, "rejected flagged=3,5 note=Board 3: 65, not 60");
        assert_eq!(
            read_room_text(&text),
            Some((
                EntryState::Rejected,
                vec![3, 5],
                "Board 3: 65, not 60".to_owned()
            ))
        );
        assert_eq!(
            read_room_text("approved"),
            Some((EntryState::Approved, vec![], String::new()))
        );
        assert_eq!(read_room_text("approvd"), None);
    }

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
