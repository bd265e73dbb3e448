//! User administration (api-contract §4.6): the rules and transactions behind `user/list`, `detail`, `submit`,
//! `remove`, `grant`, `reset-password` and `unlock`. Everything stays inside the caller's tenant and their
//! data scope for resource `user`; an account outside either answers 404, exactly like a missing id.
pub mod excel;
pub mod form;
pub mod privilege;
pub mod profile;
pub mod registration;
pub mod repo;
pub mod sign_in;
pub mod status;
pub mod view;

use std::collections::HashSet;

use keeper_client::dto::{ClearLockout, EndSessions};
use keeper_common::AppError;
use keeper_common::id::{next_id, parse_list};
use keeper_common::page::{Page, PageRequest};
use keeper_common::scope::DataScope;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use keeper_security::password;
use sea_orm::{ActiveValue::Set, TransactionTrait};

use crate::entity::{role, user};
use crate::scopes::LocalScopes;
use crate::state::AppState;
use form::UserInput;
use privilege::Privileges;
use view::UserView;

// A new account signs in at once: the status `base::created` stamps must be the active one.
const _: () = assert!(status::ACTIVE == base::NORMAL);

/// The data-scope resource code of accounts.
pub const RESOURCE: &str = "user";
/// The password `reset-password` sets when the `account.initPassword` parameter is missing or empty.
pub const DEFAULT_PASSWORD: &str = "123456";

async fn scope_of(state: &AppState, me: &CurrentUser) -> Result<DataScope, AppError> {
    keeper_security::data_scope::resolve(&LocalScopes(state.db.clone()), me, RESOURCE).await
}

