//! The aggregate queries of the statistics (code-shape §2.5): one `GROUP BY` per measure family, over the
//! in-library projects the caller's project scope admits, in the caller's tenant. Only approved monthly
//! reports are summed. Group keys are plain columns or a CASE of constants (the bands), never bound
//! values, so that the `GROUP BY` expression is the selected one on every database.
use std::collections::HashMap;

use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_db::base::{BaseColumns, LIVE};
use rust_decimal::Decimal;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Func, JoinType, SelectStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryResult, QuerySelect, QueryTrait};

use crate::checks::YES;
use crate::entity::{project, project_issue as issue, project_plan as plan, project_report as report};
use crate::investment::issue::lifecycle::IssueStatus;
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::scope::ProjectScope;
use crate::investment::project::view::BANDS;
use crate::money::Wan;
use crate::period::Period;
use crate::review::Status;

/// What rows are grouped by.
#[derive(Debug, Clone, Copy)]
pub enum Key {
    /// A column of the project: its current department or one of its dictionary fields.
    Project(project::Column),
    /// The investment band of the project's planned total (a CASE over [`BANDS`]).
    Band,
    /// The department stored on each monthly report when it was filed (domain-model §3 rule 1). Only
    /// report sums can be grouped so; project figures of the same view take the project's department.
    ReportDept,
}

impl Key {
    fn is_dept(self) -> bool {
        matches!(self, Key::Project(project::Column::DeptId) | Key::ReportDept)
    }

    pub(super) fn expr(self) -> Expr {
        match self {
            Key::Project(c) => Expr::col((project::Entity, c)),
            Key::ReportDept => Expr::col((report::Entity, report::Column::DeptId)),
            Key::Band => {
                // Highest band first: the first lower bound reached is the band (as `project::view::band`).
                let whens: String =
                    BANDS.iter().rev().map(|(key, _, from)| format!(" WHEN biz_project.total_investment >= {from} THEN '{key}'")).collect();
                Expr::cust(format!("CASE WHEN biz_project.total_investment IS NULL THEN ''{whens} ELSE '' END"))
            }
        }
    }

    /// Project figures take the project's department whatever the basis of the report sums.
    fn of_projects(self) -> Key {
        match self {
            Key::ReportDept => Key::Project(project::Column::DeptId),
            k => k,
        }
    }
}

/// A group as read: a department (`None` for a project without one) or a code (empty when not filled).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Group {
    Dept(Option<i64>),
    Code(String),
}

fn group_of(key: Key, row: &QueryResult) -> Result<Group, AppError> {
    Ok(if key.is_dept() {
        Group::Dept(row.try_get_by_index::<Option<i64>>(0)?)
    } else {
        Group::Code(row.try_get_by_index::<Option<String>>(0)?.unwrap_or_default())
    })
}

fn amount(row: &QueryResult, index: usize) -> Result<Wan, AppError> {
    // SQLite sums decimals as floating point: rounding to the four decimals stored gives the exact sum.
    Ok(Wan::round(row.try_get_by_index::<Option<Decimal>>(index)?.unwrap_or_default()))
}

/// The tenant's live in-library projects (approved into the library, not 终止) that the scope admits:
/// the population of every statistic. No columns selected yet.
fn in_library(tenant: &str, scope: &ProjectScope) -> SelectStatement {
    project::Entity::live(tenant)
        .filter(scope.condition())
        .filter(project::Column::LibraryStatus.eq(Status::Approved.code()))
        .filter(project::Column::ProjectStatus.ne(ProjectStatus::Terminated.code()))
        .select_only()
        .into_query()
}

/// Counts the rows where `cond` holds: `COUNT(CASE WHEN cond THEN 1 END)`, a bigint on every database
/// (a `SUM` of ones would be a decimal on MariaDB).
fn count_if(cond: Condition) -> Expr {
    Func::count(Expr::case(cond, 1)).into()
}

fn within(column: project::Column, from: NaiveDate, to: NaiveDate) -> Condition {
    Condition::all().add(Expr::col((project::Entity, column)).gte(from)).add(Expr::col((project::Entity, column)).lte(to))
}

/// The figures a project carries into a group for the year of `p`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectFigures {
    pub projects: i64,
    pub total_investment: Wan,
    pub year_plan: Wan,
    pub started: i64,
    pub planned_starts: i64,
    pub finished: i64,
    pub planned_finishes: i64,
    pub over_yi: i64,
}

