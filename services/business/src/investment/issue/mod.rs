//! The issue ledger of tracked projects (问题, domain-model §2.2.7): a park raises what blocks a project
//! (with its monthly report or on its own), the committee triages it into a level and assigns it to a
//! responsible department with co-operating ones and a deadline, the department accepts, notes its
//! progress and reports the resolution, and the committee strikes it off — or rejects the resolution,
//! closes the issue as needing nothing, or raises its level. Every move and every note is a log row
//! written with the change; open issues and overdue ones colour their project (`investment::warning`).
//!
//! Who may act is decided per issue: the committee's actions need `track_project_assign` and the project
//! in the caller's project scope; the department's need `track_project_handle` and membership of the
//! responsible (or co-operating, for notes) department or one below it.
pub mod excel;
pub mod form;
pub mod lifecycle;
pub mod repo;
pub mod view;

use std::collections::{HashMap, HashSet};

use chrono::Utc;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, ConnectionTrait, TransactionTrait};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::entity::{project, project_issue, project_issue_log};
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::{self, ProjectScope};
use crate::investment::report::repo as report_repo;
use crate::period::Period;
use crate::reference::Reference;
use crate::review::Status;
use crate::state::AppState;
use form::{Act, ActForm, AssignForm, RaiseForm, framed, unframed};
use lifecycle::{Action, IssueLevel, IssueStatus, Role};
use repo::IssueScope;
use view::IssueView;

/// The committee's button: triage, assign, strike off, reject, close, change the level.
pub const ASSIGN_CODES: &[&str] = &["track_project_assign"];
/// The departments' button: accept, refuse, note progress, report the resolution.
pub const HANDLE_CODES: &[&str] = &["track_project_handle"];
/// Raising an issue (上报问题).
pub const RAISE_CODES: &[&str] = &["track_project_issue"];

/// The caller as the ledger sees them: what they may see, and which buttons they hold.
struct Caller {
    scope: IssueScope,
    assign: bool,
    handle: bool,
    raise: bool,
    admin: bool,
    user: i64,
}

impl Caller {
    async fn of(state: &AppState, me: &CurrentUser) -> Result<Caller, AppError> {
        let projects = scope::resolve(state, me).await?;
        let reference = state.reference.with_depts(&me.tenant_id, &me.dept_ids).await?;
        let depts = me.dept_ids.iter().flat_map(|&d| reference.with_ancestors(d)).collect();
        let held = state.guard.held(me).await?;
        Ok(Caller {
            scope: IssueScope { projects, depts },
            assign: held.any(ASSIGN_CODES),
            handle: held.any(HANDLE_CODES),
            raise: held.any(RAISE_CODES),
            admin: me.is_admin(),
            user: me.user_id,
        })
    }

    fn sees_project(&self, p: Option<&project::Model>) -> bool {
        p.is_some_and(|p| self.scope.projects.admits(p.dept_id, p.industry_dept_id, p.create_user))
    }

    /// Who the caller acts as on `row` of project `p`.
    fn roles(&self, row: &project_issue::Model, p: Option<&project::Model>) -> Vec<Role> {
        let mut roles = Vec::new();
        if self.assign && (self.admin || self.sees_project(p)) {
            roles.push(Role::Committee);
        }
        if self.handle && (self.admin || row.responsible_dept_id.is_some_and(|d| self.scope.depts.contains(&d))) {
            roles.push(Role::Responsible);
        }
        if self.handle && unframed(&row.co_dept_ids).iter().any(|d| self.scope.depts.contains(d)) {
            roles.push(Role::CoOperating);
        }
        roles
    }

    /// Whether the caller may edit or remove an issue waiting for triage: its raiser, or the committee.
    fn may_edit(&self, row: &project_issue::Model, roles: &[Role]) -> bool {
        row.issue_status == IssueStatus::Pending.code()
            && ((self.raise && row.create_user == Some(self.user)) || roles.contains(&Role::Committee))
    }

    fn actions(&self, row: &project_issue::Model, p: Option<&project::Model>) -> Vec<String> {
        let roles = self.roles(row, p);
        let mut out: Vec<String> = match IssueStatus::from_code("issueStatus", &row.issue_status) {
            Ok(s) => lifecycle::allowed(s, &roles).into_iter().map(|a| a.code().to_string()).collect(),
            Err(_) => Vec::new(),
        };
        if self.may_edit(row, &roles) {
            out.extend(["edit".to_string(), "remove".to_string()]);
        }
        out
    }
}

