//! Self-registration: anyone may ask for an account in a tenant whose `account.registerUser` parameter is
//! "true" (off by default). The account is created pending, with no roles, so it cannot sign in; an
//! administrator of the tenant approves it (active, optionally with roles) or rejects it (soft delete).
use chrono::Utc;
use keeper_common::AppError;
use keeper_common::fields::{opt_text, text};
use keeper_common::id::next_id;
use keeper_db::base::{self, Author, LIVE};
use keeper_security::CurrentUser;
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TransactionTrait};
use serde_json::{Map, Value};

use super::form::{UserForm, UserInput};
use super::privilege::Privileges;
use super::{repo, status};
use crate::entity::user;
use crate::scopes::LocalScopes;
use crate::state::AppState;

/// The tenant parameter that opens registration.
pub const PARAM: &str = "account.registerUser";

/// A checked registration form.
#[derive(Debug)]
pub struct Registration {
    pub tenant_id: String,
    pub password_md5: String,
    pub user: UserInput,
}

impl Registration {
    /// Reads the form; the account, real name, phone and e-mail follow the rules of `user/submit`.
    pub fn parse(body: &Map<String, Value>) -> Result<Registration, AppError> {
        // Read unbounded: the checks below and `UserForm::validate` bound each field with `user/submit`'s own refusal.
        let tenant_id = text(body, "tenantId", usize::MAX, true)?;
        if tenant_id.chars().count() > 12 || !tenant_id.chars().all(|c| c.is_ascii_digit()) {
            return Err(AppError::field("tenantId", "租户ID应为数字"));
        }
        let form = UserForm {
            account: opt_text(body, "account", usize::MAX)?,
            real_name: opt_text(body, "realName", usize::MAX)?,
            password: opt_text(body, "password", usize::MAX)?,
            phone: opt_text(body, "phone", usize::MAX)?,
            email: opt_text(body, "email", usize::MAX)?,
            ..Default::default()
        };
        let password_md5 = form.new_password()?;
        Ok(Registration { tenant_id, password_md5, user: form.validate(true)? })
    }
}

/// Creates the pending account; answers its account name.
pub async fn register(state: &AppState, r: Registration) -> Result<String, AppError> {
    let tenant = repo_tenant(state, &r.tenant_id).await?;
    if tenant.tenant_id != PLATFORM_TENANT {
        if tenant.status != 1 {
            return Err(AppError::bad("租户已被停用,请联系管理员"));
        }
        if tenant.expire_time.is_some_and(|e| e < Utc::now()) {
            return Err(AppError::bad("租户授权已过期,请联系管理员"));
        }
    }
    let open = crate::params::effective(&state.db, &tenant.tenant_id, PARAM).await?;
    if !open.is_some_and(|v| v.trim().eq_ignore_ascii_case("true")) {
        return Err(AppError::bad("该租户未开放用户注册"));
    }
    let hash = keeper_security::password::hash(&r.password_md5, state.settings.bcrypt_cost).await?;
    let u = r.user;
    let account = u.account.unwrap_or_default();
    let real_name = u.real_name.unwrap_or_default();
    let txn = state.db.begin().await?;
    // The same queue, quota and uniqueness as an administrator's `user/submit`: pending accounts count.
    let t = repo::lock_tenant(&txn, &tenant.tenant_id).await?.ok_or_else(|| AppError::field("tenantId", "租户不存在"))?;
    if t.account_number > 0 && repo::count_live(&txn, &t.tenant_id).await? >= t.account_number as u64 {
        return Err(AppError::bad("当前租户已到最大账号额度!"));
    }
    if repo::account_taken(&txn, &t.tenant_id, &account, None).await? {
        return Err(AppError::field("account", format!("当前用户 [{account}] 已存在!")));
    }
    // Not `base::created`: nobody signed in writes this row, so the creator and editor stay empty, and a
    // registration starts pending rather than active.
    let now = Utc::now();
    repo::insert(
        &txn,
        user::ActiveModel {
            id: Set(next_id()),
            tenant_id: Set(t.tenant_id.clone()),
            code: Set(String::new()),
            user_type: Set(1),
            account: Set(account.clone()),
            password: Set(hash),
            name: Set(real_name.clone()),
            real_name: Set(real_name),
            avatar: Set(String::new()),
            email: Set(u.email.unwrap_or_default()),
            phone: Set(u.phone.unwrap_or_default()),
            birthday: Set(None),
            sex: Set(0),
            role_id: Set(String::new()),
            dept_id: Set(String::new()),
            post_id: Set(String::new()),
            create_user: Set(None),
            create_dept: Set(None),
            create_time: Set(now),
            update_user: Set(None),
            update_time: Set(now),
            status: Set(status::PENDING),
            is_deleted: Set(LIVE),
        },
    )
    .await?;
    txn.commit().await?;
    Ok(account)
}

