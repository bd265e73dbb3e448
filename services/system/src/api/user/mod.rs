//! `/user/*`: the administration of the tenant's accounts, the signed-in person's own account, and
//! self-registration with its review, one part each.
mod admin;
mod own;
mod registration;

use keeper_common::openapi::Api;

pub fn routes(api: &mut Api) {
    own::routes(api);
    admin::routes(api);
    registration::routes(api);
}
