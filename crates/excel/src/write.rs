//! Writing a sheet to xlsx bytes: a bold frozen header, typed cells, and for templates an example row.
//! Rows stream to a temporary file as they are written (rust_xlsxwriter's constant-memory mode), so an
//! export of a hundred thousand rows costs little more memory than the finished file.
use rust_xlsxwriter::{Color, ExcelDateTime, Format, Workbook, Worksheet, XlsxError};

use crate::ExcelError;
use crate::spec::{Kind, Sheet, Value};

/// Excel's own limit on a sheet's rows.
const MAX_SHEET_ROWS: u32 = 1_048_576;

struct Formats {
    header: Format,
    note: Format,
    date: Format,
    decimal: Format,
    int: Format,
}

impl Formats {
    fn new() -> Self {
        Formats {
            header: Format::new().set_bold().set_background_color(Color::RGB(0xD9E1F2)),
            note: Format::new().set_italic().set_font_color(Color::RGB(0x808080)),
            date: Format::new().set_num_format("yyyy-mm-dd"),
            decimal: Format::new().set_num_format("0.00##"),
            int: Format::new().set_num_format("0"),
        }
    }
}

/// An xlsx file being written, one row after another.
pub struct SheetWriter<'s> {
    sheet: &'s Sheet,
    /// The columns written: all of them for exports, the import ones for templates.
    columns: Vec<usize>,
    book: Workbook,
    formats: Formats,
    next_row: u32,
}

fn excel_error(e: XlsxError) -> ExcelError {
    ExcelError::Write(e.to_string())
}

impl<'s> SheetWriter<'s> {
    /// An export of every column of `sheet`.
    pub fn export(sheet: &'s Sheet) -> Result<Self, ExcelError> {
        Self::start(sheet, (0..sheet.columns.len()).collect())
    }

    fn start(sheet: &'s Sheet, columns: Vec<usize>) -> Result<Self, ExcelError> {
        let mut book = Workbook::new();
        let formats = Formats::new();
        let ws = book.add_worksheet_with_constant_memory().map_err(excel_error)?;
        ws.set_name(&sheet.name).map_err(excel_error)?;
        for (col, &i) in columns.iter().enumerate() {
            let c = &sheet.columns[i];
            let col = col as u16;
            ws.set_column_width(col, c.width).map_err(excel_error)?;
            // Text columns are formatted as text, so that phone numbers and codes typed into a template
            // keep their leading zeros and digits instead of turning into numbers.
            if matches!(c.kind, Kind::Text | Kind::Dict(_)) {
                ws.set_column_format(col, &Format::new().set_num_format("@")).map_err(excel_error)?;
            }
            ws.write_string_with_format(0, col, &c.header, &formats.header).map_err(excel_error)?;
        }
        ws.set_freeze_panes(1, 0).map_err(excel_error)?;
        Ok(SheetWriter { sheet, columns, book, formats, next_row: 1 })
    }

    fn worksheet(&mut self) -> Result<&mut Worksheet, ExcelError> {
        self.book.worksheet_from_index(0).map_err(excel_error)
    }

    /// Writes one row; `values` follow the sheet's columns (all of them, also for templates).
    pub fn row(&mut self, values: &[Value]) -> Result<(), ExcelError> {
        if self.next_row >= MAX_SHEET_ROWS {
            return Err(ExcelError::Write("more rows than an Excel sheet holds".into()));
        }
        let row = self.next_row;
        let Formats { date, decimal, int, .. } = &self.formats;
        let ws = self.book.worksheet_from_index(0).map_err(excel_error)?;
        for (col, &i) in self.columns.iter().enumerate() {
            let col = col as u16;
            let kind = &self.sheet.columns[i].kind;
            match (values.get(i).unwrap_or(&Value::Empty), kind) {
                (Value::Empty, _) => {}
                (Value::Text(key), Kind::Dict(d)) => {
                    ws.write_string(row, col, d.label(key).unwrap_or(key)).map_err(excel_error)?;
                }
                (Value::Text(s), _) => {
                    ws.write_string(row, col, s).map_err(excel_error)?;
                }
                (Value::Int(v), _) => {
                    ws.write_number_with_format(row, col, *v as f64, int).map_err(excel_error)?;
                }
                (Value::Decimal(v), _) => {
                    use rust_decimal::prelude::ToPrimitive;
                    ws.write_number_with_format(row, col, v.to_f64().unwrap_or_default(), decimal).map_err(excel_error)?;
                }
                (Value::Date(d), _) => {
                    use chrono::Datelike;
                    // Excel's calendar holds 1900–9999; a day outside it (stored before the forms
                    // checked the range) is written as its text instead of failing the whole file.
                    let year = u16::try_from(d.year()).unwrap_or(0);
                    match ExcelDateTime::from_ymd(year, d.month() as u8, d.day() as u8) {
                        Ok(day) => ws.write_datetime_with_format(row, col, &day, date).map_err(excel_error)?,
                        Err(_) => ws.write_string(row, col, d.format("%Y-%m-%d").to_string()).map_err(excel_error)?,
                    };
                }
            }
        }
        self.next_row += 1;
        Ok(())
    }

    /// The finished file.
    pub fn finish(mut self) -> Result<Vec<u8>, ExcelError> {
        self.book.save_to_buffer().map_err(excel_error)
    }
}

/// The import template of a sheet: the header of every import column and a row of examples and hints,
/// which reading skips when it is left in place.
pub fn template(sheet: &Sheet) -> Result<Vec<u8>, ExcelError> {
    let columns: Vec<usize> = (0..sheet.columns.len()).filter(|&i| !sheet.columns[i].export_only).collect();
    let mut w = SheetWriter::start(sheet, columns.clone())?;
    let note = w.formats.note.clone();
    let ws = w.worksheet()?;
    for (col, &i) in columns.iter().enumerate() {
        let c = &sheet.columns[i];
        if !c.note.is_empty() {
            ws.write_string_with_format(1, col as u16, &c.note, &note).map_err(excel_error)?;
        }
    }
    w.next_row = 2;
    w.finish()
}
