//! The monthly output reports of the zone's enterprises (产值填报, domain-model §2.3.1). Every enterprise
//! that owes a report (`owes_report`: marked as a reporter, by default every 规上 industrial firm, and
//! neither moved out nor closed) reports each month from the zone's go-live (January of last year) or the
//! month it entered 规上, whichever is later, to last month; January not on its own when the tenant merges
//! it into February (`business.januaryMerged`). A firm's output follows its size (its staff times the
//! output per head of its trade), grows year on year (mostly by 3–12 %, some firms fall), dips at the
//! Spring Festival and peaks in December (年底冲刺); a firm half-stopped or stopped (经营状态) makes less or
//! nothing from the month it did. Its revenue, value added, tax, profit, electricity and staff go with it
//! where it reports them.
//!
//! Every report is a real `OutputReportForm`, validated as `outputValue/submit` validates it, for a month
//! the tenant takes reports of. The figures the service reads (1–N月累计 and 上年同期, from the approved
//! months, `figures::of`) decide, as they do there, whether the report needs its decline reason; last
//! year's figures are typed only where the platform holds no approved report of last year's month, and
//! the workflow moves are checked by the service's table. Earlier months are approved, saved and
//! submitted in the first days of the next month (a few after the deadline, `business.outputDeadlineDay`,
//! and marked late as the service marks them); last month is a mix of approved, waiting, draft, returned
//! and not filed.
//!
//! It also answers what the statistics office counts of 规上工业总产值, every owing firm's months since it
//! entered 规上, filed or not, by territory: the targets of output and its official figures (`targets`)
//! are set against it. It draws from a stream of its own, so the rest of the zone comes out as before.
pub mod wording;

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};
use keeper_business::entity::{enterprise, output_report, review_log};
use keeper_business::output::report::figures::{self, Approved, Typed};
use keeper_business::output::report::form::{OutputReport, OutputReportForm};
use keeper_business::output::report::repo::owes_report;
use keeper_business::output::report::{self as service, DEADLINE_PARAM, REVIEW_KIND};
use keeper_business::period::{January, Period};
use keeper_business::reference::Reference;
use keeper_business::review::{self, Status, Step};
use keeper_db::base::{self, Author};
use rust_decimal::Decimal;
use rust_decimal::prelude::FromPrimitive;
use sea_orm::ActiveValue::Set;
use sea_orm::{IntoActiveModel, TryIntoModel};
use serde_json::{Value, json};

use crate::clock::{Clock, Moments};
use crate::enterprises::Firm;
use crate::projects::library::{self, Move, Who};
use crate::reports::{self, go_live};
use crate::rng::Rng;
use crate::targets::last_closed;
use crate::zone::{Account, RoleKind, Zone};
use wording::Cause;

#[derive(Default)]
pub struct Generated {
    pub rows: Vec<output_report::ActiveModel>,
    pub reviews: Vec<review_log::ActiveModel>,
    pub approved: usize,
    /// 规上工业总产值 as the statistics office counts it (万元): every owing firm's months since it entered
    /// 规上, whether its report is in or not, by territory (department id) and year, January first; from
    /// the year before go-live to the latest closed month.
    pub output: HashMap<(i64, i32), [f64; 12]>,
    /// Each reporting firm's output of last year (上年工业总产值, `biz_enterprise.last_year_output`): its
    /// approved reports' when it reported the whole year, else what it made.
    pub last_year: HashMap<i64, Decimal>,
}

fn first_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

fn next_month(first: NaiveDate) -> NaiveDate {
    first.checked_add_months(Months::new(1)).unwrap_or(first)
}

/// 万元 with the four decimals the column keeps (never negative).
fn wan(x: f64) -> Decimal {
    signed(x.max(0.0))
}

fn signed(x: f64) -> Decimal {
    Decimal::from_f64(x).map(|d| d.round_dp(4).normalize()).unwrap_or_default()
}

