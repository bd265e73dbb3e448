//! Monthly output reports of enterprises (issue 17, domain-model §2.3.1): a park files an enterprise's
//! month, a reviewer approves it, and 1–N月累计, 上年同期 and 同比 come out of the approved months to the
//! ten-thousandth of a 万元; a decline needs its reason; the completeness view counts 应报 / 已报 / 未报 per
//! department; a locked month takes no change; every endpoint answers by the caller's grants and stays in
//! the caller's tenant and the power type of their department.
use chrono::Datelike;
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::projects::{dept, person, with};
use crate::support::{Call, call, call_at, matrix_at, output_year_sums, platform_token};
use crate::users_excel::{download, rows_of};

const API: &str = "/api/outputValue";

const FILLER: &[&str] = &[
    "output_report",
    "output_report_view",
    "output_report_add",
    "output_report_edit",
    "output_report_delete",
    "output_report_submit",
    "output_report_export",
];
const CHECKER: &[&str] = &["output_report", "output_report_view", "output_report_approve", "output_report_return", "output_report_export"];

/// A valid unified social credit code, fresh per call.
fn new_code() -> String {
    const ALPHABET: &str = "0123456789ABCDEFGHJKLMNPQRTUWXY";
    const WEIGHTS: [usize; 17] = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    let first17 = format!("91320100{:09}", keeper_common::id::next_id() % 1_000_000_000);
    let sum: usize = first17.chars().zip(WEIGHTS).map(|(c, w)| ALPHABET.find(c).unwrap() * w).sum();
    format!("{first17}{}", ALPHABET.chars().nth((31 - sum % 31) % 31).unwrap())
}

/// A 规上 industrial enterprise of territory `dept` (a monthly reporter), in production.
pub(crate) fn enterprise(name: &str, dept: &str, industry: &str) -> Value {
    json!({
        "enterpriseName": name, "creditCode": new_code(), "companyType": "173", "industryCode": industry,
        "deptId": dept, "statCategory": "1", "aboveScalePeriod": "2023-01", "contactName": "王工",
        "contactPhone": "0512-66668888", "operatingStatus": "1"
    })
}

pub(crate) async fn register(app: &TestApp, admin: &str, body: Value) -> String {
    let (s, reply) = call_at(app, "/api/enterprise", Some(admin), Call::Json("/submit", body.clone())).await;
    assert_eq!(s, 200, "{body}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

/// The credit code of one of the zone's reporting enterprises, as 产值填报 lists it.
pub(crate) async fn credit_code(app: &TestApp, z: &Zone, name: &str) -> String {
    let list = get(app, &z.admin, "/list?period=2025-01&size=100").await;
    row(&list, name)["creditCode"].as_str().unwrap().to_string()
}

pub(crate) fn report(enterprise: &str, period: &str, output: &str) -> Value {
    json!({ "enterpriseId": enterprise, "period": period, "monthOutput": output })
}

pub(crate) async fn file(app: &TestApp, token: &str, body: &Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/submit", body.clone())).await
}

pub(crate) async fn filed(app: &TestApp, token: &str, body: &Value) -> String {
    let (s, reply) = file(app, token, body).await;
    assert_eq!(s, 200, "{body}: {reply}");
    reply["data"]["id"].as_str().unwrap().to_string()
}

pub(crate) async fn step(app: &TestApp, token: &str, ids: &[&str], step: &str, opinion: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/review", json!({ "ids": ids, "step": step, "opinion": opinion }))).await
}

pub(crate) async fn took(app: &TestApp, token: &str, ids: &[&str], s: &str, opinion: &str) {
    let (code, reply) = step(app, token, ids, s, opinion).await;
    assert_eq!(code, 200, "{s} {ids:?}: {reply}");
}

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    let (s, d) = call_at(app, API, Some(token), Call::Get(path.to_string())).await;
    assert_eq!(s, 200, "{path}: {d}");
    d["data"].clone()
}

/// Files, submits and approves a month; answers the report's id.
pub(crate) async fn approved(app: &TestApp, z: &Zone, body: &Value) -> String {
    let id = filed(app, &z.clerk, body).await;
    took(app, &z.clerk, &[&id], "submit", "").await;
    took(app, &z.checker, &[&id], "approve", "").await;
    id
}

/// 1 管委会 ─┬─ 东区 (属地) ── 东一片 (属地)
///          ├─ 西区 (属地)
///          ├─ 工信局 (行业主管)
///          └─ 供电公司 (协办)
/// Enterprises: 东区机械 (东区, C34, 工信局), 东一电子 (东一片, C39), 西区化工 (西区, C26, 工信局) owe reports;
/// 东区商贸 (东区, 非四上) and 西区纺织 (西区, 已迁出) do not.
pub(crate) struct Zone {
    pub(crate) tenant: String,
    pub(crate) admin: String,
    pub(crate) top: String,
    pub(crate) east: String,
    pub(crate) east_one: String,
    pub(crate) west: String,
    pub(crate) bureau: String,
    pub(crate) helper: String,
    pub(crate) clerk: String,
    pub(crate) checker: String,
    pub(crate) machinery: String,
    pub(crate) electronics: String,
    pub(crate) chemicals: String,
    pub(crate) trading: String,
}

pub(crate) async fn zone(app: &TestApp, name: &str) -> Zone {
    let platform = platform_token(app).await;
    let tenant = app.create_tenant(&platform, name, "Zone#1").await;
    let login = app.login(&tenant, "admin", "Zone#1").await;
    let (admin, top) = (login["access_token"].as_str().unwrap().to_string(), login["dept_id"].as_str().unwrap().to_string());
    let east = dept(app, &tenant, &top, "东区", 2).await;
    let east_one = dept(app, &tenant, &east, "东一片", 2).await;
    let west = dept(app, &tenant, &top, "西区", 2).await;
    let bureau = dept(app, &tenant, &top, "工信局", 3).await;
    let helper = dept(app, &tenant, &top, "供电公司", 4).await;
    let clerk = person(app, &tenant, "clerk", &east, FILLER).await;
    let checker = person(app, &tenant, "checker", &top, CHECKER).await;
    let machinery = register(app, &admin, with(enterprise("东区机械", &east, "C34"), json!({ "industryDeptId": bureau }))).await;
    let electronics = register(app, &admin, enterprise("东一电子", &east_one, "C39")).await;
    let chemicals = register(app, &admin, with(enterprise("西区化工", &west, "C26"), json!({ "industryDeptId": bureau }))).await;
    let trading =
        register(app, &admin, with(enterprise("东区商贸", &east, "C34"), json!({ "statCategory": "7", "aboveScalePeriod": "" }))).await;
    register(app, &admin, with(enterprise("西区纺织", &west, "C17"), json!({ "operatingStatus": "5" }))).await;
    Zone { tenant, admin, top, east, east_one, west, bureau, helper, clerk, checker, machinery, electronics, chemicals, trading }
}

fn row<'a>(list: &'a Value, enterprise: &str) -> &'a Value {
    list["records"].as_array().unwrap().iter().find(|r| r["enterpriseName"] == enterprise).unwrap_or_else(|| panic!("{enterprise}: {list}"))
}

