//! The read API at scale, against the release server over loopback: `cargo bench --bench api`.
//!
//! A SQLite file gets `FUSHI_BENCH_EVENTS` published events of 16 teams (1,000 by default;
//! 3 rounds × 4 boards each) and one of 512 teams (11 rounds × 16 boards); `fushi serve`
//! runs as its own process, and the bench prints, each beside the static stylesheet of the
//! same run (requests/s, 50 connections; three rounds alternating with the stylesheet, and
//! the median ratio, so that other work on a shared machine weighs on both sides alike):
//!
//! 1. the index `/api/v1/tournaments` (its first page), and the same with `If-None-Match`
//!    (answered 304), with the snapshots the server built meanwhile (none: the index is
//!    answered from the directory);
//! 2. the first page of `results` at 512 teams, a page reached by following `next`, and
//!    the whole list page by page (pages, time, the largest page's bytes), with the
//!    server's memory before and after.
//!
//! `FUSHI_BENCH_PORTS=FROM-TO` keeps the server's port in that range.

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

use std::time::{Duration, Instant};

use served::{rate, serve, server_rss};

/// The snapshot builds `/metrics` has counted so far.
async fn builds(base: &str) -> f64 {
    let client = load::client(1);
    let Ok(mut res) = client.get(format!("{base}/metrics")).send().await else {
        return f64::NAN;
    };
    let body = res.body().limit(16 * 1024 * 1024).await.unwrap_or_default();
    String::from_utf8_lossy(&body)
        .lines()
        .find(|l| l.starts_with("fushi_snapshot_builds_total"))
        .and_then(|l| l.split_whitespace().last()?.parse().ok())
        .unwrap_or(f64::NAN)
}

