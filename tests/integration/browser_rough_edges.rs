//! What a real evening found rough, in a real browser where the layout or the focus is the
//! point: the traveller, the Butler ranking and the hand records on 360 and 390 px phones
//! wrap as words, never inside one; live content replaced under a keyboard user keeps the
//! focus where it was. Without Chromium and chromedriver the tests print a notice and pass.

use crate::common;
use crate::common::browser;

use std::time::{Duration, Instant};

use browser::{
    VIEWS, box_of, broken_words, browser_tools, click_and_load, goto_in, log_in, on_top,
    open_browser, scroll_to, scrolls_sideways, serve, set_view, viewport, wait_for,
};
use common::edits::update_team;
use common::http::ensure_user;
use common::{TestDb, club_night_with_table_round, code_for, import_club_night, room_token};
use fantoccini::{Client, Locator};
use fushi::db::accounts::Role;
use fushi::rules::Room;

/// The traveller and the Butler ranking on phones and at a desk, in Chinese and English:
/// names, players and results wrap between words (a Chinese name or result keeps
/// together), figures not at all, and the page never scrolls sideways.
#[actix_web::test]
async fn travellers_and_butler_wrap_as_words_on_a_phone() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    import_club_night(&db);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 360, 800).await;
    for width in [360, 390, 1280] {
        set_view(&client, width).await;
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
                let broken = broken_words(&client, css).await;
                assert!(
                    broken.is_empty(),
                    "{path} at {width} px in {lang}: {broken:?}"
                );
                assert!(
                    !scrolls_sideways(&client).await,
                    "{path} scrolls sideways at {width} px in {lang}"
                );
                // The table is on the screen: whole at a desk; on a phone its box (which
                // scrolls sideways by itself where the table is wider) is.
                let table = css.split(' ').next().unwrap();
                let shown = if width > 600 {
                    table.to_owned()
                } else {
                    format!(".scroll:has(> {table}), {table}")
                };
                let shown = box_of(&client, &shown).await.expect("the table drawn");
                let screen = viewport(&client).await;
                assert!(
                    shown.left >= 0.0 && shown.right <= screen.right + 0.5,
                    "{path} at {width} px in {lang}: {shown:?} on {screen:?}"
                );
                browser::screenshot(&client, &format!("rough-{width}-{lang}-{}.png", path.len()))
                    .await;
            }
        }
    }
    client.close().await.unwrap();
}

/// The hand records on phones and at a desk: a suit's line keeps together (a hand wraps
/// between suits), the jokers in words (小王 and 大王, never LJ or BJ).
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
    let (_driver, client) = open_browser(&tools, 360, 800).await;
    log_in(&client, &base, "director").await;
    for width in [360, 390, 1280] {
        set_view(&client, width).await;
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
            assert!(
                !scrolls_sideways(&client).await,
                "the hands scroll sideways at {width} px"
            );
            let text = browser::main_text(&client).await;
            let jokers = if lang == "en" {
                ["small joker", "big joker"]
            } else {
                ["小王", "大王"]
            };
            assert!(
                jokers.iter().any(|j| text.contains(j)),
                "{width} px, {lang}: no joker in words: {text}"
            );
            for code in [" LJ", " BJ", "LJ ", "BJ "] {
                assert!(
                    !text.contains(code),
                    "{width} px, {lang}: {code:?} in {text}"
                );
            }
        }
    }
    client.close().await.unwrap();
}

