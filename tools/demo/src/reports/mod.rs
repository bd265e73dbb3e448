//! The monthly progress reports of the zone's projects (domain-model §2.2.6). Every project in the library
//! that has started construction reports each month from its start (or the zone's go-live, January of
//! last year) to last month, and stops after the month it reached 达产, halted or was given up. A project
//! already building at go-live carries an opening balance (开工至上线累计), set through the project form.
//! Its money follows an S-curve (`curve`) below the planned total, its words follow the key node it has
//! reached (`wording`), and the status it stood at by each month's end comes from its timeline, so reports
//! propose no moves. Every report is a real `ReportForm`, validated as `projectReport/submit` validates it
//! and checked against the tenant's dictionaries; the workflow moves are checked by the service's table.
//! Earlier months are approved; last month is a mix of approved, waiting, draft, returned and not filed.
//! The figures (year-to-date, cumulative, the project's cumulative investment and key node) are left to
//! the service's `recompute`, run after the rows are written.
pub mod curve;
pub mod wording;

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use keeper_business::entity::{project, project_report, review_log};
use keeper_business::investment::project::form::ProjectForm;
use keeper_business::investment::project::lifecycle::ProjectStatus as S;
use keeper_business::investment::report::REVIEW_KIND;
use keeper_business::investment::report::form::ReportForm;
use keeper_business::period::Period;
use keeper_business::reference::Reference;
use keeper_business::review::{self, Status, Step};
use keeper_db::base::{self, Author};
use rust_decimal::prelude::ToPrimitive;
use sea_orm::ActiveValue::Set;
use sea_orm::{IntoActiveModel, TryIntoModel};
use serde_json::{Map, Value, json};

use crate::clock::{Clock, Moments};
use crate::projects::library::{Move, Who};
use crate::projects::timeline::Timeline;
use crate::projects::{self, Life};
use crate::rng::Rng;
use crate::zone::{Account, RoleKind, Zone};
use curve::{Curve, UNIT};
use wording::{Month, Stop};

#[derive(Default)]
pub struct Generated {
    pub rows: Vec<project_report::ActiveModel>,
    pub reviews: Vec<review_log::ActiveModel>,
    /// The projects with approved reports, and when their figures are recomputed (their last approval).
    pub recompute: Vec<(i64, DateTime<Utc>)>,
    pub approved: usize,
}

/// The first month the zone's platform holds: January of last year (of `history` years back on a
/// benchmark's clock).
pub fn go_live(clock: &Clock) -> NaiveDate {
    NaiveDate::from_ymd_opt(clock.year() - clock.history() as i32, 1, 1).unwrap_or(clock.as_of)
}

fn first_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

fn next_month(first: NaiveDate) -> NaiveDate {
    first.checked_add_months(Months::new(1)).unwrap_or(first)
}

/// The months a project reports: from its start (or go-live) to last month, up to the month it reached
/// 达产, halted or was given up; `None` when that is no month at all.
pub fn window(t: &Timeline, clock: &Clock) -> Option<(NaiveDate, NaiveDate)> {
    let start = t.start?;
    let last_month = first_of(clock.as_of).checked_sub_months(Months::new(1))?;
    let first = first_of(start).max(go_live(clock));
    let last = stop_day(t).map_or(last_month, |d| first_of(d).min(last_month));
    (first <= last).then_some((first, last))
}

/// The day reporting ends: 达产, the halt or the exit.
fn stop_day(t: &Timeline) -> Option<NaiveDate> {
    match t.status {
        S::FullCapacity => t.full_capacity,
        S::Suspended => t.halted,
        S::Terminated => t.exit,
        _ => None,
    }
}

/// The status the project stood at by the end of `day`.
pub fn status_at(t: &Timeline, day: NaiveDate) -> S {
    t.path.iter().zip(&t.days).rev().find(|(_, d)| **d <= day).map(|(s, _)| *s).unwrap_or(S::Reserve)
}

