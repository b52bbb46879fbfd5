//! Loading a whole tournament, in one read transaction with its revision: one query per
//! table, assembled in memory.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::db::DbError;
use crate::db::connection::DbConnection;
use crate::db::models::*;
use crate::db::schema::{boards, matches, rounds, table_results, tournaments};
use crate::rules::{Event, Match, Round, TeamNo};

use super::rows::{board_from_row, result_from_row, settings_from_row};

/// A tournament as it stood at one revision, read in one transaction.
#[derive(Debug)]
pub struct Loaded {
    pub id: i32,
    pub revision: i64,
    /// When the revision was made: with the revision it names one state of the
    /// tournament even across a restore from a backup, which numbers revisions again.
    pub changed_at: chrono::NaiveDateTime,
    pub event: Event,
    /// How play stands beyond the results: what the public may see of it.
    pub play: Play,
}

pub use crate::rules::release::Play;

/// What [`Play`] holds for tournament `id`.
pub(crate) fn load_play(conn: &mut DbConnection, id: i32) -> Result<Play, DbError> {
    use crate::db::schema::table_entries;
    let released_rounds = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .filter(rounds::results_released.eq(true))
        .order(rounds::number)
        .select(rounds::number)
        .load(conn)?;
    let held_draws = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .filter(rounds::draw_published.eq(false))
        .order(rounds::number)
        .select(rounds::number)
        .load(conn)?;
    let (approval, correction_minutes): (bool, i32) = tournaments::table
        .find(id)
        .select((tournaments::table_approval, tournaments::correction_minutes))
        .first(conn)?;
    let mut provisional = Vec::new();
    if approval {
        let rows: Vec<(i32, i32, String)> = table_entries::table
            .inner_join(matches::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(id))
            .filter(table_entries::state.eq(crate::rules::room_state::EntryState::Confirmed.code()))
            .select((rounds::number, matches::table_no, table_entries::room))
            .load(conn)?;
        for (round, table, room) in rows {
            if let Ok(room) = room.parse() {
                provisional.push((round, table, room));
            }
        }
        provisional.sort();
    }
    Ok(Play {
        released_rounds,
        held_draws,
        provisional,
        correction_minutes,
        last_change: crate::db::audit::last_result_changes(conn, id)?,
        public_players: public_members(conn, id)?,
    })
}

/// The registry players linked to a member of one of tournament `id`'s teams whose
/// cross-event page is public. A change of `public` marks these tournaments changed
/// ([`crate::db::players`]), so a page kept for a revision stays true.
fn public_members(
    conn: &mut DbConnection,
    id: i32,
) -> Result<std::collections::BTreeSet<crate::rules::player_id::PlayerId>, DbError> {
    use crate::db::schema::{players, team_members, teams};
    let numbers: Vec<i64> = team_members::table
        .inner_join(teams::table)
        .inner_join(players::table)
        .filter(teams::tournament_id.eq(id))
        .filter(players::public.eq(true))
        .select(players::id)
        .distinct()
        .load(conn)?;
    numbers
        .into_iter()
        .map(|n| crate::db::players::stored_id(n, "players"))
        .collect()
}

