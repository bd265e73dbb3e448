//! Tenant administration: only the platform tenant reads tenants and only its administrator changes them;
//! disabling, expiring or removing a tenant shuts its people out at once, sign-in and refresh included.
use keeper_security::password::md5_hex;
use keeper_testkit::{BASIC, TestApp};
use serde_json::{Value, json};

use crate::support::{Call, SYS, call, exec_system as exec, grant_codes, insert_user, matrix, past_caches, role_with, sign_in, try_login};

const TENANT_CODES: [&str; 6] = ["tenant", "tenant_view", "tenant_add", "tenant_edit", "tenant_delete", "tenant_setting"];

/// A refresh that may fail: `(status, error_description)`.
async fn try_refresh(app: &TestApp, refresh_token: &str) -> (u16, String) {
    let (s, body) =
        app.token_request(&[("grant_type", "refresh_token"), ("refresh_token", refresh_token)], &[("Authorization", BASIC)]).await;
    (s, body["error_description"].as_str().unwrap_or_default().to_string())
}

/// The row id of a tenant, from its code.
async fn row_id(app: &TestApp, platform: &str, code: &str) -> String {
    let (s, l) = call(app, Some(platform), Call::Get(format!("/tenant/list?tenantId={code}"))).await;
    assert_eq!(s, 200, "{l}");
    let rows = l["data"]["records"].as_array().unwrap();
    rows.iter().find(|r| r["tenantId"] == code).unwrap_or_else(|| panic!("{code} not listed: {l}"))["id"].as_str().unwrap().to_string()
}

async fn new_tenant(app: &TestApp, platform: &str, name: &str) -> (String, String) {
    let code = app.create_tenant(platform, name, "Zone#1").await;
    let id = row_id(app, platform, &code).await;
    (code, id)
}

const ENDPOINTS: [&str; 8] = ["list", "detail", "select", "submit create", "submit update", "enable", "setting", "remove"];

/// One call of each endpoint; the targets are fresh tenants made by the platform administrator.
async fn each_endpoint(app: &TestApp, platform: &str, token: Option<&str>, tag: &str) -> Vec<u16> {
    let (_, target) = new_tenant(app, platform, &format!("目标{tag}")).await;
    let (_, doomed) = new_tenant(app, platform, &format!("待删{tag}")).await;
    let calls = vec![
        Call::Get("/tenant/list".into()),
        Call::Get(format!("/tenant/detail?id={target}")),
        Call::Get("/tenant/select".into()),
        Call::Json("/tenant/submit", json!({ "tenantName": format!("新建{tag}"), "adminPassword": md5_hex("Zone#1") })),
        Call::Json("/tenant/submit", json!({ "id": target, "tenantName": format!("改名{tag}") })),
        Call::Form("/tenant/enable", vec![("ids", target.clone()), ("status", "1".into())]),
        Call::Form("/tenant/setting", vec![("ids", target.clone()), ("accountNumber", "-1".into()), ("expireTime", "".into())]),
        Call::Form("/tenant/remove", vec![("ids", doomed)]),
    ];
    matrix(app, token, tag, &ENDPOINTS, calls).await
}

