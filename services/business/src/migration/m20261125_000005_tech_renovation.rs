//! The technical-renovation facts of a 技术改造 project (domain-model §2.2.4, `TechRenovationInfo`): at most
//! one row per project, written with the project.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000005_tech_renovation"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_tech_renovation").col(id()).to_owned();
        t.col(big("project_id"))
            .col(text("renovation_type", 2))
            .col(text("filing_code", 24))
            .col(ColumnDef::new("filing_date").date().null())
            .col(ColumnDef::new("equipment_investment").decimal_len(18, 4).not_null())
            .col(int_null("new_equipment_count"))
            .col(text("is_key_renovation", 1))
            .col(text("subsidy_applied", 1))
            .col(decimal("subsidy_amount"))
            .col(decimal("expected_new_output"))
            .col(decimal("expected_new_tax"))
            .col(ColumnDef::new("expected_energy_saving").decimal_len(14, 2).null());
        base(&mut t, true);
        m.create_table(t).await?;
        // 0..1 per project: the row is kept (not soft-deleted) while the project lives, and updated in place.
        m.create_index(
            Index::create()
                .name("uk_biz_tech_renovation_project")
                .table("biz_tech_renovation")
                .col("tenant_id")
                .col("project_id")
                .unique()
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_tech_renovation").to_owned()).await
    }
}
