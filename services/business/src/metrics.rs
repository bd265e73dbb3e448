//! The dispatch formulas (domain-model §2.2.5, §2.3.2): completion, time progress, schedule gap, YoY,
//! MoM, share and contribution (拉动). Rates are percentages with two decimals, rounded half away from
//! zero (四舍五入) as published tables are; a rate whose base is zero or missing is `None` and shows as "—".
use chrono::{Datelike, Months, NaiveDate};
use rust_decimal::{Decimal, RoundingStrategy};

use crate::money::Wan;
use crate::period::{January, Period};

/// A percentage (`24.00` is 24 %) or a gap in percentage points; `None` is "no rate".
pub type Rate = Option<Decimal>;

/// Year-to-date actual ÷ target: against the annual target, or against the cumulative monthly target
/// of month N for the "vs cumulative target" column.
pub fn completion(ytd: Wan, target: impl Into<Option<Wan>>) -> Rate {
    ratio(ytd.decimal(), target.into())
}

/// How a tenant measures 时序进度, the share of the year elapsed (parameter `business.timeProgress`,
/// domain-model §2.2.5a): by whole months, or by days for zones that publish "时间进度" to the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Schedule {
    /// N ÷ 12 × 100 at the end of month N.
    #[default]
    Months,
    /// The days of the year elapsed ÷ the year's days × 100: at the end of month N, or at `today` while
    /// month N runs.
    Days { today: NaiveDate },
}

impl Schedule {
    /// The parameter's value: `day` counts days, anything else (or nothing) months.
    pub fn of_param(value: Option<&str>, today: NaiveDate) -> Schedule {
        match value.map(str::trim) {
            Some("day") => Schedule::Days { today },
            _ => Schedule::Months,
        }
    }

    /// 时序进度 of the period, in percent to two decimals.
    pub fn progress(self, p: Period) -> Decimal {
        match self {
            Schedule::Months => percent(Decimal::from(p.month() * 100) / Decimal::from(12)),
            Schedule::Days { today } => {
                let (Some(first), Some(next)) =
                    (NaiveDate::from_ymd_opt(p.year(), p.month(), 1), NaiveDate::from_ymd_opt(p.year() + 1, 1, 1))
                else {
                    return Schedule::Months.progress(p);
                };
                let last = first.checked_add_months(Months::new(1)).and_then(|d| d.pred_opt()).unwrap_or(first);
                let at = if (first..=last).contains(&today) { today } else { last };
                let in_year = next.signed_duration_since(NaiveDate::from_ymd_opt(p.year(), 1, 1).unwrap_or(first)).num_days();
                percent(Decimal::from(at.ordinal() * 100) / Decimal::from(in_year))
            }
        }
    }
}

/// Ahead (+) or behind (−) schedule, in percentage points: completion − time progress. Both are taken as
/// shown (two decimals), so the three columns of a row agree to the last digit.
pub fn schedule_gap(completion: Rate, progress: Decimal) -> Rate {
    completion.map(|c| c - progress)
}

/// Year on year: (this − same period last year) ÷ same period last year.
pub fn yoy(this: Wan, last: impl Into<Option<Wan>>) -> Rate {
    let last = last.into();
    ratio(this.decimal() - last.unwrap_or_default().decimal(), last)
}

/// Month on month: (this month − previous month) ÷ previous month, for month figures; none where the
/// period has no comparable previous month (the merged 1–2月, see [`Period::mom_base`]).
pub fn mom(this: Wan, previous: impl Into<Option<Wan>>, p: Period, january: January) -> Rate {
    p.mom_base(january)?;
    yoy(this, previous)
}

/// A segment's part of the total: segment ÷ total.
pub fn share(segment: Wan, total: impl Into<Option<Wan>>) -> Rate {
    ratio(segment.decimal(), total.into())
}

/// Percentage points of the total's growth that a segment brought (拉动): (segment this − segment last)
/// ÷ total last. Over segments that partition the total, the contributions add up to the total's YoY
/// before rounding; after it, to within 0.005 per segment plus 0.005 for the YoY itself.
pub fn contribution(segment_this: Wan, segment_last: Wan, total_last: impl Into<Option<Wan>>) -> Rate {
    ratio(segment_this.decimal() - segment_last.decimal(), total_last.into())
}

fn ratio(numerator: Decimal, base: Option<Wan>) -> Rate {
    let base = base.filter(|b| !b.is_zero())?.decimal();
    Some(percent(numerator * Decimal::ONE_HUNDRED / base))
}

