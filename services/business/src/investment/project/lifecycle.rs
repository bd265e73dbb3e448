//! The project status lifecycle (domain-model §2.2.2, dictionary `project_status`): a const table of the
//! moves with who takes them and the fields each target requires, a pure `check`, and `allowed`, the next
//! statuses the server sends so the web app never copies the rules.
use chrono::{Datelike, NaiveDate};
use keeper_common::AppError;
use serde::{Deserialize, Serialize};

use crate::money::Wan;

use ProjectStatus as S;

/// A project's `project_status`, stored and sent as its dictionary key. The main path is 10 → 80; 90 and
/// 99 are side states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum ProjectStatus {
    /// 10 储备(谋划)
    Reserve,
    /// 20 在谈
    Negotiating,
    /// 30 已签约
    Signed,
    /// 40 前期手续
    Preparing,
    /// 50 在建
    UnderConstruction,
    /// 60 竣工
    Completed,
    /// 70 投产
    InProduction,
    /// 80 达产: terminal, tracking ends.
    FullCapacity,
    /// 90 停缓建: a halt of 前期手续 or 在建, resumed to the status it was halted in.
    Suspended,
    /// 99 终止(退出): terminal.
    Terminated,
}

/// Who the caller acts as. Which permission that needs, and whether the caller may act on the row, is the
/// handler's business (data scope and the row's department), as for `review::Actor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The park or investment-promotion staff who keep the project (属地/招商).
    Filler,
    /// The reviewer of the project's monthly report.
    Reviewer,
    /// 管委会.
    Committee,
    /// The tenant's administrator: corrections backwards and re-opening.
    Administrator,
}

/// Who takes a move of the table (the "who" column of §2.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// The filler alone; the status changes at once.
    Filler,
    /// The filler proposes it with the month's report and it takes effect when a reviewer approves: both
    /// the proposal and the confirmation are checked against the table.
    FillerAndReview,
    /// 管委会. An administrator may too: the model puts re-opening a terminated project in the
    /// administrator's hands, so the administrator stands above the committee.
    Committee,
}

/// A field a move requires, named on the wire as the project form names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Only for 招商引资 projects (§2.2.1: "required when status ≥ 签约 and source = 招商引资").
    SignDate,
    /// Only for 招商引资 projects, with the signing date (§2.2.2, 20 → 30).
    ContractAmount,
    ActualStartDate,
    ActualCompletionDate,
    ProductionDate,
    FullCapacityDate,
    /// The reason of the move, kept in `ProjectStatusLog`.
    Reason,
    ExitReason,
    ExitDate,
}

/// One allowed move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub from: ProjectStatus,
    pub to: ProjectStatus,
    pub by: By,
    pub needs: &'static [Need],
}

/// What a project holds at each main-path status. §2.2.1 requires each date "when status ≥" the status
/// that brings it, so a move that skips a status still needs what that status brings: a 招商引资 project
/// going from 储备 straight to 前期手续 has signed, and 在建 → 投产 records the completion date too
/// ("may be recorded together with 竣工").
const SIGNED: &[Need] = &[Need::SignDate, Need::ContractAmount];
const STARTED: &[Need] = &[Need::SignDate, Need::ContractAmount, Need::ActualStartDate];
const COMPLETED: &[Need] = &[Need::SignDate, Need::ContractAmount, Need::ActualStartDate, Need::ActualCompletionDate];
const PRODUCING: &[Need] = &[Need::SignDate, Need::ContractAmount, Need::ActualStartDate, Need::ActualCompletionDate, Need::ProductionDate];
const AT_CAPACITY: &[Need] = &[
    Need::SignDate,
    Need::ContractAmount,
    Need::ActualStartDate,
    Need::ActualCompletionDate,
    Need::ProductionDate,
    Need::FullCapacityDate,
];
const HALTED: &[Need] = &[Need::Reason];
const EXITED: &[Need] = &[Need::ExitReason, Need::ExitDate];

const fn mv(from: ProjectStatus, to: ProjectStatus, by: By, needs: &'static [Need]) -> Move {
    Move { from, to, by, needs }
}

