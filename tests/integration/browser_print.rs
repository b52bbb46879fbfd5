//! Printing from the browser, as a director does with Ctrl+P: headless Chromium prints the
//! page to an A4 PDF (the WebDriver "print page" command) and the test counts its pages and
//! reads their text. The travellers one board a page (16 boards, 16 pages, each with its hand
//! record), the wall in large type on one page with its table (5 to 40 teams), the standings
//! under the event's name and the bracket without the site's navigation. Without Chromium
//! and chromedriver each test prints a notice and passes.

use crate::common;
use crate::common::browser;

use browser::{Cdp, browser_tools, open_browser, serve};
use common::{TestDb, import_club_night, large_event};
use fantoccini::Client;
use fantoccini::wd::{PrintConfiguration, PrintMargins, PrintSize};
use fushi::db;
use fushi::rules::{Event, Lineup, Room};

/// Team names as a club's evening has them: Chinese, English and both, short and long.
const NAMES: [&str; 8] = [
    "东城拖拉机",
    "Red Tractors",
    "八十分老友",
    "Level Up Lions",
    "Kings & Tens 十与K",
    "Riverside Shengji Society",
    "紫金山庄",
    "北岸80分",
];

/// The players' names, for the line-ups a traveller prints under each team.
const PLAYERS: [&str; 8] = [
    "张伟",
    "Alice Chen",
    "王强",
    "Ben Wu",
    "刘洋",
    "Carol Li",
    "陈静",
    "David Zhao",
];

/// A `teams`-team event of `rounds` rounds of `boards` boards with realistic names and
/// line-ups, dealt by fushi before play and then played (as `import_dealt_then_played`
/// does with an archive), so that every traveller carries its hand record. Its slug.
fn dealt_event(db: &TestDb, teams: usize, rounds: usize, boards: usize) -> String {
    let mut event: Event = large_event(teams, rounds, boards);
    for team in &mut event.teams {
        let n = usize::try_from(team.number.0).unwrap();
        team.name = match n {
            1..=8 => NAMES[n - 1].to_owned(),
            _ => format!("{} {n}", NAMES[n % 8]),
        };
    }
    for round in &event.rounds {
        for m in &round.matches {
            let Some(away) = m.away else { continue };
            for (room, team) in Room::BOTH
                .into_iter()
                .flat_map(|r| [(r, m.home), (r, away)])
            {
                let i = usize::try_from(team.0).unwrap() + if room == Room::Open { 0 } else { 2 };
                event.lineups.push(Lineup {
                    player_ids: [None, None],
                    round: round.number,
                    table: m.table,
                    room,
                    team,
                    players: [PLAYERS[i % 8].to_owned(), PLAYERS[(i + 1) % 8].to_owned()],
                });
            }
        }
    }
    let played = event.clone();
    for round in &mut event.rounds {
        for m in &mut round.matches {
            m.results.clear();
        }
    }
    let slug = event.settings.slug.clone();
    let mut conn = db.open();
    db::insert_event(&mut conn, &event).expect("the event inserts");
    let seed = fushi::transfer::draw_seed(None);
    db::dealing::set_seed(&mut conn, &slug, seed, "").expect("a seed set");
    db::dealing::deal_rounds(&mut conn, &slug, None, "").expect("every round dealt");
    for round in &played.rounds {
        for m in round.matches.iter().filter(|m| !m.results.is_empty()) {
            db::save_match_results_as(
                &mut conn,
                &slug,
                round.number,
                m.table,
                &m.results,
                "",
                None,
            )
            .expect("the results saved");
        }
    }
    slug
}

/// The page at `path` printed on A4 paper with the margins of the print style sheet, one
/// text per page.
async fn print(client: &Client, base: &str, path: &str) -> Vec<String> {
    print_pdf(client, base, path).await.0
}

