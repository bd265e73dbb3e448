//! The reporting period of the monthly dispatch cycle (domain-model §2.0): a year and a month, written
//! `2026-03`, and the tenant setting that publishes January and February together as "1–2月".
use std::fmt;
use std::ops::RangeInclusive;

use keeper_common::AppError;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The years a period may name. The platform starts in the 2020s; the lower bound leaves room for
/// importing two decades of history, the upper one catches a mistyped year (`20226`).
pub const YEARS: RangeInclusive<i32> = 2000..=2099;

/// A month of a year, as `periodYear` + `periodMonth`; ordered by time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Period {
    year: i32,
    month: u32,
}

/// How a tenant reports January. The statistics bureau publishes January and February together, so a
/// tenant may merge them: January then has no report of its own and February holds both months.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum January {
    #[default]
    Own,
    MergedIntoFebruary,
}

impl Period {
    /// The period of a year and month given as two fields (`periodYear`, `periodMonth`).
    pub fn new(year: i32, month: u32) -> Result<Period, AppError> {
        if !YEARS.contains(&year) {
            return Err(AppError::field("periodYear", year_reason()));
        }
        if !(1..=12).contains(&month) {
            return Err(AppError::field("periodMonth", MONTH_REASON));
        }
        Ok(Period { year, month })
    }

    /// A year given alone in `field` (a target year, a year to list), within [`YEARS`].
    pub fn checked_year(field: &str, year: i32) -> Result<i32, AppError> {
        if !YEARS.contains(&year) {
            return Err(AppError::field(field, year_reason()));
        }
        Ok(year)
    }

    /// Reads `2026-03` (also `2026-3`) from the field `field`.
    pub fn parse(field: &str, text: &str) -> Result<Period, AppError> {
        let bad = || AppError::field(field, "格式应为 yyyy-MM");
        let (year, month) = text.trim().split_once('-').ok_or_else(bad)?;
        let digits = |s: &str, len: RangeInclusive<usize>| len.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(year, 4..=4) || !digits(month, 1..=2) {
            return Err(bad());
        }
        let (year, month): (i32, u32) = (year.parse().map_err(|_| bad())?, month.parse().map_err(|_| bad())?);
        if !YEARS.contains(&year) {
            return Err(AppError::field(field, year_reason()));
        }
        if !(1..=12).contains(&month) {
            return Err(AppError::field(field, MONTH_REASON));
        }
        Ok(Period { year, month })
    }

    /// The month a day falls in (a day is always within a calendar month of some year).
    pub fn of_day(day: chrono::NaiveDate) -> Period {
        use chrono::Datelike;
        Period { year: day.year(), month: day.month() }
    }

    pub fn year(self) -> i32 {
        self.year
    }

    pub fn month(self) -> u32 {
        self.month
    }

    /// The months a year-to-date figure adds up: 1..=N.
    pub fn months_to_date(self) -> RangeInclusive<u32> {
        1..=self.month
    }

    /// Whether the month has a report of its own: every month, except January when it is merged.
    pub fn is_reporting_month(self, january: January) -> bool {
        !(self.month == 1 && january == January::MergedIntoFebruary)
    }

    /// The label of the month alone: `3月`, and `1–2月` for February when January is merged into it.
    pub fn month_label(self, january: January) -> String {
        match (self.month, january) {
            (2, January::MergedIntoFebruary) => "1–2月".into(),
            (m, _) => format!("{m}月"),
        }
    }

    /// The label of the months to date, as column headers quote them: `1–N月`, `1月` for January.
    pub fn to_date_label(self) -> String {
        match self.month {
            1 => "1月".into(),
            m => format!("1–{m}月"),
        }
    }

    /// The period as titles quote it: `2026年1–3月`.
    pub fn title_label(self) -> String {
        format!("{}年{}", self.year, self.to_date_label())
    }

    /// The calendar month before; `None` before the first year a period may name.
    pub fn previous(self) -> Option<Period> {
        match self.month {
            1 => Period::new(self.year - 1, 12).ok(),
            m => Some(Period { year: self.year, month: m - 1 }),
        }
    }

    /// The period whose month figure a month-on-month rate compares with. None for the merged 1–2月
    /// (domain-model §2.3.2) and for March after it: the base would be two months' worth.
    pub fn mom_base(self, january: January) -> Option<Period> {
        match (self.month, january) {
            (1..=3, January::MergedIntoFebruary) => None,
            _ => self.previous(),
        }
    }

    /// The same month a year earlier, the base of year-on-year rates.
    pub fn same_period_last_year(self) -> Option<Period> {
        Period::new(self.year - 1, self.month).ok()
    }
}

const MONTH_REASON: &str = "月份应为 1 到 12";

fn year_reason() -> String {
    format!("年份应在 {} 到 {} 之间", YEARS.start(), YEARS.end())
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{:02}", self.year, self.month)
    }
}