fn enterprise_names(list: &Value) -> Vec<String> {
    let mut out: Vec<String> =
        list["records"].as_array().unwrap().iter().map(|r| r["enterpriseName"].as_str().unwrap().to_string()).collect();
    out.sort();
    out
}

#[actix_web::test]
async fn the_year_to_date_and_year_on_year_come_from_approved_months_and_a_decline_needs_its_reason() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "产值测试园区").await;
    // 东区机械 last year: Jan 800, Feb 900, Mar 1,300 approved → 1–3月 3,000, March 1,300.
    for (p, v) in [("2025-01", "800"), ("2025-02", "900"), ("2025-03", "1300")] {
        approved(&app, &z, &report(&z.machinery, p, v)).await;
    }
    // This year: Jan 1,000 and Feb 1,100.5 approved; March files 1,200.
    approved(&app, &z, &report(&z.machinery, "2026-01", "1000")).await;
    let feb = approved(&app, &z, &report(&z.machinery, "2026-02", "1100.5")).await;
    let mar =
        filed(&app, &z.clerk, &with(report(&z.machinery, "2026-03", "1200"), json!({ "monthProfit": "-20.5", "problems": "订单不足" })))
            .await;
    // By hand: 1–3月 1,000 + 1,100.5 + 1,200 = 3,300.5 (the draft shows the figure it makes when approved);
    // YoY (3,300.5 − 3,000) ÷ 3,000 = 10.0166… → 10.02 %; March alone (1,200 − 1,300) ÷ 1,300 → −7.69 %.
    let d = get(&app, &z.clerk, &format!("/detail?id={mar}")).await;
    assert_eq!(
        (
            d["ytdOutput"].as_str(),
            d["lastYearYtdOutput"].as_str(),
            d["lastYearMonthOutput"].as_str(),
            d["yoy"].as_str(),
            d["monthYoy"].as_str()
        ),
        (Some("3300.5"), Some("3000"), Some("1300"), Some("10.02"), Some("-7.69")),
        "{d}"
    );
    assert_eq!(
        (d["ytdBefore"].as_str(), d["lastYearFromReports"].as_bool(), d["monthProfit"].as_str()),
        (Some("2100.5"), Some(true), Some("-20.5"))
    );
    assert_eq!(
        (d["reportStatus"].as_str(), d["reportStatusName"].as_str(), d["deptName"].as_str()),
        (Some("0"), Some("草稿"), Some("东区"))
    );
    assert_eq!(d["nextSteps"], json!(["submit"]));

    // February un-approved with a reason stops counting: March's 1–3月 is 1,000 + 1,200 = 2,200, a YoY of
    // (2,200 − 3,000) ÷ 3,000 = −26.67 %; approved again, it counts again.
    let (s, reply) = step(&app, &z.checker, &[&feb], "unapprove", " ").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("opinion")), "{reply}");
    took(&app, &z.checker, &[&feb], "unapprove", "企业更正2月产值").await;
    let d = get(&app, &z.clerk, &format!("/detail?id={mar}")).await;
    assert_eq!((d["ytdOutput"].as_str(), d["yoy"].as_str()), (Some("2200"), Some("-26.67")));
    // The statistics' year sums follow each step: this year's row of 东区机械 lost February.
    let (kept, fresh) = output_year_sums(&app).await;
    assert_eq!(kept, fresh);
    let machinery = format!(" 2026 {} ", z.machinery);
    let this_year: Vec<&String> = kept.iter().filter(|r| r.contains(&machinery)).collect();
    assert_eq!(this_year.len(), 1, "{kept:?}");
    assert!(this_year[0].ends_with(" 1000 - - - - - - - - - - -"), "{kept:?}");
    // Submitting now needs the decline's reason, on its field; with it, it goes.
    let (s, reply) = step(&app, &z.clerk, &[&mar], "submit", "").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("declineReason")), "{reply}");
    took(&app, &z.checker, &[&feb], "approve", "").await;
    took(&app, &z.clerk, &[&mar], "submit", "").await;
    let (kept, fresh) = output_year_sums(&app).await;
    assert_eq!(kept, fresh);
    assert!(kept.iter().any(|r| r.contains(&machinery) && r.ends_with(" 1000 1100.5 - - - - - - - - - -")), "{kept:?}");

    // 西区化工 joined this year: last year's 1–3月 is typed (1,000), and 400 is a 60 % fall.
    let typed = with(report(&z.chemicals, "2026-03", "400"), json!({ "lastYearYtdOutput": "1000", "lastYearMonthOutput": "350" }));
    let (s, reply) = file(&app, &z.clerk_of_west(&app).await, &typed).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("declineReason")), "{reply}");
    let chem = filed(&app, &z.admin, &with(typed, json!({ "declineReason": "主要客户停产检修" }))).await;
    let d = get(&app, &z.admin, &format!("/detail?id={chem}")).await;
    assert_eq!(
        (
            d["ytdOutput"].as_str(),
            d["lastYearYtdOutput"].as_str(),
            d["yoy"].as_str(),
            d["monthYoy"].as_str(),
            d["lastYearFromReports"].as_bool()
        ),
        (Some("400"), Some("1000"), Some("-60.00"), Some("14.29"), Some(false))
    );
    took(&app, &z.admin, &[&chem], "submit", "").await;

    // The month's list (the committee's view): every enterprise that owes March, 未填 included.
    let list = get(&app, &z.checker, "/list?period=2026-03&size=50").await;
    assert_eq!(enterprise_names(&list), ["东一电子", "东区机械", "西区化工"], "not 东区商贸 (非四上) nor 西区纺织 (已迁出)");
    let m = row(&list, "东区机械");
    assert_eq!((m["ytdOutput"].as_str(), m["yoy"].as_str(), m["reportStatus"].as_str()), (Some("3300.5"), Some("10.02"), Some("1")));
    let missing = row(&list, "东一电子");
    assert_eq!(
        (missing["id"].as_str(), missing["reportStatusName"].as_str(), missing["ytdOutput"].clone()),
        (Some(""), Some("未填"), Value::Null)
    );
    for (q, want) in [
        ("reportStatus=none", vec!["东一电子"]),
        ("reportStatus=1", vec!["东区机械", "西区化工"]),
        ("decline=Y", vec!["西区化工"]),
        ("industryCode=C3", vec!["东一电子", "东区机械"]),
        (&format!("deptId={}", z.east), vec!["东一电子", "东区机械"]),
        ("aboveScale=N", vec![]),
        ("enterpriseName=化工", vec!["西区化工"]),
    ] {
        let l = get(&app, &z.checker, &format!("/list?period=2026-03&{q}")).await;
        assert_eq!(enterprise_names(&l), want, "{q}");
    }

    // Completeness of March: 应报 3 (东区 1, 东一片 1, 西区 1), 已报 2 (both submitted), 未报 1 (东一电子).
    let c = get(&app, &z.checker, "/completeness?period=2026-03").await;
    assert_eq!(
        (c["total"]["expected"].as_u64(), c["total"]["reported"].as_u64(), c["total"]["missing"].as_u64()),
        (Some(3), Some(2), Some(1)),
        "{c}"
    );
    let by: Vec<(String, u64, u64, u64)> = c["depts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["deptName"].as_str().unwrap().into(),
                d["expected"].as_u64().unwrap(),
                d["reported"].as_u64().unwrap(),
                d["missing"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(by, [("东一片".into(), 1, 0, 1), ("东区".into(), 1, 1, 0), ("西区".into(), 1, 1, 0)]);
    assert_eq!((c["deadline"].as_str(), c["locked"].as_bool()), (Some("2026-04-05"), Some(false)));
    // Submitted long after 5 April: late, and counted so.
    assert_eq!((c["total"]["late"].as_u64(), m["isLate"].as_str()), (Some(2), Some("Y")));

    // Approving both at once (batch), then the export is the list.
    took(&app, &z.checker, &[&mar, &chem], "approve", "同意").await;
    let c = get(&app, &z.checker, "/completeness?period=2026-03").await;
    assert_eq!(c["total"]["approved"], 2);
    let (s, _, bytes) = download(&app, Some(&z.checker), &format!("{API}/export?period=2026-03")).await;
    assert_eq!(s, 200);
    let rows = rows_of(&bytes, &EXPORT_HEADERS);
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            ["企业名称", "属地", "本月产值(万元)", "1–N月累计(万元)", "上年同期累计(万元)", "同比(%)", "状态"]
                .iter()
                .map(|h| r[*h].clone())
                .collect()
        })
        .collect();
    assert_eq!(
        cells,
        [
            vec!["东一电子", "东一片", "", "", "", "", "未填"],
            vec!["东区机械", "东区", "1200", "3300.5", "3000", "10.02", "已通过"],
            vec!["西区化工", "西区", "400", "400", "1000", "-60", "已通过"],
        ]
        .map(|r| r.into_iter().map(String::from).collect::<Vec<_>>())
    );

    // The year's export: each month of 2026 up to the month being reported, as the list shows it for the
    // same filters, one month after another: 东区机械's January to March approved, the later months 未填.
    let (s, disposition, bytes) = download(&app, Some(&z.checker), &format!("{API}/export-year?year=2026&enterpriseName=机械")).await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(disposition, keeper_excel::http::content_disposition("产值填报_2026年.xlsx"));
    let today = keeper_common::time::today();
    let through = if today.year() == 2026 { today.month() - 1 } else { 12 };
    let months: Vec<Vec<String>> = rows_of(&bytes, &EXPORT_HEADERS)
        .iter()
        .map(|r| ["月份", "企业名称", "本月产值(万元)", "1–N月累计(万元)", "状态"].iter().map(|h| r[*h].clone()).collect())
        .collect();
    let want: Vec<Vec<String>> = (1..=through)
        .map(|m| {
            let (v, ytd, st) = match m {
                1 => ("1000", "1000", "已通过"),
                2 => ("1100.5", "2100.5", "已通过"),
                3 => ("1200", "3300.5", "已通过"),
                _ => ("", "", "未填"),
            };
            [format!("2026-{m:02}"), "东区机械".into(), v.into(), ytd.into(), st.into()].to_vec()
        })
        .collect();
    assert_eq!(months, want);
    // A year with no month to report yet, or not a year, is the caller's mistake, on `year`.
    for q in [format!("year={}", today.year() + 1), "year=20x6".into(), "year=1999".into()] {
        let (s, _, bytes) = download(&app, Some(&z.checker), &format!("{API}/export-year?{q}")).await;
        let reply: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("year")), "{q}: {reply}");
    }
}

