//! Role administration: every endpoint declares its permission, stays inside the caller's tenant, keeps
//! aliases unique, refuses to remove roles still in use, and never lets a caller grant more than they hold.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{Call, call, matrix, menu_id, past_caches, platform_token, role_under, role_with, token, user_with};

const ENDPOINTS: [&str; 8] = ["list", "detail", "tree", "submit", "remove", "grant", "grant-tree", "role-tree-keys"];

/// One call of each endpoint against fresh fixtures of the caller's tenant.
async fn each_endpoint(app: &TestApp, tenant: &str, token: Option<&str>, tag: &str) -> Vec<u16> {
    let target = role_with(app, tenant, &format!("target_{tag}"), &[]).await;
    let doomed = role_with(app, tenant, &format!("doomed_{tag}"), &[]).await;
    let calls = vec![
        Call::Get("/role/list".into()),
        Call::Get(format!("/role/detail?id={target}")),
        Call::Get("/role/tree".into()),
        Call::Json("/role/submit", json!({ "roleName": "新角色", "roleAlias": format!("new_{tag}") })),
        Call::Form("/role/remove", vec![("ids", doomed)]),
        Call::Json("/role/grant", json!({ "roleIds": [target.clone()], "menuIds": [] })),
        Call::Get("/menu/grant-tree".into()),
        Call::Get(format!("/menu/role-tree-keys?roleIds={target}")),
    ];
    matrix(app, token, tag, &ENDPOINTS, calls).await
}

#[actix_web::test]
async fn each_role_endpoint_answers_200_403_or_401_by_the_callers_grants() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let all = vec![200; 8];
    assert_eq!(each_endpoint(&app, "000000", Some(&platform), "platform").await, all, "platform administrator");
    let tenant = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let viewer = role_with(&app, &tenant, "viewer", &["role_view"]).await;
    let nothing = role_with(&app, &tenant, "nobody", &[]).await;
    user_with(&app, &tenant, "viewer", &viewer, "").await;
    user_with(&app, &tenant, "nobody", &nothing, "").await;
    let admin = token(&app, &tenant, "admin").await;
    let viewer_token = token(&app, &tenant, "viewer").await;
    let nobody_token = token(&app, &tenant, "nobody").await;
    assert_eq!(each_endpoint(&app, &tenant, Some(&admin), "admin").await, all, "zone administrator");
    assert_eq!(
        each_endpoint(&app, &tenant, Some(&viewer_token), "viewer").await,
        [200, 200, 200, 403, 403, 403, 403, 200],
        "role_view only"
    );
    assert_eq!(each_endpoint(&app, &tenant, Some(&nobody_token), "nobody").await, vec![403; 8], "no grants");
    assert_eq!(each_endpoint(&app, &tenant, None, "anonymous").await, vec![401; 8], "anonymous");
}

