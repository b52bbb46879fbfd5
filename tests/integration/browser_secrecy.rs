//! Provisional and final, the late correction's reason and the deletion's confirmation, in a
//! real browser at a desk's 1280 px and a phone's 390 px: each shows where the reader
//! looks, and nothing of it scrolls the page sideways. With `FUSHI_SCREENSHOTS=DIR` the
//! pages are left in DIR.

use crate::common;
use crate::common::browser;
use crate::common::code_for;

use browser::{
    box_of, browser_tools, goto_in, log_in, on_top, open_browser, open_phone, screenshot,
    scrolls_sideways, serve, viewport, wait_for,
};
use common::http::{anonymous, browser as desk, ensure_user};
use common::{TestDb, club_night_with_table_round, refs, room_token};
use diesel::prelude::*;
use fantoccini::{Client, Locator};
use fushi::db::accounts::Role;
use fushi::db::schema::tournaments;
use fushi::rules::Room;

const BOARDS: i32 = crate::web_table::BOARDS;

/// The club night with round 4 half played: table 2's open room confirmed at its table and
/// waiting for the director's approval, the round released; round 1 corrected once and its
/// correction period over.
async fn prepare(db: &TestDb) {
    club_night_with_table_round(db, BOARDS, false);
    diesel::update(tournaments::table.filter(tournaments::slug.eq("club-night")))
        .set(tournaments::table_approval.eq(true))
        .execute(&mut db.open())
        .unwrap();
    let mut table = anonymous(db).await;
    let link = format!("/table/{}", room_token(db, 2, Room::Open));
    table
        .post_raw(
            &link,
            &refs(&crate::web_table::room_form(
                &code_for(db, &link, "ew"),
                "a1",
            )),
        )
        .await;
    table
        .confirm_room(
            &link,
            &[("code", &code_for(db, &link, "ns")), ("action", "confirm")],
        )
        .await;
    let mut director = desk(db).await;
    director
        .post("/d/club-night/rounds/4/release", &[("action", "release")])
        .await;
    // A first correction of round 1 starts its period; with 0 minutes it is over at once.
    let mut conn = db.open();
    let event = fushi::db::load_event(&mut conn, "club-night")
        .unwrap()
        .unwrap();
    let m = &event.rounds[0].matches[0];
    let mut results = m.results.clone();
    results[0].entry = crate::common::edited(&results[0].entry, |f| {
        f.trick_points = f.trick_points.map(|t| t + 5)
    });
    fushi::db::save_match_results_as(&mut conn, "club-night", 1, m.table, &results, "admin", None)
        .unwrap();
    diesel::sql_query("UPDATE tournaments SET correction_minutes = 0, revision = revision + 1")
        .execute(&mut conn)
        .unwrap();
}

/// Scrolls `css` into view and returns its text.
async fn show(client: &Client, css: &str) -> String {
    wait_for(client, css).await;
    let element = client.find(Locator::Css(css)).await.unwrap();
    client
        .execute(
            "arguments[0].scrollIntoView({block: 'center'});",
            vec![serde_json::to_value(&element).unwrap()],
        )
        .await
        .unwrap();
    element.text().await.unwrap()
}

