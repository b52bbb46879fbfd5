//! Deals: fushi deals the same cards as the independent reference (tests/reference/deal.py,
//! written from the text of docs/deals.md), card for card, for fixed seeds and 1, 2 and 3 decks.

use std::path::Path;
use std::process::Command;

use fushi::rules::Decks;
use fushi::rules::Seat;
use fushi::rules::deal::{Seed, deal_board, format_cards};

/// The seeds compared: plain ASCII, spaces, Chinese and a slash (the key joins with `/`).
const SEEDS: [&str; 4] = ["abc", "Spring Duplicate 2026", "春季赛 第一轮", "a/1"];

fn reference(seed: &str, decks: i32, rounds: u32, boards: u32) -> Option<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/deal.py");
    let out = match Command::new("python3")
        .arg(script)
        .args([
            seed.to_owned(),
            decks.to_string(),
            rounds.to_string(),
            boards.to_string(),
        ])
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            eprintln!("python3 is not available ({e}): the reference deals are not compared");
            return None;
        }
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let commitment = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        commitment.trim(),
        format!("commitment,{}", Seed::parse(seed).unwrap().commitment())
    );
    Some(String::from_utf8(out.stdout).unwrap())
}

fn fushi(seed: &str, decks: Decks, rounds: u32, boards: u32) -> String {
    let seed = Seed::parse(seed).unwrap();
    let mut out = String::from("round,board,north,east,south,west,bottom\n");
    for r in 1..=rounds {
        for b in 1..=boards {
            let deal = deal_board(&seed, decks, r, b);
            let mut cells = vec![r.to_string(), b.to_string()];
            cells.extend(Seat::ALL.map(|s| format_cards(deal.hand(s))));
            cells.push(format_cards(deal.bottom()));
            out.push_str(&cells.join(","));
            out.push('\n');
        }
    }
    out
}

#[test]
fn fushi_deals_the_cards_the_reference_deals() {
    for decks in [Decks::One, Decks::Two, Decks::Three] {
        for seed in SEEDS {
            let Some(want) = reference(seed, decks.count(), 3, 4) else {
                return;
            };
            let got = fushi(seed, decks, 3, 4);
            assert_eq!(want.lines().count(), 13);
            for (g, w) in got.lines().zip(want.lines()) {
                assert_eq!(g, w, "seed {seed:?}, {} decks", decks.count());
            }
            assert_eq!(got, want);
        }
    }
}

// ---- deals.csv and the seed in the archive --------------------------------------------

use crate::common::{TestDb, backends, club_night_dir};
use fushi::archive::ArchiveFiles;
use fushi::transfer;

const SAMPLE_SEED: &str = "Thursday 周四";

/// The club-night sample with the deals of all its boards (3 rounds of 4, 2 decks) and
/// the seed they were dealt from, revealed.
fn dealt_sample() -> ArchiveFiles {
    let mut files = ArchiveFiles::read(&club_night_dir()).unwrap();
    files.insert("deals.csv", fushi(SAMPLE_SEED, Decks::Two, 3, 4));
    let commitment = Seed::parse(SAMPLE_SEED).unwrap().commitment();
    let toml = format!(
        "{}deal_commitment = \"{commitment}\"\ndeal_seed = \"{SAMPLE_SEED}\"\n",
        files.get("tournament.toml").unwrap()
    );
    files.insert("tournament.toml", toml);
    files
}

#[test]
fn deals_and_the_revealed_seed_round_trip_byte_for_byte() {
    for db in backends() {
        let files = dealt_sample();
        transfer::import(&mut db.open(), &files).expect("the dealt sample imports");
        let out = transfer::export(&mut db.open(), "club-night").unwrap();
        for name in ["deals.csv", "tournament.toml"] {
            assert_eq!(
                out.bytes(name).unwrap(),
                files.bytes(name).unwrap(),
                "{name} on {:?}",
                db.backend()
            );
        }
        let plain = ArchiveFiles::read(&club_night_dir()).unwrap();
        for name in ["teams.csv", "boards.csv", "schedule.csv", "lineups.csv"] {
            assert_eq!(out.get(name), plain.get(name), "{name}");
        }
    }
}

