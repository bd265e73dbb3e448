//! Storage configuration administration: `oss/detail`, `list`, `submit`, `remove`, `enable` and `test`,
//! each behind its `oss_*` code; the rules live in `crate::oss`.
use actix_web::web;
use keeper_common::fields;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::oss::{self, Filter, form::OssInput, view::OssView};
use crate::state::AppState;
use crate::storage::Target;

pub fn routes(api: &mut Api) {
    api.get("/oss/detail", detail).permission(&["oss_view"]);
    api.get("/oss/list", list).permission(&["oss"]);
    api.get("/oss/page", list).permission(&["oss"]);
    let body = api.schema::<super::bodies::OssBody>();
    api.post("/oss/submit", submit).permission(&["oss_add", "oss_edit"]).body(JSON, body);
    api.post("/oss/remove", remove).permission(&["oss_delete"]);
    api.post("/oss/enable", enable).permission(&["oss_enable"]);
    api.post("/oss/test", test).permission(&["oss_edit"]);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    oss_code: Option<String>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    category: Option<i32>,
    #[serde(flatten)]
    page: PageQuery,
}

#[derive(Deserialize, JsonSchema)]
struct IdForm {
    id: String,
}

impl IdForm {
    fn parse(&self) -> Result<i64, AppError> {
        IdQuery { id: self.id.clone() }.parse()
    }
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<OssView>, AppError> {
    state.guard.require(&me, "oss_view").await?;
    Ok(R::data(oss::row(&state.db, &me.tenant_id, q.parse()?).await?.into()))
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Page<OssView>>, AppError> {
    state.guard.require(&me, "oss").await?;
    let req = q.page.validate(oss::SORTABLE)?;
    let f = Filter { code: fields::filter(&q.oss_code), category: q.category };
    Ok(R::data(oss::list(&state.db, &me, &f, &req).await?))
}

async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let creating = fields::id(&body, "id").map(|id| id.is_none()).unwrap_or(false);
    state.guard.require(&me, if creating { "oss_add" } else { "oss_edit" }).await?;
    let input = OssInput::from_json(&body)?;
    Ok(R::data(json!({ "id": oss::submit(&state.db, &me, input).await?.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "oss_delete").await?;
    Ok(R::data(json!({ "count": oss::remove(&state.db, &me, &form.targets()?).await? })))
}

async fn enable(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "oss_enable").await?;
    oss::enable(&state.db, &me, form.parse()?).await?;
    Ok(R::success("操作成功"))
}

/// Writes, reads back and deletes a probe object with a saved configuration.
async fn test(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "oss_edit").await?;
    let row = oss::row(&state.db, &me.tenant_id, form.parse()?).await?;
    state.storage.probe(&Target::from_row(&row)).await?;
    Ok(R::success("连接成功"))
}
