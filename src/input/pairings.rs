//! A round's pairings as a director types them: table, home and away team numbers, read
//! and checked against the tournament's teams and the round's saved matches, every problem
//! tied to its row and field.

use std::collections::{HashMap, HashSet};

use super::text::read_number;
use crate::rules::{Match, Pairing, Team, TeamNo};

/// One pairing row as typed: table number, home and away team numbers (empty away: a bye).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PairingRow {
    pub table: String,
    pub home: String,
    pub away: String,
}

impl PairingRow {
    pub(crate) fn is_blank(&self) -> bool {
        self.home.trim().is_empty() && self.away.trim().is_empty()
    }
}

/// What is wrong with a pairing row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PairingProblem {
    /// The table number is missing, not a number or below 1.
    BadTable,
    /// Another row already has this table number.
    TableTwice(i32),
    /// Teams are given but no home team.
    NoHome,
    /// Not a team of the tournament.
    UnknownTeam(String),
    /// A withdrawn team that was not in this round's pairings before.
    Withdrawn(TeamNo),
    /// The team already plays at another table of the round.
    TeamTwice { team: TeamNo, table: i32 },
    /// Home and away are the same team.
    SameTeam(TeamNo),
    /// The match at this table has results, and this would change or remove it.
    HasResults(i32),
    /// The round's results have begun and it has not been unlocked: no re-pairing.
    RoundLocked,
    /// A round of a groups stage pairs two teams of different groups (docs/rules.md §12).
    AcrossGroups {
        round: i32,
        home: TeamNo,
        away: TeamNo,
    },
}

/// A problem with a pairing: the row (index among the rows given; `None` for the form as a
/// whole) and the field (`table`, `home`, `away`, or `row`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PairingError {
    pub row: Option<usize>,
    pub field: &'static str,
    pub problem: PairingProblem,
}

