//! User administration: every endpoint declares its permission, stays inside the caller's tenant and data
//! scope, never lets a caller grant or take over more than they hold, and ends sessions when it must.
use keeper_security::password::md5_hex;
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{Call, SYS, call, exec_system as exec, matrix, past_caches, role_with, sign_in, try_login, user_with};

fn new_account(account: &str, password: &str, role: &str, dept: &str) -> Value {
    json!({ "account": account, "realName": "办事员", "password": md5_hex(password), "roleId": role, "deptId": dept })
}

fn accounts(list: &Value) -> Vec<String> {
    let mut out: Vec<String> = list["data"]["records"]
        .as_array()
        .unwrap_or_else(|| panic!("{list}"))
        .iter()
        .map(|r| r["account"].as_str().unwrap().into())
        .collect();
    out.sort();
    out
}

const ENDPOINTS: [&str; 7] = ["list", "detail", "submit", "remove", "grant", "reset-password", "unlock"];

/// One call of each endpoint against fixtures of the caller's tenant.
async fn each_endpoint(app: &TestApp, tenant: &str, token: Option<&str>, role: &str, tag: &str) -> Vec<u16> {
    let target = user_with(app, tenant, &format!("target_{tag}"), role, "").await;
    let doomed = user_with(app, tenant, &format!("doomed_{tag}"), role, "").await;
    let calls = vec![
        Call::Get("/user/list".into()),
        Call::Get(format!("/user/detail?id={target}")),
        Call::Json("/user/submit", json!({ "account": format!("new_{tag}"), "realName": "新用户", "password": md5_hex("New#1") })),
        Call::Form("/user/remove", vec![("ids", doomed)]),
        Call::Form("/user/grant", vec![("userIds", target.clone()), ("roleIds", role.to_string())]),
        Call::Form("/user/reset-password", vec![("userIds", target.clone())]),
        Call::Form("/user/unlock", vec![("userIds", target)]),
    ];
    matrix(app, token, tag, &ENDPOINTS, calls).await
}

#[actix_web::test]
async fn each_endpoint_answers_200_403_or_401_by_the_callers_grants_in_two_tenants() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let platform_viewer = role_with(&app, "000000", "viewer", &["user_view"]).await;
    let all = vec![200; 7];
    assert_eq!(each_endpoint(&app, "000000", Some(&platform), &platform_viewer, "platform").await, all, "platform administrator");
    for zone in ["甲园区", "乙园区"] {
        let tenant = app.create_tenant(&platform, zone, "Zone#1").await;
        let viewer = role_with(&app, &tenant, "viewer", &["user_view"]).await;
        let nothing = role_with(&app, &tenant, "nobody", &[]).await;
        user_with(&app, &tenant, "viewer", &viewer, "").await;
        user_with(&app, &tenant, "nobody", &nothing, "").await;
        let admin = sign_in(&app, &tenant, "admin", "Zone#1").await;
        let viewer_token = sign_in(&app, &tenant, "viewer", "Zone#1").await;
        let nobody_token = sign_in(&app, &tenant, "nobody", "Zone#1").await;
        assert_eq!(each_endpoint(&app, &tenant, Some(&admin), &viewer, "admin").await, all, "{zone} administrator");
        assert_eq!(
            each_endpoint(&app, &tenant, Some(&viewer_token), &viewer, "viewer").await,
            [200, 200, 403, 403, 403, 403, 403],
            "{zone} user_view only"
        );
        assert_eq!(each_endpoint(&app, &tenant, Some(&nobody_token), &viewer, "nobody").await, vec![403; 7], "{zone} no grants");
        assert_eq!(each_endpoint(&app, &tenant, None, &viewer, "anonymous").await, vec![401; 7], "{zone} anonymous");
    }
}

