//! Sessions, their rotating refresh tokens, and login-failure counters.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000001_sessions"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("auth_session")
                .col(ColumnDef::new("id").string_len(64).not_null().primary_key())
                .col(text("tenant_id", 12))
                .col(big("user_id"))
                .col(text("client_id", 48))
                .col(text("ip", 64))
                .col(text("user_agent", 500))
                .col(time("created_at"))
                .col(time("expires_at"))
                .col(time_null("revoked_at"))
                .col(text("revoke_reason", 100))
                .to_owned(),
        )
        .await?;
        m.create_index(Index::create().name("idx_auth_session_user").table("auth_session").col("user_id").to_owned()).await?;
        m.create_index(Index::create().name("idx_auth_session_tenant").table("auth_session").col("tenant_id").to_owned()).await?;
        m.create_table(
            Table::create()
                .table("auth_refresh_token")
                .col(ColumnDef::new("token_hash").string_len(64).not_null().primary_key())
                .col(ColumnDef::new("session_id").string_len(64).not_null())
                .col(time("created_at"))
                .col(time_null("used_at"))
                .to_owned(),
        )
        .await?;
        m.create_index(Index::create().name("idx_auth_refresh_session").table("auth_refresh_token").col("session_id").to_owned()).await?;
        m.create_table(
            Table::create()
                .table("auth_login_failure")
                .col(ColumnDef::new("id").string_len(200).not_null().primary_key())
                .col(int("failures", 0))
                .col(time("window_start"))
                .col(time_null("locked_until"))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for t in ["auth_login_failure", "auth_refresh_token", "auth_session"] {
            m.drop_table(Table::drop().table(t).to_owned()).await?;
        }
        Ok(())
    }
}
