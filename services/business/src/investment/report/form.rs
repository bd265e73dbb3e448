//! The monthly progress report form of `projectReport/submit` (domain-model §2.2.6), and its checks. A
//! report is saved whole (on update the body is laid over the stored report); every refusal names the
//! field and the reason. Whether the project may take a report and the move it proposes is checked
//! against the project in `mod.rs`.
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::checks::{YES, amount, flag};
use crate::entity::project_report;
use crate::investment::project::status::ChangeForm;
use crate::period::Period;

/// The longest progress text, next month's plan included.
const MAX_TEXT: usize = 2000;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub project_id: Option<i64>,
    /// `2026-10`.
    pub period: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub month_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub building_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub install_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub equipment_purchase: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub other_cost: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub funds_in_place_month: Option<Decimal>,
    /// 本月末项目状态: the project's status, or one it may move to.
    pub project_status: Option<String>,
    /// The facts the proposed move needs, as `project/status` takes them (`id` and `toStatus` are the
    /// report's).
    pub status_change: Option<ChangeForm>,
    pub current_stage: Option<String>,
    pub progress_desc: Option<String>,
    pub next_month_plan: Option<String>,
    pub workers_on_site: Option<i32>,
    pub has_issue: Option<String>,
    pub remark: Option<String>,
}

keeper_db::record! {
    /// A checked report: every column a filler edits, all written on create and on update. The project's
    /// territory, the status it is proposed from, the workflow and the recomputed figures are written by
    /// `mod.rs`.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Report => project_report::ActiveModel {
        pub project_id: i64,
        pub period_year: i32,
        pub period_month: i32,
        pub month_investment: Decimal,
        pub building_investment: Option<Decimal>,
        pub install_investment: Option<Decimal>,
        pub equipment_purchase: Option<Decimal>,
        pub other_cost: Option<Decimal>,
        pub funds_in_place_month: Option<Decimal>,
        pub project_status: String,
        pub current_stage: String,
        pub progress_desc: String,
        pub next_month_plan: String,
        pub workers_on_site: Option<i32>,
        pub has_issue: String,
        pub remark: String,
    }
}

/// A checked form: the record and the proposed move's facts (`None` when the form names none).
#[derive(Debug, Clone, Default)]
pub struct Filed {
    pub report: Report,
    pub change: Option<ChangeForm>,
}

fn money(field: &str, v: Option<Decimal>) -> Result<Option<Decimal>, AppError> {
    amount(field, v, 14, 4)
}

impl ReportForm {
    /// Reads a JSON body; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<ReportForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field on its own and the composition against the month's total; a report is for a
    /// month that has begun (`this_month` or before).
    pub fn validate(self, this_month: Period) -> Result<Filed, AppError> {
        let project_id = self.project_id.ok_or_else(|| AppError::field("projectId", "不能为空"))?;
        let period = trimmed("period", self.period, 7, true)?;
        let period = Period::parse("period", &period)?;
        if period > this_month {
            return Err(AppError::field("period", "不能填报以后月份的进展"));
        }
        let month_investment =
            money("monthInvestment", self.month_investment)?.ok_or_else(|| AppError::field("monthInvestment", "不能为空"))?;
        let parts = [
            ("buildingInvestment", money("buildingInvestment", self.building_investment)?),
            ("installInvestment", money("installInvestment", self.install_investment)?),
            ("equipmentPurchase", money("equipmentPurchase", self.equipment_purchase)?),
            ("otherCost", money("otherCost", self.other_cost)?),
        ];
        // The composition is optional, but given it accounts for the whole month (the statistics bureau's
        // 建筑工程 + 安装工程 + 设备工器具购置 + 其他费用 = 本月完成投资).
        if parts.iter().any(|(_, v)| v.is_some()) {
            let sum: Decimal = parts.iter().filter_map(|(_, v)| *v).sum();
            if sum != month_investment {
                return Err(AppError::field(
                    "buildingInvestment",
                    format!("投资构成合计 {} 万元应等于本月完成投资 {} 万元", sum.normalize(), month_investment.normalize()),
                ));
            }
        }
        if self.workers_on_site.is_some_and(|n| !(0..=1_000_000).contains(&n)) {
            return Err(AppError::field("workersOnSite", "应为 0 到 1000000 之间的整数"));
        }
        if self.has_issue.as_deref().is_none_or(|s| s.trim().is_empty()) {
            return Err(AppError::field("hasIssue", "不能为空"));
        }
        let has_issue = flag("hasIssue", self.has_issue, YES)?;
        let progress_desc = text("progressDesc", self.progress_desc, true)?;
        let report = Report {
            project_id,
            period_year: period.year(),
            period_month: period.month() as i32,
            month_investment,
            building_investment: parts[0].1,
            install_investment: parts[1].1,
            equipment_purchase: parts[2].1,
            other_cost: parts[3].1,
            funds_in_place_month: money("fundsInPlaceMonth", self.funds_in_place_month)?,
            project_status: trimmed("projectStatus", self.project_status, 4, true)?,
            current_stage: trimmed("currentStage", self.current_stage, 4, false)?,
            progress_desc,
            next_month_plan: text("nextMonthPlan", self.next_month_plan, false)?,
            workers_on_site: self.workers_on_site,
            has_issue,
            remark: trimmed("remark", self.remark, 500, false)?,
        };
        Ok(Filed { report, change: self.status_change })
    }
}

