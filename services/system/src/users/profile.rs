//! The signed-in person's own account (`user/info`, `update-info`, `update-password`): always the caller's
//! own row, found by the token alone, so nobody reaches another account through these.
use keeper_client::dto::EndSessions;
use keeper_common::AppError;
use keeper_common::envelope::Rendered;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use keeper_security::password::{self, Verdict};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, TransactionTrait};

use super::form::UserInput;
use super::repo;
use super::view::{self, UserView};
use crate::entity::user;
use crate::state::AppState;

/// `user/info`: the caller's own account in the shape administrators see it in. Every page of the web app
/// asks for it; it joins five tables, so the answer is kept until this process's next write
/// (`AppState::own_views`).
pub async fn view(state: &AppState, me: &CurrentUser) -> Result<Rendered<UserView>, AppError> {
    let key = format!("{}:{}", me.tenant_id, me.user_id);
    state
        .own_views
        .get_or_load(&key, async {
            let row = repo::own_row(&state.db, me).await?;
            let view = view::views(state, &me.tenant_id, vec![row]).await?.pop().ok_or_else(AppError::not_found)?;
            Ok(Rendered::data(&view))
        })
        .await
}

/// Writes the profile fields that were sent (name, real name, avatar, e-mail, phone, birthday, sex).
pub async fn update(state: &AppState, me: &CurrentUser, input: UserInput) -> Result<(), AppError> {
    let mut a: user::ActiveModel = repo::own_row(&state.db, me).await?.into();
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
    base::updated::<user::Entity>(&mut a, &Author::of(me));
    a.update(&state.db).await?;
    Ok(())
}

/// Changes the caller's password (md5 hex, checked by the caller) once the old one matches, and ends
/// their other sessions.
pub async fn change_password(state: &AppState, me: &CurrentUser, old_md5: &str, new_md5: &str) -> Result<(), AppError> {
    let row = repo::own_row(&state.db, me).await?;
    if password::verify(old_md5, &row.password).await? == Verdict::Mismatch {
        return Err(AppError::bad("原密码不正确!"));
    }
    let hash = password::hash(new_md5, state.settings.bcrypt_cost).await?;
    let txn = state.db.begin().await?;
    let mut a: user::ActiveModel = row.into();
    a.password = Set(hash);
    base::updated::<user::Entity>(&mut a, &Author::of(me));
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
    Ok(())
}
