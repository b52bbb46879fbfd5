//! Live results: the revision per tournament, snapshots that never mix two revisions, the
//! HTTP validators (ETag, 304, HEAD, Cache-Control), the event stream announcing a save,
//! two servers on one PostgreSQL database hearing each other, and PDFs answering 503
//! beyond their limit. Servers here are real (`HttpServer` on a loopback port) wherever
//! the thing under test is the wire: HEAD bodies and event streams.

use crate::common;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use actix_web::HttpServer;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::http::{anonymous, browser};
use common::{TestDb, backends};
use diesel::RunQueryDsl;
use fushi::archive::ArchiveFiles;
use fushi::db;
use fushi::web::{AppState, app, live};
use futures_util::StreamExt;

const SLUG: &str = "club-night";

fn import(db: &TestDb) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
    let files = ArchiveFiles::read(&dir).expect("the sample archive reads");
    fushi::transfer::import(&mut db.open(), &files).expect("the archive imports");
}

/// A TD ruling on round 1, table 1, open room, board 1: the standings change.
fn rule_on_first_board(db: &TestDb, ruling: i32) {
    let mut conn = db.open();
    let event = db::load_event(&mut conn, SLUG).unwrap().unwrap();
    let mut results = event.rounds[0].matches[0].results.clone();
    results[0].entry = crate::common::edited(&results[0].entry, |f| f.ruling = Some(ruling));
    assert!(crate::common::edits::save_match_results(&mut conn, SLUG, 1, 1, &results).unwrap());
}

fn revision(db: &TestDb) -> i64 {
    db::revision::of_slug(&mut db.open(), SLUG)
        .unwrap()
        .unwrap()
        .1
}

#[test]
fn every_write_raises_the_revision_on_both_backends() {
    for db in backends() {
        import(&db);
        let first = revision(&db);
        rule_on_first_board(&db, 3);
        assert_eq!(revision(&db), first + 1, "{}", db.backend());
        let mut conn = db.open();
        let mut boards = db::load_event(&mut conn, SLUG).unwrap().unwrap().rounds[0]
            .boards
            .clone();
        boards[0].level = "5".parse().unwrap();
        crate::common::edits::update_boards(&mut conn, SLUG, 1, &boards).unwrap();
        assert_eq!(revision(&db), first + 2, "{}", db.backend());
        // A refused write changes nothing, the revision included.
        let missing =
            crate::common::edits::save_match_results(&mut conn, SLUG, 1, 99, &[]).unwrap();
        assert!(!missing);
        assert_eq!(revision(&db), first + 2, "{}", db.backend());
    }
}

/// While one thread writes revision after revision, each with every result of a match set
/// to the same ruling k, a reader's snapshot must always show one k for the whole match
/// and the revision that goes with it.
#[test]
fn a_snapshot_never_mixes_two_revisions() {
    for db in backends() {
        import(&db);
        let base = revision(&db);
        let url = db.url().to_owned();
        let writer = std::thread::spawn(move || {
            let mut conn = db::connect(&url).unwrap();
            let event = db::load_event(&mut conn, SLUG).unwrap().unwrap();
            let template = event.rounds[0].matches[0].results.clone();
            for k in 1..=30 {
                let results: Vec<_> = template
                    .iter()
                    .cloned()
                    .map(|mut r| {
                        r.entry = crate::common::edited(&r.entry, |f| f.ruling = Some(k % 7 - 3));
                        r
                    })
                    .collect();
                crate::common::edits::save_match_results(&mut conn, SLUG, 1, 1, &results).unwrap();
            }
        });
        let mut conn = db.open();
        let mut seen = 0;
        while !writer.is_finished() || seen == 0 {
            let loaded = db::load_consistent(&mut conn, SLUG).unwrap().unwrap();
            let k = loaded.revision - base;
            let rulings: Vec<Option<i32>> = loaded.event.rounds[0].matches[0]
                .results
                .iter()
                .map(|r| r.entry.ruling())
                .collect();
            let expected = if k == 0 { None } else { Some(k as i32 % 7 - 3) };
            assert!(
                rulings.iter().all(|r| *r == rulings[0]),
                "{}: revision {} shows rulings {rulings:?}",
                db.backend(),
                loaded.revision
            );
            if k > 0 {
                assert_eq!(rulings[0], expected, "{}: revision {}", db.backend(), k);
            }
            seen += 1;
        }
        writer.join().unwrap();
    }
}

