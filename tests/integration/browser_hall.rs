//! The hall in a real browser: `fushi serve --lan` with a public address, the director's
//! table cards opened by the address it printed, and a phone opening a card's link. The
//! public address is a name (`hall.test`) that both Chromium sessions resolve to 127.0.0.1
//! themselves, so nothing leaves the machine. Without Chromium and chromedriver the test
//! prints a notice and passes.

use crate::common;
use crate::common::browser;

use browser::{free_port, open_phone_at, screenshot, wait_for};
use common::http::ensure_user;
use common::{TestDb, club_night_with_table_round, room_token};
use fantoccini::Locator;
use fushi::db::accounts::Role;
use fushi::rules::Room;

#[actix_web::test]
async fn a_phone_opens_the_table_link_by_the_printed_address() {
    let Some(tools) = browser::browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 4, false);
    ensure_user(&db, "director", Role::Admin);
    let port = free_port();
    let public = format!("http://hall.test:{port}");
    let (_server, lines) = crate::web_hall::serve_printing(
        &db,
        &["--lan", "--bind", &format!("127.0.0.1:{port}")],
        &[("FUSHI_PUBLIC_URL", &public)],
        2,
    );
    browser::wait_for_port(port, "fushi serve --lan");
    let printed = lines[1]
        .strip_prefix("players' phones: ")
        .unwrap_or_else(|| panic!("{lines:?}"))
        .to_owned();
    assert_eq!(printed, public);

    // The director, on the printed address, prints the cards.
    let (_d, director) = open_phone_at(&tools, 390, 844, "hall.test").await;
    browser::log_in(&director, &printed, "director").await;
    director
        .goto(&format!("{printed}/d/club-night/rounds/4/table-cards"))
        .await
        .unwrap();
    wait_for(&director, ".table-card .link").await;
    let link = director
        .find(Locator::Css(".table-card .link"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let open = room_token(&db, 1, Room::Open);
    assert_eq!(link, format!("{printed}/table/{open}"));
    screenshot(&director, "hall-table-cards.png").await;
    director.close().await.unwrap();

    // A player's phone opens the card's link.
    let (_p, phone) = open_phone_at(&tools, 360, 780, "hall.test").await;
    phone.goto(&link).await.unwrap();
    wait_for(&phone, "form.table-form").await;
    let text = phone
        .find(Locator::Css("main"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("Board 1"), "{text}");
    phone.close().await.unwrap();
}
