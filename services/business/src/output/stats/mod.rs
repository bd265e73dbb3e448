//! 产值统计 (domain-model §2.3.2): the approved monthly output reports for leaders, the economic bureau
//! and the parks — by department (the tree with subtotals and the completion of each department's
//! target of 规上工业总产值), by industry or leading industry, by enterprise (ranked by output, growth or
//! 拉动), the decliners with their reasons, and the twelve-month trend against last year. The read side
//! (code-shape §2.5): the grouped queries in `repo.rs`, the shaping and every formula in `shape.rs`
//! (rates from `metrics.rs`), the xlsx in `excel.rs` from the same [`read`], so an export is what the
//! screen shows.
//!
//! Who sees what: the caller's output scope (`output::report::scope`), as on 产值填报. Only approved
//! reports count. Reports count where they were filed (domain-model §3 rule 1), or by the enterprise's
//! department today with `deptBasis=current`. 1–N月 figures are Σ approved months 1..N; last year's base
//! is settled as the report list settles it (`shape::settle_bases`). Platform figures are at current
//! prices over the enterprises that report, so they differ from the statistics bureau's comparable ones.
pub mod excel;
pub mod repo;
pub mod shape;

use std::collections::HashMap;

use keeper_common::{AppError, fields};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dept_target::actuals::DeptBasis;
use crate::enterprise::form::PARK_POWER_TYPES;
use crate::investment::project::scope::ProjectScope;
use crate::metrics::Rate;
use crate::money::Wan;
use crate::output::park::repo::OUTPUT_INDICATOR;
use crate::output::report::{self as report, scope};
use crate::period::Period;
use crate::reference::Reference;
use crate::state::AppState;
pub use repo::Shown;
use shape::{Basis, GroupRow, Piece, Ranked, RowKind, Sort, Sums, TrendMonth};

/// The views of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Dept,
    Industry,
    LeadingIndustry,
    Enterprise,
    Decliners,
    Trend,
}

impl View {
    pub const ALL: [View; 6] = [View::Dept, View::Industry, View::LeadingIndustry, View::Enterprise, View::Decliners, View::Trend];

    pub fn code(self) -> &'static str {
        match self {
            View::Dept => "dept",
            View::Industry => "industry",
            View::LeadingIndustry => "leadingIndustry",
            View::Enterprise => "enterprise",
            View::Decliners => "decliners",
            View::Trend => "trend",
        }
    }

    /// What the view shows of each enterprise besides its figures; none for the trend, which sums
    /// months, not enterprises, and reads no pieces.
    fn shown(self) -> Option<Shown> {
        match self {
            View::Trend => None,
            View::Dept => Some(Shown::Depts),
            View::Industry | View::LeadingIndustry => Some(Shown::Trades),
            View::Enterprise | View::Decliners => Some(Shown::Reasons),
        }
    }

    /// How titles and file names name the view.
    pub fn label(self) -> &'static str {
        match self {
            View::Dept => "按属地",
            View::Industry => "按行业",
            View::LeadingIndustry => "按主导产业",
            View::Enterprise => "企业排名",
            View::Decliners => "下降企业",
            View::Trend => "月度趋势",
        }
    }
}

/// The query of `outputValue/statistics` and `outputValue/export-statistics`, as sent.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsParams {
    /// `dept` (default), `industry`, `leadingIndustry`, `enterprise`, `decliners` or `trend`.
    pub view: Option<String>,
    /// `2026-06`: the year and month N of 1–N月; the month before this one when absent.
    pub period: Option<String>,
    /// `snapshot` (default: the department stored on each report) or `current` (the enterprise's now).
    pub dept_basis: Option<String>,
    /// Only this department and those below it.
    pub dept_id: Option<String>,
    /// An `industry` key; its sub-classes match too.
    pub industry_code: Option<String>,
    /// `Y` (规上) or `N`.
    pub above_scale: Option<String>,
    /// For `enterprise`: `output` (default), `growth` or `contribution`.
    pub sort: Option<String>,
    /// For `enterprise`: the first N (1–1000); every enterprise when absent.
    pub top: Option<String>,
}

/// A statistics request, parsed.
#[derive(Debug, Clone)]
pub struct StatsQuery {
    pub view: View,
    pub period: Period,
    pub basis: DeptBasis,
    pub dept_id: Option<i64>,
    pub filter: repo::Filter,
    pub sort: Sort,
    pub top: Option<usize>,
}

