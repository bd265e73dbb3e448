//! Id trees given as `(id, parent_id)` pairs (departments, menus): a set of nodes with all their
//! descendants, or with all their ancestors.
use std::collections::{HashMap, HashSet};

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
