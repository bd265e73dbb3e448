//! The dispatch working list (跟踪项目, domain-model §2.2.7): the tracked projects in the library whose
//! status is still followed month by month, each with its report of the reporting month and its
//! year-to-date figure. The reporting month defaults to the previous calendar month: in November the
//! parks report October.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, ConnectionTrait};
use serde::{Deserialize, Serialize};

use super::issue::lifecycle::IssueLevel;
use super::issue::repo::{self as issue_repo, OpenIssues};
use super::plan::repo as plan_repo;
use super::project::lifecycle::{self, Actor, ProjectStatus};
use super::project::view::ProjectView;
use super::project::{self, repo as project_repo};
use super::report::repo as report_repo;
use super::warning::{self, Warning};
use crate::checks::{NO, YES};
use crate::entity::{project as project_entity, project_plan};
use crate::period::Period;
use crate::review::Status;
use crate::state::AppState;

/// The query of `project/tracked`: the project list's filters plus the month and whether it is reported.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackedQuery {
    /// `2026-10`; the previous month when absent.
    pub period: Option<String>,
    /// `Y`: the month's report is submitted or approved; `N`: not yet.
    pub reported: Option<String>,
    /// One project (the report form of a report opened from the review list).
    pub project_id: Option<String>,
    /// `Y`: only projects with an open issue.
    pub has_open_issue: Option<String>,
    /// Only projects with an open issue of this `issue_level` or above.
    pub min_issue_level: Option<String>,
    /// Only projects of these warning colours: `red`, or several as `red,yellow`.
    pub warning: Option<String>,
    #[serde(flatten)]
    pub list: project_repo::ListQuery,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackedView {
    #[serde(flatten)]
    pub project: ProjectView,
    /// The reporting month, `2026-10`.
    pub period: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub month_report_id: Option<i64>,
    /// The `report_status` of the month's report, empty without one.
    pub month_report_status: String,
    pub month_report_status_name: String,
    /// 本月完成 as the month's report states it, whatever its review status.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_investment: Option<Decimal>,
    /// 1–N月累计: Σ approved months of the year up to the reporting month.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub ytd_investment: Option<Decimal>,
    /// 本月是否已报: the month's report is submitted or approved.
    pub reported: String,
    /// 年度计划: the planned investment of the reporting month's year, without a plan none.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub year_plan_investment: Option<Decimal>,
    /// 占年度计划 (%): 1–N月累计 ÷ 年度计划.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub ytd_plan_rate: Option<Decimal>,
    /// 时序进度 (%) of the reporting month.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub time_progress: Decimal,
    /// Open issues (not struck off or closed), the highest level among them, and how many are overdue.
    pub open_issue_count: u32,
    pub top_issue_level: String,
    pub top_issue_level_name: String,
    pub overdue_issue_count: u32,
    /// 预警色: `green`, `blue`, `yellow` or `red`, its label, and why.
    pub warning: Warning,
    pub warning_name: String,
    pub warning_reasons: Vec<String>,
    /// The statuses a monthly report of the project may propose (本月末项目状态 besides its status): the
    /// filler's moves of the lifecycle, alone or confirmed by the report's review.
    #[schemars(with = "Vec<String>")]
    pub proposable_statuses: Vec<ProjectStatus>,
}

/// The reporting month of a query: the month asked, else the one before the current month.
fn reporting_month(asked: Option<String>) -> Result<Period, AppError> {
    match keeper_common::fields::bounded_filter("period", asked, 7)? {
        Some(p) => Period::parse("period", &p),
        None => {
            let this = Period::of_day(keeper_common::time::today());
            Ok(this.previous().unwrap_or(this))
        }
    }
}

