//! The body of `dict/submit` and `dict-biz/submit`, checked field by field.
use keeper_common::AppError;
use serde_json::{Map, Value};

use keeper_common::fields;

/// Dictionary codes are looked up by `dictionary?code=`, which takes at most 64 characters.
pub const CODE_MAX: usize = 64;

#[derive(Debug)]
pub struct DictInput {
    pub id: Option<i64>,
    pub parent_id: i64,
    /// Required for a top row; an item takes its parent's code.
    pub code: String,
    /// Required for an item; a top row's key is always `-1`.
    pub dict_key: String,
    pub dict_value: String,
    pub sort: i32,
    pub remark: String,
    pub is_sealed: i32,
}

impl DictInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<DictInput, AppError> {
        let id = fields::id(body, "id")?;
        let parent_id = fields::id(body, "parentId")?.unwrap_or(0);
        let code = fields::text(body, "code", CODE_MAX, parent_id == 0)?;
        if !code.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')) {
            return Err(AppError::field("code", "只能包含字母、数字和 _ - ."));
        }
        let dict_key = if parent_id == 0 { super::TOP_KEY.to_string() } else { fields::text(body, "dictKey", 255, true)? };
        if parent_id != 0 && dict_key == super::TOP_KEY {
            return Err(AppError::field("dictKey", "-1 是字典顶级保留键值"));
        }
        Ok(DictInput {
            id,
            parent_id,
            code,
            dict_key,
            dict_value: fields::text(body, "dictValue", 255, true)?,
            sort: fields::int(body, "sort")?.unwrap_or(0),
            remark: fields::text(body, "remark", 255, false)?,
            is_sealed: fields::flag(body, "isSealed")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: Value) -> Result<DictInput, AppError> {
        DictInput::from_json(v.as_object().unwrap())
    }

    #[test]
    fn a_top_row_needs_a_code_and_gets_the_reserved_key() {
        let top = parse(json!({ "code": "color", "dictKey": "5", "dictValue": "颜色" })).unwrap();
        assert_eq!((top.parent_id, top.dict_key.as_str()), (0, "-1"));
        assert!(parse(json!({ "dictValue": "颜色" })).unwrap_err().to_string().starts_with("code:"));
        assert!(parse(json!({ "code": "有 空格", "dictValue": "x" })).unwrap_err().to_string().starts_with("code:"));
    }

    #[test]
    fn an_item_needs_a_key_other_than_the_reserved_one() {
        let item = parse(json!({ "parentId": "12", "dictKey": 1, "dictValue": "红" })).unwrap();
        assert_eq!((item.parent_id, item.dict_key.as_str(), item.code.as_str()), (12, "1", ""));
        assert!(parse(json!({ "parentId": "12", "dictValue": "红" })).unwrap_err().to_string().starts_with("dictKey:"));
        assert!(parse(json!({ "parentId": "12", "dictKey": "-1", "dictValue": "红" })).unwrap_err().to_string().starts_with("dictKey:"));
        assert!(parse(json!({ "parentId": "x", "dictKey": "1", "dictValue": "红" })).unwrap_err().to_string().starts_with("parentId:"));
    }
}
