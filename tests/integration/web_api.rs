//! The API's conventions (docs/api.md): the index answered from the directory of published
//! tournaments with its own validator, lists in bounded pages joined by cursors, errors as
//! JSON, CORS and preflight for the configured origins on the API and the event stream,
//! and the OpenAPI document served and in agreement with the routes.

use std::collections::BTreeSet;

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use diesel::prelude::*;
use fushi::db::schema::tournaments;
use fushi::web::{AppState, app};
use serde_json::Value;

use crate::common::http::{anonymous, anonymous_with};
use crate::common::{TestDb, backends, import_club_night, large_event};

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

/// A published round robin of `teams` teams (2 rounds of 4 boards) as `slug`.
fn insert_league(db: &TestDb, slug: &str, teams: usize, published: bool) {
    let mut event = large_event(teams, 2, 4);
    event.settings.slug = slug.to_owned();
    event.settings.name = format!("League {slug}");
    event.settings.published = published;
    fushi::db::insert_event(&mut db.open(), &event).expect("the league inserted");
}

/// The directory read again, as the change watcher does on every look.
fn relist(db: &TestDb, live: &fushi::web::live::Live) {
    let read = live.directory().begin_listing();
    let rows = fushi::db::revision::all(&mut db.open()).expect("the revisions");
    live.list(read, &rows);
}

#[actix_web::test]
async fn the_index_lists_the_directory_without_building_any_tournament() {
    for db in backends() {
        import_club_night(&db);
        insert_league(&db, "night-1", 6, true);
        insert_league(&db, "night-2", 6, true);
        insert_league(&db, "night-3", 6, false);
        let state = AppState::new(fushi::db::pool(db.url()).unwrap()).unwrap();
        let live = state.live.clone();
        relist(&db, &live);
        let mut b = anonymous_with(state).await;

        let first = b.get_ok("/api/v1/tournaments").await;
        let index = json(&first.body);
        let listed: BTreeSet<&str> = index["tournaments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["slug"].as_str().unwrap())
            .collect();
        assert_eq!(listed, BTreeSet::from(["club-night", "night-1", "night-2"]));
        assert_eq!(index["next"], Value::Null);
        let night = index["tournaments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["slug"] == "night-1")
            .unwrap()
            .clone();
        assert_eq!(night["teams"], 6);
        assert_eq!(night["rounds"], 2);
        assert_eq!(night["url"], "/api/v1/tournaments/night-1");
        // Listing them built none of them.
        assert_eq!(
            live.cache_stats().snapshots,
            0,
            "the index built a snapshot"
        );

        // The validator: 304 while nothing changes.
        let etag = first.header("etag").expect("the index's ETag").to_owned();
        let again = b
            .request(
                TestRequest::get()
                    .uri("/api/v1/tournaments")
                    .insert_header(("if-none-match", etag.as_str())),
            )
            .await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED);
        assert!(again.body.is_empty());

        // A save of a listed tournament moves it, and the validator with it.
        diesel::update(tournaments::table.filter(tournaments::slug.eq("night-1")))
            .set(tournaments::revision.eq(tournaments::revision + 1))
            .execute(&mut db.open())
            .unwrap();
        relist(&db, &live);
        let moved = b
            .request(
                TestRequest::get()
                    .uri("/api/v1/tournaments")
                    .insert_header(("if-none-match", etag.as_str())),
            )
            .await;
        assert_eq!(moved.status, StatusCode::OK);
        let index = json(&moved.body);
        let now = index["tournaments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["slug"] == "night-1")
            .unwrap();
        assert_eq!(
            now["revision"].as_i64().unwrap(),
            night["revision"].as_i64().unwrap() + 1
        );

        // Publishing one lists it; a page of one follows to the next.
        diesel::update(tournaments::table.filter(tournaments::slug.eq("night-3")))
            .set(tournaments::published.eq(true))
            .execute(&mut db.open())
            .unwrap();
        relist(&db, &live);
        let mut seen = Vec::new();
        let mut path = "/api/v1/tournaments?limit=1".to_owned();
        loop {
            let page = json(&b.get_ok(&path).await.body);
            let items = page["tournaments"].as_array().unwrap();
            assert_eq!(items.len(), 1, "{page}");
            seen.push(items[0]["slug"].as_str().unwrap().to_owned());
            match page["next"].as_str() {
                Some(next) => path = format!("/api/v1/tournaments?limit=1&cursor={next}"),
                None => break,
            }
        }
        assert_eq!(seen.len(), 4, "{seen:?}");
        assert!(seen.contains(&"night-3".to_owned()));
        assert_eq!(live.cache_stats().snapshots, 0);
    }
}

/// The index's bytes are made once per listing and coding: later readers get the kept bytes,
/// each coding with its own validator, until the directory changes.
#[actix_web::test]
async fn the_index_keeps_its_bytes_per_listing_and_coding() {
    use std::io::Read;
    for db in backends() {
        import_club_night(&db);
        insert_league(&db, "night-1", 6, true);
        let state = AppState::new(fushi::db::pool(db.url()).unwrap()).unwrap();
        let live = state.live.clone();
        let kept = state.api_index.clone();
        relist(&db, &live);
        let mut b = anonymous_with(state).await;
        let plain = b.get_ok("/api/v1/tournaments").await;
        let mut tags = BTreeSet::from([plain.header("etag").unwrap().to_owned()]);
        for coding in ["gzip", "br"] {
            let get = || {
                TestRequest::get()
                    .uri("/api/v1/tournaments")
                    .insert_header(("accept-encoding", coding))
            };
            let first = b.request(get()).await;
            assert_eq!(first.header("content-encoding"), Some(coding));
            assert_eq!(first.header("vary"), Some("Accept-Encoding"));
            let mut decoded = String::new();
            let bytes = first.bytes.clone();
            match coding {
                "gzip" => flate2::read::GzDecoder::new(&bytes[..])
                    .read_to_string(&mut decoded)
                    .unwrap(),
                _ => brotli::Decompressor::new(&bytes[..], 4096)
                    .read_to_string(&mut decoded)
                    .unwrap(),
            };
            assert_eq!(decoded, plain.body, "{coding}");
            let etag = first.header("etag").unwrap().to_owned();
            assert!(
                tags.insert(etag.clone()),
                "{coding}: {etag} is another coding's"
            );
            let again = b.request(get()).await;
            assert_eq!(again.bytes, first.bytes, "{coding}: the kept bytes");
            let revalidated = b
                .request(get().insert_header(("if-none-match", etag.as_str())))
                .await;
            assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED, "{coding}");
        }
        // One page in three codings, each made once.
        assert_eq!(kept.answers_kept(), 3);
        // A page other than those reached by `next` from the first is not kept.
        b.get_ok("/api/v1/tournaments?limit=1").await;
        assert_eq!(kept.answers_kept(), 3);

        // A change to the listing: the next reader gets it, from bytes made anew.
        diesel::update(tournaments::table.filter(tournaments::slug.eq("night-1")))
            .set(tournaments::revision.eq(tournaments::revision + 1))
            .execute(&mut db.open())
            .unwrap();
        relist(&db, &live);
        let moved = b.get_ok("/api/v1/tournaments").await;
        assert_ne!(moved.body, plain.body);
        assert_ne!(moved.header("etag"), plain.header("etag"));
        assert_eq!(kept.answers_kept(), 1);
    }
}

/// Every item of a paged list, following `next` from `first` with `limit`; the pages' sizes.
async fn follow<S, B>(
    b: &mut crate::common::http::Browser<S>,
    path: &str,
    list: &str,
    limit: usize,
) -> (Vec<Value>, Vec<usize>)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut items = Vec::new();
    let mut sizes = Vec::new();
    let mut url = format!("{path}?limit={limit}");
    for _ in 0..1000 {
        let page = json(&b.get_ok(&url).await.body);
        let these = page[list].as_array().unwrap();
        sizes.push(these.len());
        items.extend(these.iter().cloned());
        match page["next"].as_str() {
            Some(next) => url = format!("{path}?limit={limit}&cursor={next}"),
            None => return (items, sizes),
        }
    }
    panic!("{path}: no last page");
}

