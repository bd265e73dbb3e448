//! What a person sees of a monthly report: the stored row on the wire conventions, its project's name and
//! number, the labels of its dictionary and department fields, its share of the planned total, the move it
//! proposes, and the review steps the workflow allows.
use std::collections::HashMap;

use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::checks::yes_no;
use crate::entity::{project, project_report};
use crate::metrics;
use crate::money::Wan;
use crate::reference::Reference;
use crate::review::{self, Status, Step};

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    #[serde(flatten)]
    pub row: project_report::Model,
    pub project_name: String,
    pub project_no: String,
    /// The territory stored on the report.
    pub dept_name: String,
    /// `2026-10`
    pub period: String,
    /// 占总投资: cumulative ÷ the project's planned total, in percent with two decimals; none until the
    /// report is approved or without a planned total.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub total_rate: Option<Decimal>,
    /// The cumulative figure has passed the planned total (a figure to look at twice).
    pub over_investment: bool,
    pub project_status_name: String,
    pub from_status_name: String,
    /// The report moves the project to `projectStatus` when approved.
    pub proposes_change: bool,
    /// The facts of that move, as `project/status` takes them.
    #[schemars(with = "Option<serde_json::Map<String, Value>>")]
    pub status_change: Option<Value>,
    pub current_stage_name: String,
    pub has_issue_name: String,
    pub report_status_name: String,
    pub next_steps: Vec<Step>,
}

/// The view of a report among its projects (`projects`: id → project, as read for the same caller).
pub fn view(row: project_report::Model, projects: &HashMap<i64, project::Model>, r: &Reference) -> ReportView {
    let p = projects.get(&row.project_id);
    let status = Status::from_code("reportStatus", &row.report_status).ok();
    let total_rate = match (row.cumulative_investment, p.and_then(|p| p.total_investment)) {
        (Some(c), Some(t)) => metrics::share(Wan::round(c), Some(Wan::round(t))),
        _ => None,
    };
    let status_change = if row.status_change.is_empty() { None } else { serde_json::from_str(&row.status_change).ok() };
    ReportView {
        project_name: p.map(|p| p.project_name.clone()).unwrap_or_default(),
        project_no: p.map(|p| p.project_no.clone()).unwrap_or_default(),
        dept_name: r.dept_name(row.dept_id),
        period: format!("{}-{:02}", row.period_year, row.period_month),
        over_investment: total_rate.is_some_and(|t| t > Decimal::ONE_HUNDRED),
        total_rate,
        project_status_name: r.label("project_status", &row.project_status),
        from_status_name: r.label("project_status", &row.from_status),
        proposes_change: row.project_status != row.from_status,
        status_change,
        current_stage_name: r.label("project_stage", &row.current_stage),
        has_issue_name: yes_no(&row.has_issue),
        report_status_name: status.map(Status::label).unwrap_or_default().to_string(),
        next_steps: status.map(review::allowed).unwrap_or_default(),
        row,
    }
}
