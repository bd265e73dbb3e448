//! Finished projects (`/project/finished`, domain-model §2.2.8): the 已完成项目 screen's list, its export
//! and the completion fields of one project. Its status moves (投产 → 达产, re-opening) go through
//! `project/status` with `finish_project_edit` (see `api::investment::project`). Each handler checks its
//! permission code, parses, and calls `crate::investment::finished`.
use actix_web::{HttpResponse, web};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use serde_json::{Map, Value, json};

use crate::investment::finished::completion::{self, CompletionForm};
use crate::investment::finished::proposal::{self, DecideForm, ProposeForm};
use crate::investment::project::status::REVIEWER_CODES;
use crate::investment::finished::{self, FinishedQuery, FinishedView};
use crate::investment::project::repo::SORTABLE;
use crate::state::AppState;

const VIEW: &[&str] = &["finish_project_view"];
pub const EDIT: &[&str] = &["finish_project_edit"];
const EXPORT: &[&str] = &["finish_project_export"];

pub fn routes(api: &mut Api) {
    api.get("/project/finished", list).permission(VIEW);
    api.get("/project/finished/export", export).permission(EXPORT).file(XLSX);
    // The handler reads the body as a map, laid over the stored row; its shape is `CompletionForm`.
    let form = api.schema::<CompletionForm>();
    api.post("/project/finished/submit", submit).permission(EDIT).body(JSON, form);
    // 申报达产: the keeper proposes, a reviewer of the investment screens confirms or returns.
    let propose_form = api.schema::<ProposeForm>();
    api.post("/project/finished/propose", propose).permission(EDIT).body(JSON, propose_form);
    let decide_form = api.schema::<DecideForm>();
    api.post("/project/finished/confirm", confirm).permission(REVIEWER_CODES).body(JSON, decide_form.clone());
    api.post("/project/finished/reject", reject).permission(REVIEWER_CODES).body(JSON, decide_form);
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<FinishedQuery>,
) -> Result<R<Page<FinishedView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(SORTABLE)?;
    Ok(R::data(finished::list(&state, &me, q.into_inner(), req).await?))
}

/// What `project/finished` shows for the same filters and order, as an xlsx download.
async fn export(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<FinishedQuery>,
) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let sort = page.validate(SORTABLE)?.sort;
    let bytes = finished::export(&state, &me, q.into_inner(), sort).await?;
    Ok(keeper_excel::http::download(finished::EXPORT_FILE, bytes))
}

/// Records what a finished project achieved: `{ id, actualTotalInvestment, acceptanceDate, … }`; answers
/// the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, EDIT).await?;
    let id = completion::submit(&state, &me, body.into_inner()).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

/// Proposes a move the table gives to "filler + review": `{ id, toStatus: "80", statusDate, reason }`.
async fn propose(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ProposeForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, EDIT).await?;
    proposal::propose(&state, &me, body.into_inner()).await?;
    Ok(R::success("已申报，等待审核确认"))
}

/// Confirms the waiting proposal: `{ id, opinion }`; the project moves.
async fn confirm(state: web::Data<AppState>, me: CurrentUser, body: web::Json<DecideForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, REVIEWER_CODES).await?;
    proposal::confirm(&state, &me, body.into_inner()).await?;
    Ok(R::success("操作成功"))
}

/// Returns the waiting proposal with its `opinion` (required); the project stays.
async fn reject(state: web::Data<AppState>, me: CurrentUser, body: web::Json<DecideForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, REVIEWER_CODES).await?;
    proposal::reject(&state, &me, body.into_inner()).await?;
    Ok(R::success("已退回"))
}
