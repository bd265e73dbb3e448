//! 在库项目 › 统计 (domain-model §2.2.5d): analytic aggregates of the in-library projects (approved into
//! the library, not 终止) for leaders and the economic bureau — by department or by a project field, the
//! monthly trend against last year, and the status funnel. The read side (code-shape §2.5): one aggregate
//! query per measure family in `repo.rs`, the department roll-up in `rollup.rs`, rates from `metrics.rs`;
//! the screen and the xlsx (`excel.rs`) call the same [`read`], so an export is what the screen shows.
//!
//! Who sees what: the caller's project scope (`project::scope`), as on every investment screen; a report
//! counts when its project is in scope. Money is 万元; only approved reports count.
//!
//! Time: investment figures are those of the period's year up to month N. Project counts, totals and
//! statuses are the projects as they stand now; 新开工 and 竣工投产 count dates up to the end of month N.
pub mod excel;
pub mod repo;

use std::collections::{HashMap, HashSet};
use std::ops::AddAssign;

use keeper_common::{AppError, fields};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::enterprise::form::PARK_POWER_TYPES;
use crate::entity::project;
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::scope::{self, ProjectScope};
use crate::investment::project::view::BANDS;
use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::period::Period;
use crate::reference::Reference;
use crate::rollup::{self, Kind};
use crate::state::AppState;
use repo::{Group, Key};

/// What the rows of the dimension view are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dimension {
    Dept,
    Type,
    Industry,
    LeadingIndustry,
    Level,
    Status,
    Band,
}

impl Dimension {
    pub const ALL: [Dimension; 7] = [D::Dept, D::Type, D::Industry, D::LeadingIndustry, D::Level, D::Status, D::Band];

    /// The value of `by`.
    pub fn code(self) -> &'static str {
        match self {
            D::Dept => "dept",
            D::Type => "type",
            D::Industry => "industry",
            D::LeadingIndustry => "leadingIndustry",
            D::Level => "level",
            D::Status => "status",
            D::Band => "band",
        }
    }

    /// The header of the first column.
    pub fn label(self) -> &'static str {
        match self {
            D::Dept => "责任单位",
            D::Type => "项目类型",
            D::Industry => "所属行业",
            D::LeadingIndustry => "主导产业",
            D::Level => "项目级别",
            D::Status => "项目状态",
            D::Band => "投资规模",
        }
    }

    /// The business dictionary of the project field, for dictionary fields.
    fn dict(self) -> Option<&'static str> {
        match self {
            D::Type => Some("project_type"),
            D::Industry => Some("industry"),
            D::LeadingIndustry => Some("industry_chain"),
            D::Level => Some("project_level"),
            D::Status => Some("project_status"),
            D::Dept | D::Band => None,
        }
    }

    fn key(self, basis: DeptBasis) -> Key {
        match (self, basis) {
            (D::Dept, DeptBasis::Snapshot) => Key::ReportDept,
            (D::Dept, DeptBasis::Current) => Key::Project(project::Column::DeptId),
            (D::Type, _) => Key::Project(project::Column::ProjectType),
            (D::Industry, _) => Key::Project(project::Column::IndustryCode),
            (D::LeadingIndustry, _) => Key::Project(project::Column::LeadingIndustry),
            (D::Level, _) => Key::Project(project::Column::ProjectLevel),
            (D::Status, _) => Key::Project(project::Column::ProjectStatus),
            (D::Band, _) => Key::Band,
        }
    }
}

use Dimension as D;

/// Which department a report's investment counts under (domain-model §3 rule 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeptBasis {
    /// The department stored on the report when it was filed: moving a project to another park does not
    /// rewrite what the old park did.
    Snapshot,
    /// The project's department now (按现属地).
    Current,
}

impl DeptBasis {
    pub fn code(self) -> &'static str {
        match self {
            DeptBasis::Snapshot => "snapshot",
            DeptBasis::Current => "current",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Dimension(Dimension),
    Trend,
    Funnel,
}

/// A statistics request, parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatsQuery {
    pub view: View,
    pub period: Period,
    pub basis: DeptBasis,
}

