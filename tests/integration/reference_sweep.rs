//! The independent reference over many tournaments, not only the sample: every archive in
//! tests/data/sweep/ (written by tests/reference/generate.py: every band-table preset and
//! a custom table for 1, 2 and 3 decks, both bottom multiplier policies, vp20/wdl/levels,
//! byes, TD rulings, totals without trick points, penalties, in-progress matches, teams
//! level on score parted by the tie-breaks or sharing a rank) is
//! imported on every backend and exported, and each computed file must equal the one the
//! Python reference calculator (tests/reference/compute.py) wrote into `<name>-expected/`.

use crate::common;

use std::path::{Path, PathBuf};

use common::backends;
use fushi::archive::ArchiveFiles;
use fushi::transfer;

/// The exported files that hold computed figures: results.csv (its computed columns and the
/// inputs it reproduces), matches.csv, swings.csv and standings.csv.
const COMPUTED: [&str; 4] = ["results.csv", "matches.csv", "swings.csv", "standings.csv"];

fn sweep_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sweep")
}

/// The archive folders of the sweep (each one beside its `-expected` folder), by name.
fn archives() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(sweep_dir())
        .expect("tests/data/sweep exists")
        .map(|entry| entry.expect("read tests/data/sweep").path())
        .filter(|path| path.join("tournament.toml").is_file())
        .collect();
    found.sort();
    found
}

/// The first line where two files differ, for a message that can be read.
fn first_difference(got: &str, want: &str) -> String {
    let (got_lines, want_lines): (Vec<&str>, Vec<&str>) =
        (got.lines().collect(), want.lines().collect());
    for (i, want_line) in want_lines.iter().enumerate() {
        match got_lines.get(i) {
            Some(got_line) if got_line == want_line => {}
            Some(got_line) => {
                return format!(
                    "line {}:\n  fushi:     {got_line}\n  reference: {want_line}",
                    i + 1
                );
            }
            None => return format!("line {}: missing, reference has {want_line}", i + 1),
        }
    }
    format!(
        "fushi has {} lines, the reference {}",
        got_lines.len(),
        want_lines.len()
    )
}

#[test]
fn the_sweep_covers_every_preset_policy_and_scoring() {
    let settings: Vec<String> = archives()
        .iter()
        .map(|dir| std::fs::read_to_string(dir.join("tournament.toml")).unwrap())
        .collect();
    let has = |decks: u8, line: &str| {
        settings
            .iter()
            .any(|s| s.contains(&format!("decks = {decks}\n")) && s.contains(line))
    };
    for (decks, preset) in [
        (1, "standard"),
        (1, "bands-20"),
        (1, "custom"),
        (2, "standard"),
        (2, "no-level-takeover"),
        (2, "custom"),
        (3, "standard"),
        (3, "custom"),
    ] {
        assert!(
            has(decks, &format!("rules = \"{preset}\"\n")),
            "{decks} {preset}"
        );
    }
    for decks in 1..=3 {
        for policy in ["exponential", "doubling"] {
            assert!(
                has(decks, &format!("bottom_multiplier = \"{policy}\"\n")),
                "{decks} {policy}"
            );
        }
        for scoring in ["vp20", "wdl", "levels"] {
            assert!(
                has(decks, &format!("match_scoring = \"{scoring}\"\n")),
                "{decks} {scoring}"
            );
        }
    }
}

/// Imports each archive on every backend, exports it and lists every computed file that
/// differs from the reference's.
fn differences(archives: &[PathBuf]) -> Vec<String> {
    let mut differences = Vec::new();
    for db in backends() {
        let backend = db.backend().name();
        let mut conn = db.open();
        for dir in archives {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            let files = ArchiveFiles::read(dir).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
            let imported =
                transfer::import(&mut conn, &files).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
            let exported = transfer::export(&mut conn, &imported.slug)
                .unwrap_or_else(|p| panic!("{name}: {p:#?}"));
            let expected_dir = sweep_dir().join(format!("{name}-expected"));
            for file in COMPUTED {
                let want = std::fs::read_to_string(expected_dir.join(file))
                    .unwrap_or_else(|e| panic!("{name}-expected/{file}: {e}"));
                let got = exported
                    .get(file)
                    .unwrap_or_else(|| panic!("{name}: no {file} exported"));
                if got != want {
                    differences.push(format!(
                        "{backend} {name}/{file} differs from the reference, {}",
                        first_difference(got, &want)
                    ));
                }
            }
        }
    }
    differences
}

#[test]
fn every_sweep_archive_exports_the_reference_figures() {
    let archives = archives();
    assert!(
        archives.iter().any(|dir| dir.ends_with("wdl-fractional")),
        "fractional win/draw/loss points are in the sweep"
    );
    assert!(archives.len() >= 14, "only {} archives", archives.len());
    let differences = differences(&archives);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
