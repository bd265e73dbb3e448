//! The forecast form of `investmentForecast/submit` (domain-model §2.2.5b) and its checks: per project and
//! month the expected investment of the month (and optionally the quarter) and of the year, the expected
//! start and production days of a project not there yet, and the grounds.
use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_common::fields::{filter, trimmed};
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::money::Wan;
use crate::period::Period;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForecastForm {
    /// Present to edit a stored forecast.
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub project_id: Option<i64>,
    /// `yyyy-MM`: the month forecast.
    pub period: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_month_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_quarter_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_year_investment: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day")]
    pub expected_start_date: Option<NaiveDate>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day")]
    pub expected_production_date: Option<NaiveDate>,
    pub basis: Option<String>,
}

/// A checked forecast.
#[derive(Debug, Clone, PartialEq)]
pub struct Forecast {
    pub id: Option<i64>,
    pub project_id: i64,
    pub period: Period,
    pub month: Wan,
    pub quarter: Option<Wan>,
    pub year: Wan,
    pub start: Option<NaiveDate>,
    pub production: Option<NaiveDate>,
    pub basis: String,
}

fn amount(field: &str, v: Option<Decimal>) -> Result<Option<Wan>, AppError> {
    v.map(|d| Wan::from_decimal(field, d)?.non_negative(field)).transpose()
}

impl ForecastForm {
    pub fn from_json(body: &Map<String, Value>) -> Result<ForecastForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field. The month's expectation is part of the quarter's, and the quarter's of the year's.
    pub fn validate(self) -> Result<Forecast, AppError> {
        let project_id = self.project_id.ok_or_else(|| AppError::field("projectId", "不能为空"))?;
        let period = Period::parse("period", &filter(&self.period).ok_or_else(|| AppError::field("period", "不能为空"))?)?;
        let month = amount("expectedMonthInvestment", self.expected_month_investment)?
            .ok_or_else(|| AppError::field("expectedMonthInvestment", "不能为空"))?;
        let quarter = amount("expectedQuarterInvestment", self.expected_quarter_investment)?;
        let year = amount("expectedYearInvestment", self.expected_year_investment)?
            .ok_or_else(|| AppError::field("expectedYearInvestment", "不能为空"))?;
        if let Some(q) = quarter
            && q < month
        {
            return Err(AppError::field("expectedQuarterInvestment", "不能小于预计本月完成投资"));
        }
        if year < quarter.unwrap_or(month) {
            return Err(AppError::field("expectedYearInvestment", "不能小于预计本月（本季度）完成投资"));
        }
        if let (Some(s), Some(p)) = (self.expected_start_date, self.expected_production_date)
            && p < s
        {
            return Err(AppError::field("expectedProductionDate", "不能早于预计开工日期"));
        }
        Ok(Forecast {
            id: self.id,
            project_id,
            period,
            month,
            quarter,
            year,
            start: self.expected_start_date,
            production: self.expected_production_date,
            basis: trimmed("basis", self.basis, 500, false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn base() -> Value {
        json!({ "projectId": "7", "period": "2026-06", "expectedMonthInvestment": "500", "expectedQuarterInvestment": "1200", "expectedYearInvestment": "6000" })
    }

    fn checked(patch: Value) -> Result<Forecast, AppError> {
        let mut v = base();
        for (k, val) in patch.as_object().unwrap() {
            v[k] = val.clone();
        }
        ForecastForm::from_json(v.as_object().unwrap())?.validate()
    }

    #[test]
    fn a_complete_forecast_is_kept_as_typed() {
        let f = checked(json!({ "expectedStartDate": "2026-07-01", "basis": " 设备进场 " })).unwrap();
        assert_eq!((f.month.to_string(), f.year.to_string(), f.basis.as_str()), ("500".into(), "6000".into(), "设备进场"));
        assert_eq!(f.period, Period::new(2026, 6).unwrap());
    }

    #[test]
    fn bad_input_names_the_field() {
        for (patch, field) in [
            (json!({ "projectId": null }), "projectId"),
            (json!({ "period": "2026-13" }), "period"),
            (json!({ "expectedMonthInvestment": "-1" }), "expectedMonthInvestment"),
            (json!({ "expectedMonthInvestment": null }), "expectedMonthInvestment"),
            (json!({ "expectedQuarterInvestment": "100" }), "expectedQuarterInvestment"),
            (json!({ "expectedYearInvestment": "1000" }), "expectedYearInvestment"),
            (json!({ "expectedYearInvestment": "1.00001" }), "expectedYearInvestment"),
            (json!({ "expectedStartDate": "2026-09-01", "expectedProductionDate": "2026-08-01" }), "expectedProductionDate"),
            (json!({ "expectedStartDate": "2026/09/01" }), "expectedStartDate"),
        ] {
            match checked(patch.clone()) {
                Err(AppError::Field { field: f, .. }) => assert_eq!(f, field, "{patch}"),
                other => panic!("{patch}: {other:?}"),
            }
        }
    }
}
