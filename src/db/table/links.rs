//! Each room's random link and its two team codes: finding a room by its link, the round's
//! rooms as the director's pages list them, renewing a round's links, and who sits at
//! which side.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::rows::{EntryRow, pending_of, room_entry};
use crate::db::connection::DbConnection;
use crate::db::schedule::round_id;
use crate::db::schema::{matches, rounds, table_entries, table_links, tournaments};
use crate::db::{DbError, now};
use crate::rules::room_state::{self, EntryState, RoomEntry, Side, Verdicts};
use crate::rules::{Room, TeamNo};

/// A fresh link token: 128 bits from the operating system, URL-safe base64 (22 characters).
pub(crate) fn new_token() -> String {
    use base64::Engine;
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// How many digits a team code has: a million codes, of which a room's five wrong tries
/// ([`room_state::MAX_CODE_FAILURES`]) hit one once in 200,000.
pub(crate) const CODE_DIGITS: usize = 6;

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
    pub(crate) round_locked: bool,
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

/// The team sitting at `side` in `room` of match `m` (open: home NS; closed: away NS).
pub fn seated(m: &crate::rules::Match, room: Room, side: Side) -> TeamNo {
    let away = m.away.unwrap_or(m.home);
    match (room, side) {
        (Room::Open, Side::NorthSouth) | (Room::Closed, Side::EastWest) => m.home,
        _ => away,
    }
}

/// Whether the typed code is the team's, compared in constant time.
pub(super) fn codes_match(expected: &str, typed: &str) -> bool {
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
    pub(crate) has_results: bool,
}

impl RoomLink {
    /// What the director may do with the room (the state machine says); `complete`: its
    /// table's entry holds every board of the round ([`Pending::complete`]).
    pub fn verdicts(&self, complete: bool) -> Verdicts {
        room_state::verdicts(&self.entry, self.has_results, complete)
    }

    /// Whether the table confirmed the room but "approve every clean room" passes it by
    /// ([`RoomEntry::held_back`]).
    pub(crate) fn held_back(&self) -> bool {
        self.entry.held_back(self.has_results)
    }

    /// Whether "approve every confirmed room without flags or calls" takes this room.
    pub(crate) fn approvable_in_bulk(&self) -> bool {
        self.entry.approvable_in_bulk(self.has_results)
    }
}

/// Every room link of round `round` (made for the playing matches that have none yet),
/// with each room's state; `None` when there is no such round.
pub fn round_links(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
) -> Result<Option<(bool, Vec<RoomLink>)>, DbError> {
    crate::db::write_transaction(conn, |conn| {
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
        use crate::db::schema::table_results;
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
            let stored = room_entry(entry)?;
            let (token, codes) = links[&(match_id, room.code().to_owned())].clone();
            out.push(RoomLink {
                table,
                match_id,
                room,
                token,
                codes,
                state: stored.shown(has_results),
                flagged: entry
                    .map(|e| pending_of(e.clone()).map(|p| p.flagged))
                    .transpose()?
                    .unwrap_or_default(),
                code_failures: entry.map_or(0, |e| e.code_failures),
                updated_at: entry.map(|e| e.updated_at),
                entry: stored,
                has_results,
            });
        }
    }
    Ok(out)
}

/// Replaces every link of round `round`: the old ones answer 404 from now on.
pub(crate) fn renew_links(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
) -> Result<bool, DbError> {
    crate::db::write_transaction(conn, |conn| {
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
}
