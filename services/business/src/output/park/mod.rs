//! 园区月度产值 (domain-model §2.3.4): the department × month matrix of 规上工业总产值 for a year, from
//! the approved enterprise reports summed (企业汇总, the early indicator) or from the figures the
//! statistics office published for each park, typed in by the bureau (统计快报 / 统计正式, what leaders
//! watch). Every cell carries the month, 1–N月累计, last year's same period, its growth and the
//! completion of the department's annual target of 规上工业总产值 (`DeptTarget`), so the screen toggles
//! between them without asking again, and the export writes the one shown.
//!
//! Reports count where they were filed (domain-model §3 rule 1), or by the enterprise's department today
//! with `deptBasis=current`. Only approved reports count. The official figures are the
//! `biz_official_indicator` rows of indicator 12, the same the 目标任务 screen keeps.
pub mod excel;
pub mod repo;
pub mod shape;

use std::collections::{HashMap, HashSet};

use keeper_common::{AppError, fields};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dept_target::actuals::DeptBasis;
use crate::enterprise::form::PARK_POWER_TYPES;
use crate::investment::project::scope::ProjectScope;
use crate::output::report::{self as report, scope};
use crate::period::Period;
use crate::reference::Reference;
use crate::state::AppState;
use shape::{DataSource, Figures, MatrixRow, Months};

/// What the export writes of each cell (the screen's toggle).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// 当月值.
    Month,
    /// 1–N月累计.
    Cumulative,
    /// 累计同比 (%).
    Yoy,
    /// 目标完成率 (%).
    Completion,
}

impl Measure {
    pub fn code(self) -> &'static str {
        match self {
            Measure::Month => "month",
            Measure::Cumulative => "cumulative",
            Measure::Yoy => "yoy",
            Measure::Completion => "completion",
        }
    }
}

/// The query of `parkMonthlyOutput/matrix` and its export, as sent.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatrixParams {
    /// `2026`; this year when absent.
    pub year: Option<String>,
    /// `data_source`: 1 企业汇总 (default), 2 统计快报, 3 统计正式.
    pub data_source: Option<String>,
    /// `snapshot` (default: the department stored on each report) or `current` (the enterprise's now).
    pub dept_basis: Option<String>,
    /// For the export: `month`, `cumulative` (default), `yoy` or `completion`.
    pub measure: Option<String>,
}

#[derive(Debug, Clone, Copy)]
pub struct MatrixQuery {
    pub year: i32,
    pub source: DataSource,
    pub basis: DeptBasis,
    pub measure: Measure,
}