/// The query of `project/statistics` and `project/export-statistics` as sent.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsParams {
    /// `dimension` (default), `trend` or `funnel`.
    pub view: Option<String>,
    /// For `dimension`: `dept` (default), `type`, `industry`, `leadingIndustry`, `level`, `status` or `band`.
    pub by: Option<String>,
    /// `2026-06`: the year and month N of 1–N月; the previous month when absent.
    pub period: Option<String>,
    /// `snapshot` (default: the department stored on each report) or `current` (the project's now).
    pub dept_basis: Option<String>,
}

impl StatsParams {
    pub fn parse(self) -> Result<StatsQuery, AppError> {
        let by = match fields::bounded_filter("by", self.by, 20)? {
            None => D::Dept,
            Some(b) => D::ALL
                .into_iter()
                .find(|d| d.code() == b)
                .ok_or_else(|| AppError::field("by", "取值应为 dept、type、industry、leadingIndustry、level、status 或 band"))?,
        };
        let view = match fields::bounded_filter("view", self.view, 20)?.as_deref() {
            None | Some("dimension") => View::Dimension(by),
            Some("trend") => View::Trend,
            Some("funnel") => View::Funnel,
            Some(_) => return Err(AppError::field("view", "取值应为 dimension、trend 或 funnel")),
        };
        let basis = match fields::bounded_filter("deptBasis", self.dept_basis, 10)?.as_deref() {
            None | Some("snapshot") => DeptBasis::Snapshot,
            Some("current") => DeptBasis::Current,
            Some(_) => return Err(AppError::field("deptBasis", "取值应为 snapshot 或 current")),
        };
        let period = match fields::bounded_filter("period", self.period, 7)? {
            Some(p) => Period::parse("period", &p)?,
            None => {
                let this = Period::of_day(keeper_common::time::today());
                this.previous().unwrap_or(this)
            }
        };
        Ok(StatsQuery { view, period, basis })
    }
}

/// The measures of a group, summed; rates are worked out from the sums when shaping.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    pub projects: i64,
    pub total_investment: Wan,
    pub year_plan: Wan,
    pub ytd: Wan,
    pub started: i64,
    pub planned_starts: i64,
    pub finished: i64,
    pub planned_finishes: i64,
    pub over_yi: i64,
    pub open_issues: i64,
}

impl AddAssign for Figures {
    fn add_assign(&mut self, o: Figures) {
        self.projects += o.projects;
        self.total_investment += o.total_investment;
        self.year_plan += o.year_plan;
        self.ytd += o.ytd;
        self.started += o.started;
        self.planned_starts += o.planned_starts;
        self.finished += o.finished;
        self.planned_finishes += o.planned_finishes;
        self.over_yi += o.over_yi;
        self.open_issues += o.open_issues;
    }
}

/// A count as a rate base: a count of projects is exact in a decimal.
fn count_rate(n: i64, base: i64) -> Rate {
    metrics::share(Wan::round(Decimal::from(n)), Wan::round(Decimal::from(base)))
}

/// What a row stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum RowKind {
    /// A department of the tree (a subtotal when it has departments below it).
    Dept,
    /// A value of a project field (type, industry, band…).
    Group,
    /// Figures of projects or reports without a department of the tree (其他).
    Unplaced,
    /// The grand total.
    Total,
}

