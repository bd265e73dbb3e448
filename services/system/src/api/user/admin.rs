//! Administration of the tenant's accounts: `user/list`, `detail`, `submit`, `update`, `remove`, `grant`,
//! `reset-password`, `unlock` and `enable`, and the Excel export and import. Each handler checks its
//! permission code, parses, and calls `crate::users`.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm, from_json, targets};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_excel::http::{IMPORT_FIELDS, ImportCounts};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::state::AppState;
use crate::users::{self, form::UserForm, repo::Filter, view::UserView};

pub fn routes(api: &mut Api) {
    api.get("/user/list", list).permission(&["user_view"]);
    api.get("/user/detail", detail).permission(&["user_view"]);
    // The handlers read the body as a map to name the field of a type error; its shape is `UserForm`.
    let form = api.schema::<UserForm>();
    api.post("/user/submit", submit).permission(&["user_add", "user_edit"]).body(JSON, form.clone());
    api.post("/user/update", update).permission(&["user_edit"]).body(JSON, form);
    api.post("/user/remove", remove).permission(&["user_delete"]);
    api.post("/user/grant", grant).permission(&["user_role"]);
    api.post("/user/reset-password", reset_password).permission(&["user_reset_password", "user_reset"]);
    api.post("/user/unlock", unlock).permission(&["user_unlock"]);
    api.post("/user/enable", enable).permission(&["user_enable"]);
    api.get("/user/export-user", export_user).permission(&["user_export"]).file(XLSX);
    api.get("/user/export-template", export_template).permission(&["user_export"]).file(XLSX);
    let imported = api.answer_schema::<R<ImportCounts>>();
    api.post("/user/import-user", import_user).permission(&["user_import"]).multipart("file", IMPORT_FIELDS).answer(JSON, imported);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    account: Option<String>,
    real_name: Option<String>,
    phone: Option<String>,
    dept_id: Option<String>,
    status: Option<String>,
}

impl ListQuery {
    fn parse(self) -> Result<Filter, AppError> {
        let text = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let dept_id = match text(self.dept_id) {
            None => None,
            Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?),
        };
        let status = match text(self.status) {
            None => None,
            Some(s) => Some(s.parse().map_err(|_| AppError::field("status", "应为整数"))?),
        };
        Ok(Filter { account: text(self.account), real_name: text(self.real_name), phone: text(self.phone), dept_id, status })
    }
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<UserView>>, AppError> {
    state.guard.require(&me, "user_view").await?;
    let req = page.validate(users::repo::SORTABLE)?;
    Ok(R::data(users::list(&state, &me, q.into_inner().parse()?, req).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<UserView>, AppError> {
    state.guard.require(&me, "user_view").await?;
    Ok(R::data(users::detail(&state, &me, q.parse()?).await?))
}

/// Creates an account when the body has no `id`, updates it otherwise; answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let form = from_json::<UserForm>(&body)?;
    let id = match form.id {
        None => {
            state.guard.require(&me, "user_add").await?;
            let password = form.new_password();
            let input = form.validate(true)?;
            users::create(&state, &me, input, &password?).await?
        }
        Some(id) => {
            state.guard.require(&me, "user_edit").await?;
            users::update(&state, &me, id, form.validate(false)?).await?;
            id
        }
    };
    Ok(R::data(json!({ "id": id.to_string() })))
}

/// BladeX's update of an account: the body names the account by `id`; a password in it is ignored
/// (passwords change through reset-password and update-password only).
async fn update(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "user_edit").await?;
    let form = from_json::<UserForm>(&body)?;
    let id = form.id.ok_or_else(|| AppError::field("id", "不能为空"))?;
    users::update(&state, &me, id, form.validate(false)?).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "user_delete").await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": users::remove(&state, &me, &ids).await? })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct GrantForm {
    user_ids: String,
    role_ids: String,
}

async fn grant(state: web::Data<AppState>, me: CurrentUser, form: web::Form<GrantForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "user_role").await?;
    let user_ids = targets("userIds", &form.user_ids)?;
    let role_ids = users::form::held_ids("roleIds", &form.role_ids)?;
    if role_ids.is_empty() {
        return Err(AppError::field("roleIds", "不能为空"));
    }
    Ok(R::data(json!({ "count": users::grant(&state, &me, &user_ids, &role_ids).await? })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct UserIdsForm {
    user_ids: String,
}

async fn reset_password(state: web::Data<AppState>, me: CurrentUser, form: web::Form<UserIdsForm>) -> Result<R<Value>, AppError> {
    // `user_reset` is the code BladeX installations give this button.
    state.guard.require_any(&me, &["user_reset_password", "user_reset"]).await?;
    let ids = targets("userIds", &form.user_ids)?;
    Ok(R::data(json!({ "count": users::reset_password(&state, &me, &ids).await? })))
}

async fn unlock(state: web::Data<AppState>, me: CurrentUser, form: web::Form<UserIdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "user_unlock").await?;
    let ids = targets("userIds", &form.user_ids)?;
    Ok(R::data(json!({ "cleared": users::unlock(&state, &me, &ids).await? })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct EnableForm {
    user_ids: String,
    /// 1 = enable, 2 = disable.
    status: i32,
}

/// Switches accounts on or off; switching off ends their sessions at once.
async fn enable(state: web::Data<AppState>, me: CurrentUser, form: web::Form<EnableForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "user_enable").await?;
    let ids = targets("userIds", &form.user_ids)?;
    Ok(R::data(json!({ "count": users::set_status(&state, &me, &ids, form.status).await? })))
}

/// The accounts `user/list` shows for the same filters and sort, as an xlsx download (the token may come
/// as the `keeper-auth` query parameter, for `window.open`).
async fn export_user(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<actix_web::HttpResponse, AppError> {
    state.guard.require(&me, "user_export").await?;
    let sort = page.validate(users::repo::SORTABLE)?.sort;
    let bytes = users::excel::export(&state, &me, q.into_inner().parse()?, sort).await?;
    Ok(keeper_excel::http::download(users::excel::EXPORT_FILE, bytes))
}

async fn export_template(state: web::Data<AppState>, me: CurrentUser) -> Result<actix_web::HttpResponse, AppError> {
    state.guard.require(&me, "user_export").await?;
    Ok(keeper_excel::http::download(users::excel::TEMPLATE_FILE, users::excel::template(&state).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered` (1 updates existing accounts, 0 reports them as duplicates).
/// All or nothing: with any bad row nothing is written and `data` lists every problem (HTTP 400).
async fn import_user(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: keeper_excel::http::Multipart,
) -> Result<actix_web::HttpResponse, AppError> {
    state.guard.require(&me, "user_import").await?;
    let upload = keeper_excel::http::read_upload(body, "file").await?;
    let covered = upload.flag("isCovered")?;
    Ok(match users::excel::import(&state, &me, &upload.file, covered).await? {
        users::excel::Imported::Done { created, updated } => keeper_excel::http::imported(created as u64, updated as u64),
        users::excel::Imported::Rejected(report) => keeper_excel::http::rejected(report),
    })
}