/// The largest ranking asked by number.
pub const MAX_TOP: usize = 1000;

impl StatsParams {
    pub fn parse(self) -> Result<StatsQuery, AppError> {
        let view = match fields::bounded_filter("view", self.view, 20)? {
            None => View::Dept,
            Some(v) => View::ALL
                .into_iter()
                .find(|x| x.code() == v)
                .ok_or_else(|| AppError::field("view", "取值应为 dept、industry、leadingIndustry、enterprise、decliners 或 trend"))?,
        };
        let period = match fields::bounded_filter("period", self.period, 7)? {
            Some(p) => Period::parse("period", &p)?,
            None => report::month::default_period(),
        };
        let basis = match fields::bounded_filter("deptBasis", self.dept_basis, 10)?.as_deref() {
            None | Some("snapshot") => DeptBasis::Filed,
            Some("current") => DeptBasis::Current,
            Some(_) => return Err(AppError::field("deptBasis", "取值应为 snapshot 或 current")),
        };
        let dept_id = match fields::bounded_filter("deptId", self.dept_id, 20)? {
            None => None,
            Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?),
        };
        let above_scale = match fields::bounded_filter("aboveScale", self.above_scale, 1)?.map(|s| s.to_ascii_uppercase()) {
            Some(s) if s != "Y" && s != "N" => return Err(AppError::field("aboveScale", "取值应为 Y(是) 或 N(否)")),
            other => other,
        };
        let sort = match fields::bounded_filter("sort", self.sort, 20)? {
            None => Sort::Output,
            Some(s) => Sort::ALL
                .into_iter()
                .find(|x| x.code() == s)
                .ok_or_else(|| AppError::field("sort", "取值应为 output、growth 或 contribution"))?,
        };
        let top = match fields::bounded_filter("top", self.top, 5)? {
            None => None,
            Some(s) => Some(
                s.parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_TOP).contains(n))
                    .ok_or_else(|| AppError::field("top", format!("应为 1 到 {MAX_TOP} 的整数")))?,
            ),
        };
        let filter =
            repo::Filter { depts: None, industry_code: fields::bounded_filter("industryCode", self.industry_code, 10)?, above_scale };
        Ok(StatsQuery { view, period, basis, dept_id, filter, sort, top })
    }
}

impl StatsQuery {
    fn basis_code(&self) -> &'static str {
        match self.basis {
            DeptBasis::Filed => "snapshot",
            _ => "current",
        }
    }
}

/// The department, industry and leading-industry views.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupStats {
    pub view: &'static str,
    pub period: String,
    pub dept_basis: &'static str,
    pub title: String,
    /// `东湖经开区`: the zone, for the screen to word its title in the reader's language.
    pub zone_name: String,
    pub january_merged: bool,
    /// 时序进度 of the period (%).
    #[schemars(with = "String")]
    pub time_progress: Decimal,
    pub rows: Vec<GroupRow>,
}

/// One enterprise of the ranking or the decliners.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseRow {
    pub rank: usize,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub enterprise_id: i64,
    pub enterprise_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub dept_name: String,
    pub industry_code: String,
    pub industry_name: String,
    pub month_output: Option<Wan>,
    pub last_month_output: Option<Wan>,
    #[schemars(with = "Option<String>")]
    pub month_yoy: Rate,
    pub ytd_output: Wan,
    pub last_ytd_output: Option<Wan>,
    #[schemars(with = "Option<String>")]
    pub yoy: Rate,
    #[schemars(with = "Option<String>")]
    pub share: Rate,
    #[schemars(with = "Option<String>")]
    pub contribution: Rate,
    /// 下降原因 of month N's report ("" when none).
    pub decline_reason: String,
    /// The enterprise's annual target in force (年度产值分解); none without one.
    pub target: Option<Wan>,
    /// 完成率 (%): 1–N月累计 ÷ target.
    #[schemars(with = "Option<String>")]
    pub completion: Rate,
    /// 超/落后时序进度 (percentage points).
    #[schemars(with = "Option<String>")]
    pub schedule_gap: Rate,
}

