//! Locking a month of output reports (domain-model §2.3.1, "lock the month"): once the committee has
//! presented a month's figures it closes the month, and none of its reports is filed, changed, removed
//! or moved through review until the month is unlocked with a reason. The lock is a `biz_month_lock` row
//! of pillar `output`; lock and unlock are written to `biz_review_log` (kind `output_month`), so the
//! reason for reopening a month is kept.
use keeper_common::AppError;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};

use super::scope::{self, Scope};
use crate::entity::{month_lock, review_log};
use crate::period::Period;
use crate::state::AppState;

pub const PILLAR: &str = "output";
/// The kind of the lock's rows in `biz_review_log`; the id is `year × 100 + month`.
const LOG_KIND: &str = "output_month";

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LockForm {
    /// `2026-03`
    pub period: Option<String>,
    /// Why the month is opened again (required to unlock).
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LockView {
    pub period: String,
    pub locked: bool,
}

fn named(p: Period) -> String {
    format!("{}年{}月", p.year(), p.month())
}

async fn lock_of<C: ConnectionTrait>(db: &C, tenant: &str, p: Period) -> Result<Option<month_lock::Model>, AppError> {
    Ok(month_lock::Entity::find()
        .filter(month_lock::Column::TenantId.eq(tenant))
        .filter(month_lock::Column::Pillar.eq(PILLAR))
        .filter(month_lock::Column::PeriodYear.eq(p.year()))
        .filter(month_lock::Column::PeriodMonth.eq(p.month() as i32))
        .one(db)
        .await?)
}

pub async fn is_locked<C: ConnectionTrait>(db: &C, tenant: &str, p: Period) -> Result<bool, AppError> {
    Ok(lock_of(db, tenant, p).await?.is_some())
}

/// Refuses any change of a report of a locked month, on the field `period`.
pub async fn refuse_if_locked<C: ConnectionTrait>(db: &C, tenant: &str, p: Period) -> Result<(), AppError> {
    if is_locked(db, tenant, p).await? {
        return Err(AppError::field("period", format!("{}已锁定，不能修改产值填报", named(p))));
    }
    Ok(())
}

fn period_of(v: Option<String>) -> Result<Period, AppError> {
    let p = keeper_common::fields::bounded_filter("period", v, 7)?.ok_or_else(|| AppError::field("period", "不能为空"))?;
    Period::parse("period", &p)
}

/// A month is the whole zone's: only the committee (a whole-tenant scope) locks or unlocks it.
async fn committee_only(state: &AppState, me: &CurrentUser) -> Result<(), AppError> {
    match scope::resolve(state, me).await? {
        Scope::All => Ok(()),
        Scope::Some { .. } => Err(AppError::Forbidden("只有管委会可以锁定或解锁月份".into())),
    }
}

async fn log<C: ConnectionTrait>(db: &C, me: &CurrentUser, p: Period, step: &str, reason: String) -> Result<(), AppError> {
    review_log::Entity::insert(review_log::ActiveModel {
        id: Set(keeper_common::id::next_id()),
        tenant_id: Set(me.tenant_id.clone()),
        biz_type: Set(LOG_KIND.into()),
        biz_id: Set(i64::from(p.year()) * 100 + i64::from(p.month())),
        step: Set(step.into()),
        from_status: Set(String::new()),
        to_status: Set(String::new()),
        opinion: Set(reason),
        operator_id: Set(me.user_id),
        operator_name: Set(me.real_name.chars().take(50).collect()),
        create_time: Set(keeper_common::time::now()),
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

pub async fn lock(state: &AppState, me: &CurrentUser, form: LockForm) -> Result<LockView, AppError> {
    committee_only(state, me).await?;
    let p = period_of(form.period)?;
    if p > Period::of_day(keeper_common::time::today()) {
        return Err(AppError::field("period", "不能锁定尚未到来的月份"));
    }
    let inserted = month_lock::Entity::insert(month_lock::ActiveModel {
        id: Set(keeper_common::id::next_id()),
        tenant_id: Set(me.tenant_id.clone()),
        pillar: Set(PILLAR.into()),
        period_year: Set(p.year()),
        period_month: Set(p.month() as i32),
        locked_by: Set(me.user_id),
        locked_name: Set(me.real_name.chars().take(50).collect()),
        locked_time: Set(keeper_common::time::now()),
    })
    .exec_without_returning(&state.db)
    .await;
    match inserted {
        // The unique index of the table answers two lockers at once.
        Err(e) if keeper_db::is_unique_violation(&e) => return Err(AppError::field("period", format!("{}已锁定", named(p)))),
        other => other?,
    };
    log(&state.db, me, p, "lock", String::new()).await?;
    Ok(LockView { period: p.to_string(), locked: true })
}

pub async fn unlock(state: &AppState, me: &CurrentUser, form: LockForm) -> Result<LockView, AppError> {
    committee_only(state, me).await?;
    let p = period_of(form.period)?;
    let reason = keeper_common::fields::trimmed("reason", form.reason, 500, true)?;
    let Some(l) = lock_of(&state.db, &me.tenant_id, p).await? else {
        return Err(AppError::field("period", format!("{}未锁定", named(p))));
    };
    month_lock::Entity::delete_by_id(l.id).exec(&state.db).await?;
    log(&state.db, me, p, "unlock", reason).await?;
    Ok(LockView { period: p.to_string(), locked: false })
}
