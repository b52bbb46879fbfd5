//! What `/metrics` reports, in the OpenMetrics text format (prometheus-client), or the
//! Prometheus text format 0.0.4 when the scraper's `Accept` prefers it: counters and
//! histograms updated as requests and snapshot builds happen, gauges read from the live
//! state when scraped.
//!
//! Every label's values come from a closed set, so no visitor can grow the text: `route`
//! is a route pattern or `unmatched`, `method` one of [`METHODS`] or `other`, `status` a
//! status fushi answers with, `outcome` a fixed word.
//!
//! | metric | what |
//! | --- | --- |
//! | `fushi_http_requests_total{route,method,status}` | requests by route pattern (`/t/{slug}/standings`), never the raw path |
//! | `fushi_http_request_duration_seconds{route}` | latency histogram |
//! | `fushi_snapshot_builds_total`, `fushi_snapshot_build_seconds` | snapshot loads and their time |
//! | `fushi_page_cache_bytes`, `fushi_page_cache_entries`, `fushi_snapshots_cached`, `fushi_snapshots_cached_bytes` | the cache: rendered pages and held snapshots, within one budget (`FUSHI_CACHE_MIB`) |
//! | `fushi_event_streams_open` | open Server-Sent Events streams |
//! | `fushi_db_pool_connections_in_use`, `…_idle`, `…_max` | the database pool |
//! | `fushi_sign_ins_total{outcome}` | `signed_in`, `wrong`, `locked_out` |
//! | `fushi_table_entries_total{outcome}` | table-side entry: `saved`, `confirmed`, `refused`, `called` … |

use std::sync::atomic::AtomicI64;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    method: &'static str,
    status: u16,
}

/// The methods counted by name (HTTP's own, RFC 9110); any other is `other`.
pub(crate) const METHODS: [&str; 9] = [
    "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
];

/// The `method` label of a request's method: one of [`METHODS`], else `other`.
pub(crate) fn method_label(method: &str) -> &'static str {
    METHODS
        .iter()
        .find(|known| **known == method)
        .copied()
        .unwrap_or("other")
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

/// Request latencies: 0.5 ms to some 8 s.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.0005, 2.0, 15))
}

/// How a sign-in ended, as counted and logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignIn {
    SignedIn,
    Wrong,
    LockedOut,
}

impl SignIn {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            SignIn::SignedIn => "signed_in",
            SignIn::Wrong => "wrong",
            SignIn::LockedOut => "locked_out",
        }
    }
}

/// The metrics of one server (all apps of its workers share them).
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram, fn() -> Histogram>,
    snapshot_builds: Counter,
    snapshot_seconds: Histogram,
    cache_bytes: Gauge<i64, AtomicI64>,
    cache_entries: Gauge<i64, AtomicI64>,
    snapshots_cached: Gauge<i64, AtomicI64>,
    snapshot_bytes: Gauge<i64, AtomicI64>,
    streams: Gauge<i64, AtomicI64>,
    pool_in_use: Gauge<i64, AtomicI64>,
    pool_idle: Gauge<i64, AtomicI64>,
    pool_max: Gauge<i64, AtomicI64>,
    sign_ins: Family<OutcomeLabels, Counter>,
    table_entries: Family<OutcomeLabels, Counter>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("fushi");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests by route pattern, method and status",
            requests.clone(),
        );
        let latency = Family::<RouteLabels, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to the response's head, by route pattern",
            latency.clone(),
        );
        let snapshot_builds = Counter::default();
        registry.register(
            "snapshot_builds",
            "Tournament snapshots loaded and computed",
            snapshot_builds.clone(),
        );
        let snapshot_seconds = Histogram::new(exponential_buckets(0.001, 2.0, 14));
        registry.register(
            "snapshot_build_seconds",
            "Time to load and compute one snapshot",
            snapshot_seconds.clone(),
        );
        let cache_bytes = gauge(
            &mut registry,
            "page_cache_bytes",
            "Bytes of rendered pages kept",
        );
        let cache_entries = gauge(&mut registry, "page_cache_entries", "Rendered pages kept");
        let snapshot_bytes = gauge(
            &mut registry,
            "snapshots_cached_bytes",
            "Bytes the held snapshots take (estimated)",
        );
        let snapshots_cached = gauge(
            &mut registry,
            "snapshots_cached",
            "Tournament snapshots kept in memory",
        );
        let streams = gauge(
            &mut registry,
            "event_streams_open",
            "Open live event streams",
        );
        let (pool_in_use, pool_idle, pool_max) = pool_gauges(&mut registry);
        let (sign_ins, table_entries) = outcome_counters(&mut registry);
        Metrics {
            registry,
            requests,
            latency,
            snapshot_builds,
            snapshot_seconds,
            cache_bytes,
            snapshot_bytes,
            cache_entries,
            snapshots_cached,
            streams,
            pool_in_use,
            pool_idle,
            pool_max,
            sign_ins,
            table_entries,
        }
    }
}