impl Ranked for EnterpriseRow {
    fn ranking(&self) -> (Wan, Rate, Rate, &str, i64) {
        (self.ytd_output, self.yoy, self.contribution, self.enterprise_name.as_str(), self.enterprise_id)
    }
}

/// The enterprise ranking and the decliners.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseStats {
    pub view: &'static str,
    pub period: String,
    pub dept_basis: &'static str,
    /// `output`, `growth` or `contribution` (the decliners: by growth, worst first).
    pub sort: &'static str,
    pub title: String,
    /// `东湖经开区`: the zone, for the screen to word its title in the reader's language.
    pub zone_name: String,
    pub january_merged: bool,
    #[schemars(with = "String")]
    pub time_progress: Decimal,
    pub rows: Vec<EnterpriseRow>,
    /// The ranking: every enterprise in scope and filter, not only the first N listed. The decliners:
    /// the decliners together (their share of the zone and their 拉动 of its growth).
    pub total: GroupRow,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendStats {
    pub view: &'static str,
    pub period: String,
    pub dept_basis: &'static str,
    pub year: i32,
    pub last_year: i32,
    pub title: String,
    /// `东湖经开区`: the zone, for the screen to word its title in the reader's language.
    pub zone_name: String,
    pub january_merged: bool,
    pub months: Vec<TrendMonth>,
    pub ytd_output: Wan,
    pub last_ytd_output: Wan,
    #[schemars(with = "Option<String>")]
    pub yoy: Rate,
}

/// The answer of `outputValue/statistics`, told apart by `view`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Statistics {
    Group(GroupStats),
    Enterprise(EnterpriseStats),
    Trend(TrendStats),
}

/// The view asked, within the caller's tenant and output scope.
pub async fn read(state: &AppState, me: &CurrentUser, q: StatsQuery) -> Result<Statistics, AppError> {
    let scope = scope::resolve(state, me).await?;
    read_in(state, &me.tenant_id, &scope, q).await
}

/// The view asked of `tenant` within `scope` (the whole tenant for the public big screen).
pub async fn read_in(state: &AppState, tenant: &str, scope: &ProjectScope, mut q: StatsQuery) -> Result<Statistics, AppError> {
    // Possibly a few seconds old: a department created a moment ago may show as 其他 until then.
    let r = state.reference.with_dept(tenant, q.dept_id).await?;
    q.filter.depts = q.dept_id.map(|d| r.subtree(d));
    let pieces = match q.view.shown() {
        None => Default::default(),
        Some(shown) => pieces_in(state, tenant, scope, &q, shown).await?,
    };
    shape_in(state, tenant, scope, q, &r, &pieces).await
}

/// The enterprises' sums `q` is read from (its department's subtree already in its filter), their bases
/// settled, with what `shown` asks of each enterprise. Several views of one query may share them.
pub async fn pieces_in(
    state: &AppState,
    tenant: &str,
    scope: &ProjectScope,
    q: &StatsQuery,
    shown: Shown,
) -> Result<std::sync::Arc<Vec<Piece>>, AppError> {
    let derive = async {
        let mut pieces = repo::pieces(&state.db, tenant, scope, q.period, q.basis, &q.filter, shown).await?;
        shape::settle_bases(&mut pieces);
        Ok(pieces)
    };
    state.output_pieces.get(state, tenant, &pieces_key(scope, q, shown), derive).await
}

/// What the pieces of `q` depend on besides the tenant's reports and register.
fn pieces_key(scope: &ProjectScope, q: &StatsQuery, shown: Shown) -> String {
    let f = &q.filter;
    let mut depts: Option<Vec<i64>> = f.depts.as_ref().map(|d| d.iter().copied().collect());
    if let Some(d) = &mut depts {
        d.sort_unstable();
    }
    format!(
        "{}\u{1f}{}\u{1f}{:?}\u{1f}{depts:?}\u{1f}{:?}\u{1f}{:?}\u{1f}{shown:?}",
        scope.key(),
        q.period,
        q.basis,
        f.industry_code,
        f.above_scale
    )
}

/// The pieces kept for 产值统计: 100,000 at most (about 25 MB), a large zone's being 10,000 per query.
pub fn kept_pieces() -> crate::kept::Kept<Vec<Piece>> {
    crate::kept::Kept::new(100_000, Vec::len)
}

