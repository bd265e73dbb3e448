//! Queries of `biz_project`. Every function takes the tenant, and those that read for a caller take the
//! caller's project scope, explicitly.
use std::collections::HashSet;

use chrono::{DateTime, Days, NaiveDate, Utc};
use keeper_common::page::{Page, PageRequest};
use keeper_common::{AppError, fields};
use keeper_db::base::BaseColumns;
use schemars::JsonSchema;
use sea_orm::sea_query::SelectStatement;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Select};
use serde::Deserialize;

use super::lifecycle::ProjectStatus;
use super::scope::ProjectScope;
use crate::checks::YES;
use crate::entity::{project, project_report, tech_renovation};
use crate::period::Period;
use crate::review::Status;

/// Columns `project/list` and `export` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] =
    &["project_name", "project_no", "total_investment", "submit_time", "create_time", "update_time", "actual_completion_date"];

/// The filters of `project/list`, already parsed.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub project_name: Option<String>,
    /// The department chosen in the tree filter…
    pub dept_id: Option<i64>,
    /// …and all below it, filled in from the tenant's tree before querying.
    pub depts: Option<HashSet<i64>>,
    /// A GB/T 4754 code: the section `C` also matches its divisions.
    pub industry_code: Option<String>,
    /// Dictionary columns compared for equality.
    pub equals: Vec<(project::Column, String)>,
    /// `Some(true)`: approved into the library; `Some(false)`: not yet (the 项目入库 screen).
    pub in_library: Option<bool>,
    /// Last submitted at or after this instant (the start of the first day asked, in the zone)…
    pub submitted_from: Option<DateTime<Utc>>,
    /// …and before this one (the start of the day after the last day asked).
    pub submitted_before: Option<DateTime<Utc>>,
    /// Fuzzy 包保领导.
    pub responsible_leader: Option<String>,
    /// One project.
    pub project_id: Option<i64>,
    /// Only the dispatch working list (跟踪项目, §2.2.7): tracked projects in the library whose status
    /// is still followed month by month.
    pub tracked: bool,
    /// `(month, true)`: projects whose report of the month is submitted or approved (已报); `false`: the
    /// others.
    pub reported: Option<(Period, bool)>,
    /// Only finished projects (已完成项目, §2.2.8): in the library at 竣工, 投产 or 达产.
    pub finished: bool,
    /// Completed (actual completion date) in this year.
    pub completion_year: Option<i32>,
    /// Of this enterprise.
    pub enterprise_id: Option<i64>,
    /// With renovation facts of this `renovation_type` (技术改造).
    pub renovation_type: Option<String>,
    /// Under construction in this year by its 建设起止年限: a bound not filled in does not exclude.
    pub construction_year: Option<i32>,
    /// Only projects whose id each of these sub-queries selects (a screen's condition on another table,
    /// such as the open issues of the tracked list).
    pub among: Vec<SelectStatement>,
}

/// The statuses of a finished project: 竣工, 投产, 达产.
pub const FINISHED_STATUSES: [ProjectStatus; 3] = [ProjectStatus::Completed, ProjectStatus::InProduction, ProjectStatus::FullCapacity];

/// The statuses the dispatch working list follows: 已签约, 前期手续, 在建, 竣工 (not yet 投产) and 停缓建.
pub const TRACKED_STATUSES: [ProjectStatus; 5] =
    [ProjectStatus::Signed, ProjectStatus::Preparing, ProjectStatus::UnderConstruction, ProjectStatus::Completed, ProjectStatus::Suspended];

/// The query of `project/list` and `export` as sent: every filter optional.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    project_name: Option<String>,
    dept_id: Option<String>,
    project_type: Option<String>,
    project_source: Option<String>,
    industry_code: Option<String>,
    project_status: Option<String>,
    project_level: Option<String>,
    responsible_leader: Option<String>,
    library_status: Option<String>,
    /// `Y`: approved projects only; `N`: those not approved yet.
    in_library: Option<String>,
    /// `yyyy-MM-dd`
    submit_time_start: Option<String>,
    /// `yyyy-MM-dd`
    submit_time_end: Option<String>,
}

