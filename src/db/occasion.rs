//! A tournament's date, place, organiser and zone ([`Occasion`]): one row of
//! `tournament_occasions` per tournament that gives any of them, none otherwise.

use diesel::prelude::*;

use super::schema::tournament_occasions;
use super::{DbConnection, DbError};
use crate::rules::{Occasion, OccasionDraft, Settings};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = tournament_occasions, treat_none_as_default_value = false)]
struct OccasionRow {
    tournament_id: i32,
    starts: Option<String>,
    ends: Option<String>,
    venue: String,
    organiser: String,
    time_zone: Option<String>,
}

/// The stored occasion of tournament `id` (empty when it has none), checked as the settings
/// form and `tournament.toml` are: a value the check refuses is corrupt data.
pub(super) fn load(conn: &mut DbConnection, id: i32) -> Result<Occasion, DbError> {
    let row: Option<OccasionRow> = tournament_occasions::table
        .find(id)
        .select(OccasionRow::as_select())
        .first(conn)
        .optional()?;
    let Some(row) = row else {
        return Ok(Occasion::default());
    };
    let draft = crate::rules::SettingsDraft {
        name: "-".into(),
        slug: "-".into(),
        occasion: OccasionDraft {
            starts: row.starts.unwrap_or_default(),
            ends: row.ends.unwrap_or_default(),
            venue: row.venue,
            organiser: row.organiser,
            time_zone: row.time_zone.unwrap_or_default(),
        },
        ..Default::default()
    };
    // Name and slug are stand-ins: only the occasion's own problems can be reported.
    match Settings::try_from(draft) {
        Ok(s) => Ok(s.occasion),
        Err(errors) => {
            let e = errors
                .0
                .iter()
                .find(|e| e.field.key() != "slug")
                .unwrap_or(&errors.0[0]);
            Err(DbError::corrupt(
                "tournament_occasions",
                id,
                e.field.key(),
                &e.why,
            ))
        }
    }
}

/// Stores `o` as tournament `id`'s occasion (no row when it is empty).
pub(super) fn save(conn: &mut DbConnection, id: i32, o: &Occasion) -> Result<(), DbError> {
    diesel::delete(tournament_occasions::table.find(id)).execute(conn)?;
    if o.is_empty() {
        return Ok(());
    }
    diesel::insert_into(tournament_occasions::table)
        .values(OccasionRow {
            tournament_id: id,
            starts: o.starts.map(|d| d.to_string()),
            ends: o.ends.map(|d| d.to_string()),
            venue: o.venue.clone(),
            organiser: o.organiser.clone(),
            time_zone: o.time_zone.map(|z| z.name().to_owned()),
        })
        .execute(conn)?;
    Ok(())
}

/// The occasions of every tournament that has one, by tournament id (the home page).
pub(crate) fn all(
    conn: &mut DbConnection,
) -> Result<std::collections::HashMap<i32, Occasion>, DbError> {
    let ids: Vec<i32> = tournament_occasions::table
        .select(tournament_occasions::tournament_id)
        .load(conn)?;
    ids.into_iter()
        .map(|id| load(conn, id).map(|o| (id, o)))
        .collect()
}
