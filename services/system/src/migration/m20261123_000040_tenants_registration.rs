//! A tenant's expiry may lie decades ahead (a permanent licence is often written as 2099-12-31). MySQL's
//! TIMESTAMP ends in January 2038 and would refuse or zero such a value, so on MySQL the column becomes a
//! DATETIME, which holds the same UTC value (every connection runs with time_zone '+00:00') up to year 9999.
//! PostgreSQL's timestamptz and SQLite's text need nothing.
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000040_tenants_registration"
    }
}

async fn expire_time_type(m: &SchemaManager<'_>, ty: &str) -> Result<(), DbErr> {
    if m.get_database_backend() == DbBackend::MySql {
        m.get_connection().execute_unprepared(&format!("ALTER TABLE sys_tenant MODIFY expire_time {ty} NULL")).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        expire_time_type(m, "DATETIME").await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        expire_time_type(m, "TIMESTAMP").await
    }
}
