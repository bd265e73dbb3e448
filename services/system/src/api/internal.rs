//! The internal API other services call through `keeper_client::SystemClient` (never routed by the gateway).
use actix_web::web;
use chrono::Utc;
use keeper_client::dto::*;
use keeper_common::id::next_id;
use keeper_common::openapi::Api;
use keeper_common::{AppError, R};
use keeper_security::ServiceCaller;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::entity::{client, login_log, role, tenant, user};
use crate::params::effective;
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    api.internal("/internal/auth/login-context", web::get().to(login_context));
    api.internal("/internal/auth/password-upgrade", web::post().to(password_upgrade));
    api.internal("/internal/clients", web::get().to(oauth_client));
    api.internal("/internal/login-log", web::post().to(record_login));
    api.internal("/internal/permissions", web::get().to(permissions));
    api.internal("/internal/data-scope", web::get().to(data_scope));
    api.internal("/internal/tenant-reference", web::get().to(tenant_reference));
    api.internal("/internal/log/prune", web::post().to(prune_logs));
    // A batch of 200 events with long parameters outgrows the default body limit.
    api.internal_resource("/internal/log/batch", |resource| {
        resource
            .app_data(web::JsonConfig::default().limit(16 * 1024 * 1024).error_handler(keeper_common::error::json_error_handler))
            .route(web::post().to(record_logs))
    });
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ContextQuery {
    tenant_id: Option<String>,
    account: Option<String>,
    user_id: Option<i64>,
}

async fn login_context(_: ServiceCaller, state: web::Data<AppState>, q: web::Query<ContextQuery>) -> Result<R<LoginContext>, AppError> {
    let db = &state.db;
    let live = |q: sea_orm::Select<user::Entity>| q.filter(user::Column::IsDeleted.eq(0));
    let row = match (&q.user_id, &q.tenant_id, &q.account) {
        (Some(id), _, _) => live(user::Entity::find_by_id(*id)).one(db).await?,
        (None, Some(t), Some(a)) => {
            live(user::Entity::find())
                .filter(user::Column::TenantId.eq(t.as_str()))
                .filter(user::Column::Account.eq(a.as_str()))
                .one(db)
                .await?
        }
        _ => return Err(AppError::bad("userId or tenantId and account are required")),
    };
    let tenant_code = row.as_ref().map(|u| u.tenant_id.clone()).or_else(|| q.tenant_id.clone()).unwrap_or_default();
    let tenant = tenant::Entity::find()
        .filter(tenant::Column::TenantId.eq(tenant_code.as_str()))
        .filter(tenant::Column::IsDeleted.eq(0))
        .one(db)
        .await?
        .map(|t| TenantInfo { tenant_id: t.tenant_id, tenant_name: t.tenant_name, status: t.status, expire_time: t.expire_time });
    let user = match row {
        None => None,
        Some(u) => {
            let role_ids = keeper_common::id::parse_list(&u.role_id).unwrap_or_default();
            let roles = role::Entity::find()
                .filter(role::Column::Id.is_in(role_ids))
                .filter(role::Column::TenantId.eq(u.tenant_id.as_str()))
                .filter(role::Column::IsDeleted.eq(0))
                .all(db)
                .await?;
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
                dept_ids: keeper_common::id::parse_list(&u.dept_id).unwrap_or_default(),
                post_ids: keeper_common::id::parse_list(&u.post_id).unwrap_or_default(),
            })
        }
    };
    let num = |v: Option<String>, d: u32| v.and_then(|s| s.trim().parse().ok()).unwrap_or(d);
    let params = LoginParams {
        fail_count: num(effective(db, &tenant_code, "account.failCount").await?, 5),
        lock_minutes: num(effective(db, &tenant_code, "account.lockMinutes").await?, 30),
    };
    Ok(R::data(LoginContext { tenant, user, params }))
}

