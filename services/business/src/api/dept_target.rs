//! Department targets (`/target`, domain-model §2.2.5a) and the official figures beside them
//! (`/officialIndicator`, §2.3.4): the 目标任务 screen's calls. Each handler checks its permission code,
//! parses, and calls `crate::dept_target`.
use actix_web::{HttpResponse, web};
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::{AppError, R};
use keeper_excel::http::{ImportCounts, Multipart, download, imported, read_upload, rejected};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::dept_target::actuals::DeptBasis;
use crate::dept_target::completion::CompletionRow;
use crate::dept_target::form::TargetForm;
use crate::dept_target::lifecycle::Step;
use crate::dept_target::official::{self, OfficialForm, OfficialView};
use crate::dept_target::view::{TargetDetail, TargetView};
use crate::dept_target::{self as target, excel, import};
use crate::enterprise::excel::Imported;
use crate::period::Period;
use crate::state::AppState;

const VIEW: &[&str] = &["target_task_view"];
const ADD: &[&str] = &["target_task_add"];
const EDIT: &[&str] = &["target_task_edit"];
const DELETE: &[&str] = &["target_task_delete"];
const EXPORT: &[&str] = &["target_task_export"];
const IMPORT: &[&str] = &["target_task_import"];
const RELEASE: &[&str] = &["target_task_release"];
const CONFIRM: &[&str] = &["target_task_confirm"];

const IMPORT_FIELDS: &[(&str, &str)] =
    &[("isCovered", "1 lays a row over the draft of its department, year and indicator, 0 reports it as a duplicate")];

pub fn routes(api: &mut Api) {
    api.get("/target/list", list).permission(VIEW);
    api.get("/target/detail", detail).permission(VIEW);
    // The handler reads the body as a map to name the field of a type error; its shape is `TargetForm`.
    let form = api.schema::<TargetForm>();
    api.post("/target/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    api.post("/target/remove", remove).permission(DELETE);
    api.post("/target/release", release).permission(RELEASE);
    api.post("/target/confirm", confirm).permission(CONFIRM);
    api.post("/target/revise", revise).permission(RELEASE);
    api.get("/target/completion", completion).permission(VIEW);
    api.get("/target/export", export).permission(EXPORT).file(XLSX);
    api.get("/target/export-targets", export_targets).permission(EXPORT).file(XLSX);
    api.get("/target/export-template", template).permission(IMPORT).file(XLSX);
    let counts = api.answer_schema::<R<ImportCounts>>();
    api.post("/target/import", import).permission(IMPORT).multipart("file", IMPORT_FIELDS).answer(JSON, counts);
    api.get("/officialIndicator/list", official_list).permission(VIEW);
    let form = api.schema::<OfficialForm>();
    api.post("/officialIndicator/submit", official_submit).permission(EDIT).body(JSON, form);
    api.post("/officialIndicator/remove", official_remove).permission(EDIT);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct YearQuery {
    /// The target year.
    year: i32,
    /// `target_indicator` key.
    indicator_code: Option<String>,
    /// A department: its subtree's targets.
    dept_id: Option<String>,
}

fn dept_of(raw: &Option<String>) -> Result<Option<i64>, AppError> {
    match keeper_common::fields::filter(raw) {
        None => Ok(None),
        Some(s) => keeper_common::id::parse(&s).map(Some).ok_or_else(|| AppError::field("deptId", "不是有效的ID")),
    }
}

/// The targets of a year the caller may see.
async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<YearQuery>) -> Result<R<Vec<TargetView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let q = q.into_inner();
    let dept = dept_of(&q.dept_id)?;
    Ok(R::data(target::list(&state, &me, q.year, keeper_common::fields::filter(&q.indicator_code), dept).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<TargetDetail>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(target::detail(&state, &me, q.parse()?).await?))
}

/// Creates a draft (add) or saves a draft or a revision (edit); answers its id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let body = body.into_inner();
    let editing = body.get("id").is_some_and(|v| !v.is_null() && v.as_str() != Some(""));
    state.guard.require_any(&me, if editing { EDIT } else { ADD }).await?;
    let id = target::submit(&state, &me, body).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, DELETE).await?;
    Ok(R::data(json!({ "count": target::remove(&state, &me, &form.targets()?).await? })))
}

/// Issues (下达) drafts and revised targets to their departments.
async fn release(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, RELEASE).await?;
    Ok(R::data(json!({ "count": target::step(&state, &me, &form.targets()?, Step::Issue).await? })))
}

