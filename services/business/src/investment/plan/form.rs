//! The annual plan form of `projectPlan/submit` (domain-model §2.2.1 `ProjectAnnualPlan`) and its checks.
//! A plan is saved whole, keyed by project and year. The months are optional; given, or split evenly on
//! request, they add up to the year (a hand-typed split may miss by a cent, which December takes).
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::checks::{NO, flag};
use crate::entity::project_plan;
use crate::money::Wan;
use crate::period::January;
use crate::split::{self, Months, Split, SplitMode};

/// The longest milestone text.
const MAX_TEXT: usize = 2000;
/// Years a plan may be made for, around the current one.
const YEARS_BACK: i32 = 10;
const YEARS_AHEAD: i32 = 5;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub project_id: Option<i64>,
    pub plan_year: Option<i32>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub year_plan_investment: Option<Decimal>,
    pub year_milestone: Option<String>,
    pub plan_start_this_year: Option<String>,
    pub plan_complete_this_year: Option<String>,
    /// `split_mode` key: `1` splits the year evenly over the months, `4` (or none) takes `months` as
    /// typed; without months the plan has no monthly split.
    pub split_mode: Option<String>,
    /// Twelve amounts, January first; `null` months count as 0 when any month is given.
    #[schemars(with = "Option<Vec<Option<String>>>")]
    #[serde(default, deserialize_with = "months_field")]
    pub months: Option<Vec<Option<Decimal>>>,
    pub remark: Option<String>,
}

/// Twelve optional amounts as strings or numbers (also the months of a department target's form).
pub fn months_field<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<Option<Decimal>>>, D::Error> {
    #[derive(Deserialize)]
    struct Month(#[serde(deserialize_with = "keeper_common::decimal::opt_normal::deserialize")] Option<Decimal>);
    let months: Option<Vec<Month>> = Option::deserialize(d)?;
    Ok(months.map(|v| v.into_iter().map(|m| m.0).collect()))
}

keeper_db::record! {
    /// A checked plan: every column the form edits, all written on create and on update.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Plan => project_plan::ActiveModel {
        pub project_id: i64,
        pub plan_year: i32,
        pub year_plan_investment: Decimal,
        pub year_milestone: String,
        pub plan_start_this_year: String,
        pub plan_complete_this_year: String,
        pub m01: Option<Decimal>,
        pub m02: Option<Decimal>,
        pub m03: Option<Decimal>,
        pub m04: Option<Decimal>,
        pub m05: Option<Decimal>,
        pub m06: Option<Decimal>,
        pub m07: Option<Decimal>,
        pub m08: Option<Decimal>,
        pub m09: Option<Decimal>,
        pub m10: Option<Decimal>,
        pub m11: Option<Decimal>,
        pub m12: Option<Decimal>,
        pub remark: String,
    }
}

impl Plan {
    fn set_months(&mut self, months: Option<Months>) {
        let m = months.map(|m| m.map(|w| Some(w.decimal()))).unwrap_or([None; 12]);
        [self.m01, self.m02, self.m03, self.m04, self.m05, self.m06, self.m07, self.m08, self.m09, self.m10, self.m11, self.m12] = m;
    }
}

/// The planned months of a stored plan, `None` when it has no monthly split.
pub fn months_of(p: &project_plan::Model) -> Option<[Decimal; 12]> {
    let m = [p.m01, p.m02, p.m03, p.m04, p.m05, p.m06, p.m07, p.m08, p.m09, p.m10, p.m11, p.m12];
    if m.iter().all(Option::is_none) {
        return None;
    }
    Some(m.map(|v| v.unwrap_or_default()))
}