/// A gauge registered under `name`, for a number that goes up and down (pages kept,
/// streams open, connections).
fn gauge(registry: &mut Registry, name: &str, help: &str) -> Gauge<i64, AtomicI64> {
    let g = Gauge::<i64, AtomicI64>::default();
    registry.register(name, help, g.clone());
    g
}

/// The database pool's gauges, registered in this order: connections in use, idle, and
/// the most the pool opens.
fn pool_gauges(
    registry: &mut Registry,
) -> (
    Gauge<i64, AtomicI64>,
    Gauge<i64, AtomicI64>,
    Gauge<i64, AtomicI64>,
) {
    let pool_in_use = gauge(
        registry,
        "db_pool_connections_in_use",
        "Database connections handed out",
    );
    let pool_idle = gauge(
        registry,
        "db_pool_connections_idle",
        "Database connections open and idle",
    );
    let pool_max = gauge(
        registry,
        "db_pool_connections_max",
        "The most database connections the pool opens",
    );
    (pool_in_use, pool_idle, pool_max)
}

/// The counters by outcome, registered in this order: sign-ins, and the table-side entry
/// requests.
fn outcome_counters(
    registry: &mut Registry,
) -> (
    Family<OutcomeLabels, Counter>,
    Family<OutcomeLabels, Counter>,
) {
    let sign_ins = Family::<OutcomeLabels, Counter>::default();
    registry.register(
        "sign_ins",
        "Sign-ins by outcome (signed_in, wrong, locked_out)",
        sign_ins.clone(),
    );
    let table_entries = Family::<OutcomeLabels, Counter>::default();
    registry.register(
        "table_entries",
        "Table-side entry requests by outcome",
        table_entries.clone(),
    );
    (sign_ins, table_entries)
}

impl Metrics {
    /// One answered request.
    pub fn request(&self, route: &str, method: &str, status: u16, took: Duration) {
        self.requests
            .get_or_create(&RequestLabels {
                route: route.to_owned(),
                method: method_label(method),
                status,
            })
            .inc();
        self.latency
            .get_or_create(&RouteLabels {
                route: route.to_owned(),
            })
            .observe(took.as_secs_f64());
    }

    /// One snapshot built.
    /// Snapshots built since the server started.
    pub fn snapshot_builds(&self) -> u64 {
        self.snapshot_builds.get()
    }

    pub(crate) fn snapshot_built(&self, took: Duration) {
        self.snapshot_builds.inc();
        self.snapshot_seconds.observe(took.as_secs_f64());
    }

    pub fn sign_in(&self, outcome: SignIn) {
        self.sign_ins
            .get_or_create(&OutcomeLabels {
                outcome: outcome.as_str(),
            })
            .inc();
    }

    pub fn table_entry(&self, outcome: &'static str) {
        self.table_entries
            .get_or_create(&OutcomeLabels { outcome })
            .inc();
    }

