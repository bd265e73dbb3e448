//! 摸底分解 (`/outputSurvey`, domain-model §2.3.5): the enterprises' output surveys of a year and round,
//! their review (the park's verification), the summary against the departments' targets, 生成分解 and
//! the export. Each handler checks its permission code, parses, and calls `crate::output::survey`.
use actix_web::{HttpResponse, web};
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_excel::http::{ImportCounts, Multipart, download, imported, read_upload, rejected};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::enterprise::excel::Imported;
use crate::output::breakdown::Generated;
use crate::output::survey::form::OutputSurveyForm;
use crate::output::survey::view::{OutputSurveyDetail, OutputSurveyView, Prefill, Summary};
use crate::output::survey::{self, Filter, excel, import as survey_import};
use crate::period::Period;
use crate::review::{Buttons, Status, log::Entry};
use crate::state::AppState;

const VIEW: &[&str] = &["exploration_decomposition_view"];
const ADD: &[&str] = &["exploration_decomposition_add"];
const EDIT: &[&str] = &["exploration_decomposition_edit"];
const DELETE: &[&str] = &["exploration_decomposition_delete"];
const EXPORT: &[&str] = &["exploration_decomposition_export"];
const SUBMIT: &[&str] = &["exploration_decomposition_submit"];
const APPROVE: &[&str] = &["exploration_decomposition_approve"];
const RETURN: &[&str] = &["exploration_decomposition_return"];
const IMPORT: &[&str] = &["exploration_decomposition_import"];
const IMPORT_FIELDS: &[(&str, &str)] =
    &[("isCovered", "1 lays a row over the draft or returned survey of its enterprise, year and round, 0 reports it as a duplicate")];
/// Proposing enterprise targets is the breakdown's business: its grant to add targets.
const GENERATE: &[&str] = &["annual_output_breakdown_add"];

/// The grants of the review buttons.
const BUTTONS: Buttons = Buttons { submit: SUBMIT, approve: APPROVE, ret: RETURN };

pub fn routes(api: &mut Api) {
    api.get("/outputSurvey/list", list).permission(VIEW);
    api.get("/outputSurvey/summary", summary).permission(VIEW);
    api.get("/outputSurvey/detail", detail).permission(VIEW);
    api.get("/outputSurvey/prefill", prefill).permission(&[ADD, EDIT].concat());
    // The handler reads the body as a map to name the field of a type error; its shape is `OutputSurveyForm`.
    let form = api.schema::<OutputSurveyForm>();
    api.post("/outputSurvey/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    api.post("/outputSurvey/remove", remove).permission(DELETE);
    let form = api.schema::<SurveyReviewForm>();
    api.post("/outputSurvey/review", review).permission(&[SUBMIT, APPROVE, RETURN].concat()).body(JSON, form);
    api.get("/outputSurvey/review-log", review_log).permission(VIEW);
    let form = api.schema::<GenerateForm>();
    api.post("/outputSurvey/generate", generate).permission(GENERATE).body(JSON, form);
    api.get("/outputSurvey/export", export).permission(EXPORT).file(XLSX);
    api.get("/outputSurvey/export-template", template).permission(IMPORT).file(XLSX);
    let counts = api.answer_schema::<R<ImportCounts>>();
    api.post("/outputSurvey/import", import).permission(IMPORT).multipart("file", IMPORT_FIELDS).answer(JSON, counts);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    pub survey_year: i32,
    /// `survey_round` key; every round when empty.
    pub survey_round: Option<String>,
    /// A department: the surveys filed under its subtree.
    pub dept_id: Option<String>,
    /// `report_status` key.
    pub report_status: Option<String>,
    /// Part of the enterprise's name.
    pub enterprise_name: Option<String>,
}

impl ListQuery {
    fn parse(self) -> Result<Filter, AppError> {
        use keeper_common::fields::bounded_filter;
        let dept = match bounded_filter("deptId", self.dept_id, 20)? {
            None => None,
            Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?),
        };
        Ok(Filter {
            year: Period::checked_year("surveyYear", self.survey_year)?,
            round: bounded_filter("surveyRound", self.survey_round, 2)?,
            dept,
            status: bounded_filter("reportStatus", self.report_status, 1)?.map(|s| Status::from_code("reportStatus", &s)).transpose()?,
            enterprise_name: bounded_filter("enterpriseName", self.enterprise_name, 100)?,
        })
    }
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<OutputSurveyView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(&[])?;
    Ok(R::data(survey::list(&state, &me, &q.into_inner().parse()?, req).await?))
}

