//! The business service's schema, one module per migration.
use sea_orm_migration::prelude::*;

mod m20261122_000001_enterprise;
mod m20261123_000001_enterprise_admin;
mod m20261124_000001_review_log;
mod m20261125_000001_project;
mod m20261125_000002_project_status_log;
mod m20261125_000003_project_report;
mod m20261125_000004_project_plan;
mod m20261125_000005_tech_renovation;
mod m20261125_000006_project_issue;
mod m20261125_000007_project_completion;
mod m20261125_000008_attachment;
mod m20261125_000009_status_proposal;
mod m20261125_000020_dept_target;
mod m20261125_000030_month_lock;
mod m20261125_000031_sheet_snapshot;
mod m20261125_000040_investment_forecast;
mod m20261125_000050_output_report;
mod m20261128_000060_output_target;
mod m20261128_000070_output_survey;
mod m20261129_000080_reading_indexes;
mod m20261129_000090_output_year_sum;
mod m20261129_000100_notice;
mod m20261130_000110_issue_from_output;
mod m20261130_000120_month_rows;
mod m20261130_000130_register_list;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migration_table_name() -> DynIden {
        "business_migrations".into_iden()
    }
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_enterprise::Migration),
            Box::new(m20261123_000001_enterprise_admin::Migration),
            Box::new(m20261124_000001_review_log::Migration),
            Box::new(m20261125_000001_project::Migration),
            Box::new(m20261125_000002_project_status_log::Migration),
            Box::new(m20261125_000003_project_report::Migration),
            Box::new(m20261125_000004_project_plan::Migration),
            Box::new(m20261125_000005_tech_renovation::Migration),
            Box::new(m20261125_000006_project_issue::Migration),
            Box::new(m20261125_000007_project_completion::Migration),
            Box::new(m20261125_000008_attachment::Migration),
            Box::new(m20261125_000009_status_proposal::Migration),
            Box::new(m20261125_000020_dept_target::Migration),
            Box::new(m20261125_000030_month_lock::Migration),
            Box::new(m20261125_000031_sheet_snapshot::Migration),
            Box::new(m20261125_000040_investment_forecast::Migration),
            Box::new(m20261125_000050_output_report::Migration),
            Box::new(m20261128_000060_output_target::Migration),
            Box::new(m20261128_000070_output_survey::Migration),
            Box::new(m20261129_000080_reading_indexes::Migration),
            Box::new(m20261129_000090_output_year_sum::Migration),
            Box::new(m20261129_000100_notice::Migration),
            Box::new(m20261130_000110_issue_from_output::Migration),
            Box::new(m20261130_000120_month_rows::Migration),
            Box::new(m20261130_000130_register_list::Migration),
        ]
    }
}
