//! Notices (通知公告, issue 18): a notice published to a department reaches the people of that department
//! and of those below it and the holders of the roles it names, nobody else and no other tenant; opening it
//! leaves one read receipt; a draft or withdrawn notice reaches no reader; every management call answers
//! by the caller's buttons; bad input names its field; the content is sanitised and files travel with it.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::projects::{dept, person};
use crate::resources::{PDF, attach as upload};
use crate::support::{Call, call_at, insert_user, platform_token, role_with, token};

const API: &str = "/api/noticeManager";
/// A zone: the administrator in the committee (top), an east park with a team below it, a west park; a
/// reader in each, one more in the west holding the 安全员 role.
struct Zone {
    tenant: String,
    admin: String,
    east: String,
    west: String,
    role: String,
    east_clerk: String,
    team_member: String,
    west_clerk: String,
    west_safety: String,
}

async fn zone(app: &TestApp, name: &str) -> Zone {
    let platform = platform_token(app).await;
    let tenant = app.create_tenant(&platform, name, "Zone#1").await;
    let login = app.login(&tenant, "admin", "Zone#1").await;
    let (admin, top) = (login["access_token"].as_str().unwrap().to_string(), login["dept_id"].as_str().unwrap().to_string());
    let east = dept(app, &tenant, &top, "东区", 2).await;
    let team = dept(app, &tenant, &east, "东区招商组", 2).await;
    let west = dept(app, &tenant, &top, "西区", 2).await;
    let east_clerk = person(app, &tenant, "east_clerk", &east, &[]).await;
    let team_member = person(app, &tenant, "team_member", &team, &[]).await;
    let west_clerk = person(app, &tenant, "west_clerk", &west, &[]).await;
    let role = role_with(app, &tenant, "安全员", &[]).await;
    insert_user(app, &tenant, "west_safety", &role, &west).await;
    let west_safety = token(app, &tenant, "west_safety").await;
    Zone { tenant, admin, east, west, role, east_clerk, team_member, west_clerk, west_safety }
}

fn notice(title: &str, depts: &[&str], roles: &[&str]) -> Value {
    json!({ "title": title, "category": "1", "content": "<p>周六<b>8:00-12:00</b>停电检修</p>", "deptIds": depts, "roleIds": roles })
}

async fn submit(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/submit", body)).await
}

async fn written(app: &TestApp, token: &str, body: Value) -> String {
    let (s, reply) = submit(app, token, body).await;
    assert_eq!(s, 200, "{reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

async fn act(app: &TestApp, token: &str, what: &str, ids: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Form(what, vec![("ids", ids.to_string())])).await
}

async fn detail(app: &TestApp, token: &str, id: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/detail", json!({ "id": id }))).await
}

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    let (s, reply) = call_at(app, API, Some(token), Call::Get(path.to_string())).await;
    assert_eq!(s, 200, "{path}: {reply}");
    reply["data"].clone()
}

/// The header's count and the titles it lists.
async fn bell(app: &TestApp, token: &str) -> (u64, Vec<String>) {
    let d = get(app, token, "/unread").await;
    let titles = d["list"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()).collect();
    (d["count"].as_u64().unwrap(), titles)
}

fn titles(page: &Value) -> Vec<String> {
    page["records"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()).collect()
}

