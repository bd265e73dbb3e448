//! Public routes of the system service (behind the gateway at `/api/keeper-system`).
pub mod dept;
pub mod dict;
pub mod internal;
pub mod menu;
pub mod tenant;
pub mod user;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    menu::routes(cfg);
    dict::routes(cfg);
    dept::routes(cfg);
    tenant::routes(cfg);
    user::routes(cfg);
    internal::routes(cfg);
}