/// The projects of the issues, read in the tenant (the issues were read within the caller's scope).
async fn projects_of<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    rows: &[project_issue::Model],
) -> Result<HashMap<i64, project::Model>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.project_id).collect::<HashSet<_>>().into_iter().collect();
    let found = project_repo::visible(db, tenant, &ProjectScope::All, &ids).await?;
    Ok(found.into_iter().map(|p| (p.id, p)).collect())
}

async fn views(state: &AppState, me: &CurrentUser, caller: &Caller, rows: Vec<project_issue::Model>) -> Result<Vec<IssueView>, AppError> {
    let reference = state.reference.of(&me.tenant_id).await?;
    let projects = projects_of(&state.db, &me.tenant_id, &rows).await?;
    let today = keeper_common::time::today();
    Ok(rows
        .into_iter()
        .map(|r| {
            let actions = caller.actions(&r, projects.get(&r.project_id));
            view::view(r, &projects, &reference, today, actions)
        })
        .collect())
}

/// The parsed filters with the chosen territory's subtree and the caller's unit filled in.
async fn resolved(state: &AppState, me: &CurrentUser, caller: &Caller, mut filter: repo::Filter) -> Result<repo::Filter, AppError> {
    if let Some(d) = filter.dept_id {
        filter.depts = Some(state.reference.with_dept(&me.tenant_id, Some(d)).await?.subtree(d));
    }
    if filter.assigned.is_some() {
        filter.assigned = Some(caller.scope.depts.clone());
    }
    Ok(filter)
}

/// 工作台: how many open issues assigned to the caller's unit are past their deadline.
pub async fn overdue_assigned(state: &AppState, me: &CurrentUser) -> Result<u64, AppError> {
    let caller = Caller::of(state, me).await?;
    let today = keeper_common::time::today();
    let filter = repo::Filter { assigned: Some(caller.scope.depts.clone()), overdue: true, today, ..Default::default() };
    repo::count(&state.db, &me.tenant_id, &caller.scope, &filter).await
}

pub async fn list(state: &AppState, me: &CurrentUser, filter: repo::Filter, req: PageRequest) -> Result<Page<IssueView>, AppError> {
    let caller = Caller::of(state, me).await?;
    let filter = resolved(state, me, &caller, filter).await?;
    let Page { records, total, size, current, pages } = repo::page(&state.db, &me.tenant_id, &caller.scope, &filter, &req).await?;
    Ok(Page { records: views(state, me, &caller, records).await?, total, size, current, pages })
}

/// One entry of an issue's history as the timeline shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogEntry {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub action: String,
    pub action_name: String,
    pub from_status_name: String,
    pub to_status_name: String,
    pub from_level_name: String,
    pub to_level_name: String,
    pub content: String,
    pub operator_name: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: chrono::DateTime<Utc>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueDetail {
    #[serde(flatten)]
    pub issue: IssueView,
    /// Every move and progress note, oldest first.
    pub log: Vec<LogEntry>,
}

fn entry(r: &Reference, l: project_issue_log::Model) -> LogEntry {
    let status = |c: &str| IssueStatus::from_code("status", c).map(|s| s.label().to_string()).unwrap_or_default();
    LogEntry {
        id: l.id,
        action_name: Action::from_code("action", &l.action).map(|a| a.label().to_string()).unwrap_or_else(|_| RAISE_LABEL.to_string()),
        from_status_name: status(&l.from_status),
        to_status_name: status(&l.to_status),
        from_level_name: r.label("issue_level", &l.from_level),
        to_level_name: r.label("issue_level", &l.to_level),
        action: l.action,
        content: l.content,
        operator_name: l.operator_name,
        create_time: l.create_time,
    }
}

/// The log action of raising an issue (not a ledger action: nobody takes it on an existing issue).
pub const RAISE: &str = "raise";
const RAISE_LABEL: &str = "上报";

