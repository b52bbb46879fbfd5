//! Accounts, roles and hardening: every route group refuses whoever may not reach it,
//! first start, sign-in and its throttle, CSRF, security headers, cookies, upload limits,
//! and user text that stays inert in HTML and CSV.

use crate::common;

use std::io::Write;
use std::process::Stdio;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::http::{TEST_PASSWORD, anonymous, browser, browser_as, ensure_user};
use common::{TestDb, backends, club_night_dir, fushi_command, give, import_club_night};
use fushi::archive::ArchiveFiles;
use fushi::db::accounts::{self, Access, Role};

const SLUG: &str = "club-night";

/// How a request ended for the permission table.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Seen {
    /// The page or the action ran (any status but a refusal).
    Reached,
    /// Sent to the login page.
    Login,
    Forbidden,
    NotFound,
}

fn seen(page: &common::http::Page) -> Seen {
    match page.status {
        StatusCode::FORBIDDEN => Seen::Forbidden,
        StatusCode::NOT_FOUND => Seen::NotFound,
        StatusCode::SEE_OTHER
            if page
                .location
                .as_deref()
                .is_some_and(|l| l.starts_with("/login")) =>
        {
            Seen::Login
        }
        _ => Seen::Reached,
    }
}

/// One request of the table: GET, a form POST or a multipart upload.
#[derive(Clone, Copy)]
enum Req {
    Get(&'static str),
    Post(&'static str),
    Upload(&'static str, &'static str),
}

/// Who may reach a request.
#[derive(Clone, Copy, Debug)]
enum Group {
    /// The tournament's director pages: its directors and admins.
    Director,
    /// Result entry and the round pages: also its scorers.
    Scoring,
    /// Creating tournaments: directors and admins.
    Create,
    /// `/d`: any signed-in user.
    SignedIn,
    /// `/admin/…`
    Admin,
    /// Public pages of a published tournament: everyone.
    Public,
}

const ROUTES: &[(Group, Req)] = &[
    (Group::SignedIn, Req::Get("/d")),
    (Group::Create, Req::Get("/d/new")),
    (Group::Create, Req::Post("/d/new")),
    (Group::Create, Req::Get("/d/import")),
    (Group::Create, Req::Upload("/d/import", "archive")),
    (Group::Scoring, Req::Get("/d/club-night")),
    (Group::Scoring, Req::Get("/d/club-night/rounds")),
    (Group::Scoring, Req::Get("/d/club-night/rounds/1")),
    (Group::Scoring, Req::Get("/d/club-night/rounds/1/tables/1")),
    (Group::Scoring, Req::Post("/d/club-night/rounds/1/tables/1")),
    (Group::Director, Req::Get("/d/club-night/settings")),
    (Group::Director, Req::Post("/d/club-night/settings")),
    (Group::Director, Req::Get("/d/club-night/teams")),
    (Group::Director, Req::Post("/d/club-night/teams")),
    (
        Group::Director,
        Req::Upload("/d/club-night/teams/upload", "file"),
    ),
    (Group::Director, Req::Get("/d/club-night/teams/1/edit")),
    (Group::Director, Req::Post("/d/club-night/teams/1/edit")),
    (Group::Director, Req::Post("/d/club-night/teams/1/withdraw")),
    (
        Group::Director,
        Req::Post("/d/club-night/teams/1/reinstate"),
    ),
    (Group::Director, Req::Post("/d/club-night/rounds")),
    (Group::Director, Req::Get("/d/club-night/rounds/1/boards")),
    (Group::Director, Req::Post("/d/club-night/rounds/1/boards")),
    (Group::Director, Req::Get("/d/club-night/rounds/1/pairings")),
    (
        Group::Director,
        Req::Post("/d/club-night/rounds/1/pairings"),
    ),
    (Group::Director, Req::Get("/d/club-night/schedule")),
    (Group::Director, Req::Post("/d/club-night/schedule")),
    (Group::Director, Req::Post("/d/club-night/schedule/confirm")),
    (Group::Director, Req::Get("/d/club-night/rounds/2/generate")),
    (
        Group::Director,
        Req::Post("/d/club-night/rounds/2/generate"),
    ),
    (
        Group::Director,
        Req::Post("/d/club-night/rounds/2/generate/confirm"),
    ),
    (Group::Director, Req::Post("/d/club-night/rounds/1/unlock")),
    (Group::Director, Req::Get("/d/club-night/archive")),
    (Group::Director, Req::Get("/d/club-night/archive.zip")),
    (Group::Director, Req::Get("/d/club-night/files/teams.csv")),
    (Group::Director, Req::Get("/d/club-night/delete")),
    (Group::Director, Req::Post("/d/club-night/delete")),
    (Group::Admin, Req::Get("/admin/users")),
    (Group::Admin, Req::Post("/admin/users")),
    (Group::Admin, Req::Post("/admin/users/1/password")),
    (Group::Admin, Req::Post("/admin/users/1/role")),
    (Group::Admin, Req::Post("/admin/users/1/access")),
    (Group::Public, Req::Get("/")),
    (Group::Public, Req::Get("/t/club-night")),
    (Group::Public, Req::Get("/t/club-night/standings")),
    (Group::Public, Req::Get("/t/club-night/rounds/1/tables/1")),
    (Group::Public, Req::Get("/t/club-night/teams/1")),
    (Group::Public, Req::Get("/t/club-night/standings.csv")),
    (Group::Public, Req::Get("/t/club-night/rounds/1/sheets")),
    (Group::Public, Req::Get("/t/club-night/rounds/1/sheets.pdf")),
    (Group::Public, Req::Get("/t/club-night/teams/1/card")),
    (Group::Public, Req::Get("/t/club-night/standings.pdf")),
];

/// The people of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Anonymous,
    Admin,
    /// A director given the club night.
    Director,
    /// A director without it.
    OtherDirector,
    /// A scorer given the club night.
    Scorer,
    /// A scorer without it.
    OtherScorer,
}

fn expected(who: Who, group: Group) -> Seen {
    use Seen::*;
    match (group, who) {
        (Group::Public, _) => Reached,
        (_, Who::Anonymous) => Login,
        (_, Who::Admin) => Reached,
        (Group::SignedIn, _) => Reached,
        (Group::Admin, _) => Forbidden,
        (Group::Create, Who::Director | Who::OtherDirector) => Reached,
        (Group::Create, _) => Forbidden,
        (Group::Director, Who::Director) => Reached,
        (Group::Scoring, Who::Director | Who::Scorer) => Reached,
        _ => Forbidden,
    }
}

macro_rules! check_routes {
    ($b:expr, $who:expr) => {{
        let b = &mut $b;
        let mut wrong = Vec::new();
        for &(group, req) in ROUTES {
            let (label, page) = match req {
                Req::Get(path) => (format!("GET {path}"), b.get(path).await),
                Req::Post(path) => (format!("POST {path}"), b.post(path, &[]).await),
                Req::Upload(path, field) => (
                    format!("UPLOAD {path}"),
                    b.upload(path, field, "x.csv", b"", &[]).await,
                ),
            };
            let want = expected($who, group);
            let got = seen(&page);
            if got != want {
                wrong.push(format!("{:?} {label}: {got:?}, expected {want:?}", $who));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }};
}

#[actix_web::test]
async fn every_role_reaches_what_it_may_and_nothing_else() {
    for db in backends() {
        import_club_night(&db);
        ensure_user(&db, "dora", Role::Director);
        ensure_user(&db, "otto", Role::Director);
        ensure_user(&db, "sam", Role::Scorer);
        ensure_user(&db, "sue", Role::Scorer);
        give(&db, "dora", Access::Director);
        give(&db, "sam", Access::Scorer);
        // Someone exists, so nobody is sent to the first-start page.
        ensure_user(&db, "admin", Role::Admin);

        let mut b = anonymous(&db).await;
        check_routes!(b, Who::Anonymous);
        let mut b = browser_as(&db, "sam", Role::Scorer).await;
        check_routes!(b, Who::Scorer);
        let mut b = browser_as(&db, "sue", Role::Scorer).await;
        check_routes!(b, Who::OtherScorer);
        let mut b = browser_as(&db, "otto", Role::Director).await;
        check_routes!(b, Who::OtherDirector);
        let mut b = browser_as(&db, "dora", Role::Director).await;
        check_routes!(b, Who::Director);
        let mut b = browser(&db).await;
        check_routes!(b, Who::Admin);
    }
}

/// A declared route's pattern with the club night's numbers in it.
fn concrete(pattern: &str) -> String {
    [
        ("{slug}", SLUG),
        ("{round}", "1"),
        ("{table}", "1"),
        ("{board}", "1"),
        ("{no}", "1"),
        ("{room}", "open"),
        ("{name}", "teams.csv"),
    ]
    .iter()
    .fold(pattern.to_owned(), |path, (name, value)| {
        path.replace(name, value)
    })
}

/// Every route under `/d/{slug}` is declared with who may reach it (src/web/routes.rs), and
/// the guard keeps to the declaration: a scorer reaches exactly the routes declared for
/// scorers and gets 403 on every other one; the tournament's director reads them all.
#[actix_web::test]
async fn a_scorer_reaches_the_routes_declared_for_scorers_and_no_other() {
    use fushi::web::routes::{Need, table};
    let routes = table();
    let of_a_tournament: Vec<_> = routes
        .iter()
        .filter(|d| d.pattern.starts_with("/d/{slug}"))
        .collect();
    // The pages a scorer needs to find their table and enter it, and nothing else.
    let mut for_scorers: Vec<String> = of_a_tournament
        .iter()
        .filter(|d| d.need == Need::Scorer)
        .map(|d| format!("{} {}", d.method, d.pattern))
        .collect();
    for_scorers.sort();
    assert_eq!(
        for_scorers,
        [
            "GET /d/{slug}",
            "GET /d/{slug}/rounds",
            "GET /d/{slug}/rounds/{round}",
            "GET /d/{slug}/rounds/{round}/boards/{board}",
            "GET /d/{slug}/rounds/{round}/tables/{table}",
            "GET /d/{slug}/rounds/{round}/tables/{table}/figures",
            "POST /d/{slug}/rounds/{round}/tables/{table}",
            "POST /d/{slug}/rounds/{round}/tables/{table}/lineups",
        ]
    );
    assert!(of_a_tournament.len() > 30);
    for db in backends() {
        import_club_night(&db);
        ensure_user(&db, "dora", Role::Director);
        ensure_user(&db, "sam", Role::Scorer);
        give(&db, "dora", Access::Director);
        give(&db, "sam", Access::Scorer);
        ensure_user(&db, "admin", Role::Admin);
        let mut scorer = browser_as(&db, "sam", Role::Scorer).await;
        let mut director = browser_as(&db, "dora", Role::Director).await;
        let mut wrong = Vec::new();
        for d in &of_a_tournament {
            let path = concrete(d.pattern);
            let post = d.method == actix_web::http::Method::POST;
            let page = if post {
                scorer.post(&path, &[]).await
            } else {
                scorer.get(&path).await
            };
            let want = if d.need == Need::Scorer {
                Seen::Reached
            } else {
                Seen::Forbidden
            };
            let got = seen(&page);
            // A scorer's own page may still say 404 (a room with no link yet).
            if got != want && !(want == Seen::Reached && got == Seen::NotFound) {
                wrong.push(format!("scorer {} {path}: {got:?}", d.method));
            }
            // The director reads every page (posting would change the tournament).
            if !post {
                let got = seen(&director.get(&path).await);
                if matches!(got, Seen::Forbidden | Seen::Login) {
                    wrong.push(format!("director GET {path}: {got:?}"));
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

#[actix_web::test]
async fn anonymous_readers_are_sent_to_login_and_come_back() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    ensure_user(&db, "dora", Role::Director);
    give(&db, "dora", Access::Director);
    let mut b = anonymous(&db).await;
    let page = b.get("/d/club-night/teams?x=1").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        page.location.as_deref(),
        Some("/login?next=%2Fd%2Fclub-night%2Fteams%3Fx%3D1")
    );
    let form = b.get(page.location.as_deref().unwrap()).await;
    form.has("name=\"next\" value=\"/d/club-night/teams?x=1\"");
    let page = b.log_in_to("dora", "/d/club-night/teams?x=1").await;
    assert_eq!(page.location.as_deref(), Some("/d/club-night/teams?x=1"));
    // Only paths on this site are followed.
    b.get("/login").await;
    let page = b.log_in_to("dora", "//evil.example/").await;
    assert_eq!(page.location.as_deref(), Some("/d"));
    // A scorer's /d lists only what they were given; the layout names who is signed in.
    b.get("/d")
        .await
        .has("Signed in as dora")
        .has("href=\"/d/club-night\"");
}

#[actix_web::test]
async fn unpublished_tournaments_are_invisible_to_the_public() {
    for db in backends() {
        let mut hidden = common::sample_event("hidden");
        hidden.settings.published = false;
        fushi::db::insert_event(&mut db.open(), &hidden).unwrap();
        import_club_night(&db);
        ensure_user(&db, "admin", Role::Admin);
        ensure_user(&db, "otto", Role::Director);
        ensure_user(&db, "sam", Role::Scorer);
        {
            let mut conn = db.open();
            let (sam, _) = accounts::user_for_login(&mut conn, "sam").unwrap().unwrap();
            accounts::grant(&mut conn, sam.id, "hidden", Access::Scorer).unwrap();
        }
        let paths = [
            "/t/hidden",
            "/t/hidden/standings",
            "/t/hidden/rounds",
            "/t/hidden/rounds/1",
            "/t/hidden/teams",
            "/t/hidden/teams/1",
            "/t/hidden/standings.csv",
            "/t/hidden/teams.csv",
            "/t/hidden/results.csv",
            "/t/hidden/rounds/1/sheets",
            "/t/hidden/rounds/1/sheets.pdf",
            "/t/hidden/rounds/1/tables/1/sheet.pdf",
            "/t/hidden/teams/1/card",
            "/t/hidden/standings.pdf",
        ];
        let mut public = anonymous(&db).await;
        let mut otto = browser_as(&db, "otto", Role::Director).await;
        for path in paths {
            assert_eq!(
                public.get(path).await.status,
                StatusCode::NOT_FOUND,
                "{path}"
            );
            assert_eq!(otto.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
        }
        public
            .get("/")
            .await
            .has("href=\"/t/club-night\"")
            .lacks("/t/hidden");
        // Those with access see it, and so do admins.
        let mut sam = browser_as(&db, "sam", Role::Scorer).await;
        let mut admin = browser(&db).await;
        for path in paths {
            assert_eq!(sam.get(path).await.status, StatusCode::OK, "{path}");
            assert_eq!(admin.get(path).await.status, StatusCode::OK, "{path}");
        }
        sam.get("/").await.has("href=\"/t/hidden\"");
        // A scorer's director list holds only their tournament.
        sam.get("/d")
            .await
            .has("href=\"/d/hidden\"")
            .lacks("href=\"/d/club-night\"");
    }
}

/// The first administrator: only from the server's machine (a loopback connection with no
/// proxy's header) or with the one-time code `fushi serve` prints; the code works once,
/// from anywhere, and is dead once a user exists.
#[actix_web::test]
async fn the_first_administrator_comes_from_the_machine_or_with_the_printed_code() {
    let admin = [
        ("name", "ada"),
        ("password", "long enough"),
        ("confirm", "long enough"),
    ];
    for db in backends() {
        // A phone on the hall's Wi-Fi, without the code: asked for it, refused without it.
        let mut phone = anonymous(&db).await;
        phone.peer = Some("192.168.1.50:40000".parse().unwrap());
        let code = phone
            .setup_code
            .clone()
            .expect("a set-up code while no user exists");
        assert_eq!(
            code.chars().filter(char::is_ascii_hexdigit).count(),
            32,
            "128 bits: {code}"
        );
        let form = phone.get_ok("/setup").await;
        form.has("name=\"setup_code\"")
            .has("autocomplete=\"off\"")
            .has("fushi serve");
        let page = phone.post("/setup", &admin).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "{}", db.backend());
        page.has("not the set-up code");
        // The same machine through a proxy on it: the proxy's header gives it away.
        for header in ["x-forwarded-for", "forwarded", "x-forwarded-proto"] {
            let mut proxied = anonymous(&db).await;
            proxied.peer = Some(common::http::loopback_peer());
            proxied.extra_headers = vec![(header.to_owned(), "203.0.113.9".to_owned())];
            proxied.get_ok("/setup").await.has("name=\"setup_code\"");
            let page = proxied.post("/setup", &admin).await;
            assert_eq!(page.status, StatusCode::FORBIDDEN, "{header}");
        }
        // On the machine itself no code is asked.
        let mut here = anonymous(&db).await;
        here.peer = Some(common::http::loopback_peer());
        here.get_ok("/setup").await.lacks("name=\"setup_code\"");
        assert!(accounts::list_users(&mut db.open()).unwrap().is_empty());
        // The printed code, typed on the phone (with its dashes or without, any case).
        let typed = code.replace('-', "").to_uppercase();
        let mut with_code = admin.to_vec();
        with_code.push(("setup_code", &typed));
        let page = phone.post("/setup", &with_code).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let users = accounts::list_users(&mut db.open()).unwrap();
        assert_eq!(users.len(), 1);
        assert_eq!(users[0].user.role, Role::Admin);
        // Dead once a user exists: a second device with the same code finds no page.
        let mut other = anonymous(&db).await;
        other.peer = Some("192.168.1.51:40000".parse().unwrap());
        assert_eq!(other.get("/setup").await.status, StatusCode::NOT_FOUND);
        other.get_ok("/login").await;
        let eve = [
            ("name", "eve"),
            ("password", "long enough"),
            ("confirm", "long enough"),
            ("setup_code", code.as_str()),
        ];
        assert_eq!(
            other.post("/setup", &eve).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(accounts::list_users(&mut db.open()).unwrap().len(), 1);
    }
}

/// Wrong set-up codes are throttled like sign-ins: after five wrong ones, even the right
/// code is refused for a while, and the other addresses of the hall with it.
#[actix_web::test]
async fn wrong_setup_codes_are_throttled() {
    for db in backends() {
        let mut phone = anonymous(&db).await;
        phone.peer = Some("192.168.1.50:40000".parse().unwrap());
        let code = phone.setup_code.clone().unwrap();
        phone.get_ok("/setup").await;
        for guess in 0..5 {
            let wrong = format!("{guess:032x}");
            let page = phone
                .post(
                    "/setup",
                    &[
                        ("name", "mallory"),
                        ("password", "long enough"),
                        ("confirm", "long enough"),
                        ("setup_code", &wrong),
                    ],
                )
                .await;
            assert_eq!(page.status, StatusCode::FORBIDDEN, "guess {guess}");
        }
        let right = [
            ("name", "mallory"),
            ("password", "long enough"),
            ("confirm", "long enough"),
            ("setup_code", code.as_str()),
        ];
        let page = phone.post("/setup", &right).await;
        assert_eq!(
            page.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{}",
            db.backend()
        );
        page.has("Too many wrong set-up codes");
        let mut another = anonymous(&db).await;
        another.peer = Some("192.168.1.77:40000".parse().unwrap());
        another.get_ok("/setup").await;
        assert_eq!(
            another.post("/setup", &right).await.status,
            StatusCode::TOO_MANY_REQUESTS
        );
        assert!(accounts::list_users(&mut db.open()).unwrap().is_empty());
        // The machine itself needs no code and is not throttled.
        let mut here = anonymous(&db).await;
        here.peer = Some(common::http::loopback_peer());
        here.get_ok("/setup").await;
        let page = here
            .post(
                "/setup",
                &[
                    ("name", "ada"),
                    ("password", "long enough"),
                    ("confirm", "long enough"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
    }
}

#[actix_web::test]
async fn the_first_start_page_exists_only_while_there_is_no_user() {
    for db in backends() {
        let mut b = anonymous(&db).await;
        // On the server's own machine: no set-up code is asked.
        b.peer = Some(common::http::loopback_peer());
        for path in ["/d", "/d/new", "/d/import", "/d/x/settings", "/admin/users"] {
            let page = b.get(path).await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{path}");
            let next = serde_urlencoded::to_string([("next", path)]).unwrap();
            assert_eq!(
                page.location.as_deref(),
                Some(format!("/setup?{next}").as_str()),
                "{path}"
            );
        }
        // The home page and public pages stay open.
        assert_eq!(b.get("/").await.status, StatusCode::OK);
        let form = b.get_ok("/setup").await;
        form.has("First start").has("name=\"csrf\"");
        // Mistakes come back beside their fields.
        let page = b
            .post(
                "/setup",
                &[("name", "ada"), ("password", "short"), ("confirm", "short")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("at least 8 characters").has("value=\"ada\"");
        let page = b
            .post(
                "/setup",
                &[
                    ("name", "ada"),
                    ("password", "long enough"),
                    ("confirm", "long enouhg"),
                ],
            )
            .await;
        page.has("The two passwords differ.");
        let page = b
            .submit(
                "/setup",
                &[
                    ("name", "ada"),
                    ("password", "long enough"),
                    ("confirm", "long enough"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::OK);
        page.has("Signed in as ada").has("Users");
        // Now there is a user: no setup page, for anyone, and no second admin by it.
        assert_eq!(b.get("/setup").await.status, StatusCode::NOT_FOUND);
        let mut other = anonymous(&db).await;
        assert_eq!(other.get("/setup").await.status, StatusCode::NOT_FOUND);
        let page = other
            .post(
                "/setup",
                &[
                    ("name", "eve"),
                    ("password", "long enough"),
                    ("confirm", "long enough"),
                ],
            )
            .await;
        assert_ne!(page.status, StatusCode::SEE_OTHER);
        let users = accounts::list_users(&mut db.open()).unwrap();
        assert_eq!(users.len(), 1);
        assert_eq!(users[0].user.name, "ada");
        assert_eq!(users[0].user.role, Role::Admin);
        // Director pages now ask for a login instead.
        let page = other.get("/d").await;
        assert_eq!(page.location.as_deref(), Some("/login?next=%2Fd"));
    }
}

#[actix_web::test]
async fn repeated_failed_logins_lock_the_account_out_for_a_while() {
    let db = TestDb::sqlite();
    ensure_user(&db, "dora", Role::Director);
    ensure_user(&db, "otto", Role::Director);
    let mut b = anonymous(&db).await;
    b.get("/login").await;
    for _ in 0..5 {
        let page = b
            .post("/login", &[("name", "dora"), ("password", "wrong guess")])
            .await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED);
        page.has("The name or the password is wrong.")
            .has("value=\"dora\"");
    }
    // The right password is refused now too, with a clear message.
    let page = b
        .post("/login", &[("name", "dora"), ("password", TEST_PASSWORD)])
        .await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    page.has("Too many failed sign-ins").has("15 minutes");
    assert!(!b.cookies.is_empty());
    assert_eq!(seen(&b.get("/d").await), Seen::Login);
    // Another account from the same address is not locked by five failures.
    let page = b
        .post("/login", &[("name", "otto"), ("password", TEST_PASSWORD)])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // Twenty failures from one address, over any names, refuse that address.
    let mut c = anonymous(&db).await;
    c.get("/login").await;
    let from = |c: &common::http::Browser<_>, name: &str, password: &str| {
        TestRequest::post()
            .uri("/login")
            .peer_addr("198.51.100.20:40000".parse().unwrap())
            .set_form([
                ("csrf", c.csrf.clone().unwrap_or_default()),
                ("name", name.to_owned()),
                ("password", password.to_owned()),
            ])
    };
    for i in 0..20 {
        let name = format!("nobody{i}");
        let page = c.request(from(&c, &name, "x")).await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED);
    }
    let page = c.request(from(&c, "otto", TEST_PASSWORD)).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
}

/// The lock-out lives in the database: five failures through one server lock the name on
/// another server sharing the database (both backends).
#[actix_web::test]
async fn the_lock_out_is_shared_by_servers_on_one_database() {
    for db in backends() {
        ensure_user(&db, "dora", Role::Director);
        let mut one = anonymous(&db).await;
        let mut two = anonymous(&db).await;
        one.get("/login").await;
        two.get("/login").await;
        for _ in 0..5 {
            let page = one
                .post("/login", &[("name", "Dora"), ("password", "wrong guess")])
                .await;
            assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", db.backend());
        }
        let page = two
            .post("/login", &[("name", "dora"), ("password", TEST_PASSWORD)])
            .await;
        assert_eq!(
            page.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{}",
            db.backend()
        );
    }
}

/// Forty simultaneous sign-ins for one name: the failure count is raised before the
/// password is checked, so only the first five are checked and the rest are refused, as if
/// they had come one after another (both backends).
#[actix_web::test]
async fn a_burst_of_sign_ins_is_throttled_like_a_sequence() {
    for db in backends() {
        ensure_user(&db, "dora", Role::Director);
        let mut b = anonymous(&db).await;
        b.get("/login").await;
        let posts: Vec<(String, Vec<(String, String)>)> = (0..40)
            .map(|i| {
                let password = if i == 39 {
                    TEST_PASSWORD
                } else {
                    "wrong guess"
                };
                (
                    "/login".to_owned(),
                    vec![
                        ("name".to_owned(), "dora".to_owned()),
                        ("password".to_owned(), password.to_owned()),
                    ],
                )
            })
            .collect();
        let answers = b.post_together(&posts).await;
        let checked = answers
            .iter()
            .filter(|(s, _)| *s != StatusCode::TOO_MANY_REQUESTS)
            .count();
        assert!(
            checked <= 5,
            "{}: {checked} of 40 simultaneous sign-ins were checked",
            db.backend()
        );
        assert!(answers.iter().all(|(s, _)| s.as_u16() < 500));
        // Counts are raised atomically: forty simultaneous counts are 1..=40.
        let pool = fushi::db::pool(db.url()).unwrap();
        let window = chrono::Duration::minutes(15);
        let counts: Vec<i32> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..40)
                .map(|_| {
                    let pool = &pool;
                    s.spawn(move || {
                        let mut conn = pool.get().unwrap();
                        accounts::count_attempt(&mut conn, "user:burst", window).unwrap()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut sorted = counts.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=40).collect::<Vec<_>>(), "{}", db.backend());
    }
}

/// `X-Forwarded-For` is not believed unless the connection comes from a configured proxy:
/// fifty sign-ins each claiming another address are still one address's failures.
#[actix_web::test]
async fn a_forged_forwarded_address_does_not_sidestep_the_lock_out() {
    let db = TestDb::sqlite();
    let mut b = anonymous(&db).await;
    b.get("/login").await;
    let mut statuses = Vec::new();
    for i in 0..50 {
        let req = TestRequest::post()
            .uri("/login")
            .peer_addr("198.51.100.9:40000".parse().unwrap())
            .insert_header(("x-forwarded-for", format!("203.0.113.{i}")))
            .insert_header(("forwarded", format!("for=203.0.113.{i}")))
            .set_form([
                ("csrf", b.csrf.clone().unwrap_or_default()),
                ("name", format!("nobody{i}")),
                ("password", "x".to_owned()),
            ]);
        statuses.push(b.request(req).await.status);
    }
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!(refused, 30, "{statuses:?}");
}

#[actix_web::test]
async fn logout_ends_the_session_even_for_a_copied_cookie() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    assert_eq!(b.get("/d/club-night/settings").await.status, StatusCode::OK);
    let copied = b.cookies.clone();
    let page = b.submit("/logout", &[]).await;
    page.has("You are signed out.").has("href=\"/login\"");
    assert_eq!(seen(&b.get("/d/club-night/settings").await), Seen::Login);
    // The old cookie, replayed, is no session any more.
    b.cookies = copied;
    assert_eq!(seen(&b.get("/d/club-night/settings").await), Seen::Login);

    // A password reset ends the sessions too.
    let mut b = browser_as(&db, "dora", Role::Director).await;
    assert_eq!(b.get("/d").await.status, StatusCode::OK);
    accounts::set_password(&mut db.open(), "dora", "a new password").unwrap();
    assert_eq!(seen(&b.get("/d").await), Seen::Login);
}

#[actix_web::test]
async fn state_changing_requests_need_the_csrf_token() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    let token = b.csrf.clone().expect("a token on the page");
    let form = [
        ("name", "Eve"),
        ("club", ""),
        ("members", ""),
        ("number", "6"),
    ];
    // Without a token, and with a wrong one: refused, nothing saved.
    let page = b.post_raw("/d/club-night/teams", &form).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    page.has("Form expired");
    let mut wrong = form.to_vec();
    wrong.push(("csrf", "0123456789abcdef"));
    let page = b.post_raw("/d/club-night/teams", &wrong).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    b.get("/d/club-night/teams").await.lacks("Eve");
    // A multipart upload without it: refused.
    let page = b
        .upload(
            "/d/club-night/teams/upload",
            "file",
            "teams.csv",
            b"team_no,name,club,members\n7,Mallory,,\n",
            &[("csrf", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // The token is looked for in the first 64 KiB of an upload (fushi's forms send it
    // first; the rest streams on to the handler): behind a larger file it is refused.
    let boundary = "late-token-boundary";
    let big = "7,Mallory,,\n".repeat(7_000);
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"teams.csv\"\r\n\r\nteam_no,name,club,members\n{big}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{token}\r\n--{boundary}--\r\n"
    );
    let req = TestRequest::post()
        .uri("/d/club-night/teams/upload")
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body);
    assert_eq!(b.request(req).await.status, StatusCode::FORBIDDEN);
    // A token in the header counts (for scripts).
    let req = TestRequest::post()
        .uri("/d/club-night/teams")
        .insert_header(("x-csrf-token", token.as_str()))
        .set_form(form);
    assert_eq!(b.request(req).await.status, StatusCode::SEE_OTHER);
    // With the form's token: saved.
    let mut right = form.to_vec();
    right[0] = ("name", "Eve Two");
    right[3] = ("number", "7");
    right.push(("csrf", token.as_str()));
    let page = b.post_raw("/d/club-night/teams", &right).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    b.get("/d/club-night/teams").await.has("Eve Two");
    // Every form the director sees carries the token.
    for path in [
        "/d/club-night/teams",
        "/d/club-night/settings",
        "/d/club-night/rounds",
        "/d/club-night/rounds/1/tables/1",
        "/d/club-night/delete",
        "/admin/users",
    ] {
        let page = b.get(path).await;
        let forms = page.body.matches("method=\"post\"").count();
        let tokens = page
            .body
            .matches(&format!("name=\"csrf\" value=\"{token}\""))
            .count();
        assert!(forms > 0, "{path} has a form");
        assert_eq!(forms, tokens, "{path}: every form has the token");
    }
    // The login form too: a login without the pre-session token is refused.
    let mut anon = anonymous(&db).await;
    let page = anon
        .post_raw("/login", &[("name", "admin"), ("password", TEST_PASSWORD)])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // Logout is a POST with the token.
    let page = b.post_raw("/logout", &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(b.get("/d").await.status, StatusCode::OK);
}

#[actix_web::test]
async fn responses_carry_the_security_headers_and_cookie_flags() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = anonymous(&db).await;
    for path in ["/", "/t/club-night", "/t/club-night/standings.csv", "/nope"] {
        let page = b.get(path).await;
        let csp = page.header("content-security-policy").unwrap_or("");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(page.header("referrer-policy"), Some("same-origin"));
        assert_eq!(page.header("x-frame-options"), Some("DENY"));
    }
    // No page has inline script, style attributes or event handlers.
    let mut admin = browser(&db).await;
    for path in [
        "/",
        "/login",
        "/d",
        "/d/new",
        "/d/club-night",
        "/d/club-night/settings",
        "/d/club-night/rounds/1/tables/1",
        "/t/club-night",
        "/t/club-night/standings",
        "/t/club-night/teams/1",
        "/t/club-night/rounds/1/sheets",
        "/admin/users",
    ] {
        let body = admin.get(path).await.body;
        let inline = body.matches("<script").count() - body.matches("<script src=").count();
        assert_eq!(inline, 0, "{path}");
        assert!(!body.contains(" style="), "{path}");
        assert!(!body.contains(" onclick="), "{path}");
        assert!(!body.contains(" onload="), "{path}");
    }
    // The session cookie: HttpOnly, SameSite, and Secure over HTTPS (behind a proxy).
    let page = b.get("/login").await;
    let cookie = page.session_cookie();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(!cookie.contains("Secure"), "{cookie}");
    // A client that is no configured proxy cannot claim HTTPS (docs/decisions.md, "who a
    // client is").
    let mut fresh = anonymous(&db).await;
    let req = TestRequest::get()
        .uri("/login")
        .peer_addr("203.0.113.9:4000".parse().unwrap())
        .insert_header(("x-forwarded-proto", "https"));
    let page = fresh.request(req).await;
    let cookie = page.session_cookie();
    assert!(!cookie.contains("Secure"), "{cookie}");
    // Through a configured proxy it can, in the header family the proxy writes.
    use fushi::web::client::{ProxyHeader, TrustedProxies};
    for (header, value, family) in [
        ("x-forwarded-proto", "https", ProxyHeader::XForwardedFor),
        ("forwarded", "proto=https", ProxyHeader::Forwarded),
    ] {
        let mut state = fushi::web::AppState::new(fushi::db::pool(db.url()).unwrap()).unwrap();
        std::sync::Arc::get_mut(&mut state.accounts)
            .expect("the accounts are not shared yet")
            .trusted_proxies = TrustedProxies::parse("10.0.0.0/8")
            .unwrap()
            .with_header(family);
        let app = actix_web::test::init_service(fushi::web::app(state)).await;
        let req = TestRequest::get()
            .uri("/login")
            .peer_addr("10.1.2.3:4000".parse().unwrap())
            .insert_header((header, value))
            .to_request();
        let res = actix_web::test::call_service(&app, req).await;
        let cookie = res
            .headers()
            .get_all("set-cookie")
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with("fushi_session="))
            .expect("a session cookie")
            .to_owned();
        assert!(cookie.contains("Secure"), "{header}: {cookie}");
        assert!(cookie.contains("HttpOnly"), "{cookie}");
    }
}

#[actix_web::test]
async fn uploads_over_the_limit_are_refused_with_a_clear_message() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    let big = vec![b'a'; 17 * 1024 * 1024];
    let page = b.upload("/d/import", "archive", "big.zip", &big, &[]).await;
    assert_eq!(page.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", page.body);
    page.has("Upload too large").has("16 MiB");
    let csv = vec![b'a'; 3 * 1024 * 1024];
    let page = b
        .upload("/d/club-night/teams/upload", "file", "teams.csv", &csv, &[])
        .await;
    assert_eq!(page.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", page.body);
    page.has("2 MiB");
}

#[actix_web::test]
async fn team_names_stay_inert_in_pages_and_csv_files() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        let script = "<script>alert(1)</script>";
        let formula = "=HYPERLINK(\"http://evil.example\",\"x\")";
        for (number, name) in [("6", script), ("7", formula)] {
            let page = b
                .submit(
                    "/d/club-night/teams",
                    &[
                        ("number", number),
                        ("name", name),
                        ("club", "+club"),
                        ("members", "-Ann;@Bob"),
                    ],
                )
                .await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        }
        let escaped = "&#60;script&#62;alert(1)&#60;/script&#62;";
        for path in [
            "/d/club-night/teams",
            "/t/club-night/teams",
            "/t/club-night/teams/6",
            "/t/club-night/standings",
        ] {
            let page = b.get(path).await;
            page.has(escaped).lacks(script);
            if path != "/t/club-night/teams/6" {
                page.has("=HYPERLINK(&#34;http://evil.example&#34;,&#34;x&#34;)");
            }
        }
        // Every CSV the web serves neutralises the cells; the figures stay numbers.
        for path in [
            "/t/club-night/teams.csv",
            "/d/club-night/files/teams.csv",
            "/t/club-night/standings.csv",
        ] {
            let page = b.get_ok(path).await;
            page.has("'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")")
                .has("<script>alert(1)</script>");
            assert!(!page.body.contains("\n=HYPERLINK") && !page.body.contains(",=HYPERLINK"));
        }
        b.get("/t/club-night/teams.csv")
            .await
            .has("7,\"'=HYPERLINK")
            .has(",'+club,'-Ann;@Bob");
        // Negative figures are not touched.
        let standings = b.get("/t/club-night/standings.csv").await.body;
        assert!(standings.contains(",-"), "{standings}");
        assert!(!standings.contains(",'-"), "{standings}");
    }
}

#[actix_web::test]
async fn the_admin_adds_users_sets_roles_resets_passwords_and_gives_access() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut admin = browser(&db).await;
    // A typed password.
    let page = admin
        .submit(
            "/admin/users",
            &[
                ("name", "dora"),
                ("role", "director"),
                ("password", "dora's secret"),
            ],
        )
        .await;
    page.has("The user is added.").has("dora");
    // A generated password, shown once.
    let page = admin
        .post(
            "/admin/users",
            &[("name", "sam"), ("role", "scorer"), ("password", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let marker = "<code class=\"password\">";
    let start = page.body.find(marker).expect("the password") + marker.len();
    let generated = page.body[start..start + 16].to_owned();
    // A taken name is refused with the input kept.
    let page = admin
        .post(
            "/admin/users",
            &[
                ("name", "dora"),
                ("role", "director"),
                ("password", "whatever1"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    page.has("exists already");

    let users = accounts::list_users(&mut db.open()).unwrap();
    let id_of = |name: &str| {
        users
            .iter()
            .find(|u| u.user.name == name)
            .unwrap()
            .user
            .id
            .to_string()
    };
    let (dora, sam) = (id_of("dora"), id_of("sam"));
    admin
        .submit(
            &format!("/admin/users/{sam}/access"),
            &[("slug", SLUG), ("access", "scorer")],
        )
        .await
        .has("The access is changed.");

    let mut s = anonymous(&db).await;
    s.log_in("sam", &generated).await;
    assert_eq!(
        s.get("/d/club-night/rounds/1/tables/1").await.status,
        StatusCode::OK
    );
    assert_eq!(
        s.get("/d/club-night/teams").await.status,
        StatusCode::FORBIDDEN
    );

    // Dora signs in with her typed password; she has no tournament until given one.
    let mut d = anonymous(&db).await;
    d.log_in("dora", "dora's secret").await;
    assert_eq!(
        d.get("/d/club-night/teams").await.status,
        StatusCode::FORBIDDEN
    );
    admin
        .submit(
            &format!("/admin/users/{dora}/access"),
            &[("slug", SLUG), ("access", "director")],
        )
        .await;
    assert_eq!(d.get("/d/club-night/teams").await.status, StatusCode::OK);
    // Made a scorer, she keeps only the scoring pages.
    admin
        .submit(&format!("/admin/users/{dora}/role"), &[("role", "scorer")])
        .await
        .has("The role is changed.");
    assert_eq!(
        d.get("/d/club-night/teams").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(d.get("/d/club-night/rounds/1").await.status, StatusCode::OK);
    // A reset ends her session; the new password works.
    admin
        .submit(
            &format!("/admin/users/{dora}/password"),
            &[("password", "brand new pw")],
        )
        .await
        .has("The password is changed");
    assert_eq!(seen(&d.get("/d").await), Seen::Login);
    d.log_in("dora", "brand new pw").await;
    // Access taken away.
    admin
        .submit(
            &format!("/admin/users/{dora}/access"),
            &[("slug", SLUG), ("access", "none")],
        )
        .await;
    assert_eq!(
        d.get("/d/club-night/rounds/1").await.status,
        StatusCode::FORBIDDEN
    );
    // The last administrator keeps the role.
    let me = id_of("admin");
    let page = admin
        .post(&format!("/admin/users/{me}/role"), &[("role", "director")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    page.has("The last administrator keeps the role");
    assert_eq!(admin.get("/admin/users").await.status, StatusCode::OK);
    // Unknown users are 404.
    let page = admin
        .post("/admin/users/9999/role", &[("role", "admin")])
        .await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn a_created_or_imported_tournament_belongs_to_its_director() {
    let db = TestDb::sqlite();
    ensure_user(&db, "dora", Role::Director);
    ensure_user(&db, "otto", Role::Director);
    let mut d = browser_as(&db, "dora", Role::Director).await;
    let zip = {
        let files = ArchiveFiles::read(&club_night_dir()).unwrap();
        files
            .write_zip(std::io::Cursor::new(Vec::new()), "club-night")
            .unwrap()
            .into_inner()
    };
    let page = d
        .upload("/d/import", "archive", "club.zip", &zip, &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    assert_eq!(d.get("/d/club-night/settings").await.status, StatusCode::OK);
    let mut o = browser_as(&db, "otto", Role::Director).await;
    assert_eq!(
        o.get("/d/club-night/settings").await.status,
        StatusCode::FORBIDDEN
    );
    o.get("/d").await.lacks("href=\"/d/club-night\"");
    d.get("/d").await.has("href=\"/d/club-night\"");
}

/// Runs `fushi` with `args` and `stdin`.
fn fushi(args: &[&str], stdin: Option<&str>) -> (bool, String, String) {
    let mut cmd = fushi_command();
    cmd.args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = cmd.spawn().unwrap();
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[actix_web::test]
async fn the_command_line_adds_users_and_sets_passwords() {
    for db in backends() {
        let url = db.url().to_owned();
        // A password on stdin.
        let (ok, out, err) = fushi(
            &["user", "add", "ada", "--role", "admin", "--db", &url],
            Some("typed password\n"),
        );
        assert!(ok, "{out}{err}");
        assert!(out.contains("user ada added as admin"), "{out}");
        assert!(!out.contains("generated"), "{out}");
        // Empty stdin: a password is generated and printed.
        let (ok, out, err) = fushi(
            &["user", "add", "bob", "--role", "scorer", "--db", &url],
            Some(""),
        );
        assert!(ok, "{out}{err}");
        let generated = out
            .lines()
            .find_map(|l| l.strip_prefix("generated password for bob: "))
            .expect("the generated password")
            .to_owned();
        assert_eq!(generated.len(), 16);
        // No stdin at all: the same.
        let (ok, out, _) = fushi(&["user", "password", "ada", "--db", &url], None);
        assert!(ok);
        let ada_new = out
            .lines()
            .find_map(|l| l.strip_prefix("generated password for ada: "))
            .expect("the generated password")
            .to_owned();
        // A taken name, an unknown user, a short password: refused.
        let (ok, _, err) = fushi(
            &["user", "add", "ada", "--role", "director", "--db", &url],
            Some("another password"),
        );
        assert!(!ok);
        assert!(err.contains("exists already"), "{err}");
        let (ok, _, err) = fushi(
            &["user", "password", "zed", "--db", &url],
            Some("long enough"),
        );
        assert!(!ok);
        assert!(err.contains("no user named"), "{err}");
        let (ok, _, _) = fushi(
            &["user", "add", "cy", "--role", "director", "--db", &url],
            Some("short"),
        );
        assert!(!ok);

        let mut conn = db.open();
        let (ada, hash) = accounts::user_for_login(&mut conn, "ada").unwrap().unwrap();
        assert_eq!(ada.role, Role::Admin);
        assert!(hash.starts_with("$argon2id$"));
        assert!(accounts::verify_password(&hash, &ada_new));
        assert!(!accounts::verify_password(&hash, "typed password"));
        let (bob, hash) = accounts::user_for_login(&mut conn, "bob").unwrap().unwrap();
        assert_eq!(bob.role, Role::Scorer);
        assert!(accounts::verify_password(&hash, &generated));
        // And the web takes them.
        let mut b = anonymous(&db).await;
        b.log_in("ada", &ada_new).await;
        assert_eq!(b.get("/admin/users").await.status, StatusCode::OK);
    }
}

/// Pages of a signed-in user are never cached; public pages read anonymously may be.
#[actix_web::test]
async fn signed_in_pages_are_not_stored_by_any_cache() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut admin = common::http::browser(&db).await;
    for path in [
        "/d",
        "/d/club-night",
        "/d/club-night/rounds/1/tables/1",
        "/admin/users",
        "/t/club-night",
    ] {
        let page = admin.get_ok(path).await;
        assert_eq!(page.header("cache-control"), Some("no-store"), "{path}");
    }
    let mut reader = anonymous(&db).await;
    let page = reader.get_ok("/t/club-night").await;
    assert_ne!(page.header("cache-control"), Some("no-store"));
}

/// `next` is followed only when it is a plain path of this site; anything else goes to
/// the default page, never a 500.
#[actix_web::test]
async fn redirect_targets_are_local_paths_only() {
    let db = TestDb::sqlite();
    ensure_user(&db, "dora", Role::Director);
    let mut b = anonymous(&db).await;
    let bad = [
        "/%09/evil.example",
        "/%0a/evil.example",
        "/%0d%0aSet-Cookie:x=1",
        "//evil.example",
        "/%5Cevil.example",
        "%5C%5Cevil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        "/%00",
        "/caf%C3%A9",
        "evil.example",
    ];
    for next in bad {
        let page = b.get(&format!("/lang?lang=en&next={next}")).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{next}");
        assert_eq!(page.location.as_deref(), Some("/"), "{next}");
    }
    let page = b.get("/lang?lang=en&next=/t/cup?x=1").await;
    assert_eq!(page.location.as_deref(), Some("/t/cup?x=1"));
    for next in bad {
        b.get("/login").await;
        let next = percent_decode(next);
        let page = b.log_in_to("dora", &next).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{next:?}");
        assert_eq!(page.location.as_deref(), Some("/d"), "{next:?}");
    }
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Long sign-in names are not echoed whole, and a form past 1 MiB is refused unread.
#[actix_web::test]
async fn long_values_are_neither_held_nor_echoed_whole() {
    let db = TestDb::sqlite();
    let mut b = anonymous(&db).await;
    b.get("/login").await;
    let long = "n".repeat(200_000);
    let page = b
        .post("/login", &[("name", &long), ("password", "x")])
        .await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED);
    assert!(page.body.len() < 20_000, "{} bytes", page.body.len());
    let huge = "n".repeat(2 * 1024 * 1024);
    let page = b
        .post("/login", &[("name", &huge), ("password", "x")])
        .await;
    assert_eq!(page.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(page.body.len() < 20_000, "{} bytes", page.body.len());
}

/// An empty install leads to the browser workflow, and after the first start the
/// administrator lands where they were going.
#[actix_web::test]
async fn the_first_start_leads_on_to_where_the_administrator_was_going() {
    for db in backends() {
        let mut b = anonymous(&db).await;
        b.peer = Some(common::http::loopback_peer());
        let home = b.get("/").await;
        home.has("href=\"/d/new\"")
            .has("href=\"/d/import\"")
            .lacks("fushi import PATH");
        let page = b.get("/d/new").await;
        assert_eq!(page.location.as_deref(), Some("/setup?next=%2Fd%2Fnew"));
        let form = b.get("/setup?next=%2Fd%2Fnew").await;
        form.has("name=\"next\" value=\"/d/new\"");
        let page = b
            .post(
                "/setup",
                &[
                    ("name", "ada"),
                    ("password", "long enough"),
                    ("confirm", "long enough"),
                    ("next", "/d/new"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(page.location.as_deref(), Some("/d/new"));
        assert_eq!(b.get("/d/new").await.status, StatusCode::OK);
    }
}
