//! The form of `outputSurvey/submit` (domain-model §2.3.5 `OutputSurvey`) and its field checks. A survey
//! is saved whole (on update the body is laid over the stored survey); every refusal names the field and
//! the reason. What needs the database (the enterprise in scope, its projects, one survey per round) is
//! checked in `mod.rs`. The park's verified figure is not part of the form: it is set when approving.
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::entity::output_survey;
use crate::money::Wan;
use crate::period::Period;

/// Years a survey may be filed for, around the current one: the turn-of-year survey is for next year.
const YEARS_BACK: i32 = 5;
const YEARS_AHEAD: i32 = 1;
/// The projects one survey may name as new capacity.
pub const MAX_PROJECTS: usize = 20;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputSurveyForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    pub survey_year: Option<i32>,
    /// `survey_round` key: 1 年初, 2 年中, 3 其他.
    pub survey_round: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub enterprise_id: Option<i64>,
    /// 上年产值 (actual, or expected while last year's last reports are not in).
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub last_year_output: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_output: Option<Decimal>,
    /// The quarters, all four or none; they add up to `expectedOutput`.
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_q1: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_q2: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_q3: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_q4: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub new_capacity_output: Option<Decimal>,
    /// Ids of the enterprise's projects that bring the new capacity.
    #[serde(default)]
    pub new_project_ids: Option<Vec<String>>,
    pub growth_factors: Option<String>,
    pub decline_factors: Option<String>,
    pub remark: Option<String>,
}

keeper_db::record! {
    /// A checked survey: every column a filler edits, written on create and on update. The territory,
    /// the workflow and the verified figure are written by `mod.rs`.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Survey => output_survey::ActiveModel {
        pub survey_year: i32,
        pub survey_round: String,
        pub enterprise_id: i64,
        pub last_year_output: Decimal,
        pub expected_output: Decimal,
        pub expected_q1: Option<Decimal>,
        pub expected_q2: Option<Decimal>,
        pub expected_q3: Option<Decimal>,
        pub expected_q4: Option<Decimal>,
        pub new_capacity_output: Option<Decimal>,
        pub new_project_ids: String,
        pub growth_factors: String,
        pub decline_factors: String,
        pub remark: String,
    }
}

impl Survey {
    /// The project ids named as new capacity.
    pub fn projects(&self) -> Vec<i64> {
        project_ids(&self.new_project_ids)
    }
}

/// The ids of a stored `new_project_ids`.
pub fn project_ids(text: &str) -> Vec<i64> {
    text.split(',').filter_map(|s| keeper_common::id::parse(s.trim())).collect()
}

/// A required amount in 万元, not negative.
fn required(field: &str, v: Option<Decimal>) -> Result<Wan, AppError> {
    let v = v.ok_or_else(|| AppError::field(field, "不能为空"))?;
    Wan::from_decimal(field, v)?.non_negative(field)
}

fn optional(field: &str, v: Option<Decimal>) -> Result<Option<Wan>, AppError> {
    v.map(|v| required(field, Some(v))).transpose()
}

