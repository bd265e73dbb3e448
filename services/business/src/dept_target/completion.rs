//! The completion view of the targets (目标任务, domain-model §2.2.5a): for one indicator and period, each
//! department of the tree with its annual target, its 1–N月 target, what it achieved, the completion
//! rate against the year and against the months, the time schedule and the gap to it in percentage
//! points, last year's same period, the growth on it and the rank among its peers. The screen and its
//! Excel export read these rows.
use std::collections::{HashMap, HashSet};
use std::ops::AddAssign;

use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use super::actuals::{self, Source, Year};
use super::form::months_of;
use crate::entity::dept_target;
use crate::investment::project::scope::ProjectScope;
use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::period::Period;
use crate::reference::Reference;
use crate::rollup::{self, Kind};
use crate::split;

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompletionRow {
    /// `dept`, `other` (figures of departments removed since) or `total`.
    pub kind: &'static str,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub dept_name: String,
    /// 0 at the top of the tree.
    pub depth: usize,
    /// Whether the figures add up departments below (a department without a target of its own shows
    /// the sum of its children's).
    pub subtotal: bool,
    pub annual_target: Option<Wan>,
    /// 1–N月目标: the cumulative target of the period's month.
    pub period_target: Option<Wan>,
    /// 1–N月完成.
    pub actual: Option<Wan>,
    /// 完成率 = actual ÷ annual target × 100.
    #[schemars(with = "Option<String>")]
    pub completion: Rate,
    /// actual ÷ 1–N月目标 × 100.
    #[schemars(with = "Option<String>")]
    pub period_completion: Rate,
    /// 时序进度 = N ÷ 12 × 100.
    #[schemars(with = "String")]
    pub time_progress: Decimal,
    /// 超/落后 in percentage points: completion − time progress.
    #[schemars(with = "Option<String>")]
    pub schedule_gap: Rate,
    /// 上年同期: last year's 1–N月.
    pub last_year: Option<Wan>,
    /// 同比, percent.
    #[schemars(with = "Option<String>")]
    pub yoy: Rate,
    /// Rank by completion among the departments of the same level that have a rate, 1 the best.
    pub rank: Option<u32>,
}

/// The figures of one department, summed up the tree.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Figures {
    annual: Option<Wan>,
    period: Option<Wan>,
    actual: Option<Wan>,
    last: Option<Wan>,
}

fn add(a: &mut Option<Wan>, b: Option<Wan>) {
    if let Some(b) = b {
        *a = Some(a.unwrap_or_default() + b);
    }
}

impl AddAssign for Figures {
    fn add_assign(&mut self, o: Figures) {
        add(&mut self.annual, o.annual);
        add(&mut self.period, o.period);
        add(&mut self.actual, o.actual);
        add(&mut self.last, o.last);
    }
}

