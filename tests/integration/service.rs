//! Running fushi as a service: the probes, the metrics and who may read them, the request
//! log (ids, no table tokens, JSON, no colour), the settings checked at start, the version,
//! read commands that never create a database, and backups.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Stdio;
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use fushi::rules::Room;
use fushi::web::{AppState, app};

use crate::common::browser::{Process, free_port, wait_for_port};
use crate::common::http::{anonymous, anonymous_on};
use crate::common::{
    TestDb, club_night_with_table_round, fushi_command, import_club_night, room_token,
};

fn loopback() -> std::net::SocketAddr {
    "127.0.0.1:40000".parse().unwrap()
}

/// One HTTP/1.1 request to a real server on loopback: the status, the head and the body.
fn http_get(port: u16, path: &str, headers: &[(&str, &str)]) -> (u16, String, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_owned(), body.to_owned())
}

#[actix_web::test]
async fn healthz_and_readyz_answer_without_an_account() {
    let db = TestDb::sqlite();
    let mut b = anonymous(&db).await;
    let health = b.get("/healthz").await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.body, "ok\n");
    assert_eq!(health.header("cache-control"), Some("no-store"));
    let ready = b.get("/readyz").await;
    assert_eq!(ready.status, StatusCode::OK, "{}", ready.body);
    assert_eq!(ready.body, "ready\n");
    // Every response names its request.
    let id = health.header("x-request-id").expect("a request id");
    assert_eq!(id.len(), 16);
    assert_ne!(ready.header("x-request-id"), Some(id));
}

