//! 10,000 live phones on one server: `cargo bench --bench streams`.
//!
//! Starts the release `fushi serve` on a generated 512-team event (11 rounds × 16 boards)
//! in a SQLite file, with `FUSHI_MAX_LISTENERS` raised to the streams asked for and the
//! open-files limit raised for the server and this client (the server raises its soft
//! limit to the hard one at start; this bench, run as root, raises the hard one too where
//! it is too low for the streams). Then it opens the event streams (`/t/{slug}/events`)
//! over loopback from many source addresses (127.0.0.2 and up, each client socket bound
//! to one), within the default per-address caps (`FUSHI_MAX_LISTENERS_PER_ADDRESS` 200),
//! and prints:
//!
//! 1. how long opening them took, and any refused;
//! 2. the server's resident memory before and with every stream open, and per stream;
//! 3. for each of 3 saves of one result (a director's save, made from this process's own
//!    database connection): the time from the save's commit until its `change` event
//!    reached the first stream, half of them, 99 % of them and the last one (the fan-out);
//! 4. the load average before and after.
//!
//! Every loop is bounded in count and time. Optional arguments: STREAMS ADDRESSES (default
//! 10000 64). `FUSHI_BENCH_PORTS=FROM-TO` keeps the server's port in that range.

// A bench binary: a failed unwrap stops the run at its line, helpers shared with the
// tests are `pub`, and libc signals and limits its own child processes (`unsafe`, each
// block with its SAFETY note).
#![allow(unreachable_pub, unsafe_code, clippy::unwrap_used)]

#[path = "../tests/integration/common/mod.rs"]
mod common;
#[path = "support/load.rs"]
mod load;
#[path = "support/served.rs"]
mod served;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use actix_web::rt::net::{TcpSocket, TcpStream};
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;

use load::rss_mib;
use served::{free_port, ruled, write};

/// Streams being opened at once (the server's listen queue takes the rest in turn).
const OPENING_AT_ONCE: usize = 256;
/// The longest any one step may take.
const STEP_LIMIT: Duration = Duration::from_secs(120);
/// Saves whose fan-out is timed.
const SAVES: usize = 3;

