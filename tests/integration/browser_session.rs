//! The hall of an evening in a real browser: a phone on the table's card for the whole
//! session across two rounds (it follows the table to round 5 by itself, and shows none of
//! round 5's figures), the round's clock counting down on the table page, the team's page
//! and the hall's screen, and the director's announcement arriving live. Screenshots at
//! 1280 and 390 px with `FUSHI_SCREENSHOTS=DIR`. Without Chromium and chromedriver the test
//! prints a notice and passes.

use std::time::{Duration, Instant};

use crate::common;
use crate::common::browser;

use browser::{click_and_load, open_browser, open_phone, screenshot, wait_for, wait_main};
use common::TestDb;
use common::http::ensure_user;
use fantoccini::{Client, Locator};
use fushi::db::accounts::Role;
use fushi::rules::Room;

/// How many elements match `css`.
async fn count(client: &Client, css: &str) -> usize {
    client
        .find_all(Locator::Css(css))
        .await
        .map(|v| v.len())
        .unwrap_or(0)
}

/// Waits until the clock on the page counts down: its `m:ss` shows.
async fn wait_countdown(client: &Client) -> String {
    let start = Instant::now();
    loop {
        let left = client
            .execute(
                "var e = document.querySelector('[data-clock-left]'); \
                 return e && !e.hidden ? e.textContent : '';",
                vec![],
            )
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        if left.contains(':') {
            return left;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the clock does not count down"
        );
        browser::pause().await;
    }
}

/// Starts round `round`'s clock (40 minutes) from the director's hall page.
async fn start_clock(director: &Client, base: &str, round: i32) {
    director
        .goto(&format!("{base}/d/club-night/rounds/{round}/hall"))
        .await
        .unwrap();
    wait_for(director, "#clock-start").await;
    click_and_load(director, "#clock-start").await;
    wait_for(director, ".hall-clock [data-round-clock]").await;
}

