//! The gateway's own rules: rewriting, internal routes kept inside, request ids and security headers.
use keeper_testkit::TestApp;
use serde_json::Value;

#[actix_web::test]
async fn internal_routes_are_unreachable_through_the_gateway() {
    let app = TestApp::spawn().await;
    let token = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    for path in [
        "/api/keeper-system/internal/permissions?tenantId=000000&roleIds=1",
        "/api/keeper-auth/internal/sessions/state?sid=x",
        "/api/internal/login-log",
        "/api/keeper-system/%2e%2e/internal/clients?clientId=sword",
        "/api/keeper-system/x/../internal/clients?clientId=sword",
        "/api/keeper-system//internal/clients?clientId=sword",
        "/api/keeper-system/internal%2fclients?clientId=sword",
        "/api/api/keeper-system/internal/clients?clientId=sword",
    ] {
        let r = app
            .http
            .get(app.api(path))
            .header("Keeper-Auth", format!("bearer {token}"))
            .header("x-keeper-service", app.service_token())
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        let body = r.text().await.unwrap();
        assert!(status == 404 || status == 400, "{path} answered {status}: {body}");
        assert!(!body.contains("secret_hash") && !body.contains("sword"), "{path} leaked: {body}");
    }
    // Called directly, internal routes still want a service token, and a user token is not one.
    let r = app
        .http
        .get(format!("{}/internal/clients?clientId=sword", app.system))
        .header("x-keeper-service", token.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    let r = app
        .http
        .get(format!("{}/internal/clients?clientId=sword", app.system))
        .header("x-keeper-service", app.service_token())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[actix_web::test]
async fn the_double_api_prefix_is_rewritten_and_responses_carry_request_ids_and_security_headers() {
    let app = TestApp::spawn().await;
    let token = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let r =
        app.http.get(app.api("/api/api/keeper-system/menu/routes")).header("Keeper-Auth", format!("bearer {token}")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers().get("x-request-id").is_some());
    assert_eq!(r.headers().get("x-content-type-options").and_then(|v| v.to_str().ok()), Some("nosniff"));
    let body: Value = r.json().await.unwrap();
    assert!(body["data"].as_array().is_some_and(|a| !a.is_empty()));
    let r =
        app.http.get(app.api("/api/keeper-system/no/such/route")).header("Keeper-Auth", format!("bearer {token}")).send().await.unwrap();
    assert_eq!(r.status(), 404);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["success"], false);
    let r = app.http.get(app.api("/health")).send().await.unwrap();
    assert_eq!(r.status(), 200);
}

#[actix_web::test]
async fn bad_input_is_a_400_with_the_field_never_a_500() {
    let app = TestApp::spawn().await;
    let token = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let cases = [
        ("/api/keeper-system/dict-biz/dictionary", 400),
        ("/api/keeper-system/menu/routes?topMenuId=abc", 400),
        ("/api/keeper-system/menu/routes?topMenuId=123", 404),
    ];
    for (path, status) in cases {
        let (s, body) = app.get(path, &token).await;
        assert_eq!(s, status, "{path}: {body}");
        assert_eq!(body["success"], false);
    }
    let r = app
        .http
        .post(app.api("/api/keeper-system/user/update-info"))
        .header("Keeper-Auth", format!("bearer {token}"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let (s, body) = app.post_json("/api/keeper-system/user/update-info", &token, &serde_json::json!({ "email": "not-an-email" })).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("email")), "{body}");
    // update-info ignores an id in the body: it always edits the caller.
    let (s, _) =
        app.post_json("/api/keeper-system/user/update-info", &token, &serde_json::json!({ "id": "1", "realName": "园区管理员" })).await;
    assert_eq!(s, 200);
    let (_, me) = app.get("/api/keeper-system/user/info", &token).await;
    assert_eq!(me["data"]["realName"], "园区管理员");
}