impl Zone {
    /// A clerk of 西区 (the east clerk cannot file for the west's enterprises).
    async fn clerk_of_west(&self, app: &TestApp) -> String {
        person(app, &self.tenant, "westclerk", &self.west, FILLER).await
    }
}

#[actix_web::test]
async fn a_returned_report_needs_an_opinion_goes_back_to_its_filler_and_is_approved_once_fixed() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "产值审核园区").await;
    let id = filed(&app, &z.clerk, &report(&z.machinery, "2026-03", "500")).await;
    took(&app, &z.clerk, &[&id], "submit", "").await;
    // Nobody edits a submitted report; a filler does not approve; a return needs an opinion.
    let (s, reply) = file(&app, &z.clerk, &json!({ "id": id, "monthOutput": "600" })).await;
    assert_eq!((s, reply["msg"].as_str()), (400, Some("产值填报已提交审核或已通过，不能修改")), "{reply}");
    assert_eq!(step(&app, &z.clerk, &[&id], "approve", "").await.0, 403);
    let (s, reply) = step(&app, &z.checker, &[&id], "return", "").await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("opinion")), "{reply}");
    took(&app, &z.checker, &[&id], "return", "本月产值与电量不符，请核实").await;
    let d = get(&app, &z.clerk, &format!("/detail?id={id}")).await;
    assert_eq!(
        (d["reportStatus"].as_str(), d["reviewOpinion"].as_str(), d["nextSteps"].clone()),
        (Some("3"), Some("本月产值与电量不符，请核实"), json!(["resubmit"]))
    );
    assert_eq!(filed(&app, &z.clerk, &json!({ "id": id, "monthOutput": "520", "electricity": "12.5" })).await, id);
    took(&app, &z.clerk, &[&id], "resubmit", "").await;
    took(&app, &z.checker, &[&id], "approve", "").await;
    let d = get(&app, &z.clerk, &format!("/detail?id={id}")).await;
    assert_eq!(
        (d["monthOutput"].as_str(), d["electricity"].as_str(), d["reportStatusName"].as_str(), d["auditUserName"].as_str()),
        (Some("520"), Some("12.5"), Some("已通过"), Some("checker"))
    );
    let log = get(&app, &z.clerk, &format!("/review-log?id={id}")).await;
    let steps: Vec<&str> = log.as_array().unwrap().iter().map(|e| e["step"].as_str().unwrap()).collect();
    assert_eq!(steps, ["submit", "return", "resubmit", "approve"]);
    assert_eq!(log[1]["opinion"], "本月产值与电量不符，请核实");
    // An approved report is neither removed nor changed; a draft is withdrawn, removed, and frees its month.
    let (s, reply) = call_at(&app, API, Some(&z.clerk), Call::Form("/remove", vec![("ids", id.clone())])).await;
    assert_eq!((s, reply["msg"].as_str()), (400, Some("2026年3月的产值填报已提交审核或已通过，不能删除")), "{reply}");
    let apr = filed(&app, &z.clerk, &report(&z.machinery, "2026-04", "10")).await;
    took(&app, &z.clerk, &[&apr], "submit", "").await;
    took(&app, &z.clerk, &[&apr], "withdraw", "").await;
    assert_eq!(call_at(&app, API, Some(&z.clerk), Call::Form("/remove", vec![("ids", apr.clone())])).await.0, 200);
    filed(&app, &z.clerk, &report(&z.machinery, "2026-04", "11")).await;
}

