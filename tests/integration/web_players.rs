//! The player registry's pages and a player's public page over HTTP (docs/rules.md §14), on
//! SQLite and on PostgreSQL when `FUSHI_TEST_POSTGRES` is set: who may do what, the
//! `players.csv` upload with the command's messages, and what `/p/{id}` tells an anonymous
//! reader (nothing at all about a player who is not public).

use actix_web::http::StatusCode;

use crate::common::http::{anonymous, browser, browser_as};
use crate::common::{
    TestDb, backends, import_club_night, import_club_night_with_one_board_unplayed,
};
use fushi::db::accounts::Role;
use fushi::db::players::{self, Actor, PlayerFields};
use fushi::db::{self, DbConnection};
use fushi::rules::TeamNo;
use fushi::rules::player_id::PlayerId;

const ADMIN: Actor<'static> = Actor {
    name: "ada",
    admin: true,
};

fn add(conn: &mut DbConnection, name: &str, public: bool) -> PlayerId {
    let fields = PlayerFields {
        name: name.into(),
        club: "Riverside".into(),
        public,
        ..PlayerFields::default()
    };
    players::add(conn, &fields, ADMIN).unwrap()
}

/// Links team 2's first two members (Alice Chen, Ben Wu) to `ids`.
fn link_team_two(conn: &mut DbConnection, ids: [PlayerId; 2]) {
    let event = db::load_event(conn, "club-night").unwrap().unwrap();
    let mut team = event.team(TeamNo(2)).unwrap().clone();
    team.member_ids = vec![Some(ids[0]), Some(ids[1]), None, None];
    db::update_team_as(conn, "club-night", TeamNo(2), &team, "dora").unwrap();
}

/// Links team 1's 陈静 (its fifth member) to `id`.
fn link_chen_jing(conn: &mut DbConnection, id: PlayerId) {
    let event = db::load_event(conn, "club-night").unwrap().unwrap();
    let mut team = event.team(TeamNo(1)).unwrap().clone();
    team.member_ids = vec![None, None, None, None, Some(id)];
    db::update_team_as(conn, "club-night", TeamNo(1), &team, "dora").unwrap();
}

