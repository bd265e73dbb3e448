//! Investment forecasts (投资预测, domain-model §2.2.5b): each month the park states what each project in
//! the library expects to complete this month, this quarter and this year, through the review workflow
//! (§2.0); the committee's summary (`summary`) sets the approved forecasts against the departments'
//! targets to show the gap still to close before the year ends.
//!
//! Forecasts follow their project's scope: a person sees and files forecasts of the projects they may see.
pub mod excel;
pub mod form;
pub mod import;
pub mod repo;
pub mod summary;

use std::collections::HashMap;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, TransactionTrait};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::entity::{investment_forecast as forecast, project};
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::{self, ProjectScope};
use crate::period::Period;
use crate::reference::Reference;
use crate::review::{self, Status, Step};
use crate::state::AppState;
use form::ForecastForm;

/// The filing kind of forecasts in `biz_review_log`.
pub const REVIEW_KIND: &str = "investment_forecast";

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForecastView {
    #[serde(flatten)]
    pub row: forecast::Model,
    /// `yyyy-MM`.
    pub period: String,
    pub project_name: String,
    pub project_no: String,
    pub dept_name: String,
    pub report_status_name: String,
    /// The review steps open to the forecast; the caller's grants decide which buttons show.
    pub next_steps: Vec<&'static str>,
}

fn view(row: forecast::Model, projects: &HashMap<i64, project::Model>, r: &Reference) -> ForecastView {
    let p = projects.get(&row.project_id);
    let status = Status::from_code("reportStatus", &row.report_status).ok();
    ForecastView {
        period: format!("{:04}-{:02}", row.forecast_year, row.forecast_month),
        project_name: p.map(|p| p.project_name.clone()).unwrap_or_default(),
        project_no: p.map(|p| p.project_no.clone()).unwrap_or_default(),
        dept_name: r.dept_name(row.dept_id),
        report_status_name: status.map(|s| s.label().to_string()).unwrap_or_default(),
        next_steps: status.map(|s| review::allowed(s).into_iter().map(Step::code).collect()).unwrap_or_default(),
        row,
    }
}

/// The forecasts of `rows` the caller may see (those of projects in their scope), with their projects.
async fn in_scope(
    state: &AppState,
    tenant: &str,
    scope: &ProjectScope,
    rows: Vec<forecast::Model>,
) -> Result<(Vec<forecast::Model>, HashMap<i64, project::Model>), AppError> {
    let ids: Vec<i64> = rows.iter().map(|f| f.project_id).collect();
    let projects: HashMap<i64, project::Model> =
        project_repo::visible(&state.db, tenant, scope, &ids).await?.into_iter().map(|p| (p.id, p)).collect();
    Ok((rows.into_iter().filter(|f| projects.contains_key(&f.project_id)).collect(), projects))
}

/// The month's forecasts the caller may see, optionally of one status and department subtree.
pub async fn list(
    state: &AppState,
    me: &CurrentUser,
    p: Period,
    status: Option<Status>,
    dept: Option<i64>,
) -> Result<Vec<ForecastView>, AppError> {
    let tenant = me.tenant_id.as_str();
    let r = state.reference.with_dept(tenant, dept).await?;
    let scope = scope::resolve(state, me).await?;
    let (rows, projects) = in_scope(state, tenant, &scope, repo::of_period(&state.db, tenant, p, status).await?).await?;
    let subtree = dept.map(|d| r.subtree(d));
    Ok(rows
        .into_iter()
        .filter(|f| subtree.as_ref().is_none_or(|s| f.dept_id.is_some_and(|d| s.contains(&d))))
        .map(|f| view(f, &projects, &r))
        .collect())
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<ForecastView, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let (mut rows, projects) = in_scope(state, tenant, &scope, repo::by_ids(&state.db, tenant, &[id]).await?).await?;
    let row = rows.pop().ok_or_else(AppError::not_found)?;
    let r = state.reference.of(tenant).await?;
    Ok(view(row, &projects, &r))
}