pub async fn list(state: &AppState, me: &CurrentUser, q: TrackedQuery, req: PageRequest) -> Result<Page<TrackedView>, AppError> {
    let period = reporting_month(q.period)?;
    let reported = match keeper_common::fields::bounded_filter("reported", q.reported, 1)?.map(|s| s.to_ascii_uppercase()).as_deref() {
        None => None,
        Some(YES) => Some(true),
        Some(NO) => Some(false),
        Some(_) => return Err(AppError::field("reported", "取值应为 Y 或 N")),
    };
    let mut filter = q.list.parse()?;
    filter.tracked = true;
    filter.project_id = match keeper_common::fields::bounded_filter("projectId", q.project_id, 20)? {
        None => None,
        Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("projectId", "不是有效的ID"))?),
    };
    filter.reported = reported.map(|r| (period, r));
    let min_level = keeper_common::fields::bounded_filter("minIssueLevel", q.min_issue_level, 1)?
        .map(|l| IssueLevel::from_code("minIssueLevel", &l))
        .transpose()?;
    if min_level.is_some() || crate::checks::flag("hasOpenIssue", q.has_open_issue, NO)? == YES {
        filter.among.push(issue_repo::projects_with_open(&me.tenant_id, min_level));
    }
    // 时序进度 as the tenant measures it: the same figure as the targets' completion view.
    let reference = state.reference.of(&me.tenant_id).await?;
    let time_progress = reference.schedule().progress(period);
    // With a colour filter, what every matching project stands at is read already: the page reuses it.
    let mut known: Option<Standing> = None;
    if let Some(wanted) = colours_asked(q.warning)? {
        // The colour needs the year-to-date against the plan: it is worked out here for every matching
        // project (a zone tracks hundreds), by the same function as the page's, and the list keeps those
        // of the colours asked — the filter and the dot on the row can never disagree.
        let ids = matching_ids(state, me, filter.clone()).await?;
        let standing = Standing::of(state, &me.tenant_id, &ids, period).await?;
        let kept: Vec<i64> = ids.into_iter().filter(|id| wanted.contains(&standing.colour(*id, time_progress).1)).collect();
        let colours = Query::select()
            .column(project_entity::Column::Id)
            .from(project_entity::Entity)
            .and_where(project_entity::Column::Id.is_in(kept))
            .to_owned();
        filter.among.push(colours);
        known = Some(standing);
    }
    let Page { records: views, total, size, current, pages } = project::list(state, me, filter, req).await?;
    let ids: Vec<i64> = views.iter().map(|v| v.row.id).collect();
    let mut month = report_repo::of_projects_month(&state.db, &me.tenant_id, &ids, period).await?;
    let standing = match known {
        Some(standing) => standing,
        None => Standing::of(state, &me.tenant_id, &ids, period).await?,
    };
    let records = views
        .into_iter()
        .map(|v| {
            let r = month.remove(&v.row.id);
            let status = r.as_ref().and_then(|r| Status::from_code("reportStatus", &r.report_status).ok());
            let ytd_investment = standing.ytd.get(&v.row.id).copied();
            let year_plan_investment = standing.plan(v.row.id);
            let (ytd_plan_rate, colour, reasons) = standing.colour(v.row.id, time_progress);
            let open = standing.open(v.row.id);
            let top = open.top_level.map(|l| l.code()).unwrap_or_default();
            TrackedView {
                year_plan_investment,
                ytd_plan_rate,
                time_progress,
                open_issue_count: open.count,
                top_issue_level_name: reference.label("issue_level", &top),
                top_issue_level: top,
                overdue_issue_count: open.overdue,
                warning: colour,
                warning_name: colour.label().into(),
                warning_reasons: reasons,
                period: period.to_string(),
                month_report_id: r.as_ref().map(|r| r.id),
                month_report_status: status.map(|s| s.code().to_string()).unwrap_or_default(),
                month_report_status_name: status.map(|s| s.label().to_string()).unwrap_or_default(),
                month_investment: r.as_ref().map(|r| r.month_investment),
                ytd_investment,
                proposable_statuses: ProjectStatus::of_code(&v.row.project_status)
                    .map(|from| lifecycle::allowed(from, Actor::Filler, ProjectStatus::of_code(&v.row.suspended_from)))
                    .unwrap_or_default(),
                reported: if matches!(status, Some(Status::Submitted | Status::Approved)) { YES } else { NO }.into(),
                project: v,
            }
        })
        .collect();
    Ok(Page { records, total, size, current, pages })
}

/// What a project's warning colour is made of, for a set of projects in a reporting month: the year's
/// approved investment up to the month, the year's plan, and the open issues.
struct Standing {
    ytd: HashMap<i64, Decimal>,
    plans: HashMap<i64, project_plan::Model>,
    issues: HashMap<i64, OpenIssues>,
}

impl Standing {
    async fn of(state: &AppState, tenant: &str, ids: &[i64], period: Period) -> Result<Standing, AppError> {
        Ok(Standing {
            ytd: report_repo::year_to_date(&state.db, tenant, ids, period).await?,
            plans: plan_repo::of_projects_year(&state.db, tenant, ids, period.year()).await?,
            issues: issue_repo::open_of_projects(&state.db, tenant, ids, keeper_common::time::today()).await?,
        })
    }

    fn plan(&self, id: i64) -> Option<Decimal> {
        self.plans.get(&id).map(|p| p.year_plan_investment)
    }

    fn open(&self, id: i64) -> OpenIssues {
        self.issues.get(&id).copied().unwrap_or_default()
    }

    /// 占年度计划 (%), the colour and why: the lag is 时序进度 minus 占年度计划.
    fn colour(&self, id: i64, time_progress: Decimal) -> (Option<Decimal>, Warning, Vec<String>) {
        let rate = self.plan(id).and_then(|plan| warning::plan_rate(self.ytd.get(&id).copied().unwrap_or_default(), Some(plan)));
        let (colour, reasons) = warning::colour(&self.open(id), rate.map(|r| time_progress - r));
        (rate, colour, reasons)
    }
}

/// The colours of the `warning` filter, `None` when not asked.
fn colours_asked(asked: Option<String>) -> Result<Option<Vec<Warning>>, AppError> {
    let Some(asked) = keeper_common::fields::bounded_filter("warning", asked, 40)? else {
        return Ok(None);
    };
    asked
        .split(',')
        .map(|c| Warning::of_code(c.trim()).ok_or_else(|| AppError::field("warning", "取值应为 red、yellow、blue 或 green")))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// The ids of every project of `filter` (in no particular order).
async fn matching_ids(state: &AppState, me: &CurrentUser, filter: project_repo::Filter) -> Result<Vec<i64>, AppError> {
    let query = project::matching(state, me, filter).await?;
    let rows = state.db.query_all(&query).await?;
    Ok(rows.iter().map(|r| r.try_get_by_index::<i64>(0)).collect::<Result<_, _>>()?)
}
