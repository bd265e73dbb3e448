//! Queries of `biz_project_report`. A person sees the reports of the projects their project scope admits
//! (the report follows its project, wherever its territory has moved); every function takes the tenant.
use std::collections::{HashMap, HashSet};

use keeper_common::page::{Page, PageRequest};
use keeper_common::{AppError, fields};
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::sea_query::{Expr, ExprTrait, SimpleExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, IntoSimpleExpr, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Select,
};
use serde::Deserialize;

use crate::entity::{project, project_report as report};
use crate::investment::project::scope::ProjectScope;
use crate::period::Period;
use crate::review::Status;

/// Columns `projectReport/list` and `export` may sort by.
pub const SORTABLE: &[&str] = &["period", "month_investment", "submit_time", "create_time", "update_time"];

/// The filters of `projectReport/list`, parsed.
#[derive(Debug, Default)]
pub struct Filter {
    pub project_id: Option<i64>,
    pub project_name: Option<String>,
    /// The department chosen…
    pub dept_id: Option<i64>,
    /// …and all below it (the territory stored on the report), filled in before querying.
    pub depts: Option<HashSet<i64>>,
    pub period: Option<Period>,
    pub year: Option<i32>,
    pub report_status: Option<Status>,
}

/// The query string of `projectReport/list` and `export`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    pub project_id: Option<String>,
    pub project_name: Option<String>,
    pub dept_id: Option<String>,
    /// `2026-10`
    pub period: Option<String>,
    pub year: Option<String>,
    /// A `report_status` key.
    pub report_status: Option<String>,
}

fn id_filter(field: &str, v: Option<String>) -> Result<Option<i64>, AppError> {
    match fields::bounded_filter(field, v, 20)? {
        None => Ok(None),
        Some(s) => Ok(Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field(field, "不是有效的ID"))?)),
    }
}

impl ListQuery {
    pub fn parse(self) -> Result<Filter, AppError> {
        let year = match fields::bounded_filter("year", self.year, 4)? {
            None => None,
            Some(y) => Some(Period::parse("year", &format!("{y}-01"))?.year()),
        };
        Ok(Filter {
            project_id: id_filter("projectId", self.project_id)?,
            project_name: fields::bounded_filter("projectName", self.project_name, 200)?,
            dept_id: id_filter("deptId", self.dept_id)?,
            depts: None,
            period: fields::bounded_filter("period", self.period, 7)?.map(|p| Period::parse("period", &p)).transpose()?,
            year,
            report_status: fields::bounded_filter("reportStatus", self.report_status, 1)?
                .map(|s| Status::from_code("reportStatus", &s))
                .transpose()?,
        })
    }
}

/// The tenant's live projects the scope admits, as a sub-query of their ids.
fn projects_in(tenant: &str, scope: &ProjectScope) -> Select<project::Entity> {
    project::Entity::live(tenant).filter(scope.condition()).select_only().column(project::Column::Id)
}

fn scoped(tenant: &str, scope: &ProjectScope) -> Select<report::Entity> {
    report::Entity::live(tenant).filter(report::Column::ProjectId.in_subquery(projects_in(tenant, scope).into_query()))
}

fn filtered(tenant: &str, scope: &ProjectScope, f: &Filter) -> Select<report::Entity> {
    let mut q = scoped(tenant, scope);
    if let Some(id) = f.project_id {
        q = q.filter(report::Column::ProjectId.eq(id));
    }
    if let Some(name) = &f.project_name {
        let named = project::Entity::live(tenant)
            .filter(project::Column::ProjectName.like(fields::like(name)))
            .select_only()
            .column(project::Column::Id)
            .into_query();
        q = q.filter(report::Column::ProjectId.in_subquery(named));
    }
    if let Some(depts) = &f.depts {
        q = q.filter(report::Column::DeptId.is_in(depts.iter().copied()));
    }
    if let Some(p) = f.period {
        q = q.filter(report::Column::PeriodYear.eq(p.year())).filter(report::Column::PeriodMonth.eq(p.month() as i32));
    }
    if let Some(y) = f.year {
        q = q.filter(report::Column::PeriodYear.eq(y));
    }
    if let Some(s) = f.report_status {
        q = q.filter(report::Column::ReportStatus.eq(s.code()));
    }
    q
}

/// A sort column by its allow-listed name; `period` is the month as `year × 100 + month`.
fn sort_column(name: &str) -> SimpleExpr {
    match name {
        "period" => Expr::col(report::Column::PeriodYear).mul(100).add(Expr::col(report::Column::PeriodMonth)),
        "month_investment" => report::Column::MonthInvestment.into_simple_expr(),
        "submit_time" => report::Column::SubmitTime.into_simple_expr(),
        "update_time" => report::Column::UpdateTime.into_simple_expr(),
        _ => report::Column::CreateTime.into_simple_expr(),
    }
}

/// After the asked columns: the newest month first when nothing was asked; the id breaks ties, so that
/// pages never share or lose rows.
fn then_default(q: Select<report::Entity>, asked: bool) -> Select<report::Entity> {
    let q = if asked {
        q
    } else {
        q.order_by_desc(report::Column::PeriodYear).order_by_desc(report::Column::PeriodMonth).order_by_desc(report::Column::UpdateTime)
    };
    q.order_by_desc(report::Column::Id)
}

const ORDER: keeper_db::Order<report::Entity, SimpleExpr> = keeper_db::Order { column: sort_column, then: then_default };

