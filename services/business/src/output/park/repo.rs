//! The matrix's queries: Σ approved enterprise output and the count of approved reports per department
//! and month of two years in one grouped query, and the typed official figures of 规上工业总产值.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_db::base::{BaseColumns, LIVE};
use rust_decimal::Decimal;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Func, JoinType};
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter, QuerySelect, QueryTrait};

use crate::dept_target::actuals::DeptBasis;
use crate::entity::{enterprise, official_indicator as official, output_report as report};
use crate::money::Wan;
use crate::review::Status;

/// The `target_indicator` key of 规上工业总产值 (万元): the indicator of output targets and figures.
pub const OUTPUT_INDICATOR: &str = "12";

/// A department's month: Σ approved output and the number of approved reports.
pub type Summed = (Wan, i64);

/// Σ approved month output and the count of approved reports by (department, year, month) over `years`,
/// grouped by the department the report was filed under or by the enterprise's department today.
pub async fn approved<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    years: [i32; 2],
    basis: DeptBasis,
) -> Result<HashMap<(i64, i32, u32), Summed>, AppError> {
    let col = |c: report::Column| Expr::col((report::Entity, c));
    let dept = match basis {
        DeptBasis::Current | DeptBasis::Industry => Expr::col((enterprise::Entity, enterprise::Column::DeptId)),
        DeptBasis::Filed => col(report::Column::DeptId),
    };
    let mut q = report::Entity::live(tenant)
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .filter(report::Column::PeriodYear.is_in(years))
        .select_only()
        .into_query();
    if basis != DeptBasis::Filed {
        q.join(
            JoinType::InnerJoin,
            enterprise::Entity,
            Condition::all()
                .add(Expr::col((enterprise::Entity, enterprise::Column::Id)).equals((report::Entity, report::Column::EnterpriseId)))
                .add(Expr::col((enterprise::Entity, enterprise::Column::TenantId)).eq(tenant))
                .add(Expr::col((enterprise::Entity, enterprise::Column::IsDeleted)).eq(LIVE)),
        );
    }
    q.expr(dept.clone())
        .expr(col(report::Column::PeriodYear))
        .expr(col(report::Column::PeriodMonth))
        .expr(Func::sum(col(report::Column::MonthOutput)))
        .expr(Func::count(col(report::Column::Id)))
        .add_group_by([dept, col(report::Column::PeriodYear), col(report::Column::PeriodMonth)]);
    let mut out = HashMap::new();
    for row in db.query_all(&q).await? {
        let (Some(dept), year, month) =
            (row.try_get_by_index::<Option<i64>>(0)?, row.try_get_by_index::<i32>(1)?, row.try_get_by_index::<i32>(2)?)
        else {
            continue;
        };
        // SQLite sums decimals as floating point: rounding to the four decimals stored gives the exact sum.
        let sum = Wan::round(row.try_get_by_index::<Option<Decimal>>(3)?.unwrap_or_default());
        let count: i64 = row.try_get_by_index(4)?;
        if let Ok(month) = u32::try_from(month) {
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
