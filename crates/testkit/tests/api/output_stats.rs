//! 产值统计 (issue 17, domain-model §2.3.2): the approved output reports by department (with the
//! targets of 规上工业总产值), by industry, by enterprise (ranked by output, growth and 拉动), the
//! decliners with their reasons and the monthly trend, every figure worked out by hand over the zone of
//! `park_output` (two years of reports); the export writes what the screen shows; every endpoint answers
//! by the caller's grants, in the caller's tenant and scope.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::Value;

use crate::output_reports::{Zone, approved, filed, report, took, zone};
use crate::park_output::reported_zone;
use crate::projects::{person, with};
use crate::support::{Call, call_at, matrix_at, output_year_sums};
use crate::users_excel::download;

const API: &str = "/api/outputValue";
const VIEWER: &[&str] = &["output_statistics", "output_statistics_view"];

async fn stats(app: &TestApp, token: &str, query: &str) -> Value {
    let (s, reply) = call_at(app, API, Some(token), Call::Get(format!("/statistics?{query}"))).await;
    assert_eq!(s, 200, "{query}: {reply}");
    reply["data"].clone()
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => "—".to_string(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A row's figures as text, by the names of the fields.
fn fields(row: &Value, names: &[&str]) -> Vec<String> {
    names.iter().map(|n| text(&row[*n])).collect()
}

fn by_name<'a>(rows: &'a Value, key: &str) -> HashMap<String, &'a Value> {
    rows.as_array().unwrap().iter().map(|r| (r[key].as_str().unwrap().to_string(), r)).collect()
}

const GROWTH: &[&str] = &["ytdOutput", "lastYtdOutput", "yoy", "share", "contribution"];

