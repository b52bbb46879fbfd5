//! The directory: every tournament's id, revision and whether it is published, by slug,
//! kept from the change watcher's reads so that an anonymous reader's request needs no
//! query, and listing the published events needs no snapshot.

use std::collections::HashMap;
use std::sync::Mutex;

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
/// server waits for it before it answers (`Live::relist`), so the writer and anyone the
/// event stream tells of the change find it listed.
#[derive(Default)]
pub struct Directory {
    inner: Mutex<Listing>,
}

#[derive(Default)]
struct Listing {
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
    /// The listing's own revision: counts the changes to `by_slug` (a tournament listed,
    /// gone, published, withdrawn or at a new revision), so that what is made of the whole
    /// listing (the API's index) can be kept until it changes.
    changes: u64,
}

impl Directory {
    /// Whether a full read has been made (the watcher runs).
    pub fn known(&self) -> bool {
        self.inner.lock().is_ok_and(|d| d.known)
    }

    /// What an anonymous reader of a published tournament's public pages needs, from
    /// memory: `None` when the directory is not kept (no watcher), the slug is unknown or
    /// the tournament is not published (the guard then asks the database, which has the
    /// last word on a tournament just created or published).
    pub fn listed(&self, slug: &str) -> Option<Listed> {
        let directory = self.inner.lock().ok()?;
        if !directory.known {
            return None;
        }
        directory
            .by_slug
            .get(slug)
            .copied()
            .filter(|listed| listed.published)
    }

    /// The listing's revision: it changes whenever any tournament's [`Listed`] facts do (or
    /// one is added or goes); `None` when the directory is not kept.
    pub fn changes(&self) -> Option<u64> {
        let directory = self.inner.lock().ok()?;
        directory.known.then_some(directory.changes)
    }

    /// Every published tournament's slug and facts, by slug; `None` when the directory is
    /// not kept.
    pub fn published(&self) -> Option<Vec<(String, Listed)>> {
        let directory = self.inner.lock().ok()?;
        if !directory.known {
            return None;
        }
        let mut all: Vec<(String, Listed)> = directory
            .by_slug
            .iter()
            .filter(|(_, listed)| listed.published)
            .map(|(slug, listed)| (slug.clone(), *listed))
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        Some(all)
    }

    /// Starts a full read of the directory: its sequence number for [`Directory::list`].
    pub fn begin_listing(&self) -> u64 {
        let mut directory = self.inner.lock().expect("directory poisoned");
        directory.begun += 1;
        directory.begun
    }

    /// Puts a full read of every tournament (id, slug, revision, published) in the
    /// directory, unless a read begun later is already there. A revision never goes back;
    /// a tournament whose snapshot this server holds (`held`: the revision held, by id) at
    /// an older revision stays listed at that one, pending, until the new snapshot is made.
    pub fn list(&self, read: u64, rows: &[(i32, String, i64, bool)], held: &HashMap<i32, i64>) {
        let mut directory = self.inner.lock().expect("directory poisoned");
        if read < directory.read {
            return;
        }
        let before: HashMap<i32, i64> = directory
            .by_slug
            .values()
            .map(|l| (l.id, l.revision))
            .collect();
        let mut pending = HashMap::new();
        let by_slug: HashMap<String, Listed> = rows
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
        if !directory.known || by_slug != directory.by_slug {
            directory.changes += 1;
            directory.by_slug = by_slug;
        }
        directory.pending = pending;
        directory.read = read;
        directory.known = true;
    }

    /// The tournaments listed at an older revision than the database's while their new
    /// snapshot is made: id, slug and the revision awaited.
    pub fn pending(&self) -> Vec<(i32, String, i64)> {
        self.inner.lock().map_or_else(
            |_| Vec::new(),
            |d| {
                d.pending
                    .iter()
                    .map(|(id, (slug, revision))| (*id, slug.clone(), *revision))
                    .collect()
            },
        )
    }

    /// The revision a pending tournament awaits.
    pub(crate) fn awaited(&self, id: i32) -> Option<i64> {
        let directory = self.inner.lock().ok()?;
        directory.pending.get(&id).map(|(_, revision)| *revision)
    }

    /// Lists `slug` at `revision` now that its snapshot is made (or could not be made):
    /// never back, and no longer pending once there.
    pub fn reached(&self, id: i32, slug: &str, revision: i64) {
        let Ok(mut guard) = self.inner.lock() else {
            return;
        };
        let directory = &mut *guard;
        if let Some(listed) = directory.by_slug.get_mut(slug).filter(|l| l.id == id)
            && listed.revision < revision
        {
            listed.revision = revision;
            directory.changes += 1;
        }
        if directory
            .pending
            .get(&id)
            .is_some_and(|(_, r)| *r <= revision)
        {
            directory.pending.remove(&id);
        }
    }

    /// Forgets a tournament that is gone.
    pub fn forget(&self, id: i32) {
        if let Ok(mut directory) = self.inner.lock() {
            let before = directory.by_slug.len();
            directory.by_slug.retain(|_, listed| listed.id != id);
            if directory.by_slug.len() != before {
                directory.changes += 1;
            }
            directory.pending.remove(&id);
        }
    }
}
