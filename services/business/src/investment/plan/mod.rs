//! Annual plans of projects (年度计划, domain-model §2.2.1 `ProjectAnnualPlan`): per project and year the
//! planned investment, milestone and start/finish intentions, optionally split into months. The 跟踪项目
//! list measures a year's approved reports against it (占年度计划) and the warning colour its lag behind
//! the time schedule. Plans follow their project's scope: whoever may see a project sees its plans, and
//! whoever may edit projects edits the plans of those they see.
pub mod form;
pub mod repo;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use sea_orm::{EntityTrait, IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value};

use crate::entity::project_plan;
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope;
use crate::period::Period;
use crate::state::AppState;
use form::PlanForm;

/// The plans of one project the caller may see, latest year first.
pub async fn of_project(state: &AppState, me: &CurrentUser, project: i64) -> Result<Vec<project_plan::Model>, AppError> {
    let scope = scope::resolve(state, me).await?;
    project_repo::visible(&state.db, &me.tenant_id, &scope, &[project]).await?.pop().ok_or_else(AppError::not_found)?;
    repo::of_project(&state.db, &me.tenant_id, project).await
}

/// Saves the plan of a project and year whole: creates it, or replaces the live one of that year. Answers
/// the plan's id.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let this_year = Period::of_day(keeper_common::time::today()).year();
    let plan = PlanForm::from_json(&body)?.validate(this_year)?;
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    // Under the tenant's lock, so that two first saves of one year do not make two plans.
    project_repo::lock(&txn, tenant).await?;
    project_repo::visible(&txn, tenant, &scope, &[plan.project_id]).await?.pop().ok_or_else(AppError::not_found)?;
    let author = Author::of(me);
    let id = match repo::of_project_year(&txn, tenant, plan.project_id, plan.plan_year).await? {
        Some(stored) => {
            let mut row = plan.into_active_model();
            base::updated::<project_plan::Entity>(&mut row, &author);
            if !repo::update(&txn, tenant, stored.id, row).await? {
                return Err(AppError::bad("年度计划已变化，请刷新后重试"));
            }
            stored.id
        }
        None => {
            let id = next_id();
            let mut row = plan.into_active_model();
            base::created::<project_plan::Entity>(&mut row, id, &author);
            project_plan::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Removes plans of projects the caller may see, all or none; answers how many.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let rows = repo::by_ids(&state.db, tenant, ids).await?;
    let projects: Vec<i64> = rows.iter().map(|p| p.project_id).collect();
    let seen = project_repo::visible(&state.db, tenant, &scope, &projects).await?;
    if rows.len() != ids.len() || rows.iter().any(|p| !seen.iter().any(|s| s.id == p.project_id)) {
        return Err(AppError::not_found());
    }
    let author = Author::of(me);
    let txn = state.db.begin().await?;
    for row in &rows {
        let removal = base::removal::<project_plan::Entity>(&author);
        repo::update(&txn, tenant, row.id, removal).await?;
    }
    txn.commit().await?;
    Ok(rows.len())
}
