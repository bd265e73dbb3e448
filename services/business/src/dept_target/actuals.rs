//! What a department achieved of an indicator (domain-model §2.2.5a "Actuals come from …"): computed
//! from the platform's own records where it measures the indicator, never typed — completed investment
//! from approved monthly reports, project counts from project dates, signing from the signing date — and
//! from the official figures the bureau types in for the rest (固定资产投资, 省外到位资金, 外资, output).
use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QuerySelect, QueryTrait};

use crate::entity::{official_indicator as official, project, project_report as report};
use crate::money::Wan;
use crate::review::Status;
use crate::split::Months;

/// Which department a period's figure belongs to (domain-model §3 rule 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeptBasis {
    /// The department stored on the report when it was filed: moving a project does not rewrite history.
    Filed,
    /// The project's department today ("按现属地").
    Current,
    /// The project's industry authority today (行业主管部门): a bureau answers for the projects of its
    /// industry in every territory, so its figures are a cross-section of the territorial ones.
    Industry,
}

/// How the platform knows an indicator's actual.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Σ approved monthly investment of the projects of these types (all types when empty).
    Investment(&'static [&'static str]),
    /// Projects started in the month (开工), optionally only those of at least 1 亿元.
    Started { above: Option<i64> },
    /// Projects going into production (投产) in the month.
    Producing,
    /// Projects signed in the month: their count, or their amount.
    Signed { amount: bool },
    /// Typed in by the bureau (`biz_official_indicator`).
    Official,
}

/// `project_type` keys of industrial investment: new or expanded plants (01) and technical renovation (02).
const INDUSTRIAL: &[&str] = &["01", "02"];
const RENOVATION: &[&str] = &["02"];
/// 1 亿元 in 万元.
const ONE_YI: i64 = 10_000;

/// The `target_indicator` key's source of actuals.
pub fn source(indicator: &str) -> Source {
    match indicator {
        "2" => Source::Investment(INDUSTRIAL),
        "3" => Source::Investment(RENOVATION),
        "4" => Source::Investment(&[]),
        "5" => Source::Started { above: None },
        "6" => Source::Producing,
        "7" => Source::Started { above: Some(ONE_YI) },
        "8" => Source::Signed { amount: false },
        "9" => Source::Signed { amount: true },
        // 1 固定资产投资, 10 省外到位资金, 11 实际使用外资, 12–14 output: the statistics office's figures.
        _ => Source::Official,
    }
}

/// A department's year of an indicator: the 1–N月 cumulative figure of every month, `None` where an
/// official figure was not typed in.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Year(pub [Option<Wan>; 12]);

impl Year {
    /// The 1–N月 figure.
    pub fn to_month(&self, n: u32) -> Option<Wan> {
        self.0.get(n.clamp(1, 12) as usize - 1).copied().flatten()
    }

    /// The monthly amounts (the differences of the cumulative figures); months without a figure are 0.
    pub fn months(&self) -> Months {
        let mut out = [Wan::ZERO; 12];
        let mut before = Wan::ZERO;
        for (m, v) in self.0.iter().enumerate() {
            if let Some(v) = v {
                out[m] = *v - before;
                before = *v;
            }
        }
        out
    }

    fn of_months(months: &Months) -> Year {
        let mut out = [None; 12];
        let mut sum = Wan::ZERO;
        for (m, v) in months.iter().enumerate() {
            sum += *v;
            out[m] = Some(sum);
        }
        Year(out)
    }
}

