//! Reading an uploaded workbook into typed rows. The first sheet is read; its first row must hold the
//! import headers (in any order; export-only headers are ignored); every other non-empty row is data.
//! Cell problems are collected per row and column instead of stopping at the first one.
//!
//! Uploads are untrusted: the container is recognised by its magic bytes, an xlsx is inflated once with
//! a budget before calamine sees it (a small zip can expand to gigabytes), and its cells are streamed so
//! that a sheet claiming a huge extent never becomes a huge grid in memory.
use std::collections::BTreeMap;
use std::io::{Cursor, Read};
use std::str::FromStr;

use calamine::{Data, DataType, Reader, Xls, Xlsx};
use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::ExcelError;
use crate::report::{Report, RowError};
use crate::spec::{Column, Kind, Row, Sheet, Value};
use crate::{MAX_DATA_ROWS, MAX_UPLOAD_BYTES};

/// How much an xlsx may inflate to: far above any honest 5,000-row file, far below harm.
const MAX_INFLATED_BYTES: u64 = 100 * 1024 * 1024;
const MAX_ZIP_ENTRIES: usize = 1000;
/// Header cells looked at beyond the expected columns, to notice unknown ones.
const MAX_COLUMNS: u32 = 256;

const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
const CFB_MAGIC: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// The rows of an upload that parsed, and the problems of those that did not.
#[derive(Debug, Default)]
pub struct Parsed {
    pub rows: Vec<Row>,
    pub report: Report,
}

/// Reads `bytes` against `sheet`. File-level problems (not a spreadsheet, too large, wrong header, too
/// many rows) are errors; cell problems land in the report.
pub fn read(bytes: &[u8], sheet: &Sheet) -> Result<Parsed, ExcelError> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(ExcelError::TooLarge);
    }
    let grid = if bytes.starts_with(ZIP_MAGIC) {
        check_inflated_size(bytes)?;
        xlsx_cells(bytes)?
    } else if bytes.starts_with(CFB_MAGIC) {
        xls_cells(bytes)?
    } else {
        return Err(ExcelError::NotSpreadsheet);
    };
    parse(grid, sheet)
}

/// Every cell of an xlsx's first sheet as text, by row and column (each row as wide as its last
/// non-empty cell): for reading back a report sheet (title, unit line, header, banded rows) exactly as written.
pub fn grid(bytes: &[u8]) -> Result<Vec<Vec<String>>, ExcelError> {
    if bytes.len() > MAX_UPLOAD_BYTES || !bytes.starts_with(ZIP_MAGIC) {
        return Err(ExcelError::NotSpreadsheet);
    }
    check_inflated_size(bytes)?;
    let cells = xlsx_cells(bytes)?;
    // Row positions are kept: an empty row stays as an empty line.
    let height = cells.keys().next_back().map_or(0, |r| *r as usize + 1);
    let mut out = vec![Vec::new(); height];
    for (r, row) in &cells {
        let width = row.keys().next_back().map_or(0, |c| *c as usize + 1);
        let line = &mut out[*r as usize];
        line.resize(width, String::new());
        for (c, v) in row {
            line[*c as usize] = text_of(v);
        }
    }
    Ok(out)
}

/// A merged range: `((first row, first column), (last row, last column))`.
pub type Merged = ((u32, u32), (u32, u32));

/// The merged ranges of an xlsx's first sheet: with [`grid`], what a report sheet's title and group rows
/// look like to someone opening it.
pub fn merged(bytes: &[u8]) -> Result<Vec<Merged>, ExcelError> {
    if bytes.len() > MAX_UPLOAD_BYTES || !bytes.starts_with(ZIP_MAGIC) {
        return Err(ExcelError::NotSpreadsheet);
    }
    check_inflated_size(bytes)?;
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|_| ExcelError::Unreadable)?;
    let first = book.sheet_names().into_iter().next().ok_or(ExcelError::Empty)?;
    let ranges = book.merge_cells_by_sheet_name(&first).map_err(|_| ExcelError::Unreadable)?;
    Ok(ranges.into_iter().map(|d| (d.start, d.end)).collect())
}

