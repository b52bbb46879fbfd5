//! The server against the world, in the app: the client's address behind a proxy (one
//! header believed), the sign-in throttle per account and address, `/metrics` of a bounded
//! size, log lines a visitor cannot forge, and no public path that tells an unpublished
//! tournament from a missing one. The real binary's side (settings, files, HTTPS, the
//! health check, `fushi copy`) is in `world_binary`.

use std::io::Write;

use actix_web::http::{Method, StatusCode};
use actix_web::test::{self, TestRequest};
use fushi::web::client::{ProxyHeader, TrustedProxies};
use fushi::web::settings::Settings;
use fushi::web::{AppState, app};

use crate::common::http::{TEST_PASSWORD, anonymous, anonymous_with, browser_as, ensure_user};
use crate::common::{TestDb, backends, import_club_night, sample_event};
use crate::service::capture_log;
use fushi::db::accounts::Role;

/// An app whose proxies are 10.0.0.0/8, believed through `header`, with `per_address`
/// event streams allowed from one client.
fn behind_proxy(db: &TestDb, header: ProxyHeader, per_address: usize) -> AppState {
    let settings = Settings {
        trusted_proxies: TrustedProxies::parse("10.0.0.0/8").unwrap(),
        proxy_header: header,
        max_listeners_per_address: per_address,
        ..Default::default()
    };
    AppState::configured(fushi::db::pool(db.url()).unwrap(), &settings).unwrap()
}

