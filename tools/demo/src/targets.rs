//! The departments' targets (目标任务, domain-model §2.2.5a) of last year and this year, and the official
//! figures of what the platform does not measure. For the zone and each sub-park the committee sets four
//! indicators: 4 项目完成投资, 5 新开工项目数, 9 招商签约额 (measured by the platform) and 1 固定资产投资
//! (from the statistics office's figures, which the economy bureau types in: 快报 for every closed month,
//! 正式 later for the quarter ends); for the zone and each park with industry also 12 规上工业总产值 (the
//! statistics office's too, §2.3.4: its 1–N月 value of every closed month, 快报 and, a month behind, 正式).
//!
//! The figures are set against what the generated zone holds, so that the targets screen reads right at
//! the latest closed month: a park's investment target is its approved investment of the year at a drawn
//! rate of the time schedule (时序进度) — some parks on schedule, some a little and one well behind — and
//! the zone's own target is the parks' together with a margin; counts and signing near what the projects
//! give; 固定资产投资 about 1.3–1.6 times the platform's completed investment, as statistics count more than
//! the tracked projects; 规上工业总产值 within a few percent of what the reporting firms made (`output`), its
//! targets at the growth a committee asks for over last year, split by last year's months where the
//! official figures of last year are all in.
//!
//! Every target is a real `TargetForm`, validated and split as `target/submit` does; the committee drafts
//! and issues them in the first days of January, each park confirms its own a few days later. One park's
//! investment target is revised mid-year (the version in force kept with the reason, issued again and
//! confirmed); one target is still waiting for its park's confirmation. It draws from streams of its own,
//! so the rest of the zone comes out as before.
use std::collections::HashMap;

use chrono::{DateTime, Datelike, Months as ChronoMonths, NaiveDate, Utc};
use keeper_business::dept_target::actuals::{self, Source, Year};
use keeper_business::dept_target::form::TargetForm;
use keeper_business::dept_target::lifecycle::{self, Step, TargetStatus};
use keeper_business::entity::{dept_target, dept_target_version, official_indicator};
use keeper_business::money::Wan;
use keeper_business::period::January;
use keeper_business::reference::Reference;
use keeper_business::review::Status;
use keeper_business::split::Months;
use keeper_db::base::{self, Author};
use rust_decimal::Decimal;
use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
use sea_orm::ActiveValue::Set;
use sea_orm::{IntoActiveModel, TryIntoModel};
use serde_json::json;

use crate::clock::{Clock, Moments};
use crate::output;
use crate::projects;
use crate::reports;
use crate::rng::Rng;
use crate::zone::{Account, Bureau, Kind, RoleKind, Zone};

/// `target_indicator` keys the demo sets.
pub const INVESTMENT: &str = "4";
pub const STARTS: &str = "5";
pub const SIGNING: &str = "9";
pub const FIXED_ASSETS: &str = "1";
/// 规上工业总产值 (万元): the statistics office's figure, against the firms' monthly output reports.
pub const OUTPUT: &str = "12";

/// `data_source` keys of the statistics office's figures.
const EXPRESS: &str = "2";
const FINAL: &str = "3";

/// Cumulative percent of the year at March, June and September (按季度节点), as committees set them:
/// slow winters, "双过半" by June.
const CHECKPOINTS: &[(i64, i64, i64)] = &[(20, 50, 75), (18, 48, 75), (22, 52, 78), (15, 45, 72)];

const REVISION_REASONS: &[&str] = &[
    "受主导产业重大项目建设进度调整影响，经管委会研究，调整年度投资目标",
    "园区部分项目因用地报批延后开工，经管委会主任办公会研究同意，调整年度投资目标",
];

/// Where a park's investment stands against the time schedule this year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pace {
    OnSchedule,
    Behind,
    WellBehind,
}

/// By the park's place in the zone: most on schedule or a little behind, one well behind.
const PACES: [Pace; 6] = [Pace::OnSchedule, Pace::Behind, Pace::OnSchedule, Pace::WellBehind, Pace::Behind, Pace::OnSchedule];

/// The park whose investment target is revised mid-year (by its place in the zone): one a little behind.
const REVISED_PARK: usize = 1;

#[derive(Default)]
pub struct Generated {
    pub targets: Vec<dept_target::ActiveModel>,
    pub versions: Vec<dept_target_version::ActiveModel>,
    pub official: Vec<official_indicator::ActiveModel>,
}

/// The departments targets are set for: the zone (the committee) first, then the sub-parks.
struct Unit {
    dept: usize,
    park: Option<usize>,
}

/// What the generated zone holds of a unit in a year, month by month (January first).
#[derive(Clone, Copy, Default)]
struct Measured {
    investment: [f64; 12],
    starts: [f64; 12],
    signing: [f64; 12],
    /// 规上工业总产值 as the statistics office counts it.
    output: [f64; 12],
}