/// Every listed account or none: an id of another tenant, deleted or out of scope is simply "not found".
async fn targets(state: &AppState, me: &CurrentUser, scope: &DataScope, ids: &[i64]) -> Result<Vec<user::Model>, AppError> {
    let rows = repo::visible(&state.db, &me.tenant_id, scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    Ok(rows)
}

pub async fn list(state: &AppState, me: &CurrentUser, filter: repo::Filter, req: PageRequest) -> Result<Page<UserView>, AppError> {
    let scope = scope_of(state, me).await?;
    let in_depts = match filter.dept_id {
        Some(d) => Some(repo::subtree(d, &crate::depts::repo::live(&state.db, &me.tenant_id).await?)),
        None => None,
    };
    let only = repo::matching_ids(&state.db, &me.tenant_id, &scope, in_depts.as_ref()).await?;
    let page = repo::page(&state.db, &me.tenant_id, only.as_deref(), &filter, &req).await?;
    let (rows, page) = page.split();
    Ok(page.with(view::views(state, &me.tenant_id, rows).await?))
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<UserView, AppError> {
    let scope = scope_of(state, me).await?;
    let rows = targets(state, me, &scope, &[id]).await?;
    view::views(state, &me.tenant_id, rows).await?.pop().ok_or_else(AppError::not_found)
}

/// The submitted roles, departments and posts must be live ones of the tenant; answers the roles.
async fn checked_references(state: &AppState, tenant: &str, input: &UserInput) -> Result<Vec<role::Model>, AppError> {
    let roles = match &input.role_ids {
        Some(ids) => {
            let roles = repo::live_roles(&state.db, tenant, ids).await?;
            if let Some(missing) = ids.iter().find(|id| !roles.iter().any(|r| r.id == **id)) {
                return Err(AppError::field("roleId", format!("角色不存在: {missing}")));
            }
            roles
        }
        None => vec![],
    };
    if let Some(ids) = &input.dept_ids {
        let depts = crate::depts::repo::live(&state.db, tenant).await?;
        if let Some(missing) = ids.iter().find(|id| !depts.iter().any(|d| d.id == **id)) {
            return Err(AppError::field("deptId", format!("机构不存在: {missing}")));
        }
    }
    if let Some(ids) = &input.post_ids {
        let posts = repo::live_posts(&state.db, tenant, ids).await?;
        if let Some(missing) = ids.iter().find(|id| !posts.iter().any(|p| p.id == **id)) {
            return Err(AppError::field("postId", format!("岗位不存在: {missing}")));
        }
    }
    Ok(roles)
}

/// A caller may not place an account where they could no longer see it.
fn check_placement(scope: &DataScope, dept_ids: &str, creator: Option<i64>) -> Result<(), AppError> {
    if repo::admits(scope, dept_ids, creator) { Ok(()) } else { Err(AppError::field("deptId", "超出本人的数据权限范围")) }
}

fn duplicate(account: &str) -> AppError {
    AppError::field("account", format!("当前用户 [{account}] 已存在!"))
}

/// Creates an account; answers its id.
pub async fn create(state: &AppState, me: &CurrentUser, input: UserInput, password_md5: &str) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let roles = checked_references(state, tenant, &input).await?;
    Privileges::of(state, me).await?.check_grantable(state, tenant, &roles).await?;
    let dept_id = keeper_common::id::join(input.dept_ids.as_deref().unwrap_or_default());
    check_placement(&scope_of(state, me).await?, &dept_id, Some(me.user_id))?;
    let hash = password::hash(password_md5, state.settings.bcrypt_cost).await?;
    let account = input.account.unwrap_or_default();
    let real_name = input.real_name.unwrap_or_default();
    let txn = state.db.begin().await?;
    let t = repo::lock_tenant(&txn, tenant).await?.ok_or_else(|| AppError::internal(format!("tenant {tenant} has no live row")))?;
    // −1 and 0 mean unlimited (api-contract §6.4).
    if t.account_number > 0 && repo::count_live(&txn, tenant).await? >= t.account_number as u64 {
        return Err(AppError::bad("当前租户已到最大账号额度!"));
    }
    if repo::account_taken(&txn, tenant, &account, None).await? {
        return Err(duplicate(&account));
    }
    let id = next_id();
    let mut row = user::ActiveModel {
        code: Set(input.code.unwrap_or_default()),
        user_type: Set(input.user_type.unwrap_or(1)),
        account: Set(account),
        password: Set(hash),
        name: Set(input.name.filter(|n| !n.is_empty()).unwrap_or_else(|| real_name.clone())),
        real_name: Set(real_name),
        avatar: Set(input.avatar.unwrap_or_default()),
        email: Set(input.email.unwrap_or_default()),
        phone: Set(input.phone.unwrap_or_default()),
        birthday: Set(input.birthday),
        sex: Set(input.sex.unwrap_or(0)),
        role_id: Set(keeper_common::id::join(input.role_ids.as_deref().unwrap_or_default())),
        dept_id: Set(dept_id),
        post_id: Set(keeper_common::id::join(input.post_ids.as_deref().unwrap_or_default())),
        ..Default::default()
    };
    // `created` stamps the status of a new row, `base::NORMAL`, which is `status::ACTIVE` (asserted below).
    base::created::<user::Entity>(&mut row, id, &Author::of(me));
    repo::insert(&txn, row).await?;
    txn.commit().await?;
    Ok(id)
}

fn id_set(s: &str) -> HashSet<i64> {
    parse_list(s).unwrap_or_default().into_iter().collect()
}

/// Updates an account's profile, account name, roles, departments and posts. Never the password, the
/// tenant or the status (`user/enable` owns the status and ends sessions with it).
pub async fn update(state: &AppState, me: &CurrentUser, id: i64, input: UserInput) -> Result<(), AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope_of(state, me).await?;
    let current = targets(state, me, &scope, &[id]).await?.remove(0);
    let privileges = Privileges::of(state, me).await?;
    privileges.check_manageable(state, tenant, std::slice::from_ref(&current)).await?;
    let roles = checked_references(state, tenant, &input).await?;
    let (old_roles, old_depts) = (id_set(&current.role_id), id_set(&current.dept_id));
    let new_roles: Option<HashSet<i64>> = input.role_ids.as_ref().map(|r| r.iter().copied().collect());
    if new_roles.as_ref().is_some_and(|r| *r != old_roles) {
        if id == me.user_id {
            return Err(AppError::bad("不能修改本账号的角色!"));
        }
        // Changing roles is granting: it needs the grant button as well as the edit one.
        state.guard.require(me, "user_role").await?;
        privileges.check_grantable(state, tenant, &roles).await?;
    }
    let dept_id = input.dept_ids.as_deref().map(keeper_common::id::join);
    check_placement(&scope, dept_id.as_deref().unwrap_or(&current.dept_id), current.create_user)?;
    // Roles and departments travel in the tokens: losing a role or moving departments ends the sessions,
    // so narrower rights apply at once instead of when the access token expires.
    let narrowed =
        new_roles.as_ref().is_some_and(|r| !old_roles.is_subset(r)) || dept_id.as_deref().is_some_and(|d| id_set(d) != old_depts);
    let mut changes = user::ActiveModel::default();
    base::updated::<user::Entity>(&mut changes, &Author::of(me));
    let set = |v: Option<String>, col: &mut sea_orm::ActiveValue<String>| {
        if let Some(v) = v {
            *col = Set(v);
        }
    };
    set(input.code, &mut changes.code);
    set(input.name, &mut changes.name);
    set(input.real_name, &mut changes.real_name);
    set(input.avatar, &mut changes.avatar);
    set(input.email, &mut changes.email);
    set(input.phone, &mut changes.phone);
    set(input.role_ids.as_deref().map(keeper_common::id::join), &mut changes.role_id);
    set(dept_id, &mut changes.dept_id);
    set(input.post_ids.as_deref().map(keeper_common::id::join), &mut changes.post_id);
    if let Some(t) = input.user_type {
        changes.user_type = Set(t);
    }
    if let Some(s) = input.sex {
        changes.sex = Set(s);
    }
    if input.birthday.is_some() {
        changes.birthday = Set(input.birthday);
    }
    let txn = state.db.begin().await?;
    repo::lock_tenant(&txn, tenant).await?;
    if let Some(account) = input.account.filter(|a| *a != current.account) {
        if repo::account_taken(&txn, tenant, &account, Some(id)).await? {
            return Err(duplicate(&account));
        }
        changes.account = Set(account);
    }
    if repo::update(&txn, tenant, &[id], changes).await? == 0 {
        return Err(AppError::not_found());
    }
    if narrowed {
        end_sessions(state, &[id], "account roles or departments changed").await?;
    }
    txn.commit().await?;
    if narrowed {
        sweep_sessions(state, &[id], "account roles or departments changed").await;
    }
    Ok(())
}

