//! Storing and loading a whole tournament: rows ↔ [`crate::rules::Event`].
//!
//! Only inputs are stored; everything computed (P, s, swings, scores, standings) is
//! derived from the loaded [`Event`] by the rules core. Writes go in multi-row INSERTs
//! inside one transaction; a load is one query per table, assembled in memory.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;

use super::connection::{DbConnection, chunk_len, per_backend};
use super::models::*;
use super::schema::{boards, matches, rounds, table_results, team_members, teams, tournaments};
use super::{DbError, WriteRefusal};
use crate::rules::{
    Board, Combination, EntryFigures, Event, LastTrick, Level, Match, Room, Round, Rules, Seat,
    Settings, SettingsDraft, SettingsField, TableEntry, TableResult, Team, TeamNo, Trump,
};

/// Columns each insert form writes, for splitting rows under the bind-parameter limit.
pub(super) const TEAM_COLUMNS: usize = 5;
const MEMBER_COLUMNS: usize = 3;
const ROUND_COLUMNS: usize = 3;
pub(super) const BOARD_COLUMNS: usize = 5;
pub(super) const MATCH_COLUMNS: usize = 4;
pub(super) const RESULT_COLUMNS: usize = 11;

/// Stores a whole tournament in one transaction and returns its id. Nothing is written
/// when anything fails; a slug that is taken fails with [`DbError::is_unique_violation`].
pub fn insert_event(conn: &mut DbConnection, event: &Event) -> Result<i32, DbError> {
    insert_event_by(conn, event, "")
}

/// [`insert_event`], with the audit rows of what the event brings beyond its results (its
/// deals and dealing seed) written as `who`'s.
pub fn insert_event_by(conn: &mut DbConnection, event: &Event, who: &str) -> Result<i32, DbError> {
    check_references(event)?;
    let max_binds = conn.backend().max_binds();
    super::write_transaction(conn, |conn| insert_rows(conn, event, max_binds, who))
}

/// Every match names teams of the event and every result a board of its round, so that
/// the key maps below cannot miss.
fn check_references(event: &Event) -> Result<(), DbError> {
    let teams: HashSet<TeamNo> = event.teams.iter().map(|t| t.number).collect();
    for round in &event.rounds {
        let boards: HashSet<i32> = round.boards.iter().map(|b| b.number).collect();
        for m in &round.matches {
            for team in std::iter::once(m.home).chain(m.away) {
                if !teams.contains(&team) {
                    return Err(DbError::Refused(WriteRefusal::TeamNotInEvent {
                        round: round.number,
                        table: m.table,
                        team,
                    }));
                }
            }
            if let Some(r) = m.results.iter().find(|r| !boards.contains(&r.board)) {
                return Err(DbError::Refused(WriteRefusal::BoardNotInRound {
                    round: round.number,
                    table: m.table,
                    room: r.room,
                    board: r.board,
                }));
            }
        }
    }
    Ok(())
}

fn insert_rows(
    conn: &mut DbConnection,
    event: &Event,
    max_binds: usize,
    who: &str,
) -> Result<i32, DbError> {
    let now = super::now();
    let tournament_id: i32 = diesel::insert_into(tournaments::table)
        .values(tournament_form(&event.settings, now))
        .returning(tournaments::id)
        .get_result(conn)?;
    super::occasion::save(conn, tournament_id, &event.settings.occasion)?;

    let team_ids = insert_teams(conn, tournament_id, &event.teams, max_binds)?;

    // Rounds, then their boards and matches.
    let round_ids = insert_rounds(conn, tournament_id, event, max_binds)?;
    let board_ids = insert_boards(conn, event, &round_ids, max_binds)?;
    let match_ids = insert_matches(conn, event, &round_ids, &team_ids, max_binds)?;
    insert_results(conn, event, (&round_ids, &board_ids, &match_ids), max_binds)?;

    let by_number: HashMap<(i32, i32), i32> = event
        .rounds
        .iter()
        .flat_map(|r| {
            let round_id = round_ids[&r.number];
            let match_ids = &match_ids;
            r.matches
                .iter()
                .map(move |m| ((r.number, m.table), match_ids[&(round_id, m.table)]))
        })
        .collect();
    super::lineups::insert_lineups(conn, event, &by_number, &team_ids, max_binds)?;
    super::stages::replace_stages(conn, tournament_id, &event.settings.stages)?;
    let boards_by_number: HashMap<(i32, i32), i32> = event
        .rounds
        .iter()
        .flat_map(|r| {
            let round_id = round_ids[&r.number];
            let board_ids = &board_ids;
            r.boards
                .iter()
                .map(move |b| ((r.number, b.number), board_ids[&(round_id, b.number)]))
        })
        .collect();
    super::deals::insert_deals(
        conn,
        tournament_id,
        event,
        &boards_by_number,
        max_binds,
        who,
    )?;

    Ok(tournament_id)
}

