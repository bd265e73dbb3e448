//! Departments, posts and the role look-ups: every endpoint declares its permission, stays inside the
//! caller's tenant, keeps the department tree's `ancestors` right when a branch moves, refuses to delete what
//! is still in use, and names the field of every bad input.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{Call, call, exec_system as exec, insert_user, matrix, platform_token, role_with, token};

/// A top-level department inserted as a fixture.
async fn dept_fixture(app: &TestApp, tenant: &str, name: &str) -> String {
    let id = keeper_common::id::next_id();
    exec(
        app,
        "INSERT INTO sys_dept (id, tenant_id, parent_id, ancestors, dept_category, power_type, dept_name, full_name, sort, remark, is_deleted) VALUES (?, ?, 0, '0', 2, 2, ?, '', 9, '', 0)",
        vec![id.into(), tenant.into(), name.into()],
    )
    .await;
    id.to_string()
}

async fn post_fixture(app: &TestApp, tenant: &str, code: &str) -> String {
    let (id, now) = (keeper_common::id::next_id(), chrono::Utc::now());
    exec(
        app,
        "INSERT INTO sys_post (id, tenant_id, category, post_code, post_name, sort, remark, create_time, update_time, status, is_deleted) VALUES (?, ?, 1, ?, ?, 9, '', ?, ?, 1, 0)",
        vec![id.into(), tenant.into(), code.into(), code.into(), now.into(), now.into()],
    )
    .await;
    id.to_string()
}

const ENDPOINTS: [&str; 20] = [
    "dept/getPowerType",
    "dept/commonList",
    "dept/detail",
    "dept/list",
    "dept/lazy-list",
    "dept/tree",
    "dept/lazy-tree",
    "dept/select",
    "dept/submit (create)",
    "dept/submit (update)",
    "dept/remove",
    "post/detail",
    "post/list",
    "post/page",
    "post/select",
    "post/submit (create)",
    "post/submit (update)",
    "post/remove",
    "role/tree-by-id",
    "role/select",
];

/// One call of each endpoint against fresh fixtures of the caller's tenant; `role` is a role of that tenant.
async fn each_endpoint(app: &TestApp, tenant: &str, token: Option<&str>, role: &str, tag: &str) -> Vec<u16> {
    let (dept, doomed_dept) = (dept_fixture(app, tenant, &format!("机构_{tag}")).await, dept_fixture(app, tenant, "待删机构").await);
    let (post, doomed_post) = (post_fixture(app, tenant, &format!("t_{tag}")).await, post_fixture(app, tenant, &format!("d_{tag}")).await);
    let calls = vec![
        Call::Get("/dept/getPowerType".into()),
        Call::Get("/dept/commonList".into()),
        Call::Get(format!("/dept/detail?id={dept}")),
        Call::Get("/dept/list".into()),
        Call::Get(format!("/dept/lazy-list?parentId={dept}")),
        Call::Get("/dept/tree".into()),
        Call::Get("/dept/lazy-tree".into()),
        Call::Get(format!("/dept/select?deptId={dept}")),
        Call::Json("/dept/submit", json!({ "deptName": format!("新机构_{tag}"), "deptCategory": 2, "powerType": 2 })),
        Call::Json("/dept/submit", json!({ "id": dept, "deptName": "改名机构" })),
        Call::Form("/dept/remove", vec![("ids", doomed_dept)]),
        Call::Get(format!("/post/detail?id={post}")),
        Call::Get("/post/list".into()),
        Call::Get("/post/page?current=1&size=5".into()),
        Call::Get("/post/select".into()),
        Call::Json("/post/submit", json!({ "postCode": format!("n_{tag}"), "postName": "新岗位", "category": 2 })),
        Call::Json("/post/submit", json!({ "id": post, "postName": "改名岗位" })),
        Call::Form("/post/remove", vec![("ids", doomed_post)]),
        Call::Get(format!("/role/tree-by-id?roleId={role}")),
        Call::Get(format!("/role/select?roleId={role}")),
    ];
    matrix(app, token, tag, &ENDPOINTS, calls).await
}

