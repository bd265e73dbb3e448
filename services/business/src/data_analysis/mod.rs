//! The public data-analysis big screen (`/dataAnalysis`, issue 18, domain-model §4): the zone's headline
//! figures, charts and scrolling tables for a wall of screens in the committee's hall. No one signs in:
//! the tenant comes from the URL, the tenant chooses which widgets are public (`setting`), a tenant that
//! has not opened its screen answers 404, and the answer holds aggregates and names only. It shows the
//! latest closed month (`closed`), reads the whole tenant through the statistics screens' own sums
//! (`output::stats::read_in`, `investment::stats::read_in`) so the two never disagree, and is built once
//! per tenant every few minutes (`cache`): screens poll every minute, the database is asked rarely.
pub mod cache;
pub mod closed;
pub mod lists;
pub mod setting;

use keeper_common::AppError;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use crate::investment::project::scope::ProjectScope;
use crate::investment::stats::{self as investment_stats, Dimension, GroupRow as InvestmentRow, RowKind as InvestmentKind};
use crate::metrics::Rate;
use crate::money::Wan;
use crate::output::report::{self as output_report, month};
use crate::output::stats::shape::{GroupRow as OutputRow, RowKind as OutputKind, Sort};
use crate::output::stats::{self as output_stats, Statistics as OutputStatistics, View as OutputView};
use crate::period::Period;
use crate::reference::Reference;
use crate::state::AppState;
use lists::{IssueRow, KeyProject, SignedProject};
use setting::Widget;

/// 规上工业总产值 1–N月.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputKpi {
    pub ytd: Wan,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub yoy: Rate,
    /// 完成年度目标 (%).
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub completion: Rate,
}

/// 项目完成投资 1–N月 against the year's plan and the time progress.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvestmentKpi {
    pub ytd: Wan,
    pub plan: Wan,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub completion: Rate,
    /// 时序进度 (%).
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub time_progress: Decimal,
}

/// 在库项目.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LibraryKpi {
    pub projects: i64,
    /// Σ 计划总投资 (万元).
    pub total_investment: Wan,
    /// 其中亿元以上.
    pub over_yi: i64,
}

/// A count against the year's plan (新开工, 竣工投产).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Planned {
    pub count: i64,
    pub planned: i64,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SignedKpi {
    pub count: i64,
    /// Σ 签约额 (万元).
    pub amount: Wan,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AboveScaleKpi {
    pub count: u64,
    /// 本年新增 (小升规).
    pub new_this_year: u64,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct KeyIssuesKpi {
    pub open: u64,
    pub overdue: u64,
}

/// The KPI cards of the top row.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Kpi {
    pub output: OutputKpi,
    pub investment: InvestmentKpi,
    pub library: LibraryKpi,
    pub started: Planned,
    pub finished: Planned,
    pub signed: SignedKpi,
    pub above_scale: AboveScaleKpi,
    pub key_issues: KeyIssuesKpi,
}

/// A month of the output chart: bars this year and last, the line 累计同比.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendMonth {
    pub month: u32,
    /// Null after month N.
    pub this_month: Option<Wan>,
    pub last_month: Wan,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub yoy: Rate,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputTrend {
    pub year: i32,
    pub last_year: i32,
    pub months: Vec<TrendMonth>,
}

/// A park's investment: 1–N月完成 against its plan for the year.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ParkInvestment {
    pub name: String,
    pub plan: Wan,
    pub ytd: Wan,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub rate: Rate,
}

/// A slice of a ring or a bar: projects of one status, industry or type.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Slice {
    /// The dictionary key.
    pub key: String,
    pub name: String,
    pub count: i64,
    /// Σ 计划总投资 (万元).
    pub investment: Wan,
}

/// A row of 企业产值排行.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RankRow {
    pub rank: usize,
    pub enterprise_name: String,
    pub ytd: Wan,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub yoy: Rate,
}

/// A row of 园区完成情况 (规上工业总产值 against the park's target).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ParkCompletion {
    pub name: String,
    pub target: Option<Wan>,
    pub ytd: Wan,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub rate: Rate,
}

/// The answer of `dataAnalysis/screen`: the public widgets of the tenant, each absent when not public.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Screen {
    pub zone_name: String,
    /// The latest closed month, `2026-10`: the screen says "数据截至2026年10月".
    pub period: String,
    pub widgets: Vec<Widget>,
    /// When the figures were read, `2026-11-29 20:45:00`.
    pub refreshed_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kpi: Option<Kpi>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_trend: Option<OutputTrend>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub park_investment: Option<Vec<ParkInvestment>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project_status: Option<Vec<Slice>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub industry_investment: Option<Vec<Slice>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub type_investment: Option<Vec<Slice>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_projects: Option<Vec<KeyProject>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latest_signed: Option<Vec<SignedProject>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issues: Option<Vec<IssueRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enterprise_ranking: Option<Vec<RankRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub park_completion: Option<Vec<ParkCompletion>>,
}

