//! Driving the web application in tests: the app built as `main` builds it, on a test
//! database, and a small browser that keeps cookies and reads responses as text.

use std::collections::BTreeMap;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::test::{self, TestRequest};
use fushi::db::accounts::{self, Role};
use fushi::web::{AppState, app};

use super::TestDb;

/// A response as a test wants it.
#[derive(Debug)]
pub struct Page {
    pub status: StatusCode,
    /// Where a redirect points.
    pub location: Option<String>,
    pub content_type: String,
    pub body: String,
    pub bytes: Vec<u8>,
    /// Every header as sent (name in lowercase), `Set-Cookie` once per cookie.
    pub headers: Vec<(String, String)>,
}

impl Page {
    /// The first header of this name (lowercase).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The session cookie this page sets (its whole `Set-Cookie` value); panics without one.
    pub fn session_cookie(&self) -> String {
        self.headers
            .iter()
            .find(|(n, v)| n == "set-cookie" && v.starts_with("fushi_session="))
            .map(|(_, v)| v.clone())
            .expect("a session cookie")
    }
}

impl Page {
    /// Panics unless the page contains `text` (HTML as sent, so `&#38;` for `&`).
    #[track_caller]
    pub fn has(&self, text: &str) -> &Self {
        assert!(
            self.body.contains(text),
            "expected {text:?} in the page ({}):\n{}",
            self.status,
            self.body
        );
        self
    }

    #[track_caller]
    pub fn lacks(&self, text: &str) -> &Self {
        assert!(
            !self.body.contains(text),
            "did not expect {text:?} in:\n{}",
            self.body
        );
        self
    }
}

/// The app a [`Browser`] drives, named once for helpers that take a browser:
/// `async fn set_up<B: MessageBody>(b: &mut Browser<impl TestApp<B>>)`.
pub trait TestApp<B>:
    Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>
{
}

impl<S, B> TestApp<B> for S where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>
{
}

/// A browser on the app: it keeps cookies between requests, and the CSRF token of the
/// last page that had one, which `post`, `submit` and `upload` add to every form.
pub struct Browser<S> {
    app: S,
    pub cookies: BTreeMap<String, String>,
    /// The `Accept-Language` it sends.
    pub accept_language: String,
    /// The CSRF token seen last (a form's hidden `csrf` field).
    pub csrf: Option<String>,
    /// The address its requests come from (none: the test request's, which is no address).
    pub peer: Option<std::net::SocketAddr>,
    /// The app's one-time set-up code, as `fushi serve` prints it.
    pub setup_code: Option<String>,
    /// Headers it adds to every request (a proxy's, say).
    pub extra_headers: Vec<(String, String)>,
}

/// An address on the server's own machine, as a browser there connects from.
pub fn loopback_peer() -> std::net::SocketAddr {
    "127.0.0.1:50000".parse().expect("an address")
}

/// The password the test helpers give every user they create.
pub const TEST_PASSWORD: &str = "correct horse battery";

/// Creates a user with [`TEST_PASSWORD`] unless one of that name exists.
pub fn ensure_user(db: &TestDb, name: &str, role: Role) {
    let mut conn = db.open();
    match accounts::create_user(&mut conn, name, TEST_PASSWORD, role) {
        Ok(_) | Err(accounts::AccountError::NameTaken(_)) => {}
        Err(e) => panic!("creating {name}: {e}"),
    }
}

/// The app on a test database, and a browser that prefers English, signed in as an
/// administrator (`admin`, created when missing): the director's pages need an account.
pub async fn browser(
    db: &TestDb,
) -> Browser<
    impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody + use<>>,
        Error = actix_web::Error,
    > + use<>,
> {
    browser_as(db, "admin", Role::Admin).await
}

/// A fresh SQLite database made ready by `set_up`, and an administrator's browser on it.
pub async fn sqlite_browser(
    set_up: fn(&TestDb),
) -> (
    TestDb,
    Browser<
        impl Service<
            actix_http::Request,
            Response = ServiceResponse<impl MessageBody + use<>>,
            Error = actix_web::Error,
        > + use<>,
    >,
) {
    let db = TestDb::sqlite();
    set_up(&db);
    let b = browser(&db).await;
    (db, b)
}

/// A browser signed in as `name` with `role` (the user is created when missing).
pub async fn browser_as(
    db: &TestDb,
    name: &str,
    role: Role,
) -> Browser<
    impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody + use<>>,
        Error = actix_web::Error,
    > + use<>,
