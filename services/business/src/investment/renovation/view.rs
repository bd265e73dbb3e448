//! A row of the 技术改造 list: the project as every project list shows it, plus its renovation facts with
//! their labels and the investment of the year.
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use crate::checks::yes_no;
use crate::entity::tech_renovation;
use crate::investment::project::view::ProjectView;
use crate::reference::Reference;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenovationView {
    #[serde(flatten)]
    pub project: ProjectView,
    /// `renovation_type`; empty for a 技改 project saved before renovation facts were kept.
    pub renovation_type: String,
    pub renovation_type_name: String,
    pub filing_code: String,
    pub is_key_renovation: String,
    pub is_key_renovation_name: String,
    /// 是否申报技改奖补
    pub subsidy_applied: String,
    pub subsidy_applied_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub subsidy_amount: Option<Decimal>,
    /// 本年累计完成投资: Σ the approved monthly reports of the year (万元).
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub ytd_investment: Decimal,
    /// 占年度计划%: the year's investment ÷ the project's annual plan of the year; empty without a plan.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub year_plan_rate: Option<Decimal>,
}

/// The row of a project with its renovation facts (if any), its investment of the year and the year's
/// planned investment (if planned).
pub fn view(
    project: ProjectView,
    facts: Option<&tech_renovation::Model>,
    ytd: Option<Decimal>,
    plan: Option<Decimal>,
    r: &Reference,
) -> RenovationView {
    let text = |f: fn(&tech_renovation::Model) -> &String| facts.map(f).cloned().unwrap_or_default();
    let renovation_type = text(|m| &m.renovation_type);
    let is_key_renovation = text(|m| &m.is_key_renovation);
    let subsidy_applied = text(|m| &m.subsidy_applied);
    RenovationView {
        project,
        renovation_type_name: r.label("renovation_type", &renovation_type),
        renovation_type,
        filing_code: text(|m| &m.filing_code),
        is_key_renovation_name: yes_no(&is_key_renovation),
        is_key_renovation,
        subsidy_applied_name: yes_no(&subsidy_applied),
        subsidy_applied,
        subsidy_amount: facts.and_then(|m| m.subsidy_amount),
        ytd_investment: ytd.unwrap_or_default(),
        year_plan_rate: crate::investment::warning::plan_rate(ytd.unwrap_or_default(), plan),
    }
}
