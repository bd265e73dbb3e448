//! What an administrator sees of an account (`UserVO`): ids as strings, the display names of its roles,
//! departments and posts, and never the password.
use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_common::id::parse_list;
use schemars::JsonSchema;
use serde::Serialize;

use std::sync::Arc;

use crate::entity::user;
use crate::state::AppState;
use crate::users::repo;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub tenant_name: String,
    pub code: String,
    pub user_type: i32,
    pub account: String,
    pub name: String,
    pub real_name: String,
    pub avatar: String,
    pub email: String,
    pub phone: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub birthday: Option<DateTime<Utc>>,
    pub sex: i32,
    pub sex_name: String,
    pub role_id: String,
    pub role_name: String,
    pub dept_id: String,
    pub dept_name: String,
    pub post_id: String,
    pub post_name: String,
    pub status: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTime<Utc>,
}

/// Views of the tenant's accounts, in the given order, labelled from the tenant's cached names.
pub async fn views(state: &AppState, tenant: &str, rows: Vec<user::Model>) -> Result<Vec<UserView>, AppError> {
    let names = state.user_labels.get_or_load(tenant, async { Ok(Arc::new(repo::tenant_names(&state.db, tenant).await?)) }).await?;
    let join = |ids: &str, map: &std::collections::HashMap<i64, String>| -> String {
        parse_list(ids).unwrap_or_default().iter().filter_map(|id| map.get(id).cloned()).collect::<Vec<_>>().join(",")
    };
    Ok(rows
        .into_iter()
        .map(|u| UserView {
            role_name: join(&u.role_id, &names.roles),
            dept_name: join(&u.dept_id, &names.depts),
            post_name: join(&u.post_id, &names.posts),
            tenant_name: names.tenant.clone(),
            sex_name: match u.sex {
                1 => "男",
                2 => "女",
                _ => "",
            }
            .into(),
            id: u.id,
            tenant_id: u.tenant_id,
            code: u.code,
            user_type: u.user_type,
            account: u.account,
            name: u.name,
            real_name: u.real_name,
            avatar: u.avatar,
            email: u.email,
            phone: u.phone,
            birthday: u.birthday,
            sex: u.sex,
            role_id: u.role_id,
            dept_id: u.dept_id,
            post_id: u.post_id,
            status: u.status,
            create_time: u.create_time,
            update_time: u.update_time,
        })
        .collect())
}
