//! The queries of 产值统计: the approved reports of the period's year and the year before, within the
//! caller's scope and the filters, summed per enterprise and department in one grouped query (the
//! pieces), and per month for the trend. Group keys are plain columns; the period's bounds are bound
//! inside the aggregates only, so that the `GROUP BY` is the same text as the select on every database.
use std::collections::HashSet;

use keeper_common::{AppError, fields};
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Func, JoinType, SelectStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QueryResult, QuerySelect, QueryTrait};

use super::shape::Piece;
use crate::dept_target::actuals::DeptBasis;
use crate::entity::{enterprise, output_report as report};
use crate::money::Wan;
use crate::output::report::scope::{self, Scope};
use crate::period::Period;
use crate::review::Status;

/// The filters of the statistics, applied in SQL.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// The chosen department and every one below it (on the basis asked).
    pub depts: Option<HashSet<i64>>,
    /// An `industry` key; its sub-classes match too.
    pub industry_code: Option<String>,
    /// `Y` or `N`.
    pub above_scale: Option<String>,
}

fn col(c: report::Column) -> Expr {
    Expr::col((report::Entity, c))
}

fn firm(c: enterprise::Column) -> Expr {
    Expr::col((enterprise::Entity, c))
}

/// The department a report counts under on `basis`.
fn dept_expr(basis: DeptBasis) -> Expr {
    match basis {
        DeptBasis::Filed => col(report::Column::DeptId),
        DeptBasis::Current | DeptBasis::Industry => firm(enterprise::Column::DeptId),
    }
}

/// The tenant's live approved reports of `years` the scope and the filter admit, joined to their
/// enterprise (live or not: a removed enterprise's approved months stay in the history). No columns yet.
fn approved(tenant: &str, scope: &Scope, years: [i32; 2], basis: DeptBasis, f: &Filter) -> SelectStatement {
    let mut q = report::Entity::live(tenant)
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .filter(report::Column::PeriodYear.is_in(years))
        .filter(scope::reports(tenant, scope))
        .select_only()
        .into_query();
    q.join(
        JoinType::InnerJoin,
        enterprise::Entity,
        Condition::all()
            .add(firm(enterprise::Column::Id).equals((report::Entity, report::Column::EnterpriseId)))
            .add(firm(enterprise::Column::TenantId).eq(tenant)),
    );
    if let Some(depts) = &f.depts {
        q.and_where(dept_expr(basis).is_in(depts.iter().copied()));
    }
    if let Some(code) = &f.industry_code {
        q.and_where(firm(enterprise::Column::IndustryCode).like(fields::like_prefix(code)));
    }
    if let Some(flag) = &f.above_scale {
        q.and_where(firm(enterprise::Column::IsAboveScale).eq(flag.as_str()));
    }
    q
}

fn when(year: i32, months: Condition) -> Condition {
    Condition::all().add(col(report::Column::PeriodYear).eq(year)).add(months)
}

fn month_is(n: u32) -> Condition {
    Condition::all().add(col(report::Column::PeriodMonth).eq(n as i32))
}

fn months_to(n: u32) -> Condition {
    Condition::all().add(col(report::Column::PeriodMonth).lte(n as i32))
}

fn sum_if(cond: Condition, c: report::Column) -> Expr {
    Func::sum(Expr::case(cond, col(c))).into()
}

fn max_if(cond: Condition, c: report::Column) -> Expr {
    Func::max(Expr::case(cond, col(c))).into()
}

fn amount(row: &QueryResult, index: usize) -> Result<Option<Wan>, AppError> {
    // SQLite sums decimals as floating point: rounding to the four decimals stored gives the exact sum.
    Ok(row.try_get_by_index::<Option<Decimal>>(index)?.map(Wan::round))
}

/// Each enterprise's approved figures around period `p` by the department they count under: month N,
/// 1..N, last year's month N and 1..N, and what month N's report typed for last year.
pub async fn pieces<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &Scope,
    p: Period,
    basis: DeptBasis,
    f: &Filter,
) -> Result<Vec<Piece>, AppError> {
    let (y, n) = (p.year(), p.month());
    let mut q = approved(tenant, scope, [y - 1, y], basis, f);
    q.and_where(col(report::Column::PeriodMonth).lte(n as i32));
    let keys = [
        col(report::Column::EnterpriseId),
        dept_expr(basis),
        firm(enterprise::Column::EnterpriseName),
        firm(enterprise::Column::IndustryCode),
        firm(enterprise::Column::LeadingIndustry),
    ];
    for k in keys.iter().cloned() {
        q.expr(k);
    }
    q.expr(sum_if(when(y, month_is(n)), report::Column::MonthOutput))
        .expr(sum_if(when(y, months_to(n)), report::Column::MonthOutput))
        .expr(Func::count(Expr::case(when(y, months_to(n)), 1)))
        .expr(sum_if(when(y - 1, month_is(n)), report::Column::MonthOutput))
        .expr(sum_if(when(y - 1, months_to(n)), report::Column::MonthOutput))
        .expr(max_if(when(y, month_is(n)), report::Column::LastYearMonthOutput))
        .expr(max_if(when(y, month_is(n)), report::Column::LastYearYtdOutput))
        .expr(max_if(when(y, month_is(n)), report::Column::DeclineReason))
        .add_group_by(keys);
    let mut out = Vec::new();
    for row in db.query_all(&q).await? {
        out.push(Piece {
            enterprise_id: row.try_get_by_index(0)?,
            dept_id: row.try_get_by_index(1)?,
            enterprise_name: row.try_get_by_index::<Option<String>>(2)?.unwrap_or_default(),
            industry_code: row.try_get_by_index::<Option<String>>(3)?.unwrap_or_default(),
            leading_industry: row.try_get_by_index::<Option<String>>(4)?.unwrap_or_default(),
            month: amount(&row, 5)?,
            ytd: amount(&row, 6)?.unwrap_or_default(),
            reports: row.try_get_by_index(7)?,
            last_month: amount(&row, 8)?,
            last_ytd: amount(&row, 9)?,
            typed_last_month: amount(&row, 10)?,
            typed_last_ytd: amount(&row, 11)?,
            decline_reason: row.try_get_by_index::<Option<String>>(12)?.unwrap_or_default(),
        });
    }
    Ok(out)
}

/// Σ approved month output of each month of `p`'s year and the year before: (this year, last year).
pub async fn months<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &Scope,
    p: Period,
    basis: DeptBasis,
    f: &Filter,
) -> Result<([Wan; 12], [Wan; 12]), AppError> {
    let y = p.year();
    let mut q = approved(tenant, scope, [y - 1, y], basis, f);
    q.expr(col(report::Column::PeriodYear))
        .expr(col(report::Column::PeriodMonth))
        .expr(Func::sum(col(report::Column::MonthOutput)))
        .add_group_by([col(report::Column::PeriodYear), col(report::Column::PeriodMonth)]);
    let (mut this, mut last) = ([Wan::ZERO; 12], [Wan::ZERO; 12]);
    for row in db.query_all(&q).await? {
        let (year, month): (i32, i32) = (row.try_get_by_index(0)?, row.try_get_by_index(1)?);
        let Some(i) = usize::try_from(month).ok().filter(|m| (1..=12).contains(m)).map(|m| m - 1) else { continue };
        let sum = amount(&row, 2)?.unwrap_or_default();
        if year == y { this[i] = sum } else { last[i] = sum }
    }
    Ok((this, last))
}
