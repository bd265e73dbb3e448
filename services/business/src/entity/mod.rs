//! Entities of the business service's own tables.
pub mod attachment;
pub mod dept_target;
pub mod dept_target_version;
pub mod enterprise;
pub mod investment_forecast;
pub mod month_lock;
pub mod official_indicator;
pub mod project;
pub mod project_issue;
pub mod project_issue_log;
pub mod project_plan;
pub mod project_report;
pub mod project_status_log;
pub mod review_log;
pub mod sheet_snapshot;
pub mod tech_renovation;

keeper_db::base_columns!(enterprise);
keeper_db::base_columns!(project);
keeper_db::base_columns!(project_report);
keeper_db::base_columns!(project_plan);
keeper_db::base_columns!(project_issue);
keeper_db::base_columns!(tech_renovation);
keeper_db::base_columns!(attachment);
keeper_db::base_columns!(dept_target);
keeper_db::base_columns!(dept_target_version);
keeper_db::base_columns!(official_indicator);
keeper_db::base_columns!(investment_forecast);
