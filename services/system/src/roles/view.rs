//! What role administration answers: the `RoleVO` tree of `role/list` and the `TreeNode` of pickers.
use schemars::JsonSchema;
use std::collections::HashMap;

use serde::Serialize;

use crate::entity::{menu, role};

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

/// The `TreeNode` of grant and picker trees: `key` and `value` repeat the id.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TreeNode {
    pub id: String,
    pub parent_id: String,
    pub title: String,
    pub key: String,
    pub value: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<TreeNode>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub has_children: bool,
}

/// `parentName` of a top-level role.
pub const TOP: &str = "顶级";

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

/// Nodes given as `(id, parent_id, item)` in display order become a forest: a node is a root when its
/// parent is 0 or not among the nodes. Children keep the given order.
pub fn forest<T>(nodes: Vec<(i64, i64, T)>, attach: fn(&mut T, Vec<T>)) -> Vec<T> {
    let present: std::collections::HashSet<i64> = nodes.iter().map(|n| n.0).collect();
    let mut children: HashMap<i64, Vec<(i64, T)>> = HashMap::new();
    let mut roots = Vec::new();
    for (id, parent, item) in nodes {
        if parent != 0 && parent != id && present.contains(&parent) {
            children.entry(parent).or_default().push((id, item));
        } else {
            roots.push((id, item));
        }
    }
    fn build<T>(id: i64, mut item: T, children: &mut HashMap<i64, Vec<(i64, T)>>, attach: fn(&mut T, Vec<T>), depth: usize) -> T {
        if depth < 64
            && let Some(kids) = children.remove(&id)
        {
            let kids = kids.into_iter().map(|(k, t)| build(k, t, children, attach, depth + 1)).collect();
            attach(&mut item, kids);
        }
        item
    }
    roots.into_iter().map(|(id, item)| build(id, item, &mut children, attach, 0)).collect()
}

pub fn role_forest(rows: &[role::Model]) -> Vec<RoleView> {
    let names: HashMap<i64, String> = rows.iter().map(|r| (r.id, r.role_name.clone())).collect();
    forest(rows.iter().map(|r| (r.id, r.parent_id, view(r, &names))).collect(), |v, kids| v.children = kids)
}

fn node(id: i64, parent: i64, title: &str) -> TreeNode {
    TreeNode {
        id: id.to_string(),
        parent_id: parent.to_string(),
        title: title.into(),
        key: id.to_string(),
        value: id.to_string(),
        children: vec![],
        has_children: false,
    }
}

fn attach_nodes(n: &mut TreeNode, kids: Vec<TreeNode>) {
    n.has_children = !kids.is_empty();
    n.children = kids;
}

pub fn role_tree(rows: &[role::Model]) -> Vec<TreeNode> {
    forest(rows.iter().map(|r| (r.id, r.parent_id, node(r.id, r.parent_id, &r.role_name))).collect(), attach_nodes)
}

pub fn menu_tree(rows: &[&menu::Model]) -> Vec<TreeNode> {
    forest(rows.iter().map(|m| (m.id, m.parent_id, node(m.id, m.parent_id, &m.name))).collect(), attach_nodes)
}
