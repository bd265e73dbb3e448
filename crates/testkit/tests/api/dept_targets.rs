//! Department targets (issue 16, domain-model §2.2.5a): the committee drafts, issues and revises the
//! year's targets, the departments confirm theirs, and the completion view measures the approved
//! figures against the targets in force — every rate worked out by hand below, to the hundredth; the
//! Excel export is the screen; the indicators the platform does not measure come from the bureau's
//! official figures; every call answers by the caller's grants, scope and tenant.
use std::collections::HashMap;

use keeper_excel::Value as Cell;
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::project_import::{number, text, xlsx};
use crate::project_reports::{Zone, filed, report, took, zone};
use crate::projects::{self, dept, person, project, with};
use crate::support::{Call, call_at, exec, matrix_at};
use crate::users_excel::{download, problems, rows_of, upload};

const API: &str = "/api";

const COMMITTEE: &[&str] = &[
    "target_task",
    "target_task_view",
    "target_task_add",
    "target_task_edit",
    "target_task_delete",
    "target_task_export",
    "target_task_release",
    "target_task_import",
];
const PARK: &[&str] = &["target_task", "target_task_view", "target_task_confirm", "target_task_export"];

async fn get(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Get(path.to_string())).await
}

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json(path, body)).await
}

async fn form(app: &TestApp, token: &str, path: &str, ids: &[&str]) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Form(path, vec![("ids", ids.join(","))])).await
}

