//! Finished projects (已完成项目, issue 15, domain-model §2.2.8): the list shows the investment made against
//! the plan, how long construction took and the output realised against the output expected, worked out
//! by hand here; the keeper of the screen records a finished project's completion within their scope
//! (404 outside it or in another tenant, a named field for bad input); 投产 → 达产 and the re-opening of a
//! project at 达产 follow the lifecycle from the screen: the move needs a reviewer, the re-opening an
//! administrator with a reason, and both write the status history.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::project_reports::{filed, in_library, report, took, zone};
use crate::projects::{self, dept, person, project, with};
use crate::support::{Call, call_at};
use crate::users_excel::{download, rows_of};

const API: &str = "/api/project";

/// The buttons of 已完成项目.
const KEEPER: &[&str] = &["finish_project", "finish_project_view", "finish_project_edit", "finish_project_export"];

const EXPORT_HEADERS: [&str; 20] = [
    "项目编号",
    "项目名称",
    "项目单位",
    "属地园区",
    "项目类型",
    "所属行业",
    "计划总投资(万元)",
    "实际完成投资(万元)",
    "投资完成率(%)",
    "开工日期",
    "竣工日期",
    "竣工验收日期",
    "投产日期",
    "达产日期",
    "建设周期(月)",
    "达产后预计产值(万元)",
    "实际年产值(万元)",
    "产值兑现率(%)",
    "是否已入规",
    "项目状态",
];

async fn record(app: &TestApp, token: Option<&str>, body: Value) -> (u16, Value) {
    call_at(app, API, token, Call::Json("/finished/submit", body)).await
}

async fn change(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/status", body)).await
}

/// The finished projects `token` sees, by name.
async fn listed(app: &TestApp, token: &str) -> Vec<Value> {
    let (s, list) = call_at(app, API, Some(token), Call::Get("/finished?size=100".into())).await;
    assert_eq!(s, 200, "{list}");
    list["data"]["records"].as_array().unwrap().clone()
}

async fn row(app: &TestApp, token: &str, name: &str) -> Value {
    listed(app, token).await.into_iter().find(|r| r["projectName"] == name).unwrap_or_else(|| panic!("{name} is not listed"))
}

/// A project of the east park in production since May 2026 (built March 2025 – April 2026), 52,000.5 万元
/// planned, 45,000 invested before go-live, 120,000 万元 a year expected at full capacity.
fn producing(name: &str, east: &str) -> Value {
    with(
        project(name, east),
        json!({
            "projectStatus": "70", "actualStartDate": "2025-03-10", "actualCompletionDate": "2026-04-20",
            "productionDate": "2026-05-08", "openingInvestment": "45000", "expectedAnnualOutput": "120000"
        }),
    )
}

