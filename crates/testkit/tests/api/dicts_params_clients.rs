//! System dictionaries, business dictionaries, parameters and OAuth clients: every endpoint declares its
//! permission; system dictionaries and clients are changed by the platform administrator alone; business
//! dictionaries and parameter overrides stay inside the caller's tenant; keys stay unique; a tenant's
//! parameter override changes only that tenant's sign-in lockout; a client's own token lifetimes reach the
//! token endpoint and its secret never leaves the server.
use base64::Engine;
use keeper_security::password::md5_hex;
use keeper_testkit::{ADMIN_PASSWORD, TestApp};
use serde_json::{Value, json};

use crate::support::{
    Call, admin_role, call, exec_system as exec, grant_codes, insert_user, member, past_caches, placeholders, platform_token, token,
    try_login,
};

async fn one_id(app: &TestApp, sql: &str, values: Vec<sea_orm::Value>) -> String {
    use sea_orm::{ConnectionTrait, Statement};
    let db = app.db("system").await;
    let backend = db.get_database_backend();
    let row = db.query_one_raw(Statement::from_sql_and_values(backend, placeholders(backend, sql), values)).await.unwrap().unwrap();
    row.try_get::<i64>("", "id").unwrap().to_string()
}

fn id_of(body: &Value) -> String {
    body["data"]["id"].as_str().unwrap_or_else(|| panic!("no id: {body}")).to_string()
}

async fn post(app: &TestApp, t: &str, path: &str, body: Value) -> (u16, Value) {
    call(app, Some(t), Call::Json(path, body)).await
}

async fn get(app: &TestApp, t: &str, path: String) -> (u16, Value) {
    call(app, Some(t), Call::Get(path)).await
}

async fn remove(app: &TestApp, t: &str, path: &str, ids: &str) -> (u16, Value) {
    call(app, Some(t), Call::Form(path, vec![("ids", ids.to_string())])).await
}

