//! Who the client is: its address (through the proxies believed) and the keys the login
//! throttle counts failures under.

use std::net::IpAddr;
use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::http::header;
use ipnet::IpNet;

use crate::db::accounts;

/// Failed sign-ins for one account from one address within [`WINDOW`] before that pair is
/// refused (the account stays open from every other address).
pub(crate) const ACCOUNT_LIMIT: i32 = 5;
/// Failed sign-ins within [`WINDOW`] before an address is refused, whatever the names.
pub(crate) const ADDRESS_LIMIT: i32 = 20;
/// How long failures count (from the first one).
pub(crate) const WINDOW: Duration = Duration::from_secs(15 * 60);

/// The keys a sign-in is counted under: the account from this address (`user:NAME
/// addr:ADDR`, the name lowercased and cut to what a name may be), and the address alone.
/// Wrong passwords from one address never lock the account's owner out from another.
/// An IPv6 client counts by its /64, the block one machine is usually given: a client
/// with a block of its own cannot walk through its addresses to escape the address limit.
pub(crate) fn attempt_keys(name: &str, addr: Option<IpAddr>) -> (String, String) {
    let name: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(accounts::MAX_NAME + 1)
        .collect::<String>()
        .to_lowercase();
    let addr = match addr {
        None => "unknown".to_owned(),
        Some(IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => ipnet::Ipv6Net::new(v6, 64)
            .map(|net| net.trunc().to_string())
            .unwrap_or_else(|_| v6.to_string()),
        Some(IpAddr::V6(v6)) => v6
            .to_ipv4_mapped()
            .map_or_else(String::new, |v4| v4.to_string()),
        Some(v4) => v4.to_string(),
    };
    (format!("user:{name} addr:{addr}"), format!("addr:{addr}"))
}

/// Sign-ins under way on this server, one at a time per address: each counts its attempt,
/// checks the password and gives the attempt back when it was right before the next
/// starts, so simultaneous correct sign-ins never add up to a lock-out, and simultaneous
/// guesses are still throttled like a sequence.
#[derive(Debug, Default)]
pub(crate) struct SignInTurns(std::sync::Mutex<std::collections::HashMap<String, TurnLock>>);

type TurnLock = std::sync::Arc<tokio::sync::Mutex<()>>;

impl SignInTurns {
    /// Waits for `key`'s turn; the turn ends when the guard is dropped.
    pub(crate) async fn turn(&self, key: &str) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = {
            let mut held = self.0.lock().unwrap_or_else(|e| e.into_inner());
            // Locks nobody holds or waits for are dropped, so the map stays small.
            held.retain(|_, lock| std::sync::Arc::strong_count(lock) > 1);
            held.entry(key.to_owned()).or_default().clone()
        };
        lock.lock_owned().await
    }
}

/// The one header a trusted proxy tells the client by (`FUSHI_PROXY_HEADER`): the other
/// is ignored entirely, so a client cannot slip an address past a proxy that passes the
/// other header through untouched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For`, with `X-Forwarded-Proto` and `X-Forwarded-Host` (the default:
    /// what nginx's and Caddy's usual configurations write).
    #[default]
    XForwardedFor,
    /// `Forwarded` (RFC 7239): its `for=`, `proto=` and `host=`.
    Forwarded,
}

impl ProxyHeader {
    /// `X-Forwarded-For` or `Forwarded`, in any case.
    pub fn parse(text: &str) -> Option<ProxyHeader> {
        match text.trim().to_ascii_lowercase().as_str() {
            "x-forwarded-for" => Some(ProxyHeader::XForwardedFor),
            "forwarded" => Some(ProxyHeader::Forwarded),
            _ => None,
        }
    }
}

/// The proxies whose forwarding header is believed (`FUSHI_TRUSTED_PROXIES`: addresses or
/// CIDR ranges, separated by commas or spaces; none by default, so the address of the
/// connection is the client's), and which header that is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    nets: Vec<IpNet>,
    header: ProxyHeader,
}

impl TrustedProxies {
    /// The proxies of `text`, believed through `X-Forwarded-For` (see [`Self::with_header`]).
    pub fn parse(text: &str) -> Result<TrustedProxies, String> {
        text.split([',', ' ', '\t', '\n'])
            .filter(|i| !i.is_empty())
            .map(|item| {
                item.parse::<IpNet>()
                    .or_else(|_| item.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| {
                        format!("FUSHI_TRUSTED_PROXIES: \"{item}\" is not an address or range")
                    })
            })
            .collect::<Result<_, _>>()
            .map(|nets| TrustedProxies {
                nets,
                header: ProxyHeader::default(),
            })
    }

