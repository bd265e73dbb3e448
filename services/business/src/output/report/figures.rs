//! The figures of a report (domain-model §2.3.1, §2.3.2): 1–N月累计 is Σ approved months of the year up
//! to N, where a report not yet approved counts its own month as it would once approved (the filler and
//! the reviewer see the figure the report makes); 上年同期 comes from last year's approved reports of
//! months 1..N, and only when last year has none of them from what the filler typed (an enterprise new
//! to the platform). YoY of the year-to-date decides whether a decline reason is needed. 产值统计 and
//! 园区月度产值 take the same base, so an enterprise's growth reads the same on every screen.
use std::collections::HashMap;

use rust_decimal::Decimal;

use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::period::Period;

/// Σ approved output of the tenant's enterprises around one month, read in three grouped queries.
#[derive(Debug, Default, Clone)]
pub struct Approved {
    /// Σ approved months 1..N−1 of the year, by enterprise.
    pub before: HashMap<i64, Decimal>,
    /// Last year's approved month N, by enterprise.
    pub last_month: HashMap<i64, Decimal>,
    /// Σ last year's approved months 1..N, by enterprise with any of them.
    pub last_ytd: HashMap<i64, Decimal>,
}

/// Approved output by enterprise and month, of a year (`this`) and the year before (`last`), from which
/// the [`Approved`] of any month of the year is summed in memory: the year's export reads it once instead
/// of three grouped queries for each month, and gets the figures the list gets month by month.
#[derive(Debug, Default, Clone)]
pub struct ApprovedMonths {
    pub this: HashMap<i64, [Option<Decimal>; 12]>,
    pub last: HashMap<i64, [Option<Decimal>; 12]>,
}

impl ApprovedMonths {
    /// The sums around month `n` (1..=12), as `repo::approved_around` reads them: an enterprise is present
    /// in a sum when it has an approved month in its range.
    pub fn around(&self, n: u32) -> Approved {
        let n = n.clamp(1, 12) as usize;
        let sum = |by: &HashMap<i64, [Option<Decimal>; 12]>, months: std::ops::Range<usize>| -> HashMap<i64, Decimal> {
            by.iter().filter_map(|(e, m)| m[months.clone()].iter().flatten().copied().reduce(|a, b| a + b).map(|s| (*e, s))).collect()
        };
        Approved { before: sum(&self.this, 0..n - 1), last_month: sum(&self.last, n - 1..n), last_ytd: sum(&self.last, 0..n) }
    }
}

/// What the stored report says about last year, for when the platform has no approved report of it.
#[derive(Debug, Default, Clone, Copy)]
pub struct Typed {
    pub last_year_month: Option<Decimal>,
    pub last_year_ytd: Option<Decimal>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Figures {
    /// Σ approved months before this one.
    pub ytd_before: Wan,
    /// With this month's output; `None` without one.
    pub ytd: Option<Wan>,
    pub last_year_month: Option<Wan>,
    pub last_year_ytd: Option<Wan>,
    /// Whether the last-year figures come from approved reports (and cannot be typed).
    pub last_year_from_reports: bool,
    /// YoY of 1–N月累计, in percent.
    pub yoy: Rate,
    /// YoY of the month alone.
    pub month_yoy: Rate,
}

impl Figures {
    /// Whether the year-to-date fell below last year's (the decline reason becomes required).
    pub fn declines(&self) -> bool {
        self.yoy.is_some_and(|r| r.is_sign_negative() && !r.is_zero())
    }
}

impl Typed {
    /// What a stored report typed.
    pub fn of(r: &crate::entity::output_report::Model) -> Typed {
        Typed { last_year_month: r.last_year_month_output, last_year_ytd: r.last_year_ytd_output }
    }

