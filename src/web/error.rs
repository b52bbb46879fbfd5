//! Errors in the web layer.
//!
//! Handlers return `Result<_, AppError>`. Use `AppError::not_found()` for a missing page or
//! id, `AppError::bad_request(msg)` (a message already in the reader's language) for input
//! no form field can show; a write the database refuses ([`crate::db::WriteRefusal`])
//! converts with `?` into a 400 page that words it in the reader's language; database and
//! template failures convert with `?` and show as a 500 page without their details. Every error status, ours or actix's (a bad path, a form
//! that does not parse, an upload too large), is drawn as a page in the layout by
//! [`error_pages`], in the reader's language; under `/api/` it is JSON instead
//! (`{"error": kind, "message": text}`, [`super::api::edge`]).

use actix_web::body::{BoxBody, EitherBody, MessageBody};
use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

use super::page::{Ctx, Rendered};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    #[error("{0}")]
    BadRequest(String),
    /// A write the stored tournament does not allow: a 400 page, worded in the reader's
    /// language when the page is drawn.
    #[error("{0}")]
    Refused(crate::db::WriteRefusal),
    #[error("forbidden")]
    Forbidden,
    /// A failure with its cause kept (a database query, a template, a worker thread):
    /// a 500, and the whole chain of causes in the log.
    #[error("internal error")]
    Failed(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// Heavy work (a PDF) had no free turn in time: try again shortly.
    #[error("busy")]
    Busy,
    /// The database could not take the write in time: 503, nothing saved, send again.
    #[error("database busy")]
    DbBusy(#[source] crate::db::DbError),
    /// The disk that holds the database is full: 503, nothing saved, send again once the
    /// operator has made room.
    #[error("database disk full")]
    DbFull(#[source] crate::db::DbError),
}

impl AppError {
    pub fn not_found() -> Self {
        AppError::NotFound
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        AppError::BadRequest(message.into())
    }

    /// A failure of fushi itself (a broken invariant, a library's error): a 500, its cause
    /// kept for the log. Takes an error (its source chain kept) or a text saying what broke.
    pub fn internal(cause: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        AppError::Failed(cause.into())
    }
}

/// A text field refused for its length or a control character: a 400 whose message names
/// the field (`label`, in the reader's language) and the limit.
pub(crate) fn text_refused(
    t: &super::i18n::Tr,
    label: &str,
    problem: crate::limits::TextProblem,
) -> AppError {
    let why = crate::input::text::text_problem(label, problem);
    AppError::BadRequest(why.text(t))
}

impl From<super::live::SnapshotError> for AppError {
    fn from(e: super::live::SnapshotError) -> Self {
        match e {
            super::live::SnapshotError::NotFound => AppError::NotFound,
            super::live::SnapshotError::Unavailable(why) => {
                tracing::warn!("{}", crate::db::report(&*why));
                AppError::Busy
            }
            super::live::SnapshotError::Failed(why) => AppError::internal(why),
        }
    }
}

impl From<crate::db::DbError> for AppError {
    fn from(e: crate::db::DbError) -> Self {
        if e.is_busy() {
            return AppError::DbBusy(e);
        }
        if e.is_full() {
            return AppError::DbFull(e);
        }
        match e {
            // A round, match or team that is not there: the page does not exist.
            crate::db::DbError::NotFound => AppError::NotFound,
            // Input the checks before the database let through: refused, not a crash.
            crate::db::DbError::Refused(why) => AppError::Refused(why),
            e => AppError::Failed(Box::new(e)),
        }
    }
}

impl From<askama::Error> for AppError {
    fn from(e: askama::Error) -> Self {
        AppError::Failed(Box::new(e))
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        AppError::Failed(Box::new(e))
    }
}

impl From<diesel::r2d2::PoolError> for AppError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        AppError::DbBusy(crate::db::DbError::Pool(e))
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::BadRequest(_) | AppError::Refused(_) => StatusCode::BAD_REQUEST,
            AppError::Forbidden => StatusCode::FORBIDDEN,
            AppError::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::Busy | AppError::DbBusy(_) | AppError::DbFull(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
        }
    }

    /// A bare status: [`error_pages`] draws the page, knowing the reader's language.
    fn error_response(&self) -> HttpResponse {
        match self {
            AppError::Failed(_) => tracing::error!("{}", crate::db::report(self)),
            AppError::DbBusy(_) => {
                tracing::warn!("{}", crate::db::report(self));
                return HttpResponse::build(self.status_code())
                    .insert_header((actix_web::http::header::RETRY_AFTER, "2"))
                    .finish();
            }
            // The operator has to make room: an error in the log, not a warning.
            AppError::DbFull(_) => {
                tracing::error!("{}", crate::db::report(self));
                return HttpResponse::build(self.status_code())
                    .insert_header((actix_web::http::header::RETRY_AFTER, "60"))
                    .finish();
            }
            _ => {}
        }
        if let AppError::Busy = self {
            return HttpResponse::ServiceUnavailable()
                .insert_header((actix_web::http::header::RETRY_AFTER, RETRY_AFTER_SECONDS))
                .finish();
        }
        HttpResponse::new(self.status_code())
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    ctx: Ctx,
    status: u16,
    title: String,
    message: String,
    /// A 404 under a tournament's pages: the way back to its first page.
    back: Option<String>,
    /// A form the database could not take: where it went and its fields, to send again.
    resend: Option<Resend>,
}

/// A form sent again from the 503 page, as it was typed.
struct Resend {
    action: String,
    fields: Vec<(String, String)>,
}

/// The form of a write the database could not take, when it was a urlencoded form.
fn resend_of(req: &actix_web::HttpRequest) -> Option<Resend> {
    if req.method() != actix_web::http::Method::POST {
        return None;
    }
    let sent = actix_web::HttpMessage::extensions(req)
        .get::<super::auth::csrf::SentForm>()
        .cloned()?;
    let fields = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&sent.0).ok()?;
    let action = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), |p| p.as_str().to_owned());
    Some(Resend { action, fields })
}