async fn password_upgrade(_: ServiceCaller, state: web::Data<AppState>, body: web::Json<PasswordUpgrade>) -> Result<R<Value>, AppError> {
    if !body.password_hash.starts_with("$2") {
        return Err(AppError::bad("only bcrypt hashes are stored"));
    }
    let u = user::Entity::find_by_id(body.user_id).one(&state.db).await?.ok_or_else(AppError::not_found)?;
    let mut a: user::ActiveModel = u.into();
    a.password = Set(body.password_hash.clone());
    sea_orm::ActiveModelTrait::update(a, &state.db).await?;
    Ok(R::data(json!({})))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ClientQuery {
    client_id: String,
}

async fn oauth_client(
    _: ServiceCaller,
    state: web::Data<AppState>,
    q: web::Query<ClientQuery>,
) -> Result<R<Option<OAuthClient>>, AppError> {
    let c = client::Entity::find()
        .filter(client::Column::ClientId.eq(q.client_id.as_str()))
        .filter(client::Column::IsDeleted.eq(0))
        .filter(client::Column::Status.eq(1))
        .one(&state.db)
        .await?;
    Ok(R::data(c.map(|c| OAuthClient {
        client_id: c.client_id,
        secret_hash: c.client_secret,
        grant_types: c.authorized_grant_types.split(',').map(|g| g.trim().to_string()).filter(|g| !g.is_empty()).collect(),
        access_token_validity: c.access_token_validity as i64,
        refresh_token_validity: c.refresh_token_validity as i64,
    })))
}

fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

async fn record_login(_: ServiceCaller, state: web::Data<AppState>, body: web::Json<LoginLogEntry>) -> Result<R<Value>, AppError> {
    let e = body.into_inner();
    login_log::Entity::insert(login_log::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(cut(&e.tenant_id, 12)),
        account: Set(cut(&e.account, 45)),
        user_id: Set(e.user_id),
        success: Set(e.success as i32),
        message: Set(cut(&e.message, 255)),
        grant_type: Set(cut(&e.grant_type, 32)),
        client_id: Set(cut(&e.client_id, 48)),
        ip: Set(cut(&e.ip, 64)),
        user_agent: Set(cut(&e.user_agent, 500)),
        create_time: Set(e.time.min(Utc::now())),
    })
    .exec(&state.db)
    .await?;
    Ok(R::data(json!({})))
}

/// Operation and error events of the other services (`keeper_runtime::oplog`).
async fn record_logs(_: ServiceCaller, state: web::Data<AppState>, body: web::Json<Vec<LogEvent>>) -> Result<R<Value>, AppError> {
    crate::logs::store::store(&state.db, &body).await?;
    Ok(R::data(json!({ "count": body.len() })))
}

/// Applies the retention now (the hourly task does the same).
async fn prune_logs(_: ServiceCaller, state: web::Data<AppState>) -> Result<R<Pruned>, AppError> {
    Ok(R::data(crate::logs::retention::prune(&state.db, Utc::now()).await?))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PermissionQuery {
    tenant_id: String,
    role_ids: String,
}

async fn permissions(_: ServiceCaller, state: web::Data<AppState>, q: web::Query<PermissionQuery>) -> Result<R<Vec<String>>, AppError> {
    let ids = keeper_common::id::parse_list(&q.role_ids).map_err(|r| AppError::field("roleIds", r))?;
    let ids = crate::state::granted_menu_ids(&state.db, &q.tenant_id, &ids).await?;
    let all = state.menus.all().await?;
    Ok(R::data(all.iter().filter(|m| ids.contains(&m.id)).map(|m| m.code.clone()).collect()))
}

async fn data_scope(
    _: ServiceCaller,
    state: web::Data<AppState>,
    q: web::Query<DataScopeQuery>,
) -> Result<R<keeper_common::scope::DataScope>, AppError> {
    let role_ids = keeper_common::id::parse_list(&q.role_ids).map_err(|r| AppError::field("roleIds", r))?;
    let dept_ids = keeper_common::id::parse_list(&q.dept_ids).map_err(|r| AppError::field("deptIds", r))?;
    let scope = crate::scopes::resolve(
        &state.db,
        crate::scopes::ScopeQuery {
            tenant_id: &q.tenant_id,
            user_id: q.user_id,
            role_ids: &role_ids,
            dept_ids: &dept_ids,
            resource: &q.resource,
        },
    )
    .await?;
    Ok(R::data(scope))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReferenceQuery {
    tenant_id: String,
    /// Comma-joined business dictionary codes.
    codes: String,
}

/// The tenant's live departments and the live, unsealed items of the named business dictionaries.
async fn tenant_reference(
    _: ServiceCaller,
    state: web::Data<AppState>,
    q: web::Query<ReferenceQuery>,
) -> Result<R<keeper_client::system::TenantReference>, AppError> {
    use keeper_client::system::{DeptRef, DictEntry, TenantReference};
    use sea_orm::QueryOrder;

    use crate::entity::dept;
    let depts = dept::Entity::find()
        .filter(dept::Column::TenantId.eq(q.tenant_id.as_str()))
        .filter(dept::Column::IsDeleted.eq(0))
        .order_by_asc(dept::Column::Sort)
        .order_by_asc(dept::Column::Id)
        .all(&state.db)
        .await?;
    let codes: Vec<&str> = q.codes.split(',').map(str::trim).filter(|c| !c.is_empty()).take(50).collect();
    let items = crate::dicts::lookup::biz_items(&state.db, &q.tenant_id, &codes).await?;
    let mut reference = TenantReference {
        depts: depts
            .into_iter()
            .map(|d| DeptRef { id: d.id, parent_id: d.parent_id, name: d.dept_name, power_type: d.power_type })
            .collect(),
        ..Default::default()
    };
    for item in items {
        reference.dicts.entry(item.code).or_default().push(DictEntry { key: item.dict_key, label: item.dict_value });
    }
    Ok(R::data(reference))
}
