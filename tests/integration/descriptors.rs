//! The real server under `prlimit --nofile=1024` (systemd's default soft limit): 1,000
//! live streams from five addresses and 1,000 request bodies sent too slowly from a sixth
//! cannot take its descriptors. The caps derived from the descriptors refuse streams beyond
//! them (503) and shut connections beyond an address's cap as they come; a slow body is cut
//! (408); a reader from another address still gets the standings.
//!
//! The figures in docs/development.md come from the release build: `cargo build --release` and
//! `FUSHI_SERVE_BIN=target/release/fushi cargo test --test integration descriptors --
//! --nocapture` (the test prints what it saw).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::common::browser::{Process, free_port, wait_for_port};
use crate::common::{TestDb, import_club_night};

/// How a connection was answered.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// The status of the response's head.
    Status(u16),
    /// Closed (or reset) without a response: shut as it was accepted.
    Shut,
    /// Nothing within the bound.
    Silent,
}

/// Reads the status line of what the server sends on `stream`, within `bound`.
async fn answer(stream: &mut TcpStream, bound: Duration) -> Answer {
    let mut head = Vec::new();
    let mut buf = [0u8; 512];
    let read = tokio::time::timeout(bound, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return Answer::Shut,
                Ok(n) => head.extend_from_slice(&buf[..n]),
            }
            if let Some(line) = head
                .split(|b| *b == b'\n')
                .next()
                .filter(|_| head.contains(&b'\n'))
            {
                let status = String::from_utf8_lossy(line)
                    .split(' ')
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
                return Answer::Status(status);
            }
        }
    })
    .await;
    read.unwrap_or(Answer::Silent)
}

/// A connection from `from` to the server, with `request` sent.
async fn open(from: Ipv4Addr, server: SocketAddr, request: &[u8]) -> Option<TcpStream> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::new(IpAddr::V4(from), 0)).ok()?;
    let mut stream = tokio::time::timeout(Duration::from_secs(20), socket.connect(server))
        .await
        .ok()?
        .ok()?;
    stream.write_all(request).await.ok()?;
    Some(stream)
}

/// `fushi serve` on `db` under `prlimit --nofile=1024`, its log in `log`: this build's
/// binary, or the one `FUSHI_SERVE_BIN` names (a release build, to measure).
fn serve_limited(db: &TestDb, port: u16, log: &std::fs::File) -> Process {
    let binary =
        std::env::var("FUSHI_SERVE_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_fushi").to_owned());
    let mut cmd = Command::new("prlimit");
    cmd.args(["--nofile=1024", "--"])
        .arg(binary)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--db"])
        .arg(db.url())
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "info,actix_server=warn")
        .env("FUSHI_LOG_FORMAT", "text")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log.try_clone().expect("the log file"));
    let process = Process(cmd.spawn().expect("start prlimit fushi serve"));
    wait_for_port(port, "fushi serve under prlimit");
    process
}

#[actix_web::test]
async fn a_reader_gets_the_standings_past_a_thousand_streams_and_slow_bodies() {
    if !cfg!(target_os = "linux") || Command::new("prlimit").arg("--version").output().is_err() {
        eprintln!("skipped: needs Linux (127.0.0.2–7 on loopback) and prlimit (util-linux)");
        return;
    }
    // This process holds the other ends of some 2,000 connections.
    fushi::web::connections::raise_descriptor_limit();
    let db = TestDb::sqlite();
    import_club_night(&db);
    let port = free_port();
    let log_file = tempfile::NamedTempFile::new().unwrap();
    let _server = serve_limited(&db, port, log_file.as_file());
    let server: SocketAddr = ([127, 0, 0, 1], port).into();
    let log = std::fs::read_to_string(log_file.path()).unwrap();
    for said in [
        "descriptors=1024",
        "streams=384",
        "connections_per_address=96",
    ] {
        assert!(log.contains(said), "the start-up line says {said}: {log}");
    }

    // 1,000 live pages from five addresses, held open.
    let stream_request = b"GET /t/club-night/events HTTP/1.1\r\nHost: hall\r\n\r\n";
    let streams = join_all((0..1000u32).map(|i| async move {
        let from = Ipv4Addr::new(127, 0, 0, 2 + (i % 5) as u8);
        let mut stream = open(from, server, stream_request).await?;
        let answered = answer(&mut stream, Duration::from_secs(20)).await;
        Some((from, answered, stream))
    }))
    .await;
    // 1,000 sign-in forms from a sixth address, their bodies never finished.
    let slow_request = b"POST /login HTTP/1.1\r\nHost: hall\r\n\
        Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nname=a";
    let mut slow: Vec<TcpStream> =
        join_all((0..1000).map(|_| open(Ipv4Addr::new(127, 0, 0, 7), server, slow_request)))
            .await
            .into_iter()
            .flatten()
            .collect();

    // A reader from another address.
    let started = Instant::now();
    let mut reader = open(
        Ipv4Addr::LOCALHOST,
        server,
        b"GET /t/club-night/standings HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n",
    )
    .await
    .expect("the reader connects");
    let read = answer(&mut reader, Duration::from_secs(30)).await;
    eprintln!(
        "the reader's standings: {read:?} in {:?}",
        started.elapsed()
    );
    assert_eq!(read, Answer::Status(200), "the reader gets the standings");

    // The streams: none beyond the caps, every other refused or shut, none left hanging.
    let mut open_by_address = std::collections::HashMap::<Ipv4Addr, usize>::new();
    let (mut refused, mut shut) = (0, 0);
    for (from, answered, _) in streams.iter().flatten() {
        match answered {
            Answer::Status(200) => *open_by_address.entry(*from).or_default() += 1,
            Answer::Status(503) => refused += 1,
            Answer::Shut => shut += 1,
            other => panic!("a stream from {from} was answered {other:?}"),
        }
    }
    let open_streams: usize = open_by_address.values().sum();
    eprintln!("streams: {open_by_address:?} open, {refused} refused, {shut} shut");
    assert!(
        open_streams > 0 && open_streams <= 384,
        "{open_streams} streams open"
    );
    assert!(
        open_by_address.values().all(|&n| n <= 72),
        "{open_by_address:?}"
    );
    assert_eq!(open_streams + refused + shut, 1000);

    // Every slow body is cut: 408, or its connection shut as it came.
    let answers = join_all(
        slow.iter_mut()
            .map(|stream| answer(stream, Duration::from_secs(40))),
    )
    .await;
    let cut = answers
        .iter()
        .filter(|a| **a == Answer::Status(408))
        .count();
    let shut = answers.iter().filter(|a| **a == Answer::Shut).count();
    eprintln!(
        "slow bodies: {cut} answered 408, {shut} shut, of {}",
        answers.len()
    );
    assert!(cut > 0 && cut <= 96, "{cut} slow bodies held then cut");
    assert_eq!(cut + shut, answers.len(), "{answers:?}");

    let log = std::fs::read_to_string(log_file.path()).unwrap();
    assert!(!log.contains("Too many open files"), "{log}");
}