/// The live tenant of a code; an unknown one is a field error (the login page lets people type codes).
async fn repo_tenant(state: &AppState, code: &str) -> Result<crate::entity::tenant::Model, AppError> {
    crate::tenants::repo::by_code(&state.db, code).await?.ok_or_else(|| AppError::field("tenantId", "租户不存在"))
}

/// What the administrator decides about pending accounts.
#[derive(Debug)]
pub enum Verdict {
    /// Active, with these roles when given.
    Approve(Option<Vec<i64>>),
    /// Soft-deleted.
    Reject,
}

/// Decides about pending accounts of the caller's tenant and data scope; answers how many. Other accounts
/// (active, disabled, of another tenant, out of scope) are refused: no audit turns into a back door.
pub async fn audit(state: &AppState, me: &CurrentUser, ids: &[i64], verdict: Verdict) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = keeper_security::data_scope::resolve(&LocalScopes(state.db.clone()), me, super::RESOURCE).await?;
    let rows = repo::visible(&state.db, tenant, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if let Some(u) = rows.iter().find(|u| u.status != status::PENDING) {
        return Err(AppError::field("userIds", format!("账号 [{}] 不是待审核状态", u.account)));
    }
    let privileges = Privileges::of(state, me).await?;
    privileges.check_manageable(state, tenant, &rows).await?;
    let who = Author::of(me);
    let mut changes = user::ActiveModel::default();
    base::updated::<user::Entity>(&mut changes, &who);
    match verdict {
        Verdict::Approve(roles) => {
            changes.status = Set(status::ACTIVE);
            if let Some(role_ids) = roles.filter(|r| !r.is_empty()) {
                // Approving with roles is granting: it needs the grant button and stays within the caller's rights.
                state.guard.require(me, "user_role").await?;
                let roles = repo::live_roles(&state.db, tenant, &role_ids).await?;
                if let Some(missing) = role_ids.iter().find(|id| !roles.iter().any(|r| r.id == **id)) {
                    return Err(AppError::field("roleIds", format!("角色不存在: {missing}")));
                }
                privileges.check_grantable(state, tenant, &roles).await?;
                changes.role_id = Set(keeper_common::id::join(&role_ids));
            }
        }
        Verdict::Reject => changes = base::removal::<user::Entity>(&who),
    }
    let txn = state.db.begin().await?;
    let done = still_pending(&txn, tenant, ids, changes).await?;
    // Another administrator decided first: nothing is half done.
    if done != ids.len() as u64 {
        return Err(AppError::bad("账号状态已变化,请刷新后重试"));
    }
    txn.commit().await?;
    Ok(rows.len())
}

/// Applies `changes` to those of the accounts that are still pending.
async fn still_pending<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64], changes: user::ActiveModel) -> Result<u64, AppError> {
    let done = user::Entity::update_many()
        .set(changes)
        .filter(user::Column::Id.is_in(ids.to_vec()))
        .filter(user::Column::TenantId.eq(tenant))
        .filter(user::Column::IsDeleted.eq(LIVE))
        .filter(user::Column::Status.eq(status::PENDING))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field_of(v: Value) -> String {
        match Registration::parse(v.as_object().unwrap()).unwrap_err() {
            AppError::Field { field, .. } => field,
            other => panic!("not a field error: {other}"),
        }
    }

    #[test]
    fn a_registration_is_checked_like_an_administrators_new_account() {
        let md5 = keeper_security::password::md5_hex("Reg#1");
        let ok = json!({ "tenantId": "123456", "account": "new.one", "realName": "新人", "password": md5, "phone": "138 0000 0000" });
        let r = Registration::parse(ok.as_object().unwrap()).unwrap();
        assert_eq!((r.tenant_id.as_str(), r.user.account.as_deref()), ("123456", Some("new.one")));
        for (body, field) in [
            (json!({ "account": "a", "realName": "甲", "password": md5 }), "tenantId"),
            (json!({ "tenantId": "12x", "account": "a", "realName": "甲", "password": md5 }), "tenantId"),
            (json!({ "tenantId": "123456", "realName": "甲", "password": md5 }), "account"),
            (json!({ "tenantId": "123456", "account": "a b", "realName": "甲", "password": md5 }), "account"),
            (json!({ "tenantId": "123456", "account": "a", "password": md5 }), "realName"),
            (json!({ "tenantId": "123456", "account": "a", "realName": "甲" }), "password"),
            (json!({ "tenantId": "123456", "account": "a", "realName": "甲", "password": "Reg#1" }), "password"),
            (json!({ "tenantId": "123456", "account": "a", "realName": "甲", "password": md5, "email": "x" }), "email"),
            (json!({ "tenantId": "123456", "account": "a", "realName": "甲", "password": md5, "phone": "call" }), "phone"),
            (json!({ "tenantId": "123456", "account": ["a"], "realName": "甲", "password": md5 }), "account"),
        ] {
            assert_eq!(field_of(body), field);
        }
    }
}
