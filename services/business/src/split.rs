//! Splitting an annual figure into twelve months (domain-model §2.3.3 and `DeptTargetMonth` in §2.2.5):
//! evenly, by last year's monthly structure, by quarterly cumulative checkpoints, or by hand. Whatever the
//! way, the months add up to the year exactly; rounding is left to December.
use keeper_common::AppError;
use rust_decimal::{Decimal, RoundingStrategy};

use crate::money::Wan;
use crate::period::January;

/// The twelve months, January first.
pub type Months = [Wan; 12];

/// The `split_mode` dictionary (keys as the system service seeds them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitMode {
    /// 平均
    Average,
    /// 按上年同期结构
    LastYear,
    /// 按季度节点
    Quarterly,
    /// 手工
    Manual,
}

impl SplitMode {
    pub const ALL: [SplitMode; 4] = [SplitMode::Average, SplitMode::LastYear, SplitMode::Quarterly, SplitMode::Manual];

    pub fn code(self) -> &'static str {
        match self {
            SplitMode::Average => "1",
            SplitMode::LastYear => "2",
            SplitMode::Quarterly => "3",
            SplitMode::Manual => "4",
        }
    }

    /// The mode of a dictionary key sent in `field`.
    pub fn from_code(field: &str, code: &str) -> Result<SplitMode, AppError> {
        SplitMode::ALL.into_iter().find(|m| m.code() == code).ok_or_else(|| AppError::field(field, format!("不是有效的字典值: {code}")))
    }
}

/// Cumulative shares of the year reached at the end of March (一季度), June (上半年, "双过半" when ≥ 50)
/// and September (前三季度), in percent; December is 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoints {
    pub first_quarter: Decimal,
    pub first_half: Decimal,
    pub first_three_quarters: Decimal,
}

/// What a split is made from.
#[derive(Debug, Clone, Copy)]
pub enum Split<'a> {
    Average,
    /// Last year's actual months.
    LastYear(&'a Months),
    Quarterly(Checkpoints),
    /// The months as entered.
    Manual(&'a Months),
}

impl Split<'_> {
    pub fn mode(&self) -> SplitMode {
        match self {
            Split::Average => SplitMode::Average,
            Split::LastYear(_) => SplitMode::LastYear,
            Split::Quarterly(_) => SplitMode::Quarterly,
            Split::Manual(_) => SplitMode::Manual,
        }
    }
}

/// How a form asks for its months: the mode with what it needs (the checkpoints of a quarterly split,
/// the typed months of a manual one). Read once from the form's fields, for department and enterprise
/// targets alike.
#[derive(Debug, Clone)]
pub struct Plan {
    pub mode: SplitMode,
    pub checkpoints: Option<Checkpoints>,
    pub typed: Option<Months>,
}

impl Plan {
    /// Reads `splitMode` (average when empty), `q1Share`/`h1Share`/`q3Share` for a quarterly split and
    /// the twelve `months` of a manual one; a bad value names its field.
    pub fn read(split_mode: &Option<String>, shares: [Option<Decimal>; 3], months: Option<Vec<Option<Decimal>>>) -> Result<Plan, AppError> {
        let mode = match keeper_common::fields::filter(split_mode) {
            None => SplitMode::Average,
            Some(code) => SplitMode::from_code("splitMode", &code)?,
        };
        let share = |field: &str, v: Option<Decimal>| -> Result<Decimal, AppError> {
            let v = v.ok_or_else(|| AppError::field(field, "按季度节点分解须填写"))?;
            if v < Decimal::ZERO || v > Decimal::ONE_HUNDRED || v.scale() > 2 {
                return Err(AppError::field(field, "应为 0 至 100 的百分比，最多两位小数"));
            }
            Ok(v)
        };
        let checkpoints = match mode {
            SplitMode::Quarterly => {
                let c = Checkpoints {
                    first_quarter: share("q1Share", shares[0])?,
                    first_half: share("h1Share", shares[1])?,
                    first_three_quarters: share("q3Share", shares[2])?,
                };
                if c.first_quarter > c.first_half {
                    return Err(AppError::field("h1Share", "上半年累计比例不能小于一季度"));
                }
                if c.first_half > c.first_three_quarters {
                    return Err(AppError::field("q3Share", "前三季度累计比例不能小于上半年"));
                }
                Some(c)
            }
            _ => None,
        };
        let typed = match (mode, months) {
            (SplitMode::Manual, Some(v)) if v.len() != 12 => return Err(AppError::field("months", "应为12个月")),
            (SplitMode::Manual, Some(v)) => {
                let mut out = [Wan::ZERO; 12];
                for (m, d) in v.into_iter().enumerate() {
                    if let Some(d) = d {
                        out[m] = Wan::from_decimal(&format!("m{}", m + 1), d)?.non_negative(&format!("m{}", m + 1))?;
                    }
                }
                Some(out)
            }
            _ => None,
        };
        Ok(Plan { mode, checkpoints, typed })
    }

