//! `fushi copy --from URL --to URL`: a whole database into an empty one, SQLite ↔
//! PostgreSQL: every table (tournaments, users and their access, sessions, the audit trail,
//! table links and entries, explanations, notes, the cookie key …), ids kept.
//!
//! Rows travel as JSON made by the source database itself (`json_object` in SQLite,
//! `row_to_json` in PostgreSQL) and are taken apart by the target (`json_extract`,
//! `json_populate_record`), so one generic loop copies every table with its own column
//! types. The target is migrated first and must be empty; the copy is one transaction.

use diesel::connection::SimpleConnection;
use diesel::sql_types::Text;
use diesel::{Connection, QueryableByName, RunQueryDsl};

use super::{DbConnection, DbError};

/// Every table, parents before children (foreign keys hold at every insert).
pub const TABLES: &[&str] = &[
    "player_ids",
    "players",
    "player_audit",
    "tournaments",
    "series",
    "series_events",
    "deal_seeds",
    "stages",
    "stage_exchanges",
    "tournament_occasions",
    "users",
    "tournament_access",
    "sessions",
    "secrets",
    "login_attempts",
    "form_tokens",
    "teams",
    "team_members",
    "rounds",
    "boards",
    "deals",
    "matches",
    "table_results",
    "pairing_explanations",
    "round_notes",
    "table_links",
    "table_entries",
    "session_links",
    "round_clocks",
    "hall_announcements",
    "lineups",
    "odd_result_settings",
    "odd_result_checks",
    "audit_log",
];

/// The tables each database keeps its own of, never copied: its id (the validators of the
/// public pages carry it, and a copy is another database, docs/decisions.md), and what its
/// recent revisions changed (a server reading the copy loads each tournament in full).
pub(crate) const OWN_TABLES: &[&str] = &[
    "database_meta",
    "revision_changes",
    "rating_events",
    "player_ratings",
    "rating_history",
];

/// The tables that hold secrets: left behind with `--without-secrets` (a new cookie key is
/// made on the first start, and everyone signs in again).
pub(crate) const SECRET_TABLES: &[&str] = &["secrets", "sessions"];

/// How many rows each table got.
pub type Counts = Vec<(String, i64)>;

/// Why a copy did not happen.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(
        "the target database is not empty: {0} has rows (fushi copy fills an empty database only)"
    )]
    NotEmpty(String),
    #[error("table {0} is not one fushi copy knows: nothing was copied")]
    UnknownTable(String),
    #[error("{table}: {why}")]
    Row { table: String, why: String },
}

impl From<diesel::result::Error> for CopyError {
    fn from(e: diesel::result::Error) -> CopyError {
        CopyError::Db(DbError::Query(e))
    }
}

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct Column {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    kind: String,
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Text)]
    row: String,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

fn query_error(table: &str) -> impl Fn(diesel::result::Error) -> CopyError + '_ {
    move |e| CopyError::Row {
        table: table.to_owned(),
        why: e.to_string(),
    }
}

/// The tables of a database that a copy moves (without diesel's migration table and the
/// database's [`OWN_TABLES`]).
pub fn tables(conn: &mut DbConnection) -> Result<Vec<String>, DbError> {
    let names: Vec<Name> = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(
            "SELECT name FROM sqlite_master WHERE type = 'table' \
             AND name NOT LIKE 'sqlite_%' AND name <> '__diesel_schema_migrations'",
        )
        .load(c)?,
        DbConnection::Postgres(c) => diesel::sql_query(
            "SELECT table_name::text AS name FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
             AND table_name <> '__diesel_schema_migrations'",
        )
        .load(c)?,
    };
    Ok(names
        .into_iter()
        .map(|n| n.name)
        .filter(|name| !OWN_TABLES.contains(&name.as_str()))
        .collect())
}

/// The rows of one table.
pub fn count(conn: &mut DbConnection, table: &str) -> Result<i64, DbError> {
    let sql = format!("SELECT COUNT(*) AS n FROM \"{table}\"");
    let counted: Count = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(sql).get_result(c)?,
        DbConnection::Postgres(c) => diesel::sql_query(sql).get_result(c)?,
    };
    Ok(counted.n)
}

