//! Accounts in Excel: export and template need `user_export`, import `user_import`; an export re-imported
//! with `isCovered=1` changes nothing; a file with any bad row writes nothing and names every bad row; the
//! tenant's quota counts the whole file; files that are not spreadsheets or too large are refused.
use std::collections::HashMap;

use keeper_excel::{Column, Sheet, SheetWriter};
use keeper_security::password::md5_hex;
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{Call, SYS, call, exec_system as exec, insert_user, role_with, sign_in};

pub const IMPORT_HEADERS: [&str; 9] = ["账号", "姓名", "昵称", "手机号", "邮箱", "性别", "角色", "部门", "岗位"];
const EXPORT_HEADERS: [&str; 11] = ["账号", "姓名", "昵称", "手机号", "邮箱", "性别", "角色", "部门", "岗位", "状态", "创建时间"];

/// An xlsx with these headers and text rows.
pub fn xlsx(headers: &[&'static str], rows: &[Vec<&str>]) -> Vec<u8> {
    let sheet = Sheet::new("数据", headers.iter().map(|h| Column::text(h, h, 12.0)).collect());
    let mut w = SheetWriter::export(&sheet).unwrap();
    for r in rows {
        w.row(&r.iter().map(|v| (*v).into()).collect::<Vec<_>>()).unwrap();
    }
    w.finish().unwrap()
}

/// The rows of a downloaded xlsx, header → cell text.
pub fn rows_of(bytes: &[u8], headers: &[&'static str]) -> Vec<HashMap<String, String>> {
    let sheet = Sheet::new("数据", headers.iter().map(|h| Column::text(h, h, 12.0)).collect());
    let parsed = keeper_excel::read(bytes, &sheet).unwrap();
    parsed.rows.into_iter().map(|r| headers.iter().map(|h| (h.to_string(), r.text(h).unwrap_or_default())).collect()).collect()
}

/// A GET through the gateway: status, `Content-Disposition`, body.
pub async fn download(app: &TestApp, token: Option<&str>, path: &str) -> (u16, String, Vec<u8>) {
    let mut rb = app.http.get(app.api(path));
    if let Some(t) = token {
        rb = rb.header("Keeper-Auth", format!("bearer {t}"));
    }
    let r = rb.send().await.unwrap();
    let disposition = r.headers().get("content-disposition").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    (r.status().as_u16(), disposition, r.bytes().await.unwrap().to_vec())
}

/// A multipart upload of `file` with `isCovered`, as the antd Upload component sends it.
pub async fn upload(app: &TestApp, token: Option<&str>, path: &str, filename: &str, file: &[u8], covered: bool) -> (u16, Value) {
    let boundary = "----keeperTestBoundary7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(
        format!("\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"isCovered\"\r\n\r\n{}\r\n--{boundary}--\r\n", covered as u8)
            .as_bytes(),
    );
    let mut rb = app.http.post(app.api(path)).header("Content-Type", format!("multipart/form-data; boundary={boundary}")).body(body);
    if let Some(t) = token {
        rb = rb.header("Keeper-Auth", format!("bearer {t}"));
    }
    let r = rb.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// `(row, field, reason)` of every problem an import refusal lists.
pub fn problems(body: &Value) -> Vec<(u64, String, String)> {
    body["data"]
        .as_array()
        .unwrap_or_else(|| panic!("{body}"))
        .iter()
        .map(|e| (e["row"].as_u64().unwrap(), e["field"].as_str().unwrap().to_string(), e["reason"].as_str().unwrap().to_string()))
        .collect()
}

/// Asserts that an import refusal lists exactly these problems, in order: `(row, column, a part of the
/// reason)`.
pub fn assert_problems(body: &Value, expect: &[(u64, &str, &str)]) {
    let got = problems(body);
    assert_eq!(got.len(), expect.len(), "{got:?}");
    for ((row, column, reason), (want_row, want_column, want)) in got.iter().zip(expect) {
        assert_eq!((row, column.as_str()), (want_row, *want_column), "{got:?}");
        assert!(reason.contains(want), "row {row}: {reason}");
    }
}

/// What the template download and an upload of something that is no spreadsheet answer the caller:
/// `(200, 400)` with the import button, `(403, 403)` without, `(401, 401)` anonymous.
pub async fn import_answers(app: &TestApp, token: Option<&str>, template: &str, import: &str) -> (u16, u16) {
    (download(app, token, template).await.0, upload(app, token, import, "x.xlsx", b"not a spreadsheet", false).await.0)
}

const EXPORT: &str = "/api/keeper-system/user/export-user";
const TEMPLATE: &str = "/api/keeper-system/user/export-template";
const IMPORT: &str = "/api/keeper-system/user/import-user";

async fn each_call(app: &TestApp, token: Option<&str>, tag: &str) -> Vec<u16> {
    let (export, _, _) = download(app, token, EXPORT).await;
    let (template, _, _) = download(app, token, TEMPLATE).await;
    let account = format!("imp_{tag}");
    let file = xlsx(&IMPORT_HEADERS, &[vec![&account, "导入者", "", "", "", "", "", "", ""]]);
    let (import, body) = upload(app, token, IMPORT, "用户.xlsx", &file, false).await;
    assert_eq!(body["code"].as_u64(), Some(import as u64), "{tag}: {body}");
    vec![export, template, import]
}

#[actix_web::test]
async fn export_template_and_import_answer_by_the_callers_grants_in_two_tenants() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    assert_eq!(each_call(&app, Some(&platform), "platform").await, [200, 200, 200], "platform administrator");
    for zone in ["甲园区", "乙园区"] {
        let tenant = app.create_tenant(&platform, zone, "Zone#1").await;
        let viewer = role_with(&app, &tenant, "viewer", &["user_view"]).await;
        let exporter = role_with(&app, &tenant, "exporter", &["user_view", "user_export"]).await;
        let nothing = role_with(&app, &tenant, "nobody", &[]).await;
        for (account, role) in [("viewer", &viewer), ("exporter", &exporter), ("nobody", &nothing)] {
            insert_user(&app, &tenant, account, role, "").await;
        }
        let admin = sign_in(&app, &tenant, "admin", "Zone#1").await;
        assert_eq!(each_call(&app, Some(&admin), "admin").await, [200, 200, 200], "{zone} administrator");
        let t = sign_in(&app, &tenant, "viewer", "Zone#1").await;
        assert_eq!(each_call(&app, Some(&t), "viewer").await, [403, 403, 403], "{zone} user_view only");
        let t = sign_in(&app, &tenant, "exporter", "Zone#1").await;
        assert_eq!(each_call(&app, Some(&t), "exporter").await, [200, 200, 403], "{zone} user_export");
        let t = sign_in(&app, &tenant, "nobody", "Zone#1").await;
        assert_eq!(each_call(&app, Some(&t), "nobody").await, [403, 403, 403], "{zone} no grants");
        assert_eq!(each_call(&app, None, "anonymous").await, [401, 401, 401], "{zone} anonymous");
        // Each administrator exported only their own tenant's accounts.
        let (_, _, bytes) = download(&app, Some(&admin), EXPORT).await;
        let mut accounts: Vec<String> = rows_of(&bytes, &EXPORT_HEADERS).into_iter().map(|r| r["账号"].clone()).collect();
        accounts.sort();
        assert_eq!(accounts, ["admin", "exporter", "imp_admin", "nobody", "viewer"], "{zone}");
    }
}

fn by_account(list: &Value) -> HashMap<String, Value> {
    list["data"]["records"]
        .as_array()
        .unwrap_or_else(|| panic!("{list}"))
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.as_object_mut().unwrap().remove("updateTime");
            (r["account"].as_str().unwrap().to_string(), r)
        })
        .collect()
}

