//! The investment project (domain-model §2.2.1), its entry into the zone's library through the review
//! workflow (§2.2.3) and its status lifecycle (§2.2.2): the rules and transactions behind `project/list`,
//! `detail`, `submit`, `remove`, `review`, `review-log`, `stat-included` and `export`. Everything stays in
//! the caller's tenant and project scope (`scope`); a project outside either answers 404, exactly like a
//! missing id.
pub mod excel;
pub mod form;
pub mod import;
pub mod lifecycle;
pub mod repo;
pub mod scope;
pub mod status;
pub mod view;

use std::collections::HashMap;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use sea_orm::sea_query::SelectStatement;
use sea_orm::{ActiveValue::Set, IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value};

use crate::checks::{NO, YES};
use crate::entity::{project, tech_renovation};
use crate::investment::attachment::repo::{self as attachment_repo, OwnerKind};
use crate::investment::renovation;
use crate::period::Period;
use crate::reference::Reference;
use crate::review::{self, Status, Step};
use crate::state::AppState;
use crate::{enterprise, patch};
use form::{Project, ProjectForm};
use lifecycle::ProjectStatus;
use scope::ProjectScope;
use view::ProjectView;

/// The filing kind of library entry in `biz_review_log`.
pub const REVIEW_KIND: &str = "project";

/// The smallest planned investment (万元) counted in the statistics of investment (入库纳统, §2.2.3).
pub const STAT_FROM: i64 = 500;

/// Views of rows for `me`, with their enterprises' names and the statuses `me` may change them to.
pub async fn views(
    state: &AppState,
    me: &CurrentUser,
    reference: &Reference,
    rows: Vec<project::Model>,
) -> Result<Vec<ProjectView>, AppError> {
    let names = enterprise_names(state, &me.tenant_id, &rows).await?;
    let actors = status::Actors::of(state, me).await?;
    Ok(rows.into_iter().map(|p| view::view(p, reference, &names, actors)).collect())
}

pub async fn list(state: &AppState, me: &CurrentUser, mut filter: repo::Filter, req: PageRequest) -> Result<Page<ProjectView>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let reference = state.reference.with_dept(&me.tenant_id, filter.dept_id).await?;
    filter.depts = filter.dept_id.map(|d| reference.subtree(d));
    let page = repo::page(&state.db, &me.tenant_id, &scope, &filter, &req).await?;
    let Page { records, total, size, current, pages } = page;
    let records = views(state, me, &reference, records).await?;
    Ok(Page { records, total, size, current, pages })
}

/// The ids of the projects `filter` matches in `me`'s scope, as a subquery: the sums of a screen over its
/// whole filter, not one page.
pub async fn matching(state: &AppState, me: &CurrentUser, mut filter: repo::Filter) -> Result<SelectStatement, AppError> {
    let scope = scope::resolve(state, me).await?;
    let reference = state.reference.with_dept(&me.tenant_id, filter.dept_id).await?;
    filter.depts = filter.dept_id.map(|d| reference.subtree(d));
    Ok(repo::ids_query(&me.tenant_id, &scope, &filter, state.db.get_database_backend()))
}

