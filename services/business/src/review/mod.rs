//! The review workflow of every filing (domain-model §2.0, dictionary `report_status`): library entry,
//! project monthly reports, output reports, surveys and targets. A const table of the moves and a pure
//! `next`; the server sends `allowed` to the client as the next steps, so the web app never copies the rules.
pub mod log;

use keeper_common::AppError;
use serde::{Deserialize, Serialize};

/// A filing's `report_status`, stored and sent as its dictionary key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum Status {
    /// 0 草稿: the filler edits it; not counted.
    Draft,
    /// 1 待审核: nobody edits it, the filler may withdraw it.
    Submitted,
    /// 2 已通过: counted in statistics; a reviewer may un-approve it with a reason.
    Approved,
    /// 3 已退回: the filler edits it with the reviewer's opinion in view.
    Returned,
}

/// A move of the workflow: the review verbs of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Step {
    /// 提交
    Submit,
    /// 撤回 (before review)
    Withdraw,
    /// 审核通过
    Approve,
    /// 退回
    Return,
    /// 重新提交
    Resubmit,
    /// 反审核
    Unapprove,
}

/// Who takes a step. Which permission that needs (`output_report_submit`, `output_report_audit`) is the
/// handler's business, and whether the caller may act on the row comes from the data scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Filler,
    Reviewer,
}

/// One allowed move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub from: Status,
    pub step: Step,
    pub to: Status,
    pub by: Actor,
}

/// Every allowed move (domain-model §2.0: "0→1 submit; 1→0 withdraw (filler, before review); 1→2
/// approve; 1→3 return (opinion required); 3→1 resubmit; 2→1 un-approve (reviewer, reason required)").
/// Nothing else is allowed; the rows are in the order the client shows the buttons.
pub const MOVES: &[Move] = &[
    Move { from: Status::Draft, step: Step::Submit, to: Status::Submitted, by: Actor::Filler },
    Move { from: Status::Submitted, step: Step::Approve, to: Status::Approved, by: Actor::Reviewer },
    Move { from: Status::Submitted, step: Step::Return, to: Status::Returned, by: Actor::Reviewer },
    Move { from: Status::Submitted, step: Step::Withdraw, to: Status::Draft, by: Actor::Filler },
    Move { from: Status::Returned, step: Step::Resubmit, to: Status::Submitted, by: Actor::Filler },
    Move { from: Status::Approved, step: Step::Unapprove, to: Status::Submitted, by: Actor::Reviewer },
];

/// The longest opinion kept with a move (the `remark` size of domain-model §2.0).
pub const MAX_OPINION: usize = 500;

impl Status {
    pub const ALL: [Status; 4] = [Status::Draft, Status::Submitted, Status::Approved, Status::Returned];

    /// The `report_status` key.
    pub fn code(self) -> &'static str {
        match self {
            Status::Draft => "0",
            Status::Submitted => "1",
            Status::Approved => "2",
            Status::Returned => "3",
        }
    }

    /// The status of a stored or sent key, named `field` when it is none.
    pub fn from_code(field: &str, code: &str) -> Result<Status, AppError> {
        Status::ALL.into_iter().find(|s| s.code() == code).ok_or_else(|| AppError::field(field, format!("不是有效的状态: {code}")))
    }

    pub fn label(self) -> &'static str {
        match self {
            Status::Draft => "草稿",
            Status::Submitted => "待审核",
            Status::Approved => "已通过",
            Status::Returned => "已退回",
        }
    }

    /// Whether the filler may edit the filing (草稿 and 已退回).
    pub fn editable(self) -> bool {
        matches!(self, Status::Draft | Status::Returned)
    }
}

impl From<Status> for &'static str {
    fn from(s: Status) -> &'static str {
        s.code()
    }
}

impl TryFrom<String> for Status {
    type Error = String;
    fn try_from(code: String) -> Result<Status, String> {
        Status::ALL.into_iter().find(|s| s.code() == code).ok_or_else(|| format!("不是有效的状态: {code}"))
    }
}

impl Step {
    pub const ALL: [Step; 6] = [Step::Submit, Step::Withdraw, Step::Approve, Step::Return, Step::Resubmit, Step::Unapprove];

