//! The actix middleware of the operation log. Before the handler it reads small JSON and form bodies of
//! changes (and puts them back for the handler); after the response it records who did what, how it
//! ended and how long it took. Multipart and other bodies, and every response body, stream through
//! untouched.
use std::future::{Ready, ready};
use std::rc::Rc;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{Payload, Service, ServiceRequest, ServiceResponse, Transform, forward_ready};
use actix_web::http::{Method, StatusCode, header};
use actix_web::web::{Bytes, BytesMut};
use actix_web::{Error, HttpMessage, HttpRequest, web};
use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use keeper_client::dto::{ApiLogEntry, ErrorLogEntry, LogEvent, LogOrigin};
use keeper_common::AppError;
use keeper_common::error::ErrorDetail;
use keeper_security::claims::{ACCESS_TOKEN, AUDIENCE, Claims};
use keeper_security::{AuthContext, CurrentUser};

use super::OpLog;
use super::params::{self, BODY_LIMIT, Body};

/// Paths never logged: service-to-service calls, probes, and sign-in with its captcha (the login log
/// records every attempt, and a token request carries a password).
fn skipped(path: &str) -> bool {
    path == "/internal"
        || path.starts_with("/internal/")
        || matches!(path, "/health" | "/ready" | "/oauth/token" | "/token")
        || path.contains("captcha")
}

/// POSTs that only read (`parkCompany/list` takes its filter as a body).
const READ_ONLY_ACTIONS: &[&str] = &["list", "page", "detail", "tree", "select"];

/// Changes, and downloads of data (exports, files).
fn is_operation(method: &Method, path: &str) -> bool {
    let last = path.rsplit('/').find(|s| !s.is_empty()).unwrap_or_default();
    match *method {
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE => !READ_ONLY_ACTIONS.contains(&last),
        Method::GET => last.starts_with("export") || path.contains("/download"),
        _ => false,
    }
}

impl<S, B> Transform<S, ServiceRequest> for OpLog
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<B>;
    type Error = Error;
    type Transform = OpLogMiddleware<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(OpLogMiddleware { service: Rc::new(service), log: self.clone() }))
    }
}

pub struct OpLogMiddleware<S> {
    service: Rc<S>,
    log: OpLog,
}

impl<S, B> Service<ServiceRequest> for OpLogMiddleware<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<B>;
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Self::Error>>;

    forward_ready!(service);

    fn call(&self, mut req: ServiceRequest) -> Self::Future {
        let service = self.service.clone();
        let log = self.log.clone();
        Box::pin(async move {
            if skipped(req.path()) {
                return service.call(req).await;
            }
            let started = Instant::now();
            let at = Utc::now();
            // The request itself must not be cloned before routing (the router needs it unshared): what the
            // failure path needs is copied out instead, for changes only.
            let op = is_operation(req.method(), req.path()).then(|| Seen::of(req.request()));
            let body = if op.is_some() { capture(&mut req).await } else { Body::None };
            let result = service.call(req).await;
            let elapsed = started.elapsed().as_millis() as i64;
            match &result {
                Ok(res) => {
                    // Unknown routes changed nothing; scanners probing them would only add noise.
                    let operation = op.is_some() && res.request().match_pattern().is_some();
                    if operation || res.status().is_server_error() {
                        let seen = op.unwrap_or_else(|| Seen::of(res.request()));
                        let detail = res.response().extensions().get::<ErrorDetail>().cloned();
                        let route = res.request().match_pattern().unwrap_or_default();
                        let who = Who::of(res.request());
                        let record = Record { log: &log, seen: &seen, who: &who, body: &body, at, elapsed, route: &route };
                        record.emit(operation, res.status(), detail);
                    }
                }
                Err(e) => {
                    if let Some(seen) = &op {
                        let detail = e.as_error::<AppError>().and_then(AppError::detail);
                        let record = Record { log: &log, seen, who: &Who::default(), body: &body, at, elapsed, route: "" };
                        record.emit(true, e.as_response_error().status_code(), detail);
                    }
                }
            }
            result
        })
    }
}

/// What the log keeps of a request, copied out of it.
struct Seen {
    method: String,
    path: String,
    query: String,
    remote_ip: String,
    user_agent: String,
    request_id: String,
}

impl Seen {
    fn of(req: &HttpRequest) -> Seen {
        let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty());
        // The gateway puts the peer it saw in X-Real-IP; behind another proxy the last X-Forwarded-For
        // hop is the one that proxy saw (earlier hops are whatever the client claimed).
        let remote_ip = header("x-real-ip")
            .or_else(|| header("x-forwarded-for").and_then(|chain| chain.rsplit(',').map(str::trim).find(|s| !s.is_empty())))
            .map(str::to_string)
            .or_else(|| req.peer_addr().map(|a| a.ip().to_string()))
            .unwrap_or_default();
        let request_id = header("x-request-id").filter(|id| id.len() <= 64 && id.bytes().all(|b| b.is_ascii_graphic())).unwrap_or_default();
        Seen {
            method: req.method().to_string(),
            path: req.path().to_string(),
            query: req.query_string().to_string(),
            remote_ip: params::truncate(&remote_ip, 64),
            user_agent: params::truncate(header(header::USER_AGENT.as_str()).unwrap_or_default(), 500),
            request_id: request_id.to_string(),
        }
    }
}

/// Who made the request, from the verified identity.
#[derive(Default)]
struct Who {
    tenant_id: String,
    user_id: Option<i64>,
    account: String,
}

