//! An issue raised from an enterprise's monthly output report (产值填报's 生产经营困难/诉求, domain-model §2.3.1:
//! "can be converted into an issue") keeps the report it came from, as one raised with a project's monthly
//! report keeps that one.
use keeper_db::columns::big_null;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261130_000110_issue_from_output"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table("biz_project_issue").add_column(big_null("output_report_id")).to_owned()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table("biz_project_issue").drop_column("output_report_id").to_owned()).await
    }
}
