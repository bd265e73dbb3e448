//! Investment forecasts (issue 16, domain-model §2.2.5b): the parks forecast each project's month,
//! quarter and year through the review workflow, and the committee's summary sets the approved forecasts
//! against the departments' targets — a project without an approved forecast counted at its plan and
//! flagged — with the gap, the accuracy of the month and the trend, every figure worked out by hand below.
//! Each tab exports exactly what it shows; forecasts import from Excel as drafts of the importer, all or
//! nothing, every bad row named; the import and the exports answer by their own buttons.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::dept_targets::{Fixed, fixed, investment, released, target};
use crate::project_import::{day, text, xlsx};
use crate::project_reports::took;
use crate::projects::person;
use crate::support::{Call, call_at, exec, matrix_at};
use crate::users_excel::{download, problems, rows_of, upload};

const API: &str = "/api/investmentForecast";

const FORECASTER: &[&str] = &[
    "investment_forecasting",
    "investment_forecasting_view",
    "investment_forecasting_add",
    "investment_forecasting_edit",
    "investment_forecasting_delete",
    "investment_forecasting_submit",
];
const CHECKER: &[&str] =
    &["investment_forecasting", "investment_forecasting_view", "investment_forecasting_approve", "investment_forecasting_return"];

async fn get(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Get(path.to_string())).await
}

async fn save(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/submit", body)).await
}

