//! 技术改造 (issue 15, domain-model §2.2.4): a 技改 project carries its renovation facts in its body and
//! both are written together or not at all; the screen lists the 技改 projects of the caller's scope with
//! the investment of the year, sums 技改投资 against industrial investment and equipment against the plan
//! (worked out by hand below), exports exactly the list, and answers by the caller's grants.
use chrono::Datelike;
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::project_reports::{Zone, filed, in_library, report, took, zone};
use crate::projects::{self, dept, person, project, with};
use crate::support::{Call, call_at};
use crate::users_excel::{download, rows_of};

const API: &str = "/api/techRenovation";

/// The reader of the 技术改造 screen.
const READER: &[&str] = &["technical_renovation", "technical_renovation_view", "technical_renovation_export"];

const EXPORT_HEADERS: [&str; 15] = [
    "项目编号",
    "项目名称",
    "项目单位",
    "属地园区",
    "改造类型",
    "备案代码",
    "计划总投资(万元)",
    "设备投资(万元)",
    "本年累计完成投资(万元)",
    "占年度计划(%)",
    "是否重点技改",
    "是否申报奖补",
    "奖补金额(万元)",
    "项目状态",
    "入库状态",
];

/// A 技改 project of territory `dept` planned at `total` 万元, under way since February 2026, with the
/// renovation facts `renovation`.
fn renovation_project(name: &str, dept: &str, total: &str, renovation: Value) -> Value {
    with(
        project(name, dept),
        json!({
            "projectType": "02", "constructionNature": "3", "projectSource": "2", "totalInvestment": total,
            "fixedAssetInvestment": "", "equipmentInvestment": "", "contractAmount": "", "signDate": "",
            "projectStatus": "50", "actualStartDate": "2026-02-01", "renovation": renovation
        }),
    )
}

async fn submit(app: &TestApp, token: &str, body: &Value) -> (u16, Value) {
    call_at(app, "/api/project", Some(token), Call::Json("/submit", body.clone())).await
}

async fn get(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Get(path.to_string())).await
}

/// `(name, renovation type, equipment, year to date, subsidy)` of the listed rows, by name.
async fn rows(app: &TestApp, token: &str, query: &str) -> Vec<(String, String, String, String, String)> {
    let (s, list) = get(app, token, &format!("/list?size=50&{query}")).await;
    assert_eq!(s, 200, "{query}: {list}");
    let mut out: Vec<_> = list["data"]["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (s("projectName"), s("renovationTypeName"), s("equipmentInvestment"), s("ytdInvestment"), s("subsidyAppliedName"))
        })
        .collect();
    out.sort();
    out
}

fn row(name: &str, kind: &str, equipment: &str, ytd: &str, subsidy: &str) -> (String, String, String, String, String) {
    (name.into(), kind.into(), equipment.into(), ytd.into(), subsidy.into())
}

/// The summary's figures `(count, total, equipment, equipment share, 技改 ytd, industrial ytd, share)`.
async fn summary(app: &TestApp, token: &str, query: &str) -> [Value; 7] {
    let (s, reply) = get(app, token, &format!("/summary?{query}")).await;
    assert_eq!(s, 200, "{query}: {reply}");
    let d = &reply["data"];
    [
        "projectCount",
        "totalInvestment",
        "equipmentInvestment",
        "equipmentShare",
        "ytdInvestment",
        "industrialYtdInvestment",
        "industrialShare",
    ]
    .map(|k| d[k].clone())
}

/// Files a report of `project` for `period` and has it approved (or only submitted).
async fn reported(app: &TestApp, z: &Zone, project: &str, period: &str, amount: &str, approve: bool) {
    let id = filed(app, &z.clerk, &report(project, period, amount)).await;
    took(app, &z.clerk, &[&id], "submit", "").await;
    if approve {
        took(app, &z.checker, &[&id], "approve", "").await;
    }
}

/// The zone of the worked example: three 技改 projects (two in the library with reports, one draft), an
/// industrial project and a commercial one, each with approved reports of 2026.
struct Example {
    z: Zone,
    bureau: String,
    a: String,
    e: String,
}

