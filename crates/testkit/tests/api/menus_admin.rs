//! Menu and top-menu administration: the shared menu tree is read with `menu_view` and changed by the
//! platform administrator alone; top menus stay in their tenant; every change reaches `menu/routes`,
//! `menu/buttons` and the permission checks at once.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{
    Call, admin_role, call, exec_system as exec, grant_codes, insert_user, matrix, menu_id, platform_token, role_with, scalar, token,
};

/// A menu created through `menu/submit` by the platform administrator; answers its id.
pub async fn new_menu(app: &TestApp, platform: &str, code: &str, parent: &str) -> String {
    let body = json!({ "code": code, "name": format!("菜单{code}"), "path": format!("/x/{code}"), "parentId": parent, "sort": 50 });
    let (s, r) = call(app, Some(platform), Call::Json("/menu/submit", body)).await;
    assert_eq!(s, 200, "{r}");
    r["data"]["id"].as_str().unwrap().to_string()
}

/// A top menu of the tenant inserted as a fixture; answers its id.
async fn new_top_menu(app: &TestApp, tenant: &str, code: &str) -> String {
    let (id, now) = (keeper_common::id::next_id(), chrono::Utc::now());
    exec(
        app,
        "INSERT INTO sys_top_menu (id, tenant_id, code, name, source, path, sort, create_time, update_time, status, is_deleted) VALUES (?, ?, ?, ?, '', '', 1, ?, ?, 1, 0)",
        vec![id.into(), tenant.into(), code.into(), code.into(), now.into(), now.into()],
    )
    .await;
    id.to_string()
}

/// Every `code` in a menu tree, depth first.
fn codes(tree: &Value) -> Vec<String> {
    let mut out = Vec::new();
    fn walk(nodes: &Value, out: &mut Vec<String>) {
        for n in nodes.as_array().into_iter().flatten() {
            out.push(n["code"].as_str().unwrap_or_default().to_string());
            walk(&n["children"], out);
        }
    }
    walk(tree, &mut out);
    out
}

fn find<'a>(nodes: &'a Value, key: &str, value: &str) -> Option<&'a Value> {
    for n in nodes.as_array().into_iter().flatten() {
        if n[key] == value {
            return Some(n);
        }
        if let Some(hit) = find(&n["children"], key, value) {
            return Some(hit);
        }
    }
    None
}

const MENU_ENDPOINTS: [&str; 9] =
    ["detail", "list", "lazy-list", "menu-list", "lazy-menu-list", "tree", "submit new", "submit edit", "remove"];

/// One call of each menu endpoint, on fresh menus the platform administrator made.
async fn each_menu_endpoint(app: &TestApp, platform: &str, token: Option<&str>, tag: &str) -> Vec<u16> {
    let target = new_menu(app, platform, &format!("target_{tag}"), "0").await;
    let doomed = new_menu(app, platform, &format!("doomed_{tag}"), "0").await;
    let calls = vec![
        Call::Get(format!("/menu/detail?id={target}")),
        Call::Get("/menu/list".into()),
        Call::Get("/menu/lazy-list?parentId=0".into()),
        Call::Get("/menu/menu-list".into()),
        Call::Get("/menu/lazy-menu-list".into()),
        Call::Get("/menu/tree".into()),
        Call::Json("/menu/submit", json!({ "code": format!("new_{tag}"), "name": format!("新菜单{tag}") })),
        Call::Json("/menu/submit", json!({ "id": target, "code": format!("target_{tag}"), "name": format!("改名{tag}") })),
        Call::Form("/menu/remove", vec![("ids", doomed)]),
    ];
    matrix(app, token, tag, &MENU_ENDPOINTS, calls).await
}

