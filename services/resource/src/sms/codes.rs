//! Verification codes sent by SMS (api-contract §8.5): six random digits kept only as a hash, valid for five
//! minutes, accepted once, dead after five wrong tries; a number gets at most one code a minute and ten an
//! hour. Every rule is a row in `res_sms_code`, so all replicas of the service enforce them together.
use chrono::{Duration, Utc};
use keeper_common::AppError;
use keeper_common::id::next_id;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, ExprTrait, QueryFilter, QuerySelect};
use sha2::{Digest, Sha256};

use crate::entity::sms_code;
use crate::tenant_config;

/// The template variable that carries the code.
pub const VARIABLE: &str = "code";
pub const MAX_ATTEMPTS: i32 = 5;
const TTL_SECONDS: i64 = 300;
const PER_MINUTE: usize = 1;
const PER_HOUR: usize = 10;

pub const WRONG: &str = "短信校验失败";
pub const EXPIRED: &str = "验证码已过期";
pub const TOO_MANY_ATTEMPTS: &str = "尝试次数过多，请重新获取";

/// A code issued for a number: its id goes to the caller, the digits only into the message.
#[derive(Debug)]
pub struct Issued {
    pub id: i64,
    pub code: String,
}

fn hash(id: i64, code: &str) -> String {
    hex::encode(Sha256::digest(format!("{id}:{code}").as_bytes()))
}

/// Issues a code for the number unless it had one in the last minute or ten in the last hour.
pub async fn issue(db: &DatabaseConnection, tenant: &str, phone: &str) -> Result<Issued, AppError> {
    let now = Utc::now();
    let backend = db.get_database_backend();
    // Under the tenant's lock two requests for one number cannot both pass the count.
    let txn = tenant_config::begin_locked(db, tenant).await?;
    let of_number = || sms_code::Entity::find().filter(sms_code::Column::TenantId.eq(tenant)).filter(sms_code::Column::Phone.eq(phone));
    let recent: Vec<chrono::DateTime<Utc>> = of_number()
        .filter(sms_code::Column::CreateTime.gt(keeper_db::utc_value(backend, Some(now - Duration::hours(1)))))
        .select_only()
        .column(sms_code::Column::CreateTime)
        .into_tuple()
        .all(&txn)
        .await?;
    if recent.len() >= PER_HOUR {
        return Err(AppError::TooManyRequests(format!("该号码一小时内最多获取{PER_HOUR}次验证码，请稍后再试")));
    }
    if recent.iter().filter(|t| **t > now - Duration::minutes(1)).count() >= PER_MINUTE {
        return Err(AppError::TooManyRequests("获取验证码过于频繁，请一分钟后再试".into()));
    }
    // The number's codes older than the hour count for nothing any more.
    sms_code::Entity::delete_many()
        .filter(sms_code::Column::TenantId.eq(tenant))
        .filter(sms_code::Column::Phone.eq(phone))
        .filter(sms_code::Column::CreateTime.lte(keeper_db::utc_value(backend, Some(now - Duration::hours(1)))))
        .exec(&txn)
        .await?;
    let id = next_id();
    let code = format!("{:06}", rand::random_range(0..1_000_000u32));
    sms_code::Entity::insert(sms_code::ActiveModel {
        id: Set(id),
        tenant_id: Set(tenant.into()),
        phone: Set(phone.into()),
        code_hash: Set(hash(id, &code)),
        attempts: Set(0),
        consumed: Set(0),
        expire_time: Set(now + Duration::seconds(TTL_SECONDS)),
        create_time: Set(now),
    })
    .exec_without_returning(&txn)
    .await?;
    txn.commit().await?;
    Ok(Issued { id, code })
}

/// Forgets a code whose message the provider did not take, so that it counts against no limit.
pub async fn withdraw(db: &DatabaseConnection, id: i64) -> Result<(), AppError> {
    sms_code::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// Accepts `value` for the code `id` sent to `phone` once; a wrong value uses up one of the attempts.
pub async fn check(db: &DatabaseConnection, tenant: &str, id: i64, phone: &str, value: &str) -> Result<(), AppError> {
    let row = sms_code::Entity::find_by_id(id)
        .filter(sms_code::Column::TenantId.eq(tenant))
        .filter(sms_code::Column::Phone.eq(phone))
        .one(db)
        .await?
        .ok_or_else(|| AppError::bad(WRONG))?;
    if row.consumed != 0 {
        return Err(AppError::bad(WRONG));
    }
    if row.attempts >= MAX_ATTEMPTS {
        return Err(AppError::bad(TOO_MANY_ATTEMPTS));
    }
    if row.expire_time <= Utc::now() {
        return Err(AppError::bad(EXPIRED));
    }
    // Both updates are guarded, so concurrent checks (on any replica) can neither reuse a code nor exceed
    // the attempts.
    let open = || {
        sms_code::Entity::update_many()
            .filter(sms_code::Column::Id.eq(id))
            .filter(sms_code::Column::Consumed.eq(0))
            .filter(sms_code::Column::Attempts.lt(MAX_ATTEMPTS))
    };
    if !constant_time_eq(hash(id, value.trim()).as_bytes(), row.code_hash.as_bytes()) {
        open().col_expr(sms_code::Column::Attempts, Expr::col(sms_code::Column::Attempts).add(1)).exec(db).await?;
        return Err(AppError::bad(WRONG));
    }
    if open().col_expr(sms_code::Column::Consumed, Expr::value(1)).exec(db).await?.rows_affected == 0 {
        return Err(AppError::bad(WRONG));
    }
    Ok(())
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_binds_the_code_to_its_id() {
        assert_eq!(hash(1, "123456"), hex::encode(Sha256::digest(b"1:123456")));
        assert_ne!(hash(1, "123456"), hash(2, "123456"));
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
    }
}
