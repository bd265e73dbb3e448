//! Excel imports of the investment pillar: projects into 项目入库 (`/project/export-template`,
//! `/project/import`), monthly progress reports of 跟踪项目 (`/projectReport/export-template`,
//! `/projectReport/import`) and forecasts of 投资预测 (`/investmentForecast/export-template`,
//! `/investmentForecast/import`). All are all or nothing and land as drafts. Each handler checks its
//! permission code, reads the upload, and calls `crate::investment::{project, report, forecast}::import`.
use actix_web::{HttpResponse, web};
use keeper_common::AppError;
use keeper_common::R;
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_excel::http::{ImportCounts, Multipart, download, imported, read_upload, rejected};
use keeper_security::CurrentUser;

use crate::enterprise::excel::Imported;
use crate::investment::{forecast, project, report};
use crate::state::AppState;

/// Importing projects: the import button of either screen that files projects.
const PROJECT_IMPORT: &[&str] = &["project_warehousing_import", "technical_renovation_import"];
const REPORT_IMPORT: &[&str] = &["track_project_import"];
const FORECAST_IMPORT: &[&str] = &["investment_forecasting_import"];

const PROJECT_FIELDS: &[(&str, &str)] =
    &[("isCovered", "1 imports a project whose name the caller already sees all the same, 0 reports it as a duplicate")];
const REPORT_FIELDS: &[(&str, &str)] =
    &[("isCovered", "1 lays a row over the draft or returned report of its project and month, 0 reports it as a duplicate")];
const FORECAST_FIELDS: &[(&str, &str)] =
    &[("isCovered", "1 lays a row over the draft or returned forecast of its project and month, 0 reports it as a duplicate")];

pub fn routes(api: &mut Api) {
    let counts = api.answer_schema::<R<ImportCounts>>();
    api.get("/project/export-template", project_template).permission(PROJECT_IMPORT).file(XLSX);
    api.post("/project/import", project_import).permission(PROJECT_IMPORT).multipart("file", PROJECT_FIELDS).answer(JSON, counts.clone());
    api.get("/projectReport/export-template", report_template).permission(REPORT_IMPORT).file(XLSX);
    api.post("/projectReport/import", report_import)
        .permission(REPORT_IMPORT)
        .multipart("file", REPORT_FIELDS)
        .answer(JSON, counts.clone());
    api.get("/investmentForecast/export-template", forecast_template).permission(FORECAST_IMPORT).file(XLSX);
    api.post("/investmentForecast/import", forecast_import)
        .permission(FORECAST_IMPORT)
        .multipart("file", FORECAST_FIELDS)
        .answer(JSON, counts);
}

fn answer(outcome: Imported) -> HttpResponse {
    match outcome {
        Imported::Done { created, updated } => imported(created as u64, updated as u64),
        Imported::Rejected(report) => rejected(report),
    }
}

async fn project_template(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, PROJECT_IMPORT).await?;
    Ok(download(project::import::TEMPLATE_FILE, project::import::template(&state, &me).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered`. Every row becomes a draft project of the caller; with
/// any bad row nothing is written and `data` lists every problem.
async fn project_import(state: web::Data<AppState>, me: CurrentUser, body: Multipart) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, PROJECT_IMPORT).await?;
    let upload = read_upload(body, "file").await?;
    Ok(answer(project::import::import(&state, &me, &upload.file, upload.flag("isCovered")?).await?))
}

async fn report_template(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, REPORT_IMPORT).await?;
    Ok(download(report::import::TEMPLATE_FILE, report::import::template(&state, &me).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered`. Every row becomes a draft report of its project and
/// month; with any bad row nothing is written and `data` lists every problem.
async fn report_import(state: web::Data<AppState>, me: CurrentUser, body: Multipart) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, REPORT_IMPORT).await?;
    let upload = read_upload(body, "file").await?;
    Ok(answer(report::import::import(&state, &me, &upload.file, upload.flag("isCovered")?).await?))
}

async fn forecast_template(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, FORECAST_IMPORT).await?;
    Ok(download(forecast::import::TEMPLATE_FILE, forecast::import::template(&state, &me).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered`. Every row becomes a draft forecast of its project and
/// month; with any bad row nothing is written and `data` lists every problem.
async fn forecast_import(state: web::Data<AppState>, me: CurrentUser, body: Multipart) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, FORECAST_IMPORT).await?;
    let upload = read_upload(body, "file").await?;
    Ok(answer(forecast::import::import(&state, &me, &upload.file, upload.flag("isCovered")?).await?))
}
