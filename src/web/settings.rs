//! The server's configuration (`fushi serve`): one typed structure, parsed once at start from the command
//! line and the environment (every flag has its `FUSHI_…` variable), each value checked
//! where it enters. A bad value stops the process with a message that names the variable
//! and the value; nothing else in fushi reads the environment for a setting.

use std::net::ToSocketAddrs;
use std::time::Duration;

use super::client::{ProxyHeader, TrustedProxies};
use crate::i18n::{Lang, Tr};

/// Everything `fushi serve` is configured with. `Default` is what an unset environment
/// gives (the tests build their apps from it).
#[derive(Clone, Debug, clap::Args)]
pub struct Settings {
    /// Where to listen (`host:port`).
    #[arg(long, default_value = "127.0.0.1:8080", env = "FUSHI_BIND", value_parser = bind_address)]
    pub bind: String,

    /// Serve the hall: listen on every interface and print the address the players'
    /// phones reach (docs: "A club night on a laptop").
    #[arg(long)]
    pub lan: bool,

    /// The address players' phones reach fushi by, for every link and QR code
    /// (`http://192.168.1.23:8080`); without it, worked out from the bind.
    #[arg(long, env = "FUSHI_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// The cookie key (hex or base64, at least 64 bytes); when unset, the key stored in
    /// the database (made on first start).
    /// Checked by [`Settings::check`], not by clap, whose refusal would print the value.
    #[arg(long, env = "FUSHI_SECRET_KEY", hide_env_values = true, value_parser = secret, value_name = "KEY")]
    pub secret_key: Option<Secret>,

    /// Every cookie `Secure`, also on plain HTTP requests.
    #[arg(long, env = "FUSHI_SECURE_COOKIES", default_value = "false", action = clap::ArgAction::Set, value_parser = boolean("FUSHI_SECURE_COOKIES"), value_name = "true|false")]
    pub secure_cookies: bool,

    /// The proxies whose forwarding header is believed.
    #[arg(long, env = "FUSHI_TRUSTED_PROXIES", default_value = "", value_parser = trusted_proxies, value_name = "ADDRS")]
    pub trusted_proxies: TrustedProxies,

    /// The one header the trusted proxies tell the client by: `X-Forwarded-For` or
    /// `Forwarded`; the other is ignored.
    #[arg(long, env = "FUSHI_PROXY_HEADER", default_value = "X-Forwarded-For", value_parser = proxy_header, value_name = "X-Forwarded-For|Forwarded")]
    pub proxy_header: ProxyHeader,

    /// The memory, in MiB, that held snapshots and rendered pages may take together,
    /// across every tournament (at least 1); unset: a sixteenth of the machine's memory,
    /// between 64 and 2,048 MiB.
    #[arg(long, env = "FUSHI_CACHE_MIB", value_parser = count("FUSHI_CACHE_MIB", 1), value_name = "MIB")]
    pub cache_mib: Option<usize>,

    /// Open event streams on this server (at least 1: with none, no live page would work).
    #[arg(long, env = "FUSHI_MAX_LISTENERS", default_value = "5000", value_parser = count("FUSHI_MAX_LISTENERS", 1), value_name = "N")]
    pub max_listeners: usize,

    /// Open event streams from one client address.
    #[arg(long, env = "FUSHI_MAX_LISTENERS_PER_ADDRESS", default_value = "200", value_parser = count("FUSHI_MAX_LISTENERS_PER_ADDRESS", 1), value_name = "N")]
    pub max_listeners_per_address: usize,

    /// Open connections from one client address (a trusted proxy's are not counted);
    /// unset: an eighth of the descriptors beyond 256 (docs/operations.md, "Limits"). Raise it for a
    /// hall whose phones share one address.
    #[arg(long, env = "FUSHI_MAX_CONNECTIONS_PER_ADDRESS", value_parser = count("FUSHI_MAX_CONNECTIONS_PER_ADDRESS", 1), value_name = "N")]
    pub max_connections_per_address: Option<usize>,

    /// PDFs drawn at once.
    #[arg(long, env = "FUSHI_PDF_CONCURRENCY", default_value = "2", value_parser = count("FUSHI_PDF_CONCURRENCY", 1), value_name = "N")]
    pub pdf_concurrency: usize,

