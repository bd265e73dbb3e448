//! 通知公告 (`/noticeManager`, issue 18): the managers' list, form, publish, withdraw, remove and receipts,
//! each behind its button; and the readers' calls — the detail (`POST /api/noticeManager/detail`, SPEC
//! section 7), their notices and the header's unread count — open to every signed-in user, who reach only
//! the notices addressed to them.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::notice::form::NoticeForm;
use crate::notice::view::{MyNotice, NoticeDetail, NoticeRow, Receipt, Unread};
use crate::notice::{self, MANAGE_CODES, repo};
use crate::state::AppState;

const ADD: &[&str] = &["notice_add"];
const EDIT: &[&str] = &["notice_edit"];
const DELETE: &[&str] = &["notice_delete"];
const PUBLISH: &[&str] = &["notice_publish"];
const WITHDRAW: &[&str] = &["notice_withdraw"];
const RECEIPTS: &[&str] = &["notice_receipt", "notice_view"];

pub fn routes(api: &mut Api) {
    api.get("/noticeManager/list", list).permission(MANAGE_CODES);
    // The handler reads the body as a map to name the field of a type error; its shape is `NoticeForm`.
    let form = api.schema::<NoticeForm>();
    api.post("/noticeManager/submit", submit).permission(&[ADD, EDIT].concat()).body(JSON, form);
    api.post("/noticeManager/remove", remove).permission(DELETE);
    api.post("/noticeManager/publish", publish).permission(PUBLISH);
    api.post("/noticeManager/withdraw", withdraw).permission(WITHDRAW);
    api.get("/noticeManager/receipts", receipts).permission(RECEIPTS);
    let id = api.schema::<IdQuery>();
    api.post("/noticeManager/detail", detail).body(JSON, id);
    api.get("/noticeManager/mine", mine);
    api.get("/noticeManager/unread", unread);
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<repo::ListQuery>,
) -> Result<R<Page<NoticeRow>>, AppError> {
    state.guard.require_any(&me, MANAGE_CODES).await?;
    let req = page.validate(repo::SORTABLE)?;
    Ok(R::data(notice::list(&state, &me, q.into_inner().parse()?, req).await?))
}

/// Writes a new draft (`notice_add`) or changes one (`notice_edit`); answers its id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let input = NoticeForm::from_json(&body)?.validate()?;
    state.guard.require_any(&me, if input.id.is_some() { EDIT } else { ADD }).await?;
    let id = notice::submit(&state, &me, input).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, DELETE).await?;
    Ok(R::data(json!({ "count": notice::remove(&state, &me, &form.targets()?).await? })))
}

async fn publish(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, PUBLISH).await?;
    Ok(R::data(json!({ "count": notice::publish(&state, &me, &form.targets()?).await? })))
}

async fn withdraw(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, WITHDRAW).await?;
    Ok(R::data(json!({ "count": notice::withdraw(&state, &me, &form.targets()?).await? })))
}

#[derive(Debug, Deserialize, JsonSchema)]
struct ReceiptQuery {
    id: String,
}

/// 阅读情况: who has read the notice, the latest first.
async fn receipts(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ReceiptQuery>,
) -> Result<R<Page<Receipt>>, AppError> {
    state.guard.require_any(&me, RECEIPTS).await?;
    let req = page.validate(&[])?;
    let id = keeper_common::id::parse(&q.id).ok_or_else(|| AppError::field("id", "不是有效的ID"))?;
    Ok(R::data(notice::receipts(&state, &me, id, req).await?))
}

/// One notice; opening a published notice addressed to the caller records that they read it.
async fn detail(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<NoticeDetail>, AppError> {
    let id = keeper_common::form::from_json::<IdQuery>(&body)?.parse()?;
    let manager = state.guard.holds_any(&me, MANAGE_CODES).await?;
    Ok(R::data(notice::detail(&state, &me, id, manager).await?))
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
struct MineQuery {
    /// `Y`: only the unread ones.
    unread: Option<String>,
}

/// The notices published to the caller, newest first.
async fn mine(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<MineQuery>,
) -> Result<R<Page<MyNotice>>, AppError> {
    let req = page.validate(&[])?;
    let unread = crate::checks::flag("unread", q.into_inner().unread, crate::checks::NO)? == crate::checks::YES;
    Ok(R::data(notice::mine(&state, &me, unread, req).await?))
}

/// The header's bell: how many notices addressed to the caller are unread, and the newest of them.
async fn unread(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Unread>, AppError> {
    Ok(R::data(notice::unread(&state, &me).await?))
}
