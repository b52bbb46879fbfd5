//! What a staged event's teams, rounds and results refuse in its stages and its knockout
//! schedule, each at the line of `tournament.toml` or `schedule.csv` it stands on.

use std::collections::HashMap;

use super::SCHEDULE;
use super::reader::read_csv;
use crate::archive::settings::TOURNAMENT_TOML;
use crate::archive::{ArchiveFiles, Problem};
use crate::input::Why;
use crate::rules::Event;

/// What a staged event's teams, rounds and results refuse in its stages and its knockout
/// schedule (docs/rules.md §12), each at the line it stands on.
pub(super) fn check_stages(files: &ArchiveFiles, event: &Event) -> Vec<Problem> {
    use crate::rules::Report;
    use crate::rules::bracket::{Championship, check_knockout};
    use crate::rules::stage_tables::{EventStageError, check_event};
    let stages = &event.settings.stages;
    if stages.is_empty() {
        return Vec::new();
    }
    let toml = files.get(TOURNAMENT_TOML).unwrap_or("");
    let mut lines: HashMap<(i32, i32), u64> = HashMap::new();
    let mut first_of_round: HashMap<i32, u64> = HashMap::new();
    if let Some(table) = read_csv(
        files,
        SCHEDULE,
        &["round", "table", "home", "away"],
        &[],
        &mut Vec::new(),
    ) {
        for (line, record) in &table.rows {
            let round = table.cell(record, "round").parse::<i32>().ok();
            let t = table.cell(record, "table").parse::<i32>().ok();
            if let (Some(r), Some(t)) = (round, t) {
                lines.entry((r, t)).or_insert(*line);
                first_of_round.entry(r).or_insert(*line);
            }
        }
    }
    let at_schedule = |round: i32, table: i32| {
        lines
            .get(&(round, table))
            .or_else(|| first_of_round.get(&round))
            .copied()
            .unwrap_or(1)
    };
    let mut problems = Vec::new();
    for e in check_event(stages, event) {
        problems.push(match e {
            EventStageError::RoundInNoStage { round, last } => Problem::at(
                TOURNAMENT_TOML,
                crate::archive::settings::stage_key_line(toml, stages.len() - 1, "rounds"),
                Why::RoundInNoStage { round, last },
            ),
            EventStageError::UnknownGroupTeam { stage, team } => Problem::at(
                TOURNAMENT_TOML,
                crate::archive::settings::stage_key_line(toml, stage, "groups"),
                Why::GroupTeamUnknown {
                    stage: stage + 1,
                    team,
                },
            ),
            EventStageError::TeamInNoGroup { stage, team } => Problem::at(
                TOURNAMENT_TOML,
                crate::archive::settings::stage_key_line(toml, stage, "groups"),
                Why::TeamInNoGroup {
                    stage: stage + 1,
                    team,
                },
            ),
            EventStageError::AcrossGroups {
                round,
                table,
                home,
                away,
            } => Problem::at(
                SCHEDULE,
                at_schedule(round, table),
                Why::AcrossGroups { round, home, away },
            ),
        });
    }
    if !problems.is_empty() {
        return problems;
    }
    let report = Report::compute(event);
    let Some(bracket) = Championship::compute(event, &report).and_then(|c| c.bracket) else {
        return problems;
    };
    for fault in check_knockout(&bracket, event) {
        let (round, table) = fault.place();
        problems.push(Problem::at(
            SCHEDULE,
            at_schedule(round, table),
            Why::of_knockout(fault),
        ));
    }
    for &fault in &bracket.exchange_faults {
        problems.push(Problem::at(
            TOURNAMENT_TOML,
            crate::archive::settings::stage_exchange_line(
                toml,
                bracket.stage,
                fault.exchange() + 1,
            ),
            Why::of_exchange(&bracket, fault),
        ));
    }
    problems.sort_by_key(|p| (p.file != TOURNAMENT_TOML, p.line));
    problems
}
