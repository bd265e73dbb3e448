//! 摸底分解 (issue 17, domain-model §2.3.5): a park files its enterprises' output surveys for 2025 (年初),
//! the committee's reviewer returns one with an opinion and verifies (核定) the others; the summary sets Σ
//! verified against each department's target (缺口); 生成分解 proposes 东区's enterprise targets as
//! verified × target ÷ Σ verified, months by last year's structure, all worked out by hand below, over the
//! zone of `park_output` (2024 approved reports; 2025 targets of 东区 12,000 and 西区 5,000). Bad input
//! names its field; every endpoint answers by the caller's grants and stays in the caller's tenant.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::output_reports::{Zone, approved, report, zone};
use crate::park_output::reported_zone;
use crate::projects::{create, person, project, with};
use crate::support::{Call, call_at, matrix_at};
use crate::users_excel::download;

const API: &str = "/api/outputSurvey";
const SURVEYOR: &[&str] = &[
    "exploration_decomposition",
    "exploration_decomposition_view",
    "exploration_decomposition_add",
    "exploration_decomposition_edit",
    "exploration_decomposition_delete",
    "exploration_decomposition_submit",
];
const VERIFIER: &[&str] = &[
    "exploration_decomposition",
    "exploration_decomposition_view",
    "exploration_decomposition_approve",
    "exploration_decomposition_return",
    "exploration_decomposition_export",
];

fn text(v: &Value) -> String {
    match v {
        Value::Null => "—".to_string(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn field_of(reply: &Value) -> Option<&str> {
    reply["data"]["field"].as_str()
}

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    let (s, reply) = call_at(app, API, Some(token), Call::Get(path.to_string())).await;
    assert_eq!(s, 200, "{path}: {reply}");
    reply["data"].clone()
}

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json(path, body)).await
}

