//! The database's edits as a test makes them: by nobody in particular (the audit trail's
//! user name left empty) and without the version check of a page, so a test states only
//! what it changes. The server's own callers always say who and, for results, which version
//! the page was based on (`fushi::db::…_as`).
#![allow(dead_code)]

use fushi::db::{self, DbConnection, DbError, EditError, MatchSave, Upserted};
use fushi::rules::{Board, Pairing, Settings, TableResult, Team, TeamNo};

pub fn add_team(conn: &mut DbConnection, slug: &str, team: &Team) -> Result<(), EditError> {
    db::add_team_as(conn, slug, team, "")
}

pub fn set_withdrawn(
    conn: &mut DbConnection,
    slug: &str,
    number: TeamNo,
    withdrawn: bool,
) -> Result<(), EditError> {
    db::set_withdrawn_as(conn, slug, number, withdrawn, "")
}

pub fn update_settings(
    conn: &mut DbConnection,
    slug: &str,
    new: &Settings,
) -> Result<(), EditError> {
    db::update_settings_as(conn, slug, new, "")
}

pub fn update_team(
    conn: &mut DbConnection,
    slug: &str,
    number: TeamNo,
    team: &Team,
) -> Result<(), EditError> {
    db::update_team_as(conn, slug, number, team, "")
}

pub fn upsert_teams(
    conn: &mut DbConnection,
    slug: &str,
    list: &[Team],
) -> Result<Upserted, EditError> {
    db::upsert_teams_as(conn, slug, list, "")
}

/// `false` when there is no such round.
pub fn replace_pairings(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    pairings: &[Pairing],
) -> Result<bool, DbError> {
    db::replace_pairings_as(conn, slug, round, pairings, "")
}

/// `false` when there is no such match.
pub fn save_match_results(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
    results: &[TableResult],
) -> Result<bool, DbError> {
    Ok(
        db::save_match_results_as(conn, slug, round, table, results, "", None)?
            != MatchSave::Missing,
    )
}

/// `false` when there is no such round.
pub fn update_boards(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    new: &[Board],
) -> Result<bool, DbError> {
    db::update_boards_as(conn, slug, round, new, "")
}
