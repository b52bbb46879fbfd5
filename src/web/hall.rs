//! The hall's network: the address that players' phones reach fushi by, for every link, QR
//! code and printed address (table cards, blank score sheets with links).
//!
//! In order: the public base URL (`FUSHI_PUBLIC_URL`, or `fushi serve --public-url`);
//! else, when the server listens on all interfaces and the page was asked for through a
//! loopback address (the director on the laptop itself), the laptop's address on the local
//! network, found once at start by reading its interfaces (no traffic is sent); else the
//! address the request came by. A printed card never carries a loopback address: the card
//! pages refuse and say what to do ([`printed_site`]).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use actix_web::{HttpRequest, HttpResponse, http::StatusCode, web};
use askama::Template;

use super::page::{Ctx, TourHead, render_status};
use super::{AppError, AppState};

/// A public base URL: `http` or `https`, a host and maybe a port; no path, query or
/// fragment (fushi's addresses start at `/`). Kept without a trailing `/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

/// Why a public base URL is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PublicUrlError {
    #[error("\"{0}\" does not start with http:// or https://")]
    Scheme(String),
    #[error("\"{0}\" has no host")]
    NoHost(String),
    #[error("\"{0}\" has a path, query or fragment; give only scheme, host and port")]
    Path(String),
    #[error("\"{0}\" has a port that is not a number from 1 to 65535")]
    Port(String),
    #[error("\"{0}\" holds a space or a character that is not allowed in an address")]
    Character(String),
}

impl PublicUrlError {
    /// The refusal in the words of `t`.
    pub fn text(&self, t: &crate::i18n::Tr) -> String {
        let (id, url) = match self {
            PublicUrlError::Scheme(u) => ("hall-url-scheme", u),
            PublicUrlError::NoHost(u) => ("hall-url-no-host", u),
            PublicUrlError::Path(u) => ("hall-url-path", u),
            PublicUrlError::Port(u) => ("hall-url-port", u),
            PublicUrlError::Character(u) => ("hall-url-character", u),
        };
        t.a("hall-url-refused", "why", t.a(id, "url", url))
    }
}