/// On the wire as `2026-03`, the `period` string of domain-model §2.0.
impl Serialize for Period {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Period {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Period, D::Error> {
        let text = String::deserialize(d)?;
        Period::parse("period", &text).map_err(|e| match e {
            AppError::Field { reason, .. } => serde::de::Error::custom(reason),
            other => serde::de::Error::custom(other),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(year: i32, month: u32) -> Period {
        Period::new(year, month).unwrap()
    }

    fn refusal(r: Result<Period, AppError>) -> (String, String) {
        match r {
            Err(AppError::Field { field, reason }) => (field, reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_period_reads_and_writes_as_year_dash_two_digit_month() {
        for (text, want) in [("2026-03", p(2026, 3)), ("2026-3", p(2026, 3)), (" 2026-12 ", p(2026, 12)), ("2000-01", p(2000, 1))] {
            let got = Period::parse("period", text).unwrap();
            assert_eq!(got, want, "{text}");
            assert_eq!(got.to_string(), format!("{}-{:02}", want.year(), want.month()), "{text}");
        }
        assert_eq!(serde_json::to_string(&p(2026, 3)).unwrap(), r#""2026-03""#);
        assert_eq!(serde_json::from_str::<Period>(r#""2026-11""#).unwrap(), p(2026, 11));
        assert!(serde_json::from_str::<Period>(r#""2026-13""#).unwrap_err().to_string().contains("月份应为 1 到 12"));
    }

    #[test]
    fn a_bad_period_is_refused_on_the_field_it_came_from_with_the_reason() {
        for (text, reason) in [
            ("", "格式应为 yyyy-MM"),
            ("2026", "格式应为 yyyy-MM"),
            ("2026/03", "格式应为 yyyy-MM"),
            ("26-03", "格式应为 yyyy-MM"),
            ("2026-003", "格式应为 yyyy-MM"),
            ("2026-+3", "格式应为 yyyy-MM"),
            ("2026-03-01", "格式应为 yyyy-MM"),
            ("2026-00", "月份应为 1 到 12"),
            ("2026-13", "月份应为 1 到 12"),
            ("1999-12", "年份应在 2000 到 2099 之间"),
            ("2100-01", "年份应在 2000 到 2099 之间"),
        ] {
            assert_eq!(refusal(Period::parse("asOf", text)), ("asOf".into(), reason.into()), "{text:?}");
        }
        assert_eq!(refusal(Period::new(2026, 0)).0, "periodMonth");
        assert_eq!(refusal(Period::new(20226, 1)).0, "periodYear");
    }

    #[test]
    fn periods_order_by_time_and_step_back_across_the_new_year() {
        assert!(p(2025, 12) < p(2026, 1) && p(2026, 1) < p(2026, 2));
        for (period, previous, last_year) in [
            (p(2026, 3), Some(p(2026, 2)), Some(p(2025, 3))),
            (p(2026, 1), Some(p(2025, 12)), Some(p(2025, 1))),
            (p(2000, 1), None, None),
            (p(2000, 2), Some(p(2000, 1)), None),
        ] {
            assert_eq!(period.previous(), previous, "{period}");
            assert_eq!(period.same_period_last_year(), last_year, "{period}");
        }
    }

    #[test]
    fn the_months_to_date_run_from_january_to_the_period() {
        assert_eq!(p(2026, 1).months_to_date(), 1..=1);
        assert_eq!(p(2026, 6).months_to_date().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(p(2026, 12).months_to_date().count(), 12);
    }

    #[test]
    fn with_january_merged_february_is_labelled_one_to_two_and_january_has_no_report() {
        use January::*;
        for (month, january, label, reporting) in [
            (1, Own, "1月", true),
            (2, Own, "2月", true),
            (1, MergedIntoFebruary, "1月", false),
            (2, MergedIntoFebruary, "1–2月", true),
            (3, MergedIntoFebruary, "3月", true),
            (12, MergedIntoFebruary, "12月", true),
        ] {
            assert_eq!(p(2026, month).month_label(january), label, "{month} {january:?}");
            assert_eq!(p(2026, month).is_reporting_month(january), reporting, "{month} {january:?}");
        }
    }

    #[test]
    fn titles_quote_the_months_to_date() {
        for (period, to_date, title) in
            [(p(2026, 1), "1月", "2026年1月"), (p(2026, 2), "1–2月", "2026年1–2月"), (p(2026, 9), "1–9月", "2026年1–9月")]
        {
            assert_eq!(period.to_date_label(), to_date);
            assert_eq!(period.title_label(), title);
        }
    }

    #[test]
    fn month_on_month_has_no_base_for_the_merged_one_to_two_or_the_month_after_it() {
        use January::*;
        for (month, january, base) in [
            (1, Own, Some(p(2025, 12))),
            (2, Own, Some(p(2026, 1))),
            (3, Own, Some(p(2026, 2))),
            (2, MergedIntoFebruary, None),
            (3, MergedIntoFebruary, None),
            (4, MergedIntoFebruary, Some(p(2026, 3))),
        ] {
            assert_eq!(p(2026, month).mom_base(january), base, "{month} {january:?}");
        }
    }
}