#[actix_web::test]
async fn directors_find_add_and_edit_and_only_administrators_merge_remove_and_import() {
    for db in backends() {
        import_club_night(&db);
        let mut dora = browser_as(&db, "dora", Role::Director).await;
        dora.get_ok("/registry").await.has("Player registry");
        // Added through the form: the next id, shown at once.
        let added = dora
            .post(
                "/registry",
                &[
                    ("name", "Alice Chen"),
                    ("second_name", "陈爱丽"),
                    ("club", "Riverside"),
                    ("federation_no", "CN-7"),
                ],
            )
            .await;
        assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
        assert_eq!(added.location.as_deref(), Some("/registry/P1"));
        // A federation number already held is refused at its field.
        let refused = dora
            .post(
                "/registry",
                &[("name", "Alice Chen"), ("federation_no", "CN-7")],
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        refused
            .has("id=\"federation_no-error\"")
            .has("federation number CN-7 belongs to P1");
        // An empty name likewise.
        let refused = dora.post("/registry", &[("name", "  ")]).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        refused.has("id=\"name-error\"");
        dora.post(
            "/registry",
            &[("name", "Alice Chen"), ("club", "riverside")],
        )
        .await;
        // Found by name, second name, club, federation number and id.
        for q in ["alice", "陈爱丽", "river", "CN-7", "P1"] {
            dora.get_ok(&format!("/registry?q={}", urlencoding(q)))
                .await
                .has("href=\"/registry/P1\"");
        }
        // The two Alice Chens of Riverside are suggested, not merged.
        let index = dora.get_ok("/registry").await;
        index
            .has("Perhaps the same person")
            .has("/registry/merge?a=P1&amp;b=P2");
        assert!(
            players::get(&mut db.open(), PlayerId::parse("P2").unwrap())
                .unwrap()
                .is_some()
        );
        // Edited by a director.
        let saved = dora
            .post(
                "/registry/P2",
                &[
                    ("name", "Alice Chen"),
                    ("club", "Riverside"),
                    ("public", "on"),
                ],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        // A director sees the merge page but no button, and a merge posted is refused.
        dora.get_ok("/registry/merge?a=P2&b=P1")
            .await
            .has("Only an administrator can do this.")
            .lacks("id=\"merge-button\"");
        let refused = dora
            .post("/registry/merge", &[("a", "P1"), ("b", "P2")])
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        refused.has("only an administrator may merge, remove or import players");
        let refused = dora.post("/registry/P2/remove", &[]).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            dora.get("/registry/players.csv").await.status,
            StatusCode::FORBIDDEN
        );
        let refused = dora
            .upload(
                "/registry/import",
                "file",
                "players.csv",
                b"player_id,name\n",
                &[],
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        refused.has("only an administrator may merge, remove or import players");
        // A scorer does not reach the registry; an anonymous reader is sent to sign in.
        let mut sam = browser_as(&db, "sam", Role::Scorer).await;
        assert_eq!(sam.get("/registry").await.status, StatusCode::FORBIDDEN);
        let page = anonymous(&db).await.get("/registry/P1").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);

        // The administrator merges with a click: the lower id stays, the trail shows it.
        let mut ada = browser(&db).await;
        ada.get_ok("/registry/merge?a=P2&b=P1")
            .await
            .has("Merge P2 into P1");
        let merged = ada
            .post("/registry/merge", &[("a", "P2"), ("b", "P1")])
            .await;
        assert_eq!(merged.location.as_deref(), Some("/registry/P1"));
        let kept = ada.get_ok("/registry/P1").await;
        kept.has("merged").has("P2 → P1");
        // The merged id leads to the kept one.
        let moved = ada.get("/registry/P2").await;
        assert_eq!(moved.location.as_deref(), Some("/registry/P1"));
        // Removed with its confirmation.
        ada.post("/registry", &[("name", "Zed")]).await;
        ada.get_ok("/registry/P3/remove")
            .await
            .has("Remove P3 Zed?");
        let removed = ada.post("/registry/P3/remove", &[]).await;
        assert_eq!(removed.location.as_deref(), Some("/registry"));
        assert_eq!(ada.get("/registry/P3").await.status, StatusCode::NOT_FOUND);
        ada.get_ok("/registry").await.has("removed");
    }
}

/// `q` as a query's value.
fn urlencoding(q: &str) -> String {
    url::form_urlencoded::byte_serialize(q.as_bytes()).collect()
}

#[actix_web::test]
async fn players_csv_goes_through_the_web_as_through_the_command() {
    for db in backends() {
        let mut ada = browser(&db).await;
        ada.get_ok("/registry").await.has("Download players.csv");
        let bad = "player_id,name,second_name,club,federation_no,public\n\
                   P1,王伟,Wang Wei,东城,CN-1,yes\n\
                   P01,Li Na,,,,no\n\
                   P3,Zhao,,,CN-1,maybe\n";
        let refused = ada
            .upload(
                "/registry/import",
                "file",
                "players.csv",
                bad.as_bytes(),
                &[],
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        refused
            .has("players.csv:3:")
            .has("its number starts with 0")
            .has("players.csv:4:");
        // All or nothing: nothing was added.
        assert!(players::all(&mut db.open()).unwrap().is_empty());
        let good = "player_id,name,second_name,club,federation_no,public\n\
                    P1,王伟,Wang Wei,东城,CN-1,yes\n\
                    P5,Li Na,,,,no\n";
        let done = ada
            .upload(
                "/registry/import",
                "file",
                "players.csv",
                good.as_bytes(),
                &[],
            )
            .await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.body);
        done.has("2 added, 0 updated, 0 merged by federation number, 0 unchanged");
        let file = ada.get_ok("/registry/players.csv").await;
        assert!(file.content_type.starts_with("text/csv"));
        let exported = players::file::export(&mut db.open()).unwrap();
        assert!(file.body.contains(&exported), "{}", file.body);
        assert!(file.body.contains("P5,Li Na,,,,no"));
    }
}

/// What `/p/{id}` answers an anonymous reader for `id`: status and body.
async fn public_answer(db: &TestDb, id: &str) -> (StatusCode, String, Option<String>) {
    let page = anonymous(db).await.get(&format!("/p/{id}")).await;
    (page.status, page.body, page.location)
}

#[actix_web::test]
async fn a_player_page_is_public_only_for_a_public_player_and_tells_nothing_else() {
    for db in backends() {
        import_club_night_with_one_board_unplayed(&db);
        let mut conn = db.open();
        let alice = add(&mut conn, "Alice Chen", true);
        let ben = add(&mut conn, "Ben Wu", false);
        link_team_two(&mut conn, [alice, ben]);
        // P3 removed; P4 (not public) merged into Ben's P2, P5 merged into Alice's P1.
        let gone = add(&mut conn, "Gone", true);
        players::remove(&mut conn, gone, ADMIN).unwrap();
        let ben_again = add(&mut conn, "Ben Wu", false);
        players::merge(&mut conn, ben, ben_again, ADMIN).unwrap();
        let alice_again = add(&mut conn, "Alice Chen", false);
        players::merge(&mut conn, alice, alice_again, ADMIN).unwrap();

        let (status, body, _) = public_answer(&db, "P1").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(body.contains("Alice Chen"));
        assert!(body.contains("href=\"/t/club-night\""));
        assert!(body.contains("href=\"/t/club-night/teams/2\""));

        // Not public, removed, never issued, no id, merged into one not public: one answer.
        let nothing = public_answer(&db, "P999").await;
        assert_eq!(nothing.0, StatusCode::NOT_FOUND);
        for id in ["P2", "P3", "P4"] {
            let answer = public_answer(&db, id).await;
            assert_eq!(answer.0, nothing.0, "{id}");
            assert_eq!(
                answer.1.replace(&format!("/p/{id}"), "/p/P999"),
                nothing.1,
                "{id}"
            );
        }
        assert!(!public_answer(&db, "P2").await.1.contains("Ben"));
        // A merged id of a public player leads to the kept one.
        let (status, _, location) = public_answer(&db, "P5").await;
        assert_eq!(status, StatusCode::MOVED_PERMANENTLY);
        assert_eq!(location.as_deref(), Some("/p/P1"));

        // Released boards only: round 3's board 2 is not released (table 1's closed room
        // has no result), so the public page counts 陈静's boards without her open-room
        // result on it, while the directors' view counts it.
        let chen = add(&mut conn, "陈静", true);
        link_chen_jing(&mut conn, chen);
        let event = db::load_event(&mut conn, "club-night").unwrap().unwrap();
        let all = fushi::rules::field::player_boards(&event, chen).boards;
        let public_body = public_answer(&db, &chen.to_string()).await.1;
        let mut ada = browser(&db).await;
        let director = ada.get_ok(&format!("/registry/{chen}")).await;
        let cell = |n: u32| format!("<td class=\"num\">{n}</td>");
        assert!(director.body.contains(&cell(all)), "{}", director.body);
        // Her rooms on round 3's board 2 (not released): the public page leaves them out.
        let round = event.rounds.iter().find(|r| r.number == 3).unwrap();
        let hidden = round
            .matches
            .iter()
            .flat_map(|m| {
                [fushi::rules::Room::Open, fushi::rules::Room::Closed]
                    .into_iter()
                    .filter(move |room| m.result(*room, 2).is_some())
                    .map(move |room| (m, room))
            })
            .filter(|(m, room)| {
                [Some(m.home), m.away].into_iter().flatten().any(|team| {
                    event
                        .lineup(3, m.table, *room, team)
                        .is_some_and(|l| l.player_ids.contains(&Some(chen)))
                })
            })
            .count() as u32;
        assert_eq!(hidden, 1);
        let public_boards = all - hidden;
        assert!(public_body.contains(&cell(public_boards)), "{public_body}");
    }
}

#[actix_web::test]
async fn the_api_lists_public_players_only_and_answers_like_the_page() {
    for db in backends() {
        import_club_night_with_one_board_unplayed(&db);
        let mut conn = db.open();
        let alice = add(&mut conn, "Alice Chen", true);
        let ben = add(&mut conn, "Ben Wu", false);
        link_team_two(&mut conn, [alice, ben]);
        let chen = add(&mut conn, "陈静", true);
        link_chen_jing(&mut conn, chen);
        let gone = add(&mut conn, "Gone", true);
        players::remove(&mut conn, gone, ADMIN).unwrap();
        let mut reader = anonymous(&db).await;

        // The list: public players by id, paged; Ben (not public) and P4 (removed) absent.
        let list = reader.get_ok("/api/v1/players").await;
        let json: serde_json::Value = serde_json::from_str(&list.body).unwrap();
        let ids: Vec<&str> = json["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, ["P1", "P3"]);
        assert!(!list.body.contains("Ben"));
        let first = reader.get_ok("/api/v1/players?limit=1").await;
        let json: serde_json::Value = serde_json::from_str(&first.body).unwrap();
        let next = json["next"].as_str().unwrap().to_owned();
        let second = reader
            .get_ok(&format!("/api/v1/players?limit=1&cursor={next}"))
            .await;
        assert!(second.body.contains("\"P3\""), "{}", second.body);
        // Its ETag answers 304.
        let etag = list.header("etag").unwrap().to_owned();
        let again = reader
            .request(
                actix_web::test::TestRequest::get()
                    .uri("/api/v1/players")
                    .insert_header(("If-None-Match", etag.as_str())),
            )
            .await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED);

        // One player: the figures of the page, released boards only.
        let one = reader.get_ok(&format!("/api/v1/players/{chen}")).await;
        let json: serde_json::Value = serde_json::from_str(&one.body).unwrap();
        let event = &json["events"][0];
        assert_eq!(event["slug"], "club-night");
        let page = reader.get_ok(&format!("/p/{chen}")).await;
        let boards = event["boards"].as_u64().unwrap();
        page.has(&format!("<td class=\"num\">{boards}</td>"));
        let butler = event["butler"].as_str().unwrap().replace('-', "−");
        page.has(&format!("<td class=\"num\">{butler}</td>"));

        // Not public, removed, never issued: one answer.
        let nothing = reader.get("/api/v1/players/P999").await;
        assert_eq!(nothing.status, StatusCode::NOT_FOUND);
        for id in ["P2", "P4", "x"] {
            let answer = reader.get(&format!("/api/v1/players/{id}")).await;
            assert_eq!(
                (answer.status, answer.body.as_str()),
                (nothing.status, nothing.body.as_str()),
                "{id}"
            );
        }
    }
}

/// The club night rated (on import, with its end date) and marked finished, every member of
/// every team linked afterwards (with the reason a rated tournament asks for) to a public
/// registry player added in team and member order (`P1` …).
pub fn rated_linked_club_night(db: &TestDb) {
    let mut files = fushi::archive::ArchiveFiles::read(&crate::common::club_night_dir()).unwrap();
    let toml = files.get("tournament.toml").unwrap().to_owned();
    files.insert(
        "tournament.toml",
        format!("{toml}ends = 2026-12-06\nrated = true\n"),
    );
    fushi::transfer::import(&mut db.open(), &files).unwrap();
    let mut conn = db.open();
    let event = db::load_event(&mut conn, "club-night").unwrap().unwrap();
    for team in event.teams.iter() {
        let mut linked = team.clone();
        linked.member_ids = team
            .members
            .iter()
            .map(|m| Some(add(&mut conn, m, true)))
            .collect();
        let why = ("dora", "registered after the night");
        db::update_team_why(&mut conn, "club-night", team.number, &linked, why).unwrap();
    }
    assert!(fushi::db::standing::set_finished_as(&mut conn, "club-night", true, "dora").unwrap());
}

#[actix_web::test]
async fn a_rated_players_page_and_answer_give_the_rating_of_ratings_csv_and_its_history() {
    for db in backends() {
        rated_linked_club_night(&db);
        let (ratings_csv, _) = fushi::db::ratings::files(&mut db.open()).unwrap();
        // The first player of ratings.csv: id, name, rating, boards, provisional.
        let row: Vec<String> = ratings_csv
            .trim_start_matches('\u{feff}')
            .lines()
            .nth(1)
            .expect("a rated player")
            .split(',')
            .map(str::to_owned)
            .collect();
        let (id, rating, boards) = (&row[0], &row[2], &row[3]);
        assert_eq!(row[4], "yes", "fewer than 100 boards: provisional");
        let mut reader = anonymous(&db).await;
        let page = reader.get_ok(&format!("/p/{id}")).await;
        let shown = rating.replace('-', "−");
        page.has("id=\"rating\"")
            .has(&format!("<dd class=\"rating-value\">{shown} <span"))
            .has("provisional")
            .has(&format!("<dd>{boards}</dd>"));
        // The history: one rated event, one point on the chart, its figures in the table.
        assert_eq!(page.body.matches("class=\"point\"").count(), 1);
        page.has("Rating after each rated event");
        let answer = reader.get_ok(&format!("/api/v1/players/{id}")).await;
        let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(json["rating"]["rating"], rating.as_str());
        assert_eq!(json["rating"]["boards"].to_string(), *boards);
        assert_eq!(json["rating"]["provisional"], true);
        assert_eq!(json["rating"]["history"][0]["slug"], "club-night");
        assert_eq!(json["rating"]["history"][0]["rating"], rating.as_str());
        // The directors' view shows it too.
        let mut ada = browser(&db).await;
        ada.get_ok(&format!("/registry/{id}"))
            .await
            .has("id=\"rating\"");
    }
}

/// A team page links a member to their cross-event page only while that page is public,
/// and a page kept for the revision follows a change of `public` at once.
#[actix_web::test]
async fn a_team_page_links_a_member_to_their_page_only_while_it_is_public() {
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        let alice = add(&mut conn, "Alice Chen", true);
        let ben = add(&mut conn, "Ben Wu", false);
        link_team_two(&mut conn, [alice, ben]);
        let mut reader = anonymous(&db).await;
        let page = reader.get_ok("/t/club-night/teams/2").await;
        page.has(&format!("<a href=\"/p/{alice}\">Alice Chen</a>"))
            .has("<li>Ben Wu</li>");
        assert!(!page.body.contains(&format!("/p/{ben}")), "{}", page.body);
        // Read again: the page kept for this revision.
        reader.get_ok("/t/club-night/teams/2").await;

        // Alice's page turns private, Ben's public: the team page follows.
        let mut fields = players::get(&mut conn, alice).unwrap().unwrap().fields;
        fields.public = false;
        players::edit(&mut conn, alice, &fields, ADMIN).unwrap();
        let mut fields = players::get(&mut conn, ben).unwrap().unwrap().fields;
        fields.public = true;
        players::edit(&mut conn, ben, &fields, ADMIN).unwrap();
        let page = reader.get_ok("/t/club-night/teams/2").await;
        page.has("<li>Alice Chen</li>")
            .has(&format!("<a href=\"/p/{ben}\">Ben Wu</a>"));
        assert!(!page.body.contains(&format!("/p/{alice}")), "{}", page.body);
    }
}

