//! Tenant administration (api-contract §4.10, §6.4): the rules and transactions behind `tenant/list`, `detail`,
//! `select`, `submit`, `remove`, `setting` and `enable`. Tenants are the platform's business: only callers of
//! tenant 000000 read them, only its administrator changes them. A tenant that is disabled, removed or made
//! to expire loses every session at once, because its people must not keep working on an access token.
pub mod form;
pub mod repo;
pub mod view;

use chrono::Utc;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::Author;
use keeper_security::CurrentUser;
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, TransactionTrait};

use crate::entity::tenant;
use crate::provision::{self, NewTenantAdmin};
use crate::state::AppState;
use form::{Expiry, TenantInput};
use view::{TenantOption, TenantView};

pub const STATUS_ENABLED: i32 = 1;
pub const STATUS_DISABLED: i32 = 2;

/// Reads need `tenant_view` and a caller of the platform tenant. Other tenants are refused even when one of
/// their roles holds the code: quotas, expiries and the other tenants' contacts are not theirs to see.
pub async fn require_read(state: &AppState, me: &CurrentUser) -> Result<(), AppError> {
    if me.tenant_id != PLATFORM_TENANT {
        return Err(AppError::forbidden());
    }
    state.guard.require(me, "tenant_view").await
}

/// Writes need the platform administrator; the button code is declared as well, like on every endpoint.
pub async fn require_write(state: &AppState, me: &CurrentUser, code: &str) -> Result<(), AppError> {
    state.guard.require_administrator(me)?;
    state.guard.require(me, code).await
}

pub async fn list(state: &AppState, filter: repo::Filter, req: PageRequest) -> Result<Page<TenantView>, AppError> {
    let page = repo::page(&state.db, &filter, &req).await?;
    let (rows, page) = page.split();
    Ok(page.with(view::views(&state.db, rows).await?))
}

pub async fn detail(state: &AppState, id: i64) -> Result<TenantView, AppError> {
    let rows = repo::by_ids(&state.db, &[id]).await?;
    view::views(&state.db, rows).await?.pop().ok_or_else(AppError::not_found)
}

pub async fn options(state: &AppState) -> Result<Vec<TenantOption>, AppError> {
    Ok(repo::all(&state.db).await?.into_iter().map(view::option).collect())
}

/// Tenant writes queue on the platform tenant's row, so that two of them cannot both take one domain
/// (there is no unique index: a domain is optional and deleted tenants keep theirs).
async fn lock_tenants<C: ConnectionTrait>(txn: &C) -> Result<(), AppError> {
    crate::tenant_lock::lock(txn, PLATFORM_TENANT).await?;
    Ok(())
}

async fn check_domain<C: ConnectionTrait>(txn: &C, domain: Option<&str>, except: Option<i64>) -> Result<(), AppError> {
    if let Some(d) = domain.filter(|d| !d.is_empty())
        && repo::domain_taken(txn, d, except).await?
    {
        return Err(AppError::field("domain", format!("域名 [{d}] 已被其他租户使用")));
    }
    Ok(())
}

/// An expiry already reached ends the sessions, as disabling does.
fn expired_now(e: Expiry) -> bool {
    matches!(e, Expiry::At(t) if t <= Utc::now())
}

