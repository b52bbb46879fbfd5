//! Rounds piece by piece, as the director's pages change them: adding a round with its
//! boards, editing boards, replacing a round's pairings and saving one match's results.
//! Every write is one transaction; every function finds its round by the tournament's
//! slug and the round number, and answers `Ok(None)` / `Ok(false)` when there is none.
//!
//! Loops of single-row UPDATEs run only over the rows that change, bounded by the size
//! of one round (diesel has no multi-row UPDATE); inserts go in multi-row statements.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;

use super::audit;
use super::connection::{DbConnection, chunk_len, per_backend};
use super::models::{BoardRow, MatchRow, NewMatch, NewRound, NewTableResult, TableResultRow};
use super::schema::{boards, matches, rounds, table_results, teams, tournaments};
use super::tournament::{
    BOARD_COLUMNS, MATCH_COLUMNS, RESULT_COLUMNS, board_form, board_from_row, result_form,
    result_from_row, settings_from_row,
};
use super::{DbError, WriteRefusal};
use crate::rules::Pairing;
use crate::rules::{Board, Match, Round, Settings, TableResult, Team, TeamNo, Trump};

/// One round of a tournament, with what the director's pages show around it.
#[derive(Clone, Debug)]
pub struct RoundSheet {
    pub settings: Settings,
    /// Every team of the tournament by number, members in their order.
    pub teams: Vec<Team>,
    /// The round: boards by number, matches by table, results by room then board.
    pub round: Round,
    /// The numbers of every round of the tournament, ascending.
    pub round_numbers: Vec<i32>,
}

impl RoundSheet {
    pub fn team(&self, number: TeamNo) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == number)
    }

    pub fn table(&self, table: i32) -> Option<&Match> {
        self.round.matches.iter().find(|m| m.table == table)
    }

    /// The rounds just before and after this one: a round's pages link them.
    pub(crate) fn rounds_around(&self) -> (Option<i32>, Option<i32>) {
        let at = self
            .round_numbers
            .iter()
            .position(|r| *r == self.round.number);
        (
            at.and_then(|p| p.checked_sub(1))
                .and_then(|p| self.round_numbers.get(p).copied()),
            at.and_then(|p| self.round_numbers.get(p + 1).copied()),
        )
    }

    /// Round `number` of an event already loaded (a snapshot) with only its match at
    /// `table` and that match's teams: what a page of one match needs, whatever the size
    /// of the round. `None` when there is no such match.
    pub(crate) fn of_match(
        event: &crate::rules::Event,
        number: i32,
        table: i32,
    ) -> Option<RoundSheet> {
        let round = event.rounds.iter().find(|r| r.number == number)?;
        let m = round.matches.iter().find(|m| m.table == table)?;
        let mut round_numbers: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
        round_numbers.sort_unstable();
        let teams = event
            .teams
            .iter()
            .filter(|t| t.number == m.home || Some(t.number) == m.away)
            .cloned()
            .collect();
        Some(RoundSheet {
            settings: event.settings.clone(),
            teams,
            round: Round {
                number,
                boards: round.boards.clone(),
                matches: vec![m.clone()].into(),
            },
            round_numbers,
        })
    }

    /// Round `number` of an event already loaded (a snapshot), as [`load_round`] reads it
    /// from the database; `None` when there is no such round.
    pub(crate) fn of_event(event: &crate::rules::Event, number: i32) -> Option<RoundSheet> {
        let round = event.rounds.iter().find(|r| r.number == number)?;
        let mut round_numbers: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
        round_numbers.sort_unstable();
        Some(RoundSheet {
            settings: event.settings.clone(),
            teams: event.teams.to_vec(),
            round: round.clone(),
            round_numbers,
        })
    }
}

pub(super) fn tournament_id(conn: &mut DbConnection, slug: &str) -> Result<Option<i32>, DbError> {
    Ok(tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id)
        .first(conn)
        .optional()?)
}