/// Inserts the event's rounds; returns round number → row id.
fn insert_rounds(
    conn: &mut DbConnection,
    tournament_id: i32,
    event: &Event,
    max_binds: usize,
) -> Result<HashMap<i32, i32>, DbError> {
    let round_forms: Vec<NewRound> = event
        .rounds
        .iter()
        .map(|r| NewRound {
            tournament_id,
            number: r.number,
            // An imported round is public as it was played: the archive does not carry
            // whether a draw was published.
            draw_published: true,
        })
        .collect();
    let mut round_ids: HashMap<i32, i32> = HashMap::with_capacity(round_forms.len());
    for chunk in round_forms.chunks(chunk_len(max_binds, ROUND_COLUMNS)) {
        let ids: Vec<(i32, i32)> =
            per_backend!(&mut *conn, |c| diesel::insert_into(rounds::table)
                .values(chunk)
                .returning((rounds::number, rounds::id))
                .get_results(c))?;
        round_ids.extend(ids);
    }
    Ok(round_ids)
}

/// Inserts every round's boards (`round_ids`: round number → row id); returns (round
/// id, board number) → board id.
fn insert_boards(
    conn: &mut DbConnection,
    event: &Event,
    round_ids: &HashMap<i32, i32>,
    max_binds: usize,
) -> Result<HashMap<(i32, i32), i32>, DbError> {
    let board_forms: Vec<NewBoard> = event
        .rounds
        .iter()
        .flat_map(|r| {
            let round_id = round_ids[&r.number];
            r.boards.iter().map(move |b| board_form(round_id, b))
        })
        .collect();
    let mut board_ids: HashMap<(i32, i32), i32> = HashMap::with_capacity(board_forms.len());
    for chunk in board_forms.chunks(chunk_len(max_binds, BOARD_COLUMNS)) {
        let ids: Vec<(i32, i32, i32)> =
            per_backend!(&mut *conn, |c| diesel::insert_into(boards::table)
                .values(chunk)
                .returning((boards::round_id, boards::number, boards::id))
                .get_results(c))?;
        board_ids.extend(ids.into_iter().map(|(r, n, id)| ((r, n), id)));
    }
    Ok(board_ids)
}

/// Inserts every round's matches, their teams by `team_ids`; returns (round id, table) →
/// match id.
fn insert_matches(
    conn: &mut DbConnection,
    event: &Event,
    round_ids: &HashMap<i32, i32>,
    team_ids: &HashMap<TeamNo, i32>,
    max_binds: usize,
) -> Result<HashMap<(i32, i32), i32>, DbError> {
    let match_forms: Vec<NewMatch> = event
        .rounds
        .iter()
        .flat_map(|r| {
            let round_id = round_ids[&r.number];
            r.matches.iter().map(move |m| NewMatch {
                round_id,
                table_no: m.table,
                home_team_id: team_ids[&m.home],
                away_team_id: m.away.map(|a| team_ids[&a]),
            })
        })
        .collect();
    let mut match_ids: HashMap<(i32, i32), i32> = HashMap::with_capacity(match_forms.len());
    for chunk in match_forms.chunks(chunk_len(max_binds, MATCH_COLUMNS)) {
        let ids: Vec<(i32, i32, i32)> =
            per_backend!(&mut *conn, |c| diesel::insert_into(matches::table)
                .values(chunk)
                .returning((matches::round_id, matches::table_no, matches::id))
                .get_results(c))?;
        match_ids.extend(ids.into_iter().map(|(r, t, id)| ((r, t), id)));
    }
    Ok(match_ids)
}

/// The row ids of an imported event's rounds (by number), boards (by round id and board
/// number) and matches (by round id and table).
type IdMaps<'a> = (
    &'a HashMap<i32, i32>,
    &'a HashMap<(i32, i32), i32>,
    &'a HashMap<(i32, i32), i32>,
);

