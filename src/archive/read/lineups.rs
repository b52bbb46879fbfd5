//! Reading the optional `lineups.csv`.

use std::collections::HashMap;

use super::reader::{Row, read_csv};
use super::schedule::Schedule;
use super::unread::{Unread, first_seen};
use crate::archive::write::{LINEUP_COLUMNS, LINEUPS};
use crate::archive::{ArchiveFiles, Problem, unneutralise};
use crate::input::{PlayerWhy, Why, clip};
use crate::rules::player_id::PlayerId;
use crate::rules::{Lineup, Room, Team, TeamNo};

/// Reads the optional `lineups.csv`: each row names two members of a team that plays at
/// that table.
pub(super) fn read_lineups(
    files: &ArchiveFiles,
    teams: &[(u64, Team)],
    schedule: &Schedule,
    problems: &mut Vec<Problem>,
    unread: &Unread,
) -> Vec<Lineup> {
    let mut lineups = Vec::new();
    let Some(table) = read_csv(files, LINEUPS, &LINEUP_COLUMNS, &["player_ids"], problems) else {
        return lineups;
    };
    let mut seen = HashMap::new();
    // (round, table, team, player) → (room, line): one person sits in one room at a time.
    let mut seated: HashMap<(i32, i32, TeamNo, String), (Room, u64)> = HashMap::new();
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let round = row.number("round", 1);
        let table_no = row.number("table", 1);
        let room = row.required::<Room>("room");
        let team = row.number("team_no", 1).map(TeamNo);
        let cell = unneutralise(row.raw("players"));
        let names: Vec<String> = cell.split(';').map(|p| p.trim().to_owned()).collect();
        let two = names.len() == 2 && names.iter().all(|n| !n.is_empty());
        if two {
            // Two names: the spelling is checked (`A; B` is written `A;B`).
            row.names("players");
        }
        let players: Option<[String; 2]> = match names.as_slice() {
            [a, b] if !a.is_empty() && !b.is_empty() && a != b => Some([a.clone(), b.clone()]),
            _ => {
                row.problem(Why::LineupPlayers {
                    cell: cell.to_owned(),
                });
                None
            }
        };
        let given = (table.has("player_ids")).then(|| player_ids(&mut row));
        let mut player_ids = [None, None];
        if let Some(team) = team {
            match teams.iter().find(|(_, t)| t.number == team) {
                None if unread.teams.covers(&team, &()) => {}
                None => row.problem(Why::UnknownTeam { team }),
                // A team with a bad or doubled row: its members are not known for sure.
                Some(_) if unread.teams.covers(&team, &()) => {}
                Some((_, t)) => {
                    if let Some(players) = &players {
                        player_ids = players.clone().map(|p| t.id_of(&p));
                        agree(&mut row, players, &player_ids, given);
                    }
                    for player in players.iter().flatten() {
                        if !t.members.contains(player) {
                            row.problem(Why::NotAMember {
                                player: player.clone(),
                                team,
                            });
                        }
                    }
                }
            }
        }
        if let (Some(r), Some(t), Some(team)) = (round, table_no, team) {
            match schedule.get(&(r, t)) {
                None if unread.tables.covers(&(r, t), &r) => {}
                None => row.problem(Why::NoTable { round: r, table: t }),
                // A table with a bad or doubled row: who sits at it is not known for sure.
                Some(_) if unread.tables.covers(&(r, t), &r) => {}
                Some((home, None)) => row.problem(Why::ByeNoLineup {
                    round: r,
                    table: t,
                    team: *home,
                }),
                Some((home, Some(away))) if team != *home && team != *away => {
                    row.problem(Why::NotAtTable {
                        team,
                        round: r,
                        table: t,
                    })
                }
                Some(_) => {}
            }
            if let Some(room) = room {
                for player in players.iter().flatten() {
                    let key = (r, t, team, player.clone());
                    match seated.get(&key) {
                        Some(&(other, first)) if other != room => {
                            row.problem(Why::BothRooms {
                                player: player.clone(),
                                first,
                            });
                        }
                        Some(_) => {}
                        None => {
                            seated.insert(key, (room, *line));
                        }
                    }
                }
            }
            if let Some(room) = room
                && let Err(first) = first_seen(&mut seen, (r, t, room, team), *line)
            {
                row.problem(Why::LineupTwice {
                    round: r,
                    table: t,
                    room,
                    team,
                    first,
                });
            }
        }
        let value = match (round, table_no, room, team, players) {
            (Some(round), Some(table), Some(room), Some(team), Some(players)) => Some(Lineup {
                round,
                table,
                room,
                team,
                players,
                player_ids,
            }),
            _ => None,
        };
        if let Some(lineup) = row.finish(value, problems) {
            lineups.push(lineup);
        }
    }
    lineups
}

/// A row's `player_ids` (docs/rules.md §14): empty, or two parts of which at least one is
/// an id.
fn player_ids(row: &mut Row<'_, '_>) -> [Option<PlayerId>; 2] {
    let cell = row.raw("player_ids");
    let ids = row.ids("player_ids");
    match ids.as_slice() {
        [] => [None, None],
        [None, None] => {
            row.problem(Why::NotCanonical {
                column: "player_ids".to_owned(),
                cell: clip(cell),
                canonical: String::new(),
            });
            [None, None]
        }
        [a, b] => [*a, *b],
        more => {
            row.problem(Why::Player(PlayerWhy::PlayerIdsCount { ids: more.len() }));
            [None, None]
        }
    }
}

/// Refuses `player_ids` (`given`, when the file has the column) that differ from what the
/// team's `member_ids` link its two players to (`roster`).
fn agree(
    row: &mut Row<'_, '_>,
    players: &[String; 2],
    roster: &[Option<PlayerId>; 2],
    given: Option<[Option<PlayerId>; 2]>,
) {
    let Some(given) = given else { return };
    let text = |id: Option<PlayerId>| id.map_or_else(|| "none".to_owned(), |id| id.to_string());
    for i in 0..2 {
        if given[i] != roster[i] {
            row.problem(Why::Player(PlayerWhy::LineupIds {
                player: players[i].clone(),
                given: text(given[i]),
                roster: text(roster[i]),
            }));
        }
    }
}
