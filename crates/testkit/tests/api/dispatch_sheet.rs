//! The monthly dispatch sheet 报表 (issue 16c, domain-model §2.2.5c): the in-library projects of a zone
//! with what their approved reports say up to the month, grouped by department with subtotals and the
//! grand total, rates with "—" for a missing base, filters, the caller's scope, the caller's tenant; the
//! xlsx is the JSON cell by cell; a locked month is served frozen and refuses changes to its reports.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::project_reports::{Zone, filed, report, took, zone};
use crate::projects::{self, CLERK, dept, person, project, with};
use crate::support::{Call, call_at, exec, matrix_at};
use crate::users_excel::download;

const API: &str = "/api/project";
const JUNE: &str = "2026-06";

const FILLER: &[&str] = &["track_project", "track_project_view", "track_project_add", "track_project_edit", "track_project_submit"];
const VIEWER: &[&str] = &["in_library_project", "in_library_report", "in_library_report_view", "in_library_report_export"];
const LOCKER: &[&str] = &["in_library_report", "in_library_report_view", "in_library_report_lock", "in_library_report_unlock"];

async fn sheet(app: &TestApp, token: Option<&str>, query: &str) -> (u16, Value) {
    call_at(app, API, token, Call::Get(format!("/report-sheet?{query}"))).await
}

async fn shown(app: &TestApp, token: &str, query: &str) -> Value {
    let (s, v) = sheet(app, Some(token), query).await;
    assert_eq!(s, 200, "{query}: {v}");
    v["data"].clone()
}

async fn lock(app: &TestApp, token: Option<&str>, period: &str) -> (u16, Value) {
    call_at(app, API, token, Call::Json("/report-sheet/lock", json!({ "period": period }))).await
}