/// Inserts every table result of the event (by the row ids of its rounds, boards and
/// matches), built chunk by chunk so that the forms of 90k rows never sit in memory at once.
fn insert_results(
    conn: &mut DbConnection,
    event: &Event,
    (round_ids, board_ids, match_ids): IdMaps,
    max_binds: usize,
) -> Result<(), DbError> {
    let results = event.rounds.iter().flat_map(|r| {
        let round_id = round_ids[&r.number];
        r.matches.iter().flat_map(move |m| {
            let match_id = match_ids[&(round_id, m.table)];
            m.results
                .iter()
                .map(move |res| result_form(match_id, board_ids[&(round_id, res.board)], res))
        })
    });
    let per_chunk = chunk_len(max_binds, RESULT_COLUMNS);
    let mut chunk: Vec<NewTableResult> = Vec::with_capacity(per_chunk);
    for form in results {
        chunk.push(form);
        if chunk.len() == per_chunk {
            per_backend!(&mut *conn, |c| diesel::insert_into(table_results::table)
                .values(&chunk)
                .execute(c))?;
            chunk.clear();
        }
    }
    if !chunk.is_empty() {
        per_backend!(&mut *conn, |c| diesel::insert_into(table_results::table)
            .values(&chunk)
            .execute(c))?;
    }
    Ok(())
}

/// Inserts teams and their members in multi-row INSERTs; returns team number → row id.
pub(super) fn insert_teams(
    conn: &mut DbConnection,
    tournament_id: i32,
    teams: &[Team],
    max_binds: usize,
) -> Result<HashMap<TeamNo, i32>, DbError> {
    let team_forms: Vec<NewTeam> = teams
        .iter()
        .map(|t| NewTeam {
            tournament_id,
            team_no: t.number.get(),
            name: &t.name,
            club: &t.club,
            withdrawn: t.withdrawn,
        })
        .collect();
    let mut team_ids: HashMap<TeamNo, i32> = HashMap::with_capacity(team_forms.len());
    for chunk in team_forms.chunks(chunk_len(max_binds, TEAM_COLUMNS)) {
        let ids: Vec<(i32, i32)> = per_backend!(&mut *conn, |c| diesel::insert_into(teams::table)
            .values(chunk)
            .returning((teams::team_no, teams::id))
            .get_results(c))?;
        team_ids.extend(ids.into_iter().map(|(number, id)| (TeamNo(number), id)));
    }
    insert_members(conn, &team_ids, teams, max_binds)?;
    Ok(team_ids)
}

