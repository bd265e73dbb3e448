//! Queries of the dispatch sheet: one per table over the projects of the sheet (the tenant's in-library
//! projects the caller may see), plus the month locks and their frozen sheets. Every function takes the
//! tenant.
use std::collections::HashMap;

use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use sea_orm::sea_query::SelectStatement;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait, Select,
};

use crate::entity::{
    month_lock, project, project_issue as issue, project_plan as plan, project_report as report, sheet_snapshot as snapshot,
};
use crate::investment::issue::lifecycle::IssueStatus;
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::scope::ProjectScope;
use crate::period::Period;
use crate::review::Status;

/// The projects a sheet lists: in the library (approved), not terminated, within the scope.
fn listed(tenant: &str, scope: &ProjectScope) -> Select<project::Entity> {
    project::Entity::live(tenant)
        .filter(scope.condition())
        .filter(project::Column::LibraryStatus.eq(Status::Approved.code()))
        .filter(project::Column::ProjectStatus.ne(ProjectStatus::Terminated.code()))
}

/// The ids of [`listed`], as a sub-query for the other tables.
pub fn listed_ids(tenant: &str, scope: &ProjectScope) -> SelectStatement {
    listed(tenant, scope).select_only().column(project::Column::Id).into_query()
}

/// What the sheet shows of a project: its columns of `biz_project`, not the other ~65 (long texts,
/// dates, review fields) that a full `project::Model` would read and decode for every listed project.
#[derive(Debug, Clone, FromQueryResult)]
pub struct SheetProject {
    pub id: i64,
    pub project_no: String,
    pub project_name: String,
    pub enterprise_id: Option<i64>,
    pub owner_name: String,
    pub construction_content: String,
    pub construction_start_year: Option<i32>,
    pub construction_end_year: Option<i32>,
    pub total_investment: Option<Decimal>,
    pub opening_investment: Option<Decimal>,
    pub responsible_leader: String,
    pub responsible_dept_id: Option<i64>,
    pub project_status: String,
    pub project_type: String,
    pub project_level: String,
    pub is_key_project: String,
    pub dept_id: Option<i64>,
    pub industry_dept_id: Option<i64>,
    pub create_user: Option<i64>,
}

pub async fn projects<C: ConnectionTrait>(db: &C, tenant: &str, scope: &ProjectScope) -> Result<Vec<SheetProject>, AppError> {
    use project::Column as P;
    Ok(listed(tenant, scope)
        .select_only()
        .columns([
            P::Id,
            P::ProjectNo,
            P::ProjectName,
            P::EnterpriseId,
            P::OwnerName,
            P::ConstructionContent,
            P::ConstructionStartYear,
            P::ConstructionEndYear,
            P::TotalInvestment,
            P::OpeningInvestment,
            P::ResponsibleLeader,
            P::ResponsibleDeptId,
            P::ProjectStatus,
            P::ProjectType,
            P::ProjectLevel,
            P::IsKeyProject,
            P::DeptId,
            P::IndustryDeptId,
            P::CreateUser,
        ])
        .order_by_asc(P::ProjectNo)
        .order_by_asc(P::Id)
        .into_model::<SheetProject>()
        .all(db)
        .await?)
}

/// What the sheet takes from the month's approved report of a project.
#[derive(Debug, Clone, FromQueryResult)]
pub struct MonthReport {
    pub project_id: i64,
    pub dept_id: Option<i64>,
    pub month_investment: Decimal,
    pub project_status: String,
    pub progress_desc: String,
}

/// The approved reports of the month, by project.
pub async fn approved_of_month<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: SelectStatement,
    p: Period,
) -> Result<HashMap<i64, MonthReport>, AppError> {
    use report::Column as R;
    let rows = report::Entity::live(tenant)
        .select_only()
        .columns([R::ProjectId, R::DeptId, R::MonthInvestment, R::ProjectStatus, R::ProgressDesc])
        .filter(R::ProjectId.in_subquery(projects))
        .filter(R::ReportStatus.eq(Status::Approved.code()))
        .filter(R::PeriodYear.eq(p.year()))
        .filter(R::PeriodMonth.eq(p.month() as i32))
        .into_model::<MonthReport>()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|r| (r.project_id, r)).collect())
}

/// The year's planned investment of each project that has a plan for `year` (`biz_project_plan`'s two
/// columns the sheet shows, not the monthly breakdown and milestones).
pub async fn year_plans<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: SelectStatement,
    year: i32,
) -> Result<HashMap<i64, Decimal>, AppError> {
    let rows: Vec<(i64, Decimal)> = plan::Entity::live(tenant)
        .select_only()
        .column(plan::Column::ProjectId)
        .column(plan::Column::YearPlanInvestment)
        .filter(plan::Column::ProjectId.in_subquery(projects))
        .filter(plan::Column::PlanYear.eq(year))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// Σ approved month investment per project and year, over every month up to `p` (earlier years whole,
/// `p`'s year to its month): the year-to-date is `p`'s year's sum, the cumulative all of them.
pub async fn approved_sums_by_year<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: SelectStatement,
    p: Period,
) -> Result<Vec<(i64, i32, Decimal)>, AppError> {
    let up_to = Condition::any()
        .add(report::Column::PeriodYear.lt(p.year()))
        .add(Condition::all().add(report::Column::PeriodYear.eq(p.year())).add(report::Column::PeriodMonth.lte(p.month() as i32)));
    let rows: Vec<(i64, i32, Option<Decimal>)> = report::Entity::live(tenant)
        .select_only()
        .column(report::Column::ProjectId)
        .column(report::Column::PeriodYear)
        .column_as(report::Column::MonthInvestment.sum(), "invested")
        .filter(report::Column::ProjectId.in_subquery(projects))
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .filter(up_to)
        .group_by(report::Column::ProjectId)
        .group_by(report::Column::PeriodYear)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(id, year, sum)| Some((id, year, sum?))).collect())
}

