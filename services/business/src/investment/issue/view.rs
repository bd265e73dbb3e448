//! An issue as the ledger shows it: the row with its project, department and dictionary labels, whether
//! it is overdue and by how many days, and the actions the caller may take on it.
use std::collections::HashMap;

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::Serialize;

use super::form::unframed;
use super::lifecycle::IssueStatus;
use crate::checks::{NO, YES};
use crate::entity::{project, project_issue};
use crate::reference::Reference;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueView {
    #[serde(flatten)]
    pub row: project_issue::Model,
    pub project_name: String,
    pub project_no: String,
    /// The territory's name (stored when the issue was raised).
    pub dept_name: String,
    pub raised_by_dept_name: String,
    pub responsible_dept_name: String,
    pub co_dept_ids: Vec<String>,
    /// 配合单位, `、`-separated.
    pub co_dept_names: String,
    pub issue_level_name: String,
    pub issue_type_name: String,
    pub issue_status_name: String,
    /// `Y` while assigned or in handling past its deadline.
    pub overdue: String,
    /// Days past the deadline (0 when not overdue).
    pub overdue_days: i64,
    /// The ledger actions (`assign`, `accept`, …) the caller may take now, and `edit` / `remove` for the
    /// raiser of an issue still waiting for triage.
    pub actions: Vec<String>,
}

/// Days past the deadline of a running issue, as of `today`.
pub fn overdue_days(row: &project_issue::Model, today: NaiveDate) -> i64 {
    let running = IssueStatus::from_code("issueStatus", &row.issue_status).is_ok_and(|s| IssueStatus::RUNNING.contains(&s));
    match row.deadline {
        Some(d) if running && d < today => (today - d).num_days(),
        _ => 0,
    }
}

pub fn view(
    row: project_issue::Model,
    projects: &HashMap<i64, project::Model>,
    r: &Reference,
    today: NaiveDate,
    actions: Vec<String>,
) -> IssueView {
    let p = projects.get(&row.project_id);
    let co = unframed(&row.co_dept_ids);
    let days = overdue_days(&row, today);
    IssueView {
        project_name: p.map(|p| p.project_name.clone()).unwrap_or_default(),
        project_no: p.map(|p| p.project_no.clone()).unwrap_or_default(),
        dept_name: r.dept_name(row.dept_id),
        raised_by_dept_name: r.dept_name(row.raised_by_dept_id),
        responsible_dept_name: r.dept_name(row.responsible_dept_id),
        co_dept_names: co.iter().map(|d| r.dept_name(Some(*d))).filter(|n| !n.is_empty()).collect::<Vec<_>>().join("、"),
        co_dept_ids: co.iter().map(i64::to_string).collect(),
        issue_level_name: r.label("issue_level", &row.issue_level),
        issue_type_name: r.label("issue_type", &row.issue_type),
        issue_status_name: IssueStatus::from_code("issueStatus", &row.issue_status).map(|s| s.label().to_string()).unwrap_or_default(),
        overdue: if days > 0 { YES } else { NO }.into(),
        overdue_days: days,
        actions,
        row,
    }
}
