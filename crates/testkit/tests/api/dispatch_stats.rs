//! 在库项目 › 统计 (issue 16d, domain-model §2.2.5d): the in-library projects of a small zone summed by
//! department (with subtotals over the tree), by project field and by band; the monthly trend against
//! last year with its YoY; the status funnel. Only approved reports count, the department on the report
//! groups unless the current one is asked, a park sees its own tree, a tenant only its own projects, each
//! endpoint answers by its permission code, and the xlsx is the JSON cell by cell. Every figure below is
//! worked out by hand from the fixture.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::project_reports::{Zone, filed, report, took, zone};
use crate::projects::{self, CLERK, dept, person, project, with};
use crate::support::{Call, call_at, exec, matrix_at};
use crate::users_excel::download;

const API: &str = "/api/project";
const JUNE: &str = "2026-06";

const FILLER: &[&str] = &["track_project", "track_project_view", "track_project_add", "track_project_edit", "track_project_submit"];
const VIEWER: &[&str] = &["in_library_project", "in_library_statistics", "in_library_statistics_view", "in_library_statistics_export"];

async fn stats(app: &TestApp, token: Option<&str>, query: &str) -> (u16, Value) {
    call_at(app, API, token, Call::Get(format!("/statistics?{query}"))).await
}

async fn shown(app: &TestApp, token: &str, query: &str) -> Value {
    let (s, v) = stats(app, Some(token), query).await;
    assert_eq!(s, 200, "{query}: {v}");
    v["data"].clone()
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => "—".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

const MEASURES: [&str; 13] = [
    "projects",
    "totalInvestment",
    "yearPlanInvestment",
    "ytdInvestment",
    "ytdPlanRate",
    "started",
    "plannedStarts",
    "startRate",
    "finished",
    "plannedFinishes",
    "finishRate",
    "overYiProjects",
    "openIssues",
];

/// Each row as `name | 项目数 总投资 年度计划 1–N月 完成率 | 新开工 计划开工 开工率 | 竣工投产 计划 竣工率 | 亿元以上 问题`,
/// the name indented two spaces per level and marked `*` when a subtotal ("—" for no rate).
fn lines(view: &Value) -> Vec<String> {
    view["rows"]
        .as_array()
        .unwrap_or_else(|| panic!("{view}"))
        .iter()
        .map(|r| {
            let f: Vec<String> = MEASURES.iter().map(|k| text(&r[*k])).collect();
            let depth = r["depth"].as_u64().unwrap() as usize;
            let mark = if r["subtotal"] == true { "*" } else { "" };
            format!(
                "{}{}{mark} | {} | {} | {} | {}",
                "  ".repeat(depth),
                text(&r["name"]),
                f[..5].join(" "),
                f[5..8].join(" "),
                f[8..11].join(" "),
                f[11..].join(" ")
            )
        })
        .collect()
}

fn keys(view: &Value) -> Vec<String> {
    view["rows"].as_array().unwrap().iter().map(|r| text(&r["key"])).collect()
}

/// The zone: 管委会 over 东区 (with 东区一片 below it) and 西区; four projects in the library, one not.
struct Fixture {
    z: Zone,
    east_one: String,
    west: String,
    a: String,
}

async fn in_library_by(app: &TestApp, z: &Zone, filler: &str, body: Value) -> String {
    let id = projects::create(app, filler, &body).await;
    assert_eq!(projects::review(app, Some(filler), &[&id], "submit", "").await.0, 200);
    assert_eq!(projects::review(app, Some(&z.checker), &[&id], "approve", "").await.0, 200);
    id
}

async fn plan(app: &TestApp, z: &Zone, project: &str, amount: &str, extra: Value) {
    let body = with(json!({ "projectId": project, "planYear": 2026, "yearPlanInvestment": amount, "yearMilestone": "主体封顶" }), extra);
    let (s, r) = call_at(app, "/api/projectPlan", Some(&z.admin), Call::Json("/submit", body)).await;
    assert_eq!(s, 200, "{r}");
}

/// A report of `project` for `period` that keeps it at `status`.
fn kept_at(project: &str, period: &str, amount: &str, status: &str) -> Value {
    with(report(project, period, amount), json!({ "projectStatus": status }))
}

/// Files and submits a report; approves it when asked. Answers its id.
async fn filed_as(app: &TestApp, z: &Zone, filler: &str, body: Value, approve: bool) -> String {
    let id = filed(app, filler, &body).await;
    took(app, filler, &[&id], "submit", "").await;
    if approve {
        took(app, &z.checker, &[&id], "approve", "").await;
    }
    id
}

async fn issue(app: &TestApp, z: &Zone, project: &str) {
    let body = json!({ "projectId": project, "issueType": "4", "description": "10kV专线未接入", "suggestion": "协调供电", "raisedPeriod": "2026-05" });
    let (s, r) = call_at(app, "/api/projectIssue", Some(&z.admin), Call::Json("/submit", body)).await;
    assert_eq!(s, 200, "{r}");
}

async fn fixture(app: &TestApp, name: &str) -> Fixture {
    let z = zone(app, name).await;
    let east_one = dept(app, &z.tenant, &z.east, "东区一片", 2).await;
    let west = dept(app, &z.tenant, &z.top, "西区", 2).await;
    let east_one_clerk = person(app, &z.tenant, "oneclerk", &east_one, &[CLERK, FILLER].concat()).await;
    let west_clerk = person(app, &z.tenant, "westclerk", &west, &[CLERK, FILLER].concat()).await;
    // A (东区): 工业, 52,000.5 万元 (band 5, 亿元以上), started 2026-03-10 as planned for 2026-03-01;
    // completion planned for 2027 (the default). Plan 2026: 12,000.
    let a_body = json!({ "projectStatus": "50", "actualStartDate": "2026-03-10", "plannedStartDate": "2026-03-01" });
    let a = in_library_by(app, &z, &z.clerk, with(project("智能装备产业园", &z.east), a_body)).await;
    // B (东区一片): 工业, 8,000 万元 (band 3), under construction since 2025 (续建); completion planned
    // 2026-10-31. Plan 2026: 2,000, marked 计划本年竣工投产.
    let b_body = json!({ "projectStatus": "50", "actualStartDate": "2025-05-08", "plannedStartDate": "2025-05-01",
        "plannedCompletionDate": "2026-10-31", "totalInvestment": "8000", "fixedAssetInvestment": "7000", "equipmentInvestment": "3000",
        "contractAmount": "8000" });
    let b = in_library_by(app, &z, &east_one_clerk, with(project("新材料项目", &east_one), b_body)).await;
    // C (西区): 现代服务业 C36, 20,000 万元 (band 4, 亿元以上), 投产: started 2024, completed 2026-04-20
    // as planned for 2026-03-31, in production 2026-05-15. Plan 2026: 1,500.
    let c_body = json!({ "projectStatus": "70", "actualStartDate": "2024-05-01", "plannedStartDate": "2024-04-01",
        "actualCompletionDate": "2026-04-20", "plannedCompletionDate": "2026-03-31", "productionDate": "2026-05-15",
        "totalInvestment": "20000", "fixedAssetInvestment": "18000", "equipmentInvestment": "9000", "contractAmount": "20000",
        "projectType": "03", "industryCode": "C36" });
    let c = in_library_by(app, &z, &west_clerk, with(project("现代物流园", &west), c_body)).await;
    // D (西区): 社会民生, 4,000 万元 (band 2), signed, start planned 2026-09-01; no plan row.
    let d_body = json!({ "plannedStartDate": "2026-09-01", "totalInvestment": "4000", "fixedAssetInvestment": "4000",
        "equipmentInvestment": "0", "contractAmount": "4000", "projectType": "06" });
    in_library_by(app, &z, &west_clerk, with(project("人才公寓", &west), d_body)).await;
    // Never in the library: never counted.
    let e = projects::create(app, &z.clerk, &with(project("未入库项目", &z.east), json!({ "totalInvestment": "99999" }))).await;
    assert!(!e.is_empty());

    plan(app, &z, &a, "12000", json!({})).await;
    plan(app, &z, &b, "2000", json!({ "planCompleteThisYear": "Y" })).await;
    plan(app, &z, &c, "1500", json!({})).await;

    // A: March 1,000, April 500.5, June 1,500 approved; May 200 only submitted; July 800 approved but
    // after June.
    for (period, amount) in [("2026-03", "1000"), ("2026-04", "500.5"), (JUNE, "1500"), ("2026-07", "800")] {
        filed_as(app, &z, &z.clerk, kept_at(&a, period, amount, "50"), true).await;
    }
    filed_as(app, &z, &z.clerk, kept_at(&a, "2026-05", "200", "50"), false).await;
    // B: June and November 2025 (300, 700), February 2026 (400) approved; June 2026 (100) a draft.
    for (period, amount) in [("2025-06", "300"), ("2025-11", "700"), ("2026-02", "400")] {
        filed_as(app, &z, &east_one_clerk, kept_at(&b, period, amount, "50"), true).await;
    }
    filed(app, &east_one_clerk, &report(&b, JUNE, "100")).await;
    // C: March 2025 (2,000), January 2026 (600), April 2026 (900), all approved.
    for (period, amount) in [("2025-03", "2000"), ("2026-01", "600"), ("2026-04", "900")] {
        filed_as(app, &z, &west_clerk, kept_at(&c, period, amount, "70"), true).await;
    }
    // One open issue on A, one on C.
    issue(app, &z, &a).await;
    issue(app, &z, &c).await;
    Fixture { z, east_one, west, a }
}

/// June by the department on the reports, which is still every project's own. By hand:
/// - 东区一片 (B): 1 project, 8,000, plan 2,000, 1–6月 400 (February; June is a draft) = 20 %; no start
///   planned (—); its completion is planned (date and plan flag, counted once) and not done: 0 of 1.
/// - 东区 own (A): 52,000.5, plan 12,000, 1–6月 1,000 + 500.5 + 1,500 = 3,000.5 (May only submitted,
///   July after June); started in March as planned: 1 of 1; 亿元以上; one open issue.
///   东区 subtotal: 2, 60,000.5, 14,000, 3,400.5 = 24.29 %; 1 of 1 = 100 %; 0 of 1 = 0 %.
/// - 西区 (C, D): 24,000, plan 1,500 (D has none), 1–6月 600 + 900 = 1,500 = 100 %; D's start is
///   planned, none started: 0 of 1; C completed in April as planned: 1 of 1; C is 亿元以上; one issue.
/// - 管委会 = 合计: 4, 84,000.5, 15,500, 4,900.5 = 31.62 %; 1 of 2 = 50 %; 1 of 2 = 50 %; 2; 2.
fn june_by_dept() -> Vec<String> {
    [
        "管委会* | 4 84000.5 15500 4900.5 31.62 | 1 2 50 | 1 2 50 | 2 2",
        "  东区* | 2 60000.5 14000 3400.5 24.29 | 1 1 100 | 0 1 0 | 1 1",
        "    东区一片 | 1 8000 2000 400 20 | 0 0 — | 0 1 0 | 0 0",
        "  西区 | 2 24000 1500 1500 100 | 0 1 0 | 1 1 100 | 1 1",
        "合计 | 4 84000.5 15500 4900.5 31.62 | 1 2 50 | 1 2 50 | 2 2",
    ]
    .map(String::from)
    .to_vec()
}

#[actix_web::test]
async fn statistics_count_only_approved_reports_and_add_up_over_the_department_tree() {
    let app = TestApp::spawn().await;
    let f = fixture(&app, "统计园区").await;
    let z = &f.z;
    let by_dept = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    // The zone's root is named after the tenant; the tree's rows come first, the total last.
    let mut got = lines(&by_dept);
    assert!(got[0].starts_with("统计园区* | "), "{got:?}");
    got[0] = got[0].replacen("统计园区", "管委会", 1);
    assert_eq!(got, june_by_dept());
    assert_eq!(keys(&by_dept)[1..4], [z.east.clone(), f.east_one.clone(), f.west.clone()]);
    assert_eq!((by_dept["by"].as_str(), by_dept["deptBasis"].as_str()), (Some("dept"), Some("snapshot")));
    assert_eq!(by_dept["title"], "2026年1–6月在库项目投资统计（按责任单位）");

    // By project type, in the dictionary's order: 工业 (A, B), 现代服务业 (C), 社会民生 (D).
    let by_type = shown(&app, &z.admin, &format!("period={JUNE}&by=type")).await;
    assert_eq!(keys(&by_type), ["01", "03", "06", ""]);
    assert_eq!(
        lines(&by_type),
        [
            "工业项目(新建/扩建) | 2 60000.5 14000 3400.5 24.29 | 1 1 100 | 0 1 0 | 1 1",
            "现代服务业项目 | 1 20000 1500 1500 100 | 0 0 — | 1 1 100 | 1 1",
            "社会民生项目 | 1 4000 0 0 — | 0 1 0 | 0 0 — | 0 0",
            "合计 | 4 84000.5 15500 4900.5 31.62 | 1 2 50 | 1 2 50 | 2 2",
        ]
    );
    // By band: D 4,000 (2), B 8,000 (3), C 20,000 (4), A 52,000.5 (5); only bands with projects.
    let by_band = shown(&app, &z.admin, &format!("period={JUNE}&by=band")).await;
    assert_eq!(keys(&by_band), ["2", "3", "4", "5", ""]);
    let names: Vec<String> = by_band["rows"].as_array().unwrap().iter().map(|r| text(&r["name"])).collect();
    assert_eq!(names, ["500万–5000万元", "5000万–1亿元", "1亿–5亿元", "5亿–10亿元", "合计"]);
    // By status: 已签约 D, 在建 A and B, 投产 C.
    let by_status = shown(&app, &z.admin, &format!("period={JUNE}&by=status")).await;
    assert_eq!(keys(&by_status), ["30", "50", "70", ""]);
    assert_eq!(lines(&by_status)[1], "在建 | 2 60000.5 14000 3400.5 24.29 | 1 1 100 | 0 1 0 | 1 1");
    // By industry and level every project falls in one group and the totals are the zone's.
    for by in ["industry", "leadingIndustry", "level"] {
        let v = shown(&app, &z.admin, &format!("period={JUNE}&by={by}")).await;
        assert_eq!(lines(&v).last().unwrap(), "合计 | 4 84000.5 15500 4900.5 31.62 | 1 2 50 | 1 2 50 | 2 2", "{by}");
    }

    // In March only what was approved up to March counts: A 1,000, B 400, C 600; C had not completed.
    let march = shown(&app, &z.admin, "period=2026-03").await;
    assert_eq!(lines(&march).last().unwrap(), "合计 | 4 84000.5 15500 2000 12.9 | 1 2 50 | 0 2 0 | 2 2");

    // The trend of 2026 to June against 2025, by hand:
    // 2025: March 2,000 (C), June 300 (B), November 700 (B) → cumulative 0, 0, 2,000, 2,000, 2,000, 2,300 … 3,000.
    // 2026: January 600, February 400, March 1,000, April 1,400.5, May 0 (A's May is not approved), June
    // 1,500 → cumulative 600, 1,000, 2,000, 3,400.5, 3,400.5, 4,900.5. YoY of the cumulative: none on
    // last year's zero base (January, February), then 0 %, 70.03 %, 70.03 %, 113.07 % (2,600.5 ÷ 2,300).
    let trend = shown(&app, &z.admin, &format!("view=trend&period={JUNE}")).await;
    let months: Vec<String> = trend["months"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| ["thisMonth", "thisCumulative", "lastMonth", "lastCumulative", "yoy"].map(|k| text(&m[k])).join(" "))
        .collect();
    assert_eq!(
        months,
        [
            "600 600 0 0 —",
            "400 1000 0 0 —",
            "1000 2000 2000 2000 0",
            "1400.5 3400.5 0 2000 70.03",
            "0 3400.5 0 2000 70.03",
            "1500 4900.5 300 2300 113.07",
            "— — 0 2300 —",
            "— — 0 2300 —",
            "— — 0 2300 —",
            "— — 0 2300 —",
            "— — 700 3000 —",
            "— — 0 3000 —",
        ]
    );
    assert_eq!(
        (text(&trend["ytdInvestment"]), text(&trend["lastYtdInvestment"]), text(&trend["yoy"])),
        ("4900.5".into(), "2300".into(), "113.07".into())
    );

    // The funnel as the projects stand: D signed, A and B under construction, C in production. Reached:
    // 签约 4 (84,000.5), 前期 and 在建 3 (80,000.5), 竣工 and 投产 1 (20,000), 达产 0.
    let funnel = shown(&app, &z.admin, &format!("view=funnel&period={JUNE}")).await;
    let stages: Vec<String> = funnel["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| ["name", "reached", "reachedInvestment", "current", "currentInvestment", "conversion"].map(|k| text(&s[k])).join(" "))
        .collect();
    assert_eq!(
        stages,
        [
            "已签约 4 84000.5 1 4000 —",
            "前期手续 3 80000.5 0 0 75",
            "在建 3 80000.5 2 60000.5 100",
            "竣工 1 20000 0 0 33.33",
            "投产 1 20000 1 20000 100",
            "达产 0 0 0 0 0",
        ]
    );

    // Bad input names the field.
    for (query, field) in [("by=colour", "by"), ("view=pie", "view"), ("period=2026-13", "period"), ("deptBasis=then", "deptBasis")] {
        let (s, r) = stats(&app, Some(&z.admin), query).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{query}: {r}");
    }

    // Every view's xlsx is its JSON cell by cell.
    for query in [
        format!("period={JUNE}"),
        format!("period={JUNE}&by=type"),
        format!("view=trend&period={JUNE}"),
        format!("view=funnel&period={JUNE}"),
    ] {
        let json = shown(&app, &z.admin, &query).await;
        let (s, disposition, bytes) = download(&app, Some(&z.admin), &format!("{API}/export-statistics?{query}")).await;
        assert_eq!(s, 200, "{query}");
        assert!(disposition.contains(".xlsx"), "{disposition}");
        assert_export_is(&bytes, &json);
    }
}

#[actix_web::test]
async fn the_department_on_the_report_groups_unless_the_current_one_is_asked_and_scope_and_tenant_hold() {
    let app = TestApp::spawn().await;
    let f = fixture(&app, "属地统计园区").await;
    let z = &f.z;
    // A park's viewer sees only the park's tree: 东区 at the top with 东区一片 below, and their total.
    let east_viewer = person(&app, &z.tenant, "eastview", &z.east, VIEWER).await;
    let east = shown(&app, &east_viewer, &format!("period={JUNE}")).await;
    assert_eq!(
        lines(&east),
        [
            "东区* | 2 60000.5 14000 3400.5 24.29 | 1 1 100 | 0 1 0 | 1 1",
            "  东区一片 | 1 8000 2000 400 20 | 0 0 — | 0 1 0 | 0 0",
            "合计 | 2 60000.5 14000 3400.5 24.29 | 1 1 100 | 0 1 0 | 1 1",
        ]
    );
    // Its trend and funnel hold only its projects: 2026 to June 400 + 1,000 + 500.5 + 1,500; 2025 to
    // June 300 (B): YoY 3,100.5 ÷ 300 = 1,033.5 %.
    let trend = shown(&app, &east_viewer, &format!("view=trend&period={JUNE}")).await;
    assert_eq!(
        (text(&trend["ytdInvestment"]), text(&trend["lastYtdInvestment"]), text(&trend["yoy"])),
        ("3400.5".into(), "300".into(), "1033.5".into())
    );
    let funnel = shown(&app, &east_viewer, &format!("view=funnel&period={JUNE}")).await;
    assert_eq!(funnel["stages"][0]["reached"], 2);

    // A moves to the west after its reports were filed in the east. By the reports' department its
    // 3,000.5 stays in the east, while the project (count, plan, start, issue) is the west's now:
    // 东区 own 0 projects, 3,000.5 done; subtotal 1 project (B), 8,000, plan 2,000, 3,400.5 = 170.03 %.
    // 西区 3 projects, 76,000.5, plan 13,500, 1,500 = 11.11 %; 1 of 2 started; 1 of 1 completed.
    exec(
        &app,
        "business",
        "UPDATE biz_project SET dept_id = ? WHERE id = ?",
        vec![f.west.parse::<i64>().unwrap().into(), f.a.parse::<i64>().unwrap().into()],
    )
    .await;
    let by_report = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert_eq!(
        lines(&by_report)[1..],
        [
            "  东区* | 1 8000 2000 3400.5 170.03 | 0 0 — | 0 1 0 | 0 0",
            "    东区一片 | 1 8000 2000 400 20 | 0 0 — | 0 1 0 | 0 0",
            "  西区 | 3 76000.5 13500 1500 11.11 | 1 2 50 | 1 1 100 | 2 2",
            "合计 | 4 84000.5 15500 4900.5 31.62 | 1 2 50 | 1 2 50 | 2 2",
        ]
    );
    // By the current department A's 3,000.5 goes with it: 西区 4,500.5 of 13,500 = 33.34 %.
    let by_current = shown(&app, &z.admin, &format!("period={JUNE}&deptBasis=current")).await;
    assert_eq!(by_current["deptBasis"], "current");
    assert_eq!(
        lines(&by_current)[1..],
        [
            "  东区* | 1 8000 2000 400 20 | 0 0 — | 0 1 0 | 0 0",
            "    东区一片 | 1 8000 2000 400 20 | 0 0 — | 0 1 0 | 0 0",
            "  西区 | 3 76000.5 13500 4500.5 33.34 | 1 2 50 | 1 1 100 | 2 2",
            "合计 | 4 84000.5 15500 4900.5 31.62 | 1 2 50 | 1 2 50 | 2 2",
        ]
    );

    // Another tenant's projects and reports never reach this one's sums, nor the other way round.
    let other = zone(&app, "乙统计园区").await;
    let theirs = in_library_by(
        &app,
        &other,
        &other.clerk,
        with(project("乙园区项目", &other.east), json!({ "projectStatus": "50", "actualStartDate": "2026-01-05" })),
    )
    .await;
    filed_as(&app, &other, &other.clerk, kept_at(&theirs, JUNE, "77", "50"), true).await;
    let mine = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert_eq!(lines(&mine).last().unwrap(), "合计 | 4 84000.5 15500 4900.5 31.62 | 1 2 50 | 1 2 50 | 2 2");
    let total = shown(&app, &other.admin, &format!("period={JUNE}")).await;
    assert_eq!(lines(&total).last().unwrap(), "合计 | 1 52000.5 0 77 — | 1 1 100 | 0 0 — | 1 0");
    let their_trend = shown(&app, &other.admin, &format!("view=trend&period={JUNE}")).await;
    assert_eq!((text(&their_trend["ytdInvestment"]), text(&their_trend["yoy"])), ("77".into(), "—".into()));
}

const ENDPOINTS: [&str; 1] = ["statistics"];

/// The answers of the JSON and the xlsx for `token`.
async fn each_endpoint(app: &TestApp, token: Option<&str>, tag: &str) -> Vec<u16> {
    let mut out = matrix_at(app, API, token, tag, &ENDPOINTS, vec![Call::Get(format!("/statistics?period={JUNE}"))]).await;
    out.push(download(app, token, &format!("{API}/export-statistics?period={JUNE}")).await.0);
    out
}

#[actix_web::test]
async fn each_statistics_endpoint_answers_by_the_callers_grants() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "权限统计园区").await;
    let viewer = person(&app, &z.tenant, "viewer", &z.top, &["in_library_statistics", "in_library_statistics_view"]).await;
    let exporter = person(&app, &z.tenant, "exporter", &z.top, &["in_library_statistics", "in_library_statistics_export"]).await;
    let other_menu =
        person(&app, &z.tenant, "other", &z.top, &["in_library_report", "in_library_report_view", "in_library_report_export"]).await;
    assert_eq!(each_endpoint(&app, Some(&z.admin), "管理员").await, [200, 200]);
    assert_eq!(each_endpoint(&app, Some(&viewer), "查看").await, [200, 403]);
    assert_eq!(each_endpoint(&app, Some(&exporter), "导出").await, [403, 200]);
    assert_eq!(each_endpoint(&app, Some(&other_menu), "报表").await, [403, 403]);
    assert_eq!(each_endpoint(&app, None, "匿名").await, [401, 401]);
    // An empty zone answers zeros and no rates, not an error.
    let empty = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert_eq!(lines(&empty).last().unwrap(), "合计 | 0 0 0 0 — | 0 0 — | 0 0 — | 0 0");
}