/// Creates a tenant with its administrator role, department, post, business dictionaries and administrator
/// account; answers the row id and the new six-digit code.
pub async fn create(state: &AppState, me: &CurrentUser, f: TenantInput) -> Result<(i64, String), AppError> {
    let password = f.admin_password.ok_or_else(|| AppError::field("adminPassword", "请设置管理员密码"))?;
    let hash = keeper_security::password::hash(&password, state.settings.bcrypt_cost).await?;
    let account = f.admin_account.filter(|a| !a.is_empty()).unwrap_or_else(|| "admin".into());
    let name = f.tenant_name.unwrap_or_default();
    let param = |key: &'static str| crate::params::platform_default(&state.db, key);
    let default_quota = param("tenant.default.accountNumber").await?.and_then(|v| v.trim().parse().ok()).unwrap_or(-1);
    let menu_codes: Vec<String> = param("tenant.default.menuCode")
        .await?
        .unwrap_or_default()
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let now = Utc::now();
    let txn = state.db.begin().await?;
    lock_tenants(&txn).await?;
    check_domain(&txn, f.domain.as_deref(), None).await?;
    let tenant_id = unused_tenant_id(&txn).await?;
    let id = next_id();
    tenant::Entity::insert(tenant::ActiveModel {
        id: Set(id),
        tenant_id: Set(tenant_id.clone()),
        tenant_name: Set(name.clone()),
        domain: Set(f.domain.unwrap_or_default()),
        background_url: Set(f.background_url.unwrap_or_default()),
        linkman: Set(f.linkman.unwrap_or_default()),
        contact_number: Set(f.contact_number.unwrap_or_default()),
        address: Set(f.address.unwrap_or_default()),
        account_number: Set(f.account_number.unwrap_or(default_quota)),
        expire_time: Set(None),
        package_id: Set(None),
        create_user: Set(Some(me.user_id)),
        create_dept: Set(me.dept_ids.first().copied()),
        create_time: Set(now),
        update_user: Set(Some(me.user_id)),
        update_time: Set(now),
        status: Set(STATUS_ENABLED),
        is_deleted: Set(0),
    })
    .exec(&txn)
    .await?;
    write_expiry(&txn, &[id], f.expire_time).await?;
    provision::tenant_admin(
        &txn,
        NewTenantAdmin {
            tenant_id: &tenant_id,
            tenant_name: &name,
            role_name: "管理员",
            role_alias: "admin",
            menu_codes: Some(&menu_codes),
            account: &account,
            real_name: "管理员",
            password_hash: &hash,
            created_by: Some(me.user_id),
        },
    )
    .await?;
    provision::business_dicts(&txn, &tenant_id).await?;
    txn.commit().await?;
    Ok((id, tenant_id))
}

/// A random six-digit code no tenant uses yet.
async fn unused_tenant_id<C: ConnectionTrait>(db: &C) -> Result<String, AppError> {
    for _ in 0..20 {
        let code = format!("{:06}", rand::random_range(100_000..1_000_000u32));
        let taken = tenant::Entity::find().filter(tenant::Column::TenantId.eq(code.as_str())).count(db).await?;
        if taken == 0 {
            return Ok(code);
        }
    }
    Err(AppError::internal("no free tenant code after 20 tries"))
}

/// A plain update of the descriptive fields, the quota and the expiry; the code never changes.
pub async fn update(state: &AppState, me: &CurrentUser, id: i64, f: TenantInput) -> Result<(), AppError> {
    let txn = state.db.begin().await?;
    lock_tenants(&txn).await?;
    let current = repo::by_ids(&txn, &[id]).await?.pop().ok_or_else(AppError::not_found)?;
    if f.tenant_id.as_deref().is_some_and(|t| !t.is_empty() && t != current.tenant_id) {
        return Err(AppError::field("tenantId", "租户ID不可修改"));
    }
    check_domain(&txn, f.domain.as_deref(), Some(id)).await?;
    let mut changes = tenant::ActiveModel { update_user: Set(Some(me.user_id)), update_time: Set(Utc::now()), ..Default::default() };
    let set = |v: Option<String>, col: &mut sea_orm::ActiveValue<String>| {
        if let Some(v) = v {
            *col = Set(v);
        }
    };
    set(f.tenant_name, &mut changes.tenant_name);
    set(f.domain, &mut changes.domain);
    set(f.background_url, &mut changes.background_url);
    set(f.linkman, &mut changes.linkman);
    set(f.contact_number, &mut changes.contact_number);
    set(f.address, &mut changes.address);
    if let Some(n) = f.account_number {
        changes.account_number = Set(n);
    }
    repo::update(&txn, &[id], changes).await?;
    write_expiry(&txn, &[id], f.expire_time).await?;
    let end = expired_now(f.expire_time) && current.tenant_id != PLATFORM_TENANT;
    finish(state, txn, if end { vec![current.tenant_id] } else { vec![] }, "tenant expired").await
}

async fn write_expiry<C: ConnectionTrait>(txn: &C, ids: &[i64], e: Expiry) -> Result<(), AppError> {
    match e {
        Expiry::Keep => Ok(()),
        Expiry::Never => repo::set_expiry(txn, ids, None).await,
        Expiry::At(t) => repo::set_expiry(txn, ids, Some(t)).await,
    }
}