/// Reading a rated player's page neither writes nor waits for the write lock: the ratings
/// were brought up to date when the tournament was marked finished, so `/p/{id}` and its
/// API answer are served while another connection holds SQLite's write lock (a reader that
/// still took it would wait out the busy timeout and fail).
#[actix_web::test]
async fn a_players_page_is_read_while_another_connection_holds_the_write_lock() {
    use diesel::RunQueryDsl;
    let db = TestDb::sqlite();
    rated_linked_club_night(&db);
    assert!(fushi::db::ratings::is_current(&mut db.open()).unwrap());
    let mut reader = anonymous(&db).await;
    let before = reader.get_ok("/p/P1").await;
    before.has("id=\"rating\"");
    let mut writer = db.open();
    diesel::sql_query("BEGIN IMMEDIATE")
        .execute(&mut writer)
        .unwrap();
    let page = reader.get("/p/P1").await;
    let answer = reader.get("/api/v1/players/P1").await;
    diesel::sql_query("ROLLBACK").execute(&mut writer).unwrap();
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.body, before.body);
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert!(answer.body.contains("\"rating\":{"), "{}", answer.body);
}

/// A merge in the registry brings the ratings up to date itself: before anyone reads them
/// they are current, the merged-away id's rating is the kept id's, and a reader finds
/// nothing left to do.
#[actix_web::test]
async fn after_a_merge_the_ratings_are_current_before_any_read() {
    use diesel::prelude::*;
    use fushi::db::schema::player_ratings;
    for db in backends() {
        // P1 has played nothing; P2 … are the club night's members.
        let spare = add(&mut db.open(), "Alice Chen", true);
        rated_linked_club_night(&db);
        let mut conn = db.open();
        let rated = |conn: &mut DbConnection| -> Vec<(i64, String, i32)> {
            player_ratings::table
                .order(player_ratings::player_id)
                .select((
                    player_ratings::player_id,
                    player_ratings::rating,
                    player_ratings::boards,
                ))
                .load(conn)
                .unwrap()
        };
        let before = rated(&mut conn);
        let p2 = before.iter().find(|r| r.0 == 2).cloned().expect("P2 rated");
        let p2_id = PlayerId::parse("P2").unwrap();
        assert_eq!(
            players::merge(&mut conn, spare, p2_id, ADMIN).unwrap(),
            spare
        );
        // Current at once, read straight from the kept tables: P2's figures are P1's now.
        assert!(fushi::db::ratings::is_current(&mut conn).unwrap());
        let after = rated(&mut conn);
        assert!(after.iter().all(|r| r.0 != 2), "{after:?}");
        assert_eq!(
            after.iter().find(|r| r.0 == 1),
            Some(&(1, p2.1.clone(), p2.2))
        );
        assert_eq!(
            fushi::db::ratings::refresh(&mut conn).unwrap(),
            fushi::db::ratings::Refreshed::Current
        );
        let mut reader = anonymous(&db).await;
        reader.get_ok("/p/P1").await.has("id=\"rating\"");
        // A removal likewise (P3 was P2's partner: their boards are rated no more).
        players::remove(&mut conn, PlayerId::parse("P3").unwrap(), ADMIN).unwrap();
        assert!(fushi::db::ratings::is_current(&mut conn).unwrap());
        let now = rated(&mut conn);
        assert!(now.iter().all(|r| r.0 != 3 && r.0 != 1), "{now:?}");
        reader.get_ok("/p/P1").await.lacks("id=\"rating\"");
    }
}