    /// How long a PDF request waits for its turn, in milliseconds.
    #[arg(long, env = "FUSHI_PDF_WAIT_MS", default_value = "5000", value_parser = count("FUSHI_PDF_WAIT_MS", 0), value_name = "MS")]
    pub pdf_wait_ms: usize,

    /// The origins whose pages may read `/api/v1/` and the event streams from a browser
    /// (CORS): `*`, or origins separated by commas.
    #[arg(long, env = "FUSHI_API_ORIGINS", default_value = "", value_parser = api_origins, value_name = "ORIGINS")]
    pub api_origins: ApiOrigins,

    /// A PEM certificate chain: fushi serves HTTPS itself (with `tls_key`).
    #[arg(long, env = "FUSHI_TLS_CERT", value_name = "FILE")]
    pub tls_cert: Option<std::path::PathBuf>,

    /// The PEM private key of `tls_cert`.
    #[arg(long, env = "FUSHI_TLS_KEY", value_name = "FILE")]
    pub tls_key: Option<std::path::PathBuf>,

    /// How the server logs.
    #[command(flatten)]
    pub log: LogSettings,

    /// The bearer token that opens `/metrics` from other addresses than loopback.
    /// Checked by [`Settings::check`], like the key.
    #[arg(long, env = "FUSHI_METRICS_TOKEN", hide_env_values = true, value_parser = secret, value_name = "TOKEN")]
    pub metrics_token: Option<Secret>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bind: "127.0.0.1:8080".to_owned(),
            lan: false,
            public_url: None,
            secret_key: None,
            secure_cookies: false,
            trusted_proxies: TrustedProxies::default(),
            proxy_header: ProxyHeader::default(),
            cache_mib: None,
            max_listeners: 5_000,
            max_listeners_per_address: 200,
            max_connections_per_address: None,
            pdf_concurrency: 2,
            pdf_wait_ms: 5_000,
            metrics_token: None,
            api_origins: Default::default(),
            tls_cert: None,
            tls_key: None,
            log: LogSettings::default(),
        }
    }
}

impl Settings {
    /// Checks the secrets (clap checks everything else as it parses; the message names
    /// the variable but never shows a secret's value) and the certificate and key.
    pub fn check(&self) -> Result<(), String> {
        if let Some(key) = &self.secret_key {
            secret_key(&key.0)?;
        }
        if let Some(token) = &self.metrics_token {
            metrics_token(&token.0)?;
        }
        self.tls()?;
        Ok(())
    }

    /// The TLS acceptor of `tls_cert` and `tls_key`, when both are set; refused when one is
    /// set alone, or when they do not read as a certificate and its key.
    pub fn tls(&self) -> Result<Option<super::tls::Acceptor>, String> {
        let shown = |p: &std::path::Path| p.display().to_string();
        match (&self.tls_cert, &self.tls_key) {
            (None, None) => Ok(None),
            (Some(cert), Some(key)) => super::tls::acceptor(cert, key).map(Some).map_err(|e| {
                let t = Tr::new(Lang::of_environment());
                let why = t.a("cli-setting-why-tls-unreadable", "error", e);
                refused_because("FUSHI_TLS_CERT", &shown(cert), &why)
            }),
            (Some(path), None) | (None, Some(path)) => {
                let var = if self.tls_cert.is_some() {
                    "FUSHI_TLS_CERT"
                } else {
                    "FUSHI_TLS_KEY"
                };
                Err(refused(var, &shown(path), "cli-setting-why-tls-pair"))
            }
        }
    }

    /// The cookie key, if one is configured.
    pub fn cookie_key(&self) -> Result<Option<actix_web::cookie::Key>, String> {
        self.secret_key
            .as_ref()
            .map(|k| secret_key(&k.0))
            .transpose()
    }

    /// The caps on open streams and connections: the settings, bounded by the process's
    /// open-files limit now ([`super::connections::Caps::of`]).
    pub fn caps(&self) -> super::connections::Caps {
        super::connections::Caps::of(
            super::connections::descriptors(),
            super::connections::Asked {
                streams: self.max_listeners,
                streams_per_address: self.max_listeners_per_address,
                connections_per_address: self.max_connections_per_address,
            },
        )
    }