#[actix_web::test]
async fn an_export_re_imported_with_is_covered_keeps_every_account_as_it_was() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "导出测试园区", "Zone#1").await;
    let admin = app.login(&zone, "admin", "Zone#1").await;
    let (t, role, dept) = (admin["access_token"].as_str().unwrap(), admin["role_id"].as_str().unwrap(), admin["dept_id"].as_str().unwrap());
    let viewer = role_with(&app, &zone, "viewer", &["user_view"]).await;
    let users = [
        json!({ "account": "alice", "realName": "艾丽丝", "name": "小艾", "phone": "13800138000", "email": "alice@example.com", "sex": 2, "password": md5_hex("Alice#1"), "roleId": role, "deptId": dept }),
        json!({ "account": "bob", "realName": "鲍勃", "password": md5_hex("Bob#1"), "roleId": format!("{role},{viewer}"), "sex": 1 }),
    ];
    for u in users {
        let (s, body) = call(&app, Some(t), Call::Json("/user/submit", u)).await;
        assert_eq!(s, 200, "{body}");
    }
    let (_, before) = call(&app, Some(t), Call::Get("/user/list?size=100".into())).await;

    // A download opened with window.open carries the token as a query parameter.
    let r = app.http.get(app.api(&format!("{EXPORT}?descs=account&keeper-auth=bearer%20{t}"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    let disposition = r.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.contains("filename*=UTF-8''%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE.xlsx"), "{disposition}");
    let file = r.bytes().await.unwrap().to_vec();
    let rows = rows_of(&file, &EXPORT_HEADERS);
    assert_eq!(rows.iter().map(|r| r["账号"].as_str()).collect::<Vec<_>>(), ["bob", "alice", "admin"]);
    let alice = &rows[1];
    assert_eq!((alice["性别"].as_str(), alice["角色"].as_str(), alice["状态"].as_str()), ("女", "管理员", "正常"));
    assert_eq!((alice["手机号"].as_str(), alice["部门"].as_str()), ("13800138000", "导出测试园区"));
    assert_eq!(rows[0]["角色"], "管理员,viewer");
    // Every part of the file, unzipped: the compressed bytes say nothing (and hold "$2" by chance).
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&file)).unwrap();
    for i in 0..zip.len() {
        let mut part = String::new();
        std::io::Read::read_to_string(&mut zip.by_index(i).unwrap(), &mut part).unwrap();
        assert!(!["$2a$", "$2b$", "$2y$"].iter().any(|h| part.contains(h)), "no password hash in the file");
    }
    // The filter of user/list applies.
    let (_, _, only) = download(&app, Some(t), &format!("{EXPORT}?account=ali")).await;
    assert_eq!(rows_of(&only, &EXPORT_HEADERS).len(), 1);

    let (s, body) = upload(&app, Some(t), IMPORT, "用户数据.xlsx", &file, true).await;
    assert_eq!((s, &body["data"]), (200, &json!({ "created": 0, "updated": 3 })), "{body}");
    let (_, after) = call(&app, Some(t), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(by_account(&after), by_account(&before));
    app.login(&zone, "alice", "Alice#1").await;

    // Without isCovered the same file names every existing account and writes nothing.
    let (s, body) = upload(&app, Some(t), IMPORT, "用户数据.xlsx", &file, false).await;
    assert_eq!(s, 400, "{body}");
    assert_eq!(
        problems(&body),
        [
            (2, "账号".into(), "当前用户 [bob] 已存在!".into()),
            (3, "账号".into(), "当前用户 [alice] 已存在!".into()),
            (4, "账号".into(), "当前用户 [admin] 已存在!".into()),
        ]
    );
}

