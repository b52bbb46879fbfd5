//! The players' ratings from the database (docs/rules.md §14): every rated, finished
//! tournament with an end date is read as a [`TournamentRecord`] (released boards only,
//! its line-ups' links and whether each was given before its room's first result) and the
//! ratings are one run of [`Ratings`] over them, in the order of (`ends`, slug).
//!
//! The run is kept in three tables (`rating_events`, with each tournament's scored rooms as
//! its lines of `rating_boards.csv`; `player_ratings`; `rating_history`), and checked
//! before each use ([`is_current`], one read-only aggregate
//! query): the tournaments it counted are kept with the revision each had then, and every
//! change that can move a rating (a result, a link, a line-up, a merge or a removal in the
//! registry, `rated`, `finished`, `ends`) raises the revision of the tournament it touches.
//! A write transaction that raises the revision of a tournament the ratings count (or
//! counted), or stores a rated, finished one, brings them up to date as soon as it commits
//! ([`refresh`]): when the tournaments counted now are those kept and then more, sorting
//! after them (a tournament just marked finished, the usual case), the run is carried on
//! over the new ones only ([`Ratings::append`]: what the full run does with them last);
//! otherwise the run is made again from zero. Readers ([`of_player`], [`current`],
//! [`files`]) then find them current in a read transaction and take no lock; only a reader
//! that finds them stale (a refresh after a write that failed, a copied database) brings
//! them up to date first. So the figures read are always what one full run gives
//! (docs/decisions.md, "Ratings are kept, and checked before each use").

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbError;
use super::connection::{DbConnection, chunk_len, per_backend};
use super::players::{number, stored_id};
use super::schema::{
    lineups, matches, player_ratings, rating_events, rating_history, rounds, teams,
    tournament_occasions, tournaments,
};
use crate::rules::player_id::PlayerId;
use crate::rules::rating::{
    LineupLink, PlayerRating, Ratings, TournamentFlags, TournamentRecord, record_of_event,
};
use crate::rules::rational::{Rational, decimals};
use crate::rules::release::Release;
use crate::rules::series::{Place, SeriesEvent, SeriesLine, places_of, series_standings as rank};
use crate::rules::{Room, TeamNo};

/// A tournament ratings count, as it stood when counted.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Counted {
    tournament_id: i32,
    slug: String,
    ends: NaiveDate,
    revision: i64,
    changed_at: NaiveDateTime,
}

/// The rated, finished tournaments with an end date as they stand now, in the order of the
/// run: by `ends`, then slug.
fn counted_now(conn: &mut DbConnection) -> Result<Vec<Counted>, DbError> {
    let rows: Vec<(i32, String, i64, NaiveDateTime, Option<String>)> = tournaments::table
        .left_join(tournament_occasions::table)
        .filter(tournaments::rated.eq(true))
        .filter(tournaments::finished.eq(true))
        .select((
            tournaments::id,
            tournaments::slug,
            tournaments::revision,
            tournaments::updated_at,
            tournament_occasions::ends.nullable(),
        ))
        .load(conn)?;
    let mut out: Vec<Counted> = rows
        .into_iter()
        .filter_map(|(tournament_id, slug, revision, changed_at, ends)| {
            let ends = ends?.parse::<NaiveDate>().ok()?;
            Some(Counted {
                tournament_id,
                slug,
                ends,
                revision,
                changed_at,
            })
        })
        .collect();
    out.sort_by(|a, b| (a.ends, &a.slug).cmp(&(b.ends, &b.slug)));
    Ok(out)
}

/// The tournaments the kept ratings counted, in the order of the run.
fn counted_kept(conn: &mut DbConnection) -> Result<Vec<Counted>, DbError> {
    let rows: Vec<(i32, String, String, i64, NaiveDateTime)> = rating_events::table
        .order(rating_events::position)
        .select((
            rating_events::tournament_id,
            rating_events::slug,
            rating_events::ends,
            rating_events::revision,
            rating_events::changed_at,
        ))
        .load(conn)?;
    rows.into_iter()
        .map(|(tournament_id, slug, ends, revision, changed_at)| {
            let ends = ends
                .parse::<NaiveDate>()
                .map_err(|_| DbError::Corrupt(format!("rating_events: {slug}: ends {ends}")))?;
            Ok(Counted {
                tournament_id,
                slug,
                ends,
                revision,
                changed_at,
            })
        })
        .collect()
}

