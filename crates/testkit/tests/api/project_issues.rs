//! The issue ledger of tracked projects and their annual plans (issue 15, domain-model §2.2.7 and
//! §2.2.1): a park raises an issue, the committee triages and assigns it, the responsible department
//! handles it, the committee strikes it off — each move refused outside its status and its role, each
//! written to the log; co-operating departments see only what is assigned to them; the warning colour of
//! the project follows its open issues and its lag behind the time schedule, worked out by hand.
use chrono::Datelike;
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::project_reports::{Zone, filed, in_library, report, took, zone};
use crate::projects::{dept, person, project, with};
use crate::support::{Call, call_at, exec, matrix_at};
use crate::users_excel::{download, rows_of};

const API: &str = "/api/projectIssue";

const RAISER: &[&str] =
    &["track_project", "track_project_view", "track_project_add", "track_project_edit", "track_project_submit", "track_project_issue"];
const COMMITTEE: &[&str] =
    &["track_project", "track_project_view", "track_project_assign", "track_project_approve", "track_project_export"];
const HANDLER: &[&str] = &["track_project", "track_project_view", "track_project_handle"];

/// The zone of the report tests plus the ledger's people: the east park's raiser, the committee's
/// dispatcher, and two 协办 departments (power supply, water) with a handler each.
pub(crate) struct Ledger {
    pub(crate) z: Zone,
    pub(crate) raiser: String,
    pub(crate) committee: String,
    pub(crate) power: String,
    pub(crate) power_dept: String,
    pub(crate) water: String,
    pub(crate) water_dept: String,
}

pub(crate) async fn ledger(app: &TestApp, name: &str) -> Ledger {
    let z = zone(app, name).await;
    let raiser = person(app, &z.tenant, "raiser", &z.east, RAISER).await;
    let committee = person(app, &z.tenant, "dispatcher", &z.top, COMMITTEE).await;
    let power_dept = dept(app, &z.tenant, &z.top, "供电公司", 4).await;
    let water_dept = dept(app, &z.tenant, &z.top, "水务集团", 4).await;
    let power = person(app, &z.tenant, "power", &power_dept, HANDLER).await;
    let water = person(app, &z.tenant, "water", &water_dept, HANDLER).await;
    Ledger { z, raiser, committee, power, power_dept, water, water_dept }
}

fn this_year() -> i32 {
    keeper_common::time::today().year()
}

fn today_plus(days: u64) -> String {
    (keeper_common::time::today() + chrono::Days::new(days)).format("%Y-%m-%d").to_string()
}

async fn raise(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/submit", body)).await
}

