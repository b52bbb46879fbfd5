//! Line-ups (who sat in each room of each match) and the director's checks of odd results
//! (docs/rules.md §11). The figures themselves come from [`crate::rules::field`].

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;

use super::audit;
use super::connection::DbConnection;
use super::lineups::NewLineup;
use super::rounds::{locate_round, tournament_id};
use super::schema::{lineups, matches, odd_result_checks, odd_result_settings, teams, tournaments};
use super::{DbError, WriteRefusal};
use crate::rules::field::DEFAULT_THRESHOLD;
use crate::rules::{Lineup, Room, TeamNo};

/// One team's pair in one room, as a director chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineupChoice {
    pub room: Room,
    pub team: TeamNo,
    pub players: [String; 2],
}

/// Replaces the line-ups of the match at `table` in round `round` by `who`, in one
/// transaction with its audit rows; `false` when there is no such match. A team that does
/// not play there, a player who is not a member of the team, or the same player twice is
/// refused whole ([`DbError::Refused`]). In a rated tournament a room that has a result
/// keeps its line-ups unless `reason` is given, which the audit trail keeps (docs/rules.md
/// §14).
pub fn save_lineups_why(
    conn: &mut DbConnection,
    slug: &str,
    (round, table): (i32, i32),
    choices: &[LineupChoice],
    (who, reason): (&str, &str),
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some((tournament, round_id)) = locate_round(conn, slug, round)? else {
            return Ok(false);
        };
        let Some((match_id, home_id, away_id)) = matches::table
            .filter(matches::round_id.eq(round_id))
            .filter(matches::table_no.eq(table))
            .select((matches::id, matches::home_team_id, matches::away_team_id))
            .first::<(i32, i32, Option<i32>)>(conn)
            .optional()?
        else {
            return Ok(false);
        };
        let playing: Vec<i32> = std::iter::once(home_id).chain(away_id).collect();
        let seats = Seats {
            round,
            table,
            bye: away_id.is_none(),
            teams: team_numbers(conn, &playing)?,
            members: members_of(conn, &playing)?,
        };
        let stored = stored_lineups(conn, match_id)?;
        let mut forms = Vec::new();
        let mut seen = HashSet::new();
        for c in choices {
            let team_id = seats.check(c, choices, &mut seen)?;
            let kept = stored
                .iter()
                .find(|s| s.0 == c.room.code() && s.1 == c.team.get())
                .map(|s| s.4);
            forms.push(NewLineup {
                match_id,
                room: c.room.code(),
                team_id,
                player1: &c.players[0],
                player2: &c.players[1],
                given_before: super::standing::given_before(conn, match_id, c.room, kept)?,
            });
        }
        let changes = seats.changes(&stored, choices);
        if changes.is_empty() {
            return Ok(true);
        }
        for change in &changes {
            if let audit::Subject::Lineup { room, .. } = change.subject {
                super::standing::check_lineup_reason(
                    conn,
                    tournament,
                    (round, table, match_id),
                    room,
                    reason,
                )?;
            }
        }
        diesel::delete(lineups::table.filter(lineups::match_id.eq(match_id))).execute(conn)?;
        for form in &forms {
            diesel::insert_into(lineups::table)
                .values(form)
                .execute(conn)?;
        }
        super::lineups::relink_lineups(conn, super::lineups::LinkScope::Match(match_id))?;
        let place = audit::Place {
            area: "lineups",
            round: Some(round),
            table: Some(table),
        };
        audit::record_why(conn, tournament, (who, reason), place, &changes)?;
        super::revision::bump(conn, tournament)?;
        Ok(true)
    })
}

/// The match a director seats: where it is, whether it is a bye, its teams (number and
/// row id) and their members (team row id, name).
struct Seats {
    round: i32,
    table: i32,
    bye: bool,
    teams: Vec<(TeamNo, i32)>,
    members: Vec<(i32, String)>,
}