#[actix_web::test]
async fn provisional_marks_the_reason_field_and_the_deletion_show_at_a_desk_and_on_a_phone() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    prepare(&db).await;
    ensure_user(&db, "admin", Role::Admin);
    let (_server, base) = serve(&db);
    let round_one = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap()
        .rounds[0]
        .matches[0]
        .clone();
    let entry = format!("/d/club-night/rounds/1/tables/{}", round_one.table);
    for (width, suffix) in [(1280u32, "desktop"), (390, "390")] {
        let (_driver, client) = if width == 390 {
            open_phone(&tools, 390, 844).await
        } else {
            open_browser(&tools, 1280, 900).await
        };
        // The public match page: the open room's results marked, the line saying why.
        client
            .goto(&format!("{base}/t/club-night/rounds/4/tables/2"))
            .await
            .unwrap();
        let mark = show(&client, "span.provisional").await;
        assert_eq!(mark, "provisional");
        let source = client.source().await.unwrap();
        assert!(
            source.contains("waiting for the director&#39;s approval): table 2 (Open room)")
                || source.contains("waiting for the director's approval): table 2 (Open room)"),
            "{source}"
        );
        assert!(!scrolls_sideways(&client).await, "match page at {width}");
        screenshot(&client, &format!("provisional-match-{suffix}.png")).await;
        // The match sheet: the open room's columns marked, the same line under the totals.
        client
            .goto(&format!("{base}/t/club-night/rounds/4/tables/2/sheet"))
            .await
            .unwrap();
        let note = show(&client, "p.provisional-note").await;
        assert!(note.contains("table 2 (Open room)"), "{note}");
        let heads = client
            .find(Locator::Css("table.match-lines thead"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(heads.contains("Open room (provisional)"), "{heads}");
        screenshot(&client, &format!("provisional-sheet-{suffix}.png")).await;

        // The director's desk: the reason field after the correction period, and the
        // deletion's confirmation naming what goes and the round paired from it.
        log_in(&client, &base, "admin").await;
        client.goto(&format!("{base}{entry}")).await.unwrap();
        show(&client, "textarea[name=reason], input[name=reason]").await;
        assert!(!scrolls_sideways(&client).await, "entry page at {width}");
        screenshot(&client, &format!("correction-reason-{suffix}.png")).await;
        let first = &round_one.results[0];
        let row = format!(
            "{}{}-",
            if first.room == Room::Open { "o" } else { "c" },
            first.board
        );
        // A correction sent without its reason, in Chinese and English: sent back with the
        // reason box on the screen and not under the Save bar, the row's figures as typed.
        for lang in ["zh", "en"] {
            goto_in(&client, &base, &entry, lang).await;
            client
                .execute(
                    "var f = document.querySelector('#entry-form [name=\"' + arguments[0] + 'trick_points\"]');
                     f.value = String(Number(f.value) + 5);
                     document.getElementById('entry-form').submit();",
                    vec![row.clone().into()],
                )
                .await
                .unwrap();
            wait_for(&client, "#reason-error").await;
            let screen = viewport(&client).await;
            let reason = box_of(&client, "#reason").await.expect("the reason box");
            assert!(
                reason.inside(&screen),
                "{width} px, {lang}: the reason at {reason:?} on {screen:?}"
            );
            assert!(
                on_top(&client, "#reason").await,
                "{width} px, {lang}: the reason box covered"
            );
            screenshot(
                &client,
                &format!("correction-reason-sent-back-{suffix}-{lang}.png"),
            )
            .await;
        }
        client
            .execute(
                "for (const f of document.querySelectorAll('#entry-form [name^=\"' + arguments[0] + '\"]')) { f.value = ''; }
                 document.querySelector('[name=reason]').value = arguments[1];
                 document.getElementById('entry-form').submit();",
                vec![row.clone().into(), "Scorer entered the wrong board".into()],
            )
            .await
            .unwrap();
        let asked = show(&client, "section.confirm-delete").await;
        assert!(asked.contains("Delete saved results?"), "{asked}");
        assert!(
            asked.contains("Round 2 is already paired, from the results of round 1 as they stood."),
            "{asked}"
        );
        // The figures that go are named in words, not as stored codes.
        assert!(asked.contains("trick points "), "{asked}");
        assert!(!asked.contains("trick_points="), "{asked}");
        assert!(!scrolls_sideways(&client).await, "confirmation at {width}");
        screenshot(&client, &format!("delete-confirm-{suffix}.png")).await;
        // Nothing was deleted by asking.
        let now = fushi::db::load_event(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert_eq!(now.rounds[0].matches[0].results, round_one.results);
        client.close().await.unwrap();
    }
}
