//! The hall of an evening over HTTP, on both databases: the session's table link that
//! follows its table from round to round and shows a room's figures only to the devices
//! bound to that round's entry; the round's clock (start, pause, resume, a table's extra
//! time, each in the audit trail); the director's announcement on every table page and the
//! hall's screen; a team's page with where it plays next; the slip's QR to that page.

use crate::common;
use crate::web_table::room_form;
use actix_web::http::StatusCode;
use common::http::{anonymous, browser};
use common::{TestDb, backends, club_night_with_table_round, refs, room_token};
use fushi::db;
use fushi::rules::{Level, Room};

const SLUG: &str = "club-night";

/// The club night with two rounds to play at the tables: round 4 (1 v 2, 3 v 4, 5 bye)
/// and round 5 with the same pairings, their draws public, team codes on.
pub(crate) fn two_rounds(db: &TestDb) {
    club_night_with_table_round(db, crate::web_table::BOARDS, true);
    let mut conn = db.open();
    let level: Level = "2".parse().unwrap();
    let boards = fushi::rules::event::new_boards(crate::web_table::BOARDS, level, None);
    let round = db::add_round(&mut conn, SLUG, &boards).unwrap().unwrap();
    assert_eq!(round, 5);
    assert!(
        common::edits::replace_pairings(&mut conn, SLUG, 5, &common::club_night_pairings())
            .unwrap()
    );
    // Both draws public: a session card follows only a draw the director has published.
    for round in [4, 5] {
        db::rounds::publish_draw(&mut conn, SLUG, round, true, "director").unwrap();
    }
}

/// The session link of table `table`'s `room`.
pub(crate) fn session_link(db: &TestDb, table: i32, room: Room) -> String {
    let links = db::hall::session_links(&mut db.open(), SLUG)
        .unwrap()
        .unwrap();
    let link = links
        .iter()
        .find(|l| l.table == table && l.room == room)
        .expect("a session link per table and room");
    format!("/table/{}", link.token)
}

/// The director's announcement `text`, made as the hall page makes it.
pub(crate) fn announce(db: &TestDb, text: &str) {
    assert!(db::hall::announce(&mut db.open(), SLUG, text, "director").unwrap());
}

/// The team code of `side` of the room behind round link `token`.
fn code(db: &TestDb, token: &str, side: &str) -> String {
    common::code_for(db, &format!("/table/{token}"), side)
}

/// The round-5 room's link, made as the director's page makes it.
fn round_token(db: &TestDb, round: i32, table: i32, room: Room) -> String {
    let (_, links) = db::table::round_links(&mut db.open(), SLUG, round)
        .unwrap()
        .unwrap();
    links
        .into_iter()
        .find(|l| l.table == table && l.room == room)
        .unwrap()
        .token
}

