//! Entering at the table, over HTTP on both databases: a room entered and confirmed
//! through its link with no account; the result public only once confirmed; wrong,
//! renewed and other rooms' tokens; a room closed by the director; a resent entry saved
//! once; "call the director"; the team code.

use crate::common;
use crate::common::code_for;
use fushi::rules::TeamNo;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::http::{anonymous, browser};
use common::{TestDb, backends, club_night_with_table_round, refs, room_link, room_token};
use diesel::prelude::*;
use fushi::db::schema::tournaments;
use fushi::db::table::{self as tables, EntryState};
use fushi::rules::{DeckRules, Decks, Room, Settings};

const SLUG: &str = "club-night";
pub(crate) const BOARDS: i32 = 8;

/// The club night with a fourth round of 8 boards (1 v 2, 3 v 4, 5 bye) and no result,
/// table-side entry on (and the code when `codes`).
fn prepare(db: &TestDb, codes: bool) {
    club_night_with_table_round(db, BOARDS, codes);
}

fn state_of(db: &TestDb, table: i32, room: Room) -> EntryState {
    room_link(db, table, room).state
}

/// A whole room as the table types it: every board `60` trick points, the declarers won
/// the last trick (P 60, declarers up 1), with the entering pair's team `code`.
pub(crate) fn room_form(code: &str, submission: &str) -> Vec<(String, String)> {
    let mut form = vec![
        ("code".to_owned(), code.to_owned()),
        ("submission".to_owned(), submission.to_owned()),
    ];
    for b in 1..=BOARDS {
        form.push((format!("{b}-trick_points"), "60".to_owned()));
        form.push((format!("{b}-bottom_points"), "10".to_owned()));
        form.push((format!("{b}-last_trick"), "declarer".to_owned()));
    }
    form
}

fn revision(db: &TestDb) -> i64 {
    fushi::db::revision::of_slug(&mut db.open(), "club-night")
        .unwrap()
        .unwrap()
        .1
}

/// The `results.csv` lines of round 4, table 1.
fn public_rows(csv: &str) -> usize {
    csv.lines().filter(|l| l.starts_with("4,1,")).count()
}

#[actix_web::test]
async fn a_room_is_entered_and_confirmed_through_its_link_without_an_account() {
    for db in backends() {
        prepare(&db, false);
        let link = format!("/table/{}", room_token(&db, 1, Room::Open));
        let mut table = anonymous(&db).await;

        let page = table.get_ok(&link).await;
        // Open room: team 1 (home) sits North-South, team 2 East-West.
        page.has("1 东城拖拉机")
            .has("name=\"3-trick_points\"")
            .has("inputmode=\"numeric\"")
            .lacks("name=\"3-ruling\"");

        // A mistake comes back with the grid's own message, nothing saved.
        let mut wrong = room_form(&code_for(&db, &link, "ns"), "w1");
        wrong[2].1 = "63".to_owned();
        let page = table.post_raw(&link, &refs(&wrong)).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Board 1, Trick points");
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::NotStarted);

        let page = table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "s1")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let page = table.get(&link).await;
        // Each board's P, result and s, at once.
        page.has("P <strong>60</strong>")
            .has("declarers up 1")
            .has("s <strong>+1</strong>")
            .has("waiting for the opponents")
            .has(&format!("action=\"{link}/confirm\""));
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::Waiting);

        // Pending is not public.
        let mut public = anonymous(&db).await;
        let csv = public.get("/t/club-night/results.csv").await;
        assert_eq!(public_rows(&csv.body), 0);

        // The side that entered cannot confirm its own entry.
        let page = table
            .confirm_room(
                &link,
                &[("code", &code_for(&db, &link, "ns")), ("action", "confirm")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("code of the side that entered");
        assert_eq!(
            public_rows(&public.get("/t/club-night/results.csv").await.body),
            0
        );

        let before = revision(&db);
        let page = table
            .confirm_room(
                &link,
                &[("code", &code_for(&db, &link, "ew")), ("action", "confirm")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::Confirmed);
        // One confirmation saves the results and the room's state in one transaction:
        // one new revision (one announcement to every listener), not one per step.
        assert_eq!(revision(&db), before + 1, "{}", db.backend());
        // Confirmed, the room's results are saved: the director sees them, the public not
        // before every room of the round has played the boards (docs/rules.md §5).
        let csv = public.get("/t/club-night/results.csv").await.body;
        assert_eq!(public_rows(&csv), 0);
        let csv = browser(&db)
            .await
            .get("/t/club-night/results.csv")
            .await
            .body;
        assert_eq!(public_rows(&csv), BOARDS as usize);
        assert!(
            csv.contains("4,1,open,1,60,10,declarer,,,,,60,1,declarers up 1"),
            "{csv}"
        );

        // The trail names the table as the source.
        let mut director = browser(&db).await;
        director
            .get("/d/club-night/rounds/4/tables/1")
            .await
            .has("table link")
            .has("confirmed by EW");
        // The round page lists every room with its state.
        director
            .get("/d/club-night/rounds/4")
            .await
            .has("data-room-state=\"1-open\">confirmed")
            .has("data-room-state=\"1-closed\">not started")
            .has("/table/");

        // A scorer reads the round page without the links.
        let scorer = fushi::db::accounts::create_user(
            &mut db.open(),
            "sam",
            common::http::TEST_PASSWORD,
            fushi::db::accounts::Role::Scorer,
        )
        .unwrap();
        fushi::db::accounts::grant(
            &mut db.open(),
            scorer.id,
            SLUG,
            fushi::db::accounts::Access::Scorer,
        )
        .unwrap();
        let mut sam = common::http::browser_as(&db, "sam", fushi::db::accounts::Role::Scorer).await;
        let page = sam.get_ok("/d/club-night/rounds/4").await;
        page.lacks("/table/");
        assert_eq!(
            sam.get("/d/club-night/rounds/4/table-links").await.status,
            StatusCode::FORBIDDEN
        );

        // Confirmed: the link takes no more entries.
        let page = table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "s2")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        table.get(&link).await.has("results are in");

        // The director approves.
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/1/rooms/open",
                &[("action", "approve")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::Approved);
    }
}

