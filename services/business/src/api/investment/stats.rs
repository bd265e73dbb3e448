//! 在库项目 › 统计 (`/project/statistics`, domain-model §2.2.5d): the view asked (by a dimension, the
//! monthly trend or the status funnel) as JSON, and the same view as xlsx. Each handler checks its
//! permission code, parses, and calls `crate::investment::stats`.
use actix_web::{HttpResponse, web};
use keeper_common::openapi::{Api, XLSX};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;

use crate::investment::stats::{self, Statistics, StatsParams, excel};
use crate::state::AppState;

const VIEW: &[&str] = &["in_library_statistics_view"];
const EXPORT: &[&str] = &["in_library_statistics_export"];

pub fn routes(api: &mut Api) {
    api.get("/project/statistics", statistics).permission(VIEW);
    api.get("/project/export-statistics", export).permission(EXPORT).file(XLSX);
}

async fn statistics(state: web::Data<AppState>, me: CurrentUser, q: web::Query<StatsParams>) -> Result<R<Statistics>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(stats::read(&state, &me, q.into_inner().parse()?).await?))
}

/// What `project/statistics` shows for the same query, as an xlsx download.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<StatsParams>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (name, bytes) = excel::export(&state, &me, q.into_inner().parse()?).await?;
    Ok(keeper_excel::http::download(&name, bytes))
}