async fn example(app: &TestApp, name: &str) -> Example {
    let z = zone(app, name).await;
    let bureau = dept(app, &z.tenant, &z.top, "工信局", 3).await;
    // A: 智能化改造, 8,000 planned, 3,000 of equipment, subsidy applied (200), under the industry bureau,
    // building 2025–2026. Approved: March 1,200.5 + April 800 = 2,000.5; May's 300 only submitted.
    let a_body = with(
        renovation_project(
            "A智能化改造",
            &z.east,
            "8000",
            json!({
                "renovationType": "1", "filingCode": "2601-320100-07-02-000123", "filingDate": "2026-01-15",
                "equipmentInvestment": "3000", "newEquipmentCount": 48, "isKeyRenovation": "Y",
                "subsidyApplied": "Y", "subsidyAmount": "200", "expectedNewOutput": "12000", "expectedEnergySaving": "1520.75"
            }),
        ),
        json!({ "industryDeptId": bureau, "constructionStartYear": 2025, "constructionEndYear": 2026 }),
    );
    let a = in_library(app, &z, a_body).await;
    reported(app, &z, &a, "2026-03", "1200.5", true).await;
    reported(app, &z, &a, "2026-04", "800", true).await;
    reported(app, &z, &a, "2026-05", "300", false).await;
    // B: 绿色化改造, 2,000 planned, 1,500 of equipment, no subsidy, industry C26, building in 2026.
    // Approved: March 499.5.
    let b_body = with(
        renovation_project("B绿色化改造", &z.east, "2000", json!({ "renovationType": "3", "equipmentInvestment": "1500" })),
        json!({ "industryCode": "C26", "constructionStartYear": 2026, "constructionEndYear": 2026 }),
    );
    let b = in_library(app, &z, b_body).await;
    reported(app, &z, &b, "2026-03", "499.5", true).await;
    // E: a draft 设备更新 planned for 2027, 1,000 planned, 500 of equipment; no reports.
    let e_body = with(
        renovation_project("E设备更新", &z.east, "1000", json!({ "renovationType": "4", "equipmentInvestment": "500" })),
        json!({ "projectStatus": "10", "actualStartDate": "", "constructionStartYear": 2027, "constructionEndYear": 2027 }),
    );
    let e = projects::create(app, &z.clerk, &e_body).await;
    // C: an industrial project (C38, 工业项目) with 2,500 approved in March: industrial, not 技改.
    let started = json!({ "projectStatus": "50", "actualStartDate": "2026-02-01" });
    let c = in_library(app, &z, with(project("C工业项目", &z.east), started.clone())).await;
    reported(app, &z, &c, "2026-03", "2500", true).await;
    // D: a commercial project (F 批发和零售业) with 1,000 approved in March: neither.
    let d =
        in_library(app, &z, with(project("D商贸项目", &z.east), with(started, json!({ "projectType": "03", "industryCode": "F" })))).await;
    reported(app, &z, &d, "2026-03", "1000", true).await;
    Example { z, bureau, a, e }
}

