//! Investment projects in the business service (issue 15): every endpoint declares its permission and
//! stays in the caller's tenant; the power type of a person's department decides which projects they see;
//! library entry runs the review workflow, and approval numbers the project; bad input is a field error.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::{Call, call_at, exec_system, insert_user, matrix_at, role_with, token};
use crate::users_excel::{download, rows_of};

const API: &str = "/api/project";

/// A complete project of territory `dept`: 招商引资, 已签约, 52,000.5 万元 (tracked on approval).
pub(crate) fn project(name: &str, dept: &str) -> Value {
    json!({
        "projectName": name, "ownerName": "新能源电机有限公司", "projectSource": "1", "deptId": dept,
        "projectType": "01", "projectStatus": "30", "constructionNature": "1", "industryCode": "C38",
        "projectLevel": "3", "isKeyProject": "N", "address": "东区创业大道8号", "constructionContent": "新建厂房4.2万平方米",
        "totalInvestment": "52000.5", "fixedAssetInvestment": "48000", "equipmentInvestment": "21000",
        "signDate": "2026-03-18", "contractAmount": "52000", "plannedStartDate": "2026-06-01",
        "plannedCompletionDate": "2027-12-31", "ownerContact": "李经理", "ownerPhone": "0512-67890000"
    })
}

pub(crate) fn with(mut body: Value, patch: Value) -> Value {
    body.as_object_mut().unwrap().extend(patch.as_object().unwrap().clone());
    body
}

pub(crate) async fn get(app: &TestApp, token: Option<&str>, path: &str) -> (u16, Value) {
    call_at(app, API, token, Call::Get(path.to_string())).await
}

async fn submit(app: &TestApp, token: Option<&str>, body: &Value) -> (u16, Value) {
    call_at(app, API, token, Call::Json("/submit", body.clone())).await
}

pub(crate) async fn review(app: &TestApp, token: Option<&str>, ids: &[&str], step: &str, opinion: &str) -> (u16, Value) {
    call_at(app, API, token, Call::Json("/review", json!({ "ids": ids, "step": step, "opinion": opinion }))).await
}

