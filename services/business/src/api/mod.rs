//! Public routes of the business service (behind the gateway at `/api`).
pub mod enterprise;
pub mod park_company;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    park_company::routes(cfg);
    enterprise::routes(cfg);
}
