//! Investment forecasts (issue 16, domain-model §2.2.5b): the parks forecast each project's month,
//! quarter and year through the review workflow, and the committee's summary sets the approved forecasts
//! against the departments' targets — a project without an approved forecast counted at its plan and
//! flagged — with the gap, the accuracy of the month and the trend, every figure worked out by hand below.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::dept_targets::{Fixed, fixed, investment, released, target};
use crate::project_reports::took;
use crate::projects::person;
use crate::support::{Call, call_at, exec, matrix_at};

const API: &str = "/api/investmentForecast";

const FORECASTER: &[&str] = &[
    "investment_forecasting",
    "investment_forecasting_view",
    "investment_forecasting_add",
    "investment_forecasting_edit",
    "investment_forecasting_delete",
    "investment_forecasting_submit",
];
const CHECKER: &[&str] = &["investment_forecasting", "investment_forecasting_view", "investment_forecasting_approve", "investment_forecasting_return"];

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
    let (_, list) = call_at(&app, "/api/projectReport", Some(&f.z.admin), Call::Get(format!("/list?projectId={}&period=2026-03", f.smart))).await;
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
    let figures = |r: &Value| ["projects", "flagged", "annualTarget", "ytd", "expectedYear", "expectedRate", "gap", "accuracy", "trend"].map(|k| r[k].clone());
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
    exec(&app, "business", "UPDATE biz_project SET project_status = '70' WHERE id = ?", vec![f.logistics.parse::<i64>().unwrap().into()]).await;
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
    let (s, reply) = save(&app, &east, json!({ "id": id, "projectId": f.smart, "period": "2026-03", "expectedMonthInvestment": "1", "expectedYearInvestment": "1" })).await;
    assert_eq!((s, reply["msg"].as_str()), (400, Some("预测已提交审核或已通过，不能修改")), "{reply}");
    assert_eq!(step(&app, &checker, &[&id], "approve", "同意").await.0, 200);
    let (_, d) = get(&app, &east, &format!("/detail?id={id}")).await;
    let d = &d["data"];
    assert_eq!((d["expectedMonthInvestment"].as_str(), d["reportStatusName"].as_str(), d["auditUserName"].as_str()), (Some("450"), Some("已通过"), Some("fcchecker")));
    assert_eq!(d["nextSteps"], json!(["unapprove"]));
    let (_, log) = get(&app, &east, &format!("/review-log?id={id}")).await;
    assert_eq!(log["data"].as_array().unwrap().iter().map(|e| e["step"].as_str().unwrap()).collect::<Vec<_>>(), ["submit", "approve"]);
    assert_eq!(call_at(&app, API, Some(&east), Call::Form("/remove", vec![("ids", id.clone())])).await.0, 400);

    // Bad input names the field; another park's project is not the forecaster's.
    for (body, field) in [
        (json!({ "projectId": f.solar, "period": "2026-03", "expectedMonthInvestment": "1", "expectedYearInvestment": "1" }), "projectId"),
        (json!({ "projectId": f.smart, "period": "2026-3x", "expectedMonthInvestment": "1", "expectedYearInvestment": "1" }), "period"),
        (json!({ "projectId": f.smart, "period": "2026-04", "expectedMonthInvestment": "-1", "expectedYearInvestment": "1" }), "expectedMonthInvestment"),
        (json!({ "projectId": f.smart, "period": "2026-04", "expectedMonthInvestment": "10", "expectedYearInvestment": "1" }), "expectedYearInvestment"),
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
