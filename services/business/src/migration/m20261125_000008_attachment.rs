//! Attachments of projects and monthly reports (附件 and 现场照片, domain-model §2.2.1 and §2.2.6): links
//! from a project or a report to files of the resource service's attachment register, each with its
//! category (`attachment_category`) and what the file was called, so that a list needs no call to the
//! resource service.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000008_attachment"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_attachment").col(id()).to_owned();
        t.col(text("owner_kind", 10))
            .col(big("owner_id"))
            .col(big("project_id"))
            .col(text("category", 2))
            .col(big("attach_id"))
            .col(text("object_name", 255))
            .col(text("oss_code", 32))
            .col(text("original_name", 255))
            .col(text("extension", 32))
            .col(big("attach_size"))
            .col(text("create_user_name", 50));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(
            Index::create()
                .name("idx_biz_attachment_owner")
                .table("biz_attachment")
                .col("tenant_id")
                .col("owner_kind")
                .col("owner_id")
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_attachment").to_owned()).await
    }
}