#[actix_web::test]
async fn an_id_of_another_tenant_answers_exactly_like_a_missing_one() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    let a_admin = app.login(&a, "admin", "Zone#1").await;
    let a_token = a_admin["access_token"].as_str().unwrap();
    let a_role = a_admin["role_id"].as_str().unwrap().to_string();
    let b_user = app.login(&b, "admin", "Zone#1").await["user_id"].as_str().unwrap().to_string();
    let missing = keeper_common::id::next_id().to_string();
    let calls = |id: &str| {
        vec![
            Call::Get(format!("/user/detail?id={id}")),
            Call::Json("/user/submit", json!({ "id": id, "realName": "改名" })),
            Call::Form("/user/remove", vec![("ids", id.to_string())]),
            Call::Form("/user/grant", vec![("userIds", id.to_string()), ("roleIds", a_role.clone())]),
            Call::Form("/user/reset-password", vec![("userIds", id.to_string())]),
            Call::Form("/user/unlock", vec![("userIds", id.to_string())]),
        ]
    };
    for (foreign, absent) in calls(&b_user).into_iter().zip(calls(&missing)) {
        let (foreign, absent) = (call(&app, Some(a_token), foreign).await, call(&app, Some(a_token), absent).await);
        assert_eq!(foreign.0, 404, "{}", foreign.1);
        assert_eq!(foreign, absent);
    }
    let (_, list) = call(&app, Some(a_token), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(accounts(&list), vec!["admin"]);
    assert!(list["data"]["records"].as_array().unwrap().iter().all(|r| r["tenantId"] == a.as_str()));
    // Tenant B's administrator is untouched: same password, same name.
    let b_token = sign_in(&app, &b, "admin", "Zone#1").await;
    let (_, d) = call(&app, Some(&b_token), Call::Get(format!("/user/detail?id={b_user}"))).await;
    assert_eq!(d["data"]["realName"], "管理员");
}

#[actix_web::test]
async fn a_created_account_signs_in_and_duplicates_bad_input_and_the_quota_are_refused() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "账号测试园区", "Zone#1").await;
    let other = app.create_tenant(&platform, "别的园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (t, role, dept) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap(), admin["dept_id"].as_str().unwrap());
    let (s, body) = call(&app, Some(t), Call::Json("/user/submit", new_account("clerk.1", "Clerk#1", role, dept))).await;
    assert_eq!(s, 200, "{body}");
    let id = body["data"]["id"].as_str().unwrap().to_string();
    app.login(&zone, "clerk.1", "Clerk#1").await;
    let (_, d) = call(&app, Some(t), Call::Get(format!("/user/detail?id={id}"))).await;
    assert_eq!((d["data"]["account"].as_str(), d["data"]["roleName"].as_str()), (Some("clerk.1"), Some("管理员")), "{d}");
    assert_eq!(d["data"]["deptName"], "账号测试园区");
    assert!(d["data"].get("password").is_none() && !d.to_string().contains("$2"), "{d}");

    let (s, body) = call(&app, Some(t), Call::Json("/user/submit", new_account("clerk.1", "x", role, dept))).await;
    assert_eq!(
        (s, body["data"]["field"].as_str(), body["data"]["reason"].as_str()),
        (400, Some("account"), Some("当前用户 [clerk.1] 已存在!"))
    );
    // An update never changes the password, and re-checks the account against the others only.
    let (s, body) = call(
        &app,
        Some(t),
        Call::Json("/user/submit", json!({ "id": id, "account": "clerk.1", "realName": "新名字", "password": md5_hex("Other#1") })),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    app.login(&zone, "clerk.1", "Clerk#1").await;
    let (s, body) = call(&app, Some(t), Call::Json("/user/submit", json!({ "id": id, "account": "admin" }))).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("account")), "{body}");

    let foreign_dept = app.login(&other, "admin", "Zone#1").await["dept_id"].as_str().unwrap().to_string();
    let bad: Vec<(Call, &str)> = vec![
        (Call::Json("/user/submit", new_account("bad name", "x", role, dept)), "account"),
        (Call::Json("/user/submit", json!({ "account": "nopass", "realName": "无密码" })), "password"),
        (Call::Json("/user/submit", json!({ "account": "plain", "realName": "明文", "password": "123456" })), "password"),
        (Call::Json("/user/submit", json!({ "account": "noname", "password": md5_hex("x") })), "realName"),
        (Call::Json("/user/submit", new_account("badrole", "x", "1,x", dept)), "roleId"),
        (Call::Json("/user/submit", json!({ "account": "badsex", "realName": "性别", "password": md5_hex("x"), "sex": "?" })), "sex"),
        (Call::Json("/user/submit", json!({ "id": "not-an-id", "realName": "改名" })), "id"),
        (Call::Json("/user/submit", new_account("foreign", "x", role, &foreign_dept)), "deptId"),
        (Call::Get("/user/list?ascs=password".into()), "ascs"),
        (Call::Get("/user/list?current=0".into()), "current"),
        (Call::Get("/user/list?deptId=abc".into()), "deptId"),
        (Call::Get("/user/list?status=on".into()), "status"),
        (Call::Get("/user/detail?id=abc".into()), "id"),
        (Call::Form("/user/remove", vec![("ids", "1,x".into())]), "ids"),
        (Call::Form("/user/grant", vec![("userIds", id.clone()), ("roleIds", "".into())]), "roleIds"),
        (Call::Form("/user/reset-password", vec![("userIds", "".into())]), "userIds"),
    ];
    for (c, field) in bad {
        let (s, body) = call(&app, Some(t), c).await;
        assert_eq!((s, body["data"]["field"].as_str()), (400, Some(field)), "{body}");
    }
    // Filters take `%` literally and sorting follows the allow-list.
    let (_, l) = call(&app, Some(t), Call::Get("/user/list?account=%25".into())).await;
    assert_eq!(l["data"]["total"], 0, "{l}");
    let (_, l) = call(&app, Some(t), Call::Get("/user/list?ascs=account&realName=新".into())).await;
    assert_eq!(accounts(&l), vec!["clerk.1"]);

    // Two live accounts: a quota of two is full, −1 is unlimited.
    exec(&app, "UPDATE sys_tenant SET account_number = 2 WHERE tenant_id = ?", vec![zone.clone().into()]).await;
    let (s, body) = call(&app, Some(t), Call::Json("/user/submit", new_account("clerk.2", "Clerk#2", role, dept))).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("当前租户已到最大账号额度!")), "{body}");
    exec(&app, "UPDATE sys_tenant SET account_number = -1 WHERE tenant_id = ?", vec![zone.clone().into()]).await;
    let (s, body) = call(&app, Some(t), Call::Json("/user/submit", new_account("clerk.2", "Clerk#2", role, dept))).await;
    assert_eq!(s, 200, "{body}");
}