#[actix_web::test]
async fn live_content_replaced_keeps_the_focus_where_it_was() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 4, false);
    ensure_user(&db, "director", Role::Admin);
    browser::entered_at_the_table(&db, 2, Room::Open, None);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;
    // Each view, a save elsewhere: table 1's closed room (called), then its open room.
    for ((width, lang), (room, flag, look)) in [(1280, "en"), (390, "zh")].into_iter().zip([
        (Room::Closed, Some(3), "1-closed'][data-look='called"),
        (Room::Open, None, "1-open'][data-look='at-table"),
    ]) {
        set_view(&client, width).await;
        goto_in(&client, &base, "/d/club-night/rounds/4/hall", lang).await;
        wait_for(&client, "[data-hall-room='2-open'][data-look='at-table']").await;
        client
            .execute(
                "var a = document.querySelector(\"[data-hall-room='2-open'] a\"); \
                 a.focus(); a.setAttribute('data-before', 'yes');",
                vec![],
            )
            .await
            .unwrap();
        browser::entered_at_the_table(&db, 1, room, flag);
        wait_for(&client, &format!("[data-hall-room='{look}']")).await;
        assert_focus_kept(
            &client,
            "[data-hall-room='2-open'] a",
            &format!("{width} px, {lang}, hall"),
        )
        .await;
    }
    // The public round page, on a phone and at a desk: a rename elsewhere redraws it, and
    // the second table's link keeps the focus and the page its scroll.
    for (width, lang, name) in [(390, "zh", "更名一队"), (1280, "en", "Renamed once more")] {
        set_view(&client, width).await;
        goto_in(&client, &base, "/t/club-night/rounds/3", lang).await;
        let link = "#live a[href='/t/club-night/rounds/3/tables/2']";
        wait_for(&client, link).await;
        let scrolled: f64 = client
            .execute(
                "var a = document.querySelector(arguments[0]); \
                 a.scrollIntoView({block: 'center'}); a.focus(); \
                 a.setAttribute('data-before', 'yes'); return window.scrollY;",
                vec![link.into()],
            )
            .await
            .unwrap()
            .as_f64()
            .unwrap();
        let mut conn = db.open();
        let mut team = fushi::db::load_event(&mut conn, "club-night")
            .unwrap()
            .unwrap()
            .teams[0]
            .clone();
        team.name = name.to_owned();
        update_team(&mut conn, "club-night", team.number, &team).expect("the rename");
        browser::wait_main(&client, name).await;
        let at = format!("{width} px, {lang}, public round page");
        assert_focus_kept(&client, link, &at).await;
        let now: f64 = client
            .execute("return window.scrollY;", vec![])
            .await
            .unwrap()
            .as_f64()
            .unwrap();
        assert!(
            (now - scrolled).abs() < 2.0,
            "{at}: scrolled from {scrolled} to {now}"
        );
    }
    client.close().await.unwrap();
}

/// The element `css` names has the focus after the live content was replaced: it is a new
/// element (the one marked `data-before` is gone), not the page's start.
async fn assert_focus_kept(client: &Client, css: &str, at: &str) {
    let (same, replaced): (bool, bool) = serde_json::from_value(
        client
            .execute(
                "var a = document.activeElement; \
                 return [a === document.querySelector(arguments[0]), \
                         !document.querySelector('[data-before]')];",
                vec![css.into()],
            )
            .await
            .unwrap(),
    )
    .unwrap();
    assert!(replaced, "{at}: the live content was not replaced");
    assert!(same, "{at}: the focus left {css}");
}

/// `at`'s words: the English one or the Chinese one.
fn say<'a>(lang: &str, en: &'a str, zh: &'a str) -> &'a str {
    if lang == "zh" { zh } else { en }
}

/// Types every board of the table page open now (60 trick points, the declarers' last
/// trick) with the entering pair's `code`, and saves.
async fn type_and_save(client: &Client, code: &str) {
    type_room(client, code).await;
    click_and_load(client, "#table-save").await;
}

/// Types every board as [`type_and_save`] does, without saving.
async fn type_room(client: &Client, code: &str) {
    client
        .execute(
            "document.querySelectorAll('input[name$=\"-trick_points\"]').forEach(function (e) { e.value = '60'; }); \
             document.querySelectorAll('input[name$=\"-last_trick\"][value=declarer]').forEach(function (e) { e.checked = true; }); \
             document.querySelector('form.table-form input[name=code]').value = arguments[0];",
            vec![code.into()],
        )
        .await
        .unwrap();
}

