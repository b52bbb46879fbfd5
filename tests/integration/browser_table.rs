//! Entering at the table in a real phone-sized browser: the `fushi` binary serving a test
//! database, driven by headless Chromium through chromedriver (`/usr/bin/chromium`,
//! `/usr/bin/chromedriver`; other paths through `FUSHI_CHROMIUM` and
//! `FUSHI_CHROMEDRIVER`). Where either is missing the test prints a notice and passes
//! without running.
//!
//! It enters a whole 8-board room on a 390 px wide viewport, who sits included, and counts
//! the taps: docs/guide/table.md quotes the figure it prints.

use crate::common;
use crate::common::browser;

use std::time::{Duration, Instant};

use browser::screenshot;
use common::{TestDb, club_night_with_table_round};
use fantoccini::{Client, Locator};
use fushi::rules::Room;

const SLUG: &str = "club-night";
const BOARDS: i32 = 8;

/// The club night with a fourth round of 8 boards and table-side entry on: the token of
/// table 1's open room.
fn prepare(db: &TestDb) -> String {
    club_night_with_table_round(db, BOARDS, false);
    let mut conn = db.open();
    let (_, links) = fushi::db::table::round_links(&mut conn, SLUG, 4)
        .unwrap()
        .unwrap();
    links
        .into_iter()
        .find(|l| l.table == 1 && l.room == Room::Open)
        .unwrap()
        .token
}

/// Touches on the screen: a tap on a field, a choice or a button, and each key of the
/// on-screen keypad.
#[derive(Default, Debug)]
struct Taps {
    touches: usize,
    keys: usize,
}

impl Taps {
    async fn tap(&mut self, client: &Client, css: &str) {
        client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .click()
            .await
            .unwrap_or_else(|e| panic!("tap {css}: {e}"));
        self.touches += 1;
    }

    /// Keys into the field the page has moved to by itself: no tap, but it must be the
    /// field named `name`.
    async fn type_here(&mut self, client: &Client, name: &str, text: &str) {
        let here = client.active_element().await.unwrap();
        assert_eq!(
            here.attr("name").await.unwrap().as_deref(),
            Some(name),
            "the page has moved on to {name}"
        );
        here.send_keys(text).await.unwrap();
        self.keys += text.chars().count();
    }
}

