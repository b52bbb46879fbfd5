//! fushi in a real browser: the `fushi` binary serving a test database, driven by headless
//! Chromium through chromedriver (`/usr/bin/chromium`, `/usr/bin/chromedriver`; other paths
//! through `FUSHI_CHROMIUM` and `FUSHI_CHROMEDRIVER`). Where either is missing each test
//! prints a notice and passes without running.
//!
//! With `FUSHI_SCREENSHOTS=DIR` the tests also leave screenshots of the pages in DIR.

use crate::common;
use crate::common::browser;

use browser::{browser_tools, log_in, open_browser, screenshot, serve, wait_while_at};
use common::http::ensure_user;
use common::{TestDb, backends, import_club_night, table_entry};
use fantoccini::Client;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fushi::archive::ArchiveFiles;
use fushi::db::accounts::Role;
use fushi::rules::{Combination, EntryFigures, LastTrick, Room, TableEntry};

// WebDriver's codes for the keys that are not characters.
const TAB: char = '\u{E004}';
const ENTER: char = '\u{E007}';
const CONTROL: char = '\u{E009}';
const UP: char = '\u{E013}';
const DOWN: char = '\u{E015}';

/// A keyboard that counts what it presses: every character of `keys` is one key press;
/// a chord (Ctrl+Enter) counts each key in it.
struct Keyboard<'a> {
    client: &'a Client,
    presses: usize,
}

impl Keyboard<'_> {
    async fn press(&mut self, keys: &str) {
        let mut actions = KeyActions::new("keyboard".to_owned());
        for key in keys.chars() {
            actions = actions
                .then(KeyAction::Down { value: key })
                .then(KeyAction::Up { value: key });
            self.presses += 1;
        }
        self.client.perform_actions(actions).await.expect("keys");
    }

    async fn chord(&mut self, modifier: char, key: char) {
        let actions = KeyActions::new("keyboard".to_owned())
            .then(KeyAction::Down { value: modifier })
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key })
            .then(KeyAction::Up { value: modifier });
        self.presses += 2;
        self.client.perform_actions(actions).await.expect("keys");
    }
}