/// The descriptions of the issues still open that were raised up to the month, oldest first, by project.
pub async fn open_issues<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: SelectStatement,
    p: Period,
) -> Result<HashMap<i64, Vec<String>>, AppError> {
    let open: Vec<&str> = IssueStatus::OPEN.iter().map(|s| s.code()).collect();
    let rows: Vec<(i64, String)> = issue::Entity::live(tenant)
        .select_only()
        .column(issue::Column::ProjectId)
        .column(issue::Column::Description)
        .filter(issue::Column::ProjectId.in_subquery(projects))
        .filter(issue::Column::IssueStatus.is_in(open))
        // `yyyy-MM` compares as text in the order of the months.
        .filter(issue::Column::RaisedPeriod.lte(p.to_string()))
        .order_by_asc(issue::Column::CreateTime)
        .order_by_asc(issue::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    for (project, description) in rows {
        out.entry(project).or_default().push(description);
    }
    Ok(out)
}

/// The lock of a month of a pillar, if it is locked.
pub async fn lock_of<C: ConnectionTrait>(db: &C, tenant: &str, pillar: &str, p: Period) -> Result<Option<month_lock::Model>, AppError> {
    Ok(month_lock::Entity::find()
        .filter(month_lock::Column::TenantId.eq(tenant))
        .filter(month_lock::Column::Pillar.eq(pillar))
        .filter(month_lock::Column::PeriodYear.eq(p.year()))
        .filter(month_lock::Column::PeriodMonth.eq(p.month() as i32))
        .one(db)
        .await?)
}

/// The locked months of a pillar among those listed.
pub async fn locked_among<C: ConnectionTrait>(db: &C, tenant: &str, pillar: &str, months: &[Period]) -> Result<Vec<Period>, AppError> {
    if months.is_empty() {
        return Ok(vec![]);
    }
    let any = months.iter().fold(Condition::any(), |c, p| {
        c.add(Condition::all().add(month_lock::Column::PeriodYear.eq(p.year())).add(month_lock::Column::PeriodMonth.eq(p.month() as i32)))
    });
    let rows: Vec<(i32, i32)> = month_lock::Entity::find()
        .select_only()
        .column(month_lock::Column::PeriodYear)
        .column(month_lock::Column::PeriodMonth)
        .filter(month_lock::Column::TenantId.eq(tenant))
        .filter(month_lock::Column::Pillar.eq(pillar))
        .filter(any)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(y, m)| Period::new(y, m as u32).ok()).collect())
}

pub struct NewLock<'a> {
    pub id: i64,
    pub tenant: &'a str,
    pub pillar: &'a str,
    pub period: Period,
    pub by: i64,
    pub name: String,
    pub at: DateTime<Utc>,
}

/// Inserts the lock and the frozen sheet taken with it.
pub async fn insert_lock<C: ConnectionTrait>(db: &C, l: &NewLock<'_>, frozen: String) -> Result<(), AppError> {
    let (year, month) = (l.period.year(), l.period.month() as i32);
    month_lock::Entity::insert(month_lock::ActiveModel {
        id: Set(l.id),
        tenant_id: Set(l.tenant.into()),
        pillar: Set(l.pillar.into()),
        period_year: Set(year),
        period_month: Set(month),
        locked_by: Set(l.by),
        locked_name: Set(l.name.clone()),
        locked_time: Set(l.at),
    })
    .exec_without_returning(db)
    .await?;
    snapshot::Entity::insert(snapshot::ActiveModel {
        id: Set(keeper_common::id::next_id()),
        tenant_id: Set(l.tenant.into()),
        pillar: Set(l.pillar.into()),
        period_year: Set(year),
        period_month: Set(month),
        lock_id: Set(l.id),
        rows: Set(frozen),
        create_user: Set(l.by),
        create_user_name: Set(l.name.clone()),
        create_time: Set(l.at),
        unlocked_by: Set(None),
        unlocked_name: Set(String::new()),
        unlocked_time: Set(None),
        unlock_reason: Set(String::new()),
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// The frozen sheet of a lock.
pub async fn snapshot_of<C: ConnectionTrait>(db: &C, tenant: &str, lock_id: i64) -> Result<Option<snapshot::Model>, AppError> {
    Ok(snapshot::Entity::find().filter(snapshot::Column::TenantId.eq(tenant)).filter(snapshot::Column::LockId.eq(lock_id)).one(db).await?)
}

/// Removes a lock; its frozen sheet stays, marked with who unlocked it, when and why.
pub async fn remove_lock<C: ConnectionTrait>(
    db: &C,
    lock: &month_lock::Model,
    by: i64,
    name: String,
    at: DateTime<Utc>,
    reason: String,
) -> Result<(), AppError> {
    snapshot::Entity::update_many()
        .set(snapshot::ActiveModel {
            unlocked_by: Set(Some(by)),
            unlocked_name: Set(name),
            unlocked_time: Set(Some(at)),
            unlock_reason: Set(reason),
            ..Default::default()
        })
        .filter(snapshot::Column::TenantId.eq(lock.tenant_id.as_str()))
        .filter(snapshot::Column::LockId.eq(lock.id))
        .exec(db)
        .await?;
    month_lock::Entity::delete_many()
        .filter(month_lock::Column::TenantId.eq(lock.tenant_id.as_str()))
        .filter(month_lock::Column::Id.eq(lock.id))
        .exec(db)
        .await?;
    Ok(())
}
