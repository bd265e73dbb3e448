//! The form of `outputTarget/submit` (domain-model §2.3.3 `OutputTarget`) and its checks: the year, the
//! enterprise, the annual target and how it is split. The department, last year's output and the target
//! growth are not typed: they come from the enterprise and its approved reports when the target is saved.
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::entity::output_target;
use crate::metrics;
use crate::money::Wan;
use crate::period::January;
use crate::split::{Months, Plan};

/// Years a target may be set for, around the current one (as department targets).
const YEARS_BACK: i32 = 5;
const YEARS_AHEAD: i32 = 2;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputTargetForm {
    /// Present to edit a stored target.
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    pub target_year: Option<i32>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub enterprise_id: Option<i64>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub annual_target: Option<Decimal>,
    /// `split_mode` key: 1 平均, 2 按上年同期结构 (the enterprise's approved months of last year), 3 按季度节点
    /// (with the three shares), 4 手工 (with months).
    pub split_mode: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub q1_share: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub h1_share: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub q3_share: Option<Decimal>,
    /// Twelve monthly targets, January first (split mode 4); `null` months count as 0.
    #[schemars(with = "Option<Vec<Option<String>>>")]
    #[serde(default, deserialize_with = "crate::investment::plan::form::months_field")]
    pub months: Option<Vec<Option<Decimal>>>,
    pub remark: Option<String>,
}

keeper_db::record! {
    /// The columns a target's form writes, on create and on every edit.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Target => output_target::ActiveModel {
        pub target_year: i32,
        pub enterprise_id: i64,
        pub dept_id: i64,
        pub last_year_output: Option<Decimal>,
        pub annual_target: Decimal,
        pub target_growth: Option<Decimal>,
        pub split_mode: String,
        pub q1_share: Option<Decimal>,
        pub h1_share: Option<Decimal>,
        pub q3_share: Option<Decimal>,
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

/// A checked form, still without what the enterprise and its reports give.
#[derive(Debug)]
pub struct Checked {
    pub id: Option<i64>,
    pub target_year: i32,
    pub enterprise_id: i64,
    pub annual: Wan,
    pub plan: Plan,
    pub remark: String,
}

/// What the target is made of besides the form: the enterprise's department and last year's approved months.
pub struct Context<'a> {
    pub dept_id: i64,
    pub last_year: Option<&'a Months>,
    pub january: January,
}

impl OutputTargetForm {
    /// Reads a JSON body; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<OutputTargetForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field; `this_year` bounds the year.
    pub fn validate(self, this_year: i32) -> Result<Checked, AppError> {
        let target_year = self.target_year.ok_or_else(|| AppError::field("targetYear", "不能为空"))?;
        if target_year < this_year - YEARS_BACK || target_year > this_year + YEARS_AHEAD {
            return Err(AppError::field("targetYear", format!("应在 {} 至 {} 年之间", this_year - YEARS_BACK, this_year + YEARS_AHEAD)));
        }
        let enterprise_id = self.enterprise_id.ok_or_else(|| AppError::field("enterpriseId", "不能为空"))?;
        let annual = self.annual_target.ok_or_else(|| AppError::field("annualTarget", "不能为空"))?;
        let annual = Wan::from_decimal("annualTarget", annual)?.non_negative("annualTarget")?;
        let plan = Plan::read(&self.split_mode, [self.q1_share, self.h1_share, self.q3_share], self.months)?;
        let remark = trimmed("remark", self.remark, 500, false)?;
        Ok(Checked { id: self.id, target_year, enterprise_id, annual, plan, remark })
    }
}

impl Checked {
    /// The target's columns: the months of the plan, last year's output and the growth it makes.
    pub fn target(&self, c: &Context<'_>) -> Result<Target, AppError> {
        let months = self.plan.months(self.annual, c.last_year, c.january)?;
        Ok(made(self.target_year, self.enterprise_id, self.annual, &self.plan, &months, c, self.remark.clone()))
    }
}

/// A target's columns from its figures: last year's output is Σ `c.last_year`, the growth the annual
/// target's over it (none without last year).
pub fn made(year: i32, enterprise: i64, annual: Wan, plan: &Plan, months: &Months, c: &Context<'_>, remark: String) -> Target {
    let last_year_output = c.last_year.map(|m| m.iter().sum::<Wan>());
    let m = months.map(|w| Some(w.decimal()));
    let mut t = Target {
        target_year: year,
        enterprise_id: enterprise,
        dept_id: c.dept_id,
        last_year_output: last_year_output.map(Wan::decimal),
        annual_target: annual.decimal(),
        target_growth: last_year_output.and_then(|last| metrics::yoy(annual, last)),
        split_mode: plan.mode.code().to_string(),
        q1_share: plan.checkpoints.map(|c| c.first_quarter),
        h1_share: plan.checkpoints.map(|c| c.first_half),
        q3_share: plan.checkpoints.map(|c| c.first_three_quarters),
        remark,
        ..Default::default()
    };
    [t.m01, t.m02, t.m03, t.m04, t.m05, t.m06, t.m07, t.m08, t.m09, t.m10, t.m11, t.m12] = m;
    t
}

