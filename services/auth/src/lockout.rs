//! Locking accounts and addresses after repeated failed sign-ins (`account.failCount` within
//! `account.lockMinutes`), kept in the auth database so every replica sees the same counters.
use chrono::{DateTime, Duration, Utc};
use keeper_common::AppError;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};

use crate::entity::login_failure::{ActiveModel, Column, Entity};

/// An address gets more room than an account: many clerks may share one office NAT.
const IP_FACTOR: u32 = 4;

pub fn account_key(tenant_id: &str, account: &str) -> String {
    format!("acct:{tenant_id}:{account}")
}
pub fn ip_key(ip: &str) -> String {
    format!("ip:{ip}")
}

/// Forgets the failure counters and locks of the tenant's accounts; answers how many existed.
pub async fn clear_accounts(db: &DatabaseConnection, tenant_id: &str, accounts: &[String]) -> Result<u64, AppError> {
    let keys: Vec<String> = accounts.iter().map(|a| account_key(tenant_id, a)).collect();
    if keys.is_empty() {
        return Ok(0);
    }
    Ok(Entity::delete_many().filter(Column::Id.is_in(keys)).exec(db).await?.rows_affected)
}

pub struct Lockout<'a> {
    pub db: &'a DatabaseConnection,
    pub fail_count: u32,
    pub lock_minutes: u32,
}

impl Lockout<'_> {
    pub async fn is_locked(&self, key: &str, now: DateTime<Utc>) -> Result<bool, AppError> {
        Ok(Entity::find_by_id(key.to_string()).one(self.db).await?.and_then(|r| r.locked_until).is_some_and(|t| t > now))
    }

    pub async fn record_failure(&self, key: &str, is_ip: bool, now: DateTime<Utc>) -> Result<(), AppError> {
        let limit = if is_ip { self.fail_count * IP_FACTOR } else { self.fail_count }.max(1) as i32;
        let window = Duration::minutes(self.lock_minutes.max(1) as i64);
        let existing = Entity::find_by_id(key.to_string()).one(self.db).await?;
        let (failures, start) = match &existing {
            Some(r) if r.window_start + window > now => (r.failures + 1, r.window_start),
            _ => (1, now),
        };
        let locked_until = (failures >= limit).then(|| now + window);
        let row =
            ActiveModel { id: Set(key.to_string()), failures: Set(failures), window_start: Set(start), locked_until: Set(locked_until) };
        if existing.is_some() {
            row.update(self.db).await?;
        } else if let Err(e) = Entity::insert(row).exec(self.db).await {
            // Two first failures raced to create the row: the winner's row already counts one of them.
            if !keeper_db::is_unique_violation(&e) {
                return Err(e.into());
            }
        }
        Ok(())
    }

    pub async fn clear(&self, key: &str) -> Result<(), AppError> {
        Entity::delete_by_id(key.to_string()).exec(self.db).await?;
        Ok(())
    }
}
