//! A department target as the screen shows it: the row with the names of its department, indicator,
//! split mode and status, and the steps open to it.
use schemars::JsonSchema;
use serde::Serialize;

use super::lifecycle::{self, TargetStatus};
use crate::entity::{dept_target, dept_target_version};
use crate::reference::Reference;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetView {
    #[serde(flatten)]
    pub row: dept_target::Model,
    pub dept_name: String,
    pub indicator_name: String,
    pub split_mode_name: String,
    pub target_status_name: String,
    /// The lifecycle steps open to the target (`issue`, `confirm`, `revise`); the caller's grants decide
    /// which buttons show.
    pub next_steps: Vec<&'static str>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetDetail {
    #[serde(flatten)]
    pub target: TargetView,
    /// Earlier versions, latest first.
    pub versions: Vec<dept_target_version::Model>,
}

pub fn of(row: dept_target::Model, r: &Reference) -> TargetView {
    let status = TargetStatus::of_code(&row.target_status).ok();
    TargetView {
        dept_name: r.dept_name(Some(row.dept_id)),
        indicator_name: r.label("target_indicator", &row.indicator_code),
        split_mode_name: r.label("split_mode", &row.split_mode),
        target_status_name: status.map(|s| s.label().to_string()).unwrap_or_default(),
        next_steps: status.map(lifecycle::steps).unwrap_or_default(),
        row,
    }
}
