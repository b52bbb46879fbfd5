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
    // The entering pair's code from its slip says which side it is: one tap on the field,
    // six keys, and the page moves on to board 1.
    let ns_code = crate::common::code_for(&db, &token, "ns");
    let ew_code = crate::common::code_for(&db, &token, "ew");
    taps.tap(&client, "form.table-form input[name=code]").await;
    taps.type_here(&client, "code", &ns_code).await;
    for b in 1..=BOARDS {
        // Half the boards the declarers win the last trick; the others the defenders
        // win it with a pair and 10 in the bottom. The page moves from field to field
        // by itself: trick points of 45 or 70 of 200 cannot take another digit, nor a
        // bottom of 10 of 80, and a board whose last trick is settled hands over.
        taps.type_here(
            &client,
            &format!("{b}-trick_points"),
            if b % 2 == 1 { "45" } else { "70" },
        )
        .await;
        if b % 2 == 1 {
            taps.tap(
                &client,
                &format!("input[name='{b}-last_trick'][value=declarer]"),
            )
            .await;
        } else {
            taps.type_here(&client, &format!("{b}-bottom_points"), "10")
                .await;
            taps.tap(
                &client,
                &format!("input[name='{b}-last_trick'][value=defenders]"),
            )
            .await;
            taps.tap(&client, &format!("input[name='{b}-combo'][value=pair]"))
                .await;
        }
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

    // The opponents, on the same phone: their own code, then one tap confirms.
    taps.tap(&client, "form.table-confirm input[name=code]")
        .await;
    taps.type_here(&client, "code", &ew_code).await;
    taps.tap(&client, "#table-confirm").await;
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
            for keys in ["70", "10"] {
                let here = client.active_element().await.unwrap();
                here.send_keys(keys).await.unwrap();
            }
            tap("input[name='1-last_trick'][value=defenders]").await;
            tap("input[name='1-combo'][value=pair]").await;
            wait_for(&client, "[data-board-typed='1']:not([hidden])").await;
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