impl Seats {
    /// The row id of the team of choice `c`, once the choice is found sound: a team that
    /// plays here and not a bye, two different members of the team, none of them in the
    /// other room, the room and team given once (`seen` keeps the ones given so far).
    fn check(
        &self,
        c: &LineupChoice,
        choices: &[LineupChoice],
        seen: &mut HashSet<(Room, TeamNo)>,
    ) -> Result<i32, DbError> {
        let (round, table) = (self.round, self.table);
        let Some(&(_, team_id)) = self.teams.iter().find(|(no, _)| *no == c.team) else {
            return Err(DbError::Refused(WriteRefusal::TeamNotAtTable {
                team: c.team,
                round,
                table,
            }));
        };
        if self.bye {
            return Err(DbError::Refused(WriteRefusal::ByeHasNoLineup {
                round,
                table,
            }));
        }
        if c.players[0] == c.players[1] {
            return Err(DbError::Refused(WriteRefusal::ChosenTwice {
                room: c.room,
                team: c.team,
                player: c.players[0].clone(),
            }));
        }
        for p in &c.players {
            if !self
                .members
                .iter()
                .any(|(t, name)| *t == team_id && name == p)
            {
                return Err(DbError::Refused(WriteRefusal::NotAMember {
                    player: p.clone(),
                    team: c.team,
                }));
            }
        }
        if let Some(other) = choices.iter().find(|o| {
            o.team == c.team && o.room != c.room && o.players.iter().any(|p| c.players.contains(p))
        }) {
            let both = other
                .players
                .iter()
                .find(|p| c.players.contains(p))
                .cloned()
                .unwrap_or_default();
            return Err(DbError::Refused(WriteRefusal::BothRooms {
                player: both,
                round,
                table,
            }));
        }
        if !seen.insert((c.room, c.team)) {
            return Err(DbError::Refused(WriteRefusal::LineupTwice {
                room: c.room,
                team: c.team,
            }));
        }
        Ok(team_id)
    }

    /// The audit trail's lines of the new line-ups: each room and team whose pair changed
    /// from the stored one (`before`: room, team number, players), as `player;player`.
    fn changes(&self, before: &[StoredLineup], choices: &[LineupChoice]) -> Vec<audit::Change> {
        let text = |p1: &str, p2: &str| format!("{p1};{p2}");
        let mut changes = Vec::new();
        for room in Room::BOTH {
            for &(team, _) in &self.teams {
                let old = before
                    .iter()
                    .find(|b| b.0 == room.code() && b.1 == team.get())
                    .map(|b| text(&b.2, &b.3))
                    .unwrap_or_default();
                let new = choices
                    .iter()
                    .find(|c| c.room == room && c.team == team)
                    .map(|c| text(&c.players[0], &c.players[1]))
                    .unwrap_or_default();
                if old != new {
                    changes.push(audit::Change {
                        subject: audit::Subject::Lineup {
                            round: self.round,
                            table: self.table,
                            room,
                            team,
                        },
                        before: old,
                        after: new,
                    });
                }
            }
        }
        changes
    }
}

/// The teams of row ids `playing`: each one's number and row id.
fn team_numbers(conn: &mut DbConnection, playing: &[i32]) -> Result<Vec<(TeamNo, i32)>, DbError> {
    Ok(teams::table
        .filter(teams::id.eq_any(playing))
        .select((teams::team_no, teams::id))
        .load::<(i32, i32)>(conn)?
        .into_iter()
        .map(|(number, id)| (TeamNo(number), id))
        .collect())
}

/// The members of the teams of row ids `playing`: team row id and name.
fn members_of(conn: &mut DbConnection, playing: &[i32]) -> Result<Vec<(i32, String)>, DbError> {
    use super::schema::team_members;
    Ok(team_members::table
        .filter(team_members::team_id.eq_any(playing))
        .select((team_members::team_id, team_members::name))
        .load(conn)?)
}

/// A stored line-up: room, team number, both players, and whether it was given before
/// the room's first result.
type StoredLineup = (String, i32, String, String, bool);

/// The stored line-ups of match `match_id`.
fn stored_lineups(conn: &mut DbConnection, match_id: i32) -> Result<Vec<StoredLineup>, DbError> {
    Ok(lineups::table
        .inner_join(teams::table)
        .filter(lineups::match_id.eq(match_id))
        .select((
            lineups::room,
            teams::team_no,
            lineups::player1,
            lineups::player2,
            lineups::given_before,
        ))
        .load(conn)?)
}

