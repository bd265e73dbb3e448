//! The signed-in person's own account: `user/info`, `update-info` and `update-password`. Open to every
//! signed-in user; each reaches only the caller's own account (`crate::users::profile`).
use actix_web::web;
use chrono::Utc;
use keeper_common::envelope::Rendered;
use keeper_common::openapi::Api;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use keeper_security::password::is_md5_hex;
use schemars::JsonSchema;
use serde::Deserialize;

use crate::state::AppState;
use crate::users::form::UserForm;
use crate::users::profile;
use crate::users::view::UserView;

pub fn routes(api: &mut Api) {
    api.get("/user/info", info);
    api.post("/user/update-info", update_info);
    api.post("/user/update-password", update_password);
}

/// The caller's own account, in the same shape administrators see it in.
async fn info(state: web::Data<AppState>, me: CurrentUser) -> Result<Rendered<UserView>, AppError> {
    profile::view(&state, &me).await
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
    profile::update(&state, &me, input).await?;
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
    let (old, new, new1) =
        (form.old_password.to_ascii_lowercase(), form.new_password.to_ascii_lowercase(), form.new_password1.to_ascii_lowercase());
    if !is_md5_hex(&new) {
        return Err(AppError::field("newPassword", "格式不正确"));
    }
    if new != new1 {
        return Err(AppError::bad("请输入正确的确认密码!"));
    }
    profile::change_password(&state, &me, &old, &new).await?;
    Ok(R::ok())
}