#[actix_web::test]
async fn the_departments_industries_and_enterprises_add_up_to_the_zone_as_worked_by_hand() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "产值统计园区").await;

    // March 2025. 东区机械 (东区): 1–3月 1,000 + 1,100.5 + 1,200 = 3,300.5 against 800 + 1,300 = 2,100; the
    // month 1,200 against 1,300. 东一电子 (东一片): 300 + 250.25 = 550.25 against last February's 200 (its
    // only month last year: the base all the same); no last March. 西区化工 (西区): 400, nothing last year.
    // Zone: 4,250.75 against 2,300 → (4,250.75 − 2,300) ÷ 2,300 = 84.8152… → 84.82 %. The month: 1,850.25
    // against 1,300 → 42.33 %. 东区's April was only submitted: nothing of it counts.
    let d = stats(&app, &z.admin, "period=2025-03").await;
    assert_eq!((d["view"].as_str(), d["deptBasis"].as_str(), d["timeProgress"].as_str()), (Some("dept"), Some("snapshot"), Some("25.00")));
    assert_eq!(d["title"], "产值统计园区 2025年1–3月产值统计（按属地）");
    let order: Vec<(&str, u64, bool)> = d["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["name"].as_str().unwrap(), r["depth"].as_u64().unwrap(), r["subtotal"].as_bool().unwrap()))
        .collect();
    assert_eq!(order, [("产值统计园区", 0, true), ("东区", 1, true), ("东一片", 2, false), ("西区", 1, false), ("合计", 0, false)]);
    let r = by_name(&d["rows"], "name");
    // Shares of 4,250.75 and 拉动 of 2,300: 东一片 550.25 → 12.94 %, +350.25 → 15.23; 东区 3,850.75 vs 2,300
    // → 67.42 %, 90.59 %, 67.42; 西区 400 → 9.41 %, 17.39. 67.42 + 17.39 = 84.81: the total's 84.82 to
    // rounding.
    assert_eq!(fields(r["东一片"], GROWTH), ["550.25", "200", "175.13", "12.94", "15.23"]);
    assert_eq!(fields(r["东区"], GROWTH), ["3850.75", "2300", "67.42", "90.59", "67.42"]);
    assert_eq!(fields(r["西区"], GROWTH), ["400", "—", "—", "9.41", "17.39"]);
    for name in ["产值统计园区", "合计"] {
        assert_eq!(fields(r[name], GROWTH), ["4250.75", "2300", "84.82", "100.00", "84.82"], "{name}");
        assert_eq!(
            fields(r[name], &["monthOutput", "lastMonthOutput", "monthYoy", "enterprises", "reported"]),
            ["1850.25", "1300", "42.33", "3", "3"]
        );
    }
    // Targets: 东区 12,000 → 32.09 %, 7.09 points ahead of March's 25 %; 西区 5,000 → 8.00 %, 17 behind; the
    // committee has none of its own: its parks' 17,000 → 25.00 %, on schedule. 东一片 has none.
    let completion = &["target", "completion", "scheduleGap"];
    assert_eq!(fields(r["东区"], completion), ["12000", "32.09", "7.09"]);
    assert_eq!(fields(r["西区"], completion), ["5000", "8.00", "-17.00"]);
    assert_eq!(fields(r["东一片"], completion), ["—", "—", "—"]);
    assert_eq!(fields(r["合计"], completion), ["17000", "25.00", "0.00"]);

    // By industry: C34 东区机械 1,200.5 of growth → 52.20, C39 15.23, C26 17.39: 84.82 together.
    let i = stats(&app, &z.admin, "period=2025-03&view=industry").await;
    let keys: Vec<(String, String)> = i["rows"].as_array().unwrap().iter().map(|r| (text(&r["key"]), text(&r["contribution"]))).collect();
    let want = |k: &str, c: &str| (k.to_string(), c.to_string());
    for k in [want("C34", "52.20"), want("C39", "15.23"), want("C26", "17.39"), want("", "84.82")] {
        assert!(keys.contains(&k), "{k:?} in {keys:?}");
    }
    assert_eq!(i["rows"].as_array().unwrap().last().unwrap()["kind"], "total");

    // The ranking, by each measure: growth 175.13 (东一电子), 57.17 (东区机械: 1,200.5 ÷ 2,100), none (西区化工,
    // last); 拉动 52.20, 17.39, 15.23.
    let names =
        |d: &Value| d["rows"].as_array().unwrap().iter().map(|r| r["enterpriseName"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let e = stats(&app, &z.admin, "period=2025-03&view=enterprise").await;
    assert_eq!(names(&e), ["东区机械", "东一电子", "西区化工"]);
    let m = &e["rows"][0];
    assert_eq!(
        fields(m, &["rank", "deptName", "monthOutput", "lastMonthOutput", "monthYoy", "ytdOutput", "yoy", "share", "contribution"]),
        ["1", "东区", "1200", "1300", "-7.69", "3300.5", "57.17", "77.65", "52.20"]
    );
    assert_eq!(names(&stats(&app, &z.admin, "period=2025-03&view=enterprise&sort=growth").await), ["东一电子", "东区机械", "西区化工"]);
    assert_eq!(
        names(&stats(&app, &z.admin, "period=2025-03&view=enterprise&sort=contribution").await),
        ["东区机械", "西区化工", "东一电子"]
    );
    // The first one only; the total is still every enterprise's.
    let top = stats(&app, &z.admin, "period=2025-03&view=enterprise&sort=contribution&top=1").await;
    assert_eq!(
        (names(&top), text(&top["total"]["ytdOutput"]), text(&top["total"]["yoy"])),
        (vec!["东区机械".to_string()], "4250.75".into(), "84.82".into())
    );

    // The trend: Jan 1,000 vs 800; Feb 1,100.5 + 300 = 1,400.5 vs 200; Mar 1,850.25 vs 1,300. Cumulative
    // 1,000 / 2,400.5 / 4,250.75 against 800 / 1,000 / 2,300. 环比 of March (1,850.25 − 1,400.5) ÷ 1,400.5 =
    // 32.1135… → 32.11 %; none in January. After March, last year only.
    let t = stats(&app, &z.admin, "period=2025-03&view=trend").await;
    let month =
        |m: usize| fields(&t["months"][m - 1], &["thisMonth", "thisCumulative", "lastMonth", "lastCumulative", "yoy", "monthYoy", "mom"]);
    assert_eq!(month(1), ["1000", "1000", "800", "800", "25.00", "25.00", "—"]);
    assert_eq!(month(2), ["1400.5", "2400.5", "200", "1000", "140.05", "600.25", "40.05"]);
    assert_eq!(month(3), ["1850.25", "4250.75", "1300", "2300", "84.82", "42.33", "32.11"]);
    assert_eq!(month(4), ["—", "—", "0", "2300", "—", "—", "—"]);
    assert_eq!(fields(&t, &["ytdOutput", "lastYtdOutput", "yoy", "year", "lastYear"]), ["4250.75", "2300", "84.82", "2025", "2024"]);

    // Filters: the C3 industries (C34 and C39), and 东区's subtree.
    let f = stats(&app, &z.admin, "period=2025-03&view=enterprise&industryCode=C3").await;
    assert_eq!((names(&f), text(&f["total"]["ytdOutput"])), (vec!["东区机械".to_string(), "东一电子".into()], "3850.75".into()));
    let east = stats(&app, &z.admin, &format!("period=2025-03&deptId={}", z.east)).await;
    let east_rows: Vec<String> = east["rows"].as_array().unwrap().iter().map(|r| text(&r["name"])).collect();
    assert_eq!(east_rows, ["东区", "东一片", "合计"]);
    assert_eq!(fields(by_name(&east["rows"], "name")["合计"], &["ytdOutput", "target"]), ["3850.75", "12000"]);

    // A park's person sees the park's tree alone, and its enterprises.
    let park = person(&app, &z.tenant, "parkstats", &z.east, VIEWER).await;
    let mine = stats(&app, &park, "period=2025-03").await;
    assert_eq!(mine["rows"].as_array().unwrap().iter().map(|r| text(&r["name"])).collect::<Vec<_>>(), ["东区", "东一片", "合计"]);
    assert_eq!(text(&by_name(&mine["rows"], "name")["合计"]["ytdOutput"]), "3850.75");
    assert_eq!(names(&stats(&app, &park, "period=2025-03&view=enterprise").await), ["东区机械", "东一电子"]);

    // By the enterprise's department today: 东一电子 moves to 西区 and its months go with it.
    let (s, reply) = call_at(
        &app,
        "/api/enterprise",
        Some(&z.admin),
        Call::Json("/submit", serde_json::json!({ "id": z.electronics, "deptId": z.west })),
    )
    .await;
    assert_eq!(s, 200, "{reply}");
    let now = stats(&app, &z.admin, "period=2025-03&deptBasis=current").await;
    let now = by_name(&now["rows"], "name");
    assert_eq!(fields(now["西区"], &["ytdOutput", "lastYtdOutput", "yoy"]), ["950.25", "200", "375.13"]);
    assert_eq!(fields(now["东一片"], &["ytdOutput", "enterprises"]), ["0", "0"]);
    decliners_and_export(&app, &z).await;
    // What the statistics summed is what the approved reports hold, after every step above.
    let (kept, fresh) = output_year_sums(&app).await;
    assert!(!kept.is_empty());
    assert_eq!(kept, fresh);
}

/// 东区机械 reported 5,000 last April: its April 2025 of 500 makes 1–4月 3,800.5 against 7,100, a fall of
/// (3,800.5 − 7,100) ÷ 7,100 = −46.4718… → −46.47 %, which its report must explain before approval.
async fn decliners_and_export(app: &TestApp, z: &Zone) {
    approved(app, z, &report(&z.machinery, "2024-04", "5000")).await;
    let (_, list) = call_at(app, API, Some(&z.clerk), Call::Get("/list?period=2025-04&size=50".into())).await;
    let april = list["data"]["records"].as_array().unwrap().iter().find(|r| r["enterpriseName"] == "东区机械").unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    took(app, &z.checker, &[&april], "return", "请说明产值下降原因").await;
    assert_eq!(
        filed(
            app,
            &z.clerk,
            &with(report(&z.machinery, "2025-04", "500"), serde_json::json!({ "id": april, "declineReason": "主要客户停产检修" }))
        )
        .await,
        april
    );
    took(app, &z.clerk, &[&april], "resubmit", "").await;
    took(app, &z.checker, &[&april], "approve", "").await;
    let d = stats(app, &z.admin, "period=2025-04&view=decliners").await;
    let rows = d["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{d}");
    assert_eq!(
        fields(&rows[0], &["enterpriseName", "ytdOutput", "lastYtdOutput", "yoy", "declineReason"]),
        ["东区机械", "3800.5", "7100", "-46.47", "主要客户停产检修"]
    );
    // The decliners together: 东区机械 alone, its 拉动 of the zone's 1–4月 against last year's 7,100 + 200 =
    // 7,300: (3,800.5 − 7,100) ÷ 7,300 = −45.1986… → −45.20 points.
    assert_eq!(fields(&d["total"], &["ytdOutput", "contribution"]), ["3800.5", "-45.20"]);

    // The export of the department view: the title, the unit, the headers and the rows as on the screen.
    let (s, disposition, bytes) = download(app, Some(&z.admin), &format!("{API}/export-statistics?period=2025-03")).await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&bytes));
    assert!(disposition.contains("xlsx"), "{disposition}");
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    assert_eq!(grid[0][0], "产值统计园区 2025年1–3月产值统计（按属地）");
    assert_eq!(grid[1][0], "单位：万元");
    assert_eq!(
        (grid[2][0].as_str(), grid[2][2].as_str(), grid[2][6].as_str(), grid[2][12].as_str()),
        ("属地", "本月已报(家)", "1–3月累计(万元)", "完成率(%)")
    );
    let line = |name: &str| {
        grid.iter().find(|l| l.first().is_some_and(|c| c.trim() == name)).unwrap_or_else(|| panic!("{name}: {grid:?}")).clone()
    };
    assert_eq!(line("西区")[6..11], ["400", "—", "—", "9.41", "17.39"].map(String::from));
    assert_eq!(line("合计")[6..9], ["4250.75", "2300", "84.82"].map(String::from));
    // The decliners' sheet has their reasons.
    let (_, _, bytes) = download(app, Some(&z.admin), &format!("{API}/export-statistics?period=2025-04&view=decliners")).await;
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    let firm = grid.iter().find(|l| l.get(1).is_some_and(|c| c == "东区机械")).unwrap();
    assert_eq!((firm[9].as_str(), firm.last().unwrap().as_str()), ("-46.47", "主要客户停产检修"));
}

