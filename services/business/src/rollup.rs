//! Department roll-up for the read side (code-shape §2.5): figures summed per department in SQL are
//! added up the department tree into subtotals, in tree order, with a grand total. Generic over the
//! figure: anything with a zero (`Default`) and `+=`, from one `Wan` to a row of measures.
use std::collections::{HashMap, HashSet};
use std::ops::AddAssign;

/// A department of the tree: its parent (`0` for none) and its place among its siblings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dept {
    pub id: i64,
    pub parent_id: i64,
    pub sort: i32,
}

/// What a row of the roll-up stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A department, `depth` 0 at the top. With children its value is a subtotal.
    Dept { id: i64, depth: usize, subtotal: bool },
    /// Figures of departments not in the tree (deleted since, or caught in a cycle of parents), so that
    /// the rows still add up to the total.
    Unplaced,
    /// The grand total, last.
    Total,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Row<T> {
    pub kind: Kind,
    /// The department's own figure (for `Unplaced` and `Total`, the same as `value`).
    pub own: T,
    /// Its own figure plus every department's below it.
    pub value: T,
}

struct Node {
    id: i64,
    children: Vec<Node>,
}

/// The rows of `depts` in tree order (siblings by `sort`, then id), each with its own figure and its
/// subtotal, then an `Unplaced` row when some figures have no department in the tree, then the total.
/// Every department is listed, with zero where it has no figure.
pub fn rollup<T: Clone + Default + AddAssign>(depts: &[Dept], figures: &HashMap<i64, T>) -> Vec<Row<T>> {
    let mut seen = HashSet::new();
    let mut ordered: Vec<Dept> = depts.iter().filter(|d| seen.insert(d.id)).copied().collect();
    ordered.sort_by_key(|d| (d.sort, d.id));
    let roots = keeper_common::tree::forest(
        ordered.iter().map(|d| (d.id, d.parent_id, Node { id: d.id, children: vec![] })).collect(),
        |n, kids| n.children = kids,
    );
    let mut rows = Vec::with_capacity(ordered.len() + 2);
    let mut total = T::default();
    for root in &roots {
        total += walk(root, 0, figures, &mut rows);
    }
    let placed: HashSet<i64> = rows.iter().filter_map(|r| if let Kind::Dept { id, .. } = r.kind { Some(id) } else { None }).collect();
    let mut unplaced: Vec<(&i64, &T)> = figures.iter().filter(|(id, _)| !placed.contains(id)).collect();
    if !unplaced.is_empty() {
        unplaced.sort_by_key(|(id, _)| **id);
        let mut sum = T::default();
        for (_, v) in unplaced {
            sum += v.clone();
        }
        total += sum.clone();
        rows.push(Row { kind: Kind::Unplaced, own: sum.clone(), value: sum });
    }
    rows.push(Row { kind: Kind::Total, own: total.clone(), value: total });
    rows
}

/// For each row of a [`rollup`], the figure of a department taken as a whole: `own(row)` where it has
/// one, else the sum of what its children show (`None` when none does), worked from the bottom up. This
/// is how figures that stand for their department's whole add up — targets and official figures: a
/// park's target is part of the zone's, not added to it, and a department without one shows what its
/// children show, never its grandchildren twice. `Unplaced` and `Total` rows take their own.
pub fn own_or_children<T, V: Clone + AddAssign>(rows: &[Row<T>], own: impl Fn(&Row<T>) -> Option<V>) -> Vec<Option<V>> {
    let depth_of = |r: &Row<T>| match r.kind {
        Kind::Dept { depth, .. } => Some(depth),
        _ => None,
    };
    let mut shown: Vec<Option<V>> = vec![None; rows.len()];
    for i in (0..rows.len()).rev() {
        shown[i] = own(&rows[i]);
        let Some(depth) = depth_of(&rows[i]) else { continue };
        if shown[i].is_some() {
            continue;
        }
        let mut children: Option<V> = None;
        for (j, below) in rows.iter().enumerate().skip(i + 1) {
            match depth_of(below) {
                Some(d) if d == depth + 1 => {
                    if let Some(v) = shown[j].clone() {
                        match &mut children {
                            Some(c) => *c += v,
                            None => children = Some(v),
                        }
                    }
                }
                Some(d) if d > depth + 1 => {}
                _ => break,
            }
        }
        shown[i] = children;
    }
    shown
}