#[actix_web::test]
async fn a_published_notice_reaches_exactly_its_departments_below_and_roles_and_records_each_reading_once() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "通知测试园区").await;
    let other = zone(&app, "另一园区").await;
    let id = written(&app, &z.admin, notice("东区停电通知", &[&z.east], &[&z.role])).await;

    // A draft reaches no reader.
    for t in [&z.east_clerk, &z.team_member, &z.west_safety] {
        assert_eq!(bell(&app, t).await, (0, vec![]));
        assert_eq!(detail(&app, t, &id).await.0, 404);
    }
    assert_eq!(act(&app, &z.admin, "/publish", &id).await.0, 200);

    // (reader, addressed): the east park, the team below it, the role holder in the west; not the west clerk.
    let cases = [(&z.east_clerk, true), (&z.team_member, true), (&z.west_safety, true), (&z.west_clerk, false)];
    for (t, addressed) in cases {
        let want = if addressed { (1, vec!["东区停电通知".to_string()]) } else { (0, vec![]) };
        assert_eq!(bell(&app, t).await, want);
        assert_eq!(titles(&get(&app, t, "/mine").await).len(), usize::from(addressed));
    }
    assert_eq!(detail(&app, &z.west_clerk, &id).await.0, 404, "not addressed: as if it did not exist");
    // Another tenant's people never see it, managers included.
    for t in [&other.admin, &other.east_clerk] {
        assert_eq!(detail(&app, t, &id).await.0, 404);
        assert_eq!(bell(&app, t).await, (0, vec![]));
    }
    assert!(titles(&get(&app, &other.admin, "/list").await).is_empty());

    // Opening it: the content as sanitised, read, and gone from the bell; opening it twice, one receipt.
    let (s, d) = detail(&app, &z.east_clerk, &id).await;
    assert_eq!(s, 200, "{d}");
    let d = &d["data"];
    assert_eq!(
        (d["title"].as_str(), d["categoryName"].as_str(), d["content"].as_str(), d["read"].as_bool(), d["noticeStatusName"].as_str()),
        (Some("东区停电通知"), Some("通知"), Some("<p>周六<b>8:00-12:00</b>停电检修</p>"), Some(true), Some("已发布"))
    );
    assert_eq!(bell(&app, &z.east_clerk).await, (0, vec![]));
    assert_eq!(detail(&app, &z.east_clerk, &id).await.0, 200);
    let mine = get(&app, &z.east_clerk, "/mine").await;
    assert_eq!(mine["records"][0]["read"], json!(true));
    assert!(titles(&get(&app, &z.east_clerk, "/mine?unread=Y").await).is_empty());
    assert_eq!(bell(&app, &z.team_member).await.0, 1, "one reader's receipt is theirs alone");

    // The managers' view: who read it, how many, whom it addresses.
    let receipts = get(&app, &z.admin, &format!("/receipts?id={id}")).await;
    assert_eq!(receipts["total"], json!(1), "{receipts}");
    assert_eq!(receipts["records"][0]["userName"], json!("east_clerk"));
    let list = get(&app, &z.admin, "/list").await;
    let row = &list["records"][0];
    assert_eq!(
        (row["readCount"].as_i64(), row["audienceName"].as_str(), row["noticeStatus"].as_i64()),
        (Some(1), Some("东区、安全员"), Some(1)),
        "{row}"
    );
    // The manager reads without leaving a receipt (not addressed: the committee is above the east park).
    assert_eq!(detail(&app, &z.admin, &id).await.0, 200);
    assert_eq!(get(&app, &z.admin, &format!("/receipts?id={id}")).await["total"], json!(1));

    // Published: not changed, not removed; withdrawn: gone from every reader, changed, published again.
    let (s, reply) = submit(&app, &z.admin, json!({ "id": id, "title": "改", "category": "1", "content": "<p>x</p>" })).await;
    assert_eq!(s, 400, "{reply}");
    assert!(reply["msg"].as_str().unwrap().contains("先撤回"), "{reply}");
    assert_eq!(act(&app, &z.admin, "/remove", &id).await.0, 400);
    assert_eq!(act(&app, &z.admin, "/withdraw", &id).await.0, 200);
    assert_eq!(act(&app, &z.admin, "/withdraw", &id).await.0, 400, "withdrawn already");
    assert_eq!(bell(&app, &z.team_member).await, (0, vec![]));
    assert_eq!(detail(&app, &z.east_clerk, &id).await.0, 404);
    written(&app, &z.admin, json!({ "id": id, "title": "全区停电通知", "category": "2", "content": "<p>全区</p>" })).await;
    assert_eq!(act(&app, &z.admin, "/publish", &id).await.0, 200);
    // Now to everyone: the west clerk too, and the administrator.
    for t in [&z.west_clerk, &z.admin, &z.team_member] {
        assert_eq!(bell(&app, t).await, (1, vec!["全区停电通知".to_string()]));
    }
    assert_eq!(bell(&app, &z.east_clerk).await.0, 0, "a receipt outlives the withdrawal: it is the same notice");
    assert_eq!(get(&app, &z.admin, "/list").await["records"][0]["audienceName"], json!("全体人员"));

    // Removed only once withdrawn again.
    assert_eq!(act(&app, &z.admin, "/withdraw", &id).await.0, 200);
    assert_eq!(act(&app, &z.admin, "/remove", &id).await.0, 200);
    assert!(titles(&get(&app, &z.admin, "/list").await).is_empty());
    assert_eq!(detail(&app, &z.admin, &id).await.0, 404);
    let _ = (&z.tenant, &z.west, &other.tenant);
}