/// The start of a local day, `days_after` days after the one given.
fn day_start(field: &str, v: Option<String>, days_after: u64) -> Result<Option<DateTime<Utc>>, AppError> {
    let Some(s) = fields::bounded_filter(field, v, 10)? else { return Ok(None) };
    NaiveDate::parse_from_str(&s, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.checked_add_days(Days::new(days_after)))
        .and_then(|d| keeper_common::time::parse_local(&d.format("%Y-%m-%d").to_string()))
        .map(Some)
        .ok_or_else(|| AppError::field(field, "格式应为 yyyy-MM-dd"))
}

impl ListQuery {
    pub fn parse(self) -> Result<Filter, AppError> {
        let dept_id = match fields::bounded_filter("deptId", self.dept_id, 20)? {
            None => None,
            Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?),
        };
        let mut equals = Vec::new();
        for (field, col, v) in [
            ("projectType", project::Column::ProjectType, self.project_type),
            ("projectSource", project::Column::ProjectSource, self.project_source),
            ("projectStatus", project::Column::ProjectStatus, self.project_status),
            ("projectLevel", project::Column::ProjectLevel, self.project_level),
            ("libraryStatus", project::Column::LibraryStatus, self.library_status),
        ] {
            if let Some(v) = fields::bounded_filter(field, v, 4)? {
                equals.push((col, v));
            }
        }
        let in_library = match fields::bounded_filter("inLibrary", self.in_library, 1)?.map(|s| s.to_ascii_uppercase()).as_deref() {
            None => None,
            Some("Y") => Some(true),
            Some("N") => Some(false),
            Some(_) => return Err(AppError::field("inLibrary", "取值应为 Y 或 N")),
        };
        Ok(Filter {
            project_name: fields::bounded_filter("projectName", self.project_name, 200)?,
            dept_id,
            depts: None,
            industry_code: fields::bounded_filter("industryCode", self.industry_code, 10)?,
            equals,
            in_library,
            submitted_from: day_start("submitTimeStart", self.submit_time_start, 0)?,
            submitted_before: day_start("submitTimeEnd", self.submit_time_end, 1)?,
            responsible_leader: fields::bounded_filter("responsibleLeader", self.responsible_leader, 50)?,
            project_id: None,
            tracked: false,
            reported: None,
            finished: false,
            completion_year: None,
            enterprise_id: None,
            renovation_type: None,
            construction_year: None,
            among: Vec::new(),
        })
    }
}

fn scoped(tenant: &str, scope: &ProjectScope) -> Select<project::Entity> {
    project::Entity::live(tenant).filter(scope.condition())
}

fn filtered(tenant: &str, scope: &ProjectScope, f: &Filter, backend: DbBackend) -> Select<project::Entity> {
    let mut q = scoped(tenant, scope);
    if let Some(v) = &f.project_name {
        q = q.filter(project::Column::ProjectName.like(fields::like(v)));
    }
    if let Some(depts) = &f.depts {
        q = q.filter(project::Column::DeptId.is_in(depts.iter().copied()));
    }
    if let Some(v) = &f.industry_code {
        q = q.filter(project::Column::IndustryCode.like(fields::like_prefix(v)));
    }
    for (col, v) in &f.equals {
        q = q.filter(col.eq(v.as_str()));
    }
    let approved = Status::Approved.code();
    match f.in_library {
        Some(true) => q = q.filter(project::Column::LibraryStatus.eq(approved)),
        Some(false) => q = q.filter(project::Column::LibraryStatus.ne(approved)),
        None => {}
    }
    if let Some(t) = f.submitted_from {
        q = q.filter(project::Column::SubmitTime.gte(keeper_db::utc_value(backend, Some(t))));
    }
    if let Some(t) = f.submitted_before {
        q = q.filter(project::Column::SubmitTime.lt(keeper_db::utc_value(backend, Some(t))));
    }
    if let Some(id) = f.project_id {
        q = q.filter(project::Column::Id.eq(id));
    }
    if let Some(v) = &f.responsible_leader {
        q = q.filter(project::Column::ResponsibleLeader.like(fields::like(v)));
    }
    if f.tracked {
        q = q
            .filter(project::Column::IsTracked.eq(YES))
            .filter(project::Column::LibraryStatus.eq(approved))
            .filter(project::Column::ProjectStatus.is_in(TRACKED_STATUSES.map(ProjectStatus::code)));
    }
    if f.finished {
        q = q
            .filter(project::Column::LibraryStatus.eq(approved))
            .filter(project::Column::ProjectStatus.is_in(FINISHED_STATUSES.map(ProjectStatus::code)));
    }
    if let Some(year) = f.completion_year {
        let day = |m, d| NaiveDate::from_ymd_opt(year, m, d);
        if let (Some(first), Some(last)) = (day(1, 1), day(12, 31)) {
            q = q.filter(project::Column::ActualCompletionDate.between(first, last));
        }
    }
    if let Some(id) = f.enterprise_id {
        q = q.filter(project::Column::EnterpriseId.eq(id));
    }
    if let Some(kind) = &f.renovation_type {
        let of_kind = tech_renovation::Entity::find()
            .select_only()
            .column(tech_renovation::Column::ProjectId)
            .filter(tech_renovation::Column::TenantId.eq(tenant))
            .filter(tech_renovation::Column::IsDeleted.eq(keeper_db::base::LIVE))
            .filter(tech_renovation::Column::RenovationType.eq(kind.as_str()))
            .into_query();
        q = q.filter(project::Column::Id.in_subquery(of_kind));
    }
    if let Some(year) = f.construction_year {
        q = q
            .filter(
                Condition::any()
                    .add(project::Column::ConstructionStartYear.is_null())
                    .add(project::Column::ConstructionStartYear.lte(year)),
            )
            .filter(
                Condition::any().add(project::Column::ConstructionEndYear.is_null()).add(project::Column::ConstructionEndYear.gte(year)),
            );
    }
    if let Some((p, reported)) = f.reported {
        let filed = project_report::Entity::find()
            .select_only()
            .column(project_report::Column::ProjectId)
            .filter(project_report::Column::IsDeleted.eq(keeper_db::base::LIVE))
            .filter(project_report::Column::PeriodYear.eq(p.year()))
            .filter(project_report::Column::PeriodMonth.eq(p.month() as i32))
            .filter(project_report::Column::ReportStatus.is_in([Status::Submitted.code(), Status::Approved.code()]))
            .into_query();
        q = q.filter(if reported { project::Column::Id.in_subquery(filed) } else { project::Column::Id.not_in_subquery(filed) });
    }
    for ids in &f.among {
        q = q.filter(project::Column::Id.in_subquery(ids.clone()));
    }
    q
}