/// The key node (`project_stage`) reached by `day` at `status`, never behind the one reached before.
fn stage(status: S, kind: &str, curve: &Curve, production: Option<NaiveDate>, day: NaiveDate, before: u8) -> (u8, i64) {
    let x = curve.progress(day);
    // Where the node stands within its stretch of the works, in steps of 5 %.
    let within = |lo: f64, hi: f64| ((((x - lo) / (hi - lo)).clamp(0.05, 0.95) * 20.0).round() as i64) * 5;
    let (node, percent) = match status {
        S::UnderConstruction if kind == "02" => {
            if x < 0.3 {
                (8, within(0.0, 0.3))
            } else {
                (11, within(0.3, 1.0))
            }
        }
        S::UnderConstruction => match x {
            x if x < 0.12 => (8, within(0.0, 0.12)),
            x if x < 0.6 => (9, within(0.12, 0.6)),
            x if x < 0.75 => (10, within(0.6, 0.75)),
            _ => (11, within(0.75, 1.0)),
        },
        S::Completed => (12, 100),
        S::InProduction => {
            // Trial production for some months, then capacity use climbs towards full.
            let months = production.map_or(0, |p| (day - p).num_days() / 30);
            if months < 4 { (13, 100) } else { (14, (50 + 5 * months).min(95)) }
        }
        S::FullCapacity => (15, 100),
        _ => (before, 0),
    };
    if node < before { (before, percent) } else { (node, percent) }
}

/// How a month's report stands: earlier months were all approved; last month is still being reviewed.
fn target(current: bool, terminal: bool, rng: &mut Rng) -> Option<Status> {
    if !current || terminal {
        // A project that reached 达产 or ended takes no more filings: its last month was settled.
        return Some(Status::Approved);
    }
    rng.weighted(&[
        (55, Some(Status::Approved)),
        (20, Some(Status::Submitted)),
        (10, Some(Status::Draft)),
        (10, Some(Status::Returned)),
        (5, None),
    ])
}

/// When the report of the month beginning `month` was saved, and its workflow moves to `target`: filed
/// in the first days of the next month and reviewed within a week, on working days (or in the last days
/// of the month when the zone's today comes first), checked move by move by the service's table.
fn filing(
    target: Status,
    month: NaiveDate,
    entered: Option<DateTime<Utc>>,
    clock: &Clock,
    rng: &mut Rng,
) -> anyhow::Result<(DateTime<Utc>, Vec<Move>)> {
    use Step::*;
    let steps: &[Step] = match target {
        Status::Approved => rng.weighted(&[(88, &[Submit, Approve][..]), (12, &[Submit, Return, Resubmit, Approve][..])]),
        Status::Submitted => rng.weighted(&[(85, &[Submit][..]), (15, &[Submit, Return, Resubmit][..])]),
        Status::Draft => rng.weighted(&[(85, &[][..]), (15, &[Submit, Withdraw][..])]),
        Status::Returned => rng.weighted(&[(80, &[Submit, Return][..]), (20, &[Submit, Return, Resubmit, Return][..])]),
    };
    let mut day = next_month(month) + chrono::Duration::days(rng.int(0, 4));
    if let Some(e) = entered {
        day = day.max(e.with_timezone(&keeper_common::time::zone()).date_naive());
    }
    let mut days = vec![Clock::working_day(day)];
    for &step in steps {
        day += chrono::Duration::days(match step {
            Submit => rng.int(0, 2),
            Withdraw => rng.int(0, 1),
            Return | Resubmit => rng.int(1, 4),
            Approve => rng.int(1, 5),
            Unapprove => rng.int(3, 20),
        });
        days.push(Clock::working_day(day));
    }
    if let Some(&last) = days.last()
        && last > clock.as_of
    {
        let shift = last - clock.as_of;
        days = days.into_iter().map(|d| Clock::working_day_back(d - shift)).collect();
    }
    let mut moments = Moments::after(clock, entered);
    let created = moments.on(days[0], rng);
    let mut moves = Vec::with_capacity(steps.len());
    let mut at = Status::Draft;
    for (&step, &day) in steps.iter().zip(&days[1..]) {
        let (by, opinion) = match step {
            Return => (Who::Reviewer, rng.pick(wording::RETURN_OPINIONS).to_string()),
            Approve => (Who::Reviewer, rng.pick(wording::APPROVE_OPINIONS).to_string()),
            Unapprove => (Who::Reviewer, "数据需重新核实".to_string()),
            _ => (Who::Filler, String::new()),
        };
        let to = review::check(at, step, &opinion)?;
        moves.push(Move { step, from: at, to, opinion, by, at: moments.on(day, rng) });
        at = to;
    }
    anyhow::ensure!(at == target, "the moves end at {at:?}, not {target:?}");
    Ok((created, moves))
}

