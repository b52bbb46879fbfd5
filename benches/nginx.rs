//! A cached page of fushi against nginx serving the same bytes: `cargo bench --bench nginx`.
//!
//! `fushi serve` (the release build, its own process) holds a published event of 128 teams
//! (5 rounds of 8 boards); the bench reads its first round's page once in each coding
//! (identity, gzip, brotli), writes those bytes where nginx serves them as static files
//! (`gzip_static`, and `brotli_static` when Debian's `libnginx-mod-http-brotli-static` is
//! installed), and measures requests/s of the same path from both, 50 connections, in
//! alternating rounds of the same run. Prints each round, the median share of nginx's
//! requests/s for each coding, and the machine's load before and after (the machine may be
//! shared: compare the shares, not the rates, between runs).
//!
//! Set-up (Debian; nothing else of fushi needs nginx):
//! `apt-get install --no-install-recommends nginx-light libnginx-mod-http-brotli-static`,
//! or `nginx` for the full server. Without an `nginx` binary the bench says so and
//! measures nothing. `FUSHI_BENCH_PORTS=FROM-TO` keeps both servers' ports in that range;
//! an optional argument sets the rounds (3).

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

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use served::{free_ports, rate, serve};

/// The page both serve.
const PAGE: &str = "/t/club/rounds/1";

/// nginx's brotli module as Debian installs it.
const BROTLI_MODULE: &str = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/// The `nginx` binary: on the `PATH`, or where Debian puts it.
fn nginx_binary() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").into_iter().flat_map(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("nginx"))
            .collect::<Vec<_>>()
    });
    on_path
        .chain([PathBuf::from("/usr/sbin/nginx")])
        .find(|p| p.is_file())
}

/// nginx as its own process, stopped when dropped.
struct Nginx(Child);

impl Drop for Nginx {
    fn drop(&mut self) {
        // SAFETY: signals our own child process (SIGQUIT: nginx's graceful stop).
        unsafe {
            libc::kill(self.0.id() as libc::pid_t, libc::SIGQUIT);
        }
        let _ = self.0.wait();
    }
}

/// nginx serving `root` on `port`: as many workers as cores (fushi's default), the
/// precompressed files beside each file, no access log; as a static server is set up.
fn start_nginx(binary: &Path, dir: &Path, port: u16, brotli: bool) -> Nginx {
    let root = dir.join("www");
    let conf = format!(
        "{load}
worker_processes auto;
daemon off;
user root;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_requests 100000;
    open_file_cache max=64 inactive=60s;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {root};
        default_type text/html;
        charset utf-8;
        gzip_static on;
        gzip_vary on;
        {brotli_on}
    }}
}}
",
        load = if brotli {
            format!("load_module {BROTLI_MODULE};")
        } else {
            String::new()
        },
        dir = dir.display(),
        root = root.display(),
        brotli_on = if brotli { "brotli_static on;" } else { "" },
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, conf).expect("nginx.conf written");
    let child = Command::new(binary)
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("nginx starts");
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "nginx did not start: {}",
            std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Nginx(child)
}

/// The machine's load average over the last minute.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let Some(binary) = nginx_binary() else {
        println!(
            "nginx bench skipped: no nginx binary (Debian: apt-get install \
             --no-install-recommends nginx-light libnginx-mod-http-brotli-static)"
        );
        return;
    };
    let brotli = Path::new(BROTLI_MODULE).is_file();
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(3);
    let dir = tempfile::tempdir().expect("temporary folder");
    let db_url = dir.path().join("nginx.db").display().to_string();
    {
        let mut conn = fushi::db::open(&db_url).expect("open the database");
        let mut event = common::large_event(128, 5, 8);
        event.settings.slug = "club".to_owned();
        event.settings.published = true;
        fushi::db::insert_event(&mut conn, &event).expect("store the event");
    }
    let served = serve(&db_url, 1);
    let fushi_base = format!("http://127.0.0.1:{}", served.ports[0]);
    let nginx_port = free_ports(2)
        .into_iter()
        .find(|&p| p != served.ports[0])
        .expect("a port for nginx");
    let codings: Vec<(&str, &str)> = [("identity", ""), ("gzip", ".gz"), ("br", ".br")]
        .into_iter()
        .filter(|(coding, _)| brotli || *coding != "br")
        .collect();
    let page_file = dir.path().join(format!("www{PAGE}"));
    std::fs::create_dir_all(page_file.parent().unwrap()).expect("nginx's root");

    actix_web::rt::System::new().block_on(async move {
        // The page's bytes in each coding, as fushi keeps them, for nginx to serve.
        let client = load::client(2);
        for (coding, suffix) in &codings {
            let mut res = client
                .get(format!("{fushi_base}{PAGE}"))
                .insert_header(("accept-encoding", *coding))
                .send()
                .await
                .expect("the page");
            assert!(res.status().is_success(), "{PAGE}: {}", res.status());
            let got = res
                .headers()
                .get("content-encoding")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("identity")
                .to_owned();
            assert_eq!(&got, coding, "fushi's coding of {PAGE}");
            let body = res.body().limit(64 << 20).await.expect("the body");
            let mut path = page_file.clone().into_os_string();
            path.push(suffix);
            std::fs::write(&path, &body).expect("the page written");
            println!("{PAGE} in {coding}: {} B", body.len());
        }
        let nginx = start_nginx(&binary, dir.path(), nginx_port, brotli);
        let nginx_base = format!("http://127.0.0.1:{nginx_port}");
        if !brotli {
            println!("brotli not measured: {BROTLI_MODULE} is not installed");
        }
        println!("load average before: {}", load_average());
        let mut shares: Vec<Vec<f64>> = vec![Vec::new(); codings.len()];
        for round in 1..=rounds {
            for (at, (coding, _)) in codings.iter().enumerate() {
                let headers = [("accept-encoding".to_owned(), (*coding).to_owned())];
                let (ours, our_size, our_tally) =
                    rate(std::slice::from_ref(&fushi_base), PAGE, &headers).await;
                let (theirs, their_size, their_tally) =
                    rate(std::slice::from_ref(&nginx_base), PAGE, &headers).await;
                assert_eq!(our_size, their_size, "{coding}: both serve the same bytes");
                let share = 100.0 * ours / theirs;
                shares[at].push(share);
                println!(
                    "round {round}, {coding} ({our_size} B): fushi {ours:.0} req/s, nginx \
                     {theirs:.0} req/s = {share:.0} % (errors {} and {})",
                    our_tally.errors, their_tally.errors
                );
            }
        }
        for (at, (coding, _)) in codings.iter().enumerate() {
            println!(
                "cached page in {coding}: fushi at {:.0} % of nginx's requests/s (median of \
                 {rounds} rounds)",
                median(shares[at].clone())
            );
        }
        println!("load average after: {}", load_average());
        drop(nginx);
    });
}
