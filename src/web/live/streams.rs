//! The places of the event streams: a cap for the server and one per client address (by
//! the trusted-proxy rule), so that one client cannot take every place.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The open event streams of one server.
#[derive(Debug)]
pub struct Streams {
    open: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
    limit: usize,
    per_address: usize,
}

impl Streams {
    pub fn new(limit: usize, per_address: usize) -> Streams {
        Streams {
            open: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
            limit,
            per_address,
        }
    }

    /// Event streams open now (those refused at the limit are never counted for long).
    pub fn open(&self) -> usize {
        self.open.load(Ordering::SeqCst).min(self.limit)
    }

    /// A place for one more event stream from `client`, or `None` at the server's limit
    /// or at the limit of one address.
    pub fn place(self: &Arc<Self>, client: Option<IpAddr>) -> Option<ListenerSlot> {
        let before = self.open.fetch_add(1, Ordering::SeqCst);
        let mut slot = ListenerSlot {
            streams: self.clone(),
            client: None,
        };
        if before >= self.limit {
            return None;
        }
        if let Some(ip) = client {
            let mut by = self.by_address.lock().ok()?;
            let open = by.entry(ip).or_default();
            if *open >= self.per_address {
                return None;
            }
            *open += 1;
            slot.client = Some(ip);
        }
        Some(slot)
    }
}

/// Holds one place among the open event streams; gives it back when dropped.
#[derive(Debug)]
pub struct ListenerSlot {
    streams: Arc<Streams>,
    client: Option<IpAddr>,
}

impl Drop for ListenerSlot {
    fn drop(&mut self) {
        self.streams.open.fetch_sub(1, Ordering::SeqCst);
        if let Some(ip) = self.client
            && let Ok(mut by) = self.streams.by_address.lock()
            && let Some(open) = by.get_mut(&ip)
        {
            *open -= 1;
            if *open == 0 {
                by.remove(&ip);
            }
        }
    }
}