/// Creates a project as `token`; answers its id.
pub(crate) async fn create(app: &TestApp, token: &str, body: &Value) -> String {
    let (s, reply) = submit(app, Some(token), body).await;
    assert_eq!(s, 200, "{reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

pub(crate) async fn detail(app: &TestApp, token: &str, id: &str) -> Value {
    let (s, d) = get(app, Some(token), &format!("/detail?id={id}")).await;
    assert_eq!(s, 200, "{d}");
    d["data"].clone()
}

fn names(list: &Value) -> Vec<String> {
    let mut out: Vec<String> = list["data"]["records"]
        .as_array()
        .unwrap_or_else(|| panic!("{list}"))
        .iter()
        .map(|r| r["projectName"].as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

/// A department of the tenant under `parent` with a power type; answers its id.
pub(crate) async fn dept(app: &TestApp, tenant: &str, parent: &str, name: &str, power_type: i32) -> String {
    let id = keeper_common::id::next_id();
    let parent: i64 = parent.parse().unwrap();
    exec_system(
        app,
        "INSERT INTO sys_dept (id, tenant_id, parent_id, ancestors, dept_category, power_type, dept_name, full_name, sort, remark, is_deleted) VALUES (?, ?, ?, '', 2, ?, ?, ?, 1, '', 0)",
        vec![id.into(), tenant.into(), parent.into(), power_type.into(), name.into(), name.into()],
    )
    .await;
    id.to_string()
}

/// The person's token: an account of `dept` whose only role holds `codes`.
pub(crate) async fn person(app: &TestApp, tenant: &str, account: &str, dept: &str, codes: &[&str]) -> String {
    let role = role_with(app, tenant, account, codes).await;
    insert_user(app, tenant, account, &role, dept).await;
    token(app, tenant, account).await
}

pub(crate) const CLERK: &[&str] = &[
    "project_warehousing",
    "project_warehousing_view",
    "project_warehousing_add",
    "project_warehousing_edit",
    "project_warehousing_delete",
    "project_warehousing_submit",
    "project_warehousing_export",
];
pub(crate) const REVIEWER: &[&str] = &[
    "project_warehousing",
    "project_warehousing_view",
    "project_warehousing_approve",
    "project_warehousing_return",
    "project_warehousing_edit",
];

const EXPORT_HEADERS: [&str; 31] = [
    "项目编号",
    "项目名称",
    "项目单位",
    "属地园区",
    "行业主管部门",
    "项目类型",
    "项目来源",
    "项目级别",
    "是否重点项目",
    "建设性质",
    "所属行业",
    "主导产业",
    "建设地点",
    "建设规模及内容",
    "计划总投资(万元)",
    "其中固定资产投资(万元)",
    "其中设备投资(万元)",
    "投资规模",
    "签约日期",
    "计划开工日期",
    "实际开工日期",
    "计划竣工日期",
    "项目状态",
    "入库状态",
    "提交人",
    "提交时间",
    "审核意见",
    "入库日期",
    "包保领导",
    "项目单位联系人",
    "联系电话",
];

const ENDPOINTS: [&str; 8] = ["list", "detail", "create", "update", "remove", "submit step", "review-log", "export"];

/// One call of each endpoint on fresh projects of `fixture`.
async fn each_endpoint(app: &TestApp, token: Option<&str>, fixture: &str, dept: &str, tag: &str) -> Vec<u16> {
    let target = create(app, fixture, &project(&format!("目标{tag}"), dept)).await;
    let doomed = create(app, fixture, &project(&format!("待删{tag}"), dept)).await;
    let stepped = create(app, fixture, &project(&format!("待提交{tag}"), dept)).await;
    let calls = vec![
        Call::Get("/list?inLibrary=N".into()),
        Call::Get(format!("/detail?id={target}")),
        Call::Json("/submit", project(&format!("新建{tag}"), dept)),
        Call::Json("/submit", json!({ "id": target, "remark": "改过" })),
        Call::Form("/remove", vec![("ids", doomed)]),
        Call::Json("/review", json!({ "ids": [stepped], "step": "submit", "opinion": "" })),
        Call::Get(format!("/review-log?id={target}")),
    ];
    let mut out = matrix_at(app, API, token, tag, &ENDPOINTS[..7], calls).await;
    out.push(download(app, token, &format!("{API}/export?inLibrary=N")).await.0);
    out
}

#[actix_web::test]
async fn each_project_endpoint_answers_by_the_callers_grants_in_two_tenants() {
    let app = TestApp::spawn().await;
    let platform = crate::support::platform_token(&app).await;
    for zone in ["甲园区", "乙园区"] {
        let tenant = app.create_tenant(&platform, zone, "Zone#1").await;
        let login = app.login(&tenant, "admin", "Zone#1").await;
        let (admin, top) = (login["access_token"].as_str().unwrap(), login["dept_id"].as_str().unwrap());
        let viewer = person(&app, &tenant, "viewer", top, &["project_warehousing_view"]).await;
        let bureau_viewer = person(&app, &tenant, "renovation", top, &["technical_renovation_view"]).await;
        let nobody = person(&app, &tenant, "nobody", top, &[]).await;
        assert_eq!(each_endpoint(&app, Some(admin), admin, top, "管理员").await, vec![200; 8], "{zone} administrator");
        let read_only = [200, 200, 403, 403, 403, 403, 200, 403];
        assert_eq!(each_endpoint(&app, Some(&viewer), admin, top, "查看").await, read_only, "{zone} view only");
        assert_eq!(each_endpoint(&app, Some(&bureau_viewer), admin, top, "技改查看").await, read_only, "{zone} the other menu's view");
        assert_eq!(each_endpoint(&app, Some(&nobody), admin, top, "无权").await, vec![403; 8], "{zone} no grants");
        assert_eq!(each_endpoint(&app, None, admin, top, "匿名").await, vec![401; 8], "{zone} anonymous");
        let (_, l) = get(&app, Some(admin), "/list?size=100").await;
        assert!(l["data"]["records"].as_array().unwrap().iter().all(|r| r["tenantId"] == tenant.as_str()), "{l}");
    }
    // A project of one tenant answers in another exactly like a missing one.
    let (a, b) = (app.create_tenant(&platform, "丙园区", "Zone#1").await, app.create_tenant(&platform, "丁园区", "Zone#1").await);
    let a_login = app.login(&a, "admin", "Zone#1").await;
    let b_login = app.login(&b, "admin", "Zone#1").await;
    let (a_token, b_token) = (a_login["access_token"].as_str().unwrap(), b_login["access_token"].as_str().unwrap());
    let foreign = create(&app, b_token, &project("丁项目", b_login["dept_id"].as_str().unwrap())).await;
    let missing = keeper_common::id::next_id().to_string();
    for id in [&foreign, &missing] {
        assert_eq!(get(&app, Some(a_token), &format!("/detail?id={id}")).await.0, 404);
        assert_eq!(submit(&app, Some(a_token), &json!({ "id": id, "remark": "x" })).await.0, 404);
        assert_eq!(review(&app, Some(a_token), &[id], "submit", "").await.0, 404);
        assert_eq!(get(&app, Some(a_token), &format!("/review-log?id={id}")).await.0, 404);
    }
    let (s, body) = submit(&app, Some(a_token), &project("越界项目", b_login["dept_id"].as_str().unwrap())).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("deptId")), "{body}");
    assert_eq!(detail(&app, b_token, &foreign).await["libraryStatus"], "0", "untouched");
}

#[actix_web::test]
async fn library_entry_runs_the_review_workflow_and_approval_numbers_the_project() {
    let app = TestApp::spawn().await;
    let platform = crate::support::platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "入库测试园区", "Zone#1").await;
    let top = app.login(&tenant, "admin", "Zone#1").await["dept_id"].as_str().unwrap().to_string();
    let east = dept(&app, &tenant, &top, "东区", 2).await;
    let clerk = person(&app, &tenant, "clerk", &east, CLERK).await;
    let committee = person(&app, &tenant, "committee", &top, REVIEWER).await;

    // A draft needs only its name, type and territory; going to review needs the rest.
    let draft = json!({ "projectName": "年产20万套电机项目", "projectType": "01", "deptId": east });
    let id = create(&app, &clerk, &draft).await;
    let d = detail(&app, &clerk, &id).await;
    assert_eq!((d["libraryStatus"].as_str(), d["projectStatus"].as_str(), d["projectNo"].as_str()), (Some("0"), Some("10"), Some("")));
    assert_eq!((d["reportStatus"].as_str(), d["nextSteps"].clone()), (Some("0"), json!(["submit"])));
    let (s, body) = review(&app, Some(&clerk), &[&id], "submit", "").await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("projectSource")), "{body}");
    assert_eq!(detail(&app, &clerk, &id).await["libraryStatus"], "0", "nothing moved");
    let (s, body) = submit(&app, Some(&clerk), &with(project("年产20万套电机项目", &east), json!({ "id": id }))).await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(review(&app, Some(&clerk), &[&id], "submit", "").await.0, 200);
    let d = detail(&app, &clerk, &id).await;
    assert_eq!((d["libraryStatus"].as_str(), d["submitUserName"].as_str()), (Some("1"), Some("clerk")));
    assert_eq!(d["nextSteps"], json!(["approve", "return", "withdraw"]));
    // Submitted, it is nobody's to edit; the clerk may not approve it.
    let (s, body) = submit(&app, Some(&clerk), &json!({ "id": id, "remark": "再改" })).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("项目已提交审核或已入库，不能修改")), "{body}");
    assert_eq!(review(&app, Some(&clerk), &[&id], "approve", "").await.0, 403);

    // The committee returns it with an opinion (required), the clerk fixes and resubmits, it is approved.
    let (s, body) = review(&app, Some(&committee), &[&id], "return", " ").await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("opinion")), "{body}");
    assert_eq!(review(&app, Some(&committee), &[&id], "return", "请补充设备投资明细").await.0, 200);
    let d = detail(&app, &clerk, &id).await;
    assert_eq!((d["libraryStatus"].as_str(), d["reviewOpinion"].as_str()), (Some("3"), Some("请补充设备投资明细")));
    assert_eq!(submit(&app, Some(&clerk), &json!({ "id": id, "equipmentInvestment": "23000" })).await.0, 200);
    assert_eq!(review(&app, Some(&clerk), &[&id], "resubmit", "").await.0, 200);
    assert_eq!(review(&app, Some(&committee), &[&id], "approve", "同意入库").await.0, 200);
    let d = detail(&app, &clerk, &id).await;
    let year = keeper_common::time::today().format("%Y").to_string();
    assert_eq!(d["projectNo"].as_str(), Some(format!("XM{year}-0001").as_str()), "{d}");
    assert_eq!(d["entryDate"].as_str(), Some(keeper_common::time::today().format("%Y-%m-%d").to_string().as_str()));
    assert_eq!((d["isTracked"].as_str(), d["equipmentInvestment"].as_str()), (Some("Y"), Some("23000")), "52,000.5 万元 is tracked");
    assert_eq!((d["investmentBand"].as_str(), d["libraryStatusName"].as_str()), (Some("5"), Some("已通过")));

    // Approved, it leaves the 项目入库 list and cannot be removed; the history tells every move in order.
    assert!(names(&get(&app, Some(&clerk), "/list?inLibrary=N").await.1).is_empty());
    assert_eq!(names(&get(&app, Some(&clerk), "/list?inLibrary=Y").await.1), ["年产20万套电机项目"]);
    let (s, body) = call_at(&app, API, Some(&clerk), Call::Form("/remove", vec![("ids", id.clone())])).await;
    assert_eq!(s, 400, "{body}");
    let (_, log) = get(&app, Some(&clerk), &format!("/review-log?id={id}")).await;
    let steps: Vec<(&str, &str, &str)> = log["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["step"].as_str().unwrap(), e["toStatus"].as_str().unwrap(), e["operatorName"].as_str().unwrap()))
        .collect();
    assert_eq!(steps, [("submit", "1", "clerk"), ("return", "3", "committee"), ("resubmit", "1", "clerk"), ("approve", "2", "committee")]);

    // A second and a third project approved in one batch take the next numbers; a small one is not tracked.
    let small = create(
        &app,
        &clerk,
        &with(project("小项目", &east), json!({ "totalInvestment": "800", "fixedAssetInvestment": "", "equipmentInvestment": "" })),
    )
    .await;
    let key = create(
        &app,
        &clerk,
        &with(
            project("重点小项目", &east),
            json!({ "totalInvestment": "800", "isKeyProject": "Y", "fixedAssetInvestment": "", "equipmentInvestment": "" }),
        ),
    )
    .await;
    assert_eq!(review(&app, Some(&clerk), &[&small, &key], "submit", "").await.0, 200);
    assert_eq!(review(&app, Some(&committee), &[&small, &key], "approve", "").await.0, 200);
    let mut numbers = vec![];
    for (p, tracked) in [(&small, "N"), (&key, "Y")] {
        let d = detail(&app, &clerk, p).await;
        assert_eq!(d["isTracked"].as_str(), Some(tracked), "{d}");
        numbers.push(d["projectNo"].as_str().unwrap().to_string());
    }
    numbers.sort();
    assert_eq!(numbers, [format!("XM{year}-0002"), format!("XM{year}-0003")]);
    // Un-approving needs a reason and keeps the number.
    assert_eq!(review(&app, Some(&committee), &[&small], "unapprove", "").await.0, 400);
    assert_eq!(review(&app, Some(&committee), &[&small], "unapprove", "投资额有误").await.0, 200);
    assert_eq!(detail(&app, &clerk, &small).await["libraryStatus"], "1");

    // The export is the list: labels, not codes; money to the cent.
    let headers = EXPORT_HEADERS;
    let (s, _, bytes) = download(&app, Some(&clerk), &format!("{API}/export?inLibrary=Y&ascs=project_no")).await;
    assert_eq!(s, 200);
    let rows = rows_of(&bytes, &headers);
    assert_eq!(rows.len(), 2, "{rows:?}");
    let first = &rows[0];
    assert_eq!(
        (first["项目编号"].as_str(), first["项目单位"].as_str(), first["属地园区"].as_str(), first["项目类型"].as_str()),
        (format!("XM{year}-0001").as_str(), "新能源电机有限公司", "东区", "工业项目(新建/扩建)")
    );
    assert_eq!((first["计划总投资(万元)"].as_str(), first["入库状态"].as_str()), ("52000.5", "已通过"));
}