    /// The months of `annual`, from `last_year`'s months when split by last year's structure.
    pub fn months(&self, annual: Wan, last_year: Option<&Months>, january: January) -> Result<Months, AppError> {
        let how = match (self.mode, self.checkpoints, self.typed.as_ref(), last_year) {
            (SplitMode::Average, ..) => Split::Average,
            (SplitMode::Quarterly, Some(c), ..) => Split::Quarterly(c),
            (SplitMode::Manual, _, Some(m), _) => Split::Manual(m),
            (SplitMode::LastYear, _, _, Some(last)) => Split::LastYear(last),
            (SplitMode::Manual, ..) => return Err(AppError::field("months", "手工分解须填写各月目标")),
            (SplitMode::Quarterly, ..) => return Err(AppError::field("q1Share", "按季度节点分解须填写各季度累计比例")),
            (SplitMode::LastYear, ..) => return Err(AppError::field("splitMode", "没有上年同期实际，不能按上年结构分解")),
        };
        split(annual, how, january)
    }
}

/// How far a hand-entered split may miss the year (domain-model §2.2.5: "Σ monthTarget = annualTarget
/// (tolerance 0.01)"); the miss is taken up by December.
pub const MANUAL_TOLERANCE: Decimal = Decimal::from_parts(1, 0, 0, false, 2);

/// The months of `annual` (`annualTarget`, not negative). With January merged into February, January is
/// 0 and February holds both months.
///
/// The computed ways cut every month but December to the hundredth (down, so that December is never
/// negative) and give December the rest.
pub fn split(annual: Wan, how: Split<'_>, january: January) -> Result<Months, AppError> {
    annual.non_negative("annualTarget")?;
    let merged = january == January::MergedIntoFebruary;
    let weights = match how {
        Split::Manual(months) => return manual(annual, months, merged),
        Split::Average => average_weights(merged),
        Split::LastYear(last) => last_year_weights(last, merged)?,
        Split::Quarterly(c) => quarterly_weights(c, merged)?,
    };
    let total: Decimal = weights.iter().sum();
    let mut months = [Wan::ZERO; 12];
    for m in 0..11 {
        // One division of exact operands: a month that comes out to the cent is not cut below it.
        let exact = annual.decimal() * weights[m] / total;
        months[m] = Wan::round(exact.round_dp_with_strategy(2, RoundingStrategy::ToZero));
    }
    months[11] = annual - months[..11].iter().sum::<Wan>();
    Ok(months)
}

/// The months to date: the cumulative target of month `n` (1..=12).
pub fn cumulative(months: &Months, n: u32) -> Wan {
    months.iter().take(n as usize).sum()
}

/// Every reporting period weighs the same: ÷ 12, or ÷ 11 with the merged 1–2月 one period.
fn average_weights(merged: bool) -> [Decimal; 12] {
    let mut weights = [Decimal::ONE; 12];
    if merged {
        weights[0] = Decimal::ZERO;
    }
    weights
}

