//! Storing a whole tournament in one transaction: multi-row INSERTs, split under the
//! bind-parameter limit.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;

use crate::db::connection::{DbConnection, chunk_len, per_backend};
use crate::db::models::*;
use crate::db::schema::{boards, matches, rounds, table_results, team_members, teams, tournaments};
use crate::db::{DbError, WriteRefusal};
use crate::rules::{Event, Team, TeamNo};

use super::rows::{board_form, result_form, tournament_form};

/// Columns each insert form writes, for splitting rows under the bind-parameter limit.
pub(in crate::db) const TEAM_COLUMNS: usize = 5;
const MEMBER_COLUMNS: usize = 4;
const ROUND_COLUMNS: usize = 3;
pub(in crate::db) const BOARD_COLUMNS: usize = 5;
pub(in crate::db) const MATCH_COLUMNS: usize = 4;
pub(in crate::db) const RESULT_COLUMNS: usize = 11;

/// Stores a whole tournament in one transaction and returns its id. Nothing is written
/// when anything fails; a slug that is taken fails with [`DbError::is_unique_violation`].
pub fn insert_event(conn: &mut DbConnection, event: &Event) -> Result<i32, DbError> {
    insert_event_by(conn, event, "")
}

/// [`insert_event`], with the audit rows of what the event brings beyond its results (its
/// deals and dealing seed) written as `who`'s.
pub(crate) fn insert_event_by(
    conn: &mut DbConnection,
    event: &Event,
    who: &str,
) -> Result<i32, DbError> {
    check_references(event)?;
    let max_binds = conn.backend().max_binds();
    crate::db::write_transaction(conn, |conn| insert_rows(conn, event, max_binds, who))
}

/// Every match names teams of the event and every result a board of its round, so that
/// the key maps below cannot miss.
fn check_references(event: &Event) -> Result<(), DbError> {
    let teams: HashSet<TeamNo> = event.teams.iter().map(|t| t.number).collect();
    for round in &event.rounds {
        let boards: HashSet<i32> = round.boards.iter().map(|b| b.number).collect();
        for m in &round.matches {
            for team in std::iter::once(m.home).chain(m.away) {
                if !teams.contains(&team) {
                    return Err(DbError::Refused(WriteRefusal::TeamNotInEvent {
                        round: round.number,
                        table: m.table,
                        team,
                    }));
                }
            }
            if let Some(r) = m.results.iter().find(|r| !boards.contains(&r.board)) {
                return Err(DbError::Refused(WriteRefusal::BoardNotInRound {
                    round: round.number,
                    table: m.table,
                    room: r.room,
                    board: r.board,
                }));
            }
        }
    }
    Ok(())
}

fn insert_rows(
    conn: &mut DbConnection,
    event: &Event,
    max_binds: usize,
    who: &str,
) -> Result<i32, DbError> {
    let now = crate::db::now();
    let tournament_id: i32 = diesel::insert_into(tournaments::table)
        .values(tournament_form(&event.settings, now))
        .returning(tournaments::id)
        .get_result(conn)?;
    crate::db::occasion::save(conn, tournament_id, &event.settings.occasion)?;

    let team_ids = insert_teams(conn, tournament_id, &event.teams, max_binds)?;

    // Rounds, then their boards and matches.
    let round_ids = insert_rounds(conn, tournament_id, event, max_binds)?;
    let board_ids = insert_boards(conn, event, &round_ids, max_binds)?;
    let match_ids = insert_matches(conn, event, &round_ids, &team_ids, max_binds)?;
    insert_results(conn, event, (&round_ids, &board_ids, &match_ids), max_binds)?;

    let by_number: HashMap<(i32, i32), i32> = event
        .rounds
        .iter()
        .flat_map(|r| {
            let round_id = round_ids[&r.number];
            let match_ids = &match_ids;
            r.matches
                .iter()
                .map(move |m| ((r.number, m.table), match_ids[&(round_id, m.table)]))
        })
        .collect();
    crate::db::lineups::insert_lineups(
        conn,
        (tournament_id, event),
        &by_number,
        &team_ids,
        max_binds,
    )?;
    crate::db::stages::replace_stages(conn, tournament_id, &event.settings.stages)?;
    // A finished tournament has every board released (docs/rules.md §14: it is marked
    // finished only then), so an archive that says `finished = true` arrives released.
    if event.settings.standing.finished {
        diesel::update(rounds::table.filter(rounds::tournament_id.eq(tournament_id)))
            .set(rounds::results_released.eq(true))
            .execute(conn)?;
        // A rated one counts for the ratings: they are brought up to date once it is in.
        if event.settings.standing.rated {
            crate::db::connection::ratings_moved();
        }
    }
    if let Some(series) = &event.settings.series {
        crate::db::series::join_by_id(conn, series, tournament_id)?;
    }
    let boards_by_number: HashMap<(i32, i32), i32> = event
        .rounds
        .iter()
        .flat_map(|r| {
            let round_id = round_ids[&r.number];
            let board_ids = &board_ids;
            r.boards
                .iter()
                .map(move |b| ((r.number, b.number), board_ids[&(round_id, b.number)]))
        })
        .collect();
    crate::db::deals::insert_deals(
        conn,
        tournament_id,
        event,
        &boards_by_number,
        max_binds,
        who,
    )?;

    Ok(tournament_id)
}

