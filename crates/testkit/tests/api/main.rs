//! Integration tests through the real gateway and services. One binary; the database comes from
//! `KEEPER_TEST_DB` (sqlite by default, postgres, mysql). Scenarios shared by the Redis suite take
//! `Options` so the same checks run with and without Redis.
mod auth_grants;
mod bladex;
mod caches;
mod dept_targets;
mod depts_posts;
mod dicts_params_clients;
mod dispatch_sheet;
mod dispatch_stats;
mod enterprise;
mod finished_projects;
mod gateway;
mod investment_forecasts;
mod isolation;
mod logs;
mod menus_admin;
mod openapi;
mod project_attachments;
mod project_import;
mod project_issues;
mod project_reports;
mod projects;
mod redis;
mod registration;
mod renovation;
mod resources;
mod revocation;
mod roles_admin;
mod scopes_admin;
mod sms;
mod support;
mod tenants_admin;
mod trace;
mod users_admin;
mod users_excel;
