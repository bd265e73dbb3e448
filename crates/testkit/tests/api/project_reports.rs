//! Monthly progress reports of projects (issue 15, domain-model §2.2.6) and the dispatch working list they
//! feed (§2.2.7): a park files the month, a reviewer approves it, and every year-to-date and cumulative
//! figure that includes it is right to the ten-thousandth of a 万元; a proposed status move takes effect
//! with the approval; an approved month changes only through a reasoned un-approve; every endpoint answers
//! by the caller's grants and stays in the caller's tenant and scope.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::projects::{self, CLERK, REVIEWER, dept, person, project, with};
use crate::support::{Call, call_at, matrix_at, platform_token};
use crate::users_excel::{download, rows_of};

const API: &str = "/api/projectReport";

const FILLER: &[&str] = &[
    "track_project",
    "track_project_view",
    "track_project_add",
    "track_project_edit",
    "track_project_delete",
    "track_project_submit",
    "track_project_export",
];
const CHECKER: &[&str] = &["track_project", "track_project_view", "track_project_approve", "track_project_return"];

/// A report of the project for `period` that keeps it under construction.
pub(crate) fn report(project: &str, period: &str, amount: &str) -> Value {
    json!({
        "projectId": project, "period": period, "monthInvestment": amount, "projectStatus": "50",
        "currentStage": "9", "progressDesc": "主体施工", "nextMonthPlan": "主体封顶", "hasIssue": "N"
    })
}

async fn file(app: &TestApp, token: &str, body: &Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/submit", body.clone())).await
}

