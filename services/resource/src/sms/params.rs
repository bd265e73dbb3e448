//! What a message carries: mainland mobile numbers, and the template's variables in the order the caller
//! listed them (Tencent fills positional templates from that order, see `providers::tencent`).
use std::fmt;

use keeper_common::AppError;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

pub const MAX_PHONES: usize = 100;
const MAX_PARAMS_CHARS: usize = 1000;
const MAX_VALUE_CHARS: usize = 100;
/// What a verification code reads as in the send log.
pub const MASK: &str = "******";

pub use keeper_common::fields::is_mobile;

pub fn phone(field: &str, s: Option<&str>) -> Result<String, AppError> {
    let s = s.map(str::trim).unwrap_or_default();
    if s.is_empty() {
        return Err(AppError::field(field, "不能为空"));
    }
    if !is_mobile(s) {
        return Err(AppError::field(field, format!("不是有效的手机号: {s}")));
    }
    Ok(s.to_string())
}

/// A comma list of numbers, each once, at most [`MAX_PHONES`].
pub fn phones(field: &str, s: Option<&str>) -> Result<Vec<String>, AppError> {
    let mut out: Vec<String> = Vec::new();
    for p in s.unwrap_or_default().split([',', '，']).map(str::trim).filter(|p| !p.is_empty()) {
        if !is_mobile(p) {
            return Err(AppError::field(field, format!("不是有效的手机号: {p}")));
        }
        if !out.iter().any(|q| q == p) {
            out.push(p.to_string());
        }
    }
    if out.is_empty() {
        return Err(AppError::field(field, "不能为空"));
    }
    if out.len() > MAX_PHONES {
        return Err(AppError::field(field, format!("一次最多发送{MAX_PHONES}个号码")));
    }
    Ok(out)
}

/// A template's variables, in the order the JSON object listed them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TemplateParams(Vec<(String, String)>);

impl TemplateParams {
    /// Parses `params`: a JSON object of names to texts (numbers are taken as text); empty means none.
    pub fn parse(field: &str, text: Option<&str>) -> Result<TemplateParams, AppError> {
        let text = text.map(str::trim).unwrap_or_default();
        if text.is_empty() {
            return Ok(TemplateParams::default());
        }
        if text.chars().count() > MAX_PARAMS_CHARS {
            return Err(AppError::field(field, format!("长度不能超过{MAX_PARAMS_CHARS}")));
        }
        let parsed: TemplateParams =
            serde_json::from_str(text).map_err(|_| AppError::field(field, "应为JSON对象，如 {\"code\":\"1234\"}"))?;
        for (k, v) in &parsed.0 {
            if k.is_empty() || k.len() > 32 || !k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return Err(AppError::field(field, format!("变量名只能包含字母、数字和下划线: {k}")));
            }
            if v.chars().count() > MAX_VALUE_CHARS {
                return Err(AppError::field(field, format!("变量 {k} 的值长度不能超过{MAX_VALUE_CHARS}")));
            }
        }
        Ok(parsed)
    }

    /// Variables a service composed (names and values as `parse` would accept them).
    pub fn of_pairs(field: &str, pairs: Vec<(String, String)>) -> Result<TemplateParams, AppError> {
        let text = serde_json::to_string(&TemplateParams(pairs)).unwrap_or_default();
        TemplateParams::parse(field, Some(&text))
    }

    pub fn one(name: &str, value: &str) -> TemplateParams {
        TemplateParams(vec![(name.to_string(), value.to_string())])
    }

    pub fn pairs(&self) -> &[(String, String)] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The values for a positional template: in numeric key order when every key is a number, else as listed.
    pub fn positional(&self) -> Vec<&str> {
        let numbered: Option<Vec<(u64, &str)>> = self.0.iter().map(|(k, v)| k.parse::<u64>().ok().map(|n| (n, v.as_str()))).collect();
        match numbered {
            Some(mut n) => {
                n.sort_by_key(|(k, _)| *k);
                n.into_iter().map(|(_, v)| v).collect()
            }
            None => self.0.iter().map(|(_, v)| v.as_str()).collect(),
        }
    }

    /// The same variables with `name`'s value hidden (a verification code never reaches the log).
    pub fn masked(&self, name: &str) -> TemplateParams {
        TemplateParams(self.0.iter().map(|(k, v)| (k.clone(), if k == name { MASK.to_string() } else { v.clone() })).collect())
    }

    /// The JSON object text, in order.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl Serialize for TemplateParams {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for TemplateParams {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct InOrder;
        impl<'de> Visitor<'de> for InOrder {
            type Value = TemplateParams;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object of template variables")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TemplateParams, A::Error> {
                let mut out: Vec<(String, String)> = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Value>()? {
                    let v = match v {
                        Value::String(s) => s,
                        Value::Number(n) => n.to_string(),
                        _ => return Err(serde::de::Error::custom("template values are texts")),
                    };
                    if out.iter().any(|(seen, _)| *seen == k) {
                        return Err(serde::de::Error::custom("a template variable is named twice"));
                    }
                    out.push((k, v));
                }
                Ok(TemplateParams(out))
            }
        }
        d.deserialize_map(InOrder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(e: AppError) -> String {
        e.to_string().split(':').next().unwrap().to_string()
    }

    #[test]
    fn only_mainland_mobile_numbers_are_taken() {
        for good in ["13800138000", "19912345678"] {
            assert!(is_mobile(good), "{good}");
        }
        for bad in ["12800138000", "1380013800", "138001380001", "+8613800138000", "1380013800a", ""] {
            assert!(!is_mobile(bad), "{bad}");
        }
        assert_eq!(phones("phones", Some("13800138000, 13900139000,13800138000")).unwrap(), vec!["13800138000", "13900139000"]);
        assert_eq!(field_of(phones("phones", Some("13800138000,123")).unwrap_err()), "phones");
        assert_eq!(field_of(phones("phones", Some(" , ")).unwrap_err()), "phones");
        let many = (0..=MAX_PHONES).map(|i| format!("138{i:08}")).collect::<Vec<_>>().join(",");
        assert_eq!(field_of(phones("phones", Some(&many)).unwrap_err()), "phones");
        assert_eq!(field_of(phone("phone", Some("1234")).unwrap_err()), "phone");
    }

    #[test]
    fn params_keep_their_order_and_refuse_what_is_not_an_object_of_texts() {
        let p = TemplateParams::parse("params", Some(r#"{"name":"张三","amount":12,"code":"1234"}"#)).unwrap();
        assert_eq!(p.positional(), vec!["张三", "12", "1234"]);
        assert_eq!(p.to_json(), r#"{"name":"张三","amount":"12","code":"1234"}"#);
        assert_eq!(p.masked("code").to_json(), r#"{"name":"张三","amount":"12","code":"******"}"#);
        assert!(TemplateParams::parse("params", Some("  ")).unwrap().is_empty());
        for bad in ["not json", "[1,2]", r#"{"a":{"b":1}}"#, r#"{"a":"1","a":"2"}"#, r#"{"a b":"1"}"#, "\"text\""] {
            assert_eq!(field_of(TemplateParams::parse("params", Some(bad)).unwrap_err()), "params", "{bad}");
        }
    }

    #[test]
    fn numbered_params_go_in_numeric_order() {
        let p = TemplateParams::parse("params", Some(r#"{"10":"ten","2":"two","1":"one"}"#)).unwrap();
        assert_eq!(p.positional(), vec!["one", "two", "ten"]);
    }
}