/// Σ last year, expected and verified by department, against each department's target (缺口).
async fn summary(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Summary>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let f = q.into_inner().parse()?;
    Ok(R::data(survey::summary(&state, &me, f.year, f.round.as_deref(), f.dept).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<OutputSurveyDetail>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(survey::detail(&state, &me, q.parse()?).await?))
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrefillQuery {
    pub enterprise_id: Option<String>,
    pub survey_year: i32,
}

/// What the filing drawer starts from for an enterprise: last year's approved output and the projects
/// that bring new capacity.
async fn prefill(state: web::Data<AppState>, me: CurrentUser, q: web::Query<PrefillQuery>) -> Result<R<Prefill>, AppError> {
    state.guard.require_any(&me, &[ADD, EDIT].concat()).await?;
    let q = q.into_inner();
    let id = keeper_common::fields::bounded_filter("enterpriseId", q.enterprise_id, 20)?
        .and_then(|s| keeper_common::id::parse(&s))
        .ok_or_else(|| AppError::field("enterpriseId", "不是有效的ID"))?;
    let year = Period::checked_year("surveyYear", q.survey_year)?;
    Ok(R::data(survey::prefill(&state, &me, id, year).await?))
}

/// Creates a survey (a draft) when the body has no `id`, updates a draft or returned one otherwise;
/// answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let body = body.into_inner();
    state.guard.require_any(&me, if crate::patch::is_update(&body) { EDIT } else { ADD }).await?;
    let id = survey::submit(&state, &me, body).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, DELETE).await?;
    Ok(R::data(json!({ "count": survey::remove(&state, &me, &form.targets()?).await? })))
}

/// The body of `outputSurvey/review`: the workflow's step, and the park's verified figure when approving
/// one survey.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyReviewForm {
    pub ids: Vec<String>,
    /// One of `submit`, `withdraw`, `approve`, `return`, `resubmit`, `unapprove`.
    pub step: String,
    #[serde(default)]
    pub opinion: String,
    /// 园区核定产值 (万元), only with `approve` of one survey; the enterprise's figure when absent.
    #[schemars(with = "Option<String>")]
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub verified_output: Option<Decimal>,
}

/// One step of the review workflow on some surveys, all or none; answers how many moved.
async fn review(state: web::Data<AppState>, me: CurrentUser, body: web::Json<SurveyReviewForm>) -> Result<R<Value>, AppError> {
    let body = body.into_inner();
    let form = crate::review::ReviewForm { ids: body.ids, step: body.step, opinion: body.opinion };
    let (ids, step) = form.parse()?;
    state.guard.require_any(&me, BUTTONS.granting(step)).await?;
    Ok(R::data(json!({ "count": survey::review(&state, &me, &ids, step, &form.opinion, body.verified_output).await? })))
}

async fn review_log(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<Vec<Entry>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(survey::review_log(&state, &me, q.parse()?).await?))
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerateForm {
    pub survey_year: i32,
    /// `survey_round` key: whose verified figures weigh the shares.
    pub survey_round: String,
    /// The department whose target is shared among its enterprises.
    pub dept_id: String,
}

/// 生成分解: drafts of the department's enterprise targets, its target shared by the verified figures.
async fn generate(state: web::Data<AppState>, me: CurrentUser, body: web::Json<GenerateForm>) -> Result<R<Generated>, AppError> {
    state.guard.require_any(&me, GENERATE).await?;
    let year = Period::checked_year("surveyYear", body.survey_year)?;
    let dept = keeper_common::id::parse(&body.dept_id).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?;
    Ok(R::data(survey::generate(&state, &me, year, body.survey_round.trim(), dept).await?))
}

/// What the screen shows for the same year, round and filters, as an xlsx download.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let f = q.into_inner().parse()?;
    let (rows, summary) = survey::all(&state, &me, &f).await?;
    let r = state.reference.of(&me.tenant_id).await?;
    let round = f.round.as_deref().map(|k| r.label("survey_round", k));
    let bytes = excel::export(f.year, round.as_deref(), &summary, &rows)?;
    Ok(keeper_excel::http::download(&excel::file_name(f.year, round.as_deref()), bytes))
}

async fn template(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, IMPORT).await?;
    Ok(download(survey_import::TEMPLATE_FILE, survey_import::template(&state, &me).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered`. Every row becomes a draft survey of its enterprise, year
/// and round; with any bad row nothing is written and `data` lists every problem (row, column, reason).
async fn import(state: web::Data<AppState>, me: CurrentUser, body: Multipart) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, IMPORT).await?;
    let upload = read_upload(body, "file").await?;
    Ok(match survey_import::import(&state, &me, &upload.file, upload.flag("isCovered")?).await? {
        Imported::Done { created, updated } => imported(created as u64, updated as u64),
        Imported::Rejected(problems) => rejected(problems),
    })
}
