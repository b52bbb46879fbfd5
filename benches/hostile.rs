//! A hostile visitor on the hall's network, against the real server over loopback:
//! `cargo bench --bench hostile` (release), or `cargo test --bench hostile` (debug).
//!
//! The club night example is imported into a fresh SQLite file and `fushi serve` started as
//! its own process on 127.0.0.1:18100 (`FUSHI_BENCH_PORT` to change it). It prints:
//!
//! 1. **Distinct query strings.** The server's resident memory (VmRSS) before and after
//!    20,000 GETs of `/t/club-night/standings.csv?…`, each with its own 32 KB query string
//!    (16 connections), and what they were answered. Unknown parameters make no new entry
//!    in the page cache, so memory stays where the cache's bound puts it.
//! 2. **Streams from one address.** 5,000 `GET /t/club-night/events` from 127.0.0.1, held
//!    open: how many were accepted (200) and how many refused (503), the memory with them
//!    open, and how a public page answers meanwhile.
//! 3. **A database outage** (with `FUSHI_TEST_POSTGRES` naming a PostgreSQL server, in a
//!    database of its own that is removed afterwards): a public page is rendered once, the
//!    database then refuses every connection, and the page is asked for 50 times: the
//!    answer times and statuses; then another page of the same tournament, not asked for
//!    before (it is built from the snapshot in memory). The database is given back at the
//!    end.
//!
//! Every loop is bounded in count and time.

// A bench binary: a failed unwrap stops the run at its line, helpers shared with the
// tests are `pub`, and libc signals and limits its own child processes (`unsafe`, each
// block with its SAFETY note).
#![allow(unreachable_pub, unsafe_code, clippy::unwrap_used)]

#[path = "../tests/integration/common/mod.rs"]
mod common;
#[path = "support/load.rs"]
mod load;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{TestDb, import_club_night};

const QUERIES: usize = 20_000;
const QUERY_BYTES: usize = 32 * 1024;
const CONNECTIONS: usize = 16;
const STREAMS: usize = 5_000;
const OUTAGE_REQUESTS: usize = 50;

/// `fushi serve` as a child process, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        // SAFETY: sends SIGTERM to our own child process.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM);
        }
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(db: &str, port: u16) -> Server {
        let child = Command::new(env!("CARGO_BIN_EXE_fushi"))
            .args(["serve", "--db", db, "--bind", &format!("127.0.0.1:{port}")])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start fushi serve");
        let server = Server { child, port };
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "server did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    /// The server's resident memory in MiB.
    fn rss(&self) -> f64 {
        load::rss_mib(self.child.id())
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
}

/// Statuses counted by code.
#[derive(Default)]
struct Statuses(std::collections::BTreeMap<String, usize>);

impl Statuses {
    fn add(&mut self, status: impl ToString) {
        *self.0.entry(status.to_string()).or_default() += 1;
    }

    fn merge(&mut self, other: Statuses) {
        for (k, v) in other.0 {
            *self.0.entry(k).or_default() += v;
        }
    }
}

impl std::fmt::Display for Statuses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        f.write_str(&parts.join(", "))
    }
}

/// A query string of about `QUERY_BYTES` bytes that no other request sends.
fn distinct_query(i: usize) -> String {
    let tag = format!("q{i}=");
    let mut q = String::with_capacity(QUERY_BYTES);
    q.push_str(&tag);
    while q.len() < QUERY_BYTES {
        q.push_str(&format!("{:08x}", i.wrapping_mul(2_654_435_761) ^ q.len()));
    }
    q.truncate(QUERY_BYTES);
    q
}

fn client() -> awc::Client {
    awc::Client::builder()
        .connector(awc::Connector::new().limit(CONNECTIONS + 4))
        .timeout(Duration::from_secs(30))
        .finish()
}

async fn distinct_queries(server: &Server) {
    let client = client();
    let path = "/t/club-night/standings.csv";
    // Rendered once before the count starts.
    let _ = client.get(server.url(path)).send().await;
    let before = server.rss();
    let started = Instant::now();
    let tasks: Vec<_> = (0..CONNECTIONS)
        .map(|c| {
            let client = client.clone();
            let base = server.url(path);
            actix_web::rt::spawn(async move {
                let mut statuses = Statuses::default();
                for i in (c..QUERIES).step_by(CONNECTIONS) {
                    let url = format!("{base}?{}", distinct_query(i));
                    match client.get(url).send().await {
                        Ok(mut r) => {
                            let _ = r.body().limit(1 << 20).await;
                            statuses.add(r.status().as_u16());
                        }
                        Err(e) => statuses.add(format!("error ({e})")),
                    }
                }
                statuses
            })
        })
        .collect();
    let mut statuses = Statuses::default();
    for t in tasks {
        statuses.merge(t.await.unwrap());
    }
    let took = started.elapsed();
    let after = server.rss();
    println!(
        "distinct query strings: {QUERIES} GETs of {path}?<{QUERY_BYTES} bytes, each distinct>, \
         {CONNECTIONS} connections, {:.1} s",
        took.as_secs_f64()
    );
    println!("  answered: {statuses}");
    println!("  server RSS: {before:.1} MiB before, {after:.1} MiB after");
}

