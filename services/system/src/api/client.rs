//! OAuth client administration: `client/detail`, `list`, `submit` and `remove`. Clients are global and
//! decide who may obtain tokens, so every endpoint is for the platform administrator alone, whatever
//! `client_*` codes a tenant's role holds.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::clients::{self, form::ClientInput, view::ClientView};
use crate::state::AppState;
use keeper_common::fields;

pub fn routes(api: &mut Api) {
    api.get("/client/detail", detail).administrator();
    api.get("/client/list", list).administrator();
    let body = api.schema::<super::bodies::ClientBody>();
    api.post("/client/submit", submit).administrator().body(JSON, body);
    api.post("/client/remove", remove).administrator();
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    client_id: Option<String>,
    #[serde(flatten)]
    page: PageQuery,
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<ClientView>, AppError> {
    state.guard.require_administrator(&me)?;
    Ok(R::data(clients::detail(&state.db, q.parse()?).await?))
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Page<ClientView>>, AppError> {
    state.guard.require_administrator(&me)?;
    let req = q.page.validate(clients::SORTABLE)?;
    Ok(R::data(clients::list(&state.db, fields::filter(&q.client_id).as_deref(), &req).await?))
}

/// Creates a client when the body has no `id`, updates it otherwise; answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_administrator(&me)?;
    let input = ClientInput::from_json(&body)?;
    Ok(R::data(json!({ "id": clients::submit(&state.db, &me, input).await?.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_administrator(&me)?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": clients::remove(&state.db, &me, &ids).await? })))
}