/// Files a survey of 2025 年初; answers its id.
async fn filed(app: &TestApp, token: &str, body: Value) -> String {
    let (s, reply) = post(app, token, "/submit", body.clone()).await;
    assert_eq!(s, 200, "{body}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

fn survey(enterprise: &str, last: &str, expected: &str) -> Value {
    json!({ "surveyYear": 2025, "surveyRound": "1", "enterpriseId": enterprise, "lastYearOutput": last, "expectedOutput": expected })
}

async fn step(app: &TestApp, token: &str, ids: &[&str], step: &str, extra: Value) -> (u16, Value) {
    let mut body = json!({ "ids": ids, "step": step });
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    post(app, token, "/review", body).await
}

async fn took(app: &TestApp, token: &str, ids: &[&str], s: &str, extra: Value) {
    let (code, reply) = step(app, token, ids, s, extra).await;
    assert_eq!(code, 200, "{s} {ids:?}: {reply}");
}

fn by_enterprise(page: &Value) -> HashMap<String, Value> {
    page["records"].as_array().unwrap().iter().map(|r| (text(&r["enterpriseName"]), r.clone())).collect()
}

fn by_dept(summary: &Value) -> HashMap<String, Value> {
    summary["rows"].as_array().unwrap().iter().map(|r| (text(&r["deptName"]), r.clone())).collect()
}

/// (surveys, approved, 上年, 预计, 预计增速, 核定, 核定增速, 目标, 缺口) of a summary row.
fn sums(row: &Value) -> [String; 9] {
    ["surveys", "approved", "lastYearOutput", "expectedOutput", "expectedGrowth", "verifiedOutput", "verifiedGrowth", "target", "gap"]
        .map(|k| text(&row[k]))
}

#[actix_web::test]
async fn a_park_surveys_the_reviewer_verifies_and_the_verified_figures_share_the_department_target() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "摸底分解园区").await;
    let surveyor = person(&app, &z.tenant, "eastsurvey", &z.east, SURVEYOR).await;
    let verifier = person(&app, &z.tenant, "verifier", &z.top, VERIFIER).await;

    // The drawer starts from 2024's approved reports of 东区机械: Jan 800 + Mar 1,300 = 2,100 over two
    // months, and offers its project in production since May 2024; another enterprise's is not offered.
    let line2 = json!({ "enterpriseId": z.machinery, "projectStatus": "70", "actualStartDate": "2023-05-01",
        "plannedStartDate": "2023-04-01", "actualCompletionDate": "2024-04-20", "plannedCompletionDate": "2024-03-31",
        "productionDate": "2024-05-15", "signDate": "2023-03-18" });
    let line2 = create(&app, &z.admin, &with(project("东区机械二期", &z.east), line2)).await;
    let elsewhere = create(&app, &z.admin, &with(project("西区化工扩能", &z.west), json!({ "enterpriseId": z.chemicals }))).await;
    let pre = get(&app, &surveyor, &format!("/prefill?enterpriseId={}&surveyYear=2025", z.machinery)).await;
    assert_eq!((text(&pre["lastYearOutput"]), pre["lastYearMonths"].as_u64()), ("2100".into(), Some(2)));
    // A month reported as nothing made is a month reported: three months now, the same 2,100.
    approved(&app, &z, &report(&z.machinery, "2024-02", "0")).await;
    let pre = get(&app, &surveyor, &format!("/prefill?enterpriseId={}&surveyYear=2025", z.machinery)).await;
    assert_eq!((text(&pre["lastYearOutput"]), pre["lastYearMonths"].as_u64()), ("2100".into(), Some(3)));
    assert_eq!(pre["projects"].as_array().unwrap().iter().map(|p| text(&p["projectName"])).collect::<Vec<_>>(), ["东区机械二期"]);
    assert_eq!(text(&pre["projects"][0]["projectStatusName"]), "投产");

    // 东区's surveyor files its two enterprises: 东区机械 2,100 → 2,520 by quarter (600 + 600 + 600 + 720) with
    // the new line; 东一电子 200 → 260. 西区 is not the surveyor's: the administrator files 西区化工, new in
    // 2024, with an estimate of last year: 300 → 450.
    let machinery_body = with(
        survey(&z.machinery, "2100", "2520"),
        json!({ "expectedQ1": "600", "expectedQ2": "600", "expectedQ3": "600", "expectedQ4": "720",
            "newCapacityOutput": "300", "newProjectIds": [line2], "growthFactors": "二期生产线满产" }),
    );
    let machinery = filed(&app, &surveyor, machinery_body.clone()).await;
    let electronics = filed(&app, &surveyor, survey(&z.electronics, "200", "260")).await;
    let (s, reply) = post(&app, &surveyor, "/submit", survey(&z.chemicals, "300", "450")).await;
    assert_eq!((s, field_of(&reply)), (400, Some("enterpriseId")), "{reply}");
    let chemicals = filed(&app, &z.admin, survey(&z.chemicals, "300", "450")).await;
    // The same enterprise and round twice, and a project of another enterprise, are refused by field.
    let (s, reply) = post(&app, &surveyor, "/submit", survey(&z.machinery, "2100", "2600")).await;
    assert_eq!((s, field_of(&reply)), (400, Some("enterpriseId")), "{reply}");
    let (s, reply) = post(&app, &surveyor, "/submit", json!({ "id": electronics, "newProjectIds": [elsewhere] })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("newProjectIds")), "{reply}");

    let d = get(&app, &surveyor, &format!("/detail?id={machinery}")).await;
    assert_eq!(
        [&d["expectedGrowth"], &d["surveyRoundName"], &d["reportStatusName"], &d["deptName"], &d["verifiedOutput"]].map(text),
        ["20.00", "年初", "草稿", "东区", "—"]
    );
    assert_eq!(d["newProjects"].as_array().unwrap().iter().map(|p| text(&p["projectName"])).collect::<Vec<_>>(), ["东区机械二期"]);
    assert_eq!(d["nextSteps"], json!(["submit"]));

    took(&app, &surveyor, &[&machinery, &electronics], "submit", json!({})).await;
    took(&app, &z.admin, &[&chemicals], "submit", json!({})).await;
    // Submitted, nobody edits it.
    let (s, _) = post(&app, &surveyor, "/submit", json!({ "id": machinery, "expectedOutput": "2600" })).await;
    assert_eq!(s, 400);

    // The reviewer returns 东一电子 (30 % is too much); the park lowers it to 240 (20 %) and sends it again.
    let (s, reply) = step(&app, &verifier, &[&electronics], "return", json!({ "opinion": "" })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("opinion")), "{reply}");
    took(&app, &verifier, &[&electronics], "return", json!({ "opinion": "增速偏高，请核实订单" })).await;
    let (s, reply) = post(&app, &surveyor, "/submit", json!({ "id": electronics, "expectedOutput": "240" })).await;
    assert_eq!(s, 200, "{reply}");
    took(&app, &surveyor, &[&electronics], "resubmit", json!({})).await;

    // 东区机械 verified at 2,400 rather than its 2,520; a figure is for one survey, not a batch; the other
    // two approved as they stand (240 and 450).
    let (s, reply) = step(&app, &verifier, &[&electronics, &chemicals], "approve", json!({ "verifiedOutput": "240" })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("verifiedOutput")), "{reply}");
    let (s, reply) = step(&app, &verifier, &[&machinery], "approve", json!({ "verifiedOutput": "-1" })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("verifiedOutput")), "{reply}");
    took(&app, &verifier, &[&machinery], "approve", json!({ "verifiedOutput": "2400", "opinion": "按产能核定" })).await;
    took(&app, &verifier, &[&electronics, &chemicals], "approve", json!({})).await;
    let page = get(&app, &verifier, "/list?surveyYear=2025&current=1&size=20").await;
    assert_eq!(page["total"].as_u64(), Some(3));
    let rows = by_enterprise(&page);
    // 核定增速: (2,400 − 2,100) ÷ 2,100 = 14.2857… → 14.29 %; 240 over 200 = 20.00 %; 450 over 300 = 50.00 %.
    for (name, verified, growth) in [("东区机械", "2400", "14.29"), ("东一电子", "240", "20.00"), ("西区化工", "450", "50.00")]
    {
        let r = &rows[name];
        assert_eq!([&r["verifiedOutput"], &r["verifiedGrowth"], &r["reportStatus"]].map(text), [verified, growth, "2"], "{name}");
    }
    // An un-approval needs its reason and keeps the figure; approved again without a figure, it stays.
    took(&app, &verifier, &[&machinery], "unapprove", json!({ "opinion": "复核产能" })).await;
    took(&app, &verifier, &[&machinery], "approve", json!({})).await;
    assert_eq!(text(&get(&app, &verifier, &format!("/detail?id={machinery}")).await["verifiedOutput"]), "2400");
    let log = get(&app, &verifier, &format!("/review-log?id={electronics}")).await;
    let moves: Vec<String> = log.as_array().unwrap().iter().map(|e| text(&e["stepName"])).collect();
    assert_eq!(moves, ["提交", "退回", "重新提交", "审核通过"]);

    // The summary: 东区 with 东一片 — last 2,300, expected 2,520 + 240 = 2,760 (+20.00 %), verified 2,640
    // (2,640 ÷ 2,300 = 1.14782… → +14.78 %) against its 12,000: a gap of 9,360. 东一片 alone has no target.
    // 西区: 450 of 5,000, a gap of 4,550. The zone has no target of its own: its parks' 17,000; Σ last
    // 2,600, expected 3,210 (+23.46 %: 610 ÷ 2,600 = 0.234615…), verified 3,090 (+18.85 %: 490 ÷ 2,600 =
    // 0.188461…), gap 13,910.
    let sum = get(&app, &verifier, "/summary?surveyYear=2025&surveyRound=1").await;
    let d = by_dept(&sum);
    assert_eq!(sums(&d["东区"]), ["2", "2", "2300", "2760", "20.00", "2640", "14.78", "12000", "9360"].map(String::from));
    assert_eq!(sums(&d["东一片"]), ["1", "1", "200", "240", "20.00", "240", "20.00", "—", "—"].map(String::from));
    assert_eq!(sums(&d["西区"]), ["1", "1", "300", "450", "50.00", "450", "50.00", "5000", "4550"].map(String::from));
    assert_eq!(sums(&sum["total"]), ["3", "3", "2600", "3210", "23.46", "3090", "18.85", "17000", "13910"].map(String::from));
    // The bureau and the power company have neither surveys nor targets: not listed.
    assert!(!d.contains_key("工信局") && !d.contains_key("供电公司"), "{sum}");
    // Within 东区 its row is the total.
    let east = get(&app, &verifier, &format!("/summary?surveyYear=2025&surveyRound=1&deptId={}", z.east)).await;
    assert_eq!(sums(&east["total"])[8], "9360");
    assert_eq!(east["rows"].as_array().unwrap().len(), 2);

    // 生成分解 for 东区: 12,000 × 2,400 ÷ 2,640 = 10,909.0909… → 10,909.09 and 12,000 × 240 ÷ 2,640 =
    // 1,090.9090… → 1,090.90; the cent left goes to the larger, 东区机械: 10,909.10. Months by 2024's
    // structure: January 10,909.10 × 800 ÷ 2,100 = 4,155.8476… → 4,155.84, March × 1,300 ÷ 2,100 =
    // 6,753.2523… → 6,753.25, December the 0.01 left; 东一电子 all in February. Growth over 2024's 2,100:
    // 419.4809… → 419.48 %; over 200: 445.45 %.
    let (s, reply) = post(&app, &verifier, "/generate", json!({ "surveyYear": 2025, "surveyRound": "1", "deptId": z.east })).await;
    assert_eq!(s, 403, "proposing targets is the breakdown's grant: {reply}");
    let (s, reply) = post(&app, &z.admin, "/generate", json!({ "surveyYear": 2025, "surveyRound": "1", "deptId": z.east })).await;
    assert_eq!(s, 200, "{reply}");
    assert_eq!(reply["data"], json!({ "created": 2, "updated": 0, "skipped": 0, "shared": "12000" }));
    let (s, b) = call_at(&app, "/api/outputTarget", Some(&z.admin), Call::Get(format!("/list?year=2025&deptId={}", z.east))).await;
    assert_eq!(s, 200, "{b}");
    let targets: HashMap<String, Value> =
        b["data"]["records"].as_array().unwrap().iter().map(|t| (text(&t["enterpriseName"]), t.clone())).collect();
    let m = &targets["东区机械"];
    assert_eq!(
        [&m["annualTarget"], &m["surveyedOutput"], &m["targetGrowth"], &m["splitMode"], &m["targetStatus"]].map(text),
        ["10909.1", "2400", "419.48", "2", "1"]
    );
    let months = |t: &Value| (1..=12).map(|i| text(&t[format!("m{i:02}")])).collect::<Vec<_>>();
    assert_eq!(months(m), ["4155.84", "0", "6753.25", "0", "0", "0", "0", "0", "0", "0", "0", "0.01"]);
    let e = &targets["东一电子"];
    assert_eq!([&e["annualTarget"], &e["surveyedOutput"], &e["targetGrowth"]].map(text), ["1090.9", "240", "445.45"]);
    assert_eq!(months(e)[1], "1090.9");
    assert_eq!(text(&b["data"]["unassigned"]), "0");
    // 西区化工 has no 2024 month: its share of 西区's 5,000 (all of it) goes evenly, 416.66 a month and
    // December 5,000 − 11 × 416.66 = 416.74.
    let (s, reply) = post(&app, &z.admin, "/generate", json!({ "surveyYear": 2025, "surveyRound": "1", "deptId": z.west })).await;
    assert_eq!(s, 200, "{reply}");
    let (_, w) = call_at(&app, "/api/outputTarget", Some(&z.admin), Call::Get(format!("/list?year=2025&deptId={}", z.west))).await;
    let c = &w["data"]["records"][0];
    assert_eq!(
        [&c["enterpriseName"], &c["annualTarget"], &c["splitMode"], &c["m01"], &c["m12"]].map(text),
        ["西区化工", "5000", "1", "416.66", "416.74"]
    );
    // A round without approved surveys has nothing to share by.
    let (s, reply) = post(&app, &z.admin, "/generate", json!({ "surveyYear": 2025, "surveyRound": "2", "deptId": z.east })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("deptId")), "{reply}");

    // The export is the screen: the summary by department, then every survey.
    let (s, disposition, bytes) = download(&app, Some(&verifier), &format!("{API}/export?surveyYear=2025&surveyRound=1")).await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&bytes));
    assert!(disposition.contains("xlsx"), "{disposition}");
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    assert_eq!((grid[0][0].as_str(), grid[1][0].as_str()), ("2025年年初产值摸底", "单位：万元"));
    let line = |first: &str, second: &str| {
        grid.iter()
            .find(|l| l.first().is_some_and(|c| c.trim_start_matches('　') == first) && l.get(1).is_some_and(|c| c.starts_with(second)))
            .unwrap_or_else(|| panic!("{first} {second}: {grid:?}"))
            .clone()
    };
    assert_eq!(line("东区", "2 户")[3..10], ["2300", "2760", "20", "2640", "14.78", "12000", "9360"].map(String::from));
    assert_eq!(line("合计", "3 户")[9], "13910");
    assert_eq!(
        line("东区", "东区机械")[3..14],
        ["2100", "2520", "20", "2400", "14.29", "", "", "300", "二期生产线满产", "", "已通过"].map(String::from)
    );
}

