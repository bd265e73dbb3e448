//! Small input types shared by handlers: the `ids=1,2,3` form of remove-style endpoints.
use schemars::JsonSchema;
use serde::Deserialize;

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

    pub fn parse(&self) -> Result<Vec<i64>, AppError> {
        let ids = crate::id::parse_list(&self.ids).map_err(|r| AppError::field("ids", r))?;
        if ids.is_empty() {
            return Err(AppError::field("ids", "不能为空"));
        }
        Ok(ids)
    }
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
