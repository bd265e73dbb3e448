//! Id trees given as `(id, parent_id)` pairs (departments, menus, dictionaries, roles): a set of nodes
//! with all their descendants or ancestors, and the one builder that nests rows into a forest.
use std::collections::{HashMap, HashSet};

use schemars::JsonSchema;
use serde::Serialize;

/// `parentName` of a top-level node in the administration views.
pub const TOP: &str = "顶级";

/// The refusal to remove a node that still has children (departments, dictionaries, menus, roles).
pub const HAS_CHILDREN: &str = "请先删除子节点!";

/// The node of grant and picker trees (departments, menus, roles, dictionaries, data scopes): `key` and
/// `value` repeat the id, as antd's Tree and TreeSelect read them.
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

impl TreeNode {
    /// A leaf titled `title`; [`forest`] attaches its children.
    pub fn new(id: i64, parent_id: i64, title: impl Into<String>) -> TreeNode {
        TreeNode {
            id: id.to_string(),
            parent_id: parent_id.to_string(),
            title: title.into(),
            key: id.to_string(),
            value: id.to_string(),
            children: vec![],
            has_children: false,
        }
    }
}

/// Picker nodes of rows given as `(id, parent_id, title)` in display order, nested by [`forest`]; a node
/// with children says so (`hasChildren`).
pub fn nodes<S: Into<String>>(rows: impl IntoIterator<Item = (i64, i64, S)>) -> Vec<TreeNode> {
    forest(rows.into_iter().map(|(id, parent, title)| (id, parent, TreeNode::new(id, parent, title))).collect(), |n, kids| {
        n.has_children = !kids.is_empty();
        n.children = kids;
    })
}

/// Nodes given as `(id, parent_id, item)` in display order become a forest: a node is a root when its
/// parent is 0, itself, or not among the nodes (a subtree the caller may see hangs at the top). Children
/// keep the given order. Rows caught in a cycle of parents reach no root and are left out; nesting stops
/// at 64 levels, which bounds the recursion whatever the stored rows hold.
pub fn forest<T>(nodes: Vec<(i64, i64, T)>, attach: fn(&mut T, Vec<T>)) -> Vec<T> {
    let present: HashSet<i64> = nodes.iter().map(|n| n.0).collect();
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

/// The roots plus every node below them, in one pass over a children index.
pub fn with_descendants(roots: impl IntoIterator<Item = i64>, edges: impl IntoIterator<Item = (i64, i64)>) -> HashSet<i64> {
    let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
    for (id, parent) in edges {
        children.entry(parent).or_default().push(id);
    }
    let mut out: HashSet<i64> = HashSet::new();
    let mut stack: Vec<i64> = roots.into_iter().collect();
    while let Some(id) = stack.pop() {
        if out.insert(id) {
            stack.extend(children.get(&id).into_iter().flatten().copied());
        }
    }
    out
}

/// The nodes plus every node above them (`0` is no parent); a cycle ends the walk.
pub fn with_ancestors(nodes: impl IntoIterator<Item = i64>, edges: impl IntoIterator<Item = (i64, i64)>) -> HashSet<i64> {
    let parent: HashMap<i64, i64> = edges.into_iter().collect();
    let mut out: HashSet<i64> = HashSet::new();
    for node in nodes {
        let mut cur = Some(node);
        while let Some(id) = cur.filter(|id| *id != 0) {
            if !out.insert(id) {
                break;
            }
            cur = parent.get(&id).copied();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[derive(Debug, PartialEq)]
    struct N(i64, Vec<N>);

    fn nest(nodes: &[(i64, i64)]) -> Vec<N> {
        super::forest(nodes.iter().map(|&(id, p)| (id, p, N(id, vec![]))).collect(), |n, kids| n.1 = kids)
    }

    #[test]
    fn rows_nest_under_their_parents_in_the_given_order() {
        let got = nest(&[(1, 0), (2, 1), (3, 0), (4, 1), (5, 4)]);
        assert_eq!(got, vec![N(1, vec![N(2, vec![]), N(4, vec![N(5, vec![])])]), N(3, vec![])]);
    }

    #[test]
    fn a_row_whose_parent_is_missing_or_itself_is_a_root_and_a_cycle_does_not_recurse() {
        assert_eq!(nest(&[(7, 9), (8, 8)]), vec![N(7, vec![]), N(8, vec![])]);
        // 1 and 2 name each other: neither is a root, so neither is reachable, and nothing loops.
        assert_eq!(nest(&[(1, 2), (2, 1), (3, 0)]), vec![N(3, vec![])]);
    }

    #[test]
    fn ancestors_are_collected_up_to_the_root_and_cycles_end() {
        let edges = [(2, 1), (3, 2), (4, 3), (1, 0), (7, 8), (8, 7)];
        assert_eq!(super::with_ancestors([4], edges), [1, 2, 3, 4].into_iter().collect());
        assert_eq!(super::with_ancestors([7], edges), [7, 8].into_iter().collect());
        assert_eq!(super::with_ancestors([9], edges), [9].into_iter().collect());
    }

    #[test]
    fn descendants_are_collected_at_any_depth_and_cycles_end() {
        let edges = [(2, 1), (3, 2), (4, 3), (5, 9), (1, 3)];
        let got = super::with_descendants([2], edges);
        assert_eq!(got, [1, 2, 3, 4].into_iter().collect());
        assert_eq!(super::with_descendants([5], edges), [5].into_iter().collect());
    }
}
