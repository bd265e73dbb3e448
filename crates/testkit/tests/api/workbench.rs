//! 工作台 (issue 18, the home page's to-dos): each person is offered the to-dos their buttons make theirs —
//! the reviewer the filings waiting for review, the clerk the filings returned to them and the month's
//! enterprises that have not reported, a department's handler the overdue issues assigned to it — counted
//! within their data scope and their tenant, each count matching the filtered list the home page links to.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::output_reports::{filed, report, took, zone};
use crate::project_issues::{assign, issue, ledger, raised};
use crate::project_reports::{self as project_reports, in_library};
use crate::projects::{person, project, with};
use crate::support::{Call, call_at, exec};

/// The month being reported (the one before today's) and the one before it.
fn months() -> (String, String) {
    let today = keeper_common::time::today();
    let month = |n: u32| today.checked_sub_months(chrono::Months::new(n)).unwrap().format("%Y-%m").to_string();
    (month(1), month(2))
}

async fn todos(app: &TestApp, token: &str) -> Value {
    let (s, d) = call_at(app, "/api/workbench", Some(token), Call::Get("/todo".into())).await;
    assert_eq!(s, 200, "{d}");
    d["data"].clone()
}

/// `kind → (count, period)` of a person's to-dos, in the answer's order.
async fn items(app: &TestApp, token: &str) -> Vec<(String, u64, Option<String>)> {
    let d = todos(app, token).await;
    d["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["kind"].as_str().unwrap().to_string(), i["count"].as_u64().unwrap(), i["period"].as_str().map(str::to_string)))
        .collect()
}

async fn names(app: &TestApp, token: &str, api: &str, query: &str, field: &str) -> Vec<String> {
    let (s, d) = call_at(app, api, Some(token), Call::Get(format!("/list?size=100&{query}"))).await;
    assert_eq!(s, 200, "{d}");
    let mut out: Vec<String> = d["data"]["records"].as_array().unwrap().iter().map(|r| r[field].as_str().unwrap().to_string()).collect();
    out.sort();
    out
}

fn s(v: &str) -> String {
    v.to_string()
}

#[actix_web::test]
async fn output_to_dos_follow_the_buttons_the_scope_and_the_tenant_and_match_their_lists() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "工作台产值园区").await;
    let (now, before) = months();
    // 东区机械: both months submitted; 东一电子: last month returned, this month a draft; 西区化工: nothing.
    for p in [&before, &now] {
        let id = filed(&app, &z.clerk, &report(&z.machinery, p, "1000")).await;
        took(&app, &z.clerk, &[&id], "submit", "").await;
    }
    let returned = filed(&app, &z.clerk, &report(&z.electronics, &before, "300")).await;
    took(&app, &z.clerk, &[&returned], "submit", "").await;
    took(&app, &z.checker, &[&returned], "return", "数据有误").await;
    filed(&app, &z.clerk, &report(&z.electronics, &now, "310")).await;
    // Another tenant's filings never reach a count.
    let other = zone(&app, "工作台另一园区").await;
    let theirs = filed(&app, &other.clerk, &report(&other.machinery, &before, "50")).await;
    took(&app, &other.clerk, &[&theirs], "submit", "").await;

    // The reviewer: the two submitted filings, the earlier month first; no filer's to-dos.
    assert_eq!(items(&app, &z.checker).await, vec![(s("outputReview"), 2, Some(before.clone()))]);
    assert_eq!(todos(&app, &z.checker).await["period"], json!(now));
    assert_eq!(
        names(&app, &z.checker, "/api/outputValue", &format!("period={before}&reportStatus=1"), "enterpriseName").await,
        vec!["东区机械"]
    );
    // The east park's clerk: the returned filing, and of the east park's two enterprises 东一电子 (a draft).
    assert_eq!(
        items(&app, &z.clerk).await,
        vec![(s("outputReturned"), 1, Some(before.clone())), (s("outputMissing"), 1, Some(now.clone()))]
    );
    let api = "/api/outputValue";
    assert_eq!(names(&app, &z.clerk, api, &format!("period={before}&reportStatus=3"), "enterpriseName").await, vec!["东一电子"]);
    assert_eq!(names(&app, &z.clerk, api, &format!("period={now}&reportStatus=unreported"), "enterpriseName").await, vec!["东一电子"]);
    // 未报 over the whole zone: the draft and the enterprise without a report, as the completeness view counts.
    let all = names(&app, &z.admin, api, &format!("period={now}&reportStatus=unreported"), "enterpriseName").await;
    assert_eq!(all, vec!["东一电子", "西区化工"]);
    let (_, c) = call_at(&app, api, Some(&z.admin), Call::Get(format!("/completeness?period={now}"))).await;
    assert_eq!(c["data"]["total"]["missing"], json!(2), "{c}");
    // The administrator holds every button: every output to-do, the zone's counts.
    let admin: Vec<(String, u64)> = items(&app, &z.admin).await.into_iter().map(|(k, n, _)| (k, n)).collect();
    for expected in [(s("outputReview"), 2), (s("outputReturned"), 1), (s("outputMissing"), 2)] {
        assert!(admin.contains(&expected), "{expected:?} in {admin:?}");
    }
    // Someone without a button has nothing to do; a bad status key is the field's error.
    let nobody = person(&app, &z.tenant, "nobody", &z.east, &[]).await;
    assert_eq!(items(&app, &nobody).await, vec![]);
    let (st, r) = call_at(&app, api, Some(&z.clerk), Call::Get(format!("/list?period={now}&reportStatus=missing"))).await;
    assert_eq!((st, r["data"]["field"].as_str()), (400, Some("reportStatus")), "{r}");
    // Without a sign-in there are no to-dos.
    assert_eq!(call_at(&app, "/api/workbench", None, Call::Get("/todo".into())).await.0, 401);
}

