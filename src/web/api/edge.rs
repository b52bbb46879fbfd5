//! The edge of the API, in front of every `/api/` path and the event stream
//! (`/t/{slug}/events`): CORS for the configured origins (`FUSHI_API_ORIGINS`, answers and
//! preflight `OPTIONS` alike), `405` for anything but reading, and errors as JSON
//! (`{"error": kind, "message": text}`, [`error_response`], which the error pages use for
//! every error status under `/api/`).

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::web::AppState;
use crate::web::i18n::Tr;
use crate::web::routes::{self, Need};

/// The methods every API path and the event stream answer.
const ALLOWED_METHODS: &str = "GET, HEAD, OPTIONS";

/// The request headers a page on another origin may send (beyond those always allowed):
/// to revalidate an answer and to resume an event stream.
const ALLOWED_HEADERS: &str = "If-None-Match, Last-Event-ID, Cache-Control";

/// The answer headers a page on another origin may read.
const EXPOSED_HEADERS: &str = "ETag, Fushi-Revision";

/// How long a browser may keep a preflight's answer, in seconds.
const PREFLIGHT_MAX_AGE: &str = "600";

/// An error of the API: what kind of error (a word a program can test) and what went
/// wrong, in the reader's language.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ApiError {
    /// `bad_request`, `forbidden`, `not_found`, `method_not_allowed`, `too_large`,
    /// `too_many_requests`, `internal`, `unavailable` or `error`.
    pub error: String,
    pub message: String,
}

/// The kind of an error status.
pub(crate) fn kind(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 | 422 => "bad_request",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        413 => "too_large",
        429 => "too_many_requests",
        503 => "unavailable",
        500..=599 => "internal",
        _ => "error",
    }
}

/// The JSON answer of an error under `/api/`.
pub(crate) fn error_response(status: StatusCode, message: String) -> HttpResponse {
    let body = ApiError {
        error: kind(status).to_owned(),
        message,
    };
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(body)
}

/// Whether `path` is a tournament's event stream, `/t/{slug}/events`.
fn is_event_stream(path: &str) -> bool {
    path.strip_prefix("/t/")
        .and_then(|rest| rest.split_once('/'))
        .is_some_and(|(slug, tail)| !slug.is_empty() && tail == "events")
}

/// CORS, preflight and the read-only rule in front of the API and the event stream.
pub(crate) async fn cors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, actix_web::Error> {
    let api = req.path().starts_with("/api/");
    if !api && !is_event_stream(req.path()) {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    let allowed = req
        .app_data::<web::Data<AppState>>()
        .zip(req.headers().get(header::ORIGIN))
        .and_then(|(state, origin)| state.api_origins.allows(origin.to_str().ok()?));
    let method = req.method().clone();
    if method == Method::OPTIONS {
        let preflight = req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
        let mut response = HttpResponse::NoContent();
        response.insert_header((header::ALLOW, ALLOWED_METHODS));
        response.insert_header((
            header::VARY,
            "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
        ));
        if let Some(origin) = allowed.filter(|_| preflight) {
            response
                .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, origin))
                .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS))
                .insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS))
                .insert_header((header::ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE));
        }
        return Ok(req.into_response(response.finish()).map_into_right_body());
    }
    let mut res = if api && method != Method::GET && method != Method::HEAD {
        // The API only reads: a path it has answers 405, any other 404.
        let t = Tr::new(crate::web::i18n::request_lang(req.request()));
        let declared = routes::table().need(&Method::GET, req.path()) == Some(Need::Api);
        let response = if declared {
            let mut response = error_response(
                StatusCode::METHOD_NOT_ALLOWED,
                t.t("api-method-not-allowed"),
            );
            response
                .headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static(ALLOWED_METHODS));
            response
        } else {
            error_response(StatusCode::NOT_FOUND, t.t("error-404-text"))
        };
        req.into_response(response).map_into_right_body()
    } else {
        next.call(req).await?.map_into_left_body()
    };
    let headers = res.headers_mut();
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
    if let Some(origin) = allowed {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static(EXPOSED_HEADERS),
        );
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_event_streams_are_streams() {
        assert!(is_event_stream("/t/cup/events"));
        assert!(!is_event_stream("/t/cup/standings"));
        assert!(!is_event_stream("/t//events"));
        assert!(!is_event_stream("/t/cup/rounds/events"));
    }

    #[test]
    fn every_error_status_has_a_kind() {
        assert_eq!(kind(StatusCode::NOT_FOUND), "not_found");
        assert_eq!(kind(StatusCode::BAD_REQUEST), "bad_request");
        assert_eq!(kind(StatusCode::METHOD_NOT_ALLOWED), "method_not_allowed");
        assert_eq!(kind(StatusCode::SERVICE_UNAVAILABLE), "unavailable");
        assert_eq!(kind(StatusCode::INTERNAL_SERVER_ERROR), "internal");
    }
}
