//! Helpers shared by the browser tests: the `fushi` binary serving a test database and a
//! headless Chromium session through chromedriver (`/usr/bin/chromium`,
//! `/usr/bin/chromedriver`; other paths through `FUSHI_CHROMIUM` and `FUSHI_CHROMEDRIVER`).
//!
//! Used by every `tests/integration/browser*.rs`: start-up, signing in, waiting for a page or
//! a text, so that each test file holds only what it tests.
#![allow(dead_code)]

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

use crate::common::http::TEST_PASSWORD;
use crate::common::{TestDb, fushi_command};

/// A child process that is ended when the test is done with it.
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn tool(var: &str, default: &str) -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var(var).unwrap_or_else(|_| default.to_owned()));
    path.exists().then_some(path)
}

/// Chromium and chromedriver, or a printed notice and `None`: the test then passes
/// without running. Under CI (`CI` set, as CI services and `.ci/run` do) a missing browser
/// fails the test instead, so a green CI run has driven every browser test.
pub fn browser_tools() -> Option<(PathBuf, PathBuf)> {
    let found = (
        tool("FUSHI_CHROMIUM", "/usr/bin/chromium"),
        tool("FUSHI_CHROMEDRIVER", "/usr/bin/chromedriver"),
    );
    match tools_or_skip(std::env::var("CI").ok().as_deref(), found) {
        Ok(tools) => Some(tools),
        Err(Skip::Quietly(notice)) => {
            eprintln!("{notice}");
            None
        }
        Err(Skip::Never(why)) => panic!("{why}"),
    }
}

const BROWSER_NEEDED: &str = "headless Chromium and chromedriver are needed \
    (apt-get install chromium chromium-driver, or set FUSHI_CHROMIUM and FUSHI_CHROMEDRIVER)";

/// Why a browser test does not run: a notice on a developer's machine, a failure under CI.
#[derive(Debug, PartialEq)]
enum Skip {
    Quietly(String),
    Never(String),
}

/// The browser tools found, or why not, given the `CI` variable: any value but empty,
/// `false` or `0` means CI.
fn tools_or_skip(
    ci: Option<&str>,
    found: (Option<PathBuf>, Option<PathBuf>),
) -> Result<(PathBuf, PathBuf), Skip> {
    match found {
        (Some(chromium), Some(driver)) => Ok((chromium, driver)),
        _ if ci.is_some_and(|v| !matches!(v.trim(), "" | "false" | "0")) => {
            Err(Skip::Never(format!(
                "CI={}: a browser test cannot be skipped: {BROWSER_NEEDED}",
                ci.unwrap_or("")
            )))
        }
        _ => Err(Skip::Quietly(format!("skipped: {BROWSER_NEEDED}"))),
    }
}