fn percent(d: Decimal) -> Decimal {
    let mut d = d.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    d.rescale(2);
    d
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;
    use crate::money::wan;
    use crate::period::January::{MergedIntoFebruary, Own};

    fn rate(text: &str) -> Rate {
        Some(Decimal::from_str(text).unwrap())
    }

    fn month(m: u32) -> Period {
        Period::new(2026, m).unwrap()
    }

    #[test]
    fn the_worked_examples_of_the_domain_model_come_out_to_the_hundredth() {
        let june = month(6);
        for (what, got, want) in [
            ("completion", completion(wan("2400"), wan("10000")), rate("24.00")),
            ("behind schedule", schedule_gap(rate("24.00"), Schedule::Months.progress(june)), rate("-26.00")),
            ("year on year", yoy(wan("1100"), wan("1000")), rate("10.00")),
            ("decline", yoy(wan("900"), wan("1000")), rate("-10.00")),
            (
                "ahead of schedule in March",
                schedule_gap(completion(wan("3000"), wan("10000")), Schedule::Months.progress(month(3))),
                rate("5.00"),
            ),
            ("January a third of a point behind", schedule_gap(rate("8.00"), Schedule::Months.progress(month(1))), rate("-0.33")),
            ("double over half", schedule_gap(completion(wan("5200"), wan("10000")), Schedule::Months.progress(june)), rate("2.00")),
            ("vs the cumulative target of month N", completion(wan("2400"), wan("2500")), rate("96.00")),
            ("month on month", mom(wan("1200"), wan("1000"), month(3), Own), rate("20.00")),
            ("share", share(wan("250"), wan("1000")), rate("25.00")),
            ("contribution", contribution(wan("660"), wan("600"), wan("1000")), rate("6.00")),
            ("a third", completion(wan("1"), wan("3")), rate("33.33")),
            ("two thirds down", yoy(wan("1"), wan("3")), rate("-66.67")),
        ] {
            assert_eq!(got, want, "{what}");
        }
    }

    #[test]
    fn rates_keep_two_decimals_and_round_half_away_from_zero() {
        // Banker's rounding (Decimal's default) would give 12.34 and -12.34.
        assert_eq!(completion(wan("12.345"), wan("100")), rate("12.35"));
        assert_eq!(yoy(wan("87.655"), wan("100")), rate("-12.35"));
        assert_eq!(completion(wan("12.3449"), wan("100")), rate("12.34"));
        assert_eq!(completion(wan("2400"), wan("10000")).unwrap().to_string(), "24.00");
    }

    #[test]
    fn time_progress_is_the_share_of_the_year_elapsed() {
        for (m, want) in [(1, "8.33"), (2, "16.67"), (3, "25.00"), (4, "33.33"), (5, "41.67"), (6, "50.00"), (11, "91.67"), (12, "100.00")]
        {
            assert_eq!(Schedule::Months.progress(month(m)).to_string(), want, "month {m}");
        }
    }

    #[test]
    fn by_days_time_progress_counts_the_days_elapsed_at_the_months_end_or_today_while_it_runs() {
        let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let on = |today: &str| Schedule::of_param(Some("day"), day(today));
        let p = |y: i32, m: u32| Period::new(y, m).unwrap();
        for (what, schedule, period, want) in [
            // 31+28+31+30+31+30 = 181 days of 365
            ("a closed June", on("2026-11-25"), p(2026, 6), "49.59"),
            // 304 days to the end of October, and 25 of November: 329 of 365
            ("the running month, at today", on("2026-11-25"), p(2026, 11), "90.14"),
            ("a month not begun yet counts to its end", on("2026-11-25"), p(2026, 12), "100.00"),
            ("last year's month, seen this year", on("2026-11-25"), p(2025, 3), "24.66"),
            // 31 + 29 of a leap year's 366
            ("February of a leap year", on("2028-06-01"), p(2028, 2), "16.39"),
            ("by months whatever the day", Schedule::of_param(Some("month"), day("2026-11-25")), p(2026, 6), "50.00"),
            ("an unknown value is by months", Schedule::of_param(Some("week"), day("2026-11-25")), p(2026, 6), "50.00"),
            ("no parameter is by months", Schedule::of_param(None, day("2026-11-25")), p(2026, 6), "50.00"),
        ] {
            assert_eq!(schedule.progress(period).to_string(), want, "{what}");
        }
    }

    #[test]
    fn a_zero_or_missing_base_is_no_rate_rather_than_a_division_by_zero() {
        let none = Option::<Wan>::None;
        for (what, got) in [
            ("completion without a target", completion(wan("5"), Wan::ZERO)),
            ("completion with no target set", completion(wan("5"), none)),
            ("schedule gap of no completion", schedule_gap(None, Schedule::Months.progress(month(6)))),
            ("yoy of a new enterprise", yoy(wan("100"), Wan::ZERO)),
            ("yoy without last year's report", yoy(wan("100"), none)),
            ("mom after an empty month", mom(wan("100"), Wan::ZERO, month(5), Own)),
            ("mom without last month's report", mom(wan("100"), none, month(5), Own)),
            ("share of an empty total", share(Wan::ZERO, Wan::ZERO)),
            ("contribution to a total that was zero", contribution(wan("1"), Wan::ZERO, Wan::ZERO)),
            ("contribution to a missing total", contribution(wan("1"), Wan::ZERO, none)),
        ] {
            assert_eq!(got, None, "{what}");
        }
        // A zero numerator over a real base is a rate.
        assert_eq!(completion(Wan::ZERO, wan("100")), rate("0.00"));
        assert_eq!(yoy(Wan::ZERO, wan("100")), rate("-100.00"));
    }

    #[test]
    fn month_on_month_is_not_defined_for_the_merged_one_to_two_months() {
        assert_eq!(mom(wan("300"), wan("100"), month(2), MergedIntoFebruary), None);
        assert_eq!(mom(wan("150"), wan("300"), month(3), MergedIntoFebruary), None, "its base would be two months");
        assert_eq!(mom(wan("120"), wan("150"), month(4), MergedIntoFebruary), rate("-20.00"));
        assert_eq!(mom(wan("300"), wan("100"), month(2), Own), rate("200.00"));
        assert_eq!(mom(wan("90"), wan("100"), month(1), Own), rate("-10.00"), "January against last December");
    }

    /// Three parks grow, shrink, close and open; their contributions add up to the zone's YoY exactly.
    #[test]
    fn the_contributions_of_all_segments_add_up_to_the_total_growth() {
        // (last year, this year): 600 → 660, 300 → 270, 100 → 0 (closed), 0 → 170 (new). 1000 → 1100.
        let segments = [("660", "600", "6.00"), ("270", "300", "-3.00"), ("0", "100", "-10.00"), ("170", "0", "17.00")];
        let total_this: Wan = segments.iter().map(|s| wan(s.0)).sum();
        let total_last: Wan = segments.iter().map(|s| wan(s.1)).sum();
        let mut sum = Decimal::ZERO;
        for (this, last, want) in segments {
            let c = contribution(wan(this), wan(last), total_last);
            assert_eq!(c, rate(want), "{last} → {this}");
            sum += c.unwrap();
        }
        assert_eq!(Some(sum), yoy(total_this, total_last));
        assert_eq!(sum.to_string(), "10.00");
        assert_eq!(yoy(wan("170"), Wan::ZERO), None, "a new segment has no YoY of its own but does contribute");
    }

    /// Rounding each contribution to the hundredth may leave their sum off the rounded YoY: three
    /// segments of 100 growing by 1 each contribute 0.33 + 0.33 + 0.33 = 0.99 to a YoY of 1.00. Each
    /// rounding moves a value by at most 0.005, so the sum stays within 0.005 × (segments + 1).
    #[test]
    fn rounded_contributions_stay_within_half_a_hundredth_per_segment_of_the_yoy() {
        let thirds: Vec<Rate> = (0..3).map(|_| contribution(wan("101"), wan("100"), wan("300"))).collect();
        assert_eq!(thirds.iter().map(|c| c.unwrap()).sum::<Decimal>().to_string(), "0.99");
        assert_eq!(yoy(wan("303"), wan("300")), rate("1.00"));

        // A deterministic spread of segmentations: 1–9 segments, amounts with four decimals, some new,
        // some closed.
        let mut seed: u64 = 0x2026_0314;
        let mut next = |bound: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % bound
        };
        for case in 0..500 {
            let n = 1 + next(9) as usize;
            let amount = |v: u64| Wan::round(Decimal::new(v as i64, 4));
            let segments: Vec<(Wan, Wan)> = (0..n)
                .map(|_| {
                    let last = if next(6) == 0 { Wan::ZERO } else { amount(next(50_000_000_000)) };
                    let this = if next(6) == 0 { Wan::ZERO } else { amount(next(50_000_000_000)) };
                    (this, last)
                })
                .collect();
            let total_this: Wan = segments.iter().map(|s| s.0).sum();
            let total_last: Wan = segments.iter().map(|s| s.1).sum();
            let Some(total) = yoy(total_this, total_last) else { continue };
            let sum: Decimal = segments.iter().map(|&(this, last)| contribution(this, last, total_last).unwrap()).sum();
            let bound = Decimal::new(5, 3) * Decimal::from(n + 1);
            assert!((sum - total).abs() <= bound, "case {case}: {segments:?} sum {sum} yoy {total}");
        }
    }
}