/// Soft-deletes accounts and ends their sessions; never the caller's own.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    if ids.contains(&me.user_id) {
        return Err(AppError::bad("不能删除本账号!"));
    }
    let scope = scope_of(state, me).await?;
    let rows = targets(state, me, &scope, ids).await?;
    Privileges::of(state, me).await?.check_manageable(state, &me.tenant_id, &rows).await?;
    let txn = state.db.begin().await?;
    repo::update(&txn, &me.tenant_id, ids, base::removal::<user::Entity>(&Author::of(me))).await?;
    end_sessions(state, ids, "account removed").await?;
    txn.commit().await?;
    sweep_sessions(state, ids, "account removed").await;
    Ok(ids.len())
}

/// Sets the roles of accounts (never the caller's own), bounded by what the caller holds.
pub async fn grant(state: &AppState, me: &CurrentUser, user_ids: &[i64], role_ids: &[i64]) -> Result<usize, AppError> {
    if user_ids.contains(&me.user_id) {
        return Err(AppError::bad("不能修改本账号的角色!"));
    }
    let roles = repo::live_roles(&state.db, &me.tenant_id, role_ids).await?;
    if let Some(missing) = role_ids.iter().find(|id| !roles.iter().any(|r| r.id == **id)) {
        return Err(AppError::field("roleIds", format!("角色不存在: {missing}")));
    }
    let scope = scope_of(state, me).await?;
    let rows = targets(state, me, &scope, user_ids).await?;
    let privileges = Privileges::of(state, me).await?;
    privileges.check_manageable(state, &me.tenant_id, &rows).await?;
    privileges.check_grantable(state, &me.tenant_id, &roles).await?;
    let new_roles: HashSet<i64> = role_ids.iter().copied().collect();
    let narrowed: Vec<i64> = rows.iter().filter(|u| !id_set(&u.role_id).is_subset(&new_roles)).map(|u| u.id).collect();
    let mut changes = user::ActiveModel { role_id: Set(keeper_common::id::join(role_ids)), ..Default::default() };
    base::updated::<user::Entity>(&mut changes, &Author::of(me));
    let txn = state.db.begin().await?;
    repo::update(&txn, &me.tenant_id, user_ids, changes).await?;
    end_sessions(state, &narrowed, "account roles changed").await?;
    txn.commit().await?;
    sweep_sessions(state, &narrowed, "account roles changed").await;
    Ok(rows.len())
}

