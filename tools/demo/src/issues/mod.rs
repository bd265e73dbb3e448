//! The issue ledger of the zone's tracked projects (问题, domain-model §2.2.7): about one issue for every two
//! or three tracked projects over last year and this year, raised by the clerk of the project's park (some
//! with that month's report, which then says it has an issue), triaged and assigned by the committee's
//! reviewer to a co-operating department, a bureau or the park, with co-operating departments and a
//! deadline, then accepted, noted, resolved and struck off by the departments' handlers and the committee.
//! Older issues are mostly struck off (a few closed, a few rejected once or refused by a department first);
//! recent ones stand at every status and level, some past their deadline. Every form is the service's own
//! (`RaiseForm`, `AssignForm`, `ActForm`) validated on the day it is sent, every move is checked by the
//! ledger's table (`lifecycle::check`), and the columns and log rows each action writes are those
//! `investment::issue` writes. Numbers are given per raising year in the order issues were raised.
pub mod wording;

use std::collections::HashMap;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use keeper_business::entity::{project, project_issue, project_issue_log};
use keeper_business::investment::issue::Operator;
use keeper_business::investment::issue::form::{ActForm, AssignForm, RaiseForm, framed};
use keeper_business::investment::issue::lifecycle::{self, Action, IssueLevel, IssueStatus, Role};
use keeper_business::investment::project::repo::TRACKED_STATUSES;
use keeper_business::period::Period;
use keeper_business::reference::Reference;
use keeper_business::review::Status;
use keeper_db::base::{self, Author};
use sea_orm::ActiveValue::Set;
use serde_json::{Map, Value, json};

use crate::clock::{Clock, Moments};
use crate::projects::{self, Life};
use crate::reports;
use crate::rng::Rng;
use crate::zone::{Account, Kind, RoleKind, Zone};
use wording::{Handler, IssueType, TYPES};

/// The log action of raising an issue, as the service writes it.
pub use keeper_business::investment::issue::RAISE;

#[derive(Default)]
pub struct Generated {
    pub rows: Vec<project_issue::ActiveModel>,
    pub log: Vec<project_issue_log::ActiveModel>,
    /// Issues not struck off or closed.
    pub open: usize,
}

/// A project issues may be raised on, and the days they may be raised.
struct Candidate<'a> {
    row: &'a project::ActiveModel,
    /// Its park's clerk (or the bureau's user for a project directly under the committee).
    raiser: &'a Account,
    first: NaiveDate,
    last: NaiveDate,
    /// Whether it stands on the tracked list now: only those keep issues open.
    tracked_now: bool,
}

/// One step of an issue's planned history: the action and the days since the step before.
#[derive(Debug, Clone, Copy)]
struct Step {
    action: Action,
    gap: (i64, i64),
}

/// An issue as generated, before it is numbered.
struct Draft {
    raised: DateTime<Utc>,
    row: project_issue::ActiveModel,
    log: Vec<project_issue_log::ActiveModel>,
    open: bool,
}

/// The issue's columns that the actions change.
struct State {
    status: IssueStatus,
    level: IssueLevel,
    responsible: Option<usize>,
    co: Vec<usize>,
    leader: String,
    deadline: Option<NaiveDate>,
    suggestion: String,
    meeting_ref: String,
    resolution: String,
    resolved_date: Option<NaiveDate>,
    closed: Option<(i64, String, NaiveDate)>,
    /// Departments that refused it: not assigned it again.
    refused: Vec<usize>,
}

struct Ctx<'z> {
    zone: &'z Zone,
    reference: &'z Reference,
    clock: &'z Clock,
    reviewer: &'z Account,
    /// Reports by project: their indices in the reports' rows.
    reports: HashMap<i64, Vec<usize>>,
}

