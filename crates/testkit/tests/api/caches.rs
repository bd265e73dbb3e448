//! The hot reads are served from answers kept in the system service (`menu/routes` and `menu/buttons` per
//! role set, `user/info` per account, the labels of account views per tenant): a change made through the
//! API is seen by the very next read, with no wait for the caches to expire. Each read below is asked
//! once before the change, so that the answer it must not repeat is in the cache.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{Call, call, menu_id, platform_token, role_with, token, user_with};

fn clerk_row<'a>(list: &'a Value, account: &str) -> &'a Value {
    list["data"]["records"].as_array().unwrap().iter().find(|u| u["account"] == account).unwrap_or_else(|| panic!("{list}"))
}

#[actix_web::test]
async fn a_change_through_the_api_is_seen_by_the_next_read_of_every_cached_answer() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "缓存园区", "Zone#1").await;
    let admin = token(&app, &tenant, "admin").await;
    let clerk_role = role_with(&app, &tenant, "clerk", &[]).await;
    user_with(&app, &tenant, "clerk", &clerk_role, "").await;
    let clerk = token(&app, &tenant, "clerk").await;

    // user/info: the caller's own profile.
    let (_, me) = call(&app, Some(&clerk), Call::Get("/user/info".into())).await;
    assert_eq!((me["data"]["realName"].as_str(), me["data"]["roleName"].as_str()), (Some("clerk"), Some("clerk")), "{me}");
    let (s, r) = call(&app, Some(&clerk), Call::Json("/user/update-info", json!({ "realName": "王办事员" }))).await;
    assert_eq!(s, 200, "{r}");
    let (_, me) = call(&app, Some(&clerk), Call::Get("/user/info".into())).await;
    assert_eq!(me["data"]["realName"], "王办事员", "{me}");

    // The labels of account views: a role renamed by the zone administrator.
    let (_, list) = call(&app, Some(&admin), Call::Get("/user/list?current=1&size=50".into())).await;
    assert_eq!(clerk_row(&list, "clerk")["roleName"], "clerk");
    let body = json!({ "id": clerk_role, "roleName": "招商专员", "roleAlias": "clerk" });
    let (s, r) = call(&app, Some(&admin), Call::Json("/role/submit", body)).await;
    assert_eq!(s, 200, "{r}");
    let (_, list) = call(&app, Some(&admin), Call::Get("/user/list?current=1&size=50".into())).await;
    assert_eq!(clerk_row(&list, "clerk")["roleName"], "招商专员", "{list}");
    let (_, me) = call(&app, Some(&clerk), Call::Get("/user/info".into())).await;
    assert_eq!(me["data"]["roleName"], "招商专员", "{me}");

    // menu/routes and menu/buttons: a grant reaches the holder's next page load.
    let (_, routes) = call(&app, Some(&clerk), Call::Get("/menu/routes".into())).await;
    let (_, buttons) = call(&app, Some(&clerk), Call::Get("/menu/buttons".into())).await;
    assert_eq!((routes["data"].clone(), buttons["data"].clone()), (json!([]), json!([])), "{routes} {buttons}");
    let (user_menu, user_view) = (menu_id(&app, "user").await, menu_id(&app, "user_view").await);
    let grant = json!({ "roleIds": [clerk_role.clone()], "menuIds": [user_menu, user_view] });
    let (s, r) = call(&app, Some(&admin), Call::Json("/role/grant", grant)).await;
    assert_eq!(s, 200, "{r}");
    let (_, routes) = call(&app, Some(&clerk), Call::Get("/menu/routes".into())).await;
    assert!(routes.to_string().contains("\"code\":\"user\""), "{routes}");
    let (_, buttons) = call(&app, Some(&clerk), Call::Get("/menu/buttons".into())).await;
    assert!(buttons.to_string().contains("\"code\":\"user_view\""), "{buttons}");
    // And taking it back as well.
    let (s, _) = call(&app, Some(&admin), Call::Json("/role/grant", json!({ "roleIds": [clerk_role], "menuIds": [] }))).await;
    assert_eq!(s, 200);
    let (_, routes) = call(&app, Some(&clerk), Call::Get("/menu/routes".into())).await;
    let (_, buttons) = call(&app, Some(&clerk), Call::Get("/menu/buttons".into())).await;
    assert_eq!((routes["data"].clone(), buttons["data"].clone()), (json!([]), json!([])), "{routes} {buttons}");
}

/// The answers are kept per role set and tenant, never per whoever asked first: two tenants' clerks with
/// different grants, asking in turn, each get their own menus.
#[actix_web::test]
async fn cached_menus_are_never_shared_across_role_sets_or_tenants() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    let role_a = role_with(&app, &a, "clerk", &["user", "user_view"]).await;
    let role_b = role_with(&app, &b, "clerk", &["dept"]).await;
    user_with(&app, &a, "clerk", &role_a, "").await;
    user_with(&app, &b, "clerk", &role_b, "").await;
    let (clerk_a, clerk_b) = (token(&app, &a, "clerk").await, token(&app, &b, "clerk").await);
    for _ in 0..2 {
        let (_, ra) = call(&app, Some(&clerk_a), Call::Get("/menu/routes".into())).await;
        let (_, rb) = call(&app, Some(&clerk_b), Call::Get("/menu/routes".into())).await;
        assert!(ra.to_string().contains("\"code\":\"user\"") && !ra.to_string().contains("\"code\":\"dept\""), "{ra}");
        assert!(rb.to_string().contains("\"code\":\"dept\"") && !rb.to_string().contains("\"code\":\"user\""), "{rb}");
        let (_, ba) = call(&app, Some(&clerk_a), Call::Get("/menu/buttons".into())).await;
        let (_, bb) = call(&app, Some(&clerk_b), Call::Get("/menu/buttons".into())).await;
        assert!(ba.to_string().contains("\"code\":\"user_view\""), "{ba}");
        assert_eq!(bb["data"], json!([]), "{bb}");
    }
}