#[actix_web::test]
async fn bad_input_names_its_field_and_is_never_a_server_error() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "统计错误输入园区").await;
    for (query, field) in [
        ("view=chart", "view"),
        ("period=2025-13", "period"),
        ("period=25-03", "period"),
        ("deptBasis=now", "deptBasis"),
        ("deptId=abc", "deptId"),
        ("aboveScale=X", "aboveScale"),
        ("view=enterprise&sort=size", "sort"),
        ("view=enterprise&top=0", "top"),
        ("view=enterprise&top=1001", "top"),
        ("view=enterprise&top=ten", "top"),
    ] {
        for path in ["/statistics", "/export-statistics"] {
            let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Get(format!("{path}?{query}"))).await;
            assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{path}?{query}: {reply}");
        }
    }
    // A zone with no report: every view answers, with zeros and no rates.
    for view in ["dept", "industry", "leadingIndustry", "enterprise", "decliners", "trend"] {
        let d = stats(&app, &z.admin, &format!("view={view}&period=2025-03")).await;
        assert_eq!(d["view"], view);
    }
    let d = stats(&app, &z.admin, "period=2025-03").await;
    assert_eq!(fields(d["rows"].as_array().unwrap().last().unwrap(), &["ytdOutput", "yoy", "share"]), ["0", "—", "—"]);
}