/// One room's line-ups as its table said them: each team's pair, `players[0]` North or
/// East. Replaces that room's rows only, inside the caller's transaction, with an audit row
/// per team whose pair changed; whether anything changed. A team of the room that is not
/// in `pairs` keeps its row. The caller has checked that the players are members of their
/// team and that none sits in the match's other room.
pub(super) fn replace_room_lineups(
    conn: &mut DbConnection,
    tournament: i32,
    (round, table, match_id): (i32, i32, i32),
    room: Room,
    pairs: &[(TeamNo, [String; 2])],
    who: &str,
) -> Result<bool, DbError> {
    let mut changes = Vec::new();
    for (team, players) in pairs {
        let team_id: i32 = teams::table
            .filter(teams::tournament_id.eq(tournament))
            .filter(teams::team_no.eq(team.get()))
            .select(teams::id)
            .first(conn)?;
        let mine = lineups::table
            .filter(lineups::match_id.eq(match_id))
            .filter(lineups::room.eq(room.code()))
            .filter(lineups::team_id.eq(team_id));
        let before: Option<(String, String, bool)> = mine
            .select((lineups::player1, lineups::player2, lineups::given_before))
            .first(conn)
            .optional()?;
        let text = |p1: &str, p2: &str| format!("{p1};{p2}");
        let old = before
            .as_ref()
            .map(|(a, b, _)| text(a, b))
            .unwrap_or_default();
        let new = text(&players[0], &players[1]);
        // The same two the other way round are the same pair.
        let same = before
            .as_ref()
            .is_some_and(|(a, b, _)| players.contains(a) && players.contains(b) && a != b);
        if same {
            continue;
        }
        if before.is_some() {
            // The table gives no reason: the director changes it at the desk.
            super::standing::check_lineup_reason(
                conn,
                tournament,
                (round, table, match_id),
                room,
                "",
            )
            .map_err(|e| match e {
                DbError::Refused(WriteRefusal::LineupReasonNeeded { round, table }) => {
                    DbError::Refused(WriteRefusal::LineupFixedAtTable { round, table })
                }
                other => other,
            })?;
        }
        let kept = before.as_ref().map(|b| b.2);
        let given_before = super::standing::given_before(conn, match_id, room, kept)?;
        diesel::delete(mine).execute(conn)?;
        diesel::insert_into(lineups::table)
            .values(NewLineup {
                match_id,
                room: room.code(),
                team_id,
                player1: &players[0],
                player2: &players[1],
                given_before,
            })
            .execute(conn)?;
        changes.push(audit::Change {
            subject: audit::Subject::Lineup {
                round,
                table,
                room,
                team: *team,
            },
            before: old,
            after: new,
        });
    }
    if changes.is_empty() {
        return Ok(false);
    }
    super::lineups::relink_lineups(conn, super::lineups::LinkScope::Match(match_id))?;
    let place = audit::Place {
        area: "lineups",
        round: Some(round),
        table: Some(table),
    };
    audit::record(conn, tournament, who, place, &changes)?;
    Ok(true)
}

/// Every line-up of the tournament `tournament` (its row id), in no particular order.
pub(crate) fn lineups_of(conn: &mut DbConnection, tournament: i32) -> Result<Vec<Lineup>, DbError> {
    super::lineups::load_lineups(conn, tournament)
}

/// The director's threshold for results far from the field, in levels (3 until set).
pub(crate) fn odd_threshold(conn: &mut DbConnection, slug: &str) -> Result<i32, DbError> {
    let stored: Option<i32> = odd_result_settings::table
        .inner_join(tournaments::table)
        .filter(tournaments::slug.eq(slug))
        .select(odd_result_settings::threshold)
        .first(conn)
        .optional()?;
    Ok(stored.unwrap_or(DEFAULT_THRESHOLD))
}

/// Sets the threshold by `who`, with an audit row; `false` for an unknown slug.
pub(crate) fn set_odd_threshold_as(
    conn: &mut DbConnection,
    slug: &str,
    threshold: i32,
    who: &str,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(id) = tournament_id(conn, slug)? else {
            return Ok(false);
        };
        let before = odd_threshold(conn, slug)?;
        if before == threshold {
            return Ok(true);
        }
        diesel::delete(
            odd_result_settings::table.filter(odd_result_settings::tournament_id.eq(id)),
        )
        .execute(conn)?;
        diesel::insert_into(odd_result_settings::table)
            .values((
                odd_result_settings::tournament_id.eq(id),
                odd_result_settings::threshold.eq(threshold),
            ))
            .execute(conn)?;
        let place = audit::Place {
            area: "settings",
            round: None,
            table: None,
        };
        let change = audit::Change {
            subject: audit::Subject::Setting {
                key: "odd_result_threshold".to_owned(),
            },
            before: before.to_string(),
            after: threshold.to_string(),
        };
        audit::record(conn, id, who, place, &[change])?;
        super::revision::bump(conn, id)?;
        Ok(true)
    })
}