async fn target(state: &AppState, me: &CurrentUser, caller: &Caller, id: i64) -> Result<project_issue::Model, AppError> {
    repo::visible(&state.db, &me.tenant_id, &caller.scope, &[id]).await?.pop().ok_or_else(AppError::not_found)
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<IssueDetail, AppError> {
    let caller = Caller::of(state, me).await?;
    let row = target(state, me, &caller, id).await?;
    let reference = state.reference.of(&me.tenant_id).await?;
    let log = repo::log_of(&state.db, &me.tenant_id, id).await?.into_iter().map(|l| entry(&reference, l)).collect();
    let issue = views(state, me, &caller, vec![row]).await?.pop().ok_or_else(AppError::not_found)?;
    Ok(IssueDetail { issue, log })
}

/// Who writes an entry of an issue's history, and when.
pub struct Operator<'a> {
    pub tenant: &'a str,
    pub id: i64,
    pub name: &'a str,
    pub at: chrono::DateTime<Utc>,
}

impl<'a> Operator<'a> {
    /// The signed-in caller, now.
    pub fn of(me: &'a CurrentUser) -> Self {
        Operator { tenant: &me.tenant_id, id: me.user_id, name: &me.real_name, at: Utc::now() }
    }
}

/// A log row of `action` on `issue`: the status and level `from` → `to`, and the text given.
pub fn log_row(
    by: &Operator,
    issue: i64,
    action: &str,
    from: (&str, &str),
    to: (&str, &str),
    content: &str,
) -> project_issue_log::ActiveModel {
    project_issue_log::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(by.tenant.into()),
        issue_id: Set(issue),
        action: Set(action.into()),
        from_status: Set(from.0.into()),
        from_level: Set(from.1.into()),
        to_status: Set(to.0.into()),
        to_level: Set(to.1.into()),
        content: Set(content.into()),
        operator_id: Set(by.id),
        operator_name: Set(by.name.chars().take(50).collect()),
        create_time: Set(by.at),
    }
}

/// Issue numbers of a year, `WT2026-0001`: given in order under the tenant's lock.
async fn next_number<C: ConnectionTrait>(db: &C, tenant: &str, year: i32) -> Result<String, AppError> {
    let prefix = format!("WT{year}-");
    let last = repo::last_number(db, tenant, &prefix).await?;
    let last = last.and_then(|n| n[prefix.len()..].parse::<u32>().ok()).unwrap_or(0);
    Ok(format!("{prefix}{:04}", last + 1))
}

/// Whether issues may be raised on `p`: in the library and not finished with (达产 or 终止).
pub fn takes_issues(p: &project::Model) -> Result<(), AppError> {
    if p.library_status != Status::Approved.code() {
        return Err(AppError::field("projectId", "项目入库后才能上报问题"));
    }
    if ProjectStatus::from_code("projectStatus", &p.project_status)?.terminal() {
        return Err(AppError::field("projectId", "项目已达产或终止，不能上报问题"));
    }
    Ok(())
}