#[actix_web::test]
async fn finished_projects_show_the_investment_made_and_how_long_construction_took() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "竣工项目园区").await;
    // In production since May 2026, built March 2025 – April 2026, 45,000 万元 invested before go-live.
    let producing = with(
        project("精密轴承扩产项目", &z.east),
        json!({
            "projectStatus": "70", "actualStartDate": "2025-03-10", "actualCompletionDate": "2026-04-20",
            "productionDate": "2026-05-08", "openingInvestment": "45000"
        }),
    );
    let a = in_library(&app, &z, producing).await;
    assert_eq!(projects::detail(&app, &z.clerk, &a).await["cumulativeInvestment"], "45000", "the opening balance until a report");
    let march = filed(&app, &z.clerk, &with(report(&a, "2026-03", "2000.25"), json!({ "projectStatus": "70" }))).await;
    took(&app, &z.clerk, &[&march], "submit", "").await;
    took(&app, &z.checker, &[&march], "approve", "").await;
    // Completed in 2025, 12,000 万元 planned, 9,000 invested.
    let completed = with(
        project("老厂房改造", &z.east),
        json!({
            "totalInvestment": "12000", "fixedAssetInvestment": "", "equipmentInvestment": "", "contractAmount": "12000",
            "projectStatus": "60", "actualStartDate": "2025-01-31", "actualCompletionDate": "2025-11-30", "openingInvestment": "9000"
        }),
    );
    in_library(&app, &z, completed).await;
    in_library(&app, &z, with(project("在建项目", &z.east), json!({ "projectStatus": "50", "actualStartDate": "2026-02-01" }))).await;
    let viewer = person(&app, &z.tenant, "finisher", &z.top, &["finish_project", "finish_project_view", "finish_project_export"]).await;

    let finished = |q: &str| call_at(&app, "/api/project", Some(&viewer), Call::Get(format!("/finished?{q}")));
    let (s, all) = finished("").await;
    assert_eq!(s, 200, "{all}");
    let rows: Vec<(String, String, Value, Value)> = all["data"]["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (s("projectName"), s("actualInvestment"), r["investmentCompletion"].clone(), r["constructionMonths"].clone())
        })
        .collect();
    // Newest completion first; no completion recorded yet, so the investment made is the cumulative figure.
    // By hand: 47,000.25 ÷ 52,000.5 = 90.38 %, 13 months (10 Mar → 20 Apr);
    // 9,000 ÷ 12,000 = 75 %, 9 months (31 Jan → 30 Nov: the 31st is not reached in November).
    assert_eq!(
        rows,
        [
            ("精密轴承扩产项目".to_string(), "47000.25".to_string(), json!("90.38"), json!(13)),
            ("老厂房改造".to_string(), "9000".to_string(), json!("75"), json!(9)),
        ]
    );
    assert_eq!(finished("completionYear=2025").await.1["data"]["total"], 1);
    assert_eq!(finished("completionYear=2026&projectStatus=70").await.1["data"]["records"][0]["projectName"], "精密轴承扩产项目");
    assert_eq!(finished("completionYear=26x").await.0, 400);
    let (s, _, bytes) = download(&app, Some(&viewer), "/api/project/finished/export?completionYear=2026").await;
    assert_eq!(s, 200);
    let sheet = rows_of(&bytes, &EXPORT_HEADERS);
    assert_eq!(sheet.len(), 1);
    assert_eq!(
        ["项目名称", "实际完成投资(万元)", "投资完成率(%)", "建设周期(月)", "项目状态"].map(|h| sheet[0][h].clone()),
        ["精密轴承扩产项目", "47000.25", "90.38", "13", "投产"].map(String::from)
    );
    // The grants: the tracked list's clerk holds no 已完成项目 button; nobody outside the tenant sees them.
    assert_eq!(call_at(&app, "/api/project", Some(&z.clerk), Call::Get("/finished".into())).await.0, 403);
    assert_eq!(call_at(&app, "/api/project", None, Call::Get("/finished".into())).await.0, 401);
    let other = zone(&app, "另一园区").await;
    assert_eq!(call_at(&app, "/api/project", Some(&other.admin), Call::Get("/finished".into())).await.1["data"]["total"], 0);
}