#[actix_web::test]
async fn wrong_renewed_and_other_rooms_tokens_are_refused() {
    for db in backends() {
        prepare(&db, false);
        let mut table = anonymous(&db).await;
        assert_eq!(
            table.get("/table/AAAAAAAAAAAAAAAAAAAAAA").await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            table.get("/table/short").await.status,
            StatusCode::NOT_FOUND
        );

        // Another room's link reaches only that room.
        let closed = format!("/table/{}", room_token(&db, 1, Room::Closed));
        let page = table
            .post_raw(
                &closed,
                &refs(&room_form(&code_for(&db, &closed, "ew"), "c1")),
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 1, Room::Closed), EntryState::Waiting);
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::NotStarted);
        assert_eq!(state_of(&db, 2, Room::Closed), EntryState::NotStarted);

        // Renewed: the old link is gone, the new one works.
        let old = format!("/table/{}", room_token(&db, 1, Room::Open));
        let mut director = browser(&db).await;
        let page = director
            .post(
                "/d/club-night/rounds/4/table-links",
                &[("action", "renew"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(table.get(&old).await.status, StatusCode::NOT_FOUND);
        let new = format!("/table/{}", room_token(&db, 1, Room::Open));
        assert_ne!(old, new);
        assert_eq!(table.get(&new).await.status, StatusCode::OK);

        // With table-side entry off every link answers 404.
        let mut conn = db.open();
        diesel::update(tournaments::table.filter(tournaments::slug.eq(SLUG)))
            .set(tournaments::table_entry.eq(false))
            .execute(&mut conn)
            .unwrap();
        assert_eq!(table.get(&new).await.status, StatusCode::NOT_FOUND);
    }
}

#[actix_web::test]
async fn guessing_is_refused_per_address() {
    let db = TestDb::sqlite();
    prepare(&db, false);
    let mut table = anonymous(&db).await;
    // The client is the connection's address: no proxy is configured, so a forwarding
    // header is nobody's word (docs/decisions.md, "who a client is").
    let from = |addr: &str, path: &str| {
        TestRequest::get()
            .uri(path)
            .peer_addr(format!("{addr}:40000").parse().unwrap())
    };
    for i in 0..fushi::web::table::GUESS_LIMIT {
        let page = table
            .request(from(
                "198.51.100.7",
                &format!("/table/AAAAAAAAAAAAAAAAAAAAA{}", i % 10),
            ))
            .await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
    }
    let good = format!("/table/{}", room_token(&db, 1, Room::Open));
    let page = table.request(from("198.51.100.7", &good)).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    page.has("Too many wrong links");
    // A forged forwarding header changes nothing.
    for (name, value) in [
        ("X-Forwarded-For", "9.9.9.9"),
        ("Forwarded", "for=9.9.9.9"),
        ("X-Real-IP", "9.9.9.9"),
    ] {
        let forged = from("198.51.100.7", &good).insert_header((name, value));
        let page = table.request(forged).await;
        assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS, "{name}");
    }
    // Another address is not affected.
    let page = table.request(from("198.51.100.8", &good)).await;
    assert_eq!(page.status, StatusCode::OK);
}

#[actix_web::test]
async fn a_room_closed_by_the_director_refuses_the_table() {
    for db in backends() {
        prepare(&db, false);
        let mut table = anonymous(&db).await;
        let mut director = browser(&db).await;

        // Locked round.
        let link = format!("/table/{}", room_token(&db, 2, Room::Open));
        director
            .post("/d/club-night/rounds/4/table-links", &[("action", "lock")])
            .await;
        let page = table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "l1")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::NotStarted);
        table.get(&link).await.has("locked this round");
        director
            .post(
                "/d/club-night/rounds/4/table-links",
                &[("action", "unlock")],
            )
            .await;

        // Entered at the desk: the desk wins and the room is closed to its table.
        let page = table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "l2")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Waiting);
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/2",
                &[("o1-trick_points", "100"), ("o1-last_trick", "declarer")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Desk);
        let page = table
            .confirm_room(
                &link,
                &[("code", &code_for(&db, &link, "ew")), ("action", "confirm")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        // The director's view (the public sees round 4 once every room has played it).
        let csv = director.get("/t/club-night/results.csv").await.body;
        let rows: Vec<&str> = csv.lines().filter(|l| l.starts_with("4,2,")).collect();
        assert_eq!(rows.len(), 1, "{csv}");
        assert!(rows[0].starts_with("4,2,open,1,100,"));
    }
}

#[actix_web::test]
async fn a_resent_entry_is_saved_once() {
    for db in backends() {
        prepare(&db, false);
        let mut table = anonymous(&db).await;
        let link = format!("/table/{}", room_token(&db, 1, Room::Open));
        let form = room_form(&code_for(&db, &link, "ns"), "resend-1");
        let first = table.post_raw(&link, &refs(&form)).await;
        assert_eq!(first.status, StatusCode::SEE_OTHER);
        // The same submission again (the script resending after a lost answer).
        table.post_raw(&link, &refs(&form)).await;
        // The same content under a new submission id.
        table
            .post_raw(
                &link,
                &refs(&room_form(&code_for(&db, &link, "ns"), "resend-2")),
            )
            .await;
        let mut conn = db.open();
        let id = fushi::db::rounds::match_id(&mut conn, SLUG, 4, 1)
            .unwrap()
            .unwrap();
        let pending = tables::pending(&mut conn, id, Room::Open).unwrap().unwrap();
        assert_eq!(pending.saves, 1);
        assert_eq!(pending.cells.len(), BOARDS as usize);
        // A real change counts.
        let mut changed = room_form(&code_for(&db, &link, "ns"), "resend-3");
        changed[2].1 = "65".to_owned();
        table.post_raw(&link, &refs(&changed)).await;
        let pending = tables::pending(&mut conn, id, Room::Open).unwrap().unwrap();
        assert_eq!(pending.saves, 2);
    }
}

