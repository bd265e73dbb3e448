//! The system service's schema, one module per migration.
use sea_orm_migration::prelude::*;

mod m20261122_000001_core;
mod m20261123_000030_params_tenant;
mod m20261123_000040_tenants_registration;
mod m20261123_000050_user_birthday;
mod m20261123_000060_user_audit_button;
mod m20261123_000070_logs;
mod m20261124_000080_role_remark;
mod m20261124_000090_log_origin;
mod m20261124_000100_tenant_lock;
mod m20261125_000110_issue_buttons;
mod m20261125_000120_attachment_category;
mod m20261125_000130_report_lock_buttons;
mod m20261125_000140_time_progress_param;
mod m20261129_000150_notice;
mod m20261129_000160_remind_button;
mod m20261130_000170_zone_setting;
mod new_button;
mod new_dict;
mod new_menu;
#[cfg(test)]
mod seeded;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migration_table_name() -> DynIden {
        "system_migrations".into_iden()
    }
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_core::Migration),
            Box::new(m20261123_000030_params_tenant::Migration),
            Box::new(m20261123_000040_tenants_registration::Migration),
            Box::new(m20261123_000050_user_birthday::Migration),
            Box::new(m20261123_000060_user_audit_button::Migration),
            Box::new(m20261123_000070_logs::Migration),
            Box::new(m20261124_000080_role_remark::Migration),
            Box::new(m20261124_000090_log_origin::Migration),
            Box::new(m20261124_000100_tenant_lock::Migration),
            Box::new(m20261125_000110_issue_buttons::Migration),
            Box::new(m20261125_000120_attachment_category::Migration),
            Box::new(m20261125_000130_report_lock_buttons::Migration),
            Box::new(m20261125_000140_time_progress_param::Migration),
            Box::new(m20261129_000150_notice::Migration),
            Box::new(m20261129_000160_remind_button::Migration),
            Box::new(m20261130_000170_zone_setting::Migration),
        ]
    }
}