async fn saved(app: &TestApp, token: &str, body: Value) -> String {
    let (s, reply) = save(app, token, body.clone()).await;
    assert_eq!(s, 200, "{body}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

async fn step(app: &TestApp, token: &str, ids: &[&str], step: &str, opinion: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/review", json!({ "ids": ids, "step": step, "opinion": opinion }))).await
}

fn forecast(project: &str, month: &str, quarter: Option<&str>, year: &str) -> Value {
    json!({ "projectId": project, "period": "2026-03", "expectedMonthInvestment": month, "expectedQuarterInvestment": quarter, "expectedYearInvestment": year, "basis": "设备进场" })
}

async fn plan(app: &TestApp, f: &Fixed, project: &str, amount: &str) {
    let body = json!({ "projectId": project, "planYear": 2026, "yearPlanInvestment": amount, "yearMilestone": "主体封顶" });
    let (s, reply) = call_at(app, "/api/projectPlan", Some(&f.z.admin), Call::Json("/submit", body)).await;
    assert_eq!(s, 200, "{reply}");
}

fn by(rows: &Value, key: &str) -> HashMap<String, Value> {
    rows["data"].as_array().unwrap_or_else(|| panic!("{rows}")).iter().map(|r| (r[key].as_str().unwrap().to_string(), r.clone())).collect()
}

#[actix_web::test]
async fn the_summary_sets_approved_forecasts_and_flagged_fallbacks_against_the_targets() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "预测测试园区").await;
    let east = person(&app, &f.z.tenant, "eastfc", &f.z.east, FORECASTER).await;
    let west = person(&app, &f.z.tenant, "westfc", &f.west, FORECASTER).await;
    let checker = person(&app, &f.z.tenant, "fcchecker", &f.z.top, CHECKER).await;
    // Plans of 2026: 智能装备产业园 6,000, 光伏组件扩产 3,000, 物流园 2,000; targets 东区 12,000, 西区 6,000.
    plan(&app, &f, &f.smart, "6000").await;
    plan(&app, &f, &f.solar, "3000").await;
    plan(&app, &f, &f.logistics, "2000").await;
    let t_east = target(&app, &f.committee, investment(&f.z.east, "12000")).await;
    let t_west = target(&app, &f.committee, investment(&f.west, "6000")).await;
    released(&app, &f.committee, &[&t_east, &t_west]).await;

    // March: 智能装备 expects 400 this month, 1,500 this quarter, 5,000 this year (approved); 光伏 expects
    // 4,000 but is returned; 物流园 files nothing.
    let smart = saved(&app, &east, forecast(&f.smart, "400", Some("1500"), "5000")).await;
    let solar = saved(&app, &west, forecast(&f.solar, "200", None, "4000")).await;
    assert_eq!(step(&app, &east, &[&smart], "submit", "").await.0, 200);
    assert_eq!(step(&app, &west, &[&solar], "submit", "").await.0, 200);
    assert_eq!(step(&app, &checker, &[&smart], "approve", "").await.0, 200);
    let (s, reply) = step(&app, &checker, &[&solar], "return", " ").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("opinion")), "{reply}");
    assert_eq!(step(&app, &checker, &[&solar], "return", "全年预计偏高").await.0, 200);
    // March's report of 智能装备 (300) approved: its forecast of the month was 400.
    let (_, list) =
        call_at(&app, "/api/projectReport", Some(&f.z.admin), Call::Get(format!("/list?projectId={}&period=2026-03", f.smart))).await;
    let march = list["data"]["records"][0]["id"].as_str().unwrap().to_string();
    took(&app, &f.z.checker, &[&march], "approve", "").await;

    // By hand at 2026-03:
    // 东区: 1–3月 500 + 700 + 300 = 1,500; expected 5,000 (approved); 5,000 ÷ 12,000 = 41.67 %; gap 7,000;
    //   accuracy 300 ÷ 400 − 1 = −25.00 %; trend 1,500 ÷ 3 × 12 = 6,000.
    // 西区: 1,000 done, no approved forecast → max(1,000, plan 3,000) = 3,000, flagged; 50.00 %, gap 3,000;
    //   no accuracy; trend 4,000.
    // 南区: nothing done, no forecast → its plan 2,000, flagged; no target, so no rate and no gap.
    // The zone has no target of its own: its parks' 18,000; done 2,500, expected 10,000 → 55.56 %, gap
    //   8,000; accuracy as 东区's (the only month measured); trend 10,000.
    let (s, rows) = get(&app, &checker, "/summary?period=2026-03").await;
    assert_eq!(s, 200, "{rows}");
    let rows = by(&rows, "deptName");
    let figures = |r: &Value| {
        ["projects", "flagged", "annualTarget", "ytd", "expectedYear", "expectedRate", "gap", "accuracy", "trend"].map(|k| r[k].clone())
    };
    let want = |v: Value| -> [Value; 9] { serde_json::from_value(v).unwrap() };
    assert_eq!(figures(&rows["东区"]), want(json!([1, 0, "12000", "1500", "5000", "41.67", "7000", "-25.00", "6000"])));
    assert_eq!(figures(&rows["西区"]), want(json!([1, 1, "6000", "1000", "3000", "50.00", "3000", null, "4000"])));
    assert_eq!(figures(&rows["南区"]), want(json!([1, 1, null, "0", "2000", null, null, null, "0"])));
    let zone = rows.keys().find(|k| !["东区", "西区", "南区", "合计"].contains(&k.as_str())).unwrap().clone();
    assert_eq!(figures(&rows[&zone]), want(json!([3, 2, "18000", "2500", "10000", "55.56", "8000", "-25.00", "10000"])));
    assert_eq!(figures(&rows["合计"]), figures(&rows[&zone]));

    let (_, projects) = get(&app, &checker, "/projects?period=2026-03").await;
    let projects = by(&projects, "projectName");
    let cells = |r: &Value| ["yearPlan", "ytd", "expectedYear", "flagged", "deviation", "forecastStatus"].map(|k| r[k].clone());
    let six = |v: Value| -> [Value; 6] { serde_json::from_value(v).unwrap() };
    assert_eq!(cells(&projects["智能装备产业园"]), six(json!(["6000", "1500", "5000", false, "-1000", "2"])));
    assert_eq!(cells(&projects["光伏组件扩产"]), six(json!(["3000", "1000", "3000", true, "0", "3"])));
    assert_eq!(cells(&projects["物流园"]), six(json!(["2000", "0", "2000", true, "0", ""])));

    // 物流园 built (投产) has nothing left to forecast: it counts at what it did (0), not at its plan, and
    // is not flagged; the zone expects 8,000.
    exec(&app, "business", "UPDATE biz_project SET project_status = '70' WHERE id = ?", vec![f.logistics.parse::<i64>().unwrap().into()])
        .await;
    let (_, rows) = get(&app, &checker, "/summary?period=2026-03").await;
    let rows = by(&rows, "deptName");
    assert_eq!((rows["南区"]["flagged"].as_u64(), rows["南区"]["expectedYear"].as_str()), (Some(0), Some("0")));
    assert_eq!(rows[&zone]["expectedYear"], "8000");

    // A park sees its own: 东区's forecaster neither 西区's forecast nor its row.
    let (_, mine) = get(&app, &east, "/list?period=2026-03").await;
    assert_eq!(by(&mine, "projectName").keys().collect::<Vec<_>>(), ["智能装备产业园"]);
    assert_eq!(get(&app, &east, &format!("/detail?id={solar}")).await.0, 404);
    let (_, own) = get(&app, &east, "/summary?period=2026-03").await;
    assert_eq!(by(&own, "deptName").keys().filter(|k| *k != "合计").collect::<Vec<_>>(), ["东区"]);
}

