//! Monthly progress reports of projects (domain-model §2.2.6), and the opening balance of a project that
//! was already under way when the zone went live (开工至上线累计), which its cumulative figures start from.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000003_project_report"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_project_report").col(id()).to_owned();
        t.col(big("project_id"))
            .col(big_null("dept_id"))
            .col(int("period_year", 0))
            .col(int("period_month", 0))
            .col(ColumnDef::new("month_investment").decimal_len(18, 4).not_null())
            .col(decimal("ytd_investment"))
            .col(decimal("cumulative_investment"))
            .col(decimal("building_investment"))
            .col(decimal("install_investment"))
            .col(decimal("equipment_purchase"))
            .col(decimal("other_cost"))
            .col(decimal("funds_in_place_month"))
            .col(text("from_status", 4))
            .col(text("project_status", 4))
            .col(ColumnDef::new("status_change").text().not_null())
            .col(text("current_stage", 4))
            .col(ColumnDef::new("progress_desc").text().not_null())
            .col(ColumnDef::new("next_month_plan").text().not_null())
            .col(int_null("workers_on_site"))
            .col(text("has_issue", 1))
            .col(text("report_status", 1))
            .col(big_null("submit_user"))
            .col(text("submit_user_name", 50))
            .col(time_null("submit_time"))
            .col(big_null("audit_user"))
            .col(text("audit_user_name", 50))
            .col(time_null("audit_time"))
            .col(text("review_opinion", 500))
            .col(text("remark", 500));
        base(&mut t, true);
        m.create_table(t).await?;
        // One report per project and month (checked under the tenant's lock: removed drafts stay as rows),
        // and the read side sums a year's approved reports by territory.
        m.create_index(
            Index::create()
                .name("idx_biz_project_report_project")
                .table("biz_project_report")
                .col("tenant_id")
                .col("project_id")
                .col("period_year")
                .col("period_month")
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_biz_project_report_period")
                .table("biz_project_report")
                .col("tenant_id")
                .col("period_year")
                .col("report_status")
                .col("dept_id")
                .to_owned(),
        )
        .await?;
        m.alter_table(Table::alter().table("biz_project").add_column(decimal("opening_investment")).to_owned()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table("biz_project").drop_column("opening_investment").to_owned()).await?;
        m.drop_table(Table::drop().table("biz_project_report").to_owned()).await
    }
}