    /// The wire name of the step (as serde writes it), stored in the review log.
    pub fn code(self) -> &'static str {
        match self {
            Step::Submit => "submit",
            Step::Withdraw => "withdraw",
            Step::Approve => "approve",
            Step::Return => "return",
            Step::Resubmit => "resubmit",
            Step::Unapprove => "unapprove",
        }
    }

    pub fn from_code(code: &str) -> Option<Step> {
        Step::ALL.into_iter().find(|s| s.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            Step::Submit => "提交",
            Step::Withdraw => "撤回",
            Step::Approve => "审核通过",
            Step::Return => "退回",
            Step::Resubmit => "重新提交",
            Step::Unapprove => "反审核",
        }
    }

    /// Whether the step needs an opinion: a return says what to fix, an un-approval why.
    pub fn needs_opinion(self) -> bool {
        matches!(self, Step::Return | Step::Unapprove)
    }
}

/// The grants of a filing's review buttons (提交, 审核, 退回; as the web app's `GRANTED_BY`).
pub struct Buttons {
    pub submit: &'static [&'static str],
    pub approve: &'static [&'static str],
    pub ret: &'static [&'static str],
}

impl Buttons {
    /// The button that grants `step`: the filler's steps come with submit, un-approving with approve.
    pub fn granting(&self, step: Step) -> &'static [&'static str] {
        match step {
            Step::Submit | Step::Withdraw | Step::Resubmit => self.submit,
            Step::Approve | Step::Unapprove => self.approve,
            Step::Return => self.ret,
        }
    }
}

/// The body of `<filing>/review`: one step on some rows, all or none.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewForm {
    /// The rows, as id strings.
    pub ids: Vec<String>,
    /// One of `submit`, `withdraw`, `approve`, `return`, `resubmit`, `unapprove`.
    pub step: String,
    /// Required to return or un-approve; at most 500 characters.
    #[serde(default)]
    pub opinion: String,
}

impl ReviewForm {
    /// The distinct ids (at most `keeper_common::form::MAX_TARGETS`) and the step.
    pub fn parse(&self) -> Result<(Vec<i64>, Step), AppError> {
        let ids = keeper_common::form::targets("ids", &self.ids.join(","))?;
        let step =
            Step::from_code(self.step.trim()).ok_or_else(|| AppError::field("step", format!("不是有效的审核步骤: {}", self.step)))?;
        Ok((ids, step))
    }
}

/// The move of `step` from `from`, if the table has it.
pub fn find(from: Status, step: Step) -> Option<&'static Move> {
    MOVES.iter().find(|m| m.from == from && m.step == step)
}

/// The status `step` leads to from `from`, or the refusal naming both.
pub fn next(from: Status, step: Step) -> Result<Status, AppError> {
    find(from, step).map(|m| m.to).ok_or_else(|| AppError::bad(format!("{}的记录不能{}", from.label(), step.label())))
}

/// `next`, and the opinion the step needs: required for a return or an un-approval (`opinion`),
/// at most [`MAX_OPINION`] characters for any step.
pub fn check(from: Status, step: Step, opinion: &str) -> Result<Status, AppError> {
    let to = next(from, step)?;
    let opinion = opinion.trim();
    if step.needs_opinion() && opinion.is_empty() {
        let what = if step == Step::Return { "退回须填写审核意见" } else { "反审核须填写原因" };
        return Err(AppError::field("opinion", what));
    }
    if opinion.chars().count() > MAX_OPINION {
        return Err(AppError::field("opinion", format!("长度不能超过 {MAX_OPINION} 个字符")));
    }
    Ok(to)
}

/// The steps that may follow `from`, in the table's order: the `nextSteps` the client is sent.
pub fn allowed(from: Status) -> Vec<Step> {
    MOVES.iter().filter(|m| m.from == from).map(|m| m.step).collect()
}

#[cfg(test)]
mod tests {
    use super::Status::*;
    use super::Step::*;
    use super::*;

    /// The transitions of domain-model §2.0, written out again by hand.
    const EXPECTED: [(Status, Step, Status); 6] = [
        (Draft, Submit, Submitted),
        (Submitted, Withdraw, Draft),
        (Submitted, Approve, Approved),
        (Submitted, Return, Returned),
        (Returned, Resubmit, Submitted),
        (Approved, Unapprove, Submitted),
    ];

