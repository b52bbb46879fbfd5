//! Live results under load, against the real server over loopback: `cargo bench --bench live`.
//!
//! For each event size (512 and 5,000 teams by default; 11 rounds × 16 boards) it builds the
//! event in a SQLite file (or, with `FUSHI_BENCH_POSTGRES=postgres://…/dbname`, in that
//! PostgreSQL database, served by two instances), starts the release `fushi serve` as its
//! own process, and prints:
//!
//! 1. requests/s of a small public page (a match), a large one (the standings) and the
//!    static stylesheet, 50 connections each, and each page's ratio to the stylesheet;
//!    Then the standings' first page in each coding (identity, gzip, br): its bytes, its
//!    elements, requests/s and the page bytes sent a second;
//! 2. requests/s of a director's entry page (one match), signed in;
//! 3. 200 concurrent viewers (standings, a round, a match, the overview, standings.csv)
//!    for 30 s while a director saves a result every 500 ms: p50/p99/max latency, error
//!    answers, saves that failed;
//! 4. save → event on `/t/{slug}/events`, and save → the new standings page, 10 times;
//! 5. the server's resident memory before, after each 30 s run of 200 viewers (the runs
//!    are repeated `FUSHI_BENCH_RUNS` times at each size, 5 by default), and at the end;
//!    then round 1's PDFs (score sheets filled and blank, travellers, wall, standings): the
//!    first request and the next, and after a save six at once of each, with the server's
//!    CPU seconds meanwhile (a PDF drawn once per revision costs one drawing);
//! 6. the director's "generate" request for a new round after the last (a Swiss pairing of
//!    the whole field and its proposal page), 10 times.
//!
//! Every loop is bounded in count and time. Optional arguments: TEAMS ROUNDS BOARDS (one
//! size only). `FUSHI_BENCH_PORTS=FROM-TO` keeps the servers' ports in that range.

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

use load::{client, drive, drive_for};
use served::{rate, ruled, serve, server_rss, sign_in, with_ruling, write};

use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;

/// Requests per viewer in a 200-viewer run, at most: enough that a run lasts its 30 s on
/// the 2-core machine (3,000 ended runs after 18 s once pages were served faster).
const VIEWER_REQUESTS: usize = 10_000;
/// Saves of the director in one 200-viewer run, at most (one every 500 ms).
const DIRECTOR_SAVES: i32 = 400;
/// How long one 200-viewer run lasts, at most.
const VIEWER_RUN: Duration = Duration::from_secs(30);

/// The boards of round `round`, to add a round like it.
fn event_boards(
    conn: &mut fushi::db::DbConnection,
    slug: &str,
    round: i32,
) -> Vec<fushi::rules::Board> {
    fushi::db::load_round(conn, slug, round)
        .unwrap()
        .expect("the round")
        .round
        .boards
}

/// The results of the first `tables` tables of round `round` and the event's settings, read
/// once: what the director's entry pages showed before each save. Reading the whole round
/// again before every save made the bench's own director slower than the server at
/// 20,000 teams (10,000 matches read for each save of one).
fn desk(
    conn: &mut fushi::db::DbConnection,
    slug: &str,
    round: i32,
    tables: i32,
) -> (Vec<Vec<fushi::rules::TableResult>>, fushi::rules::Settings) {
    let sheet = fushi::db::load_round(conn, slug, round)
        .unwrap()
        .expect("the round");
    let results = (1..=tables)
        .map(|t| sheet.table(t).expect("the table").results.to_vec())
        .collect();
    (results, sheet.settings)
}

fn main() {
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = match numbers.as_slice() {
        [t, r, b] => vec![[*t, *r, *b]],
        _ => vec![[512, 11, 16], [5_000, 11, 16]],
    };
    let runs: usize = std::env::var("FUSHI_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    for [teams, rounds, boards] in sizes {
        measure(teams, rounds, boards, runs);
    }
}