/// `If-None-Match` with `etag` for `path`.
fn conditional(path: &str, etag: &str) -> actix_web::test::TestRequest {
    actix_web::test::TestRequest::get()
        .uri(path)
        .insert_header(("If-None-Match", etag))
}

/// The headers of an answer but those of the request itself (`Date`, `X-Request-Id`).
fn headers_of(page: &crate::common::http::Page) -> Vec<(String, String)> {
    let mut h: Vec<(String, String)> = page
        .headers
        .iter()
        .filter(|(n, _)| n != "date" && n != "x-request-id")
        .cloned()
        .collect();
    h.sort();
    h
}

/// A public player's page has a strong validator and the public pages' caching: `304` for
/// a reader who has it, a new one when the page shows something new (the registry row, the
/// rating), another per language; none for a signed-in reader; and a page that does not
/// exist carries none, whether the id is not public or was never issued.
#[actix_web::test]
async fn a_players_page_answers_304_until_what_it_shows_changes() {
    use fushi::web::live::http::PUBLIC_CACHE_CONTROL;
    for db in backends() {
        rated_linked_club_night(&db);
        let mut conn = db.open();
        let mut reader = anonymous(&db).await;
        let page = reader.get_ok("/p/P1").await;
        page.has("id=\"rating\"");
        let etag = page.header("etag").expect("a validator").to_owned();
        assert_eq!(page.header("cache-control"), Some(PUBLIC_CACHE_CONTROL));
        let again = reader.request(conditional("/p/P1", &etag)).await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED);
        assert_eq!(again.header("etag"), Some(etag.as_str()));
        assert_eq!(again.header("cache-control"), Some(PUBLIC_CACHE_CONTROL));
        assert!(again.body.is_empty());
        // The same page again: the same validator.
        assert_eq!(
            reader.get_ok("/p/P1").await.header("etag"),
            Some(etag.as_str())
        );
        // Another language is another page.
        let zh = anonymous(&db).await.get_ok("/p/P1?lang=zh-Hans").await;
        zh.has("lang=\"zh-Hans\"");
        assert_ne!(zh.header("etag"), Some(etag.as_str()));

        // The registry row changes: a new validator, and the old one gets the page.
        let id = PlayerId::parse("P1").unwrap();
        let mut fields = players::get(&mut conn, id).unwrap().unwrap().fields;
        fields.club = "Lakeside".into();
        players::edit(&mut conn, id, &fields, ADMIN).unwrap();
        let edited = reader.request(conditional("/p/P1", &etag)).await;
        assert_eq!(edited.status, StatusCode::OK);
        edited.has("Lakeside");
        let etag2 = edited.header("etag").unwrap().to_owned();
        assert_ne!(etag2, etag);
        // The rating goes (the tournament is no longer finished): new again.
        fushi::db::standing::set_finished_as(&mut conn, "club-night", false, "dora").unwrap();
        let unrated = reader.request(conditional("/p/P1", &etag2)).await;
        assert_eq!(unrated.status, StatusCode::OK);
        unrated.lacks("id=\"rating\"");
        assert_ne!(unrated.header("etag"), Some(etag2.as_str()));

        // Signed in: no validator, never stored.
        let mut ada = browser(&db).await;
        let signed_in = ada.get_ok("/p/P1").await;
        assert_eq!(signed_in.header("etag"), None);
        assert_eq!(signed_in.header("cache-control"), Some("no-store"));

        // P2 is made not public: its 404 is the one of an id never issued, headers and all.
        let p2 = PlayerId::parse("P2").unwrap();
        let mut fields = players::get(&mut conn, p2).unwrap().unwrap().fields;
        fields.public = false;
        players::edit(&mut conn, p2, &fields, ADMIN).unwrap();
        let hidden = reader.get("/p/P2").await;
        let never = reader.get("/p/P999").await;
        assert_eq!(hidden.status, StatusCode::NOT_FOUND);
        assert_eq!(hidden.header("etag"), None);
        // (The language switch names the address asked for.)
        assert_eq!(
            (headers_of(&hidden), hidden.body.replace("/p/P2", "/p/P999")),
            (headers_of(&never), never.body.clone())
        );
    }
}

