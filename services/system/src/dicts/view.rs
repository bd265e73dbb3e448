//! What dictionary administration answers: `DictVO` rows and trees, and `TreeNode` pickers.
use schemars::JsonSchema;
use std::collections::HashMap;

use serde::Serialize;

use super::repo::Row;
use keeper_common::tree::{TOP, TreeNode, forest};

/// A dictionary row as `detail`, `list`, `parent-list` and `child-list` show it (ids as strings).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub parent_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenant_id: Option<String>,
    pub code: String,
    pub dict_key: String,
    pub dict_value: String,
    pub sort: i32,
    pub remark: String,
    pub is_sealed: i32,
    pub is_deleted: i32,
    pub parent_name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<DictView>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub has_children: bool,
}

/// `values` maps ids of live rows to their `dictValue` (the parent names).
pub fn view(r: &Row, values: &HashMap<i64, &str>) -> DictView {
    DictView {
        id: r.id,
        parent_id: r.parent_id,
        tenant_id: r.tenant_id.clone(),
        code: r.code.clone(),
        dict_key: r.dict_key.clone(),
        dict_value: r.dict_value.clone(),
        sort: r.sort,
        remark: r.remark.clone(),
        is_sealed: r.is_sealed,
        is_deleted: 0,
        parent_name: if r.parent_id == 0 { TOP.into() } else { values.get(&r.parent_id).map(|v| v.to_string()).unwrap_or_default() },
        children: vec![],
        has_children: false,
    }
}

pub fn values(all: &[Row]) -> HashMap<i64, &str> {
    all.iter().map(|r| (r.id, r.dict_value.as_str())).collect()
}

/// The chosen rows as a forest: a row whose parent is not chosen is a root.
pub fn view_forest(chosen: &[&Row], values: &HashMap<i64, &str>) -> Vec<DictView> {
    forest(chosen.iter().map(|r| (r.id, r.parent_id, view(r, values))).collect(), |v, kids| {
        v.has_children = !kids.is_empty();
        v.children = kids;
    })
}

pub fn node_forest(chosen: &[&Row]) -> Vec<TreeNode> {
    keeper_common::tree::nodes(chosen.iter().map(|r| (r.id, r.parent_id, r.dict_value.as_str())))
}