#[actix_web::test]
async fn lists_come_in_bounded_pages_that_join_up() {
    for db in backends() {
        import_club_night(&db);
        insert_league(&db, "big", 24, true);
        let mut b = anonymous(&db).await;

        // No answer is larger than a page: 192 results, 100 by default.
        let first = json(&b.get_ok("/api/v1/tournaments/big/results").await.body);
        assert_eq!(first["results"].as_array().unwrap().len(), 100);
        assert!(first["next"].is_string());
        let whole = json(
            &b.get_ok("/api/v1/tournaments/big/results?limit=500")
                .await
                .body,
        );
        let all = whole["results"].as_array().unwrap().clone();
        assert_eq!(all.len(), 192);
        assert_eq!(whole["next"], Value::Null);
        let (paged, sizes) = follow(&mut b, "/api/v1/tournaments/big/results", "results", 7).await;
        assert_eq!(paged, all, "pages of 7 joined differ from the whole list");
        assert!(sizes.iter().all(|&n| n <= 7) && sizes.len() == 192usize.div_ceil(7));

        for (path, list) in [
            ("/api/v1/tournaments/big/matches", "matches"),
            ("/api/v1/tournaments/big/standings", "standings"),
            ("/api/v1/tournaments/big/rounds/2", "matches"),
            ("/api/v1/tournaments/big", "teams"),
            ("/api/v1/tournaments/club-night/butler", "butler"),
        ] {
            let whole = json(&b.get_ok(&format!("{path}?limit=500")).await.body);
            let all = whole[list].as_array().unwrap().clone();
            assert!(all.len() > 3, "{path}: {whole}");
            let (paged, sizes) = follow(&mut b, path, list, 3).await;
            assert_eq!(paged, all, "{path}");
            assert!(sizes.iter().all(|&n| n <= 3), "{path}: {sizes:?}");
        }

        // A later page has the tournament's validator and answers 304 to it.
        let page = json(
            &b.get_ok("/api/v1/tournaments/big/results?limit=50")
                .await
                .body,
        );
        let second = format!(
            "/api/v1/tournaments/big/results?limit=50&cursor={}",
            page["next"].as_str().unwrap()
        );
        let one = b.get_ok(&second).await;
        let etag = one.header("etag").unwrap().to_owned();
        let again = b
            .request(
                TestRequest::get()
                    .uri(&second)
                    .insert_header(("if-none-match", etag.as_str())),
            )
            .await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED);

        // Limits and cursors that are not: 400, as JSON that names them.
        let matches_cursor = json(
            &b.get_ok("/api/v1/tournaments/big/matches?limit=1")
                .await
                .body,
        )["next"]
            .as_str()
            .unwrap()
            .to_owned();
        for (query, named) in [
            ("limit=0", "0"),
            ("limit=501", "501"),
            ("limit=ten", "ten"),
            ("cursor=nonsense", "nonsense"),
            (&*format!("cursor={matches_cursor}"), &*matches_cursor),
        ] {
            let refused = b
                .get(&format!("/api/v1/tournaments/big/results?{query}"))
                .await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{query}");
            assert!(refused.content_type.starts_with("application/json"));
            let error = json(&refused.body);
            assert_eq!(error["error"], "bad_request", "{query}");
            assert!(
                error["message"].as_str().unwrap().contains(named),
                "{query}: {error}"
            );
        }
    }
}