/// The ranking's length.
const RANKING: usize = 20;

/// The output statistics query of the whole tenant, 规上 only (the screen's output is 规上工业总产值).
fn output_query(view: OutputView, p: Period) -> output_stats::StatsQuery {
    output_stats::StatsQuery {
        view,
        period: p,
        basis: crate::dept_target::actuals::DeptBasis::Filed,
        dept_id: None,
        filter: output_stats::repo::Filter { depts: None, industry_code: None, above_scale: Some(crate::checks::YES.to_string()) },
        sort: Sort::Output,
        top: None,
    }
}

/// The output department rows (when `depts`) and the ranking (when `ranking`), both shaped from one read of
/// the enterprises' sums: on a large zone that read is most of the screen's cost.
async fn output_figures(
    state: &AppState,
    tenant: &str,
    r: &Reference,
    p: Period,
    depts: bool,
    ranking: bool,
) -> Result<(Vec<OutputRow>, Option<Vec<RankRow>>), AppError> {
    if !depts && !ranking {
        return Ok((Vec::new(), None));
    }
    let all = ProjectScope::All;
    // The ranking shows the enterprises' names, not their decline reasons.
    let pieces = output_stats::pieces_in(state, tenant, &all, &output_query(OutputView::Dept, p), output_stats::Shown::Names).await?;
    let mut rows = Vec::new();
    if depts
        && let OutputStatistics::Group(g) =
            output_stats::shape_in(state, tenant, &all, output_query(OutputView::Dept, p), r, &pieces).await?
    {
        rows = g.rows;
    }
    let ranked = ranking.then(|| {
        output_stats::ranked_by_output(r, p, &pieces, RANKING)
            .into_iter()
            .map(|x| RankRow { rank: x.rank, enterprise_name: x.enterprise_name, ytd: x.ytd_output, yoy: x.yoy })
            .collect()
    });
    Ok((rows, ranked))
}

async fn output_trend(state: &AppState, tenant: &str, p: Period) -> Result<Option<OutputTrend>, AppError> {
    let OutputStatistics::Trend(t) = output_stats::read_in(state, tenant, &ProjectScope::All, output_query(OutputView::Trend, p)).await?
    else {
        return Ok(None);
    };
    Ok(Some(OutputTrend {
        year: p.year(),
        last_year: p.year() - 1,
        months: t
            .months
            .into_iter()
            .map(|m| TrendMonth { month: m.month, this_month: m.this_month, last_month: m.last_month, yoy: m.yoy })
            .collect(),
    }))
}

/// The rows of one dimension of the investment statistics of the whole tenant, when `wanted`.
async fn investment_rows(state: &AppState, tenant: &str, by: Dimension, p: Period, wanted: bool) -> Result<Vec<InvestmentRow>, AppError> {
    if !wanted {
        return Ok(Vec::new());
    }
    let q = investment_stats::StatsQuery {
        view: investment_stats::View::Dimension(by),
        period: p,
        basis: investment_stats::DeptBasis::Snapshot,
    };
    match investment_stats::read_in(state, tenant, &ProjectScope::All, q).await? {
        investment_stats::Statistics::Dimension(d) => Ok(d.rows),
        _ => Ok(Vec::new()),
    }
}

/// A part of the screen read only when `wanted`.
async fn when<T, F: std::future::Future<Output = Result<T, AppError>>>(wanted: bool, read: F) -> Result<Option<T>, AppError> {
    if wanted { read.await.map(Some) } else { Ok(None) }
}

/// The parks: the departments right below the zone (the rows of depth 1), or the top when it has none.
fn parks<R>(rows: &[R], dept: impl Fn(&R) -> Option<usize>) -> Vec<&R> {
    let below: Vec<&R> = rows.iter().filter(|r| dept(r) == Some(1)).collect();
    if below.is_empty() { rows.iter().filter(|r| dept(r) == Some(0)).collect() } else { below }
}

fn slices(rows: Vec<InvestmentRow>) -> Vec<Slice> {
    rows.into_iter()
        .filter(|r| r.kind == InvestmentKind::Group && r.projects > 0)
        .map(|r| Slice { key: r.key, name: r.name, count: r.projects, investment: r.total_investment })
        .collect()
}

fn total_of<R>(rows: &[R], is_total: impl Fn(&R) -> bool) -> Option<&R> {
    rows.iter().find(|r| is_total(r))
}

/// The KPI cards' counts read apart from the statistics: 招商签约, 规上企业, 重点问题.
struct KpiCounts {
    signed: (i64, Wan),
    above_scale: (u64, u64),
    key_issues: (u64, u64),
}

async fn kpi_counts(state: &AppState, tenant: &str, p: Period, today: chrono::NaiveDate) -> Result<KpiCounts, AppError> {
    let db = &state.db;
    let (signed, above_scale, key_issues) =
        tokio::try_join!(lists::signed(db, tenant, p), lists::above_scale(db, tenant, p.year()), lists::key_issues(db, tenant, today))?;
    Ok(KpiCounts { signed, above_scale, key_issues })
}