/// Generates the zone's issues and marks the reports they were raised with (`has_issue` = Y); an issue
/// that fails a check of the service fails the load, naming the project.
pub fn generate(
    zone: &Zone,
    projects: &projects::Generated,
    reports: &mut reports::Generated,
    reference: &Reference,
    clock: &Clock,
) -> anyhow::Result<Generated> {
    let mut rng = Rng::stream(zone.plan.index, "issues");
    let mut by_project: HashMap<i64, Vec<usize>> = HashMap::new();
    for (i, r) in reports.rows.iter().enumerate() {
        by_project.entry(*r.project_id.as_ref()).or_default().push(i);
    }
    let ctx = Ctx { zone, reference, clock, reviewer: zone.account(RoleKind::Reviewer), reports: by_project };
    let mut drafts = Vec::new();
    for (row, life) in projects.rows.iter().zip(&projects.lives) {
        let Some(c) = ctx.candidate(row, life) else { continue };
        let mut n = usize::from(rng.chance(0.5));
        if n == 1 && rng.chance(0.15) {
            n = 2;
        }
        for _ in 0..n {
            let name = row.project_name.as_ref();
            if let Some(d) = ctx.issue(&c, reports, &mut rng).map_err(|e| anyhow::anyhow!("issue of 「{name}」: {e}"))? {
                drafts.push(d);
            }
        }
    }
    // Numbered per raising year in the order raised, as the service numbers them under the tenant's lock.
    drafts.sort_by_key(|d| d.raised);
    let mut numbers: HashMap<i32, u32> = HashMap::new();
    let mut out = Generated::default();
    for mut d in drafts {
        let year = d.raised.with_timezone(&keeper_common::time::zone()).year();
        let n = numbers.entry(year).or_default();
        *n += 1;
        d.row.issue_no = Set(format!("WT{year}-{:04}", *n));
        out.open += usize::from(d.open);
        out.rows.push(d.row);
        out.log.extend(d.log);
    }
    Ok(out)
}