/// Opens one stream; `Some(socket)` when the server answered 200 (the socket is kept
/// open), else the status it answered.
fn open_stream(port: u16) -> Result<TcpStream, String> {
    let mut socket = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    socket
        .set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    socket
        .write_all(
            b"GET /t/club-night/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\
              Accept: text/event-stream\r\n\r\n",
        )
        .map_err(|e| e.to_string())?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n") && head.len() < 200 {
        match socket.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            Ok(_) => return Err("closed".to_owned()),
            Err(e) => return Err(e.to_string()),
        }
    }
    let line = String::from_utf8_lossy(&head);
    let status = line.split_whitespace().nth(1).unwrap_or("?").to_owned();
    if status == "200" {
        Ok(socket)
    } else {
        Err(status)
    }
}

async fn streams(server: &Server) {
    let before = server.rss();
    let started = Instant::now();
    let mut open = Vec::new();
    let mut refused = Statuses::default();
    for _ in 0..STREAMS {
        match open_stream(server.port) {
            Ok(socket) => open.push(socket),
            Err(status) => refused.add(status),
        }
        if started.elapsed() > Duration::from_secs(300) {
            break;
        }
    }
    let took = started.elapsed();
    let during = server.rss();
    let client = client();
    let t = Instant::now();
    let page = client
        .get(server.url("/t/club-night/standings"))
        .send()
        .await
        .map(|r| r.status().as_u16().to_string())
        .unwrap_or_else(|e| e.to_string());
    let page_took = t.elapsed();
    println!(
        "streams from one address: {STREAMS} GETs of /t/club-night/events from 127.0.0.1 in \
         {:.1} s",
        took.as_secs_f64()
    );
    println!(
        "  accepted (200, held open): {}; refused: {}",
        open.len(),
        if refused.0.is_empty() {
            "none".to_owned()
        } else {
            refused.to_string()
        }
    );
    println!(
        "  server RSS: {before:.1} MiB before, {during:.1} MiB with the accepted streams open"
    );
    println!(
        "  /t/club-night/standings meanwhile: {page} in {:.1} ms",
        page_took.as_secs_f64() * 1000.0
    );
    drop(open);
}

async fn outage(port: u16) {
    let Some(db) = TestDb::postgres() else {
        println!("database outage: skipped (set FUSHI_TEST_POSTGRES to a PostgreSQL server)");
        return;
    };
    import_club_night(&db);
    let server = Server::start(db.url(), port);
    let client = client();
    let page = "/t/club-night/standings";
    // Rendered and kept before the outage (the change watcher's first look included).
    for _ in 0..3 {
        let _ = client.get(server.url(page)).send().await;
        actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    }
    db.take_away();
    // Let the server's connections find out.
    actix_web::rt::time::sleep(Duration::from_secs(3)).await;
    let mut times = Vec::new();
    let mut statuses = Statuses::default();
    let mut stale = 0;
    for _ in 0..OUTAGE_REQUESTS {
        let t = Instant::now();
        match client.get(server.url(page)).send().await {
            Ok(mut r) => {
                let _ = r.body().limit(4 << 20).await;
                statuses.add(r.status().as_u16());
                if r.headers().contains_key("fushi-stale") {
                    stale += 1;
                }
            }
            Err(e) => statuses.add(format!("error ({e})")),
        }
        times.push(t.elapsed());
    }
    let t = Instant::now();
    let never = client
        .get(server.url("/t/club-night/rounds/2/tables/1"))
        .send()
        .await
        .map(|r| r.status().as_u16().to_string())
        .unwrap_or_else(|e| e.to_string());
    let never_took = t.elapsed();
    db.bring_back();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "database outage (PostgreSQL refusing every connection): {OUTAGE_REQUESTS} GETs of the \
         rendered {page}"
    );
    println!(
        "  answered: {statuses} ({stale} marked Fushi-Stale); time min {:.1} ms, median {:.1} \
         ms, max {:.1} ms",
        ms(times[0]),
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1])
    );
    println!(
        "  another page, not asked for before the outage: {never} in {:.0} ms",
        ms(never_took)
    );
}

fn main() {
    let port: u16 = std::env::var("FUSHI_BENCH_PORT")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(18100);
    println!(
        "fushi {} ({} build)",
        env!("CARGO_PKG_VERSION"),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    actix_web::rt::System::new().block_on(async move {
        {
            let db = TestDb::sqlite();
            import_club_night(&db);
            let server = Server::start(db.url(), port);
            distinct_queries(&server).await;
            streams(&server).await;
        }
        outage(port + 1).await;
    });
}