/// A JSON figure as the sheet writes it: a number ("1000" and "1000.0" alike), "—" for no rate, empty
/// for no figure.
fn same_figure(cell: &str, json: &Value) -> bool {
    match json {
        Value::Null => cell == "—" || cell.is_empty(),
        Value::String(s) => match (s.parse::<f64>(), cell.parse::<f64>()) {
            (Ok(a), Ok(b)) => a == b,
            _ => cell == s,
        },
        Value::Number(n) => cell.parse::<f64>().ok() == n.as_f64(),
        _ => false,
    }
}

/// The sheet's title, unit line and then, under the header, one row per JSON row with the same cells.
fn assert_export_is(bytes: &[u8], view: &Value) {
    let grid = keeper_excel::read::grid(bytes).unwrap();
    let at = |r: usize, c: usize| grid.get(r).and_then(|line| line.get(c)).cloned().unwrap_or_default();
    assert_eq!(at(0, 0), text(&view["title"]));
    assert_eq!(at(1, 0), "单位：万元");
    let (rows, first, keys): (&Vec<Value>, &str, Vec<&str>) = match view["view"].as_str().unwrap() {
        "dimension" => (view["rows"].as_array().unwrap(), "name", MEASURES.to_vec()),
        "trend" => (view["months"].as_array().unwrap(), "month", vec!["thisMonth", "thisCumulative", "lastMonth", "lastCumulative", "yoy"]),
        _ => {
            (view["stages"].as_array().unwrap(), "name", vec!["reached", "reachedInvestment", "current", "currentInvestment", "conversion"])
        }
    };
    for (i, r) in rows.iter().enumerate() {
        let row = i + 3;
        let name = match first {
            "month" => format!("{}月", r["month"]),
            _ => format!("{}{}", "  ".repeat(r["depth"].as_u64().unwrap_or(0) as usize), text(&r["name"])),
        };
        assert_eq!(at(row, 0), name, "row {row}");
        for (k, key) in keys.iter().enumerate() {
            let cell = at(row, k + 1);
            assert!(same_figure(&cell, &r[*key]), "row {row} {key}: cell {cell:?}, JSON {}", r[*key]);
        }
    }
    assert_eq!(at(rows.len() + 3, 0), "", "nothing after the last row");
}
