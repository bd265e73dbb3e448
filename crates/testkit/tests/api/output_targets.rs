//! 年度产值分解 (issue 17, domain-model §2.3.3): the enterprises' annual output targets below the
//! department targets of 规上工业总产值. Over the zone of `park_output` (2024 and 2025 approved reports, the
//! 2025 targets of 东区 12,000 and 西区 5,000), the committee 按上年结构分解 东区's 2026-style breakdown for
//! 2025 from 2024's approved months, worked out by hand below; types 西区化工's target by hand; issues
//! them; the park confirms; a revision keeps the version; bad input names its field; every endpoint
//! answers by the caller's grants and stays in the caller's tenant and scope.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::output_reports::{Zone, enterprise, register, zone};
use crate::park_output::reported_zone;
use crate::projects::person;
use crate::support::{Call, call_at, matrix_at};
use crate::users_excel::download;

const API: &str = "/api/outputTarget";
const PARK: &[&str] = &["annual_output_breakdown", "annual_output_breakdown_view", "annual_output_breakdown_confirm"];

async fn list(app: &TestApp, token: &str, query: &str) -> Value {
    let (s, reply) = call_at(app, API, Some(token), Call::Get(format!("/list?{query}"))).await;
    assert_eq!(s, 200, "{query}: {reply}");
    reply["data"].clone()
}

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json(path, body)).await
}