/// The view `q` shaped from `pieces` (those of `pieces_in` for the same query; none for the trend).
pub async fn shape_in(
    state: &AppState,
    tenant: &str,
    scope: &ProjectScope,
    q: StatsQuery,
    r: &Reference,
    pieces: &[Piece],
) -> Result<Statistics, AppError> {
    let p = q.period;
    let january = report::january(r);
    let progress = r.schedule().progress(p);
    let title = |what: &str| format!("{} {}产值统计（{}）", r.zone_name(), p.title_label(), what);
    let common = (p.to_string(), q.basis_code(), january == crate::period::January::MergedIntoFebruary);
    let group = |rows: Vec<GroupRow>| {
        Statistics::Group(GroupStats {
            view: q.view.code(),
            period: common.0.clone(),
            dept_basis: common.1,
            title: title(q.view.label()),
            zone_name: r.zone_name(),
            january_merged: common.2,
            time_progress: progress,
            rows,
        })
    };
    Ok(match q.view {
        View::Dept => {
            let mut targets = HashMap::new();
            for t in crate::dept_target::in_force(&state.db, tenant, p.year(), OUTPUT_INDICATOR).await? {
                targets.insert(t.dept_id, Wan::round(t.annual_target));
            }
            let depts = shown_depts(r, scope, &q, pieces, &mut targets);
            group(shape::dept_rows(&depts, pieces, &targets, |id| r.dept_name(Some(id)), progress))
        }
        View::Industry => group(shape::group_rows(pieces, |x| x.industry_code.clone(), &listed(r, "industry"), progress)),
        View::LeadingIndustry => group(shape::group_rows(pieces, |x| x.leading_industry.clone(), &listed(r, "industry_chain"), progress)),
        View::Enterprise | View::Decliners => {
            let total = Sums::total(pieces);
            let b = Basis { total: &total, progress };
            let targets = crate::output::breakdown::in_force(&state.db, tenant, p.year(), None).await?;
            let (mut rows, sums) = enterprise_rows(r, pieces, b, &targets);
            let mut summed = total.clone();
            let sort = if q.view == View::Decliners {
                // Only enterprises whose month N is approved: a month still under review is no decline.
                rows.retain(|e| e.month_output.is_some() && e.yoy.is_some_and(|y| y.is_sign_negative() && !y.is_zero()));
                rows.sort_by(|a, b| {
                    a.yoy.cmp(&b.yoy).then_with(|| a.enterprise_name.cmp(&b.enterprise_name)).then(a.enterprise_id.cmp(&b.enterprise_id))
                });
                // The decliners together: their share of the zone and how much they pull its growth down.
                summed = Sums::default();
                for e in &rows {
                    summed += sums[&e.enterprise_id].clone();
                }
                Sort::Growth
            } else {
                shape::rank(&mut rows, q.sort);
                if let Some(n) = q.top {
                    rows.truncate(n);
                }
                q.sort
            };
            for (i, row) in rows.iter_mut().enumerate() {
                row.rank = i + 1;
            }
            Statistics::Enterprise(EnterpriseStats {
                view: q.view.code(),
                period: common.0,
                dept_basis: common.1,
                sort: sort.code(),
                title: title(q.view.label()),
                zone_name: r.zone_name(),
                january_merged: common.2,
                time_progress: progress,
                rows,
                total: GroupRow::total(&summed, None, b),
            })
        }
        View::Trend => {
            let (this, last) = repo::months(&state.db, tenant, scope, p, q.basis, &q.filter).await?;
            let months = shape::trend(p, &this, &last, january);
            let at = &months[p.month() as usize - 1];
            let (ytd, last_ytd) = (at.this_cumulative.unwrap_or_default(), at.last_cumulative);
            Statistics::Trend(TrendStats {
                view: View::Trend.code(),
                period: common.0,
                dept_basis: common.1,
                year: p.year(),
                last_year: p.year() - 1,
                title: title(View::Trend.label()),
                zone_name: r.zone_name(),
                january_merged: common.2,
                yoy: crate::metrics::yoy(ytd, last_ytd),
                months,
                ytd_output: ytd,
                last_ytd_output: last_ytd,
            })
        }
    })
}