/// A tournament as ratings and series read it: its record (released boards only) and its
/// places (docs/rules.md §14, "Places").
#[derive(Clone, Debug)]
pub struct TournamentFigures {
    pub record: TournamentRecord,
    pub places: Vec<Place>,
    /// The tournament's name.
    pub name: String,
    pub published: bool,
}

/// Tournament `slug` as ratings and series read it; `None` for an unknown slug. Only
/// released boards count (a finished tournament has every board released).
pub fn tournament_figures(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<TournamentFigures>, DbError> {
    let Some(event) = super::tournament::load_event(conn, slug)? else {
        return Ok(None);
    };
    let Some(id) = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id)
        .first::<i32>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let play = super::tournament::load_play(conn, id)?;
    let release = Release::of(&event, &play.released_rounds);
    let (public, report) = release.public_view(&event, &play.released_rounds);
    let given: Vec<(i32, i32, String, i32, bool)> = lineups::table
        .inner_join(matches::table.inner_join(rounds::table))
        .inner_join(teams::table)
        .filter(rounds::tournament_id.eq(id))
        .select((
            rounds::number,
            matches::table_no,
            lineups::room,
            teams::team_no,
            lineups::given_before,
        ))
        .load(conn)?;
    let given: HashMap<(i32, i32, String, i32), bool> = given
        .into_iter()
        .map(|(r, t, room, team, g)| ((r, t, room, team), g))
        .collect();
    let links: HashMap<(i32, i32, Room, TeamNo), LineupLink> = public
        .lineups
        .iter()
        .map(|l| {
            let key = (l.round, l.table, l.room.code().to_owned(), l.team.get());
            let link = LineupLink {
                ids: l.player_ids,
                before_first_result: given.get(&key).copied().unwrap_or(true),
            };
            ((l.round, l.table, l.room, l.team), link)
        })
        .collect();
    let settings = &event.settings;
    let flags = TournamentFlags {
        slug: settings.slug.clone(),
        ends: settings.occasion.ends,
        finished: settings.standing.finished,
        rated: settings.standing.rated,
    };
    let record = record_of_event(&public, flags, &|round, table, room, team| {
        links.get(&(round, table, room, team)).copied()
    });
    let places = places_of(&public, &report);
    Ok(Some(TournamentFigures {
        record,
        places,
        name: settings.name.clone(),
        published: settings.published,
    }))
}

/// What [`refresh`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refreshed {
    /// The kept ratings were current.
    Current,
    /// The run was carried on over this many tournaments that sort after those kept.
    Appended(usize),
    /// The run was made again from zero over this many tournaments.
    Full(usize),
}

/// Brings the kept ratings up to date: nothing when they are current, the new tournaments
/// only when they all sort after those counted (and nothing else changed), else the full
/// run from zero.
pub fn refresh(conn: &mut DbConnection) -> Result<Refreshed, DbError> {
    super::write_transaction(conn, |conn| {
        lock(conn)?;
        let now = counted_now(conn)?;
        let kept = counted_kept(conn)?;
        if now == kept {
            return Ok(Refreshed::Current);
        }
        if kept.len() < now.len() && now[..kept.len()] == kept[..] {
            append_run(conn, &now, kept.len())?;
            return Ok(Refreshed::Appended(now.len() - kept.len()));
        }
        full_run(conn, &now)?;
        Ok(Refreshed::Full(now.len()))
    })
}