impl Measured {
    fn of(&self, indicator: &str) -> &[f64; 12] {
        match indicator {
            STARTS => &self.starts,
            SIGNING => &self.signing,
            OUTPUT => &self.output,
            _ => &self.investment,
        }
    }
}

fn sum_to(months: &[f64; 12], n: u32) -> f64 {
    months.iter().take(n as usize).sum()
}

/// The month before `as_of`'s: the latest closed month.
pub fn last_closed(clock: &Clock) -> NaiveDate {
    let first = clock.as_of.with_day(1).unwrap_or(clock.as_of);
    first.checked_sub_months(ChronoMonths::new(1)).unwrap_or(first)
}

/// How many months of `year` are closed.
fn closed_months(year: i32, clock: &Clock) -> u32 {
    let last = last_closed(clock);
    match year.cmp(&last.year()) {
        std::cmp::Ordering::Less => 12,
        std::cmp::Ordering::Equal => last.month(),
        std::cmp::Ordering::Greater => 0,
    }
}

/// As a committee writes a target down: round figures.
fn round_figure(x: f64, count: bool) -> Decimal {
    let step = match x {
        _ if count => 1.0,
        x if x >= 10_000.0 => 100.0,
        x if x >= 1_000.0 => 10.0,
        x if x >= 100.0 => 1.0,
        _ => 0.1,
    };
    let rounded = ((x / step).round() * step).max(if count { 1.0 } else { 0.1 });
    Decimal::from_f64(rounded).map(|d| d.round_dp(1).normalize()).unwrap_or(Decimal::ONE)
}

struct Ctx<'z> {
    zone: &'z Zone,
    reference: &'z Reference,
    clock: &'z Clock,
    committee: &'z Account,
    out: Generated,
}

