//! The server's stored secrets.

use diesel::prelude::*;

use super::tables::secrets;
use crate::db::DbError;
use crate::db::connection::DbConnection;

/// A stored secret, created with `make` the first time it is asked for.
pub fn secret(
    conn: &mut DbConnection,
    name: &str,
    make: impl FnOnce() -> String,
) -> Result<String, DbError> {
    let found: Option<String> = secrets::table
        .find(name)
        .select(secrets::value)
        .first(conn)
        .optional()?;
    if let Some(value) = found {
        return Ok(value);
    }
    let value = make();
    let inserted = diesel::insert_into(secrets::table)
        .values((secrets::name.eq(name), secrets::value.eq(&value)))
        .execute(conn)
        .map_err(DbError::from);
    match inserted {
        Ok(_) => Ok(value),
        // Another process stored it first: use theirs.
        Err(e) if e.is_unique_violation() => Ok(secrets::table
            .find(name)
            .select(secrets::value)
            .first(conn)?),
        Err(e) => Err(e),
    }
}
