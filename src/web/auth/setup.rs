//! What the accounts need beside the database (the cookie key, the proxies believed) and
//! the middleware they configure: the session cookie, the security headers, `Secure`
//! cookies over HTTPS and the upload limits.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use actix_session::SessionMiddleware;
use actix_session::config::CookieContentSecurity;
use actix_session::storage::CookieSessionStore;
use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, Key, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::middleware::{DefaultHeaders, Next};

use super::SESSION_COOKIE;
use crate::db::accounts;
use crate::web::client::TrustedProxies;
use crate::web::{AppError, AppState};

/// What the accounts need beside the database: the cookie key, the proxies believed,
/// whether a user exists (remembered once true) and the one-time set-up code.
pub struct Accounts {
    pub key: Key,
    pub(crate) secure_cookies: bool,
    pub trusted_proxies: TrustedProxies,
    /// Sign-ins under way, one at a time per address.
    pub(crate) sign_in_turns: crate::web::client::SignInTurns,
    has_users: AtomicBool,
    /// The code that lets a device other than the server's machine create the first
    /// administrator: 128 random bits, made at start, printed by `fushi serve`, gone once
    /// the first administrator is made (docs/decisions.md, "the first administrator").
    setup_code: Mutex<Option<String>>,
}

impl Accounts {
    /// The cookie key from the settings (`FUSHI_SECRET_KEY`), else the one stored in the
    /// database (made on first start, in the `secrets` row `cookie_key`).
    pub fn load(
        conn: &mut crate::db::DbConnection,
        settings: &crate::web::settings::Settings,
    ) -> Result<Accounts, crate::web::StartError> {
        use crate::web::StartError;
        let key = match settings.cookie_key().map_err(StartError::Setting)? {
            Some(key) => key,
            None => {
                let hex = accounts::secret(conn, "cookie_key", || accounts::random_hex(64))?;
                crate::web::settings::parse_key(&hex).map_err(StartError::Setting)?
            }
        };
        Ok(Accounts {
            key,
            secure_cookies: settings.secure_cookies,
            trusted_proxies: settings
                .trusted_proxies
                .clone()
                .with_header(settings.proxy_header),
            sign_in_turns: Default::default(),
            has_users: AtomicBool::new(false),
            setup_code: Mutex::new(Some(new_setup_code())),
        })
    }

    /// The one-time set-up code while it lives (`fushi serve` prints it when there is no
    /// user yet): `None` once the first administrator is made.
    pub fn setup_code(&self) -> Option<String> {
        self.setup_code
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Whether `typed` is the set-up code (dashes, spaces and case aside), compared in
    /// constant time; never once the code is gone.
    pub(super) fn setup_code_is(&self, typed: &str) -> bool {
        use subtle::ConstantTimeEq;
        let typed = plain_code(typed);
        self.setup_code()
            .map(|code| plain_code(&code))
            .is_some_and(|code| {
                code.len() == typed.len() && bool::from(code.as_bytes().ct_eq(typed.as_bytes()))
            })
    }

    /// The first administrator exists: the set-up code is dead.
    pub(super) fn forget_setup_code(&self) {
        *self.setup_code.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    pub(super) async fn has_users(&self, state: &AppState) -> Result<bool, AppError> {
        if self.has_users.load(Ordering::Relaxed) {
            return Ok(true);
        }
        let any = crate::web::page::with_db(state, |conn| Ok(accounts::has_users(conn)?)).await?;
        if any {
            self.has_users.store(true, Ordering::Relaxed);
        }
        Ok(any)
    }
}

/// A set-up code: 128 random bits as 32 hexadecimal digits in groups of four.
fn new_setup_code() -> String {
    let hex = crate::db::random_hex(16);
    hex.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// A code as compared: its letters and digits only, lowercased.
fn plain_code(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The session cookie: private (encrypted and signed), HttpOnly, SameSite=Lax, Secure
/// when configured (and, by [`secure_over_https`], whenever the request came over HTTPS).
pub(crate) fn session_middleware(accounts: &Accounts) -> SessionMiddleware<CookieSessionStore> {
    SessionMiddleware::builder(CookieSessionStore::default(), accounts.key.clone())
        .cookie_name(SESSION_COOKIE.to_owned())
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_secure(accounts.secure_cookies)
        .cookie_content_security(CookieContentSecurity::Private)
        .build()
}

/// Uploads over a field's limit answer 413 (the page says the limits), not 400; a whole
/// upload is held to the largest body fushi takes, as its CSRF check streams it on.
pub(crate) fn multipart_config() -> actix_multipart::form::MultipartFormConfig {
    use actix_multipart::MultipartError;
    fn overflow(err: &MultipartError) -> bool {
        match err {
            MultipartError::Payload(actix_web::error::PayloadError::Overflow) => true,
            MultipartError::Field { source, .. } => {
                source.as_error::<MultipartError>().is_some_and(overflow)
            }
            _ => false,
        }
    }
    actix_multipart::form::MultipartFormConfig::default()
        .total_limit(crate::web::MAX_UPLOAD + 64 * 1024)
        .error_handler(|err, _req| {
            if overflow(&err) {
                actix_web::error::InternalError::new(err, StatusCode::PAYLOAD_TOO_LARGE).into()
            } else {
                err.into()
            }
        })
}

/// The security headers of every response.
pub(crate) fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
        ))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
}

/// Marks every cookie `Secure` when the request came over HTTPS through a trusted proxy
/// that says so in `X-Forwarded-Proto` / `Forwarded` (`FUSHI_TRUSTED_PROXIES`).
pub(crate) async fn secure_over_https(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    // Believed from a configured proxy only (docs/decisions.md, "who a client is").
    let https = crate::web::client::rule(req.request()).scheme(req.request()) == "https";
    let mut res = next.call(req).await?;
    if https {
        let cookies: Vec<String> = res
            .headers()
            .get_all(header::SET_COOKIE)
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| Cookie::parse(v.to_owned()).ok())
            .map(|mut c| {
                c.set_secure(true);
                c.to_string()
            })
            .collect();
        let headers = res.headers_mut();
        headers.remove(header::SET_COOKIE);
        for c in cookies {
            if let Ok(v) = header::HeaderValue::from_str(&c) {
                headers.append(header::SET_COOKIE, v);
            }
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_code_carries_128_bits_and_reads_back_however_it_is_typed() {
        let code = new_setup_code();
        assert_eq!(code.len(), 39, "{code}");
        assert_eq!(plain_code(&code).len(), 32);
        assert_ne!(code, new_setup_code());
        assert_eq!(
            plain_code(" AB12-cd34 "),
            "ab12cd34",
            "dashes, spaces and case aside"
        );
    }
}
