//! Moving file bytes: an upload is streamed from the multipart body into the storage (checked by name,
//! first bytes and size on the way, never held whole in memory), and a download is streamed back with a
//! safe type and `Content-Disposition`.
use actix_web::HttpResponse;
use actix_web::http::header;
use futures_util::StreamExt;
use keeper_common::AppError;
use keeper_excel::http::{MAX_DRAIN_BYTES, Multipart, drain};

use crate::storage::{Storage, Target, describe, inspect, key};

/// A text field next to the file (`fileName`) longer than this is not one of ours.
const MAX_FIELD_BYTES: usize = 1024;
const MAX_PARTS: usize = 8;
/// Remote storages take the object in parts of this size (S3 needs at least 5 MiB per part).
const CHUNK: usize = 8 * 1024 * 1024;

/// An object written to a storage.
#[derive(Debug)]
pub struct Stored {
    pub name: String,
    pub original_name: String,
    pub extension: String,
    pub content_type: &'static str,
    pub size: u64,
}

fn storage_error(e: opendal::Error) -> AppError {
    tracing::warn!(error = %e, "storage operation failed");
    match e.kind() {
        opendal::ErrorKind::NotFound => AppError::not_found(),
        _ => AppError::Unavailable(format!("存储服务暂不可用: {}", describe(&e))),
    }
}

async fn refuse(mp: Multipart, e: AppError) -> AppError {
    drain(mp, MAX_DRAIN_BYTES).await;
    e
}

/// Reads the multipart body: an optional `fileName` field (or `name_override` from the query) that must
/// come before the `file` part, then the file itself, streamed into `target` under a generated key.
pub async fn receive(
    storage: &Storage,
    target: &Target,
    mut mp: Multipart,
    mut name_override: Option<String>,
    max_bytes: u64,
) -> Result<Stored, AppError> {
    let mut parts = 0;
    while let Some(field) = mp.next().await {
        let mut field = field.map_err(|e| AppError::bad(format!("请以 multipart/form-data 上传文件: {e}")))?;
        parts += 1;
        if parts > MAX_PARTS {
            drop(field);
            return Err(refuse(mp, AppError::bad("表单字段过多")).await);
        }
        let name = field.name().unwrap_or_default().to_string();
        if name != "file" {
            let mut text = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(|e| AppError::bad(format!("上传中断: {e}")))?;
                text.extend_from_slice(&chunk);
                if text.len() > MAX_FIELD_BYTES {
                    drop(field);
                    return Err(refuse(mp, AppError::field(name, "过长")).await);
                }
            }
            if name == "fileName" {
                name_override = Some(String::from_utf8(text).map_err(|_| AppError::field("fileName", "不是有效的文本"))?);
            }
            continue;
        }
        let client_name = name_override
            .clone()
            .filter(|n| !n.trim().is_empty())
            .or_else(|| field.content_disposition().and_then(|d| d.get_filename()).map(str::to_string))
            .unwrap_or_default();
        let ext = match inspect::extension_of("file", &client_name) {
            Ok(ext) => ext,
            Err(e) => {
                drop(field);
                return Err(refuse(mp, e).await);
            }
        };
        let stored = Stored {
            name: key::generate(&ext, chrono::Utc::now()),
            original_name: inspect::display_name(&client_name, &ext),
            content_type: inspect::content_type(&ext),
            extension: ext,
            size: 0,
        };
        let result = write(storage, target, &mut field, stored, max_bytes).await;
        drop(field);
        return match result {
            Ok(stored) => Ok(stored),
            Err(e) => Err(refuse(mp, e).await),
        };
    }
    Err(AppError::field("file", "请选择要上传的文件"))
}