#[actix_web::test]
async fn only_the_platform_reads_tenants_and_only_its_administrator_changes_them() {
    let app = TestApp::spawn().await;
    let platform = sign_in(&app, "000000", "admin", keeper_testkit::ADMIN_PASSWORD).await;
    assert_eq!(each_endpoint(&app, &platform, Some(&platform), "平台").await, vec![200; 8], "platform administrator");

    let viewer = role_with(&app, "000000", "tenant_viewer", &["tenant", "tenant_view"]).await;
    let clerk = role_with(&app, "000000", "tenant_clerk", &TENANT_CODES).await;
    let nothing = role_with(&app, "000000", "nobody", &[]).await;
    insert_user(&app, "000000", "p_viewer", &viewer, "").await;
    insert_user(&app, "000000", "p_clerk", &clerk, "").await;
    insert_user(&app, "000000", "p_nobody", &nothing, "").await;
    let reads_only = [200, 200, 200, 403, 403, 403, 403, 403];
    let t = sign_in(&app, "000000", "p_viewer", "Zone#1").await;
    assert_eq!(each_endpoint(&app, &platform, Some(&t), "平台查看").await, reads_only, "platform tenant_view");
    let t = sign_in(&app, "000000", "p_clerk", "Zone#1").await;
    assert_eq!(each_endpoint(&app, &platform, Some(&t), "平台全码").await, reads_only, "platform codes without administrator");
    let t = sign_in(&app, "000000", "p_nobody", "Zone#1").await;
    assert_eq!(each_endpoint(&app, &platform, Some(&t), "平台无权").await, vec![403; 8], "platform without codes");

    for zone in ["甲园区", "乙园区"] {
        let tenant = app.create_tenant(&platform, zone, "Zone#1").await;
        let admin = app.login(&tenant, "admin", "Zone#1").await;
        // Even holding every tenant code, a tenant's administrator manages no tenants, not even its own.
        grant_codes(&app, admin["role_id"].as_str().unwrap(), &TENANT_CODES).await;
        let viewer = role_with(&app, &tenant, "viewer", &["tenant", "tenant_view"]).await;
        let nothing = role_with(&app, &tenant, "nobody", &[]).await;
        insert_user(&app, &tenant, "viewer", &viewer, "").await;
        insert_user(&app, &tenant, "nobody", &nothing, "").await;
        let admin_token = admin["access_token"].as_str().unwrap();
        assert_eq!(each_endpoint(&app, &platform, Some(admin_token), "管理员").await, vec![403; 8], "{zone} administrator");
        let t = sign_in(&app, &tenant, "viewer", "Zone#1").await;
        assert_eq!(each_endpoint(&app, &platform, Some(&t), "查看").await, vec![403; 8], "{zone} tenant_view");
        let t = sign_in(&app, &tenant, "nobody", "Zone#1").await;
        assert_eq!(each_endpoint(&app, &platform, Some(&t), "无权").await, vec![403; 8], "{zone} no grants");
        assert_eq!(each_endpoint(&app, &platform, None, "匿名").await, vec![401; 8], "{zone} anonymous");
    }
}

#[actix_web::test]
async fn the_platform_tenant_is_never_removed_nor_disabled() {
    let app = TestApp::spawn().await;
    let platform = sign_in(&app, "000000", "admin", keeper_testkit::ADMIN_PASSWORD).await;
    let own = row_id(&app, &platform, "000000").await;
    let (other_code, other) = new_tenant(&app, &platform, "陪同园区").await;
    let (s, body) = call(&app, Some(&platform), Call::Form("/tenant/remove", vec![("ids", format!("{other},{own}"))])).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("不可删除管理租户!")), "{body}");
    let (s, body) = call(&app, Some(&platform), Call::Form("/tenant/enable", vec![("ids", own.clone()), ("status", "2".into())])).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("不可停用管理租户!")), "{body}");
    // Nothing of the refused request happened.
    app.login(&other_code, "admin", "Zone#1").await;
    assert_eq!(call(&app, Some(&platform), Call::Get(format!("/tenant/detail?id={other}"))).await.0, 200);
    app.admin_login().await;
}

#[actix_web::test]
async fn a_removed_tenant_loses_its_accounts_and_sessions_at_once() {
    let app = TestApp::spawn().await;
    let platform = sign_in(&app, "000000", "admin", keeper_testkit::ADMIN_PASSWORD).await;
    let (gone_code, gone) = new_tenant(&app, &platform, "撤销园区").await;
    let (kept_code, _) = new_tenant(&app, &platform, "保留园区").await;
    let gone_token = sign_in(&app, &gone_code, "admin", "Zone#1").await;
    let kept_token = sign_in(&app, &kept_code, "admin", "Zone#1").await;
    let (s, body) = call(&app, Some(&platform), Call::Form("/tenant/remove", vec![("ids", gone.clone())])).await;
    assert_eq!((s, body["data"]["count"].as_u64()), (200, Some(1)), "{body}");
    past_caches().await;
    assert_eq!(app.get(&format!("{SYS}/user/info"), &gone_token).await.0, 401);
    assert_eq!(app.get(&format!("{SYS}/user/info"), &kept_token).await.0, 200);
    assert_eq!(try_login(&app, &gone_code, "admin", "Zone#1").await, (400, "未获得用户的租户信息".into()));
    assert_eq!(call(&app, Some(&platform), Call::Get(format!("/tenant/detail?id={gone}"))).await.0, 404);
    let (_, l) = call(&app, Some(&platform), Call::Get(format!("/tenant/list?tenantId={gone_code}"))).await;
    assert_eq!(l["data"]["total"], 0, "{l}");
    let (s, _) = call(&app, Some(&platform), Call::Form("/tenant/remove", vec![("ids", gone)])).await;
    assert_eq!(s, 404, "removing twice is removing a missing tenant");
}