/// Runs the calls in order, checking that the body code repeats the HTTP status; answers the statuses.
async fn statuses(app: &TestApp, token: Option<&str>, tag: &str, calls: Vec<(&str, Call<'_>)>) -> Vec<u16> {
    let mut out = Vec::new();
    for (name, c) in calls {
        let (s, body) = call(app, token, c).await;
        assert_eq!(body["code"].as_u64(), Some(s as u64), "{tag} {name}: {body}");
        out.push(s);
    }
    out
}

/// Two tenants: A's administrator also holds `extra` codes; B's holds only what a new tenant gets.
struct World {
    platform: String,
    a: String,
    b: String,
    a_admin: String,
    b_admin: String,
}

async fn world(app: &TestApp, extra: &[&str]) -> World {
    let platform = platform_token(app).await;
    let a = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let b = app.create_tenant(&platform, "乙园区", "Zone#1").await;
    grant_codes(app, &admin_role(app, &a).await, extra).await;
    past_caches().await;
    let (a_admin, b_admin) = (token(app, &a, "admin").await, token(app, &b, "admin").await);
    World { platform, a, b, a_admin, b_admin }
}

// ---------------------------------------------------------------- system dictionaries

const DICT_WRITES: [&str; 3] = ["dict_add", "dict_edit", "dict_delete"];

/// A system dictionary `code` with items `1` and `2` made by the platform administrator: `(top, item1, item2)`.
async fn system_dict(app: &TestApp, platform: &str, code: &str) -> (String, String, String) {
    let (s, top) = post(app, platform, "/dict/submit", json!({ "code": code, "dictValue": "测试字典", "sort": 9 })).await;
    assert_eq!(s, 200, "{top}");
    let top = id_of(&top);
    let mut items = Vec::new();
    for key in ["1", "2"] {
        let (s, b) = post(app, platform, "/dict/submit", json!({ "parentId": top, "dictKey": key, "dictValue": format!("项{key}") })).await;
        assert_eq!(s, 200, "{b}");
        items.push(id_of(&b));
    }
    (top, items.remove(0), items.remove(0))
}

/// One call of each administration endpoint of `/dict` or `/dict-biz` against the given fixtures.
fn dict_calls(prefix: &str, tag: &str, top: &str, item: &str, doomed: &str) -> Vec<(&'static str, Call<'static>)> {
    let (submit, remove) = if prefix == "/dict" { ("/dict/submit", "/dict/remove") } else { ("/dict-biz/submit", "/dict-biz/remove") };
    vec![
        ("detail", Call::Get(format!("{prefix}/detail?id={item}"))),
        ("list", Call::Get(format!("{prefix}/list"))),
        ("parent-list", Call::Get(format!("{prefix}/parent-list?current=1&size=5"))),
        ("child-list", Call::Get(format!("{prefix}/child-list?parentId={top}"))),
        ("tree", Call::Get(format!("{prefix}/tree"))),
        ("parent-tree", Call::Get(format!("{prefix}/parent-tree"))),
        ("create", Call::Json(submit, json!({ "code": format!("new_{tag}"), "dictValue": "新字典" }))),
        ("update", Call::Json(submit, json!({ "id": item, "parentId": top, "dictKey": "1", "dictValue": "改名" }))),
        ("remove", Call::Form(remove, vec![("ids", doomed.to_string())])),
    ]
}

#[actix_web::test]
async fn system_dictionaries_are_read_with_dict_view_and_written_only_by_the_platform_administrator() {
    let app = TestApp::spawn().await;
    let w = world(&app, &["dict_view", "dict_add", "dict_edit", "dict_delete"]).await;
    let viewer = member(&app, &w.a, "viewer", &["dict_view"]).await;
    let writer = member(&app, &w.a, "writer", &DICT_WRITES).await;
    let nobody = member(&app, &w.a, "nobody", &[]).await;
    let clerk = member(&app, "000000", "clerk", &["dict_view", "dict_add", "dict_edit", "dict_delete"]).await;
    let reads_only = [200, 200, 200, 200, 200, 200, 403, 403, 403];
    let callers: Vec<(&str, Option<&str>, Vec<u16>)> = vec![
        ("platform", Some(&w.platform), vec![200; 9]),
        ("a_admin", Some(&w.a_admin), reads_only.to_vec()),
        ("b_admin", Some(&w.b_admin), vec![403; 9]),
        ("viewer", Some(&viewer), reads_only.to_vec()),
        ("writer", Some(&writer), vec![403; 9]),
        ("clerk", Some(&clerk), reads_only.to_vec()),
        ("nobody", Some(&nobody), vec![403; 9]),
        ("anonymous", None, vec![401; 9]),
    ];
    for (tag, t, expected) in callers {
        let (top, item, doomed) = system_dict(&app, &w.platform, &format!("perm_{tag}")).await;
        let got = statuses(&app, t, tag, dict_calls("/dict", tag, &top, &item, &doomed)).await;
        assert_eq!(got, expected, "{tag}");
    }
    // The look-ups stay open to every signed-in user.
    let (s, d) = get(&app, &nobody, "/dict/dictionary?code=perm_platform".into()).await;
    assert_eq!(s, 200, "{d}");
    assert_eq!(d["data"].as_array().unwrap().len(), 1, "one item left after the platform's remove: {d}");
}

#[actix_web::test]
async fn dictionary_keys_are_unique_renaming_a_code_renames_its_items_and_parents_keep_their_children() {
    let app = TestApp::spawn().await;
    let p = platform_token(&app).await;
    let (top, one, two) = system_dict(&app, &p, "keeper_color").await;

    // (code, dictKey) is unique among live rows; a top row's code is unique among dictionaries.
    let (s, r) = post(&app, &p, "/dict/submit", json!({ "parentId": top, "dictKey": "1", "dictValue": "重复" })).await;
    assert_eq!((s, r["data"]["field"].clone(), r["data"]["reason"].clone()), (400, json!("dictKey"), json!("当前字典键值已存在!")), "{r}");
    let (s, r) = post(&app, &p, "/dict/submit", json!({ "code": "keeper_color", "dictValue": "又一个" })).await;
    assert_eq!((s, r["data"]["field"].clone(), r["data"]["reason"].clone()), (400, json!("code"), json!("当前字典键值已存在!")), "{r}");
    // Re-saving an item under its own key is no conflict; an item takes its parent's code whatever it sends.
    let (s, r) = post(
        &app,
        &p,
        "/dict/submit",
        json!({ "id": one, "parentId": top, "code": "other", "dictKey": "1", "dictValue": "红", "sort": 1 }),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let (_, d) = get(&app, &p, format!("/dict/detail?id={one}")).await;
    assert_eq!(
        (d["data"]["code"].clone(), d["data"]["dictValue"].clone(), d["data"]["parentName"].clone()),
        (json!("keeper_color"), json!("红"), json!("测试字典")),
        "{d}"
    );
    let (_, d) = get(&app, &p, format!("/dict/detail?id={top}")).await;
    assert_eq!(
        (d["data"]["dictKey"].clone(), d["data"]["parentName"].clone(), d["data"]["hasChildren"].clone()),
        (json!("-1"), json!("顶级"), json!(true)),
        "{d}"
    );
    // A nested item under an item of the same dictionary.
    let (s, r) = post(&app, &p, "/dict/submit", json!({ "parentId": one, "dictKey": "11", "dictValue": "深红" })).await;
    assert_eq!(s, 200, "{r}");
    let nested = id_of(&r);

    // Renaming the dictionary renames every item, nested ones too.
    let (s, r) = post(&app, &p, "/dict/submit", json!({ "id": top, "code": "keeper_colour", "dictValue": "颜色" })).await;
    assert_eq!(s, 200, "{r}");
    let (_, old) = get(&app, &p, "/dict/dictionary?code=keeper_color".into()).await;
    assert_eq!(old["data"], json!([]), "{old}");
    let (_, new) = get(&app, &p, "/dict/dictionary?code=keeper_colour".into()).await;
    let keys: Vec<&str> = new["data"].as_array().unwrap().iter().map(|i| i["dictKey"].as_str().unwrap()).collect();
    assert_eq!(keys.len(), 3, "{new}");
    assert!(keys.contains(&"11"), "{new}");
    let (_, tree) = get(&app, &p, "/dict/dictionary-tree?code=keeper_colour".into()).await;
    let red = tree["data"].as_array().unwrap().iter().find(|i| i["id"] == one.as_str()).unwrap_or_else(|| panic!("{tree}"));
    assert_eq!(red["children"][0]["id"], nested.as_str(), "{tree}");
    let (_, kids) = get(&app, &p, format!("/dict/child-list?parentId={top}")).await;
    let kids = kids["data"].as_array().unwrap().clone();
    assert_eq!(kids.len(), 2, "items under the top row: {kids:?}");
    assert!(kids.iter().all(|k| k["code"] == "keeper_colour"), "{kids:?}");

    // Lists: the tree, the paged top rows with filters, and the pickers.
    let (_, list) = get(&app, &p, "/dict/list?code=keeper_colour".into()).await;
    let root = list["data"].as_array().unwrap().iter().find(|r| r["id"] == top.as_str()).unwrap_or_else(|| panic!("{list}")).clone();
    assert_eq!(root["children"].as_array().unwrap().len(), 2, "{root}");
    let (_, page) = get(&app, &p, "/dict/parent-list?code=keeper_col&current=1&size=1".into()).await;
    assert_eq!((page["data"]["total"].clone(), page["data"]["records"][0]["id"].clone()), (json!(1), json!(top)), "{page}");
    let (_, page) = get(&app, &p, "/dict/parent-list?dictValue=颜&size=100".into()).await;
    assert!(page["data"]["records"].as_array().unwrap().iter().all(|r| r["parentId"] == "0"), "{page}");
    let (_, page) = get(&app, &p, "/dict/parent-list?size=3&current=2&descs=code".into()).await;
    assert_eq!((page["data"]["size"].clone(), page["data"]["current"].clone()), (json!(3), json!(2)), "{page}");
    assert_eq!(page["data"]["records"].as_array().unwrap().len(), 3, "{page}");
    let (_, pt) = get(&app, &p, "/dict/parent-tree".into()).await;
    let node = pt["data"].as_array().unwrap().iter().find(|n| n["id"] == top.as_str()).unwrap_or_else(|| panic!("{pt}")).clone();
    assert_eq!((node["title"].clone(), node["key"].clone(), node["value"].clone()), (json!("颜色"), json!(top), json!(top)));

    // A node with live children is kept; a node removed with all its children goes.
    let (s, r) = remove(&app, &p, "/dict/remove", &top).await;
    assert_eq!((s, r["msg"].clone()), (400, json!("请先删除子节点!")), "{r}");
    let (s, r) = remove(&app, &p, "/dict/remove", &one).await;
    assert_eq!((s, r["msg"].clone()), (400, json!("请先删除子节点!")), "{r}");
    let (s, r) = remove(&app, &p, "/dict/remove", &format!("{one},{nested}")).await;
    assert_eq!(s, 200, "{r}");
    let (s, r) = remove(&app, &p, "/dict/remove", &format!("{top},{two}")).await;
    assert_eq!(s, 200, "{r}");
    let (s, _) = get(&app, &p, format!("/dict/detail?id={top}")).await;
    assert_eq!(s, 404);
    // A removed key can be used again.
    let (s, r) = post(&app, &p, "/dict/submit", json!({ "code": "keeper_colour", "dictValue": "颜色" })).await;
    assert_eq!(s, 200, "{r}");

    // Bad input names its field.
    let missing = keeper_common::id::next_id().to_string();
    for (field, path, body) in [
        ("code", "/dict/submit", json!({ "dictValue": "x" })),
        ("code", "/dict/submit", json!({ "code": "c".repeat(65), "dictValue": "x" })),
        ("code", "/dict/submit", json!({ "code": "有空 格", "dictValue": "x" })),
        ("dictValue", "/dict/submit", json!({ "code": "fine" })),
        ("dictValue", "/dict/submit", json!({ "code": "fine", "dictValue": "v".repeat(256) })),
        ("parentId", "/dict/submit", json!({ "parentId": "abc", "dictKey": "1", "dictValue": "x" })),
        ("parentId", "/dict/submit", json!({ "parentId": missing, "dictKey": "1", "dictValue": "x" })),
        ("dictKey", "/dict/submit", json!({ "parentId": missing, "dictValue": "x" })),
        ("sort", "/dict/submit", json!({ "code": "fine", "dictValue": "x", "sort": "first" })),
        ("isSealed", "/dict/submit", json!({ "code": "fine", "dictValue": "x", "isSealed": 7 })),
    ] {
        let (s, r) = post(&app, &p, path, body.clone()).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{body}: {r}");
    }
    for (field, path) in [
        ("parentId", "/dict/child-list".to_string()),
        ("parentId", "/dict/child-list?parentId=x".to_string()),
        ("id", "/dict/detail?id=x".to_string()),
        ("ascs", "/dict/parent-list?ascs=password".to_string()),
        ("size", "/dict/parent-list?size=abc".to_string()),
    ] {
        let (s, r) = get(&app, &p, path.clone()).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{path}: {r}");
    }
    let (s, r) = remove(&app, &p, "/dict/remove", "1,x").await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("ids")), "{r}");
    for path in [format!("/dict/detail?id={missing}"), format!("/dict/child-list?parentId={missing}")] {
        assert_eq!(get(&app, &p, path).await.0, 404);
    }
}

