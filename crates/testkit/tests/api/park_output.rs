//! 园区月度产值 (issue 17, domain-model §2.3.4): the department × month matrix of a year from approved
//! enterprise reports (企业汇总) or from the official figures the bureau types in (统计快报 / 统计正式),
//! with 1–N月累计, 同比 and the completion of the departments' targets worked out by hand below; its
//! export writes what the screen shows; every endpoint answers by the caller's grants, in the caller's
//! tenant and scope. 2025 is the year measured and 2024 the year before, so every month has closed.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::dept_targets::{released, target};
use crate::output_reports::{Zone, approved, filed, report, took, zone};
use crate::projects::person;
use crate::support::{Call, call_at, matrix_at};
use crate::users_excel::download;

const API: &str = "/api/parkMonthlyOutput";
const VIEWER: &[&str] = &["park_monthly_output_value", "park_monthly_output_value_view"];

async fn matrix(app: &TestApp, token: &str, query: &str) -> Value {
    let (s, reply) = call_at(app, API, Some(token), Call::Get(format!("/matrix?{query}"))).await;
    assert_eq!(s, 200, "{query}: {reply}");
    reply["data"].clone()
}

/// The rows by department name.
fn rows(m: &Value) -> HashMap<String, Value> {
    m["rows"].as_array().unwrap().iter().map(|r| (r["deptName"].as_str().unwrap().to_string(), r.clone())).collect()
}

