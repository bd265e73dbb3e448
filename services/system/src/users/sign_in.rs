//! What auth asks of the accounts while it signs someone in (`/internal/auth/*`): the account with its
//! tenant, roles and lock parameters, and the re-hash of a password stored in an older scheme.
use keeper_client::dto::{LoginContext, LoginParams, LoginUser, TenantInfo};
use keeper_common::AppError;
use keeper_common::id::parse_list;
use sea_orm::ConnectionTrait;

use super::repo;

/// Who is signing in: an account by id (a refreshed session), or by name within a tenant (a password grant).
pub enum Who<'a> {
    Id(i64),
    Named { tenant: &'a str, account: &'a str },
}

/// The live account (none when unknown or deleted), its live tenant and the tenant's lock parameters.
/// Without an account, `asked` names the tenant whose parameters apply.
pub async fn context<C: ConnectionTrait>(db: &C, who: Who<'_>, asked: Option<&str>) -> Result<LoginContext, AppError> {
    let row = match who {
        Who::Id(id) => repo::live_by_id(db, id).await?,
        Who::Named { tenant, account } => repo::live_by_account(db, tenant, account).await?,
    };
    let tenant_code = row.as_ref().map(|u| u.tenant_id.clone()).or_else(|| asked.map(str::to_string)).unwrap_or_default();
    let tenant = crate::tenants::repo::by_code(db, &tenant_code).await?.map(|t| TenantInfo {
        tenant_id: t.tenant_id,
        tenant_name: t.tenant_name,
        status: t.status,
        expire_time: t.expire_time,
    });
    let user = match row {
        None => None,
        Some(u) => {
            let roles = repo::live_roles(db, &u.tenant_id, &parse_list(&u.role_id).unwrap_or_default()).await?;
            Some(LoginUser {
                id: u.id,
                tenant_id: u.tenant_id,
                account: u.account,
                name: u.name,
                real_name: u.real_name,
                avatar: u.avatar,
                password_hash: u.password,
                status: u.status,
                role_ids: roles.iter().map(|r| r.id).collect(),
                role_aliases: roles.into_iter().map(|r| r.role_alias).collect(),
                dept_ids: parse_list(&u.dept_id).unwrap_or_default(),
                post_ids: parse_list(&u.post_id).unwrap_or_default(),
            })
        }
    };
    let num = |v: Option<String>, d: u32| v.and_then(|s| s.trim().parse().ok()).unwrap_or(d);
    let params = LoginParams {
        fail_count: num(crate::params::effective(db, &tenant_code, "account.failCount").await?, 5),
        lock_minutes: num(crate::params::effective(db, &tenant_code, "account.lockMinutes").await?, 30),
    };
    Ok(LoginContext { tenant, user, params })
}

/// Stores the bcrypt hash auth made, at a successful sign-in, of a password stored in an older scheme.
pub async fn upgrade_password<C: ConnectionTrait>(db: &C, user_id: i64, hash: &str) -> Result<(), AppError> {
    if !hash.starts_with("$2") {
        return Err(AppError::bad("only bcrypt hashes are stored"));
    }
    repo::set_password_hash(db, user_id, hash.to_string()).await
}
