//! What the gateway adds to every exchange: a request id (kept from the caller when it is sane, so a
//! client's or load balancer's id follows the request), CORS for the configured origins only, and the
//! browser security headers, with a CSP for HTML pages.
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, HttpResponse, web};

pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

const CSP: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";
const ALLOWED_METHODS: &str = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
/// Headers a cross-origin script may read: the id for bug reports, the file name of downloads.
const EXPOSED_HEADERS: &str = "X-Request-Id, Content-Disposition";
const PREFLIGHT_MAX_AGE: &str = "600";

/// The id of the current request, for the proxy and the access log.
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// An incoming id is reused only when it is short and plain, so it is safe in logs and headers.
pub fn sane_request_id(value: &str) -> bool {
    (1..=64).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

fn request_id_of(headers: &HeaderMap) -> String {
    headers
        .get(&X_REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| sane_request_id(v))
        .map(str::to_string)
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string())
}

/// The origins allowed to call the API from another site. Empty: same-origin only.
#[derive(Debug, Default)]
pub struct Cors {
    origins: Vec<String>,
}

impl Cors {
    pub fn new(origins: &[String]) -> Self {
        Cors { origins: origins.iter().map(|o| o.trim_end_matches('/').to_string()).collect() }
    }

    pub fn allows(&self, origin: &str) -> bool {
        self.origins.iter().any(|o| o == origin)
    }

    /// The `Origin` of a request if it is allowed.
    fn allowed_origin<'a>(&self, headers: &'a HeaderMap) -> Option<&'a HeaderValue> {
        headers.get(header::ORIGIN).filter(|o| o.to_str().is_ok_and(|o| self.allows(o)))
    }
}

fn is_preflight(req: &ServiceRequest) -> bool {
    req.method() == Method::OPTIONS
        && req.headers().contains_key(header::ORIGIN)
        && req.headers().contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
}

fn preflight(cors: &Cors, headers: &HeaderMap) -> HttpResponse {
    let Some(origin) = cors.allowed_origin(headers) else {
        return crate::reply::envelope(403, "请求被拒绝");
    };
    let mut res = HttpResponse::NoContent();
    res.insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone()))
        .insert_header((header::ACCESS_CONTROL_ALLOW_CREDENTIALS, "true"))
        .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS))
        .insert_header((header::ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE));
    // The origin is trusted, so whatever headers its scripts send (Keeper-Auth, Tenant-Id, Captcha-*,
    // ones added later) are allowed rather than kept in a list that goes stale.
    if let Some(requested) = headers.get(header::ACCESS_CONTROL_REQUEST_HEADERS) {
        res.insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, requested.clone()));
    }
    res.finish()
}

/// Middleware: request id in, CORS and security headers out. Preflights are answered here, before
/// any credential check, because browsers send them without credentials.
pub async fn edge(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<BoxBody>, Error> {
    let request_id = request_id_of(req.headers());
    req.extensions_mut().insert(RequestId(request_id.clone()));
    let cors = req.app_data::<web::Data<Cors>>().cloned().unwrap_or_else(|| web::Data::new(Cors::default()));
    let origin = cors.allowed_origin(req.headers()).cloned();

    let mut res = if is_preflight(&req) {
        let reply = preflight(&cors, req.headers());
        req.into_response(reply)
    } else {
        next.call(req).await?.map_into_boxed_body()
    };

    let headers = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&request_id) {
        headers.insert(X_REQUEST_ID, v);
    }
    if let Some(origin) = origin {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(header::ACCESS_CONTROL_ALLOW_CREDENTIALS, HeaderValue::from_static("true"));
        headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, HeaderValue::from_static(EXPOSED_HEADERS));
    }
    if !cors.origins.is_empty() {
        // Answers differ by origin; caches must not hand one origin's answer to another.
        headers.append(header::VARY, HeaderValue::from_static("Origin"));
    }
    security_headers(headers, is_html(headers));
    Ok(res)
}

fn is_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.trim_start().to_ascii_lowercase().starts_with("text/html"))
}

/// The headers every response carries; a CSP for HTML unless the page brought its own.
pub fn security_headers(headers: &mut HeaderMap, html: bool) {
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // A service may let the SPA itself frame a response (the attachment preview); nothing else frames.
    if headers.get(header::X_FRAME_OPTIONS).is_none_or(|v| v != "SAMEORIGIN") {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    if html && !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_reused_only_when_sane() {
        for ok in ["3f2c1a9e-7b1d-4c4e-9a55-1d2f3e4a5b6c", "abc", "lb.trace_01:xyz", &"a".repeat(64)] {
            assert!(sane_request_id(ok), "{ok}");
        }
        for bad in ["", &"a".repeat(65), "a b", "x\ny", "<script>", "id;drop", "ü"] {
            assert!(!sane_request_id(bad), "{bad:?}");
        }
        let mut h = HeaderMap::new();
        h.insert(X_REQUEST_ID, HeaderValue::from_static("not ok!"));
        let fresh = request_id_of(&h);
        assert!(uuid::Uuid::parse_str(&fresh).is_ok(), "an insane id is replaced by a uuid: {fresh}");
        h.insert(X_REQUEST_ID, HeaderValue::from_static("client-42"));
        assert_eq!(request_id_of(&h), "client-42");
    }

    #[test]
    fn only_listed_origins_are_allowed() {
        let cors = Cors::new(&["https://keeper.example.com/".to_string(), "http://localhost:8000".to_string()]);
        assert!(cors.allows("https://keeper.example.com"));
        assert!(cors.allows("http://localhost:8000"));
        assert!(!cors.allows("https://evil.example.com"));
        assert!(!cors.allows("http://localhost:8000.evil.com"));
        assert!(!Cors::default().allows("http://localhost:8000"));
    }

    #[test]
    fn html_gets_a_csp_and_everything_gets_the_basic_headers() {
        let mut h = HeaderMap::new();
        security_headers(&mut h, false);
        assert_eq!(h.get(header::X_FRAME_OPTIONS).unwrap(), "DENY");
        assert!(!h.contains_key(header::CONTENT_SECURITY_POLICY));
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("Text/HTML; charset=utf-8"));
        let html = is_html(&h);
        security_headers(&mut h, html);
        assert_eq!(h.get(header::CONTENT_SECURITY_POLICY).unwrap(), CSP);
        let mut framed = HeaderMap::new();
        framed.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN"));
        security_headers(&mut framed, false);
        assert_eq!(framed.get(header::X_FRAME_OPTIONS).unwrap(), "SAMEORIGIN");
        framed.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("ALLOW-FROM https://evil.example.com"));
        security_headers(&mut framed, false);
        assert_eq!(framed.get(header::X_FRAME_OPTIONS).unwrap(), "DENY");
    }
}