#[actix_web::test]
async fn each_endpoint_answers_200_403_or_401_by_the_callers_grants_in_two_tenants() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let platform_viewer = role_with(&app, "000000", "viewer", &["dept_view", "post_view"]).await;
    let all = vec![200; ENDPOINTS.len()];
    assert_eq!(each_endpoint(&app, "000000", Some(&platform), &platform_viewer, "platform").await, all, "platform administrator");
    let (ok, no) = (200, 403);
    #[rustfmt::skip]
    let viewer_expected = vec![ok, ok, ok, ok, ok, ok, ok, ok, no, no, no, ok, ok, ok, ok, no, no, no, no, no];
    #[rustfmt::skip]
    let nobody_expected = vec![ok, ok, no, no, no, no, no, no, no, no, no, no, no, no, ok, no, no, no, no, no];
    for zone in ["甲园区", "乙园区"] {
        let tenant = app.create_tenant(&platform, zone, "Zone#1").await;
        let viewer = role_with(&app, &tenant, "viewer", &["dept_view", "post_view"]).await;
        let nothing = role_with(&app, &tenant, "nobody", &[]).await;
        insert_user(&app, &tenant, "viewer", &viewer, "").await;
        insert_user(&app, &tenant, "nobody", &nothing, "").await;
        let admin = token(&app, &tenant, "admin").await;
        let viewer_token = token(&app, &tenant, "viewer").await;
        let nobody_token = token(&app, &tenant, "nobody").await;
        assert_eq!(each_endpoint(&app, &tenant, Some(&admin), &viewer, "admin").await, all, "{zone} administrator");
        assert_eq!(each_endpoint(&app, &tenant, Some(&viewer_token), &viewer, "viewer").await, viewer_expected, "{zone} view codes only");
        assert_eq!(each_endpoint(&app, &tenant, Some(&nobody_token), &viewer, "nobody").await, nobody_expected, "{zone} no grants");
        assert_eq!(each_endpoint(&app, &tenant, None, &viewer, "anonymous").await, vec![401; ENDPOINTS.len()], "{zone} anonymous");
    }
}

#[actix_web::test]
async fn ids_of_another_tenant_answer_exactly_like_missing_ones() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    let a_token = token(&app, &a, "admin").await;
    let b_admin = app.login(&b, "admin", "Zone#1").await;
    let (b_token, b_dept, b_role) =
        (b_admin["access_token"].as_str().unwrap(), b_admin["dept_id"].as_str().unwrap(), b_admin["role_id"].as_str().unwrap());
    let b_leaf = dept_fixture(&app, &b, "乙的科室").await;
    let b_post = post_fixture(&app, &b, "b_post").await;
    let missing = keeper_common::id::next_id().to_string();
    let calls = |dept: &str, post: &str, role: &str| {
        vec![
            Call::Get(format!("/dept/detail?id={dept}")),
            Call::Json("/dept/submit", json!({ "id": dept, "deptName": "改名" })),
            Call::Form("/dept/remove", vec![("ids", dept.to_string())]),
            Call::Json("/dept/submit", json!({ "deptName": "挂到别人下面", "deptCategory": 2, "powerType": 2, "parentId": dept })),
            Call::Get(format!("/dept/lazy-list?parentId={dept}")),
            Call::Get(format!("/dept/lazy-tree?parentId={dept}")),
            Call::Get(format!("/dept/select?deptId={dept}")),
            Call::Get(format!("/post/detail?id={post}")),
            Call::Json("/post/submit", json!({ "id": post, "postName": "改名" })),
            Call::Form("/post/remove", vec![("ids", post.to_string())]),
            Call::Get(format!("/role/tree-by-id?roleId={role}")),
            Call::Get(format!("/role/select?roleId={role}")),
        ]
    };
    for (foreign, absent) in calls(&b_leaf, &b_post, b_role).into_iter().zip(calls(&missing, &missing, &missing)) {
        let (foreign, absent) = (call(&app, Some(&a_token), foreign).await, call(&app, Some(&a_token), absent).await);
        assert!([200, 400, 404].contains(&foreign.0), "{}", foreign.1);
        assert_eq!(foreign, absent);
    }
    // Another tenant named as `tenantId` is not a way in either.
    for path in [format!("/dept/tree?tenantId={b}"), format!("/dept/lazy-tree?tenantId={b}"), format!("/post/select?tenantId={b}")] {
        let (s, body) = call(&app, Some(&a_token), Call::Get(path)).await;
        assert_eq!(s, 404, "{body}");
    }
    // Lists show the caller's tenant only; the platform administrator too manages only tenant 000000.
    let (_, list) = call(&app, Some(&a_token), Call::Get("/dept/list".into())).await;
    assert!(!list.to_string().contains(b_dept) && !list.to_string().contains(&b_leaf), "{list}");
    let (_, posts) = call(&app, Some(&a_token), Call::Get("/post/list?size=100".into())).await;
    assert!(posts["data"]["records"].as_array().unwrap().iter().all(|p| p["tenantId"] == a.as_str()), "{posts}");
    let (s, _) = call(&app, Some(&platform), Call::Json("/dept/submit", json!({ "id": b_leaf, "deptName": "平台改名" }))).await;
    assert_eq!(s, 404);
    let (s, _) = call(&app, Some(&platform), Call::Form("/post/remove", vec![("ids", b_post.clone())])).await;
    assert_eq!(s, 404);
    let (_, d) = call(&app, Some(b_token), Call::Get(format!("/dept/detail?id={b_leaf}"))).await;
    assert_eq!(d["data"]["deptName"], "乙的科室", "{d}");
    let (_, p) = call(&app, Some(b_token), Call::Get(format!("/post/detail?id={b_post}"))).await;
    assert_eq!(p["data"]["postName"], "b_post", "{p}");
}

