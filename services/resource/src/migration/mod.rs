//! The resource service's schema, one module per migration.
use sea_orm_migration::prelude::*;

mod m20261123_000001_storage;
mod m20261123_000002_sms;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migration_table_name() -> DynIden {
        "resource_migrations".into_iden()
    }
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![Box::new(m20261123_000001_storage::Migration), Box::new(m20261123_000002_sms::Migration)]
    }
}
