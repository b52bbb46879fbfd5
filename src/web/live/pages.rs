//! The rendered public pages of every tournament, kept apart from the snapshots they were
//! built from, within the cache's one budget in bytes ([`super::Limits::cache_bytes`]).
//!
//! A page is kept by tournament, revision and key ([`super::http::page_key`]). A
//! tournament's pages of its current revision and of the one before (the stand-ins served
//! while a reader renders the new one) are kept; older ones go as soon as a newer revision
//! is held. Beyond the budget, the pages used least recently go first, whatever their
//! tournament: one large event cannot keep a small one's pages out unless it is read more.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::web::Bytes;
use tokio::sync::Notify;

/// A rendered page: its content type and bytes.
#[derive(Clone, Debug)]
pub struct Page {
    pub content_type: String,
    pub disposition: Option<String>,
    pub body: Bytes,
    /// Its compressed bytes, made once per encoding when a reader first asks for them.
    pub(crate) encoded: Arc<crate::web::compress::Encoded>,
}

/// The query parameters a public page reads, as it reads them: `blank` (a blank score
/// sheet: `1` or `true`, anything else is no parameter) and `table` (one match's sheets; a
/// value that is no table of the round is answered 404, which is not kept). Every other
/// parameter is ignored by the pages and so by the cache, whatever a visitor sends — but
/// `page`, which the lists read a page at a time ([`paged_list`]) read, there only.
pub(crate) const KNOWN_PARAMETERS: [&str; 2] = ["blank", "table"];

/// Whether `path` is one of the public lists read a page at a time (`?page=N`, `?page=all`):
/// a tournament's standings, its teams, one round's matches. A `page` that reaches such a
/// page is canonical already (`web::public::paging::canonical_pages` answers any other).
pub(crate) fn paged_list(path: &str) -> bool {
    let Some(rest) = path.strip_prefix("/t/") else {
        return false;
    };
    let parts: Vec<&str> = rest.split('/').collect();
    match parts.as_slice() {
        [slug, "standings" | "teams"] => !slug.is_empty(),
        [slug, "rounds", round] => {
            !slug.is_empty() && !round.is_empty() && round.bytes().all(|b| b.is_ascii_digit())
        }
        _ => false,
    }
}

/// Marks an answer that is served but not kept in the page cache
/// ([`super::http::public_pages`]): a page of an API list that no client following `next`
/// from the first page asks for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NotKept;

/// The query parameters an API answer reads: `cursor` and `limit`, the first of each, in a
/// fixed order (every other parameter makes no page of its own).
fn api_query(query: &str) -> String {
    let pairs = serde_urlencoded::from_str::<Vec<(String, String)>>(query).unwrap_or_default();
    let first = |name: &str, longest: usize| {
        pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .filter(|v| v.len() <= longest)
    };
    let mut known = Vec::new();
    if let Some(cursor) = first("cursor", 128) {
        known.push(("cursor", cursor));
    }
    if let Some(limit) = first("limit", 8) {
        known.push(("limit", limit));
    }
    serde_urlencoded::to_string(&known).unwrap_or_default()
}