#[actix_web::test]
async fn each_endpoint_answers_by_the_callers_grants_and_no_figure_crosses_tenants() {
    let app = TestApp::spawn().await;
    let mut zones = Vec::new();
    for name in ["甲产值统计", "乙产值统计"] {
        let z = reported_zone(&app, name).await;
        let viewer = person(&app, &z.tenant, "viewer", &z.top, VIEWER).await;
        let nobody = person(&app, &z.tenant, "nobody", &z.top, &["output_report", "output_report_view"]).await;
        for (token, tag, want) in [
            (Some(z.admin.as_str()), "管理员", [200, 200]),
            (Some(viewer.as_str()), "查看", [200, 403]),
            (Some(nobody.as_str()), "无权", [403, 403]),
            (None, "匿名", [401, 401]),
        ] {
            let mut got = matrix_at(&app, API, token, tag, &["statistics"], vec![Call::Get("/statistics?period=2025-03".into())]).await;
            got.push(download(&app, token, &format!("{API}/export-statistics?period=2025-03")).await.0);
            assert_eq!(got, want, "{name} {tag}");
        }
        zones.push(z);
    }
    // Each tenant's total is its own reports: the other's never reach it.
    for z in &zones {
        for view in ["dept", "industry"] {
            let d = stats(&app, &z.admin, &format!("period=2025-03&view={view}")).await;
            assert_eq!(text(&d["rows"].as_array().unwrap().last().unwrap()["ytdOutput"]), "4250.75", "{view}");
        }
        let e = stats(&app, &z.admin, "period=2025-03&view=enterprise").await;
        assert_eq!(e["rows"].as_array().unwrap().len(), 3);
        assert_eq!(text(&stats(&app, &z.admin, "period=2025-03&view=trend").await["ytdOutput"]), "4250.75");
    }
}