#[actix_web::test]
async fn each_power_type_sees_the_projects_of_its_jurisdiction() {
    let app = TestApp::spawn().await;
    let platform = crate::support::platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "权限测试园区", "Zone#1").await;
    let login = app.login(&tenant, "admin", "Zone#1").await;
    let (admin, top) = (login["access_token"].as_str().unwrap().to_string(), login["dept_id"].as_str().unwrap().to_string());
    let east = dept(&app, &tenant, &top, "东区", 2).await;
    let east_one = dept(&app, &tenant, &east, "东区一片", 2).await;
    let west = dept(&app, &tenant, &top, "西区", 2).await;
    let bureau = dept(&app, &tenant, &top, "工信局", 3).await;
    let power = dept(&app, &tenant, &top, "供电公司", 4).await;
    let office = dept(&app, &tenant, &top, "领导办", 5).await;
    let codes = &["project_warehousing_view", "project_warehousing_add", "project_warehousing_edit"];
    let in_east_one = create(&app, &admin, &with(project("东区一片项目", &east_one), json!({ "industryDeptId": bureau }))).await;
    create(&app, &admin, &project("西区项目", &west)).await;
    let mut seen = vec![];
    for (account, d) in
        [("committee", &top), ("east", &east), ("eastone", &east_one), ("west", &west), ("bureau", &bureau), ("power", &power)]
    {
        let t = person(&app, &tenant, account, d, codes).await;
        seen.push((account, names(&get(&app, Some(&t), "/list?size=50").await.1)));
        if account == "west" || account == "power" {
            assert_eq!(get(&app, Some(&t), &format!("/detail?id={in_east_one}")).await.0, 404, "{account}");
        }
    }
    let all = vec!["东区一片项目".to_string(), "西区项目".to_string()];
    assert_eq!(
        seen,
        [
            ("committee", all.clone()),
            ("east", vec!["东区一片项目".to_string()]),
            ("eastone", vec!["东区一片项目".to_string()]),
            ("west", vec!["西区项目".to_string()]),
            ("bureau", vec!["东区一片项目".to_string()]),
            ("power", vec![]),
        ]
    );
    // A department of type 其他 follows its roles' data-scope rules: none configured, the whole tenant.
    let t = person(&app, &tenant, "office", &office, codes).await;
    assert_eq!(names(&get(&app, Some(&t), "/list").await.1), all);
    // A park clerk files in their own subtree only, and sees what they filed.
    let t = person(&app, &tenant, "eastclerk", &east, codes).await;
    let (s, body) = submit(&app, Some(&t), &project("放到西区", &west)).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("deptId")), "{body}");
    create(&app, &t, &project("东区新项目", &east_one)).await;
    assert_eq!(names(&get(&app, Some(&t), "/list").await.1), ["东区一片项目", "东区新项目"]);
}

