//! Data-scope and API-scope rules: read with their setting codes, changed by the platform administrator
//! alone, checked field by field, shown in the role grant tree, and applied as saved.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{
    Call, admin_role, call, exec_system as exec, grant_codes, insert_user, menu_id, platform_token, role_with, scalar, token,
};

async fn new_rule(app: &TestApp, platform: &str, kind: &str, menu: &str, name: &str) -> String {
    let body = if kind == "data-scope" {
        json!({ "menuId": menu, "resourceCode": "user", "scopeName": name, "scopeType": 1 })
    } else {
        json!({ "menuId": menu, "resourceCode": "user_list", "scopeName": name, "scopePath": "/api/keeper-system/user/list", "scopeType": 1 })
    };
    let path = format!("/{kind}/submit");
    let (s, r) = call(app, Some(platform), Call::Json(&path, body)).await;
    assert_eq!(s, 200, "{r}");
    r["data"]["id"].as_str().unwrap().to_string()
}

/// One call of each endpoint of both kinds, on fresh rules.
async fn each_endpoint(app: &TestApp, platform: &str, token: Option<&str>, tag: &str) -> Vec<u16> {
    let menu = menu_id(app, "user").await;
    let mut out = Vec::new();
    for kind in ["data-scope", "api-scope"] {
        let target = new_rule(app, platform, kind, &menu, &format!("target_{tag}")).await;
        let doomed = new_rule(app, platform, kind, &menu, &format!("doomed_{tag}")).await;
        let (submit, remove) = (format!("/{kind}/submit"), format!("/{kind}/remove"));
        let fresh = if kind == "data-scope" {
            json!({ "menuId": menu, "resourceCode": "user", "scopeName": format!("new_{tag}"), "scopeType": 2 })
        } else {
            json!({ "menuId": menu, "resourceCode": "x", "scopeName": format!("new_{tag}"), "scopePath": "/x", "scopeType": 2 })
        };
        let mut edit = fresh.clone();
        edit["id"] = json!(target);
        let calls = vec![
            Call::Get(format!("/{kind}/list?menuId={menu}")),
            Call::Get(format!("/{kind}/detail?id={target}")),
            Call::Json(&submit, fresh),
            Call::Json(&submit, edit),
            Call::Form(&remove, vec![("ids", doomed)]),
        ];
        for c in calls {
            let (s, body) = call(app, token, c).await;
            assert_eq!(body["code"].as_u64(), Some(s as u64), "{tag} {kind}: {body}");
            out.push(s);
        }
    }
    out
}

#[actix_web::test]
async fn scope_rules_are_read_with_their_setting_codes_and_changed_by_the_platform_administrator_alone() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    assert_eq!(each_endpoint(&app, &platform, Some(&platform), "platform").await, vec![200; 10], "platform administrator");
    let (a, b) = (app.create_tenant(&platform, "甲园区", "Zone#1").await, app.create_tenant(&platform, "乙园区", "Zone#1").await);
    // Tenant A's administrator holds both setting codes: reading works, changing global rules does not.
    grant_codes(&app, &admin_role(&app, &a).await, &["authority", "data_scope", "data_scope_setting", "api_scope", "api_scope_setting"])
        .await;
    let data_only = role_with(&app, &a, "data_viewer", &["data_scope_setting"]).await;
    let nothing = role_with(&app, &a, "nobody", &[]).await;
    insert_user(&app, &a, "data_viewer", &data_only, "").await;
    insert_user(&app, &a, "nobody", &nothing, "").await;
    let reads = [200, 200, 403, 403, 403];
    let denied = [403; 5];
    for (tenant, account, want) in [
        (a.as_str(), "admin", [reads, reads].concat()),
        (b.as_str(), "admin", [denied, denied].concat()),
        (a.as_str(), "data_viewer", [reads, denied].concat()),
        (a.as_str(), "nobody", [denied, denied].concat()),
    ] {
        let t = token(&app, tenant, account).await;
        assert_eq!(each_endpoint(&app, &platform, Some(&t), &format!("{account}{tenant}")).await, want, "{account}@{tenant}");
    }
    assert_eq!(each_endpoint(&app, &platform, None, "anonymous").await, vec![401; 10], "anonymous");
}

