//! A championship served over loopback: `cargo bench --bench championship`.
//!
//! 512 teams play nine qualifying rounds of 16 boards (the stage is called a Swiss; its
//! pairings are the bench event's circle method, which the standings do not mind), then a
//! knockout of 32 in segments of two rounds: the first knockout round paired from the
//! bracket, its first segment played. The event is stored in a SQLite file and served by
//! the release `fushi serve` as its own process. Printed:
//!
//! 1. the first bracket page (the snapshot loaded, the championship worked out once for the
//!    revision, the page rendered);
//! 2. requests/s of the cached bracket page, a tie's page and the static stylesheet, 50
//!    connections each, and each page's ratio to the stylesheet;
//! 3. the director's stages page (the bracket with what each knockout round can be paired
//!    with), signed in, 10 times;
//! 4. a director's save in the knockout → the new bracket page (a new revision: the snapshot
//!    brought up to date, the championship worked out again, the page rendered), 10 times.
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

use std::time::{Duration, Instant};

use fushi::rules::bracket::Championship;
use fushi::rules::event::{Match, Round};
use fushi::rules::stages::{Stage, StageDraft};
use fushi::rules::{Event, Report};
use load::{client, drive};
use served::{rate, ruled, serve, server_rss, sign_in, write};

const TEAMS: usize = 512;
const QUALIFYING: i32 = 9;
const BOARDS: usize = 16;

/// The championship: nine qualifying rounds played, the first knockout round's two
/// segments paired from the bracket, the first of them played (each tie with the results
/// of a qualifying match of round 10 of the bench event).
fn championship() -> Event {
    let mut event = common::large_event(TEAMS, QUALIFYING as usize + 1, BOARDS);
    event.settings.stages = Stage::parse_all(&[
        StageDraft {
            name: "Qualifying".into(),
            rounds: Some((1, QUALIFYING.into())),
            format: "swiss".into(),
            ..StageDraft::default()
        },
        StageDraft {
            name: "Knockout".into(),
            rounds: Some((i64::from(QUALIFYING) + 1, i64::from(QUALIFYING) + 10)),
            format: "knockout".into(),
            teams: Some(32),
            segments: Some(vec![2, 2, 2, 2, 2]),
            third_place: Some(true),
            carry_over: Some(0.5),
            carry_over_h2h: Some(0.5),
            ..StageDraft::default()
        },
    ])
    .expect("valid stages");
    let played = event.rounds.pop().expect("round 10");
    let report = Report::compute(&event);
    let c = Championship::compute(&event, &report).expect("a championship");
    let ties = c
        .bracket
        .expect("a bracket")
        .pairings(QUALIFYING + 1)
        .expect("the qualifiers are known");
    for (segment, with_results) in [(1, true), (2, false)] {
        event.rounds.push(Round {
            number: QUALIFYING + segment,
            boards: played.boards.clone(),
            matches: ties
                .iter()
                .zip(&played.matches)
                .map(|(t, m)| Match {
                    table: t.table,
                    home: t.home,
                    away: t.away,
                    results: if with_results {
                        m.results.clone()
                    } else {
                        Vec::new().into()
                    },
                })
                .collect(),
        });
    }
    event
}

fn median(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (ms(v[v.len() / 2]), ms(*v.last().unwrap()))
}

