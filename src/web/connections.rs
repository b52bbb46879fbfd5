//! What keeps a few clients from taking the server's file descriptors, so that a reader
//! still gets the standings while hundreds of phones hold live pages or a hostile client
//! sends request bodies byte by byte:
//!
//! - [`raise_descriptor_limit`]: at start, the soft `RLIMIT_NOFILE` is raised to the hard
//!   limit (systemd's default soft limit is 1,024; the unit sets `LimitNOFILE=`).
//! - [`Caps::of`]: the live-stream caps and the per-address connection cap derived from the
//!   descriptors there are, with room kept for ordinary requests (the formula is there).
//! - [`PerAddress`]: a connection beyond its address's cap is shut as it is accepted.
//! - [`body_deadline`]: a request body must keep coming ([`BODY_IDLE`]) and be whole
//!   within [`BODY_WHOLE`]; a slower one is answered 408 and its connection closed.
//!   (actix-web's `client_request_timeout` covers the request's head only.)

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::{StatusCode, header};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, ResponseError};
use futures_util::Stream;

/// Descriptors kept out of every cap: the database pool, the SQLite files and their
/// journals, the listening sockets, the log, the blocking pool's files.
pub(crate) const RESERVED_DESCRIPTORS: u64 = 256;

/// The most descriptors kept back from the live streams for ordinary requests: half of the
/// usable ones up to this many. Ordinary requests are short; 8,192 of them at once is more
/// than a hall's phones make, while a server of 20,000 descriptors (a container whose hard
/// limit cannot be raised) may still hold 10,000 streams when its operator asks for them.
pub const KEPT_FOR_REQUESTS: usize = 8_192;

/// The longest wait for the next part of a request body.
pub(crate) const BODY_IDLE: Duration = Duration::from_secs(10);

/// The longest a whole request body may take (a 16 MiB archive at 140 kB/s).
pub(crate) const BODY_WHOLE: Duration = Duration::from_secs(120);

/// The soft limit of open files, raised to the hard limit (or the kernel's default
/// ceiling of 1,048,576 when the hard limit is unlimited): what the server may open.
#[cfg(unix)]
pub fn raise_descriptor_limit() -> u64 {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let now = getrlimit(Resource::Nofile);
    let ceiling = now.maximum.unwrap_or(1 << 20);
    if now.current.is_some_and(|soft| soft < ceiling) {
        let raised = Rlimit {
            current: Some(ceiling),
            maximum: now.maximum,
        };
        if let Err(e) = setrlimit(Resource::Nofile, raised) {
            tracing::warn!("the open-files limit stays as it was: {e}");
        }
    }
    descriptors()
}

#[cfg(not(unix))]
pub fn raise_descriptor_limit() -> u64 {
    descriptors()
}

/// The soft limit of open files now.
#[cfg(unix)]
pub fn descriptors() -> u64 {
    rustix::process::getrlimit(rustix::process::Resource::Nofile)
        .current
        .unwrap_or(1 << 20)
}

#[cfg(not(unix))]
pub fn descriptors() -> u64 {
    1 << 14
}

/// The caps on what clients may hold open, from the descriptors there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// The soft limit of open files.
    pub descriptors: u64,
    /// Connections open at once on this server: beyond them, new ones wait in the listen
    /// queue (which holds no descriptor) until one ends, rather than fail to be accepted.
    pub connections: usize,
    /// Open event streams on this server.
    pub streams: usize,
    /// Open event streams from one client address.
    pub(crate) streams_per_address: usize,
    /// Open connections from one address (a trusted proxy's are not counted).
    pub connections_per_address: usize,
}

