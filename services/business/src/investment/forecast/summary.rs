//! The committee's view of the forecasts (domain-model §2.2.5b): per department its annual investment
//! target (indicator 4 项目完成投资), what its projects completed in 1–N月, what they expect for the year,
//! the expected completion rate and the gap still to close, how far last month's forecasts were off, and a
//! plain trend projection beside it; and per project its plan, what it completed, what it expects and by
//! how much that misses the plan.
//!
//! A project without an approved forecast for the month is not left out: it is counted at
//! max(1–N月完成, 1–N月完成 + the rest of its annual plan) — that is, at its plan unless it has already
//! done more — and flagged, so that a missing forecast neither hides a project nor flatters the sum. A
//! project already built (竣工, 投产, 达产) has nothing left to forecast: it counts at what it did.
//! Forecasts are about the rest of the year, where each project is now, so both views group by the
//! projects' departments today.
use std::collections::HashMap;
use std::ops::AddAssign;

use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::{ColumnTrait, QueryFilter};
use serde::Serialize;

use super::repo;
use crate::entity::project;
use crate::investment::plan::repo as plan_repo;
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::repo::FINISHED_STATUSES;
use crate::investment::project::scope::{self, ProjectScope};
use crate::investment::report::repo as report_repo;
use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::period::Period;
use crate::review::Status;
use crate::rollup::{self, Kind};
use crate::state::AppState;

/// One project's year as the forecasts see it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectRow {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub project_id: i64,
    pub project_name: String,
    pub dept_name: String,
    /// 年度计划.
    pub year_plan: Option<Wan>,
    /// 1–N月完成 (approved reports).
    pub ytd: Wan,
    /// 预计全年: the approved forecast, or the fallback when `flagged`.
    pub expected_year: Wan,
    /// No approved forecast for the month: `expected_year` is the fallback.
    pub flagged: bool,
    /// 偏差 = expected − plan.
    pub deviation: Option<Wan>,
    /// The month's forecast, whatever its status (empty when none was filed).
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub forecast_id: Option<i64>,
    pub forecast_status: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeptRow {
    /// `dept`, `other` (departments removed since) or `total`.
    pub kind: &'static str,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub dept_name: String,
    pub depth: usize,
    pub subtotal: bool,
    pub projects: u32,
    /// Projects counted at the fallback.
    pub flagged: u32,
    pub annual_target: Option<Wan>,
    pub ytd: Wan,
    pub expected_year: Wan,
    /// 预计完成率 = expected ÷ target × 100.
    #[schemars(with = "Option<String>")]
    pub expected_rate: Rate,
    /// 缺口 = target − expected (negative: expected to exceed).
    pub gap: Option<Wan>,
    /// Forecast accuracy of the month, percent: Σ actual ÷ Σ expected − 1 over the projects with both an
    /// approved forecast and an approved report of the month.
    #[schemars(with = "Option<String>")]
    pub accuracy: Rate,
    /// Trend projection: 1–N月完成 ÷ N × 12.
    pub trend: Wan,
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Figures {
    projects: u32,
    flagged: u32,
    ytd: Wan,
    expected: Wan,
    month_expected: Wan,
    month_actual: Wan,
    measured: bool,
}

impl AddAssign for Figures {
    fn add_assign(&mut self, o: Figures) {
        self.projects += o.projects;
        self.flagged += o.flagged;
        self.ytd += o.ytd;
        self.expected += o.expected;
        self.month_expected += o.month_expected;
        self.month_actual += o.month_actual;
        self.measured |= o.measured;
    }
}

/// The projects forecasts are asked of, in the caller's scope: in the library and not terminated.
async fn projects(state: &AppState, me: &CurrentUser, scope: &ProjectScope) -> Result<Vec<project::Model>, AppError> {
    Ok(project::Entity::live(&me.tenant_id)
        .filter(scope.condition())
        .filter(project::Column::LibraryStatus.eq(Status::Approved.code()))
        .filter(project::Column::ProjectStatus.ne(ProjectStatus::Terminated.code()))
        .all(&state.db)
        .await?)
}

/// Every project of the caller's scope with a plan, a completed figure or a forecast this year.
async fn project_rows(state: &AppState, me: &CurrentUser, p: Period) -> Result<Vec<(Option<i64>, ProjectRow, Figures)>, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let r = state.reference.of(tenant).await?;
    let projects = projects(state, me, &scope).await?;
    let ids: Vec<i64> = projects.iter().map(|p| p.id).collect();
    let plans = plan_repo::of_projects_year(&state.db, tenant, &ids, p.year()).await?;
    let ytd = report_repo::year_to_date(&state.db, tenant, &ids, p).await?;
    let month = report_repo::of_projects_month(&state.db, tenant, &ids, p).await?;
    let forecasts: HashMap<i64, _> = repo::of_period(&state.db, tenant, p, None).await?.into_iter().map(|f| (f.project_id, f)).collect();
    let mut out = Vec::new();
    for project in projects {
        let plan = plans.get(&project.id).map(|x| Wan::round(x.year_plan_investment));
        let done = ytd.get(&project.id).map(|d| Wan::round(*d)).unwrap_or_default();
        let forecast = forecasts.get(&project.id);
        if plan.is_none() && done.is_zero() && forecast.is_none() {
            continue;
        }
        let approved = forecast.filter(|f| f.report_status == Status::Approved.code());
        let finished = ProjectStatus::from_code("projectStatus", &project.project_status).is_ok_and(|s| FINISHED_STATUSES.contains(&s));
        let (expected, flagged) = match approved {
            Some(f) => (Wan::round(f.expected_year_investment), false),
            // Built already: what it did this year is its year, and there is nothing left to forecast.
            None if finished => (done, false),
            None => {
                let rest = plan.map(|plan| if plan > done { plan - done } else { Wan::ZERO }).unwrap_or_default();
                (done + rest, true)
            }
        };
        let reported = month.get(&project.id).filter(|m| m.report_status == Status::Approved.code());
        let (month_expected, month_actual, measured) = match (approved, reported) {
            (Some(f), Some(m)) => (Wan::round(f.expected_month_investment), Wan::round(m.month_investment), true),
            _ => (Wan::ZERO, Wan::ZERO, false),
        };
        let figures = Figures { projects: 1, flagged: u32::from(flagged), ytd: done, expected, month_expected, month_actual, measured };
        let row = ProjectRow {
            project_id: project.id,
            project_name: project.project_name.clone(),
            dept_name: r.dept_name(project.dept_id),
            year_plan: plan,
            ytd: done,
            expected_year: expected,
            flagged,
            deviation: plan.map(|plan| expected - plan),
            forecast_id: forecast.map(|f| f.id),
            forecast_status: forecast.map(|f| f.report_status.clone()).unwrap_or_default(),
        };
        out.push((project.dept_id, row, figures));
    }
    Ok(out)
}