async fn focused_id(client: &Client) -> String {
    client
        .execute("return document.activeElement.id;", vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

const EVENING_TOML: &str = r#"name = "Director's Evening 夜场"
slug = "evening"
published = true
decks = 2
rules = "standard"
"#;

const EVENING_TEAMS: &str = "team_no,name,club,members
1,Red Tractors,,R1;R2;R3;R4
2,江南牌友,,甲;乙;丙;丁
3,Blue Levels,,B1;B2;B3;B4
4,Green Bottoms,,G1;G2;G3;G4
";

const EVENING_BOARDS: &str = "round,board,dealer,level,trump
1,1,N,2,S
1,2,E,3,H
1,3,S,4,
1,4,W,5,D
1,5,N,6,C
1,6,E,7,NT
1,7,S,8,
1,8,W,9,S
";

const EVENING_SCHEDULE: &str = "round,table,home,away
1,1,1,2
1,2,3,4
";

/// One round of 8 boards, two matches, no result yet.
fn import_evening(db: &TestDb) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("tournament.toml", EVENING_TOML),
        ("teams.csv", EVENING_TEAMS),
        ("boards.csv", EVENING_BOARDS),
        ("schedule.csv", EVENING_SCHEDULE),
        // Nothing played yet: the header only (docs/rules.md §9: a schedule needs it).
        (
            "results.csv",
            "round,table,room,board,trick_points,bottom_points,last_trick,combo,\
             declarer_penalty,defender_penalty,ruling,defender_total,table_score,result\n",
        ),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let files = ArchiveFiles::read(dir.path()).unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

/// The 16 rows of the sample match as the sheets give them: (trick points, bottom, last
/// trick, combination, declarer penalty). Four have the defenders' bottom.
fn sample_sheets() -> Vec<(Room, i32, TableEntry)> {
    let tricks = |t: i32| EntryFigures {
        trick_points: Some(t),
        ..EntryFigures::default()
    };
    let bottom = |t: i32, k: i32, c: Combination| EntryFigures {
        trick_points: Some(t),
        bottom_points: Some(k),
        last_trick: Some(LastTrick::Defenders),
        combo: Some(c),
        ..EntryFigures::default()
    };
    let open = [
        tricks(35),
        tricks(60),
        bottom(65, 20, Combination::Pair),
        tricks(85),
        tricks(0),
        tricks(120),
        bottom(40, 25, Combination::Single),
        tricks(45),
    ];
    let closed = [
        tricks(70),
        tricks(25),
        tricks(55),
        bottom(75, 10, Combination::Tractor(2)),
        EntryFigures {
            declarer_penalty: Some(10),
            ..tricks(90)
        },
        bottom(30, 15, Combination::Pair),
        tricks(60),
        tricks(50),
    ];
    let mut all = Vec::new();
    for (room, rows) in [(Room::Open, open), (Room::Closed, closed)] {
        for (i, entry) in rows.into_iter().enumerate() {
            all.push((room, i as i32 + 1, table_entry(entry)));
        }
    }
    all
}

/// The walkthrough's match typed from the sheets, keys counted: 16 rows, four with the
/// defenders' bottom (one a tractor with its length), one penalty through the row's rare
/// fields and one correction with the arrow keys. Then the save lands on the next match
/// still needing results, its first field focused, and the results are in the database.
#[actix_web::test]
async fn a_match_is_typed_from_the_sheets_in_at_most_90_keys() {
    let Some(tools) = browser_tools() else {
        return;
    };
    for db in backends() {
        import_evening(&db);
        ensure_user(&db, "director", Role::Admin);
        let (_server, base) = serve(&db);
        let (_driver, client) = open_browser(&tools, 1400, 1000).await;
        log_in(&client, &base, "director").await;
        client
            .goto(&format!("{base}/d/evening/rounds/1/tables/1"))
            .await
            .unwrap();
        assert_eq!(focused_id(&client).await, "o1-trick_points");

        let mut keys = Keyboard {
            client: &client,
            presses: 0,
        };
        let tab = |s: &str| format!("{s}{TAB}");
        let enter = |s: &str| format!("{s}{ENTER}");
        // Open room.
        keys.press(&enter("35")).await;
        keys.press(&enter("60")).await;
        keys.press(&enter(&format!("{}{}{}p", tab("65"), tab("20"), tab("d"))))
            .await;
        keys.press(&enter("85")).await;
        keys.press(&enter("0")).await;
        keys.press(&enter("120")).await;
        keys.press(&enter(&format!("{}{}{}s", tab("40"), tab("25"), tab("d"))))
            .await;
        keys.press(&enter("45")).await;
        // Closed room.
        assert_eq!(focused_id(&client).await, "c1-trick_points");
        keys.press(&enter("70")).await;
        keys.press(&enter("25")).await;
        keys.press(&enter("55")).await;
        // A tractor: its length L joins the tab path.
        keys.press(&enter(&format!(
            "{}{}{}{}2",
            tab("75"),
            tab("10"),
            tab("d"),
            tab("t")
        )))
        .await;
        // "+" opens the row's rare fields at the declarer's penalty.
        keys.press("90+").await;
        assert_eq!(focused_id(&client).await, "c5-declarer_penalty");
        keys.press(&enter("10")).await;
        keys.press(&enter(&format!("{}{}{}p", tab("30"), tab("15"), tab("d"))))
            .await;
        // Board 7 typed wrong, corrected from board 8 with the arrow keys.
        keys.press(&enter("65")).await;
        keys.press(&format!("{UP}60{DOWN}")).await;
        assert_eq!(focused_id(&client).await, "c8-trick_points");
        keys.press("50").await;
        keys.chord(CONTROL, ENTER).await;
        let presses = keys.presses;

        let landed = wait_while_at(&client, "/d/evening/rounds/1/tables/1").await;
        assert_eq!(
            landed, "/d/evening/rounds/1/tables/2",
            "the save lands on table 2, the next match without results"
        );
        assert_eq!(focused_id(&client).await, "o1-trick_points");
        let flash = client.source().await.unwrap();
        assert!(
            flash.contains("This is the next match that still needs results."),
            "{flash}"
        );
        screenshot(&client, "entry-next-match.png").await;
        eprintln!("keys pressed for the 16-row match: {presses}");
        assert!(presses <= 90, "{presses} keys for one match");

        let event = fushi::db::load_event(&mut db.open(), "evening")
            .unwrap()
            .unwrap();
        let m = &event.rounds[0].matches[0];
        let saved: Vec<(Room, i32, TableEntry)> = m
            .results
            .iter()
            .map(|r| (r.room, r.board, r.entry.clone()))
            .collect();
        assert_eq!(saved, sample_sheets());

        if std::env::var_os("FUSHI_SCREENSHOTS").is_some() {
            client
                .goto(&format!("{base}/d/evening/rounds/1/tables/1"))
                .await
                .unwrap();
            // The closed room's board 5, rare fields open, as a director sees it.
            client
                .execute(
                    "var f = document.getElementById('c5-trick_points'); f.focus();",
                    vec![],
                )
                .await
                .unwrap();
            screenshot(&client, "entry-desktop.png").await;
            client.set_window_size(390, 844).await.unwrap();
            client
                .execute(
                    "document.getElementById('o3-trick_points').focus();",
                    vec![],
                )
                .await
                .unwrap();
            screenshot(&client, "entry-390.png").await;
        }
        client.close().await.unwrap();
    }
}

/// The public pages of the club night, sheets' screen views included.
const PUBLIC_PAGES: [&str; 13] = [
    "/",
    "/t/club-night",
    "/t/club-night/standings",
    "/t/club-night/rounds",
    "/t/club-night/rounds/2",
    "/t/club-night/rounds/2/tables/1",
    "/t/club-night/teams",
    "/t/club-night/teams/1",
    "/t/club-night/teams/1/card",
    "/t/club-night/rounds/2/tables/1/sheet",
    "/t/club-night/rounds/2/sheets",
    "/t/club-night/rounds/2/wall",
    "/t/club-night/nowhere",
];

/// At 360 and 390 CSS pixels, in every language, no public page scrolls sideways as a
/// whole: `document.documentElement.scrollWidth` stays within the viewport. The standings,
/// round, team and overview tables show place, team and score without scrolling inside
/// the table: each score cell's box is within its table's box and the phone's width, and
/// those tables do not scroll sideways at all. Charts fit the width with readable text.
#[actix_web::test]
async fn no_public_page_scrolls_sideways_on_a_phone() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 390, 844).await;
    let mut wide = Vec::new();
    for width in [360u32, 390] {
        client.set_window_size(width, 844).await.unwrap();
        for lang in ["zh", "zh-Hant", "en"] {
            client
                .goto(&format!("{base}/lang?lang={lang}&next=/"))
                .await
                .unwrap();
            for page in PUBLIC_PAGES {
                client.goto(&format!("{base}{page}")).await.unwrap();
                let sizes = client
                    .execute(
                        "return [document.documentElement.scrollWidth, window.innerWidth];",
                        vec![],
                    )
                    .await
                    .unwrap();
                let scroll = sizes[0].as_u64().unwrap();
                let viewport = sizes[1].as_u64().unwrap();
                assert!(
                    viewport <= u64::from(width),
                    "viewport {viewport} at {width}"
                );
                if scroll > viewport {
                    wide.push(format!("{page} ({lang}, {width} px): {scroll} px"));
                }
                // Chart text as drawn (font size times the SVG's scale), at least 11 px.
                let smallest = client
                    .execute(
                        "var m = Infinity; document.querySelectorAll('svg.chart text').forEach(function (t) { \
                           if (t.getBoundingClientRect().width === 0) { return; } \
                           var c = t.getScreenCTM(); \
                           var s = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(c.a, c.b); \
                           if (s < m) { m = s; } }); return m === Infinity ? null : m;",
                        vec![],
                    )
                    .await
                    .unwrap();
                if let Some(px) = smallest.as_f64()
                    && px < 10.99
                {
                    wide.push(format!(
                        "{page} ({lang}, {width} px): chart text {px:.1} px"
                    ));
                }
                // Each score's right edge within its scrolling box, as it opens.
                let hidden = client
                    .execute(
                        "var out = []; document.querySelectorAll('table.matches td.score, table.standings td.score, table.team-matches td.score').forEach(function (c) { \
                           var wrap = c.closest('.scroll') || c.closest('table'); \
                           var box = wrap.getBoundingClientRect(); \
                           var cell = c.getBoundingClientRect(); \
                           var over = Math.max(cell.right - box.right, cell.right - window.innerWidth); \
                           if (cell.width === 0 || over > 0.5) { out.push(c.textContent.trim() + ' (' + Math.ceil(over) + ' px beyond, box ' + Math.round(box.width) + ' px)'); } \
                           if (wrap.scrollWidth > wrap.clientWidth + 1) { out.push('the table scrolls: ' + wrap.scrollWidth + ' in ' + wrap.clientWidth + ' px'); } }); \
                         document.querySelectorAll('svg.chart').forEach(function (s) { \
                           var r = s.getBoundingClientRect(); \
                           if (r.right > window.innerWidth + 0.5) { out.push('a chart ' + Math.round(r.width) + ' px wide'); } }); \
                         return out.join(' | ');",
                        vec![],
                    )
                    .await
                    .unwrap();
                if let Some(hidden) = hidden.as_str().filter(|h| !h.is_empty()) {
                    wide.push(format!(
                        "{page} ({lang}, {width} px): scores out of view: {hidden}"
                    ));
                }
                if width == 390 && page == "/t/club-night/rounds/2" {
                    screenshot(&client, &format!("phone-round-{lang}.png")).await;
                }
                if width == 390 && page == "/t/club-night/standings" {
                    screenshot(&client, &format!("phone-standings-{lang}.png")).await;
                }
                if width == 360 && page == "/t/club-night/standings" {
                    screenshot(&client, &format!("phone-360-standings-{lang}.png")).await;
                }
                if width == 360 && page == "/t/club-night/teams/1" {
                    screenshot(&client, &format!("phone-360-team-{lang}.png")).await;
                }
            }
        }
    }
    client.close().await.unwrap();
    assert!(
        wide.is_empty(),
        "pages wider than the phone, chart text too small, or scores out of view:\n{}",
        wide.join("\n")
    );
}

