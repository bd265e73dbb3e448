//! The investment forecasts (投资预测, domain-model §2.2.5b) of the zone's tracked projects under
//! construction, for the latest closed month and the month before: filed by the park's clerk in the first
//! days of the month, reviewed by the committee within days. The month expected is about the average of
//! the project's last three reported months, the year about its annual plan, the quarter what the quarter
//! has given so far and the month's pace for the rest of it.
//!
//! The month before is settled (approved, some after a return). The latest month is a mix the forecast
//! summary shows: most approved, some waiting for review, two returned with the reviewer's opinion, and a
//! few projects without any forecast, which the summary counts at their plan and flags. Every forecast is
//! a real `ForecastForm`, validated as `investmentForecast/submit` validates it, and its review moves are
//! checked by the service's table and written to the review log. It draws from a stream of its own, so the
//! rest of the zone comes out as before.
use std::collections::HashMap;

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use keeper_business::entity::{investment_forecast, project_plan, review_log};
use keeper_business::investment::forecast::REVIEW_KIND;
use keeper_business::investment::forecast::form::ForecastForm;
use keeper_business::investment::project::lifecycle::ProjectStatus as S;
use keeper_business::period::Period;
use keeper_business::review::{self, Status, Step};
use keeper_db::base::{self, Author};
use rust_decimal::Decimal;
use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
use sea_orm::ActiveValue::Set;
use serde_json::json;

use crate::clock::{Clock, Moments};
use crate::projects::library::{self, Move, Who};
use crate::projects::{self, Life};
use crate::reports;
use crate::rng::Rng;
use crate::targets::last_closed;
use crate::zone::{Account, RoleKind, Zone};

/// Projects of the latest month without any forecast (counted at their plan, flagged on the summary).
const UNFILED: usize = 4;
/// Projects whose latest forecast was returned.
const RETURNED: usize = 2;

const BASES: &[&str] = &[
    "根据施工合同及总体进度计划测算",
    "参照近三个月形象进度及资金拨付情况测算",
    "主体结构施工加快，设备采购合同已签订",
    "按施工单位月度产值计划及监理月报测算",
    "设备陆续进场安装，按到货及付款计划测算",
    "按年度投资计划及工程量清单测算",
];
const RETURN_OPINIONS: &[&str] = &[
    "预计全年投资与年度计划偏差较大，请补充说明依据",
    "预计本月投资与近期形象进度不符，请核实后重新提交",
    "预测依据过于简单，请补充合同及资金到位情况",
];
const APPROVE_OPINIONS: &[&str] = &["同意", "预测依据充分，同意", "审核通过", ""];

#[derive(Default)]
pub struct Generated {
    pub rows: Vec<investment_forecast::ActiveModel>,
    pub reviews: Vec<review_log::ActiveModel>,
    pub approved: usize,
}

/// What a project's forecast of a month comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Unfiled,
    Filed(Status),
}

