//! Live results: one consistent snapshot per tournament revision, shared by every worker,
//! and the change stream that tells open pages (and other servers) about new revisions.
//!
//! - [`snapshot`]: a tournament as it stood at one revision, with every figure computed
//!   once (report, standings after each round) and the views the public and scorers see.
//! - [`Live::snapshot_at`] (here): the cache of snapshots, a single load per new revision
//!   however many readers ask at once, within the cache's budget in bytes.
//! - [`pages`]: the rendered public pages of every tournament, within the same budget.
//! - [`directory`]: every tournament's slug, id, revision and publication, from memory.
//! - [`outage`]: whether the snapshots can be vouched for while the database is away.
//! - [`watch`]: a thread per server that notices committed changes (PostgreSQL `LISTEN`,
//!   SQLite's `data_version`) and announces them to the event streams.
//! - [`events`]: `GET /t/{slug}/events`, the Server-Sent Events stream; [`streams`]: their
//!   places and the broadcast; [`scope`]: what a change altered on the public side, which
//!   the stream's `change` event names.
//! - [`http`]: ETag, 304, `HEAD`, Cache-Control and the page cache in front of the public
//!   pages.

pub(crate) mod directory;
pub(crate) mod events;
pub mod http;
pub(crate) mod outage;
pub(crate) mod pages;
pub mod scope;
pub(crate) mod snapshot;
pub(crate) mod streams;
pub mod watch;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};
use tokio::sync::{Notify, Semaphore, broadcast, watch as tokio_watch};

use crate::db::{self, Pool};

pub(crate) use directory::{Directory, Listed};
pub(crate) use outage::Outage;
pub use pages::{Page, Pages};
pub(crate) use pages::{known_query, paged_list};
pub use snapshot::RanksBefore;
pub use snapshot::{PageSnapshot, Snapshot};
pub(crate) use streams::ListenerSlot;
pub use streams::Streams;

/// How long a reader waits for a newer revision that someone else is loading before it is
/// served the previous snapshot (always whole and consistent, at most one load behind).
/// The reader who finds the new revision first always waits for it.
const STALE_WAIT: Duration = Duration::from_millis(25);

type Loading = Shared<BoxFuture<'static, Result<Arc<Snapshot>, Arc<LoadFailure>>>>;

/// One tournament's place in the cache.
#[derive(Default)]
struct Slot {
    current: Option<Arc<Snapshot>>,
    /// The snapshot `current` replaced, without its pages: what the change watcher compares
    /// the new one with when a reader loaded the new revision before the watcher heard of
    /// it ([`scope::Scope`]).
    previous: Option<Arc<Snapshot>>,
    /// The load under way and the revision it will at least reach.
    loading: Option<(i64, Loading)>,
    last_used: u64,
}

#[derive(Default)]
struct Snapshots {
    slots: HashMap<i32, Slot>,
    clock: u64,
}

/// A committed change: the tournament, its new revision and, when the watcher could tell,
/// what it altered on the public side (`None`: every page may differ).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub tournament: i32,
    pub revision: i64,
    pub scope: Option<Arc<scope::Scope>>,
}

/// Limits of the live machinery, from the settings ([`crate::web::settings::Settings`]).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The bytes of memory the held snapshots and the rendered pages may take together
    /// ([`Snapshot::size`], [`pages`]): beyond it the least recently read go first.
    pub cache_bytes: usize,
    /// Open event streams on this server.
    pub listeners: usize,
    /// Open event streams from one client address (by the trusted-proxy rule), so that
    /// one client cannot take every place.
    pub listeners_per_address: usize,
    /// PDFs drawn at once.
    pub pdfs: usize,
    /// How long a PDF request waits for its turn before it is answered 503.
    pub pdf_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            cache_bytes: 256 << 20,
            listeners: 5_000,
            // A hall behind one NAT address still has room for every phone.
            listeners_per_address: 200,
            pdfs: 2,
            pdf_wait: Duration::from_secs(5),
        }
    }
}

/// The shared live state of one server.
pub struct Live {
    directory: Directory,
    outage: Outage,
    pool: Pool,
    limits: Limits,
    snapshots: Mutex<Snapshots>,
    /// The bytes the held snapshots take ([`Snapshot::size`]), shared with the pages.
    held: Arc<AtomicUsize>,
    pages: Arc<Pages>,
    changes: broadcast::Sender<Change>,
    streams: Arc<Streams>,
    pdfs: Semaphore,
    /// Flipped to `true` when the server stops, so event streams end cleanly.
    stopping: tokio_watch::Sender<bool>,
    /// What `/metrics` reports; snapshot builds are counted here.
    metrics: Arc<crate::web::metrics::Metrics>,
    /// Wakes the change watcher at once after a write of this server, so that the new
    /// revision is announced without waiting for the watcher's next look.
    wake: Notify,
}

