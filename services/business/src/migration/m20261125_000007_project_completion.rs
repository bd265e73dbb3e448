//! The completion fields of a finished project (domain-model §2.2.8): the day of the acceptance, the
//! investment actually made, the capacity added, the output and tax after production, and whether the
//! enterprise has entered the statistics of enterprises above scale.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000007_project_completion"
    }
}

fn columns() -> [ColumnDef; 6] {
    [
        ColumnDef::new("acceptance_date").date().null().take(),
        decimal("actual_total_investment"),
        text("new_capacity", 500),
        decimal("actual_annual_output"),
        decimal("actual_annual_tax"),
        text("entered_above_scale", 1),
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
