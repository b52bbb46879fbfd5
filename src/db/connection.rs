//! One binary, two databases: the URL's scheme picks PostgreSQL or SQLite.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{ConnectionManager, CustomizeConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use super::DbError;

/// The SQLite file used when no database is configured.
pub const DEFAULT_DATABASE: &str = "fushi.db";

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// How long a SQLite connection waits for another writer's lock before it gives up with
/// "database is locked" (which the web layer answers with 503, nothing saved).
pub(crate) const SQLITE_BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Set on every SQLite connection after its busy timeout: enforce the foreign keys (the
/// cascades rely on them), let readers work beside the writer.
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL; \
                              PRAGMA synchronous = NORMAL; \
                              PRAGMA foreign_keys = ON;";

/// A connection to either database. Queries written against it run on both.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(diesel::PgConnection),
    Sqlite(diesel::SqliteConnection),
}

impl DbConnection {
    pub fn backend(&self) -> Backend {
        match self {
            DbConnection::Postgres(_) => Backend::Postgres,
            DbConnection::Sqlite(_) => Backend::Sqlite,
        }
    }
}

/// The PostgreSQL notification channel of revisions; the payload is the tournament's id.
pub(crate) const CHANNEL: &str = "fushi_changes";

/// What one write transaction changed in one tournament: only the results of these
/// matches (round, table), or more (`everything`: the snapshot is loaded in full).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Change {
    pub everything: bool,
    pub matches: BTreeSet<(i32, i32)>,
}

