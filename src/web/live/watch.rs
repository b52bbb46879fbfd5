//! The change watcher: one task per server that notices every committed change to a
//! tournament, whoever made it (this server, another `fushi serve` on the same PostgreSQL
//! database, or the command line), loads the new snapshot of a tournament someone is
//! looking at, and announces the new revision to the event streams with what it changed on
//! the public side ([`super::scope::Scope`], from the snapshot before and the new one).
//!
//! PostgreSQL: the connection `LISTEN`s on [`crate::db::revision::CHANNEL`]; every write
//! transaction's `NOTIFY` arrives when it commits. SQLite: `PRAGMA data_version` changes
//! when another connection commits, so the revisions are read then.
//!
//! On both, every [`FULL_CHECK`] the watcher reads every revision anyway and compares it
//! with what it knew and with every snapshot this server holds: a notification lost, or a
//! change committed while the watcher's connection was gone (ended by the database, or a
//! network cut), is caught by the next full check, loaded and announced. The comparison
//! survives a reconnection (what the watcher knew before the connection ended is kept), so
//! a change made in between is announced, not taken as the starting point. A server whose
//! watcher has not read the revisions for [`super::UNCONFIRMED`] cannot confirm that its
//! pages are current, and marks them as possibly out of date ([`super::http::STALE_HEADER`]).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Change, Live};
use crate::db::{self, DbConnection, DbError, PooledConnection};

/// How often the watcher looks for changes.
const TICK: Duration = Duration::from_millis(50);
/// How often every revision is read even without a notification: the bound on how long a
/// lost notification or a connection that ended leaves this server behind the database.
pub const FULL_CHECK: Duration = Duration::from_secs(3);

/// What the watcher keeps between ticks.
struct Watcher {
    live: Arc<Live>,
    conn: PooledConnection,
    known: HashMap<i32, (String, i64)>,
    data_version: Option<i64>,
    last_full: Instant,
}

/// What a watcher knew of the revisions when its connection ended, handed to the next one.
type Known = HashMap<i32, (String, i64)>;

impl Watcher {
    /// A watcher on a new connection. With `known` (what the one before knew), its first
    /// look is a full read compared with that, so a change committed while no connection
    /// listened is announced; without, the revisions read now are the starting point.
    fn open(live: &Arc<Live>, known: Option<Known>) -> Result<Watcher, (DbError, Option<Known>)> {
        let conn = match live.pool().get() {
            Ok(conn) => conn,
            Err(e) => return Err((e.into(), known)),
        };
        let mut watcher = Watcher {
            live: live.clone(),
            conn,
            known: HashMap::new(),
            data_version: None,
            // A full read at the first look.
            last_full: Instant::now() - FULL_CHECK,
        };
        let started =
            db::revision::listen(&mut watcher.conn).and_then(|()| watcher.sqlite_version());
        match (started, known) {
            (Err(why), known) => Err((why, known)),
            (Ok(version), Some(known)) => {
                watcher.known = known;
                // Unknown, so the first look reads the revisions.
                watcher.data_version = version.map(|v| v.wrapping_add(1));
                Ok(watcher)
            }
            (Ok(version), None) => {
                watcher.data_version = version;
                let read = watcher.revisions();
                watcher.known = read.map_err(|why| (why, None))?;
                Ok(watcher)
            }
        }
    }

    /// Every tournament's revision; the access guard's directory is kept from the same
    /// read.
    fn revisions(&mut self) -> Result<Known, DbError> {
        self.last_full = Instant::now();
        let read = self.live.directory().begin_listing();
        let rows = db::revision::all(&mut self.conn)?;
        self.live.list(read, &rows);
        self.live.outage().confirmed();
        Ok(rows
            .into_iter()
            .map(|(id, slug, revision, _)| (id, (slug, revision)))
            .collect())
    }

    fn sqlite_version(&mut self) -> Result<Option<i64>, DbError> {
        db::revision::sqlite_data_version(&mut self.conn)
    }

    /// Whether something may have changed since the last tick, or a full check is due.
    fn poked(&mut self) -> Result<bool, DbError> {
        let due = self.last_full.elapsed() >= FULL_CHECK;
        match &mut *self.conn {
            DbConnection::Postgres(_) => {
                let any = db::revision::notified(&mut self.conn)?;
                Ok(any || due)
            }
            DbConnection::Sqlite(_) => {
                let now = self.sqlite_version()?;
                let changed = now != self.data_version;
                self.data_version = now;
                Ok(changed || due)
            }
        }
    }

    /// The tournaments whose revision moved since the last look, or that this server holds
    /// at an older revision than the database's, with their slugs, and those that are gone.
    fn tick(&mut self) -> Result<Ticked, DbError> {
        if !self.poked()? {
            return Ok(Ticked::default());
        }
        let now = self.revisions()?;
        let ticked = compare(&self.known, &now, &self.live.held_revisions());
        self.known = now;
        Ok(ticked)
    }
}

