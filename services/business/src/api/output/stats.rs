//! 产值统计 (`/outputValue/statistics`, domain-model §2.3.2): the view asked (by department, industry,
//! leading industry, enterprise ranking, decliners or the monthly trend) as JSON, and the same view as
//! xlsx. Each handler checks its permission code, parses, and calls `crate::output::stats`.
use actix_web::{HttpResponse, web};
use keeper_common::openapi::{Api, XLSX};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;

use crate::output::stats::{self, Statistics, StatsParams, excel};
use crate::state::AppState;

const VIEW: &[&str] = &["output_statistics_view"];
const EXPORT: &[&str] = &["output_statistics_export"];

pub fn routes(api: &mut Api) {
    api.get("/outputValue/statistics", statistics).permission(VIEW);
    api.get("/outputValue/export-statistics", export).permission(EXPORT).file(XLSX);
}

async fn statistics(state: web::Data<AppState>, me: CurrentUser, q: web::Query<StatsParams>) -> Result<R<Statistics>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(stats::read(&state, &me, q.into_inner().parse()?).await?))
}

/// What `outputValue/statistics` shows for the same query, as an xlsx download.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<StatsParams>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (name, bytes) = excel::export(&state, &me, q.into_inner().parse()?).await?;
    Ok(keeper_excel::http::download(&name, bytes))
}