impl Ctx<'_> {
    /// A tracked project in the library, with the days issues may be raised on it: from its entry into
    /// the library (and the platform's go-live) until today, or until it reached 达产 or was given up.
    fn candidate<'a>(&'a self, row: &'a project::ActiveModel, life: &'a Life) -> Option<Candidate<'a>> {
        if row.library_status.as_ref() != Status::Approved.code() || row.is_tracked.as_ref() != "Y" {
            return None;
        }
        let t = &life.timeline;
        let entered = life.entered?.with_timezone(&keeper_common::time::zone()).date_naive();
        let first = (entered + chrono::Duration::days(1)).max(reports::go_live(self.clock)).max(t.sign.unwrap_or(t.registered));
        let last = match t.status {
            s if s.terminal() => t.full_capacity.or(t.exit)?.pred_opt()?,
            _ => self.clock.as_of,
        }
        .min(self.clock.as_of);
        if (last - first).num_days() < 10 {
            return None;
        }
        let raiser = self.zone.accounts.iter().find(|a| a.id == life.filler)?;
        Some(Candidate { row, raiser, first, last, tracked_now: TRACKED_STATUSES.contains(&t.status) })
    }

    /// The department made responsible for an issue of type `ty` on `c`'s project: one with a handler,
    /// and not one that refused it.
    fn responsible(&self, ty: &IssueType, c: &Candidate, refused: &[usize], rng: &mut Rng) -> usize {
        let park = c.raiser.dept;
        for _ in 0..6 {
            let dept = match rng.weighted(ty.handlers) {
                Handler::CoOperating(suffix) => (0..self.zone.plan.depts.len())
                    .find(|&d| self.zone.dept(d).kind == Kind::CoOperating && self.zone.dept(d).name.ends_with(suffix)),
                Handler::Bureau(b) => Some(self.zone.bureau(b)),
                Handler::Park => Some(park),
            };
            if let Some(d) = dept.filter(|d| !refused.contains(d) && self.zone.handler(*d).is_some()) {
                return d;
            }
        }
        if refused.contains(&park) { self.zone.bureau(crate::zone::Bureau::Economy) } else { park }
    }

    /// The issue's planned history towards the status `fate` (it stops earlier when the zone's today
    /// comes first).
    fn steps(fate: IssueStatus, rng: &mut Rng) -> Vec<Step> {
        let s = |action, lo, hi| Step { action, gap: (lo, hi) };
        let mut steps = Vec::new();
        if fate == IssueStatus::Closed && rng.chance(0.5) {
            // Closed at triage: nothing to coordinate.
            steps.push(s(Action::Close, 2, 10));
            return steps;
        }
        if rng.chance(if fate == IssueStatus::Pending { 0.25 } else { 0.06 }) {
            // Assigned to the wrong department first, which sent it back.
            steps.extend([s(Action::Assign, 1, 6), s(Action::Refuse, 1, 4)]);
        }
        if fate == IssueStatus::Pending {
            return steps;
        }
        steps.push(s(Action::Assign, 1, 7));
        if fate == IssueStatus::Assigned {
            return steps;
        }
        steps.push(s(Action::Accept, 1, 4));
        let notes = if fate == IssueStatus::Handling { rng.int(0, 3) } else { rng.int(0, 2) };
        for _ in 0..notes {
            steps.push(s(Action::Progress, 4, 15));
        }
        if rng.chance(0.1) {
            steps.push(s(Action::Relevel, 2, 8));
        }
        match fate {
            IssueStatus::Closed => steps.push(s(Action::Close, 3, 20)),
            IssueStatus::Resolved => steps.push(s(Action::Resolve, 3, 25)),
            IssueStatus::StruckOff => {
                steps.push(s(Action::Resolve, 3, 25));
                if rng.chance(0.12) {
                    steps.extend([s(Action::Reject, 2, 6), s(Action::Progress, 3, 10), s(Action::Resolve, 3, 15)]);
                }
                steps.push(s(Action::Confirm, 1, 8));
            }
            _ => {}
        }
        steps
    }

    /// One issue of `c`'s project, or none when its project has no room for it.
    fn issue(&self, c: &Candidate, reports: &mut reports::Generated, rng: &mut Rng) -> anyhow::Result<Option<Draft>> {
        let (clock, zone) = (self.clock, self.zone);
        let fate = if c.tracked_now {
            rng.weighted(&[
                (36, IssueStatus::StruckOff),
                (6, IssueStatus::Closed),
                (10, IssueStatus::Pending),
                (12, IssueStatus::Assigned),
                (22, IssueStatus::Handling),
                (10, IssueStatus::Resolved),
            ])
        } else {
            rng.weighted(&[(88, IssueStatus::StruckOff), (12, IssueStatus::Closed)])
        };
        let ages = match fate {
            IssueStatus::Pending => (1, 20),
            IssueStatus::Assigned => (4, 50),
            IssueStatus::Handling => (12, 100),
            IssueStatus::Resolved => (20, 110),
            IssueStatus::StruckOff | IssueStatus::Closed => (40, 700),
        };
        let span = (c.last - c.first).num_days();
        let day = if c.tracked_now {
            clock.as_of - chrono::Duration::days(rng.int(ages.0, ages.1))
        } else {
            // A project no longer tracked had its issues while it was.
            c.first + chrono::Duration::days(rng.int(0, (span - 40).max(0)))
        };
        let day = day.max(c.first).min(c.last);
        let day = match Clock::working_day(day) {
            d if d > c.last => Clock::working_day_back(c.last),
            d => d,
        };
        if day < c.first {
            return Ok(None);
        }
        let project_id = *c.row.id.as_ref();
        let weighted: Vec<(u32, usize)> = TYPES.iter().enumerate().map(|(i, t)| (t.weight, i)).collect();
        let ty = &TYPES[rng.weighted(&weighted)];
        // Raised with last month's report when the park files the issue with it.
        let mut report: Option<(usize, Period)> = None;
        if rng.chance(0.5) {
            let month = Period::of_day(day).previous();
            report = self.reports.get(&project_id).and_then(|list| {
                list.iter().copied().find_map(|i| {
                    let r = &reports.rows[i];
                    let p = Period::new(*r.period_year.as_ref(), *r.period_month.as_ref() as u32).ok()?;
                    let filed = r.create_time.as_ref().with_timezone(&keeper_common::time::zone()).date_naive();
                    (Some(p) == month && filed <= day).then_some((i, p))
                })
            });
        }
        let mut moments = Moments::after(clock, report.map(|(i, _)| *reports.rows[i].create_time.as_ref()));
        // 上报: the park's clerk fills in the service's form.
        let raised_at = moments.on(day, rng);
        let mut body = json!({
            "projectId": project_id.to_string(),
            "raisedPeriod": report.map_or(Period::of_day(day), |(_, p)| p).to_string(),
            "issueType": ty.key,
            "description": rng.pick(ty.descriptions),
        });
        if let Some((i, _)) = report {
            body["reportId"] = json!(reports.rows[i].id.as_ref().to_string());
        }
        if rng.chance(0.7) {
            body["suggestion"] = json!(rng.pick(ty.suggestions));
        }
        let raised = RaiseForm::from_json(object(&body)?)?.validate(Period::of_day(day))?;
        anyhow::ensure!(
            self.reference.has_key("issue_type", &raised.issue_type),
            "issue_type {} is not in the dictionaries",
            raised.issue_type
        );
        if let Some((i, _)) = report {
            reports.rows[i].has_issue = Set("Y".into());
        }
        let id = keeper_common::id::next_id();
        let tenant = zone.tenant();
        let raiser = c.raiser;
        let mut log =
            vec![log_row(tenant, id, RAISE, ("", ""), (IssueStatus::Pending.code(), &IssueLevel::REPORTED.code()), "", raiser, raised_at)];
        let mut st = State {
            status: IssueStatus::Pending,
            level: IssueLevel::REPORTED,
            responsible: None,
            co: Vec::new(),
            leader: String::new(),
            deadline: None,
            suggestion: raised.suggestion.clone(),
            meeting_ref: String::new(),
            resolution: String::new(),
            resolved_date: None,
            closed: None,
            refused: Vec::new(),
        };
        let mut last_by = (raiser, raised_at);
        let mut day = day;
        for step in Self::steps(fate, rng) {
            day = Clock::working_day(day + chrono::Duration::days(rng.int(step.gap.0, step.gap.1)));
            if day > clock.as_of {
                break;
            }
            let at = moments.on(day, rng);
            let (by, content, before) = self.act(id, c, ty, step.action, day, &mut st, rng)?;
            log.push(log_row(
                tenant,
                id,
                step.action.code(),
                (before.0.code(), &before.1.code()),
                (st.status.code(), &st.level.code()),
                &content,
                by,
                at,
            ));
            last_by = (by, at);
        }
        let mut row = project_issue::ActiveModel {
            issue_no: Set(String::new()),
            project_id: Set(project_id),
            report_id: Set(raised.report_id),
            dept_id: Set(*c.row.dept_id.as_ref()),
            raised_by_dept_id: Set(Some(zone.dept_id(raiser.dept))),
            raised_by_name: Set(raiser.real_name.chars().take(50).collect()),
            raised_period: Set(raised.raised_period.to_string()),
            issue_level: Set(st.level.code()),
            issue_type: Set(raised.issue_type),
            description: Set(raised.description),
            suggestion: Set(st.suggestion),
            responsible_dept_id: Set(st.responsible.map(|d| zone.dept_id(d))),
            co_dept_ids: Set(framed(&st.co.iter().map(|&d| zone.dept_id(d)).collect::<Vec<_>>())),
            responsible_leader: Set(st.leader),
            deadline: Set(st.deadline),
            issue_status: Set(st.status.code().into()),
            resolution: Set(st.resolution),
            resolved_date: Set(st.resolved_date),
            closed_by: Set(st.closed.as_ref().map(|c| c.0)),
            closed_by_name: Set(st.closed.as_ref().map(|c| c.1.clone()).unwrap_or_default()),
            closed_date: Set(st.closed.as_ref().map(|c| c.2)),
            meeting_ref: Set(st.meeting_ref),
            ..Default::default()
        };
        base::created::<project_issue::Entity>(
            &mut row,
            id,
            &Author { tenant, user: raiser.id, dept: Some(zone.dept_id(raiser.dept)), at: raised_at },
        );
        let (by, at) = last_by;
        base::updated::<project_issue::Entity>(&mut row, &Author { tenant, user: by.id, dept: Some(zone.dept_id(by.dept)), at });
        Ok(Some(Draft { raised: raised_at, row, log, open: st.status.is_open() }))
    }

    /// Takes `action` on the issue on `day` through the service's form and table, changing `st` as the
    /// service changes the row; answers who took it, the log's content and the status and level before.
    #[allow(clippy::too_many_arguments)]
    fn act(
        &self,
        id: i64,
        c: &Candidate,
        ty: &IssueType,
        action: Action,
        day: NaiveDate,
        st: &mut State,
        rng: &mut Rng,
    ) -> anyhow::Result<(&Account, String, (IssueStatus, IssueLevel))> {
        let zone = self.zone;
        let before = (st.status, st.level);
        let handler =
            |d: Option<usize>| d.and_then(|d| zone.handler(d)).ok_or_else(|| anyhow::anyhow!("no handler of the responsible department"));
        if action == Action::Assign {
            let to = lifecycle::check(st.status, action, &[Role::Committee])?;
            let level = rng.weighted(&[(30, IssueLevel::SUGGESTION), (45, IssueLevel::ORDINARY), (25, IssueLevel::KEY)]);
            let responsible = self.responsible(ty, c, &st.refused, rng);
            let mut co = Vec::new();
            if rng.chance(0.35) {
                let others: Vec<usize> = (0..zone.plan.depts.len())
                    .filter(|&d| matches!(zone.dept(d).kind, Kind::CoOperating | Kind::Bureau(_)) && d != responsible)
                    .collect();
                for _ in 0..rng.int(1, 2) {
                    let d = rng.pick(&others);
                    if !co.contains(&d) {
                        co.push(d);
                    }
                }
            }
            let deadline = (level.needs_deadline() || rng.chance(0.5)).then(|| day + chrono::Duration::days(rng.int(7, 45)));
            let opinion = rng.pick(wording::ASSIGN_OPINIONS);
            let mut body = json!({
                "id": id.to_string(),
                "issueLevel": level.code(),
                "responsibleDeptId": zone.dept_id(responsible).to_string(),
                "coDeptIds": co.iter().map(|&d| zone.dept_id(d).to_string()).collect::<Vec<_>>(),
                "responsibleLeader": rng.choose(&zone.plan.leaders).clone(),
                "opinion": opinion,
            });
            if let Some(d) = deadline {
                body["deadline"] = json!(d.format("%Y-%m-%d").to_string());
            }
            if st.suggestion.is_empty() && (level == IssueLevel::SUGGESTION || rng.chance(0.5)) {
                body["suggestion"] = json!(rng.pick(ty.suggestions));
            }
            if rng.chance(0.4) {
                body["meetingRef"] = json!(format!("{}年第{}次项目调度会", day.year(), day.month() * 2 - u32::from(day.day() <= 15)));
            }
            let a = AssignForm::from_json(object(&body)?)?.validate(day)?;
            anyhow::ensure!(self.reference.has_dept(a.responsible_dept_id), "no department {}", a.responsible_dept_id);
            anyhow::ensure!(a.co_dept_ids.iter().all(|d| self.reference.has_dept(*d)), "a co-operating department is unknown");
            let suggestion = a.suggestion.clone().unwrap_or_else(|| st.suggestion.clone());
            anyhow::ensure!(a.level != IssueLevel::SUGGESTION || !suggestion.is_empty(), "a suggestion issue has a suggestion");
            st.status = to;
            st.level = a.level;
            st.responsible = Some(responsible);
            st.co = co;
            st.leader = a.responsible_leader;
            st.deadline = a.deadline;
            st.suggestion = suggestion;
            st.meeting_ref = a.meeting_ref;
            let content =
                if a.opinion.is_empty() { format!("交办{}", self.reference.dept_name(Some(a.responsible_dept_id))) } else { a.opinion };
            return Ok((self.reviewer, content, before));
        }
        // Who acts, and as whom.
        let (by, role) = match action {
            Action::Refuse | Action::Accept | Action::Resolve => (handler(st.responsible)?, Role::Responsible),
            Action::Progress => {
                let co = st.co.iter().filter_map(|&d| zone.handler(d)).collect::<Vec<_>>();
                if !co.is_empty() && rng.chance(0.3) {
                    (co[rng.index(co.len())], Role::CoOperating)
                } else {
                    (handler(st.responsible)?, Role::Responsible)
                }
            }
            _ => (self.reviewer, Role::Committee),
        };
        let content = match action {
            Action::Refuse => rng.pick(wording::REFUSE_REASONS).to_string(),
            Action::Accept => String::new(),
            Action::Progress => rng.pick(ty.progress).to_string(),
            Action::Resolve => rng.pick(ty.resolutions).to_string(),
            Action::Confirm => rng.pick(wording::CONFIRM_OPINIONS).to_string(),
            Action::Reject => rng.pick(wording::REJECT_REASONS).to_string(),
            Action::Close => rng.pick(wording::CLOSE_REASONS).to_string(),
            Action::Relevel | Action::Assign => String::new(),
        };
        let mut form =
            ActForm { ids: Some(id.to_string()), action: Some(action.code().into()), content: Some(content), ..Default::default() };
        if action == Action::Relevel {
            let up = st.level < IssueLevel::KEY && (st.level == IssueLevel::SUGGESTION || rng.chance(0.7));
            let new = match (up, st.level) {
                (true, l) if l == IssueLevel::SUGGESTION => IssueLevel::ORDINARY,
                (true, _) => IssueLevel::KEY,
                (false, l) if l == IssueLevel::KEY => IssueLevel::ORDINARY,
                _ => IssueLevel::SUGGESTION,
            };
            form.content = Some(if up { wording::RELEVEL_REASONS[0] } else { wording::RELEVEL_REASONS[2] }.to_string());
            form.issue_level = Some(new.code());
            if new.needs_deadline() && st.deadline.is_none_or(|d| d < day) {
                form.deadline = Some(day + chrono::Duration::days(rng.int(10, 30)));
            }
        }
        let act = form.validate(day)?;
        let to = lifecycle::check(st.status, action, &[role])?;
        match action {
            Action::Refuse => {
                if let Some(d) = st.responsible.take() {
                    st.refused.push(d);
                }
                st.co.clear();
                st.deadline = None;
            }
            Action::Resolve => {
                st.resolution = act.content.clone();
                st.resolved_date = Some(day);
            }
            Action::Reject => st.resolved_date = None,
            Action::Confirm | Action::Close => st.closed = Some((by.id, by.real_name.chars().take(50).collect(), day)),
            Action::Relevel => {
                let new = act.level.ok_or_else(|| anyhow::anyhow!("a level change names the level"))?;
                anyhow::ensure!(new != st.level, "a level change changes the level");
                let deadline = act.deadline.or(st.deadline);
                anyhow::ensure!(!new.needs_deadline() || deadline.is_some(), "an ordinary or key issue has a deadline");
                st.level = new;
                st.deadline = deadline;
            }
            Action::Accept | Action::Progress | Action::Assign => {}
        }
        st.status = to;
        Ok((by, act.content, before))
    }
}

fn object(v: &Value) -> anyhow::Result<&Map<String, Value>> {
    v.as_object().ok_or_else(|| anyhow::anyhow!("a form is an object"))
}

/// A log row as `investment::issue` writes it, by the account at the time.
#[allow(clippy::too_many_arguments)]
fn log_row(
    tenant: &str,
    issue: i64,
    action: &str,
    from: (&str, &str),
    to: (&str, &str),
    content: &str,
    by: &Account,
    at: DateTime<Utc>,
) -> project_issue_log::ActiveModel {
    let operator = Operator { tenant, id: by.id, name: &by.real_name, at };
    keeper_business::investment::issue::log_row(&operator, issue, action, from, to, content)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fate_plans_a_history_the_ledger_accepts() {
        let mut rng = Rng::stream(0, "issues-test");
        let roles = [Role::Committee, Role::Responsible, Role::CoOperating];
        for fate in IssueStatus::ALL {
            for _ in 0..50 {
                let mut s = IssueStatus::Pending;
                for step in Ctx::steps(fate, &mut rng) {
                    s = lifecycle::check(s, step.action, &roles).unwrap();
                }
                assert_eq!(s, fate);
            }
        }
    }
}
