//! What a project's record holds: the form a clerk would have filled in (money, land, dates, people,
//! codes), and the columns the library workflow and status moves write on the row.
use chrono::{DateTime, Datelike, Utc};
use keeper_business::checks::{NO, YES};
use keeper_business::entity::project;
use keeper_business::investment::project::STAT_FROM;
use keeper_business::investment::project::form::{Project, ProjectForm};
use keeper_business::investment::project::lifecycle::ProjectStatus as S;
use keeper_business::review::Status;
use rust_decimal::Decimal;
use sea_orm::ActiveValue::Set;

use super::library::{self, Move};
use super::owner::{Owner, Placement};
use super::timeline::Timeline;
use super::wording::Words;
use crate::clock::Clock;
use crate::enterprises::coordinate;
use crate::names;
use crate::rng::Rng;
use crate::zone::{Account, Bureau, Zone};

/// The size of a project: its planned investment and, when it builds, its land and floor area.
pub struct Size {
    /// 万元, as announced.
    pub total: Decimal,
    /// 亩
    pub land: Option<f64>,
    /// m²
    pub building: Option<f64>,
}

/// Planned investment (万元) of a project of this type, from small 技改 to large plants, and its land and
/// floor area.
pub fn size(kind: &str, rng: &mut Rng) -> Size {
    let (lo, hi) = match kind {
        "01" => (3_000.0, 300_000.0),
        "02" => (300.0, 30_000.0),
        "03" => (2_000.0, 80_000.0),
        "04" => (1_000.0, 50_000.0),
        "05" => (2_000.0, 120_000.0),
        "06" => (3_000.0, 60_000.0),
        "07" => (1_000.0, 40_000.0),
        "08" => (20_000.0, 200_000.0),
        _ => (300.0, 10_000.0),
    };
    let total = wan(rng.log_uniform(lo, hi));
    let land = match kind {
        "02" | "99" => None,
        "05" | "07" if rng.chance(0.5) => None,
        _ => Some((float(total) / rng.fraction(150.0, 450.0)).clamp(8.0, 900.0).round()),
    };
    let building = match kind {
        // A renovation works in the plant the firm has.
        "02" => Some(rng.fraction(2_000.0, 40_000.0).round()),
        _ => land.map(|l| (l * 666.67 * rng.fraction(0.7, 1.6)).round()),
    };
    Size { total, land, building }
}

/// An amount of 万元 rounded the way projects announce it (to 10, 50 or 100 万元).
fn wan(x: f64) -> Decimal {
    let step = match x {
        x if x < 1_000.0 => 10.0,
        x if x < 10_000.0 => 50.0,
        _ => 100.0,
    };
    Decimal::from(((x / step).round() * step).max(step) as i64)
}

/// A decimal with two places, from a float.
fn two(x: f64) -> Decimal {
    Decimal::from_f64_retain(x).map(|d| d.round_dp(2)).unwrap_or_default()
}

fn float(d: Decimal) -> f64 {
    d.to_string().parse().unwrap_or(0.0)
}

/// `project_level`, higher for larger projects.
fn level_of(total: f64, rng: &mut Rng) -> &'static str {
    rng.weighted(match total {
        t if t >= 100_000.0 => &[(10, "1"), (30, "2"), (40, "3"), (20, "4")][..],
        t if t >= 20_000.0 => &[(2, "1"), (12, "2"), (35, "3"), (34, "4"), (17, "5")][..],
        t if t >= 5_000.0 => &[(4, "2"), (20, "3"), (36, "4"), (40, "5")][..],
        _ => &[(1, "3"), (19, "4"), (80, "5")][..],
    })
}

/// The key node (`project_stage`) a project at `status` has reached.
fn stage_of(status: S, rng: &mut Rng) -> String {
    let (lo, hi) = match status {
        S::Reserve | S::Negotiating | S::Terminated => return String::new(),
        S::Signed => (1, 2),
        S::Preparing => (3, 7),
        S::UnderConstruction => (8, 11),
        S::Completed => (12, 12),
        S::InProduction => (13, 14),
        S::FullCapacity => (15, 16),
        S::Suspended => (8, 9),
    };
    rng.int(lo, hi).to_string()
}

