//! How fushi copes with a national-championship-sized event: 512 teams, 11 rounds,
//! 16 boards per match (2,816 matches, 90,112 table results) on SQLite.
//!
//! Run with `cargo bench --bench scale`. It writes the event's archive to a temporary
//! folder, then times the release binary's `fushi import` and `fushi export` as separate
//! processes and reports each one's wall time and peak memory (maximum resident set).
//! Optional arguments: TEAMS ROUNDS BOARDS (default 512 11 16).

// A bench binary: a failed unwrap stops the run at its line, helpers shared with the
// tests are `pub`, and libc signals and limits its own child processes (`unsafe`, each
// block with its SAFETY note).
#![allow(unreachable_pub, unsafe_code, clippy::unwrap_used)]

#[path = "../tests/integration/common/mod.rs"]
mod common;

use std::process::Command;
use std::time::{Duration, Instant};

/// Runs the fushi binary and returns (wall time, peak resident memory in MiB).
// The child is reaped by `wait4`, which also gives its own peak memory.
#[allow(clippy::zombie_processes)]
fn run(args: &[&str]) -> (Duration, f64) {
    let started = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_fushi"))
        .args(args)
        .env_remove("DATABASE_URL")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start fushi");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, with pointers to live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let elapsed = started.elapsed();
    assert_eq!(waited, pid, "wait4 failed");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "fushi {args:?} failed"
    );
    // ru_maxrss is in KiB on Linux.
    (elapsed, usage.ru_maxrss as f64 / 1024.0)
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
    let event = common::large_event(teams, rounds, boards);
    let slug = event.settings.slug.clone();
    let results = event.result_count();
    let dir = tempfile::tempdir().expect("temporary folder");
    let archive = dir.path().join("archive");
    fushi::transfer::export_event(&event)
        .write_dir(&archive)
        .expect("write the archive");
    drop(event);
    let db = dir.path().join("scale.db");
    let out = dir.path().join("export");
    let (db, archive, out) = (
        db.to_str().unwrap(),
        archive.to_str().unwrap(),
        out.to_str().unwrap(),
    );

    println!(
        "event: {teams} teams, {rounds} rounds, {boards} boards per match, {results} table results"
    );
    let (import_time, import_mem) = run(&["import", archive, "--db", db]);
    println!(
        "fushi import: {:>7.2} s, peak memory {import_mem:>6.1} MiB",
        import_time.as_secs_f64()
    );
    let (export_time, export_mem) = run(&["export", &slug, out, "--db", db]);
    println!(
        "fushi export: {:>7.2} s, peak memory {export_mem:>6.1} MiB",
        export_time.as_secs_f64()
    );
}
