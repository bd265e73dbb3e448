//! Targets of an industry authority (行业主管部门, issue 16): a bureau answers for the projects of its
//! industry in every territory, so what the platform measures of it is their figures whatever the park —
//! shown on its own row, ranked among bureaus, and never added into the zone's subtotal or total, which
//! already hold those projects through their parks.
use std::collections::HashMap;

use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::dept_targets::{fixed, investment, released, target};
use crate::projects::{dept, person, with};
use crate::support::{Call, call_at, exec};

const BUREAU: &[&str] = &["target_task", "target_task_view", "target_task_confirm"];

async fn completion(app: &TestApp, token: &str) -> HashMap<String, Value> {
    let (s, r) = call_at(app, "/api", Some(token), Call::Get("/target/completion?period=2026-03&indicatorCode=2".into())).await;
    assert_eq!(s, 200, "{r}");
    r["data"].as_array().unwrap().iter().map(|row| (row["deptName"].as_str().unwrap().to_string(), row.clone())).collect()
}

/// `(annual, 1–N target, actual, completion, 1–N completion, gap, last year, yoy, rank, byIndustry)`.
fn figures(r: &Value) -> Value {
    json!(["annualTarget", "periodTarget", "actual", "completion", "periodCompletion", "scheduleGap", "lastYear", "yoy", "rank", "byIndustry"]
        .map(|k| r[k].clone()))
}

#[actix_web::test]
async fn an_industry_bureau_is_measured_by_its_industry_across_the_parks_and_counted_once_in_the_zone() {
    let app = TestApp::spawn().await;
    let f = fixed(&app, "行业目标园区").await;
    let bureau = dept(&app, &f.z.tenant, &f.z.top, "经发局", 3).await;
    // Both industrial projects are of the bureau's industry: 智能装备产业园 in 东区, 光伏组件扩产 in 西区.
    for project in [&f.smart, &f.solar] {
        let sql = "UPDATE biz_project SET industry_dept_id = ? WHERE id = ?";
        exec(&app, "business", sql, vec![bureau.parse::<i64>().unwrap().into(), project.parse::<i64>().unwrap().into()]).await;
    }
    let industrial = |dept: &str, annual: &str| with(investment(dept, annual), json!({ "indicatorCode": "2" }));
    let c = &f.committee;
    let ids = [
        target(&app, c, industrial(&f.z.top, "10000")).await,
        target(&app, c, industrial(&f.z.east, "4000")).await,
        target(&app, c, industrial(&bureau, "5000")).await,
    ];
    released(&app, c, &ids.iter().map(String::as_str).collect::<Vec<_>>()).await;

    // By hand at 2026-03 (25.00 % of the year), approved industrial investment only:
    // 经发局: 东区's 500 + 700 and 西区's 1,000 = 2,200 of 5,000 = 44.00 %, +19.00 pp; 1–3月 target
    //   3 × 416.66 (5,000 ÷ 12 cut to the cent, December takes the rest) = 1,249.98 → 176.0028… = 176.00 %;
    //   last year's 1–3月 400 (智能装备's March) → 450.00 %.
    // 东区 1,200 of 4,000 = 30.00 %, +5.00 pp, 1,200 ÷ (3 × 333.33 = 999.99) = 120.00 %; last year 400 → 200.00 %.
    // The zone holds the parks' 2,200 once — not 4,400 with the bureau's: 22.00 %, −3.00 pp,
    //   2,200 ÷ (3 × 833.33 = 2,499.99) = 88.00 %. Ranks: 东区 first of the parks with a rate, 经发局 first
    //   of the bureaus.
    let rows = completion(&app, c).await;
    let zone_name = rows.keys().find(|k| !["东区", "西区", "南区", "经发局", "合计"].contains(&k.as_str())).unwrap().clone();
    assert_eq!(figures(&rows["经发局"]), json!(["5000", "1249.98", "2200", "44.00", "176.00", "19.00", "400", "450.00", 1, true]));
    assert_eq!(figures(&rows["东区"]), json!(["4000", "999.99", "1200", "30.00", "120.00", "5.00", "400", "200.00", 1, false]));
    assert_eq!(figures(&rows[&zone_name]), json!(["10000", "2499.99", "2200", "22.00", "88.00", "-3.00", "400", "450.00", 1, false]));
    assert_eq!(figures(&rows["合计"]).as_array().unwrap()[..3], figures(&rows[&zone_name]).as_array().unwrap()[..3]);

    // The bureau sees its own row, and its total is its own.
    let bureau_person = person(&app, &f.z.tenant, "bureau", &bureau, BUREAU).await;
    let mine = completion(&app, &bureau_person).await;
    let mut names: Vec<&String> = mine.keys().collect();
    names.sort();
    assert_eq!(names, ["合计", "经发局"]);
    assert_eq!(figures(&mine["合计"]).as_array().unwrap()[..3], figures(&mine["经发局"]).as_array().unwrap()[..3]);
}
