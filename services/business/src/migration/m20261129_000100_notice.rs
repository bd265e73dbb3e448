//! Notices and their read receipts (issue 18). A notice's attachments are links in `biz_attachment`
//! (owner kind `notice`), like a project's files.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261129_000100_notice"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // MySQL's TEXT holds 64 KB, about 21,000 Chinese characters: a policy document can be longer.
        let mut content = ColumnDef::new("content");
        match m.get_database_backend() {
            sea_orm::DatabaseBackend::MySql => content.custom(Alias::new("mediumtext")),
            _ => content.text(),
        };
        let mut t = Table::create().table("biz_notice").col(id()).to_owned();
        t.col(text("title", 100))
            .col(text("category", 2))
            .col(content.not_null())
            .col(int("notice_status", 0))
            .col(time_null("release_time"))
            .col(int("audience_all", 1))
            .col(text("dept_ids", 2100))
            .col(text("role_ids", 2100))
            .col(text("create_user_name", 50));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(
            Index::create()
                .name("idx_biz_notice_status")
                .table("biz_notice")
                .col("tenant_id")
                .col("notice_status")
                .col("release_time")
                .to_owned(),
        )
        .await?;
        let mut r = Table::create().table("biz_notice_read").col(id()).to_owned();
        r.col(text("tenant_id", 12)).col(big("notice_id")).col(big("user_id")).col(text("user_name", 50)).col(time("read_time"));
        m.create_table(r).await?;
        // One receipt per reader: two tabs opening the notice at once record it once.
        m.create_index(
            Index::create().name("uk_biz_notice_read").table("biz_notice_read").col("notice_id").col("user_id").unique().to_owned(),
        )
        .await?;
        // A reader's receipts, for the unread count in the header of every page.
        m.create_index(
            Index::create()
                .name("idx_biz_notice_read_user")
                .table("biz_notice_read")
                .col("tenant_id")
                .col("user_id")
                .col("notice_id")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_notice_read").to_owned()).await?;
        m.drop_table(Table::drop().table("biz_notice").to_owned()).await
    }
}