/// Every listed live tenant or none: a missing id fails the whole request.
async fn targets<C: ConnectionTrait>(db: &C, ids: &[i64]) -> Result<Vec<tenant::Model>, AppError> {
    let rows = repo::by_ids(db, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    Ok(rows)
}

fn codes(rows: &[tenant::Model]) -> Vec<String> {
    rows.iter().map(|t| t.tenant_id.clone()).collect()
}

/// Soft-deletes tenants and all their accounts and ends their sessions; never the platform tenant.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let rows = repo::by_ids(&state.db, ids).await?;
    if rows.iter().any(|t| t.tenant_id == PLATFORM_TENANT) {
        return Err(AppError::bad("不可删除管理租户!"));
    }
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    // One author and one moment for the tenants and their accounts. `sys_tenant` is not a base entity
    // (its `tenant_id` is its own code), so its row is stamped by hand.
    let who = Author::of(me);
    let changes =
        tenant::ActiveModel { is_deleted: Set(1), update_user: Set(Some(who.user)), update_time: Set(who.at), ..Default::default() };
    let txn = state.db.begin().await?;
    lock_tenants(&txn).await?;
    repo::update(&txn, ids, changes).await?;
    repo::remove_accounts(&txn, &codes(&rows), &who).await?;
    finish(state, txn, codes(&rows), "tenant removed").await?;
    Ok(rows.len())
}

/// Sets the account quota and, unless `Keep`, the expiry of the listed tenants.
pub async fn setting(state: &AppState, me: &CurrentUser, ids: &[i64], quota: i32, expiry: Expiry) -> Result<usize, AppError> {
    let txn = state.db.begin().await?;
    lock_tenants(&txn).await?;
    let rows = targets(&txn, ids).await?;
    let changes = tenant::ActiveModel {
        account_number: Set(quota),
        update_user: Set(Some(me.user_id)),
        update_time: Set(Utc::now()),
        ..Default::default()
    };
    repo::update(&txn, ids, changes).await?;
    write_expiry(&txn, ids, expiry).await?;
    // The platform tenant is never expiry-checked (§6.4), so its sessions stay.
    let ended = if expired_now(expiry) { codes(&rows).into_iter().filter(|c| c != PLATFORM_TENANT).collect() } else { vec![] };
    finish(state, txn, ended, "tenant expired").await?;
    Ok(rows.len())
}

/// Enables or disables tenants; disabling ends every session of theirs. The platform tenant stays enabled.
pub async fn enable(state: &AppState, me: &CurrentUser, ids: &[i64], status: i32) -> Result<usize, AppError> {
    let txn = state.db.begin().await?;
    lock_tenants(&txn).await?;
    let rows = targets(&txn, ids).await?;
    if status == STATUS_DISABLED && rows.iter().any(|t| t.tenant_id == PLATFORM_TENANT) {
        return Err(AppError::bad("不可停用管理租户!"));
    }
    let changes =
        tenant::ActiveModel { status: Set(status), update_user: Set(Some(me.user_id)), update_time: Set(Utc::now()), ..Default::default() };
    repo::update(&txn, ids, changes).await?;
    finish(state, txn, if status == STATUS_DISABLED { codes(&rows) } else { vec![] }, "tenant disabled").await?;
    Ok(rows.len())
}

/// Ends the tenants' sessions inside the transaction (if auth cannot be reached, the change rolls back and
/// nothing is half done), commits, then ends them once more for a sign-in that read the old row meanwhile.
async fn finish(state: &AppState, txn: sea_orm::DatabaseTransaction, tenants: Vec<String>, reason: &str) -> Result<(), AppError> {
    for t in &tenants {
        state.auth.end_tenant_sessions(t, reason).await?;
    }
    txn.commit().await?;
    for t in &tenants {
        // The change is durable already: a failure of the second pass is logged rather than answered.
        if let Err(e) = state.auth.end_tenant_sessions(t, reason).await {
            tracing::warn!(error = %e, tenant = %t, "ending a tenant's sessions after the commit failed");
        }
    }
    Ok(())
}