pub(crate) async fn raised(app: &TestApp, token: &str, body: Value) -> String {
    let (s, reply) = raise(app, token, body.clone()).await;
    assert_eq!(s, 200, "{body}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

pub(crate) fn issue(project: &str) -> Value {
    json!({ "projectId": project, "issueType": "4", "description": "10kV专线未接入，设备无法调试", "suggestion": "协调供电公司加快施工" })
}

pub(crate) async fn assign(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/assign", body)).await
}

async fn act(app: &TestApp, token: &str, ids: &[&str], action: &str, content: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/act", json!({ "ids": ids.join(","), "action": action, "content": content }))).await
}

async fn acted(app: &TestApp, token: &str, ids: &[&str], action: &str, content: &str) {
    let (s, reply) = act(app, token, ids, action, content).await;
    assert_eq!(s, 200, "{action} {ids:?}: {reply}");
}

async fn show(app: &TestApp, token: &str, id: &str) -> (u16, Value) {
    let (s, d) = call_at(app, API, Some(token), Call::Get(format!("/detail?id={id}"))).await;
    (s, d["data"].clone())
}

async fn listed(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let (s, d) = call_at(app, API, Some(token), Call::Get(format!("/list?size=100&{query}"))).await;
    assert_eq!(s, 200, "{d}");
    d["data"]["records"].as_array().unwrap().clone()
}

/// The project's row of the tracked list for `period`.
async fn tracked(app: &TestApp, token: &str, project: &str, period: &str) -> Value {
    let (s, d) = call_at(app, "/api/project", Some(token), Call::Get(format!("/tracked?projectId={project}&period={period}"))).await;
    assert_eq!(s, 200, "{d}");
    d["data"]["records"][0].clone()
}

fn actions(v: &Value) -> Vec<&str> {
    v["actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect()
}

#[actix_web::test]
async fn an_issue_runs_from_raising_to_striking_off_and_colours_its_project_on_the_way() {
    let app = TestApp::spawn().await;
    let l = ledger(&app, "问题台账园区").await;
    let p = in_library(&app, &l.z, project("光伏组件扩产项目", &l.z.east)).await;
    let period = format!("{}-01", this_year());
    let row = tracked(&app, &l.committee, &p, &period).await;
    assert_eq!((row["warning"].as_str(), row["openIssueCount"].as_u64()), (Some("green"), Some(0)));

    // raised by the park: numbered, level 1, 待研判
    let id = raised(&app, &l.raiser, issue(&p)).await;
    let (_, d) = show(&app, &l.raiser, &id).await;
    assert_eq!(d["issueNo"], format!("WT{}-0001", this_year()));
    assert_eq!((d["issueLevel"].as_str(), d["issueStatus"].as_str(), d["deptName"].as_str()), (Some("1"), Some("10"), Some("东区")));
    assert_eq!(actions(&d), vec!["edit", "remove"], "the raiser may still change it");
    let row = tracked(&app, &l.committee, &p, &period).await;
    assert_eq!((row["warning"].as_str(), row["warningReasons"][0].as_str()), (Some("blue"), Some("1个问题办理中")));

    // not yet assigned: the power company sees nothing of it
    assert_eq!(show(&app, &l.power, &id).await.0, 404);
    assert!(listed(&app, &l.power, "").await.is_empty());

    // 交办 as a 重点问题 to the power company with the water group co-operating
    let deadline = today_plus(10);
    let (s, r) = assign(
        &app,
        &l.committee,
        json!({ "id": id, "issueLevel": "4", "responsibleDeptId": l.power_dept, "coDeptIds": [l.water_dept],
                "deadline": deadline, "responsibleLeader": "王副主任", "meetingRef": "11月调度会", "opinion": "请供电公司牵头" }),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let row = tracked(&app, &l.committee, &p, &period).await;
    assert_eq!((row["warning"].as_str(), row["topIssueLevel"].as_str()), (Some("red"), Some("4")));
    assert_eq!(row["warningReasons"][0], "有未销号的重点问题");

    // the departments see it now, and only it (not the project's list)
    let (s, d) = show(&app, &l.power, &id).await;
    assert_eq!(s, 200);
    assert_eq!(actions(&d), vec!["refuse", "accept", "progress"]);
    assert_eq!((d["responsibleDeptName"].as_str(), d["coDeptNames"].as_str()), (Some("供电公司"), Some("水务集团")));
    let (_, d) = show(&app, &l.water, &id).await;
    assert_eq!(actions(&d), vec!["progress"], "a co-operating department only notes its progress");
    let (_, list) = call_at(&app, "/api/project", Some(&l.power), Call::Get("/tracked".into())).await;
    assert_eq!(list["data"]["total"], 0, "a 协办 department sees no project");

    // who may do what, and from where
    assert_eq!(act(&app, &l.water, &[&id], "accept", "").await.0, 403, "not the responsible department");
    assert_eq!(act(&app, &l.committee, &[&id], "accept", "").await.0, 403, "no handling button");
    let (s, r) = act(&app, &l.power, &[&id], "resolve", "已接入").await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("问题已交办，不能办结")));
    acted(&app, &l.power, &[&id], "accept", "").await;
    acted(&app, &l.water, &[&id], "progress", "管线已完成开挖").await;
    acted(&app, &l.power, &[&id], "progress", "专线施工完成80%").await;
    acted(&app, &l.power, &[&id], "resolve", "10kV专线已送电").await;
    // rejected once, then resolved again and struck off
    acted(&app, &l.committee, &[&id], "reject", "企业反映电压不稳，请复核").await;
    acted(&app, &l.power, &[&id], "resolve", "已更换调压装置，电压稳定").await;
    let row = tracked(&app, &l.committee, &p, &period).await;
    assert_eq!(row["warning"], "red", "a resolved issue stays open until the committee strikes it off");
    acted(&app, &l.committee, &[&id], "confirm", "").await;
    let row = tracked(&app, &l.committee, &p, &period).await;
    assert_eq!((row["warning"].as_str(), row["openIssueCount"].as_u64()), (Some("green"), Some(0)));

    let (_, d) = show(&app, &l.committee, &id).await;
    assert_eq!((d["issueStatus"].as_str(), d["resolution"].as_str()), (Some("50"), Some("已更换调压装置，电压稳定")));
    assert!(actions(&d).is_empty(), "struck off is final");
    let steps: Vec<(&str, &str, &str)> = d["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["action"].as_str().unwrap(), e["toStatusName"].as_str().unwrap(), e["content"].as_str().unwrap()))
        .collect();
    assert_eq!(
        steps,
        vec![
            ("raise", "待研判", ""),
            ("assign", "已交办", "请供电公司牵头"),
            ("accept", "办理中", ""),
            ("progress", "办理中", "管线已完成开挖"),
            ("progress", "办理中", "专线施工完成80%"),
            ("resolve", "已办结", "10kV专线已送电"),
            ("reject", "办理中", "企业反映电压不稳，请复核"),
            ("resolve", "已办结", "已更换调压装置，电压稳定"),
            ("confirm", "已销号", ""),
        ]
    );
    assert_eq!(d["log"][1]["toLevelName"], "重点问题");
}

#[actix_web::test]
async fn refusals_closing_levels_and_overdue_issues() {
    let app = TestApp::spawn().await;
    let l = ledger(&app, "问题规则园区").await;
    let p = in_library(&app, &l.z, project("新材料中试基地", &l.z.east)).await;
    let period = format!("{}-01", this_year());

    // a wrong assignment goes back to triage without its department
    let wrong = raised(&app, &l.raiser, issue(&p)).await;
    let to_power =
        |id: &str, level: &str| json!({ "id": id, "issueLevel": level, "responsibleDeptId": l.power_dept, "deadline": today_plus(5) });
    assert_eq!(assign(&app, &l.committee, to_power(&wrong, "3")).await.0, 200);
    assert_eq!(act(&app, &l.power, &[&wrong], "refuse", "").await.1["data"]["field"], "content");
    acted(&app, &l.power, &[&wrong], "refuse", "属规划审批事项，非我单位职责").await;
    let (_, d) = show(&app, &l.committee, &wrong).await;
    assert_eq!((d["issueStatus"].as_str(), d["responsibleDeptId"].as_str()), (Some("10"), Some("")));
    assert_eq!(show(&app, &l.power, &wrong).await.0, 404, "no longer theirs");
    // closed as needing nothing, with a reason
    assert_eq!(act(&app, &l.committee, &[&wrong], "close", "").await.1["data"]["field"], "content");
    acted(&app, &l.committee, &[&wrong], "close", "企业已自行解决").await;
    assert_eq!(show(&app, &l.committee, &wrong).await.1["issueStatus"], "60");
    assert_eq!(act(&app, &l.committee, &[&wrong], "close", "再关").await.0, 400);

    // the triage form names the field
    let second = raised(&app, &l.raiser, issue(&p)).await;
    assert_eq!(show(&app, &l.raiser, &second).await.1["issueNo"], format!("WT{}-0002", this_year()));
    for (body, field) in [
        (json!({ "id": second, "issueLevel": "3", "responsibleDeptId": l.power_dept }), "deadline"),
        (json!({ "id": second, "issueLevel": "1", "responsibleDeptId": l.power_dept }), "issueLevel"),
        (json!({ "id": second, "issueLevel": "3", "responsibleDeptId": l.power_dept, "deadline": "2020-01-01" }), "deadline"),
        (json!({ "id": second, "issueLevel": "3", "responsibleDeptId": "123", "deadline": today_plus(3) }), "responsibleDeptId"),
        (json!({ "id": second, "issueLevel": "2", "responsibleDeptId": l.power_dept, "suggestion": "" , "coDeptIds": ["x"] }), "coDeptIds"),
    ] {
        let (s, r) = assign(&app, &l.committee, body.clone()).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{body}: {r}");
    }
    // a 建议问题 needs no deadline; raised to 重点 it needs one
    assert_eq!(assign(&app, &l.committee, json!({ "id": second, "issueLevel": "2", "responsibleDeptId": l.power_dept })).await.0, 200);
    assert_eq!(tracked(&app, &l.committee, &p, &period).await["warning"], "blue");
    let (s, r) = call_at(
        &app,
        API,
        Some(&l.committee),
        Call::Json("/act", json!({ "ids": second, "action": "relevel", "content": "影响投产", "issueLevel": "4" })),
    )
    .await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("deadline")), "{r}");
    let relevel = json!({ "ids": second, "action": "relevel", "content": "影响投产", "issueLevel": "4", "deadline": today_plus(7) });
    assert_eq!(call_at(&app, API, Some(&l.committee), Call::Json("/act", relevel)).await.0, 200);
    let (_, d) = show(&app, &l.committee, &second).await;
    assert_eq!(
        (d["issueLevel"].as_str(), d["log"][2]["fromLevelName"].as_str(), d["log"][2]["toLevelName"].as_str()),
        (Some("4"), Some("建议问题"), Some("重点问题"))
    );
    assert_eq!(act(&app, &l.raiser, &[&second], "remove", "").await.1["data"]["field"], "action");
    let (s, _) = call_at(&app, API, Some(&l.raiser), Call::Form("/remove", vec![("ids", second.clone())])).await;
    assert_eq!(s, 400, "assigned issues are not removed");

    // overdue: a running issue past its deadline (set in the past as time would) turns the project red
    let late = raised(&app, &l.raiser, with(issue(&p), json!({ "issueType": "1", "description": "土地摘牌延期" }))).await;
    assert_eq!(assign(&app, &l.committee, to_power(&late, "3")).await.0, 200);
    let three_days_ago = (keeper_common::time::today() - chrono::Days::new(3)).format("%Y-%m-%d").to_string();
    let sql = "UPDATE biz_project_issue SET deadline = ? WHERE id = ?";
    exec(
        &app,
        "business",
        sql,
        vec![chrono::NaiveDate::parse_from_str(&three_days_ago, "%Y-%m-%d").unwrap().into(), late.parse::<i64>().unwrap().into()],
    )
    .await;
    let (_, d) = show(&app, &l.committee, &late).await;
    assert_eq!((d["overdue"].as_str(), d["overdueDays"].as_i64()), (Some("Y"), Some(3)));
    let row = tracked(&app, &l.committee, &p, &period).await;
    assert_eq!((row["overdueIssueCount"].as_u64(), row["openIssueCount"].as_u64()), (Some(1), Some(2)));
    assert!(row["warningReasons"].as_array().unwrap().iter().any(|r| r == "1个问题超期"), "{row}");
    let overdue: Vec<String> =
        listed(&app, &l.committee, "overdue=Y").await.iter().map(|i| i["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(overdue, vec![late.clone()]);
    // the agenda: open 一般/重点 issues and the overdue one, the weightiest first; the closed one is not on it
    let agenda: Vec<String> = listed(&app, &l.committee, "agenda=Y").await.iter().map(|i| i["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(agenda, vec![second.clone(), late.clone()]);
    let (s, _, bytes) = download(&app, Some(&l.committee), &format!("{API}/export?agenda=Y")).await;
    assert_eq!(s, 200);
    let rows = rows_of(&bytes, &LEDGER_HEADERS);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["问题等级"], "一般问题");
    assert_eq!(rows[1]["超期天数"], "3");
    assert_eq!(rows[0]["责任单位"], "供电公司");
    // the tracked list filters by open issues
    let (_, with_key) =
        call_at(&app, "/api/project", Some(&l.committee), Call::Get(format!("/tracked?period={period}&minIssueLevel=4"))).await;
    assert_eq!(with_key["data"]["total"], 1);
}

#[actix_web::test]
async fn the_annual_plan_measures_the_year_and_the_lag_colours_the_project() {
    let app = TestApp::spawn().await;
    let l = ledger(&app, "年度计划园区").await;
    let last = this_year() - 1;
    let started =
        with(project("汽车零部件智能工厂", &l.z.east), json!({ "projectStatus": "50", "actualStartDate": format!("{last}-01-08") }));
    let p = in_library(&app, &l.z, started.clone()).await;
    // a second tracked project with neither plan nor issue: green whatever it invests
    let calm = in_library(&app, &l.z, with(started, json!({ "projectName": "仓储物流中心" }))).await;
    let plan = |amount: &str| json!({ "projectId": p, "planYear": last, "yearPlanInvestment": amount, "yearMilestone": "主体封顶", "splitMode": "1" });
    let save = |body: Value| {
        let app = &app;
        let token = l.z.admin.clone();
        async move { call_at(app, "/api/projectPlan", Some(&token), Call::Json("/submit", body)).await }
    };
    let (s, r) = save(plan("12000")).await;
    assert_eq!(s, 200, "{r}");
    let (_, plans) = call_at(&app, "/api/projectPlan", Some(&l.z.admin), Call::Get(format!("/list?projectId={p}"))).await;
    // 12 000 ÷ 12 = 1 000 a month exactly
    assert_eq!((plans["data"][0]["m01"].as_str(), plans["data"][0]["m12"].as_str()), (Some("1000"), Some("1000")));

    // December of last year: 100 % of the year gone; 3 500 approved of 12 000 planned is 29.17 %: 70.83
    // points behind, red.
    let dec = filed(&app, &l.z.clerk, &report(&p, &format!("{last}-12"), "3500")).await;
    took(&app, &l.z.clerk, &[&dec], "submit", "").await;
    took(&app, &l.z.checker, &[&dec], "approve", "").await;
    let period = format!("{last}-12");
    let row = tracked(&app, &l.committee, &p, &period).await;
    assert_eq!(
        (row["yearPlanInvestment"].as_str(), row["ytdPlanRate"].as_str(), row["timeProgress"].as_str()),
        (Some("12000"), Some("29.17"), Some("100"))
    );
    assert_eq!((row["warning"].as_str(), row["warningReasons"][0].as_str()), (Some("red"), Some("落后时序进度70.83个百分点")));
    // The list filters by colour: the same colour as each row's dot.
    let coloured = |colours: &'static str| {
        let (app, token, period) = (&app, l.committee.clone(), period.clone());
        async move {
            let (s, d) = call_at(app, "/api/project", Some(&token), Call::Get(format!("/tracked?period={period}&warning={colours}"))).await;
            assert_eq!(s, 200, "{d}");
            let mut ids: Vec<String> =
                d["data"]["records"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect();
            assert_eq!(d["data"]["total"], ids.len(), "{d}");
            ids.sort();
            ids
        }
    };
    let both = {
        let mut both = vec![p.clone(), calm.clone()];
        both.sort();
        both
    };
    assert_eq!(coloured("red").await, [p.as_str()]);
    assert_eq!(coloured("green").await, [calm.as_str()]);
    assert_eq!(coloured("yellow").await, Vec::<String>::new());
    assert_eq!(coloured("red,green").await, both);
    // planned 4 000: 87.5 %, 12.5 points behind — yellow; planned 3 500: on schedule — green
    assert_eq!(save(plan("4000")).await.0, 200);
    assert_eq!(tracked(&app, &l.committee, &p, &period).await["warning"], "yellow");
    assert_eq!(coloured("yellow").await, [p.as_str()]);
    assert_eq!(coloured("red").await, Vec::<String>::new());
    assert_eq!(save(with(plan("3500"), json!({ "splitMode": null }))).await.0, 200);
    let row = tracked(&app, &l.committee, &p, &period).await;
    assert_eq!((row["warning"].as_str(), row["ytdPlanRate"].as_str()), (Some("green"), Some("100")));
    assert_eq!(coloured("green").await, both);
    let (s, r) = call_at(&app, "/api/project", Some(&l.committee), Call::Get(format!("/tracked?period={period}&warning=purple"))).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("warning")), "{r}");
    let (_, plans) = call_at(&app, "/api/projectPlan", Some(&l.z.admin), Call::Get(format!("/list?projectId={p}"))).await;
    assert_eq!(plans["data"].as_array().unwrap().len(), 1, "one plan per year, replaced");
    assert_eq!(plans["data"][0]["m01"], Value::Null, "saved without months");

    // typed months must add up to the year
    let months: Vec<&str> = vec!["100"; 11];
    let (s, r) = save(with(plan("1200"), json!({ "splitMode": "4", "months": months }))).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("months")), "{r}");
    let (s, r) = save(with(plan("0"), json!({}))).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("yearPlanInvestment")), "{r}");

    // a month with an issue is submitted only with its issue raised
    let jan = filed(&app, &l.z.clerk, &with(report(&p, &format!("{}-01", this_year()), "10"), json!({ "hasIssue": "Y" }))).await;
    let (s, r) = call_at(
        &app,
        "/api/projectReport",
        Some(&l.z.clerk),
        Call::Json("/review", json!({ "ids": [jan], "step": "submit", "opinion": "" })),
    )
    .await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("hasIssue")), "{r}");
    raised(&app, &l.raiser, with(issue(&p), json!({ "reportId": jan, "raisedPeriod": format!("{}-01", this_year()) }))).await;
    took(&app, &l.z.clerk, &[&jan], "submit", "").await;
}

