//! Self-registration: closed unless the tenant's `account.registerUser` says "true"; a registered account waits,
//! unable to sign in, until an administrator of its own tenant approves it.
use keeper_security::password::md5_hex;
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{Call, SYS, call, exec_system as exec, insert_user, role_with, try_login};

/// Posts a registration form without a token, as the public sign-up page does: `(status, body)`.
async fn register(app: &TestApp, form: &[(&str, &str)]) -> (u16, Value) {
    let r = app.http.post(app.api(&format!("{SYS}/user/register"))).form(form).send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

async fn register_as(app: &TestApp, tenant: &str, account: &str, password: &str) -> (u16, Value) {
    let md5 = md5_hex(password);
    register(app, &[("tenantId", tenant), ("account", account), ("realName", "新同事"), ("password", &md5), ("phone", "13800000000")]).await
}

/// A tenant's own value of a parameter, overriding the platform default for that tenant only.
async fn set_param(app: &TestApp, tenant: &str, key: &str, value: &str) {
    let now = chrono::Utc::now();
    exec(
        app,
        "INSERT INTO sys_param (id, tenant_id, param_name, param_key, param_value, remark, create_time, update_time, status, is_deleted) VALUES (?, ?, ?, ?, ?, '', ?, ?, 1, 0)",
        vec![keeper_common::id::next_id().into(), tenant.into(), key.into(), key.into(), value.into(), now.into(), now.into()],
    )
    .await;
}

/// The pending accounts an administrator sees: `(id, account)`.
async fn pending(app: &TestApp, token: &str) -> Vec<(String, String)> {
    let (s, l) = call(app, Some(token), Call::Get("/user/list?status=3&size=100".into())).await;
    assert_eq!(s, 200, "{l}");
    l["data"]["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_str().unwrap().to_string(), r["account"].as_str().unwrap().to_string()))
        .collect()
}

fn audit(ids: &str, status: &str, roles: Option<&str>) -> Call<'static> {
    let mut form = vec![("userIds", ids.to_string()), ("status", status.to_string())];
    if let Some(r) = roles {
        form.push(("roleIds", r.to_string()));
    }
    Call::Form("/user/audit", form)
}

#[actix_web::test]
async fn registration_is_closed_by_default_everywhere() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "默认园区", "Zone#1").await;
    for tenant in ["000000", zone.as_str()] {
        let (s, body) = register_as(&app, tenant, "hopeful", "Hope#1").await;
        assert_eq!((s, body["msg"].as_str()), (400, Some("该租户未开放用户注册")), "{tenant}: {body}");
    }
    // Closed also when the tenant's own value says so, whatever it is instead of "true".
    set_param(&app, &zone, "account.registerUser", "yes").await;
    assert_eq!(register_as(&app, &zone, "hopeful", "Hope#1").await.0, 400);
    let zone_admin = app.login(&zone, "admin", "Zone#1").await["access_token"].as_str().unwrap().to_string();
    assert!(pending(&app, &zone_admin).await.is_empty());
}

