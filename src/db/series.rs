//! Series of tournaments (docs/rules.md §14): a named, ordered list of tournaments with a
//! `count_best`; its standings are [`super::ratings::series_standings`], from the records
//! ratings read.
//!
//! A tournament is in one series at most (`series = "slug"` in its `tournament.toml`; the
//! series is created, named by its slug, on first use).

use diesel::prelude::*;

use super::connection::DbConnection;
use super::schema::{series, series_events, tournaments};
use super::{DbError, WriteRefusal};

/// A series.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub id: i32,
    pub slug: String,
    pub name: String,
    /// How many of each player's best events count; `None`: every event.
    pub count_best: Option<u32>,
}

type SeriesRow = (i32, String, String, Option<i32>);

fn of_row((id, slug, name, count_best): SeriesRow) -> Series {
    Series {
        id,
        slug,
        name,
        count_best: count_best
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > 0),
    }
}

const COLUMNS: (series::id, series::slug, series::name, series::count_best) =
    (series::id, series::slug, series::name, series::count_best);

/// The series `slug`, if there is one.
pub fn get(conn: &mut DbConnection, slug: &str) -> Result<Option<Series>, DbError> {
    Ok(series::table
        .filter(series::slug.eq(slug))
        .select(COLUMNS)
        .first::<SeriesRow>(conn)
        .optional()?
        .map(of_row))
}

/// Every series, by slug.
pub fn all(conn: &mut DbConnection) -> Result<Vec<Series>, DbError> {
    Ok(series::table
        .order(series::slug)
        .select(COLUMNS)
        .load::<SeriesRow>(conn)?
        .into_iter()
        .map(of_row)
        .collect())
}

/// The slug of the series tournament `tournament_id` (its row id) is in.
pub(crate) fn slug_of(
    conn: &mut DbConnection,
    tournament_id: i32,
) -> Result<Option<String>, DbError> {
    Ok(series_events::table
        .inner_join(series::table)
        .filter(series_events::tournament_id.eq(tournament_id))
        .select(series::slug)
        .first(conn)
        .optional()?)
}

/// The slug of the series tournament `slug` is in; `None` also for an unknown tournament.
pub fn of_tournament(conn: &mut DbConnection, slug: &str) -> Result<Option<String>, DbError> {
    Ok(series_events::table
        .inner_join(series::table)
        .inner_join(tournaments::table)
        .filter(tournaments::slug.eq(slug))
        .select(series::slug)
        .first(conn)
        .optional()?)
}

fn check_slug(slug: &str) -> Result<String, DbError> {
    crate::rules::slug::Slug::parse(slug)
        .map(|s| s.as_str().to_owned())
        .map_err(|_| {
            DbError::Refused(WriteRefusal::SeriesSlug {
                slug: slug.to_owned(),
            })
        })
}

fn check_name(name: &str) -> Result<String, DbError> {
    let name = name.trim();
    if name.is_empty()
        || name.chars().count() > crate::limits::NAME
        || name.chars().any(char::is_control)
    {
        return Err(DbError::Refused(WriteRefusal::SeriesName));
    }
    Ok(name.to_owned())
}

fn check_count_best(count_best: Option<u32>) -> Result<Option<i32>, DbError> {
    match count_best {
        None => Ok(None),
        Some(n) => i32::try_from(n)
            .ok()
            .filter(|&n| n > 0)
            .map(Some)
            .ok_or(DbError::Refused(WriteRefusal::SeriesCountBest)),
    }
}

/// Creates series `slug` named `name`; refused when the slug is taken or not a slug.
pub fn create(
    conn: &mut DbConnection,
    slug: &str,
    name: &str,
    count_best: Option<u32>,
) -> Result<Series, DbError> {
    let slug = check_slug(slug)?;
    let name = check_name(name)?;
    let count_best = check_count_best(count_best)?;
    super::write_transaction(conn, |conn| {
        if get(conn, &slug)?.is_some() {
            return Err(DbError::Refused(WriteRefusal::SeriesTaken {
                slug: slug.clone(),
            }));
        }
        diesel::insert_into(series::table)
            .values((
                series::slug.eq(&slug),
                series::name.eq(&name),
                series::count_best.eq(count_best),
            ))
            .execute(conn)?;
        get(conn, &slug)?.ok_or_else(|| DbError::Corrupt(format!("series {slug} not stored")))
    })
}

/// Names series `slug` and sets its `count_best`; `false` for an unknown series.
pub fn update(
    conn: &mut DbConnection,
    slug: &str,
    name: &str,
    count_best: Option<u32>,
) -> Result<bool, DbError> {
    let name = check_name(name)?;
    let count_best = check_count_best(count_best)?;
    super::write_transaction(conn, |conn| {
        let n = diesel::update(series::table.filter(series::slug.eq(slug)))
            .set((series::name.eq(&name), series::count_best.eq(count_best)))
            .execute(conn)?;
        if n > 0 {
            bump_members(conn, slug)?;
        }
        Ok(n > 0)
    })
}

/// Marks every tournament of series `slug` changed: their pages show the series.
fn bump_members(conn: &mut DbConnection, slug: &str) -> Result<(), DbError> {
    for t in member_ids(conn, slug)? {
        super::revision::bump(conn, t)?;
    }
    Ok(())
}

fn member_ids(conn: &mut DbConnection, slug: &str) -> Result<Vec<i32>, DbError> {
    Ok(series_events::table
        .inner_join(series::table)
        .filter(series::slug.eq(slug))
        .order(series_events::position)
        .select(series_events::tournament_id)
        .load(conn)?)
}

