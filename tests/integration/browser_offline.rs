//! Offline that keeps its promise, in headless Chromium on a phone: the server stops while a
//! room is being entered, Save keeps the entry on the phone ("4 boards waiting to be
//! sent"), and when the server answers again the page sends it by itself (the browser's
//! `online` event never fires here: only the server went away) and says so. Without
//! Chromium and chromedriver the test prints a notice and passes.

use crate::common;
use crate::common::browser;

use std::time::{Duration, Instant};

use browser::{browser_tools, free_port, main_text, open_phone, screenshot, serve_on};
use common::{TestDb, club_night_with_table_round, room_link, room_token};
use fantoccini::{Client, Locator};
use fushi::db::table::EntryState;
use fushi::rules::Room;

async fn wait_for_text(client: &Client, want: &str, within: Duration) -> String {
    let start = Instant::now();
    loop {
        let text = main_text(client).await;
        if text.contains(want) {
            return text;
        }
        assert!(start.elapsed() < within, "no {want:?} in:\n{text}");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

#[actix_web::test]
async fn an_entry_kept_on_the_phone_arrives_when_the_server_returns() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 4, false);
    let token = room_token(&db, 1, Room::Open);
    let port = free_port();
    let (server, base) = serve_on(&db, port);
    let (_driver, client) = open_phone(&tools, 390, 844).await;
    client.goto(&format!("{base}/table/{token}")).await.unwrap();
    client
        .find(Locator::Css("form.table-form input[name=code]"))
        .await
        .unwrap()
        .send_keys(&crate::common::code_for(&db, &token, "ns"))
        .await
        .unwrap();
    for b in 1..=4 {
        let trick = client
            .find(Locator::Css(&format!("input[name='{b}-trick_points']")))
            .await
            .unwrap();
        trick.click().await.unwrap();
        trick.send_keys("45").await.unwrap();
        client
            .find(Locator::Css(&format!(
                "input[name='{b}-last_trick'][value=declarer]"
            )))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }
    // Each board's figures as it is typed, before any save: 45, declarers won the last trick.
    let start = Instant::now();
    loop {
        let shown = client
            .find(Locator::Css("[data-board-typed='4']"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        if shown.contains("declarers up 1") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "board 4 shows {shown:?}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    // The hall's server goes away mid-entry.
    drop(server);
    client
        .find(Locator::Css("#table-save"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let text = wait_for_text(
        &client,
        "4 boards waiting to be sent",
        Duration::from_secs(10),
    )
    .await;
    assert!(!text.contains("Sent:"), "{text}");
    screenshot(&client, "table-offline-waiting.png").await;
    assert_eq!(room_link(&db, 1, Room::Open).state, EntryState::NotStarted);
    // Back after a while; nothing is tapped.
    actix_web::rt::time::sleep(Duration::from_secs(3)).await;
    let (_server, _) = serve_on(&db, port);
    wait_for_text(
        &client,
        "Sent: the boards kept on this phone have arrived",
        Duration::from_secs(40),
    )
    .await;
    screenshot(&client, "table-offline-sent.png").await;
    assert_eq!(room_link(&db, 1, Room::Open).state, EntryState::Waiting);
    client.close().await.unwrap();
}
