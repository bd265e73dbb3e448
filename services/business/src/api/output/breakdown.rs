//! 年度产值分解 (`/outputTarget`, domain-model §2.3.3): the enterprises' annual output targets of a year
//! and department, their lifecycle, 按上年结构分解 and the export. Each handler checks its permission
//! code, parses, and calls `crate::output::breakdown`.
use actix_web::{HttpResponse, web};
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::{AppError, R};
use keeper_excel::http::{ImportCounts, Multipart, download, imported, read_upload, rejected};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::dept_target::lifecycle::Step;
use crate::enterprise::excel::Imported;
use crate::output::breakdown::form::OutputTargetForm;
use crate::output::breakdown::import as target_import;
use crate::output::breakdown::view::{Breakdown, OutputTargetDetail};
use crate::output::breakdown::{self as target, Generated};
use crate::period::Period;
use crate::state::AppState;

const VIEW: &[&str] = &["annual_output_breakdown_view"];
const ADD: &[&str] = &["annual_output_breakdown_add"];
const EDIT: &[&str] = &["annual_output_breakdown_edit"];
const DELETE: &[&str] = &["annual_output_breakdown_delete"];
const EXPORT: &[&str] = &["annual_output_breakdown_export"];
const RELEASE: &[&str] = &["annual_output_breakdown_release"];
const CONFIRM: &[&str] = &["annual_output_breakdown_confirm"];
const IMPORT: &[&str] = &["annual_output_breakdown_import"];
const IMPORT_FIELDS: &[(&str, &str)] =
    &[("isCovered", "1 lays a row over the draft target of its enterprise and year, 0 reports it as a duplicate")];

pub fn routes(api: &mut Api) {
    api.get("/outputTarget/list", list).permission(VIEW);
    api.get("/outputTarget/detail", detail).permission(VIEW);
    // The handler reads the body as a map to name the field of a type error; its shape is `OutputTargetForm`.
    let form = api.schema::<OutputTargetForm>();
    api.post("/outputTarget/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    let form = api.schema::<GenerateForm>();
    api.post("/outputTarget/generate", generate).permission(ADD).body(JSON, form);
    api.post("/outputTarget/remove", remove).permission(DELETE);
    api.post("/outputTarget/release", release).permission(RELEASE);
    api.post("/outputTarget/confirm", confirm).permission(CONFIRM);
    let form = api.schema::<ReviseForm>();
    api.post("/outputTarget/revise", revise).permission(RELEASE).body(JSON, form);
    api.get("/outputTarget/export", export).permission(EXPORT).file(XLSX);
    api.get("/outputTarget/export-template", template).permission(IMPORT).file(XLSX);
    let counts = api.answer_schema::<R<ImportCounts>>();
    api.post("/outputTarget/import", import).permission(IMPORT).multipart("file", IMPORT_FIELDS).answer(JSON, counts);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct YearQuery {
    /// The target year.
    year: i32,
    /// A department: the targets of its subtree, beside its own target.
    dept_id: Option<String>,
}

impl YearQuery {
    fn year(&self) -> Result<i32, AppError> {
        Period::checked_year("year", self.year)
    }

    fn dept(&self) -> Result<Option<i64>, AppError> {
        match keeper_common::fields::filter(&self.dept_id) {
            None => Ok(None),
            Some(s) => keeper_common::id::parse(&s).map(Some).ok_or_else(|| AppError::field("deptId", "不是有效的ID")),
        }
    }
}

/// The breakdown of a year: the targets the caller may see, the totals, the department's own target and
/// the reporting enterprises without a target.
async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<YearQuery>) -> Result<R<Breakdown>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(target::list(&state, &me, q.year()?, q.dept()?).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<OutputTargetDetail>, AppError> {
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

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct GenerateForm {
    target_year: i32,
    /// The department whose target is shared among its enterprises.
    dept_id: String,
}

/// 按上年结构分解: drafts for the department's reporting enterprises, shared by last year's output.
async fn generate(state: web::Data<AppState>, me: CurrentUser, body: web::Json<GenerateForm>) -> Result<R<Generated>, AppError> {
    state.guard.require_any(&me, ADD).await?;
    let year = Period::checked_year("targetYear", body.target_year)?;
    let dept = keeper_common::id::parse(&body.dept_id).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?;
    Ok(R::data(target::generate(&state, &me, year, dept, &target::Weighing::LastYear).await?))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, DELETE).await?;
    Ok(R::data(json!({ "count": target::remove(&state, &me, &form.targets()?).await? })))
}

/// Issues (下达) drafts and revised targets.
async fn release(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, RELEASE).await?;
    Ok(R::data(json!({ "count": target::step(&state, &me, &form.targets()?, Step::Issue).await? })))
}

/// The park confirms (确认) targets issued to its enterprises.
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

/// What `outputTarget/list` shows for the same year and department, as an xlsx download.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<YearQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (name, bytes) = target::export(&state, &me, q.year()?, q.dept()?).await?;
    Ok(keeper_excel::http::download(&name, bytes))
}

async fn template(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, IMPORT).await?;
    Ok(download(target_import::TEMPLATE_FILE, target_import::template(&state, &me).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered`. Every row becomes a draft target of its enterprise and
/// year; with any bad row nothing is written and `data` lists every problem (row, column, reason).
async fn import(state: web::Data<AppState>, me: CurrentUser, body: Multipart) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, IMPORT).await?;
    let upload = read_upload(body, "file").await?;
    Ok(match target_import::import(&state, &me, &upload.file, upload.flag("isCovered")?).await? {
        Imported::Done { created, updated } => imported(created as u64, updated as u64),
        Imported::Rejected(problems) => rejected(problems),
    })
}
