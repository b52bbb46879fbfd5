//! The tournaments a registry player is linked in (a team's roster or a line-up names
//! them), with the teams that name them: what a player's pages list.

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;

use super::{RegistryEntry, number, trail};
use crate::db::DbError;
use crate::db::connection::DbConnection;
use crate::db::schema::{lineups, team_members, teams, tournaments};
use crate::rules::TeamNo;
use crate::rules::player_id::PlayerId;

/// One tournament a player is linked in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerEvent {
    pub slug: String,
    pub name: String,
    pub published: bool,
    /// The teams whose roster or line-ups name the player, by number.
    pub teams: Vec<(TeamNo, String)>,
}

/// Every tournament whose rosters or line-ups link player `id`, by the tournament's row id
/// (the order they were created in).
pub fn events_of(conn: &mut DbConnection, id: PlayerId) -> Result<Vec<PlayerEvent>, DbError> {
    let Ok(n) = number(id) else {
        return Ok(Vec::new());
    };
    let mut rows: Vec<(i32, i32, String)> = team_members::table
        .inner_join(teams::table)
        .filter(team_members::player_id.eq(n))
        .select((teams::tournament_id, teams::team_no, teams::name))
        .load(conn)?;
    rows.extend(
        lineups::table
            .inner_join(teams::table)
            .filter(lineups::player1_id.eq(n).or(lineups::player2_id.eq(n)))
            .select((teams::tournament_id, teams::team_no, teams::name))
            .load::<(i32, i32, String)>(conn)?,
    );
    let mut by_tournament: BTreeMap<i32, BTreeSet<(i32, String)>> = BTreeMap::new();
    for (tournament, team_no, name) in rows {
        by_tournament
            .entry(tournament)
            .or_default()
            .insert((team_no, name));
    }
    let ids: Vec<i32> = by_tournament.keys().copied().collect();
    let found: Vec<(i32, String, String, bool)> = tournaments::table
        .filter(tournaments::id.eq_any(&ids))
        .order(tournaments::id)
        .select((
            tournaments::id,
            tournaments::slug,
            tournaments::name,
            tournaments::published,
        ))
        .load(conn)?;
    Ok(found
        .into_iter()
        .map(|(tournament, slug, name, published)| PlayerEvent {
            slug,
            name,
            published,
            teams: by_tournament
                .remove(&tournament)
                .unwrap_or_default()
                .into_iter()
                .map(|(no, name)| (TeamNo(no), name))
                .collect(),
        })
        .collect())
}

/// The registry trail's rows about player `id`: its addition, edits, imports, a merge
/// into it or of it, its removal; oldest first.
pub fn trail_of(conn: &mut DbConnection, id: PlayerId) -> Result<Vec<RegistryEntry>, DbError> {
    let me = id.to_string();
    Ok(trail(conn)?
        .into_iter()
        .filter(|e| e.subject.split(" → ").any(|part| part.trim() == me))
        .collect())
}