/// Every department's year of the indicator; a measured indicator has a figure for every department with
/// anything to count, an official one where the bureau typed it.
pub async fn of_year<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    indicator: &str,
    year: i32,
    basis: DeptBasis,
) -> Result<HashMap<i64, Year>, AppError> {
    let months = match source(indicator) {
        Source::Investment(types) => investment(db, tenant, types, year, basis).await?,
        Source::Started { above } => counted(db, tenant, project::Column::ActualStartDate, year, above, false, basis).await?,
        Source::Producing => counted(db, tenant, project::Column::ProductionDate, year, None, false, basis).await?,
        Source::Signed { amount } => counted(db, tenant, project::Column::SignDate, year, None, amount, basis).await?,
        Source::Official => return official_year(db, tenant, indicator, year).await,
    };
    Ok(months.iter().map(|(d, m)| (*d, Year::of_months(m))).collect())
}

/// Σ approved month investment by department and month, of projects of `types`.
async fn investment<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    types: &[&str],
    year: i32,
    basis: DeptBasis,
) -> Result<HashMap<i64, Months>, AppError> {
    let mut q = report::Entity::live(tenant)
        .select_only()
        .column(report::Column::ProjectId)
        .column(report::Column::DeptId)
        .column(report::Column::PeriodMonth)
        .column_as(report::Column::MonthInvestment.sum(), "amount")
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .filter(report::Column::PeriodYear.eq(year))
        .group_by(report::Column::ProjectId)
        .group_by(report::Column::DeptId)
        .group_by(report::Column::PeriodMonth);
    if !types.is_empty() {
        let of_types = project::Entity::live(tenant)
            .select_only()
            .column(project::Column::Id)
            .filter(project::Column::ProjectType.is_in(types.iter().copied()))
            .into_query();
        q = q.filter(report::Column::ProjectId.in_subquery(of_types));
    }
    let rows: Vec<(i64, Option<i64>, i32, Option<Decimal>)> = q.into_tuple().all(db).await?;
    let current: HashMap<i64, Option<i64>> = match basis {
        DeptBasis::Filed => HashMap::new(),
        DeptBasis::Current | DeptBasis::Industry => {
            let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
            project_depts(db, tenant, &ids, dept_column(basis)).await?
        }
    };
    let mut out: HashMap<i64, Months> = HashMap::new();
    for (project_id, filed, month, amount) in rows {
        let dept = match basis {
            DeptBasis::Filed => filed,
            DeptBasis::Current | DeptBasis::Industry => current.get(&project_id).copied().flatten(),
        };
        if let (Some(dept), Some(amount), Some(m)) = (dept, amount, month_index(month)) {
            out.entry(dept).or_insert([Wan::ZERO; 12])[m] += Wan::round(amount);
        }
    }
    Ok(out)
}

/// The project column naming the department a figure belongs to under `basis` (the filed one is on the
/// report; a project's own dates have only today's).
fn dept_column(basis: DeptBasis) -> project::Column {
    match basis {
        DeptBasis::Industry => project::Column::IndustryDeptId,
        DeptBasis::Filed | DeptBasis::Current => project::Column::DeptId,
    }
}

async fn project_depts<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    ids: &[i64],
    dept: project::Column,
) -> Result<HashMap<i64, Option<i64>>, AppError> {
    let mut out = HashMap::new();
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for chunk in ids.chunks(500) {
        let rows: Vec<(i64, Option<i64>)> = project::Entity::live(tenant)
            .select_only()
            .column(project::Column::Id)
            .column(dept)
            .filter(keeper_db::listed::column_in(db.get_database_backend(), project::Column::Id, chunk))
            .into_tuple()
            .all(db)
            .await?;
        out.extend(rows);
    }
    Ok(out)
}

