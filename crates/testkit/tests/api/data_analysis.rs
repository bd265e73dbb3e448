//! The public big screen (issue 18, domain-model §4): no sign-in, the tenant named in the URL; a tenant
//! that has not opened its screen answers 404; the widgets are the tenant's choice; the figures are the
//! latest closed month's, worked out by hand over a small zone; another tenant's figures never reach it;
//! and no answer carries a person, a phone or anything but names and aggregates.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::output_reports::{approved, filed, report, took, zone};
use crate::project_issues::{assign, issue, ledger, raised};
use crate::project_reports::{self as project_reports, in_library};
use crate::projects::{project, with};
use crate::support::{Call, call_at, exec};

async fn screen(app: &TestApp, tenant: &str) -> (u16, Value) {
    call_at(app, "/api/dataAnalysis", None, Call::Get(format!("/screen?tenant={tenant}"))).await
}

/// The screen of a tenant that has opened it.
async fn opened(app: &TestApp, tenant: &str) -> Value {
    let (s, r) = screen(app, tenant).await;
    assert_eq!(s, 200, "{r}");
    r
}

/// Opens the zone's screen with `widgets`, as its administrator does in 园区设置.
pub(crate) async fn open(app: &TestApp, admin: &str, widgets: &[&str]) {
    let (s, r) = call_at(app, "/api/zoneSetting", Some(admin), Call::Json("/submit", json!({ "screenWidgets": widgets }))).await;
    assert_eq!(s, 200, "{r}");
}

/// Every widget of the screen.
pub(crate) const ALL: &[&str] = &[
    "kpi",
    "outputTrend",
    "parkInvestment",
    "projectStatus",
    "industryInvestment",
    "typeInvestment",
    "keyProjects",
    "latestSigned",
    "issues",
    "enterpriseRanking",
    "parkCompletion",
];

/// The month being reported (the one before today's) and the one before it.
fn months() -> (String, String) {
    let today = keeper_common::time::today();
    let month = |n: u32| today.checked_sub_months(chrono::Months::new(n)).unwrap().format("%Y-%m").to_string();
    (month(1), month(2))
}

/// Every key anywhere in the answer.
fn keys(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.push(k.to_lowercase());
                keys(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
        _ => {}
    }
}

/// Nothing personal or confidential: no field naming a person, a phone, a contact, tax or profit, and
/// none of the zone's contacts' names or numbers anywhere in the text.
fn assert_public(body: &Value, secrets: &[&str]) {
    let mut all = Vec::new();
    keys(body, &mut all);
    for k in &all {
        for banned in ["phone", "mobile", "contact", "user", "leader", "owner", "tax", "profit", "creditcode", "email", "account"] {
            assert!(!k.contains(banned), "the public screen carries `{k}`");
        }
    }
    let text = body.to_string();
    for s in secrets {
        assert!(!text.contains(s), "the public screen carries {s}");
    }
}

fn names(v: &Value, field: &str) -> Vec<String> {
    v.as_array().unwrap().iter().map(|x| x[field].as_str().unwrap().to_string()).collect()
}

#[actix_web::test]
async fn the_screen_opens_only_when_the_tenant_chooses_and_shows_the_closed_months_output_of_that_tenant_only() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "大屏产值园区").await;
    let (now, _) = months();
    // The month being reported, approved for all three enterprises owing it (100 % ≥ 80 %: closed):
    // 东区机械 1,200, 东一电子 300 (东区's area), 西区化工 500.
    approved(&app, &z, &report(&z.machinery, &now, "1200")).await;
    approved(&app, &z, &report(&z.electronics, &now, "300")).await;
    let west = filed(&app, &z.admin, &report(&z.chemicals, &now, "500")).await;
    took(&app, &z.admin, &[&west], "submit", "").await;
    took(&app, &z.checker, &[&west], "approve", "").await;
    // Another zone's enterprise with a bigger figure, whose screen is open.
    let other = zone(&app, "大屏另一园区").await;
    approved(&app, &other, &report(&other.machinery, &now, "9999")).await;
    open(&app, &other.admin, &["kpi", "issues"]).await;

    // Not opened: 404 without a token, as for a tenant that does not exist; no tenant or a bad one: 400.
    assert_eq!(screen(&app, &z.tenant).await.0, 404);
    assert_eq!(screen(&app, "999999").await.0, 404);
    let (s, r) = call_at(&app, "/api/dataAnalysis", None, Call::Get("/screen".into())).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("tenant")), "{r}");
    let (s, r) = screen(&app, "88%2F..").await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("tenant")), "{r}");

    open(&app, &z.admin, ALL).await;
    let r = opened(&app, &z.tenant).await;
    let d = &r["data"];
    assert_eq!(d["zoneName"], "大屏产值园区");
    assert_eq!(d["period"], json!(now));
    assert_eq!(d["widgets"].as_array().unwrap().len(), 11);
    // 规上工业总产值 1–N月: the three approved months, nothing last year, no target.
    assert_eq!(d["kpi"]["output"], json!({ "ytd": "2000", "yoy": null, "completion": null }));
    // 规上 firms still in the zone: the three (东区商贸 is not 规上, 西区纺织 moved out); none new this year.
    assert_eq!(d["kpi"]["aboveScale"], json!({ "count": 3, "newThisYear": 0 }));
    let ranking = &d["enterpriseRanking"];
    assert_eq!(names(ranking, "enterpriseName"), vec!["东区机械", "西区化工", "东一电子"]);
    assert_eq!((ranking[0]["rank"].as_u64(), ranking[0]["ytd"].as_str()), (Some(1), Some("1200")));
    // The parks below the zone, 东区 with its area.
    let parks: Vec<(String, String)> = d["parkCompletion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap().to_string(), p["ytd"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(parks, vec![("东区".to_string(), "1500".to_string()), ("西区".to_string(), "500".to_string())]);
    let month: usize = now[5..].parse().unwrap();
    let trend = &d["outputTrend"]["months"];
    assert_eq!(trend.as_array().unwrap().len(), 12);
    assert_eq!((trend[month - 1]["thisMonth"].as_str(), trend[month - 1]["lastMonth"].as_str()), (Some("2000"), Some("0")));
    assert!(!r.to_string().contains("9999"), "another tenant's figure: {r}");
    assert_public(&r, &["王工", "0512-66668888"]);

    // The other zone shows only what it opened.
    let r = opened(&app, &other.tenant).await;
    assert_eq!(r["data"]["widgets"], json!(["kpi", "issues"]));
    assert!(r["data"].get("enterpriseRanking").is_none() && r["data"].get("outputTrend").is_none(), "{r}");
    // Only one of its three enterprises approved the month being reported (33 % < 80 %): that month is not
    // closed, and the screen shows the month before it, with nothing approved.
    let (_, before) = months();
    assert_eq!((r["data"]["period"].as_str(), r["data"]["kpi"]["output"]["ytd"].as_str()), (Some(before.as_str()), Some("0")));
}