impl OutputSurveyForm {
    /// Reads a JSON body; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<OutputSurveyForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field on its own; `this_year` bounds the year and `is_round` knows the `survey_round` keys.
    pub fn validate(self, this_year: i32, is_round: impl Fn(&str) -> bool) -> Result<Survey, AppError> {
        let survey_year = self.survey_year.ok_or_else(|| AppError::field("surveyYear", "不能为空"))?;
        let survey_year = Period::checked_year("surveyYear", survey_year)?;
        if survey_year < this_year - YEARS_BACK || survey_year > this_year + YEARS_AHEAD {
            return Err(AppError::field("surveyYear", format!("应在 {} 至 {} 年之间", this_year - YEARS_BACK, this_year + YEARS_AHEAD)));
        }
        let survey_round = trimmed("surveyRound", self.survey_round, 2, true)?;
        if !is_round(&survey_round) {
            return Err(AppError::field("surveyRound", format!("不是有效的字典值: {survey_round}")));
        }
        let enterprise_id = self.enterprise_id.ok_or_else(|| AppError::field("enterpriseId", "不能为空"))?;
        let last = required("lastYearOutput", self.last_year_output)?;
        let expected = required("expectedOutput", self.expected_output)?;
        let quarters = [
            optional("expectedQ1", self.expected_q1)?,
            optional("expectedQ2", self.expected_q2)?,
            optional("expectedQ3", self.expected_q3)?,
            optional("expectedQ4", self.expected_q4)?,
        ];
        if quarters.iter().any(Option::is_some) {
            if let Some(q) = quarters.iter().position(Option::is_none) {
                return Err(AppError::field(format!("expectedQ{}", q + 1), "分季度预计须四个季度都填写，或都不填"));
            }
            let sum: Wan = quarters.iter().flatten().sum();
            if sum != expected {
                return Err(AppError::field("expectedQ4", format!("四个季度合计 {sum} 应等于本年预计产值 {expected}")));
            }
        }
        let mut projects: Vec<i64> = Vec::new();
        for text in self.new_project_ids.unwrap_or_default() {
            let id = keeper_common::id::parse(text.trim()).ok_or_else(|| AppError::field("newProjectIds", "不是有效的ID"))?;
            if !projects.contains(&id) {
                projects.push(id);
            }
        }
        if projects.len() > MAX_PROJECTS {
            return Err(AppError::field("newProjectIds", format!("最多{MAX_PROJECTS}个项目")));
        }
        let [q1, q2, q3, q4] = quarters.map(|q| q.map(Wan::decimal));
        Ok(Survey {
            survey_year,
            survey_round,
            enterprise_id,
            last_year_output: last.decimal(),
            expected_output: expected.decimal(),
            expected_q1: q1,
            expected_q2: q2,
            expected_q3: q3,
            expected_q4: q4,
            new_capacity_output: optional("newCapacityOutput", self.new_capacity_output)?.map(Wan::decimal),
            new_project_ids: projects.iter().map(i64::to_string).collect::<Vec<_>>().join(","),
            growth_factors: trimmed("growthFactors", self.growth_factors, 500, false)?,
            decline_factors: trimmed("declineFactors", self.decline_factors, 500, false)?,
            remark: trimmed("remark", self.remark, 500, false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(v: Value) -> Result<Survey, AppError> {
        OutputSurveyForm::from_json(v.as_object().unwrap())?.validate(2026, |k| ["1", "2", "3"].contains(&k))
    }

    fn good() -> Value {
        json!({
            "surveyYear": 2026, "surveyRound": "1", "enterpriseId": "7", "lastYearOutput": "10000",
            "expectedOutput": "11500.5", "expectedQ1": "2500", "expectedQ2": "3000", "expectedQ3": "3000", "expectedQ4": "3000.5",
            "newProjectIds": ["31", "32", "31"], "growthFactors": " 新生产线投产 "
        })
    }

    fn with(k: &str, v: Value) -> Value {
        let mut g = good();
        g[k] = v;
        g
    }

    #[test]
    fn a_complete_survey_is_read_with_its_quarters_and_projects() {
        let s = form(good()).unwrap();
        assert_eq!((s.survey_year, s.survey_round.as_str(), s.enterprise_id), (2026, "1", 7));
        assert_eq!(s.expected_output, "11500.5".parse::<Decimal>().unwrap());
        assert_eq!(s.expected_q4, Some("3000.5".parse().unwrap()));
        assert_eq!(s.new_project_ids, "31,32", "named once each");
        assert_eq!(s.projects(), vec![31, 32]);
        assert_eq!(s.growth_factors, "新生产线投产");
        // Without quarters the year alone is enough; next year is open at the turn of the year.
        let mut bare = good();
        for q in ["expectedQ1", "expectedQ2", "expectedQ3", "expectedQ4"] {
            bare.as_object_mut().unwrap().remove(q);
        }
        bare["surveyYear"] = json!(2027);
        assert_eq!(form(bare).unwrap().expected_q1, None);
    }

    #[test]
    fn each_bad_field_is_named_with_its_reason() {
        for (body, field, reason) in [
            (with("surveyYear", json!(null)), "surveyYear", "不能为空"),
            (with("surveyYear", json!(2028)), "surveyYear", "应在 2021 至 2027 年之间"),
            (with("surveyYear", json!(-2147483648i64)), "surveyYear", "年"),
            (with("surveyRound", json!("9")), "surveyRound", "不是有效的字典值"),
            (with("surveyRound", json!("")), "surveyRound", "不能为空"),
            (with("enterpriseId", json!(null)), "enterpriseId", "不能为空"),
            (with("lastYearOutput", json!(null)), "lastYearOutput", "不能为空"),
            (with("expectedOutput", json!("-1")), "expectedOutput", "不能为负数"),
            (with("expectedOutput", json!("1.00001")), "expectedOutput", "4"),
            (with("expectedOutput", json!("abc")), "expectedOutput", "应为数字"),
            (with("expectedQ2", json!(null)), "expectedQ2", "四个季度都填写"),
            (with("expectedQ4", json!("3000")), "expectedQ4", "四个季度合计 11500 应等于本年预计产值 11500.5"),
            (with("newCapacityOutput", json!("-5")), "newCapacityOutput", "不能为负数"),
            (with("newProjectIds", json!(["x"])), "newProjectIds", "不是有效的ID"),
            (with("newProjectIds", json!((1..=21).map(|i| i.to_string()).collect::<Vec<_>>())), "newProjectIds", "最多20个项目"),
            (with("declineFactors", json!("险".repeat(501))), "declineFactors", "500"),
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
