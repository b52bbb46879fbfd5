//! The CSRF check: one random token per session, carried by every state-changing request
//! in a form field or a header, compared in constant time before any handler runs.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::dev::ServiceRequest;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpMessage, HttpResponse, web};
use futures_util::StreamExt;

use super::refused;
use crate::db::accounts;
use crate::web::MAX_UPLOAD;

/// The session key of the CSRF token.
pub(super) const CSRF: &str = "csrf";
/// The form field and the header that carry the CSRF token.
pub const CSRF_FIELD: &str = "csrf";
const CSRF_HEADER: &str = "x-csrf-token";

/// The CSRF token of a session, made when missing.
pub fn csrf_token(session: &Session) -> String {
    if let Ok(Some(token)) = session.get::<String>(CSRF)
        && !token.is_empty()
    {
        return token;
    }
    let token = accounts::random_hex(32);
    let _ = session.insert(CSRF, &token);
    token
}

/// Compares two strings in time independent of where they differ.
fn same(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

/// The CSRF token a request carries: the `X-CSRF-Token` header, or the `csrf` field of a
/// form, urlencoded or multipart.
async fn sent_token(req: &HttpRequest, body: &web::Bytes) -> Option<String> {
    if let Some(v) = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok()) {
        return Some(v.to_owned());
    }
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(body).ok()?;
        return fields
            .into_iter()
            .find(|(k, _)| k == CSRF_FIELD)
            .map(|(_, v)| v);
    }
    if content_type.starts_with("multipart/form-data") {
        let stream = futures_util::stream::once(std::future::ready(Ok::<
            _,
            actix_web::error::PayloadError,
        >(body.clone())));
        let mut multipart = actix_multipart::Multipart::new(req.headers(), stream);
        while let Some(Ok(mut field)) = multipart.next().await {
            let is_token = field.name() == Some(CSRF_FIELD);
            let mut value = Vec::new();
            while let Some(Ok(chunk)) = field.next().await {
                if is_token && value.len() < 256 {
                    value.extend_from_slice(&chunk);
                }
            }
            if is_token {
                return String::from_utf8(value).ok();
            }
        }
    }
    None
}

/// The urlencoded body of a state-changing request, kept in the request once its token is
/// read: the 503 page of a write the database could not take sends it again.
#[derive(Clone, Debug)]
pub struct SentForm(pub web::Bytes);

/// The largest body a state-changing request may have (an upload and its form fields).
const MAX_BODY: usize = MAX_UPLOAD + 64 * 1024;

/// the handler, and checks its CSRF token: a refusal page, or `None` when it is right.
pub(super) async fn check_csrf(
    req: &mut ServiceRequest,
    csrf: &str,
) -> Result<Option<HttpResponse>, actix_web::Error> {
    let too_large = |req: &ServiceRequest| {
        refused(
            req.request(),
            StatusCode::PAYLOAD_TOO_LARGE,
            "error-413-title",
            "error-413-text",
        )
    };
    // A form is refused before more of it than a form can need is held in memory.
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.to_ascii_lowercase()
                .starts_with("application/x-www-form-urlencoded")
        });
    let max_body = if is_form {
        crate::web::MAX_FORM
    } else {
        MAX_BODY
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > max_body) {
        return Ok(Some(too_large(req)));
    }
    let mut payload = req.take_payload();
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > max_body {
            return Ok(Some(too_large(req)));
        }
        body.extend_from_slice(&chunk);
    }
    let body = body.freeze();
    if is_form {
        // For the 503 page, should the database not take the write: the form again.
        req.extensions_mut().insert(SentForm(body.clone()));
    }
    let sent = sent_token(req.request(), &body).await;
    req.set_payload(actix_web::dev::Payload::from(body));
    if !csrf.is_empty() && sent.is_some_and(|s| same(&s, csrf)) {
        return Ok(None);
    }
    Ok(Some(refused(
        req.request(),
        StatusCode::FORBIDDEN,
        "auth-csrf-title",
        "auth-csrf-text",
    )))
}
