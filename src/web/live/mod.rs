//! Live results: one consistent snapshot per tournament revision, shared by every worker,
//! and the change stream that tells open pages (and other servers) about new revisions.
//!
//! - [`Snapshot`]: a tournament as it stood at one revision, with every figure computed
//!   once (report, standings after each round) and the rendered bytes of its pages.
//! - [`Live::snapshot`]: one cheap revision query per request, then the cached snapshot;
//!   a single load per new revision however many readers ask at once.
//! - [`watch`]: a thread per server that notices committed changes (PostgreSQL `LISTEN`,
//!   SQLite's `data_version`) and announces them to the event streams.
//! - [`events`]: `GET /t/{slug}/events`, the Server-Sent Events stream; [`scope`]: what a
//!   change altered on the public side, which the stream's `change` event names.
//! - [`http`]: ETag, 304, `HEAD`, Cache-Control and the rendered-page cache in front of the
//!   public pages.

pub mod events;
pub mod http;
pub mod scope;
pub mod watch;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use actix_web::web::Bytes;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};
use tokio::sync::{Notify, Semaphore, broadcast, watch as tokio_watch};

use crate::db::{self, Pool};
use crate::rules::bracket::Championship;
use crate::rules::{Event, Release, Report};

/// How long a reader waits for a newer revision that someone else is loading before it is
/// served the previous snapshot (always whole and consistent, at most one load behind).
/// The reader who finds the new revision first always waits for it.
const STALE_WAIT: Duration = Duration::from_millis(25);

/// The odd results of one round, shared by the pages that read them.
pub type OddOfRound = Arc<Vec<crate::rules::field::OddResult>>;

pub use crate::rules::AfterEachRound;

/// The snapshot a page of `/t/{slug}` is built from: put in the request by
/// [`http::public_pages`] (so the page and its validator agree), and taken by a handler as
/// an extractor (`web::page`); it reads as the [`Snapshot`].
#[derive(Clone, Debug)]
pub struct PageSnapshot(pub Arc<Snapshot>);

impl std::ops::Deref for PageSnapshot {
    type Target = Snapshot;

    fn deref(&self) -> &Snapshot {
        &self.0
    }
}

/// The query parameters a public page reads, as it reads them: `blank` (a blank score
/// sheet: `1` or `true`, anything else is no parameter) and `table` (one match's sheets; a
/// value that is no table of the round is answered 404, which is not kept). Every other
/// parameter is ignored by the pages and so by the cache, whatever a visitor sends.
pub const KNOWN_PARAMETERS: [&str; 2] = ["blank", "table"];

/// The known parameters of `query`, each once (the first), in a fixed order, as the page
/// reads them: the query string of the one page a request asks for.
pub fn known_query(query: &str) -> String {
    let mut known: Vec<(String, String)> =
        serde_urlencoded::from_str::<Vec<(String, String)>>(query)
            .unwrap_or_default()
            .into_iter()
            .filter(|(name, value)| KNOWN_PARAMETERS.contains(&name.as_str()) && value.len() <= 8)
            .filter_map(|(name, value)| match name.as_str() {
                "blank" => (value == "1" || value == "true").then(|| (name, "1".to_owned())),
                _ => Some((name, value)),
            })
            .collect();
    // Stable: the first of a repeated parameter stays first, and is the one kept.
    known.sort_by(|a, b| a.0.cmp(&b.0));
    known.dedup_by(|a, b| a.0 == b.0);
    serde_urlencoded::to_string(&known).unwrap_or_default()
}