/// Sets the opening balance on a project row, through the project form: it must pass the form's checks
/// and the completeness check (`Project::complete` takes it only from a project that has started).
fn set_opening(row: &mut project::ActiveModel, t: &Timeline, opening: i64, reference: &Reference) -> anyhow::Result<()> {
    let model: project::Model = row.clone().try_into_model()?;
    let mut body: Map<String, Value> = keeper_business::patch::over(&model, Map::new())?;
    // The form holds the main-path status reached: 停缓建 and 终止 are moves.
    body.insert("projectStatus".into(), Value::String(t.held.code().into()));
    body.insert("openingInvestment".into(), Value::String(curve::decimal(opening).to_string()));
    let p = ProjectForm::from_json(&body)?.validate()?;
    p.check_references(reference)?;
    p.complete()?;
    row.opening_investment = Set(p.opening_investment);
    // As library approval sets it: the opening balance until the first approved report (the reports'
    // recomputation then starts from it).
    row.cumulative_investment = Set(p.opening_investment);
    Ok(())
}

struct Ctx<'z> {
    zone: &'z Zone,
    reference: &'z Reference,
    clock: &'z Clock,
    reviewer: &'z Account,
    out: Generated,
}

/// Generates the zone's reports and sets the opening balances on `projects`' rows; a report that fails a
/// check of the service fails the load, naming the project and the month.
pub fn generate(zone: &Zone, projects: &mut projects::Generated, reference: &Reference, clock: &Clock) -> anyhow::Result<Generated> {
    let mut rng = Rng::stream(zone.plan.index, "reports");
    let mut ctx = Ctx { zone, reference, clock, reviewer: zone.account(RoleKind::Reviewer), out: Generated::default() };
    for (row, life) in projects.rows.iter_mut().zip(&projects.lives) {
        if row.library_status.as_ref() != Status::Approved.code() {
            continue;
        }
        ctx.project(row, life, &mut rng)?;
    }
    Ok(ctx.out)
}

