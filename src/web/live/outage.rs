//! Whether this server can vouch that its snapshots are the database's: since when the
//! database has not answered the change watcher, and when the watcher last read every
//! revision.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long after the watcher's last full read of the revisions this server still takes
/// its snapshots as current: twice the watcher's full check (every 3 s). Beyond it (the
/// watcher's reads fail or hang) the public pages are served marked as possibly out of
/// date.
pub(crate) const UNCONFIRMED: Duration = Duration::from_secs(6);

/// Since when the database has not answered the change watcher, if it does not now, and
/// when the watcher last read every revision (`None` without a watcher).
#[derive(Debug, Default)]
pub struct Outage {
    inner: Mutex<Seen>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    since: Option<Instant>,
    confirmed: Option<Instant>,
}

impl Outage {
    /// Notes that the database did not answer (the watcher's look failed).
    pub fn lost(&self) {
        if let Ok(mut seen) = self.inner.lock()
            && seen.since.is_none()
        {
            seen.since = Some(Instant::now());
        }
    }

    /// Notes that the database answers again.
    pub fn back(&self) {
        if let Ok(mut seen) = self.inner.lock() {
            seen.since = None;
        }
    }

    /// Notes that the watcher has just read every tournament's revision.
    pub fn confirmed(&self) {
        if let Ok(mut seen) = self.inner.lock() {
            seen.confirmed = Some(Instant::now());
        }
    }

    /// How long this server has not been able to confirm that its revisions are the
    /// database's, when it cannot: since the database stopped answering the watcher, or
    /// since the watcher's last full read when that is longer ago than [`UNCONFIRMED`].
    /// Pages served meanwhile may be out of date, and say so.
    pub fn away(&self) -> Option<Duration> {
        let seen = self.inner.lock().ok()?;
        if let Some(since) = seen.since {
            return Some(since.elapsed());
        }
        let confirmed = seen.confirmed?.elapsed();
        (confirmed > UNCONFIRMED).then_some(confirmed)
    }
}
