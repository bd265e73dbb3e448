//! Enterprise administration: a per-tenant lock row that serialises writes of the register (credit codes
//! and names are unique among live rows only, which no portable index expresses), and an index for the
//! name look-ups and sorting of the list.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000001_enterprise_admin"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("biz_tenant_lock")
                .col(ColumnDef::new("tenant_id").string_len(12).not_null().primary_key())
                .col(big("version"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("idx_biz_enterprise_name").table("biz_enterprise").col("tenant_id").col("enterprise_name").to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("idx_biz_enterprise_name").table("biz_enterprise").to_owned()).await?;
        m.drop_table(Table::drop().table("biz_tenant_lock").to_owned()).await
    }
}