/// The open-files limit of this process raised to at least `wanted` (the hard limit too,
/// where the process may), else to the hard limit: what it is now.
fn raise_descriptors(wanted: u64) -> u64 {
    // SAFETY: getrlimit/setrlimit on this process with a valid struct.
    unsafe {
        let mut now = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut now);
        if now.rlim_max < wanted {
            let raised = libc::rlimit {
                rlim_cur: wanted,
                rlim_max: wanted,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                return wanted;
            }
        }
        now.rlim_cur = now.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &now);
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut now);
        now.rlim_cur
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// Writes all of `bytes` to `stream`.
async fn send(stream: &TcpStream, mut bytes: &[u8]) -> std::io::Result<()> {
    while !bytes.is_empty() {
        stream.writable().await?;
        match stream.try_write(bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Reads from `stream` until what was read (kept in `seen`) holds `wanted`: what came up
/// to its end (taken out of `seen`), or `None` when the stream ended first.
async fn read_until(stream: &TcpStream, seen: &mut Vec<u8>, wanted: &[u8]) -> Option<Vec<u8>> {
    let mut buf = [0u8; 2048];
    loop {
        if let Some(at) = seen.windows(wanted.len()).position(|w| w == wanted) {
            return Some(seen.drain(..at + wanted.len()).collect());
        }
        if seen.len() > 8192 {
            seen.drain(..seen.len() - wanted.len());
        }
        stream.readable().await.ok()?;
        match stream.try_read(&mut buf) {
            Ok(0) => return None,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => return None,
        }
    }
}

/// One open event stream and what it has read beyond the last event looked for.
struct Listener {
    stream: TcpStream,
    seen: Vec<u8>,
}

/// Opens one event stream from `from`: the answer's head and its first event read.
async fn open(from: IpAddr, server: SocketAddr, slug: &str, revision: i64) -> Option<Listener> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::new(from, 0)).ok()?;
    let stream = socket.connect(server).await.ok()?;
    let request = format!(
        "GET /t/{slug}/events HTTP/1.1\r\nHost: {server}\r\nAccept: text/event-stream\r\n\r\n"
    );
    send(&stream, request.as_bytes()).await.ok()?;
    let mut seen = Vec::new();
    // The answer's head: a refusal (503) is no stream.
    let head = tokio::time::timeout(STEP_LIMIT, read_until(&stream, &mut seen, b"\r\n\r\n"));
    let Ok(Some(head)) = head.await else {
        return None;
    };
    if !head.starts_with(b"HTTP/1.1 200") {
        return None;
    }
    let first = format!("data: {revision}\n\n");
    let event = tokio::time::timeout(STEP_LIMIT, read_until(&stream, &mut seen, first.as_bytes()));
    matches!(event.await, Ok(Some(_))).then_some(Listener { stream, seen })
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (streams, addresses) = match numbers.as_slice() {
        [s, a] => (*s, (*a).clamp(1, 98)),
        [s] => (*s, 64),
        _ => (10_000, 64),
    };
    let per_address = streams.div_ceil(addresses);
    // The server keeps half its usable descriptors for ordinary requests: twice the
    // streams, its reserve, and room.
    let wanted = (2 * streams as u64 + 4_096).max(32_768);
    let descriptors = raise_descriptors(wanted);
    println!(
        "{streams} event streams from {addresses} addresses ({per_address} each), open-files limit {descriptors}; load average {}",
        load_average()
    );

    let dir = tempfile::tempdir().expect("temporary folder");
    let db = dir.path().join("streams.db").display().to_string();
    let event = common::large_event(512, 11, 16);
    let slug = event.settings.slug.clone();
    let mut conn = fushi::db::open(&db).expect("open the database");
    fushi::db::insert_event(&mut conn, &event).expect("store the event");
    drop(event);

    let port = free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fushi"))
        .args(["serve", "--db", &db, "--bind", &format!("127.0.0.1:{port}")])
        .env("RUST_LOG", "warn")
        .env("FUSHI_MAX_LISTENERS", streams.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start fushi serve");
    let pid = child.id();
    let server = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port);
    let started = Instant::now();
    while std::net::TcpStream::connect(server).is_err() {
        assert!(started.elapsed() < STEP_LIMIT, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }

    actix_web::rt::System::new().block_on(async move {
        // The snapshot held, as when readers have the standings open.
        let c = load::client(4);
        let mut res = c
            .get(format!("http://{server}/t/{slug}/standings"))
            .send()
            .await
            .expect("the standings");
        let _ = res.body().limit(64 << 20).await;
        assert!(res.status().is_success(), "the standings: {}", res.status());
        actix_web::rt::time::sleep(Duration::from_secs(1)).await;
        let before = rss_mib(pid);

        let mut revision = fushi::db::revision::of_slug(&mut conn, &slug)
            .unwrap()
            .expect("the tournament")
            .1;
        let t = Instant::now();
        let mut opening = FuturesUnordered::new();
        let mut listeners = Vec::with_capacity(streams);
        let mut refused = 0usize;
        for n in 0..streams {
            let from = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + (n % addresses) as u8));
            opening.push(open(from, server, &slug, revision));
            if opening.len() >= OPENING_AT_ONCE {
                match opening.next().await {
                    Some(Some(l)) => listeners.push(l),
                    _ => refused += 1,
                }
            }
            assert!(t.elapsed() < STEP_LIMIT, "opening the streams took too long");
        }
        while let Some(l) = opening.next().await {
            match l {
                Some(l) => listeners.push(l),
                None => refused += 1,
            }
        }
        let opened = t.elapsed();
        let served = listeners;
        actix_web::rt::time::sleep(Duration::from_secs(1)).await;
        let open_rss = rss_mib(pid);
        println!(
            "opened {} streams in {:.1} s ({refused} refused or failed)",
            served.len(),
            opened.as_secs_f64()
        );
        println!(
            "server RSS: {before:.0} MiB before, {open_rss:.0} MiB with the streams open: {:.1} KiB per stream",
            (open_rss - before) * 1024.0 / served.len().max(1) as f64
        );

        let mut listeners = served;
        for n in 0..SAVES {
            let table = 1 + n as i32;
            let results = ruled(&mut conn, &slug, 1, table, 1 + n as i32).expect("a match");
            let wanted = format!("\"revision\":{},", revision + 1);
            let t = Instant::now();
            assert!(write(&mut conn, &slug, (1, table), &results), "the save");
            let commit = t.elapsed();
            let mut reading: FuturesUnordered<_> = listeners
                .iter_mut()
                .map(|l| {
                    let wanted = wanted.as_bytes();
                    async move {
                        let got = tokio::time::timeout(
                            STEP_LIMIT,
                            read_until(&l.stream, &mut l.seen, wanted),
                        )
                        .await;
                        matches!(got, Ok(Some(_))).then(|| t.elapsed())
                    }
                })
                .collect();
            let mut times = Vec::new();
            let mut missed = 0usize;
            while let Some(got) = reading.next().await {
                match got {
                    Some(at) => times.push(at),
                    None => missed += 1,
                }
            }
            drop(reading);
            times.sort();
            println!(
                "save {}: commit {:.0} ms; its change event reached the first stream after {:.0} ms, half after {:.0} ms, 99 % after {:.0} ms, all {} after {:.0} ms ({missed} missed)",
                n + 1,
                ms(commit),
                ms(percentile(&times, 0.0)),
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.99)),
                times.len(),
                ms(times.last().copied().unwrap_or_default()),
            );
            revision += 1;
        }
        println!(
            "server RSS after the saves: {:.0} MiB; load average {}",
            rss_mib(pid),
            load_average()
        );
        drop(listeners);
    });

    // SAFETY: sends SIGTERM to our own child process.
    unsafe {
        libc::kill(pid as libc::pid_t, libc::SIGTERM);
    }
    let _ = child.wait();
}
