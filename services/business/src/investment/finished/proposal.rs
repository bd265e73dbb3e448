//! 申报达产 — a status move of a finished project proposed by the park and confirmed by a reviewer
//! (domain-model §2.2.2: 投产 → 达产 is "filler + review"). A tracked project proposes its moves with the
//! month's progress report, but a 投产 project no longer reports monthly: here the keeper of 已完成项目
//! proposes the move with its day and a reason, and a reviewer confirms it — the move is taken then, with
//! its history row — or returns it with an opinion the park reads on the project. One proposal at a time.
use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, TransactionTrait};
use serde::Deserialize;

use crate::entity::project;
use crate::investment::project::lifecycle::{self, Actor, By, ProjectStatus};
use crate::investment::project::repo;
use crate::investment::project::status::{self, Actors, Change};
use crate::state::AppState;

/// The body of `project/finished/propose`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposeForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    /// The status proposed: `80` (达产).
    pub to_status: Option<String>,
    /// The day it took effect (达产日期), `yyyy-MM-dd`, not ahead of today.
    #[schemars(with = "Option<String>")]
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub status_date: Option<NaiveDate>,
    /// Why: what shows the project at its designed capacity.
    pub reason: Option<String>,
}

/// The body of `project/finished/confirm` and `reject`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecideForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    /// Required to return a proposal.
    pub opinion: Option<String>,
}

/// The change a proposal of `to` on `day` makes: the day goes to the date the status needs.
fn change_of(id: i64, to: ProjectStatus, day: Option<NaiveDate>, reason: String) -> Result<Change, AppError> {
    let mut c = Change {
        id,
        to,
        reason,
        sign_date: None,
        contract_amount: None,
        actual_start_date: None,
        actual_completion_date: None,
        production_date: None,
        full_capacity_date: None,
        exit_reason: String::new(),
        exit_date: None,
    };
    match to {
        ProjectStatus::InProduction => c.production_date = day,
        ProjectStatus::FullCapacity => c.full_capacity_date = day,
        _ => return Err(AppError::field("toStatus", "只能申报投产或达产")),
    }
    Ok(c)
}

fn id_of(id: Option<i64>) -> Result<i64, AppError> {
    id.ok_or_else(|| AppError::field("id", "不能为空"))
}

/// The park proposes a move of a finished project that the table gives to "filler + review".
pub async fn propose(state: &AppState, me: &CurrentUser, form: ProposeForm) -> Result<(), AppError> {
    let id = id_of(form.id)?;
    let to = ProjectStatus::from_code("toStatus", &trimmed("toStatus", form.to_status, 4, true)?)?;
    let reason = trimmed("reason", form.reason, 500, true)?;
    let day = form.status_date.map(|d| keeper_common::time::past_date("statusDate", d)).transpose()?;
    let p = super::target(state, me, id).await?;
    let from = ProjectStatus::from_code("projectStatus", &p.project_status)?;
    if !lifecycle::find(from, to).is_some_and(|m| m.by == By::FillerAndReview) {
        return Err(AppError::field("toStatus", format!("{}的项目不能申报{}", from.label(), to.label())));
    }
    let change = change_of(id, to, day, reason.clone())?;
    // The date the move needs is the proposal's `statusDate`.
    status::check_proposal(&p, &change).map_err(|e| match e {
        AppError::Field { field, reason } if field.ends_with("Date") => AppError::field("statusDate", reason),
        e => e,
    })?;
    let author = Author::of(me);
    let mut changes = project::ActiveModel {
        proposed_status: Set(to.code().into()),
        proposed_date: Set(day),
        proposal_reason: Set(reason),
        proposed_by: Set(Some(me.user_id)),
        proposed_by_name: Set(me.real_name.chars().take(50).collect()),
        proposed_time: Set(Some(keeper_common::time::now())),
        proposal_opinion: Set(String::new()),
        ..Default::default()
    };
    base::updated::<project::Entity>(&mut changes, &author);
    // Written only while no other proposal waits: two clerks cannot both propose.
    if !repo::update_if(&state.db, &me.tenant_id, id, (project::Column::ProposedStatus, ""), changes).await? {
        return Err(AppError::bad("该项目已有待确认的申报，请等待审核"));
    }
    Ok(())
}

/// The finished project `id` with its waiting proposal, for a reviewer.
async fn proposed(state: &AppState, me: &CurrentUser, id: Option<i64>) -> Result<(project::Model, Change), AppError> {
    if !Actors::of(state, me).await?.reviewer {
        return Err(AppError::Forbidden("确认申报须有审核权限".into()));
    }
    let p = super::target(state, me, id_of(id)?).await?;
    let Some(to) = ProjectStatus::of_code(&p.proposed_status) else {
        return Err(AppError::bad("该项目没有待确认的申报"));
    };
    let change = change_of(p.id, to, p.proposed_date, p.proposal_reason.clone())?;
    Ok((p, change))
}

/// The proposal answered: cleared, with the reviewer's opinion kept for the park to read.
async fn close<C: sea_orm::ConnectionTrait>(db: &C, me: &CurrentUser, p: &project::Model, opinion: String) -> Result<(), AppError> {
    let mut changes = project::ActiveModel {
        proposed_status: Set(String::new()),
        proposed_date: Set(None),
        proposal_reason: Set(String::new()),
        proposed_by: Set(None),
        proposed_by_name: Set(String::new()),
        proposed_time: Set(None),
        proposal_opinion: Set(opinion),
        ..Default::default()
    };
    base::updated::<project::Entity>(&mut changes, &Author::of(me));
    if !repo::update_if(db, &me.tenant_id, p.id, (project::Column::ProposedStatus, p.proposed_status.as_str()), changes).await? {
        return Err(AppError::bad("申报已被处理，请刷新后重试"));
    }
    Ok(())
}

/// A reviewer confirms the proposal: the move is taken as the reviewer's, its history row names the
/// proposer's reason, and the proposal is cleared — all in one transaction.
pub async fn confirm(state: &AppState, me: &CurrentUser, form: DecideForm) -> Result<(), AppError> {
    let opinion = trimmed("opinion", form.opinion, 500, false)?;
    let (p, change) = proposed(state, me, form.id).await?;
    let txn = state.db.begin().await?;
    close(&txn, me, &p, opinion).await?;
    status::apply(&txn, me, &p, &change, Actor::Reviewer).await?;
    txn.commit().await?;
    Ok(())
}

/// A reviewer returns the proposal with an opinion; the project stays where it is.
pub async fn reject(state: &AppState, me: &CurrentUser, form: DecideForm) -> Result<(), AppError> {
    let opinion = trimmed("opinion", form.opinion, 500, true)?;
    let (p, _) = proposed(state, me, form.id).await?;
    close(&state.db, me, &p, opinion).await
}
