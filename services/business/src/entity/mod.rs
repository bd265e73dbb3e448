//! Entities of the business service's own tables.
pub mod enterprise;
pub mod project;
pub mod project_report;
pub mod project_status_log;
pub mod review_log;

keeper_db::base_columns!(enterprise);
keeper_db::base_columns!(project);
keeper_db::base_columns!(project_report);
