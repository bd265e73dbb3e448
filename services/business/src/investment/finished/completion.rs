//! What a finished project achieved (domain-model §2.2.8): the acceptance day, the actual total investment
//! (required to record the completion; the screen offers the cumulative figure), the capacity added, the
//! output and tax after production, and whether the enterprise has entered the statistics of enterprises
//! above scale. Kept by the keeper of 已完成项目 (`project/finished/submit`) on a finished project in their
//! scope. The body is laid over the stored row: a field it leaves out keeps its value, `null`/`""` clears
//! it. Who changed it last is on the row (`update_user`, `update_time`); the operation log notes the call.
use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::IntoActiveModel;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::checks::{amount, flag};
use crate::entity::project;
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::repo;
use crate::patch;
use crate::state::AppState;

/// The body of `project/finished/submit`: the project's id and its completion fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompletionForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    /// 竣工验收日期, `yyyy-MM-dd`: not before the actual completion, not after today.
    #[schemars(with = "Option<String>")]
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub acceptance_date: Option<NaiveDate>,
    /// 实际完成总投资 (万元), required.
    #[schemars(with = "Option<String>")]
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub actual_total_investment: Option<Decimal>,
    /// 新增生产能力, at most 500 characters.
    pub new_capacity: Option<String>,
    /// 投产后年产值 (万元).
    #[schemars(with = "Option<String>")]
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub actual_annual_output: Option<Decimal>,
    /// 投产后年税收 (万元).
    #[schemars(with = "Option<String>")]
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub actual_annual_tax: Option<Decimal>,
    /// 是否已入规: `Y`, `N` or empty.
    pub entered_above_scale: Option<String>,
}

keeper_db::record! {
    /// Checked completion fields, all written (an empty one as NULL or "").
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Completion => project::ActiveModel {
        pub acceptance_date: Option<NaiveDate>,
        pub actual_total_investment: Option<Decimal>,
        pub new_capacity: String,
        pub actual_annual_output: Option<Decimal>,
        pub actual_annual_tax: Option<Decimal>,
        pub entered_above_scale: String,
    }
}

/// Amounts in 万元 below 10^14 with four decimals (`decimal(18,4)`).
const DIGITS: u32 = 14;
const SCALE: u32 = 4;

impl CompletionForm {
    pub fn from_json(body: &Map<String, Value>) -> Result<CompletionForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// The checked fields of a project completed on `completed_on`.
    pub fn validate(self, completed_on: Option<NaiveDate>) -> Result<Completion, AppError> {
        let actual_total_investment = amount("actualTotalInvestment", self.actual_total_investment, DIGITS, SCALE)?
            .ok_or_else(|| AppError::field("actualTotalInvestment", "不能为空"))?;
        if let Some(day) = self.acceptance_date {
            keeper_common::time::past_date("acceptanceDate", day)?;
            if completed_on.is_some_and(|c| day < c) {
                return Err(AppError::field("acceptanceDate", "竣工验收日期不能早于实际竣工日期"));
            }
        }
        Ok(Completion {
            acceptance_date: self.acceptance_date,
            actual_total_investment: Some(actual_total_investment),
            new_capacity: trimmed("newCapacity", self.new_capacity, 500, false)?,
            actual_annual_output: amount("actualAnnualOutput", self.actual_annual_output, DIGITS, SCALE)?,
            actual_annual_tax: amount("actualAnnualTax", self.actual_annual_tax, DIGITS, SCALE)?,
            entered_above_scale: flag("enteredAboveScale", self.entered_above_scale, "")?,
        })
    }
}

/// Records the completion of the finished project the body names (laid over its stored fields); answers
/// its id. Only a finished project in the caller's scope: any other answers 404.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let id = keeper_common::fields::id(&body, "id")?.ok_or_else(|| AppError::field("id", "不能为空"))?;
    let p = super::target(state, me, id).await?;
    let completion = CompletionForm::from_json(&patch::over(&p, body)?)?.validate(p.actual_completion_date)?;
    let mut changes = completion.into_active_model();
    base::updated::<project::Entity>(&mut changes, &Author::of(me));
    // Saved only while the project stands where it was read (not re-opened or moved on meanwhile).
    let status = ProjectStatus::from_code("projectStatus", &p.project_status)?;
    if !repo::update_if(&state.db, &me.tenant_id, p.id, repo::project_status_is(status), changes).await? {
        return Err(AppError::bad("项目状态已变化，请刷新后重试"));
    }
    Ok(p.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn checked(v: Value, completed_on: Option<&str>) -> Result<Completion, AppError> {
        CompletionForm::from_json(v.as_object().unwrap()).and_then(|f| f.validate(completed_on.map(day)))
    }

    #[test]
    fn a_completion_needs_its_actual_investment_and_keeps_the_rest_optional() {
        let c = checked(serde_json::json!({ "id": "5", "actualTotalInvestment": "47000.25" }), Some("2026-04-20")).unwrap();
        assert_eq!(
            c,
            Completion { actual_total_investment: Some("47000.25".parse().unwrap()), ..Completion::default() },
            "nothing else is required"
        );
        let full = serde_json::json!({
            "id": "5", "acceptanceDate": "2026-04-20", "actualTotalInvestment": "0", "newCapacity": "  年产轴承 800 万套 ",
            "actualAnnualOutput": "98000.5", "actualAnnualTax": "3200", "enteredAboveScale": "y"
        });
        let c = checked(full, Some("2026-04-20")).unwrap();
        assert_eq!(
            (c.acceptance_date, c.new_capacity.as_str(), c.entered_above_scale.as_str(), c.actual_total_investment),
            (Some(day("2026-04-20")), "年产轴承 800 万套", "Y", Some(Decimal::ZERO)),
            "accepted on the day of completion; nothing invested is still an amount"
        );
    }

    #[test]
    fn each_bad_field_is_refused_by_its_name() {
        for (v, completed_on, field) in [
            (serde_json::json!({ "id": "5" }), None, "actualTotalInvestment"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "" }), None, "actualTotalInvestment"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "-1" }), None, "actualTotalInvestment"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "abc" }), None, "actualTotalInvestment"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "1.00001" }), None, "actualTotalInvestment"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "1", "actualAnnualOutput": "-0.5" }), None, "actualAnnualOutput"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "1", "actualAnnualTax": "1e20" }), None, "actualAnnualTax"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "1", "enteredAboveScale": "是" }), None, "enteredAboveScale"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "1", "newCapacity": "长".repeat(501) }), None, "newCapacity"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "1", "acceptanceDate": "2026-13-01" }), None, "acceptanceDate"),
            (serde_json::json!({ "id": "5", "actualTotalInvestment": "1", "acceptanceDate": "2999-01-01" }), None, "acceptanceDate"),
            (
                serde_json::json!({ "id": "5", "actualTotalInvestment": "1", "acceptanceDate": "2026-04-19" }),
                Some("2026-04-20"),
                "acceptanceDate",
            ),
        ] {
            match checked(v.clone(), completed_on) {
                Err(AppError::Field { field: f, .. }) => assert_eq!(f, field, "{v}"),
                other => panic!("{v}: {other:?}"),
            }
        }
        let early =
            checked(serde_json::json!({ "id": "5", "actualTotalInvestment": "1", "acceptanceDate": "2026-04-19" }), Some("2026-04-20"));
        assert!(matches!(early, Err(AppError::Field { reason, .. }) if reason == "竣工验收日期不能早于实际竣工日期"));
    }
}