#[actix_web::test]
async fn the_list_and_its_summary_add_up_the_years_approved_reports_as_worked_out_by_hand() {
    let app = TestApp::spawn().await;
    let x = example(&app, "技改园区").await;
    let reader = person(&app, &x.z.tenant, "reno", &x.z.top, READER).await;

    // Without a year: every 技改 project, drafts included, with the figures of this year — the reports
    // are of 2026, so from 2027 on this year has none.
    let in_2026 = |figure: &'static str| if keeper_common::time::today().year() == 2026 { figure } else { "0" };
    assert_eq!(
        rows(&app, &reader, "").await,
        [
            row("A智能化改造", "智能化改造", "3000", in_2026("2000.5"), "是"),
            row("B绿色化改造", "绿色化(节能降碳)改造", "1500", in_2026("499.5"), "否"),
            row("E设备更新", "设备更新", "500", "0", "否"),
        ]
    );
    // 2026: the projects building in 2026; the year's investment counts approved months only.
    assert_eq!(
        rows(&app, &reader, "year=2026").await,
        [
            row("A智能化改造", "智能化改造", "3000", "2000.5", "是"),
            row("B绿色化改造", "绿色化(节能降碳)改造", "1500", "499.5", "否"),
        ]
    );
    assert_eq!(rows(&app, &reader, "renovationType=1&year=2026").await, [row("A智能化改造", "智能化改造", "3000", "2000.5", "是")]);
    assert_eq!(rows(&app, &reader, "projectStatus=10").await.len(), 1);
    assert_eq!(rows(&app, &reader, "projectType=01").await.len(), 3, "the type is always 技改");
    assert_eq!(rows(&app, &reader, "year=2027").await, [row("E设备更新", "设备更新", "500", "0", "否")]);
    assert_eq!(rows(&app, &reader, "year=2025").await.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["A智能化改造"]);
    // 2025's figures: no approved report in 2025.
    assert_eq!(rows(&app, &reader, "year=2025").await[0].3, "0");

    // By hand, all years: equipment 3,000 + 1,500 + 500 = 5,000 of 8,000 + 2,000 + 1,000 = 11,000 planned
    // → 45.45 %; this year's 技改 of this year's industrial investment as below in 2026, none later.
    let this_year = if keeper_common::time::today().year() == 2026 {
        [json!("2500"), json!("5000"), json!("50")]
    } else {
        [json!("0"), json!("0"), Value::Null]
    };
    assert_eq!(summary(&app, &reader, "").await[..4], [json!(3), json!("11000"), json!("5000"), json!("45.45")]);
    assert_eq!(summary(&app, &reader, "").await[4..], this_year);
    // 2026 (A and B build in 2026, E in 2027): equipment 3,000 + 1,500 = 4,500 of 8,000 + 2,000 = 10,000
    // → 45 %; 技改 2,000.5 + 499.5 = 2,500 of industrial 2,500 + 2,500 (C) = 5,000 → 50 % (D is not industrial).
    assert_eq!(
        summary(&app, &reader, "year=2026").await,
        [json!(2), json!("10000"), json!("4500"), json!("45"), json!("2500"), json!("5000"), json!("50")]
    );
    // 智能化改造 only: 3,000 ÷ 8,000 = 37.5 %; 2,000.5 ÷ 5,000 = 40.01 %.
    assert_eq!(
        summary(&app, &reader, "renovationType=1&year=2026").await,
        [json!(1), json!("8000"), json!("3000"), json!("37.5"), json!("2000.5"), json!("5000"), json!("40.01")]
    );
    // 2027: the draft alone, and no investment yet: no share of nothing.
    assert_eq!(
        summary(&app, &reader, "year=2027").await,
        [json!(1), json!("1000"), json!("500"), json!("50"), json!("0"), json!("0"), Value::Null]
    );

    // The project's detail carries its facts, and its 其中设备投资 is the renovation's.
    let a = projects::detail(&app, &x.z.clerk, &x.a).await;
    assert_eq!(a["equipmentInvestment"], "3000");
    let r = &a["renovation"];
    assert_eq!(
        ["renovationType", "filingCode", "filingDate", "equipmentInvestment", "isKeyRenovation", "subsidyAmount", "expectedEnergySaving"]
            .map(|k| r[k].clone()),
        ["1", "2601-320100-07-02-000123", "2026-01-15", "3000", "Y", "200", "1520.75"].map(|v| json!(v))
    );
    assert_eq!(r["newEquipmentCount"], 48);
    assert!(projects::detail(&app, &x.z.clerk, &x.e).await.get("renovation").is_some());

    // A change of the draft that leaves out the facts keeps them; a partial object is laid over them.
    let (s, reply) = submit(&app, &x.z.clerk, &json!({ "id": x.e, "remark": "明年实施" })).await;
    assert_eq!(s, 200, "{reply}");
    let (s, reply) = submit(&app, &x.z.clerk, &json!({ "id": x.e, "renovation": { "subsidyApplied": "Y", "subsidyAmount": "50" } })).await;
    assert_eq!(s, 200, "{reply}");
    let e = projects::detail(&app, &x.z.clerk, &x.e).await;
    assert_eq!(
        ["renovationType", "equipmentInvestment", "subsidyApplied", "subsidyAmount"].map(|k| e["renovation"][k].clone()),
        ["4", "500", "Y", "50"].map(|v| json!(v))
    );

    // The export is the list: same filter, same figures, labels rather than codes.
    let (s, _, bytes) = download(&app, Some(&reader), &format!("{API}/export?renovationType=1&year=2026")).await;
    assert_eq!(s, 200);
    let sheet = rows_of(&bytes, &EXPORT_HEADERS);
    assert_eq!(sheet.len(), 1);
    let got: Vec<&str> = EXPORT_HEADERS[1..].iter().map(|h| sheet[0][*h].as_str()).collect();
    assert_eq!(
        got,
        [
            "A智能化改造",
            "新能源电机有限公司",
            "东区",
            "智能化改造",
            "2601-320100-07-02-000123",
            "8000",
            "3000",
            "2000.5",
            "",
            "是",
            "是",
            "200",
            "在建",
            "已通过"
        ]
    );
    let (s, _, bytes) = download(&app, Some(&reader), &format!("{API}/export")).await;
    assert_eq!(s, 200);
    let mut names: Vec<String> = rows_of(&bytes, &EXPORT_HEADERS).into_iter().map(|r| r["项目名称"].clone()).collect();
    names.sort();
    assert_eq!(names, ["A智能化改造", "B绿色化改造", "E设备更新"]);

    // 占年度计划: A's 2026 plan of 2,667 → 2,000.5 ÷ 2,667 = 75.0094 % → 75.01; B has no plan.
    let plan = json!({ "projectId": x.a, "planYear": 2026, "yearPlanInvestment": "2667", "yearMilestone": "产线安装调试" });
    let (s, reply) = call_at(&app, "/api/projectPlan", Some(&x.z.admin), Call::Json("/submit", plan)).await;
    assert_eq!(s, 200, "{reply}");
    let (_, list) = get(&app, &reader, "/list?year=2026").await;
    let rates: Vec<(&str, &Value)> =
        list["data"]["records"].as_array().unwrap().iter().map(|r| (r["projectName"].as_str().unwrap(), &r["yearPlanRate"])).collect();
    assert!(rates.contains(&("A智能化改造", &json!("75.01"))), "{rates:?}");
    assert!(rates.contains(&("B绿色化改造", &Value::Null)), "{rates:?}");
    let (_, _, bytes) = download(&app, Some(&reader), &format!("{API}/export?renovationType=1&year=2026")).await;
    assert_eq!(rows_of(&bytes, &EXPORT_HEADERS)[0]["占年度计划(%)"], "75.01");
}