/// Every allowed move (domain-model §2.2.2), in the order the client shows them. Corrections backwards are
/// not rows: any earlier status, by an administrator, with a reason (see [`check`]).
pub const MOVES: &[Move] = &[
    mv(S::Reserve, S::Negotiating, By::Filler, &[]),
    mv(S::Reserve, S::Signed, By::Filler, SIGNED),
    mv(S::Negotiating, S::Signed, By::Filler, SIGNED),
    mv(S::Reserve, S::Preparing, By::Filler, SIGNED),
    mv(S::Negotiating, S::Preparing, By::Filler, SIGNED),
    mv(S::Signed, S::Preparing, By::Filler, SIGNED),
    mv(S::Reserve, S::UnderConstruction, By::FillerAndReview, STARTED),
    mv(S::Negotiating, S::UnderConstruction, By::FillerAndReview, STARTED),
    mv(S::Signed, S::UnderConstruction, By::FillerAndReview, STARTED),
    mv(S::Preparing, S::UnderConstruction, By::FillerAndReview, STARTED),
    mv(S::UnderConstruction, S::Completed, By::FillerAndReview, COMPLETED),
    mv(S::UnderConstruction, S::InProduction, By::FillerAndReview, PRODUCING),
    mv(S::Completed, S::InProduction, By::FillerAndReview, PRODUCING),
    mv(S::InProduction, S::FullCapacity, By::FillerAndReview, AT_CAPACITY),
    mv(S::Preparing, S::Suspended, By::FillerAndReview, HALTED),
    mv(S::UnderConstruction, S::Suspended, By::FillerAndReview, HALTED),
    // 复工: back to the status held before the halt (checked against `Facts::suspended_from`).
    mv(S::Suspended, S::Preparing, By::FillerAndReview, SIGNED),
    mv(S::Suspended, S::UnderConstruction, By::FillerAndReview, STARTED),
    mv(S::Reserve, S::Terminated, By::Committee, EXITED),
    mv(S::Negotiating, S::Terminated, By::Committee, EXITED),
    mv(S::Signed, S::Terminated, By::Committee, EXITED),
    mv(S::Preparing, S::Terminated, By::Committee, EXITED),
    mv(S::UnderConstruction, S::Terminated, By::Committee, EXITED),
    mv(S::Completed, S::Terminated, By::Committee, EXITED),
    mv(S::InProduction, S::Terminated, By::Committee, EXITED),
    mv(S::Suspended, S::Terminated, By::Committee, EXITED),
];

/// What the request brings, laid over what the project already has: `check` looks only here.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Facts {
    /// `projectSource` is 招商引资: only such projects must record their signing.
    pub attracted: bool,
    pub sign_date: Option<NaiveDate>,
    pub contract_amount: Option<Wan>,
    pub actual_start_date: Option<NaiveDate>,
    pub actual_completion_date: Option<NaiveDate>,
    pub production_date: Option<NaiveDate>,
    pub full_capacity_date: Option<NaiveDate>,
    pub exit_reason: String,
    pub exit_date: Option<NaiveDate>,
    /// The reason of this move (a halt, a correction); blank when none.
    pub reason: String,
    /// The status held before 停缓建, from the last `ProjectStatusLog` row into it. `None` for a project
    /// imported as 停缓建 with no such row: either resume is then accepted and the review confirms it.
    pub suspended_from: Option<ProjectStatus>,
}

/// How a project under construction counts in a year's statistics (§2.2.2: "本年新开工" is a derived flag,
/// not a status; the other 在建 projects are "续建").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartKind {
    /// 本年新开工
    NewThisYear,
    /// 续建
    Continuing,
}

impl StartKind {
    /// The kind of a project started on `actual_start` in `year`; `None` when it started after that year,
    /// so a past year's figures never count a later start.
    pub fn of(actual_start: NaiveDate, year: i32) -> Option<StartKind> {
        match actual_start.year() {
            y if y == year => Some(StartKind::NewThisYear),
            y if y < year => Some(StartKind::Continuing),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            StartKind::NewThisYear => "本年新开工",
            StartKind::Continuing => "续建",
        }
    }
}

impl ProjectStatus {
    pub const ALL: [ProjectStatus; 10] = [
        S::Reserve,
        S::Negotiating,
        S::Signed,
        S::Preparing,
        S::UnderConstruction,
        S::Completed,
        S::InProduction,
        S::FullCapacity,
        S::Suspended,
        S::Terminated,
    ];

