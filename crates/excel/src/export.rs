//! An export of a list screen: all its pages, read from the database in slices (so that a large export
//! never holds every row at once), each record written as the screen shows it, up to a bound.
use std::future::Future;
use std::io::{Read, Seek};

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
    V: Serialize + Send + 'static,
    F: FnMut(u64, u64) -> Fut,
    Fut: Future<Output = Result<Vec<V>, AppError>>,
{
    // One slice queues while the next is read.
    let mut w = Background::start(sheet.clone(), 1);
    let mut offset = 0;
    while offset < EXPORT_MAX {
        let limit = EXPORT_SLICE.min(EXPORT_MAX - offset);
        let records = slice(offset, limit).await?;
        let n = records.len() as u64;
        w.send(records).await?;
        if n < limit {
            break;
        }
        offset += n;
    }
    w.finish().await
}

/// An export written on a blocking thread while the request reads its next records.
///
/// Turning records into cells, writing them and compressing the file cost about as much as reading them
/// (a year of output reports, 100,000 rows: read in ~3.5 s, written and zipped in ~3 s, bench/README.md);
/// one after the other on the request's thread they added up. Here the database reads of the next
/// batches overlap the writing of this one on the machine's other core. At most `waiting` batches queue
/// besides the one being written, so memory holds a bounded part of the export, never all of it; the file
/// is written to an anonymous temporary file, not to memory. Records beyond [`EXPORT_MAX`] in all are not
/// written.
pub struct Background<V> {
    batches: tokio::sync::mpsc::Sender<Vec<V>>,
    writer: tokio::task::JoinHandle<Result<std::fs::File, AppError>>,
}

impl<V: Serialize + Send + 'static> Background<V> {
    /// Starts the writer of `sheet` (every column, as [`SheetWriter::export`]), with room for `waiting`
    /// batches (at least one) in its queue.
    pub fn start(sheet: Sheet, waiting: usize) -> Background<V> {
        let (batches, mut rx) = tokio::sync::mpsc::channel::<Vec<V>>(waiting.max(1));
        let writer = tokio::task::spawn_blocking(move || {
            let mut w = SheetWriter::export(&sheet)?;
            let picks = crate::pick::Picks::of(&sheet);
            let mut left = EXPORT_MAX as usize;
            while let Some(batch) = rx.blocking_recv() {
                for r in batch.into_iter().take(left) {
                    let cells = match picks.row(&r) {
                        Some(cells) => cells,
                        None => row_of(r, &sheet)?,
                    };
                    w.row(&cells)?;
                    left -= 1;
                }
            }
            let mut file = tempfile::tempfile().map_err(AppError::internal)?;
            w.finish_into(std::io::BufWriter::new(&mut file))?;
            file.seek(std::io::SeekFrom::Start(0)).map_err(AppError::internal)?;
            Ok(file)
        });
        Background { batches, writer }
    }

    /// Hands a batch to the writer; waits while its queue is full. A writer that stopped on an
    /// error answers that error here (then the export is over) or when finishing.
    pub async fn send(&mut self, batch: Vec<V>) -> Result<(), AppError> {
        if self.batches.send(batch).await.is_err() {
            // The writer ended early, on an error of its own: that is the one to report.
            return match (&mut self.writer).await {
                Ok(Err(e)) => Err(e),
                Ok(Ok(_)) => Err(AppError::internal("the export's writer stopped early")),
                Err(e) => Err(AppError::internal(e)),
            };
        }
        Ok(())
    }

    /// The file, once every batch sent is written: an anonymous temporary file at its start, gone when
    /// closed. `http::download_file` streams it.
    pub async fn finish_file(self) -> Result<std::fs::File, AppError> {
        drop(self.batches);
        self.writer.await.map_err(AppError::internal)?
    }

    /// The file's bytes, for an answer that holds them (the list exports of at most a few thousand rows).
    pub async fn finish(self) -> Result<Vec<u8>, AppError> {
        let mut file = self.finish_file().await?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(AppError::internal)?;
        Ok(bytes)
    }
}