/// Inflates every part of the zip into nothing, within the budget.
fn check_inflated_size(bytes: &[u8]) -> Result<(), ExcelError> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| ExcelError::Unreadable)?;
    if zip.len() > MAX_ZIP_ENTRIES {
        return Err(ExcelError::Unreadable);
    }
    let mut left = MAX_INFLATED_BYTES;
    for i in 0..zip.len() {
        let entry = zip.by_index(i).map_err(|_| ExcelError::Unreadable)?;
        let n = std::io::copy(&mut entry.take(left + 1), &mut std::io::sink()).map_err(|_| ExcelError::Unreadable)?;
        if n > left {
            return Err(ExcelError::TooLarge);
        }
        left -= n;
    }
    Ok(())
}

/// The cells of the first sheet kept for parsing: row index → the cells of that row, by column.
type Grid = BTreeMap<u32, BTreeMap<u32, Data>>;

/// Keeps one non-empty cell within `MAX_COLUMNS`. Rows beyond the header, the data limit and one spare
/// (the example row a template may still hold) mean too many rows, found without reading further.
fn keep(grid: &mut Grid, (row, col): (u32, u32), value: Data) -> Result<(), ExcelError> {
    if value.is_empty() || col >= MAX_COLUMNS {
        return Ok(());
    }
    if let Data::String(s) = &value
        && s.trim().is_empty()
    {
        return Ok(());
    }
    if !grid.contains_key(&row) && grid.len() >= MAX_DATA_ROWS + 2 {
        return Err(ExcelError::TooManyRows);
    }
    grid.entry(row).or_default().insert(col, value);
    Ok(())
}

fn xlsx_cells(bytes: &[u8]) -> Result<Grid, ExcelError> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|_| ExcelError::Unreadable)?;
    let first = book.sheet_names().into_iter().next().ok_or(ExcelError::Empty)?;
    let mut cells = book.worksheet_cells_reader(&first).map_err(|_| ExcelError::Unreadable)?;
    let mut grid = Grid::new();
    while let Some(cell) = cells.next_cell().map_err(|_| ExcelError::Unreadable)? {
        let pos = cell.get_position();
        keep(&mut grid, pos, Data::from(cell.get_value().clone()))?;
    }
    Ok(grid)
}

/// Legacy BIFF workbooks are parsed whole by calamine; their format caps a sheet at 65,536 × 256 cells.
fn xls_cells(bytes: &[u8]) -> Result<Grid, ExcelError> {
    let mut book: Xls<_> = Xls::new(Cursor::new(bytes)).map_err(|_| ExcelError::Unreadable)?;
    let first = book.sheet_names().into_iter().next().ok_or(ExcelError::Empty)?;
    let range = book.worksheet_range(&first).map_err(|_| ExcelError::Unreadable)?;
    let mut grid = Grid::new();
    for (row, col, value) in range.used_cells() {
        let (r0, c0) = range.start().unwrap_or_default();
        keep(&mut grid, (r0 + row as u32, c0 + col as u32), value.clone())?;
    }
    Ok(grid)
}

/// The header row decides which file column feeds which import column.
fn map_header(cells: &BTreeMap<u32, Data>, sheet: &Sheet) -> Result<Vec<(u32, usize)>, ExcelError> {
    let mut mapping = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (&col, value) in cells {
        let header = text_of(value);
        let header = header.trim();
        match sheet.columns.iter().position(|c| c.header == header) {
            None => return Err(ExcelError::Header(format!("无法识别的列「{header}」"))),
            Some(i) if !seen.insert(i) => return Err(ExcelError::Header(format!("列「{header}」重复"))),
            Some(i) if sheet.columns[i].export_only => {}
            Some(i) => mapping.push((col, i)),
        }
    }
    let missing: Vec<&str> = sheet
        .import_columns()
        .filter(|c| !mapping.iter().any(|(_, i)| sheet.columns[*i].header == c.header))
        .map(|c| c.header.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(ExcelError::Header(format!("缺少列「{}」", missing.join("」「"))));
    }
    Ok(mapping)
}