/// A tournament at one revision and everything computed from it. The director's snapshot
/// holds every result; its [`Snapshot::public`] one only what the public may see
/// (docs/rules.md §5): the public pages, files and streams are built from that one alone,
/// so a page added later cannot show an unreleased board.
pub struct Snapshot {
    pub id: i32,
    pub revision: i64,
    /// When the revision was made (see [`db::Loaded::changed_at`]).
    pub changed_at: chrono::NaiveDateTime,
    pub event: Event,
    pub report: Report,
    /// How play stands beyond the results (released rounds, provisional rooms).
    pub play: db::tournament::Play,
    /// Which boards of each round are public.
    pub release: Release,
    /// What the public sees; `None` in the public snapshot itself.
    public: Option<Arc<Snapshot>>,
    /// What a scorer sees, made when a scorer first reads this revision.
    scorer: OnceLock<Arc<Snapshot>>,
    after_rounds: OnceLock<AfterEachRound>,
    /// The championship (stages, standings per stage, bracket, ranking), computed once.
    championship: OnceLock<Option<Championship>>,
    /// The odd results of each round at a threshold, computed once (the director's pages
    /// of one match read their match's from it).
    odd: Mutex<HashMap<(i32, i32), OddOfRound>>,
    pages: Mutex<PageCache>,
    /// Pages being rendered right now: others asking for them wait instead of rendering
    /// the same bytes again.
    rendering: Mutex<HashMap<String, Arc<Notify>>>,
    /// The public snapshot of the revision this one replaced, with its rendered pages,
    /// until the next revision: while one reader renders a page of this revision, the
    /// others are served that page of the one before at once ([`Snapshot::stand_in`]).
    before: Mutex<Option<Arc<Snapshot>>>,
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("id", &self.id)
            .field("revision", &self.revision)
            .finish_non_exhaustive()
    }
}

/// A rendered page: its content type and bytes.
#[derive(Clone, Debug)]
pub struct Page {
    pub content_type: String,
    pub disposition: Option<String>,
    pub body: Bytes,
    /// Its compressed bytes, made once per encoding when a reader first asks for them.
    pub encoded: Arc<crate::web::compress::Encoded>,
}

/// Rendered pages of one snapshot, within a byte budget.
#[derive(Default)]
struct PageCache {
    pages: HashMap<String, Page>,
    bytes: usize,
}

/// The most bytes of rendered pages (keys and bodies) one snapshot keeps. Only the public
/// snapshot keeps pages, and at most [`Limits::tournaments`] tournaments are in memory, so
/// the whole cache holds at most twice that many times this: a tournament keeps the pages
/// of its current revision and, as stand-ins, of the one before (8 × 2 × 16 MiB = 256 MiB
/// by default).
pub const PAGE_BUDGET: usize = 16 * 1024 * 1024;

impl Snapshot {
    pub fn new(loaded: db::Loaded) -> Snapshot {
        let play = loaded.play;
        let report = Report::compute_closing(&loaded.event, &play.released_rounds);
        let release =
            Release::of(&loaded.event, &play.released_rounds).with_held_draws(&play.held_draws);
        let (public_event, public_report) =
            release.public_view(&loaded.event, &play.released_rounds);
        let public = Snapshot::of_parts(
            (loaded.id, loaded.revision, loaded.changed_at),
            public_event,
            public_report,
            play.clone(),
            release.clone(),
            None,
        );
        Snapshot::of_parts(
            (loaded.id, loaded.revision, loaded.changed_at),
            loaded.event,
            report,
            play,
            release,
            Some(Arc::new(public)),
        )
    }

    /// The snapshot after `before` whose later revisions changed only the results of some
    /// matches (`changes`, [`db::load_since`]): the event is `before`'s with those matches'
    /// results put in, only those matches are compared again, the release only of their
    /// rounds, and the standings worked out from the match figures. It equals
    /// [`Snapshot::new`] of the same revision loaded whole (the tests check it on random
    /// edits); `None` when `before` lacks one of the matches (then load it whole).
    pub fn next(before: &Snapshot, changes: db::ChangedMatches) -> Option<Snapshot> {
        let before_public = before.public.as_deref()?;
        let mut event = before.event.clone();
        let mut changed = std::collections::HashSet::new();
        let mut rounds = std::collections::BTreeSet::new();
        for ((round, table), results) in changes.results {
            let m = event
                .rounds
                .iter_mut()
                .find(|r| r.number == round)?
                .matches
                .iter_mut()
                .find(|m| m.table == table)?;
            m.results = results;
            changed.insert((round, table));
            rounds.insert(round);
        }
        let play = changes.play;
        let report = Report::compute_since(&event, &play.released_rounds, &before.report, &changed);
        let release = Release::of_since(
            &event,
            &play.released_rounds,
            Some((&before.release, &rounds)),
        )
        .with_held_draws(&play.held_draws);
        let public_event = release.redact(&event);
        let public_changed = release.changed_since(&before.release, &event, &changed);
        let public_report = Report::compute_since(
            &public_event,
            &play.released_rounds,
            &before_public.report,
            &public_changed,
        );
        let at = (changes.id, changes.revision, changes.changed_at);
        let public = Snapshot::of_parts(
            at,
            public_event,
            public_report,
            play.clone(),
            release.clone(),
            None,
        );
        Some(Snapshot::of_parts(
            at,
            event,
            report,
            play,
            release,
            Some(Arc::new(public)),
        ))
    }

