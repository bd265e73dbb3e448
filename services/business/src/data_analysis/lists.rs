//! The big screen's figures that the statistics screens do not already sum: 招商签约, 规上企业, the key
//! issues, and the rows of three scrolling tables (重点项目进展, 最新签约项目, 问题督办). Each reads the
//! whole tenant and answers names and aggregates only — no person, no phone, no enterprise's tax or profit.
use std::collections::HashMap;

use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::sea_query::{Expr, Func, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, FromQueryResult, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait};
use serde::Serialize;

use crate::checks::YES;
use crate::entity::{enterprise, project, project_report};
use crate::investment::issue::lifecycle::{IssueLevel, IssueStatus};
use crate::investment::issue::repo::{self as issue_repo, IssueScope};
use crate::investment::issue::view::overdue_days;
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::repo::library_status_is;
use crate::investment::project::scope::ProjectScope;
use crate::money::Wan;
use crate::output::report::repo::GONE;
use crate::period::Period;
use crate::reference::Reference;
use crate::review::Status;

/// Rows of each scrolling table: enough to scroll through, few enough for a wall of screens.
pub const KEY_PROJECTS: u64 = 30;
pub const LATEST_SIGNED: u64 = 20;
pub const ISSUES: u64 = 50;

/// The projects in the library: approved into it and not terminated.
fn in_library(tenant: &str) -> sea_orm::Select<project::Entity> {
    let (column, approved) = library_status_is(Status::Approved);
    project::Entity::live(tenant).filter(column.eq(approved)).filter(project::Column::ProjectStatus.ne(ProjectStatus::Terminated.code()))
}

#[derive(Debug, FromQueryResult)]
struct CountSum {
    n: i64,
    amount: Option<Decimal>,
}

/// 招商签约: the library's projects signed in `p`'s year up to the end of month N, and Σ 签约额.
pub async fn signed<C: ConnectionTrait>(db: &C, tenant: &str, p: Period) -> Result<(i64, Wan), AppError> {
    let (from, to) = year_to(p);
    let row = in_library(tenant)
        .filter(project::Column::SignDate.gte(from))
        .filter(project::Column::SignDate.lte(to))
        .select_only()
        .column_as(SimpleExpr::from(Func::count(Expr::col(project::Column::Id))), "n")
        .column_as(SimpleExpr::from(Func::sum(Expr::col(project::Column::ContractAmount))), "amount")
        .into_model::<CountSum>()
        .one(db)
        .await?;
    Ok(row.map_or((0, Wan::ZERO), |r| (r.n, Wan::round(r.amount.unwrap_or_default()))))
}

/// January 1 of `p`'s year and the last day of month N.
fn year_to(p: Period) -> (NaiveDate, NaiveDate) {
    let from = NaiveDate::from_ymd_opt(p.year(), 1, 1).unwrap_or_default();
    let next =
        if p.month() == 12 { NaiveDate::from_ymd_opt(p.year() + 1, 1, 1) } else { NaiveDate::from_ymd_opt(p.year(), p.month() + 1, 1) };
    (from, next.and_then(|d| d.pred_opt()).unwrap_or(from))
}

/// 规上工业企业: the live 规上 enterprises still in the zone (not moved out or closed), and those that became
/// 规上 this year (小升规, `aboveScalePeriod` in the year).
pub async fn above_scale<C: ConnectionTrait>(db: &C, tenant: &str, year: i32) -> Result<(u64, u64), AppError> {
    let all = enterprise::Entity::live(tenant)
        .filter(enterprise::Column::IsAboveScale.eq(YES))
        .filter(enterprise::Column::OperatingStatus.is_not_in(GONE.iter().copied()));
    let count = all.clone().count(db).await?;
    let new = all.filter(enterprise::Column::AboveScalePeriod.starts_with(format!("{year}"))).count(db).await?;
    Ok((count, new))
}

/// 待解决重点问题: open issues of level 重点, and how many of them are overdue.
pub async fn key_issues<C: ConnectionTrait>(db: &C, tenant: &str, today: NaiveDate) -> Result<(u64, u64), AppError> {
    let scope = whole();
    let open = issue_repo::Filter { level: Some(IssueLevel::KEY), open: true, today, ..Default::default() };
    let overdue = issue_repo::Filter { overdue: true, ..open.clone() };
    Ok((issue_repo::count(db, tenant, &scope, &open).await?, issue_repo::count(db, tenant, &scope, &overdue).await?))
}

fn whole() -> IssueScope {
    IssueScope { projects: ProjectScope::All, depts: Default::default() }
}

/// A row of 重点项目进展.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyProject {
    pub project_name: String,
    pub dept_name: String,
    /// 本月完成 (万元).
    pub month_investment: Wan,
    /// 累计完成 (万元).
    pub cumulative_investment: Wan,
    /// 形象进度.
    pub progress: String,
}

