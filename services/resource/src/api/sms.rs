//! SMS administration: `sms/detail`, `list`, `submit`, `remove` and `enable`, the test sends under
//! `sms/endpoint` (api-contract §8.5) and the send log, each behind its `sms*` code; the rules live in
//! `crate::sms`.
use actix_web::web;
use keeper_common::fields;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::sms::params::{self, TemplateParams};
use crate::sms::{self, Filter, codes, form::SmsInput, log, sending, view::SmsView};
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    api.get("/sms/detail", detail).permission(&["sms_view"]);
    api.get("/sms/list", list).permission(&["sms"]);
    api.get("/sms/page", list).permission(&["sms"]);
    let body = api.schema::<super::bodies::SmsBody>();
    api.post("/sms/submit", submit).permission(&["sms_add", "sms_edit"]).body(JSON, body);
    api.post("/sms/remove", remove).permission(&["sms_delete"]);
    api.post("/sms/enable", enable).permission(&["sms_enable"]);
    api.post("/sms/endpoint/send-message", send_message).permission(&["sms_edit"]);
    api.post("/sms/endpoint/send-validate", send_validate).permission(&["sms_edit"]);
    api.post("/sms/endpoint/validate-message", validate_message).permission(&["sms_edit"]);
    api.get("/sms/log/list", log_list).permission(&["sms"]);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    sms_code: Option<String>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    category: Option<i32>,
    #[serde(flatten)]
    page: PageQuery,
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<SmsView>, AppError> {
    state.guard.require(&me, "sms_view").await?;
    Ok(R::data(sms::row(&state.db, &me.tenant_id, q.parse()?).await?.into()))
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Page<SmsView>>, AppError> {
    state.guard.require(&me, "sms").await?;
    let req = q.page.validate(sms::SORTABLE)?;
    let f = Filter { code: fields::filter(&q.sms_code), category: q.category };
    Ok(R::data(sms::list(&state.db, &me, &f, &req).await?))
}

async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let creating = fields::id(&body, "id").map(|id| id.is_none()).unwrap_or(false);
    state.guard.require(&me, if creating { "sms_add" } else { "sms_edit" }).await?;
    let input = SmsInput::from_json(&body)?;
    Ok(R::data(json!({ "id": sms::submit(&state.db, &me, input).await?.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "sms_delete").await?;
    Ok(R::data(json!({ "count": sms::remove(&state.db, &me, &form.targets()?).await? })))
}

async fn enable(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdQuery>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "sms_enable").await?;
    sms::enable(&state.db, &me, form.parse()?).await?;
    Ok(R::success("操作成功"))
}

/// `code` names a configuration by its code (else the enabled one is used).
#[derive(Deserialize, JsonSchema)]
struct SendMessageForm {
    code: Option<String>,
    phones: Option<String>,
    params: Option<String>,
}

async fn send_message(state: web::Data<AppState>, me: CurrentUser, form: web::Form<SendMessageForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "sms_edit").await?;
    let phones = params::phones("phones", form.phones.as_deref())?;
    let template = TemplateParams::parse("params", form.params.as_deref())?;
    sending::message(&state.db, &state.sms_http, &me, form.code.as_deref(), &phones, &template).await?;
    Ok(R::success("短信发送成功"))
}

#[derive(Deserialize, JsonSchema)]
struct SendValidateForm {
    code: Option<String>,
    phone: Option<String>,
}

async fn send_validate(state: web::Data<AppState>, me: CurrentUser, form: web::Form<SendValidateForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "sms_edit").await?;
    let phone = params::phone("phone", form.phone.as_deref())?;
    let id = sending::validation_code(&state.db, &state.sms_http, &me, form.code.as_deref(), &phone).await?;
    Ok(R { msg: "短信发送成功".into(), ..R::data(json!({ "id": id.to_string(), "phone": phone })) })
}

#[derive(Deserialize, JsonSchema)]
struct ValidateForm {
    id: Option<String>,
    value: Option<String>,
    phone: Option<String>,
}

async fn validate_message(state: web::Data<AppState>, me: CurrentUser, form: web::Form<ValidateForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "sms_edit").await?;
    let id = IdQuery { id: form.id.clone().unwrap_or_default() }.parse()?;
    let phone = params::phone("phone", form.phone.as_deref())?;
    let value = form.value.as_deref().map(str::trim).filter(|v| !v.is_empty()).ok_or_else(|| AppError::field("value", "不能为空"))?;
    codes::check(&state.db, &me.tenant_id, id, &phone, value).await?;
    Ok(R::success("短信校验成功"))
}

#[derive(Deserialize, JsonSchema)]
struct LogQuery {
    phone: Option<String>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    success: Option<i32>,
    #[serde(flatten)]
    page: PageQuery,
}

async fn log_list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<LogQuery>) -> Result<R<Page<log::LogView>>, AppError> {
    state.guard.require(&me, "sms").await?;
    let req = q.page.validate(log::SORTABLE)?;
    let f = log::Filter { phone: fields::filter(&q.phone), success: q.success };
    Ok(R::data(log::list(&state.db, &me, &f, &req).await?))
}