/// With every connection of the pool taken, the database does not answer within the
/// timeout: `degraded` with the reason (still 200: the server serves what it has), while
/// `/healthz` still says the process serves.
#[actix_web::test]
async fn readyz_says_degraded_and_why_when_the_database_does_not_answer() {
    let db = TestDb::sqlite();
    let pool = fushi::db::pool(db.url()).unwrap();
    let mut b = anonymous_on(pool.clone()).await;
    let held: Vec<_> = (0..pool.max_size()).map(|_| pool.get().unwrap()).collect();
    let started = Instant::now();
    let ready = b.get("/readyz").await;
    assert_eq!(ready.status, StatusCode::OK);
    assert!(
        ready.body.starts_with("degraded: the database"),
        "{}",
        ready.body
    );
    assert!(
        ready
            .body
            .contains("pages already rendered are still served"),
        "{}",
        ready.body
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(b.get("/healthz").await.status, StatusCode::OK);
    drop(held);
    let ready = b.get("/readyz").await;
    assert_eq!(ready.status, StatusCode::OK);
    assert_eq!(ready.body, "ready\n");
}

/// `/metrics` is for loopback (not forwarded by a proxy) and the bearer token only.
#[actix_web::test]
async fn metrics_are_for_loopback_or_the_bearer_token() {
    let db = TestDb::sqlite();
    let pool = fushi::db::pool(db.url()).unwrap();
    let settings = fushi::web::settings::Settings {
        metrics_token: Some(fushi::web::settings::Secret(
            "a-token-of-twenty-chars".to_owned(),
        )),
        ..Default::default()
    };
    let service = test::init_service(app(AppState::configured(pool, &settings).unwrap())).await;
    let status = |req: TestRequest| {
        let service = &service;
        async move { test::call_service(service, req.to_request()).await.status() }
    };
    let remote: std::net::SocketAddr = "203.0.113.9:5000".parse().unwrap();
    assert_eq!(
        status(TestRequest::get().uri("/metrics").peer_addr(loopback())).await,
        StatusCode::OK
    );
    assert_eq!(
        status(TestRequest::get().uri("/metrics").peer_addr(remote)).await,
        StatusCode::FORBIDDEN
    );
    // A proxy on the same machine forwards the world: not loopback any more.
    assert_eq!(
        status(
            TestRequest::get()
                .uri("/metrics")
                .peer_addr(loopback())
                .insert_header(("x-forwarded-for", "203.0.113.9"))
        )
        .await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        status(
            TestRequest::get()
                .uri("/metrics")
                .peer_addr(remote)
                .insert_header(("authorization", "Bearer a-token-of-twenty-chars"))
        )
        .await,
        StatusCode::OK
    );
    assert_eq!(
        status(
            TestRequest::get()
                .uri("/metrics")
                .peer_addr(loopback())
                .insert_header(("authorization", "Bearer a-wrong-token-of-twenty"))
        )
        .await,
        StatusCode::FORBIDDEN
    );
}

/// What Prometheus scrapes: requests by route pattern (never the slug or a token),
/// snapshot builds, the page cache, the pool, sign-in and table-entry outcomes.
#[actix_web::test]
async fn metrics_count_routes_snapshots_sign_ins_and_table_entries() {
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 2, false);
    let token = room_token(&db, 1, Room::Open);
    let mut b = anonymous(&db).await;
    b.get_ok("/t/club-night/standings").await;
    b.get_ok("/t/club-night/standings").await;
    b.get_ok(&format!("/table/{token}")).await;
    b.get("/table/AAAAAAAAAAAAAAAAAAAAAA").await;
    b.get("/no/such/page").await;
    crate::common::http::ensure_user(&db, "ada", fushi::db::accounts::Role::Admin);
    b.get("/login").await;
    let wrong = b
        .post(
            "/login",
            &[("name", "ada"), ("password", "not the password")],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    let page = b
        .request(TestRequest::get().uri("/metrics").peer_addr(loopback()))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.content_type
            .starts_with("application/openmetrics-text")
    );
    let text = &page.body;
    let has = |line: &str| {
        assert!(text.contains(line), "expected {line:?} in:\n{text}");
    };
    has(r#"fushi_http_requests_total{route="/t/{slug}/standings",method="GET",status="200"} 2"#);
    has(r#"fushi_http_requests_total{route="/table/{token}",method="GET",status="200"} 1"#);
    has(r#"fushi_http_requests_total{route="/table/{token}",method="GET",status="404"} 1"#);
    has(r#"fushi_http_requests_total{route="unmatched",method="GET",status="404"} 1"#);
    has(r#"fushi_http_request_duration_seconds_count{route="/t/{slug}/standings"} 2"#);
    has("fushi_snapshot_builds_total 1\n");
    has("fushi_snapshot_build_seconds_count 1\n");
    has("fushi_snapshots_cached 1\n");
    has("fushi_page_cache_entries 1\n");
    has("fushi_event_streams_open 0\n");
    has("fushi_db_pool_connections_max 10\n");
    has("fushi_db_pool_connections_in_use 0\n");
    has(r#"fushi_sign_ins_total{outcome="wrong"} 1"#);
    has(r#"fushi_table_entries_total{outcome="unknown_link"} 1"#);
    assert!(!text.contains("club-night") && !text.contains(&token));
    let bytes: i64 = text
        .lines()
        .find_map(|l| l.strip_prefix("fushi_page_cache_bytes "))
        .and_then(|v| v.parse().ok())
        .expect("the cache's bytes");
    assert!(bytes > 1000, "{bytes}");
}

/// The real binary: `VAR=value` that is not a valid setting stops it at start, with a
/// message naming the variable and the value.
#[test]
fn bad_settings_stop_the_server_at_start() {
    let db = TestDb::sqlite();
    let cases = [
        ("FUSHI_SECURE_COOKIES", "True", "expected true or false"),
        (
            "FUSHI_PDF_CONCURRENCY",
            "abc",
            "expected a whole number of at least 1",
        ),
        (
            "FUSHI_PDF_CONCURRENCY",
            "0",
            "expected a whole number of at least 1",
        ),
        ("FUSHI_MAX_LISTENERS", "-1", "expected a whole number"),
        ("FUSHI_CACHE_MIB", "many", "expected a whole number"),
        ("FUSHI_PDF_WAIT_MS", "5s", "expected a whole number"),
        (
            "FUSHI_TRUSTED_PROXIES",
            "10.0.0.0/40",
            "not addresses or CIDR ranges",
        ),
        ("FUSHI_LOG_FORMAT", "xml", "expected text or json"),
        ("FUSHI_BIND", "nowhere", "not an address to listen on"),
        (
            "FUSHI_SECRET_KEY",
            "short",
            "not hex or base64 of at least 64 bytes",
        ),
        (
            "FUSHI_METRICS_TOKEN",
            "abc",
            "a token needs at least 16 printable characters",
        ),
        ("RUST_LOG", "info,[", "not a tracing filter"),
    ];
    for (var, value, why) in cases {
        let started = Instant::now();
        let out = fushi_command()
            .args(["serve", "--db", db.url()])
            .env(var, value)
            .env("FUSHI_BIND", "127.0.0.1:0")
            .env(var, value)
            .stdin(Stdio::null())
            .output()
            .expect("run fushi");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{var}={value} was taken: {stderr}");
        assert!(started.elapsed() < Duration::from_secs(20));
        let secret = ["FUSHI_SECRET_KEY", "FUSHI_METRICS_TOKEN"].contains(&var);
        let shown = if secret { "…" } else { value };
        assert!(!secret || !stderr.contains(value), "{stderr}");
        assert!(
            stderr.contains(&format!("{var}={shown}: {why}")),
            "{var}={value}: {stderr}"
        );
        assert!(!stderr.contains("listening"), "{stderr}");
    }
    // The secret is never echoed.
    let out = fushi_command()
        .args(["serve", "--db", db.url()])
        .env("FUSHI_SECRET_KEY", "not-a-key-but-secret")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("not-a-key-but-secret"));
}

/// Every setting is in `--help` with its variable, and in the configuration table of
/// docs/operations.md.
#[test]
fn every_setting_is_in_help_and_in_the_operations_guide() {
    let out = fushi_command().args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let operations =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/operations.md"))
            .unwrap();
    let vars: Vec<&str> = help
        .split("[env: ")
        .skip(1)
        .map(|rest| rest.split([']', '=']).next().unwrap())
        .collect();
    for var in [
        "FUSHI_BIND",
        "DATABASE_URL",
        "FUSHI_SECRET_KEY",
        "FUSHI_SECURE_COOKIES",
        "FUSHI_TRUSTED_PROXIES",
        "FUSHI_CACHE_MIB",
        "FUSHI_MAX_LISTENERS",
        "FUSHI_MAX_LISTENERS_PER_ADDRESS",
        "FUSHI_PDF_CONCURRENCY",
        "FUSHI_PDF_WAIT_MS",
        "FUSHI_METRICS_TOKEN",
        "FUSHI_LOG_FORMAT",
        "RUST_LOG",
    ] {
        assert!(vars.contains(&var), "{var} is not in --help:\n{help}");
    }
    for var in &vars {
        assert!(
            operations.contains(&format!("| `{var}`")),
            "{var} is not in the configuration table of docs/operations.md"
        );
    }
    assert!(!help.contains("cli-"), "{help}");
}

/// "listening" is said only once the address is ours: a taken port stops fushi with the
/// address and the reason, and no such line.
#[test]
fn a_taken_port_stops_fushi_without_saying_it_listens() {
    let db = TestDb::sqlite();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let out = fushi_command()
        .args([
            "serve",
            "--db",
            db.url(),
            "--bind",
            &format!("127.0.0.1:{port}"),
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains(&format!("127.0.0.1:{port}")), "{stderr}");
    assert!(!stderr.contains("listening"), "{stderr}");
}

/// The real server's log, captured: a request id per request (the same as the response's
/// header), the client, route patterns for table links (their tokens never appear), sign-in
/// outcomes as events; no colour codes when stderr is a file; JSON lines on request.
#[test]
fn the_log_has_request_ids_and_no_table_tokens() {
    for format in ["text", "json"] {
        let db = TestDb::sqlite();
        club_night_with_table_round(&db, 2, false);
        let token = room_token(&db, 1, Room::Open);
        let dir = tempfile::tempdir().unwrap();
        let log_path = dir.path().join("fushi.log");
        let port = free_port();
        let child = fushi_command()
            .args(["serve", "--db", db.url()])
            .env("FUSHI_BIND", format!("127.0.0.1:{port}"))
            .env("FUSHI_LOG_FORMAT", format)
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log_path).unwrap())
            .spawn()
            .unwrap();
        let server = Process(child);
        wait_for_port(port, "fushi");
        let (status, head, _) = http_get(port, &format!("/table/{token}"), &[]);
        assert_eq!(status, 200, "{head}");
        let id = head
            .lines()
            .find_map(|l| l.strip_prefix("x-request-id: "))
            .expect("a request id")
            .to_owned();
        let (status, _, _) = http_get(port, &format!("/table/{token}/nothing"), &[]);
        assert_eq!(status, 404);
        let (status, _, _) = http_get(port, "/t/club-night/standings", &[]);
        assert_eq!(status, 200);
        drop(server);
        let log = std::fs::read_to_string(&log_path).unwrap();
        assert!(!log.contains(&token), "a table token in the log:\n{log}");
        assert!(
            !log.contains('\u{1b}'),
            "colour codes in a log file:\n{log}"
        );
        let line = log
            .lines()
            .find(|l| l.contains(&id))
            .unwrap_or_else(|| panic!("no line with {id}:\n{log}"));
        assert!(line.contains("/table/{token}"), "{line}");
        assert!(line.contains("127.0.0.1"), "{line}");
        assert!(log.contains("/t/club-night/standings"), "{log}");
        if format == "json" {
            for line in log.lines() {
                let value: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
                assert!(value.get("timestamp").is_some(), "{line}");
            }
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["route"], "/table/{token}");
            assert_eq!(value["status"], 200);
            assert_eq!(value["span"]["id"], id.as_str());
            assert!(log.contains("\"message\":\"fushi listening on http://127.0.0.1:"));
        } else {
            assert!(log.contains(&format!("fushi listening on http://127.0.0.1:{port}")));
        }
    }
}

/// Sign-ins, lock-outs and role changes are events of their own in the log.
#[actix_web::test]
async fn sign_ins_and_lock_outs_are_logged_as_events() {
    let log = capture_log();
    let db = TestDb::sqlite();
    import_club_night(&db);
    crate::common::http::ensure_user(&db, "grace", fushi::db::accounts::Role::Director);
    let mut b = anonymous(&db).await;
    b.get("/login").await;
    for _ in 0..6 {
        b.post(
            "/login",
            &[("name", "grace"), ("password", "wrong password")],
        )
        .await;
    }
    let text = log.text();
    assert!(
        text.contains("sign_in_failed") && text.contains("user=grace"),
        "{text}"
    );
    assert!(text.contains("locked_out"), "{text}");
}

/// The events of this thread's tests, as text (the plain formatter, without fushi's own
/// writer: what a visitor typed must already be escaped where it is logged).
pub(crate) struct CapturedLog {
    buffer: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
}

impl CapturedLog {
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.buffer.lock().unwrap()).into_owned()
    }
}

pub(crate) fn capture_log() -> CapturedLog {
    #[derive(Clone)]
    struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl Write for Sink {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buffer = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = Sink(buffer.clone());
    let subscriber = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_writer(move || sink.clone())
        .with_max_level(tracing::Level::INFO)
        .finish();
    CapturedLog {
        buffer,
        _guard: tracing::subscriber::set_default(subscriber),
    }
}

#[test]
fn the_version_names_the_commit() {
    let out = fushi_command().arg("--version").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!("fushi {} (", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    let commit = text
        .split('(')
        .nth(1)
        .unwrap()
        .trim_end()
        .trim_end_matches(')');
    // The tests run the development build, which names no commit (build.rs): only an
    // optimised build follows HEAD.
    if cfg!(debug_assertions) {
        assert_eq!(commit, "development build", "{text}");
    } else {
        assert!(
            commit == "commit unknown"
                || (commit.len() == 12 && commit.bytes().all(|b| b.is_ascii_hexdigit())),
            "{text}"
        );
    }
}

/// Every file of a folder, by name.
fn files_of(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

fn export_files(db: &str, slug: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    let out = fushi_command()
        .args(["export", slug, dir.path().to_str().unwrap(), "--db", db])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    files_of(dir.path())
}

/// `fushi export … --db typo.db` says there is no such database and creates none.
#[test]
fn export_never_creates_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("typo.db");
    let out_dir = dir.path().join("out");
    let out = fushi_command()
        .args(["export", "club-night", out_dir.to_str().unwrap()])
        .args(["--db", typo.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "no such database file (this command reads a database and never creates one)"
        ),
        "{stderr}"
    );
    assert!(!typo.exists(), "the export created {}", typo.display());
    let out = fushi_command()
        .args(["backup", dir.path().join("b.db").to_str().unwrap()])
        .args(["--db", typo.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(!typo.exists());
}

/// `fushi backup OUT` while the server runs and another writer keeps saving: the copy is
/// whole (integrity checked) and exports the tournament byte for byte; restoring is putting
/// the file back, and the server serves it.
#[test]
fn a_backup_taken_while_the_server_runs_restores_whole() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let port = free_port();
    let server = Process(
        fushi_command()
            .args([
                "serve",
                "--db",
                db.url(),
                "--bind",
                &format!("127.0.0.1:{port}"),
            ])
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "fushi");
    assert_eq!(http_get(port, "/t/club-night/standings", &[]).0, 200);
    let before = export_files(db.url(), "club-night");
    // A writer that goes on creating tournaments while the copy is taken.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (stop, url) = (stop.clone(), db.url().to_owned());
        std::thread::spawn(move || {
            let mut conn = fushi::db::open(&url).unwrap();
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) && n < 200 {
                let event = crate::common::sample_event(&format!("busy-{n}"));
                fushi::db::tournament::insert_event(&mut conn, &event).unwrap();
                n += 1;
            }
            n
        })
    };
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("backup.db");
    let out = fushi_command()
        .args(["backup", copy.to_str().unwrap(), "--db", db.url()])
        .output()
        .unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let written = writer.join().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("integrity checked"), "{said}");
    assert!(written > 0);
    // The same command again refuses to overwrite.
    let again = fushi_command()
        .args(["backup", copy.to_str().unwrap(), "--db", db.url()])
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert_eq!(export_files(copy.to_str().unwrap(), "club-night"), before);
    drop(server);

    // Restore: the server stopped, the backup put where the database was.
    let restored = dir.path().join("restored.db");
    std::fs::copy(&copy, &restored).unwrap();
    assert_eq!(
        export_files(restored.to_str().unwrap(), "club-night"),
        before
    );
    let port = free_port();
    let _server = Process(
        fushi_command()
            .args(["serve", "--db", restored.to_str().unwrap()])
            .args(["--bind", &format!("127.0.0.1:{port}")])
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "fushi on the restored database");
    let (status, _, body) = http_get(port, "/t/club-night/standings", &[]);
    assert_eq!(status, 200);
    assert!(body.contains("club-night"));
}

/// PostgreSQL is refused by `fushi backup` with what to use instead, before any connection.
#[test]
fn backup_of_postgres_points_to_pg_dump() {
    let dir = tempfile::tempdir().unwrap();
    let out = fushi_command()
        .args(["backup", dir.path().join("x.db").to_str().unwrap()])
        .args(["--db", "postgres://nobody@127.0.0.1:1/none"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("for PostgreSQL use pg_dump"), "{stderr}");
}
