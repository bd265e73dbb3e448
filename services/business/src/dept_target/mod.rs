//! Department targets (目标任务, domain-model §2.2.5a), shared by both pillars (`indicator_code` tells the
//! investment side from the output side): the committee drafts a department's annual target and its
//! monthly split and issues it (下达); the department confirms it (确认); a mid-year revision (调整) needs
//! a reason, keeps the earlier version and ends with a new issue. Actuals are computed (`actuals`), never
//! typed, and the completion view (`completion`) measures them against the targets in force.
//!
//! Who sees what follows the project scope of the spine: the committee the whole tenant and every draft,
//! a park its own subtree once a target is issued.
pub mod actuals;
pub mod completion;
pub mod excel;
pub mod form;
pub mod import;
pub mod lifecycle;
pub mod official;
pub mod repo;
pub mod view;

use std::collections::HashMap;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, EntityTrait, IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value};

use crate::entity::{dept_target, dept_target_version};
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::{self, ProjectScope};
use crate::period::Period;
use crate::split::Months;
use crate::state::AppState;
use actuals::DeptBasis;
use completion::CompletionRow;
use form::TargetForm;
use lifecycle::{Step, TargetStatus};
use view::{TargetDetail, TargetView};

/// Whether a target of `dept` is the caller's to see: drafts are the committee's alone.
fn admits(scope: &ProjectScope, t: &dept_target::Model) -> bool {
    match scope {
        ProjectScope::All => true,
        ProjectScope::Some { depts, industry_depts, .. } => {
            t.target_status != TargetStatus::Draft.code() && (depts.contains(&t.dept_id) || industry_depts.contains(&t.dept_id))
        }
    }
}

/// The targets of a year the caller may see, optionally of one indicator and department subtree.
pub async fn list(
    state: &AppState,
    me: &CurrentUser,
    year: i32,
    indicator: Option<String>,
    dept: Option<i64>,
) -> Result<Vec<TargetView>, AppError> {
    let r = state.reference.with_dept(&me.tenant_id, dept).await?;
    let scope = scope::resolve(state, me).await?;
    let depts = dept.map(|d| r.subtree(d).into_iter().collect());
    let rows = repo::of_year(&state.db, &me.tenant_id, &repo::Filter { year, indicator, depts, statuses: None }).await?;
    Ok(rows.into_iter().filter(|t| admits(&scope, t)).map(|t| view::of(t, &r)).collect())
}

/// The targets `list` shows for the same year, indicator and department subtree, with their monthly
/// split, as an xlsx that `import` reads back; answers its file name and bytes.
pub async fn export(
    state: &AppState,
    me: &CurrentUser,
    year: i32,
    indicator: Option<String>,
    dept: Option<i64>,
) -> Result<(String, Vec<u8>), AppError> {
    let r = state.reference.of(&me.tenant_id).await?;
    let name = excel::targets_file_name(year, indicator.as_ref().map(|i| r.label("target_indicator", i)).as_deref());
    let rows = list(state, me, year, indicator, dept).await?;
    Ok((name, excel::export_targets(&rows, &r)?))
}

/// One target with its earlier versions.
pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<TargetDetail, AppError> {
    let row = visible(state, me, &[id]).await?.pop().ok_or_else(AppError::not_found)?;
    let versions = repo::versions(&state.db, &me.tenant_id, id).await?;
    let r = state.reference.of(&me.tenant_id).await?;
    Ok(TargetDetail { target: view::of(row, &r), versions })
}

/// The live targets of `ids` the caller may see, all of them or a 404.
async fn visible(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<Vec<dept_target::Model>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let rows = repo::by_ids(&state.db, &me.tenant_id, ids).await?;
    if rows.len() != ids.len() || !rows.iter().all(|t| admits(&scope, t)) {
        return Err(AppError::not_found());
    }
    Ok(rows)
}