/// One row of the dimension view.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupRow {
    /// The department's id, the dictionary key or the band key; empty for 其他, 未填 and the total.
    pub key: String,
    pub name: String,
    pub kind: RowKind,
    /// The depth in the department tree, 0 at the top.
    pub depth: usize,
    /// Whether the row adds up the departments below it.
    pub subtotal: bool,
    pub projects: i64,
    /// Σ 计划总投资.
    pub total_investment: Wan,
    /// Σ 年度计划投资 of the period's year.
    pub year_plan_investment: Wan,
    /// 1–N月完成投资: Σ approved months 1..N.
    pub ytd_investment: Wan,
    /// 完成率 (%): 1–N月完成 ÷ 年度计划; null when there is no plan.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub ytd_plan_rate: Rate,
    /// 本年新开工.
    pub started: i64,
    /// 计划本年开工.
    pub planned_starts: i64,
    /// 开工率 (%): 本年新开工 ÷ 计划本年开工.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub start_rate: Rate,
    /// 竣工投产 in the year to date.
    pub finished: i64,
    /// 计划本年竣工投产.
    pub planned_finishes: i64,
    /// 竣工率 (%): 竣工投产 ÷ 计划本年竣工投产.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub finish_rate: Rate,
    /// 亿元以上 projects (planned total ≥ 10,000 万元).
    pub over_yi_projects: i64,
    /// Open issues (not struck off or closed).
    pub open_issues: i64,
}

impl GroupRow {
    fn new(key: String, name: String, kind: RowKind, depth: usize, subtotal: bool, f: &Figures) -> GroupRow {
        GroupRow {
            key,
            name,
            kind,
            depth,
            subtotal,
            projects: f.projects,
            total_investment: f.total_investment,
            year_plan_investment: f.year_plan,
            ytd_investment: f.ytd,
            ytd_plan_rate: metrics::completion(f.ytd, f.year_plan),
            started: f.started,
            planned_starts: f.planned_starts,
            start_rate: count_rate(f.started, f.planned_starts),
            finished: f.finished,
            planned_finishes: f.planned_finishes,
            finish_rate: count_rate(f.finished, f.planned_finishes),
            over_yi_projects: f.over_yi,
            open_issues: f.open_issues,
        }
    }
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DimensionStats {
    /// `dimension`.
    pub view: &'static str,
    pub by: &'static str,
    pub by_name: &'static str,
    /// `2026-06`
    pub period: String,
    pub dept_basis: &'static str,
    pub title: String,
    pub rows: Vec<GroupRow>,
}

/// One month of the trend; this year's figures are null after month N.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendMonth {
    pub month: u32,
    pub this_month: Option<Wan>,
    pub this_cumulative: Option<Wan>,
    pub last_month: Wan,
    pub last_cumulative: Wan,
    /// 累计同比 (%): this year's 1–m月 against last year's; null after month N or on a zero base.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub yoy: Rate,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendStats {
    /// `trend`.
    pub view: &'static str,
    pub period: String,
    pub year: i32,
    pub last_year: i32,
    pub title: String,
    pub months: Vec<TrendMonth>,
    /// 1–N月 this year and last, and their YoY.
    pub ytd_investment: Wan,
    pub last_ytd_investment: Wan,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub yoy: Rate,
}

/// One stage of the funnel.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelStage {
    /// The `project_status` key.
    pub status: String,
    pub name: String,
    /// Projects that reached the stage: at it or a later one of the path now, or halted (停缓建) in it
    /// or a later one.
    pub reached: i64,
    pub reached_investment: Wan,
    /// Projects at the stage now (not halted).
    pub current: i64,
    pub current_investment: Wan,
    /// 转化率 (%): reached ÷ reached of the stage before; null for the first stage or a zero base.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub conversion: Rate,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelStats {
    /// `funnel`.
    pub view: &'static str,
    pub period: String,
    pub title: String,
    pub stages: Vec<FunnelStage>,
}

/// The answer of `project/statistics`: one of the three views, told apart by `view`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Statistics {
    Dimension(DimensionStats),
    Trend(TrendStats),
    Funnel(FunnelStats),
}

/// The stages of the funnel, in order (domain-model §2.2.5d: 签约 → 前期 → 在建 → 竣工 → 投产 → 达产).
pub const FUNNEL: [ProjectStatus; 6] = [
    ProjectStatus::Signed,
    ProjectStatus::Preparing,
    ProjectStatus::UnderConstruction,
    ProjectStatus::Completed,
    ProjectStatus::InProduction,
    ProjectStatus::FullCapacity,
];