#[actix_web::test]
async fn concurrent_creations_of_one_account_make_exactly_one() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "并发测试园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (t, role, dept) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap(), admin["dept_id"].as_str().unwrap());
    let tries = (0..6).map(|_| call(&app, Some(t), Call::Json("/user/submit", new_account("twin", "Twin#1", role, dept))));
    let mut statuses: Vec<u16> = futures_util::future::join_all(tries).await.into_iter().map(|(s, _)| s).collect();
    statuses.sort();
    assert_eq!(statuses, [200, 400, 400, 400, 400, 400]);
    let (_, l) = call(&app, Some(t), Call::Get("/user/list?account=twin".into())).await;
    assert_eq!(l["data"]["total"], 1);
}

#[actix_web::test]
async fn a_removed_account_loses_its_sessions_and_its_sign_in_but_nobody_removes_themselves() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "删除测试园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (t, role, dept) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap(), admin["dept_id"].as_str().unwrap());
    let (_, body) = call(&app, Some(t), Call::Json("/user/submit", new_account("leaver", "Leaver#1", role, dept))).await;
    let id = body["data"]["id"].as_str().unwrap().to_string();
    let leaver = sign_in(&app, &zone, "leaver", "Leaver#1").await;
    assert_eq!(app.get(&format!("{SYS}/user/info"), &leaver).await.0, 200);
    let (s, body) = call(&app, Some(t), Call::Form("/user/remove", vec![("ids", id.clone())])).await;
    assert_eq!(s, 200, "{body}");
    past_caches().await;
    assert_eq!(app.get(&format!("{SYS}/user/info"), &leaver).await.0, 401);
    assert_eq!(try_login(&app, &zone, "leaver", "Leaver#1").await.0, 400);
    assert_eq!(call(&app, Some(t), Call::Get(format!("/user/detail?id={id}"))).await.0, 404);
    let own = admin["user_id"].as_str().unwrap().to_string();
    let (s, body) = call(&app, Some(t), Call::Form("/user/remove", vec![("ids", own)])).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("不能删除本账号!")));
    // The account name is free again.
    let (s, _) = call(&app, Some(t), Call::Json("/user/submit", new_account("leaver", "Back#1", role, dept))).await;
    assert_eq!(s, 200);
}

