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
            // The input files come back as they went in: every cell (docs/rules.md §9), and
            // every byte but the line ends (one archive's teams.csv has CR line ends).
            for file in ["teams.csv", "boards.csv", "schedule.csv"] {
                let given = std::fs::read_to_string(dir.join(file)).unwrap();
                let given = given.replace("\r\n", "\n").replace('\r', "\n");
                if exported.get(file) != Some(given.as_str()) {
                    differences.push(format!(
                        "{backend} {name}/{file} is not exported as given, {}",
                        first_difference(exported.get(file).unwrap_or(""), &given)
                    ));
                }
            }
            let expected_dir = sweep_dir().join(format!("{name}-expected"));
            for file in COMPUTED {
                // The reference writes the byte-order mark fushi's files carry on disk; the
                // export compared here is the text without it.
                let want = std::fs::read_to_string(expected_dir.join(file))
                    .unwrap_or_else(|e| panic!("{name}-expected/{file}: {e}"));
                let want = want.strip_prefix('\u{feff}').unwrap_or(&want).to_owned();
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

/// The edges the reference once missed are in the sweep, so that a disagreement on them
/// fails a test: a rising band table with rulings below s at P = 0, a match with no board
/// compared, a withdrawn team in a CR-only teams.csv, and the tournament.toml keys the
/// figures do not depend on.
#[test]
fn the_sweep_holds_the_edges() {
    let dir = sweep_dir().join("d2-rising-edges");
    let toml = std::fs::read_to_string(dir.join("tournament.toml")).unwrap();
    for key in [
        "bands = [[0, -2], [80, 1]]",
        "pairing = ",
        "swiss_seed = ",
        "table_entry = ",
        "correction_minutes = ",
        "starts = ",
        "ends = ",
        "deal_commitment = ",
        "deal_seed = ",
    ] {
        assert!(toml.contains(key), "{key}");
    }
    let results = std::fs::read_to_string(dir.join("results.csv")).unwrap();
    assert!(
        results.lines().any(|l| l.split(',').nth(10) == Some("-3")),
        "a ruling below s at P = 0 (-2)"
    );
    let teams = std::fs::read(dir.join("teams.csv")).unwrap();
    assert!(
        teams.contains(&b'\r') && !teams.contains(&b'\n'),
        "CR line ends"
    );
    assert!(String::from_utf8(teams).unwrap().contains(",withdrawn\r"));
    let matches =
        std::fs::read_to_string(sweep_dir().join("d2-rising-edges-expected/matches.csv")).unwrap();
    assert!(matches.contains(",0,,,,,,,in_progress"), "{matches}");
}

/// Every archive of tests/data/sweep-refused/ (tests/reference/generate.py: one cell in
/// another spelling, a combination without the last trick, results.csv or its computed
/// columns missing, …) is refused by fushi on every backend, and its first problem is at
/// the place where the reference's first problem is (`refusal.txt`, beside the files).
#[test]
fn every_refused_sweep_archive_is_refused_where_the_reference_refuses_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sweep-refused");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/data/sweep-refused exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("refusal.txt").is_file())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 17, "only {} refused archives", dirs.len());
    let place = |line: &str| line.split(": ").next().unwrap_or("").to_owned();
    for db in backends() {
        for dir in &dirs {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            let reference = std::fs::read_to_string(dir.join("refusal.txt")).unwrap();
            let want = place(reference.lines().next().unwrap_or(""));
            let files = ArchiveFiles::read(dir).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
            let problems = transfer::import(&mut db.open(), &files)
                .err()
                .unwrap_or_else(|| panic!("{} {name}: fushi imports it", db.backend().name()));
            assert_eq!(
                problems[0].place(),
                want,
                "{} {name}: fushi {problems:#?}, the reference {reference}",
                db.backend().name()
            );
        }
    }
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