/// Generates the targets of the zone and its parks for last year and this year (the years with a closed
/// month), with their versions and the official figures of 固定资产投资 and 规上工业总产值.
pub fn generate(
    zone: &Zone,
    projects: &projects::Generated,
    reports: &reports::Generated,
    output: &output::Generated,
    reference: &Reference,
    clock: &Clock,
) -> anyhow::Result<Generated> {
    let mut rng = Rng::stream(zone.plan.index, "targets");
    let mut official_rng = Rng::stream(zone.plan.index, "official-figures");
    let committee_dept = zone.plan.depts.iter().position(|d| d.kind == Kind::Committee).unwrap_or(0);
    let mut units = vec![Unit { dept: committee_dept, park: None }];
    units.extend(zone.parks().into_iter().enumerate().map(|(p, dept)| Unit { dept, park: Some(p) }));
    let years: Vec<i32> = [clock.year() - 1, clock.year()].into_iter().filter(|&y| closed_months(y, clock) > 0).collect();
    let measured = measure(zone, projects, reports, output, &units, &years);
    let mut ctx = Ctx { zone, reference, clock, committee: zone.account(RoleKind::Reviewer), out: Generated::default() };
    // The official figures come first: a target split by last year's structure reads them.
    let mut official: HashMap<(usize, i32), [Option<Wan>; 12]> = HashMap::new();
    let fai_factor: HashMap<(usize, i32), f64> = units
        .iter()
        .enumerate()
        .flat_map(|(u, _)| years.iter().map(move |&y| (u, y)))
        .map(|k| (k, official_rng.fraction(1.3, 1.6)))
        .collect();
    for (u, unit) in units.iter().enumerate() {
        for &year in &years {
            let series = ctx.official_figures(unit, year, &measured[&(u, year)], fai_factor[&(u, year)], &mut official_rng)?;
            official.insert((u, year), series);
        }
    }
    // 规上工业总产值 from streams of its own, so the other targets come out as before.
    let mut output_rng = Rng::stream(zone.plan.index, "output-targets");
    let merged = keeper_business::output::report::january(reference) == January::MergedIntoFebruary;
    let mut output_official: HashMap<(usize, i32), [Option<Wan>; 12]> = HashMap::new();
    // A park without industry (a services district) has no 规上工业总产值 to count or to set.
    let industrial: Vec<bool> =
        (0..units.len()).map(|u| measured.iter().any(|(&(v, _), m)| v == u && m.output.iter().any(|x| *x > 0.0))).collect();
    for (u, unit) in units.iter().enumerate().filter(|(u, _)| industrial[*u]) {
        for &year in &years {
            let series = ctx.output_figures(unit, year, &measured[&(u, year)], merged, &mut output_rng)?;
            output_official.insert((u, year), series);
        }
    }
    // The revision falls in July of this year, or in the last closed month when the year is younger;
    // before April it is last year's target that was revised.
    let this_year = clock.year();
    let revised = match closed_months(this_year, clock) {
        n if n >= 4 => Some((this_year, n.min(7))),
        _ if years.contains(&(this_year - 1)) => Some((this_year - 1, 7)),
        _ => None,
    };
    for &year in &years {
        let n = closed_months(year, clock);
        let mut parks_annual: HashMap<&str, f64> = HashMap::new();
        let mut planned: Vec<Planned> = Vec::new();
        // Parks first: the zone's own targets build on theirs.
        for (u, unit) in units.iter().enumerate().skip(1).chain(units.iter().enumerate().take(1)) {
            let this = &measured[&(u, year)];
            let last = measured.get(&(u, year - 1));
            for indicator in [INVESTMENT, STARTS, SIGNING, FIXED_ASSETS] {
                let count = indicator == STARTS;
                let annual = if unit.park.is_none() {
                    let margin = if indicator == FIXED_ASSETS { 1.0 } else { rng.fraction(1.03, 1.07) };
                    let parks = parks_annual.get(indicator).copied().unwrap_or(0.0);
                    if indicator == FIXED_ASSETS {
                        // The zone's 固定资产投资 from its own investment target, as the parks'.
                        planned.iter().find(|p| p.unit == 0 && p.indicator == INVESTMENT).map_or(parks, |p| p.annual)
                            * fai_factor[&(u, year)]
                            * rng.fraction(0.97, 1.05)
                    } else if count {
                        (parks * margin).ceil()
                    } else {
                        parks * margin
                    }
                } else if indicator == FIXED_ASSETS {
                    let inv = planned.iter().find(|p| p.unit == u && p.indicator == INVESTMENT).map_or(0.0, |p| p.annual);
                    inv * fai_factor[&(u, year)] * rng.fraction(0.97, 1.05)
                } else {
                    let park = unit.park.unwrap_or(0);
                    annual_of(this.of(indicator), last.map(|l| l.of(indicator)), n, indicator, PACES[park % PACES.len()], &mut rng)
                };
                let annual = round_figure(annual, count);
                let annual_f = annual.to_f64().unwrap_or(0.0);
                if unit.park.is_some() {
                    *parks_annual.entry(indicator).or_default() += annual_f;
                }
                // Last year's actual where the platform holds it: the measured year, or December's official figure.
                let last_actual = match (indicator, last) {
                    (FIXED_ASSETS, _) => official.get(&(u, year - 1)).and_then(|s| s[11]).map(|w| w.decimal()),
                    (_, Some(l)) => Decimal::from_f64(l.of(indicator).iter().sum::<f64>()).map(|d| d.round_dp(2)),
                    _ => None,
                };
                planned.push(Planned { unit: u, indicator, annual: annual_f, decimal: annual, last_actual });
            }
        }
        planned.extend(output_targets(&units, &industrial, year, n, &measured, &output_official, &mut output_rng));
        // The committee issues the year's targets in one go in the first week of January.
        let january = NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or(clock.as_of);
        let created_day = Clock::working_day(january + chrono::Duration::days(rng.int(1, 3)));
        let issue_day = Clock::working_day(created_day + chrono::Duration::days(rng.int(1, 3)));
        let mut moments = Moments::after(clock, None);
        // A unit's targets are drafted together, a minute or two apart.
        let drafted: Vec<DateTime<Utc>> = units.iter().map(|_| moments.on(created_day, &mut rng)).collect();
        let created: Vec<DateTime<Utc>> =
            planned.iter().enumerate().map(|(i, p)| drafted[p.unit] + chrono::Duration::minutes(2 * (i % 4) as i64)).collect();
        moments = Moments::after(clock, created.iter().max().copied());
        let issued_at = moments.on(issue_day, &mut rng);
        // Each park confirms its own targets together a few days later; the zone's own are the committee's.
        let confirmations: Vec<DateTime<Utc>> = units
            .iter()
            .map(|_| {
                let day = Clock::working_day(issue_day + chrono::Duration::days(rng.int(1, 6)));
                Moments::after(clock, Some(issued_at)).on(day, &mut rng)
            })
            .collect();
        let last_park = units.len() - 1;
        for (p, created_at) in planned.iter().zip(created) {
            let unit = &units[p.unit];
            let confirmer = if unit.park.is_some() { zone.filler(unit.dept) } else { ctx.committee };
            // One park has not confirmed this year's signing target yet.
            let waiting = year == this_year && p.unit == last_park && p.indicator == SIGNING;
            let confirmed = (!waiting).then(|| (confirmer, confirmations[p.unit]));
            let revise = revised.filter(|&(y, _)| y == year && unit.park == Some(REVISED_PARK) && p.indicator == INVESTMENT);
            let split = if p.indicator == OUTPUT {
                output_split(p, year, &output_official, &mut output_rng)
            } else {
                ctx.split_mode(p, year, &official, &mut rng)
            };
            let stamps = Stamps { created: created_at, issued: issued_at, confirmed };
            let name = &zone.dept(unit.dept).name;
            match revise {
                None => ctx.target(unit, year, p, &split, &stamps),
                Some((_, month)) => ctx.revised_target(unit, year, p, &split, month, &stamps, confirmer, &mut rng),
            }
            .map_err(|e| anyhow::anyhow!("target {year} {} of {name}: {e}", p.indicator))?;
        }
    }
    Ok(ctx.out)
}