    /// The limits of the live machinery.
    pub(crate) fn live_limits(&self) -> super::live::Limits {
        let caps = self.caps();
        super::live::Limits {
            cache_bytes: self
                .cache_mib
                .unwrap_or_else(default_cache_mib)
                .saturating_mul(1 << 20),
            listeners: caps.streams,
            listeners_per_address: caps.streams_per_address,
            pdfs: self.pdf_concurrency,
            pdf_wait: Duration::from_millis(self.pdf_wait_ms as u64),
        }
    }
}

/// How fushi logs (the server's settings; the other commands log with the defaults).
#[derive(Clone, Debug, clap::Args)]
pub struct LogSettings {
    /// `text` (plain, coloured only on a terminal) or `json` (one object per line).
    #[arg(long, env = "FUSHI_LOG_FORMAT", default_value = "text", value_parser = log_format, value_name = "text|json")]
    pub(crate) log_format: LogFormat,

    /// What is logged, as tracing's filter directives (`info`, `fushi=debug,info`).
    #[arg(long, env = "RUST_LOG", default_value = "info,actix_server=warn", value_parser = log_filter, value_name = "FILTER")]
    pub log: String,
}

impl Default for LogSettings {
    fn default() -> LogSettings {
        LogSettings {
            log_format: LogFormat::Text,
            log: "info,actix_server=warn".to_owned(),
        }
    }
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LogFormat {
    Text,
    Json,
}

/// A secret setting as given: never shown, not even by `{:?}`.
#[derive(Clone)]
pub struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// Takes any text: secrets are checked by [`Settings::check`].
fn secret(text: &str) -> Result<Secret, String> {
    Ok(Secret(text.trim().to_owned()))
}

/// The words of a refused setting, in the terminal's language: `VAR=value: why`.
fn refused(var: &str, value: &str, why_id: &str) -> String {
    refused_because(var, value, &Tr::new(Lang::of_environment()).t(why_id))
}

/// `VAR=value: why`, with `why` already worded.
pub fn refused_because(var: &str, value: &str, why: &str) -> String {
    Tr::new(Lang::of_environment()).args(
        "cli-setting-refused",
        &[
            ("var", var.to_owned().into()),
            ("value", value.to_owned().into()),
            ("why", why.to_owned().into()),
        ],
    )
}

fn bind_address(text: &str) -> Result<String, String> {
    match text.to_socket_addrs().map(|mut addrs| addrs.next()) {
        Ok(Some(_)) => Ok(text.to_owned()),
        _ => Err(refused("FUSHI_BIND", text, "cli-setting-why-address")),
    }
}

fn secret_key(text: &str) -> Result<actix_web::cookie::Key, String> {
    let key = parse_key(text.trim())
        .map_err(|_| refused("FUSHI_SECRET_KEY", "…", "cli-setting-why-key"))?;
    if !random_enough(key.master()) {
        return Err(refused("FUSHI_SECRET_KEY", "…", "cli-setting-why-key-weak"));
    }
    Ok(key)
}

/// Whether key bytes look drawn at random rather than typed or left at a placeholder: at
/// least 16 distinct byte values (64 random bytes have some 56; a repeated byte, a short
/// phrase repeated or `0123…` written as hex have far fewer).
fn random_enough(bytes: &[u8]) -> bool {
    let mut seen = [false; 256];
    for b in bytes {
        seen[usize::from(*b)] = true;
    }
    seen.iter().filter(|s| **s).count() >= 16
}

fn trusted_proxies(text: &str) -> Result<TrustedProxies, String> {
    let proxies = TrustedProxies::parse(text)
        .map_err(|_| refused("FUSHI_TRUSTED_PROXIES", text, "cli-setting-why-proxies"))?;
    // Every address a proxy: any client could name itself anyone.
    match proxies.everyone() {
        Some(_) => Err(refused(
            "FUSHI_TRUSTED_PROXIES",
            text,
            "cli-setting-why-proxies-everyone",
        )),
        None => Ok(proxies),
    }
}

fn proxy_header(text: &str) -> Result<ProxyHeader, String> {
    ProxyHeader::parse(text)
        .ok_or_else(|| refused("FUSHI_PROXY_HEADER", text, "cli-setting-why-proxy-header"))
}

fn api_origins(text: &str) -> Result<ApiOrigins, String> {
    ApiOrigins::parse(text)
        .map_err(|_| refused("FUSHI_API_ORIGINS", text, "cli-setting-why-origins"))
}

fn metrics_token(text: &str) -> Result<(), String> {
    if text.len() >= 16 && text.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(())
    } else {
        Err(refused("FUSHI_METRICS_TOKEN", "…", "cli-setting-why-token"))
    }
}

