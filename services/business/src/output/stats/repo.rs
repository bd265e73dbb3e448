//! The queries of 产值统计: the approved reports of the period's year and the year before, within the
//! caller's scope and the filters, summed per enterprise and department in one grouped query (the
//! pieces), and per month for the trend. Group keys are plain columns; the period's bounds are bound
//! inside the aggregates only, so that the `GROUP BY` is the same text as the select on every database.
use std::collections::{HashMap, HashSet};

use keeper_common::{AppError, fields};
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use sea_orm::sea_query::{Alias, Condition, Expr, ExprTrait, Func, JoinType, Query, SelectStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryResult, QuerySelect, QueryTrait};

use super::shape::Piece;
use crate::dept_target::actuals::DeptBasis;
use crate::entity::{enterprise, output_report as report, output_year_sum as sums};
use crate::money::Wan;
use crate::output::report::scope::{self, Scope};
use crate::output::year_sum;
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

/// The tenant's live approved reports of `years` the scope and the filter admit. No columns yet, and no
/// enterprise row read: the enterprise's own filters (its department today, industry, 规上) are asked as
/// the set of its ids, which the database builds once, so that the reports are summed from the index
/// alone. Joining each report to its enterprise's wide row before grouping had cost a 30,000-firm zone's
/// statistics a second on SQLite (bench/README.md, output scenario). A removed enterprise's approved
/// months stay in the history: the set is not limited to live enterprises.
fn approved(tenant: &str, scope: &Scope, years: [i32; 2], basis: DeptBasis, f: &Filter) -> SelectStatement {
    let mut q = report::Entity::live(tenant)
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .filter(report::Column::PeriodYear.is_in(years))
        .filter(scope::reports(tenant, scope))
        .select_only()
        .into_query();
    if let (Some(depts), DeptBasis::Filed) = (&f.depts, basis) {
        q.and_where(col(report::Column::DeptId).is_in(depts.iter().copied()));
    }
    if let Some(ids) = firms_filtered(tenant, basis, f) {
        q.and_where(col(report::Column::EnterpriseId).in_subquery(ids));
    }
    q
}

/// The ids of the tenant's enterprises the filter's enterprise conditions admit (its department today,
/// industry, 规上), as a sub-query the database builds once; none when the filter asks none of them.
fn firms_filtered(tenant: &str, basis: DeptBasis, f: &Filter) -> Option<SelectStatement> {
    let mut firms = Condition::all();
    if let (Some(depts), DeptBasis::Current | DeptBasis::Industry) = (&f.depts, basis) {
        firms = firms.add(enterprise::Column::DeptId.is_in(depts.iter().copied()));
    }
    if let Some(code) = &f.industry_code {
        firms = firms.add(enterprise::Column::IndustryCode.like(fields::like_prefix(code)));
    }
    if let Some(flag) = &f.above_scale {
        firms = firms.add(enterprise::Column::IsAboveScale.eq(flag.as_str()));
    }
    (!firms.is_empty()).then(|| {
        enterprise::Entity::find()
            .filter(enterprise::Column::TenantId.eq(tenant))
            .filter(firms)
            .select_only()
            .column(enterprise::Column::Id)
            .into_query()
    })
}

/// The tenant's year sums (`output::year_sum`) of `years` the filter admits, as `approved` admits reports;
/// no columns yet. Only for the whole tenant's scope: every narrower scope also admits the caller's own
/// filings, which the sums do not record, so a park's or a bureau's statistics (a fraction of the zone's
/// reports) are summed from the reports.
fn summed(tenant: &str, scope: &Scope, years: [i32; 2], basis: DeptBasis, f: &Filter) -> Option<SelectStatement> {
    if !matches!(scope, Scope::All) {
        return None;
    }
    let mut q = Query::select();
    q.from(sums::Entity)
        .and_where(year_sum::col(sums::Column::TenantId).eq(tenant))
        .and_where(year_sum::col(sums::Column::PeriodYear).is_in(years));
    if let (Some(depts), DeptBasis::Filed) = (&f.depts, basis) {
        q.and_where(year_sum::col(sums::Column::DeptId).is_in(depts.iter().copied()));
    }
    if let Some(ids) = firms_filtered(tenant, basis, f) {
        q.and_where(year_sum::col(sums::Column::EnterpriseId).in_subquery(ids));
    }
    Some(q)
}