impl Caps {
    /// With `usable` = descriptors − [`RESERVED_DESCRIPTORS`]:
    ///
    /// - connections = usable;
    /// - streams = min(`FUSHI_MAX_LISTENERS`, usable − min(usable / 2,
    ///   [`KEPT_FOR_REQUESTS`])): half, at most 8,192, is kept for ordinary requests;
    /// - connections per address = min(`FUSHI_MAX_CONNECTIONS_PER_ADDRESS`, max(16,
    ///   usable / 8)): eight addresses cannot fill the server;
    /// - streams per address = min(`FUSHI_MAX_LISTENERS_PER_ADDRESS`, ¾ of the
    ///   connections per address): an address that holds its every stream can still load
    ///   pages.
    ///
    /// At 1,024 descriptors: 384 streams, 96 connections and 72 streams per address; at
    /// 65,536 (the unit's `LimitNOFILE`): the settings' 5,000 and 200, 8,160 connections.
    pub fn of(descriptors: u64, asked: Asked) -> Caps {
        let usable =
            usize::try_from(descriptors.saturating_sub(RESERVED_DESCRIPTORS)).unwrap_or(usize::MAX);
        let connections_per_address = (usable / 8)
            .max(16)
            .min(asked.connections_per_address.unwrap_or(usize::MAX));
        Caps {
            descriptors,
            connections: usable.max(1),
            streams: asked
                .streams
                .min(usable - (usable / 2).min(KEPT_FOR_REQUESTS)),
            streams_per_address: asked
                .streams_per_address
                .min(connections_per_address - connections_per_address / 4),
            connections_per_address,
        }
    }
}

/// The caps the settings ask for, before the descriptors bound them.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    pub streams: usize,
    pub(crate) streams_per_address: usize,
    pub connections_per_address: Option<usize>,
}

/// Open connections by client address, within a cap per address.
#[derive(Debug)]
pub(crate) struct PerAddress {
    cap: usize,
    proxies: super::client::TrustedProxies,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection counted for its address; dropped with the connection.
struct Counted {
    registry: Arc<PerAddress>,
    address: IpAddr,
}

impl Drop for Counted {
    fn drop(&mut self) {
        if let Ok(mut open) = self.registry.open.lock()
            && let Some(n) = open.get_mut(&self.address)
        {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.address);
            }
        }
    }
}

impl PerAddress {
    pub(crate) fn new(cap: usize, proxies: super::client::TrustedProxies) -> Arc<PerAddress> {
        Arc::new(PerAddress {
            cap,
            proxies,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// For `HttpServer::on_connect`: counts the new connection for its address (kept in
    /// the connection's data, so it is given back when the connection ends), or shuts it
    /// at once when its address holds its cap already. A trusted proxy's connections are
    /// not counted: the proxy keeps its own limits, and the stream cap per address reads
    /// the client's address it forwards.
    pub(crate) fn on_connect(
        self: &Arc<Self>,
        connection: &dyn std::any::Any,
        data: &mut actix_web::dev::Extensions,
    ) {
        type Plain = actix_web::rt::net::TcpStream;
        type Tls = actix_tls::accept::openssl::TlsStream<Plain>;
        // Over HTTPS the connection is the TLS stream, the TCP one under it.
        let stream = match connection.downcast_ref::<Plain>() {
            Some(plain) => plain,
            None => match connection.downcast_ref::<Tls>() {
                Some(tls) => tls.get_ref(),
                None => return,
            },
        };
        let Ok(peer) = stream.peer_addr() else {
            return;
        };
        let address = peer.ip();
        if self.proxies.contains(address) {
            return;
        }
        let Ok(mut open) = self.open.lock() else {
            return;
        };
        let held = open.entry(address).or_default();
        if *held >= self.cap {
            drop(open);
            shut(stream);
            return;
        }
        *held += 1;
        data.insert(Counted {
            registry: self.clone(),
            address,
        });
    }
}

/// Ends a connection as it is accepted: the server reads its end at once and lets the
/// descriptor go.
#[cfg(unix)]
fn shut(stream: &actix_web::rt::net::TcpStream) {
    let _ = rustix::net::shutdown(stream, rustix::net::Shutdown::Both);
}

#[cfg(not(unix))]
fn shut(_: &actix_web::rt::net::TcpStream) {}

/// A request body that must keep coming: at most [`BODY_IDLE`] between its parts and
/// [`BODY_WHOLE`] in all, else it ends with an error (and `late` is set).
struct TimedBody {
    body: Payload,
    idle: Pin<Box<tokio::time::Sleep>>,
    whole: Pin<Box<tokio::time::Sleep>>,
    late: Arc<std::sync::atomic::AtomicBool>,
}

impl Stream for TimedBody {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.late.load(std::sync::atomic::Ordering::Relaxed) {
            return Poll::Ready(None);
        }
        match Pin::new(&mut this.body).poll_next(cx) {
            Poll::Ready(Some(Ok(part))) => {
                let next = tokio::time::Instant::now() + BODY_IDLE;
                this.idle.as_mut().reset(next);
                Poll::Ready(Some(Ok(part)))
            }
            Poll::Ready(other) => Poll::Ready(other),
            Poll::Pending => {
                if this.idle.as_mut().poll(cx).is_pending()
                    && this.whole.as_mut().poll(cx).is_pending()
                {
                    return Poll::Pending;
                }
                this.late.store(true, std::sync::atomic::Ordering::Relaxed);
                Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the request body came too slowly",
                )))))
            }
        }
    }
}