#[actix_web::test]
async fn submit_checks_each_field_and_lists_page_by_menu_with_type_names() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (user, dept, user_add) = (menu_id(&app, "user").await, menu_id(&app, "dept").await, menu_id(&app, "user_add").await);
    let submit = |kind: &'static str, body: Value| call(&app, Some(&platform), Call::Json(kind, body));
    let missing = keeper_common::id::next_id().to_string();
    for (field, body) in [
        ("menuId", json!({ "resourceCode": "user", "scopeName": "x", "scopeType": 1 })),
        ("menuId", json!({ "menuId": user_add, "resourceCode": "user", "scopeName": "x", "scopeType": 1 })),
        ("menuId", json!({ "menuId": missing, "resourceCode": "user", "scopeName": "x", "scopeType": 1 })),
        ("menuId", json!({ "menuId": "abc", "resourceCode": "user", "scopeName": "x", "scopeType": 1 })),
        ("resourceCode", json!({ "menuId": user, "scopeName": "x", "scopeType": 1 })),
        ("resourceCode", json!({ "menuId": user, "resourceCode": "user; drop", "scopeName": "x", "scopeType": 1 })),
        ("scopeName", json!({ "menuId": user, "resourceCode": "user", "scopeType": 1 })),
        ("scopeName", json!({ "menuId": user, "resourceCode": "user", "scopeName": "n".repeat(256), "scopeType": 1 })),
        ("scopeType", json!({ "menuId": user, "resourceCode": "user", "scopeName": "x" })),
        ("scopeType", json!({ "menuId": user, "resourceCode": "user", "scopeName": "x", "scopeType": 6 })),
        ("scopeType", json!({ "menuId": user, "resourceCode": "user", "scopeName": "x", "scopeType": "all" })),
        ("scopeValue", json!({ "menuId": user, "resourceCode": "user", "scopeName": "x", "scopeType": 5 })),
        ("scopeValue", json!({ "menuId": user, "resourceCode": "user", "scopeName": "x", "scopeType": 5, "scopeValue": "dept_id = 1" })),
        ("scopeColumn", json!({ "menuId": user, "resourceCode": "user", "scopeName": "x", "scopeType": 2, "scopeColumn": "dept_id" })),
        ("scopeColumn", json!({ "menuId": user, "resourceCode": "user", "scopeName": "x", "scopeType": 3, "scopeColumn": "a b" })),
        ("id", json!({ "id": "x", "menuId": user, "resourceCode": "user", "scopeName": "x", "scopeType": 1 })),
    ] {
        let (s, r) = submit("/data-scope/submit", body).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{field}: {r}");
    }
    for (field, body) in [
        ("scopePath", json!({ "menuId": user, "resourceCode": "a", "scopeName": "x", "scopeType": 1 })),
        ("scopeType", json!({ "menuId": user, "resourceCode": "a", "scopeName": "x", "scopePath": "/a", "scopeType": 3 })),
        ("menuId", json!({ "menuId": user_add, "resourceCode": "a", "scopeName": "x", "scopePath": "/a", "scopeType": 1 })),
    ] {
        let (s, r) = submit("/api-scope/submit", body).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{field}: {r}");
    }
    assert_eq!(
        submit("/data-scope/submit", json!({ "id": missing, "menuId": user, "resourceCode": "user", "scopeName": "x", "scopeType": 1 }))
            .await
            .0,
        404
    );

    // Saved rules: defaults filled in, listed per menu with the dictionary's type name.
    let (s, r) =
        submit("/data-scope/submit", json!({ "menuId": user, "resourceCode": "user", "scopeName": "本人可见", "scopeType": "2" })).await;
    assert_eq!(s, 200, "{r}");
    let own = r["data"]["id"].as_str().unwrap().to_string();
    for (menu, name) in [(&user, "全部"), (&dept, "机构全部")] {
        assert_eq!(
            submit("/data-scope/submit", json!({ "menuId": menu, "resourceCode": "user", "scopeName": name, "scopeType": 1 })).await.0,
            200
        );
    }
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/data-scope/detail?id={own}"))).await;
    let d = &d["data"];
    assert_eq!(
        (d["scopeColumn"].as_str(), d["scopeField"].as_str(), d["scopeTypeName"].as_str()),
        (Some("create_user"), Some("*"), Some("本人可见")),
        "{d}"
    );
    assert_eq!(d["menuId"], user.as_str());
    let (_, l) = call(&app, Some(&platform), Call::Get(format!("/data-scope/list?menuId={user}&size=1&descs=scope_name"))).await;
    assert_eq!((l["data"]["total"].as_u64(), l["data"]["pages"].as_u64()), (Some(2), Some(2)), "{l}");
    assert_eq!(l["data"]["records"][0]["scopeName"], "本人可见");
    let (_, l) = call(&app, Some(&platform), Call::Get("/data-scope/list".into())).await;
    assert_eq!(l["data"]["total"], 3);
    for (path, field) in [
        ("/data-scope/list?ascs=password", "ascs"),
        ("/data-scope/list?menuId=x", "menuId"),
        ("/api-scope/list?current=0", "current"),
        ("/api-scope/detail?id=x", "id"),
    ] {
        let (s, r) = call(&app, Some(&platform), Call::Get(path.into())).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{path}: {r}");
    }
    let (s, r) = submit(
        "/api-scope/submit",
        json!({ "menuId": user, "resourceCode": "user_list", "scopeName": "用户列表", "scopePath": "/user/list", "scopeType": 2 }),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let api = r["data"]["id"].as_str().unwrap().to_string();
    let (_, l) = call(&app, Some(&platform), Call::Get(format!("/api-scope/list?menuId={user}"))).await;
    assert_eq!(l["data"]["records"][0]["scopeTypeName"], "业务接口", "{l}");
    assert_eq!(l["data"]["records"][0]["scopePath"], "/user/list");
    // Edited, then removed: a removed rule answers 404.
    let edit = json!({ "id": api, "menuId": dept, "resourceCode": "dept_list", "scopeName": "机构列表", "scopePath": "/dept/list", "scopeType": 1 });
    assert_eq!(submit("/api-scope/submit", edit).await.0, 200);
    let (_, d) = call(&app, Some(&platform), Call::Get(format!("/api-scope/detail?id={api}"))).await;
    assert_eq!((d["data"]["menuId"].as_str(), d["data"]["scopeTypeName"].as_str()), (Some(dept.as_str()), Some("系统接口")));
    assert_eq!(call(&app, Some(&platform), Call::Form("/api-scope/remove", vec![("ids", api.clone())])).await.0, 200);
    assert_eq!(call(&app, Some(&platform), Call::Get(format!("/api-scope/detail?id={api}"))).await.0, 404);
    assert_eq!(call(&app, Some(&platform), Call::Form("/api-scope/remove", vec![("ids", api)])).await.0, 404);
}