/// Saves a target; answers its id.
pub(crate) async fn target(app: &TestApp, token: &str, body: Value) -> String {
    let (s, reply) = post(app, token, "/target/submit", body.clone()).await;
    assert_eq!(s, 200, "{body}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

pub(crate) async fn released(app: &TestApp, token: &str, ids: &[&str]) {
    let (s, reply) = form(app, token, "/target/release", ids).await;
    assert_eq!(s, 200, "{reply}");
}

/// The completion rows by department name.
async fn completion(app: &TestApp, token: &str, query: &str) -> HashMap<String, Value> {
    let (s, reply) = get(app, token, &format!("/target/completion?{query}")).await;
    assert_eq!(s, 200, "{reply}");
    reply["data"].as_array().unwrap().iter().map(|r| (r["deptName"].as_str().unwrap().to_string(), r.clone())).collect()
}

/// `(annual, 1–N target, actual, completion, 1–N completion, gap, last year, yoy, rank)` of a row as sent.
fn figures(r: &Value) -> [Value; 9] {
    ["annualTarget", "periodTarget", "actual", "completion", "periodCompletion", "scheduleGap", "lastYear", "yoy", "rank"]
        .map(|k| r[k].clone())
}

/// A project of `dept` taken into the library by the administrator and approved by the reviewer.
async fn in_library(app: &TestApp, z: &Zone, body: Value) -> String {
    let id = projects::create(app, &z.admin, &body).await;
    assert_eq!(projects::review(app, Some(&z.admin), &[&id], "submit", "").await.0, 200);
    assert_eq!(projects::review(app, Some(&z.checker), &[&id], "approve", "").await.0, 200);
    id
}

/// Files and approves a month; `approve: false` leaves it waiting for review.
async fn month(app: &TestApp, z: &Zone, project: &str, period: &str, amount: &str, approve: bool) -> String {
    let id = filed(app, &z.admin, &report(project, period, amount)).await;
    took(app, &z.admin, &[&id], "submit", "").await;
    if approve {
        took(app, &z.checker, &[&id], "approve", "").await;
    }
    id
}

/// The fixed zone of this file: 管委会 over 东区, 西区 and 南区; the committee and a person of each of 东区
/// and 西区. Projects and reports (万元), approved unless said:
/// - 智能装备产业园 (东区, 工业, started 2025-10-08): 2025-03 400 · 2026-01 500 · 2026-02 700 · 2026-03 300 (waiting)
/// - 光伏组件扩产 (西区, 工业, started 2026-02-10): 2026-02 1,000
/// - 物流园 (南区, 现代服务业, signed 2026-03-18, not started): none
pub(crate) struct Fixed {
    pub(crate) z: Zone,
    pub(crate) west: String,
    pub(crate) south: String,
    pub(crate) committee: String,
    pub(crate) east_person: String,
    pub(crate) west_person: String,
    pub(crate) smart: String,
    pub(crate) solar: String,
    pub(crate) logistics: String,
}

pub(crate) async fn fixed(app: &TestApp, name: &str) -> Fixed {
    let z = zone(app, name).await;
    let west = dept(app, &z.tenant, &z.top, "西区", 2).await;
    let south = dept(app, &z.tenant, &z.top, "南区", 2).await;
    let committee = person(app, &z.tenant, "committee", &z.top, COMMITTEE).await;
    let east_person = person(app, &z.tenant, "eastpark", &z.east, PARK).await;
    let west_person = person(app, &z.tenant, "westpark", &west, PARK).await;
    let started = |date: &str| json!({ "projectStatus": "50", "actualStartDate": date, "isTracked": "Y" });
    let smart = in_library(app, &z, with(project("智能装备产业园", &z.east), started("2025-10-08"))).await;
    let solar = in_library(app, &z, with(project("光伏组件扩产", &west), started("2026-02-10"))).await;
    let logistics = in_library(app, &z, with(project("物流园", &south), json!({ "projectType": "03" }))).await;
    month(app, &z, &smart, "2025-03", "400", true).await;
    month(app, &z, &smart, "2026-01", "500", true).await;
    month(app, &z, &smart, "2026-02", "700", true).await;
    month(app, &z, &smart, "2026-03", "300", false).await;
    month(app, &z, &solar, "2026-02", "1000", true).await;
    Fixed { z, west, south, committee, east_person, west_person, smart, solar, logistics }
}

pub(crate) fn investment(dept: &str, annual: &str) -> Value {
    json!({ "targetYear": 2026, "deptId": dept, "indicatorCode": "4", "annualTarget": annual })
}

#[actix_web::test]
async fn the_completion_view_measures_approved_investment_against_the_targets_in_force() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "目标测试园区").await;
    let c = &f.committee;
    // 管委会 30,000 and 东区 12,000 split evenly (1–3月 7,500 and 3,000); 西区 6,000 by quarterly
    // checkpoints 20 % / 50 % / 75 % (1–3月 1,200); 南区 0. A draft for 南区's industrial investment is
    // not issued, so it counts nowhere.
    let top = target(&app, c, investment(&f.z.top, "30000")).await;
    let east = target(&app, c, investment(&f.z.east, "12000")).await;
    let west =
        target(&app, c, with(investment(&f.west, "6000"), json!({ "splitMode": "3", "q1Share": "20", "h1Share": "50", "q3Share": "75" })))
            .await;
    let south = target(&app, c, investment(&f.south, "0")).await;
    target(&app, c, with(investment(&f.south, "800"), json!({ "indicatorCode": "2" }))).await;
    released(&app, c, &[&top, &east, &west, &south]).await;

    // By hand at 2026-03 (time progress 3 ÷ 12 = 25.00 %), approved months only (March's 300 waits):
    // 东区 500 + 700 = 1,200: 1,200 ÷ 12,000 = 10.00 %, 25 − 10 → −15.00 pp, 1,200 ÷ 3,000 = 40.00 %;
    //   last year's 1–3月 400 → (1,200 − 400) ÷ 400 = 200.00 %.
    // 西区 1,000: 16.666… → 16.67 %, −8.33 pp, 1,000 ÷ 1,200 = 83.33 %; no last year, so no growth.
    // 南区 nothing recorded: 0, and a zero target gives no rate at all.
    // 管委会 is its whole subtree: 2,200 ÷ 30,000 = 7.33 %, −17.67 pp, 2,200 ÷ 7,500 = 29.33 %; last year
    //   400 → 450.00 %. The parks rank 西区 1, 东区 2 (南区 has no rate).
    let rows = completion(&app, c, "period=2026-03&indicatorCode=4").await;
    let want = |v: Value| -> [Value; 9] { serde_json::from_value(v).unwrap() };
    assert_eq!(figures(&rows["东区"]), want(json!(["12000", "3000", "1200", "10.00", "40.00", "-15.00", "400", "200.00", 2])));
    assert_eq!(figures(&rows["西区"]), want(json!(["6000", "1200", "1000", "16.67", "83.33", "-8.33", null, null, 1])));
    assert_eq!(figures(&rows["南区"]), want(json!(["0", "0", "0", null, null, null, null, null, null])));
    let zone_name = rows.keys().find(|k| !["东区", "西区", "南区", "合计"].contains(&k.as_str())).unwrap().clone();
    assert_eq!(figures(&rows[&zone_name]), want(json!(["30000", "7500", "2200", "7.33", "29.33", "-17.67", "400", "450.00", 1])));
    assert_eq!(rows[&zone_name]["timeProgress"], "25.00");
    // The total is the zone's own target, not the zone's plus the parks'.
    assert_eq!(figures(&rows["合计"])[..3], figures(&rows[&zone_name])[..3]);
    assert_eq!(rows["东区"]["depth"], 1);

    // Approving March adds 300 to 东区: 1,500 ÷ 12,000 = 12.50 %, −12.50 pp; the zone 2,500 → 8.33 %.
    let (_, list) =
        call_at(&app, "/api/projectReport", Some(&f.z.admin), Call::Get(format!("/list?projectId={}&period=2026-03", f.smart))).await;
    let march = list["data"]["records"][0]["id"].as_str().unwrap().to_string();
    took(&app, &f.z.checker, &[&march], "approve", "").await;
    let rows = completion(&app, c, "period=2026-03&indicatorCode=4").await;
    assert_eq!((rows["东区"]["completion"].as_str(), rows["东区"]["scheduleGap"].as_str()), (Some("12.50"), Some("-12.50")));
    assert_eq!(rows[&zone_name]["completion"], "8.33");

    // The department on the report when it was filed counts, unless asked for today's: moved to 西区,
    // 智能装备产业园's 1,500 stays with 东区, or goes to 西区 (2,500 ÷ 6,000 = 41.67 %).
    exec(
        &app,
        "business",
        "UPDATE biz_project SET dept_id = ? WHERE id = ?",
        vec![f.west.parse::<i64>().unwrap().into(), f.smart.parse::<i64>().unwrap().into()],
    )
    .await;
    assert_eq!(completion(&app, c, "period=2026-03&indicatorCode=4").await["东区"]["actual"], "1500");
    let now = completion(&app, c, "period=2026-03&indicatorCode=4&deptBasis=current").await;
    assert_eq!(
        (now["东区"]["actual"].as_str(), now["西区"]["actual"].as_str(), now["西区"]["completion"].as_str()),
        (Some("0"), Some("2500"), Some("41.67"))
    );

    // A park sees its own row only, and the export is the screen.
    let mine = completion(&app, &f.east_person, "period=2026-03&indicatorCode=4").await;
    assert_eq!(mine.keys().filter(|k| *k != "合计").collect::<Vec<_>>(), ["东区"]);
    let (s, disposition, bytes) = download(&app, Some(c), "/api/target/export?period=2026-03&indicatorCode=4").await;
    assert_eq!(s, 200);
    assert!(disposition.contains(".xlsx"), "{disposition}");
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    assert_eq!(grid[0][0], "2026年1–3月项目完成投资目标完成情况");
    assert_eq!(grid[1][0], "单位：万元");
    assert_eq!(
        grid[2],
        ["责任单位", "年度目标", "1–3月目标", "1–3月完成", "完成率(%)", "时序进度(%)", "超/落后(百分点)", "上年同期", "同比(%)", "排名"]
    );
    let east_row = grid.iter().find(|r| r[0].trim_start_matches('　') == "东区").unwrap();
    assert_eq!(east_row[0], "　东区", "indented under the zone");
    assert_eq!(east_row[1..10], ["12000", "3000", "1500", "12.5", "25", "-12.5", "400", "275", "2"]);
    assert_eq!(grid.last().unwrap()[0], "合计");
}