async fn unlock(app: &TestApp, token: Option<&str>, period: &str, reason: &str) -> (u16, Value) {
    call_at(app, API, token, Call::Json("/report-sheet/unlock", json!({ "period": period, "reason": reason }))).await
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => "—".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Each row as `kind no name | 本月 1–N月 占年度% 开工累计 占总投资%` ("—" for none).
fn lines(sheet: &Value) -> Vec<String> {
    sheet["rows"]
        .as_array()
        .unwrap_or_else(|| panic!("{sheet}"))
        .iter()
        .map(|r| {
            let name = if r["kind"] == "subtotal" { format!("{}小计", text(&r["groupName"])) } else { text(&r["name"]) };
            let head = format!("{} {} {}", text(&r["kind"]), text(&r["no"]), name);
            if r["kind"] == "group" {
                return head;
            }
            let figures: Vec<String> = ["monthInvestment", "ytdInvestment", "ytdPlanRate", "cumulativeInvestment", "totalRate"]
                .iter()
                .map(|k| text(&r[*k]))
                .collect();
            format!("{head} | {}", figures.join(" "))
        })
        .collect()
}

fn names_of(sheet: &Value) -> Vec<String> {
    sheet["rows"].as_array().unwrap().iter().filter(|r| r["kind"] == "project").map(|r| text(&r["name"])).collect()
}

/// The zone of the sheet: east (A, B) and west (C) parks under the committee, a west clerk, and the
/// reports of the year up to July.
struct Fixture {
    z: Zone,
    west: String,
    a: String,
    b: String,
    a_may: String,
    a_june: String,
    b_june: String,
}

async fn project_in_library(app: &TestApp, z: &Zone, filler: &str, body: Value) -> String {
    let id = projects::create(app, filler, &body).await;
    assert_eq!(projects::review(app, Some(filler), &[&id], "submit", "").await.0, 200);
    assert_eq!(projects::review(app, Some(&z.checker), &[&id], "approve", "").await.0, 200);
    id
}

async fn plan(app: &TestApp, z: &Zone, project: &str, amount: &str) {
    let body = json!({ "projectId": project, "planYear": 2026, "yearPlanInvestment": amount, "yearMilestone": "主体封顶" });
    let (s, r) = call_at(app, "/api/projectPlan", Some(&z.admin), Call::Json("/submit", body)).await;
    assert_eq!(s, 200, "{r}");
}

/// Files, submits and approves a report; answers its id.
async fn approved(app: &TestApp, z: &Zone, filler: &str, project: &str, period: &str, amount: &str) -> String {
    let id = filed(app, filler, &report(project, period, amount)).await;
    took(app, filler, &[&id], "submit", "").await;
    took(app, &z.checker, &[&id], "approve", "").await;
    id
}

async fn fixture(app: &TestApp, name: &str) -> Fixture {
    let z = zone(app, name).await;
    let west = dept(app, &z.tenant, &z.top, "西区", 2).await;
    let west_clerk = person(app, &z.tenant, "westclerk", &west, &[CLERK, FILLER].concat()).await;
    let building = |name: &str, dept: &str| with(project(name, dept), json!({ "projectStatus": "50", "actualStartDate": "2025-10-08" }));
    // A: 52,000.5 万元 planned, 3,000.5 invested before the platform, 12,000 planned for 2026.
    let a =
        project_in_library(app, &z, &z.clerk, with(building("智能装备产业园", &z.east), json!({ "openingInvestment": "3000.5" }))).await;
    // B: 8,000 万元, no plan for 2026 (its rate has no base).
    let b = project_in_library(
        app,
        &z,
        &z.clerk,
        with(
            building("新材料项目", &z.east),
            json!({ "totalInvestment": "8000", "fixedAssetInvestment": "7000", "equipmentInvestment": "3000" }),
        ),
    )
    .await;
    // C: a 现代服务业 project of the west, 20,000 万元, 5,000 planned.
    let c_body = with(
        building("现代物流园", &west),
        json!({ "totalInvestment": "20000", "fixedAssetInvestment": "18000", "equipmentInvestment": "8000", "projectType": "03", "isKeyProject": "Y" }),
    );
    let c = project_in_library(app, &z, &west_clerk, c_body).await;
    // Never in the library: never on the sheet.
    projects::create(app, &z.clerk, &building("未入库项目", &z.east)).await;
    plan(app, &z, &a, "12000").await;
    plan(app, &z, &c, "5000").await;

    approved(app, &z, &z.clerk, &a, "2025-12", "600.25").await;
    approved(app, &z, &z.clerk, &a, "2026-01", "100").await;
    let a_may = approved(app, &z, &z.clerk, &a, "2026-05", "899.9999").await;
    let a_june = approved(app, &z, &z.clerk, &a, JUNE, "1000").await;
    approved(app, &z, &z.clerk, &b, "2026-03", "300").await;
    // B's June is submitted, not approved: it counts nowhere yet.
    let b_june = filed(app, &z.clerk, &report(&b, JUNE, "500")).await;
    took(app, &z.clerk, &[&b_june], "submit", "").await;
    // C's February and June count for June; July does not.
    approved(app, &z, &west_clerk, &c, "2026-02", "750").await;
    approved(app, &z, &west_clerk, &c, JUNE, "250").await;
    approved(app, &z, &west_clerk, &c, "2026-07", "999").await;
    // C's open issue raised in May is on the sheet; one raised in August is not yet.
    for (period, description) in [("2026-05", "10kV专线未接入，设备无法调试"), ("2026-08", "排水许可未办理")] {
        let body = json!({ "projectId": c, "issueType": "4", "description": description, "suggestion": "协调", "raisedPeriod": period });
        let (s, r) = call_at(app, "/api/projectIssue", Some(&z.admin), Call::Json("/submit", body)).await;
        assert_eq!(s, 200, "{r}");
    }
    Fixture { z, west, a, b, a_may, a_june, b_june }
}

/// The June sheet by hand (N = 6):
/// - A: month 1,000; 1–6月 100 + 899.9999 + 1,000 = 1,999.9999 of 12,000 = 16.67 %; 开工累计 3,000.5 +
///   600.25 + 1,999.9999 = 5,600.7499 of 52,000.5 = 10.77 %.
/// - B: no approved June ("—"); 1–6月 300 with no plan ("—"); 开工累计 300 of 8,000 = 3.75 %.
/// - 东区: month 1,000; 2,299.9999 of 12,000 = 19.17 %; 5,900.7499 of 60,000.5 = 9.83 %.
/// - C: month 250; 750 + 250 = 1,000 of 5,000 = 20 %; 1,000 of 20,000 = 5 %.
/// - 合计: month 1,250; 3,299.9999 of 17,000 = 19.41 %; 6,900.7499 of 80,000.5 = 8.63 %.
///
/// The committee holds no project of its own: the parks are the top groups.
fn june_sheet() -> Vec<String> {
    [
        "group 一 东区",
        "project 1 智能装备产业园 | 1000 1999.9999 16.67 5600.7499 10.77",
        "project 2 新材料项目 | — 300 — 300 3.75",
        "subtotal  东区小计 | 1000 2299.9999 19.17 5900.7499 9.83",
        "group 二 西区",
        "project 3 现代物流园 | 250 1000 20 1000 5",
        "subtotal  西区小计 | 250 1000 20 1000 5",
        "total  合计 | 1250 3299.9999 19.41 6900.7499 8.63",
    ]
    .map(String::from)
    .to_vec()
}

#[actix_web::test]
async fn the_sheet_adds_up_approved_months_by_department_and_the_export_is_the_screen() {
    let app = TestApp::spawn().await;
    let f = fixture(&app, "调度报表园区").await;
    let z = &f.z;
    let s = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert_eq!(s["title"], "调度报表园区 2026年1–6月重点项目推进情况表");
    assert_eq!((s["monthsLabel"].as_str(), s["locked"].as_bool()), (Some("1–6月"), Some(false)));
    assert_eq!(lines(&s), june_sheet());
    let c = &s["rows"][5];
    assert_eq!(
        (c["issues"].as_str(), c["projectStatusName"].as_str(), c["progressDesc"].as_str(), c["constructionContent"].as_str()),
        (Some("10kV专线未接入，设备无法调试"), Some("在建"), Some("主体施工"), Some("新建厂房4.2万平方米"))
    );
    assert_eq!((s["rows"][2]["progressDesc"].as_str(), s["rows"][7]["projectCount"].as_u64()), (Some(""), Some(3)));

    // By project type: 工业 (A, B) then 现代服务业 (C).
    let t = shown(&app, &z.admin, &format!("period={JUNE}&groupBy=type")).await;
    let groups: Vec<String> = t["rows"].as_array().unwrap().iter().filter(|r| r["kind"] == "group").map(|r| text(&r["name"])).collect();
    assert_eq!(groups, ["工业项目(新建/扩建)", "现代服务业项目"]);
    assert_eq!(lines(&t).last(), june_sheet().last());

    // Filters: a park (its subtree), a type, key projects, a band (B's 8,000 is 5000万–1亿元).
    for (q, want) in [
        (format!("deptId={}", z.east), vec!["智能装备产业园", "新材料项目"]),
        ("projectType=03".to_string(), vec!["现代物流园"]),
        ("isKeyProject=Y".to_string(), vec!["现代物流园"]),
        ("investmentBand=3".to_string(), vec!["新材料项目"]),
        ("projectStatus=60".to_string(), vec![]),
    ] {
        let got = shown(&app, &z.admin, &format!("period={JUNE}&{q}")).await;
        assert_eq!(names_of(&got), want, "{q}");
    }
    let east = shown(&app, &z.admin, &format!("period={JUNE}&deptId={}", z.east)).await;
    assert_eq!(lines(&east).last().unwrap(), "total  合计 | 1000 2299.9999 19.17 5900.7499 9.83");

    // Bad input names its field.
    for (q, field) in
        [("", "period"), ("period=2026-13", "period"), ("period=2026-06&groupBy=x", "groupBy"), ("period=2026-06&deptBasis=x", "deptBasis")]
    {
        let (code, v) = sheet(&app, Some(&z.admin), q).await;
        assert_eq!((code, v["data"]["field"].as_str()), (400, Some(field)), "{q}: {v}");
    }

    // The xlsx is the JSON, cell by cell.
    let (code, disposition, bytes) = download(&app, Some(&z.admin), &format!("{API}/export-report?period={JUNE}")).await;
    assert_eq!(code, 200, "{}", String::from_utf8_lossy(&bytes));
    assert!(disposition.contains("xlsx"), "{disposition}");
    assert_export_is(&bytes, &s);
    let (_, _, filtered) = download(&app, Some(&z.admin), &format!("{API}/export-report?period={JUNE}&deptId={}", z.east)).await;
    assert_export_is(&filtered, &east);
}

/// The header of the export for June.
const HEADER: [&str; 17] = [
    "序号",
    "项目名称",
    "项目单位",
    "建设内容及规模",
    "建设起止年限",
    "计划总投资",
    "年度计划投资",
    "本月完成投资",
    "1–6月累计完成",
    "占年度计划%",
    "开工累计完成",
    "占总投资%",
    "形象进度",
    "存在问题",
    "包保领导",
    "责任单位",
    "项目状态",
];

/// The JSON keys of the columns after 序号 and 项目名称.
const KEYS: [&str; 15] = [
    "unitName",
    "constructionContent",
    "constructionYears",
    "totalInvestment",
    "yearPlanInvestment",
    "monthInvestment",
    "ytdInvestment",
    "ytdPlanRate",
    "cumulativeInvestment",
    "totalRate",
    "progressDesc",
    "issues",
    "responsibleLeader",
    "responsibleDeptName",
    "projectStatusName",
];

/// A JSON figure as the sheet writes it: a number ("1000" and "1000.0" alike), "—" for none.
fn same_figure(cell: &str, json: &Value) -> bool {
    match json {
        Value::Null => cell == "—",
        Value::String(s) if s.is_empty() => cell.is_empty(),
        Value::String(s) => match (s.parse::<f64>(), cell.parse::<f64>()) {
            (Ok(a), Ok(b)) => a == b,
            _ => cell == s,
        },
        other => cell == *other,
    }
}

fn assert_export_is(bytes: &[u8], sheet: &Value) {
    let grid = keeper_excel::read::grid(bytes).unwrap();
    let at = |r: usize, c: usize| grid.get(r).and_then(|line| line.get(c)).cloned().unwrap_or_default();
    assert_eq!(at(0, 0), text(&sheet["title"]));
    assert_eq!(at(1, 0), "单位：万元");
    assert_eq!((0..17).map(|c| at(2, c)).collect::<Vec<_>>(), HEADER);
    let rows = sheet["rows"].as_array().unwrap();
    for (i, r) in rows.iter().enumerate() {
        let row = i + 3;
        if r["kind"] == "group" {
            let title = if r["depth"] == 0 {
                format!("{}、{}", text(&r["no"]), text(&r["name"]))
            } else {
                format!("{}{}", text(&r["no"]), text(&r["name"]))
            };
            assert_eq!(at(row, 0), title, "row {row}");
            assert_eq!(at(row, 1), "", "a group title is one merged cell");
            continue;
        }
        let name = if r["kind"] == "subtotal" { format!("{}小计", text(&r["groupName"])) } else { text(&r["name"]) };
        assert_eq!((at(row, 0), at(row, 1)), (text(&r["no"]), name), "row {row}");
        for (k, key) in KEYS.iter().enumerate() {
            let cell = at(row, k + 2);
            assert!(same_figure(&cell, &r[*key]), "row {row} {key}: cell {cell:?}, JSON {}", r[*key]);
        }
    }
    assert_eq!(at(rows.len() + 3, 1), "", "nothing after the grand total");
    let merged = keeper_excel::read::merged(bytes).unwrap();
    let groups = rows.iter().filter(|r| r["kind"] == "group").count();
    assert_eq!(merged.len(), 2 + groups, "title, unit line and each group title: {merged:?}");
}

#[actix_web::test]
async fn the_department_on_the_report_groups_unless_the_current_one_is_asked_and_scope_and_tenant_hold() {
    let app = TestApp::spawn().await;
    let f = fixture(&app, "属地报表园区").await;
    let z = &f.z;
    // A park's clerk sees only the projects of the park's tree, summed as such.
    let east_viewer = person(&app, &z.tenant, "eastview", &z.east, VIEWER).await;
    let east = shown(&app, &east_viewer, &format!("period={JUNE}")).await;
    assert_eq!(names_of(&east), ["智能装备产业园", "新材料项目"]);
    assert_eq!(lines(&east).last().unwrap(), "total  合计 | 1000 2299.9999 19.17 5900.7499 9.83");

    // A moves to the west after its June report was filed in the east: June stays with the east unless
    // the current department is asked for.
    exec(
        &app,
        "business",
        "UPDATE biz_project SET dept_id = ? WHERE id = ?",
        vec![f.west.parse::<i64>().unwrap().into(), f.a.parse::<i64>().unwrap().into()],
    )
    .await;
    let by_report = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert_eq!(lines(&by_report), june_sheet());
    // By the current department: the east keeps B (no approved June, no plan: 1–6月 300 without a base;
    // 300 of 8,000 = 3.75 %); the west holds A and C (1–6月 2,999.9999 of 17,000 = 17.65 %; 开工累计
    // 6,600.7499 of 72,000.5 = 9.17 %).
    let by_current = shown(&app, &z.admin, &format!("period={JUNE}&deptBasis=current")).await;
    assert_eq!(
        lines(&by_current),
        [
            "group 一 东区",
            "project 1 新材料项目 | — 300 — 300 3.75",
            "subtotal  东区小计 | 0 300 — 300 3.75",
            "group 二 西区",
            "project 2 智能装备产业园 | 1000 1999.9999 16.67 5600.7499 10.77",
            "project 3 现代物流园 | 250 1000 20 1000 5",
            "subtotal  西区小计 | 1250 2999.9999 17.65 6600.7499 9.17",
            "total  合计 | 1250 3299.9999 19.41 6900.7499 8.63",
        ]
    );
    // Without an approved report of the month a project groups by its current department: in May A
    // (filed in the east) stays east, B (no May report) is east anyway, C is west.
    let may = shown(&app, &z.admin, "period=2026-05").await;
    assert_eq!(names_of(&may), ["智能装备产业园", "新材料项目", "现代物流园"]);
    let west_may = shown(&app, &z.admin, &format!("period=2026-05&deptId={}", f.west)).await;
    assert_eq!(names_of(&west_may), ["现代物流园"], "the department filter follows the grouping");

    // Another tenant's sheet never shows this one's projects, nor the other way round.
    let other = fixture(&app, "乙报表园区").await;
    exec(&app, "business", "UPDATE biz_project SET project_name = '乙园区项目' WHERE id = ?", vec![other.b.parse::<i64>().unwrap().into()])
        .await;
    let mine = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert!(!names_of(&mine).contains(&"乙园区项目".to_string()), "{mine}");
    let theirs = shown(&app, &other.z.admin, &format!("period={JUNE}")).await;
    assert!(names_of(&theirs).contains(&"乙园区项目".to_string()));
    assert_eq!(theirs["title"], "乙报表园区 2026年1–6月重点项目推进情况表");
    // A lock of this tenant's June does not lock the other's.
    assert_eq!(lock(&app, Some(&z.admin), JUNE).await.0, 200);
    took(&app, &other.z.checker, &[&other.b_june], "approve", "").await;
    assert!(!shown(&app, &other.z.admin, &format!("period={JUNE}")).await["locked"].as_bool().unwrap());
}

#[actix_web::test]
async fn a_locked_month_is_served_frozen_and_refuses_its_reports_until_unlocked_with_a_reason() {
    let app = TestApp::spawn().await;
    let f = fixture(&app, "锁定报表园区").await;
    let z = &f.z;
    let committee = person(&app, &z.tenant, "committee", &z.top, LOCKER).await;
    // The month is the zone's: a park given the buttons still may not lock or unlock it.
    let park = person(&app, &z.tenant, "parklocker", &z.east, LOCKER).await;
    let (s, r) = lock(&app, Some(&park), JUNE).await;
    assert_eq!((s, r["msg"].as_str()), (403, Some("只有管委会可以锁定或解锁月份")), "{r}");
    let (s, l) = lock(&app, Some(&committee), JUNE).await;
    assert_eq!((s, l["data"]["locked"].as_bool(), l["data"]["lockedByName"].as_str()), (200, Some(true), Some("committee")), "{l}");
    let frozen = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert_eq!((frozen["locked"].as_bool(), frozen["lockedTime"].as_str().map(str::len)), (Some(true), Some(19)), "{frozen}");
    assert_eq!(lines(&frozen), june_sheet());

    // The month's reports stand still: no submitting, approving or un-approving.
    let (s, r) = call_at(
        &app,
        "/api/projectReport",
        Some(&z.checker),
        Call::Json("/review", json!({ "ids": [f.b_june], "step": "approve", "opinion": "" })),
    )
    .await;
    assert_eq!(
        (s, r["data"]["field"].as_str(), r["data"]["reason"].as_str()),
        (400, Some("period"), Some("2026年6月已锁定，不能修改月报")),
        "{r}"
    );
    let (s, r) = call_at(
        &app,
        "/api/projectReport",
        Some(&z.checker),
        Call::Json("/review", json!({ "ids": [f.a_june], "step": "unapprove", "opinion": "更正" })),
    )
    .await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("period")), "{r}");
    took(&app, &z.clerk, &[&f.b_june], "withdraw", "").await;
    let (s, r) = call_at(
        &app,
        "/api/projectReport",
        Some(&z.clerk),
        Call::Json("/review", json!({ "ids": [f.b_june], "step": "submit", "opinion": "" })),
    )
    .await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("period")), "{r}");

    // A correction of May (not locked) moves the live figures, not the presented June sheet.
    took(&app, &z.checker, &[&f.a_may], "unapprove", "与统计快报不符").await;
    assert_eq!(lines(&shown(&app, &z.admin, &format!("period={JUNE}")).await), june_sheet());
    // Filters and scope still apply to the frozen rows.
    let east = shown(&app, &z.admin, &format!("period={JUNE}&deptId={}", z.east)).await;
    assert_eq!(names_of(&east), ["智能装备产业园", "新材料项目"]);
    let east_viewer = person(&app, &z.tenant, "eastview", &z.east, VIEWER).await;
    assert_eq!(names_of(&shown(&app, &east_viewer, &format!("period={JUNE}")).await), ["智能装备产业园", "新材料项目"]);
    let (_, _, bytes) = download(&app, Some(&z.admin), &format!("{API}/export-report?period={JUNE}")).await;
    assert_export_is(&bytes, &frozen);

    // Locking twice, unlocking without a reason or what is not locked: refused on the field.
    assert_eq!(lock(&app, Some(&committee), JUNE).await.1["data"]["field"], "period");
    assert_eq!(unlock(&app, Some(&park), JUNE, "园区解锁").await.0, 403);
    let (s, r) = unlock(&app, Some(&committee), JUNE, "  ").await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("reason")), "{r}");
    assert_eq!(unlock(&app, Some(&committee), "2026-05", "x").await.1["data"]["field"], "period");
    assert_eq!(lock(&app, Some(&committee), "2099-01").await.1["data"]["field"], "period");

    // Unlocked: the live sheet is back, without A's May (1–6月 1,100 = 9.17 % of 12,000; 开工累计
    // 4,700.75 = 9.04 % of 52,000.5); B's June may go through now (500: 东区 1–6月 1,900 of 12,000 =
    // 15.83 %, 开工累计 5,500.75 of 60,000.5 = 9.17 %).
    let (s, r) = unlock(&app, Some(&committee), JUNE, "5月数据更正").await;
    assert_eq!((s, r["data"]["locked"].as_bool()), (200, Some(false)), "{r}");
    let live = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert_eq!(live["locked"], false);
    assert_eq!(lines(&live)[1], "project 1 智能装备产业园 | 1000 1100 9.17 4700.75 9.04");
    took(&app, &z.clerk, &[&f.b_june], "submit", "").await;
    took(&app, &z.checker, &[&f.b_june], "approve", "").await;
    // Locked again: a new frozen sheet, with what holds now.
    assert_eq!(lock(&app, Some(&committee), JUNE).await.0, 200);
    let again = shown(&app, &z.admin, &format!("period={JUNE}")).await;
    assert_eq!(again["locked"], true);
    assert_eq!(lines(&again)[2..4], ["project 2 新材料项目 | 500 800 — 800 10", "subtotal  东区小计 | 1500 1900 15.83 5500.75 9.17"]);
}

