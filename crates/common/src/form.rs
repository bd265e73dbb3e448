//! Small input types shared by handlers: the `ids=1,2,3` form of remove-style endpoints, and the one reader
//! of serde forms that names the failing field.
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::AppError;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct IdsForm {
    /// Comma-separated ids.
    #[schemars(length(min = 1), example = "1123598821738675201")]
    pub ids: String,
}

/// The most records one bulk action (remove, grant, reset…) may name: bounds the work of one request.
pub const MAX_TARGETS: usize = 1000;

/// The ids of a bulk action named `field`: without repeats (first order kept), at least one, at most
/// [`MAX_TARGETS`].
pub fn targets(field: &str, raw: &str) -> Result<Vec<i64>, AppError> {
    let ids = crate::id::distinct(crate::id::parse_list(raw).map_err(|r| AppError::field(field, r))?);
    if ids.is_empty() {
        return Err(AppError::field(field, "不能为空"));
    }
    if ids.len() > MAX_TARGETS {
        return Err(AppError::field(field, format!("一次最多 {MAX_TARGETS} 个")));
    }
    Ok(ids)
}

impl IdsForm {
    /// The `ids` of a bulk action (see [`targets`]).
    pub fn targets(&self) -> Result<Vec<i64>, AppError> {
        targets("ids", &self.ids)
    }
}

/// Reads a JSON body into the serde form `T`. A value of the wrong type is a field error naming that field
/// (serde does not say which key failed, so each key is tried alone), never a bare 400; unknown keys are
/// ignored unless `T` denies them.
pub fn from_json<T: DeserializeOwned>(body: &Map<String, Value>) -> Result<T, AppError> {
    serde_json::from_value(Value::Object(body.clone())).map_err(|whole| {
        let alone = |k: &String, v: &Value| serde_json::from_value::<T>(Value::Object(Map::from_iter([(k.clone(), v.clone())])));
        let (field, reason) = body
            .iter()
            .find_map(|(k, v)| alone(k, v).err().map(|e| (k.clone(), e.to_string())))
            .unwrap_or_else(|| (String::new(), whole.to_string()));
        // serde_json appends "at line 1 column 9", which means nothing to a person filling a form.
        let reason = reason.split(" at line").next().unwrap_or_default().to_string();
        AppError::field(field, format!("格式不正确: {reason}"))
    })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct IdQuery {
    #[schemars(length(min = 1), example = "1123598821738675201")]
    pub id: String,
}

impl IdQuery {
    pub fn parse(&self) -> Result<i64, AppError> {
        crate::id::parse(&self.id).ok_or_else(|| AppError::field("id", "不是有效的ID"))
    }
}

/// Serde adapter for optional integers that clients send as numbers, numeric strings or `""`
/// (antd selects hold strings; an empty one means "not chosen").
pub mod lenient_int {
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            N(i32),
            S(String),
        }
        match Option::<Either>::deserialize(d)? {
            None => Ok(None),
            Some(Either::N(n)) => Ok(Some(n)),
            Some(Either::S(s)) if s.trim().is_empty() => Ok(None),
            Some(Either::S(s)) => s.trim().parse().map(Some).map_err(|_| serde::de::Error::custom(format!("不是有效的数字: {s}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Probe {
        #[allow(dead_code)]
        name: Option<String>,
        #[allow(dead_code)]
        head_count: Option<i32>,
    }

    #[test]
    fn a_wrong_type_is_refused_on_the_field_that_carries_it() {
        let body = |v: Value| v.as_object().unwrap().clone();
        let e = from_json::<Probe>(&body(json!({ "name": "甲", "headCount": "many" }))).unwrap_err().to_string();
        assert!(e.starts_with("headCount: 格式不正确"), "{e}");
        assert!(!e.contains("at line"), "{e}");
        assert!(from_json::<Probe>(&body(json!({ "name": "甲", "unknown": [1] }))).is_ok(), "unknown keys are ignored");
    }
}
