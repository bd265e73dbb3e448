//! The internal API other services call through `keeper_client::SystemClient` (never routed by the gateway).
use actix_web::web;
use chrono::Utc;
use keeper_client::dto::*;
use keeper_common::openapi::Api;
use keeper_common::{AppError, R};
use keeper_security::ServiceCaller;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::state::AppState;
use crate::users::sign_in::{self, Who};

pub fn routes(api: &mut Api) {
    api.internal("/internal/auth/login-context", web::get().to(login_context));
    api.internal("/internal/auth/password-upgrade", web::post().to(password_upgrade));
    api.internal("/internal/clients", web::get().to(oauth_client));
    api.internal("/internal/login-log", web::post().to(record_login));
    api.internal("/internal/permissions", web::get().to(permissions));
    api.internal("/internal/data-scope", web::get().to(data_scope));
    api.internal("/internal/tenant-reference", web::get().to(tenant_reference));
    api.internal("/internal/business-params", web::post().to(business_params));
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
    let who = match (q.user_id, q.tenant_id.as_deref(), q.account.as_deref()) {
        (Some(id), _, _) => Who::Id(id),
        (None, Some(tenant), Some(account)) => Who::Named { tenant, account },
        _ => return Err(AppError::bad("userId or tenantId and account are required")),
    };
    Ok(R::data(sign_in::context(&state.db, who, q.tenant_id.as_deref()).await?))
}

async fn password_upgrade(_: ServiceCaller, state: web::Data<AppState>, body: web::Json<PasswordUpgrade>) -> Result<R<Value>, AppError> {
    sign_in::upgrade_password(&state.db, body.user_id, &body.password_hash).await?;
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
    Ok(R::data(crate::clients::for_sign_in(&state.db, &q.client_id).await?))
}

async fn record_login(_: ServiceCaller, state: web::Data<AppState>, body: web::Json<LoginLogEntry>) -> Result<R<Value>, AppError> {
    crate::logs::store::store_login(&state.db, &body).await?;
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
    let codes: Vec<&str> = q.codes.split(',').map(str::trim).filter(|c| !c.is_empty()).take(50).collect();
    Ok(R::data(crate::reference::of_tenant(&state.db, &q.tenant_id, &codes).await?))
}

async fn business_params(
    _: ServiceCaller,
    state: web::Data<AppState>,
    body: web::Json<keeper_client::system::BusinessParams>,
) -> Result<R<Value>, AppError> {
    crate::params::set_business(&state.db, &body).await?;
    Ok(R::data(json!({ "count": body.values.len() })))
}
