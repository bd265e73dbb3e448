//! The one error type of every service and its single mapping to the envelope and HTTP status.
use actix_web::{HttpResponse, ResponseError, http::StatusCode};
use serde_json::{Value, json};

use crate::envelope::R;

pub type AppResult<T> = Result<T, AppError>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A business rule refused the request; nothing changed.
    #[error("{0}")]
    BadRequest(String),
    /// One input field is wrong: the message names the field and the reason.
    #[error("{field}: {reason}")]
    Field { field: String, reason: String },
    /// Missing, invalid, expired or revoked credentials.
    #[error("{0}")]
    Unauthorized(String),
    /// Authenticated, but the role lacks the permission.
    #[error("{0}")]
    Forbidden(String),
    /// No such record visible to the caller (also for records of other tenants).
    #[error("{0}")]
    NotFound(String),
    /// Too many attempts.
    #[error("{0}")]
    TooManyRequests(String),
    /// The request body is over the limit of its kind; the message says the limit.
    #[error("{0}")]
    TooLarge(String),
    /// A dependency (another service, Redis) is unavailable.
    #[error("{0}")]
    Unavailable(String),
    /// Anything unexpected: logged with details, answered generically.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn bad(msg: impl Into<String>) -> Self {
        AppError::BadRequest(msg.into())
    }
    pub fn field(field: impl Into<String>, reason: impl Into<String>) -> Self {
        AppError::Field { field: field.into(), reason: reason.into() }
    }
    pub fn unauthorized() -> Self {
        AppError::Unauthorized("请求未授权".into())
    }
    pub fn forbidden() -> Self {
        AppError::Forbidden("请求被拒绝".into())
    }
    pub fn not_found() -> Self {
        AppError::NotFound("数据不存在".into())
    }
    pub fn internal(msg: impl std::fmt::Display) -> Self {
        AppError::Internal(anyhow::anyhow!("{msg}"))
    }

    /// The error of a load shared by concurrent callers (moka's `try_get_with` hands each an `Arc`):
    /// the same kind and message for every one of them.
    pub fn shared(e: std::sync::Arc<AppError>) -> Self {
        match &*e {
            AppError::BadRequest(m) => AppError::BadRequest(m.clone()),
            AppError::Field { field, reason } => AppError::Field { field: field.clone(), reason: reason.clone() },
            AppError::Unauthorized(m) => AppError::Unauthorized(m.clone()),
            AppError::Forbidden(m) => AppError::Forbidden(m.clone()),
            AppError::NotFound(m) => AppError::NotFound(m.clone()),
            AppError::TooManyRequests(m) => AppError::TooManyRequests(m.clone()),
            AppError::TooLarge(m) => AppError::TooLarge(m.clone()),
            AppError::Unavailable(m) => AppError::Unavailable(m.clone()),
            AppError::Internal(err) => AppError::Internal(anyhow::anyhow!("{err:#}")),
        }
    }

    pub fn code(&self) -> u16 {
        match self {
            AppError::BadRequest(_) | AppError::Field { .. } => 400,
            AppError::Unauthorized(_) => 401,
            AppError::Forbidden(_) => 403,
            AppError::NotFound(_) => 404,
            AppError::TooManyRequests(_) => 429,
            AppError::TooLarge(_) => 413,
            AppError::Unavailable(_) => 503,
            AppError::Internal(_) => 500,
        }
    }

    /// The kind and full text of a failure on our side (5xx), for the error log; `None` for the caller's errors.
    pub fn detail(&self) -> Option<ErrorDetail> {
        match self {
            AppError::Internal(e) => Some(ErrorDetail { name: internal_kind(e), message: format!("{e:#}") }),
            AppError::Unavailable(m) => Some(ErrorDetail { name: "Unavailable".into(), message: m.clone() }),
            _ => None,
        }
    }

    pub fn envelope(&self) -> R<Value> {
        match self {
            AppError::Field { field, reason } => R::fail(400, format!("{field}: {reason}"), json!({ "field": field, "reason": reason })),
            AppError::Internal(_) => R::fail(500, "服务器异常", json!({})),
            other => R::fail(other.code(), other.to_string(), json!({})),
        }
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.code()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
    fn error_response(&self) -> HttpResponse {
        if let AppError::Internal(e) = self {
            tracing::error!(error = ?e, "internal error");
        }
        let mut res = HttpResponse::build(self.status_code()).json(self.envelope());
        // The client gets the generic envelope; the error log (an administrator's screen) gets the detail.
        if let Some(detail) = self.detail() {
            res.extensions_mut().insert(detail);
        }
        res
    }
}

/// What went wrong behind a 5xx answer, left in the response's extensions for the operation-log
/// middleware (`keeper_runtime::oplog`); never serialised to the client.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorDetail {
    /// `DbErr::Query`, `Unavailable`, or `Internal` for other failures.
    pub name: String,
    /// The error with its causes, `outer: inner`.
    pub message: String,
}

