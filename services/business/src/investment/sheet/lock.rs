//! Locking a month of the dispatch sheet (domain-model §2.2.5c, "月报快照"): the committee closes the month
//! once its sheet was presented. The sheet of the whole tenant (grouped by department, unfiltered) is
//! frozen with the lock and served instead of the live one; the month's reports can no longer be
//! submitted, approved or un-approved. Unlocking needs a reason, kept with the frozen sheet; locking again
//! freezes the sheet anew.
//!
//! Locks and report reviews take the tenant's project lock, so a report approved while a month is being
//! locked is either in the frozen sheet or refused.
use keeper_common::AppError;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ConnectionTrait, TransactionTrait};
use serde::{Deserialize, Serialize};

use super::repo::{self, NewLock};
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::ProjectScope;
use crate::period::Period;
use crate::state::AppState;

/// The pillar of `biz_month_lock` whose months the dispatch sheet locks.
pub const PILLAR: &str = "investment";

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LockForm {
    /// `2026-06`
    pub period: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnlockForm {
    /// `2026-06`
    pub period: Option<String>,
    /// Why the month is opened again (required).
    pub reason: Option<String>,
}

/// A lock as answered.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LockView {
    pub period: String,
    pub locked: bool,
    pub locked_by_name: String,
    /// Local `yyyy-MM-dd HH:mm:ss`; empty once unlocked.
    pub locked_time: String,
}

fn period_of(v: Option<String>) -> Result<Period, AppError> {
    let p = keeper_common::fields::bounded_filter("period", v, 7)?.ok_or_else(|| AppError::field("period", "不能为空"))?;
    Period::parse("period", &p)
}

fn named(p: Period) -> String {
    format!("{}年{}月", p.year(), p.month())
}

/// Refuses a change of reports of a locked month. `months` are the months the change touches.
pub async fn refuse_if_locked<C: ConnectionTrait>(db: &C, tenant: &str, months: &[Period]) -> Result<(), AppError> {
    match repo::locked_among(db, tenant, PILLAR, months).await?.into_iter().min() {
        Some(p) => Err(AppError::field("period", format!("{}已锁定，不能修改月报", named(p)))),
        None => Ok(()),
    }
}

/// A month is the whole zone's: only the committee (a whole-tenant scope) locks or unlocks it, whatever
/// buttons a park's role was given.
async fn committee_only(state: &AppState, me: &CurrentUser) -> Result<(), AppError> {
    match crate::investment::project::scope::resolve(state, me).await? {
        ProjectScope::All => Ok(()),
        ProjectScope::Some { .. } => Err(AppError::Forbidden("只有管委会可以锁定或解锁月份".into())),
    }
}

pub async fn lock(state: &AppState, me: &CurrentUser, form: LockForm) -> Result<LockView, AppError> {
    committee_only(state, me).await?;
    let period = period_of(form.period)?;
    if period > Period::of_day(keeper_common::time::today()) {
        return Err(AppError::field("period", "不能锁定尚未到来的月份"));
    }
    let tenant = me.tenant_id.as_str();
    // Fresh: the frozen sheet names the departments as they are at this moment.
    let reference = state.reference.fresh(tenant).await?;
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    if repo::lock_of(&txn, tenant, PILLAR, period).await?.is_some() {
        return Err(AppError::field("period", format!("{}已锁定", named(period))));
    }
    // The whole tenant's sheet: each reader's scope and filters apply when it is served.
    let frozen = super::read(&txn, &reference, tenant, &ProjectScope::All, period).await?;
    let rows = serde_json::to_string(&frozen).map_err(|e| AppError::internal(e.to_string()))?;
    let l = NewLock {
        id: keeper_common::id::next_id(),
        tenant,
        pillar: PILLAR,
        period,
        by: me.user_id,
        name: me.real_name.chars().take(50).collect(),
        at: keeper_common::time::now(),
    };
    repo::insert_lock(&txn, &l, rows).await?;
    txn.commit().await?;
    Ok(LockView { period: period.to_string(), locked: true, locked_by_name: l.name, locked_time: keeper_common::time::format(&l.at) })
}

pub async fn unlock(state: &AppState, me: &CurrentUser, form: UnlockForm) -> Result<LockView, AppError> {
    committee_only(state, me).await?;
    let period = period_of(form.period)?;
    let reason = keeper_common::fields::trimmed("reason", form.reason, 500, true)?;
    let tenant = me.tenant_id.as_str();
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let Some(l) = repo::lock_of(&txn, tenant, PILLAR, period).await? else {
        return Err(AppError::field("period", format!("{}未锁定", named(period))));
    };
    repo::remove_lock(&txn, &l, me.user_id, me.real_name.chars().take(50).collect(), keeper_common::time::now(), reason).await?;
    txn.commit().await?;
    Ok(LockView { period: period.to_string(), locked: false, locked_by_name: String::new(), locked_time: String::new() })
}
