//! A club evening's smaller promises in headless Chromium, each as the reader meets it:
//! the event's date, venue and local clock on a phone (390 px); the director's room review
//! and audit trail in words, in English and in 简体中文; renewing every table link asks
//! first, a partial save stays on its table, and a room's entry, confirmation and approval
//! times are each its own; a held draw reads "pairings soon" on a phone until the director
//! publishes it. Every wait is bounded (the helpers give up after 20–30 s). Without
//! Chromium and chromedriver each test prints a notice and passes.

use crate::common;
use crate::common::browser;

use browser::{
    browser_tools, click_and_load, log_in, main_text, open_browser, open_phone, path_of,
    screenshot, scrolls_sideways, serve, wait_for,
};
use chrono::NaiveDateTime;
use common::http::ensure_user;
use common::{
    TestDb, club_night_dir, club_night_with_table_round, room_link, room_token, table_entry,
};
use diesel::prelude::*;
use fantoccini::{Client, Locator};
use fushi::archive::{ArchiveFiles, TOURNAMENT_TOML};
use fushi::db::accounts::Role;
use fushi::db::schema::{table_entries, tournaments};
use fushi::db::table::{self as tables, EntryState, Side};
use fushi::rules::{Combination, EntryFigures, LastTrick, Room, TableEntry};

const SLUG: &str = "club-night";

/// When, where and in which zone the club night is played (a date far ahead: it stays
/// upcoming).
const OCCASION: &str =
    "starts = 2999-12-03\nvenue = \"东城棋牌室 2F\"\ntime_zone = \"Asia/Shanghai\"\n";

/// The example club night with [`OCCASION`] added to its `tournament.toml`.
fn import_dated_club_night(db: &TestDb) {
    let mut files = ArchiveFiles::read(&club_night_dir()).expect("the club night example");
    let toml = format!("{}{OCCASION}", files.get(TOURNAMENT_TOML).unwrap());
    files.insert(TOURNAMENT_TOML, toml);
    fushi::transfer::import(&mut db.open(), &files).expect("the club night imported");
}

/// A published tournament of no teams, played on `starts`.
fn import_empty(db: &TestDb, slug: &str, name: &str, starts: &str) {
    let mut files = ArchiveFiles::default();
    files.insert(
        TOURNAMENT_TOML,
        format!("name = \"{name}\"\nslug = \"{slug}\"\npublished = true\nstarts = {starts}\n"),
    );
    for (file, header) in [
        ("teams.csv", "team_no,name,club,members\n"),
        ("boards.csv", "round,board,dealer,level,trump\n"),
        ("schedule.csv", "round,table,home,away\n"),
        (
            "results.csv",
            "round,table,room,board,trick_points,bottom_points,last_trick,combo,declarer_penalty,defender_penalty,ruling,defender_total,table_score,result\n",
        ),
    ] {
        files.insert(file, header.to_owned());
    }
    fushi::transfer::import(&mut db.open(), &files).expect("imported");
}

/// UTC as Shanghai's clock reads it (UTC+08:00 all year).
fn in_shanghai(utc: NaiveDateTime) -> NaiveDateTime {
    utc + chrono::Duration::hours(8)
}

/// `text` names the zone once and says "UTC" only in that label's offset.
#[track_caller]
fn zone_said_once(text: &str, page: &str) {
    assert_eq!(
        text.matches("Asia/Shanghai").count(),
        1,
        "{page}: the zone once\n{text}"
    );
    assert!(
        !text.replace("UTC+08:00", "").contains("UTC"),
        "{page}: UTC shown\n{text}"
    );
}