#[actix_web::test]
async fn a_target_is_issued_confirmed_and_revised_with_its_earlier_version_kept() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "目标流转园区").await;
    let c = &f.committee;
    let east = target(&app, c, investment(&f.z.east, "12000")).await;
    let west = target(&app, c, investment(&f.west, "6000")).await;

    // A draft is the committee's alone.
    let (_, list) = get(&app, &f.east_person, "/target/list?year=2026").await;
    assert_eq!(list["data"], json!([]), "{list}");
    assert_eq!(form(&app, &f.east_person, "/target/confirm", &[&east]).await.0, 404);
    // One target per department, year and indicator.
    let (s, reply) = post(&app, c, "/target/submit", investment(&f.z.east, "1")).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("indicatorCode")), "{reply}");

    released(&app, c, &[&east, &west]).await;
    let (_, list) = get(&app, &f.east_person, "/target/list?year=2026").await;
    let mine = &list["data"][0];
    assert_eq!(
        (list["data"].as_array().unwrap().len(), mine["deptName"].as_str(), mine["targetStatusName"].as_str()),
        (1, Some("东区"), Some("已下达"))
    );
    assert_eq!(mine["nextSteps"], json!(["confirm", "revise"]));
    // 东区 confirms its own, not 西区's; an issued target is not edited or removed, only revised.
    assert_eq!(form(&app, &f.east_person, "/target/confirm", &[&west]).await.0, 404);
    assert_eq!(form(&app, &f.east_person, "/target/confirm", &[&east]).await.0, 200);
    let (s, reply) = form(&app, &f.east_person, "/target/confirm", &[&east]).await;
    assert_eq!((s, reply["msg"].as_str()), (400, Some("已确认的目标不能确认")), "{reply}");
    let (s, _) = post(&app, c, "/target/submit", with(investment(&f.z.east, "13200"), json!({ "id": east }))).await;
    assert_eq!(s, 400);
    assert_eq!(form(&app, c, "/target/remove", &[&east]).await.0, 400);

    // Revised mid-year with a reason: the confirmed 12,000 is kept as version 1 and still counts until
    // 13,200 is issued; then 东区 confirms again.
    let (s, reply) = post(&app, c, "/target/revise", json!({ "id": east, "reason": " " })).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("reason")), "{reply}");
    assert_eq!(post(&app, c, "/target/revise", json!({ "id": east, "reason": "新增光伏项目" })).await.0, 200);
    target(&app, c, with(investment(&f.z.east, "13200"), json!({ "id": east }))).await;
    assert_eq!(completion(&app, c, "period=2026-06&indicatorCode=4").await["东区"]["annualTarget"], "12000");
    released(&app, c, &[&east]).await;
    assert_eq!(completion(&app, c, "period=2026-06&indicatorCode=4").await["东区"]["annualTarget"], "13200");
    let (_, d) = get(&app, c, &format!("/target/detail?id={east}")).await;
    let d = &d["data"];
    assert_eq!((d["version"].as_i64(), d["targetStatusName"].as_str(), d["confirmedName"].as_str()), (Some(2), Some("已下达"), Some("")));
    assert_eq!((d["versions"][0]["version"].as_i64(), d["versions"][0]["reason"].as_str()), (Some(1), Some("新增光伏项目")));
    let kept: Value = serde_json::from_str(d["versions"][0]["content"].as_str().unwrap()).unwrap();
    assert_eq!((kept["annualTarget"].as_str(), kept["targetStatus"].as_str()), (Some("12000"), Some("3")));
    assert_eq!(form(&app, &f.east_person, "/target/confirm", &[&east]).await.0, 200);

    // The permission of every call, and another tenant's target is nowhere.
    let other = zone(&app, "另一园区").await;
    let stranger = person(&app, &other.tenant, "committee", &other.top, COMMITTEE).await;
    assert_eq!(get(&app, &stranger, &format!("/target/detail?id={east}")).await.0, 404);
    assert_eq!(get(&app, &stranger, "/target/list?year=2026").await.1["data"], json!([]));
    assert_eq!(form(&app, &stranger, "/target/release", &[&west]).await.0, 404);
    let nobody = person(&app, &f.z.tenant, "nobody", &f.z.top, &["target_task"]).await;
    let calls = vec![
        Call::Get("/target/list?year=2026".into()),
        Call::Get(format!("/target/detail?id={east}")),
        Call::Json("/target/submit", investment(&f.south, "1")),
        Call::Form("/target/remove", vec![("ids", west.clone())]),
        Call::Form("/target/release", vec![("ids", west.clone())]),
        Call::Form("/target/confirm", vec![("ids", west.clone())]),
        Call::Json("/target/revise", json!({ "id": west, "reason": "x" })),
        Call::Get("/target/completion?period=2026-03&indicatorCode=4".into()),
        Call::Get("/target/export?period=2026-03&indicatorCode=4".into()),
        Call::Get("/officialIndicator/list?year=2026".into()),
        Call::Json("/officialIndicator/submit", json!({})),
        Call::Form("/officialIndicator/remove", vec![("ids", west.clone())]),
    ];
    let names = [
        "list",
        "detail",
        "submit",
        "remove",
        "release",
        "confirm",
        "revise",
        "completion",
        "export",
        "official list",
        "official submit",
        "official remove",
    ];
    assert_eq!(matrix_at(&app, API, Some(&nobody), "no code", &names, calls).await, [403; 12]);
}