/// The names of the grouped sub-query's columns.
fn key_alias(i: usize) -> String {
    format!("k{i}")
}

fn figure_alias(i: usize) -> String {
    format!("f{i}")
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

fn amount(row: &QueryResult, index: usize) -> Result<Option<Wan>, AppError> {
    // SQLite sums decimals as floating point: rounding to the four decimals stored gives the exact sum.
    Ok(row.try_get_by_index::<Option<Decimal>>(index)?.map(Wan::round))
}

/// A count: an integer, but MySQL sums integers (the year sums' approved months) as a decimal.
fn count_at(row: &QueryResult, index: usize) -> Result<i64, AppError> {
    Ok(match row.try_get_by_index::<Option<i64>>(index) {
        Ok(n) => n.unwrap_or_default(),
        Err(_) => row.try_get_by_index::<Option<Decimal>>(index)?.and_then(|c| c.to_i64()).unwrap_or_default(),
    })
}

/// Enterprises per statement when month N's typed figures are asked by id.
const TYPED_BY_ID: usize = 1000;

/// What a view shows of each enterprise besides its figures and department: only that is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The department tree: nothing more.
    Depts,
    /// The industry and leading-industry views: the enterprise's two trade keys.
    Trades,
    /// A ranking without reasons (the big screen): its name and trades.
    Names,
    /// The lists of enterprises: its name, trades and month N's decline reason.
    Reasons,
}

impl Shown {
    fn trades(self) -> bool {
        self != Shown::Depts
    }

    fn names(self) -> bool {
        matches!(self, Shown::Names | Shown::Reasons)
    }
}