#[actix_web::test]
async fn the_keeper_records_a_completion_and_the_list_works_from_it() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "竣工信息园区").await;
    let a = in_library(&app, &z, producing("精密轴承扩产项目", &z.east)).await;
    let keeper = person(&app, &z.tenant, "keeper", &z.top, KEEPER).await;
    let before = row(&app, &keeper, "精密轴承扩产项目").await;
    assert_eq!(
        (&before["actualInvestment"], &before["actualTotalInvestment"], &before["outputRealisation"]),
        (&json!("45000"), &Value::Null, &Value::Null),
        "until recorded, the cumulative figure; no output yet"
    );

    let body = json!({
        "id": a, "acceptanceDate": "2026-05-06", "actualTotalInvestment": "48000.5", "newCapacity": "年产精密轴承800万套",
        "actualAnnualOutput": "96000", "actualAnnualTax": "3200.25", "enteredAboveScale": "y"
    });
    let (s, reply) = record(&app, Some(&keeper), body).await;
    assert_eq!((s, reply["data"]["id"].as_str()), (200, Some(a.as_str())), "{reply}");
    let r = row(&app, &keeper, "精密轴承扩产项目").await;
    // By hand: 48,000.5 ÷ 52,000.5 = 92.3078… → 92.31 %; 96,000 ÷ 120,000 = 80 %.
    let shown = ["acceptanceDate", "actualTotalInvestment", "actualInvestment", "investmentCompletion", "actualAnnualOutput"]
        .map(|k| r[k].as_str().unwrap_or_default().to_string());
    assert_eq!(shown, ["2026-05-06", "48000.5", "48000.5", "92.31", "96000"], "{r}");
    assert_eq!(
        (&r["outputRealisation"], &r["actualAnnualTax"], &r["enteredAboveScale"], &r["enteredAboveScaleName"], &r["newCapacity"]),
        (&json!("80"), &json!("3200.25"), &json!("Y"), &json!("是"), &json!("年产精密轴承800万套"))
    );
    // The export is the list.
    let (s, _, bytes) = download(&app, Some(&keeper), "/api/project/finished/export").await;
    assert_eq!(s, 200);
    let sheet = rows_of(&bytes, &EXPORT_HEADERS);
    assert_eq!(
        ["实际完成投资(万元)", "投资完成率(%)", "竣工验收日期", "实际年产值(万元)", "产值兑现率(%)", "是否已入规"]
            .map(|h| sheet[0][h].clone()),
        ["48000.5", "92.31", "2026-05-06", "96000", "80", "是"].map(String::from)
    );

    // A field left out keeps its value; an emptied one is cleared, and with it the rate.
    assert_eq!(record(&app, Some(&keeper), json!({ "id": a, "actualAnnualOutput": "" })).await.0, 200);
    let r = row(&app, &keeper, "精密轴承扩产项目").await;
    assert_eq!(
        (&r["actualTotalInvestment"], &r["actualAnnualOutput"], &r["outputRealisation"]),
        (&json!("48000.5"), &Value::Null, &Value::Null)
    );
    // Nothing expected: no rate rather than a division by zero.
    let nothing_expected = with(producing("零预期项目", &z.east), json!({ "expectedAnnualOutput": "" }));
    let b = in_library(&app, &z, nothing_expected).await;
    assert_eq!(record(&app, Some(&keeper), json!({ "id": b, "actualTotalInvestment": "0", "actualAnnualOutput": "500" })).await.0, 200);
    let r = row(&app, &keeper, "零预期项目").await;
    assert_eq!((&r["investmentCompletion"], &r["outputRealisation"]), (&json!("0"), &Value::Null), "{r}");
}