#[actix_web::test]
async fn roles_are_listed_as_a_tree_of_the_callers_tenant_and_other_tenants_answer_404() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    let parent = role_with(&app, &a, "parent", &[]).await;
    let child = role_under(&app, &a, &parent, "child", &[]).await;
    let foreign = role_with(&app, &b, "foreign", &[]).await;
    let a_token = token(&app, &a, "admin").await;
    let (_, list) = call(&app, Some(&a_token), Call::Get("/role/list".into())).await;
    let roots = list["data"].as_array().unwrap_or_else(|| panic!("{list}"));
    let p = roots.iter().find(|r| r["id"] == parent.as_str()).unwrap_or_else(|| panic!("{list}"));
    assert_eq!(p["parentName"], "顶级");
    assert_eq!(p["children"][0]["id"], child.as_str());
    assert_eq!(p["children"][0]["parentId"], parent.as_str());
    assert_eq!(p["children"][0]["parentName"], "parent");
    assert!(roots.iter().all(|r| r["tenantId"] == a.as_str()), "{list}");
    assert!(!list.to_string().contains(&foreign));
    let (_, tree) = call(&app, Some(&a_token), Call::Get("/role/tree".into())).await;
    let node = tree["data"].as_array().unwrap().iter().find(|n| n["id"] == parent.as_str()).unwrap().clone();
    assert_eq!((node["key"].clone(), node["value"].clone(), node["title"].clone()), (json!(parent), json!(parent), json!("parent")));
    let missing = keeper_common::id::next_id().to_string();
    for id in [&foreign, &missing] {
        let calls = vec![
            Call::Get(format!("/role/detail?id={id}")),
            Call::Json("/role/submit", json!({ "id": id, "roleName": "改名", "roleAlias": "renamed" })),
            Call::Form("/role/remove", vec![("ids", id.to_string())]),
            Call::Json("/role/grant", json!({ "roleIds": [id], "menuIds": [] })),
            Call::Get(format!("/menu/role-tree-keys?roleIds={id}")),
        ];
        for c in calls {
            let (s, body) = call(&app, Some(&a_token), c).await;
            assert_eq!(s, 404, "{body}");
        }
    }
    // The platform administrator's tree shows the administrator role; a zone user of the platform does not see it.
    let (_, t) = call(&app, Some(&platform), Call::Get("/role/tree".into())).await;
    assert!(t.to_string().contains("超级管理员") || t.to_string().contains("administrator"), "{t}");
    let clerk_role = role_with(&app, "000000", "clerk", &["role_view"]).await;
    user_with(&app, "000000", "clerk", &clerk_role, "").await;
    let clerk = token(&app, "000000", "clerk").await;
    let (_, t) = call(&app, Some(&clerk), Call::Get("/role/tree".into())).await;
    let (_, full) = call(&app, Some(&platform), Call::Get("/role/tree".into())).await;
    assert_eq!(t["data"].as_array().unwrap().len() + 1, full["data"].as_array().unwrap().len(), "{t} {full}");
}

#[actix_web::test]
async fn submit_checks_fields_keeps_aliases_unique_per_tenant_and_guards_the_administrator_alias() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    let (ta, tb) = (token(&app, &a, "admin").await, token(&app, &b, "admin").await);
    let submit = |t: &str, body: Value| {
        let t = t.to_string();
        let app = &app;
        async move { call(app, Some(&t), Call::Json("/role/submit", body)).await }
    };
    let (s, body) = submit(&ta, json!({ "roleName": "会计", "roleAlias": "accountant" })).await;
    assert_eq!(s, 200, "{body}");
    let id = body["data"]["id"].as_str().unwrap().to_string();
    let (s, body) = submit(&ta, json!({ "roleName": "会计2", "roleAlias": "accountant" })).await;
    assert_eq!((s, body["data"]["field"].as_str().or(body["msg"].as_str()).is_some()), (400, true), "{body}");
    assert!(body.to_string().contains("roleAlias"), "{body}");
    // The same alias in another tenant is fine, and so is re-saving the role under its own alias.
    assert_eq!(submit(&tb, json!({ "roleName": "会计", "roleAlias": "accountant" })).await.0, 200);
    assert_eq!(submit(&ta, json!({ "id": id, "roleName": "总会计", "roleAlias": "accountant", "sort": 3 })).await.0, 200);
    let (_, d) = call(&app, Some(&ta), Call::Get(format!("/role/detail?id={id}"))).await;
    assert_eq!((d["data"]["roleName"].clone(), d["data"]["sort"].clone()), (json!("总会计"), json!(3)));
    for (field, body) in [
        ("roleName", json!({ "roleAlias": "x1" })),
        ("roleName", json!({ "roleName": "n".repeat(65), "roleAlias": "x1" })),
        ("roleAlias", json!({ "roleName": "x" })),
        ("roleAlias", json!({ "roleName": "x", "roleAlias": "有空 格" })),
        ("parentId", json!({ "roleName": "x", "roleAlias": "x1", "parentId": "abc" })),
        ("parentId", json!({ "roleName": "x", "roleAlias": "x1", "parentId": keeper_common::id::next_id().to_string() })),
        ("parentId", json!({ "id": id, "roleName": "x", "roleAlias": "accountant", "parentId": id })),
    ] {
        let (s, r) = submit(&ta, body).await;
        assert_eq!(s, 400, "{r}");
        assert!(r.to_string().contains(field), "{field}: {r}");
    }
    // A child cannot become its own ancestor's parent.
    let (_, c) = submit(&ta, json!({ "roleName": "出纳", "roleAlias": "cashier", "parentId": id })).await;
    let child = c["data"]["id"].as_str().unwrap().to_string();
    let (s, r) = submit(&ta, json!({ "id": id, "roleName": "总会计", "roleAlias": "accountant", "parentId": child })).await;
    assert_eq!(s, 400, "{r}");
    // Only the platform administrator creates the administrator alias.
    let (s, r) = submit(&ta, json!({ "roleName": "超管", "roleAlias": "administrator" })).await;
    assert_eq!(s, 403, "{r}");
    assert!(r.to_string().contains("无权限创建超管角色！"), "{r}");
    let (s, r) = submit(&platform, json!({ "roleName": "超管2", "roleAlias": "administrator" })).await;
    assert_eq!(s, 400, "taken in 000000 already: {r}");
}

