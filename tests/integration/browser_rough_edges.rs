//! What a real evening found rough, in a real browser where the layout or the focus is the
//! point: the traveller, the Butler ranking and the hand records on 360 and 390 px phones
//! wrap as words, never inside one; live content replaced under a keyboard user keeps the
//! focus where it was. Without Chromium and chromedriver the tests print a notice and pass.

use crate::common;
use crate::common::browser;

use std::time::{Duration, Instant};

use browser::{browser_tools, log_in, open_browser, open_phone, serve, wait_for};
use common::http::ensure_user;
use common::{TestDb, club_night_with_table_round, import_club_night, room_token, table_entry};
use fantoccini::Client;
use fushi::db::accounts::Role;
use fushi::db::table::{self as tables, Side};
use fushi::rules::{EntryFigures, LastTrick, Room, TableEntry};

/// Every word (a run of text without a space or a list's separator: `、`, `，`, `,`, `;`,
/// `；`) of the elements matching `css` that the
/// browser broke over two lines, as `"word" in <tag>`; and whether the page scrolls
/// sideways.
async fn broken_words(client: &Client, css: &str) -> (Vec<String>, bool) {
    let got = client
        .execute(
            "var out = []; \
             document.querySelectorAll(arguments[0]).forEach(function (el) { \
               var walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT); \
               var node; \
               while ((node = walk.nextNode())) { \
                 var text = node.nodeValue; var re = /[^\\s\\u00a0\\u3001\\uff0c,;\\uff1b]+/g; var m; \
                 while ((m = re.exec(text))) { \
                   var r = document.createRange(); \
                   r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length); \
                   var tops = {}; \
                   Array.prototype.forEach.call(r.getClientRects(), function (q) { \
                     if (q.width > 0) { tops[Math.round(q.top)] = true; } }); \
                   if (Object.keys(tops).length > 1) { out.push(m[0] + ' in ' + el.tagName); } \
                 } \
               } \
             }); \
             return [out, document.documentElement.scrollWidth > window.innerWidth];",
            vec![serde_json::Value::String(css.to_owned())],
        )
        .await
        .unwrap();
    let words = got[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_owned())
        .collect();
    (words, got[1].as_bool().unwrap())
}

/// The traveller and the Butler ranking on phones, in Chinese and English: names, players
/// and results wrap between words (a Chinese name or result keeps together), figures not
/// at all, and the page never scrolls sideways.
#[actix_web::test]
async fn travellers_and_butler_wrap_as_words_on_a_phone() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    let (_server, base) = serve(&db);
    for width in [360, 390] {
        let (_driver, client) = open_phone(&tools, width, 800).await;
        for lang in ["zh-Hans", "en"] {
            for (path, css) in [
                (
                    "/t/club-night/rounds/1/boards/1",
                    ".traveller-table td, .traveller-table th",
                ),
                ("/t/club-night/butler", ".butler-table td, .butler-table th"),
            ] {
                client
                    .goto(&format!("{base}{path}?lang={lang}"))
                    .await
                    .unwrap();
                wait_for(&client, css).await;
                let (broken, sideways) = broken_words(&client, css).await;
                assert!(
                    broken.is_empty(),
                    "{path} at {width} px in {lang}: {broken:?}"
                );
                assert!(!sideways, "{path} scrolls sideways at {width} px in {lang}");
                browser::screenshot(&client, &format!("rough-{width}-{lang}-{}.png", path.len()))
                    .await;
            }
        }
        client.close().await.unwrap();
    }
}