/// A series' page and its files have a strong validator: `304` for a reader who has them, a
/// new one when the standings or the tournaments shown change (a player no longer public is
/// shown without name; a tournament no longer finished is in progress and counts no more).
#[actix_web::test]
async fn a_series_page_and_its_files_answer_304_until_what_they_show_changes() {
    use fushi::web::live::http::PUBLIC_CACHE_CONTROL;
    for db in backends() {
        rated_linked_club_night(&db);
        let mut conn = db.open();
        db::series::create(&mut conn, "spring", "Spring league", None).unwrap();
        db::series::set_series(&mut conn, "club-night", Some("spring")).unwrap();
        let mut reader = anonymous(&db).await;
        let mut etags = Vec::new();
        for path in ["/s/spring", "/s/spring/series.csv", "/s/spring/series.pdf"] {
            let page = reader.get_ok(path).await;
            let etag = page.header("etag").expect("a validator").to_owned();
            assert_eq!(page.header("cache-control"), Some(PUBLIC_CACHE_CONTROL));
            let again = reader.request(conditional(path, &etag)).await;
            assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{path}");
            assert_eq!(again.header("etag"), Some(etag.as_str()), "{path}");
            assert!(!etags.contains(&etag), "{path}: its own validator");
            etags.push(etag);
        }
        // P1 is no longer public: the line keeps its place without name.
        let p1 = PlayerId::parse("P1").unwrap();
        let mut fields = players::get(&mut conn, p1).unwrap().unwrap().fields;
        let name = fields.name.clone();
        reader.get_ok("/s/spring").await.has(&format!(">{name}<"));
        fields.public = false;
        players::edit(&mut conn, p1, &fields, ADMIN).unwrap();
        let hidden = reader.request(conditional("/s/spring", &etags[0])).await;
        assert_eq!(hidden.status, StatusCode::OK);
        assert!(!hidden.body.contains(&format!(">{name}<")));
        let etag = hidden.header("etag").unwrap().to_owned();
        assert_ne!(etag, etags[0]);
        let csv = reader
            .request(conditional("/s/spring/series.csv", &etags[1]))
            .await;
        assert_eq!(csv.status, StatusCode::OK);
        // Not finished any more: in progress, no standings.
        fushi::db::standing::set_finished_as(&mut conn, "club-night", false, "dora").unwrap();
        let open = reader.request(conditional("/s/spring", &etag)).await;
        assert_eq!(open.status, StatusCode::OK);
        open.has("in progress");
        assert_eq!(open.body.matches("<td class=\"num rank\">").count(), 0);
        // Signed in: no validator.
        let mut ada = browser(&db).await;
        let signed_in = ada.get_ok("/s/spring").await;
        assert_eq!(signed_in.header("etag"), None);
        assert_eq!(signed_in.header("cache-control"), Some("no-store"));
    }
}