/// A target as the committee plans it before the form.
struct Planned {
    unit: usize,
    indicator: &'static str,
    annual: f64,
    decimal: Decimal,
    last_actual: Option<Decimal>,
}

/// How a target is split, as the form takes it.
enum SplitBy {
    Average,
    Quarterly(i64, i64, i64),
    LastYear(Months),
}

/// The moments of a target's first issue.
struct Stamps<'a> {
    created: DateTime<Utc>,
    issued: DateTime<Utc>,
    confirmed: Option<(&'a Account, DateTime<Utc>)>,
}

/// A park's annual target of a measured indicator: last year's near what the year gave; this year's so
/// that the year-to-date stands at the park's pace against the time schedule (investment), or near the
/// year the months so far point to (counts, signing).
fn annual_of(this: &[f64; 12], last: Option<&[f64; 12]>, n: u32, indicator: &str, pace: Pace, rng: &mut Rng) -> f64 {
    let count = indicator == STARTS;
    let last_total = last.map(|l| l.iter().sum::<f64>()).unwrap_or(0.0);
    if n == 12 {
        let done: f64 = this.iter().sum();
        // Most years were met or nearly so.
        return (done / rng.fraction(0.88, 1.12)).max(if count { 1.0 } else { 100.0 });
    }
    let ytd = sum_to(this, n);
    if n < 3 || ytd <= 0.0 {
        // Too early to tell from this year: last year's, with the growth a committee asks for.
        let base = if last_total > 0.0 { last_total } else { ytd * 12.0 / f64::from(n.max(1)) };
        return (base * rng.fraction(1.05, 1.15)).max(if count { 1.0 } else { 100.0 });
    }
    if indicator == INVESTMENT {
        let schedule = f64::from(n) * 100.0 / 12.0;
        // Completion − schedule: within 10 points is on schedule, more than 10 behind is yellow, 20 red.
        let lag = match pace {
            Pace::OnSchedule => rng.fraction(-6.0, 7.0),
            Pace::Behind => rng.fraction(12.0, 18.0),
            Pace::WellBehind => rng.fraction(23.0, 32.0),
        };
        return ytd * 100.0 / (schedule - lag).max(5.0);
    }
    (ytd * 12.0 / f64::from(n) * rng.fraction(0.95, 1.25)).max(if count { 1.0 } else { 100.0 })
}

/// The targets of 规上工业总产值 of a year, parks first: each park's from what its firms made (last year's
/// met or nearly so, this year's at the growth a committee asks for over last year), the zone's the
/// parks' together with a margin; last year's actual from last year's official December figure, else
/// what the firms made.
fn output_targets(
    units: &[Unit],
    industrial: &[bool],
    year: i32,
    n: u32,
    measured: &HashMap<(usize, i32), Measured>,
    official: &HashMap<(usize, i32), [Option<Wan>; 12]>,
    rng: &mut Rng,
) -> Vec<Planned> {
    let mut out = Vec::with_capacity(units.len());
    let mut parks = 0.0;
    for (u, unit) in units.iter().enumerate().skip(1).chain(units.iter().enumerate().take(1)).filter(|(u, _)| industrial[*u]) {
        let this = measured.get(&(u, year)).map(|m| m.output).unwrap_or_default();
        let last_total: f64 = measured.get(&(u, year - 1)).map_or(0.0, |l| l.output.iter().sum());
        let annual = if unit.park.is_none() {
            parks * rng.fraction(1.02, 1.05)
        } else if n == 12 {
            this.iter().sum::<f64>() / rng.fraction(0.94, 1.06)
        } else if last_total > 0.0 {
            last_total * rng.fraction(1.05, 1.13)
        } else {
            sum_to(&this, n) * 12.0 / f64::from(n.max(1))
        };
        let decimal = round_figure(annual.max(100.0), false);
        let annual = decimal.to_f64().unwrap_or(0.0);
        if unit.park.is_some() {
            parks += annual;
        }
        let last_actual = official
            .get(&(u, year - 1))
            .and_then(|s| s[11])
            .map(|w| w.decimal())
            .or_else(|| Decimal::from_f64((last_total * rng.fraction(0.98, 1.02)).round()).filter(|d| *d > Decimal::ZERO));
        out.push(Planned { unit: u, indicator: OUTPUT, annual, decimal, last_actual });
    }
    out
}