// ---------------------------------------------------------------- business dictionaries

async fn biz_row(app: &TestApp, tenant: &str, parent: &str, code: &str, key: &str) -> String {
    let id = keeper_common::id::next_id();
    let parent: i64 = parent.parse().unwrap();
    exec(
        app,
        "INSERT INTO sys_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed, is_deleted) VALUES (?, ?, ?, ?, ?, ?, 1, '', 0, 0)",
        vec![id.into(), tenant.into(), parent.into(), code.into(), key.into(), format!("值{key}").into()],
    )
    .await;
    id.to_string()
}

/// A business dictionary of the tenant with two items: `(top, item1, item2)`.
async fn biz_dict(app: &TestApp, tenant: &str, code: &str) -> (String, String, String) {
    let top = biz_row(app, tenant, "0", code, "-1").await;
    (top.clone(), biz_row(app, tenant, &top, code, "1").await, biz_row(app, tenant, &top, code, "2").await)
}

#[actix_web::test]
async fn business_dictionaries_follow_the_dictbiz_codes_inside_the_callers_tenant_only() {
    let app = TestApp::spawn().await;
    let w = world(&app, &[]).await;
    let viewer = member(&app, &w.a, "viewer", &["dictbiz_view"]).await;
    let nobody = member(&app, &w.a, "nobody", &[]).await;
    let callers: Vec<(&str, &str, Option<&str>, Vec<u16>)> = vec![
        ("platform", "000000", Some(&w.platform), vec![200; 9]),
        ("a_admin", &w.a, Some(&w.a_admin), vec![200; 9]),
        ("b_admin", &w.b, Some(&w.b_admin), vec![200; 9]),
        ("viewer", &w.a, Some(&viewer), vec![200, 200, 200, 200, 200, 200, 403, 403, 403]),
        ("nobody", &w.a, Some(&nobody), vec![403; 9]),
        ("anonymous", &w.a, None, vec![401; 9]),
    ];
    for (tag, tenant, t, expected) in callers {
        let (top, item, doomed) = biz_dict(&app, tenant, &format!("perm_{tag}")).await;
        let got = statuses(&app, t, tag, dict_calls("/dict-biz", tag, &top, &item, &doomed)).await;
        assert_eq!(got, expected, "{tag}");
    }
    // The look-ups stay open to every signed-in user of the tenant.
    for path in ["/dict-biz/dictionary?code=perm_viewer", "/dict-biz/dictionary-tree?code=perm_viewer"] {
        let (s, d) = get(&app, &nobody, path.into()).await;
        assert_eq!((s, d["data"].as_array().map(Vec::len)), (200, Some(2)), "{path}: {d}");
        assert!(d["data"].as_array().unwrap().iter().all(|i| i["tenantId"] == w.a.as_str()), "{d}");
    }

    // Another tenant's rows answer exactly like missing ones, even to the platform administrator.
    let (top, item, _) = biz_dict(&app, &w.a, "only_a").await;
    let missing = keeper_common::id::next_id().to_string();
    for t in [&w.b_admin, &w.platform] {
        let mut bodies = Vec::new();
        for id in [&item, &missing] {
            let mut seen = Vec::new();
            for c in [
                Call::Get(format!("/dict-biz/detail?id={id}")),
                Call::Get(format!("/dict-biz/child-list?parentId={id}")),
                Call::Json("/dict-biz/submit", json!({ "id": id, "parentId": top, "dictKey": "1", "dictValue": "夺取" })),
                Call::Form("/dict-biz/remove", vec![("ids", id.to_string())]),
            ] {
                let (s, body) = call(&app, Some(t), c).await;
                assert_eq!(s, 404, "{body}");
                seen.push(body);
            }
            bodies.push(seen);
        }
        assert_eq!(bodies[0], bodies[1], "a foreign id must look like a missing one");
        let (s, r) = post(&app, t, "/dict-biz/submit", json!({ "parentId": top, "dictKey": "9", "dictValue": "挂靠" })).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some("parentId")), "{r}");
        for path in ["/dict-biz/list", "/dict-biz/tree", "/dict-biz/parent-tree", "/dict-biz/parent-list?size=1000"] {
            let (_, l) = get(&app, t, path.into()).await;
            assert!(!l.to_string().contains(&top), "{path} leaks another tenant's row: {l}");
        }
        let (_, d) = get(&app, t, "/dict-biz/dictionary?code=only_a".into()).await;
        assert_eq!(d["data"], json!([]), "{d}");
    }
    let (_, d) = get(&app, &w.a_admin, format!("/dict-biz/detail?id={item}")).await;
    assert_eq!((d["data"]["dictValue"].clone(), d["data"]["tenantId"].clone()), (json!("值1"), json!(w.a)), "{d}");

    // The same key may exist in two tenants; inside one tenant it is unique.
    for t in [&w.a_admin, &w.b_admin] {
        let (s, r) = post(&app, t, "/dict-biz/submit", json!({ "code": "shared_code", "dictValue": "共享" })).await;
        assert_eq!(s, 200, "{r}");
    }
    let (s, r) = post(&app, &w.a_admin, "/dict-biz/submit", json!({ "code": "shared_code", "dictValue": "重复" })).await;
    assert_eq!((s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()), (400, Some("code"), Some("当前字典键值已存在!")), "{r}");
    let (s, r) = post(&app, &w.a_admin, "/dict-biz/submit", json!({ "parentId": top, "dictKey": "2", "dictValue": "重复" })).await;
    assert_eq!((s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()), (400, Some("dictKey"), Some("当前字典键值已存在!")), "{r}");
    // A change is seen at once by the look-up (nothing is cached).
    let (s, r) =
        post(&app, &w.a_admin, "/dict-biz/submit", json!({ "id": item, "parentId": top, "dictKey": "1", "dictValue": "新值" })).await;
    assert_eq!(s, 200, "{r}");
    let (_, d) = get(&app, &nobody, "/dict-biz/dictionary?code=only_a".into()).await;
    assert_eq!(d["data"][0]["dictValue"], "新值", "{d}");
}