    /// What a report read for the month's selection typed.
    pub fn filed(r: &super::repo::Filed) -> Typed {
        Typed { last_year_month: r.last_year_month_output, last_year_ytd: r.last_year_ytd_output }
    }
}

/// The figures of enterprise `e`'s month whose output is `month_output` (none for a month not reported).
pub fn of(approved: &Approved, e: i64, month_output: Option<Decimal>, typed: Typed) -> Figures {
    let ytd_before = Wan::round(approved.before.get(&e).copied().unwrap_or_default());
    let from_reports = approved.last_ytd.contains_key(&e);
    let (last_year_month, last_year_ytd) = if from_reports {
        // Last year's month N may be missing (not reported then): no month base, but the year's stands.
        (approved.last_month.get(&e).copied(), approved.last_ytd.get(&e).copied())
    } else {
        (typed.last_year_month, typed.last_year_ytd)
    };
    let (last_year_month, last_year_ytd) = (last_year_month.map(Wan::round), last_year_ytd.map(Wan::round));
    let month = month_output.map(Wan::round);
    let ytd = month.map(|m| ytd_before + m);
    Figures {
        ytd_before,
        ytd,
        last_year_month,
        last_year_ytd,
        last_year_from_reports: from_reports,
        yoy: ytd.and_then(|y| metrics::yoy(y, last_year_ytd)),
        month_yoy: month.and_then(|m| metrics::yoy(m, last_year_month)),
    }
}

/// The day of the month after `p` by which its report is due, `deadline_day` clamped to the month.
pub fn deadline(p: Period, deadline_day: u32) -> chrono::NaiveDate {
    let (y, m) = if p.month() == 12 { (p.year() + 1, 1) } else { (p.year(), p.month() + 1) };
    let first = chrono::NaiveDate::from_ymd_opt(y, m, 1).unwrap_or_default();
    let last = first.checked_add_months(chrono::Months::new(1)).and_then(|d| d.pred_opt()).unwrap_or(first);
    chrono::NaiveDate::from_ymd_opt(y, m, deadline_day.clamp(1, 31)).unwrap_or(last).min(last)
}

/// The deadline day of a tenant parameter value: a day 1–31, else the default 5 (the 5th of the next
/// month, the usual date statistics bureaus ask for).
pub fn deadline_day(param: Option<&str>) -> u32 {
    param.and_then(|v| v.trim().parse::<u32>().ok()).filter(|d| (1..=31).contains(d)).unwrap_or(DEFAULT_DEADLINE_DAY)
}

pub const DEFAULT_DEADLINE_DAY: u32 = 5;

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    fn w(s: &str) -> Wan {
        Wan::round(d(s))
    }

    #[test]
    fn the_year_to_date_counts_the_month_once_and_compares_with_last_years_approved_months() {
        // Enterprise 1: Jan 1,000 + Feb 1,100.5 approved; March files 1,200 → 1–3月 3,300.5. Last year's
        // March approved, 1–3月 3,000 → YoY (3,300.5 − 3,000) ÷ 3,000 = 10.0166… → 10.02 %; the month
        // 1,200 against 1,250 → −4.00 %.
        let a = Approved {
            before: [(1, d("2100.5")), (2, d("500"))].into(),
            last_month: [(1, d("1250"))].into(),
            last_ytd: [(1, d("3000"))].into(),
        };
        let f = of(&a, 1, Some(d("1200")), Typed { last_year_month: Some(d("9")), last_year_ytd: Some(d("9")) });
        assert_eq!((f.ytd, f.last_year_ytd, f.last_year_month), (Some(w("3300.5")), Some(w("3000")), Some(w("1250"))));
        assert_eq!((f.yoy, f.month_yoy), (Some(d("10.02")), Some(d("-4.00"))));
        assert!(f.last_year_from_reports, "the typed figures are ignored when last year was reported");
        assert!(!f.declines());

        // Enterprise 2 joined this year: its typed last-year 1–3月 of 1,000 against 500 + 400 = 900 is a
        // 10 % decline, which needs a reason.
        let f = of(&a, 2, Some(d("400")), Typed { last_year_month: None, last_year_ytd: Some(d("1000")) });
        assert_eq!((f.ytd, f.yoy, f.month_yoy, f.last_year_from_reports), (Some(w("900")), Some(d("-10.00")), None, false));
        assert!(f.declines());

        // Enterprise 4 reported only last February (200): its 1–3月 base is 200 from the reports, whatever
        // was typed; last March has no report, so the month has no rate.
        let a4 = Approved { last_ytd: [(4, d("200"))].into(), ..Approved::default() };
        let f = of(&a4, 4, Some(d("250.25")), Typed { last_year_month: Some(d("9")), last_year_ytd: Some(d("9")) });
        assert_eq!(
            (f.ytd, f.last_year_ytd, f.last_year_month, f.yoy, f.month_yoy),
            (Some(w("250.25")), Some(w("200")), None, Some(d("25.13")), None)
        );
        assert!(f.last_year_from_reports);

        // Nothing last year and nothing typed: no rate ("—"), no decline. A month not reported has no
        // year-to-date.
        let f = of(&a, 3, Some(d("10")), Typed::default());
        assert_eq!((f.ytd, f.yoy), (Some(w("10")), None));
        assert!(!f.declines());
        assert_eq!(of(&a, 1, None, Typed::default()).ytd, None);
    }

    #[test]
    fn a_report_is_due_on_the_deadline_day_of_the_next_month() {
        let day = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        for (p, deadline_day, want) in [
            (Period::new(2026, 3).unwrap(), 5, "2026-04-05"),
            (Period::new(2026, 12).unwrap(), 5, "2027-01-05"),
            (Period::new(2026, 1).unwrap(), 31, "2026-02-28"),
            (Period::new(2026, 4).unwrap(), 10, "2026-05-10"),
        ] {
            assert_eq!(deadline(p, deadline_day), day(want), "{p}");
        }
        for (v, want) in [(None, 5), (Some("8"), 8), (Some(" 31 "), 31), (Some("0"), 5), (Some("32"), 5), (Some("x"), 5)] {
            assert_eq!(deadline_day(v), want, "{v:?}");
        }
    }
}