async fn ids_call(app: &TestApp, token: &str, path: &'static str, ids: &[&str]) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Form(path, vec![("ids", ids.join(","))])).await
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => "—".to_string(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn by_enterprise(list: &Value) -> HashMap<String, Value> {
    list["records"].as_array().unwrap().iter().map(|r| (r["enterpriseName"].as_str().unwrap().to_string(), r.clone())).collect()
}

/// A target's twelve months as text, January first.
fn months(row: &Value) -> Vec<String> {
    (1..=12).map(|m| text(&row[format!("m{m:02}")])).collect()
}

/// 产值填报's row of an enterprise at a month, as the committee's list shows it.
async fn reported(app: &TestApp, token: &str, period: &str, enterprise: &str) -> Value {
    let (s, reply) = call_at(app, "/api/outputValue", Some(token), Call::Get(format!("/list?period={period}&current=1&size=50"))).await;
    assert_eq!(s, 200, "{reply}");
    reply["data"]["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["enterpriseName"] == enterprise)
        .cloned()
        .unwrap_or_else(|| panic!("{enterprise}: {reply}"))
}

/// The target figures of a report row: (年度目标, 1–N月目标, 完成率).
fn target_figures(r: &Value) -> [String; 3] {
    [text(&r["annualTarget"]), text(&r["ytdTarget"]), text(&r["completion"])]
}

fn field_of(reply: &Value) -> Option<&str> {
    reply["data"]["field"].as_str()
}

#[actix_web::test]
async fn the_committee_shares_a_department_target_by_last_year_and_the_park_confirms_it() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "产值分解园区").await;

    // 2025 before anything: 东区's target 12,000 and nobody holds any of it; its reporters wait (东区商贸 owes
    // none), with last year's output: 东区机械 800 + 1,300 = 2,100, 东一电子 200.
    let b = list(&app, &z.admin, &format!("year=2025&deptId={}", z.east)).await;
    assert_eq!(
        (text(&b["deptTarget"]), text(&b["unassigned"]), b["records"].as_array().unwrap().len()),
        ("12000".into(), "12000".into(), 0)
    );
    let pending: Vec<(String, String)> =
        b["pending"].as_array().unwrap().iter().map(|p| (text(&p["enterpriseName"]), text(&p["lastYearOutput"]))).collect();
    assert_eq!(pending, [("东区机械".to_string(), "2100".to_string()), ("东一电子".into(), "200".into())]);

    // 按上年结构分解: 12,000 × 2,100 ÷ 2,300 = 10,956.5217… → 10,956.52 and 12,000 × 200 ÷ 2,300 = 1,043.4782… →
    // 1,043.47; the cent left goes to the larger, 东区机械: 10,956.53. Months by each one's 2024: 东区机械 Jan
    // 10,956.53 × 800 ÷ 2,100 = 4,173.9161… → 4,173.91, Mar × 1,300 ÷ 2,100 = 6,782.6138… → 6,782.61, and
    // December the 0.01 left; 东一电子 all in February. Growth (10,956.53 − 2,100) ÷ 2,100 = 421.7395… → 421.74 %
    // and (1,043.47 − 200) ÷ 200 = 421.735 → 421.74 %.
    let (s, reply) = post(&app, &z.admin, "/generate", json!({ "targetYear": 2025, "deptId": z.east })).await;
    assert_eq!(s, 200, "{reply}");
    assert_eq!(reply["data"], json!({ "created": 2, "updated": 0, "skipped": 0, "shared": "12000" }));
    let b = list(&app, &z.admin, &format!("year=2025&deptId={}", z.east)).await;
    let r = by_enterprise(&b);
    let m = &r["东区机械"];
    assert_eq!(
        [&m["annualTarget"], &m["lastYearOutput"], &m["targetGrowth"], &m["splitMode"], &m["targetStatus"], &m["deptName"]].map(text),
        ["10956.53", "2100", "421.74", "2", "1", "东区"]
    );
    assert_eq!(months(m), ["4173.91", "0", "6782.61", "0", "0", "0", "0", "0", "0", "0", "0", "0.01"]);
    let e = &r["东一电子"];
    assert_eq!([&e["annualTarget"], &e["targetGrowth"], &e["deptName"]].map(text), ["1043.47", "421.74", "东一片"]);
    assert_eq!(months(e), ["0", "1043.47", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"]);
    // The totals row, and nothing left to place.
    assert_eq!(text(&b["totals"]["annualTarget"]), "12000");
    assert_eq!(
        b["totals"]["months"].as_array().unwrap().iter().map(text).collect::<Vec<_>>(),
        ["4173.91", "1043.47", "6782.61", "0", "0", "0", "0", "0", "0", "0", "0", "0.01"]
    );
    assert_eq!((text(&b["unassigned"]), b["pending"].as_array().unwrap().len()), ("0".into(), 0));

    // 西区: nobody reported in 2024, so nothing to share by; 西区化工's target typed instead, 4,000 evenly:
    // 333.33 a month and December 4,000 − 11 × 333.33 = 333.37; 5,000 − 4,000 = 1,000 stays 待落实.
    let (s, reply) = post(&app, &z.admin, "/generate", json!({ "targetYear": 2025, "deptId": z.west })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("deptId")), "{reply}");
    let typed = json!({ "targetYear": 2025, "enterpriseId": z.chemicals, "annualTarget": "4000", "splitMode": "1" });
    let (s, reply) = post(&app, &z.admin, "/submit", typed.clone()).await;
    assert_eq!(s, 200, "{reply}");
    let chemicals = reply["data"]["id"].as_str().unwrap().to_string();
    let w = list(&app, &z.admin, &format!("year=2025&deptId={}", z.west)).await;
    let c = &by_enterprise(&w)["西区化工"];
    assert_eq!(months(c)[..2], ["333.33", "333.33"]);
    assert_eq!(months(c)[11], "333.37");
    assert_eq!((text(&c["lastYearOutput"]), text(&c["targetGrowth"])), ("—".into(), "—".into()));
    assert_eq!((text(&w["deptTarget"]), text(&w["unassigned"])), ("5000".into(), "1000".into()));
    // The same enterprise twice is refused by field.
    let (s, reply) = post(&app, &z.admin, "/submit", typed).await;
    assert_eq!((s, field_of(&reply)), (400, Some("enterpriseId")), "{reply}");

    // The whole zone: the three targets, 16,000 of them.
    let all = list(&app, &z.admin, "year=2025").await;
    assert_eq!((all["records"].as_array().unwrap().len(), text(&all["totals"]["annualTarget"])), (3, "16000".into()));
    assert_eq!(all["deptTarget"], Value::Null);

    // The park does not see drafts; issued, it sees 东区's and confirms them, and cannot issue.
    let park = person(&app, &z.tenant, "eastbreakdown", &z.east, PARK).await;
    assert_eq!(list(&app, &park, "year=2025").await["records"].as_array().unwrap().len(), 0);
    let east_ids: Vec<String> = r.values().map(|t| t["id"].as_str().unwrap().to_string()).collect();
    let east_ids: Vec<&str> = east_ids.iter().map(String::as_str).collect();
    let (s, reply) = ids_call(&app, &z.admin, "/release", &east_ids).await;
    assert_eq!((s, reply["data"]["count"].as_u64()), (200, Some(2)), "{reply}");
    let seen = list(&app, &park, "year=2025").await;
    let mut names: Vec<String> = seen["records"].as_array().unwrap().iter().map(|t| text(&t["enterpriseName"])).collect();
    names.sort();
    assert_eq!(names, ["东一电子", "东区机械"]);
    assert_eq!(seen["records"][0]["nextSteps"], json!(["confirm", "revise"]));
    assert_eq!(ids_call(&app, &park, "/release", &east_ids).await.0, 403);
    assert_eq!(ids_call(&app, &park, "/confirm", &[&chemicals]).await.0, 404);
    let (s, reply) = ids_call(&app, &park, "/confirm", &east_ids).await;
    assert_eq!((s, reply["data"]["count"].as_u64()), (200, Some(2)), "{reply}");
    assert!(list(&app, &park, "year=2025").await["records"].as_array().unwrap().iter().all(|t| t["targetStatus"] == "3"));

    // 产值填报 measures each month against the target in force: 东区机械's 1–3月 1,000 + 1,100.5 + 1,200 =
    // 3,300.5 of 10,956.53 → 30.1236… → 30.12 %; its months 1–3 hold 4,173.91 + 0 + 6,782.61 = 10,956.52.
    // 西区化工's target is still a draft: it has none yet.
    assert_eq!(target_figures(&reported(&app, &z.admin, "2025-03", "东区机械").await), ["10956.53", "10956.52", "30.12"]);
    assert_eq!(target_figures(&reported(&app, &z.admin, "2025-03", "西区化工").await), ["—", "—", "—"]);
    // So does 产值统计's ranking, against March's time progress of 25 %: 30.12 − 25 = 5.12 points ahead.
    let (s, reply) =
        call_at(&app, "/api/outputValue", Some(&z.admin), Call::Get("/statistics?period=2025-03&view=enterprise".into())).await;
    assert_eq!(s, 200, "{reply}");
    let ranked = |name: &str| reply["data"]["rows"].as_array().unwrap().iter().find(|r| r["enterpriseName"] == name).cloned().unwrap();
    assert_eq!(
        [&ranked("东区机械")["target"], &ranked("东区机械")["completion"], &ranked("东区机械")["scheduleGap"]].map(text),
        ["10956.53", "30.12", "5.12"]
    );
    assert_eq!(text(&ranked("西区化工")["completion"]), "—");

    // Issued targets are not regenerated nor changed nor removed; 东区 has nobody left to share among.
    let (s, reply) = post(&app, &z.admin, "/generate", json!({ "targetYear": 2025, "deptId": z.east })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("deptId")), "{reply}");
    let machinery = r["东区机械"]["id"].as_str().unwrap().to_string();
    let edit = json!({ "id": machinery, "targetYear": 2025, "enterpriseId": z.machinery, "annualTarget": "11000", "splitMode": "1" });
    assert_eq!(post(&app, &z.admin, "/submit", edit.clone()).await.0, 400);
    assert_eq!(ids_call(&app, &z.admin, "/remove", &[&machinery]).await.0, 400);

    // A revision: the reason is required; the confirmed version is kept; the new figures are saved and
    // issued again, waiting for a new confirmation.
    let (s, reply) = post(&app, &z.admin, "/revise", json!({ "id": machinery, "reason": " " })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("reason")), "{reply}");
    let (s, reply) = post(&app, &z.admin, "/revise", json!({ "id": machinery, "reason": "订单下滑，年中调减" })).await;
    assert_eq!(s, 200, "{reply}");
    let (s, reply) = post(&app, &z.admin, "/submit", edit).await;
    assert_eq!(s, 200, "{reply}");
    // Until issued again the target in force is the one last issued; then 3,300.5 of 11,000 → 30.00 %
    // (30.0045…), and even months of 916.66 → 2,749.98 by March.
    assert_eq!(target_figures(&reported(&app, &z.admin, "2025-03", "东区机械").await)[0], "10956.53");
    assert_eq!(ids_call(&app, &z.admin, "/release", &[&machinery]).await.0, 200);
    assert_eq!(target_figures(&reported(&app, &z.admin, "2025-03", "东区机械").await), ["11000", "2749.98", "30.00"]);
    let (s, d) = call_at(&app, API, Some(&z.admin), Call::Get(format!("/detail?id={machinery}"))).await;
    assert_eq!(s, 200, "{d}");
    let d = &d["data"];
    assert_eq!(
        [&d["annualTarget"], &d["version"], &d["targetStatus"], &d["revisionReason"]].map(text),
        ["11000", "2", "2", "订单下滑，年中调减"]
    );
    assert_eq!(d["versions"].as_array().unwrap().len(), 1);
    let kept: Value = serde_json::from_str(d["versions"][0]["content"].as_str().unwrap()).unwrap();
    assert_eq!(
        (text(&kept["annualTarget"]), text(&kept["targetStatus"]), d["versions"][0]["version"].as_i64()),
        ("10956.53".into(), "3".into(), Some(1))
    );
    // 东区 now holds 11,000 + 1,043.47 = 12,043.47: 43.47 over its target, shown as a negative 待落实.
    let b = list(&app, &z.admin, &format!("year=2025&deptId={}", z.east)).await;
    assert_eq!((text(&b["totals"]["annualTarget"]), text(&b["unassigned"])), ("12043.47".into(), "-43.47".into()));

    // The export is the screen: title, unit, the rows, the totals, the department target and what is left.
    let (s, disposition, bytes) = download(&app, Some(&z.admin), &format!("{API}/export?year=2025&deptId={}", z.east)).await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&bytes));
    assert!(disposition.contains("xlsx"), "{disposition}");
    let grid = keeper_excel::read::grid(&bytes).unwrap();
    assert_eq!((grid[0][0].as_str(), grid[1][0].as_str()), ("2025年度产值分解（东区）", "单位：万元"));
    assert_eq!(
        (grid[2][0].as_str(), grid[2][3].as_str(), grid[2][6].as_str(), grid[2][18].as_str()),
        ("企业名称", "年度目标产值", "1月", "状态")
    );
    let line =
        |name: &str| grid.iter().find(|l| l.first().is_some_and(|c| c == name)).unwrap_or_else(|| panic!("{name}: {grid:?}")).clone();
    assert_eq!(line("东一电子")[1..8], ["东一片", "200", "1043.47", "421.74", "按上年同期结构", "0", "1043.47"].map(String::from));
    assert_eq!(line("东区机械")[18], "已下达");
    assert_eq!(line("合计")[3], "12043.47");
    assert_eq!(line("部门目标")[3], "12000");
    assert_eq!(line("待落实(部门目标−企业目标合计)")[3], "-43.47");
}