/// The club-night sample dealt from three seeds: the first, revealed, dealt rounds 1 and
/// 2; the second was replaced before play; the third, still secret, dealt round 3. The
/// time zone is Shanghai's, so `published` carries +08:00.
fn dealt_by_seeds() -> (ArchiveFiles, [Seed; 3]) {
    let text = fushi::rules::SeedText::parse("Thursday 周四").unwrap();
    let seeds = [
        Seed::drawn([1; 16], Some(&text)),
        Seed::drawn([2; 16], None),
        Seed::drawn([3; 16], None),
    ];
    let mut files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let first = fushi(seeds[0].as_str(), Decks::Two, 3, 4);
    let third = fushi(seeds[2].as_str(), Decks::Two, 3, 4);
    let deals: String = first
        .lines()
        .filter(|l| !l.starts_with("3,"))
        .chain(third.lines().filter(|l| l.starts_with("3,")))
        .map(|l| format!("{l}\n"))
        .collect();
    files.insert("deals.csv", deals);
    let toml = format!(
        "{}time_zone = \"Asia/Shanghai\"\n\n[[deal_seeds]]\ncommitment = \"{}\"\npublished = 2026-12-05T19:02:11+08:00\nrounds = [1, 2]\nseed = \"{}\"\n\n[[deal_seeds]]\ncommitment = \"{}\"\npublished = 2026-12-05T19:05:00+08:00\nrounds = []\n\n[[deal_seeds]]\ncommitment = \"{}\"\npublished = 2026-12-05T19:06:40+08:00\nrounds = [3]\n",
        files.get("tournament.toml").unwrap(),
        seeds[0].commitment(),
        seeds[0],
        seeds[1].commitment(),
        seeds[2].commitment(),
    );
    files.insert("tournament.toml", toml);
    (files, seeds)
}

#[test]
fn deal_seeds_round_trip_byte_for_byte_and_are_listed_for_everyone() {
    for db in backends() {
        let (files, seeds) = dealt_by_seeds();
        transfer::import(&mut db.open(), &files).expect("the sample imports");
        let out = transfer::export(&mut db.open(), "club-night").unwrap();
        for name in ["deals.csv", "tournament.toml"] {
            assert_eq!(
                out.get(name).unwrap(),
                files.get(name).unwrap(),
                "{name} on {:?}",
                db.backend()
            );
        }
        let event = fushi::db::load_event(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        let rounds: Vec<_> = event.deals.seeds.iter().map(|s| s.rounds.clone()).collect();
        assert_eq!(rounds, [Some(vec![1, 2]), Some(vec![]), Some(vec![3])]);
        assert_eq!(event.deals.seeds[0].state.revealed(), Some(&seeds[0]));
        assert_eq!(event.deals.seeds[2].state.revealed(), None);
    }
}

/// `deal.py --check` on an exported folder: whether it passes, and what it printed.
fn reference_check(files: &ArchiveFiles) -> Option<(bool, String)> {
    let dir = tempfile::tempdir().unwrap();
    files.write_dir(dir.path()).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/deal.py");
    let out = Command::new("python3")
        .arg(script)
        .arg("--check")
        .arg(dir.path())
        .output()
        .ok()?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    Some((out.status.success(), text))
}

#[test]
fn the_reference_dealer_checks_an_exported_archives_seeds() {
    let db = TestDb::sqlite();
    let (files, _) = dealt_by_seeds();
    transfer::import(&mut db.open(), &files).unwrap();
    let out = exported(&db);
    let Some((ok, text)) = reference_check(&out) else {
        eprintln!("python3 is not available: the archive is not checked");
        return;
    };
    assert!(ok, "{text}");
    assert_eq!(
        text,
        "seed 1: ok, rounds [1, 2]\nseed 2: not revealed\nseed 3: not revealed\n"
    );
    // One card swapped between two hands of round 1 board 1: the check fails there.
    let mut tampered = out.clone();
    let deals = out.get("deals.csv").unwrap();
    let mut lines: Vec<String> = deals.lines().map(str::to_owned).collect();
    let cells: Vec<String> = lines[1].split(',').map(str::to_owned).collect();
    let (north, east) = (cells[2].clone(), cells[3].clone());
    let (n0, e0) = (
        north.split(' ').next().unwrap(),
        east.split(' ').next().unwrap(),
    );
    let mut swapped = cells.clone();
    swapped[2] = north.replacen(n0, e0, 1);
    swapped[3] = east.replacen(e0, n0, 1);
    lines[1] = swapped.join(",");
    tampered.insert("deals.csv", lines.join("\n") + "\n");
    let (ok, text) = reference_check(&tampered).unwrap();
    assert!(!ok || n0 == e0, "{text}");
}

#[test]
fn a_revealed_seed_that_does_not_deal_its_rounds_is_refused_at_its_line() {
    let (mut files, _) = dealt_by_seeds();
    // The first seed claims round 3 too, which the third seed dealt.
    let toml = files
        .get("tournament.toml")
        .unwrap()
        .replacen("rounds = [1, 2]", "rounds = [1, 2, 3]", 1)
        .replacen("rounds = [3]", "rounds = []", 1);
    let line = toml.lines().position(|l| l == "[[deal_seeds]]").unwrap() + 1;
    files.insert("tournament.toml", toml);
    assert_eq!(
        problems_of(&files),
        [format!(
            "tournament.toml:{line}: seed 1 of [[deal_seeds]]: the revealed seed does not deal round 3 board 1 as deals.csv has it"
        )]
    );
    // A round under two seeds, and one that does not exist.
    let (mut files, _) = dealt_by_seeds();
    let toml = files
        .get("tournament.toml")
        .unwrap()
        .replacen("rounds = []", "rounds = [2, 7]", 1);
    let line = toml
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == "[[deal_seeds]]")
        .nth(1)
        .unwrap()
        .0
        + 1;
    files.insert("tournament.toml", toml);
    assert_eq!(
        problems_of(&files),
        [
            format!(
                "tournament.toml:{line}: seed 2 of [[deal_seeds]]: round 2 is listed under an earlier seed too; a round's cards come from one seed"
            ),
            format!(
                "tournament.toml:{line}: seed 2 of [[deal_seeds]]: round 7 is not in boards.csv"
            ),
        ]
    );
}

