//! Queries of `biz_output_target`, and last year's approved months the breakdown is made from; every
//! function takes the tenant.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entity::{output_report as report, output_target as target};
use crate::money::Wan;
use crate::review::Status;
use crate::split::Months;

/// The live targets of a year, of the departments `depts` when given, by department and enterprise.
pub async fn of_year<C: ConnectionTrait>(db: &C, tenant: &str, year: i32, depts: Option<Vec<i64>>) -> Result<Vec<target::Model>, AppError> {
    let mut q = target::Entity::live(tenant).filter(target::Column::TargetYear.eq(year));
    if let Some(d) = depts {
        q = q.filter(target::Column::DeptId.is_in(d));
    }
    Ok(q.order_by_asc(target::Column::DeptId).order_by_asc(target::Column::EnterpriseId).all(db).await?)
}

/// The live target of an enterprise for a year (at most one: checked under the tenant's lock).
pub async fn of_key<C: ConnectionTrait>(db: &C, tenant: &str, year: i32, enterprise: i64) -> Result<Option<target::Model>, AppError> {
    Ok(target::Entity::live(tenant)
        .filter(target::Column::TargetYear.eq(year))
        .filter(target::Column::EnterpriseId.eq(enterprise))
        .one(db)
        .await?)
}

pub async fn by_ids<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<Vec<target::Model>, AppError> {
    Ok(target::Entity::live(tenant).filter(target::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// Applies `changes` to a live target still at `status` (optimistic: a concurrent move wins once).
pub async fn update_if<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    status: &str,
    changes: target::ActiveModel,
) -> Result<bool, AppError> {
    let done = target::Entity::update_many()
        .set(changes)
        .filter(target::Column::Id.eq(id))
        .filter(target::Column::TenantId.eq(tenant))
        .filter(target::Column::TargetStatus.eq(status))
        .filter(target::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// The approved output of `year` month by month, of the enterprises `enterprises` (all when none): one
/// grouped query. An enterprise without an approved month of the year is absent.
pub async fn approved_months<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    year: i32,
    enterprises: Option<&[i64]>,
) -> Result<HashMap<i64, Months>, AppError> {
    let mut q = report::Entity::live(tenant)
        .select_only()
        .column(report::Column::EnterpriseId)
        .column(report::Column::PeriodMonth)
        .column_as(report::Column::MonthOutput.sum(), "output")
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .filter(report::Column::PeriodYear.eq(year));
    if let Some(e) = enterprises {
        q = q.filter(keeper_db::listed::column_in(db.get_database_backend(), report::Column::EnterpriseId, e));
    }
    let rows: Vec<(i64, i32, Option<Decimal>)> =
        q.group_by(report::Column::EnterpriseId).group_by(report::Column::PeriodMonth).into_tuple().all(db).await?;
    let mut out: HashMap<i64, Months> = HashMap::new();
    for (e, month, sum) in rows {
        let (Some(sum), 1..=12) = (sum, month) else { continue };
        out.entry(e).or_insert([Wan::ZERO; 12])[(month - 1) as usize] += Wan::round(sum);
    }
    Ok(out)
}
