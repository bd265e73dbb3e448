//! Investment projects (domain-model §2.2.1) and the history of their status changes (§2.2.2).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000001_project"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_project").col(id()).to_owned();
        t.col(text("project_no", 30))
            .col(text("approval_code", 24))
            .col(text("project_name", 200))
            .col(big_null("enterprise_id"))
            .col(text("owner_name", 200))
            .col(text("investor_name", 200))
            .col(text("investor_origin", 2))
            .col(text("project_source", 2))
            .col(big_null("dept_id"))
            .col(big_null("industry_dept_id"))
            .col(text("project_type", 4))
            .col(text("project_status", 4))
            .col(text("library_status", 2))
            .col(text("construction_nature", 2))
            .col(text("industry_code", 10))
            .col(text("leading_industry", 20))
            .col(text("project_level", 2))
            .col(text("is_key_project", 1))
            .col(text("is_tracked", 1))
            .col(text("address", 200))
            .col(ColumnDef::new("longitude").decimal_len(10, 6).null())
            .col(ColumnDef::new("latitude").decimal_len(10, 6).null())
            .col(ColumnDef::new("construction_content").text().not_null())
            .col(decimal("total_investment"))
            .col(decimal("fixed_asset_investment"))
            .col(decimal("equipment_investment"))
            .col(decimal("foreign_investment"))
            .col(ColumnDef::new("land_area").decimal_len(12, 2).null())
            .col(ColumnDef::new("building_area").decimal_len(14, 2).null())
            .col(ColumnDef::new("sign_date").date().null())
            .col(decimal("contract_amount"))
            .col(decimal("funds_in_place"))
            .col(ColumnDef::new("planned_start_date").date().null())
            .col(ColumnDef::new("actual_start_date").date().null())
            .col(ColumnDef::new("planned_completion_date").date().null())
            .col(ColumnDef::new("actual_completion_date").date().null())
            .col(ColumnDef::new("production_date").date().null())
            .col(ColumnDef::new("full_capacity_date").date().null())
            .col(int_null("construction_start_year"))
            .col(int_null("construction_end_year"))
            .col(decimal("expected_annual_output"))
            .col(decimal("expected_annual_tax"))
            .col(int_null("expected_jobs"))
            .col(text("responsible_leader", 50))
            .col(big_null("responsible_dept_id"))
            .col(text("responsible_person", 50))
            .col(text("responsible_phone", 30))
            .col(text("owner_contact", 50))
            .col(text("owner_phone", 30))
            .col(text("is_stat_included", 1))
            .col(text("stat_included_period", 7))
            .col(decimal("cumulative_investment"))
            .col(text("current_stage", 4))
            .col(text("warning_level", 1))
            .col(text("exit_reason", 500))
            .col(ColumnDef::new("exit_date").date().null())
            .col(text("suspended_from", 4))
            .col(big_null("submit_user"))
            .col(text("submit_user_name", 50))
            .col(time_null("submit_time"))
            .col(ColumnDef::new("entry_date").date().null())
            .col(text("review_opinion", 500))
            .col(text("remark", 500));
        base(&mut t, true);
        m.create_table(t).await?;
        // The lists filter a tenant's projects by territory and by library status.
        m.create_index(Index::create().name("idx_biz_project_dept").table("biz_project").col("tenant_id").col("dept_id").to_owned())
            .await?;
        m.create_index(
            Index::create().name("idx_biz_project_library").table("biz_project").col("tenant_id").col("library_status").to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_project").to_owned()).await
    }
}