// ---------------------------------------------------------------- parameters

async fn param_row(app: &TestApp, tenant: &str, key: &str, value: &str) -> String {
    let id = keeper_common::id::next_id();
    let now = chrono::Utc::now();
    exec(
        app,
        "INSERT INTO sys_param (id, tenant_id, param_name, param_key, param_value, remark, create_time, update_time, status, is_deleted) VALUES (?, ?, ?, ?, ?, '', ?, ?, 1, 0)",
        vec![id.into(), tenant.into(), key.into(), key.into(), value.into(), now.into(), now.into()],
    )
    .await;
    id.to_string()
}

#[actix_web::test]
async fn parameters_follow_the_param_codes_and_each_tenant_writes_only_its_own_rows() {
    let app = TestApp::spawn().await;
    let w = world(&app, &["param_view", "param_add", "param_edit", "param_delete"]).await;
    let viewer = member(&app, &w.a, "viewer", &["param_view"]).await;
    let nobody = member(&app, &w.a, "nobody", &[]).await;
    let callers: Vec<(&str, &str, Option<&str>, Vec<u16>)> = vec![
        ("platform", "000000", Some(&w.platform), vec![200; 5]),
        ("a_admin", &w.a, Some(&w.a_admin), vec![200; 5]),
        ("b_admin", &w.b, Some(&w.b_admin), vec![403; 5]),
        ("viewer", &w.a, Some(&viewer), vec![200, 200, 403, 403, 403]),
        ("nobody", &w.a, Some(&nobody), vec![403; 5]),
        ("anonymous", &w.a, None, vec![401; 5]),
    ];
    for (tag, tenant, t, expected) in callers {
        let own = param_row(&app, tenant, &format!("perm.{tag}.own"), "1").await;
        let doomed = param_row(&app, tenant, &format!("perm.{tag}.doomed"), "1").await;
        let calls = vec![
            ("detail", Call::Get(format!("/param/detail?id={own}"))),
            ("list", Call::Get("/param/list".into())),
            (
                "create",
                Call::Json("/param/submit", json!({ "paramName": "新参数", "paramKey": format!("perm.{tag}.new"), "paramValue": "v" })),
            ),
            (
                "update",
                Call::Json(
                    "/param/submit",
                    json!({ "id": own, "paramName": "改", "paramKey": format!("perm.{tag}.own"), "paramValue": "2" }),
                ),
            ),
            ("remove", Call::Form("/param/remove", vec![("ids", doomed)])),
        ];
        assert_eq!(statuses(&app, t, tag, calls).await, expected, "{tag}");
    }

    // Keys are unique per tenant; another tenant's row answers like a missing one.
    let p = &w.platform;
    let (s, r) = post(&app, p, "/param/submit", json!({ "paramName": "重复", "paramKey": "perm.platform.own", "paramValue": "x" })).await;
    assert_eq!((s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()), (400, Some("paramKey"), Some("当前参数键名已存在!")), "{r}");
    let a_only = param_row(&app, &w.a, "only.a", "1").await;
    let missing = keeper_common::id::next_id().to_string();
    let mut bodies = Vec::new();
    for id in [&a_only, &missing] {
        let mut seen = Vec::new();
        for c in [
            Call::Get(format!("/param/detail?id={id}")),
            Call::Json("/param/submit", json!({ "id": id, "paramName": "夺取", "paramKey": "only.a", "paramValue": "9" })),
            Call::Form("/param/remove", vec![("ids", id.to_string())]),
        ] {
            let (s, body) = call(&app, Some(p), c).await;
            assert_eq!(s, 404, "{body}");
            seen.push(body);
        }
        bodies.push(seen);
    }
    assert_eq!(bodies[0], bodies[1]);
    let (_, l) = get(&app, p, "/param/list?size=1000".into()).await;
    assert!(!l.to_string().contains("only.a"), "the platform sees its defaults, not tenants' overrides: {l}");

    // Filters, paging and bad input.
    let (_, l) = get(&app, p, "/param/list?paramKey=account.fail&paramName=锁定".into()).await;
    assert_eq!((l["data"]["total"].clone(), l["data"]["records"][0]["paramKey"].clone()), (json!(1), json!("account.failCount")), "{l}");
    let (_, l) = get(&app, p, "/param/list?paramKey=perm.%25".into()).await;
    assert_eq!(l["data"]["total"], 0, "a % in a filter is literal: {l}");
    for (field, path) in [("size", "/param/list?size=0"), ("ascs", "/param/list?ascs=param_value;drop"), ("id", "/param/detail?id=abc")] {
        let (s, r) = get(&app, p, path.into()).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{path}: {r}");
    }
    for (field, body) in [
        ("paramName", json!({ "paramKey": "k" })),
        ("paramKey", json!({ "paramName": "n" })),
        ("paramKey", json!({ "paramName": "n", "paramKey": "a b" })),
        ("paramValue", json!({ "paramName": "n", "paramKey": "k", "paramValue": "v".repeat(256) })),
        ("id", json!({ "id": "x1", "paramName": "n", "paramKey": "k" })),
    ] {
        let (s, r) = post(&app, p, "/param/submit", body.clone()).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{body}: {r}");
    }
}