#[actix_web::test]
async fn remove_refuses_roles_with_live_children_or_held_by_a_live_user() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let admin = token(&app, &tenant, "admin").await;
    let parent = role_with(&app, &tenant, "parent", &[]).await;
    let child = role_under(&app, &tenant, &parent, "child", &[]).await;
    let held = role_with(&app, &tenant, "held", &[]).await;
    user_with(&app, &tenant, "holder", &held, "").await;
    let remove = |id: &str| call(&app, Some(&admin), Call::Form("/role/remove", vec![("ids", id.to_string())]));
    let (s, r) = remove(&parent).await;
    assert_eq!((s, r["msg"].as_str().unwrap()), (400, "请先删除子节点!"), "{r}");
    let (s, r) = remove(&held).await;
    assert_eq!((s, r["msg"].as_str().unwrap()), (400, "角色已分配给用户,不能删除!"), "{r}");
    assert_eq!(remove(&child).await.0, 200);
    assert_eq!(remove(&parent).await.0, 200);
    assert_eq!(call(&app, Some(&admin), Call::Get(format!("/role/detail?id={parent}"))).await.0, 404);
    let (s, r) = call(&app, Some(&admin), Call::Form("/role/remove", vec![("ids", "x".into())])).await;
    assert_eq!(s, 400, "{r}");
}

#[actix_web::test]
async fn a_grant_round_trips_through_role_tree_keys_and_reaches_the_holders_routes() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let admin = token(&app, &tenant, "admin").await;
    let clerk_role = role_with(&app, &tenant, "clerk", &[]).await;
    user_with(&app, &tenant, "clerk", &clerk_role, "").await;
    let (user_menu, user_view) = (menu_id(&app, "user").await, menu_id(&app, "user_view").await);
    // The zone administrator's grant tree offers what they hold, with ids as strings.
    let (_, tree) = call(&app, Some(&admin), Call::Get("/menu/grant-tree".into())).await;
    assert!(tree["data"]["menu"].to_string().contains(&format!("\"key\":\"{user_view}\"")), "{tree}");
    assert_eq!((tree["data"]["dataScope"].clone(), tree["data"]["apiScope"].clone()), (json!([]), json!([])));
    let body = json!({ "roleIds": [clerk_role.clone()], "menuIds": [user_menu.parse::<i64>().unwrap(), user_view.clone()] });
    let (s, r) = call(&app, Some(&admin), Call::Json("/role/grant", body)).await;
    assert_eq!(s, 200, "{r}");
    let (_, keys) = call(&app, Some(&admin), Call::Get(format!("/menu/role-tree-keys?roleIds={clerk_role}"))).await;
    let mut menus: Vec<String> = serde_json::from_value(keys["data"]["menu"].clone()).unwrap();
    menus.sort();
    let mut want = vec![user_menu.clone(), user_view.clone()];
    want.sort();
    assert_eq!(menus, want, "{keys}");
    assert_eq!((keys["data"]["dataScope"].clone(), keys["data"]["apiScope"].clone()), (json!([]), json!([])));
    past_caches().await;
    let clerk = token(&app, &tenant, "clerk").await;
    let (_, routes) = call(&app, Some(&clerk), Call::Get("/menu/routes".into())).await;
    assert!(routes.to_string().contains("\"code\":\"user\""), "{routes}");
    assert_eq!(call(&app, Some(&clerk), Call::Get("/user/list".into())).await.0, 200);
    // Taking it back is seen as well.
    let (s, _) = call(&app, Some(&admin), Call::Json("/role/grant", json!({ "roleIds": clerk_role, "menuIds": [] }))).await;
    assert_eq!(s, 200);
    past_caches().await;
    assert_eq!(call(&app, Some(&clerk), Call::Get("/user/list".into())).await.0, 403);
    let (s, r) = call(&app, Some(&admin), Call::Json("/role/grant", json!({ "roleIds": [clerk_role], "menuIds": ["nope"] }))).await;
    assert_eq!(s, 400, "{r}");
    assert!(r.to_string().contains("menuIds"), "{r}");
}