#[actix_web::test]
async fn every_management_call_answers_by_the_callers_buttons() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "通知权限园区").await;
    let draft = written(&app, &z.admin, notice("草稿", &[], &[])).await;
    let published = written(&app, &z.admin, notice("已发布", &[], &[])).await;
    assert_eq!(act(&app, &z.admin, "/publish", &published).await.0, 200);

    // (buttons, [list, add, edit, publish, withdraw, remove, receipts], reads the draft); the one case that
    // withdraws the published notice and removes the draft comes last.
    let cases: [(&[&str], [u16; 7], u16); 5] = [
        (&[], [403, 403, 403, 403, 403, 403, 403], 404),
        (&["notice", "notice_view"], [200, 403, 403, 403, 403, 403, 200], 200),
        (&["notice", "notice_add"], [200, 200, 403, 403, 403, 403, 403], 200),
        (&["notice", "notice_edit", "notice_publish"], [200, 403, 200, 200, 403, 403, 403], 200),
        (&["notice", "notice_withdraw", "notice_delete", "notice_receipt"], [200, 403, 403, 403, 200, 200, 200], 200),
    ];
    for (i, (codes, want, reads_draft)) in cases.iter().enumerate() {
        let t = person(&app, &z.tenant, &format!("m{i}"), &z.east, codes).await;
        let mine = written(&app, &z.admin, notice(&format!("第{i}条"), &[], &[])).await;
        assert_eq!(detail(&app, &t, &draft).await.0, *reads_draft, "{codes:?}");
        let got = [
            call_at(&app, API, Some(&t), Call::Get("/list".into())).await.0,
            submit(&app, &t, notice("新", &[], &[])).await.0,
            submit(&app, &t, json!({ "id": mine, "title": "改", "category": "1", "content": "<p>改</p>" })).await.0,
            act(&app, &t, "/publish", &mine).await.0,
            act(&app, &t, "/withdraw", &published).await.0,
            act(&app, &t, "/remove", &draft).await.0,
            call_at(&app, API, Some(&t), Call::Get(format!("/receipts?id={published}"))).await.0,
        ];
        assert_eq!(&got, want, "{codes:?}");
    }
    // Signed out: nothing.
    assert_eq!(call_at(&app, API, None, Call::Get("/unread".into())).await.0, 401);
}

