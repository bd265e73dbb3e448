//! The output report form of `outputValue/submit` (domain-model §2.3.1) and its field checks. A report
//! is saved whole (on update the body is laid over the stored report); every refusal names the field and
//! the reason. What needs the database (the enterprise, the month's lock, a decline needing its reason)
//! is checked in `mod.rs`.
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::checks::{amount, coordinate};
use crate::entity::output_report;
use crate::period::Period;

/// The longest text of 生产经营困难/诉求.
const MAX_PROBLEMS: usize = 2000;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputReportForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub enterprise_id: Option<i64>,
    /// `2026-03`.
    pub period: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub month_output: Option<Decimal>,
    /// Used only when last year has no approved report of the month.
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub last_year_month_output: Option<Decimal>,
    /// Likewise.
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub last_year_ytd_output: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub month_revenue: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub month_added_value: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub month_tax: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub month_profit: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub electricity: Option<Decimal>,
    pub employee_count: Option<i32>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub next_month_forecast: Option<Decimal>,
    /// Required when the year-to-date output falls below last year's.
    pub decline_reason: Option<String>,
    pub problems: Option<String>,
    pub remark: Option<String>,
}

keeper_db::record! {
    /// A checked report: every column a filler edits, all written on create and on update. The
    /// territory, the workflow and the late flag are written by `mod.rs`.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct OutputReport => output_report::ActiveModel {
        pub enterprise_id: i64,
        pub period_year: i32,
        pub period_month: i32,
        pub month_output: Decimal,
        pub last_year_month_output: Option<Decimal>,
        pub last_year_ytd_output: Option<Decimal>,
        pub month_revenue: Option<Decimal>,
        pub month_added_value: Option<Decimal>,
        pub month_tax: Option<Decimal>,
        pub month_profit: Option<Decimal>,
        pub electricity: Option<Decimal>,
        pub employee_count: Option<i32>,
        pub next_month_forecast: Option<Decimal>,
        pub decline_reason: String,
        pub problems: String,
        pub remark: String,
    }
}

impl OutputReport {
    pub fn period(&self) -> Period {
        // Built from a checked period in `validate`.
        Period::new(self.period_year, self.period_month as u32).unwrap_or_else(|_| Period::of_day(keeper_common::time::today()))
    }
}

/// A non-negative amount in 万元: `decimal(18,4)`.
fn money(field: &str, v: Option<Decimal>) -> Result<Option<Decimal>, AppError> {
    amount(field, v, 14, 4)
}

impl OutputReportForm {
    /// Reads a JSON body; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<OutputReportForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field on its own; a report is for a month that has begun (`this_month` or before).
    pub fn validate(self, this_month: Period) -> Result<OutputReport, AppError> {
        let enterprise_id = self.enterprise_id.ok_or_else(|| AppError::field("enterpriseId", "不能为空"))?;
        let period = trimmed("period", self.period, 7, true)?;
        let period = Period::parse("period", &period)?;
        if period > this_month {
            return Err(AppError::field("period", "不能填报以后月份的产值"));
        }
        let month_output = money("monthOutput", self.month_output)?.ok_or_else(|| AppError::field("monthOutput", "不能为空"))?;
        if self.employee_count.is_some_and(|n| !(0..=1_000_000).contains(&n)) {
            return Err(AppError::field("employeeCount", "应为 0 到 1000000 之间的整数"));
        }
        let problems = self.problems.map(|s| s.trim().to_string()).unwrap_or_default();
        if problems.chars().count() > MAX_PROBLEMS {
            return Err(AppError::field("problems", format!("最多{MAX_PROBLEMS}个字")));
        }
        Ok(OutputReport {
            enterprise_id,
            period_year: period.year(),
            period_month: period.month() as i32,
            month_output,
            last_year_month_output: money("lastYearMonthOutput", self.last_year_month_output)?,
            last_year_ytd_output: money("lastYearYtdOutput", self.last_year_ytd_output)?,
            month_revenue: money("monthRevenue", self.month_revenue)?,
            month_added_value: money("monthAddedValue", self.month_added_value)?,
            month_tax: money("monthTax", self.month_tax)?,
            // A loss is a negative profit.
            month_profit: coordinate("monthProfit", self.month_profit, Decimal::from(10i64.pow(14)), 4)?,
            electricity: amount("electricity", self.electricity, 12, 2)?,
            employee_count: self.employee_count,
            next_month_forecast: money("nextMonthForecast", self.next_month_forecast)?,
            decline_reason: trimmed("declineReason", self.decline_reason, 500, false)?,
            problems,
            remark: trimmed("remark", self.remark, 500, false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(v: Value) -> Result<OutputReport, AppError> {
        OutputReportForm::from_json(v.as_object().unwrap())?.validate(Period::new(2026, 4).unwrap())
    }

    fn good() -> Value {
        json!({ "enterpriseId": "7", "period": "2026-03", "monthOutput": "1200.5", "monthProfit": "-20.5", "problems": " 订单不足 " })
    }

    #[test]
    fn a_complete_report_is_read_to_the_ten_thousandth_and_trimmed() {
        let r = form(good()).unwrap();
        assert_eq!((r.enterprise_id, r.period_year, r.period_month), (7, 2026, 3));
        assert_eq!(r.month_output, "1200.5".parse::<Decimal>().unwrap());
        assert_eq!(r.month_profit, Some("-20.5".parse().unwrap()), "a loss is allowed");
        assert_eq!(r.problems, "订单不足");
    }

    #[test]
    fn each_bad_field_is_named_with_its_reason() {
        let with = |k: &str, v: Value| {
            let mut g = good();
            g[k] = v;
            g
        };
        for (body, field, reason) in [
            (with("monthOutput", json!(null)), "monthOutput", "不能为空"),
            (with("monthOutput", json!("-1")), "monthOutput", "不能为负数"),
            (with("monthOutput", json!("1.00001")), "monthOutput", "最多4位小数"),
            (with("monthOutput", json!("abc")), "monthOutput", "应为数字"),
            (with("monthTax", json!("-0.5")), "monthTax", "不能为负数"),
            (with("electricity", json!("1.234")), "electricity", "最多2位小数"),
            (with("lastYearYtdOutput", json!("-3")), "lastYearYtdOutput", "不能为负数"),
            (with("period", json!("2026-05")), "period", "不能填报以后月份的产值"),
            (with("period", json!("2026-13")), "period", "月份应为 1 到 12"),
            (with("period", json!("2026-00")), "period", "月份应为 1 到 12"),
            (with("period", json!("")), "period", "不能为空"),
            (with("enterpriseId", json!(null)), "enterpriseId", "不能为空"),
            (with("employeeCount", json!(-3)), "employeeCount", "应为 0 到 1000000 之间的整数"),
            (with("problems", json!("难".repeat(2001))), "problems", "最多2000个字"),
            (with("declineReason", json!("因".repeat(501))), "declineReason", "500"),
        ] {
            match form(body) {
                Err(AppError::Field { field: f, reason: r }) => {
                    assert_eq!(f, field);
                    assert!(r.contains(reason), "{field}: {r}");
                }
                other => panic!("{field}: {other:?}"),
            }
        }
    }
}