/// The ids of the projects `f` matches in the scope, as a subquery for the sums of the read side.
pub fn ids_query(tenant: &str, scope: &ProjectScope, f: &Filter, backend: DbBackend) -> SelectStatement {
    filtered(tenant, scope, f, backend).select_only().column(project::Column::Id).into_query()
}

fn sort_column(name: &str) -> project::Column {
    match name {
        "project_name" => project::Column::ProjectName,
        "project_no" => project::Column::ProjectNo,
        "total_investment" => project::Column::TotalInvestment,
        "submit_time" => project::Column::SubmitTime,
        "update_time" => project::Column::UpdateTime,
        "actual_completion_date" => project::Column::ActualCompletionDate,
        _ => project::Column::CreateTime,
    }
}

/// After the asked columns: newest first when nothing was asked; the id breaks ties, so equal sort keys
/// never move rows between pages.
fn then_default(q: Select<project::Entity>, asked: bool) -> Select<project::Entity> {
    if asked { q } else { q.order_by_desc(project::Column::CreateTime) }.order_by_desc(project::Column::Id)
}

const ORDER: keeper_db::Order<project::Entity, project::Column> = keeper_db::Order { column: sort_column, then: then_default };

/// One page of the live projects the scope admits, newest first unless sorted.
pub async fn page<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    f: &Filter,
    req: &PageRequest,
) -> Result<Page<project::Model>, AppError> {
    Ok(ORDER.page(db, filtered(tenant, scope, f, db.get_database_backend()), req).await?)
}

/// `limit` matching projects from `offset` on, in the given order (exports read in slices).
pub async fn slice<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    f: &Filter,
    sort: &[(String, bool)],
    offset: u64,
    limit: u64,
) -> Result<Vec<project::Model>, AppError> {
    Ok(ORDER.slice(db, filtered(tenant, scope, f, db.get_database_backend()), sort, offset, limit).await?)
}

/// The listed live projects of the tenant that the scope admits (fewer than asked when some are not).
/// The live projects of an enterprise the scope admits, the largest first.
pub async fn of_enterprise<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    enterprise: i64,
) -> Result<Vec<project::Model>, AppError> {
    Ok(scoped(tenant, scope)
        .filter(project::Column::EnterpriseId.eq(enterprise))
        .order_by_desc(project::Column::TotalInvestment)
        .order_by_asc(project::Column::Id)
        .all(db)
        .await?)
}

pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, scope: &ProjectScope, ids: &[i64]) -> Result<Vec<project::Model>, AppError> {
    Ok(scoped(tenant, scope).filter(project::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: project::ActiveModel) -> Result<(), AppError> {
    project::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies the set columns of `changes` to the listed live projects of the tenant; answers how many.
pub async fn update<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64], changes: project::ActiveModel) -> Result<u64, AppError> {
    let done = project::Entity::update_many()
        .set(changes)
        .filter(project::Column::Id.is_in(ids.to_vec()))
        .filter(project::Column::TenantId.eq(tenant))
        .filter(project::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// Applies `changes` to one live project of the tenant only while `column` still holds `code` (its library
/// status or its project status as read): of two concurrent moves of one project, the second finds nothing
/// to change. Answers whether it changed.
pub async fn update_if<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    condition: (project::Column, &str),
    changes: project::ActiveModel,
) -> Result<bool, AppError> {
    Ok(keeper_db::base::update_if::<project::Entity, _>(db, tenant, id, condition, changes).await?)
}

/// The condition of [`update_if`] on the library status.
pub fn library_status_is(s: Status) -> (project::Column, &'static str) {
    (project::Column::LibraryStatus, s.code())
}

/// The condition of [`update_if`] on the project status.
pub fn project_status_is(s: ProjectStatus) -> (project::Column, &'static str) {
    (project::Column::ProjectStatus, s.code())
}

/// The highest project number of the tenant starting with `prefix` (deleted projects included: a number
/// is never given twice).
pub async fn last_number<C: ConnectionTrait>(db: &C, tenant: &str, prefix: &str) -> Result<Option<String>, AppError> {
    let row: Option<Option<String>> = project::Entity::find()
        .select_only()
        .column_as(project::Column::ProjectNo.max(), "n")
        .filter(project::Column::TenantId.eq(tenant))
        .filter(project::Column::ProjectNo.starts_with(prefix))
        .into_tuple()
        .one(db)
        .await?;
    Ok(row.flatten())
}

/// Queues the writers of one tenant's projects (see `keeper_db::tenant_lock`): numbers are given in order.
pub async fn lock<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::lock(db, LOCK_TABLE, tenant).await?)
}

/// Creates the tenant's lock row outside any transaction, so that the lock in a transaction is an update.
pub async fn ensure_lock_row<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::ensure(db, LOCK_TABLE, tenant).await?)
}

const LOCK_TABLE: &str = "biz_tenant_lock";

#[cfg(test)]
mod tests {
    //! The project queries on the real schema in memory.
    use std::collections::HashSet;

    use super::*;
    use crate::investment::project::form::Project;
    use crate::migration::Migrator;
    use keeper_db::base::Author;
    use keeper_security::CurrentUser;
    use keeper_security::claims::Claims;
    use sea_orm::{ActiveValue::Set, IntoActiveModel};

    fn clerk(tenant: &str, user: &str) -> CurrentUser {
        CurrentUser::from_claims(Claims { tenant_id: tenant.into(), user_id: user.into(), ..Default::default() })
    }

    /// A stored project of `me` in territory `dept` under industry department `industry`.
    async fn stored(
        db: &sea_orm::DatabaseConnection,
        me: &CurrentUser,
        name: &str,
        dept: i64,
        industry: Option<i64>,
        library: Status,
    ) -> i64 {
        let p = Project {
            project_name: name.into(),
            project_type: "01".into(),
            project_status: "10".into(),
            dept_id: Some(dept),
            industry_dept_id: industry,
            ..Default::default()
        };
        let mut row = p.into_active_model();
        let id = keeper_common::id::next_id();
        keeper_db::base::created::<project::Entity>(&mut row, id, &Author::of(me));
        for (col, v) in [
            (&mut row.project_no, String::new()),
            (&mut row.library_status, library.code().to_string()),
            (&mut row.is_tracked, "N".into()),
            (&mut row.is_stat_included, "N".into()),
            (&mut row.stat_included_period, String::new()),
            (&mut row.current_stage, String::new()),
            (&mut row.warning_level, String::new()),
            (&mut row.exit_reason, String::new()),
            (&mut row.suspended_from, String::new()),
            (&mut row.submit_user_name, String::new()),
            (&mut row.review_opinion, String::new()),
        ] {
            *col = Set(v);
        }
        row.cumulative_investment = Set(None);
        row.exit_date = Set(None);
        row.submit_user = Set(None);
        row.submit_time = Set(None);
        row.entry_date = Set(None);
        insert(db, row).await.unwrap();
        id
    }

