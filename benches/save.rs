//! What one save costs after it commits, step by step, in this process (no server): the
//! steps the change watcher takes between a director's save and the `change` event, on a
//! generated event stored in SQLite (`cargo bench --bench save`). For each of 10 saves of
//! one board's ruling it times: the save's transaction; reading what changed
//! ([`fushi::db::load_since`]); the next snapshot from the one before
//! ([`fushi::web::live::Snapshot::next`]); what changed on the public side
//! ([`fushi::web::live::scope::Scope::between`]); and the public standings after it, the
//! step the next standings page waits for. Prints the median and the maximum of each.
//! Optional arguments: TEAMS ROUNDS BOARDS (default 5000 11 16).

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

use fushi::web::live::Snapshot;
use fushi::web::live::scope::Scope;

fn main() {
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [teams, rounds, boards] = match numbers.as_slice() {
        [t, r, b] => [*t, *r, *b],
        _ => [5_000, 11, 16],
    };
    let dir = tempfile::tempdir().expect("temporary folder");
    let url = dir.path().join("save.db").display().to_string();
    let event = common::large_event(teams, rounds, boards);
    let slug = event.settings.slug.clone();
    println!(
        "{teams} teams × {rounds} rounds × {boards} boards ({} table results), SQLite",
        event.result_count()
    );
    let mut conn = fushi::db::open(&url).expect("open the database");
    fushi::db::insert_event(&mut conn, &event).expect("store the event");
    drop(event);
    let started = Instant::now();
    let loaded = fushi::db::load_consistent(&mut conn, &slug)
        .expect("load")
        .expect("the tournament");
    let mut before = Snapshot::new(loaded);
    println!(
        "whole load and snapshot: {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    let mut steps: [Vec<Duration>; 5] = Default::default();
    for n in 0..10 {
        let round = rounds as i32;
        let table = 1 + n;
        let results =
            served::ruled(&mut conn, &slug, round, table, n % 3 + 1).expect("the ruled results");

        let t = Instant::now();
        fushi::db::save_match_results_as(&mut conn, &slug, round, table, &results, "bench", None)
            .expect("the save");
        steps[0].push(t.elapsed());

        let t = Instant::now();
        let since = fushi::db::load_since(
            &mut conn,
            &slug,
            before.id,
            (before.revision, before.changed_at),
        )
        .expect("read the changes");
        steps[1].push(t.elapsed());
        let fushi::db::Since::Matches(changes) = since else {
            panic!("a save of one match's results reads as that match");
        };

        let t = Instant::now();
        let next =
            std::sync::Arc::new(Snapshot::next(&before, changes).expect("the next snapshot"));
        steps[2].push(t.elapsed());

        let before_arc = std::sync::Arc::new(before);
        let t = Instant::now();
        let scope = Scope::between(&before_arc.public(), &next.public());
        steps[3].push(t.elapsed());
        assert!(!scope.whole, "a save of results is not a whole change");

        let t = Instant::now();
        let public = next.public();
        let _ = public.after_each_played_round();
        steps[4].push(t.elapsed());

        drop(before_arc);
        before = std::sync::Arc::try_unwrap(next).unwrap_or_else(|_| panic!("one owner"));
    }
    for (name, times) in [
        "the save's transaction",
        "reading what changed (load_since)",
        "the next snapshot (Snapshot::next)",
        "the public difference (Scope::between)",
        "standings after each round (public)",
    ]
    .into_iter()
    .zip(steps.iter_mut())
    {
        times.sort();
        println!(
            "{name}: median {:.1} ms, max {:.1} ms",
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3
        );
    }
}
