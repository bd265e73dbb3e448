//! What a person sees of a project: the stored row on the wire conventions plus the labels of its
//! dictionary, flag and department fields, its investment band, and the review steps the server allows.
use std::collections::HashMap;

use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use super::lifecycle::ProjectStatus;
use super::status::Actors;
use crate::checks::yes_no;
use crate::entity::{project, tech_renovation};
use crate::reference::Reference;
use crate::review::{self, Status, Step};

/// The row as stored plus labels. `reportStatus` repeats `libraryStatus` under the name every filing's
/// review widgets read.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectView {
    #[serde(flatten)]
    pub row: project::Model,
    /// The enterprise's name, or the unit's name while it has not registered locally.
    pub enterprise_name: String,
    pub dept_name: String,
    pub industry_dept_name: String,
    pub responsible_dept_name: String,
    pub project_type_name: String,
    pub project_status_name: String,
    pub library_status_name: String,
    pub project_source_name: String,
    pub construction_nature_name: String,
    pub industry_name: String,
    pub leading_industry_name: String,
    pub project_level_name: String,
    pub investor_origin_name: String,
    pub current_stage_name: String,
    pub is_key_project_name: String,
    pub is_tracked_name: String,
    pub is_stat_included_name: String,
    /// `1`…`6`, empty without a planned investment.
    pub investment_band: String,
    pub investment_band_name: String,
    pub report_status: String,
    /// The review steps the workflow allows from the library status; the buttons a person holds narrow it.
    pub next_steps: Vec<Step>,
    /// For a project in the library, the statuses the viewer may change it to (`project/status`); empty
    /// before approval, when the status is edited with the project.
    #[schemars(with = "Vec<String>")]
    pub next_statuses: Vec<ProjectStatus>,
    /// A 技术改造 project's renovation facts, in its detail only (lists show them as columns).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub renovation: Option<tech_renovation::Model>,
}

/// The investment bands of §2.2.1, in 万元: `(key, label, lower bound inclusive)`.
pub const BANDS: [(&str, &str, i64); 6] = [
    ("1", "500万元以下", 0),
    ("2", "500万–5000万元", 500),
    ("3", "5000万–1亿元", 5_000),
    ("4", "1亿–5亿元", 10_000),
    ("5", "5亿–10亿元", 50_000),
    ("6", "10亿元以上", 100_000),
];

/// The band of a planned investment: the highest whose lower bound it reaches.
pub fn band(total: Option<Decimal>) -> Option<(&'static str, &'static str)> {
    let total = total?;
    BANDS.iter().rev().find(|(_, _, from)| total >= Decimal::from(*from)).map(|(k, l, _)| (*k, *l))
}

/// Views of rows, with the names of their enterprises (`enterprises`: id → name) and what `actors` may
/// change their status to.
pub fn view(p: project::Model, r: &Reference, enterprises: &HashMap<i64, String>, actors: Actors) -> ProjectView {
    let status = Status::from_code("libraryStatus", &p.library_status).ok();
    let next_statuses = match (status, ProjectStatus::of_code(&p.project_status)) {
        (Some(Status::Approved), Some(from)) => actors.next_statuses(from, ProjectStatus::of_code(&p.suspended_from)),
        _ => vec![],
    };
    let (investment_band, investment_band_name) = band(p.total_investment).unwrap_or_default();
    ProjectView {
        enterprise_name: p.enterprise_id.and_then(|id| enterprises.get(&id).cloned()).unwrap_or_else(|| p.owner_name.clone()),
        dept_name: r.dept_name(p.dept_id),
        industry_dept_name: r.dept_name(p.industry_dept_id),
        responsible_dept_name: r.dept_name(p.responsible_dept_id),
        project_type_name: r.label("project_type", &p.project_type),
        project_status_name: r.label("project_status", &p.project_status),
        library_status_name: status.map(Status::label).unwrap_or_default().to_string(),
        project_source_name: r.label("project_source", &p.project_source),
        construction_nature_name: r.label("construction_nature", &p.construction_nature),
        industry_name: r.label("industry", &p.industry_code),
        leading_industry_name: r.label("industry_chain", &p.leading_industry),
        project_level_name: r.label("project_level", &p.project_level),
        investor_origin_name: r.label("investor_origin", &p.investor_origin),
        current_stage_name: r.label("project_stage", &p.current_stage),
        is_key_project_name: yes_no(&p.is_key_project),
        is_tracked_name: yes_no(&p.is_tracked),
        is_stat_included_name: yes_no(&p.is_stat_included),
        investment_band: investment_band.into(),
        investment_band_name: investment_band_name.into(),
        report_status: p.library_status.clone(),
        next_steps: status.map(review::allowed).unwrap_or_default(),
        next_statuses,
        renovation: None,
        row: p,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_planned_investment_falls_in_one_band() {
        for (total, want) in [
            ("0.0001", "1"),
            ("499.9999", "1"),
            ("500", "2"),
            ("4999.99", "2"),
            ("5000", "3"),
            ("10000", "4"),
            ("49999.9999", "4"),
            ("50000", "5"),
            ("100000", "6"),
            ("2500000", "6"),
        ] {
            assert_eq!(band(Some(total.parse().unwrap())).map(|b| b.0), Some(want), "{total}");
        }
        assert_eq!(band(None), None);
    }
}
