//! What the platform administrator sees of a tenant: ids as strings, local times, the accounts in use.
use schemars::JsonSchema;
use std::collections::HashMap;

use chrono::{DateTime, Utc};
use keeper_common::AppError;
use sea_orm::ConnectionTrait;
use serde::Serialize;

use crate::entity::tenant;
use crate::tenants::repo;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub tenant_name: String,
    pub domain: String,
    pub background_url: String,
    pub linkman: String,
    pub contact_number: String,
    pub address: String,
    /// −1 (or 0) is unlimited.
    pub account_number: i32,
    /// Live accounts, pending registrations included: they count against the quota.
    pub account_count: i64,
    /// `""` when the tenant never expires.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub expire_time: Option<DateTime<Utc>>,
    pub expired: bool,
    /// 1 = enabled, 2 = disabled.
    pub status: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTime<Utc>,
}

/// A dropdown entry of `tenant/select`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantOption {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub tenant_name: String,
    pub status: i32,
}

pub async fn views<C: ConnectionTrait>(db: &C, rows: Vec<tenant::Model>) -> Result<Vec<TenantView>, AppError> {
    let codes: Vec<String> = rows.iter().map(|t| t.tenant_id.clone()).collect();
    let counts: HashMap<String, i64> = repo::account_counts(db, &codes).await?.into_iter().collect();
    let now = Utc::now();
    Ok(rows
        .into_iter()
        .map(|t| TenantView {
            account_count: counts.get(&t.tenant_id).copied().unwrap_or(0),
            expired: t.tenant_id != keeper_security::claims::PLATFORM_TENANT && t.expire_time.is_some_and(|e| e < now),
            id: t.id,
            tenant_id: t.tenant_id,
            tenant_name: t.tenant_name,
            domain: t.domain,
            background_url: t.background_url,
            linkman: t.linkman,
            contact_number: t.contact_number,
            address: t.address,
            account_number: t.account_number,
            expire_time: t.expire_time,
            status: t.status,
            create_time: t.create_time,
            update_time: t.update_time,
        })
        .collect())
}

pub fn option(t: tenant::Model) -> TenantOption {
    TenantOption { id: t.id, tenant_id: t.tenant_id, tenant_name: t.tenant_name, status: t.status }
}
