//! The signed-in user's own account (`user/info`, `update-info`, `update-password`) and enabling or
//! disabling accounts, which ends their sessions at once.
use actix_web::web;
use chrono::Utc;
use keeper_client::dto::EndSessions;
use keeper_common::envelope::Rendered;
use keeper_common::openapi::Api;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, TransactionTrait};
use serde::Deserialize;
use serde_json::json;

use crate::entity::user;
use crate::state::AppState;
use crate::users::form::UserForm;
use crate::users::repo::own_row;
use crate::users::view::UserView;

pub fn routes(api: &mut Api) {
    api.get("/user/info", info);
    api.post("/user/update-info", update_info);
    api.post("/user/update-password", update_password);
    api.post("/user/enable", enable).permission(&["user_enable"]);
}

/// The caller's own account, in the same shape administrators see it in.
async fn info(state: web::Data<AppState>, me: CurrentUser) -> Result<Rendered<UserView>, AppError> {
    crate::users::own(&state, &me).await
}

/// The fields a person may change on their own profile; anything else in the body (an `id`, roles,
/// the tenant) is ignored, so nobody can edit another account through this endpoint.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ProfileForm {
    name: Option<String>,
    real_name: Option<String>,
    avatar: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_local")]
    birthday: Option<chrono::DateTime<Utc>>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    sex: Option<i32>,
}

/// Same field rules as the administrators' form, applied to the profile fields only.
async fn update_info(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ProfileForm>) -> Result<R, AppError> {
    let f = body.into_inner();
    let input = UserForm {
        name: f.name,
        real_name: f.real_name,
        avatar: f.avatar,
        email: f.email,
        phone: f.phone,
        birthday: f.birthday,
        sex: f.sex,
        ..Default::default()
    }
    .validate(false)?;
    let mut a: user::ActiveModel = own_row(&state.db, &me).await?.into();
    if let Some(v) = input.name {
        a.name = Set(v);
    }
    if let Some(v) = input.real_name {
        a.real_name = Set(v);
    }
    if let Some(v) = input.avatar {
        a.avatar = Set(v);
    }
    if let Some(v) = input.email {
        a.email = Set(v);
    }
    if let Some(v) = input.phone {
        a.phone = Set(v);
    }
    if input.birthday.is_some() {
        a.birthday = Set(input.birthday);
    }
    if let Some(s) = input.sex {
        a.sex = Set(s);
    }
    a.update_user = Set(Some(me.user_id));
    a.update_time = Set(Utc::now());
    a.update(&state.db).await?;
    Ok(R::ok())
}

#[derive(Deserialize, JsonSchema)]
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
    let row = own_row(&state.db, &me).await?;
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

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct EnableForm {
    user_ids: String,
    /// 1 = enable, 2 = disable.
    status: i32,
}

async fn enable(state: web::Data<AppState>, me: CurrentUser, form: web::Form<EnableForm>) -> Result<R<serde_json::Value>, AppError> {
    state.guard.require(&me, "user_enable").await?;
    let ids = crate::users::target_ids("userIds", &form.user_ids)?;
    Ok(R::data(json!({ "count": crate::users::set_status(&state, &me, &ids, form.status).await? })))
}