/// The id of the tournament `slug`, its row locked for the rest of the transaction (its
/// `updated_at` is set), so that writes that number things or check an invariant across
/// rows (the next round, a round's pairing, a team number) run one after another on
/// PostgreSQL as they do on SQLite. `None` when there is no such tournament.
pub(super) fn lock_tournament(conn: &mut DbConnection, slug: &str) -> Result<Option<i32>, DbError> {
    Ok(
        diesel::update(tournaments::table.filter(tournaments::slug.eq(slug)))
            .set(tournaments::updated_at.eq(super::now()))
            .returning(tournaments::id)
            .get_result(conn)
            .optional()?,
    )
}

/// Marks a form token as acted on, inside the caller's transaction: `false` when it was
/// already (the same form sent twice). Tokens older than a day are forgotten.
pub(crate) fn use_form_token(conn: &mut DbConnection, token: &str) -> Result<bool, DbError> {
    use super::schema::form_tokens;
    let now = super::now();
    diesel::delete(
        form_tokens::table.filter(form_tokens::created_at.lt(now - chrono::Duration::days(1))),
    )
    .execute(conn)?;
    let inserted = per_backend!(&mut *conn, |c| diesel::insert_into(form_tokens::table)
        .values((
            form_tokens::token.eq(token),
            form_tokens::created_at.eq(now)
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(inserted == 1)
}

pub use crate::rules::event::MAX_ROUND;

/// (tournament id, round id) of round `number` of the tournament `slug`.
pub(super) fn locate_round(
    conn: &mut DbConnection,
    slug: &str,
    number: i32,
) -> Result<Option<(i32, i32)>, DbError> {
    Ok(rounds::table
        .inner_join(tournaments::table)
        .filter(tournaments::slug.eq(slug))
        .filter(rounds::number.eq(number))
        .select((tournaments::id, rounds::id))
        .first(conn)
        .optional()?)
}

/// The row id and the stored version of the match at `table` in round `round` of the
/// tournament `slug`; `None` when there is none.
fn locate_match(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
) -> Result<Option<(i32, i32)>, DbError> {
    Ok(matches::table
        .inner_join(rounds::table.inner_join(tournaments::table))
        .filter(tournaments::slug.eq(slug))
        .filter(rounds::number.eq(round))
        .filter(matches::table_no.eq(table))
        .select((matches::id, matches::version))
        .first(conn)
        .optional()?)
}

/// The row id of the match at `table` in round `round` of the tournament `slug`.
pub fn match_id(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
) -> Result<Option<i32>, DbError> {
    Ok(locate_match(conn, slug, round, table)?.map(|(id, _)| id))
}

/// Round `number` of the tournament `slug` with its settings and teams; `None` when either
/// does not exist. Seven queries, whatever the size of the event.
pub fn load_round(
    conn: &mut DbConnection,
    slug: &str,
    number: i32,
) -> Result<Option<RoundSheet>, DbError> {
    let Some(tournament) = super::tournament::tournament_row(conn, slug)? else {
        return Ok(None);
    };
    let round_numbers: Vec<(i32, i32)> = rounds::table
        .filter(rounds::tournament_id.eq(tournament.id))
        .order(rounds::number)
        .select((rounds::id, rounds::number))
        .load(conn)?;
    let Some(&(round_id, _)) = round_numbers.iter().find(|(_, n)| *n == number) else {
        return Ok(None);
    };
    let mut settings = settings_from_row(&tournament)?;
    settings.occasion = super::occasion::load(conn, tournament.id)?;
    let (teams, team_numbers) = super::teams::load_teams(conn, tournament.id)?;

    let board_rows: Vec<BoardRow> = boards::table
        .filter(boards::round_id.eq(round_id))
        .order(boards::number)
        .select(BoardRow::as_select())
        .load(conn)?;
    let match_rows: Vec<MatchRow> = matches::table
        .filter(matches::round_id.eq(round_id))
        .order(matches::table_no)
        .select(MatchRow::as_select())
        .load(conn)?;
    let result_rows: Vec<TableResultRow> = table_results::table
        .inner_join(matches::table)
        .filter(matches::round_id.eq(round_id))
        .select(TableResultRow::as_select())
        .load(conn)?;

    let board_numbers: HashMap<i32, i32> = board_rows.iter().map(|b| (b.id, b.number)).collect();
    let boards = board_rows
        .iter()
        .map(board_from_row)
        .collect::<Result<Vec<Board>, DbError>>()?;
    let matches = round_matches(&match_rows, &result_rows, &board_numbers, &team_numbers)?;
    Ok(Some(RoundSheet {
        settings,
        teams,
        round: Round {
            number,
            boards,
            matches: matches.into(),
        },
        round_numbers: round_numbers.into_iter().map(|(_, n)| n).collect(),
    }))
}

/// The round's matches by table from their rows, each with its results by room then
/// board; a row naming a team or a board of another tournament or round is corrupt.
fn round_matches(
    match_rows: &[MatchRow],
    result_rows: &[TableResultRow],
    board_numbers: &HashMap<i32, i32>,
    team_numbers: &HashMap<i32, TeamNo>,
) -> Result<Vec<Match>, DbError> {
    let team_no = |row_id: i32, column: &str, team_id: i32| {
        team_numbers.get(&team_id).copied().ok_or_else(|| {
            DbError::corrupt("matches", row_id, column, "not a team of this tournament")
        })
    };
    let mut match_index: HashMap<i32, usize> = HashMap::with_capacity(match_rows.len());
    let mut matches = Vec::with_capacity(match_rows.len());
    for row in match_rows {
        match_index.insert(row.id, matches.len());
        matches.push(Match {
            table: row.table_no,
            home: team_no(row.id, "home_team_id", row.home_team_id)?,
            away: row
                .away_team_id
                .map(|a| team_no(row.id, "away_team_id", a))
                .transpose()?,
            results: Vec::new().into(),
        });
    }
    for row in result_rows {
        let board = *board_numbers.get(&row.board_id).ok_or_else(|| {
            DbError::corrupt(
                "table_results",
                row.id,
                "board_id",
                "not a board of this round",
            )
        })?;
        matches[match_index[&row.match_id]]
            .results
            .push(result_from_row(row, board)?);
    }
    for m in &mut matches {
        m.results.sort_by_key(|r| (r.room, r.board));
    }
    Ok(matches)
}

/// Adds the next round (one above the highest) with `boards` and returns its number;
/// `None` when no tournament has this slug.
pub fn add_round(
    conn: &mut DbConnection,
    slug: &str,
    boards: &[Board],
) -> Result<Option<i32>, DbError> {
    add_round_once(conn, slug, boards, None)
}

/// [`add_round`] for a form with a token: when the token was used already (the form was
/// sent twice), nothing is added and the highest round's number is returned.
pub(crate) fn add_round_once(
    conn: &mut DbConnection,
    slug: &str,
    boards: &[Board],
    token: Option<&str>,
) -> Result<Option<i32>, DbError> {
    let max_binds = conn.backend().max_binds();
    super::write_transaction(conn, |conn| {
        let Some(tournament_id) = lock_tournament(conn, slug)? else {
            return Ok(None);
        };
        let highest: Option<i32> = rounds::table
            .filter(rounds::tournament_id.eq(tournament_id))
            .select(diesel::dsl::max(rounds::number))
            .first(conn)?;
        if let Some(token) = token
            && !use_form_token(conn, token)?
        {
            return Ok(Some(highest.unwrap_or(0)));
        }
        let number = highest
            .unwrap_or(0)
            .checked_add(1)
            .filter(|n| *n <= MAX_ROUND)
            .ok_or_else(|| DbError::Refused(WriteRefusal::TooManyRounds { max: MAX_ROUND }))?;
        // A new round's draw is public at once only when the tournament says so.
        let publish: bool = tournaments::table
            .find(tournament_id)
            .select(tournaments::publish_draw)
            .first(conn)?;
        let round_id: i32 = diesel::insert_into(rounds::table)
            .values(NewRound {
                tournament_id,
                number,
                draw_published: publish,
            })
            .returning(rounds::id)
            .get_result(conn)?;
        let forms: Vec<_> = boards.iter().map(|b| board_form(round_id, b)).collect();
        for chunk in forms.chunks(chunk_len(max_binds, BOARD_COLUMNS)) {
            per_backend!(&mut *conn, |c| diesel::insert_into(boards::table)
                .values(chunk)
                .execute(c))?;
        }
        super::revision::bump(conn, tournament_id)?;
        Ok(Some(number))
    })
}

/// Sets dealer, level and trump of the boards of round `round`, matched by board number;
/// `false` when there is no such round. A board the round does not have is refused
/// whole ([`DbError::Refused`]).
///
/// By `who`: every changed board goes in the audit trail.
pub fn update_boards_as(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    new: &[Board],
    who: &str,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some((tournament_id, round_id)) = locate_round(conn, slug, round)? else {
            return Ok(false);
        };
        let stored: Vec<BoardRow> = boards::table
            .filter(boards::round_id.eq(round_id))
            .select(BoardRow::as_select())
            .load(conn)?;
        let by_number: HashMap<i32, &BoardRow> = stored.iter().map(|b| (b.number, b)).collect();
        let mut changes = Vec::new();
        for board in new {
            let row = by_number.get(&board.number).ok_or_else(|| {
                DbError::Refused(WriteRefusal::NoSuchBoard {
                    round,
                    board: board.number,
                })
            })?;
            let trump = board.trump.map(Trump::code);
            let same = row.dealer == board.dealer.code()
                && row.level == board.level.code()
                && row.trump.as_deref() == trump;
            if !same {
                let text = |dealer: &str, level: &str, trump: Option<&str>| {
                    format!(
                        "dealer={dealer} level={level} trump={}",
                        trump.unwrap_or("-")
                    )
                };
                changes.push(audit::Change {
                    subject: audit::Subject::Board {
                        round,
                        board: board.number,
                    },
                    before: text(&row.dealer, &row.level, row.trump.as_deref()),
                    after: text(board.dealer.code(), board.level.code(), trump),
                });
                diesel::update(boards::table.find(row.id))
                    .set((
                        boards::dealer.eq(board.dealer.code()),
                        boards::level.eq(board.level.code()),
                        boards::trump.eq(trump),
                    ))
                    .execute(conn)?;
            }
        }
        let place = audit::Place {
            area: "boards",
            round: Some(round),
            table: None,
        };
        audit::record(conn, tournament_id, who, place, &changes)?;
        super::revision::bump(conn, tournament_id)?;
        Ok(true)
    })
}

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
    super::write_transaction(conn, |conn| {
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
        super::revision::bump(conn, tournament_id)?;
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
    diesel::delete(super::schema::lineups::table.filter(super::schema::lineups::match_id.eq(id)))
        .execute(conn)?;
    // What a table had typed for the old teams is not theirs to confirm.
    diesel::delete(
        super::schema::table_entries::table.filter(super::schema::table_entries::match_id.eq(id)),
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

/// What became of a match save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchSave {
    /// No such round or table.
    Missing,
    /// Saved; the match's version is now this.
    Saved(i32),
    /// Refused: the page was based on an older version than the stored one, this.
    Stale(i32),
}

/// The stored version of the match at `table` in round `round`; `None` when there is none.
pub fn match_version(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
) -> Result<Option<i32>, DbError> {
    Ok(locate_match(conn, slug, round, table)?.map(|(_, version)| version))
}

/// Replaces every result of the match at `table` in round `round` with `results`, in one
/// transaction; [`MatchSave::Missing`] when there is no such match. A bye, a board the
/// round does not have, or the same room and board twice is refused whole
/// ([`DbError::Refused`]).
///
/// By `who`, in the audit trail one row per changed board. With
/// `expected` (the version the page was based on), a match saved since is not touched:
/// [`MatchSave::Stale`] with the stored version. Every save that changes something moves
/// the version on by one.
pub fn save_match_results_as(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    table: i32,
    results: &[TableResult],
    who: &str,
    expected: Option<i32>,
) -> Result<MatchSave, DbError> {
    save_match_results_why(conn, (slug, round, table), results, (who, ""), expected)
}

/// [`save_match_results_as`] with the reason `who` gave (a correction after the round's
/// correction period, docs/rules.md §5), kept with every change in the audit trail.
pub(crate) fn save_match_results_why(
    conn: &mut DbConnection,
    (slug, round, table): (&str, i32, i32),
    results: &[TableResult],
    (who, reason): (&str, &str),
    expected: Option<i32>,
) -> Result<MatchSave, DbError> {
    let max_binds = conn.backend().max_binds();
    super::write_transaction(conn, |conn| {
        let Some((tournament_id, round_id)) = locate_round(conn, slug, round)? else {
            return Ok(MatchSave::Missing);
        };
        let Some((row, version)) = matches::table
            .filter(matches::round_id.eq(round_id))
            .filter(matches::table_no.eq(table))
            .select((MatchRow::as_select(), matches::version))
            .first::<(MatchRow, i32)>(conn)
            .optional()?
        else {
            return Ok(MatchSave::Missing);
        };
        if row.away_team_id.is_none() && !results.is_empty() {
            return Err(DbError::Refused(WriteRefusal::ByeHasNoResults {
                round,
                table,
            }));
        }
        let board_rows: Vec<(i32, i32)> = boards::table
            .filter(boards::round_id.eq(round_id))
            .select((boards::number, boards::id))
            .load::<(i32, i32)>(conn)?;
        let board_ids: HashMap<i32, i32> = board_rows.iter().copied().collect();
        let forms = result_forms(round, row.id, &board_ids, results)?;
        let before = stored_results(conn, row.id, &board_rows)?;
        let changes: Vec<audit::Change> = audit::result_changes(&before, results)
            .into_iter()
            .map(|c| audit::Change {
                subject: c.subject.at_table(round, table),
                ..c
            })
            .collect();
        if changes.is_empty() {
            return Ok(MatchSave::Saved(version));
        }
        if let Some(now) = move_version(conn, row.id, expected)? {
            return Ok(MatchSave::Stale(now));
        }
        diesel::delete(table_results::table.filter(table_results::match_id.eq(row.id)))
            .execute(conn)?;
        for chunk in forms.chunks(chunk_len(max_binds, RESULT_COLUMNS)) {
            per_backend!(&mut *conn, |c| diesel::insert_into(table_results::table)
                .values(chunk)
                .execute(c))?;
        }
        let place = audit::Place {
            area: "results",
            round: Some(round),
            table: Some(table),
        };
        audit::record_why(conn, tournament_id, (who, reason), place, &changes)?;
        if !results.is_empty() {
            // Play has begun: the round's draw is public at the latest now (so that no
            // public standing counts a match the public cannot see).
            publish_draw_row(conn, tournament_id, round_id, round, true, who)?;
        }
        // Only this match's results changed (and the play facts, read with every
        // revision): a server holding the snapshot before loads just this match.
        super::revision::bump_matches(conn, tournament_id, &[(round, table)])?;
        Ok(MatchSave::Saved(version + 1))
    })
}

/// The rows of match `match_id`'s new results (`board_ids`: board number → row id); a
/// board the round does not have, or the same room and board twice, refuses them all.
fn result_forms(
    round: i32,
    match_id: i32,
    board_ids: &HashMap<i32, i32>,
    results: &[TableResult],
) -> Result<Vec<NewTableResult>, DbError> {
    let mut seen = HashSet::new();
    results
        .iter()
        .map(|r| {
            let board_id = *board_ids.get(&r.board).ok_or_else(|| {
                DbError::Refused(WriteRefusal::NoSuchBoard {
                    round,
                    board: r.board,
                })
            })?;
            if !seen.insert((r.room, r.board)) {
                return Err(DbError::Refused(WriteRefusal::ResultTwice {
                    room: r.room,
                    board: r.board,
                }));
            }
            Ok(result_form(match_id, board_id, r))
        })
        .collect()
}

/// The stored results of match `match_id`, each with its board's number (`board_rows`:
/// the round's boards, number and row id).
fn stored_results(
    conn: &mut DbConnection,
    match_id: i32,
    board_rows: &[(i32, i32)],
) -> Result<Vec<TableResult>, DbError> {
    let board_numbers: HashMap<i32, i32> = board_rows
        .iter()
        .map(|&(number, id)| (id, number))
        .collect();
    table_results::table
        .filter(table_results::match_id.eq(match_id))
        .select(TableResultRow::as_select())
        .load(conn)?
        .iter()
        .map(|r| {
            let board = board_numbers.get(&r.board_id).copied().unwrap_or_default();
            result_from_row(r, board)
        })
        .collect()
}

/// Moves match `match_id`'s version on by one, with `expected` only from that version:
/// `Some(the stored version)` when the match was saved since and nothing moved.
fn move_version(
    conn: &mut DbConnection,
    match_id: i32,
    expected: Option<i32>,
) -> Result<Option<i32>, DbError> {
    // Conditional, so that of two saves based on the same version only one passes
    // (PostgreSQL re-checks the condition once the first one commits).
    let moved = match expected {
        Some(expected) => diesel::update(
            matches::table
                .find(match_id)
                .filter(matches::version.eq(expected)),
        )
        .set(matches::version.eq(matches::version + 1))
        .execute(conn)?,
        None => diesel::update(matches::table.find(match_id))
            .set(matches::version.eq(matches::version + 1))
            .execute(conn)?,
    };
    if moved == 0 {
        let now: i32 = matches::table
            .find(match_id)
            .select(matches::version)
            .first(conn)?;
        return Ok(Some(now));
    }
    Ok(None)
}

/// Sets whether round `round_id`'s draw is public, with an audit row when it changes;
/// whether it changed.
fn publish_draw_row(
    conn: &mut DbConnection,
    tournament_id: i32,
    round_id: i32,
    round: i32,
    published: bool,
    who: &str,
) -> Result<bool, DbError> {
    let moved = diesel::update(
        rounds::table
            .find(round_id)
            .filter(rounds::draw_published.ne(published)),
    )
    .set(rounds::draw_published.eq(published))
    .execute(conn)?;
    if moved == 0 {
        return Ok(false);
    }
    let word = |on: bool| if on { "published" } else { "held" };
    audit::record(
        conn,
        tournament_id,
        who,
        audit::Place {
            area: "pairings",
            round: Some(round),
            table: None,
        },
        &[audit::Change {
            subject: audit::Subject::Draw { round },
            before: word(!published).to_owned(),
            after: word(published).to_owned(),
        }],
    )?;
    Ok(true)
}

/// Publishes round `round`'s draw (or holds it back again), by `who`: `None` when there is
/// no such round, else whether it changed. Holding back is refused (`Some(false)`) once
/// the round has results.
pub fn publish_draw(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
    published: bool,
    who: &str,
) -> Result<Option<bool>, DbError> {
    super::write_transaction(conn, |conn| {
        let Some((tournament_id, round_id)) = locate_round(conn, slug, round)? else {
            return Ok(None);
        };
        if !published {
            let played: i64 = table_results::table
                .inner_join(matches::table)
                .filter(matches::round_id.eq(round_id))
                .count()
                .get_result(conn)?;
            if played > 0 {
                return Ok(Some(false));
            }
        }
        let changed = publish_draw_row(conn, tournament_id, round_id, round, published, who)?;
        if changed {
            super::revision::bump(conn, tournament_id)?;
        }
        Ok(Some(changed))
    })
}