/// The per-project view, optionally of one department subtree.
pub async fn by_project(state: &AppState, me: &CurrentUser, p: Period, dept: Option<i64>) -> Result<Vec<ProjectRow>, AppError> {
    let r = state.reference.with_dept(&me.tenant_id, dept).await?;
    let subtree = dept.map(|d| r.subtree(d));
    Ok(project_rows(state, me, p)
        .await?
        .into_iter()
        .filter(|(d, ..)| subtree.as_ref().is_none_or(|s| d.is_some_and(|d| s.contains(&d))))
        .map(|(_, row, _)| row)
        .collect())
}

/// The department summary over the tree, with the total; `targets` are the departments' annual
/// investment targets in force (indicator 4 项目完成投资 of `dept_target`), by department.
pub async fn by_dept(state: &AppState, me: &CurrentUser, p: Period, targets: &HashMap<i64, Wan>) -> Result<Vec<DeptRow>, AppError> {
    let tenant = me.tenant_id.as_str();
    let r = state.reference.of(tenant).await?;
    let scope = scope::resolve(state, me).await?;
    let mut own: HashMap<i64, Figures> = HashMap::new();
    let mut unplaced = Figures::default();
    for (dept, _, f) in project_rows(state, me, p).await? {
        match dept {
            Some(d) => *own.entry(d).or_default() += f,
            None => unplaced += f,
        }
    }
    let target_sums = rollup::rollup(&r.rollup_depts(), &targets.iter().map(|(d, t)| (*d, Sum(Some(*t)))).collect());
    let target_of: HashMap<i64, Option<Wan>> = target_sums
        .iter()
        .filter_map(|row| match row.kind {
            // A department's own target, else the sum of the targets below it.
            Kind::Dept { id, .. } => Some((id, targets.get(&id).copied().or(row.value.0))),
            _ => None,
        })
        .collect();
    let admitted = |d: i64| match &scope {
        ProjectScope::All => true,
        ProjectScope::Some { depts, industry_depts, .. } => depts.contains(&d) || industry_depts.contains(&d),
    };
    let mut out = Vec::new();
    let mut shown = std::collections::HashSet::new();
    let mut total = Figures::default();
    let mut total_target: Option<Wan> = None;
    for row in rollup::rollup(&r.rollup_depts(), &own) {
        let Kind::Dept { id, depth, subtotal } = row.kind else { continue };
        let target = target_of.get(&id).copied().flatten();
        if !admitted(id) || (row.value.projects == 0 && target.is_none()) {
            continue;
        }
        if !r.with_ancestors(id).iter().any(|a| *a != id && shown.contains(a)) {
            total += row.value;
            if let Some(t) = target {
                total_target = Some(total_target.unwrap_or_default() + t);
            }
        }
        shown.insert(id);
        out.push(measure("dept", Some(id), r.dept_name(Some(id)), depth, subtotal, row.value, target, p));
    }
    if unplaced.projects > 0 && matches!(scope, ProjectScope::All) {
        total += unplaced;
        out.push(measure("other", None, "其他(未指定属地)".into(), 0, false, unplaced, None, p));
    }
    if !out.is_empty() {
        out.push(measure("total", None, "合计".into(), 0, true, total, total_target, p));
    }
    Ok(out)
}

