//! The system service's per-tenant write lock (`keeper_db::tenant_lock` over `sys_tenant_lock`, as the
//! resource and business services lock their own tables). Writers of one tenant queue here, so the
//! account quota and the rules over live rows that no portable index expresses (unique among undeleted
//! rows) hold under concurrency. Platform-wide writes (tenants, clients, menus) lock tenant 000000.
use keeper_common::AppError;
use sea_orm::ConnectionTrait;

pub const TABLE: &str = "sys_tenant_lock";

/// Takes the tenant's lock for the rest of the transaction `db`. Call it first in the transaction: SQLite
/// then takes its write lock before any read, instead of failing to upgrade a read snapshot. Every tenant
/// has its row from its creation (`provision`, the seed and the migration that added the table).
pub async fn lock<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::lock(db, TABLE, tenant).await?)
}

/// Gives a new tenant its lock row (inside the transaction that creates the tenant).
pub async fn create<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::ensure(db, TABLE, tenant).await?)
}