/// Files a report; answers its id.
pub(crate) async fn filed(app: &TestApp, token: &str, body: &Value) -> String {
    let (s, reply) = file(app, token, body).await;
    assert_eq!(s, 200, "{body}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

async fn step(app: &TestApp, token: &str, ids: &[&str], step: &str, opinion: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/review", json!({ "ids": ids, "step": step, "opinion": opinion }))).await
}

pub(crate) async fn took(app: &TestApp, token: &str, ids: &[&str], s: &str, opinion: &str) {
    let (code, reply) = step(app, token, ids, s, opinion).await;
    assert_eq!(code, 200, "{s} {ids:?}: {reply}");
}

async fn show(app: &TestApp, token: &str, id: &str) -> Value {
    let (s, d) = call_at(app, API, Some(token), Call::Get(format!("/detail?id={id}"))).await;
    assert_eq!(s, 200, "{d}");
    d["data"].clone()
}

/// `(ytd, cumulative)` of a report as sent.
async fn figures(app: &TestApp, token: &str, id: &str) -> (Value, Value) {
    let d = show(app, token, id).await;
    (d["ytdInvestment"].clone(), d["cumulativeInvestment"].clone())
}

/// A zone with an east park, its clerk (project and report filler) and the committee's reviewer.
pub(crate) struct Zone {
    pub(crate) tenant: String,
    pub(crate) admin: String,
    pub(crate) top: String,
    pub(crate) east: String,
    pub(crate) clerk: String,
    pub(crate) checker: String,
}

pub(crate) async fn zone(app: &TestApp, name: &str) -> Zone {
    let platform = platform_token(app).await;
    let tenant = app.create_tenant(&platform, name, "Zone#1").await;
    let login = app.login(&tenant, "admin", "Zone#1").await;
    let (admin, top) = (login["access_token"].as_str().unwrap().to_string(), login["dept_id"].as_str().unwrap().to_string());
    let east = dept(app, &tenant, &top, "东区", 2).await;
    let clerk = person(app, &tenant, "clerk", &east, &[CLERK, FILLER].concat()).await;
    let checker = person(app, &tenant, "checker", &top, &[REVIEWER, CHECKER].concat()).await;
    Zone { tenant, admin, top, east, clerk, checker }
}

/// A project of the east park taken into the library; answers its id.
pub(crate) async fn in_library(app: &TestApp, z: &Zone, body: Value) -> String {
    let id = projects::create(app, &z.clerk, &body).await;
    assert_eq!(projects::review(app, Some(&z.clerk), &[&id], "submit", "").await.0, 200);
    assert_eq!(projects::review(app, Some(&z.checker), &[&id], "approve", "").await.0, 200);
    id
}

#[actix_web::test]
async fn approval_recomputes_the_year_to_date_and_cumulative_figures_of_every_later_month() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "月报测试园区").await;
    // Under construction since October 2025, with 3,000.5 万元 invested before the zone went live;
    // 52,000.5 万元 planned.
    let started = with(
        project("智能装备产业园", &z.east),
        json!({ "projectStatus": "50", "actualStartDate": "2025-10-08", "openingInvestment": "3000.5" }),
    );
    let p = in_library(&app, &z, started).await;
    let dec = filed(&app, &z.clerk, &report(&p, "2025-12", "600.25")).await;
    let jan = filed(
        &app,
        &z.clerk,
        &with(report(&p, "2026-01", "100.0001"), json!({ "buildingInvestment": "60", "installInvestment": "40.0001" })),
    )
    .await;
    let feb = filed(&app, &z.clerk, &report(&p, "2026-02", "899.9999")).await;
    let mar = filed(&app, &z.clerk, &report(&p, "2026-03", "1000")).await;
    assert_eq!(figures(&app, &z.clerk, &dec).await, (Value::Null, Value::Null), "a draft counts nowhere");

    took(&app, &z.clerk, &[&dec, &jan, &feb, &mar], "submit", "").await;
    took(&app, &z.checker, &[&feb], "return", "与统计局快报不符").await;
    took(&app, &z.checker, &[&dec, &jan, &mar], "approve", "同意").await;
    // By hand: opening 3,000.5; Dec 600.25 → ytd 600.25, cum 3,600.75; Jan 100.0001 → ytd 100.0001 (a new
    // year), cum 3,700.7501; Feb returned, not counted; Mar 1,000 → ytd 1,100.0001, cum 4,700.7501.
    assert_eq!(figures(&app, &z.clerk, &dec).await, (json!("600.25"), json!("3600.75")));
    assert_eq!(figures(&app, &z.clerk, &jan).await, (json!("100.0001"), json!("3700.7501")));
    assert_eq!(figures(&app, &z.clerk, &feb).await, (Value::Null, Value::Null));
    assert_eq!(figures(&app, &z.clerk, &mar).await, (json!("1100.0001"), json!("4700.7501")));
    assert_eq!(projects::detail(&app, &z.clerk, &p).await["cumulativeInvestment"], "4700.7501");

    // February corrected and approved late: March's figures move with it (ytd 2,000, cum 5,600.75).
    assert_eq!(file(&app, &z.clerk, &json!({ "id": feb, "monthInvestment": "899.9999", "remark": "按快报更正" })).await.0, 200);
    took(&app, &z.clerk, &[&feb], "resubmit", "").await;
    took(&app, &z.checker, &[&feb], "approve", "").await;
    assert_eq!(figures(&app, &z.clerk, &feb).await, (json!("1000"), json!("4600.75")));
    assert_eq!(figures(&app, &z.clerk, &mar).await, (json!("2000"), json!("5600.75")));

    // January is locked once approved: only a reasoned un-approve reopens it, and it stops counting.
    let (s, reply) = file(&app, &z.clerk, &json!({ "id": jan, "monthInvestment": "1" })).await;
    assert_eq!((s, reply["msg"].as_str()), (400, Some("月报已提交审核或已通过，不能修改")), "{reply}");
    let (s, reply) = step(&app, &z.checker, &[&jan], "unapprove", " ").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("opinion")), "{reply}");
    took(&app, &z.checker, &[&jan], "unapprove", "投资构成有误").await;
    // Without January: Feb ytd 899.9999, cum 4,500.7499; Mar ytd 1,899.9999, cum 5,500.7499 = 10.58 % of
    // 52,000.5.
    assert_eq!(figures(&app, &z.clerk, &jan).await, (Value::Null, Value::Null));
    assert_eq!(figures(&app, &z.clerk, &feb).await, (json!("899.9999"), json!("4500.7499")));
    let m = show(&app, &z.clerk, &mar).await;
    assert_eq!((m["ytdInvestment"].as_str(), m["cumulativeInvestment"].as_str()), (Some("1899.9999"), Some("5500.7499")));
    assert_eq!((m["totalRate"].as_str(), m["overInvestment"].as_bool()), (Some("10.58"), Some(false)));
    assert_eq!(
        (m["deptName"].as_str(), m["projectName"].as_str(), m["period"].as_str()),
        (Some("东区"), Some("智能装备产业园"), Some("2026-03"))
    );
    assert_eq!(m["nextSteps"], json!(["unapprove"]));
    let d = projects::detail(&app, &z.clerk, &p).await;
    assert_eq!((d["cumulativeInvestment"].as_str(), d["currentStage"].as_str()), (Some("5500.7499"), Some("9")));

    let (_, log) = call_at(&app, API, Some(&z.clerk), Call::Get(format!("/review-log?id={jan}"))).await;
    let steps: Vec<&str> = log["data"].as_array().unwrap().iter().map(|e| e["step"].as_str().unwrap()).collect();
    assert_eq!(steps, ["submit", "approve", "unapprove"]);
    assert_eq!(log["data"][2]["opinion"], "投资构成有误");

    // The year's reports, newest month first.
    let (_, list) = call_at(&app, API, Some(&z.clerk), Call::Get(format!("/list?projectId={p}&year=2026"))).await;
    let periods: Vec<&str> = list["data"]["records"].as_array().unwrap().iter().map(|r| r["period"].as_str().unwrap()).collect();
    assert_eq!(periods, ["2026-03", "2026-02", "2026-01"]);
    let (_, approved) = call_at(&app, API, Some(&z.clerk), Call::Get("/list?reportStatus=2&period=2025-12".into())).await;
    assert_eq!(approved["data"]["total"], 1);

    // The working list: March reported (1–3月 1,899.9999), April not yet.
    let tracked = |q: &str| call_at(&app, "/api/project", Some(&z.clerk), Call::Get(format!("/tracked?{q}")));
    let (s, t) = tracked("period=2026-03").await;
    assert_eq!(s, 200, "{t}");
    let row = &t["data"]["records"][0];
    assert_eq!(
        (row["projectName"].as_str(), row["ytdInvestment"].as_str(), row["monthInvestment"].as_str(), row["reported"].as_str()),
        (Some("智能装备产业园"), Some("1899.9999"), Some("1000"), Some("Y"))
    );
    assert_eq!((row["monthReportId"].as_str(), row["monthReportStatus"].as_str()), (Some(mar.as_str()), Some("2")));
    let (_, t) = tracked("period=2026-04&reported=N").await;
    assert_eq!((t["data"]["total"].as_u64(), t["data"]["records"][0]["monthReportId"].as_str()), (Some(1), Some("")), "{t}");
    assert_eq!(tracked("period=2026-04&reported=Y").await.1["data"]["total"], 0);
    assert_eq!(tracked("period=2026-02&reported=N").await.1["data"]["total"], 0, "February is approved");
    assert_eq!(tracked("period=2026-13").await.0, 400);

    // The export is the list.
    let (s, _, bytes) = download(&app, Some(&z.clerk), &format!("{API}/export?projectId={p}&year=2026")).await;
    assert_eq!(s, 200);
    let rows = rows_of(&bytes, &EXPORT_HEADERS);
    let cells = |r: &std::collections::HashMap<String, String>| {
        ["月份", "本月完成投资(万元)", "本年累计完成投资(万元)", "开工累计完成投资(万元)", "状态"].map(|h| r[h].clone())
    };
    assert_eq!(
        rows.iter().map(cells).collect::<Vec<_>>(),
        [
            ["2026-03", "1000", "1899.9999", "5500.7499", "已通过"].map(String::from),
            ["2026-02", "899.9999", "899.9999", "4500.7499", "已通过"].map(String::from),
            ["2026-01", "100.0001", "", "", "待审核"].map(String::from),
        ]
    );
}

