//! The operation and error logs say where a request was served, as BladeX's `blade_log_api` and
//! `blade_log_error` do: `server_host`, `server_ip`, `env`, `method_class`, `method_name`.
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261124_000090_log_origin"
    }
}

const TABLES: [&str; 2] = ["sys_api_log", "sys_error_log"];

fn columns() -> [ColumnDef; 5] {
    use keeper_db::columns::text;
    [text("server_host", 255), text("server_ip", 64), text("env", 32), text("method_class", 255), text("method_name", 255)]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            keeper_db::columns::add_all(m, table, columns().into()).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            keeper_db::columns::drop_all(m, table, columns().into()).await?;
        }
        Ok(())
    }
}