#[actix_web::test]
async fn menus_are_read_with_menu_view_and_changed_by_the_platform_administrator_alone() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    assert_eq!(each_menu_endpoint(&app, &platform, Some(&platform), "platform").await, vec![200; 9], "platform administrator");
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    // Tenant A's administrator holds every menu code: reading works, changing the shared tree does not.
    grant_codes(&app, &admin_role(&app, &a).await, &["menu", "menu_view", "menu_add", "menu_edit", "menu_delete"]).await;
    let viewer = role_with(&app, &a, "viewer", &["menu_view"]).await;
    let nothing = role_with(&app, &a, "nobody", &[]).await;
    insert_user(&app, &a, "viewer", &viewer, "").await;
    insert_user(&app, &a, "nobody", &nothing, "").await;
    // So does a user of the platform tenant who is not the administrator.
    let clerk = role_with(&app, "000000", "menu_clerk", &["menu_view", "menu_add", "menu_edit", "menu_delete"]).await;
    insert_user(&app, "000000", "menu_clerk", &clerk, "").await;
    let reads_only = [200, 200, 200, 200, 200, 200, 403, 403, 403];
    for (tenant, account, want) in [
        (a.as_str(), "admin", reads_only.to_vec()),
        (b.as_str(), "admin", vec![403; 9]),
        (a.as_str(), "viewer", reads_only.to_vec()),
        (a.as_str(), "nobody", vec![403; 9]),
        ("000000", "menu_clerk", reads_only.to_vec()),
    ] {
        let t = token(&app, tenant, account).await;
        assert_eq!(each_menu_endpoint(&app, &platform, Some(&t), &format!("{account}_{tenant}")).await, want, "{account}@{tenant}");
    }
    assert_eq!(each_menu_endpoint(&app, &platform, None, "anonymous").await, vec![401; 9], "anonymous");
}

#[actix_web::test]
async fn menus_are_listed_as_trees_with_display_names_and_lazily_by_parent() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (system, user, user_add) = (menu_id(&app, "system").await, menu_id(&app, "user").await, menu_id(&app, "user_add").await);
    let get = |path: String| call(&app, Some(&platform), Call::Get(path));

    let (_, d) = get(format!("/menu/detail?id={user}")).await;
    let d = &d["data"];
    assert_eq!(
        (d["id"].as_str(), d["parentId"].as_str(), d["parentName"].as_str()),
        (Some(user.as_str()), Some(system.as_str()), Some("系统管理"))
    );
    assert_eq!((d["categoryName"].as_str(), d["isOpenName"].as_str(), d["actionName"].as_str()), (Some("菜单"), Some("否"), Some("")));
    let (_, d) = get(format!("/menu/detail?id={system}")).await;
    assert_eq!(d["data"]["parentName"], "顶级");
    let (_, d) = get(format!("/menu/detail?id={user_add}")).await;
    assert_eq!((d["data"]["categoryName"].as_str(), d["data"]["actionName"].as_str()), (Some("按钮"), Some("工具栏")));

    // The full tree holds menus and buttons; the picker tree menus only.
    let (_, l) = get("/menu/list".into()).await;
    let node = find(&l["data"], "id", &system).unwrap_or_else(|| panic!("{l}"));
    assert!(node["children"].as_array().unwrap().iter().any(|c| c["id"] == user.as_str()));
    assert!(find(&l["data"], "id", &user_add).is_some());
    let (_, ml) = get("/menu/menu-list".into()).await;
    assert!(find(&ml["data"], "id", &user).is_some() && find(&ml["data"], "id", &user_add).is_none(), "{ml}");
    let (_, t) = get("/menu/tree".into()).await;
    let n = find(&t["data"], "id", &user).unwrap_or_else(|| panic!("{t}"));
    assert_eq!((n["key"].as_str(), n["value"].as_str(), n["title"].as_str()), (Some(user.as_str()), Some(user.as_str()), Some("用户管理")));
    assert!(find(&t["data"], "id", &user_add).is_none());

    // Filters match anywhere in the tree; a match whose parent does not match becomes a root.
    let (_, f) = get("/menu/list?code=user_ad".into()).await;
    assert_eq!(codes(&f["data"]), vec!["user_add"], "{f}");
    let (_, f) = get("/menu/list?name=%E7%94%A8%E6%88%B7%E7%AE%A1%E7%90%86".into()).await;
    assert_eq!(codes(&f["data"]), vec!["user"], "{f}");

    // Lazily: roots, then the children of one node, each telling whether it has children of its own.
    let (_, roots) = get("/menu/lazy-list".into()).await;
    let roots = roots["data"].as_array().unwrap().clone();
    assert!(roots.iter().all(|r| r["parentId"] == "0" && r.get("children").is_none()));
    assert_eq!(roots.iter().find(|r| r["id"] == system.as_str()).unwrap()["hasChildren"], true);
    let (_, kids) = get(format!("/menu/lazy-list?parentId={user}")).await;
    let kids = kids["data"].as_array().unwrap().clone();
    assert!(kids.iter().any(|k| k["id"] == user_add.as_str() && k["hasChildren"] == false), "{kids:?}");
    let (_, kids) = get(format!("/menu/lazy-menu-list?parentId={system}")).await;
    let u = kids["data"].as_array().unwrap().iter().find(|k| k["id"] == user.as_str()).unwrap().clone();
    assert_eq!(u["hasChildren"], false, "buttons are not menus: {u}");
    let (_, kids) = get(format!("/menu/lazy-menu-list?parentId={user}")).await;
    assert_eq!(kids["data"], json!([]));
    let (_, found) = get("/menu/lazy-list?code=user_add".into()).await;
    assert_eq!(codes(&found["data"]), vec!["user_add"], "a search finds nodes at any depth");

    // Bad input names its field; a missing id is a 404.
    for (path, field) in
        [("/menu/detail?id=abc", "id"), ("/menu/lazy-list?parentId=x", "parentId"), ("/menu/top-tree-keys?topMenuIds=x", "topMenuIds")]
    {
        let (s, r) = get(path.into()).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{path}: {r}");
    }
    let missing = keeper_common::id::next_id();
    assert_eq!(get(format!("/menu/detail?id={missing}")).await.0, 404);
}