#[actix_web::test]
async fn bad_input_is_a_field_error_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let platform = crate::support::platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "校验项目园区", "Zone#1").await;
    let login = app.login(&tenant, "admin", "Zone#1").await;
    let (t, top) = (login["access_token"].as_str().unwrap().to_string(), login["dept_id"].as_str().unwrap().to_string());
    let bureau = dept(&app, &tenant, &top, "工信局", 3).await;
    let east = dept(&app, &tenant, &top, "东区", 2).await;
    let base = project("校验项目", &east);
    let bad: Vec<(Value, &str)> = vec![
        (with(base.clone(), json!({ "totalInvestment": "0" })), "totalInvestment"),
        (with(base.clone(), json!({ "totalInvestment": "-1" })), "totalInvestment"),
        (with(base.clone(), json!({ "totalInvestment": "lots" })), "totalInvestment"),
        (with(base.clone(), json!({ "equipmentInvestment": "60000" })), "equipmentInvestment"),
        (with(base.clone(), json!({ "plannedCompletionDate": "2026-01-01" })), "plannedCompletionDate"),
        (with(base.clone(), json!({ "plannedStartDate": "2026-02-30" })), "plannedStartDate"),
        (with(base.clone(), json!({ "projectStatus": "99" })), "projectStatus"),
        (with(base.clone(), json!({ "projectType": "77" })), "projectType"),
        (with(base.clone(), json!({ "industryCode": "Z99" })), "industryCode"),
        (with(base.clone(), json!({ "deptId": bureau })), "deptId"),
        (with(base.clone(), json!({ "deptId": "" })), "deptId"),
        (with(base.clone(), json!({ "industryDeptId": east })), "industryDeptId"),
        (with(base.clone(), json!({ "enterpriseId": "123" })), "enterpriseId"),
        (with(base.clone(), json!({ "projectName": "长".repeat(201) })), "projectName"),
        (json!({ "id": "abc", "remark": "x" }), "id"),
    ];
    for (body, field) in bad {
        let (s, reply) = submit(&app, Some(&t), &body).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    assert_eq!(get(&app, Some(&t), "/list").await.1["data"]["total"], 0, "nothing was written");
    // A project declared under way needs its start date before it goes to review.
    let id = create(&app, &t, &with(base.clone(), json!({ "projectStatus": "50" }))).await;
    let (s, reply) = review(&app, Some(&t), &[&id], "submit", "").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("actualStartDate")), "{reply}");
    for (body, field) in [
        (json!({ "ids": [], "step": "submit" }), "ids"),
        (json!({ "ids": ["x"], "step": "submit" }), "ids"),
        (json!({ "ids": [id], "step": "jump" }), "step"),
        (json!({ "ids": [id], "step": "return", "opinion": "长".repeat(501) }), "opinion"),
    ] {
        let (s, reply) = call_at(&app, API, Some(&t), Call::Json("/review", body.clone())).await;
        assert!(s == 400, "{body}: {reply}");
        if field != "opinion" {
            assert_eq!(reply["data"]["field"].as_str(), Some(field), "{body}: {reply}");
        }
    }
    for (path, field) in [
        ("/list?ascs=password", "ascs"),
        ("/list?inLibrary=X", "inLibrary"),
        ("/list?deptId=abc", "deptId"),
        ("/list?submitTimeStart=2026-13-01", "submitTimeStart"),
        ("/detail?id=abc", "id"),
    ] {
        let (s, reply) = get(&app, Some(&t), path).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{path}: {reply}");
    }
    // 入库纳统: only a project in the library, under way, with its approval code.
    let under_way = json!({ "projectStatus": "50", "actualStartDate": "2026-04-10" });
    let uncoded = create(&app, &t, &with(with(base.clone(), under_way.clone()), json!({ "projectName": "无代码项目" }))).await;
    let started = create(
        &app,
        &t,
        &with(with(base.clone(), under_way), json!({ "projectName": "在建项目", "approvalCode": "2604-320100-04-01-123456" })),
    )
    .await;
    let included =
        |id: &str, period: &str| call_at(&app, API, Some(&t), Call::Json("/stat-included", json!({ "id": id, "period": period })));
    assert_eq!(included(&started, "2026-05").await.0, 400, "not in the library yet");
    assert_eq!(review(&app, Some(&t), &[&started, &uncoded], "submit", "").await.0, 200);
    assert_eq!(review(&app, Some(&t), &[&started, &uncoded], "approve", "").await.0, 200);
    let (s, reply) = included(&uncoded, "2026-05").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("approvalCode")), "{reply}");
    let (s, reply) = included(&started, "2026-03").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("period")), "before the start: {reply}");
    assert_eq!(included(&started, "2026-13").await.0, 400);
    // …and with evidence of the start: a business licence is none, the construction contract is.
    let (s, reply) = included(&started, "2026-05").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("attachments")), "without evidence: {reply}");
    for (name, category) in [("营业执照.pdf", "4"), ("施工合同.pdf", "2")] {
        let (s, reply) = crate::resources::attach(&app, &t, name, crate::resources::PDF).await;
        assert_eq!(s, 200, "{reply}");
        let body = json!({ "projectId": started, "category": category, "attachIds": [reply["data"]["attachId"]] });
        let (s, reply) = call_at(&app, "/api/projectAttachment", Some(&t), Call::Json("/submit", body)).await;
        assert_eq!(s, 200, "{reply}");
        if category == "4" {
            assert_eq!(included(&started, "2026-05").await.0, 400, "a licence shows no start");
        }
    }
    assert_eq!(included(&started, "2026-05").await.0, 200);
    let d = detail(&app, &t, &started).await;
    assert_eq!((d["isStatIncluded"].as_str(), d["statIncludedPeriod"].as_str()), (Some("Y"), Some("2026-05")));
}