/// The ledger sheet's columns, in order.
const LEDGER_HEADERS: [&str; 17] = [
    "问题编号",
    "项目名称",
    "属地园区",
    "问题描述",
    "建议措施",
    "问题等级",
    "问题类别",
    "提出月份",
    "提出单位",
    "责任单位",
    "配合单位",
    "分管领导",
    "解决时限",
    "办理状态",
    "超期天数",
    "解决情况",
    "调度会议",
];

const ENDPOINTS: [&str; 8] = ["list", "detail", "raise", "edit", "remove", "assign", "act", "plan list"];

/// One call of each endpoint on fresh issues of a fresh project of the zone.
async fn each_endpoint(app: &TestApp, token: Option<&str>, l: &Ledger, tag: &str) -> Vec<u16> {
    let p = in_library(app, &l.z, project(&format!("项目{tag}"), &l.z.east)).await;
    let target = raised(app, &l.raiser, issue(&p)).await;
    let doomed = raised(app, &l.raiser, issue(&p)).await;
    let assigned = raised(app, &l.raiser, issue(&p)).await;
    let closed = raised(app, &l.raiser, issue(&p)).await;
    let mut out = matrix_at(
        app,
        API,
        token,
        tag,
        &ENDPOINTS[..7],
        vec![
            Call::Get("/list".into()),
            Call::Get(format!("/detail?id={target}")),
            Call::Json("/submit", issue(&p)),
            Call::Json("/submit", with(issue(&p), json!({ "id": target, "description": "改过" }))),
            Call::Form("/remove", vec![("ids", doomed)]),
            Call::Json("/assign", json!({ "id": assigned, "issueLevel": "2", "responsibleDeptId": l.power_dept, "suggestion": "研究" })),
            Call::Json("/act", json!({ "ids": closed, "action": "close", "content": "无需处理" })),
        ],
    )
    .await;
    out.push(call_at(app, "/api/projectPlan", token, Call::Get(format!("/list?projectId={p}"))).await.0);
    out.push(download(app, token, &format!("{API}/export")).await.0);
    out
}