#[actix_web::test]
async fn counted_indicators_come_from_project_dates_and_unmeasured_ones_from_official_figures() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "口径测试园区").await;
    let c = &f.committee;
    // 新开工 (5): only 光伏组件扩产 started in 2026 (February); it is over 1 亿元, so 亿元以上新开工 (7) too.
    // 招商签约 (8, 9): all three were signed on 2026-03-18 for 52,000 each: 东区 1 · 52,000 by 2026-03,
    // none by 2026-02.
    let t5 = target(&app, c, with(investment(&f.west, "4"), json!({ "indicatorCode": "5" }))).await;
    let t9 = target(&app, c, with(investment(&f.z.east, "100000"), json!({ "indicatorCode": "9" }))).await;
    released(&app, c, &[&t5, &t9]).await;
    let started = completion(&app, c, "period=2026-03&indicatorCode=5").await;
    assert_eq!((started["西区"]["actual"].as_str(), started["西区"]["completion"].as_str()), (Some("1"), Some("25.00")));
    assert_eq!(completion(&app, c, "period=2026-01&indicatorCode=5").await["西区"]["actual"], "0");
    assert_eq!(completion(&app, c, "period=2026-03&indicatorCode=7").await["西区"]["actual"], "1");
    let signed = completion(&app, c, "period=2026-03&indicatorCode=9").await;
    assert_eq!((signed["东区"]["actual"].as_str(), signed["东区"]["completion"].as_str()), (Some("52000"), Some("52.00")));
    assert_eq!(completion(&app, c, "period=2026-02&indicatorCode=9").await["东区"]["actual"], "0");
    assert_eq!(completion(&app, c, "period=2026-03&indicatorCode=8").await["南区"]["actual"], "1");

    // 固定资产投资 (1) is the statistics office's: the zone's 1–3月 as typed (快报 8,000, then 正式
    // 8,200.5, which wins), 东区's 3,000; no park figure is added to the zone's. Not typed for 西区: "—".
    let official = |dept: &str, source: &str, value: &str| json!({ "deptId": dept, "period": "2026-03", "indicatorCode": "1", "dataSource": source, "indicatorValue": value });
    for body in [
        official(&f.z.top, "2", "8000"),
        official(&f.z.top, "3", "8200.5"),
        official(&f.z.east, "2", "3000"),
        official(&f.z.east, "2", "3000"),
    ] {
        let (s, reply) = post(&app, c, "/officialIndicator/submit", body).await;
        assert_eq!(s, 200, "{reply}");
    }
    let t1 = target(&app, c, with(investment(&f.z.top, "41000"), json!({ "indicatorCode": "1" }))).await;
    let t1w = target(&app, c, with(investment(&f.west, "5000"), json!({ "indicatorCode": "1" }))).await;
    released(&app, c, &[&t1, &t1w]).await;
    let rows = completion(&app, c, "period=2026-03&indicatorCode=1").await;
    let zone_name = rows.keys().find(|k| !["东区", "西区", "南区", "合计"].contains(&k.as_str())).unwrap().clone();
    assert_eq!((rows[&zone_name]["actual"].as_str(), rows[&zone_name]["completion"].as_str()), (Some("8200.5"), Some("20.00")));
    assert_eq!(rows["东区"]["actual"], "3000");
    assert_eq!((rows["西区"]["actual"].clone(), rows["西区"]["completion"].clone()), (Value::Null, Value::Null));
    let (_, list) = get(&app, c, "/officialIndicator/list?year=2026&indicatorCode=1").await;
    assert_eq!(list["data"].as_array().unwrap().len(), 3, "saving again replaced 东区's 快报: {list}");
    assert_eq!(list["data"][0]["dataSourceName"], "统计快报");

    // Bad input names its field.
    for (body, field) in [
        (official(&f.z.top, "1", "1"), "dataSource"),
        (with(official(&f.z.top, "2", "1"), json!({ "indicatorCode": "4" })), "indicatorCode"),
        (with(official(&f.z.top, "2", "1"), json!({ "period": "2026-13" })), "period"),
        (official(&f.z.top, "2", "-1"), "indicatorValue"),
        (official("123", "2", "1"), "deptId"),
    ] {
        let (s, reply) = post(&app, c, "/officialIndicator/submit", body.clone()).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    for (body, field) in [
        (with(investment(&f.south, "1"), json!({ "targetYear": 2040 })), "targetYear"),
        (with(investment(&f.south, "1"), json!({ "indicatorCode": "99" })), "indicatorCode"),
        (with(investment(&f.south, "-1"), json!({})), "annualTarget"),
        (with(investment(&f.south, "1"), json!({ "splitMode": "3" })), "q1Share"),
        (with(investment(&f.south, "1"), json!({ "splitMode": "4", "months": ["1"] })), "months"),
        (with(investment(&f.south, "1"), json!({ "splitMode": "2" })), "splitMode"),
        (with(investment(&f.south, "1"), json!({ "annualTarget": "abc" })), "annualTarget"),
    ] {
        let (s, reply) = post(&app, c, "/target/submit", body.clone()).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    let (s, reply) = get(&app, c, "/target/completion?period=2026-03&indicatorCode=99").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("indicatorCode")));
    // A park does not set targets for another park.
    let west_committee = person(&app, &f.z.tenant, "westcommittee", &f.west, COMMITTEE).await;
    let (s, reply) = post(&app, &west_committee, "/target/submit", investment(&f.z.east, "1")).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("deptId")), "{reply}");
    let _ = &f.west_person;
}