#[actix_web::test]
async fn bad_input_names_its_field_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "通知校验园区").await;
    let other = zone(&app, "通知校验外区").await;
    let field = |reply: &Value| reply["data"]["field"].as_str().unwrap_or_default().to_string();
    let cases = [
        (json!({ "title": "", "category": "1", "content": "<p>x</p>" }), "title"),
        (json!({ "title": "x", "category": "9", "content": "<p>x</p>" }), "category"),
        (json!({ "title": "x", "category": "1", "content": "<script>alert(1)</script>" }), "content"),
        (json!({ "title": "x", "category": "1", "content": "<p>x</p>", "deptIds": [other.east] }), "deptIds"),
        (json!({ "title": "x", "category": "1", "content": "<p>x</p>", "roleIds": [other.role] }), "roleIds"),
        (json!({ "title": "x", "category": "1", "content": "<p>x</p>", "deptIds": "1" }), "deptIds"),
        (json!({ "title": "x", "category": "1", "content": "<p>x</p>", "attachIds": ["1"] }), "attachIds"),
        (json!({ "title": ["x"], "category": "1", "content": "<p>x</p>" }), "title"),
    ];
    for (body, want) in cases {
        let (s, reply) = submit(&app, &z.admin, body.clone()).await;
        assert_eq!((s, field(&reply)), (400, want.to_string()), "{body}: {reply}");
    }
    assert!(titles(&get(&app, &z.admin, "/list").await).is_empty(), "nothing written");
    // Unknown or foreign notices are not found.
    let theirs = written(&app, &other.admin, notice("外区", &[], &[])).await;
    for what in ["/publish", "/withdraw", "/remove"] {
        assert_eq!(act(&app, &z.admin, what, &theirs).await.0, 404, "{what}");
    }
    assert_eq!(submit(&app, &z.admin, json!({ "id": theirs, "title": "x", "category": "1", "content": "<p>x</p>" })).await.0, 404);
    assert_eq!(call_at(&app, API, Some(&z.admin), Call::Get(format!("/receipts?id={theirs}"))).await.0, 404);
    assert_eq!(call_at(&app, API, Some(&z.admin), Call::Get("/list?noticeStatus=7".into())).await.0, 400);
    assert_eq!(detail(&app, &z.admin, "abc").await.0, 400);

    // What could run in a reader's browser is dropped, the rest kept.
    let id = written(
        &app,
        &z.admin,
        json!({ "title": "x", "category": "1", "content": "<p onclick=\"steal()\">会<script>alert(1)</script>议<a href=\"javascript:x()\">链接</a></p>" }),
    )
    .await;
    let (_, d) = detail(&app, &z.admin, &id).await;
    assert_eq!(d["data"]["content"], json!("<p>会议<a rel=\"noopener noreferrer\">链接</a></p>"));
    let _ = (&z.east_clerk, &z.team_member, &z.west_clerk, &z.west_safety, &z.west, &other.tenant);
}

#[actix_web::test]
async fn a_notices_files_are_the_authors_uploads_and_follow_each_edit() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "通知附件园区").await;
    let uploaded = |t: String, name: &'static str| {
        let app = &app;
        async move {
            let (s, reply) = upload(app, &t, name, PDF).await;
            assert_eq!(s, 200, "{reply}");
            reply["data"]["attachId"].as_str().unwrap().to_string()
        }
    };
    let a = uploaded(z.admin.clone(), "排班表.pdf").await;
    let b = uploaded(z.admin.clone(), "线路图.pdf").await;
    let body = |files: &[&str]| {
        let mut n = notice("检修安排", &[], &[]);
        n["attachIds"] = json!(files);
        n
    };
    let id = written(&app, &z.admin, body(&[&a, &b])).await;
    let files = |d: &Value| -> Vec<String> {
        d["data"]["attachments"].as_array().unwrap().iter().map(|f| f["originalName"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(files(&detail(&app, &z.admin, &id).await.1), vec!["排班表.pdf", "线路图.pdf"]);
    // An edit that keeps one drops the other; the readers see what is kept.
    let mut edit = body(&[&b]);
    edit["id"] = json!(id);
    written(&app, &z.admin, edit).await;
    assert_eq!(act(&app, &z.admin, "/publish", &id).await.0, 200);
    let (s, d) = detail(&app, &z.west_clerk, &id).await;
    assert_eq!(s, 200);
    assert_eq!(files(&d), vec!["线路图.pdf"]);
    assert!(d["data"]["attachments"][0]["fileName"].as_str().unwrap().ends_with(".pdf"), "{d}");
    let _ = (&z.tenant, &z.east, &z.west, &z.role, &z.east_clerk, &z.team_member, &z.west_safety);
}