> {
    ensure_user(db, name, role);
    let mut b = anonymous(db).await;
    b.log_in(name, TEST_PASSWORD).await;
    b
}

/// A browser that is not signed in.
pub async fn anonymous(
    db: &TestDb,
) -> Browser<
    impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody + use<>>,
        Error = actix_web::Error,
    > + use<>,
> {
    anonymous_on(fushi::db::pool(db.url()).expect("pool")).await
}

/// A browser that is not signed in, on an app whose public lists hold `teams_per_page`
/// teams a page: a small event read a page at a time.
pub async fn anonymous_paged(
    db: &TestDb,
    teams_per_page: usize,
) -> Browser<
    impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody + use<>>,
        Error = actix_web::Error,
    > + use<>,
> {
    let mut state = test_state(fushi::db::pool(db.url()).expect("pool"));
    state.teams_per_page = teams_per_page;
    anonymous_with(state).await
}

/// A browser that is not signed in, on an app over `pool` (for example one whose SQLite
/// connections wait only briefly for a lock).
pub async fn anonymous_on(
    pool: fushi::db::Pool,
) -> Browser<
    impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
> {
    anonymous_with(test_state(pool)).await
}

/// The state of the test app over `pool`.
fn test_state(pool: fushi::db::Pool) -> AppState {
    let mut state = AppState::new(pool).expect("state");
    // The test app stands for a server the players' phones reach by a name (a loopback
    // address on a table card is refused: see `web_hall`, which tests the hall itself).
    state.hall = std::sync::Arc::new(fushi::web::hall::Hall {
        public_url: Some(fushi::web::hall::PublicUrl::parse(TEST_PUBLIC_URL).expect("a URL")),
        ..Default::default()
    });
    state
}

/// The address the test app's links and QR codes carry.
pub const TEST_PUBLIC_URL: &str = "http://hall.test:8080";

/// A browser that is not signed in, on an app over `state` as it is.
pub async fn anonymous_with(
    state: AppState,
) -> Browser<
    impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
> {
    let setup_code = state.accounts.setup_code();
    let app = test::init_service(app(state)).await;
    Browser {
        app,
        cookies: BTreeMap::new(),
        accept_language: "en".to_owned(),
        csrf: None,
        peer: None,
        setup_code,
        extra_headers: Vec::new(),
    }
}

/// The value of the first hidden `csrf` field in a page.
fn csrf_in(body: &str) -> Option<String> {
    let marker = "name=\"csrf\" value=\"";
    let start = body.find(marker)? + marker.len();
    let end = body[start..].find('"')?;
    Some(body[start..start + end].to_owned())
}

impl<S, B> Browser<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    async fn send(&mut self, req: TestRequest) -> Page {
        let mut req = req.insert_header((header::ACCEPT_LANGUAGE, self.accept_language.as_str()));
        if let Some(peer) = self.peer {
            req = req.peer_addr(peer);
        }
        for (name, value) in &self.extra_headers {
            req = req.insert_header((name.as_str(), value.as_str()));
        }
        for (name, value) in &self.cookies {
            req = req.cookie(actix_web::cookie::Cookie::new(name.clone(), value.clone()));
        }
        let res = test::call_service(&self.app, req.to_request()).await;
        for cookie in res.response().cookies() {
            let removed = cookie
                .max_age()
                .is_some_and(|a| a.is_zero() || a.is_negative())
                || cookie.value().is_empty();
            if removed {
                self.cookies.remove(cookie.name());
            } else {
                self.cookies
                    .insert(cookie.name().to_owned(), cookie.value().to_owned());
            }
        }
        let status = res.status();
        let header_text = |name| {
            res.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let location = header_text(header::LOCATION);
        let headers = res
            .headers()
            .iter()
            .map(|(n, v)| (n.as_str().to_owned(), v.to_str().unwrap_or("").to_owned()))
            .collect();
        let content_type = header_text(header::CONTENT_TYPE).unwrap_or_default();
        let bytes = test::read_body(res).await.to_vec();
        if content_type.starts_with("text/html")
            && let Some(token) = csrf_in(&String::from_utf8_lossy(&bytes))
        {
            self.csrf = Some(token);
        }
        Page {
            status,
            location,
            content_type,
            body: String::from_utf8_lossy(&bytes).into_owned(),
            bytes,
            headers,
        }
    }

    pub async fn get(&mut self, path: &str) -> Page {
        self.send(TestRequest::get().uri(path)).await
    }

