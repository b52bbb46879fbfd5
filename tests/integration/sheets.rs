//! Score sheets, match sheets, team cards and the standings sheet: the figures on the sheets
//! of the sample event, the PDFs parsed back with their text (Chinese included), and
//! `fushi export --sheets`.

use crate::common;
use fushi::rules::TeamNo;

use std::path::{Path, PathBuf};
use std::time::Instant;

use common::{TestDb, fushi_command, large_event, sample_event};
use fushi::archive::{self, ArchiveFiles};
use fushi::i18n::{Lang, Tr};
use fushi::rules::{Event, Report, Room};
use fushi::sheets::pdf::{self, SheetPage};
use fushi::sheets::{self, SheetFile};

fn sample_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night")
}

fn sample() -> Event {
    let files = ArchiveFiles::read(&sample_dir()).expect("read the sample");
    archive::parse(&files).expect("the sample parses").event
}

/// The text of a PDF, parsed back, with the layout's spaces removed so that a phrase is
/// found whatever spacing the extractor puts between glyphs.
pub(crate) fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a valid PDF");
    assert!(!doc.get_pages().is_empty());
    let text = pdf_extract::extract_text_from_mem(bytes).expect("text extracts");
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn pages(bytes: &[u8]) -> usize {
    lopdf::Document::load_mem(bytes)
        .expect("a valid PDF")
        .get_pages()
        .len()
}

fn file<'a>(files: &'a [SheetFile], name: &str) -> &'a SheetFile {
    files
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

#[test]
fn the_closed_room_score_sheet_of_round_1_table_2() {
    let event = sample();
    let s = sheets::score_sheet(&event, 1, 2, Room::Closed, true, &Tr::en()).expect("a sheet");
    assert_eq!(s.title, "Score sheet");
    assert_eq!(
        s.facts,
        vec![
            (
                "Tournament".to_owned(),
                "Thursday Club Night 周四俱乐部复式赛".to_owned()
            ),
            ("Round".to_owned(), "1".to_owned()),
            ("Table".to_owned(), "2".to_owned()),
            ("Room".to_owned(), "Closed room".to_owned()),
        ]
    );
    // Closed room: the away team (4) sits North–South, the home team (3) East–West.
    assert_eq!(
        (
            s.sides[0].label.as_str(),
            s.sides[0].team_no,
            s.sides[0].team.as_str()
        ),
        ("NS", TeamNo(4), "Level Up Lions")
    );
    assert_eq!(s.sides[0].role, "Away");
    assert_eq!(
        (
            s.sides[1].label.as_str(),
            s.sides[1].team_no,
            s.sides[1].team.as_str()
        ),
        ("EW", TeamNo(3), "八十分老友")
    );
    // The line-up of that room (lineups.csv): East 周明, West 吴芳.
    assert_eq!(s.sides[1].members, ["周明", "吴芳"]);
    assert_eq!(s.columns.len(), 13);
    assert_eq!(s.lines.len(), 4);
    let b1 = &s.lines[0];
    assert_eq!(b1.cells(), common::ROUND_1_TABLE_2_CLOSED_BOARD_1);
    // Board 2: E deals, hearts; 95 taken, declarers kept the last trick.
    assert_eq!(
        (
            s.lines[1].trump.as_str(),
            s.lines[1].defender_total.as_str(),
            s.lines[1].table_score.as_str(),
            s.lines[1].result.as_str()
        ),
        ("♥", "95", "−1", "defenders take over, up 1")
    );
    assert_eq!(s.lines[2].result, "declarers up 1");
    assert_eq!(s.lines[2].table_score, "+1");
    assert_eq!(s.signatures, vec!["NS 4 Signature", "EW 3 Signature"]);

    let zh = sheets::score_sheet(&event, 1, 2, Room::Closed, true, &Tr::new(Lang::ZH_HANS))
        .expect("a sheet");
    assert_eq!(zh.title, "记分表");
    assert_eq!(zh.sides[0].label, "南北");
    assert_eq!(zh.lines[0].dealer, "北");
    assert_eq!(zh.lines[0].last_trick, "闲家");
    assert_eq!(zh.lines[0].result, "闲家上台升5级");
    assert_eq!(zh.lines[1].trump, "红桃");
}

