//! What role administration answers: the `RoleVO` tree of `role/list` and the `TreeNode` of pickers.
use schemars::JsonSchema;
use std::collections::HashMap;

use serde::Serialize;

use keeper_common::tree::{TOP, TreeNode, forest};

use crate::entity::role;

/// A role as `role/list` and `role/detail` show it (ids as strings).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub parent_id: i64,
    pub parent_name: String,
    pub role_name: String,
    pub role_alias: String,
    pub sort: i32,
    pub remark: String,
    pub is_deleted: i32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<RoleView>,
}

pub fn view(r: &role::Model, names: &HashMap<i64, String>) -> RoleView {
    RoleView {
        id: r.id,
        tenant_id: r.tenant_id.clone(),
        parent_id: r.parent_id,
        parent_name: if r.parent_id == 0 { TOP.into() } else { names.get(&r.parent_id).cloned().unwrap_or_default() },
        role_name: r.role_name.clone(),
        role_alias: r.role_alias.clone(),
        sort: r.sort,
        remark: r.remark.clone(),
        is_deleted: r.is_deleted,
        children: vec![],
    }
}

pub fn role_forest(rows: &[role::Model]) -> Vec<RoleView> {
    let names: HashMap<i64, String> = rows.iter().map(|r| (r.id, r.role_name.clone())).collect();
    forest(rows.iter().map(|r| (r.id, r.parent_id, view(r, &names))).collect(), |v, kids| v.children = kids)
}

pub fn role_tree(rows: &[role::Model]) -> Vec<TreeNode> {
    keeper_common::tree::nodes(rows.iter().map(|r| (r.id, r.parent_id, r.role_name.as_str())))
}
