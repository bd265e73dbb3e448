//! Enterprise administration (`/system/enterprise`): `enterprise/list`, `detail`, `submit`, `remove`,
//! `export`, `export-template` and `import`. Each handler checks its permission code, parses, and calls
//! `crate::enterprise`.

use actix_web::{HttpResponse, web};
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_excel::http::{IMPORT_FIELDS, ImportCounts};
use keeper_security::CurrentUser;
use serde_json::{Map, Value, json};

use crate::enterprise::{self, excel, form::EnterpriseForm, repo, view::EnterpriseView};
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    api.get("/enterprise/list", list).permission(&["enterprise_view"]);
    api.get("/enterprise/detail", detail).permission(&["enterprise_view"]);
    // The handler reads the body as a map to name the field of a type error; its shape is `EnterpriseForm`.
    let form = api.schema::<EnterpriseForm>();
    api.post("/enterprise/submit", submit).permission(&["enterprise_add", "enterprise_edit"]).body(JSON, form);
    api.post("/enterprise/remove", remove).permission(&["enterprise_delete"]);
    api.get("/enterprise/export", export).permission(&["enterprise_export"]).file(XLSX);
    api.get("/enterprise/export-template", export_template).permission(&["enterprise_export"]).file(XLSX);
    let imported = api.answer_schema::<R<ImportCounts>>();
    api.post("/enterprise/import", import).permission(&["enterprise_import"]).multipart("file", IMPORT_FIELDS).answer(JSON, imported);
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<repo::ListQuery>,
) -> Result<R<Page<EnterpriseView>>, AppError> {
    state.guard.require(&me, "enterprise_view").await?;
    let req = page.validate(repo::SORTABLE)?;
    Ok(R::data(enterprise::list(&state, &me, q.into_inner().parse()?, req).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<EnterpriseView>, AppError> {
    state.guard.require(&me, "enterprise_view").await?;
    Ok(R::data(enterprise::detail(&state, &me, q.parse()?).await?))
}

/// Creates an enterprise when the body has no `id`, updates it otherwise; answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let body = body.into_inner();
    let code = if crate::patch::is_update(&body) { "enterprise_edit" } else { "enterprise_add" };
    state.guard.require(&me, code).await?;
    let id = enterprise::submit(&state, &me, body).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "enterprise_delete").await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": enterprise::remove(&state, &me, &ids).await? })))
}

/// What `enterprise/list` shows for the same filters and sort, as an xlsx download (the token may come as
/// the `keeper-auth` query parameter, for `window.open`).
async fn export(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<repo::ListQuery>,
) -> Result<HttpResponse, AppError> {
    state.guard.require(&me, "enterprise_export").await?;
    let sort = page.validate(repo::SORTABLE)?.sort;
    let bytes = excel::export(&state, &me, q.into_inner().parse()?, sort).await?;
    Ok(keeper_excel::http::download(excel::EXPORT_FILE, bytes))
}

async fn export_template(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, AppError> {
    state.guard.require(&me, "enterprise_export").await?;
    Ok(keeper_excel::http::download(excel::TEMPLATE_FILE, excel::template(&state, &me).await?))
}

/// Multipart `file` (xlsx/xls) and `isCovered` (1 updates enterprises with the same credit code, 0 reports
/// them as duplicates). All or nothing: with any bad row nothing is written and `data` lists every problem.
async fn import(state: web::Data<AppState>, me: CurrentUser, body: keeper_excel::http::Multipart) -> Result<HttpResponse, AppError> {
    state.guard.require(&me, "enterprise_import").await?;
    let upload = keeper_excel::http::read_upload(body, "file").await?;
    let covered = upload.flag("isCovered")?;
    Ok(match excel::import(&state, &me, &upload.file, covered).await? {
        excel::Imported::Done { created, updated } => keeper_excel::http::imported(created as u64, updated as u64),
        excel::Imported::Rejected(report) => keeper_excel::http::rejected(report),
    })
}
