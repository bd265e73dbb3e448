//! One per-tenant write lock for every service: the system service moves from bumping its `sys_tenant`
//! row to a `sys_tenant_lock` table like `biz_tenant_lock` and `res_tenant_lock` (`crate::tenant_lock`).
//! Every existing tenant gets its row here.
use keeper_db::columns::big;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261124_000100_tenant_lock"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("sys_tenant_lock")
                .col(ColumnDef::new("tenant_id").string_len(12).not_null().primary_key())
                .col(big("version"))
                .to_owned(),
        )
        .await?;
        let existing = Query::select().distinct().column("tenant_id").expr(Expr::val(0i64)).from("sys_tenant").to_owned();
        m.exec_stmt(
            Query::insert().into_table("sys_tenant_lock").columns(["tenant_id", "version"]).select_from(existing).unwrap().to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("sys_tenant_lock").to_owned()).await
    }
}