/// The tournament's row by its slug; `None` when there is none.
pub(in crate::db) fn tournament_row(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<TournamentRow>, DbError> {
    Ok(tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()?)
}

/// Loads a whole tournament and its revision in one read transaction (REPEATABLE READ on
/// PostgreSQL; on SQLite a read transaction sees one state of the WAL), so the event never
/// mixes two revisions. `None` when no tournament has that slug.
pub fn load_consistent(conn: &mut DbConnection, slug: &str) -> Result<Option<Loaded>, DbError> {
    conn.transaction(|conn| {
        if let DbConnection::Postgres(pg) = conn {
            diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(pg)?;
        }
        load_in(conn, slug)
    })
}

/// [`load_consistent`] inside the caller's read transaction.
pub(in crate::db) fn load_in(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<Loaded>, DbError> {
    {
        let Some((id, revision)) = crate::db::revision::of_slug(conn, slug)? else {
            return Ok(None);
        };
        let Some(event) = load_event(conn, slug)? else {
            return Ok(None);
        };
        let play = load_play(conn, id)?;
        let changed_at = tournaments::table
            .find(id)
            .select(tournaments::updated_at)
            .first(conn)?;
        Ok(Some(Loaded {
            id,
            revision,
            changed_at,
            event,
            play,
        }))
    }
}

/// Loads a whole tournament, or `None` when no tournament has that slug. The event
/// comes back [`Event::sort`]ed. Call it inside a transaction (or use
/// [`load_consistent`]) when other writers may be at work.
pub fn load_event(conn: &mut DbConnection, slug: &str) -> Result<Option<Event>, DbError> {
    let Some(tournament) = tournament_row(conn, slug)? else {
        return Ok(None);
    };
    let id = tournament.id;
    let mut settings = settings_from_row(&tournament)?;
    settings.occasion = crate::db::occasion::load(conn, id)?;
    settings.stages = crate::db::stages::load_stages(conn, id)?;
    settings.series = crate::db::series::slug_of(conn, id)?;

    let (teams, team_numbers) = crate::db::teams::load_teams(conn, id)?;
    let rounds = load_rounds(conn, id, &team_numbers)?;

    let lineups = crate::db::lineups::load_lineups(conn, id)?;
    let deals = crate::db::deals::load_deals(conn, id, settings.decks())?;
    let mut event = Event {
        settings,
        teams: teams.into(),
        rounds,
        lineups: lineups.into(),
        deals,
    };
    event.sort();
    Ok(Some(event))
}

/// The rounds of tournament `id` with their boards, matches (teams by `team_numbers`: row
/// id → number) and results, read in four queries; a row that points nowhere is corrupt.
fn load_rounds(
    conn: &mut DbConnection,
    id: i32,
    team_numbers: &HashMap<i32, TeamNo>,
) -> Result<Vec<Round>, DbError> {
    let round_rows: Vec<RoundRow> = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .select(RoundRow::as_select())
        .load(conn)?;
    let board_rows: Vec<BoardRow> = boards::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .select(BoardRow::as_select())
        .load(conn)?;
    let match_rows: Vec<MatchRow> = matches::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .select(MatchRow::as_select())
        .load(conn)?;
    let result_rows: Vec<TableResultRow> = table_results::table
        .inner_join(matches::table.inner_join(rounds::table))
        .filter(rounds::tournament_id.eq(id))
        .select(TableResultRow::as_select())
        .load(conn)?;

    // Rounds, their boards and matches.
    let mut rounds: Vec<Round> = Vec::with_capacity(round_rows.len());
    let mut round_index: HashMap<i32, usize> = HashMap::with_capacity(round_rows.len());
    for row in round_rows {
        round_index.insert(row.id, rounds.len());
        rounds.push(Round {
            number: row.number,
            boards: Vec::new(),
            matches: Vec::new().into(),
        });
    }
    let board_numbers = place_boards(&mut rounds, &round_index, board_rows)?;
    let match_index = place_matches(&mut rounds, &round_index, match_rows, team_numbers)?;
    place_results(&mut rounds, &match_index, &board_numbers, result_rows)?;
    Ok(rounds)
}

/// Puts each board in its round (`round_index`: round id → place in `rounds`); returns
/// board id → board number.
fn place_boards(
    rounds: &mut [Round],
    round_index: &HashMap<i32, usize>,
    board_rows: Vec<BoardRow>,
) -> Result<HashMap<i32, i32>, DbError> {
    let mut board_numbers: HashMap<i32, i32> = HashMap::with_capacity(board_rows.len());
    for row in board_rows {
        let board = board_from_row(&row)?;
        board_numbers.insert(row.id, row.number);
        let r = *round_index
            .get(&row.round_id)
            .ok_or_else(|| DbError::corrupt("boards", row.id, "round_id", "no such round"))?;
        rounds[r].boards.push(board);
    }
    Ok(board_numbers)
}

/// Puts each match in its round, its teams by number (`team_numbers`: row id → number);
/// returns match id → (round index, match index).
fn place_matches(
    rounds: &mut [Round],
    round_index: &HashMap<i32, usize>,
    match_rows: Vec<MatchRow>,
    team_numbers: &HashMap<i32, TeamNo>,
) -> Result<HashMap<i32, (usize, usize)>, DbError> {
    let team_no = |table: &str, row_id: i32, column: &str, team_id: i32| {
        team_numbers
            .get(&team_id)
            .copied()
            .ok_or_else(|| DbError::corrupt(table, row_id, column, "not a team of this tournament"))
    };
    let mut match_index: HashMap<i32, (usize, usize)> = HashMap::with_capacity(match_rows.len());
    for row in match_rows {
        let r = *round_index
            .get(&row.round_id)
            .ok_or_else(|| DbError::corrupt("matches", row.id, "round_id", "no such round"))?;
        let m = Match {
            table: row.table_no,
            home: team_no("matches", row.id, "home_team_id", row.home_team_id)?,
            away: row
                .away_team_id
                .map(|a| team_no("matches", row.id, "away_team_id", a))
                .transpose()?,
            results: Vec::new().into(),
        };
        match_index.insert(row.id, (r, rounds[r].matches.len()));
        rounds[r].matches.push(m);
    }
    Ok(match_index)
}

/// Puts each table result in its match (`match_index`: match id → round and match index),
/// its board by number (`board_numbers`: board id → number).
fn place_results(
    rounds: &mut [Round],
    match_index: &HashMap<i32, (usize, usize)>,
    board_numbers: &HashMap<i32, i32>,
    result_rows: Vec<TableResultRow>,
) -> Result<(), DbError> {
    for row in result_rows {
        let (r, m) = *match_index.get(&row.match_id).ok_or_else(|| {
            DbError::corrupt("table_results", row.id, "match_id", "no such match")
        })?;
        let board = *board_numbers.get(&row.board_id).ok_or_else(|| {
            DbError::corrupt(
                "table_results",
                row.id,
                "board_id",
                "not a board of this tournament",
            )
        })?;
        let result = result_from_row(&row, board)?;
        rounds[r].matches[m].results.push(result);
    }
    Ok(())
}