/// Last year's months; merged, February weighs last year's January and February together.
fn last_year_weights(last: &Months, merged: bool) -> Result<[Decimal; 12], AppError> {
    if last.iter().any(|m| m.decimal().is_sign_negative() && !m.is_zero()) {
        return Err(AppError::field("splitMode", "上年各月数据有负数，无法按上年同期结构分解"));
    }
    if last.iter().all(|m| m.is_zero()) {
        return Err(AppError::field("splitMode", "上年各月数据为空，无法按上年同期结构分解，请选择平均或手工分解"));
    }
    let mut weights = last.map(Wan::decimal);
    if merged {
        weights[1] += weights[0];
        weights[0] = Decimal::ZERO;
    }
    Ok(weights)
}

/// Each quarter's part of the year, spread evenly over its reporting periods: three, or two in the first
/// quarter when January is merged (1–2月 and March, as the average split counts them). Weights are
/// scaled by 6 so that both spreads stay whole multiples of the quarter's part.
fn quarterly_weights(c: Checkpoints, merged: bool) -> Result<[Decimal; 12], AppError> {
    let mut previous = Decimal::ZERO;
    for (field, value) in [("firstQuarter", c.first_quarter), ("firstHalf", c.first_half), ("firstThreeQuarters", c.first_three_quarters)] {
        if value < previous || value > Decimal::ONE_HUNDRED {
            return Err(AppError::field(field, "累计比例应在上一节点到 100 之间"));
        }
        previous = value;
    }
    let quarters = [
        c.first_quarter,
        c.first_half - c.first_quarter,
        c.first_three_quarters - c.first_half,
        Decimal::ONE_HUNDRED - c.first_three_quarters,
    ];
    Ok(std::array::from_fn(|m| {
        let part = quarters[m / 3];
        match (m, merged) {
            (0, true) => Decimal::ZERO,
            (1 | 2, true) => part * Decimal::from(3),
            _ => part * Decimal::from(2),
        }
    }))
}