/// Generates the forecasts of the tracked projects in the library under construction.
pub fn generate(
    zone: &Zone,
    projects: &projects::Generated,
    reports: &reports::Generated,
    plans: &[project_plan::ActiveModel],
    clock: &Clock,
) -> anyhow::Result<Generated> {
    let mut rng = Rng::stream(zone.plan.index, "forecasts");
    let latest = last_closed(clock);
    let before = latest.checked_sub_months(Months::new(1)).unwrap_or(latest);
    // Every report the clerk has filed, whatever its review: the clerk knows what the sites did.
    let mut filed: HashMap<(i64, i32, u32), f64> = HashMap::new();
    for r in &reports.rows {
        let amount = r.month_investment.as_ref().to_f64().unwrap_or(0.0);
        filed.insert((*r.project_id.as_ref(), *r.period_year.as_ref(), *r.period_month.as_ref() as u32), amount);
    }
    let plan_of: HashMap<(i64, i32), f64> = plans
        .iter()
        .map(|p| ((*p.project_id.as_ref(), *p.plan_year.as_ref()), p.year_plan_investment.as_ref().to_f64().unwrap_or(0.0)))
        .collect();
    let mut eligible: Vec<usize> = (0..projects.rows.len())
        .filter(|&i| {
            let row = &projects.rows[i];
            row.library_status.as_ref() == Status::Approved.code()
                && row.is_tracked.as_ref() == "Y"
                && row.project_status.as_ref() == S::UnderConstruction.code()
        })
        .collect();
    rng.shuffle(&mut eligible);
    let waiting = eligible.len() / 7;
    let reviewer = zone.account(RoleKind::Reviewer);
    let mut out = Generated::default();
    for (place, &i) in eligible.iter().enumerate() {
        let (row, life) = (&projects.rows[i], &projects.lives[i]);
        let latest_fate = match place {
            p if p < UNFILED => Fate::Unfiled,
            p if p < UNFILED + RETURNED => Fate::Filed(Status::Returned),
            p if p < UNFILED + RETURNED + waiting => Fate::Filed(Status::Submitted),
            _ => Fate::Filed(Status::Approved),
        };
        for (month, fate) in [(before, Fate::Filed(Status::Approved)), (latest, latest_fate)] {
            let Fate::Filed(status) = fate else { continue };
            // Unfiled projects are those the park has let slip: nothing for the month before either.
            if latest_fate == Fate::Unfiled {
                continue;
            }
            // A forecast is of a month the project builds in from its start.
            if row.actual_start_date.as_ref().is_none_or(|s| s >= month) {
                continue;
            }
            // …and that was in the library when the month began.
            if life.entered.is_none_or(|e| e.with_timezone(&keeper_common::time::zone()).date_naive() >= month) {
                continue;
            }
            let id = *row.id.as_ref();
            let name = row.project_name.as_ref();
            let plan = plan_of.get(&(id, month.year())).copied();
            let body = form(id, month, plan, life, &filed, &mut rng);
            let map = body.as_object().ok_or_else(|| anyhow::anyhow!("a forecast is an object"))?;
            let f = ForecastForm::from_json(map)
                .and_then(|f| f.validate())
                .map_err(|e| anyhow::anyhow!("forecast {} of 「{name}」: {e}", Period::of_day(month)))?;
            let (created, moves) = filing(status, month, life.entered, clock, &mut rng)
                .map_err(|e| anyhow::anyhow!("forecast {} of 「{name}」: {e}", Period::of_day(month)))?;
            let filler = zone.accounts.iter().find(|a| a.id == life.filler).unwrap_or_else(|| zone.account(RoleKind::ParkClerk));
            let mut fc = investment_forecast::ActiveModel {
                project_id: Set(f.project_id),
                dept_id: Set(*row.dept_id.as_ref()),
                forecast_year: Set(f.period.year()),
                forecast_month: Set(f.period.month() as i32),
                expected_month_investment: Set(f.month.decimal()),
                expected_quarter_investment: Set(f.quarter.map(|q| q.decimal())),
                expected_year_investment: Set(f.year.decimal()),
                expected_start_date: Set(f.start),
                expected_production_date: Set(f.production),
                basis: Set(f.basis),
                ..Default::default()
            };
            push(&mut out, zone, &mut fc, status, created, &moves, filler, reviewer);
        }
    }
    Ok(out)
}

/// The body the clerk sends for project `id` and the month beginning `month`.
fn form(
    id: i64,
    month: NaiveDate,
    plan: Option<f64>,
    life: &Life,
    filed: &HashMap<(i64, i32, u32), f64>,
    rng: &mut Rng,
) -> serde_json::Value {
    let reported = |d: NaiveDate| filed.get(&(id, d.year(), d.month())).copied();
    let back = |n: u32| month.checked_sub_months(Months::new(n)).unwrap_or(month);
    let recent: Vec<f64> = (1..=3).filter_map(|n| reported(back(n))).collect();
    let this_year_before: f64 = (1..month.month()).filter_map(|m| reported(NaiveDate::from_ymd_opt(month.year(), m, 1)?)).sum();
    let average = if recent.is_empty() { plan.unwrap_or(0.0) / 12.0 } else { recent.iter().sum::<f64>() / recent.len() as f64 };
    let expected_month = amount(average * rng.fraction(0.85, 1.2));
    // The quarter: what its earlier months gave, and this month's pace for the rest of it.
    let quarter_first = (month.month() - 1) / 3 * 3 + 1;
    let quarter_before: f64 = (quarter_first..month.month()).filter_map(|m| reported(NaiveDate::from_ymd_opt(month.year(), m, 1)?)).sum();
    let left_in_quarter = f64::from(quarter_first + 3 - month.month());
    let expected_quarter = amount(quarter_before + expected_month * left_in_quarter).max(expected_month);
    // The year: the plan, give or take a little, never below what the year has given and the quarter expects.
    let floor = this_year_before - quarter_before + expected_quarter;
    let by_plan = plan.map_or(floor + expected_month * f64::from(12 - (quarter_first + 2)), |p| p * rng.fraction(0.93, 1.05));
    let expected_year = amount(by_plan.max(floor)).max(expected_quarter);
    let mut body = json!({
        "projectId": id.to_string(),
        "period": Period::of_day(month).to_string(),
        "expectedMonthInvestment": text(expected_month),
        "expectedQuarterInvestment": text(expected_quarter),
        "expectedYearInvestment": text(expected_year),
        "basis": rng.pick(BASES),
    });
    // Most say when the works will produce: some months after the planned completion, or after the month
    // for works already late.
    if rng.chance(0.7) {
        let due = life.timeline.planned_completion.max(month.checked_add_months(Months::new(1)).unwrap_or(month));
        let production = due + chrono::Duration::days(rng.int(30, 120));
        body["expectedProductionDate"] = json!(production.format("%Y-%m-%d").to_string());
    }
    body
}