#[test]
fn open_room_seats_home_north_south_and_blank_sheets_have_conditions_only() {
    let event = sample();
    let s = sheets::score_sheet(&event, 1, 2, Room::Open, false, &Tr::en()).expect("a sheet");
    assert_eq!(
        (s.sides[0].team_no, s.sides[0].role.as_str()),
        (TeamNo(3), "Home")
    );
    assert_eq!(
        (s.sides[1].team_no, s.sides[1].role.as_str()),
        (TeamNo(4), "Away")
    );
    assert!(!s.filled);
    for line in &s.lines {
        assert!(!line.board.is_empty() && !line.dealer.is_empty() && !line.level.is_empty());
        for cell in &line.cells()[4..] {
            assert_eq!(*cell, "", "board {}", line.board);
        }
    }
    assert_eq!(
        s.lines.iter().map(|l| l.level.as_str()).collect::<Vec<_>>(),
        ["2", "5", "10", "J"]
    );
    // The round has three tables, one a bye: two matches, two rooms each.
    let all = sheets::score_sheets(&event, 1, true, &Tr::en());
    assert_eq!(
        all.iter().map(|s| (s.table, s.room)).collect::<Vec<_>>(),
        [
            (1, Room::Open),
            (1, Room::Closed),
            (2, Room::Open),
            (2, Room::Closed)
        ]
    );
    assert!(sheets::score_sheet(&event, 1, 3, Room::Open, false, &Tr::en()).is_none());
    assert!(sheets::score_sheet(&event, 9, 1, Room::Open, false, &Tr::en()).is_none());
}

#[test]
fn the_match_sheet_puts_both_rooms_side_by_side() {
    let event = sample();
    let report = Report::compute(&event);
    let m = sheets::match_sheet(&event, &report, 1, 2, &Tr::en()).expect("a match sheet");
    assert_eq!((m.home.team_no, m.away.team_no), (TeamNo(3), TeamNo(4)));
    assert_eq!(m.home_levels, 4);
    assert_eq!(
        (m.home_score.as_str(), m.away_score.as_str()),
        ("15.74", "4.26")
    );
    assert_eq!(
        m.lines[0].cells(),
        ["1", "N", "25", "+2", "+2", "250", "−5", "+5", "+7", "−7"]
    );
    assert_eq!(
        (m.total.swing_home.as_str(), m.total.swing_away.as_str()),
        ("+4", "−4")
    );
    assert_eq!(m.groups.iter().map(|g| g.1).sum::<usize>(), m.columns.len());
    assert!(
        m.summary
            .contains(&("Score".to_owned(), "15.74 : 4.26".to_owned()))
    );
    assert!(
        m.summary
            .contains(&("Levels M".to_owned(), "+4 : −4".to_owned()))
    );
    assert!(
        sheets::match_sheet(&event, &report, 1, 3, &Tr::en()).is_none(),
        "a bye"
    );
}

#[test]
fn team_cards_run_their_totals() {
    let event = sample();
    let report = Report::compute(&event);
    let card = sheets::team_card(&event, &report, TeamNo(3), &Tr::en()).expect("team 3");
    assert_eq!(card.team, "八十分老友");
    assert_eq!(card.matches.len(), 3);
    let first = &card.matches[0];
    assert_eq!((first.round, first.table, first.levels), (1, 2, 4));
    assert_eq!(first.opponent, "4 Level Up Lions");
    assert_eq!(first.score, "15.74");
    assert_eq!(
        first
            .lines
            .iter()
            .map(|l| l.running.as_str())
            .collect::<Vec<_>>(),
        ["+7", "+4", "+5", "+4"]
    );
    assert_eq!(card.matches[2].running_score, "33.98");
    // The away side sees the same match with the signs turned.
    let lions = sheets::team_card(&event, &report, TeamNo(4), &Tr::en()).expect("team 4");
    let m = &lions.matches[0];
    assert_eq!((m.levels, m.score.as_str()), (-4, "4.26"));
    assert_eq!(m.lines[0].swing, "−7");
    assert!(lions.matches.iter().any(|m| m.bye && m.opponent == "bye"));
    assert!(sheets::team_card(&event, &report, TeamNo(99), &Tr::en()).is_none());
}