#[actix_web::test]
async fn a_registered_account_waits_for_its_own_tenants_approval_and_then_signs_in() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    set_param(&app, &a, "account.registerUser", "true").await;
    let a_admin = app.login(&a, "admin", "Zone#1").await["access_token"].as_str().unwrap().to_string();
    let b_admin = app.login(&b, "admin", "Zone#1").await["access_token"].as_str().unwrap().to_string();

    let (s, body) = register_as(&app, &a, "newcomer", "New#1").await;
    assert_eq!((s, body["data"]["account"].as_str()), (200, Some("newcomer")), "{body}");
    let (s, msg) = try_login(&app, &a, "newcomer", "New#1").await;
    assert!(s == 400 && msg.contains("审核"), "a pending account cannot sign in: {s} {msg}");
    // Opening tenant A opens nothing elsewhere.
    assert_eq!(register_as(&app, &b, "newcomer", "New#1").await.0, 400);
    assert_eq!(register_as(&app, "000000", "newcomer", "New#1").await.0, 400);

    let waiting = pending(&app, &a_admin).await;
    assert_eq!(waiting.iter().map(|(_, acc)| acc.as_str()).collect::<Vec<_>>(), ["newcomer"]);
    let id = waiting[0].0.clone();
    let (_, d) = call(&app, Some(&a_admin), Call::Get(format!("/user/detail?id={id}"))).await;
    assert_eq!(
        (d["data"]["status"].as_i64(), d["data"]["roleId"].as_str(), d["data"]["phone"].as_str()),
        (Some(3), Some(""), Some("13800000000"))
    );
    // Tenant B neither sees nor decides about A's registrations.
    assert!(pending(&app, &b_admin).await.is_empty());
    let (s, body) = call(&app, Some(&b_admin), audit(&id, "1", None)).await;
    assert_eq!(s, 404, "{body}");
    // A user_view-only clerk of A may look but not decide.
    let viewer = role_with(&app, &a, "viewer", &["user_view"]).await;
    insert_user(&app, &a, "viewer", &viewer, "").await;
    let v = app.login(&a, "viewer", "Zone#1").await["access_token"].as_str().unwrap().to_string();
    assert_eq!(pending(&app, &v).await.len(), 1);
    assert_eq!(call(&app, Some(&v), audit(&id, "1", None)).await.0, 403);
    assert_eq!(call(&app, None, audit(&id, "1", None)).await.0, 401);

    let clerk = role_with(&app, &a, "clerk", &["user_view"]).await;
    let (s, body) = call(&app, Some(&a_admin), audit(&id, "1", Some(&clerk))).await;
    assert_eq!((s, body["data"]["count"].as_u64()), (200, Some(1)), "{body}");
    let signed_in = app.login(&a, "newcomer", "New#1").await;
    assert_eq!(signed_in["role_id"].as_str(), Some(clerk.as_str()));
    let (s, body) = call(&app, Some(&a_admin), audit(&id, "2", None)).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("userIds")), "an active account is not audited again: {body}");
    assert!(pending(&app, &a_admin).await.is_empty());

    // A taken account name is refused; a rejected registration is gone and frees its name.
    let (s, body) = register_as(&app, &a, "newcomer", "Other#1").await;
    assert_eq!(
        (s, body["data"]["field"].as_str(), body["data"]["reason"].as_str()),
        (400, Some("account"), Some("当前用户 [newcomer] 已存在!"))
    );
    let json_body =
        json!({ "tenantId": a, "account": "maybe", "realName": "也许", "password": md5_hex("Maybe#1"), "email": "maybe@example.com" });
    let r = app.http.post(app.api(&format!("{SYS}/user/register"))).json(&json_body).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200, "JSON bodies are read too");
    let maybe = pending(&app, &a_admin).await.pop().unwrap().0;
    assert_eq!(call(&app, Some(&a_admin), audit(&maybe, "2", None)).await.0, 200);
    assert_eq!(try_login(&app, &a, "maybe", "Maybe#1").await, (400, "用户名或密码不正确".into()));
    assert_eq!(call(&app, Some(&a_admin), Call::Get(format!("/user/detail?id={maybe}"))).await.0, 404);
    assert_eq!(register_as(&app, &a, "maybe", "Maybe#2").await.0, 200);
}