/// Inserts the members of `teams` under their row ids (`team_ids`: number → row id).
pub(super) fn insert_members(
    conn: &mut DbConnection,
    team_ids: &HashMap<TeamNo, i32>,
    teams: &[Team],
    max_binds: usize,
) -> Result<(), DbError> {
    let member_forms: Vec<NewTeamMember> = teams
        .iter()
        .flat_map(|t| {
            let team_id = team_ids[&t.number];
            t.members
                .iter()
                .zip(1..)
                .map(move |(name, position)| NewTeamMember {
                    team_id,
                    position,
                    name,
                })
        })
        .collect();
    for chunk in member_forms.chunks(chunk_len(max_binds, MEMBER_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(team_members::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(())
}

/// The table_results row for one result of match `match_id` on board row `board_id`.
pub(super) fn result_form(match_id: i32, board_id: i32, res: &TableResult) -> NewTableResult {
    NewTableResult {
        match_id,
        board_id,
        room: res.room.code(),
        trick_points: res.entry.trick_points(),
        bottom_points: res.entry.bottom_points(),
        last_trick: res.entry.last_trick().map(LastTrick::code),
        combo: res.entry.combo().map(|c| c.to_string()),
        declarer_penalty: res.entry.declarer_penalty(),
        defender_penalty: res.entry.defender_penalty(),
        ruling: res.entry.ruling(),
        defender_total: res.entry.defender_total(),
    }
}

/// The boards row for a board of round row `round_id`.
pub(super) fn board_form(round_id: i32, b: &Board) -> NewBoard {
    NewBoard {
        round_id,
        number: b.number,
        dealer: b.dealer.code(),
        level: b.level.code(),
        trump: b.trump.map(Trump::code),
    }
}

/// A stored board, or where it is corrupt.
pub(super) fn board_from_row(row: &BoardRow) -> Result<Board, DbError> {
    Ok(Board {
        number: row.number,
        dealer: parse_column::<Seat>("boards", row.id, "dealer", &row.dealer)?,
        level: parse_column::<Level>("boards", row.id, "level", &row.level)?,
        trump: parse_optional::<Trump>("boards", row.id, "trump", row.trump.as_deref())?,
    })
}

/// A stored table result on board number `board`, or where it is corrupt.
pub(super) fn result_from_row(row: &TableResultRow, board: i32) -> Result<TableResult, DbError> {
    let table = "table_results";
    Ok(TableResult {
        room: parse_column::<Room>(table, row.id, "room", &row.room)?,
        board,
        // Checked by `TableEntry::parse` when it was saved.
        entry: TableEntry::stored(EntryFigures {
            trick_points: row.trick_points,
            bottom_points: row.bottom_points,
            last_trick: parse_optional::<LastTrick>(
                table,
                row.id,
                "last_trick",
                row.last_trick.as_deref(),
            )?,
            combo: parse_optional::<Combination>(table, row.id, "combo", row.combo.as_deref())?,
            declarer_penalty: row.declarer_penalty,
            defender_penalty: row.defender_penalty,
            ruling: row.ruling,
            defender_total: row.defender_total,
        }),
    })
}

/// The tournaments row for a set of settings.
pub(super) fn tournament_form(s: &Settings, now: chrono::NaiveDateTime) -> NewTournament<'_> {
    let (takeover_at, bands, step) = match s.rules() {
        Rules::Preset(_) => (None, None, None),
        Rules::Custom(t) => (
            Some(t.takeover_at()),
            Some(bands_code(t.bands())),
            Some(t.step()),
        ),
    };
    let [win, draw, loss] = s.scoring.win_draw_loss;
    NewTournament {
        slug: &s.slug,
        name: &s.name,
        published: s.published,
        decks: s.decks().count(),
        rules: s.rules().code(),
        takeover_at,
        bands,
        step,
        bottom_multiplier: s.bottom_multiplier.code(),
        match_scoring: s.scoring.method.code(),
        vp_blitz: s.scoring.vp_blitz,
        win_points: win.hundredths(),
        draw_points: draw.hundredths(),
        loss_points: loss.hundredths(),
        bye_score: s.scoring.bye_score.hundredths(),
        tiebreaks: s
            .tiebreaks
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(","),
        created_at: now,
        updated_at: now,
        pairing: s.pairing.code(),
        // A seed is at most i64::MAX (`rules::settings::MAX_SWISS_SEED`); a larger one
        // would read back as corrupt, never as another seed.
        swiss_seed: s.swiss_seed.map(|seed| i64::try_from(seed).unwrap_or(-1)),
        table_entry: s.table.entry,
        table_approval: s.table.approval,
        table_codes: s.table.codes,
        correction_minutes: s.correction_minutes,
        publish_draw: s.table.publish_draw,
    }
}

/// `0:3,5:2,40:1,80:-1`
fn bands_code(bands: &[(i32, i32)]) -> String {
    bands
        .iter()
        .map(|(min, s)| format!("{min}:{s}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_bands(text: &str) -> Result<Vec<(i64, i64)>, String> {
    text.split(',')
        .map(|band| {
            let (min, s) = band
                .split_once(':')
                .ok_or_else(|| format!("band \"{band}\" is not MIN:S"))?;
            let number = |v: &str| {
                v.trim()
                    .parse::<i64>()
                    .map_err(|_| format!("band \"{band}\" is not MIN:S"))
            };
            Ok((number(min)?, number(s)?))
        })
        .collect()
}

/// Reads one stored code with the rules type's `FromStr`, or names where it is corrupt.
fn parse_column<T>(table: &str, id: i32, column: &str, text: &str) -> Result<T, DbError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e: T::Err| DbError::corrupt(table, id, column, e))
}

fn parse_optional<T>(
    table: &str,
    id: i32,
    column: &str,
    text: Option<&str>,
) -> Result<Option<T>, DbError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.map(|t| parse_column(table, id, column, t)).transpose()
}

/// A stored tournament's settings, checked by the one parse of settings: a value it
/// refuses is corrupt data, never replaced by a default.
pub(super) fn settings_from_row(row: &TournamentRow) -> Result<Settings, DbError> {
    let corrupt = |column: &str, why: &dyn std::fmt::Display| {
        DbError::corrupt("tournaments", row.id, column, why)
    };
    let bands = row
        .bands
        .as_deref()
        .map(|text| parse_bands(text).map_err(|e| corrupt("bands", &e)))
        .transpose()?;
    let hundredths = |h: i64| h as f64 / 100.0;
    let draft = SettingsDraft {
        name: row.name.clone(),
        slug: row.slug.clone(),
        published: row.published,
        decks: row.decks.into(),
        rules: row.rules.clone(),
        takeover_at: row.takeover_at.map(i64::from),
        step: row.step.map(i64::from),
        bands,
        bottom_multiplier: row.bottom_multiplier.clone(),
        match_scoring: row.match_scoring.clone(),
        vp_blitz: row.vp_blitz,
        win_draw_loss: [row.win_points, row.draw_points, row.loss_points].map(hundredths),
        bye_score: Some(hundredths(row.bye_score)),
        tiebreaks: if row.tiebreaks.is_empty() {
            Vec::new()
        } else {
            row.tiebreaks.split(',').map(str::to_owned).collect()
        },
        pairing: row.pairing.clone(),
        swiss_seed: row.swiss_seed,
        table: crate::rules::TableSide {
            entry: row.table_entry,
            approval: row.table_approval,
            codes: row.table_codes,
            publish_draw: row.publish_draw,
        },
        correction_minutes: row.correction_minutes.into(),
        // Its own table: `occasion::load`.
        occasion: Default::default(),
    };
    Settings::try_from(draft).map_err(|errors| {
        let first = &errors.0[0];
        corrupt(column_of(first.field), &first.why)
    })
}

/// The tournaments column that holds a setting.
fn column_of(field: SettingsField) -> &'static str {
    match field {
        SettingsField::Win => "win_points",
        SettingsField::Draw => "draw_points",
        SettingsField::Loss => "loss_points",
        other => other.key(),
    }
}

