//! Line-ups as rows: stored with a whole tournament (import) and loaded with it. The
//! director's line-up page and the checks of odd results are in [`super::field`].

use std::collections::HashMap;

use diesel::prelude::*;

use super::connection::{DbConnection, chunk_len, per_backend};
use super::schema::{lineups, matches, rounds, teams};
use super::{DbError, WriteRefusal};
use crate::rules::{Event, Lineup, Room, TeamNo};

const LINEUP_COLUMNS: usize = 5;

#[derive(Insertable)]
#[diesel(table_name = lineups)]
pub(super) struct NewLineup<'a> {
    pub match_id: i32,
    pub room: &'static str,
    pub(crate) team_id: i32,
    pub(crate) player1: &'a str,
    pub(crate) player2: &'a str,
}

/// Stores the event's line-ups inside the caller's transaction, given the row ids of its
/// matches by (round number, table) and of its teams by number.
pub(super) fn insert_lineups(
    conn: &mut DbConnection,
    event: &Event,
    match_ids: &HashMap<(i32, i32), i32>,
    team_ids: &HashMap<TeamNo, i32>,
    max_binds: usize,
) -> Result<(), DbError> {
    let forms = event
        .lineups
        .iter()
        .map(|l| {
            let missing = || {
                DbError::Refused(WriteRefusal::LineupNoMatch {
                    round: l.round,
                    table: l.table,
                    team: l.team,
                })
            };
            Ok(NewLineup {
                match_id: *match_ids.get(&(l.round, l.table)).ok_or_else(missing)?,
                room: l.room.code(),
                team_id: *team_ids.get(&l.team).ok_or_else(missing)?,
                player1: &l.players[0],
                player2: &l.players[1],
            })
        })
        .collect::<Result<Vec<_>, DbError>>()?;
    for chunk in forms.chunks(chunk_len(max_binds, LINEUP_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(lineups::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(())
}

fn room_of(code: &str, row_id: i32) -> Result<Room, DbError> {
    code.parse::<Room>()
        .map_err(|_| DbError::corrupt("lineups", row_id, "room", "not open or closed"))
}

/// Every line-up of a tournament.
pub(super) fn load_lineups(
    conn: &mut DbConnection,
    tournament_id: i32,
) -> Result<Vec<Lineup>, DbError> {
    let rows: Vec<(i32, i32, i32, String, i32, String, String)> = lineups::table
        .inner_join(matches::table.inner_join(rounds::table))
        .inner_join(teams::table)
        .filter(rounds::tournament_id.eq(tournament_id))
        .select((
            lineups::id,
            rounds::number,
            matches::table_no,
            lineups::room,
            teams::team_no,
            lineups::player1,
            lineups::player2,
        ))
        .load(conn)?;
    rows.into_iter()
        .map(|(id, round, table, room, team, p1, p2)| {
            Ok(Lineup {
                round,
                table,
                room: room_of(&room, id)?,
                team: TeamNo(team),
                players: [p1, p2],
            })
        })
        .collect()
}