#[actix_web::test]
async fn a_tenants_override_of_a_default_changes_only_that_tenants_lockout() {
    let app = TestApp::spawn().await;
    let w = world(&app, &["param_view", "param_add", "param_edit", "param_delete"]).await;
    let default_id = one_id(&app, "SELECT id FROM sys_param WHERE param_key = 'account.failCount' AND tenant_id = '000000'", vec![]).await;

    // Tenant A sees the default and "edits" it: that creates A's own override, the default stays.
    let (_, l) = get(&app, &w.a_admin, "/param/list?paramKey=account.failCount".into()).await;
    assert_eq!(l["data"]["records"][0]["tenantId"], "000000", "{l}");
    let (s, r) = post(
        &app,
        &w.a_admin,
        "/param/submit",
        json!({ "id": default_id, "paramName": "登录失败锁定次数", "paramKey": "account.failCount", "paramValue": "2" }),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let override_id = id_of(&r);
    assert_ne!(override_id, default_id);
    let (_, l) = get(&app, &w.a_admin, "/param/list?paramKey=account.failCount".into()).await;
    let rows: Vec<(String, String)> = l["data"]["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["tenantId"].as_str().unwrap().into(), r["paramValue"].as_str().unwrap().into()))
        .collect();
    assert_eq!(rows, vec![("000000".to_string(), "5".to_string()), (w.a.clone(), "2".to_string())], "{l}");
    let (_, d) = get(&app, &w.platform, format!("/param/detail?id={default_id}")).await;
    assert_eq!(d["data"]["paramValue"], "5", "{d}");
    // A second override of the same key is a duplicate; the default itself cannot be removed by a tenant.
    let (s, r) =
        post(&app, &w.a_admin, "/param/submit", json!({ "paramName": "又一个", "paramKey": "account.failCount", "paramValue": "3" })).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("paramKey")), "{r}");
    let (s, r) = remove(&app, &w.a_admin, "/param/remove", &default_id).await;
    assert_eq!(s, 403, "{r}");
    // Platform-only keys cannot be overridden by a tenant.
    let (s, r) = post(
        &app,
        &w.a_admin,
        "/param/submit",
        json!({ "paramName": "额度", "paramKey": "tenant.default.accountNumber", "paramValue": "9" }),
    )
    .await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("paramKey")), "{r}");
    // Tenant B neither sees nor reaches A's override.
    grant_codes(&app, &admin_role(&app, &w.b).await, &["param_view"]).await;
    past_caches().await;
    let (_, l) = get(&app, &w.b_admin, "/param/list?paramKey=account.failCount".into()).await;
    assert_eq!(l["data"]["total"], 1, "{l}");
    assert_eq!(get(&app, &w.b_admin, format!("/param/detail?id={override_id}")).await.0, 404);

    // Real sign-ins: two failures lock A's account, while B's account (default 5) still signs in.
    let a_user = insert_user(&app, &w.a, "clerk", &admin_role(&app, &w.a).await, "").await;
    let b_user = insert_user(&app, &w.b, "clerk", &admin_role(&app, &w.b).await, "").await;
    assert!(a_user > 0 && b_user > 0);
    for _ in 0..2 {
        assert_eq!(try_login(&app, &w.a, "clerk", "wrong").await, (400, "用户名或密码不正确".to_string()));
        assert_eq!(try_login(&app, &w.b, "clerk", "wrong").await, (400, "用户名或密码不正确".to_string()));
    }
    assert_eq!(try_login(&app, &w.a, "clerk", "Zone#1").await, (400, "登录错误次数过多,请稍后再试".to_string()));
    assert_eq!(try_login(&app, &w.b, "clerk", "Zone#1").await.0, 200);

    // Removing the override brings the default back for A.
    let (s, r) = remove(&app, &w.a_admin, "/param/remove", &override_id).await;
    assert_eq!(s, 200, "{r}");
    let (_, l) = get(&app, &w.a_admin, "/param/list?paramKey=account.failCount".into()).await;
    assert_eq!(l["data"]["total"], 1, "{l}");
}