/// [`print`], and the PDF.
async fn print_pdf(client: &Client, base: &str, path: &str) -> (Vec<String>, Vec<u8>) {
    client.goto(&format!("{base}{path}")).await.unwrap();
    browser::wait_for(client, "footer.site").await;
    let config = PrintConfiguration::builder()
        .size(PrintSize::A4)
        .margins(PrintMargins {
            top: 0.0,
            bottom: 0.0,
            left: 0.0,
            right: 0.0,
        })
        .build()
        .unwrap();
    let pdf = client.print(config).await.expect("the page printed");
    if let Ok(dir) = std::env::var("FUSHI_SCREENSHOTS") {
        let name = path.trim_start_matches('/').replace(['/', '?', '='], "-");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.pdf")), &pdf).unwrap();
    }
    let doc = lopdf::Document::load_mem(&pdf).expect("a PDF");
    let pages = doc
        .get_pages()
        .keys()
        .map(|&n| doc.extract_text(&[n]).unwrap_or_default())
        .collect();
    (pages, pdf)
}

#[actix_web::test]
async fn travellers_print_one_board_a_page_with_its_hand_record() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    let slug = dealt_event(&db, 8, 1, 16);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    let pages = print(
        &client,
        &base,
        &format!("/t/{slug}/rounds/1/travellers?lang=en"),
    )
    .await;
    assert_eq!(pages.len(), 16, "16 boards, 16 pages: {pages:#?}");
    for (i, text) in pages.iter().enumerate() {
        let board = i + 1;
        let heading = format!("Traveller of board {board}");
        assert_eq!(
            text.matches("Traveller of board ").count(),
            1,
            "page {board}: {text}"
        );
        assert!(text.contains(&heading), "page {board}: {text}");
        assert!(text.contains("Large event 8×1×16"), "page {board}: {text}");
        assert!(
            text.contains("The cards"),
            "page {board} has its hand record: {text}"
        );
    }
    let zh = print(
        &client,
        &base,
        &format!("/t/{slug}/rounds/1/travellers?lang=zh-Hans"),
    )
    .await;
    assert_eq!(zh.len(), 16);
}

/// The type size, in points, that most of the first page's text runs are set in (for a
/// sheet, its table's cells). Chromium's PDF sets text in CSS pixels under a page matrix of
/// 0.75 (1 px = 0.75 pt): the size operand of `Tf` times 0.75.
fn body_type_pt(pdf: &[u8]) -> f64 {
    let doc = lopdf::Document::load_mem(pdf).expect("a PDF");
    let first = *doc.get_pages().values().next().expect("a page");
    let content = doc
        .get_and_decode_page_content(first)
        .expect("the page's content");
    let mut runs: std::collections::BTreeMap<i64, usize> = Default::default();
    let mut size = 0.0;
    for op in &content.operations {
        match op.operator.as_str() {
            "Tf" => size = op.operands[1].as_float().expect("a size"),
            "Tj" | "TJ" => *runs.entry((size * 100.0).round() as i64).or_default() += 1,
            _ => {}
        }
    }
    let (size, _) = runs.iter().max_by_key(|(_, n)| **n).expect("some text");
    *size as f64 / 100.0 * 0.75
}

/// The wall after the last round on one A4 page whatever the field (5 to 40 teams), its
/// table on the title's page, in type that grows as the field shrinks: at least 15 pt up to
/// 12 teams, 12.5 pt up to 20, 9.5 pt for 40. The size goes by the number of teams only, so
/// Chinese names take the same type as English ones; Chinese is measured with the fonts the
/// machine has (CI has no CJK font: Chromium draws a fallback box per character, as wide
/// as a CJK character).
#[actix_web::test]
async fn the_wall_fits_one_page_in_large_type() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut fields = vec![("club-night".to_owned(), 3, 5)];
    for teams in [12, 20, 40] {
        let mut event = large_event(teams, 3, 4);
        for team in &mut event.teams {
            let n = usize::try_from(team.number.0).unwrap();
            team.name = format!("{} {n}", NAMES[n % 8]);
        }
        db::insert_event(&mut db.open(), &event).expect("the event inserts");
        fields.push((event.settings.slug.clone(), 3, teams));
    }
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    for (slug, round, teams) in fields {
        for lang in ["en", "zh-Hans"] {
            let path = format!("/t/{slug}/rounds/{round}/wall?lang={lang}");
            let (pages, pdf) = print_pdf(&client, &base, &path).await;
            assert_eq!(pages.len(), 1, "{path}: {pages:#?}");
            let size = body_type_pt(&pdf);
            let least = if teams <= 12 {
                14.9
            } else if teams <= 20 {
                12.4
            } else {
                9.4
            };
            assert!(size >= least, "{path}: {size} pt, not {least}");
            if lang == "en" {
                let page = &pages[0];
                assert!(page.contains("Results and standings"), "{path}: {page}");
                // The whole table is on the title's page: its last row too.
                assert!(
                    page.contains(&format!("\n{teams} ")) || page.contains(&format!("{teams}\n")),
                    "{path}: {page}"
                );
            }
        }
    }
}

