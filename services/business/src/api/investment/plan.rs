//! Annual plans of projects (`/projectPlan`, domain-model §2.2.1): read with the project, edited by whoever
//! edits projects on the 项目入库, 技术改造 or 跟踪项目 screens.
use actix_web::web;
use keeper_common::form::IdsForm;
use keeper_common::openapi::{Api, JSON};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::entity::project_plan;
use crate::investment::plan::{self, form::PlanForm};
use crate::state::AppState;

const VIEW: &[&str] = &["project_warehousing_view", "technical_renovation_view", "track_project_view"];
const EDIT: &[&str] = &["project_warehousing_edit", "technical_renovation_edit", "track_project_edit"];

pub fn routes(api: &mut Api) {
    api.get("/projectPlan/list", list).permission(VIEW);
    let form = api.schema::<PlanForm>();
    api.post("/projectPlan/submit", submit).permission(EDIT).body(JSON, form);
    api.post("/projectPlan/remove", remove).permission(EDIT);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ProjectQuery {
    project_id: String,
}

/// Every plan of one project, latest year first.
async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ProjectQuery>) -> Result<R<Vec<project_plan::Model>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let id = keeper_common::id::parse(&q.project_id).ok_or_else(|| AppError::field("projectId", "不是有效的ID"))?;
    Ok(R::data(plan::of_project(&state, &me, id).await?))
}

/// Saves the plan of a project and year (creates it or replaces that year's); answers its id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, EDIT).await?;
    let id = plan::submit(&state, &me, body.into_inner()).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, EDIT).await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": plan::remove(&state, &me, &ids).await? })))
}