#[actix_web::test]
async fn tenants_are_listed_filtered_sorted_and_updated_with_their_code_fixed() {
    let app = TestApp::spawn().await;
    let platform = sign_in(&app, "000000", "admin", keeper_testkit::ADMIN_PASSWORD).await;
    let md5 = md5_hex("Zone#1");
    let (s, body) = call(
        &app,
        Some(&platform),
        Call::Json(
            "/tenant/submit",
            json!({ "tenantName": "东湖园区", "linkman": "张三", "contactNumber": "027-1234", "domain": "http://east.example.com",
                    "accountNumber": 20, "expireTime": "2099-12-31 23:59:59", "adminPassword": md5 }),
        ),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    let (east_id, east) = (body["data"]["id"].as_str().unwrap().to_string(), body["data"]["tenantId"].as_str().unwrap().to_string());
    let (_, west_id) = new_tenant(&app, &platform, "西山园区").await;

    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/tenant/detail?id={east_id}"))).await;
    let d = &d["data"];
    assert_eq!(
        (d["tenantId"].as_str(), d["tenantName"].as_str(), d["linkman"].as_str()),
        (Some(east.as_str()), Some("东湖园区"), Some("张三"))
    );
    assert_eq!((d["accountNumber"].as_i64(), d["accountCount"].as_i64(), d["status"].as_i64()), (Some(20), Some(1), Some(1)), "{d}");
    assert_eq!((d["expireTime"].as_str(), d["expired"].as_bool()), (Some("2099-12-31 23:59:59"), Some(false)));

    let names = |l: &Value| -> Vec<String> {
        l["data"]["records"].as_array().unwrap_or_else(|| panic!("{l}")).iter().map(|r| r["tenantName"].as_str().unwrap().into()).collect()
    };
    let by_code = format!("tenantId={east}");
    for (query, expected) in [
        ("tenantName=园区&ascs=tenant_name", vec!["东湖园区", "西山园区"]),
        ("tenantName=园区&descs=tenantName", vec!["西山园区", "东湖园区"]),
        ("linkman=张", vec!["东湖园区"]),
        ("contactNumber=1234", vec!["东湖园区"]),
        (by_code.as_str(), vec!["东湖园区"]),
        ("tenantName=%25", vec![]),
    ] {
        let (s, l) = call(&app, Some(&platform), Call::Get(format!("/tenant/list?{query}"))).await;
        assert_eq!((s, names(&l)), (200, expected.iter().map(|s| s.to_string()).collect::<Vec<_>>()), "{query}");
    }
    let (_, l) = call(&app, Some(&platform), Call::Get("/tenant/list?size=1".into())).await;
    assert_eq!(
        (l["data"]["total"].as_u64(), l["data"]["pages"].as_u64(), names(&l)),
        (Some(3), Some(3), vec!["平台管理".to_string()]),
        "{l}"
    );
    let (_, sel) = call(&app, Some(&platform), Call::Get("/tenant/select".into())).await;
    let codes: Vec<&str> = sel["data"].as_array().unwrap().iter().map(|t| t["tenantId"].as_str().unwrap()).collect();
    assert!(codes.contains(&"000000") && codes.contains(&east.as_str()) && codes.len() == 3, "{sel}");

    // A plain update: what is sent changes, the rest stays, the code never moves.
    let (s, body) = call(
        &app,
        Some(&platform),
        Call::Json(
            "/tenant/submit",
            json!({ "id": east_id, "tenantId": east, "tenantName": "东湖高新园区", "address": "光谷大道 1 号", "expireTime": "" }),
        ),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/tenant/detail?id={east_id}"))).await;
    let d = &d["data"];
    assert_eq!(
        (d["tenantName"].as_str(), d["linkman"].as_str(), d["address"].as_str()),
        (Some("东湖高新园区"), Some("张三"), Some("光谷大道 1 号"))
    );
    assert_eq!((d["expireTime"].as_str(), d["accountNumber"].as_i64()), (Some(""), Some(20)), "{d}");
    let info = app.http.get(app.api(&format!("{SYS}/tenant/info?domain=http://east.example.com"))).send().await.unwrap();
    assert_eq!(info.json::<Value>().await.unwrap()["data"]["tenantName"], "东湖高新园区");

    let missing = keeper_common::id::next_id().to_string();
    assert_eq!(call(&app, Some(&platform), Call::Get(format!("/tenant/detail?id={missing}"))).await.0, 404);
    assert_eq!(call(&app, Some(&platform), Call::Json("/tenant/submit", json!({ "id": missing, "tenantName": "无" }))).await.0, 404);
    let bad: Vec<(Call, &str)> = vec![
        (Call::Json("/tenant/submit", json!({ "id": east_id, "tenantId": "999999" })), "tenantId"),
        (Call::Json("/tenant/submit", json!({ "id": west_id, "domain": "http://east.example.com" })), "domain"),
        (
            Call::Json("/tenant/submit", json!({ "tenantName": "重名域", "domain": "http://east.example.com", "adminPassword": md5 })),
            "domain",
        ),
        (Call::Json("/tenant/submit", json!({ "id": east_id, "tenantName": "" })), "tenantName"),
        (Call::Json("/tenant/submit", json!({ "id": east_id, "tenantName": "名".repeat(51) })), "tenantName"),
        (Call::Json("/tenant/submit", json!({ "id": east_id, "accountNumber": -5 })), "accountNumber"),
        (Call::Json("/tenant/submit", json!({ "id": east_id, "expireTime": "明天" })), "expireTime"),
        (Call::Json("/tenant/submit", json!({ "id": east_id, "contactNumber": "打电话" })), "contactNumber"),
        (Call::Json("/tenant/submit", json!({ "id": "abc" })), "id"),
        (Call::Json("/tenant/submit", json!({ "tenantName": "无密码" })), "adminPassword"),
        (Call::Get("/tenant/list?ascs=password".into()), "ascs"),
        (Call::Get("/tenant/list?status=on".into()), "status"),
        (Call::Get("/tenant/list?current=0".into()), "current"),
        (Call::Get("/tenant/detail?id=abc".into()), "id"),
        (Call::Form("/tenant/remove", vec![("ids", "1,x".into())]), "ids"),
        (Call::Form("/tenant/enable", vec![("ids", east_id.clone()), ("status", "0".into())]), "status"),
        (Call::Form("/tenant/setting", vec![("ids", east_id.clone()), ("accountNumber", "-2".into())]), "accountNumber"),
        (Call::Form("/tenant/setting", vec![("ids", east_id.clone()), ("accountNumber", "".into())]), "accountNumber"),
        (
            Call::Form(
                "/tenant/setting",
                vec![("ids", east_id.clone()), ("accountNumber", "5".into()), ("expireTime", "2030-13-01".into())],
            ),
            "expireTime",
        ),
        (Call::Form("/tenant/setting", vec![("ids", "".into()), ("accountNumber", "5".into())]), "ids"),
    ];
    for (c, field) in bad {
        let (s, body) = call(&app, Some(&platform), c).await;
        assert_eq!((s, body["data"]["field"].as_str()), (400, Some(field)), "{body}");
    }
}

#[actix_web::test]
async fn the_quota_of_tenant_setting_refuses_accounts_beyond_it() {
    let app = TestApp::spawn().await;
    let platform = sign_in(&app, "000000", "admin", keeper_testkit::ADMIN_PASSWORD).await;
    let (zone, id) = new_tenant(&app, &platform, "额度园区").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (t, role) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap());
    let clerk = |account: &str| json!({ "account": account, "realName": "办事员", "password": md5_hex("Clerk#1"), "roleId": role });
    let setting = |n: &str| Call::Form("/tenant/setting", vec![("ids", id.clone()), ("accountNumber", n.to_string())]);

    assert_eq!(call(&app, Some(&platform), setting("2")).await.0, 200);
    assert_eq!(call(&app, Some(t), Call::Json("/user/submit", clerk("clerk.1"))).await.0, 200);
    let (s, body) = call(&app, Some(t), Call::Json("/user/submit", clerk("clerk.2"))).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("当前租户已到最大账号额度!")), "{body}");
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/tenant/detail?id={id}"))).await;
    assert_eq!((d["data"]["accountNumber"].as_i64(), d["data"]["accountCount"].as_i64()), (Some(2), Some(2)));
    assert_eq!(call(&app, Some(&platform), setting("-1")).await.0, 200);
    assert_eq!(call(&app, Some(t), Call::Json("/user/submit", clerk("clerk.2"))).await.0, 200);
    // A licence far beyond 2038 is kept as given on every database.
    let far = Call::Form(
        "/tenant/setting",
        vec![("ids", id.clone()), ("accountNumber", "0".into()), ("expireTime", "2099-12-31 23:59:59".into())],
    );
    assert_eq!(call(&app, Some(&platform), far).await.0, 200);
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/tenant/detail?id={id}"))).await;
    assert_eq!((d["data"]["accountNumber"].as_i64(), d["data"]["expireTime"].as_str()), (Some(0), Some("2099-12-31 23:59:59")), "{d}");
    app.login(&zone, "admin", "Zone#1").await;
}