#[actix_web::test]
async fn grants_never_exceed_the_callers_rights_and_nobody_changes_their_own_roles() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "授权测试园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (admin_role, admin_id) = (admin["role_id"].as_str().unwrap(), admin["user_id"].as_str().unwrap());
    let user_codes = ["user", "user_view", "user_add", "user_edit", "user_delete", "user_role", "user_reset_password", "user_unlock"];
    let manager_role = role_with(&app, &zone, "manager", &user_codes).await;
    let viewer_role = role_with(&app, &zone, "viewer", &["user_view"]).await;
    let manager_id = user_with(&app, &zone, "manager", &manager_role, "").await;
    let target = user_with(&app, &zone, "target", &viewer_role, "").await;
    let m = sign_in(&app, &zone, "manager", "Zone#1").await;
    let grant = |users: &str, roles: &str| Call::Form("/user/grant", vec![("userIds", users.to_string()), ("roleIds", roles.to_string())]);

    let (s, body) = call(&app, Some(&m), grant(&target, admin_role)).await;
    assert_eq!((s, body["msg"].as_str()), (403, Some("不能授予超出本人权限的角色!")), "{body}");
    let (s, body) = call(&app, Some(&m), Call::Json("/user/submit", json!({ "id": target, "roleId": admin_role }))).await;
    assert_eq!(s, 403, "an edit cannot grant more either: {body}");
    let (s, body) = call(&app, Some(&m), grant(&target, &format!("{manager_role},{viewer_role}"))).await;
    assert_eq!(s, 200, "{body}");
    let (s, body) = call(&app, Some(&m), grant(&manager_id, &viewer_role)).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("不能修改本账号的角色!")));
    let (s, body) = call(&app, Some(&m), Call::Json("/user/submit", json!({ "id": manager_id, "roleId": viewer_role }))).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("不能修改本账号的角色!")));
    // Nor may a manager take over a stronger account by resetting its password or removing it.
    for c in
        [Call::Form("/user/reset-password", vec![("userIds", admin_id.into())]), Call::Form("/user/remove", vec![("ids", admin_id.into())])]
    {
        let (s, body) = call(&app, Some(&m), c).await;
        assert_eq!((s, body["msg"].as_str()), (403, Some("不能操作权限高于本人的账号!")), "{body}");
    }
    let (s, body) = call(&app, Some(&m), grant(&target, "123")).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("roleIds")), "{body}");
    // The zone administrator holds everything the zone has; the platform administrator anything in 000000.
    let zt = admin["access_token"].as_str().unwrap();
    assert_eq!(call(&app, Some(zt), grant(&target, admin_role)).await.0, 200);
    let (_, d) = call(&app, Some(zt), Call::Get(format!("/user/detail?id={target}"))).await;
    assert_eq!(d["data"]["roleName"], "管理员");
    let platform_admin_role = app.admin_login().await["role_id"].as_str().unwrap().to_string();
    let deputy = user_with(&app, "000000", "deputy", &role_with(&app, "000000", "viewer", &["user_view"]).await, "").await;
    assert_eq!(call(&app, Some(&platform), grant(&deputy, &platform_admin_role)).await.0, 200);
    let deputy_token = sign_in(&app, "000000", "deputy", "Zone#1").await;
    assert_eq!(app.get(&format!("{SYS}/user/list"), &deputy_token).await.0, 200);
}

