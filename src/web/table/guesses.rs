//! Wrong table tokens per address: an address that guesses wrong too often is refused for
//! a while.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong tokens from one address within [`GUESS_WINDOW`] before it is refused.
pub const GUESS_LIMIT: usize = 20;
pub(crate) const GUESS_WINDOW: Duration = Duration::from_secs(10 * 60);

/// Wrong table tokens per address, in memory.
#[derive(Default)]
pub(crate) struct Guesses {
    misses: Mutex<HashMap<String, Vec<Instant>>>,
}

impl Guesses {
    pub(crate) fn refused(&self, addr: &str) -> bool {
        let now = Instant::now();
        let mut map = self.misses.lock().unwrap_or_else(|e| e.into_inner());
        map.get_mut(addr).is_some_and(|v| {
            v.retain(|t| now.duration_since(*t) < GUESS_WINDOW);
            v.len() >= GUESS_LIMIT
        })
    }

    pub(crate) fn missed(&self, addr: &str) {
        let now = Instant::now();
        let mut map = self.misses.lock().unwrap_or_else(|e| e.into_inner());
        map.retain(|_, v| {
            v.last()
                .is_some_and(|t| now.duration_since(*t) < GUESS_WINDOW)
        });
        map.entry(addr.to_owned()).or_default().push(now);
    }
}
