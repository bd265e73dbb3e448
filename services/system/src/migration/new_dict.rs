//! A business dictionary added to the built-in catalogue after tenants were created: the migration that
//! brings it to an existing installation seeds it for every live tenant without it (a tenant created
//! later gets it from the catalogue like any other; a fresh database has no tenants yet when migrations
//! run). Running it twice changes nothing.
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use sea_orm_migration::SchemaManager;

use crate::builtin::BUSINESS_DICTS;
use crate::entity::{dict_biz, tenant};

/// Seeds the catalogue's dictionary `code` for each live tenant that has none of it.
pub async fn add(m: &SchemaManager<'_>, code: &str) -> Result<(), DbErr> {
    let db = m.get_connection();
    let seed = BUSINESS_DICTS.iter().find(|d| d.code == code).ok_or_else(|| DbErr::Custom(format!("seed data has no {code}")))?;
    let tenants: Vec<String> = tenant::Entity::find()
        .filter(tenant::Column::IsDeleted.eq(0))
        .select_only()
        .column(tenant::Column::TenantId)
        .into_tuple()
        .all(db)
        .await?;
    for t in tenants {
        let held = dict_biz::Entity::find()
            .filter(dict_biz::Column::TenantId.eq(t.as_str()))
            .filter(dict_biz::Column::Code.eq(code))
            .one(db)
            .await?;
        if held.is_none() {
            crate::provision::seed_dicts(db, &t, std::slice::from_ref(seed)).await.map_err(|e| DbErr::Custom(e.to_string()))?;
        }
    }
    Ok(())
}

/// Removes the dictionary `code` from every tenant.
pub async fn remove(m: &SchemaManager<'_>, code: &str) -> Result<(), DbErr> {
    dict_biz::Entity::delete_many().filter(dict_biz::Column::Code.eq(code)).exec(m.get_connection()).await?;
    Ok(())
}