/// The national online approval code (投资项目代码, 24 characters): year, division, industry, kind and
/// sequence. Projects get it with their formalities (前期手续), some already when they sign.
fn approval_code(zone: &Zone, t: &Timeline, industry: &str, rng: &mut Rng) -> Option<String> {
    let has = t.path.contains(&S::Preparing) || t.start.is_some() || (t.sign.is_some() && rng.chance(0.3));
    if !has || rng.chance(0.08) {
        return None;
    }
    let year = t.sign.unwrap_or(t.registered).year();
    let digits: String = industry.chars().filter(char::is_ascii_digit).collect();
    let digits = if digits.len() == 2 { digits } else { "00".into() };
    Some(format!("{year}-{}-{digits}-{}-{:06}", zone.plan.division, rng.pick(&["03", "03", "02"]), rng.int(1, 999_999)))
}

/// The form of a project of `kind` placed by `at`, sized `size`, named by `words`, living `t`, kept by
/// `filler`. It holds the main-path status the project reached: 停缓建 and 终止 are reached by moves, never
/// entered.
#[allow(clippy::too_many_arguments)]
pub fn form(
    zone: &Zone,
    kind: &str,
    at: &Placement,
    size: &Size,
    words: Words,
    name: String,
    t: &Timeline,
    filler: &Account,
    rng: &mut Rng,
) -> ProjectForm {
    let total = float(size.total);
    let industry_code = words.industry.unwrap_or(at.industry.code).to_string();
    let chain = names::INDUSTRIES.iter().find(|i| i.code == industry_code).map_or("09", |i| i.chain);
    let level = level_of(total, rng);
    let key = level <= "3" || (level == "4" && rng.chance(0.5));
    let expansion = at.source == "2" && kind == "01";
    let nature = match kind {
        "02" => "3",
        "01" if expansion => "2",
        "05" | "07" if rng.chance(0.3) => "3",
        "99" if rng.chance(0.3) => "6",
        _ => "1",
    };
    let fixed = total * rng.fraction(0.72, 0.98);
    let equipment = match kind {
        "02" => Some(two(fixed * rng.fraction(0.5, 0.85))),
        "01" | "04" => Some(two(fixed * rng.fraction(0.25, 0.5))),
        _ => None,
    };
    let (lon, lat) = zone.point_in(at.territory, rng);
    let (road_a, road_b) = (rng.pick(at.theme.roads), rng.pick(at.theme.roads));
    let address = if road_a != road_b {
        format!("{}{road_a}与{road_b}交口{}侧", zone.plan.short_name, rng.pick(&["东北", "西北", "东南", "西南"]))
    } else {
        format!("{}{road_a}{}号", zone.plan.short_name, rng.int(1, 300))
    };
    let funds_share = match t.held {
        S::UnderConstruction if t.status == S::Suspended => rng.fraction(0.15, 0.5),
        S::UnderConstruction => rng.fraction(0.2, 0.75),
        S::Completed => rng.fraction(0.8, 1.0),
        S::InProduction | S::FullCapacity => rng.fraction(0.9, 1.0),
        S::Signed | S::Preparing if at.investor.is_some() => rng.fraction(0.0, 0.12),
        _ => 0.0,
    };
    let output = matches!(kind, "01" | "02" | "03" | "04")
        .then(|| total * if kind == "02" { rng.fraction(0.4, 1.5) } else { rng.fraction(0.8, 2.6) });
    let bureau = if kind == "04" { Bureau::Science } else { Bureau::of_industry(&industry_code) };
    ProjectForm {
        approval_code: approval_code(zone, t, &industry_code, rng),
        project_name: Some(name),
        enterprise_id: match &at.owner {
            Owner::Firm(f) => Some(f.id),
            Owner::Named(_) => None,
        },
        owner_name: match &at.owner {
            Owner::Named(n) => Some(n.clone()),
            Owner::Firm(_) => None,
        },
        investor_name: at.investor.as_ref().map(|i| i.name.clone()),
        // Projects of the zone's own firms and of the government are local money.
        investor_origin: Some(at.investor.as_ref().map_or("1", |i| i.origin).into()),
        project_source: Some(at.source.into()),
        dept_id: Some(zone.dept_id(at.territory)),
        industry_dept_id: Some(zone.dept_id(zone.bureau(bureau))),
        project_type: Some(kind.into()),
        project_status: Some(t.held.code().into()),
        construction_nature: Some(nature.into()),
        industry_code: Some(industry_code),
        leading_industry: Some(chain.into()),
        project_level: Some(level.into()),
        is_key_project: Some(if key { YES } else { NO }.into()),
        address: Some(address),
        longitude: Some(coordinate(lon)),
        latitude: Some(coordinate(lat)),
        construction_content: Some(words.content),
        total_investment: Some(size.total),
        fixed_asset_investment: Some(two(fixed)),
        equipment_investment: equipment,
        // 万美元, at about 7.1 yuan to the dollar.
        foreign_investment: at.investor.as_ref().filter(|i| i.origin == "4").map(|_| two(total * rng.fraction(0.3, 1.0) / 7.1)),
        land_area: size.land.map(two),
        building_area: size.building.map(two),
        sign_date: t.sign,
        contract_amount: t.sign.map(|_| wan(total * rng.fraction(0.9, 1.15))),
        funds_in_place: (funds_share > 0.0).then(|| wan(total * funds_share)),
        planned_start_date: Some(t.planned_start),
        actual_start_date: t.start,
        planned_completion_date: Some(t.planned_completion),
        actual_completion_date: t.completion,
        production_date: t.production,
        full_capacity_date: t.full_capacity,
        construction_start_year: Some(t.planned_start.year()),
        construction_end_year: Some(t.planned_completion.year()),
        expected_annual_output: output.map(wan),
        expected_annual_tax: output.map(|o| wan(o * rng.fraction(0.03, 0.08))),
        expected_jobs: match kind {
            "01" => Some((total / rng.fraction(40.0, 150.0)) as i32 + 20),
            "02" => Some(rng.int(0, 60) as i32),
            "03" | "04" => Some((total / rng.fraction(80.0, 300.0)) as i32 + 10),
            _ => None,
        },
        responsible_leader: rng.chance(0.7).then(|| rng.choose(&zone.plan.leaders).clone()),
        responsible_dept_id: Some(zone.dept_id(if at.territory == 0 { zone.bureau(Bureau::Economy) } else { at.territory })),
        responsible_person: Some(filler.real_name.clone()),
        responsible_phone: Some(names::mobile(rng)),
        owner_contact: Some(names::person(rng)),
        owner_phone: Some(names::mobile(rng)),
        ..Default::default()
    }
}