#[actix_web::test]
async fn public_pages_answer_with_validators_and_304() {
    for db in backends() {
        import(&db);
        let mut b = anonymous(&db).await;
        for path in [
            "/t/club-night",
            "/t/club-night/standings",
            "/t/club-night/rounds/1",
            "/t/club-night/rounds/1/tables/1",
            "/t/club-night/teams/1",
            "/t/club-night/standings.csv",
            "/t/club-night/standings.pdf",
        ] {
            let first = b.get_ok(path).await;
            let etag = first.header("etag").expect("an ETag").to_owned();
            assert!(etag.starts_with('"') && !etag.starts_with("W/"), "{etag}");
            assert_eq!(
                first.header("cache-control"),
                Some(live::http::PUBLIC_CACHE_CONTROL),
                "{path}"
            );
            let again = b
                .request(
                    TestRequest::get()
                        .uri(path)
                        .insert_header(("If-None-Match", etag.as_str())),
                )
                .await;
            assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{path}");
            assert!(again.bytes.is_empty());
            assert_eq!(again.header("etag"), Some(etag.as_str()));
            // The kept bytes are the bytes first sent.
            let kept = b.get(path).await;
            assert_eq!(kept.bytes, first.bytes, "{path}");
        }
        // Another language is another validator.
        let en = b.get("/t/club-night/standings").await;
        b.accept_language = "zh-CN".to_owned();
        let zh = b.get("/t/club-night/standings").await;
        assert_ne!(en.header("etag"), zh.header("etag"));
        b.accept_language = "en".to_owned();

        // A save makes a new revision: the old validator no longer matches.
        let before = b.get("/t/club-night/standings.csv").await;
        let old = before.header("etag").unwrap().to_owned();
        rule_on_first_board(&db, 3);
        let after = b
            .request(
                TestRequest::get()
                    .uri("/t/club-night/standings.csv")
                    .insert_header(("If-None-Match", old.as_str())),
            )
            .await;
        assert_eq!(after.status, StatusCode::OK);
        assert_ne!(after.header("etag"), Some(old.as_str()));
        assert_ne!(after.body, before.body, "the ruling changes the standings");

        // Signed-in readers are never cached.
        let mut director = browser(&db).await;
        let page = director.get_ok("/t/club-night/standings").await;
        assert_eq!(page.header("cache-control"), Some("no-store"));
        assert_eq!(page.header("etag"), None);
    }
}

/// The same archive imported into two databases: the same tournament id and revision in
/// each, other team names in the second. A validator from the first never answers 304 in
/// the second; each database keeps its own id, made once.
#[actix_web::test]
async fn a_validator_from_another_database_is_answered_in_full() {
    for db in backends() {
        let other = match db.backend() {
            fushi::db::Backend::Sqlite => TestDb::sqlite(),
            fushi::db::Backend::Postgres => TestDb::postgres().expect("PostgreSQL is set"),
        };
        import(&db);
        import(&other);
        let mut conn = other.open();
        let team = fushi::db::load_event(&mut conn, SLUG)
            .unwrap()
            .unwrap()
            .teams[0]
            .clone();
        diesel::sql_query(format!(
            "UPDATE teams SET name = 'Renamed' WHERE name = '{}'",
            team.name
        ))
        .execute(&mut conn)
        .unwrap();
        assert_eq!(revision(&db), revision(&other), "{}", db.backend());
        let id = |db: &TestDb| fushi::db::revision::database_id(&mut db.open()).unwrap();
        assert_ne!(id(&db), id(&other), "{}", db.backend());
        assert_eq!(id(&db), id(&db), "the id is made once");

        let path = "/t/club-night/teams/1";
        let mut a = anonymous(&db).await;
        let first = a.get_ok(path).await;
        let etag = first.header("etag").unwrap().to_owned();
        let mut b = anonymous(&other).await;
        let answer = b
            .request(
                TestRequest::get()
                    .uri(path)
                    .insert_header(("If-None-Match", etag.as_str())),
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", db.backend());
        assert!(answer.body.contains("Renamed"), "{}", db.backend());
        assert_ne!(answer.header("etag"), Some(etag.as_str()));
    }
}

/// A database restored from a backup keeps its id but numbers revisions again: the
/// revision made after the restore is another state than the one of that number before,
/// and its pages are answered in full.
#[actix_web::test]
async fn a_restored_database_does_not_answer_304_for_the_state_it_lost() {
    for db in backends() {
        import(&db);
        let path = "/t/club-night/standings.csv";
        // The state of revision r + 1 before the restore: a ruling of +3.
        let restored_to = revision(&db);
        rule_on_first_board(&db, 3);
        let lost = {
            let mut b = anonymous(&db).await;
            b.get_ok(path).await.header("etag").unwrap().to_owned()
        };
        // The restore: back to revision r, then another change makes r + 1 again.
        diesel::sql_query(format!(
            "UPDATE tournaments SET revision = {restored_to} WHERE slug = '{SLUG}'"
        ))
        .execute(&mut db.open())
        .unwrap();
        rule_on_first_board(&db, -3);
        assert_eq!(revision(&db), restored_to + 1);
        let mut b = anonymous(&db).await;
        let answer = b
            .request(
                TestRequest::get()
                    .uri(path)
                    .insert_header(("If-None-Match", lost.as_str())),
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", db.backend());
        assert_ne!(answer.header("etag"), Some(lost.as_str()));
    }
}

#[actix_web::test]
async fn pdfs_beyond_the_limit_answer_503_with_retry_after() {
    let db = TestDb::sqlite();
    import(&db);
    let pool = db::pool(db.url()).unwrap();
    let mut state = AppState::new(pool).unwrap();
    state.live = live::Live::new(
        state.pool.clone(),
        live::Limits {
            pdfs: 1,
            pdf_wait: Duration::from_millis(50),
            ..live::Limits::default()
        },
    );
    let app = actix_web::test::init_service(app(state.clone())).await;
    // Every turn is taken (a PDF being drawn): the next one does not stall the server.
    let turn = state.live.pdf_turn().await.expect("a free turn");
    let req = TestRequest::get()
        .uri("/t/club-night/rounds/1/sheets.pdf")
        .to_request();
    let res = actix_web::test::call_service(&app, req).await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        res.headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok()),
        Some("5")
    );
    drop(turn);
    let req = TestRequest::get()
        .uri("/t/club-night/rounds/1/sheets.pdf")
        .to_request();
    let res = actix_web::test::call_service(&app, req).await;
    assert_eq!(res.status(), StatusCode::OK);
    let body = actix_web::test::read_body(res).await;
    assert!(body.starts_with(b"%PDF"));
}

