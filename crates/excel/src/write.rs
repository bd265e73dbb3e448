//! Writing a sheet to xlsx bytes: a bold frozen header, typed cells, and for templates an example row;
//! for report-style exports (domain-model §2.0) a title merged across the columns, a unit line, and
//! subtotal and total rows. Rows stream to a temporary file as they are written (rust_xlsxwriter's
//! constant-memory mode), so an export of a hundred thousand rows costs little more memory than the
//! finished file. That mode writes top to bottom: the title and unit line go in before the first row.
use rust_xlsxwriter::{Color, ExcelDateTime, Format, FormatAlign, Workbook, Worksheet, XlsxError};

use crate::ExcelError;
use crate::spec::{Kind, Sheet, Value};

/// Excel's own limit on a sheet's rows.
const MAX_SHEET_ROWS: u32 = 1_048_576;

/// The fill of subtotal rows.
pub const SUBTOTAL_FILL: u32 = 0xF2F2F2;
/// The fill of the grand total row, darker than a subtotal's.
pub const TOTAL_FILL: u32 = 0xD9D9D9;

/// How a data row stands out: not at all, or bold on a fill (subtotal, total).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Band {
    Plain,
    Subtotal,
    Total,
}

/// The number formats of the kinds of cells, set on their columns.
const TEXT_FORMAT: &str = "@";
const DATE_FORMAT: &str = "yyyy-mm-dd";
const DECIMAL_FORMAT: &str = "0.00##";
const INT_FORMAT: &str = "0";

/// The formats of the cells of one band.
///
/// A cell written with a format costs the library a hash of the whole format to find its index: for a
/// year of output reports (3.1 million cells) that was 1.5 of the export's 5 seconds. A plain cell of its
/// column's kind (all but the few subtotals of a report) is written without one and shows its column's
/// (`banded_row`); these formats serve the others, a date in a text column say.
struct Cells {
    /// Text cells; plain ones take the column's text format.
    text: Option<Format>,
    date: Format,
    decimal: Format,
    int: Format,
    plain: bool,
}

impl Cells {
    fn new(base: Format, plain: bool) -> Self {
        Cells {
            text: (!plain).then(|| base.clone()),
            date: base.clone().set_num_format(DATE_FORMAT),
            decimal: base.clone().set_num_format(DECIMAL_FORMAT),
            int: base.set_num_format(INT_FORMAT),
            plain,
        }
    }

    /// The format to write a cell of `value`'s kind with in a column of `kind`: none where the column's
    /// own is the same.
    fn of<'c>(&'c self, own: &'c Format, same_kind: bool) -> Option<&'c Format> {
        (!(self.plain && same_kind)).then_some(own)
    }
}

struct Formats {
    header: Format,
    note: Format,
    title: Format,
    unit: Format,
    group: Format,
    plain: Cells,
    subtotal: Cells,
    total: Cells,
}

impl Formats {
    fn new() -> Self {
        let band = |fill: u32| Format::new().set_bold().set_background_color(Color::RGB(fill));
        Formats {
            header: Format::new().set_bold().set_background_color(Color::RGB(0xD9E1F2)),
            note: Format::new().set_italic().set_font_color(Color::RGB(0x808080)),
            title: Format::new().set_bold().set_font_size(16).set_align(FormatAlign::Center).set_align(FormatAlign::VerticalCenter),
            unit: Format::new().set_align(FormatAlign::Right),
            group: Format::new().set_bold().set_align(FormatAlign::Left),
            plain: Cells::new(Format::new(), true),
            subtotal: Cells::new(band(SUBTOTAL_FILL), false),
            total: Cells::new(band(TOTAL_FILL), false),
        }
    }