#[actix_web::test]
async fn submit_keeps_codes_and_names_unique_parents_menus_and_the_tree_without_cycles() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let system = menu_id(&app, "system").await;
    let user_add = menu_id(&app, "user_add").await;
    let submit = |body: Value| call(&app, Some(&platform), Call::Json("/menu/submit", body));

    let (s, r) =
        submit(json!({ "code": "energy", "name": "能耗管理", "parentId": system, "path": "/system/energy", "sort": 20, "source": "fire" }))
            .await;
    assert_eq!(s, 200, "{r}");
    let energy = r["data"]["id"].as_str().unwrap().to_string();
    let (s, r) =
        submit(json!({ "code": "energy_add", "name": "新增", "alias": "add", "category": 2, "action": 1, "parentId": energy })).await;
    assert_eq!(s, 200, "{r}");
    let energy_add = r["data"]["id"].as_str().unwrap().to_string();
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/menu/detail?id={energy}"))).await;
    assert_eq!(
        (d["data"]["name"].as_str(), d["data"]["alias"].as_str(), d["data"]["sort"].as_i64()),
        (Some("能耗管理"), Some("menu"), Some(20))
    );

    // Duplicates: any code, and a menu's name among menus (a button may repeat 新增).
    let (s, r) = submit(json!({ "code": "energy", "name": "另一个" })).await;
    assert_eq!((s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()), (400, Some("code"), Some("菜单名或编号已存在!")), "{r}");
    let (s, r) = submit(json!({ "code": "energy2", "name": "能耗管理" })).await;
    assert_eq!((s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()), (400, Some("name"), Some("菜单名或编号已存在!")), "{r}");
    let (s, r) =
        submit(json!({ "code": "energy_edit", "name": "新增", "alias": "edit", "category": "2", "action": "2", "parentId": energy })).await;
    assert_eq!(s, 200, "{r}");
    // Re-saving a menu under its own code and name is no duplicate.
    let (s, r) = submit(json!({ "id": energy, "code": "energy", "name": "能耗管理", "parentId": system, "sort": 21 })).await;
    assert_eq!(s, 200, "{r}");

    // A button is no parent; neither is the menu itself nor anything below it.
    let (s, r) = submit(json!({ "code": "under_button", "name": "按钮下", "parentId": user_add })).await;
    assert_eq!(
        (s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()),
        (400, Some("parentId"), Some("父节点只可选择菜单类型!")),
        "{r}"
    );
    let (s, r) = submit(json!({ "code": "energy_sub", "name": "能耗子项", "parentId": energy })).await;
    assert_eq!(s, 200, "{r}");
    let sub = r["data"]["id"].as_str().unwrap().to_string();
    for parent in [&sub, &energy] {
        let (s, r) = submit(json!({ "id": energy, "code": "energy", "name": "能耗管理", "parentId": parent })).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some("parentId")), "{r}");
    }
    let (s, r) = submit(json!({ "id": energy, "code": "energy", "name": "能耗管理", "category": 2, "alias": "x" })).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("category")), "a menu with children stays a menu: {r}");

    // Bad input: each refusal names its field, and nothing was written.
    let missing = keeper_common::id::next_id().to_string();
    for (field, body) in [
        ("code", json!({ "name": "x" })),
        ("code", json!({ "code": "有 空格", "name": "x" })),
        ("name", json!({ "code": "x1" })),
        ("category", json!({ "code": "x1", "name": "x", "category": 3 })),
        ("action", json!({ "code": "x1", "name": "x", "action": 9 })),
        ("isOpen", json!({ "code": "x1", "name": "x", "isOpen": 0 })),
        ("path", json!({ "code": "x1", "name": "x", "path": "p".repeat(256) })),
        ("sort", json!({ "code": "x1", "name": "x", "sort": "abc" })),
        ("parentId", json!({ "code": "x1", "name": "x", "parentId": "abc" })),
        ("parentId", json!({ "code": "x1", "name": "x", "parentId": missing })),
        ("alias", json!({ "code": "x1", "name": "x", "category": 2 })),
        ("id", json!({ "id": "abc", "code": "x1", "name": "x" })),
    ] {
        let (s, r) = submit(body).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{field}: {r}");
    }
    assert_eq!(submit(json!({ "id": missing, "code": "x1", "name": "x" })).await.0, 404);
    let (_, l) = call(&app, Some(&platform), Call::Get("/menu/list?code=x1".into())).await;
    assert_eq!(l["data"], json!([]));

    // The new menus and buttons are in the trees at once.
    let (_, l) = call(&app, Some(&platform), Call::Get("/menu/list?code=energy".into())).await;
    let mut got = codes(&l["data"]);
    got.sort();
    assert_eq!(got, vec!["energy", "energy_add", "energy_edit", "energy_sub"], "{l}");
    let (_, b) = call(&app, Some(&platform), Call::Get("/menu/buttons".into())).await;
    let group = b["data"].as_array().unwrap().iter().find(|g| g["code"] == "energy").unwrap_or_else(|| panic!("{b}")).clone();
    assert!(group["children"].as_array().unwrap().iter().any(|c| c["id"] == energy_add.as_str()));
}

