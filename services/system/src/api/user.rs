//! The signed-in user's own account (`user/info`, `update-info`, `update-password`) and enabling or
//! disabling accounts, which ends their sessions at once.
use actix_web::web;
use chrono::Utc;
use keeper_client::dto::EndSessions;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::entity::{dept, post, role, tenant, user};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/user/info", web::get().to(info))
        .route("/user/update-info", web::post().to(update_info))
        .route("/user/update-password", web::post().to(update_password))
        .route("/user/enable", web::post().to(enable));
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    #[serde(with = "keeper_common::id::as_string")]
    id: i64,
    tenant_id: String,
    tenant_name: String,
    account: String,
    name: String,
    real_name: String,
    avatar: String,
    email: String,
    phone: String,
    #[serde(with = "keeper_common::time::opt_local")]
    birthday: Option<chrono::DateTime<Utc>>,
    sex: i32,
    role_id: String,
    role_name: String,
    dept_id: String,
    dept_name: String,
    post_id: String,
    post_name: String,
    status: i32,
    #[serde(with = "keeper_common::time::local")]
    create_time: chrono::DateTime<Utc>,
}

fn ids(s: &str) -> Vec<i64> {
    keeper_common::id::parse_list(s).unwrap_or_default()
}

async fn own_row(state: &AppState, me: &CurrentUser) -> Result<user::Model, AppError> {
    user::Entity::find_by_id(me.user_id)
        .filter(user::Column::TenantId.eq(me.tenant_id.as_str()))
        .filter(user::Column::IsDeleted.eq(0))
        .one(&state.db)
        .await?
        .ok_or_else(AppError::not_found)
}

async fn info(state: web::Data<AppState>, me: CurrentUser) -> Result<R<UserView>, AppError> {
    let u = own_row(&state, &me).await?;
    let db = &state.db;
    let names = |v: Vec<String>| v.join(",");
    let roles = role::Entity::find()
        .filter(role::Column::Id.is_in(ids(&u.role_id)))
        .filter(role::Column::TenantId.eq(u.tenant_id.as_str()))
        .all(db)
        .await?;
    let depts = dept::Entity::find()
        .filter(dept::Column::Id.is_in(ids(&u.dept_id)))
        .filter(dept::Column::TenantId.eq(u.tenant_id.as_str()))
        .all(db)
        .await?;
    let posts = post::Entity::find()
        .filter(post::Column::Id.is_in(ids(&u.post_id)))
        .filter(post::Column::TenantId.eq(u.tenant_id.as_str()))
        .all(db)
        .await?;
    let tenant_name = tenant::Entity::find()
        .filter(tenant::Column::TenantId.eq(u.tenant_id.as_str()))
        .one(db)
        .await?
        .map(|t| t.tenant_name)
        .unwrap_or_default();
    Ok(R::data(UserView {
        id: u.id,
        tenant_id: u.tenant_id,
        tenant_name,
        account: u.account,
        name: u.name,
        real_name: u.real_name,
        avatar: u.avatar,
        email: u.email,
        phone: u.phone,
        birthday: u.birthday,
        sex: u.sex,
        role_id: u.role_id,
        role_name: names(roles.into_iter().map(|r| r.role_name).collect()),
        dept_id: u.dept_id,
        dept_name: names(depts.into_iter().map(|d| d.dept_name).collect()),
        post_id: u.post_id,
        post_name: names(posts.into_iter().map(|p| p.post_name).collect()),
        status: u.status,
        create_time: u.create_time,
    }))
}

/// The fields a person may change on their own profile; anything else in the body (an `id`, roles,
/// the tenant) is ignored, so nobody can edit another account through this endpoint.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProfileForm {
    name: Option<String>,
    real_name: Option<String>,
    avatar: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    #[serde(default, with = "keeper_common::time::opt_local")]
    birthday: Option<chrono::DateTime<Utc>>,
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    sex: Option<i32>,
}

fn checked(field: &str, v: Option<String>, max: usize) -> Result<Option<String>, AppError> {
    match v.map(|s| s.trim().to_string()) {
        Some(s) if s.chars().count() > max => Err(AppError::field(field, format!("长度不能超过 {max} 个字符"))),
        other => Ok(other),
    }
}

