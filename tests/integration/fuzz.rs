//! Mutation tests of the archive reader and the score-sheet parser: flipped bytes,
//! truncations, CRLF/CR/BOM variants, huge and non-finite numbers, control characters.
//! Every case must end in a result or in problems, never a panic, and every `file:line`
//! must point at a line the file has (lines counted as an editor counts them).
//!
//! `cargo test --test integration fuzz::` runs a few hundred cases in seconds; the longer run is
//! `cargo test --test integration fuzz:: -- --ignored --nocapture` (figures in docs/development.md).

use crate::common;

use std::path::Path;

use common::Dice;
use fushi::archive::ArchiveFiles;
use fushi::input::SheetRow;
use fushi::rules::bands::{BandTable, Preset};
use fushi::rules::{Decks, MultiplierPolicy};

/// Pieces that parsers find hard.
const NASTY: &[&str] = &[
    "2147483647",
    "-2147483648",
    "99999999999999999999",
    "nan",
    "inf",
    "-0",
    "1e308",
    "\0",
    "\t",
    "\r",
    "\n",
    "\r\n",
    "\"",
    ",",
    ";",
    "\u{feff}",
    "\u{202e}",
    "tractor:255",
    "titanic:31",
    "defenders",
    "declarer",
    "=cmd",
    "界",
];

/// Lines of `text` as an editor counts them (CRLF, LF or CR end a line).
fn line_count(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut lines = 1;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                lines += 1;
                i += 2;
            }
            b'\r' | b'\n' => {
                lines += 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    lines
}

/// One mutation of one file's text.
fn mutate(text: &str, dice: &mut Dice) -> String {
    let mut bytes = text.as_bytes().to_vec();
    match dice.index(8) {
        0 => {
            // Flip a few bytes.
            for _ in 0..1 + dice.index(4) {
                if !bytes.is_empty() {
                    let at = dice.index(bytes.len());
                    bytes[at] ^= 1 << dice.index(8);
                }
            }
        }
        1 => bytes.truncate(dice.index(bytes.len() + 1)),
        2 => return text.replace('\n', "\r\n"),
        3 => return text.replace('\n', "\r"),
        4 => return format!("\u{feff}{text}"),
        5 => {
            // A nasty piece at a random place.
            let at = dice.index(bytes.len() + 1);
            let piece = dice.pick(NASTY).as_bytes();
            bytes.splice(at..at, piece.iter().copied());
        }
        6 => {
            // Replace one cell of a random line.
            let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
            let n = dice.index(lines.len());
            let mut cells: Vec<String> = lines[n].split(',').map(str::to_owned).collect();
            let c = dice.index(cells.len());
            cells[c] = (*dice.pick(NASTY)).to_owned();
            lines[n] = cells.join(",");
            return lines.join("\n");
        }
        _ => {
            // Blank lines and a duplicated line.
            let mut lines: Vec<&str> = text.split('\n').collect();
            let n = dice.index(lines.len());
            lines.insert(n, "");
            let copy = lines[dice.index(lines.len())];
            lines.insert(dice.index(lines.len()), copy);
            return lines.join("\n");
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Runs `cases` mutated archives through the reader; returns (cases, problems seen).
fn fuzz_archive(cases: usize, seed: u64) -> (usize, usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
    let good = ArchiveFiles::read(&dir).unwrap();
    let names: Vec<String> = good.names().map(str::to_owned).collect();
    let mut dice = Dice(seed);
    let mut seen = 0;
    for case in 0..cases {
        let mut files = good.clone();
        for _ in 0..1 + dice.index(3) {
            let name = dice.pick(&names).clone();
            let text = files.get(&name).unwrap_or("").to_owned();
            files.insert(name, mutate(&text, &mut dice));
        }
        let parsed = std::panic::catch_unwind(|| fushi::archive::parse(&files));
        let Ok(parsed) = parsed else {
            panic!("case {case} (seed {seed}) panicked: {files:?}");
        };
        if let Err(problems) = parsed {
            seen += problems.len();
            for p in &problems {
                if let Some(line) = p.line {
                    let text = files.get(&p.file).unwrap_or_else(|| {
                        panic!("case {case}: {p} names a file the archive lacks")
                    });
                    assert!(
                        line >= 1 && line <= line_count(text),
                        "case {case}: {p} points past the {} lines of {}",
                        line_count(text),
                        p.file
                    );
                }
                assert!(p.to_string().chars().count() < 400, "case {case}: {p}");
            }
        }
    }
    (cases, seen)
}

/// Runs `cases` random score-sheet rows through the parser and, when one reads, through
/// the scoring; returns (cases, rows read).
fn fuzz_entries(cases: usize, seed: u64) -> (usize, usize) {
    let fields = fushi::input::SHEET_FIELDS;
    let mut dice = Dice(seed);
    let mut read = 0;
    let values = [
        "", "0", "5", "40", "55", "80", "100", "125", "200", "205", "300", "-5", "7", "12", "2",
        "3", "13", "31", "256", "45", "-4",
    ];
    for case in 0..cases {
        let decks = *dice.pick(&[Decks::One, Decks::Two, Decks::Three]);
        let bands = BandTable::preset(decks, Preset::Standard).unwrap();
        let cells: Vec<String> = fields
            .iter()
            .map(|f| match (*f, dice.index(24)) {
                (_, 0) => (*dice.pick(NASTY)).to_owned(),
                (_, 1..=8) => String::new(),
                ("last_trick", _) => (*dice.pick(&["", "declarer", "defenders"])).to_owned(),
                ("combo", _) => {
                    (*dice.pick(&["", "single", "pair", "tractor", "triple", "titanic"])).to_owned()
                }
                _ => (*dice.pick(&values)).to_owned(),
            })
            .collect();
        let row = SheetRow::from_fields(|name| {
            fields
                .iter()
                .position(|f| *f == name)
                .map(|i| cells[i].as_str())
        });
        let outcome = std::panic::catch_unwind(|| {
            if let Ok(Some(entry)) = row.parse(decks, &bands) {
                for policy in [MultiplierPolicy::Exponential, MultiplierPolicy::Doubling] {
                    let _ = entry.outcome(policy, &bands);
                }
                true
            } else {
                false
            }
        });
        match outcome {
            Ok(true) => read += 1,
            Ok(false) => {}
            Err(_) => panic!("case {case} (seed {seed}) panicked: {cells:?}"),
        }
    }
    (cases, read)
}

#[test]
fn mutated_archives_never_panic_and_lines_exist() {
    let (cases, problems) = fuzz_archive(300, 0xF05E_0001);
    assert_eq!(cases, 300);
    assert!(problems > 0);
}

#[test]
fn random_score_sheet_rows_never_panic() {
    let (cases, read) = fuzz_entries(2000, 0xF05E_0002);
    assert_eq!(cases, 2000);
    assert!(read > 0, "some rows must read");
}

/// The longer run docs/development.md reports.
#[test]
#[ignore = "a longer run: cargo test --test integration fuzz:: -- --ignored --nocapture"]
fn longer_fuzz_run() {
    let started = std::time::Instant::now();
    let (archives, problems) = fuzz_archive(20_000, 0xF05E_1001);
    let (rows, read) = fuzz_entries(200_000, 0xF05E_1002);
    println!(
        "{archives} mutated archives ({problems} problems reported, 0 panics, every line in its file); \
         {rows} score-sheet rows ({read} read and scored, 0 panics); {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
