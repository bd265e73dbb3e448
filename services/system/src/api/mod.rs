//! Public routes of the system service (behind the gateway at `/api/keeper-system`, and the logs at
//! `/api/keeper-log`).
pub mod dept;
pub mod dict;
pub mod internal;
pub mod logs;
pub mod menu;
pub mod roles_admin;
pub mod tenant;
pub mod user;
pub mod users_admin;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    menu::routes(cfg);
    dict::routes(cfg);
    dept::routes(cfg);
    tenant::routes(cfg);
    user::routes(cfg);
    users_admin::routes(cfg);
    roles_admin::routes(cfg);
    internal::routes(cfg);
    register::routes(cfg);
    posts_admin::routes(cfg);
    params::routes(cfg);
    clients::routes(cfg);
    logs::routes(cfg);
}
pub mod clients;
pub mod params;
pub mod posts_admin;
pub mod register;
pub mod scopes_admin;
pub mod topmenu;
