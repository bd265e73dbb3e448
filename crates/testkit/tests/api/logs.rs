//! The login, operation and error logs through the gateway: changes of every service reach the operation
//! log with their caller, outcome and duration and without secrets; server errors reach the error log
//! while the caller sees a generic message; the lists filter by account, outcome, address and time (a
//! malformed filter is a 400 naming it); tenants see only their own rows and the platform administrator
//! every tenant's; list, detail and export each need their own code; exports are xlsx files; rows older
//! than `log.retentionDays` are deleted. Events arrive asynchronously, so the tests poll for them.
use std::time::{Duration, Instant};

use chrono::{TimeDelta, Utc};
use keeper_security::password::md5_hex;
use keeper_testkit::{ADMIN_PASSWORD, TestApp};
use serde_json::{Value, json};

use crate::support::{Call, call, exec_system as exec, member, platform_token, scalar, sign_in, try_login};
use crate::users_excel::{download, rows_of};

const LOG: &str = "/api/keeper-log";

/// The records of a log list once `ready` holds for them (events are stored a second or so after the
/// request that made them).
pub async fn eventually(app: &TestApp, token: &str, path: &str, ready: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (s, body) = app.get(&format!("{LOG}{path}"), token).await;
        assert_eq!(s, 200, "{path}: {body}");
        let records = body["data"]["records"].as_array().cloned().unwrap_or_default();
        if ready(&records) {
            return records;
        }
        assert!(Instant::now() < deadline, "{path} never showed the expected rows: {body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The list's records right now.
async fn records(app: &TestApp, token: &str, path: &str) -> Vec<Value> {
    let (s, body) = app.get(&format!("{LOG}{path}"), token).await;
    assert_eq!(s, 200, "{path}: {body}");
    body["data"]["records"].as_array().cloned().unwrap_or_default()
}

fn local(t: chrono::DateTime<Utc>) -> String {
    keeper_common::time::format(&t).replace(' ', "%20")
}

#[actix_web::test]
async fn a_change_is_in_the_operation_log_with_its_caller_outcome_and_duration_and_without_secrets() {
    let app = TestApp::spawn().await;
    let t = platform_token(&app).await;
    let (s, body) =
        call(&app, Some(&t), Call::Json("/param/submit", json!({ "paramName": "园区", "paramKey": "zone.name", "paramValue": "高新区" })))
            .await;
    assert_eq!(s, 200, "{body}");
    let (old, new) = (md5_hex(ADMIN_PASSWORD), md5_hex("Changed#2026"));
    let form = vec![("oldPassword", old.clone()), ("newPassword", new.clone()), ("newPassword1", new.clone())];
    let (s, body) = call(&app, Some(&t), Call::Form("/user/update-password", form)).await;
    assert_eq!(s, 200, "{body}");

    let rows = eventually(&app, &t, "/api/list?requestUri=update-password", |r| r.len() == 1).await;
    let row = &rows[0];
    for (field, want) in [
        ("tenantId", json!("000000")),
        ("account", json!("admin")),
        ("serviceId", json!("system")),
        ("title", json!("用户 修改密码")),
        ("method", json!("POST")),
        ("requestUri", json!("/user/update-password")),
        ("status", json!(200)),
        ("success", json!(1)),
        ("remoteIp", json!("127.0.0.1")),
    ] {
        assert_eq!(row[field], want, "{field}: {row}");
    }
    let params = row["params"].as_str().unwrap();
    assert!(!params.contains(&old) && !params.contains(&new) && params.contains("******"), "{params}");
    assert!(row["time"].as_i64().is_some_and(|ms| ms >= 0), "{row}");
    assert!(row["id"].is_string() && !row["userId"].as_str().unwrap().is_empty(), "{row}");
    assert!(!row["requestId"].as_str().unwrap().is_empty(), "the gateway's request id: {row}");
    assert_eq!(row["createTime"].as_str().unwrap().len(), 19, "{row}");

    let rows = eventually(&app, &t, "/api/list?title=参数", |r| !r.is_empty()).await;
    assert_eq!(rows[0]["title"], "参数 保存");
    assert!(rows[0]["params"].as_str().unwrap().contains("zone.name"), "{}", rows[0]);
    // Reads are not operations.
    assert!(records(&app, &t, "/api/list?requestUri=/list").await.is_empty());
}

#[actix_web::test]
async fn refused_changes_of_any_service_are_failures_and_the_outcome_filter_finds_them() {
    let app = TestApp::spawn().await;
    let t = platform_token(&app).await;
    let (s, _) = call(&app, Some(&t), Call::Form("/param/remove", vec![("ids", "x".into())])).await;
    assert_eq!(s, 400);
    let r = app
        .http
        .post(app.api("/api/enterprise/remove"))
        .header("Keeper-Auth", format!("bearer {t}"))
        .form(&[("ids", "x")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let (s, _) =
        call(&app, Some(&t), Call::Json("/param/submit", json!({ "paramName": "好", "paramKey": "ok.one", "paramValue": "1" }))).await;
    assert_eq!(s, 200);

    let failed = eventually(&app, &t, "/api/list?success=0", |r| r.len() == 2).await;
    let mut seen: Vec<(String, String, i64)> = failed
        .iter()
        .map(|r| (r["serviceId"].as_str().unwrap().into(), r["requestUri"].as_str().unwrap().into(), r["status"].as_i64().unwrap()))
        .collect();
    seen.sort();
    assert_eq!(seen, [("business".into(), "/enterprise/remove".into(), 400), ("system".into(), "/param/remove".into(), 400)]);
    assert!(failed.iter().all(|r| r["success"] == 0 && r["account"] == "admin"), "{failed:?}");
    let ok = eventually(&app, &t, "/api/list?success=1", |r| !r.is_empty()).await;
    assert_eq!(ok.iter().map(|r| r["requestUri"].as_str().unwrap()).collect::<Vec<_>>(), ["/param/submit"]);
}

#[actix_web::test]
async fn sign_ins_are_in_the_login_log_and_the_filters_check_their_values() {
    let app = TestApp::spawn().await;
    assert_eq!(try_login(&app, "000000", "admin", "wrong").await.0, 400);
    let t = platform_token(&app).await;
    let failures = eventually(&app, &t, "/login/list?account=adm&success=0", |r| r.len() == 1).await;
    assert_eq!((failures[0]["account"].as_str(), failures[0]["success"].as_i64()), (Some("admin"), Some(0)));
    let successes = eventually(&app, &t, "/login/list?success=1", |r| r.len() == 1).await;
    let row = &successes[0];
    assert_eq!(
        (row["tenantId"].as_str(), row["grantType"].as_str(), row["clientId"].as_str()),
        (Some("000000"), Some("password"), Some("sword"))
    );
    assert!(!row["userId"].as_str().unwrap().is_empty() && row["ip"] == "127.0.0.1", "{row}");

    let now = Utc::now();
    let (past, future) = (local(now - TimeDelta::hours(1)), local(now + TimeDelta::hours(1)));
    assert_eq!(records(&app, &t, &format!("/login/list?beginTime={past}&endTime={future}")).await.len(), 2);
    assert!(records(&app, &t, &format!("/login/list?beginTime={future}")).await.is_empty());
    assert!(records(&app, &t, &format!("/login/list?endTime={past}")).await.is_empty());
    assert!(records(&app, &t, "/login/list?account=nobody").await.is_empty());

    for (query, field) in [
        ("/login/list?beginTime=yesterday", "beginTime"),
        ("/api/list?endTime=2026-02-30%2010:00:00", "endTime"),
        ("/login/list?success=2", "success"),
        ("/error/list?current=0", "current"),
    ] {
        let (s, body) = app.get(&format!("{LOG}{query}"), &t).await;
        assert_eq!(s, 400, "{query}: {body}");
        assert!(body["msg"].as_str().unwrap().starts_with(field), "{query}: {body}");
    }
}

#[actix_web::test]
async fn a_server_error_is_in_the_error_log_while_the_caller_sees_a_generic_message() {
    let app = TestApp::spawn().await;
    let t = platform_token(&app).await;
    exec(&app, "ALTER TABLE sys_post RENAME TO sys_post_gone", vec![]).await;
    let (s, body) = call(&app, Some(&t), Call::Get("/post/list?postName=x".into())).await;
    assert_eq!(s, 500);
    assert_eq!(body["msg"], "服务器异常");
    assert!(!body.to_string().contains("sys_post"), "{body}");

    let rows = eventually(&app, &t, "/error/list?requestUri=/post/list", |r| r.len() == 1).await;
    let row = &rows[0];
    assert_eq!((row["serviceId"].as_str(), row["method"].as_str(), row["account"].as_str()), (Some("system"), Some("GET"), Some("admin")));
    assert!(row["exceptionName"].as_str().unwrap().starts_with("DbErr::"), "{row}");
    assert!(row["message"].as_str().unwrap().contains("sys_post"), "{row}");
    assert!(row["params"].as_str().unwrap().contains("postName"), "{row}");
    assert!(!row["requestId"].as_str().unwrap().is_empty(), "{row}");
    let (s, detail) = app.get(&format!("{LOG}/error/detail?id={}", row["id"].as_str().unwrap()), &t).await;
    assert_eq!((s, &detail["data"]["message"]), (200, &row["message"]));
}

/// A row of each log for `tenant`, written as the services would have; answers the operation row's id.
async fn log_rows(app: &TestApp, tenant: &str, account: &str, at: chrono::DateTime<Utc>) -> String {
    let id = keeper_common::id::next_id();
    exec(
        app,
        "INSERT INTO sys_api_log (id, tenant_id, service_id, title, method, request_uri, params, status, success, elapsed_ms, remote_ip, user_agent, request_id, user_id, account, create_time) VALUES (?, ?, 'system', '用户 保存', 'POST', '/user/submit', '{}', 200, 1, 12, '10.0.0.1', 'ua', 'r1', NULL, ?, ?)",
        vec![id.into(), tenant.into(), account.into(), at.into()],
    )
    .await;
    exec(
        app,
        "INSERT INTO sys_error_log (id, tenant_id, service_id, request_id, method, request_uri, params, exception_name, message, remote_ip, user_agent, user_id, account, create_time) VALUES (?, ?, 'system', 'r2', 'GET', '/user/list', '', 'Internal', 'boom', '10.0.0.1', 'ua', NULL, ?, ?)",
        vec![keeper_common::id::next_id().into(), tenant.into(), account.into(), at.into()],
    )
    .await;
    exec(
        app,
        "INSERT INTO sys_login_log (id, tenant_id, account, user_id, success, message, grant_type, client_id, ip, user_agent, create_time) VALUES (?, ?, ?, NULL, 1, '登录成功', 'password', 'sword', '10.0.0.1', 'ua', ?)",
        vec![keeper_common::id::next_id().into(), tenant.into(), account.into(), at.into()],
    )
    .await;
    id.to_string()
}

#[actix_web::test]
async fn tenants_read_their_own_logs_the_platform_reads_all_and_each_call_needs_its_code() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let zone = app.create_tenant(&platform, "日志园区", "Zone#1").await;
    let now = Utc::now();
    let platform_row = log_rows(&app, "000000", "ops", now).await;
    let zone_row = log_rows(&app, &zone, "clerk_a", now).await;
    let zone_admin = sign_in(&app, &zone, "admin", "Zone#1").await;
    let nobody = member(&app, &zone, "nobody", &[]).await;
    let lister = member(&app, &zone, "lister", &["log_operation"]).await;

    let detail = |id: &str| format!("{LOG}/api/detail?id={id}");
    let cases: [(&str, &str, [u16; 5]); 4] = [
        // (caller, token, [list, own-tenant detail, platform-row detail, export, login list])
        ("platform administrator", platform.as_str(), [200, 200, 200, 200, 200]),
        ("tenant administrator", zone_admin.as_str(), [200, 200, 404, 200, 200]),
        ("list only", lister.as_str(), [200, 403, 403, 403, 403]),
        ("no log menus", nobody.as_str(), [403, 403, 403, 403, 403]),
    ];
    for (who, token, want) in cases {
        let got = [
            app.get(&format!("{LOG}/api/list"), token).await.0,
            app.get(&detail(&zone_row), token).await.0,
            app.get(&detail(&platform_row), token).await.0,
            download(&app, Some(token), &format!("{LOG}/api/export")).await.0,
            app.get(&format!("{LOG}/login/list"), token).await.0,
        ];
        assert_eq!(got, want, "{who}");
    }
    assert_eq!(app.get(&detail("123"), &platform).await.0, 404);
    assert_eq!(app.http.get(app.api(&format!("{LOG}/api/list"))).send().await.unwrap().status(), 401);

    let tenants =
        |rows: &[Value]| rows.iter().map(|r| r["tenantId"].as_str().unwrap().to_string()).collect::<std::collections::BTreeSet<_>>();
    // The tenant's administrator cannot widen the view by asking for another tenant.
    for kind in ["api", "error", "login"] {
        let own = records(&app, &zone_admin, &format!("/{kind}/list?tenantId=000000")).await;
        assert_eq!(tenants(&own), [zone.clone()].into(), "{kind}");
        let picked = records(&app, &platform, &format!("/{kind}/list?tenantId={zone}")).await;
        assert_eq!(tenants(&picked), [zone.clone()].into(), "{kind}");
    }
    let all = records(&app, &platform, "/api/list?size=100").await;
    assert!(tenants(&all).contains("000000") && tenants(&all).contains(&zone), "{all:?}");
}

#[actix_web::test]
async fn exports_are_xlsx_files_named_after_their_log_and_are_operations_themselves() {
    let app = TestApp::spawn().await;
    let t = platform_token(&app).await;
    log_rows(&app, "000000", "exported", Utc::now()).await;
    for (kind, name) in [("login", "登录日志"), ("api", "操作日志"), ("error", "错误日志")] {
        let r = app
            .http
            .get(app.api(&format!("{LOG}/{kind}/export?account=exported")))
            .header("Keeper-Auth", format!("bearer {t}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{kind}");
        let ct = r.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        assert_eq!(ct, keeper_excel::http::XLSX_MIME, "{kind}");
        let disposition = r.headers().get("content-disposition").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        let encoded: String = name.bytes().map(|b| format!("%{b:02X}")).collect();
        assert!(disposition.contains(&encoded) && disposition.contains(".xlsx"), "{kind}: {disposition}");
        let bytes = r.bytes().await.unwrap();
        assert_eq!(&bytes[..2], b"PK", "{kind}: an xlsx is a zip");
    }
    let (_, _, bytes) = download(&app, Some(&t), &format!("{LOG}/api/export?account=exported")).await;
    let rows = rows_of(
        &bytes,
        &["租户ID", "服务", "业务", "方法", "请求地址", "参数", "状态码", "结果", "耗时(毫秒)", "IP", "浏览器", "请求ID", "账号", "时间"],
    );
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0]["业务"].as_str(), rows[0]["结果"].as_str(), rows[0]["账号"].as_str()), ("用户 保存", "成功", "exported"));

    let exports = eventually(&app, &t, "/api/list?title=导出", |r| r.len() == 4).await;
    assert!(exports.iter().all(|r| r["method"] == "GET" && r["status"] == 200), "{exports:?}");
    assert!(exports.iter().any(|r| r["title"] == "操作日志 导出"), "{exports:?}");
}

#[actix_web::test]
async fn rows_older_than_the_retention_parameter_are_deleted() {
    let app = TestApp::spawn().await;
    let now = Utc::now();
    log_rows(&app, "000000", "ancient", now - TimeDelta::days(200)).await;
    log_rows(&app, "000000", "recent", now - TimeDelta::days(10)).await;
    let count = |account: &'static str| {
        let app = &app;
        async move {
            let mut n = Vec::new();
            for table in ["sys_login_log", "sys_api_log", "sys_error_log"] {
                n.push(scalar(app, &format!("SELECT COUNT(*) FROM {table} WHERE account = ?"), vec![account.into()]).await);
            }
            n
        }
    };
    let prune = || async {
        let r = app
            .http
            .post(format!("{}/internal/log/prune", app.system))
            .header("x-keeper-service", app.service_token())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        r.json::<Value>().await.unwrap()["data"].clone()
    };
    // The default keeps 180 days.
    let pruned = prune().await;
    assert_eq!(pruned, json!({ "login": 1, "api": 1, "error": 1 }));
    assert_eq!(count("ancient").await, [0, 0, 0]);
    assert_eq!(count("recent").await, [1, 1, 1]);

    exec(&app, "UPDATE sys_param SET param_value = '5' WHERE param_key = 'log.retentionDays' AND tenant_id = '000000'", vec![]).await;
    prune().await;
    assert_eq!(count("recent").await, [0, 0, 0]);
    // Without a service token the route is closed, and the gateway never routes it.
    let r = app.http.post(format!("{}/internal/log/prune", app.system)).send().await.unwrap();
    assert_eq!(r.status(), 401);
    // A tenant cannot override how long its own trail is kept.
    let t = platform_token(&app).await;
    let zone = app.create_tenant(&t, "保留园区", "Zone#1").await;
    let admin = member(&app, &zone, "params", &["param", "param_add"]).await;
    let (s, body) = call(
        &app,
        Some(&admin),
        Call::Json("/param/submit", json!({ "paramName": "保留", "paramKey": "log.retentionDays", "paramValue": "1" })),
    )
    .await;
    assert_eq!(s, 400, "{body}");
}
