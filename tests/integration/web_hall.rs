//! The hall's network: every link, QR code and printed address carries the address the
//! players' phones reach (the public URL, else the laptop's local-network address on a
//! server listening on all interfaces); a table card with a loopback address is refused
//! with a page that says what to do; `fushi serve --lan` prints the phones' address.
//! No test sends anything to an address other than loopback: the local-network address is
//! given to the app, never connected to.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use common::browser::{Process, free_port};
use common::http::{TEST_PASSWORD, TEST_PUBLIC_URL, anonymous_with, browser, ensure_user};
use common::{TestDb, backends, club_night_with_table_round, fushi_command, room_token};
use fushi::db::accounts::Role;
use fushi::rules::Room;
use fushi::web::AppState;
use fushi::web::hall::{Hall, PublicUrl};

const CARDS: &str = "/d/club-night/rounds/4/table-cards";
const SHEETS_PDF: &str = "/d/club-night/rounds/4/table-sheets.pdf";
const BLANK_SHEETS: &str = "/t/club-night/rounds/4/sheets?blank=1";

/// The state of an app serving `hall`.
fn state(db: &TestDb, hall: Hall) -> AppState {
    let mut state = AppState::new(fushi::db::pool(db.url()).expect("pool")).expect("state");
    state.hall = Arc::new(hall);
    state
}

/// `fushi serve --lan` on port 18600 of a laptop at 192.168.1.23 (never connected to).
fn on_the_lan() -> Hall {
    Hall {
        public_url: None,
        all_interfaces: Some(18600),
        lan: Some("192.168.1.23".parse().unwrap()),
        https: false,
    }
}

#[actix_web::test]
async fn cards_links_and_sheets_carry_the_public_url() {
    for db in backends() {
        club_night_with_table_round(&db, 4, false);
        let open = room_token(&db, 1, Room::Open);
        let link = format!("{TEST_PUBLIC_URL}/table/{open}");
        let mut director = browser(&db).await;
        director.get_ok(CARDS).await.has(&link).has("<svg");
        director
            .get_ok("/d/club-night/rounds/4/table-links")
            .await
            .has(&link);
        director.get_ok(BLANK_SHEETS).await.has(&link);
        let pdf = director.get_ok(SHEETS_PDF).await;
        let text = pdf_extract::extract_text_from_mem(&pdf.bytes).expect("text extracts");
        assert!(text.contains(&link), "{text}");
    }
}

#[actix_web::test]
async fn on_all_interfaces_the_cards_carry_the_laptops_address() {
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 4, false);
    let open = room_token(&db, 1, Room::Open);
    ensure_user(&db, "admin", Role::Admin);
    let mut director = anonymous_with(state(&db, on_the_lan())).await;
    director.log_in("admin", TEST_PASSWORD).await;
    // The director opened the page on the laptop itself (the test request names no host:
    // `localhost`): the phones get the laptop's address on the hall's network.
    let link = format!("http://192.168.1.23:18600/table/{open}");
    director.get_ok(CARDS).await.has(&link).lacks("localhost");
    let pdf = director.get_ok(SHEETS_PDF).await;
    let text = pdf_extract::extract_text_from_mem(&pdf.bytes).expect("text extracts");
    assert!(text.contains(&link), "{text}");
    // Asked for by another name (the director's own phone on the Wi-Fi): that name.
    let page = director
        .request(
            actix_web::test::TestRequest::get()
                .uri(CARDS)
                .insert_header(("Host", "laptop.local:18600")),
        )
        .await;
    page.has(&format!("http://laptop.local:18600/table/{open}"));
}

#[actix_web::test]
async fn a_loopback_address_on_a_card_is_refused_with_what_to_do() {
    for db in backends() {
        club_night_with_table_round(&db, 4, false);
        let open = room_token(&db, 1, Room::Open);
        ensure_user(&db, "admin", Role::Admin);
        // Bound to 127.0.0.1, no public URL: the first start of docs/guide/evening.md.
        let mut director = anonymous_with(state(&db, Hall::default())).await;
        director.log_in("admin", TEST_PASSWORD).await;
        let page = director.get(CARDS).await;
        assert_eq!(page.status, StatusCode::CONFLICT);
        page.has("The cards would point at this laptop only")
            .has("would start with http://localhost")
            .has("fushi serve --lan")
            .has("FUSHI_PUBLIC_URL=http://192.168.1.23:8080")
            .lacks(&open);
        let pdf = director.get(SHEETS_PDF).await;
        assert_eq!(pdf.status, StatusCode::CONFLICT);
        assert!(pdf.content_type.starts_with("text/html"));
        // The sheets themselves are still there, without the links and saying why.
        director
            .get_ok(BLANK_SHEETS)
            .await
            .has("data-links-withheld")
            .lacks("class=\"sheet-qr\"")
            .lacks(&open);
        // The links page, not printed, shows the links as they are.
        director
            .get_ok("/d/club-night/rounds/4/table-links")
            .await
            .has(&format!("http://localhost/table/{open}"));
        // In Chinese too.
        director.accept_language = "zh-CN".to_owned();
        director
            .get(CARDS)
            .await
            .has("桌卡上的地址只指向这台电脑")
            .has("fushi serve --lan");
    }
    // A public URL that is itself loopback is refused the same way, and says so.
    let db = TestDb::sqlite();
    club_night_with_table_round(&db, 4, false);
    ensure_user(&db, "admin", Role::Admin);
    let hall = Hall {
        public_url: Some(PublicUrl::parse("http://127.0.0.1:8080").unwrap()),
        ..Hall::default()
    };
    let mut director = anonymous_with(state(&db, hall)).await;
    director.log_in("admin", TEST_PASSWORD).await;
    let page = director.get(CARDS).await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    page.has("FUSHI_PUBLIC_URL is set to that address");
}