/// 重点项目进展: the approved reports of month `p`, the projects of the highest level and then the largest
/// first. The order and the cut are the database's: only the rows shown are read (reading every approved
/// report and project of the month whole cost a 1,500-project zone's screen 160 ms).
pub async fn key_projects<C: ConnectionTrait>(db: &C, tenant: &str, r: &Reference, p: Period) -> Result<Vec<KeyProject>, AppError> {
    let month = |q: sea_orm::Select<project_report::Entity>| {
        q.filter(project_report::Column::PeriodYear.eq(p.year()))
            .filter(project_report::Column::PeriodMonth.eq(p.month() as i32))
            .filter(project_report::Column::ReportStatus.eq(Status::Approved.code()))
    };
    let reported = month(project_report::Entity::live(tenant)).select_only().column(project_report::Column::ProjectId).into_query();
    // A level's key orders it (1 above 2 …); a project without a level after those with one.
    let projects = in_library(tenant)
        .filter(project::Column::Id.in_subquery(reported))
        .order_by_asc(project::Column::ProjectLevel.eq(""))
        .order_by_asc(project::Column::ProjectLevel)
        .order_by_desc(project::Column::TotalInvestment)
        .order_by_asc(project::Column::Id)
        .limit(KEY_PROJECTS)
        .all(db)
        .await?;
    let ids: Vec<i64> = projects.iter().map(|x| x.id).collect();
    let reports: HashMap<i64, project_report::Model> = month(project_report::Entity::live(tenant))
        .filter(project_report::Column::ProjectId.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|x| (x.project_id, x))
        .collect();
    Ok(projects
        .iter()
        .filter_map(|p| reports.get(&p.id).map(|x| (p, x)))
        .map(|(p, x)| KeyProject {
            project_name: p.project_name.clone(),
            dept_name: r.dept_name(x.dept_id.or(p.dept_id)),
            month_investment: Wan::round(x.month_investment),
            cumulative_investment: Wan::round(x.cumulative_investment.unwrap_or_default()),
            progress: x.progress_desc.chars().take(60).collect(),
        })
        .collect())
}

/// A row of 最新签约项目.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedProject {
    pub project_name: String,
    /// 计划总投资 in 亿元, two decimals.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub investment_yi: Decimal,
    pub industry_name: String,
    /// `2026-10-12`
    pub sign_date: String,
}

/// 最新签约项目: the library's last signed projects, the latest first.
pub async fn latest_signed<C: ConnectionTrait>(db: &C, tenant: &str, r: &Reference) -> Result<Vec<SignedProject>, AppError> {
    let rows = in_library(tenant)
        .filter(project::Column::SignDate.is_not_null())
        .order_by_desc(project::Column::SignDate)
        .order_by_desc(project::Column::Id)
        .limit(LATEST_SIGNED)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|p| SignedProject {
            investment_yi: Wan::round(p.total_investment.unwrap_or_default()).yi().decimal().round_dp(2),
            industry_name: r.label("industry", &p.industry_code),
            sign_date: p.sign_date.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default(),
            project_name: p.project_name,
        })
        .collect())
}

/// A row of 问题督办.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueRow {
    pub project_name: String,
    /// The issue in a line.
    pub summary: String,
    pub level_name: String,
    /// 责任单位.
    pub dept_name: String,
    /// 时限, `2026-11-30`.
    pub deadline: Option<String>,
    pub status_name: String,
    pub overdue: bool,
}

/// 问题督办: open issues of level 一般 and above, the overdue first, then the weightiest and the earliest
/// deadline (the ledger's order).
pub async fn issues<C: ConnectionTrait>(db: &C, tenant: &str, r: &Reference, today: NaiveDate) -> Result<Vec<IssueRow>, AppError> {
    let filter = issue_repo::Filter { min_level: Some(IssueLevel::ORDINARY), open: true, today, ..Default::default() };
    let rows = issue_repo::slice(db, tenant, &whole(), &filter, &[], 0, ISSUES).await?;
    let ids: Vec<i64> = rows.iter().map(|i| i.project_id).collect();
    let names: HashMap<i64, String> = project::Entity::live(tenant)
        .filter(project::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p.project_name))
        .collect();
    let mut out: Vec<(i64, IssueRow)> = rows
        .into_iter()
        .map(|i| {
            let days = overdue_days(&i, today);
            let row = IssueRow {
                project_name: names.get(&i.project_id).cloned().unwrap_or_default(),
                summary: i.description.chars().take(40).collect(),
                level_name: r.label("issue_level", &i.issue_level),
                dept_name: r.dept_name(i.responsible_dept_id),
                deadline: i.deadline.map(|d| d.format("%Y-%m-%d").to_string()),
                status_name: IssueStatus::from_code("issueStatus", &i.issue_status).map(|s| s.label().to_string()).unwrap_or_default(),
                overdue: days > 0,
            };
            (days, row)
        })
        .collect();
    // Stable: within the overdue and the others the ledger's order stays.
    out.sort_by_key(|(days, _)| *days <= 0);
    Ok(out.into_iter().map(|(_, row)| row).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_year_runs_to_the_last_day_of_month_n() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        assert_eq!(year_to(Period::new(2026, 2).unwrap()), (d(2026, 1, 1), d(2026, 2, 28)));
        assert_eq!(year_to(Period::new(2024, 2).unwrap()), (d(2024, 1, 1), d(2024, 2, 29)));
        assert_eq!(year_to(Period::new(2026, 12).unwrap()), (d(2026, 1, 1), d(2026, 12, 31)));
    }
}