#[actix_web::test]
async fn a_session_link_follows_its_table_and_shows_no_other_rounds_figures() {
    for db in backends() {
        two_rounds(&db);
        let session = session_link(&db, 1, Room::Open);
        let r4 = room_token(&db, 1, Room::Open);
        let mut phone_a = anonymous(&db).await;

        // Round 4 is the current round: the card shows round 4's open room of table 1.
        let page = phone_a.get_ok(&session).await;
        page.has("Round 4")
            .has("1 东城拖拉机")
            .has("whole session")
            .has(&format!("action=\"{session}\""));

        // Phone A enters round 4 through the session card with North-South's code; the
        // opponents confirm on their own phone.
        let form = room_form(&code(&db, &r4, "ns"), "s4");
        let saved = phone_a.post_raw(&session, &refs(&form)).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        phone_a
            .get_ok(&session)
            .await
            .has("P <strong>60</strong>")
            .has("Round 4");
        let mut phone_b = anonymous(&db).await;
        let ew = code(&db, &r4, "ew");
        let done = phone_b
            .confirm_room(&session, &[("code", &ew), ("action", "confirm")])
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);

        // Round 4 is not over (table 2 still plays): the card stays on round 4.
        phone_a.get_ok(&session).await.has("Round 4");

        // The director starts round 5's clock: round 5 is current, and the card follows.
        let mut director = browser(&db).await;
        director.get("/d/club-night/rounds/5/hall").await;
        let started = director
            .post(
                "/d/club-night/rounds/5/clock",
                &[("action", "start"), ("minutes", "40")],
            )
            .await;
        assert_eq!(started.status, StatusCode::SEE_OTHER, "{}", started.body);

        // A form made for round 4 and posted after the move saves nothing.
        let r4_link = db::table::find_link(&mut db.open(), &r4)
            .unwrap()
            .unwrap()
            .link_id;
        let mut stale = room_form(&code(&db, &r4, "ns"), "late");
        stale.push(("link".to_owned(), r4_link.to_string()));
        let page = phone_a.post_raw(&session, &refs(&stale)).await;
        assert_eq!(page.status, StatusCode::CONFLICT, "{}", page.body);
        page.has("moved on to round 5");

        // Phone C enters round 5 at the same table through the same card.
        let r5 = round_token(&db, 5, 1, Room::Open);
        let mut phone_c = anonymous(&db).await;
        let page = phone_c.get_ok(&session).await;
        page.has("Round 5").lacks("P <strong>");
        let form = room_form(&code(&db, &r5, "ns"), "s5");
        let saved = phone_c.post_raw(&session, &refs(&form)).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        phone_c
            .get_ok(&session)
            .await
            .has("P <strong>60</strong>")
            .has("waiting for the opponents");

        // Phone A, bound to round 4's entry, opens the card in round 5: the teams, the
        // line-ups and the room's state, never a figure.
        let page = phone_a.get_ok(&session).await;
        page.has("Round 5")
            .has("1 东城拖拉机")
            .has("waiting for the opponents")
            .lacks("P <strong>")
            .lacks("data-board-result")
            .lacks("value=\"60\"");
        // Nor do the figures travel through the confirm form without round 5's code.
        let page = phone_a.confirm_room(&session, &[("action", "show")]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.lacks("P <strong>").lacks("value=\"60\"");

        // The round's own link keeps working, and shows round 4 as it stands.
        phone_a
            .get_ok(&format!("/table/{r4}"))
            .await
            .has("Round 4")
            .has("P <strong>60</strong>");

        // Renewed, the printed session cards answer 404; the new ones work.
        let asked = director
            .post("/d/club-night/table-session", &[("action", "renew")])
            .await;
        assert_eq!(asked.status, StatusCode::SEE_OTHER);
        let renewed = director
            .post(
                "/d/club-night/table-session",
                &[("action", "renew"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(renewed.status, StatusCode::SEE_OTHER);
        assert_eq!(phone_a.get(&session).await.status, StatusCode::NOT_FOUND);
        let fresh = session_link(&db, 1, Room::Open);
        assert_ne!(fresh, session);
        phone_c.get_ok(&fresh).await.has("Round 5");

        // The cards page prints one card per table and room.
        let cards = director.get_ok("/d/club-night/table-session").await;
        cards.has(&fresh).has("<svg");
        assert_eq!(
            cards
                .body
                .matches("class=\"table-card session-card\"")
                .count(),
            4
        );
    }
}

#[actix_web::test]
async fn a_locked_round_moves_the_card_on_and_a_table_without_a_match_says_so() {
    for db in backends() {
        two_rounds(&db);
        let mut director = browser(&db).await;
        director.get("/d/club-night/rounds/4/table-links").await;
        let locked = director
            .post("/d/club-night/rounds/4/table-links", &[("action", "lock")])
            .await;
        assert_eq!(locked.status, StatusCode::SEE_OTHER);
        let session = session_link(&db, 2, Room::Closed);
        let mut phone = anonymous(&db).await;
        phone.get_ok(&session).await.has("Round 5");
        // A held draw is not followed: the card stays on the round before until the
        // director publishes it.
        db::rounds::publish_draw(&mut db.open(), SLUG, 5, false, "director").unwrap();
        phone
            .get_ok(&session)
            .await
            .has("Round 4")
            .has("locked this round")
            .lacks("name=\"2-trick_points\"");
        db::rounds::publish_draw(&mut db.open(), SLUG, 5, true, "director").unwrap();
        phone.get_ok(&session).await.has("Round 5");
        // Round 5 without table 2: the card says no match sits there.
        let pairs = vec![
            fushi::rules::Pairing {
                table: 1,
                home: fushi::rules::TeamNo(1),
                away: Some(fushi::rules::TeamNo(2)),
            },
            fushi::rules::Pairing {
                table: 3,
                home: fushi::rules::TeamNo(3),
                away: None,
            },
        ];
        assert!(common::edits::replace_pairings(&mut db.open(), SLUG, 5, &pairs).unwrap());
        let page = phone.get_ok(&session).await;
        page.has("No match sits at this table in round 5")
            .lacks("trick_points");
    }
}

#[actix_web::test]
async fn the_clock_and_the_announcement_reach_the_tables_the_screen_and_the_trail() {
    for db in backends() {
        two_rounds(&db);
        let mut director = browser(&db).await;
        director.get("/d/club-night/rounds/4/hall").await;
        let table1 = format!("/table/{}", room_token(&db, 1, Room::Open));
        let table2 = format!("/table/{}", room_token(&db, 2, Room::Open));
        let mut phone = anonymous(&db).await;
        let mut public = anonymous(&db).await;

        // No clock yet: nothing to pause, and no page shows one.
        let early = director
            .post("/d/club-night/rounds/4/clock", &[("action", "pause")])
            .await;
        assert_eq!(early.status, StatusCode::SEE_OTHER);
        phone.get_ok(&table1).await.lacks("data-round-clock");
        public
            .get_ok("/t/club-night/screen")
            .await
            .lacks("data-round-clock");

        for (form, _) in [
            (vec![("action", "start"), ("minutes", "40")], "start"),
            (vec![("action", "pause")], "pause"),
            (vec![("action", "resume")], "resume"),
            (
                vec![("action", "extra"), ("table", "1"), ("minutes", "5")],
                "extra",
            ),
        ] {
            let done = director.post("/d/club-night/rounds/4/clock", &form).await;
            assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
        }
        // Out of range minutes are refused and change nothing.
        let wrong = director
            .post(
                "/d/club-night/rounds/4/clock",
                &[("action", "start"), ("minutes", "0")],
            )
            .await;
        assert_eq!(wrong.status, StatusCode::SEE_OTHER);
        let tid = db::revision::of_slug(&mut db.open(), SLUG)
            .unwrap()
            .unwrap()
            .0;
        let clock = db::hall::round_clock(&mut db.open(), tid, 4)
            .unwrap()
            .unwrap();
        assert_eq!((clock.minutes, clock.extra.clone()), (40, vec![(1, 5)]));

        // Without JavaScript the clock says when the round ends; table 1 has its extra time.
        let page = phone.get_ok(&table1).await;
        page.has("data-round-clock")
            .has("Round 4 ends at")
            .has("5 minutes extra")
            .has("data-ends=\"");
        phone
            .get_ok(&table2)
            .await
            .has("Round 4 ends at")
            .lacks("minutes extra");

        // Each event is in the trail, in words.
        let trail = director.get_ok("/d/club-night/audit").await;
        trail
            .has("round 4 clock")
            .has("started with 40 minutes")
            .has("paused")
            .has("resumed")
            .has("table 1 given 5 extra minutes");

        // The announcement reaches every table page and the screen, and leaves with an
        // empty one.
        let said = director
            .post(
                "/d/club-night/rounds/4/announcement",
                &[("body", "Round 5 starts at 21:10 sharp")],
            )
            .await;
        assert_eq!(said.status, StatusCode::SEE_OTHER);
        phone
            .get_ok(&table2)
            .await
            .has("Announcement from the director")
            .has("Round 5 starts at 21:10 sharp");
        let screen = public.get_ok("/t/club-night/screen").await;
        screen
            .has("Round 5 starts at 21:10 sharp")
            .has("Round 4 ends at")
            .has("0 of 2 matches complete")
            .has("Standings 1–5 of 5")
            .has("data-screen-panel")
            .lacks("class=\"site-nav\"");
        director
            .get_ok("/d/club-night/audit")
            .await
            .has("announcement to the hall");
        director
            .post("/d/club-night/rounds/4/announcement", &[("body", "")])
            .await;
        phone.get_ok(&table2).await.lacks("21:10 sharp");
        public
            .get_ok("/t/club-night/screen")
            .await
            .lacks("21:10 sharp");
    }
}

#[actix_web::test]
async fn a_finished_evening_shows_its_last_round_and_its_standings() {
    let db = TestDb::sqlite();
    common::import_club_night(&db);
    let mut public = anonymous(&db).await;
    let page = public.get_ok("/t/club-night/screen").await;
    // Five teams: one page of standings, and the last round's tables.
    assert_eq!(page.body.matches("class=\"screen-panel\"").count(), 2);
    page.has("Standings 1–5 of 5").has("Round 3");

    // Thirteen teams: the standings turn in pages of ten.
    crate::common::import_championship(&db, "byes-knockout-16");
    let page = public.get_ok("/t/stages-byes-knockout-16/screen").await;
    page.has("Standings 1–10 of 13")
        .has("Standings 11–13 of 13");
}

#[actix_web::test]
async fn a_team_page_says_where_the_team_plays_next_and_takes_no_code() {
    for db in backends() {
        two_rounds(&db);
        let mut public = anonymous(&db).await;
        let page = public.get_ok("/t/club-night/teams/2").await;
        page.has("Next match")
            .has("Round 4 · Table 1")
            .has("东城拖拉机</a>")
            .has("Open room: EW · Closed room: NS")
            .lacks("name=\"code\"")
            .lacks("data-round-clock");
        let mut director = browser(&db).await;
        director.get("/d/club-night/rounds/4/hall").await;
        director
            .post(
                "/d/club-night/rounds/4/clock",
                &[("action", "start"), ("minutes", "40")],
            )
            .await;
        public
            .get_ok("/t/club-night/teams/2")
            .await
            .has("Round 4 ends at");
        // The code slips carry the team's public page in their QR code.
        let cards = director.get_ok("/d/club-night/rounds/4/table-cards").await;
        cards
            .has("/t/club-night/teams/2\"")
            .has("class=\"slip-qr\"");
        // A team with a bye in both rounds to come has no next match.
        public
            .get_ok("/t/club-night/teams/5")
            .await
            .lacks("Next match");
    }
}