#[actix_web::test]
async fn every_api_error_is_json_with_its_status() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = anonymous(&db).await;
    for (path, status, kind) in [
        ("/api/v1/tournaments/nothing", 404, "not_found"),
        ("/api/v1/tournaments/nothing/results", 404, "not_found"),
        ("/api/v1/tournaments/club-night/rounds/9", 404, "not_found"),
        (
            "/api/v1/tournaments/club-night/rounds/1/boards/99",
            404,
            "not_found",
        ),
        ("/api/v1/tournaments/club-night/stages", 404, "not_found"),
        ("/api/v1/nothing", 404, "not_found"),
        ("/api/v2/tournaments", 404, "not_found"),
        ("/api/v1/tournaments?limit=0", 400, "bad_request"),
    ] {
        let page = b.get(path).await;
        assert_eq!(page.status.as_u16(), status, "{path}");
        assert!(
            page.content_type.starts_with("application/json"),
            "{path}: {}",
            page.content_type
        );
        let error = json(&page.body);
        assert_eq!(error["error"], kind, "{path}");
        assert!(!error["message"].as_str().unwrap().is_empty(), "{path}");
    }
    // The API only reads: 405 with what it allows, as JSON.
    for path in [
        "/api/v1/tournaments",
        "/api/v1/tournaments/club-night/standings",
    ] {
        let refused = b.request(TestRequest::post().uri(path)).await;
        assert_eq!(refused.status, StatusCode::METHOD_NOT_ALLOWED, "{path}");
        assert_eq!(refused.header("allow"), Some("GET, HEAD, OPTIONS"));
        assert_eq!(json(&refused.body)["error"], "method_not_allowed");
    }
    let refused = b
        .request(TestRequest::delete().uri("/api/v1/nothing"))
        .await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    assert_eq!(json(&refused.body)["error"], "not_found");
    // The public pages keep their pages.
    let page = b.get("/t/nothing").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(page.content_type.starts_with("text/html"));
}