#[actix_web::test]
async fn remove_refuses_children_and_scope_rules_and_takes_the_menu_out_of_roles_and_top_menus() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let parent = new_menu(&app, &platform, "parent_menu", "0").await;
    let child = new_menu(&app, &platform, "child_menu", &parent).await;
    let remove = |ids: String| call(&app, Some(&platform), Call::Form("/menu/remove", vec![("ids", ids)]));
    let (s, r) = remove(parent.clone()).await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("请先删除子节点!")), "{r}");
    let (s, r) = remove(format!("{parent},{child}")).await;
    assert_eq!(s, 400, "{r}");

    // A menu with a live scope rule keeps it until the rule is gone.
    let rule = json!({ "menuId": child, "resourceCode": "user", "scopeName": "本人", "scopeType": 2 });
    let (s, r) = call(&app, Some(&platform), Call::Json("/data-scope/submit", rule)).await;
    assert_eq!(s, 200, "{r}");
    let rule_id = r["data"]["id"].as_str().unwrap().to_string();
    let (s, r) = remove(child.clone()).await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("请先删除菜单的数据权限和接口权限!")), "{r}");
    assert_eq!(call(&app, Some(&platform), Call::Form("/data-scope/remove", vec![("ids", rule_id)])).await.0, 200);

    // Granted to a role and attached to a top menu: both go with the menu.
    let role = role_with(&app, "000000", "holder", &["child_menu"]).await;
    let (_, top) = call(&app, Some(&platform), Call::Json("/topmenu/submit", json!({ "code": "ops", "name": "运维" }))).await;
    let top = top["data"]["id"].as_str().unwrap().to_string();
    let (s, r) =
        call(&app, Some(&platform), Call::Json("/topmenu/grant", json!({ "topMenuIds": [top], "menuIds": [parent, child] }))).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(remove(child.clone()).await.0, 200);
    assert_eq!(call(&app, Some(&platform), Call::Get(format!("/menu/detail?id={child}"))).await.0, 404);
    let (_, keys) = call(&app, Some(&platform), Call::Get(format!("/menu/role-tree-keys?roleIds={role}"))).await;
    assert_eq!(keys["data"]["menu"], json!([]), "{keys}");
    let grants = scalar(&app, "SELECT COUNT(*) FROM sys_role_menu WHERE menu_id = ?", vec![child.parse::<i64>().unwrap().into()]).await;
    let settings =
        scalar(&app, "SELECT COUNT(*) FROM sys_top_menu_setting WHERE menu_id = ?", vec![child.parse::<i64>().unwrap().into()]).await;
    assert_eq!((grants, settings), (0, 0));
    let (_, keys) = call(&app, Some(&platform), Call::Get(format!("/menu/top-tree-keys?topMenuIds={top}"))).await;
    assert_eq!(keys["data"]["menu"], json!([parent]), "{keys}");
    // Now childless, the parent goes too; a missing id or bad input changes nothing.
    assert_eq!(remove(parent.clone()).await.0, 200);
    assert_eq!(remove(parent.clone()).await.0, 404);
    let (s, r) = remove("x".into()).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("ids")), "{r}");
}