#[actix_web::test]
async fn a_forecast_is_filed_once_a_month_and_changes_only_while_it_is_the_fillers() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "预测流转园区").await;
    let east = person(&app, &f.z.tenant, "eastfc", &f.z.east, FORECASTER).await;
    let checker = person(&app, &f.z.tenant, "fcchecker", &f.z.top, CHECKER).await;
    let id = saved(&app, &east, forecast(&f.smart, "400", None, "5000")).await;
    let (s, reply) = save(&app, &east, forecast(&f.smart, "1", None, "1")).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("period")), "one a month: {reply}");
    assert_eq!(saved(&app, &east, json!({ "id": id, "projectId": f.smart, "period": "2026-03", "expectedMonthInvestment": "450", "expectedYearInvestment": "5200" })).await, id);
    assert_eq!(step(&app, &east, &[&id], "submit", "").await.0, 200);
    let (s, reply) = save(
        &app,
        &east,
        json!({ "id": id, "projectId": f.smart, "period": "2026-03", "expectedMonthInvestment": "1", "expectedYearInvestment": "1" }),
    )
    .await;
    assert_eq!((s, reply["msg"].as_str()), (400, Some("预测已提交审核或已通过，不能修改")), "{reply}");
    assert_eq!(step(&app, &checker, &[&id], "approve", "同意").await.0, 200);
    let (_, d) = get(&app, &east, &format!("/detail?id={id}")).await;
    let d = &d["data"];
    assert_eq!(
        (d["expectedMonthInvestment"].as_str(), d["reportStatusName"].as_str(), d["auditUserName"].as_str()),
        (Some("450"), Some("已通过"), Some("fcchecker"))
    );
    assert_eq!(d["nextSteps"], json!(["unapprove"]));
    let (_, log) = get(&app, &east, &format!("/review-log?id={id}")).await;
    assert_eq!(log["data"].as_array().unwrap().iter().map(|e| e["step"].as_str().unwrap()).collect::<Vec<_>>(), ["submit", "approve"]);
    assert_eq!(call_at(&app, API, Some(&east), Call::Form("/remove", vec![("ids", id.clone())])).await.0, 400);

    // Bad input names the field; another park's project is not the forecaster's.
    for (body, field) in [
        (json!({ "projectId": f.solar, "period": "2026-03", "expectedMonthInvestment": "1", "expectedYearInvestment": "1" }), "projectId"),
        (json!({ "projectId": f.smart, "period": "2026-3x", "expectedMonthInvestment": "1", "expectedYearInvestment": "1" }), "period"),
        (
            json!({ "projectId": f.smart, "period": "2026-04", "expectedMonthInvestment": "-1", "expectedYearInvestment": "1" }),
            "expectedMonthInvestment",
        ),
        (
            json!({ "projectId": f.smart, "period": "2026-04", "expectedMonthInvestment": "10", "expectedYearInvestment": "1" }),
            "expectedYearInvestment",
        ),
    ] {
        let (s, reply) = save(&app, &east, body.clone()).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }

    // Every call by its code, and another tenant's forecast is nowhere.
    let nobody = person(&app, &f.z.tenant, "nobody", &f.z.top, &["investment_forecasting"]).await;
    let calls = vec![
        Call::Get("/list?period=2026-03".into()),
        Call::Get(format!("/detail?id={id}")),
        Call::Json("/submit", forecast(&f.smart, "1", None, "1")),
        Call::Form("/remove", vec![("ids", id.clone())]),
        Call::Json("/review", json!({ "ids": [id], "step": "unapprove", "opinion": "x" })),
        Call::Get(format!("/review-log?id={id}")),
        Call::Get("/summary?period=2026-03".into()),
        Call::Get("/projects?period=2026-03".into()),
    ];
    let names = ["list", "detail", "submit", "remove", "review", "review-log", "summary", "projects"];
    assert_eq!(matrix_at(&app, API, Some(&nobody), "no code", &names, calls).await, [403; 8]);
    let other = crate::project_reports::zone(&app, "另一预测园区").await;
    let stranger = person(&app, &other.tenant, "fc", &other.top, &[FORECASTER, &CHECKER[2..]].concat()).await;
    assert_eq!(get(&app, &stranger, &format!("/detail?id={id}")).await.0, 404);
    assert_eq!(step(&app, &stranger, &[&id], "unapprove", "x").await.0, 404);
    assert_eq!(get(&app, &stranger, "/list?period=2026-03").await.1["data"], json!([]));
    let _ = &f.west_person;
}