#[actix_web::test]
async fn bad_input_names_its_field_and_is_never_a_server_error() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "分解错误输入园区").await;
    let other = zone(&app, "分解他区").await;
    let base = json!({ "targetYear": 2025, "enterpriseId": z.machinery, "annualTarget": "1000" });
    for (patch, field) in [
        (json!({ "targetYear": null }), "targetYear"),
        (json!({ "targetYear": 1990 }), "targetYear"),
        (json!({ "targetYear": "二〇二五" }), "targetYear"),
        (json!({ "enterpriseId": null }), "enterpriseId"),
        (json!({ "enterpriseId": other.machinery }), "enterpriseId"),
        (json!({ "annualTarget": "-5" }), "annualTarget"),
        (json!({ "annualTarget": "1.000001" }), "annualTarget"),
        (json!({ "splitMode": "7" }), "splitMode"),
        (json!({ "splitMode": "2" }), "splitMode"),
        (json!({ "splitMode": "3", "q1Share": "30", "h1Share": "20", "q3Share": "90" }), "h1Share"),
        (json!({ "splitMode": "4", "months": ["100", "100"] }), "months"),
        (json!({ "splitMode": "4", "months": vec!["10"; 12] }), "months"),
        (json!({ "splitMode": "4", "months": ["-1", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "1001"] }), "m1"),
    ] {
        let mut body = base.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (s, reply) = post(&app, &z.admin, "/submit", body.clone()).await;
        assert_eq!((s, field_of(&reply)), (400, Some(field)), "{body}: {reply}");
    }
    // A department without a target of its own, one of another tenant, and a bad id.
    for dept in [z.east.as_str(), other.east.as_str(), "abc"] {
        let (s, reply) = post(&app, &z.admin, "/generate", json!({ "targetYear": 2025, "deptId": dept })).await;
        assert_eq!((s, field_of(&reply)), (400, Some("deptId")), "{dept}: {reply}");
    }
    let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Get("/list?year=2025&deptId=x1".into())).await;
    assert_eq!((s, field_of(&reply)), (400, Some("deptId")), "{reply}");
    // A year out of range is refused by name, never a server error (the year before it is read too).
    for path in ["/list?year=-2147483648", "/export?year=1999", "/list?year=2100"] {
        let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Get(path.into())).await;
        assert_eq!((s, field_of(&reply)), (400, Some("year")), "{path}: {reply}");
    }
    let (s, reply) = post(&app, &z.admin, "/generate", json!({ "targetYear": -2147483648_i64, "deptId": z.east })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("targetYear")), "{reply}");
    // Nothing was written.
    assert_eq!(list(&app, &z.admin, "year=2025").await["records"].as_array().unwrap().len(), 0);
}