fn node<'a>(nodes: &'a Value, id: &str) -> Option<&'a Value> {
    nodes.as_array()?.iter().find_map(|n| if n["id"] == id { Some(n) } else { node(&n["children"], id) })
}

#[actix_web::test]
async fn the_grant_tree_shows_saved_rules_under_their_menus_and_only_held_ones_to_tenants() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let (user, dept) = (menu_id(&app, "user").await, menu_id(&app, "dept").await);
    let own = new_rule(&app, &platform, "data-scope", &user, "本人可见").await;
    let all = new_rule(&app, &platform, "data-scope", &dept, "机构全部").await;
    let api = new_rule(&app, &platform, "api-scope", &user, "用户列表接口").await;

    let (_, tree) = call(&app, Some(&platform), Call::Get("/menu/grant-tree".into())).await;
    let data = &tree["data"]["dataScope"];
    let parent = node(data, &user).unwrap_or_else(|| panic!("{tree}"));
    assert_eq!((parent["title"].as_str(), parent["hasChildren"].as_bool()), (Some("用户管理"), Some(true)));
    let rule = node(&parent["children"], &own).unwrap_or_else(|| panic!("{tree}"));
    assert_eq!(
        (rule["title"].as_str(), rule["parentId"].as_str(), rule["key"].as_str()),
        (Some("本人可见"), Some(user.as_str()), Some(own.as_str()))
    );
    assert!(node(data, &all).is_some() && node(data, &api).is_none(), "{tree}");
    assert!(node(&tree["data"]["apiScope"], &api).is_some_and(|n| n["title"] == "用户列表接口"), "{tree}");
    assert!(node(data, &menu_id(&app, "role").await).is_none(), "menus without rules stay out: {tree}");

    // A zone administrator sees only the rules their roles hold, and may hand those out.
    let zone = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let admin_role = admin_role(&app, &zone).await;
    let admin = token(&app, &zone, "admin").await;
    let (_, t) = call(&app, Some(&admin), Call::Get("/menu/grant-tree".into())).await;
    assert_eq!((t["data"]["dataScope"].clone(), t["data"]["apiScope"].clone()), (json!([]), json!([])));
    exec(
        &app,
        "INSERT INTO sys_role_scope (id, scope_category, scope_id, role_id) VALUES (?, 1, ?, ?)",
        vec![keeper_common::id::next_id().into(), own.parse::<i64>().unwrap().into(), admin_role.parse::<i64>().unwrap().into()],
    )
    .await;
    let (_, t) = call(&app, Some(&admin), Call::Get("/menu/grant-tree".into())).await;
    assert!(node(&t["data"]["dataScope"], &own).is_some() && node(&t["data"]["dataScope"], &all).is_none(), "{t}");
    let clerk = role_with(&app, &zone, "clerk", &[]).await;
    let grant = |scopes: Value| {
        call(&app, Some(&admin), Call::Json("/role/grant", json!({ "roleIds": [clerk], "menuIds": [], "dataScopeIds": scopes })))
    };
    assert_eq!(grant(json!([own])).await.0, 200);
    assert_eq!(grant(json!([all])).await.0, 403);

    // A removed rule leaves the tree and every role.
    assert_eq!(call(&app, Some(&platform), Call::Form("/data-scope/remove", vec![("ids", own.clone())])).await.0, 200);
    let (_, keys) = call(&app, Some(&admin), Call::Get(format!("/menu/role-tree-keys?roleIds={clerk}"))).await;
    assert_eq!(keys["data"]["dataScope"], json!([]), "{keys}");
    let held = scalar(&app, "SELECT COUNT(*) FROM sys_role_scope WHERE scope_id = ?", vec![own.parse::<i64>().unwrap().into()]).await;
    assert_eq!(held, 0);
    let (_, tree) = call(&app, Some(&platform), Call::Get("/menu/grant-tree".into())).await;
    assert!(node(&tree["data"]["dataScope"], &own).is_none(), "{tree}");
}

