//! A federation's server: many events at once, against the real server over loopback:
//! `cargo bench --bench platform`.
//!
//! It builds `FUSHI_BENCH_EVENTS` (1,000 by default) published events of 16 teams (4 rounds
//! × 4 boards) in a SQLite file, starts the release `fushi serve` with its default cache,
//! and prints, beside the static stylesheet in the same run:
//!
//! 1. requests/s of the stylesheet and of the API index (`/api/v1/tournaments`);
//! 2. 200 viewers spread over every event's overview, standings and first round for 30 s
//!    while 50 directors each save a result every 500 ms in an event of their own: p50/p99,
//!    error answers, saves through, snapshot builds per second, the server's memory;
//! 3. the server's memory after the run and once more after a second run.
//!
//! Every loop is bounded in count and time. `FUSHI_BENCH_PORTS=FROM-TO` keeps the server's
//! port in that range.

// A bench binary: a failed unwrap stops the run at its line, helpers shared with the
// tests are `pub`, and libc signals and limits its own child processes (`unsafe`, each
// block with its SAFETY note).
#![allow(unreachable_pub, unsafe_code, clippy::unwrap_used)]

#[path = "../tests/integration/common/mod.rs"]
mod common;
#[path = "support/load.rs"]
mod load;
#[path = "support/served.rs"]
mod served;

use load::{client, drive_for};
use served::{rate, ruled, serve, server_rss, write};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Directors saving at once, each in an event of their own.
const DIRECTORS: usize = 50;
/// How long one run of 200 viewers lasts, at most, and their requests each.
const RUN: Duration = Duration::from_secs(30);
const VIEWER_REQUESTS: usize = 10_000;

fn slug(n: usize) -> String {
    format!("night-{n:04}")
}

/// Snapshot builds so far, from `/metrics` (the machine itself may read it).
async fn builds(base: &str) -> Option<f64> {
    let mut res = client(1)
        .get(format!("{base}/metrics"))
        .insert_header(("accept", "text/plain"))
        .send()
        .await
        .ok()?;
    let body = res.body().limit(8 << 20).await.ok()?;
    let text = String::from_utf8_lossy(&body);
    text.lines()
        .find(|l| l.starts_with("fushi_snapshot_builds_total"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn main() {
    let events: usize = std::env::var("FUSHI_BENCH_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    let dir = tempfile::tempdir().expect("temporary folder");
    let db_url = dir.path().join("platform.db").display().to_string();
    let started = Instant::now();
    {
        let mut conn = fushi::db::open(&db_url).expect("open the database");
        let template = common::large_event(16, 4, 4);
        for n in 0..events {
            let mut event = template.clone();
            event.settings.slug = slug(n);
            event.settings.name = format!("Club night {n}");
            fushi::db::insert_event(&mut conn, &event).expect("store the event");
        }
    }
    println!(
        "== {events} published events of 16 teams × 4 rounds × 4 boards, SQLite (built in {:.0} s)",
        started.elapsed().as_secs_f64()
    );
    let served = serve(&db_url, 1);
    let bases = vec![format!("http://127.0.0.1:{}", served.ports[0])];
    println!("server memory at start: {:.0?} MiB", server_rss(&served));
    actix_web::rt::System::new().block_on(async move {
        // 1. The index beside the static file.
        let (css, css_size, _) = rate(&bases, "/static/fushi.css", &[]).await;
        let (index, index_size, mut index_tally) = rate(&bases, "/api/v1/tournaments", &[]).await;
        let (css_again, _, _) = rate(&bases, "/static/fushi.css", &[]).await;
        let css = (css + css_again) / 2.0;
        println!(
            "static fushi.css ({:.0} KB): {css:.0} req/s; API index of {events} events ({:.0} KB): {index:.0} req/s = {:.0} % of the static file's, p99 {:.1} ms, errors {}",
            css_size as f64 / 1e3,
            index_size as f64 / 1e3,
            100.0 * index / css,
            index_tally.percentile(0.99).as_secs_f64() * 1e3,
            index_tally.errors + index_tally.timeouts,
        );

        // 2. 200 viewers over every event while 50 directors save; twice.
        let pages: Vec<String> = (0..events)
            .flat_map(|n| {
                let s = slug(n);
                [
                    format!("/t/{s}"),
                    format!("/t/{s}/standings"),
                    format!("/t/{s}/rounds/1"),
                ]
            })
            .collect();
        for run in 1..=2 {
            let before = builds(&bases[0]).await;
            let stop = Arc::new(AtomicBool::new(false));
            let saved = Arc::new(AtomicUsize::new(0));
            let failed = Arc::new(AtomicUsize::new(0));
            let directors: Vec<_> = (0..DIRECTORS)
                .map(|d| {
                    let (stop, saved, failed) = (stop.clone(), saved.clone(), failed.clone());
                    let (url, slug) = (db_url.clone(), slug(d * events / DIRECTORS));
                    std::thread::spawn(move || {
                        let mut conn = fushi::db::connect(&url).expect("a director's connection");
                        let mut n = 0;
                        while !stop.load(Ordering::SeqCst) && n < 200 {
                            let table = 1 + (n % 8);
                            let done = ruled(&mut conn, &slug, 4, table, n % 3 + 1)
                                .is_some_and(|r| write(&mut conn, &slug, (4, table), &r));
                            let count = if done { &saved } else { &failed };
                            count.fetch_add(1, Ordering::SeqCst);
                            n += 1;
                            std::thread::sleep(Duration::from_millis(500));
                        }
                    })
                })
                .collect();
            let c = client(200);
            let (mut v, time) = drive_for(&c, &bases, &pages, 200, VIEWER_REQUESTS, RUN, &[]).await;
            stop.store(true, Ordering::SeqCst);
            for d in directors {
                d.join().expect("a director");
            }
            let after = builds(&bases[0]).await;
            let (p50, p99, max) = (v.percentile(0.5), v.percentile(0.99), v.percentile(1.0));
            let built = match (before, after) {
                (Some(b), Some(a)) => format!("{:.1} builds/s", (a - b) / time.as_secs_f64()),
                _ => "builds not read".to_owned(),
            };
            println!(
                "run {run}: 200 viewers over {} pages, {} requests in {:.1} s ({:.0} req/s) while {DIRECTORS} directors saved {} times ({} failed): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms, error answers {}, timeouts {}; {built}; server memory {:.0?} MiB",
                pages.len(),
                v.requests,
                time.as_secs_f64(),
                v.requests as f64 / time.as_secs_f64(),
                saved.load(Ordering::SeqCst),
                failed.load(Ordering::SeqCst),
                p50.as_secs_f64() * 1e3,
                p99.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3,
                v.errors,
                v.timeouts,
                server_rss(&served),
            );
        }
    });
}
