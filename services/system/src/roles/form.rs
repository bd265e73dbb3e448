//! The bodies of `role/submit` and `role/grant`, checked field by field: every refusal names its field.
use std::collections::HashSet;

use keeper_common::AppError;
use keeper_common::fields::{self, int, opt_text, text};
use serde_json::{Map, Value};

/// Ids one grant may name per list: far above the few hundred menus, bounds the work of one request.
pub const MAX_GRANT_IDS: usize = 5000;

/// A checked `role/submit` body.
#[derive(Debug)]
pub struct RoleInput {
    pub id: Option<i64>,
    pub parent_id: i64,
    pub role_name: String,
    pub role_alias: String,
    pub sort: i32,
    /// `None` when not sent: empty on create, kept on update.
    pub remark: Option<String>,
}

/// An id of a role or an item of a grant list. Unlike `fields::id` it lets negative ids through: they are
/// looked up like any other id and answered as unknown ones, as they always have been (a string list such
/// as `"-5"` is read the same way by `id::parse_list`).
fn id_value(field: &str, v: &Value) -> Result<Option<i64>, AppError> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => n.as_i64().map(Some).ok_or_else(|| AppError::field(field, "不是有效的ID")),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => keeper_common::id::parse(s).map(Some).ok_or_else(|| AppError::field(field, "不是有效的ID")),
        _ => Err(AppError::field(field, "不是有效的ID")),
    }
}

impl RoleInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<RoleInput, AppError> {
        let id = body.get("id").map(|v| id_value("id", v)).transpose()?.flatten();
        let parent_id = fields::id(body, "parentId")?.unwrap_or(0);
        let role_name = text(body, "roleName", 64, true)?;
        let role_alias = text(body, "roleAlias", 64, true)?;
        if !role_alias.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(AppError::field("roleAlias", "只能包含字母、数字和 _ -"));
        }
        let sort = int(body, "sort")?.unwrap_or(0);
        let remark = opt_text(body, "remark", 255)?;
        Ok(RoleInput { id, parent_id, role_name, role_alias, sort, remark })
    }
}

/// An id list sent as a JSON array of strings or numbers, or as a comma-joined string; without repeats.
pub fn id_list(field: &str, v: Option<&Value>) -> Result<Vec<i64>, AppError> {
    let raw: Vec<i64> = match v {
        None | Some(Value::Null) => vec![],
        Some(Value::String(s)) => keeper_common::id::parse_list(s).map_err(|r| AppError::field(field, r))?,
        Some(Value::Array(items)) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                if let Some(id) = id_value(field, item)? {
                    out.push(id);
                }
            }
            out
        }
        Some(Value::Number(_)) => id_value(field, v.unwrap())?.into_iter().collect(),
        Some(_) => return Err(AppError::field(field, "应为ID列表")),
    };
    let mut seen = HashSet::new();
    let ids: Vec<i64> = raw.into_iter().filter(|id| seen.insert(*id)).collect();
    if ids.len() > MAX_GRANT_IDS {
        return Err(AppError::field(field, format!("一次最多 {MAX_GRANT_IDS} 个")));
    }
    Ok(ids)
}

/// A checked `role/grant` body.
#[derive(Debug)]
pub struct GrantInput {
    pub role_ids: Vec<i64>,
    pub menu_ids: Vec<i64>,
    pub data_scope_ids: Vec<i64>,
    pub api_scope_ids: Vec<i64>,
}

impl GrantInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<GrantInput, AppError> {
        let role_ids = id_list("roleIds", body.get("roleIds"))?;
        if role_ids.is_empty() {
            return Err(AppError::field("roleIds", "不能为空"));
        }
        Ok(GrantInput {
            role_ids,
            menu_ids: id_list("menuIds", body.get("menuIds"))?,
            data_scope_ids: id_list("dataScopeIds", body.get("dataScopeIds"))?,
            api_scope_ids: id_list("apiScopeIds", body.get("apiScopeIds"))?,
        })
    }
}