/// The day of the Spring Festival (正月初一) of the years a zone may reach.
pub fn spring_festival(year: i32) -> NaiveDate {
    let (m, d) = match year {
        2020 => (1, 25),
        2021 => (2, 12),
        2022 => (2, 1),
        2023 => (1, 22),
        2024 => (2, 10),
        2025 => (1, 29),
        2026 => (2, 17),
        2027 => (2, 6),
        2028 => (1, 26),
        2029 => (2, 13),
        2030 => (2, 3),
        2031 => (1, 23),
        2032 => (2, 11),
        2033 => (1, 31),
        2034 => (2, 19),
        2035 => (2, 8),
        _ => (2, 5),
    };
    NaiveDate::from_ymd_opt(year, m, d).unwrap_or_default()
}

/// How much of a year's output a month makes (the twelve sum to 12): the Spring Festival empties the
/// plants from a week before it to the Lantern Festival, in January, February or both (and slows March
/// when it falls late); quarter ends are pushed, and December is the year's strongest month (年底冲刺).
pub fn season(year: i32, month: u32) -> f64 {
    let mut w = [0.97, 0.9, 1.03, 0.98, 1.0, 1.07, 0.97, 0.98, 1.05, 0.96, 1.04, 1.2];
    let festival = spring_festival(year);
    let (jan, feb, mar) = match (festival.month(), festival.day()) {
        (1, d) if d <= 25 => (0.78, 0.92, 1.0),
        (1, _) => (0.85, 0.8, 1.0),
        (_, d) if d <= 10 => (0.93, 0.74, 1.0),
        _ => (0.98, 0.72, 0.95),
    };
    w[0] *= jan;
    w[1] *= feb;
    w[2] *= mar;
    let total: f64 = w.iter().sum();
    w[(month.clamp(1, 12) - 1) as usize] * 12.0 / total
}

/// Output per head a year (万元) of a trade: metals, chemicals, energy and grain turn over most per
/// worker, assembly and food less, machinery and the rest least (a zone's 规上 firms average about a
/// million yuan a head).
fn per_head(industry: &str) -> f64 {
    let is = |codes: &[&str]| codes.iter().any(|c| industry.starts_with(c));
    if is(&["C32", "C26", "D44", "C13"]) {
        140.0
    } else if is(&["C36", "C38", "C30"]) {
        100.0
    } else if is(&["C39", "C14", "C15", "C27"]) {
        75.0
    } else {
        55.0
    }
}

/// 万千瓦时 per 万元 of output: heavy industry draws most.
fn power_intensity(industry: &str, rng: &mut Rng) -> f64 {
    let heavy = ["C26", "C30", "C32", "C33", "D44"].iter().any(|c| industry.starts_with(c));
    rng.fraction(0.02, 0.07) * if heavy { 2.5 } else { 1.0 }
}

/// A year's growth over the one before: most firms grow by 3–12 %, some fast (new capacity; young firms
/// more often), some fall; the large ones steadier.
fn growth(young: bool, large: bool, rng: &mut Rng) -> f64 {
    let fast = match (young, large) {
        (true, _) => 30,
        (false, false) => 10,
        (false, true) => 6,
    };
    match rng.weighted(&[(if large { 78 } else { 68 }, 0), (fast, 1), (if large { 13 } else { 17 }, 2), (if large { 3 } else { 5 }, 3)]) {
        0 => rng.fraction(0.03, 0.12),
        1 => rng.fraction(0.12, 0.35),
        2 => rng.fraction(-0.12, -0.01),
        _ if large => rng.fraction(-0.2, -0.12),
        _ => rng.fraction(-0.3, -0.12),
    }
}

/// Whether and since when a firm makes less than it could: 半停产 or 停产 as its 经营状态 says.
#[derive(Debug, Clone, Copy)]
struct Trouble {
    cause: Cause,
    from: NaiveDate,
}