/// Figures no binary fraction holds exactly are stored and read back as typed: editing another field of
/// the report does not trip over a stored figure's last decimal.
#[actix_web::test]
async fn a_draft_with_four_decimal_figures_is_edited_without_touching_them() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "产值小数园区").await;
    let body = with(
        report(&z.machinery, "2026-03", "1234.5678"),
        json!({ "lastYearMonthOutput": "1111.1111", "lastYearYtdOutput": "1000.0001", "monthRevenue": "987.6543",
                "monthTax": "0.1", "electricity": "12.34", "nextMonthForecast": "1300.0001" }),
    );
    let id = filed(&app, &z.clerk, &body).await;
    assert_eq!(filed(&app, &z.clerk, &json!({ "id": id, "remark": "补充说明" })).await, id);
    let d = get(&app, &z.clerk, &format!("/detail?id={id}")).await;
    assert_eq!(
        (d["monthOutput"].as_str(), d["monthRevenue"].as_str(), d["monthTax"].as_str(), d["electricity"].as_str(), d["remark"].as_str()),
        (Some("1234.5678"), Some("987.6543"), Some("0.1"), Some("12.34"), Some("补充说明"))
    );
}

#[actix_web::test]
async fn bad_input_is_a_field_error_never_a_server_error_and_a_locked_month_takes_no_change() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "产值校验园区").await;
    let today = chrono::Utc::now().with_timezone(&keeper_common::time::zone()).date_naive();
    let next_month = today.checked_add_months(chrono::Months::new(1)).unwrap().format("%Y-%m").to_string();
    let taken = filed(&app, &z.clerk, &report(&z.machinery, "2026-05", "300")).await;
    let base = report(&z.machinery, "2026-06", "300");
    for (body, field) in [
        (report(&z.machinery, "2026-05", "1"), "period"),
        (with(base.clone(), json!({ "period": "2026-13" })), "period"),
        (with(base.clone(), json!({ "period": "2026-0" })), "period"),
        (with(base.clone(), json!({ "period": next_month })), "period"),
        (with(base.clone(), json!({ "monthOutput": "-5" })), "monthOutput"),
        (with(base.clone(), json!({ "monthOutput": "12.34567" })), "monthOutput"),
        (with(base.clone(), json!({ "monthOutput": [1] })), "monthOutput"),
        (with(base.clone(), json!({ "monthOutput": null })), "monthOutput"),
        (with(base.clone(), json!({ "monthTax": "-1" })), "monthTax"),
        (with(base.clone(), json!({ "employeeCount": -1 })), "employeeCount"),
        (with(base.clone(), json!({ "enterpriseId": "12x" })), "enterpriseId"),
        (with(base.clone(), json!({ "enterpriseId": keeper_common::id::next_id().to_string() })), "enterpriseId"),
        (with(base.clone(), json!({ "enterpriseId": z.chemicals })), "enterpriseId"),
    ] {
        let (s, reply) = file(&app, &z.clerk, &body).await;
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some(field)), "{body}: {reply}");
    }
    for q in ["period=2026-13", "period=26-03", "reportStatus=9", "aboveScale=X", "deptId=abc"] {
        let (s, reply) = call_at(&app, API, Some(&z.clerk), Call::Get(format!("/list?{q}"))).await;
        assert_eq!(s, 400, "{q}: {reply}");
    }
    let (s, reply) = file(&app, &z.clerk, &json!({ "id": taken, "period": "2026-07" })).await;
    assert_eq!(s, 200, "a draft may move to a free month: {reply}");

    // The committee locks June: nothing of June is filed, changed, removed or reviewed until it is
    // unlocked with a reason; a park may not lock.
    let june = filed(&app, &z.clerk, &base).await;
    let lock = |token: String, body: Value| {
        let app = &app;
        async move { call_at(app, API, Some(&token), Call::Json("/lock", body)).await }
    };
    let park_reviewer = person(&app, &z.tenant, "parkchecker", &z.east, CHECKER).await;
    assert_eq!(lock(park_reviewer, json!({ "period": "2026-06" })).await.0, 403);
    assert_eq!(lock(z.clerk.clone(), json!({ "period": "2026-06" })).await.0, 403, "not the reviewer's grant");
    let (s, reply) = lock(z.checker.clone(), json!({ "period": "2026-06" })).await;
    assert_eq!(s, 200, "{reply}");
    assert_eq!(lock(z.checker.clone(), json!({ "period": "2026-06" })).await.0, 400, "already locked");
    for (s, reply) in [
        file(&app, &z.clerk, &report(&z.electronics, "2026-06", "1")).await,
        file(&app, &z.clerk, &json!({ "id": june, "monthOutput": "2" })).await,
        step(&app, &z.clerk, &[&june], "submit", "").await,
        call_at(&app, API, Some(&z.clerk), Call::Form("/remove", vec![("ids", june.clone())])).await,
    ] {
        assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("period")), "{reply}");
        assert_eq!(reply["data"]["reason"], "2026年6月已锁定，不能修改产值填报");
    }
    assert_eq!(get(&app, &z.checker, "/completeness?period=2026-06").await["locked"], true);
    let unlock = |body: Value| call_at(&app, API, Some(&z.checker), Call::Json("/unlock", body));
    let (s, reply) = unlock(json!({ "period": "2026-06", "reason": " " })).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("reason")), "{reply}");
    assert_eq!(unlock(json!({ "period": "2026-06", "reason": "企业补报" })).await.0, 200);
    took(&app, &z.clerk, &[&june], "submit", "").await;

    // The deadline is the tenant's parameter: with the 28th, a report of this month filed today is on time.
    let settings = person(&app, &z.tenant, "settings", &z.top, &["param", "param_view", "param_add", "param_edit"]).await;
    let (s, r) = call(
        &app,
        Some(&settings),
        Call::Json("/param/submit", json!({ "paramName": "产值填报截止日", "paramKey": "business.outputDeadlineDay", "paramValue": "28" })),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    // The business service keeps a tenant's reference (parameters included) for 5 s.
    tokio::time::sleep(std::time::Duration::from_millis(5500)).await;
    let this_month = today.format("%Y-%m").to_string();
    let c = get(&app, &z.checker, &format!("/completeness?period={this_month}")).await;
    let next = today.checked_add_months(chrono::Months::new(1)).unwrap().format("%Y-%m-28").to_string();
    assert_eq!(c["deadline"].as_str(), Some(next.as_str()));
    let now = filed(&app, &z.clerk, &report(&z.machinery, &this_month, "5")).await;
    took(&app, &z.clerk, &[&now], "submit", "").await;
    assert_eq!(get(&app, &z.clerk, &format!("/detail?id={now}")).await["isLate"], "N");
}

