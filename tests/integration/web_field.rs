//! The whole field on a board (docs/rules.md §11) on the pages: travellers, the Butler ranking and
//! its CSV, on the sample club night (with its line-ups). Expected figures come from the
//! independent reference calculator (tests/reference/compute.py →
//! tests/data/club-night-expected/travellers.csv and butler.csv) or from hand arithmetic.

use crate::common;
use fushi::rules::TeamNo;

use std::path::{Path, PathBuf};

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::http::{Page, anonymous, browser};
use common::{TestDb, backends};
use fushi::archive::ArchiveFiles;

/// What a traveller says while its board is not released (locales/en/field.ftl,
/// `field-not-released`), and what it shows instead of rooms then (`field-no-results`).
const NOT_RELEASED: &str = "Not every room of the round has played this board yet";
const NO_RESULTS: &str = "No results yet.";

fn sample_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night")
}

fn expected(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/club-night-expected")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sample() -> ArchiveFiles {
    ArchiveFiles::read(&sample_dir()).expect("the sample archive reads")
}

fn import(db: &TestDb, files: &ArchiveFiles) {
    fushi::transfer::import(&mut db.open(), files).expect("the archive imports");
}

/// The sample without the lines of `name` for which `drop` holds.
fn without(name: &str, drop: impl Fn(&str) -> bool) -> ArchiveFiles {
    let mut files = sample();
    let text: String = files
        .get(name)
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(i, l)| *i == 0 || !drop(l))
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    files.insert(name, text);
    files
}

/// The rows (`<tr>…</tr>`) of the body of the table with class `class`.
fn body_rows<'a>(page: &'a Page, class: &str) -> Vec<&'a str> {
    let body = &page.body;
    let start = body
        .find(&format!("class=\"list {class}\""))
        .unwrap_or_else(|| panic!("no table {class} in:\n{body}"));
    let table = &body[start..];
    let table = &table[..table.find("</table>").unwrap()];
    let tbody = &table[table.find("<tbody>").unwrap()..];
    tbody
        .split("<tr")
        .skip(1)
        .map(|r| &r[..r.find("</tr>").unwrap()])
        .collect()
}

/// A figure as the pages print it: `+2`, `−1` (typographic minus), `0`.
fn signed(cell: &str) -> String {
    match cell.parse::<i32>().unwrap() {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("\u{2212}{}", -n),
        _ => "0".to_owned(),
    }
}

/// The reference traveller rows of round `round`, board `board`:
/// (table, room, declarers, defenders, P, s, swing, datum).
fn reference(round: &str, board: &str) -> Vec<Vec<String>> {
    expected("travellers.csv")
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_owned).collect::<Vec<_>>())
        .filter(|c| c[0] == round && c[1] == board)
        .map(|c| c[2..].to_vec())
        .collect()
}

#[track_caller]
fn check_rows(rows: &[&str], want: &[Vec<String>]) {
    assert_eq!(rows.len(), want.len(), "{rows:#?}");
    for (row, w) in rows.iter().zip(want) {
        let room = if w[1] == "open" {
            "Open room"
        } else {
            "Closed room"
        };
        for needle in [
            format!("/tables/{}\">{}</a>", w[0], w[0]),
            format!("<td>{room}</td>"),
            format!("#{}</span>", w[2]),
            format!("#{}</span>", w[3]),
            format!("<td class=\"num\">{}</td>", w[4]),
            format!(">{}</td>", signed(&w[5])),
            format!(">{}</td>", signed(&w[6])),
        ] {
            assert!(row.contains(&needle), "{needle:?} not in {row}");
        }
    }
}