/// Projects whose planned total is at least this many 万元 are 亿元以上 projects.
pub const YI: i64 = 10_000;

/// Per group: projects, Σ planned total, Σ the year's planned investment, and the counts behind 开工率,
/// 竣工率 and 亿元以上.
///
/// - 本年新开工: actually started (`actual_start_date`) between 1 January and the end of month N.
/// - 计划本年开工: the project's planned start date falls in the year, or its annual plan of the year is
///   marked 计划本年新开工 — the plan is the year's commitment, the date the project's own estimate; either
///   puts the start on the year's list.
/// - 竣工投产: completed (`actual_completion_date`) or put into production (`production_date`) between
///   1 January and the end of month N; a project doing both in the year counts once.
/// - 计划本年竣工投产: the planned completion date falls in the year (the project has no planned
///   production date), or the annual plan is marked 计划本年竣工投产.
pub async fn project_figures<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    key: Key,
    p: Period,
) -> Result<HashMap<Group, ProjectFigures>, AppError> {
    let key = key.of_projects();
    let (jan1, dec31) = year_bounds(p.year());
    let end = month_end(p);
    let plan_col = |c: plan::Column| Expr::col((plan::Entity, c));
    let mut q = in_library(tenant, scope);
    q.join(
        JoinType::LeftJoin,
        plan::Entity,
        Condition::all()
            .add(plan_col(plan::Column::ProjectId).equals((project::Entity, project::Column::Id)))
            .add(plan_col(plan::Column::TenantId).eq(tenant))
            .add(plan_col(plan::Column::IsDeleted).eq(LIVE))
            .add(plan_col(plan::Column::PlanYear).eq(p.year())),
    );
    let planned_flag = |c: plan::Column| plan_col(c).eq(YES);
    q.expr(key.expr())
        .expr(Func::count(Expr::col((project::Entity, project::Column::Id))))
        .expr(Func::sum(Expr::col((project::Entity, project::Column::TotalInvestment))))
        .expr(Func::sum(plan_col(plan::Column::YearPlanInvestment)))
        .expr(count_if(within(project::Column::ActualStartDate, jan1, end)))
        .expr(count_if(
            Condition::any().add(within(project::Column::PlannedStartDate, jan1, dec31)).add(planned_flag(plan::Column::PlanStartThisYear)),
        ))
        .expr(count_if(Condition::any().add(within(project::Column::ActualCompletionDate, jan1, end)).add(within(
            project::Column::ProductionDate,
            jan1,
            end,
        ))))
        .expr(count_if(
            Condition::any()
                .add(within(project::Column::PlannedCompletionDate, jan1, dec31))
                .add(planned_flag(plan::Column::PlanCompleteThisYear)),
        ))
        .expr(count_if(Condition::all().add(Expr::col((project::Entity, project::Column::TotalInvestment)).gte(Decimal::from(YI)))))
        .add_group_by([key.expr()]);
    let mut out = HashMap::new();
    for row in db.query_all(&q).await? {
        let figures = ProjectFigures {
            projects: row.try_get_by_index(1)?,
            total_investment: amount(&row, 2)?,
            year_plan: amount(&row, 3)?,
            started: row.try_get_by_index(4)?,
            planned_starts: row.try_get_by_index(5)?,
            finished: row.try_get_by_index(6)?,
            planned_finishes: row.try_get_by_index(7)?,
            over_yi: row.try_get_by_index(8)?,
        };
        out.insert(group_of(key, &row)?, figures);
    }
    Ok(out)
}

/// Joins the approved live monthly reports of the population's projects.
fn with_approved_reports(q: &mut SelectStatement, tenant: &str) {
    let col = |c: report::Column| Expr::col((report::Entity, c));
    q.join(
        JoinType::InnerJoin,
        report::Entity,
        Condition::all()
            .add(col(report::Column::ProjectId).equals((project::Entity, project::Column::Id)))
            .add(col(report::Column::TenantId).eq(tenant))
            .add(col(report::Column::IsDeleted).eq(LIVE))
            .add(col(report::Column::ReportStatus).eq(Status::Approved.code())),
    );
}