impl MatrixParams {
    pub fn parse(self) -> Result<MatrixQuery, AppError> {
        let year = match fields::bounded_filter("year", self.year, 4)? {
            None => Period::of_day(keeper_common::time::today()).year(),
            Some(y) => {
                let year: i32 = y.parse().map_err(|_| AppError::field("year", "应为四位年份"))?;
                Period::new(year, 1).map_err(|_| AppError::field("year", "年份超出范围"))?.year()
            }
        };
        let source = match fields::bounded_filter("dataSource", self.data_source, 2)? {
            None => DataSource::Reports,
            Some(k) => DataSource::of_key(&k)
                .ok_or_else(|| AppError::field("dataSource", "取值应为 1（企业汇总）、2（统计快报）或 3（统计正式）"))?,
        };
        let basis = match fields::bounded_filter("deptBasis", self.dept_basis, 10)?.as_deref() {
            None | Some("snapshot") => DeptBasis::Filed,
            Some("current") => DeptBasis::Current,
            Some(_) => return Err(AppError::field("deptBasis", "取值应为 snapshot 或 current")),
        };
        let measure = match fields::bounded_filter("measure", self.measure, 12)?.as_deref() {
            None | Some("cumulative") => Measure::Cumulative,
            Some("month") => Measure::Month,
            Some("yoy") => Measure::Yoy,
            Some("completion") => Measure::Completion,
            Some(_) => return Err(AppError::field("measure", "取值应为 month、cumulative、yoy 或 completion")),
        };
        Ok(MatrixQuery { year, source, basis, measure })
    }
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Matrix {
    pub year: i32,
    pub data_source: &'static str,
    pub data_source_name: String,
    /// `snapshot` or `current`.
    pub dept_basis: &'static str,
    /// 企业汇总: the months whose reports are due by now (0–12); later months have no figure.
    pub closed_months: u32,
    /// Whether January is reported together with February (1–2月).
    pub january_merged: bool,
    /// `东湖经开区 2026年园区月度产值`: the export's title (the screen words it in the reader's language).
    pub title: String,
    /// `东湖经开区`: the zone, as titles name it.
    pub zone_name: String,
    pub rows: Vec<MatrixRow>,
}

/// The months of `year` whose reports are due by `today`'s month: those before it.
pub fn closed_months(year: i32, today: Period) -> u32 {
    match year.cmp(&today.year()) {
        std::cmp::Ordering::Less => 12,
        std::cmp::Ordering::Equal => today.month() - 1,
        std::cmp::Ordering::Greater => 0,
    }
}

/// The matrix of a year for the caller: the parks and the departments above them (or the departments
/// of the caller's scope), each department's own figures rolled up the tree, and the total.
pub async fn read(state: &AppState, me: &CurrentUser, q: MatrixQuery) -> Result<Matrix, AppError> {
    let tenant = me.tenant_id.as_str();
    let r = state.reference.of(tenant).await?;
    let scope = scope::resolve(state, me).await?;
    let years = [q.year - 1, q.year];
    let mut figures: HashMap<i64, Figures> = HashMap::new();
    match q.source {
        DataSource::Reports => {
            for ((dept, year, month), (sum, count)) in repo::approved(&state.db, tenant, years, q.basis).await? {
                let (Some(i), f) = (month_index(month), figures.entry(dept).or_default()) else { continue };
                if year == q.year {
                    f.this_year[i] = Some(sum);
                    f.reported[i] = count;
                } else {
                    f.last_year[i] = Some(sum);
                }
            }
        }
        official => {
            for ((dept, year, month), value) in repo::official(&state.db, tenant, years, official.key()).await? {
                let (Some(i), f) = (month_index(month), figures.entry(dept).or_default()) else { continue };
                if year == q.year { f.this_year[i] = Some(value) } else { f.last_year[i] = Some(value) }
            }
        }
    }
    for t in crate::dept_target::in_force(&state.db, tenant, q.year, repo::OUTPUT_INDICATOR).await? {
        figures.entry(t.dept_id).or_default().target = Some(crate::money::Wan::round(t.annual_target));
    }
    let depts = shown_depts(&r, &scope, &mut figures);
    let january = report::january(&r);
    let months = Months { source: q.source, january, closed: closed_months(q.year, Period::of_day(keeper_common::time::today())) };
    let rows = shape::rows(&depts, &figures, |id| r.dept_name(Some(id)), months);
    Ok(Matrix {
        year: q.year,
        data_source: q.source.key(),
        data_source_name: r.label("data_source", q.source.key()),
        dept_basis: match q.basis {
            DeptBasis::Filed => "snapshot",
            _ => "current",
        },
        closed_months: months.closed,
        january_merged: january == crate::period::January::MergedIntoFebruary,
        title: format!("{} {}年园区月度产值", r.zone_name(), q.year),
        zone_name: r.zone_name(),
        rows,
    })
}

fn month_index(month: u32) -> Option<usize> {
    (1..=12).contains(&month).then(|| month as usize - 1)
}

/// The departments of the matrix: for the whole tenant, the parks (属地) with the departments above them
/// and any department carrying a figure; for a scope, its departments, and the figures of no other
/// department (they are dropped from `figures`, so that nothing out of scope reaches a sum).
fn shown_depts(r: &Reference, scope: &ProjectScope, figures: &mut HashMap<i64, Figures>) -> Vec<crate::rollup::Dept> {
    let all = r.rollup_depts();
    let shown: HashSet<i64> = match scope {
        ProjectScope::All => all
            .iter()
            .filter(|d| r.power_type(d.id).is_some_and(|t| PARK_POWER_TYPES.contains(&t)) || figures.contains_key(&d.id))
            .flat_map(|d| r.with_ancestors(d.id))
            .collect(),
        ProjectScope::Some { depts, .. } => {
            figures.retain(|d, _| depts.contains(d));
            depts.clone()
        }
    };
    all.into_iter().filter(|d| shown.contains(&d.id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(year: Option<&str>, source: Option<&str>, basis: Option<&str>, measure: Option<&str>) -> MatrixParams {
        let s = |v: Option<&str>| v.map(str::to_string);
        MatrixParams { year: s(year), data_source: s(source), dept_basis: s(basis), measure: s(measure) }
    }

    #[test]
    fn the_query_names_the_field_it_cannot_read() {
        let q = params(Some("2025"), Some("3"), Some("current"), Some("yoy")).parse().unwrap();
        assert_eq!((q.year, q.source, q.basis, q.measure), (2025, DataSource::Final, DeptBasis::Current, Measure::Yoy));
        let q = params(None, None, None, None).parse().unwrap();
        assert_eq!((q.source, q.basis, q.measure), (DataSource::Reports, DeptBasis::Filed, Measure::Cumulative));
        for (p, field) in [
            (params(Some("20x6"), None, None, None), "year"),
            (params(Some("1999"), None, None, None), "year"),
            (params(None, Some("4"), None, None), "dataSource"),
            (params(None, None, Some("now"), None), "deptBasis"),
            (params(None, None, None, Some("share")), "measure"),
        ] {
            let e = p.parse().unwrap_err().to_string();
            assert!(e.contains(field), "{field}: {e}");
        }
    }

    #[test]
    fn the_months_closed_are_those_before_this_one() {
        let today = Period::new(2026, 11).unwrap();
        assert_eq!([2025, 2026, 2027].map(|y| closed_months(y, today)), [12, 10, 0]);
        assert_eq!(closed_months(2026, Period::new(2026, 1).unwrap()), 0);
    }
}