impl Who {
    fn of(req: &HttpRequest) -> Who {
        if let Some(u) = req.extensions().get::<CurrentUser>() {
            return Who { tenant_id: u.tenant_id.clone(), user_id: Some(u.user_id), account: u.account.clone() };
        }
        // The handler never asked (a public route) or refused before it did: a token the installation
        // signed still says who it was. The session is not checked: this only labels the row.
        let ctx = req.app_data::<web::Data<AuthContext>>();
        let claims = ctx
            .zip(keeper_security::token::from_request(req))
            .and_then(|(ctx, jwt)| ctx.keys.verify::<Claims>(&jwt, AUDIENCE))
            .filter(|c| c.token_type == ACCESS_TOKEN);
        match claims {
            Some(c) => Who { tenant_id: c.tenant_id, user_id: c.user_id.parse().ok(), account: c.account },
            None => Who::default(),
        }
    }
}

/// One finished request, turned into events.
struct Record<'a> {
    log: &'a OpLog,
    seen: &'a Seen,
    who: &'a Who,
    body: &'a Body,
    at: DateTime<Utc>,
    elapsed: i64,
    /// The matched route pattern, empty when routing never happened.
    route: &'a str,
}

impl Record<'_> {
    fn origin(&self) -> LogOrigin {
        let server = self.log.server();
        LogOrigin {
            server_host: server.host.clone(),
            server_ip: server.ip.clone(),
            env: server.env.clone(),
            method_class: format!("keeper-{}", self.log.service()),
            method_name: self.route.to_string(),
        }
    }

    fn emit(&self, operation: bool, status: StatusCode, detail: Option<ErrorDetail>) {
        let failed = status.is_server_error();
        if !operation && !failed {
            return;
        }
        let (seen, who) = (self.seen, self.who);
        let params = params::describe(&seen.path, &seen.query, self.body);
        if operation {
            self.log.record(LogEvent::Api(ApiLogEntry {
                id: keeper_common::id::next_id(),
                tenant_id: who.tenant_id.clone(),
                service_id: self.log.service().into(),
                title: super::title::of(&seen.path),
                method: seen.method.clone(),
                request_uri: seen.path.clone(),
                params: params.clone(),
                status: status.as_u16(),
                success: status.as_u16() < 400,
                elapsed_ms: self.elapsed,
                remote_ip: seen.remote_ip.clone(),
                user_agent: seen.user_agent.clone(),
                request_id: seen.request_id.clone(),
                user_id: who.user_id,
                account: who.account.clone(),
                time: self.at,
                origin: self.origin(),
            }));
        }
        if failed {
            let (name, message) = match detail {
                Some(d) => (d.name, params::scrub(&d.message)),
                None => ("HTTP".to_string(), status.to_string()),
            };
            self.log.record(LogEvent::Error(ErrorLogEntry {
                id: keeper_common::id::next_id(),
                tenant_id: who.tenant_id.clone(),
                service_id: self.log.service().into(),
                request_id: seen.request_id.clone(),
                method: seen.method.clone(),
                request_uri: seen.path.clone(),
                params,
                exception_name: name,
                message,
                remote_ip: seen.remote_ip.clone(),
                user_agent: seen.user_agent.clone(),
                user_id: who.user_id,
                account: who.account.clone(),
                time: self.at,
                origin: self.origin(),
            }));
        }
    }
}

/// Reads a JSON or form body of at most [`BODY_LIMIT`] bytes for the log and puts back exactly what was
/// read, so the handler sees the same stream. Anything else is only named.
async fn capture(req: &mut ServiceRequest) -> Body {
    let headers = req.headers();
    let mime = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let length = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<usize>().ok());
    let (json, form) = (mime == "application/json" || mime.ends_with("+json"), mime == "application/x-www-form-urlencoded");
    if !(json || form) {
        return match (mime.is_empty(), length) {
            (true, None | Some(0)) => Body::None,
            (true, Some(_)) => Body::Named("[无类型请求体]".into()),
            (false, _) => Body::Named(format!("[{mime}]")),
        };
    }
    if length == Some(0) {
        return Body::None;
    }
    if length.is_some_and(|n| n > BODY_LIMIT) {
        return Body::Named(format!("[{mime}, 超过 64 KiB, 未记录]"));
    }
    let mut payload = req.take_payload();
    let mut head = BytesMut::new();
    let mut failure = None;
    let mut ended = false;
    while head.len() <= BODY_LIMIT {
        match payload.next().await {
            Some(Ok(chunk)) => head.extend_from_slice(&chunk),
            Some(Err(e)) => {
                failure = Some(e);
                break;
            }
            None => {
                ended = true;
                break;
            }
        }
    }
    let head: Bytes = head.freeze();
    let replay = futures_util::stream::once(ready(Ok(head.clone())));
    match (ended, failure) {
        (true, _) => {
            req.set_payload(Payload::from(head.clone()));
            match (head.is_empty(), json) {
                (true, _) => Body::None,
                (false, true) => Body::Json(head),
                (false, false) => Body::Form(head),
            }
        }
        (false, Some(e)) => {
            req.set_payload(Payload::Stream { payload: Box::pin(replay.chain(futures_util::stream::once(ready(Err(e))))) });
            Body::Named("[请求体读取失败]".into())
        }
        (false, None) => {
            // A chunked body that turned out too large: the handler gets what was read, then the rest.
            req.set_payload(Payload::Stream { payload: Box::pin(replay.chain(payload)) });
            Body::Named(format!("[{mime}, 超过 64 KiB, 未记录]"))
        }
    }
}

#[cfg(test)]
mod tests;