#[actix_web::test]
async fn the_projects_widgets_list_names_and_figures_of_the_closed_month_and_the_open_issues_overdue_first() {
    let app = TestApp::spawn().await;
    let l = ledger(&app, "大屏项目园区").await;
    let z = &l.z;
    let (_, before) = months();
    // No enterprise owes output reports, so no month closes: the screen shows the month before the one
    // being reported.
    let started = json!({ "projectStatus": "50", "actualStartDate": "2025-10-08", "openingInvestment": "3000",
        "signDate": "2025-09-18", "contractAmount": "52000" });
    let p = in_library(&app, z, with(project("大屏光伏项目", &z.east), started)).await;
    let second = in_library(
        &app,
        z,
        with(
            project("大屏电机项目", &z.east),
            json!({ "signDate": "2025-11-02", "totalInvestment": "8000", "fixedAssetInvestment": "7000", "equipmentInvestment": "3000" }),
        ),
    )
    .await;
    let id = project_reports::filed(&app, &z.clerk, &project_reports::report(&p, &before, "600")).await;
    project_reports::took(&app, &z.clerk, &[&id], "submit", "").await;
    project_reports::took(&app, &z.checker, &[&id], "approve", "").await;
    // Two issues: a 一般 one to 供电 in time, a 重点 one to 水务 overdue.
    let deadline = (keeper_common::time::today() + chrono::Days::new(5)).format("%Y-%m-%d").to_string();
    let in_time = raised(&app, &l.raiser, with(issue(&p), json!({ "description": "专线未接入" }))).await;
    let late = raised(&app, &l.raiser, with(issue(&second), json!({ "issueType": "1", "description": "管网未通" }))).await;
    for (id, to, level) in [(&in_time, &l.power_dept, "3"), (&late, &l.water_dept, "4")] {
        let body = json!({ "id": id, "issueLevel": level, "responsibleDeptId": to, "deadline": deadline, "responsibleLeader": "王副主任" });
        let (s, r) = assign(&app, &l.committee, body).await;
        assert_eq!(s, 200, "{r}");
    }
    let past = keeper_common::time::today() - chrono::Days::new(2);
    exec(
        &app,
        "business",
        "UPDATE biz_project_issue SET deadline = ? WHERE id = ?",
        vec![past.into(), late.parse::<i64>().unwrap().into()],
    )
    .await;
    open(&app, &z.admin, ALL).await;

    let r = opened(&app, &z.tenant).await;
    let d = &r["data"];
    assert_eq!(d["period"], json!(before));
    // 最新签约项目: the latest first, 亿元 to two places (52,000.5 万元 → 5.20, 8,000 → 0.80).
    let signed = &d["latestSigned"];
    assert_eq!(names(signed, "projectName"), vec!["大屏电机项目", "大屏光伏项目"]);
    assert_eq!((signed[0]["investmentYi"].as_str(), signed[0]["signDate"].as_str()), (Some("0.8"), Some("2025-11-02")));
    assert_eq!(signed[1]["investmentYi"], "5.2");
    // 重点项目进展: the closed month's approved report.
    let key = &d["keyProjects"];
    assert_eq!(names(key, "projectName"), vec!["大屏光伏项目"]);
    assert_eq!(
        (key[0]["monthInvestment"].as_str(), key[0]["deptName"].as_str(), key[0]["progress"].as_str()),
        (Some("600"), Some("东区"), Some("主体施工"))
    );
    // 问题督办: the overdue one first.
    let issues = &d["issues"];
    assert_eq!(names(issues, "projectName"), vec!["大屏电机项目", "大屏光伏项目"]);
    assert_eq!((issues[0]["overdue"].as_bool(), issues[0]["deptName"].as_str()), (Some(true), Some("水务集团")));
    assert_eq!((issues[1]["overdue"].as_bool(), issues[1]["levelName"].as_str()), (Some(false), Some("一般问题")));
    assert_eq!(d["kpi"]["keyIssues"], json!({ "open": 1, "overdue": 1 }));
    // In the library: the two projects, 52,000.5 + 8,000 万元, one of 亿元 and more.
    assert_eq!(d["kpi"]["library"], json!({ "projects": 2, "totalInvestment": "60000.5", "overYi": 1 }));
    let statuses: i64 = d["projectStatus"].as_array().unwrap().iter().map(|s| s["count"].as_i64().unwrap()).sum();
    assert_eq!(statuses, 2, "{}", d["projectStatus"]);
    assert_public(&r, &["李经理", "0512-67890000", "王副主任"]);
}