// ---------------------------------------------------------------- OAuth clients

fn client_body(client_id: &str, secret: &str, grants: &str, access: i64) -> Value {
    json!({ "clientId": client_id, "clientSecret": secret, "authorizedGrantTypes": grants,
            "accessTokenValidity": access, "refreshTokenValidity": 600, "scope": "all" })
}

fn basic(client_id: &str, secret: &str) -> String {
    format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(format!("{client_id}:{secret}")))
}

async fn admin_token_with(app: &TestApp, authorization: &str, grant: &str) -> (u16, Value) {
    let md5 = md5_hex(ADMIN_PASSWORD);
    app.token_request(
        &[("tenantId", "000000"), ("username", "admin"), ("password", &md5), ("grant_type", grant), ("scope", "all")],
        &[("Authorization", authorization), ("Tenant-Id", "000000")],
    )
    .await
}

#[actix_web::test]
async fn clients_are_managed_by_the_platform_administrator_alone() {
    let app = TestApp::spawn().await;
    let client_codes = ["client_view", "client_add", "client_edit", "client_delete"];
    let w = world(&app, &client_codes).await;
    let viewer = member(&app, &w.a, "viewer", &["client_view"]).await;
    let clerk = member(&app, "000000", "clerk", &client_codes).await;
    let nobody = member(&app, &w.a, "nobody", &[]).await;
    let callers: Vec<(&str, Option<&str>, Vec<u16>)> = vec![
        ("platform", Some(&w.platform), vec![200; 5]),
        ("a_admin", Some(&w.a_admin), vec![403; 5]),
        ("b_admin", Some(&w.b_admin), vec![403; 5]),
        ("viewer", Some(&viewer), vec![403; 5]),
        ("clerk", Some(&clerk), vec![403; 5]),
        ("nobody", Some(&nobody), vec![403; 5]),
        ("anonymous", None, vec![401; 5]),
    ];
    for (tag, t, expected) in callers {
        let (s, r) = post(&app, &w.platform, "/client/submit", client_body(&format!("keep_{tag}"), "s3cret!", "password", 60)).await;
        assert_eq!(s, 200, "{r}");
        let keep = id_of(&r);
        let (_, r) = post(&app, &w.platform, "/client/submit", client_body(&format!("doomed_{tag}"), "s3cret!", "password", 60)).await;
        let doomed = id_of(&r);
        let calls = vec![
            ("detail", Call::Get(format!("/client/detail?id={keep}"))),
            ("list", Call::Get("/client/list".into())),
            ("create", Call::Json("/client/submit", client_body(&format!("new_{tag}"), "x", "password", 60))),
            (
                "update",
                Call::Json(
                    "/client/submit",
                    json!({ "id": keep, "clientId": format!("keep_{tag}"), "authorizedGrantTypes": "password", "accessTokenValidity": 90, "refreshTokenValidity": 900 }),
                ),
            ),
            ("remove", Call::Form("/client/remove", vec![("ids", doomed)])),
        ];
        assert_eq!(statuses(&app, t, tag, calls).await, expected, "{tag}");
    }
}

