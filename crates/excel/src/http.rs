//! Excel over HTTP: reading a multipart upload (the file and small form fields) within the size limit,
//! answering a download with an RFC 5987 file name, and the all-or-nothing refusal of a bad import.
use std::collections::HashMap;

pub use actix_multipart::Multipart;
use actix_web::HttpResponse;
use actix_web::http::header;
use futures_util::StreamExt;
use keeper_common::{AppError, R};
use serde_json::json;

use crate::MAX_UPLOAD_BYTES;
use crate::report::Report;

pub const XLSX_MIME: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// Small form fields next to the file (`isCovered`): anything longer is not one of ours.
const MAX_FIELD_BYTES: usize = 1024;
const MAX_PARTS: usize = 16;
/// After a refusal the rest of the body is still read (a reply sent mid-upload reaches the browser as a
/// reset connection, not as the message), but only up to this much.
pub const MAX_DRAIN_BYTES: usize = 64 * 1024 * 1024;

/// An uploaded spreadsheet and the plain fields sent with it.
#[derive(Debug, Default)]
pub struct Upload {
    pub file: Vec<u8>,
    pub filename: String,
    pub fields: HashMap<String, String>,
}

impl Upload {
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(|s| s.trim()).filter(|s| !s.is_empty())
    }

    /// A 0/1 flag field such as `isCovered`; absent means 0.
    pub fn flag(&self, name: &str) -> Result<bool, AppError> {
        match self.field(name) {
            None | Some("0") | Some("false") => Ok(false),
            Some("1") | Some("true") => Ok(true),
            Some(_) => Err(AppError::field(name, "取值应为 0 或 1")),
        }
    }
}

/// Reads and discards what is left of a refused upload, up to `budget` bytes, so the browser gets the reply.
pub async fn drain(mut mp: Multipart, mut budget: usize) {
    while budget > 0 {
        let Some(Ok(mut field)) = mp.next().await else { return };
        while let Some(Ok(chunk)) = field.next().await {
            budget = budget.saturating_sub(chunk.len());
            if budget == 0 {
                return;
            }
        }
    }
}

/// Reads a `multipart/form-data` body: the part named `file_field` (an .xlsx or .xls of at most
/// `MAX_UPLOAD_BYTES`) and short text fields. Every refusal is a 400 naming the field.
pub async fn read_upload(mut mp: Multipart, file_field: &str) -> Result<Upload, AppError> {
    let mut upload = Upload::default();
    let mut got_file = false;
    let mut parts = 0;
    while let Some(field) = mp.next().await {
        let mut field = field.map_err(|e| AppError::bad(format!("请以 multipart/form-data 上传文件: {e}")))?;
        parts += 1;
        if parts > MAX_PARTS {
            drop(field);
            drain(mp, MAX_DRAIN_BYTES).await;
            return Err(AppError::bad("表单字段过多"));
        }
        let name = field.name().unwrap_or_default().to_string();
        let is_file = name == file_field;
        let limit = if is_file { MAX_UPLOAD_BYTES } else { MAX_FIELD_BYTES };
        let mut data = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| AppError::bad(format!("上传中断: {e}")))?;
            if data.len() + chunk.len() > limit {
                let mut left = MAX_DRAIN_BYTES;
                while let Some(Ok(c)) = field.next().await {
                    left = left.saturating_sub(c.len());
                    if left == 0 {
                        break;
                    }
                }
                // The multipart stream waits for a field handle to go before it moves on.
                drop(field);
                if left > 0 {
                    drain(mp, left).await;
                }
                return Err(if is_file {
                    AppError::field(file_field, format!("文件大小不能超过 {} MB", MAX_UPLOAD_BYTES / 1024 / 1024))
                } else {
                    AppError::field(name, "内容过长")
                });
            }
            data.extend_from_slice(&chunk);
        }
        if is_file {
            let filename = field.content_disposition().and_then(|d| d.get_filename()).unwrap_or_default().to_string();
            let lower = filename.to_ascii_lowercase();
            if !(lower.ends_with(".xlsx") || lower.ends_with(".xls")) {
                return Err(AppError::field(file_field, "请上传 .xlsx 或 .xls 文件"));
            }
            upload.file = data;
            upload.filename = filename;
            got_file = true;
        } else {
            let text = String::from_utf8(data).map_err(|_| AppError::field(name.clone(), "不是有效的文本"))?;
            upload.fields.insert(name, text);
        }
    }
    if !got_file || upload.file.is_empty() {
        return Err(AppError::field(file_field, "请选择要导入的文件"));
    }
    Ok(upload)
}

/// `attachment` with an ASCII fallback and the UTF-8 name (RFC 5987/6266), so Chinese names survive
/// every browser.
pub fn content_disposition(filename: &str) -> String {
    let ascii: String = filename.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_".contains(c) { c } else { '_' }).collect();
    let mut encoded = String::new();
    for b in filename.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            encoded.push(b as char);
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// An xlsx download.
pub fn download(filename: &str, bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(XLSX_MIME)
        .insert_header((header::CONTENT_DISPOSITION, content_disposition(filename)))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(bytes)
}

/// A download streamed from `file` (an export written to a temporary file, at its start) in chunks as the
/// client takes them, so that the file is never held in memory whole.
pub fn download_file(filename: &str, file: std::fs::File) -> Result<HttpResponse, AppError> {
    use tokio::io::AsyncReadExt;
    const CHUNK: usize = 64 * 1024;
    let len = file.metadata().map_err(AppError::internal)?.len();
    let chunks = futures_util::stream::unfold(Some(tokio::fs::File::from_std(file)), |file| async move {
        let mut file = file?;
        let mut buf = bytes::BytesMut::with_capacity(CHUNK);
        match file.read_buf(&mut buf).await {
            Ok(0) => None,
            Ok(_) => Some((Ok::<_, std::io::Error>(buf.freeze()), Some(file))),
            // The error ends the body (the client sees a cut download, as with any failed transfer).
            Err(e) => Some((Err(e), None)),
        }
    });
    Ok(HttpResponse::Ok()
        .content_type(XLSX_MIME)
        .insert_header((header::CONTENT_DISPOSITION, content_disposition(filename)))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(actix_web::body::SizedStream::new(len, chunks)))
}

/// What a successful import wrote.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub struct ImportCounts {
    pub created: u64,
    pub updated: u64,
}

/// The answer of an import that wrote its rows.
pub fn imported(created: u64, updated: u64) -> HttpResponse {
    let mut reply = R::data(ImportCounts { created, updated });
    reply.msg = format!("导入成功: 新增 {created} 条，更新 {updated} 条");
    HttpResponse::Ok().json(reply)
}

/// The multipart fields of every import.
pub const IMPORT_FIELDS: &[(&str, &str)] = &[("isCovered", "1 updates the rows that exist, 0 reports them as duplicates")];

/// The refusal of an import with bad rows: nothing was written; `data` lists every problem.
pub fn rejected(report: Report) -> HttpResponse {
    let errors = report.into_sorted();
    let rows = errors.iter().map(|e| e.row).collect::<std::collections::BTreeSet<_>>().len();
    let msg = format!("导入失败: {rows} 行数据有误，未导入任何数据。{}", errors.first().map(|e| e.message.as_str()).unwrap_or_default());
    HttpResponse::BadRequest().json(R::fail(400, msg, json!(errors)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_file_names_are_encoded_for_every_browser() {
        assert_eq!(
            content_disposition("用户数据.xlsx"),
            "attachment; filename=\"____.xlsx\"; filename*=UTF-8''%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE.xlsx"
        );
    }
}
