//! Finished projects (`/project/finished`, domain-model §2.2.8): the 已完成项目 screen's list and its
//! export. Each handler checks its permission code, parses, and calls `crate::investment::finished`.
use actix_web::{HttpResponse, web};
use keeper_common::openapi::{Api, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;

use crate::investment::finished::{self, FinishedQuery, FinishedView};
use crate::investment::project::repo::SORTABLE;
use crate::state::AppState;

const VIEW: &[&str] = &["finish_project_view"];
const EXPORT: &[&str] = &["finish_project_export"];

pub fn routes(api: &mut Api) {
    api.get("/project/finished", list).permission(VIEW);
    api.get("/project/finished/export", export).permission(EXPORT).file(XLSX);
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<FinishedQuery>,
) -> Result<R<Page<FinishedView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(SORTABLE)?;
    Ok(R::data(finished::list(&state, &me, q.into_inner(), req).await?))
}

/// What `project/finished` shows for the same filters and order, as an xlsx download.
async fn export(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<FinishedQuery>,
) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let sort = page.validate(SORTABLE)?.sort;
    let bytes = finished::export(&state, &me, q.into_inner(), sort).await?;
    Ok(keeper_excel::http::download(finished::EXPORT_FILE, bytes))
}
