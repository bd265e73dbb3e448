//! How an issue moves (domain-model §2.2.7): its status (`issue_status`), its level (`issue_level`), the
//! actions of the ledger and who takes them, as a const table; `check` is pure and `allowed` answers the
//! actions a person may take on an issue, so the web app never copies the rules.
//!
//! 待研判 (raised, level 1) → 已交办 (level 2–4, responsible department and deadline set) → 办理中 (the
//! department accepted) → 已办结 (it reports the resolution) → 已销号 (the committee confirms); the committee
//! may reject a resolution (back to 办理中), the department refuse a wrong assignment (back to 待研判), the
//! committee close any open issue as needing nothing (已关闭) and raise or lower its level while it is
//! assigned.
use keeper_common::AppError;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IssueStatus {
    /// 10 待研判
    Pending,
    /// 20 已交办
    Assigned,
    /// 30 办理中
    Handling,
    /// 40 已办结: resolved by the department, waiting for the committee to strike it off.
    Resolved,
    /// 50 已销号
    StruckOff,
    /// 60 已关闭(无需处理)
    Closed,
}

use IssueStatus as S;

impl IssueStatus {
    pub const ALL: [IssueStatus; 6] = [S::Pending, S::Assigned, S::Handling, S::Resolved, S::StruckOff, S::Closed];
    /// Not yet struck off or closed: what counts on the agenda and in the warning colour.
    pub const OPEN: [IssueStatus; 4] = [S::Pending, S::Assigned, S::Handling, S::Resolved];
    /// With a department at work and a deadline running: what can be overdue.
    pub const RUNNING: [IssueStatus; 2] = [S::Assigned, S::Handling];

    pub fn code(self) -> &'static str {
        match self {
            S::Pending => "10",
            S::Assigned => "20",
            S::Handling => "30",
            S::Resolved => "40",
            S::StruckOff => "50",
            S::Closed => "60",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            S::Pending => "待研判",
            S::Assigned => "已交办",
            S::Handling => "办理中",
            S::Resolved => "已办结",
            S::StruckOff => "已销号",
            S::Closed => "已关闭",
        }
    }

    pub fn from_code(field: &str, code: &str) -> Result<IssueStatus, AppError> {
        S::ALL.into_iter().find(|s| s.code() == code).ok_or_else(|| AppError::field(field, format!("不是有效的问题状态: {code}")))
    }

    pub fn is_open(self) -> bool {
        S::OPEN.contains(&self)
    }
}

/// `issue_level`: 1 上报问题 (raw, untriaged), 2 建议问题, 3 一般问题, 4 重点问题.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IssueLevel(u8);

impl IssueLevel {
    pub const REPORTED: IssueLevel = IssueLevel(1);
    pub const SUGGESTION: IssueLevel = IssueLevel(2);
    pub const ORDINARY: IssueLevel = IssueLevel(3);
    pub const KEY: IssueLevel = IssueLevel(4);

    pub fn from_code(field: &str, code: &str) -> Result<IssueLevel, AppError> {
        match code.trim() {
            "1" => Ok(Self::REPORTED),
            "2" => Ok(Self::SUGGESTION),
            "3" => Ok(Self::ORDINARY),
            "4" => Ok(Self::KEY),
            _ => Err(AppError::field(field, "问题等级应为 1–4")),
        }
    }

    pub fn code(self) -> String {
        self.0.to_string()
    }

    /// A level the committee assigns: triaged issues are 2, 3 or 4.
    pub fn triaged(self, field: &str) -> Result<IssueLevel, AppError> {
        if self == Self::REPORTED {
            return Err(AppError::field(field, "交办时应研判为建议问题、一般问题或重点问题"));
        }
        Ok(self)
    }

    /// Whether the department must answer by a deadline: 一般 and 重点 issues; a 建议 issue is answered by
    /// a written reply whose deadline is optional.
    pub fn needs_deadline(self) -> bool {
        self >= Self::ORDINARY
    }
}

