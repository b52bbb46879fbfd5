//! `fushi healthcheck`: asks the server of this configuration for `/readyz`, over the same
//! address (`FUSHI_BIND`) and scheme (`FUSHI_TLS_CERT`) it was started with, so that a
//! container's `HEALTHCHECK` needs no curl and follows the settings.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

/// How long the check waits to connect and for the answer.
const TIMEOUT: Duration = Duration::from_secs(3);

/// Where a server bound to `bind` is reached from this machine: its own address, or
/// loopback when it listens on every interface.
pub fn target(bind: &str) -> Result<SocketAddr, String> {
    let addr = bind
        .to_socket_addrs()
        .map_err(|e| format!("{bind}: {e}"))?
        .next()
        .ok_or_else(|| format!("{bind}: no address"))?;
    let ip = match addr.ip() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    Ok(SocketAddr::new(ip, addr.port()))
}

/// `Ok` when the server at `bind` answers `GET /readyz` with 200 (`ready`, or `degraded`
/// while it still serves what it has rendered: docs/operations.md, "Running it as a service"); else why not.
pub fn check(bind: &str, https: bool) -> Result<(), String> {
    let addr = target(bind)?;
    let stream = TcpStream::connect_timeout(&addr, TIMEOUT).map_err(|e| format!("{addr}: {e}"))?;
    stream
        .set_read_timeout(Some(TIMEOUT))
        .and_then(|()| stream.set_write_timeout(Some(TIMEOUT)))
        .map_err(|e| e.to_string())?;
    let request = format!(
        "GET /readyz HTTP/1.1\r\nHost: {addr}\r\nUser-Agent: fushi-healthcheck\r\nConnection: close\r\n\r\n"
    );
    let answer = if https {
        exchange(tls_stream(stream)?, &request)?
    } else {
        exchange(stream, &request)?
    };
    let status = answer.split(' ').nth(1).unwrap_or("");
    if status == "200" {
        Ok(())
    } else {
        let line = answer.lines().next().unwrap_or("no answer");
        Err(format!("{addr}: {line}"))
    }
}

/// Writes `request` and reads the answer's head (the status line is all the check needs).
fn exchange(mut stream: impl Read + Write, request: &str) -> Result<String, String> {
    stream
        .write_all(request.as_bytes())
        .map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    let mut chunk = [0u8; 1024];
    while answer.len() < 16 * 1024 {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
            Err(_) if !answer.is_empty() => break,
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

/// TLS over `stream`, without checking the certificate: the check asks its own server on
/// this machine, whose certificate names the hall's address, not loopback.
fn tls_stream(stream: TcpStream) -> Result<impl Read + Write, String> {
    use openssl::ssl::{SslConnector, SslMethod, SslVerifyMode};
    let mut connector =
        SslConnector::builder(SslMethod::tls_client()).map_err(|e| e.to_string())?;
    connector.set_verify(SslVerifyMode::NONE);
    connector
        .build()
        .connect("localhost", stream)
        .map_err(|e| e.to_string())
}