/// At a desk and on a phone, in English and Chinese, a room saved at the table: the page
/// opens at the opponents' confirmation, its code field and button on the screen, and a
/// wrong code is told beside the field, on the screen too. Then the director's hall, the
/// table page and the room review call the code and the defenders by one word each.
#[actix_web::test]
async fn after_save_the_confirmation_is_on_the_screen_and_the_words_are_one() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 8, false);
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    let rooms = [
        (1, Room::Open),
        (1, Room::Closed),
        (2, Room::Open),
        (2, Room::Closed),
    ];
    for ((width, lang), (table, room)) in VIEWS.into_iter().zip(rooms) {
        let at = format!("{width} px, {lang}, table {table} {room:?}");
        set_view(&client, width).await;
        let link = format!("/table/{}", room_token(&db, table, room));
        goto_in(&client, &base, &link, lang).await;
        wait_for(&client, "form.table-form").await;
        type_and_save(&client, &code_for(&db, &link, "ns")).await;
        wait_for(&client, "#table-confirm").await;
        let screen = viewport(&client).await;
        let field = "form.table-confirm input[name=code]";
        // The code is called as on the slips and in the hall.
        let label = browser::text_of(&client, "form.table-confirm label.table-code").await;
        assert!(
            label.contains(say(lang, "team's code", "确认码")),
            "{at}: {label}"
        );
        let text = browser::main_text(&client).await;
        for other in ["队伍代码", "错误代码", "error code"] {
            assert!(!text.contains(other), "{at}: {other} on the table page");
        }
        for css in [field, "#table-confirm"] {
            let shown = box_of(&client, css).await.expect(css);
            assert!(
                shown.inside(&screen),
                "{at}: {css} at {shown:?} on {screen:?}"
            );
        }
        browser::screenshot(&client, &format!("table-confirm-{width}-{lang}.png")).await;
        // Six wrong digits send the form by themselves: the message beside the field.
        client
            .find(Locator::Css(field))
            .await
            .unwrap()
            .send_keys("000000")
            .await
            .unwrap();
        wait_for(&client, "#code-error").await;
        let screen = viewport(&client).await;
        let message = box_of(&client, "#code-error").await.expect("the message");
        let input = box_of(&client, field).await.expect("the field");
        assert!(message.inside(&screen), "{at}: {message:?} on {screen:?}");
        assert!(input.inside(&screen), "{at}: {input:?} on {screen:?}");
        assert!(
            (message.top - input.bottom).abs() < 80.0,
            "{at}: the message at {message:?}, the field at {input:?}"
        );
        assert!(!scrolls_sideways(&client).await, "{at}");
    }

    // One word per thing, on the director's pages, in each view.
    log_in(&client, &base, "director").await;
    for (width, lang) in VIEWS {
        set_view(&client, width).await;
        let at = format!("{width} px, {lang}");
        goto_in(&client, &base, "/d/club-night/rounds/4/hall", lang).await;
        let hall = browser::wait_main(&client, say(lang, "wrong team code", "确认码输错")).await;
        goto_in(
            &client,
            &base,
            "/d/club-night/rounds/4/tables/1/rooms/open",
            lang,
        )
        .await;
        let review =
            browser::wait_main(&client, say(lang, "won by the declarers", "庄家赢得末轮")).await;
        for (page, text) in [("hall", &hall), ("review", &review)] {
            for other in ["队伍代码", "错误代码", "守方", "末墩", "error code"] {
                assert!(
                    !text.contains(other),
                    "{at}: {other} on the {page}:\n{text}"
                );
            }
        }
        assert!(!scrolls_sideways(&client).await, "{at}: the room review");
    }
    client.close().await.unwrap();
}

