//! The attachment register: `attach/list`, `detail`, `remove`, and `download` / `preview` of the file.
use actix_web::{HttpResponse, web};
use keeper_common::fields;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, BINARY};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::attach::{self, AttachView, Filter};
use crate::files;
use crate::oss;
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    api.get("/attach/list", list).permission(&["attach"]);
    api.get("/attach/page", list).permission(&["attach"]);
    api.get("/attach/detail", detail).permission(&["attach"]);
    api.post("/attach/remove", remove).permission(&["attach_delete"]);
    api.get("/attach/download", download).permission(&["attach_download"]).file(BINARY);
    api.get("/attach/preview", preview).permission(&["attach"]).file(BINARY);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    original_name: Option<String>,
    extension: Option<String>,
    #[serde(flatten)]
    page: PageQuery,
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Page<AttachView>>, AppError> {
    state.guard.require(&me, "attach").await?;
    let req = q.page.validate(attach::SORTABLE)?;
    let f = Filter { original_name: fields::filter(&q.original_name), extension: fields::filter(&q.extension) };
    Ok(R::data(attach::list(&state.db, &me, &f, &req).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<AttachView>, AppError> {
    state.guard.require(&me, "attach").await?;
    Ok(R::data(attach::row(&state.db, &me.tenant_id, q.parse()?).await?.into()))
}

/// Deletes the objects, then the rows: a failure of the storage leaves the rows, so nothing is lost track of.
async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "attach_delete").await?;
    let ids = form.targets()?;
    let rows = attach::rows(&state.db, &me.tenant_id, &ids).await?;
    for row in &rows {
        let target = oss::target_of(&state.db, &me.tenant_id, row.oss_id).await?;
        match files::delete(&state.storage, &target, &row.name).await {
            Ok(()) | Err(AppError::NotFound(_)) => {}
            Err(e) => return Err(e),
        }
    }
    attach::mark_removed(&state.db, &me, &ids).await?;
    Ok(R::data(json!({ "count": ids.len() })))
}

async fn send(state: &AppState, me: &CurrentUser, id: i64, inline: bool) -> Result<HttpResponse, AppError> {
    let row = attach::row(&state.db, &me.tenant_id, id).await?;
    let target = oss::target_of(&state.db, &me.tenant_id, row.oss_id).await?;
    files::send(&state.storage, &target, &row.name, &row.original_name, inline).await
}

async fn download(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require(&me, "attach_download").await?;
    send(&state, &me, q.parse()?, false).await
}

/// Images and PDF inline for the preview dialog; other types answer 400.
async fn preview(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require(&me, "attach").await?;
    let row = attach::row(&state.db, &me.tenant_id, q.parse()?).await?;
    if !crate::storage::inspect::previewable(&row.extension) {
        return Err(AppError::bad("该类型的文件不支持预览，请下载后查看"));
    }
    send(&state, &me, row.id, true).await
}
