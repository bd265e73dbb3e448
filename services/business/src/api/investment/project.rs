//! Investment projects (`/project`): the lists of 项目入库 and 技术改造, one project, create-or-update,
//! remove, the review workflow of library entry, its history, 入库纳统 and the Excel export. Both screens
//! work on the same projects, so each call accepts the code of either menu. Each handler checks its
//! permission code, parses, and calls `crate::investment::project`.
use actix_web::{HttpResponse, web};
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::finished;
use crate::investment::project::status::{self, ChangeForm};
use crate::investment::project::{self, excel, form::ProjectForm, repo, view::ProjectView};
use crate::period::Period;
use crate::review::{Buttons, ReviewForm, log::Entry};
use crate::state::AppState;

const VIEW: &[&str] = &["project_warehousing_view", "technical_renovation_view"];
const ADD: &[&str] = &["project_warehousing_add", "technical_renovation_add"];
const EDIT: &[&str] = &["project_warehousing_edit", "technical_renovation_edit"];
const DELETE: &[&str] = &["project_warehousing_delete", "technical_renovation_delete"];
/// Status changes of projects in the library: the keepers of either screen, or of the tracked list.
const CHANGE_STATUS: &[&str] = &["project_warehousing_edit", "technical_renovation_edit", "track_project_edit"];
const EXPORT: &[&str] = &["project_warehousing_export", "technical_renovation_export"];
const SUBMIT: &[&str] = &["project_warehousing_submit", "technical_renovation_submit"];
const APPROVE: &[&str] = &["project_warehousing_approve", "technical_renovation_approve"];
const RETURN: &[&str] = &["project_warehousing_return", "technical_renovation_return"];

/// The grants of the review buttons.
const BUTTONS: Buttons = Buttons { submit: SUBMIT, approve: APPROVE, ret: RETURN };

pub fn routes(api: &mut Api) {
    api.get("/project/list", list).permission(VIEW);
    api.get("/project/detail", detail).permission(VIEW);
    // The handler reads the body as a map to name the field of a type error; its shape is `ProjectForm`.
    let form = api.schema::<ProjectForm>();
    api.post("/project/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    api.post("/project/remove", remove).permission(DELETE);
    api.post("/project/review", review).permission(&[SUBMIT, APPROVE, RETURN].concat());
    api.get("/project/review-log", review_log).permission(VIEW);
    api.post("/project/stat-included", stat_included).permission(EDIT);
    let change = api.schema::<ChangeForm>();
    api.post("/project/status", change_status).permission(&[CHANGE_STATUS, finished::EDIT].concat()).body(JSON, change);
    api.get("/project/status-log", status_log).permission(VIEW);
    api.get("/project/export", export).permission(EXPORT).file(XLSX);
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<repo::ListQuery>,
) -> Result<R<Page<ProjectView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(repo::SORTABLE)?;
    Ok(R::data(project::list(&state, &me, q.into_inner().parse()?, req).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<ProjectView>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(project::detail(&state, &me, q.parse()?).await?))
}

/// Creates a project (a draft) when the body has no `id`, updates a draft or returned one otherwise;
/// answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let body = body.into_inner();
    state.guard.require_any(&me, if crate::patch::is_update(&body) { EDIT } else { ADD }).await?;
    let id = project::submit(&state, &me, body).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, DELETE).await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": project::remove(&state, &me, &ids).await? })))
}

/// One step of the library-entry workflow on some projects, all or none; answers how many moved.
async fn review(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ReviewForm>) -> Result<R<Value>, AppError> {
    let (ids, step) = body.parse()?;
    state.guard.require_any(&me, BUTTONS.granting(step)).await?;
    Ok(R::data(json!({ "count": project::review(&state, &me, &ids, step, &body.opinion).await? })))
}

async fn review_log(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<Vec<Entry>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(project::review_log(&state, &me, q.parse()?).await?))
}

/// Changes the status of a project in the library (domain-model §2.2.2): `{ id, toStatus, reason, … }` with
/// the dates and fields the new status needs. The keeper of 已完成项目 may change finished projects.
async fn change_status(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, &[CHANGE_STATUS, finished::EDIT].concat()).await?;
    let change = ChangeForm::from_json(&body)?.validate()?;
    let id = change.id;
    if state.guard.holds_any(&me, CHANGE_STATUS).await? {
        status::change(&state, &me, change).await?;
    } else {
        // The keeper of 已完成项目 alone moves finished projects only (投产 → 达产, re-opening).
        crate::investment::finished::change_status(&state, &me, change).await?;
    }
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn status_log(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<Vec<status::Entry>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(status::history(&state, &me, q.parse()?).await?))
}

/// `{ id, period: "2026-03" }`: the project counts in the statistics of investment from that month on.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct StatIncludedForm {
    id: String,
    period: String,
}

async fn stat_included(state: web::Data<AppState>, me: CurrentUser, body: web::Json<StatIncludedForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, EDIT).await?;
    let id = keeper_common::id::parse(&body.id).ok_or_else(|| AppError::field("id", "不是有效的ID"))?;
    let period = Period::parse("period", &body.period)?;
    project::stat_included(&state, &me, id, period).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

/// What `project/list` shows for the same filters and sort, as an xlsx download (the token may come as the
/// `keeper-auth` query parameter, for `window.open`).
async fn export(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<repo::ListQuery>,
) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let sort = page.validate(repo::SORTABLE)?.sort;
    let bytes = excel::export(&state, &me, q.into_inner().parse()?, sort).await?;
    Ok(keeper_excel::http::download(excel::EXPORT_FILE, bytes))
}