/// What a firm's months are drawn from.
struct Plan {
    /// The months it reports from: 入规, or go-live when earlier.
    since: NaiveDate,
    /// Its output month by month from January of the year before go-live (万元).
    series: Vec<f64>,
    first_year: i32,
    /// Each year's growth over the one before.
    growth: HashMap<i32, f64>,
    trouble: Option<Trouble>,
    /// What it reports besides the output, as shares of it (none: not reported).
    revenue: Option<f64>,
    added: Option<f64>,
    tax: Option<f64>,
    profit: Option<f64>,
    electricity: Option<f64>,
    staff: Option<i32>,
    forecast: bool,
    /// Whether it types last year's figures where the platform has none.
    types_last_year: bool,
}

impl Plan {
    fn at(&self, year: i32, month: u32) -> f64 {
        let i = (year - self.first_year) * 12 + month as i32 - 1;
        usize::try_from(i).ok().and_then(|i| self.series.get(i)).copied().unwrap_or(0.0)
    }

    fn trouble_at(&self, month: NaiveDate) -> Option<Trouble> {
        self.trouble.filter(|t| t.from <= month)
    }
}

struct Ctx<'z> {
    zone: &'z Zone,
    clock: &'z Clock,
    reviewer: &'z Account,
    january: January,
    deadline_day: u32,
    out: Generated,
}

/// Generates the reports of every firm that owes them; a report that fails a check of the service fails
/// the load, naming the firm and the month.
pub fn generate(
    zone: &Zone,
    firms: &[Firm],
    rows: &[enterprise::ActiveModel],
    reference: &Reference,
    clock: &Clock,
) -> anyhow::Result<Generated> {
    let mut rng = Rng::stream(zone.plan.index, "output");
    let mut ctx = Ctx {
        zone,
        clock,
        reviewer: zone.account(RoleKind::Reviewer),
        january: service::january(reference),
        deadline_day: figures::deadline_day(reference.param(DEADLINE_PARAM)),
        out: Generated::default(),
    };
    let mut plans = Vec::new();
    for (firm, row) in firms.iter().zip(rows) {
        let e: enterprise::Model = row.clone().try_into_model()?;
        if owes_report(&e) {
            let plan = plan(firm, &e, clock, &mut rng);
            plans.push((firm, e, plan));
        }
    }
    economy(&mut plans.iter_mut().map(|(_, _, p)| p).collect::<Vec<_>>(), &mut rng);
    for (firm, e, plan) in &plans {
        ctx.firm(firm, e, plan, &mut rng).map_err(|err| anyhow::anyhow!("enterprise 「{}」: {err}", firm.name))?;
    }
    Ok(ctx.out)
}

/// The zone's economy: whatever each firm drew, its firms together grow by what a zone of its kind does
/// in a year (4–9 % over the year before, seasons aside), every firm's year shifted by the same factor, so
/// that the zone reads as a healthy one while its firms keep their own fortunes.
fn economy(plans: &mut [&mut Plan], rng: &mut Rng) {
    let Some(first_year) = plans.first().map(|p| p.first_year) else { return };
    let len = plans.iter().map(|p| p.series.len()).max().unwrap_or(0);
    for k in 1..len.div_ceil(12) {
        let year = first_year + k as i32;
        let months = (len - 12 * k).min(12);
        // Without the seasons, so that a Spring Festival in another month does not count as growth.
        let level = |p: &Plan, y: usize| -> f64 {
            (0..months).map(|m| p.series.get(12 * y + m).copied().unwrap_or(0.0) / season(first_year + y as i32, m as u32 + 1)).sum()
        };
        let now: f64 = plans.iter().map(|p| level(p, k)).sum();
        let before: f64 = plans.iter().map(|p| level(p, k - 1)).sum();
        let wanted = 1.0 + rng.fraction(0.04, 0.09);
        if now <= 0.0 || before <= 0.0 {
            continue;
        }
        let factor = wanted * before / now;
        for p in plans.iter_mut() {
            p.series.iter_mut().skip(12 * k).for_each(|x| *x *= factor);
            if let Some(g) = p.growth.get_mut(&year) {
                *g = (1.0 + *g) * factor - 1.0;
            }
        }
    }
}

