//! Status changes of projects in the library (domain-model §2.2.2): who a person acts as, the change
//! checked against the lifecycle table with the facts it brings laid over what the project holds, the row
//! updated only from the status it was read in, and a `biz_project_status_log` row for every change.
//!
//! A move the table gives to "filler + review" (在建, 竣工, 投产, 达产, 停缓建 and back) is proposed by the
//! park with the month's progress report and takes effect when a reviewer approves that report; taken
//! here directly it needs a reviewer. Corrections back to an earlier status are an administrator's, with
//! a reason.
use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};
use serde::{Deserialize, Serialize};

use super::lifecycle::{self, Actor, By, Facts, ProjectStatus};
use super::{form, repo, scope};
use crate::entity::{project, project_status_log};
use crate::money::Wan;
use crate::review::Status;
use crate::state::AppState;

/// The buttons of a project reviewer: whoever reviews the investment screens' filings confirms the moves
/// the park proposes.
pub const REVIEWER_CODES: &[&str] = &["track_project_approve", "project_warehousing_approve", "technical_renovation_approve"];

/// `dept_power_type` of the 管委会.
const COMMITTEE_POWER_TYPE: i32 = 1;

/// Who a person may act as on a project they can see and edit: always its filler; a reviewer with a
/// reviewer's button; the committee from a 管委会 department; an administrator by role.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Actors {
    pub reviewer: bool,
    pub committee: bool,
    pub administrator: bool,
}

impl Actors {
    pub async fn of(state: &AppState, me: &CurrentUser) -> Result<Actors, AppError> {
        let reference = state.reference.with_depts(&me.tenant_id, &me.dept_ids).await?;
        let administrator = me.is_admin();
        let committee = administrator || me.dept_ids.iter().any(|&d| reference.power_type(d) == Some(COMMITTEE_POWER_TYPE));
        Ok(Actors { reviewer: state.guard.holds_any(me, REVIEWER_CODES).await?, committee, administrator })
    }

    fn list(self) -> Vec<Actor> {
        let mut out = vec![Actor::Filler];
        for (held, actor) in
            [(self.reviewer, Actor::Reviewer), (self.committee, Actor::Committee), (self.administrator, Actor::Administrator)]
        {
            if held {
                out.push(actor);
            }
        }
        out
    }

    /// Who takes the change from `from` to `to`: the first of the person's actors the table gives the move
    /// to, never the filler alone for a move that needs a review; for a change the table lacks (a
    /// correction), the administrator if they are one. `None`: nobody they act as may.
    pub fn for_change(self, from: ProjectStatus, to: ProjectStatus) -> Option<Actor> {
        match lifecycle::find(from, to) {
            Some(m) => self.list().into_iter().find(|a| m.by.admits(*a) && !(m.by == By::FillerAndReview && *a == Actor::Filler)),
            None => self.administrator.then_some(Actor::Administrator),
        }
    }

    /// The statuses the person may change a project at `from` to: the `nextStatuses` of a project in the
    /// library, in code order.
    pub fn next_statuses(self, from: ProjectStatus, suspended_from: Option<ProjectStatus>) -> Vec<ProjectStatus> {
        let mut out: Vec<ProjectStatus> = self
            .list()
            .into_iter()
            .flat_map(|a| lifecycle::allowed(from, a, suspended_from))
            .filter(|to| self.for_change(from, *to).is_some())
            .collect();
        out.sort_by_key(|s| s.code());
        out.dedup();
        out
    }
}

/// The body of `project/status`: the new status and what it needs (the dates of the statuses it brings,
/// the signing of a 招商引资 project, a reason for a halt or a correction, the exit of a termination).
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeForm {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::opt_string", default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day", skip_serializing_if = "Option::is_none")]
    pub sign_date: Option<NaiveDate>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::decimal::opt_normal", skip_serializing_if = "Option::is_none")]
    pub contract_amount: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day", skip_serializing_if = "Option::is_none")]
    pub actual_start_date: Option<NaiveDate>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day", skip_serializing_if = "Option::is_none")]
    pub actual_completion_date: Option<NaiveDate>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day", skip_serializing_if = "Option::is_none")]
    pub production_date: Option<NaiveDate>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day", skip_serializing_if = "Option::is_none")]
    pub full_capacity_date: Option<NaiveDate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_reason: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_day", skip_serializing_if = "Option::is_none")]
    pub exit_date: Option<NaiveDate>,
}

