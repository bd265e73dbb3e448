//! One access-log line per request (method, path, status, duration, request id) and the rule that
//! keeps tokens out of every log: the query string is never logged, and a `keeper-auth` query
//! parameter is masked in the URI before the tracing middleware records it in the request span.
//! The unmasked query is kept in the request's extensions for the proxy and the token check.
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpRequest};

use crate::headers::X_REQUEST_ID;

/// Paths longer than this are cut in the log line: a log is not a place to store a client's payload.
const MAX_LOGGED_PATH: usize = 512;

/// The query string as sent by the client.
pub fn query_of(req: &HttpRequest) -> String {
    keeper_security::token::query_of(req)
}

fn loggable_path(path: &str) -> &str {
    match path.char_indices().nth(MAX_LOGGED_PATH) {
        Some((i, _)) => &path[..i],
        None => path,
    }
}

/// Middleware, outermost: sees the final status of every request, including preflights and refusals.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    keeper_security::token::mask_query_token(&mut req);
    let started = Instant::now();
    let method = req.method().clone();
    let path = loggable_path(req.path()).to_string();
    let res = next.call(req).await;
    let (status, request_id) = match &res {
        Ok(r) => (r.status().as_u16(), r.headers().get(X_REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-").to_string()),
        Err(e) => (e.as_response_error().status_code().as_u16(), "-".to_string()),
    };
    tracing::info!(
        target: "access",
        method = %method,
        path = %path,
        status,
        duration_ms = started.elapsed().as_millis() as u64,
        request_id = %request_id,
        "access"
    );
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_token_parameter_is_masked_in_any_case() {
        assert_eq!(keeper_security::token::masked_query("a=1&keeper-auth=bearer%20x.y.z&b=2").as_deref(), Some("a=1&keeper-auth=***&b=2"));
        assert_eq!(keeper_security::token::masked_query("KEEPER-AUTH=bearer+t").as_deref(), Some("KEEPER-AUTH=***"));
        assert_eq!(keeper_security::token::masked_query("a=1&keeper-authx=2"), None);
        assert_eq!(keeper_security::token::masked_query(""), None);
    }

    #[test]
    fn long_paths_are_cut() {
        let long = "/a".repeat(1000);
        assert_eq!(loggable_path(&long).chars().count(), MAX_LOGGED_PATH);
        assert_eq!(loggable_path("/api/x"), "/api/x");
    }
}