const EXPORTER: &[&str] = &["investment_forecasting", "investment_forecasting_view", "investment_forecasting_export"];
const IMPORT: &str = "/api/investmentForecast/import";
const TEMPLATE: &str = "/api/investmentForecast/export-template";

/// The headers of the import template: the export's that a person fills, then the grounds.
const IMPORT_HEADERS: [&str; 9] = [
    "月份",
    "项目编号",
    "项目名称",
    "预计本月完成投资(万元)",
    "预计本季度完成投资(万元)",
    "预计全年完成投资(万元)",
    "预计开工日期",
    "预计投产日期",
    "预测依据/说明",
];

/// Whether a cell shows what the screen's JSON holds: numbers alike whatever their trailing zeros, "—"
/// for a figure the screen has none of.
fn same(cell: &str, json: &Value) -> bool {
    match json {
        Value::Null => cell == "—" || cell.is_empty(),
        Value::Number(n) => cell.parse::<f64>().ok() == n.as_f64(),
        Value::String(s) => match (s.parse::<f64>(), cell.parse::<f64>()) {
            (Ok(a), Ok(b)) => a == b,
            _ => cell == s,
        },
        other => cell == other.to_string(),
    }
}

/// The data rows of an exported sheet: those below the header row, which starts with `first`.
fn data_rows(bytes: &[u8], first: &str) -> Vec<Vec<String>> {
    let grid = keeper_excel::read::grid(bytes).unwrap();
    let header = grid.iter().position(|r| r.first().map(String::as_str) == Some(first)).unwrap_or_else(|| panic!("{grid:?}"));
    grid[header + 1..].to_vec()
}

fn cell(row: &[String], i: usize) -> &str {
    row.get(i).map_or("", String::as_str)
}

