//! The body of `param/submit`, checked field by field.
use keeper_common::AppError;
use serde_json::{Map, Value};

use keeper_common::fields;

#[derive(Debug)]
pub struct ParamInput {
    pub id: Option<i64>,
    pub param_name: String,
    pub param_key: String,
    pub param_value: String,
    pub remark: String,
}

impl ParamInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<ParamInput, AppError> {
        let param_key = fields::text(body, "paramKey", 255, true)?;
        if param_key.chars().any(char::is_whitespace) {
            return Err(AppError::field("paramKey", "不能包含空白字符"));
        }
        Ok(ParamInput {
            id: fields::id(body, "id")?,
            param_name: fields::text(body, "paramName", 255, true)?,
            param_key,
            // An empty value is meaningful: `account.initPassword` empty falls back to the built-in one.
            param_value: fields::text(body, "paramValue", 255, false)?,
            remark: fields::text(body, "remark", 255, false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: Value) -> Result<ParamInput, AppError> {
        ParamInput::from_json(v.as_object().unwrap())
    }

    #[test]
    fn name_and_key_are_required_and_the_key_has_no_spaces() {
        assert!(parse(json!({ "paramName": "n", "paramKey": "a.b", "paramValue": "" })).is_ok());
        assert!(parse(json!({ "paramKey": "a.b" })).unwrap_err().to_string().starts_with("paramName:"));
        assert!(parse(json!({ "paramName": "n" })).unwrap_err().to_string().starts_with("paramKey:"));
        assert!(parse(json!({ "paramName": "n", "paramKey": "a b" })).unwrap_err().to_string().starts_with("paramKey:"));
        assert!(
            parse(json!({ "paramName": "n", "paramKey": "k", "paramValue": "v".repeat(256) }))
                .unwrap_err()
                .to_string()
                .starts_with("paramValue:")
        );
    }
}