/// Reads the screen of `tenant` for the public `widgets` (not empty): every figure of the latest closed
/// month, the whole tenant. The parts are read side by side (the database serves them on its own
/// connections): the screen takes about as long as its largest part, the enterprises' output sums.
pub async fn read(state: &AppState, tenant: &str, r: &Reference, widgets: Vec<Widget>) -> Result<Screen, AppError> {
    let db = &state.db;
    let today = keeper_common::time::today();
    let january = output_report::january(r);
    let rate = setting::closed_rate(r.param(setting::CLOSED_RATE_PARAM));
    let p = closed::latest(db, tenant, month::default_period(), january, rate).await?;
    let shows = |w: Widget| widgets.contains(&w);

    // The department views feed the KPI cards and the parks' widgets.
    let (
        (output_depts, enterprise_ranking),
        output_trend,
        investment_depts,
        project_status,
        industry_investment,
        type_investment,
        counts,
        key_projects,
        latest_signed,
        issues,
    ) = tokio::try_join!(
        output_figures(state, tenant, r, p, shows(Widget::Kpi) || shows(Widget::ParkCompletion), shows(Widget::EnterpriseRanking)),
        when(shows(Widget::OutputTrend), output_trend(state, tenant, p)),
        investment_rows(state, tenant, Dimension::Dept, p, shows(Widget::Kpi) || shows(Widget::ParkInvestment)),
        when(shows(Widget::ProjectStatus), investment_rows(state, tenant, Dimension::Status, p, true)),
        when(shows(Widget::IndustryInvestment), investment_rows(state, tenant, Dimension::Industry, p, true)),
        when(shows(Widget::TypeInvestment), investment_rows(state, tenant, Dimension::Type, p, true)),
        when(shows(Widget::Kpi), kpi_counts(state, tenant, p, today)),
        when(shows(Widget::KeyProjects), lists::key_projects(db, tenant, r, p)),
        when(shows(Widget::LatestSigned), lists::latest_signed(db, tenant, r)),
        when(shows(Widget::Issues), lists::issues(db, tenant, r, today)),
    )?;

    let kpi = counts.map(|c| {
        let o = total_of(&output_depts, |r| r.kind == OutputKind::Total);
        let i = total_of(&investment_depts, |r| r.kind == InvestmentKind::Total);
        Kpi {
            output: OutputKpi {
                ytd: o.map_or(Wan::ZERO, |o| o.ytd_output),
                yoy: o.and_then(|o| o.yoy),
                completion: o.and_then(|o| o.completion),
            },
            investment: InvestmentKpi {
                ytd: i.map_or(Wan::ZERO, |i| i.ytd_investment),
                plan: i.map_or(Wan::ZERO, |i| i.year_plan_investment),
                completion: i.and_then(|i| i.ytd_plan_rate),
                time_progress: r.schedule().progress(p),
            },
            library: LibraryKpi {
                projects: i.map_or(0, |i| i.projects),
                total_investment: i.map_or(Wan::ZERO, |i| i.total_investment),
                over_yi: i.map_or(0, |i| i.over_yi_projects),
            },
            started: Planned { count: i.map_or(0, |i| i.started), planned: i.map_or(0, |i| i.planned_starts) },
            finished: Planned { count: i.map_or(0, |i| i.finished), planned: i.map_or(0, |i| i.planned_finishes) },
            signed: SignedKpi { count: c.signed.0, amount: c.signed.1 },
            above_scale: AboveScaleKpi { count: c.above_scale.0, new_this_year: c.above_scale.1 },
            key_issues: KeyIssuesKpi { open: c.key_issues.0, overdue: c.key_issues.1 },
        }
    });
    let park_completion = shows(Widget::ParkCompletion).then(|| {
        parks(&output_depts, |r| (r.kind == OutputKind::Dept).then_some(r.depth))
            .into_iter()
            .map(|r| ParkCompletion { name: r.name.clone(), target: r.target, ytd: r.ytd_output, rate: r.completion })
            .collect()
    });
    let park_investment = shows(Widget::ParkInvestment).then(|| {
        parks(&investment_depts, |r| (r.kind == InvestmentKind::Dept).then_some(r.depth))
            .into_iter()
            .map(|r| ParkInvestment { name: r.name.clone(), plan: r.year_plan_investment, ytd: r.ytd_investment, rate: r.ytd_plan_rate })
            .collect()
    });
    Ok(Screen {
        zone_name: r.zone_name(),
        period: p.to_string(),
        widgets: widgets.clone(),
        refreshed_at: keeper_common::time::format(&keeper_common::time::now()),
        kpi,
        output_trend: output_trend.flatten(),
        park_investment,
        project_status: project_status.map(slices),
        industry_investment: industry_investment.map(slices),
        type_investment: type_investment.map(slices),
        key_projects,
        latest_signed,
        issues,
        enterprise_ranking,
        park_completion,
    })
}