impl PublicUrl {
    /// Parses `http://192.168.1.23:8080` or `https://results.example/` (the one trailing
    /// `/` is dropped).
    pub fn parse(text: &str) -> Result<PublicUrl, PublicUrlError> {
        let raw = text.trim();
        let shown = || raw.chars().take(80).collect::<String>();
        let rest = raw
            .strip_prefix("http://")
            .or_else(|| raw.strip_prefix("https://"))
            .ok_or_else(|| PublicUrlError::Scheme(shown()))?;
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.is_empty() {
            return Err(PublicUrlError::NoHost(shown()));
        }
        if rest.contains(['/', '?', '#']) {
            return Err(PublicUrlError::Path(shown()));
        }
        if rest.contains('@')
            || rest
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
        {
            return Err(PublicUrlError::Character(shown()));
        }
        let (host, port) = split_host_port(rest);
        if host.is_empty() {
            return Err(PublicUrlError::NoHost(shown()));
        }
        if let Some(port) = port
            && !matches!(port.parse::<u16>(), Ok(p) if p > 0)
        {
            return Err(PublicUrlError::Port(shown()));
        }
        let scheme = if raw.starts_with("https://") {
            "https"
        } else {
            "http"
        };
        Ok(PublicUrl(format!("{scheme}://{rest}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// `host` and `port` of `host:port`, `[::1]:8080` or a bare host.
fn split_host_port(authority: &str) -> (&str, Option<&str>) {
    if let Some(rest) = authority.strip_prefix('[') {
        return match rest.split_once(']') {
            Some((host, tail)) => (host, tail.strip_prefix(':')),
            None => (rest, None),
        };
    }
    match authority.rsplit_once(':') {
        // More than one colon without brackets: an IPv6 address and no port.
        Some((host, _)) if host.contains(':') => (authority, None),
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    }
}

/// Whether a site (`http://host:port`) or a bare authority names this machine only:
/// `localhost` (and its subdomains), 127.0.0.0/8, `::1`, or the unspecified address.
pub(crate) fn is_loopback(site: &str) -> bool {
    let authority = site
        .strip_prefix("http://")
        .or_else(|| site.strip_prefix("https://"))
        .unwrap_or(site);
    let authority = authority.split('/').next().unwrap_or("");
    let (host, _) = split_host_port(authority);
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    if host == "localhost" || host.ends_with(".localhost") {
        return true;
    }
    match host.parse::<IpAddr>() {
        Ok(ip) => ip.is_loopback() || ip.is_unspecified(),
        Err(_) => false,
    }
}

/// The address the phones are given: the public URL, or, on a server listening on all
/// interfaces, its port and the machine's address on the local network (when it has one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hall {
    /// `FUSHI_PUBLIC_URL`: always used when set.
    pub public_url: Option<PublicUrl>,
    /// The server listens on all interfaces (`0.0.0.0` or `::`) on this port.
    pub all_interfaces: Option<u16>,
    /// The machine's address on the local network, found at start.
    pub lan: Option<IpAddr>,
    /// fushi serves HTTPS itself (`FUSHI_TLS_CERT`): the sites it works out say `https`.
    pub https: bool,
}

impl Hall {
    /// The hall of a server bound to `bind`, reading the machine's interfaces when it
    /// listens on all of them.
    pub fn for_bind(bind: &str, public_url: Option<PublicUrl>) -> Hall {
        let all_interfaces = bind
            .parse::<SocketAddr>()
            .ok()
            .filter(|a| a.ip().is_unspecified())
            .map(|a| a.port());
        Hall {
            public_url,
            all_interfaces,
            lan: all_interfaces.and_then(|_| lan_address()),
            https: false,
        }
    }

    /// The site built from the machine's local-network address, when it listens there.
    pub fn lan_site(&self) -> Option<String> {
        let port = self.all_interfaces?;
        let ip = self.lan?;
        Some(match ip {
            IpAddr::V4(v4) => format!("{}://{v4}:{port}", self.scheme()),
            IpAddr::V6(v6) => format!("{}://[{v6}]:{port}", self.scheme()),
        })
    }

    /// `https` when fushi serves HTTPS itself, else `http`.
    pub(crate) fn scheme(&self) -> &'static str {
        if self.https { "https" } else { "http" }
    }

    /// The address for phones, as `serve` prints it: the public URL, else the LAN site.
    pub(crate) fn phones_site(&self) -> Option<String> {
        self.public_url
            .as_ref()
            .map(|u| u.to_string())
            .or_else(|| self.lan_site())
    }

    /// The site for links, given the scheme and host the request came by.
    pub(crate) fn site_for(&self, scheme: &str, host: &str) -> String {
        if let Some(url) = &self.public_url {
            return url.to_string();
        }
        if is_loopback(host)
            && let Some(lan) = self.lan_site()
        {
            return lan;
        }
        format!("{scheme}://{host}")
    }
}

/// The machine's address on the local network, read from its interfaces: no packet is
/// sent. `None` when it has none (only loopback, or no network at all).
pub fn lan_address() -> Option<IpAddr> {
    let interfaces = if_addrs::get_if_addrs().ok()?;
    let found: Vec<(String, IpAddr)> = interfaces
        .into_iter()
        .map(|i| (i.name.clone(), i.ip()))
        .collect();
    choose_lan(&found)
}

/// The address phones most likely reach: an IPv4 address that is not loopback or
/// link-local, on an interface that is not a container bridge or a VPN tunnel, a private
/// range first (192.168/16, then 10/8, then 172.16/12); IPv6 only when there is no IPv4.
pub(crate) fn choose_lan(interfaces: &[(String, IpAddr)]) -> Option<IpAddr> {
    let virtual_interface = |name: &str| {
        [
            "docker", "br-", "veth", "virbr", "lxc", "tun", "tap", "wg", "utun", "zt", "vmnet",
            "vboxnet",
        ]
        .iter()
        .any(|p| name.starts_with(p))
    };
    let rank = |name: &str, ip: &IpAddr| -> Option<u8> {
        match ip {
            IpAddr::V4(v4) => {
                if v4.is_loopback() || v4.is_link_local() || v4.is_unspecified() {
                    return None;
                }
                let [a, b, ..] = v4.octets();
                let class = if a == 192 && b == 168 {
                    0
                } else if a == 10 {
                    1
                } else if a == 172 && (16..32).contains(&b) {
                    2
                } else {
                    3
                };
                Some(class + if virtual_interface(name) { 10 } else { 0 })
            }
            IpAddr::V6(v6) => {
                let link_local = (v6.segments()[0] & 0xffc0) == 0xfe80;
                if v6.is_loopback() || v6.is_unspecified() || link_local {
                    return None;
                }
                Some(20 + if virtual_interface(name) { 10 } else { 0 })
            }
        }
    };
    interfaces
        .iter()
        .filter_map(|(name, ip)| rank(name, ip).map(|r| (r, *ip)))
        .min_by_key(|(r, _)| *r)
        .map(|(_, ip)| ip)
}

/// The hall of the app (a test's app has the default: none).
fn hall_of(req: &HttpRequest) -> Hall {
    req.app_data::<web::Data<AppState>>()
        .map(|s| (*s.hall).clone())
        .unwrap_or_default()
}

/// `scheme://host` for links shown on a page (see the module's note). The request's own
/// address is read by the trusted-proxy rule: a forged `X-Forwarded-Host` builds no link.
pub fn site(req: &HttpRequest) -> String {
    let rule = super::client::rule(req);
    hall_of(req).site_for(rule.scheme(req), &rule.host(req))
}

/// The site for what is printed (table cards, score sheets with links): [`site`], unless it
/// is a loopback address, which no phone can reach: then the page that says what to do.
pub(crate) fn printed_site(
    req: &HttpRequest,
    ctx: &Ctx,
    tour: TourHead,
) -> Result<String, Refused> {
    let site = site(req);
    if is_loopback(&site) {
        let hall = hall_of(req);
        let page = LoopbackPage {
            ctx: ctx.clone(),
            tour,
            section: "rounds",
            site: site.clone(),
            public_url_set: hall.public_url.is_some(),
            port: super::client::rule(req)
                .host(req)
                .rsplit_once(':')
                .map(|(_, p)| p.to_owned())
                .unwrap_or_else(|| "8080".to_owned()),
        };
        return Err(Refused(Box::new(render_status(
            ctx,
            StatusCode::CONFLICT,
            &page,
        ))));
    }
    Ok(site)
}

/// A printed page refused for its loopback address: the response that says what to do.
pub struct Refused(Box<Result<HttpResponse, AppError>>);

impl Refused {
    /// The page that says what to do (409).
    pub(crate) fn into_response(self) -> Result<HttpResponse, AppError> {
        *self.0
    }
}

#[derive(Template)]
#[template(path = "director/hall_loopback.html")]
struct LoopbackPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    site: String,
    public_url_set: bool,
    port: String,
}

/// What `fushi serve --lan` binds: every interface, on the port of `bind` (8080 when it
/// names none).
pub fn lan_bind(bind: &str) -> String {
    let port = bind
        .rsplit_once(':')
        .and_then(|(_, p)| p.parse::<u16>().ok())
        .unwrap_or(8080);
    SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), port).to_string()
}