impl PlanForm {
    /// Reads a JSON body; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<PlanForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field; `this_year` bounds the plan year.
    pub fn validate(self, this_year: i32) -> Result<Plan, AppError> {
        let project_id = self.project_id.ok_or_else(|| AppError::field("projectId", "不能为空"))?;
        let plan_year = self.plan_year.ok_or_else(|| AppError::field("planYear", "不能为空"))?;
        if plan_year < this_year - YEARS_BACK || plan_year > this_year + YEARS_AHEAD {
            return Err(AppError::field("planYear", format!("应在 {} 至 {} 年之间", this_year - YEARS_BACK, this_year + YEARS_AHEAD)));
        }
        let total = self.year_plan_investment.ok_or_else(|| AppError::field("yearPlanInvestment", "不能为空"))?;
        let total = Wan::from_decimal("yearPlanInvestment", total)?.non_negative("yearPlanInvestment")?;
        if total.is_zero() {
            return Err(AppError::field("yearPlanInvestment", "应大于0"));
        }
        let mode = match keeper_common::fields::filter(&self.split_mode) {
            None => SplitMode::Manual,
            Some(code) => SplitMode::from_code("splitMode", &code)?,
        };
        let typed = match self.months {
            None => None,
            Some(v) if v.iter().all(Option::is_none) => None,
            Some(v) if v.len() != 12 => return Err(AppError::field("months", "应为12个月")),
            Some(v) => {
                let mut months = [Wan::ZERO; 12];
                for (m, d) in v.into_iter().enumerate() {
                    if let Some(d) = d {
                        months[m] = Wan::from_decimal(&format!("m{}", m + 1), d)?;
                    }
                }
                Some(months)
            }
        };
        let months = match (mode, typed) {
            (SplitMode::Average, _) => Some(split::split(total, Split::Average, January::Own)?),
            (SplitMode::Manual, Some(m)) => Some(split::split(total, Split::Manual(&m), January::Own).map_err(rename)?),
            (SplitMode::Manual, None) => None,
            _ => return Err(AppError::field("splitMode", "年度计划只能平均分解或手工分解")),
        };
        let mut plan = Plan {
            project_id,
            plan_year,
            year_plan_investment: total.decimal(),
            year_milestone: trimmed("yearMilestone", self.year_milestone, MAX_TEXT, true)?,
            plan_start_this_year: flag("planStartThisYear", self.plan_start_this_year, NO)?,
            plan_complete_this_year: flag("planCompleteThisYear", self.plan_complete_this_year, NO)?,
            remark: trimmed("remark", self.remark, 500, false)?,
            ..Default::default()
        };
        plan.set_months(months);
        Ok(plan)
    }
}

/// The split's refusal in the plan's words: the months miss the year's planned investment, not a target.
fn rename(e: AppError) -> AppError {
    match e {
        AppError::Field { field, reason } => AppError::Field { field, reason: reason.replace("年度目标", "年度计划投资") },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(v: Value) -> PlanForm {
        PlanForm::from_json(v.as_object().unwrap()).unwrap()
    }

    fn base() -> Value {
        json!({ "projectId": "7", "planYear": 2026, "yearPlanInvestment": "1200", "yearMilestone": "主体封顶" })
    }

    fn refusal(v: Value) -> (String, String) {
        match form(v).validate(2026) {
            Err(AppError::Field { field, reason }) => (field, reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_plan_without_months_has_no_split() {
        let p = form(base()).validate(2026).unwrap();
        assert_eq!(p.year_plan_investment, Decimal::from(1200));
        assert_eq!(p.m01, None);
        assert_eq!(p.plan_start_this_year, "N");
    }

    #[test]
    fn an_even_split_gives_december_the_rest() {
        // 1000 ÷ 12 = 83.333…: eleven months of 83.33 (cut to the cent) and December 1000 − 916.63 = 83.37
        let mut v = base();
        v["yearPlanInvestment"] = json!("1000");
        v["splitMode"] = json!("1");
        let p = form(v).validate(2026).unwrap();
        assert_eq!(p.m01, Some("83.33".parse().unwrap()));
        assert_eq!(p.m11, Some("83.33".parse().unwrap()));
        assert_eq!(p.m12, Some("83.37".parse().unwrap()));
    }

    #[test]
    fn typed_months_must_add_up_to_the_year() {
        let mut v = base();
        v["months"] = json!(["100", "100", "100", "100", "100", "100", "100", "100", "100", "100", "100", "100"]);
        let p = form(v.clone()).validate(2026).unwrap();
        assert_eq!(p.m12, Some(Decimal::from(100)));
        v["months"][0] = json!(null);
        let (field, reason) = refusal(v);
        assert_eq!(field, "months");
        assert!(reason.contains("年度计划投资") && reason.contains("少 100"), "{reason}");
    }

    #[test]
    fn bad_input_names_the_field() {
        for (patch, field) in [
            (json!({ "yearPlanInvestment": "0" }), "yearPlanInvestment"),
            (json!({ "yearPlanInvestment": "-5" }), "yearPlanInvestment"),
            (json!({ "yearPlanInvestment": "1.23456" }), "yearPlanInvestment"),
            (json!({ "yearMilestone": " " }), "yearMilestone"),
            (json!({ "planYear": 2040 }), "planYear"),
            (json!({ "planStartThisYear": "X" }), "planStartThisYear"),
            (json!({ "splitMode": "2" }), "splitMode"),
            (json!({ "months": ["1", "2"] }), "months"),
        ] {
            let mut v = base();
            for (k, val) in patch.as_object().unwrap() {
                v[k] = val.clone();
            }
            assert_eq!(refusal(v).0, field, "{patch}");
        }
        assert_eq!(refusal(json!({ "planYear": 2026 })).0, "projectId");
    }
}
