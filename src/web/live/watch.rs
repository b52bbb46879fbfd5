//! The change watcher: one task per server that notices every committed change to a
//! tournament, whoever made it (this server, another `fushi serve` on the same PostgreSQL
//! database, or the command line), loads the new snapshot of a tournament someone is
//! looking at, and announces the new revision to the event streams with what it changed on
//! the public side ([`super::scope::Scope`], from the snapshot before and the new one).
//!
//! PostgreSQL: the connection `LISTEN`s on [`crate::db::revision::CHANNEL`]; every write
//! transaction's `NOTIFY` arrives when it commits, and a full check every few seconds
//! covers a dropped connection. SQLite: `PRAGMA data_version` changes when another
//! connection commits, so the revisions are read only then.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Change, Live};
use crate::db::{self, DbConnection, PooledConnection};

/// How often the watcher looks for changes.
const TICK: Duration = Duration::from_millis(50);
/// How often PostgreSQL's revisions are read even without a notification.
const FULL_CHECK: Duration = Duration::from_secs(3);

/// What the watcher keeps between ticks.
struct Watcher {
    live: Arc<Live>,
    conn: PooledConnection,
    known: HashMap<i32, (String, i64)>,
    data_version: Option<i64>,
    last_full: Instant,
}

impl Watcher {
    fn open(live: &Arc<Live>) -> Result<Watcher, String> {
        let mut conn = live.pool().get().map_err(|e| e.to_string())?;
        db::revision::listen(&mut conn).map_err(|e| e.to_string())?;
        let mut watcher = Watcher {
            live: live.clone(),
            conn,
            known: HashMap::new(),
            data_version: None,
            last_full: Instant::now(),
        };
        watcher.known = watcher.revisions()?;
        watcher.data_version = watcher.sqlite_version()?;
        Ok(watcher)
    }

    /// Every tournament's revision; the access guard's directory is kept from the same
    /// read.
    fn revisions(&mut self) -> Result<HashMap<i32, (String, i64)>, String> {
        self.last_full = Instant::now();
        let read = self.live.begin_listing();
        let rows = db::revision::all(&mut self.conn).map_err(|e| e.to_string())?;
        self.live.list(read, &rows);
        Ok(rows
            .into_iter()
            .map(|(id, slug, revision, _)| (id, (slug, revision)))
            .collect())
    }

    fn sqlite_version(&mut self) -> Result<Option<i64>, String> {
        db::revision::sqlite_data_version(&mut self.conn).map_err(|e| e.to_string())
    }

    /// Whether something may have changed since the last tick.
    fn poked(&mut self) -> Result<bool, String> {
        match &mut *self.conn {
            DbConnection::Postgres(_) => {
                let any = db::revision::notified(&mut self.conn).map_err(|e| e.to_string())?;
                Ok(any || self.last_full.elapsed() >= FULL_CHECK)
            }
            DbConnection::Sqlite(_) => {
                let now = self.sqlite_version()?;
                let changed = now != self.data_version;
                self.data_version = now;
                Ok(changed)
            }
        }
    }

    /// The tournaments whose revision moved since the last look, with their slugs, and
    /// those that are gone.
    fn tick(&mut self) -> Result<Ticked, String> {
        if !self.poked()? {
            return Ok(Ticked::default());
        }
        let now = self.revisions()?;
        // Gone, or another tournament under the id of one deleted since the last look
        // (SQLite gives a new row the id of the last one deleted): a revision that went
        // down, or another slug.
        let gone = self
            .known
            .iter()
            .filter(|(id, (slug, revision))| {
                now.get(id).is_none_or(|(s, r)| r < revision || s != slug)
            })
            .map(|(id, _)| *id)
            .collect();
        let changed = now
            .iter()
            .filter(|(id, (_, revision))| self.known.get(id).is_none_or(|(_, r)| r != revision))
            .map(|(&id, (slug, revision))| Seen {
                tournament: id,
                revision: *revision,
                before: self.known.get(&id).map(|(_, r)| *r),
                slug: slug.clone(),
            })
            .collect();
        self.known = now;
        Ok(Ticked { changed, gone })
    }
}

/// A tournament whose revision moved: to which, from which (if known), and its slug.
struct Seen {
    tournament: i32,
    revision: i64,
    before: Option<i64>,
    slug: String,
}

/// What one look found.
#[derive(Default)]
struct Ticked {
    changed: Vec<Seen>,
    gone: Vec<i32>,
}

/// What a change altered on the public side: the public snapshot before it against the new
/// one, when this server holds both; `None` (every page) otherwise.
fn scope_of(live: &Arc<Live>, seen: &Seen) -> Option<Arc<super::scope::Scope>> {
    let before = live.snapshot_until(seen.tournament, seen.before?)?;
    let after = live.cached(seen.tournament)?;
    (after.revision >= seen.revision).then(|| {
        Arc::new(super::scope::Scope::between(
            &before.public(),
            &after.public(),
        ))
    })
}

/// Starts the watcher on the current actix runtime. It runs until the server stops.
pub fn spawn(live: Arc<Live>) {
    actix_web::rt::spawn(run(live));
}

async fn run(live: Arc<Live>) {
    let mut stopping = live.stopping();
    let mut watcher: Option<Watcher> = None;
    loop {
        if *stopping.borrow() {
            return;
        }
        let current = watcher.take();
        let live_for_tick = live.clone();
        let outcome = actix_web::web::block(move || {
            let mut w = match current {
                Some(w) => w,
                None => Watcher::open(&live_for_tick)?,
            };
            let changes = w.tick()?;
            Ok::<_, String>((w, changes))
        })
        .await;
        let pause = match outcome {
            Ok(Ok((w, ticked))) => {
                watcher = Some(w);
                live.database_back();
                for id in ticked.gone {
                    live.forget(id);
                }
                for seen in ticked.changed {
                    // Someone is looking at it: have the new snapshot ready before the
                    // pages that hear of the change ask for it.
                    if live
                        .cached_revision(seen.tournament)
                        .is_some_and(|r| r < seen.revision)
                    {
                        let _ = live
                            .snapshot_at(seen.tournament, seen.revision, &seen.slug, true)
                            .await;
                    }
                    live.announce(Change {
                        tournament: seen.tournament,
                        revision: seen.revision,
                        scope: scope_of(&live, &seen),
                    });
                }
                TICK
            }
            Ok(Err(why)) => {
                live.database_lost();
                tracing::warn!("change watcher: {why}; trying again");
                Duration::from_secs(1)
            }
            Err(why) => {
                live.database_lost();
                tracing::warn!("change watcher: {why}; trying again");
                Duration::from_secs(1)
            }
        };
        tokio::select! {
            _ = tokio::time::sleep(pause) => {}
            // A write of this server: look now.
            _ = live.wake.notified(), if pause == TICK => {}
            _ = stopping.changed() => return,
        }
    }
}