fn parse(mut grid: Grid, sheet: &Sheet) -> Result<Parsed, ExcelError> {
    let Some((&header_row, _)) = grid.iter().next() else { return Err(ExcelError::Empty) };
    if header_row != 0 {
        return Err(ExcelError::Header("第1行应为表头".into()));
    }
    let header = grid.remove(&header_row).unwrap_or_default();
    let mapping = map_header(&header, sheet)?;
    let mut parsed = Parsed::default();
    let mut data_rows = 0;
    for (row, cells) in grid {
        let line = row as usize + 1;
        let is_example = mapping.iter().all(|(col, i)| {
            let note = sheet.columns[*i].note.trim();
            cells.get(col).map_or(note.is_empty(), |v| text_of(v).trim() == note)
        });
        if is_example && mapping.iter().any(|(_, i)| !sheet.columns[*i].note.is_empty()) {
            continue;
        }
        data_rows += 1;
        if data_rows > MAX_DATA_ROWS {
            return Err(ExcelError::TooManyRows);
        }
        let mut values = Vec::with_capacity(mapping.len());
        let mut ok = true;
        for (col, i) in &mapping {
            let column = &sheet.columns[*i];
            match convert(cells.get(col), column) {
                Ok(v) => values.push((column.field, v)),
                Err(reason) => {
                    ok = false;
                    parsed.report.push(RowError::new(line, column.header.clone(), reason));
                }
            }
        }
        if ok {
            parsed.rows.push(Row { line, values });
        }
    }
    Ok(parsed)
}

/// A cell as text: integers without a fraction, dates as `yyyy-MM-dd` (with the time when it has one).
fn text_of(v: &Data) -> String {
    match v {
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => if *b { "是" } else { "否" }.into(),
        Data::DateTime(d) => match excel_datetime(d) {
            Some(t) if t.time() == chrono::NaiveTime::MIN => t.format("%Y-%m-%d").to_string(),
            Some(t) => t.format("%Y-%m-%d %H:%M:%S").to_string(),
            None => d.as_f64().to_string(),
        },
        Data::Error(_) | Data::Empty => String::new(),
    }
}

fn convert(cell: Option<&Data>, column: &Column) -> Result<Value, String> {
    let Some(cell) = cell else {
        return if column.required { Err("不能为空".into()) } else { Ok(Value::Empty) };
    };
    if matches!(cell, Data::Error(_)) {
        return Err("单元格含有错误值".into());
    }
    let text = text_of(cell).trim().to_string();
    if text.is_empty() {
        return if column.required { Err("不能为空".into()) } else { Ok(Value::Empty) };
    }
    match &column.kind {
        Kind::Text => Ok(Value::Text(text)),
        Kind::Dict(d) => d.key(&text).map(|k| Value::Text(k.to_string())).ok_or_else(|| format!("「{text}」不是有效的选项")),
        Kind::Int => match cell {
            Data::Int(i) => Ok(Value::Int(*i)),
            Data::Float(f) if f.fract() == 0.0 && f.abs() < 9e15 => Ok(Value::Int(*f as i64)),
            Data::String(s) => s.trim().parse().map(Value::Int).map_err(|_| "应为整数".into()),
            _ => Err("应为整数".into()),
        },
        Kind::Decimal { scale } => {
            let d = match cell {
                Data::Int(i) => Decimal::from(*i),
                Data::Float(f) if f.is_finite() => Decimal::from_str(&f.to_string()).map_err(|_| "数值超出范围".to_string())?,
                Data::String(s) => Decimal::from_str(s.trim()).map_err(|_| "应为数字".to_string())?,
                _ => return Err("应为数字".into()),
            };
            let d = d.normalize();
            if d.scale() > *scale {
                return Err(format!("最多{scale}位小数"));
            }
            Ok(Value::Decimal(d))
        }
        Kind::Date => match cell {
            Data::DateTime(d) => excel_datetime(d).map(|t| Value::Date(t.date())).ok_or_else(|| "不是有效的日期".into()),
            Data::String(_) | Data::DateTimeIso(_) => parse_date(&text).map(Value::Date).ok_or_else(|| "日期格式应为 yyyy-MM-dd".into()),
            _ => Err("日期格式应为 yyyy-MM-dd".into()),
        },
    }
}

/// The time of a date cell, `None` outside Excel's calendar (serial 0 to 9999-12-31): calamine's
/// conversion panics on a huge negative serial, which any crafted file can hold.
fn excel_datetime(d: &calamine::ExcelDateTime) -> Option<chrono::NaiveDateTime> {
    const LAST_SERIAL: f64 = 2_958_466.0;
    (0.0..LAST_SERIAL).contains(&d.as_f64()).then(|| d.as_datetime()).flatten()
}

fn parse_date(s: &str) -> Option<NaiveDate> {
    let day = s.split([' ', 'T']).next().unwrap_or(s);
    ["%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%Y年%m月%d日"].iter().find_map(|f| NaiveDate::parse_from_str(day, f).ok())
}