/// The closed room offers only the pairs that can sit (none with a player the team has in
/// the open room), each choice on the screen; a pair refused (sent by a page that offered
/// it) is told beside its side's choices, on the screen, with the boards' figures kept.
#[actix_web::test]
async fn the_table_offers_only_pairs_that_can_sit_at_a_desk_and_on_a_phone() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 8, false);
    let open = format!("/table/{}", room_token(&db, 1, Room::Open));
    let closed = format!("/table/{}", room_token(&db, 1, Room::Closed));
    // The open room saved with Carol Li and David Zhao for the Red Tractors.
    let mut form = crate::web_table::room_form(&code_for(&db, &open, "ns"), "p1");
    form.push(("seat-ns".to_owned(), "2-4".to_owned()));
    form.push(("seat-ew".to_owned(), "2-3".to_owned()));
    let saved = common::http::anonymous(&db)
        .await
        .post_raw(&open, &common::refs(&form))
        .await;
    assert!(saved.status.is_redirection(), "{}", saved.body);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    for (width, lang) in VIEWS {
        let at = format!("{width} px, {lang}");
        set_view(&client, width).await;
        goto_in(&client, &base, &closed, lang).await;
        wait_for(&client, "#seat-ns").await;
        client
            .execute(
                "document.querySelectorAll('details[id^=seat-]').forEach(function (d) { d.open = true; });",
                vec![],
            )
            .await
            .unwrap();
        let offered = client
            .execute(
                "var w = document.documentElement.clientWidth; \
                 return Array.prototype.map.call(document.querySelectorAll('input[name=seat-ns]'), \
                   function (i) { var r = i.closest('label').getBoundingClientRect(); \
                     return [i.value, r.width > 0 && r.left >= 0 && r.right <= w + 0.5]; });",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(
            offered,
            serde_json::json!([["0-1", true]]),
            "{at}: the Red Tractors' pairs offered"
        );
        browser::screenshot(&client, &format!("table-pairs-{width}-{lang}.png")).await;
        // A page that still offered Carol Li's pair sends it: refused, told beside the
        // choices, on the screen, the boards as typed.
        client
            .execute(
                "var i = document.querySelector('input[name=seat-ns]'); i.value = '1-2'; i.checked = true;",
                vec![],
            )
            .await
            .unwrap();
        // The page sends by script and shows a refusal as the page, in place.
        type_room(&client, &code_for(&db, &closed, "ew")).await;
        client
            .find(Locator::Css("#table-save"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        wait_for(&client, "#seat-ns-error").await;
        browser::pause().await;
        let screen = viewport(&client).await;
        let told = box_of(&client, "#seat-ns-error")
            .await
            .unwrap_or_else(|| panic!("{at}: no refusal beside the pairs"));
        assert!(
            told.inside(&screen),
            "{at}: the refusal at {told:?} on {screen:?}"
        );
        assert!(on_top(&client, "#seat-ns-error").await, "{at}: covered");
        let kept = browser::text_of(&client, "[data-board-typed='1'] [data-p]").await;
        assert_eq!(kept, "60", "{at}: board 1's figures kept");
        assert!(!scrolls_sideways(&client).await, "{at}");
    }
    client.close().await.unwrap();
}

/// A championship after its final, at a desk and on a phone, in both languages: the
/// overview says it is finished and lists the final ranking's leaders in its order; a
/// knockout of four draws the play-off's box inside its picture, and its ties not begun
/// read "–", not "0.00 : 0.00".
#[actix_web::test]
async fn a_finished_championship_and_a_bracket_with_its_play_off() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    let stages = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stages");
    let files = fushi::archive::ArchiveFiles::read(&stages.join("swiss-knockout-8"))
        .expect("the championship");
    fushi::transfer::import(&mut db.open(), &files).expect("the championship imported");
    // A knockout of four with a play-off whose final (round 5) is not paired yet.
    let mut files =
        fushi::archive::ArchiveFiles::read(&stages.join("groups-knockout-4")).expect("the groups");
    let toml = files
        .get("tournament.toml")
        .unwrap()
        .replace("third_place = false", "third_place = true");
    files.insert("tournament.toml", toml);
    for name in ["schedule.csv", "results.csv"] {
        let kept: String = files
            .get(name)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("5,"))
            .map(|l| format!("{l}\n"))
            .collect();
        files.insert(name, kept);
    }
    fushi::transfer::import(&mut db.open(), &files).expect("the groups imported");
    let ranking: Vec<String> =
        std::fs::read_to_string(stages.join("swiss-knockout-8-expected/ranking.csv"))
            .unwrap()
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(1).unwrap().to_owned())
            .collect();
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    for (width, lang) in VIEWS {
        let at = format!("{width} px, {lang}");
        set_view(&client, width).await;
        goto_in(&client, &base, "/t/stages-swiss-knockout-8", lang).await;
        let progress = browser::text_of(&client, "#stage-progress").await;
        assert_eq!(
            progress,
            say(
                lang,
                "Finished: the final ranking stands",
                "已结束：最终名次已定"
            ),
            "{at}"
        );
        let title = browser::text_of(&client, "#h-top").await;
        assert_eq!(title, say(lang, "Final ranking", "最终名次"), "{at}");
        let leaders = client
            .execute(
                "return Array.prototype.map.call(document.querySelectorAll('.card-standings tbody tr a'), \
                   function (a) { return a.getAttribute('href').split('/').pop(); });",
                vec![],
            )
            .await
            .unwrap();
        let leaders: Vec<String> = serde_json::from_value(leaders).unwrap();
        assert!(!leaders.is_empty(), "{at}");
        assert_eq!(leaders, ranking[..leaders.len()], "{at}: the leaders");
        let screen = viewport(&client).await;
        let card = scroll_to(&client, ".card-standings table").await;
        assert!(
            card.inside(&screen),
            "{at}: the leaders at {card:?} on {screen:?}"
        );
        assert!(!scrolls_sideways(&client).await, "{at}: the overview");
        browser::screenshot(
            &client,
            &format!("championship-finished-{width}-{lang}.png"),
        )
        .await;

        goto_in(&client, &base, "/t/stages-groups-knockout-4/bracket", lang).await;
        wait_for(&client, "svg.bracket-svg").await;
        let drawn = client
            .execute(
                "var s = document.querySelector('svg.bracket-svg').getBoundingClientRect(); \
                 return Array.prototype.map.call(document.querySelectorAll('svg.bracket-svg rect, svg.bracket-svg text'), \
                   function (e) { var r = e.getBoundingClientRect(); \
                     return r.left >= s.left - 0.5 && r.right <= s.right + 0.5 \
                       && r.top >= s.top - 0.5 && r.bottom <= s.bottom + 0.5; });",
                vec![],
            )
            .await
            .unwrap();
        let drawn: Vec<bool> = serde_json::from_value(drawn).unwrap();
        assert!(drawn.len() >= 4, "{at}: {drawn:?}");
        assert!(
            drawn.iter().all(|&inside| inside),
            "{at}: a box or text outside the bracket's picture: {drawn:?}"
        );
        let text = browser::main_text(&client).await;
        let zeros: Vec<&str> = text.lines().filter(|l| l.contains("0.00 : 0.00")).collect();
        assert!(zeros.is_empty(), "{at}: {zeros:?}");
        assert!(!scrolls_sideways(&client).await, "{at}: the bracket");
        browser::screenshot(&client, &format!("bracket-play-off-{width}-{lang}.png")).await;
    }
    client.close().await.unwrap();
}

