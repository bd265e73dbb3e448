//! Public routes of the resource service (behind the gateway at `/api/keeper-resource`).
pub mod attach;
pub mod bodies;
pub mod endpoint;
pub mod internal;
pub mod oss;
pub mod sms;

use keeper_common::openapi::Api;

pub fn routes(api: &mut Api) {
    oss::routes(api);
    endpoint::routes(api);
    attach::routes(api);
    sms::routes(api);
    internal::routes(api);
}

#[cfg(test)]
mod description_tests {
    /// Routes every signed-in user may call: no permission code guards them.
    const OPEN: &[&str] = &[
        // Every module stores files: uploads and reads of a storage key need only a session.
        "/oss/endpoint/put-file",
        "/oss/endpoint/put-file-by-name",
        "/oss/endpoint/put-file-attach",
        "/oss/endpoint/put-file-attach-by-name",
        "/oss/endpoint/copy-file",
        "/oss/endpoint/stat-file",
        "/oss/endpoint/file-path",
        "/oss/endpoint/file-link",
        "/oss/endpoint/download",
    ];

    #[test]
    fn every_route_is_described_with_its_permission_and_answer() {
        keeper_common::openapi::assert_described(super::routes, OPEN);
    }
}