/// Sets the columns the workflow and the status moves write (number aside: numbers follow the order of
/// approval over all projects): library status, tracking and statistics inclusion by rule, the submitter,
/// the entry day, the opinion, the side state and the key node.
#[allow(clippy::too_many_arguments)]
pub fn workflow(
    row: &mut project::ActiveModel,
    p: &Project,
    library: Status,
    moves: &[Move],
    t: &Timeline,
    exit_reason: String,
    filler: &Account,
    clock: &Clock,
    rng: &mut Rng,
) {
    let approved = library == Status::Approved;
    let submitted: Option<DateTime<Utc>> = library::submitted(moves);
    // 入库纳统 (§2.2.3): in the library, under way, with an approval code and 500 万元 or more.
    let stat = approved
        && t.status.started()
        && p.total_investment.is_some_and(|v| v >= Decimal::from(STAT_FROM))
        && !p.approval_code.is_empty()
        && rng.chance(0.85);
    row.project_status = Set(t.status.code().into());
    row.project_no = Set(String::new());
    row.library_status = Set(library.code().into());
    row.is_tracked = Set(if approved { Project::tracked_by_rule(p.total_investment, &p.is_key_project) } else { NO }.into());
    row.is_stat_included = Set(if stat { YES } else { NO }.into());
    row.stat_included_period = Set(match (stat, t.start) {
        (true, Some(s)) => clock.after(s, rng.int(0, 60)).format("%Y-%m").to_string(),
        _ => String::new(),
    });
    // Cumulative investment and the warning colour are derived from monthly reports, a later module.
    row.cumulative_investment = Set(None);
    row.warning_level = Set(String::new());
    row.current_stage = Set(stage_of(t.status, rng));
    row.exit_reason = Set(exit_reason);
    row.exit_date = Set(t.exit);
    row.suspended_from = Set(if t.status == S::Suspended { t.held.code().into() } else { String::new() });
    // No status move waits for a reviewer (申报达产 on 已完成项目).
    row.proposed_status = Set(String::new());
    row.proposed_date = Set(None);
    row.proposal_reason = Set(String::new());
    row.proposed_by = Set(None);
    row.proposed_by_name = Set(String::new());
    row.proposed_time = Set(None);
    row.proposal_opinion = Set(String::new());
    row.submit_user = Set(submitted.map(|_| filler.id));
    row.submit_user_name = Set(if submitted.is_some() { filler.real_name.clone() } else { String::new() });
    row.submit_time = Set(submitted);
    row.entry_date = Set(library::entry(moves).map(|at| at.with_timezone(&keeper_common::time::zone()).date_naive()));
    row.review_opinion = Set(library::opinion(moves));
}