impl Ctx<'_> {
    fn project(&mut self, row: &mut project::ActiveModel, life: &Life, rng: &mut Rng) -> anyhow::Result<()> {
        let (t, clock) = (&life.timeline, self.clock);
        let (Some(start), Some((first, last))) = (t.start, window(t, clock)) else { return Ok(()) };
        let name = row.project_name.as_ref().clone();
        let project_id = *row.id.as_ref();
        let total = row.total_investment.as_ref().and_then(|d| d.to_f64()).unwrap_or(0.0);
        let filler = self.zone.accounts.iter().find(|a| a.id == life.filler).unwrap_or_else(|| self.zone.account(RoleKind::ParkClerk));
        let curve = Curve::plan(t, start, clock, rng);
        let go_live = go_live(clock);
        let mut cumulative = 0;
        if start < go_live {
            let opening = curve::units(total, curve.share(go_live.pred_opt().unwrap_or(go_live)), 1);
            if opening > 0 {
                set_opening(row, t, opening, self.reference).map_err(|e| anyhow::anyhow!("project 「{name}」, opening balance: {e}"))?;
                cumulative = opening;
            }
        }
        let cap = curve::units(total, curve.final_share, 1).min((total * UNIT as f64) as i64);
        let last_month = first_of(clock.as_of).checked_sub_months(Months::new(1)).unwrap_or(last);
        let stop = stop_day(t);
        let mut node = 8;
        let mut last_approval: Option<DateTime<Utc>> = None;
        let mut month = first;
        while month <= last {
            let end = next_month(month).pred_opt().unwrap_or(month);
            let period = Period::of_day(month);
            let day = stop.map_or(end, |s| s.min(end));
            let status = status_at(t, end);
            let stopped = match status {
                S::Suspended => Some(Stop::Halted),
                S::Terminated => Some(Stop::Terminated),
                _ => None,
            };
            // The month's stretch of the curve at the month's pace, catching up part of what fell behind
            // (or holding back what ran ahead), never past the cap.
            let goal = curve::units(total, curve.share(day), 1);
            let step = goal - curve::units(total, curve.share(month.pred_opt().unwrap_or(month)), 1);
            let pace = rng.fraction(0.8, 1.2) * curve::season(month) * if stopped.is_some() { 0.3 } else { 1.0 };
            let wanted = step as f64 * pace + 0.4 * (goal - cumulative - step) as f64;
            let amount = ((wanted.max(0.0) / 100.0).round() as i64 * 100).min(cap - cumulative).max(0);
            let (n, percent) = stage(status, life.kind, &curve, t.production, end, node);
            node = n;
            let fields = Fields { project_id, period, amount, status, stage: node, percent, stopped, kind: life.kind, total, end };
            let Some(target) = target(month == last_month, status.terminal(), rng) else {
                month = next_month(month);
                continue;
            };
            let filed = self.report(&fields, rng).map_err(|e| anyhow::anyhow!("project 「{name}」, {period}: {e}"))?;
            let (created, moves) =
                filing(target, month, life.entered, clock, rng).map_err(|e| anyhow::anyhow!("project 「{name}」, {period}: {e}"))?;
            cumulative += amount;
            if target == Status::Approved {
                self.out.approved += 1;
                last_approval = moves.iter().rev().find(|m| m.step == Step::Approve).map(|m| m.at).or(last_approval);
            }
            self.push(filed, row.dept_id.as_ref().to_owned(), status, target, created, &moves, filler);
            month = next_month(month);
        }
        if let Some(at) = last_approval {
            self.out.recompute.push((project_id, at.max(*row.update_time.as_ref())));
        }
        Ok(())
    }

    /// The month's report as a clerk fills it in, checked by the service's form.
    fn report(&self, f: &Fields, rng: &mut Rng) -> anyhow::Result<keeper_business::investment::report::form::Report> {
        let mut body = json!({
            "projectId": f.project_id.to_string(),
            "period": f.period.to_string(),
            "monthInvestment": curve::decimal(f.amount).to_string(),
            "projectStatus": f.status.code(),
            "currentStage": f.stage.to_string(),
        });
        let map = body.as_object_mut().ok_or_else(|| anyhow::anyhow!("a report is an object"))?;
        if f.amount > 0 && rng.chance(0.7) {
            let parts = curve::composition(f.amount, f.stage, f.kind, rng);
            for (key, part) in ["buildingInvestment", "installInvestment", "equipmentPurchase", "otherCost"].into_iter().zip(parts) {
                map.insert(key.into(), Value::String(curve::decimal(part).to_string()));
            }
        }
        if rng.chance(0.8) {
            let funds = ((f.amount as f64 * rng.fraction(0.5, 1.3)) / 100.0).round() as i64 * 100;
            map.insert("fundsInPlaceMonth".into(), Value::String(curve::decimal(funds).to_string()));
        }
        let workers = match f.stopped {
            Some(Stop::Halted) => Some(rng.int(2, 6) as i32),
            Some(Stop::Terminated) => Some(0),
            None => curve::workers(f.total, f.stage, f.end, rng),
        };
        if let Some(n) = workers {
            map.insert("workersOnSite".into(), json!(n));
        }
        let issue = rng.chance(if f.stopped == Some(Stop::Halted) { 0.5 } else { 0.04 }).then(|| rng.pick(wording::ISSUES));
        let (progress, plan) = wording::words(&Month { kind: f.kind, stage: f.stage, percent: f.percent, stopped: f.stopped }, issue, rng);
        map.insert("hasIssue".into(), Value::String(if issue.is_some() { "Y" } else { "N" }.into()));
        map.insert("progressDesc".into(), Value::String(progress));
        map.insert("nextMonthPlan".into(), Value::String(plan));
        let filed = ReportForm::from_json(map)?.validate(Period::of_day(self.clock.as_of))?;
        anyhow::ensure!(filed.change.is_none(), "a report of the past proposes no move");
        for (code, key) in [("project_status", &filed.report.project_status), ("project_stage", &filed.report.current_stage)] {
            anyhow::ensure!(self.reference.has_key(code, key), "{code} {key} is not in the tenant's dictionaries");
        }
        Ok(filed.report)
    }

    /// The row and its review log, with the submit and audit columns as the workflow wrote them.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        report: keeper_business::investment::report::form::Report,
        dept_id: Option<i64>,
        status: S,
        target: Status,
        created: DateTime<Utc>,
        moves: &[Move],
        filler: &Account,
    ) {
        let tenant = self.zone.tenant();
        let id = keeper_common::id::next_id();
        let who = |by: Who| if by == Who::Filler { filler } else { self.reviewer };
        let mut row = report.into_active_model();
        let author = Author { tenant, user: filler.id, dept: Some(self.zone.dept_id(filler.dept)), at: created };
        base::created::<project_report::Entity>(&mut row, id, &author);
        if let Some(m) = moves.last() {
            let by = who(m.by);
            base::updated::<project_report::Entity>(
                &mut row,
                &Author { tenant, user: by.id, dept: Some(self.zone.dept_id(by.dept)), at: m.at },
            );
        }
        let submitted = moves.iter().rev().find(|m| matches!(m.step, Step::Submit | Step::Resubmit));
        let approved = moves.iter().rev().find(|m| m.step == Step::Approve).filter(|_| target == Status::Approved);
        row.dept_id = Set(dept_id);
        row.ytd_investment = Set(None);
        row.cumulative_investment = Set(None);
        row.from_status = Set(status.code().into());
        row.status_change = Set(String::new());
        row.report_status = Set(target.code().into());
        row.submit_user = Set(submitted.map(|_| filler.id));
        row.submit_user_name = Set(if submitted.is_some() { filler.real_name.clone() } else { String::new() });
        row.submit_time = Set(submitted.map(|m| m.at));
        row.audit_user = Set(approved.map(|_| self.reviewer.id));
        row.audit_user_name = Set(if approved.is_some() { self.reviewer.real_name.clone() } else { String::new() });
        row.audit_time = Set(approved.map(|m| m.at));
        row.review_opinion = Set(projects::library::opinion(moves));
        for m in moves {
            let by = who(m.by);
            self.out.reviews.push(review_log::ActiveModel {
                id: Set(keeper_common::id::next_id()),
                tenant_id: Set(tenant.into()),
                biz_type: Set(REVIEW_KIND.into()),
                biz_id: Set(id),
                step: Set(m.step.code().into()),
                from_status: Set(m.from.code().into()),
                to_status: Set(m.to.code().into()),
                opinion: Set(m.opinion.clone()),
                operator_id: Set(by.id),
                operator_name: Set(by.real_name.clone()),
                create_time: Set(m.at),
            });
        }
        self.out.rows.push(row);
    }
}