#[test]
fn the_standings_sheet_shows_the_round_and_the_table_after_it() {
    let event = sample();
    let last = sheets::standings_sheet(&event, None, &Tr::en());
    assert_eq!(last.round, Some(3));
    assert_eq!(last.lines.len(), 5);
    assert_eq!(
        last.lines
            .iter()
            .map(|l| (l.rank.as_str(), l.team_no.as_str(), l.score.as_str()))
            .collect::<Vec<_>>(),
        [
            ("1", "5", "33.98"),
            ("2", "3", "33.98"),
            ("3", "1", "33.76"),
            ("4", "2", "33.76"),
            ("5", "4", "20.52")
        ]
    );
    let after1 = sheets::standings_sheet(&event, Some(1), &Tr::en());
    let three = after1
        .lines
        .iter()
        .find(|l| l.team_no == "3")
        .expect("team 3");
    assert_eq!(
        (
            three.opponent.as_str(),
            three.levels.as_str(),
            three.round_score.as_str(),
            three.score.as_str(),
            three.played.as_str()
        ),
        ("4 Level Up Lions", "+4", "15.74", "15.74", "1")
    );
    let one = after1
        .lines
        .iter()
        .find(|l| l.team_no == "1")
        .expect("team 1");
    assert_eq!(
        (one.opponent.as_str(), one.score.as_str()),
        ("bye", "12.00")
    );
}

#[test]
fn rulings_penalties_totals_only_and_matches_in_progress() {
    let event = sample_event("winter");
    let open = sheets::score_sheet(&event, 1, 1, Room::Open, true, &Tr::en()).expect("a sheet");
    let b1 = &open.lines[0];
    assert_eq!(
        (
            b1.trump.as_str(),
            b1.declarer_penalty.as_str(),
            b1.defender_penalty.as_str(),
            b1.combination.as_str(),
            b1.defender_total.as_str(),
            b1.table_score.as_str(),
            b1.result.as_str()
        ),
        (
            "♥",
            "10",
            "5",
            "tractor:2",
            "145",
            "−1",
            "defenders take over, up 1 (TD ruling)"
        )
    );
    let closed = sheets::score_sheet(&event, 1, 1, Room::Closed, true, &Tr::new(Lang::ZH_HANS))
        .expect("a sheet");
    // P as it stood, no trick points.
    assert_eq!(
        (
            closed.lines[0].trick_points.as_str(),
            closed.lines[0].defender_total.as_str()
        ),
        ("", "125")
    );
    // A ruling alone: no P, the TD's s.
    assert_eq!(
        (
            closed.lines[1].defender_total.as_str(),
            closed.lines[1].table_score.as_str(),
            closed.lines[1].result.as_str()
        ),
        ("", "+2", "庄家方升2级（裁判判定）")
    );
    // Round 2: P = 150 − 20 penalty on the defenders; the closed room has board 2 only, so
    // board 1 has no swing yet.
    let report = Report::compute(&event);
    let m = sheets::match_sheet(&event, &report, 2, 1, &Tr::en()).expect("a match sheet");
    assert_eq!(
        (m.lines[0].open_p.as_str(), m.lines[0].closed_p.as_str()),
        ("130", "")
    );
    assert_eq!(m.lines[0].swing_home, "");
    assert!(!m.lines[1].swing_home.is_empty());
    assert!(
        m.summary
            .contains(&("Status".to_owned(), "in progress".to_owned()))
    );
    let bytes = pdf::render(&[pdf::match_sheet_page(&m)], "m", "en").expect("renders");
    let text = pdf_text(&bytes);
    assert!(
        text.contains("=Tractors") || text.contains("EightyPoints"),
        "{text}"
    );
}

