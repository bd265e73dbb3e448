//! Indexes for reading a large zone (domain-model §6.1: up to 10,000 firms in the register, 2,000 of them
//! reporting output every month), each shaped by the statement it serves, measured on SQLite over a
//! register of 30,000 firms and 150,000 output reports (bench/README.md, output scenario):
//! - the enterprise list's order (newest first, the id breaking ties) over a tenant's live rows: the page
//!   is read from the index's end and its total counted over the index, never over the wide rows;
//! - the enterprises that owe output reports (a quarter of a register);
//! - one month's reports (the 产值填报 list), without a skip-scan of the unique key;
//! - the approved output of a tenant's years summed per enterprise (the 1–N月 figures, the statistics'
//!   pieces) and per department and month (the park matrix): covering, so that neither reads a table
//!   row (the 1–N月 sums 198 → 41 ms, the statistics' pieces 835 → 235 ms, the matrix 417 → 82 ms).
use sea_orm_migration::prelude::*;

pub struct Migration;

/// (name, table, columns).
const INDEXES: &[(&str, &str, &[&str])] = &[
    ("idx_biz_enterprise_live", "biz_enterprise", &["tenant_id", "is_deleted", "create_time", "id"]),
    ("idx_biz_enterprise_reporting", "biz_enterprise", &["tenant_id", "need_output_report"]),
    ("idx_biz_output_report_month", "biz_output_report", &["tenant_id", "period_year", "period_month"]),
    (
        "idx_biz_output_report_by_firm",
        "biz_output_report",
        &["tenant_id", "report_status", "is_deleted", "period_year", "enterprise_id", "dept_id", "period_month", "month_output"],
    ),
    (
        "idx_biz_output_report_by_dept",
        "biz_output_report",
        &["tenant_id", "report_status", "is_deleted", "period_year", "dept_id", "period_month", "month_output"],
    ),
];

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261129_000080_reading_indexes"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, columns) in INDEXES {
            let mut index = Index::create();
            index.name(*name).table(*table);
            for c in *columns {
                index.col(*c);
            }
            m.create_index(index.to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, _) in INDEXES.iter().rev() {
            m.drop_index(Index::drop().name(*name).table(*table).to_owned()).await?;
        }
        Ok(())
    }
}