#[actix_web::test]
async fn a_disputed_board_is_flagged_for_the_director() {
    for db in backends() {
        prepare(&db, false);
        let mut table = anonymous(&db).await;
        let link = format!("/table/{}", room_token(&db, 1, Room::Closed));
        table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "d1")))
            .await;
        let page = table
            .confirm_room(
                &link,
                &[("side", "ew"), ("flag-3", "on"), ("action", "dispute")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 1, Room::Closed), EntryState::Disputed);
        let (_, links) = tables::round_links(&mut db.open(), SLUG, 4)
            .unwrap()
            .unwrap();
        let room = links
            .iter()
            .find(|l| l.table == 1 && l.room == Room::Closed)
            .unwrap();
        assert_eq!(room.flagged, vec![3]);
        table.get(&link).await.has("director has been called");
        // Nobody can confirm a disputed room from the table.
        let page = table
            .confirm_room(
                &link,
                &[("code", &code_for(&db, &link, "ew")), ("action", "confirm")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 1, Room::Closed), EntryState::Disputed);

        let mut director = browser(&db).await;
        director
            .get("/d/club-night/rounds/4")
            .await
            .has("data-room-state=\"1-closed\">director called");
        director
            .get("/d/club-night/rounds/4/tables/1/rooms/closed")
            .await
            .has("3 ⚑");
        // Sent back with a note, the table can enter again and sees the note.
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/1/rooms/closed",
                &[("action", "reject"), ("note", "Board 3: 65, not 60")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 1, Room::Closed), EntryState::Rejected);
        table
            .get(&link)
            .await
            .has("Board 3: 65, not 60")
            .has("name=\"3-trick_points\"");
    }
}