    fn cells(&self, band: Band) -> &Cells {
        match band {
            Band::Plain => &self.plain,
            Band::Subtotal => &self.subtotal,
            Band::Total => &self.total,
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
    /// Whether the header row is written; lines above it (title, unit) must come first.
    header_written: bool,
}

fn excel_error(e: XlsxError) -> ExcelError {
    ExcelError::Write(e.to_string())
}

/// A text cell, in the band's format if it has one.
fn write_text(ws: &mut Worksheet, row: u32, col: u16, s: &str, format: Option<&Format>) -> Result<(), ExcelError> {
    match format {
        Some(f) => ws.write_string_with_format(row, col, s, f),
        None => ws.write_string(row, col, s),
    }
    .map(|_| ())
    .map_err(excel_error)
}

/// A number cell, in the band's format if it has one (else its column's).
fn write_number(ws: &mut Worksheet, row: u32, col: u16, n: f64, format: Option<&Format>) -> Result<(), ExcelError> {
    match format {
        Some(f) => ws.write_number_with_format(row, col, n, f),
        None => ws.write_number(row, col, n),
    }
    .map(|_| ())
    .map_err(excel_error)
}

/// The deflate level of the files written. A year of output reports (100,000 rows, 130 MB of sheet XML)
/// zips in 1.4 s at the library's default level 6 to 18.2 MB; level 3 takes 0.75 s for 20.4 MB, level 1
/// 0.55 s for 27.3 MB. The zip is made after the last row, so its time adds to the whole export's.
const ZIP_LEVEL: u8 = 3;

impl<'s> SheetWriter<'s> {
    /// An export of every column of `sheet`.
    pub fn export(sheet: &'s Sheet) -> Result<Self, ExcelError> {
        Self::start(sheet, (0..sheet.columns.len()).collect())
    }

    fn start(sheet: &'s Sheet, columns: Vec<usize>) -> Result<Self, ExcelError> {
        let mut book = Workbook::new();
        book.set_zip_compression_level(ZIP_LEVEL);
        let formats = Formats::new();
        let ws = book.add_worksheet_with_constant_memory().map_err(excel_error)?;
        ws.set_name(&sheet.name).map_err(excel_error)?;
        for (col, &i) in columns.iter().enumerate() {
            let c = &sheet.columns[i];
            let col = col as u16;
            ws.set_column_width(col, c.width).map_err(excel_error)?;
            // Text columns are formatted as text, so that phone numbers and codes typed into a template
            // keep their leading zeros and digits instead of turning into numbers; the others carry
            // their kind's number format, which plain cells take (`Cells`).
            let format = match c.kind {
                Kind::Text | Kind::Dict(_) => TEXT_FORMAT,
                Kind::Int => INT_FORMAT,
                Kind::Decimal { .. } => DECIMAL_FORMAT,
                Kind::Date => DATE_FORMAT,
            };
            ws.set_column_format(col, &Format::new().set_num_format(format)).map_err(excel_error)?;
        }
        Ok(SheetWriter { sheet, columns, book, formats, next_row: 0, header_written: false })
    }

    /// The title above the header, merged across the columns: "XX经开区 2026年1–3月重点项目推进情况表".
    pub fn title(&mut self, text: &str) -> Result<(), ExcelError> {
        let format = self.formats.title.clone();
        self.line_above_header(text, &format, 30.0)
    }

    /// The unit line under the title, merged across the columns and set right: `unit_line("万元")`
    /// writes "单位：万元".
    pub fn unit_line(&mut self, unit: &str) -> Result<(), ExcelError> {
        let format = self.formats.unit.clone();
        self.line_above_header(&format!("单位：{unit}"), &format, 18.0)
    }

    fn line_above_header(&mut self, text: &str, format: &Format, height: f64) -> Result<(), ExcelError> {
        if self.header_written {
            return Err(ExcelError::Write("a title or unit line goes above the header: write it before any row".into()));
        }
        let (row, last_col) = (self.next_row, self.columns.len().saturating_sub(1) as u16);
        let ws = self.worksheet()?;
        ws.set_row_height(row, height).map_err(excel_error)?;
        if last_col == 0 {
            ws.write_string_with_format(row, 0, text, format).map_err(excel_error)?;
        } else {
            ws.merge_range(row, 0, row, last_col, text, format).map_err(excel_error)?;
        }
        self.next_row += 1;
        Ok(())
    }

    /// The header row, frozen with everything above it.
    fn header(&mut self) -> Result<(), ExcelError> {
        if self.header_written {
            return Ok(());
        }
        let row = self.next_row;
        let header = self.formats.header.clone();
        let headers: Vec<String> = self.columns.iter().map(|&i| self.sheet.columns[i].header.clone()).collect();
        let ws = self.worksheet()?;
        for (col, h) in headers.iter().enumerate() {
            ws.write_string_with_format(row, col as u16, h, &header).map_err(excel_error)?;
        }
        ws.set_freeze_panes(row + 1, 0).map_err(excel_error)?;
        self.next_row += 1;
        self.header_written = true;
        Ok(())
    }

    fn worksheet(&mut self) -> Result<&mut Worksheet, ExcelError> {
        self.book.worksheet_from_index(0).map_err(excel_error)
    }

    /// Writes one row; `values` follow the sheet's columns (all of them, also for templates).
    pub fn row(&mut self, values: &[Value]) -> Result<(), ExcelError> {
        self.banded_row(values, Band::Plain)
    }

    /// A subtotal row (a department and all below it): bold on a light fill across the whole row.
    pub fn subtotal_row(&mut self, values: &[Value]) -> Result<(), ExcelError> {
        self.banded_row(values, Band::Subtotal)
    }

    /// The grand total row: bold on a darker fill than the subtotals'.
    pub fn total_row(&mut self, values: &[Value]) -> Result<(), ExcelError> {
        self.banded_row(values, Band::Total)
    }

    /// The title of a group of rows (a department, a project type), merged across the columns in bold:
    /// "一、东区" above the group's rows and its subtotal.
    pub fn group_row(&mut self, text: &str) -> Result<(), ExcelError> {
        self.header()?;
        if self.next_row >= MAX_SHEET_ROWS {
            return Err(ExcelError::Write("more rows than an Excel sheet holds".into()));
        }
        let (row, last_col) = (self.next_row, self.columns.len().saturating_sub(1) as u16);
        let format = self.formats.group.clone();
        let ws = self.worksheet()?;
        if last_col == 0 {
            ws.write_string_with_format(row, 0, text, &format).map_err(excel_error)?;
        } else {
            ws.merge_range(row, 0, row, last_col, text, &format).map_err(excel_error)?;
        }
        self.next_row += 1;
        Ok(())
    }

    fn banded_row(&mut self, values: &[Value], band: Band) -> Result<(), ExcelError> {
        self.header()?;
        if self.next_row >= MAX_SHEET_ROWS {
            return Err(ExcelError::Write("more rows than an Excel sheet holds".into()));
        }
        let row = self.next_row;
        let cells = self.formats.cells(band);
        let ws = self.book.worksheet_from_index(0).map_err(excel_error)?;
        let text = cells.text.as_ref();
        for (col, &i) in self.columns.iter().enumerate() {
            let col = col as u16;
            let kind = &self.sheet.columns[i].kind;
            match (values.get(i).unwrap_or(&Value::Empty), kind) {
                // A banded row is filled end to end, empty cells included.
                (Value::Empty, _) => {
                    if let Some(f) = text {
                        ws.write_blank(row, col, f).map_err(excel_error)?;
                    }
                }
                (Value::Text(key), Kind::Dict(d)) => {
                    write_text(ws, row, col, d.label(key).unwrap_or(key), text)?;
                }
                (Value::Text(s), _) => {
                    write_text(ws, row, col, s, text)?;
                }
                (Value::Int(v), _) => write_number(ws, row, col, *v as f64, cells.of(&cells.int, matches!(kind, Kind::Int)))?,
                (Value::Decimal(v), _) => {
                    use rust_decimal::prelude::ToPrimitive;
                    let format = cells.of(&cells.decimal, matches!(kind, Kind::Decimal { .. }));
                    write_number(ws, row, col, v.to_f64().unwrap_or_default(), format)?;
                }
                (Value::Date(d), _) => {
                    use chrono::Datelike;
                    // Excel's calendar holds 1900–9999; a day outside it (stored before the forms
                    // checked the range) is written as its text instead of failing the whole file.
                    let year = u16::try_from(d.year()).unwrap_or(0);
                    match ExcelDateTime::from_ymd(year, d.month() as u8, d.day() as u8) {
                        Ok(day) => {
                            match cells.of(&cells.date, matches!(kind, Kind::Date)) {
                                Some(f) => ws.write_datetime_with_format(row, col, &day, f),
                                None => ws.write_datetime(row, col, &day),
                            }
                            .map_err(excel_error)?;
                        }
                        Err(_) => write_text(ws, row, col, &d.format("%Y-%m-%d").to_string(), text)?,
                    }
                }
            }
        }
        self.next_row += 1;
        Ok(())
    }

    /// The finished file (with its header, also when no row was written).
    pub fn finish(mut self) -> Result<Vec<u8>, ExcelError> {
        self.header()?;
        self.book.save_to_buffer().map_err(excel_error)
    }

    /// The file written into `out`: a large export goes to a temporary file, so that the zip is never
    /// held in memory (20 MB for a year of output reports, twice that while its buffer grows).
    pub fn finish_into<W: std::io::Write + Send>(mut self, out: W) -> Result<(), ExcelError> {
        self.header()?;
        self.book.save_to_writer(out).map_err(excel_error)
    }
}

/// The import template of a sheet: the header of every import column and a row of examples and hints,
/// which reading skips when it is left in place.
pub fn template(sheet: &Sheet) -> Result<Vec<u8>, ExcelError> {
    let columns: Vec<usize> = (0..sheet.columns.len()).filter(|&i| !sheet.columns[i].export_only).collect();
    let mut w = SheetWriter::start(sheet, columns.clone())?;
    w.header()?;
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
