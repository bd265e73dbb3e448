//! Ending sessions takes effect at once, at the gateway and at a service called directly; forged,
//! expired and foreign tokens are refused; a signed-in user without the permission gets 403.
use base64::Engine;
use keeper_security::password::md5_hex;
use keeper_testkit::{ADMIN_PASSWORD, Options, TestApp};
use serde_json::json;

/// Is the token still accepted by the gateway and by the system service called directly?
async fn accepted(app: &TestApp, token: &str) -> (bool, bool) {
    let via_gateway = app.get("/api/keeper-system/user/info", token).await.0 == 200;
    let direct = app.get_direct(&app.system, "/user/info", token).await.0 == 200;
    (via_gateway, direct)
}

/// Waits past the one-second session cache of services checking through auth.
async fn past_session_cache() {
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
}

#[actix_web::test]
async fn logout_ends_the_session_everywhere() {
    logout_scenario(&TestApp::spawn().await).await;
}

pub async fn logout_scenario(app: &TestApp) {
    let t = app.admin_login().await;
    let token = t["access_token"].as_str().unwrap();
    assert_eq!(accepted(app, token).await, (true, true));
    let r = app.http.get(app.api("/api/keeper-auth/oauth/logout")).header("Keeper-Auth", format!("bearer {token}")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers().get(keeper_security::session::ENDED_HEADER).is_none(), "the gateway keeps the session id to itself");
    assert_eq!(app.get("/api/keeper-system/user/info", token).await.0, 401, "the gateway forgets a logged-out session at once");
    past_session_cache().await;
    assert_eq!(accepted(app, token).await, (false, false));
    let (s, _) = app
        .token_request(
            &[("grant_type", "refresh_token"), ("refresh_token", t["refresh_token"].as_str().unwrap())],
            &[("Authorization", keeper_testkit::BASIC)],
        )
        .await;
    assert_eq!(s, 401, "a logged-out session cannot refresh");
}

#[actix_web::test]
async fn changing_the_password_ends_the_other_sessions_and_keeps_this_one() {
    password_change_scenario(&TestApp::spawn().await).await;
}

pub async fn password_change_scenario(app: &TestApp) {
    let here = app.admin_login().await;
    let elsewhere = app.admin_login().await;
    let here_token = here["access_token"].as_str().unwrap();
    let (s, body) = app
        .post_form(
            "/api/keeper-system/user/update-password",
            here_token,
            &[("oldPassword", &md5_hex("wrong")), ("newPassword", &md5_hex("New#2026")), ("newPassword1", &md5_hex("New#2026"))],
        )
        .await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("原密码不正确!")), "{body}");
    let (s, body) = app
        .post_form(
            "/api/keeper-system/user/update-password",
            here_token,
            &[("oldPassword", &md5_hex(ADMIN_PASSWORD)), ("newPassword", &md5_hex("New#2026")), ("newPassword1", &md5_hex("Other#2026"))],
        )
        .await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("请输入正确的确认密码!")), "{body}");
    let (s, body) = app
        .post_form(
            "/api/keeper-system/user/update-password",
            here_token,
            &[("oldPassword", &md5_hex(ADMIN_PASSWORD)), ("newPassword", &md5_hex("New#2026")), ("newPassword1", &md5_hex("New#2026"))],
        )
        .await;
    assert_eq!(s, 200, "{body}");
    past_session_cache().await;
    assert_eq!(accepted(app, elsewhere["access_token"].as_str().unwrap()).await, (false, false));
    assert_eq!(accepted(app, here_token).await, (true, true));
    app.login("000000", "admin", "New#2026").await;
    let (s, _) = app
        .token_request(
            &[("tenantId", "000000"), ("username", "admin"), ("password", &md5_hex(ADMIN_PASSWORD)), ("grant_type", "password")],
            &[("Authorization", keeper_testkit::BASIC)],
        )
        .await;
    assert_eq!(s, 400, "the old password no longer works");
}

#[actix_web::test]
async fn disabling_an_account_ends_its_sessions_and_refuses_its_sign_in() {
    disable_scenario(&TestApp::spawn().await).await;
}

