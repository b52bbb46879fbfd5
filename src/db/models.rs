//! Per table a row struct (what a query reads) and an insert form (what a write sends).
//! Insert forms write `None` as NULL rather than the column default, which also lets
//! SQLite take many rows in one statement.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{boards, matches, rounds, table_results, team_members, teams, tournaments};

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub(crate) struct TournamentRow {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub published: bool,
    pub decks: i32,
    pub rules: String,
    pub takeover_at: Option<i32>,
    pub bands: Option<String>,
    pub step: Option<i32>,
    pub bottom_multiplier: String,
    pub match_scoring: String,
    pub vp_blitz: f64,
    pub win_points: i64,
    pub(crate) draw_points: i64,
    pub(crate) loss_points: i64,
    pub bye_score: i64,
    pub tiebreaks: String,
    pub pairing: String,
    pub swiss_seed: Option<i64>,
    pub table_entry: bool,
    pub table_approval: bool,
    pub table_codes: bool,
    pub correction_minutes: i32,
    pub publish_draw: bool,
    pub(crate) finished: bool,
    pub(crate) rated: bool,
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = tournaments, treat_none_as_default_value = false)]
pub(crate) struct NewTournament<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub published: bool,
    pub decks: i32,
    pub rules: &'a str,
    pub takeover_at: Option<i32>,
    pub bands: Option<String>,
    pub step: Option<i32>,
    pub bottom_multiplier: &'a str,
    pub match_scoring: &'a str,
    pub vp_blitz: f64,
    pub win_points: i64,
    pub(crate) draw_points: i64,
    pub(crate) loss_points: i64,
    pub bye_score: i64,
    pub tiebreaks: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub pairing: &'a str,
    pub swiss_seed: Option<i64>,
    pub table_entry: bool,
    pub table_approval: bool,
    pub table_codes: bool,
    pub correction_minutes: i32,
    pub publish_draw: bool,
    pub(crate) finished: bool,
    pub(crate) rated: bool,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = teams)]
pub(crate) struct TeamRow {
    pub id: i32,
    pub team_no: i32,
    pub name: String,
    pub club: String,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = teams, treat_none_as_default_value = false)]
pub(crate) struct NewTeam<'a> {
    pub tournament_id: i32,
    pub team_no: i32,
    pub name: &'a str,
    pub club: &'a str,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = team_members)]
pub(crate) struct TeamMemberRow {
    pub(crate) team_id: i32,
    pub name: String,
    pub(crate) player_id: Option<i64>,
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = team_members, treat_none_as_default_value = false)]
pub(crate) struct NewTeamMember<'a> {
    pub(crate) team_id: i32,
    /// 1, 2, … in the order the team lists its members.
    pub position: i32,
    pub name: &'a str,
    /// The registry player the member is linked to.
    pub(crate) player_id: Option<i64>,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = rounds)]
pub(crate) struct RoundRow {
    pub id: i32,
    pub number: i32,
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = rounds, treat_none_as_default_value = false)]
pub(crate) struct NewRound {
    pub tournament_id: i32,
    pub number: i32,
    /// Whether the round's pairings are public (docs/rules.md §5, "the draw").
    pub(crate) draw_published: bool,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = boards)]
pub(crate) struct BoardRow {
    pub id: i32,
    pub round_id: i32,
    pub number: i32,
    pub dealer: String,
    pub level: String,
    pub trump: Option<String>,
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = boards, treat_none_as_default_value = false)]
pub(crate) struct NewBoard {
    pub round_id: i32,
    pub number: i32,
    pub dealer: &'static str,
    pub level: &'static str,
    pub trump: Option<&'static str>,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = matches)]
pub(crate) struct MatchRow {
    pub id: i32,
    pub round_id: i32,
    pub table_no: i32,
    pub(crate) home_team_id: i32,
    pub(crate) away_team_id: Option<i32>,
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = matches, treat_none_as_default_value = false)]
pub(crate) struct NewMatch {
    pub round_id: i32,
    pub table_no: i32,
    pub(crate) home_team_id: i32,
    /// `None`: a bye.
    pub(crate) away_team_id: Option<i32>,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = table_results)]
pub(crate) struct TableResultRow {
    pub id: i32,
    pub match_id: i32,
    pub board_id: i32,
    pub room: String,
    pub trick_points: Option<i32>,
    pub bottom_points: Option<i32>,
    pub last_trick: Option<String>,
    pub combo: Option<String>,
    pub declarer_penalty: Option<i32>,
    pub defender_penalty: Option<i32>,
    pub ruling: Option<i32>,
    pub defender_total: Option<i32>,
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = table_results, treat_none_as_default_value = false)]
pub(crate) struct NewTableResult {
    pub match_id: i32,
    pub board_id: i32,
    pub room: &'static str,
    pub trick_points: Option<i32>,
    pub bottom_points: Option<i32>,
    pub last_trick: Option<&'static str>,
    pub combo: Option<String>,
    pub declarer_penalty: Option<i32>,
    pub defender_penalty: Option<i32>,
    pub ruling: Option<i32>,
    pub defender_total: Option<i32>,
}

/// One line of the tournament list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSummary {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub published: bool,
    pub teams: usize,
    pub rounds: usize,
    pub created_at: NaiveDateTime,
}
