//! The load of the benches that drive a real server over loopback: clients that each ask
//! for paths in turn, and what they got (latencies, bytes, errors, timeouts), and the
//! server's memory. Each bench uses the part it needs.
#![allow(dead_code)]

use std::time::{Duration, Instant};

/// The resident memory of process `pid`, in MiB (0 when it cannot be read).
pub fn rss_mib(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// A client with room for `connections` connections, each request bounded to 30 s.
pub fn client(connections: usize) -> awc::Client {
    awc::Client::builder()
        .connector(awc::Connector::new().limit(connections + 10))
        .timeout(Duration::from_secs(30))
        .finish()
}

/// What a load got back.
#[derive(Default)]
pub struct Tally {
    pub requests: usize,
    pub latencies: Vec<Duration>,
    pub bytes: usize,
    pub errors: usize,
    pub timeouts: usize,
}

impl Tally {
    /// The latency below which a share `p` of the requests answered.
    pub fn percentile(&mut self, p: f64) -> Duration {
        self.latencies.sort();
        if self.latencies.is_empty() {
            return Duration::ZERO;
        }
        let i = ((self.latencies.len() as f64 - 1.0) * p).round() as usize;
        self.latencies[i]
    }
}

/// `connections` clients each asking `requests` times for paths in turn.
pub async fn drive(
    client: &awc::Client,
    base: &[String],
    paths: &[String],
    connections: usize,
    requests: usize,
) -> (Tally, Duration) {
    drive_for(
        client,
        base,
        paths,
        connections,
        requests,
        Duration::from_secs(600),
        &[],
    )
    .await
}

/// [`drive`] for at most `bound`, each request sending `headers`.
pub async fn drive_for(
    client: &awc::Client,
    base: &[String],
    paths: &[String],
    connections: usize,
    requests: usize,
    bound: Duration,
    headers: &[(String, String)],
) -> (Tally, Duration) {
    let started = Instant::now();
    let tasks: Vec<_> = (0..connections)
        .map(|c| {
            let client = client.clone();
            let base = base[c % base.len()].clone();
            let paths = paths.to_vec();
            let headers = headers.to_vec();
            actix_web::rt::spawn(async move {
                let mut tally = Tally::default();
                for i in 0..requests {
                    if started.elapsed() > bound {
                        break;
                    }
                    let path = &paths[(c + i) % paths.len()];
                    let t = Instant::now();
                    let mut req = client.get(format!("{base}{path}"));
                    for (name, value) in &headers {
                        req = req.insert_header((name.as_str(), value.as_str()));
                    }
                    match req.send().await {
                        Ok(mut res) => match res.body().limit(64 * 1024 * 1024).await {
                            Ok(body) => {
                                if res.status().is_success() {
                                    tally.bytes += body.len();
                                } else {
                                    tally.errors += 1;
                                }
                            }
                            Err(_) => tally.errors += 1,
                        },
                        Err(awc::error::SendRequestError::Timeout) => tally.timeouts += 1,
                        Err(_) => tally.errors += 1,
                    }
                    tally.latencies.push(t.elapsed());
                    tally.requests += 1;
                }
                tally
            })
        })
        .collect();
    let mut all = Tally::default();
    for task in tasks {
        let t = task.await.expect("a load task");
        all.requests += t.requests;
        all.latencies.extend(t.latencies);
        all.bytes += t.bytes;
        all.errors += t.errors;
        all.timeouts += t.timeouts;
    }
    (all, started.elapsed())
}