#[actix_web::test]
async fn a_completion_is_recorded_only_on_a_finished_project_in_scope_and_bad_input_names_its_field() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "竣工校验园区").await;
    let a = in_library(&app, &z, producing("精密轴承扩产项目", &z.east)).await;
    let building =
        in_library(&app, &z, with(project("在建项目", &z.east), json!({ "projectStatus": "50", "actualStartDate": "2026-02-01" }))).await;
    let keeper = person(&app, &z.tenant, "keeper", &z.top, KEEPER).await;
    let west = dept(&app, &z.tenant, &z.top, "西区", 2).await;
    let west_keeper = person(&app, &z.tenant, "westkeeper", &west, KEEPER).await;
    let reader = person(&app, &z.tenant, "reader", &z.top, &["finish_project", "finish_project_view"]).await;
    let other = zone(&app, "另一竣工园区").await;
    let good = json!({ "id": a, "actualTotalInvestment": "48000" });

    for (who, token, want) in [
        ("no token", None, 401),
        ("a reader without 修改", Some(reader.as_str()), 403),
        ("the library clerk", Some(z.clerk.as_str()), 403),
        ("the keeper of another park", Some(west_keeper.as_str()), 404),
        ("another tenant's administrator", Some(other.admin.as_str()), 404),
    ] {
        let (s, reply) = record(&app, token, good.clone()).await;
        assert_eq!(s, want, "{who}: {reply}");
    }
    let (s, reply) = record(&app, Some(&keeper), json!({ "id": building, "actualTotalInvestment": "1" })).await;
    assert_eq!(s, 404, "a project under construction is no finished project: {reply}");
    assert_eq!(record(&app, Some(&keeper), json!({ "id": "99999", "actualTotalInvestment": "1" })).await.0, 404);

    for (body, field) in [
        (json!({ "actualTotalInvestment": "1" }), "id"),
        (json!({ "id": "abc", "actualTotalInvestment": "1" }), "id"),
        (json!({ "id": a }), "actualTotalInvestment"),
        (json!({ "id": a, "actualTotalInvestment": "-1" }), "actualTotalInvestment"),
        (json!({ "id": a, "actualTotalInvestment": "1.00005" }), "actualTotalInvestment"),
        (json!({ "id": a, "actualTotalInvestment": "很多" }), "actualTotalInvestment"),
        (json!({ "id": a, "actualTotalInvestment": "1", "actualAnnualOutput": "-5" }), "actualAnnualOutput"),
        (json!({ "id": a, "actualTotalInvestment": "1", "actualAnnualTax": "100000000000000" }), "actualAnnualTax"),
        (json!({ "id": a, "actualTotalInvestment": "1", "acceptanceDate": "2026-04-19" }), "acceptanceDate"),
        (json!({ "id": a, "actualTotalInvestment": "1", "acceptanceDate": "2999-01-01" }), "acceptanceDate"),
        (json!({ "id": a, "actualTotalInvestment": "1", "acceptanceDate": "20260501" }), "acceptanceDate"),
        (json!({ "id": a, "actualTotalInvestment": "1", "enteredAboveScale": "是" }), "enteredAboveScale"),
        (json!({ "id": a, "actualTotalInvestment": "1", "newCapacity": "长".repeat(501) }), "newCapacity"),
    ] {
        let (s, reply) = record(&app, Some(&keeper), body.clone()).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    let (_, reply) = record(&app, Some(&keeper), json!({ "id": a, "actualTotalInvestment": "1", "acceptanceDate": "2026-04-19" })).await;
    assert_eq!(reply["data"]["reason"], "竣工验收日期不能早于实际竣工日期", "{reply}");
    // Nothing was written by the refusals.
    let r = row(&app, &keeper, "精密轴承扩产项目").await;
    assert_eq!((&r["actualTotalInvestment"], &r["acceptanceDate"], &r["enteredAboveScale"]), (&Value::Null, &json!(""), &json!("")));
}