    /// The same proxies, believed through `header` only.
    pub fn with_header(self, header: ProxyHeader) -> TrustedProxies {
        TrustedProxies { header, ..self }
    }

    /// A range that holds every address (`0.0.0.0/0`, `::/0`), which would let any client
    /// say who it is.
    pub fn everyone(&self) -> Option<IpNet> {
        self.nets.iter().find(|net| net.prefix_len() == 0).copied()
    }

    /// Whether `ip` is one of the proxies (an IPv4 address mapped into IPv6, as a dual-stack
    /// socket reports it, counts as the IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        self.nets.iter().any(|net| net.contains(&ip))
    }

    /// The client's address: the connection's, unless it comes from a trusted proxy; then
    /// the right-most address of the chosen header that is not itself a trusted proxy (the
    /// one the outermost trusted proxy appended; whatever the client wrote stands to its
    /// left and is never reached while a trusted proxy appends).
    pub fn client(&self, req: &HttpRequest) -> Option<IpAddr> {
        let peer = req.peer_addr()?.ip();
        if !self.contains(peer) {
            return Some(peer);
        }
        let chain = forwarded_chain(req, self.header);
        let mut client = peer;
        for hop in chain.iter().rev() {
            let Some(ip) = hop else {
                break; // "unknown" or garbage: the last trusted hop is as far as we know
            };
            client = *ip;
            if !self.contains(*ip) {
                break;
            }
        }
        Some(client)
    }
}

/// The addresses of the chosen header (`Forwarded: for=…` or `X-Forwarded-For`), oldest
/// first; `None` for an entry that is not an address.
fn forwarded_chain(req: &HttpRequest, header: ProxyHeader) -> Vec<Option<IpAddr>> {
    fn address(text: &str) -> Option<IpAddr> {
        let text = text.trim().trim_matches('"');
        if let Ok(ip) = text.parse() {
            return Some(ip);
        }
        if let Ok(sock) = text.parse::<std::net::SocketAddr>() {
            return Some(sock.ip());
        }
        let inner = text.strip_prefix('[')?.split(']').next()?;
        inner.parse().ok()
    }
    match header {
        ProxyHeader::Forwarded => elements(req, header::FORWARDED)
            .iter()
            .map(|element| pair(element, "for").and_then(|v| address(&v)))
            .collect(),
        ProxyHeader::XForwardedFor => {
            elements(req, header::HeaderName::from_static("x-forwarded-for"))
                .iter()
                .map(|v| address(v))
                .collect()
        }
    }
}

/// Every comma-separated element of every `name` header, in order.
fn elements(req: &HttpRequest, name: header::HeaderName) -> Vec<String> {
    req.headers()
        .get_all(name)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|v| v.trim().to_owned())
        .collect()
}

/// The `key=` value of one `Forwarded` element, unquoted.
fn pair(element: &str, key: &str) -> Option<String> {
    element
        .split(';')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case(key))
        .map(|(_, v)| v.trim().trim_matches('"').to_owned())
}

impl TrustedProxies {
    /// Whether the connection comes from a proxy whose forwarding header is believed.
    fn believed(&self, req: &HttpRequest) -> bool {
        req.peer_addr().is_some_and(|peer| self.contains(peer.ip()))
    }

    /// What the nearest trusted proxy says of `key` (`proto`, `host`) in the chosen header
    /// family: the last `Forwarded` element's, or the last `X-Forwarded-Proto` /
    /// `X-Forwarded-Host` value; nothing from an untrusted connection.
    fn forwarded(&self, req: &HttpRequest, key: &'static str) -> Option<String> {
        if !self.believed(req) {
            return None;
        }
        let value = match self.header {
            ProxyHeader::Forwarded => pair(elements(req, header::FORWARDED).last()?, key),
            ProxyHeader::XForwardedFor => {
                let name = if key == "proto" {
                    "x-forwarded-proto"
                } else {
                    "x-forwarded-host"
                };
                elements(req, header::HeaderName::from_static(name)).pop()
            }
        };
        value.filter(|v| !v.is_empty())
    }

    /// The scheme the client used: `https` only when a trusted proxy says so, in the chosen
    /// header family; else what fushi itself speaks on this connection.
    pub(crate) fn scheme(&self, req: &HttpRequest) -> &'static str {
        // Not `connection_info()`, which believes forwarding headers from anyone.
        let own = if req.app_config().secure() {
            "https"
        } else {
            "http"
        };
        match self.forwarded(req, "proto") {
            Some(p) if p.eq_ignore_ascii_case("https") => "https",
            Some(_) => "http",
            None => own,
        }
    }

    /// The host the client asked for: the request's own `Host`, or what a trusted proxy
    /// forwards (`Forwarded: host=…` or `X-Forwarded-Host`, by the chosen header).
    pub fn host(&self, req: &HttpRequest) -> String {
        self.forwarded(req, "host")
            .or_else(|| {
                req.headers()
                    .get(header::HOST)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| "localhost".to_owned())
    }
}