#[actix_web::test]
async fn bad_input_names_its_field_and_is_never_a_server_error() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "摸底错误输入园区").await;
    let other = zone(&app, "摸底他区").await;
    let base = survey(&z.machinery, "1000", "1100");
    for (patch, field) in [
        (json!({ "surveyYear": null }), "surveyYear"),
        (json!({ "surveyYear": 2019 }), "surveyYear"),
        (json!({ "surveyYear": -2147483648_i64 }), "surveyYear"),
        (json!({ "surveyYear": "二〇二五" }), "surveyYear"),
        (json!({ "surveyRound": "9" }), "surveyRound"),
        (json!({ "enterpriseId": null }), "enterpriseId"),
        (json!({ "enterpriseId": other.machinery }), "enterpriseId"),
        (json!({ "lastYearOutput": null }), "lastYearOutput"),
        (json!({ "expectedOutput": "-5" }), "expectedOutput"),
        (json!({ "expectedOutput": "1.000001" }), "expectedOutput"),
        (json!({ "expectedQ1": "500" }), "expectedQ2"),
        (json!({ "expectedQ1": "200", "expectedQ2": "300", "expectedQ3": "300", "expectedQ4": "299" }), "expectedQ4"),
        (json!({ "newProjectIds": ["abc"] }), "newProjectIds"),
        (json!({ "newProjectIds": ["12345"] }), "newProjectIds"),
        (json!({ "growthFactors": "长".repeat(501) }), "growthFactors"),
    ] {
        let mut body = base.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (s, reply) = post(&app, &z.admin, "/submit", body.clone()).await;
        assert_eq!((s, field_of(&reply)), (400, Some(field)), "{body}: {reply}");
    }
    for path in ["/list?surveyYear=-2147483648", "/summary?surveyYear=2100", "/export?surveyYear=1999"] {
        let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Get(path.into())).await;
        assert_eq!((s, field_of(&reply)), (400, Some("surveyYear")), "{path}: {reply}");
    }
    for (query, field) in [("deptId=x1", "deptId"), ("reportStatus=7", "reportStatus")] {
        let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Get(format!("/list?surveyYear=2025&{query}"))).await;
        assert_eq!((s, field_of(&reply)), (400, Some(field)), "{query}: {reply}");
    }
    for (body, field) in [
        (json!({ "surveyYear": 2025, "surveyRound": "1", "deptId": z.east }), "deptId"),
        (json!({ "surveyYear": 2025, "surveyRound": "1", "deptId": other.east }), "deptId"),
        (json!({ "surveyYear": 2025, "surveyRound": "8", "deptId": z.east }), "surveyRound"),
        (json!({ "surveyYear": -2147483648_i64, "surveyRound": "1", "deptId": z.east }), "surveyYear"),
    ] {
        let (s, reply) = post(&app, &z.admin, "/generate", body.clone()).await;
        assert_eq!((s, field_of(&reply)), (400, Some(field)), "{body}: {reply}");
    }
    let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Get("/prefill?enterpriseId=x&surveyYear=2025".into())).await;
    assert_eq!((s, field_of(&reply)), (400, Some("enterpriseId")), "{reply}");
    // Nothing was written.
    assert_eq!(get(&app, &z.admin, "/list?surveyYear=2025").await["total"].as_u64(), Some(0));
}

