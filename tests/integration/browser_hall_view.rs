//! The director's hall view in a real browser, at a desk's 1280 px and a phone's 390 px (a
//! director walking the hall): a table calls the director while the page is open, and the
//! room turns red and the header counts the call without a reload; the page never
//! scrolls sideways on the phone. Without Chromium and chromedriver the test prints a
//! notice and passes.

use crate::common;
use crate::common::browser;

use browser::{browser_tools, open_browser, open_phone, screenshot, serve, wait_for};
use common::http::ensure_user;
use common::{TestDb, club_night_with_table_round};
use fantoccini::Locator;
use fushi::db::accounts::Role;
use fushi::rules::Room;

#[actix_web::test]
async fn a_call_turns_the_room_red_and_is_counted_without_a_reload() {
    let Some(tools) = browser_tools() else {
        return;
    };
    for (width, height, phone) in [(1280, 900, false), (390, 844, true)] {
        let db = TestDb::sqlite();
        club_night_with_table_round(&db, 4, false);
        ensure_user(&db, "director", Role::Admin);
        browser::entered_at_the_table(&db, 2, Room::Open, None);
        let (_server, base) = serve(&db);
        let (_driver, client) = if phone {
            open_phone(&tools, width, height).await
        } else {
            open_browser(&tools, width, height).await
        };
        crate::common::browser::log_in(&client, &base, "director").await;
        client
            .goto(&format!("{base}/d/club-night/rounds/4/hall"))
            .await
            .unwrap();
        wait_for(&client, "[data-hall-room='2-open'][data-look='at-table']").await;
        assert!(
            client
                .find(Locator::Css("#calls .calls-badge"))
                .await
                .is_err()
        );
        // The closed room of table 1 calls the director about board 3.
        browser::entered_at_the_table(&db, 1, Room::Closed, Some(3));
        wait_for(&client, "[data-hall-room='1-closed'][data-look='called']").await;
        wait_for(&client, "#calls .calls-badge").await;
        let badge = client
            .find(Locator::Css("#calls .calls-badge"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(badge, "⚑ 1 room calls the director");
        // Red means red: the called room's background, whatever the theme around it.
        let colour: String = client
            .execute(
                "return getComputedStyle(document.querySelector(\
                 \"[data-hall-room='1-closed'] a\")).backgroundColor;",
                vec![],
            )
            .await
            .unwrap()
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(colour, "rgb(187, 0, 0)");
        let widths = client
            .execute(
                "return [document.documentElement.scrollWidth, window.innerWidth, \
                 Math.max.apply(null, Array.prototype.map.call(\
                 document.querySelectorAll('.hall-room a'), \
                 function (a) { return a.getBoundingClientRect().right; }))];",
                vec![],
            )
            .await
            .unwrap();
        let widths: Vec<f64> = widths
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert!(widths[0] <= widths[1], "{width} px: {widths:?}");
        assert!(widths[2] <= widths[1], "{width} px: {widths:?}");
        screenshot(&client, &format!("hall-view-{width}.png")).await;
        client.close().await.unwrap();
    }
}