#[actix_web::test]
async fn a_password_reset_ends_the_sessions_and_sets_the_initial_password() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "重置测试园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (t, role, dept) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap(), admin["dept_id"].as_str().unwrap());
    let (_, body) = call(&app, Some(t), Call::Json("/user/submit", new_account("forgetful", "Old#1", role, dept))).await;
    let id = body["data"]["id"].as_str().unwrap().to_string();
    let before = sign_in(&app, &zone, "forgetful", "Old#1").await;
    let (s, body) = call(&app, Some(t), Call::Form("/user/reset-password", vec![("userIds", id.clone())])).await;
    assert_eq!(s, 200, "{body}");
    past_caches().await;
    assert_eq!(app.get(&format!("{SYS}/user/info"), &before).await.0, 401);
    assert_eq!(try_login(&app, &zone, "forgetful", "Old#1").await.0, 400);
    app.login(&zone, "forgetful", "123456").await;
    // The `account.initPassword` parameter, when set, is the initial password.
    let now = chrono::Utc::now();
    exec(
        &app,
        "INSERT INTO sys_param (id, param_name, param_key, param_value, remark, create_time, update_time, status, is_deleted) VALUES (?, '初始密码', 'account.initPassword', 'Init#2026', '', ?, ?, 1, 0)",
        vec![keeper_common::id::next_id().into(), now.into(), now.into()],
    )
    .await;
    assert_eq!(call(&app, Some(t), Call::Form("/user/reset-password", vec![("userIds", id)])).await.0, 200);
    assert_eq!(try_login(&app, &zone, "forgetful", "123456").await.0, 400);
    app.login(&zone, "forgetful", "Init#2026").await;
}

#[actix_web::test]
async fn five_failed_sign_ins_lock_an_account_until_an_administrator_unlocks_it() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "锁定测试园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (t, role, dept) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap(), admin["dept_id"].as_str().unwrap());
    let (_, body) = call(&app, Some(t), Call::Json("/user/submit", new_account("clumsy", "Right#1", role, dept))).await;
    let id = body["data"]["id"].as_str().unwrap().to_string();
    for _ in 0..5 {
        assert_eq!(try_login(&app, &zone, "clumsy", "Wrong#1").await, (400, "用户名或密码不正确".into()));
    }
    assert_eq!(try_login(&app, &zone, "clumsy", "Right#1").await, (400, "登录错误次数过多,请稍后再试".into()));
    let (s, body) = call(&app, Some(t), Call::Form("/user/unlock", vec![("userIds", id)])).await;
    assert_eq!((s, body["data"]["cleared"].as_u64()), (200, Some(1)), "{body}");
    app.login(&zone, "clumsy", "Right#1").await;
}

