//! Forwarding to a service with awc, streaming both bodies: uploads and Excel downloads of any size pass
//! through without being held in memory. Method, end-to-end headers, status and response headers are
//! kept; the gateway adds who called (`X-Real-IP`, `X-Forwarded-*`), the request id and `traceparent`.
use std::cell::Cell;
use std::future::Future;
use std::net::IpAddr;
use std::rc::Rc;
use std::time::{Duration, Instant};

use actix_web::body::{BodyStream, SizedStream};
use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::http::{StatusCode, Version};
use actix_web::{HttpRequest, HttpResponse, web};
use awc::error::SendRequestError;
use futures_util::StreamExt;

use crate::reply::{self, MSG_TIMEOUT, MSG_UNAVAILABLE};

const X_REAL_IP: HeaderName = HeaderName::from_static("x-real-ip");
const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");
const X_FORWARDED_PROTO: HeaderName = HeaderName::from_static("x-forwarded-proto");
const X_FORWARDED_HOST: HeaderName = HeaderName::from_static("x-forwarded-host");
const TRACEPARENT: &str = "traceparent";

/// Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus those the gateway
/// sets itself. `content-length` is re-derived from the streamed body; `host` becomes the service's.
const NOT_FORWARDED: &[&str] = &[
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "content-length",
    "host",
    "expect",
    "x-real-ip",
    "x-request-id",
    // Only services mint service tokens; one arriving from outside is dropped, whatever it claims.
    keeper_security::service_token::HEADER,
];

/// The awc client of one worker. awc clients are per thread (not `Send`), so each worker builds its own.
pub fn client() -> awc::Client {
    awc::Client::builder()
        .connector(awc::Connector::new().timeout(Duration::from_secs(3)).limit(0))
        // The idle timeout below replaces awc's fixed one, which would cut off slow uploads.
        .disable_timeout()
        .disable_redirects()
        .no_default_headers()
        .finish()
}

/// What is forwarded, already decided by the routing and the checks.
pub struct Forward<'a> {
    /// `http://host:port` of the service.
    pub base: &'a str,
    /// Path on the service, percent-encoded.
    pub path: &'a str,
    /// The query string as the client sent it.
    pub query: &'a str,
    pub request_id: &'a str,
    /// How long the service may stay silent (no request chunk taken, no response head) before a 504.
    pub idle_timeout: Duration,
}

pub async fn forward(client: &awc::Client, fwd: Forward<'_>, req: &HttpRequest, payload: web::Payload) -> HttpResponse {
    let url = if fwd.query.is_empty() { format!("{}{}", fwd.base, fwd.path) } else { format!("{}{}?{}", fwd.base, fwd.path, fwd.query) };
    let mut upstream = client.request(req.method().clone(), url);
    copy_request_headers(req, upstream.headers_mut(), fwd.request_id);

    let last_progress = Rc::new(Cell::new(Instant::now()));
    let body = {
        let last_progress = last_progress.clone();
        payload.inspect(move |_| last_progress.set(Instant::now()))
    };
    let send = match request_body_length(req) {
        BodyLength::Sized(len) => upstream.send_body(SizedStream::new(len, body)),
        BodyLength::Stream => upstream.send_body(BodyStream::new(body)),
        BodyLength::None => upstream.send(),
    };
    let result = match until_idle(send, &last_progress, fwd.idle_timeout).await {
        Some(result) => result,
        None => {
            tracing::warn!(base = fwd.base, path = fwd.path, x_request_id = fwd.request_id, "upstream timed out");
            return reply::envelope(504, MSG_TIMEOUT);
        }
    };
    match result {
        Ok(res) => stream_response(req, res),
        Err(e) => upstream_error(&fwd, e),
    }
}

enum BodyLength {
    Sized(u64),
    Stream,
    None,
}

fn request_body_length(req: &HttpRequest) -> BodyLength {
    let headers = req.headers();
    if let Some(len) = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse().ok()) {
        return BodyLength::Sized(len);
    }
    // HTTP/1.1 announces a body without a length by chunking; HTTP/2 may send one with neither header.
    if headers.contains_key(header::TRANSFER_ENCODING) || req.version() == Version::HTTP_2 { BodyLength::Stream } else { BodyLength::None }
}

