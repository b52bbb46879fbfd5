//! Figures while typing, in headless Chromium: on the desk's score sheet a board's P, result
//! and s change as its fields are typed, before any save, and the running swing follows.
//! Without Chromium and chromedriver the test prints a notice and passes.

use crate::common;
use crate::common::browser;

use browser::{browser_tools, log_in, open_browser, screenshot, serve, text_of, wait_text};
use common::http::ensure_user;
use common::{TestDb, import_club_night};
use fantoccini::Locator;
use fushi::db::accounts::Role;

#[actix_web::test]
async fn the_desk_shows_figures_as_they_are_typed() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    ensure_user(&db, "director", Role::Admin);
    let before = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1366, 900).await;
    log_in(&client, &base, "director").await;
    client
        .goto(&format!("{base}/d/club-night/rounds/1/tables/1"))
        .await
        .unwrap();
    let row = "tr[data-row='open-1']";
    let trick = client.find(Locator::Id("o1-trick_points")).await.unwrap();
    trick.clear().await.unwrap();
    // A value that cannot be scored: the figures go blank at once.
    trick.send_keys("63").await.unwrap();
    wait_text(&client, &format!("{row} [data-p]"), "").await;
    trick.clear().await.unwrap();
    trick.send_keys("45").await.unwrap();
    client
        .find(Locator::Id("o1-last_trick"))
        .await
        .unwrap()
        .select_by_value("declarer")
        .await
        .unwrap();
    wait_text(&client, &format!("{row} [data-p]"), "45").await;
    wait_text(&client, &format!("{row} [data-result]"), "declarers up 1").await;
    wait_text(&client, &format!("{row} [data-s]"), "+1").await;
    let running = text_of(&client, "[data-running-swing]").await;
    assert!(running.starts_with("Swing so far: "), "{running}");
    screenshot(&client, "desk-figures-while-typing.png").await;
    client.close().await.unwrap();
    // Typing saved nothing.
    assert_eq!(
        fushi::transfer::export(&mut db.open(), "club-night").unwrap(),
        before
    );
}
