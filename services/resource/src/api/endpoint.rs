//! File operations on the tenant's storage (api-contract §8.2) under `/oss/endpoint`. Any signed-in user
//! may upload (every module stores files); removing needs `attach_delete`. Keys sent back by clients are
//! accepted only in the generated shape, so no request can name a path of its own.
use actix_web::{HttpResponse, web};
use keeper_common::fields::trimmed;
use keeper_common::openapi::{Api, BINARY};
use keeper_common::{AppError, R};
use keeper_excel::http::Multipart;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::attach;
use crate::entity;
use crate::files;
use crate::oss;
use crate::state::AppState;
use crate::storage::{Target, key};

pub fn routes(api: &mut Api) {
    api.post("/oss/endpoint/put-file", put_file);
    api.post("/oss/endpoint/put-file-by-name", put_file);
    api.post("/oss/endpoint/put-file-attach", put_file_attach);
    api.post("/oss/endpoint/put-file-attach-by-name", put_file_attach);
    api.post("/oss/endpoint/remove-file", remove_file).permission(&["attach_delete"]);
    api.post("/oss/endpoint/remove-files", remove_files).permission(&["attach_delete"]);
    api.post("/oss/endpoint/copy-file", copy_file);
    api.get("/oss/endpoint/stat-file", stat_file);
    api.get("/oss/endpoint/file-path", file_path);
    api.get("/oss/endpoint/file-link", file_link);
    api.get("/oss/endpoint/download", download).file(BINARY);
}

/// `code` picks a storage configuration by its code; `fileName` names the upload (by-name variants).
#[derive(Deserialize, Default, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Where {
    code: Option<String>,
    file_name: Option<String>,
}

/// The answer of an upload (`BladeFile`).
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct BladeFile {
    link: String,
    domain: String,
    name: String,
    original_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    attach_id: Option<String>,
}

fn object_link(name: &str, target: &Target, code: Option<&str>) -> String {
    let mut q = vec![("fileName", name)];
    if target.oss_id.is_some()
        && let Some(c) = code
    {
        q.push(("code", c));
    }
    format!("{}/oss/endpoint/download?{}", attach::DOMAIN, serde_urlencoded::to_string(q).unwrap_or_default())
}

/// Streams the upload into the tenant's storage and registers it as an attachment: every stored file has
/// its row (who, when, what it was called), whichever endpoint stored it.
async fn store(state: &AppState, me: &CurrentUser, q: &Where, mp: Multipart) -> Result<(Target, entity::attach::Model), AppError> {
    let target = oss::target(&state.db, &me.tenant_id, q.code.as_deref()).await?;
    let stored = files::receive(&state.storage, &target, mp, q.file_name.clone(), state.settings.upload_max_bytes).await?;
    let row = register(state, me, &target, &stored).await?;
    Ok((target, row))
}

async fn register(state: &AppState, me: &CurrentUser, target: &Target, stored: &files::Stored) -> Result<entity::attach::Model, AppError> {
    match attach::insert(&state.db, me, target, stored).await {
        Ok(row) => Ok(row),
        Err(e) => {
            // An object nobody can find is garbage: take it back out.
            let _ = files::delete(&state.storage, target, &stored.name).await;
            Err(e)
        }
    }
}

/// `put-file`: the object's own link, as the contract answers it (the attachment row exists all the same).
async fn put_file(state: web::Data<AppState>, me: CurrentUser, q: web::Query<Where>, mp: Multipart) -> Result<R<BladeFile>, AppError> {
    let (target, row) = store(&state, &me, &q, mp).await?;
    Ok(R::data(BladeFile {
        link: object_link(&row.name, &target, q.code.as_deref()),
        domain: attach::DOMAIN.into(),
        name: row.name,
        original_name: row.original_name,
        attach_id: None,
    }))
}

async fn put_file_attach(
    state: web::Data<AppState>,
    me: CurrentUser,
    q: web::Query<Where>,
    mp: Multipart,
) -> Result<R<BladeFile>, AppError> {
    let (_, row) = store(&state, &me, &q, mp).await?;
    Ok(R::data(BladeFile {
        link: row.link,
        domain: row.domain,
        name: row.name,
        original_name: row.original_name,
        attach_id: Some(row.id.to_string()),
    }))
}

/// File names are bounded by their shape (`key::parse`) and their count, not by a length of their own.
const ANY_LENGTH: usize = usize::MAX;

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct FileForm {
    file_name: Option<String>,
    file_names: Option<String>,
    code: Option<String>,
}