/// The odd results a director has marked as checked: flag key → who checked it.
pub(crate) fn checked_flags(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<HashMap<String, String>, DbError> {
    let rows: Vec<(String, String)> = odd_result_checks::table
        .inner_join(tournaments::table)
        .filter(tournaments::slug.eq(slug))
        .select((odd_result_checks::flag, odd_result_checks::checked_by))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Marks the odd result `flag` (an [`crate::rules::field::OddResult::key`]) as checked by
/// `who`, with an audit row; `false` for an unknown slug. Marking twice changes nothing.
pub(crate) fn mark_checked_as(
    conn: &mut DbConnection,
    slug: &str,
    flag: &str,
    who: &str,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(id) = tournament_id(conn, slug)? else {
            return Ok(false);
        };
        if checked_flags(conn, slug)?.contains_key(flag) {
            return Ok(true);
        }
        diesel::insert_into(odd_result_checks::table)
            .values((
                odd_result_checks::tournament_id.eq(id),
                odd_result_checks::flag.eq(flag),
                odd_result_checks::checked_by.eq(who),
                odd_result_checks::checked_at.eq(super::now()),
            ))
            .execute(conn)?;
        let round = flag.split(':').next().and_then(|r| r.parse::<i32>().ok());
        let table = flag.split(':').nth(2).and_then(|t| t.parse::<i32>().ok());
        let place = audit::Place {
            area: "results",
            round,
            table,
        };
        let change = audit::Change {
            subject: audit::Subject::OddResult {
                flag: flag.to_owned(),
            },
            before: String::new(),
            after: "checked".to_owned(),
        };
        audit::record(conn, id, who, place, &[change])?;
        super::revision::bump(conn, id)?;
        Ok(true)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the table writes when it says who sits ([`replace_room_lineups`], called by the
    /// table's save): in a rated tournament a room with a result keeps its line-up and the
    /// table is told to ask the director (docs/rules.md §14). The room machine closes such a
    /// room to its table first, so no page reaches this refusal today; it keeps the rule
    /// should another way to the table's line-ups appear.
    #[test]
    fn the_tables_line_up_of_a_rated_room_with_a_result_is_refused_and_nothing_written() {
        let dir = tempfile::tempdir().unwrap();
        let url = dir.path().join("fushi.db").display().to_string();
        let mut conn = crate::db::open(&url).unwrap();
        let example = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
        let mut files = crate::archive::ArchiveFiles::read(&example).unwrap();
        let toml = files.get("tournament.toml").unwrap().to_owned();
        files.insert(
            "tournament.toml",
            format!("{toml}ends = 2026-12-06\nrated = true\n"),
        );
        crate::transfer::import(&mut conn, &files).unwrap();
        let (tournament, round_id) = locate_round(&mut conn, "club-night", 3).unwrap().unwrap();
        let match_id: i32 = matches::table
            .filter(matches::round_id.eq(round_id))
            .filter(matches::table_no.eq(1))
            .select(matches::id)
            .first(&mut conn)
            .unwrap();
        let stored = |conn: &mut DbConnection| stored_lineups(conn, match_id).unwrap();
        let trail = |conn: &mut DbConnection| {
            crate::db::audit::full_trail(conn, "club-night")
                .unwrap()
                .unwrap()
                .len()
        };
        let (before, rows) = (stored(&mut conn), trail(&mut conn));
        // Round 3, table 1, open room: team 1's 陈静 and 王强 sat; the table says two others.
        assert!(
            before
                .iter()
                .any(|l| l.0 == "open" && l.1 == 1 && l.2 != "张伟")
        );
        let other = [(TeamNo(1), ["张伟".to_owned(), "李娜".to_owned()])];
        let refused = crate::db::write_transaction(&mut conn, |conn| {
            replace_room_lineups(
                conn,
                tournament,
                (3, 1, match_id),
                Room::Open,
                &other,
                "table link 1: open room seated by NS from 10.0.0.7",
            )
        });
        match refused {
            Err(DbError::Refused(WriteRefusal::LineupFixedAtTable { round: 3, table: 1 })) => {}
            other => panic!("not refused as fixed at the table: {other:?}"),
        }
        assert_eq!(stored(&mut conn), before, "the line-ups stay");
        assert_eq!(trail(&mut conn), rows, "no audit row");
        // The words the table reads: ask the director.
        let t = crate::i18n::Tr::new(crate::i18n::Lang::EN);
        let text = WriteRefusal::LineupFixedAtTable { round: 3, table: 1 }.text(&t);
        assert!(text.contains("ask the director"), "{text}");
    }
}
