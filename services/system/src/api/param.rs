//! Parameter administration: `param/detail`, `list`, `submit` and `remove`, each behind its `param_*` code;
//! the rules of defaults and tenant overrides live in `crate::params`.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::params::{self, Filter, form::ParamInput, view::ParamView};
use crate::state::AppState;
use keeper_common::fields;

pub fn routes(api: &mut Api) {
    api.get("/param/detail", detail).permission(&["param_view"]);
    api.get("/param/list", list).permission(&["param_view"]);
    let body = api.schema::<super::bodies::ParamBody>();
    api.post("/param/submit", submit).permission(&["param_add", "param_edit"]).body(JSON, body);
    api.post("/param/remove", remove).permission(&["param_delete"]);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    param_name: Option<String>,
    param_key: Option<String>,
    #[serde(flatten)]
    page: PageQuery,
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<ParamView>, AppError> {
    state.guard.require(&me, "param_view").await?;
    Ok(R::data(params::detail(&state.db, &me, q.parse()?).await?))
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Page<ParamView>>, AppError> {
    state.guard.require(&me, "param_view").await?;
    let req = q.page.validate(params::SORTABLE)?;
    let f = Filter { param_name: fields::filter(&q.param_name), param_key: fields::filter(&q.param_key) };
    Ok(R::data(params::list(&state.db, &me, &f, &req).await?))
}

/// Creates a parameter when the body has no `id`, updates it otherwise; answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let creating = fields::id(&body, "id").map(|id| id.is_none()).unwrap_or(false);
    state.guard.require(&me, if creating { "param_add" } else { "param_edit" }).await?;
    let input = ParamInput::from_json(&body)?;
    Ok(R::data(json!({ "id": params::submit(&state.db, &me, input).await?.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "param_delete").await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": params::remove(&state.db, &me, &ids).await? })))
}
