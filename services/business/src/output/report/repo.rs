//! Queries of `biz_output_report` and of the enterprises that report. Every function takes the tenant;
//! those that list take the caller's scope.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::figures::Approved;
use super::scope::{self, Scope};
use crate::checks::YES;
use crate::entity::{enterprise, output_report as report};
use crate::period::Period;
use crate::review::Status;

/// `enterprise_status` keys of enterprises that left the zone: they report no more.
const GONE: &[&str] = &["5", "6"];

/// The tenant's live enterprises the scope admits.
pub async fn enterprises<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope) -> Result<Vec<enterprise::Model>, AppError> {
    Ok(enterprise::Entity::live(tenant)
        .filter(scope::enterprises(s))
        .order_by_asc(enterprise::Column::EnterpriseName)
        .order_by_asc(enterprise::Column::Id)
        .all(db)
        .await?)
}

/// The tenant's live enterprises the scope admits that owe a monthly report (`owes_report`, asked in SQL:
/// about a quarter of a register reports, and the rest's wide rows are not read).
pub async fn owing<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope) -> Result<Vec<enterprise::Model>, AppError> {
    Ok(enterprise::Entity::live(tenant)
        .filter(scope::enterprises(s))
        .filter(enterprise::Column::NeedOutputReport.eq(YES))
        .filter(enterprise::Column::OperatingStatus.is_not_in(GONE.iter().copied()))
        .all(db)
        .await?)
}

/// The listed live enterprises of the tenant, whatever the scope (the enterprises of reports already
/// read within it).
pub async fn enterprises_by_id<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<HashMap<i64, enterprise::Model>, AppError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = enterprise::Entity::find()
        .filter(enterprise::Column::TenantId.eq(tenant))
        .filter(enterprise::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|e| (e.id, e)).collect())
}

/// Whether an enterprise owes a monthly report (应报): it is marked as a reporter (by default every 规上
/// industrial enterprise, domain-model §2.1) and has not moved out or closed.
pub fn owes_report(e: &enterprise::Model) -> bool {
    e.is_deleted == keeper_db::base::LIVE && e.need_output_report == YES && !GONE.contains(&e.operating_status.as_str())
}

/// The month's live reports the scope admits.
pub async fn of_month<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope, p: Period) -> Result<Vec<report::Model>, AppError> {
    Ok(report::Entity::live(tenant)
        .filter(scope::reports(tenant, s))
        .filter(report::Column::PeriodYear.eq(p.year()))
        .filter(report::Column::PeriodMonth.eq(p.month() as i32))
        .all(db)
        .await?)
}

/// The listed live reports the scope admits (fewer than asked when some are not).
pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope, ids: &[i64]) -> Result<Vec<report::Model>, AppError> {
    Ok(report::Entity::live(tenant).filter(scope::reports(tenant, s)).filter(report::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// The live report of an enterprise for a month, if any.
pub async fn of_enterprise_month<C: ConnectionTrait>(db: &C, tenant: &str, e: i64, p: Period) -> Result<Option<report::Model>, AppError> {
    Ok(report::Entity::live(tenant)
        .filter(report::Column::EnterpriseId.eq(e))
        .filter(report::Column::PeriodYear.eq(p.year()))
        .filter(report::Column::PeriodMonth.eq(p.month() as i32))
        .one(db)
        .await?)
}

/// Σ approved output per enterprise over the months of `year` in `months`.
async fn approved_sums<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    year: i32,
    months: std::ops::RangeInclusive<i32>,
) -> Result<HashMap<i64, Decimal>, AppError> {
    let rows: Vec<(i64, Option<Decimal>)> = report::Entity::live(tenant)
        .select_only()
        .column(report::Column::EnterpriseId)
        .column_as(report::Column::MonthOutput.sum(), "output")
        .filter(report::Column::ReportStatus.eq(Status::Approved.code()))
        .filter(report::Column::PeriodYear.eq(year))
        .filter(report::Column::PeriodMonth.between(*months.start(), *months.end()))
        .group_by(report::Column::EnterpriseId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(e, sum)| Some((e, sum?))).collect())
}

/// The approved sums the figures of month `p` need, for every enterprise of the tenant (one grouped
/// query each, whatever the number of enterprises).
pub async fn approved_around<C: ConnectionTrait>(db: &C, tenant: &str, p: Period) -> Result<Approved, AppError> {
    let (y, n) = (p.year(), p.month() as i32);
    Ok(Approved {
        before: if n > 1 { approved_sums(db, tenant, y, 1..=n - 1).await? } else { HashMap::new() },
        last_month: approved_sums(db, tenant, y - 1, n..=n).await?,
        last_ytd: approved_sums(db, tenant, y - 1, 1..=n).await?,
    })
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: report::ActiveModel) -> Result<(), sea_orm::DbErr> {
    report::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies `changes` to one live report only while its review status is still `from`: of two concurrent
/// moves of one report, the second finds nothing to change. Answers whether it changed.
pub async fn update_if_status<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    from: Status,
    changes: report::ActiveModel,
) -> Result<bool, AppError> {
    Ok(keeper_db::base::update_if::<report::Entity, _>(db, tenant, id, (report::Column::ReportStatus, from.code()), changes).await?)
}

/// Deletes the listed reports of the tenant (see the migration: a removed report was never counted).
pub async fn delete<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<u64, AppError> {
    Ok(report::Entity::delete_many()
        .filter(report::Column::TenantId.eq(tenant))
        .filter(report::Column::Id.is_in(ids.to_vec()))
        .exec(db)
        .await?
        .rows_affected)
}

/// The live reports of the listed enterprises for a month.
pub async fn of_enterprises_month<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    ids: &[i64],
    p: Period,
) -> Result<Vec<report::Model>, AppError> {
    let mut out = Vec::new();
    for chunk in ids.chunks(1000) {
        out.extend(
            report::Entity::live(tenant)
                .filter(report::Column::EnterpriseId.is_in(chunk.to_vec()))
                .filter(report::Column::PeriodYear.eq(p.year()))
                .filter(report::Column::PeriodMonth.eq(p.month() as i32))
                .all(db)
                .await?,
        );
    }
    Ok(out)
}
