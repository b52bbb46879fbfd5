//! Live results under load, against the real server over loopback: `cargo bench --bench live`.
//!
//! Builds the 512-team event (11 rounds × 16 boards, 90,112 table results) in a SQLite file
//! (or, with `FUSHI_BENCH_POSTGRES=postgres://…/dbname`, in that PostgreSQL database, served
//! by two instances), starts the release `fushi serve` as its own process, and measures:
//!
//! 1. bytes/s of `/t/{slug}/standings` and of `/static/fushi.css`, 50 connections each, and
//!    their ratio;
//! 2. 200 concurrent viewers (standings, a round, a match, the overview, standings.csv)
//!    while a director saves a result every 500 ms: p50/p99/max latency, error answers,
//!    saves that failed;
//! 3. save → event on `/t/{slug}/events`, and save → changed `standings.csv`, each 10 times.
//!
//! Every loop is bounded in count and time. Optional arguments: TEAMS ROUNDS BOARDS.

#[path = "../tests/integration/common/mod.rs"]
mod common;
#[path = "support/load.rs"]
mod load;

use load::{client, drive};

use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;

/// Requests per connection in the bytes/s phase.
const THROUGHPUT_REQUESTS: usize = 60;
/// Requests per viewer in the 200-viewer phase.
const VIEWER_REQUESTS: usize = 300;

struct Served {
    children: Vec<Child>,
    ports: Vec<u16>,
}