/// `/t/{slug}` or `/d/{slug}` for a path below a tournament's first page.
fn tournament_home(path: &str) -> Option<String> {
    let (area, rest) = path
        .strip_prefix("/t/")
        .map(|r| ("t", r))
        .or_else(|| path.strip_prefix("/d/").map(|r| ("d", r)))?;
    let (slug, tail) = rest.split_once('/')?;
    (crate::rules::slug::Slug::parse(slug).is_ok() && !tail.is_empty())
        .then(|| format!("/{area}/{slug}"))
}

/// What a 503 asks the client to wait, in seconds.
const RETRY_AFTER_SECONDS: &str = "5";

/// The middleware that turns every 4xx and 5xx response without a page of ours into one.
pub(crate) fn error_pages<B: MessageBody + 'static>() -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler(draw_error_page)
}

fn draw_error_page<B: MessageBody + 'static>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    if res.response().extensions().get::<Rendered>().is_some() {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let ctx = Ctx::of(res.request());
    let t = ctx.t;
    let error = res
        .response()
        .error()
        .and_then(|e| e.as_error::<AppError>());
    let detail = error.and_then(|e| match e {
        AppError::BadRequest(m) => Some(m.clone()),
        AppError::Refused(why) => Some(why.text(&t)),
        _ => None,
    });
    let db_busy = matches!(error, Some(AppError::DbBusy(_)));
    let db_full = matches!(error, Some(AppError::DbFull(_)));
    let resend = (db_busy || db_full)
        .then(|| resend_of(res.request()))
        .flatten();
    let (title, text) = match status.as_u16() {
        503 if db_full && resend.is_some() => {
            (t.t("error-db-full-title"), t.t("error-db-full-resend-text"))
        }
        503 if db_full => (t.t("error-db-full-title"), t.t("error-db-full-text")),
        503 if resend.is_some() => (t.t("error-db-busy-title"), t.t("error-db-busy-resend-text")),
        503 if db_busy => (t.t("error-db-busy-title"), t.t("error-db-busy-text")),
        code @ (400 | 403 | 404 | 413 | 500 | 503) => (
            t.t(&format!("error-{code}-title")),
            t.t(&format!("error-{code}-text")),
        ),
        422 => (t.t("error-422-title"), t.t("error-400-text")),
        code if code >= 500 => (t.t("error-500-title"), t.t("error-500-text")),
        _ => (t.t("error-other-title"), t.t("error-400-text")),
    };
    if res.request().path().starts_with("/api/") {
        // The API's errors are JSON, with the same status and words.
        let mut response = super::api::edge::error_response(status, detail.unwrap_or(text));
        if let Some(wait) = res.headers().get(actix_web::http::header::RETRY_AFTER) {
            response
                .headers_mut()
                .insert(actix_web::http::header::RETRY_AFTER, wait.clone());
        }
        let (req, _) = res.into_parts();
        let res: ServiceResponse<EitherBody<B>> =
            ServiceResponse::new(req, response).map_into_right_body();
        return Ok(ErrorHandlerResponse::Response(res));
    }
    let page = ErrorPage {
        ctx,
        status: status.as_u16(),
        title,
        message: detail.unwrap_or(text),
        back: (status == StatusCode::NOT_FOUND)
            .then(|| tournament_home(res.request().path()))
            .flatten(),
        resend,
    };
    let body = page
        .render()
        .unwrap_or_else(|_| format!("{} {}", page.status, page.title));
    let mut response = HttpResponse::build(status);
    response.content_type("text/html; charset=utf-8");
    if let Some(wait) = res.headers().get(actix_web::http::header::RETRY_AFTER) {
        response.insert_header((actix_web::http::header::RETRY_AFTER, wait.clone()));
    }
    let response: HttpResponse<BoxBody> = response.body(body);
    let (req, _) = res.into_parts();
    let res: ServiceResponse<EitherBody<B>> =
        ServiceResponse::new(req, response).map_into_right_body();
    Ok(ErrorHandlerResponse::Response(res))
}