/// Creates a draft or saves the figures of a draft or a target being revised; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let r = state.reference.fresh(tenant).await?;
    let this_year = Period::of_day(keeper_common::time::today()).year();
    let checked = TargetForm::from_json(&body)?.validate(this_year, &r)?;
    let scope = scope::resolve(state, me).await?;
    if !scope.places(Some(checked.target.dept_id), Some(checked.target.dept_id)) {
        return Err(AppError::field("deptId", "不在您的管辖范围内"));
    }
    let last_year = if checked.needs_last_year() {
        let t = &checked.target;
        let years = actuals::of_year(&state.db, tenant, &t.indicator_code, t.target_year - 1, DeptBasis::Filed).await?;
        last_year_months(&years, t.dept_id)
    } else {
        None
    };
    let id = checked.id;
    let target = checked.split(last_year.as_ref())?;
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    // Under the tenant's lock: one live target per department, year and indicator.
    project_repo::lock(&txn, tenant).await?;
    let same = repo::of_key(&txn, tenant, target.target_year, target.dept_id, &target.indicator_code).await?;
    if same.as_ref().is_some_and(|s| Some(s.id) != id) {
        return Err(AppError::field("indicatorCode", "该单位本年度已有此指标的目标"));
    }
    let author = Author::of(me);
    let id = match id {
        Some(id) => {
            let stored = repo::by_ids(&txn, tenant, &[id]).await?.pop().filter(|t| admits(&scope, t)).ok_or_else(AppError::not_found)?;
            let status = TargetStatus::of_code(&stored.target_status)?;
            if !status.editable() {
                return Err(AppError::bad(format!("{}的目标不能修改，请先调整", status.label())));
            }
            let mut row = target.into_active_model();
            base::updated::<dept_target::Entity>(&mut row, &author);
            if !repo::update_if(&txn, tenant, id, &stored.target_status, row).await? {
                return Err(AppError::bad("目标已变化，请刷新后重试"));
            }
            id
        }
        None => {
            let id = next_id();
            dept_target::Entity::insert(new_draft(target, id, &author)).exec_without_returning(&txn).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// The months a split by last year's structure is made from: the department's actual months of the
/// year before, none when nothing was recorded (`years`: `actuals::of_year` of that year).
pub(crate) fn last_year_months(years: &HashMap<i64, actuals::Year>, dept: i64) -> Option<Months> {
    years.get(&dept).map(actuals::Year::months).filter(|m| m.iter().any(|w| !w.is_zero()))
}

/// A new target as a draft of its first version.
pub(crate) fn new_draft(target: form::Target, id: i64, author: &Author) -> dept_target::ActiveModel {
    let mut row = target.into_active_model();
    row.target_status = Set(TargetStatus::Draft.code().into());
    row.version = Set(1);
    row.issued_name = Set(String::new());
    row.confirmed_name = Set(String::new());
    row.revision_reason = Set(String::new());
    base::created::<dept_target::Entity>(&mut row, id, author);
    row
}

/// Removes drafts, all or none; answers how many.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let rows = visible(state, me, ids).await?;
    if let Some(t) = rows.iter().find(|t| t.target_status != TargetStatus::Draft.code()) {
        let label = TargetStatus::of_code(&t.target_status).map(TargetStatus::label).unwrap_or_default();
        return Err(AppError::bad(format!("{label}的目标不能删除，可调整")));
    }
    let author = Author::of(me);
    let txn = state.db.begin().await?;
    for t in &rows {
        let removal = base::removal::<dept_target::Entity>(&author);
        if !repo::update_if(&txn, &me.tenant_id, t.id, &t.target_status, removal).await? {
            return Err(AppError::bad("目标已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(rows.len())
}

/// Issues (下达) or confirms (确认) targets, all or none; answers how many.
pub async fn step(state: &AppState, me: &CurrentUser, ids: &[i64], step: Step) -> Result<usize, AppError> {
    if step == Step::Revise {
        return Err(AppError::field("step", "调整须逐个填写原因"));
    }
    let rows = visible(state, me, ids).await?;
    let author = Author::of(me);
    let name: String = me.real_name.chars().take(50).collect();
    let txn = state.db.begin().await?;
    for t in &rows {
        let to = lifecycle::next(TargetStatus::of_code(&t.target_status)?, step)?;
        let mut changes = dept_target::ActiveModel { target_status: Set(to.code().into()), ..Default::default() };
        match step {
            Step::Issue => {
                changes.issued_by = Set(Some(me.user_id));
                changes.issued_name = Set(name.clone());
                changes.issued_time = Set(Some(author.at));
                // A re-issued target waits for a new confirmation.
                changes.confirmed_by = Set(None);
                changes.confirmed_name = Set(String::new());
                changes.confirmed_time = Set(None);
            }
            Step::Confirm => {
                changes.confirmed_by = Set(Some(me.user_id));
                changes.confirmed_name = Set(name.clone());
                changes.confirmed_time = Set(Some(author.at));
            }
            Step::Revise => unreachable!("refused above"),
        }
        base::updated::<dept_target::Entity>(&mut changes, &author);
        if !repo::update_if(&txn, &me.tenant_id, t.id, &t.target_status, changes).await? {
            return Err(AppError::bad("目标已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(rows.len())
}

/// Reopens an issued or confirmed target for revision (调整): keeps the version in force with the reason
/// and numbers the next one.
pub async fn revise(state: &AppState, me: &CurrentUser, id: i64, reason: &str) -> Result<(), AppError> {
    let reason = revision_reason(reason)?;
    let t = visible(state, me, &[id]).await?.pop().ok_or_else(AppError::not_found)?;
    let to = lifecycle::next(TargetStatus::of_code(&t.target_status)?, Step::Revise)?;
    let author = Author::of(me);
    let content = serde_json::to_string(&t).map_err(AppError::internal)?;
    let txn = state.db.begin().await?;
    let mut changes = dept_target::ActiveModel {
        target_status: Set(to.code().into()),
        version: Set(t.version + 1),
        revision_reason: Set(reason.to_string()),
        ..Default::default()
    };
    base::updated::<dept_target::Entity>(&mut changes, &author);
    if !repo::update_if(&txn, &me.tenant_id, t.id, &t.target_status, changes).await? {
        return Err(AppError::bad("目标已变化，请刷新后重试"));
    }
    keep_version(&txn, me, &author, (t.id, t.version), content, reason).await?;
    txn.commit().await?;
    Ok(())
}

/// The reason of a revision, trimmed: required, at most 500 characters.
pub(crate) fn revision_reason(reason: &str) -> Result<&str, AppError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(AppError::field("reason", "调整须填写原因"));
    }
    if reason.chars().count() > 500 {
        return Err(AppError::field("reason", "不能超过500个字符"));
    }
    Ok(reason)
}

/// Keeps version `version` of target `target` (a department's or an enterprise's: ids are unique across
/// both tables) as it stood, its wire JSON `content`, with the reason of the revision that ends it.
pub(crate) async fn keep_version<C: sea_orm::ConnectionTrait>(
    db: &C,
    me: &CurrentUser,
    author: &Author<'_>,
    (target, version): (i64, i32),
    content: String,
    reason: &str,
) -> Result<(), AppError> {
    let mut kept = dept_target_version::ActiveModel {
        target_id: Set(target),
        version: Set(version),
        content: Set(Some(content)),
        reason: Set(reason.to_string()),
        create_user_name: Set(me.real_name.chars().take(50).collect()),
        ..Default::default()
    };
    base::created::<dept_target_version::Entity>(&mut kept, next_id(), author);
    dept_target_version::Entity::insert(kept).exec_without_returning(db).await?;
    Ok(())
}

/// The completion view of an indicator at a period (see `completion`).
pub async fn completion(
    state: &AppState,
    me: &CurrentUser,
    period: Period,
    indicator: &str,
    basis: DeptBasis,
) -> Result<Vec<CompletionRow>, AppError> {
    let tenant = me.tenant_id.as_str();
    let r = state.reference.of(tenant).await?;
    if !r.has_key("target_indicator", indicator) {
        return Err(AppError::field("indicatorCode", format!("不是有效的字典值: {indicator}")));
    }
    let scope = scope::resolve(state, me).await?;
    let targets = in_force(&state.db, tenant, period.year(), indicator).await?;
    let territorial = achieved(state, tenant, indicator, period, basis).await?;
    // Industry authorities are measured by their industry, read only when one of them has a target.
    let industry = if targets.iter().any(|t| r.power_type(t.dept_id) == Some(completion::INDUSTRY_AUTHORITY)) {
        achieved(state, tenant, indicator, period, DeptBasis::Industry).await?
    } else {
        completion::Achieved::default()
    };
    Ok(completion::rows(period, indicator, &targets, &territorial, &industry, &r, &scope))
}

async fn achieved(
    state: &AppState,
    tenant: &str,
    indicator: &str,
    period: Period,
    basis: DeptBasis,
) -> Result<completion::Achieved, AppError> {
    let this_year = actuals::of_year(&state.db, tenant, indicator, period.year(), basis).await?;
    let last_year = match period.same_period_last_year() {
        Some(p) => actuals::of_year(&state.db, tenant, indicator, p.year(), basis).await?,
        None => HashMap::new(),
    };
    Ok(completion::Achieved { this_year, last_year })
}

/// The targets of a year and indicator that count: issued, confirmed, or under revision as last issued.
pub async fn in_force<C: sea_orm::ConnectionTrait>(
    db: &C,
    tenant: &str,
    year: i32,
    indicator: &str,
) -> Result<Vec<dept_target::Model>, AppError> {
    let statuses = [TargetStatus::Issued.code(), TargetStatus::Confirmed.code(), TargetStatus::Revising.code()];
    let filter = repo::Filter { year, indicator: Some(indicator.to_string()), depts: None, statuses: Some(statuses.to_vec()) };
    let mut targets = repo::of_year(db, tenant, &filter).await?;
    as_issued(db, tenant, &mut targets).await?;
    Ok(targets)
}

/// The figures of a kept version, read from its wire JSON (of a department or an enterprise target alike):
/// the annual target and the months `m01` … `m12`, each none where the JSON has none.
pub(crate) struct KeptFigures {
    pub annual: Option<rust_decimal::Decimal>,
    pub months: [Option<rust_decimal::Decimal>; 12],
}

pub(crate) fn kept_figures(kept: &dept_target_version::Model) -> Option<KeptFigures> {
    let content = serde_json::from_str::<Value>(kept.content.as_deref()?).ok()?;
    let figure = |key: &str| content.get(key).and_then(Value::as_str).and_then(|s| s.parse::<rust_decimal::Decimal>().ok());
    Some(KeptFigures { annual: figure("annualTarget"), months: std::array::from_fn(|i| figure(&format!("m{:02}", i + 1))) })
}

/// Targets under revision count as last issued: the figures being edited are not the department's
/// until they are issued again. Their kept version holds them.
async fn as_issued<C: sea_orm::ConnectionTrait>(db: &C, tenant: &str, targets: &mut [dept_target::Model]) -> Result<(), AppError> {
    let revising: Vec<i64> = targets.iter().filter(|t| t.target_status == TargetStatus::Revising.code()).map(|t| t.id).collect();
    let mut kept_versions = repo::latest_versions(db, tenant, &revising).await?;
    for t in targets.iter_mut().filter(|t| t.target_status == TargetStatus::Revising.code()) {
        let Some(kept) = kept_versions.remove(&t.id).as_ref().and_then(kept_figures) else { continue };
        if let Some(annual) = kept.annual {
            t.annual_target = annual;
        }
        let months = [
            &mut t.m01, &mut t.m02, &mut t.m03, &mut t.m04, &mut t.m05, &mut t.m06, &mut t.m07, &mut t.m08, &mut t.m09, &mut t.m10,
            &mut t.m11, &mut t.m12,
        ];
        for (m, k) in months.into_iter().zip(kept.months) {
            *m = k;
        }
    }
    Ok(())
}
