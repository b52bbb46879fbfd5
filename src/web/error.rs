//! Errors in the web layer.
//!
//! Handlers return `Result<_, AppError>`. Use `AppError::not_found()` for a missing page or
//! id, `AppError::bad_request(msg)` for input a form cannot carry; database and template
//! failures convert with `?` and show as a 500 page without their details.

use actix_web::{HttpResponse, ResponseError, http::StatusCode};
use askama::Template;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    #[error("{0}")]
    BadRequest(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    pub fn not_found() -> Self {
        AppError::NotFound
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        AppError::BadRequest(message.into())
    }
}

impl From<crate::db::DbError> for AppError {
    fn from(e: crate::db::DbError) -> Self {
        AppError::Internal(e.to_string())
    }
}

impl From<askama::Error> for AppError {
    fn from(e: askama::Error) -> Self {
        AppError::Internal(e.to_string())
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        AppError::Internal(e.to_string())
    }
}

impl From<diesel::r2d2::PoolError> for AppError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        AppError::Internal(e.to_string())
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    status: u16,
    title: &'a str,
    message: &'a str,
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        let (title, message) = match self {
            AppError::NotFound => (
                "Page not found · 页面不存在",
                "There is nothing at this address. 此地址没有内容。",
            ),
            AppError::BadRequest(m) => ("Bad request · 请求有误", m.as_str()),
            AppError::Internal(e) => {
                tracing::error!("{e}");
                (
                    "Something went wrong · 出错了",
                    "The server could not finish this request. 服务器未能完成此请求。",
                )
            }
        };
        let page = ErrorPage {
            status: status.as_u16(),
            title,
            message,
        };
        let body = page
            .render()
            .unwrap_or_else(|_| format!("{} {title}", status.as_u16()));
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body)
    }
}

/// The `default_service`: any unknown URL.
pub async fn not_found() -> Result<HttpResponse, AppError> {
    Err(AppError::not_found())
}