#[test]
fn every_pdf_parses_and_carries_its_text_in_chinese() {
    let event = sample();
    let files = sheets::all_sheets(&event, &Tr::new(Lang::ZH_HANS)).expect("the sheets render");
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    for r in 1..=3 {
        assert!(names.contains(&format!("round-{r}.pdf").as_str()));
        assert!(names.contains(&format!("round-{r}-blank.pdf").as_str()));
        assert!(names.contains(&format!("standings-{r}.pdf").as_str()));
    }
    for name in [
        "match-1-1.pdf",
        "match-1-2.pdf",
        "team-1.pdf",
        "team-5.pdf",
        "standings.pdf",
    ] {
        assert!(names.contains(&name), "{name}");
    }
    assert!(
        !names.contains(&"match-1-3.pdf"),
        "a bye has no match sheet"
    );
    assert_eq!(files.len(), 3 * 2 + 6 + 5 + 3 + 1);
    for f in &files {
        assert!(f.bytes.starts_with(b"%PDF-"), "{}", f.name);
        pdf_text(&f.bytes);
    }

    // Round 1 filled: a page per match and room; the closed room of table 2.
    let round1 = &file(&files, "round-1.pdf").bytes;
    assert_eq!(pages(round1), 4);
    let text = pdf_text(round1);
    for phrase in [
        "记分表",
        "周四俱乐部复式赛",
        "八十分老友",
        "LevelUpLions",
        "赵建国",
        "闲家上台升5级",
        "2连对拖拉机",
        "250",
        "南北4签名",
    ] {
        assert!(text.contains(phrase), "round-1.pdf lacks {phrase}: {text}");
    }
    let blank = pdf_text(&file(&files, "round-1-blank.pdf").bytes);
    assert!(blank.contains("八十分老友") && !blank.contains("闲家上台升5级"));

    let m = pdf_text(&file(&files, "match-1-2.pdf").bytes);
    for phrase in [
        "场次记录表",
        "开室",
        "闭室",
        "级差",
        "15.74:4.26",
        "+4:\u{2212}4",
    ] {
        assert!(m.contains(phrase), "match-1-2.pdf lacks {phrase}: {m}");
    }
    let card = pdf_text(&file(&files, "team-3.pdf").bytes);
    assert!(
        card.contains("八十分老友") && card.contains("33.98"),
        "{card}"
    );
    let standings = &file(&files, "standings.pdf").bytes;
    assert_eq!(pages(standings), 1);
    let st = pdf_text(standings);
    assert!(
        st.contains("成绩与排名") && st.contains("Kings&Tens十与K") && st.contains("20.52"),
        "{st}"
    );
}

#[test]
fn traditional_chinese_sheets_print_traditional_words() {
    let event = sample();
    let hant = Tr::new(Lang::ZH_HANT);
    let s = sheets::score_sheet(&event, 1, 2, Room::Closed, true, &hant).expect("a sheet");
    assert_eq!(s.title, "記分表");
    assert_eq!(s.lines[0].result, "閒家上台升5級");
    assert_eq!(s.lines[1].trump, "紅心");
    let pdf = sheets::files::round_pdf(&event, 1, true, &hant).expect("renders");
    let text = pdf_text(&pdf);
    for phrase in [
        "記分表",
        "閒家上台升5級",
        "2連對拖拉機",
        "南北4簽名",
        "八十分老友",
    ] {
        assert!(text.contains(phrase), "round-1.pdf lacks {phrase}: {text}");
    }
    assert!(!text.contains("记分表") && !text.contains("闲家"), "{text}");
    let doc = lopdf::Document::load_mem(&pdf).expect("a valid PDF");
    let lang = doc
        .catalog()
        .and_then(|c| c.get(b"Lang"))
        .and_then(|l| l.as_str())
        .expect("the PDF names its language");
    assert_eq!(lang, b"zh-Hant");
}

