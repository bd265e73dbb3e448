//! What department endpoints answer: the `DeptVO` of detail and lists, the `TreeNode` of pickers and the
//! node of `dept/commonList`.
use schemars::JsonSchema;
use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::entity::dept;
use keeper_common::tree::{TOP, TreeNode, forest};

/// A department as `dept/detail`, `list`, `lazy-list` and `select` show it (ids as strings).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeptView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub parent_id: i64,
    pub parent_name: String,
    pub ancestors: String,
    pub dept_category: i32,
    pub dept_category_name: String,
    pub power_type: i32,
    pub power_type_name: String,
    pub dept_name: String,
    pub full_name: String,
    pub sort: i32,
    pub remark: String,
    pub is_deleted: i32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<DeptView>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub has_children: bool,
}

/// Display names a view needs: the dictionary labels by key and the names of the tenant's departments.
#[derive(Debug, Default)]
pub struct Labels {
    pub categories: HashMap<String, String>,
    pub power_types: HashMap<String, String>,
    pub names: HashMap<i64, String>,
}

impl Labels {
    pub fn category(&self, c: i32) -> String {
        self.categories.get(&c.to_string()).cloned().unwrap_or_default()
    }
    fn power_type(&self, p: i32) -> String {
        self.power_types.get(&p.to_string()).cloned().unwrap_or_default()
    }
}

pub fn view(d: &dept::Model, labels: &Labels) -> DeptView {
    DeptView {
        id: d.id,
        tenant_id: d.tenant_id.clone(),
        parent_id: d.parent_id,
        parent_name: if d.parent_id == 0 { TOP.into() } else { labels.names.get(&d.parent_id).cloned().unwrap_or_default() },
        ancestors: d.ancestors.clone(),
        dept_category: d.dept_category,
        dept_category_name: labels.category(d.dept_category),
        power_type: d.power_type,
        power_type_name: labels.power_type(d.power_type),
        dept_name: d.dept_name.clone(),
        full_name: d.full_name.clone(),
        sort: d.sort,
        remark: d.remark.clone(),
        is_deleted: d.is_deleted,
        children: vec![],
        has_children: false,
    }
}

/// The ids that are some live department's parent.
pub fn parents(all: &[dept::Model]) -> HashSet<i64> {
    all.iter().map(|d| d.parent_id).collect()
}

/// Rows in display order as a `DeptVO` forest (a row whose parent is not among them is a root).
pub fn view_forest(rows: &[&dept::Model], labels: &Labels) -> Vec<DeptView> {
    forest(rows.iter().map(|d| (d.id, d.parent_id, view(d, labels))).collect(), |v, kids| v.children = kids)
}

pub fn node(d: &dept::Model, has_children: bool) -> TreeNode {
    TreeNode { has_children, ..TreeNode::new(d.id, d.parent_id, d.dept_name.clone()) }
}

pub fn node_forest(rows: &[dept::Model]) -> Vec<TreeNode> {
    keeper_common::tree::nodes(rows.iter().map(|d| (d.id, d.parent_id, d.dept_name.as_str())))
}

/// A node of `dept/commonList`: the department's own fields plus the tree-select `key`, `value`, `title`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeptNode {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub parent_id: i64,
    pub tenant_id: String,
    pub dept_name: String,
    pub full_name: String,
    pub dept_category: i32,
    pub power_type: i32,
    pub sort: i32,
    pub key: String,
    pub value: String,
    pub title: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<DeptNode>,
}

pub fn common_forest(rows: Vec<dept::Model>) -> Vec<DeptNode> {
    let nodes = rows
        .into_iter()
        .map(|d| {
            let n = DeptNode {
                id: d.id,
                parent_id: d.parent_id,
                key: d.id.to_string(),
                value: d.id.to_string(),
                title: d.dept_name.clone(),
                tenant_id: d.tenant_id,
                dept_name: d.dept_name,
                full_name: d.full_name,
                dept_category: d.dept_category,
                power_type: d.power_type,
                sort: d.sort,
                children: vec![],
            };
            (n.id, n.parent_id, n)
        })
        .collect();
    forest(nodes, |n, kids| n.children = kids)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dept(id: i64, parent: i64, name: &str) -> dept::Model {
        dept::Model {
            id,
            tenant_id: "100001".into(),
            parent_id: parent,
            ancestors: String::new(),
            dept_category: 2,
            power_type: 3,
            dept_name: name.into(),
            full_name: String::new(),
            sort: 0,
            remark: String::new(),
            is_deleted: 0,
        }
    }

    #[test]
    fn views_carry_the_parent_and_dictionary_names() {
        let labels = Labels {
            categories: HashMap::from([("2".into(), "部门".into())]),
            power_types: HashMap::from([("3".into(), "行业主管部门".into())]),
            names: HashMap::from([(1, "管委会".into())]),
        };
        let v = view(&dept(2, 1, "经发局"), &labels);
        assert_eq!((v.parent_name.as_str(), v.dept_category_name.as_str(), v.power_type_name.as_str()), ("管委会", "部门", "行业主管部门"));
        assert_eq!(view(&dept(1, 0, "管委会"), &labels).parent_name, "顶级");
    }

    #[test]
    fn trees_nest_in_order_and_orphans_become_roots() {
        let rows = vec![dept(1, 0, "a"), dept(2, 1, "b"), dept(3, 2, "c"), dept(4, 1, "d"), dept(5, 99, "orphan")];
        let nodes = node_forest(&rows);
        assert_eq!(nodes.iter().map(|n| n.title.as_str()).collect::<Vec<_>>(), ["a", "orphan"]);
        assert!(nodes[0].has_children && !nodes[1].has_children);
        assert_eq!(nodes[0].children.iter().map(|n| n.title.as_str()).collect::<Vec<_>>(), ["b", "d"]);
        assert_eq!(nodes[0].children[0].children[0].key, "3");
        let json = serde_json::to_value(&nodes[1]).unwrap();
        assert!(json.get("children").is_none() && json.get("hasChildren").is_none(), "{json}");

        let refs: Vec<&dept::Model> = rows.iter().collect();
        let views = view_forest(&refs, &Labels::default());
        assert_eq!(views[0].children[0].children[0].dept_name, "c");
        let common = common_forest(rows);
        assert_eq!((common[0].children.len(), common[0].title.as_str(), common[0].value.as_str()), (2, "a", "1"));
    }
}
