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
    /// 时序进度 = N ÷ 12 × 100, or by days (the tenant's `business.timeProgress`).
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
    /// Rank by completion among the departments of the same level that have a rate, 1 the best; industry
    /// authorities rank among themselves.
    pub rank: Option<u32>,
    /// An industry authority's row: measured by the projects of its industry in every territory, outside
    /// the territorial subtotals and the total.
    pub by_industry: bool,
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

/// What the departments achieved of an indicator: this year's 1–N月 and the same period last year's.
#[derive(Debug, Default)]
pub struct Achieved {
    pub this_year: HashMap<i64, Year>,
    pub last_year: HashMap<i64, Year>,
}

/// `dept_power_type` of an industry authority (行业主管部门).
pub const INDUSTRY_AUTHORITY: i32 = 3;

/// The rows for `indicator` at `period`, over the departments `scope` admits, from the targets in force
/// and the actuals by territory (or filed department) and, for industry authorities, by industry.
pub fn rows(
    period: Period,
    indicator: &str,
    targets: &[dept_target::Model],
    territorial: &Achieved,
    industry: &Achieved,
    r: &Reference,
    scope: &ProjectScope,
) -> Vec<CompletionRow> {
    let n = period.month();
    let progress = r.schedule().progress(period);
    let measured = actuals::source(indicator) != Source::Official;
    // An industry authority answers for its industry across the territories: what the platform measures
    // of it is a cross-section of the parks' figures, so it is shown on its own row and neither adds
    // into the department above it nor into the total. Official figures are typed per department.
    let is_authority = |d: i64| measured && r.power_type(d) == Some(INDUSTRY_AUTHORITY);
    let mut own: HashMap<i64, Figures> = HashMap::new();
    let mut authorities: HashMap<i64, Figures> = HashMap::new();
    for t in targets.iter().filter(|t| t.indicator_code == indicator) {
        let f = if is_authority(t.dept_id) { authorities.entry(t.dept_id) } else { own.entry(t.dept_id) }.or_default();
        f.annual = Some(Wan::round(t.annual_target));
        f.period = Some(split::cumulative(&months_of(t), n));
    }
    for (dept, y) in &territorial.this_year {
        own.entry(*dept).or_default().actual = y.to_month(n);
    }
    for (dept, y) in &territorial.last_year {
        own.entry(*dept).or_default().last = y.to_month(n);
    }
    for (dept, f) in authorities.iter_mut() {
        f.actual = industry.this_year.get(dept).and_then(|y| y.to_month(n));
        f.last = industry.last_year.get(dept).and_then(|y| y.to_month(n));
    }
    // A measured figure of a department adds up its own records and those below it; an official figure
    // typed in for a department is that department's whole (the bureau types the zone's total too), so
    // its children's are summed only where it has none. Targets are like official figures: a park's
    // target is not added to the zone's, nor a street's to its park's and again to the zone's.
    let rolled = rollup::rollup(&r.rollup_depts(), &own);
    let whole = |field: fn(&Figures) -> Option<Wan>| rollup::own_or_children(&rolled, |row| field(&row.own));
    let (annual, period_target) = (whole(|f| f.annual), whole(|f| f.period));
    let (official, official_last) = (whole(|f| f.actual), whole(|f| f.last));
    let admitted: Option<HashSet<i64>> = match scope {
        ProjectScope::All => None,
        ProjectScope::Some { depts, industry_depts, .. } => Some(depts.union(industry_depts).copied().collect()),
    };
    let mut out = Vec::new();
    let mut total = Figures::default();
    // What the industry rows add up to: the total of a bureau that sees only its own row.
    let mut industry_total = Figures::default();
    let mut territorial_shown = false;
    let mut shown_depts: HashSet<i64> = HashSet::new();
    for (i, row) in rolled.iter().enumerate() {
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
        if let Some(d) = dept.filter(|d| is_authority(*d)) {
            if let Some(f) = authorities.get(&d) {
                let shown = Figures { actual: Some(f.actual.unwrap_or_default()), ..*f };
                industry_total += shown;
                out.push(CompletionRow { by_industry: true, ..measure(kind, dept, r.dept_name(dept), depth, false, shown, progress) });
            }
            continue;
        }
        let (o, v) = (row.own, row.value);
        if v == Figures::default() {
            continue;
        }
        let shown = Figures {
            annual: annual[i],
            period: period_target[i],
            // What the platform measures is nothing where nothing was recorded; an official figure not
            // typed in is unknown.
            actual: if measured { Some(v.actual.unwrap_or_default()) } else { official[i] },
            last: if measured { v.last } else { official_last[i] },
        };
        // The total adds the tops of what is shown: a department whose parent is shown is inside it.
        let parent_shown = dept.is_some_and(|d| r.with_ancestors(d).iter().any(|a| *a != d && shown_depts.contains(a)));
        if !parent_shown {
            total += shown;
        }
        territorial_shown = true;
        shown_depts.extend(dept);
        let name = match dept {
            Some(_) => r.dept_name(dept),
            None => "其他(已撤销机构)".to_string(),
        };
        let uses_children = o.annual.is_none() && shown.annual.is_some() || (!measured && o.actual.is_none() && shown.actual.is_some());
        out.push(measure(kind, dept, name, depth, (subtotal && measured) || uses_children, shown, progress));
    }
    rank(&mut out);
    if !out.is_empty() {
        let total = if territorial_shown { total } else { industry_total };
        out.push(measure("total", None, "合计".to_string(), 0, true, total, progress));
    }
    out
}

fn measure(
    kind: &'static str,
    dept_id: Option<i64>,
    dept_name: String,
    depth: usize,
    subtotal: bool,
    f: Figures,
    progress: Decimal,
) -> CompletionRow {
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
        time_progress: progress,
        schedule_gap: metrics::schedule_gap(completion, progress),
        last_year: f.last,
        yoy: actual.and_then(|a| metrics::yoy(a, f.last)),
        rank: None,
        by_industry: false,
    }
}

/// Ranks the departments of each level by completion, best first; equal rates share a rank. Parks and
/// industry authorities are ranked apart: a cross-section is no peer of a territory.
fn rank(rows: &mut [CompletionRow]) {
    let mut by_depth: HashMap<(usize, bool), Vec<(usize, Decimal)>> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        if let (Some(c), "dept") = (row.completion, row.kind) {
            by_depth.entry((row.depth, row.by_industry)).or_default().push((i, c));
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
        let mut r = measure("dept", Some(depth as i64), String::new(), depth, false, Figures::default(), Decimal::from(50));
        r.completion = completion.map(|c| c.parse().unwrap());
        r
    }

    #[test]
    fn peers_rank_by_completion_within_their_level_and_equal_rates_share_a_rank() {
        let mut rows =
            vec![row(0, Some("40")), row(1, Some("12.5")), row(1, Some("60")), row(1, None), row(1, Some("60")), row(1, Some("7"))];
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
