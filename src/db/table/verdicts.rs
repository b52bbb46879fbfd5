//! The director's answer to a room's entry: approve it, send it back with a note, clear its
//! ⚑, approve every clean room at once, and the rooms that call the director. The state
//! machine says what a room takes; this stores it with its results and an audit row.

use diesel::prelude::*;

use super::links::round_links;
use super::rows::{
    EntryRow, Pending, entry_row, pending_of, room_entry, stored_version, with_room_results,
};
use crate::db::connection::DbConnection;
use crate::db::rounds::{MatchSave, load_round, save_match_results_as};
use crate::db::schema::{matches, rounds, table_entries, tournaments};
use crate::db::{DbError, now};
use crate::rules::room_state::{self, EntryState, Gate, Results, RoomEntry, RoomEvent};
use crate::rules::{Room, TableResult};

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
    /// What the verdict does to the room, as the state machine knows it (`complete`: the
    /// table's entry holds every board of the round).
    fn event(&self, complete: bool) -> RoomEvent {
        match self {
            Verdict::Approve => RoomEvent::Approved { complete },
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
pub(crate) fn read_room_text(text: &str) -> Option<(EntryState, Vec<i32>, String)> {
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
    sheet: &crate::db::RoundSheet,
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
    let Some(match_id) = crate::db::rounds::match_id(conn, slug, round, table)? else {
        return Ok(Judged::Nothing);
    };
    let Some(row) = entry_row(conn, match_id, room)? else {
        return Ok(Judged::Nothing);
    };
    let entry = pending_of(row.clone())?;
    let has_results = m.results.iter().any(|r| r.room == room);
    let version = stored_version(conn, match_id)?;
    let numbers: Vec<i32> = sheet.round.boards.iter().map(|b| b.number).collect();
    let event = verdict.event(entry.complete(&numbers));
    let stored = room_entry(Some(&row))?;
    let Ok(outcome) = room_state::apply(&stored, Gate::director(has_results), event) else {
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
    crate::db::audit::record(
        conn,
        tournament_id,
        who,
        crate::db::audit::Place {
            area: "results",
            round: Some(round),
            table: Some(table),
        },
        &[crate::db::audit::Change {
            subject: crate::db::audit::Subject::Room { round, table, room },
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
    sheet: &crate::db::RoundSheet,
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
    crate::db::write_transaction(conn, |conn| {
        let Some((tournament, _)) = crate::db::revision::of_slug(conn, slug)? else {
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
        crate::db::revision::bump_matches(conn, tournament, &[(round, table)])?;
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
    crate::db::write_transaction(conn, |conn| {
        let Some((tournament, _)) = crate::db::revision::of_slug(conn, slug)? else {
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
            crate::db::revision::bump_matches(conn, tournament, &tables)?;
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