const TEMPLATE: &str = "/api/target/export-template";
const IMPORT: &str = "/api/target/import";

/// The columns of a target file: the form's fields, the months of a split by hand last.
const HEADERS: [&str; 23] = [
    "年度",
    "责任单位",
    "指标",
    "年度目标",
    "目标增速(%)",
    "上年实际",
    "分解方式",
    "一季度累计(%)",
    "上半年累计(%)",
    "前三季度累计(%)",
    "1月",
    "2月",
    "3月",
    "4月",
    "5月",
    "6月",
    "7月",
    "8月",
    "9月",
    "10月",
    "11月",
    "12月",
    "备注",
];

/// A row of a target file: 2026, the department, the indicator's label and the year's figure, and more.
fn line(dept: &str, indicator: &str, annual: &str, more: Vec<(&'static str, Cell)>) -> Vec<(&'static str, Cell)> {
    let mut row = vec![("年度", Cell::Int(2026)), ("责任单位", text(dept)), ("指标", text(indicator)), ("年度目标", number(annual))];
    for (h, v) in more {
        row.retain(|(k, _)| *k != h);
        row.push((h, v));
    }
    row
}

const INVESTMENT: &str = "项目完成投资(万元)";

/// The year's targets the caller sees, by department name and indicator code.
async fn targets(app: &TestApp, token: &str) -> HashMap<(String, String), Value> {
    let (s, list) = get(app, token, "/target/list?year=2026").await;
    assert_eq!(s, 200, "{list}");
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| ((t["deptName"].as_str().unwrap().to_string(), t["indicatorCode"].as_str().unwrap().to_string()), t.clone()))
        .collect()
}

/// The twelve months of a target as sent, January first.
fn months(t: &Value) -> Vec<String> {
    (1..=12).map(|m| t[format!("m{m:02}")].as_str().unwrap_or("null").to_string()).collect()
}

fn each(v: &str) -> Vec<String> {
    vec![v.to_string(); 12]
}

async fn dept_name(app: &TestApp, z: &Zone, id: &str) -> String {
    let (s, d) = call_at(app, "/api/keeper-system", Some(&z.admin), Call::Get(format!("/dept/detail?id={id}"))).await;
    assert_eq!(s, 200, "{d}");
    d["data"]["deptName"].as_str().unwrap().to_string()
}