/// What the snapshot cache holds right now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    pub snapshots: usize,
    /// The bytes the snapshots take ([`Snapshot::size`]).
    pub snapshot_bytes: usize,
    pub pages: usize,
    /// The bytes the rendered pages take.
    pub bytes: usize,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live")
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// Why a snapshot could not be had.
#[derive(Debug)]
pub enum SnapshotError {
    NotFound,
    /// The database did not answer in time (away, or too busy): 503, try again.
    Unavailable(Arc<LoadFailure>),
    Failed(Arc<LoadFailure>),
}

/// Why loading a snapshot failed, shared by every reader who waited for that load (so
/// behind an `Arc`), with its cause kept.
#[derive(Debug, thiserror::Error)]
pub enum LoadFailure {
    #[error("no such tournament")]
    NotFound,
    /// The database did not answer in time (no connection in time, or too busy).
    #[error("the database is unavailable")]
    Unavailable(#[source] db::DbError),
    #[error("loading the snapshot")]
    Database(#[source] db::DbError),
    /// The blocking pool's worker went away.
    #[error("loading the snapshot")]
    Worker(#[source] actix_web::error::BlockingError),
}

/// A database failure as a load's failure, [`LoadFailure::Unavailable`] when sending
/// again may well succeed.
fn load_failure(e: db::DbError) -> Arc<LoadFailure> {
    Arc::new(if e.is_busy() {
        LoadFailure::Unavailable(e)
    } else {
        LoadFailure::Database(e)
    })
}

impl SnapshotError {
    fn of(failure: Arc<LoadFailure>) -> SnapshotError {
        match *failure {
            LoadFailure::NotFound => SnapshotError::NotFound,
            LoadFailure::Unavailable(_) => SnapshotError::Unavailable(failure),
            LoadFailure::Database(_) | LoadFailure::Worker(_) => SnapshotError::Failed(failure),
        }
    }
}

impl Live {
    pub fn new(pool: Pool, limits: Limits) -> Arc<Live> {
        let (changes, _) = broadcast::channel(1024);
        let (stopping, _) = tokio_watch::channel(false);
        let held = Arc::new(AtomicUsize::new(0));
        Arc::new(Live {
            pages: Arc::new(Pages::new(limits.cache_bytes, held.clone())),
            held,
            directory: Directory::default(),
            outage: Outage::default(),
            pool,
            pdfs: Semaphore::new(limits.pdfs),
            limits,
            snapshots: Mutex::new(Snapshots::default()),
            changes,
            streams: Arc::new(Streams::new(limits.listeners, limits.listeners_per_address)),
            stopping,
            metrics: Default::default(),
            wake: Notify::new(),
        })
    }

    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    pub fn metrics(&self) -> &crate::web::metrics::Metrics {
        &self.metrics
    }

    /// The rendered public pages of every tournament.
    pub fn pages(&self) -> &Arc<Pages> {
        &self.pages
    }

    /// Every tournament's slug, id, revision and publication, from memory.
    pub fn directory(&self) -> &Directory {
        &self.directory
    }

    /// Whether the database answers the change watcher.
    pub fn outage(&self) -> &Outage {
        &self.outage
    }

    /// Every published tournament the directory lists, id and revision, without building
    /// any snapshot (the API's index); `None` while the directory is not kept (no
    /// watcher).
    pub fn published(&self) -> Option<Vec<(i32, i64)>> {
        let all = self.directory.published()?;
        Some(all.into_iter().map(|(_, l)| (l.id, l.revision)).collect())
    }

    /// See [`Directory::changes`].
    pub(crate) fn listing_revision(&self) -> Option<u64> {
        self.directory.changes()
    }

    /// See [`Directory::listed`].
    pub fn listed(&self, slug: &str) -> Option<Listed> {
        self.directory.listed(slug)
    }

    /// Puts a full read of every tournament (id, slug, revision, published) in the
    /// directory ([`Directory::list`]), with the revisions this server holds.
    pub fn list(&self, read: u64, rows: &[(i32, String, i64, bool)]) {
        // The snapshots' lock is never held while the directory's is taken.
        let held = self.held_revisions();
        self.directory.list(read, rows, &held);
    }

    /// Reads the directory again after a write of this server, so that the next anonymous
    /// reader sees it at once (the watcher would within a tick), and wakes the watcher to
    /// announce the new revision now. A tournament this server holds is listed at its new
    /// revision once its snapshot is made: this waits for that (the writer's next page
    /// would wait for it anyway). Nothing when the directory is not kept; a failed read
    /// leaves the last one (the watcher reads it again within a tick).
    pub async fn relist(self: &Arc<Self>) {
        self.wake.notify_one();
        if !self.directory.known() {
            return;
        }
        let live = self.clone();
        let read = actix_web::web::block(move || {
            let read = live.directory.begin_listing();
            let mut conn = live.pool.get().map_err(db::DbError::from)?;
            let rows = db::revision::all(&mut conn)?;
            live.list(read, &rows);
            Ok::<_, db::DbError>(())
        })
        .await;
        if let Ok(Err(e)) = read {
            tracing::debug!(
                error = &e as &dyn std::error::Error,
                "reading the directory after a write"
            );
        }
        for (id, slug, revision) in self.directory.pending() {
            // A failure is the next reader's to report; the directory moves on either way.
            let _ = self.snapshot_at(id, revision, &slug, true).await;
        }
    }

    /// How long this server has not been able to confirm that its revisions are the
    /// database's ([`Outage::away`]).
    pub fn database_away(&self) -> Option<Duration> {
        self.outage.away()
    }

    /// Event streams open now.
    pub fn open_streams(&self) -> usize {
        self.streams.open()
    }

    /// A place for one more event stream from `client` ([`Streams::place`]).
    pub fn listener(&self, client: Option<std::net::IpAddr>) -> Option<ListenerSlot> {
        self.streams.place(client)
    }

    /// Announces a committed change to this server's event streams.
    pub fn announce(&self, change: Change) {
        // No listener is not an error.
        let _ = self.changes.send(change);
    }

    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Change> {
        self.changes.subscribe()
    }

    /// Tells the event streams that the server is stopping.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    pub(crate) fn stopping(&self) -> tokio_watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// The snapshots kept and their rendered pages.
    pub fn cache_stats(&self) -> CacheStats {
        let Ok(all) = self.snapshots.lock() else {
            return CacheStats::default();
        };
        let snapshots = all.slots.values().filter(|s| s.current.is_some()).count();
        drop(all);
        let (pages, bytes) = self.pages.stats();
        CacheStats {
            snapshots,
            snapshot_bytes: self.held.load(Ordering::Relaxed),
            pages,
            bytes,
        }
    }

    /// The id and current revision of the tournament with this slug (one indexed query).
    pub async fn revision_of(&self, slug: &str) -> Result<Option<(i32, i64)>, SnapshotError> {
        let pool = self.pool.clone();
        let slug = slug.to_owned();
        actix_web::web::block(move || {
            let mut conn = pool.get().map_err(|e| load_failure(e.into()))?;
            db::revision::of_slug(&mut conn, &slug).map_err(load_failure)
        })
        .await
        .map_err(|e| SnapshotError::Failed(Arc::new(LoadFailure::Worker(e))))?
        .map_err(SnapshotError::of)
    }
    /// The revision of every snapshot this server holds, by tournament.
    pub(crate) fn held_revisions(&self) -> HashMap<i32, i64> {
        self.snapshots.lock().map_or_else(
            |_| HashMap::new(),
            |all| {
                all.slots
                    .iter()
                    .filter_map(|(id, slot)| Some((*id, slot.current.as_ref()?.revision)))
                    .collect()
            },
        )
    }

    /// The snapshot of the tournament's current revision. With `fresh`, the reader waits
    /// for it; otherwise a reader that finds a newer revision being loaded waits briefly
    /// and is then served the previous snapshot.
    pub async fn snapshot(
        self: &Arc<Self>,
        slug: &str,
        fresh: bool,
    ) -> Result<Arc<Snapshot>, SnapshotError> {
        let (id, revision) = self
            .revision_of(slug)
            .await?
            .ok_or(SnapshotError::NotFound)?;
        self.snapshot_at(id, revision, slug, fresh).await
    }

    /// The snapshot of tournament `id` at `revision` or later.
    pub async fn snapshot_at(
        self: &Arc<Self>,
        id: i32,
        revision: i64,
        slug: &str,
        fresh: bool,
    ) -> Result<Arc<Snapshot>, SnapshotError> {
        let (stale, loading) = {
            let mut all = self.snapshots.lock().expect("snapshot cache poisoned");
            all.clock += 1;
            let clock = all.clock;
            let slot = all.slots.entry(id).or_default();
            slot.last_used = clock;
            // Another slug under this id is another tournament (one deleted, its id given
            // again by SQLite): what is kept of the old one is dropped.
            if slot
                .current
                .as_ref()
                .is_some_and(|c| c.event.settings.slug != slug)
            {
                slot.current = None;
                slot.loading = None;
                self.pages.forget(id);
            }
            if let Some(current) = &slot.current
                && current.revision >= revision
            {
                return Ok(current.clone());
            }
            let (loading, started_here) = match &slot.loading {
                Some((target, loading)) if *target >= revision => (loading.clone(), false),
                _ => {
                    let loading = self.start_load(id, slug.to_owned());
                    slot.loading = Some((revision, loading.clone()));
                    (loading, true)
                }
            };
            let stale = slot.current.clone().filter(|_| !started_here);
            self.evict(&mut all, id);
            (stale, loading)
        };
        let waited = match (stale, fresh) {
            (Some(stale), false) => match tokio::time::timeout(STALE_WAIT, loading).await {
                Ok(done) => done,
                Err(_) => return Ok(stale),
            },
            _ => loading.await,
        };
        match waited {
            Ok(snapshot) if snapshot.id == id => Ok(snapshot),
            // The slug now names another tournament (deleted and created again).
            Ok(_) => Err(SnapshotError::NotFound),
            Err(e) => Err(SnapshotError::of(e)),
        }
    }

    /// Starts loading a tournament on the blocking pool; the result goes into the cache
    /// whether or not anyone still waits for it.
    fn start_load(self: &Arc<Self>, id: i32, slug: String) -> Loading {
        let live = self.clone();
        let handle = actix_web::web::block(move || {
            let loaded = live.load(id, &slug);
            if loaded.is_err() {
                // Let the next reader try again rather than share this failure.
                if let Ok(mut all) = live.snapshots.lock()
                    && let Some(slot) = all.slots.get_mut(&id)
                {
                    slot.loading = None;
                }
                // Readers then ask for the revision themselves, and see what failed.
                if let Some(revision) = live.directory.awaited(id) {
                    live.directory.reached(id, &slug, revision);
                }
            }
            loaded
        });
        async move {
            match handle.await {
                Ok(done) => done,
                Err(e) => Err(Arc::new(LoadFailure::Worker(e))),
            }
        }
        .boxed()
        .shared()
    }

    /// Loads the tournament in one read transaction and keeps it if it is the newest. When
    /// this server holds a snapshot of it and the revisions since changed only some
    /// matches' results, only those are read and the new snapshot made from the one held
    /// ([`Snapshot::next`]); any other change is read whole.
    fn load(&self, id: i32, slug: &str) -> Result<Arc<Snapshot>, Arc<LoadFailure>> {
        let started = std::time::Instant::now();
        let held = self.cached(id);
        let mut conn = self.pool.get().map_err(|e| load_failure(e.into()))?;
        let snapshot = match held {
            Some(before) => match db::load_since(
                &mut conn,
                slug,
                before.id,
                (before.revision, before.changed_at),
            )
            .map_err(load_failure)?
            {
                db::Since::Gone => return Err(Arc::new(LoadFailure::NotFound)),
                db::Since::Full(loaded) => Snapshot::new(*loaded),
                db::Since::Matches(changes) => match Snapshot::next(&before, changes) {
                    Some(next) => next,
                    None => Snapshot::new(
                        db::load_consistent(&mut conn, slug)
                            .map_err(load_failure)?
                            .ok_or_else(|| Arc::new(LoadFailure::NotFound))?,
                    ),
                },
            },
            None => Snapshot::new(
                db::load_consistent(&mut conn, slug)
                    .map_err(load_failure)?
                    .ok_or_else(|| Arc::new(LoadFailure::NotFound))?,
            ),
        };
        drop(conn);
        let snapshot = Arc::new(snapshot);
        self.metrics.snapshot_built(started.elapsed());
        let mut all = self.snapshots.lock().expect("snapshot cache poisoned");
        let slot = all.slots.entry(snapshot.id).or_default();
        if slot
            .current
            .as_ref()
            .is_none_or(|c| c.revision < snapshot.revision)
        {
            slot.previous = slot.current.replace(snapshot.clone());
            // The pages of the revision replaced stand in while this one's are rendered;
            // older ones go.
            let before = slot.previous.as_ref().map_or(0, |p| p.revision);
            self.pages.retire(snapshot.id, before);
        }
        if slot
            .loading
            .as_ref()
            .is_some_and(|(target, _)| *target <= snapshot.revision)
        {
            slot.loading = None;
        }
        self.evict(&mut all, snapshot.id);
        drop(all);
        self.pages.shrink();
        self.directory.reached(snapshot.id, slug, snapshot.revision);
        Ok(snapshot)
    }

    /// Counts the bytes the held snapshots take, and drops the tournaments read least
    /// recently while they take more than three quarters of the cache's budget (the rest
    /// is for pages at least), never `keep` (the one just read or loaded) nor one being
    /// loaded. Their pages go with them.
    fn evict(&self, all: &mut Snapshots, keep: i32) {
        let size = |slot: &Slot| {
            let current = slot.current.as_ref().map_or(0, |s| s.size());
            let previous = slot.previous.as_ref().map_or(0, |s| s.size());
            current + previous
        };
        let mut held: usize = all.slots.values().map(size).sum();
        let allowed = self.limits.cache_bytes / 4 * 3;
        while held > allowed {
            let Some(oldest) = all
                .slots
                .iter()
                .filter(|(id, s)| **id != keep && s.current.is_some() && s.loading.is_none())
                .min_by_key(|(_, s)| s.last_used)
                .map(|(id, _)| *id)
            else {
                break;
            };
            if let Some(slot) = all.slots.remove(&oldest) {
                held -= size(&slot);
            }
            self.pages.forget(oldest);
        }
        self.held.store(held, Ordering::Relaxed);
    }

    /// The revision this server has in memory for a tournament, if any.
    pub(crate) fn cached_revision(&self, id: i32) -> Option<i64> {
        let all = self.snapshots.lock().ok()?;
        all.slots.get(&id)?.current.as_ref().map(|s| s.revision)
    }

    /// The newest snapshot this server holds of tournament `id` at `revision` or before
    /// (the current one or the one it replaced), to compare a newer one with.
    pub(crate) fn snapshot_until(&self, id: i32, revision: i64) -> Option<Arc<Snapshot>> {
        let all = self.snapshots.lock().ok()?;
        let slot = all.slots.get(&id)?;
        [&slot.current, &slot.previous]
            .into_iter()
            .flatten()
            .filter(|s| s.revision <= revision)
            .max_by_key(|s| s.revision)
            .cloned()
    }

    /// The public snapshot of the revision before `snapshot`'s and its page `key`, when
    /// both are still kept: what a reader is served while another renders this revision's
    /// page, instead of waiting (it was the current page a moment ago; the live script
    /// asks again when a page is older than the revision announced).
    pub(crate) fn stand_in(&self, snapshot: &Snapshot, key: &str) -> Option<(Arc<Snapshot>, Page)> {
        let before = {
            let all = self.snapshots.lock().ok()?;
            all.slots.get(&snapshot.id)?.previous.clone()?
        };
        if before.revision >= snapshot.revision {
            return None;
        }
        let page = self.pages.get(before.id, before.revision, key)?;
        Some((before.public(), page))
    }

    /// The current snapshot this server holds of tournament `id`, if any.
    pub fn cached(&self, id: i32) -> Option<Arc<Snapshot>> {
        let all = self.snapshots.lock().ok()?;
        all.slots.get(&id)?.current.clone()
    }

    /// Forgets a tournament that is gone (deleted), so its snapshot does not wait for the
    /// least-recently-used rule.
    pub fn forget(&self, id: i32) {
        if let Ok(mut all) = self.snapshots.lock() {
            all.slots.remove(&id);
            self.evict(&mut all, id);
        }
        self.pages.forget(id);
        self.directory.forget(id);
    }

    /// Waits for a turn to draw a PDF, at most the configured time.
    pub async fn pdf_turn(&self) -> Option<tokio::sync::SemaphorePermit<'_>> {
        tokio::time::timeout(self.limits.pdf_wait, self.pdfs.acquire())
            .await
            .ok()?
            .ok()
    }
}