/// The header a proxy of `header` writes, and the other one, which a client may forge.
fn headers_of(header: ProxyHeader, client: &str) -> [(&'static str, String); 1] {
    match header {
        ProxyHeader::XForwardedFor => [("x-forwarded-for", client.to_owned())],
        ProxyHeader::Forwarded => [("forwarded", format!("for={client}"))],
    }
}

fn forged_other(header: ProxyHeader, n: usize) -> (&'static str, String) {
    match header {
        ProxyHeader::XForwardedFor => ("forwarded", format!("for=203.0.113.{n}")),
        ProxyHeader::Forwarded => ("x-forwarded-for", format!("203.0.113.{n}")),
    }
}

/// Through the configured proxy, whichever header it writes, a client that forges the
/// other one (a new address on every request) is still counted by the address the proxy
/// appended: five wrong passwords lock that account from that address, the owner still
/// signs in from another, and the per-address stream cap holds.
#[actix_web::test]
async fn a_forged_header_does_not_move_the_client_through_the_proxy() {
    for db in backends() {
        import_club_night(&db);
        ensure_user(&db, "ada", Role::Director);
        for header in [ProxyHeader::XForwardedFor, ProxyHeader::Forwarded] {
            let mut b = anonymous_with(behind_proxy(&db, header, 2)).await;
            b.get("/login").await;
            let mut sign_in = async |client: &str, n: usize, password: &str| {
                let mut req = TestRequest::post()
                    .uri("/login")
                    .peer_addr("10.0.0.1:5000".parse().unwrap());
                for h in headers_of(header, client) {
                    req = req.insert_header(h);
                }
                let fields = vec![
                    ("csrf", b.csrf.clone().unwrap_or_default()),
                    ("name", "ada".to_owned()),
                    ("password", password.to_owned()),
                ];
                req = req.insert_header(forged_other(header, n)).set_form(fields);
                b.request(req).await.status
            };
            for n in 0..5 {
                let status = sign_in("198.51.100.7", n, "wrong password").await;
                assert_eq!(status, StatusCode::UNAUTHORIZED, "{header:?} try {n}");
            }
            let status = sign_in("198.51.100.7", 99, TEST_PASSWORD).await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{header:?}");
            // The owner, from another address, is not locked out.
            let status = sign_in("198.51.100.8", 100, TEST_PASSWORD).await;
            assert_eq!(status, StatusCode::SEE_OTHER, "{header:?}");
            // Two live pages from one client; a third is refused whatever it forges.
            let service = test::init_service(app(behind_proxy(&db, header, 2))).await;
            let mut held = Vec::new();
            for n in 0..3 {
                let mut req = TestRequest::get()
                    .uri("/t/club-night/events")
                    .peer_addr("10.0.0.1:5000".parse().unwrap())
                    .insert_header(forged_other(header, n));
                for h in headers_of(header, "198.51.100.9") {
                    req = req.insert_header(h);
                }
                held.push(test::call_service(&service, req.to_request()).await);
            }
            let statuses: Vec<_> = held.iter().map(|res| res.status()).collect();
            assert_eq!(
                statuses,
                [
                    StatusCode::OK,
                    StatusCode::OK,
                    StatusCode::SERVICE_UNAVAILABLE
                ],
                "{header:?}"
            );
            fushi::db::accounts::forget_attempts(&mut db.open(), "user:ada addr:198.51.100.7")
                .unwrap();
        }
    }
}

/// Without a configured proxy neither header counts: the connection is the client.
#[actix_web::test]
async fn without_a_proxy_no_header_names_the_client() {
    let db = TestDb::sqlite();
    ensure_user(&db, "ada", Role::Director);
    for header in [ProxyHeader::XForwardedFor, ProxyHeader::Forwarded] {
        let settings = Settings {
            proxy_header: header,
            ..Default::default()
        };
        let state = AppState::configured(fushi::db::pool(db.url()).unwrap(), &settings).unwrap();
        let mut b = anonymous_with(state).await;
        b.get("/login").await;
        let peer = if header == ProxyHeader::Forwarded {
            "203.0.113.60:1"
        } else {
            "203.0.113.61:1"
        };
        let mut last = StatusCode::OK;
        for n in 0..6 {
            let fields = vec![
                ("csrf", b.csrf.clone().unwrap_or_default()),
                ("name", "ada".to_owned()),
                ("password", "wrong password".to_owned()),
            ];
            let req = TestRequest::post()
                .uri("/login")
                .peer_addr(peer.parse().unwrap())
                .insert_header(("x-forwarded-for", format!("198.51.100.{n}")))
                .insert_header(("forwarded", format!("for=198.51.100.{n}")))
                .set_form(fields);
            last = b.request(req).await.status;
        }
        assert_eq!(last, StatusCode::TOO_MANY_REQUESTS, "{header:?}");
    }
}

/// Wrong passwords from one address lock that address out of the account (and, past the
/// address limit, out of every account), never the account's owner elsewhere; correct
/// sign-ins at the same moment all succeed.
#[actix_web::test]
async fn sign_ins_are_throttled_per_account_and_address_and_never_fail_together() {
    for db in backends() {
        ensure_user(&db, "ada", Role::Director);
        let mut b = anonymous(&db).await;
        b.get("/login").await;
        let form = |password: &str| {
            vec![
                ("name".to_owned(), "ada".to_owned()),
                ("password".to_owned(), password.to_owned()),
            ]
        };
        let together: Vec<_> = (0..16)
            .map(|_| ("/login".to_owned(), form(TEST_PASSWORD)))
            .collect();
        let answers = b.post_together(&together).await;
        let failed: Vec<_> = answers
            .iter()
            .filter(|(status, _)| *status != StatusCode::SEE_OTHER)
            .map(|(status, _)| *status)
            .collect();
        assert!(
            failed.is_empty(),
            "{} of 16 failed: {failed:?}",
            failed.len()
        );
        // Sixteen wrong guesses at once are still counted like a sequence.
        let guesses: Vec<_> = (0..16)
            .map(|_| ("/login".to_owned(), form("wrong password")))
            .collect();
        let answers = b.post_together(&guesses).await;
        let refused = answers
            .iter()
            .filter(|(s, _)| *s == StatusCode::TOO_MANY_REQUESTS)
            .count();
        assert_eq!(refused, 11, "{answers:?}");
        // The owner from another address is still welcome.
        let mut owner = anonymous(&db).await;
        owner.get("/login").await;
        let fields = vec![
            ("csrf", owner.csrf.clone().unwrap_or_default()),
            ("name", "ada".to_owned()),
            ("password", TEST_PASSWORD.to_owned()),
        ];
        let req = TestRequest::post()
            .uri("/login")
            .peer_addr("198.51.100.20:1".parse().unwrap())
            .set_form(fields);
        assert_eq!(owner.request(req).await.status, StatusCode::SEE_OTHER);
    }
}

/// A thousand made-up methods add one series (`method="other"`), not a thousand; the
/// Prometheus text format when the scraper asks for it.
#[actix_web::test]
async fn made_up_methods_do_not_grow_the_metrics() {
    let db = TestDb::sqlite();
    let service = test::init_service(app(
        AppState::new(fushi::db::pool(db.url()).unwrap()).unwrap()
    ))
    .await;
    let scrape = async |accept: &str| {
        let req = TestRequest::get()
            .uri("/metrics")
            .peer_addr("127.0.0.1:40000".parse().unwrap())
            .insert_header(("accept", accept.to_owned()))
            .to_request();
        let res = test::call_service(&service, req).await;
        let kind = res
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        (
            kind,
            String::from_utf8(test::read_body(res).await.to_vec()).unwrap(),
        )
    };
    let send = async |n: usize| {
        let method = Method::from_bytes(format!("MADEUP{n}").as_bytes()).unwrap();
        let req = TestRequest::default()
            .method(method)
            .uri(&format!("/x{n}"))
            .to_request();
        test::call_service(&service, req).await.status()
    };
    send(0).await;
    // The first scrape makes the scrape's own series.
    scrape("*/*").await;
    let (_, before) = scrape("*/*").await;
    for n in 1..1000 {
        send(n).await;
    }
    let (kind, after) = scrape("*/*").await;
    assert!(kind.starts_with("application/openmetrics-text"), "{kind}");
    let series = |text: &str| text.lines().filter(|l| !l.starts_with('#')).count();
    assert_eq!(series(&before), series(&after), "{before}\n----\n{after}");
    assert!(after.contains(r#"method="other""#), "{after}");
    assert!(!after.contains("MADEUP"), "{after}");
    // Only the counts' digits grow.
    assert!(
        after.len() < before.len() + 200,
        "{} → {}",
        before.len(),
        after.len()
    );
    // The Prometheus text format on request: counters named by their samples, no EOF.
    let (kind, text) = scrape("text/plain;version=0.0.4").await;
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    assert!(
        text.contains("# TYPE fushi_http_requests_total counter\n"),
        "{text}"
    );
    assert!(text.contains("# TYPE fushi_http_request_duration_seconds histogram\n"));
    assert!(
        !text.contains("# EOF") && !text.contains("# UNIT"),
        "{text}"
    );
    promtool_accepts(&text);
}

/// `promtool check metrics` accepts the text, where promtool is installed (Debian's
/// `prometheus` package); elsewhere the format's rules are the assertions above.
fn promtool_accepts(text: &str) {
    let Ok(mut child) = std::process::Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
    else {
        eprintln!("promtool is not installed: the text's format is checked by the assertions");
        return;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    // Exit 3 is lint warnings only (such as a counter's HELP); 1 is a format error.
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(3),
        "promtool: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(!said.contains("error while linting"), "{said}");
}

/// A sign-in name with a forged log line, an escape sequence, or a password typed into the
/// name field: the log keeps one line per event, no escape character, and no name that is
/// no account's.
#[actix_web::test]
async fn a_visitor_cannot_forge_a_log_line() {
    let log = capture_log();
    let db = TestDb::sqlite();
    ensure_user(&db, "grace", Role::Director);
    let mut b = anonymous(&db).await;
    b.get("/login").await;
    let forged = "evil\n2026-12-05T21:00:00.000000Z  INFO fushi::web::auth::pages: signed in event=\"sign_in\" user=admin";
    let escape = "\u{1b}[2J\u{1b}[31mroot";
    let password = "Tr0ub4dor&3-typed-into-the-name";
    for name in [forged, escape, password, "grace"] {
        b.post("/login", &[("name", name), ("password", "wrong password")])
            .await;
    }
    b.get("/t/%0A2026-12-05T21:00:00Z%20INFO%20forged").await;
    let text = log.text();
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(
        !text.lines().any(|l| l.starts_with("2026-12-05T21:00:00")),
        "a forged line:\n{text}"
    );
    assert!(!text.contains("evil") && !text.contains("root"), "{text}");
    assert!(
        !text.contains("Tr0ub4dor"),
        "a typed password in the log:\n{text}"
    );
    assert_eq!(text.matches("sign_in_failed").count(), 4, "{text}");
    assert!(text.contains("user=grace"), "{text}");
    assert_eq!(text.matches("user=unknown#").count(), 3, "{text}");
}

/// Every public path of an unpublished tournament answers exactly as the same path of a
/// tournament that does not exist: status, headers and body, to a reader and to a director
/// without access to it.
#[actix_web::test]
async fn an_unpublished_tournament_answers_as_a_missing_one() {
    for db in backends() {
        let mut hidden = sample_event("hidden");
        hidden.settings.published = false;
        fushi::db::insert_event(&mut db.open(), &hidden).unwrap();
        import_club_night(&db);
        let paths = [
            "/t/{}",
            "/t/{}/",
            "/t/{}/standings",
            "/t/{}/rounds/1",
            "/t/{}/rounds/1/tables/1",
            "/t/{}/teams/1",
            "/t/{}/standings.csv",
            "/t/{}/rounds/1/sheets.pdf",
            "/t/{}/rounds/1/boards/1",
            "/t/{}/events",
            "/t/{}/nothing/here",
            "/api/v1/tournaments/{}",
            "/api/v1/tournaments/{}/standings",
            "/api/v1/tournaments/{}/rounds/1",
        ];
        let mut public = anonymous(&db).await;
        let mut otto = browser_as(&db, "otto", Role::Director).await;
        let shown = |page: &crate::common::http::Page| {
            let mut headers: Vec<_> = page
                .headers
                .iter()
                .filter(|(n, _)| n != "x-request-id" && n != "date")
                .cloned()
                .collect();
            headers.sort();
            (page.status, headers, page.body.replace("nosuch", "hidden"))
        };
        for path in paths {
            let (hidden_path, missing_path) =
                (path.replace("{}", "hidden"), path.replace("{}", "nosuch"));
            let hidden = public.get(&hidden_path).await;
            let missing = public.get(&missing_path).await;
            assert_eq!(hidden.status, StatusCode::NOT_FOUND, "reader {path}");
            assert_eq!(shown(&missing), shown(&hidden), "reader {path}");
            let hidden = otto.get(&hidden_path).await;
            let missing = otto.get(&missing_path).await;
            assert_eq!(hidden.status, StatusCode::NOT_FOUND, "director {path}");
            assert_eq!(shown(&missing), shown(&hidden), "director {path}");
        }
    }
}