/// The trusted-proxy rule of the app serving `req` (none believed without one).
pub fn rule(req: &HttpRequest) -> TrustedProxies {
    req.app_data::<actix_web::web::Data<crate::web::AppState>>()
        .map(|state| state.accounts.trusted_proxies.clone())
        .unwrap_or_default()
}

/// The client's address by the trusted-proxy rule: a forwarding header counts only from a
/// configured proxy (`FUSHI_TRUSTED_PROXIES`).
pub(crate) fn client_address(req: &HttpRequest) -> Option<std::net::IpAddr> {
    rule(req).client(req)
}

/// Whether `req` comes from the machine fushi runs on: its connection is from a loopback
/// address and carries no `Forwarded` or `X-Forwarded-*` header. A proxy on the same
/// machine connects from loopback too, on behalf of anyone: its headers give it away, so a
/// forwarded request is never the machine's, whatever `FUSHI_TRUSTED_PROXIES` says.
pub(crate) fn from_this_machine(req: &HttpRequest) -> bool {
    let loopback = req.peer_addr().is_some_and(|peer| match peer.ip() {
        IpAddr::V6(v6) => v6
            .to_ipv4_mapped()
            .map_or(v6.is_loopback(), |v4| v4.is_loopback()),
        IpAddr::V4(v4) => v4.is_loopback(),
    });
    let forwarded = req.headers().keys().any(|name| {
        let name = name.as_str();
        name == "forwarded" || name.starts_with("x-forwarded-")
    });
    loopback && !forwarded
}

