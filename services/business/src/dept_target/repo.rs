//! Queries of `biz_dept_target` and `biz_dept_target_version`; every function takes the tenant.
use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::{dept_target as target, dept_target_version as version};

/// What the target list filters on.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub year: i32,
    pub indicator: Option<String>,
    pub depts: Option<Vec<i64>>,
    pub statuses: Option<Vec<&'static str>>,
}

/// The live targets of a year, by indicator and then department.
pub async fn of_year<C: ConnectionTrait>(db: &C, tenant: &str, f: &Filter) -> Result<Vec<target::Model>, AppError> {
    let mut q = target::Entity::live(tenant).filter(target::Column::TargetYear.eq(f.year));
    if let Some(i) = &f.indicator {
        q = q.filter(target::Column::IndicatorCode.eq(i.as_str()));
    }
    if let Some(d) = &f.depts {
        q = q.filter(target::Column::DeptId.is_in(d.clone()));
    }
    if let Some(s) = &f.statuses {
        q = q.filter(target::Column::TargetStatus.is_in(s.iter().copied()));
    }
    Ok(q.order_by_asc(target::Column::IndicatorCode).order_by_asc(target::Column::DeptId).all(db).await?)
}

/// The live target of a department, year and indicator (at most one: checked under the tenant's lock).
pub async fn of_key<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    year: i32,
    dept: i64,
    indicator: &str,
) -> Result<Option<target::Model>, AppError> {
    Ok(target::Entity::live(tenant)
        .filter(target::Column::TargetYear.eq(year))
        .filter(target::Column::DeptId.eq(dept))
        .filter(target::Column::IndicatorCode.eq(indicator))
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

/// The earlier versions of a target, latest first.
pub async fn versions<C: ConnectionTrait>(db: &C, tenant: &str, target_id: i64) -> Result<Vec<version::Model>, AppError> {
    Ok(version::Entity::live(tenant)
        .filter(version::Column::TargetId.eq(target_id))
        .order_by_desc(version::Column::Version)
        .all(db)
        .await?)
}

/// The latest kept version of each of the targets, by target (one query for a whole completion view).
pub async fn latest_versions<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    target_ids: &[i64],
) -> Result<std::collections::HashMap<i64, version::Model>, AppError> {
    let mut out = std::collections::HashMap::new();
    if target_ids.is_empty() {
        return Ok(out);
    }
    let rows = version::Entity::live(tenant)
        .filter(version::Column::TargetId.is_in(target_ids.to_vec()))
        .order_by_desc(version::Column::Version)
        .all(db)
        .await?;
    for v in rows {
        out.entry(v.target_id).or_insert(v);
    }
    Ok(out)
}
