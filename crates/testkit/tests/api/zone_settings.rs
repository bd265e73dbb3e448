//! 园区设置 (issue 18): a zone's administrator sets the reporting deadline, the January rule, 时序进度 and
//! the public big screen of their own zone — each call behind its button, every bad value a 400 naming its
//! field that changes nothing, another zone untouched, the platform tenant (whose rows are every zone's
//! defaults) refused — and what they set takes effect at once: the completeness view's deadline, the
//! screen opened, narrowed and closed.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::data_analysis::open;
use crate::output_reports::zone;
use crate::projects::person;
use crate::support::{Call, call_at, platform_token};

const API: &str = "/api/zoneSetting";

async fn detail(app: &TestApp, token: Option<&str>) -> (u16, Value) {
    call_at(app, API, token, Call::Get("/detail".into())).await
}

async fn submit(app: &TestApp, token: Option<&str>, body: Value) -> (u16, Value) {
    call_at(app, API, token, Call::Json("/submit", body)).await
}

async fn settings(app: &TestApp, token: &str) -> Value {
    let (s, r) = detail(app, Some(token)).await;
    assert_eq!(s, 200, "{r}");
    r["data"].clone()
}

/// The settings without the zone's id and the widget catalogue: what an administrator chooses.
fn chosen(d: &Value) -> Value {
    json!({
        "outputDeadlineDay": d["outputDeadlineDay"],
        "januaryMerged": d["januaryMerged"],
        "timeProgress": d["timeProgress"],
        "screenWidgets": d["screenWidgets"],
        "screenClosedRate": d["screenClosedRate"],
    })
}

fn defaults() -> Value {
    json!({ "outputDeadlineDay": 5, "januaryMerged": false, "timeProgress": "month", "screenWidgets": [], "screenClosedRate": 80 })
}

async fn screen(app: &TestApp, tenant: &str) -> (u16, Value) {
    call_at(app, "/api/dataAnalysis", None, Call::Get(format!("/screen?tenant={tenant}"))).await
}

#[actix_web::test]
async fn an_administrator_sets_the_zones_settings_which_apply_at_once_to_that_zone_only() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "设置园区").await;
    let other = zone(&app, "设置另一园区").await;

    let d = settings(&app, &z.admin).await;
    assert_eq!(d["tenantId"], json!(z.tenant));
    assert_eq!(chosen(&d), defaults());
    assert_eq!(d["widgetKeys"].as_array().unwrap().len(), 11, "{d}");
    assert_eq!(screen(&app, &z.tenant).await.0, 404);

    // The deadline and January: the completeness view of February reads the 8th of March at once.
    let (s, r) = submit(&app, Some(&z.admin), json!({ "outputDeadlineDay": "8", "januaryMerged": true, "screenClosedRate": 90 })).await;
    assert_eq!(s, 200, "{r}");
    let want =
        json!({ "outputDeadlineDay": 8, "januaryMerged": true, "timeProgress": "month", "screenWidgets": [], "screenClosedRate": 90 });
    assert_eq!(chosen(&r["data"]), want);
    assert_eq!(chosen(&settings(&app, &z.admin).await), want);
    let (s, c) = call_at(&app, "/api/outputValue", Some(&z.checker), Call::Get("/completeness?period=2026-02".into())).await;
    assert_eq!((s, c["data"]["deadline"].as_str()), (200, Some("2026-03-08")), "{c}");

    // Only what is sent changes.
    let (s, r) = submit(&app, Some(&z.admin), json!({ "timeProgress": "day" })).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(
        chosen(&r["data"]),
        json!({ "outputDeadlineDay": 8, "januaryMerged": true, "timeProgress": "day", "screenWidgets": [], "screenClosedRate": 90 })
    );

    // The screen opens with the widgets chosen (in the screen's order), narrows and closes at once.
    let (s, r) = submit(&app, Some(&z.admin), json!({ "screenWidgets": ["issues", "kpi"] })).await;
    assert_eq!((s, &r["data"]["screenWidgets"]), (200, &json!(["kpi", "issues"])), "{r}");
    let (s, r) = screen(&app, &z.tenant).await;
    assert_eq!((s, &r["data"]["widgets"]), (200, &json!(["kpi", "issues"])), "{r}");
    open(&app, &z.admin, &["issues"]).await;
    let (s, r) = screen(&app, &z.tenant).await;
    assert_eq!((s, &r["data"]["widgets"]), (200, &json!(["issues"])), "{r}");
    assert!(r["data"].get("kpi").is_none(), "{r}");
    open(&app, &z.admin, &[]).await;
    assert_eq!(screen(&app, &z.tenant).await.0, 404);

    // The other zone kept the defaults, its screen closed.
    assert_eq!(chosen(&settings(&app, &other.admin).await), defaults());
    assert_eq!(screen(&app, &other.tenant).await.0, 404);
}

