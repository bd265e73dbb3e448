//! 园区月度产值 (`/parkMonthlyOutput`, domain-model §2.3.4): the department × month matrix of a year and
//! its export, and the official output figures (统计快报 / 统计正式) the bureau types in for each park.
//! Each handler checks its permission code, parses, and calls `crate::output::park` (the figures are the
//! official indicator rows of 规上工业总产值, kept by `crate::dept_target::official`).
use actix_web::{HttpResponse, web};
use keeper_common::form::IdsForm;
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::dept_target::official::{self, OfficialForm, OfficialView};
use crate::output::park::repo::OUTPUT_INDICATOR;
use crate::output::park::{self, Matrix, MatrixParams, excel};
use crate::state::AppState;

const VIEW: &[&str] = &["park_monthly_output_value_view"];
const ADD: &[&str] = &["park_monthly_output_value_add"];
const EDIT: &[&str] = &["park_monthly_output_value_edit"];
const DELETE: &[&str] = &["park_monthly_output_value_delete"];
const EXPORT: &[&str] = &["park_monthly_output_value_export"];

pub fn routes(api: &mut Api) {
    api.get("/parkMonthlyOutput/matrix", matrix).permission(VIEW);
    api.get("/parkMonthlyOutput/export", export).permission(EXPORT).file(XLSX);
    api.get("/parkMonthlyOutput/official", official_list).permission(VIEW);
    // The handler reads the body as a map to name the field of a type error; its shape is `OfficialForm`
    // (the indicator is always 规上工业总产值 here).
    let form = api.schema::<OfficialForm>();
    api.post("/parkMonthlyOutput/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    api.post("/parkMonthlyOutput/remove", remove).permission(DELETE);
}

async fn matrix(state: web::Data<AppState>, me: CurrentUser, q: web::Query<MatrixParams>) -> Result<R<Matrix>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(park::read(&state, &me, q.into_inner().parse()?).await?))
}

/// What `parkMonthlyOutput/matrix` shows for the same query, in the measure asked, as an xlsx download.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<MatrixParams>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (name, bytes) = excel::export(&state, &me, q.into_inner().parse()?).await?;
    Ok(keeper_excel::http::download(&name, bytes))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct YearQuery {
    year: i32,
}

/// The official output figures of a year the caller may see.
async fn official_list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<YearQuery>) -> Result<R<Vec<OfficialView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(official::list(&state, &me, q.year, Some(OUTPUT_INDICATOR.to_string())).await?))
}

/// Saves a park's official 1–N月 output of a month and source, replacing the one typed before.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, &[ADD, EDIT].concat()).await?;
    let mut body = body.into_inner();
    match body.get("indicatorCode") {
        None | Some(Value::Null) => {
            body.insert("indicatorCode".into(), Value::String(OUTPUT_INDICATOR.into()));
        }
        Some(Value::String(s)) if s == OUTPUT_INDICATOR => {}
        Some(_) => return Err(AppError::field("indicatorCode", "园区月度产值只录入规上工业总产值")),
    }
    let id = official::submit(&state, &me, body).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, DELETE).await?;
    Ok(R::data(json!({ "count": official::remove(&state, &me, &form.targets()?, Some(OUTPUT_INDICATOR)).await? })))
}