/// What `fushi serve` says at start, in the words of `t`: where this machine opens fushi,
/// and where the players' phones do (or why they cannot yet).
pub fn start_lines(bind: &str, hall: &Hall, t: &crate::i18n::Tr) -> Vec<String> {
    let scheme = hall.scheme();
    let here = match hall.all_interfaces {
        Some(port) => format!("{scheme}://127.0.0.1:{port}"),
        None => format!("{scheme}://{bind}"),
    };
    let mut lines = vec![t.a("hall-serve-here", "site", here)];
    match hall.phones_site() {
        Some(site) => lines.push(t.a("hall-serve-phones", "site", site)),
        None if hall.all_interfaces.is_some() => lines.push(t.t("hall-serve-no-lan")),
        None if is_loopback(bind) => lines.push(t.t("hall-serve-loopback")),
        // Bound to one address of the machine: that is the phones' address.
        None => lines.push(t.a("hall-serve-phones", "site", format!("{scheme}://{bind}"))),
    }
    lines
}

/// A room's link as an inline SVG QR code (no XML prolog, so it sits in HTML).
pub(crate) fn qr_svg(text: &str) -> String {
    use qrcode::render::svg;
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => {
            let image = code
                .render::<svg::Color>()
                .min_dimensions(160, 160)
                .quiet_zone(true)
                .build();
            match image.find("<svg") {
                Some(start) => image[start..].to_owned(),
                None => image,
            }
        }
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_are_scheme_host_and_port_only() {
        assert_eq!(
            PublicUrl::parse("http://192.168.1.23:8080/")
                .unwrap()
                .as_str(),
            "http://192.168.1.23:8080"
        );
        assert_eq!(
            PublicUrl::parse(" https://results.example ")
                .unwrap()
                .as_str(),
            "https://results.example"
        );
        assert_eq!(
            PublicUrl::parse("http://[fd00::5]:8080").unwrap().as_str(),
            "http://[fd00::5]:8080"
        );
        assert!(matches!(
            PublicUrl::parse("192.168.1.23:8080"),
            Err(PublicUrlError::Scheme(_))
        ));
        assert!(matches!(
            PublicUrl::parse("http://host/fushi"),
            Err(PublicUrlError::Path(_))
        ));
        assert!(matches!(
            PublicUrl::parse("http://host:99999"),
            Err(PublicUrlError::Port(_))
        ));
        assert!(matches!(
            PublicUrl::parse("http://"),
            Err(PublicUrlError::NoHost(_))
        ));
        assert!(matches!(
            PublicUrl::parse("http://a b"),
            Err(PublicUrlError::Character(_))
        ));
    }

    #[test]
    fn loopback_addresses_are_known() {
        for site in [
            "http://127.0.0.1:8080",
            "http://127.1.2.3",
            "localhost:8080",
            "http://LOCALHOST",
            "http://[::1]:8080",
            "http://0.0.0.0:8080",
            "hall.localhost:18600",
        ] {
            assert!(is_loopback(site), "{site}");
        }
        for site in [
            "http://192.168.1.23:8080",
            "https://results.example",
            "http://[fd00::5]:8080",
            "10.0.0.2",
        ] {
            assert!(!is_loopback(site), "{site}");
        }
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_lan_address_is_the_private_ipv4_of_a_real_interface() {
        let found = |list: &[(&str, &str)]| {
            choose_lan(
                &list
                    .iter()
                    .map(|(n, a)| (n.to_string(), ip(a)))
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            found(&[
                ("lo", "127.0.0.1"),
                ("docker0", "172.17.0.1"),
                ("wlan0", "192.168.1.23"),
                ("wlan0", "fe80::1"),
            ]),
            Some(ip("192.168.1.23"))
        );
        assert_eq!(
            found(&[("docker0", "172.17.0.1"), ("eth0", "10.1.2.3")]),
            Some(ip("10.1.2.3"))
        );
        assert_eq!(
            found(&[("lo", "::1"), ("eth0", "169.254.3.4"), ("eth0", "fd00::7")]),
            Some(ip("fd00::7"))
        );
        assert_eq!(found(&[("lo", "127.0.0.1"), ("lo", "::1")]), None);
    }

    #[test]
    fn links_use_the_public_url_then_the_lan_then_the_request() {
        let lan = Hall {
            public_url: None,
            all_interfaces: Some(8080),
            lan: Some(ip("192.168.1.23")),
            https: false,
        };
        assert_eq!(
            lan.site_for("http", "127.0.0.1:8080"),
            "http://192.168.1.23:8080"
        );
        assert_eq!(
            lan.site_for("http", "localhost:8080"),
            "http://192.168.1.23:8080"
        );
        // Asked for by another name (the director's phone on the LAN): that name.
        assert_eq!(
            lan.site_for("http", "laptop.local:8080"),
            "http://laptop.local:8080"
        );
        let public = Hall {
            public_url: Some(PublicUrl::parse("https://club.example").unwrap()),
            ..lan.clone()
        };
        assert_eq!(
            public.site_for("http", "127.0.0.1:8080"),
            "https://club.example"
        );
        assert_eq!(
            public.phones_site().as_deref(),
            Some("https://club.example")
        );
        // Bound to loopback: nothing to replace the request's address with.
        let local = Hall::default();
        assert_eq!(
            local.site_for("http", "127.0.0.1:8080"),
            "http://127.0.0.1:8080"
        );
        assert_eq!(local.phones_site(), None);
        let v6 = Hall {
            lan: Some(ip("fd00::7")),
            https: false,
            ..lan
        };
        assert_eq!(v6.lan_site().as_deref(), Some("http://[fd00::7]:8080"));
    }

    #[test]
    fn lan_binds_every_interface_on_the_port_given() {
        assert_eq!(lan_bind("127.0.0.1:18600"), "0.0.0.0:18600");
        assert_eq!(lan_bind("localhost"), "0.0.0.0:8080");
    }

    #[test]
    fn the_start_says_where_the_phones_go() {
        let t = crate::i18n::Tr::new(crate::i18n::Lang::EN);
        let lan = Hall {
            public_url: None,
            all_interfaces: Some(8080),
            lan: Some(ip("192.168.1.23")),
            https: false,
        };
        assert_eq!(
            start_lines("0.0.0.0:8080", &lan, &t),
            [
                "fushi on this machine: http://127.0.0.1:8080",
                "players' phones: http://192.168.1.23:8080"
            ]
        );
        let no_network = Hall { lan: None, ..lan };
        assert!(start_lines("0.0.0.0:8080", &no_network, &t)[1].starts_with("no local network"));
        assert!(
            start_lines("127.0.0.1:8080", &Hall::default(), &t)[1].contains("fushi serve --lan")
        );
    }

    #[test]
    fn a_bind_to_all_interfaces_is_noticed() {
        assert_eq!(Hall::for_bind("127.0.0.1:8080", None).all_interfaces, None);
        assert_eq!(
            Hall::for_bind("0.0.0.0:18600", None).all_interfaces,
            Some(18600)
        );
        assert_eq!(
            Hall::for_bind("[::]:18601", None).all_interfaces,
            Some(18601)
        );
    }
}