/// A checked change.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub id: i64,
    pub to: ProjectStatus,
    pub reason: String,
    pub sign_date: Option<NaiveDate>,
    pub contract_amount: Option<Decimal>,
    pub actual_start_date: Option<NaiveDate>,
    pub actual_completion_date: Option<NaiveDate>,
    pub production_date: Option<NaiveDate>,
    pub full_capacity_date: Option<NaiveDate>,
    pub exit_reason: String,
    pub exit_date: Option<NaiveDate>,
}

impl ChangeForm {
    pub fn from_json(body: &serde_json::Map<String, serde_json::Value>) -> Result<ChangeForm, AppError> {
        keeper_common::form::from_json(body)
    }

    pub fn validate(self) -> Result<Change, AppError> {
        let id = self.id.ok_or_else(|| AppError::field("id", "不能为空"))?;
        let to = keeper_common::fields::trimmed("toStatus", self.to_status, 4, true)?;
        let contract_amount = crate::checks::amount("contractAmount", self.contract_amount, 14, 4)?;
        for (field, day) in [
            ("signDate", self.sign_date),
            ("actualStartDate", self.actual_start_date),
            ("actualCompletionDate", self.actual_completion_date),
            ("productionDate", self.production_date),
            ("fullCapacityDate", self.full_capacity_date),
            ("exitDate", self.exit_date),
        ] {
            // A change records what has happened: none of its days lies ahead.
            if let Some(d) = day {
                keeper_common::time::past_date(field, d)?;
            }
        }
        Ok(Change {
            id,
            to: ProjectStatus::from_code("toStatus", &to)?,
            reason: keeper_common::fields::trimmed("reason", self.reason, 500, false)?,
            sign_date: self.sign_date,
            contract_amount,
            actual_start_date: self.actual_start_date,
            actual_completion_date: self.actual_completion_date,
            production_date: self.production_date,
            full_capacity_date: self.full_capacity_date,
            exit_reason: keeper_common::fields::trimmed("exitReason", self.exit_reason, 500, false)?,
            exit_date: self.exit_date,
        })
    }
}

/// What the lifecycle looks at: the change's values laid over the project's.
fn facts(p: &project::Model, c: &Change) -> Facts {
    Facts {
        attracted: p.project_source == form::ATTRACTED_SOURCE,
        sign_date: c.sign_date.or(p.sign_date),
        contract_amount: c.contract_amount.or(p.contract_amount).map(Wan::round),
        actual_start_date: c.actual_start_date.or(p.actual_start_date),
        actual_completion_date: c.actual_completion_date.or(p.actual_completion_date),
        production_date: c.production_date.or(p.production_date),
        full_capacity_date: c.full_capacity_date.or(p.full_capacity_date),
        exit_reason: if c.exit_reason.is_empty() { p.exit_reason.clone() } else { c.exit_reason.clone() },
        exit_date: c.exit_date.or(p.exit_date),
        reason: c.reason.clone(),
        suspended_from: ProjectStatus::of_code(&p.suspended_from),
    }
}

/// The day a status takes effect on, as the history shows it.
fn effective_day(to: ProjectStatus, f: &Facts) -> Option<NaiveDate> {
    match to {
        ProjectStatus::Signed => f.sign_date,
        ProjectStatus::UnderConstruction => f.actual_start_date,
        ProjectStatus::Completed => f.actual_completion_date,
        ProjectStatus::InProduction => f.production_date,
        ProjectStatus::FullCapacity => f.full_capacity_date,
        ProjectStatus::Terminated => f.exit_date,
        _ => None,
    }
    .or_else(|| Some(keeper_common::time::today()))
}

/// Changes the status of a project in the library; every change writes its history row in the same
/// transaction.
pub async fn change(state: &AppState, me: &CurrentUser, c: Change) -> Result<(), AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let actors = Actors::of(state, me).await?;
    let p = repo::visible(&state.db, tenant, &scope, &[c.id]).await?.pop().ok_or_else(AppError::not_found)?;
    if p.library_status != Status::Approved.code() {
        return Err(AppError::bad("项目入库后才能变更状态；入库前请在项目信息中修改"));
    }
    let from = ProjectStatus::from_code("projectStatus", &p.project_status)?;
    let f = facts(&p, &c);
    let Some(actor) = actors.for_change(from, c.to) else {
        // The table's own refusal says who may (a filler's proposal, the committee's, an administrator's).
        lifecycle::check(from, c.to, Actor::Filler, &f)?;
        // A tracked project proposes with its monthly report; a finished one on the 已完成项目 screen.
        let route = if repo::TRACKED_STATUSES.contains(&from) { "须随月度进展报告提交" } else { "须在已完成项目中申报" };
        return Err(AppError::Forbidden(format!("改为{}{route}并经审核确认", c.to.label())));
    };
    let txn = state.db.begin().await?;
    apply(&txn, me, &p, &c, actor).await?;
    txn.commit().await?;
    Ok(())
}