#[actix_web::test]
async fn each_call_needs_its_button_and_the_platform_tenant_has_no_zone_settings() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "设置权限园区").await;
    let viewer = person(&app, &z.tenant, "viewer", &z.top, &["zone_setting", "zone_setting_view"]).await;
    let change = json!({ "outputDeadlineDay": 9 });
    // (who, detail, submit)
    let cases: [(&str, Option<&str>, u16, u16); 4] = [
        ("administrator", Some(&z.admin), 200, 200),
        ("viewer", Some(&viewer), 200, 403),
        ("clerk", Some(&z.clerk), 403, 403),
        ("nobody", None, 401, 401),
    ];
    for (who, token, read, write) in cases {
        assert_eq!(detail(&app, token).await.0, read, "{who} reads");
        assert_eq!(submit(&app, token, change.clone()).await.0, write, "{who} writes");
    }
    assert_eq!(settings(&app, &z.admin).await["outputDeadlineDay"], 9);

    // The platform reads the defaults every zone starts from, and sets them in 参数管理, not here.
    let platform = platform_token(&app).await;
    assert_eq!(chosen(&settings(&app, &platform).await), defaults());
    let (s, r) = submit(&app, Some(&platform), json!({ "screenWidgets": ["kpi"] })).await;
    assert_eq!(s, 400, "{r}");
    assert!(r["msg"].as_str().unwrap().contains("参数管理"), "{r}");
    assert_eq!(chosen(&settings(&app, &platform).await), defaults());
    assert_eq!(screen(&app, &z.tenant).await.0, 404, "a platform default would have opened every zone's screen");
}

#[actix_web::test]
async fn a_bad_value_is_refused_naming_its_field_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "设置校验园区").await;
    let cases = [
        (json!({ "outputDeadlineDay": 0 }), "outputDeadlineDay"),
        (json!({ "outputDeadlineDay": 32 }), "outputDeadlineDay"),
        (json!({ "outputDeadlineDay": "五号" }), "outputDeadlineDay"),
        (json!({ "januaryMerged": "maybe" }), "januaryMerged"),
        (json!({ "timeProgress": "week" }), "timeProgress"),
        (json!({ "screenWidgets": ["kpi", "salaries"] }), "screenWidgets"),
        (json!({ "screenWidgets": "kpi" }), "screenWidgets"),
        (json!({ "screenClosedRate": 0 }), "screenClosedRate"),
        (json!({ "screenClosedRate": 100.5 }), "screenClosedRate"),
        // a good value beside a bad one is not kept either
        (json!({ "outputDeadlineDay": 7, "screenClosedRate": 101 }), "screenClosedRate"),
    ];
    for (body, field) in cases {
        let (s, r) = submit(&app, Some(&z.admin), body.clone()).await;
        assert_eq!((s, r["data"]["field"].as_str()), (400, Some(field)), "{body}: {r}");
    }
    assert_eq!(chosen(&settings(&app, &z.admin).await), defaults());
    assert_eq!(screen(&app, &z.tenant).await.0, 404);
}