async fn submit_dept(app: &TestApp, t: &str, body: Value) -> String {
    let (s, r) = call(app, Some(t), Call::Json("/dept/submit", body)).await;
    assert_eq!(s, 200, "{r}");
    r["data"]["id"].as_str().unwrap().to_string()
}

async fn ancestors(app: &TestApp, t: &str, id: &str) -> String {
    let (s, d) = call(app, Some(t), Call::Get(format!("/dept/detail?id={id}"))).await;
    assert_eq!(s, 200, "{d}");
    d["data"]["ancestors"].as_str().unwrap().to_string()
}

fn find<'a>(nodes: &'a Value, id: &str) -> Option<&'a Value> {
    nodes.as_array()?.iter().find_map(|n| if n["id"] == id { Some(n) } else { find(&n["children"], id) })
}

#[actix_web::test]
async fn a_moved_branch_carries_its_ancestors_and_deletes_refuse_what_is_in_use() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let zone = app.create_tenant(&platform, "机构测试园区", "Zone#1").await;
    let t = token(&app, &zone, "admin").await;
    let (s, r) =
        call(&app, Some(&t), Call::Json("/dept/submit", json!({ "deptName": "管委会", "deptCategory": 1, "powerType": "1" }))).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!((r["data"]["tenantId"].as_str(), r["data"]["deptCategoryName"].as_str()), (Some(zone.as_str()), Some("公司")), "{r}");
    let top = r["data"]["id"].as_str().unwrap().to_string();
    let bureau = submit_dept(&app, &t, json!({ "deptName": "经发局", "deptCategory": 2, "powerType": 3, "parentId": top })).await;
    let office = submit_dept(&app, &t, json!({ "deptName": "综合科", "deptCategory": 3, "powerType": 3, "parentId": bureau })).await;
    let desk = submit_dept(&app, &t, json!({ "deptName": "前台", "deptCategory": 3, "powerType": 5, "parentId": office })).await;
    assert_eq!(ancestors(&app, &t, &top).await, "0");
    assert_eq!(ancestors(&app, &t, &bureau).await, format!("0,{top}"));
    assert_eq!(ancestors(&app, &t, &desk).await, format!("0,{top},{bureau},{office}"));
    let (_, d) = call(&app, Some(&t), Call::Get(format!("/dept/detail?id={office}"))).await;
    assert_eq!(
        (d["data"]["parentName"].as_str(), d["data"]["deptCategoryName"].as_str(), d["data"]["powerTypeName"].as_str()),
        (Some("经发局"), Some("小组"), Some("行业主管部门")),
        "{d}"
    );
    let (_, d) = call(&app, Some(&t), Call::Get(format!("/dept/detail?id={top}"))).await;
    assert_eq!(d["data"]["parentName"], "顶级");

    // Neither itself nor a descendant can become a department's parent.
    for parent in [&bureau, &desk] {
        let (s, r) = call(&app, Some(&t), Call::Json("/dept/submit", json!({ "id": bureau, "parentId": parent }))).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some("parentId")), "{r}");
    }
    // Moving the bureau under a new street rewrites the ancestors of its whole branch.
    let street = submit_dept(&app, &t, json!({ "deptName": "城东街道", "deptCategory": 1, "powerType": 2 })).await;
    submit_dept(&app, &t, json!({ "id": bureau, "deptName": "经发局", "parentId": street })).await;
    assert_eq!(ancestors(&app, &t, &bureau).await, format!("0,{street}"));
    assert_eq!(ancestors(&app, &t, &office).await, format!("0,{street},{bureau}"));
    assert_eq!(ancestors(&app, &t, &desk).await, format!("0,{street},{bureau},{office}"));
    let (_, list) = call(&app, Some(&t), Call::Get("/dept/list".into())).await;
    let s_node = find(&list["data"], &street).unwrap_or_else(|| panic!("{list}"));
    assert_eq!(s_node["children"][0]["id"], bureau.as_str(), "{list}");
    assert_eq!(s_node["children"][0]["children"][0]["children"][0]["ancestors"], format!("0,{street},{bureau},{office}"));
    assert!(find(&list["data"], &top).unwrap()["children"].is_null(), "{list}");
    // An update that does not send the parent keeps it.
    submit_dept(&app, &t, json!({ "id": office, "remark": "备注" })).await;
    assert_eq!(ancestors(&app, &t, &office).await, format!("0,{street},{bureau}"));

    // Filters, lazy levels and picker trees.
    let (_, l) = call(&app, Some(&t), Call::Get("/dept/list?deptName=综合".into())).await;
    assert_eq!(l["data"].as_array().map(Vec::len), Some(1), "{l}");
    assert_eq!(l["data"][0]["id"], office.as_str());
    let (_, lazy) = call(&app, Some(&t), Call::Get(format!("/dept/lazy-list?parentId={street}"))).await;
    assert_eq!((lazy["data"][0]["id"].as_str(), lazy["data"][0]["hasChildren"].as_bool()), (Some(bureau.as_str()), Some(true)), "{lazy}");
    let (_, lazy) = call(&app, Some(&t), Call::Get(format!("/dept/lazy-tree?parentId={office}"))).await;
    assert_eq!(lazy["data"][0]["title"], "前台");
    assert!(lazy["data"][0].get("hasChildren").is_none(), "{lazy}");
    let (_, tree) = call(&app, Some(&t), Call::Get("/dept/tree".into())).await;
    let n = find(&tree["data"], &office).unwrap_or_else(|| panic!("{tree}"));
    assert_eq!(
        (n["key"].as_str(), n["value"].as_str(), n["parentId"].as_str()),
        (Some(office.as_str()), Some(office.as_str()), Some(bureau.as_str()))
    );
    let (_, sel) = call(&app, Some(&t), Call::Get(format!("/dept/select?deptId={desk},{top}"))).await;
    let names: Vec<&str> = sel["data"].as_array().unwrap().iter().map(|d| d["deptName"].as_str().unwrap()).collect();
    assert_eq!(names, ["前台", "管委会"]);

    // A parent refuses deletion, and so does a department someone still works in.
    let (s, r) = call(&app, Some(&t), Call::Form("/dept/remove", vec![("ids", office.clone())])).await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("请先删除子节点!")), "{r}");
    insert_user(&app, &zone, "clerk", "", &format!("{top},{desk}")).await;
    let (s, r) = call(&app, Some(&t), Call::Form("/dept/remove", vec![("ids", desk.clone())])).await;
    assert_eq!(s, 400, "{r}");
    assert!(r["data"].get("field").is_none() && r["msg"].as_str().unwrap().contains("用户"), "{r}");
    exec(&app, "UPDATE sys_user SET dept_id = '' WHERE account = 'clerk'", vec![]).await;
    let (s, r) = call(&app, Some(&t), Call::Form("/dept/remove", vec![("ids", desk.clone())])).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(call(&app, Some(&t), Call::Get(format!("/dept/detail?id={desk}"))).await.0, 404);
    // The office is a leaf now and goes; a removed department is no parent for anyone.
    assert_eq!(call(&app, Some(&t), Call::Form("/dept/remove", vec![("ids", office.clone())])).await.0, 200);
    let (s, r) =
        call(&app, Some(&t), Call::Json("/dept/submit", json!({ "deptName": "x", "deptCategory": 2, "powerType": 2, "parentId": office })))
            .await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("parentId")), "{r}");
}