async fn update_info(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ProfileForm>) -> Result<R, AppError> {
    let f = body.into_inner();
    let mut a: user::ActiveModel = own_row(&state, &me).await?.into();
    if let Some(v) = checked("name", f.name, 20)? {
        a.name = Set(v);
    }
    if let Some(v) = checked("realName", f.real_name, 20)? {
        if v.is_empty() {
            return Err(AppError::field("realName", "不能为空"));
        }
        a.real_name = Set(v);
    }
    if let Some(v) = checked("avatar", f.avatar, 500)? {
        a.avatar = Set(v);
    }
    if let Some(v) = checked("email", f.email, 45)? {
        let plausible = v.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.'));
        if !v.is_empty() && !plausible {
            return Err(AppError::field("email", "不是有效的邮箱地址"));
        }
        a.email = Set(v);
    }
    if let Some(v) = checked("phone", f.phone, 20)? {
        if !v.chars().all(|c| c.is_ascii_digit() || "+- ".contains(c)) {
            return Err(AppError::field("phone", "不是有效的电话号码"));
        }
        a.phone = Set(v);
    }
    if f.birthday.is_some() {
        a.birthday = Set(f.birthday);
    }
    if let Some(s) = f.sex {
        if !(0..=2).contains(&s) {
            return Err(AppError::field("sex", "取值应为 1(男) 或 2(女)"));
        }
        a.sex = Set(s);
    }
    a.update_user = Set(Some(me.user_id));
    a.update_time = Set(Utc::now());
    a.update(&state.db).await?;
    Ok(R::ok())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PasswordForm {
    old_password: String,
    new_password: String,
    new_password1: String,
}

/// Changes the caller's password (md5 hex on the wire) and ends their other sessions.
async fn update_password(state: web::Data<AppState>, me: CurrentUser, form: web::Form<PasswordForm>) -> Result<R, AppError> {
    use keeper_security::password::{self, Verdict};
    let (old, new, new1) =
        (form.old_password.to_ascii_lowercase(), form.new_password.to_ascii_lowercase(), form.new_password1.to_ascii_lowercase());
    if !password::is_md5_hex(&new) {
        return Err(AppError::field("newPassword", "格式不正确"));
    }
    if new != new1 {
        return Err(AppError::bad("请输入正确的确认密码!"));
    }
    let row = own_row(&state, &me).await?;
    if password::verify(&old, &row.password).await? == Verdict::Mismatch {
        return Err(AppError::bad("原密码不正确!"));
    }
    let hash = password::hash(&new, state.settings.bcrypt_cost).await?;
    let txn = state.db.begin().await?;
    let mut a: user::ActiveModel = row.into();
    a.password = Set(hash);
    a.update_user = Set(Some(me.user_id));
    a.update_time = Set(Utc::now());
    a.update(&txn).await?;
    // Sessions end before the commit: if auth cannot be reached, the old password stays valid and nothing is half done.
    state
        .auth
        .end_sessions(&EndSessions {
            user_id: Some(me.user_id),
            tenant_id: None,
            except_sid: Some(me.session_id.clone()),
            reason: "password changed".into(),
        })
        .await?;
    txn.commit().await?;
    Ok(R::ok())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct EnableForm {
    user_ids: String,
    /// 1 = enable, 2 = disable.
    status: i32,
}

async fn enable(state: web::Data<AppState>, me: CurrentUser, form: web::Form<EnableForm>) -> Result<R<serde_json::Value>, AppError> {
    state.guard.require(&me, "user_enable").await?;
    let ids = keeper_common::id::parse_list(&form.user_ids).map_err(|r| AppError::field("userIds", r))?;
    if ids.is_empty() {
        return Err(AppError::field("userIds", "不能为空"));
    }
    if !matches!(form.status, 1 | 2) {
        return Err(AppError::field("status", "取值应为 1(启用) 或 2(停用)"));
    }
    if form.status == 2 && ids.contains(&me.user_id) {
        return Err(AppError::bad("不能停用本账号!"));
    }
    let txn = state.db.begin().await?;
    let rows = user::Entity::find()
        .filter(user::Column::Id.is_in(ids.clone()))
        .filter(user::Column::TenantId.eq(me.tenant_id.as_str()))
        .filter(user::Column::IsDeleted.eq(0))
        .all(&txn)
        .await?;
    // Ids of other tenants look exactly like missing ones.
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    for r in rows {
        let mut a: user::ActiveModel = r.into();
        a.status = Set(form.status);
        a.update_user = Set(Some(me.user_id));
        a.update_time = Set(Utc::now());
        a.update(&txn).await?;
    }
    if form.status == 2 {
        for id in &ids {
            state
                .auth
                .end_sessions(&EndSessions { user_id: Some(*id), tenant_id: None, except_sid: None, reason: "account disabled".into() })
                .await?;
        }
    }
    txn.commit().await?;
    Ok(R::data(json!({ "count": ids.len() })))
}