#[actix_web::test]
async fn each_endpoint_answers_by_the_callers_grants_and_surveys_stay_in_their_tenant() {
    let app = TestApp::spawn().await;
    let mut zones: Vec<(Zone, String)> = Vec::new();
    for name in ["摸底权限甲区", "摸底权限乙区"] {
        let z = zone(&app, name).await;
        let id = filed(&app, &z.admin, survey(&z.machinery, "1000", "1200")).await;
        let viewer =
            person(&app, &z.tenant, "surveyviewer", &z.top, &["exploration_decomposition", "exploration_decomposition_view"]).await;
        let nobody = person(&app, &z.tenant, "surveynobody", &z.top, &["output_report"]).await;
        let calls = |id: &str| {
            vec![
                Call::Get("/list?surveyYear=2025".into()),
                Call::Get("/summary?surveyYear=2025".into()),
                Call::Get(format!("/detail?id={id}")),
                Call::Get(format!("/prefill?enterpriseId={}&surveyYear=2025", z.machinery)),
                Call::Json("/submit", json!({ "id": id, "expectedOutput": "1300" })),
                Call::Json("/review", json!({ "ids": ["0"], "step": "approve" })),
                Call::Get(format!("/review-log?id={id}")),
                Call::Json("/generate", json!({ "surveyYear": 2025, "surveyRound": "1", "deptId": z.west })),
                Call::Form("/remove", vec![("ids", "0".to_string())]),
            ]
        };
        let names = ["list", "summary", "detail", "prefill", "submit", "review", "review-log", "generate", "remove"];
        // The administrator passes every grant (the ids of "0" are then missing, 西区 has no target); a
        // viewer reads only; without a grant everything is refused; without a session 401.
        for (token, tag, want) in [
            (Some(z.admin.as_str()), "管理员", [200, 200, 200, 200, 200, 404, 200, 400, 404, 200]),
            (Some(viewer.as_str()), "查看", [200, 200, 200, 403, 403, 403, 200, 403, 403, 403]),
            (Some(nobody.as_str()), "无权", [403, 403, 403, 403, 403, 403, 403, 403, 403, 403]),
            (None, "匿名", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401]),
        ] {
            let mut got = matrix_at(&app, API, token, tag, &names, calls(&id)).await;
            got.push(download(&app, token, &format!("{API}/export?surveyYear=2025")).await.0);
            assert_eq!(got, want, "{name} {tag}");
        }
        zones.push((z, id));
    }
    // Another tenant's survey answers like a missing one; each tenant sums its own.
    let ((a, a_id), (b, _)) = (&zones[0], &zones[1]);
    let (s, _) = call_at(&app, API, Some(&b.admin), Call::Get(format!("/detail?id={a_id}"))).await;
    assert_eq!(s, 404);
    assert_eq!(step(&app, &b.admin, &[a_id], "submit", json!({})).await.0, 404);
    assert_eq!(call_at(&app, API, Some(&b.admin), Call::Form("/remove", vec![("ids", a_id.clone())])).await.0, 404);
    for (z, _) in [&zones[0], &zones[1]] {
        let sum = get(&app, &z.admin, "/summary?surveyYear=2025").await;
        assert_eq!((text(&sum["total"]["surveys"]), text(&sum["total"]["expectedOutput"])), ("1".into(), "1300".into()));
    }
    let _ = a;
}