    /// The `project_status` key.
    pub fn code(self) -> &'static str {
        match self {
            S::Reserve => "10",
            S::Negotiating => "20",
            S::Signed => "30",
            S::Preparing => "40",
            S::UnderConstruction => "50",
            S::Completed => "60",
            S::InProduction => "70",
            S::FullCapacity => "80",
            S::Suspended => "90",
            S::Terminated => "99",
        }
    }

    /// The status of a stored or sent key, named `field` when it is none.
    pub fn from_code(field: &str, code: &str) -> Result<ProjectStatus, AppError> {
        Self::of_code(code).ok_or_else(|| AppError::field(field, format!("不是有效的项目状态: {code}")))
    }

    /// The status of a stored key, if it is one.
    pub fn of_code(code: &str) -> Option<ProjectStatus> {
        S::ALL.into_iter().find(|s| s.code() == code)
    }

    /// The dictionary label (domain-model §5.3).
    pub fn label(self) -> &'static str {
        match self {
            S::Reserve => "储备(谋划)",
            S::Negotiating => "在谈",
            S::Signed => "已签约",
            S::Preparing => "前期手续",
            S::UnderConstruction => "在建",
            S::Completed => "竣工",
            S::InProduction => "投产",
            S::FullCapacity => "达产",
            S::Suspended => "停缓建",
            S::Terminated => "终止(退出)",
        }
    }

    /// 达产 and 终止: no move leaves them, only an administrator's correction.
    pub fn terminal(self) -> bool {
        matches!(self, S::FullCapacity | S::Terminated)
    }

    /// The position on the main path 10 → 80; `None` for the side states.
    /// Whether construction has started (在建 to 达产): the statuses a project is counted in the statistics
    /// of investment under way (入库纳统).
    pub fn started(self) -> bool {
        matches!(self, S::UnderConstruction | S::Completed | S::InProduction | S::FullCapacity)
    }

    fn rank(self) -> Option<u8> {
        S::ALL[..8].iter().position(|s| *s == self).map(|i| i as u8)
    }

    /// Whether `self` comes before `from` in a project's life, so that moving back to it is a correction:
    /// on the main path, a lower step; from 停缓建, the status it was halted in or one before (在建 when
    /// that is unknown, the latest it can have been); from 终止, every status (re-opening).
    fn earlier_than(self, from: ProjectStatus, suspended_from: Option<ProjectStatus>) -> bool {
        let Some(to) = self.rank() else { return from == S::Terminated && self == S::Suspended };
        match from {
            S::Terminated => true,
            S::Suspended => suspended_from.unwrap_or(S::UnderConstruction).rank().is_some_and(|held| to <= held),
            _ => from.rank().is_some_and(|from| to < from),
        }
    }
}

impl From<ProjectStatus> for &'static str {
    fn from(s: ProjectStatus) -> &'static str {
        s.code()
    }
}

impl TryFrom<String> for ProjectStatus {
    type Error = String;
    fn try_from(code: String) -> Result<ProjectStatus, String> {
        ProjectStatus::of_code(&code).ok_or_else(|| format!("不是有效的项目状态: {code}"))
    }
}

impl Actor {
    pub const ALL: [Actor; 4] = [Actor::Filler, Actor::Reviewer, Actor::Committee, Actor::Administrator];
}

impl By {
    /// Whether `actor` may take a move of this kind.
    pub fn admits(self, actor: Actor) -> bool {
        match self {
            By::Filler => actor == Actor::Filler,
            By::FillerAndReview => matches!(actor, Actor::Filler | Actor::Reviewer),
            By::Committee => matches!(actor, Actor::Committee | Actor::Administrator),
        }
    }

    fn label(self) -> &'static str {
        match self {
            By::Filler => "由填报单位办理",
            By::FillerAndReview => "由填报单位提出并经审核确认",
            By::Committee => "由管委会办理",
        }
    }
}

impl Need {
    pub const ALL: [Need; 9] = [
        Need::SignDate,
        Need::ContractAmount,
        Need::ActualStartDate,
        Need::ActualCompletionDate,
        Need::ProductionDate,
        Need::FullCapacityDate,
        Need::Reason,
        Need::ExitReason,
        Need::ExitDate,
    ];

    /// The wire name of the field, as refusals name it.
    pub fn field(self) -> &'static str {
        match self {
            Need::SignDate => "signDate",
            Need::ContractAmount => "contractAmount",
            Need::ActualStartDate => "actualStartDate",
            Need::ActualCompletionDate => "actualCompletionDate",
            Need::ProductionDate => "productionDate",
            Need::FullCapacityDate => "fullCapacityDate",
            Need::Reason => "reason",
            Need::ExitReason => "exitReason",
            Need::ExitDate => "exitDate",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Need::SignDate => "签约日期",
            Need::ContractAmount => "签约(协议)投资额",
            Need::ActualStartDate => "实际开工日期",
            Need::ActualCompletionDate => "实际竣工日期",
            Need::ProductionDate => "投产日期",
            Need::FullCapacityDate => "达产日期",
            Need::Reason => "原因",
            Need::ExitReason => "终止原因",
            Need::ExitDate => "终止日期",
        }
    }

    /// Whether the project must have the field at all: the signing only for 招商引资 projects.
    fn applies(self, facts: &Facts) -> bool {
        !matches!(self, Need::SignDate | Need::ContractAmount) || facts.attracted
    }

    fn present(self, facts: &Facts) -> bool {
        match self {
            Need::SignDate => facts.sign_date.is_some(),
            Need::ContractAmount => facts.contract_amount.is_some(),
            Need::ActualStartDate => facts.actual_start_date.is_some(),
            Need::ActualCompletionDate => facts.actual_completion_date.is_some(),
            Need::ProductionDate => facts.production_date.is_some(),
            Need::FullCapacityDate => facts.full_capacity_date.is_some(),
            Need::Reason => !facts.reason.trim().is_empty(),
            Need::ExitReason => !facts.exit_reason.trim().is_empty(),
            Need::ExitDate => facts.exit_date.is_some(),
        }
    }
}

