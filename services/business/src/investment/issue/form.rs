//! The forms of the issue ledger (domain-model §2.2.7): raising an issue (`projectIssue/submit`), assigning
//! it (`projectIssue/assign`) and every other action (`projectIssue/act`). Each refusal names the field and
//! the reason; the checks against the stored issue and the tenant's departments are `mod.rs`'s.
use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::lifecycle::{Action, IssueLevel};
use crate::period::Period;

/// The longest description, suggestion, note or resolution.
pub const MAX_TEXT: usize = 2000;
/// Co-operating departments of one issue, at most.
const MAX_CO_DEPTS: usize = 10;

/// `projectIssue/submit`: a new issue (no `id`) or the raiser's edit of one still 待研判.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RaiseForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub project_id: Option<i64>,
    /// The monthly report it is raised with.
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub report_id: Option<i64>,
    /// The enterprise's monthly output report whose 生产经营困难/诉求 it is raised from (产值填报 › 转为问题):
    /// a report of the project's enterprise.
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub output_report_id: Option<i64>,
    /// `2026-10`: the month it is raised for; the current month when absent.
    pub raised_period: Option<String>,
    pub issue_type: Option<String>,
    pub description: Option<String>,
    pub suggestion: Option<String>,
}

/// A checked raise form.
#[derive(Debug, Clone, PartialEq)]
pub struct Raised {
    pub id: Option<i64>,
    pub project_id: i64,
    pub report_id: Option<i64>,
    pub output_report_id: Option<i64>,
    pub raised_period: Period,
    pub issue_type: String,
    pub description: String,
    pub suggestion: String,
}

impl RaiseForm {
    pub fn from_json(body: &Map<String, Value>) -> Result<RaiseForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// `this_month` is the default month and the latest one an issue may be raised for.
    pub fn validate(self, this_month: Period) -> Result<Raised, AppError> {
        let raised_period = match keeper_common::fields::filter(&self.raised_period) {
            None => this_month,
            Some(p) => Period::parse("raisedPeriod", &p)?,
        };
        if raised_period > this_month {
            return Err(AppError::field("raisedPeriod", "不能晚于本月"));
        }
        Ok(Raised {
            id: self.id,
            project_id: self.project_id.ok_or_else(|| AppError::field("projectId", "不能为空"))?,
            report_id: self.report_id,
            output_report_id: self.output_report_id,
            raised_period,
            issue_type: trimmed("issueType", self.issue_type, 2, true)?,
            description: trimmed("description", self.description, MAX_TEXT, true)?,
            suggestion: trimmed("suggestion", self.suggestion, MAX_TEXT, false)?,
        })
    }
}

/// `projectIssue/assign`: 交办 — the level, the responsible and co-operating departments, the deadline.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    pub issue_level: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub responsible_dept_id: Option<i64>,
    /// Department ids as strings.
    #[serde(default)]
    pub co_dept_ids: Vec<String>,
    pub responsible_leader: Option<String>,
    /// `yyyy-MM-dd`.
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day")]
    pub deadline: Option<NaiveDate>,
    /// The committee's proposal; required for a 建议问题 when the raiser gave none.
    pub suggestion: Option<String>,
    pub meeting_ref: Option<String>,
    /// The opinion written to the log.
    pub opinion: Option<String>,
}

/// A checked assignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Assignment {
    pub id: i64,
    pub level: IssueLevel,
    pub responsible_dept_id: i64,
    pub co_dept_ids: Vec<i64>,
    pub responsible_leader: String,
    pub deadline: Option<NaiveDate>,
    pub suggestion: Option<String>,
    pub meeting_ref: String,
    pub opinion: String,
}