    fn names(rows: &[project::Model]) -> Vec<&str> {
        let mut out: Vec<&str> = rows.iter().map(|p| p.project_name.as_str()).collect();
        out.sort();
        out
    }

    #[tokio::test]
    async fn lists_keep_to_the_tenant_the_scope_and_the_library_filter() {
        let db = keeper_db::test_db::<Migrator>().await;
        let (me, other) = (clerk("000001", "11"), clerk("000001", "12"));
        stored(&db, &me, "东区草稿", 2, None, Status::Draft).await;
        stored(&db, &other, "西区已入库", 4, Some(5), Status::Approved).await;
        stored(&db, &other, "西区待审", 4, None, Status::Submitted).await;
        stored(&db, &clerk("000002", "11"), "外区", 2, None, Status::Draft).await;
        let req = PageRequest { current: 1, size: 10, sort: vec![] };
        let all = page(&db, "000001", &ProjectScope::All, &Filter::default(), &req).await.unwrap();
        assert_eq!(names(&all.records), ["东区草稿", "西区已入库", "西区待审"], "another tenant's project is not listed");
        let entry = Filter { in_library: Some(false), ..Default::default() };
        assert_eq!(names(&page(&db, "000001", &ProjectScope::All, &entry, &req).await.unwrap().records), ["东区草稿", "西区待审"]);
        let bureau = ProjectScope::Some { depts: HashSet::new(), industry_depts: HashSet::from([5]), own_user: Some(99) };
        assert_eq!(names(&page(&db, "000001", &bureau, &Filter::default(), &req).await.unwrap().records), ["西区已入库"]);
        let own = ProjectScope::Some { depts: HashSet::new(), industry_depts: HashSet::new(), own_user: Some(11) };
        assert_eq!(names(&page(&db, "000001", &own, &Filter::default(), &req).await.unwrap().records), ["东区草稿"]);
        let none = ProjectScope::Some { depts: HashSet::new(), industry_depts: HashSet::new(), own_user: None };
        assert_eq!(page(&db, "000001", &none, &Filter::default(), &req).await.unwrap().total, 0);
    }

    #[tokio::test]
    async fn a_status_change_applies_only_from_the_status_it_was_read_in() {
        let db = keeper_db::test_db::<Migrator>().await;
        let me = clerk("000001", "11");
        let id = stored(&db, &me, "项目", 2, None, Status::Draft).await;
        let to = |s: Status| project::ActiveModel { library_status: Set(s.code().into()), ..Default::default() };
        assert!(update_if(&db, "000001", id, library_status_is(Status::Draft), to(Status::Submitted)).await.unwrap());
        assert!(
            !update_if(&db, "000001", id, library_status_is(Status::Draft), to(Status::Submitted)).await.unwrap(),
            "a second reader loses"
        );
        assert!(!update_if(&db, "000002", id, library_status_is(Status::Submitted), to(Status::Approved)).await.unwrap(), "another tenant");
    }

    #[tokio::test]
    async fn project_numbers_continue_from_the_highest_of_the_year_even_when_deleted() {
        let db = keeper_db::test_db::<Migrator>().await;
        let me = clerk("000001", "11");
        assert_eq!(last_number(&db, "000001", "XM2026-").await.unwrap(), None);
        for (no, tenant) in [("XM2026-0002", "000001"), ("XM2026-0010", "000001"), ("XM2025-0042", "000001"), ("XM2026-0099", "000002")] {
            let id = stored(&db, &clerk(tenant, "11"), no, 2, None, Status::Approved).await;
            update(&db, tenant, &[id], project::ActiveModel { project_no: Set(no.into()), ..Default::default() }).await.unwrap();
        }
        let all =
            page(&db, "000001", &ProjectScope::All, &Filter::default(), &PageRequest { current: 1, size: 10, sort: vec![] }).await.unwrap();
        let tenth = all.records.iter().find(|p| p.project_no == "XM2026-0010").unwrap().id;
        update(&db, "000001", &[tenth], keeper_db::base::removal::<project::Entity>(&Author::of(&me))).await.unwrap();
        assert_eq!(last_number(&db, "000001", "XM2026-").await.unwrap().as_deref(), Some("XM2026-0010"));
    }
}
