//! 工作台 (issue 18, the home page's to-dos): what waits for the signed-in person, each count read within
//! their data scope and offered only to those whose buttons make it theirs — a reviewer is shown the
//! filings waiting for review, a clerk the filings returned to them and the enterprises that have not
//! reported the month, a department the overdue issues assigned to it. The home page links each to the list
//! filtered the same way, so the count and the list agree.
use keeper_common::AppError;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Serialize;

use crate::investment::{issue, report as project_report};
use crate::output::report::{self as output_report, month};
use crate::review::Status;
use crate::state::AppState;

/// One kind of to-do: who it is for, by the buttons that act on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    /// 产值填报 submitted and waiting for review.
    OutputReview,
    /// 产值填报 returned, to be corrected and submitted again.
    OutputReturned,
    /// Enterprises owing the month's output report that have not reported it (未报).
    OutputMissing,
    /// 项目月报 submitted and waiting for review.
    ProjectReportReview,
    /// 项目月报 returned, to be corrected.
    ProjectReportReturned,
    /// Open issues assigned to the caller's unit, past their deadline.
    OverdueIssues,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::OutputReview,
        Kind::OutputReturned,
        Kind::OutputMissing,
        Kind::ProjectReportReview,
        Kind::ProjectReportReturned,
        Kind::OverdueIssues,
    ];

    /// The buttons whose holders the to-do is for.
    pub fn codes(self) -> &'static [&'static str] {
        match self {
            Kind::OutputReview => &["output_report_approve", "output_report_return"],
            Kind::OutputReturned => &["output_report_edit", "output_report_submit"],
            Kind::OutputMissing => &["output_report_add", "output_report_remind"],
            Kind::ProjectReportReview => &["track_project_approve", "track_project_return"],
            Kind::ProjectReportReturned => &["track_project_edit", "track_project_submit"],
            Kind::OverdueIssues => issue::HANDLE_CODES,
        }
    }

    /// The button that opens the list the to-do links to: without it the to-do is not offered.
    fn list_code(self) -> &'static str {
        match self {
            Kind::OutputReview | Kind::OutputReturned | Kind::OutputMissing => "output_report_view",
            Kind::ProjectReportReview | Kind::ProjectReportReturned | Kind::OverdueIssues => "track_project_view",
        }
    }
}

/// One to-do with its count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Todo {
    pub kind: Kind,
    pub count: u64,
    /// `2026-10`: the month the list opens at — the earliest month with such filings, or the month being
    /// reported; absent for the kinds listed across months.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<String>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Todos {
    /// The month being reported now (the one before today's).
    pub period: String,
    pub items: Vec<Todo>,
}

pub async fn todos(state: &AppState, me: &CurrentUser) -> Result<Todos, AppError> {
    let held = state.guard.held(me).await?;
    let reporting = month::default_period();
    let mut items = Vec::new();
    for kind in Kind::ALL.into_iter().filter(|k| held.any(k.codes()) && held.any(&[k.list_code()])) {
        let todo = match kind {
            Kind::OutputReview | Kind::OutputReturned => {
                let status = if kind == Kind::OutputReview { Status::Submitted } else { Status::Returned };
                let (count, earliest) = output_report::count_at(state, me, status).await?;
                Todo { kind, count, period: Some(earliest.unwrap_or(reporting).to_string()) }
            }
            Kind::OutputMissing => {
                // A January merged into February is not reported on its own: nothing is missing.
                let Some(count) = output_report::missing_count(state, me, reporting).await? else {
                    continue;
                };
                Todo { kind, count, period: Some(reporting.to_string()) }
            }
            Kind::ProjectReportReview => Todo { kind, count: project_report::count_at(state, me, Status::Submitted).await?, period: None },
            Kind::ProjectReportReturned => Todo { kind, count: project_report::count_at(state, me, Status::Returned).await?, period: None },
            Kind::OverdueIssues => Todo { kind, count: issue::overdue_assigned(state, me).await?, period: None },
        };
        items.push(todo);
    }
    Ok(Todos { period: reporting.to_string(), items })
}
