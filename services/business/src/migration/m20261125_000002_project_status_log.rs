//! The history of each project's status changes (domain-model §2.2.2: "every change writes
//! ProjectStatusLog (from, to, date, operator, reason)").
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000002_project_status_log"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("biz_project_status_log")
                .col(id())
                .col(text("tenant_id", 12))
                .col(big("project_id"))
                .col(text("from_status", 4))
                .col(text("to_status", 4))
                .col(ColumnDef::new("change_date").date().null())
                .col(text("reason", 500))
                .col(big("operator_id"))
                .col(text("operator_name", 50))
                .col(time("create_time"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_biz_project_status_log_project")
                .table("biz_project_status_log")
                .col("tenant_id")
                .col("project_id")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_project_status_log").to_owned()).await
    }
}
