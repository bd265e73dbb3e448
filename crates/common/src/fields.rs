//! Readers of JSON body fields and list filters shared by every service's forms: each refusal names its
//! field and gives the reason in Chinese.
use crate::AppError;
use sea_orm::sea_query::LikeExpr;
use serde_json::{Map, Value};

/// An optional id sent as a string or a number; empty means none. Ids are never negative, whichever way
/// they are sent: `"-5"` is refused like `-5`.
pub fn id(body: &Map<String, Value>, field: &str) -> Result<Option<i64>, AppError> {
    let bad = || AppError::field(field, "不是有效的ID");
    match body.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_i64().filter(|n| *n >= 0).map(Some).ok_or_else(bad),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => crate::id::parse(s).filter(|n| *n >= 0).map(Some).ok_or_else(bad),
        Some(_) => Err(bad()),
    }
}

/// A trimmed text of at most `max` characters; absent is `""` unless `required`. Numbers are taken as text,
/// since antd number inputs send keys such as `1` unquoted.
pub fn text(body: &Map<String, Value>, field: &str, max: usize, required: bool) -> Result<String, AppError> {
    let s = match body.get(field) {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => return Err(AppError::field(field, "应为字符串")),
    };
    if s.is_empty() && required {
        return Err(AppError::field(field, "不能为空"));
    }
    if s.chars().count() > max {
        return Err(AppError::field(field, format!("长度不能超过{max}")));
    }
    Ok(s)
}

/// Like [`text`], but absent (or `null`) stays `None`, so that an update can tell "not sent" from "cleared".
pub fn opt_text(body: &Map<String, Value>, field: &str, max: usize) -> Result<Option<String>, AppError> {
    match body.get(field) {
        None | Some(Value::Null) => Ok(None),
        _ => text(body, field, max, false).map(Some),
    }
}

/// A field of a serde form, trimmed: at most `max` characters, and not empty when `required` (absent is `""`).
/// The counterpart of [`text`] for forms read by [`crate::form::from_json`].
pub fn trimmed(field: &str, v: Option<String>, max: usize, required: bool) -> Result<String, AppError> {
    let s = v.map(|s| s.trim().to_string()).unwrap_or_default();
    if s.is_empty() && required {
        return Err(AppError::field(field, "不能为空"));
    }
    if s.chars().count() > max {
        return Err(AppError::field(field, format!("长度不能超过{max}")));
    }
    Ok(s)
}

/// An integer sent as a number or a numeric string; absent or empty is `None`.
pub fn int(body: &Map<String, Value>, field: &str) -> Result<Option<i32>, AppError> {
    let bad = || AppError::field(field, "应为整数");
    match body.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_i64().and_then(|n| i32::try_from(n).ok()).map(Some).ok_or_else(bad),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| bad()),
        Some(_) => Err(bad()),
    }
}

/// A 0/1 flag; absent is 0.
pub fn flag(body: &Map<String, Value>, field: &str) -> Result<i32, AppError> {
    match body.get(field) {
        Some(Value::Bool(b)) => Ok(*b as i32),
        _ => match int(body, field)? {
            None | Some(0) => Ok(0),
            Some(1) => Ok(1),
            Some(_) => Err(AppError::field(field, "应为0或1")),
        },
    }
}

/// Whether `needle` occurs in `hay`, ignoring ASCII case as the databases' LIKE does on MySQL.
pub fn contains(hay: &str, needle: &str) -> bool {
    hay.to_lowercase().contains(&needle.to_lowercase())
}

/// `%v%` with the wildcards of `v` taken literally (`!` escapes: it needs no quoting on any of the databases).
/// Every "contains" filter of every list uses it.
pub fn like(v: &str) -> LikeExpr {
    pattern("%", v)
}

/// `v%`, for filters that match from the start (an industry code and its divisions).
pub fn like_prefix(v: &str) -> LikeExpr {
    pattern("", v)
}