#[actix_web::test]
async fn each_issue_endpoint_answers_by_the_callers_grants_in_two_tenants() {
    let app = TestApp::spawn().await;
    let mut ledgers = Vec::new();
    for name in ["甲问题园区", "乙问题园区"] {
        let l = ledger(&app, name).await;
        let viewer = person(&app, &l.z.tenant, "viewer", &l.z.top, &["track_project_view"]).await;
        let nobody = person(&app, &l.z.tenant, "nobody", &l.z.top, &["project_warehousing_view"]).await;
        assert_eq!(each_endpoint(&app, Some(&l.z.admin), &l, "管理员").await, vec![200; 9], "{name} administrator");
        // the dispatcher triages and closes, but neither raises nor edits what the park raised (no raising button)
        assert_eq!(
            each_endpoint(&app, Some(&l.committee), &l, "调度").await,
            vec![200, 200, 403, 403, 200, 200, 200, 200, 200],
            "{name} committee"
        );
        assert_eq!(
            each_endpoint(&app, Some(&l.raiser), &l, "上报").await,
            vec![200, 200, 200, 200, 200, 403, 403, 200, 403],
            "{name} the park"
        );
        assert_eq!(
            each_endpoint(&app, Some(&viewer), &l, "查看").await,
            vec![200, 200, 403, 403, 403, 403, 403, 200, 403],
            "{name} view only"
        );
        assert_eq!(
            each_endpoint(&app, Some(&nobody), &l, "无权").await,
            vec![403, 403, 403, 403, 403, 403, 403, 200, 403],
            "{name} another menu's grant"
        );
        assert_eq!(each_endpoint(&app, None, &l, "匿名").await, vec![401; 9], "{name} anonymous");
        ledgers.push(l);
    }
    // An issue of one tenant answers in the other exactly like a missing one, and never reaches its lists.
    let (a, b) = (&ledgers[0], &ledgers[1]);
    let theirs = listed(&app, &b.z.admin, "").await;
    let foreign = theirs[0]["id"].as_str().unwrap().to_string();
    let foreign_project = theirs[0]["projectId"].as_str().unwrap().to_string();
    let missing = keeper_common::id::next_id().to_string();
    for id in [&foreign, &missing] {
        assert_eq!(show(&app, &a.z.admin, id).await.0, 404);
        assert_eq!(act(&app, &a.z.admin, &[id], "accept", "").await.0, 404);
        assert_eq!(
            assign(&app, &a.z.admin, json!({ "id": id, "issueLevel": "2", "responsibleDeptId": a.power_dept, "suggestion": "x" })).await.0,
            404
        );
    }
    assert!(listed(&app, &a.z.admin, "").await.iter().all(|i| i["id"] != foreign.as_str()));
    let (s, r) = raise(&app, &a.z.admin, issue(&foreign_project)).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("projectId")));
    assert_eq!(call_at(&app, "/api/projectPlan", Some(&a.z.admin), Call::Get(format!("/list?projectId={foreign_project}"))).await.0, 404);
    // another tenant's department is no department here
    let ours = listed(&app, &a.z.admin, "").await;
    let mine = raised(&app, &a.raiser, issue(ours[0]["projectId"].as_str().unwrap())).await;
    let (s, r) =
        assign(&app, &a.z.admin, json!({ "id": mine, "issueLevel": "2", "responsibleDeptId": b.power_dept, "suggestion": "x" })).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("responsibleDeptId")));
    // and another park's clerk sees none of the east park's issues
    let west = dept(&app, &a.z.tenant, &a.z.top, "西区", 2).await;
    let west_clerk = person(&app, &a.z.tenant, "westclerk", &west, RAISER).await;
    assert!(listed(&app, &west_clerk, "").await.is_empty());
    assert_eq!(show(&app, &west_clerk, &mine).await.0, 404);
    let _ = &a.water;
}