#[actix_web::test]
async fn each_power_type_sees_and_files_the_reports_of_its_own_enterprises() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "产值权限园区").await;
    // One March report per reporting enterprise, filed by the administrator; 东区商贸 files too.
    for e in [&z.machinery, &z.electronics, &z.chemicals, &z.trading] {
        filed(&app, &z.admin, &report(e, "2026-03", "100")).await;
    }
    // (who, the enterprises of March they see, one they may file April for, one they may not)
    let cases: Vec<(&str, String, Vec<&str>, Option<&String>, Option<&String>)> = vec![
        ("committee", z.top.clone(), vec!["东一电子", "东区商贸", "东区机械", "西区化工"], Some(&z.chemicals), None),
        ("east", z.east.clone(), vec!["东一电子", "东区商贸", "东区机械"], Some(&z.electronics), Some(&z.chemicals)),
        ("eastone", z.east_one.clone(), vec!["东一电子"], Some(&z.electronics), Some(&z.machinery)),
        ("west", z.west.clone(), vec!["西区化工"], Some(&z.chemicals), Some(&z.machinery)),
        ("bureau", z.bureau.clone(), vec!["东区机械", "西区化工"], Some(&z.machinery), Some(&z.electronics)),
        ("helper", z.helper.clone(), vec![], None, Some(&z.machinery)),
    ];
    for (who, dept, sees, may, may_not) in cases {
        let token = person(&app, &z.tenant, &format!("p{who}"), &dept, FILLER).await;
        let list = get(&app, &token, "/list?period=2026-03&size=50").await;
        assert_eq!(enterprise_names(&list), sees, "{who}");
        let c = get(&app, &token, "/completeness?period=2026-03").await;
        assert_eq!(c["total"]["expected"].as_u64(), Some(sees.iter().filter(|n| **n != "东区商贸").count() as u64), "{who}: {c}");
        if let Some(e) = may {
            filed(&app, &token, &report(e, "2026-04", "1")).await;
            assert_eq!(
                call_at(&app, API, Some(&token), Call::Get(format!("/month?enterpriseId={e}&period=2026-04"))).await.0,
                200,
                "{who}"
            );
        }
        if let Some(e) = may_not {
            let (s, reply) = file(&app, &token, &report(e, "2026-05", "1")).await;
            assert_eq!(
                (s, reply["data"]["field"].as_str(), reply["data"]["reason"].as_str()),
                (400, Some("enterpriseId"), Some("企业不存在")),
                "{who}"
            );
            assert_eq!(
                call_at(&app, API, Some(&token), Call::Get(format!("/month?enterpriseId={e}&period=2026-03"))).await.0,
                404,
                "{who}"
            );
        }
        // Remove what was filed for April, so the next person files their own.
        let admin_list = get(&app, &z.admin, "/list?period=2026-04&reportStatus=0&size=50").await;
        let ids: Vec<String> = admin_list["records"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect();
        if !ids.is_empty() {
            assert_eq!(call_at(&app, API, Some(&z.admin), Call::Form("/remove", vec![("ids", ids.join(","))])).await.0, 200);
        }
    }
    // A report stays with the park it was filed under: 东区机械 moves to 西区, and 东区 still sees March.
    let (s, r) =
        call_at(&app, "/api/enterprise", Some(&z.admin), Call::Json("/submit", json!({ "id": z.machinery, "deptId": z.west }))).await;
    assert_eq!(s, 200, "{r}");
    let east = person(&app, &z.tenant, "eastagain", &z.east, FILLER).await;
    assert!(enterprise_names(&get(&app, &east, "/list?period=2026-03").await).contains(&"东区机械".to_string()));
    assert!(!enterprise_names(&get(&app, &east, "/list?period=2026-04").await).contains(&"东区机械".to_string()));
}