#[test]
fn an_archive_without_deals_exports_no_deals_file() {
    let db = TestDb::sqlite();
    let files = ArchiveFiles::read(&club_night_dir()).unwrap();
    transfer::import(&mut db.open(), &files).unwrap();
    let out = transfer::export(&mut db.open(), "club-night").unwrap();
    assert!(out.get("deals.csv").is_none());
    assert!(!out.get("tournament.toml").unwrap().contains("deal_"));
}

fn problems_of(files: &ArchiveFiles) -> Vec<String> {
    let db = TestDb::sqlite();
    let problems = transfer::import(&mut db.open(), files).unwrap_err();
    assert!(
        !fushi::db::slug_exists(&mut db.open(), "club-night").unwrap(),
        "nothing is created"
    );
    problems.iter().map(ToString::to_string).collect()
}

#[test]
fn bad_deals_are_refused_with_file_and_line() {
    let mut files = dealt_sample();
    let good = files.get("deals.csv").unwrap().to_owned();
    let mut lines: Vec<String> = good.lines().map(str::to_owned).collect();
    // Line 2: a word that is no card. Line 3: North gives a card to East.
    lines[1] = lines[1]
        .replacen(",", ",X9 ", 2)
        .replacen("1,X9 1", "1,1", 1);
    let mut cells: Vec<String> = lines[2].split(',').map(str::to_owned).collect();
    let moved = cells[2].split(' ').next().unwrap().to_owned();
    cells[2] = cells[2].split(' ').skip(1).collect::<Vec<_>>().join(" ");
    cells[3] = format!("{} {moved}", cells[3]);
    lines[2] = cells.join(",");
    // Line 4: round 1 board 9 is not in boards.csv. Line 5: board 1-1 again.
    lines[3] = lines[3].replacen("1,3,", "1,9,", 1);
    lines[4] = lines[1].clone();
    files.insert("deals.csv", lines.join("\n") + "\n");
    let got = problems_of(&files);
    assert_eq!(
        got,
        vec![
            "deals.csv:2: north: \"X9\" is not a card (S, H, D or C followed by 2–10, J, Q, K or A; LJ; BJ)".to_owned(),
            "deals.csv:3: north holds 24 cards, not 25".to_owned(),
            "deals.csv:4: round 1 has no board 9 in boards.csv".to_owned(),
            "deals.csv:5: round 1 board 1 is listed twice (first on line 2)".to_owned(),
            "deals.csv:5: north: \"X9\" is not a card (S, H, D or C followed by 2–10, J, Q, K or A; LJ; BJ)".to_owned(),
        ],
    );
    // A card too often (South's first card becomes North's first).
    let mut files = dealt_sample();
    let mut lines: Vec<String> = good.lines().map(str::to_owned).collect();
    let mut cells: Vec<String> = lines[1].split(',').map(str::to_owned).collect();
    let north_first = cells[2].split(' ').next().unwrap().to_owned();
    let mut south: Vec<&str> = cells[4].split(' ').collect();
    let south_first = south[0].to_owned();
    south[0] = &north_first;
    cells[4] = south.join(" ");
    lines[1] = cells.join(",");
    files.insert("deals.csv", lines.join("\n") + "\n");
    let got = problems_of(&files);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("deals.csv:2: ")
            && (got[0].contains(&format!("{south_first} appears 1 times"))
                || got[0].contains(&format!("{north_first} appears 3 times"))),
        "{got:?}"
    );
}

