//! SMS configurations per tenant (api-contract §8.4), the send log and the verification codes (§8.5).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000002_sms"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("res_sms").col(id()).to_owned();
        t.col(int("category", 1))
            .col(text("sms_code", 32))
            .col(text("template_id", 64))
            .col(text("access_key", 255))
            .col(text("secret_key", 255))
            .col(text("app_id", 64))
            .col(text("region_id", 64))
            .col(text("sign_name", 64))
            .col(text("endpoint", 255))
            .col(text("remark", 255));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(Index::create().name("idx_res_sms_tenant").table("res_sms").col("tenant_id").col("sms_code").to_owned()).await?;

        m.create_table(
            Table::create()
                .table("res_sms_log")
                .col(id())
                .col(text("tenant_id", 12))
                .col(big("sms_id"))
                .col(text("sms_code", 32))
                .col(int("category", 1))
                .col(text("phone", 20))
                .col(text("template_id", 64))
                .col(text("params", 2000))
                .col(int("success", 0))
                .col(text("message", 500))
                .col(text("biz_id", 128))
                .col(big_null("create_user"))
                .col(time("create_time"))
                .to_owned(),
        )
        .await?;
        m.create_index(Index::create().name("idx_res_sms_log_tenant").table("res_sms_log").col("tenant_id").col("create_time").to_owned())
            .await?;

        m.create_table(
            Table::create()
                .table("res_sms_code")
                .col(id())
                .col(text("tenant_id", 12))
                .col(text("phone", 20))
                .col(text("code_hash", 64))
                .col(int("attempts", 0))
                .col(int("consumed", 0))
                .col(time("expire_time"))
                .col(time("create_time"))
                .to_owned(),
        )
        .await?;
        // The rate limit counts a number's recent codes.
        m.create_index(
            Index::create()
                .name("idx_res_sms_code_phone")
                .table("res_sms_code")
                .col("tenant_id")
                .col("phone")
                .col("create_time")
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for t in ["res_sms_code", "res_sms_log", "res_sms"] {
            m.drop_table(Table::drop().table(t).to_owned()).await?;
        }
        Ok(())
    }
}
