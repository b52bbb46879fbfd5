//! Deals: fushi deals the same cards as the independent reference (tests/reference/deal.py,
//! written from SPEC §13's text), card for card, for fixed seeds and 1, 2 and 3 decks.

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

fn exported(db: &TestDb) -> ArchiveFiles {
    transfer::export(&mut db.open(), "club-night").unwrap()
}

#[test]
fn fushi_deal_with_a_seed_deals_every_board_as_the_reference_does() {
    let db = imported_sample();
    let (ok, out, err) = run(&db, &["deal", "club-night", "--seed", "abc"], None);
    assert!(ok, "{err}");
    let commitment = Seed::parse("abc").unwrap().commitment();
    assert_eq!(
        out,
        format!(
            "dealt 12 boards of club-night\ncommitment (publish it before play): {commitment}\n"
        )
    );
    let files = exported(&db);
    let deals = files.get("deals.csv").unwrap();
    if let Some(want) = reference("abc", 2, 3, 4) {
        assert_eq!(deals, want);
    }
    // The seed is secret: its commitment is in the archive, the seed is not.
    let toml = files.get("tournament.toml").unwrap();
    assert!(toml.contains(&format!("deal_commitment = \"{commitment}\"")));
    assert!(!toml.contains("deal_seed"), "{toml}");
    // Dealing again gives the same boards.
    let (ok, _, err) = run(&db, &["deal", "club-night", "--seed", "abc"], None);
    assert!(ok, "{err}");
    assert_eq!(exported(&db).get("deals.csv").unwrap(), deals);
    // The trail names the command: the seed once (set, never shown), each round dealt
    // twice, the second time with nothing changed.
    let trail = trail(&db);
    let seed_rows: Vec<_> = trail
        .iter()
        .filter(|e| e.subject == "dealing seed")
        .collect();
    assert_eq!(seed_rows.len(), 1, "{trail:#?}");
    assert_eq!(seed_rows[0].user_name, "fushi deal");
    assert_eq!(seed_rows[0].area, "deals");
    assert_eq!(
        seed_rows[0].after,
        format!("state=secret commitment={commitment}")
    );
    let round_1: Vec<_> = trail
        .iter()
        .filter(|e| e.subject == "round 1 deals")
        .collect();
    assert_eq!(round_1.len(), 2, "{trail:#?}");
    // Oldest first: the first dealing, then the second.
    assert_eq!(round_1[0].before, "");
    assert_eq!(
        round_1[0].after,
        format!("boards=4 changed=4 dealt_from={commitment}")
    );
    assert_eq!(round_1[1].before, "boards=4");
    assert_eq!(
        round_1[1].after,
        format!("boards=4 changed=0 dealt_from={commitment}")
    );
    assert!(
        trail.iter().all(|e| !e.after.contains("seed=abc")),
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
fn fushi_deal_without_a_seed_generates_one_and_shows_it_once() {
    let db = imported_sample();
    let (ok, out, err) = run(&db, &["deal", "club-night", "--round", "2"], None);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    let seed = lines[0]
        .rsplit(": ")
        .next()
        .expect("the generated seed ends the first line");
    assert_eq!(seed.len(), 32, "128 bits in hex: {seed}");
    assert_eq!(lines[1], "dealt 4 boards of club-night");
    let commitment = Seed::parse(seed).unwrap().commitment();
    assert!(lines[2].ends_with(commitment.as_str()), "{out}");
    let deals = exported(&db).get("deals.csv").unwrap().to_owned();
    assert_eq!(deals.lines().count(), 5);
    assert!(deals.lines().skip(1).all(|l| l.starts_with("2,")));
    // Dealing again without --seed uses the held seed: no new seed, the same commitment.
    let (ok, out, err) = run(&db, &["deal", "club-night"], None);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        format!(
            "dealt 12 boards of club-night\ncommitment (publish it before play): {commitment}\n"
        )
    );
    let all = exported(&db).get("deals.csv").unwrap().to_owned();
    let round2: Vec<&str> = all.lines().filter(|l| l.starts_with("2,")).collect();
    assert_eq!(round2, deals.lines().skip(1).collect::<Vec<_>>());
}

#[test]
fn fushi_deal_refuses_an_unknown_tournament_or_round_in_the_terminals_language() {
    let db = imported_sample();
    let (ok, _, err) = run(
        &db,
        &["deal", "club-night", "--seed", "x", "--round", "9"],
        None,
    );
    assert!(!ok);
    assert_eq!(err.trim(), "round 9 has no boards");
    assert!(exported(&db).get("deals.csv").is_none(), "nothing dealt");
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
    assert!(out.starts_with("已为 club-night 发好 12 副牌\n"), "{out}");
    let (ok, _, err) = run(&db, &["deal", "no-such", "--seed", "x"], None);
    assert!(!ok);
    assert!(!err.trim().is_empty());
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
