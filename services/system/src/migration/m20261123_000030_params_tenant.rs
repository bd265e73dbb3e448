//! Parameters become tenant-overridable: rows of tenant '000000' are the defaults, a tenant's own row with the
//! same key overrides its default for that tenant only.
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000030_params_tenant"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // Existing rows were global, so they become the defaults of the platform tenant.
        m.alter_table(
            Table::alter()
                .table("sys_param")
                .add_column(ColumnDef::new("tenant_id").string_len(12).not_null().default("000000"))
                .to_owned(),
        )
        .await?;
        m.create_index(Index::create().name("idx_sys_param_tenant_key").table("sys_param").col("tenant_id").col("param_key").to_owned())
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("idx_sys_param_tenant_key").table("sys_param").to_owned()).await?;
        m.alter_table(Table::alter().table("sys_param").drop_column("tenant_id").to_owned()).await
    }
}
