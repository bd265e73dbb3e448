//! Paging and sorting: `current`/`size`/`ascs`/`descs` in, `{records,total,size,current,pages}` out.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::AppError;

pub const DEFAULT_SIZE: u64 = 10;
/// Keeps one request from asking for an unbounded page.
pub const MAX_SIZE: u64 = 1000;

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
pub struct PageQuery {
    /// The page, from 1 (clamped to the last page).
    #[schemars(with = "Option<u64>", range(min = 1))]
    pub current: Option<String>,
    /// Rows per page.
    #[schemars(with = "Option<u64>", range(min = 1, max = 1000))]
    pub size: Option<String>,
    /// Columns to sort ascending, comma-separated.
    pub ascs: Option<String>,
    /// Columns to sort descending, comma-separated.
    pub descs: Option<String>,
}

/// A validated page request: 1-based page, bounded size, sort columns from an allow-list.
#[derive(Debug, Clone, PartialEq)]
pub struct PageRequest {
    pub current: u64,
    pub size: u64,
    pub sort: Vec<(String, bool)>,
}

impl PageQuery {
    /// Validates the query; `sortable` maps wire names (snake_case or camelCase) to column names.
    pub fn validate(&self, sortable: &[&str]) -> Result<PageRequest, AppError> {
        let current = parse_positive("current", self.current.as_deref(), 1)?;
        let size = parse_positive("size", self.size.as_deref(), DEFAULT_SIZE)?;
        if size > MAX_SIZE {
            return Err(AppError::field("size", format!("每页最多 {MAX_SIZE} 条")));
        }
        let mut sort = Vec::new();
        for (field, list, asc) in [("ascs", &self.ascs, true), ("descs", &self.descs, false)] {
            for name in list.as_deref().unwrap_or("").split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let column = to_snake(name);
                if !sortable.contains(&column.as_str()) {
                    return Err(AppError::field(field, format!("不支持按 {name} 排序")));
                }
                sort.push((column, asc));
            }
        }
        Ok(PageRequest { current, size, sort })
    }
}

impl PageRequest {
    /// The request for a list of `total` rows, its page number clamped between 1 and the last page
    /// (SPEC §9): a page past the end answers the last page, and the row offset always fits the
    /// database's integer however large the number asked for.
    pub fn within(&self, total: u64) -> PageRequest {
        let last = total.div_ceil(self.size).max(1);
        PageRequest { current: self.current.clamp(1, last), size: self.size, sort: self.sort.clone() }
    }

    /// The first row of the page, `(current - 1) × size`.
    pub fn offset(&self) -> u64 {
        (self.current - 1).saturating_mul(self.size)
    }
}

fn parse_positive(field: &str, v: Option<&str>, default: u64) -> Result<u64, AppError> {
    match v.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(s) => match s.parse::<u64>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(AppError::field(field, "应为正整数")),
        },
    }
}

/// `createTime` → `create_time`; already snake names pass unchanged.
pub fn to_snake(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Page_{T}")]
pub struct Page<T> {
    pub records: Vec<T>,
    pub total: u64,
    pub size: u64,
    pub current: u64,
    pub pages: u64,
}

impl<T> Page<T> {
    pub fn new(records: Vec<T>, total: u64, req: &PageRequest) -> Self {
        let pages = if req.size == 0 { 0 } else { total.div_ceil(req.size) };
        Page { records, total, size: req.size, current: req.current, pages }
    }
    /// The rows, and the page without them: for views built from all rows at once (`with`).
    pub fn split(self) -> (Vec<T>, Page<()>) {
        let Page { records, total, size, current, pages } = self;
        (records, Page { records: Vec::new(), total, size, current, pages })
    }

    /// The same page holding `records` instead.
    pub fn with<U>(self, records: Vec<U>) -> Page<U> {
        Page { records, total: self.total, size: self.size, current: self.current, pages: self.pages }
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            records: self.records.into_iter().map(f).collect(),
            total: self.total,
            size: self.size,
            current: self.current,
            pages: self.pages,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(current: &str, size: &str, ascs: &str) -> PageQuery {
        PageQuery { current: Some(current.into()), size: Some(size.into()), ascs: Some(ascs.into()), descs: None }
    }

    #[test]
    fn sort_columns_must_be_allow_listed() {
        let ok = q("2", "20", "createTime").validate(&["create_time"]).unwrap();
        assert_eq!(ok, PageRequest { current: 2, size: 20, sort: vec![("create_time".into(), true)] });
        let err = q("1", "10", "password; drop table x").validate(&["create_time"]).unwrap_err();
        assert_eq!(err.code(), 400);
    }

    #[test]
    fn a_page_number_is_clamped_to_the_pages_there_are() {
        let huge = q("4611686018427387904", "10", "").validate(&[]).unwrap();
        // (page, size, rows) -> (page answered, first row)
        for (current, size, total, expected) in [
            ("1", "10", 0, (1, 0)),
            ("3", "10", 0, (1, 0)),
            ("3", "10", 25, (3, 20)),
            ("4", "10", 25, (3, 20)),
            ("2", "10", 20, (2, 10)),
            ("3", "10", 20, (2, 10)),
            ("18446744073709551615", "1000", 1001, (2, 1000)),
        ] {
            let r = q(current, size, "").validate(&[]).unwrap().within(total);
            assert_eq!((r.current, r.offset()), expected, "page {current} of {size} over {total} rows");
        }
        assert_eq!(huge.within(95).current, 10);
        assert_eq!(huge.offset(), u64::MAX, "unclamped, the offset saturates");
        assert!(i64::try_from(huge.within(u32::MAX as u64).offset()).is_ok());
    }

    #[test]
    fn malformed_paging_is_a_field_error() {
        assert!(q("0", "10", "").validate(&[]).is_err());
        assert!(q("1", "abc", "").validate(&[]).is_err());
        assert!(q("1", "5000", "").validate(&[]).is_err());
        let d = PageQuery::default().validate(&[]).unwrap();
        assert_eq!((d.current, d.size), (1, 10));
    }

    #[test]
    fn pages_round_up() {
        let req = PageRequest { current: 1, size: 10, sort: vec![] };
        assert_eq!(Page::new(Vec::<u8>::new(), 21, &req).pages, 3);
        assert_eq!(Page::new(Vec::<u8>::new(), 0, &req).pages, 0);
    }
}
