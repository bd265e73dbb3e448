//! Entities of the system service's own tables.
pub mod client;
pub mod dept;
pub mod dict;
pub mod dict_biz;
pub mod login_log;
pub mod menu;
pub mod param;
pub mod post;
pub mod role;
pub mod role_menu;
pub mod role_scope;
pub mod scope_api;
pub mod scope_data;
pub mod tenant;
pub mod top_menu;
pub mod top_menu_setting;
pub mod user;