const ENDPOINTS: [&str; 3] = ["report-sheet", "lock", "unlock"];

/// One call of each endpoint (the sheet, lock and unlock of a month of its own, the export) as `token`.
async fn each_endpoint(app: &TestApp, token: Option<&str>, month: &str) -> Vec<u16> {
    let calls = vec![
        Call::Get(format!("/report-sheet?period={month}")),
        Call::Json("/report-sheet/lock", json!({ "period": month })),
        Call::Json("/report-sheet/unlock", json!({ "period": month, "reason": "矩阵" })),
    ];
    let mut out = matrix_at(app, API, token, month, &ENDPOINTS, calls).await;
    out.push(download(app, token, &format!("{API}/export-report?period={month}")).await.0);
    out
}

#[actix_web::test]
async fn each_sheet_endpoint_answers_by_the_callers_grants() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "权限报表园区").await;
    let viewer = person(&app, &z.tenant, "viewer", &z.top, &["in_library_report_view"]).await;
    let exporter = person(&app, &z.tenant, "exporter", &z.top, &["in_library_report_export"]).await;
    let locker = person(&app, &z.tenant, "locker", &z.top, LOCKER).await;
    let nobody = person(&app, &z.tenant, "nobody", &z.top, &["in_library_statistics_view", "track_project_approve"]).await;
    let mut by_month: HashMap<&str, Vec<u16>> = HashMap::new();
    for (who, token, month) in [
        ("administrator", Some(z.admin.as_str()), "2026-01"),
        ("viewer", Some(viewer.as_str()), "2026-02"),
        ("exporter", Some(exporter.as_str()), "2026-03"),
        ("locker", Some(locker.as_str()), "2026-04"),
        ("nobody", Some(nobody.as_str()), "2026-05"),
        ("anonymous", None, "2026-06"),
    ] {
        by_month.insert(who, each_endpoint(&app, token, month).await);
    }
    // (sheet, lock, unlock, export)
    assert_eq!(by_month["administrator"], [200, 200, 200, 200]);
    assert_eq!(by_month["viewer"], [200, 403, 403, 403]);
    assert_eq!(by_month["exporter"], [403, 403, 403, 200]);
    assert_eq!(by_month["locker"], [200, 200, 200, 403]);
    assert_eq!(by_month["nobody"], [403, 403, 403, 403]);
    assert_eq!(by_month["anonymous"], [401, 401, 401, 401]);
}