fn measure(teams: usize, rounds: usize, boards: usize, runs: usize) {
    let started = Instant::now();
    let dir = tempfile::tempdir().expect("temporary folder");
    let (db_url, instances) = match std::env::var("FUSHI_BENCH_POSTGRES") {
        Ok(url) => (url, 2),
        Err(_) => (dir.path().join("live.db").display().to_string(), 1),
    };
    let event = common::large_event(teams, rounds, boards);
    let slug = event.settings.slug.clone();
    let results = event.result_count();
    let password = "a bench director's password";
    {
        let mut conn = fushi::db::open(&db_url).expect("open the database");
        if fushi::db::slug_exists(&mut conn, &slug).unwrap() {
            fushi::db::delete_tournament(&mut conn, &slug).unwrap();
        }
        fushi::db::insert_event(&mut conn, &event).expect("store the event");
        let _ = fushi::db::accounts::create_user(
            &mut conn,
            "bench",
            password,
            fushi::db::accounts::Role::Admin,
        );
    }
    let table_count = event.rounds[0].matches.len() as i32;
    drop(event);
    println!();
    println!(
        "== {teams} teams × {rounds} rounds × {boards} boards ({results} table results), {} with {instances} server(s)",
        if instances == 2 {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
    let served = serve(&db_url, instances);
    let bases: Vec<String> = served
        .ports
        .iter()
        .map(|p| format!("http://127.0.0.1:{p}"))
        .collect();

    let idle = server_rss(&served);
    let served = Rc::new(served);
    let served_in = served.clone();
    actix_web::rt::System::new().block_on(async move {
        let served = served_in;
        let standings = vec![format!("/t/{slug}/standings")];
        let warm = client(4);
        let first = Instant::now();
        let _ = drive(&warm, &bases, &standings, 1, 1).await;
        println!(
            "first standings page (load + compute + render): {:.0} ms",
            first.elapsed().as_secs_f64() * 1e3
        );
        let pages = vec![
            format!("/t/{slug}"),
            format!("/t/{slug}/rounds/1"),
            format!("/t/{slug}/rounds/1/tables/1"),
            format!("/t/{slug}/teams/1"),
            format!("/t/{slug}/standings.csv"),
        ];
        let _ = drive(&warm, &bases, &pages, 1, pages.len()).await;
        let warmed = server_rss(&served);

        // 1. Requests per second, side by side in the same run.
        let small = format!("/t/{slug}/rounds/1/tables/1");
        let (css_rate, css_size, _) = rate(&bases, "/static/fushi.css", &[]).await;
        let (small_rate, small_size, small_tally) = rate(&bases, &small, &[]).await;
        let (large_rate, large_size, large_tally) = rate(&bases, &standings[0], &[]).await;
        let (css_again, _, _) = rate(&bases, "/static/fushi.css", &[]).await;
        let css = (css_rate + css_again) / 2.0;
        println!(
            "static fushi.css ({:.0} KB): {css:.0} req/s (mean of one run before and one after the pages)",
            css_size as f64 / 1e3
        );
        for (name, size, r, tally) in [
            ("small page, a match", small_size, small_rate, small_tally),
            ("large page, the standings", large_size, large_rate, large_tally),
        ] {
            let mut tally = tally;
            println!(
                "cached {name} ({:.0} KB): {r:.0} req/s = {:.0} % of the static file's, p99 {:.1} ms, errors {}",
                size as f64 / 1e3,
                100.0 * r / css,
                tally.percentile(0.99).as_secs_f64() * 1e3,
                tally.errors + tally.timeouts
            );
        }

        // 1b. The standings' first page in each coding, and the bytes a second each carries.
        codings(&bases, &standings[0]).await;

        // 2. The director's entry page of one match, signed in.
        let cookie = sign_in(&bases[0], "bench", password).await;
        let entry = format!("/d/{slug}/rounds/{rounds}/tables/1");
        let signed_in = [("cookie".to_owned(), cookie)];
        let (entry_rate, entry_size, mut entry_tally) =
            rate(&bases[..1], &entry, &signed_in).await;
        println!(
            "director's entry page ({:.0} KB): {entry_rate:.0} req/s, p99 {:.1} ms, errors {}",
            entry_size as f64 / 1e3,
            entry_tally.percentile(0.99).as_secs_f64() * 1e3,
            entry_tally.errors + entry_tally.timeouts
        );

        // 3. 200 viewers while a director saves, `runs` times; memory after each run.
        let viewers = vec![
            format!("/t/{slug}/standings"),
            format!("/t/{slug}/rounds/{rounds}"),
            format!("/t/{slug}/rounds/1/tables/1"),
            format!("/t/{slug}"),
            format!("/t/{slug}/standings.csv"),
        ];
        let mut after_runs = Vec::new();
        for run in 1..=runs {
            let stop = Arc::new(AtomicBool::new(false));
            let saved = Arc::new(AtomicUsize::new(0));
            let failed = Arc::new(AtomicUsize::new(0));
            let director = {
                let (stop, saved, failed) = (stop.clone(), saved.clone(), failed.clone());
                let (url, slug) = (db_url.clone(), slug.clone());
                std::thread::spawn(move || {
                    let mut conn = fushi::db::connect(&url).expect("the director's connection");
                    let tables = table_count.min(DIRECTOR_SAVES);
                    let (results, settings) = desk(&mut conn, &slug, rounds as i32, tables);
                    let mut n = 0;
                    while !stop.load(Ordering::SeqCst) && n < DIRECTOR_SAVES {
                        let table = 1 + (n % tables);
                        let ruled = with_ruling(&results[table as usize - 1], &settings, n % 3 + 1);
                        if ruled.is_some_and(|r| write(&mut conn, &slug, (rounds as i32, table), &r)) {
                            saved.fetch_add(1, Ordering::SeqCst);
                        } else {
                            failed.fetch_add(1, Ordering::SeqCst);
                        }
                        n += 1;
                        std::thread::sleep(Duration::from_millis(500));
                    }
                })
            };
            let c = client(200);
            let (mut v, v_time) =
                drive_for(&c, &bases, &viewers, 200, VIEWER_REQUESTS, VIEWER_RUN, &[]).await;
            stop.store(true, Ordering::SeqCst);
            director.join().unwrap();
            let rss = server_rss(&served);
            let (p50, p99, max) = (v.percentile(0.5), v.percentile(0.99), v.percentile(1.0));
            println!(
                "run {run}: 200 viewers, {} requests in {:.1} s while the director saved {} times ({} failed): {:.0} req/s, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms, error answers {}, timeouts {}; server memory {rss:.0?} MiB",
                v.requests,
                v_time.as_secs_f64(),
                saved.load(Ordering::SeqCst),
                failed.load(Ordering::SeqCst),
                v.requests as f64 / v_time.as_secs_f64(),
                p50.as_secs_f64() * 1e3,
                p99.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3,
                v.errors,
                v.timeouts
            );
            after_runs.push(rss);
        }

        // 4. Save → event, save → the new standings page (through the last server when
        // there are two, the save made from elsewhere).
        let base = bases.last().unwrap().clone();
        let c = Rc::new(client(4));
        let mut events = c
            .get(format!("{base}/t/{slug}/events"))
            .send()
            .await
            .expect("the event stream");
        let mut conn = fushi::db::connect(&db_url).unwrap();
        let mut to_event = Vec::new();
        let mut to_page = Vec::new();
        let mut to_commit = Vec::new();
        let mut seen = String::new();
        for n in 0..10 {
            let page_url = format!("{base}/t/{slug}/standings");
            let revision = fushi::db::revision::of_slug(&mut conn, &slug).unwrap().unwrap().1;
            // The clock starts at the save's transaction (the results it writes are read
            // first, as the page the director typed on was).
            let results = ruled(&mut conn, &slug, 1, 1 + n, 3 - (n % 7)).expect("a match");
            let t = Instant::now();
            assert!(write(&mut conn, &slug, (1, 1 + n), &results), "a save");
            to_commit.push(t.elapsed());
            let wanted = format!("data: {}\n", revision + 1);
            while !seen.contains(&wanted) && t.elapsed() < Duration::from_secs(20) {
                if let Ok(Some(Ok(bytes))) =
                    tokio::time::timeout(Duration::from_secs(1), events.next()).await
                {
                    seen.push_str(&String::from_utf8_lossy(&bytes));
                }
            }
            to_event.push(t.elapsed());
            // The page of the new revision, whole (whether or not the ruling moved a figure).
            loop {
                let mut res = c.get(&page_url).send().await.unwrap();
                let _ = res.body().limit(64 * 1024 * 1024).await;
                let shown: i64 = res
                    .headers()
                    .get("fushi-revision")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                if shown > revision || t.elapsed() > Duration::from_secs(20) {
                    break;
                }
                actix_web::rt::time::sleep(Duration::from_millis(10)).await;
            }
            to_page.push(t.elapsed());
        }
        to_event.sort();
        to_page.sort();
        to_commit.sort();
        println!(
            "save → event: median {:.0} ms, max {:.0} ms; save → new standings page: median {:.0} ms, max {:.0} ms (the save's own transaction: median {:.0} ms)",
            to_event[5].as_secs_f64() * 1e3,
            to_event[9].as_secs_f64() * 1e3,
            to_page[5].as_secs_f64() * 1e3,
            to_page[9].as_secs_f64() * 1e3,
            to_commit[5].as_secs_f64() * 1e3
        );
        println!(
            "server memory (MiB): idle {idle:.0?}, with the snapshot and pages {warmed:.0?}, after each 200-viewer run {after_runs:.0?}, at the end {:.0?}",
            server_rss(&served)
        );

        // 4b. A round's PDFs: each drawn once per revision, however many ask at once.
        pdfs(&served, &bases, &slug, &mut conn, rounds as i32).await;

        // 5. The director's "generate" form for a new round after the last: the Swiss
        // proposal of the whole field, its page, 10 times (the round is added first; the
        // proposal is not confirmed).
        let last = event_boards(&mut conn, &slug, rounds as i32);
        fushi::db::add_round(&mut conn, &slug, &last)
            .unwrap()
            .expect("a round added");
        let generate = format!("{}/d/{slug}/rounds/{}/generate", bases[0], rounds + 1);
        let c = client(1);
        let cookie = &signed_in[0].1;
        let mut times = Vec::new();
        for _ in 0..11 {
            let mut form = c
                .get(&generate)
                .insert_header(("cookie", cookie.as_str()))
                .send()
                .await
                .expect("the generate form");
            let body = form.body().limit(64 << 20).await.expect("its body");
            let body = String::from_utf8_lossy(&body).into_owned();
            let marker = "name=\"csrf\" value=\"";
            let at = body.find(marker).expect("a CSRF field") + marker.len();
            let csrf = body[at..at + body[at..].find('"').unwrap()].to_owned();
            let t = Instant::now();
            let mut res = c
                .post(&generate)
                .insert_header(("cookie", cookie.as_str()))
                .send_form(&[("csrf", csrf.as_str()), ("method", "swiss")])
                .await
                .expect("the proposal");
            let page = res.body().limit(64 << 20).await.expect("the proposal's page");
            times.push(t.elapsed());
            assert_eq!(res.status().as_u16(), 200, "the proposal is shown");
            assert!(page.len() > 1000, "the proposal has its rows");
        }
        // The first request waits for the snapshot of the added round: it is left out.
        times.remove(0);
        times.sort();
        println!(
            "generate a Swiss round of the whole field (the request, the proposal page): median {:.0} ms, max {:.0} ms",
            times[5].as_secs_f64() * 1e3,
            times[9].as_secs_f64() * 1e3
        );
    });
    drop(served);
    println!(
        "({teams} teams measured in {:.0} s)",
        started.elapsed().as_secs_f64()
    );
}

/// The page at `path` in each coding: its bytes, requests/s and bytes/s (50 connections), and
/// its HTML elements (start tags), so that a phone's cost of the page is known.
async fn codings(bases: &[String], path: &str) {
    let c = client(1);
    let mut res = c.get(format!("{}{path}", bases[0])).send().await.unwrap();
    let body = res.body().limit(64 << 20).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&body);
    let elements = text
        .as_bytes()
        .windows(2)
        .filter(|w| w[0] == b'<' && w[1].is_ascii_alphabetic())
        .count();
    let mut line = format!("the standings' first page, {elements} elements:");
    for coding in ["identity", "gzip", "br"] {
        let headers = [("accept-encoding".to_owned(), coding.to_owned())];
        let (r, size, tally) = rate(bases, path, &headers).await;
        line.push_str(&format!(
            " {coding} {:.1} KB, {r:.0} req/s = {:.0} MB/s of page bytes sent ({} errors);",
            size as f64 / 1e3,
            r * size as f64 / 1e6,
            tally.errors + tally.timeouts
        ));
    }
    println!("{}", line.trim_end_matches(';'));
}

/// The CPU seconds process `pid` has used so far (user and system), from /proc.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's closing parenthesis: utime and stime are the 12th and
    // 13th of them, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<f64> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0.0))
        .collect();
    fields.get(11).copied().unwrap_or(0.0) / 100.0 + fields.get(12).copied().unwrap_or(0.0) / 100.0
}

