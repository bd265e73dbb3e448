//! The annual plans of the zone's tracked projects (年度计划, domain-model §2.2.1): every tracked project in
//! the library that reported in last year or this year has a plan for that year, made by the park's clerk
//! early in the year. Its amount is set against what the reports show: last year's near the year's
//! investment, this year's (for the whole year) so that the year-to-date approved investment stands on,
//! a little behind or well behind the time schedule (时序进度) of the reporting month — most projects green,
//! some yellow and some red on the tracked list. The milestone and the start and completion flags follow
//! the project's timeline; the months are split evenly for most, typed by hand (adding up exactly) for
//! some, left out for a few. Every plan is a real `PlanForm`, validated as `projectPlan/submit` does.
use std::collections::HashMap;

use chrono::{Datelike, Months, NaiveDate};
use keeper_business::entity::project_plan;
use keeper_business::investment::plan::form::PlanForm;
use keeper_business::investment::project::lifecycle::ProjectStatus as S;
use keeper_business::review::Status;
use keeper_db::base::{self, Author};
use rust_decimal::Decimal;
use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
use sea_orm::IntoActiveModel;
use serde_json::{Value, json};

use crate::clock::Clock;
use crate::projects::{self, Life};
use crate::reports::{self, status_at};
use crate::rng::Rng;
use crate::zone::Zone;

/// One month of a project's reports: its amount (万元) and whether it was approved.
#[derive(Debug, Clone, Copy)]
struct Reported {
    year: i32,
    month: u32,
    amount: Decimal,
    approved: bool,
}

/// Generates the plans of `projects` from their reports.
pub fn generate(
    zone: &Zone,
    projects: &projects::Generated,
    reports: &reports::Generated,
    clock: &Clock,
) -> anyhow::Result<Vec<project_plan::ActiveModel>> {
    let mut rng = Rng::stream(zone.plan.index, "plans");
    let mut by_project: HashMap<i64, Vec<Reported>> = HashMap::new();
    for r in &reports.rows {
        by_project.entry(*r.project_id.as_ref()).or_default().push(Reported {
            year: *r.period_year.as_ref(),
            month: *r.period_month.as_ref() as u32,
            amount: *r.month_investment.as_ref(),
            approved: r.report_status.as_ref() == Status::Approved.code(),
        });
    }
    let mut out = Vec::new();
    for (row, life) in projects.rows.iter().zip(&projects.lives) {
        if row.library_status.as_ref() != Status::Approved.code() || row.is_tracked.as_ref() != "Y" {
            continue;
        }
        let id = *row.id.as_ref();
        let Some(months) = by_project.get(&id) else { continue };
        let total = row.total_investment.as_ref().unwrap_or_default();
        let name = row.project_name.as_ref();
        for year in [clock.year() - 1, clock.year()] {
            let of_year: Vec<Reported> = months.iter().copied().filter(|m| m.year == year).collect();
            if of_year.is_empty() {
                continue;
            }
            let Some(amount) = amount(&of_year, year, total, clock, &mut rng) else { continue };
            let plan =
                plan(zone, id, year, amount, life, clock, &mut rng).map_err(|e| anyhow::anyhow!("plan {year} of 「{name}」: {e}"))?;
            out.push(plan);
        }
    }
    Ok(out)
}

/// The year's planned investment: near last year's reported investment; for this year, the approved
/// year-to-date at a drawn rate of the time schedule of the reporting month (a lag of more than 10 points
/// is yellow, of more than 20 red).
fn amount(of_year: &[Reported], year: i32, total: Decimal, clock: &Clock, rng: &mut Rng) -> Option<Decimal> {
    let sum = |f: &dyn Fn(&Reported) -> bool| of_year.iter().filter(|m| f(m)).map(|m| m.amount).sum::<Decimal>();
    let last_month = clock.as_of.with_day(1)?.checked_sub_months(Months::new(1))?;
    let raw = if year < clock.year() || last_month.year() < year {
        let reported = sum(&|_| true).to_f64()?;
        if reported <= 0.0 {
            return None;
        }
        // Most plans were met or nearly so; some years fell well short.
        let (lo, hi) = rng.weighted(&[(70, (0.9, 1.15)), (20, (0.8, 0.9)), (10, (0.6, 0.8))]);
        reported / rng.fraction(lo, hi)
    } else {
        let n = last_month.month();
        let ytd = sum(&|m| m.approved && m.month <= n).to_f64()?;
        let schedule = f64::from(n) * 100.0 / 12.0;
        let (lo, hi) = rng.weighted(&[(62, (-12.0, 8.0)), (22, (11.0, 19.0)), (16, (22.0, 40.0))]);
        let lag = rng.fraction(lo, hi);
        if ytd > 0.0 {
            ytd * 100.0 / (schedule - lag).max(3.0)
        } else {
            // Nothing approved yet this year: planned from the project's size, and behind.
            total.to_f64()? * rng.fraction(0.1, 0.3)
        }
    };
    // As people plan: round figures.
    let step = match raw {
        r if r >= 1000.0 => 10.0,
        r if r >= 100.0 => 1.0,
        _ => 0.1,
    };
    let rounded = ((raw / step).round() * step).max(1.0);
    Decimal::from_f64(rounded).map(|d| d.round_dp(1))
}