#[actix_web::test]
async fn an_own_department_and_children_rule_limits_users_to_that_subtree() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "范围测试园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let root: i64 = admin["dept_id"].as_str().unwrap().parse().unwrap();
    let next = keeper_common::id::next_id;
    let (east, east_one, west) = (next(), next(), next());
    for (id, parent, name) in [(east, root, "东区"), (east_one, east, "东区一片"), (west, root, "西区")] {
        exec(
            &app,
            "INSERT INTO sys_dept (id, tenant_id, parent_id, ancestors, dept_category, power_type, dept_name, full_name, sort, remark, is_deleted) VALUES (?, ?, ?, '', 2, 2, ?, ?, 1, '', 0)",
            vec![id.into(), zone.clone().into(), parent.into(), name.into(), name.into()],
        )
        .await;
    }
    let (rule, now) = (next(), chrono::Utc::now());
    exec(
        &app,
        "INSERT INTO sys_scope_data (id, menu_id, resource_code, scope_name, scope_field, scope_class, scope_column, scope_type, scope_value, remark, create_time, update_time, status, is_deleted) VALUES (?, 0, 'user', '本部门及下级', '*', '', 'dept_id', 4, '', '', ?, ?, 1, 0)",
        vec![rule.into(), now.into(), now.into()],
    )
    .await;
    let clerk_role = role_with(&app, &zone, "clerk", &["user_view", "user_edit", "user_enable"]).await;
    exec(
        &app,
        "INSERT INTO sys_role_scope (id, scope_category, scope_id, role_id) VALUES (?, 1, ?, ?)",
        vec![next().into(), rule.into(), clerk_role.parse::<i64>().unwrap().into()],
    )
    .await;
    let plain = role_with(&app, &zone, "plain", &[]).await;
    user_with(&app, &zone, "clerk", &clerk_role, &east.to_string()).await;
    let east_user = user_with(&app, &zone, "u_east_one", &plain, &east_one.to_string()).await;
    let west_user = user_with(&app, &zone, "u_west", &plain, &west.to_string()).await;
    // Two departments, one of them inside the subtree: the comma list is matched item by item.
    let both = user_with(&app, &zone, "u_both", &plain, &format!("{west},{east_one}")).await;

    let clerk = sign_in(&app, &zone, "clerk", "Zone#1").await;
    let (_, l) = call(&app, Some(&clerk), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(accounts(&l), vec!["clerk", "u_both", "u_east_one"]);
    assert_eq!(l["data"]["total"], 3);
    assert_eq!(call(&app, Some(&clerk), Call::Get(format!("/user/detail?id={west_user}"))).await.0, 404);
    assert_eq!(call(&app, Some(&clerk), Call::Get(format!("/user/detail?id={both}"))).await.0, 200);
    // Nor may the clerk move an account out of their sight.
    let (s, body) = call(&app, Some(&clerk), Call::Json("/user/submit", json!({ "id": both, "deptId": west.to_string() }))).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("deptId")), "{body}");
    // Nor switch one off that they cannot see; one in sight they can.
    let switch = |id: &str, status: &str| Call::Form("/user/enable", vec![("userIds", id.to_string()), ("status", status.into())]);
    assert_eq!(call(&app, Some(&clerk), switch(&west_user, "2")).await.0, 404);
    let (s, body) = call(&app, Some(&clerk), switch(&east_user, "2")).await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(call(&app, Some(&clerk), switch(&east_user, "1")).await.0, 200);

    // The administrator has no rule: the whole tenant, and the deptId filter takes the subtree.
    let at = admin["access_token"].as_str().unwrap();
    let (_, l) = call(&app, Some(at), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(l["data"]["total"], 5);
    let (_, l) = call(&app, Some(at), Call::Get(format!("/user/list?deptId={east}"))).await;
    assert_eq!(accounts(&l), vec!["clerk", "u_both", "u_east_one"]);
    let (_, l) = call(&app, Some(at), Call::Get(format!("/user/list?deptId={west}&descs=account"))).await;
    assert_eq!(l["data"]["records"][0]["account"], "u_west");
    assert_eq!(l["data"]["records"][0]["deptName"], "西区");
}

#[actix_web::test]
async fn a_birthday_before_1970_is_kept_on_create_and_update() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let mut clerk = new_account("born.1965", "Born#1", "", "");
    clerk["birthday"] = json!("1965-03-08 00:00:00");
    clerk.as_object_mut().unwrap().retain(|k, _| k != "roleId" && k != "deptId");
    let (s, body) = call(&app, Some(&platform), Call::Json("/user/submit", clerk)).await;
    assert_eq!(s, 200, "{body}");
    let id = body["data"]["id"].as_str().unwrap().to_string();
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/user/detail?id={id}"))).await;
    assert_eq!(d["data"]["birthday"], "1965-03-08 00:00:00", "{d}");
    let at = "1949-10-01 00:00:00";
    let (s, body) = call(&app, Some(&platform), Call::Json("/user/submit", json!({ "id": id, "birthday": at }))).await;
    assert_eq!(s, 200, "{body}");
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/user/detail?id={id}"))).await;
    assert_eq!(d["data"]["birthday"], at, "{d}");
    // A birthday is a day between 1900 and today (issue 12): anything else is refused on its field and
    // the stored one stays. (Times past 2038 are kept on MariaDB: see the tenant licence test.)
    for at in ["1899-12-31 00:00:00", "2040-01-01 00:00:00"] {
        let (s, body) = call(&app, Some(&platform), Call::Json("/user/submit", json!({ "id": id, "birthday": at }))).await;
        assert_eq!((s, body["data"]["field"].as_str()), (400, Some("birthday")), "{at}: {body}");
    }
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/user/detail?id={id}"))).await;
    assert_eq!(d["data"]["birthday"], "1949-10-01 00:00:00", "{d}");
}