/// The printable width of an A4 page under the print style sheet's 10 mm margins, in CSS
/// pixels: 190 mm at 96 px to the inch.
const A4_WIDTH_PX: u32 = 718;

/// The page at `path` laid out as Chromium prints it (print media, a viewport as wide as
/// the printable width of an A4 page): which of the site's header, the event's navigation
/// and the footer show (`gone`, to be empty), the boxes of the bracket's play-off texts
/// (`off`: left, right, width), the visible text and the page's width (`scroll`: how wide
/// its content is).
async fn printed_layout(client: &Client, base: &str, path: &str) -> serde_json::Value {
    client.goto(&format!("{base}{path}")).await.unwrap();
    browser::wait_for(client, "footer.site").await;
    client
        .issue_cmd(Cdp(
            "Emulation.setEmulatedMedia",
            serde_json::json!({ "media": "print" }),
        ))
        .await
        .expect("print media");
    client
        .issue_cmd(Cdp(
            "Emulation.setDeviceMetricsOverride",
            serde_json::json!({
                "width": A4_WIDTH_PX, "height": 1047, "deviceScaleFactor": 1, "mobile": false
            }),
        ))
        .await
        .expect("an A4 viewport");
    client
        .execute(
            r#"const gone = ["header.site", "nav.tour-nav", "footer.site", ".page-head .no-print"]
                 .filter(s => [...document.querySelectorAll(s)].some(e => e.getClientRects().length));
               const off = [...document.querySelectorAll("svg.bracket-svg text")]
                 .filter(t => t.textContent.includes("Play-off"))
                 .map(t => t.getBoundingClientRect())
                 .map(r => [r.left, r.right, r.width]);
               // Each table's right edge, and that of its right rule's outer half (a
               // collapsed border lies half outside the table's box); and the ties'
               // figures the page broke over two lines.
               const right = [...document.querySelectorAll("main table")]
                 .filter(t => t.getClientRects().length)
                 .map(t => {
                   const cells = [...t.querySelectorAll("tr > :last-child")];
                   const rule = Math.max(0, ...cells.map(c => parseFloat(getComputedStyle(c).borderRightWidth) || 0));
                   const right = t.getBoundingClientRect().right;
                   return [right, right + rule / 2];
                 });
               const broken = [...document.querySelectorAll("table.ties td.num")].filter(td => {
                 const r = document.createRange(); r.selectNodeContents(td);
                 return new Set([...r.getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.top))).size > 1;
               }).map(td => td.textContent);
               return { gone, off, right, broken, text: document.body.innerText,
                        width: document.documentElement.clientWidth,
                        scroll: document.documentElement.scrollWidth };"#,
            vec![],
        )
        .await
        .expect("the printed layout")
}

