//! Excel import and export shared by the services: a typed sheet spec (zh-CN headers, widths, kinds)
//! written to xlsx bytes, uploads read back into typed rows with a per-row, per-column report, import
//! templates, and the HTTP side of both (multipart uploads, downloads, the refusal of a bad file).
pub mod export;
pub mod http;
pub mod pick;
pub mod read;
pub mod report;
pub mod spec;
pub mod write;

pub use read::{Parsed, read};
pub use report::{Report, RowError};
pub use spec::{Column, Dict, Kind, Row, Sheet, Value};
pub use write::{SheetWriter, template};

use keeper_common::AppError;

/// The largest upload accepted.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// The most data rows one upload may carry.
pub const MAX_DATA_ROWS: usize = 5000;

/// A file that cannot be imported as a whole, or a failure to write one.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ExcelError {
    #[error("文件格式不正确，请上传 .xlsx 或 .xls 文件")]
    NotSpreadsheet,
    #[error("文件无法读取，请上传有效的 .xlsx 或 .xls 文件")]
    Unreadable,
    #[error("文件过大，不能超过 10 MB")]
    TooLarge,
    #[error("文件中没有数据")]
    Empty,
    #[error("数据行数超过上限，一次最多导入 5000 行")]
    TooManyRows,
    #[error("表头与模板不一致: {0}，请下载导入模板")]
    Header(String),
    #[error("写入Excel失败: {0}")]
    Write(String),
}

impl From<ExcelError> for AppError {
    /// Problems of an upload are the uploader's (400 on the `file` field); a failed write is ours.
    fn from(e: ExcelError) -> Self {
        match e {
            ExcelError::Write(_) => AppError::internal(e),
            other => AppError::field("file", other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests;