    /// Gets a page that must be there: panics unless the answer is 200 OK.
    pub async fn get_ok(&mut self, path: &str) -> Page {
        let page = self.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.body);
        page
    }

    /// Sends a request built by the test (extra headers, say), with the cookies.
    pub async fn request(&mut self, req: TestRequest) -> Page {
        self.send(req).await
    }

    /// Signs in through the login page; panics unless it succeeds.
    pub async fn log_in(&mut self, name: &str, password: &str) {
        self.get("/login").await;
        let page = self
            .post("/login", &[("name", name), ("password", password)])
            .await;
        assert_eq!(
            page.status,
            StatusCode::SEE_OTHER,
            "login of {name}: {}",
            page.body
        );
        // A page with the signed-in session's token.
        self.get("/").await;
    }

    /// Posts the login form for `name` (with [`TEST_PASSWORD`]) that goes on to `next`.
    pub async fn log_in_to(&mut self, name: &str, next: &str) -> Page {
        self.post(
            "/login",
            &[("name", name), ("password", TEST_PASSWORD), ("next", next)],
        )
        .await
    }

    /// The form with the CSRF token added, unless it has a `csrf` field already.
    fn with_token<'a>(&'a self, form: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
        let mut fields = form.to_vec();
        if let Some(token) = &self.csrf
            && !form.iter().any(|(k, _)| *k == "csrf")
        {
            fields.insert(0, ("csrf", token.as_str()));
        }
        fields
    }

    /// Posts a form (`application/x-www-form-urlencoded`) with the CSRF token.
    pub async fn post(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        let fields: Vec<(String, String)> = self
            .with_token(form)
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        self.send(TestRequest::post().uri(path).set_form(fields))
            .await
    }

    /// Posts a form with the cookies and the CSRF token without changing the browser
    /// (so that several can be under way at once): the answer's status and body.
    pub async fn post_shared(&self, path: &str, form: &[(String, String)]) -> (StatusCode, String) {
        let mut fields = form.to_vec();
        if let Some(token) = &self.csrf {
            fields.insert(0, ("csrf".to_owned(), token.clone()));
        }
        let mut req = TestRequest::post()
            .uri(path)
            .set_form(fields)
            .insert_header((header::ACCEPT_LANGUAGE, self.accept_language.as_str()));
        for (name, value) in &self.cookies {
            req = req.cookie(actix_web::cookie::Cookie::new(name.clone(), value.clone()));
        }
        let res = test::call_service(&self.app, req.to_request()).await;
        let status = res.status();
        let body = test::read_body(res).await;
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    /// Posts several forms at the same moment (each with the cookies and the CSRF token)
    /// and returns each answer's status and body, in the order given.
    pub async fn post_together(
        &self,
        posts: &[(String, Vec<(String, String)>)],
    ) -> Vec<(StatusCode, String)> {
        let answers = posts
            .iter()
            .map(|(path, form)| self.post_shared(path, form));
        futures_util::future::join_all(answers).await
    }

    /// Posts a form exactly as given: no CSRF token is added.
    pub async fn post_raw(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        self.send(TestRequest::post().uri(path).set_form(form))
            .await
    }

    /// Posts a table's confirmation form (`{link}/confirm`) as the table's phone does,
    /// without a CSRF token.
    pub async fn confirm_room(&mut self, link: &str, form: &[(&str, &str)]) -> Page {
        self.post_raw(&format!("{link}/confirm"), form).await
    }

    /// Posts a form and, when it redirects, follows the redirect.
    pub async fn submit(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        let page = self.post(path, form).await;
        match (&page.location, page.status) {
            (Some(location), s) if s.is_redirection() => {
                let location = location.clone();
                self.get(&location).await
            }
            _ => page,
        }
    }

    /// Uploads `csv` as the club night's `teams.csv` from the teams page.
    pub async fn upload_teams(&mut self, csv: &[u8]) -> Page {
        self.upload("/d/club-night/teams/upload", "file", "teams.csv", csv, &[])
            .await
    }

    /// Posts one file as `multipart/form-data` under `field`, with extra text fields.
    pub async fn upload(
        &mut self,
        path: &str,
        field: &str,
        file_name: &str,
        bytes: &[u8],
        fields: &[(&str, &str)],
    ) -> Page {
        let boundary = "fushi-test-boundary-7MA4YWxkTrZu0gW";
        let mut body = Vec::new();
        let fields: Vec<(String, String)> = self
            .with_token(fields)
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        for (name, value) in &fields {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        }
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let req = TestRequest::post()
            .uri(path)
            .insert_header((
                header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={boundary}"),
            ))
            .set_payload(body);
        self.send(req).await
    }
}
