//! Public routes of the business service (behind the gateway at `/api`).
pub mod data_analysis;
pub mod dept_target;
pub mod enterprise;
pub mod investment;
pub mod notice;
pub mod output;
pub mod park_company;
pub mod workbench;
pub mod zone_setting;

use keeper_common::openapi::Api;

pub fn routes(api: &mut Api) {
    park_company::routes(api);
    enterprise::routes(api);
    dept_target::routes(api);
    investment::project::routes(api);
    investment::report::routes(api);
    investment::finished::routes(api);
    investment::forecast::routes(api);
    investment::plan::routes(api);
    investment::issue::routes(api);
    investment::renovation::routes(api);
    investment::import::routes(api);
    investment::attachment::routes(api);
    investment::sheet::routes(api);
    investment::stats::routes(api);
    output::report::routes(api);
    output::park::routes(api);
    output::stats::routes(api);
    output::breakdown::routes(api);
    output::survey::routes(api);
    notice::routes(api);
    workbench::routes(api);
    data_analysis::routes(api);
    zone_setting::routes(api);
}

#[cfg(test)]
mod description_tests {
    /// Routes every signed-in user may call: no permission code guards them.
    const OPEN: &[&str] = &[
        // The enterprise picker of the reporting forms, within the caller's data scope.
        "/parkCompany/list",
        // A notice's readers: each reaches only the notices addressed to them.
        "/noticeManager/detail",
        "/noticeManager/mine",
        "/noticeManager/unread",
        // The home page's to-dos: each offered only to the holders of its buttons, within their scope.
        "/workbench/todo",
    ];

    #[test]
    fn every_route_is_described_with_its_permission_and_answer() {
        keeper_common::openapi::assert_described(super::routes, OPEN);
    }
}
