//! Department routes. `getPowerType` and `commonList` are look-ups for any signed-in user (the app loads them
//! at start-up); the administration endpoints check `dept_view`, `dept_add`, `dept_edit` or `dept_delete`
//! and call `crate::depts`.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm, targets};
use keeper_common::openapi::{Api, JSON};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::depts::{self, ListFilter, Submitted, form::DeptInput, view::DeptNode, view::DeptView};
use crate::dicts::lookup::{self, DictItem};
use crate::state::AppState;
use keeper_common::tree::TreeNode;

pub fn routes(api: &mut Api) {
    api.get("/dept/getPowerType", power_types);
    api.get("/dept/commonList", common_list);
    api.get("/dept/detail", detail).permission(&["dept_view"]);
    api.get("/dept/list", list).permission(&["dept_view"]);
    api.get("/dept/lazy-list", lazy_list).permission(&["dept_view"]);
    api.get("/dept/tree", tree).permission(&["dept_view"]);
    api.get("/dept/lazy-tree", lazy_tree).permission(&["dept_view"]);
    let body = api.schema::<super::bodies::DeptBody>();
    api.post("/dept/submit", submit).permission(&["dept_add", "dept_edit"]).body(JSON, body);
    api.post("/dept/remove", remove).permission(&["dept_delete"]);
    api.get("/dept/select", select).permission(&["dept_view"]);
}

/// The department power (jurisdiction) types, from the system dictionary `dept_power_type`.
async fn power_types(state: web::Data<AppState>, _user: CurrentUser) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(lookup::system_items(&state.db, "dept_power_type").await?))
}

/// The caller's tenant's departments as a tree, sorted.
async fn common_list(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Vec<DeptNode>>, AppError> {
    Ok(R::data(depts::common_list(&state, &me).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<DeptView>, AppError> {
    state.guard.require(&me, "dept_view").await?;
    Ok(R::data(depts::detail(&state, &me, q.parse()?).await?))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    dept_name: Option<String>,
    full_name: Option<String>,
    parent_id: Option<String>,
    tenant_id: Option<String>,
}

impl ListQuery {
    fn filter(&self) -> ListFilter {
        let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
        ListFilter { dept_name: text(&self.dept_name), full_name: text(&self.full_name) }
    }

    /// The lazy endpoints' parent: absent or empty is the top level.
    fn parent(&self) -> Result<i64, AppError> {
        match self.parent_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(0),
            Some(s) => keeper_common::id::parse(s).filter(|p| *p >= 0).ok_or_else(|| AppError::field("parentId", "不是有效的ID")),
        }
    }
}

async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<DeptView>>, AppError> {
    state.guard.require(&me, "dept_view").await?;
    Ok(R::data(depts::list(&state, &me, q.filter()).await?))
}

async fn lazy_list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<DeptView>>, AppError> {
    state.guard.require(&me, "dept_view").await?;
    Ok(R::data(depts::lazy_list(&state, &me, q.parent()?, q.filter()).await?))
}

async fn tree(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<TreeNode>>, AppError> {
    state.guard.require(&me, "dept_view").await?;
    depts::own_tenant(&me, q.tenant_id.as_deref())?;
    Ok(R::data(depts::tree(&state, &me).await?))
}

async fn lazy_tree(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<TreeNode>>, AppError> {
    state.guard.require(&me, "dept_view").await?;
    depts::own_tenant(&me, q.tenant_id.as_deref())?;
    Ok(R::data(depts::lazy_tree(&state, &me, q.parent()?).await?))
}

/// Creates a department when the body has no `id`, updates it otherwise.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Submitted>, AppError> {
    let creating = keeper_common::fields::id(&body, "id").map(|id| id.is_none()).unwrap_or(false);
    state.guard.require(&me, if creating { "dept_add" } else { "dept_edit" }).await?;
    Ok(R::data(depts::submit(&state, &me, DeptInput::from_json(&body)?).await?))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "dept_delete").await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": depts::remove(&state, &me, &ids).await? })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SelectQuery {
    dept_id: Option<String>,
}

async fn select(state: web::Data<AppState>, me: CurrentUser, q: web::Query<SelectQuery>) -> Result<R<Vec<DeptView>>, AppError> {
    state.guard.require(&me, "dept_view").await?;
    let ids = match q.dept_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => vec![],
        Some(raw) => targets("deptId", raw)?,
    };
    Ok(R::data(depts::select(&state, &me, &ids).await?))
}
