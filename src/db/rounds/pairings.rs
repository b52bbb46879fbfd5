//! Replacing a round's pairings: only the matches that change are written, and a played
//! match keeps its teams.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;

use super::find::{locate_round, lock_tournament};
use crate::db::audit;
use crate::db::connection::{DbConnection, chunk_len, per_backend};
use crate::db::models::{MatchRow, NewMatch};
use crate::db::schema::{matches, table_results, teams};
use crate::db::tournament::MATCH_COLUMNS;
use crate::db::{DbError, WriteRefusal};
use crate::rules::Pairing;
use crate::rules::TeamNo;

/// A pairing as compact text: `2 v 5`, or `3 bye`.
fn pairing_text(home: TeamNo, away: Option<TeamNo>) -> String {
    match away {
        Some(away) => format!("{home} v {away}"),
        None => format!("{home} bye"),
    }
}

/// Makes `pairings` the matches of round `round`: a table that stays with the same teams
/// keeps its match (and results), one whose teams change is updated, one no longer listed
/// is deleted, a new one is inserted. `false` when there is no such round. Changing or
/// removing a match that has results, or naming a team the tournament does not have, is
/// refused whole ([`DbError::Refused`]); the pages check with
/// [`crate::input::check_pairings`] first.
///
/// By `who`: every added, changed or removed table goes in the audit
/// trail (subject `round 1 table 2`, teams by number).
pub fn replace_pairings_as(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    pairings: &[Pairing],
    who: &str,
) -> Result<bool, DbError> {
    replace_pairings_why(conn, slug, round, pairings, who, &[])
}

/// [`replace_pairings_as`] of a knockout round, with why each tie is paired as it is: the
/// reason of every table whose pairing changed goes in the audit trail beside it (subject
/// `round 6 table 1 tie`).
pub(crate) fn replace_pairings_why(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    pairings: &[Pairing],
    who: &str,
    reasons: &[(i32, audit::TieReason)],
) -> Result<bool, DbError> {
    let max_binds = conn.backend().max_binds();
    crate::db::write_transaction(conn, |conn| {
        if lock_tournament(conn, slug)?.is_none() {
            return Ok(false);
        }
        let Some((tournament_id, round_id)) = locate_round(conn, slug, round)? else {
            return Ok(false);
        };
        let team_ids = team_row_ids(conn, tournament_id)?;
        let team_id = |number: TeamNo| {
            team_ids
                .get(&number)
                .copied()
                .ok_or_else(|| DbError::Refused(WriteRefusal::NoSuchTeam { team: number }))
        };
        let stored: Vec<MatchRow> = matches::table
            .filter(matches::round_id.eq(round_id))
            .select(MatchRow::as_select())
            .load(conn)?;
        let played = played_matches(conn, round_id)?;
        let wanted: HashMap<i32, Teams> = pairings
            .iter()
            .map(|p| {
                Ok((
                    p.table,
                    (team_id(p.home)?, p.away.map(team_id).transpose()?),
                ))
            })
            .collect::<Result<_, DbError>>()?;
        let Moves { gone, changed } = pairing_moves(round, &stored, &wanted, &played)?;
        if !gone.is_empty() {
            diesel::delete(matches::table.filter(matches::id.eq_any(&gone))).execute(conn)?;
        }
        for (id, teams) in changed {
            change_teams(conn, id, teams)?;
        }
        let tables: HashSet<i32> = stored.iter().map(|m| m.table_no).collect();
        let mut new: Vec<NewMatch> = wanted
            .iter()
            .filter(|(table, _)| !tables.contains(table))
            .map(|(&table_no, &(home_team_id, away_team_id))| NewMatch {
                round_id,
                table_no,
                home_team_id,
                away_team_id,
            })
            .collect();
        new.sort_by_key(|m| m.table_no);
        for chunk in new.chunks(chunk_len(max_binds, MATCH_COLUMNS)) {
            per_backend!(&mut *conn, |c| diesel::insert_into(matches::table)
                .values(chunk)
                .execute(c))?;
        }
        let changes = pairing_changes(round, &team_ids, &stored, pairings, reasons);
        let place = audit::Place {
            area: "pairings",
            round: Some(round),
            table: None,
        };
        audit::record(conn, tournament_id, who, place, &changes)?;
        crate::db::revision::bump(conn, tournament_id)?;
        Ok(true)
    })
}

/// A match's teams by row id: home, and away unless it is a bye.
type Teams = (i32, Option<i32>);

/// What new pairings do to a round's stored matches.
struct Moves {
    /// The matches no longer listed.
    gone: Vec<i32>,
    /// The matches whose teams change, with their new teams.
    changed: Vec<(i32, Teams)>,
}

