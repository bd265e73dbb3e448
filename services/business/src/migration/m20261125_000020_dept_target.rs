//! Department targets (目标任务, domain-model §2.2.5a): per tenant, year, department and indicator the
//! annual target and its twelve months, with the lifecycle 草稿 → 已下达 → 已确认 (调整中 for a revision).
//! A revision keeps the earlier version as a row of `biz_dept_target_version`. Beside them the official
//! figures the bureau types in for what the platform does not measure (`OfficialIndicatorValue`, §2.3.4).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000020_dept_target"
    }
}

/// The twelve month columns, `m01` … `m12`.
const MONTHS: [&str; 12] = ["m01", "m02", "m03", "m04", "m05", "m06", "m07", "m08", "m09", "m10", "m11", "m12"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_dept_target").col(id()).to_owned();
        t.col(int("target_year", 0))
            .col(big("dept_id"))
            .col(text("indicator_code", 10))
            .col(ColumnDef::new("annual_target").decimal_len(18, 4).not_null())
            .col(ColumnDef::new("target_growth").decimal_len(6, 2).null())
            .col(decimal("last_year_actual"))
            .col(text("split_mode", 2))
            .col(ColumnDef::new("q1_share").decimal_len(6, 2).null())
            .col(ColumnDef::new("h1_share").decimal_len(6, 2).null())
            .col(ColumnDef::new("q3_share").decimal_len(6, 2).null());
        for month in MONTHS {
            t.col(decimal(month));
        }
        t.col(text("target_status", 2))
            .col(int("version", 1))
            .col(big_null("issued_by"))
            .col(text("issued_name", 50))
            .col(time_null("issued_time"))
            .col(big_null("confirmed_by"))
            .col(text("confirmed_name", 50))
            .col(time_null("confirmed_time"))
            .col(text("revision_reason", 500))
            .col(text("remark", 500));
        base(&mut t, true);
        m.create_table(t).await?;
        // One live target per (tenant, year, department, indicator): checked under the tenant's lock, since
        // removed targets stay as rows.
        m.create_index(
            Index::create()
                .name("idx_biz_dept_target_year")
                .table("biz_dept_target")
                .col("tenant_id")
                .col("target_year")
                .col("indicator_code")
                .col("dept_id")
                .to_owned(),
        )
        .await?;

        let mut t = Table::create().table("biz_dept_target_version").col(id()).to_owned();
        t.col(big("target_id")).col(int("version", 1)).col(long_text("content")).col(text("reason", 500)).col(text("create_user_name", 50));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(
            Index::create()
                .name("idx_biz_dept_target_version_target")
                .table("biz_dept_target_version")
                .col("tenant_id")
                .col("target_id")
                .to_owned(),
        )
        .await?;

        let mut t = Table::create().table("biz_official_indicator").col(id()).to_owned();
        t.col(big("dept_id"))
            .col(int("period_year", 0))
            .col(int("period_month", 0))
            .col(text("indicator_code", 10))
            .col(text("data_source", 2))
            .col(ColumnDef::new("indicator_value").decimal_len(18, 4).not_null())
            .col(text("remark", 500));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(
            Index::create()
                .name("idx_biz_official_indicator_period")
                .table("biz_official_indicator")
                .col("tenant_id")
                .col("period_year")
                .col("indicator_code")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in ["biz_official_indicator", "biz_dept_target_version", "biz_dept_target"] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