impl Drop for Served {
    fn drop(&mut self) {
        for child in &mut self.children {
            // SAFETY: sends SIGTERM to our own child process.
            unsafe {
                libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
            }
            let _ = child.wait();
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn serve(db: &str, instances: usize) -> Served {
    let mut served = Served {
        children: Vec::new(),
        ports: Vec::new(),
    };
    for _ in 0..instances {
        let port = free_port();
        let child = Command::new(env!("CARGO_BIN_EXE_fushi"))
            .args(["serve", "--db", db, "--bind", &format!("127.0.0.1:{port}")])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start fushi serve");
        served.children.push(child);
        served.ports.push(port);
    }
    for &port in &served.ports {
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "server did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    served
}

/// The resident memory of the servers, in MiB.
fn server_rss(served: &Served) -> Vec<f64> {
    served
        .children
        .iter()
        .map(|c| {
            std::fs::read_to_string(format!("/proc/{}/status", c.id()))
                .ok()
                .and_then(|status| {
                    status
                        .lines()
                        .find(|l| l.starts_with("VmRSS:"))
                        .and_then(|l| l.split_whitespace().nth(1))
                        .and_then(|kb| kb.parse::<f64>().ok())
                })
                .map_or(0.0, |kb| kb / 1024.0)
        })
        .collect()
}

/// A ruling on one board of round `round`, table `table`, from the director's desk: one
/// transaction, like a save on the entry page.
fn save(
    conn: &mut fushi::db::DbConnection,
    slug: &str,
    round: i32,
    table: i32,
    ruling: i32,
) -> bool {
    let Ok(Some(event)) = fushi::db::load_event(conn, slug) else {
        return false;
    };
    let Some(found) = event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .and_then(|r| r.matches.iter().find(|m| m.table == table))
    else {
        return false;
    };
    let mut results = found.results.clone();
    if results.is_empty() {
        return false;
    }
    results[0].entry.ruling = Some(ruling);
    fushi::db::save_match_results_as(conn, slug, round, table, &results, "bench", None)
        .is_ok_and(|saved| saved != fushi::db::MatchSave::Missing)
}

fn main() {
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [teams, rounds, boards] = match numbers.as_slice() {
        [t, r, b] => [*t, *r, *b],
        _ => [512, 11, 16],
    };
    let dir = tempfile::tempdir().expect("temporary folder");
    let (db_url, instances) = match std::env::var("FUSHI_BENCH_POSTGRES") {
        Ok(url) => (url, 2),
        Err(_) => (dir.path().join("live.db").display().to_string(), 1),
    };
    let event = common::large_event(teams, rounds, boards);
    let slug = event.settings.slug.clone();
    let results = event.result_count();
    {
        let mut conn = fushi::db::open(&db_url).expect("open the database");
        if fushi::db::slug_exists(&mut conn, &slug).unwrap() {
            fushi::db::delete_tournament(&mut conn, &slug).unwrap();
        }
        fushi::db::insert_event(&mut conn, &event).expect("store the event");
    }
    let table_count = event.rounds[0].matches.len() as i32;
    drop(event);
    println!(
        "live results: {teams} teams × {rounds} rounds × {boards} boards ({results} table results), {} with {instances} server(s)",
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
        let css = vec!["/static/fushi.css".to_owned()];
        let warm = client(4);
        let first = Instant::now();
        let _ = drive(&warm, &bases, &standings, 1, 1).await;
        println!(
            "first standings (load + compute + render): {:.0} ms",
            first.elapsed().as_secs_f64() * 1e3
        );
        let pages = vec![
            format!("/t/{slug}"),
            format!("/t/{slug}/rounds/1"),
            format!("/t/{slug}/teams/1"),
            format!("/t/{slug}/standings.csv"),
        ];
        let _ = drive(&warm, &bases, &pages, 1, pages.len()).await;
        println!(
            "server memory: {:?} MiB idle, {:?} MiB with the event's snapshot and pages",
            idle,
            server_rss(&served)
        );

        // 1. Bytes per second, side by side.
        let c = client(50);
        let (mut s, s_time) = drive(&c, &bases, &standings, 50, THROUGHPUT_REQUESTS).await;
        let (mut f, f_time) = drive(&c, &bases, &css, 50, THROUGHPUT_REQUESTS).await;
        let s_rate = s.bytes as f64 / s_time.as_secs_f64();
        let f_rate = f.bytes as f64 / f_time.as_secs_f64();
        println!(
            "standings: {:.0} req/s, {:.1} MB/s, p99 {:.1} ms, errors {}",
            (50 * THROUGHPUT_REQUESTS) as f64 / s_time.as_secs_f64(),
            s_rate / 1e6,
            s.percentile(0.99).as_secs_f64() * 1e3,
            s.errors + s.timeouts
        );
        println!(
            "fushi.css: {:.0} req/s, {:.1} MB/s, p99 {:.1} ms, errors {}",
            (50 * THROUGHPUT_REQUESTS) as f64 / f_time.as_secs_f64(),
            f_rate / 1e6,
            f.percentile(0.99).as_secs_f64() * 1e3,
            f.errors + f.timeouts
        );
        println!("standings bytes/s ÷ static bytes/s = {:.0} %", 100.0 * s_rate / f_rate);

        // 2. 200 viewers while a director saves.
        let viewers = vec![
            format!("/t/{slug}/standings"),
            format!("/t/{slug}/rounds/{rounds}"),
            format!("/t/{slug}/rounds/1/tables/1"),
            format!("/t/{slug}"),
            format!("/t/{slug}/standings.csv"),
        ];
        let stop = Arc::new(AtomicBool::new(false));
        let saved = Arc::new(AtomicUsize::new(0));
        let failed = Arc::new(AtomicUsize::new(0));
        let director = {
            let (stop, saved, failed) = (stop.clone(), saved.clone(), failed.clone());
            let (url, slug) = (db_url.clone(), slug.clone());
            std::thread::spawn(move || {
                let mut conn = fushi::db::connect(&url).expect("the director's connection");
                let mut n = 0;
                while !stop.load(Ordering::SeqCst) && n < 400 {
                    let table = 1 + (n % table_count);
                    if save(&mut conn, &slug, rounds as i32, table, n % 3 + 1) {
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
        let (mut v, v_time) = drive(&c, &bases, &viewers, 200, VIEWER_REQUESTS).await;
        stop.store(true, Ordering::SeqCst);
        director.join().unwrap();
        println!(
            "200 viewers × {VIEWER_REQUESTS} requests in {:.1} s while the director saved {} times ({} failed): {:.0} req/s, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms, error answers {}, timeouts {}",
            v_time.as_secs_f64(),
            saved.load(Ordering::SeqCst),
            failed.load(Ordering::SeqCst),
            (200 * VIEWER_REQUESTS) as f64 / v_time.as_secs_f64(),
            v.percentile(0.5).as_secs_f64() * 1e3,
            v.percentile(0.99).as_secs_f64() * 1e3,
            v.percentile(1.0).as_secs_f64() * 1e3,
            v.errors,
            v.timeouts
        );

        // 3. Save → event, save → changed standings.csv (through the last server when
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
        let mut to_csv = Vec::new();
        let mut seen = String::new();
        for n in 0..10 {
            let csv_url = format!("{base}/t/{slug}/standings.csv");
            let revision = fushi::db::revision::of_slug(&mut conn, &slug).unwrap().unwrap().1;
            let t = Instant::now();
            assert!(save(&mut conn, &slug, 1, 1 + n, 3 - (n % 7)), "a save");
            let wanted = format!("data: {}\n", revision + 1);
            while !seen.contains(&wanted) && t.elapsed() < Duration::from_secs(10) {
                if let Ok(Some(Ok(bytes))) =
                    tokio::time::timeout(Duration::from_secs(1), events.next()).await
                {
                    seen.push_str(&String::from_utf8_lossy(&bytes));
                }
            }
            to_event.push(t.elapsed());
            // The file of the new revision (whether or not the ruling moved a figure).
            loop {
                let res = c.get(&csv_url).send().await.unwrap();
                let shown: i64 = res
                    .headers()
                    .get("fushi-revision")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                if shown > revision || t.elapsed() > Duration::from_secs(10) {
                    break;
                }
                actix_web::rt::time::sleep(Duration::from_millis(10)).await;
            }
            to_csv.push(t.elapsed());
        }
        to_event.sort();
        to_csv.sort();
        println!(
            "save → event: median {:.0} ms, max {:.0} ms; save → changed standings.csv: median {:.0} ms, max {:.0} ms",
            to_event[5].as_secs_f64() * 1e3,
            to_event[9].as_secs_f64() * 1e3,
            to_csv[5].as_secs_f64() * 1e3,
            to_csv[9].as_secs_f64() * 1e3
        );
        println!("server memory at the end: {:?} MiB", server_rss(&served));
    });
    drop(served);
}