async fn target(state: &AppState, me: &CurrentUser, scope: &ProjectScope, id: i64) -> Result<project::Model, AppError> {
    repo::visible(&state.db, &me.tenant_id, scope, &[id]).await?.pop().ok_or_else(AppError::not_found)
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<ProjectView, AppError> {
    let scope = scope::resolve(state, me).await?;
    let p = target(state, me, &scope, id).await?;
    let reference = state.reference.with_dept(&me.tenant_id, p.dept_id).await?;
    let mut view = views(state, me, &reference, vec![p]).await?.pop().ok_or_else(AppError::not_found)?;
    if view.row.project_type == renovation::form::RENOVATION_PROJECT_TYPE {
        view.renovation = renovation::repo::of_project(&state.db, &me.tenant_id, id).await?;
    }
    Ok(view)
}

/// The editable record of a stored row (checked again: the rules may have grown since it was saved).
fn record_of(row: &project::Model) -> Result<Project, AppError> {
    ProjectForm::from_json(&patch::over(row, Map::new())?)?.validate()
}

/// A new row: the form's columns plus identity, tenant, audit and workflow columns. A project enters as a
/// draft; its number, tracking and statistics inclusion come with approval.
pub fn new_row(p: Project, id: i64, author: &Author) -> project::ActiveModel {
    let mut row = p.into_active_model();
    base::created::<project::Entity>(&mut row, id, author);
    row.project_no = Set(String::new());
    row.library_status = Set(Status::Draft.code().into());
    row.is_tracked = Set(NO.into());
    row.is_stat_included = Set(NO.into());
    row.stat_included_period = Set(String::new());
    row.cumulative_investment = Set(None);
    row.current_stage = Set(String::new());
    row.warning_level = Set(String::new());
    row.exit_reason = Set(String::new());
    row.exit_date = Set(None);
    row.suspended_from = Set(String::new());
    // What it achieved is recorded once it is finished (已完成项目).
    row.acceptance_date = Set(None);
    row.actual_total_investment = Set(None);
    row.new_capacity = Set(String::new());
    row.actual_annual_output = Set(None);
    row.actual_annual_tax = Set(None);
    row.entered_above_scale = Set(String::new());
    row.submit_user = Set(None);
    row.submit_user_name = Set(String::new());
    row.submit_time = Set(None);
    row.entry_date = Set(None);
    row.review_opinion = Set(String::new());
    row
}

/// Creates (no `id`) or updates a project from a submitted body; answers its id. Only a draft or a
/// returned project is edited here; the body is laid over the stored row. A 技术改造 project carries its
/// renovation facts as the body's `renovation` object, written in the same transaction; its equipment
/// investment is the project's 其中设备投资.
pub async fn submit(state: &AppState, me: &CurrentUser, mut body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let sent_renovation = body.remove(renovation::form::KEY);
    let (current, form) = if patch::is_update(&body) {
        let id = keeper_common::fields::id(&body, "id")?.ok_or_else(|| AppError::field("id", "不是有效的ID"))?;
        let current = target(state, me, &scope, id).await?;
        if !Status::from_code("libraryStatus", &current.library_status)?.editable() {
            return Err(AppError::bad("项目已提交审核或已入库，不能修改"));
        }
        let form = ProjectForm::from_json(&patch::over(&current, body)?)?;
        (Some(current), form)
    } else {
        (None, ProjectForm::from_json(&body)?)
    };
    let reference = state.reference.fresh(tenant).await?;
    let stored_renovation = match &current {
        Some(c) => renovation::repo::of_project(&state.db, tenant, c.id).await?,
        None => None,
    };
    let (p, facts) = checked(form, sent_renovation, stored_renovation.as_ref(), &reference, &scope)?;
    if let Some(e) = p.enterprise_id
        && enterprise::repo::names(&state.db, tenant, &[e]).await?.is_empty()
    {
        return Err(AppError::field("enterpriseId", format!("企业不存在: {e}")));
    }
    let author = Author::of(me);
    let txn = state.db.begin().await?;
    let id = match current {
        Some(c) => {
            let mut changes = p.into_active_model();
            base::updated::<project::Entity>(&mut changes, &author);
            let from = Status::from_code("libraryStatus", &c.library_status)?;
            // Saved only while nobody has submitted it in between.
            if !repo::update_if(&txn, tenant, c.id, repo::library_status_is(from), changes).await? {
                return Err(AppError::bad("项目已提交审核或已入库，不能修改"));
            }
            c.id
        }
        None => {
            let row = new_row(p, next_id(), &author);
            let id = *row.id.as_ref();
            repo::insert(&txn, row).await?;
            id
        }
    };
    if let Some(r) = facts {
        renovation::repo::save(&txn, &author, id, r).await?;
    }
    txn.commit().await?;
    Ok(id)
}

/// The rules of a project's save that read nothing more from the database (`project/submit` and the
/// import): the form's checks, the tenant's dictionaries and departments, a 技改 project's renovation
/// facts (`sent` laid over `stored`), whose equipment investment is the project's, and the caller's
/// jurisdiction. Whether a chosen enterprise exists is the caller's to ask.
pub fn checked(
    mut form: ProjectForm,
    sent: Option<Value>,
    stored: Option<&tech_renovation::Model>,
    reference: &Reference,
    scope: &ProjectScope,
) -> Result<(Project, Option<renovation::form::Renovation>), AppError> {
    if form.project_type.as_deref().map(str::trim) == Some(renovation::form::RENOVATION_PROJECT_TYPE) {
        // A 技改 project's equipment investment is its renovation's, checked there.
        form.equipment_investment = None;
    }
    let mut p = form.validate()?;
    p.check_references(reference)?;
    let facts = renovation::form::of_project(&p, sent, stored, reference)?;
    if let Some(r) = &facts {
        p.equipment_investment = Some(r.equipment_investment);
    }
    // A person places a project only within their jurisdiction.
    if !scope.places(p.dept_id, p.industry_dept_id) {
        return Err(AppError::field("deptId", "超出本人的数据权限范围"));
    }
    Ok((p, facts))
}

/// Soft-deletes projects that never entered the library (drafts and returned ones without a number);
/// every id must be visible to the caller, else nothing happens and 404.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let scope = scope::resolve(state, me).await?;
    let rows = repo::visible(&state.db, &me.tenant_id, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if let Some(p) =
        rows.iter().find(|p| !p.project_no.is_empty() || !Status::from_code("libraryStatus", &p.library_status).is_ok_and(Status::editable))
    {
        return Err(AppError::bad(format!("「{}」已提交审核或已入库，不能删除", p.project_name)));
    }
    repo::update(&state.db, &me.tenant_id, ids, base::removal::<project::Entity>(&Author::of(me))).await?;
    Ok(ids.len())
}

/// The project numbers of one year, given in order: `XM2026-0001`, `XM2026-0002`… The highest number
/// given (deleted projects included) is read once, under the tenant's lock, and a batch counts on from it.
struct Numbers {
    prefix: String,
    last: u32,
}

impl Numbers {
    /// Call under the tenant's lock.
    async fn after_last<C: sea_orm::ConnectionTrait>(db: &C, tenant: &str, year: i32) -> Result<Numbers, AppError> {
        let prefix = format!("XM{year}-");
        let last = repo::last_number(db, tenant, &prefix).await?;
        let last = last.and_then(|n| n[prefix.len()..].parse::<u32>().ok()).unwrap_or(0);
        Ok(Numbers { prefix, last })
    }

    fn next(&mut self) -> String {
        self.last += 1;
        format!("{}{:04}", self.prefix, self.last)
    }
}

/// Takes `step` on every listed project, all or none (domain-model §2.0): each move is checked against the
/// workflow table and written to the review log in the same transaction. Submitting asks for a complete
/// project; approving numbers it, stamps its entry date and decides by rule whether it is tracked.
/// Answers how many moved.
pub async fn review(state: &AppState, me: &CurrentUser, ids: &[i64], step: Step, opinion: &str) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    repo::lock(&txn, tenant).await?;
    let rows = repo::visible(&txn, tenant, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let author = Author::of(me);
    let now = keeper_common::time::now();
    let today = keeper_common::time::today();
    let mut numbers = None;
    for row in rows {
        let from = Status::from_code("libraryStatus", &row.library_status)?;
        let to = review::log::take(&txn, me, REVIEW_KIND, row.id, from, step, opinion).await?;
        let mut changes = project::ActiveModel { library_status: Set(to.code().into()), ..Default::default() };
        base::updated::<project::Entity>(&mut changes, &author);
        match step {
            Step::Submit | Step::Resubmit => {
                // In a batch, a refusal says which project it is about.
                let named = |e: AppError| match e {
                    AppError::Field { field, reason } if ids.len() > 1 => {
                        AppError::field(field, format!("「{}」{reason}", row.project_name))
                    }
                    e => e,
                };
                record_of(&row).and_then(|p| p.complete()).map_err(named)?;
                changes.submit_user = Set(Some(me.user_id));
                changes.submit_user_name = Set(me.real_name.chars().take(50).collect());
                changes.submit_time = Set(Some(now));
            }
            Step::Approve => {
                if row.project_no.is_empty() {
                    let mut year = match numbers.take() {
                        Some(n) => n,
                        None => Numbers::after_last(&txn, tenant, Period::of_day(today).year()).await?,
                    };
                    changes.project_no = Set(year.next());
                    numbers = Some(year);
                }
                changes.entry_date = Set(Some(today));
                // Until its first approved monthly report, what a project under way has invested is its
                // opening balance (the reports' recomputation starts from it).
                if row.cumulative_investment.is_none() {
                    changes.cumulative_investment = Set(row.opening_investment);
                }
                changes.is_tracked = Set(Project::tracked_by_rule(row.total_investment, &row.is_key_project).into());
                changes.review_opinion = Set(opinion.trim().into());
            }
            Step::Return | Step::Unapprove => changes.review_opinion = Set(opinion.trim().into()),
            Step::Withdraw => {}
        }
        if !repo::update_if(&txn, tenant, row.id, repo::library_status_is(from), changes).await? {
            return Err(AppError::bad("项目状态已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(ids.len())
}

/// The review history of one project the caller may see.
pub async fn review_log(state: &AppState, me: &CurrentUser, id: i64) -> Result<Vec<review::log::Entry>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let p = target(state, me, &scope, id).await?;
    review::log::history(&state.db, &me.tenant_id, REVIEW_KIND, p.id).await
}

/// Marks a project counted in the statistics of investment (入库纳统) from `period` on: only a project in
/// the library, under way, with its approval code and at least 500 万元 planned (§2.2.3).
/// 审批备案文件, 施工合同 and 现场照片 of `attachment_category`: what shows a project has started.
const START_EVIDENCE: &[&str] = &["1", "2", "3"];

pub async fn stat_included(state: &AppState, me: &CurrentUser, id: i64, period: Period) -> Result<(), AppError> {
    let scope = scope::resolve(state, me).await?;
    let p = target(state, me, &scope, id).await?;
    if p.library_status != Status::Approved.code() {
        return Err(AppError::bad("项目尚未入库，不能纳统"));
    }
    if !ProjectStatus::from_code("projectStatus", &p.project_status)?.started() {
        return Err(AppError::bad("项目开工后才能纳统"));
    }
    if p.approval_code.trim().is_empty() {
        return Err(AppError::field("approvalCode", "纳统前须填写投资项目代码"));
    }
    if p.total_investment.is_none_or(|t| t < rust_decimal::Decimal::from(STAT_FROM)) {
        return Err(AppError::field("totalInvestment", "计划总投资500万元及以上的项目才能纳统"));
    }
    if p.actual_start_date.is_some_and(|d| Period::of_day(d) > period) {
        return Err(AppError::field("period", "纳统时间不能早于实际开工的月份"));
    }
    // The statistics bureau asks for evidence of the start (domain-model §2.2.3).
    if !attachment_repo::has_any(&state.db, &me.tenant_id, OwnerKind::Project, p.id, START_EVIDENCE).await? {
        return Err(AppError::field("attachments", "纳统前须上传开工佐证材料：审批备案文件、施工合同或现场照片"));
    }
    let mut changes =
        project::ActiveModel { is_stat_included: Set(YES.into()), stat_included_period: Set(period.to_string()), ..Default::default() };
    base::updated::<project::Entity>(&mut changes, &Author::of(me));
    repo::update(&state.db, &me.tenant_id, &[p.id], changes).await?;
    Ok(())
}

/// The enterprises' names of rows, for exports.
pub async fn enterprise_names(state: &AppState, tenant: &str, rows: &[project::Model]) -> Result<HashMap<i64, String>, AppError> {
    let ids: Vec<i64> = rows.iter().filter_map(|p| p.enterprise_id).collect();
    enterprise::repo::names(&state.db, tenant, &ids).await
}