/// Moves the project `p` (as read in `db`'s transaction) to `c.to` as `actor`: checked against the table
/// with the change's facts laid over the project's, written only from the status it was read in, with its
/// history row. `project/status` calls it for a person's own change, and the approval of a monthly report
/// for the move the report proposed.
pub async fn apply<C: ConnectionTrait>(db: &C, me: &CurrentUser, p: &project::Model, c: &Change, actor: Actor) -> Result<(), AppError> {
    let from = ProjectStatus::from_code("projectStatus", &p.project_status)?;
    let f = facts(p, c);
    lifecycle::check(from, c.to, actor, &f)?;
    let mut changes = project::ActiveModel {
        project_status: Set(c.to.code().into()),
        sign_date: Set(f.sign_date),
        contract_amount: Set(f.contract_amount.map(Wan::decimal)),
        actual_start_date: Set(f.actual_start_date),
        actual_completion_date: Set(f.actual_completion_date),
        production_date: Set(f.production_date),
        full_capacity_date: Set(f.full_capacity_date),
        ..Default::default()
    };
    if c.to == ProjectStatus::Terminated {
        changes.exit_reason = Set(f.exit_reason.clone());
        changes.exit_date = Set(f.exit_date);
    }
    // A halt remembers where it halted, for the resume; a resume or a correction forgets it.
    changes.suspended_from = Set(if c.to == ProjectStatus::Suspended { from.code().into() } else { String::new() });
    base::updated::<project::Entity>(&mut changes, &Author::of(me));
    if !repo::update_if(db, &me.tenant_id, p.id, repo::project_status_is(from), changes).await? {
        return Err(AppError::bad("项目状态已变化，请刷新后重试"));
    }
    log(db, me, p.id, from, c.to, effective_day(c.to, &f), &c.reason).await
}

/// Whether a monthly report may propose the change `c` of the project `p` (domain-model §2.2.2: the
/// park proposes with its report what the table gives the filler, alone or confirmed by review): the same
/// check the approval repeats on the project as it then stands. A refusal names the field it is about,
/// `projectStatus` for a move the filler may not propose.
pub fn check_proposal(p: &project::Model, c: &Change) -> Result<(), AppError> {
    let from = ProjectStatus::from_code("projectStatus", &p.project_status)?;
    lifecycle::check(from, c.to, Actor::Filler, &facts(p, c)).map_err(|e| match e {
        AppError::Field { .. } => e,
        other => AppError::field("projectStatus", other.to_string()),
    })
}

