//! The release server as the benches that drive it over loopback start it, with what they
//! ask of it: a free port, a signed-in director, a director's save at the desk, requests per
//! second of one path. Each bench uses the part it needs.
#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::load::{Tally, client, drive_for};

/// Requests per connection in a requests/s measurement.
pub const THROUGHPUT_REQUESTS: usize = 100;

pub struct Served {
    pub children: Vec<Child>,
    pub ports: Vec<u16>,
}

impl Drop for Served {
    fn drop(&mut self) {
        for child in &mut self.children {
            // SAFETY: sends SIGTERM to our own child process.
            unsafe {
                libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
            }
            let _ = child.wait();
        }
    }
}

/// `count` distinct free ports: the first free ones of `FUSHI_BENCH_PORTS` (`FROM-TO`, for
/// a machine whose ports are shared out), any free ones without it. Each is held until all
/// are found, so two servers started one after the other never get the same port (a
/// server that has not bound its port yet leaves it free to the next look).
pub fn free_ports(count: usize) -> Vec<u16> {
    let range = std::env::var("FUSHI_BENCH_PORTS").ok().and_then(|v| {
        let (from, to) = v.split_once('-')?;
        Some(from.trim().parse::<u16>().ok()?..=to.trim().parse::<u16>().ok()?)
    });
    let held: Vec<std::net::TcpListener> = match range {
        Some(range) => range
            .into_iter()
            .filter_map(|p| std::net::TcpListener::bind(("127.0.0.1", p)).ok())
            .take(count)
            .collect(),
        None => (0..count)
            .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
            .collect(),
    };
    assert_eq!(held.len(), count, "{count} free ports in FUSHI_BENCH_PORTS");
    held.iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// A free port ([`free_ports`]).
pub fn free_port() -> u16 {
    free_ports(1)[0]
}

/// The server the benches start: this build's `fushi`, or `FUSHI_BENCH_SERVER` (another
/// build's binary, to compare two builds' figures under the same bench and load).
pub fn server_binary() -> String {
    std::env::var("FUSHI_BENCH_SERVER")
        .ok()
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_fushi").to_owned())
}

pub fn serve(db: &str, instances: usize) -> Served {
    let mut served = Served {
        children: Vec::new(),
        ports: Vec::new(),
    };
    for port in free_ports(instances) {
        let child = Command::new(server_binary())
            .args(["serve", "--db", db, "--bind", &format!("127.0.0.1:{port}")])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start fushi serve");
        served.children.push(child);
        served.ports.push(port);
    }
    for (child, &port) in served.children.iter_mut().zip(&served.ports) {
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "server did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        // Each server answers on its own port: one that could not start is no measurement.
        assert!(
            child.try_wait().expect("the server's state").is_none(),
            "the server on port {port} has stopped"
        );
    }
    served
}

/// The resident memory of the servers, in MiB.
pub fn server_rss(served: &Served) -> Vec<f64> {
    served
        .children
        .iter()
        .map(|c| crate::load::rss_mib(c.id()))
        .collect()
}

/// The results of round `round`, table `table` with a ruling on its first board: what a
/// director's save at the desk writes (read beforehand, like the page the director typed on).
pub fn ruled(
    conn: &mut fushi::db::DbConnection,
    slug: &str,
    round: i32,
    table: i32,
    ruling: i32,
) -> Option<Vec<fushi::rules::TableResult>> {
    let sheet = fushi::db::load_round(conn, slug, round).ok()??;
    with_ruling(&sheet.table(table)?.results, &sheet.settings, ruling)
}

/// A match's `results` with a ruling on the first board, checked by the one validation (as
/// an archive's row: the generated results may hold bottom points without a last-trick
/// winner).
pub fn with_ruling(
    results: &[fushi::rules::TableResult],
    settings: &fushi::rules::Settings,
    ruling: i32,
) -> Option<Vec<fushi::rules::TableResult>> {
    let mut results = results.to_vec();
    let first = results.first_mut()?;
    let figures = fushi::rules::EntryFigures {
        ruling: Some(ruling),
        ..first.entry.figures().clone()
    };
    first.entry = fushi::rules::TableEntry::parse(
        figures,
        settings.decks(),
        Some(&settings.band_table()),
        fushi::rules::table::Origin::Archive,
    )
    .ok()?;
    Some(results)
}

/// The save itself: one transaction, like a save on the entry page.
pub fn write(
    conn: &mut fushi::db::DbConnection,
    slug: &str,
    (round, table): (i32, i32),
    results: &[fushi::rules::TableResult],
) -> bool {
    fushi::db::save_match_results_as(conn, slug, round, table, results, "bench", None)
        .is_ok_and(|saved| saved != fushi::db::MatchSave::Missing)
}

/// The session cookie of a director signed in through the login form. The client does not
/// follow redirects: the sign-in's 303 carries the session cookie.
pub async fn sign_in(base: &str, name: &str, password: &str) -> String {
    let client = &awc::Client::builder()
        .disable_redirects()
        .timeout(Duration::from_secs(30))
        .finish();
    let cookie_of = |res: &awc::ClientResponse<_>| {
        res.headers()
            .get_all("set-cookie")
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with("fushi_session="))
            .and_then(|v| v.split(';').next())
            .map(str::to_owned)
    };
    let mut form = client
        .get(format!("{base}/login"))
        .send()
        .await
        .expect("the login page");
    let cookie = cookie_of(&form).expect("a session cookie");
    let body = String::from_utf8_lossy(&form.body().await.unwrap()).into_owned();
    let marker = "name=\"csrf\" value=\"";
    let at = body.find(marker).expect("a CSRF field") + marker.len();
    let csrf = &body[at..at + body[at..].find('"').unwrap()];
    let res = client
        .post(format!("{base}/login"))
        .insert_header(("cookie", cookie.as_str()))
        .send_form(&[("csrf", csrf), ("name", name), ("password", password)])
        .await
        .expect("signing in");
    assert_eq!(res.status().as_u16(), 303, "signed in");
    cookie_of(&res).expect("the signed-in session")
}

/// Requests per second and the body size of `path`, 50 connections.
pub async fn rate(
    bases: &[String],
    path: &str,
    headers: &[(String, String)],
) -> (f64, usize, Tally) {
    let c = client(50);
    let paths = vec![path.to_owned()];
    let (tally, time) = drive_for(
        &c,
        bases,
        &paths,
        50,
        THROUGHPUT_REQUESTS,
        Duration::from_secs(60),
        headers,
    )
    .await;
    let size = tally.bytes / tally.requests.saturating_sub(tally.errors).max(1);
    (tally.requests as f64 / time.as_secs_f64(), size, tally)
}