async fn remove_names(state: &AppState, me: &CurrentUser, code: Option<&str>, field: &str, names: &[&str]) -> Result<(), AppError> {
    state.guard.require(me, "attach_delete").await?;
    let keys = names.iter().map(|n| key::parse(field, n.trim())).collect::<Result<Vec<_>, _>>()?;
    let target = oss::target(&state.db, &me.tenant_id, code).await?;
    for k in &keys {
        match files::delete(&state.storage, &target, k).await {
            Ok(()) | Err(AppError::NotFound(_)) => {}
            Err(e) => return Err(e),
        }
    }
    attach::mark_removed_names(&state.db, me, &keys).await
}

async fn remove_file(state: web::Data<AppState>, me: CurrentUser, form: web::Form<FileForm>) -> Result<R<Value>, AppError> {
    let name = trimmed("fileName", form.file_name.clone(), ANY_LENGTH, true)?;
    remove_names(&state, &me, form.code.as_deref(), "fileName", &[name.as_str()]).await?;
    Ok(R::success("操作成功"))
}

async fn remove_files(state: web::Data<AppState>, me: CurrentUser, form: web::Form<FileForm>) -> Result<R<Value>, AppError> {
    let names = trimmed("fileNames", form.file_names.clone(), ANY_LENGTH, true)?;
    let names: Vec<&str> = names.split(',').filter(|s| !s.trim().is_empty()).collect();
    if names.len() > 1000 {
        return Err(AppError::field("fileNames", "一次最多删除1000个文件"));
    }
    remove_names(&state, &me, form.code.as_deref(), "fileNames", &names).await?;
    Ok(R::success("操作成功"))
}

/// Copies an object to a new generated key in the same storage; answers it like an upload.
async fn copy_file(state: web::Data<AppState>, me: CurrentUser, form: web::Form<FileForm>) -> Result<R<BladeFile>, AppError> {
    let from = key::parse("fileName", &trimmed("fileName", form.file_name.clone(), ANY_LENGTH, true)?)?;
    let target = oss::target(&state.db, &me.tenant_id, form.code.as_deref()).await?;
    let ext = from.rsplit_once('.').map(|(_, e)| e).unwrap_or_default();
    let to = key::generate(ext, chrono::Utc::now());
    files::copy(&state.storage, &target, &from, &to).await?;
    // The copy is a stored file like any other: registered under the name its source was given.
    let source = attach::by_name(&state.db, &me.tenant_id, &from).await?;
    let stored = files::Stored {
        original_name: source.map_or_else(|| to.rsplit('/').next().unwrap_or_default().to_string(), |s| s.original_name),
        content_type: crate::storage::inspect::content_type(ext),
        extension: ext.to_string(),
        size: files::stat(&state.storage, &target, &to).await?.content_length(),
        name: to,
    };
    let row = register(&state, &me, &target, &stored).await?;
    Ok(R::data(BladeFile {
        link: object_link(&row.name, &target, form.code.as_deref()),
        domain: attach::DOMAIN.into(),
        name: row.name,
        original_name: row.original_name,
        attach_id: Some(row.id.to_string()),
    }))
}

async fn located(state: &AppState, me: &CurrentUser, q: &Where) -> Result<(Target, String), AppError> {
    let name = key::parse("fileName", &trimmed("fileName", q.file_name.clone(), ANY_LENGTH, true)?)?;
    Ok((oss::target(&state.db, &me.tenant_id, q.code.as_deref()).await?, name))
}

async fn stat_file(state: web::Data<AppState>, me: CurrentUser, q: web::Query<Where>) -> Result<R<Value>, AppError> {
    let (target, name) = located(&state, &me, &q).await?;
    let meta = files::stat(&state.storage, &target, &name).await?;
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or_default();
    Ok(R::data(json!({
        "name": name,
        "link": object_link(&name, &target, q.code.as_deref()),
        "hash": meta.etag().unwrap_or_default().trim_matches('"'),
        "length": meta.content_length(),
        "putTime": meta.last_modified().map(|t| keeper_common::time::format(&chrono::DateTime::from_timestamp_micros(t.into_inner().as_microsecond()).unwrap_or_default())),
        "contentType": crate::storage::inspect::content_type(ext),
    })))
}

async fn file_path(state: web::Data<AppState>, me: CurrentUser, q: web::Query<Where>) -> Result<R<String>, AppError> {
    let (_, name) = located(&state, &me, &q).await?;
    Ok(R::data(name))
}

async fn file_link(state: web::Data<AppState>, me: CurrentUser, q: web::Query<Where>) -> Result<R<String>, AppError> {
    let (target, name) = located(&state, &me, &q).await?;
    Ok(R::data(object_link(&name, &target, q.code.as_deref())))
}

async fn download(state: web::Data<AppState>, me: CurrentUser, q: web::Query<Where>) -> Result<HttpResponse, AppError> {
    let (target, name) = located(&state, &me, &q).await?;
    let download_name = name.rsplit('/').next().unwrap_or_default().to_string();
    files::send(&state.storage, &target, &name, &download_name, false).await
}