/// Checks a round's pairings as typed, against the tournament's `teams` and the round's
/// `saved` matches (a match with results cannot change or disappear). Blank rows are
/// skipped. The pairings come back by table number.
pub(crate) fn check_pairings(
    rows: &[PairingRow],
    teams: &[Team],
    saved: &[Match],
) -> Result<Vec<Pairing>, Vec<PairingError>> {
    let known: HashMap<TeamNo, &Team> = teams.iter().map(|t| (t.number, t)).collect();
    let already: HashSet<TeamNo> = saved
        .iter()
        .flat_map(|m| std::iter::once(m.home).chain(m.away))
        .collect();
    let mut errors = Vec::new();
    let mut pairings = Vec::new();
    let mut tables: HashMap<i32, usize> = HashMap::new();
    let mut playing: HashMap<TeamNo, i32> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        if row.is_blank() {
            continue;
        }
        let mut err = |field: &'static str, problem: PairingProblem| {
            errors.push(PairingError {
                row: Some(i),
                field,
                problem,
            })
        };
        let table = match read_number(&row.table) {
            Some(Ok(t)) if t >= 1 => Some(t),
            _ => {
                err("table", PairingProblem::BadTable);
                None
            }
        };
        if let Some(t) = table
            && tables.insert(t, i).is_some()
        {
            err("table", PairingProblem::TableTwice(t));
        }
        let mut team = |field: &'static str, text: &str| -> Option<TeamNo> {
            let text = text.trim();
            if text.is_empty() {
                return None;
            }
            match read_number(text).and_then(Result::ok).map(TeamNo) {
                Some(n) if known.contains_key(&n) => {
                    if known[&n].withdrawn && !already.contains(&n) {
                        err(field, PairingProblem::Withdrawn(n));
                        None
                    } else {
                        Some(n)
                    }
                }
                _ => {
                    err(field, PairingProblem::UnknownTeam(text.to_owned()));
                    None
                }
            }
        };
        let home = team("home", &row.home);
        let away = team("away", &row.away);
        if row.home.trim().is_empty() {
            err("home", PairingProblem::NoHome);
        }
        if let (Some(h), Some(a)) = (home, away)
            && h == a
        {
            err("away", PairingProblem::SameTeam(h));
        }
        for (field, team) in [("home", home), ("away", away)] {
            if let (Some(n), Some(t)) = (team, table)
                && home != away
            {
                match playing.get(&n) {
                    Some(&other) => err(
                        field,
                        PairingProblem::TeamTwice {
                            team: n,
                            table: other,
                        },
                    ),
                    None => {
                        playing.insert(n, t);
                    }
                }
            }
        }
        if let (Some(table), Some(home)) = (table, home) {
            pairings.push((i, Pairing { table, home, away }));
        }
    }
    // A match with results keeps its table and its teams.
    for m in saved.iter().filter(|m| !m.results.is_empty()) {
        let same = pairings.iter().find(|(_, p)| p.table == m.table);
        match same {
            Some((_, p)) if *p == Pairing::of(m) => {}
            Some((i, _)) => errors.push(PairingError {
                row: Some(*i),
                field: "row",
                problem: PairingProblem::HasResults(m.table),
            }),
            None => errors.push(PairingError {
                row: None,
                field: "row",
                problem: PairingProblem::HasResults(m.table),
            }),
        }
    }
    if errors.is_empty() {
        let mut pairings: Vec<Pairing> = pairings.into_iter().map(|(_, p)| p).collect();
        pairings.sort_by_key(|p| p.table);
        Ok(pairings)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{EntryFigures, Room, TableEntry, TableResult};

    fn team(number: i32, withdrawn: bool) -> Team {
        Team {
            member_ids: Vec::new(),
            number: TeamNo(number),
            name: format!("T{number}"),
            club: String::new(),
            members: vec![],
            withdrawn,
        }
    }

    fn prow(table: &str, home: &str, away: &str) -> PairingRow {
        PairingRow {
            table: table.into(),
            home: home.into(),
            away: away.into(),
        }
    }

    #[test]
    fn pairings_are_checked_row_by_row() {
        use PairingProblem::*;
        let teams: Vec<Team> = (1..=5).map(|n| team(n, n == 5)).collect();
        let ok = check_pairings(
            &[
                prow("2", "3", "4"),
                prow("1", "2", "1"),
                prow("3", "", ""),
                prow("3", "5", ""),
            ],
            &teams[..4],
            &[],
        );
        assert!(ok.is_err(), "team 5 is unknown among four teams");
        let ok = check_pairings(
            &[prow("2", "3", "4"), prow("1", "2", "1"), prow("", "", "")],
            &teams,
            &[],
        )
        .unwrap();
        assert_eq!(
            ok,
            [
                Pairing {
                    table: 1,
                    home: TeamNo(2),
                    away: Some(TeamNo(1))
                },
                Pairing {
                    table: 2,
                    home: TeamNo(3),
                    away: Some(TeamNo(4))
                },
            ]
        );
        let bye = check_pairings(&[prow("3", "1", "")], &teams, &[]).unwrap();
        assert_eq!(bye[0].away, None);

        let errors = check_pairings(
            &[
                prow("1", "1", "2"),
                prow("1", "3", "3"),
                prow("2", "9", "2"),
                prow("x", "4", ""),
                prow("4", "", "4"),
                prow("5", "5", ""),
            ],
            &teams,
            &[],
        )
        .unwrap_err();
        let got: Vec<(Option<usize>, &str, PairingProblem)> = errors
            .into_iter()
            .map(|e| (e.row, e.field, e.problem))
            .collect();
        assert_eq!(
            got,
            [
                (Some(1), "table", TableTwice(1)),
                (Some(1), "away", SameTeam(TeamNo(3))),
                (Some(2), "home", UnknownTeam("9".into())),
                (
                    Some(2),
                    "away",
                    TeamTwice {
                        team: TeamNo(2),
                        table: 1
                    }
                ),
                (Some(3), "table", BadTable),
                (Some(4), "home", NoHome),
                (Some(5), "home", Withdrawn(TeamNo(5))),
            ]
        );
    }

    #[test]
    fn matches_with_results_keep_their_pairing() {
        let teams: Vec<Team> = (1..=5).map(|n| team(n, n == 5)).collect();
        let played = Match {
            table: 1,
            home: TeamNo(1),
            away: Some(TeamNo(5)),
            results: vec![TableResult {
                room: Room::Open,
                board: 1,
                entry: TableEntry::stored(EntryFigures {
                    trick_points: Some(40),
                    ..EntryFigures::default()
                }),
            }]
            .into(),
        };
        let unplayed = Match {
            table: 2,
            home: TeamNo(2),
            away: Some(TeamNo(3)),
            results: vec![].into(),
        };
        let saved = [played, unplayed];
        // Withdrawn team 5 stays where it was; the unplayed match may change.
        assert!(
            check_pairings(
                &[prow("1", "1", "5"), prow("2", "3", "2"), prow("3", "4", "")],
                &teams,
                &saved
            )
            .is_ok()
        );
        let swapped = check_pairings(&[prow("1", "5", "1"), prow("2", "2", "3")], &teams, &saved)
            .unwrap_err();
        assert_eq!(swapped[0].row, Some(0));
        assert_eq!(swapped[0].problem, PairingProblem::HasResults(1));
        let removed = check_pairings(&[prow("2", "2", "3")], &teams, &saved).unwrap_err();
        assert_eq!(
            removed,
            [PairingError {
                row: None,
                field: "row",
                problem: PairingProblem::HasResults(1)
            }]
        );
    }
}