/// A cell's figures as text: (当月, 累计, 上年同期累计, 同比, 完成率, 已报).
fn cell(row: &Value, month: usize) -> [String; 6] {
    let c = &row["cells"][month - 1];
    let t = |v: &Value| match v {
        Value::Null => "—".to_string(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    [t(&c["value"]), t(&c["cumulative"]), t(&c["lastYearCumulative"]), t(&c["yoy"]), t(&c["completion"]), t(&c["reported"])]
}

fn expect(row: &Value, month: usize, want: [&str; 6]) {
    assert_eq!(cell(row, month), want.map(str::to_string), "{} month {month}: {row}", row["deptName"]);
}

/// The zone of `output_reports` with two years of approved reports and the 2025 output targets of 东区
/// (12,000) and 西区 (5,000), issued:
///
/// | enterprise (territory) | 2024 approved        | 2025 approved                      |
/// |------------------------|----------------------|------------------------------------|
/// | 东区机械 (东区)          | Jan 800, Mar 1,300   | Jan 1,000, Feb 1,100.5, Mar 1,200 (Apr 500 only submitted) |
/// | 东一电子 (东一片)        | Feb 200              | Feb 300, Mar 250.25                |
/// | 西区化工 (西区)          | —                    | Mar 400                            |
pub(crate) async fn reported_zone(app: &TestApp, name: &str) -> Zone {
    let z = zone(app, name).await;
    for (e, p, v) in [
        (&z.machinery, "2024-01", "800"),
        (&z.machinery, "2024-03", "1300"),
        (&z.electronics, "2024-02", "200"),
        (&z.machinery, "2025-01", "1000"),
        (&z.machinery, "2025-02", "1100.5"),
        (&z.machinery, "2025-03", "1200"),
        (&z.electronics, "2025-02", "300"),
        (&z.electronics, "2025-03", "250.25"),
    ] {
        approved(app, &z, &report(e, p, v)).await;
    }
    // 西区化工 is the west's: the administrator files it.
    let west = filed(app, &z.admin, &report(&z.chemicals, "2025-03", "400")).await;
    took(app, &z.admin, &[&west], "submit", "").await;
    took(app, &z.checker, &[&west], "approve", "").await;
    let april = filed(app, &z.clerk, &report(&z.machinery, "2025-04", "500")).await;
    took(app, &z.clerk, &[&april], "submit", "").await;
    let output = |dept: &str, annual: &str| json!({ "targetYear": 2025, "deptId": dept, "indicatorCode": "12", "annualTarget": annual });
    let east = target(app, &z.admin, output(&z.east, "12000")).await;
    let west = target(app, &z.admin, output(&z.west, "5000")).await;
    released(app, &z.admin, &[&east, &west]).await;
    z
}

#[actix_web::test]
async fn approved_reports_add_up_the_parks_by_month_against_last_year_and_the_targets() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "月度产值园区").await;
    let m = matrix(&app, &z.admin, "year=2025").await;
    assert_eq!((m["dataSource"].as_str(), m["deptBasis"].as_str(), m["closedMonths"].as_u64()), (Some("1"), Some("snapshot"), Some(12)));
    assert_eq!((m["title"].as_str(), m["zoneName"].as_str()), (Some("月度产值园区 2025年园区月度产值"), Some("月度产值园区")), "{m}");
    // The parks under the committee, in tree order, then the total; the bureau and the power company own no
    // enterprise and carry no figure.
    let order: Vec<(&str, u64, bool)> = m["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["deptName"].as_str().unwrap(), r["depth"].as_u64().unwrap(), r["subtotal"].as_bool().unwrap()))
        .collect();
    assert_eq!(order, [("月度产值园区", 0, true), ("东区", 1, true), ("东一片", 2, false), ("西区", 1, false), ("合计", 0, true)]);
    let r = rows(&m);

    // 东一片: Feb 300, Mar 250.25 → 1–3月 550.25; last year 1–3月 200 (February) → (550.25 − 200) ÷ 200 =
    // 175.125 → 175.13 %; no target.
    expect(&r["东一片"], 2, ["300", "300", "200", "50.00", "—", "1"]);
    expect(&r["东一片"], 3, ["250.25", "550.25", "200", "175.13", "—", "1"]);
    // 东区 with 东一片: Jan 1,000; Feb 1,100.5 + 300 = 1,400.5; Mar 1,200 + 250.25 = 1,450.25 → 1–3月
    // 3,850.75. Last year 800 + 200 + 1,300 = 2,300 → (3,850.75 − 2,300) ÷ 2,300 = 67.4239… → 67.42 %.
    // Its target 12,000: 3,850.75 ÷ 12,000 = 32.0895… → 32.09 %. April was submitted, not approved: 0.
    expect(&r["东区"], 1, ["1000", "1000", "800", "25.00", "8.33", "1"]);
    expect(&r["东区"], 3, ["1450.25", "3850.75", "2300", "67.42", "32.09", "2"]);
    expect(&r["东区"], 4, ["0", "3850.75", "2300", "67.42", "32.09", "0"]);
    expect(&r["东区"], 12, ["0", "3850.75", "2300", "67.42", "32.09", "0"]);
    assert_eq!(r["东区"]["annualTarget"], "12000");
    // 西区: March 400 of 5,000 = 8.00 %; nothing last year, so no growth.
    expect(&r["西区"], 3, ["400", "400", "—", "—", "8.00", "1"]);
    // The committee has no target of its own: its parks' 12,000 + 5,000 = 17,000. 1–3月 4,250.75 →
    // 25.0044… → 25.00 %; against 2,300 last year (4,250.75 − 2,300) ÷ 2,300 = 84.8152… → 84.82 %.
    for name in ["月度产值园区", "合计"] {
        assert_eq!(r[name]["annualTarget"], "17000", "{name}");
        expect(&r[name], 3, ["1850.25", "4250.75", "2300", "84.82", "25.00", "3"]);
    }

    // By the enterprise's department today: 东一电子 moves to 西区, and its reports go with it; as filed,
    // they stay with 东一片.
    let (s, reply) =
        call_at(&app, "/api/enterprise", Some(&z.admin), Call::Json("/submit", json!({ "id": z.electronics, "deptId": z.west }))).await;
    assert_eq!(s, 200, "{reply}");
    let now = rows(&matrix(&app, &z.admin, "year=2025&deptBasis=current").await);
    expect(&now["西区"], 3, ["650.25", "950.25", "200", "375.13", "19.01", "2"]);
    expect(&now["东区"], 3, ["1200", "3300.5", "2100", "57.17", "27.50", "1"]);
    assert_eq!(cell(&now["东一片"], 3)[1], "0");
    expect(&rows(&matrix(&app, &z.admin, "year=2025").await)["东一片"], 3, ["250.25", "550.25", "200", "175.13", "—", "1"]);

    // A park's person sees the park's tree alone, and its total is the park's.
    let park = person(&app, &z.tenant, "parkview", &z.east, VIEWER).await;
    let m = matrix(&app, &park, "year=2025").await;
    let names: Vec<&str> = m["rows"].as_array().unwrap().iter().map(|r| r["deptName"].as_str().unwrap()).collect();
    assert_eq!(names, ["东区", "东一片", "合计"]);
    expect(&rows(&m)["合计"], 3, ["1450.25", "3850.75", "2300", "67.42", "32.09", "2"]);
}

#[actix_web::test]
async fn official_figures_are_each_departments_whole_and_the_export_writes_what_is_shown() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "统计口径园区").await;
    let official = |dept: &str, period: &str, source: &str, value: &str| json!({ "deptId": dept, "period": period, "dataSource": source, "indicatorValue": value });
    for body in [
        official(&z.top, "2025-02", "2", "2700"),
        official(&z.top, "2025-03", "2", "4500"),
        official(&z.east, "2025-03", "2", "3900"),
        official(&z.top, "2024-03", "2", "4000"),
        // 正式 is its own source: it does not show among the 快报.
        official(&z.top, "2025-03", "3", "4480.5"),
    ] {
        let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Json("/submit", body.clone())).await;
        assert_eq!(s, 200, "{body}: {reply}");
    }
    // Typed again, a figure replaces the one before.
    let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Json("/submit", official(&z.east, "2025-03", "2", "3950"))).await;
    assert_eq!(s, 200, "{reply}");
    let m = matrix(&app, &z.admin, "year=2025&dataSource=2").await;
    assert_eq!(m["dataSourceName"], "统计快报");
    let r = rows(&m);
    // The committee's own 4,500 (not 3,950 + its parks'): March alone 4,500 − 2,700 = 1,800; against 4,000
    // last year 12.50 %; of the parks' targets 17,000: 26.4705… → 26.47 %. It stands alone, no subtotal.
    assert_eq!(r["统计口径园区"]["subtotal"], false);
    expect(&r["统计口径园区"], 3, ["1800", "4500", "4000", "12.50", "26.47", "—"]);
    // January was not typed: February's month is unknown.
    expect(&r["统计口径园区"], 2, ["—", "2700", "—", "—", "15.88", "—"]);
    // 东区's 3,950 of 12,000 = 32.92 %; February not typed for it.
    expect(&r["东区"], 3, ["—", "3950", "—", "—", "32.92", "—"]);
    expect(&r["西区"], 3, ["—", "—", "—", "—", "—", "—"]);
    expect(&r["合计"], 3, ["1800", "4500", "4000", "12.50", "26.47", "—"]);
    expect(&rows(&matrix(&app, &z.admin, "year=2025&dataSource=3").await)["合计"], 3, ["—", "4480.5", "—", "—", "26.36", "—"]);

    // The list of typed figures and their removal, of this indicator only.
    let (s, listed) = call_at(&app, API, Some(&z.admin), Call::Get("/official?year=2025".into())).await;
    assert_eq!(s, 200);
    let listed = listed["data"].as_array().unwrap().clone();
    assert_eq!(listed.len(), 4, "{listed:?}");
    assert!(listed.iter().all(|o| o["indicatorCode"] == "12" && o["indicatorName"] == "规上工业总产值(万元)"));
    let (s, reply) = call_at(
        &app,
        "/api",
        Some(&z.admin),
        Call::Json(
            "/officialIndicator/submit",
            json!({
                "deptId": z.top, "period": "2025-03", "dataSource": "2", "indicatorCode": "1", "indicatorValue": "9"
            }),
        ),
    )
    .await;
    assert_eq!(s, 200, "{reply}");
    let fixed_assets = reply["data"]["id"].as_str().unwrap().to_string();
    let (s, _) = call_at(&app, API, Some(&z.admin), Call::Form("/remove", vec![("ids", fixed_assets)])).await;
    assert_eq!(s, 404, "another indicator's figure is not this screen's to remove");
    let feb = listed.iter().find(|o| o["periodMonth"] == 2).unwrap()["id"].as_str().unwrap().to_string();
    let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Form("/remove", vec![("ids", feb)])).await;
    assert_eq!((s, reply["data"]["count"].as_u64()), (200, Some(1)), "{reply}");
    expect(&rows(&matrix(&app, &z.admin, "year=2025&dataSource=2").await)["合计"], 3, ["—", "4500", "4000", "12.50", "26.47", "—"]);

    // The export of the reports' cumulative figures: the title, the unit, the month headers, the rows as on
    // the screen with "—" where it shows none.
    let (s, disposition, bytes) = download(&app, Some(&z.admin), &format!("{API}/export?year=2025&measure=cumulative")).await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&bytes));
    assert!(disposition.contains("xlsx"), "{disposition}");
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    let at = |r: usize, c: usize| grid.get(r).and_then(|line| line.get(c)).cloned().unwrap_or_default();
    assert_eq!(at(0, 0), "统计口径园区 2025年园区月度产值（企业汇总·累计值）");
    assert_eq!(at(1, 0), "单位：万元");
    assert_eq!(
        (at(2, 0), at(2, 1), at(2, 2), at(2, 3), at(2, 13)),
        ("园区".into(), "年度目标(万元)".into(), "1月".into(), "1–2月".into(), "1–12月".into())
    );
    let line = |name: &str| {
        grid.iter().find(|l| l.first().is_some_and(|c| c.trim() == name)).unwrap_or_else(|| panic!("{name}: {grid:?}")).clone()
    };
    assert_eq!(line("东区")[..5], ["  东区", "12000", "1000", "2400.5", "3850.75"].map(String::from));
    assert_eq!(line("东一片")[1], "—");
    assert_eq!(line("合计")[4], "4250.75");
    // The growth, in percent.
    let (_, _, bytes) = download(&app, Some(&z.admin), &format!("{API}/export?year=2025&measure=yoy")).await;
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    assert_eq!(grid[1][0], "单位：%");
    let east = grid.iter().find(|l| l[0].trim() == "东区").unwrap();
    assert_eq!((east[2].as_str(), east[4].as_str()), ("25", "67.42"));
}

