//! What went wrong where in an upload: one entry per bad cell or row, named by row number and header
//! ("第3行 手机号: 格式不正确"), collected over the whole file so that one reply lists every problem.
use schemars::JsonSchema;
use serde::Serialize;

use crate::spec::Sheet;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RowError {
    /// The Excel row number (the header is row 1).
    pub row: usize,
    /// The column header, or empty when the problem is the row as a whole.
    pub field: String,
    pub reason: String,
    /// The sentence shown to people.
    pub message: String,
}

impl RowError {
    pub fn new(row: usize, field: impl Into<String>, reason: impl Into<String>) -> Self {
        let (field, reason) = (field.into(), reason.into());
        let message = if field.is_empty() { format!("第{row}行: {reason}") } else { format!("第{row}行 {field}: {reason}") };
        RowError { row, field, reason, message }
    }
}

impl std::fmt::Display for RowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The problems of one upload, in row order once sorted.
#[derive(Debug, Default, Clone)]
pub struct Report {
    errors: Vec<RowError>,
}

impl Report {
    pub fn push(&mut self, e: RowError) {
        self.errors.push(e);
    }

    /// A problem of a field given by its wire name (as form validation reports it), shown under its header.
    pub fn field(&mut self, sheet: &Sheet, row: usize, field: &str, reason: impl Into<String>) {
        let header = sheet.header_of(field).unwrap_or(field).to_string();
        self.push(RowError::new(row, header, reason));
    }

    pub fn extend(&mut self, errors: impl IntoIterator<Item = RowError>) {
        self.errors.extend(errors);
    }

    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Every problem, by row then in the order found.
    pub fn into_sorted(mut self) -> Vec<RowError> {
        self.errors.sort_by_key(|e| e.row);
        self.errors
    }

    /// The rows that have at least one problem.
    pub fn bad_rows(&self) -> std::collections::BTreeSet<usize> {
        self.errors.iter().map(|e| e.row).collect()
    }
}