#[actix_web::test]
async fn an_expired_tenant_can_neither_sign_in_nor_refresh() {
    let app = TestApp::spawn().await;
    let platform = sign_in(&app, "000000", "admin", keeper_testkit::ADMIN_PASSWORD).await;
    let (zone, id) = new_tenant(&app, &platform, "到期园区").await;
    let first = app.login(&zone, "admin", "Zone#1").await;
    // Expired behind the service's back: the sign-in and refresh checks alone must refuse it.
    exec(
        &app,
        "UPDATE sys_tenant SET expire_time = ? WHERE tenant_id = ?",
        vec![(chrono::Utc::now() - chrono::Duration::minutes(1)).into(), zone.clone().into()],
    )
    .await;
    let expired = (400, "租户授权已过期,请联系管理员".to_string());
    assert_eq!(try_login(&app, &zone, "admin", "Zone#1").await, expired);
    assert_eq!(try_refresh(&app, first["refresh_token"].as_str().unwrap()).await, expired);
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/tenant/detail?id={id}"))).await;
    assert_eq!(d["data"]["expired"], true, "{d}");

    // Renewed through tenant/setting, then made to expire through it: the sessions end with it.
    let setting = |expire: &str| {
        Call::Form("/tenant/setting", vec![("ids", id.clone()), ("accountNumber", "-1".into()), ("expireTime", expire.into())])
    };
    assert_eq!(call(&app, Some(&platform), setting("")).await.0, 200);
    let session = sign_in(&app, &zone, "admin", "Zone#1").await;
    assert_eq!(app.get(&format!("{SYS}/user/info"), &session).await.0, 200);
    let yesterday = keeper_common::time::format(&(chrono::Utc::now() - chrono::Duration::days(1)));
    assert_eq!(call(&app, Some(&platform), setting(&yesterday)).await.0, 200);
    past_caches().await;
    assert_eq!(app.get(&format!("{SYS}/user/info"), &session).await.0, 401);
    assert_eq!(try_login(&app, &zone, "admin", "Zone#1").await, expired);
    let tomorrow = keeper_common::time::format(&(chrono::Utc::now() + chrono::Duration::days(1)));
    assert_eq!(call(&app, Some(&platform), setting(&tomorrow)).await.0, 200);
    app.login(&zone, "admin", "Zone#1").await;
}

