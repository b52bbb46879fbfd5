//! Line-ups as rows: stored with a whole tournament (import) and loaded with it. The
//! director's line-up page and the checks of odd results are in [`super::field`].

use std::collections::HashMap;

use diesel::prelude::*;

use super::connection::{DbConnection, chunk_len, per_backend};
use super::schema::{lineups, matches, rounds, teams};
use super::{DbError, WriteRefusal};
use crate::rules::{Event, Lineup, Room, Team, TeamNo};

const LINEUP_COLUMNS: usize = 6;

#[derive(Insertable)]
#[diesel(table_name = lineups)]
pub(super) struct NewLineup<'a> {
    pub match_id: i32,
    pub room: &'static str,
    pub(crate) team_id: i32,
    pub(crate) player1: &'a str,
    pub(crate) player2: &'a str,
    /// Given before the room's first result (docs/rules.md §14).
    pub(crate) given_before: bool,
}

/// Stores the event's line-ups inside the caller's transaction, given the row ids of its
/// matches by (round number, table) and of its teams by number; each names the registry
/// players its members are linked to.
pub(super) fn insert_lineups(
    conn: &mut DbConnection,
    (tournament_id, event): (i32, &Event),
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
                // An imported archive's line-ups all count as given before.
                given_before: true,
            })
        })
        .collect::<Result<Vec<_>, DbError>>()?;
    for chunk in forms.chunks(chunk_len(max_binds, LINEUP_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(lineups::table)
            .values(chunk)
            .execute(c))?;
    }
    if event.teams.iter().any(Team::has_links) {
        relink_lineups(conn, LinkScope::Tournament(tournament_id))?;
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
    type Row = (
        i32,
        i32,
        i32,
        String,
        i32,
        String,
        String,
        Option<i64>,
        Option<i64>,
    );
    let rows: Vec<Row> = lineups::table
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
            lineups::player1_id,
            lineups::player2_id,
        ))
        .load(conn)?;
    rows.into_iter()
        .map(|(id, round, table, room, team, p1, p2, i1, i2)| {
            let link = |n: Option<i64>| {
                n.map(|n| super::players::stored_id(n, "lineups"))
                    .transpose()
            };
            Ok(Lineup {
                round,
                table,
                room: room_of(&room, id)?,
                team: TeamNo(team),
                players: [p1, p2],
                player_ids: [link(i1)?, link(i2)?],
            })
        })
        .collect()
}

/// Which line-ups [`relink_lineups`] sets.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LinkScope {
    /// Every line-up of the tournament (its row id).
    Tournament(i32),
    /// The line-ups of one team (its row id).
    Team(i32),
    /// The line-ups of one match (its row id).
    Match(i32),
}

/// Sets the registry players of the line-ups in `scope` to those their members are linked
/// to (docs/rules.md §14: a line-up names the players its two members are linked to), so
/// that a line-up and its team's roster always agree, inside the caller's transaction.
pub(crate) fn relink_lineups(conn: &mut DbConnection, scope: LinkScope) -> Result<(), DbError> {
    let filter = match scope {
        LinkScope::Tournament(id) => format!(
            "match_id IN (SELECT m.id FROM matches m JOIN rounds r ON r.id = m.round_id \
             WHERE r.tournament_id = {id})"
        ),
        LinkScope::Team(id) => format!("team_id = {id}"),
        LinkScope::Match(id) => format!("match_id = {id}"),
    };
    let link = |column: &str| {
        format!(
            "(SELECT tm.player_id FROM team_members tm WHERE tm.team_id = lineups.team_id \
             AND tm.name = lineups.{column} ORDER BY tm.position LIMIT 1)"
        )
    };
    diesel::sql_query(format!(
        "UPDATE lineups SET player1_id = {}, player2_id = {} WHERE {filter}",
        link("player1"),
        link("player2")
    ))
    .execute(conn)?;
    Ok(())
}
