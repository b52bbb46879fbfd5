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
    // before it commits (`revision::bump`, `revision::bump_matches`).
    let changes = super::connection::Changes::begin();
    let f = |conn: &mut DbConnection| {
        let value = f(conn)?;
        super::revision::raise_all(conn, changes.take())?;
        Ok(value)
    };
    let Some(c) = sqlite(conn) else {
        return conn.transaction(f);
    };
    let nested = AnsiTransactionManager::transaction_manager_status_mut(c)
        .transaction_depth()?
        .is_some();
    if nested {
        return conn.transaction(f);
    }
    AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?;
    let result = f(conn);
    let Some(c) = sqlite(conn) else {
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
