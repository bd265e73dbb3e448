//! The lifecycle of a department target (domain-model §2.2.5a): the committee drafts it and issues it
//! (下达), the department confirms it (确认); a mid-year revision (调整) reopens an issued or confirmed
//! target with a reason, keeps the earlier version, and ends with a new issue.
use keeper_common::AppError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetStatus {
    /// 1 草稿: the committee edits it; the department does not see it yet.
    Draft,
    /// 2 已下达: issued to the department, waiting for its confirmation.
    Issued,
    /// 3 已确认: the department has confirmed it.
    Confirmed,
    /// 4 调整中: being revised; the earlier version is kept.
    Revising,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// 下达
    Issue,
    /// 确认
    Confirm,
    /// 调整
    Revise,
}

pub struct Move {
    pub from: TargetStatus,
    pub step: Step,
    pub to: TargetStatus,
}

/// Every move a target can make; nothing else is allowed.
pub const MOVES: &[Move] = &[
    Move { from: TargetStatus::Draft, step: Step::Issue, to: TargetStatus::Issued },
    Move { from: TargetStatus::Revising, step: Step::Issue, to: TargetStatus::Issued },
    Move { from: TargetStatus::Issued, step: Step::Confirm, to: TargetStatus::Confirmed },
    Move { from: TargetStatus::Issued, step: Step::Revise, to: TargetStatus::Revising },
    Move { from: TargetStatus::Confirmed, step: Step::Revise, to: TargetStatus::Revising },
];

impl TargetStatus {
    pub const ALL: [TargetStatus; 4] = [TargetStatus::Draft, TargetStatus::Issued, TargetStatus::Confirmed, TargetStatus::Revising];

    pub fn code(self) -> &'static str {
        match self {
            TargetStatus::Draft => "1",
            TargetStatus::Issued => "2",
            TargetStatus::Confirmed => "3",
            TargetStatus::Revising => "4",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            TargetStatus::Draft => "草稿",
            TargetStatus::Issued => "已下达",
            TargetStatus::Confirmed => "已确认",
            TargetStatus::Revising => "调整中",
        }
    }

    pub fn of_code(code: &str) -> Result<TargetStatus, AppError> {
        TargetStatus::ALL.into_iter().find(|s| s.code() == code).ok_or_else(|| AppError::bad(format!("目标状态无效: {code}")))
    }

    /// Whether the committee may change the figures: before issue, and while revising.
    pub fn editable(self) -> bool {
        matches!(self, TargetStatus::Draft | TargetStatus::Revising)
    }

    /// Whether the target counts for the department: once issued. During a revision the version
    /// last issued counts until the revised figures are issued.
    pub fn in_force(self) -> bool {
        !matches!(self, TargetStatus::Draft)
    }
}

impl Step {
    pub const ALL: [Step; 3] = [Step::Issue, Step::Confirm, Step::Revise];

    pub fn code(self) -> &'static str {
        match self {
            Step::Issue => "issue",
            Step::Confirm => "confirm",
            Step::Revise => "revise",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Step::Issue => "下达",
            Step::Confirm => "确认",
            Step::Revise => "调整",
        }
    }
}

/// Where `step` takes a target at `from`, or why it cannot.
pub fn next(from: TargetStatus, step: Step) -> Result<TargetStatus, AppError> {
    MOVES
        .iter()
        .find(|m| m.from == from && m.step == step)
        .map(|m| m.to)
        .ok_or_else(|| AppError::bad(format!("{}的目标不能{}", from.label(), step.label())))
}

/// The steps open at `from`, for the screen's buttons.
pub fn steps(from: TargetStatus) -> Vec<&'static str> {
    MOVES.iter().filter(|m| m.from == from).map(|m| m.step.code()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_of_the_table_is_allowed_and_nothing_else() {
        let allowed = [
            (TargetStatus::Draft, Step::Issue, TargetStatus::Issued),
            (TargetStatus::Revising, Step::Issue, TargetStatus::Issued),
            (TargetStatus::Issued, Step::Confirm, TargetStatus::Confirmed),
            (TargetStatus::Issued, Step::Revise, TargetStatus::Revising),
            (TargetStatus::Confirmed, Step::Revise, TargetStatus::Revising),
        ];
        for from in TargetStatus::ALL {
            for step in Step::ALL {
                let want = allowed.iter().find(|(f, s, _)| *f == from && *s == step).map(|(_, _, to)| *to);
                assert_eq!(next(from, step).ok(), want, "{from:?} {step:?}");
            }
        }
    }

    #[test]
    fn a_refused_move_says_what_the_target_is_and_what_was_asked() {
        let e = next(TargetStatus::Draft, Step::Confirm).unwrap_err();
        assert!(e.to_string().contains("草稿的目标不能确认"), "{e}");
    }

    #[test]
    fn only_drafts_and_revisions_are_edited_and_only_drafts_do_not_count() {
        let editable: Vec<_> = TargetStatus::ALL.into_iter().filter(|s| s.editable()).collect();
        assert_eq!(editable, [TargetStatus::Draft, TargetStatus::Revising]);
        let counted: Vec<_> = TargetStatus::ALL.into_iter().filter(|s| s.in_force()).collect();
        assert_eq!(counted, [TargetStatus::Issued, TargetStatus::Confirmed, TargetStatus::Revising]);
    }

    #[test]
    fn the_codes_round_trip() {
        for s in TargetStatus::ALL {
            assert_eq!(TargetStatus::of_code(s.code()).unwrap(), s);
        }
        assert!(TargetStatus::of_code("9").is_err());
    }
}