/// What a person does on the ledger; camelCase on the wire and in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// 交办: triage into a level and assign (committee).
    Assign,
    /// 退回研判: the department refuses a wrong assignment (reason).
    Refuse,
    /// 接收办理
    Accept,
    /// 办理进展: a progress note (the status stays).
    Progress,
    /// 办结: the department reports the resolution.
    Resolve,
    /// 销号: the committee confirms the resolution.
    Confirm,
    /// 驳回: the committee rejects the resolution (reason).
    Reject,
    /// 关闭(无需处理) by the committee (reason).
    Close,
    /// 升级/降级: the committee changes the level of an assigned issue (reason).
    Relevel,
}

use Action as A;

impl Action {
    pub const ALL: [Action; 9] = [A::Assign, A::Refuse, A::Accept, A::Progress, A::Resolve, A::Confirm, A::Reject, A::Close, A::Relevel];

    pub fn code(self) -> &'static str {
        match self {
            A::Assign => "assign",
            A::Refuse => "refuse",
            A::Accept => "accept",
            A::Progress => "progress",
            A::Resolve => "resolve",
            A::Confirm => "confirm",
            A::Reject => "reject",
            A::Close => "close",
            A::Relevel => "relevel",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            A::Assign => "交办",
            A::Refuse => "退回研判",
            A::Accept => "接收办理",
            A::Progress => "办理进展",
            A::Resolve => "办结",
            A::Confirm => "销号",
            A::Reject => "驳回",
            A::Close => "关闭",
            A::Relevel => "调整等级",
        }
    }

    pub fn from_code(field: &str, code: &str) -> Result<Action, AppError> {
        A::ALL.into_iter().find(|a| a.code() == code).ok_or_else(|| AppError::field(field, format!("不是有效的操作: {code}")))
    }

    /// Whether the action needs a text: the reason of a refusal, rejection, closing or level change, the
    /// note of progress, the resolution.
    pub fn needs_text(self) -> bool {
        matches!(self, A::Refuse | A::Progress | A::Resolve | A::Reject | A::Close | A::Relevel)
    }
}

/// Who takes an action. Which permission each needs and whether the caller is one is the handler's
/// business.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Triages, assigns, strikes off (`track_project_assign`).
    Committee,
    /// The responsible department (`track_project_handle`, a member of the department or below).
    Responsible,
    /// A co-operating department (`track_project_handle`): progress notes only.
    CoOperating,
}

/// One row of the table: the action, the statuses it starts from, where it leads (`None`: the status
/// stays), and who takes it.
struct Move {
    action: Action,
    from: &'static [IssueStatus],
    to: Option<IssueStatus>,
    by: &'static [Role],
}

const COMMITTEE: &[Role] = &[Role::Committee];
const RESPONSIBLE: &[Role] = &[Role::Responsible];

const MOVES: &[Move] = &[
    Move { action: A::Assign, from: &[S::Pending], to: Some(S::Assigned), by: COMMITTEE },
    Move { action: A::Refuse, from: &[S::Assigned], to: Some(S::Pending), by: RESPONSIBLE },
    Move { action: A::Accept, from: &[S::Assigned], to: Some(S::Handling), by: RESPONSIBLE },
    Move { action: A::Progress, from: &[S::Assigned, S::Handling], to: None, by: &[Role::Committee, Role::Responsible, Role::CoOperating] },
    Move { action: A::Resolve, from: &[S::Handling], to: Some(S::Resolved), by: RESPONSIBLE },
    Move { action: A::Confirm, from: &[S::Resolved], to: Some(S::StruckOff), by: COMMITTEE },
    Move { action: A::Reject, from: &[S::Resolved], to: Some(S::Handling), by: COMMITTEE },
    Move { action: A::Close, from: &S::OPEN, to: Some(S::Closed), by: COMMITTEE },
    Move { action: A::Relevel, from: &[S::Assigned, S::Handling, S::Resolved], to: None, by: COMMITTEE },
];

fn find(action: Action) -> &'static Move {
    MOVES.iter().find(|m| m.action == action).expect("every action has its row")
}

/// The status `action` leads to from `from` when taken as one of `roles`; refused with the reason
/// otherwise.
pub fn check(from: IssueStatus, action: Action, roles: &[Role]) -> Result<IssueStatus, AppError> {
    let m = find(action);
    if !m.from.contains(&from) {
        return Err(AppError::bad(format!("问题{}，不能{}", from.label(), action.label())));
    }
    if !m.by.iter().any(|r| roles.contains(r)) {
        return Err(AppError::forbidden());
    }
    Ok(m.to.unwrap_or(from))
}

