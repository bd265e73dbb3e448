//! The enterprise register of domain-model §2.1.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000001_enterprise"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_enterprise").col(id()).to_owned();
        t.col(text("enterprise_name", 100))
            .col(text("short_name", 50))
            .col(text("credit_code", 18))
            .col(text("company_type", 10))
            .col(text("industry_code", 10))
            .col(text("leading_industry", 20))
            .col(big_null("dept_id"))
            .col(big_null("industry_dept_id"))
            .col(text("legal_person", 50))
            .col(decimal("registered_capital"))
            .col(ColumnDef::new("establish_date").date().null())
            .col(text("registered_address", 200))
            .col(text("production_address", 200))
            .col(ColumnDef::new("longitude").decimal_len(10, 6).null())
            .col(ColumnDef::new("latitude").decimal_len(10, 6).null())
            .col(text("stat_category", 10))
            .col(text("is_above_scale", 1))
            .col(text("above_scale_period", 7))
            .col(text("enterprise_scale", 2))
            .col(text("is_high_tech", 1))
            .col(text("specialized_level", 2))
            .col(text("is_listed", 1))
            .col(int_null("employee_count"))
            .col(ColumnDef::new("land_area").decimal_len(12, 2).null())
            .col(text("main_products", 500))
            .col(decimal("last_year_output"))
            .col(text("contact_name", 50))
            .col(text("contact_phone", 30))
            .col(text("liaison_leader", 50))
            .col(big_null("liaison_dept_id"))
            .col(text("operating_status", 2))
            .col(text("need_output_report", 1))
            .col(text("remark", 500));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(
            Index::create().name("idx_biz_enterprise_tenant").table("biz_enterprise").col("tenant_id").col("dept_id").to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("idx_biz_enterprise_credit").table("biz_enterprise").col("tenant_id").col("credit_code").to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_enterprise").to_owned()).await
    }
}