#[actix_web::test]
async fn a_report_proposes_a_status_move_that_takes_effect_when_it_is_approved() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "进展状态园区").await;
    let p = in_library(&app, &z, with(project("新材料项目", &z.east), json!({ "projectStatus": "40" }))).await;
    // The working list offers the moves a report may propose from 前期手续: 在建 and 停缓建.
    let (_, t) = call_at(&app, "/api/project", Some(&z.clerk), Call::Get(format!("/tracked?projectId={p}"))).await;
    assert_eq!((t["data"]["total"].as_u64(), t["data"]["records"][0]["proposableStatuses"].clone()), (Some(1), json!(["50", "90"])), "{t}");
    let start = with(report(&p, "2026-10", "2500"), json!({ "currentStage": "8" }));
    let (s, reply) = file(&app, &z.clerk, &start).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("actualStartDate")), "{reply}");
    let terminate = with(
        report(&p, "2026-09", "0"),
        json!({ "projectStatus": "99", "statusChange": { "exitReason": "撤资", "exitDate": "2026-09-30" } }),
    );
    let (s, reply) = file(&app, &z.clerk, &terminate).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("projectStatus")), "the committee terminates, not a report: {reply}");

    let id = filed(&app, &z.clerk, &with(start, json!({ "statusChange": { "actualStartDate": "2026-10-12" } }))).await;
    let r = show(&app, &z.clerk, &id).await;
    assert_eq!(
        (r["fromStatus"].as_str(), r["projectStatus"].as_str(), r["proposesChange"].as_bool(), r["projectStatusName"].as_str()),
        (Some("40"), Some("50"), Some(true), Some("在建"))
    );
    assert_eq!(r["statusChange"], json!({ "actualStartDate": "2026-10-12" }));
    assert_eq!(projects::detail(&app, &z.clerk, &p).await["projectStatus"], "40", "nothing moves before the review");

    took(&app, &z.clerk, &[&id], "submit", "").await;
    took(&app, &z.checker, &[&id], "approve", "").await;
    let d = projects::detail(&app, &z.clerk, &p).await;
    assert_eq!((d["projectStatus"].as_str(), d["actualStartDate"].as_str()), (Some("50"), Some("2026-10-12")));
    let log = || call_at(&app, "/api/project", Some(&z.clerk), Call::Get(format!("/status-log?id={p}")));
    let (_, history) = log().await;
    let last = history["data"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["fromStatus"].as_str(), last["toStatus"].as_str(), last["operatorName"].as_str(), last["changeDate"].as_str()),
        (Some("40"), Some("50"), Some("checker"), Some("2026-10-12"))
    );
    let moves = history["data"].as_array().unwrap().len();
    // Un-approving keeps the status the project reached; approving again does not move it twice.
    took(&app, &z.checker, &[&id], "unapprove", "补充现场照片").await;
    assert_eq!(projects::detail(&app, &z.clerk, &p).await["projectStatus"], "50");
    took(&app, &z.checker, &[&id], "approve", "").await;
    assert_eq!(log().await.1["data"].as_array().unwrap().len(), moves);
}