/// Inserts the event's rounds; returns round number → row id.
fn insert_rounds(
    conn: &mut DbConnection,
    tournament_id: i32,
    event: &Event,
    max_binds: usize,
) -> Result<HashMap<i32, i32>, DbError> {
    let round_forms: Vec<NewRound> = event
        .rounds
        .iter()
        .map(|r| NewRound {
            tournament_id,
            number: r.number,
            // An imported round is public as it was played: the archive does not carry
            // whether a draw was published.
            draw_published: true,
        })
        .collect();
    let mut round_ids: HashMap<i32, i32> = HashMap::with_capacity(round_forms.len());
    for chunk in round_forms.chunks(chunk_len(max_binds, ROUND_COLUMNS)) {
        let ids: Vec<(i32, i32)> =
            per_backend!(&mut *conn, |c| diesel::insert_into(rounds::table)
                .values(chunk)
                .returning((rounds::number, rounds::id))
                .get_results(c))?;
        round_ids.extend(ids);
    }
    Ok(round_ids)
}

/// Inserts every round's boards (`round_ids`: round number → row id); returns (round
/// id, board number) → board id.
fn insert_boards(
    conn: &mut DbConnection,
    event: &Event,
    round_ids: &HashMap<i32, i32>,
    max_binds: usize,
) -> Result<HashMap<(i32, i32), i32>, DbError> {
    let board_forms: Vec<NewBoard> = event
        .rounds
        .iter()
        .flat_map(|r| {
            let round_id = round_ids[&r.number];
            r.boards.iter().map(move |b| board_form(round_id, b))
        })
        .collect();
    let mut board_ids: HashMap<(i32, i32), i32> = HashMap::with_capacity(board_forms.len());
    for chunk in board_forms.chunks(chunk_len(max_binds, BOARD_COLUMNS)) {
        let ids: Vec<(i32, i32, i32)> =
            per_backend!(&mut *conn, |c| diesel::insert_into(boards::table)
                .values(chunk)
                .returning((boards::round_id, boards::number, boards::id))
                .get_results(c))?;
        board_ids.extend(ids.into_iter().map(|(r, n, id)| ((r, n), id)));
    }
    Ok(board_ids)
}

/// Inserts every round's matches, their teams by `team_ids`; returns (round id, table) →
/// match id.
fn insert_matches(
    conn: &mut DbConnection,
    event: &Event,
    round_ids: &HashMap<i32, i32>,
    team_ids: &HashMap<TeamNo, i32>,
    max_binds: usize,
) -> Result<HashMap<(i32, i32), i32>, DbError> {
    let match_forms: Vec<NewMatch> = event
        .rounds
        .iter()
        .flat_map(|r| {
            let round_id = round_ids[&r.number];
            r.matches.iter().map(move |m| NewMatch {
                round_id,
                table_no: m.table,
                home_team_id: team_ids[&m.home],
                away_team_id: m.away.map(|a| team_ids[&a]),
            })
        })
        .collect();
    let mut match_ids: HashMap<(i32, i32), i32> = HashMap::with_capacity(match_forms.len());
    for chunk in match_forms.chunks(chunk_len(max_binds, MATCH_COLUMNS)) {
        let ids: Vec<(i32, i32, i32)> =
            per_backend!(&mut *conn, |c| diesel::insert_into(matches::table)
                .values(chunk)
                .returning((matches::round_id, matches::table_no, matches::id))
                .get_results(c))?;
        match_ids.extend(ids.into_iter().map(|(r, t, id)| ((r, t), id)));
    }
    Ok(match_ids)
}