/// Every character a sheet can print, in every language, has a glyph in the bundled font
/// (WenQuanYi Micro Hei covers Simplified and Traditional Chinese alike).
#[test]
fn the_bundled_font_draws_every_sheet_word() {
    let face = ttf_parser::Face::parse(pdf::FONT, 0).expect("the font parses");
    for lang in Lang::all() {
        let t = Tr::new(lang);
        for w in sheets::Word::ALL {
            let text = sheets::Words::with_n(&t, w, 3);
            for c in text.chars().filter(|c| !c.is_whitespace()) {
                assert!(
                    face.glyph_index(c).is_some(),
                    "no glyph for {c:?} of {w:?} in {lang:?}"
                );
            }
        }
    }
    // Signed figures print with the typographic minus (U+2212), as on the pages.
    for c in fushi::figures::signed(-5)
        .chars()
        .chain("+0123456789".chars())
    {
        assert!(face.glyph_index(c).is_some(), "no glyph for {c:?}");
    }
}

/// The match sheet's PDF draws its negative figures with the typographic minus, not a
/// missing glyph.
#[test]
fn the_match_pdf_prints_the_typographic_minus() {
    let event = sample();
    let report = Report::compute(&event);
    let bytes = sheets::match_pdf(&event, &report, 1, 2, &Tr::en())
        .expect("a match")
        .expect("renders");
    assert_eq!(pdf::missing_glyphs("\u{2212}5"), "");
    let text = pdf_text(&bytes);
    assert!(text.contains("250\u{2212}5+5+7\u{2212}7"), "{text}");
    assert!(!text.contains("-5"), "{text}");
}

#[test]
fn english_sheets_use_english_words() {
    let event = sample();
    let pdf = sheets::files::round_pdf(&event, 1, true, &Tr::en()).expect("renders");
    let text = pdf_text(&pdf);
    assert!(text.contains("Scoresheet"), "{text}");
    assert!(text.contains("defenderstakeover,up5"), "{text}");
    assert!(text.contains("八十分老友"), "{text}");
}

#[test]
fn forty_teams_fit_one_page_in_large_type() {
    let event = large_event(40, 3, 4);
    let sheet = sheets::standings_sheet(&event, None, &Tr::en());
    assert_eq!(sheet.lines.len(), 40);
    let page: SheetPage = pdf::standings_page(&sheet);
    assert_eq!(pdf::layout(&page).len(), 1);
    assert!(
        pdf::fitted_size(&page) >= 11.0,
        "{}",
        pdf::fitted_size(&page)
    );
    let bytes = pdf::render(&[page], "standings", "en").expect("renders");
    assert_eq!(pages(&bytes), 1);
    let text = pdf_text(&bytes);
    assert!(text.contains("Team40") && text.contains("Team1"), "{text}");
}

