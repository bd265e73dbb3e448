//! Storage configurations per tenant (api-contract §8.1) and the attachment register (§8.3).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000001_storage"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("res_oss").col(id()).to_owned();
        t.col(int("category", 1))
            .col(text("oss_code", 32))
            .col(text("endpoint", 255))
            .col(text("access_key", 255))
            .col(text("secret_key", 255))
            .col(text("bucket_name", 255))
            .col(text("region", 64))
            .col(text("remark", 255));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(Index::create().name("idx_res_oss_tenant").table("res_oss").col("tenant_id").col("oss_code").to_owned()).await?;

        let mut t = Table::create().table("res_attach").col(id()).to_owned();
        t.col(big_null("oss_id"))
            .col(text("link", 1000))
            .col(text("domain", 500))
            .col(text("name", 500))
            .col(text("original_name", 500))
            .col(text("extension", 12))
            .col(text("content_type", 100))
            .col(big("attach_size"))
            .col(text("create_user_name", 64));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(Index::create().name("idx_res_attach_tenant").table("res_attach").col("tenant_id").col("create_time").to_owned())
            .await?;
        m.create_index(Index::create().name("idx_res_attach_name").table("res_attach").col("tenant_id").col("name").to_owned()).await?;

        // Serialises the writers of one tenant's configurations: codes stay unique among live rows and
        // exactly one configuration stays enabled.
        m.create_table(
            Table::create()
                .table("res_tenant_lock")
                .col(ColumnDef::new("tenant_id").string_len(12).not_null().primary_key())
                .col(ColumnDef::new("version").big_integer().not_null().default(0))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for t in ["res_tenant_lock", "res_attach", "res_oss"] {
            m.drop_table(Table::drop().table(t).to_owned()).await?;
        }
        Ok(())
    }
}