#[actix_web::test]
async fn approval_without_roles_activates_and_granting_stays_within_the_approvers_rights() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "审核园区", "Zone#1").await;
    set_param(&app, &zone, "account.registerUser", "true").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (admin_token, admin_role) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap());
    let editor = role_with(&app, &zone, "editor", &["user_view", "user_audit"]).await;
    insert_user(&app, &zone, "editor", &editor, "").await;
    let e = app.login(&zone, "editor", "Zone#1").await["access_token"].as_str().unwrap().to_string();
    register_as(&app, &zone, "first", "First#1").await;
    register_as(&app, &zone, "second", "Second#1").await;
    let waiting = pending(&app, &e).await;
    assert_eq!(waiting.len(), 2);
    let first = waiting.iter().find(|(_, account)| account == "first").unwrap().0.clone();
    let ids: Vec<String> = waiting.into_iter().map(|(id, _)| id).collect();

    // Switching a registration on is no way around the review.
    let (s, body) =
        call(&app, Some(admin_token), Call::Form("/user/enable", vec![("userIds", first.clone()), ("status", "1".into())])).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("userIds")), "{body}");
    // Giving roles is granting: the editor lacks user_role, and may not give more than it holds anyway.
    assert_eq!(call(&app, Some(&e), audit(&first, "1", Some(admin_role))).await.0, 403);
    let (s, body) = call(&app, Some(&e), audit(&ids.join(","), "1", None)).await;
    assert_eq!((s, body["data"]["count"].as_u64()), (200, Some(2)), "{body}");
    // Active but without a role: the sign-in says so, until an administrator grants one.
    assert_eq!(try_login(&app, &zone, "first", "First#1").await, (400, "未获得用户的角色信息".into()));
    assert_eq!(
        call(&app, Some(admin_token), Call::Form("/user/grant", vec![("userIds", first.clone()), ("roleIds", editor)])).await.0,
        200
    );
    app.login(&zone, "first", "First#1").await;
}

#[actix_web::test]
async fn registration_respects_the_quota_and_the_tenants_state_and_bad_input_names_its_field() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "限额园区", "Zone#1").await;
    set_param(&app, &zone, "account.registerUser", "true").await;
    let md5 = md5_hex("Reg#1");
    let bad: Vec<(Vec<(&str, &str)>, &str)> = vec![
        (vec![("account", "a1"), ("realName", "甲"), ("password", &md5)], "tenantId"),
        (vec![("tenantId", "99999x"), ("account", "a1"), ("realName", "甲"), ("password", &md5)], "tenantId"),
        (vec![("tenantId", "999999"), ("account", "a1"), ("realName", "甲"), ("password", &md5)], "tenantId"),
        (vec![("tenantId", &zone), ("realName", "甲"), ("password", &md5)], "account"),
        (vec![("tenantId", &zone), ("account", "a b"), ("realName", "甲"), ("password", &md5)], "account"),
        (vec![("tenantId", &zone), ("account", "a1"), ("password", &md5)], "realName"),
        (vec![("tenantId", &zone), ("account", "a1"), ("realName", "甲")], "password"),
        (vec![("tenantId", &zone), ("account", "a1"), ("realName", "甲"), ("password", "Reg#1")], "password"),
        (vec![("tenantId", &zone), ("account", "a1"), ("realName", "甲"), ("password", &md5), ("email", "nope")], "email"),
        (vec![("tenantId", &zone), ("account", "a1"), ("realName", "甲"), ("password", &md5), ("phone", "电话")], "phone"),
    ];
    for (form, field) in bad {
        let (s, body) = register(&app, &form).await;
        assert_eq!((s, body["data"]["field"].as_str()), (400, Some(field)), "{form:?}: {body}");
    }
    let r = app
        .http
        .post(app.api(&format!("{SYS}/user/register")))
        .header("content-type", "application/json")
        .body("[1]")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);

    let admin = app.login(&zone, "admin", "Zone#1").await["access_token"].as_str().unwrap().to_string();
    for (c, field) in [(audit("", "1", None), "userIds"), (audit("1", "3", None), "status"), (audit("1", "1", Some("x")), "roleIds")] {
        let (s, body) = call(&app, Some(&admin), c).await;
        assert_eq!((s, body["data"]["field"].as_str()), (400, Some(field)), "{body}");
    }

    // The administrator is the one account; a quota of two leaves room for one registration.
    exec(&app, "UPDATE sys_tenant SET account_number = 2 WHERE tenant_id = ?", vec![zone.clone().into()]).await;
    assert_eq!(register_as(&app, &zone, "one", "One#1").await.0, 200);
    let (s, body) = register_as(&app, &zone, "two", "Two#1").await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("当前租户已到最大账号额度!")), "{body}");
    exec(&app, "UPDATE sys_tenant SET account_number = -1, status = 2 WHERE tenant_id = ?", vec![zone.clone().into()]).await;
    let (s, body) = register_as(&app, &zone, "two", "Two#1").await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("租户已被停用,请联系管理员")), "{body}");
}