#[actix_web::test]
async fn bad_renovation_facts_are_a_field_error_and_nothing_is_half_written() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "技改校验园区").await;
    let good = json!({ "renovationType": "1", "equipmentInvestment": "3000", "subsidyApplied": "Y", "subsidyAmount": "100" });
    let base = renovation_project("校验技改", &z.east, "8000", good.clone());
    let facts = |patch: Value| {
        let mut r = good.clone();
        r.as_object_mut().unwrap().extend(patch.as_object().unwrap().clone());
        with(base.clone(), json!({ "renovation": r }))
    };
    let mut without = base.clone();
    without.as_object_mut().unwrap().remove("renovation");
    let bad: Vec<(Value, &str)> = vec![
        (without, "renovation.renovationType"),
        (with(base.clone(), json!({ "renovation": null })), "renovation.renovationType"),
        (with(base.clone(), json!({ "renovation": "智能化" })), "renovation"),
        (facts(json!({ "renovationType": "" })), "renovation.renovationType"),
        (facts(json!({ "renovationType": "77" })), "renovation.renovationType"),
        (facts(json!({ "equipmentInvestment": "" })), "renovation.equipmentInvestment"),
        (facts(json!({ "equipmentInvestment": "8000.0001" })), "renovation.equipmentInvestment"),
        (facts(json!({ "equipmentInvestment": "lots" })), "renovation.equipmentInvestment"),
        (facts(json!({ "subsidyApplied": "N" })), "renovation.subsidyAmount"),
        (facts(json!({ "subsidyAmount": "-1" })), "renovation.subsidyAmount"),
        (facts(json!({ "filingCode": "2601/320100" })), "renovation.filingCode"),
        (facts(json!({ "filingDate": "2026-02-30" })), "renovation.filingDate"),
        (facts(json!({ "newEquipmentCount": -1 })), "renovation.newEquipmentCount"),
        (with(project("非技改", &z.east), json!({ "renovation": good.clone() })), "renovation"),
        // The project's own rules still come first.
        (with(base.clone(), json!({ "totalInvestment": "0" })), "totalInvestment"),
    ];
    for (body, field) in bad {
        let (s, reply) = submit(&app, &z.clerk, &body).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    assert_eq!(projects::get(&app, Some(&z.clerk), "/list").await.1["data"]["total"], 0, "nothing was written");

    // A change refused for its facts leaves the project as it was.
    let id = projects::create(&app, &z.clerk, &base).await;
    let (s, reply) = submit(&app, &z.clerk, &json!({ "id": id, "projectName": "改名", "renovation": { "subsidyApplied": "N" } })).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("renovation.subsidyAmount")), "{reply}");
    // A smaller plan than the stored equipment is refused on the equipment, even without the facts.
    let (s, reply) = submit(&app, &z.clerk, &json!({ "id": id, "projectName": "改名", "totalInvestment": "2999" })).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("renovation.equipmentInvestment")), "{reply}");
    let d = projects::detail(&app, &z.clerk, &id).await;
    assert_eq!((d["projectName"].as_str(), d["renovation"]["subsidyApplied"].as_str()), (Some("校验技改"), Some("Y")));

    let reader = person(&app, &z.tenant, "reno", &z.top, READER).await;
    for (path, field) in [
        ("/list?year=26x", "year"),
        ("/list?enterpriseId=abc", "enterpriseId"),
        ("/summary?year=2026-01", "year"),
        ("/list?ascs=password", "ascs"),
    ] {
        let (s, reply) = get(&app, &reader, path).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{path}: {reply}");
    }
}