/// The rows of every table of `conn`, in [`TABLES`] order.
pub fn counts(conn: &mut DbConnection) -> Result<Counts, DbError> {
    let present = tables(conn)?;
    TABLES
        .iter()
        .filter(|t| present.iter().any(|p| p == *t))
        .map(|t| Ok(((*t).to_owned(), count(conn, t)?)))
        .collect()
}

fn sqlite_columns(c: &mut diesel::SqliteConnection, table: &str) -> Result<Vec<Column>, CopyError> {
    diesel::sql_query(format!(
        "SELECT name, type AS kind FROM pragma_table_info('{table}') ORDER BY cid"
    ))
    .load(c)
    .map_err(query_error(table))
}

/// Every row of `table` in `from`, as JSON objects, in primary-key order.
fn rows_of(from: &mut DbConnection, table: &str) -> Result<Vec<String>, CopyError> {
    let rows: Vec<Row> = match from {
        DbConnection::Sqlite(c) => {
            let columns = sqlite_columns(c, table)?;
            let pairs: Vec<String> = columns
                .iter()
                .map(|col| format!("'{0}', \"{0}\"", col.name))
                .collect();
            diesel::sql_query(format!(
                "SELECT json_object({}) AS row FROM \"{table}\" ORDER BY 1",
                pairs.join(", ")
            ))
            .load(c)
            .map_err(query_error(table))?
        }
        DbConnection::Postgres(c) => diesel::sql_query(format!(
            "SELECT row_to_json(t)::text AS row FROM \"{table}\" t ORDER BY 1"
        ))
        .load(c)
        .map_err(query_error(table))?,
    };
    Ok(rows.into_iter().map(|r| r.row).collect())
}

/// Inserts JSON rows into `table` of `to`.
fn insert_rows(to: &mut DbConnection, table: &str, rows: &[String]) -> Result<(), CopyError> {
    match to {
        DbConnection::Sqlite(c) => {
            let columns = sqlite_columns(c, table)?;
            let names: Vec<String> = columns.iter().map(|c| format!("\"{}\"", c.name)).collect();
            // PostgreSQL writes timestamps with a `T`; SQLite's text form has a space.
            let values: Vec<String> = columns
                .iter()
                .map(|col| {
                    let value = format!("json_extract(?1, '$.\"{}\"')", col.name);
                    if col.kind.eq_ignore_ascii_case("TIMESTAMP") {
                        format!("replace({value}, 'T', ' ')")
                    } else {
                        value
                    }
                })
                .collect();
            let sql = format!(
                "INSERT INTO \"{table}\" ({}) SELECT {}",
                names.join(", "),
                values.join(", ")
            );
            for row in rows {
                diesel::sql_query(&sql)
                    .bind::<Text, _>(row)
                    .execute(c)
                    .map_err(query_error(table))?;
            }
        }
        DbConnection::Postgres(c) => {
            let sql = format!(
                "INSERT INTO \"{table}\" SELECT * FROM json_populate_record(NULL::\"{table}\", $1::json)"
            );
            for row in rows {
                diesel::sql_query(&sql)
                    .bind::<Text, _>(row)
                    .execute(c)
                    .map_err(query_error(table))?;
            }
            // The next id after the copied ones, where `id` is a serial column.
            #[derive(QueryableByName)]
            struct Sequence {
                #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
                name: Option<String>,
            }
            let serial: Vec<Sequence> = diesel::sql_query(format!(
                "SELECT pg_get_serial_sequence('\"{table}\"', 'id') AS name \
                 FROM information_schema.columns WHERE table_schema = current_schema() \
                 AND table_name = '{table}' AND column_name = 'id' \
                 AND data_type IN ('integer', 'bigint')"
            ))
            .load(c)
            .map_err(query_error(table))?;
            if let Some(sequence) = serial.into_iter().find_map(|s| s.name) {
                c.batch_execute(&format!(
                    "SELECT setval('{sequence}', (SELECT COALESCE(MAX(id), 0) + 1 FROM \"{table}\"), false)"
                ))
                .map_err(query_error(table))?;
            }
        }
    }
    Ok(())
}

