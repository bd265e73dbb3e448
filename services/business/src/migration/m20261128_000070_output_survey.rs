//! Output surveys (摸底, domain-model §2.3.5 `OutputSurvey`): per tenant, year, round and enterprise the
//! enterprise's expected output for the year with its drivers, and the park's verified figure, through
//! the review workflow.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261128_000070_output_survey"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_output_survey").col(id()).to_owned();
        t.col(int("survey_year", 0))
            .col(text("survey_round", 2))
            .col(big("enterprise_id"))
            .col(big("dept_id"))
            .col(ColumnDef::new("last_year_output").decimal_len(18, 4).not_null())
            .col(ColumnDef::new("expected_output").decimal_len(18, 4).not_null())
            .col(decimal("expected_q1"))
            .col(decimal("expected_q2"))
            .col(decimal("expected_q3"))
            .col(decimal("expected_q4"))
            .col(decimal("new_capacity_output"))
            .col(text("new_project_ids", 500))
            .col(text("growth_factors", 500))
            .col(text("decline_factors", 500))
            .col(decimal("verified_output"))
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
        // One survey per enterprise, year and round. A removed survey (never approved) deletes its row, so
        // the database holds the rule, also against two clerks filing the same enterprise at once.
        m.create_index(
            Index::create()
                .name("uk_biz_output_survey_round")
                .table("biz_output_survey")
                .col("tenant_id")
                .col("survey_year")
                .col("survey_round")
                .col("enterprise_id")
                .unique()
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_output_survey").to_owned()).await
    }
}
