//! The read API (`/api/v1/`): the same figures as the CSV files, the same validators and
//! the same secrecy as the public pages, and CORS only where configured.

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use diesel::prelude::*;
use fushi::db::schema::tournaments;
use fushi::web::{AppState, app};
use serde_json::Value;

use crate::common::http::anonymous;
use crate::common::{TestDb, backends, club_night_dir, import_club_night};

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

/// The rows of a CSV file as served (byte-order mark and header dropped), by column name.
fn csv_rows(text: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(str::to_owned))
                .collect()
        })
        .collect()
}

/// A JSON value as its CSV cell: strings as they are, numbers written, `null` empty.
fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[actix_web::test]
async fn the_api_standings_and_matches_equal_the_csv_files() {
    for db in backends() {
        import_club_night(&db);
        let mut b = anonymous(&db).await;
        let csv = b.get_ok("/t/club-night/standings.csv").await;
        let api = json(
            &b.get_ok("/api/v1/tournaments/club-night/standings")
                .await
                .body,
        );
        let rows = csv_rows(&csv.body);
        let listed = api["standings"].as_array().unwrap();
        assert_eq!(rows.len(), listed.len());
        assert!(rows.len() >= 5);
        for (row, item) in rows.iter().zip(listed) {
            for (column, value) in row {
                let value = value.strip_prefix('\'').unwrap_or(value);
                assert_eq!(&cell(&item[column]), value, "{column} of {row:?}");
            }
        }

        let csv = csv_rows(&b.get_ok("/t/club-night/matches.csv").await.body);
        let mut compared = 0;
        for round in 1..=3 {
            let api = json(
                &b.get_ok(&format!("/api/v1/tournaments/club-night/rounds/{round}"))
                    .await
                    .body,
            );
            for m in api["matches"].as_array().unwrap() {
                let row = csv
                    .iter()
                    .find(|r| r["round"] == round.to_string() && r["table"] == cell(&m["table"]))
                    .expect("the match in matches.csv");
                for (column, key) in [
                    ("home", "home"),
                    ("away", "away"),
                    ("boards", "boards_compared"),
                    ("home_levels", "home_levels"),
                    ("away_levels", "away_levels"),
                    ("home_points", "home_points"),
                    ("away_points", "away_points"),
                    ("home_score", "home_score"),
                    ("away_score", "away_score"),
                    ("status", "status"),
                ] {
                    assert_eq!(cell(&m[key]), row[column], "{column} of {row:?}");
                }
                compared += 1;
            }
        }
        assert_eq!(compared, csv.len());
    }
}

#[actix_web::test]
async fn the_index_lists_published_tournaments_with_their_state() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = anonymous(&db).await;
    let index = json(&b.get_ok("/api/v1/tournaments").await.body);
    let list = index["tournaments"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["slug"], "club-night");
    assert_eq!(list[0]["state"], "finished");
    assert_eq!(list[0]["teams"], 5);
    let one = json(&b.get_ok("/api/v1/tournaments/club-night").await.body);
    assert_eq!(one["teams"].as_array().unwrap().len(), 5);
    assert_eq!(one["rounds"].as_array().unwrap().len(), 3);
    assert_eq!(one["rounds"][0]["complete"], true);

    // Unpublished: gone from the index, 404 for its pages, as on the public pages.
    diesel::update(tournaments::table.filter(tournaments::slug.eq("club-night")))
        .set(tournaments::published.eq(false))
        .execute(&mut db.open())
        .unwrap();
    let mut b = anonymous(&db).await;
    let index = json(&b.get_ok("/api/v1/tournaments").await.body);
    assert_eq!(index["tournaments"].as_array().unwrap().len(), 0);
    for path in [
        "/api/v1/tournaments/club-night",
        "/api/v1/tournaments/club-night/standings",
        "/api/v1/tournaments/club-night/rounds/1",
    ] {
        assert_eq!(b.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(
        b.get("/api/v1/tournaments/nothing/standings").await.status,
        StatusCode::NOT_FOUND
    );
}

#[actix_web::test]
async fn the_api_answers_304_to_its_etag() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = anonymous(&db).await;
    let first = b.get_ok("/api/v1/tournaments/club-night/standings").await;
    let etag = first.header("etag").expect("an ETag").to_owned();
    assert!(first.content_type.starts_with("application/json"));
    let again = b
        .request(
            TestRequest::get()
                .uri("/api/v1/tournaments/club-night/standings")
                .insert_header(("if-none-match", etag.as_str())),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    // The second plain read is the kept bytes: the same body.
    let cached = b.get_ok("/api/v1/tournaments/club-night/standings").await;
    assert_eq!(cached.body, first.body);
}

/// A round whose closed room has no result yet: its boards are not released, so no room's
/// figure of them is in the API, and the matches have no score.
#[actix_web::test]
async fn unreleased_boards_stay_out_of_the_api() {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(club_night_dir()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let results = std::fs::read_to_string(dir.path().join("results.csv")).unwrap();
    let kept: Vec<&str> = results
        .lines()
        .filter(|l| !l.starts_with("3,1,closed,"))
        .collect();
    assert!(kept.len() < results.lines().count());
    std::fs::write(dir.path().join("results.csv"), kept.join("\n") + "\n").unwrap();
    let db = TestDb::sqlite();
    let files = fushi::archive::ArchiveFiles::read(dir.path()).unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
    let mut b = anonymous(&db).await;
    let api = json(
        &b.get_ok("/api/v1/tournaments/club-night/rounds/3")
            .await
            .body,
    );
    let matches = api["matches"].as_array().unwrap();
    assert!(!matches.is_empty());
    let mut in_progress = 0;
    for m in matches {
        assert!(
            m["results"].as_array().unwrap().is_empty(),
            "an unreleased result: {m}"
        );
        assert!(m["boards"].as_array().unwrap().is_empty(), "{m}");
        // A match in progress has no score; a complete one has (docs/rules.md §5).
        if m["status"] == "in_progress" {
            assert_eq!(m["home_score"], Value::Null, "{m}");
            in_progress += 1;
        }
    }
    assert_eq!(in_progress, 1);
    // Round 1 is whole and released.
    let api = json(
        &b.get_ok("/api/v1/tournaments/club-night/rounds/1")
            .await
            .body,
    );
    assert!(!api["matches"][0]["results"].as_array().unwrap().is_empty());
}

#[actix_web::test]
async fn cross_origin_reading_is_opt_in() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let origin = |value: &'static str| {
        TestRequest::get()
            .uri("/api/v1/tournaments/club-night/standings")
            .insert_header(("origin", value))
            .to_request()
    };
    // By default: no CORS header, whoever asks.
    let pool = fushi::db::pool(db.url()).unwrap();
    let plain = test::init_service(app(AppState::new(pool.clone()).unwrap())).await;
    let res = test::call_service(&plain, origin("https://results.example")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers().get("access-control-allow-origin").is_none());

    let settings = fushi::web::settings::Settings {
        api_origins: fushi::web::api::ApiOrigins::parse("https://results.example").unwrap(),
        ..Default::default()
    };
    let open = test::init_service(app(AppState::configured(pool, &settings).unwrap())).await;
    for _ in 0..2 {
        // The second answer comes from the page cache: the header is there too.
        let res = test::call_service(&open, origin("https://results.example")).await;
        assert_eq!(
            res.headers()
                .get("access-control-allow-origin")
                .and_then(|v| v.to_str().ok()),
            Some("https://results.example")
        );
    }
    let res = test::call_service(&open, origin("https://elsewhere.example")).await;
    assert!(res.headers().get("access-control-allow-origin").is_none());
}