/// A firm's output from January of the year before go-live to the latest closed month.
fn plan(firm: &Firm, e: &enterprise::Model, clock: &Clock, rng: &mut Rng) -> Plan {
    let first_year = go_live(clock).year() - 1;
    let last = last_closed(clock);
    let staff = e.employee_count.unwrap_or(50).max(20);
    // At least the 2,000万元 a year of revenue that makes a firm 规上.
    let annual = (f64::from(staff) * per_head(&firm.industry_code) * rng.log_uniform(0.6, 1.6)).max(2000.0 * rng.fraction(1.05, 1.6));
    let since = NaiveDate::parse_from_str(&format!("{}-01", e.above_scale_period), "%Y-%m-%d").unwrap_or(go_live(clock));
    let established = first_of(firm.established);
    let trouble = match e.operating_status.as_str() {
        "2" | "3" => {
            let from = last.checked_sub_months(Months::new(rng.int(1, 9) as u32)).unwrap_or(last).max(since);
            Some(Trouble { cause: if e.operating_status == "3" { Cause::Stopped } else { Cause::HalfStopped }, from })
        }
        _ => None,
    };
    let mut series = Vec::new();
    let mut year_output = annual;
    let mut growths = HashMap::new();
    let mut month = NaiveDate::from_ymd_opt(first_year, 1, 1).unwrap_or(last);
    while month <= last {
        let (y, m) = (month.year(), month.month());
        if m == 1 && y > first_year {
            // Young firms are still building their market.
            let young = (month - established).num_days() < 4 * 365;
            let g = growth(young, annual > 50_000.0, rng);
            year_output *= 1.0 + g;
            growths.insert(y, g);
        }
        // A firm founded lately ramps up over its first year.
        let age = (month - established).num_days();
        let ramp = if age < 0 { 0.0 } else { (age as f64 / 365.0).clamp(0.1, 1.0) };
        let hold = match trouble.filter(|t| t.from <= month) {
            Some(Trouble { cause: Cause::Stopped, from }) if from == month => rng.fraction(0.2, 0.5),
            Some(Trouble { cause: Cause::Stopped, .. }) => 0.0,
            Some(_) => rng.fraction(0.4, 0.6),
            None => 1.0,
        };
        series.push(year_output / 12.0 * season(y, m) * rng.fraction(0.94, 1.06) * ramp * hold);
        month = next_month(month);
    }
    // A firm entering 规上 lately had just passed the threshold: its year up to 入规 made a few times
    // 2,000万元 at most.
    let at_entry = (since.year() - first_year) * 12 + since.month0() as i32;
    if at_entry > 0 {
        let upto = (at_entry as usize + 1).min(series.len());
        let window = &series[upto.saturating_sub(12)..upto];
        let level = window.iter().sum::<f64>() * 12.0 / window.len().max(1) as f64;
        let cap = 2000.0 * rng.fraction(1.2, 3.0);
        if level > cap {
            series.iter_mut().for_each(|x| *x *= cap / level);
        }
    }
    let heavy_loss = trouble.is_some();
    Plan {
        since,
        series,
        first_year,
        growth: growths,
        trouble,
        revenue: rng.chance(0.85).then(|| rng.fraction(0.88, 1.08)),
        added: rng.chance(0.5).then(|| rng.fraction(0.2, 0.32)),
        tax: rng.chance(0.65).then(|| rng.fraction(0.015, 0.05)),
        profit: rng.chance(0.55).then(|| if heavy_loss { rng.fraction(-0.12, -0.02) } else { rng.fraction(-0.02, 0.1) }),
        electricity: rng.chance(0.75).then(|| power_intensity(&firm.industry_code, rng)),
        staff: rng.chance(0.8).then_some(staff),
        forecast: rng.chance(0.4),
        types_last_year: rng.chance(0.85),
    }
}

/// How a month's report stands: earlier months were all approved; last month is still being worked.
fn target(current: bool, rng: &mut Rng) -> Option<Status> {
    if !current {
        return Some(Status::Approved);
    }
    rng.weighted(&[
        (60, Some(Status::Approved)),
        (17, Some(Status::Submitted)),
        (8, Some(Status::Draft)),
        (6, Some(Status::Returned)),
        (9, None),
    ])
}