#[actix_web::test]
async fn a_filled_in_template_lands_as_drafts_split_exactly_as_the_form_splits() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "目标导入园区").await;
    let c = &f.committee;
    let (s, disposition, template) = download(&app, Some(c), TEMPLATE).await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&template));
    assert!(disposition.contains(".xlsx"), "{disposition}");
    let hints = rows_of(&template, &HEADERS);
    assert_eq!(
        (hints[0]["责任单位"].as_str(), hints[0]["分解方式"].as_str()),
        ("必填，机构名称；重名时填写路径，如 管委会/东区", "可选: 平均/按上年同期结构/按季度节点/手工；不填为平均")
    );

    // By hand, 2026, 项目完成投资:
    // - 南区 10,000 split evenly: 10,000 ÷ 12 = 833.333… cut to 833.33 for January to November, and
    //   December takes the rest, 10,000 − 11 × 833.33 = 833.37;
    // - 西区 6,000 by checkpoints 20 % / 50 % / 75 %: 1,200 in the first quarter (400 a month), 1,800 in
    //   the second (600), 1,500 in each of the last two (500);
    // - 东区 12,000 by last year's structure: its only approved month of 2025 is March (400), so March
    //   holds the whole year;
    // - the zone 8,000 by hand, as typed: 500 · 700.5 · 3,000 in June · 3,799.5 in December, 0 between;
    // and 东区's 工业投资 3,000 with the split left empty, evenly: 250 a month, with 12.5 % growth.
    let zone_name = dept_name(&app, &f.z, &f.z.top).await;
    let file = xlsx(
        &HEADERS,
        &[
            line("南区", INVESTMENT, "10000", vec![("分解方式", text("平均"))]),
            line(
                "西区",
                INVESTMENT,
                "6000",
                vec![
                    ("分解方式", text("按季度节点")),
                    ("一季度累计(%)", number("20")),
                    ("上半年累计(%)", number("50")),
                    ("前三季度累计(%)", number("75")),
                ],
            ),
            line("东区", INVESTMENT, "12000", vec![("分解方式", text("按上年同期结构"))]),
            line(
                &zone_name,
                INVESTMENT,
                "8000",
                vec![
                    ("分解方式", text("手工")),
                    ("1月", number("500")),
                    ("2月", text("700.5")),
                    ("6月", number("3000")),
                    ("12月", number("3799.5")),
                    ("备注", text("年初下达")),
                ],
            ),
            line(&format!("{zone_name}/东区"), "工业投资(万元)", "3000", vec![("目标增速(%)", number("12.5"))]),
        ],
    );
    let (s, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 5, "updated": 0 })), "{reply}");

    let all = targets(&app, c).await;
    let t = |dept: &str, indicator: &str| {
        all.get(&(dept.to_string(), indicator.to_string())).unwrap_or_else(|| panic!("{dept} {indicator}: {all:?}")).clone()
    };
    let mut even = each("833.33");
    even[11] = "833.37".into();
    assert_eq!(months(&t("南区", "4")), even);
    let quarterly: Vec<&str> = ["400", "400", "400", "600", "600", "600", "500", "500", "500", "500", "500", "500"].to_vec();
    assert_eq!(months(&t("西区", "4")), quarterly);
    let west = t("西区", "4");
    assert_eq!(
        (west["splitMode"].as_str(), west["q1Share"].as_str(), west["h1Share"].as_str(), west["q3Share"].as_str()),
        (Some("3"), Some("20"), Some("50"), Some("75"))
    );
    let mut march = each("0");
    march[2] = "12000".into();
    assert_eq!(months(&t("东区", "4")), march);
    let zone = t(&zone_name, "4");
    assert_eq!(months(&zone), ["500", "700.5", "0", "0", "0", "3000", "0", "0", "0", "0", "0", "3799.5"]);
    assert_eq!((zone["splitMode"].as_str(), zone["remark"].as_str()), (Some("4"), Some("年初下达")));
    let industrial = t("东区", "2");
    assert_eq!(months(&industrial), each("250"));
    assert_eq!((industrial["splitMode"].as_str(), industrial["targetGrowth"].as_str()), (Some("1"), Some("12.5")));
    for target in all.values() {
        assert_eq!(
            (target["targetStatus"].as_str(), target["version"].as_i64()),
            (Some("1"), Some(1)),
            "a draft of its first version: {target}"
        );
    }

    // What the form saves for the same values is what the import saved.
    let (s, reply) =
        post(&app, c, "/target/submit", with(investment(&f.south, "10000"), json!({ "indicatorCode": "3", "splitMode": "1" }))).await;
    assert_eq!(s, 200, "{reply}");
    assert_eq!(months(&targets(&app, c).await[&("南区".to_string(), "3".to_string())]), even);
    // A draft is the committee's: the parks see nothing yet.
    assert_eq!(get(&app, &f.east_person, "/target/list?year=2026").await.1["data"], json!([]));
}