#[test]
fn export_with_sheets_writes_the_pdfs() {
    let db = TestDb::sqlite();
    let files = ArchiveFiles::read(&sample_dir()).expect("read the sample");
    fushi::transfer::import(&mut db.open(), &files).expect("the sample imports");
    let out = tempfile::tempdir().expect("a temporary directory");
    let run = fushi_command()
        .args(["export", "club-night"])
        .arg(out.path())
        .args(["--sheets", "--db", db.url()])
        .output()
        .expect("run fushi");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("wrote 21 sheets"), "{stdout}");
    assert!(
        out.path().join("standings.csv").is_file(),
        "the archive too"
    );
    let dir = out.path().join("sheets");
    for name in [
        "round-1.pdf",
        "round-1-blank.pdf",
        "match-1-2.pdf",
        "team-3.pdf",
        "standings.pdf",
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!pdf_text(&bytes).is_empty(), "{name}");
    }
    let text = pdf_text(&std::fs::read(dir.join("round-1.pdf")).expect("round-1.pdf"));
    assert!(text.contains("闲家上台升5级"), "{text}");

    // English on request; without --sheets no sheets.
    let en = tempfile::tempdir().expect("a temporary directory");
    let run = fushi_command()
        .args(["export", "club-night"])
        .arg(en.path())
        .args(["--sheets", "--lang", "en", "--db", db.url()])
        .output()
        .expect("run fushi");
    assert!(run.status.success());
    let text = pdf_text(&std::fs::read(en.path().join("sheets/match-1-2.pdf")).expect("pdf"));
    assert!(text.contains("Matchsheet"), "{text}");
    // Traditional Chinese by its code.
    let hant = tempfile::tempdir().expect("a temporary directory");
    let run = fushi_command()
        .args(["export", "club-night"])
        .arg(hant.path())
        .args(["--sheets", "--lang", "zh-Hant", "--db", db.url()])
        .output()
        .expect("run fushi");
    assert!(run.status.success());
    let text = pdf_text(&std::fs::read(hant.path().join("sheets/match-1-2.pdf")).expect("pdf"));
    assert!(text.contains("場次記錄表"), "{text}");
    let plain = tempfile::tempdir().expect("a temporary directory");
    let run = fushi_command()
        .args(["export", "club-night"])
        .arg(plain.path())
        .args(["--db", db.url()])
        .output()
        .expect("run fushi");
    assert!(run.status.success());
    assert!(!plain.path().join("sheets").exists());
}

/// The time to write every sheet, and the sizes: `cargo test --release --test integration sheets:: --
/// --ignored --nocapture measure`.
#[test]
#[ignore = "a measurement; run it in release mode"]
fn measure() {
    for (label, event) in [
        ("club-night", sample()),
        ("64 teams, 7 rounds, 16 boards", large_event(64, 7, 16)),
    ] {
        let start = Instant::now();
        let files = sheets::all_sheets(&event, &Tr::new(Lang::ZH_HANS)).expect("renders");
        let took = start.elapsed();
        // To look at them: FUSHI_SHEETS_OUT=/some/dir.
        if let Ok(dir) = std::env::var("FUSHI_SHEETS_OUT") {
            let dir = Path::new(&dir).join(event.settings.slug.as_str());
            sheets::write_dir(&dir, &files).expect("write the sheets");
        }
        let total: usize = files.iter().map(|f| f.bytes.len()).sum();
        let biggest = files.iter().max_by_key(|f| f.bytes.len()).expect("a file");
        let round1 = file(&files, "round-1.pdf");
        println!(
            "{label}: {} files, {:.2} s, {} KiB in all, largest {} {} KiB, round-1.pdf {} KiB ({} pages), standings.pdf {} KiB",
            files.len(),
            took.as_secs_f64(),
            total / 1024,
            biggest.name,
            biggest.bytes.len() / 1024,
            round1.bytes.len() / 1024,
            pages(&round1.bytes),
            file(&files, "standings.pdf").bytes.len() / 1024,
        );
        // The same through the command line: load from SQLite, render, write.
        let db = TestDb::sqlite();
        fushi::db::insert_event(&mut db.open(), &event).expect("insert");
        let out = tempfile::tempdir().expect("a temporary directory");
        let start = Instant::now();
        let run = fushi_command()
            .args(["export", &event.settings.slug])
            .arg(out.path())
            .args(["--sheets", "--db", db.url()])
            .output()
            .expect("run fushi");
        assert!(run.status.success());
        println!(
            "{label}: `fushi export --sheets` {:.2} s",
            start.elapsed().as_secs_f64()
        );
    }
}
