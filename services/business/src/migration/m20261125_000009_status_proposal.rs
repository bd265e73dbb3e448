//! A status move proposed on the 已完成项目 screen and waiting for a reviewer (domain-model §2.2.2: 投产 →
//! 达产 is the park's, confirmed by review, and a 投产 project no longer files monthly reports that could
//! carry the proposal).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000009_status_proposal"
    }
}

fn columns() -> [ColumnDef; 7] {
    [
        text("proposed_status", 2),
        ColumnDef::new("proposed_date").date().null().take(),
        text("proposal_reason", 500),
        big_null("proposed_by"),
        text("proposed_by_name", 50),
        time_null("proposed_time"),
        text("proposal_opinion", 500),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_all(m, "biz_project", columns().into()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_all(m, "biz_project", columns().into()).await
    }
}
