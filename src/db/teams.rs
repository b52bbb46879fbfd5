//! A tournament's teams as rows: loaded with their members, in number order, for the
//! round pages, the team list and the whole event alike.

use std::collections::HashMap;

use diesel::prelude::*;

use super::DbError;
use super::connection::DbConnection;
use super::models::{TeamMemberRow, TeamRow};
use super::schema::{team_members, teams};
use crate::rules::player_id::PlayerId;
use crate::rules::{Team, TeamNo};

/// The teams of a tournament by number with their members, and row id → team number.
pub(super) fn load_teams(
    conn: &mut DbConnection,
    tournament_id: i32,
) -> Result<(Vec<Team>, HashMap<i32, TeamNo>), DbError> {
    let team_rows: Vec<TeamRow> = teams::table
        .filter(teams::tournament_id.eq(tournament_id))
        .order(teams::team_no)
        .select(TeamRow::as_select())
        .load(conn)?;
    let member_rows: Vec<TeamMemberRow> = team_members::table
        .inner_join(teams::table)
        .filter(teams::tournament_id.eq(tournament_id))
        .order((team_members::team_id, team_members::position))
        .select(TeamMemberRow::as_select())
        .load(conn)?;
    let mut members: HashMap<i32, Vec<String>> = HashMap::new();
    let mut links: HashMap<i32, Vec<Option<PlayerId>>> = HashMap::new();
    for row in member_rows {
        let link = row
            .player_id
            .map(|n| super::players::stored_id(n, "team_members"))
            .transpose()?;
        members.entry(row.team_id).or_default().push(row.name);
        links.entry(row.team_id).or_default().push(link);
    }
    let numbers = team_rows
        .iter()
        .map(|t| (t.id, TeamNo(t.team_no)))
        .collect();
    let teams = team_rows
        .into_iter()
        .map(|row| Team {
            number: TeamNo(row.team_no),
            members: members.remove(&row.id).unwrap_or_default(),
            member_ids: links
                .remove(&row.id)
                .filter(|l| l.iter().any(Option::is_some))
                .unwrap_or_default(),
            name: row.name,
            club: row.club,
            withdrawn: row.withdrawn,
        })
        .collect();
    Ok((teams, numbers))
}
