//! Birthdays lie before 1970, where MySQL's TIMESTAMP does not reach: on MySQL the column becomes a
//! DATETIME holding the same UTC value (every connection runs with time_zone '+00:00'). PostgreSQL's
//! timestamptz and SQLite's text need nothing.
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000050_user_birthday"
    }
}

async fn birthday_type(m: &SchemaManager<'_>, ty: &str) -> Result<(), DbErr> {
    if m.get_database_backend() == DbBackend::MySql {
        m.get_connection().execute_unprepared(&format!("ALTER TABLE sys_user MODIFY birthday {ty} NULL")).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        birthday_type(m, "DATETIME").await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        birthday_type(m, "TIMESTAMP").await
    }
}