#[actix_web::test]
async fn bad_input_is_a_field_error_and_an_approved_month_stays_locked() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "月报校验园区").await;
    let p = in_library(&app, &z, with(project("物流园", &z.east), json!({ "projectStatus": "50", "actualStartDate": "2026-01-05" }))).await;
    let draft = projects::create(&app, &z.clerk, &project("未入库项目", &z.east)).await;
    let approved = filed(&app, &z.clerk, &report(&p, "2026-05", "300")).await;
    took(&app, &z.clerk, &[&approved], "submit", "").await;
    took(&app, &z.checker, &[&approved], "approve", "").await;
    let today = chrono::Utc::now().with_timezone(&keeper_common::time::zone()).date_naive();
    let next_month = today.checked_add_months(chrono::Months::new(1)).unwrap().format("%Y-%m").to_string();
    let base = report(&p, "2026-06", "300");
    for (body, field) in [
        (report(&p, "2026-05", "1"), "period"),
        (with(base.clone(), json!({ "period": next_month })), "period"),
        (with(base.clone(), json!({ "period": "2026-6-1" })), "period"),
        (with(base.clone(), json!({ "monthInvestment": "-5" })), "monthInvestment"),
        (with(base.clone(), json!({ "monthInvestment": "12.34567" })), "monthInvestment"),
        (with(base.clone(), json!({ "monthInvestment": [1] })), "monthInvestment"),
        (with(base.clone(), json!({ "buildingInvestment": "200" })), "buildingInvestment"),
        (with(base.clone(), json!({ "currentStage": "99" })), "currentStage"),
        (with(base.clone(), json!({ "projectStatus": "77" })), "projectStatus"),
        (with(base.clone(), json!({ "hasIssue": "" })), "hasIssue"),
        (with(base.clone(), json!({ "progressDesc": "" })), "progressDesc"),
        (with(base.clone(), json!({ "projectId": draft })), "projectId"),
        (with(base.clone(), json!({ "projectId": "12x" })), "projectId"),
    ] {
        let (s, reply) = file(&app, &z.clerk, &body).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    let (_, list) = call_at(&app, API, Some(&z.clerk), Call::Get(format!("/list?projectId={p}"))).await;
    assert_eq!(list["data"]["total"], 1, "nothing was written");

    // The approved month: neither edited nor removed; a return needs an opinion.
    let (s, reply) = call_at(&app, API, Some(&z.clerk), Call::Form("/remove", vec![("ids", approved.clone())])).await;
    assert_eq!((s, reply["msg"].as_str()), (400, Some("2026年5月的月报已提交审核或已通过，不能删除")), "{reply}");
    let june = filed(&app, &z.clerk, &base).await;
    took(&app, &z.clerk, &[&june], "submit", "").await;
    let (s, reply) = step(&app, &z.checker, &[&june], "return", "").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("opinion")), "{reply}");
    let (s, _) = step(&app, &z.clerk, &[&june], "approve", "").await;
    assert_eq!(s, 403, "a filler does not approve");
    took(&app, &z.clerk, &[&june], "withdraw", "").await;
    assert_eq!(call_at(&app, API, Some(&z.clerk), Call::Form("/remove", vec![("ids", june.clone())])).await.0, 200);
    // A removed draft frees its month.
    filed(&app, &z.clerk, &base).await;

    // Another park's clerk neither sees the east's reports nor files for its projects; the east's
    // report ids answer like missing ones.
    let west = dept(&app, &z.tenant, &z.top, "西区", 2).await;
    let stranger = person(&app, &z.tenant, "west", &west, &[CLERK, FILLER].concat()).await;
    let (s, reply) = file(&app, &stranger, &report(&p, "2026-07", "1")).await;
    assert_eq!((s, reply["data"]["field"].as_str(), reply["data"]["reason"].as_str()), (400, Some("projectId"), Some("项目不存在")));
    assert_eq!(call_at(&app, API, Some(&stranger), Call::Get(format!("/detail?id={approved}"))).await.0, 404);
    assert_eq!(step(&app, &stranger, &[&approved], "withdraw", "").await.0, 404);
    assert_eq!(call_at(&app, API, Some(&stranger), Call::Get("/list".into())).await.1["data"]["total"], 0);
    let (_, t) = call_at(&app, "/api/project", Some(&stranger), Call::Get("/tracked?period=2026-05".into())).await;
    assert_eq!(t["data"]["total"], 0, "{t}");
}

