//! Month locks (`biz_month_lock`, domain-model §2.2.5c): the committee closes a reporting month of a pillar
//! once its figures were presented, so that the month's reports no longer move. One row per tenant, pillar
//! and month while it is locked; unlocking removes it (the reason stays with the frozen sheet).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000030_month_lock"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("biz_month_lock")
                .col(id())
                .col(text("tenant_id", 12))
                .col(text("pillar", 20))
                .col(int("period_year", 0))
                .col(int("period_month", 0))
                .col(big("locked_by"))
                .col(text("locked_name", 50))
                .col(time("locked_time"))
                .to_owned(),
        )
        .await?;
        // Two committee members locking the same month at once: the second insert fails here.
        m.create_index(
            Index::create()
                .name("uk_biz_month_lock_period")
                .table("biz_month_lock")
                .col("tenant_id")
                .col("pillar")
                .col("period_year")
                .col("period_month")
                .unique()
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_month_lock").to_owned()).await
    }
}