#[actix_web::test]
async fn the_date_the_venue_and_the_local_clock_on_a_phone() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_dated_club_night(&db);
    import_empty(&db, "old-night", "Old Night", "2001-01-04");
    ensure_user(&db, "director", Role::Admin);
    // A correction at the desk: round 1 is provisional for 30 minutes from it.
    let mut conn = db.open();
    let event = fushi::db::load_event(&mut conn, SLUG).unwrap().unwrap();
    let mut results = event.rounds[0].matches[0].results.clone();
    results[0].entry = crate::common::edited(&results[0].entry, |f| {
        f.trick_points = f.trick_points.map(|t| t + 5)
    });
    let saved = fushi::db::save_match_results_as(&mut conn, SLUG, 1, 1, &results, "director", None)
        .unwrap();
    assert!(matches!(saved, fushi::db::MatchSave::Saved(_)));
    let trail = fushi::db::audit::audit_trail(&mut conn, SLUG, None, 0, 1)
        .unwrap()
        .unwrap()
        .0;
    let corrected = trail[0].at;
    drop(conn);

    let (_server, base) = serve(&db);
    let (_driver, client) = open_phone(&tools, 390, 844).await;
    // The home page lists the events by date: the club night is upcoming, with its date
    // and venue; the old night is past.
    client.goto(&format!("{base}/")).await.unwrap();
    wait_for(&client, "main table").await;
    let home = main_text(&client).await;
    let at = |text: &str| {
        home.find(text)
            .unwrap_or_else(|| panic!("{text:?} on the home page:\n{home}"))
    };
    assert!(at("Upcoming and under way") < at("Thursday Club Night"));
    assert!(at("Thursday Club Night") < at("Past"));
    assert!(at("Past") < at("Old Night"));
    let row = &home[at("Thursday Club Night")..at("Past")];
    assert!(row.contains("2999-12-03"), "{row}");
    assert!(row.contains("东城棋牌室 2F"), "{row}");
    assert!(!scrolls_sideways(&client).await, "the home page at 390 px");
    screenshot(&client, "phone-home-by-date.png").await;

    // The overview says when and where.
    client.goto(&format!("{base}/t/{SLUG}")).await.unwrap();
    wait_for(&client, "main dl").await;
    let overview = main_text(&client).await;
    assert!(overview.contains("2999-12-03"), "{overview}");
    assert!(overview.contains("东城棋牌室 2F"), "{overview}");

    // The round's correction period ends at Shanghai's local time, the zone said once.
    client
        .goto(&format!("{base}/t/{SLUG}/rounds/1"))
        .await
        .unwrap();
    wait_for(&client, "main table").await;
    let round = main_text(&client).await;
    let until = in_shanghai(corrected + chrono::Duration::minutes(30)).format("%H:%M");
    let line = format!("Provisional: corrections until {until} (Asia/Shanghai, UTC+08:00)");
    assert!(round.contains(&line), "{line:?} in\n{round}");
    zone_said_once(&round, "round 1");
    assert!(!scrolls_sideways(&client).await, "round 1 at 390 px");
    screenshot(&client, "phone-round-local-time.png").await;

    // The director's audit trail on the same phone: the correction at Shanghai's time.
    log_in(&client, &base, "director").await;
    client
        .goto(&format!("{base}/d/{SLUG}/audit"))
        .await
        .unwrap();
    wait_for(&client, "main time").await;
    let audit = main_text(&client).await;
    let local = in_shanghai(corrected)
        .format("%Y-%m-%d %H:%M:%S")
        .to_string();
    let shown = client
        .find(Locator::Css("main time"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(shown, local);
    zone_said_once(&audit, "the audit trail");
    client.close().await.unwrap();
}

/// Table 1's open room of round 4, entered by NS: board 1 won by the defenders' pair in the
/// last trick with 10 in the bottom, the others plain.
fn enter_open_room(db: &TestDb) -> tables::TableRoom {
    let mut conn = db.open();
    let token = room_token(db, 1, Room::Open);
    let found = tables::find_link(&mut conn, &token).unwrap().unwrap();
    let cells: Vec<(i32, Option<TableEntry>)> = (1..=4)
        .map(|b| {
            let entry = if b == 1 {
                table_entry(EntryFigures {
                    trick_points: Some(35),
                    bottom_points: Some(10),
                    last_trick: Some(LastTrick::Defenders),
                    combo: Some(Combination::Pair),
                    ..EntryFigures::default()
                })
            } else {
                table_entry(EntryFigures {
                    trick_points: Some(60),
                    bottom_points: Some(10),
                    last_trick: Some(LastTrick::Declarer),
                    ..EntryFigures::default()
                })
            };
            (b, Some(entry))
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
    found
}

#[actix_web::test]
async fn the_room_review_and_the_audit_trail_read_in_words_in_english_and_chinese() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 4, false);
    ensure_user(&db, "director", Role::Admin);
    let room = enter_open_room(&db);
    // EW confirms: the entry becomes the room's results, with an audit row.
    assert_eq!(
        tables::confirm(&mut db.open(), &room, room.credential(Side::EastWest), "").unwrap(),
        Ok(())
    );
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;
    let review = format!("/d/{SLUG}/rounds/4/tables/1/rooms/open");
    let audit = format!("/d/{SLUG}/audit");
    let codes = ["trick_points=", "bottom_points=", "last_trick=", "combo="];

    client.goto(&format!("{base}{review}")).await.unwrap();
    wait_for(&client, "main table").await;
    let text = main_text(&client).await;
    assert!(
        text.contains("trick points 35, bottom 10 won by the defenders with a pair"),
        "{text}"
    );
    assert!(text.contains("trick points 60, bottom 10 won by the declarers"));
    for code in codes {
        assert!(!text.contains(code), "{code} in\n{text}");
    }
    screenshot(&client, "room-review-in-words.png").await;

    client.goto(&format!("{base}{audit}")).await.unwrap();
    wait_for(&client, "main time").await;
    let text = main_text(&client).await;
    assert!(
        text.contains("trick points 35, bottom 10 won by the defenders with a pair"),
        "{text}"
    );
    assert!(text.contains("round 4 table 1 open"), "{text}");
    for code in codes {
        assert!(!text.contains(code), "{code} in\n{text}");
    }

    // The reader switches to 简体中文: the same pages in Chinese words, no English left.
    client
        .goto(&format!("{base}/lang?lang=zh&next={review}"))
        .await
        .unwrap();
    wait_for(&client, "main table").await;
    assert_eq!(path_of(&client).await, review);
    let zh = main_text(&client).await;
    assert!(zh.contains("得分 35"), "{zh}");
    assert!(zh.contains("底牌 10 分，闲家以对子赢得末轮"), "{zh}");
    assert!(zh.contains("底牌 10 分，庄家赢得末轮"), "{zh}");
    for english in ["trick points", "won by the", "with a pair"] {
        assert!(!zh.contains(english), "{english} in\n{zh}");
    }
    for code in codes {
        assert!(!zh.contains(code), "{code} in\n{zh}");
    }
    screenshot(&client, "room-review-in-words-zh.png").await;

    client.goto(&format!("{base}{audit}")).await.unwrap();
    wait_for(&client, "main time").await;
    let zh = main_text(&client).await;
    assert!(zh.contains("修改记录"), "{zh}");
    assert!(zh.contains("第 4 轮第 1 桌开室"), "{zh}");
    assert!(zh.contains("底牌 10 分，闲家以对子赢得末轮"), "{zh}");
    for english in [
        "trick points",
        "won by the",
        "round 4 table 1",
        "table link",
    ] {
        assert!(!zh.contains(english), "{english} in\n{zh}");
    }
    for code in codes {
        assert!(!zh.contains(code), "{code} in\n{zh}");
    }

    // On a phone, in both languages: the trail in words, each time whole on its line, the
    // room's row readable without scrolling sideways.
    browser::set_view(&client, 390).await;
    for (lang, room) in [("zh", "第 4 轮第 1 桌开室"), ("en", "round 4 table 1 open")] {
        browser::goto_in(&client, &base, &audit, lang).await;
        wait_for(&client, "main time").await;
        let text = main_text(&client).await;
        assert!(text.contains(room), "390 px, {lang}: {text}");
        for code in codes {
            assert!(!text.contains(code), "390 px, {lang}: {code} in\n{text}");
        }
        assert!(
            !scrolls_sideways(&client).await,
            "390 px, {lang}: the trail scrolls sideways"
        );
        let broken = browser::broken_words(&client, "main time").await;
        assert!(broken.is_empty(), "390 px, {lang}: {broken:?}");
        screenshot(&client, &format!("audit-trail-390-{lang}.png")).await;
    }
    client.close().await.unwrap();
}

/// The dated club night (in Shanghai's zone) with a fourth round of 4 boards paired as
/// [`common::club_night_pairings`], table-side entry and the director's approval on.
fn dated_table_round(db: &TestDb) {
    import_dated_club_night(db);
    let mut conn = db.open();
    let boards = fushi::rules::event::new_boards(4, "2".parse().expect("a level"), None);
    let round = fushi::db::add_round(&mut conn, SLUG, &boards)
        .unwrap()
        .unwrap();
    assert_eq!(round, 4);
    assert!(
        common::edits::replace_pairings(&mut conn, SLUG, 4, &common::club_night_pairings())
            .unwrap()
    );
    diesel::update(tournaments::table.filter(tournaments::slug.eq(SLUG)))
        .set((
            tournaments::table_entry.eq(true),
            tournaments::table_approval.eq(true),
        ))
        .execute(&mut conn)
        .unwrap();
}

/// Waits until the page's main text has `want`, and returns that text.
async fn wait_main_has(client: &Client, want: &str) -> String {
    let start = std::time::Instant::now();
    loop {
        let text = main_text(client).await;
        if text.contains(want) {
            return text;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "no {want:?} in\n{text}"
        );
        browser::pause().await;
    }
}

/// The text of the room page's line `data-room-time=what`, if there is one.
async fn room_time(client: &Client, what: &str) -> Option<String> {
    match client
        .find(Locator::Css(&format!("[data-room-time='{what}']")))
        .await
    {
        Ok(line) => Some(line.text().await.unwrap()),
        Err(_) => None,
    }
}

fn stamp(text: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
}

#[actix_web::test]
async fn renewing_asks_first_a_partial_save_stays_and_each_room_time_is_its_own() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    dated_table_round(&db);
    ensure_user(&db, "director", Role::Admin);
    // Table 1's open room: entered by NS at 11:00 UTC, confirmed by EW at 11:05.
    let room = enter_open_room(&db);
    assert_eq!(
        tables::confirm(&mut db.open(), &room, room.credential(Side::EastWest), "").unwrap(),
        Ok(())
    );
    assert_eq!(room_link(&db, 1, Room::Open).state, EntryState::Confirmed);
    let (entered, confirmed) = (stamp("2026-12-03 11:00:00"), stamp("2026-12-03 11:05:00"));
    diesel::update(table_entries::table.filter(table_entries::match_id.eq(room.match_id)))
        .set((
            table_entries::entered_at.eq(entered),
            table_entries::updated_at.eq(confirmed),
            table_entries::confirmed_at.eq(Some(confirmed)),
        ))
        .execute(&mut db.open())
        .unwrap();
    let before = room_token(&db, 2, Room::Closed);

    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;

    // Renewing every link of the round: the button asks first and counts the cards.
    let links = format!("/d/{SLUG}/rounds/4/table-links");
    client.goto(&format!("{base}{links}")).await.unwrap();
    wait_for(&client, "button[value='renew']").await;
    let asked = click_and_load(&client, "button[value='renew']").await;
    assert_eq!(asked, format!("{links}?renew=ask"));
    assert_eq!(
        room_token(&db, 2, Room::Closed),
        before,
        "renewed on one click"
    );
    let ask = main_text(&client).await;
    assert!(
        ask.contains("4 printed cards stop working at once"),
        "{ask}"
    );
    let confirm = "#renew button[value='renew']";
    assert_eq!(
        browser::text_of(&client, confirm).await,
        "Renew all 4 links"
    );
    screenshot(&client, "renew-asks-first.png").await;
    click_and_load(&client, confirm).await;
    assert_ne!(
        room_token(&db, 2, Room::Closed),
        before,
        "renewed once confirmed"
    );

    // A partial save at the desk (one board of table 2) stays on table 2.
    let desk = format!("/d/{SLUG}/rounds/4/tables/2");
    client.goto(&format!("{base}{desk}")).await.unwrap();
    wait_for(&client, "#o1-trick_points").await;
    client
        .find(Locator::Id("o1-trick_points"))
        .await
        .unwrap()
        .send_keys("45")
        .await
        .unwrap();
    client
        .find(Locator::Id("o1-last_trick"))
        .await
        .unwrap()
        .select_by_value("declarer")
        .await
        .unwrap();
    let landed = click_and_load(&client, "#entry-form button[type=submit]").await;
    assert_eq!(landed, desk);
    wait_main_has(&client, "Results saved.").await;
    assert_eq!(
        client
            .find(Locator::Id("o1-trick_points"))
            .await
            .unwrap()
            .prop("value")
            .await
            .unwrap()
            .as_deref(),
        Some("45")
    );

    // The room: entered and confirmed each at its own time, in Shanghai's clock; not yet
    // approved.
    let review = format!("/d/{SLUG}/rounds/4/tables/1/rooms/open");
    client.goto(&format!("{base}{review}")).await.unwrap();
    wait_for(&client, "[data-room-time='entered']").await;
    let entered_line = room_time(&client, "entered").await.unwrap();
    let confirmed_line = room_time(&client, "confirmed").await.unwrap();
    assert!(
        entered_line.starts_with("Entered by NS at 2026-12-03 19:00:00 "),
        "{entered_line}"
    );
    assert_eq!(confirmed_line, "Confirmed by EW at 2026-12-03 19:05:00");
    assert_eq!(room_time(&client, "approved").await, None);
    // Approved: the approval has its own time, the other two stay as they were.
    click_and_load(&client, "button[value='approve']").await;
    client.goto(&format!("{base}{review}")).await.unwrap();
    wait_for(&client, "[data-room-time='approved']").await;
    let approved = tables::pending(&mut db.open(), room.match_id, Room::Open)
        .unwrap()
        .unwrap()
        .approved_at
        .expect("approved");
    assert_eq!(room_link(&db, 1, Room::Open).state, EntryState::Approved);
    assert_eq!(room_time(&client, "entered").await.unwrap(), entered_line);
    assert_eq!(
        room_time(&client, "confirmed").await.unwrap(),
        confirmed_line
    );
    assert_eq!(
        room_time(&client, "approved").await.unwrap(),
        format!(
            "Approved by the director at {}",
            in_shanghai(approved).format("%Y-%m-%d %H:%M:%S")
        )
    );
    screenshot(&client, "room-times.png").await;
    client.close().await.unwrap();
}

