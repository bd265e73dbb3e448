//! Attachments of projects and monthly reports (`/projectAttachment`, domain-model §2.2.1, §2.2.6): the
//! files shown in the project drawer and the report dialog, linked after the web uploaded them to the
//! resource service. Whoever may read a project screen lists them; changing needs a project editor's
//! button, or for a report's photos the report filler's. Each handler checks its permission code, parses,
//! and calls `crate::investment::attachment`.
use actix_web::web;
use keeper_common::form::IdsForm;
use keeper_common::openapi::{Api, JSON};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use serde_json::{Map, Value, json};

use crate::investment::attachment::form::{LinkForm, ListQuery};
use crate::investment::attachment::{self, Grants, view::AttachmentView};
use crate::state::AppState;

/// The screens that show a project.
const VIEW: &[&str] = &["project_warehousing_view", "technical_renovation_view", "track_project_view", "finish_project_view"];
/// A project's own documents: whoever edits projects or moves their status (a start needs its evidence).
const PROJECT_FILES: &[&str] = &["project_warehousing_edit", "technical_renovation_edit", "track_project_edit", "finish_project_edit"];
/// A monthly report's photos: its filler (as `projectReport/submit`).
const REPORT_PHOTOS: &[&str] = &["track_project_add", "track_project_edit"];

pub fn routes(api: &mut Api) {
    api.get("/projectAttachment/list", list).permission(VIEW);
    // The handler reads the body as a map to name the field of a type error; its shape is `LinkForm`.
    let form = api.schema::<LinkForm>();
    api.post("/projectAttachment/submit", submit).permission(&[PROJECT_FILES, REPORT_PHOTOS].concat()).body(JSON, form);
    api.post("/projectAttachment/remove", remove).permission(&[PROJECT_FILES, REPORT_PHOTOS].concat());
}

async fn grants(state: &AppState, me: &CurrentUser) -> Result<Grants, AppError> {
    let g = Grants {
        project_files: state.guard.holds_any(me, PROJECT_FILES).await?,
        report_photos: state.guard.holds_any(me, REPORT_PHOTOS).await?,
    };
    if g.project_files || g.report_photos { Ok(g) } else { Err(AppError::forbidden()) }
}

/// A project's documents (`projectId`), or one of its reports' photos (with `reportId`).
async fn list(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<AttachmentView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let (project, report) = q.into_inner().parse()?;
    Ok(R::data(attachment::list(&state, &me, project, report).await?))
}

/// Links uploaded files (`attachIds`) under one category; answers the new links' ids.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let g = grants(&state, &me).await?;
    let linking = LinkForm::from_json(&body)?.validate()?;
    let ids = attachment::link(&state, &me, g, linking).await?;
    Ok(R::data(json!({ "ids": ids.iter().map(i64::to_string).collect::<Vec<_>>() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    let g = grants(&state, &me).await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": attachment::remove(&state, &me, g, &ids).await? })))
}
