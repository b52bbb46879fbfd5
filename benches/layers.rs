//! What the request id, the request metrics and the request log cost per request
//! (`cargo bench --bench layers`): the club night's cached standings page and the static
//! stylesheet, from two servers in this process over one SQLite database, one with those
//! layers ([`fushi::web::ops::observe`]) and one without, in alternating rounds of the same
//! run. The log is fushi's own (`fushi serve`'s defaults: level `info`, plain text), written
//! to a file as a service's log would be; this process's standard error goes there too.
//!
//! Prints, for each round and as the median over the rounds, requests/s and bytes/s of
//! both pages on both servers, and the standings page's bytes/s as a share of the
//! stylesheet's: the live-results goal is cached pages within a few per cent of the static
//! file. Optional arguments: ROUNDS CONNECTIONS REQUESTS (3 16 400).

// A bench binary: a failed unwrap stops the run at its line, helpers shared with the
// tests are `pub`, and libc signals and limits its own child processes (`unsafe`, each
// block with its SAFETY note).
#![allow(unreachable_pub, unsafe_code, clippy::unwrap_used)]

#[path = "support/load.rs"]
mod load;

use std::path::Path;
use std::time::Duration;

use actix_web::HttpServer;

/// Starts a server on a free loopback port in a thread of its own (one worker), with or
/// without the observing layers; returns its base URL.
fn start(url: &str, observe: bool) -> String {
    let pool = fushi::db::pool(url).expect("the database opens");
    let mut state = fushi::web::AppState::new(pool).expect("the state");
    state.observe = observe;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let base = format!("http://{}", listener.local_addr().expect("an address"));
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            HttpServer::new(move || fushi::web::app(state.clone()))
                .workers(1)
                .disable_signals()
                .listen(listener)
                .expect("listen")
                .run()
                .await
                .expect("the server runs");
        });
    });
    base
}

/// Sends this process's standard error (fushi's log) to `path`.
fn log_to(path: &Path) {
    use std::os::fd::AsRawFd;
    let file = std::fs::File::create(path).expect("the log file");
    // SAFETY: duplicates an open descriptor onto standard error, which this process owns.
    unsafe {
        libc::dup2(file.as_raw_fd(), 2);
    }
    std::mem::forget(file);
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

fn main() {
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let rounds = numbers.first().copied().unwrap_or(3);
    let connections = numbers.get(1).copied().unwrap_or(16);
    let requests = numbers.get(2).copied().unwrap_or(400);

    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("layers.db");
    let url = db.to_str().expect("a UTF-8 path").to_owned();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
    let files = fushi::archive::ArchiveFiles::read(&sample).expect("the sample reads");
    let mut conn = fushi::db::open(&url).expect("the database");
    fushi::transfer::import(&mut conn, &files).expect("the sample imports");
    drop(conn);

    let log = dir.path().join("fushi.log");
    println!(
        "{rounds} rounds × {connections} connections × {requests} requests a page; \
         the log: {}",
        log.display()
    );
    log_to(&log);
    fushi::web::settings::init_log(&fushi::web::settings::LogSettings::default());
    let with = start(&url, true);
    let without = start(&url, false);
    std::thread::sleep(Duration::from_millis(300));

    actix_web::rt::System::new().block_on(async move {
        let standings = vec!["/t/club-night/standings".to_owned()];
        let css = vec!["/static/fushi.css".to_owned()];
        let c = load::client(connections);
        // Every server renders and keeps the page once before it is measured.
        for base in [&with, &without] {
            let (t, _) = load::drive(&c, std::slice::from_ref(base), &standings, 1, 3).await;
            assert_eq!(t.errors + t.timeouts, 0, "{base} answers");
        }
        // (server, page) → req/s and bytes/s of each round.
        let mut rates: Vec<Vec<(f64, f64)>> = vec![Vec::new(); 4];
        for round in 1..=rounds {
            let mut line = format!("round {round}:");
            for (i, (name, base, paths)) in [
                ("with, standings", &with, &standings),
                ("with, stylesheet", &with, &css),
                ("without, standings", &without, &standings),
                ("without, stylesheet", &without, &css),
            ]
            .into_iter()
            .enumerate()
            {
                let (mut t, took) =
                    load::drive(&c, std::slice::from_ref(base), paths, connections, requests).await;
                assert_eq!(t.errors + t.timeouts, 0, "{name}: every request answered");
                let secs = took.as_secs_f64();
                let per_second = (connections * requests) as f64 / secs;
                rates[i].push((per_second, t.bytes as f64 / secs));
                let p99 = t.percentile(0.99).as_secs_f64() * 1e3;
                line.push_str(&format!(" {name} {per_second:.0} req/s (p99 {p99:.1} ms);"));
            }
            println!("{line}");
        }
        let req = |i: usize| median(rates[i].iter().map(|r| r.0).collect());
        let bytes = |i: usize| median(rates[i].iter().map(|r| r.1).collect());
        println!("median over {rounds} rounds ({connections} connections):");
        for (i, name) in [
            "with the layers, cached standings",
            "with the layers, stylesheet",
            "without, cached standings",
            "without, stylesheet",
        ]
        .into_iter()
        .enumerate()
        {
            println!("  {name}: {:.0} req/s, {:.1} MB/s", req(i), bytes(i) / 1e6);
        }
        println!(
            "  standings bytes/s ÷ stylesheet bytes/s: with {:.0} %, without {:.0} %",
            100.0 * bytes(0) / bytes(1),
            100.0 * bytes(2) / bytes(3)
        );
        println!(
            "  the layers cost: standings {:+.1} %, stylesheet {:+.1} % req/s",
            100.0 * (req(0) / req(2) - 1.0),
            100.0 * (req(1) / req(3) - 1.0)
        );
    });
}
