//! The API description matches the routes served: every operation of `/api/openapi.json` is answered
//! by its service at the path and method it names (the services cannot serve a route the description
//! lacks: `keeper_common::openapi::Api` registers and describes in one call, and `deploy_files` checks
//! that no service reaches actix's route table another way).
use keeper_testkit::TestApp;
use serde_json::Value;

/// What the services answer for a route they do not have.
const NO_ROUTE: &str = "404 没找到请求";

#[actix_web::test]
async fn every_described_operation_is_served_at_its_path_and_method() {
    let app = TestApp::spawn().await;
    let admin = app.admin_login().await;
    let token = admin["access_token"].as_str().unwrap();
    let r = app.http.get(app.api("/api/openapi.json")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let doc: Value = r.json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    let mut calls = 0;
    for (path, item) in paths {
        assert!(path.starts_with("/api/"), "{path}");
        assert!(!path.contains("/internal/"), "{path}: internal routes are never described");
        for (method, op) in item.as_object().unwrap() {
            assert!(op["responses"]["200"].is_object() && op["responses"]["default"].is_object(), "{method} {path}");
            // Ending the session would sign the rest of the loop out.
            if path.ends_with("/oauth/logout") {
                continue;
            }
            let url = app.api(path);
            let rb = match method.as_str() {
                "get" => app.http.get(url),
                "post" => app.http.post(url).header("content-type", "application/x-www-form-urlencoded").body(""),
                other => panic!("{path}: unexpected method {other}"),
            };
            let r = rb.header("Keeper-Auth", format!("bearer {token}")).send().await.unwrap();
            let status = r.status().as_u16();
            let body = r.text().await.unwrap_or_default();
            assert!(
                status != 405 && !(status == 404 && body.contains(NO_ROUTE)),
                "{method} {path} is described but not served: {status} {body}"
            );
            calls += 1;
        }
    }
    assert!(calls > 150, "only {calls} operations described");
    // And a route that does not exist is not mistaken for one.
    let r = app
        .http
        .get(app.api("/api/keeper-system/user/no-such-route"))
        .header("Keeper-Auth", format!("bearer {token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 404);
}

#[actix_web::test]
async fn the_docs_page_loads_swagger_ui_from_the_web_app() {
    let app = TestApp::spawn().await;
    let r = app.http.get(app.api("/api/docs")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let page = r.text().await.unwrap();
    assert!(page.contains("/api-docs/swagger-ui-bundle.js") && !page.contains("//cdn"), "{page}");
}