fn manual(annual: Wan, months: &Months, merged: bool) -> Result<Months, AppError> {
    for (m, v) in months.iter().enumerate() {
        v.non_negative(&format!("m{}", m + 1))?;
    }
    if merged && !months[0].is_zero() {
        return Err(AppError::field("m1", "1–2月合并填报时1月应为0，请填入2月"));
    }
    let sum: Wan = months.iter().sum();
    let miss = annual - sum;
    if miss.decimal().abs() > MANUAL_TOLERANCE {
        let way = if miss.decimal().is_sign_positive() { "少" } else { "多" };
        return Err(AppError::field(
            "months",
            format!("各月合计 {sum} 与年度目标 {annual} 不一致，{way} {}", Wan::round(miss.decimal().abs())),
        ));
    }
    let mut out = *months;
    out[11] += miss;
    out[11].non_negative("m12")?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::wan;
    use crate::period::January::{MergedIntoFebruary, Own};

    fn months(texts: [&str; 12]) -> Months {
        texts.map(wan)
    }

    fn pct(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn refusal(r: Result<Months, AppError>) -> (String, String) {
        match r {
            Err(AppError::Field { field, reason }) => (field, reason),
            other => panic!("{other:?}"),
        }
    }

    /// A typical year: the Spring Festival dip in February, a busy year end.
    fn last_year() -> Months {
        months(["80", "40", "90", "90", "90", "100", "90", "90", "100", "100", "110", "120"])
    }

    #[test]
    fn an_even_split_gives_each_month_a_twelfth_and_december_the_rounding() {
        for (annual, month, december) in [
            ("12000", "1000", "1000"),
            ("1000", "83.33", "83.37"),
            ("200", "16.66", "16.74"),
            ("100.1234", "8.34", "8.3834"),
            ("0.05", "0", "0.05"),
            ("0", "0", "0"),
        ] {
            let got = split(wan(annual), Split::Average, Own).unwrap();
            assert!(got[..11].iter().all(|m| *m == wan(month)), "{annual}: {got:?}");
            assert_eq!(got[11], wan(december), "{annual}");
        }
    }

    #[test]
    fn with_january_merged_into_february_january_is_zero_and_february_holds_both() {
        // Average: eleven equal reporting periods (domain-model §2.3.3, "÷ 11 with Jan+Feb merged").
        let got = split(wan("11000"), Split::Average, MergedIntoFebruary).unwrap();
        assert_eq!(got, months(["0", "1000", "1000", "1000", "1000", "1000", "1000", "1000", "1000", "1000", "1000", "1000"]));
        // Last year's structure: February weighs last year's January and February together.
        let got = split(wan("1100"), Split::LastYear(&last_year()), MergedIntoFebruary).unwrap();
        assert_eq!(got, months(["0", "120", "90", "90", "90", "100", "90", "90", "100", "100", "110", "120"]));
        // Quarterly: the first quarter over two periods, 1–2月 and March.
        let c = Checkpoints { first_quarter: pct("20"), first_half: pct("50"), first_three_quarters: pct("75") };
        let got = split(wan("12000"), Split::Quarterly(c), MergedIntoFebruary).unwrap();
        assert_eq!(got, months(["0", "1200", "1200", "1200", "1200", "1200", "1000", "1000", "1000", "1000", "1000", "1000"]));
        // By hand: January must be left at 0.
        let typed = months(["0", "150", "90", "90", "90", "100", "90", "90", "100", "100", "110", "90"]);
        assert_eq!(split(wan("1100"), Split::Manual(&typed), MergedIntoFebruary).unwrap(), typed);
        let with_january = months(["80", "70", "90", "90", "90", "100", "90", "90", "100", "100", "110", "90"]);
        assert_eq!(refusal(split(wan("1100"), Split::Manual(&with_january), MergedIntoFebruary)).0, "m1");
    }

    #[test]
    fn a_split_by_last_years_structure_keeps_the_annual_total_and_puts_the_rounding_in_december() {
        // Last year 1100 in all; this year 1210 (+10 %): every month grows by the same 10 %.
        let got = split(wan("1210"), Split::LastYear(&last_year()), Own).unwrap();
        assert_eq!(got, months(["88", "44", "99", "99", "99", "110", "99", "99", "110", "110", "121", "132"]));
        // 1000 over the same structure: 1000 × 80 / 1100 = 72.7272… → 72.72, and so on; December takes
        // 1000 − 890.83 = 109.17 instead of its 109.0909….
        let got = split(wan("1000"), Split::LastYear(&last_year()), Own).unwrap();
        assert_eq!(got, months(["72.72", "36.36", "81.81", "81.81", "81.81", "90.9", "81.81", "81.81", "90.9", "90.9", "100", "109.17"]));
        assert_eq!(got.iter().sum::<Wan>(), wan("1000"));
    }

    #[test]
    fn a_split_by_quarterly_checkpoints_reaches_each_checkpoint_at_the_quarters_end() {
        // 一季度 20 %, 双过半 52 %, 前三季度 78 % of 12000: 2400 / 3840 / 3120 / 2640 a quarter.
        let c = Checkpoints { first_quarter: pct("20"), first_half: pct("52"), first_three_quarters: pct("78") };
        let got = split(wan("12000"), Split::Quarterly(c), Own).unwrap();
        assert_eq!(got, months(["800", "800", "800", "1280", "1280", "1280", "1040", "1040", "1040", "880", "880", "880"]));
        for (n, want) in [(3, "2400"), (6, "6240"), (9, "9360"), (12, "12000")] {
            assert_eq!(cumulative(&got, n), wan(want), "month {n}");
        }
        // Checkpoints out of order or above 100 are refused on their field.
        for (c, field) in [
            (Checkpoints { first_quarter: pct("-1"), first_half: pct("50"), first_three_quarters: pct("75") }, "firstQuarter"),
            (Checkpoints { first_quarter: pct("30"), first_half: pct("25"), first_three_quarters: pct("75") }, "firstHalf"),
            (Checkpoints { first_quarter: pct("30"), first_half: pct("50"), first_three_quarters: pct("100.01") }, "firstThreeQuarters"),
        ] {
            assert_eq!(refusal(split(wan("1"), Split::Quarterly(c), Own)).0, field);
        }
    }

    #[test]
    fn a_manual_split_that_misses_the_year_is_refused_with_the_difference() {
        let typed = months(["80", "40", "90", "90", "90", "100", "90", "90", "100", "100", "110", "120"]);
        assert_eq!(split(wan("1100"), Split::Manual(&typed), Own).unwrap(), typed);
        assert_eq!(
            refusal(split(wan("1200"), Split::Manual(&typed), Own)),
            ("months".into(), "各月合计 1100 与年度目标 1200 不一致，少 100".into())
        );
        assert_eq!(
            refusal(split(wan("1099.98"), Split::Manual(&typed), Own)),
            ("months".into(), "各月合计 1100 与年度目标 1099.98 不一致，多 0.02".into())
        );
        // Within the domain model's tolerance of 0.01 December takes up the miss: 1000 ÷ 3 typed as 333.33.
        let thirds = months(["333.33", "0", "0", "0", "0", "0", "333.33", "0", "0", "0", "0", "333.33"]);
        let got = split(wan("1000"), Split::Manual(&thirds), Own).unwrap();
        assert_eq!(got[11], wan("333.34"));
        let mut negative = typed;
        negative[4] = wan("-1");
        assert_eq!(refusal(split(wan("1100"), Split::Manual(&negative), Own)), ("m5".into(), "不能为负数".into()));
    }

    #[test]
    fn a_split_of_nothing_to_go_by_is_refused_on_the_split_mode() {
        assert_eq!(refusal(split(wan("100"), Split::LastYear(&[Wan::ZERO; 12]), Own)).0, "splitMode");
        let mut odd = last_year();
        odd[3] = wan("-5");
        assert_eq!(refusal(split(wan("100"), Split::LastYear(&odd), Own)).0, "splitMode");
        assert_eq!(refusal(split(wan("-1"), Split::Average, Own)), ("annualTarget".into(), "不能为负数".into()));
    }

    #[test]
    fn the_split_modes_are_the_keys_of_the_split_mode_dictionary() {
        for (code, mode) in [("1", SplitMode::Average), ("2", SplitMode::LastYear), ("3", SplitMode::Quarterly), ("4", SplitMode::Manual)] {
            assert_eq!(SplitMode::from_code("splitMode", code).unwrap(), mode);
            assert_eq!(mode.code(), code);
        }
        assert!(SplitMode::from_code("splitMode", "5").is_err());
        assert_eq!(Split::LastYear(&last_year()).mode(), SplitMode::LastYear);
    }

    /// Over many annual figures, structures and checkpoints, in both January settings: the months add up
    /// to the year exactly, none is negative, January is 0 when merged, and only December carries more
    /// than two decimals.
    #[test]
    fn every_split_adds_up_to_the_year_exactly() {
        let mut seed: u64 = 0x5EED_0012;
        let mut next = |bound: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % bound
        };
        let mut cases = 0;
        for _ in 0..400 {
            let annual = Wan::round(Decimal::new(next(100_000_000_000) as i64, 4 - next(5) as u32));
            let last: Months =
                std::array::from_fn(|_| if next(8) == 0 { Wan::ZERO } else { Wan::round(Decimal::new(next(5_000_000) as i64, 2)) });
            let q1 = Decimal::from(next(40));
            let h1 = q1 + Decimal::from(next(40));
            let q3 = h1 + Decimal::from(next(21));
            let checkpoints = Checkpoints { first_quarter: q1, first_half: h1, first_three_quarters: q3 };
            for how in [Split::Average, Split::LastYear(&last), Split::Quarterly(checkpoints)] {
                for january in [Own, MergedIntoFebruary] {
                    let Ok(got) = split(annual, how, january) else {
                        assert!(last.iter().all(|m| m.is_zero()), "{annual} {how:?}");
                        continue;
                    };
                    cases += 1;
                    assert_eq!(got.iter().sum::<Wan>(), annual, "{annual} {how:?} {january:?}");
                    assert!(got.iter().all(|m| !m.decimal().is_sign_negative() || m.is_zero()), "{annual} {how:?}: {got:?}");
                    assert!(got[..11].iter().all(|m| m.decimal().normalize().scale() <= 2), "{got:?}");
                    if january == MergedIntoFebruary {
                        assert!(got[0].is_zero(), "{got:?}");
                    }
                }
            }
        }
        assert!(cases > 2000, "{cases}");
    }
}