/// Streams one part into the storage. The first bytes are held back until they are checked; a refusal
/// or a broken upload leaves no object behind.
async fn write(
    storage: &Storage,
    target: &Target,
    field: &mut actix_multipart::Field,
    mut stored: Stored,
    max_bytes: u64,
) -> Result<Stored, AppError> {
    let op = storage.operator(target).await?;
    let mut head: Option<Vec<u8>> = Some(Vec::with_capacity(inspect::SNIFF));
    let mut writer = None;
    let outcome: Result<(), AppError> = async {
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| AppError::bad(format!("上传中断: {e}")))?;
            stored.size += chunk.len() as u64;
            if stored.size > max_bytes {
                return Err(AppError::field("file", format!("文件大小不能超过 {} MB", max_bytes / (1024 * 1024))));
            }
            let data = match head.as_mut() {
                Some(h) => {
                    h.extend_from_slice(&chunk);
                    if h.len() < inspect::SNIFF {
                        continue;
                    }
                    let h = head.take().unwrap_or_default();
                    inspect::check_content("file", &stored.extension, &h)?;
                    bytes::Bytes::from(h)
                }
                None => chunk,
            };
            if writer.is_none() {
                writer = Some(op.writer_with(&stored.name).content_type(stored.content_type).chunk(CHUNK).await.map_err(storage_error)?);
            }
            if let Some(w) = writer.as_mut() {
                w.write(data).await.map_err(storage_error)?;
            }
        }
        if let Some(h) = head.take() {
            // The whole file was shorter than the sniffing window.
            inspect::check_content("file", &stored.extension, &h)?;
            let mut w = op.writer_with(&stored.name).content_type(stored.content_type).await.map_err(storage_error)?;
            w.write(h).await.map_err(storage_error)?;
            writer = Some(w);
        }
        if let Some(w) = writer.as_mut() {
            w.close().await.map_err(storage_error)?;
        }
        Ok(())
    }
    .await;
    if let Err(e) = outcome {
        if let Some(mut w) = writer {
            let _ = w.abort().await;
            let _ = op.delete(&stored.name).await;
        }
        return Err(e);
    }
    Ok(stored)
}

/// Streams an object back. `inline` only for types the browser shows safely (images, PDF); everything
/// else is an attachment, and nothing is ever sent as HTML or script.
pub async fn send(storage: &Storage, target: &Target, name: &str, download_name: &str, inline: bool) -> Result<HttpResponse, AppError> {
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or_default();
    let inline = inline && inspect::previewable(ext);
    let op = storage.operator(target).await?;
    let meta = op.stat(name).await.map_err(storage_error)?;
    let reader = op.reader_with(name).chunk(256 * 1024).await.map_err(storage_error)?;
    let stream = reader.into_bytes_stream(..).await.map_err(storage_error)?;
    let mut res = HttpResponse::Ok();
    res.insert_header((header::CONTENT_TYPE, inspect::content_type(ext)))
        .insert_header((header::CONTENT_DISPOSITION, inspect::disposition(inline, download_name)))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .no_chunking(meta.content_length());
    if inline {
        // The preview is framed by the SPA itself; nothing else may frame it, and it runs no script.
        res.insert_header((header::X_FRAME_OPTIONS, "SAMEORIGIN")).insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
        ));
    } else {
        res.insert_header((header::CONTENT_SECURITY_POLICY, "default-src 'none'; frame-ancestors 'none'; sandbox"));
    }
    Ok(res.streaming(stream.map(|r| r.map_err(actix_web::error::ErrorInternalServerError))))
}

pub async fn delete(storage: &Storage, target: &Target, name: &str) -> Result<(), AppError> {
    storage.operator(target).await?.delete(name).await.map_err(storage_error)
}

/// `stat-file`: what the storage knows of an object.
pub async fn stat(storage: &Storage, target: &Target, name: &str) -> Result<opendal::Metadata, AppError> {
    storage.operator(target).await?.stat(name).await.map_err(storage_error)
}

pub async fn copy(storage: &Storage, target: &Target, from: &str, to: &str) -> Result<(), AppError> {
    storage.operator(target).await?.copy(from, to).await.map(|_| ()).map_err(storage_error)
}