#[actix_web::test]
async fn each_reader_sees_the_renovation_projects_of_their_jurisdiction_and_tenant_only() {
    let app = TestApp::spawn().await;
    let x = example(&app, "技改权限园区").await;
    let other = zone(&app, "另一园区").await;
    projects::create(
        &app,
        &other.clerk,
        &renovation_project("外区技改", &other.east, "900", json!({ "renovationType": "2", "equipmentInvestment": "100" })),
    )
    .await;

    let committee = person(&app, &x.z.tenant, "reno", &x.z.top, READER).await;
    let bureau = person(&app, &x.z.tenant, "bureau", &x.bureau, READER).await;
    let west = dept(&app, &x.z.tenant, &x.z.top, "西区", 2).await;
    let west = person(&app, &x.z.tenant, "west", &west, READER).await;
    let names = |v: Vec<(String, String, String, String, String)>| v.into_iter().map(|r| r.0).collect::<Vec<_>>();
    assert_eq!(names(rows(&app, &committee, "").await), ["A智能化改造", "B绿色化改造", "E设备更新"]);
    assert_eq!(names(rows(&app, &bureau, "").await), ["A智能化改造"], "the industry bureau: its own industry only");
    assert!(names(rows(&app, &west, "").await).is_empty());
    let theirs = person(&app, &other.tenant, "reno", &other.top, READER).await;
    assert_eq!(names(rows(&app, &theirs, "").await), ["外区技改"]);

    // The bureau's industrial investment is its own scope's: A alone, 2,000.5 of 2,000.5.
    assert_eq!(
        summary(&app, &bureau, "").await,
        [json!(1), json!("8000"), json!("3000"), json!("37.5"), json!("2000.5"), json!("2000.5"), json!("100")]
    );
    let (s, _, bytes) = download(&app, Some(&bureau), &format!("{API}/export")).await;
    assert_eq!(s, 200);
    assert_eq!(rows_of(&bytes, &EXPORT_HEADERS).into_iter().map(|r| r["项目名称"].clone()).collect::<Vec<_>>(), ["A智能化改造"]);

    // Grants: the list and summary need the screen's view button, the export its export button.
    let viewer = person(&app, &x.z.tenant, "viewer", &x.z.top, &["technical_renovation", "technical_renovation_view"]).await;
    let warehouse = person(&app, &x.z.tenant, "warehouse", &x.z.top, &["project_warehousing", "project_warehousing_view"]).await;
    for (token, path, status) in [
        (&viewer, "/list", 200),
        (&viewer, "/summary", 200),
        (&viewer, "/export", 403),
        (&warehouse, "/list", 403),
        (&warehouse, "/summary", 403),
        (&warehouse, "/export", 403),
    ] {
        assert_eq!(call_at(&app, API, Some(token), Call::Get(path.into())).await.0, status, "{path}");
    }
    assert_eq!(call_at(&app, API, None, Call::Get("/list".into())).await.0, 401);
}