/// What changed between the revisions known before (`known`) and those read `now`, given
/// the revision of each snapshot this server holds (`held`): a tournament whose revision
/// moved, or whose snapshot here is older than the database's (whatever the watcher knew:
/// a notification lost, a load that failed), is changed; one that went away, or whose id
/// now names another tournament (a revision that went down, or another slug; SQLite gives
/// a new row the id of the last one deleted), is gone.
fn compare(known: &Known, now: &Known, held: &HashMap<i32, i64>) -> Ticked {
    let mut gone: Vec<i32> = known
        .iter()
        .filter(|(id, (slug, revision))| now.get(id).is_none_or(|(s, r)| r < revision || s != slug))
        .map(|(id, _)| *id)
        .collect();
    gone.sort_unstable();
    let mut changed: Vec<Seen> = now
        .iter()
        .filter_map(|(&id, (slug, revision))| {
            let before = known.get(&id).map(|(_, r)| *r);
            let behind = held.get(&id).is_some_and(|h| h < revision);
            (before != Some(*revision) || behind).then(|| Seen {
                tournament: id,
                revision: *revision,
                before: held.get(&id).copied().filter(|_| behind).or(before),
                slug: slug.clone(),
            })
        })
        .collect();
    changed.sort_by_key(|seen| seen.tournament);
    Ticked { changed, gone }
}

/// A tournament whose revision moved: to which, from which (if known), and its slug.
#[derive(Debug, PartialEq, Eq)]
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
    // What the last watcher knew when its connection ended.
    let mut known: Option<Known> = None;
    loop {
        if *stopping.borrow() {
            return;
        }
        let current = watcher.take();
        let before = known.take();
        let live_for_tick = live.clone();
        let outcome = actix_web::web::block(move || {
            let mut w = match current {
                Some(w) => w,
                None => Watcher::open(&live_for_tick, before)?,
            };
            match w.tick() {
                Ok(changes) => Ok((w, changes)),
                Err(why) => Err((why, Some(std::mem::take(&mut w.known)))),
            }
        })
        .await;
        let pause = match outcome {
            Ok(Ok((w, ticked))) => {
                watcher = Some(w);
                live.outage().back();
                apply(&live, ticked).await;
                TICK
            }
            Ok(Err((why, kept))) => {
                known = kept;
                live.outage().lost();
                tracing::warn!("change watcher: {}; trying again", db::report(&why));
                Duration::from_secs(1)
            }
            Err(why) => {
                live.outage().lost();
                tracing::warn!("change watcher: {}; trying again", db::report(&why));
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

/// Forgets the tournaments that are gone, makes the new snapshot of each changed one this
/// server holds, and announces every change.
async fn apply(live: &Arc<Live>, ticked: Ticked) {
    for id in ticked.gone {
        live.forget(id);
    }
    for seen in ticked.changed {
        // Someone is looking at it: have the new snapshot ready before the pages that hear
        // of the change ask for it.
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
            scope: scope_of(live, &seen),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn revisions(rows: &[(i32, &str, i64)]) -> Known {
        rows.iter()
            .map(|(id, slug, r)| (*id, ((*slug).to_owned(), *r)))
            .collect()
    }

    fn seen(tournament: i32, revision: i64, before: Option<i64>, slug: &str) -> Seen {
        Seen {
            tournament,
            revision,
            before,
            slug: slug.to_owned(),
        }
    }

    #[test]
    fn a_revision_that_moved_is_changed_and_one_gone_is_gone() {
        let known = revisions(&[(1, "cup", 5), (2, "league", 7), (3, "old", 2)]);
        let now = revisions(&[(1, "cup", 6), (2, "league", 7), (4, "new", 1)]);
        let ticked = compare(&known, &now, &HashMap::new());
        assert_eq!(
            ticked.changed,
            vec![seen(1, 6, Some(5), "cup"), seen(4, 1, None, "new")]
        );
        assert_eq!(ticked.gone, vec![3]);
    }

    /// What the watcher knew says nothing moved, but this server's snapshot is older than
    /// the database (a notification lost, or the change committed while the watcher
    /// reconnected and read the revisions again): it is changed, from the held revision.
    #[test]
    fn a_held_snapshot_behind_the_database_is_changed_whatever_the_watcher_knew() {
        let known = revisions(&[(1, "cup", 24)]);
        let now = revisions(&[(1, "cup", 24)]);
        let held = HashMap::from([(1, 23)]);
        let ticked = compare(&known, &now, &held);
        assert_eq!(ticked.changed, vec![seen(1, 24, Some(23), "cup")]);
        assert!(ticked.gone.is_empty());
        // Current: nothing to do.
        let held = HashMap::from([(1, 24)]);
        assert!(compare(&known, &now, &held).changed.is_empty());
    }
}