/// An optional amount that adds as nothing when missing, for summing targets up the tree.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Sum(Option<Wan>);

impl AddAssign for Sum {
    fn add_assign(&mut self, o: Sum) {
        if let Some(v) = o.0 {
            self.0 = Some(self.0.unwrap_or_default() + v);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn measure(
    kind: &'static str,
    dept_id: Option<i64>,
    dept_name: String,
    depth: usize,
    subtotal: bool,
    f: Figures,
    target: Option<Wan>,
    p: Period,
) -> DeptRow {
    DeptRow {
        kind,
        dept_id,
        dept_name,
        depth,
        subtotal,
        projects: f.projects,
        flagged: f.flagged,
        annual_target: target,
        ytd: f.ytd,
        expected_year: f.expected,
        expected_rate: metrics::completion(f.expected, target),
        gap: target.map(|t| t - f.expected),
        accuracy: if f.measured { metrics::yoy(f.month_actual, f.month_expected) } else { None },
        trend: trend(f.ytd, p),
    }
}

/// 1–N月完成 ÷ N × 12, to the ten-thousandth.
fn trend(ytd: Wan, p: Period) -> Wan {
    Wan::round((ytd.decimal() * Decimal::from(12) / Decimal::from(p.month())).round_dp(4))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wan(s: &str) -> Wan {
        Wan::round(s.parse().unwrap())
    }

    #[test]
    fn the_trend_scales_the_months_done_to_the_year() {
        // 2,500 in five months → 6,000; 1,000 in seven → 1,714.2857.
        assert_eq!(trend(wan("2500"), Period::new(2026, 5).unwrap()), wan("6000"));
        assert_eq!(trend(wan("1000"), Period::new(2026, 7).unwrap()), wan("1714.2857"));
    }

    #[test]
    fn accuracy_is_the_actual_over_the_expected_less_one_and_nothing_without_both() {
        let p = Period::new(2026, 6).unwrap();
        let f = Figures { projects: 1, month_expected: wan("800"), month_actual: wan("600"), measured: true, ..Default::default() };
        assert_eq!(measure("dept", Some(1), String::new(), 0, false, f, Some(wan("10000")), p).accuracy, Some("-25.00".parse().unwrap()));
        let unmeasured = Figures { projects: 1, ..Default::default() };
        assert_eq!(measure("dept", Some(1), String::new(), 0, false, unmeasured, None, p).accuracy, None);
    }
}