#[test]
fn a_missing_browser_fails_under_ci_and_is_skipped_elsewhere() {
    let both = || (Some(PathBuf::from("/c")), Some(PathBuf::from("/d")));
    let paths = (PathBuf::from("/c"), PathBuf::from("/d"));
    assert_eq!(tools_or_skip(Some("true"), both()), Ok(paths.clone()));
    assert_eq!(tools_or_skip(None, both()), Ok(paths));
    for ci in ["true", "1", "yes"] {
        for found in [(None, both().1), (both().0, None), (None, None)] {
            assert!(
                matches!(tools_or_skip(Some(ci), found), Err(Skip::Never(_))),
                "CI={ci}"
            );
        }
    }
    for ci in [None, Some(""), Some("false"), Some("0")] {
        assert!(
            matches!(tools_or_skip(ci, (None, None)), Err(Skip::Quietly(_))),
            "CI={ci:?}"
        );
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Waits until something listens on `port` (the process is starting up).
pub fn wait_for_port(port: u16, what: &str) {
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{what} did not start listening on port {port}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The `fushi` binary serving `db`, and its address.
pub fn serve(db: &TestDb) -> (Process, String) {
    serve_on(db, free_port())
}

/// The `fushi` binary serving `db` on `port` of 127.0.0.1 (to start it again where it was).
pub fn serve_on(db: &TestDb, port: u16) -> (Process, String) {
    let child = fushi_command()
        .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--db"])
        .arg(db.url())
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .expect("start fushi serve");
    let process = Process(child);
    wait_for_port(port, "fushi serve");
    (process, format!("http://127.0.0.1:{port}"))
}

/// A headless Chromium session of `width` × `height` CSS pixels.
pub async fn open_browser(
    tools: &(PathBuf, PathBuf),
    width: u32,
    height: u32,
) -> (Process, Client) {
    open(tools, width, height, false).await
}

/// A headless Chromium session that stands for a touch phone of `width` × `height` CSS
/// pixels.
pub async fn open_phone(tools: &(PathBuf, PathBuf), width: u32, height: u32) -> (Process, Client) {
    open(tools, width, height, true).await
}

/// A phone-sized session whose Chromium resolves `host` to 127.0.0.1 itself (no name is
/// looked up): a test server given that name as its public address is reached on loopback.
pub async fn open_phone_at(
    tools: &(PathBuf, PathBuf),
    width: u32,
    height: u32,
    host: &str,
) -> (Process, Client) {
    open_with(
        tools,
        width,
        height,
        true,
        &[format!("--host-resolver-rules=MAP {host} 127.0.0.1")],
    )
    .await
}

async fn open(
    tools: &(PathBuf, PathBuf),
    width: u32,
    height: u32,
    phone: bool,
) -> (Process, Client) {
    open_with(tools, width, height, phone, &[]).await
}

async fn open_with(
    (chromium, driver): &(PathBuf, PathBuf),
    width: u32,
    height: u32,
    phone: bool,
    extra: &[String],
) -> (Process, Client) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let process = Process(child);
    wait_for_port(port, "chromedriver");
    let mut options = serde_json::json!({
        "binary": chromium,
        "args": [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            format!("--window-size={width},{height}"), "--lang=en-GB",
            "--force-device-scale-factor=1",
        ],
    });
    for arg in extra {
        options["args"]
            .as_array_mut()
            .unwrap()
            .push(arg.clone().into());
    }
    if phone {
        options["mobileEmulation"] = serde_json::json!({
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 3.0, "touch": true }
        });
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_owned(), options);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a chromedriver session");
    (process, client)
}

/// With `FUSHI_SCREENSHOTS=DIR`, a screenshot of the page in DIR.
pub async fn screenshot(client: &Client, name: &str) {
    if let Ok(dir) = std::env::var("FUSHI_SCREENSHOTS") {
        let png = client.screenshot().await.expect("a screenshot");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(PathBuf::from(dir).join(name), png).unwrap();
    }
}

/// A short pause between two looks at the page.
pub async fn pause() {
    actix_web::rt::time::sleep(Duration::from_millis(50)).await;
}

/// Signs in as `name` (with the tests' password) at `base` and waits until the browser has
/// left the sign-in page.
pub async fn log_in(client: &Client, base: &str, name: &str) {
    client.goto(&format!("{base}/login")).await.unwrap();
    wait_for(client, "form.auth-form").await;
    let form = client.find(Locator::Css("form.auth-form")).await.unwrap();
    for (field, text) in [("name", name), ("password", TEST_PASSWORD)] {
        form.find(Locator::Id(field))
            .await
            .unwrap()
            .send_keys(text)
            .await
            .unwrap();
    }
    form.find(Locator::Css("button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_while_at(client, "/login").await;
}

/// The path (and query) the browser shows.
pub async fn path_of(client: &Client) -> String {
    let at = client.current_url().await.expect("the current URL");
    match at.query() {
        Some(q) => format!("{}?{q}", at.path()),
        None => at.path().to_owned(),
    }
}

/// Waits for a navigation away from `path` (a form was submitted), and returns where the
/// browser landed.
pub async fn wait_while_at(client: &Client, path: &str) -> String {
    let start = Instant::now();
    loop {
        let now = path_of(client).await;
        let ready = client
            .execute("return document.readyState;", vec![])
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned));
        if now != path && ready.as_deref() == Some("complete") {
            return now;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the browser stayed at {path}"
        );
        pause().await;
    }
}

/// Waits until the page has an element matching `css`.
pub async fn wait_for(client: &Client, css: &str) {
    let start = Instant::now();
    while client.find(Locator::Css(css)).await.is_err() {
        assert!(start.elapsed() < Duration::from_secs(30), "no {css}");
        pause().await;
    }
}

/// The text of the first element matching `css`.
pub async fn text_of(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .unwrap()
}

/// Waits until the text of the element matching `css` is `want`.
pub async fn wait_text(client: &Client, css: &str, want: &str) {
    let start = Instant::now();
    loop {
        let now = text_of(client, css).await;
        if now == want {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{css} shows {now:?}, not {want:?}"
        );
        pause().await;
    }
}

/// The page's main text, read in one script call (the page may be replaced under it, as
/// when a kept entry is sent: then the text is read again next time).
pub async fn main_text(client: &Client) -> String {
    client
        .execute(
            "var m = document.querySelector('main'); return m ? m.innerText : '';",
            vec![],
        )
        .await
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Clicks the button `css` and waits for the page it leads to, which may be at the same
/// address (a form that sends the reader back, as Publish, Approve and a partial save do):
/// the old page is marked, and the wait is for a loaded page without the mark. Its path.
pub async fn click_and_load(client: &Client, css: &str) -> String {
    client
        .execute("window.fushiOldPage = true;", vec![])
        .await
        .unwrap();
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
    let start = std::time::Instant::now();
    loop {
        let loaded = client
            .execute(
                "return !window.fushiOldPage && document.readyState === 'complete';",
                vec![],
            )
            .await
            .ok()
            .and_then(|v| v.as_bool());
        if loaded == Some(true) {
            return path_of(client).await;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "no new page after clicking {css}"
        );
        pause().await;
    }
}

/// The widths and languages a person meets a page at: a desk's 1280 px and a phone's
/// 390 px, each in English and in 简体中文. One session goes through them all with
/// [`set_view`], so a test over the four costs one browser.
pub const VIEWS: [(u32, &str); 4] = [(1280, "en"), (390, "zh"), (1280, "zh"), (390, "en")];

/// A Chrome DevTools Protocol command sent through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
pub struct Cdp(pub &'static str, pub serde_json::Value);

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.expect("a session")
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = serde_json::json!({ "cmd": self.0, "params": self.1 });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// Lays the session's pages out on a screen of `width` CSS pixels (and a height to match:
/// 900 at a desk, 844 on a phone), a phone's (touch, its viewport meta honoured) under
/// 600 px: the window of the same session, without a new browser. The session must be
/// one of [`open_browser`] (a phone's session keeps the size it was opened with).
pub async fn set_view(client: &Client, width: u32) {
    let phone = width < 600;
    let height = if phone { 844 } else { 900 };
    client
        .issue_cmd(Cdp(
            "Emulation.setDeviceMetricsOverride",
            serde_json::json!({
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone
            }),
        ))
        .await
        .expect("the screen's size");
    client
        .issue_cmd(Cdp(
            "Emulation.setTouchEmulationEnabled",
            serde_json::json!({ "enabled": phone }),
        ))
        .await
        .expect("touch or not");
    if !phone {
        // A phone's page takes its width from its viewport meta, once loaded.
        let inner = client
            .execute("return window.innerWidth;", vec![])
            .await
            .unwrap();
        assert_eq!(inner, width, "the screen's width");
    }
}

/// Opens `path` in `lang` (`en` or `zh`): the language chosen as a reader chooses it (the
/// cookie, kept for the pages and forms that follow), and waits for the page.
pub async fn goto_in(client: &Client, base: &str, path: &str, lang: &str) {
    let next: String = url::form_urlencoded::byte_serialize(path.as_bytes()).collect();
    client
        .goto(&format!("{base}/lang?lang={lang}&next={next}"))
        .await
        .unwrap();
    wait_for(client, "main").await;
}

/// A box on the screen, in CSS pixels of the viewport.
#[derive(Debug, Clone, Copy, PartialEq, serde::Deserialize)]
pub struct Rect {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl Rect {
    /// Whether the box has a size and lies inside `outer`.
    pub fn inside(&self, outer: &Rect) -> bool {
        self.right > self.left
            && self.bottom > self.top
            && self.left >= outer.left - 0.5
            && self.top >= outer.top - 0.5
            && self.right <= outer.right + 0.5
            && self.bottom <= outer.bottom + 0.5
    }
}

/// The box of the first element matching `css`, if there is one and it is drawn.
pub async fn box_of(client: &Client, css: &str) -> Option<Rect> {
    let got = client
        .execute(
            "var e = document.querySelector(arguments[0]); \
             if (!e || !e.getClientRects().length) { return null; } \
             var r = e.getBoundingClientRect(); \
             return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };",
            vec![css.into()],
        )
        .await
        .unwrap();
    serde_json::from_value(got).ok()
}

/// The viewport's box (the page's visible part).
pub async fn viewport(client: &Client) -> Rect {
    let got = client
        .execute(
            "var d = document.documentElement; \
             return { left: 0, top: 0, right: d.clientWidth, bottom: window.innerHeight };",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(got).unwrap()
}

/// Scrolls the first element matching `css` to the middle of the screen, as a reader
/// scrolls to it, and returns its box there.
pub async fn scroll_to(client: &Client, css: &str) -> Rect {
    wait_for(client, css).await;
    client
        .execute(
            "document.querySelector(arguments[0]).scrollIntoView({block: 'center'});",
            vec![css.into()],
        )
        .await
        .unwrap();
    box_of(client, css)
        .await
        .unwrap_or_else(|| panic!("{css} is not drawn"))
}

/// Whether the element matching `css` is what the reader sees at the middle of its first
/// line's box (not covered by a sticky bar or another box).
pub async fn on_top(client: &Client, css: &str) -> bool {
    client
        .execute(
            "var e = document.querySelector(arguments[0]); var r = e.getClientRects()[0]; \
             var at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2); \
             return !!at && (at === e || e.contains(at));",
            vec![css.into()],
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap()
}

/// Whether the page scrolls sideways as a whole (its width beyond the window's).
pub async fn scrolls_sideways(client: &Client) -> bool {
    client
        .execute(
            "return document.documentElement.scrollWidth > document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap()
}

/// Every word (a run of text without a space or a list's separator: `、`, `，`, `,`, `;`,
/// `；`) of the elements matching `css` that the browser broke over two lines, as
/// `"word" in <tag>`.
pub async fn broken_words(client: &Client, css: &str) -> Vec<String> {
    let got = client
        .execute(
            "var out = []; \
             document.querySelectorAll(arguments[0]).forEach(function (el) { \
               var walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT); \
               var node; \
               while ((node = walk.nextNode())) { \
                 var text = node.nodeValue; var re = /[^\\s\\u00a0\\u3001\\uff0c,;\\uff1b]+/g; var m; \
                 while ((m = re.exec(text))) { \
                   var r = document.createRange(); \
                   r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length); \
                   var tops = {}; \
                   Array.prototype.forEach.call(r.getClientRects(), function (q) { \
                     if (q.width > 0) { tops[Math.round(q.top)] = true; } }); \
                   if (Object.keys(tops).length > 1) { out.push(m[0] + ' in ' + el.tagName); } \
                 } \
               } \
             }); \
             return out;",
            vec![css.into()],
        )
        .await
        .unwrap();
    got.as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_owned())
        .collect()
}

/// Whether the element matching `css` keeps its text on one line.
pub async fn one_line(client: &Client, css: &str) -> bool {
    client
        .execute(
            "var r = document.createRange(); r.selectNodeContents(document.querySelector(arguments[0])); \
             var tops = {}; \
             Array.prototype.forEach.call(r.getClientRects(), function (q) { \
               if (q.width > 0) { tops[Math.round(q.top)] = true; } }); \
             return Object.keys(tops).length === 1;",
            vec![css.into()],
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap()
}

/// Waits until the page's main text holds `want`, and returns that text.
pub async fn wait_main(client: &Client, want: &str) -> String {
    let start = Instant::now();
    loop {
        let text = main_text(client).await;
        if text.contains(want) {
            return text;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the page never said {want:?}: {text}"
        );
        pause().await;
    }
}

/// A whole room entered by NS, as a table would, then called about `flag` by EW.
pub fn entered_at_the_table(db: &TestDb, table: i32, room: fushi::rules::Room, flag: Option<i32>) {
    let mut conn = db.open();
    let token = crate::common::room_token(db, table, room);
    let found = fushi::db::table::find_link(&mut conn, &token)
        .unwrap()
        .unwrap();
    let cells: Vec<(i32, Option<fushi::rules::TableEntry>)> = (1..=4)
        .map(|b| {
            (
                b,
                Some(crate::common::table_entry(fushi::rules::EntryFigures {
                    trick_points: Some(60),
                    bottom_points: Some(10),
                    last_trick: Some(fushi::rules::LastTrick::Declarer),
                    ..fushi::rules::EntryFigures::default()
                })),
            )
        })
        .collect();
    let saved = fushi::db::table::save_entry(
        &mut conn,
        &found,
        found.credential(fushi::db::table::Side::NorthSouth),
        &cells,
        "",
        "",
    )
    .unwrap();
    assert_eq!(saved, fushi::db::table::TableSave::Saved);
    if let Some(board) = flag {
        assert_eq!(
            fushi::db::table::flag(&mut conn, &found, &[board], "").unwrap(),
            Ok(true)
        );
    }
}

/// The elements that reach past the screen's right edge, deepest first (to say which one
/// makes a page scroll sideways): `tag.class right`.
pub async fn past_the_edge(client: &Client) -> Vec<String> {
    let got = client
        .execute(
            "var w = document.documentElement.clientWidth; var out = []; \
             document.querySelectorAll('body *').forEach(function (e) { \
               var r = e.getBoundingClientRect(); \
               if (r.width > 0 && r.right > w + 0.5 && !e.closest('.scroll, .table-scroll') \
                   && !Array.prototype.some.call(e.children, function (c) { \
                     return c.getBoundingClientRect().right > w + 0.5; })) { \
                 out.push(e.tagName.toLowerCase() + '.' + e.className + (e.name ? '[name=' + e.name + ']' : '') \
                   + ' ' + Math.round(r.right)); } }); \
             return out.slice(0, 8);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(got).unwrap()
}
