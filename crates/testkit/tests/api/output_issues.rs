//! 产值填报 › 转为问题 (issue 17, domain-model §2.3.1: an enterprise's 生产经营困难/诉求 "can be converted into
//! an issue"): the park's liaison, who sees the enterprise's output report and raises issues, raises its
//! difficulty on one of the enterprise's projects; the issue keeps the report it came from and enters the
//! ledger 待研判 like any other. Only the enterprise's own projects in the library and still running are
//! offered, only within the caller's scopes; another enterprise's project, another park's report or
//! another tenant's are refused, naming the field, and the call needs the raise button.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::output_reports::{Zone, filed, report, zone};
use crate::projects::{self, person, project, with};
use crate::support::{Call, call_at};

const ISSUES: &str = "/api/projectIssue";
/// The park's liaison: files output reports and raises issues.
const LIAISON: &[&str] = &[
    "output_report",
    "output_report_view",
    "output_report_add",
    "output_report_submit",
    "track_project",
    "track_project_view",
    "track_project_issue",
];

/// A project of `enterprise` in the east park taken into the library by the administrator; answers its id.
async fn in_library(app: &TestApp, z: &Zone, name: &str, enterprise: &str, extra: Value) -> String {
    let body = with(with(project(name, &z.east), json!({ "enterpriseId": enterprise })), extra);
    let id = projects::create(app, &z.admin, &body).await;
    for step in ["submit", "approve"] {
        let (s, r) = projects::review(app, Some(&z.admin), &[&id], step, "").await;
        assert_eq!(s, 200, "{step}: {r}");
    }
    id
}

async fn offered(app: &TestApp, token: &str, report: &str) -> (u16, Value) {
    call_at(app, ISSUES, Some(token), Call::Get(format!("/output-projects?id={report}"))).await
}

fn names(list: &Value) -> Vec<&str> {
    list["data"].as_array().unwrap_or_else(|| panic!("{list}")).iter().map(|p| p["projectName"].as_str().unwrap()).collect()
}

fn raised_from(report: &str, project: &str) -> Value {
    json!({ "projectId": project, "outputReportId": report, "issueType": "5", "description": "熟练工缺口约120人，订单交付延期", "suggestion": "协调人社局组织专场招聘" })
}

#[actix_web::test]
async fn an_enterprises_difficulty_becomes_an_issue_on_one_of_its_projects_and_keeps_its_report() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "转为问题园区").await;
    let liaison = person(&app, &z.tenant, "liaison", &z.east, LIAISON).await;
    // 东区机械 has two projects in the library (the larger first) and one still a draft; 西区化工 one.
    let big = in_library(&app, &z, "东区机械二期扩产项目", &z.machinery, json!({ "totalInvestment": "80000" })).await;
    let small = in_library(
        &app,
        &z,
        "东区机械技改项目",
        &z.machinery,
        json!({ "totalInvestment": "12000", "fixedAssetInvestment": "10000", "equipmentInvestment": "6000" }),
    )
    .await;
    projects::create(&app, &z.admin, &with(project("东区机械三期项目", &z.east), json!({ "enterpriseId": z.machinery }))).await;
    let theirs = in_library(&app, &z, "西区化工搬迁项目", &z.chemicals, json!({})).await;
    let month = keeper_common::time::today().format("%Y-%m").to_string();
    let difficulty = filed(&app, &liaison, &with(report(&z.machinery, &month, "1200"), json!({ "problems": "用工紧张" }))).await;

    // Offered: the enterprise's projects in the library, the larger first; not the draft, not another firm's.
    let (s, list) = offered(&app, &liaison, &difficulty).await;
    assert_eq!(s, 200, "{list}");
    assert_eq!(names(&list), vec!["东区机械二期扩产项目", "东区机械技改项目"]);
    let ids: Vec<&str> = list["data"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids, vec![big.as_str(), small.as_str()]);
    assert_eq!(list["data"][0]["deptName"], json!("东区"), "{list}");

    // Raised on the larger one: numbered, 上报问题 待研判, the report kept.
    let (s, r) = call_at(&app, ISSUES, Some(&liaison), Call::Json("/submit", raised_from(&difficulty, &big))).await;
    assert_eq!(s, 200, "{r}");
    let id = r["data"]["id"].as_str().unwrap().to_string();
    let (s, d) = call_at(&app, ISSUES, Some(&liaison), Call::Get(format!("/detail?id={id}"))).await;
    assert_eq!(s, 200, "{d}");
    let d = &d["data"];
    assert_eq!(
        (d["outputReportId"].as_str(), d["projectId"].as_str(), d["issueLevel"].as_str(), d["issueStatus"].as_str()),
        (Some(difficulty.as_str()), Some(big.as_str()), Some("1"), Some("10")),
        "{d}"
    );
    assert_eq!(d["description"], json!("熟练工缺口约120人，订单交付延期"));
    assert!(d["issueNo"].as_str().is_some_and(|n| !n.is_empty()), "{d}");

    // Another enterprise's project is not this report's.
    let (s, r) = call_at(&app, ISSUES, Some(&liaison), Call::Json("/submit", raised_from(&difficulty, &theirs))).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("projectId")), "{r}");
    // A report the caller does not see (the west park's, filed by the administrator) is named as missing.
    let west = filed(&app, &z.admin, &report(&z.chemicals, &month, "800")).await;
    let (s, r) = call_at(&app, ISSUES, Some(&liaison), Call::Json("/submit", raised_from(&west, &theirs))).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("outputReportId")), "{r}");
    assert_eq!(offered(&app, &liaison, &west).await.0, 404);
    // An enterprise without a project in the library has none to offer.
    let none = filed(&app, &liaison, &with(report(&z.electronics, &month, "300"), json!({ "problems": "原材料涨价" }))).await;
    let (s, list) = offered(&app, &liaison, &none).await;
    assert_eq!((s, names(&list)), (200, vec![]), "{list}");

    // Another tenant's people see nothing of it; without the raise button the call is refused.
    let other = zone(&app, "转为问题另一园区").await;
    let stranger = person(&app, &other.tenant, "liaison", &other.east, LIAISON).await;
    assert_eq!(offered(&app, &stranger, &difficulty).await.0, 404);
    let (s, r) = call_at(&app, ISSUES, Some(&stranger), Call::Json("/submit", raised_from(&difficulty, &big))).await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("outputReportId")), "{r}");
    assert_eq!(offered(&app, &z.clerk, &difficulty).await.0, 403);
    assert_eq!(call_at(&app, ISSUES, None, Call::Get(format!("/output-projects?id={difficulty}"))).await.0, 401);
}