/// The club night's five teams, each named on a page that shows round 4's pairings.
const TEAMS: [&str; 5] = [
    "东城拖拉机",
    "Red Tractors",
    "八十分老友",
    "Level Up Lions",
    "Kings & Tens 十与K",
];

/// The links to round 4's matches on the page.
async fn match_links(client: &Client) -> u64 {
    client
        .execute(
            "return document.querySelectorAll(\"main a[href*='/rounds/4/tables/']\").length;",
            vec![],
        )
        .await
        .unwrap()
        .as_u64()
        .unwrap()
}

#[actix_web::test]
async fn a_held_draw_reads_pairings_soon_on_a_phone_until_it_is_published() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    // Draws are held back until published (the default); round 4 paired, not published.
    club_night_with_table_round(&db, 4, false);
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let (_phone_driver, phone) = open_phone(&tools, 390, 844).await;
    let public = format!("{base}/t/{SLUG}/rounds/4");
    phone.goto(&public).await.unwrap();
    let text = wait_main_has(&phone, "Round 4: pairings soon").await;
    for team in TEAMS {
        assert!(
            !text.contains(team),
            "{team} on the held round's page:\n{text}"
        );
    }
    assert_eq!(match_links(&phone).await, 0);
    assert!(!scrolls_sideways(&phone).await, "round 4 at 390 px");
    screenshot(&phone, "phone-pairings-soon.png").await;

    // The director publishes the draw from the round's page.
    let (_desk_driver, desk) = open_browser(&tools, 1280, 900).await;
    log_in(&desk, &base, "director").await;
    desk.goto(&format!("{base}/d/{SLUG}/rounds/4"))
        .await
        .unwrap();
    wait_for(&desk, "[data-draw='held']").await;
    click_and_load(&desk, "button[value='publish']").await;
    wait_for(&desk, "[data-draw='published']").await;
    desk.close().await.unwrap();

    // On the phone the pairings are there, every team named.
    phone.goto(&public).await.unwrap();
    let text = wait_main_has(&phone, "Kings & Tens 十与K").await;
    assert!(!text.contains("pairings soon"), "{text}");
    for team in TEAMS {
        assert!(text.contains(team), "{team} not on round 4's page:\n{text}");
    }
    assert!(match_links(&phone).await >= 2);
    screenshot(&phone, "phone-pairings-published.png").await;
    phone.close().await.unwrap();
}