#[actix_web::test]
async fn a_traveller_shows_every_room_with_the_reference_figures() {
    for db in backends() {
        import(&db, &sample());
        let mut b = browser(&db).await;
        for (round, board) in [("1", "1"), ("2", "3"), ("3", "4")] {
            let page = b
                .get_ok(&format!("/t/club-night/rounds/{round}/boards/{board}"))
                .await;
            let want = reference(round, board);
            check_rows(&body_rows(&page, "traveller-table"), &want);
            let datum = want[0][7].replace('-', "\u{2212}");
            page.has(&format!("<dd class=\"datum\">{datum}</dd>"));
            // Four rooms: nothing is dropped from the datum.
            page.has("over every room shown.")
                .lacks("data-live")
                .lacks(NOT_RELEASED);
        }
        // Round 1 board 1 by hand: s = 1, −1, 2, −5 (P 55, 90, 25, 250); the datum is
        // (1 − 1 + 2 − 5) / 4 = −0.75 and the average P (55 + 90 + 25 + 250) / 4 = 105;
        // each result once.
        let page = b.get("/t/club-night/rounds/1/boards/1").await;
        page.has("<dd class=\"datum\">\u{2212}0.75</dd>")
            .has("<dt>Average P</dt><dd>105</dd>");
        let freq = body_rows(&page, "frequencies");
        assert_eq!(freq.len(), 4);
        assert!(freq[0].contains("+2") && freq[0].contains("declarers up 2"));
        assert!(freq[3].contains("\u{2212}5") && freq[3].contains("<td class=\"num\">1</td>"));
        // Linked from the round's board list and from the match page; boards page on.
        b.get("/t/club-night/rounds/1")
            .await
            .has("href=\"/t/club-night/rounds/1/boards/4\"");
        b.get("/t/club-night/rounds/1/tables/2")
            .await
            .has("href=\"/t/club-night/rounds/1/boards/3\"");
        page.has("href=\"/t/club-night/rounds/1/boards/2\"");
        // No such board or round.
        assert_eq!(
            b.get("/t/club-night/rounds/1/boards/9").await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            b.get("/t/club-night/rounds/7/boards/1").await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[actix_web::test]
async fn a_traveller_reads_in_chinese_and_prints() {
    let db = TestDb::sqlite();
    import(&db, &sample());
    let mut b = browser(&db).await;
    b.accept_language = "zh-CN".to_owned();
    let page = b
        .request(
            TestRequest::get()
                .uri("/t/club-night/rounds/1/boards/1")
                .insert_header(("Accept-Language", "zh-CN")),
        )
        .await;
    page.has("1 号牌成绩单")
        .has("庄家方")
        .has("闲家上台升5级")
        .has("基准");
    // The print stylesheet keeps the traveller and drops the page furniture.
    let css = b.get("/static/fushi.css").await;
    css.has(".traveller");
}

#[actix_web::test]
async fn while_a_round_is_played_only_boards_played_everywhere_show() {
    for db in backends() {
        // Round 3, table 2, closed room: board 4 is still to come.
        import(
            &db,
            &without("results.csv", |l| l.starts_with("3,2,closed,4,")),
        );
        let mut b = browser(&db).await;
        // The public's view: the tournament's directors see every result on these pages.
        let mut public = anonymous(&db).await;
        // Board 1 has been played in every room (docs/rules.md §5): released, every room
        // shows, and the datum is the mean of all four: (1 + 2 − 1 + 1) / 4 = 0.75.
        let page = public.get("/t/club-night/rounds/3/boards/1").await;
        check_rows(&body_rows(&page, "traveller-table"), &reference("3", "1"));
        page.has("<dd class=\"datum\">0.75</dd>")
            .lacks(NOT_RELEASED)
            .lacks(NO_RESULTS)
            .has("data-live");
        // Board 4 is still to be played in table 2's closed room: no room of it shows, not
        // even the three that played it.
        let page = public.get("/t/club-night/rounds/3/boards/4").await;
        page.has(NOT_RELEASED).has(NO_RESULTS);
        for row in reference("3", "4") {
            page.lacks(&format!("<td class=\"num\">{}</td>", row[4]));
        }

        // The director sees every room at once.
        let page = b.get_ok("/d/club-night/rounds/3/boards/1").await;
        check_rows(&body_rows(&page, "traveller-table"), &reference("3", "1"));
        page.has("director&#39;s view")
            .lacks(NOT_RELEASED)
            .lacks(NO_RESULTS);

        // The Butler ranking says that it is provisional, and counts what the public sees:
        // Grace Lin & Henry Xu (team 4) sat in that closed room of round 3, so they have 8
        // boards in the complete archive (tests/data/club-night-expected/butler.csv) and 7
        // here (board 4 of round 3 is not released).
        let page = public.get("/t/club-night/butler").await;
        page.has("A round is in progress");
        let grace = body_rows(&page, "butler-table")
            .into_iter()
            .find(|r| r.contains("Grace Lin"))
            .unwrap();
        assert!(grace.contains("<td class=\"num\">7</td>"), "{grace}");
        assert!(expected("butler.csv").contains(",4,Grace Lin;Henry Xu,8,"));
    }
}

#[actix_web::test]
async fn the_butler_ranking_and_its_csv_match_the_reference() {
    for db in backends() {
        import(&db, &sample());
        let mut b = browser(&db).await;
        let csv = b.get_ok("/t/club-night/butler.csv").await;
        assert!(csv.content_type.starts_with("text/csv"));
        assert_eq!(csv.body, expected("butler.csv"));
        let lineups = b.get("/t/club-night/lineups.csv").await;
        assert_eq!(
            lineups.body,
            std::fs::read_to_string(sample_dir().join("lineups.csv")).unwrap()
        );

        let page = b.get_ok("/t/club-night/butler").await;
        // The method and the datum rule are stated.
        page.has("the single highest and the single lowest s are dropped first")
            .has("s − datum on a board its side declared");
        let rows = body_rows(&page, "butler-table");
        assert_eq!(rows.len(), 15);
        // The pair that played in both rooms across rounds: 6.75 over 8 boards (by hand in
        // tests/integration/archive.rs).
        for needle in ["\">1</th>", "张伟 &#38; 李娜", ">8<", ">6.75<", ">0.84<"] {
            assert!(rows[0].contains(needle), "{needle} not in {}", rows[0]);
        }
        assert!(rows[8].contains(">9=</th>") && rows[9].contains(">9=</th>"));
        assert!(rows[14].contains("\u{2212}7.50"));
        b.get("/t/club-night")
            .await
            .has("href=\"/t/club-night/butler\"")
            .has("href=\"/t/club-night/butler.csv\"");
    }
}

#[actix_web::test]
async fn without_line_ups_there_is_no_butler() {
    let db = TestDb::sqlite();
    let mut files = sample();
    let names: Vec<String> = files.names().map(str::to_owned).collect();
    let mut kept = ArchiveFiles::new();
    for n in names.iter().filter(|n| *n != "lineups.csv") {
        kept.insert(n.clone(), files.get(n).unwrap().to_owned());
    }
    files = kept;
    import(&db, &files);
    let mut b = browser(&db).await;
    for path in [
        "/t/club-night/butler",
        "/t/club-night/butler.csv",
        "/t/club-night/lineups.csv",
    ] {
        assert_eq!(b.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    b.get("/t/club-night").await.lacks("/t/club-night/butler");
    // Travellers need no line-ups.
    assert_eq!(
        b.get("/t/club-night/rounds/1/boards/1").await.status,
        StatusCode::OK
    );
}

/// The one result of the sample further than 3 levels from its board's datum, by the
/// reference traveller: round 1, board 1, table 2 closed room, s = −5 (P 250) against the
/// datum (1 − 1 + 2 − 5) / 4 = −0.75, 4.25 away; the field's average P is 105.
const FLAG: &str = "Board 1, table 2 Closed room: defenders 250 when the field averaged 105";

#[actix_web::test]
async fn odd_results_are_flagged_checked_and_audited() {
    for db in backends() {
        import(&db, &sample());
        let mut b = browser(&db).await;
        let page = b.get_ok("/d/club-night/rounds/1").await;
        page.has(FLAG)
            .has("(s \u{2212}5, datum \u{2212}0.75)")
            .has("name=\"threshold\" min=\"1\" max=\"20\" value=\"3\"")
            .has("href=\"/d/club-night/rounds/1/boards/1\"");
        assert_eq!(page.body.matches("data-flag=").count(), 1);
        // On the entry page of that match, and not on the other one.
        b.get("/d/club-night/rounds/1/tables/2").await.has(FLAG);
        b.get("/d/club-night/rounds/1/tables/1")
            .await
            .lacks(FLAG)
            .has("No result of this round looks odd.");
        // The director's traveller marks it.
        let traveller = b.get("/d/club-night/rounds/1/boards/1").await;
        let rows = body_rows(&traveller, "traveller-table");
        assert!(rows[3].contains("odd-result") && rows[3].contains("#4</span>"));
        assert!(!rows[2].contains("odd-result"));
        // No other round has one.
        for round in [2, 3] {
            b.get(&format!("/d/club-night/rounds/{round}"))
                .await
                .has("No result of this round looks odd.");
        }

        // Marked as checked from the entry page: back there, and in the audit trail.
        let page = b
            .post(
                "/d/club-night/rounds/1/odd",
                &[("flag", "1:1:2:closed:field"), ("back", "entry")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(
            page.location.as_deref(),
            Some("/d/club-night/rounds/1/tables/2")
        );
        b.get("/d/club-night/rounds/1")
            .await
            .has("checked by admin")
            .lacks("name=\"flag\"");
        b.get("/d/club-night/audit")
            .await
            .has("odd result: round 1 table 2")
            .has("checked");
        // A flag that does not exist cannot be marked.
        let page = b
            .post(
                "/d/club-night/rounds/1/odd",
                &[("flag", "1:2:1:open:field")],
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);

        // At 5 levels the result is no longer flagged; the threshold is audited.
        let page = b
            .post(
                "/d/club-night/rounds/1/odd-threshold",
                &[("threshold", "5")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        b.get("/d/club-night/rounds/1")
            .await
            .lacks(FLAG)
            .has("value=\"5\"");
        b.get("/d/club-night/audit")
            .await
            .has("odd_result_threshold");
        for bad in ["0", "21", "three"] {
            let page = b
                .post(
                    "/d/club-night/rounds/1/odd-threshold",
                    &[("threshold", bad)],
                )
                .await;
            assert_eq!(page.status, StatusCode::BAD_REQUEST, "{bad}");
            page.has("The threshold must be a whole number from 1 to 20.");
        }
    }
}

#[actix_web::test]
async fn line_ups_are_chosen_on_the_entry_page() {
    for db in backends() {
        // Round 3 table 1 (team 3 home, team 1 away) has no line-up yet.
        import(&db, &without("lineups.csv", |l| l.starts_with("3,1,")));
        let mut b = browser(&db).await;
        let page = b.get_ok("/d/club-night/rounds/3/tables/1").await;
        page.has("<h2 id=\"lineups-title\">Line-ups</h2>");
        // Nothing is chosen until the director chooses: a pair not given stands empty and
        // says so (it is saved by its own button, apart from the results), with who sat
        // last time as a hint: team 1 sat 张伟 and 李娜 in the open room of round 2.
        page.has("name=\"open-1-1\"><option value=\"\" selected>—</option><option value=\"张伟\">")
            .lacks("<option value=\"张伟\" selected>")
            .lacks("<option value=\"郑海\" selected>")
            .has("not given yet")
            .has("(last time: 张伟 &#38; 李娜)")
            .has("apart from the results");

        // Saved, with the other room's pairs; the export writes them.
        let page = b
            .post(
                "/d/club-night/rounds/3/tables/1/lineups",
                &[
                    ("open-3-1", "周明"),
                    ("open-3-2", "吴芳"),
                    ("open-1-1", "陈静"),
                    ("open-1-2", "王强"),
                    ("closed-3-1", "郑海"),
                    ("closed-3-2", "冯雪"),
                    ("closed-1-1", "李娜"),
                    ("closed-1-2", "张伟"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let files = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
        assert_eq!(
            files.get("lineups.csv").unwrap(),
            std::fs::read_to_string(sample_dir().join("lineups.csv"))
                .unwrap()
                .trim_start_matches('\u{feff}'),
            "the line-ups chosen are the sample's own"
        );
        b.get("/d/club-night/rounds/3/tables/1")
            .await
            .has("Line-ups saved.")
            .has("<option value=\"陈静\" selected>");
        b.get("/d/club-night/audit")
            .await
            .has("round 3 table 1 closed room team 1 line-up")
            .has("李娜;张伟");

        // Half a pair, a player of another team, the same player twice: refused, nothing
        // changes.
        for (form, why) in [
            (
                vec![("open-3-1", "周明")],
                "Choose both players of a pair, or neither.",
            ),
            (
                vec![("open-3-1", "周明"), ("open-3-2", "张伟")],
                "张伟 is not a member of team 3",
            ),
            (
                vec![("open-3-1", "周明"), ("open-3-2", "周明")],
                "周明 is chosen twice",
            ),
            (
                vec![
                    ("open-3-1", "周明"),
                    ("open-3-2", "吴芳"),
                    ("closed-3-1", "吴芳"),
                    ("closed-3-2", "郑海"),
                ],
                "吴芳 cannot sit in both rooms of round 3 table 1",
            ),
        ] {
            let page = b
                .post("/d/club-night/rounds/3/tables/1/lineups", &form)
                .await;
            assert_eq!(page.status, StatusCode::BAD_REQUEST);
            page.has(why);
        }
        let files = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
        assert!(
            files
                .get("lineups.csv")
                .unwrap()
                .contains("3,1,open,3,周明;吴芳\n")
        );
        // A bye has no line-up form.
        b.get("/d/club-night/rounds/3/tables/3")
            .await
            .lacks("lineups-title");
    }
}

/// A line-up the database refuses (a player of another team, one player twice, a player
/// in both rooms) is worded in the director's language: the Chinese page holds the Chinese
/// words and none of the English ones.
#[actix_web::test]
async fn a_refused_line_up_is_worded_in_the_director_s_language() {
    for db in backends() {
        import(&db, &without("lineups.csv", |l| l.starts_with("3,1,")));
        let mut b = browser(&db).await;
        // The page with the form, for its CSRF token.
        b.get_ok("/d/club-night/rounds/3/tables/1").await;
        let cases = [
            (
                vec![("open-3-1", "周明"), ("open-3-2", "张伟")],
                [
                    "Line-ups not saved: 张伟 is not a member of team 3.",
                    "阵容未保存：张伟 不是 3 号队的队员。",
                    "陣容未儲存：张伟 不是 3 號隊的隊員。",
                    "is not a member",
                ],
                "",
            ),
            (
                vec![("open-3-1", "周明"), ("open-3-2", "周明")],
                [
                    "Line-ups not saved: Open room, team 3: 周明 is chosen twice.",
                    "阵容未保存：开室，3 号队：周明 被选了两次。",
                    "陣容未儲存：開室，3 號隊：周明 被選了兩次。",
                    "chosen twice",
                ],
                "Open room",
            ),
            (
                vec![
                    ("open-3-1", "周明"),
                    ("open-3-2", "吴芳"),
                    ("closed-3-1", "吴芳"),
                    ("closed-3-2", "郑海"),
                ],
                [
                    "Line-ups not saved: 吴芳 cannot sit in both rooms of round 3 table 1.",
                    "阵容未保存：吴芳 不能同时坐在第 3 轮第 1 桌的开闭两室。",
                    "陣容未儲存：吴芳 不能同時坐在第 3 輪第 1 桌的開閉兩室。",
                    "cannot sit in both rooms",
                ],
                "",
            ),
        ];
        for (form, [en, hans, hant, english], room) in &cases {
            for (language, words) in [("en", en), ("zh-CN", hans), ("zh-TW", hant)] {
                b.accept_language = language.to_owned();
                let page = b
                    .post("/d/club-night/rounds/3/tables/1/lineups", form)
                    .await;
                assert_eq!(page.status, StatusCode::BAD_REQUEST, "{language}");
                page.has(words);
                if language != "en" {
                    page.lacks(english)
                        .lacks("Line-ups not saved")
                        .lacks(" room");
                    if !room.is_empty() {
                        page.lacks(room);
                    }
                }
            }
        }
        // Nothing was saved.
        let files = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
        assert!(!files.get("lineups.csv").unwrap().contains("\n3,1,"));
    }
}

#[test]
fn a_match_whose_teams_change_loses_its_line_ups() {
    for db in backends() {
        // Round 3 not played yet, line-ups already chosen.
        import(&db, &without("results.csv", |l| l.starts_with("3,")));
        let mut conn = db.open();
        let pairings =
            [(1, 3, Some(1)), (2, 5, Some(4)), (3, 2, None)].map(|(table, home, away)| {
                fushi::rules::Pairing {
                    table,
                    home: TeamNo(home),
                    away: away.map(TeamNo),
                }
            });
        assert!(
            crate::common::edits::replace_pairings(&mut conn, "club-night", 3, &pairings).unwrap()
        );
        let event = fushi::db::load_event(&mut conn, "club-night")
            .unwrap()
            .unwrap();
        let tables: Vec<(i32, i32)> = event
            .lineups
            .iter()
            .filter(|l| l.round == 3)
            .map(|l| (l.table, l.team.get()))
            .collect();
        // Table 1 kept its teams and its four line-ups; table 2 (now 5 v 4) lost its own.
        assert_eq!(tables, [(1, 1), (1, 3), (1, 1), (1, 3)]);
        // So the export imports again.
        let files = fushi::transfer::export(&mut conn, "club-night").unwrap();
        let fresh = TestDb::sqlite();
        fushi::transfer::import(&mut fresh.open(), &files).expect("the export imports");
    }
}

/// Every board of every archive of the reference sweep (tests/data/sweep: 1, 2 and 3 decks,
/// every preset and custom band tables, rulings, totals without trick points, penalties,
/// byes, in-progress matches) and of the sample: the traveller rows, swings and datum equal
/// the `travellers.csv` the Python reference wrote.
#[test]
fn every_traveller_of_the_sweep_matches_the_reference() {
    use fushi::rules::Scorer;
    use fushi::rules::field::Traveller;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sweep");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("tournament.toml").is_file())
        .collect();
    dirs.sort();
    dirs.push(sample_dir());
    assert!(dirs.len() > 5);
    for dir in dirs {
        let files = ArchiveFiles::read(&dir).unwrap();
        let event = fushi::archive::parse(&files).unwrap().event;
        let scorer = Scorer::new(&event.settings);
        let mut got = String::from(
            "round,board,table,room,declarers,defenders,defender_total,table_score,swing,datum\n",
        );
        for round in &event.rounds {
            for board in &round.boards {
                let t = Traveller::of(&scorer, round, board.number).unwrap();
                for r in &t.rows {
                    let opt = |v: Option<i32>| v.map(|v| v.to_string()).unwrap_or_default();
                    got.push_str(&format!(
                        "{},{},{},{},{},{},{},{},{},{}\n",
                        round.number,
                        board.number,
                        r.table,
                        r.room,
                        r.declarers,
                        r.defenders,
                        opt(r.outcome.defender_total),
                        r.score(),
                        opt(r.swing),
                        t.datum.map(|d| d.two_decimals()).unwrap_or_default(),
                    ));
                }
            }
        }
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let expected_dir = if dir == sample_dir() {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/club-night-expected")
        } else {
            root.join(format!("{name}-expected"))
        };
        let want = std::fs::read_to_string(expected_dir.join("travellers.csv")).unwrap();
        // The reference writes its CSV files as fushi does, with a byte-order mark.
        let want = want.strip_prefix('\u{feff}').unwrap_or(&want);
        let got = got.strip_prefix('\u{feff}').unwrap_or(&got);
        assert_eq!(got, want, "{name}");
    }
}

#[actix_web::test]
async fn a_round_s_travellers_print_together() {
    for db in backends() {
        import(&db, &sample());
        let mut b = browser(&db).await;
        b.get("/t/club-night/rounds/2")
            .await
            .has("href=\"/t/club-night/rounds/2/travellers\"");
        let page = b.get_ok("/t/club-night/rounds/2/travellers").await;
        assert_eq!(
            page.body
                .matches("<article class=\"traveller traveller-page\">")
                .count(),
            4
        );
        // Each board's datum from the reference, in board order.
        let datums: Vec<String> = (1..=4)
            .map(|board| {
                let d = reference("2", &board.to_string())[0][7].replace('-', "\u{2212}");
                format!("<dd class=\"datum\">{d}</dd>")
            })
            .collect();
        let mut from = 0;
        for d in &datums {
            let at = page.body[from..]
                .find(d.as_str())
                .unwrap_or_else(|| panic!("{d}"));
            from += at + d.len();
        }
        assert_eq!(
            b.get("/t/club-night/rounds/9/travellers").await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[actix_web::test]
async fn a_round_s_travellers_as_a_pdf() {
    let db = TestDb::sqlite();
    import(&db, &sample());
    let mut b = browser(&db).await;
    let page = b.get_ok("/t/club-night/rounds/1/travellers.pdf").await;
    assert_eq!(page.content_type, "application/pdf");
    let doc = lopdf::Document::load_mem(&page.bytes).expect("a valid PDF");
    // One page per board.
    assert_eq!(doc.get_pages().len(), 4);
    let text: String = pdf_extract::extract_text_from_mem(&page.bytes)
        .unwrap()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    for needle in [
        "Travellerofboard1",
        "Travellerofboard4",
        "250",
        "declarersup2",
        "105",
    ] {
        assert!(text.contains(needle), "{needle} not in {text}");
    }
}
