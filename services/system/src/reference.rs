//! What another service reads of a tenant to check and label its own rows (`/internal/tenant-reference`):
//! the live departments and roles, the live, unsealed items of the named business dictionaries, and the business
//! parameters (`business.*`) as they apply to the tenant.
use keeper_client::system::{DeptRef, DictEntry, RoleRef, TenantReference};
use keeper_common::AppError;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::role;

pub async fn of_tenant<C: ConnectionTrait>(db: &C, tenant_id: &str, codes: &[&str]) -> Result<TenantReference, AppError> {
    let depts = crate::depts::repo::live(db, tenant_id).await?;
    let items = crate::dicts::lookup::biz_items(db, tenant_id, codes).await?;
    let mut reference = TenantReference {
        depts: depts
            .into_iter()
            .map(|d| DeptRef { id: d.id, parent_id: d.parent_id, name: d.dept_name, power_type: d.power_type })
            .collect(),
        roles: role::Entity::find()
            .filter(role::Column::TenantId.eq(tenant_id))
            .filter(role::Column::IsDeleted.eq(0))
            .order_by_asc(role::Column::Sort)
            .order_by_asc(role::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(|r| RoleRef { id: r.id, name: r.role_name })
            .collect(),
        ..Default::default()
    };
    for item in items {
        reference.dicts.entry(item.code).or_default().push(DictEntry { key: item.dict_key, label: item.dict_value });
    }
    reference.params = crate::params::effective_under(db, tenant_id, crate::params::BUSINESS_PREFIX).await?;
    Ok(reference)
}
