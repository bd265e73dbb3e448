//! Enterprise output targets (年度产值分解, domain-model §2.3.3 `OutputTarget`): per tenant, year and
//! enterprise the annual target and its twelve months, with the lifecycle of department targets. A
//! revision keeps the earlier version as a row of `biz_dept_target_version`, whose `target_id` is the id
//! of either kind of target (ids are unique across the tenant's tables).
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261128_000060_output_target"
    }
}

const MONTHS: [&str; 12] = ["m01", "m02", "m03", "m04", "m05", "m06", "m07", "m08", "m09", "m10", "m11", "m12"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_output_target").col(id()).to_owned();
        t.col(int("target_year", 0))
            .col(big("enterprise_id"))
            .col(big("dept_id"))
            .col(decimal("last_year_output"))
            .col(decimal("surveyed_output"))
            .col(ColumnDef::new("annual_target").decimal_len(18, 4).not_null())
            .col(ColumnDef::new("target_growth").decimal_len(10, 2).null())
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
        // One live target per (tenant, year, enterprise): checked under the tenant's lock, since removed
        // targets stay as rows.
        m.create_index(
            Index::create()
                .name("idx_biz_output_target_year")
                .table("biz_output_target")
                .col("tenant_id")
                .col("target_year")
                .col("enterprise_id")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_output_target").to_owned()).await
    }
}
