//! The breakdown as the screen shows it: each enterprise's target with the names of its enterprise,
//! department, split mode and status and the steps open to it; the totals row; the department's own
//! target beside Σ of its enterprises' (the difference is shown, never blocking: what no enterprise
//! holds yet stays with the department as 待落实 / 新增量); and the reporting enterprises without a target.
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use crate::dept_target::lifecycle::{self, TargetStatus};
use crate::entity::{dept_target_version, enterprise, output_target};
use crate::reference::Reference;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputTargetView {
    #[serde(flatten)]
    pub row: output_target::Model,
    pub enterprise_name: String,
    pub dept_name: String,
    pub split_mode_name: String,
    pub target_status_name: String,
    /// The lifecycle steps open to the target (`issue`, `confirm`, `revise`); the caller's grants decide
    /// which buttons show.
    pub next_steps: Vec<&'static str>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputTargetDetail {
    #[serde(flatten)]
    pub target: OutputTargetView,
    /// Earlier versions, latest first.
    pub versions: Vec<dept_target_version::Model>,
}

/// A reporting enterprise of the department without a target for the year.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pending {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub enterprise_id: i64,
    pub enterprise_name: String,
    pub dept_name: String,
    /// Σ its approved reports of the year before; none without any.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub last_year_output: Option<Decimal>,
}

#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub annual_target: Decimal,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub last_year_output: Decimal,
    /// Σ of each month, January first, written as the row's months are.
    #[schemars(with = "Vec<String>")]
    #[serde(serialize_with = "normal_months")]
    pub months: Vec<Decimal>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Breakdown {
    pub year: i32,
    pub records: Vec<OutputTargetView>,
    pub totals: Totals,
    /// The chosen department's own target of 规上工业总产值 in force (issued, confirmed, or as last issued
    /// while revised); none without a department or a target.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub dept_target: Option<Decimal>,
    /// The department's target less Σ its enterprises' targets: 待落实 when positive.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub unassigned: Option<Decimal>,
    pub pending: Vec<Pending>,
    /// Whether the tenant merges January into February (January's month target is then 0).
    pub january_merged: bool,
}

pub fn of(row: output_target::Model, enterprise: Option<&enterprise::Model>, r: &Reference) -> OutputTargetView {
    let status = TargetStatus::of_code(&row.target_status).ok();
    OutputTargetView {
        enterprise_name: enterprise.map(|e| e.enterprise_name.clone()).unwrap_or_default(),
        dept_name: r.dept_name(Some(row.dept_id)),
        split_mode_name: r.label("split_mode", &row.split_mode),
        target_status_name: status.map(|s| s.label().to_string()).unwrap_or_default(),
        next_steps: status.map(lifecycle::steps).unwrap_or_default(),
        row,
    }
}

fn normal_months<S: serde::Serializer>(months: &[Decimal], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(months.iter().map(|m| m.normalize().to_string()))
}