/// Library projects whose `date` falls in the year, counted (or their signed amount summed) by their
/// department (or industry authority) and the month of the date. A project's dates are its own, so the
/// current department is the only one there is.
async fn counted<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    date: project::Column,
    year: i32,
    above: Option<i64>,
    amount: bool,
    basis: DeptBasis,
) -> Result<HashMap<i64, Months>, AppError> {
    let (Some(first), Some(last)) = (NaiveDate::from_ymd_opt(year, 1, 1), NaiveDate::from_ymd_opt(year, 12, 31)) else {
        return Ok(HashMap::new());
    };
    let mut q = project::Entity::live(tenant)
        .select_only()
        .column(dept_column(basis))
        .column(date)
        .column(project::Column::ContractAmount)
        .column(project::Column::TotalInvestment)
        .filter(project::Column::LibraryStatus.eq(Status::Approved.code()))
        .filter(date.between(first, last));
    if let Some(at_least) = above {
        q = q.filter(project::Column::TotalInvestment.gte(Decimal::from(at_least)));
    }
    type Dated = (Option<i64>, Option<NaiveDate>, Option<Decimal>, Option<Decimal>);
    let rows: Vec<Dated> = q.into_tuple().all(db).await?;
    let mut out: HashMap<i64, Months> = HashMap::new();
    for (dept, day, contract, total) in rows {
        let (Some(dept), Some(day)) = (dept, day) else { continue };
        // The signed amount is the contract's; a project signed without one counts its total investment.
        let figure = if amount { Wan::round(contract.or(total).unwrap_or_default()) } else { Wan::round(Decimal::ONE) };
        out.entry(dept).or_insert([Wan::ZERO; 12])[day.month0() as usize] += figure;
    }
    Ok(out)
}

/// The official 1–N月 figures of the year by department, 正式 over 快报 for the same month.
async fn official_year<C: ConnectionTrait>(db: &C, tenant: &str, indicator: &str, year: i32) -> Result<HashMap<i64, Year>, AppError> {
    let rows = official::Entity::live(tenant)
        .filter(official::Column::IndicatorCode.eq(indicator))
        .filter(official::Column::PeriodYear.eq(year))
        .all(db)
        .await?;
    let mut best: HashMap<(i64, usize), (String, Wan)> = HashMap::new();
    for r in rows {
        let Some(m) = month_index(r.period_month) else { continue };
        let slot = best.entry((r.dept_id, m)).or_insert((String::new(), Wan::ZERO));
        if r.data_source >= slot.0 {
            *slot = (r.data_source, Wan::round(r.indicator_value));
        }
    }
    let mut out: HashMap<i64, Year> = HashMap::new();
    for ((dept, m), (_, v)) in best {
        out.entry(dept).or_default().0[m] = Some(v);
    }
    Ok(out)
}

fn month_index(month: i32) -> Option<usize> {
    (1..=12).contains(&month).then(|| month as usize - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wan(s: &str) -> Wan {
        Wan::round(s.parse().unwrap())
    }

    #[test]
    fn a_measured_year_is_cumulative_and_its_months_come_back_out() {
        let mut m = [Wan::ZERO; 12];
        m[0] = wan("100.5");
        m[2] = wan("200");
        let y = Year::of_months(&m);
        assert_eq!(
            (y.to_month(1), y.to_month(2), y.to_month(3), y.to_month(12)),
            (Some(wan("100.5")), Some(wan("100.5")), Some(wan("300.5")), Some(wan("300.5")))
        );
        assert_eq!(y.months(), m);
    }

    #[test]
    fn an_official_year_has_no_figure_where_none_was_typed_in() {
        let mut y = Year::default();
        y.0[2] = Some(wan("3000"));
        y.0[5] = Some(wan("6500"));
        assert_eq!((y.to_month(2), y.to_month(3), y.to_month(6)), (None, Some(wan("3000")), Some(wan("6500"))));
        // March 3,000 and June 3,500 (the quarter's growth, put in its last month).
        let months = y.months();
        assert_eq!((months[2], months[5], months[4]), (wan("3000"), wan("3500"), Wan::ZERO));
    }

    #[test]
    fn every_indicator_of_the_seed_has_a_source_and_the_unmeasured_ones_are_official() {
        let measured = ["2", "3", "4", "5", "6", "7", "8", "9"];
        for key in 1..=14 {
            let key = key.to_string();
            assert_eq!(source(&key) != Source::Official, measured.contains(&key.as_str()), "{key}");
        }
    }
}