#[actix_web::test]
async fn a_rule_saved_through_data_scope_submit_is_the_one_applied() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let zone = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let root = admin["dept_id"].as_str().unwrap().to_string();
    let clerk_role = role_with(&app, &zone, "clerk", &["user_view"]).await;
    let plain = role_with(&app, &zone, "plain", &[]).await;
    insert_user(&app, &zone, "clerk", &clerk_role, "").await;
    insert_user(&app, &zone, "in_root", &plain, &root).await;
    insert_user(&app, &zone, "nowhere", &plain, "").await;
    let clerk = token(&app, &zone, "clerk").await;
    let accounts = |l: &Value| {
        let mut v: Vec<String> =
            l["data"]["records"].as_array().unwrap().iter().map(|r| r["account"].as_str().unwrap().to_string()).collect();
        v.sort();
        v
    };
    let (_, l) = call(&app, Some(&clerk), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(accounts(&l), vec!["admin", "clerk", "in_root", "nowhere"], "no rule: the whole tenant");

    // A custom rule naming the root department, saved through the API and granted to the clerk's role.
    let user_menu = menu_id(&app, "user").await;
    let body = json!({ "menuId": user_menu, "resourceCode": "user", "scopeName": "总部", "scopeType": 5, "scopeValue": root, "scopeColumn": "dept_id" });
    let (s, r) = call(&app, Some(&platform), Call::Json("/data-scope/submit", body)).await;
    assert_eq!(s, 200, "{r}");
    let rule: i64 = r["data"]["id"].as_str().unwrap().parse().unwrap();
    exec(
        &app,
        "INSERT INTO sys_role_scope (id, scope_category, scope_id, role_id) VALUES (?, 1, ?, ?)",
        vec![keeper_common::id::next_id().into(), rule.into(), clerk_role.parse::<i64>().unwrap().into()],
    )
    .await;
    let (_, l) = call(&app, Some(&clerk), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(accounts(&l), vec!["admin", "in_root"], "{l}");

    // Edited to "own rows": the clerk created none of them.
    let body = json!({ "id": rule.to_string(), "menuId": user_menu, "resourceCode": "user", "scopeName": "本人", "scopeType": 2 });
    assert_eq!(call(&app, Some(&platform), Call::Json("/data-scope/submit", body)).await.0, 200);
    let (_, l) = call(&app, Some(&clerk), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(l["data"]["total"], 0, "{l}");

    // Removed: the clerk is unrestricted again.
    assert_eq!(call(&app, Some(&platform), Call::Form("/data-scope/remove", vec![("ids", rule.to_string())])).await.0, 200);
    let (_, l) = call(&app, Some(&clerk), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(l["data"]["total"], 4, "{l}");
}