/// A round robin paired whole before play: after round 1, round 2's page gives each
/// team's rank and score before round 2 (not the zeros and team numbers of when the
/// schedule was made), its table on the screen and its names whole, in each view.
#[actix_web::test]
async fn the_ranks_before_a_round_are_those_when_it_is_shown() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    let report = crate::web_schedule::whole_round_robin_after_round_one(&db).await;
    let leader = report.standings[0].score.two_decimals();
    assert_ne!(leader, "0.00");
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    for (width, lang) in VIEWS {
        let at = format!("{width} px, {lang}");
        set_view(&client, width).await;
        goto_in(&client, &base, "/t/sched/rounds/2", lang).await;
        browser::wait_main(&client, say(lang, "Why these pairings", "配对理由")).await;
        scroll_to(&client, "table.explained").await;
        // Whole at a desk; on a phone its box (which scrolls by itself) on the screen.
        let table = box_of(
            &client,
            if width > 600 {
                "table.explained"
            } else {
                ".scroll:has(> table.explained)"
            },
        )
        .await
        .expect("the table drawn");
        let cells = client
            .execute(
                "return Array.prototype.map.call(document.querySelectorAll('table.explained tbody td.num'), \
                   function (td) { return td.textContent.trim(); });",
                vec![],
            )
            .await
            .unwrap();
        let cells: Vec<String> = serde_json::from_value(cells).unwrap();
        // Rank, score, rank, score a match: no rank 0, the leader's score among them.
        assert!(!cells.is_empty(), "{at}");
        for rank in cells.iter().step_by(2) {
            assert_ne!(rank, "0", "{at}: {cells:?}");
        }
        assert!(cells.contains(&leader), "{at}: {leader} in {cells:?}");
        let screen = viewport(&client).await;
        assert!(
            table.left >= 0.0 && table.right <= screen.right + 0.5,
            "{at}: {table:?} on {screen:?}"
        );
        let broken = broken_words(&client, "table.explained td, table.explained th").await;
        assert!(broken.is_empty(), "{at}: {broken:?}");
        assert!(!scrolls_sideways(&client).await, "{at}");
        browser::screenshot(&client, &format!("ranks-before-{width}-{lang}.png")).await;
    }
    client.close().await.unwrap();
}