/// Whether any of these tournaments (their row ids) is counted by the ratings now (rated
/// and finished) or by the kept run: a change to one of them can move the ratings. Asked by
/// every write transaction before it commits ([`super::write_transaction`]).
pub(super) fn counts_any(
    conn: &mut DbConnection,
    ids: impl Iterator<Item = i32>,
) -> QueryResult<bool> {
    let ids: Vec<i32> = ids.collect();
    if ids.is_empty() {
        return Ok(false);
    }
    let mut any = false;
    for chunk in ids.chunks(500) {
        any = any
            || diesel::select(diesel::dsl::exists(
                tournaments::table
                    .filter(tournaments::id.eq_any(chunk))
                    .filter(tournaments::rated.eq(true))
                    .filter(tournaments::finished.eq(true)),
            ))
            .get_result::<bool>(conn)?
            || diesel::select(diesel::dsl::exists(
                rating_events::table.filter(rating_events::tournament_id.eq_any(chunk)),
            ))
            .get_result::<bool>(conn)?;
    }
    Ok(any)
}

/// Brings the kept ratings up to date right after a write that can move them has committed
/// (so that readers find them current); a failure is logged, and the next reader that finds
/// them stale brings them up to date instead.
pub(super) fn after_commit(conn: &mut DbConnection) {
    // Inside a transaction still (a caller's own, around the write), the write is not
    // committed yet: the next reader brings them up to date.
    if super::connection::in_transaction(conn) {
        return;
    }
    if let Err(e) = refresh(conn) {
        tracing::warn!(event = "ratings_refresh_failed", error = %e, "ratings not brought up to date");
    }
}

/// Whether the kept ratings are current, read-only and in one aggregate query: the rated,
/// finished tournaments with an end date are exactly those the kept run counted, each with
/// the slug, end date, revision and time of change it had then. (The kept run's order is
/// then the order of the run now: it is by end date and slug.)
pub fn is_current(conn: &mut DbConnection) -> Result<bool, DbError> {
    #[derive(QueryableByName)]
    struct Counts {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        now: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        kept: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        same: i64,
    }
    let counts: Counts = diesel::sql_query(
        "SELECT \
           (SELECT COUNT(*) FROM tournaments t \
              JOIN tournament_occasions o ON o.tournament_id = t.id \
              WHERE t.rated AND t.finished AND o.ends IS NOT NULL) AS now, \
           (SELECT COUNT(*) FROM rating_events) AS kept, \
           (SELECT COUNT(*) FROM rating_events r \
              JOIN tournaments t ON t.id = r.tournament_id \
              JOIN tournament_occasions o ON o.tournament_id = t.id \
              WHERE t.rated AND t.finished AND o.ends = r.ends AND t.slug = r.slug \
                AND t.revision = r.revision AND t.updated_at = r.changed_at) AS same",
    )
    .get_result(conn)?;
    Ok(counts.now == counts.kept && counts.kept == counts.same)
}

/// `read` of the kept ratings in one read transaction (REPEATABLE READ on PostgreSQL), once
/// they are found current there: the common case takes no lock and writes nothing. Only
/// when a reader finds them stale (a refresh after a write failed, a copied database)
/// are they brought up to date first.
fn read_current<T>(
    conn: &mut DbConnection,
    read: impl Fn(&mut DbConnection) -> Result<T, DbError>,
) -> Result<T, DbError> {
    if let Some(value) = read_kept(conn, true, &read)? {
        return Ok(value);
    }
    refresh(conn)?;
    read_kept(conn, false, &read)?
        .ok_or_else(|| DbError::Corrupt("ratings: read without the check".into()))
}

/// `read` in one read transaction; `None` when `check` finds the kept ratings stale.
fn read_kept<T>(
    conn: &mut DbConnection,
    check: bool,
    read: &dyn Fn(&mut DbConnection) -> Result<T, DbError>,
) -> Result<Option<T>, DbError> {
    // Inside the caller's transaction already, it reads in that one (a savepoint).
    let outer = super::connection::in_transaction(conn);
    conn.transaction(|conn| {
        if let DbConnection::Postgres(pg) = conn
            && !outer
        {
            diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(pg)?;
        }
        if check && !is_current(conn)? {
            return Ok(None);
        }
        read(conn).map(Some)
    })
}