fn tournament_id(conn: &mut DbConnection, slug: &str) -> Result<i32, DbError> {
    tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id)
        .first(conn)
        .optional()?
        .ok_or_else(|| {
            DbError::Refused(WriteRefusal::SeriesNoTournament {
                slug: slug.to_owned(),
            })
        })
}

/// Puts tournament `tournament_id` last in series `series_slug`, created (named by its
/// slug) when there is none: how `series = "slug"` in `tournament.toml` is read. A
/// tournament in another series leaves it.
pub(crate) fn join_by_id(
    conn: &mut DbConnection,
    series_slug: &str,
    tournament_id: i32,
) -> Result<(), DbError> {
    let series_slug = check_slug(series_slug)?;
    let id = match get(conn, &series_slug)? {
        Some(s) => s.id,
        None => {
            diesel::insert_into(series::table)
                .values((
                    series::slug.eq(&series_slug),
                    series::name.eq(&series_slug),
                    series::count_best.eq(None::<i32>),
                ))
                .execute(conn)?;
            get(conn, &series_slug)?
                .ok_or_else(|| DbError::Corrupt(format!("series {series_slug} not stored")))?
                .id
        }
    };
    let current: Option<i32> = series_events::table
        .find(tournament_id)
        .select(series_events::series_id)
        .first(conn)
        .optional()?;
    if current == Some(id) {
        return Ok(());
    }
    diesel::delete(series_events::table.find(tournament_id)).execute(conn)?;
    let last: Option<i32> = series_events::table
        .filter(series_events::series_id.eq(id))
        .select(diesel::dsl::max(series_events::position))
        .first(conn)?;
    diesel::insert_into(series_events::table)
        .values((
            series_events::tournament_id.eq(tournament_id),
            series_events::series_id.eq(id),
            series_events::position.eq(last.unwrap_or(0) + 1),
        ))
        .execute(conn)?;
    super::revision::bump(conn, tournament_id)?;
    Ok(())
}

/// Puts tournament `tournament_slug` in series `series_slug` (last), or takes it out of
/// its series (`None`).
pub fn set_series(
    conn: &mut DbConnection,
    tournament_slug: &str,
    series_slug: Option<&str>,
) -> Result<(), DbError> {
    super::write_transaction(conn, |conn| {
        let t = tournament_id(conn, tournament_slug)?;
        match series_slug {
            Some(s) => {
                if get(conn, s)?.is_none() {
                    return Err(DbError::Refused(WriteRefusal::SeriesUnknown {
                        slug: s.to_owned(),
                    }));
                }
                join_by_id(conn, s, t)
            }
            None => {
                let n = diesel::delete(series_events::table.find(t)).execute(conn)?;
                if n > 0 {
                    super::revision::bump(conn, t)?;
                }
                Ok(())
            }
        }
    })
}

/// Orders series `slug` as `order` gives its tournaments' slugs (each of them once);
/// `false` for an unknown series.
pub fn reorder(conn: &mut DbConnection, slug: &str, order: &[String]) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(s) = get(conn, slug)? else {
            return Ok(false);
        };
        let members = member_ids(conn, slug)?;
        let mut ids = Vec::with_capacity(order.len());
        for t in order {
            ids.push(tournament_id(conn, t)?);
        }
        let mut sorted_ids = ids.clone();
        sorted_ids.sort_unstable();
        let mut sorted_members = members.clone();
        sorted_members.sort_unstable();
        if sorted_ids != sorted_members {
            return Err(DbError::Refused(WriteRefusal::SeriesOrder));
        }
        for (i, t) in ids.iter().enumerate() {
            diesel::update(series_events::table.find(*t))
                .set(series_events::position.eq(i as i32 + 1))
                .filter(series_events::series_id.eq(s.id))
                .execute(conn)?;
        }
        bump_members(conn, slug)?;
        Ok(true)
    })
}

/// One tournament of a series, as its page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesMember {
    pub slug: String,
    pub name: String,
    pub published: bool,
    pub finished: bool,
    /// Its revision and when it was made: what the standings read of it may have changed
    /// only when these have (a key of kept standings, never shown).
    pub revision: (i64, chrono::NaiveDateTime),
}

/// Every series with at least one published tournament, by id, with how many it has.
pub fn with_published(conn: &mut DbConnection) -> Result<Vec<(Series, usize)>, DbError> {
    let members: Vec<i32> = series_events::table
        .inner_join(tournaments::table)
        .filter(tournaments::published.eq(true))
        .select(series_events::series_id)
        .load(conn)?;
    let mut counts: std::collections::BTreeMap<i32, usize> = Default::default();
    for id in members {
        *counts.entry(id).or_default() += 1;
    }
    let mut out: Vec<(Series, usize)> = all(conn)?
        .into_iter()
        .filter_map(|s| Some((counts.get(&s.id).copied()?, s)))
        .map(|(n, s)| (s, n))
        .collect();
    out.sort_by_key(|(s, _)| s.id);
    Ok(out)
}

/// The tournaments of series `slug` in its order.
pub fn members(conn: &mut DbConnection, slug: &str) -> Result<Vec<SeriesMember>, DbError> {
    type Row = (String, String, bool, bool, i64, chrono::NaiveDateTime);
    let rows: Vec<Row> = series_events::table
        .inner_join(series::table)
        .inner_join(tournaments::table)
        .filter(series::slug.eq(slug))
        .order(series_events::position)
        .select((
            tournaments::slug,
            tournaments::name,
            tournaments::published,
            tournaments::finished,
            tournaments::revision,
            tournaments::updated_at,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(slug, name, published, finished, revision, changed_at)| SeriesMember {
                slug,
                name,
                published,
                finished,
                revision: (revision, changed_at),
            },
        )
        .collect())
}