#[actix_web::test]
async fn a_clients_lifetimes_and_grants_reach_the_token_endpoint_and_its_secret_never_leaves() {
    let app = TestApp::spawn().await;
    let p = platform_token(&app).await;
    const SECRET: &str = "Very$ecret-42";
    let mut replies: Vec<Value> = Vec::new();

    let (s, r) = post(&app, &p, "/client/submit", client_body("keeper_app", SECRET, "password,refresh_token", 60)).await;
    assert_eq!(s, 200, "{r}");
    let app_id = id_of(&r);
    replies.push(r);
    let (s, t) = admin_token_with(&app, &basic("keeper_app", SECRET), "password").await;
    assert_eq!((s, t["expires_in"].clone(), t["refresh_expires_in"].clone()), (200, json!(60), json!(600)), "{t}");
    assert_eq!(t["client_id"], "keeper_app");
    let (s, t) = app
        .token_request(
            &[("grant_type", "refresh_token"), ("refresh_token", t["refresh_token"].as_str().unwrap()), ("tenantId", "000000")],
            &[("Authorization", &basic("keeper_app", SECRET))],
        )
        .await;
    assert_eq!((s, t["expires_in"].clone()), (200, json!(60)), "{t}");
    let (s, t) = admin_token_with(&app, &basic("keeper_app", "wrong"), "password").await;
    assert_eq!(s, 401, "{t}");

    // Updating with an empty secret keeps the old one; the new lifetime applies.
    let (s, r) = post(&app, &p, "/client/submit", client_body("later_app", SECRET, "password", 30)).await;
    assert_eq!(s, 200, "{r}");
    let later = id_of(&r);
    replies.push(r);
    let mut update = client_body("later_app", "", "password", 90);
    update["id"] = json!(later);
    let (s, r) = post(&app, &p, "/client/submit", update).await;
    assert_eq!(s, 200, "{r}");
    replies.push(r);
    let (s, t) = admin_token_with(&app, &basic("later_app", SECRET), "password").await;
    assert_eq!((s, t["expires_in"].clone()), (200, json!(90)), "{t}");

    // A grant the client does not list is refused with the contract's error.
    let (s, t) = admin_token_with(&app, &basic("later_app", SECRET), "refresh_token").await;
    assert_eq!((s, t["error_description"].clone()), (400, json!("不支持的授权类型")), "{t}");
    let (_, r) = post(&app, &p, "/client/submit", client_body("machine", SECRET, "client_credentials", 60)).await;
    replies.push(r);
    let (s, t) = admin_token_with(&app, &basic("machine", SECRET), "password").await;
    assert_eq!((s, t["error_description"].clone()), (400, json!("不支持的授权类型")), "{t}");

    // Lists and details show everything but the secret.
    let (_, d) = get(&app, &p, format!("/client/detail?id={app_id}")).await;
    assert_eq!(
        (d["data"]["clientId"].clone(), d["data"]["authorizedGrantTypes"].clone(), d["data"]["accessTokenValidity"].clone()),
        (json!("keeper_app"), json!("password,refresh_token"), json!(60)),
        "{d}"
    );
    replies.push(d);
    let (_, l) = get(&app, &p, "/client/list?clientId=app&size=100".into()).await;
    let ids: Vec<&str> = l["data"]["records"].as_array().unwrap().iter().map(|c| c["clientId"].as_str().unwrap()).collect();
    assert_eq!(ids, vec!["keeper_app", "later_app"], "{l}");
    replies.push(l);
    let (_, l) = get(&app, &p, "/client/list".into()).await;
    assert!(l.to_string().contains("sword"), "{l}");
    replies.push(l);
    for r in &replies {
        let text = r.to_string();
        assert!(!text.contains("clientSecret") && !text.contains(SECRET) && !text.contains("sha256$"), "secret leaked: {text}");
    }

    // Unique ids, checked fields, and the SPA's own client kept.
    let (s, r) = post(&app, &p, "/client/submit", client_body("keeper_app", "x", "password", 60)).await;
    assert_eq!((s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()), (400, Some("clientId"), Some("当前客户端ID已存在!")), "{r}");
    for (field, body) in [
        ("clientSecret", client_body("fresh", "", "password", 60)),
        ("authorizedGrantTypes", client_body("fresh", "x", "password,social", 60)),
        ("authorizedGrantTypes", client_body("fresh", "x", "", 60)),
        ("accessTokenValidity", client_body("fresh", "x", "password", 0)),
        ("clientId", client_body("bad:id", "x", "password", 60)),
        ("clientId", client_body(&"c".repeat(49), "x", "password", 60)),
        (
            "refreshTokenValidity",
            json!({ "clientId": "fresh", "clientSecret": "x", "authorizedGrantTypes": "password", "accessTokenValidity": 60, "refreshTokenValidity": "soon" }),
        ),
    ] {
        let (s, r) = post(&app, &p, "/client/submit", body.clone()).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{body}: {r}");
    }
    let sword = one_id(&app, "SELECT id FROM sys_client WHERE client_id = 'sword' AND is_deleted = 0", vec![]).await;
    let (s, r) = remove(&app, &p, "/client/remove", &format!("{later},{sword}")).await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("应用 sword 供前端登录使用,不能删除!")), "{r}");
    let mut rename = client_body("sword2", "", "password,refresh_token,captcha", 3600);
    rename["id"] = json!(sword);
    let (s, r) = post(&app, &p, "/client/submit", rename).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("clientId")), "{r}");
    assert_eq!(admin_token_with(&app, keeper_testkit::BASIC, "password").await.0, 200, "the SPA still signs in");
    let (s, r) = remove(&app, &p, "/client/remove", &later).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(get(&app, &p, format!("/client/detail?id={later}")).await.0, 404);
    // A deleted or never registered client is refused with the contract's 401 (it was a 503), at the
    // token endpoint and on every other route, and the refusal is answered again from the cache.
    // (A client in use is remembered for a few seconds, so the deleted one here was never used.)
    let (_, r) = post(&app, &p, "/client/submit", client_body("gone_app", SECRET, "password", 60)).await;
    assert_eq!(remove(&app, &p, "/client/remove", &id_of(&r)).await.0, 200);
    for client in [basic("gone_app", SECRET), basic("ghost_app", SECRET)] {
        let (s, t) = admin_token_with(&app, &client, "password").await;
        assert_eq!((s, t["error_description"].as_str()), (401, Some("客户端认证失败!")), "{t}");
        for _ in 0..2 {
            let r = app
                .http
                .get(app.api("/api/keeper-system/user/info"))
                .header("Authorization", &client)
                .header("Keeper-Auth", format!("bearer {p}"))
                .send()
                .await
                .unwrap();
            let status = r.status().as_u16();
            let body: Value = r.json().await.unwrap();
            assert_eq!((status, body["code"].as_u64(), body["msg"].as_str()), (401, Some(401), Some("客户端认证失败!")), "{body}");
        }
    }
    let missing = keeper_common::id::next_id().to_string();
    assert_eq!(remove(&app, &p, "/client/remove", &missing).await.0, 404);
    let (s, r) = get(&app, &p, "/client/list?ascs=client_secret".into()).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("ascs")), "{r}");
}