/// Writes one history row; call it in the transaction of the change.
pub async fn log<C: ConnectionTrait>(
    db: &C,
    me: &CurrentUser,
    project_id: i64,
    from: ProjectStatus,
    to: ProjectStatus,
    day: Option<NaiveDate>,
    reason: &str,
) -> Result<(), AppError> {
    project_status_log::Entity::insert(project_status_log::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(me.tenant_id.clone()),
        project_id: Set(project_id),
        from_status: Set(from.code().into()),
        to_status: Set(to.code().into()),
        change_date: Set(day),
        reason: Set(reason.trim().into()),
        operator_id: Set(me.user_id),
        operator_name: Set(me.real_name.chars().take(50).collect()),
        create_time: Set(keeper_common::time::now()),
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// One row of a project's status history.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub from_status: String,
    pub from_status_name: String,
    pub to_status: String,
    pub to_status_name: String,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub change_date: Option<NaiveDate>,
    pub reason: String,
    pub operator_name: String,
    /// Local `yyyy-MM-dd HH:mm:ss`.
    pub create_time: String,
}

/// The status history of one project the caller may see, oldest first.
pub async fn history(state: &AppState, me: &CurrentUser, id: i64) -> Result<Vec<Entry>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let p = repo::visible(&state.db, &me.tenant_id, &scope, &[id]).await?.pop().ok_or_else(AppError::not_found)?;
    let rows = project_status_log::Entity::find()
        .filter(project_status_log::Column::TenantId.eq(me.tenant_id.as_str()))
        .filter(project_status_log::Column::ProjectId.eq(p.id))
        .order_by_asc(project_status_log::Column::CreateTime)
        .order_by_asc(project_status_log::Column::Id)
        .all(&state.db)
        .await?;
    let name = |code: &str| ProjectStatus::of_code(code).map(ProjectStatus::label).unwrap_or_default().to_string();
    Ok(rows
        .into_iter()
        .map(|r| Entry {
            id: r.id,
            from_status_name: name(&r.from_status),
            to_status_name: name(&r.to_status),
            from_status: r.from_status,
            to_status: r.to_status,
            change_date: r.change_date,
            reason: r.reason,
            operator_name: r.operator_name,
            create_time: keeper_common::time::format(&r.create_time),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::ProjectStatus as S;
    use super::*;

    #[test]
    fn a_clerk_alone_takes_only_the_filler_moves_and_a_reviewer_confirms_the_others() {
        let clerk = Actors::default();
        let reviewer = Actors { reviewer: true, ..Actors::default() };
        let committee = Actors { committee: true, ..Actors::default() };
        let admin = Actors { reviewer: false, committee: true, administrator: true };
        for (who, actors, from, to, actor) in [
            ("clerk", clerk, S::Reserve, S::Negotiating, Some(Actor::Filler)),
            ("clerk", clerk, S::Preparing, S::UnderConstruction, None),
            ("reviewer", reviewer, S::Preparing, S::UnderConstruction, Some(Actor::Reviewer)),
            ("reviewer", reviewer, S::Reserve, S::Signed, Some(Actor::Filler)),
            ("clerk", clerk, S::Signed, S::Terminated, None),
            ("committee", committee, S::Signed, S::Terminated, Some(Actor::Committee)),
            ("committee", committee, S::Preparing, S::Signed, None),
            ("admin", admin, S::Preparing, S::Signed, Some(Actor::Administrator)),
            ("admin", admin, S::Terminated, S::Preparing, Some(Actor::Administrator)),
        ] {
            assert_eq!(actors.for_change(from, to), actor, "{who} {from:?} → {to:?}");
        }
    }

    #[test]
    fn the_next_statuses_are_those_a_person_may_take() {
        let clerk = Actors::default();
        assert_eq!(clerk.next_statuses(S::Reserve, None), [S::Negotiating, S::Signed, S::Preparing]);
        assert_eq!(clerk.next_statuses(S::UnderConstruction, None), Vec::<S>::new(), "the rest comes with the monthly report");
        let reviewer = Actors { reviewer: true, ..Actors::default() };
        assert_eq!(reviewer.next_statuses(S::UnderConstruction, None), [S::Completed, S::InProduction, S::Suspended]);
        assert_eq!(reviewer.next_statuses(S::Suspended, Some(S::Preparing)), [S::Preparing]);
        let committee = Actors { committee: true, ..Actors::default() };
        assert_eq!(committee.next_statuses(S::InProduction, None), [S::Terminated]);
        let admin = Actors { reviewer: true, committee: true, administrator: true };
        assert!(admin.next_statuses(S::Completed, None).starts_with(&[S::Reserve, S::Negotiating]), "corrections back");
        assert_eq!(admin.next_statuses(S::FullCapacity, None).len(), 7, "达产 is terminal but for corrections");
    }

    #[test]
    fn a_change_brings_no_day_of_the_future_and_names_its_fields() {
        let body = |v: serde_json::Value| ChangeForm::from_json(v.as_object().unwrap()).and_then(ChangeForm::validate);
        let ok = body(serde_json::json!({ "id": "5", "toStatus": "50", "actualStartDate": "2026-04-10" })).unwrap();
        assert_eq!((ok.id, ok.to, ok.actual_start_date), (5, S::UnderConstruction, NaiveDate::from_ymd_opt(2026, 4, 10)));
        for (v, field) in [
            (serde_json::json!({ "toStatus": "50" }), "id"),
            (serde_json::json!({ "id": "5", "toStatus": "55" }), "toStatus"),
            (serde_json::json!({ "id": "5", "toStatus": "50", "actualStartDate": "2999-01-01" }), "actualStartDate"),
            (serde_json::json!({ "id": "5", "toStatus": "30", "contractAmount": "-1" }), "contractAmount"),
            (serde_json::json!({ "id": "5", "toStatus": "99", "exitReason": "长".repeat(501) }), "exitReason"),
        ] {
            match body(v.clone()) {
                Err(AppError::Field { field: f, .. }) => assert_eq!(f, field, "{v}"),
                other => panic!("{v}: {other:?}"),
            }
        }
    }
}