/// The fixed zone's March: plans, targets, 智能装备 approved (400 / 1,500 / 5,000) and 光伏 returned
/// (200 / — / 4,000), as the summary test above files them.
async fn march(app: &TestApp, f: &Fixed, east: &str, west: &str, checker: &str) {
    plan(app, f, &f.smart, "6000").await;
    plan(app, f, &f.solar, "3000").await;
    plan(app, f, &f.logistics, "2000").await;
    let t_east = target(app, &f.committee, investment(&f.z.east, "12000")).await;
    let t_west = target(app, &f.committee, investment(&f.west, "6000")).await;
    released(app, &f.committee, &[&t_east, &t_west]).await;
    let mut smart = forecast(&f.smart, "400", Some("1500"), "5000");
    smart["expectedProductionDate"] = json!("2027-06-30");
    let smart = saved(app, east, smart).await;
    let solar = saved(app, west, forecast(&f.solar, "200", None, "4000")).await;
    assert_eq!(step(app, east, &[&smart], "submit", "").await.0, 200);
    assert_eq!(step(app, west, &[&solar], "submit", "").await.0, 200);
    assert_eq!(step(app, checker, &[&smart], "approve", "").await.0, 200);
    assert_eq!(step(app, checker, &[&solar], "return", "全年预计偏高").await.0, 200);
}