/// A tournament as it stood at one revision, read in one transaction.
#[derive(Debug)]
pub struct Loaded {
    pub id: i32,
    pub revision: i64,
    /// When the revision was made: with the revision it names one state of the
    /// tournament even across a restore from a backup, which numbers revisions again.
    pub changed_at: chrono::NaiveDateTime,
    pub event: Event,
    /// How play stands beyond the results: what the public may see of it.
    pub play: Play,
}

pub use crate::rules::release::Play;

/// What [`Play`] holds for tournament `id`.
pub fn load_play(conn: &mut DbConnection, id: i32) -> Result<Play, DbError> {
    use super::schema::table_entries;
    let released_rounds = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .filter(rounds::results_released.eq(true))
        .order(rounds::number)
        .select(rounds::number)
        .load(conn)?;
    let held_draws = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .filter(rounds::draw_published.eq(false))
        .order(rounds::number)
        .select(rounds::number)
        .load(conn)?;
    let (approval, correction_minutes): (bool, i32) = tournaments::table
        .find(id)
        .select((tournaments::table_approval, tournaments::correction_minutes))
        .first(conn)?;
    let mut provisional = Vec::new();
    if approval {
        let rows: Vec<(i32, i32, String)> = table_entries::table
            .inner_join(matches::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(id))
            .filter(table_entries::state.eq(crate::rules::room_state::EntryState::Confirmed.code()))
            .select((rounds::number, matches::table_no, table_entries::room))
            .load(conn)?;
        for (round, table, room) in rows {
            if let Ok(room) = room.parse() {
                provisional.push((round, table, room));
            }
        }
        provisional.sort();
    }
    Ok(Play {
        released_rounds,
        held_draws,
        provisional,
        correction_minutes,
        last_change: super::audit::last_result_changes(conn, id)?,
    })
}