#[actix_web::test]
async fn a_new_menu_granted_to_a_role_reaches_its_users_at_once() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let system = menu_id(&app, "system").await;
    let role = role_with(&app, "000000", "clerk", &[]).await;
    insert_user(&app, "000000", "clerk", &role, "").await;
    let clerk = token(&app, "000000", "clerk").await;
    // Asked once before the change, so any cache holds the old answer.
    assert_eq!(call(&app, Some(&clerk), Call::Get("/menu/list".into())).await.0, 403);
    let (_, before) = call(&app, Some(&clerk), Call::Get("/menu/routes".into())).await;
    assert!(!codes(&before["data"]).contains(&"energy".to_string()));

    let energy = new_menu(&app, &platform, "energy", &system).await;
    let (s, r) = call(
        &app,
        Some(&platform),
        Call::Json(
            "/menu/submit",
            json!({ "code": "energy_view", "name": "查看", "alias": "view", "category": 2, "action": 2, "parentId": energy }),
        ),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let energy_view = r["data"]["id"].as_str().unwrap().to_string();
    let (menu, menu_view) = (menu_id(&app, "menu").await, menu_id(&app, "menu_view").await);
    let grant = json!({ "roleIds": [role], "menuIds": [energy, energy_view, menu, menu_view] });
    let (s, r) = call(&app, Some(&platform), Call::Json("/role/grant", grant)).await;
    assert_eq!(s, 200, "{r}");

    let (_, routes) = call(&app, Some(&clerk), Call::Get("/menu/routes".into())).await;
    let sys = find(&routes["data"], "code", "system").unwrap_or_else(|| panic!("{routes}"));
    assert!(codes(&sys["children"]).contains(&"energy".to_string()), "{routes}");
    let (_, buttons) = call(&app, Some(&clerk), Call::Get("/menu/buttons".into())).await;
    assert!(buttons.to_string().contains("\"code\":\"energy_view\""), "{buttons}");
    assert_eq!(call(&app, Some(&clerk), Call::Get("/menu/list".into())).await.0, 200, "the new code counts at once");

    // Renamed and then removed: seen at once as well.
    let (s, _) = call(
        &app,
        Some(&platform),
        Call::Json("/menu/submit", json!({ "id": energy, "code": "energy", "name": "能源", "parentId": system })),
    )
    .await;
    assert_eq!(s, 200);
    let (_, routes) = call(&app, Some(&clerk), Call::Get("/menu/routes".into())).await;
    assert_eq!(find(&routes["data"], "code", "energy").unwrap()["name"], "能源");
    assert_eq!(call(&app, Some(&platform), Call::Form("/menu/remove", vec![("ids", energy_view)])).await.0, 200);
    assert_eq!(call(&app, Some(&platform), Call::Form("/menu/remove", vec![("ids", energy)])).await.0, 200);
    let (_, routes) = call(&app, Some(&clerk), Call::Get("/menu/routes".into())).await;
    assert!(!codes(&routes["data"]).contains(&"energy".to_string()), "{routes}");
}

const TOP_ENDPOINTS: [&str; 8] = ["list", "detail", "submit new", "submit edit", "remove", "grant", "grant-top-tree", "top-tree-keys"];