#[actix_web::test]
async fn each_tabs_export_is_what_the_tab_shows_cell_by_cell() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "预测导出园区").await;
    let east = person(&app, &f.z.tenant, "eastfc", &f.z.east, FORECASTER).await;
    let west = person(&app, &f.z.tenant, "westfc", &f.west, FORECASTER).await;
    let checker = person(&app, &f.z.tenant, "fcchecker", &f.z.top, &[CHECKER, &EXPORTER[2..]].concat()).await;
    march(&app, &f, &east, &west, &checker).await;

    // 预测填报: the month's forecasts in the list's order, a row each, every cell the list's.
    let (_, list) = get(&app, &checker, "/list?period=2026-03").await;
    let list = list["data"].as_array().unwrap().clone();
    let (s, disposition, bytes) = download(&app, Some(&checker), "/api/investmentForecast/export?period=2026-03").await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&bytes));
    assert!(disposition.contains(".xlsx"), "{disposition}");
    let rows = data_rows(&bytes, "月份");
    assert_eq!(rows.len(), 2);
    let keys = [
        "period",
        "projectNo",
        "projectName",
        "deptName",
        "reportStatusName",
        "expectedMonthInvestment",
        "expectedQuarterInvestment",
        "expectedYearInvestment",
        "expectedStartDate",
        "expectedProductionDate",
        "submitUserName",
        "submitTime",
    ];
    for (row, record) in rows.iter().zip(&list) {
        for (i, k) in keys.iter().enumerate() {
            assert!(same(cell(row, i), &record[k]), "{k}: {:?} vs {}", cell(row, i), record[k]);
        }
    }
    // By hand: 智能装备 2026-03 东区 已通过 400 / 1,500 / 5,000, production 2027-06-30, filed by eastfc; 光伏
    // 西区 已退回 200, no quarter, 4,000.
    let by_name: HashMap<&str, &Vec<String>> = rows.iter().map(|r| (r[2].as_str(), r)).collect();
    let smart = by_name["智能装备产业园"];
    assert_eq!((cell(smart, 0), cell(smart, 3), cell(smart, 4)), ("2026-03", "东区", "已通过"));
    assert_eq!(
        (cell(smart, 5), cell(smart, 6), cell(smart, 7), cell(smart, 9), cell(smart, 10)),
        ("400", "1500", "5000", "2027-06-30", "eastfc")
    );
    let solar = by_name["光伏组件扩产"];
    assert_eq!((cell(solar, 3), cell(solar, 4), cell(solar, 5), cell(solar, 6), cell(solar, 7)), ("西区", "已退回", "200", "", "4000"));
    // …and only the status asked.
    let (_, _, approved) = download(&app, Some(&checker), "/api/investmentForecast/export?period=2026-03&reportStatus=2").await;
    assert_eq!(data_rows(&approved, "月份").iter().map(|r| r[2].clone()).collect::<Vec<_>>(), ["智能装备产业园"]);

    // 汇总: title and unit above the header, then the summary's rows. By hand, 东区: 1 project, 12,000
    // target, 500 + 700 = 1,200 done (March's 300 still waits for review, so the month has no accuracy),
    // 5,000 expected, 5,000 ÷ 12,000 = 41.67 %, gap 7,000, trend 1,200 ÷ 3 × 12 = 4,800.
    let (_, summary) = get(&app, &checker, "/summary?period=2026-03").await;
    let summary = summary["data"].as_array().unwrap().clone();
    let (s, _, bytes) = download(&app, Some(&checker), "/api/investmentForecast/export-summary?period=2026-03").await;
    assert_eq!(s, 200);
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    assert_eq!((grid[0][0].as_str(), grid[1][0].as_str()), ("2026年3月投资预测汇总", "单位：万元"));
    let rows = data_rows(&bytes, "责任单位");
    assert_eq!(rows.len(), summary.len());
    let keys = ["deptName", "projects", "flagged", "annualTarget", "ytd", "expectedYear", "expectedRate", "gap", "accuracy", "trend"];
    for (row, record) in rows.iter().zip(&summary) {
        assert_eq!(cell(row, 0).trim_start_matches('　'), record["deptName"].as_str().unwrap());
        for (i, k) in keys.iter().enumerate().skip(1) {
            assert!(same(cell(row, i), &record[k]), "{} {k}: {:?} vs {}", record["deptName"], cell(row, i), record[k]);
        }
    }
    let east_row = rows.iter().find(|r| r[0].trim_start_matches('　') == "东区").unwrap();
    assert_eq!(
        east_row[1..].iter().map(String::as_str).collect::<Vec<_>>(),
        ["1", "0", "12000", "1200", "5000", "41.67", "7000", "—", "4800"]
    );
    assert_eq!(rows.last().unwrap()[0], "合计");

    // 项目明细 of 西区: its one project, estimated at its plan since its forecast was returned.
    let (_, projects) = get(&app, &checker, &format!("/projects?period=2026-03&deptId={}", f.west)).await;
    let projects = projects["data"].as_array().unwrap().clone();
    let (s, _, bytes) =
        download(&app, Some(&checker), &format!("/api/investmentForecast/export-projects?period=2026-03&deptId={}", f.west)).await;
    assert_eq!(s, 200);
    let rows = data_rows(&bytes, "项目名称");
    assert_eq!((rows.len(), projects.len()), (1, 1));
    assert_eq!(rows[0], ["光伏组件扩产", "西区", "3000", "1000", "3000", "是", "0", "已退回"]);
    for (i, k) in ["projectName", "deptName", "yearPlan", "ytd", "expectedYear"].iter().enumerate() {
        assert!(same(cell(&rows[0], i), &projects[0][k]), "{k}");
    }

    // A park's export holds its own forecasts only, as its list does.
    assert_eq!(
        download(&app, Some(&east), "/api/investmentForecast/export?period=2026-03").await.0,
        403,
        "the filler has no export button"
    );
    let east_exporter = person(&app, &f.z.tenant, "eastex", &f.z.east, EXPORTER).await;
    let (_, _, own) = download(&app, Some(&east_exporter), "/api/investmentForecast/export?period=2026-03").await;
    assert_eq!(data_rows(&own, "月份").iter().map(|r| r[2].clone()).collect::<Vec<_>>(), ["智能装备产业园"]);
}

/// A forecast row of the import file by header.
fn import_row(period: &str, no: &str, month: &str, quarter: &str, year: &str) -> Vec<(&'static str, keeper_excel::Value)> {
    let mut row = vec![
        ("月份", text(period)),
        ("项目编号", text(no)),
        ("预计本月完成投资(万元)", text(month)),
        ("预计全年完成投资(万元)", text(year)),
    ];
    if !quarter.is_empty() {
        row.push(("预计本季度完成投资(万元)", text(quarter)));
    }
    row
}