/// Exactly `true` or `false`: anything else (`True`, `yes`, `1`) is refused rather than
/// read as one of them.
fn boolean(var: &'static str) -> impl Fn(&str) -> Result<bool, String> + Clone {
    move |text| match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(refused(var, text, "cli-setting-why-boolean")),
    }
}

/// A whole number, at least `min`.
/// The cache's size when none is set: a sixteenth of the machine's memory (Linux's
/// `/proc/meminfo`), between 64 and 2,048 MiB; 256 MiB where the memory cannot be read.
fn default_cache_mib() -> usize {
    let total_kib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|info| {
            let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
            line.split_whitespace().nth(1)?.parse::<usize>().ok()
        });
    total_kib.map_or(256, |kib| (kib / 1024 / 16).clamp(64, 2_048))
}

fn count(var: &'static str, min: usize) -> impl Fn(&str) -> Result<usize, String> + Clone {
    move |text| match text.parse::<usize>() {
        Ok(n) if n >= min => Ok(n),
        _ if min == 0 => Err(refused(var, text, "cli-setting-why-count")),
        _ => Err(refused(var, text, "cli-setting-why-positive")),
    }
}

fn log_format(text: &str) -> Result<LogFormat, String> {
    match text {
        "text" => Ok(LogFormat::Text),
        "json" => Ok(LogFormat::Json),
        _ => Err(refused(
            "FUSHI_LOG_FORMAT",
            text,
            "cli-setting-why-log-format",
        )),
    }
}

fn log_filter(text: &str) -> Result<String, String> {
    tracing_subscriber::EnvFilter::builder()
        .parse(text)
        .map(|_| text.to_owned())
        .map_err(|_| refused("RUST_LOG", text, "cli-setting-why-log-filter"))
}

/// Starts the log: plain text (colour only when stderr is a terminal) or JSON lines, on
/// stderr, filtered by `settings.log`. Every line goes through [`OneLine`].
pub fn init_log(settings: &LogSettings) {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::new(&settings.log);
    let ansi = settings.log_format == LogFormat::Text && std::io::stderr().is_terminal();
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(OneLine { ansi });
    match settings.log_format {
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
        LogFormat::Text => builder.with_ansi(ansi).init(),
    }
}

/// stderr for the log, one event a line whatever its values hold: a newline, a carriage
/// return or another control character inside an event is written as `\n`, `\r` or `\xNN`
/// (the escape of a terminal's sequences too, except where fushi colours a terminal
/// itself). Visitors' values are escaped and cut where they are logged
/// ([`super::ops::loggable`]); this catches whatever else an error message carries.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OneLine {
    /// Colour codes are fushi's own: the escape character passes.
    pub(crate) ansi: bool,
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for OneLine {
    type Writer = OneLine;
    fn make_writer(&'a self) -> OneLine {
        *self
    }
}

impl OneLine {
    /// `event` (one formatted event, its line's end included) as it is written.
    pub(crate) fn guarded(&self, event: &[u8]) -> Vec<u8> {
        let body = event.strip_suffix(b"\n").unwrap_or(event);
        let mut out = Vec::with_capacity(event.len() + 8);
        for &b in body {
            match b {
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.push(b),
                0x1b if self.ansi => out.push(b),
                0..=0x1f | 0x7f => out.extend_from_slice(format!("\\x{b:02x}").as_bytes()),
                _ => out.push(b),
            }
        }
        if body.len() < event.len() {
            out.push(b'\n');
        }
        out
    }
}

