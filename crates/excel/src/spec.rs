//! The typed description of a sheet: its columns (zh-CN header, width, kind) and the values of a row.
use chrono::NaiveDate;
use rust_decimal::Decimal;

/// Label ↔ key pairs of a dictionary-backed column: files carry labels, the database keys.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Dict {
    entries: Vec<(String, String)>,
}

impl Dict {
    /// `(key, label)` pairs in display order.
    pub fn new(entries: impl IntoIterator<Item = (String, String)>) -> Self {
        Dict { entries: entries.into_iter().collect() }
    }

    pub fn label(&self, key: &str) -> Option<&str> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, l)| l.as_str())
    }

    /// The key of a label; a key typed as such is accepted too (files written by other tools carry codes).
    pub fn key(&self, text: &str) -> Option<&str> {
        self.entries.iter().find(|(_, l)| l == text).or_else(|| self.entries.iter().find(|(k, _)| k == text)).map(|(k, _)| k.as_str())
    }

    pub fn labels(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(_, l)| l.as_str())
    }
}

/// How a column is written and read back.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Text,
    Int,
    /// A decimal number with at most `scale` fractional digits.
    Decimal {
        scale: u32,
    },
    /// A calendar date, written as an Excel date and read from one or from `yyyy-MM-dd` text.
    Date,
    /// A dictionary key, written as its label and read from a label (or a key).
    Dict(Dict),
}

#[derive(Debug, Clone)]
pub struct Column {
    /// The wire name of the field (`phone`): form errors name it, the report names the header instead.
    pub field: &'static str,
    /// The zh-CN header of the column.
    pub header: String,
    /// Width in Excel character units.
    pub width: f64,
    pub kind: Kind,
    pub required: bool,
    /// Written to exports only: ignored when present in an uploaded file and absent from the template.
    pub export_only: bool,
    /// The example or hint shown in the template's second row.
    pub note: String,
    /// The key an export reads from a serialised record when it is not `field`: a department column
    /// imports a name into `deptId` but exports the record's `deptName`.
    pub source: Option<&'static str>,
}

impl Column {
    fn new(field: &'static str, header: &str, width: f64, kind: Kind) -> Self {
        Column { field, header: header.into(), width, kind, required: false, export_only: false, note: String::new(), source: None }
    }
    pub fn text(field: &'static str, header: &str, width: f64) -> Self {
        Column::new(field, header, width, Kind::Text)
    }
    pub fn int(field: &'static str, header: &str, width: f64) -> Self {
        Column::new(field, header, width, Kind::Int)
    }
    pub fn decimal(field: &'static str, header: &str, width: f64, scale: u32) -> Self {
        Column::new(field, header, width, Kind::Decimal { scale })
    }
    pub fn date(field: &'static str, header: &str, width: f64) -> Self {
        Column::new(field, header, width, Kind::Date)
    }
    pub fn dict(field: &'static str, header: &str, width: f64, dict: Dict) -> Self {
        Column::new(field, header, width, Kind::Dict(dict))
    }
    pub fn required(mut self) -> Self {
        self.required = true;
        self
    }
    pub fn export_only(mut self) -> Self {
        self.export_only = true;
        self
    }
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.note = note.into();
        self
    }
    /// Exports read `key` of the record instead of the column's field (see [`Column::source`]).
    pub fn exported_from(mut self, key: &'static str) -> Self {
        self.source = Some(key);
        self
    }

    /// This column's cell of a record serialised on the wire conventions (ids and decimals as strings,
    /// days as `yyyy-MM-dd`, dictionary keys): the record's view is the one place its fields are written out,
    /// so an export is exactly what the screen shows.
    pub fn value_of(&self, record: &serde_json::Map<String, serde_json::Value>) -> Value {
        self.value_of_json(record.get(self.source.unwrap_or(self.field)))
    }

    /// This column's cell of the record's value at its key (`None`: the record has no such key).
    pub fn value_of_json(&self, value: Option<&serde_json::Value>) -> Value {
        use serde_json::Value as Json;
        let text = match value {
            None | Some(Json::Null) => return Value::Empty,
            Some(Json::String(s)) => s.clone(),
            Some(Json::Bool(b)) => b.to_string(),
            Some(other) => other.to_string(),
        };
        let parsed = match &self.kind {
            Kind::Text | Kind::Dict(_) => None,
            Kind::Int => text.parse::<i64>().ok().map(Value::Int),
            Kind::Decimal { .. } => text.parse::<Decimal>().ok().map(|d| Value::Decimal(d.normalize())),
            Kind::Date => NaiveDate::parse_from_str(&text, "%Y-%m-%d").ok().map(Value::Date),
        };
        // A value that does not read as its kind is still shown, as text, rather than lost.
        parsed.unwrap_or_else(|| Value::from(text))
    }
}

/// One sheet: its tab name and columns in order.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub name: String,
    pub columns: Vec<Column>,
}

impl Sheet {
    pub fn new(name: &str, columns: Vec<Column>) -> Self {
        Sheet { name: name.into(), columns }
    }

    /// The columns an upload must carry (and the template shows).
    pub fn import_columns(&self) -> impl Iterator<Item = &Column> {
        self.columns.iter().filter(|c| !c.export_only)
    }

    /// One export row of a record serialised on the wire conventions (see [`Column::value_of`]).
    pub fn values_of(&self, record: &serde_json::Map<String, serde_json::Value>) -> Vec<Value> {
        self.columns.iter().map(|c| c.value_of(record)).collect()
    }

    /// The header of a field, for naming it in a row report.
    pub fn header_of(&self, field: &str) -> Option<&str> {
        self.columns.iter().find(|c| c.field == field).map(|c| c.header.as_str())
    }
}

/// A cell value. Dictionary columns hold the key.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Value {
    #[default]
    Empty,
    Text(String),
    Int(i64),
    Decimal(Decimal),
    Date(NaiveDate),
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        if s.is_empty() { Value::Empty } else { Value::Text(s) }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::from(s.to_string())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Empty, Into::into)
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(v)
    }
}

impl From<i32> for Value {
    fn from(v: i32) -> Self {
        Value::Int(v.into())
    }
}

impl From<Decimal> for Value {
    fn from(v: Decimal) -> Self {
        Value::Decimal(v)
    }
}

impl From<NaiveDate> for Value {
    fn from(v: NaiveDate) -> Self {
        Value::Date(v)
    }
}

/// A data row read from an upload: its Excel row number and the values of the import columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// 1-based, as Excel shows it (the header is row 1).
    pub line: usize,
    pub values: Vec<(&'static str, Value)>,
}

impl Row {
    pub fn get(&self, field: &str) -> &Value {
        self.values.iter().find(|(f, _)| *f == field).map_or(&Value::Empty, |(_, v)| v)
    }

    /// The text of a text or dictionary column; `None` when empty.
    pub fn text(&self, field: &str) -> Option<String> {
        match self.get(field) {
            Value::Text(s) => Some(s.clone()),
            _ => None,
        }
    }

    pub fn int(&self, field: &str) -> Option<i64> {
        match self.get(field) {
            Value::Int(v) => Some(*v),
            _ => None,
        }
    }

    pub fn decimal(&self, field: &str) -> Option<Decimal> {
        match self.get(field) {
            Value::Decimal(v) => Some(*v),
            _ => None,
        }
    }

    pub fn date(&self, field: &str) -> Option<NaiveDate> {
        match self.get(field) {
            Value::Date(v) => Some(*v),
            _ => None,
        }
    }
}