/// Pushes the row of `node` and those below it; returns its subtotal.
fn walk<T: Clone + Default + AddAssign>(node: &Node, depth: usize, figures: &HashMap<i64, T>, rows: &mut Vec<Row<T>>) -> T {
    let own = figures.get(&node.id).cloned().unwrap_or_default();
    let at = rows.len();
    let kind = Kind::Dept { id: node.id, depth, subtotal: !node.children.is_empty() };
    rows.push(Row { kind, own: own.clone(), value: T::default() });
    let mut value = own;
    for child in &node.children {
        value += walk(child, depth + 1, figures, rows);
    }
    rows[at].value = value.clone();
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::{Wan, wan};

    fn dept(id: i64, parent_id: i64, sort: i32) -> Dept {
        Dept { id, parent_id, sort }
    }

    fn figures(pairs: &[(i64, &str)]) -> HashMap<i64, Wan> {
        pairs.iter().map(|&(id, v)| (id, wan(v))).collect()
    }

    /// (kind as text, own, value) for comparing with a table.
    fn shape(rows: &[Row<Wan>]) -> Vec<(String, String, String)> {
        rows.iter()
            .map(|r| {
                let kind = match r.kind {
                    Kind::Dept { id, depth, subtotal } => format!("{}{id}{}", "  ".repeat(depth), if subtotal { " 小计" } else { "" }),
                    Kind::Unplaced => "其他".into(),
                    Kind::Total => "合计".into(),
                };
                (kind, r.own.to_string(), r.value.to_string())
            })
            .collect()
    }

    /// 管委会 (1) over two parks (2: sort 2, 3: sort 1); park 2 has streets 4 and 5; bureau 6 (sort 9) at
    /// the top. The committee also owns enterprises of its own.
    fn zone() -> Vec<Dept> {
        vec![dept(1, 0, 1), dept(2, 1, 2), dept(3, 1, 1), dept(4, 2, 2), dept(5, 2, 1), dept(6, 0, 9)]
    }

    #[test]
    fn parents_carry_their_own_figure_plus_all_below_and_the_total_comes_last() {
        let rows = rollup(&zone(), &figures(&[(1, "10"), (2, "100"), (3, "50.5"), (4, "30"), (5, "20.25"), (6, "7")]));
        let want = [
            ("1 小计", "10", "210.75"),
            ("  3", "50.5", "50.5"),
            ("  2 小计", "100", "150.25"),
            ("    5", "20.25", "20.25"),
            ("    4", "30", "30"),
            ("6", "7", "7"),
            ("合计", "217.75", "217.75"),
        ];
        assert_eq!(shape(&rows), want.map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string())));
    }

    #[test]
    fn departments_without_figures_show_zero_and_figures_without_a_department_still_count() {
        // 9 was deleted since its reports were filed; 7 and 8 name each other as parent.
        let mut depts = zone();
        depts.extend([dept(7, 8, 0), dept(8, 7, 0), dept(3, 1, 1)]);
        let rows = rollup(&depts, &figures(&[(5, "1"), (9, "2.5"), (7, "4")]));
        let want = [
            ("1 小计", "0", "1"),
            ("  3", "0", "0"),
            ("  2 小计", "0", "1"),
            ("    5", "1", "1"),
            ("    4", "0", "0"),
            ("6", "0", "0"),
            ("其他", "6.5", "6.5"),
            ("合计", "7.5", "7.5"),
        ];
        assert_eq!(shape(&rows), want.map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string())));
    }

    #[test]
    fn a_subtree_handed_in_alone_hangs_at_the_top() {
        // A park clerk's scope: park 2 and its streets, whose parent 1 is not among them.
        let depts: Vec<Dept> = zone().into_iter().filter(|d| [2, 4, 5].contains(&d.id)).collect();
        let rows = rollup(&depts, &figures(&[(2, "1"), (4, "2"), (5, "3")]));
        assert_eq!(rows[0].kind, Kind::Dept { id: 2, depth: 0, subtotal: true });
        assert_eq!(rows.last().unwrap().value, wan("6"));
        assert!(rollup::<Wan>(&[], &HashMap::new()).iter().map(|r| r.kind).eq([Kind::Total]));
    }

    #[test]
    fn a_whole_is_its_own_figure_or_what_its_children_show() {
        // Targets: the zone (1) has none of its own, park 2 has 100 and its street 4 has 30 (part of the
        // park's, not added), park 3 none and no children, bureau 6 has 7.
        let rows = rollup(&zone(), &figures(&[(2, "100"), (4, "30"), (6, "7")]));
        let own: HashMap<i64, Wan> = figures(&[(2, "100"), (4, "30"), (6, "7")]);
        let whole = own_or_children(&rows, |r| match r.kind {
            Kind::Dept { id, .. } => own.get(&id).copied(),
            _ => None,
        });
        let shown: Vec<(String, Option<String>)> =
            shape(&rows).into_iter().zip(whole).map(|((k, _, _), v)| (k, v.map(|v| v.to_string()))).collect();
        let s = |v: &str| Some(v.to_string());
        assert_eq!(
            shown,
            vec![
                ("1 小计".to_string(), s("100")),
                ("  3".into(), None),
                ("  2 小计".into(), s("100")),
                ("    5".into(), None),
                ("    4".into(), s("30")),
                ("6".into(), s("7")),
                ("合计".into(), None),
            ]
        );
    }

    /// A row of several measures rolls up measure by measure.
    #[test]
    fn any_figure_with_a_zero_and_addition_rolls_up() {
        #[derive(Debug, Clone, Default, PartialEq)]
        struct Measures {
            ytd: Wan,
            last_ytd: Wan,
            reports: i64,
        }
        impl AddAssign for Measures {
            fn add_assign(&mut self, o: Measures) {
                self.ytd += o.ytd;
                self.last_ytd += o.last_ytd;
                self.reports += o.reports;
            }
        }
        let m = |ytd: &str, last: &str, reports| Measures { ytd: wan(ytd), last_ytd: wan(last), reports };
        let figures = HashMap::from([(4, m("30", "25", 3)), (5, m("20", "20", 2)), (6, m("7", "8", 1))]);
        let rows = rollup(&zone(), &figures);
        assert_eq!(rows[0].value, m("50", "45", 5));
        assert_eq!(rows.last().unwrap().value, m("57", "53", 6));
        let counts = rollup(&zone(), &HashMap::from([(4, 1_i64), (6, 2)]));
        assert_eq!(counts.last().unwrap().value, 3);
    }
}