/// Each enterprise's approved figures around period `p` by the department they count under: month N,
/// 1..N, last year's month N and 1..N, and what month N's report typed for last year where it is the
/// base; of the enterprise, what `shown` asks (with `Shown::Reasons`, month N's decline reasons and
/// typed figures of every enterprise).
pub async fn pieces<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &Scope,
    p: Period,
    basis: DeptBasis,
    f: &Filter,
    shown: Shown,
) -> Result<Vec<Piece>, AppError> {
    let (y, n) = (p.year(), p.month());
    // Summed per enterprise (and the department it was filed under) from the year sums — or, for a scope
    // narrower than the tenant, from the reports — then joined to the enterprises, one row each, for their
    // names, trades and (on the current basis) departments.
    let (mut sums, keys, figures) = match summed(tenant, scope, [y - 1, y], basis, f) {
        Some(mut q) => {
            q.cond_where(year_sum::any_of(1..=n));
            let mut keys = vec![year_sum::col(sums::Column::EnterpriseId)];
            if basis == DeptBasis::Filed {
                keys.push(year_sum::col(sums::Column::DeptId));
            }
            let of_year =
                |year: i32, e: Expr| -> Expr { Func::sum(Expr::case(year_sum::col(sums::Column::PeriodYear).eq(year), e)).into() };
            // Every row summed has an approved month in 1..N (the condition above): this year's rows
            // count whether there is any, and last year's Σ 1..N needs no test of its own. Counting each
            // row's approved months instead, and testing last year's rows again, was 14 of the 64 ms
            // SQLite spent grouping a 43,000-firm zone's 22,000 rows.
            let figures = [
                of_year(y, year_sum::col(sums::month(n))),
                of_year(y, year_sum::sum_of(1..=n)),
                of_year(y, Expr::val(1)),
                of_year(y - 1, year_sum::col(sums::month(n))),
                of_year(y - 1, year_sum::sum_of(1..=n)),
            ];
            (q, keys, figures)
        }
        None => {
            let mut q = approved(tenant, scope, [y - 1, y], basis, f);
            q.and_where(col(report::Column::PeriodMonth).lte(n as i32));
            let mut keys = vec![col(report::Column::EnterpriseId)];
            if basis == DeptBasis::Filed {
                keys.push(col(report::Column::DeptId));
            }
            let figures = [
                sum_if(when(y, month_is(n)), report::Column::MonthOutput),
                sum_if(when(y, months_to(n)), report::Column::MonthOutput),
                Func::count(Expr::case(when(y, months_to(n)), 1)).into(),
                sum_if(when(y - 1, month_is(n)), report::Column::MonthOutput),
                sum_if(when(y - 1, months_to(n)), report::Column::MonthOutput),
            ];
            (q, keys, figures)
        }
    };
    for (i, k) in keys.iter().enumerate() {
        sums.expr_as(k.clone(), key_alias(i));
    }
    let count = figures.len();
    for (i, e) in figures.into_iter().enumerate() {
        sums.expr_as(e, figure_alias(i));
    }
    sums.add_group_by(keys);
    let g = Alias::new("g");
    let of_g = |name: String| Expr::col((g.clone(), Alias::new(name)));
    let mut q = Query::select();
    q.from_subquery(sums, g.clone()).expr(of_g(key_alias(0)));
    // The department tree as filed needs nothing of the enterprise: read without the join and three
    // strings a piece, a 43,000-firm zone's 11,949 pieces cost the view 120 ms instead of 138 (SQLite,
    // median of 16 reads; the statement alone 35 ms instead of 57).
    if basis != DeptBasis::Filed || shown.trades() {
        q.join(
            JoinType::InnerJoin,
            enterprise::Entity,
            Condition::all()
                .add(firm(enterprise::Column::Id).equals((g.clone(), Alias::new(key_alias(0)))))
                .add(firm(enterprise::Column::TenantId).eq(tenant)),
        );
    }
    q.expr(if basis == DeptBasis::Filed { of_g(key_alias(1)) } else { firm(enterprise::Column::DeptId) });
    for i in 0..count {
        q.expr(of_g(figure_alias(i)));
    }
    if shown.trades() {
        q.expr(firm(enterprise::Column::IndustryCode)).expr(firm(enterprise::Column::LeadingIndustry));
    }
    if shown.names() {
        q.expr(firm(enterprise::Column::EnterpriseName));
    }
    let text =
        |row: &QueryResult, i: usize| -> Result<String, AppError> { Ok(row.try_get_by_index::<Option<String>>(i)?.unwrap_or_default()) };
    let mut out = Vec::new();
    for row in db.query_all(&q).await? {
        let enterprise_id: i64 = row.try_get_by_index(0)?;
        // The year sums keep a report filed without a department under 0.
        let dept_id: Option<i64> = row.try_get_by_index::<Option<i64>>(1)?.and_then(year_sum::dept_of);
        let mut x = Piece {
            enterprise_id,
            dept_id,
            month: amount(&row, 2)?,
            ytd: amount(&row, 3)?.unwrap_or_default(),
            reports: count_at(&row, 4)?,
            last_month: amount(&row, 5)?,
            last_ytd: amount(&row, 6)?,
            ..Piece::default()
        };
        if shown.trades() {
            x.industry_code = text(&row, 2 + count)?;
            x.leading_industry = text(&row, 3 + count)?;
        }
        if shown.names() {
            x.enterprise_name = text(&row, 4 + count)?;
        }
        out.push(x);
    }
    // What month N's reports typed for last year serves only enterprises without an approved month of
    // last year's 1..N (a firm new to the platform), and their decline reasons only the views that list
    // enterprises: reading month N's reports of every enterprise for the groups cost more than the sums.
    let lacking: Vec<i64> = {
        let based: HashSet<i64> = out.iter().filter(|x| x.last_ytd.is_some()).map(|x| x.enterprise_id).collect();
        let mut ids: Vec<i64> = out.iter().map(|x| x.enterprise_id).filter(|id| !based.contains(id)).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    let mut typed = HashMap::new();
    if shown == Shown::Reasons {
        typed = self::typed(db, tenant, scope, p, basis, f, None).await?;
    } else {
        for ids in lacking.chunks(TYPED_BY_ID) {
            typed.extend(self::typed(db, tenant, scope, p, basis, f, Some(ids)).await?);
        }
    }
    for x in &mut out {
        if let Some((month, ytd, reason)) = typed.get(&(x.enterprise_id, if basis == DeptBasis::Filed { x.dept_id } else { None })) {
            x.typed_last_month = *month;
            x.typed_last_ytd = *ytd;
            x.decline_reason = reason.clone();
        }
    }
    Ok(out)
}

/// What month N's approved reports typed for last year and their decline reasons, by enterprise (and the
/// department filed under, on that basis), of `only` these enterprises when given: one report each, read
/// apart from the sums so that those stay within their index.
async fn typed<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &Scope,
    p: Period,
    basis: DeptBasis,
    f: &Filter,
    only: Option<&[i64]>,
) -> Result<HashMap<(i64, Option<i64>), (Option<Wan>, Option<Wan>, String)>, AppError> {
    let mut q = approved(tenant, scope, [p.year(), p.year()], basis, f);
    if let Some(ids) = only {
        q.and_where(keeper_db::listed::ids_in(db.get_database_backend(), col(report::Column::EnterpriseId), ids));
    }
    q.and_where(col(report::Column::PeriodMonth).eq(p.month() as i32))
        .expr(col(report::Column::EnterpriseId))
        .expr(col(report::Column::DeptId))
        .expr(col(report::Column::LastYearMonthOutput))
        .expr(col(report::Column::LastYearYtdOutput))
        .expr(col(report::Column::DeclineReason));
    let mut out = HashMap::new();
    for row in db.query_all(&q).await? {
        let dept: Option<i64> = row.try_get_by_index(1)?;
        let key = (row.try_get_by_index(0)?, if basis == DeptBasis::Filed { dept } else { None });
        let reason = row.try_get_by_index::<Option<String>>(4)?.unwrap_or_default();
        out.insert(key, (amount(&row, 2)?, amount(&row, 3)?, reason));
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
    let (mut this, mut last) = ([Wan::ZERO; 12], [Wan::ZERO; 12]);
    if let Some(mut q) = summed(tenant, scope, [y - 1, y], basis, f) {
        q.expr(year_sum::col(sums::Column::PeriodYear));
        for m in 1..=12 {
            q.expr(Func::sum(year_sum::col(sums::month(m))));
        }
        q.add_group_by([year_sum::col(sums::Column::PeriodYear)]);
        for row in db.query_all(&q).await? {
            let year: i32 = row.try_get_by_index(0)?;
            let months = if year == y { &mut this } else { &mut last };
            for (i, sum) in months.iter_mut().enumerate() {
                *sum = amount(&row, i + 1)?.unwrap_or_default();
            }
        }
        return Ok((this, last));
    }
    let mut q = approved(tenant, scope, [y - 1, y], basis, f);
    q.expr(col(report::Column::PeriodYear))
        .expr(col(report::Column::PeriodMonth))
        .expr(Func::sum(col(report::Column::MonthOutput)))
        .add_group_by([col(report::Column::PeriodYear), col(report::Column::PeriodMonth)]);
    for row in db.query_all(&q).await? {
        let (year, month): (i32, i32) = (row.try_get_by_index(0)?, row.try_get_by_index(1)?);
        let Some(i) = usize::try_from(month).ok().filter(|m| (1..=12).contains(m)).map(|m| m - 1) else { continue };
        let sum = amount(&row, 2)?.unwrap_or_default();
        if year == y { this[i] = sum } else { last[i] = sum }
    }
    Ok((this, last))
}