/// The view asked, within the caller's tenant and project scope.
pub async fn read(state: &AppState, me: &CurrentUser, q: StatsQuery) -> Result<Statistics, AppError> {
    let scope = scope::resolve(state, me).await?;
    read_in(state, &me.tenant_id, &scope, q).await
}

/// The view asked of `tenant` within `scope` (the whole tenant for the public big screen).
pub async fn read_in(state: &AppState, tenant: &str, scope: &ProjectScope, q: StatsQuery) -> Result<Statistics, AppError> {
    let (db, p) = (&state.db, q.period);
    Ok(match q.view {
        View::Dimension(by) => {
            let key = by.key(q.basis);
            let projects = repo::project_figures(db, tenant, scope, key, p).await?;
            let ytd = repo::year_to_date(db, tenant, scope, key, p).await?;
            let issues = repo::open_issues(db, tenant, scope, key).await?;
            let figures = merge(projects, ytd, issues);
            // Possibly a few seconds old: a department created a moment ago may show as 其他 until then.
            let reference = state.reference.of(tenant).await?;
            let rows = match by {
                D::Dept => dept_rows(&reference, scope, figures),
                _ => group_rows(by, &reference, figures),
            };
            Statistics::Dimension(DimensionStats {
                view: "dimension",
                by: by.code(),
                by_name: by.label(),
                period: p.to_string(),
                dept_basis: q.basis.code(),
                title: format!("{}在库项目投资统计（按{}）", p.title_label(), by.label()),
                rows,
            })
        }
        View::Trend => Statistics::Trend(trend(p, &repo::months(db, tenant, scope, p).await?)),
        View::Funnel => Statistics::Funnel(funnel(p, &repo::statuses(db, tenant, scope).await?)),
    })
}

/// The three families of figures of each group in one.
fn merge(projects: HashMap<Group, repo::ProjectFigures>, ytd: HashMap<Group, Wan>, issues: HashMap<Group, i64>) -> HashMap<Group, Figures> {
    let mut out: HashMap<Group, Figures> = HashMap::new();
    for (g, p) in projects {
        let f = out.entry(g).or_default();
        f.projects = p.projects;
        f.total_investment = p.total_investment;
        f.year_plan = p.year_plan;
        f.started = p.started;
        f.planned_starts = p.planned_starts;
        f.finished = p.finished;
        f.planned_finishes = p.planned_finishes;
        f.over_yi = p.over_yi;
    }
    for (g, v) in ytd {
        out.entry(g).or_default().ytd = v;
    }
    for (g, n) in issues {
        out.entry(g).or_default().open_issues = n;
    }
    out
}

/// The department rows: the departments where projects lie (管委会 and 属地) with those above them for
/// the whole tenant, or the departments of the caller's scope; plus any department that carries a
/// figure. A scope's departments without their parents hang at the top, so a park clerk sees the park's
/// tree alone. Figures of no department of the tree are 其他, so that the rows add up to the total.
fn dept_rows(r: &Reference, scope: &ProjectScope, figures: HashMap<Group, Figures>) -> Vec<GroupRow> {
    let by_dept: HashMap<i64, Figures> =
        figures.into_iter().map(|(g, f)| (if let Group::Dept(Some(d)) = g { d } else { 0 }, f)).fold(HashMap::new(), |mut m, (d, f)| {
            *m.entry(d).or_default() += f;
            m
        });
    let all = r.rollup_depts();
    let mut shown: HashSet<i64> = match scope {
        ProjectScope::All => all
            .iter()
            .filter(|d| r.power_type(d.id).is_some_and(|t| PARK_POWER_TYPES.contains(&t)) || by_dept.contains_key(&d.id))
            .flat_map(|d| r.with_ancestors(d.id))
            .collect(),
        ProjectScope::Some { depts, .. } => depts.clone(),
    };
    shown.extend(by_dept.keys().copied());
    let depts: Vec<rollup::Dept> = all.into_iter().filter(|d| shown.contains(&d.id)).collect();
    rollup::rollup(&depts, &by_dept)
        .into_iter()
        .map(|row| match row.kind {
            Kind::Dept { id, depth, subtotal } => {
                GroupRow::new(id.to_string(), r.dept_name(Some(id)), RowKind::Dept, depth, subtotal, &row.value)
            }
            Kind::Unplaced => GroupRow::new(String::new(), "其他".into(), RowKind::Unplaced, 0, false, &row.value),
            Kind::Total => GroupRow::new(String::new(), "合计".into(), RowKind::Total, 0, false, &row.value),
        })
        .collect()
}

