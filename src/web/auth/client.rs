//! Who the client is: its address (through the proxies believed) and the keys the login
//! throttle counts failures under.

use std::net::IpAddr;
use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::http::header;
use ipnet::IpNet;

use crate::db::accounts;

/// Failed sign-ins within [`WINDOW`] before an account is refused.
pub const ACCOUNT_LIMIT: i32 = 5;
/// Failed sign-ins within [`WINDOW`] before an address is refused.
pub const ADDRESS_LIMIT: i32 = 20;
/// How long failures count (from the first one).
pub const WINDOW: Duration = Duration::from_secs(15 * 60);

/// The keys a sign-in is counted under: the name (lowercased, cut to what a name may be)
/// and the client's address.
pub fn attempt_keys(name: &str, addr: Option<IpAddr>) -> (String, String) {
    let name: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(accounts::MAX_NAME + 1)
        .collect::<String>()
        .to_lowercase();
    let addr = addr.map_or_else(|| "unknown".to_owned(), |a| a.to_string());
    (format!("user:{name}"), format!("addr:{addr}"))
}

/// The proxies whose `X-Forwarded-For` / `Forwarded` headers are believed
/// (`FUSHI_TRUSTED_PROXIES`: addresses or CIDR ranges, separated by commas or spaces;
/// none by default, so the address of the connection is the client's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
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
            .map(TrustedProxies)
    }

    /// Whether `ip` is one of the proxies (an IPv4 address mapped into IPv6, as a dual-stack
    /// socket reports it, counts as the IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client's address: the connection's, unless it comes from a trusted proxy; then
    /// the nearest address in the forwarding chain that is not itself a trusted proxy.
    pub fn client(&self, req: &HttpRequest) -> Option<IpAddr> {
        let peer = req.peer_addr()?.ip();
        if !self.contains(peer) {
            return Some(peer);
        }
        let chain = forwarded_chain(req);
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

/// The addresses of `Forwarded: for=…` (preferred) or `X-Forwarded-For`, oldest first;
/// `None` for an entry that is not an address.
fn forwarded_chain(req: &HttpRequest) -> Vec<Option<IpAddr>> {
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
    let all = |name: header::HeaderName| -> Vec<String> {
        req.headers()
            .get_all(name)
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::to_owned)
            .collect()
    };
    let forwarded = all(header::FORWARDED);
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, v)| address(v))
            })
            .collect();
    }
    all(header::HeaderName::from_static("x-forwarded-for"))
        .iter()
        .map(|v| address(v))
        .collect()
}

impl TrustedProxies {
    /// Whether the connection comes from a proxy whose forwarding headers are believed.
    fn believed(&self, req: &HttpRequest) -> bool {
        req.peer_addr().is_some_and(|peer| self.contains(peer.ip()))
    }

    /// The scheme the client used: `https` only when a trusted proxy says so
    /// (`Forwarded: proto=https` or `X-Forwarded-Proto: https`); fushi itself speaks HTTP.
    pub fn scheme(&self, req: &HttpRequest) -> &'static str {
        if !self.believed(req) {
            return "http";
        }
        let forwarded = forwarded_value(req, "proto");
        let proto = forwarded.or_else(|| {
            req.headers()
                .get("x-forwarded-proto")
                .and_then(|v| v.to_str().ok())
                .map(|v| v.split(',').next().unwrap_or("").trim().to_owned())
        });
        match proto {
            Some(p) if p.eq_ignore_ascii_case("https") => "https",
            _ => "http",
        }
    }

    /// The host the client asked for: the request's own `Host`, or what a trusted proxy
    /// forwards (`Forwarded: host=…`, `X-Forwarded-Host`).
    pub fn host(&self, req: &HttpRequest) -> String {
        let forwarded = self.believed(req).then(|| {
            forwarded_value(req, "host").or_else(|| {
                req.headers()
                    .get("x-forwarded-host")
                    .and_then(|v| v.to_str().ok())
                    .map(|v| v.split(',').next().unwrap_or("").trim().to_owned())
            })
        });
        forwarded
            .flatten()
            .filter(|h| !h.is_empty())
            .or_else(|| {
                req.headers()
                    .get(header::HOST)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| "localhost".to_owned())
    }
}

/// The first `Forwarded` element's `key=` value, unquoted.
fn forwarded_value(req: &HttpRequest, key: &str) -> Option<String> {
    let value = req.headers().get(header::FORWARDED)?.to_str().ok()?;
    let first = value.split(',').next()?;
    first
        .split(';')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case(key))
        .map(|(_, v)| v.trim().trim_matches('"').to_owned())
}

/// The trusted-proxy rule of the app serving `req` (none believed without one).
pub fn rule(req: &HttpRequest) -> TrustedProxies {
    req.app_data::<actix_web::web::Data<crate::web::AppState>>()
        .map(|state| state.accounts.trusted_proxies.clone())
        .unwrap_or_default()
}

/// The client's address by the trusted-proxy rule: a forwarding header counts only from a
/// configured proxy (`FUSHI_TRUSTED_PROXIES`).
pub fn client_address(req: &HttpRequest) -> Option<std::net::IpAddr> {
    rule(req).client(req)
}

/// Whether `req` comes from the machine fushi runs on: its connection is from a loopback
/// address and carries no `Forwarded` or `X-Forwarded-*` header. A proxy on the same
/// machine connects from loopback too, on behalf of anyone: its headers give it away, so a
/// forwarded request is never the machine's, whatever `FUSHI_TRUSTED_PROXIES` says.
pub fn from_this_machine(req: &HttpRequest) -> bool {
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
        let fwd = TestRequest::default()
            .peer_addr("10.0.0.1:1".parse().unwrap())
            .insert_header((
                "forwarded",
                "for=6.6.6.6, for=\"[2001:db8::7]:4711\";proto=https",
            ))
            .to_http_request();
        assert_eq!(proxies.client(&fwd), ip("2001:db8::7"));
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
        let fwd = TestRequest::default()
            .peer_addr("203.0.113.5:1".parse().unwrap())
            .insert_header(("forwarded", "for=1.2.3.4;proto=https;host=evil.example"))
            .insert_header(("host", "fushi.local"))
            .to_http_request();
        assert_eq!(
            (none.scheme(&fwd), none.host(&fwd).as_str()),
            ("http", "fushi.local")
        );
        // Names are cut to what a name may be before they become a key.
        let (user, addr) = attempt_keys(&"Ä".repeat(10_000), None);
        assert!(user.chars().count() <= accounts::MAX_NAME + 6);
        assert_eq!(addr, "addr:unknown");
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