/// Makes the run again from zero whatever is kept (`fushi ratings --recompute`); returns
/// how many tournaments it counted.
pub fn recompute(conn: &mut DbConnection) -> Result<usize, DbError> {
    super::write_transaction(conn, |conn| {
        lock(conn)?;
        let now = counted_now(conn)?;
        full_run(conn, &now)?;
        Ok(now.len())
    })
}

/// One refresh at a time: on PostgreSQL a lock that conflicts with itself (SQLite's
/// `BEGIN IMMEDIATE` already serialises writers).
fn lock(conn: &mut DbConnection) -> Result<(), DbError> {
    if let DbConnection::Postgres(pg) = conn {
        diesel::sql_query("LOCK TABLE rating_events IN SHARE ROW EXCLUSIVE MODE").execute(pg)?;
    }
    Ok(())
}

fn full_run(conn: &mut DbConnection, now: &[Counted]) -> Result<(), DbError> {
    diesel::delete(rating_history::table).execute(conn)?;
    diesel::delete(player_ratings::table).execute(conn)?;
    diesel::delete(rating_events::table).execute(conn)?;
    let mut ratings = Ratings::default();
    let mut touched = BTreeSet::new();
    for (i, c) in now.iter().enumerate() {
        count_one(conn, &mut ratings, c, i as i32 + 1, &mut touched)?;
    }
    write_players(conn, &ratings, &touched)
}

fn append_run(conn: &mut DbConnection, now: &[Counted], kept: usize) -> Result<(), DbError> {
    let mut ratings = Ratings::resumed(
        kept_players(conn)?,
        now[..kept].last().map(|c| (c.ends, c.slug.clone())),
    );
    let mut touched = BTreeSet::new();
    for (i, c) in now.iter().enumerate().skip(kept) {
        count_one(conn, &mut ratings, c, i as i32 + 1, &mut touched)?;
    }
    let numbers = touched
        .iter()
        .map(|&p| number(p))
        .collect::<Result<Vec<_>, _>>()?;
    for chunk in numbers.chunks(500) {
        diesel::delete(player_ratings::table.filter(player_ratings::player_id.eq_any(chunk)))
            .execute(conn)?;
    }
    write_players(conn, &ratings, &touched)
}

#[derive(Insertable)]
#[diesel(table_name = rating_history)]
struct HistoryRow {
    player_id: i64,
    event_position: i32,
    boards: i32,
    rating: String,
}
const HISTORY_COLUMNS: usize = 4;

#[derive(Insertable)]
#[diesel(table_name = player_ratings)]
struct PlayerRow {
    player_id: i64,
    rating: String,
    boards: i32,
}
const PLAYER_COLUMNS: usize = 3;