/// `scheme://host` as the client reached fushi, by the trusted-proxy rule.
pub fn site(req: &HttpRequest) -> String {
    let rule = rule(req);
    format!("{}://{}", rule.scheme(req), rule.host(req))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        use actix_web::test::TestRequest;
        let none = TrustedProxies::parse("").unwrap();
        let proxies = TrustedProxies::parse("10.0.0.0/8, ::1").unwrap();
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.example").is_err());
        // Ranges keep their prefix even when written with host bits; mapped IPv4 counts.
        let ranges = TrustedProxies::parse("192.168.7.9/24 2001:db8::/32").unwrap();
        assert!(ranges.contains("192.168.7.200".parse().unwrap()));
        assert!(!ranges.contains("192.168.8.1".parse().unwrap()));
        assert!(ranges.contains("2001:db8:ffff::1".parse().unwrap()));
        assert!(ranges.contains("::ffff:192.168.7.1".parse().unwrap()));
        assert!(!ranges.contains("2001:db9::1".parse().unwrap()));
        let from = |peer: &str, xff: &str| {
            TestRequest::default()
                .peer_addr(peer.parse().unwrap())
                .insert_header(("x-forwarded-for", xff.to_owned()))
                .to_http_request()
        };
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        // By default the header is ignored.
        assert_eq!(
            none.client(&from("203.0.113.5:1", "1.2.3.4")),
            ip("203.0.113.5")
        );
        // From an untrusted peer it is ignored too.
        assert_eq!(
            proxies.client(&from("203.0.113.5:1", "1.2.3.4")),
            ip("203.0.113.5")
        );
        // Through a trusted proxy: the nearest untrusted address, not a forged first one.
        assert_eq!(
            proxies.client(&from("10.1.2.3:1", "6.6.6.6, 198.51.100.7, 10.9.9.9")),
            ip("198.51.100.7")
        );
        assert_eq!(proxies.client(&from("[::1]:1", "garbage")), ip("::1"));
        // The other header is ignored entirely: a forged `Forwarded` through a proxy that
        // writes `X-Forwarded-For` changes nothing.
        let both = |peer: &str| {
            TestRequest::default()
                .peer_addr(peer.parse().unwrap())
                .insert_header(("forwarded", "for=6.6.6.6;proto=https;host=evil.example"))
                .insert_header(("x-forwarded-for", "6.6.6.7, 198.51.100.7"))
                .insert_header(("x-forwarded-proto", "http"))
                .insert_header(("host", "fushi.local"))
                .to_http_request()
        };
        assert_eq!(proxies.client(&both("10.0.0.1:1")), ip("198.51.100.7"));
        assert_eq!(proxies.scheme(&both("10.0.0.1:1")), "http");
        assert_eq!(proxies.host(&both("10.0.0.1:1")), "fushi.local");
        // With `Forwarded` chosen, the other way round: its right-most untrusted `for=`.
        let rfc = proxies.clone().with_header(ProxyHeader::Forwarded);
        assert_eq!(rfc.client(&both("10.0.0.1:1")), ip("6.6.6.6"));
        assert_eq!(rfc.scheme(&both("10.0.0.1:1")), "https");
        assert_eq!(rfc.host(&both("10.0.0.1:1")), "evil.example");
        let fwd = TestRequest::default()
            .peer_addr("10.0.0.1:1".parse().unwrap())
            .insert_header((
                "forwarded",
                "for=6.6.6.6, for=\"[2001:db8::7]:4711\";proto=https, for=10.0.0.9",
            ))
            .to_http_request();
        assert_eq!(rfc.client(&fwd), ip("2001:db8::7"));
        assert_eq!(proxies.client(&fwd), ip("10.0.0.1"));
        // Without a trusted proxy neither header counts.
        assert_eq!(none.client(&both("203.0.113.5:1")), ip("203.0.113.5"));
        let none_rfc = none.clone().with_header(ProxyHeader::Forwarded);
        assert_eq!(none_rfc.client(&both("203.0.113.5:1")), ip("203.0.113.5"));
        assert_eq!(none_rfc.scheme(&both("203.0.113.5:1")), "http");
        // Scheme and host: believed from a trusted proxy only.
        let forged = |peer: &str| {
            TestRequest::default()
                .peer_addr(peer.parse().unwrap())
                .insert_header(("host", "fushi.local:8080"))
                .insert_header(("x-forwarded-proto", "https"))
                .insert_header(("x-forwarded-host", "evil.example"))
                .to_http_request()
        };
        let stranger = forged("203.0.113.5:1");
        assert_eq!(proxies.scheme(&stranger), "http");
        assert_eq!(proxies.host(&stranger), "fushi.local:8080");
        let proxied = forged("10.0.0.2:1");
        assert_eq!(proxies.scheme(&proxied), "https");
        assert_eq!(proxies.host(&proxied), "evil.example");
        // Ranges that hold every address are found (the settings refuse them).
        assert!(
            TrustedProxies::parse("10.0.0.1, 0.0.0.0/0")
                .unwrap()
                .everyone()
                .is_some()
        );
        assert!(TrustedProxies::parse("::/0").unwrap().everyone().is_some());
        assert!(proxies.everyone().is_none());
        // Names are cut to what a name may be before they become a key.
        let (user, addr) = attempt_keys(&"Ä".repeat(10_000), None);
        assert!(user.chars().count() <= accounts::MAX_NAME + 20);
        assert_eq!(addr, "addr:unknown");
        // One account from two addresses: two keys; an IPv6 client by its /64.
        let (a, _) = attempt_keys("Ada", ip("203.0.113.5"));
        let (b, _) = attempt_keys("ada", ip("203.0.113.6"));
        assert_ne!(a, b);
        assert_eq!(a, "user:ada addr:203.0.113.5");
        let (_, v6) = attempt_keys("ada", ip("2001:db8:1:2:3:4:5:6"));
        let (_, same) = attempt_keys("ada", ip("2001:db8:1:2:ffff::1"));
        assert_eq!(
            (v6.as_str(), same.as_str()),
            ("addr:2001:db8:1:2::/64", "addr:2001:db8:1:2::/64")
        );
        let (_, mapped) = attempt_keys("ada", ip("::ffff:192.0.2.1"));
        assert_eq!(mapped, "addr:192.0.2.1");
    }

    #[test]
    fn the_machine_itself_is_loopback_without_forwarding_headers() {
        use actix_web::test::TestRequest;
        let at = |peer: &str| TestRequest::default().peer_addr(peer.parse().unwrap());
        assert!(from_this_machine(&at("127.0.0.1:5000").to_http_request()));
        assert!(from_this_machine(&at("[::1]:5000").to_http_request()));
        assert!(from_this_machine(
            &at("[::ffff:127.0.0.1]:5000").to_http_request()
        ));
        assert!(!from_this_machine(
            &at("192.168.1.20:5000").to_http_request()
        ));
        assert!(!from_this_machine(
            &TestRequest::default().to_http_request()
        ));
        for header in [
            "x-forwarded-for",
            "X-Forwarded-Host",
            "forwarded",
            "x-forwarded-proto",
        ] {
            let proxied = at("127.0.0.1:5000")
                .insert_header((header, "203.0.113.9"))
                .to_http_request();
            assert!(!from_this_machine(&proxied), "{header}");
        }
    }
}