fn main() {
    let started = Instant::now();
    let dir = tempfile::tempdir().expect("temporary folder");
    let db_url = dir.path().join("championship.db").display().to_string();
    let event = championship();
    let slug = event.settings.slug.clone();
    let password = "a bench director's password";
    {
        let mut conn = fushi::db::open(&db_url).expect("open the database");
        fushi::db::insert_event(&mut conn, &event).expect("store the event");
        fushi::db::accounts::create_user(
            &mut conn,
            "bench",
            password,
            fushi::db::accounts::Role::Admin,
        )
        .expect("a director");
    }
    println!(
        "== {TEAMS} teams: {QUALIFYING} qualifying rounds × {BOARDS} boards into a knockout of 32 (segments of 2, the first played), SQLite"
    );
    let served = serve(&db_url, 1);
    let base = format!("http://127.0.0.1:{}", served.ports[0]);
    let bases = vec![base.clone()];
    actix_web::rt::System::new().block_on(async move {
        let bracket = format!("/t/{slug}/bracket");
        let tie = format!("/t/{slug}/bracket/1/1");
        let warm = client(4);
        let first = Instant::now();
        let (tally, _) = drive(&warm, &bases, std::slice::from_ref(&bracket), 1, 1).await;
        assert_eq!(tally.errors + tally.timeouts, 0, "the bracket page answers");
        println!(
            "1. first bracket page (load + championship + render): {:.0} ms",
            first.elapsed().as_secs_f64() * 1e3
        );

        let (css, _, _) = rate(&bases, "/static/fushi.css", &[]).await;
        let (b_rate, b_size, mut b_tally) = rate(&bases, &bracket, &[]).await;
        let (t_rate, t_size, mut t_tally) = rate(&bases, &tie, &[]).await;
        println!("2. static fushi.css: {css:.0} req/s");
        for (name, r, size, tally) in [
            ("bracket page", b_rate, b_size, &mut b_tally),
            ("tie page", t_rate, t_size, &mut t_tally),
        ] {
            println!(
                "   cached {name} ({:.0} KB): {r:.0} req/s = {:.0} % of the static file's, p99 {:.1} ms, errors {}",
                size as f64 / 1e3,
                100.0 * r / css,
                tally.percentile(0.99).as_secs_f64() * 1e3,
                tally.errors + tally.timeouts
            );
        }

        let cookie = sign_in(&base, "bench", password).await;
        let signed_in = [("cookie".to_owned(), cookie)];
        let stages = format!("{base}/d/{slug}/stages");
        let c = client(2);
        let mut times = Vec::new();
        for _ in 0..10 {
            let t = Instant::now();
            let mut req = c.get(&stages);
            for (k, v) in &signed_in {
                req = req.insert_header((k.as_str(), v.as_str()));
            }
            let mut res = req.send().await.expect("the stages page");
            assert_eq!(res.status().as_u16(), 200, "the stages page");
            let _ = res.body().limit(64 << 20).await;
            times.push(t.elapsed());
        }
        let (p50, max) = median(times);
        println!("3. director's stages page: median {p50:.1} ms, max {max:.1} ms (10 requests)");

        let mut conn = fushi::db::connect(&db_url).unwrap();
        let mut times = Vec::new();
        let round = QUALIFYING + 1;
        for n in 0..10 {
            let revision = fushi::db::revision::of_slug(&mut conn, &slug)
                .unwrap()
                .unwrap()
                .1;
            let results = ruled(&mut conn, &slug, round, 1 + n, 1 + n % 3).expect("a tie");
            let t = Instant::now();
            assert!(write(&mut conn, &slug, (round, 1 + n), &results), "saved");
            // The new bracket page: the first answer that carries the new revision.
            loop {
                let mut res = c
                    .get(format!("{base}{bracket}"))
                    .send()
                    .await
                    .expect("the bracket page");
                let body = res.body().limit(64 << 20).await.unwrap_or_default();
                let text = String::from_utf8_lossy(&body);
                if text.contains(&format!("data-revision=\"{}\"", revision + 1)) {
                    break;
                }
                assert!(t.elapsed() < Duration::from_secs(30), "no new bracket page");
            }
            times.push(t.elapsed());
        }
        let (p50, max) = median(times);
        println!(
            "4. save in the knockout → new bracket page: median {p50:.1} ms, max {max:.1} ms (10 saves)"
        );
        println!(
            "server memory at the end: {:.0} MiB; whole bench {:.0} s",
            server_rss(&served)[0],
            started.elapsed().as_secs_f64()
        );
    });
}