#[actix_web::test]
async fn full_capacity_needs_a_reviewer_and_reopening_an_administrator_with_a_reason() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "达产园区").await;
    let a = in_library(&app, &z, producing("精密轴承扩产项目", &z.east)).await;
    let building =
        in_library(&app, &z, with(project("在建项目", &z.east), json!({ "projectStatus": "50", "actualStartDate": "2026-02-01" }))).await;
    // The keeper alone is no reviewer; with a reviewer's button the screen offers 达产.
    let keeper = person(&app, &z.tenant, "keeper", &z.top, KEEPER).await;
    let reviewer = person(&app, &z.tenant, "confirmer", &z.top, &[KEEPER, &["track_project_approve"]].concat()).await;
    assert!(!row(&app, &keeper, "精密轴承扩产项目").await["nextStatuses"].as_array().unwrap().contains(&json!("80")));
    assert!(row(&app, &reviewer, "精密轴承扩产项目").await["nextStatuses"].as_array().unwrap().contains(&json!("80")));
    let to_capacity = json!({ "id": a, "toStatus": "80", "fullCapacityDate": "2026-09-01" });
    let (s, reply) = change(&app, &keeper, to_capacity.clone()).await;
    assert_eq!(s, 403, "{reply}");
    // The keeper of 已完成项目 moves finished projects only.
    let (s, reply) = change(&app, &reviewer, json!({ "id": building, "toStatus": "60", "actualCompletionDate": "2026-06-01" })).await;
    assert_eq!(s, 404, "{reply}");
    for (body, field) in [
        (json!({ "id": a, "toStatus": "80" }), "fullCapacityDate"),
        (json!({ "id": a, "toStatus": "80", "fullCapacityDate": "2026-05-01" }), "fullCapacityDate"),
        (json!({ "id": a, "toStatus": "80", "fullCapacityDate": "2999-05-01" }), "fullCapacityDate"),
    ] {
        let (s, reply) = change(&app, &reviewer, body.clone()).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    assert_eq!(change(&app, &reviewer, to_capacity).await.0, 200);
    let r = row(&app, &keeper, "精密轴承扩产项目").await;
    assert_eq!(
        (&r["projectStatus"], &r["projectStatusName"], &r["fullCapacityDate"]),
        (&json!("80"), &json!("达产"), &json!("2026-09-01"))
    );
    assert_eq!(r["nextStatuses"], json!([]), "达产 is terminal for all but an administrator");

    // Re-opening is an administrator's correction back to 投产, with a reason.
    let reopen = json!({ "id": a, "toStatus": "70", "reason": "达产认定有误，产能尚未达到设计能力" });
    for token in [&keeper, &reviewer] {
        let (s, reply) = change(&app, token, reopen.clone()).await;
        assert_eq!((s, reply["msg"].as_str()), (403, Some("改回投产须由管理员更正")), "{reply}");
    }
    assert!(row(&app, &z.admin, "精密轴承扩产项目").await["nextStatuses"].as_array().unwrap().contains(&json!("70")));
    let (s, reply) = change(&app, &z.admin, json!({ "id": a, "toStatus": "70" })).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("reason")), "{reply}");
    assert_eq!(change(&app, &z.admin, reopen).await.0, 200);
    assert_eq!(row(&app, &keeper, "精密轴承扩产项目").await["projectStatus"], "70");
    let other = zone(&app, "另一达产园区").await;
    assert_eq!(change(&app, &other.admin, json!({ "id": a, "toStatus": "80", "fullCapacityDate": "2026-09-01" })).await.0, 404);

    let (_, log) = call_at(&app, API, Some(&z.admin), Call::Get(format!("/status-log?id={a}"))).await;
    let moves: Vec<(&str, &str, &str)> = log["data"]
        .as_array()
        .unwrap_or_else(|| panic!("{log}"))
        .iter()
        .map(|e| (e["fromStatus"].as_str().unwrap(), e["toStatus"].as_str().unwrap(), e["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(moves, [("70", "80", ""), ("80", "70", "达产认定有误，产能尚未达到设计能力")]);
    assert_eq!(log["data"][0]["changeDate"], "2026-09-01");
}

async fn decide(app: &TestApp, token: &str, what: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json(&format!("/finished/{what}"), body)).await
}

#[actix_web::test]
async fn the_park_proposes_full_capacity_and_a_reviewer_confirms_or_returns_it() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "申报达产园区").await;
    let a = in_library(&app, &z, producing("精密轴承扩产项目", &z.east)).await;
    let keeper = person(&app, &z.tenant, "keeper", &z.top, KEEPER).await;
    let reviewer = person(&app, &z.tenant, "confirmer", &z.top, &[KEEPER, &["track_project_approve"]].concat()).await;
    // Moving it directly is a reviewer's; the keeper is told where to propose.
    let (s, reply) = change(&app, &keeper, json!({ "id": a, "toStatus": "80", "fullCapacityDate": "2026-09-01" })).await;
    assert_eq!((s, reply["msg"].as_str()), (403, Some("改为达产须在已完成项目中申报并经审核确认")), "{reply}");

    // Bad proposals name their field and write nothing.
    for (body, field) in [
        (json!({ "id": a, "toStatus": "80", "reason": "连续三月产能达设计能力" }), "statusDate"),
        (json!({ "id": a, "toStatus": "80", "statusDate": "2026-05-01", "reason": "早于投产" }), "statusDate"),
        (json!({ "id": a, "toStatus": "80", "statusDate": "2999-05-01", "reason": "将来" }), "statusDate"),
        (json!({ "id": a, "toStatus": "80", "statusDate": "2026-09-01" }), "reason"),
        (json!({ "id": a, "toStatus": "99", "statusDate": "2026-09-01", "reason": "退出" }), "toStatus"),
        (json!({ "toStatus": "80", "statusDate": "2026-09-01", "reason": "无项目" }), "id"),
    ] {
        let (s, reply) = decide(&app, &keeper, "propose", body.clone()).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    assert_eq!(row(&app, &keeper, "精密轴承扩产项目").await["proposedStatus"], "");

    // The keeper proposes; a second proposal waits for the first; the keeper cannot confirm.
    let proposal = json!({ "id": a, "toStatus": "80", "statusDate": "2026-09-01", "reason": "连续三月产能达设计能力" });
    let (s, reply) = decide(&app, &keeper, "propose", proposal.clone()).await;
    assert_eq!(s, 200, "{reply}");
    let r = row(&app, &keeper, "精密轴承扩产项目").await;
    assert_eq!(
        (&r["projectStatus"], &r["proposedStatus"], &r["proposedDate"], &r["proposalReason"]),
        (&json!("70"), &json!("80"), &json!("2026-09-01"), &json!("连续三月产能达设计能力"))
    );
    assert_eq!(decide(&app, &keeper, "propose", proposal.clone()).await.0, 400);
    assert_eq!(decide(&app, &keeper, "confirm", json!({ "id": a })).await.0, 403);

    // Returned with an opinion (required): the project stays at 投产 and the park reads why.
    let (s, reply) = decide(&app, &reviewer, "reject", json!({ "id": a })).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("opinion")), "{reply}");
    assert_eq!(decide(&app, &reviewer, "reject", json!({ "id": a, "opinion": "请附产能测算报告" })).await.0, 200);
    let r = row(&app, &keeper, "精密轴承扩产项目").await;
    assert_eq!((&r["projectStatus"], &r["proposedStatus"], &r["proposalOpinion"]), (&json!("70"), &json!(""), &json!("请附产能测算报告")));
    assert_eq!(decide(&app, &reviewer, "confirm", json!({ "id": a })).await.0, 400, "nothing waits any more");

    // Proposed again and confirmed: the move is taken on the proposed day, with the proposer's reason.
    assert_eq!(decide(&app, &keeper, "propose", proposal).await.0, 200);
    assert_eq!(row(&app, &keeper, "精密轴承扩产项目").await["proposalOpinion"], "", "a new proposal clears the old opinion");
    let other = zone(&app, "另一申报园区").await;
    assert_eq!(decide(&app, &other.admin, "confirm", json!({ "id": a })).await.0, 404, "another tenant's project is not found");
    let (s, reply) = decide(&app, &reviewer, "confirm", json!({ "id": a, "opinion": "同意" })).await;
    assert_eq!(s, 200, "{reply}");
    let r = row(&app, &keeper, "精密轴承扩产项目").await;
    assert_eq!(
        (&r["projectStatus"], &r["fullCapacityDate"], &r["proposedStatus"], &r["proposalOpinion"]),
        (&json!("80"), &json!("2026-09-01"), &json!(""), &json!("同意"))
    );
    let (_, log) = call_at(&app, API, Some(&z.admin), Call::Get(format!("/status-log?id={a}"))).await;
    let last = log["data"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (&last["fromStatus"], &last["toStatus"], &last["changeDate"], &last["reason"]),
        (&json!("70"), &json!("80"), &json!("2026-09-01"), &json!("连续三月产能达设计能力"))
    );
}