/// Sets the accounts' password to the initial one (`account.initPassword`, else `123456`) and ends their sessions.
pub async fn reset_password(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let scope = scope_of(state, me).await?;
    let rows = targets(state, me, &scope, ids).await?;
    Privileges::of(state, me).await?.check_manageable(state, &me.tenant_id, &rows).await?;
    let initial = crate::params::effective(&state.db, &me.tenant_id, "account.initPassword").await?.filter(|p| !p.trim().is_empty());
    let md5 = password::md5_hex(initial.as_deref().map(str::trim).unwrap_or(DEFAULT_PASSWORD));
    // One hash for all: they share a well-known password anyway, and bcrypt is deliberately slow.
    let hash = password::hash(&md5, state.settings.bcrypt_cost).await?;
    let mut changes = user::ActiveModel { password: Set(hash), ..Default::default() };
    base::updated::<user::Entity>(&mut changes, &Author::of(me));
    let txn = state.db.begin().await?;
    repo::update(&txn, &me.tenant_id, ids, changes).await?;
    end_sessions(state, ids, "password reset").await?;
    txn.commit().await?;
    sweep_sessions(state, ids, "password reset").await;
    Ok(rows.len())
}

/// Switches accounts on (1) or off (2) within the caller's data scope and privileges; switching off
/// ends their sessions. A registration waiting for review is decided by `user/audit`, never switched on.
pub async fn set_status(state: &AppState, me: &CurrentUser, ids: &[i64], status: i32) -> Result<usize, AppError> {
    if !matches!(status, 1 | 2) {
        return Err(AppError::field("status", "取值应为 1(启用) 或 2(停用)"));
    }
    if status == 2 && ids.contains(&me.user_id) {
        return Err(AppError::bad("不能停用本账号!"));
    }
    let scope = scope_of(state, me).await?;
    let rows = targets(state, me, &scope, ids).await?;
    if let Some(r) = rows.iter().find(|r| r.status == status::PENDING) {
        return Err(AppError::field("userIds", format!("账号 [{}] 待审核，请使用审核", r.account)));
    }
    Privileges::of(state, me).await?.check_manageable(state, &me.tenant_id, &rows).await?;
    let mut changes = user::ActiveModel { status: Set(status), ..Default::default() };
    base::updated::<user::Entity>(&mut changes, &Author::of(me));
    let txn = state.db.begin().await?;
    repo::update(&txn, &me.tenant_id, ids, changes).await?;
    if status == 2 {
        end_sessions(state, ids, "account disabled").await?;
    }
    txn.commit().await?;
    if status == 2 {
        sweep_sessions(state, ids, "account disabled").await;
    }
    Ok(rows.len())
}

/// Clears the sign-in lock of accounts the caller can see; answers how many locks or counters existed.
pub async fn unlock(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<u64, AppError> {
    let scope = scope_of(state, me).await?;
    let rows = targets(state, me, &scope, ids).await?;
    let accounts = rows.into_iter().map(|u| u.account).collect();
    state.auth.clear_lockout(&ClearLockout { tenant_id: me.tenant_id.clone(), accounts }).await
}

/// Ends the accounts' sessions inside the caller's transaction: if auth cannot be reached, the error rolls
/// the change back and nothing is half done.
async fn end_sessions(state: &AppState, ids: &[i64], reason: &str) -> Result<(), AppError> {
    for id in ids {
        state.auth.end_sessions(&EndSessions { user_id: Some(*id), tenant_id: None, except_sid: None, reason: reason.into() }).await?;
    }
    Ok(())
}

/// Once more after the commit, for a sign-in that read the old row between the first pass and the commit.
/// The change is already durable, so a failure here is logged rather than answered.
async fn sweep_sessions(state: &AppState, ids: &[i64], reason: &str) {
    if let Err(e) = end_sessions(state, ids, reason).await {
        tracing::warn!(error = %e, "ending sessions after the commit failed");
    }
}