/// The actions a person acting as `roles` may take on an issue at `status`, in table order.
pub fn allowed(status: IssueStatus, roles: &[Role]) -> Vec<Action> {
    MOVES.iter().filter(|m| m.from.contains(&status) && m.by.iter().any(|r| roles.contains(r))).map(|m| m.action).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ledger_runs_from_raising_to_striking_off() {
        let c = &[Role::Committee];
        let d = &[Role::Responsible];
        let mut s = S::Pending;
        for (action, roles, to) in [
            (A::Assign, c as &[Role], S::Assigned),
            (A::Accept, d, S::Handling),
            (A::Progress, d, S::Handling),
            (A::Resolve, d, S::Resolved),
            (A::Reject, c, S::Handling),
            (A::Resolve, d, S::Resolved),
            (A::Confirm, c, S::StruckOff),
        ] {
            s = check(s, action, roles).unwrap();
            assert_eq!(s, to, "{action:?}");
        }
        assert!(allowed(s, &[Role::Committee, Role::Responsible]).is_empty(), "struck off is final");
    }

    #[test]
    fn each_action_is_taken_only_from_its_statuses_by_its_role() {
        // (from, action, roles, outcome: Some(to) or None when refused)
        let c: &[Role] = &[Role::Committee];
        let d: &[Role] = &[Role::Responsible];
        let co: &[Role] = &[Role::CoOperating];
        let cases: &[(IssueStatus, Action, &[Role], Option<IssueStatus>)] = &[
            (S::Assigned, A::Refuse, d, Some(S::Pending)),
            (S::Handling, A::Refuse, d, None),
            (S::Pending, A::Assign, d, None),
            (S::Assigned, A::Assign, c, None),
            (S::Assigned, A::Accept, c, None),
            (S::Pending, A::Accept, d, None),
            (S::Assigned, A::Resolve, d, None),
            (S::Handling, A::Resolve, co, None),
            (S::Handling, A::Progress, co, Some(S::Handling)),
            (S::Resolved, A::Progress, d, None),
            (S::Handling, A::Confirm, c, None),
            (S::Resolved, A::Confirm, d, None),
            (S::Pending, A::Close, c, Some(S::Closed)),
            (S::Resolved, A::Close, c, Some(S::Closed)),
            (S::StruckOff, A::Close, c, None),
            (S::Closed, A::Relevel, c, None),
            (S::Pending, A::Relevel, c, None),
            (S::Handling, A::Relevel, c, Some(S::Handling)),
            (S::Handling, A::Relevel, d, None),
        ];
        for (from, action, roles, outcome) in cases {
            assert_eq!(check(*from, *action, roles).ok(), *outcome, "{from:?} {action:?} by {roles:?}");
        }
    }

    #[test]
    fn a_refusal_says_why() {
        match check(S::StruckOff, A::Resolve, &[Role::Responsible]) {
            Err(AppError::BadRequest(m)) => assert_eq!(m, "问题已销号，不能办结"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(check(S::Pending, A::Assign, &[Role::CoOperating]), Err(AppError::Forbidden(_))));
    }

    #[test]
    fn the_server_answers_the_next_actions() {
        assert_eq!(allowed(S::Assigned, &[Role::Responsible]), vec![A::Refuse, A::Accept, A::Progress]);
        assert_eq!(allowed(S::Resolved, &[Role::Committee]), vec![A::Confirm, A::Reject, A::Close, A::Relevel]);
        assert_eq!(allowed(S::Handling, &[Role::CoOperating]), vec![A::Progress]);
    }

    #[test]
    fn levels_and_deadlines() {
        assert!(IssueLevel::from_code("issueLevel", "5").is_err());
        assert!(IssueLevel::REPORTED.triaged("issueLevel").is_err());
        assert!(!IssueLevel::SUGGESTION.needs_deadline());
        assert!(IssueLevel::ORDINARY.needs_deadline() && IssueLevel::KEY.needs_deadline());
    }
}