#[actix_web::test]
async fn post_codes_are_unique_per_tenant_posts_in_use_stay_and_bad_input_names_its_field() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (zone, other) =
        (app.create_tenant(&platform, "岗位测试园区", "Zone#1").await, app.create_tenant(&platform, "别的园区", "Zone#1").await);
    let (t, t_other) = (token(&app, &zone, "admin").await, token(&app, &other, "admin").await);
    let post = |code: &str| json!({ "postCode": code, "postName": "统计员", "category": 3, "sort": 2 });
    let (s, r) = call(&app, Some(&t), Call::Json("/post/submit", post("tj01"))).await;
    assert_eq!(s, 200, "{r}");
    let id = r["data"]["id"].as_str().unwrap().to_string();
    let (s, r) = call(&app, Some(&t), Call::Json("/post/submit", post("tj01"))).await;
    assert_eq!(
        (s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()),
        (400, Some("postCode"), Some("岗位编号 [tj01] 已存在!")),
        "{r}"
    );
    // Another tenant may use the code, and a post keeps its own code on update.
    assert_eq!(call(&app, Some(&t_other), Call::Json("/post/submit", post("tj01"))).await.0, 200);
    let (s, r) =
        call(&app, Some(&t), Call::Json("/post/submit", json!({ "id": id, "postCode": "tj01", "postName": "统计主管", "category": 2 })))
            .await;
    assert_eq!(s, 200, "{r}");
    let (_, d) = call(&app, Some(&t), Call::Get(format!("/post/detail?id={id}"))).await;
    assert_eq!(
        (d["data"]["postName"].as_str(), d["data"]["categoryName"].as_str(), d["data"]["sort"].as_i64()),
        (Some("统计主管"), Some("中层"), Some(2)),
        "{d}"
    );
    assert!(d["data"]["createTime"].as_str().is_some_and(|t| t.len() == 19), "{d}");

    // Paging, filters and the sort allow-list.
    call(&app, Some(&t), Call::Json("/post/submit", json!({ "postCode": "cw%1", "postName": "财务", "category": 3, "sort": 1 }))).await;
    let codes = |l: &Value| -> Vec<String> {
        l["data"]["records"].as_array().unwrap().iter().map(|p| p["postCode"].as_str().unwrap().into()).collect()
    };
    let (_, l) = call(&app, Some(&t), Call::Get("/post/list?category=3".into())).await;
    assert_eq!(codes(&l), ["cw%1"], "{l}");
    let (_, l) = call(&app, Some(&t), Call::Get("/post/page?postCode=%25&size=1".into())).await;
    assert_eq!((codes(&l), l["data"]["total"].as_u64()), (vec!["cw%1".to_string()], Some(1)), "{l}");
    let (_, l) = call(&app, Some(&t), Call::Get("/post/list?descs=postCode&size=2".into())).await;
    assert_eq!(codes(&l), ["tj01", "cw%1"], "{l}");
    assert_eq!((l["data"]["total"].as_u64(), l["data"]["pages"].as_u64()), (Some(3), Some(2)), "{l}");
    let (_, sel) = call(&app, Some(&t), Call::Get("/post/select".into())).await;
    assert_eq!(sel["data"].as_array().unwrap().len(), 3, "{sel}");

    // A held post stays; once nobody holds it, it goes, and its code is free again.
    insert_user(&app, &zone, "clerk", "", "").await;
    exec(&app, "UPDATE sys_user SET post_id = ? WHERE account = 'clerk'", vec![id.clone().into()]).await;
    let (s, r) = call(&app, Some(&t), Call::Form("/post/remove", vec![("ids", id.clone())])).await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("岗位已分配给用户,不能删除!")), "{r}");
    exec(&app, "UPDATE sys_user SET is_deleted = 1 WHERE account = 'clerk'", vec![]).await;
    assert_eq!(call(&app, Some(&t), Call::Form("/post/remove", vec![("ids", id.clone())])).await.0, 200);
    assert_eq!(call(&app, Some(&t), Call::Get(format!("/post/detail?id={id}"))).await.0, 404);
    assert_eq!(call(&app, Some(&t), Call::Json("/post/submit", post("tj01"))).await.0, 200);

    let dept = |extra: Value| {
        let mut b = json!({ "deptName": "科室", "deptCategory": 2, "powerType": 2 });
        b.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        b
    };
    let bad: Vec<(Call, &str)> = vec![
        (Call::Json("/dept/submit", json!({ "deptCategory": 2, "powerType": 2 })), "deptName"),
        (Call::Json("/dept/submit", dept(json!({ "deptName": "名".repeat(46) }))), "deptName"),
        (Call::Json("/dept/submit", dept(json!({ "deptCategory": 4 }))), "deptCategory"),
        (Call::Json("/dept/submit", dept(json!({ "powerType": 99 }))), "powerType"),
        (Call::Json("/dept/submit", dept(json!({ "sort": "first" }))), "sort"),
        (Call::Json("/dept/submit", dept(json!({ "parentId": "abc" }))), "parentId"),
        (Call::Json("/dept/submit", dept(json!({ "parentId": keeper_common::id::next_id().to_string() }))), "parentId"),
        (Call::Get("/dept/detail?id=abc".into()), "id"),
        (Call::Get("/dept/lazy-list?parentId=x".into()), "parentId"),
        (Call::Get("/dept/select?deptId=1,x".into()), "deptId"),
        (Call::Form("/dept/remove", vec![("ids", "1,x".into())]), "ids"),
        (Call::Json("/post/submit", json!({ "postName": "无编号", "category": 1 })), "postCode"),
        (Call::Json("/post/submit", json!({ "postCode": "p1", "category": 1 })), "postName"),
        (Call::Json("/post/submit", json!({ "postCode": "p1", "postName": "x", "category": 0 })), "category"),
        (Call::Json("/post/submit", json!({ "postCode": "p".repeat(13), "postName": "x", "category": 1 })), "postCode"),
        (Call::Get("/post/list?ascs=password".into()), "ascs"),
        (Call::Get("/post/list?current=0".into()), "current"),
        (Call::Get("/post/page?category=x".into()), "category"),
        (Call::Get("/post/detail?id=abc".into()), "id"),
        (Call::Form("/post/remove", vec![("ids", "".into())]), "ids"),
        (Call::Get("/role/tree-by-id?roleId=abc".into()), "roleId"),
        (Call::Get("/role/select?roleId=1,x".into()), "roleId"),
    ];
    for (c, field) in bad {
        let (s, body) = call(&app, Some(&t), c).await;
        assert_eq!((s, body["data"]["field"].as_str()), (400, Some(field)), "{body}");
    }
}

