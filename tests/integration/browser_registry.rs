//! The registry's controls in a real browser (docs/rules.md §14): "finished" and "rated" in
//! an event's settings with their refusals at the button, the reason asked for when a link
//! or a line-up of a rated tournament changes after a result, and the overview's word that
//! a rated tournament makes ratings public. Without Chromium and chromedriver the tests
//! print a notice and pass.

use crate::common;
use crate::common::browser;

use browser::{browser_tools, click_and_load, goto_in, log_in, open_browser, serve, text_of};
use common::TestDb;
use common::http::ensure_user;
use fantoccini::{Client, Locator};
use fushi::archive::ArchiveFiles;
use fushi::db::accounts::Role;
use fushi::db::players::{self, Actor, PlayerFields};
use fushi::rules::TeamNo;

/// The club night rated on import (published, with an end date), round 3 table 1's closed
/// room of board 2 not played: that board is not released.
fn import_rated_club_night(db: &TestDb) {
    let mut files = ArchiveFiles::read(&common::club_night_dir()).unwrap();
    let toml = files.get("tournament.toml").unwrap().to_owned();
    files.insert(
        "tournament.toml",
        format!("{toml}ends = 2026-12-06\nrated = true\n"),
    );
    let results: String = files
        .get("results.csv")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("3,1,closed,2,"))
        .map(|l| format!("{l}\n"))
        .collect();
    files.insert("results.csv", results);
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

async fn type_into(client: &Client, css: &str, text: &str) {
    let field = client.find(Locator::Css(css)).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(text).await.unwrap();
}

