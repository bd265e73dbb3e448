//! Administration of the tenant's roles and their grants: `role/list`, `detail`, `tree`, `submit`, `remove`,
//! `grant`, `menu/grant-tree` and `menu/role-tree-keys`. Each handler checks its permission code, parses,
//! and calls `crate::roles`.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm, targets};
use keeper_common::openapi::{Api, JSON};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::roles::{self, form::GrantInput, form::RoleInput, view::RoleView};
use crate::state::AppState;
use keeper_common::tree::TreeNode;

pub fn routes(api: &mut Api) {
    api.get("/role/list", list).permission(&["role_view"]);
    api.get("/role/detail", detail).permission(&["role_view"]);
    api.get("/role/tree", tree).permission(&["role_view"]);
    let body = api.schema::<super::bodies::RoleBody>();
    api.post("/role/submit", submit).permission(&["role_add", "role_edit"]).body(JSON, body);
    api.post("/role/remove", remove).permission(&["role_delete"]);
    let body = api.schema::<super::bodies::RoleGrantBody>();
    api.post("/role/grant", grant).permission(&["role_grant"]).body(JSON, body);
    api.get("/menu/grant-tree", grant_tree).permission(&["role_grant"]);
    api.get("/menu/role-tree-keys", tree_keys).permission(&["role_view"]);
    api.get("/role/tree-by-id", tree_by_id).permission(&["role_view"]);
    api.get("/role/select", select).permission(&["role_view"]);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    role_name: Option<String>,
    role_alias: Option<String>,
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<RoleView>>, AppError> {
    state.guard.require(&me, "role_view").await?;
    let q = q.into_inner();
    let text = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    Ok(R::data(roles::list(&state, &me, roles::ListFilter { role_name: text(q.role_name), role_alias: text(q.role_alias) }).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<RoleView>, AppError> {
    state.guard.require(&me, "role_view").await?;
    Ok(R::data(roles::detail(&state, &me, q.parse()?).await?))
}

async fn tree(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Vec<TreeNode>>, AppError> {
    state.guard.require(&me, "role_view").await?;
    Ok(R::data(roles::tree(&state, &me).await?))
}

/// Creates a role when the body has no `id`, updates it otherwise; answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let creating = body.get("id").is_none_or(|v| v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty()));
    state.guard.require(&me, if creating { "role_add" } else { "role_edit" }).await?;
    let input = RoleInput::from_json(&body)?;
    let id = roles::submit(&state, &me, input).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "role_delete").await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": roles::remove(&state, &me, &ids).await? })))
}

async fn grant(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "role_grant").await?;
    let input = GrantInput::from_json(&body)?;
    Ok(R::data(json!({ "count": roles::grant(&state, &me, input).await? })))
}

async fn grant_tree(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "role_grant").await?;
    Ok(R::data(roles::grant_tree(&state, &me).await?))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct KeysQuery {
    role_ids: Option<String>,
}

async fn tree_keys(state: web::Data<AppState>, me: CurrentUser, q: web::Query<KeysQuery>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "role_view").await?;
    let ids = targets("roleIds", q.role_ids.as_deref().unwrap_or_default())?;
    Ok(R::data(roles::tree_keys(&state, &me, &ids).await?))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct RoleIdQuery {
    role_id: Option<String>,
}

async fn tree_by_id(state: web::Data<AppState>, me: CurrentUser, q: web::Query<RoleIdQuery>) -> Result<R<Vec<TreeNode>>, AppError> {
    state.guard.require(&me, "role_view").await?;
    let id = keeper_common::id::parse(q.role_id.as_deref().unwrap_or_default()).ok_or_else(|| AppError::field("roleId", "不是有效的ID"))?;
    Ok(R::data(roles::tree_by_id(&state, &me, id).await?))
}

/// The listed roles (`roleId` comma list) of the caller's tenant, for showing a picker's current value.
async fn select(state: web::Data<AppState>, me: CurrentUser, q: web::Query<RoleIdQuery>) -> Result<R<Vec<RoleView>>, AppError> {
    state.guard.require(&me, "role_view").await?;
    let ids = match q.role_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => vec![],
        Some(raw) => targets("roleId", raw)?,
    };
    Ok(R::data(roles::select(&state, &me, &ids).await?))
}