    fn of_parts(
        (id, revision, changed_at): (i32, i64, chrono::NaiveDateTime),
        event: Event,
        report: Report,
        play: db::tournament::Play,
        release: Release,
        public: Option<Arc<Snapshot>>,
    ) -> Snapshot {
        Snapshot {
            id,
            revision,
            changed_at,
            event,
            report,
            play,
            release,
            public,
            scorer: OnceLock::new(),
            after_rounds: OnceLock::new(),
            championship: OnceLock::new(),
            odd: Mutex::new(HashMap::new()),
            pages: Mutex::new(PageCache::default()),
            rendering: Mutex::new(HashMap::new()),
            before: Mutex::new(None),
        }
    }

    /// What the public may see of this revision: results of released boards only.
    pub fn public(self: &Arc<Self>) -> Arc<Snapshot> {
        self.public.clone().unwrap_or_else(|| self.clone())
    }

    /// What a scorer may see of this revision (docs/rules.md §5, §13): every result, live,
    /// but the cards of released boards only and no secret seed. Made once per revision,
    /// when a scorer first reads it.
    pub fn for_scorer(self: &Arc<Self>) -> Arc<Snapshot> {
        if self.public.is_none() {
            // The public snapshot holds no unreleased card already.
            return self.clone();
        }
        self.scorer
            .get_or_init(|| {
                let mut event = self.event.clone();
                event.deals = self.event.deals.public(|r, b| self.release.board(r, b));
                Arc::new(Snapshot::of_parts(
                    (self.id, self.revision, self.changed_at),
                    event,
                    self.report.clone(),
                    self.play.clone(),
                    self.release.clone(),
                    self.public.clone(),
                ))
            })
            .clone()
    }

    /// The snapshot a reader with `access` to the tournament reads: its directors (and the
    /// admins) the whole one, its scorers [`Snapshot::for_scorer`], anyone else the public
    /// one. Every page, file and API answer that picks a snapshot by reader asks this.
    pub fn seen_by(self: &Arc<Self>, access: Option<crate::db::accounts::Access>) -> Arc<Snapshot> {
        match access {
            Some(crate::db::accounts::Access::Director) => self.clone(),
            Some(crate::db::accounts::Access::Scorer) => self.for_scorer(),
            None => self.public(),
        }
    }

    /// Whether the room's results are provisional: confirmed at the table, not yet
    /// approved by the director.
    pub fn provisional(&self, round: i32, table: i32, room: crate::rules::Room) -> bool {
        self.play.provisional.contains(&(round, table, room))
    }

    /// The standings after each round with complete matches, computed once per revision.
    pub fn after_each_played_round(&self) -> &AfterEachRound {
        self.after_rounds
            .get_or_init(|| self.report.standings_after_each_played_round(&self.event))
    }

    /// The championship of this revision (each stage's standings, the bracket, the
    /// ranking), computed once however many pages and files read it; `None` without
    /// stages. The public snapshot's is computed from released figures only.
    pub fn championship(&self) -> Option<&Championship> {
        self.championship
            .get_or_init(|| Championship::compute(&self.event, &self.report))
            .as_ref()
    }

    /// The odd results of round `round` at `threshold` (every table), computed once per
    /// revision and threshold.
    pub fn odd_results(&self, round: i32, threshold: i32) -> OddOfRound {
        if let Some(known) = self
            .odd
            .lock()
            .ok()
            .and_then(|o| o.get(&(round, threshold)).cloned())
        {
            return known;
        }
        let odd = Arc::new(
            self.event
                .rounds
                .iter()
                .find(|r| r.number == round)
                .map(|r| crate::rules::field::odd_results(&self.event, r, threshold))
                .unwrap_or_default(),
        );
        if let Ok(mut kept) = self.odd.lock() {
            // A few thresholds at most: the director's setting, and what a page asked.
            if kept.len() > 64 {
                kept.clear();
            }
            kept.insert((round, threshold), odd.clone());
        }
        odd
    }

    /// How many bytes of rendered pages (keys and bodies) this snapshot keeps.
    pub fn cached_bytes(&self) -> usize {
        self.pages.lock().map_or(0, |cache| cache.bytes)
    }