/// An administrator meets the refusals of "finished" and "rated" beside their buttons; a
/// rated tournament's overview says what playing in it makes public; a link changed after
/// a result is refused at the reason field until a reason is given, which the trail keeps;
/// the desk's line-ups of a played table ask for a reason too.
#[actix_web::test]
async fn finished_rated_and_the_reasons_are_set_in_the_browser() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_rated_club_night(&db);
    ensure_user(&db, "ada", Role::Admin);
    let alice = players::add(
        &mut db.open(),
        &PlayerFields {
            name: "Alice Chen".into(),
            ..PlayerFields::default()
        },
        Actor {
            name: "ada",
            admin: true,
        },
    )
    .unwrap();
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "ada").await;

    // Finished: refused while a board is unreleased, said at the button.
    goto_in(&client, &base, "/d/club-night/settings", "en").await;
    assert!(text_of(&client, "#rated-state").await.contains("yes"));
    click_and_load(&client, "button[name=finished][value=yes]").await;
    let refusal = text_of(&client, "#finished-error").await;
    assert!(
        refusal.contains("Round 3 board 2 is not released yet"),
        "{refusal}"
    );
    // Rated: results exist, so it stays as it is.
    click_and_load(&client, "button[name=rated][value=no]").await;
    let refusal = text_of(&client, "#rated-error").await;
    assert!(refusal.contains("already has results"), "{refusal}");
    assert!(
        fushi::db::standing::standing(&mut db.open(), "club-night")
            .unwrap()
            .unwrap()
            .rated
    );
    // The refusal is on the screen where the page opens, not below the settings form.
    let shown = browser::box_of(&client, "#rated-error").await.unwrap();
    let screen = browser::viewport(&client).await;
    assert!(shown.inside(&screen), "{shown:?} on {screen:?}");
    browser::screenshot(&client, "settings-standing-1280-en.png").await;
    // A rated tournament cannot be unpublished: said at the box.
    client
        .execute(
            "document.getElementById('published').checked = false;",
            vec![],
        )
        .await
        .unwrap();
    click_and_load(&client, ".settings-form .form-actions button").await;
    let refusal = text_of(&client, "#published-error").await;
    assert!(refusal.contains("cannot be unpublished"), "{refusal}");

    // The overview, in Chinese too.
    goto_in(&client, &base, "/t/club-night", "en").await;
    let note = text_of(&client, "#rated-note").await;
    assert!(note.contains("rating and rated boards public"), "{note}");
    goto_in(&client, &base, "/t/club-night", "zh").await;
    assert!(text_of(&client, "#rated-note").await.contains("等级分"));

    // Team 2's Alice Chen played: her link changes only with a reason.
    goto_in(&client, &base, "/d/club-night/teams/2/edit", "en").await;
    type_into(&client, "#link1", &alice.to_string()).await;
    click_and_load(&client, ".team-form button.primary").await;
    let refusal = text_of(&client, "#reason-error").await;
    assert!(refusal.contains("give a reason"), "{refusal}");
    let kept = client
        .find(Locator::Css("#link1"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap();
    assert_eq!(kept.as_deref(), Some(alice.to_string().as_str()));
    type_into(&client, "#reason", "Alice registered late").await;
    let at = click_and_load(&client, ".team-form button.primary").await;
    assert_eq!(at, "/d/club-night/teams");
    let event = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    assert_eq!(
        event.team(TeamNo(2)).unwrap().member_ids.first(),
        Some(&Some(alice))
    );
    let trail = fushi::db::audit::full_trail(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    assert!(
        trail.iter().any(|e| e.reason == "Alice registered late"),
        "the reason is in the trail"
    );

    // The desk's line-ups of a played table ask for a reason.
    goto_in(&client, &base, "/d/club-night/rounds/1/tables/1", "en").await;
    let hint = text_of(&client, "#lineup-reason-hint").await;
    assert!(hint.contains("needs your reason"), "{hint}");
    client.close().await.unwrap();
}

/// A director adds two players in the registry, links team 2's members to them on the
/// team's form (one by name, one by id), and finds the event on the player's view; the
/// public page of the public one reads at a desk and on a phone, in English and Chinese,
/// and the other's address is not found.
#[actix_web::test]
async fn a_roster_is_linked_from_the_registry_and_a_players_page_reads_at_both_widths() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    common::import_club_night(&db);
    ensure_user(&db, "ada", Role::Admin);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "ada").await;

    for (name, second, public) in [("Alice Chen", "陈爱丽", true), ("吴斌", "Ben Wu", false)] {
        goto_in(&client, &base, "/registry", "en").await;
        type_into(&client, "#name", name).await;
        type_into(&client, "#second_name", second).await;
        type_into(&client, "#club", "Riverside").await;
        if public {
            client
                .find(Locator::Css("#public"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
        }
        let at = click_and_load(&client, ".registry-form button.primary").await;
        assert!(at.starts_with("/registry/P"), "{at}");
    }
    browser::screenshot(&client, "registry-player-1280-en.png").await;

    // Team 2: Alice Chen by her name, Ben Wu by his id.
    goto_in(&client, &base, "/d/club-night/teams/2/edit", "en").await;
    let offered = client
        .execute(
            "return Array.prototype.map.call(document.querySelectorAll('#registry-players option'), \
               function (o) { return o.value; }).join(' ');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        offered, "P1 P2",
        "the players named like the members are offered"
    );
    type_into(&client, "#link1", "Alice Chen").await;
    type_into(&client, "#link2", "P2").await;
    let at = click_and_load(&client, ".team-form button.primary").await;
    assert_eq!(at, "/d/club-night/teams");
    let event = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    let ids: Vec<String> = event.team(TeamNo(2)).unwrap().member_ids[..2]
        .iter()
        .map(|id| id.map(|i| i.to_string()).unwrap_or_default())
        .collect();
    assert_eq!(ids, ["P1", "P2"]);

    // The registry lists both, linked or not.
    goto_in(&client, &base, "/registry", "en").await;
    let listed = text_of(&client, ".registry-players tbody").await;
    assert!(
        listed.contains("Alice Chen") && listed.contains("Ben Wu"),
        "{listed}"
    );
    browser::screenshot(&client, "registry-1280-en.png").await;

    // The director's view of Alice: the event, her team, the boards she played.
    goto_in(&client, &base, "/registry/P1", "en").await;
    let events = text_of(&client, ".player-events-table tbody").await;
    assert!(events.contains("2 Red Tractors"), "{events}");
    let trail = text_of(&client, ".registry-trail").await;
    assert!(trail.contains("added"), "{trail}");

    // The public page, signed out, at a desk and on a phone.
    client.delete_all_cookies().await.unwrap();
    for (width, lang) in browser::VIEWS {
        let at = format!("{width} px, {lang}");
        browser::set_view(&client, width).await;
        goto_in(&client, &base, "/p/P1", lang).await;
        let heading = text_of(&client, "#player-name").await;
        assert!(heading.contains("Alice Chen"), "{at}: {heading}");
        let row = text_of(&client, ".player-events-table tbody tr").await;
        assert!(row.contains("Red Tractors"), "{at}: {row}");
        assert!(!browser::scrolls_sideways(&client).await, "{at}");
        browser::screenshot(&client, &format!("player-page-{width}-{lang}.png")).await;
    }
    goto_in(&client, &base, "/p/P2", "en").await;
    let main = browser::main_text(&client).await;
    assert!(!main.contains("Ben Wu") && !main.contains("吴斌"), "{main}");
    client.close().await.unwrap();
}

/// A rated player's page shows the rating, its provisional mark and its history as a
/// chart, at a desk and on a phone.
#[actix_web::test]
async fn a_rated_players_page_shows_the_rating_and_its_chart_at_both_widths() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    crate::web_players::rated_linked_club_night(&db);
    let (ratings_csv, _) = fushi::db::ratings::files(&mut db.open()).unwrap();
    let id = ratings_csv
        .trim_start_matches('\u{feff}')
        .lines()
        .nth(1)
        .and_then(|row| row.split(',').next())
        .expect("a rated player")
        .to_owned();
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    for (width, lang) in browser::VIEWS {
        let at = format!("{width} px, {lang}");
        browser::set_view(&client, width).await;
        goto_in(&client, &base, &format!("/p/{id}"), lang).await;
        let value = text_of(&client, ".rating-value").await;
        assert!(!value.is_empty(), "{at}");
        browser::wait_for(&client, "#chart-rating svg").await;
        let chart = browser::box_of(&client, "#chart-rating").await.unwrap();
        let screen = browser::viewport(&client).await;
        assert!(
            chart.right <= screen.right + 1.0,
            "{at}: {chart:?} on {screen:?}"
        );
        assert!(!browser::scrolls_sideways(&client).await, "{at}");
        browser::screenshot(&client, &format!("player-rating-{width}-{lang}.png")).await;
    }
    client.close().await.unwrap();
}
