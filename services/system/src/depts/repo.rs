//! Queries of `sys_dept`: the tenant's live departments, read by the department rules and the internal API.
use keeper_common::AppError;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::dept;

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