/// The rows for `indicator` at `period`, over the departments `scope` admits, from the targets in force
/// and the actuals of this year and last.
pub fn rows(
    period: Period,
    indicator: &str,
    targets: &[dept_target::Model],
    this_year: &HashMap<i64, Year>,
    last_year: &HashMap<i64, Year>,
    r: &Reference,
    scope: &ProjectScope,
) -> Vec<CompletionRow> {
    let n = period.month();
    let mut own: HashMap<i64, Figures> = HashMap::new();
    for t in targets.iter().filter(|t| t.indicator_code == indicator) {
        let f = own.entry(t.dept_id).or_default();
        f.annual = Some(Wan::round(t.annual_target));
        f.period = Some(split::cumulative(&months_of(t), n));
    }
    for (dept, y) in this_year {
        own.entry(*dept).or_default().actual = y.to_month(n);
    }
    for (dept, y) in last_year {
        own.entry(*dept).or_default().last = y.to_month(n);
    }
    // A measured figure of a department adds up its own records and those below it; an official figure
    // typed in for a department is that department's whole (the bureau types the zone's total too), so
    // its children's are summed only where it has none. Targets are like official figures: a park's
    // target is not added to the zone's.
    let measured = actuals::source(indicator) != Source::Official;
    let rolled = rollup::rollup(&r.rollup_depts(), &own);
    let admitted: Option<HashSet<i64>> = match scope {
        ProjectScope::All => None,
        ProjectScope::Some { depts, industry_depts, .. } => Some(depts.union(industry_depts).copied().collect()),
    };
    let mut out = Vec::new();
    let mut total = Figures::default();
    let mut shown_depts: HashSet<i64> = HashSet::new();
    for row in &rolled {
        let (kind, dept, depth, subtotal) = match row.kind {
            Kind::Dept { id, depth, subtotal } => ("dept", Some(id), depth, subtotal),
            Kind::Unplaced => ("other", None, 0, false),
            Kind::Total => continue,
        };
        // A park sees its own departments only, and not the figures of departments removed since.
        if let Some(admitted) = &admitted
            && !dept.is_some_and(|d| admitted.contains(&d))
        {
            continue;
        }
        let (o, v) = (row.own, row.value);
        if v == Figures::default() {
            continue;
        }
        let shown = Figures {
            annual: o.annual.or(v.annual),
            period: o.period.or(v.period),
            // What the platform measures is nothing where nothing was recorded; an official figure not
            // typed in is unknown.
            actual: if measured { Some(v.actual.unwrap_or_default()) } else { o.actual.or(v.actual) },
            last: if measured { v.last } else { o.last.or(v.last) },
        };
        // The total adds the tops of what is shown: a department whose parent is shown is inside it.
        let parent_shown = dept.is_some_and(|d| r.with_ancestors(d).iter().any(|a| *a != d && shown_depts.contains(a)));
        if !parent_shown {
            total += shown;
        }
        shown_depts.extend(dept);
        let name = match dept {
            Some(_) => r.dept_name(dept),
            None => "其他(已撤销机构)".to_string(),
        };
        let uses_children = o.annual.is_none() && v.annual.is_some() || (!measured && o.actual.is_none() && v.actual.is_some());
        out.push(measure(kind, dept, name, depth, (subtotal && measured) || uses_children, shown, period));
    }
    rank(&mut out);
    if !out.is_empty() {
        out.push(measure("total", None, "合计".to_string(), 0, true, total, period));
    }
    out
}

fn measure(kind: &'static str, dept_id: Option<i64>, dept_name: String, depth: usize, subtotal: bool, f: Figures, p: Period) -> CompletionRow {
    let actual = f.actual;
    let completion = actual.and_then(|a| metrics::completion(a, f.annual));
    CompletionRow {
        kind,
        dept_id,
        dept_name,
        depth,
        subtotal,
        annual_target: f.annual,
        period_target: f.period,
        actual,
        completion,
        period_completion: actual.and_then(|a| metrics::completion(a, f.period)),
        time_progress: metrics::time_progress(p),
        schedule_gap: metrics::schedule_gap(completion, p),
        last_year: f.last,
        yoy: actual.and_then(|a| metrics::yoy(a, f.last)),
        rank: None,
    }
}

/// Ranks the departments of each level by completion, best first; equal rates share a rank.
fn rank(rows: &mut [CompletionRow]) {
    let mut by_depth: HashMap<usize, Vec<(usize, Decimal)>> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        if let (Some(c), "dept") = (row.completion, row.kind) {
            by_depth.entry(row.depth).or_default().push((i, c));
        }
    }
    for peers in by_depth.values_mut() {
        peers.sort_by_key(|p| std::cmp::Reverse(p.1));
        for (place, &(i, c)) in peers.iter().enumerate() {
            let first = peers.iter().position(|p| p.1 == c).unwrap_or(place);
            rows[i].rank = Some(first as u32 + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(depth: usize, completion: Option<&str>) -> CompletionRow {
        let p = Period::new(2026, 6).unwrap();
        let mut r = measure("dept", Some(depth as i64), String::new(), depth, false, Figures::default(), p);
        r.completion = completion.map(|c| c.parse().unwrap());
        r
    }

    #[test]
    fn peers_rank_by_completion_within_their_level_and_equal_rates_share_a_rank() {
        let mut rows = vec![row(0, Some("40")), row(1, Some("12.5")), row(1, Some("60")), row(1, None), row(1, Some("60")), row(1, Some("7"))];
        rank(&mut rows);
        let ranks: Vec<Option<u32>> = rows.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, [Some(1), Some(3), Some(1), None, Some(1), Some(4)]);
    }

    #[test]
    fn a_figure_missing_on_either_side_adds_as_nothing_not_as_zero() {
        let mut a = Figures { annual: Some(Wan::round(Decimal::from(5))), ..Default::default() };
        a += Figures { actual: Some(Wan::round(Decimal::from(2))), ..Default::default() };
        assert_eq!((a.annual, a.actual, a.last), (Some(Wan::round(Decimal::from(5))), Some(Wan::round(Decimal::from(2))), None));
    }
}