/// The director's entry page on a phone: at 360 and 390 CSS pixels, in both languages,
/// the page does not scroll sideways as a whole; each room's wide grid scrolls inside its
/// own box, which shows that it does (a shadow at the edge with more).
#[actix_web::test]
async fn the_entry_page_does_not_scroll_sideways_on_a_phone() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 390, 844).await;
    log_in(&client, &base, "director").await;
    let mut wide = Vec::new();
    for width in [360u32, 390] {
        client.set_window_size(width, 844).await.unwrap();
        for lang in ["zh", "zh-Hant", "en"] {
            client
                .goto(&format!("{base}/lang?lang={lang}&next=/"))
                .await
                .unwrap();
            client
                .goto(&format!("{base}/d/club-night/rounds/2/tables/1"))
                .await
                .unwrap();
            let found = client
                .execute(
                    "var grid = document.querySelector('.room .table-scroll'); \
                     return [document.documentElement.scrollWidth, window.innerWidth, \
                       grid.scrollWidth, grid.clientWidth, \
                       getComputedStyle(grid).backgroundImage];",
                    vec![],
                )
                .await
                .unwrap();
            let n = |i: usize| found[i].as_u64().unwrap();
            let (scroll, viewport, grid, grid_box) = (n(0), n(1), n(2), n(3));
            if scroll > viewport {
                wide.push(format!("{lang}, {width} px: the page is {scroll} px"));
            }
            assert!(
                grid > grid_box,
                "the grid scrolls in its box ({grid}/{grid_box})"
            );
            let cue = found[4].as_str().unwrap_or_default();
            if !cue.contains("gradient") {
                wide.push(format!("{lang}, {width} px: no cue that the grid scrolls"));
            }
        }
    }
    client.close().await.unwrap();
    assert!(wide.is_empty(), "{}", wide.join("\n"));
}