pub async fn disable_scenario(app: &TestApp) {
    let platform = app.admin_login().await;
    let tenant = app.create_tenant(platform["access_token"].as_str().unwrap(), "停用测试园区", "Zone#1").await;
    let zone_admin = app.login(&tenant, "admin", "Zone#1").await;
    let zone_token = zone_admin["access_token"].as_str().unwrap();
    assert_eq!(accepted(app, zone_token).await, (true, true));
    let platform_token = platform["access_token"].as_str().unwrap();
    // The platform administrator acts in tenant 000000: the zone's account looks missing there.
    let user_id = zone_admin["user_id"].as_str().unwrap();
    let (s, _) = app.post_form("/api/keeper-system/user/enable", platform_token, &[("userIds", user_id), ("status", "2")]).await;
    assert_eq!(s, 404);
    // A second administrator account of the zone disables the first.
    let second = create_zone_user(app, &tenant, zone_admin["role_id"].as_str().unwrap(), "deputy").await;
    let deputy = app.login(&tenant, &second, "Zone#1").await;
    let (s, body) = app
        .post_form("/api/keeper-system/user/enable", deputy["access_token"].as_str().unwrap(), &[("userIds", user_id), ("status", "2")])
        .await;
    assert_eq!(s, 200, "{body}");
    past_session_cache().await;
    assert_eq!(accepted(app, zone_token).await, (false, false));
    let (s, body) = app
        .token_request(
            &[("tenantId", tenant.as_str()), ("username", "admin"), ("password", &md5_hex("Zone#1")), ("grant_type", "password")],
            &[("Authorization", keeper_testkit::BASIC)],
        )
        .await;
    assert_eq!((s, body["error_description"].as_str()), (400, Some("用户已被停用,请联系管理员")), "{body}");
}

/// Inserts an account into a tenant's user table (user management is tested elsewhere), password `Zone#1`.
pub async fn create_zone_user(app: &TestApp, tenant: &str, role_ids: &str, account: &str) -> String {
    crate::support::insert_user(app, tenant, account, role_ids, "").await;
    account.to_string()
}

#[actix_web::test]
async fn forged_expired_and_missing_tokens_are_refused_by_the_gateway_and_by_services() {
    let app = TestApp::spawn_with(Options::default()).await;
    let t = app.admin_login().await;
    let real = t["access_token"].as_str().unwrap();
    let parts: Vec<&str> = real.split('.').collect();
    let b64 = |v: &serde_json::Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
    let payload: serde_json::Value =
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
    let none_alg = format!("{}.{}.", b64(&json!({"alg": "none", "typ": "JWT"})), parts[1]);
    let wrong_key = {
        let other = keeper_security::JwtKeys::from_secret(&[9u8; 40]).unwrap();
        other.sign(&payload).unwrap()
    };
    let mut expired_claims = payload.clone();
    expired_claims["exp"] = json!(chrono::Utc::now().timestamp() - 10);
    let expired = app.sign(&expired_claims);
    let tampered = format!("{}.{}.{}", parts[0], b64(&json!({"tenant_id": "000000"})), parts[2]);
    for (name, token) in [("alg=none", none_alg), ("wrong key", wrong_key), ("expired", expired), ("tampered", tampered)] {
        let (s, body) = app.get("/api/keeper-system/user/info", &token).await;
        assert_eq!((s, body["code"].as_i64()), (401, Some(401)), "{name} via gateway: {body}");
        let (s, _) = app.get_direct(&app.system, "/user/info", &token).await;
        assert_eq!(s, 401, "{name} direct");
        let (s, _) = app.get_direct(&app.business, "/health", &token).await;
        assert_eq!(s, 200, "health stays public");
    }
    let r = app.http.get(app.api("/api/keeper-system/user/info")).send().await.unwrap();
    assert_eq!(r.status(), 401);
    let body: serde_json::Value = r.json().await.unwrap();
    assert_eq!(body["msg"], "缺失令牌,鉴权失败");
    // The token also works as the keeper-auth query parameter (downloads opened in a new window).
    let r = app.http.get(app.api(&format!("/api/keeper-system/user/info?keeper-auth=bearer%20{real}"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
}

#[actix_web::test]
async fn a_user_without_the_permission_gets_403_whatever_the_ui_shows() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await;
    let tenant = app.create_tenant(platform["access_token"].as_str().unwrap(), "权限测试园区", "Zone#1").await;
    // A role with no grants at all.
    let role_id = keeper_common::id::next_id();
    crate::support::exec_system(
        &app,
        "INSERT INTO sys_role (id, tenant_id, parent_id, role_name, sort, role_alias, is_deleted) VALUES (?, ?, 0, '只读', 2, 'reader', 0)",
        vec![role_id.into(), tenant.clone().into()],
    )
    .await;
    create_zone_user(&app, &tenant, &role_id.to_string(), "reader").await;
    let reader = app.login(&tenant, "reader", "Zone#1").await;
    let token = reader["access_token"].as_str().unwrap();
    let (s, body) =
        app.post_form("/api/keeper-system/user/enable", token, &[("userIds", reader["user_id"].as_str().unwrap()), ("status", "1")]).await;
    assert_eq!((s, body["code"].as_i64()), (403, Some(403)), "{body}");
    let (s, body) =
        app.post_json("/api/keeper-system/tenant/submit", token, &json!({ "tenantName": "x", "adminPassword": md5_hex("x") })).await;
    assert_eq!(s, 403, "{body}");
    // Own profile endpoints stay open to everybody signed in.
    assert_eq!(app.get("/api/keeper-system/user/info", token).await.0, 200);
    let (s, routes) = app.get("/api/keeper-system/menu/routes", token).await;
    assert_eq!((s, routes["data"].as_array().map(Vec::len)), (200, Some(0)));
}
