//! Public routes of the system service (behind the gateway at `/api/keeper-system`, and the logs at
//! `/api/keeper-log`).
pub mod bodies;
pub mod client;
pub mod dept;
pub mod dict;
pub mod internal;
pub mod log;
pub mod menu;
pub mod param;
pub mod post;
pub mod role;
pub mod scope;
pub mod tenant;
pub mod topmenu;
pub mod user;

use keeper_common::openapi::Api;

pub fn routes(api: &mut Api) {
    menu::routes(api);
    topmenu::routes(api);
    scope::routes(api);
    dict::routes(api);
    dept::routes(api);
    tenant::routes(api);
    user::routes(api);
    role::routes(api);
    internal::routes(api);
    post::routes(api);
    param::routes(api);
    client::routes(api);
    log::routes(api);
}

#[cfg(test)]
mod description_tests {
    /// Routes every signed-in user may call: no permission code guards them.
    const OPEN: &[&str] = &[
        // What the signed-in screens are built from: the caller's own menus, buttons and profile, the
        // dictionaries, the department and post pickers.
        "/menu/routes",
        "/menu/buttons",
        "/menu/top-menu",
        "/dict/dictionary",
        "/dict/dictionary-tree",
        "/dict-biz/dictionary",
        "/dict-biz/dictionary-tree",
        "/dept/getPowerType",
        "/dept/commonList",
        "/post/select",
        "/user/info",
        "/user/update-info",
        "/user/update-password",
    ];

    #[test]
    fn every_route_is_described_with_its_permission_and_answer() {
        keeper_common::openapi::assert_described(super::routes, OPEN);
    }
}