impl std::io::Write for OneLine {
    /// The formatter writes each event whole, in one call.
    fn write(&mut self, event: &[u8]) -> std::io::Result<usize> {
        std::io::stderr().lock().write_all(&self.guarded(event))?;
        Ok(event.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

use actix_web::cookie::Key;
use actix_web::http::header::HeaderValue;

/// The origins allowed to read the API from a browser (`FUSHI_API_ORIGINS`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ApiOrigins {
    /// No cross-origin reading (the default).
    #[default]
    None,
    /// Any origin (`*`).
    Any,
    /// These origins exactly (`https://results.example`).
    Listed(Vec<String>),
}

impl ApiOrigins {
    /// `*`, or origins (`scheme://host[:port]`) separated by commas; empty is none.
    pub fn parse(text: &str) -> Result<ApiOrigins, String> {
        let items: Vec<&str> = text
            .split([',', ' '])
            .map(str::trim)
            .filter(|i| !i.is_empty())
            .collect();
        if items.is_empty() {
            return Ok(ApiOrigins::None);
        }
        if items == ["*"] {
            return Ok(ApiOrigins::Any);
        }
        for item in &items {
            let plain = item
                .strip_prefix("https://")
                .or_else(|| item.strip_prefix("http://"))
                .is_some_and(|host| !host.is_empty() && !host.contains('/'));
            if !plain {
                return Err((*item).to_owned());
            }
        }
        Ok(ApiOrigins::Listed(
            items.into_iter().map(str::to_owned).collect(),
        ))
    }

    pub fn allows(&self, origin: &str) -> Option<HeaderValue> {
        match self {
            ApiOrigins::None => None,
            ApiOrigins::Any => Some(HeaderValue::from_static("*")),
            ApiOrigins::Listed(list) => list
                .iter()
                .any(|o| o == origin)
                .then(|| HeaderValue::from_str(origin).ok())
                .flatten(),
        }
    }
}

/// A 64-byte (or longer) key written as hex or base64.
pub(crate) fn parse_key(text: &str) -> Result<Key, String> {
    use base64::Engine;
    let bytes = if text.len().is_multiple_of(2) && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16))
            .collect::<Result<Vec<u8>, _>>()
            .map_err(|e| e.to_string())?
    } else {
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text))
            .map_err(|_| "FUSHI_SECRET_KEY is neither hex nor base64".to_owned())?
    };
    Key::try_from(bytes.as_slice())
        .map_err(|_| "FUSHI_SECRET_KEY must hold at least 64 bytes".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_parse_and_allow() {
        assert_eq!(ApiOrigins::parse(""), Ok(ApiOrigins::None));
        assert_eq!(ApiOrigins::parse("*"), Ok(ApiOrigins::Any));
        let listed = ApiOrigins::parse("https://a.example, http://b.example:8080").unwrap();
        assert!(listed.allows("https://a.example").is_some());
        assert!(listed.allows("https://c.example").is_none());
        assert_eq!(ApiOrigins::parse("a.example"), Err("a.example".to_owned()));
        assert!(ApiOrigins::parse("https://a.example/path").is_err());
    }

    #[test]
    fn keys_parse_from_hex_and_base64() {
        assert!(parse_key(&"ab".repeat(64)).is_ok());
        assert!(parse_key(&"ab".repeat(32)).is_err());
        use base64::Engine;
        let b64 = base64::engine::general_purpose::STANDARD.encode([7u8; 64]);
        assert!(parse_key(&b64).is_ok());
    }

    #[test]
    fn settings_that_open_the_door_are_refused() {
        // A key of one repeated byte, as hex or base64, or a short phrase repeated.
        use base64::Engine;
        for weak in [
            "00".repeat(64),
            "ab".repeat(64),
            base64::engine::general_purpose::STANDARD.encode([0u8; 64]),
            hex::encode("secret!!".repeat(8)),
        ] {
            let Err(e) = secret_key(&weak) else {
                panic!("a weak key was taken")
            };
            assert!(e.contains("FUSHI_SECRET_KEY=…"), "{e}");
            assert!(!e.contains(&weak), "{e}");
        }
        let random: Vec<u8> = (0u8..64)
            .map(|i| i.wrapping_mul(37).wrapping_add(11))
            .collect();
        assert!(secret_key(&hex::encode(random)).is_ok());
        // Trusted proxies that hold every address.
        for everyone in ["0.0.0.0/0", "::/0", "10.0.0.1, ::/0", "1.2.3.4/0"] {
            let e = trusted_proxies(everyone).unwrap_err();
            assert!(
                e.contains(&format!("FUSHI_TRUSTED_PROXIES={everyone}:")),
                "{e}"
            );
        }
        assert!(trusted_proxies("127.0.0.1, 10.0.0.0/8").is_ok());
        assert_eq!(proxy_header("forwarded"), Ok(ProxyHeader::Forwarded));
        assert_eq!(
            proxy_header("X-Forwarded-For"),
            Ok(ProxyHeader::XForwardedFor)
        );
        assert!(
            proxy_header("X-Real-IP")
                .unwrap_err()
                .contains("FUSHI_PROXY_HEADER=X-Real-IP")
        );
    }

    #[test]
    fn a_log_event_stays_one_line() {
        let plain = OneLine { ansi: false };
        let forged =
            b"wrong name evil\n2026-12-05T21:00:00Z  INFO signed in\r \x1b[31mred\x1b[0m\n";
        let out = String::from_utf8(plain.guarded(forged)).unwrap();
        assert_eq!(out.matches('\n').count(), 1, "{out}");
        assert!(out.ends_with('\n'));
        assert!(
            out.contains("evil\\n2026") && out.contains("\\x1b[31m"),
            "{out}"
        );
        let coloured = OneLine { ansi: true };
        let out = coloured.guarded(b"\x1b[2mtime\x1b[0m a\nb\n");
        assert_eq!(out, b"\x1b[2mtime\x1b[0m a\\nb\n");
    }

    #[test]
    fn booleans_are_true_or_false_only() {
        let parse = boolean("FUSHI_SECURE_COOKIES");
        assert_eq!(parse("true"), Ok(true));
        assert_eq!(parse("false"), Ok(false));
        for bad in ["True", "yes", "1", ""] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains("FUSHI_SECURE_COOKIES"), "{e}");
            assert!(e.contains(&format!("={bad}")), "{e}");
        }
    }

    #[test]
    fn counts_name_the_variable_and_the_value() {
        let parse = count("FUSHI_PDF_CONCURRENCY", 1);
        assert_eq!(parse("3"), Ok(3));
        let e = parse("abc").unwrap_err();
        assert!(e.contains("FUSHI_PDF_CONCURRENCY=abc"), "{e}");
        assert!(parse("0").is_err());
        assert_eq!(count("FUSHI_MAX_LISTENERS", 0)("0"), Ok(0));
    }

    #[test]
    fn the_defaults_are_what_clap_gives_without_arguments() {
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            settings: Settings,
        }
        use clap::Parser;
        let parsed = Cli::try_parse_from(["fushi"]).unwrap().settings;
        let d = Settings::default();
        assert_eq!(parsed.bind, d.bind);
        assert_eq!(parsed.secure_cookies, d.secure_cookies);
        assert_eq!(parsed.trusted_proxies, d.trusted_proxies);
        assert_eq!(parsed.proxy_header, d.proxy_header);
        assert!(parsed.tls_cert.is_none() && parsed.tls_key.is_none());
        assert_eq!(parsed.cache_mib, d.cache_mib);
        assert_eq!(parsed.max_listeners, d.max_listeners);
        assert_eq!(
            parsed.max_listeners_per_address,
            d.max_listeners_per_address
        );
        assert_eq!(
            parsed.max_connections_per_address,
            d.max_connections_per_address
        );
        assert_eq!(parsed.pdf_concurrency, d.pdf_concurrency);
        assert_eq!(parsed.pdf_wait_ms, d.pdf_wait_ms);
        assert!(parsed.secret_key.is_none() && parsed.metrics_token.is_none());
    }
}