impl AssignForm {
    pub fn from_json(body: &Map<String, Value>) -> Result<AssignForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// `today` bounds the deadline: it is not in the past.
    pub fn validate(self, today: NaiveDate) -> Result<Assignment, AppError> {
        let id = self.id.ok_or_else(|| AppError::field("id", "不能为空"))?;
        let level = trimmed("issueLevel", self.issue_level, 1, true)?;
        let level = IssueLevel::from_code("issueLevel", &level)?.triaged("issueLevel")?;
        let responsible_dept_id = self.responsible_dept_id.ok_or_else(|| AppError::field("responsibleDeptId", "不能为空"))?;
        let mut co_dept_ids = Vec::new();
        for s in self.co_dept_ids.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
            let d = keeper_common::id::parse(s).ok_or_else(|| AppError::field("coDeptIds", "不是有效的ID"))?;
            if d == responsible_dept_id {
                return Err(AppError::field("coDeptIds", "配合单位不能与责任单位相同"));
            }
            if !co_dept_ids.contains(&d) {
                co_dept_ids.push(d);
            }
        }
        if co_dept_ids.len() > MAX_CO_DEPTS {
            return Err(AppError::field("coDeptIds", format!("最多{MAX_CO_DEPTS}个配合单位")));
        }
        match self.deadline {
            None if level.needs_deadline() => return Err(AppError::field("deadline", "一般问题和重点问题应有解决时限")),
            Some(d) if d < today => return Err(AppError::field("deadline", "解决时限不能早于今天")),
            _ => {}
        }
        Ok(Assignment {
            id,
            level,
            responsible_dept_id,
            co_dept_ids,
            responsible_leader: trimmed("responsibleLeader", self.responsible_leader, 50, false)?,
            deadline: self.deadline,
            suggestion: keeper_common::fields::filter(&self.suggestion)
                .map(|s| trimmed("suggestion", Some(s), MAX_TEXT, true))
                .transpose()?,
            meeting_ref: trimmed("meetingRef", self.meeting_ref, 100, false)?,
            opinion: trimmed("opinion", self.opinion, 500, false)?,
        })
    }
}

/// `projectIssue/act`: one action other than assigning on some issues, with its text and, to change the
/// level, the new one.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActForm {
    /// Comma-separated ids, as the review buttons send them.
    pub ids: Option<String>,
    /// `refuse`, `accept`, `progress`, `resolve`, `confirm`, `reject`, `close` or `relevel`.
    pub action: Option<String>,
    /// The reason, note or resolution.
    pub content: Option<String>,
    /// The new level of `relevel`.
    pub issue_level: Option<String>,
    /// `yyyy-MM-dd`: the deadline of `relevel` when the issue had none (a 建议 issue raised to 一般 or 重点).
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day")]
    pub deadline: Option<NaiveDate>,
}

/// A checked action.
#[derive(Debug, Clone, PartialEq)]
pub struct Act {
    pub ids: Vec<i64>,
    pub action: Action,
    pub content: String,
    pub level: Option<IssueLevel>,
    pub deadline: Option<NaiveDate>,
}

impl ActForm {
    /// `today` bounds a new deadline.
    pub fn validate(&self, today: NaiveDate) -> Result<Act, AppError> {
        let ids = keeper_common::form::targets("ids", self.ids.as_deref().unwrap_or_default())?;
        let action = trimmed("action", self.action.clone(), 20, true)?;
        let action = Action::from_code("action", &action)?;
        if action == Action::Assign {
            return Err(AppError::field("action", "交办请使用交办表单"));
        }
        let content = trimmed("content", self.content.clone(), MAX_TEXT, action.needs_text())?;
        let level = match action {
            Action::Relevel => {
                let l = trimmed("issueLevel", self.issue_level.clone(), 1, true)?;
                Some(IssueLevel::from_code("issueLevel", &l)?.triaged("issueLevel")?)
            }
            _ => None,
        };
        let deadline = match (action, self.deadline) {
            (Action::Relevel, Some(d)) if d < today => return Err(AppError::field("deadline", "解决时限不能早于今天")),
            (Action::Relevel, d) => d,
            _ => None,
        };
        Ok(Act { ids, action, content, level, deadline })
    }
}