/// 规上工业总产值 is split by last year's months where last year's official figures are all in (the usual
/// choice: it keeps the Spring Festival dip and the December push), read as the service reads them; else
/// by quarterly checkpoints or evenly.
fn output_split(p: &Planned, year: i32, official: &HashMap<(usize, i32), [Option<Wan>; 12]>, rng: &mut Rng) -> SplitBy {
    if let Some(last) = official.get(&(p.unit, year - 1))
        && last[1..].iter().all(Option::is_some)
    {
        let months = Year(*last).months();
        if months.iter().any(|m| !m.is_zero()) {
            return SplitBy::LastYear(months);
        }
    }
    if rng.chance(0.4) {
        let (q1, h1, q3) = rng.pick(CHECKPOINTS);
        return SplitBy::Quarterly(q1, h1, q3);
    }
    SplitBy::Average
}

/// Approved investment (as the targets screen counts it: approved reports by the department filed),
/// projects started and signing (library projects by their dates) of every unit and year, month by month.
fn measure(
    zone: &Zone,
    projects: &projects::Generated,
    reports: &reports::Generated,
    output: &output::Generated,
    units: &[Unit],
    years: &[i32],
) -> HashMap<(usize, i32), Measured> {
    // The unit of each department id: its park's; everything counts for the zone (unit 0).
    let mut park_of: HashMap<i64, usize> = HashMap::new();
    for (u, unit) in units.iter().enumerate().skip(1) {
        for d in zone.territories(unit.dept) {
            park_of.insert(zone.dept_id(d), u);
        }
    }
    let mut out: HashMap<(usize, i32), Measured> = HashMap::new();
    for u in 0..units.len() {
        for &y in years.iter().chain(&[years.first().copied().unwrap_or(0) - 1]) {
            out.insert((u, y), Measured::default());
        }
    }
    let mut add = |dept: Option<i64>, year: i32, month: usize, f: &dyn Fn(&mut Measured, usize)| {
        let mut targets = vec![0];
        targets.extend(dept.and_then(|d| park_of.get(&d).copied()));
        for u in targets {
            if let Some(m) = out.get_mut(&(u, year)) {
                f(m, month);
            }
        }
    };
    for r in &reports.rows {
        if r.report_status.as_ref() != Status::Approved.code() {
            continue;
        }
        let amount = r.month_investment.as_ref().to_f64().unwrap_or(0.0);
        let month = (*r.period_month.as_ref() as usize).clamp(1, 12) - 1;
        add(*r.dept_id.as_ref(), *r.period_year.as_ref(), month, &|m, i| m.investment[i] += amount);
    }
    for row in &projects.rows {
        if row.library_status.as_ref() != Status::Approved.code() {
            continue;
        }
        let dept = *row.dept_id.as_ref();
        if let Some(d) = *row.actual_start_date.as_ref() {
            add(dept, d.year(), d.month0() as usize, &|m, i| m.starts[i] += 1.0);
        }
        if let Some(d) = *row.sign_date.as_ref() {
            // The service counts the contract's amount, or the total investment of a project signed without one.
            let amount = row.contract_amount.as_ref().or(*row.total_investment.as_ref()).and_then(|a| a.to_f64()).unwrap_or(0.0);
            add(dept, d.year(), d.month0() as usize, &|m, i| m.signing[i] += amount);
        }
    }
    for (&(dept, year), months) in &output.output {
        for (i, &made) in months.iter().enumerate() {
            add(Some(dept), year, i, &|m, i| m.output[i] += made);
        }
    }
    out
}

/// The economy bureau's user, who types in the statistics office's figures.
fn bureau(zone: &Zone) -> &Account {
    let dept = zone.bureau(Bureau::Economy);
    zone.accounts.iter().find(|a| a.dept == dept && a.role == RoleKind::Bureau).unwrap_or_else(|| zone.account(RoleKind::Bureau))
}