/// Runs `fut`, giving up when nothing has happened for `idle`: a slow but moving upload keeps the
/// request alive, a service that never answers does not.
async fn until_idle<F: Future>(fut: F, last_progress: &Cell<Instant>, idle: Duration) -> Option<F::Output> {
    tokio::pin!(fut);
    loop {
        let deadline = last_progress.get() + idle;
        tokio::select! {
            out = &mut fut => return Some(out),
            _ = tokio::time::sleep_until(deadline.into()) => {
                if last_progress.get() + idle <= Instant::now() {
                    return None;
                }
            }
        }
    }
}

/// Names listed in `Connection` are hop-by-hop too.
fn connection_tokens(headers: &HeaderMap) -> Vec<String> {
    headers
        .get_all(header::CONNECTION)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().to_ascii_lowercase())
        .filter(|t| !t.is_empty())
        .collect()
}

fn forwardable(name: &HeaderName, connection: &[String]) -> bool {
    !NOT_FORWARDED.contains(&name.as_str()) && !connection.iter().any(|t| t == name.as_str())
}

fn copy_request_headers(req: &HttpRequest, out: &mut HeaderMap, request_id: &str) {
    let incoming = req.headers();
    let connection = connection_tokens(incoming);
    for (name, value) in incoming.iter() {
        if forwardable(name, &connection) {
            out.append(name.clone(), value.clone());
        }
    }
    // The peer the gateway saw is the only client address that cannot be forged; services read it.
    if let Some(ip) = req.peer_addr().map(|a| a.ip()) {
        if let Ok(v) = HeaderValue::from_str(&ip.to_string()) {
            out.insert(X_REAL_IP, v);
        }
        out.insert(X_FORWARDED_FOR, forwarded_for(incoming.get(&X_FORWARDED_FOR), ip));
    }
    if !out.contains_key(&X_FORWARDED_PROTO) {
        out.insert(X_FORWARDED_PROTO, HeaderValue::from_static("http"));
    }
    if !out.contains_key(&X_FORWARDED_HOST)
        && let Some(host) = incoming.get(header::HOST)
    {
        out.insert(X_FORWARDED_HOST, host.clone());
    }
    if let Ok(v) = HeaderValue::from_str(request_id) {
        out.insert(crate::headers::X_REQUEST_ID, v);
    }
    for (name, value) in trace_context(incoming) {
        if let (Ok(n), Ok(v)) = (HeaderName::try_from(name.as_str()), HeaderValue::from_str(&value)) {
            out.insert(n, v);
        }
    }
}

/// `X-Forwarded-For` with the peer appended to whatever chain came in.
fn forwarded_for(incoming: Option<&HeaderValue>, peer: IpAddr) -> HeaderValue {
    let chain = match incoming.and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty()) {
        Some(prior) => format!("{prior}, {peer}"),
        None => peer.to_string(),
    };
    HeaderValue::from_str(&chain).unwrap_or_else(|_| HeaderValue::from_static("unknown"))
}

/// The trace context of the gateway's request span. Without an OpenTelemetry exporter the span carries
/// no context, so a child of the incoming `traceparent` (or a new trace) is made up here: the services'
/// logs still line up by trace id.
fn trace_context(incoming: &HeaderMap) -> Vec<(String, String)> {
    let headers = keeper_telemetry::trace_headers();
    if headers.iter().any(|(k, _)| k == TRACEPARENT) {
        return headers;
    }
    let parent = incoming.get(TRACEPARENT).and_then(|v| v.to_str().ok());
    vec![(TRACEPARENT.to_string(), child_traceparent(parent, rand_span_id(), rand_trace_id))]
}

fn rand_span_id() -> u64 {
    let id = uuid::Uuid::new_v4().as_u64_pair().0;
    id.max(1)
}

fn rand_trace_id() -> u128 {
    uuid::Uuid::new_v4().as_u128()
}

/// `00-<trace>-<span>-<flags>` continuing `parent` when it is a valid version-00 traceparent.
fn child_traceparent(parent: Option<&str>, span_id: u64, new_trace: impl FnOnce() -> u128) -> String {
    let valid = |p: &&str| {
        let parts: Vec<&str> = p.split('-').collect();
        parts.len() == 4
            && parts[0] == "00"
            && parts[1].len() == 32
            && parts[2].len() == 16
            && parts[3].len() == 2
            && parts[1..].iter().all(|s| s.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()))
            && parts[1] != "0".repeat(32)
            && parts[2] != "0".repeat(16)
    };
    match parent.filter(valid) {
        Some(p) => format!("00-{}-{span_id:016x}-{}", &p[3..35], &p[53..55]),
        None => format!("00-{:032x}-{span_id:016x}-01", new_trace()),
    }
}