/// The hand records on a phone: a suit's line keeps together (a hand wraps between
/// suits), the jokers in words.
#[actix_web::test]
async fn hand_records_wrap_between_suits_on_a_phone() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    crate::web_deals::club_night_unplayed(&db);
    let mut desk = common::http::browser(&db).await;
    desk.submit("/d/club-night/deals/seed", &[("text", "739104")])
        .await;
    desk.submit("/d/club-night/deals/deal", &[("round", "")])
        .await
        .has("4 of 4 boards dealt");
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    for width in [360, 390] {
        let (_driver, client) = open_phone(&tools, width, 800).await;
        log_in(&client, &base, "director").await;
        for lang in ["zh-Hans", "en"] {
            client
                .goto(&format!("{base}/d/club-night/rounds/1/hands?lang={lang}"))
                .await
                .unwrap();
            wait_for(&client, ".hand-record").await;
            let lines: Vec<bool> = client
                .execute(
                    "return Array.prototype.map.call(\
                     document.querySelectorAll('.hand-record .hand p + p'), function (p) { \
                       var r = document.createRange(); r.selectNodeContents(p); \
                       var tops = {}; \
                       Array.prototype.forEach.call(r.getClientRects(), function (q) { \
                         if (q.width > 0) { tops[Math.round(q.top)] = true; } }); \
                       return Object.keys(tops).length === 1 \
                         && p.getBoundingClientRect().right <= window.innerWidth; });",
                    vec![],
                )
                .await
                .unwrap()
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_bool().unwrap())
                .collect();
            assert!(!lines.is_empty());
            assert!(
                lines.iter().all(|&one| one),
                "a suit broke over two lines or out of the screen at {width} px in {lang}: {lines:?}"
            );
            let (_, sideways) = broken_words(&client, ".hand-record").await;
            assert!(!sideways, "the hands scroll sideways at {width} px");
        }
        client.close().await.unwrap();
    }
}

/// A whole room entered by NS, as a table would, then called about `flag` by EW.
fn enter(db: &TestDb, table: i32, room: Room, flag: Option<i32>) {
    let mut conn = db.open();
    let token = room_token(db, table, room);
    let found = tables::find_link(&mut conn, &token).unwrap().unwrap();
    let cells: Vec<(i32, Option<TableEntry>)> = (1..=4)
        .map(|b| {
            (
                b,
                Some(table_entry(EntryFigures {
                    trick_points: Some(60),
                    bottom_points: Some(10),
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
    if let Some(board) = flag {
        assert_eq!(
            tables::flag(&mut conn, &found, &[board], "").unwrap(),
            Ok(true)
        );
    }
}

/// A keyboard user on the hall view: a save elsewhere replaces the live content, and the
/// focus stays on the link it was on (the new one), not back at the top of the page.
#[actix_web::test]
async fn live_content_replaced_keeps_the_focus_where_it_was() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 4, false);
    ensure_user(&db, "director", Role::Admin);
    enter(&db, 2, Room::Open, None);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;
    client
        .goto(&format!("{base}/d/club-night/rounds/4/hall"))
        .await
        .unwrap();
    wait_for(&client, "[data-hall-room='2-open'][data-look='at-table']").await;
    client
        .execute(
            "var a = document.querySelector(\"[data-hall-room='2-open'] a\"); \
             a.focus(); a.setAttribute('data-before', 'yes');",
            vec![],
        )
        .await
        .unwrap();
    enter(&db, 1, Room::Closed, Some(3));
    wait_for(&client, "[data-hall-room='1-closed'][data-look='called']").await;
    let start = Instant::now();
    let focused = loop {
        let here = client
            .execute(
                "var e = document.activeElement; \
                 return [e.getAttribute('href') || e.tagName, e.hasAttribute('data-before'), \
                 !!e.closest(\"[data-hall-room='2-open']\")];",
                vec![],
            )
            .await
            .unwrap();
        if !here[1].as_bool().unwrap() || start.elapsed() > Duration::from_secs(10) {
            break here;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        !focused[1].as_bool().unwrap(),
        "the content was replaced: {focused:?}"
    );
    assert!(
        focused[2].as_bool().unwrap(),
        "the focus is on the same room's link after the update: {focused:?}"
    );
    client.close().await.unwrap();
}

/// The settings page reflows at 320 px (it was 449 px wide): nothing scrolls sideways.
#[actix_web::test]
async fn settings_reflow_at_320_px() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_phone(&tools, 320, 700).await;
    log_in(&client, &base, "director").await;
    for lang in ["zh-Hans", "en"] {
        client
            .goto(&format!("{base}/d/club-night/settings?lang={lang}"))
            .await
            .unwrap();
        wait_for(&client, "form fieldset").await;
        let widths = client
            .execute(
                "return [document.documentElement.scrollWidth, window.innerWidth];",
                vec![],
            )
            .await
            .unwrap();
        let (scroll, inner) = (widths[0].as_i64().unwrap(), widths[1].as_i64().unwrap());
        assert!(scroll <= inner, "{lang}: {scroll} px wide at {inner} px");
    }
    client.close().await.unwrap();
}
