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
pub(crate) const CSRF_FIELD: &str = "csrf";
const CSRF_HEADER: &str = "x-csrf-token";

/// The CSRF token of a session, made when missing.
pub(crate) fn csrf_token(session: &Session) -> String {
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

/// The `X-CSRF-Token` header of a request.
fn header_token(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(CSRF_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// The `csrf` field of an urlencoded form.
fn form_token(body: &[u8]) -> Option<String> {
    let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(body).ok()?;
    fields
        .into_iter()
        .find(|(k, _)| k == CSRF_FIELD)
        .map(|(_, v)| v)
}

/// The `csrf` field of a multipart body read so far (`prefix`), once the field is whole:
/// `None` while it is not there or not finished (its value is never taken from a cut).
async fn multipart_token(req: &HttpRequest, prefix: web::Bytes) -> Option<String> {
    let stream = futures_util::stream::once(std::future::ready(Ok::<
        _,
        actix_web::error::PayloadError,
    >(prefix)));
    let mut multipart = actix_multipart::Multipart::new(req.headers(), stream);
    while let Some(Ok(mut field)) = multipart.next().await {
        let is_token = field.name() == Some(CSRF_FIELD);
        let mut value = Vec::new();
        loop {
            match field.next().await {
                Some(Ok(chunk)) => {
                    if is_token && value.len() < 256 {
                        value.extend_from_slice(&chunk);
                    }
                }
                Some(Err(_)) => return None,
                None => break,
            }
        }
        if is_token {
            return String::from_utf8(value).ok();
        }
    }
    None
}

/// How much of a multipart body is read to find its `csrf` field. fushi's forms send it
/// first; the rest of the body (a file) streams to the handler, which holds its own limits.
const TOKEN_WINDOW: usize = 64 * 1024;

/// The urlencoded body of a state-changing request, kept in the request once its token is
/// read: the 503 page of a write the database could not take sends it again.
#[derive(Clone, Debug)]
pub(crate) struct SentForm(pub web::Bytes);

/// The largest body a state-changing request may have (an upload and its form fields).
const MAX_BODY: usize = MAX_UPLOAD + 64 * 1024;

/// Reads a multipart body until its `csrf` field is whole (within [`TOKEN_WINDOW`]) and
/// gives the request back what was read followed by the rest, unread: the token, if found.
async fn stream_multipart(
    req: &mut ServiceRequest,
    mut payload: actix_web::dev::Payload,
) -> Result<Option<String>, actix_web::Error> {
    let mut body = web::BytesMut::new();
    let mut sent = None;
    while sent.is_none() && body.len() < TOKEN_WINDOW {
        let Some(chunk) = payload.next().await else {
            break;
        };
        body.extend_from_slice(&chunk?);
        let window = body.len().min(TOKEN_WINDOW);
        sent = multipart_token(req.request(), body.clone().freeze().slice(..window)).await;
    }
    let read = futures_util::stream::once(std::future::ready(Ok(body.freeze())));
    let stream: std::pin::Pin<
        Box<dyn futures_util::Stream<Item = Result<web::Bytes, actix_web::error::PayloadError>>>,
    > = Box::pin(read.chain(payload));
    req.set_payload(actix_web::dev::Payload::from(stream));
    Ok(sent)
}

/// Checks the CSRF token of a state-changing request before its handler runs: a refusal
/// page, or `None` when it is right. An urlencoded form (at most [`crate::web::MAX_FORM`])
/// is read whole and kept for the 503 page; a multipart upload is read only until its
/// `csrf` field (fushi's forms send it first, within [`TOKEN_WINDOW`]) and the rest streams
/// on to the handler; a request with the `X-CSRF-Token` header is not read for it at all.
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
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"));
    let mut payload = req.take_payload();
    let mut body = web::BytesMut::new();
    let mut sent = header_token(req.request());
    if is_multipart {
        if sent.is_none() {
            sent = stream_multipart(req, payload).await?;
        } else {
            req.set_payload(payload);
        }
    } else {
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
            if sent.is_none() {
                sent = form_token(&body);
            }
        }
        req.set_payload(actix_web::dev::Payload::from(body));
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    const BOUNDARY: &str = "b0undary";

    fn request() -> HttpRequest {
        TestRequest::post()
            .insert_header((
                header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={BOUNDARY}"),
            ))
            .to_http_request()
    }

    fn part(name: &str, value: &str) -> String {
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        )
    }

    #[actix_web::test]
    async fn a_multipart_token_counts_only_once_its_field_is_whole() {
        let token = "0123456789abcdef0123456789abcdef";
        let body = format!(
            "{}{}--{BOUNDARY}--\r\n",
            part("csrf", token),
            part("file", "team_no,name\n1,A\n")
        );
        let whole = web::Bytes::from(body.clone());
        assert_eq!(
            multipart_token(&request(), whole).await.as_deref(),
            Some(token)
        );
        // Cut inside the token, or before the boundary that ends it: not yet.
        let inside = body.find("89ab").unwrap();
        for cut in [inside, inside + 20, body.find("\r\n--").unwrap() + 1] {
            let prefix = web::Bytes::from(body[..cut].to_owned());
            assert_eq!(
                multipart_token(&request(), prefix).await,
                None,
                "cut at {cut}"
            );
        }
        // Read up to the next part: whole.
        let next = body.find("name=\"file\"").unwrap();
        let prefix = web::Bytes::from(body[..next].to_owned());
        assert_eq!(
            multipart_token(&request(), prefix).await.as_deref(),
            Some(token)
        );
        // Behind another field it is found too, as long as it comes in the window.
        let late = format!(
            "{}{}--{BOUNDARY}--\r\n",
            part("file", "x"),
            part("csrf", token)
        );
        assert_eq!(
            multipart_token(&request(), web::Bytes::from(late))
                .await
                .as_deref(),
            Some(token)
        );
    }
}