/// Σ of `approved` (year, month → output) over `months` of `year`, if any is there.
fn sum_of(approved: &HashMap<(i32, u32), Decimal>, year: i32, months: std::ops::RangeInclusive<u32>) -> Option<Decimal> {
    months.filter_map(|m| approved.get(&(year, m))).copied().reduce(|a, b| a + b)
}

impl Ctx<'_> {
    fn firm(&mut self, firm: &Firm, e: &enterprise::Model, plan: &Plan, rng: &mut Rng) -> anyhow::Result<()> {
        let clock = self.clock;
        let last = last_closed(clock);
        let last_year = clock.year() - 1;
        // What the statistics office counts: the firm's months since it entered 规上.
        let mut month = NaiveDate::from_ymd_opt(plan.first_year, 1, 1).unwrap_or(last).max(plan.since);
        while month <= last {
            if let Some(dept) = e.dept_id {
                self.out.output.entry((dept, month.year())).or_insert([0.0; 12])[month.month0() as usize] +=
                    plan.at(month.year(), month.month());
            }
            month = next_month(month);
        }
        let filler = self.zone.filler(firm.dept);
        // The firm's approved months, as the service sums them (year, month → output).
        let mut approved: HashMap<(i32, u32), Decimal> = HashMap::new();
        let first = go_live(clock).max(plan.since);
        let mut month = first;
        while month <= last {
            let (y, m) = (month.year(), month.month());
            let period = Period::of_day(month);
            if !period.is_reporting_month(self.january) {
                month = next_month(month);
                continue;
            }
            let Some(target) = target(month == last, rng) else {
                month = next_month(month);
                continue;
            };
            // The merged 1–2月 holds January too (from 入规 on).
            let months: Vec<u32> = if m == 2 && self.january == January::MergedIntoFebruary { vec![1, 2] } else { vec![m] };
            let made: f64 =
                months.iter().filter(|&&k| NaiveDate::from_ymd_opt(y, k, 1).is_some_and(|d| d >= plan.since)).map(|&k| plan.at(y, k)).sum();
            let (report, deadline) =
                self.report(firm, e, plan, period, &months, made, &approved, rng).map_err(|err| anyhow::anyhow!("{period}: {err}"))?;
            let late = target != Status::Draft && rng.chance(0.05);
            let (created, moves) = filing(target, month, deadline, late, clock, rng).map_err(|err| anyhow::anyhow!("{period}: {err}"))?;
            if target == Status::Approved {
                self.out.approved += 1;
                approved.insert((y, m), report.month_output);
            }
            self.push(report, e.dept_id, target, created, &moves, deadline, filler);
            month = next_month(month);
        }
        // 上年工业总产值: the approved reports' when they cover last year, else what the firm made.
        let whole_year =
            (1..=12).all(|m| approved.contains_key(&(last_year, m)) || (m == 1 && self.january == January::MergedIntoFebruary));
        let made = if whole_year {
            sum_of(&approved, last_year, 1..=12).unwrap_or_default()
        } else {
            wan((1..=12).map(|m| plan.at(last_year, m)).sum())
        };
        if made > Decimal::ZERO {
            self.out.last_year.insert(e.id, made);
        }
        Ok(())
    }

    /// The month's report as the park's clerk fills it in, checked by the service's form, with the
    /// decline reason the service asks for; and the day it is due.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &self,
        firm: &Firm,
        e: &enterprise::Model,
        plan: &Plan,
        period: Period,
        months: &[u32],
        made: f64,
        approved: &HashMap<(i32, u32), Decimal>,
        rng: &mut Rng,
    ) -> anyhow::Result<(OutputReport, NaiveDate)> {
        let (y, m) = (period.year(), period.month());
        let month = NaiveDate::from_ymd_opt(y, m, 1).ok_or_else(|| anyhow::anyhow!("no month {period}"))?;
        let trouble = plan.trouble_at(month);
        let output = wan(made);
        // The figures as the service reads them when the report is saved and submitted: the approved
        // months before it this year, and last year's.
        let one = |v: Option<Decimal>| v.map(|v| HashMap::from([(e.id, v)])).unwrap_or_default();
        let around = Approved {
            before: one(if m > 1 { sum_of(approved, y, 1..=m - 1) } else { None }),
            last_month: one(approved.get(&(y - 1, m)).copied()),
            last_ytd: one(sum_of(approved, y - 1, 1..=m)),
        };
        let from_reports = around.last_month.contains_key(&e.id);
        // Without last year's report of the month, the firm types what it made then, as it knows it.
        let (typed_month, typed_ytd) = if !from_reports && plan.types_last_year {
            let month_then: f64 = months.iter().map(|&k| plan.at(y - 1, k)).sum();
            let ytd_then: f64 = (1..=m).map(|k| plan.at(y - 1, k)).sum();
            ((month_then > 0.0).then(|| wan(month_then)), (ytd_then > 0.0).then(|| wan(ytd_then)))
        } else {
            (None, None)
        };
        let figures = figures::of(&around, e.id, Some(output), Typed { last_year_month: typed_month, last_year_ytd: typed_ytd });

        let mut body = json!({
            "enterpriseId": e.id.to_string(),
            "period": period.to_string(),
            "monthOutput": output.to_string(),
        });
        let map = body.as_object_mut().ok_or_else(|| anyhow::anyhow!("a report is an object"))?;
        let mut put = |key: &str, v: Option<Decimal>| {
            if let Some(v) = v {
                map.insert(key.into(), Value::String(v.to_string()));
            }
        };
        put("lastYearMonthOutput", typed_month);
        put("lastYearYtdOutput", typed_ytd);
        let revenue = plan.revenue.map(|r| made * r * rng.fraction(0.96, 1.04));
        put("monthRevenue", revenue.map(wan));
        put("monthAddedValue", plan.added.map(|r| wan(made * r * rng.fraction(0.95, 1.05))));
        put("monthTax", plan.tax.map(|r| wan(revenue.unwrap_or(made) * r * rng.fraction(0.6, 1.4))));
        let profit = plan.profit.map(|r| match trouble {
            // A stopped plant still pays its guards, rent and interest.
            Some(Trouble { cause: Cause::Stopped, .. }) if made < 1.0 => -rng.fraction(5.0, 60.0),
            _ => made * (r + rng.fraction(-0.02, 0.02)),
        });
        put("monthProfit", profit.map(signed));
        let power = plan.electricity.map(|k| made * k * rng.fraction(0.93, 1.07) + rng.fraction(0.3, 1.5));
        put("electricity", power.and_then(|p| Decimal::from_f64(p).map(|d| d.round_dp(2).normalize())));
        if plan.forecast {
            let share: f64 = months.iter().map(|&k| season(y, k)).sum();
            let next = if m == 12 { season(y + 1, 1) } else { season(y, m + 1) };
            let expected = match trouble {
                Some(Trouble { cause: Cause::Stopped, .. }) => 0.0,
                _ => made / share * next * rng.fraction(0.95, 1.06),
            };
            put("nextMonthForecast", Some(wan(expected)));
        }
        if let Some(staff) = plan.staff {
            let on_payroll = match trouble {
                Some(Trouble { cause: Cause::Stopped, .. }) => (f64::from(staff) * 0.05).max(3.0),
                Some(_) => f64::from(staff) * rng.fraction(0.55, 0.7),
                None => f64::from(staff) * rng.fraction(0.97, 1.03),
            };
            map.insert("employeeCount".into(), json!(on_payroll.round() as i32));
        }
        if figures.declines() {
            let cause = match trouble {
                Some(t) => t.cause,
                // A firm still growing falls behind last year only while the festival weeks differ.
                None if m <= 2 && plan.growth.get(&y).is_some_and(|g| *g > 0.0) => Cause::SpringFestival,
                None => Cause::Market,
            };
            map.insert("declineReason".into(), Value::String(wording::decline(cause, &firm.industry_code, rng)));
        }
        if rng.chance(if trouble.is_some() { 0.35 } else { 0.04 }) {
            map.insert("problems".into(), Value::String(wording::problems(trouble.is_some(), rng)));
        }
        let report = OutputReportForm::from_json(map)?.validate(Period::of_day(self.clock.as_of))?;
        anyhow::ensure!(period.is_reporting_month(self.january), "the tenant takes no report of {period}");
        anyhow::ensure!(report.month_output == output, "the form read {} for {output}", report.month_output);
        // The service's rule: a year-to-date below last year's needs its reason.
        let checked = figures::of(
            &around,
            e.id,
            Some(report.month_output),
            Typed { last_year_month: report.last_year_month_output, last_year_ytd: report.last_year_ytd_output },
        );
        anyhow::ensure!(!checked.declines() || !report.decline_reason.trim().is_empty(), "a decline without its reason");
        anyhow::ensure!(!from_reports || report.last_year_month_output.is_none(), "last year typed beside its reports");
        Ok((report, figures::deadline(period, self.deadline_day)))
    }

    /// The row and its review log, with the workflow columns as the service's review writes them.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        report: OutputReport,
        dept_id: Option<i64>,
        target: Status,
        created: DateTime<Utc>,
        moves: &[Move],
        deadline: NaiveDate,
        filler: &Account,
    ) {
        let tenant = self.zone.tenant();
        let id = keeper_common::id::next_id();
        let who = |by: Who| if by == Who::Filler { filler } else { self.reviewer };
        let mut row = report.into_active_model();
        let author = Author { tenant, user: filler.id, dept: Some(self.zone.dept_id(filler.dept)), at: created };
        base::created::<output_report::Entity>(&mut row, id, &author);
        if let Some(m) = moves.last() {
            let by = who(m.by);
            base::updated::<output_report::Entity>(
                &mut row,
                &Author { tenant, user: by.id, dept: Some(self.zone.dept_id(by.dept)), at: m.at },
            );
        }
        let submitted = moves.iter().rev().find(|m| matches!(m.step, Step::Submit | Step::Resubmit));
        // Late is decided by the (last) first submission; a resubmission after a return keeps it.
        let first_submission = moves.iter().rev().find(|m| m.step == Step::Submit);
        let audited = moves.iter().rev().find(|m| matches!(m.step, Step::Approve | Step::Return));
        row.dept_id = Set(dept_id);
        row.report_status = Set(target.code().into());
        row.is_late = Set(match first_submission {
            None => String::new(),
            Some(m) if local_day(m.at) > deadline => "Y".into(),
            Some(_) => "N".into(),
        });
        row.submit_user = Set(submitted.map(|_| filler.id));
        row.submit_user_name = Set(if submitted.is_some() { filler.real_name.clone() } else { String::new() });
        row.submit_time = Set(submitted.map(|m| m.at));
        row.audit_user = Set(audited.map(|_| self.reviewer.id));
        row.audit_user_name = Set(if audited.is_some() { self.reviewer.real_name.clone() } else { String::new() });
        row.audit_time = Set(audited.map(|m| m.at));
        row.review_opinion = Set(library::opinion(moves).trim().to_string());
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

/// The zone's day of a stored instant.
fn local_day(t: DateTime<Utc>) -> NaiveDate {
    t.with_timezone(&keeper_common::time::zone()).date_naive()
}

/// When the report of the month beginning `month` was saved, and its workflow moves to `target`: saved
/// and submitted on a working day between the first of the next month and the deadline (or, `late`, some
/// days after it), reviewed within a week; in the last days of the month when the zone's today comes
/// first. Each move is checked by the service's table.
fn filing(
    target: Status,
    month: NaiveDate,
    deadline: NaiveDate,
    late: bool,
    clock: &Clock,
    rng: &mut Rng,
) -> anyhow::Result<(DateTime<Utc>, Vec<Move>)> {
    use Step::*;
    let steps: &[Step] = match target {
        Status::Approved => rng.weighted(&[(90, &[Submit, Approve][..]), (10, &[Submit, Return, Resubmit, Approve][..])]),
        Status::Submitted => rng.weighted(&[(85, &[Submit][..]), (15, &[Submit, Return, Resubmit][..])]),
        Status::Draft => rng.weighted(&[(85, &[][..]), (15, &[Submit, Withdraw][..])]),
        Status::Returned => rng.weighted(&[(80, &[Submit, Return][..]), (20, &[Submit, Return, Resubmit, Return][..])]),
    };
    let next = next_month(month);
    let on_time: Vec<NaiveDate> =
        next.iter_days().take_while(|d| *d <= deadline).filter(|d| d.weekday().number_from_monday() <= 5).collect();
    let mut day =
        if late || on_time.is_empty() { Clock::working_day(deadline + Duration::days(rng.int(1, 7))) } else { *rng.choose(&on_time) };
    let mut days = vec![day];
    for &step in steps {
        let gap = match step {
            // Most save and submit at one sitting; some check the figures overnight.
            Submit if !late && Clock::working_day(day + Duration::days(1)) <= deadline && rng.chance(0.3) => 1,
            Submit => 0,
            Withdraw => rng.int(0, 1),
            Return | Resubmit => rng.int(1, 3),
            Approve => rng.int(1, 5),
            Unapprove => rng.int(3, 20),
        };
        day = Clock::working_day(day + Duration::days(gap));
        days.push(day);
    }
    if let Some(&end) = days.last()
        && end > clock.as_of
    {
        let shift = end - clock.as_of;
        days = days.into_iter().map(|d| Clock::working_day_back(d - shift)).collect();
    }
    let mut moments = Moments::after(clock, None);
    let created = moments.on(days[0], rng);
    let mut moves = Vec::with_capacity(steps.len());
    let mut at = Status::Draft;
    for (&step, &day) in steps.iter().zip(&days[1..]) {
        let (by, opinion) = match step {
            Return => (Who::Reviewer, rng.pick(wording::RETURN_OPINIONS).to_string()),
            Approve => (Who::Reviewer, rng.pick(reports::wording::APPROVE_OPINIONS).to_string()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seasons_sum_to_a_year_dip_at_the_festival_and_peak_in_december() {
        for year in 2020..=2036 {
            let months: Vec<f64> = (1..=12).map(|m| season(year, m)).collect();
            assert!((months.iter().sum::<f64>() - 12.0).abs() < 1e-9, "{year}");
            let festival = spring_festival(year).month() as usize - 1;
            assert!(months[festival] < 0.95 && months.iter().all(|m| *m <= months[11]), "{year}: {months:?}");
        }
    }

    #[test]
    fn a_report_is_filed_by_the_deadline_unless_late_and_never_after_today() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        let mut rng = Rng::stream(0, "output-filing");
        for as_of in [d(2026, 11, 1), d(2026, 11, 17), d(2027, 3, 1)] {
            let clock = Clock::new(as_of);
            let last = last_closed(&clock);
            for target in Status::ALL {
                for back in 0..6 {
                    let month = last.checked_sub_months(Months::new(back)).unwrap();
                    let deadline = figures::deadline(Period::of_day(month), 5);
                    for late in [false, true] {
                        let (created, moves) = filing(target, month, deadline, late, &clock, &mut rng).unwrap();
                        let mut times = vec![created];
                        times.extend(moves.iter().map(|m| m.at));
                        assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
                        for t in &times {
                            let day = local_day(*t);
                            assert!(day <= as_of && day >= month, "{month} filed {day}");
                            assert!(day.weekday().number_from_monday() <= 5, "{day} is a working day");
                        }
                        let submitted = moves.iter().find(|m| m.step == Step::Submit).map(|m| local_day(m.at));
                        if back > 0 && !late {
                            assert!(submitted.is_none_or(|s| s <= deadline && s >= next_month(month)), "{month}: {submitted:?}");
                        }
                        if back > 1 && late {
                            assert!(submitted.is_none_or(|s| s > deadline), "{month}: {submitted:?}");
                        }
                        assert_eq!(moves.last().map_or(Status::Draft, |m| m.to), target);
                    }
                }
            }
        }
    }
}