#[actix_web::test]
async fn role_look_ups_answer_the_callers_tenant() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let zone = app.create_tenant(&platform, "角色查询园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (t, admin_role) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap());
    let clerk = role_with(&app, &zone, "clerk", &[]).await;
    let (s, tree) = call(&app, Some(t), Call::Get(format!("/role/tree-by-id?roleId={clerk}"))).await;
    assert_eq!(s, 200, "{tree}");
    let ids: Vec<&str> = tree["data"].as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&clerk.as_str()) && ids.contains(&admin_role), "{tree}");
    let (_, sel) = call(&app, Some(t), Call::Get(format!("/role/select?roleId={clerk},{admin_role}"))).await;
    let names: Vec<&str> = sel["data"].as_array().unwrap().iter().map(|r| r["roleAlias"].as_str().unwrap()).collect();
    assert_eq!(names[0], "clerk", "{sel}");
    assert_eq!(names.len(), 2, "{sel}");
    // The platform's own roles are another tenant's to this administrator.
    let platform_role = app.admin_login().await["role_id"].as_str().unwrap().to_string();
    assert_eq!(call(&app, Some(t), Call::Get(format!("/role/tree-by-id?roleId={platform_role}"))).await.0, 404);
    let (_, sel) = call(&app, Some(t), Call::Get(format!("/role/select?roleId={platform_role}"))).await;
    assert_eq!(sel["data"], json!([]));
}
