//! Queries of `biz_project_issue` and its log. A person sees the issues of the projects their project
//! scope admits, and besides those the issues assigned to their department (or a department above theirs)
//! as responsible or co-operating unit: a 协办 department sees nothing else. Every function takes the
//! tenant.
use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use keeper_common::page::{Page, PageRequest};
use keeper_common::{AppError, fields};
use keeper_db::base::BaseColumns;
use schemars::JsonSchema;
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, IntoSimpleExpr, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
    Select,
};
use serde::Deserialize;

use super::lifecycle::{IssueLevel, IssueStatus};
use crate::entity::{project, project_issue as issue, project_issue_log as log};
use crate::investment::project::scope::ProjectScope;
use crate::period::Period;

/// Whose issues a person sees: those of the projects in their scope, and those assigned to `depts` (their
/// departments and the ones above them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssueScope {
    pub projects: ProjectScope,
    pub depts: HashSet<i64>,
}

impl IssueScope {
    fn condition(&self, tenant: &str) -> Condition {
        if self.projects == ProjectScope::All {
            return Condition::all();
        }
        let in_scope = project::Entity::live(tenant).filter(self.projects.condition()).select_only().column(project::Column::Id);
        Condition::any().add(issue::Column::ProjectId.in_subquery(in_scope.into_query())).add(assigned_to(&self.depts))
    }
}

/// Columns `projectIssue/list` and `export` may sort by.
pub const SORTABLE: &[&str] = &["issue_no", "issue_level", "deadline", "raised_period", "create_time", "update_time"];

/// The filters of `projectIssue/list`, parsed.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub project_id: Option<i64>,
    pub project_name: Option<String>,
    /// The territory chosen and all below it, filled in before querying.
    pub dept_id: Option<i64>,
    pub depts: Option<HashSet<i64>>,
    pub responsible_dept_id: Option<i64>,
    /// Only issues assigned to the caller's unit (`assigned=Y`): the departments whose assignments they
    /// see (`IssueScope::depts`) as responsible or co-operating unit, filled in before querying.
    pub assigned: Option<HashSet<i64>>,
    pub level: Option<IssueLevel>,
    /// Level ≥ this one.
    pub min_level: Option<IssueLevel>,
    pub issue_type: Option<String>,
    pub status: Option<IssueStatus>,
    /// Only issues not yet struck off or closed.
    pub open: bool,
    /// Only overdue issues (as of `today`).
    pub overdue: bool,
    pub raised_period: Option<Period>,
    /// The dispatch meeting's agenda: open issues of level 3 or 4, and every overdue one.
    pub agenda: bool,
    pub today: NaiveDate,
}

/// The query string of `projectIssue/list` and `export`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    pub project_id: Option<String>,
    pub project_name: Option<String>,
    pub dept_id: Option<String>,
    pub responsible_dept_id: Option<String>,
    /// `Y`: only issues assigned to the caller's unit, as responsible or co-operating unit.
    pub assigned: Option<String>,
    pub issue_level: Option<String>,
    pub min_level: Option<String>,
    pub issue_type: Option<String>,
    pub issue_status: Option<String>,
    /// `Y`: open issues only.
    pub open: Option<String>,
    /// `Y`: overdue issues only.
    pub overdue: Option<String>,
    /// `2026-10`
    pub raised_period: Option<String>,
    /// `Y`: the meeting's agenda.
    pub agenda: Option<String>,
}

fn id_filter(field: &str, v: Option<String>) -> Result<Option<i64>, AppError> {
    match fields::bounded_filter(field, v, 20)? {
        None => Ok(None),
        Some(s) => Ok(Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field(field, "不是有效的ID"))?)),
    }
}

fn yes(field: &str, v: Option<String>) -> Result<bool, AppError> {
    Ok(crate::checks::flag(field, v, crate::checks::NO)? == crate::checks::YES)
}

fn level(field: &str, v: Option<String>) -> Result<Option<IssueLevel>, AppError> {
    fields::bounded_filter(field, v, 1)?.map(|l| IssueLevel::from_code(field, &l)).transpose()
}

impl ListQuery {
    pub fn parse(self, today: NaiveDate) -> Result<Filter, AppError> {
        Ok(Filter {
            project_id: id_filter("projectId", self.project_id)?,
            project_name: fields::bounded_filter("projectName", self.project_name, 200)?,
            dept_id: id_filter("deptId", self.dept_id)?,
            depts: None,
            responsible_dept_id: id_filter("responsibleDeptId", self.responsible_dept_id)?,
            assigned: yes("assigned", self.assigned)?.then(HashSet::new),
            level: level("issueLevel", self.issue_level)?,
            min_level: level("minLevel", self.min_level)?,
            issue_type: fields::bounded_filter("issueType", self.issue_type, 2)?,
            status: fields::bounded_filter("issueStatus", self.issue_status, 2)?
                .map(|s| IssueStatus::from_code("issueStatus", &s))
                .transpose()?,
            open: yes("open", self.open)?,
            overdue: yes("overdue", self.overdue)?,
            raised_period: fields::bounded_filter("raisedPeriod", self.raised_period, 7)?
                .map(|p| Period::parse("raisedPeriod", &p))
                .transpose()?,
            agenda: yes("agenda", self.agenda)?,
            today,
        })
    }
}

