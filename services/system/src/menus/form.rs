//! The body of `menu/submit`, checked field by field, and the field readers the top-menu and scope-rule
//! forms share. Clients send numbers as JSON numbers or as strings (antd selects hold strings); every
//! refusal names its field.
use keeper_common::AppError;
use keeper_common::fields::{id, text};
use serde_json::{Map, Value};

/// Whether the field holds a value: absent, null and `""` do not.
pub fn given(body: &Map<String, Value>, field: &str) -> bool {
    match body.get(field) {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.trim().is_empty(),
        Some(_) => true,
    }
}

/// An integer in `range`; absent, null and `""` give `default`.
pub fn int(body: &Map<String, Value>, field: &str, default: i32, range: std::ops::RangeInclusive<i32>) -> Result<i32, AppError> {
    let not_int = || AppError::field(field, "应为整数");
    let n = match body.get(field) {
        None | Some(Value::Null) => return Ok(default),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(default),
        Some(Value::String(s)) => s.trim().parse::<i32>().map_err(|_| not_int())?,
        Some(Value::Number(n)) => n.as_i64().and_then(|n| i32::try_from(n).ok()).ok_or_else(not_int)?,
        Some(_) => return Err(not_int()),
    };
    if !range.contains(&n) {
        return Err(AppError::field(field, format!("应在 {} 到 {} 之间", range.start(), range.end())));
    }
    Ok(n)
}

/// Codes and aliases are used as route names, locale keys and permission codes: letters, digits, `_` and `-`.
pub fn identifier(field: &str, v: &str) -> Result<(), AppError> {
    if v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        Ok(())
    } else {
        Err(AppError::field(field, "只能包含字母、数字和 _ -"))
    }
}

pub const MENU: i32 = 1;
pub const BUTTON: i32 = 2;

/// A checked `menu/submit` body.
#[derive(Debug, Clone)]
pub struct MenuInput {
    pub id: Option<i64>,
    pub parent_id: i64,
    pub code: String,
    pub name: String,
    pub alias: String,
    pub path: String,
    pub source: String,
    pub sort: i32,
    pub category: i32,
    pub action: i32,
    pub is_open: i32,
    pub remark: String,
}

impl MenuInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<MenuInput, AppError> {
        let category = int(body, "category", MENU, MENU..=BUTTON)?;
        let code = text(body, "code", 255, true)?;
        identifier("code", &code)?;
        let mut alias = text(body, "alias", 255, false)?;
        // Sword switches on a button's alias (add, edit, delete…); a menu's is conventionally `menu`.
        if alias.is_empty() {
            if category == BUTTON {
                return Err(AppError::field("alias", "不能为空"));
            }
            alias = "menu".into();
        }
        identifier("alias", &alias)?;
        Ok(MenuInput {
            id: id(body, "id")?,
            parent_id: id(body, "parentId")?.unwrap_or(0),
            code,
            name: text(body, "name", 255, true)?,
            alias,
            path: text(body, "path", 255, false)?,
            source: text(body, "source", 255, false)?,
            sort: int(body, "sort", 0, 0..=99_999)?,
            category,
            action: int(body, "action", 0, 0..=3)?,
            is_open: int(body, "isOpen", 1, 1..=2)?,
            remark: text(body, "remark", 255, false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn parse(v: Value) -> Result<MenuInput, AppError> {
        MenuInput::from_json(v.as_object().unwrap())
    }

    fn field_of(e: AppError) -> String {
        match e {
            AppError::Field { field, .. } => field,
            other => panic!("not a field error: {other:?}"),
        }
    }

    #[test]
    fn defaults_fill_a_minimal_menu() {
        let m = parse(json!({ "code": "energy", "name": "能耗" })).unwrap();
        assert_eq!((m.parent_id, m.category, m.action, m.is_open, m.alias.as_str(), m.sort), (0, 1, 0, 1, "menu", 0));
        let m = parse(json!({ "code": "x", "name": "x", "category": "2", "alias": "add", "sort": "3", "parentId": "12" })).unwrap();
        assert_eq!((m.category, m.sort, m.parent_id), (2, 3, 12));
    }

    #[test]
    fn each_bad_field_is_named() {
        for (field, body) in [
            ("code", json!({ "name": "x" })),
            ("code", json!({ "code": "有 空格", "name": "x" })),
            ("name", json!({ "code": "x" })),
            ("category", json!({ "code": "x", "name": "x", "category": 3 })),
            ("action", json!({ "code": "x", "name": "x", "action": 4 })),
            ("isOpen", json!({ "code": "x", "name": "x", "isOpen": 0 })),
            ("path", json!({ "code": "x", "name": "x", "path": "p".repeat(256) })),
            ("parentId", json!({ "code": "x", "name": "x", "parentId": "abc" })),
            ("alias", json!({ "code": "x", "name": "x", "category": 2 })),
            ("sort", json!({ "code": "x", "name": "x", "sort": "1.5" })),
        ] {
            assert_eq!(field_of(parse(body).unwrap_err()), field);
        }
    }
}
