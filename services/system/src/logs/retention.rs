//! How long logs are kept: the platform parameter `log.retentionDays` (180 when unset or not a positive
//! number of days). Older login, operation and error rows are deleted at start and every hour after.
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use keeper_client::dto::Pruned;
use keeper_common::AppError;
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use crate::entity::{api_log, error_log, login_log};

pub const PARAM: &str = "log.retentionDays";
pub const DEFAULT_DAYS: i64 = 180;
/// A hundred years: longer only overflows the date arithmetic.
const MAX_DAYS: i64 = 36_500;
const EVERY: Duration = Duration::from_secs(3600);

/// The days logs are kept. Only the platform's value counts: a tenant cannot shorten its own audit trail.
pub async fn days(db: &DatabaseConnection) -> Result<i64, AppError> {
    let value = crate::params::effective(db, PLATFORM_TENANT, PARAM).await?;
    Ok(match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => DEFAULT_DAYS,
        Some(v) => match v.parse::<i64>() {
            Ok(d) if d > 0 => d.min(MAX_DAYS),
            _ => {
                tracing::warn!(param = PARAM, value = v, "not a positive number of days; keeping logs {DEFAULT_DAYS} days");
                DEFAULT_DAYS
            }
        },
    })
}

/// Deletes the rows of all three logs written before `now` minus the retention.
pub async fn prune(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<Pruned, AppError> {
    let Some(cutoff) = TimeDelta::try_days(days(db).await?).and_then(|d| now.checked_sub_signed(d)) else {
        return Ok(Pruned::default());
    };
    let before = keeper_db::utc_value(db.get_database_backend(), Some(cutoff));
    Ok(Pruned {
        login: login_log::Entity::delete_many().filter(login_log::Column::CreateTime.lt(before.clone())).exec(db).await?.rows_affected,
        api: api_log::Entity::delete_many().filter(api_log::Column::CreateTime.lt(before.clone())).exec(db).await?.rows_affected,
        error: error_log::Entity::delete_many().filter(error_log::Column::CreateTime.lt(before)).exec(db).await?.rows_affected,
    })
}

/// Prunes now and every hour while the service runs.
pub fn spawn(db: DatabaseConnection) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        loop {
            tick.tick().await;
            match prune(&db, Utc::now()).await {
                Ok(p) if p.login + p.api + p.error > 0 => {
                    tracing::info!(login = p.login, api = p.api, error = p.error, "old log rows deleted");
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "log pruning failed"),
            }
        }
    });
}