/// The (key, label) of a business dictionary, in its order.
fn listed(r: &Reference, code: &str) -> Vec<(String, String)> {
    let dict = r.dict(code);
    dict.labels().filter_map(|l| dict.key(l).map(|k| (k.to_string(), l.to_string()))).collect()
}

/// The enterprises with anything approved this year, each with its sums.
/// The `top` enterprises of `pieces` by year-to-date output, for a ranking that shows no target (the big
/// screen): the same rows, order and ties as the enterprise view sorted by output, without reading the
/// zone's 10,000 enterprise targets. Their completion and schedule columns stay empty.
pub fn ranked_by_output(r: &Reference, p: Period, pieces: &[Piece], top: usize) -> Vec<EnterpriseRow> {
    let total = Sums::total(pieces);
    let b = Basis { total: &total, progress: r.schedule().progress(p) };
    let (mut rows, _) = enterprise_rows(r, pieces, b, &HashMap::new());
    shape::rank(&mut rows, Sort::Output);
    rows.truncate(top);
    for (i, row) in rows.iter_mut().enumerate() {
        row.rank = i + 1;
    }
    rows
}

fn enterprise_rows(
    r: &Reference,
    pieces: &[Piece],
    b: Basis,
    targets: &HashMap<i64, crate::output::breakdown::InForce>,
) -> (Vec<EnterpriseRow>, HashMap<i64, Sums>) {
    let names: HashMap<i64, &Piece> = pieces.iter().map(|p| (p.enterprise_id, p)).collect();
    let industries = r.dict("industry");
    let firms = shape::firms(pieces);
    let sums = firms.iter().map(|f| (f.enterprise_id, f.sums.clone())).collect();
    let rows = firms
        .into_iter()
        // An enterprise with nothing approved this year is in the totals (its last year is the base) but
        // not in the ranking.
        .filter(|f| f.sums.enterprises > 0)
        .map(|f| {
            let p = names[&f.enterprise_id];
            let target = targets.get(&f.enterprise_id).map(|t| t.annual);
            let row = GroupRow::new(String::new(), String::new(), RowKind::Group, 0, false, &f.sums, target, b);
            EnterpriseRow {
                rank: 0,
                enterprise_id: f.enterprise_id,
                enterprise_name: p.enterprise_name.clone(),
                dept_id: f.dept_id,
                dept_name: r.dept_name(f.dept_id),
                industry_code: p.industry_code.clone(),
                industry_name: industries.label(&p.industry_code).unwrap_or(&p.industry_code).to_string(),
                month_output: (f.sums.reported > 0).then_some(row.month_output),
                last_month_output: row.last_month_output,
                month_yoy: if f.sums.reported > 0 { row.month_yoy } else { None },
                ytd_output: row.ytd_output,
                last_ytd_output: row.last_ytd_output,
                yoy: row.yoy,
                share: row.share,
                contribution: row.contribution,
                decline_reason: f.decline_reason,
                target,
                completion: row.completion,
                schedule_gap: row.schedule_gap,
            }
        })
        .collect();
    (rows, sums)
}

/// The departments of the department view: for the whole tenant, the parks (属地) with the departments
/// above them and any department carrying a figure; for a scope, its departments; with a department
/// chosen, its subtree. Targets of departments not shown are dropped, so that none reaches a total.
fn shown_depts(
    r: &Reference,
    scope: &ProjectScope,
    q: &StatsQuery,
    pieces: &[Piece],
    targets: &mut HashMap<i64, Wan>,
) -> Vec<crate::rollup::Dept> {
    let all = r.rollup_depts();
    let carrying: std::collections::HashSet<i64> = pieces.iter().filter_map(|p| p.dept_id).collect();
    let mut shown: std::collections::HashSet<i64> = match scope {
        ProjectScope::All => all
            .iter()
            .filter(|d| r.power_type(d.id).is_some_and(|t| PARK_POWER_TYPES.contains(&t)) || carrying.contains(&d.id))
            .flat_map(|d| r.with_ancestors(d.id))
            .collect(),
        ProjectScope::Some { depts, .. } => depts.clone(),
    };
    if let Some(sub) = &q.filter.depts {
        shown.retain(|d| sub.contains(d));
    }
    targets.retain(|d, _| shown.contains(d));
    all.into_iter().filter(|d| shown.contains(&d.id)).collect()
}