/// Round 1's PDFs: the first request (drawn), the second (kept), then, after a save in
/// round `last` makes a new revision, six requests at once for each: their answers, the
/// slowest, and the server's CPU seconds meanwhile (one drawing's worth when it is drawn once).
async fn pdfs(
    served: &served::Served,
    bases: &[String],
    slug: &str,
    conn: &mut fushi::db::DbConnection,
    last: i32,
) {
    let pid = served.children[0].id();
    let base = &bases[0];
    let c = client(8);
    let paths = [
        format!("/t/{slug}/rounds/1/sheets.pdf"),
        format!("/t/{slug}/rounds/1/sheets.pdf?blank=1"),
        format!("/t/{slug}/rounds/1/travellers.pdf"),
        format!("/t/{slug}/rounds/1/wall.pdf"),
        format!("/t/{slug}/standings.pdf"),
    ];
    let get = |path: String| {
        let c = c.clone();
        async move {
            let t = Instant::now();
            match c.get(path).timeout(Duration::from_secs(120)).send().await {
                Ok(mut res) => {
                    let body = res.body().limit(1 << 30).await.unwrap_or_default();
                    (res.status().as_u16(), body.len(), t.elapsed())
                }
                Err(_) => (0, 0, t.elapsed()),
            }
        }
    };
    for path in &paths {
        let cpu = cpu_seconds(pid);
        let (status, bytes, first) = get(format!("{base}{path}")).await;
        let drawn = cpu_seconds(pid) - cpu;
        let (_, _, second) = get(format!("{base}{path}")).await;
        println!(
            "{path}: {status}, {:.1} MB, first {:.0} ms ({drawn:.1} s of server CPU), again {:.1} ms",
            bytes as f64 / 1e6,
            first.as_secs_f64() * 1e3,
            second.as_secs_f64() * 1e3
        );
    }
    let revision = fushi::db::revision::of_slug(conn, slug).unwrap().unwrap().1;
    let results = ruled(conn, slug, last, 1, 2).expect("the ruled results");
    assert!(write(conn, slug, (last, 1), &results), "a save");
    // Wait for the server to list the new revision.
    let probe = format!("{base}/t/{slug}");
    for _ in 0..400 {
        let res = c.get(&probe).send().await.unwrap();
        let shown: i64 = res
            .headers()
            .get("fushi-revision")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        if shown > revision {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    for path in &paths {
        let cpu = cpu_seconds(pid);
        let answers =
            futures_util::future::join_all((0..6).map(|_| get(format!("{base}{path}")))).await;
        let used = cpu_seconds(pid) - cpu;
        let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
        let slowest = answers.iter().map(|a| a.2).max().unwrap_or_default();
        println!(
            "after a save, 6 at once {path}: answers {statuses:?}, slowest {:.0} ms, {used:.1} s of server CPU",
            slowest.as_secs_f64() * 1e3
        );
    }
}
