//! Amounts in 万元, the unit of every figure of the dispatch cycle (domain-model §2.0: stored as
//! `decimal(18,4)`, shown with two decimals, 亿元 on the big screen's cards). Decimal, never f64: a year of
//! reports from ten thousand enterprises must add up to the last digit.
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub, SubAssign};
use std::str::FromStr;

use keeper_common::AppError;
use rust_decimal::{Decimal, RoundingStrategy};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The decimals of an amount, as the columns store them.
pub const SCALE: u32 = 4;

/// `decimal(18,4)` holds 14 digits before the point.
const BOUND: i64 = 100_000_000_000_000;

/// An amount in 万元 with exactly four decimals. On the wire it is a decimal string without trailing
/// zeros (`"1200.5"`), as the enterprise view sends decimals; numbers are accepted on the way in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, JsonSchema)]
#[schemars(transparent)]
pub struct Wan(Decimal);

/// An amount in 亿元 (10,000 万元), exact: four decimals of 万元 are eight of 亿元. The big screen rounds
/// it for show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, JsonSchema)]
#[schemars(transparent)]
pub struct Yi(Decimal);

impl Wan {
    pub const ZERO: Wan = Wan(Decimal::from_parts(0, 0, 0, false, SCALE));

    /// A computed amount (a share of a target, a sum read from SQL) rounded half away from zero
    /// (四舍五入) to four decimals.
    pub fn round(d: Decimal) -> Wan {
        let mut d = d.round_dp_with_strategy(SCALE, RoundingStrategy::MidpointAwayFromZero);
        if d.is_zero() {
            // No "-0" from a tiny negative.
            return Wan::ZERO;
        }
        d.rescale(SCALE);
        Wan(d)
    }

    /// An amount given in field `field`: at most four decimals and within `decimal(18,4)`.
    pub fn from_decimal(field: &str, d: Decimal) -> Result<Wan, AppError> {
        check(d).map_err(|reason| AppError::field(field, reason))
    }

    /// An amount typed as text in field `field`.
    pub fn parse(field: &str, text: &str) -> Result<Wan, AppError> {
        parse(text).map_err(|reason| AppError::field(field, reason))
    }

    /// The amount if it is not negative; targets and reported figures never are.
    pub fn non_negative(self, field: &str) -> Result<Wan, AppError> {
        if self.0.is_sign_negative() && !self.0.is_zero() {
            return Err(AppError::field(field, "不能为负数"));
        }
        Ok(self)
    }

    /// The amount with its four decimals.
    pub fn decimal(self) -> Decimal {
        self.0
    }

    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }

    /// The amount in 亿元.
    pub fn yi(self) -> Yi {
        Yi(self.0 / Decimal::from(10_000))
    }
}

impl Yi {
    pub fn decimal(self) -> Decimal {
        self.0
    }
}

fn check(d: Decimal) -> Result<Wan, &'static str> {
    if d.normalize().scale() > SCALE {
        return Err("最多4位小数");
    }
    if d.abs() >= Decimal::from(BOUND) {
        return Err("数值超出范围");
    }
    Ok(Wan::round(d))
}

fn parse(text: &str) -> Result<Wan, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Err("不能为空");
    }
    // Decimal's parser also takes `1_000` and exponents; an amount is plain digits with one point.
    let plain = text.strip_prefix('-').unwrap_or(text);
    if plain.is_empty() || !plain.bytes().all(|b| b.is_ascii_digit() || b == b'.') || plain.starts_with('.') {
        return Err("应为数字");
    }
    check(Decimal::from_str(text).map_err(|_| "应为数字")?)
}

impl Default for Wan {
    fn default() -> Self {
        Wan::ZERO
    }
}

impl Add for Wan {
    type Output = Wan;
    fn add(self, other: Wan) -> Wan {
        Wan(self.0 + other.0)
    }
}

impl Sub for Wan {
    type Output = Wan;
    fn sub(self, other: Wan) -> Wan {
        Wan(self.0 - other.0)
    }
}

impl AddAssign for Wan {
    fn add_assign(&mut self, other: Wan) {
        self.0 += other.0;
    }
}

impl SubAssign for Wan {
    fn sub_assign(&mut self, other: Wan) {
        self.0 -= other.0;
    }
}

impl Sum for Wan {
    fn sum<I: Iterator<Item = Wan>>(iter: I) -> Wan {
        iter.fold(Wan::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Wan> for Wan {
    fn sum<I: Iterator<Item = &'a Wan>>(iter: I) -> Wan {
        iter.copied().sum()
    }
}

/// Without trailing zeros: `1200.5`, `0`.
impl fmt::Display for Wan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.normalize(), f)
    }
}

impl fmt::Display for Yi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.normalize(), f)
    }
}