/// The row ids of an imported event's rounds (by number), boards (by round id and board
/// number) and matches (by round id and table).
type IdMaps<'a> = (
    &'a HashMap<i32, i32>,
    &'a HashMap<(i32, i32), i32>,
    &'a HashMap<(i32, i32), i32>,
);

/// Inserts every table result of the event (by the row ids of its rounds, boards and
/// matches), built chunk by chunk so that the forms of 90k rows never sit in memory at once.
fn insert_results(
    conn: &mut DbConnection,
    event: &Event,
    (round_ids, board_ids, match_ids): IdMaps,
    max_binds: usize,
) -> Result<(), DbError> {
    let results = event.rounds.iter().flat_map(|r| {
        let round_id = round_ids[&r.number];
        r.matches.iter().flat_map(move |m| {
            let match_id = match_ids[&(round_id, m.table)];
            m.results
                .iter()
                .map(move |res| result_form(match_id, board_ids[&(round_id, res.board)], res))
        })
    });
    let per_chunk = chunk_len(max_binds, RESULT_COLUMNS);
    let mut chunk: Vec<NewTableResult> = Vec::with_capacity(per_chunk);
    for form in results {
        chunk.push(form);
        if chunk.len() == per_chunk {
            per_backend!(&mut *conn, |c| diesel::insert_into(table_results::table)
                .values(&chunk)
                .execute(c))?;
            chunk.clear();
        }
    }
    if !chunk.is_empty() {
        per_backend!(&mut *conn, |c| diesel::insert_into(table_results::table)
            .values(&chunk)
            .execute(c))?;
    }
    Ok(())
}

/// Inserts teams and their members in multi-row INSERTs; returns team number → row id.
pub(in crate::db) fn insert_teams(
    conn: &mut DbConnection,
    tournament_id: i32,
    teams: &[Team],
    max_binds: usize,
) -> Result<HashMap<TeamNo, i32>, DbError> {
    let team_forms: Vec<NewTeam> = teams
        .iter()
        .map(|t| NewTeam {
            tournament_id,
            team_no: t.number.get(),
            name: &t.name,
            club: &t.club,
            withdrawn: t.withdrawn,
        })
        .collect();
    let mut team_ids: HashMap<TeamNo, i32> = HashMap::with_capacity(team_forms.len());
    for chunk in team_forms.chunks(chunk_len(max_binds, TEAM_COLUMNS)) {
        let ids: Vec<(i32, i32)> = per_backend!(&mut *conn, |c| diesel::insert_into(teams::table)
            .values(chunk)
            .returning((teams::team_no, teams::id))
            .get_results(c))?;
        team_ids.extend(ids.into_iter().map(|(number, id)| (TeamNo(number), id)));
    }
    insert_members(conn, &team_ids, teams, max_binds)?;
    Ok(team_ids)
}

/// Inserts the members of `teams` under their row ids (`team_ids`: number → row id).
pub(in crate::db) fn insert_members(
    conn: &mut DbConnection,
    team_ids: &HashMap<TeamNo, i32>,
    teams: &[Team],
    max_binds: usize,
) -> Result<(), DbError> {
    let member_forms: Vec<NewTeamMember> = teams
        .iter()
        .flat_map(|t| {
            let team_id = team_ids[&t.number];
            t.members
                .iter()
                .zip(1..)
                .enumerate()
                .map(move |(i, (name, position))| {
                    Ok(NewTeamMember {
                        team_id,
                        position,
                        name,
                        player_id: t.member_id(i).map(crate::db::players::number).transpose()?,
                    })
                })
        })
        .collect::<Result<_, DbError>>()?;
    for chunk in member_forms.chunks(chunk_len(max_binds, MEMBER_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(team_members::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(())
}