/// The text of the page's `<main>`.
async fn main_text(client: &Client) -> String {
    client
        .find(Locator::Css("main"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

async fn wait_for(client: &Client, css: &str) {
    let start = Instant::now();
    while client.find(Locator::Css(css)).await.is_err() {
        assert!(start.elapsed() < Duration::from_secs(30), "no {css}");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the element `css` shows `want` among its text.
async fn wait_contains(client: &Client, css: &str, want: &str) {
    let start = Instant::now();
    loop {
        let now = match client.find(Locator::Css(css)).await {
            Ok(e) => e.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if now.contains(want) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{css} shows {now:?}, not {want:?}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn a_room_is_entered_on_a_phone() {
    let Some(tools) = browser::browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    let token = prepare(&db);

    let (_server, base) = browser::serve(&db);
    let (_driver, client) = browser::open_phone(&tools, 390, 844).await;

    let link = format!("{base}/table/{token}");
    client.goto(&link).await.unwrap();
    wait_for(&client, "form.table-form").await;
    // Phone first: nothing sticks out sideways at 390 px.
    let width = client
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .unwrap();
    let (scroll, inner) = (width[0].as_i64().unwrap(), width[1].as_i64().unwrap());
    assert_eq!(inner, 390, "the viewport");
    assert!(
        scroll <= inner,
        "the page is {scroll} px wide on a {inner} px phone"
    );

    // Who sits: each team's pair of its previous match in this room is chosen already
    // (东城拖拉机 round 3, Red Tractors round 2) and shown folded; the Red Tractors change
    // pairs: one tap opens their question, one picks the pair.
    let seated = |side: &str| format!("input[name=seat-{side}]:checked");
    let chosen = client.find(Locator::Css(&seated("ns"))).await.unwrap();
    assert_eq!(chosen.attr("value").await.unwrap().as_deref(), Some("2-4"));
    let folded = client
        .find(Locator::Css("#seat-ns summary .chosen"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(folded.trim(), "王强 & 陈静");
    let chosen = client.find(Locator::Css(&seated("ew"))).await.unwrap();
    assert_eq!(chosen.attr("value").await.unwrap().as_deref(), Some("0-1"));
    // The page opens with the entering pair's code field focused (no tap), the keypad up.
    let here = client.active_element().await.unwrap();
    assert_eq!(here.attr("name").await.unwrap().as_deref(), Some("code"));
    // Every board shows the declarers' last trick chosen before anything is typed: the
    // default is on the page, not decided behind it.
    for b in 1..=BOARDS {
        let declarers = client
            .find(Locator::Css(&format!(
                "input[name='{b}-last_trick'][value=declarer]"
            )))
            .await
            .unwrap();
        assert!(declarers.is_selected().await.unwrap(), "board {b}");
    }
    let mut taps = Taps::default();
    taps.tap(&client, "#seat-ew summary").await;
    taps.tap(&client, "input[name=seat-ew][value='2-3']").await;
    let folded = client
        .find(Locator::Css("#seat-ew summary"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(folded.contains("Carol Li & David Zhao"), "{folded}");
    // The entering pair's code from its slip says which side it is: the code field has the
    // keypad again once the pair is picked; six keys, and the page moves on to board 1.
    let ns_code = crate::common::code_for(&db, &token, "ns");
    let ew_code = crate::common::code_for(&db, &token, "ew");
    taps.type_here(&client, "code", &ns_code).await;
    for b in 1..=BOARDS {
        // Half the boards the declarers win the last trick: the trick points alone (45 of
        // 200 takes no further digit, and the declarers' last trick is already chosen, so
        // the page moves on to the next board). The others the defenders win with a pair
        // and 10 in the bottom: one tap on "pair" (it checks "defenders"), then the trick
        // points and the bottom, each moving on when full.
        if b % 2 == 1 {
            taps.type_here(&client, &format!("{b}-trick_points"), "45")
                .await;
        } else {
            taps.tap(&client, &format!("input[name='{b}-combo'][value=pair]"))
                .await;
            let defenders = client
                .find(Locator::Css(&format!(
                    "input[name='{b}-last_trick'][value=defenders]"
                )))
                .await
                .unwrap();
            assert!(defenders.is_selected().await.unwrap(), "board {b}");
            taps.type_here(&client, &format!("{b}-trick_points"), "70")
                .await;
            taps.type_here(&client, &format!("{b}-bottom_points"), "10")
                .await;
        }
    }
    // Every board's figures before Save, the default's included: 45 with the declarers'
    // last trick; 70 + 10 × 4 (a pair takes the bottom four times) = 110.
    for b in 1..=BOARDS {
        let want = if b % 2 == 1 { "P 45" } else { "P 110" };
        wait_contains(&client, &format!("[data-board-typed='{b}']"), want).await;
    }
    // After the last board the Save button has the focus.
    let here = client.active_element().await.unwrap();
    assert_eq!(
        here.attr("id").await.unwrap().as_deref(),
        Some("table-save")
    );
    screenshot(&client, "table-entering.png").await;
    taps.tap(&client, "#table-save").await;
    wait_for(&client, "#table-confirm").await;
    screenshot(&client, "table-saved.png").await;
    // The opponents' step is where the page opens after Save: their code field and the
    // button in view, no scrolling (the page held it 5,800 px down, under 8 boards).
    let view = client
        .execute(
            "var b = document.getElementById('table-confirm').getBoundingClientRect();              var c = document.querySelector('form.table-confirm input[name=code]').getBoundingClientRect();              return [c.top, b.bottom, window.innerHeight];",
            vec![],
        )
        .await
        .unwrap();
    let view: Vec<f64> = view
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!(
        view[0] >= 0.0 && view[1] <= view[2],
        "the code field from {} to the button at {}, on a {} px screen",
        view[0],
        view[1],
        view[2]
    );
    let body = main_text(&client).await;
    // Every board's figures right after the save: board 2 is 70 + 10 × 4 = 110.
    assert!(body.contains("110"), "{body}");
    assert!(body.contains("waiting for the opponents"), "{body}");
    // Who sits is on the page the opponents check, at its head.
    let seats = client
        .find(Locator::Css(".table-seats"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(seats.contains("Carol Li & David Zhao"), "{seats}");
    assert!(seats.contains("王强 & 陈静"), "{seats}");
    let entered = taps.touches + taps.keys;

    // The opponents, on the same phone: the page opened with their code field focused;
    // the sixth digit confirms (the Confirm button stays, for a page without scripts).
    taps.type_here(&client, "code", &ew_code).await;
    wait_for(&client, ".table-closed").await;
    let body = main_text(&client).await;
    assert!(body.contains("Confirmed"), "{body}");
    client.close().await.unwrap();

    let sheet = fushi::db::load_round(&mut db.open(), SLUG, 4)
        .unwrap()
        .unwrap();
    let results = &sheet.table(1).unwrap().results;
    assert_eq!(
        results.iter().filter(|r| r.room == Room::Open).count(),
        BOARDS as usize
    );
    let event = fushi::db::load_event(&mut db.open(), SLUG)
        .unwrap()
        .unwrap();
    let sat = |team: i32| {
        let l = event
            .lineup(4, 1, Room::Open, fushi::rules::TeamNo(team))
            .unwrap();
        l.players.join(" & ")
    };
    assert_eq!(sat(1), "王强 & 陈静");
    assert_eq!(sat(2), "Carol Li & David Zhao");
    assert!(
        event
            .lineup(4, 1, Room::Closed, fushi::rules::TeamNo(2))
            .is_none()
    );
    // Issue 37's goal for the room, line-ups and both codes included.
    assert!(
        taps.touches + taps.keys <= 45,
        "{} taps: {taps:?}",
        taps.touches + taps.keys
    );
    println!(
        "an {BOARDS}-board room: {} taps in all ({} on fields, choices and buttons, {} keypad keys; {entered} to enter, {} to confirm)",
        taps.touches + taps.keys,
        taps.touches,
        taps.keys,
        taps.touches + taps.keys - entered,
    );
}

/// The table page in Simplified Chinese on 360 and 390 px phones: the line-up question,
/// the side and the boards in Chinese, and nothing sticks out sideways.
#[actix_web::test]
async fn the_table_page_fits_a_phone_in_chinese() {
    let Some(tools) = browser::browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    let token = prepare(&db);
    let (_server, base) = browser::serve(&db);
    let link = format!("/table/{token}");
    for width in [360u32, 390] {
        let (_driver, client) = browser::open_phone(&tools, width, 780).await;
        client
            .goto(&format!("{base}/lang?lang=zh&next={link}"))
            .await
            .unwrap();
        wait_for(&client, "form.table-form").await;
        let body = main_text(&client).await;
        assert!(body.contains("哪两位上场"), "{body}");
        assert!(body.contains("第1副"), "{body}");
        let sizes = client
            .execute(
                "return [document.documentElement.scrollWidth, window.innerWidth];",
                vec![],
            )
            .await
            .unwrap();
        let (scroll, inner) = (sizes[0].as_i64().unwrap(), sizes[1].as_i64().unwrap());
        assert_eq!(inner, i64::from(width), "the viewport");
        assert!(scroll <= inner, "{width} px: the page is {scroll} px wide");
        {
            // Board 1 typed, as on the evening: its figures show before Save.
            let tap = |css: &'static str| {
                let client = client.clone();
                async move {
                    client
                        .find(Locator::Css(css))
                        .await
                        .unwrap()
                        .click()
                        .await
                        .unwrap();
                }
            };
            let code = crate::common::code_for(&db, &token, "ns");
            client
                .find(Locator::Css("form.table-form input[name=code]"))
                .await
                .unwrap()
                .send_keys(&code)
                .await
                .unwrap();
            // The defenders' pair (one tap), then the trick points and the bottom.
            tap("input[name='1-combo'][value=pair]").await;
            for keys in ["70", "10"] {
                let here = client.active_element().await.unwrap();
                here.send_keys(keys).await.unwrap();
            }
            // The figures follow the keys: P 70 after the trick points, then 110.
            wait_contains(&client, "[data-board-typed='1']", "110").await;
            let line = client
                .find(Locator::Css("[data-board-typed='1']"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            // 70 + 10 × 4 (a pair takes the bottom four times) = 110.
            assert!(line.contains("110"), "{line}");
            // At 360 px the line-up questions, at 390 px board 1 down to its figures.
            let shown = if width == 360 {
                "document.getElementById('seat-ns').scrollIntoView();"
            } else {
                "document.querySelector(\"[data-board-typed='1']\").scrollIntoView({block: 'end'});"
            };
            client.execute(shown, vec![]).await.unwrap();
        }
        screenshot(&client, &format!("phone-{width}-table-zh.png")).await;
        client.close().await.unwrap();
    }
}

/// A whole 8-board room entered by NS through its link: it waits for the opponents, and
/// (with approval on) for the director.
fn entered(db: &TestDb, table: i32, room: Room) {
    use fushi::db::table::{self as tables, Side};
    use fushi::rules::{EntryFigures, LastTrick, TableEntry};
    let mut conn = db.open();
    let token = common::room_token(db, table, room);
    let found = tables::find_link(&mut conn, &token).unwrap().unwrap();
    let cells: Vec<(i32, Option<TableEntry>)> = (1..=BOARDS)
        .map(|b| {
            (
                b,
                Some(common::table_entry(EntryFigures {
                    trick_points: Some(60),
                    last_trick: Some(LastTrick::Declarer),
                    ..EntryFigures::default()
                })),
            )
        })
        .collect();
    let saved = tables::save_entry(
        &mut conn,
        &found,
        found.credential(Side::NorthSouth),
        &cells,
        "",
        "",
    )
    .unwrap();
    assert_eq!(saved, tables::TableSave::Saved);
}

// WebDriver's codes for the keys that are not characters.
const TAB: char = '\u{E004}';
const ENTER: char = '\u{E007}';

async fn press(client: &Client, key: char) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let actions = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    client.perform_actions(actions).await.expect("keys");
}

/// Runs `script` (its last statement returns) on the page.
async fn run(client: &Client, script: &str) -> serde_json::Value {
    client.execute(script, vec![]).await.unwrap()
}

/// From the top of the page (the sequential focus starting there, whatever the page
/// focused by itself), the first Tab reaches the skip link, shown; Enter on it moves the
/// focus to the page's content, and the next Tab to the content's first control.
async fn skip_link_works(client: &Client, page: &str) {
    run(
        client,
        "document.documentElement.tabIndex = -1; document.documentElement.focus(); \
         window.scrollTo(0, 0); return true;",
    )
    .await;
    press(client, TAB).await;
    let first = run(
        client,
        "var a = document.activeElement; var r = a.getBoundingClientRect(); \
         return [a.className, a.getAttribute('href'), r.top >= 0 && r.bottom <= window.innerHeight];",
    )
    .await;
    assert_eq!(
        first[0], "skip-link",
        "{page}: the first Tab reaches {first}"
    );
    assert_eq!(first[1], "#main", "{page}");
    assert_eq!(first[2], true, "{page}: the skip link shows when focused");
    press(client, ENTER).await;
    let at = run(client, "return document.activeElement.id;").await;
    assert_eq!(at, "main", "{page}: Enter on the skip link");
    press(client, TAB).await;
    let inside = run(
        client,
        "return document.getElementById('main').contains(document.activeElement) \
         && document.activeElement.id !== 'main';",
    )
    .await;
    assert_eq!(inside, true, "{page}: the Tab after the skip link");
}

/// How many Tabs after the skip link (Enter, then Tab) reach the first element `css` (the
/// focusable elements in document order), and whether it comes before every `before`.
async fn tabs_to(client: &Client, css: &str, before: &str) -> (i64, bool) {
    let script = format!(
        "var all = Array.prototype.filter.call(document.querySelectorAll(\
           'a[href], button, input:not([type=hidden]), select, textarea, [tabindex]'), \
           function (e) {{ return e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null; }}); \
         var target = document.querySelector({css:?}); \
         var main = document.getElementById('main'); \
         var skip = all.findIndex(function (e) {{ return main.contains(e); }}) - 1; \
         var first = document.querySelector({before:?}); \
         var ahead = !first || !!(target.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING); \
         return [all.indexOf(target) - skip, ahead];"
    );
    let v = run(client, &script).await;
    (v[0].as_i64().unwrap(), v[1].as_bool().unwrap())
}

/// Keyboard travel at a desk's 1280 px and a phone's 390 px, in English and Chinese: the
/// skip link on the public, director and table layouts; a round's overview with the other
/// rounds before its list of matches; the hall and the entry page linking the other rounds;
/// and "approve, then next" leaving the focus on the next room's first control.
#[actix_web::test]
async fn keyboard_travel_skips_to_the_content_and_follows_the_rounds() {
    let Some(tools) = browser::browser_tools() else {
        return;
    };
    for (width, height, lang) in [
        (1280u32, 900u32, "en"),
        (1280, 900, "zh"),
        (390, 844, "en"),
        (390, 844, "zh"),
    ] {
        let db = TestDb::sqlite();
        let token = prepare(&db);
        {
            use diesel::prelude::*;
            use fushi::db::schema::tournaments;
            diesel::update(tournaments::table.filter(tournaments::slug.eq(SLUG)))
                .set(tournaments::table_approval.eq(true))
                .execute(&mut db.open())
                .unwrap();
        }
        for (table, room) in [(1, Room::Open), (1, Room::Closed), (2, Room::Open)] {
            entered(&db, table, room);
        }
        common::http::ensure_user(&db, "director", fushi::db::accounts::Role::Admin);
        let (_server, base) = browser::serve(&db);
        let (_driver, client) = if width < 600 {
            browser::open_phone(&tools, width, height).await
        } else {
            browser::open_browser(&tools, width, height).await
        };
        let at = format!("{width} px, {lang}");
        browser::log_in(&client, &base, "director").await;
        client
            .goto(&format!("{base}/lang?lang={lang}&next=/d/{SLUG}"))
            .await
            .unwrap();
        let round = |n: i32| {
            if lang == "zh" {
                format!("第{n}轮")
            } else {
                format!("Round {n}")
            }
        };

        // The skip link on each layout: public, director, table.
        for page in [
            format!("/t/{SLUG}/rounds/3"),
            format!("/d/{SLUG}/rounds/3"),
            format!("/table/{token}"),
        ] {
            client.goto(&format!("{base}{page}")).await.unwrap();
            wait_for(&client, "main").await;
            skip_link_works(&client, &format!("{at}, {page}")).await;
        }

        // A round's overview: the other rounds before its matches' links.
        client
            .goto(&format!("{base}/d/{SLUG}/rounds/3"))
            .await
            .unwrap();
        wait_for(&client, ".round-pager a[rel=prev]").await;
        let prev = client
            .find(Locator::Css(".round-pager a[rel=prev]"))
            .await
            .unwrap();
        assert!(prev.text().await.unwrap().contains(&round(2)), "{at}");
        let next = client
            .find(Locator::Css(".round-pager a[rel=next]"))
            .await
            .unwrap();
        assert!(next.text().await.unwrap().contains(&round(4)), "{at}");
        let (tabs, ahead) = tabs_to(
            &client,
            ".round-pager a[rel=prev]",
            &format!("a[href^='/d/{SLUG}/rounds/3/tables/']"),
        )
        .await;
        assert!(ahead, "{at}: the previous round after the match links");
        println!("{at}: the overview's previous round {tabs} Tabs after the skip link");

        // The hall and the entry page link the other rounds (the same page of each).
        client
            .goto(&format!("{base}/d/{SLUG}/rounds/3/hall"))
            .await
            .unwrap();
        wait_for(&client, ".round-pager").await;
        for (rel, n) in [("prev", 2), ("next", 4)] {
            let link = client
                .find(Locator::Css(&format!(".round-pager a[rel={rel}]")))
                .await
                .unwrap();
            assert_eq!(
                link.attr("href").await.unwrap().unwrap(),
                format!("/d/{SLUG}/rounds/{n}/hall"),
                "{at}"
            );
            assert!(link.text().await.unwrap().contains(&round(n)), "{at}");
        }
        let (_, ahead) = tabs_to(&client, ".round-pager a[rel=prev]", ".hall-room a").await;
        assert!(ahead, "{at}: the hall's rounds before its rooms");
        client
            .goto(&format!("{base}/d/{SLUG}/rounds/4/tables/1"))
            .await
            .unwrap();
        wait_for(&client, ".round-pager").await;
        let link = client
            .find(Locator::Css(".round-pager a[rel=prev]"))
            .await
            .unwrap();
        assert_eq!(
            link.attr("href").await.unwrap().unwrap(),
            format!("/d/{SLUG}/rounds/3"),
            "{at}"
        );
        assert!(
            client
                .find(Locator::Css(".round-pager a[rel=next]"))
                .await
                .is_err(),
            "{at}: round 4 is the last"
        );

        // "Approve, then next" by keyboard: the next room opens with its "approve, then
        // next" focused and in view, so Enter goes on from room to room.
        client
            .goto(&format!("{base}/d/{SLUG}/rounds/4/tables/1/rooms/open"))
            .await
            .unwrap();
        wait_for(&client, "#approve-next").await;
        client
            .find(Locator::Css("#approve-next"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        for (table, room) in [(1, "closed"), (2, "open")] {
            let path = format!("/d/{SLUG}/rounds/4/tables/{table}/rooms/{room}");
            let start = Instant::now();
            while !browser::path_of(&client).await.starts_with(&path) {
                assert!(start.elapsed() < Duration::from_secs(20), "{at}: {path}");
                actix_web::rt::time::sleep(Duration::from_millis(50)).await;
            }
            wait_for(&client, "#approve-next").await;
            let focus = run(
                &client,
                "var a = document.activeElement; var r = a.getBoundingClientRect(); \
                 return [a.id, r.top >= 0 && r.bottom <= window.innerHeight];",
            )
            .await;
            assert_eq!(focus[0], "approve-next", "{at}: {path}");
            assert_eq!(focus[1], true, "{at}: {path}: the focused button in view");
            if room == "closed" {
                screenshot(&client, &format!("approve-next-{width}-{lang}.png")).await;
                press(&client, ENTER).await;
            }
        }
        client.close().await.unwrap();
    }
}
