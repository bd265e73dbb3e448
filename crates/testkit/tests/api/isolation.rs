//! Menus and buttons follow roles; menus, dictionaries and enterprises never cross tenants.
use keeper_testkit::TestApp;
use serde_json::Value;

use crate::support::exec;

fn codes(tree: &Value) -> Vec<String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) {
        for n in v.as_array().into_iter().flatten() {
            out.push(n["code"].as_str().unwrap_or_default().to_string());
            walk(&n["children"], out);
        }
    }
    walk(tree, &mut out);
    out
}

#[actix_web::test]
async fn menus_and_buttons_follow_the_roles_of_each_tenant() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await;
    let pt = platform["access_token"].as_str().unwrap();
    let zone = app.create_tenant(pt, "菜单测试园区", "Zone#1").await;
    let za = app.login(&zone, "admin", "Zone#1").await;
    let zt = za["access_token"].as_str().unwrap();

    let (_, all) = app.get("/api/keeper-system/menu/routes", pt).await;
    let platform_menus = codes(&all["data"]);
    for c in ["output_value", "investment", "system", "tenant", "client", "menu", "user", "enterprise"] {
        assert!(platform_menus.contains(&c.to_string()), "administrator lacks {c}: {platform_menus:?}");
    }
    assert!(!platform_menus.iter().any(|c| c.ends_with("_add")), "routes hold menus only");

    let (_, zone_routes) = app.get("/api/keeper-system/menu/routes", zt).await;
    let zone_menus = codes(&zone_routes["data"]);
    for c in ["output_value", "investment", "system", "user", "enterprise", "role"] {
        assert!(zone_menus.contains(&c.to_string()), "zone admin lacks {c}: {zone_menus:?}");
    }
    for c in ["tenant", "client", "menu", "dict", "param"] {
        assert!(!zone_menus.contains(&c.to_string()), "zone admin must not see {c}");
    }

    let (_, buttons) = app.get("/api/keeper-system/menu/buttons", zt).await;
    let groups = buttons["data"].as_array().unwrap();
    let user = groups.iter().find(|g| g["code"] == "user").expect("user buttons");
    let user_buttons: Vec<&str> = user["children"].as_array().unwrap().iter().map(|b| b["code"].as_str().unwrap()).collect();
    assert!(user_buttons.contains(&"user_add") && user_buttons.contains(&"user_enable"), "{user_buttons:?}");
    assert!(!groups.iter().any(|g| g["code"] == "tenant"), "no tenant buttons for a zone admin");
    let (_, pb) = app.get("/api/keeper-system/menu/buttons", pt).await;
    assert!(pb["data"].as_array().unwrap().iter().any(|g| g["code"] == "tenant"));
}

