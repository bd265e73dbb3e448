//! Monthly progress reports of projects (`/projectReport`, domain-model §2.2.6) and the dispatch working
//! list they feed (`/project/tracked`, §2.2.7): the 跟踪项目 screen's calls. Each handler checks its
//! permission code, parses, and calls `crate::investment::report` or `::tracked`.
use actix_web::{HttpResponse, web};
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use serde_json::{Map, Value, json};

use crate::investment::project::repo::SORTABLE as PROJECT_SORTABLE;
use crate::investment::report::{self, excel, form::ReportForm, repo, view::ReportView};
use crate::investment::tracked::{self, TrackedQuery, TrackedView};
use crate::review::{Buttons, ReviewForm, log::Entry};
use crate::state::AppState;

const VIEW: &[&str] = &["track_project_view"];
const ADD: &[&str] = &["track_project_add"];
const EDIT: &[&str] = &["track_project_edit"];
const DELETE: &[&str] = &["track_project_delete"];
const EXPORT: &[&str] = &["track_project_export"];
const SUBMIT: &[&str] = &["track_project_submit"];
const APPROVE: &[&str] = &["track_project_approve"];
const RETURN: &[&str] = &["track_project_return"];

/// The grants of the review buttons.
const BUTTONS: Buttons = Buttons { submit: SUBMIT, approve: APPROVE, ret: RETURN };

pub fn routes(api: &mut Api) {
    api.get("/project/tracked", tracked_list).permission(VIEW);
    api.get("/projectReport/list", list).permission(VIEW);
    api.get("/projectReport/detail", detail).permission(VIEW);
    // The handler reads the body as a map to name the field of a type error; its shape is `ReportForm`.
    let form = api.schema::<ReportForm>();
    api.post("/projectReport/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    api.post("/projectReport/remove", remove).permission(DELETE);
    api.post("/projectReport/review", review).permission(&[SUBMIT, APPROVE, RETURN].concat());
    api.get("/projectReport/review-log", review_log).permission(VIEW);
    api.get("/projectReport/export", export).permission(EXPORT).file(XLSX);
}

async fn tracked_list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<TrackedQuery>,
) -> Result<R<Page<TrackedView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(PROJECT_SORTABLE)?;
    Ok(R::data(tracked::list(&state, &me, q.into_inner(), req).await?))
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<repo::ListQuery>,
) -> Result<R<Page<ReportView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(repo::SORTABLE)?;
    Ok(R::data(report::list(&state, &me, q.into_inner().parse()?, req).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<ReportView>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(report::detail(&state, &me, q.parse()?).await?))
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

/// One step of the review workflow on some reports, all or none; answers how many moved.
async fn review(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ReviewForm>) -> Result<R<Value>, AppError> {
    let (ids, step) = body.parse()?;
    state.guard.require_any(&me, BUTTONS.granting(step)).await?;
    Ok(R::data(json!({ "count": report::review(&state, &me, &ids, step, &body.opinion).await? })))
}

async fn review_log(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<Vec<Entry>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(report::review_log(&state, &me, q.parse()?).await?))
}

/// What `projectReport/list` shows for the same filters and sort, as an xlsx download.
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
