//! An export of a list screen: all its pages, read from the database in slices (so that a large export
//! never holds every row at once), each record written as the screen shows it, up to a bound.
use std::future::Future;

use keeper_common::AppError;
use serde::Serialize;
use serde_json::Value as Json;

use crate::{Sheet, SheetWriter, Value};

/// The most rows one export writes.
pub const EXPORT_MAX: u64 = 100_000;
/// Rows read per query.
const EXPORT_SLICE: u64 = 2_000;

/// A record (a view as the screen's JSON shows it) as the sheet's row.
pub fn row_of<V: Serialize>(record: V, sheet: &Sheet) -> Result<Vec<Value>, AppError> {
    match serde_json::to_value(record) {
        Ok(Json::Object(record)) => Ok(sheet.values_of(&record)),
        _ => Err(AppError::internal("an exported record is a JSON object")),
    }
}

/// Writes `sheet` from `slice(offset, limit)`, which answers the records of one slice of the list in its
/// order (fewer than `limit` at its end), until the list or [`EXPORT_MAX`] ends.
pub async fn sliced<V, F, Fut>(sheet: &Sheet, mut slice: F) -> Result<Vec<u8>, AppError>
where
    V: Serialize,
    F: FnMut(u64, u64) -> Fut,
    Fut: Future<Output = Result<Vec<V>, AppError>>,
{
    let mut w = SheetWriter::export(sheet)?;
    let mut offset = 0;
    while offset < EXPORT_MAX {
        let limit = EXPORT_SLICE.min(EXPORT_MAX - offset);
        let records = slice(offset, limit).await?;
        let n = records.len() as u64;
        for r in records {
            w.row(&row_of(r, sheet)?)?;
        }
        if n < limit {
            break;
        }
        offset += n;
    }
    Ok(w.finish()?)
}