/// The `default_service`: any unknown URL.
pub(super) async fn not_found() -> Result<HttpResponse, AppError> {
    Err(AppError::not_found())
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::result::{DatabaseErrorKind, Error as DieselError};

    fn failed(kind: DatabaseErrorKind, message: &str) -> AppError {
        let e = DieselError::DatabaseError(kind, Box::new(message.to_owned()));
        crate::db::DbError::Query(e).into()
    }

    #[test]
    fn a_busy_database_is_a_503_not_a_500() {
        let locked = failed(DatabaseErrorKind::Unknown, "database is locked");
        assert_eq!(locked.status_code(), StatusCode::SERVICE_UNAVAILABLE);
        let response = locked.error_response();
        assert_eq!(response.headers().get("retry-after").unwrap(), "2");
        let serial = failed(
            DatabaseErrorKind::SerializationFailure,
            "could not serialize",
        );
        assert_eq!(serial.status_code(), StatusCode::SERVICE_UNAVAILABLE);
        let other = failed(DatabaseErrorKind::Unknown, "disk I/O error");
        assert_eq!(other.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        let refused: AppError =
            crate::db::DbError::Refused(crate::db::WriteRefusal::ByeHasNoResults {
                round: 1,
                table: 3,
            })
            .into();
        assert_eq!(refused.status_code(), StatusCode::BAD_REQUEST);
    }

    #[test]
    fn a_missing_row_is_a_404_and_failures_keep_their_cause() {
        let missing: AppError = crate::db::DbError::from(DieselError::NotFound).into();
        assert_eq!(missing.status_code(), StatusCode::NOT_FOUND);
        let broken = failed(DatabaseErrorKind::Unknown, "disk I/O error");
        assert_eq!(broken.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        // The chain reaches diesel's own error, and the log line names it.
        let db = std::error::Error::source(&broken).expect("the database error");
        let diesel = db.source().expect("diesel's error");
        assert_eq!(diesel.to_string(), "disk I/O error");
        assert_eq!(
            crate::db::report(&broken),
            "internal error: database query failed: disk I/O error"
        );
        let busy = failed(DatabaseErrorKind::Unknown, "database is locked");
        assert!(matches!(&busy, AppError::DbBusy(e) if e.is_busy()));
    }

    /// SQLite's `SQLITE_FULL` and PostgreSQL's full disk are a 503 to send again, with a
    /// longer wait than a busy database's; a disk I/O error stays a failure.
    #[test]
    fn a_full_disk_is_a_503_not_a_500() {
        for message in [
            "database or disk is full",
            "could not extend file \"base/16384/2619\": No space left on device",
            "could not write to file \"pg_wal/xlogtemp.123\": No space left on device",
        ] {
            let full = failed(DatabaseErrorKind::Unknown, message);
            assert!(
                matches!(&full, AppError::DbFull(e) if e.is_full()),
                "{message}"
            );
            assert_eq!(full.status_code(), StatusCode::SERVICE_UNAVAILABLE);
            let response = full.error_response();
            assert_eq!(response.headers().get("retry-after").unwrap(), "60");
        }
        let io = failed(DatabaseErrorKind::Unknown, "disk I/O error");
        assert_eq!(io.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