impl Serialize for Wan {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Yi {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Wan {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Wan, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Wan;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an amount in 万元")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Wan, E> {
                parse(v).map_err(E::custom)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Wan, E> {
                check(Decimal::from(v)).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Wan, E> {
                check(Decimal::from(v)).map_err(E::custom)
            }
            // A JSON number such as 0.1 arrives as the nearest f64; its shortest text is what was sent.
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Wan, E> {
                if !v.is_finite() {
                    return Err(E::custom("应为数字"));
                }
                parse(&v.to_string()).map_err(E::custom)
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[cfg(test)]
pub(crate) fn wan(text: &str) -> Wan {
    Wan::parse("test", text).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(r: Result<Wan, AppError>) -> (String, String) {
        match r {
            Err(AppError::Field { field, reason }) => (field, reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_amount_always_carries_four_decimals() {
        for (text, stored) in
            [("1200.5", "1200.5000"), ("0", "0.0000"), ("-3", "-3.0000"), ("-0", "0.0000"), ("99999999999999.9999", "99999999999999.9999")]
        {
            assert_eq!(wan(text).decimal().to_string(), stored, "{text}");
        }
        assert_eq!(Wan::ZERO.decimal().to_string(), "0.0000");
        assert_eq!(Wan::default(), Wan::ZERO);
        assert_eq!((wan("1.5") + wan("2.25")).decimal().to_string(), "3.7500");
    }

    #[test]
    fn computed_amounts_round_half_away_from_zero_to_four_decimals() {
        for (d, want) in [
            ("1.23445", "1.2345"),
            ("1.23444", "1.2344"),
            ("-1.23445", "-1.2345"),
            ("2.00005", "2.0001"),
            ("7", "7.0000"),
            ("-0.00001", "0.0000"),
        ] {
            assert_eq!(Wan::round(Decimal::from_str(d).unwrap()).decimal().to_string(), want, "{d}");
        }
    }

    #[test]
    fn a_bad_amount_is_refused_on_its_field_with_the_reason() {
        for (text, reason) in [
            ("", "不能为空"),
            ("abc", "应为数字"),
            ("1e3", "应为数字"),
            ("1_000", "应为数字"),
            ("1,000", "应为数字"),
            (".5", "应为数字"),
            ("-", "应为数字"),
            ("1.23456", "最多4位小数"),
            ("100000000000000", "数值超出范围"),
            ("-100000000000000", "数值超出范围"),
        ] {
            assert_eq!(refusal(Wan::parse("monthOutput", text)), ("monthOutput".into(), reason.into()), "{text:?}");
        }
        // Trailing zeros are not decimals that count.
        assert_eq!(Wan::parse("x", "1.230000").unwrap(), wan("1.23"));
        assert_eq!(refusal(Wan::from_decimal("annualTarget", Decimal::new(1, 5))).1, "最多4位小数");
        assert_eq!(refusal(wan("-0.01").non_negative("annualTarget")), ("annualTarget".into(), "不能为负数".into()));
        assert_eq!(wan("0").non_negative("x").unwrap(), Wan::ZERO);
    }

    #[test]
    fn sums_and_differences_are_exact_where_floats_are_not() {
        // 0.1 + 0.2 in f64 is 0.30000000000000004.
        let months: Vec<Wan> = ["0.1", "0.2", "1234.5678", "-0.0001"].into_iter().map(wan).collect();
        assert_eq!(months.iter().sum::<Wan>(), wan("1234.8677"));
        assert_eq!(months.into_iter().sum::<Wan>().decimal().scale(), SCALE);
        assert_eq!(std::iter::empty::<Wan>().sum::<Wan>(), Wan::ZERO);
        let ten_thousand_dimes: Wan = std::iter::repeat_n(wan("0.1"), 10_000).sum();
        assert_eq!(ten_thousand_dimes, wan("1000"));
        let mut x = wan("10");
        x -= wan("0.0001");
        x += wan("1");
        assert_eq!(x, wan("10.9999"));
        assert_eq!(wan("1") - wan("1.5"), wan("-0.5"));
    }

    #[test]
    fn on_the_wire_an_amount_is_a_string_without_trailing_zeros_and_numbers_are_accepted() {
        assert_eq!(serde_json::to_string(&wan("1200.5")).unwrap(), r#""1200.5""#);
        assert_eq!(serde_json::to_string(&Wan::ZERO).unwrap(), r#""0""#);
        // The same text the enterprise view sends for a decimal(18,4) column.
        let stored = Decimal::from_str("1200.5000").unwrap();
        assert_eq!(serde_json::to_value(wan("1200.5")).unwrap(), serde_json::to_value(stored.normalize()).unwrap());
        for (json, want) in [(r#""1200.50""#, "1200.5"), ("1200.5", "1200.5"), ("0.1", "0.1"), ("42", "42"), ("-7", "-7")] {
            assert_eq!(serde_json::from_str::<Wan>(json).unwrap(), wan(want), "{json}");
        }
        for (json, reason) in [(r#""abc""#, "应为数字"), ("1.23456", "最多4位小数"), ("true", "an amount in 万元")] {
            let e = serde_json::from_str::<Wan>(json).unwrap_err().to_string();
            assert!(e.contains(reason), "{json}: {e}");
        }
    }

    #[test]
    fn the_big_screen_shows_yi_yuan_exactly_ten_thousand_wan_each() {
        for (w, yi) in [("123456789.1234", "12345.67891234"), ("10000", "1"), ("0.0001", "0.00000001"), ("0", "0")] {
            assert_eq!(wan(w).yi().to_string(), yi, "{w}");
        }
        assert_eq!(serde_json::to_string(&wan("25000").yi()).unwrap(), r#""2.5""#);
        assert_eq!(wan("12345").yi().decimal(), Decimal::from_str("1.2345").unwrap());
    }
}