#[actix_web::test]
async fn the_api_and_the_event_stream_answer_preflight_for_the_configured_origins() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let pool = fushi::db::pool(db.url()).unwrap();
    let settings = fushi::web::settings::Settings {
        api_origins: fushi::web::api::ApiOrigins::parse("https://results.example").unwrap(),
        ..Default::default()
    };
    let open =
        test::init_service(app(AppState::configured(pool.clone(), &settings).unwrap())).await;
    let closed = test::init_service(app(AppState::new(pool).unwrap())).await;
    let header = |res: &actix_web::dev::ServiceResponse<_>, name: &str| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    for path in [
        "/api/v1/tournaments/club-night/results",
        "/api/v1/tournaments",
        "/t/club-night/events",
    ] {
        let preflight = |origin: &str| {
            TestRequest::default()
                .method(actix_web::http::Method::OPTIONS)
                .uri(path)
                .insert_header(("origin", origin))
                .insert_header(("access-control-request-method", "GET"))
                .insert_header(("access-control-request-headers", "if-none-match"))
                .to_request()
        };
        let res = test::call_service(&open, preflight("https://results.example")).await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT, "{path}");
        assert_eq!(
            header(&res, "access-control-allow-origin").as_deref(),
            Some("https://results.example"),
            "{path}"
        );
        let methods = header(&res, "access-control-allow-methods").unwrap();
        assert!(methods.contains("GET"), "{path}: {methods}");
        let allowed = header(&res, "access-control-allow-headers").unwrap();
        assert!(allowed.contains("If-None-Match") && allowed.contains("Last-Event-ID"));
        assert!(header(&res, "access-control-max-age").is_some());
        // Another origin, or a server that lists none: no permission.
        let res = test::call_service(&open, preflight("https://elsewhere.example")).await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        assert!(
            header(&res, "access-control-allow-origin").is_none(),
            "{path}"
        );
        let res = test::call_service(&closed, preflight("https://results.example")).await;
        assert!(
            header(&res, "access-control-allow-origin").is_none(),
            "{path}"
        );
    }

    // The event stream itself, and an error of the API, carry the permission.
    let get = |path: &str| {
        TestRequest::get()
            .uri(path)
            .insert_header(("origin", "https://results.example"))
            .to_request()
    };
    let stream = test::call_service(&open, get("/t/club-night/events")).await;
    assert_eq!(stream.status(), StatusCode::OK);
    assert_eq!(
        header(&stream, "access-control-allow-origin").as_deref(),
        Some("https://results.example")
    );
    assert!(header(&stream, "vary").unwrap().contains("Origin"));
    drop(stream);
    let missing = test::call_service(&open, get("/api/v1/tournaments/nothing")).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        header(&missing, "access-control-allow-origin").as_deref(),
        Some("https://results.example")
    );
    let stream = test::call_service(&closed, get("/t/club-night/events")).await;
    assert!(header(&stream, "access-control-allow-origin").is_none());
}

#[actix_web::test]
async fn the_openapi_document_is_served_and_every_path_in_it_answers() {
    let db = TestDb::sqlite();
    crate::common::club_night_dealt_with_one_board_unplayed(&db);
    let mut b = anonymous(&db).await;
    let served = b.get_ok("/api/v1/openapi.json").await;
    assert!(served.content_type.starts_with("application/json"));
    let document = json(&served.body);
    assert_eq!(document["openapi"], "3.1.0");
    let etag = served.header("etag").unwrap().to_owned();
    let again = b
        .request(
            TestRequest::get()
                .uri("/api/v1/openapi.json")
                .insert_header(("if-none-match", etag.as_str())),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    let paths = document["paths"].as_object().unwrap();
    assert!(paths.len() >= 14);
    for (pattern, item) in paths {
        let path = pattern
            .replace("{slug}", "club-night")
            .replace("{round}", "1")
            .replace("{board}", "1")
            .replace("{table}", "1");
        let page = b.get(&path).await;
        let described: BTreeSet<String> = item["get"]["responses"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        assert!(
            described.contains(page.status.as_str()),
            "{path}: {} is not among {described:?}",
            page.status
        );
        assert!(page.content_type.starts_with("application/json"), "{path}");
    }
}

/// The pages a client following `next` reaches are kept; other limits and cursors are
/// answered without making an entry of the page cache each.
#[actix_web::test]
async fn only_pages_reached_by_following_next_are_kept() {
    let db = TestDb::sqlite();
    insert_league(&db, "big", 24, true);
    let state = AppState::new(fushi::db::pool(db.url()).unwrap()).unwrap();
    let live = state.live.clone();
    let mut b = anonymous_with(state).await;
    let results = "/api/v1/tournaments/big/results";
    let first = json(&b.get_ok(results).await.body);
    assert_eq!(live.cache_stats().pages, 1);
    let next = first["next"].as_str().unwrap();
    let second = b.get_ok(&format!("{results}?cursor={next}")).await;
    assert_eq!(live.cache_stats().pages, 2);
    assert_eq!(
        b.get_ok(&format!("{results}?cursor={next}")).await.body,
        second.body
    );
    for limit in 1..=30 {
        b.get_ok(&format!("{results}?limit={limit}")).await;
    }
    // A cursor fushi never gave (no result has this place) is answered, not kept.
    let odd = fushi::web::api::paging::encode("results", [1, 1, 0, 99]);
    let page = json(&b.get_ok(&format!("{results}?cursor={odd}")).await.body);
    assert_eq!(page["results"][0]["round"], 1);
    assert_eq!(page["results"][0]["table"], 1);
    assert_eq!(page["results"][0]["room"], "closed");
    assert_eq!(live.cache_stats().pages, 2);
}