/// The milestone of the year by where the timeline puts the project in it.
fn milestone(life: &Life, year: i32, rng: &mut Rng) -> String {
    let t = &life.timeline;
    let within = |d: Option<NaiveDate>| d.is_some_and(|d| d.year() == year);
    let end = NaiveDate::from_ymd_opt(year, 12, 31).unwrap_or(t.planned_completion);
    if within(t.start) {
        let m = t.start.map_or(1, |d| d.month());
        return format!("{m}月开工建设，年内完成{}", rng.pick(&["基础工程及主体结构施工", "桩基及主体结构施工", "厂房主体结构封顶"]));
    }
    if within(t.full_capacity) {
        return "年内实现达产，产能全面释放".into();
    }
    if within(t.production) {
        return "年内完成设备调试，建成投产".into();
    }
    if within(t.completion) || t.planned_completion.year() == year {
        return "年内完成竣工验收，启动设备安装调试".into();
    }
    match status_at(t, end) {
        S::Suspended => "加快推进复工，完成主体工程剩余工作量".into(),
        S::Completed | S::InProduction => "完成生产线调试，逐步提高产能利用率".into(),
        _ if life.kind == "02" => rng.pick(&["完成主体施工及设备安装", "完成土建及配套工程建设"]).into(),
        _ => rng
            .pick(&[
                "主体结构封顶，完成设备基础施工",
                "完成厂房主体及配套工程建设",
                "完成主要设备安装，开展单机调试",
                "完成主体结构及外立面施工",
            ])
            .into(),
    }
}

/// Twelve months typed by hand: little in winter, most in the second half, adding up exactly (cents).
fn by_hand(total: Decimal, rng: &mut Rng) -> Vec<Decimal> {
    const SEASON: [f64; 12] = [0.5, 0.4, 0.9, 1.0, 1.1, 1.1, 1.0, 1.0, 1.1, 1.2, 1.3, 1.4];
    let weights: Vec<f64> = SEASON.iter().map(|w| w * rng.fraction(0.8, 1.2)).collect();
    let sum: f64 = weights.iter().sum();
    let cents = (total * Decimal::ONE_HUNDRED).to_i64().unwrap_or(0);
    let mut months: Vec<i64> = weights.iter().map(|w| (cents as f64 * w / sum).floor() as i64).collect();
    let rest = cents - months.iter().sum::<i64>();
    months[11] += rest;
    months.into_iter().map(|c| Decimal::new(c, 2)).collect()
}

/// The plan as the park's clerk fills it in early in the year, checked by the service's form.
fn plan(
    zone: &Zone,
    project_id: i64,
    year: i32,
    amount: Decimal,
    life: &Life,
    clock: &Clock,
    rng: &mut Rng,
) -> anyhow::Result<project_plan::ActiveModel> {
    let t = &life.timeline;
    let within = |d: Option<NaiveDate>| d.is_some_and(|d| d.year() == year);
    let yes_no = |b: bool| if b { "Y" } else { "N" };
    let mut body = json!({
        "projectId": project_id.to_string(),
        "planYear": year,
        "yearPlanInvestment": amount.normalize().to_string(),
        "yearMilestone": milestone(life, year, rng),
        "planStartThisYear": yes_no(within(t.start)),
        "planCompleteThisYear": yes_no(within(t.completion) || t.planned_completion.year() == year),
    });
    match rng.weighted(&[(65, '1'), (25, '4'), (10, '-')]) {
        '1' => body["splitMode"] = json!("1"),
        '4' => {
            body["splitMode"] = json!("4");
            body["months"] = Value::Array(by_hand(amount, rng).into_iter().map(|m| Value::String(m.to_string())).collect());
        }
        _ => {}
    }
    if rng.chance(0.1) {
        body["remark"] = json!(rng.pick(&["按管委会年度投资计划下达", "根据企业投资计划调整", "含设备购置投资"]));
    }
    let map = body.as_object().ok_or_else(|| anyhow::anyhow!("a plan is an object"))?;
    let checked = PlanForm::from_json(map)?.validate(clock.year())?;
    let filler = zone.accounts.iter().find(|a| a.id == life.filler).unwrap_or(&zone.accounts[0]);
    // Made in the first weeks of the year (or after the project entered the library), never after today.
    let mut day = NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or(clock.as_of) + chrono::Duration::days(rng.int(5, 60));
    if let Some(e) = life.entered {
        day = day.max(e.with_timezone(&keeper_common::time::zone()).date_naive() + chrono::Duration::days(1));
    }
    let day = Clock::working_day(day.min(clock.as_of));
    let day = if day > clock.as_of { Clock::working_day_back(clock.as_of) } else { day };
    let mut at = clock.office_time(day, rng);
    if let Some(e) = life.entered
        && at <= e
    {
        at = e + chrono::Duration::minutes(rng.int(10, 120));
    }
    let mut row = checked.into_active_model();
    let author = Author { tenant: zone.tenant(), user: filler.id, dept: Some(zone.dept_id(filler.dept)), at };
    base::created::<project_plan::Entity>(&mut row, keeper_common::id::next_id(), &author);
    Ok(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_typed_by_hand_add_up_to_the_year() {
        let mut rng = Rng::stream(0, "plans-test");
        for total in ["1000", "12345.6", "0.5", "88"] {
            let total: Decimal = total.parse().unwrap();
            let months = by_hand(total, &mut rng);
            assert_eq!(months.len(), 12);
            assert_eq!(months.iter().copied().sum::<Decimal>(), total);
            assert!(months.iter().all(|m| !m.is_sign_negative()));
        }
    }
}
