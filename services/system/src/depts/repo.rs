//! Queries of `sys_dept`: the tenant's live departments, read by the department rules and the internal API,
//! and the writes of `dept/submit` and `dept/remove`.
use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entity::{dept, user};

/// Live departments of the tenant in display order.
pub async fn live<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<Vec<dept::Model>, AppError> {
    Ok(dept::Entity::find()
        .filter(dept::Column::TenantId.eq(tenant))
        .filter(dept::Column::IsDeleted.eq(0))
        .order_by_asc(dept::Column::Sort)
        .order_by_asc(dept::Column::Id)
        .all(db)
        .await?)
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: dept::ActiveModel) -> Result<(), AppError> {
    dept::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies the set columns of `changes` to one live department of the tenant; 404 when there is none.
pub async fn update_one<C: ConnectionTrait>(db: &C, tenant: &str, id: i64, changes: dept::ActiveModel) -> Result<(), AppError> {
    let n = dept::Entity::update_many()
        .set(changes)
        .filter(dept::Column::Id.eq(id))
        .filter(dept::Column::TenantId.eq(tenant))
        .filter(dept::Column::IsDeleted.eq(0))
        .exec(db)
        .await?
        .rows_affected;
    if n == 0 { Err(AppError::not_found()) } else { Ok(()) }
}

/// The department lists (`dept_id`, comma-joined) of the tenant's live accounts.
pub async fn account_dept_lists<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<Vec<String>, AppError> {
    Ok(user::Entity::live(tenant).select_only().column(user::Column::DeptId).into_tuple().all(db).await?)
}

/// Soft-deletes the listed departments of the tenant.
pub async fn remove<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<(), AppError> {
    dept::Entity::update_many()
        .set(dept::ActiveModel { is_deleted: Set(1), ..Default::default() })
        .filter(dept::Column::Id.is_in(ids.to_vec()))
        .filter(dept::Column::TenantId.eq(tenant))
        .exec(db)
        .await?;
    Ok(())
}