thread_local! {
    /// What the write transaction running on this thread has changed, by tournament, or
    /// `None` outside one. A transaction runs on one connection on one thread, so this is
    /// that transaction's own list.
    static CHANGED: RefCell<Option<BTreeMap<i32, Change>>> = const { RefCell::new(None) };
    /// Whether the write transaction running on this thread changed something the kept
    /// ratings count ([`ratings_moved`]): they are brought up to date once it commits.
    static RATINGS_MOVED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Marks the running write transaction as one that changes what the kept ratings count
/// (a counted tournament's revision, a rated and finished tournament stored or gone), so
/// that they are brought up to date as soon as it commits; `false` outside a write
/// transaction, where the caller brings them up to date itself.
pub(super) fn ratings_moved() -> bool {
    let inside = CHANGED.with_borrow(Option::is_some);
    if inside {
        RATINGS_MOVED.set(true);
    }
    inside
}

/// Adds to what the running write transaction changed in the tournament; `false` (nothing
/// kept) outside a write transaction, where the caller raises the revision at once.
pub(super) fn record(tournament_id: i32, add: impl FnOnce(&mut Change)) -> bool {
    CHANGED.with_borrow_mut(|changed| {
        changed
            .as_mut()
            .map(|all| add(all.entry(tournament_id).or_default()))
            .is_some()
    })
}

/// The changes of one outermost write transaction: opened when it begins, taken just
/// before it commits, and forgotten when it ends either way. Inside another write
/// transaction (a savepoint) it holds nothing: the outer one takes them.
pub(super) struct Changes {
    outermost: bool,
}

impl Changes {
    pub(super) fn begin() -> Changes {
        let outermost = CHANGED.with_borrow_mut(|changed| {
            let outermost = changed.is_none();
            if outermost {
                *changed = Some(BTreeMap::new());
                RATINGS_MOVED.set(false);
            }
            outermost
        });
        Changes { outermost }
    }

    /// What the transaction changed, by tournament; empty inside another transaction.
    pub(super) fn take(&self) -> BTreeMap<i32, Change> {
        if !self.outermost {
            return BTreeMap::new();
        }
        CHANGED.with_borrow_mut(|changed| changed.as_mut().map(std::mem::take).unwrap_or_default())
    }

    /// Whether the transaction was marked by [`ratings_moved`] (the outermost one only: a
    /// savepoint leaves it to the transaction around it); ends the transaction's list.
    pub(super) fn end(self) -> bool {
        self.outermost && RATINGS_MOVED.get()
    }
}

impl Drop for Changes {
    fn drop(&mut self) {
        if self.outermost {
            CHANGED.with_borrow_mut(|changed| *changed = None);
            RATINGS_MOVED.set(false);
        }
    }
}

/// Whether the connection is inside a transaction.
pub(super) fn in_transaction(conn: &mut DbConnection) -> bool {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let depth = match conn {
        DbConnection::Sqlite(c) => {
            AnsiTransactionManager::transaction_manager_status_mut(c).transaction_depth()
        }
        DbConnection::Postgres(c) => {
            AnsiTransactionManager::transaction_manager_status_mut(c).transaction_depth()
        }
    };
    !matches!(depth, Ok(None))
}

/// A pool of connections, created once at start-up and cloned into request handlers.
pub type Pool = diesel::r2d2::Pool<ConnectionManager<DbConnection>>;

/// A connection taken from the [`Pool`]; it dereferences to [`DbConnection`].
pub(crate) type PooledConnection = diesel::r2d2::PooledConnection<ConnectionManager<DbConnection>>;

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        }
    }

    /// The most bind parameters one statement may carry.
    pub(crate) fn max_binds(self) -> usize {
        match self {
            Backend::Sqlite => 32_766,
            Backend::Postgres => 65_535,
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A database location: `postgres://…` or `postgresql://…` is PostgreSQL; anything else
/// is a SQLite file path, with an optional `sqlite://` prefix.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl {
    backend: Backend,
    /// What the driver gets: the whole URL for PostgreSQL, the file path for SQLite.
    target: String,
}

impl DatabaseUrl {
    pub fn parse(url: &str) -> Result<DatabaseUrl, DbError> {
        let url = url.trim();
        let (backend, target) =
            if url.starts_with("postgres://") || url.starts_with("postgresql://") {
                (Backend::Postgres, url)
            } else {
                (
                    Backend::Sqlite,
                    url.strip_prefix("sqlite://").unwrap_or(url),
                )
            };
        if target.is_empty() {
            return Err(DbError::Connection(
                "the database URL is empty: give a postgres:// URL or a SQLite file path"
                    .to_owned(),
            ));
        }
        Ok(DatabaseUrl {
            backend,
            target: target.to_owned(),
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The PostgreSQL URL, or the SQLite file path without any `sqlite://` prefix.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// Opens one connection of the right kind (no migrations: see [`open`]).
    pub fn connect(&self) -> Result<DbConnection, DbError> {
        let mut conn = match self.backend {
            Backend::Postgres => DbConnection::Postgres(
                diesel::PgConnection::establish(&self.target).map_err(|e| self.failed(e))?,
            ),
            Backend::Sqlite => {
                create_private(&self.target);
                DbConnection::Sqlite(
                    diesel::SqliteConnection::establish(&self.target)
                        .map_err(|e| self.failed(e))?,
                )
            }
        };
        prepare(&mut conn, SQLITE_BUSY_TIMEOUT).map_err(|e| self.failed(e))?;
        Ok(conn)
    }

    fn failed(&self, why: impl fmt::Display) -> DbError {
        DbError::Connection(format!("{self}: {why}"))
    }
}

impl FromStr for DatabaseUrl {
    type Err = DbError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DatabaseUrl::parse(s)
    }
}

/// For logs and messages: the backend and the location, with any password hidden.
impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.backend {
            Backend::Sqlite => write!(f, "SQLite {}", self.target),
            Backend::Postgres => write!(f, "PostgreSQL {}", redact_password(&self.target)),
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DatabaseUrl({self})")
    }
}

/// `postgres://user:secret@host/db` → `postgres://user:***@host/db`.
fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user_info, host)) => match user_info.split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

/// Per-connection settings; only SQLite needs any: wait up to `busy` for a lock instead
/// of failing at once, then [`SQLITE_PRAGMAS`].
fn prepare(conn: &mut DbConnection, busy: std::time::Duration) -> QueryResult<()> {
    match conn {
        DbConnection::Sqlite(c) => c.batch_execute(&format!(
            "PRAGMA busy_timeout = {}; {SQLITE_PRAGMAS}",
            busy.as_millis()
        )),
        DbConnection::Postgres(_) => Ok(()),
    }
}