#[actix_web::test]
async fn disabling_a_tenant_ends_its_sessions_at_once_and_refuses_sign_in_and_refresh() {
    let app = TestApp::spawn().await;
    let platform = sign_in(&app, "000000", "admin", keeper_testkit::ADMIN_PASSWORD).await;
    let (off, off_id) = new_tenant(&app, &platform, "停用园区").await;
    let (on, _) = new_tenant(&app, &platform, "照常园区").await;
    let off_login = app.login(&off, "admin", "Zone#1").await;
    let off_token = off_login["access_token"].as_str().unwrap();
    let on_token = sign_in(&app, &on, "admin", "Zone#1").await;
    assert_eq!(app.get(&format!("{SYS}/user/info"), off_token).await.0, 200);

    let enable = |status: &str| Call::Form("/tenant/enable", vec![("ids", off_id.clone()), ("status", status.into())]);
    let (s, body) = call(&app, Some(&platform), enable("2")).await;
    assert_eq!(s, 200, "{body}");
    past_caches().await;
    assert_eq!(app.get(&format!("{SYS}/user/info"), off_token).await.0, 401);
    assert_eq!(app.get(&format!("{SYS}/user/info"), &on_token).await.0, 200, "another tenant keeps working");
    assert_eq!(try_login(&app, &off, "admin", "Zone#1").await, (400, "租户已被停用,请联系管理员".into()));
    assert_eq!(try_refresh(&app, off_login["refresh_token"].as_str().unwrap()).await.0, 401);
    let (_, l) = call(&app, Some(&platform), Call::Get("/tenant/list?status=2".into())).await;
    assert_eq!(l["data"]["records"][0]["tenantId"], off.as_str(), "{l}");

    assert_eq!(call(&app, Some(&platform), enable("1")).await.0, 200);
    app.login(&off, "admin", "Zone#1").await;
}