    #[test]
    fn every_step_of_the_report_workflow_table_is_allowed_and_nothing_else() {
        let mut allowed_moves = 0;
        for from in Status::ALL {
            for step in Step::ALL {
                let want = EXPECTED.iter().find(|(f, s, _)| *f == from && *s == step).map(|e| e.2);
                match (next(from, step), want) {
                    (Ok(to), Some(want)) => {
                        assert_eq!(to, want, "{from:?} {step:?}");
                        allowed_moves += 1;
                    }
                    (Err(e), None) => {
                        assert_eq!(e.code(), 400);
                        assert_eq!(e.to_string(), format!("{}的记录不能{}", from.label(), step.label()));
                    }
                    (got, want) => panic!("{from:?} {step:?}: got {got:?}, want {want:?}"),
                }
            }
        }
        assert_eq!(allowed_moves, EXPECTED.len());
        assert_eq!(MOVES.len(), EXPECTED.len(), "no move is listed twice");
        assert_eq!(next(Approved, Withdraw).unwrap_err().to_string(), "已通过的记录不能撤回");
    }

    #[test]
    fn the_client_is_sent_exactly_the_steps_the_table_allows_from_a_status() {
        for (from, steps) in
            [(Draft, vec![Submit]), (Submitted, vec![Approve, Return, Withdraw]), (Approved, vec![Unapprove]), (Returned, vec![Resubmit])]
        {
            assert_eq!(allowed(from), steps, "{from:?}");
            for step in Step::ALL {
                assert_eq!(allowed(from).contains(&step), next(from, step).is_ok(), "{from:?} {step:?}");
            }
        }
        assert_eq!(serde_json::to_string(&allowed(Submitted)).unwrap(), r#"["approve","return","withdraw"]"#);
    }

    #[test]
    fn fillers_submit_withdraw_and_resubmit_and_reviewers_decide() {
        for m in MOVES {
            let want = if matches!(m.step, Approve | Return | Unapprove) { Actor::Reviewer } else { Actor::Filler };
            assert_eq!(m.by, want, "{m:?}");
        }
        assert_eq!(find(Submitted, Withdraw).map(|m| m.by), Some(Actor::Filler));
    }

    #[test]
    fn a_return_and_an_un_approval_need_an_opinion_and_other_steps_may_carry_one() {
        let needs: Vec<Step> = Step::ALL.into_iter().filter(|s| s.needs_opinion()).collect();
        assert_eq!(needs, vec![Return, Unapprove]);
        for (from, step, opinion, want) in [
            (Submitted, Return, "", Err(("opinion", "退回须填写审核意见"))),
            (Submitted, Return, "  ", Err(("opinion", "退回须填写审核意见"))),
            (Approved, Unapprove, "", Err(("opinion", "反审核须填写原因"))),
            (Submitted, Return, "上年同期数据有误", Ok(Returned)),
            (Approved, Unapprove, "企业更正本月产值", Ok(Submitted)),
            (Submitted, Approve, "", Ok(Approved)),
            (Submitted, Approve, "同意", Ok(Approved)),
            (Draft, Submit, "", Ok(Submitted)),
        ] {
            let got = check(from, step, opinion).map_err(|e| match e {
                AppError::Field { field, reason } => (field, reason),
                other => panic!("{other:?}"),
            });
            assert_eq!(got, want.map_err(|(f, r): (&str, &str)| (f.to_string(), r.to_string())), "{from:?} {step:?} {opinion:?}");
        }
        let long = "意".repeat(MAX_OPINION + 1);
        assert!(matches!(check(Submitted, Return, &long), Err(AppError::Field { field, .. }) if field == "opinion"));
        // A step the table refuses is refused before its opinion is looked at.
        assert!(matches!(check(Draft, Return, ""), Err(AppError::BadRequest(_))));
    }

    #[test]
    fn statuses_are_the_report_status_keys_and_only_draft_and_returned_are_editable() {
        for (status, code, label, editable) in [
            (Draft, "0", "草稿", true),
            (Submitted, "1", "待审核", false),
            (Approved, "2", "已通过", false),
            (Returned, "3", "已退回", true),
        ] {
            assert_eq!((status.code(), status.label(), status.editable()), (code, label, editable));
            assert_eq!(Status::from_code("reportStatus", code).unwrap(), status);
            assert_eq!(serde_json::to_string(&status).unwrap(), format!("\"{code}\""));
            assert_eq!(serde_json::from_str::<Status>(&format!("\"{code}\"")).unwrap(), status);
        }
        assert!(matches!(Status::from_code("reportStatus", "9"), Err(AppError::Field { field, .. }) if field == "reportStatus"));
        assert!(serde_json::from_str::<Status>(r#""9""#).is_err());
        assert_eq!(serde_json::from_str::<Step>(r#""unapprove""#).unwrap(), Unapprove);
    }
}