/// The department confirms (确认) targets issued to it.
async fn confirm(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, CONFIRM).await?;
    Ok(R::data(json!({ "count": target::step(&state, &me, &form.targets()?, Step::Confirm).await? })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ReviseForm {
    id: String,
    /// Why the target changes; kept with the earlier version.
    #[serde(default)]
    reason: String,
}

/// Reopens an issued or confirmed target for revision (调整), keeping the version in force.
async fn revise(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ReviseForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, RELEASE).await?;
    let id = keeper_common::id::parse(&body.id).ok_or_else(|| AppError::field("id", "不是有效的ID"))?;
    target::revise(&state, &me, id, &body.reason).await?;
    Ok(R::data(json!({ "id": body.id })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct CompletionQuery {
    /// `yyyy-MM`: the year and the month N of 1–N月.
    period: String,
    /// `target_indicator` key.
    indicator_code: String,
    /// `current` groups the period's figures by the projects' departments today instead of the
    /// department stored on each report when it was filed.
    dept_basis: Option<String>,
}

impl CompletionQuery {
    fn parse(&self) -> Result<(Period, String, DeptBasis), AppError> {
        let period = Period::parse("period", &self.period)?;
        let basis = match self.dept_basis.as_deref().map(str::trim) {
            None | Some("") | Some("filed") => DeptBasis::Filed,
            Some("current") => DeptBasis::Current,
            Some(_) => return Err(AppError::field("deptBasis", "应为 filed 或 current")),
        };
        let indicator = keeper_common::fields::filter(&Some(self.indicator_code.clone()))
            .ok_or_else(|| AppError::field("indicatorCode", "不能为空"))?;
        Ok((period, indicator, basis))
    }
}

/// Each department's target, 1–N月 target and actual, rates, schedule gap, last year and rank.
async fn completion(
    state: web::Data<AppState>,
    me: CurrentUser,
    q: web::Query<CompletionQuery>,
) -> Result<R<Vec<CompletionRow>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let (period, indicator, basis) = q.parse()?;
    Ok(R::data(target::completion(&state, &me, period, &indicator, basis).await?))
}

/// What `target/completion` shows for the same indicator and period, as an xlsx download.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<CompletionQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (period, indicator, basis) = q.parse()?;
    let rows = target::completion(&state, &me, period, &indicator, basis).await?;
    let label = state.reference.of(&me.tenant_id).await?.label("target_indicator", &indicator);
    let bytes = excel::export(&rows, period, &label)?;
    Ok(download(&excel::file_name(period, &label), bytes))
}

/// What `target/list` shows for the same year, indicator and department, with the monthly split: the
/// layout `target/import` reads back.
async fn export_targets(state: web::Data<AppState>, me: CurrentUser, q: web::Query<YearQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let q = q.into_inner();
    let dept = dept_of(&q.dept_id)?;
    let (name, bytes) = target::export(&state, &me, q.year, keeper_common::fields::filter(&q.indicator_code), dept).await?;
    Ok(download(&name, bytes))
}

async fn template(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, IMPORT).await?;
    Ok(download(import::TEMPLATE_FILE, import::template(&state, &me).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered`. Every row becomes a draft target, as `target/submit`
/// would save it; with any bad row nothing is written and `data` lists every problem.
async fn import(state: web::Data<AppState>, me: CurrentUser, body: Multipart) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, IMPORT).await?;
    let upload = read_upload(body, "file").await?;
    Ok(match import::import(&state, &me, &upload.file, upload.flag("isCovered")?).await? {
        Imported::Done { created, updated } => imported(created as u64, updated as u64),
        Imported::Rejected(report) => rejected(report),
    })
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct OfficialQuery {
    year: i32,
    indicator_code: Option<String>,
}

async fn official_list(
    state: web::Data<AppState>,
    me: CurrentUser,
    q: web::Query<OfficialQuery>,
) -> Result<R<Vec<OfficialView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(official::list(&state, &me, q.year, keeper_common::fields::filter(&q.indicator_code)).await?))
}

async fn official_submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, EDIT).await?;
    let id = official::submit(&state, &me, body.into_inner()).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn official_remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, EDIT).await?;
    Ok(R::data(json!({ "count": official::remove(&state, &me, &form.targets()?, None).await? })))
}