/// One call of each top-menu endpoint on fresh top menus of the caller's tenant.
async fn each_top_endpoint(app: &TestApp, tenant: &str, token: Option<&str>, tag: &str) -> Vec<u16> {
    let target = new_top_menu(app, tenant, &format!("target_{tag}")).await;
    let doomed = new_top_menu(app, tenant, &format!("doomed_{tag}")).await;
    let calls = vec![
        Call::Get("/topmenu/list".into()),
        Call::Get(format!("/topmenu/detail?id={target}")),
        Call::Json("/topmenu/submit", json!({ "code": format!("new_{tag}"), "name": "新顶部菜单" })),
        Call::Json("/topmenu/submit", json!({ "id": target, "code": format!("target_{tag}"), "name": "改名" })),
        Call::Form("/topmenu/remove", vec![("ids", doomed)]),
        Call::Json("/topmenu/grant", json!({ "topMenuIds": [target], "menuIds": [] })),
        Call::Get("/menu/grant-top-tree".into()),
        Call::Get(format!("/menu/top-tree-keys?topMenuIds={target}")),
    ];
    matrix(app, token, tag, &TOP_ENDPOINTS, calls).await
}

#[actix_web::test]
async fn each_top_menu_endpoint_answers_by_the_callers_grants_in_two_tenants() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    assert_eq!(each_top_endpoint(&app, "000000", Some(&platform), "platform").await, vec![200; 8], "platform administrator");
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    for tenant in [&a, &b] {
        let viewer = role_with(&app, tenant, "viewer", &["topmenu", "topmenu_view"]).await;
        let nothing = role_with(&app, tenant, "nobody", &[]).await;
        insert_user(&app, tenant, "viewer", &viewer, "").await;
        insert_user(&app, tenant, "nobody", &nothing, "").await;
        let admin = token(&app, tenant, "admin").await;
        assert_eq!(
            each_top_endpoint(&app, tenant, Some(&admin), &format!("admin{tenant}")).await,
            vec![200; 8],
            "administrator of {tenant}"
        );
        let t = token(&app, tenant, "viewer").await;
        assert_eq!(
            each_top_endpoint(&app, tenant, Some(&t), &format!("viewer{tenant}")).await,
            [200, 200, 403, 403, 403, 403, 200, 200],
            "topmenu_view only in {tenant}"
        );
        let t = token(&app, tenant, "nobody").await;
        assert_eq!(each_top_endpoint(&app, tenant, Some(&t), &format!("nobody{tenant}")).await, vec![403; 8], "no grants in {tenant}");
    }
    assert_eq!(each_top_endpoint(&app, &a, None, "anonymous").await, vec![401; 8], "anonymous");
}