#[actix_web::test]
async fn bad_input_names_its_field_and_is_never_a_server_error() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "错误输入园区").await;
    for (query, field) in [
        ("year=20x5", "year"),
        ("year=1999", "year"),
        ("dataSource=4", "dataSource"),
        ("deptBasis=now", "deptBasis"),
        ("measure=share", "measure"),
    ] {
        let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Get(format!("/matrix?{query}"))).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{query}: {reply}");
    }
    let good = json!({ "deptId": z.east, "period": "2025-03", "dataSource": "2", "indicatorValue": "10" });
    for (patch, field) in [
        (json!({ "indicatorCode": "4" }), "indicatorCode"),
        (json!({ "indicatorValue": "-1" }), "indicatorValue"),
        (json!({ "dataSource": "1" }), "dataSource"),
        (json!({ "period": "2025-13" }), "period"),
        (json!({ "deptId": keeper_common::id::next_id().to_string() }), "deptId"),
    ] {
        let body = crate::projects::with(good.clone(), patch.clone());
        let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Json("/submit", body)).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{patch}: {reply}");
    }
    // A park's person types nothing for another park.
    let clerk = person(&app, &z.tenant, "typist", &z.east, &["park_monthly_output_value", "park_monthly_output_value_add"]).await;
    let (s, reply) =
        call_at(&app, API, Some(&clerk), Call::Json("/submit", crate::projects::with(good, json!({ "deptId": z.west })))).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("deptId")), "{reply}");
}