#[actix_web::test]
async fn a_grant_never_exceeds_the_callers_own_menus_nor_touches_their_own_role() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let granter_role = role_with(&app, &tenant, "granter", &["role", "role_view", "role_grant", "user", "user_view"]).await;
    user_with(&app, &tenant, "granter", &granter_role, "").await;
    let target = role_with(&app, &tenant, "target", &[]).await;
    let strong = role_with(&app, &tenant, "strong", &["user_delete"]).await;
    let granter = token(&app, &tenant, "granter").await;
    let (user_view, user_delete) = (menu_id(&app, "user_view").await, menu_id(&app, "user_delete").await);
    let grant =
        |roles: Value, menus: Value| call(&app, Some(&granter), Call::Json("/role/grant", json!({ "roleIds": roles, "menuIds": menus })));
    let (s, r) = grant(json!([target]), json!([user_delete])).await;
    assert_eq!(s, 403, "{r}");
    assert_eq!(grant(json!([target]), json!([user_view])).await.0, 200);
    // The directory above a held screen goes with it (the grant tree sends it half-ticked); a
    // directory the caller holds nothing under does not.
    let (system, resource) = (menu_id(&app, "system").await, menu_id(&app, "resource").await);
    let (s, r) = grant(json!([target]), json!([system, user_view])).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(grant(json!([target]), json!([resource, user_view])).await.0, 403, "a directory with nothing held under it");
    assert_eq!(grant(json!([target]), json!([user_view])).await.0, 200);
    assert_eq!(grant(json!([granter_role]), json!([user_view])).await.0, 403, "own role");
    assert_eq!(grant(json!([strong]), json!([user_view])).await.0, 403, "a role stronger than the caller");
    // The grant tree offers only what the caller holds, plus ancestors.
    let (_, tree) = call(&app, Some(&granter), Call::Get("/menu/grant-tree".into())).await;
    assert!(tree.to_string().contains(&user_view) && !tree.to_string().contains(&user_delete), "{tree}");
    // Refusals changed nothing.
    let (_, keys) = call(&app, Some(&granter), Call::Get(format!("/menu/role-tree-keys?roleIds={target},{strong}"))).await;
    let mut menus: Vec<String> = serde_json::from_value(keys["data"]["menu"].clone()).unwrap();
    menus.sort();
    let mut want = vec![user_view, user_delete];
    want.sort();
    assert_eq!(menus, want, "{keys}");
}

#[actix_web::test]
async fn child_roles_lose_the_menus_their_parent_no_longer_has() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let admin = token(&app, &tenant, "admin").await;
    let parent = role_with(&app, &tenant, "parent", &["user", "user_view", "user_add"]).await;
    let child = role_under(&app, &tenant, &parent, "child", &["user", "user_view", "user_add"]).await;
    let grandchild = role_under(&app, &tenant, &child, "grandchild", &["user", "user_add"]).await;
    let (user_menu, user_view) = (menu_id(&app, "user").await, menu_id(&app, "user_view").await);
    let (s, r) =
        call(&app, Some(&admin), Call::Json("/role/grant", json!({ "roleIds": [parent], "menuIds": [user_menu, user_view] }))).await;
    assert_eq!(s, 200, "{r}");
    let keys = |id: String| {
        let (app, admin) = (&app, admin.clone());
        async move {
            let (_, k) = call(app, Some(&admin), Call::Get(format!("/menu/role-tree-keys?roleIds={id}"))).await;
            let mut v: Vec<String> = serde_json::from_value(k["data"]["menu"].clone()).unwrap();
            v.sort();
            v
        }
    };
    let mut both = vec![user_menu.clone(), user_view.clone()];
    both.sort();
    assert_eq!(keys(child).await, both);
    assert_eq!(keys(grandchild).await, vec![user_menu]);
}