/// The standings on paper under the event's name, without the site's header or the
/// event's navigation; the bracket without its links, its play-off on the page.
#[actix_web::test]
async fn standings_and_bracket_print_without_the_navigation() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    common::import_championship(&db, "swiss-knockout-8");
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    let standings = print(&client, &base, "/t/club-night/standings?lang=en").await;
    assert!(
        standings[0].trim_start().starts_with("Thursday Club Night"),
        "{}",
        standings[0]
    );
    let path = "/t/stages-swiss-knockout-8/bracket?lang=en";
    let bracket = print(&client, &base, path).await;
    assert!(
        bracket[0]
            .trim_start()
            .starts_with("Championship swiss-knockout-8"),
        "{}",
        bracket[0]
    );
    let all = bracket.concat();
    for shown in ["Bracket", "QF1", "Final"] {
        assert!(all.contains(shown), "{shown}: {all}");
    }
    // Words only the site's header and the event's navigation have ("Teams" and "Rounds"
    // are in the standings' own text too: the navigation is checked on the page below).
    for page in [standings.concat(), all] {
        for gone in [
            "Director's area",
            "Sign in",
            "bracket.csv",
            "Skip to the content",
        ] {
            assert!(!page.contains(gone), "{gone} printed: {page}");
        }
    }
    let standings = printed_layout(&client, &base, "/t/club-night/standings?lang=en").await;
    assert_eq!(
        standings["gone"],
        serde_json::json!([]),
        "navigation printed"
    );

    // What the paper shows, read from the page laid out as Chromium prints it: print media
    // on a viewport as wide as the A4 page's printable width. lopdf's text reader does not
    // find the bracket's SVG text in the PDF (a PDF viewer does), so the play-off's box is
    // checked here: shown, and inside the page's width.
    let seen = printed_layout(&client, &base, path).await;
    let text = seen["text"].as_str().unwrap_or_default();
    assert!(text.contains("Play-off"), "the play-off on paper: {text}");
    for gone in ["Director's area", "Sign in", "bracket.csv"] {
        assert!(!text.contains(gone), "{gone} printed: {text}");
    }
    assert_eq!(seen["gone"], serde_json::json!([]), "navigation printed");
    let width = seen["width"].as_f64().unwrap();
    assert!(width <= f64::from(A4_WIDTH_PX), "{seen}");
    let boxes = seen["off"].as_array().expect("boxes");
    assert!(!boxes.is_empty(), "the play-off in the bracket: {seen}");
    for b in boxes {
        let (left, right, w) = (
            b[0].as_f64().unwrap(),
            b[1].as_f64().unwrap(),
            b[2].as_f64().unwrap(),
        );
        assert!(
            w > 0.0 && left >= 0.0 && right <= width,
            "the play-off off the page: {seen}"
        );
    }
}

/// On paper every table keeps its right rule (the outer half of a collapsed border lies
/// outside the table's box: a table as wide as the page lost it to the page's edge, as the
/// wall of 40 teams did) and the bracket's ties keep each figure whole ("−19.50 : 19.50"
/// broke over two lines), in both languages: the walls, a match sheet, the travellers and
/// the bracket. A table wider than the page is not checked: Chromium shrinks such a page
/// to fit what it draws, rules included.
#[actix_web::test]
async fn printed_tables_keep_their_right_rule_and_their_figures_whole() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    common::import_championship(&db, "swiss-knockout-8");
    let mut event = large_event(40, 3, 4);
    for team in &mut event.teams {
        let n = usize::try_from(team.number.0).unwrap();
        team.name = format!("{} {n}", NAMES[n % 8]);
    }
    db::insert_event(&mut db.open(), &event).expect("the event inserts");
    let large = format!("/t/{}/rounds/3/wall", event.settings.slug);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    for lang in ["en", "zh-Hans"] {
        for path in [
            large.as_str(),
            "/t/club-night/rounds/3/wall",
            "/t/club-night/rounds/3/tables/1/sheet",
            "/t/club-night/rounds/3/travellers",
            "/t/stages-swiss-knockout-8/bracket",
        ] {
            let path = format!("{path}?lang={lang}");
            let seen = printed_layout(&client, &base, &path).await;
            let width = seen["width"].as_f64().unwrap();
            let tables = seen["right"].as_array().expect("the tables");
            let fitting: Vec<f64> = tables
                .iter()
                .filter(|t| t[0].as_f64().unwrap() <= width + 0.5)
                .map(|t| t[1].as_f64().unwrap())
                .collect();
            if path.starts_with(&large) {
                assert!(!fitting.is_empty(), "{path}: the wall fits the page");
            }
            for rule in fitting {
                assert!(
                    rule <= width,
                    "{path}: a table's right rule at {rule} px, the page {width} px wide"
                );
            }
            assert_eq!(
                seen["broken"],
                serde_json::json!([]),
                "{path}: figures broken over two lines"
            );
        }
    }
}