/// Every column of the export, in order (`output/report/excel.rs`).
pub(crate) const EXPORT_HEADERS: [&str; 31] = [
    "月份",
    "企业名称",
    "统一社会信用代码",
    "属地",
    "行业",
    "是否规上",
    "本月产值(万元)",
    "1–N月累计(万元)",
    "上年同期累计(万元)",
    "同比(%)",
    "上年同月(万元)",
    "本月同比(%)",
    "年度目标(万元)",
    "目标完成率(%)",
    "营业收入(万元)",
    "工业增加值(万元)",
    "入库税收(万元)",
    "利润总额(万元)",
    "用电量(万千瓦时)",
    "从业人员(人)",
    "下月预计产值(万元)",
    "下降原因",
    "生产经营困难/诉求",
    "备注",
    "状态",
    "是否逾期",
    "提交人",
    "提交时间",
    "审核人",
    "审核时间",
    "审核意见",
];

const ENDPOINTS: [&str; 10] =
    ["list", "completeness", "detail", "month", "create", "update", "remove", "submit step", "review-log", "export"];

/// One call of each endpoint on fresh reports of the zone (months of `year`, distinct per caller).
async fn each_endpoint(app: &TestApp, token: Option<&str>, z: &Zone, tag: &str, year: i32) -> Vec<u16> {
    let body = |m: u32| report(&z.machinery, &format!("{year}-{m:02}"), "10");
    let target = filed(app, &z.admin, &body(1)).await;
    let doomed = filed(app, &z.admin, &body(2)).await;
    let stepped = filed(app, &z.admin, &body(3)).await;
    let calls = vec![
        Call::Get(format!("/list?period={year}-01")),
        Call::Get(format!("/completeness?period={year}-01")),
        Call::Get(format!("/detail?id={target}")),
        Call::Get(format!("/month?enterpriseId={}&period={year}-05", z.machinery)),
        Call::Json("/submit", body(4)),
        Call::Json("/submit", json!({ "id": target, "remark": "改过" })),
        Call::Form("/remove", vec![("ids", doomed)]),
        Call::Json("/review", json!({ "ids": [stepped], "step": "submit", "opinion": "" })),
        Call::Get(format!("/review-log?id={target}")),
    ];
    let mut out = matrix_at(app, API, token, tag, &ENDPOINTS[..9], calls).await;
    out.push(download(app, token, &format!("{API}/export?period={year}-01")).await.0);
    out
}

#[actix_web::test]
async fn each_endpoint_answers_by_the_callers_grants_and_another_tenants_reports_answer_like_missing_ones() {
    let app = TestApp::spawn().await;
    let mut zones = Vec::new();
    for name in ["甲产值园区", "乙产值园区"] {
        let z = zone(&app, name).await;
        let viewer = person(&app, &z.tenant, "viewer", &z.top, &["output_report", "output_report_view"]).await;
        let nobody = person(&app, &z.tenant, "nobody", &z.top, &["track_project", "track_project_view"]).await;
        assert_eq!(each_endpoint(&app, Some(&z.admin), &z, "管理员", 2021).await, vec![200; 10], "{name} administrator");
        assert_eq!(each_endpoint(&app, Some(&z.clerk), &z, "填报", 2022).await, vec![200; 10], "{name} the park's clerk");
        let read_only = [200, 200, 200, 200, 403, 403, 403, 403, 200, 403];
        assert_eq!(each_endpoint(&app, Some(&viewer), &z, "查看", 2023).await, read_only, "{name} view only");
        assert_eq!(each_endpoint(&app, Some(&nobody), &z, "无权", 2024).await, vec![403; 10], "{name} another menu's grant");
        assert_eq!(each_endpoint(&app, None, &z, "匿名", 2025).await, vec![401; 10], "{name} anonymous");
        // Locking is the reviewer's grant (and the committee's scope).
        assert_eq!(call_at(&app, API, Some(&viewer), Call::Json("/lock", json!({ "period": "2025-01" }))).await.0, 403);
        assert_eq!(call_at(&app, API, Some(&z.clerk), Call::Json("/unlock", json!({ "period": "2025-01", "reason": "x" }))).await.0, 403);
        zones.push(z);
    }
    let (a, b) = (&zones[0], &zones[1]);
    let theirs = get(&app, &b.admin, "/list?period=2021-01&reportStatus=0").await;
    let foreign = theirs["records"][0]["id"].as_str().unwrap().to_string();
    let missing = keeper_common::id::next_id().to_string();
    for id in [&foreign, &missing] {
        assert_eq!(call_at(&app, API, Some(&a.admin), Call::Get(format!("/detail?id={id}"))).await.0, 404);
        assert_eq!(file(&app, &a.admin, &json!({ "id": id, "remark": "x" })).await.0, 404);
        assert_eq!(step(&app, &a.admin, &[id], "submit", "").await.0, 404);
        assert_eq!(call_at(&app, API, Some(&a.admin), Call::Get(format!("/review-log?id={id}"))).await.0, 404);
        assert_eq!(call_at(&app, API, Some(&a.admin), Call::Form("/remove", vec![("ids", id.to_string())])).await.0, 404);
    }
    assert_eq!(call_at(&app, API, Some(&a.admin), Call::Get(format!("/month?enterpriseId={}&period=2021-01", b.machinery))).await.0, 404);
    let (s, reply) = file(&app, &a.admin, &report(&b.machinery, "2021-06", "1")).await;
    assert_eq!((s, reply["data"]["field"].as_str()), (400, Some("enterpriseId")), "{reply}");
    // Nothing of B reaches A's month, its completeness or its export.
    let mine = get(&app, &a.admin, "/list?period=2021-01&size=100").await;
    assert_eq!(enterprise_names(&mine), ["东一电子", "东区机械", "西区化工"]);
    assert_eq!(get(&app, &a.admin, "/completeness?period=2021-01").await["total"]["expected"], 3);
}

