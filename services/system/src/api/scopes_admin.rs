//! Administration of the global data-scope and API-scope rules: `data-scope/*` and `api-scope/*`
//! (`list`, `detail`, `submit`, `remove`). Reading needs `data_scope_setting` / `api_scope_setting`;
//! changing a rule is the platform administrator's alone, because every tenant's roles may hold it.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::menus::api_scopes::{self, ApiScopeInput, ApiScopeView};
use crate::menus::data_scopes::{self, DataScopeInput, DataScopeView};
use crate::menus::scope_rules::SORTABLE;
use crate::state::AppState;

const DATA_CODE: &str = "data_scope_setting";
const API_CODE: &str = "api_scope_setting";

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/data-scope/list", web::get().to(data_list))
        .route("/data-scope/detail", web::get().to(data_detail))
        .route("/data-scope/submit", web::post().to(data_submit))
        .route("/data-scope/remove", web::post().to(data_remove))
        .route("/api-scope/list", web::get().to(api_list))
        .route("/api-scope/detail", web::get().to(api_detail))
        .route("/api-scope/submit", web::post().to(api_submit))
        .route("/api-scope/remove", web::post().to(api_remove));
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    menu_id: Option<String>,
}

impl ListQuery {
    fn menu_id(&self) -> Result<Option<i64>, AppError> {
        match self.menu_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(s) => keeper_common::id::parse(s).map(Some).ok_or_else(|| AppError::field("menuId", "不是有效的ID")),
        }
    }
}

/// Writes need the setting code and the platform administrator.
async fn may_write(state: &AppState, me: &CurrentUser, code: &str) -> Result<(), AppError> {
    state.guard.require(me, code).await?;
    state.guard.require_administrator(me)
}

async fn data_list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<DataScopeView>>, AppError> {
    state.guard.require(&me, DATA_CODE).await?;
    let req = page.validate(SORTABLE)?;
    Ok(R::data(data_scopes::list(&state, q.menu_id()?, req).await?))
}

async fn data_detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<DataScopeView>, AppError> {
    state.guard.require(&me, DATA_CODE).await?;
    Ok(R::data(data_scopes::detail(&state, q.parse()?).await?))
}

async fn data_submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    may_write(&state, &me, DATA_CODE).await?;
    let id = data_scopes::submit(&state, &me, DataScopeInput::from_json(&body)?).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn data_remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    may_write(&state, &me, DATA_CODE).await?;
    let ids = crate::users::target_ids("ids", &form.ids)?;
    Ok(R::data(json!({ "count": data_scopes::remove(&state, &me, &ids).await? })))
}

async fn api_list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<ApiScopeView>>, AppError> {
    state.guard.require(&me, API_CODE).await?;
    let req = page.validate(SORTABLE)?;
    Ok(R::data(api_scopes::list(&state, q.menu_id()?, req).await?))
}

async fn api_detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<ApiScopeView>, AppError> {
    state.guard.require(&me, API_CODE).await?;
    Ok(R::data(api_scopes::detail(&state, q.parse()?).await?))
}

async fn api_submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    may_write(&state, &me, API_CODE).await?;
    let id = api_scopes::submit(&state, &me, ApiScopeInput::from_json(&body)?).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn api_remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    may_write(&state, &me, API_CODE).await?;
    let ids = crate::users::target_ids("ids", &form.ids)?;
    Ok(R::data(json!({ "count": api_scopes::remove(&state, &me, &ids).await? })))
}