/// The move from `from` to `to` in the table, if it has one.
pub fn find(from: ProjectStatus, to: ProjectStatus) -> Option<&'static Move> {
    MOVES.iter().find(|m| m.from == from && m.to == to)
}

/// The fields a project must hold at `status`: those of any move into it (every move into one status needs
/// the same), nothing for 储备.
pub fn requires(status: ProjectStatus) -> &'static [Need] {
    MOVES.iter().find(|m| m.to == status).map_or(&[], |m| m.needs)
}

/// How a change is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    Move(&'static Move),
    /// Back to an earlier status by an administrator, with a reason.
    Correction,
}

/// Whether `actor` may change `from` to `to` at all, before the fields are looked at.
fn route(from: ProjectStatus, to: ProjectStatus, actor: Actor, suspended_from: Option<ProjectStatus>) -> Result<Route, AppError> {
    if from == to {
        return Err(AppError::bad(format!("项目已是{}", from.label())));
    }
    let found = find(from, to);
    let earlier = to.earlier_than(from, suspended_from);
    // A resume (back to a main-path status) to another status than the one held before the halt; an
    // administrator may still correct a project back to a status before that one. Terminating a halted
    // project is no resume.
    let held = suspended_from.filter(|held| from == S::Suspended && found.is_some() && to.rank().is_some() && *held != to);
    if let Some(held) = held
        && !(earlier && actor == Actor::Administrator)
    {
        return Err(AppError::bad(format!("停缓建前为{0}，只能恢复为{0}", held.label())));
    }
    if let Some(m) = found.filter(|m| m.by.admits(actor) && held.is_none()) {
        return Ok(Route::Move(m));
    }
    if earlier {
        return if actor == Actor::Administrator {
            Ok(Route::Correction)
        } else {
            Err(AppError::Forbidden(format!("改回{}须由管理员更正", to.label())))
        };
    }
    match found {
        Some(m) => Err(AppError::Forbidden(format!("改为{}须{}", to.label(), m.by.label()))),
        None => Err(AppError::bad(format!("{}的项目不能改为{}", from.label(), to.label()))),
    }
}

/// Whether `actor` may change a project from `from` to `to` with `facts`: a move of the table taken by its
/// actor with the fields its target requires, or an administrator's correction back to an earlier status
/// with a reason (and the fields that status requires, since the project stands there again). Refusals: a
/// missing field or dates out of order on that field, a move for someone else 403, anything else 400.
pub fn check(from: ProjectStatus, to: ProjectStatus, actor: Actor, facts: &Facts) -> Result<(), AppError> {
    let needs = match route(from, to, actor, facts.suspended_from)? {
        Route::Move(m) => m.needs,
        Route::Correction => {
            if !Need::Reason.present(facts) {
                return Err(AppError::field(Need::Reason.field(), "更正项目状态须填写原因"));
            }
            requires(to)
        }
    };
    if let Some(missing) = needs.iter().find(|n| n.applies(facts) && !n.present(facts)) {
        return Err(AppError::field(missing.field(), format!("改为{}须填写{}", to.label(), missing.label())));
    }
    dates_in_order(facts)
}

/// Whether a project standing at `status` holds what that status requires, with its dates in order: a
/// project entering the library already under way brings the dates of the statuses it has passed.
pub fn holds(status: ProjectStatus, facts: &Facts) -> Result<(), AppError> {
    if let Some(missing) = requires(status).iter().find(|n| n.applies(facts) && !n.present(facts)) {
        return Err(AppError::field(missing.field(), format!("{}的项目须填写{}", status.label(), missing.label())));
    }
    dates_in_order(facts)
}