/// `path` against the stylesheet in three alternating rounds of the same run (the machine
/// may be shared: a ratio of neighbouring runs is what holds): each round's ratio, the
/// median ratio, the median requests/s of both, the answer's size and the worst p99.
async fn beside(
    bases: &[String],
    path: &str,
    headers: &[(String, String)],
) -> (Vec<f64>, f64, f64, f64, usize, f64, usize) {
    let (mut ratios, mut css_rates, mut rates) = (Vec::new(), Vec::new(), Vec::new());
    let (mut size, mut p99, mut errors) = (0, 0.0_f64, 0);
    for _ in 0..3 {
        let (css, _, _) = rate(bases, "/static/fushi.css", &[]).await;
        let (r, s, mut tally) = rate(bases, path, headers).await;
        ratios.push(r / css);
        css_rates.push(css);
        rates.push(r);
        size = s;
        p99 = p99.max(tally.percentile(0.99).as_secs_f64() * 1000.0);
        errors += tally.errors + tally.timeouts;
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let shown = ratios.clone();
    (
        shown,
        median(&mut ratios),
        median(&mut css_rates),
        median(&mut rates),
        size,
        p99,
        errors,
    )
}

/// Prints `beside`'s figures for `what`.
async fn print_beside(bases: &[String], what: &str, path: &str, headers: &[(String, String)]) {
    let (ratios, ratio, css, r, size, p99, errors) = beside(bases, path, headers).await;
    let each: Vec<String> = ratios
        .iter()
        .map(|x| format!("{:.0} %", 100.0 * x))
        .collect();
    println!(
        "{what}: {r:.0} req/s against the stylesheet's {css:.0} = {:.0} % (median of three \
         alternating rounds: {}), {size} B, worst p99 {p99:.1} ms, errors {errors}",
        100.0 * ratio,
        each.join(", ")
    );
}

/// A JSON answer of `path`.
async fn get_json(client: &awc::Client, url: &str) -> (serde_json::Value, usize) {
    let mut res = client.get(url).send().await.expect("an answer");
    assert!(res.status().is_success(), "{url}: {}", res.status());
    let body = res.body().limit(64 * 1024 * 1024).await.expect("a body");
    (serde_json::from_slice(&body).expect("JSON"), body.len())
}

fn main() {
    let events: usize = std::env::var("FUSHI_BENCH_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    let dir = tempfile::tempdir().expect("temporary folder");
    let db_url = dir.path().join("api.db").display().to_string();
    let built = Instant::now();
    {
        let mut conn = fushi::db::open(&db_url).expect("open the database");
        let mut small = common::large_event(16, 3, 4);
        small.settings.published = true;
        for n in 1..=events {
            small.settings.slug = format!("night-{n}");
            small.settings.name = format!("Club night {n}");
            fushi::db::insert_event(&mut conn, &small).expect("store an event");
        }
        let mut big = common::large_event(512, 11, 16);
        big.settings.slug = "big".to_owned();
        big.settings.published = true;
        fushi::db::insert_event(&mut conn, &big).expect("store the big event");
    }
    println!(
        "== {events} events of 16 teams and one of 512 teams (built in {:.1} s)",
        built.elapsed().as_secs_f64()
    );
    let served = serve(&db_url, 1);
    let base = format!("http://127.0.0.1:{}", served.ports[0]);
    let bases = vec![base.clone()];
    let idle = server_rss(&served)[0];
    actix_web::rt::System::new().block_on(async move {
        // The watcher's first full read lists every event.
        actix_web::rt::time::sleep(Duration::from_secs(4)).await;
        let (_, css_size, _) = rate(&bases, "/static/fushi.css", &[]).await;
        println!("static stylesheet: {css_size} B");

        let before = builds(&base).await;
        let what = format!("index, first page (100 of {events})");
        print_beside(&bases, &what, "/api/v1/tournaments", &[]).await;
        let client = load::client(2);
        let res = client
            .get(format!("{base}/api/v1/tournaments"))
            .send()
            .await
            .expect("the index");
        let etag = res
            .headers()
            .get("etag")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let (css, _, _) = rate(&bases, "/static/fushi.css", &[]).await;
        let (revalidated, _, tally) = rate(
            &bases,
            "/api/v1/tournaments",
            &[("if-none-match".to_owned(), etag)],
        )
        .await;
        println!(
            "index with If-None-Match: {revalidated:.0} req/s = {:.0} % of the stylesheet's \
             ({} of {} answered 304)",
            100.0 * revalidated / css,
            tally.errors,
            tally.requests
        );
        println!(
            "snapshots built by the index: {}",
            builds(&base).await - before
        );

        let results = "/api/v1/tournaments/big/results";
        print_beside(
            &bases,
            "results at 512 teams, first page (100)",
            results,
            &[],
        )
        .await;
        let (page, _) = get_json(&client, &format!("{base}{results}")).await;
        let mut next = page["next"].as_str().unwrap_or_default().to_owned();
        for _ in 0..4 {
            let (page, _) = get_json(&client, &format!("{base}{results}?cursor={next}")).await;
            next = page["next"].as_str().unwrap_or_default().to_owned();
        }
        let later = format!("{results}?cursor={next}");
        print_beside(
            &bases,
            "results at 512 teams, 6th page by `next`",
            &later,
            &[],
        )
        .await;
        let walked = Instant::now();
        let (mut pages, mut items, mut largest) = (0, 0, 0);
        let mut url = format!("{base}{results}?limit=500");
        loop {
            let (page, bytes) = get_json(&client, &url).await;
            pages += 1;
            items += page["results"].as_array().map_or(0, Vec::len);
            largest = largest.max(bytes);
            match page["next"].as_str() {
                Some(next) => url = format!("{base}{results}?limit=500&cursor={next}"),
                None => break,
            }
        }
        println!(
            "every result at 512 teams by pages of 500: {items} results in {pages} pages, \
             {:.2} s, largest page {largest} B",
            walked.elapsed().as_secs_f64()
        );
    });
    println!(
        "server memory: {idle:.0} MiB idle, {:.0} MiB at the end",
        server_rss(&served)[0]
    );
}
