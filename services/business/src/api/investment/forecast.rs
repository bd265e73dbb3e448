//! Investment forecasts (`/investmentForecast`, domain-model §2.2.5b): the 投资预测 screen's calls, and the
//! export of each of its tabs (the import is in `import.rs`, with the pillar's other imports). Each
//! handler checks its permission code, parses, and calls `crate::investment::forecast`.
use actix_web::{HttpResponse, web};
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::{AppError, R};
use keeper_excel::http::download;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::investment::forecast::excel;
use crate::investment::forecast::summary::{self, DeptRow, ProjectRow};
use crate::investment::forecast::{self, ForecastView, form::ForecastForm};
use crate::money::Wan;
use crate::period::Period;
use crate::review::{Buttons, ReviewForm, Status, log::Entry};
use crate::state::AppState;

const VIEW: &[&str] = &["investment_forecasting_view"];
const ADD: &[&str] = &["investment_forecasting_add"];
const EDIT: &[&str] = &["investment_forecasting_edit"];
const DELETE: &[&str] = &["investment_forecasting_delete"];
const SUBMIT: &[&str] = &["investment_forecasting_submit"];
const APPROVE: &[&str] = &["investment_forecasting_approve"];
const RETURN: &[&str] = &["investment_forecasting_return"];
const EXPORT: &[&str] = &["investment_forecasting_export"];

/// The grants of the review buttons.
const BUTTONS: Buttons = Buttons { submit: SUBMIT, approve: APPROVE, ret: RETURN };

pub fn routes(api: &mut Api) {
    api.get("/investmentForecast/list", list).permission(VIEW);
    api.get("/investmentForecast/detail", detail).permission(VIEW);
    let form = api.schema::<ForecastForm>();
    api.post("/investmentForecast/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    api.post("/investmentForecast/remove", remove).permission(DELETE);
    api.post("/investmentForecast/review", review).permission(&[SUBMIT, APPROVE, RETURN].concat());
    api.get("/investmentForecast/review-log", review_log).permission(VIEW);
    api.get("/investmentForecast/summary", by_dept).permission(VIEW);
    api.get("/investmentForecast/projects", by_project).permission(VIEW);
    api.get("/investmentForecast/export", export).permission(EXPORT).file(XLSX);
    api.get("/investmentForecast/export-summary", export_summary).permission(EXPORT).file(XLSX);
    api.get("/investmentForecast/export-projects", export_projects).permission(EXPORT).file(XLSX);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct PeriodQuery {
    /// `yyyy-MM`: the month forecast.
    period: String,
    /// `report_status` key.
    report_status: Option<String>,
    /// A department: its subtree's forecasts or projects.
    dept_id: Option<String>,
}

impl PeriodQuery {
    fn parse(&self) -> Result<(Period, Option<Status>, Option<i64>), AppError> {
        let p = Period::parse("period", &self.period)?;
        let status = keeper_common::fields::filter(&self.report_status).map(|s| Status::from_code("reportStatus", &s)).transpose()?;
        let dept = match keeper_common::fields::filter(&self.dept_id) {
            None => None,
            Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?),
        };
        Ok((p, status, dept))
    }
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<PeriodQuery>) -> Result<R<Vec<ForecastView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let (p, status, dept) = q.parse()?;
    Ok(R::data(forecast::list(&state, &me, p, status, dept).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<ForecastView>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(forecast::detail(&state, &me, q.parse()?).await?))
}

async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let body = body.into_inner();
    let editing = body.get("id").is_some_and(|v| !v.is_null() && v.as_str() != Some(""));
    state.guard.require_any(&me, if editing { EDIT } else { ADD }).await?;
    let id = forecast::submit(&state, &me, body).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, DELETE).await?;
    Ok(R::data(json!({ "count": forecast::remove(&state, &me, &form.targets()?).await? })))
}

async fn review(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ReviewForm>) -> Result<R<Value>, AppError> {
    let (ids, step) = body.parse()?;
    state.guard.require_any(&me, BUTTONS.granting(step)).await?;
    Ok(R::data(json!({ "count": forecast::review(&state, &me, &ids, step, &body.opinion).await? })))
}

async fn review_log(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<Vec<Entry>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(forecast::review_log(&state, &me, q.parse()?).await?))
}

/// Per department: target, 1–N月完成, 预计全年, 预计完成率, 缺口, accuracy, trend.
async fn by_dept(state: web::Data<AppState>, me: CurrentUser, q: web::Query<PeriodQuery>) -> Result<R<Vec<DeptRow>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let (p, ..) = q.parse()?;
    Ok(R::data(summary_of(&state, &me, p).await?))
}

/// Per project: 年度计划, 已完成, 预计全年 (flagged when it is the fallback), 偏差.
async fn by_project(state: web::Data<AppState>, me: CurrentUser, q: web::Query<PeriodQuery>) -> Result<R<Vec<ProjectRow>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let (p, _, dept) = q.parse()?;
    Ok(R::data(summary::by_project(&state, &me, p, dept).await?))
}

/// 预测填报: what `list` shows for the same month, status and department, as an xlsx download.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<PeriodQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (p, status, dept) = q.parse()?;
    Ok(download(&excel::list_file(p), excel::export_list(&state, &me, p, status, dept).await?))
}

/// 汇总: what `summary` shows for the month, as an xlsx download.
async fn export_summary(state: web::Data<AppState>, me: CurrentUser, q: web::Query<PeriodQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (p, ..) = q.parse()?;
    Ok(download(&excel::summary_file(p), excel::export_summary(&summary_of(&state, &me, p).await?, p)?))
}

/// 项目明细: what `projects` shows for the month and department, as an xlsx download.
async fn export_projects(state: web::Data<AppState>, me: CurrentUser, q: web::Query<PeriodQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (p, _, dept) = q.parse()?;
    Ok(download(&excel::projects_file(p), excel::export_projects(&state, &me, p, dept).await?))
}

/// The target the forecasts are set against: `target_indicator` 4 项目完成投资.
const INVESTMENT_TARGET: &str = "4";

/// The department summary of a month against the departments' annual investment targets in force: what
/// the summary tab shows and its export writes. Read here because `dept_target` reads investment's
/// projects and reports; the investment module must not read targets back.
async fn summary_of(state: &AppState, me: &CurrentUser, p: Period) -> Result<Vec<DeptRow>, AppError> {
    let targets = crate::dept_target::in_force(&state.db, &me.tenant_id, p.year(), INVESTMENT_TARGET).await?;
    let targets = targets.into_iter().map(|t| (t.dept_id, Wan::round(t.annual_target))).collect();
    summary::by_dept(state, me, p, &targets).await
}
