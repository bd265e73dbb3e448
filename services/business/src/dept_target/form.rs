//! The target form of `target/submit` (domain-model §2.2.5a `DeptTarget`) and its checks. A target is
//! saved whole: the year's figure, how it is split, and the months the split gives (or, split by hand,
//! the months as typed, which add up to the year within a cent that December takes).
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::entity::dept_target;
use crate::money::Wan;
use crate::period::January;
use crate::reference::Reference;
use crate::split::{Months, Plan, SplitMode};

/// Years a target may be set for, around the current one.
const YEARS_BACK: i32 = 5;
const YEARS_AHEAD: i32 = 2;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetForm {
    /// Present to edit a stored target.
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    pub target_year: Option<i32>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    /// `target_indicator` key.
    pub indicator_code: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub annual_target: Option<Decimal>,
    /// 目标增速, in percent.
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub target_growth: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub last_year_actual: Option<Decimal>,
    /// `split_mode` key: 1 平均, 2 按上年同期结构, 3 按季度节点 (with the three shares), 4 手工 (with months).
    pub split_mode: Option<String>,
    /// Cumulative percent of the year at the end of March, June and September (split mode 3).
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
    pub struct Target => dept_target::ActiveModel {
        pub target_year: i32,
        pub dept_id: i64,
        pub indicator_code: String,
        pub annual_target: Decimal,
        pub target_growth: Option<Decimal>,
        pub last_year_actual: Option<Decimal>,
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

/// A checked form whose months are still to be made: split by last year's structure needs last year's
/// actual months of the department, which the caller reads.
#[derive(Debug)]
pub struct Checked {
    pub id: Option<i64>,
    pub target: Target,
    plan: Plan,
}

impl Checked {
    pub fn needs_last_year(&self) -> bool {
        self.plan.mode == SplitMode::LastYear
    }

    /// The target with its months, split from `last_year` when split by last year's structure.
    pub fn split(mut self, last_year: Option<&Months>) -> Result<Target, AppError> {
        let months = self.plan.months(Wan::round(self.target.annual_target), last_year, January::Own)?;
        let m = months.map(|w| Some(w.decimal()));
        let t = &mut self.target;
        [t.m01, t.m02, t.m03, t.m04, t.m05, t.m06, t.m07, t.m08, t.m09, t.m10, t.m11, t.m12] = m;
        Ok(self.target)
    }
}

/// The months of a stored target, January first (a month never set counts as 0).
pub fn months_of(t: &dept_target::Model) -> Months {
    [t.m01, t.m02, t.m03, t.m04, t.m05, t.m06, t.m07, t.m08, t.m09, t.m10, t.m11, t.m12].map(|v| Wan::round(v.unwrap_or_default()))
}

impl TargetForm {
    /// Reads a JSON body; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<TargetForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field against the tenant's departments and dictionaries; `this_year` bounds the year.
    pub fn validate(self, this_year: i32, r: &Reference) -> Result<Checked, AppError> {
        let target_year = self.target_year.ok_or_else(|| AppError::field("targetYear", "不能为空"))?;
        if target_year < this_year - YEARS_BACK || target_year > this_year + YEARS_AHEAD {
            return Err(AppError::field("targetYear", format!("应在 {} 至 {} 年之间", this_year - YEARS_BACK, this_year + YEARS_AHEAD)));
        }
        let dept_id = self.dept_id.ok_or_else(|| AppError::field("deptId", "不能为空"))?;
        if !r.has_dept(dept_id) {
            return Err(AppError::field("deptId", "机构不存在"));
        }
        let indicator_code =
            keeper_common::fields::filter(&self.indicator_code).ok_or_else(|| AppError::field("indicatorCode", "不能为空"))?;
        if !r.has_key("target_indicator", &indicator_code) {
            return Err(AppError::field("indicatorCode", format!("不是有效的字典值: {indicator_code}")));
        }
        let annual = self.annual_target.ok_or_else(|| AppError::field("annualTarget", "不能为空"))?;
        let annual = Wan::from_decimal("annualTarget", annual)?.non_negative("annualTarget")?;
        let target_growth = match self.target_growth {
            Some(g) if g.scale() > 2 => return Err(AppError::field("targetGrowth", "最多两位小数")),
            Some(g) if g < Decimal::from(-100) || g > Decimal::from(1000) => {
                return Err(AppError::field("targetGrowth", "应在 -100 至 1000 之间"));
            }
            g => g,
        };
        let last_year_actual = match self.last_year_actual {
            Some(d) => Some(Wan::from_decimal("lastYearActual", d)?.non_negative("lastYearActual")?.decimal()),
            None => None,
        };
        let plan = Plan::read(&self.split_mode, [self.q1_share, self.h1_share, self.q3_share], self.months)?;
        let target = Target {
            target_year,
            dept_id,
            indicator_code,
            annual_target: annual.decimal(),
            target_growth,
            last_year_actual,
            split_mode: plan.mode.code().to_string(),
            q1_share: plan.checkpoints.map(|c| c.first_quarter),
            h1_share: plan.checkpoints.map(|c| c.first_half),
            q3_share: plan.checkpoints.map(|c| c.first_three_quarters),
            remark: trimmed("remark", self.remark, 500, false)?,
            ..Default::default()
        };
        Ok(Checked { id: self.id, target, plan })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use keeper_client::system::{DeptRef, DictEntry, TenantReference};
    use serde_json::json;

    fn reference() -> Reference {
        let mut data = TenantReference {
            depts: vec![
                DeptRef { id: 1, parent_id: 0, name: "管委会".into(), power_type: 1 },
                DeptRef { id: 2, parent_id: 1, name: "东区".into(), power_type: 2 },
            ],
            ..Default::default()
        };
        data.dicts.insert("target_indicator".into(), vec![DictEntry { key: "4".into(), label: "项目完成投资(万元)".into() }]);
        Reference::new(data)
    }

    fn checked(v: Value) -> Result<Checked, AppError> {
        TargetForm::from_json(v.as_object().unwrap())?.validate(2026, &reference())
    }

    fn base() -> Value {
        json!({ "targetYear": 2026, "deptId": "2", "indicatorCode": "4", "annualTarget": "12000" })
    }

    fn with(patch: Value) -> Value {
        let mut v = base();
        for (k, val) in patch.as_object().unwrap() {
            v[k] = val.clone();
        }
        v
    }

    #[test]
    fn an_even_split_is_the_default_and_adds_up_to_the_year() {
        let t = checked(base()).unwrap().split(None).unwrap();
        assert_eq!(t.split_mode, "1");
        assert_eq!(t.m01, Some(Decimal::from(1000)));
        assert_eq!(t.m12, Some(Decimal::from(1000)));
    }

    #[test]
    fn quarterly_checkpoints_give_the_cumulative_shares_at_the_quarter_ends() {
        // 20 % by March, 50 % by June ("双过半"), 75 % by September of 12,000: 2,400 · 6,000 · 9,000 · 12,000.
        let t = checked(with(json!({ "splitMode": "3", "q1Share": "20", "h1Share": "50", "q3Share": "75" }))).unwrap().split(None).unwrap();
        let m = [t.m01, t.m02, t.m03, t.m04, t.m05, t.m06, t.m07, t.m08, t.m09, t.m10, t.m11, t.m12].map(|v| v.unwrap());
        let cum = |n: usize| m[..n].iter().copied().sum::<Decimal>();
        assert_eq!(
            (cum(3), cum(6), cum(9), cum(12)),
            (Decimal::from(2400), Decimal::from(6000), Decimal::from(9000), Decimal::from(12000))
        );
    }

    #[test]
    fn a_split_by_last_years_structure_needs_last_years_months() {
        let c = checked(with(json!({ "splitMode": "2" }))).unwrap();
        assert!(c.needs_last_year());
        let mut last = [Wan::ZERO; 12];
        last[5] = Wan::round(Decimal::from(300));
        last[11] = Wan::round(Decimal::from(100));
        let t = c.split(Some(&last)).unwrap();
        // Three quarters of last year came in June, a quarter in December: 9,000 and 3,000.
        assert_eq!((t.m06, t.m12, t.m01), (Some(Decimal::from(9000)), Some(Decimal::from(3000)), Some(Decimal::ZERO)));
        let e = checked(with(json!({ "splitMode": "2" }))).unwrap().split(None).unwrap_err();
        assert!(matches!(e, AppError::Field { ref field, .. } if field == "splitMode"), "{e:?}");
    }

    #[test]
    fn typed_months_must_add_up_to_the_year() {
        let months = json!(["1000", "1000", "1000", "1000", "1000", "1000", "1000", "1000", "1000", "1000", "1000", "999"]);
        let e = checked(with(json!({ "splitMode": "4", "months": months }))).unwrap().split(None).unwrap_err();
        assert!(matches!(e, AppError::Field { ref field, .. } if field == "months"), "{e:?}");
    }

    #[test]
    fn bad_input_names_the_field() {
        for (patch, field) in [
            (json!({ "targetYear": 2040 }), "targetYear"),
            (json!({ "deptId": "99" }), "deptId"),
            (json!({ "indicatorCode": "77" }), "indicatorCode"),
            (json!({ "indicatorCode": " " }), "indicatorCode"),
            (json!({ "annualTarget": "-1" }), "annualTarget"),
            (json!({ "annualTarget": "1.00001" }), "annualTarget"),
            (json!({ "targetGrowth": "1.234" }), "targetGrowth"),
            (json!({ "splitMode": "9" }), "splitMode"),
            (json!({ "splitMode": "3", "q1Share": "20", "h1Share": "10", "q3Share": "75" }), "h1Share"),
            (json!({ "splitMode": "3", "q1Share": "120", "h1Share": "10", "q3Share": "75" }), "q1Share"),
            (json!({ "splitMode": "4", "months": ["1"] }), "months"),
        ] {
            match checked(with(patch.clone())) {
                Err(AppError::Field { field: f, .. }) => assert_eq!(f, field, "{patch}"),
                other => panic!("{patch}: {other:?}"),
            }
        }
    }
}