/// The orders the model implies between the dates: the construction period runs from start to completion
/// (§2.2.8), production follows the start, and 达产 follows 投产. Production may precede completion
/// (trial production), so those two are not ordered. The later date is the one refused.
fn dates_in_order(facts: &Facts) -> Result<(), AppError> {
    let pairs = [
        (Need::ActualCompletionDate, facts.actual_completion_date, Need::ActualStartDate, facts.actual_start_date),
        (Need::ProductionDate, facts.production_date, Need::ActualStartDate, facts.actual_start_date),
        (Need::FullCapacityDate, facts.full_capacity_date, Need::ProductionDate, facts.production_date),
    ];
    for (later, later_date, earlier, earlier_date) in pairs {
        if let (Some(l), Some(e)) = (later_date, earlier_date)
            && l < e
        {
            return Err(AppError::field(later.field(), format!("{}不能早于{}", later.label(), earlier.label())));
        }
    }
    Ok(())
}

/// The statuses `actor` may change a project at `from` to, in code order: the `nextStatuses` the client is
/// sent. `suspended_from` narrows a resume to the status held before the halt. The fields are the
/// request's, so they are not looked at here.
pub fn allowed(from: ProjectStatus, actor: Actor, suspended_from: Option<ProjectStatus>) -> Vec<ProjectStatus> {
    S::ALL.into_iter().filter(|to| route(from, *to, actor, suspended_from).is_ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::Actor::*;
    use super::ProjectStatus::*;
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    /// A 招商引资 project with every fact recorded, in order.
    fn full() -> Facts {
        Facts {
            attracted: true,
            sign_date: Some(day("2025-03-01")),
            contract_amount: Some(Wan::parse("contractAmount", "50000").unwrap()),
            actual_start_date: Some(day("2025-06-01")),
            actual_completion_date: Some(day("2026-05-01")),
            production_date: Some(day("2026-06-01")),
            full_capacity_date: Some(day("2026-12-01")),
            exit_reason: "投资方资金链断裂".into(),
            exit_date: Some(day("2026-07-01")),
            reason: "施工许可暂停".into(),
            suspended_from: None,
        }
    }

    fn field_error(r: Result<(), AppError>) -> Option<(String, String)> {
        match r {
            Err(AppError::Field { field, reason }) => Some((field, reason)),
            other => panic!("not a field error: {other:?}"),
        }
    }

    /// The "who" of domain-model §2.2.2 written out again by hand, as the callers it admits.
    const F: &[Actor] = &[Filler];
    const FR: &[Actor] = &[Filler, Reviewer];
    const C: &[Actor] = &[Committee, Administrator];

    /// The rows of §2.2.2, one per (from, to), by hand.
    const EXPECTED: &[(ProjectStatus, ProjectStatus, &[Actor])] = &[
        (Reserve, Negotiating, F),
        (Reserve, Signed, F),
        (Negotiating, Signed, F),
        (Reserve, Preparing, F),
        (Negotiating, Preparing, F),
        (Signed, Preparing, F),
        (Reserve, UnderConstruction, FR),
        (Negotiating, UnderConstruction, FR),
        (Signed, UnderConstruction, FR),
        (Preparing, UnderConstruction, FR),
        (UnderConstruction, Completed, FR),
        (UnderConstruction, InProduction, FR),
        (Completed, InProduction, FR),
        (InProduction, FullCapacity, FR),
        (Preparing, Suspended, FR),
        (UnderConstruction, Suspended, FR),
        (Suspended, Preparing, FR),
        (Suspended, UnderConstruction, FR),
        (Reserve, Terminated, C),
        (Negotiating, Terminated, C),
        (Signed, Terminated, C),
        (Preparing, Terminated, C),
        (UnderConstruction, Terminated, C),
        (Completed, Terminated, C),
        (InProduction, Terminated, C),
        (Suspended, Terminated, C),
    ];

    /// The earlier statuses an administrator may correct a project back to, by hand (停缓建 with the
    /// status before the halt unknown, so up to 在建).
    fn corrections(from: ProjectStatus) -> Vec<ProjectStatus> {
        match from {
            Reserve => vec![],
            Negotiating => vec![Reserve],
            Signed => vec![Reserve, Negotiating],
            Preparing => vec![Reserve, Negotiating, Signed],
            UnderConstruction => vec![Reserve, Negotiating, Signed, Preparing],
            Completed => vec![Reserve, Negotiating, Signed, Preparing, UnderConstruction],
            InProduction => vec![Reserve, Negotiating, Signed, Preparing, UnderConstruction, Completed],
            FullCapacity => vec![Reserve, Negotiating, Signed, Preparing, UnderConstruction, Completed, InProduction],
            Suspended => vec![Reserve, Negotiating, Signed, Preparing, UnderConstruction],
            Terminated => ProjectStatus::ALL[..9].to_vec(),
        }
    }

    #[test]
    fn every_pair_of_statuses_is_allowed_to_exactly_the_actors_of_the_domain_model() {
        let facts = full();
        let mut allowed_moves = 0;
        for from in ProjectStatus::ALL {
            for to in ProjectStatus::ALL {
                let row = EXPECTED.iter().find(|(f, t, _)| *f == from && *t == to);
                for actor in Actor::ALL {
                    let by_row = row.is_some_and(|(_, _, who)| who.contains(&actor));
                    let correction = actor == Administrator && corrections(from).contains(&to);
                    match check(from, to, actor, &facts) {
                        Ok(()) => {
                            assert!(by_row || correction, "{from:?} → {to:?} by {actor:?} was accepted");
                            allowed_moves += usize::from(by_row);
                        }
                        Err(e) => {
                            assert!(!by_row && !correction, "{from:?} → {to:?} by {actor:?}: {e:?}");
                            // Someone else's move, or a correction by a non-administrator, is forbidden;
                            // a change nobody may make is a bad request.
                            let someone_elses = row.is_some() || corrections(from).contains(&to);
                            assert_eq!(e.code(), if someone_elses { 403 } else { 400 }, "{from:?} → {to:?} by {actor:?}: {e:?}");
                        }
                    }
                }
            }
        }
        let admitted: usize = EXPECTED.iter().map(|(_, _, who)| who.len()).sum();
        assert_eq!(allowed_moves, admitted);
        assert_eq!(MOVES.len(), EXPECTED.len(), "no move is listed twice");
        assert_eq!(check(InProduction, Suspended, Filler, &facts).unwrap_err().to_string(), "投产的项目不能改为停缓建");
        assert_eq!(check(Signed, Signed, Filler, &facts).unwrap_err().to_string(), "项目已是已签约");
        assert_eq!(check(Preparing, Terminated, Filler, &facts).unwrap_err().to_string(), "改为终止(退出)须由管委会办理");
        assert_eq!(check(Preparing, UnderConstruction, Committee, &facts).unwrap_err().to_string(), "改为在建须由填报单位提出并经审核确认");
    }

    #[test]
    fn each_move_names_the_fields_it_requires_and_terminal_states_need_an_administrator() {
        // The fields of each target, by hand from §2.2.1 ("required when status ≥ …") and §2.2.2.
        let signed = ["signDate", "contractAmount"];
        let started = ["signDate", "contractAmount", "actualStartDate"];
        let completed = ["signDate", "contractAmount", "actualStartDate", "actualCompletionDate"];
        let producing = ["signDate", "contractAmount", "actualStartDate", "actualCompletionDate", "productionDate"];
        let capacity = ["signDate", "contractAmount", "actualStartDate", "actualCompletionDate", "productionDate", "fullCapacityDate"];
        let wanted = |to: ProjectStatus| -> Vec<&str> {
            match to {
                Reserve | Negotiating => vec![],
                Signed | Preparing => signed.to_vec(),
                UnderConstruction => started.to_vec(),
                Completed => completed.to_vec(),
                InProduction => producing.to_vec(),
                FullCapacity => capacity.to_vec(),
                Suspended => vec!["reason"],
                Terminated => vec!["exitReason", "exitDate"],
            }
        };
        for m in MOVES {
            let actor = if m.by == By::Committee { Committee } else { Filler };
            let fields: Vec<&str> = m.needs.iter().map(|n| n.field()).collect();
            assert_eq!(fields, wanted(m.to), "{m:?}");
            assert!(check(m.from, m.to, actor, &full()).is_ok(), "{m:?}");
            for need in Need::ALL {
                let mut facts = full();
                clear(&mut facts, need);
                let got = check(m.from, m.to, actor, &facts);
                if m.needs.contains(&need) {
                    let want = format!("改为{}须填写{}", m.to.label(), need.label());
                    assert_eq!(field_error(got), Some((need.field().to_string(), want)), "{m:?} without {need:?}");
                } else {
                    assert!(got.is_ok(), "{m:?} without {need:?}: {got:?}");
                }
            }
            // A project that is not 招商引资 need not record a signing.
            let mut local = full();
            local.attracted = false;
            local.sign_date = None;
            local.contract_amount = None;
            assert!(check(m.from, m.to, actor, &local).is_ok(), "{m:?} for a local project");
        }
        // Blank reasons are missing ones.
        let blank = Facts { reason: "  ".into(), ..full() };
        assert_eq!(field_error(check(UnderConstruction, Suspended, Reviewer, &blank)).unwrap().0, "reason");

        // 达产 and 终止 allow nothing but an administrator's correction with a reason.
        for from in [FullCapacity, Terminated] {
            assert!(from.terminal());
            for actor in [Filler, Reviewer, Committee] {
                assert_eq!(allowed(from, actor, None), vec![], "{from:?} {actor:?}");
            }
            assert_eq!(allowed(from, Administrator, None), corrections(from), "{from:?}");
            let no_reason = Facts { reason: String::new(), ..full() };
            assert_eq!(
                field_error(check(from, Reserve, Administrator, &no_reason)),
                Some(("reason".into(), "更正项目状态须填写原因".into()))
            );
            assert!(check(from, Reserve, Administrator, &full()).is_ok());
        }
        assert!(ProjectStatus::ALL.iter().filter(|s| s.terminal()).eq([FullCapacity, Terminated].iter()));
    }

    fn clear(facts: &mut Facts, need: Need) {
        match need {
            Need::SignDate => facts.sign_date = None,
            Need::ContractAmount => facts.contract_amount = None,
            Need::ActualStartDate => facts.actual_start_date = None,
            Need::ActualCompletionDate => facts.actual_completion_date = None,
            Need::ProductionDate => facts.production_date = None,
            Need::FullCapacityDate => facts.full_capacity_date = None,
            Need::Reason => facts.reason.clear(),
            Need::ExitReason => facts.exit_reason.clear(),
            Need::ExitDate => facts.exit_date = None,
        }
    }

    #[test]
    fn corrections_backwards_are_an_administrators_with_a_reason_and_the_fields_of_the_status_returned_to() {
        let facts = full();
        for actor in [Filler, Reviewer, Committee] {
            let e = check(Completed, UnderConstruction, actor, &facts).unwrap_err();
            assert_eq!((e.code(), e.to_string()), (403, "改回在建须由管理员更正".to_string()), "{actor:?}");
        }
        assert!(check(Completed, UnderConstruction, Administrator, &facts).is_ok());
        let no_reason = Facts { reason: String::new(), ..full() };
        assert_eq!(field_error(check(Completed, UnderConstruction, Administrator, &no_reason)).unwrap().0, "reason");
        // Re-opening a terminated project at 竣工 needs what a completed project holds.
        let unfinished = Facts { actual_completion_date: None, ..full() };
        assert_eq!(
            field_error(check(Terminated, Completed, Administrator, &unfinished)),
            Some(("actualCompletionDate".into(), "改为竣工须填写实际竣工日期".into()))
        );
        // Forward is never a correction: an administrator takes no filler's move.
        assert_eq!(check(UnderConstruction, Completed, Administrator, &facts).unwrap_err().code(), 403);
        assert_eq!(check(UnderConstruction, Suspended, Administrator, &facts).unwrap_err().code(), 403);
        // An administrator may terminate, as the committee does.
        assert!(check(Signed, Terminated, Administrator, &facts).is_ok());
    }

    #[test]
    fn a_suspended_project_resumes_only_to_the_status_it_was_halted_in() {
        for (held, back, other) in [(Preparing, Preparing, UnderConstruction), (UnderConstruction, UnderConstruction, Preparing)] {
            let facts = Facts { suspended_from: Some(held), ..full() };
            assert!(check(Suspended, back, Filler, &facts).is_ok());
            assert!(check(Suspended, back, Reviewer, &facts).is_ok());
            let e = check(Suspended, other, Filler, &facts).unwrap_err();
            assert_eq!((e.code(), e.to_string()), (400, format!("停缓建前为{0}，只能恢复为{0}", held.label())));
            assert_eq!(allowed(Suspended, Filler, Some(held)), vec![back]);
            // Terminating a halted project is no resume: the committee may, whatever it was halted in.
            assert!(check(Suspended, Terminated, Committee, &facts).is_ok());
            assert_eq!(allowed(Suspended, Committee, Some(held)), vec![Terminated]);
        }
        // Halted in 前期手续, 在建 is not an earlier status: even an administrator cannot put it there.
        let facts = Facts { suspended_from: Some(Preparing), ..full() };
        assert_eq!(check(Suspended, UnderConstruction, Administrator, &facts).unwrap_err().code(), 400);
        assert!(check(Suspended, Preparing, Administrator, &facts).is_ok());
        // Unknown (imported as 停缓建): either resume, confirmed by the review.
        assert_eq!(allowed(Suspended, Reviewer, None), vec![Preparing, UnderConstruction]);
        // Resuming to 在建 needs the start date the project had.
        let unstarted = Facts { actual_start_date: None, suspended_from: Some(UnderConstruction), ..full() };
        assert_eq!(field_error(check(Suspended, UnderConstruction, Filler, &unstarted)).unwrap().0, "actualStartDate");
    }

    #[test]
    fn dates_out_of_order_are_refused_on_the_later_date() {
        for (facts, field, reason) in [
            (
                Facts { actual_completion_date: Some(day("2025-05-31")), ..full() },
                "actualCompletionDate",
                "实际竣工日期不能早于实际开工日期",
            ),
            (Facts { production_date: Some(day("2025-01-01")), ..full() }, "productionDate", "投产日期不能早于实际开工日期"),
            (Facts { full_capacity_date: Some(day("2026-05-31")), ..full() }, "fullCapacityDate", "达产日期不能早于投产日期"),
        ] {
            assert_eq!(field_error(check(InProduction, FullCapacity, Reviewer, &facts)), Some((field.into(), reason.into())));
        }
        // Trial production before completion, and dates on one day, are in order.
        let trial = Facts { production_date: Some(day("2026-04-01")), full_capacity_date: Some(day("2026-04-01")), ..full() };
        assert!(check(InProduction, FullCapacity, Reviewer, &trial).is_ok());
        let same_day = Facts { actual_completion_date: Some(day("2025-06-01")), ..full() };
        assert!(check(UnderConstruction, Completed, Filler, &same_day).is_ok());
    }

    #[test]
    fn the_client_is_sent_exactly_the_statuses_each_actor_may_choose() {
        for (from, actor, want) in [
            (Reserve, Filler, vec![Negotiating, Signed, Preparing, UnderConstruction]),
            (Reserve, Reviewer, vec![UnderConstruction]),
            (Reserve, Committee, vec![Terminated]),
            (Preparing, Filler, vec![UnderConstruction, Suspended]),
            (UnderConstruction, Reviewer, vec![Completed, InProduction, Suspended]),
            (UnderConstruction, Administrator, vec![Reserve, Negotiating, Signed, Preparing, Terminated]),
            (Completed, Filler, vec![InProduction]),
            (InProduction, Filler, vec![FullCapacity]),
            (Suspended, Committee, vec![Terminated]),
        ] {
            assert_eq!(allowed(from, actor, None), want, "{from:?} {actor:?}");
        }
        let facts = full();
        for from in ProjectStatus::ALL {
            for actor in Actor::ALL {
                for to in ProjectStatus::ALL {
                    assert_eq!(
                        allowed(from, actor, None).contains(&to),
                        check(from, to, actor, &facts).is_ok(),
                        "{from:?} → {to:?} {actor:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn statuses_are_the_project_status_keys_with_their_labels() {
        for (status, code, label) in [
            (Reserve, "10", "储备(谋划)"),
            (Negotiating, "20", "在谈"),
            (Signed, "30", "已签约"),
            (Preparing, "40", "前期手续"),
            (UnderConstruction, "50", "在建"),
            (Completed, "60", "竣工"),
            (InProduction, "70", "投产"),
            (FullCapacity, "80", "达产"),
            (Suspended, "90", "停缓建"),
            (Terminated, "99", "终止(退出)"),
        ] {
            assert_eq!((status.code(), status.label()), (code, label));
            assert_eq!(ProjectStatus::from_code("projectStatus", code).unwrap(), status);
            assert_eq!(serde_json::to_string(&status).unwrap(), format!("\"{code}\""));
            assert_eq!(serde_json::from_str::<ProjectStatus>(&format!("\"{code}\"")).unwrap(), status);
        }
        assert!(matches!(ProjectStatus::from_code("projectStatus", "45"), Err(AppError::Field { field, .. }) if field == "projectStatus"));
        assert!(serde_json::from_str::<ProjectStatus>(r#""45""#).is_err());
    }

    #[test]
    fn a_start_in_the_year_is_new_and_an_earlier_one_continues() {
        for (start, year, want) in [
            ("2026-01-01", 2026, Some(StartKind::NewThisYear)),
            ("2026-12-31", 2026, Some(StartKind::NewThisYear)),
            ("2025-12-31", 2026, Some(StartKind::Continuing)),
            ("2019-03-15", 2026, Some(StartKind::Continuing)),
            ("2027-01-01", 2026, None),
        ] {
            assert_eq!(StartKind::of(day(start), year), want, "{start} in {year}");
        }
        assert_eq!((StartKind::NewThisYear.label(), StartKind::Continuing.label()), ("本年新开工", "续建"));
    }
}