async fn forecasts_of(app: &TestApp, token: &str, period: &str) -> HashMap<String, Value> {
    let (s, list) = get(app, token, &format!("/list?period={period}")).await;
    assert_eq!(s, 200, "{list}");
    by(&list, "projectName")
}

#[actix_web::test]
async fn forecasts_import_as_drafts_of_the_importer_and_a_bad_file_writes_nothing() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "预测导入园区").await;
    let importer = person(&app, &f.z.tenant, "eastimp", &f.z.east, &[FORECASTER, &["investment_forecasting_import"]].concat()).await;
    let no = crate::projects::detail(&app, &f.z.admin, &f.smart).await["projectNo"].as_str().unwrap().to_string();
    let solar_no = crate::projects::detail(&app, &f.z.admin, &f.solar).await["projectNo"].as_str().unwrap().to_string();

    let (s, _, template) = download(&app, Some(&importer), TEMPLATE).await;
    assert_eq!(s, 200);
    let hints = rows_of(&template, &IMPORT_HEADERS);
    assert_eq!(
        (hints[0]["月份"].as_str(), hints[0]["预计全年完成投资(万元)"].as_str()),
        ("必填，预测的月份，如 2026-11", "必填，万元，最多4位小数")
    );

    // April by number with its grounds and a start day; May by the project's name, its number left empty.
    let mut april = import_row("2026-04", &no, "300.5", "900", "5200");
    april.extend([("预计投产日期", day("2027-03-01")), ("预测依据/说明", text("按施工合同测算"))]);
    let mut may = import_row("2026-05", "", "320", "", "5200");
    may.push(("项目名称", text("智能装备产业园")));
    let file = xlsx(&IMPORT_HEADERS, &[april.clone(), may]);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "预测.xlsx", &file, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 2, "updated": 0 })), "{reply}");
    let got = &forecasts_of(&app, &importer, "2026-04").await["智能装备产业园"];
    let fields = |r: &Value| {
        [
            "reportStatus",
            "deptName",
            "expectedMonthInvestment",
            "expectedQuarterInvestment",
            "expectedYearInvestment",
            "expectedProductionDate",
            "basis",
        ]
        .map(|k| r[k].clone())
    };
    let seven = |v: Value| -> [Value; 7] { serde_json::from_value(v).unwrap() };
    assert_eq!(fields(got), seven(json!(["0", "东区", "300.5", "900", "5200", "2027-03-01", "按施工合同测算"])));
    let april_id = got["id"].as_str().unwrap().to_string();
    assert_eq!(forecasts_of(&app, &importer, "2026-05").await["智能装备产业园"]["expectedQuarterInvestment"], Value::Null);

    // Again without 覆盖: April exists. With it, the row 350 / 5,300 is laid over the draft, which keeps its
    // id and status; the quarter, production day and grounds the row leaves empty are cleared with it.
    let again = xlsx(&IMPORT_HEADERS, &[import_row("2026-04", &no, "350", "", "5300")]);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "预测.xlsx", &again, false).await;
    assert_eq!((s, problems(&reply)), (400, vec![(2, "月份".to_string(), "「智能装备产业园」2026年4月的预测已存在".to_string())]));
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "预测.xlsx", &again, true).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 1 })), "{reply}");
    let got = &forecasts_of(&app, &importer, "2026-04").await["智能装备产业园"];
    assert_eq!(got["id"].as_str(), Some(april_id.as_str()));
    assert_eq!(fields(got), seven(json!(["0", "东区", "350", null, "5300", "", ""])));

    // Submitted, April is no longer the filler's: laid over again it is refused.
    assert_eq!(step(&app, &importer, &[&april_id], "submit", "").await.0, 200);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "预测.xlsx", &again, true).await;
    assert_eq!(
        (s, problems(&reply)),
        (400, vec![(2, "月份".to_string(), "「智能装备产业园」2026年4月的预测已提交审核或已通过，不能修改".to_string())])
    );

    // A file with bad rows: June's good row is not written either, and every bad row is named.
    let file = xlsx(
        &IMPORT_HEADERS,
        &[
            import_row("2026-06", &no, "300", "", "5000"),
            import_row("2026-07", &no, "300", "", "100"),
            import_row("2026-13", &no, "1", "", "1"),
            import_row("2026-08", "XM-0000", "1", "", "1"),
            import_row("2026-08", &solar_no, "1", "", "1"),
            import_row("2026-06", &no, "1", "", "1"),
            import_row("2026-09", &no, "-1", "", "1"),
        ],
    );
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "预测.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    let named: Vec<(u64, String)> = problems(&reply).into_iter().map(|(r, f, _)| (r, f)).collect();
    assert_eq!(
        named,
        [(3, "预计全年完成投资(万元)"), (4, "月份"), (5, "项目编号"), (6, "项目编号"), (7, "月份"), (8, "预计本月完成投资(万元)"),]
            .map(|(r, f)| (r, f.to_string())),
        "{reply}"
    );
    let reasons: HashMap<u64, String> = problems(&reply).into_iter().map(|(r, _, why)| (r, why)).collect();
    assert_eq!((reasons[&5].as_str(), reasons[&6].as_str()), ("项目不存在", "项目不存在"), "another park's project is unknown");
    assert_eq!(reasons[&7], "「智能装备产业园」2026年6月的预测与第2行重复");
    assert!(forecasts_of(&app, &importer, "2026-06").await.is_empty(), "nothing written");

    // Another tenant's importer does not know the project's number.
    let other = crate::project_reports::zone(&app, "另一导入园区").await;
    let foreigner = person(&app, &other.tenant, "imp", &other.east, &[FORECASTER, &["investment_forecasting_import"]].concat()).await;
    let file = xlsx(&IMPORT_HEADERS, &[import_row("2026-06", &no, "1", "", "1")]);
    let (s, reply) = upload(&app, Some(&foreigner), IMPORT, "预测.xlsx", &file, false).await;
    assert_eq!((s, problems(&reply)), (400, vec![(2, "项目编号".to_string(), "项目不存在".to_string())]));
}