#[actix_web::test]
async fn each_endpoint_answers_by_the_callers_grants_and_targets_stay_in_their_tenant() {
    let app = TestApp::spawn().await;
    let mut zones: Vec<(Zone, String)> = Vec::new();
    for name in ["分解权限甲区", "分解权限乙区"] {
        let z = zone(&app, name).await;
        let (s, reply) =
            post(&app, &z.admin, "/submit", json!({ "targetYear": 2025, "enterpriseId": z.machinery, "annualTarget": "1200" })).await;
        assert_eq!(s, 200, "{reply}");
        let id = reply["data"]["id"].as_str().unwrap().to_string();
        let viewer = person(&app, &z.tenant, "breakdownviewer", &z.top, &["annual_output_breakdown", "annual_output_breakdown_view"]).await;
        let nobody = person(&app, &z.tenant, "breakdownnobody", &z.top, &["output_report"]).await;
        let calls = |id: &str| {
            vec![
                Call::Get("/list?year=2025".into()),
                Call::Get(format!("/detail?id={id}")),
                Call::Json("/submit", json!({ "id": id, "targetYear": 2025, "enterpriseId": z.machinery, "annualTarget": "1300" })),
                Call::Json("/generate", json!({ "targetYear": 2025, "deptId": z.west })),
                Call::Form("/release", vec![("ids", "0".to_string())]),
                Call::Form("/confirm", vec![("ids", "0".to_string())]),
                Call::Json("/revise", json!({ "id": "0", "reason": "x" })),
                Call::Form("/remove", vec![("ids", "0".to_string())]),
            ]
        };
        let names = ["list", "detail", "submit", "generate", "release", "confirm", "revise", "remove"];
        // The administrator passes every grant (the ids of "0" are then missing, the generate has no target);
        // a viewer reads only; without a grant everything is refused; without a session 401.
        for (token, tag, want) in [
            (Some(z.admin.as_str()), "管理员", [200, 200, 200, 400, 404, 404, 404, 404, 200]),
            (Some(viewer.as_str()), "查看", [200, 200, 403, 403, 403, 403, 403, 403, 403]),
            (Some(nobody.as_str()), "无权", [403, 403, 403, 403, 403, 403, 403, 403, 403]),
            (None, "匿名", [401, 401, 401, 401, 401, 401, 401, 401, 401]),
        ] {
            let mut got = matrix_at(&app, API, token, tag, &names, calls(&id)).await;
            got.push(download(&app, token, &format!("{API}/export?year=2025")).await.0);
            assert_eq!(got, want, "{name} {tag}");
        }
        zones.push((z, id));
    }
    // Another tenant's target answers like a missing one, and its enterprise is not one to target.
    let ((a, a_id), (b, _)) = (&zones[0], &zones[1]);
    let (s, _) = call_at(&app, API, Some(&b.admin), Call::Get(format!("/detail?id={a_id}"))).await;
    assert_eq!(s, 404);
    assert_eq!(ids_call(&app, &b.admin, "/release", &[a_id]).await.0, 404);
    for (z, _) in &zones {
        let all = list(&app, &z.admin, "year=2025").await;
        assert_eq!((all["records"].as_array().unwrap().len(), text(&all["totals"]["annualTarget"])), (1, "1300".into()));
    }
    let stranger = register(&app, &b.admin, enterprise("乙区新材", &b.east, "C30")).await;
    let (s, reply) = post(&app, &a.admin, "/submit", json!({ "targetYear": 2025, "enterpriseId": stranger, "annualTarget": "1" })).await;
    assert_eq!((s, field_of(&reply)), (400, Some("enterpriseId")), "{reply}");
}