const EXPORT_HEADERS: [&str; 24] = [
    "月份",
    "项目编号",
    "项目名称",
    "属地园区",
    "本月完成投资(万元)",
    "本年累计完成投资(万元)",
    "开工累计完成投资(万元)",
    "占总投资(%)",
    "建筑工程(万元)",
    "安装工程(万元)",
    "设备工器具购置(万元)",
    "其他费用(万元)",
    "本月到位资金(万元)",
    "本月末项目状态",
    "当前节点",
    "形象进度",
    "下月计划",
    "是否存在问题",
    "状态",
    "提交人",
    "提交时间",
    "审核人",
    "审核时间",
    "审核意见",
];

const ENDPOINTS: [&str; 9] = ["tracked", "list", "detail", "create", "update", "remove", "submit step", "review-log", "export"];

/// One call of each endpoint on fresh reports of a fresh project of the zone.
async fn each_endpoint(app: &TestApp, token: Option<&str>, z: &Zone, tag: &str) -> Vec<u16> {
    let p = in_library(app, z, project(&format!("项目{tag}"), &z.east)).await;
    let body = |period: &str| with(report(&p, period, "10"), json!({ "projectStatus": "30" }));
    let target = filed(app, &z.clerk, &body("2026-01")).await;
    let doomed = filed(app, &z.clerk, &body("2026-02")).await;
    let stepped = filed(app, &z.clerk, &body("2026-03")).await;
    let mut out = vec![call_at(app, "/api/project", token, Call::Get("/tracked".into())).await.0];
    let calls = vec![
        Call::Get("/list".into()),
        Call::Get(format!("/detail?id={target}")),
        Call::Json("/submit", body("2026-04")),
        Call::Json("/submit", json!({ "id": target, "remark": "改过" })),
        Call::Form("/remove", vec![("ids", doomed)]),
        Call::Json("/review", json!({ "ids": [stepped], "step": "submit", "opinion": "" })),
        Call::Get(format!("/review-log?id={target}")),
    ];
    out.extend(matrix_at(app, API, token, tag, &ENDPOINTS[1..8], calls).await);
    out.push(download(app, token, &format!("{API}/export")).await.0);
    out
}