fn pattern(lead: &str, v: &str) -> LikeExpr {
    let mut p = String::with_capacity(v.len() + 2);
    p.push_str(lead);
    for c in v.chars() {
        if matches!(c, '!' | '%' | '_') {
            p.push('!');
        }
        p.push(c);
    }
    p.push('%');
    LikeExpr::new(p).escape('!')
}

/// A mainland mobile number: `1[3-9]` and nine more digits (what an SMS provider takes).
pub fn is_mobile(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 11 && b[0] == b'1' && (b'3'..=b'9').contains(&b[1]) && b.iter().all(u8::is_ascii_digit)
}

/// A trimmed, non-empty filter value of a list query, at most `max` characters.
pub fn bounded_filter(field: &str, v: Option<String>, max: usize) -> Result<Option<String>, AppError> {
    match filter(&v) {
        Some(s) if s.chars().count() > max => Err(AppError::field(field, format!("长度不能超过{max}"))),
        other => Ok(other),
    }
}

/// A trimmed, non-empty filter value of a list query.
pub fn filter(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn body(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn fields_name_themselves_when_refused() {
        let b = body(json!({ "a": "x".repeat(5), "n": "1.5", "id": "abc", "f": 2, "k": 7 }));
        assert!(text(&b, "a", 4, true).unwrap_err().to_string().starts_with("a:"));
        assert_eq!(text(&b, "k", 4, true).unwrap(), "7");
        assert!(text(&b, "missing", 4, true).is_err());
        assert_eq!(text(&b, "missing", 4, false).unwrap(), "");
        assert!(int(&b, "n").unwrap_err().to_string().starts_with("n:"));
        assert!(id(&b, "id").is_err());
        assert!(flag(&b, "f").is_err());
        assert_eq!(flag(&b, "missing").unwrap(), 0);
        assert_eq!(opt_text(&b, "missing", 4).unwrap(), None);
        assert_eq!(opt_text(&b, "k", 4).unwrap().as_deref(), Some("7"));
        assert!(opt_text(&b, "a", 4).unwrap_err().to_string().starts_with("a:"));
        assert_eq!(trimmed("t", Some("  ab ".into()), 2, true).unwrap(), "ab");
        assert_eq!(trimmed("t", None, 2, false).unwrap(), "");
        assert_eq!(bounded_filter("q", Some(" ab ".into()), 2).unwrap().as_deref(), Some("ab"));
        assert_eq!(bounded_filter("q", Some("  ".into()), 2).unwrap(), None);
        assert!(bounded_filter("q", Some("abc".into()), 2).unwrap_err().to_string().starts_with("q:"));
        assert!(trimmed("t", Some(" ".into()), 2, true).unwrap_err().to_string().starts_with("t:"));
        assert!(trimmed("t", Some("abc".into()), 2, false).unwrap_err().to_string().starts_with("t:"));
    }

    #[test]
    fn an_id_is_a_non_negative_number_or_numeric_string() {
        let b = body(json!({ "n": 5, "s": " 7 ", "e": "", "z": null, "neg": -5, "negs": "-5", "x": 1.5, "a": [1] }));
        assert_eq!(id(&b, "n").unwrap(), Some(5));
        assert_eq!(id(&b, "s").unwrap(), Some(7));
        assert_eq!((id(&b, "e").unwrap(), id(&b, "z").unwrap(), id(&b, "missing").unwrap()), (None, None, None));
        for field in ["neg", "negs", "x", "a"] {
            assert!(id(&b, field).unwrap_err().to_string().starts_with(field), "{field}");
        }
    }

    #[test]
    fn like_wildcards_in_a_filter_are_literal() {
        let e = like("50%_a!");
        assert_eq!(format!("{e:?}"), format!("{:?}", LikeExpr::new("%50!%!_a!!%").escape('!')));
        assert_eq!(format!("{:?}", like_prefix("C%")), format!("{:?}", LikeExpr::new("C!%%").escape('!')));
    }
}