/// Cards are separated by one space, as the export writes them: a hand typed with two
/// spaces (or one at its end) was read and written back with one, so the export no longer
/// gave back the file; it is refused at its line with the export's spelling.
#[test]
fn cards_in_another_spacing_are_refused() {
    for db in backends() {
        let mut files = dealt_sample();
        let good = files.get("deals.csv").unwrap().to_owned();
        let mut lines: Vec<String> = good.lines().map(str::to_owned).collect();
        let north = lines[1].split(',').nth(2).unwrap().to_owned();
        let spaced = north.replacen(' ', "  ", 1);
        lines[1] = lines[1].replacen(&north, &spaced, 1);
        files.insert("deals.csv", lines.join("\n") + "\n");
        let problems = transfer::import(&mut db.open(), &files).unwrap_err();
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        let clipped = |s: &str| {
            if s.chars().count() <= 80 {
                s.to_owned()
            } else {
                s.chars().take(79).collect::<String>() + "…"
            }
        };
        assert_eq!(
            text,
            [format!(
                "deals.csv:2: north \"{}\" is not written as fushi writes it: write \"{}\" \
                 (the export gives back exactly what was imported)",
                clipped(&spaced),
                clipped(&north)
            )],
            "{:?}",
            db.backend()
        );
    }
}

#[test]
fn a_revealed_seed_that_does_not_match_is_refused_on_import() {
    let mut files = dealt_sample();
    let toml = files
        .get("tournament.toml")
        .unwrap()
        .replace(SAMPLE_SEED, "another seed");
    files.insert("tournament.toml", toml.clone());
    let line = toml
        .lines()
        .position(|l| l.starts_with("deal_seed"))
        .unwrap()
        + 1;
    assert_eq!(
        problems_of(&files),
        vec![format!(
            "tournament.toml:{line}: the seed does not match the published commitment"
        )]
    );
}

// ---- fushi deal ------------------------------------------------------------------------

use crate::common::fushi_command;