#[actix_web::test]
async fn each_report_endpoint_answers_by_the_callers_grants_in_two_tenants() {
    let app = TestApp::spawn().await;
    let mut zones = Vec::new();
    for name in ["甲跟踪园区", "乙跟踪园区"] {
        let z = zone(&app, name).await;
        let viewer = person(&app, &z.tenant, "viewer", &z.top, &["track_project_view"]).await;
        let nobody = person(&app, &z.tenant, "nobody", &z.top, &["project_warehousing_view"]).await;
        assert_eq!(each_endpoint(&app, Some(&z.admin), &z, "管理员").await, vec![200; 9], "{name} administrator");
        assert_eq!(each_endpoint(&app, Some(&z.clerk), &z, "填报").await, vec![200; 9], "{name} the park's clerk");
        let read_only = [200, 200, 200, 403, 403, 403, 403, 200, 403];
        assert_eq!(each_endpoint(&app, Some(&viewer), &z, "查看").await, read_only, "{name} view only");
        assert_eq!(each_endpoint(&app, Some(&nobody), &z, "无权").await, vec![403; 9], "{name} another menu's grant");
        assert_eq!(each_endpoint(&app, None, &z, "匿名").await, vec![401; 9], "{name} anonymous");
        zones.push(z);
    }
    // A report of one tenant answers in the other exactly like a missing one, and never reaches its lists.
    let (a, b) = (&zones[0], &zones[1]);
    let (_, theirs) = call_at(&app, API, Some(&b.admin), Call::Get("/list?size=1".into())).await;
    let foreign = theirs["data"]["records"][0]["id"].as_str().unwrap().to_string();
    let foreign_project = theirs["data"]["records"][0]["projectId"].as_str().unwrap().to_string();
    let missing = keeper_common::id::next_id().to_string();
    for id in [&foreign, &missing] {
        assert_eq!(call_at(&app, API, Some(&a.admin), Call::Get(format!("/detail?id={id}"))).await.0, 404);
        assert_eq!(file(&app, &a.admin, &json!({ "id": id, "remark": "x" })).await.0, 404);
        assert_eq!(step(&app, &a.admin, &[id], "submit", "").await.0, 404);
        assert_eq!(call_at(&app, API, Some(&a.admin), Call::Get(format!("/review-log?id={id}"))).await.0, 404);
        assert_eq!(call_at(&app, API, Some(&a.admin), Call::Form("/remove", vec![("ids", id.to_string())])).await.0, 404);
    }
    let (s, reply) = file(&app, &a.admin, &report(&foreign_project, "2026-08", "1")).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("projectId")), "{reply}");
    let (_, mine) = call_at(&app, API, Some(&a.admin), Call::Get("/list?size=100".into())).await;
    assert!(mine["data"]["records"].as_array().unwrap().iter().all(|r| r["tenantId"] == a.tenant.as_str()), "{mine}");
}