/// An amount as a clerk types it: to the 万元, to the tenth below 100.
fn amount(x: f64) -> f64 {
    if x >= 100.0 { x.round() } else { (x * 10.0).round() / 10.0 }
}

fn text(x: f64) -> String {
    Decimal::from_f64(x).map(|d| d.round_dp(1).normalize().to_string()).unwrap_or_else(|| "0".into())
}

/// When the forecast of the month beginning `month` was saved, and its moves to `target`: in the first
/// days of the month, reviewed within days, on working days and never after today.
fn filing(
    target: Status,
    month: NaiveDate,
    entered: Option<DateTime<Utc>>,
    clock: &Clock,
    rng: &mut Rng,
) -> anyhow::Result<(DateTime<Utc>, Vec<Move>)> {
    use Step::*;
    let steps: &[Step] = match target {
        Status::Approved => rng.weighted(&[(85, &[Submit, Approve][..]), (15, &[Submit, Return, Resubmit, Approve][..])]),
        Status::Submitted => rng.weighted(&[(85, &[Submit][..]), (15, &[Submit, Return, Resubmit][..])]),
        Status::Returned => &[Submit, Return][..],
        Status::Draft => &[][..],
    };
    let mut day = Clock::working_day(month + chrono::Duration::days(rng.int(0, 4)));
    let mut days = vec![day];
    for &step in steps {
        day = Clock::working_day(
            day + chrono::Duration::days(match step {
                Submit => rng.int(0, 1),
                Return | Resubmit => rng.int(1, 3),
                _ => rng.int(1, 4),
            }),
        );
        days.push(day);
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
            Return => (Who::Reviewer, rng.pick(RETURN_OPINIONS).to_string()),
            Approve => (Who::Reviewer, rng.pick(APPROVE_OPINIONS).to_string()),
            _ => (Who::Filler, String::new()),
        };
        let to = review::check(at, step, &opinion)?;
        moves.push(Move { step, from: at, to, opinion, by, at: moments.on(day, rng) });
        at = to;
    }
    anyhow::ensure!(at == target, "the moves end at {at:?}, not {target:?}");
    Ok((created, moves))
}

/// The row with its workflow columns as the review wrote them, and its review log.
#[allow(clippy::too_many_arguments)]
fn push(
    out: &mut Generated,
    zone: &Zone,
    row: &mut investment_forecast::ActiveModel,
    target: Status,
    created: DateTime<Utc>,
    moves: &[Move],
    filler: &Account,
    reviewer: &Account,
) {
    let tenant = zone.tenant();
    let id = keeper_common::id::next_id();
    let who = |by: Who| if by == Who::Filler { filler } else { reviewer };
    let author = |a: &Account, at| Author { tenant, user: a.id, dept: Some(zone.dept_id(a.dept)), at };
    base::created::<investment_forecast::Entity>(row, id, &author(filler, created));
    if let Some(m) = moves.last() {
        base::updated::<investment_forecast::Entity>(row, &author(who(m.by), m.at));
    }
    let submitted = moves.iter().rev().find(|m| matches!(m.step, Step::Submit | Step::Resubmit));
    let approved = moves.iter().rev().find(|m| m.step == Step::Approve).filter(|_| target == Status::Approved);
    row.report_status = Set(target.code().into());
    row.submit_user = Set(submitted.map(|_| filler.id));
    row.submit_user_name = Set(if submitted.is_some() { filler.real_name.clone() } else { String::new() });
    row.submit_time = Set(submitted.map(|m| m.at));
    row.audit_user = Set(approved.map(|_| reviewer.id));
    row.audit_user_name = Set(if approved.is_some() { reviewer.real_name.clone() } else { String::new() });
    row.audit_time = Set(approved.map(|m| m.at));
    row.review_opinion = Set(library::opinion(moves));
    for m in moves {
        let by = who(m.by);
        out.reviews.push(review_log::ActiveModel {
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
    if target == Status::Approved {
        out.approved += 1;
    }
    out.rows.push(row.clone());
}
