//! Reading the bearer token from `Keeper-Auth` (header, or query parameter of that name in any case).
use actix_web::http::header::HeaderMap;
use actix_web::{HttpMessage, HttpRequest};

pub const HEADER: &str = "keeper-auth";

/// The JWT of a `bearer <jwt>` value: exactly one separator after a case-insensitive `bearer`.
/// The value is the client's text: it is cut only where a character starts (`get`), so any bytes answer
/// `None` instead of panicking.
pub fn strip_bearer(value: &str) -> Option<&str> {
    let scheme = value.get(..6)?;
    let jwt = value.get(7..)?;
    (scheme.eq_ignore_ascii_case("bearer") && !jwt.is_empty()).then_some(jwt)
}

/// Finds the raw header or query value, without decoding the JWT.
pub fn raw_value(headers: &HeaderMap, query: &str) -> Option<String> {
    if let Some(v) = headers.get(HEADER).and_then(|v| v.to_str().ok()) {
        return Some(v.to_string());
    }
    for pair in query.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        if k.eq_ignore_ascii_case(HEADER) {
            return Some(percent_decode(v));
        }
    }
    None
}

pub fn from_request(req: &HttpRequest) -> Option<String> {
    raw_value(req.headers(), &query_of(req)).and_then(|v| strip_bearer(&v).map(str::to_string))
}

/// The query string as the client sent it, kept aside when the URI was masked for logs and traces.
#[derive(Debug, Clone)]
struct OriginalQuery(String);

/// The query string as sent by the client (also after [`mask_query_token`]).
pub fn query_of(req: &HttpRequest) -> String {
    match req.extensions().get::<OriginalQuery>() {
        Some(q) => q.0.clone(),
        None => req.query_string().to_string(),
    }
}

/// `a=1&Keeper-Auth=bearer%20x` → `a=1&Keeper-Auth=***`; `None` when nothing needs masking.
pub fn masked_query(query: &str) -> Option<String> {
    let mut masked = false;
    let parts: Vec<String> = query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((k, _)) if k.eq_ignore_ascii_case(HEADER) => {
                masked = true;
                format!("{k}=***")
            }
            _ => pair.to_string(),
        })
        .collect();
    masked.then(|| parts.join("&"))
}

/// Replaces a `keeper-auth` query value in the request URI by `***`, so that the request span and
/// any log of the URI never carry a token; the original stays readable through [`query_of`].
/// Must run before the tracing middleware.
pub fn mask_query_token(req: &mut actix_web::dev::ServiceRequest) {
    use actix_web::HttpMessage;
    let Some(query) = req.uri().query() else { return };
    let Some(masked) = masked_query(query) else { return };
    let original = query.to_string();
    let Ok(uri) = format!("{}?{masked}", req.path()).parse::<actix_web::http::Uri>() else { return };
    req.extensions_mut().insert(OriginalQuery(original));
    req.head_mut().uri = uri;
}

/// Middleware form of [`mask_query_token`] for `App::wrap(from_fn(...))`, outside the tracing middleware.
pub async fn mask_token_middleware(
    mut req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    mask_query_token(&mut req);
    next.call(req).await
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'+', _) => out.push(b' '),
            (b'%', Some(b)) => {
                out.push(b);
                i += 2;
            }
            (b, _) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_prefix_is_case_insensitive_with_one_separator() {
        assert_eq!(strip_bearer("bearer abc"), Some("abc"));
        assert_eq!(strip_bearer("Bearer abc"), Some("abc"));
        assert_eq!(strip_bearer("basic abc"), None);
        assert_eq!(strip_bearer("bearer "), None);
        assert_eq!(strip_bearer("abc"), None);
    }

    #[test]
    fn multi_byte_characters_anywhere_are_refused_without_a_panic() {
        for v in ["a中文xxxxxxxx", "bearer中文xxxx", "bearer 中文", "中文中文中文", "bearé xx", "bearer", "beare", ""] {
            let jwt = strip_bearer(v);
            assert!(jwt.is_none() || jwt == Some("中文"), "{v:?} -> {jwt:?}");
        }
        let h = HeaderMap::new();
        let decoded = raw_value(&h, "keeper-auth=a%E4%B8%AD%E6%96%87xxxxxxxx").unwrap();
        assert_eq!(strip_bearer(&decoded), None);
    }

    #[test]
    fn query_parameter_is_matched_in_any_case() {
        let h = HeaderMap::new();
        assert_eq!(raw_value(&h, "a=1&Keeper-Auth=bearer%20x.y.z").as_deref(), Some("bearer x.y.z"));
        assert_eq!(raw_value(&h, "keeper-auth=bearer+t").as_deref(), Some("bearer t"));
        assert_eq!(raw_value(&h, "other=1"), None);
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }
}

/// `Basic base64(id:secret)` (also `Basic%20…`) → `(id, secret)`.
pub fn parse_basic(value: &str) -> Option<(String, String)> {
    use base64::Engine;
    let rest = value.strip_prefix("Basic ").or_else(|| value.strip_prefix("basic ")).or_else(|| value.strip_prefix("Basic%20"))?;
    let decoded = base64::engine::general_purpose::STANDARD.decode(rest.trim()).ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (id, secret) = text.split_once(':')?;
    (!id.is_empty()).then(|| (id.to_string(), secret.to_string()))
}

#[cfg(test)]
mod basic_tests {
    #[test]
    fn basic_header_of_the_seed_client_parses() {
        assert_eq!(super::parse_basic("Basic c3dvcmQ6c3dvcmRfc2VjcmV0"), Some(("sword".into(), "sword_secret".into())));
        assert_eq!(super::parse_basic("Basic !!!"), None);
        assert_eq!(super::parse_basic("Bearer x"), None);
    }
}

#[cfg(test)]
mod mask_tests {
    use super::*;

    #[test]
    fn the_token_is_masked_in_the_uri_but_still_read_by_the_extractor() {
        let mut req = actix_web::test::TestRequest::with_uri("/user/export?a=1&keeper-auth=bearer%20abc.def.ghi").to_srv_request();
        mask_query_token(&mut req);
        assert_eq!(req.uri().query(), Some("a=1&keeper-auth=***"));
        assert_eq!(from_request(req.request()).as_deref(), Some("abc.def.ghi"));
    }
}
