//! The `ancestors` path of departments (`0,<root>,…,<parent>`) and its rewrite when a branch moves.
use std::collections::{HashMap, HashSet, VecDeque};

/// The column is varchar(2000): about a hundred levels of 19-digit ids.
pub const MAX_ANCESTORS: usize = 2000;

/// The path of a child of `parent_id`, whose own path is `parent_ancestors`; `"0"` at the top.
pub fn child_ancestors(parent_id: i64, parent_ancestors: &str) -> String {
    if parent_id == 0 { "0".into() } else { format!("{parent_ancestors},{parent_id}") }
}

/// The paths of every node strictly below `root` once `root`'s path is `root_ancestors`, walking the
/// `(id, parent_id)` edges breadth first. The edges decide, not the stored paths, so a path that was wrong
/// before is right afterwards; a cycle ends the walk instead of looping.
pub fn subtree_ancestors(root: i64, root_ancestors: &str, edges: &[(i64, i64)]) -> Vec<(i64, String)> {
    let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
    for (id, parent) in edges {
        children.entry(*parent).or_default().push(*id);
    }
    let mut out = Vec::new();
    let mut seen: HashSet<i64> = HashSet::from([root]);
    let mut queue: VecDeque<(i64, String)> = VecDeque::from([(root, root_ancestors.to_string())]);
    while let Some((id, path)) = queue.pop_front() {
        for kid in children.get(&id).into_iter().flatten() {
            if seen.insert(*kid) {
                let kid_path = child_ancestors(id, &path);
                out.push((*kid, kid_path.clone()));
                queue.push_back((*kid, kid_path));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_top_level_path_is_zero_and_children_append_their_parent() {
        assert_eq!(child_ancestors(0, "whatever"), "0");
        assert_eq!(child_ancestors(7, "0"), "0,7");
        assert_eq!(child_ancestors(9, "0,7"), "0,7,9");
    }

    #[test]
    fn moving_a_branch_rewrites_every_level_below_it() {
        // 1 ─ 2 ─ 3 ─ 4, and 5 beside 1; 2 moves under 5.
        let edges = [(1, 0), (2, 5), (3, 2), (4, 3), (5, 0), (6, 2)];
        let new_root_path = child_ancestors(5, "0");
        let mut got = subtree_ancestors(2, &new_root_path, &edges);
        got.sort();
        assert_eq!(got, vec![(3, "0,5,2".into()), (4, "0,5,2,3".into()), (6, "0,5,2".into())]);
    }

    #[test]
    fn a_cycle_in_the_edges_ends_the_walk() {
        let edges = [(1, 2), (2, 1), (3, 1)];
        let mut got = subtree_ancestors(1, "0", &edges);
        got.sort();
        assert_eq!(got, vec![(2, "0,1".into()), (3, "0,1".into())]);
    }
}