#[actix_web::test]
async fn a_table_card_follows_its_table_through_the_evening() {
    let Some(tools) = browser::browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    crate::web_session::two_rounds(&db);
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = browser::serve(&db);
    let session = crate::web_session::session_link(&db, 1, Room::Open);
    let round4 = common::room_token(&db, 1, Room::Open);
    let ns4 = common::code_for(&db, &format!("/table/{round4}"), "ns");

    // The director starts round 4's clock from the hall page.
    let (_d, director) = open_browser(&tools, 1280, 900).await;
    browser::log_in(&director, &base, "director").await;
    start_clock(&director, &base, 4).await;
    screenshot(&director, "hall-clock-director-1280.png").await;

    // The phone, in Chinese, scans the table's card: round 4's open room of table 1, with
    // the clock.
    let (_p, phone) = open_phone(&tools, 390, 844).await;
    browser::goto_in(&phone, &base, &session, "zh").await;
    wait_for(&phone, "form.table-form").await;
    wait_main(&phone, "第4轮").await;
    assert!(!browser::scrolls_sideways(&phone).await, "390 px, zh");
    wait_countdown(&phone).await;
    screenshot(&phone, "hall-session-round4-390.png").await;
    director.goto(&format!("{base}{session}")).await.unwrap();
    wait_for(&director, "form.table-form").await;
    wait_countdown(&director).await;
    screenshot(&director, "hall-session-round4-1280.png").await;

    // The phone enters every board and saves with North-South's code.
    phone
        .execute(
            "document.querySelectorAll('input[name$=\"-trick_points\"]').forEach(function (e) { e.value = '60'; });\
             document.querySelectorAll('input[name$=\"-bottom_points\"]').forEach(function (e) { e.value = '10'; });\
             document.querySelectorAll('input[name$=\"-last_trick\"][value=declarer]').forEach(function (e) { e.checked = true; });\
             document.querySelector('form.table-form input[name=code]').value = arguments[0];",
            vec![serde_json::Value::String(ns4)],
        )
        .await
        .unwrap();
    click_and_load(&phone, "#table-save").await;
    wait_for(&phone, "[data-board-result]").await;
    assert_eq!(
        count(&phone, "[data-board-result]").await,
        crate::web_table::BOARDS as usize
    );

    // The opponents confirm with their code (on their own phone): round 4's room is done.
    let room = fushi::db::table::find_link(&mut db.open(), &round4)
        .unwrap()
        .unwrap();
    let ew = room.credential(fushi::db::table::Side::EastWest);
    let confirmed = fushi::db::table::confirm(&mut db.open(), &room, ew, "10.0.0.8").unwrap();
    assert!(confirmed.is_ok(), "{confirmed:?}");
    wait_main(&phone, "已确认").await;

    // The director starts round 5: the phone, left on the card, moves to round 5 by itself
    // and shows the room as it stands there — no figure of round 5, nor of round 4.
    start_clock(&director, &base, 5).await;
    wait_main(&phone, "第5轮").await;
    wait_for(&phone, "form.table-form").await;
    assert_eq!(count(&phone, "[data-board-result]").await, 0);
    wait_countdown(&phone).await;
    screenshot(&phone, "hall-session-round5-390.png").await;

    // The director's announcement arrives on the phone live.
    director
        .goto(&format!("{base}/d/club-night/rounds/5/hall"))
        .await
        .unwrap();
    wait_for(&director, "#announcement textarea").await;
    director
        .find(Locator::Css("#announcement textarea"))
        .await
        .unwrap()
        .send_keys("Round 5: tables 1 and 2 swap rooms")
        .await
        .unwrap();
    click_and_load(&director, "#announce").await;
    wait_for(&phone, ".hall-announcement").await;
    wait_main(&phone, "tables 1 and 2 swap rooms").await;
    assert_eq!(count(&phone, "[data-board-result]").await, 0);
    director.goto(&format!("{base}{session}")).await.unwrap();
    wait_for(&director, ".hall-announcement").await;
    wait_countdown(&director).await;
    screenshot(&director, "hall-session-round5-1280.png").await;

    // The team's page: where it plays next, and the round's clock.
    for (client, name, next) in [
        (&phone, "390", "第5轮 · 第1桌"),
        (&director, "1280", "Round 5 · Table 1"),
    ] {
        client
            .goto(&format!("{base}/t/club-night/teams/2"))
            .await
            .unwrap();
        wait_for(client, ".team-next").await;
        wait_main(client, next).await;
        let screen = browser::viewport(client).await;
        let next = browser::box_of(client, ".team-next-where")
            .await
            .expect("where the team plays next");
        assert!(next.inside(&screen), "{name} px: {next:?} on {screen:?}");
        wait_countdown(client).await;
        screenshot(client, &format!("hall-team-page-{name}.png")).await;
    }

    // The hall's screen: the clock, the announcement, the round's tables and standings.
    for (client, name) in [(&director, "1280"), (&phone, "390")] {
        client
            .goto(&format!("{base}/t/club-night/screen"))
            .await
            .unwrap();
        wait_for(client, "body.screen.rotating").await;
        wait_countdown(client).await;
        wait_main(client, "tables 1 and 2 swap rooms").await;
        assert_eq!(count(client, "nav").await, 0, "no navigation on the screen");
        screenshot(client, &format!("hall-screen-{name}.png")).await;
    }
    // A new announcement reaches the screen without a reload.
    let marker = "window.fushiScreenStays = true;";
    phone.execute(marker, vec![]).await.unwrap();
    crate::web_session::announce(&db, "Prize-giving at 22:30");
    wait_main(&phone, "Prize-giving at 22:30").await;
    let stayed = phone
        .execute("return window.fushiScreenStays === true;", vec![])
        .await
        .unwrap();
    assert_eq!(stayed, serde_json::Value::Bool(true));

    phone.close().await.unwrap();
    director.close().await.unwrap();
}
