//! The write paths a BladeX (Sword) client uses that Keeper refused (issue 12): `user/update`, the
//! `user_reset` button code, departments without a category or power type, role remarks, and the
//! BladeX columns of the operation and error logs.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{Call, call, member, menu_id, platform_token, role_with, sign_in, user_with};

#[actix_web::test]
async fn user_update_changes_the_account_but_never_its_password() {
    let app = TestApp::spawn().await;
    let p = platform_token(&app).await;
    let zone = app.create_tenant(&p, "更新园区", "Zone#1").await;
    let admin = sign_in(&app, &zone, "admin", "Zone#1").await;
    let role = role_with(&app, &zone, "clerks", &["user_view"]).await;
    let clerk = user_with(&app, &zone, "clerk", &role, "").await;
    let body = json!({ "id": clerk, "realName": "王科员", "phone": "13800000009", "password": "Other#2026" });
    let (s, r) = call(&app, Some(&admin), Call::Json("/user/update", body)).await;
    assert_eq!((s, r["data"]["id"].as_str()), (200, Some(clerk.as_str())), "{r}");
    let (_, d) = call(&app, Some(&admin), Call::Get(format!("/user/detail?id={clerk}"))).await;
    assert_eq!((d["data"]["realName"].as_str(), d["data"]["phone"].as_str()), (Some("王科员"), Some("13800000009")), "{d}");
    assert!(app.login(&zone, "clerk", "Zone#1").await["access_token"].is_string(), "the password is unchanged");
    let (s, r) = call(&app, Some(&admin), Call::Json("/user/update", json!({ "realName": "无名" }))).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("id")), "{r}");
    let nobody = member(&app, &zone, "nobody", &["user_view"]).await;
    assert_eq!(call(&app, Some(&nobody), Call::Json("/user/update", json!({ "id": clerk, "realName": "x" }))).await.0, 403);
}

#[actix_web::test]
async fn bladex_user_reset_button_code_resets_passwords_as_keepers_own_does() {
    let app = TestApp::spawn().await;
    let p = platform_token(&app).await;
    // A BladeX installation names the button `user_reset`.
    let user_menu = menu_id(&app, "user").await;
    let button = json!({ "parentId": user_menu, "code": "user_reset", "name": "重置密码", "alias": "reset-password", "category": 2, "action": 1,
        "path": "/api/keeper-system/user/reset-password" });
    let (s, r) = call(&app, Some(&p), Call::Json("/menu/submit", button)).await;
    assert_eq!(s, 200, "{r}");
    let zone = app.create_tenant(&p, "重置园区", "Zone#1").await;
    let target = user_with(&app, &zone, "target", "", "").await;
    for (account, codes, status) in [
        ("bladex", &["user", "user_reset"][..], 200),
        ("keeper", &["user", "user_reset_password"][..], 200),
        ("neither", &["user", "user_view"][..], 403),
    ] {
        let t = member(&app, &zone, account, codes).await;
        let (s, r) = call(&app, Some(&t), Call::Form("/user/reset-password", vec![("userIds", target.clone())])).await;
        assert_eq!(s, status, "{account}: {r}");
    }
}

#[actix_web::test]
async fn a_department_without_category_or_power_type_takes_the_defaults() {
    let app = TestApp::spawn().await;
    let p = platform_token(&app).await;
    let zone = app.create_tenant(&p, "机构园区", "Zone#1").await;
    let admin = sign_in(&app, &zone, "admin", "Zone#1").await;
    let (s, r) = call(&app, Some(&admin), Call::Json("/dept/submit", json!({ "deptName": "招商局", "parentId": 0 }))).await;
    assert_eq!(s, 200, "{r}");
    let top = r["data"]["id"].as_str().unwrap().to_string();
    let (s, r) = call(&app, Some(&admin), Call::Json("/dept/submit", json!({ "deptName": "一科", "parentId": top }))).await;
    assert_eq!(s, 200, "{r}");
    let child = r["data"]["id"].as_str().unwrap().to_string();
    for (id, category) in [(&top, 1), (&child, 2)] {
        let (_, d) = call(&app, Some(&admin), Call::Get(format!("/dept/detail?id={id}"))).await;
        assert_eq!((d["data"]["deptCategory"].as_i64(), d["data"]["powerType"].as_i64()), (Some(category), Some(5)), "{d}");
    }
}

async fn remark(app: &TestApp, admin: &str, id: &str) -> Value {
    call(app, Some(admin), Call::Get(format!("/role/detail?id={id}"))).await.1["data"]["remark"].clone()
}

#[actix_web::test]
async fn a_role_keeps_its_remark() {
    let app = TestApp::spawn().await;
    let p = platform_token(&app).await;
    let zone = app.create_tenant(&p, "角色园区", "Zone#1").await;
    let admin = sign_in(&app, &zone, "admin", "Zone#1").await;
    let (s, r) = call(
        &app,
        Some(&admin),
        Call::Json("/role/submit", json!({ "roleName": "调度员", "roleAlias": "dispatcher", "remark": "每月调度会" })),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let id = r["data"]["id"].as_str().unwrap().to_string();
    assert_eq!(remark(&app, &admin, &id).await, json!("每月调度会"));
    // An update without a remark keeps it; one with a remark changes it.
    let (s, r) =
        call(&app, Some(&admin), Call::Json("/role/submit", json!({ "id": id, "roleName": "调度员", "roleAlias": "dispatcher" }))).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(remark(&app, &admin, &id).await, json!("每月调度会"));
    call(
        &app,
        Some(&admin),
        Call::Json("/role/submit", json!({ "id": id, "roleName": "调度员", "roleAlias": "dispatcher", "remark": "" })),
    )
    .await;
    assert_eq!(remark(&app, &admin, &id).await, json!(""));
    let (s, r) =
        call(&app, Some(&admin), Call::Json("/role/submit", json!({ "roleName": "x", "roleAlias": "x", "remark": "长".repeat(256) })))
            .await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("remark")), "{r}");
}

#[actix_web::test]
async fn operation_logs_carry_bladexs_server_and_method_columns() {
    let app = TestApp::spawn().await;
    let p = platform_token(&app).await;
    let (s, _) =
        call(&app, Some(&p), Call::Json("/param/submit", json!({ "paramName": "园区", "paramKey": "zone.origin", "paramValue": "x" })))
            .await;
    assert_eq!(s, 200);
    let row = crate::logs::eventually(&app, &p, "/api/list?requestUri=/param/submit", |r| !r.is_empty()).await.remove(0);
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap().trim().to_string();
    assert_eq!(
        (row["serverHost"].as_str(), row["serverIp"].as_str(), row["env"].as_str()),
        (Some(host.as_str()), Some("127.0.0.1"), Some("dev")),
        "{row}"
    );
    assert_eq!(
        (row["methodClass"].as_str(), row["methodName"].as_str(), row["createBy"].as_str()),
        (Some("keeper-system"), Some("/param/submit"), Some("admin")),
        "{row}"
    );
}