/// Raises an issue (no `id`: it is numbered, level 1, 待研判) or edits one still waiting for triage;
/// answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, form: RaiseForm) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let today = keeper_common::time::today();
    let raised = form.validate(Period::of_day(today))?;
    let caller = Caller::of(state, me).await?;
    let current = match raised.id {
        Some(id) => {
            let row = target(state, me, &caller, id).await?;
            let p = project_repo::visible(&state.db, tenant, &ProjectScope::All, &[row.project_id]).await?.pop();
            if !caller.may_edit(&row, &caller.roles(&row, p.as_ref())) {
                return Err(AppError::bad("问题已研判交办，不能修改"));
            }
            if row.project_id != raised.project_id {
                return Err(AppError::field("projectId", "问题所属项目不能更改"));
            }
            Some(row)
        }
        None => None,
    };
    let p = project_repo::visible(&state.db, tenant, &caller.scope.projects, &[raised.project_id])
        .await?
        .pop()
        .ok_or_else(|| AppError::field("projectId", "项目不存在"))?;
    takes_issues(&p)?;
    if !state.reference.fresh(tenant).await?.has_key("issue_type", &raised.issue_type) {
        return Err(AppError::field("issueType", format!("不是有效的字典值: {}", raised.issue_type)));
    }
    if let Some(report) = raised.report_id {
        let r = report_repo::visible(&state.db, tenant, &caller.scope.projects, &[report]).await?.pop();
        if r.is_none_or(|r| r.project_id != p.id) {
            return Err(AppError::field("reportId", "不是该项目的月报"));
        }
    }
    let author = Author::of(me);
    let mut row = project_issue::ActiveModel {
        report_id: Set(raised.report_id),
        output_report_id: Set(raised.output_report_id),
        raised_period: Set(raised.raised_period.to_string()),
        issue_type: Set(raised.issue_type),
        description: Set(raised.description),
        suggestion: Set(raised.suggestion),
        ..Default::default()
    };
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let id = match current {
        Some(c) => {
            base::updated::<project_issue::Entity>(&mut row, &author);
            if !repo::update_if_status(&txn, tenant, c.id, IssueStatus::Pending, row).await? {
                return Err(AppError::bad("问题已研判交办，不能修改"));
            }
            c.id
        }
        None => {
            let id = next_id();
            base::created::<project_issue::Entity>(&mut row, id, &author);
            row.issue_no = Set(next_number(&txn, tenant, Period::of_day(today).year()).await?);
            row.project_id = Set(p.id);
            row.dept_id = Set(p.dept_id);
            row.raised_by_dept_id = Set(me.dept_ids.first().copied());
            row.raised_by_name = Set(me.real_name.chars().take(50).collect());
            row.issue_level = Set(IssueLevel::REPORTED.code());
            row.issue_status = Set(IssueStatus::Pending.code().into());
            row.responsible_dept_id = Set(None);
            row.co_dept_ids = Set(String::new());
            row.responsible_leader = Set(String::new());
            row.deadline = Set(None);
            row.resolution = Set(String::new());
            row.resolved_date = Set(None);
            row.closed_by = Set(None);
            row.closed_by_name = Set(String::new());
            row.closed_date = Set(None);
            row.meeting_ref = Set(String::new());
            repo::insert(&txn, row).await?;
            let level = IssueLevel::REPORTED.code();
            repo::insert_log(&txn, log_row(&Operator::of(me), id, RAISE, ("", ""), (IssueStatus::Pending.code(), &level), "")).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Removes issues still waiting for triage that the caller raised (or, as the committee, may see); all or
/// none.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let caller = Caller::of(state, me).await?;
    let rows = repo::visible(&state.db, &me.tenant_id, &caller.scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let projects = projects_of(&state.db, &me.tenant_id, &rows).await?;
    if let Some(r) = rows.iter().find(|r| !caller.may_edit(r, &caller.roles(r, projects.get(&r.project_id)))) {
        return Err(AppError::bad(format!("问题 {} 已研判交办或不是您上报的，不能删除", r.issue_no)));
    }
    let author = Author::of(me);
    let txn = state.db.begin().await?;
    for r in &rows {
        if !repo::update_if_status(&txn, &me.tenant_id, r.id, IssueStatus::Pending, base::removal::<project_issue::Entity>(&author)).await?
        {
            return Err(AppError::bad("问题状态已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(rows.len())
}

/// 交办: the committee triages an issue waiting for it into a level and assigns it.
pub async fn assign(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let today = keeper_common::time::today();
    let a = AssignForm::from_json(&body)?.validate(today)?;
    let caller = Caller::of(state, me).await?;
    let row = target(state, me, &caller, a.id).await?;
    let p = project_repo::visible(&state.db, tenant, &ProjectScope::All, &[row.project_id]).await?.pop();
    let from = IssueStatus::from_code("issueStatus", &row.issue_status)?;
    let to = lifecycle::check(from, Action::Assign, &caller.roles(&row, p.as_ref()))?;
    let reference = state.reference.fresh(tenant).await?;
    if !reference.has_dept(a.responsible_dept_id) {
        return Err(AppError::field("responsibleDeptId", "机构不存在"));
    }
    if a.co_dept_ids.iter().any(|d| !reference.has_dept(*d)) {
        return Err(AppError::field("coDeptIds", "机构不存在"));
    }
    let suggestion = a.suggestion.clone().unwrap_or_else(|| row.suggestion.clone());
    if a.level == IssueLevel::SUGGESTION && suggestion.is_empty() {
        return Err(AppError::field("suggestion", "建议问题应有建议措施"));
    }
    let mut changes = project_issue::ActiveModel {
        issue_level: Set(a.level.code()),
        issue_status: Set(to.code().into()),
        responsible_dept_id: Set(Some(a.responsible_dept_id)),
        co_dept_ids: Set(framed(&a.co_dept_ids)),
        responsible_leader: Set(a.responsible_leader.clone()),
        deadline: Set(a.deadline),
        suggestion: Set(suggestion),
        meeting_ref: Set(a.meeting_ref.clone()),
        ..Default::default()
    };
    base::updated::<project_issue::Entity>(&mut changes, &Author::of(me));
    let txn = state.db.begin().await?;
    if !repo::update_if_status(&txn, tenant, row.id, from, changes).await? {
        return Err(AppError::bad("问题状态已变化，请刷新后重试"));
    }
    let content = if a.opinion.is_empty() { format!("交办{}", reference.dept_name(Some(a.responsible_dept_id))) } else { a.opinion };
    repo::insert_log(
        &txn,
        log_row(&Operator::of(me), row.id, Action::Assign.code(), (from.code(), &row.issue_level), (to.code(), &a.level.code()), &content),
    )
    .await?;
    txn.commit().await?;
    Ok(1)
}

/// Takes one action other than assigning on every listed issue, all or none; answers how many.
pub async fn act(state: &AppState, me: &CurrentUser, form: &ActForm) -> Result<usize, AppError> {
    let Act { ids, action, content, level, deadline } = form.validate(keeper_common::time::today())?;
    let tenant = me.tenant_id.as_str();
    let caller = Caller::of(state, me).await?;
    let rows = repo::visible(&state.db, tenant, &caller.scope, &ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let projects = projects_of(&state.db, tenant, &rows).await?;
    let author = Author::of(me);
    let today = keeper_common::time::today();
    let txn = state.db.begin().await?;
    for row in &rows {
        // In a batch, a refusal says which issue it is about.
        let named = |e: AppError| match e {
            AppError::BadRequest(m) if ids.len() > 1 => AppError::bad(format!("{}：{m}", row.issue_no)),
            AppError::Field { field, reason } if ids.len() > 1 => AppError::field(field, format!("{}：{reason}", row.issue_no)),
            e => e,
        };
        let from = IssueStatus::from_code("issueStatus", &row.issue_status)?;
        let to = lifecycle::check(from, action, &caller.roles(row, projects.get(&row.project_id))).map_err(named)?;
        let from_level = IssueLevel::from_code("issueLevel", &row.issue_level)?;
        let mut to_level = from_level;
        let mut changes = project_issue::ActiveModel { issue_status: Set(to.code().into()), ..Default::default() };
        match action {
            Action::Refuse => {
                // A wrong assignment goes back to triage without its department and deadline.
                changes.responsible_dept_id = Set(None);
                changes.co_dept_ids = Set(String::new());
                changes.deadline = Set(None);
            }
            Action::Resolve => {
                changes.resolution = Set(content.clone());
                changes.resolved_date = Set(Some(today));
            }
            Action::Reject => changes.resolved_date = Set(None),
            Action::Confirm | Action::Close => {
                changes.closed_by = Set(Some(me.user_id));
                changes.closed_by_name = Set(me.real_name.chars().take(50).collect());
                changes.closed_date = Set(Some(today));
            }
            Action::Relevel => {
                let new = level.ok_or_else(|| AppError::field("issueLevel", "不能为空"))?;
                if new == from_level {
                    return Err(named(AppError::field("issueLevel", "与当前等级相同")));
                }
                let deadline = deadline.or(row.deadline);
                if new.needs_deadline() && deadline.is_none() {
                    return Err(named(AppError::field("deadline", "一般问题和重点问题应有解决时限")));
                }
                changes.issue_level = Set(new.code());
                changes.deadline = Set(deadline);
                to_level = new;
            }
            Action::Accept | Action::Progress | Action::Assign => {}
        }
        base::updated::<project_issue::Entity>(&mut changes, &author);
        if !repo::update_if_status(&txn, tenant, row.id, from, changes).await? {
            return Err(AppError::bad("问题状态已变化，请刷新后重试"));
        }
        repo::insert_log(
            &txn,
            log_row(&Operator::of(me), row.id, action.code(), (from.code(), &from_level.code()), (to.code(), &to_level.code()), &content),
        )
        .await?;
    }
    txn.commit().await?;
    Ok(rows.len())
}
