//! Queries of `biz_investment_forecast`; every function takes the tenant.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::investment_forecast as forecast;
use crate::period::Period;
use crate::review::Status;

/// The live forecasts of a month, optionally of one status, by project.
pub async fn of_period<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    p: Period,
    status: Option<Status>,
) -> Result<Vec<forecast::Model>, AppError> {
    let mut q = forecast::Entity::live(tenant)
        .filter(forecast::Column::ForecastYear.eq(p.year()))
        .filter(forecast::Column::ForecastMonth.eq(p.month() as i32));
    if let Some(s) = status {
        q = q.filter(forecast::Column::ReportStatus.eq(s.code()));
    }
    Ok(q.order_by_asc(forecast::Column::ProjectId).all(db).await?)
}

/// The approved forecasts of a month, by project.
pub async fn approved_of_period<C: ConnectionTrait>(db: &C, tenant: &str, p: Period) -> Result<HashMap<i64, forecast::Model>, AppError> {
    Ok(of_period(db, tenant, p, Some(Status::Approved)).await?.into_iter().map(|f| (f.project_id, f)).collect())
}

/// The live forecast of a project and month (at most one: checked under the tenant's lock).
pub async fn of_key<C: ConnectionTrait>(db: &C, tenant: &str, project: i64, p: Period) -> Result<Option<forecast::Model>, AppError> {
    Ok(forecast::Entity::live(tenant)
        .filter(forecast::Column::ProjectId.eq(project))
        .filter(forecast::Column::ForecastYear.eq(p.year()))
        .filter(forecast::Column::ForecastMonth.eq(p.month() as i32))
        .one(db)
        .await?)
}

pub async fn by_ids<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<Vec<forecast::Model>, AppError> {
    Ok(forecast::Entity::live(tenant).filter(forecast::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// Applies `changes` to a live forecast still at `from` (optimistic: a concurrent move wins once).
pub async fn update_if_status<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    from: Status,
    changes: forecast::ActiveModel,
) -> Result<bool, AppError> {
    let done = forecast::Entity::update_many()
        .set(changes)
        .filter(forecast::Column::Id.eq(id))
        .filter(forecast::Column::TenantId.eq(tenant))
        .filter(forecast::Column::ReportStatus.eq(from.code()))
        .filter(forecast::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}