/// Copies every table of `from` into `to` (both migrated to this version of fushi; `to`
/// empty), in one transaction on `to`, reading `from` in one snapshot (see
/// [`in_snapshot`]), so a copy of a database in use is the database as it was at one
/// moment; the counts copied, table by table.
pub fn copy(
    from: &mut DbConnection,
    to: &mut DbConnection,
    with_secrets: bool,
) -> Result<Counts, CopyError> {
    for table in tables(to)? {
        if count(to, &table)? > 0 {
            return Err(CopyError::NotEmpty(table));
        }
    }
    in_snapshot(from, |from| {
        let present = tables(from)?;
        if let Some(unknown) = present.iter().find(|t| !TABLES.contains(&t.as_str())) {
            return Err(CopyError::UnknownTable(unknown.clone()));
        }
        let mut counts = Vec::new();
        to.transaction::<_, CopyError, _>(|to| {
            for table in TABLES.iter().filter(|t| present.iter().any(|p| p == *t)) {
                if !with_secrets && SECRET_TABLES.contains(table) {
                    continue;
                }
                let rows = rows_of(from, table)?;
                insert_rows(to, table, &rows)?;
                counts.push(((*table).to_owned(), rows.len() as i64));
            }
            Ok(())
        })?;
        Ok(counts)
    })
}

/// Runs `read` in one read-only snapshot of `conn`: on PostgreSQL a `REPEATABLE READ, READ
/// ONLY` transaction; on SQLite a read transaction (in WAL mode its first read fixes the
/// snapshot until it ends, while writers go on). Without it, tables read one after the
/// other while a server saves hold different moments: a tournament's revision from before
/// a save with the results from after it.
pub(crate) fn in_snapshot<T>(
    conn: &mut DbConnection,
    read: impl FnOnce(&mut DbConnection) -> Result<T, CopyError>,
) -> Result<T, CopyError> {
    let begin = match conn {
        DbConnection::Sqlite(_) => "BEGIN DEFERRED",
        DbConnection::Postgres(_) => "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
    };
    conn.batch_execute(begin)?;
    let outcome = read(conn);
    // Nothing was written: ending the transaction either way keeps the data as it was.
    let end = if outcome.is_ok() {
        "COMMIT"
    } else {
        "ROLLBACK"
    };
    let ended = conn.batch_execute(end);
    let value = outcome?;
    ended?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table the migrations make is one the copy knows, in an order whose foreign
    /// keys point backwards (a table added without a place here fails this test).
    #[test]
    fn the_copy_knows_every_table() {
        let dir = std::env::temp_dir().join(format!("fushi-copy-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        let mut conn = crate::db::open(dir.to_str().unwrap()).unwrap();
        let mut present = tables(&mut conn).unwrap();
        present.sort();
        let mut known: Vec<String> = TABLES.iter().map(|t| (*t).to_owned()).collect();
        known.sort();
        assert_eq!(present, known);
        let DbConnection::Sqlite(c) = &mut conn else {
            unreachable!()
        };
        #[derive(QueryableByName)]
        struct Parent {
            #[diesel(sql_type = Text)]
            table: String,
        }
        for (at, table) in TABLES.iter().enumerate() {
            let parents: Vec<Parent> = diesel::sql_query(format!(
                "SELECT \"table\" FROM pragma_foreign_key_list('{table}')"
            ))
            .load(c)
            .unwrap();
            for parent in parents {
                let before =
                    parent.table == *table || TABLES[..at].contains(&parent.table.as_str());
                assert!(before, "{table} refers to {} listed after it", parent.table);
            }
        }
        drop(conn);
        let _ = std::fs::remove_file(&dir);
    }
}
