//! Investment forecasts (投资预测, domain-model §2.2.5b): per project and month what the park expects the
//! project to complete this month, this quarter and this year, through the review workflow. The
//! department is copied from the project when the forecast is filed, as on monthly reports.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000040_investment_forecast"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_investment_forecast").col(id()).to_owned();
        t.col(big("project_id"))
            .col(big_null("dept_id"))
            .col(int("forecast_year", 0))
            .col(int("forecast_month", 0))
            .col(ColumnDef::new("expected_month_investment").decimal_len(18, 4).not_null())
            .col(decimal("expected_quarter_investment"))
            .col(ColumnDef::new("expected_year_investment").decimal_len(18, 4).not_null())
            .col(ColumnDef::new("expected_start_date").date().null())
            .col(ColumnDef::new("expected_production_date").date().null())
            .col(text("basis", 500))
            .col(text("report_status", 1))
            .col(big_null("submit_user"))
            .col(text("submit_user_name", 50))
            .col(time_null("submit_time"))
            .col(big_null("audit_user"))
            .col(text("audit_user_name", 50))
            .col(time_null("audit_time"))
            .col(text("review_opinion", 500));
        base(&mut t, true);
        m.create_table(t).await?;
        // One forecast per project and month (checked under the tenant's lock), and the summary reads a
        // month's approved forecasts.
        m.create_index(
            Index::create()
                .name("idx_biz_investment_forecast_period")
                .table("biz_investment_forecast")
                .col("tenant_id")
                .col("forecast_year")
                .col("forecast_month")
                .col("project_id")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_investment_forecast").to_owned()).await
    }
}