fn codes(statuses: &[IssueStatus]) -> Vec<&'static str> {
    statuses.iter().map(|s| s.code()).collect()
}

/// Running (已交办, 办理中) with its deadline passed.
fn overdue(today: NaiveDate) -> Condition {
    Condition::all().add(issue::Column::IssueStatus.is_in(codes(&IssueStatus::RUNNING))).add(issue::Column::Deadline.lt(today))
}

/// Issues whose responsible or a co-operating unit is one of `depts` (an empty set finds nothing).
fn assigned_to(depts: &HashSet<i64>) -> Condition {
    let mut any = Condition::any().add(issue::Column::ResponsibleDeptId.is_in(depts.iter().copied()));
    for d in depts {
        any = any.add(issue::Column::CoDeptIds.like(format!("%,{d},%")));
    }
    any
}

fn scoped(tenant: &str, scope: &IssueScope) -> Select<issue::Entity> {
    issue::Entity::live(tenant).filter(scope.condition(tenant))
}

fn filtered(tenant: &str, scope: &IssueScope, f: &Filter) -> Select<issue::Entity> {
    let mut q = scoped(tenant, scope);
    if let Some(id) = f.project_id {
        q = q.filter(issue::Column::ProjectId.eq(id));
    }
    if let Some(name) = &f.project_name {
        let named = project::Entity::live(tenant)
            .filter(project::Column::ProjectName.like(fields::like(name)))
            .select_only()
            .column(project::Column::Id)
            .into_query();
        q = q.filter(issue::Column::ProjectId.in_subquery(named));
    }
    if let Some(depts) = &f.depts {
        q = q.filter(issue::Column::DeptId.is_in(depts.iter().copied()));
    }
    if let Some(d) = f.responsible_dept_id {
        q = q.filter(issue::Column::ResponsibleDeptId.eq(d));
    }
    if let Some(depts) = &f.assigned {
        q = q.filter(assigned_to(depts));
    }
    if let Some(l) = f.level {
        q = q.filter(issue::Column::IssueLevel.eq(l.code()));
    }
    if let Some(l) = f.min_level {
        // One character 1–4: text order is level order.
        q = q.filter(issue::Column::IssueLevel.gte(l.code()));
    }
    if let Some(t) = &f.issue_type {
        q = q.filter(issue::Column::IssueType.eq(t.as_str()));
    }
    if let Some(s) = f.status {
        q = q.filter(issue::Column::IssueStatus.eq(s.code()));
    }
    if f.open {
        q = q.filter(issue::Column::IssueStatus.is_in(codes(&IssueStatus::OPEN)));
    }
    if f.overdue {
        q = q.filter(overdue(f.today));
    }
    if let Some(p) = f.raised_period {
        q = q.filter(issue::Column::RaisedPeriod.eq(p.to_string()));
    }
    if f.agenda {
        let weighty = Condition::all()
            .add(issue::Column::IssueStatus.is_in(codes(&IssueStatus::OPEN)))
            .add(issue::Column::IssueLevel.gte(IssueLevel::ORDINARY.code()));
        q = q.filter(Condition::any().add(weighty).add(overdue(f.today)));
    }
    q
}

fn sort_column(name: &str) -> SimpleExpr {
    match name {
        "issue_no" => issue::Column::IssueNo.into_simple_expr(),
        "issue_level" => issue::Column::IssueLevel.into_simple_expr(),
        "deadline" => issue::Column::Deadline.into_simple_expr(),
        "raised_period" => issue::Column::RaisedPeriod.into_simple_expr(),
        "update_time" => issue::Column::UpdateTime.into_simple_expr(),
        _ => issue::Column::CreateTime.into_simple_expr(),
    }
}

/// After the asked columns: open before finished (status order), the highest level first, the earliest
/// deadline first — the order of the meeting's agenda; the id breaks ties.
fn then_default(q: Select<issue::Entity>, asked: bool) -> Select<issue::Entity> {
    let q = if asked {
        q
    } else {
        q.order_by_asc(Into::<Expr>::into(Expr::case(issue::Column::IssueStatus.is_in(codes(&IssueStatus::OPEN)), 0).finally(1)))
            .order_by_desc(issue::Column::IssueLevel)
            .order_by_asc(issue::Column::Deadline)
            .order_by_desc(issue::Column::CreateTime)
    };
    q.order_by_desc(issue::Column::Id)
}

const ORDER: keeper_db::Order<issue::Entity, SimpleExpr> = keeper_db::Order { column: sort_column, then: then_default };

/// How many issues match.
pub async fn count<C: ConnectionTrait>(db: &C, tenant: &str, scope: &IssueScope, f: &Filter) -> Result<u64, AppError> {
    Ok(filtered(tenant, scope, f).count(db).await?)
}