/// The tournament's row by its slug; `None` when there is none.
pub(super) fn tournament_row(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<TournamentRow>, DbError> {
    Ok(tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()?)
}

/// Loads a whole tournament and its revision in one read transaction (REPEATABLE READ on
/// PostgreSQL; on SQLite a read transaction sees one state of the WAL), so the event never
/// mixes two revisions. `None` when no tournament has that slug.
pub fn load_consistent(conn: &mut DbConnection, slug: &str) -> Result<Option<Loaded>, DbError> {
    conn.transaction(|conn| {
        if let DbConnection::Postgres(pg) = conn {
            diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(pg)?;
        }
        load_in(conn, slug)
    })
}

/// [`load_consistent`] inside the caller's read transaction.
fn load_in(conn: &mut DbConnection, slug: &str) -> Result<Option<Loaded>, DbError> {
    {
        let Some((id, revision)) = super::revision::of_slug(conn, slug)? else {
            return Ok(None);
        };
        let Some(event) = load_event(conn, slug)? else {
            return Ok(None);
        };
        let play = load_play(conn, id)?;
        let changed_at = tournaments::table
            .find(id)
            .select(tournaments::updated_at)
            .first(conn)?;
        Ok(Some(Loaded {
            id,
            revision,
            changed_at,
            event,
            play,
        }))
    }
}

/// The most matches a newer revision may have changed for [`load_since`] to read just
/// those; beyond it the whole tournament is read.
pub const MOST_CHANGED_MATCHES: usize = 64;

/// What changed since a revision a server holds, read in one transaction.
#[derive(Debug)]
pub enum Since {
    /// No tournament has the slug any more.
    Gone,
    /// The revisions since changed something beyond some matches' results: all of it.
    Full(Box<Loaded>),
    /// The revisions since changed only these matches' results.
    Matches(ChangedMatches),
}

/// The newest revision of a tournament whose revisions since a known one changed only the
/// results of some matches: those matches' results, and the play facts, which are always
/// read whole.
#[derive(Debug)]
pub struct ChangedMatches {
    pub id: i32,
    pub revision: i64,
    pub changed_at: chrono::NaiveDateTime,
    pub play: Play,
    /// (round, table) and the match's results in the event's order (room, then board).
    pub results: Vec<((i32, i32), Vec<TableResult>)>,
}

/// The tournament as it stands now, as the changes since revision `after` (the revision
/// and when it was made) of tournament `id` when only some matches' results changed
/// ([`super::revision::changed_matches`]), whole otherwise.
pub fn load_since(
    conn: &mut DbConnection,
    slug: &str,
    id: i32,
    after: (i64, chrono::NaiveDateTime),
) -> Result<Since, DbError> {
    conn.transaction(|conn| {
        if let DbConnection::Postgres(pg) = conn {
            diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(pg)?;
        }
        let Some((now_id, revision)) = super::revision::of_slug(conn, slug)? else {
            return Ok(Since::Gone);
        };
        let changed = if now_id == id {
            super::revision::changed_matches(conn, id, after, revision)?
                .filter(|c| c.len() <= MOST_CHANGED_MATCHES)
        } else {
            None
        };
        let Some(changed) = changed else {
            return Ok(match load_in(conn, slug)? {
                Some(loaded) => Since::Full(Box::new(loaded)),
                None => Since::Gone,
            });
        };
        let mut results = Vec::with_capacity(changed.len());
        for (round, table) in changed {
            // The match first, then its rows by the match's index: a query planner never
            // walks the tournament's results.
            let Some(match_id) = matches::table
                .inner_join(rounds::table)
                .filter(rounds::tournament_id.eq(id))
                .filter(rounds::number.eq(round))
                .filter(matches::table_no.eq(table))
                .select(matches::id)
                .first::<i32>(conn)
                .optional()?
            else {
                // The match is gone: only a full load can say what became of it.
                return Ok(match load_in(conn, slug)? {
                    Some(loaded) => Since::Full(Box::new(loaded)),
                    None => Since::Gone,
                });
            };
            let rows: Vec<(TableResultRow, i32)> = table_results::table
                .inner_join(boards::table)
                .filter(table_results::match_id.eq(match_id))
                .select((TableResultRow::as_select(), boards::number))
                .load(conn)?;
            let mut one = rows
                .iter()
                .map(|(row, board)| result_from_row(row, *board))
                .collect::<Result<Vec<_>, DbError>>()?;
            one.sort_by_key(|r| (r.room, r.board));
            results.push(((round, table), one));
        }
        let play = load_play(conn, id)?;
        let changed_at = tournaments::table
            .find(id)
            .select(tournaments::updated_at)
            .first(conn)?;
        Ok(Since::Matches(ChangedMatches {
            id,
            revision,
            changed_at,
            play,
            results,
        }))
    })
}

/// Loads a whole tournament, or `None` when no tournament has that slug. The event
/// comes back [`Event::sort`]ed. Call it inside a transaction (or use
/// [`load_consistent`]) when other writers may be at work.
pub fn load_event(conn: &mut DbConnection, slug: &str) -> Result<Option<Event>, DbError> {
    let Some(tournament) = tournament_row(conn, slug)? else {
        return Ok(None);
    };
    let id = tournament.id;
    let mut settings = settings_from_row(&tournament)?;
    settings.occasion = super::occasion::load(conn, id)?;
    settings.stages = super::stages::load_stages(conn, id)?;

    let (teams, team_numbers) = super::teams::load_teams(conn, id)?;
    let rounds = load_rounds(conn, id, &team_numbers)?;

    let lineups = super::lineups::load_lineups(conn, id)?;
    let deals = super::deals::load_deals(conn, id, settings.decks())?;
    let mut event = Event {
        settings,
        teams: teams.into(),
        rounds,
        lineups: lineups.into(),
        deals,
    };
    event.sort();
    Ok(Some(event))
}

/// The rounds of tournament `id` with their boards, matches (teams by `team_numbers`: row
/// id → number) and results, read in four queries; a row that points nowhere is corrupt.
fn load_rounds(
    conn: &mut DbConnection,
    id: i32,
    team_numbers: &HashMap<i32, TeamNo>,
) -> Result<Vec<Round>, DbError> {
    let round_rows: Vec<RoundRow> = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .select(RoundRow::as_select())
        .load(conn)?;
    let board_rows: Vec<BoardRow> = boards::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .select(BoardRow::as_select())
        .load(conn)?;
    let match_rows: Vec<MatchRow> = matches::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .select(MatchRow::as_select())
        .load(conn)?;
    let result_rows: Vec<TableResultRow> = table_results::table
        .inner_join(matches::table.inner_join(rounds::table))
        .filter(rounds::tournament_id.eq(id))
        .select(TableResultRow::as_select())
        .load(conn)?;

    // Rounds, their boards and matches.
    let mut rounds: Vec<Round> = Vec::with_capacity(round_rows.len());
    let mut round_index: HashMap<i32, usize> = HashMap::with_capacity(round_rows.len());
    for row in round_rows {
        round_index.insert(row.id, rounds.len());
        rounds.push(Round {
            number: row.number,
            boards: Vec::new(),
            matches: Vec::new().into(),
        });
    }
    let board_numbers = place_boards(&mut rounds, &round_index, board_rows)?;
    let match_index = place_matches(&mut rounds, &round_index, match_rows, team_numbers)?;
    place_results(&mut rounds, &match_index, &board_numbers, result_rows)?;
    Ok(rounds)
}

/// Puts each board in its round (`round_index`: round id → place in `rounds`); returns
/// board id → board number.
fn place_boards(
    rounds: &mut [Round],
    round_index: &HashMap<i32, usize>,
    board_rows: Vec<BoardRow>,
) -> Result<HashMap<i32, i32>, DbError> {
    let mut board_numbers: HashMap<i32, i32> = HashMap::with_capacity(board_rows.len());
    for row in board_rows {
        let board = board_from_row(&row)?;
        board_numbers.insert(row.id, row.number);
        let r = *round_index
            .get(&row.round_id)
            .ok_or_else(|| DbError::corrupt("boards", row.id, "round_id", "no such round"))?;
        rounds[r].boards.push(board);
    }
    Ok(board_numbers)
}

/// Puts each match in its round, its teams by number (`team_numbers`: row id → number);
/// returns match id → (round index, match index).
fn place_matches(
    rounds: &mut [Round],
    round_index: &HashMap<i32, usize>,
    match_rows: Vec<MatchRow>,
    team_numbers: &HashMap<i32, TeamNo>,
) -> Result<HashMap<i32, (usize, usize)>, DbError> {
    let team_no = |table: &str, row_id: i32, column: &str, team_id: i32| {
        team_numbers
            .get(&team_id)
            .copied()
            .ok_or_else(|| DbError::corrupt(table, row_id, column, "not a team of this tournament"))
    };
    let mut match_index: HashMap<i32, (usize, usize)> = HashMap::with_capacity(match_rows.len());
    for row in match_rows {
        let r = *round_index
            .get(&row.round_id)
            .ok_or_else(|| DbError::corrupt("matches", row.id, "round_id", "no such round"))?;
        let m = Match {
            table: row.table_no,
            home: team_no("matches", row.id, "home_team_id", row.home_team_id)?,
            away: row
                .away_team_id
                .map(|a| team_no("matches", row.id, "away_team_id", a))
                .transpose()?,
            results: Vec::new().into(),
        };
        match_index.insert(row.id, (r, rounds[r].matches.len()));
        rounds[r].matches.push(m);
    }
    Ok(match_index)
}

/// Puts each table result in its match (`match_index`: match id → round and match index),
/// its board by number (`board_numbers`: board id → number).
fn place_results(
    rounds: &mut [Round],
    match_index: &HashMap<i32, (usize, usize)>,
    board_numbers: &HashMap<i32, i32>,
    result_rows: Vec<TableResultRow>,
) -> Result<(), DbError> {
    for row in result_rows {
        let (r, m) = *match_index.get(&row.match_id).ok_or_else(|| {
            DbError::corrupt("table_results", row.id, "match_id", "no such match")
        })?;
        let board = *board_numbers.get(&row.board_id).ok_or_else(|| {
            DbError::corrupt(
                "table_results",
                row.id,
                "board_id",
                "not a board of this tournament",
            )
        })?;
        let result = result_from_row(&row, board)?;
        rounds[r].matches[m].results.push(result);
    }
    Ok(())
}

/// Whether a tournament already has this slug.
pub fn slug_exists(conn: &mut DbConnection, slug: &str) -> Result<bool, DbError> {
    Ok(diesel::select(diesel::dsl::exists(
        tournaments::table.filter(tournaments::slug.eq(slug)),
    ))
    .get_result(conn)?)
}

/// Every tournament, newest first, with its team and round counts.
pub fn list_tournaments(conn: &mut DbConnection) -> Result<Vec<TournamentSummary>, DbError> {
    let rows: Vec<(i32, String, String, bool, chrono::NaiveDateTime)> = tournaments::table
        .select((
            tournaments::id,
            tournaments::slug,
            tournaments::name,
            tournaments::published,
            tournaments::created_at,
        ))
        .order((tournaments::created_at.desc(), tournaments::id.desc()))
        .load(conn)?;
    let team_counts: HashMap<i32, i64> = teams::table
        .group_by(teams::tournament_id)
        .select((teams::tournament_id, diesel::dsl::count_star()))
        .load::<(i32, i64)>(conn)?
        .into_iter()
        .collect();
    let round_counts: HashMap<i32, i64> = rounds::table
        .group_by(rounds::tournament_id)
        .select((rounds::tournament_id, diesel::dsl::count_star()))
        .load::<(i32, i64)>(conn)?
        .into_iter()
        .collect();
    let count = |counts: &HashMap<i32, i64>, id: i32| {
        counts
            .get(&id)
            .map_or(0, |&n| usize::try_from(n).unwrap_or(0))
    };
    Ok(rows
        .into_iter()
        .map(
            |(id, slug, name, published, created_at)| TournamentSummary {
                id,
                slug,
                name,
                published,
                teams: count(&team_counts, id),
                rounds: count(&round_counts, id),
                created_at,
            },
        )
        .collect())
}

/// Deletes a tournament and everything in it; `false` when no tournament has that slug.
pub fn delete_tournament(conn: &mut DbConnection, slug: &str) -> Result<bool, DbError> {
    let deleted =
        diesel::delete(tournaments::table.filter(tournaments::slug.eq(slug))).execute(conn)?;
    Ok(deleted > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_round_trip() {
        let bands = vec![(0, 3), (5, 2), (40, 1), (80, -1)];
        assert_eq!(bands_code(&bands), "0:3,5:2,40:1,80:-1");
        let wide: Vec<(i64, i64)> = bands.iter().map(|&(m, s)| (m.into(), s.into())).collect();
        assert_eq!(parse_bands("0:3,5:2,40:1,80:-1").unwrap(), wide);
        assert!(parse_bands("0:3,5").is_err());
        assert!(parse_bands("0:x").is_err());
        assert!(parse_bands("").is_err());
    }
}