#[actix_web::test]
async fn top_menus_stay_in_their_tenant_and_another_tenants_id_answers_like_a_missing_one() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    let (ta, tb) = (token(&app, &a, "admin").await, token(&app, &b, "admin").await);
    let submit = |t: &str, body: Value| {
        let t = t.to_string();
        let app = &app;
        async move { call(app, Some(&t), Call::Json("/topmenu/submit", body)).await }
    };
    let (s, r) = submit(&ta, json!({ "code": "econ", "name": "经济运行", "sort": 2, "source": "fund", "path": "/econ" })).await;
    assert_eq!(s, 200, "{r}");
    let econ = r["data"]["id"].as_str().unwrap().to_string();
    let (s, r) = submit(&ta, json!({ "code": "invest", "name": "招商", "sort": 1 })).await;
    assert_eq!(s, 200, "{r}");
    // Codes are unique per tenant: the same code is free in another tenant.
    let (s, r) = submit(&ta, json!({ "code": "econ", "name": "重复" })).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("code")), "{r}");
    assert_eq!(submit(&tb, json!({ "code": "econ", "name": "乙的经济运行" })).await.0, 200);
    let edit = json!({ "id": econ, "code": "econ", "name": "经济运行监测", "sort": 2, "source": "fund", "path": "/econ" });
    assert_eq!(submit(&ta, edit).await.0, 200);

    let (_, l) = call(&app, Some(&ta), Call::Get("/topmenu/list".into())).await;
    let names: Vec<&str> = l["data"]["records"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["招商", "经济运行监测"], "sorted by sort: {l}");
    assert!(l["data"]["records"].as_array().unwrap().iter().all(|r| r["tenantId"] == a.as_str()));
    assert_eq!(l["data"]["total"], 2);
    let (_, l) = call(&app, Some(&ta), Call::Get("/topmenu/list?name=%E7%9B%91%E6%B5%8B&size=1".into())).await;
    assert_eq!((l["data"]["total"].as_u64(), l["data"]["records"][0]["code"].as_str()), (Some(1), Some("econ")), "{l}");
    let (_, l) = call(&app, Some(&tb), Call::Get("/topmenu/list".into())).await;
    assert_eq!(l["data"]["total"], 1);
    let (_, d) = call(&app, Some(&ta), Call::Get(format!("/topmenu/detail?id={econ}"))).await;
    assert_eq!(
        (d["data"]["name"].as_str(), d["data"]["path"].as_str(), d["data"]["source"].as_str()),
        (Some("经济运行监测"), Some("/econ"), Some("fund"))
    );

    // Tenant B cannot reach A's top menu by id: every endpoint answers exactly as for a missing one.
    let missing = keeper_common::id::next_id().to_string();
    let probe = |id: &str| {
        vec![
            Call::Get(format!("/topmenu/detail?id={id}")),
            Call::Json("/topmenu/submit", json!({ "id": id, "code": "taken", "name": "接管" })),
            Call::Form("/topmenu/remove", vec![("ids", id.to_string())]),
            Call::Json("/topmenu/grant", json!({ "topMenuIds": [id], "menuIds": [] })),
            Call::Get(format!("/menu/top-tree-keys?topMenuIds={id}")),
            Call::Get(format!("/menu/routes?topMenuId={id}")),
        ]
    };
    for (foreign, absent) in probe(&econ).into_iter().zip(probe(&missing)) {
        let (s1, b1) = call(&app, Some(&tb), foreign).await;
        let (s2, b2) = call(&app, Some(&tb), absent).await;
        assert_eq!((s1, &b1), (s2, &b2), "{b1} vs {b2}");
        assert_eq!(s1, 404, "{b1}");
    }
    // Nor can the platform administrator: top menus are tenant-filtered for everyone.
    assert_eq!(call(&app, Some(&platform), Call::Get(format!("/topmenu/detail?id={econ}"))).await.0, 404);
    let (_, d) = call(&app, Some(&ta), Call::Get(format!("/topmenu/detail?id={econ}"))).await;
    assert_eq!(d["data"]["name"], "经济运行监测", "unchanged");

    // Bad input names its field.
    for (field, body) in [
        ("code", json!({ "name": "x" })),
        ("name", json!({ "code": "x" })),
        ("code", json!({ "code": "c".repeat(65), "name": "x" })),
        ("sort", json!({ "code": "x", "name": "x", "sort": "one" })),
        ("id", json!({ "id": "abc", "code": "x", "name": "x" })),
    ] {
        let (s, r) = submit(&ta, body).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{field}: {r}");
    }
    for (path, field) in [("/topmenu/list?ascs=password", "ascs"), ("/topmenu/list?size=x", "size"), ("/topmenu/detail?id=x", "id")] {
        let (s, r) = call(&app, Some(&ta), Call::Get(path.into())).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{path}: {r}");
    }
    let (s, r) = call(&app, Some(&ta), Call::Json("/topmenu/grant", json!({ "menuIds": [] }))).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("topMenuIds")), "{r}");

    // Removed: gone from the list, and its id answers 404.
    assert_eq!(call(&app, Some(&ta), Call::Form("/topmenu/remove", vec![("ids", econ.clone())])).await.0, 200);
    assert_eq!(call(&app, Some(&ta), Call::Get(format!("/topmenu/detail?id={econ}"))).await.0, 404);
    let (_, top) = call(&app, Some(&ta), Call::Get("/menu/top-menu".into())).await;
    assert_eq!(top["data"].as_array().unwrap().len(), 1, "{top}");
}