/// Every item of the paged list `path` (`key` holds its items), following `next` a few
/// items at a time; the first answer's ETag answers 304.
async fn all_pages<B: actix_web::body::MessageBody>(
    reader: &mut crate::common::http::Browser<impl crate::common::http::TestApp<B>>,
    path: &str,
    key: &str,
) -> Vec<serde_json::Value> {
    let whole = reader.get_ok(path).await;
    let etag = whole.header("etag").expect("a validator").to_owned();
    let again = reader.request(conditional(path, &etag)).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{path}");
    let whole: serde_json::Value = serde_json::from_str(&whole.body).unwrap();
    let sep = if path.contains('?') { '&' } else { '?' };
    let mut items = Vec::new();
    let mut query = format!("{path}{sep}limit=2");
    loop {
        let page = reader.get_ok(&query).await;
        let json: serde_json::Value = serde_json::from_str(&page.body).unwrap();
        let got = json[key].as_array().unwrap();
        assert!(got.len() <= 2, "{query}");
        items.extend(got.iter().cloned());
        match json["next"].as_str() {
            Some(next) => query = format!("{path}{sep}limit=2&cursor={next}"),
            None => break,
        }
    }
    assert_eq!(
        &items,
        whole[key].as_array().unwrap(),
        "{path}: the pages make the whole"
    );
    items
}

