//! Monthly output reports of enterprises (domain-model §2.3.1).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000050_output_report"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_output_report").col(id()).to_owned();
        t.col(big("enterprise_id"))
            .col(big_null("dept_id"))
            .col(int("period_year", 0))
            .col(int("period_month", 0))
            .col(ColumnDef::new("month_output").decimal_len(18, 4).not_null())
            .col(decimal("last_year_month_output"))
            .col(decimal("last_year_ytd_output"))
            .col(decimal("month_revenue"))
            .col(decimal("month_added_value"))
            .col(decimal("month_tax"))
            .col(decimal("month_profit"))
            .col(ColumnDef::new("electricity").decimal_len(14, 2).null())
            .col(int_null("employee_count"))
            .col(decimal("next_month_forecast"))
            .col(text("decline_reason", 500))
            .col(ColumnDef::new("problems").text().not_null())
            .col(text("report_status", 1))
            .col(text("is_late", 1))
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
        // One report per enterprise and month. Removing a report deletes its row (it was never approved
        // and counted nowhere; its review log stays), so the database itself can hold the rule, also
        // against two clerks filing the same enterprise at once.
        m.create_index(
            Index::create()
                .name("uk_biz_output_report_month")
                .table("biz_output_report")
                .col("tenant_id")
                .col("enterprise_id")
                .col("period_year")
                .col("period_month")
                .unique()
                .to_owned(),
        )
        .await?;
        // The list, the completeness view and the statistics read a month's (or a year's) reports.
        m.create_index(
            Index::create()
                .name("idx_biz_output_report_period")
                .table("biz_output_report")
                .col("tenant_id")
                .col("period_year")
                .col("report_status")
                .col("dept_id")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_output_report").to_owned()).await
    }
}