fn text(field: &str, v: Option<String>, required: bool) -> Result<String, AppError> {
    let s = v.map(|s| s.trim().to_string()).unwrap_or_default();
    if required && s.is_empty() {
        return Err(AppError::field(field, "不能为空"));
    }
    if s.chars().count() > MAX_TEXT {
        return Err(AppError::field(field, format!("最多{MAX_TEXT}个字")));
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(v: Value) -> Result<Filed, AppError> {
        ReportForm::from_json(v.as_object().unwrap())?.validate(Period::new(2026, 10).unwrap())
    }

    fn good() -> Value {
        json!({
            "projectId": "7", "period": "2026-09", "monthInvestment": "1200.5",
            "buildingInvestment": "800", "installInvestment": "100.25", "equipmentPurchase": "300.25", "otherCost": "0",
            "projectStatus": "50", "progressDesc": " 主体施工至三层 ", "hasIssue": "n"
        })
    }

    fn refused(v: Value) -> (String, String) {
        match form(v) {
            Err(AppError::Field { field, reason }) => (field, reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_complete_report_is_read_to_the_ten_thousandth_and_trimmed() {
        let f = form(good()).unwrap();
        assert_eq!((f.report.period_year, f.report.period_month), (2026, 9));
        assert_eq!(f.report.month_investment, "1200.5".parse::<Decimal>().unwrap());
        assert_eq!(f.report.install_investment, Some("100.25".parse().unwrap()));
        assert_eq!((f.report.progress_desc.as_str(), f.report.has_issue.as_str()), ("主体施工至三层", "N"));
        assert!(f.change.is_none());
    }

    #[test]
    fn each_bad_field_is_named_with_its_reason() {
        let with = |k: &str, v: Value| {
            let mut g = good();
            g[k] = v;
            g
        };
        let cases: Vec<(Value, &str, &str)> = vec![
            (with("monthInvestment", json!(null)), "monthInvestment", "不能为空"),
            (with("monthInvestment", json!("-1")), "monthInvestment", "不能为负数"),
            (with("monthInvestment", json!("1.00001")), "monthInvestment", "最多4位小数"),
            (with("monthInvestment", json!("abc")), "monthInvestment", "应为数字"),
            (with("period", json!("2026-11")), "period", "不能填报以后月份的进展"),
            (with("period", json!("2026-13")), "period", "月份应为 1 到 12"),
            (with("period", json!("")), "period", "不能为空"),
            (with("projectId", json!(null)), "projectId", "不能为空"),
            (with("progressDesc", json!("  ")), "progressDesc", "不能为空"),
            (with("progressDesc", json!("进".repeat(2001))), "progressDesc", "最多2000个字"),
            (with("hasIssue", json!("")), "hasIssue", "不能为空"),
            (with("hasIssue", json!("maybe")), "hasIssue", "取值应为 Y(是) 或 N(否)"),
            (with("workersOnSite", json!(-3)), "workersOnSite", "应为 0 到 1000000 之间的整数"),
            (with("projectStatus", json!("")), "projectStatus", "不能为空"),
        ];
        for (body, field, reason) in cases {
            let (f, r) = refused(body);
            assert_eq!(f, field);
            assert!(r.contains(reason), "{field}: {r}");
        }
    }

    #[test]
    fn a_composition_must_add_up_to_the_month_to_the_ten_thousandth() {
        let mut off = good();
        off["otherCost"] = json!("0.0001");
        assert_eq!(refused(off), ("buildingInvestment".into(), "投资构成合计 1200.5001 万元应等于本月完成投资 1200.5 万元".into()));
        // Without a composition the month stands alone; one part given must carry the whole month.
        let mut none = good();
        for k in ["buildingInvestment", "installInvestment", "equipmentPurchase", "otherCost"] {
            none.as_object_mut().unwrap().remove(k);
        }
        assert!(form(none.clone()).is_ok());
        none["equipmentPurchase"] = json!("1200.5");
        assert!(form(none).is_ok());
    }
}