/// `/api/v1/ratings`: the rows of `ratings.csv` of the public players only, by id, paged,
/// with 304.
#[actix_web::test]
async fn the_ratings_answer_gives_the_public_players_rows_of_ratings_csv() {
    for db in backends() {
        rated_linked_club_night(&db);
        let mut conn = db.open();
        // P2 is not public: left out.
        let p2 = PlayerId::parse("P2").unwrap();
        let mut fields = players::get(&mut conn, p2).unwrap().unwrap().fields;
        fields.public = false;
        players::edit(&mut conn, p2, &fields, ADMIN).unwrap();
        let (ratings_csv, _) = fushi::db::ratings::files(&mut conn).unwrap();
        let want: Vec<Vec<String>> = ratings_csv
            .trim_start_matches('\u{feff}')
            .lines()
            .skip(1)
            .map(|l| l.split(',').map(str::to_owned).collect::<Vec<_>>())
            .filter(|row| row[0] != "P2")
            .collect();
        assert!(want.len() > 5, "{ratings_csv}");
        let mut reader = anonymous(&db).await;
        let items = all_pages(&mut reader, "/api/v1/ratings", "ratings").await;
        let got: Vec<Vec<String>> = items
            .iter()
            .map(|r| {
                vec![
                    r["id"].as_str().unwrap().to_owned(),
                    r["name"].as_str().unwrap().to_owned(),
                    r["rating"].as_str().unwrap().to_owned(),
                    r["boards"].to_string(),
                    if r["provisional"].as_bool().unwrap() {
                        "yes"
                    } else {
                        "no"
                    }
                    .to_owned(),
                ]
            })
            .collect();
        assert_eq!(got, want);
        assert_eq!(items[0]["url"], format!("/api/v1/players/{}", want[0][0]));
        assert!(!items.iter().any(|r| r["id"] == "P2"));
    }
}