#[actix_web::test]
async fn a_file_with_bad_rows_imports_nothing_and_names_each_row_and_column() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "目标校验园区").await;
    let c = &f.committee;
    let other = zone(&app, "另一目标园区").await;
    let other_top = dept_name(&app, &other, &other.top).await;
    let manual = |m12: &str| vec![("分解方式", text("手工")), ("1月", number("600")), ("12月", number(m12))];
    let file = xlsx(
        &HEADERS,
        &[
            line("东区", "火星指标", "1", vec![]),
            line("北区", INVESTMENT, "1", vec![]),
            line(&other_top, INVESTMENT, "1", vec![]),
            line("东区", INVESTMENT, "1", vec![("年度", Cell::Int(2040))]),
            line("东区", INVESTMENT, "1200", manual("599")),
            line("东区", INVESTMENT, "1200", vec![("分解方式", text("按季度节点")), ("一季度累计(%)", number("20"))]),
            line("东区", INVESTMENT, "-1", vec![]),
            line("西区", INVESTMENT, "1200", vec![("分解方式", text("按上年同期结构"))]),
            line("南区", INVESTMENT, "1.00001", vec![]),
            line("南区", INVESTMENT, "1200", manual("600")),
            line("南区", INVESTMENT, "1300", vec![]),
        ],
    );
    let (s, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    let p = |row: u64, field: &str, reason: &str| (row, field.to_string(), reason.to_string());
    assert_eq!(
        problems(&reply),
        vec![
            p(2, "指标", "「火星指标」不是有效的选项"),
            p(3, "责任单位", "机构不存在: 北区"),
            p(4, "责任单位", &format!("机构不存在: {other_top}")),
            p(5, "年度", "应在 2021 至 2028 年之间"),
            p(6, "1月", "各月合计 1199 与年度目标 1200 不一致，少 1"),
            p(7, "上半年累计(%)", "按季度节点分解须填写"),
            p(8, "年度目标", "不能为负数"),
            p(9, "分解方式", "没有上年同期实际，不能按上年结构分解"),
            p(10, "年度目标", "最多4位小数"),
            p(12, "指标", "「南区」2026年「项目完成投资(万元)」的目标与第11行重复"),
        ]
    );
    assert!(reply["msg"].as_str().unwrap().starts_with("导入失败: 10 行数据有误"), "{reply}");
    assert!(targets(&app, c).await.is_empty(), "nothing written");

    // A committee of one park does not set another park's targets by file either.
    let west_committee = person(&app, &f.z.tenant, "westcommittee", &f.west, COMMITTEE).await;
    let (s, reply) =
        upload(&app, Some(&west_committee), IMPORT, "目标.xlsx", &xlsx(&HEADERS, &[line("东区", INVESTMENT, "1", vec![])]), false).await;
    assert_eq!((s, problems(&reply)), (400, vec![p(2, "责任单位", "不在您的管辖范围内")]), "{reply}");

    // Each call answers by its own button: to import is not to add, nor to export.
    let adder = person(&app, &f.z.tenant, "adder", &f.z.top, &COMMITTEE[..COMMITTEE.len() - 1]).await;
    let nobody = person(&app, &f.z.tenant, "nobody", &f.z.top, &["target_task"]).await;
    assert_eq!(download(&app, Some(&adder), TEMPLATE).await.0, 403);
    assert_eq!(upload(&app, Some(&adder), IMPORT, "目标.xlsx", &file, false).await.0, 403);
    assert_eq!(download(&app, Some(&adder), "/api/target/export-targets?year=2026").await.0, 200);
    assert_eq!(download(&app, Some(&nobody), "/api/target/export-targets?year=2026").await.0, 403);
}

#[actix_web::test]
async fn covering_lays_a_row_over_a_draft_and_never_over_an_issued_target() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "目标覆盖园区").await;
    let c = &f.committee;
    let east = target(&app, c, investment(&f.z.east, "12000")).await;
    let west = target(&app, c, investment(&f.west, "6000")).await;
    released(&app, c, &[&west]).await;

    // Without 覆盖 the draft is a duplicate; with it the draft takes the row and stays a draft.
    let file = xlsx(&HEADERS, &[line("东区", INVESTMENT, "15000", vec![("备注", text("按新口径"))])]);
    let (s, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, false).await;
    assert_eq!(
        (s, problems(&reply)),
        (400, vec![(2, "指标".to_string(), "「东区」2026年「项目完成投资(万元)」的目标已存在".to_string())]),
        "{reply}"
    );
    let (s, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, true).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 1 })), "{reply}");
    let all = targets(&app, c).await;
    let d = &all[&("东区".to_string(), "4".to_string())];
    assert_eq!(
        (d["id"].as_str(), d["annualTarget"].as_str(), d["targetStatus"].as_str(), d["remark"].as_str()),
        (Some(east.as_str()), Some("15000"), Some("1"), Some("按新口径"))
    );
    assert_eq!(months(d), each("1250"));

    // An issued target is the department's: a file never overwrites it, 覆盖 or not, and the draft in
    // the same file is not changed either. It changes through 调整, with a reason.
    let file = xlsx(&HEADERS, &[line("东区", INVESTMENT, "1", vec![]), line("西区", INVESTMENT, "9000", vec![])]);
    let (s, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, true).await;
    let issued = "「西区」2026年「项目完成投资(万元)」的目标已下达，不能导入覆盖，请通过调整修改";
    assert_eq!((s, problems(&reply)), (400, vec![(3, "指标".to_string(), issued.to_string())]), "{reply}");
    assert_eq!(form(&app, &f.west_person, "/target/confirm", &[&west]).await.0, 200);
    let (_, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, true).await;
    assert_eq!(problems(&reply)[0].2, issued.replace("已下达", "已确认"));
    assert_eq!(post(&app, c, "/target/revise", json!({ "id": west, "reason": "年中调整" })).await.0, 200);
    let (_, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, true).await;
    assert_eq!(problems(&reply)[0].2, "「西区」2026年「项目完成投资(万元)」的目标正在调整，请在目标管理中修改后重新下达");
    let all = targets(&app, c).await;
    assert_eq!(all[&("西区".to_string(), "4".to_string())]["annualTarget"], "6000");
    assert_eq!(all[&("东区".to_string(), "4".to_string())]["annualTarget"], "15000");
}

