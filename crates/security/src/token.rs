//! Reading the bearer token from `Keeper-Auth` (header, or query parameter of that name in any case).
use actix_web::HttpRequest;
use actix_web::http::header::HeaderMap;

pub const HEADER: &str = "keeper-auth";

/// The JWT of a `bearer <jwt>` value: exactly one separator after a case-insensitive `bearer`.
pub fn strip_bearer(value: &str) -> Option<&str> {
    if value.len() > 7 && value[..6].eq_ignore_ascii_case("bearer") {
        let jwt = &value[7..];
        (!jwt.is_empty()).then_some(jwt)
    } else {
        None
    }
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
    raw_value(req.headers(), req.query_string()).and_then(|v| strip_bearer(&v).map(str::to_string))
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
