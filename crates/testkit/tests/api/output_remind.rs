//! 催报 (issue 17, domain-model §2.3.1): the enterprises that owe a month's report and have not filed it are
//! reminded — a notice to each park listing its missing enterprises (an area's enterprise under its park),
//! published so the park's people see it in the bell, and with `sms=Y` a text to each contact's mobile
//! through the tenant's SMS configuration; an enterprise that has filed is left alone, a landline is not
//! texted, the notices go out when the texts cannot, and only the 催报 button may do it.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::output_reports::{approved, filed, report, zone};
use crate::projects::person;
use crate::sms::{Provider, enabled_yunpian};
use crate::support::{Call, call_at, exec};

const CHASER: &[&str] = &["output_report", "output_report_view", "output_report_approve", "output_report_remind"];

async fn remind(app: &TestApp, token: &str, query: &str) -> (u16, Value) {
    call_at(app, "/api/outputValue", Some(token), Call::Form(&format!("/remind?{query}"), vec![])).await
}

/// The titles and contents of the notices in a person's bell.
async fn bell(app: &TestApp, token: &str) -> Vec<(String, String)> {
    let (s, d) = call_at(app, "/api/noticeManager", Some(token), Call::Get("/unread".into())).await;
    assert_eq!(s, 200, "{d}");
    let mut out = Vec::new();
    for n in d["data"]["list"].as_array().unwrap() {
        let (_, full) = call_at(app, "/api/noticeManager", Some(token), Call::Json("/detail", json!({ "id": n["id"] }))).await;
        out.push((n["title"].as_str().unwrap().to_string(), full["data"]["content"].as_str().unwrap_or_default().to_string()));
    }
    out
}

async fn mobile(app: &TestApp, enterprise: &str, phone: &str) {
    let id: i64 = enterprise.parse().unwrap();
    exec(app, "business", "UPDATE biz_enterprise SET contact_phone = ? WHERE id = ?", vec![phone.into(), id.into()]).await;
}

#[actix_web::test]
async fn the_missing_enterprises_of_a_month_are_reminded_by_a_notice_to_their_park_and_a_text() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "催报测试园区").await;
    let chaser = person(&app, &z.tenant, "chaser", &z.top, CHASER).await;
    let west_clerk = person(&app, &z.tenant, "west_clerk", &z.west, &[]).await;
    // March: 东区机械 approved; 东一电子 (an area of 东区) only a draft; 西区化工 nothing.
    approved(&app, &z, &report(&z.machinery, "2026-03", "1200")).await;
    filed(&app, &z.clerk, &report(&z.electronics, "2026-03", "300")).await;
    mobile(&app, &z.electronics, "13800000001").await;

    // Without texts: one notice per park.
    let (s, r) = remind(&app, &chaser, "period=2026-03").await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["data"], json!({ "enterprises": 2, "notices": 2, "texted": 0, "withoutPhone": 0, "smsError": null }));
    let title = "关于催报2026年3月产值数据的提醒".to_string();
    let east = bell(&app, &z.clerk).await;
    assert_eq!(east.len(), 1, "{east:?}");
    assert_eq!(east[0].0, title);
    assert!(east[0].1.contains("<li>东一电子</li>") && !east[0].1.contains("东区机械") && !east[0].1.contains("西区化工"), "{east:?}");
    assert!(east[0].1.contains("以下1家企业尚未报送2026年3月产值数据"), "{east:?}");
    let west = bell(&app, &west_clerk).await;
    assert_eq!(west.len(), 1);
    assert!(west[0].1.contains("<li>西区化工</li>") && !west[0].1.contains("东一电子"), "{west:?}");

    // With texts but no SMS configuration: the notices still go, the answer says why no text did.
    let (s, r) = remind(&app, &chaser, "period=2026-03&sms=Y").await;
    assert_eq!(s, 200, "{r}");
    assert_eq!((r["data"]["notices"].as_u64(), r["data"]["texted"].as_u64()), (Some(2), Some(0)));
    assert!(r["data"]["smsError"].as_str().unwrap().contains("未配置短信服务"), "{r}");

    // With a configuration: the mobile is texted the month and the deadline; the landline is not.
    let provider = Provider::start().await;
    enabled_yunpian(&app, &z.admin, "remind", &provider.base).await;
    let (s, r) = remind(&app, &chaser, "period=2026-03&sms=Y").await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(
        (r["data"]["texted"].as_u64(), r["data"]["withoutPhone"].as_u64(), r["data"]["smsError"].clone()),
        (Some(1), Some(1), Value::Null)
    );
    let taken = provider.taken.lock().unwrap().clone();
    assert_eq!(taken.len(), 1, "{taken:?}");
    assert_eq!(taken[0].0, "13800000001");
    assert_eq!(taken[0].1.get("period").map(String::as_str), Some("2026年3月"));
    assert!(taken[0].1.get("deadline").is_some_and(|d| d.starts_with("2026-04-")), "{taken:?}");

    // A filter narrows whom it reminds: the west park only.
    let (_, r) = remind(&app, &chaser, &format!("period=2026-03&deptId={}", z.west)).await;
    assert_eq!((r["data"]["enterprises"].as_u64(), r["data"]["notices"].as_u64()), (Some(1), Some(1)), "{r}");
}

#[actix_web::test]
async fn only_the_remind_button_reminds_and_a_month_that_takes_no_reports_is_refused() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "催报权限园区").await;
    // The filler and the reviewer without 催报 may not.
    for t in [&z.clerk, &z.checker] {
        assert_eq!(remind(&app, t, "period=2026-03").await.0, 403);
    }
    let chaser = person(&app, &z.tenant, "chaser", &z.top, CHASER).await;
    let (s, r) = remind(&app, &chaser, "period=2026-13").await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("period")), "{r}");
    let (s, r) = remind(&app, &chaser, "period=2026-03&sms=maybe").await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("sms")), "{r}");
    // A locked month is done with.
    let (s, r) = call_at(&app, "/api/outputValue", Some(&z.checker), Call::Json("/lock", json!({ "period": "2026-02" }))).await;
    assert_eq!(s, 200, "{r}");
    let (s, r) = remind(&app, &chaser, "period=2026-02").await;
    assert_eq!((s, r["data"]["field"].as_str()), (400, Some("period")), "{r}");
    let _ = (&z.admin, &z.east, &z.machinery);
}