/// How many reports match.
pub async fn count<C: ConnectionTrait>(db: &C, tenant: &str, scope: &ProjectScope, f: &Filter) -> Result<u64, AppError> {
    Ok(filtered(tenant, scope, f).count(db).await?)
}

pub async fn page<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    f: &Filter,
    req: &PageRequest,
) -> Result<Page<report::Model>, AppError> {
    Ok(ORDER.page(db, filtered(tenant, scope, f), req).await?)
}

/// `limit` matching reports from `offset` on, in the given order (exports read in slices).
pub async fn slice<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    f: &Filter,
    sort: &[(String, bool)],
    offset: u64,
    limit: u64,
) -> Result<Vec<report::Model>, AppError> {
    Ok(ORDER.slice(db, filtered(tenant, scope, f), sort, offset, limit).await?)
}

/// The listed live reports the scope admits (fewer than asked when some are not).
pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, scope: &ProjectScope, ids: &[i64]) -> Result<Vec<report::Model>, AppError> {
    Ok(scoped(tenant, scope).filter(report::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// The live report of a project for a month, if any.
pub async fn of_month<C: ConnectionTrait>(db: &C, tenant: &str, project_id: i64, p: Period) -> Result<Option<report::Model>, AppError> {
    Ok(report::Entity::live(tenant)
        .filter(report::Column::ProjectId.eq(project_id))
        .filter(report::Column::PeriodYear.eq(p.year()))
        .filter(report::Column::PeriodMonth.eq(p.month() as i32))
        .one(db)
        .await?)
}

/// The month's live reports of the listed projects, by project.
pub async fn of_projects_month<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: &[i64],
    p: Period,
) -> Result<HashMap<i64, report::Model>, AppError> {
    let rows = report::Entity::live(tenant)
        .filter(keeper_db::listed::column_in(db.get_database_backend(), report::Column::ProjectId, projects))
        .filter(report::Column::PeriodYear.eq(p.year()))
        .filter(report::Column::PeriodMonth.eq(p.month() as i32))
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|r| (r.project_id, r)).collect())
}

/// Σ approved month investment of the listed projects over the months of `p`'s year up to `p` (1–N月累计).
pub async fn year_to_date<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: &[i64],
    p: Period,
) -> Result<HashMap<i64, Decimal>, AppError> {
    year_to_date_where(db, tenant, keeper_db::listed::column_in(db.get_database_backend(), report::Column::ProjectId, projects), p).await
}

/// [`year_to_date`] of the projects of a subquery of project ids (`project::repo::ids_query`), for sums
/// over a whole filter.
pub async fn year_to_date_in<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: sea_orm::sea_query::SelectStatement,
    p: Period,
) -> Result<HashMap<i64, Decimal>, AppError> {
    year_to_date_where(db, tenant, report::Column::ProjectId.in_subquery(projects), p).await
}

async fn year_to_date_where<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: SimpleExpr,
    p: Period,
) -> Result<HashMap<i64, Decimal>, AppError> {
    let rows: Vec<(i64, Option<Decimal>)> = report::Entity::live(tenant)
        .select_only()
        .column(report::Column::ProjectId)
        .column_as(report::Column::MonthInvestment.sum(), "ytd")
        .filter(projects)
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .filter(report::Column::PeriodYear.eq(p.year()))
        .filter(report::Column::PeriodMonth.lte(p.month() as i32))
        .group_by(report::Column::ProjectId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(id, sum)| Some((id, sum?))).collect())
}

/// The approved live reports of a project in the order of their months.
pub async fn approved_of_project<C: ConnectionTrait>(db: &C, tenant: &str, project_id: i64) -> Result<Vec<report::Model>, AppError> {
    Ok(report::Entity::live(tenant)
        .filter(report::Column::ProjectId.eq(project_id))
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .order_by_asc(report::Column::PeriodYear)
        .order_by_asc(report::Column::PeriodMonth)
        .all(db)
        .await?)
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: report::ActiveModel) -> Result<(), AppError> {
    report::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies `changes` to the listed live reports of the tenant; answers how many.
pub async fn update<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64], changes: report::ActiveModel) -> Result<u64, AppError> {
    let done = report::Entity::update_many()
        .set(changes)
        .filter(report::Column::Id.is_in(ids.to_vec()))
        .filter(report::Column::TenantId.eq(tenant))
        .filter(report::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// Applies `changes` to one live report only while its review status is still `from`: of two concurrent
/// moves of one report, the second finds nothing to change. Answers whether it changed.
pub async fn update_if_status<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    from: Status,
    changes: report::ActiveModel,
) -> Result<bool, AppError> {
    Ok(keeper_db::base::update_if::<report::Entity, _>(db, tenant, id, (report::Column::ReportStatus, from.code()), changes).await?)
}

/// Clears the recomputed figures of one project's reports that are not approved (they count nowhere).
pub async fn clear_figures_unless_approved<C: ConnectionTrait>(db: &C, tenant: &str, project_id: i64) -> Result<(), AppError> {
    report::Entity::update_many()
        .col_expr(report::Column::YtdInvestment, Expr::value(Option::<Decimal>::None))
        .col_expr(report::Column::CumulativeInvestment, Expr::value(Option::<Decimal>::None))
        .filter(report::Column::TenantId.eq(tenant))
        .filter(report::Column::ProjectId.eq(project_id))
        .filter(report::Column::ReportStatus.ne(Status::Approved.code()))
        .exec(db)
        .await?;
    Ok(())
}
