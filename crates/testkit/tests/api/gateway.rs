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

/// Issue 12, defect 1: a `keeper-auth` value holding multi-byte characters panicked the gateway, the
/// auth service's logout and the system service's operation log before anyone signed in.
#[actix_web::test]
async fn multi_byte_token_values_are_refused_and_crash_nothing() {
    let app = TestApp::spawn().await;
    let targets = [
        app.api("/api/keeper-system/user/info"),
        app.api("/api/keeper-auth/oauth/logout"),
        format!("{}/user/info", app.system),
        format!("{}/oauth/logout", app.auth),
        format!("{}/attach/list", app.resource),
    ];
    let queries = ["a%E4%B8%AD%E6%96%87xxxxxxxx", "bearer%E4%B8%AD%E6%96%87xxxx", "bearer%20%E4%B8%AD", "%E4%B8%AD%E6%96%87%E4%B8%AD"];
    let headers = ["a中文xxxxxxxx", "bearer中文xxxx", "bearer 中文", "中文中文中文"];
    for target in &targets {
        for q in queries {
            let url = format!("{target}?keeper-auth={q}");
            let r = app.http.get(&url).send().await.unwrap_or_else(|e| panic!("{url}: no answer ({e})"));
            let status = r.status().as_u16();
            assert!(status < 500, "{url} answered {status}");
        }
        for h in headers {
            let value = reqwest::header::HeaderValue::from_bytes(h.as_bytes()).unwrap();
            let r =
                app.http.get(target).header("Keeper-Auth", value).send().await.unwrap_or_else(|e| panic!("{target} {h}: no answer ({e})"));
            let status = r.status().as_u16();
            assert!(status < 500, "{target} with {h} answered {status}");
        }
    }
    for base in [&app.gateway, &app.auth, &app.system, &app.resource, &app.business] {
        let r = app.http.get(format!("{base}/health")).send().await.unwrap_or_else(|e| panic!("{base} is gone: {e}"));
        assert_eq!(r.status(), 200, "{base}");
    }
    for service in ["gateway", "auth", "system", "resource", "business"] {
        assert!(!app.log(service).contains("panicked"), "{service} panicked:\n{}", app.log(service));
    }
}

/// Issue 12, defect 3: a page number whose offset overflows the database's integer panicked the
/// resource service's lists. Every list clamps it to the last page (SPEC §9).
#[actix_web::test]
async fn a_huge_page_number_answers_the_last_page_of_every_list() {
    let app = TestApp::spawn().await;
    let token = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let lists = [
        "/api/keeper-resource/attach/list",
        "/api/keeper-resource/oss/list",
        "/api/keeper-resource/sms/list",
        "/api/keeper-resource/sms/log/list",
        "/api/keeper-system/user/list",
        "/api/keeper-system/tenant/list",
        "/api/keeper-system/post/list",
        "/api/keeper-system/param/list",
        "/api/keeper-system/client/list",
        "/api/keeper-system/topmenu/list",
        "/api/keeper-system/data-scope/list",
        "/api/keeper-system/api-scope/list",
        "/api/keeper-system/dict/parent-list",
        "/api/keeper-log/api/list",
        "/api/keeper-log/error/list",
        "/api/keeper-log/login/list",
        "/api/enterprise/list",
    ];
    for path in lists {
        for current in ["4611686018427387904", "18446744073709551615", "999"] {
            let (s, body) = app.get(&format!("{path}?current={current}&size=1000"), &token).await;
            assert_eq!(s, 200, "{path}?current={current}: {body}");
            let page = &body["data"];
            let last = page["pages"].as_u64().unwrap().max(1);
            assert_eq!(page["current"].as_u64(), Some(last), "{path}?current={current}: {body}");
            let total = page["total"].as_u64().unwrap();
            assert_eq!(page["records"].as_array().unwrap().len() as u64, total.min(1000), "{path}: the last page holds the rows");
        }
        let (s, body) = app.get(&format!("{path}?current=18446744073709551616"), &token).await;
        assert_eq!((s, body["data"]["field"].as_str()), (400, Some("current")), "{path}: {body}");
    }
}

/// Issue 12, defect 6: a sign-in or registration body over 256 KiB answered a plain-text 413. Every
/// body limit of every service answers the envelope and says the limit.
#[actix_web::test]
async fn every_body_over_its_limit_is_a_413_envelope_naming_the_limit() {
    let app = TestApp::spawn().await;
    let token = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let big_form = format!("tenantId=000000&username={}", "a".repeat(300 * 1024));
    let big_json = serde_json::json!({ "realName": "x".repeat(3 * 1024 * 1024) }).to_string();
    let cases = [
        ("/api/keeper-auth/oauth/token", "application/x-www-form-urlencoded", big_form.clone(), "请求体过大，最多 256 KB"),
        ("/api/keeper-system/user/register", "application/x-www-form-urlencoded", big_form.clone(), "请求体过大，最多 256 KB"),
        (
            "/api/keeper-system/user/remove",
            "application/x-www-form-urlencoded",
            format!("ids={}", "1,".repeat(150 * 1024)),
            "请求体过大，最多 256 KB",
        ),
        ("/api/keeper-system/user/update-info", "application/json", big_json.clone(), "请求体过大，最多 2 MB"),
        ("/api/enterprise/submit", "application/json", big_json, "请求体过大，最多 2 MB"),
    ];
    for (path, content_type, body, msg) in cases {
        let r = app
            .http
            .post(app.api(path))
            .header("Authorization", keeper_testkit::BASIC)
            .header("Keeper-Auth", format!("bearer {token}"))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 413, "{path}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("application/json"), "{path}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(
            (body["code"].as_u64(), body["success"].as_bool(), body["msg"].as_str()),
            (Some(413), Some(false), Some(msg)),
            "{path}: {body}"
        );
    }
}