fn run(db: &TestDb, args: &[&str], lang: Option<&str>) -> (bool, String, String) {
    let mut cmd = fushi_command();
    cmd.args(args).args(["--db", db.url()]);
    if let Some(lang) = lang {
        cmd.env("LANG", lang);
    }
    let out = cmd.output().expect("run fushi");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn imported_sample() -> TestDb {
    let db = TestDb::sqlite();
    let files = ArchiveFiles::read(&club_night_dir()).unwrap();
    transfer::import(&mut db.open(), &files).unwrap();
    db
}

/// The club night before play: its rounds and pairings, no result yet.
fn unplayed_files() -> ArchiveFiles {
    let mut files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let header = files
        .get("results.csv")
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    files.insert("results.csv", format!("{header}\n"));
    files
}

fn imported_unplayed() -> TestDb {
    let db = TestDb::sqlite();
    transfer::import(&mut db.open(), &unplayed_files()).unwrap();
    db
}

fn exported(db: &TestDb) -> ArchiveFiles {
    transfer::export(&mut db.open(), "club-night").unwrap()
}

/// The seed a `fushi deal` printed (the end of its first line).
fn printed_seed(out: &str) -> Seed {
    let line = out.lines().next().unwrap();
    Seed::parse(
        line.split_once("): ")
            .expect("the seed ends the first line")
            .1,
    )
    .unwrap()
}

#[test]
fn fushi_deal_with_a_seed_takes_it_as_text_after_fushis_random_part() {
    let db = imported_unplayed();
    let (ok, out, err) = run(&db, &["deal", "club-night", "--seed", "739104"], None);
    assert!(ok, "{err}");
    let seed = printed_seed(&out);
    assert!(seed.is_drawn(), "{seed}");
    assert_eq!(seed.as_str().len(), 32 + 1 + 6);
    assert!(seed.as_str().ends_with(":739104"), "{seed}");
    let commitment = seed.commitment();
    // Hashing the typed text finds nothing: the commitment is not SHA-256("739104").
    assert_ne!(commitment, Seed::parse("739104").unwrap().commitment());
    assert_eq!(
        out.lines().skip(1).collect::<Vec<_>>(),
        [
            format!("commitment (publish it before play): {commitment}"),
            "dealt 12 boards of club-night (rounds 1, 2, 3; rounds that have had a result keep their cards)".to_owned(),
        ]
    );
    let files = exported(&db);
    let deals = files.get("deals.csv").unwrap().to_owned();
    if let Some(want) = reference(seed.as_str(), 2, 3, 4) {
        assert_eq!(deals, want);
    }
    // The seed is secret: its commitment is in the archive with its rounds, the seed is not
    // (`published` is when it was set: the tournament is public).
    let toml = files.get("tournament.toml").unwrap();
    let table = toml
        .split_once("\n[[deal_seeds]]\n")
        .expect("a [[deal_seeds]] table")
        .1;
    let keys: Vec<&str> = table
        .lines()
        .map(|l| l.split(" = ").next().unwrap())
        .collect();
    assert_eq!(keys, ["commitment", "published", "rounds"], "{toml}");
    assert!(
        table.starts_with(&format!("commitment = \"{commitment}\"\n")),
        "{toml}"
    );
    assert!(table.ends_with("Z\nrounds = [1, 2, 3]\n"), "{toml}");
    assert!(!toml.contains("seed = "), "{toml}");
    // A typed value shaped like fushi's own seed is text too: a new random part goes first.
    let (ok, out, err) = run(&db, &["deal", "club-night", "--seed", seed.as_str()], None);
    assert!(ok, "{err}");
    let second = printed_seed(&out);
    assert_eq!(&second.as_str()[33..], seed.as_str());
    assert_ne!(exported(&db).get("deals.csv").unwrap(), deals);
    // Both commitments stay listed: the first one's rounds were all dealt again.
    let toml = exported(&db).get("tournament.toml").unwrap().to_owned();
    let tables: Vec<&str> = toml.split("\n[[deal_seeds]]\n").skip(1).collect();
    assert_eq!(tables.len(), 2, "{toml}");
    assert!(tables[0].starts_with(&format!("commitment = \"{commitment}\"\n")));
    assert!(tables[0].ends_with("rounds = []\n"), "{toml}");
    let second_line = format!("commitment = \"{}\"\n", second.commitment());
    assert!(tables[1].starts_with(&second_line), "{toml}");
    assert!(tables[1].ends_with("rounds = [1, 2, 3]\n"), "{toml}");
    let trail = trail(&db);
    let seed_rows: Vec<_> = trail
        .iter()
        .filter(|e| e.subject == "dealing seed")
        .collect();
    assert_eq!(seed_rows.len(), 2, "{trail:#?}");
    assert_eq!(seed_rows[0].user_name, "fushi deal");
    assert_eq!(
        seed_rows[0].after,
        format!("state=secret commitment={commitment}")
    );
    let round_1: Vec<_> = trail
        .iter()
        .filter(|e| e.subject == "round 1 deals")
        .collect();
    assert_eq!(round_1.len(), 2, "{trail:#?}");
    assert_eq!(round_1[0].before, "");
    assert_eq!(
        round_1[0].after,
        format!("boards=4 changed=4 dealt_from={commitment}")
    );
    assert_eq!(round_1[1].before, "boards=4");
    assert!(
        trail.iter().all(|e| !e.after.contains(seed.as_str())),
        "the secret seed is in the trail"
    );
}

/// The tournament's audit trail, oldest first.
fn trail(db: &TestDb) -> Vec<fushi::db::audit::AuditEntry> {
    fushi::db::audit::full_trail(&mut db.open(), "club-night")
        .unwrap()
        .unwrap()
}

#[test]
fn importing_deals_and_their_revealed_seed_is_in_the_trail() {
    for db in backends() {
        let dir = tempfile::tempdir().unwrap();
        dealt_sample().write_dir(dir.path()).unwrap();
        let (ok, _, err) = run(&db, &["import", dir.path().to_str().unwrap()], None);
        assert!(ok, "{err}");
        let trail = trail(&db);
        let commitment = Seed::parse(SAMPLE_SEED).unwrap().commitment();
        let seed = trail.iter().find(|e| e.subject == "dealing seed").unwrap();
        assert_eq!(seed.user_name, "fushi import");
        assert_eq!(
            seed.after,
            format!("state=revealed commitment={commitment} seed={SAMPLE_SEED}")
        );
        for round in 1..=3 {
            let row = trail
                .iter()
                .find(|e| e.subject == format!("round {round} deals"))
                .unwrap_or_else(|| panic!("round {round}: {trail:#?}"));
            assert_eq!(row.after, "boards=4 imported");
        }
    }
}

#[test]
fn fushi_deal_without_a_seed_draws_one_and_deals_from_it_again() {
    let db = imported_unplayed();
    let (ok, out, err) = run(&db, &["deal", "club-night", "--round", "2"], None);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    let seed = printed_seed(&out);
    assert_eq!(seed.as_str().len(), 32, "128 bits in hex: {seed}");
    assert!(seed.is_drawn());
    let commitment = seed.commitment();
    assert!(lines[1].ends_with(commitment.as_str()), "{out}");
    assert!(
        lines[2].starts_with("dealt 4 boards of club-night (rounds 2;"),
        "{out}"
    );
    let deals = exported(&db).get("deals.csv").unwrap().to_owned();
    assert_eq!(deals.lines().count(), 5);
    assert!(deals.lines().skip(1).all(|l| l.starts_with("2,")));
    // Dealing again without --seed uses the current seed: no new commitment.
    let (ok, out, err) = run(&db, &["deal", "club-night"], None);
    assert!(ok, "{err}");
    assert!(
        out.starts_with("dealt 12 boards of club-night (rounds 1, 2, 3;"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1, "{out}");
    let all = exported(&db).get("deals.csv").unwrap().to_owned();
    let round2: Vec<&str> = all.lines().filter(|l| l.starts_with("2,")).collect();
    assert_eq!(round2, deals.lines().skip(1).collect::<Vec<_>>());
}

#[test]
fn fushi_deal_refuses_an_unknown_tournament_or_round_in_the_terminals_language() {
    let db = imported_unplayed();
    let (ok, _, err) = run(
        &db,
        &["deal", "club-night", "--seed", "x", "--round", "9"],
        None,
    );
    assert!(!ok);
    assert_eq!(err.trim(), "round 9 has no boards");
    let files = exported(&db);
    assert!(files.get("deals.csv").is_none(), "nothing dealt");
    assert!(
        !files.get("tournament.toml").unwrap().contains("deal_seeds"),
        "a refused deal sets no seed"
    );
    let (ok, _, err) = run(
        &db,
        &["deal", "club-night", "--seed", "x", "--round", "9"],
        Some("zh_CN.UTF-8"),
    );
    assert!(!ok);
    assert_eq!(err.trim(), "第 9 轮没有牌");
    let (ok, out, _) = run(
        &db,
        &["deal", "club-night", "--seed", "x"],
        Some("zh_CN.UTF-8"),
    );
    assert!(ok);
    assert!(out.contains("已为 club-night 发好 12 副牌"), "{out}");
    let (ok, _, err) = run(&db, &["deal", "no-such", "--seed", "x"], None);
    assert!(!ok);
    assert!(!err.trim().is_empty());
}

#[test]
fn fushi_deal_refuses_rounds_that_have_had_a_result() {
    let db = imported_sample();
    let (ok, _, err) = run(&db, &["deal", "club-night", "--round", "1"], None);
    assert!(!ok);
    assert_eq!(
        err.trim(),
        "round 1 has had a result, so its cards are fixed and are never dealt again (docs/deals.md)"
    );
    let (ok, _, err) = run(&db, &["deal", "club-night", "--seed", "again"], None);
    assert!(!ok);
    assert_eq!(
        err.trim(),
        "every round has had a result, so every round's cards are fixed: there is nothing to deal"
    );
    let files = exported(&db);
    assert!(files.get("deals.csv").is_none(), "nothing dealt");
    assert!(!files.get("tournament.toml").unwrap().contains("deal_seeds"));
}

/// Hand records print two to four boards to an A4 page: a round of 12 boards fills 3 to 6
/// pages for each deck count, in both languages, every board's title there.
/// (`FUSHI_HANDS_PDF_DIR=dir` keeps the PDFs to look at.)
#[test]
fn hand_records_print_two_to_four_boards_to_an_a4_page() {
    use fushi::i18n::{Lang, Tr};
    use fushi::sheets::hands::{hand_records, hand_records_pdf};
    let seed = Seed::parse(SAMPLE_SEED).unwrap();
    let mut pages_by_decks = Vec::new();
    for decks in [Decks::One, Decks::Two, Decks::Three] {
        let files = ArchiveFiles::read(&club_night_dir()).unwrap();
        let mut event = fushi::archive::parse(&files).unwrap().event;
        event.settings.deck_rules = fushi::rules::settings::DeckRules::standard(decks);
        let round = &mut event.rounds[0];
        round.matches.clear();
        round.boards = fushi::rules::event::new_boards(12, round.boards[0].level, None);
        event.deals.boards = (1..=12)
            .map(|b| fushi::rules::deal::BoardDeal {
                round: 1,
                board: b,
                deal: deal_board(&seed, decks, 1, b as u32),
            })
            .collect();
        for lang in [Lang::EN, Lang::ZH_HANS] {
            let t = Tr::new(lang);
            let records = hand_records(&event, 1, &t);
            assert_eq!(records.boards.len(), 12);
            let pdf = hand_records_pdf(&records, &t).unwrap();
            let doc = lopdf::Document::load_mem(&pdf).unwrap();
            let pages = doc.get_pages().len();
            assert!(
                (3..=6).contains(&pages),
                "{} deck(s), {lang:?}: 12 boards on {pages} pages",
                decks.count()
            );
            if let Ok(dir) = std::env::var("FUSHI_HANDS_PDF_DIR") {
                let name = format!("hands-{}-{lang:?}.pdf", decks.count());
                std::fs::write(std::path::Path::new(&dir).join(name), &pdf).unwrap();
            }
            if lang == Lang::EN {
                pages_by_decks.push(pages);
                let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
                assert!(text.contains("Board 12"), "{text}");
            }
        }
    }
    // A hand is always five lines at most (the trumps, then the other suits), so the boards
    // a page holds do not depend on the deck count: three decks' long lines are set smaller.
    assert_eq!(pages_by_decks, [4, 4, 4], "three boards to a page");
}

// ---- binding: a played round's cards never change ----------------------------------------

/// The club night before play, imported into `db`, a seed set and every round dealt;
/// returns the archive's event (its results to save).
fn dealt_unplayed(db: &TestDb) -> fushi::rules::Event {
    let files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let event = fushi::archive::parse(&files).unwrap().event;
    let mut conn = db.open();
    transfer::import(&mut conn, &unplayed_files()).unwrap();
    fushi::db::dealing::set_seed(&mut conn, "club-night", transfer::draw_seed(None), "").unwrap();
    fushi::db::dealing::deal_rounds(&mut conn, "club-night", None, "").unwrap();
    event
}

fn stored_deals(db: &TestDb) -> fushi::rules::deal::Deals {
    fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap()
        .deals
}

#[test]
fn a_round_that_had_a_result_keeps_its_cards_even_after_the_result_is_deleted() {
    use fushi::db::dealing::{DealChangeError, deal_rounds, set_seed};
    use fushi::rules::deal::SeedRefusal;
    for db in backends() {
        let event = dealt_unplayed(&db);
        let mut conn = db.open();
        // One room of one board of round 1 is entered, then deleted again.
        let m = &event.rounds[0].matches[0];
        let one = vec![m.results[0].clone()];
        fushi::db::save_match_results_as(&mut conn, "club-night", 1, m.table, &one, "", None)
            .unwrap();
        fushi::db::save_match_results_as(&mut conn, "club-night", 1, m.table, &[], "", None)
            .unwrap();
        let before = stored_deals(&db);
        // Dealing round 1 from the same seed or a new one is refused.
        let refused = deal_rounds(&mut conn, "club-night", Some(1), "").unwrap_err();
        assert!(
            matches!(
                refused,
                DealChangeError::Refused(SeedRefusal::CardsFixed { round: 1 })
            ),
            "{refused:?}"
        );
        set_seed(&mut conn, "club-night", transfer::draw_seed(None), "").unwrap();
        let refused = deal_rounds(&mut conn, "club-night", Some(1), "").unwrap_err();
        assert!(matches!(
            refused,
            DealChangeError::Refused(SeedRefusal::CardsFixed { round: 1 })
        ));
        // Dealing every round deals rounds 2 and 3 only.
        let (rounds, boards) = deal_rounds(&mut conn, "club-night", None, "").unwrap();
        assert_eq!((rounds, boards), (vec![2, 3], 8));
        let after = stored_deals(&db);
        for board in 1..=4 {
            assert_eq!(after.of(1, board), before.of(1, board), "board {board}");
            assert_ne!(after.of(2, board), before.of(2, board), "board {board}");
        }
        // The first commitment stays listed with the round it dealt; the second has 2, 3.
        let rounds: Vec<_> = after.seeds.iter().map(|s| s.rounds.clone()).collect();
        assert_eq!(rounds, [Some(vec![1]), Some(vec![2, 3])]);
        // A change of the deck count would change round 1's cards: refused.
        let mut settings = fushi::db::load_settings(&mut conn, "club-night")
            .unwrap()
            .unwrap();
        settings.deck_rules = fushi::rules::DeckRules::standard(Decks::One);
        let refused =
            fushi::db::update_settings_as(&mut conn, "club-night", &settings, "").unwrap_err();
        assert!(
            matches!(refused, fushi::db::EditError::CardsFixed(1)),
            "{refused:?}"
        );
        assert_eq!(stored_deals(&db), after);
    }
}

#[test]
fn results_brought_by_an_import_fix_their_rounds_and_an_unplayed_decks_change_clears_the_cards() {
    use fushi::db::dealing::DealChangeError;
    use fushi::rules::deal::SeedRefusal;
    for db in backends() {
        // An imported round with results is fixed like a played one.
        transfer::import(
            &mut db.open(),
            &ArchiveFiles::read(&club_night_dir()).unwrap(),
        )
        .unwrap();
        let mut conn = db.open();
        fushi::db::dealing::set_seed(&mut conn, "club-night", transfer::draw_seed(None), "")
            .unwrap();
        let refused =
            fushi::db::dealing::deal_rounds(&mut conn, "club-night", None, "").unwrap_err();
        assert!(
            matches!(
                refused,
                DealChangeError::Refused(SeedRefusal::EveryRoundFixed)
            ),
            "{refused:?}"
        );
        drop(conn);
        // Before play a change of the deck count clears the cards, which no longer fit.
        let other = TestDb::sqlite();
        dealt_unplayed(&other);
        let mut conn = other.open();
        let mut settings = fushi::db::load_settings(&mut conn, "club-night")
            .unwrap()
            .unwrap();
        settings.deck_rules = fushi::rules::DeckRules::standard(Decks::One);
        fushi::db::update_settings_as(&mut conn, "club-night", &settings, "").unwrap();
        let deals = stored_deals(&other);
        assert!(deals.boards.is_empty());
        assert_eq!(deals.seeds[0].rounds, Some(vec![]));
    }
}

#[test]
fn an_entry_at_the_table_fixes_its_round_and_a_commitment_set_unpublished_is_dated_at_publishing() {
    use diesel::connection::SimpleConnection;
    use fushi::db::dealing::{DealChangeError, deal_rounds, set_seed};
    use fushi::rules::deal::SeedRefusal;
    for db in backends() {
        let mut conn = db.open();
        transfer::import(&mut conn, &unplayed_files()).unwrap();
        let mut settings = fushi::db::load_settings(&mut conn, "club-night")
            .unwrap()
            .unwrap();
        settings.published = false;
        fushi::db::update_settings_as(&mut conn, "club-night", &settings, "").unwrap();
        set_seed(&mut conn, "club-night", transfer::draw_seed(None), "").unwrap();
        deal_rounds(&mut conn, "club-night", None, "").unwrap();
        assert_eq!(stored_deals(&db).seeds[0].published, None);
        // A room's first save at the table (an entry not yet confirmed) fixes round 2.
        let at = "'2026-12-05 10:00:00'";
        conn.batch_execute(&format!(
            "INSERT INTO table_entries (match_id, room, state, entered_by, cells, flagged, note, \
               submission, saves, address, entered_at, updated_at, code_failures) \
             SELECT m.id, 'open', 'entering', 'home', '[]', '', '', 'sub-1', 1, '127.0.0.1', {at}, {at}, 0 \
             FROM matches m JOIN rounds r ON r.id = m.round_id WHERE r.number = 2 AND m.table_no = 1;"
        ))
        .unwrap();
        let refused = deal_rounds(&mut conn, "club-night", Some(2), "").unwrap_err();
        assert!(
            matches!(
                refused,
                DealChangeError::Refused(SeedRefusal::CardsFixed { round: 2 })
            ),
            "{refused:?}"
        );
        // Publishing dates the commitment; the public overview lists it from then on.
        settings.published = true;
        fushi::db::update_settings_as(&mut conn, "club-night", &settings, "").unwrap();
        assert!(stored_deals(&db).seeds[0].published.is_some());
    }
}
