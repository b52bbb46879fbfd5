//! Reading `teams.csv`, in an archive or on its own.

use std::collections::HashMap;

use super::TEAMS;
use super::reader::{Row, read_csv};
use super::unread::{Unread, first_seen};
use crate::archive::{ArchiveFiles, Problem};
use crate::input::{PlayerWhy, Why, check_text, clip};
use crate::rules::player_id::PlayerId;
use crate::rules::{Team, TeamNo};

/// Reads a `teams.csv` on its own (a director's upload): every team with the line it
/// stands on, or every problem, with the same checks and messages as an archive import.
pub fn parse_teams(text: &str) -> Result<Vec<(u64, Team)>, Vec<Problem>> {
    let files: ArchiveFiles = std::iter::once((TEAMS, text.to_owned())).collect();
    let mut problems = Vec::new();
    let teams = read_teams(&files, &mut problems, &mut Unread::default());
    if problems.is_empty() {
        Ok(teams)
    } else {
        problems.sort_by_key(|p| p.line);
        Err(problems)
    }
}

pub(super) fn read_teams(
    files: &ArchiveFiles,
    problems: &mut Vec<Problem>,
    unread: &mut Unread,
) -> Vec<(u64, Team)> {
    let Some(table) = read_csv(
        files,
        TEAMS,
        &["team_no", "name", "club", "members"],
        &["member_ids", "withdrawn"],
        problems,
    ) else {
        if files.get(TEAMS).is_none() {
            problems.push(Problem::in_file(TEAMS, Why::MissingFile));
        }
        unread.teams.all = true;
        return Vec::new();
    };
    unread.teams.all = table.lost_rows;
    let mut seen = HashMap::new();
    let mut teams = Vec::new();
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let number = row.number("team_no", 1).map(TeamNo);
        let name = row.text("name");
        if name.is_empty() {
            row.problem(Why::Empty {
                column: "name".to_owned(),
            });
        }
        if let Some(n) = number
            && let Err(first) = first_seen(&mut seen, n, *line)
        {
            row.problem(Why::TeamTwice { team: n, first });
            unread.teams.stray(());
        }
        let club = row.text("club");
        let members = row.names("members");
        let texts = [("name", &name), ("club", &club)]
            .into_iter()
            .chain(members.iter().map(|m| ("members", m)));
        for (column, text) in texts {
            if let Some(why) = check_text(column, text) {
                row.problem(why);
                break;
            }
        }
        let member_ids = member_ids(&mut row, &members);
        let withdrawn = match row.raw("withdrawn") {
            "" => false,
            "yes" => true,
            other => {
                row.problem(Why::NotOneOf {
                    what: "withdrawn".to_owned(),
                    got: clip(other),
                    allowed: "yes or empty".to_owned(),
                });
                false
            }
        };
        let team = number.map(|number| Team {
            number,
            name,
            club,
            members,
            member_ids,
            withdrawn,
        });
        if !row.problems.is_empty() {
            unread.teams.bad_row(Some(()), number);
        }
        if let Some(team) = row.finish(team, problems) {
            teams.push((*line, team));
        }
    }
    teams
}

/// A row's `member_ids` (docs/rules.md §14): one part per member, or an empty cell when no
/// member is linked; a player linked to two members is refused.
fn member_ids(row: &mut Row<'_, '_>, members: &[String]) -> Vec<Option<PlayerId>> {
    let cell = row.raw("member_ids");
    let ids = row.ids("member_ids");
    if ids.is_empty() {
        return ids;
    }
    if ids.len() != members.len() {
        row.problem(Why::Player(PlayerWhy::MemberIdsCount {
            ids: ids.len(),
            members: members.len(),
        }));
        return Vec::new();
    }
    if ids.iter().all(Option::is_none) {
        row.problem(Why::Player(PlayerWhy::MemberIdsEmpty { cell: clip(cell) }));
        return Vec::new();
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(id) = ids.iter().flatten().find(|id| !seen.insert(**id)) {
        row.problem(Why::Player(PlayerWhy::LinkTwice { id: *id }));
    }
    ids
}