/// The months of a stored target, January first (a month never set counts as 0).
pub fn months_of(t: &output_target::Model) -> Months {
    [t.m01, t.m02, t.m03, t.m04, t.m05, t.m06, t.m07, t.m08, t.m09, t.m10, t.m11, t.m12].map(|v| Wan::round(v.unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::wan;
    use serde_json::json;

    fn checked(v: Value) -> Result<Checked, AppError> {
        OutputTargetForm::from_json(v.as_object().unwrap())?.validate(2026)
    }

    fn base() -> Value {
        json!({ "targetYear": 2026, "enterpriseId": "7", "annualTarget": "1320" })
    }

    fn with(patch: Value) -> Value {
        let mut v = base();
        for (k, val) in patch.as_object().unwrap() {
            v[k] = val.clone();
        }
        v
    }

    fn months(t: &Target) -> [Decimal; 12] {
        [t.m01, t.m02, t.m03, t.m04, t.m05, t.m06, t.m07, t.m08, t.m09, t.m10, t.m11, t.m12].map(|m| m.unwrap())
    }

    #[test]
    fn last_years_structure_gives_the_months_and_the_growth() {
        // Last year 100 a month but 50 in January and 150 in February (1,200 in all); the target 1,320 is
        // 10 % more, every month 1.1 times last year's: 55, 165, then 110 a month.
        let mut last = [wan("100"); 12];
        last[0] = wan("50");
        last[1] = wan("150");
        let c = checked(with(json!({ "splitMode": "2" }))).unwrap();
        let t = c.target(&Context { dept_id: 3, last_year: Some(&last), january: January::Own }).unwrap();
        assert_eq!(t.dept_id, 3);
        assert_eq!(t.last_year_output, Some(Decimal::from(1200)));
        assert_eq!(t.target_growth, Some(Decimal::from(10)));
        let m = months(&t);
        assert_eq!((m[0], m[1], m[2], m[11]), (Decimal::from(55), Decimal::from(165), Decimal::from(110), Decimal::from(110)));
        assert_eq!(m.iter().sum::<Decimal>(), Decimal::from(1320));
    }

    #[test]
    fn merged_january_leaves_january_empty_and_february_holds_both() {
        // Even over the eleven reporting periods: 1,320 ÷ 11 = 120; January 0, 1–2月 120.
        let c = checked(base()).unwrap();
        let t = c.target(&Context { dept_id: 3, last_year: None, january: January::MergedIntoFebruary }).unwrap();
        let m = months(&t);
        assert_eq!((m[0], m[1], m[11]), (Decimal::ZERO, Decimal::from(120), Decimal::from(120)));
        assert_eq!((t.last_year_output, t.target_growth), (None, None));
    }

    #[test]
    fn bad_input_names_the_field() {
        for (patch, field) in [
            (json!({ "targetYear": null }), "targetYear"),
            (json!({ "targetYear": 2040 }), "targetYear"),
            (json!({ "enterpriseId": null }), "enterpriseId"),
            (json!({ "enterpriseId": "x" }), "enterpriseId"),
            (json!({ "annualTarget": "-1" }), "annualTarget"),
            (json!({ "annualTarget": "1.00001" }), "annualTarget"),
            (json!({ "annualTarget": "abc" }), "annualTarget"),
            (json!({ "splitMode": "9" }), "splitMode"),
            (json!({ "splitMode": "3", "q1Share": "20", "h1Share": "10", "q3Share": "75" }), "h1Share"),
            (json!({ "splitMode": "4", "months": ["1"] }), "months"),
            (json!({ "remark": "长".repeat(501) }), "remark"),
        ] {
            match checked(with(patch.clone())) {
                Err(AppError::Field { field: f, .. }) => assert_eq!(f, field, "{patch}"),
                other => panic!("{patch}: {other:?}"),
            }
        }
        // Split by last year without last year, and a manual split that misses the year.
        let c = checked(with(json!({ "splitMode": "2" }))).unwrap();
        let e = c.target(&Context { dept_id: 3, last_year: None, january: January::Own }).unwrap_err();
        assert!(matches!(e, AppError::Field { ref field, .. } if field == "splitMode"), "{e:?}");
        let c = checked(with(json!({ "splitMode": "4", "months": vec!["100"; 12] }))).unwrap();
        let e = c.target(&Context { dept_id: 3, last_year: None, january: January::Own }).unwrap_err();
        assert!(matches!(e, AppError::Field { ref field, .. } if field == "months"), "{e:?}");
    }
}