/// The desk's line-ups stand unfilled until chosen, marked so where the director sees
/// them (not under the Save bar), and say they are saved apart from the results; chosen
/// and saved by their button, they are the match's line-ups.
#[actix_web::test]
async fn desk_line_ups_are_unfilled_until_chosen_and_saved_by_their_button() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    // Round 3's table 1 without its line-ups.
    let mut files = fushi::archive::ArchiveFiles::read(&common::club_night_dir())
        .expect("the club night example");
    let lineups: String = files
        .get("lineups.csv")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("3,1,"))
        .map(|l| format!("{l}\n"))
        .collect();
    files.insert("lineups.csv", lineups);
    fushi::transfer::import(&mut db.open(), &files).expect("the club night imported");
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;
    let entry = "/d/club-night/rounds/3/tables/1";
    for (width, lang) in VIEWS {
        let at = format!("{width} px, {lang}");
        set_view(&client, width).await;
        goto_in(&client, &base, entry, lang).await;
        let mark = ".lineups .lineup-missing .lineup-state";
        let shown = scroll_to(&client, mark).await;
        let screen = viewport(&client).await;
        assert!(shown.inside(&screen), "{at}: {shown:?} on {screen:?}");
        assert!(on_top(&client, mark).await, "{at}: the mark covered");
        assert_eq!(
            browser::text_of(&client, mark).await,
            say(lang, "not given yet", "尚未填写"),
            "{at}"
        );
        let hint = browser::text_of(&client, ".lineups .hint").await;
        assert!(
            hint.contains(say(lang, "apart from the results", "与成绩分开")),
            "{at}: {hint}"
        );
        let chosen = client
            .execute(
                "return Array.prototype.filter.call(document.querySelectorAll('.lineups select'), \
                   function (s) { return s.value !== ''; }).length;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(chosen, 0, "{at}: a pair shown as chosen before it is");
        assert!(!scrolls_sideways(&client).await, "{at}");
        browser::screenshot(&client, &format!("desk-lineups-{width}-{lang}.png")).await;
    }
    // The first team's pair chosen and saved by the line-ups' own button.
    client
        .execute(
            "var p = document.querySelector('.lineups .lineup-missing'); \
             var s = p.querySelectorAll('select'); \
             s[0].selectedIndex = 1; s[1].selectedIndex = 2; \
             p.closest('form').querySelector('button[type=submit]').click();",
            vec![],
        )
        .await
        .unwrap();
    browser::wait_main(&client, "").await;
    let start = Instant::now();
    while fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap()
        .lineups
        .iter()
        .all(|l| l.round != 3 || l.table != 1)
    {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the line-up never saved"
        );
        browser::pause().await;
    }
    client.close().await.unwrap();
}

/// Every page links a favicon that loads and describes itself in the reader's language,
/// its title never starting with a separator: public, director, sign-in and table pages,
/// in each view.
#[actix_web::test]
async fn every_page_has_a_favicon_and_a_description_in_its_language() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 4, false);
    ensure_user(&db, "director", Role::Admin);
    let table = format!("/table/{}", room_token(&db, 1, Room::Open));
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;
    for (width, lang) in VIEWS {
        set_view(&client, width).await;
        for page in [
            "/t/club-night",
            "/t/club-night/standings",
            "/d/club-night",
            "/d/club-night/settings",
            &table,
        ] {
            let at = format!("{width} px, {lang}, {page}");
            goto_in(&client, &base, page, lang).await;
            let head = client
                .execute_async(
                    "var done = arguments[arguments.length - 1]; \
                     var icon = document.querySelector('link[rel=icon]'); \
                     var meta = document.querySelector('meta[name=description]'); \
                     var out = [meta ? meta.content : '', document.title, '']; \
                     if (!icon) { done(out); return; } \
                     fetch(icon.href).then(function (r) { \
                       out[2] = r.ok ? (r.headers.get('content-type') || '') : 'status ' + r.status; \
                       done(out); }, function (e) { out[2] = String(e); done(out); });",
                    vec![],
                )
                .await
                .unwrap();
            let [description, title, icon]: [String; 3] = serde_json::from_value(head).unwrap();
            assert!(
                icon.starts_with("image/svg+xml"),
                "{at}: the favicon: {icon}"
            );
            // In the reader's language: mostly Chinese characters in Chinese, none but a
            // name's in English.
            let chinese = description
                .chars()
                .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
                .count();
            let latin = description
                .chars()
                .filter(char::is_ascii_alphabetic)
                .count();
            assert!(description.chars().count() > 10, "{at}: {description:?}");
            assert_eq!(chinese > latin, lang == "zh", "{at}: {description:?}");
            assert!(
                !title.is_empty() && !title.starts_with(['·', ' ', '—']),
                "{at}: the title {title:?}"
            );
        }
    }
    client.close().await.unwrap();
}
