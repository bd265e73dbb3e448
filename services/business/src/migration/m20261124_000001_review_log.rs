//! The audit trail of the review workflow (`biz_review_log`, domain-model §2.0), read per filing.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261124_000001_review_log"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("biz_review_log")
                .col(id())
                .col(text("tenant_id", 12))
                .col(text("biz_type", 30))
                .col(big("biz_id"))
                .col(text("step", 20))
                .col(text("from_status", 2))
                .col(text("to_status", 2))
                .col(text("opinion", 500))
                .col(big("operator_id"))
                .col(text("operator_name", 50))
                .col(time("create_time"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_biz_review_log_filing")
                .table("biz_review_log")
                .col("tenant_id")
                .col("biz_type")
                .col("biz_id")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_review_log").to_owned()).await
    }
}
