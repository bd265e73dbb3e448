//! The issue ledger (`/projectIssue`, domain-model §2.2.7) on the 跟踪项目 screen: raise, triage and assign,
//! handle, strike off, and the ledger exported as the dispatch meeting's agenda. Each handler checks its
//! permission code and calls `crate::investment::issue`, which decides per issue who the caller acts as.
use actix_web::{HttpResponse, web};
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use serde_json::{Map, Value, json};

use crate::investment::issue::form::{ActForm, AssignForm, RaiseForm};
use crate::investment::issue::lifecycle::Action;
use crate::investment::issue::{self, ASSIGN_CODES, HANDLE_CODES, IssueDetail, RAISE_CODES, excel, repo, view::IssueView};
use crate::output::report::issue as output_issue;
use crate::state::AppState;

const VIEW: &[&str] = &["track_project_view"];
const EXPORT: &[&str] = &["track_project_export"];

/// The button an action needs: the committee's or the departments'.
fn codes_of(action: Action) -> &'static [&'static str] {
    match action {
        Action::Refuse | Action::Accept | Action::Resolve => HANDLE_CODES,
        Action::Progress => &["track_project_assign", "track_project_handle"],
        Action::Assign | Action::Confirm | Action::Reject | Action::Close | Action::Relevel => ASSIGN_CODES,
    }
}

pub fn routes(api: &mut Api) {
    api.get("/projectIssue/list", list).permission(VIEW);
    api.get("/projectIssue/detail", detail).permission(VIEW);
    // The handlers read bodies as maps to name the field of a type error; their shapes are the forms.
    let raise = api.schema::<RaiseForm>();
    api.post("/projectIssue/submit", submit).permission(RAISE_CODES).body(JSON, raise);
    api.get("/projectIssue/output-projects", output_projects).permission(RAISE_CODES);
    api.post("/projectIssue/remove", remove).permission(&[RAISE_CODES, ASSIGN_CODES].concat());
    let assign = api.schema::<AssignForm>();
    api.post("/projectIssue/assign", assign_issue).permission(ASSIGN_CODES).body(JSON, assign);
    api.post("/projectIssue/act", act).permission(&[ASSIGN_CODES, HANDLE_CODES].concat());
    api.get("/projectIssue/export", export).permission(EXPORT).file(XLSX);
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<repo::ListQuery>,
) -> Result<R<Page<IssueView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(repo::SORTABLE)?;
    let filter = q.into_inner().parse(keeper_common::time::today())?;
    Ok(R::data(issue::list(&state, &me, filter, req).await?))
}

/// 产值填报 › 转为问题: the projects of the output report `id`'s enterprise an issue may be raised on.
async fn output_projects(
    state: web::Data<AppState>,
    me: CurrentUser,
    q: web::Query<IdQuery>,
) -> Result<R<Vec<output_issue::IssueProject>>, AppError> {
    state.guard.require_any(&me, RAISE_CODES).await?;
    Ok(R::data(output_issue::projects(&state, &me, q.parse()?).await?))
}

/// One issue with its history.
async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<IssueDetail>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(issue::detail(&state, &me, q.parse()?).await?))
}

/// Raises an issue (no `id`) or edits one waiting for triage; answers its id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, RAISE_CODES).await?;
    // Raised from an output report (产值填报 › 转为问题): output checks the report and the project belong together.
    let form = RaiseForm::from_json(&body)?;
    if let (Some(report), Some(project)) = (form.output_report_id, form.project_id) {
        output_issue::check_source(&state, &me, report, project).await?;
    }
    let id = issue::submit(&state, &me, form).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, &[RAISE_CODES, ASSIGN_CODES].concat()).await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": issue::remove(&state, &me, &ids).await? })))
}

/// 交办: triage into a level and assign to a department.
async fn assign_issue(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_any(&me, ASSIGN_CODES).await?;
    Ok(R::data(json!({ "count": issue::assign(&state, &me, body.into_inner()).await? })))
}

/// Any other action on some issues, all or none; answers how many.
async fn act(state: web::Data<AppState>, me: CurrentUser, body: web::Json<ActForm>) -> Result<R<Value>, AppError> {
    let action = body.validate(keeper_common::time::today())?.action;
    state.guard.require_any(&me, codes_of(action)).await?;
    Ok(R::data(json!({ "count": issue::act(&state, &me, &body).await? })))
}

/// What `projectIssue/list` shows for the same filters and sort, as an xlsx download (with `agenda=Y`, the
/// meeting's agenda).
async fn export(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<repo::ListQuery>,
) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let sort = page.validate(repo::SORTABLE)?.sort;
    let filter = q.into_inner().parse(keeper_common::time::today())?;
    let bytes = excel::export(&state, &me, filter, sort).await?;
    Ok(keeper_excel::http::download(excel::EXPORT_FILE, bytes))
}