/// The month of 产值填报 (what the export and the list of declines select from) and the pieces of 产值统计
/// are kept between the tenant's writes (business `kept.rs`): each write through the service (a filing, each review step, a removal, an edit of an
/// enterprise) shows in the very next read, long before a kept value would expire.
#[actix_web::test]
async fn the_month_and_its_statistics_follow_each_write_at_once() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "随写随见园区").await;
    let names = |list: &Value| enterprise_names(list);
    async fn completeness(app: &TestApp, token: String) -> (u64, u64, u64) {
        let c = get(app, &token, "/completeness?period=2026-03").await;
        (c["total"]["expected"].as_u64().unwrap(), c["total"]["reported"].as_u64().unwrap(), c["total"]["approved"].as_u64().unwrap())
    }
    async fn month_total(app: &TestApp, token: String) -> String {
        let s = get(app, &token, "/statistics?period=2026-03").await;
        let total = s["rows"].as_array().unwrap().iter().find(|r| r["name"] == "合计").cloned().unwrap_or_else(|| panic!("{s}"));
        total["monthOutput"].as_str().unwrap().to_string()
    }
    // The export selects from the kept month (the list and the completeness are read in SQL).
    let unfiled = || exported(&app, &z.checker, "period=2026-03&reportStatus=none");
    // Read once before every write, so that each value is kept.
    assert_eq!(names(&get(&app, &z.checker, "/list?period=2026-03&reportStatus=none").await), ["东一电子", "东区机械", "西区化工"]);
    assert_eq!(unfiled().await, ["东一电子", "东区机械", "西区化工"]);
    assert_eq!(completeness(&app, z.checker.clone()).await, (3, 0, 0));
    assert_eq!(month_total(&app, z.admin.clone()).await, "0");

    let id = filed(&app, &z.clerk, &report(&z.machinery, "2026-03", "1200.5")).await;
    assert_eq!(names(&get(&app, &z.checker, "/list?period=2026-03&reportStatus=none").await), ["东一电子", "西区化工"]);
    assert_eq!(unfiled().await, ["东一电子", "西区化工"]);
    assert_eq!(names(&get(&app, &z.checker, "/list?period=2026-03&reportStatus=0").await), ["东区机械"]);
    took(&app, &z.clerk, &[&id], "submit", "").await;
    assert_eq!(completeness(&app, z.checker.clone()).await, (3, 1, 0));
    assert_eq!(month_total(&app, z.admin.clone()).await, "0");
    took(&app, &z.checker, &[&id], "approve", "").await;
    assert_eq!(completeness(&app, z.checker.clone()).await, (3, 1, 1));
    assert_eq!(month_total(&app, z.admin.clone()).await, "1200.5");
    took(&app, &z.checker, &[&id], "unapprove", "数据有误").await;
    assert_eq!(month_total(&app, z.admin.clone()).await, "0");
    assert_eq!(names(&get(&app, &z.checker, "/list?period=2026-03&reportStatus=2").await), Vec::<String>::new());

    // A removed draft frees its enterprise's month.
    let draft = filed(&app, &z.clerk, &report(&z.electronics, "2026-03", "88")).await;
    assert_eq!(names(&get(&app, &z.checker, "/list?period=2026-03&reportStatus=none").await), ["西区化工"]);
    assert_eq!(unfiled().await, ["西区化工"]);
    let (s, reply) = call_at(&app, API, Some(&z.clerk), Call::Form("/remove", vec![("ids", draft)])).await;
    assert_eq!(s, 200, "{reply}");
    assert_eq!(names(&get(&app, &z.checker, "/list?period=2026-03&reportStatus=none").await), ["东一电子", "西区化工"]);
    assert_eq!(unfiled().await, ["东一电子", "西区化工"]);

    // An enterprise renamed in the register shows under its new name.
    let (s, reply) = call_at(
        &app,
        "/api/enterprise",
        Some(&z.admin),
        Call::Json("/submit", json!({ "id": z.chemicals, "enterpriseName": "西区新材料" })),
    )
    .await;
    assert_eq!(s, 200, "{reply}");
    assert_eq!(names(&get(&app, &z.checker, "/list?period=2026-03&reportStatus=none").await), ["东一电子", "西区新材料"]);
    assert_eq!(unfiled().await, ["东一电子", "西区新材料"]);
}

/// The names of the month's export for `query`, in its order (selected from the month in memory).
async fn exported(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    let (s, _, bytes) = download(app, Some(token), &format!("{API}/export?{query}")).await;
    assert_eq!(s, 200, "{query}: {}", String::from_utf8_lossy(&bytes));
    rows_of(&bytes, &EXPORT_HEADERS).into_iter().map(|r| r["企业名称"].clone()).collect()
}

/// The names of a page of the list, in its order, with the total and the page answered.
async fn listed(app: &TestApp, token: &str, query: &str) -> (Vec<String>, u64, u64) {
    let l = get(app, token, &format!("/list?{query}")).await;
    let names = l["records"].as_array().unwrap().iter().map(|r| r["enterpriseName"].as_str().unwrap().to_string()).collect();
    (names, l["total"].as_u64().unwrap(), l["current"].as_u64().unwrap())
}