/// `/api/v1/series` lists the series with a published tournament; `/api/v1/series/{slug}`
/// gives its published tournaments and the standings of its page and `series.csv` cell by
/// cell, a player who is not public without name or id, paged by rank, with 304.
#[actix_web::test]
async fn the_series_answers_give_the_series_page_and_its_file() {
    use diesel::prelude::*;
    for db in backends() {
        rated_linked_club_night(&db);
        let mut conn = db.open();
        db::series::create(&mut conn, "spring", "Spring league 春季", Some(2)).unwrap();
        db::series::set_series(&mut conn, "club-night", Some("spring")).unwrap();
        // A series with no published tournament is not public.
        db::series::create(&mut conn, "autumn", "Autumn", None).unwrap();
        let p1 = PlayerId::parse("P1").unwrap();
        let mut fields = players::get(&mut conn, p1).unwrap().unwrap().fields;
        fields.public = false;
        players::edit(&mut conn, p1, &fields, ADMIN).unwrap();
        let mut reader = anonymous(&db).await;

        let list = all_pages(&mut reader, "/api/v1/series", "series").await;
        assert_eq!(list.len(), 1, "{list:?}");
        assert_eq!(list[0]["slug"], "spring");
        assert_eq!(list[0]["name"], "Spring league 春季");
        assert_eq!(list[0]["count_best"], 2);
        assert_eq!(list[0]["tournaments"], 1);
        assert_eq!(list[0]["url"], "/api/v1/series/spring");
        assert_eq!(list[0]["page"], "/s/spring");

        let one = reader.get_ok("/api/v1/series/spring").await;
        let json: serde_json::Value = serde_json::from_str(&one.body).unwrap();
        assert_eq!(json["count_best"], 2);
        assert_eq!(
            json["tournaments"],
            serde_json::json!([{
                "slug": "club-night",
                "name": db::load_event(&mut conn, "club-night").unwrap().unwrap().settings.name,
                "finished": true,
                "url": "/api/v1/tournaments/club-night",
            }])
        );
        let standings = all_pages(&mut reader, "/api/v1/series/spring", "standings").await;
        let csv = reader.get_ok("/s/spring/series.csv").await;
        let text = String::from_utf8(csv.bytes.clone()).unwrap();
        let rows: Vec<Vec<String>> = text
            .trim_start_matches('\u{feff}')
            .lines()
            .skip(1)
            .map(|l| l.split(',').map(str::to_owned).collect())
            .collect();
        assert!(rows.len() > 5);
        let cell = |v: &serde_json::Value| match v {
            serde_json::Value::Null => String::new(),
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let got: Vec<Vec<String>> = standings
            .iter()
            .map(|l| {
                [
                    "rank",
                    "player_id",
                    "name",
                    "events",
                    "points",
                    "butler_total",
                ]
                .iter()
                .map(|k| cell(&l[*k]))
                .collect()
            })
            .collect();
        assert_eq!(got, rows);
        // P1 is there, without name or id.
        let hidden = standings
            .iter()
            .filter(|l| l["player_id"].is_null())
            .collect::<Vec<_>>();
        assert_eq!(hidden.len(), 1, "{standings:?}");
        assert!(hidden[0]["name"].is_null() && hidden[0]["url"].is_null());
        assert!(!one.body.contains("\"P1\""));

        // No such series, or none published: 404.
        for path in ["/api/v1/series/autumn", "/api/v1/series/nope"] {
            assert_eq!(
                reader.get(path).await.status,
                StatusCode::NOT_FOUND,
                "{path}"
            );
        }
        // Unpublished, club night's series has nothing public: gone from the list too.
        diesel::update(
            fushi::db::schema::tournaments::table
                .filter(fushi::db::schema::tournaments::slug.eq("club-night")),
        )
        .set(fushi::db::schema::tournaments::published.eq(false))
        .execute(&mut conn)
        .unwrap();
        let none = reader.get_ok("/api/v1/series").await;
        assert!(none.body.contains("\"series\":[]"), "{}", none.body);
        // Its page and files likewise, answered as a series that does not exist.
        let nothing = reader.get("/s/nope").await;
        for path in ["/s/spring", "/s/spring/series.csv", "/s/spring/series.pdf"] {
            let answer = reader.get(path).await;
            assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
            assert_eq!(answer.body.replace(path, "/s/nope"), nothing.body, "{path}");
        }
    }
}