pub async fn page<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &IssueScope,
    f: &Filter,
    req: &PageRequest,
) -> Result<Page<issue::Model>, AppError> {
    Ok(ORDER.page(db, filtered(tenant, scope, f), req).await?)
}

/// `limit` matching issues from `offset` on, in the given order (exports read in slices).
pub async fn slice<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &IssueScope,
    f: &Filter,
    sort: &[(String, bool)],
    offset: u64,
    limit: u64,
) -> Result<Vec<issue::Model>, AppError> {
    Ok(ORDER.slice(db, filtered(tenant, scope, f), sort, offset, limit).await?)
}

/// The listed live issues the scope admits (fewer than asked when some are not).
pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, scope: &IssueScope, ids: &[i64]) -> Result<Vec<issue::Model>, AppError> {
    Ok(scoped(tenant, scope).filter(issue::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// What the open issues of a project add up to for its warning colour.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenIssues {
    pub count: u32,
    /// The highest level among them.
    pub top_level: Option<IssueLevel>,
    /// How many are overdue.
    pub overdue: u32,
}

/// The open issues of the listed projects (all of them, whoever may see each issue: the colour is the
/// project's), by project.
pub async fn open_of_projects<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: &[i64],
    today: NaiveDate,
) -> Result<HashMap<i64, OpenIssues>, AppError> {
    if projects.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String, String, Option<NaiveDate>)> = issue::Entity::live(tenant)
        .select_only()
        .column(issue::Column::ProjectId)
        .column(issue::Column::IssueLevel)
        .column(issue::Column::IssueStatus)
        .column(issue::Column::Deadline)
        .filter(issue::Column::ProjectId.is_in(projects.to_vec()))
        .filter(issue::Column::IssueStatus.is_in(codes(&IssueStatus::OPEN)))
        .into_tuple()
        .all(db)
        .await?;
    let mut out: HashMap<i64, OpenIssues> = HashMap::new();
    for (project, level, status, deadline) in rows {
        let o = out.entry(project).or_default();
        o.count += 1;
        let level = IssueLevel::from_code("issueLevel", &level).ok();
        o.top_level = o.top_level.max(level);
        let running = IssueStatus::from_code("issueStatus", &status).is_ok_and(|s| IssueStatus::RUNNING.contains(&s));
        if running && deadline.is_some_and(|d| d < today) {
            o.overdue += 1;
        }
    }
    Ok(out)
}

/// Whether a project has a live issue raised with the report or for the month.
pub async fn exists_for_report<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    project: i64,
    report: i64,
    month: Period,
) -> Result<bool, AppError> {
    let found = issue::Entity::live(tenant)
        .select_only()
        .column(issue::Column::Id)
        .filter(issue::Column::ProjectId.eq(project))
        .filter(Condition::any().add(issue::Column::ReportId.eq(report)).add(issue::Column::RaisedPeriod.eq(month.to_string())))
        .into_tuple::<i64>()
        .one(db)
        .await?;
    Ok(found.is_some())
}

pub async fn last_number<C: ConnectionTrait>(db: &C, tenant: &str, prefix: &str) -> Result<Option<String>, AppError> {
    let row: Option<Option<String>> = issue::Entity::find()
        .select_only()
        .column_as(issue::Column::IssueNo.max(), "n")
        .filter(issue::Column::TenantId.eq(tenant))
        .filter(issue::Column::IssueNo.starts_with(prefix))
        .into_tuple()
        .one(db)
        .await?;
    Ok(row.flatten())
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: issue::ActiveModel) -> Result<(), AppError> {
    issue::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies `changes` to one live issue only while its status is still `from` (of two concurrent moves
/// the second finds nothing to change); answers whether it changed.
pub async fn update_if_status<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    from: IssueStatus,
    changes: issue::ActiveModel,
) -> Result<bool, AppError> {
    Ok(keeper_db::base::update_if::<issue::Entity, _>(db, tenant, id, (issue::Column::IssueStatus, from.code()), changes).await?)
}

pub async fn insert_log<C: ConnectionTrait>(db: &C, row: log::ActiveModel) -> Result<(), AppError> {
    log::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// An issue's history, oldest first.
pub async fn log_of<C: ConnectionTrait>(db: &C, tenant: &str, id: i64) -> Result<Vec<log::Model>, AppError> {
    Ok(log::Entity::find()
        .filter(log::Column::TenantId.eq(tenant))
        .filter(log::Column::IssueId.eq(id))
        .order_by_asc(log::Column::CreateTime)
        .order_by_asc(log::Column::Id)
        .all(db)
        .await?)
}

/// The ids of projects with an open issue (of level `min_level` or above), as a sub-query.
pub fn projects_with_open(tenant: &str, min_level: Option<IssueLevel>) -> sea_orm::sea_query::SelectStatement {
    let mut q = issue::Entity::live(tenant)
        .select_only()
        .column(issue::Column::ProjectId)
        .filter(issue::Column::IssueStatus.is_in(codes(&IssueStatus::OPEN)));
    if let Some(l) = min_level {
        q = q.filter(issue::Column::IssueLevel.gte(l.code()));
    }
    q.into_query()
}
