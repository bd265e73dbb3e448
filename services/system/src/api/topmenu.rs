//! Administration of the tenant's top menus: `topmenu/list`, `detail`, `submit`, `remove` and `grant`.
//! Each handler checks its permission code, parses, and calls `crate::topmenus`.
use actix_web::web;
use keeper_common::fields::bounded_filter;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::state::AppState;
use crate::topmenus::{self, Filter, GrantInput, TopMenuInput, TopMenuView};

pub fn routes(api: &mut Api) {
    api.get("/topmenu/list", list).permission(&["topmenu_view"]);
    api.get("/topmenu/detail", detail).permission(&["topmenu_view"]);
    let body = api.schema::<super::bodies::TopMenuBody>();
    api.post("/topmenu/submit", submit).permission(&["topmenu_add", "topmenu_edit"]).body(JSON, body);
    api.post("/topmenu/remove", remove).permission(&["topmenu_delete"]);
    let body = api.schema::<super::bodies::TopMenuGrantBody>();
    api.post("/topmenu/grant", grant).permission(&["topmenu_setting"]).body(JSON, body);
}

#[derive(Deserialize, JsonSchema)]
struct ListQuery {
    code: Option<String>,
    name: Option<String>,
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<TopMenuView>>, AppError> {
    state.guard.require(&me, "topmenu_view").await?;
    let req = page.validate(topmenus::SORTABLE)?;
    let q = q.into_inner();
    let filter = Filter { code: bounded_filter("code", q.code, 64)?, name: bounded_filter("name", q.name, 64)? };
    Ok(R::data(topmenus::list(&state, &me, filter, req).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<TopMenuView>, AppError> {
    state.guard.require(&me, "topmenu_view").await?;
    Ok(R::data(topmenus::detail(&state, &me, q.parse()?).await?))
}

/// Creates a top menu when the body has no `id`, updates it otherwise; answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let creating = body.get("id").is_none_or(|v| v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty()));
    state.guard.require(&me, if creating { "topmenu_add" } else { "topmenu_edit" }).await?;
    let id = topmenus::submit(&state, &me, TopMenuInput::from_json(&body)?).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "topmenu_delete").await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": topmenus::remove(&state, &me, &ids).await? })))
}

async fn grant(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "topmenu_setting").await?;
    let input = GrantInput::from_json(&body)?;
    Ok(R::data(json!({ "count": topmenus::grant(&state, &me, input).await? })))
}
