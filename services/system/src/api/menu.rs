//! Menus the signed-in user may reach: `menu/routes`, `menu/buttons`, `menu/top-menu` (api-contract §4.1);
//! and the administration of the one menu tree all tenants share: `menu/detail`, `list`, `lazy-list`,
//! `menu-list`, `lazy-menu-list`, `tree`, `submit`, `remove`, `grant-top-tree` and `top-tree-keys`.
//! Reading it needs `menu_view`; changing it is the platform administrator's alone, whatever codes a
//! tenant's role holds, because every tenant sees the change.
use actix_web::web;
use keeper_common::envelope::Rendered;
use keeper_common::form::{IdQuery, IdsForm, targets};
use keeper_common::openapi::{Api, JSON};
use keeper_common::tree::TreeNode;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::menus::view::MenuView;
use crate::menus::{self, Filter, form::MenuInput};
use crate::navigation::{self, MenuNode};
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    api.get("/menu/routes", routes_tree);
    api.get("/menu/buttons", buttons);
    api.get("/menu/top-menu", top_menus);
    api.get("/menu/detail", detail).permission(&["menu_view"]);
    api.get("/menu/list", list).permission(&["menu_view"]);
    api.get("/menu/lazy-list", lazy_list).permission(&["menu_view"]);
    api.get("/menu/menu-list", menu_list).permission(&["menu_view"]);
    api.get("/menu/lazy-menu-list", lazy_menu_list).permission(&["menu_view"]);
    api.get("/menu/tree", tree).permission(&["menu_view"]);
    let body = api.schema::<super::bodies::MenuBody>();
    api.post("/menu/submit", submit).permission(&["menu_add", "menu_edit"]).administrator().body(JSON, body);
    api.post("/menu/remove", remove).permission(&["menu_delete"]).administrator();
    api.get("/menu/grant-top-tree", grant_top_tree).permission(&["topmenu_view"]);
    api.get("/menu/top-tree-keys", top_tree_keys).permission(&["topmenu_view"]);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct RoutesQuery {
    top_menu_id: Option<String>,
}

async fn routes_tree(
    state: web::Data<AppState>,
    user: CurrentUser,
    q: web::Query<RoutesQuery>,
) -> Result<Rendered<Vec<MenuNode>>, AppError> {
    let top = match q.top_menu_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(keeper_common::id::parse(s).ok_or_else(|| AppError::field("topMenuId", "不是有效的ID"))?),
    };
    navigation::routes(&state, &user, top).await
}

async fn buttons(state: web::Data<AppState>, user: CurrentUser) -> Result<Rendered<Vec<MenuNode>>, AppError> {
    navigation::buttons(&state, &user).await
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct TopMenuView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    id: i64,
    code: String,
    name: String,
    source: String,
    path: String,
    sort: i32,
}

async fn top_menus(state: web::Data<AppState>, user: CurrentUser) -> Result<R<Vec<TopMenuView>>, AppError> {
    let rows = crate::topmenus::all(&state, &user).await?;
    Ok(R::data(
        rows.into_iter()
            .map(|t| TopMenuView { id: t.id, code: t.code, name: t.name, source: t.source, path: t.path, sort: t.sort })
            .collect(),
    ))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    parent_id: Option<String>,
    code: Option<String>,
    name: Option<String>,
    alias: Option<String>,
}

impl ListQuery {
    fn filter(&self) -> Filter {
        let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(String::from);
        Filter { code: text(&self.code), name: text(&self.name), alias: text(&self.alias) }
    }

    fn parent(&self) -> Result<Option<i64>, AppError> {
        match self.parent_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(s) => keeper_common::id::parse(s).map(Some).ok_or_else(|| AppError::field("parentId", "不是有效的ID")),
        }
    }
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<MenuView>, AppError> {
    state.guard.require(&me, "menu_view").await?;
    Ok(R::data(menus::detail(&state, q.parse()?).await?))
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<MenuView>>, AppError> {
    state.guard.require(&me, "menu_view").await?;
    Ok(R::data(menus::list(&state, &q.filter(), false).await?))
}

async fn lazy_list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<MenuView>>, AppError> {
    state.guard.require(&me, "menu_view").await?;
    Ok(R::data(menus::lazy_list(&state, q.parent()?, &q.filter(), false).await?))
}

async fn menu_list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<MenuView>>, AppError> {
    state.guard.require(&me, "menu_view").await?;
    Ok(R::data(menus::list(&state, &q.filter(), true).await?))
}

async fn lazy_menu_list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<MenuView>>, AppError> {
    state.guard.require(&me, "menu_view").await?;
    Ok(R::data(menus::lazy_list(&state, q.parent()?, &q.filter(), true).await?))
}

async fn tree(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Vec<TreeNode>>, AppError> {
    state.guard.require(&me, "menu_view").await?;
    Ok(R::data(menus::tree(&state).await?))
}

/// Creates a menu or button when the body has no `id`, updates it otherwise; answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let creating = body.get("id").is_none_or(|v| v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty()));
    state.guard.require(&me, if creating { "menu_add" } else { "menu_edit" }).await?;
    state.guard.require_administrator(&me)?;
    let id = menus::submit(&state, MenuInput::from_json(&body)?).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "menu_delete").await?;
    state.guard.require_administrator(&me)?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": menus::remove(&state, &ids).await? })))
}

/// What the top-menu setting dialog offers: the caller's visible category-1 menus.
async fn grant_top_tree(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "topmenu_view").await?;
    Ok(R::data(menus::grant_top_tree(&state, &me).await?))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct TopKeysQuery {
    top_menu_ids: Option<String>,
}

async fn top_tree_keys(state: web::Data<AppState>, me: CurrentUser, q: web::Query<TopKeysQuery>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "topmenu_view").await?;
    let ids = targets("topMenuIds", q.top_menu_ids.as_deref().unwrap_or_default())?;
    Ok(R::data(crate::topmenus::tree_keys(&state, &me, &ids).await?))
}