    /// A rendered page of this revision, if one was kept.
    pub fn page(&self, key: &str) -> Option<Page> {
        self.pages.lock().ok()?.pages.get(key).cloned()
    }

    /// Claims the rendering of a page: `Ok` for the one who renders it (the claim ends when
    /// the guard is dropped), `Err` with what to wait on for everyone else.
    pub fn claim_render(self: &Arc<Self>, key: &str) -> Result<RenderClaim, Arc<Notify>> {
        let mut rendering = self.rendering.lock().expect("render claims poisoned");
        if let Some(notify) = rendering.get(key) {
            return Err(notify.clone());
        }
        rendering.insert(key.to_owned(), Arc::new(Notify::new()));
        Ok(RenderClaim {
            snapshot: self.clone(),
            key: key.to_owned(),
        })
    }

    /// Drops the rendered pages of this snapshot itself (a snapshot kept only to compare
    /// the next one with needs none of its own), and hands those of its public one on to
    /// `next` as stand-ins ([`Snapshot::stand_in`]); a snapshot older than that keeps none.
    fn pass_pages_to(&self, next: &Snapshot) {
        if let Ok(mut cache) = self.pages.lock() {
            *cache = PageCache::default();
        }
        if let Some(public) = &self.public {
            if let Ok(mut older) = public.before.lock() {
                *older = None;
            }
            if let Some(next_public) = &next.public
                && public.revision < next_public.revision
                && let Ok(mut before) = next_public.before.lock()
            {
                *before = Some(public.clone());
            }
        }
    }

    /// The page `key` of the revision before this one, with that revision's snapshot, when
    /// it is still kept: what a reader is served while another renders this revision's
    /// page, instead of waiting (it was the current page a moment ago; the live script asks
    /// again when a page is older than the revision announced).
    pub fn stand_in(&self, key: &str) -> Option<(Arc<Snapshot>, Page)> {
        let before = self.before.lock().ok()?.clone()?;
        let page = before.page(key)?;
        Some((before, page))
    }

    /// Counts `bytes` more kept for a page (its compressed bytes, made after it was kept).
    pub fn count_page_bytes(&self, bytes: usize) {
        if let Ok(mut cache) = self.pages.lock() {
            cache.bytes += bytes;
        }
    }

    /// Keeps a rendered page while the budget allows.
    pub fn keep_page(&self, key: String, page: Page) {
        let cost = key.len() + page.content_type.len() + page.body.len();
        if let Ok(mut cache) = self.pages.lock()
            && cache.bytes + cost <= PAGE_BUDGET
            && !cache.pages.contains_key(&key)
        {
            cache.bytes += cost;
            cache.pages.insert(key, page);
        }
    }
}

/// The right to render one page of a snapshot; dropping it wakes those who waited.
pub struct RenderClaim {
    snapshot: Arc<Snapshot>,
    key: String,
}

impl Drop for RenderClaim {
    fn drop(&mut self) {
        if let Ok(mut rendering) = self.snapshot.rendering.lock()
            && let Some(notify) = rendering.remove(&self.key)
        {
            notify.notify_waiters();
        }
    }
}

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
    /// Tournaments whose snapshot is kept in memory (least recently used dropped first).
    pub tournaments: usize,
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
            tournaments: 8,
            listeners: 5_000,
            // A hall behind one NAT address still has room for every phone.
            listeners_per_address: 200,
            pdfs: 2,
            pdf_wait: Duration::from_secs(5),
        }
    }
}

/// What the access guard needs to know of a tournament to serve an anonymous reader its
/// public pages without asking the database: the id behind the slug, the current
/// revision, and whether it is published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listed {
    pub id: i32,
    pub revision: i64,
    pub published: bool,
}

/// Every tournament's [`Listed`] facts, by slug. It is filled by the change watcher's full
/// reads and by a read after every write this server makes; until the watcher has made
/// its first one (a server or test without a watcher), the guard asks the database.
///
/// A tournament this server holds a snapshot of is listed at a new revision only once the
/// snapshot of that revision is made (or its making failed): until then anonymous readers
/// are served the one before, whole, from memory, instead of each waiting for the new one.
/// The watcher starts that snapshot as soon as it sees the revision, and a write of this
/// server waits for it before it answers ([`Live::relist`]), so the writer and anyone the
/// event stream tells of the change find it listed.
#[derive(Default)]
struct Directory {
    /// Whether a full read has been made (the watcher runs).
    known: bool,
    /// The sequence number of the read that filled it: an older read that finishes later
    /// does not overwrite a newer one.
    read: u64,
    /// Reads begun, for their sequence numbers.
    begun: u64,
    by_slug: HashMap<String, Listed>,
    /// Tournaments whose newer revision (the value) is being made into a snapshot, by id,
    /// with their slugs.
    pending: HashMap<i32, (String, i64)>,
}

