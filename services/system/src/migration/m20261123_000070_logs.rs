//! The operation log (`sys_api_log`) and the error log (`sys_error_log`) of every service, and a time
//! index on all three logs: screens read a tenant's newest rows, retention deletes the oldest of all.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000070_logs"
    }
}

/// Columns both logs share after the id: where a request came from and who made it.
fn request_columns(t: &mut TableCreateStatement) {
    t.col(text("remote_ip", 64)).col(text("user_agent", 500)).col(text("request_id", 64)).col(big_null("user_id")).col(text("account", 45));
}

async fn index(m: &SchemaManager<'_>, table: &'static str, name: &str, cols: &[&'static str]) -> Result<(), DbErr> {
    let mut i = Index::create().name(name).table(table).to_owned();
    for c in cols {
        i.col(*c);
    }
    m.create_index(i).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("sys_api_log").col(id()).to_owned();
        t.col(text("tenant_id", 12))
            .col(text("service_id", 32))
            .col(text("title", 255))
            .col(text("method", 10))
            .col(text("request_uri", 500))
            .col(long_text("params"))
            .col(int("status", 0))
            .col(int("success", 0))
            .col(big("elapsed_ms"));
        request_columns(&mut t);
        t.col(time("create_time"));
        m.create_table(t).await?;
        index(m, "sys_api_log", "idx_sys_api_log_tenant_time", &["tenant_id", "create_time"]).await?;
        index(m, "sys_api_log", "idx_sys_api_log_time", &["create_time"]).await?;

        let mut t = Table::create().table("sys_error_log").col(id()).to_owned();
        t.col(text("tenant_id", 12))
            .col(text("service_id", 32))
            .col(text("method", 10))
            .col(text("request_uri", 500))
            .col(long_text("params"))
            .col(text("exception_name", 255))
            .col(long_text("message"));
        request_columns(&mut t);
        t.col(time("create_time"));
        m.create_table(t).await?;
        index(m, "sys_error_log", "idx_sys_error_log_tenant_time", &["tenant_id", "create_time"]).await?;
        index(m, "sys_error_log", "idx_sys_error_log_time", &["create_time"]).await?;

        index(m, "sys_login_log", "idx_sys_login_log_created", &["create_time"]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("idx_sys_login_log_created").table("sys_login_log").to_owned()).await?;
        m.drop_table(Table::drop().table("sys_error_log").to_owned()).await?;
        m.drop_table(Table::drop().table("sys_api_log").to_owned()).await
    }
}