#[actix_web::test]
async fn a_file_with_bad_rows_imports_nothing_and_names_each_bad_row() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "导入测试园区", "Zone#1").await;
    let t = sign_in(&app, &zone, "admin", "Zone#1").await;
    let file = xlsx(
        &IMPORT_HEADERS,
        &[
            vec!["carol", "卡罗尔", "", "139", "", "女", "管理员", "导入测试园区", ""],
            vec!["bad name", "坏账号", "", "", "", "", "", "", ""],
            vec!["dave", "戴夫", "", "", "", "", "不存在的角色", "", ""],
            vec!["carol", "重复", "", "", "", "", "", "", ""],
            vec!["erin", "", "", "", "", "", "", "", ""],
            vec!["frank", "弗兰克", "", "", "not-an-email", "", "", "", ""],
            vec!["grace", "格蕾丝", "", "", "", "未知", "", "", ""],
        ],
    );
    let (s, body) = upload(&app, Some(&t), IMPORT, "用户.xlsx", &file, false).await;
    assert_eq!(s, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().starts_with("导入失败: 6 行数据有误"), "{body}");
    let found: Vec<(u64, String)> = problems(&body).into_iter().map(|(r, f, _)| (r, f)).collect();
    let expected: Vec<(u64, String)> = [(3, "账号"), (4, "角色"), (5, "账号"), (6, "姓名"), (7, "邮箱"), (8, "性别")]
        .into_iter()
        .map(|(r, f)| (r, f.to_string()))
        .collect();
    assert_eq!(found, expected, "{body}");
    let messages: Vec<&str> = body["data"].as_array().unwrap().iter().map(|e| e["message"].as_str().unwrap()).collect();
    assert_eq!(messages[1], "第4行 角色: 角色不存在: 不存在的角色");
    assert_eq!(messages[2], "第5行 账号: 账号 [carol] 与第2行重复");
    let (_, l) = call(&app, Some(&t), Call::Get("/user/list?size=100".into())).await;
    assert_eq!(l["data"]["total"], 1, "nothing was written: {l}");

    // A wrong header is refused as a whole.
    let wrong = xlsx(&["账号", "名字"], &[vec!["x", "y"]]);
    let (s, body) = upload(&app, Some(&t), IMPORT, "用户.xlsx", &wrong, false).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("file")), "{body}");
    assert!(body["data"]["reason"].as_str().unwrap().contains("表头与模板不一致"), "{body}");
    // The untouched template imports nothing, without complaint.
    let (_, _, template) = download(&app, Some(&t), TEMPLATE).await;
    let (s, body) = upload(&app, Some(&t), IMPORT, "用户导入模板.xlsx", &template, false).await;
    assert_eq!((s, &body["data"]), (200, &json!({ "created": 0, "updated": 0 })), "{body}");
}

