//! The matrix's queries: Σ approved enterprise output and the count of approved reports per department
//! and month of two years in one grouped query, and the typed official figures of 规上工业总产值.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_db::base::{BaseColumns, LIVE};
use rust_decimal::Decimal;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Func, JoinType, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter};

use crate::dept_target::actuals::DeptBasis;
use crate::entity::{enterprise, official_indicator as official, output_year_sum as sums};
use crate::money::Wan;
use crate::output::year_sum;

/// The `target_indicator` key of 规上工业总产值 (万元): the indicator of output targets and figures.
pub const OUTPUT_INDICATOR: &str = "12";

/// A department's month: Σ approved output and the number of approved reports.
pub type Summed = (Wan, i64);

/// Σ approved month output and the count of approved reports by (department, year, month) over `years`,
/// grouped by the department the report was filed under or by the enterprise's department today: summed
/// from the year sums (`output::year_sum`), one row per enterprise and year rather than one per report.
pub async fn approved<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    years: [i32; 2],
    basis: DeptBasis,
) -> Result<HashMap<(i64, i32, u32), Summed>, AppError> {
    let col = crate::output::year_sum::col;
    let dept = match basis {
        DeptBasis::Current | DeptBasis::Industry => Expr::col((enterprise::Entity, enterprise::Column::DeptId)),
        DeptBasis::Filed => col(sums::Column::DeptId),
    };
    let mut q = Query::select();
    q.from(sums::Entity).and_where(col(sums::Column::TenantId).eq(tenant)).and_where(col(sums::Column::PeriodYear).is_in(years));
    if basis != DeptBasis::Filed {
        q.join(
            JoinType::InnerJoin,
            enterprise::Entity,
            Condition::all()
                .add(Expr::col((enterprise::Entity, enterprise::Column::Id)).equals((sums::Entity, sums::Column::EnterpriseId)))
                .add(Expr::col((enterprise::Entity, enterprise::Column::TenantId)).eq(tenant))
                .add(Expr::col((enterprise::Entity, enterprise::Column::IsDeleted)).eq(LIVE)),
        );
    }
    q.expr(dept.clone()).expr(col(sums::Column::PeriodYear));
    for m in 1..=12 {
        q.expr(Func::sum(col(sums::month(m))));
    }
    for m in 1..=12 {
        q.expr(Func::count(col(sums::month(m))));
    }
    q.add_group_by([dept, col(sums::Column::PeriodYear)]);
    let mut out = HashMap::new();
    for row in db.query_all(&q).await? {
        // A report filed without a department is kept under 0 and belongs to no row of the matrix.
        let (Some(dept), year) = (row.try_get_by_index::<Option<i64>>(0)?.and_then(year_sum::dept_of), row.try_get_by_index::<i32>(1)?)
        else {
            continue;
        };
        for month in 1..=12u32 {
            let count: i64 = row.try_get_by_index(13 + month as usize)?;
            if count == 0 {
                continue;
            }
            // SQLite sums decimals as floating point: rounding to the four decimals stored gives the exact sum.
            let sum = Wan::round(row.try_get_by_index::<Option<Decimal>>(1 + month as usize)?.unwrap_or_default());
            out.insert((dept, year, month), (sum, count));
        }
    }
    Ok(out)
}

/// The typed official 1–N月 figures of 规上工业总产值 from one source over `years`: (dept, year, month) →
/// value.
pub async fn official<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    years: [i32; 2],
    source: &str,
) -> Result<HashMap<(i64, i32, u32), Wan>, AppError> {
    let rows = official::Entity::live(tenant)
        .filter(official::Column::IndicatorCode.eq(OUTPUT_INDICATOR))
        .filter(official::Column::DataSource.eq(source))
        .filter(official::Column::PeriodYear.is_in(years))
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| Some(((r.dept_id, r.period_year, u32::try_from(r.period_month).ok()?), Wan::round(r.indicator_value))))
        .collect())
}