/// The known parameters of `query` on `path`, each once (the first), in a fixed order, as
/// the page reads them: the query string of the one page a request asks for.
pub(crate) fn known_query(path: &str, query: &str) -> String {
    if path.starts_with("/api/") {
        return api_query(query);
    }
    let paged = paged_list(path);
    let mut known: Vec<(String, String)> =
        serde_urlencoded::from_str::<Vec<(String, String)>>(query)
            .unwrap_or_default()
            .into_iter()
            .filter(|(name, value)| {
                let read = KNOWN_PARAMETERS.contains(&name.as_str()) || (paged && name == "page");
                read && value.len() <= 8
            })
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

/// Which page: the tournament, its revision and the page's key.
type PageId = (i32, i64, String);

struct Kept {
    page: Page,
    /// The bytes counted for it: key, content type, body and compressed bytes made since.
    cost: usize,
    /// When it was last read, on the cache's clock (its place in [`Inner::by_use`]).
    used: u64,
}

/// One tournament's kept pages, by revision then key, and their bytes.
#[derive(Default)]
struct OfTournament {
    pages: BTreeMap<(i64, String), Kept>,
    bytes: usize,
}

#[derive(Default)]
struct Inner {
    /// By tournament first, so that retiring or forgetting one tournament's pages costs
    /// that tournament's pages, not a look at every page kept.
    kept: HashMap<i32, OfTournament>,
    /// How many pages are kept.
    count: usize,
    /// The kept pages by when they were last read: the least recently read first.
    by_use: BTreeMap<u64, PageId>,
    clock: u64,
    bytes: usize,
    /// The oldest revision of each tournament whose pages are kept.
    oldest: HashMap<i32, i64>,
}

impl Inner {
    fn find(&mut self, (id, revision, key): &PageId) -> Option<&mut Kept> {
        self.kept
            .get_mut(id)?
            .pages
            .get_mut(&(*revision, key.clone()))
    }

    fn touch(&mut self, id: &PageId) -> Option<Page> {
        self.clock += 1;
        let clock = self.clock;
        let kept = self.find(id)?;
        let used = std::mem::replace(&mut kept.used, clock);
        let page = kept.page.clone();
        self.by_use.remove(&used);
        self.by_use.insert(clock, id.clone());
        Some(page)
    }

    fn insert(&mut self, (id, revision, key): PageId, kept: Kept) {
        let tournament = self.kept.entry(id).or_default();
        tournament.bytes += kept.cost;
        self.bytes += kept.cost;
        self.count += 1;
        self.by_use.insert(kept.used, (id, revision, key.clone()));
        tournament.pages.insert((revision, key), kept);
    }

    /// Counts `bytes` more for a kept page.
    fn grow(&mut self, (id, revision, key): &PageId, bytes: usize) -> bool {
        let Some(tournament) = self.kept.get_mut(id) else {
            return false;
        };
        let Some(kept) = tournament.pages.get_mut(&(*revision, key.clone())) else {
            return false;
        };
        kept.cost += bytes;
        tournament.bytes += bytes;
        self.bytes += bytes;
        true
    }

    /// Drops a kept page and its place in [`Inner::by_use`].
    fn remove(&mut self, (id, revision, key): &PageId) {
        let Some(tournament) = self.kept.get_mut(id) else {
            return;
        };
        let Some(kept) = tournament.pages.remove(&(*revision, key.clone())) else {
            return;
        };
        tournament.bytes -= kept.cost;
        if tournament.pages.is_empty() {
            self.kept.remove(id);
        }
        self.by_use.remove(&kept.used);
        self.bytes -= kept.cost;
        self.count -= 1;
    }

    /// Drops the pages of tournament `id` older than `before` (all of them without).
    fn remove_of(&mut self, id: i32, before: Option<i64>) {
        let Some(tournament) = self.kept.get_mut(&id) else {
            return;
        };
        let old: Vec<(i64, String)> = match before {
            Some(before) => tournament
                .pages
                .range(..(before, String::new()))
                .map(|(page, _)| page.clone())
                .collect(),
            None => tournament.pages.keys().cloned().collect(),
        };
        for (revision, key) in old {
            self.remove(&(id, revision, key));
        }
    }
}

/// The page cache of one server.
pub struct Pages {
    inner: Mutex<Inner>,
    /// Pages being rendered right now: others asking for them wait instead of rendering
    /// the same bytes again.
    rendering: Mutex<HashMap<PageId, Arc<Notify>>>,
    /// The whole cache's budget, and the bytes the snapshots hold now: pages get what the
    /// snapshots leave, and never less than a quarter of it ([`Pages::share`]).
    budget: usize,
    held: Arc<AtomicUsize>,
}

impl Pages {
    pub fn new(budget: usize, held: Arc<AtomicUsize>) -> Pages {
        Pages {
            inner: Mutex::new(Inner::default()),
            rendering: Mutex::new(HashMap::new()),
            budget,
            held,
        }
    }

    /// Pages kept and their bytes.
    pub fn stats(&self) -> (usize, usize) {
        self.inner
            .lock()
            .map_or((0, 0), |inner| (inner.count, inner.bytes))
    }

    /// The bytes kept for tournament `id`'s pages.
    pub fn bytes_of(&self, id: i32) -> usize {
        self.inner
            .lock()
            .map_or(0, |inner| inner.kept.get(&id).map_or(0, |t| t.bytes))
    }

    /// Page `key` of tournament `id` at `revision`, if kept.
    pub fn get(&self, id: i32, revision: i64, key: &str) -> Option<Page> {
        self.inner
            .lock()
            .ok()?
            .touch(&(id, revision, key.to_owned()))
    }

    /// Keeps a rendered page, making room for it by dropping the pages read least
    /// recently; a page larger than the whole budget is not kept.
    pub fn keep(&self, id: i32, revision: i64, key: String, page: Page) {
        let cost = key.len() + page.content_type.len() + page.body.len();
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        if inner
            .oldest
            .get(&id)
            .is_some_and(|&oldest| revision < oldest)
        {
            return;
        }
        let page_id = (id, revision, key);
        if inner.find(&page_id).is_some() {
            return;
        }
        if !self.make_room(&mut inner, cost) {
            return;
        }
        inner.clock += 1;
        let used = inner.clock;
        inner.insert(page_id, Kept { page, cost, used });
    }

    /// Counts `bytes` more for a kept page (its compressed bytes, made after it was kept).
    pub fn count(&self, id: i32, revision: i64, key: &str, bytes: usize) {
        if bytes == 0 {
            return;
        }
        if let Ok(mut inner) = self.inner.lock()
            && inner.grow(&(id, revision, key.to_owned()), bytes)
        {
            self.make_room(&mut inner, 0);
        }
    }

    /// The pages' share of the budget: what the held snapshots leave, but at least a
    /// quarter of it. The snapshots are kept under three quarters by dropping the
    /// tournaments read least recently, except the one being read: a tournament alone
    /// larger than that (20,000 teams under a default budget) would otherwise leave its own
    /// pages no room, and every reader of its standings would draw them again.
    fn share(&self) -> usize {
        self.budget
            .saturating_sub(self.held.load(Ordering::Relaxed))
            .max(self.budget / 4)
    }

    /// Drops the pages read least recently until `cost` more bytes fit beside the
    /// snapshots: whether they do.
    fn make_room(&self, inner: &mut Inner, cost: usize) -> bool {
        let budget = self.share();
        if cost > budget {
            return false;
        }
        while inner.bytes + cost > budget {
            let Some((_, oldest)) = inner.by_use.pop_first() else {
                break;
            };
            inner.remove(&oldest);
        }
        inner.bytes + cost <= budget
    }

    /// Makes room after the snapshots grew.
    pub(crate) fn shrink(&self) {
        if let Ok(mut inner) = self.inner.lock() {
            self.make_room(&mut inner, 0);
        }
    }

    /// Tournament `id` is now held at `revision`, and `before` is the revision whose pages
    /// stand in for it meanwhile: the pages of every older revision go.
    pub(crate) fn retire(&self, id: i32, before: i64) {
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        if inner
            .oldest
            .get(&id)
            .is_some_and(|&oldest| oldest >= before)
        {
            return;
        }
        inner.oldest.insert(id, before);
        inner.remove_of(id, Some(before));
    }

    /// Forgets every page of tournament `id` (it is gone, or no longer held).
    pub fn forget(&self, id: i32) {
        if let Ok(mut inner) = self.inner.lock() {
            inner.oldest.remove(&id);
            inner.remove_of(id, None);
        }
    }

    /// Claims the rendering of a page: `Ok` for the one who renders it (the claim ends when
    /// the guard is dropped), `Err` with what to wait on for everyone else.
    pub fn claim(
        self: &Arc<Self>,
        id: i32,
        revision: i64,
        key: &str,
    ) -> Result<RenderClaim, Arc<Notify>> {
        let page_id = (id, revision, key.to_owned());
        let mut rendering = self.rendering.lock().expect("render claims poisoned");
        if let Some(notify) = rendering.get(&page_id) {
            return Err(notify.clone());
        }
        rendering.insert(page_id.clone(), Arc::new(Notify::new()));
        Ok(RenderClaim {
            pages: self.clone(),
            page: page_id,
        })
    }
}

/// The right to render one page; dropping it wakes those who waited.
pub struct RenderClaim {
    pages: Arc<Pages>,
    page: PageId,
}

impl Drop for RenderClaim {
    fn drop(&mut self) {
        if let Ok(mut rendering) = self.pages.rendering.lock()
            && let Some(notify) = rendering.remove(&self.page)
        {
            notify.notify_waiters();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(bytes: usize) -> Page {
        Page {
            content_type: String::new(),
            disposition: None,
            body: Bytes::from(vec![b'x'; bytes]),
            encoded: Arc::default(),
        }
    }

    #[test]
    fn the_least_recently_read_page_goes_first_whatever_its_tournament() {
        let held = Arc::new(AtomicUsize::new(0));
        let pages = Pages::new(2_500, held.clone());
        pages.keep(1, 1, "a".into(), page(999));
        pages.keep(2, 1, "a".into(), page(999));
        assert!(pages.get(1, 1, "a").is_some());
        pages.keep(3, 1, "a".into(), page(999));
        assert!(pages.get(1, 1, "a").is_some(), "read last but one");
        assert!(pages.get(2, 1, "a").is_none(), "read least recently");
        assert!(pages.get(3, 1, "a").is_some());
        assert_eq!(pages.stats(), (2, 2_000));
        // The snapshots' bytes come off the pages' share.
        held.store(1_500, Ordering::Relaxed);
        pages.shrink();
        assert_eq!(pages.stats(), (1, 1_000));
        // A page larger than what is left is not kept, and drops nothing.
        pages.keep(4, 1, "a".into(), page(2_000));
        assert_eq!(pages.stats(), (1, 1_000));
    }

    #[test]
    fn pages_keep_a_quarter_of_the_budget_beside_a_snapshot_larger_than_it() {
        let held = Arc::new(AtomicUsize::new(0));
        let pages = Pages::new(4_000, held.clone());
        // One tournament's snapshot alone takes more than the whole budget.
        held.store(9_000, Ordering::Relaxed);
        pages.keep(1, 1, "standings".into(), page(590));
        pages.keep(1, 1, "round".into(), page(390));
        assert!(
            pages.get(1, 1, "standings").is_some(),
            "its pages are still kept"
        );
        assert_eq!(pages.stats(), (2, 9 + 590 + 5 + 390));
        // No more than the quarter: the page read least recently makes room.
        pages.keep(1, 1, "teams".into(), page(300));
        assert!(pages.get(1, 1, "round").is_none());
        assert!(pages.get(1, 1, "standings").is_some());
        assert!(pages.get(1, 1, "teams").is_some());
        assert!(pages.stats().1 <= 1_000);
    }

    #[test]
    fn a_new_revision_retires_all_but_the_one_before() {
        let pages = Pages::new(1 << 20, Arc::default());
        for revision in 1..=3 {
            pages.keep(7, revision, "p".into(), page(10));
        }
        pages.keep(8, 1, "p".into(), page(10));
        pages.retire(7, 2);
        assert!(pages.get(7, 1, "p").is_none());
        assert!(pages.get(7, 2, "p").is_some() && pages.get(7, 3, "p").is_some());
        assert!(pages.get(8, 1, "p").is_some(), "another tournament's stay");
        // A page of a retired revision, rendered late, is not kept.
        pages.keep(7, 1, "q".into(), page(10));
        assert!(pages.get(7, 1, "q").is_none());
        pages.count(7, 3, "p", 5);
        assert_eq!(pages.bytes_of(7), 2 * 11 + 5);
        pages.forget(7);
        assert_eq!(pages.stats(), (1, 11));
    }
}