impl Directory {
    /// Lists `slug` at `revision` now that its snapshot is made (or could not be made):
    /// never back, and no longer pending once there.
    fn reached(&mut self, id: i32, slug: &str, revision: i64) {
        if let Some(listed) = self.by_slug.get_mut(slug).filter(|l| l.id == id) {
            listed.revision = listed.revision.max(revision);
        }
        if self.pending.get(&id).is_some_and(|(_, r)| *r <= revision) {
            self.pending.remove(&id);
        }
    }
}

/// Since when the database has not answered the change watcher, if it does not now, and
/// when the watcher last read every revision (`None` without a watcher).
#[derive(Clone, Copy, Debug, Default)]
struct Outage {
    since: Option<std::time::Instant>,
    confirmed: Option<std::time::Instant>,
}

/// How long after the watcher's last full read of the revisions this server still takes
/// its snapshots as current: twice [`watch::FULL_CHECK`]. Beyond it (the watcher's reads
/// fail or hang) the public pages are served marked as possibly out of date.
pub const UNCONFIRMED: Duration = Duration::from_secs(6);

/// The shared live state of one server.
pub struct Live {
    directory: Mutex<Directory>,
    outage: Mutex<Outage>,
    pool: Pool,
    limits: Limits,
    snapshots: Mutex<Snapshots>,
    changes: broadcast::Sender<Change>,
    listeners: AtomicUsize,
    /// Open event streams by client address.
    listeners_by_address: Mutex<HashMap<std::net::IpAddr, usize>>,
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
    pub pages: usize,
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
        Arc::new(Live {
            directory: Mutex::new(Directory::default()),
            outage: Mutex::new(Outage::default()),
            pool,
            pdfs: Semaphore::new(limits.pdfs),
            limits,
            snapshots: Mutex::new(Snapshots::default()),
            changes,
            listeners: AtomicUsize::new(0),
            listeners_by_address: Mutex::new(HashMap::new()),
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

    /// The snapshots kept and their rendered pages.
    pub fn cache_stats(&self) -> CacheStats {
        let Ok(all) = self.snapshots.lock() else {
            return CacheStats::default();
        };
        let mut stats = CacheStats::default();
        for snapshot in all.slots.values().filter_map(|s| s.current.as_ref()) {
            stats.snapshots += 1;
            // The director's snapshot and the public one keep pages of their own.
            for one in std::iter::once(snapshot).chain(snapshot.public.as_ref()) {
                if let Ok(cache) = one.pages.lock() {
                    stats.pages += cache.pages.len();
                    stats.bytes += cache.bytes;
                }
            }
        }
        stats
    }

    /// Event streams open now (those refused at the limit are never counted for long).
    pub fn open_streams(&self) -> usize {
        self.listeners
            .load(Ordering::SeqCst)
            .min(self.limits.listeners)
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

    /// What an anonymous reader of a published tournament's public pages needs, from
    /// memory: `None` when the directory is not kept (no watcher), the slug is unknown or
    /// the tournament is not published (the guard then asks the database, which has the
    /// last word on a tournament just created or published).
    pub fn listed(&self, slug: &str) -> Option<Listed> {
        let directory = self.directory.lock().ok()?;
        if !directory.known {
            return None;
        }
        directory
            .by_slug
            .get(slug)
            .copied()
            .filter(|listed| listed.published)
    }

    /// Every published tournament the directory lists, id and revision, without building
    /// any snapshot (the API's index); `None` while the directory is not kept (no
    /// watcher).
    pub fn published(&self) -> Option<Vec<(i32, i64)>> {
        let directory = self.directory.lock().ok()?;
        directory.known.then(|| {
            directory
                .by_slug
                .values()
                .filter(|listed| listed.published)
                .map(|listed| (listed.id, listed.revision))
                .collect()
        })
    }

    /// Starts a full read of the directory: its sequence number for [`Live::list`].
    pub fn begin_listing(&self) -> u64 {
        let mut directory = self.directory.lock().expect("directory poisoned");
        directory.begun += 1;
        directory.begun
    }

    /// Puts a full read of every tournament (id, slug, revision, published) in the
    /// directory, unless a read begun later is already there. A revision never goes back;
    /// a tournament whose snapshot this server holds at an older revision stays listed at
    /// that one, pending, until the new snapshot is made ([`Directory`]).
    pub fn list(&self, read: u64, rows: &[(i32, String, i64, bool)]) {
        // The snapshots' lock is never held while the directory's is taken.
        let held: HashMap<i32, i64> = match self.snapshots.lock() {
            Ok(all) => all
                .slots
                .iter()
                .filter_map(|(id, slot)| Some((*id, slot.current.as_ref()?.revision)))
                .collect(),
            Err(_) => HashMap::new(),
        };
        let mut directory = self.directory.lock().expect("directory poisoned");
        if read < directory.read {
            return;
        }
        let before: HashMap<i32, i64> = directory
            .by_slug
            .values()
            .map(|l| (l.id, l.revision))
            .collect();
        let mut pending = HashMap::new();
        directory.by_slug = rows
            .iter()
            .map(|(id, slug, revision, published)| {
                let listed_before = before.get(id).copied().unwrap_or(0);
                let revision = match held.get(id) {
                    Some(&held) if held < *revision && listed_before < *revision => {
                        pending.insert(*id, (slug.clone(), *revision));
                        listed_before.max(held)
                    }
                    _ => (*revision).max(listed_before),
                };
                let listed = Listed {
                    id: *id,
                    revision,
                    published: *published,
                };
                (slug.clone(), listed)
            })
            .collect();
        directory.pending = pending;
        directory.read = read;
        directory.known = true;
    }

    /// The tournaments listed at an older revision than the database's while their new
    /// snapshot is made: id, slug and the revision awaited.
    fn pending(&self) -> Vec<(i32, String, i64)> {
        self.directory.lock().map_or_else(
            |_| Vec::new(),
            |d| {
                d.pending
                    .iter()
                    .map(|(id, (slug, revision))| (*id, slug.clone(), *revision))
                    .collect()
            },
        )
    }

    /// Reads the directory again after a write of this server, so that the next anonymous
    /// reader sees it at once (the watcher would within a tick), and wakes the watcher to
    /// announce the new revision now. A tournament this server holds is listed at its new
    /// revision once its snapshot is made: this waits for that (the writer's next page
    /// would wait for it anyway). Nothing when the directory is not kept; a failed read
    /// leaves the last one.
    pub async fn relist(self: &Arc<Self>) {
        self.wake.notify_one();
        if !self.directory.lock().is_ok_and(|d| d.known) {
            return;
        }
        let live = self.clone();
        let _ = actix_web::web::block(move || {
            let read = live.begin_listing();
            let mut conn = live.pool.get().map_err(|e| e.to_string())?;
            let rows = db::revision::all(&mut conn).map_err(|e| e.to_string())?;
            live.list(read, &rows);
            Ok::<_, String>(())
        })
        .await;
        for (id, slug, revision) in self.pending() {
            // A failure is the next reader's to report; the directory moves on either way.
            let _ = self.snapshot_at(id, revision, &slug, true).await;
        }
    }

    /// Notes that the database did not answer (the watcher's look failed).
    pub fn database_lost(&self) {
        if let Ok(mut outage) = self.outage.lock()
            && outage.since.is_none()
        {
            outage.since = Some(std::time::Instant::now());
        }
    }

    /// Notes that the database answers again.
    pub fn database_back(&self) {
        if let Ok(mut outage) = self.outage.lock() {
            outage.since = None;
        }
    }

    /// Notes that the watcher has just read every tournament's revision.
    pub fn revisions_confirmed(&self) {
        if let Ok(mut outage) = self.outage.lock() {
            outage.confirmed = Some(std::time::Instant::now());
        }
    }

    /// How long this server has not been able to confirm that its revisions are the
    /// database's, when it cannot: since the database stopped answering the watcher, or
    /// since the watcher's last full read when that is longer ago than [`UNCONFIRMED`].
    /// Pages served meanwhile may be out of date, and say so.
    pub fn database_away(&self) -> Option<Duration> {
        let outage = self.outage.lock().ok()?;
        if let Some(since) = outage.since {
            return Some(since.elapsed());
        }
        let confirmed = outage.confirmed?.elapsed();
        (confirmed > UNCONFIRMED).then_some(confirmed)
    }

    /// The revision of every snapshot this server holds, by tournament.
    pub fn held_revisions(&self) -> HashMap<i32, i64> {
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
            self.evict(&mut all);
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
                if let Ok(mut directory) = live.directory.lock()
                    && let Some((_, revision)) = directory.pending.get(&id).cloned()
                {
                    directory.reached(id, &slug, revision);
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
            if let Some(previous) = &slot.previous {
                previous.pass_pages_to(&snapshot);
            }
        }
        if slot
            .loading
            .as_ref()
            .is_some_and(|(target, _)| *target <= snapshot.revision)
        {
            slot.loading = None;
        }
        drop(all);
        if let Ok(mut directory) = self.directory.lock() {
            directory.reached(snapshot.id, slug, snapshot.revision);
        }
        Ok(snapshot)
    }

    /// Drops the least recently used tournaments beyond the limit.
    fn evict(&self, all: &mut Snapshots) {
        while all.slots.values().filter(|s| s.current.is_some()).count() > self.limits.tournaments {
            let Some(oldest) = all
                .slots
                .iter()
                .filter(|(_, s)| s.current.is_some() && s.loading.is_none())
                .min_by_key(|(_, s)| s.last_used)
                .map(|(id, _)| *id)
            else {
                break;
            };
            all.slots.remove(&oldest);
        }
    }

    /// The revision this server has in memory for a tournament, if any.
    pub fn cached_revision(&self, id: i32) -> Option<i64> {
        let all = self.snapshots.lock().ok()?;
        all.slots.get(&id)?.current.as_ref().map(|s| s.revision)
    }

    /// The newest snapshot this server holds of tournament `id` at `revision` or before
    /// (the current one or the one it replaced), to compare a newer one with.
    pub fn snapshot_until(&self, id: i32, revision: i64) -> Option<Arc<Snapshot>> {
        let all = self.snapshots.lock().ok()?;
        let slot = all.slots.get(&id)?;
        [&slot.current, &slot.previous]
            .into_iter()
            .flatten()
            .filter(|s| s.revision <= revision)
            .max_by_key(|s| s.revision)
            .cloned()
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
        }
        if let Ok(mut directory) = self.directory.lock() {
            directory.by_slug.retain(|_, listed| listed.id != id);
            directory.pending.remove(&id);
        }
    }

    /// Announces a committed change to this server's event streams.
    pub fn announce(&self, change: Change) {
        // No listener is not an error.
        let _ = self.changes.send(change);
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Change> {
        self.changes.subscribe()
    }

    /// A place for one more event stream from `client`, or `None` at the server's limit
    /// or at the limit of one address.
    pub fn listener(self: &Arc<Self>, client: Option<std::net::IpAddr>) -> Option<ListenerSlot> {
        let before = self.listeners.fetch_add(1, Ordering::SeqCst);
        let mut slot = ListenerSlot {
            live: self.clone(),
            client: None,
        };
        if before >= self.limits.listeners {
            return None;
        }
        if let Some(ip) = client {
            let mut by = self.listeners_by_address.lock().ok()?;
            let open = by.entry(ip).or_default();
            if *open >= self.limits.listeners_per_address {
                return None;
            }
            *open += 1;
            slot.client = Some(ip);
        }
        Some(slot)
    }

    /// Waits for a turn to draw a PDF, at most the configured time.
    pub async fn pdf_turn(&self) -> Option<tokio::sync::SemaphorePermit<'_>> {
        tokio::time::timeout(self.limits.pdf_wait, self.pdfs.acquire())
            .await
            .ok()?
            .ok()
    }

    /// Tells the event streams that the server is stopping.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    pub fn stopping(&self) -> tokio_watch::Receiver<bool> {
        self.stopping.subscribe()
    }
}

/// Holds one place among the open event streams; gives it back when dropped.
pub struct ListenerSlot {
    live: Arc<Live>,
    client: Option<std::net::IpAddr>,
}

impl Drop for ListenerSlot {
    fn drop(&mut self) {
        self.live.listeners.fetch_sub(1, Ordering::SeqCst);
        if let Some(ip) = self.client
            && let Ok(mut by) = self.live.listeners_by_address.lock()
            && let Some(open) = by.get_mut(&ip)
        {
            *open -= 1;
            if *open == 0 {
                by.remove(&ip);
            }
        }
    }
}