fn boards_i32(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Counts tournament `c` (at `position` in the run) after those in `ratings`, and keeps
/// what it adds: its row with its scored rooms (its lines of `rating_boards.csv`) and its
/// players' history.
fn count_one(
    conn: &mut DbConnection,
    ratings: &mut Ratings,
    c: &Counted,
    position: i32,
    touched: &mut BTreeSet<PlayerId>,
) -> Result<(), DbError> {
    let figures = tournament_figures(conn, &c.slug)?
        .ok_or_else(|| DbError::Corrupt(format!("ratings: tournament {} is gone", c.slug)))?;
    ratings.boards.clear();
    ratings.append(&figures.record).map_err(|o| {
        DbError::Corrupt(format!("ratings: {} does not sort after the last", o.slug))
    })?;
    let here: BTreeSet<PlayerId> = ratings
        .boards
        .iter()
        .flat_map(|b| b.ns.into_iter().chain(b.ew))
        .collect();
    let rooms = crate::archive::rating_boards_lines(&ratings.boards);
    ratings.boards.clear();
    diesel::insert_into(rating_events::table)
        .values((
            rating_events::position.eq(position),
            rating_events::tournament_id.eq(c.tournament_id),
            rating_events::slug.eq(&c.slug),
            rating_events::ends.eq(c.ends.to_string()),
            rating_events::revision.eq(c.revision),
            rating_events::changed_at.eq(c.changed_at),
            rating_events::rooms.eq(rooms),
        ))
        .execute(conn)?;
    let max_binds = conn.backend().max_binds();
    let mut history = Vec::with_capacity(here.len());
    for &p in &here {
        let r = &ratings.players[&p];
        history.push(HistoryRow {
            player_id: number(p)?,
            event_position: position,
            boards: boards_i32(r.boards),
            rating: decimals(&r.rating, 3),
        });
    }
    for chunk in history.chunks(chunk_len(max_binds, HISTORY_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(rating_history::table)
            .values(chunk)
            .execute(c))?;
    }
    touched.extend(here);
    Ok(())
}

/// Keeps the ratings of the players `touched` (their old rows already gone).
fn write_players(
    conn: &mut DbConnection,
    ratings: &Ratings,
    touched: &BTreeSet<PlayerId>,
) -> Result<(), DbError> {
    let mut rows = Vec::with_capacity(touched.len());
    for p in touched {
        let r = &ratings.players[p];
        rows.push(PlayerRow {
            player_id: number(*p)?,
            rating: r.rating.to_string(),
            boards: boards_i32(r.boards),
        });
    }
    let max_binds = conn.backend().max_binds();
    for chunk in rows.chunks(chunk_len(max_binds, PLAYER_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(player_ratings::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(())
}

fn exact(text: &str) -> Result<Rational, DbError> {
    text.parse()
        .map_err(|_| DbError::Corrupt(format!("player_ratings: {text} is not a fraction")))
}

/// The kept ratings of every player with a rated board.
fn kept_players(conn: &mut DbConnection) -> Result<BTreeMap<PlayerId, PlayerRating>, DbError> {
    let rows: Vec<(i64, String, i32)> = player_ratings::table
        .select((
            player_ratings::player_id,
            player_ratings::rating,
            player_ratings::boards,
        ))
        .load(conn)?;
    rows.into_iter()
        .map(|(id, rating, boards)| {
            Ok((
                stored_id(id, "player_ratings")?,
                PlayerRating {
                    rating: exact(&rating)?,
                    boards: u32::try_from(boards).unwrap_or(0),
                },
            ))
        })
        .collect()
}

/// Every player's rating as one full run gives it now (brought up to date first), by id.
pub fn current(conn: &mut DbConnection) -> Result<BTreeMap<PlayerId, PlayerRating>, DbError> {
    read_current(conn, kept_players)
}

/// A player's rating after one tournament they were scored in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingStep {
    pub slug: String,
    pub name: String,
    pub ends: NaiveDate,
    /// Their rated boards in all, after this tournament.
    pub boards: u32,
    /// Their rating after this tournament, as the files write it (3 decimals).
    pub rating: String,
}

/// A player's rating, their rated boards, whether it is provisional, and its history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRatingView {
    pub rating: Rational,
    pub boards: u32,
    pub provisional: bool,
    /// One step per rated tournament they were scored in, in the order of the run.
    pub history: Vec<RatingStep>,
}

/// Player `id`'s rating as one full run gives it now (brought up to date first); `None`
/// before their first rated board. A rating and its boards are public once a player played
/// a rated board (docs/rules.md §14): the caller decides whether the player's page is.
pub fn of_player(
    conn: &mut DbConnection,
    id: PlayerId,
) -> Result<Option<PlayerRatingView>, DbError> {
    read_current(conn, |conn| kept_of_player(conn, id))
}

fn kept_of_player(
    conn: &mut DbConnection,
    id: PlayerId,
) -> Result<Option<PlayerRatingView>, DbError> {
    let Ok(n) = number(id) else { return Ok(None) };
    let Some((rating, boards)) = player_ratings::table
        .find(n)
        .select((player_ratings::rating, player_ratings::boards))
        .first::<(String, i32)>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let steps: Vec<(i32, String, String, i32, String)> = rating_history::table
        .inner_join(
            rating_events::table.on(rating_events::position.eq(rating_history::event_position)),
        )
        .filter(rating_history::player_id.eq(n))
        .order(rating_history::event_position)
        .select((
            rating_events::tournament_id,
            rating_events::slug,
            rating_events::ends,
            rating_history::boards,
            rating_history::rating,
        ))
        .load(conn)?;
    let ids: Vec<i32> = steps.iter().map(|s| s.0).collect();
    let names: HashMap<i32, String> = tournaments::table
        .filter(tournaments::id.eq_any(ids))
        .select((tournaments::id, tournaments::name))
        .load(conn)?
        .into_iter()
        .collect();
    let history = steps
        .into_iter()
        .map(|(t, slug, ends, boards, rating)| RatingStep {
            name: names.get(&t).cloned().unwrap_or_else(|| slug.clone()),
            ends: ends.parse().unwrap_or_default(),
            slug,
            boards: u32::try_from(boards).unwrap_or(0),
            rating,
        })
        .collect();
    let boards = u32::try_from(boards).unwrap_or(0);
    Ok(Some(PlayerRatingView {
        rating: exact(&rating)?,
        boards,
        provisional: boards < crate::rules::rating::PROVISIONAL_BELOW,
        history,
    }))
}

/// `ratings.csv` and `rating_boards.csv` as one full run gives them now (brought up to date
/// first); `name` the registry's current name.
pub fn files(conn: &mut DbConnection) -> Result<(String, String), DbError> {
    read_current(conn, kept_files)
}

fn kept_files(conn: &mut DbConnection) -> Result<(String, String), DbError> {
    let players_now = kept_players(conn)?;
    let names = super::players::names(conn)?;
    let ratings = Ratings::resumed(players_now, None);
    let name = |p: PlayerId| names.get(&p).cloned().unwrap_or_default();
    let ratings_csv = crate::archive::ratings_csv(&ratings, &name);
    let rooms: Vec<String> = rating_events::table
        .order(rating_events::position)
        .select(rating_events::rooms)
        .load(conn)?;
    let boards = crate::archive::rating_boards_csv_of_lines(rooms.iter().map(String::as_str));
    Ok((ratings_csv, boards))
}

/// Which tournaments of a series its standings count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Every finished one (docs/rules.md §14; `fushi series export`).
    Finished,
    /// The finished, published ones: what the public series page shows, so that an
    /// unpublished tournament's places stay unknown (docs/decisions.md).
    Published,
}

/// The standings of series `slug` over its finished tournaments (`counting` says whether
/// the unpublished count), with `count_best` (`None`: the series' own setting); `None` for
/// an unknown series.
pub fn series_standings(
    conn: &mut DbConnection,
    slug: &str,
    count_best: Option<u32>,
    counting: Counting,
) -> Result<Option<Vec<SeriesLine>>, DbError> {
    let Some(s) = super::series::get(conn, slug)? else {
        return Ok(None);
    };
    let mut figures = Vec::new();
    for m in super::series::members(conn, slug)? {
        if !m.finished || (counting == Counting::Published && !m.published) {
            continue;
        }
        if let Some(f) = tournament_figures(conn, &m.slug)? {
            figures.push(f);
        }
    }
    let events: Vec<SeriesEvent<'_>> = figures
        .iter()
        .map(|f| SeriesEvent {
            record: &f.record,
            places: &f.places,
        })
        .collect();
    Ok(Some(rank(&events, count_best.or(s.count_best))))
}

/// `series.csv` of series `slug` over every finished tournament (`fushi series export`),
/// `name` the registry's current name; `None` for an unknown series.
pub fn series_csv(
    conn: &mut DbConnection,
    slug: &str,
    count_best: Option<u32>,
) -> Result<Option<String>, DbError> {
    let Some(lines) = series_standings(conn, slug, count_best, Counting::Finished)? else {
        return Ok(None);
    };
    let names = super::players::names(conn)?;
    let name = |p| names.get(&p).cloned().unwrap_or_default();
    Ok(Some(crate::archive::series_csv(&lines, &name)))
}
