//! Compressed answers with no proxy in front: a public page in the reader's coding (brotli,
//! gzip or none), compressed once per revision and encoding with its own validator; the
//! stylesheet and script; every other text answer through the middleware; PDFs and the
//! event stream as they are.

use std::io::Read;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;

use crate::common;
use common::http::{anonymous, browser};
use common::{TestDb, import_club_night};

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("gzip decodes");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .expect("brotli decodes");
    out
}

fn get(path: &str, accept: &str) -> TestRequest {
    TestRequest::get()
        .uri(path)
        .insert_header(("accept-encoding", accept))
}

#[actix_web::test]
async fn a_public_page_is_sent_in_the_readers_coding_with_its_own_validator() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = anonymous(&db).await;
    let path = "/t/club-night/standings";
    let plain = b.get_ok(path).await;
    assert_eq!(plain.header("content-encoding"), Some("identity"));
    assert!(plain.body.contains("<table"), "{}", plain.body);
    let vary = plain.header("vary").expect("a Vary header");
    assert!(vary.contains("Accept-Encoding"), "{vary}");

    for (accept, name, decode) in [
        ("gzip, deflate, br", "br", unbrotli as fn(&[u8]) -> Vec<u8>),
        ("gzip, deflate", "gzip", gunzip),
    ] {
        // Twice: rendered, then from the page cache; the same bytes both times.
        let first = b.request(get(path, accept)).await;
        let again = b.request(get(path, accept)).await;
        assert_eq!(first.status, StatusCode::OK);
        assert_eq!(first.header("content-encoding"), Some(name), "{accept}");
        assert_eq!(
            first.bytes, again.bytes,
            "{accept}: kept, not compressed again"
        );
        assert!(
            first.bytes.len() * 3 < plain.bytes.len(),
            "{accept}: compressed"
        );
        assert_eq!(decode(&first.bytes), plain.bytes, "{accept}: the same page");
        // Each coding has its own validator: a cache never answers one with the other.
        let etag = first.header("etag").expect("an ETag").to_owned();
        assert_ne!(Some(etag.as_str()), plain.header("etag"));
        let revalidated = b
            .request(get(path, accept).insert_header(("if-none-match", etag.as_str())))
            .await;
        assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED, "{accept}");
        let other = plain.header("etag").expect("an ETag");
        let wrong = b
            .request(get(path, accept).insert_header(("if-none-match", other)))
            .await;
        assert_eq!(
            wrong.status,
            StatusCode::OK,
            "{accept}: the plain page's tag"
        );
    }
}

#[actix_web::test]
async fn files_pdfs_the_stream_and_the_directors_pages_are_sent_as_they_should() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = anonymous(&db).await;
    // The stylesheet and script, compressed when fushi was built, each coding with its
    // own validator.
    for path in ["/static/fushi.css", "/static/fushi.js"] {
        let plain = b.get_ok(path).await;
        let br = b.request(get(path, "br")).await;
        assert_eq!(br.header("content-encoding"), Some("br"), "{path}");
        assert_eq!(unbrotli(&br.bytes), plain.bytes, "{path}");
        assert!(br.bytes.len() * 3 < plain.bytes.len(), "{path}");
        let gz = b.request(get(path, "gzip")).await;
        assert_eq!(gunzip(&gz.bytes), plain.bytes, "{path}");
        let tags = [&plain, &br, &gz].map(|p| p.header("etag").expect("an ETag").to_owned());
        assert!(
            tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2],
            "{path}: {tags:?}"
        );
        assert_eq!(br.header("vary"), Some("Accept-Encoding"), "{path}");
    }
    // A CSV file and an API answer are text.
    for path in [
        "/t/club-night/standings.csv",
        "/api/v1/tournaments/club-night/matches",
    ] {
        let plain = b.get_ok(path).await;
        let gz = b.request(get(path, "gzip")).await;
        assert_eq!(gz.header("content-encoding"), Some("gzip"), "{path}");
        assert_eq!(gunzip(&gz.bytes), plain.bytes, "{path}");
    }
    // A PDF's streams are compressed already: sent as it is.
    let pdf = b
        .request(get("/t/club-night/standings.pdf", "gzip, br"))
        .await;
    assert_eq!(pdf.status, StatusCode::OK);
    assert!(pdf.bytes.starts_with(b"%PDF"));
    assert_eq!(pdf.header("content-encoding"), Some("identity"));
    // A director's page, never cached, goes through the middleware.
    let mut d = browser(&db).await;
    let plain = d.get_ok("/d/club-night").await;
    let gz = d.request(get("/d/club-night", "gzip")).await;
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    let page = String::from_utf8(gunzip(&gz.bytes)).expect("UTF-8");
    assert!(page.contains("</html>") && plain.body.contains("</html>"));
}

#[actix_web::test]
async fn the_event_stream_is_never_compressed() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let server = crate::web_live::Server::start(db.url()).await;
    let client = crate::web_live::client();
    let events = client
        .get(server.url("/t/club-night/events"))
        .insert_header(("accept-encoding", "gzip, br"))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(events.status(), StatusCode::OK);
    let coding = events
        .headers()
        .get("content-encoding")
        .and_then(|v| v.to_str().ok());
    assert_eq!(coding, Some("identity"));
    drop(events);
    server.stop().await;
}