/// What one month's report is made of.
struct Fields<'a> {
    project_id: i64,
    period: Period,
    /// Units of 0.0001 万元.
    amount: i64,
    status: S,
    stage: u8,
    percent: i64,
    stopped: Option<Stop>,
    kind: &'a str,
    total: f64,
    end: NaiveDate,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_month_is_filed_after_it_ends_and_never_after_today() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        let mut rng = Rng::stream(0, "report-filing");
        for as_of in [d(2026, 11, 1), d(2026, 11, 17), d(2027, 3, 1)] {
            let clock = Clock::new(as_of);
            let last_month = first_of(as_of).checked_sub_months(Months::new(1)).unwrap();
            for target in Status::ALL {
                for back in 0..6 {
                    let month = last_month.checked_sub_months(Months::new(back)).unwrap();
                    let (created, moves) = filing(target, month, None, &clock, &mut rng).unwrap();
                    let zone = keeper_common::time::zone();
                    let mut times = vec![created];
                    times.extend(moves.iter().map(|m| m.at));
                    assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
                    for t in &times {
                        let day = t.with_timezone(&zone).date_naive();
                        assert!(day <= as_of && day >= month, "{month} filed {day}");
                        assert!(day.weekday().number_from_monday() <= 5, "{day} is a working day");
                        if back > 0 || as_of.day() > 20 {
                            assert!(day >= next_month(month), "{month} filed {day}");
                        }
                    }
                    assert_eq!(moves.last().map_or(Status::Draft, |m| m.to), target);
                }
            }
        }
    }
}
