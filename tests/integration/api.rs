//! The read API (`/api/v1/`): the same figures as the CSV files, the same validators and
//! the same secrecy as the public pages, and CORS only where configured.

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use diesel::prelude::*;
use fushi::db::schema::tournaments;
use fushi::web::{AppState, app};
use serde_json::Value;

use crate::common::http::anonymous;
use crate::common::{TestDb, backends, club_night_dir, import_championship, import_club_night};

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
async fn the_index_lists_published_tournaments_and_each_its_state() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = anonymous(&db).await;
    let index = json(&b.get_ok("/api/v1/tournaments").await.body);
    let list = index["tournaments"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["slug"], "club-night");
    assert_eq!(list[0]["teams"], 5);
    let one = json(&b.get_ok("/api/v1/tournaments/club-night").await.body);
    assert_eq!(one["state"], "finished");
    assert_eq!(one["revision"], list[0]["revision"]);
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
        // A match in progress has no score (docs/rules.md §5); nor has one complete at its
        // table whose board 2 is still to be played at the other: its total less its
        // released boards would give board 2 away.
        if m["status"] == "in_progress" {
            assert_eq!(m["home_score"], Value::Null, "{m}");
            in_progress += 1;
        }
    }
    assert_eq!(in_progress, 2);
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

/// The rows of a file as the API has them, each JSON item flattened to the file's cells.
fn assert_rows_equal(
    what: &str,
    csv: &[std::collections::BTreeMap<String, String>],
    items: &[std::collections::BTreeMap<String, String>],
) {
    assert_eq!(csv.len(), items.len(), "{what}: rows");
    for (row, item) in csv.iter().zip(items) {
        for (column, value) in row {
            let value = value.strip_prefix('\'').unwrap_or(value);
            assert_eq!(
                item.get(column).map(String::as_str),
                Some(value),
                "{what}: {column} of {row:?}"
            );
        }
    }
}

/// A JSON object's members as CSV cells, `rename` naming the file's column of a member.
fn flat(item: &Value, rename: &[(&str, &str)]) -> std::collections::BTreeMap<String, String> {
    item.as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| {
            let column = rename
                .iter()
                .find(|(json, _)| json == k)
                .map_or(k.as_str(), |(_, csv)| csv);
            (column.to_owned(), cell(v))
        })
        .collect()
}

/// The club night with round 3, table 1's closed room short of board 2 (so that board is
/// not released) and every board dealt from a held seed.
fn club_night_half_released_and_dealt(db: &TestDb) -> fushi::rules::Seed {
    crate::common::club_night_dealt_with_one_board_unplayed(db)
}