const ENDPOINTS: [&str; 5] = ["matrix", "official", "submit", "remove", "export"];

async fn each_endpoint(app: &TestApp, token: Option<&str>, z: &Zone, tag: &str) -> Vec<u16> {
    let typed = |month: u32| json!({ "deptId": z.east, "period": format!("2025-{month:02}"), "dataSource": "2", "indicatorValue": "10" });
    let (_, reply) = call_at(app, API, Some(&z.admin), Call::Json("/submit", typed(11))).await;
    let doomed = reply["data"]["id"].as_str().unwrap().to_string();
    let calls = vec![
        Call::Get("/matrix?year=2025".into()),
        Call::Get("/official?year=2025".into()),
        Call::Json("/submit", typed(6)),
        Call::Form("/remove", vec![("ids", doomed)]),
    ];
    let mut out = matrix_at(app, API, token, tag, &ENDPOINTS[..4], calls).await;
    out.push(download(app, token, &format!("{API}/export?year=2025")).await.0);
    out
}

#[actix_web::test]
async fn each_endpoint_answers_by_the_callers_grants_and_no_figure_crosses_tenants() {
    let app = TestApp::spawn().await;
    let mut zones = Vec::new();
    for name in ["甲月度园区", "乙月度园区"] {
        let z = reported_zone(&app, name).await;
        let viewer = person(&app, &z.tenant, "viewer", &z.top, VIEWER).await;
        let nobody = person(&app, &z.tenant, "nobody", &z.top, &["output_report", "output_report_view"]).await;
        assert_eq!(each_endpoint(&app, Some(&z.admin), &z, "管理员").await, vec![200; 5], "{name} administrator");
        assert_eq!(each_endpoint(&app, Some(&viewer), &z, "查看").await, [200, 200, 403, 403, 403], "{name} view only");
        assert_eq!(each_endpoint(&app, Some(&nobody), &z, "无权").await, vec![403; 5], "{name} another menu's grant");
        assert_eq!(each_endpoint(&app, None, &z, "匿名").await, vec![401; 5], "{name} anonymous");
        zones.push(z);
    }
    let (a, b) = (&zones[0], &zones[1]);
    // B's figures never reach A's sums: A's total is A's own reports.
    expect(&rows(&matrix(&app, &a.admin, "year=2025").await)["合计"], 3, ["1850.25", "4250.75", "2300", "84.82", "25.00", "3"]);
    // Nor can A remove B's typed figure, nor type one for B's park.
    let (_, theirs) = call_at(&app, API, Some(&b.admin), Call::Get("/official?year=2025".into())).await;
    let foreign = theirs["data"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(call_at(&app, API, Some(&a.admin), Call::Form("/remove", vec![("ids", foreign)])).await.0, 404);
    let (s, reply) = call_at(
        &app,
        API,
        Some(&a.admin),
        Call::Json(
            "/submit",
            json!({
                "deptId": b.east, "period": "2025-03", "dataSource": "2", "indicatorValue": "1"
            }),
        ),
    )
    .await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("deptId")), "{reply}");
}
