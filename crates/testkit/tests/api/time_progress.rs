//! 时序进度 as the tenant measures it (issue 16, domain-model §2.2.5a): N ÷ 12 by default, or the days of
//! the year elapsed when the zone sets the parameter `business.timeProgress` to `day` — for its own
//! screens only, the targets' completion view and the tracked projects' warning alike.
use keeper_testkit::TestApp;
use serde_json::json;

use crate::dept_targets::{fixed, investment, released, target};
use crate::projects::person;
use crate::support::{Call, call, call_at};

const SETTINGS: &[&str] = &["param", "param_view", "param_add", "param_edit"];

#[actix_web::test]
async fn a_zone_counting_days_sees_them_in_its_completion_and_tracked_lists_and_another_zone_keeps_months() {
    let app = TestApp::spawn().await;
    let by_days = fixed(&app, "按天时序园区").await;
    let by_months = fixed(&app, "按月时序园区").await;
    let settings = person(&app, &by_days.z.tenant, "settings", &by_days.z.top, SETTINGS).await;
    let (s, r) = call(
        &app,
        Some(&settings),
        Call::Json("/param/submit", json!({ "paramName": "时序进度口径", "paramKey": "business.timeProgress", "paramValue": "day" })),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    for f in [&by_days, &by_months] {
        let east = target(&app, &f.committee, investment(&f.z.east, "12000")).await;
        released(&app, &f.committee, &[&east]).await;
    }

    // 2026-03 by days: 31 + 28 + 31 = 90 of 365 days, 24.657… → 24.66 %. 东区's approved 1,200 of
    // 12,000 is 10.00 %: 14.66 points behind, where by months (25.00 %) it is 15.00.
    // (The tracked list writes decimals without trailing zeros.)
    for (f, progress, gap, tracked) in [(&by_days, "24.66", "-14.66", "24.66"), (&by_months, "25.00", "-15.00", "25")] {
        let (s, r) = call_at(&app, "/api", Some(&f.committee), Call::Get("/target/completion?period=2026-03&indicatorCode=4".into())).await;
        assert_eq!(s, 200, "{r}");
        let east = r["data"].as_array().unwrap().iter().find(|row| row["deptName"] == "东区").unwrap().clone();
        assert_eq!(
            (east["timeProgress"].as_str(), east["completion"].as_str(), east["scheduleGap"].as_str()),
            (Some(progress), Some("10.00"), Some(gap)),
            "{}",
            f.z.tenant
        );
        // The warning of a tracked project measures its lag against the same figure.
        let (s, r) = call_at(&app, "/api/project", Some(&f.z.admin), Call::Get("/tracked?period=2026-03".into())).await;
        assert_eq!(s, 200, "{r}");
        let rows = r["data"]["records"].as_array().unwrap();
        assert!(!rows.is_empty(), "{r}");
        assert!(rows.iter().all(|row| row["timeProgress"] == tracked), "{}: {r}", f.z.tenant);
    }
}