    /// The text of `/metrics`, with the gauges read from `state` now.
    pub fn render(&self, state: &super::AppState) -> String {
        let cache = state.live.cache_stats();
        self.cache_bytes.set(cache.bytes as i64);
        self.cache_entries.set(cache.pages as i64);
        self.snapshots_cached.set(cache.snapshots as i64);
        self.snapshot_bytes.set(cache.snapshot_bytes as i64);
        self.streams.set(state.live.open_streams() as i64);
        let pool = state.pool.state();
        self.pool_in_use
            .set(i64::from(pool.connections - pool.idle_connections));
        self.pool_idle.set(i64::from(pool.idle_connections));
        self.pool_max.set(i64::from(state.pool.max_size()));
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

/// The two text formats `/metrics` speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// OpenMetrics 1.0 (the default).
    OpenMetrics,
    /// The Prometheus text format 0.0.4 (`text/plain; version=0.0.4`), which `promtool
    /// check metrics` and older scrapers read.
    Prometheus,
}

impl Format {
    /// The format an `Accept` header prefers: `text/plain` only when it is weighted above
    /// `application/openmetrics-text` (or that is not named); OpenMetrics otherwise.
    pub(crate) fn accepted(accept: Option<&str>) -> Format {
        let weight = |wanted: &str| {
            accept
                .unwrap_or("")
                .split(',')
                .filter_map(|item| {
                    let mut parts = item.split(';');
                    let kind = parts.next()?.trim();
                    kind.eq_ignore_ascii_case(wanted).then(|| {
                        parts
                            .filter_map(|p| p.trim().strip_prefix("q="))
                            .find_map(|q| q.trim().parse::<f32>().ok())
                            .unwrap_or(1.0)
                    })
                })
                .fold(None, |best: Option<f32>, q| {
                    Some(best.map_or(q, |b| b.max(q)))
                })
        };
        match (weight("text/plain"), weight("application/openmetrics-text")) {
            (Some(plain), None) if plain > 0.0 => Format::Prometheus,
            (Some(plain), Some(open)) if plain > open => Format::Prometheus,
            _ => Format::OpenMetrics,
        }
    }

    /// The response's `Content-Type`.
    pub(crate) fn content_type(self) -> &'static str {
        match self {
            Format::OpenMetrics => "application/openmetrics-text; version=1.0.0; charset=utf-8",
            Format::Prometheus => "text/plain; version=0.0.4; charset=utf-8",
        }
    }
}

/// The OpenMetrics text of prometheus-client in the Prometheus text format 0.0.4: a
/// counter's `# HELP` and `# TYPE` name its samples (`…_total`), and the `# UNIT` and
/// `# EOF` lines, which that format does not have, are left out.
pub(crate) fn prometheus_text(openmetrics: &str) -> String {
    let counters: Vec<&str> = openmetrics
        .lines()
        .filter_map(|line| line.strip_prefix("# TYPE ")?.strip_suffix(" counter"))
        .collect();
    let mut out = String::with_capacity(openmetrics.len());
    for line in openmetrics.lines() {
        if line == "# EOF" || line.starts_with("# UNIT ") {
            continue;
        }
        let renamed = ["# HELP ", "# TYPE "].iter().find_map(|prefix| {
            let rest = line.strip_prefix(prefix)?;
            let (name, tail) = rest.split_once(' ')?;
            counters
                .contains(&name)
                .then(|| format!("{prefix}{name}_total {tail}"))
        });
        out.push_str(renamed.as_deref().unwrap_or(line));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_chooses_the_format() {
        assert_eq!(Format::accepted(None), Format::OpenMetrics);
        assert_eq!(Format::accepted(Some("*/*")), Format::OpenMetrics);
        assert_eq!(Format::accepted(Some("text/plain")), Format::Prometheus);
        assert_eq!(
            Format::accepted(Some("text/plain;version=0.0.4;q=0.9, */*;q=0.1")),
            Format::Prometheus
        );
        // Prometheus's own header prefers OpenMetrics.
        let prometheus = "application/openmetrics-text;version=1.0.0;q=0.5,\
            application/openmetrics-text;version=0.0.1;q=0.4,text/plain;version=0.0.4;q=0.3,*/*;q=0.2";
        assert_eq!(Format::accepted(Some(prometheus)), Format::OpenMetrics);
        assert_eq!(
            Format::accepted(Some("application/openmetrics-text;q=0.2, text/plain;q=0.8")),
            Format::Prometheus
        );
    }

    #[test]
    fn unknown_methods_are_other() {
        assert_eq!(method_label("GET"), "GET");
        assert_eq!(method_label("get"), "other");
        assert_eq!(method_label("BREW"), "other");
    }
}