/// Saves a draft (or a returned forecast): creates the project's forecast of the month or edits it.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let f = ForecastForm::from_json(&body)?.validate()?;
    let scope = scope::resolve(state, me).await?;
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    // Under the tenant's lock: one forecast per project and month.
    project_repo::lock(&txn, tenant).await?;
    let p = project_repo::visible(&txn, tenant, &scope, &[f.project_id])
        .await?
        .pop()
        .ok_or_else(|| AppError::field("projectId", "项目不存在"))?;
    takes_forecasts(&p)?;
    let same = repo::of_key(&txn, tenant, f.project_id, f.period).await?;
    let author = Author::of(me);
    let form_id = f.id;
    let mut row = filed(f);
    let id = match (form_id, same) {
        (None, Some(_)) => return Err(AppError::field("period", "该项目本月已有预测，请修改原预测")),
        (Some(id), Some(s)) if s.id != id => return Err(AppError::field("period", "该项目本月已有预测，请修改原预测")),
        (Some(id), _) => {
            let stored = repo::by_ids(&txn, tenant, &[id]).await?.pop().ok_or_else(AppError::not_found)?;
            project_repo::visible(&txn, tenant, &scope, &[stored.project_id]).await?.pop().ok_or_else(AppError::not_found)?;
            let from = Status::from_code("reportStatus", &stored.report_status)?;
            if !from.editable() {
                return Err(AppError::bad("预测已提交审核或已通过，不能修改"));
            }
            base::updated::<forecast::Entity>(&mut row, &author);
            if !repo::update_if_status(&txn, tenant, id, from, row).await? {
                return Err(AppError::bad("预测状态已变化，请刷新后重试"));
            }
            id
        }
        (None, None) => {
            let row = new_draft(row, &p, &author);
            let id = *row.id.as_ref();
            sea_orm::EntityTrait::insert(row).exec_without_returning(&txn).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Whether a project takes forecasts: one in the library that has not been terminated.
fn takes_forecasts(p: &project::Model) -> Result<(), AppError> {
    if p.library_status != Status::Approved.code() {
        return Err(AppError::field("projectId", "项目尚未入库"));
    }
    if p.project_status == ProjectStatus::Terminated.code() {
        return Err(AppError::field("projectId", "项目已终止，无需预测"));
    }
    Ok(())
}

/// The columns a filing sets, from a checked forecast: the same whether typed in the drawer or imported.
fn filed(f: form::Forecast) -> forecast::ActiveModel {
    forecast::ActiveModel {
        project_id: Set(f.project_id),
        forecast_year: Set(f.period.year()),
        forecast_month: Set(f.period.month() as i32),
        expected_month_investment: Set(f.month.decimal()),
        expected_quarter_investment: Set(f.quarter.map(|q| q.decimal())),
        expected_year_investment: Set(f.year.decimal()),
        expected_start_date: Set(f.start),
        expected_production_date: Set(f.production),
        basis: Set(f.basis),
        ..Default::default()
    }
}

/// A new draft of the caller for project `p`, under the project's department of today.
fn new_draft(mut row: forecast::ActiveModel, p: &project::Model, author: &Author) -> forecast::ActiveModel {
    row.dept_id = Set(p.dept_id);
    row.report_status = Set(Status::Draft.code().into());
    row.submit_user_name = Set(String::new());
    row.audit_user_name = Set(String::new());
    row.review_opinion = Set(String::new());
    base::created::<forecast::Entity>(&mut row, next_id(), author);
    row
}

/// Removes drafts and returned forecasts, all or none; answers how many.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let (rows, _) = in_scope(state, tenant, &scope, repo::by_ids(&state.db, tenant, ids).await?).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let mut stored = Vec::new();
    for row in &rows {
        let from = Status::from_code("reportStatus", &row.report_status)?;
        if !from.editable() {
            return Err(AppError::bad("预测已提交审核或已通过，不能删除"));
        }
        stored.push((row.id, from));
    }
    let author = Author::of(me);
    let txn = state.db.begin().await?;
    for (id, from) in stored {
        if !repo::update_if_status(&txn, tenant, id, from, base::removal::<forecast::Entity>(&author)).await? {
            return Err(AppError::bad("预测状态已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(rows.len())
}

/// Takes `step` on every listed forecast, all or none.
pub async fn review(state: &AppState, me: &CurrentUser, ids: &[i64], step: Step, opinion: &str) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let (rows, _) = in_scope(state, tenant, &scope, repo::by_ids(&state.db, tenant, ids).await?).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let author = Author::of(me);
    let now = keeper_common::time::now();
    let name: String = me.real_name.chars().take(50).collect();
    let txn = state.db.begin().await?;
    for row in rows {
        let from = Status::from_code("reportStatus", &row.report_status)?;
        let to = review::log::take(&txn, me, REVIEW_KIND, row.id, from, step, opinion).await?;
        let mut changes = forecast::ActiveModel { report_status: Set(to.code().into()), ..Default::default() };
        match step {
            Step::Submit | Step::Resubmit => {
                changes.submit_user = Set(Some(me.user_id));
                changes.submit_user_name = Set(name.clone());
                changes.submit_time = Set(Some(now));
            }
            Step::Approve => {
                changes.audit_user = Set(Some(me.user_id));
                changes.audit_user_name = Set(name.clone());
                changes.audit_time = Set(Some(now));
                changes.review_opinion = Set(opinion.trim().into());
            }
            Step::Return | Step::Unapprove => changes.review_opinion = Set(opinion.trim().into()),
            Step::Withdraw => {}
        }
        base::updated::<forecast::Entity>(&mut changes, &author);
        if !repo::update_if_status(&txn, tenant, row.id, from, changes).await? {
            return Err(AppError::bad("预测状态已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(ids.len())
}

/// The review history of a forecast the caller may see.
pub async fn review_log(state: &AppState, me: &CurrentUser, id: i64) -> Result<Vec<review::log::Entry>, AppError> {
    detail(state, me, id).await?;
    review::log::history(&state.db, &me.tenant_id, REVIEW_KIND, id).await
}
