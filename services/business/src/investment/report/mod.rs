//! Monthly progress reports of projects in the library (domain-model §2.2.6): one per project and month,
//! filed by the park with the month's investment and where the works stand, through the review workflow
//! (§2.0). Approval is what makes a report count: it recomputes the project's year-to-date and cumulative
//! figures from all its approved months (and its opening balance), and takes the status move the report
//! proposes (在建, 竣工, 投产… the "filler + review" moves of §2.2.2) through the project's lifecycle. An
//! approved month is locked: it changes only after a reviewer un-approves it with a reason, which
//! recomputes the figures again (a status the project reached stays; corrections are an administrator's).
//!
//! Reports follow their project's scope: a person sees and files reports of the projects they may see.
pub mod excel;
pub mod form;
pub mod import;
pub mod repo;
pub mod view;

use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use sea_orm::{ActiveValue::Set, ConnectionTrait, IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value};

use crate::entity::{project, project_report};
use crate::investment::issue::repo as issue_repo;
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::{self, ProjectScope};
use crate::investment::project::status::{self, ChangeForm};
use crate::patch;
use crate::period::Period;
use crate::reference::Reference;
use crate::review::{self, Status, Step};
use crate::state::AppState;
use form::{Filed, ReportForm};
use view::ReportView;

/// The filing kind of monthly reports in `biz_review_log`.
pub const REVIEW_KIND: &str = "project_report";

/// The projects of the rows, read in the tenant (the rows were read within the caller's scope).
async fn projects_of<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    rows: &[project_report::Model],
) -> Result<HashMap<i64, project::Model>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.project_id).collect::<HashSet<_>>().into_iter().collect();
    let found = project_repo::visible(db, tenant, &ProjectScope::All, &ids).await?;
    Ok(found.into_iter().map(|p| (p.id, p)).collect())
}

async fn views(state: &AppState, me: &CurrentUser, rows: Vec<project_report::Model>) -> Result<Vec<ReportView>, AppError> {
    let depts: Vec<i64> = rows.iter().filter_map(|r| r.dept_id).collect();
    let reference = state.reference.with_depts(&me.tenant_id, &depts).await?;
    let projects = projects_of(&state.db, &me.tenant_id, &rows).await?;
    Ok(rows.into_iter().map(|r| view::view(r, &projects, &reference)).collect())
}

pub async fn list(state: &AppState, me: &CurrentUser, mut filter: repo::Filter, req: PageRequest) -> Result<Page<ReportView>, AppError> {
    let scope = scope::resolve(state, me).await?;
    if let Some(d) = filter.dept_id {
        filter.depts = Some(state.reference.with_dept(&me.tenant_id, Some(d)).await?.subtree(d));
    }
    let Page { records, total, size, current, pages } = repo::page(&state.db, &me.tenant_id, &scope, &filter, &req).await?;
    Ok(Page { records: views(state, me, records).await?, total, size, current, pages })
}

/// 工作台: how many reports in the caller's scope stand at `status` (every month).
pub async fn count_at(state: &AppState, me: &CurrentUser, status: Status) -> Result<u64, AppError> {
    let scope = scope::resolve(state, me).await?;
    let filter = repo::Filter { report_status: Some(status), ..Default::default() };
    repo::count(&state.db, &me.tenant_id, &scope, &filter).await
}