/// `fushi serve ARGS` on `db`, and the lines it prints at start (until `want` lines are
/// there).
pub(crate) fn serve_printing(
    db: &TestDb,
    args: &[&str],
    envs: &[(&str, &str)],
    want: usize,
) -> (Process, Vec<String>) {
    let mut cmd = fushi_command();
    cmd.args(["serve"])
        .args(args)
        .arg("--db")
        .arg(db.url())
        .env_remove("FUSHI_PUBLIC_URL")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("start fushi serve");
    let stdout = child.stdout.take().unwrap();
    let process = Process(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while lines.len() < want {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => lines.push(line),
            Err(_) => break,
        }
    }
    (process, lines)
}

/// With no account yet `fushi serve` prints the one-time set-up code after the addresses
/// (32 hexadecimal digits: 128 bits); with an account, no code.
#[test]
fn serve_prints_the_setup_code_only_while_there_is_no_user() {
    // Everything `fushi serve` printed by the time it answers on its port.
    let printed = |db: &TestDb| {
        let port = free_port();
        let mut child = fushi_command()
            .args([
                "serve",
                "--bind",
                &format!("127.0.0.1:{port}"),
                "--db",
                db.url(),
            ])
            .env_remove("FUSHI_PUBLIC_URL")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start fushi serve");
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "fushi serve never listened");
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let db = TestDb::sqlite();
    let first = printed(&db);
    let line = first
        .lines()
        .find(|l| l.contains("one-time set-up code"))
        .unwrap_or_else(|| panic!("{first}"));
    let code = line.rsplit(' ').next().unwrap();
    assert_eq!(
        code.chars().filter(char::is_ascii_hexdigit).count(),
        32,
        "{line}"
    );
    crate::common::http::ensure_user(&db, "ada", fushi::db::accounts::Role::Admin);
    let later = printed(&db);
    assert!(later.contains("fushi on this machine"), "{later}");
    assert!(!later.contains("set-up code"), "{later}");
}

#[test]
fn serve_lan_prints_the_address_for_the_phones() {
    let db = TestDb::sqlite();
    let start = |args: &[&str], envs: &[(&str, &str)], want| serve_printing(&db, args, envs, want);
    let port = free_port();
    let bind = format!("127.0.0.1:{port}");
    let public = format!("http://hall.test:{port}");
    let (_server, lines) = start(
        &["--lan", "--bind", &bind],
        &[("FUSHI_PUBLIC_URL", &public)],
        2,
    );
    assert_eq!(
        lines,
        [
            format!("fushi on this machine: http://127.0.0.1:{port}"),
            format!("players' phones: {public}")
        ]
    );
    // Without a public URL: the laptop's own address on the local network, read from its
    // interfaces, or the advice when it has none.
    let port = free_port();
    let (_server, lines) = start(&["--lan", "--bind", &format!("127.0.0.1:{port}")], &[], 2);
    match fushi::web::hall::lan_address() {
        Some(ip) => assert_eq!(
            lines[1],
            format!(
                "players' phones: {}",
                fushi::web::hall::Hall {
                    public_url: None,
                    all_interfaces: Some(port),
                    lan: Some(ip),
                    https: false,
                }
                .lan_site()
                .unwrap()
            )
        ),
        None => assert!(lines[1].starts_with("no local network found"), "{lines:?}"),
    }
    // Bound to loopback: says so, and how to serve the hall.
    let port = free_port();
    let (_server, lines) = start(&["--bind", &format!("127.0.0.1:{port}")], &[], 2);
    assert_eq!(
        lines[1],
        "only this machine can open it; for the players' phones: fushi serve --lan"
    );
    // In the terminal's language.
    let port = free_port();
    let (_server, lines) = start(
        &["--lan", "--bind", &format!("127.0.0.1:{port}")],
        &[("FUSHI_PUBLIC_URL", &public), ("LANG", "zh_CN.UTF-8")],
        2,
    );
    assert_eq!(lines[1], format!("选手手机访问：{public}"));
}

#[test]
fn a_wrong_public_url_stops_the_start_with_why() {
    let out = fushi_command()
        .args(["serve", "--bind", "127.0.0.1:1"])
        .env("FUSHI_PUBLIC_URL", "192.168.1.23:8080")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "FUSHI_PUBLIC_URL: \"192.168.1.23:8080\" does not start with http:// or https://"
    );
}

#[actix_web::test]
async fn renewing_every_link_asks_first_and_names_the_cards_it_ends() {
    for db in backends() {
        club_night_with_table_round(&db, 4, false);
        let before = room_token(&db, 1, Room::Open);
        let mut director = browser(&db).await;
        director.get_ok("/d/club-night/rounds/4/table-links").await;
        // The button asks first: nothing is renewed yet.
        let page = director
            .post("/d/club-night/rounds/4/table-links", &[("action", "renew")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let ask = page.location.clone().unwrap();
        assert_eq!(ask, "/d/club-night/rounds/4/table-links?renew=ask#renew");
        assert_eq!(room_token(&db, 1, Room::Open), before);
        // Two matches of two rooms: four printed cards.
        director
            .get_ok("/d/club-night/rounds/4/table-links?renew=ask")
            .await
            .has("4 printed cards stop working at once")
            .has("Renew all 4 links")
            .has("name=\"confirm\" value=\"yes\"");
        let page = director
            .post(
                "/d/club-night/rounds/4/table-links",
                &[("action", "renew"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_ne!(room_token(&db, 1, Room::Open), before);
    }
}