async fn change(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/status", body)).await
}

#[actix_web::test]
async fn status_changes_follow_the_lifecycle_and_write_their_history() {
    let app = TestApp::spawn().await;
    let platform = crate::support::platform_token(&app).await;
    let tenant = app.create_tenant(&platform, "状态测试园区", "Zone#1").await;
    let login = app.login(&tenant, "admin", "Zone#1").await;
    let (admin, top) = (login["access_token"].as_str().unwrap().to_string(), login["dept_id"].as_str().unwrap().to_string());
    let east = dept(&app, &tenant, &top, "东区", 2).await;
    let clerk = person(&app, &tenant, "clerk", &east, CLERK).await;
    let committee = person(&app, &tenant, "committee", &top, REVIEWER).await;
    // A local expansion (no signing needed), kept in reserve.
    let local =
        with(project("扩产项目", &east), json!({ "projectSource": "2", "projectStatus": "10", "signDate": "", "contractAmount": "" }));
    let id = create(&app, &clerk, &local).await;
    let (s, body) = change(&app, &clerk, json!({ "id": id, "toStatus": "20" })).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("项目入库后才能变更状态；入库前请在项目信息中修改")), "{body}");
    assert_eq!(detail(&app, &clerk, &id).await["nextStatuses"], json!([]), "not in the library yet");
    assert_eq!(review(&app, Some(&clerk), &[&id], "submit", "").await.0, 200);
    assert_eq!(review(&app, Some(&committee), &[&id], "approve", "").await.0, 200);

    // The park moves it along the filler's part of the path; construction needs a reviewer's confirmation.
    assert_eq!(detail(&app, &clerk, &id).await["nextStatuses"], json!(["20", "30", "40"]));
    assert_eq!(change(&app, &clerk, json!({ "id": id, "toStatus": "20" })).await.0, 200);
    let (s, body) = change(&app, &clerk, json!({ "id": id, "toStatus": "50", "actualStartDate": "2026-04-10" })).await;
    assert_eq!(s, 403, "{body}");
    let (s, body) = change(&app, &committee, json!({ "id": id, "toStatus": "50" })).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("actualStartDate")), "{body}");
    assert_eq!(change(&app, &committee, json!({ "id": id, "toStatus": "50", "actualStartDate": "2026-04-10" })).await.0, 200);
    let d = detail(&app, &clerk, &id).await;
    assert_eq!((d["projectStatus"].as_str(), d["actualStartDate"].as_str()), (Some("50"), Some("2026-04-10")));

    // A halt needs its reason and resumes only to the status it halted in.
    let (s, body) = change(&app, &committee, json!({ "id": id, "toStatus": "90" })).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("reason")), "{body}");
    assert_eq!(change(&app, &committee, json!({ "id": id, "toStatus": "90", "reason": "用地指标未落实" })).await.0, 200);
    assert_eq!(detail(&app, &committee, &id).await["nextStatuses"], json!(["50", "99"]));
    let (s, body) = change(&app, &committee, json!({ "id": id, "toStatus": "40" })).await;
    assert_eq!((s, body["msg"].as_str()), (400, Some("停缓建前为在建，只能恢复为在建")), "{body}");
    assert_eq!(change(&app, &committee, json!({ "id": id, "toStatus": "50" })).await.0, 200);

    // Back to an earlier status is an administrator's correction, with a reason.
    assert_eq!(change(&app, &clerk, json!({ "id": id, "toStatus": "40", "reason": "误报" })).await.0, 403);
    let (s, body) = change(&app, &admin, json!({ "id": id, "toStatus": "40" })).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("reason")), "{body}");
    assert_eq!(change(&app, &admin, json!({ "id": id, "toStatus": "40", "reason": "开工信息有误" })).await.0, 200);
    // The committee terminates it with the exit's reason and day; nothing follows for the park.
    let (s, body) = change(&app, &committee, json!({ "id": id, "toStatus": "99", "exitReason": "企业战略调整" })).await;
    assert_eq!((s, body["data"]["field"].as_str()), (400, Some("exitDate")), "{body}");
    let exit = json!({ "id": id, "toStatus": "99", "exitReason": "企业战略调整", "exitDate": "2026-06-30" });
    assert_eq!(change(&app, &committee, exit).await.0, 200);
    let d = detail(&app, &clerk, &id).await;
    assert_eq!(
        (d["projectStatusName"].as_str(), d["exitReason"].as_str(), d["nextStatuses"].clone()),
        (Some("终止(退出)"), Some("企业战略调整"), json!([]))
    );

    let (_, log) = get(&app, Some(&clerk), &format!("/status-log?id={id}")).await;
    let moves: Vec<(String, String, String, String)> = log["data"]
        .as_array()
        .unwrap_or_else(|| panic!("{log}"))
        .iter()
        .map(|e| {
            let s = |k: &str| e[k].as_str().unwrap().to_string();
            (s("fromStatus"), s("toStatus"), s("reason"), s("operatorName"))
        })
        .collect();
    let m = |f: &str, t: &str, r: &str, o: &str| (f.to_string(), t.to_string(), r.to_string(), o.to_string());
    assert_eq!(
        moves,
        [
            m("10", "20", "", "clerk"),
            m("20", "50", "", "committee"),
            m("50", "90", "用地指标未落实", "committee"),
            m("90", "50", "", "committee"),
            m("50", "40", "开工信息有误", "管理员"),
            m("40", "99", "", "committee"),
        ]
    );
    assert_eq!(log["data"][1]["changeDate"], "2026-04-10", "the day construction started");
    assert_eq!(log["data"][5]["changeDate"], "2026-06-30", "the exit's day");
    // Out of scope answers 404; a bad body names its field.
    let west = dept(&app, &tenant, &top, "西区", 2).await;
    let stranger = person(&app, &tenant, "west", &west, CLERK).await;
    assert_eq!(change(&app, &stranger, json!({ "id": id, "toStatus": "50" })).await.0, 404);
    assert_eq!(get(&app, Some(&stranger), &format!("/status-log?id={id}")).await.0, 404);
    for (body, field) in [
        (json!({ "toStatus": "20" }), "id"),
        (json!({ "id": id, "toStatus": "xx" }), "toStatus"),
        (json!({ "id": id, "toStatus": "50", "actualStartDate": "2999-01-01" }), "actualStartDate"),
    ] {
        let (s, reply) = change(&app, &admin, body.clone()).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
}
