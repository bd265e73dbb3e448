//! What a request's parameters look like in the log: query and body fields as one JSON object (a JSON
//! object body merged in, any other body under `body`), secrets masked at any depth, truncated. Error
//! texts lose the passwords of connection strings.
use std::sync::LazyLock;

use actix_web::web::Bytes;
use serde_json::{Map, Value};

/// Bodies larger than this are not read for the log (the handler still gets all of it).
pub const BODY_LIMIT: usize = 64 * 1024;
/// The most characters of parameters or error text a row keeps.
pub const TEXT_LIMIT: usize = 4000;
pub const MASK: &str = "******";

/// What a request body contributes to the log.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    None,
    Json(Bytes),
    Form(Bytes),
    /// Not read: multipart, another content type or too large; only named, e.g. `[multipart/form-data]`.
    Named(String),
}

/// Parts of lower-case names (without `_`, `-`, `.`) that always hold secrets: `newPassword`,
/// `clientSecret`, `refresh_token`, `captchaCode`…
const SECRET_PARTS: &[&str] = &["password", "passwd", "secret", "token", "credential", "captcha"];
/// Whole names that hold secrets.
const SECRET_NAMES: &[&str] = &["pwd", "keeperauth", "authorization", "otp", "smscode", "verifycode", "validatecode", "verificationcode"];
/// Names ending in `key` are credentials (`accessKey`, `secretKey`, `apiKey`, `privateKey`) except these
/// codes of business records.
const PLAIN_KEYS: &[&str] = &["dictkey", "paramkey"];

/// Whether a parameter named `name` holds a secret. On validation endpoints (`/sms/validate-message`)
/// `code` and `value` are the one-time code itself; elsewhere `code` is a menu, dictionary or config code.
pub fn is_secret(name: &str, validating: bool) -> bool {
    let n: String = name.chars().filter(|c| !matches!(c, '_' | '-' | '.')).flat_map(char::to_lowercase).collect();
    SECRET_PARTS.iter().any(|p| n.contains(p))
        || SECRET_NAMES.contains(&n.as_str())
        || (n.ends_with("key") && !PLAIN_KEYS.contains(&n.as_str()))
        || (validating && matches!(n.as_str(), "code" | "value"))
}

fn mask(v: &mut Value, validating: bool) {
    match v {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                if is_secret(k, validating) {
                    *v = Value::String(MASK.into());
                } else {
                    mask(v, validating);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| mask(v, validating)),
        _ => {}
    }
}

/// `a=1&a=2&b=` → `{"a":"1,2","b":""}`.
fn add_pairs(map: &mut Map<String, Value>, encoded: &[u8]) -> Result<(), ()> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(encoded).map_err(|_| ())?;
    for (k, v) in pairs {
        match map.get_mut(&k) {
            Some(Value::String(prev)) => {
                prev.push(',');
                prev.push_str(&v);
            }
            _ => {
                map.insert(k, Value::String(v));
            }
        }
    }
    Ok(())
}

/// The parameters of a request to `path` as logged; empty when it had none.
pub fn describe(path: &str, query: &str, body: &Body) -> String {
    let mut map = Map::new();
    if add_pairs(&mut map, query.as_bytes()).is_err() {
        map.insert("query".into(), Value::String("[查询参数无法解析]".into()));
    }
    match body {
        Body::None => {}
        Body::Form(bytes) => {
            if add_pairs(&mut map, bytes).is_err() {
                map.insert("body".into(), Value::String("[表单无法解析]".into()));
            }
        }
        Body::Json(bytes) => match serde_json::from_slice::<Value>(bytes) {
            Ok(Value::Object(fields)) => map.extend(fields),
            Ok(other) => {
                map.insert("body".into(), other);
            }
            Err(_) => {
                map.insert("body".into(), Value::String("[JSON 无法解析]".into()));
            }
        },
        Body::Named(name) => {
            map.insert("body".into(), Value::String(name.clone()));
        }
    }
    if map.is_empty() {
        return String::new();
    }
    let mut v = Value::Object(map);
    mask(&mut v, path.contains("validate"));
    truncate(&v.to_string(), TEXT_LIMIT)
}

/// At most `max` characters, marked with `…` when cut.
pub fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((at, _)) => format!("{}…", &s[..at]),
    }
}

static URL_PASSWORD: LazyLock<regex::Regex> =
    LazyLock::new(|| regex::Regex::new(r"(?i)([a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]*@").expect("valid regex"));
static KEY_VALUE_SECRET: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r#"(?i)\b(password|passwd|pwd|secret|token)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&;,'"]+)"#).expect("valid regex")
});