#[actix_web::test]
async fn the_start_up_business_dictionary_look_up_answers_every_signed_in_user_but_the_admin_list_does_not() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let zone = app.create_tenant(&platform, "字典园区", "Zone#1").await;
    let nobody = member(&app, &zone, "nobody", &[]).await;
    // SPEC §7: `dict-biz/list?code=` is how the SPA loads a business dictionary at start-up.
    let (s, list) = call(&app, Some(&nobody), Call::Get("/dict-biz/list?code=company_type".into())).await;
    assert_eq!(s, 200, "{list}");
    let (_, dictionary) = call(&app, Some(&nobody), Call::Get("/dict-biz/dictionary?code=company_type".into())).await;
    assert!(!list["data"].as_array().unwrap().is_empty(), "{list}");
    assert_eq!(list["data"], dictionary["data"], "the look-up answers exactly the tenant's dictionary items");
    // Without a bare code it is the administrators' list, which needs dictbiz_view.
    for path in ["/dict-biz/list", "/dict-biz/list?code=company_type&dictValue=x"] {
        let (s, body) = call(&app, Some(&nobody), Call::Get(path.into())).await;
        assert_eq!(s, 403, "{path}: {body}");
    }
    let (s, _) = call(&app, None, Call::Get("/dict-biz/list?code=company_type".into())).await;
    assert_eq!(s, 401);
}