impl Ctx<'_> {
    /// The statistics office's 1–N月 固定资产投资 of a unit through the closed months of `year`: about
    /// `factor` times the approved investment so far, growing every month; 快报 typed in around the middle
    /// of the next month, 正式 for the quarter ends some weeks later (once published by today). Answers
    /// the figures as the targets screen reads them (正式 over 快报).
    fn official_figures(
        &mut self,
        unit: &Unit,
        year: i32,
        measured: &Measured,
        factor: f64,
        rng: &mut Rng,
    ) -> anyhow::Result<[Option<Wan>; 12]> {
        let clock = self.clock;
        let bureau = bureau(self.zone);
        let mut shown = [None; 12];
        let mut before = 0.0;
        let mut cumulative = 0.0;
        for m in 1..=closed_months(year, clock) {
            cumulative += measured.investment[m as usize - 1];
            let figure = (cumulative * factor * rng.fraction(0.98, 1.02)).max(before * 1.03).max(1.0).round();
            before = figure;
            let month_start = NaiveDate::from_ymd_opt(year, m, 1).unwrap_or(clock.as_of);
            let next = month_start.checked_add_months(ChronoMonths::new(1)).unwrap_or(month_start);
            // The 快报 of the latest month is in by today: typed in on the last working day before it.
            let express_day = Clock::working_day_back(clock.after(next, rng.int(10, 16)).max(month_start));
            let express = (figure * rng.fraction(0.988, 1.012)).round();
            self.official(unit, year, m, FIXED_ASSETS, EXPRESS, express, "统计快报数", express_day, bureau, rng)?;
            shown[m as usize - 1] = Some(Wan::round(Decimal::from_f64(express).unwrap_or_default()));
            let final_day = Clock::working_day(next + chrono::Duration::days(rng.int(35, 45)));
            if m % 3 == 0 && final_day <= clock.as_of {
                self.official(unit, year, m, FIXED_ASSETS, FINAL, figure, "统计局正式数据", final_day, bureau, rng)?;
                shown[m as usize - 1] = Some(Wan::round(Decimal::from_f64(figure).unwrap_or_default()));
            }
        }
        Ok(shown)
    }

    /// The statistics office's 1–N月 规上工业总产值 of a unit through the closed months of `year`: within a
    /// few percent of what the unit's reporting firms made (the office counts the same firms by its own
    /// survey), growing every month; 快报 typed in in the second week of the next month, 正式 a month
    /// later, so the latest closed month has only its 快报; no January of its own when the tenant merges it
    /// into February (the office publishes 1–2月 together). Answers the figures as the targets screen reads
    /// them (正式 over 快报).
    fn output_figures(
        &mut self,
        unit: &Unit,
        year: i32,
        measured: &Measured,
        merged: bool,
        rng: &mut Rng,
    ) -> anyhow::Result<[Option<Wan>; 12]> {
        let clock = self.clock;
        let bureau = bureau(self.zone);
        let latest = last_closed(clock);
        let factor = rng.fraction(0.97, 1.03);
        let mut shown = [None; 12];
        let mut before = 0.0;
        let mut cumulative = 0.0;
        for m in 1..=closed_months(year, clock) {
            cumulative += measured.output[m as usize - 1];
            if m == 1 && merged {
                continue;
            }
            let figure = (cumulative * factor * rng.fraction(0.995, 1.005)).max(before).max(1.0).round();
            before = figure;
            let month_start = NaiveDate::from_ymd_opt(year, m, 1).unwrap_or(clock.as_of);
            let next = month_start.checked_add_months(ChronoMonths::new(1)).unwrap_or(month_start);
            let express_day = Clock::working_day_back(clock.after(next, rng.int(8, 14)).max(month_start));
            let express = (figure * rng.fraction(0.992, 1.008)).round();
            self.official(unit, year, m, OUTPUT, EXPRESS, express, "统计快报数", express_day, bureau, rng)?;
            shown[m as usize - 1] = Some(Wan::round(Decimal::from_f64(express).unwrap_or_default()));
            if month_start < latest {
                let after = next.checked_add_months(ChronoMonths::new(1)).unwrap_or(next);
                let final_day = Clock::working_day_back(clock.after(after, rng.int(8, 14)).max(next));
                self.official(unit, year, m, OUTPUT, FINAL, figure, "统计局正式数据", final_day, bureau, rng)?;
                shown[m as usize - 1] = Some(Wan::round(Decimal::from_f64(figure).unwrap_or_default()));
            }
        }
        Ok(shown)
    }

    /// One official figure, checked as `official/submit` checks it.
    #[allow(clippy::too_many_arguments)]
    fn official(
        &mut self,
        unit: &Unit,
        year: i32,
        month: u32,
        indicator: &str,
        source: &str,
        value: f64,
        remark: &str,
        day: NaiveDate,
        by: &Account,
        rng: &mut Rng,
    ) -> anyhow::Result<()> {
        let dept_id = self.zone.dept_id(unit.dept);
        let value = Decimal::from_f64(value).unwrap_or_default();
        // The service's checks (its form is private to it): a known department and dictionary keys, an
        // indicator the platform does not measure, a non-negative amount of at most four decimals.
        anyhow::ensure!(self.reference.has_dept(dept_id), "department {dept_id} is not the tenant's");
        anyhow::ensure!(self.reference.has_key("target_indicator", indicator), "no target_indicator {indicator}");
        anyhow::ensure!(self.reference.has_key("data_source", source), "no data_source {source}");
        anyhow::ensure!(actuals::source(indicator) == Source::Official, "indicator {indicator} is measured by the platform");
        let value = Wan::from_decimal("indicatorValue", value)?.non_negative("indicatorValue")?.decimal();
        let at = self.clock.office_time(day, rng);
        let mut row = official_indicator::ActiveModel {
            dept_id: Set(dept_id),
            period_year: Set(year),
            period_month: Set(month as i32),
            indicator_code: Set(indicator.into()),
            data_source: Set(source.into()),
            indicator_value: Set(value),
            remark: Set(remark.into()),
            ..Default::default()
        };
        let author = Author { tenant: self.zone.tenant(), user: by.id, dept: Some(self.zone.dept_id(by.dept)), at };
        base::created::<official_indicator::Entity>(&mut row, keeper_common::id::next_id(), &author);
        self.out.official.push(row);
        Ok(())
    }

    /// Mostly even; some by quarterly checkpoints; this year's 固定资产投资 of the first two parks by last
    /// year's structure, read from last year's official figures as the service reads them.
    fn split_mode(&self, p: &Planned, year: i32, official: &HashMap<(usize, i32), [Option<Wan>; 12]>, rng: &mut Rng) -> SplitBy {
        if p.indicator == FIXED_ASSETS
            && year == self.clock.year()
            && (1..=2).contains(&p.unit)
            && let Some(last) = official.get(&(p.unit, year - 1))
            && last.iter().all(Option::is_some)
        {
            let months = Year(*last).months();
            if months.iter().any(|m| !m.is_zero()) {
                return SplitBy::LastYear(months);
            }
        }
        if p.indicator != STARTS && rng.chance(0.3) {
            let (q1, h1, q3) = rng.pick(CHECKPOINTS);
            return SplitBy::Quarterly(q1, h1, q3);
        }
        SplitBy::Average
    }

    /// The form of a target with `annual`, validated and split as `target/submit` does.
    fn form(&self, unit: &Unit, year: i32, p: &Planned, split: &SplitBy, annual: Decimal) -> anyhow::Result<dept_target::ActiveModel> {
        let mut body = json!({
            "targetYear": year,
            "deptId": self.zone.dept_id(unit.dept).to_string(),
            "indicatorCode": p.indicator,
            "annualTarget": annual.to_string(),
        });
        if let Some(last) = p.last_actual.filter(|l| *l > Decimal::ZERO) {
            body["lastYearActual"] = json!(last.normalize().to_string());
            let growth = ((annual / last - Decimal::ONE) * Decimal::ONE_HUNDRED).round_dp(2);
            // A growth rate is stated where it is one a committee would announce; signing comes in lumps,
            // and a year after a big contract the target is set from the pipeline, not as a fall.
            if growth > Decimal::from(-20) && growth < Decimal::from(80) {
                body["targetGrowth"] = json!(growth.normalize().to_string());
            }
        }
        let last_year = match split {
            SplitBy::Average => {
                body["splitMode"] = json!("1");
                None
            }
            SplitBy::Quarterly(q1, h1, q3) => {
                body["splitMode"] = json!("3");
                body["q1Share"] = json!(q1.to_string());
                body["h1Share"] = json!(h1.to_string());
                body["q3Share"] = json!(q3.to_string());
                None
            }
            SplitBy::LastYear(months) => {
                body["splitMode"] = json!("2");
                Some(months)
            }
        };
        let map = body.as_object().ok_or_else(|| anyhow::anyhow!("a target is an object"))?;
        let checked = TargetForm::from_json(map)?.validate(self.clock.year(), self.reference)?;
        anyhow::ensure!(checked.needs_last_year() == last_year.is_some(), "split by last year's structure without last year");
        Ok(checked.split(last_year)?.into_active_model())
    }

    fn author(&self, by: &Account, at: DateTime<Utc>) -> Author<'_> {
        Author { tenant: self.zone.tenant(), user: by.id, dept: Some(self.zone.dept_id(by.dept)), at }
    }

    /// Drafted, issued and (unless waiting) confirmed: the row as the lifecycle leaves it.
    fn issued(&self, mut row: dept_target::ActiveModel, stamps: &Stamps, version: i32) -> anyhow::Result<dept_target::ActiveModel> {
        let committee = self.committee;
        base::created::<dept_target::Entity>(&mut row, keeper_common::id::next_id(), &self.author(committee, stamps.created));
        let mut status = lifecycle::next(TargetStatus::Draft, Step::Issue)?;
        row.version = Set(version);
        row.revision_reason = Set(String::new());
        row.issued_by = Set(Some(committee.id));
        row.issued_name = Set(committee.real_name.clone());
        row.issued_time = Set(Some(stamps.issued));
        base::updated::<dept_target::Entity>(&mut row, &self.author(committee, stamps.issued));
        row.confirmed_by = Set(None);
        row.confirmed_name = Set(String::new());
        row.confirmed_time = Set(None);
        if let Some((by, at)) = stamps.confirmed {
            status = lifecycle::next(status, Step::Confirm)?;
            row.confirmed_by = Set(Some(by.id));
            row.confirmed_name = Set(by.real_name.clone());
            row.confirmed_time = Set(Some(at));
            base::updated::<dept_target::Entity>(&mut row, &self.author(by, at));
        }
        row.target_status = Set(status.code().into());
        Ok(row)
    }

    fn target(&mut self, unit: &Unit, year: i32, p: &Planned, split: &SplitBy, stamps: &Stamps) -> anyhow::Result<()> {
        let row = self.form(unit, year, p, split, p.decimal)?;
        let row = self.issued(row, stamps, 1)?;
        self.out.targets.push(row);
        Ok(())
    }

    /// A target issued higher in January and revised in `month` (调整): the version in force is kept with
    /// the reason, the revised figures are split evenly over the year, issued again and confirmed by the
    /// park.
    #[allow(clippy::too_many_arguments)]
    fn revised_target(
        &mut self,
        unit: &Unit,
        year: i32,
        p: &Planned,
        split: &SplitBy,
        month: u32,
        stamps: &Stamps,
        confirmer: &Account,
        rng: &mut Rng,
    ) -> anyhow::Result<()> {
        let first = round_figure(p.annual * rng.fraction(1.15, 1.25), false);
        let row = self.form(unit, year, p, split, first)?;
        let original = self.issued(row, stamps, 1)?;
        let stored: dept_target::Model = original.clone().try_into_model()?;
        let committee = self.committee;
        let mut moments = Moments::after(self.clock, stamps.confirmed.map(|c| c.1).or(Some(stamps.issued)));
        let revise_day = Clock::working_day(
            NaiveDate::from_ymd_opt(year, month, 1).unwrap_or(self.clock.as_of) + chrono::Duration::days(rng.int(7, 13)),
        );
        let revised_at = moments.on(revise_day, rng);
        let reissue_day = Clock::working_day(revise_day + chrono::Duration::days(rng.int(1, 3)));
        let reissued_at = moments.on(reissue_day, rng);
        let confirmed_at = moments.on(Clock::working_day(reissue_day + chrono::Duration::days(rng.int(2, 5))), rng);
        anyhow::ensure!(confirmed_at.date_naive() <= self.clock.as_of, "the revision is confirmed after today");
        let reason = rng.pick(REVISION_REASONS).to_string();
        let mut status = lifecycle::next(TargetStatus::of_code(&stored.target_status)?, Step::Revise)?;
        let mut kept = dept_target_version::ActiveModel {
            target_id: Set(stored.id),
            version: Set(stored.version),
            content: Set(Some(serde_json::to_string(&stored)?)),
            reason: Set(reason.clone()),
            create_user_name: Set(committee.real_name.clone()),
            ..Default::default()
        };
        base::created::<dept_target_version::Entity>(&mut kept, keeper_common::id::next_id(), &self.author(committee, revised_at));
        self.out.versions.push(kept);
        // The revised figures, through the form again, on the same row.
        let mut row = self.form(unit, year, p, &SplitBy::Average, p.decimal)?;
        row.id = Set(stored.id);
        row.tenant_id = Set(stored.tenant_id.clone());
        row.create_user = Set(stored.create_user);
        row.create_dept = Set(stored.create_dept);
        row.create_time = Set(stored.create_time);
        row.status = Set(stored.status);
        row.is_deleted = Set(stored.is_deleted);
        row.version = Set(stored.version + 1);
        row.revision_reason = Set(reason);
        status = lifecycle::next(status, Step::Issue)?;
        row.issued_by = Set(Some(committee.id));
        row.issued_name = Set(committee.real_name.clone());
        row.issued_time = Set(Some(reissued_at));
        status = lifecycle::next(status, Step::Confirm)?;
        row.confirmed_by = Set(Some(confirmer.id));
        row.confirmed_name = Set(confirmer.real_name.clone());
        row.confirmed_time = Set(Some(confirmed_at));
        base::updated::<dept_target::Entity>(&mut row, &self.author(confirmer, confirmed_at));
        row.target_status = Set(status.code().into());
        self.out.targets.push(row);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_rounded_as_a_committee_writes_them() {
        assert_eq!(round_figure(123_456.7, false), Decimal::from(123_500));
        assert_eq!(round_figure(4_567.8, false), Decimal::from(4_570));
        assert_eq!(round_figure(6.4, true), Decimal::from(6));
        assert_eq!(round_figure(0.2, true), Decimal::ONE);
    }

    #[test]
    fn a_park_on_schedule_stands_near_the_time_schedule() {
        let mut rng = Rng::stream(0, "targets-test");
        let months = [100.0; 12];
        for (pace, lo, hi) in [(Pace::OnSchedule, -7.0, 6.0), (Pace::Behind, 12.0, 18.0), (Pace::WellBehind, 23.0, 32.0)] {
            let annual = annual_of(&months, None, 10, INVESTMENT, pace, &mut rng);
            let gap = 1000.0 / annual * 100.0 - 1000.0 / 12.0;
            assert!((-hi..=-lo).contains(&gap), "{pace:?}: {gap}");
        }
    }
}