#[actix_web::test]
async fn a_top_menu_grant_narrows_routes_to_exactly_the_attached_menus() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let admin = token(&app, &tenant, "admin").await;
    let (_, r) = call(&app, Some(&admin), Call::Json("/topmenu/submit", json!({ "code": "sys", "name": "系统" }))).await;
    let top = r["data"]["id"].as_str().unwrap().to_string();
    let [system, user, dept, tenant_menu, user_add] = {
        let mut out = Vec::new();
        for code in ["system", "user", "dept", "tenant", "user_add"] {
            out.push(menu_id(&app, code).await);
        }
        <[String; 5]>::try_from(out).unwrap()
    };

    // The setting dialog offers the menus the zone administrator sees: theirs, with their ancestors.
    let (_, tree) = call(&app, Some(&admin), Call::Get("/menu/grant-top-tree".into())).await;
    assert!(find(&tree["data"]["menu"], "id", &user).is_some() && find(&tree["data"]["menu"], "id", &system).is_some(), "{tree}");
    assert!(find(&tree["data"]["menu"], "id", &tenant_menu).is_none(), "not theirs: {tree}");
    assert!(find(&tree["data"]["menu"], "id", &user_add).is_none(), "menus only: {tree}");

    let grant = |menus: Value| call(&app, Some(&admin), Call::Json("/topmenu/grant", json!({ "topMenuIds": [top], "menuIds": menus })));
    let (s, r) = grant(json!([system, user, dept])).await;
    assert_eq!(s, 200, "{r}");
    let (_, keys) = call(&app, Some(&admin), Call::Get(format!("/menu/top-tree-keys?topMenuIds={top}"))).await;
    let mut got: Vec<String> = serde_json::from_value(keys["data"]["menu"].clone()).unwrap();
    got.sort();
    let mut want = vec![system.clone(), user.clone(), dept.clone()];
    want.sort();
    assert_eq!(got, want);
    let (_, routes) = call(&app, Some(&admin), Call::Get(format!("/menu/routes?topMenuId={top}"))).await;
    let mut got = codes(&routes["data"]);
    got.sort();
    assert_eq!(got, vec!["dept", "system", "user"], "{routes}");
    assert_eq!(routes["data"].as_array().unwrap().len(), 1, "one root: {routes}");
    // Without a top menu the full side menu comes back.
    let (_, all) = call(&app, Some(&admin), Call::Get("/menu/routes".into())).await;
    assert!(codes(&all["data"]).len() > 3);

    // A grant replaces the previous one; a child keeps its path to the root.
    assert_eq!(grant(json!([dept])).await.0, 200);
    let (_, routes) = call(&app, Some(&admin), Call::Get(format!("/menu/routes?topMenuId={top}"))).await;
    assert_eq!(codes(&routes["data"]), vec!["system", "dept"], "{routes}");

    // Refusals: a menu the caller does not see, a button, an unknown id; nothing changes.
    let (s, r) = grant(json!([tenant_menu])).await;
    assert_eq!(s, 403, "{r}");
    let (s, r) = grant(json!([user_add])).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("menuIds")), "{r}");
    let (s, r) = grant(json!([keeper_common::id::next_id().to_string()])).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("menuIds")), "{r}");
    let (s, r) = grant(json!(["abc"])).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("menuIds")), "{r}");
    let (_, keys) = call(&app, Some(&admin), Call::Get(format!("/menu/top-tree-keys?topMenuIds={top}"))).await;
    assert_eq!(keys["data"]["menu"], json!([dept]));

    // The platform administrator may attach any menu to the platform's own top menus.
    let (_, r) = call(&app, Some(&platform), Call::Json("/topmenu/submit", json!({ "code": "sys", "name": "系统" }))).await;
    let ptop = r["data"]["id"].as_str().unwrap().to_string();
    let (s, r) = call(&app, Some(&platform), Call::Json("/topmenu/grant", json!({ "topMenuIds": [ptop], "menuIds": [tenant_menu] }))).await;
    assert_eq!(s, 200, "{r}");
    let (_, routes) = call(&app, Some(&platform), Call::Get(format!("/menu/routes?topMenuId={ptop}"))).await;
    assert_eq!(codes(&routes["data"]), vec!["system", "tenant"], "{routes}");

    // Removing the top menu removes its settings.
    assert_eq!(call(&app, Some(&admin), Call::Form("/topmenu/remove", vec![("ids", top.clone())])).await.0, 200);
    let n = scalar(&app, "SELECT COUNT(*) FROM sys_top_menu_setting WHERE top_menu_id = ?", vec![top.parse::<i64>().unwrap().into()]).await;
    assert_eq!(n, 0);
    assert_eq!(call(&app, Some(&admin), Call::Get(format!("/menu/routes?topMenuId={top}"))).await.0, 404);
}