#[actix_web::test]
async fn dictionaries_top_menus_and_enterprises_stay_in_their_tenant() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await;
    let pt = platform["access_token"].as_str().unwrap();
    let a = app.create_tenant(pt, "甲园区", "Zone#1").await;
    let b = app.create_tenant(pt, "乙园区", "Zone#1").await;
    let ta = app.login(&a, "admin", "Zone#1").await["access_token"].as_str().unwrap().to_string();
    let tb = app.login(&b, "admin", "Zone#1").await["access_token"].as_str().unwrap().to_string();

    // Each tenant starts with its own copy of the business dictionaries.
    let (_, da) = app.get("/api/keeper-system/dict-biz/dictionary?code=project_status", &ta).await;
    let (_, db) = app.get("/api/keeper-system/dict-biz/dictionary?code=project_status", &tb).await;
    assert!(!da["data"].as_array().unwrap().is_empty());
    assert!(da["data"].as_array().unwrap().iter().all(|i| i["tenantId"] == a.as_str()));
    assert!(db["data"].as_array().unwrap().iter().all(|i| i["tenantId"] == b.as_str()));

    // A value added in tenant A (by its administrator: the look-up just read is kept until the next write) is
    // not seen in tenant B.
    let parent = da["data"][0]["parentId"].as_str().unwrap().to_string();
    let (s, body) = app
        .post_json(
            "/api/keeper-system/dict-biz/submit",
            &ta,
            &serde_json::json!({ "parentId": parent, "code": "project_status", "dictKey": "95", "dictValue": "甲园区专用", "sort": 99 }),
        )
        .await;
    assert_eq!(s, 200, "{body}");
    let (_, da) = app.get("/api/keeper-system/dict-biz/dictionary?code=project_status", &ta).await;
    let (_, db) = app.get("/api/keeper-system/dict-biz/dictionary?code=project_status", &tb).await;
    assert!(da.to_string().contains("甲园区专用"));
    assert!(!db.to_string().contains("甲园区专用"));

    // Top menus.
    let now = chrono::Utc::now();
    exec(
        &app,
        "system",
        "INSERT INTO sys_top_menu (id, tenant_id, code, name, source, path, sort, create_time, update_time, status, is_deleted) VALUES (?, ?, 'econ', '经济运行', '', '', 1, ?, ?, 1, 0)",
        vec![keeper_common::id::next_id().into(), a.clone().into(), now.into(), now.into()],
    )
    .await;
    let (_, top_a) = app.get("/api/keeper-system/menu/top-menu", &ta).await;
    let (_, top_b) = app.get("/api/keeper-system/menu/top-menu", &tb).await;
    assert_eq!(top_a["data"].as_array().unwrap().len(), 1);
    assert_eq!(top_b["data"].as_array().unwrap().len(), 0);

    // Enterprises.
    for (tenant, name) in [(&a, "甲企业"), (&b, "乙企业")] {
        exec(
            &app,
            "business",
            "INSERT INTO biz_enterprise (id, tenant_id, enterprise_name, short_name, credit_code, company_type, industry_code, leading_industry, legal_person, registered_address, production_address, stat_category, is_above_scale, above_scale_period, enterprise_scale, is_high_tech, specialized_level, is_listed, main_products, contact_name, contact_phone, liaison_leader, operating_status, need_output_report, remark, create_time, update_time, status, is_deleted) VALUES (?, ?, ?, '', '91320000000000000X', '173', 'C36', '', '', '', '', '规上工业', 'Y', '', '', 'N', '', 'N', '', '', '', '', '1', 'Y', '', ?, ?, 1, 0)",
            vec![keeper_common::id::next_id().into(), tenant.clone().into(), name.into(), now.into(), now.into()],
        )
        .await;
    }
    let r = app
        .http
        .post(app.api("/api/parkCompany/list"))
        .header("Keeper-Auth", format!("bearer {ta}"))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    let la: Value = r.json().await.unwrap();
    let r = app
        .http
        .post(app.api("/api/parkCompany/list"))
        .header("Keeper-Auth", format!("bearer {tb}"))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    let lb: Value = r.json().await.unwrap();
    assert_eq!(la["data"].as_array().unwrap().iter().map(|e| e["enterpriseName"].as_str().unwrap()).collect::<Vec<_>>(), vec!["甲企业"]);
    assert_eq!(lb["data"].as_array().unwrap().iter().map(|e| e["enterpriseName"].as_str().unwrap()).collect::<Vec<_>>(), vec!["乙企业"]);
}

#[actix_web::test]
async fn the_public_tenant_lookup_needs_no_token() {
    let app = TestApp::spawn().await;
    let r = app.http.get(app.api("/api/keeper-system/tenant/info?domain=http://nowhere.example")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["data"], serde_json::json!({}));
}

async fn insert_enterprise(app: &TestApp, tenant: &str, name: &str, dept: i64, creator: Option<i64>) {
    let now = chrono::Utc::now();
    exec(
        app,
        "business",
        "INSERT INTO biz_enterprise (id, tenant_id, enterprise_name, short_name, credit_code, company_type, industry_code, leading_industry, dept_id, legal_person, registered_address, production_address, stat_category, is_above_scale, above_scale_period, enterprise_scale, is_high_tech, specialized_level, is_listed, main_products, contact_name, contact_phone, liaison_leader, operating_status, need_output_report, remark, create_user, create_time, update_time, status, is_deleted) VALUES (?, ?, ?, '', '91320000000000000X', '173', 'C36', '', ?, '', '', '', '规上工业', 'Y', '', '', 'N', '', 'N', '', '', '', '', '1', 'Y', '', ?, ?, ?, 1, 0)",
        vec![keeper_common::id::next_id().into(), tenant.into(), name.into(), dept.into(), creator.into(), now.into(), now.into()],
    )
    .await;
}

