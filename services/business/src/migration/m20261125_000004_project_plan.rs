//! A project's annual plan (年度计划, domain-model §2.2.1 `ProjectAnnualPlan`): per project and year the
//! planned investment, the year's milestone, whether it is to start or finish this year, and optionally the
//! twelve planned months (which then add up to the year). The tracked list compares a year's approved
//! reports with it (占年度计划, the lag behind the time schedule).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000004_project_plan"
    }
}

/// The twelve month columns, `m01` … `m12`.
const MONTHS: [&str; 12] = ["m01", "m02", "m03", "m04", "m05", "m06", "m07", "m08", "m09", "m10", "m11", "m12"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_project_plan").col(id()).to_owned();
        t.col(big("project_id"))
            .col(int("plan_year", 0))
            .col(ColumnDef::new("year_plan_investment").decimal_len(18, 4).not_null())
            .col(ColumnDef::new("year_milestone").text().not_null())
            .col(text("plan_start_this_year", 1))
            .col(text("plan_complete_this_year", 1));
        for month in MONTHS {
            t.col(decimal(month));
        }
        t.col(text("remark", 500));
        base(&mut t, true);
        m.create_table(t).await?;
        // One plan per project and year (checked under the tenant's lock; removed plans stay as rows).
        m.create_index(
            Index::create()
                .name("idx_biz_project_plan_project")
                .table("biz_project_plan")
                .col("tenant_id")
                .col("project_id")
                .col("plan_year")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_project_plan").to_owned()).await
    }
}