/// Creates the SQLite file `path` readable and writable by its owner only (0600), whatever
/// the umask, when it does not exist yet: it holds the cookie key and the unrevealed seeds.
/// SQLite gives its `-wal` and `-shm` files the database file's mode. An existing file is
/// left as it is; where creating fails, SQLite's own open reports why.
pub(crate) fn create_private(path: &str) {
    if path == ":memory:" || path.starts_with("file:") || path.is_empty() {
        return;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let _ = options.open(path);
}

/// Opens one connection: PostgreSQL for a `postgres://` URL, else a SQLite file.
/// Migrations are not run; a one-off command should use [`open`].
pub fn connect(url: &str) -> Result<DbConnection, DbError> {
    DatabaseUrl::parse(url)?.connect()
}

/// Opens one connection and brings the schema up to date.
pub fn open(url: &str) -> Result<DbConnection, DbError> {
    let mut conn = connect(url)?;
    run_migrations(&mut conn)?;
    Ok(conn)
}

/// Applies the embedded migrations of the connection's backend that are not applied yet.
pub fn run_migrations(conn: &mut DbConnection) -> Result<(), DbError> {
    let applied = match conn {
        DbConnection::Postgres(c) => c.run_pending_migrations(POSTGRES_MIGRATIONS).map(drop),
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(drop),
    };
    applied.map_err(DbError::Migration)
}

/// Runs on every connection the pool opens: checks that the try-each `establish` of
/// `MultiConnection` picked the backend the URL names, then applies the PRAGMAs.
#[derive(Debug)]
struct Prepare(Backend, std::time::Duration);

impl CustomizeConnection<DbConnection, diesel::r2d2::Error> for Prepare {
    fn on_acquire(&self, conn: &mut DbConnection) -> Result<(), diesel::r2d2::Error> {
        if conn.backend() != self.0 {
            return Err(diesel::r2d2::Error::ConnectionError(
                diesel::ConnectionError::BadConnection(format!(
                    "expected a {} connection, got {}",
                    self.0,
                    conn.backend()
                )),
            ));
        }
        prepare(conn, self.1).map_err(diesel::r2d2::Error::QueryError)
    }
}

/// Builds the connection pool and applies the migrations once, on a connection opened
/// first on its own so that a bad URL reports the real reason.
///
/// A request waits at most [`POOL_WAIT`] for a connection.
pub fn pool(url: &str) -> Result<Pool, DbError> {
    pool_with_busy_timeout(url, SQLITE_BUSY_TIMEOUT)
}

/// How long a request waits for a database connection before it is answered 503.
pub const POOL_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// [`pool`] with SQLite connections that wait at most `busy` for a lock (the tests use a
/// short one to see what a director gets when the database stays busy).
pub fn pool_with_busy_timeout(url: &str, busy: std::time::Duration) -> Result<Pool, DbError> {
    let url = DatabaseUrl::parse(url)?;
    let mut first = url.connect()?;
    run_migrations(&mut first)?;
    drop(first);
    let manager = ConnectionManager::<DbConnection>::new(url.target());
    Ok(diesel::r2d2::Pool::builder()
        // A database that is away answers 503 within seconds rather than holding every
        // request for r2d2's default 30 s.
        .connection_timeout(POOL_WAIT)
        .connection_customizer(Box::new(Prepare(url.backend(), busy)))
        .build(manager)?)
}

/// Runs `$body` with `$c` bound to the concrete connection. Diesel's `MultiConnection`
/// cannot build a multi-row INSERT for SQLite (that is implemented for
/// `SqliteConnection` alone), so batch writes go to the inner connection; a transaction
/// begun on the [`DbConnection`] is the inner connection's own, so they stay inside it.
macro_rules! per_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            DbConnection::Postgres($c) => $body,
            DbConnection::Sqlite($c) => $body,
        }
    };
}
pub(super) use per_backend;

pub(super) fn chunk_len(max_binds: usize, columns: usize) -> usize {
    (max_binds / columns).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_hidden() {
        assert_eq!(
            redact_password("postgres://u:secret@h:5432/db?sslmode=require"),
            "postgres://u:***@h:5432/db?sslmode=require"
        );
        assert_eq!(redact_password("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redact_password("postgresql://h/db"), "postgresql://h/db");
    }

    #[test]
    fn empty_urls_are_refused() {
        assert!(DatabaseUrl::parse("  ").is_err());
        assert_eq!(
            DatabaseUrl::parse(" x.db ").unwrap().target(),
            "x.db",
            "surrounding spaces are trimmed"
        );
    }
}
