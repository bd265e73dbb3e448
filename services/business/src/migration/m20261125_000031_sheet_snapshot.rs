//! Frozen dispatch sheets (`biz_sheet_snapshot`, the "月报快照" of domain-model §2.2.5c): what the sheet
//! of a month showed when the month was locked, as JSON, so that later corrections do not change what was
//! presented. One per lock; an unlocked one stays with who unlocked it and why.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000031_sheet_snapshot"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // A zone's sheet of several hundred projects outgrows MySQL's TEXT (64 KB).
        let mut rows = ColumnDef::new("rows");
        match m.get_database_backend() {
            sea_orm::DbBackend::MySql => rows.custom(Alias::new("longtext")),
            _ => rows.text(),
        };
        m.create_table(
            Table::create()
                .table("biz_sheet_snapshot")
                .col(id())
                .col(text("tenant_id", 12))
                .col(text("pillar", 20))
                .col(int("period_year", 0))
                .col(int("period_month", 0))
                .col(big("lock_id"))
                .col(rows.not_null())
                .col(big("create_user"))
                .col(text("create_user_name", 50))
                .col(time("create_time"))
                .col(big_null("unlocked_by"))
                .col(text("unlocked_name", 50))
                .col(time_null("unlocked_time"))
                .col(text("unlock_reason", 500))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("idx_biz_sheet_snapshot_lock").table("biz_sheet_snapshot").col("tenant_id").col("lock_id").to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_sheet_snapshot").to_owned()).await
    }
}