/// A real server on a loopback port, with its change watcher.
pub(crate) struct Server {
    addr: SocketAddr,
    handle: actix_web::dev::ServerHandle,
    state: AppState,
}

impl Server {
    pub(crate) async fn start(url: &str) -> Server {
        let pool = db::pool(url).unwrap();
        let state = AppState::new(pool).unwrap();
        live::watch::spawn(state.live.clone());
        let for_app = state.clone();
        let server = HttpServer::new(move || app(for_app.clone()))
            .workers(1)
            .disable_signals()
            .shutdown_timeout(1)
            .bind("127.0.0.1:0")
            .unwrap();
        let addr = server.addrs()[0];
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        Server {
            addr,
            handle,
            state,
        }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub(crate) async fn stop(self) {
        self.state.live.stop();
        self.handle.stop(true).await;
    }
}

pub(crate) fn client() -> awc::Client {
    awc::Client::builder()
        .timeout(Duration::from_secs(30))
        .finish()
}

/// Reads an event stream until an event announces `revision` (or the bound runs out).
pub(crate) async fn wait_for_revision(
    stream: &mut awc::ClientResponse<
        impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
        + Unpin,
    >,
    revision: i64,
    seen: &mut String,
) -> bool {
    let wanted = format!("event: revision\ndata: {revision}\n");
    let bound = tokio_bound(Duration::from_secs(20));
    tokio::pin!(bound);
    loop {
        if seen.contains(&wanted) {
            return true;
        }
        tokio::select! {
            chunk = stream.next() => match chunk {
                Some(Ok(bytes)) => seen.push_str(&String::from_utf8_lossy(&bytes)),
                _ => return false,
            },
            _ = &mut bound => return false,
        }
    }
}

/// Reads an event stream until the `change` event of `revision` has come, and returns its
/// data.
pub(crate) async fn change_after(
    stream: &mut awc::ClientResponse<
        impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
        + Unpin,
    >,
    revision: i64,
    seen: &mut String,
) -> serde_json::Value {
    let wanted = "event: change\ndata: ";
    let bound = tokio_bound(Duration::from_secs(20));
    tokio::pin!(bound);
    loop {
        for (at, _) in seen.match_indices(wanted) {
            let data = &seen[at + wanted.len()..];
            let line = data.split('\n').next().unwrap_or("");
            if let Ok(value) = serde_json::from_str::<serde_json::Value>(line)
                && value["revision"] == revision
            {
                return value;
            }
        }
        tokio::select! {
            chunk = stream.next() => match chunk {
                Some(Ok(bytes)) => seen.push_str(&String::from_utf8_lossy(&bytes)),
                _ => panic!("the stream ended: {seen:?}"),
            },
            _ = &mut bound => panic!("no change event for {revision}: {seen:?}"),
        }
    }
}

async fn tokio_bound(d: Duration) {
    actix_web::rt::time::sleep(d).await;
}

#[actix_web::test]
async fn head_answers_like_get_without_a_body() {
    let db = TestDb::sqlite();
    import(&db);
    let server = Server::start(db.url()).await;
    let client = client();
    for path in [
        "/t/club-night/standings",
        "/t/club-night/standings.csv",
        "/static/fushi.css",
        "/",
    ] {
        let get = client.get(server.url(path)).send().await.unwrap();
        let mut head = client.head(server.url(path)).send().await.unwrap();
        assert_eq!(head.status(), get.status(), "{path}");
        assert_eq!(
            head.headers().get("content-type"),
            get.headers().get("content-type"),
            "{path}"
        );
        assert_eq!(
            head.headers().get("etag"),
            get.headers().get("etag"),
            "{path}"
        );
        let body = head.body().await.unwrap();
        assert!(body.is_empty(), "{path}: HEAD sent {} bytes", body.len());
    }
    let missing = client
        .head(server.url("/t/club-night/rounds/99"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    server.stop().await;
}

#[actix_web::test]
async fn the_event_stream_announces_a_save() {
    for db in backends() {
        import(&db);
        let server = Server::start(db.url()).await;
        let client = client();
        let mut events = client
            .get(server.url("/t/club-night/events"))
            .send()
            .await
            .unwrap();
        assert_eq!(events.status(), StatusCode::OK);
        assert_eq!(
            events.headers().get("content-type").unwrap(),
            "text/event-stream"
        );
        let mut seen = String::new();
        let now = revision(&db);
        assert!(
            wait_for_revision(&mut events, now, &mut seen).await,
            "{}: the first event names the current revision: {seen:?}",
            db.backend()
        );
        // A reader holds the current snapshot, so the watcher can tell what changed.
        let page = client
            .get(server.url("/t/club-night/standings"))
            .send()
            .await
            .unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        rule_on_first_board(&db, -2);
        assert!(
            wait_for_revision(&mut events, now + 1, &mut seen).await,
            "{}: the save was announced: {seen:?}",
            db.backend()
        );
        // Then what it changed: round 1, table 1's match and board 1's traveller.
        let change = change_after(&mut events, now + 1, &mut seen).await;
        assert_eq!(change["whole"], false, "{change}");
        assert_eq!(change["standings"], true, "{change}");
        assert_eq!(
            change["rounds"],
            serde_json::json!([{ "round": 1, "tables": [1], "boards": [1] }]),
            "{}",
            db.backend()
        );
        assert!(seen.starts_with("retry: "), "{seen:?}");
        // An unknown tournament has no stream.
        let none = client
            .get(server.url("/t/no-such-cup/events"))
            .send()
            .await
            .unwrap();
        assert_eq!(none.status(), StatusCode::NOT_FOUND);
        server.stop().await;
        // The stream ends when the server stops.
        let rest = tokio::time::timeout(Duration::from_secs(20), async {
            while let Some(Ok(_)) = events.next().await {}
        })
        .await;
        assert!(rest.is_ok(), "{}: the stream ended", db.backend());
    }
}

#[actix_web::test]
async fn two_servers_on_one_postgresql_database_hear_each_other() {
    let Some(db) = TestDb::postgres() else {
        eprintln!("skipped: set FUSHI_TEST_POSTGRES to run the two-server test");
        return;
    };
    import(&db);
    let one = Server::start(db.url()).await;
    let two = Server::start(db.url()).await;
    let client = client();
    let csv = |s: &Server| {
        let req = client.get(s.url("/t/club-night/standings.csv"));
        async move { req.send().await.unwrap().body().await.unwrap() }
    };
    let before_two = csv(&two).await;
    let mut events = client
        .get(two.url("/t/club-night/events"))
        .send()
        .await
        .unwrap();
    let mut seen = String::new();
    let now = revision(&db);
    assert!(wait_for_revision(&mut events, now, &mut seen).await);
    // Server one reads the tournament too, so both hold a snapshot of the old revision.
    let before_one = csv(&one).await;
    assert_eq!(before_one, before_two);
    let mut events_one = client
        .get(one.url("/t/club-night/events"))
        .send()
        .await
        .unwrap();
    let mut seen_one = String::new();

    // A director's save committed through server one's pool.
    {
        let mut conn = one.state.pool.get().unwrap();
        let event = db::load_event(&mut conn, SLUG).unwrap().unwrap();
        let mut results = event.rounds[0].matches[0].results.clone();
        results[0].entry = crate::common::edited(&results[0].entry, |f| f.ruling = Some(3));
        assert!(crate::common::edits::save_match_results(&mut conn, SLUG, 1, 1, &results).unwrap());
    }
    assert!(
        wait_for_revision(&mut events, now + 1, &mut seen).await,
        "server two announced server one's save: {seen:?}"
    );
    let after_two = csv(&two).await;
    assert_ne!(after_two, before_two, "server two serves the new standings");
    // Server one's anonymous readers learn of a save made outside a request from its
    // watcher, like server two's.
    assert!(wait_for_revision(&mut events_one, now + 1, &mut seen_one).await);
    assert_eq!(after_two, csv(&one).await);
    one.stop().await;
    two.stop().await;
}

/// The change watchers' connections end (the database ended them, as a restart or a
/// network cut would) and a save follows at once, before they are back: each server, once
/// its watcher has reconnected, compares what it holds with the database, serves the new
/// revision and announces it on its event stream, within the watcher's bound (a full check
/// every `watch::FULL_CHECK`), instead of taking the new revision as its starting point.
#[actix_web::test]
async fn a_save_while_the_watchers_reconnect_is_served_and_announced() {
    let Some(db) = TestDb::postgres() else {
        eprintln!("skipped: set FUSHI_TEST_POSTGRES to run the two-server reconnection test");
        return;
    };
    import(&db);
    let one = Server::start(db.url()).await;
    let two = Server::start(db.url()).await;
    let client = client();
    let now = revision(&db);
    let mut streams = Vec::new();
    for server in [&one, &two] {
        let res = client
            .get(server.url("/t/club-night/standings"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let mut events = client
            .get(server.url("/t/club-night/events"))
            .send()
            .await
            .unwrap();
        let mut seen = String::new();
        assert!(wait_for_revision(&mut events, now, &mut seen).await);
        streams.push((events, seen));
    }
    // Every other connection to the database ends (both watchers' among them), and the
    // save is made on this one at once.
    {
        let mut conn = db.open();
        diesel::sql_query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .execute(&mut conn)
        .unwrap();
        let event = db::load_event(&mut conn, SLUG).unwrap().unwrap();
        let mut results = event.rounds[0].matches[0].results.clone();
        results[0].entry = crate::common::edited(&results[0].entry, |f| f.ruling = Some(4));
        assert!(crate::common::edits::save_match_results(&mut conn, SLUG, 1, 1, &results).unwrap());
    }
    assert_eq!(revision(&db), now + 1);
    for (server, (events, seen)) in [&one, &two].into_iter().zip(streams.iter_mut()) {
        assert!(
            wait_for_revision(events, now + 1, seen).await,
            "the stream announces the save made while its watcher reconnected: {seen:?}"
        );
        let mut served = None;
        for _ in 0..200 {
            let res = client
                .get(server.url("/t/club-night/standings"))
                .send()
                .await
                .unwrap();
            served = res
                .headers()
                .get(live::http::REVISION_HEADER)
                .and_then(|v| v.to_str().ok()?.parse::<i64>().ok());
            if served == Some(now + 1) {
                break;
            }
            tokio_bound(Duration::from_millis(100)).await;
        }
        assert_eq!(served, Some(now + 1), "the server serves the new revision");
    }
    one.stop().await;
    two.stop().await;
}

#[actix_web::test]
async fn one_address_cannot_take_every_live_stream() {
    let db = TestDb::sqlite();
    import(&db);
    let pool = db::pool(db.url()).unwrap();
    let mut state = AppState::new(pool).unwrap();
    state.live = live::Live::new(
        state.pool.clone(),
        live::Limits {
            listeners: 10,
            listeners_per_address: 3,
            ..live::Limits::default()
        },
    );
    let app = actix_web::test::init_service(app(state.clone())).await;
    let open = |peer: &str, forged: Option<&str>| {
        let mut req = TestRequest::get()
            .uri("/t/club-night/events")
            .peer_addr(format!("{peer}:5000").parse().unwrap());
        if let Some(ip) = forged {
            req = req.insert_header(("x-forwarded-for", ip.to_owned()));
        }
        req.to_request()
    };
    let mut kept = Vec::new();
    for _ in 0..3 {
        let res = actix_web::test::call_service(&app, open("198.51.100.1", None)).await;
        assert_eq!(res.status(), StatusCode::OK);
        kept.push(res);
    }
    // The fourth from the same address waits for one of its own to close; claiming to be
    // another address through a header changes nothing.
    for forged in [None, Some("9.9.9.9")] {
        let res = actix_web::test::call_service(&app, open("198.51.100.1", forged)).await;
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    }
    // Everyone else still gets the live pages.
    let res = actix_web::test::call_service(&app, open("198.51.100.2", None)).await;
    assert_eq!(res.status(), StatusCode::OK);
    // A closed stream gives its place back.
    kept.pop();
    let res = actix_web::test::call_service(&app, open("198.51.100.1", None)).await;
    assert_eq!(res.status(), StatusCode::OK);
}

#[actix_web::test]
async fn distinct_query_strings_do_not_grow_the_page_cache() {
    let db = TestDb::sqlite();
    import(&db);
    let pool = db::pool(db.url()).unwrap();
    let state = AppState::new(pool).unwrap();
    let app = actix_web::test::init_service(app(state.clone())).await;
    let get = |query: String| {
        TestRequest::get()
            .uri(&format!("/t/club-night/standings.csv?{query}"))
            .to_request()
    };
    let first = actix_web::test::call_service(&app, get(String::new())).await;
    assert_eq!(first.status(), StatusCode::OK);
    let snapshot = state
        .live
        .snapshot("club-night", true)
        .await
        .unwrap()
        .public();
    let kept = state.live.pages().bytes_of(snapshot.id);
    assert!(kept > 0, "the page is kept");
    // 200 requests with distinct 4 KB query strings: the same page, no new entry.
    let filler = "x".repeat(4096);
    for i in 0..200 {
        let res = actix_web::test::call_service(&app, get(format!("v={i}&{filler}={i}"))).await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    assert_eq!(state.live.pages().bytes_of(snapshot.id), kept);
    assert!(kept <= state.live.limits().cache_bytes);
}

/// One page, one cache entry, one address. Each table's score sheets are a page of their
/// own: asked for table 2 first, the sheets of every table and of table 1 are still theirs
/// (page and PDF); an unknown parameter beside `table` makes no new entry; a zero-padded
/// number in a path is sent to its plain path (308) instead of drawing the page again, and
/// a padded `table` is no table.
#[actix_web::test]
async fn a_cache_key_means_one_page() {
    let db = TestDb::sqlite();
    import(&db);
    let pool = db::pool(db.url()).unwrap();
    let state = AppState::new(pool).unwrap();
    let app = actix_web::test::init_service(app(state.clone())).await;
    let get = |uri: &str| TestRequest::get().uri(uri).to_request();
    let sheets = "/t/club-night/rounds/3/sheets";
    let mut bodies = Vec::new();
    for query in [
        "?table=2",
        "",
        "?table=1",
        "?table=2&v=1",
        "?blank=1&table=2",
    ] {
        let res = actix_web::test::call_service(&app, get(&format!("{sheets}{query}"))).await;
        assert_eq!(res.status(), StatusCode::OK, "{query}");
        let body = String::from_utf8(actix_web::test::read_body(res).await.to_vec()).unwrap();
        bodies.push(body);
    }
    let has = |body: &str, table: i32| body.contains(&format!("id=\"sheet-{table}-"));
    assert!(
        has(&bodies[0], 2) && !has(&bodies[0], 1),
        "table 2's sheets"
    );
    assert!(
        has(&bodies[1], 1) && has(&bodies[1], 2),
        "every table's sheets"
    );
    assert!(
        has(&bodies[2], 1) && !has(&bodies[2], 2),
        "table 1's sheets"
    );
    assert_eq!(
        bodies[3], bodies[0],
        "an unknown parameter is the same page"
    );
    assert_ne!(bodies[4], bodies[0], "the blank sheets are another page");
    // The PDFs likewise: table 2's first, then every table's, which is another file.
    let mut pdfs = Vec::new();
    for query in ["?table=2", "", "?table=1"] {
        let res = actix_web::test::call_service(&app, get(&format!("{sheets}.pdf{query}"))).await;
        assert_eq!(res.status(), StatusCode::OK, "{query}");
        let name = res
            .headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        pdfs.push((name, actix_web::test::read_body(res).await));
    }
    assert!(pdfs[0].0.contains("table-2"), "{}", pdfs[0].0);
    assert!(!pdfs[1].0.contains("table-"), "{}", pdfs[1].0);
    assert!(pdfs[2].0.contains("table-1"), "{}", pdfs[2].0);
    assert_ne!(pdfs[0].1, pdfs[1].1);
    assert_ne!(pdfs[0].1, pdfs[2].1);

    let snapshot = state
        .live
        .snapshot("club-night", true)
        .await
        .unwrap()
        .public();
    let kept = state.live.pages().bytes_of(snapshot.id);
    // Padded numbers, 1 to 60 zeros: a redirect to the plain path, nothing drawn or kept.
    for zeros in 1..=60 {
        let padded = format!(
            "/t/club-night/rounds/{}1/sheets.pdf?blank=1",
            "0".repeat(zeros)
        );
        let res = actix_web::test::call_service(&app, get(&padded)).await;
        assert_eq!(res.status(), StatusCode::PERMANENT_REDIRECT, "{padded}");
        assert_eq!(
            res.headers().get("location").and_then(|v| v.to_str().ok()),
            Some("/t/club-night/rounds/1/sheets.pdf?blank=1")
        );
        let html = format!("/t/club-night/rounds/{}3/sheets", "0".repeat(zeros));
        let res = actix_web::test::call_service(&app, get(&html)).await;
        assert_eq!(res.status(), StatusCode::PERMANENT_REDIRECT, "{html}");
    }
    let res = actix_web::test::call_service(&app, get(&format!("{sheets}?table=02"))).await;
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "a padded table is no table"
    );
    assert_eq!(
        state.live.pages().bytes_of(snapshot.id),
        kept,
        "no new entry"
    );
    // The plain path is the page.
    let res = actix_web::test::call_service(&app, get("/t/club-night/rounds/1/sheets.pdf")).await;
    assert_eq!(res.status(), StatusCode::OK);
}

/// The public snapshot of the tournament as it is now, and the full one.
fn snapshot_now(db: &TestDb) -> std::sync::Arc<live::Snapshot> {
    let loaded = db::load_consistent(&mut db.open(), SLUG).unwrap().unwrap();
    std::sync::Arc::new(live::Snapshot::new(loaded))
}

/// Saves round 3's match at `table` with `edit` applied to its results.
fn save_round_3(db: &TestDb, table: i32, edit: impl FnOnce(&mut Vec<fushi::rules::TableResult>)) {
    let mut conn = db.open();
    let event = db::load_event(&mut conn, SLUG).unwrap().unwrap();
    let m = event.rounds[2]
        .matches
        .iter()
        .find(|m| m.table == table)
        .unwrap();
    let mut results = m.results.clone();
    edit(&mut results);
    assert!(crate::common::edits::save_match_results(&mut conn, SLUG, 3, table, &results).unwrap());
}

/// A correction: the open room's board 2 made five trick points more.
fn five_more_on_the_open_rooms_board_2(results: &mut [fushi::rules::TableResult]) {
    let x = results
        .iter_mut()
        .find(|x| x.room == fushi::rules::Room::Open && x.board == 2)
        .unwrap();
    x.entry = crate::common::edited(&x.entry, |f| f.trick_points = f.trick_points.map(|t| t + 5));
}

#[test]
fn a_change_names_only_what_the_public_sees_change() {
    use fushi::rules::Room;
    use live::scope::Scope;
    for db in backends() {
        import(&db);
        let full = snapshot_now(&db);
        let kept = full.event.rounds[2].matches[0]
            .results
            .iter()
            .find(|r| r.room == Room::Closed && r.board == 2)
            .cloned()
            .unwrap();
        // Table 1's closed room loses board 2: the board is no longer released, in any room,
        // and table 3's bye no longer counts while table 1's match is in progress.
        save_round_3(&db, 1, |r| {
            r.retain(|x| !(x.room == Room::Closed && x.board == 2))
        });
        let one = snapshot_now(&db);
        let scope = Scope::between(&full.public(), &one.public());
        assert!(!scope.whole);
        assert_eq!(scope.boards.get(&3), Some(&[2].into()), "{scope:?}");
        assert_eq!(scope.tables.get(&3), Some(&[1, 2, 3].into()), "{scope:?}");

        // Table 1's open room corrects board 2, which is not released, in a match in
        // progress: nothing public moves, and the change names nothing.
        save_round_3(&db, 1, |r| five_more_on_the_open_rooms_board_2(r));
        let two = snapshot_now(&db);
        let public = Scope::between(&one.public(), &two.public());
        assert_eq!(public, Scope::default(), "an unreleased board named");
        assert_eq!(public.to_json(7)["rounds"], serde_json::json!([]));
        // The director's side of the same change names the table and the board.
        let director = Scope::between(&one, &two);
        assert_eq!(director.tables.get(&3), Some(&[1].into()));
        assert_eq!(director.boards.get(&3), Some(&[2].into()));
        // Table 2's match is complete at its table, but board 2 is still played at table 1:
        // its totals wait for the board's release (docs/rules.md §5), so a correction there
        // moves nothing public either.
        save_round_3(&db, 2, |r| five_more_on_the_open_rooms_board_2(r));
        let corrected = snapshot_now(&db);
        let public = Scope::between(&two.public(), &corrected.public());
        assert_eq!(
            public,
            Scope::default(),
            "a complete match's unreleased board named"
        );
        let two = corrected;

        // The last room plays board 2: it is released at both tables (and the bye counts).
        save_round_3(&db, 1, |r| r.push(kept.clone()));
        let three = snapshot_now(&db);
        let scope = Scope::between(&two.public(), &three.public());
        assert_eq!(scope.tables.get(&3), Some(&[1, 2, 3].into()), "{scope:?}");
        assert_eq!(scope.boards.get(&3), Some(&[2].into()), "{scope:?}");
        assert!(scope.standings, "table 1's match counts again");
        assert_eq!(scope.tables.len(), 1, "{scope:?}");

        // A board's level is not a result: every page.
        let mut conn = db.open();
        let mut boards = three.event.rounds[0].boards.clone();
        boards[0].level = "9".parse().unwrap();
        crate::common::edits::update_boards(&mut conn, SLUG, 1, &boards).unwrap();
        let four = snapshot_now(&db);
        assert!(Scope::between(&three.public(), &four.public()).whole);
    }
}

/// The anonymous readers' directory lists a new revision of a tournament this server holds
/// only once its snapshot is made: until then they are served the one before from memory
/// at once, instead of each waiting for the new one. A tournament it holds no snapshot of
/// is listed at once.
#[actix_web::test]
async fn the_directory_lists_a_held_tournament_s_revision_once_its_snapshot_is_made() {
    let db = TestDb::sqlite();
    import(&db);
    let state = AppState::new(db::pool(db.url()).unwrap()).unwrap();
    let live = state.live.clone();
    let relist = |db: &TestDb| {
        let read = live.directory().begin_listing();
        live.list(read, &db::revision::all(&mut db.open()).unwrap());
    };
    relist(&db);
    let first = live.listed(SLUG).expect("the sample is published").revision;
    // Nobody holds it yet: a save is listed at once.
    rule_on_first_board(&db, -2);
    relist(&db);
    assert_eq!(live.listed(SLUG).unwrap().revision, first + 1);
    // Now a reader holds it: the next save waits for its snapshot.
    let held = live.snapshot(SLUG, true).await.unwrap();
    assert_eq!(held.revision, first + 1);
    rule_on_first_board(&db, -1);
    relist(&db);
    assert_eq!(
        live.listed(SLUG).unwrap().revision,
        first + 1,
        "listed at the revision whose snapshot is made"
    );
    let next = live
        .snapshot_at(held.id, first + 2, SLUG, true)
        .await
        .unwrap();
    assert_eq!(next.revision, first + 2);
    assert_eq!(live.listed(SLUG).unwrap().revision, first + 2);
}

/// A reader who finds a page of a new revision being rendered by another is served that
/// page of the revision before at once, with that revision's validator; once the new page
/// is made, the new one.
#[actix_web::test]
async fn a_page_being_rendered_is_stood_in_for_by_the_one_before() {
    let db = TestDb::sqlite();
    import(&db);
    let state = AppState::new(db::pool(db.url()).unwrap()).unwrap();
    let app = actix_web::test::init_service(app(state.clone())).await;
    let get = || {
        TestRequest::get()
            .uri("/t/club-night/standings")
            .insert_header(("accept-language", "en"))
            .to_request()
    };
    fn revision_of<B>(res: &actix_web::dev::ServiceResponse<B>) -> Option<i64> {
        res.headers()
            .get(live::http::REVISION_HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<i64>().ok())
    }
    let first = actix_web::test::call_service(&app, get()).await;
    let before = revision_of(&first).expect("a revision");
    let before_tag = first.headers().get("etag").cloned().unwrap();
    let before_body = actix_web::test::read_body(first).await;
    rule_on_first_board(&db, -2);
    let next = state.live.snapshot(SLUG, true).await.unwrap().public();
    assert_eq!(next.revision, before + 1);
    // Another reader is rendering the new standings page.
    let key = format!(
        "{}#{}",
        live::http::page_key(fushi::i18n::Lang::EN, "/t/club-night/standings", ""),
        next.play.periods_ended(chrono::Utc::now().naive_utc())
    );
    let claim = state
        .live
        .pages()
        .claim(next.id, next.revision, &key)
        .expect("nobody renders it yet");
    let stood_in = actix_web::test::call_service(&app, get()).await;
    assert_eq!(stood_in.status(), StatusCode::OK);
    assert_eq!(revision_of(&stood_in), Some(before));
    assert_eq!(stood_in.headers().get("etag"), Some(&before_tag));
    assert_eq!(actix_web::test::read_body(stood_in).await, before_body);
    drop(claim);
    let fresh = actix_web::test::call_service(&app, get()).await;
    assert_eq!(revision_of(&fresh), Some(before + 1));
    assert_ne!(actix_web::test::read_body(fresh).await, before_body);
}

/// Many events share one budget in bytes: the held snapshots and the rendered pages of
/// twelve tournaments stay within it, the least recently read go first, and the ones
/// read last are still served from memory (no new build).
#[actix_web::test]
async fn many_events_share_one_cache_budget_in_bytes() {
    let db = TestDb::sqlite();
    {
        let mut conn = db.open();
        for n in 0..12 {
            let mut event = crate::common::large_event(16, 3, 4);
            event.settings.slug = format!("night-{n:02}");
            db::insert_event(&mut conn, &event).unwrap();
        }
    }
    let pool = db::pool(db.url()).unwrap();
    let mut state = AppState::new(pool).unwrap();
    // Room for a few of the twelve, not all.
    let budget = 600 * 1024;
    state.live = live::Live::new(
        state.pool.clone(),
        live::Limits {
            cache_bytes: budget,
            ..live::Limits::default()
        },
    );
    let app = actix_web::test::init_service(app(state.clone())).await;
    let get = |uri: String| TestRequest::get().uri(&uri).to_request();
    for n in 0..12 {
        for page in ["", "/standings", "/rounds/1"] {
            let res =
                actix_web::test::call_service(&app, get(format!("/t/night-{n:02}{page}"))).await;
            assert_eq!(res.status(), StatusCode::OK, "night-{n:02}{page}");
        }
        let stats = state.live.cache_stats();
        assert!(
            stats.snapshot_bytes + stats.bytes <= budget,
            "within the budget after {n}: {stats:?}"
        );
    }
    let stats = state.live.cache_stats();
    assert!(stats.snapshots >= 2 && stats.snapshots < 12, "{stats:?}");
    assert!(stats.pages > 0, "{stats:?}");
    let id_of = |slug: &str| {
        db::revision::of_slug(&mut db.open(), slug)
            .unwrap()
            .expect("a tournament")
            .0
    };
    // The last one read is held with its pages: read again, nothing is built.
    assert!(state.live.cached(id_of("night-11")).is_some());
    let builds = state.live.metrics().snapshot_builds();
    let res = actix_web::test::call_service(&app, get("/t/night-11/standings".into())).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(state.live.metrics().snapshot_builds(), builds);
    // The first one was dropped, and is built again when read.
    assert!(state.live.cached(id_of("night-00")).is_none());
    let res = actix_web::test::call_service(&app, get("/t/night-00/standings".into())).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(state.live.metrics().snapshot_builds(), builds + 1);
}