async fn target(state: &AppState, me: &CurrentUser, scope: &ProjectScope, id: i64) -> Result<project_report::Model, AppError> {
    repo::visible(&state.db, &me.tenant_id, scope, &[id]).await?.pop().ok_or_else(AppError::not_found)
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<ReportView, AppError> {
    let scope = scope::resolve(state, me).await?;
    let row = target(state, me, &scope, id).await?;
    views(state, me, vec![row]).await?.pop().ok_or_else(AppError::not_found)
}

/// The stored report in its wire form, the proposed move's facts included, for an update to lie over.
fn stored_form(row: &project_report::Model) -> Result<Map<String, Value>, AppError> {
    let mut m = patch::over(row, Map::new())?;
    let change = if row.status_change.is_empty() { Value::Null } else { serde_json::from_str(&row.status_change).unwrap_or(Value::Null) };
    m.insert("statusChange".into(), change);
    m.insert("period".into(), Value::String(format!("{}-{:02}", row.period_year, row.period_month)));
    Ok(m)
}

/// Whether `p` takes monthly reports: in the library and still tracked by its status (not 达产 or 终止).
fn takes_reports(p: &project::Model) -> Result<(), AppError> {
    if p.library_status != Status::Approved.code() {
        return Err(AppError::field("projectId", "项目入库后才能填报月度进展"));
    }
    if ProjectStatus::from_code("projectStatus", &p.project_status)?.terminal() {
        return Err(AppError::field("projectId", "项目已达产或终止，不再填报月度进展"));
    }
    Ok(())
}

/// The move a report proposes from where `p` stands, checked as the filler's proposal: `None` when the
/// report keeps the project's status; else the facts to store (JSON without id and target, which are the
/// report's).
fn proposal(p: &project::Model, to: &str, facts: Option<ChangeForm>) -> Result<Option<(status::Change, String)>, AppError> {
    let to = ProjectStatus::from_code("projectStatus", to)?;
    if to.code() == p.project_status {
        return Ok(None);
    }
    let facts = ChangeForm { id: None, to_status: None, ..facts.unwrap_or_default() };
    let change = ChangeForm { id: Some(p.id), to_status: Some(to.code().into()), ..facts.clone() }.validate()?;
    status::check_proposal(p, &change)?;
    let stored = serde_json::to_string(&facts).map_err(|e| AppError::internal(e.to_string()))?;
    Ok(Some((change, stored)))
}

/// The stored proposal of a report as a change of its project.
fn stored_proposal(row: &project_report::Model) -> Result<Option<status::Change>, AppError> {
    if row.project_status == row.from_status {
        return Ok(None);
    }
    let mut body = match serde_json::from_str::<Value>(&row.status_change) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    body.insert("id".into(), Value::String(row.project_id.to_string()));
    body.insert("toStatus".into(), Value::String(row.project_status.clone()));
    Ok(Some(ChangeForm::from_json(&body)?.validate()?))
}

/// Creates (no `id`) or updates (a draft or returned report) a monthly report; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let (current, form) = if patch::is_update(&body) {
        let id = keeper_common::fields::id(&body, "id")?.ok_or_else(|| AppError::field("id", "不是有效的ID"))?;
        let current = target(state, me, &scope, id).await?;
        if !Status::from_code("reportStatus", &current.report_status)?.editable() {
            return Err(AppError::bad("月报已提交审核或已通过，不能修改"));
        }
        let mut merged = stored_form(&current)?;
        merged.extend(body);
        (Some(current), ReportForm::from_json(&merged)?)
    } else {
        (None, ReportForm::from_json(&body)?)
    };
    let Filed { report, change } = form.validate(Period::of_day(keeper_common::time::today()))?;
    if let Some(c) = &current
        && c.project_id != report.project_id
    {
        return Err(AppError::field("projectId", "月报所属项目不能更改"));
    }
    let p = project_repo::visible(&state.db, tenant, &scope, &[report.project_id])
        .await?
        .pop()
        .ok_or_else(|| AppError::field("projectId", "项目不存在"))?;
    takes_reports(&p)?;
    let proposed = proposal(&p, &report.project_status, change)?;
    if !report.current_stage.is_empty() && !state.reference.fresh(tenant).await?.has_key("project_stage", &report.current_stage) {
        return Err(AppError::field("currentStage", format!("不是有效的字典值: {}", report.current_stage)));
    }
    let period = Period::new(report.period_year, report.period_month as u32)?;
    let author = Author::of(me);
    let mut row = report.into_active_model();
    row.from_status = Set(p.project_status.clone());
    row.status_change = Set(proposed.map(|(_, stored)| stored).unwrap_or_default());

    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    // One report per project and month.
    if let Some(other) = repo::of_month(&txn, tenant, p.id, period).await?
        && current.as_ref().is_none_or(|c| c.id != other.id)
    {
        return Err(AppError::field("period", format!("「{}」{}年{}月的月报已存在", p.project_name, period.year(), period.month())));
    }
    let id = match current {
        Some(c) => {
            base::updated::<project_report::Entity>(&mut row, &author);
            let from = Status::from_code("reportStatus", &c.report_status)?;
            if !repo::update_if_status(&txn, tenant, c.id, from, row).await? {
                return Err(AppError::bad("月报已提交审核或已通过，不能修改"));
            }
            c.id
        }
        None => {
            let row = new_row(row, &p, &author);
            let id = *row.id.as_ref();
            repo::insert(&txn, row).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// A new report of `p` from its checked columns: a draft in the project's territory, with no figures
/// until it is approved.
fn new_row(mut row: project_report::ActiveModel, p: &project::Model, author: &Author) -> project_report::ActiveModel {
    base::created::<project_report::Entity>(&mut row, next_id(), author);
    row.dept_id = Set(p.dept_id);
    row.ytd_investment = Set(None);
    row.cumulative_investment = Set(None);
    row.report_status = Set(Status::Draft.code().into());
    row.submit_user = Set(None);
    row.submit_user_name = Set(String::new());
    row.submit_time = Set(None);
    row.audit_user = Set(None);
    row.audit_user_name = Set(String::new());
    row.audit_time = Set(None);
    row.review_opinion = Set(String::new());
    row
}

/// Soft-deletes reports that were never approved and are not waiting for review (drafts and returned
/// ones); every id must be visible to the caller, else nothing happens and 404.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let scope = scope::resolve(state, me).await?;
    let rows = repo::visible(&state.db, &me.tenant_id, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if let Some(r) = rows.iter().find(|r| !Status::from_code("reportStatus", &r.report_status).is_ok_and(Status::editable)) {
        return Err(AppError::bad(format!("{}年{}月的月报已提交审核或已通过，不能删除", r.period_year, r.period_month)));
    }
    repo::update(&state.db, &me.tenant_id, ids, base::removal::<project_report::Entity>(&Author::of(me))).await?;
    Ok(ids.len())
}

/// Takes `step` on every listed report, all or none, in the order of their months (a project's moves
/// follow one another). Submitting checks the report against its project as it stands now; approving
/// takes the proposed move and, with un-approving, recomputes the figures of every project touched.
pub async fn review(state: &AppState, me: &CurrentUser, ids: &[i64], step: Step, opinion: &str) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let mut rows = repo::visible(&txn, tenant, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    rows.sort_by_key(|r| (r.project_id, r.period_year, r.period_month));
    // A locked month's sheet has been presented: its reports no longer move into or out of the figures.
    if matches!(step, Step::Submit | Step::Resubmit | Step::Approve | Step::Unapprove) {
        let months: Vec<Period> = rows.iter().filter_map(|r| Period::new(r.period_year, r.period_month as u32).ok()).collect();
        crate::investment::sheet::lock::refuse_if_locked(&txn, tenant, &months).await?;
    }
    // The projects of the batch, read once; one that an approval moves is read again, so that its next
    // report of the batch sees where it now stands.
    let project_ids: Vec<i64> = rows.iter().map(|r| r.project_id).collect();
    let mut projects: HashMap<i64, project::Model> =
        project_repo::visible(&txn, tenant, &ProjectScope::All, &project_ids).await?.into_iter().map(|p| (p.id, p)).collect();
    let author = Author::of(me);
    let now = keeper_common::time::now();
    let mut touched = Vec::new();
    for row in rows {
        // In a batch, a refusal says which report it is about.
        let named = |e: AppError| match e {
            AppError::Field { field, reason } if ids.len() > 1 => {
                AppError::field(field, format!("{}年{}月的月报：{reason}", row.period_year, row.period_month))
            }
            e => e,
        };
        let from = Status::from_code("reportStatus", &row.report_status)?;
        let to = review::log::take(&txn, me, REVIEW_KIND, row.id, from, step, opinion).await?;
        let mut changes = project_report::ActiveModel { report_status: Set(to.code().into()), ..Default::default() };
        base::updated::<project_report::Entity>(&mut changes, &author);
        let p = projects.get(&row.project_id).ok_or_else(AppError::not_found)?;
        match step {
            Step::Submit | Step::Resubmit => {
                takes_reports(p).map_err(named)?;
                let month = Period::new(row.period_year, row.period_month as u32)?;
                if row.has_issue == crate::checks::YES
                    && !issue_repo::exists_for_report(&txn, tenant, row.project_id, row.id, month).await?
                {
                    return Err(named(AppError::field("hasIssue", "本月存在问题，请先上报问题再提交")));
                }
                // The project may have moved since the report was saved: its proposal must still hold.
                if let Some(change) = stored_proposal(&row).map_err(named)? {
                    if row.from_status != p.project_status {
                        return Err(named(AppError::field("projectStatus", "项目状态已变化，请修改月报的本月末项目状态后再提交")));
                    }
                    status::check_proposal(p, &change).map_err(named)?;
                }
                changes.submit_user = Set(Some(me.user_id));
                changes.submit_user_name = Set(me.real_name.chars().take(50).collect());
                changes.submit_time = Set(Some(now));
            }
            Step::Approve => {
                changes.audit_user = Set(Some(me.user_id));
                changes.audit_user_name = Set(me.real_name.chars().take(50).collect());
                changes.audit_time = Set(Some(now));
                changes.review_opinion = Set(opinion.trim().into());
                // A move already taken (the report approved, un-approved and approved again) is not taken twice.
                if let Some(change) = stored_proposal(&row).map_err(named)?
                    && p.project_status != row.project_status
                {
                    status::apply(&txn, me, p, &change, crate::investment::project::lifecycle::Actor::Filler).await.map_err(named)?;
                    let moved = project_repo::visible(&txn, tenant, &ProjectScope::All, &[row.project_id]).await?;
                    projects.extend(moved.into_iter().map(|p| (p.id, p)));
                }
            }
            Step::Return | Step::Unapprove => changes.review_opinion = Set(opinion.trim().into()),
            Step::Withdraw => {}
        }
        if !repo::update_if_status(&txn, tenant, row.id, from, changes).await? {
            return Err(AppError::bad("月报状态已变化，请刷新后重试"));
        }
        if matches!(step, Step::Approve | Step::Unapprove) && !touched.contains(&row.project_id) {
            touched.push(row.project_id);
        }
    }
    for project_id in touched {
        recompute(&txn, &author, project_id).await?;
    }
    txn.commit().await?;
    Ok(ids.len())
}

/// The figures of one project from its approved reports (domain-model §2.2.6): each approved report's
/// year-to-date (Σ approved months of its year up to it) and cumulative (the opening balance plus Σ all
/// approved months up to it), the project's cumulative investment, and its key node from the latest
/// approved report that names one. Reports not approved carry no figures. Call it in the transaction that
/// approved or un-approved, under the tenant's lock.
pub async fn recompute<C: ConnectionTrait>(db: &C, author: &Author<'_>, project_id: i64) -> Result<(), AppError> {
    let tenant = author.tenant;
    let Some(p) = project_repo::visible(db, tenant, &ProjectScope::All, &[project_id]).await?.pop() else {
        return Ok(());
    };
    let approved = repo::approved_of_project(db, tenant, project_id).await?;
    let figures = running_sums(p.opening_investment, &approved);
    for (r, (ytd, cumulative)) in approved.iter().zip(&figures) {
        if r.ytd_investment != Some(*ytd) || r.cumulative_investment != Some(*cumulative) {
            let changes = project_report::ActiveModel {
                ytd_investment: Set(Some(*ytd)),
                cumulative_investment: Set(Some(*cumulative)),
                ..Default::default()
            };
            repo::update(db, tenant, &[r.id], changes).await?;
        }
    }
    repo::clear_figures_unless_approved(db, tenant, project_id).await?;
    let cumulative = figures.last().map(|f| f.1).or(p.opening_investment);
    let mut changes = project::ActiveModel { cumulative_investment: Set(cumulative), ..Default::default() };
    if let Some(stage) = approved.iter().rev().map(|r| &r.current_stage).find(|s| !s.is_empty()) {
        changes.current_stage = Set(stage.clone());
    }
    base::updated::<project::Entity>(&mut changes, author);
    project_repo::update(db, tenant, &[project_id], changes).await?;
    Ok(())
}

/// `(ytd, cumulative)` of each approved report, given in the order of their months.
fn running_sums(opening: Option<Decimal>, approved: &[project_report::Model]) -> Vec<(Decimal, Decimal)> {
    let mut cumulative = opening.unwrap_or_default();
    let mut year = None;
    let mut ytd = Decimal::ZERO;
    approved
        .iter()
        .map(|r| {
            if year != Some(r.period_year) {
                year = Some(r.period_year);
                ytd = Decimal::ZERO;
            }
            ytd += r.month_investment;
            cumulative += r.month_investment;
            (ytd, cumulative)
        })
        .collect()
}

/// The review history of one report the caller may see.
pub async fn review_log(state: &AppState, me: &CurrentUser, id: i64) -> Result<Vec<review::log::Entry>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let r = target(state, me, &scope, id).await?;
    review::log::history(&state.db, &me.tenant_id, REVIEW_KIND, r.id).await
}

/// Labels for exports: the tenant's reference with the departments of `rows`.
pub async fn reference_for(
    state: &AppState,
    me: &CurrentUser,
    rows: &[project_report::Model],
) -> Result<std::sync::Arc<Reference>, AppError> {
    let depts: Vec<i64> = rows.iter().filter_map(|r| r.dept_id).collect();
    state.reference.with_depts(&me.tenant_id, &depts).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn approved(year: i32, month: i32, amount: &str) -> project_report::Model {
        project_report::Model {
            id: 0,
            tenant_id: "000001".into(),
            project_id: 1,
            dept_id: None,
            period_year: year,
            period_month: month,
            month_investment: amount.parse().unwrap(),
            ytd_investment: None,
            cumulative_investment: None,
            building_investment: None,
            install_investment: None,
            equipment_purchase: None,
            other_cost: None,
            funds_in_place_month: None,
            from_status: "50".into(),
            project_status: "50".into(),
            status_change: String::new(),
            current_stage: String::new(),
            progress_desc: String::new(),
            next_month_plan: String::new(),
            workers_on_site: None,
            has_issue: "N".into(),
            report_status: Status::Approved.code().into(),
            submit_user: None,
            submit_user_name: String::new(),
            submit_time: None,
            audit_user: None,
            audit_user_name: String::new(),
            audit_time: None,
            review_opinion: String::new(),
            remark: String::new(),
            create_user: None,
            create_dept: None,
            create_time: chrono::Utc::now(),
            update_user: None,
            update_time: chrono::Utc::now(),
            status: 1,
            is_deleted: 0,
        }
    }

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn the_year_to_date_restarts_each_january_and_the_cumulative_runs_on_from_the_opening_balance() {
        // Worked by hand: opening 3,000.5; Nov 2025 400; Dec 2025 600.25; Jan 2026 100.0001; Mar 2026 899.9999
        // (February missing, not approved yet).
        // 2025: ytd 400 → 1,000.25; cumulative 3,400.5 → 4,000.75.
        // 2026: ytd 100.0001 → 1,000; cumulative 4,100.7501 → 5,000.75.
        let rows = [approved(2025, 11, "400"), approved(2025, 12, "600.25"), approved(2026, 1, "100.0001"), approved(2026, 3, "899.9999")];
        let got = running_sums(Some(d("3000.5")), &rows);
        assert_eq!(
            got,
            [(d("400"), d("3400.5")), (d("1000.25"), d("4000.75")), (d("100.0001"), d("4100.7501")), (d("1000.0000"), d("5000.7500")),]
        );
        assert_eq!(running_sums(None, &rows[2..])[1], (d("1000"), d("1000")), "without an opening balance it starts from zero");
        assert!(running_sums(Some(d("1")), &[]).is_empty());
    }
}