#[actix_web::test]
async fn project_report_and_overdue_issue_to_dos_reach_the_reviewer_the_filer_and_the_assigned_units() {
    let app = TestApp::spawn().await;
    let l = ledger(&app, "工作台项目园区").await;
    let z = &l.z;
    let (now, before) = months();
    let started = json!({ "projectStatus": "50", "actualStartDate": "2025-10-08", "openingInvestment": "3000" });
    let p = in_library(&app, z, with(project("工作台光伏项目", &z.east), started)).await;
    let waiting = project_reports::filed(&app, &z.clerk, &project_reports::report(&p, &now, "100")).await;
    project_reports::took(&app, &z.clerk, &[&waiting], "submit", "").await;
    let back = project_reports::filed(&app, &z.clerk, &project_reports::report(&p, &before, "80")).await;
    project_reports::took(&app, &z.clerk, &[&back], "submit", "").await;
    project_reports::took(&app, &z.checker, &[&back], "return", "形象进度不符").await;

    let review: Vec<_> = items(&app, &z.checker).await.into_iter().filter(|(k, ..)| k.starts_with("project")).collect();
    assert_eq!(review, vec![(s("projectReportReview"), 1, None)]);
    let filer: Vec<_> = items(&app, &z.clerk).await.into_iter().filter(|(k, ..)| k.starts_with("project")).collect();
    assert_eq!(filer, vec![(s("projectReportReturned"), 1, None)]);
    let reports = "/api/projectReport";
    assert_eq!(names(&app, &z.checker, reports, "reportStatus=1", "period").await, vec![now.clone()]);
    assert_eq!(names(&app, &z.clerk, reports, "reportStatus=3", "period").await, vec![before.clone()]);

    // Issues: one to 供电 past its deadline, one to 水务 with 供电 co-operating past its deadline, one to 供电
    // still in time.
    let assigned = |id: &str, to: &str, co: Vec<&str>, days: u64| {
        let deadline = (keeper_common::time::today() + chrono::Days::new(days)).format("%Y-%m-%d").to_string();
        json!({ "id": id, "issueLevel": "3", "responsibleDeptId": to, "coDeptIds": co, "deadline": deadline })
    };
    let late_power = raised(&app, &l.raiser, with(issue(&p), json!({ "description": "专线未接入" }))).await;
    let late_water = raised(&app, &l.raiser, with(issue(&p), json!({ "issueType": "1", "description": "管网未通" }))).await;
    let in_time = raised(&app, &l.raiser, with(issue(&p), json!({ "description": "变压器待验收" }))).await;
    for (id, to, co) in
        [(&late_power, &l.power_dept, vec![]), (&late_water, &l.water_dept, vec![l.power_dept.as_str()]), (&in_time, &l.power_dept, vec![])]
    {
        let (st, r) = assign(&app, &l.committee, assigned(id, to, co, 5)).await;
        assert_eq!(st, 200, "{r}");
    }
    let past = keeper_common::time::today() - chrono::Days::new(2);
    for id in [&late_power, &late_water] {
        exec(
            &app,
            "business",
            "UPDATE biz_project_issue SET deadline = ? WHERE id = ?",
            vec![past.into(), id.parse::<i64>().unwrap().into()],
        )
        .await;
    }
    assert_eq!(items(&app, &l.power).await, vec![(s("overdueIssues"), 2, None)]);
    assert_eq!(items(&app, &l.water).await, vec![(s("overdueIssues"), 1, None)]);
    let mut ids = names(&app, &l.power, "/api/projectIssue", "assigned=Y&overdue=Y", "id").await;
    let mut expected = vec![late_power.clone(), late_water.clone()];
    expected.sort();
    ids.sort();
    assert_eq!(ids, expected);
    assert_eq!(names(&app, &l.water, "/api/projectIssue", "assigned=Y&overdue=Y", "id").await, vec![late_water.clone()]);
    // The committee assigns but handles nothing: no issue to-do, and nothing is assigned to its unit.
    assert!(items(&app, &l.committee).await.iter().all(|(k, ..)| k != "overdueIssues"));
    assert_eq!(names(&app, &l.committee, "/api/projectIssue", "assigned=Y", "id").await, Vec::<String>::new());
    let (st, r) = call_at(&app, "/api/projectIssue", Some(&l.power), Call::Get("/list?assigned=maybe".into())).await;
    assert_eq!((st, r["data"]["field"].as_str()), (400, Some("assigned")), "{r}");
}
