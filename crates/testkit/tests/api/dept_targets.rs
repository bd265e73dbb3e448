//! Department targets (issue 16, domain-model §2.2.5a): the committee drafts, issues and revises the
//! year's targets, the departments confirm theirs, and the completion view measures the approved
//! figures against the targets in force — every rate worked out by hand below, to the hundredth; the
//! Excel export is the screen; the indicators the platform does not measure come from the bureau's
//! official figures; every call answers by the caller's grants, scope and tenant.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::project_reports::{Zone, filed, report, took, zone};
use crate::projects::{self, dept, person, project, with};
use crate::support::{Call, call_at, exec, matrix_at};
use crate::users_excel::download;

const API: &str = "/api";

const COMMITTEE: &[&str] = &[
    "target_task",
    "target_task_view",
    "target_task_add",
    "target_task_edit",
    "target_task_delete",
    "target_task_export",
    "target_task_release",
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
    ["annualTarget", "periodTarget", "actual", "completion", "periodCompletion", "scheduleGap", "lastYear", "yoy", "rank"].map(|k| r[k].clone())
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
    let west = target(&app, c, with(investment(&f.west, "6000"), json!({ "splitMode": "3", "q1Share": "20", "h1Share": "50", "q3Share": "75" }))).await;
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
    let (_, list) = call_at(&app, "/api/projectReport", Some(&f.z.admin), Call::Get(format!("/list?projectId={}&period=2026-03", f.smart))).await;
    let march = list["data"]["records"][0]["id"].as_str().unwrap().to_string();
    took(&app, &f.z.checker, &[&march], "approve", "").await;
    let rows = completion(&app, c, "period=2026-03&indicatorCode=4").await;
    assert_eq!((rows["东区"]["completion"].as_str(), rows["东区"]["scheduleGap"].as_str()), (Some("12.50"), Some("-12.50")));
    assert_eq!(rows[&zone_name]["completion"], "8.33");

    // The department on the report when it was filed counts, unless asked for today's: moved to 西区,
    // 智能装备产业园's 1,500 stays with 东区, or goes to 西区 (2,500 ÷ 6,000 = 41.67 %).
    exec(&app, "business", "UPDATE biz_project SET dept_id = ? WHERE id = ?", vec![f.west.parse::<i64>().unwrap().into(), f.smart.parse::<i64>().unwrap().into()]).await;
    assert_eq!(completion(&app, c, "period=2026-03&indicatorCode=4").await["东区"]["actual"], "1500");
    let now = completion(&app, c, "period=2026-03&indicatorCode=4&deptBasis=current").await;
    assert_eq!((now["东区"]["actual"].as_str(), now["西区"]["actual"].as_str(), now["西区"]["completion"].as_str()), (Some("0"), Some("2500"), Some("41.67")));

    // A park sees its own row only, and the export is the screen.
    let mine = completion(&app, &f.east_person, "period=2026-03&indicatorCode=4").await;
    assert_eq!(mine.keys().filter(|k| *k != "合计").collect::<Vec<_>>(), ["东区"]);
    let (s, disposition, bytes) = download(&app, Some(c), "/api/target/export?period=2026-03&indicatorCode=4").await;
    assert_eq!(s, 200);
    assert!(disposition.contains(".xlsx"), "{disposition}");
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    assert_eq!(grid[0][0], "2026年1–3月项目完成投资目标完成情况");
    assert_eq!(grid[1][0], "单位：万元");
    assert_eq!(grid[2], ["责任单位", "年度目标", "1–3月目标", "1–3月完成", "完成率(%)", "时序进度(%)", "超/落后(百分点)", "上年同期", "同比(%)", "排名"]);
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
    assert_eq!((list["data"].as_array().unwrap().len(), mine["deptName"].as_str(), mine["targetStatusName"].as_str()), (1, Some("东区"), Some("已下达")));
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
    let names = ["list", "detail", "submit", "remove", "release", "confirm", "revise", "completion", "export", "official list", "official submit", "official remove"];
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
    let official = |dept: &str, source: &str, value: &str| {
        json!({ "deptId": dept, "period": "2026-03", "indicatorCode": "1", "dataSource": source, "indicatorValue": value })
    };
    for body in [official(&f.z.top, "2", "8000"), official(&f.z.top, "3", "8200.5"), official(&f.z.east, "2", "3000"), official(&f.z.east, "2", "3000")] {
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