#[actix_web::test]
async fn new_accounts_get_the_initial_password_and_the_quota_counts_the_whole_file() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let zone = app.create_tenant(&platform, "额度测试园区", "Zone#1").await;
    let t = sign_in(&app, &zone, "admin", "Zone#1").await;
    let file = xlsx(
        &IMPORT_HEADERS,
        &[vec!["henry", "亨利", "", "", "", "男", "管理员", "", ""], vec!["iris", "艾瑞斯", "", "", "", "", "", "", ""]],
    );
    // One live account and room for one more: a file of two is refused whole.
    exec(&app, "UPDATE sys_tenant SET account_number = 2 WHERE tenant_id = ?", vec![zone.clone().into()]).await;
    let (s, body) = upload(&app, Some(&t), IMPORT, "用户.xlsx", &file, false).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("当前租户已到最大账号额度!")), "{body}");
    let (_, l) = call(&app, Some(&t), Call::Get("/user/list".into())).await;
    assert_eq!(l["data"]["total"], 1);
    exec(&app, "UPDATE sys_tenant SET account_number = 3 WHERE tenant_id = ?", vec![zone.clone().into()]).await;
    let (s, body) = upload(&app, Some(&t), IMPORT, "用户.xlsx", &file, false).await;
    assert_eq!((s, &body["data"]), (200, &json!({ "created": 2, "updated": 0 })), "{body}");
    app.login(&zone, "henry", "123456").await;
    let (_, l) = call(&app, Some(&t), Call::Get("/user/list?account=henry".into())).await;
    assert_eq!((l["data"]["records"][0]["sexName"].as_str(), l["data"]["records"][0]["name"].as_str()), (Some("男"), Some("亨利")));
}

#[actix_web::test]
async fn uploads_that_are_not_spreadsheets_or_too_large_are_refused_with_400() {
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await["access_token"].as_str().unwrap().to_string();
    let exe = [b"MZ\x90\x00\x03\x00\x00\x00\x04\x00".as_slice(), &[0u8; 4096]].concat();
    let (s, body) = upload(&app, Some(&platform), IMPORT, "用户.xlsx", &exe, false).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("file")), "{body}");
    let big = vec![b'A'; 10 * 1024 * 1024 + 1];
    let (s, body) = upload(&app, Some(&platform), IMPORT, "用户.xlsx", &big, false).await;
    assert_eq!((s, body["data"]["reason"].as_str()), (400, Some("文件大小不能超过 10 MB")), "{body}");
    let (s, body) = upload(&app, Some(&platform), IMPORT, "用户.csv", b"account\n", false).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("file")), "{body}");
    let (s, body) = app.post_json(&format!("{SYS}/user/import-user"), &platform, &json!({})).await;
    assert_eq!(s, 400, "{body}");
}