/// The tournament's teams: each team number's row id.
fn team_row_ids(
    conn: &mut DbConnection,
    tournament_id: i32,
) -> Result<HashMap<TeamNo, i32>, DbError> {
    Ok(teams::table
        .filter(teams::tournament_id.eq(tournament_id))
        .select((teams::team_no, teams::id))
        .load::<(i32, i32)>(conn)?
        .into_iter()
        .map(|(number, id)| (TeamNo(number), id))
        .collect())
}

/// The matches of the round that have results.
fn played_matches(conn: &mut DbConnection, round_id: i32) -> Result<HashSet<i32>, DbError> {
    Ok(table_results::table
        .inner_join(matches::table)
        .filter(matches::round_id.eq(round_id))
        .select(table_results::match_id)
        .distinct()
        .load::<i32>(conn)?
        .into_iter()
        .collect())
}

/// What the wanted pairings (teams' row ids by table) do to the stored matches: the
/// matches no longer listed, and those whose teams change, with their new teams. A match
/// with results (`played`) that would go or change refuses the whole change.
fn pairing_moves(
    round: i32,
    stored: &[MatchRow],
    wanted: &HashMap<i32, Teams>,
    played: &HashSet<i32>,
) -> Result<Moves, DbError> {
    let mut gone = Vec::new();
    let mut changed = Vec::new();
    for row in stored {
        let teams_now = (row.home_team_id, row.away_team_id);
        match wanted.get(&row.table_no) {
            Some(teams) if *teams == teams_now => continue,
            Some(teams) => changed.push((row.id, *teams)),
            None => gone.push(row.id),
        }
        if played.contains(&row.id) {
            return Err(DbError::Refused(WriteRefusal::PairingHasResults {
                round,
                table: row.table_no,
            }));
        }
    }
    Ok(Moves { gone, changed })
}

/// Gives match `id` its new teams (home, away row ids): the line-ups and what its table
/// had typed belonged to the teams before, and go.
fn change_teams(conn: &mut DbConnection, id: i32, (home, away): Teams) -> Result<(), DbError> {
    // The line-ups belonged to the teams that played there before.
    diesel::delete(
        crate::db::schema::lineups::table.filter(crate::db::schema::lineups::match_id.eq(id)),
    )
    .execute(conn)?;
    // What a table had typed for the old teams is not theirs to confirm.
    diesel::delete(
        crate::db::schema::table_entries::table
            .filter(crate::db::schema::table_entries::match_id.eq(id)),
    )
    .execute(conn)?;
    diesel::update(matches::table.find(id))
        .set((
            matches::home_team_id.eq(home),
            matches::away_team_id.eq(away),
        ))
        .execute(conn)?;
    Ok(())
}

/// The audit trail's lines of new pairings: each table whose pairing changed, before and
/// after (`2 v 5`), followed by why its tie is paired so when `reasons` says.
fn pairing_changes(
    round: i32,
    team_ids: &HashMap<TeamNo, i32>,
    stored: &[MatchRow],
    pairings: &[Pairing],
    reasons: &[(i32, audit::TieReason)],
) -> Vec<audit::Change> {
    let numbers: HashMap<i32, TeamNo> = team_ids.iter().map(|(n, id)| (*id, *n)).collect();
    let number = |id: i32| numbers.get(&id).copied().unwrap_or_default();
    let before: HashMap<i32, String> = stored
        .iter()
        .map(|m| {
            let text = pairing_text(number(m.home_team_id), m.away_team_id.map(number));
            (m.table_no, text)
        })
        .collect();
    let after: HashMap<i32, String> = pairings
        .iter()
        .map(|p| (p.table, pairing_text(p.home, p.away)))
        .collect();
    let mut tables: Vec<i32> = before.keys().chain(after.keys()).copied().collect();
    tables.sort_unstable();
    tables.dedup();
    tables
        .into_iter()
        .filter_map(|table| {
            let b = before.get(&table).cloned().unwrap_or_default();
            let a = after.get(&table).cloned().unwrap_or_default();
            (b != a).then_some(audit::Change {
                subject: audit::Subject::Pairing { round, table },
                before: b,
                after: a,
            })
        })
        .flat_map(|change| {
            let why = match change.subject {
                audit::Subject::Pairing { table, .. } => reasons
                    .iter()
                    .find(|(t, _)| *t == table)
                    .map(|(_, reason)| audit::Change {
                        subject: audit::Subject::Tie { round, table },
                        before: String::new(),
                        after: reason.to_string(),
                    }),
                _ => None,
            };
            std::iter::once(change).chain(why)
        })
        .collect()
}