/// An error text without the passwords of connection strings (`postgres://user:***@host`) or of
/// `password=…` pairs, truncated.
pub fn scrub(text: &str) -> String {
    let t = URL_PASSWORD.replace_all(text, format!("${{1}}{MASK}@"));
    let t = KEY_VALUE_SECRET.replace_all(&t, format!("${{1}}${{2}}{MASK}"));
    truncate(&t, TEXT_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(v: serde_json::Value) -> Body {
        Body::Json(Bytes::from(v.to_string()))
    }

    #[test]
    fn secrets_are_masked_at_any_depth_and_business_codes_are_kept() {
        let body = json(serde_json::json!({
            "account": "clerk",
            "password": "e10adc3949ba59abbe56e057f20f883e",
            "nested": { "clientSecret": "s3", "items": [{ "accessKey": "AK", "apiKey": "x", "name": "n" }] },
            "paramKey": "account.failCount",
            "dictKey": "1",
            "code": "menu_code",
            "captchaCode": "7x9k"
        }));
        let logged = describe("/user/submit", "keeper-auth=bearer%20abc&tenantId=000000", &body);
        let v: Value = serde_json::from_str(&logged).unwrap();
        assert_eq!(v["account"], "clerk");
        assert_eq!(v["password"], MASK);
        assert_eq!(v["nested"]["clientSecret"], MASK);
        assert_eq!(v["nested"]["items"][0]["accessKey"], MASK);
        assert_eq!(v["nested"]["items"][0]["apiKey"], MASK);
        assert_eq!(v["nested"]["items"][0]["name"], "n");
        assert_eq!(v["paramKey"], "account.failCount");
        assert_eq!(v["dictKey"], "1");
        assert_eq!(v["code"], "menu_code");
        assert_eq!(v["captchaCode"], MASK);
        assert_eq!(v["keeper-auth"], MASK);
        assert_eq!(v["tenantId"], "000000");
        assert!(!logged.contains("e10adc") && !logged.contains("abc"), "{logged}");
    }

    #[test]
    fn forms_and_queries_merge_and_one_time_codes_are_masked_on_validation_paths() {
        let form = Body::Form(Bytes::from_static(b"oldPassword=aa&newPassword=bb&newPassword1=bb&ids=1&ids=2"));
        let v: Value = serde_json::from_str(&describe("/user/update-password", "", &form)).unwrap();
        assert_eq!(v, serde_json::json!({ "oldPassword": MASK, "newPassword": MASK, "newPassword1": MASK, "ids": "1,2" }));
        let sms = Body::Form(Bytes::from_static(b"id=9&value=123456&phone=13800138000"));
        let v: Value = serde_json::from_str(&describe("/sms/endpoint/validate-message", "", &sms)).unwrap();
        assert_eq!((v["value"].as_str(), v["phone"].as_str()), (Some(MASK), Some("13800138000")));
        let v: Value = serde_json::from_str(&describe("/dict/submit", "code=sex&value=1", &Body::None)).unwrap();
        assert_eq!((v["code"].as_str(), v["value"].as_str()), (Some("sex"), Some("1")));
    }

    #[test]
    fn bodies_that_are_not_read_are_named_and_bad_ones_do_not_fail() {
        assert_eq!(describe("/x", "", &Body::Named("[multipart/form-data]".into())), r#"{"body":"[multipart/form-data]"}"#);
        assert_eq!(describe("/x", "", &Body::Json(Bytes::from_static(b"{oops"))), r#"{"body":"[JSON 无法解析]"}"#);
        assert_eq!(describe("/x", "", &json(serde_json::json!([1, 2]))), r#"{"body":[1,2]}"#);
        assert_eq!(describe("/x", "", &Body::None), "");
    }

    #[test]
    fn long_parameters_are_cut_on_a_character_boundary() {
        let body = json(serde_json::json!({ "remark": "园".repeat(TEXT_LIMIT * 2) }));
        let logged = describe("/x", "", &body);
        assert_eq!(logged.chars().count(), TEXT_LIMIT + 1);
        assert!(logged.ends_with('…'));
    }

    #[test]
    fn connection_string_passwords_never_reach_the_error_log() {
        let text =
            "Connection Error: postgres://keeper:S3cret!@db:5432/keeper refused; mysql://root:pw@127.0.0.1/x; password=hunter2 user=k";
        let clean = scrub(text);
        for secret in ["S3cret!", "root:pw", "hunter2"] {
            assert!(!clean.contains(secret), "{clean}");
        }
        assert!(clean.contains("postgres://keeper:******@db:5432/keeper") && clean.contains("password=******"), "{clean}");
    }
}