/// Database errors are named by their variant (`DbErr::Conn`, `DbErr::Query`…); anything else is `Internal`.
fn internal_kind(e: &anyhow::Error) -> String {
    match e.downcast_ref::<sea_orm::DbErr>() {
        Some(db) => {
            let debug = format!("{db:?}");
            let variant = debug.split(['(', ' ', '{']).next().unwrap_or_default();
            format!("DbErr::{variant}")
        }
        None => "Internal".into(),
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(e: sea_orm::DbErr) -> Self {
        AppError::Internal(anyhow::Error::new(e))
    }
}

impl From<sea_orm::TransactionError<AppError>> for AppError {
    fn from(e: sea_orm::TransactionError<AppError>) -> Self {
        match e {
            sea_orm::TransactionError::Connection(db) => db.into(),
            sea_orm::TransactionError::Transaction(app) => app,
        }
    }
}

/// The largest JSON body a service reads (an internal route may allow more).
pub const JSON_LIMIT: usize = 2 * 1024 * 1024;
/// The largest form-encoded or raw body (sign-in, registration, the CRUD forms).
pub const FORM_LIMIT: usize = 256 * 1024;

/// A 413 naming the limit, for a body over `limit` bytes.
pub fn too_large(limit: usize) -> AppError {
    let limit = if limit >= 1024 * 1024 { format!("{} MB", limit / (1024 * 1024)) } else { format!("{} KB", limit / 1024) };
    AppError::TooLarge(format!("请求体过大，最多 {limit}"))
}

/// Maps actix's own extractor failures (bad JSON, bad query, bad form) to a 400 envelope with the reason,
/// and a body over the limit to a 413 that says the limit.
pub fn json_error_handler(err: actix_web::error::JsonPayloadError, _req: &actix_web::HttpRequest) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as E;
    match err {
        E::Overflow { limit } | E::OverflowKnownLength { limit, .. } => too_large(limit).into(),
        err => AppError::bad(format!("请求体不是有效的JSON: {err}")).into(),
    }
}
pub fn query_error_handler(err: actix_web::error::QueryPayloadError, _req: &actix_web::HttpRequest) -> actix_web::Error {
    AppError::bad(format!("请求参数错误: {err}")).into()
}
pub fn form_error_handler(err: actix_web::error::UrlencodedError, _req: &actix_web::HttpRequest) -> actix_web::Error {
    use actix_web::error::UrlencodedError as E;
    match err {
        E::Overflow { limit, .. } => too_large(limit).into(),
        err => AppError::bad(format!("表单参数错误: {err}")).into(),
    }
}
pub fn path_error_handler(err: actix_web::error::PathError, _req: &actix_web::HttpRequest) -> actix_web::Error {
    AppError::bad(format!("路径参数错误: {err}")).into()
}

/// Installs the extractor error handlers on an actix `App` so bad input never becomes a 500 or a plain-text 400.
pub fn configure_extractors(cfg: &mut actix_web::web::ServiceConfig) {
    use actix_web::web;
    cfg.app_data(web::JsonConfig::default().limit(JSON_LIMIT).error_handler(json_error_handler))
        .app_data(web::QueryConfig::default().error_handler(query_error_handler))
        .app_data(web::FormConfig::default().limit(FORM_LIMIT).error_handler(form_error_handler))
        // Raw bodies (`web::Bytes`: the token endpoint, registration) have no error handler of their
        // own; keeper_runtime's envelope middleware answers their 413 (`too_large(FORM_LIMIT)`).
        .app_data(web::PayloadConfig::default().limit(FORM_LIMIT))
        .app_data(web::PathConfig::default().error_handler(path_error_handler));
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::MessageBody;

    #[test]
    fn an_internal_error_keeps_its_detail_out_of_the_body_and_in_the_extensions() {
        let e = AppError::Internal(anyhow::anyhow!("pool timed out").context("reading users"));
        let res = e.error_response();
        let detail = res.extensions().get::<ErrorDetail>().cloned().expect("detail");
        assert_eq!(detail, ErrorDetail { name: "Internal".into(), message: "reading users: pool timed out".into() });
        let body = res.into_body().try_into_bytes().unwrap();
        let text = String::from_utf8_lossy(&body);
        assert!(text.contains("服务器异常") && !text.contains("pool"), "{text}");
    }

    #[test]
    fn database_errors_are_named_by_kind_and_callers_errors_carry_no_detail() {
        let e: AppError = sea_orm::DbErr::Custom("boom".into()).into();
        assert_eq!(e.detail().unwrap().name, "DbErr::Custom");
        assert!(AppError::not_found().error_response().extensions().get::<ErrorDetail>().is_none());
        assert_eq!(AppError::Unavailable("Redis 不可用".into()).detail().unwrap().name, "Unavailable");
    }
}