/// 产值填报's page and its completeness are selected, ordered, cut and counted by the database (business
/// `paged.rs`), the export selects the same month in memory: on every database they agree for every
/// filter, in the month's order — department name (two parks named alike together), enterprise name
/// compared bytewise (upper case before lower, Latin before Chinese, full-width last: not a dictionary's
/// order), id — and the pages add up to the list.
#[actix_web::test]
async fn the_months_page_is_the_exports_rows_in_the_same_order_on_every_database() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "分页园区").await;
    let south_a = dept(&app, &z.tenant, &z.top, "南区", 2).await;
    let south_b = dept(&app, &z.tenant, &z.top, "南区", 2).await;
    let mut ids = std::collections::HashMap::new();
    for (name, d) in [
        ("alpha", &z.east),
        ("Omega", &z.east),
        ("Zeta", &z.east),
        ("_下划线", &z.east),
        ("南一", &south_a),
        ("南0", &south_b),
        ("Ｂ全角", &z.west),
    ] {
        ids.insert(name, register(&app, &z.admin, enterprise(name, d, "C34")).await);
    }
    // 东区机械 approved, alpha a draft, Zeta and Omega submitted (late: long after 5 April), and 东区商贸,
    // which owes no report, files one all the same.
    approved(&app, &z, &report(&z.machinery, "2026-03", "100")).await;
    filed(&app, &z.clerk, &report(&ids["alpha"], "2026-03", "1")).await;
    for e in [&ids["Zeta"], &ids["Omega"], &z.trading] {
        let id = filed(&app, &z.clerk, &report(e, "2026-03", "2")).await;
        took(&app, &z.clerk, &[&id], "submit", "").await;
    }
    // Omega moves to 西区: its March report stays under 东区, where it was filed.
    let (s, r) =
        call_at(&app, "/api/enterprise", Some(&z.admin), Call::Json("/submit", json!({ "id": ids["Omega"], "deptId": z.west }))).await;
    assert_eq!(s, 200, "{r}");

    let everyone = ["东一电子", "Omega", "Zeta", "_下划线", "alpha", "东区商贸", "东区机械", "南0", "南一", "西区化工", "Ｂ全角"];
    assert_eq!(listed(&app, &z.checker, "period=2026-03&size=100").await.0, everyone);
    // The east clerk: the owing enterprises of 东区 and 东一片, and the reports filed under 东区 of firms
    // that moved away (Omega) or owe none (东区商贸).
    let east = ["东一电子", "Omega", "Zeta", "_下划线", "alpha", "东区商贸", "东区机械"];
    assert_eq!(listed(&app, &z.clerk, "period=2026-03&size=100").await.0, east);

    for (token, all) in [(&z.checker, &everyone[..]), (&z.clerk, &east[..])] {
        // Pages of three add up to the list; a page past the end answers the last one.
        let mut paged = Vec::new();
        for current in 1..=all.len().div_ceil(3) {
            let (names, total, at) = listed(&app, token, &format!("period=2026-03&size=3&current={current}")).await;
            assert_eq!((total, at), (all.len() as u64, current as u64));
            paged.extend(names);
        }
        assert_eq!(paged, all);
        let (names, _, at) = listed(&app, token, "period=2026-03&size=3&current=99").await;
        assert_eq!(names, all[(all.len() - 1) / 3 * 3..]);
        assert_eq!(at, all.len().div_ceil(3) as u64);
        // Every filter: the list's rows are the export's.
        for q in [
            String::new(),
            "reportStatus=none".into(),
            "reportStatus=unreported".into(),
            "reportStatus=0".into(),
            "reportStatus=1".into(),
            "reportStatus=2".into(),
            format!("deptId={}", z.east),
            format!("deptId={south_a}"),
            "deptId=1".into(),
            "industryCode=C3".into(),
            "industryCode=C39".into(),
            "aboveScale=Y".into(),
            "aboveScale=N".into(),
            "enterpriseName=alpha".into(),
            "enterpriseName=ALPHA".into(),
            "enterpriseName=区".into(),
            "enterpriseName=_".into(),
            format!("deptId={}&reportStatus=unreported&enterpriseName=a", z.east),
        ] {
            let query = format!("period=2026-03&{q}");
            let (names, total, _) = listed(&app, token, &format!("{query}&size=100")).await;
            assert_eq!(names, exported(&app, token, &query).await, "{q}");
            assert_eq!(total, names.len() as u64, "{q}");
        }
    }
    // The wildcards of a name are taken literally, on every database.
    assert_eq!(listed(&app, &z.checker, "period=2026-03&enterpriseName=_").await.0, ["_下划线"]);

    // The completeness: 应报 / 已报 / 已通过 / 未报 / 逾期 per department in the list's order (the two 南区
    // by id), 东区商贸 not counted (it owes nothing), Omega counted under 东区 where it filed.
    let c = get(&app, &z.checker, "/completeness?period=2026-03").await;
    let by: Vec<(String, String, u64, u64, u64, u64, u64)> = c["depts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let n = |k: &str| d[k].as_u64().unwrap();
            (
                d["deptId"].as_str().unwrap().to_string(),
                d["deptName"].as_str().unwrap().to_string(),
                n("expected"),
                n("reported"),
                n("approved"),
                n("missing"),
                n("late"),
            )
        })
        .collect();
    let want = [
        (z.east_one.clone(), "东一片", 1, 0, 0, 1, 0),
        (z.east.clone(), "东区", 5, 3, 1, 2, 3),
        (south_a.clone(), "南区", 1, 0, 0, 1, 0),
        (south_b.clone(), "南区", 1, 0, 0, 1, 0),
        (z.west.clone(), "西区", 2, 0, 0, 2, 0),
    ]
    .map(|(id, name, e, r, a, m, l)| (id, name.to_string(), e, r, a, m, l));
    assert_eq!(by, want);
    let t = &c["total"];
    assert_eq!([&t["expected"], &t["reported"], &t["approved"], &t["missing"], &t["late"]].map(|v| v.as_u64().unwrap()), [10, 3, 1, 7, 3]);
    // Filtered as the list is: the unreported of 东区 and below it (东一电子 of 东一片, alpha's draft, _下划线).
    let c = get(&app, &z.checker, &format!("/completeness?period=2026-03&deptId={}&reportStatus=unreported", z.east)).await;
    assert_eq!(
        (c["total"]["expected"].as_u64(), c["total"]["missing"].as_u64(), c["depts"].as_array().unwrap().len()),
        (Some(3), Some(3), 2)
    );
}
