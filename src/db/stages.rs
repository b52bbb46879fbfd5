//! A championship's stages as rows: stored with a whole tournament (import), replaced from
//! the director's stage settings, loaded with the tournament into its settings. The rows
//! are read back through the one check of stages, `Stage::parse_all`.

use diesel::prelude::*;

use super::DbError;
use super::connection::{DbConnection, per_backend};
use super::schema::{stage_exchanges, stages};
use crate::rules::stages::{Exact, ExchangeDraft, Stage, StageDraft, StageFormat};

#[derive(Insertable, Queryable, Selectable)]
#[diesel(table_name = stage_exchanges)]
struct ExchangeRow {
    tournament_id: i32,
    stage_position: i32,
    position: i32,
    ko_round: i32,
    team_a: i32,
    team_b: i32,
    reason: String,
}

#[derive(Insertable)]
#[diesel(table_name = stages)]
struct NewStage {
    tournament_id: i32,
    position: i32,
    name: String,
    first_round: i32,
    last_round: i32,
    format: String,
    groups_list: Option<String>,
    teams: Option<i32>,
    segments: Option<String>,
    third_place: bool,
    carry_over: i64,
    carry_over_h2h: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = stages)]
struct StageRow {
    id: i32,
    name: String,
    first_round: i32,
    last_round: i32,
    format: String,
    groups_list: Option<String>,
    teams: Option<i32>,
    segments: Option<String>,
    third_place: bool,
    carry_over: i64,
    carry_over_h2h: i64,
}

fn form(tournament_id: i32, position: usize, s: &Stage) -> NewStage {
    let mut f = NewStage {
        tournament_id,
        position: i32::try_from(position).unwrap_or(i32::MAX),
        name: s.name.clone(),
        first_round: s.first_round,
        last_round: s.last_round,
        format: s.format.code().to_owned(),
        groups_list: None,
        teams: None,
        segments: None,
        third_place: false,
        carry_over: 0,
        carry_over_h2h: 0,
    };
    match &s.format {
        StageFormat::Groups(groups) => {
            let lists: Vec<String> = groups
                .iter()
                .map(|g| {
                    g.iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect();
            f.groups_list = Some(lists.join(";"));
        }
        StageFormat::Knockout(k) => {
            f.teams = i32::try_from(k.teams).ok();
            f.segments = Some(
                k.segments
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(","),
            );
            f.third_place = k.third_place;
            f.carry_over = k.carry_over.0;
            f.carry_over_h2h = k.carry_over_h2h.0;
        }
        _ => {}
    }
    f
}

/// Stores `stages` for the tournament, replacing the ones it had.
pub(crate) fn replace_stages(
    conn: &mut DbConnection,
    tournament_id: i32,
    list: &[Stage],
) -> Result<(), DbError> {
    diesel::delete(stages::table.filter(stages::tournament_id.eq(tournament_id))).execute(conn)?;
    diesel::delete(stage_exchanges::table.filter(stage_exchanges::tournament_id.eq(tournament_id)))
        .execute(conn)?;
    let forms: Vec<NewStage> = list
        .iter()
        .enumerate()
        .map(|(i, s)| form(tournament_id, i, s))
        .collect();
    if !forms.is_empty() {
        per_backend!(&mut *conn, |c| diesel::insert_into(stages::table)
            .values(&forms)
            .execute(c))?;
    }
    let at = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    let exchanges: Vec<ExchangeRow> = list
        .iter()
        .enumerate()
        .filter_map(|(i, s)| Some((i, s.knockout()?)))
        .flat_map(|(i, k)| {
            k.exchanges
                .iter()
                .enumerate()
                .map(move |(j, x)| ExchangeRow {
                    tournament_id,
                    stage_position: at(i),
                    position: at(j),
                    ko_round: i32::try_from(x.ko_round).unwrap_or(i32::MAX),
                    team_a: x.teams[0].get(),
                    team_b: x.teams[1].get(),
                    reason: x.reason.clone(),
                })
        })
        .collect();
    if !exchanges.is_empty() {
        per_backend!(&mut *conn, |c| diesel::insert_into(stage_exchanges::table)
            .values(&exchanges)
            .execute(c))?;
    }
    Ok(())
}

fn numbers(table_id: i32, column: &str, text: &str) -> Result<Vec<i64>, DbError> {
    text.split(',')
        .filter(|s| !s.is_empty())
        .map(|n| {
            n.trim()
                .parse::<i64>()
                .map_err(|e| DbError::corrupt("stages", table_id, column, e))
        })
        .collect()
}

/// The tournament's stages in order, checked.
pub(crate) fn load_stages(
    conn: &mut DbConnection,
    tournament_id: i32,
) -> Result<Vec<Stage>, DbError> {
    let rows: Vec<StageRow> = stages::table
        .filter(stages::tournament_id.eq(tournament_id))
        .order(stages::position.asc())
        .select(StageRow::as_select())
        .load(conn)?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let exchanges: Vec<ExchangeRow> = stage_exchanges::table
        .filter(stage_exchanges::tournament_id.eq(tournament_id))
        .order((
            stage_exchanges::stage_position.asc(),
            stage_exchanges::position.asc(),
        ))
        .select(ExchangeRow::as_select())
        .load(conn)?;
    let mut drafts = Vec::with_capacity(rows.len());
    for (position, r) in rows.iter().enumerate() {
        let knockout = r.format == "knockout";
        drafts.push(StageDraft {
            name: r.name.clone(),
            rounds: Some((r.first_round.into(), r.last_round.into())),
            format: r.format.clone(),
            groups: r
                .groups_list
                .as_deref()
                .map(|g| {
                    g.split(';')
                        .map(|list| numbers(r.id, "groups_list", list))
                        .collect::<Result<Vec<_>, _>>()
                })
                .transpose()?,
            teams: r.teams.map(i64::from),
            segments: r
                .segments
                .as_deref()
                .map(|s| numbers(r.id, "segments", s))
                .transpose()?,
            third_place: knockout.then_some(r.third_place),
            carry_over: knockout.then_some(Exact(r.carry_over).as_f64()),
            carry_over_h2h: knockout.then_some(Exact(r.carry_over_h2h).as_f64()),
            exchanges: exchanges
                .iter()
                .filter(|x| usize::try_from(x.stage_position).ok() == Some(position))
                .map(|x| ExchangeDraft {
                    ko_round: Some(x.ko_round.into()),
                    teams: Some(vec![x.team_a.into(), x.team_b.into()]),
                    reason: x.reason.clone(),
                })
                .collect(),
        });
    }
    Stage::parse_all(&drafts).map_err(|errors| {
        let e = &errors[0];
        DbError::corrupt(
            "stages",
            rows.get(e.index).map_or(0, |r| r.id),
            e.key.key(),
            format!("{:?}", e.reason),
        )
    })
}
