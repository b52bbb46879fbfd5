//! Write transactions: `BEGIN IMMEDIATE` on SQLite, and one revision per tournament
//! changed, raised just before the transaction commits.

use diesel::prelude::*;

use super::connection::DbConnection;

/// Runs `f` in a write transaction. On SQLite it begins with `BEGIN IMMEDIATE`: the write
/// lock is taken up front, waiting up to the busy timeout, so a transaction that reads and
/// then writes can never fail half-way for a concurrent writer ("database is locked"). On
/// PostgreSQL it is an ordinary transaction (the writes themselves are conditional or
/// constrained where an invariant needs it). Inside a transaction already, it is a
/// savepoint of that one.
pub(crate) fn write_transaction<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    fn sqlite(conn: &mut DbConnection) -> Option<&mut diesel::SqliteConnection> {
        match conn {
            DbConnection::Sqlite(c) => Some(c),
            DbConnection::Postgres(_) => None,
        }
    }
    // The tournaments this transaction changes get their revision raised once, just
    // before it commits (`revision::bump`, `revision::bump_matches`); when one of them is
    // counted by the kept ratings, they are brought up to date once it has committed.
    let changes = super::connection::Changes::begin();
    let f = |conn: &mut DbConnection| {
        let value = f(conn)?;
        let changed = changes.take();
        if super::ratings::counts_any(conn, changed.keys().copied())? {
            super::connection::ratings_moved();
        }
        super::revision::raise_all(conn, changed)?;
        Ok(value)
    };
    let result = match sqlite(conn) {
        None => conn.transaction(f),
        Some(c) => {
            let nested = AnsiTransactionManager::transaction_manager_status_mut(c)
                .transaction_depth()?
                .is_some();
            if nested {
                conn.transaction(f)
            } else {
                immediate(conn, f)
            }
        }
    };
    if changes.end() && result.is_ok() {
        super::ratings::after_commit(conn);
    }
    result
}

/// `f` in a transaction begun with `BEGIN IMMEDIATE` on SQLite (not inside another).
fn immediate<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let DbConnection::Sqlite(c) = conn else {
        return conn.transaction(f);
    };
    AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?;
    let result = f(conn);
    let DbConnection::Sqlite(c) = conn else {
        unreachable!("the connection stays SQLite");
    };
    match result {
        Ok(value) => {
            AnsiTransactionManager::commit_transaction(c)?;
            Ok(value)
        }
        Err(e) => {
            AnsiTransactionManager::rollback_transaction(c)?;
            Err(e)
        }
    }
}
