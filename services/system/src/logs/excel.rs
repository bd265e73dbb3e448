//! A log in Excel: the rows the list shows for the same filters, newest first, read from the database a
//! chunk at a time and streamed into the sheet, so a large export holds one chunk in memory.
use keeper_common::AppError;
use keeper_excel::SheetWriter;
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, ModelTrait, QueryFilter, QueryOrder, QuerySelect};

use super::filters::Filter;
use super::{Col, LogKind, col, visible};

/// The most rows one export writes.
pub const EXPORT_MAX: usize = 100_000;
const CHUNK: u64 = 1000;

/// `登录日志20261123.xlsx`: the log's name and the zone's date.
pub fn file_name<K: LogKind>() -> String {
    let today = keeper_common::time::now().with_timezone(&keeper_common::time::zone());
    format!("{}{}.xlsx", K::FILE, today.format("%Y%m%d"))
}

pub async fn export<K: LogKind>(db: &DatabaseConnection, me: &CurrentUser, f: &Filter) -> Result<Vec<u8>, AppError> {
    let sheet = K::sheet();
    let mut w = SheetWriter::export(&sheet)?;
    let (time, id) = (col::<K>(Col::CreateTime), col::<K>(Col::Id));
    let mut written = 0;
    // Keyset paging on (create_time, id): each chunk starts below the last row of the previous one.
    let mut after: Option<(sea_orm::Value, sea_orm::Value)> = None;
    while written < EXPORT_MAX {
        let mut q = visible::<K>(db, me, f);
        if let Some((t, i)) = after.take() {
            q = q.filter(Condition::any().add(time.lt(t.clone())).add(Condition::all().add(time.eq(t)).add(id.lt(i))));
        }
        let limit = CHUNK.min((EXPORT_MAX - written) as u64);
        let rows = q.order_by_desc(time).order_by_desc(id).limit(limit).all(db).await?;
        let Some(last) = rows.last() else { break };
        after = Some((last.get(time), last.get(id)));
        let full = rows.len() as u64 == limit;
        for row in rows {
            w.row(&K::cells(&K::view(row)))?;
            written += 1;
        }
        if !full {
            break;
        }
    }
    Ok(w.finish()?)
}