/// Every request with a body reads it through [`TimedBody`]; a body that came too slowly
/// is answered `408 Request Timeout` and its connection closed, whatever the handler (or
/// the CSRF check, which reads forms first) made of the error.
pub(crate) async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, actix_web::Error> {
    let has_body = req.headers().contains_key(header::TRANSFER_ENCODING)
        || req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() != "0");
    if !has_body {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    let late = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let timed = TimedBody {
        body: req.take_payload(),
        idle: Box::pin(tokio::time::sleep(BODY_IDLE)),
        whole: Box::pin(tokio::time::sleep(BODY_WHOLE)),
        late: late.clone(),
    };
    let boxed: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(timed);
    req.set_payload(Payload::from(boxed));
    let outcome = next.call(req).await;
    if !late.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(outcome?.map_into_left_body());
    }
    // The request is the response's to give back; an error becomes its own response.
    let (request, _) = outcome.map_err(|_| SlowBody)?.into_parts();
    Ok(ServiceResponse::new(request, SlowBody.error_response()).map_into_right_body())
}

/// A request body that came too slowly: `408 Request Timeout`, and the connection closes.
#[derive(Debug, thiserror::Error)]
#[error("the request body came too slowly")]
struct SlowBody;

impl actix_web::ResponseError for SlowBody {
    fn status_code(&self) -> StatusCode {
        StatusCode::REQUEST_TIMEOUT
    }

    fn error_response(&self) -> actix_web::HttpResponse {
        let mut response = actix_web::HttpResponse::build(StatusCode::REQUEST_TIMEOUT)
            .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body("The request came too slowly; send it again.\n");
        response
            .head_mut()
            .set_connection_type(actix_web::http::ConnectionType::Close);
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked() -> Asked {
        Asked {
            streams: 5_000,
            streams_per_address: 200,
            connections_per_address: None,
        }
    }

    #[test]
    fn caps_keep_room_for_ordinary_requests() {
        let caps = Caps::of(1_024, asked());
        assert_eq!(caps.streams, 384);
        assert_eq!(caps.connections_per_address, 96);
        assert_eq!(caps.streams_per_address, 72);
        // Every stream and one address's every connection still leave descriptors.
        let held = caps.streams + caps.connections_per_address;
        assert!((held as u64) + RESERVED_DESCRIPTORS < caps.descriptors);
        let caps = Caps::of(65_536, asked());
        assert_eq!(
            (
                caps.streams,
                caps.streams_per_address,
                caps.connections_per_address
            ),
            (5_000, 200, 8_160)
        );
        // The settings bound them, and a tiny limit still lets an address in.
        let tight = Asked {
            connections_per_address: Some(20),
            ..asked()
        };
        assert_eq!(Caps::of(65_536, tight).streams_per_address, 15);
        assert_eq!(Caps::of(100, asked()).streams, 0);
        // Half is kept for ordinary requests, but never more than 8,192 descriptors: a
        // container whose hard limit is 20,000 can hold 10,000 streams when asked.
        let many = Asked {
            streams: 10_000,
            ..asked()
        };
        assert_eq!(Caps::of(20_000, many).streams, 10_000);
        assert_eq!(Caps::of(16_640, many).streams, 8_192);
        assert_eq!(Caps::of(40_000, many).streams, 10_000);
        let all = Asked {
            streams: usize::MAX,
            ..asked()
        };
        assert_eq!(Caps::of(20_000, all).streams, 19_744 - 8_192);
        assert_eq!(Caps::of(100, asked()).connections_per_address, 16);
    }
}