fn stream_response(
    req: &HttpRequest,
    res: awc::ClientResponse<impl futures_util::Stream<Item = Result<bytes::Bytes, awc::error::PayloadError>> + Unpin + 'static>,
) -> HttpResponse {
    let status = res.status();
    let mut out = HttpResponse::build(status);
    let connection = connection_tokens(res.headers());
    for (name, value) in res.headers().iter() {
        if forwardable(name, &connection) {
            out.append_header((name.clone(), value.clone()));
        }
    }
    let length = res.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
    if status == StatusCode::NO_CONTENT || status == StatusCode::NOT_MODIFIED || status.is_informational() {
        return out.finish();
    }
    match length {
        Some(len) if req.method() != actix_web::http::Method::HEAD || len > 0 => out.body(SizedStream::new(len, res)),
        Some(_) => out.finish(),
        None => out.body(BodyStream::new(res)),
    }
}

fn upstream_error(fwd: &Forward<'_>, e: SendRequestError) -> HttpResponse {
    let (base, path, x_request_id) = (fwd.base, fwd.path, fwd.request_id);
    match e {
        SendRequestError::Timeout => {
            tracing::warn!(base, path, x_request_id, "upstream timed out");
            reply::envelope(504, MSG_TIMEOUT)
        }
        // The caller's own body failed (an aborted upload): nothing the service did.
        SendRequestError::Body(err) => {
            tracing::info!(base, path, x_request_id, error = %err, "request body failed while forwarding");
            reply::envelope(400, "请求体读取失败")
        }
        SendRequestError::Url(_) | SendRequestError::Http(_) => {
            tracing::error!(base, path, x_request_id, error = %e, "cannot build the upstream request");
            reply::envelope(500, "服务器异常")
        }
        // Refused or broken connections: the service is down or restarting.
        other => {
            tracing::warn!(base, path, x_request_id, error = %other, "upstream unavailable");
            reply::envelope(503, MSG_UNAVAILABLE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_traceparent_is_continued_or_started() {
        let incoming = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        assert_eq!(child_traceparent(Some(incoming), 0xabc, || unreachable!()), "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000abc-01");
        for bad in [
            None,
            Some("garbage"),
            Some("00-00000000000000000000000000000000-00f067aa0ba902b7-01"),
            Some("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
        ] {
            assert_eq!(child_traceparent(bad, 1, || 7), "00-00000000000000000000000000000007-0000000000000001-01", "{bad:?}");
        }
    }

    #[test]
    fn forwarded_for_appends_the_peer() {
        let peer: IpAddr = "10.1.2.3".parse().unwrap();
        assert_eq!(forwarded_for(None, peer), "10.1.2.3");
        assert_eq!(forwarded_for(Some(&HeaderValue::from_static("1.1.1.1")), peer), "1.1.1.1, 10.1.2.3");
    }

    #[test]
    fn hop_by_hop_and_gateway_owned_headers_are_not_forwarded() {
        let mut h = HeaderMap::new();
        h.insert(header::CONNECTION, HeaderValue::from_static("keep-alive, X-Secret-Hop"));
        let conn = connection_tokens(&h);
        for name in ["transfer-encoding", "connection", "x-secret-hop", "x-real-ip", "x-keeper-service", "host", "content-length"] {
            assert!(!forwardable(&HeaderName::from_static(name), &conn), "{name}");
        }
        for name in ["authorization", "keeper-auth", "content-type", "tenant-id", "x-forwarded-for"] {
            assert!(forwardable(&HeaderName::from_static(name), &conn), "{name}");
        }
    }

    #[tokio::test]
    async fn a_silent_upstream_times_out_but_a_moving_one_does_not() {
        let progress = Cell::new(Instant::now());
        let never = std::future::pending::<()>();
        assert!(until_idle(never, &progress, Duration::from_millis(20)).await.is_none());

        let progress = Rc::new(Cell::new(Instant::now()));
        let ticking = {
            let progress = progress.clone();
            async move {
                for _ in 0..5 {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    progress.set(Instant::now());
                }
                "done"
            }
        };
        assert_eq!(until_idle(ticking, &progress, Duration::from_millis(25)).await, Some("done"));
    }
}
