//! Roles keep a remark, as BladeX's `blade_role` does: a Sword client sends and shows it.
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261124_000080_role_remark"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table("sys_role").add_column(keeper_db::columns::text("remark", 255)).to_owned()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table("sys_role").drop_column("remark").to_owned()).await
    }
}