/// The side a table speaks for is its code's, never the form's: the entering phone, which
/// saved with its own team's code, cannot confirm by saying it is the other side and typing
/// its own code again; another phone that opens the link sees the teams and the state but
/// no figure until it gives a team's code; the opponents' code on it lets it confirm.
#[actix_web::test]
async fn the_side_is_the_code_and_a_side_cannot_confirm_its_own_entry() {
    for db in backends() {
        prepare(&db, false);
        let link = format!("/table/{}", room_token(&db, 1, Room::Closed));
        let (ns_code, ew_code) = (code_for(&db, &link, "ns"), code_for(&db, &link, "ew"));
        assert_eq!(ns_code.len(), 6);
        assert_ne!(ns_code, ew_code);
        // Each pair's slip carries its own room's code; no code is in any address.
        let mut director = browser(&db).await;
        let cards = director.get_ok("/d/club-night/rounds/4/table-cards").await;
        cards.has(&ns_code).has(&ew_code);
        assert!(
            !cards.body.contains(&format!("{link}?")),
            "no code in an address"
        );

        // Closed room of table 1: team 2 sits NS. Its phone saves with NS's code, the form
        // claiming to be EW: the code decides.
        let mut phone = anonymous(&db).await;
        let page = phone.get_ok(&link).await;
        page.has("name=\"code\"")
            .has("autocomplete=\"off\"")
            .lacks("name=\"side\"");
        let mut form = room_form(&ns_code, "x1");
        form.push(("side".to_owned(), "ew".to_owned()));
        let page = phone.post_raw(&link, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let pending = |db: &TestDb| {
            let link = room_link(db, 1, Room::Closed);
            tables::pending(&mut db.open(), link.match_id, Room::Closed)
                .unwrap()
                .unwrap()
        };
        assert_eq!(pending(&db).entered_by, tables::Side::NorthSouth);
        assert!(phone.cookies.contains_key("fushi_device"));
        // The same phone, posing as the other side with its own team's code: refused,
        // and not counted as a guess.
        for claim in ["ew", "ns"] {
            let page = phone
                .confirm_room(
                    &link,
                    &[("side", claim), ("code", &ns_code), ("action", "confirm")],
                )
                .await;
            assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
            page.has("code of the side that entered");
        }
        // Without a code the phone that entered is still the entering side.
        let page = phone
            .confirm_room(&link, &[("side", "ew"), ("action", "confirm")])
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(state_of(&db, 1, Room::Closed), EntryState::Waiting);
        assert_eq!(room_link(&db, 1, Room::Closed).code_failures, 0);

        // A second phone sees the teams and the state, never a figure.
        let mut other = anonymous(&db).await;
        let page = other.get_ok(&link).await;
        // What a table page shows depends on the device: no cache keeps it.
        assert_eq!(page.header("cache-control"), Some("no-store"));
        page.has("1 东城拖拉机")
            .has("waiting for the opponents")
            .has("Show the entry")
            .lacks("P <strong>")
            .lacks("value=\"60\"")
            .lacks("name=\"1-trick_points\"");
        // Nor can it confirm or save without a code.
        let page = other
            .confirm_room(&link, &[("side", "ew"), ("action", "confirm")])
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Type your team");
        let page = other.post_raw(&link, &refs(&room_form("", "x2"))).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(state_of(&db, 1, Room::Closed), EntryState::Waiting);
        // The opponents' code on it shows the entry, and it confirms.
        let page = other
            .confirm_room(&link, &[("code", &ew_code), ("action", "show")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        other.get_ok(&link).await.has("P <strong>60</strong>");
        let page = other.confirm_room(&link, &[("action", "confirm")]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(state_of(&db, 1, Room::Closed), EntryState::Confirmed);
        assert_eq!(pending(&db).confirmed_by, Some(tables::Side::EastWest));
        // A third phone still sees no figure of the confirmed room.
        let mut third = anonymous(&db).await;
        third.get_ok(&link).await.lacks("P <strong>").lacks("+1");
        phone.get_ok(&link).await.has("P <strong>60</strong>");
    }
}

/// Wrong codes are counted per room for the whole round, whatever they were sent with: the
/// entering phone that saves again after every four guesses is stopped at the fifth, and
/// then only the director makes the room's result; the hall view shows the count.
#[actix_web::test]
async fn wrong_codes_lock_the_room_for_the_round_across_saves() {
    for db in backends() {
        prepare(&db, false);
        let link = format!("/table/{}", room_token(&db, 1, Room::Open));
        let (ns_code, ew_code) = (code_for(&db, &link, "ns"), code_for(&db, &link, "ew"));
        let mut guesses = (0..1_000_000)
            .map(|n| format!("{n:06}"))
            .filter(|c| *c != ns_code && *c != ew_code);
        let mut phone = anonymous(&db).await;
        let page = phone
            .post_raw(&link, &refs(&room_form(&ns_code, "r0")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let mut refused = 0;
        let mut locked = false;
        'cycle: for cycle in 0..10 {
            // Save again (the same phone, no code), then four guesses.
            let mut form = room_form("", &format!("r{}", cycle + 1));
            form[2].1 = if cycle % 2 == 0 { "65" } else { "60" }.to_owned();
            let page = phone.post_raw(&link, &refs(&form)).await;
            if page.location.is_some() && state_of(&db, 1, Room::Open) == EntryState::Disputed {
                locked = true;
                break;
            }
            for _ in 0..4 {
                let guess = guesses.next().unwrap();
                let page = phone
                    .confirm_room(&link, &[("code", &guess), ("action", "confirm")])
                    .await;
                if page.status == StatusCode::UNPROCESSABLE_ENTITY {
                    page.has("neither team");
                    refused += 1;
                } else {
                    // The last wrong code: back to the room, which the director now has.
                    assert_eq!(page.status, StatusCode::SEE_OTHER);
                    refused += 1;
                    locked = true;
                    break 'cycle;
                }
            }
        }
        assert!(locked, "{}", db.backend());
        assert_eq!(refused, 5, "the fifth wrong code ends it");
        let link_now = room_link(&db, 1, Room::Open);
        assert_eq!(link_now.code_failures, 5);
        assert_eq!(link_now.state, EntryState::Disputed);
        // Even the right code, a save or another phone's right code does nothing now.
        let page = phone
            .confirm_room(&link, &[("code", &ew_code), ("action", "confirm")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let page = phone
            .post_raw(&link, &refs(&room_form(&ns_code, "r99")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(room_link(&db, 1, Room::Open).state, EntryState::Disputed);
        phone
            .get_ok(&link)
            .await
            .has("only the director can finish");
        // New links do not give the table new tries.
        let mut director = browser(&db).await;
        director
            .post(
                "/d/club-night/rounds/4/table-links",
                &[("action", "renew"), ("confirm", "yes")],
            )
            .await;
        let renewed = format!("/table/{}", room_token(&db, 1, Room::Open));
        let fresh_ew = code_for(&db, &renewed, "ew");
        let page = anonymous(&db)
            .await
            .confirm_room(&renewed, &[("code", &fresh_ew), ("action", "show")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(room_link(&db, 1, Room::Open).code_failures, 5);
        assert_eq!(room_link(&db, 1, Room::Open).state, EntryState::Disputed);
        // The hall view shows the count; the director's page cannot send the room back,
        // and approving takes the entry as it stands.
        director
            .get_ok("/d/club-night/rounds/4/hall")
            .await
            .has("5 wrong team codes");
        let room_page = "/d/club-night/rounds/4/tables/1/rooms/open";
        director.get_ok(room_page).await.lacks("value=\"reject\"");
        let page = director
            .post(room_page, &[("action", "reject"), ("note", "again")])
            .await;
        assert_ne!(
            room_link(&db, 1, Room::Open).state,
            EntryState::Rejected,
            "{}",
            page.status
        );
        director.post(room_page, &[("action", "approve")]).await;
        assert_eq!(room_link(&db, 1, Room::Open).state, EntryState::Approved);
    }
}

#[actix_web::test]
async fn blank_score_sheets_carry_the_link_for_the_director_only() {
    for db in backends() {
        prepare(&db, false);
        let open = room_token(&db, 1, Room::Open);
        let sheets = "/t/club-night/rounds/4/sheets?blank=1";
        let mut director = browser(&db).await;
        director
            .get(sheets)
            .await
            .has("class=\"sheet-qr\"><svg")
            .has(&format!("/table/{open}"));
        // The PDF the director prints: every room's sheet with its link as text and QR.
        let pdf = director
            .get_ok("/d/club-night/rounds/4/table-sheets.pdf")
            .await;
        assert_eq!(pdf.content_type, "application/pdf");
        let text = pdf_extract::extract_text_from_mem(&pdf.bytes).expect("text extracts");
        assert!(text.contains(&format!("/table/{open}")), "{text}");
        assert!(text.contains("Scan to enter this room"), "{text}");
        assert_eq!(
            anonymous(&db)
                .await
                .get("/d/club-night/rounds/4/table-sheets.pdf")
                .await
                .status,
            StatusCode::SEE_OTHER
        );
        // The sheets are public; the links are not.
        anonymous(&db)
            .await
            .get(sheets)
            .await
            .lacks("sheet-qr")
            .lacks("/table/");
    }
}

#[actix_web::test]
async fn table_entry_travels_in_the_archive() {
    for db in backends() {
        prepare(&db, true);
        let mut director = browser(&db).await;
        let toml = director.get_ok("/d/club-night/files/tournament.toml").await;
        toml.has("table_entry = true\n")
            .has("table_codes = true\n")
            .lacks("table_approval");
        // The settings form shows them and keeps them.
        director
            .get("/d/club-night/settings")
            .await
            .has("name=\"table_entry\" type=\"checkbox\" value=\"on\" checked");
    }
}

/// Every public page that shows a room waiting for approval marks it provisional: the
/// match page, the board's traveller, the round's travellers and the team's row.
#[actix_web::test]
async fn a_room_waiting_for_approval_is_marked_provisional_on_every_public_page() {
    for db in backends() {
        prepare(&db, false);
        diesel::update(tournaments::table.filter(tournaments::slug.eq(SLUG)))
            .set(tournaments::table_approval.eq(true))
            .execute(&mut db.open())
            .unwrap();
        let mut table = anonymous(&db).await;
        let link = format!("/table/{}", room_token(&db, 2, Room::Open));
        table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ew"), "a1")))
            .await;
        table
            .confirm_room(
                &link,
                &[("code", &code_for(&db, &link, "ns")), ("action", "confirm")],
            )
            .await;
        // The director releases the round (a match that will not finish): its boards are
        // public although the other rooms have not played them.
        let mut director = browser(&db).await;
        director
            .post("/d/club-night/rounds/4/release", &[("action", "release")])
            .await;
        let event = fushi::db::load_event(&mut db.open(), SLUG)
            .unwrap()
            .unwrap();
        let home = event.rounds[3]
            .matches
            .iter()
            .find(|m| m.table == 2)
            .unwrap()
            .home;
        let mark = "<span class=\"provisional\">provisional</span>";
        let waiting = "waiting for the director&#39;s approval): table 2 (Open room).";
        let mut public = anonymous(&db).await;
        let page = public.get_ok("/t/club-night/rounds/4/tables/2").await;
        page.has(mark).has(waiting);
        // Only the open room waits: the board's line shows the mark once, in that room.
        assert_eq!(
            page.body.matches(mark).count(),
            BOARDS as usize,
            "{}",
            db.backend()
        );
        let traveller = public.get_ok("/t/club-night/rounds/4/boards/1").await;
        traveller.has(mark).has(waiting);
        assert_eq!(traveller.body.matches(mark).count(), 1);
        public
            .get_ok("/t/club-night/rounds/4/travellers")
            .await
            .has(mark)
            .has(waiting);
        // Another table's match page names no room of table 2.
        public
            .get_ok("/t/club-night/rounds/4/tables/1")
            .await
            .lacks(mark)
            .lacks(waiting);
        // The match sheet marks the room's columns and says why, on the page and in the
        // PDF; the room's filled score sheet marks its room; another table's sheets do not.
        let sheet = public.get_ok("/t/club-night/rounds/4/tables/2/sheet").await;
        sheet.has("Open room (provisional)</th>").has(waiting);
        sheet.lacks("Closed room (provisional)");
        let pdf = public
            .get_ok("/t/club-night/rounds/4/tables/2/sheet.pdf")
            .await;
        let text: String = pdf_extract::extract_text_from_mem(&pdf.bytes)
            .unwrap()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert!(text.contains("Openroom(provisional)"), "{text}");
        assert!(
            text.contains("waitingforthedirector’sapproval):table2(Openroom).")
                || text.contains("waitingforthedirector'sapproval):table2(Openroom)."),
            "{text}"
        );
        public
            .get_ok("/t/club-night/rounds/4/sheets?table=2")
            .await
            .has("Open room (provisional)")
            .lacks("Closed room (provisional)");
        public
            .get_ok("/t/club-night/rounds/4/tables/1/sheet")
            .await
            .lacks("(provisional)");
        // results.csv marks the room's rows in its computed `result` cell, and only
        // those: its columns stay docs/rules.md §9's, and the archive's export has no mark.
        let results = public.get_ok("/t/club-night/results.csv").await;
        let csv = String::from_utf8(results.bytes.clone()).unwrap();
        let marked: Vec<&str> = csv
            .lines()
            .filter(|l| l.ends_with(" (provisional)"))
            .collect();
        assert_eq!(marked.len(), BOARDS as usize, "{csv}");
        assert!(marked.iter().all(|l| l.starts_with("4,2,open,")), "{csv}");
        let exported = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
        assert!(!exported.get("results.csv").unwrap().contains("provisional"));
        // The team's row: its match is not complete, so it has no score to mark; approving
        // the room takes every mark away.
        director
            .post(
                "/d/club-night/rounds/4/tables/2/rooms/open",
                &[("action", "approve")],
            )
            .await;
        let mut public = anonymous(&db).await;
        public
            .get_ok("/t/club-night/rounds/4/tables/2")
            .await
            .lacks(mark)
            .lacks(waiting);
        public
            .get_ok(&format!("/t/club-night/teams/{}", home.get()))
            .await
            .lacks(mark);
        public
            .get_ok("/t/club-night/rounds/4/tables/2/sheet")
            .await
            .lacks("(provisional)");
        let results = public.get_ok("/t/club-night/results.csv").await;
        assert!(!String::from_utf8_lossy(&results.bytes).contains("(provisional)"));
    }
}

#[actix_web::test]
async fn with_approval_a_confirmed_room_is_provisional_until_the_director_approves() {
    for db in backends() {
        prepare(&db, false);
        diesel::update(tournaments::table.filter(tournaments::slug.eq(SLUG)))
            .set(tournaments::table_approval.eq(true))
            .execute(&mut db.open())
            .unwrap();
        let mut table = anonymous(&db).await;
        let link = format!("/table/{}", room_token(&db, 2, Room::Open));
        table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ew"), "a1")))
            .await;
        table
            .confirm_room(
                &link,
                &[("code", &code_for(&db, &link, "ns")), ("action", "confirm")],
            )
            .await;
        table
            .get(&link)
            .await
            .has("provisional until the director approves");
        // The public sees it marked provisional too (docs/rules.md §5).
        anonymous(&db)
            .await
            .get("/t/club-night/rounds/4")
            .await
            .has("Provisional (confirmed at the table, waiting for the director&#39;s approval): table 2 (Open room).");
        // Provisional results count already (the director's view: the public sees round
        // 4 once every room has played it).
        let csv = browser(&db)
            .await
            .get("/t/club-night/results.csv")
            .await
            .body;
        assert_eq!(
            csv.lines().filter(|l| l.starts_with("4,2,open,")).count(),
            8
        );
        let mut director = browser(&db).await;
        director
            .get("/d/club-night/rounds/4/table-links")
            .await
            .has("data-room-state=\"2-open\">confirmed, provisional");
        director
            .post(
                "/d/club-night/rounds/4/tables/2/rooms/open",
                &[("action", "approve")],
            )
            .await;
        director
            .get("/d/club-night/rounds/4/table-links")
            .await
            .has("data-room-state=\"2-open\">approved");

        // The director may also take an entry the opponents have not confirmed: the
        // results are then the director's, in the trail under the director's name.
        let closed = format!("/table/{}", room_token(&db, 2, Room::Closed));
        table
            .post_raw(
                &closed,
                &refs(&room_form(&code_for(&db, &closed, "ns"), "a2")),
            )
            .await;
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/2/rooms/closed",
                &[("action", "approve")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 2, Room::Closed), EntryState::Approved);
        let csv = director.get("/t/club-night/results.csv").await.body;
        assert_eq!(
            csv.lines().filter(|l| l.starts_with("4,2,closed,")).count(),
            8
        );
        let (trail, _) = fushi::db::audit::audit_trail(&mut db.open(), SLUG, Some((4, 2)), 0, 200)
            .unwrap()
            .unwrap();
        assert!(
            trail
                .iter()
                .any(|e| e.user_name == "admin" && e.subject.contains("closed board 1"))
        );
        assert!(trail.iter().any(|e| e.user_name.starts_with("table link")
            && e.user_name.contains("confirmed by NS")
            && e.subject.contains("open board 1")));
    }
}

/// Approval takes a room's entry whole or not at all: an entry typed under settings the
/// director has changed since (three decks' bottom holds 60 points at most, two decks' 80)
/// is refused with the reason, and nothing of it is saved; under settings it fits again it
/// is approved.
#[actix_web::test]
async fn approval_refuses_an_entry_that_no_longer_validates() {
    for db in backends() {
        prepare(&db, false);
        let mut table = anonymous(&db).await;
        let link = format!("/table/{}", room_token(&db, 2, Room::Open));
        let mut form = room_form(&code_for(&db, &link, "ew"), "a1");
        for (field, value) in &mut form {
            if field == "1-bottom_points" {
                *value = "70".to_owned();
            }
        }
        table.post_raw(&link, &refs(&form)).await;
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Waiting);
        let decks = |n: Decks| {
            let mut conn = db.open();
            let event = fushi::db::load_event(&mut conn, SLUG).unwrap().unwrap();
            let settings = Settings {
                standing: Default::default(),
                deck_rules: DeckRules::standard(n),
                ..event.settings
            };
            fushi::db::update_settings_as(&mut conn, SLUG, &settings, "admin").unwrap();
        };
        decks(Decks::Three);
        let room_page = "/d/club-night/rounds/4/tables/2/rooms/open";
        let mut director = browser(&db).await;
        let page = director.post(room_page, &[("action", "approve")]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(
            director.cookies.get("flash").map(String::as_str),
            Some("table-flash-no-longer-valid")
        );
        director
            .get(room_page)
            .await
            .has("Not approved, and nothing saved");
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Waiting);
        let sheet = fushi::db::load_round(&mut db.open(), SLUG, 4)
            .unwrap()
            .unwrap();
        assert!(
            sheet
                .table(2)
                .unwrap()
                .results
                .iter()
                .all(|r| r.room != Room::Open)
        );
        // Back to two decks the same entry is approved whole.
        decks(Decks::Two);
        director.post(room_page, &[("action", "approve")]).await;
        assert_eq!(
            director.cookies.get("flash").map(String::as_str),
            Some("table-flash-approved")
        );
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Approved);
    }
}

/// Who sits, said at the table: each team's pair of its previous match in the same room is
/// chosen already; a pair changed is stored with the entry and the trail says the table
/// gave it; a player in the other room or a pair that is not two members is refused.
#[actix_web::test]
async fn the_table_says_who_sits_and_the_trail_names_it() {
    for db in backends() {
        prepare(&db, false);
        let open = format!("/table/{}", room_token(&db, 1, Room::Open));
        let closed = format!("/table/{}", room_token(&db, 1, Room::Closed));
        let mut table = anonymous(&db).await;
        // Open room: 1 东城拖拉机 North-South (round 3: 陈静 and 王强 in the open room),
        // 2 Red Tractors East-West (round 2: Ben Wu and Alice Chen).
        table
            .get_ok(&open)
            .await
            .has("Who sits for NS · 1 东城拖拉机?")
            .has("name=\"seat-ns\" value=\"2-4\" checked")
            .has("王强 &#38; 陈静")
            .has("name=\"seat-ew\" value=\"0-1\" checked");
        for (lang, asked) in [("zh-Hans", "哪两位上场"), ("zh-Hant", "哪兩位上場")] {
            let mut reader = anonymous(&db).await;
            reader.accept_language = lang.to_owned();
            reader.get_ok(&open).await.has(asked);
        }

        let mut form = room_form(&code_for(&db, &open, "ns"), "p1");
        form.push(("seat-ns".to_owned(), "2-4".to_owned()));
        form.push(("seat-ew".to_owned(), "1-1".to_owned()));
        let page = table.post_raw(&open, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Choose the two members of 2 Red Tractors who sit here.");
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::NotStarted);

        form.last_mut().unwrap().1 = "2-3".to_owned();
        let page = table.post_raw(&open, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let event = fushi::db::load_event(&mut db.open(), SLUG)
            .unwrap()
            .unwrap();
        let sat = |room: Room, team: i32| {
            event
                .lineup(4, 1, room, TeamNo(team))
                .map(|l| l.players.join(" & "))
        };
        assert_eq!(sat(Room::Open, 1).as_deref(), Some("王强 & 陈静"));
        assert_eq!(sat(Room::Open, 2).as_deref(), Some("Carol Li & David Zhao"));
        assert_eq!(sat(Room::Closed, 2), None);
        // The page shows who sits at its head, the chosen pair checked.
        table
            .get_ok(&open)
            .await
            .has("Carol Li &#38; David Zhao</span>")
            .has("name=\"seat-ew\" value=\"2-3\" checked");

        // In the closed room the Red Tractors sit North-South: Carol Li is in the open room.
        let mut form = room_form(&code_for(&db, &closed, "ew"), "c1");
        form.push(("seat-ns".to_owned(), "1-2".to_owned()));
        let page = table.post_raw(&closed, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Carol Li sits in the Open room already");
        let mut zh = anonymous(&db).await;
        zh.accept_language = "zh-Hans".to_owned();
        zh.post_raw(&closed, &refs(&form))
            .await
            .has("Carol Li 已在开室上场");
        // The same pair again is no change; the trail names the table that gave it.
        let page = table
            .post_raw(&open, &refs(&room_form(&code_for(&db, &open, "ns"), "p2")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let (trail, _) = fushi::db::audit::audit_trail(&mut db.open(), SLUG, Some((4, 1)), 0, 200)
            .unwrap()
            .unwrap();
        let given: Vec<_> = trail
            .iter()
            .filter(|e| e.subject.contains("line-up"))
            .collect();
        assert_eq!(given.len(), 2, "{given:?}");
        assert!(
            given
                .iter()
                .all(|e| e.user_name.contains("open room seated by NS")),
            "{given:?}"
        );
        browser(&db)
            .await
            .get_ok("/d/club-night/rounds/4/tables/1")
            .await
            .has("line-up given by NS");
    }
}

/// Who sat shows on the public match page, the traveller (page and PDF) and the match
/// sheet (page and PDF), from the event's line-ups: the club night's round 3.
#[actix_web::test]
async fn who_sat_shows_on_the_match_page_the_traveller_and_the_sheets() {
    let db = TestDb::sqlite();
    common::import_club_night(&db);
    let mut public = anonymous(&db).await;
    public
        .get_ok("/t/club-night/rounds/3/tables/1")
        .await
        .has("<span class=\"seated\">陈静 &#38; 王强</span>")
        .has("<span class=\"seated\">郑海 &#38; 冯雪</span>");
    public
        .get_ok("/t/club-night/rounds/3/boards/1")
        .await
        .has("<span class=\"seated small\">周明 &#38; 吴芳</span>");
    let pdf = public.get("/t/club-night/rounds/3/travellers.pdf").await;
    assert_eq!(pdf.status, StatusCode::OK);
    let text = crate::sheets::pdf_text(&pdf.bytes);
    assert!(text.contains("(陈静&王强)"), "{text}");
    for (lang, open) in [
        ("en", "Open room"),
        ("zh-Hans", "开室"),
        ("zh-Hant", "開室"),
    ] {
        public.accept_language = lang.to_owned();
        public
            .get_ok("/t/club-night/rounds/3/tables/1/sheet")
            .await
            .has(&format!("{open}: 陈静 &#38; 王强"));
        let pdf = public
            .get("/t/club-night/rounds/3/tables/1/sheet.pdf")
            .await;
        assert_eq!(pdf.status, StatusCode::OK);
        let text = crate::sheets::pdf_text(&pdf.bytes);
        let want: String = format!("{open}: 陈静 & 王强")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert!(text.contains(&want), "{lang}: {text}");
    }
}

/// Every field of a table result ([`fushi::input::fields::RESULT_FIELDS`]) reaches every
/// form, file and answer that should hold it: the table's page has an input for each field
/// a table types and none for the director's, the director's grid one for every field (two
/// decks: tractors, so the length too), and `results.csv` and the API's results a column
/// for each field the file holds. A field added to the table and missed by one fails here.
#[actix_web::test]
async fn every_form_file_and_answer_holds_every_result_field() {
    use fushi::input::fields::{FILE_FIELDS, RESULT_FIELDS};
    let db = TestDb::sqlite();
    prepare(&db, false);
    let link = format!("/table/{}", room_token(&db, 1, Room::Open));
    let table = anonymous(&db).await.get_ok(&link).await;
    let mut director = browser(&db).await;
    let grid = director.get_ok("/d/club-night/rounds/4/tables/1").await;
    for r in &RESULT_FIELDS {
        let at_table = format!("name=\"3-{}\"", r.name);
        if r.at_table {
            table.has(&at_table);
        } else {
            table.lacks(&at_table);
        }
        grid.has(&format!("name=\"o3-{}\"", r.name))
            .has(&format!("name=\"c3-{}\"", r.name));
    }
    let mut public = anonymous(&db).await;
    let csv = public.get_ok("/t/club-night/results.csv").await;
    let header: Vec<&str> = csv
        .body
        .trim_start_matches('\u{feff}')
        .lines()
        .next()
        .unwrap()
        .split(',')
        .collect();
    let api = public
        .get_ok("/api/v1/tournaments/club-night/results")
        .await;
    let answer: serde_json::Value = serde_json::from_str(&api.body).unwrap();
    let row = &answer["results"][0];
    assert!(row.is_object(), "{}", api.body);
    for name in FILE_FIELDS {
        assert!(
            header.contains(&name),
            "results.csv lacks {name}: {header:?}"
        );
        assert!(
            row.get(name).is_some(),
            "the API's results lack {name}: {row}"
        );
    }
}

/// The director approves a table's entry only whole: a room that called the director half
/// entered offers sending back and clearing the ⚑, not approving (the state machine's
/// answer, `room_state::verdicts`; the page used to offer it, and the post then judged
/// nothing).
#[actix_web::test]
async fn a_half_entered_call_is_sent_back_not_approved() {
    for db in backends() {
        prepare(&db, false);
        let mut table = anonymous(&db).await;
        let link = format!("/table/{}", room_token(&db, 1, Room::Open));
        let whole = room_form(&code_for(&db, &link, "ns"), "h1");
        // Boards 1 to 3 only: the code, the submission and three boards' fields.
        let part: Vec<(String, String)> = whole.into_iter().take(2 + 3 * 3).collect();
        let page = table.post_raw(&link, &refs(&part)).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::Entering);
        let page = table
            .confirm_room(&link, &[("flag-2", "on"), ("action", "dispute")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::Disputed);

        let mut director = browser(&db).await;
        let room = "/d/club-night/rounds/4/tables/1/rooms/open";
        director
            .get_ok(room)
            .await
            .lacks("value=\"approve-next\"")
            .lacks("value=\"approve\"")
            .has("value=\"reject\"")
            .has("value=\"clear-flags\"");
        let page = director.post(room, &[("action", "approve")]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::Disputed);
        // Sent back, entered whole and called again: now the director may approve it.
        director
            .post(room, &[("action", "reject"), ("note", "all eight boards")])
            .await;
        let page = table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "h2")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        table
            .confirm_room(&link, &[("flag-2", "on"), ("action", "dispute")])
            .await;
        director
            .get_ok(room)
            .await
            .has("value=\"approve-next\"")
            .has("value=\"reject\"");
    }
}

/// A room the desk cleared stays the desk's, on the director's list and at the table alike,
/// until the director sends it back (it used to show "not started" on the director's list
/// while the table was told the room was done); a room the desk entered shows as the
/// desk's at the table in a locked round too (it used to show "not started" there).
#[actix_web::test]
async fn a_room_the_desk_cleared_or_entered_shows_as_the_desks_everywhere() {
    for db in backends() {
        prepare(&db, false);
        let mut table = anonymous(&db).await;
        let mut director = browser(&db).await;
        let link = format!("/table/{}", room_token(&db, 2, Room::Open));
        table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "k1")))
            .await;
        let page = table
            .confirm_room(
                &link,
                &[("code", &code_for(&db, &link, "ew")), ("action", "confirm")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Confirmed);

        // Cleared at the desk (confirmed deletion): the desk's, and closed to the table.
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/2",
                &[("confirm_delete", "yes")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Desk);
        director
            .get("/d/club-night/rounds/4")
            .await
            .has("data-room-state=\"2-open\">entered by the director");
        table
            .get(&link)
            .await
            .has("<strong>entered by the director</strong>")
            .has("results are in");
        let page = table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "k2")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Desk);
        // Sent back: the table saves it again, as it was, and it waits for the opponents
        // (a save of the same figures used to leave a sent-back room sent back).
        director
            .post(
                "/d/club-night/rounds/4/tables/2/rooms/open",
                &[("action", "reject"), ("note", "again, please")],
            )
            .await;
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Rejected);
        let page = table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "k3")))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(state_of(&db, 2, Room::Open), EntryState::Waiting);

        // Table 1's closed room, which its table never entered, entered at the desk, then
        // the round locked: the table sees the desk's room, not one never started.
        let closed = format!("/table/{}", room_token(&db, 1, Room::Closed));
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/1",
                &[("c1-trick_points", "100"), ("c1-last_trick", "declarer")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        director
            .post("/d/club-night/rounds/4/table-links", &[("action", "lock")])
            .await;
        table
            .get(&closed)
            .await
            .has("<strong>entered by the director</strong>")
            .has("locked this round");
    }
}

/// The club night rated (on import, with its end date) with round 4 taken at the tables.
fn rated_table_round(db: &TestDb) {
    let mut files = fushi::archive::ArchiveFiles::read(&common::club_night_dir()).unwrap();
    let toml = files.get("tournament.toml").unwrap().to_owned();
    files.insert(
        "tournament.toml",
        format!("{toml}ends = 2026-12-06\nrated = true\n"),
    );
    fushi::transfer::import(&mut db.open(), &files).unwrap();
    common::table_round_after_the_club_night(db, BOARDS, false);
}

/// In a rated tournament a room's line-up is fixed once the room has a result (docs/rules.md
/// §14): the device that entered the confirmed room cannot change who sat afterwards; the
/// page says the room takes no more entries, and nothing is written (line-ups, trail). The
/// room machine closes the room before its line-ups are looked at, so the line-up's own
/// refusal ("ask the director") is not what answers here: `db::field`'s unit test holds it.
#[actix_web::test]
async fn in_a_rated_tournament_the_table_cannot_change_who_sat_once_the_room_has_a_result() {
    for db in backends() {
        rated_table_round(&db);
        let open = format!("/table/{}", room_token(&db, 1, Room::Open));
        let mut table = anonymous(&db).await;
        let mut form = room_form(&code_for(&db, &open, "ns"), "r1");
        form.push(("seat-ns".to_owned(), "2-4".to_owned()));
        form.push(("seat-ew".to_owned(), "2-3".to_owned()));
        let page = table.post_raw(&open, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let mut opponents = anonymous(&db).await;
        let page = opponents
            .confirm_room(
                &open,
                &[("code", &code_for(&db, &open, "ew")), ("action", "confirm")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(state_of(&db, 1, Room::Open), EntryState::Confirmed);
        let sat = |db: &TestDb| {
            let event = fushi::db::load_event(&mut db.open(), SLUG)
                .unwrap()
                .unwrap();
            [1, 2].map(|team| {
                event
                    .lineup(4, 1, Room::Open, TeamNo(team))
                    .map(|l| l.players.join(" & "))
            })
        };
        let trail = |db: &TestDb| {
            fushi::db::audit::audit_trail(&mut db.open(), SLUG, Some((4, 1)), 0, 500)
                .unwrap()
                .unwrap()
                .1
        };
        let (before, rows) = (sat(&db), trail(&db));
        assert_eq!(before[1].as_deref(), Some("Carol Li & David Zhao"));

        // The device that entered the room says another pair sat.
        let mut form = room_form("", "r2");
        form.push(("seat-ns".to_owned(), "2-4".to_owned()));
        form.push(("seat-ew".to_owned(), "0-1".to_owned()));
        let page = table.post_raw(&open, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(page.header("location"), Some(open.as_str()));
        table
            .get_ok(&open)
            .await
            .has("This room no longer takes entries: for any change, ask the director.")
            .has("This room&#39;s results are in.")
            .has("Carol Li &#38; David Zhao</span>")
            .lacks("Alice Chen &#38; Ben Wu</span>");
        assert_eq!(sat(&db), before, "the line-up stays");
        assert_eq!(trail(&db), rows, "no audit row");
    }
}