#[actix_web::test]
async fn results_travellers_butler_and_deals_equal_the_csv_files_released_boards_only() {
    for db in backends() {
        let seed = club_night_half_released_and_dealt(&db);
        let mut b = anonymous(&db).await;
        let api = |body: String| json(&body);
        let base = "/api/v1/tournaments/club-night";

        // Every released room result, as in results.csv (which holds released ones only).
        let csv = csv_rows(&b.get_ok("/t/club-night/results.csv").await.body);
        assert!(!csv.iter().any(|r| r["round"] == "3" && r["board"] == "2"));
        let results = api(b.get_ok(&format!("{base}/results")).await.body);
        let items: Vec<_> = results["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| flat(i, &[]))
            .collect();
        assert_rows_equal("results", &csv, &items);

        // Every match, as in matches.csv.
        let matches_csv = csv_rows(&b.get_ok("/t/club-night/matches.csv").await.body);
        let matches = api(b.get_ok(&format!("{base}/matches")).await.body);
        let items: Vec<_> = matches["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| flat(i, &[("boards_compared", "boards")]))
            .collect();
        assert_rows_equal("matches", &matches_csv, &items);

        // Each released board's traveller has the rooms of results.csv, with their figures.
        let mut rows_seen = 0;
        for round in 1..=3 {
            for board in 1..=4 {
                let t = api(b
                    .get_ok(&format!("{base}/rounds/{round}/boards/{board}"))
                    .await
                    .body);
                let released = !(round == 3 && board == 2);
                assert_eq!(t["released"], released, "{round}/{board}");
                let expected: Vec<_> = csv
                    .iter()
                    .filter(|r| r["round"] == round.to_string() && r["board"] == board.to_string())
                    .collect();
                let rows = t["rows"].as_array().unwrap();
                assert_eq!(rows.len(), expected.len(), "{round}/{board}");
                for row in rows {
                    let line = expected
                        .iter()
                        .find(|r| {
                            r["table"] == cell(&row["table"]) && r["room"] == cell(&row["room"])
                        })
                        .expect("the room in results.csv");
                    for column in ["defender_total", "table_score", "result"] {
                        assert_eq!(cell(&row[column]), line[column], "{column} of {line:?}");
                    }
                    rows_seen += 1;
                }
                assert_eq!(t["deal"].is_null(), !released, "{round}/{board}");
            }
        }
        assert_eq!(rows_seen, csv.len());

        // The Butler ranking, as in butler.csv.
        let butler_csv = csv_rows(&b.get_ok("/t/club-night/butler.csv").await.body);
        let butler = api(b.get_ok(&format!("{base}/butler")).await.body);
        let items: Vec<_> = butler["butler"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                let mut row = flat(i, &[]);
                let players: Vec<&str> = i["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_str().unwrap())
                    .collect();
                row.insert("players".into(), players.join(";"));
                row
            })
            .collect();
        assert!(!items.is_empty());
        assert_rows_equal("butler", &butler_csv, &items);

        // The deals of released boards, as in deals.csv; the seed is still secret.
        let deals_csv = csv_rows(&b.get_ok("/t/club-night/deals.csv").await.body);
        let deals = api(b.get_ok(&format!("{base}/deals")).await.body);
        assert_eq!(deals["seed"], Value::Null);
        assert_eq!(deals["commitment"], seed.commitment().as_str());
        // Every commitment is listed, with the rounds it dealt and no secret seed.
        assert_eq!(deals["seeds"][0]["commitment"], seed.commitment().as_str());
        assert_eq!(deals["seeds"][0]["rounds"], serde_json::json!([1, 2, 3]));
        assert_eq!(deals["seeds"][0]["seed"], Value::Null);
        let items: Vec<_> = deals["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                let mut row = flat(&i["deal"], &[]);
                row.insert("round".into(), cell(&i["round"]));
                row.insert("board".into(), cell(&i["board"]));
                row
            })
            .collect();
        assert_eq!(deals_csv.len(), 11);
        assert_rows_equal("deals", &deals_csv, &items);
        // The traveller's cards are the same cells.
        let t = api(b.get_ok(&format!("{base}/rounds/2/boards/3")).await.body);
        let row = deals_csv
            .iter()
            .find(|r| r["round"] == "2" && r["board"] == "3")
            .unwrap();
        assert_eq!(cell(&t["deal"]["north"]), row["north"]);

        // The index of the tournament names every file's endpoint.
        let one = api(b.get_ok(base).await.body);
        for key in ["matches_url", "results_url", "butler_url", "deals_url"] {
            let path = one[key].as_str().unwrap_or_else(|| panic!("{key}: {one}"));
            b.get_ok(path).await;
        }
        assert_eq!(one["stages_url"], Value::Null);
        for path in ["stages", "bracket", "ranking", "bracket/1/1"] {
            assert_eq!(
                b.get(&format!("{base}/{path}")).await.status,
                StatusCode::NOT_FOUND,
                "{path}"
            );
        }
        // No such board or round: 404.
        for path in [
            "rounds/3/boards/9",
            "rounds/7/boards/1",
            "rounds/x/boards/1",
        ] {
            assert_eq!(
                b.get(&format!("{base}/{path}")).await.status,
                StatusCode::NOT_FOUND,
                "{path}"
            );
        }
    }
}

#[actix_web::test]
async fn a_championships_stages_bracket_ties_and_ranking_equal_the_csv_files() {
    for db in backends() {
        import_championship(&db, "swiss-knockout-8");
        let slug = "stages-swiss-knockout-8";
        let base = format!("/api/v1/tournaments/{slug}");
        let mut b = anonymous(&db).await;

        let csv = csv_rows(&b.get_ok(&format!("/t/{slug}/standings.csv")).await.body);
        let stages = json(&b.get_ok(&format!("{base}/stages")).await.body);
        let mut items = Vec::new();
        for stage in stages["stages"].as_array().unwrap() {
            for block in stage["blocks"].as_array().unwrap() {
                for s in block["standings"].as_array().unwrap() {
                    let mut row = flat(s, &[]);
                    row.insert("stage".into(), cell(&stage["stage"]));
                    row.insert("group".into(), cell(&block["group"]));
                    items.push(row);
                }
            }
        }
        assert!(!items.is_empty());
        assert_rows_equal("standings", &csv, &items);
        assert_eq!(stages["stages"][1]["format"], "knockout");

        let csv = csv_rows(&b.get_ok(&format!("/t/{slug}/bracket.csv")).await.body);
        let bracket = json(&b.get_ok(&format!("{base}/bracket")).await.body);
        let mut items = Vec::new();
        let mut ties = Vec::new();
        for ko in bracket["ko_rounds"].as_array().unwrap() {
            for tie in ko["ties"].as_array().unwrap() {
                if tie["waiting"] == true || tie["home"].is_null() {
                    continue; // bracket.csv lists ties whose sides are known
                }
                let mut row = flat(tie, &[("segments_complete", "segments")]);
                row.insert("stage".into(), cell(&bracket["stage"]));
                items.push(row);
                ties.push(tie.clone());
            }
        }
        assert!(items.len() >= 7, "{bracket}");
        assert_rows_equal("bracket", &csv, &items);
        // One tie answers alone with the same figures and its segments.
        let quarter = &ties[3];
        let one = json(&b.get_ok(&format!("{base}/bracket/1/4")).await.body);
        for key in [
            "home",
            "away",
            "home_total",
            "home_points",
            "winner",
            "segments",
        ] {
            assert_eq!(one[key], quarter[key], "{key}");
        }
        assert_eq!(one["name"], "quarter_final");
        assert_eq!(
            b.get(&format!("{base}/bracket/1/9")).await.status,
            StatusCode::NOT_FOUND
        );

        let csv = csv_rows(&b.get_ok(&format!("/t/{slug}/ranking.csv")).await.body);
        let ranking = json(&b.get_ok(&format!("{base}/ranking")).await.body);
        let items: Vec<_> = ranking["ranking"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| flat(i, &[]))
            .collect();
        assert_rows_equal("ranking", &csv, &items);
        let one = json(&b.get_ok(&base).await.body);
        for key in ["stages_url", "bracket_url", "ranking_url"] {
            b.get_ok(one[key].as_str().unwrap()).await;
        }
    }
}

/// Every item of the paged list `list` of `path`, following `next` with `limit`, with the
/// pages' sizes.
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
    let (mut items, mut sizes) = (Vec::new(), Vec::new());
    let mut url = format!("{path}?limit={limit}");
    for _ in 0..1000 {
        let page = json(&b.get_ok(&url).await.body);
        // The bracket's ties are paged within its rounds, the stages' standings rows
        // within their stages' blocks (each row tagged with its stage and block here, so
        // that two pages' rows of different blocks cannot pass for each other).
        let these: Vec<Value> =
            match list {
                "standings" => page["stages"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|stage| {
                        stage["blocks"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .flat_map(|block| {
                                block["standings"].as_array().unwrap().iter().map(|row| {
                                    serde_json::json!([stage["stage"], block["group"], row])
                                })
                            })
                    })
                    .collect(),
                "ties" => page["ko_rounds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|ko| ko["ties"].as_array().unwrap().clone())
                    .collect(),
                _ => page[list]
                    .as_array()
                    .unwrap_or_else(|| panic!("{url}: {page}"))
                    .clone(),
            };
        sizes.push(these.len());
        items.extend(these);
        match page["next"].as_str() {
            Some(next) => url = format!("{path}?limit={limit}&cursor={next}"),
            None => return (items, sizes),
        }
    }
    panic!("{path}: no last page");
}

/// A board's traveller, the deals, the stages' standings and the bracket grow with the event:
/// each answer holds one page of its list, and the pages joined by `next` are the whole list.
#[actix_web::test]
async fn travellers_deals_stages_and_the_bracket_come_in_pages_that_join_up() {
    for db in backends() {
        club_night_half_released_and_dealt(&db);
        import_championship(&db, "swiss-knockout-8");
        let mut b = anonymous(&db).await;
        for (path, list, whole) in [
            ("/api/v1/tournaments/club-night/deals", "boards", 11),
            (
                "/api/v1/tournaments/club-night/rounds/2/boards/3",
                "rows",
                4,
            ),
            (
                "/api/v1/tournaments/stages-swiss-knockout-8/bracket",
                "ties",
                7,
            ),
            (
                "/api/v1/tournaments/stages-swiss-knockout-8/stages",
                "standings",
                10,
            ),
        ] {
            let (all, sizes) = follow(&mut b, path, list, 100).await;
            assert_eq!(sizes.len(), 1, "{path}: one page by default");
            assert!(all.len() >= whole, "{path}: {} items", all.len());
            for limit in [1, 3] {
                let (paged, sizes) = follow(&mut b, path, list, limit).await;
                assert_eq!(paged, all, "{path}: pages of {limit} joined differ");
                assert!(sizes.iter().all(|&n| n <= limit), "{path}: {sizes:?}");
                assert_eq!(sizes.len(), all.len().div_ceil(limit), "{path}");
            }
            // A cursor of another list is refused, as JSON that says so.
            let other = json(
                &b.get_ok("/api/v1/tournaments/club-night/matches?limit=1")
                    .await
                    .body,
            );
            let refused = b
                .get(&format!(
                    "{path}?cursor={}",
                    other["next"].as_str().unwrap()
                ))
                .await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{path}");
            assert_eq!(json(&refused.body)["error"], "bad_request");
        }
    }
}