/// The rows of a project field: its values that carry a figure, in the order of the field's list (the
/// dictionary, the lifecycle, the bands), then values off the list, then 未填, then the total.
fn group_rows(by: Dimension, r: &Reference, figures: HashMap<Group, Figures>) -> Vec<GroupRow> {
    let mut figures: HashMap<String, Figures> =
        figures.into_iter().map(|(g, f)| (if let Group::Code(c) = g { c } else { String::new() }, f)).collect();
    let listed: Vec<(String, String)> = match by {
        D::Band => BANDS.iter().map(|(k, l, _)| (k.to_string(), l.to_string())).collect(),
        D::Status => ProjectStatus::ALL.iter().map(|s| (s.code().to_string(), r.label("project_status", s.code()))).collect(),
        _ => {
            let dict = r.dict(by.dict().unwrap_or_default());
            dict.labels().filter_map(|l| dict.key(l).map(|k| (k.to_string(), l.to_string()))).collect()
        }
    };
    let mut total = Figures::default();
    let mut rows = Vec::new();
    let mut push = |key: String, name: String, f: Figures, total: &mut Figures| {
        *total += f.clone();
        rows.push(GroupRow::new(key, name, RowKind::Group, 0, false, &f));
    };
    for (key, label) in listed {
        if let Some(f) = figures.remove(&key) {
            let name = if label.is_empty() { key.clone() } else { label };
            push(key, name, f, &mut total);
        }
    }
    let blank = figures.remove("");
    let mut rest: Vec<(String, Figures)> = figures.into_iter().collect();
    rest.sort_by(|a, b| a.0.cmp(&b.0));
    for (key, f) in rest {
        let name = by.dict().map(|d| r.label(d, &key)).filter(|l| !l.is_empty()).unwrap_or_else(|| key.clone());
        push(key, name, f, &mut total);
    }
    if let Some(f) = blank {
        push(String::new(), "未填".into(), f, &mut total);
    }
    rows.push(GroupRow::new(String::new(), "合计".into(), RowKind::Total, 0, false, &total));
    rows
}

/// The months of this year (to N) and last year, with cumulative sums and the YoY of the cumulative.
pub fn trend(p: Period, months: &HashMap<(i32, u32), Wan>) -> TrendStats {
    let (year, last_year) = (p.year(), p.year() - 1);
    let (mut this_cum, mut last_cum) = (Wan::ZERO, Wan::ZERO);
    let mut rows = Vec::with_capacity(12);
    for m in 1..=12 {
        let last = months.get(&(last_year, m)).copied().unwrap_or(Wan::ZERO);
        last_cum += last;
        let this = (m <= p.month()).then(|| months.get(&(year, m)).copied().unwrap_or(Wan::ZERO));
        if let Some(v) = this {
            this_cum += v;
        }
        let this_cumulative = this.map(|_| this_cum);
        rows.push(TrendMonth {
            month: m,
            this_month: this,
            this_cumulative,
            last_month: last,
            last_cumulative: last_cum,
            yoy: this_cumulative.and_then(|c| metrics::yoy(c, last_cum)),
        });
    }
    let last_ytd = rows[p.month() as usize - 1].last_cumulative;
    TrendStats {
        view: "trend",
        period: p.to_string(),
        year,
        last_year,
        title: format!("{}在库项目完成投资月度趋势", p.title_label()),
        yoy: metrics::yoy(this_cum, last_ytd),
        ytd_investment: this_cum,
        last_ytd_investment: last_ytd,
        months: rows,
    }
}