async fn names(app: &TestApp, token: &str) -> Vec<String> {
    let r = app
        .http
        .post(app.api("/api/parkCompany/list"))
        .header("Keeper-Auth", format!("bearer {token}"))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    v["data"].as_array().unwrap_or_else(|| panic!("{v}")).iter().map(|e| e["enterpriseName"].as_str().unwrap().to_string()).collect()
}

#[actix_web::test]
async fn a_data_scope_rule_limits_enterprises_to_the_users_department_tree() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await;
    let zone = app.create_tenant(platform["access_token"].as_str().unwrap(), "数据权限园区", "Zone#1").await;
    let zone_admin = app.login(&zone, "admin", "Zone#1").await;
    let root: i64 = zone_admin["dept_id"].as_str().unwrap().parse().unwrap();
    // 管委会 (root) › 东区 › 东区一片; 西区 beside it.
    let (east, east_one, west) = (keeper_common::id::next_id(), keeper_common::id::next_id(), keeper_common::id::next_id());
    for (id, parent, name) in [(east, root, "东区"), (east_one, east, "东区一片"), (west, root, "西区")] {
        exec(
            &app,
            "system",
            "INSERT INTO sys_dept (id, tenant_id, parent_id, ancestors, dept_category, power_type, dept_name, full_name, sort, remark, is_deleted) VALUES (?, ?, ?, '', 2, 2, ?, ?, 1, '', 0)",
            vec![id.into(), zone.clone().into(), parent.into(), name.into(), name.into()],
        )
        .await;
    }
    for (name, dept) in [("东区企业", east), ("东区一片企业", east_one), ("西区企业", west)] {
        insert_enterprise(&app, &zone, name, dept, None).await;
    }
    // A role whose rule is "own department and children" for enterprises, held by a clerk of 东区.
    let (rule, role) = (keeper_common::id::next_id(), keeper_common::id::next_id());
    let now = chrono::Utc::now();
    exec(
        &app,
        "system",
        "INSERT INTO sys_scope_data (id, menu_id, resource_code, scope_name, scope_field, scope_class, scope_column, scope_type, scope_value, remark, create_time, update_time, status, is_deleted) VALUES (?, 0, 'enterprise', '本部门及下级', '*', '', 'dept_id', 4, '', '', ?, ?, 1, 0)",
        vec![rule.into(), now.into(), now.into()],
    )
    .await;
    exec(&app, "system", "INSERT INTO sys_role (id, tenant_id, parent_id, role_name, sort, role_alias, is_deleted) VALUES (?, ?, 0, '属地专员', 3, 'clerk', 0)", vec![role.into(), zone.clone().into()]).await;
    exec(
        &app,
        "system",
        "INSERT INTO sys_role_scope (id, scope_category, scope_id, role_id) VALUES (?, 1, ?, ?)",
        vec![keeper_common::id::next_id().into(), rule.into(), role.into()],
    )
    .await;
    crate::revocation::create_zone_user(&app, &zone, &role.to_string(), "clerk").await;
    exec(&app, "system", "UPDATE sys_user SET dept_id = ? WHERE account = 'clerk'", vec![east.to_string().into()]).await;

    let clerk = app.login(&zone, "clerk", "Zone#1").await;
    let mut seen = names(&app, clerk["access_token"].as_str().unwrap()).await;
    seen.sort();
    assert_eq!(seen, vec!["东区一片企业", "东区企业"]);
    // The zone administrator's role has no rule: the whole tenant.
    assert_eq!(names(&app, zone_admin["access_token"].as_str().unwrap()).await.len(), 3);
}