/// Per group: Σ approved month investment of months 1..N of the period's year (1–N月累计).
pub async fn year_to_date<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    key: Key,
    p: Period,
) -> Result<HashMap<Group, Wan>, AppError> {
    let mut q = in_library(tenant, scope);
    with_approved_reports(&mut q, tenant);
    q.and_where(Expr::col((report::Entity, report::Column::PeriodYear)).eq(p.year()))
        .and_where(Expr::col((report::Entity, report::Column::PeriodMonth)).lte(p.month() as i32))
        .expr(key.expr())
        .expr(Func::sum(Expr::col((report::Entity, report::Column::MonthInvestment))))
        .add_group_by([key.expr()]);
    let mut out = HashMap::new();
    for row in db.query_all(&q).await? {
        out.insert(group_of(key, &row)?, amount(&row, 1)?);
    }
    Ok(out)
}

/// Per group (of the project): its issues that are open now (not struck off or closed).
pub async fn open_issues<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    key: Key,
) -> Result<HashMap<Group, i64>, AppError> {
    let key = key.of_projects();
    let col = |c: issue::Column| Expr::col((issue::Entity, c));
    let mut q = in_library(tenant, scope);
    q.join(
        JoinType::InnerJoin,
        issue::Entity,
        Condition::all()
            .add(col(issue::Column::ProjectId).equals((project::Entity, project::Column::Id)))
            .add(col(issue::Column::TenantId).eq(tenant))
            .add(col(issue::Column::IsDeleted).eq(LIVE))
            .add(col(issue::Column::IssueStatus).is_in(IssueStatus::OPEN.map(IssueStatus::code))),
    )
    .expr(key.expr())
    .expr(Func::count(col(issue::Column::Id)))
    .add_group_by([key.expr()]);
    let mut out = HashMap::new();
    for row in db.query_all(&q).await? {
        out.insert(group_of(key, &row)?, row.try_get_by_index(1)?);
    }
    Ok(out)
}

/// Σ approved month investment per `(year, month)`: all months of the year before the period's, and
/// months 1..N of its own.
pub async fn months<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    p: Period,
) -> Result<HashMap<(i32, u32), Wan>, AppError> {
    let year = Expr::col((report::Entity, report::Column::PeriodYear));
    let month = Expr::col((report::Entity, report::Column::PeriodMonth));
    let mut q = in_library(tenant, scope);
    with_approved_reports(&mut q, tenant);
    q.cond_where(
        Condition::any()
            .add(year.clone().eq(p.year() - 1))
            .add(Condition::all().add(year.clone().eq(p.year())).add(month.clone().lte(p.month() as i32))),
    )
    .expr(year.clone())
    .expr(month.clone())
    .expr(Func::sum(Expr::col((report::Entity, report::Column::MonthInvestment))))
    .add_group_by([year, month]);
    let mut out = HashMap::new();
    for row in db.query_all(&q).await? {
        let (y, m): (i32, i32) = (row.try_get_by_index(0)?, row.try_get_by_index(1)?);
        out.insert((y, m.clamp(1, 12) as u32), amount(&row, 2)?);
    }
    Ok(out)
}

/// Projects and Σ planned total per `(status, status halted in)` as they stand now.
pub async fn statuses<C: ConnectionTrait>(db: &C, tenant: &str, scope: &ProjectScope) -> Result<Vec<(String, String, i64, Wan)>, AppError> {
    let status = Expr::col((project::Entity, project::Column::ProjectStatus));
    let halted = Expr::col((project::Entity, project::Column::SuspendedFrom));
    let mut q = in_library(tenant, scope);
    q.expr(status.clone())
        .expr(halted.clone())
        .expr(Func::count(Expr::col((project::Entity, project::Column::Id))))
        .expr(Func::sum(Expr::col((project::Entity, project::Column::TotalInvestment))))
        .add_group_by([status, halted]);
    let mut out = Vec::new();
    for row in db.query_all(&q).await? {
        out.push((row.try_get_by_index(0)?, row.try_get_by_index(1)?, row.try_get_by_index(2)?, amount(&row, 3)?));
    }
    Ok(out)
}

fn year_bounds(year: i32) -> (NaiveDate, NaiveDate) {
    (NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or_default(), NaiveDate::from_ymd_opt(year, 12, 31).unwrap_or_default())
}

/// The last day of the period's month.
pub fn month_end(p: Period) -> NaiveDate {
    let next =
        if p.month() == 12 { NaiveDate::from_ymd_opt(p.year() + 1, 1, 1) } else { NaiveDate::from_ymd_opt(p.year(), p.month() + 1, 1) };
    next.and_then(|d| d.pred_opt()).unwrap_or_default()
}
