//! The director's hall view of a round, over HTTP on both databases: every room's state at
//! a glance (a call in red, with a count in every director page's header and on the
//! dashboard), approving every clean confirmed room in one transaction with one revision
//! bump and audit rows, approve-then-next on the room's page, and the ⚑ that stays until
//! the director clears it.

use crate::common;
use crate::common::code_for;

use actix_web::http::StatusCode;
use common::http::{anonymous, browser};
use common::{TestDb, backends, club_night_with_table_round, refs, room_link, room_token};
use diesel::prelude::*;
use fushi::db::schema::tournaments;
use fushi::db::table::{self as tables, EntryState};
use fushi::rules::Room;

use crate::web_table::{BOARDS, room_form};

const SLUG: &str = "club-night";

fn revision(db: &TestDb) -> i64 {
    fushi::db::revision::of_slug(&mut db.open(), SLUG)
        .unwrap()
        .unwrap()
        .1
}

/// Round 4 with approval on, its rooms as a director finds them in the hall:
/// table 1 open confirmed (clean), table 1 closed calling the director about board 3,
/// table 2 closed confirmed after a call about board 5 was sent back (⚑ 5 still on),
/// table 2 open not started.
async fn a_busy_round(db: &TestDb) {
    club_night_with_table_round(db, BOARDS, false);
    diesel::update(tournaments::table.filter(tournaments::slug.eq(SLUG)))
        .set(tournaments::table_approval.eq(true))
        .execute(&mut db.open())
        .unwrap();
    let mut table = anonymous(db).await;
    // Each room: entered by NS, then answered by EW (confirmed, or a call about a board).
    for (t, room, answer) in [
        (
            1,
            Room::Open,
            [("side", "ew"), ("action", "confirm"), ("", "")],
        ),
        (
            1,
            Room::Closed,
            [("side", "ew"), ("flag-3", "on"), ("action", "dispute")],
        ),
        (
            2,
            Room::Closed,
            [("side", "ew"), ("flag-5", "on"), ("action", "dispute")],
        ),
    ] {
        let link = format!("/table/{}", room_token(db, t, room));
        let id = format!("{t}{}", room.code());
        table
            .post_raw(&link, &refs(&room_form(&code_for(db, &link, "ns"), &id)))
            .await;
        let ew = code_for(db, &link, "ew");
        let mut answer: Vec<(&str, &str)> =
            answer.into_iter().filter(|(k, _)| !k.is_empty()).collect();
        if answer.contains(&("action", "confirm")) {
            answer.push(("code", &ew));
        }
        table.confirm_room(&link, &answer).await;
    }
    let closed2 = format!("/table/{}", room_token(db, 2, Room::Closed));
    let mut director = browser(db).await;
    let page = director
        .post(
            "/d/club-night/rounds/4/tables/2/rooms/closed",
            &[("action", "reject"), ("note", "Play board 5 again")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    table
        .post_raw(
            &closed2,
            &refs(&room_form(&code_for(db, &closed2, "ew"), "c2b")),
        )
        .await;
    table
        .confirm_room(
            &closed2,
            &[
                ("code", &code_for(db, &closed2, "ns")),
                ("action", "confirm"),
            ],
        )
        .await;
    assert_eq!(room_link(db, 1, Room::Open).state, EntryState::Confirmed);
    assert_eq!(room_link(db, 1, Room::Closed).state, EntryState::Disputed);
    assert_eq!(room_link(db, 2, Room::Closed).state, EntryState::Confirmed);
    assert_eq!(room_link(db, 2, Room::Open).state, EntryState::NotStarted);
}

#[actix_web::test]
async fn the_hall_shows_every_room_and_a_call_is_counted_on_every_director_page() {
    for db in backends() {
        a_busy_round(&db).await;
        let mut director = browser(&db).await;
        let hall = director.get_ok("/d/club-night/rounds/4/hall").await;
        hall.has("Round 4 in the hall")
            .has("data-events=\"/t/club-night/events\"")
            .has("data-hall-room=\"1-open\" data-look=\"to-approve\"")
            .has("data-hall-room=\"1-closed\" data-look=\"called\"")
            .has("data-hall-room=\"2-closed\" data-look=\"to-approve\"")
            .has("data-hall-room=\"2-open\" data-look=\"idle\"")
            .has("⚑ 3")
            .has("⚑ 5")
            .has("1 room calls the director")
            .has("2 waiting for your approval")
            // The ⚑ room is passed by: only table 1's open room is approved at once.
            .has("Approve the confirmed room without flags or calls")
            .has("1 confirmed room has a ⚑ or a wrong code");
        // Sent back and confirmed again, the ⚑ of table 2's closed room is still there.
        assert_eq!(room_link(&db, 2, Room::Closed).flagged, vec![5]);

        // The count is in the header of every director page, and on the dashboard.
        for page in [
            "/d/club-night/teams",
            "/d/club-night/rounds",
            "/d/club-night/audit",
        ] {
            director
                .get_ok(page)
                .await
                .has("class=\"calls-badge\" href=\"/d/club-night/rounds/4/hall\"")
                .has("⚑ 1 room calls the director");
        }
        director
            .get_ok("/d/club-night")
            .await
            .has("Round 4, table 1, Closed room")
            .has("href=\"/d/club-night/rounds/4/tables/1/rooms/closed\"");

        // Approve every clean confirmed room: one action, one revision, an audit row.
        let before = revision(&db);
        let page = director
            .post(
                "/d/club-night/rounds/4/hall",
                &[("action", "approve-clean")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(
            page.location.as_deref(),
            Some("/d/club-night/rounds/4/hall")
        );
        assert_eq!(revision(&db), before + 1);
        assert_eq!(room_link(&db, 1, Room::Open).state, EntryState::Approved);
        assert_eq!(room_link(&db, 2, Room::Closed).state, EntryState::Confirmed);
        assert_eq!(room_link(&db, 1, Room::Closed).state, EntryState::Disputed);
        let (trail, _) = fushi::db::audit::audit_trail(&mut db.open(), SLUG, Some((4, 1)), 0, 50)
            .unwrap()
            .unwrap();
        assert!(
            trail
                .iter()
                .any(|e| e.subject == "round 4 table 1 open room"
                    && e.before == "confirmed"
                    && e.after == "approved"
                    && e.user_name == "admin")
        );

        // Cleared, the ⚑ is gone and the room is approved with the next action.
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/2/rooms/closed",
                &[("action", "clear-flags")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert!(room_link(&db, 2, Room::Closed).flagged.is_empty());
        director
            .post(
                "/d/club-night/rounds/4/hall",
                &[("action", "approve-clean")],
            )
            .await;
        assert_eq!(room_link(&db, 2, Room::Closed).state, EntryState::Approved);
        // Nothing more to approve: the action changes nothing, not even the revision.
        let before = revision(&db);
        director
            .post(
                "/d/club-night/rounds/4/hall",
                &[("action", "approve-clean")],
            )
            .await;
        assert_eq!(revision(&db), before);
    }
}

#[actix_web::test]
async fn approve_then_next_goes_to_the_next_room_that_needs_the_director() {
    for db in backends() {
        a_busy_round(&db).await;
        let mut director = browser(&db).await;
        let review = director
            .get_ok("/d/club-night/rounds/4/tables/1/rooms/open")
            .await;
        review
            .has("value=\"approve-next\"")
            .has("data-room-time=\"entered\"")
            .has("data-room-time=\"confirmed\"")
            .lacks("data-room-time=\"approved\"");
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/1/rooms/open",
                &[("action", "approve-next")],
            )
            .await;
        // On to table 1's closed room, which calls the director (its first control
        // focused: `from=approve`).
        assert_eq!(
            page.location.as_deref(),
            Some("/d/club-night/rounds/4/tables/1/rooms/closed?from=approve")
        );
        // The room shows when it was entered, confirmed and approved, each on its own:
        // approving does not move the time of entry.
        let id = room_link(&db, 1, Room::Open).match_id;
        let entry = tables::pending(&mut db.open(), id, Room::Open)
            .unwrap()
            .unwrap();
        let approved = entry.approved_at.expect("approved");
        assert!(entry.entered_at <= entry.confirmed_at.unwrap());
        assert!(entry.confirmed_at.unwrap() <= approved);
        assert!(entry.entered_at < approved || entry.entered_at == entry.updated_at);
        assert!(entry.updated_at >= approved);
        director
            .get_ok("/d/club-night/rounds/4/tables/1/rooms/open")
            .await
            .has("data-room-time=\"approved\">Approved by the director at");
        // From the last room that needs the director, back to the hall.
        director
            .post(
                "/d/club-night/rounds/4/tables/2/rooms/closed",
                &[("action", "clear-flags")],
            )
            .await;
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/2/rooms/closed",
                &[("action", "approve-next")],
            )
            .await;
        assert_eq!(
            page.location.as_deref(),
            Some("/d/club-night/rounds/4/tables/1/rooms/closed?from=approve")
        );
        director
            .post(
                "/d/club-night/rounds/4/tables/1/rooms/closed",
                &[("action", "approve-next")],
            )
            .await;
        assert_eq!(room_link(&db, 1, Room::Closed).state, EntryState::Approved);
        // Approved, table 1's closed room still carries its ⚑ 3 until it is cleared.
        assert_eq!(room_link(&db, 1, Room::Closed).flagged, vec![3]);
        let page = director
            .post(
                "/d/club-night/rounds/4/tables/1/rooms/closed",
                &[("action", "approve-next")],
            )
            .await;
        // Nothing left to approve there: the verdict is refused, the page stays.
        assert_eq!(
            page.location.as_deref(),
            Some("/d/club-night/rounds/4/tables/1/rooms/closed")
        );
        // No more calls: the header count is gone.
        director
            .get_ok("/d/club-night/teams")
            .await
            .lacks("class=\"calls-badge\"");
    }
}

#[actix_web::test]
async fn the_room_and_the_trail_say_what_happened_in_the_readers_words() {
    for db in backends() {
        a_busy_round(&db).await;
        let mut director = browser(&db).await;
        director
            .get_ok("/d/club-night/rounds/4/tables/1/rooms/open")
            .await
            .has("<td>trick points 60, bottom 10 won by the declarers</td>")
            .lacks("trick_points=")
            .lacks("last_trick=");
        let trail = director.get_ok("/d/club-night/audit").await;
        trail
            .has("table link")
            .has("entered by NS at")
            .has("sent back by the director, ⚑ boards 5, The director says: Play board 5 again")
            .has("round 4 table 2 closed room")
            .lacks("trick_points=")
            .lacks("rejected flagged=");
        // In Chinese: no English subject, no English table link, no code.
        director.accept_language = "zh".into();
        let zh = director.get_ok("/d/club-night/audit").await;
        zh.has("桌上链接")
            .has("第 4 轮第 2 桌闭室")
            .has("裁判长已退回")
            .lacks("table link")
            .lacks("entered by")
            .lacks("closed room")
            .lacks("trick_points=");
        director
            .get_ok("/d/club-night/rounds/4/tables/1/rooms/open")
            .await
            .has("得分 60")
            .lacks("trick points");
    }
}
