//! Monthly output reports (`/outputValue`, domain-model §2.3.1): the 产值填报 screen's calls. Each
//! handler checks its permission code, parses, and calls `crate::output::report`.
use actix_web::{HttpResponse, web};
use chrono::Datelike;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_excel::http::{Multipart, read_upload, rejected};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::output::report::lock::{LockForm, LockView};
use crate::output::report::month::ListQuery;
use crate::output::report::remind::{self, Reminded};
use crate::output::report::view::OutputReportView;
use crate::output::report::{self, CompletenessView, excel, form::OutputReportForm, import};
use crate::period::Period;
use crate::review::{Buttons, ReviewForm, log::Entry};
use crate::state::AppState;

const VIEW: &[&str] = &["output_report_view"];
const ADD: &[&str] = &["output_report_add"];
const EDIT: &[&str] = &["output_report_edit"];
const DELETE: &[&str] = &["output_report_delete"];
const EXPORT: &[&str] = &["output_report_export"];
const IMPORT: &[&str] = &["output_report_import"];
const IMPORT_FIELDS: &[(&str, &str)] =
    &[("isCovered", "1 lays a row over the draft or returned report of its enterprise and month, 0 reports it as a duplicate")];
const SUBMIT: &[&str] = &["output_report_submit"];
const APPROVE: &[&str] = &["output_report_approve"];
const RETURN: &[&str] = &["output_report_return"];
const REMIND: &[&str] = &["output_report_remind"];

/// The grants of the review buttons.
const BUTTONS: Buttons = Buttons { submit: SUBMIT, approve: APPROVE, ret: RETURN };

pub fn routes(api: &mut Api) {
    api.get("/outputValue/list", list).permission(VIEW);
    api.get("/outputValue/completeness", completeness).permission(VIEW);
    api.get("/outputValue/detail", detail).permission(VIEW);
    api.get("/outputValue/month", month).permission(VIEW);
    // The handler reads the body as a map to name the field of a type error; its shape is `OutputReportForm`.
    let form = api.schema::<OutputReportForm>();
    api.post("/outputValue/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    api.post("/outputValue/remove", remove).permission(DELETE);
    api.post("/outputValue/review", review).permission(&[SUBMIT, APPROVE, RETURN].concat());
    api.get("/outputValue/review-log", review_log).permission(VIEW);
    api.get("/outputValue/export", export).permission(EXPORT).file(XLSX);
    api.get("/outputValue/export-year", export_year).permission(EXPORT).file(XLSX);
    api.get("/outputValue/export-template", template).permission(IMPORT).file(XLSX);
    let counts = api.answer_schema::<R<import::Counts>>();
    api.post("/outputValue/import", import).permission(IMPORT).multipart("file", IMPORT_FIELDS).answer(JSON, counts);
    // Locking a month is the committee's decision on the whole zone's reports; the reviewer's grant plus a
    // whole-tenant scope (checked in `lock.rs`).
    api.post("/outputValue/lock", lock).permission(APPROVE);
    api.post("/outputValue/unlock", unlock).permission(APPROVE);
    let answer = api.answer_schema::<R<Reminded>>();
    api.post("/outputValue/remind", remind).permission(REMIND).answer(JSON, answer);
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
struct RemindQuery {
    /// `Y`: text the enterprises' contacts as well.
    sms: Option<String>,
}

/// 催报: the month's missing enterprises of the list's filters, a notice to each of their departments and,
/// with `sms=Y`, a text to their contacts.
async fn remind(
    state: web::Data<AppState>,
    me: CurrentUser,
    q: web::Query<ListQuery>,
    texts: web::Query<RemindQuery>,
) -> Result<R<Reminded>, AppError> {
    state.guard.require_any(&me, REMIND).await?;
    let (period, filter) = q.into_inner().parse()?;
    let texts = crate::checks::flag("sms", texts.into_inner().sms, crate::checks::NO)? == crate::checks::YES;
    Ok(R::data(remind::remind(&state, &me, period, filter, texts).await?))
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<OutputReportView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(&[])?;
    let (period, filter) = q.into_inner().parse()?;
    Ok(R::data(report::list(&state, &me, period, filter, req).await?))
}

/// 应报 / 已报 / 未报 per department for the month and the filters of the list.
async fn completeness(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<CompletenessView>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let (period, filter) = q.into_inner().parse()?;
    Ok(R::data(report::completeness(&state, &me, period, filter).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<OutputReportView>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(report::detail(&state, &me, q.parse()?).await?))
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthQuery {
    pub enterprise_id: Option<String>,
    /// `2026-03`
    pub period: Option<String>,
}

/// An enterprise's month as the filing drawer opens it: its report, or the empty month with the figures.
async fn month(state: web::Data<AppState>, me: CurrentUser, q: web::Query<MonthQuery>) -> Result<R<OutputReportView>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let q = q.into_inner();
    let id = keeper_common::fields::bounded_filter("enterpriseId", q.enterprise_id, 20)?
        .and_then(|s| keeper_common::id::parse(&s))
        .ok_or_else(|| AppError::field("enterpriseId", "不是有效的ID"))?;
    let period = keeper_common::fields::bounded_filter("period", q.period, 7)?.ok_or_else(|| AppError::field("period", "不能为空"))?;
    Ok(R::data(report::month_of(&state, &me, id, Period::parse("period", &period)?).await?))
}

/// Creates a report (a draft) when the body has no `id`, updates a draft or returned one otherwise;
/// answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let body = body.into_inner();
    state.guard.require_any(&me, if crate::patch::is_update(&body) { EDIT } else { ADD }).await?;
    let id = report::submit(&state, &me, body).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, DELETE).await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": report::remove(&state, &me, &ids).await? })))
}

/// One step of the review workflow on some reports, all or none (batch approval); answers how many moved.
async fn review(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ReviewForm>) -> Result<R<Value>, AppError> {
    let (ids, step) = body.parse()?;
    state.guard.require_any(&me, BUTTONS.granting(step)).await?;
    Ok(R::data(json!({ "count": report::review(&state, &me, &ids, step, &body.opinion).await? })))
}

async fn review_log(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<Vec<Entry>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(report::review_log(&state, &me, q.parse()?).await?))
}