#[actix_web::test]
async fn a_department_without_a_target_shows_what_its_children_show_never_its_grandchildren_twice() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "目标汇总园区").await;
    let c = &f.committee;
    // The committee sets none of its own. 东区 12,000 holds its 一园's 1,200 (part of it, not beside it);
    // 西区 6,000; 南区 none.
    let east_one = dept(&app, &f.z.tenant, &f.z.east, "一园", 2).await;
    let ids = [
        target(&app, c, investment(&f.z.east, "12000")).await,
        target(&app, c, investment(&east_one, "1200")).await,
        target(&app, c, investment(&f.west, "6000")).await,
    ];
    released(&app, c, &ids.iter().map(String::as_str).collect::<Vec<_>>()).await;
    let rows = completion(&app, c, "period=2026-03&indicatorCode=4").await;
    let zone_name = rows.keys().find(|k| !["东区", "一园", "西区", "南区", "合计"].contains(&k.as_str())).unwrap().clone();
    // The zone: its parks' 12,000 + 6,000 = 18,000 (not + 1,200); 1–3月 3,000 + 1,500 = 4,500; actual
    // 1,200 + 1,000 = 2,200 → 2,200 ÷ 18,000 = 12.22 %.
    for name in [zone_name.as_str(), "合计"] {
        let r = &rows[name];
        assert_eq!(
            (r["annualTarget"].as_str(), r["periodTarget"].as_str(), r["completion"].as_str()),
            (Some("18000"), Some("4500"), Some("12.22")),
            "{name}: {r}"
        );
    }
    assert_eq!(rows["东区"]["annualTarget"], "12000");
    assert_eq!(rows["一园"]["annualTarget"], "1200");
}

#[actix_web::test]
async fn an_exported_target_list_imports_back_into_the_same_targets() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "目标往返园区").await;
    let c = &f.committee;
    // Two parks each with a 一园 of its own: the file names them by path.
    let east_one = dept(&app, &f.z.tenant, &f.z.east, "一园", 2).await;
    let west_one = dept(&app, &f.z.tenant, &f.west, "一园", 2).await;
    let mut ids = vec![
        target(&app, c, with(investment(&f.z.east, "12000"), json!({ "splitMode": "2", "targetGrowth": "8.5", "lastYearActual": "400" })))
            .await,
        target(
            &app,
            c,
            with(investment(&f.west, "6000.1234"), json!({ "splitMode": "3", "q1Share": "20", "h1Share": "50", "q3Share": "75" })),
        )
        .await,
        target(&app, c, with(investment(&f.south, "10000"), json!({ "remark": "含物流园" }))).await,
        target(
            &app,
            c,
            with(
                investment(&east_one, "1200"),
                json!({ "splitMode": "4", "months": ["100", "100", null, "300", "100", "100", "100", "100", "100", "100", "0", "100"] }),
            ),
        )
        .await,
        target(&app, c, investment(&west_one, "0")).await,
    ];
    ids.push(target(&app, c, with(investment(&f.south, "7"), json!({ "indicatorCode": "5" }))).await);
    let before = targets(&app, c).await;

    // The 目标管理 list of the year and indicator, as the screen asks for it: the header first, labels.
    let (s, disposition, file) = download(&app, Some(c), "/api/target/export-targets?year=2026&indicatorCode=4").await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&file));
    assert!(disposition.contains(".xlsx"), "{disposition}");
    let grid = keeper_excel::read::grid(&file).unwrap();
    assert_eq!(grid[0][..4], ["年度", "责任单位", "指标", "年度目标"]);
    assert_eq!(grid.len(), 6, "the header and the five targets of 项目完成投资: {grid:?}");
    let named: Vec<&str> = grid[1..].iter().map(|r| r[1].as_str()).collect();
    assert!(named.contains(&"东区") && named.iter().filter(|n| n.ends_with("/一园")).count() == 2, "{named:?}");
    assert!(grid[1..].iter().all(|r| r[2] == INVESTMENT && r.iter().any(|c| c == "草稿")), "{grid:?}");

    // Removed and imported back: the same five targets, to the last month.
    assert_eq!(form(&app, c, "/target/remove", &ids.iter().take(5).map(String::as_str).collect::<Vec<_>>()).await.0, 200);
    let (s, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 5, "updated": 0 })), "{reply}");
    let after = targets(&app, c).await;
    assert_eq!(after.len(), before.len());
    let kept = [
        "annualTarget",
        "targetGrowth",
        "lastYearActual",
        "splitMode",
        "q1Share",
        "h1Share",
        "q3Share",
        "remark",
        "targetStatus",
        "version",
    ];
    for (key, was) in &before {
        let now = &after[key];
        for field in kept {
            assert_eq!(now[field], was[field], "{key:?} {field}");
        }
        assert_eq!(months(now), months(was), "{key:?}");
    }
    // Laid over the drafts it came from, the file changes nothing.
    let (s, reply) = upload(&app, Some(c), IMPORT, "目标.xlsx", &file, true).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 5 })), "{reply}");
    let again = targets(&app, c).await;
    for (key, was) in &after {
        assert_eq!((months(&again[key]), &again[key]["id"]), (months(was), &was["id"]), "{key:?}");
    }
}