/// `,5,7,`: the stored form of co-operating departments.
pub fn framed(ids: &[i64]) -> String {
    if ids.is_empty() {
        return String::new();
    }
    format!(",{},", ids.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
}

/// The departments of a stored `,5,7,`.
pub fn unframed(s: &str) -> Vec<i64> {
    s.split(',').filter_map(|p| p.trim().parse().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn assign(v: Value) -> Result<Assignment, AppError> {
        AssignForm::from_json(v.as_object().unwrap()).unwrap().validate(day("2026-11-25"))
    }

    fn field_of<T: std::fmt::Debug>(r: Result<T, AppError>) -> String {
        match r {
            Err(AppError::Field { field, .. }) => field,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_assignment_needs_a_triaged_level_a_department_and_for_3_and_4_a_deadline() {
        let ok = assign(
            json!({ "id": "1", "issueLevel": "3", "responsibleDeptId": "5", "coDeptIds": ["6", "6", "7"], "deadline": "2026-12-10" }),
        )
        .unwrap();
        assert_eq!(ok.co_dept_ids, vec![6, 7]);
        assert!(assign(json!({ "id": "1", "issueLevel": "2", "responsibleDeptId": "5" })).is_ok(), "a suggestion needs no deadline");
        for (v, field) in [
            (json!({ "id": "1", "issueLevel": "1", "responsibleDeptId": "5" }), "issueLevel"),
            (json!({ "id": "1", "issueLevel": "4", "responsibleDeptId": "5" }), "deadline"),
            (json!({ "id": "1", "issueLevel": "4", "responsibleDeptId": "5", "deadline": "2026-11-24" }), "deadline"),
            (json!({ "id": "1", "issueLevel": "3", "deadline": "2026-12-01" }), "responsibleDeptId"),
            (json!({ "id": "1", "issueLevel": "3", "responsibleDeptId": "5", "coDeptIds": ["5"], "deadline": "2026-12-01" }), "coDeptIds"),
            (json!({ "id": "1", "issueLevel": "3", "responsibleDeptId": "5", "coDeptIds": ["x"], "deadline": "2026-12-01" }), "coDeptIds"),
        ] {
            assert_eq!(field_of(assign(v.clone())), field, "{v}");
        }
    }

    #[test]
    fn an_action_needs_its_text() {
        let act = |v: Value| serde_json::from_value::<ActForm>(v).unwrap().validate(day("2026-11-25"));
        assert_eq!(act(json!({ "ids": "1,2", "action": "accept" })).unwrap().ids, vec![1, 2]);
        assert_eq!(field_of(act(json!({ "ids": "1", "action": "refuse" }))), "content");
        assert_eq!(field_of(act(json!({ "ids": "1", "action": "relevel", "content": "升级" }))), "issueLevel");
        assert_eq!(field_of(act(json!({ "ids": "1", "action": "assign" }))), "action");
        assert_eq!(field_of(act(json!({ "ids": "1", "action": "fly" }))), "action");
        let late = json!({ "ids": "1", "action": "relevel", "content": "升级", "issueLevel": "4", "deadline": "2026-11-01" });
        assert_eq!(field_of(act(late)), "deadline");
    }

    #[test]
    fn raising_for_a_later_month_is_refused() {
        let this = Period::new(2026, 11).unwrap();
        let raise = |v: Value| RaiseForm::from_json(v.as_object().unwrap()).unwrap().validate(this);
        let r = raise(json!({ "projectId": "3", "issueType": "1", "description": "用地未摘牌" })).unwrap();
        assert_eq!(r.raised_period, this);
        assert_eq!(
            field_of(raise(json!({ "projectId": "3", "issueType": "1", "description": "x", "raisedPeriod": "2026-12" }))),
            "raisedPeriod"
        );
        assert_eq!(field_of(raise(json!({ "projectId": "3", "issueType": "1" }))), "description");
    }

    #[test]
    fn co_departments_are_framed_for_a_like_match() {
        assert_eq!(framed(&[5, 7]), ",5,7,");
        assert_eq!(framed(&[]), "");
        assert_eq!(unframed(",5,7,"), vec![5, 7]);
    }
}
