//! One round as the director's pages read it: [`RoundSheet`], from the database or from
//! an event already loaded.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::db::DbError;
use crate::db::connection::DbConnection;
use crate::db::models::{BoardRow, MatchRow, TableResultRow};
use crate::db::schema::{boards, matches, rounds, table_results};
use crate::db::tournament::{board_from_row, result_from_row, settings_from_row};
use crate::rules::{Board, Match, Round, Settings, Team, TeamNo};

/// One round of a tournament, with what the director's pages show around it.
#[derive(Clone, Debug)]
pub struct RoundSheet {
    pub settings: Settings,
    /// Every team of the tournament by number, members in their order.
    pub teams: Vec<Team>,
    /// The round: boards by number, matches by table, results by room then board.
    pub round: Round,
    /// The numbers of every round of the tournament, ascending.
    pub round_numbers: Vec<i32>,
}

impl RoundSheet {
    pub fn team(&self, number: TeamNo) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == number)
    }

    pub fn table(&self, table: i32) -> Option<&Match> {
        self.round.matches.iter().find(|m| m.table == table)
    }

    /// The rounds just before and after this one: a round's pages link them.
    pub(crate) fn rounds_around(&self) -> (Option<i32>, Option<i32>) {
        let at = self
            .round_numbers
            .iter()
            .position(|r| *r == self.round.number);
        (
            at.and_then(|p| p.checked_sub(1))
                .and_then(|p| self.round_numbers.get(p).copied()),
            at.and_then(|p| self.round_numbers.get(p + 1).copied()),
        )
    }

    /// Round `number` of an event already loaded (a snapshot) with only its match at
    /// `table` and that match's teams: what a page of one match needs, whatever the size
    /// of the round. `None` when there is no such match.
    pub(crate) fn of_match(
        event: &crate::rules::Event,
        number: i32,
        table: i32,
    ) -> Option<RoundSheet> {
        let round = event.rounds.iter().find(|r| r.number == number)?;
        let m = round.matches.iter().find(|m| m.table == table)?;
        let mut round_numbers: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
        round_numbers.sort_unstable();
        let teams = event
            .teams
            .iter()
            .filter(|t| t.number == m.home || Some(t.number) == m.away)
            .cloned()
            .collect();
        Some(RoundSheet {
            settings: event.settings.clone(),
            teams,
            round: Round {
                number,
                boards: round.boards.clone(),
                matches: vec![m.clone()].into(),
            },
            round_numbers,
        })
    }

    /// Round `number` of an event already loaded (a snapshot), as [`load_round`] reads it
    /// from the database; `None` when there is no such round.
    pub(crate) fn of_event(event: &crate::rules::Event, number: i32) -> Option<RoundSheet> {
        let round = event.rounds.iter().find(|r| r.number == number)?;
        let mut round_numbers: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
        round_numbers.sort_unstable();
        Some(RoundSheet {
            settings: event.settings.clone(),
            teams: event.teams.to_vec(),
            round: round.clone(),
            round_numbers,
        })
    }
}

/// Round `number` of the tournament `slug` with its settings and teams; `None` when either
/// does not exist. Seven queries, whatever the size of the event.
pub fn load_round(
    conn: &mut DbConnection,
    slug: &str,
    number: i32,
) -> Result<Option<RoundSheet>, DbError> {
    let Some(tournament) = crate::db::tournament::tournament_row(conn, slug)? else {
        return Ok(None);
    };
    let round_numbers: Vec<(i32, i32)> = rounds::table
        .filter(rounds::tournament_id.eq(tournament.id))
        .order(rounds::number)
        .select((rounds::id, rounds::number))
        .load(conn)?;
    let Some(&(round_id, _)) = round_numbers.iter().find(|(_, n)| *n == number) else {
        return Ok(None);
    };
    let mut settings = settings_from_row(&tournament)?;
    settings.occasion = crate::db::occasion::load(conn, tournament.id)?;
    let (teams, team_numbers) = crate::db::teams::load_teams(conn, tournament.id)?;

    let board_rows: Vec<BoardRow> = boards::table
        .filter(boards::round_id.eq(round_id))
        .order(boards::number)
        .select(BoardRow::as_select())
        .load(conn)?;
    let match_rows: Vec<MatchRow> = matches::table
        .filter(matches::round_id.eq(round_id))
        .order(matches::table_no)
        .select(MatchRow::as_select())
        .load(conn)?;
    let result_rows: Vec<TableResultRow> = table_results::table
        .inner_join(matches::table)
        .filter(matches::round_id.eq(round_id))
        .select(TableResultRow::as_select())
        .load(conn)?;

    let board_numbers: HashMap<i32, i32> = board_rows.iter().map(|b| (b.id, b.number)).collect();
    let boards = board_rows
        .iter()
        .map(board_from_row)
        .collect::<Result<Vec<Board>, DbError>>()?;
    let matches = round_matches(&match_rows, &result_rows, &board_numbers, &team_numbers)?;
    Ok(Some(RoundSheet {
        settings,
        teams,
        round: Round {
            number,
            boards,
            matches: matches.into(),
        },
        round_numbers: round_numbers.into_iter().map(|(_, n)| n).collect(),
    }))
}

/// The round's matches by table from their rows, each with its results by room then
/// board; a row naming a team or a board of another tournament or round is corrupt.
fn round_matches(
    match_rows: &[MatchRow],
    result_rows: &[TableResultRow],
    board_numbers: &HashMap<i32, i32>,
    team_numbers: &HashMap<i32, TeamNo>,
) -> Result<Vec<Match>, DbError> {
    let team_no = |row_id: i32, column: &str, team_id: i32| {
        team_numbers.get(&team_id).copied().ok_or_else(|| {
            DbError::corrupt("matches", row_id, column, "not a team of this tournament")
        })
    };
    let mut match_index: HashMap<i32, usize> = HashMap::with_capacity(match_rows.len());
    let mut matches = Vec::with_capacity(match_rows.len());
    for row in match_rows {
        match_index.insert(row.id, matches.len());
        matches.push(Match {
            table: row.table_no,
            home: team_no(row.id, "home_team_id", row.home_team_id)?,
            away: row
                .away_team_id
                .map(|a| team_no(row.id, "away_team_id", a))
                .transpose()?,
            results: Vec::new().into(),
        });
    }
    for row in result_rows {
        let board = *board_numbers.get(&row.board_id).ok_or_else(|| {
            DbError::corrupt(
                "table_results",
                row.id,
                "board_id",
                "not a board of this round",
            )
        })?;
        matches[match_index[&row.match_id]]
            .results
            .push(result_from_row(row, board)?);
    }
    for m in &mut matches {
        m.results.sort_by_key(|r| (r.room, r.board));
    }
    Ok(matches)
}
