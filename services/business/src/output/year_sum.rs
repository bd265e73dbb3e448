//! Upkeep of `output_year_sum` (domain-model §6.2): each enterprise's approved output of a year, by the
//! department filed under, with the months side by side. The rows are never edited in place: an
//! enterprise's years are rewritten from its reports — deleted and grouped again under the same
//! condition — by every review step that approves a report or takes an approval back, inside that step's
//! transaction and under the tenant's filing lock, so the sums are never seen apart from the reports they
//! sum. Only those steps change which reports are approved: a draft, a returned report and an import
//! never count, and an approved report cannot be edited or removed.
use std::collections::{BTreeMap, BTreeSet};
use std::ops::RangeInclusive;

use keeper_common::AppError;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Func, Query};
use sea_orm::{ColumnTrait, ConnectionTrait};

use crate::entity::{output_report as report, output_year_sum as sums};
use crate::period::Period;
use crate::review::Status;

/// Enterprises per statement: bound values stay far below every database's limit.
const CHUNK: usize = 500;

/// The stored department of a report without one.
pub const NO_DEPT: i64 = 0;

/// A year-sum row's department as the reports carry it.
pub fn dept_of(stored: i64) -> Option<i64> {
    (stored != NO_DEPT).then_some(stored)
}

/// A column of the year sums, named with its table.
pub fn col(c: sums::Column) -> Expr {
    Expr::col((sums::Entity, c))
}

/// Σ of a row's `months`, a month without an approved report counting 0.
pub fn sum_of(months: RangeInclusive<u32>) -> Expr {
    let mut terms = months.map(|m| Expr::expr(Func::coalesce([col(sums::month(m)), Expr::val(0)])));
    let first = terms.next().unwrap_or_else(|| Expr::val(0));
    terms.fold(first, |e, t| e.add(t))
}

/// Whether any of a row's `months` has an approved report.
pub fn any_of(months: RangeInclusive<u32>) -> Condition {
    months.fold(Condition::any(), |c, m| c.add(col(sums::month(m)).is_not_null()))
}

/// How many approved reports each month of `years` holds, the whole tenant: one row per year, each month's
/// count of rows with that month approved (an enterprise's month is in one row: the department it was
/// filed under). Read from the sums, a few thousand rows, where counting the reports visited every report's
/// row (the big screen's closed month: 16 ms against 460 ms for 112,000 reports on SQLite).
pub async fn approved_by_month<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    years: RangeInclusive<i32>,
) -> Result<Vec<(Period, u64)>, AppError> {
    let mut q = Query::select();
    q.from(sums::Entity)
        .expr(col(sums::Column::PeriodYear))
        .and_where(col(sums::Column::TenantId).eq(tenant))
        .and_where(col(sums::Column::PeriodYear).between(*years.start(), *years.end()))
        .add_group_by([col(sums::Column::PeriodYear)]);
    for m in 1..=12 {
        q.expr(Func::count(col(sums::month(m))));
    }
    let mut out = Vec::new();
    for row in db.query_all(&q).await? {
        let year: i32 = row.try_get_by_index(0)?;
        for m in 1..=12u32 {
            let n: i64 = row.try_get_by_index(m as usize)?;
            if let Ok(p) = Period::new(year, m) {
                out.push((p, u64::try_from(n).unwrap_or(0)));
            }
        }
    }
    Ok(out)
}

/// Rewrites the sums of these enterprises' years from their reports.
pub async fn rewrite<C: ConnectionTrait>(db: &C, tenant: &str, firm_years: &[(i64, i32)]) -> Result<(), AppError> {
    let mut by_year: BTreeMap<i32, BTreeSet<i64>> = BTreeMap::new();
    for &(firm, year) in firm_years {
        by_year.entry(year).or_default().insert(firm);
    }
    for (year, firms) in by_year {
        let firms: Vec<i64> = firms.into_iter().collect();
        for chunk in firms.chunks(CHUNK) {
            rewrite_where(db, tenant, Some(year), Some(chunk)).await?;
        }
    }
    Ok(())
}

/// Rewrites every sum of the tenant (after a bulk load such as the demo zone's).
pub async fn rewrite_tenant<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    rewrite_where(db, tenant, None, None).await
}

async fn rewrite_where<C: ConnectionTrait>(db: &C, tenant: &str, year: Option<i32>, firms: Option<&[i64]>) -> Result<(), AppError> {
    let mut kept = Condition::all().add(sums::Column::TenantId.eq(tenant));
    let mut from = Condition::all()
        .add(report::Column::TenantId.eq(tenant))
        .add(report::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .add(report::Column::ReportStatus.eq(Status::Approved.code()));
    if let Some(y) = year {
        kept = kept.add(sums::Column::PeriodYear.eq(y));
        from = from.add(report::Column::PeriodYear.eq(y));
    }
    if let Some(ids) = firms {
        kept = kept.add(sums::Column::EnterpriseId.is_in(ids.iter().copied()));
        from = from.add(report::Column::EnterpriseId.is_in(ids.iter().copied()));
    }
    db.execute(&Query::delete().from_table(sums::Entity).cond_where(kept).to_owned()).await?;
    let of_report = |c: report::Column| Expr::col((report::Entity, c));
    let keys = [report::Column::TenantId, report::Column::PeriodYear, report::Column::EnterpriseId, report::Column::DeptId].map(of_report);
    let mut grouped = Query::select();
    grouped.from(report::Entity).cond_where(from);
    for k in &keys[..3] {
        grouped.expr(k.clone());
    }
    // Grouped by the column itself: PostgreSQL takes `COALESCE(dept_id, $n)` in the select and the
    // `GROUP BY` for two expressions, their parameters being numbered apart.
    grouped.expr(Func::coalesce([of_report(report::Column::DeptId), Expr::val(NO_DEPT)]));
    for m in 1..=12 {
        grouped.expr(Func::sum(Expr::case(of_report(report::Column::PeriodMonth).eq(m), of_report(report::Column::MonthOutput))));
    }
    grouped.add_group_by(keys);
    let mut columns = vec![sums::Column::TenantId, sums::Column::PeriodYear, sums::Column::EnterpriseId, sums::Column::DeptId];
    columns.extend((1..=12).map(sums::month));
    let insert = Query::insert()
        .into_table(sums::Entity)
        .columns(columns)
        .select_from(grouped)
        .map_err(|e| AppError::internal(format!("output year sums: {e}")))?
        .to_owned();
    db.execute(&insert).await?;
    Ok(())
}