#[actix_web::test]
async fn the_import_and_each_export_answer_by_their_own_button() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "预测按钮园区").await;
    let viewer = person(&app, &f.z.tenant, "viewer", &f.z.east, FORECASTER).await;
    let exporter = person(&app, &f.z.tenant, "exporter", &f.z.east, EXPORTER).await;
    let importer = person(&app, &f.z.tenant, "importer", &f.z.east, &["investment_forecasting", "investment_forecasting_import"]).await;
    let each = |token: Option<String>| {
        let app = &app;
        async move {
            let t = token.as_deref();
            vec![
                download(app, t, "/api/investmentForecast/export?period=2026-03").await.0,
                download(app, t, "/api/investmentForecast/export-summary?period=2026-03").await.0,
                download(app, t, "/api/investmentForecast/export-projects?period=2026-03").await.0,
                download(app, t, TEMPLATE).await.0,
                upload(app, t, IMPORT, "x.xlsx", b"not a spreadsheet", false).await.0,
            ]
        }
    };
    // With the button, a file that is no spreadsheet is the uploader's mistake (400), never a 403.
    assert_eq!(each(Some(exporter)).await, [200, 200, 200, 403, 403], "导出");
    assert_eq!(each(Some(importer)).await, [403, 403, 403, 200, 400], "导入");
    assert_eq!(each(Some(viewer)).await, [403; 5], "the filler without either button");
    assert_eq!(each(None).await, [401; 5], "anonymous");
}