/// The stages of the funnel from `(status, status halted in, projects, Σ total)` groups.
pub fn funnel(p: Period, groups: &[(String, String, i64, Wan)]) -> FunnelStats {
    // Where each group stands on the path: its status, or for 停缓建 the status it was halted in.
    let position = |code: &str| FUNNEL.iter().position(|s| s.code() == code);
    let mut stages: Vec<FunnelStage> = FUNNEL
        .iter()
        .map(|s| FunnelStage {
            status: s.code().into(),
            name: s.label().into(),
            reached: 0,
            reached_investment: Wan::ZERO,
            current: 0,
            current_investment: Wan::ZERO,
            conversion: None,
        })
        .collect();
    for (status, halted, n, amount) in groups {
        let suspended = status == ProjectStatus::Suspended.code();
        let Some(at) = position(if suspended { halted } else { status }) else { continue };
        if !suspended {
            stages[at].current += n;
            stages[at].current_investment += *amount;
        }
        for stage in &mut stages[..=at] {
            stage.reached += n;
            stage.reached_investment += *amount;
        }
    }
    for i in 1..stages.len() {
        stages[i].conversion = count_rate(stages[i].reached, stages[i - 1].reached);
    }
    FunnelStats { view: "funnel", period: p.to_string(), title: "在库项目状态漏斗".into(), stages }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::wan;

    fn period(p: &str) -> Period {
        Period::parse("period", p).unwrap()
    }

    fn params(view: Option<&str>, by: Option<&str>, period: Option<&str>, basis: Option<&str>) -> StatsParams {
        let s = |v: Option<&str>| v.map(String::from);
        StatsParams { view: s(view), by: s(by), period: s(period), dept_basis: s(basis) }
    }

    #[test]
    fn the_query_names_the_field_it_cannot_read() {
        let ok = params(None, Some("band"), Some("2026-06"), Some("current")).parse().unwrap();
        assert_eq!((ok.view, ok.period, ok.basis), (View::Dimension(D::Band), period("2026-06"), DeptBasis::Current));
        let default = params(Some("trend"), None, Some("2026-01"), None).parse().unwrap();
        assert_eq!((default.view, default.basis), (View::Trend, DeptBasis::Snapshot));
        for (p, field) in [
            (params(Some("pie"), None, None, None), "view"),
            (params(None, Some("colour"), None, None), "by"),
            (params(None, None, Some("2026-13"), None), "period"),
            (params(None, None, Some("June"), None), "period"),
            (params(None, None, None, Some("then")), "deptBasis"),
        ] {
            match p.parse() {
                Err(AppError::Field { field: f, .. }) => assert_eq!(f, field),
                other => panic!("{field}: {other:?}"),
            }
        }
        for d in Dimension::ALL {
            assert_eq!(params(None, Some(d.code()), None, None).parse().unwrap().view, View::Dimension(d));
        }
    }

    #[test]
    fn rates_of_counts_are_none_without_a_plan() {
        assert_eq!(count_rate(3, 4), Some(Decimal::new(7500, 2)));
        assert_eq!(count_rate(1, 3), Some(Decimal::new(3333, 2)));
        assert_eq!(count_rate(2, 0), None);
        assert_eq!(count_rate(0, 2), Some(Decimal::new(0, 2)));
        let f = Figures { year_plan: wan("0"), ytd: wan("5"), started: 1, ..Default::default() };
        let row = GroupRow::new(String::new(), String::new(), RowKind::Group, 0, false, &f);
        assert_eq!((row.ytd_plan_rate, row.start_rate, row.finish_rate), (None, None, None));
    }

    #[test]
    fn the_trend_cumulates_both_years_and_has_no_yoy_on_a_zero_base() {
        // Last year: Jan 100, Mar 50; this year to March: Jan 0 (no report), Feb 30, Mar 120.
        let months = HashMap::from([
            ((2025, 1), wan("100")),
            ((2025, 3), wan("50")),
            ((2025, 7), wan("9")),
            ((2026, 2), wan("30")),
            ((2026, 3), wan("120")),
        ]);
        let t = trend(period("2026-03"), &months);
        let cells: Vec<_> = t.months.iter().map(|m| (m.this_month, m.this_cumulative, m.last_cumulative, m.yoy)).collect();
        assert_eq!(cells[0], (Some(Wan::ZERO), Some(Wan::ZERO), wan("100"), Some(Decimal::new(-10000, 2))));
        assert_eq!(cells[1], (Some(wan("30")), Some(wan("30")), wan("100"), Some(Decimal::new(-7000, 2))));
        assert_eq!(cells[2], (Some(wan("120")), Some(wan("150")), wan("150"), Some(Decimal::new(0, 2))));
        assert_eq!(cells[3], (None, None, wan("150"), None), "after month N this year has no figures");
        assert_eq!(t.months[6].last_month, wan("9"));
        assert_eq!((t.ytd_investment, t.last_ytd_investment, t.yoy), (wan("150"), wan("150"), Some(Decimal::new(0, 2))));
        // A first year: nothing last year, so no YoY anywhere.
        let first = trend(period("2026-02"), &HashMap::from([((2026, 1), wan("10"))]));
        assert!(first.months.iter().all(|m| m.yoy.is_none()));
        assert_eq!(first.yoy, None);
    }

    #[test]
    fn the_funnel_counts_every_project_in_each_stage_it_reached() {
        let g = |s: &str, halted: &str, n, amount: &str| (s.to_string(), halted.to_string(), n, wan(amount));
        // 2 signed (100), 1 preparing (10), 1 under construction (20), 1 halted under construction (5),
        // 1 in production (40), 1 in reserve (not on the path).
        let stages = funnel(
            period("2026-06"),
            &[
                g("30", "", 2, "100"),
                g("40", "", 1, "10"),
                g("50", "", 1, "20"),
                g("90", "50", 1, "5"),
                g("70", "", 1, "40"),
                g("10", "", 3, "1"),
            ],
        )
        .stages;
        let reached: Vec<(i64, Wan, i64)> = stages.iter().map(|s| (s.reached, s.reached_investment, s.current)).collect();
        assert_eq!(
            reached,
            [(6, wan("175"), 2), (4, wan("75"), 1), (3, wan("65"), 1), (1, wan("40"), 0), (1, wan("40"), 1), (0, Wan::ZERO, 0)]
        );
        let conversions: Vec<Rate> = stages.iter().map(|s| s.conversion).collect();
        assert_eq!(
            conversions,
            [
                None,
                Some(Decimal::new(6667, 2)),
                Some(Decimal::new(7500, 2)),
                Some(Decimal::new(3333, 2)),
                Some(Decimal::new(10000, 2)),
                Some(Decimal::new(0, 2))
            ]
        );
    }

    #[test]
    fn the_band_case_matches_the_band_of_a_project() {
        // The SQL CASE and `project::view::band` read the same table, highest bound first.
        let sql = format!("{:?}", repo_band_sql());
        for (key, _, from) in BANDS {
            assert!(sql.contains(&format!(">= {from} THEN '{key}'")), "{sql}");
            let at = crate::investment::project::view::band(Some(Decimal::from(from))).unwrap().0;
            assert_eq!(at, key);
        }
    }

    fn repo_band_sql() -> String {
        use sea_orm::sea_query::{Query, SqliteQueryBuilder};
        Query::select().expr(Key::Band.expr()).to_string(SqliteQueryBuilder)
    }
}