/// What `outputValue/list` shows for the same month and filters, as an xlsx download.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (period, filter) = q.into_inner().parse()?;
    let bytes = excel::export(&state, &me, period, filter).await?;
    Ok(keeper_excel::http::download(excel::EXPORT_FILE, bytes))
}

/// `year` with the list's filters (its `period` is not read): every reporting month of the year so far.
#[derive(Debug, Deserialize, JsonSchema)]
struct YearQuery {
    /// `2026`; this year when absent.
    year: Option<String>,
}

async fn export_year(
    state: web::Data<AppState>,
    me: CurrentUser,
    y: web::Query<YearQuery>,
    q: web::Query<ListQuery>,
) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let year = match keeper_common::fields::bounded_filter("year", y.into_inner().year, 4)? {
        None => keeper_common::time::today().year(),
        Some(y) => y.parse().map_err(|_| AppError::field("year", "应为四位年份"))?,
    };
    let (_, filter) = q.into_inner().parse()?;
    let file = excel::export_year(&state, &me, year, filter).await?;
    keeper_excel::http::download_file(&excel::year_file(year), file)
}

async fn template(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, IMPORT).await?;
    Ok(keeper_excel::http::download(import::TEMPLATE_FILE, import::template(&state, &me).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered`. Every row with a figure becomes a draft report of its
/// enterprise and month; rows with none are skipped; with any bad row nothing is written and `data`
/// lists every problem (row, column, reason).
async fn import(state: web::Data<AppState>, me: CurrentUser, body: Multipart) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, IMPORT).await?;
    let upload = read_upload(body, "file").await?;
    Ok(match import::import(&state, &me, &upload.file, upload.flag("isCovered")?).await? {
        import::Imported::Done(counts) => {
            let msg = format!("导入成功: 新增 {} 条，更新 {} 条，跳过未填写产值的 {} 行", counts.created, counts.updated, counts.skipped);
            HttpResponse::Ok().json(R { msg, ..R::data(counts) })
        }
        import::Imported::Rejected(problems) => rejected(problems),
    })
}

async fn lock(state: web::Data<AppState>, me: CurrentUser, body: web::Json<LockForm>) -> Result<R<LockView>, AppError> {
    state.guard.require_any(&me, APPROVE).await?;
    Ok(R::data(report::lock::lock(&state, &me, body.into_inner()).await?))
}

async fn unlock(state: web::Data<AppState>, me: CurrentUser, body: web::Json<LockForm>) -> Result<R<LockView>, AppError> {
    state.guard.require_any(&me, APPROVE).await?;
    Ok(R::data(report::lock::unlock(&state, &me, body.into_inner()).await?))
}
