//! Public routes of the resource service (behind the gateway at `/api/keeper-resource`).
pub mod attach;
pub mod endpoint;
pub mod oss;
pub mod sms;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    oss::routes(cfg);
    endpoint::routes(cfg);
    attach::routes(cfg);
    sms::routes(cfg);
}
