//! 年度产值分解 from Excel (issue 17, domain-model §2.3.3): a sheet of enterprise targets, each by credit
//! code (or by a name that is one enterprise's) with its split mode by label, lands as drafts split as
//! the form splits them — by last year's approved months (the zone of `park_output`: 2024 东区机械 Jan 800
//! and Mar 1,300, 东一电子 Feb 200), evenly, by hand; a draft is laid over only with 覆盖 and an issued
//! target never; a file with any bad row writes nothing and names each row and column; the import
//! answers by its own button.
use keeper_excel::Value;
use keeper_testkit::TestApp;
use serde_json::{Value as Json, json};

use crate::output_reports::credit_code;
use crate::park_output::reported_zone;
use crate::project_import::{number, text, xlsx};
use crate::projects::person;
use crate::support::{Call, call_at};
use crate::users_excel::{assert_problems, download, import_answers, problems, rows_of, upload};

const API: &str = "/api/outputTarget";
const TEMPLATE: &str = "/api/outputTarget/export-template";
const IMPORT: &str = "/api/outputTarget/import";

const HEADERS: [&str; 21] = [
    "年度",
    "企业名称",
    "统一社会信用代码",
    "年度目标产值(万元)",
    "分月方式",
    "一季度累计(%)",
    "上半年累计(%)",
    "前三季度累计(%)",
    "1月",
    "2月",
    "3月",
    "4月",
    "5月",
    "6月",
    "7月",
    "8月",
    "9月",
    "10月",
    "11月",
    "12月",
    "备注",
];

const IMPORTER: &[&str] =
    &["annual_output_breakdown", "annual_output_breakdown_view", "annual_output_breakdown_release", "annual_output_breakdown_import"];

fn shown(v: &Json) -> String {
    match v {
        Json::Null => "—".to_string(),
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// `(enterprise, annual, growth, split mode, status, twelve months)` of a year's targets, by name.
async fn targets(app: &TestApp, token: &str, year: i32) -> Vec<(String, String, String, String, String, Vec<String>)> {
    let (s, reply) = call_at(app, API, Some(token), Call::Get(format!("/list?year={year}"))).await;
    assert_eq!(s, 200, "{reply}");
    let mut out: Vec<_> = reply["data"]["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let months = (1..=12).map(|m| shown(&t[format!("m{m:02}")])).collect();
            let f = |k: &str| shown(&t[k]);
            (f("enterpriseName"), f("annualTarget"), f("targetGrowth"), f("splitMode"), f("targetStatus"), months)
        })
        .collect();
    out.sort();
    out
}

fn target(year: i64, code: &str, annual: &str, mode: &str) -> Vec<(&'static str, Value)> {
    let mut r = vec![("年度", Value::Int(year)), ("统一社会信用代码", text(code)), ("年度目标产值(万元)", number(annual))];
    if !mode.is_empty() {
        r.push(("分月方式", text(mode)));
    }
    r
}

fn with(mut r: Vec<(&'static str, Value)>, more: &[(&'static str, Value)]) -> Vec<(&'static str, Value)> {
    r.extend(more.iter().cloned());
    r
}

fn o(v: &str) -> String {
    v.to_string()
}

fn months(v: [&str; 12]) -> Vec<String> {
    v.map(o).to_vec()
}

#[actix_web::test]
async fn a_sheet_of_targets_lands_as_drafts_split_as_the_form_splits_and_an_issued_target_is_never_overwritten() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "产值目标导入园区").await;
    let importer = person(&app, &z.tenant, "importer", &z.top, IMPORTER).await;
    let (machinery, chemicals) = (credit_code(&app, &z, "东区机械").await, credit_code(&app, &z, "西区化工").await);

    let (s, disposition, template) = download(&app, Some(&importer), TEMPLATE).await;
    assert_eq!(s, 200);
    assert!(disposition.contains(".xlsx"), "{disposition}");
    let hints = rows_of(&template, &HEADERS);
    assert_eq!(hints[0]["年度"], "必填，如 2027", "{hints:?}");
    assert!(hints[0]["分月方式"].contains("按上年同期结构"), "{hints:?}");

    // 东区机械 4,200 by last year's structure: Jan 4,200 × 800 ÷ 2,100 = 1,600, Mar 4,200 × 1,300 ÷ 2,100 =
    // 2,600, growth (4,200 − 2,100) ÷ 2,100 = 100 %. 东一电子 by name, 1,200 evenly: 100 a month, growth
    // (1,200 − 200) ÷ 200 = 500 %. 西区化工 by hand, 100 a month from January to October, no last year.
    let mut by_hand = target(2025, &chemicals, "1000", "手工");
    for m in ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月"] {
        by_hand.push((m, number("100")));
    }
    let by_name = vec![
        ("年度", Value::Int(2025)),
        ("企业名称", text("东一电子")),
        ("年度目标产值(万元)", number("1200")),
        ("分月方式", text("平均")),
    ];
    let file = xlsx(&HEADERS, &[target(2025, &machinery, "4200", "按上年同期结构"), by_name, by_hand]);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "目标.xlsx", &file, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 3, "updated": 0 })), "{reply}");
    let got = targets(&app, &importer, 2025).await;
    let zero = "0";
    assert_eq!(
        got,
        vec![
            (o("东一电子"), o("1200"), o("500"), o("1"), o("1"), months(["100"; 12])),
            (
                o("东区机械"),
                o("4200"),
                o("100"),
                o("2"),
                o("1"),
                months(["1600", zero, "2600", zero, zero, zero, zero, zero, zero, zero, zero, zero])
            ),
            (
                o("西区化工"),
                o("1000"),
                o("—"),
                o("4"),
                o("1"),
                months(["100", "100", "100", "100", "100", "100", "100", "100", "100", "100", zero, zero])
            ),
        ]
    );

    // The same file again: each enterprise's year exists; nothing is written.
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "目标.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    let rows: Vec<(u64, String)> = problems(&reply).into_iter().map(|(r, c, _)| (r, c)).collect();
    assert_eq!(rows, vec![(2, o("年度")), (3, o("年度")), (4, o("年度"))], "{reply}");
    assert!(problems(&reply)[0].2.contains("「东区机械」2025年的产值目标已存在"), "{reply}");

    // 东区机械's target is issued: with 覆盖 its row is refused, so 东一电子's is not changed either…
    let (s, reply) = call_at(&app, API, Some(&importer), Call::Get("/list?year=2025".into())).await;
    assert_eq!(s, 200);
    let id = reply["data"]["records"].as_array().unwrap().iter().find(|t| t["enterpriseName"] == "东区机械").unwrap()["id"].clone();
    let (s, reply) = call_at(&app, API, Some(&importer), Call::Form("/release", vec![("ids", id.as_str().unwrap().to_string())])).await;
    assert_eq!(s, 200, "{reply}");
    let name_row = vec![("年度", Value::Int(2025)), ("企业名称", text("东一电子")), ("年度目标产值(万元)", number("1500"))];
    let again = xlsx(&HEADERS, &[target(2025, &machinery, "5000", ""), name_row.clone()]);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "目标.xlsx", &again, true).await;
    assert_eq!(s, 400, "{reply}");
    assert_eq!(problems(&reply), vec![(2, o("年度"), o("「东区机械」2025年的产值目标已下达，不能导入覆盖，请通过调整修改"))]);
    assert_eq!(targets(&app, &importer, 2025).await[0].1, "1200");

    // …which alone takes the row with 覆盖: 1,500 evenly (the mode left empty is 平均), 125 a month.
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "目标.xlsx", &xlsx(&HEADERS, &[name_row]), true).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 1 })), "{reply}");
    let after = targets(&app, &importer, 2025).await;
    assert_eq!(
        (after[0].1.as_str(), after[0].3.as_str(), after[0].4.as_str(), after[0].5.clone()),
        ("1500", "1", "1", months(["125"; 12]))
    );
}

#[actix_web::test]
async fn a_file_with_bad_target_rows_writes_nothing_and_names_each_row_and_column() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "产值目标导入校验园区").await;
    let (machinery, chemicals) = (credit_code(&app, &z, "东区机械").await, credit_code(&app, &z, "西区化工").await);
    // A clerk of 东区 with the button: 西区化工 is not theirs.
    let east = person(&app, &z.tenant, "eastimporter", &z.east, IMPORTER).await;
    let file = xlsx(
        &HEADERS,
        &[
            target(2019, &machinery, "100", ""),                                       // 2: out of the years
            target(2024, "91320100MA1XXXXXX0", "100", ""),                             // 3: nobody's
            target(2024, &chemicals, "100", ""),                                       // 4: not in the scope
            target(2024, &machinery, "100", "按季度节点"),                             // 5: no shares
            with(target(2023, &machinery, "1000", "手工"), &[("1月", number("100"))]), // 6: months ≠ the year
            target(2022, &machinery, "-5", ""),                                        // 7: negative
            target(2024, "", "100", "按上年同期结构"),                                 // 8: no enterprise
            with(
                vec![("年度", Value::Int(2024)), ("企业名称", text("东一电子")), ("年度目标产值(万元)", number("100"))],
                &[("分月方式", text("按上年同期结构"))],
            ), // 9: 2023 has no reports
            target(2026, &machinery, "100", ""),                                       // 10
            target(2026, &machinery, "200", ""),                                       // 11: twice
            target(2026, &machinery, "100", "季度"),                                   // 12: no such mode
        ],
    );
    let (s, reply) = upload(&app, Some(&east), IMPORT, "目标.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    assert_problems(
        &reply,
        &[
            (2, "年度", "应在"),
            (3, "统一社会信用代码", "企业不存在"),
            (4, "统一社会信用代码", "企业不存在"),
            (5, "一季度累计(%)", "按季度节点分解须填写"),
            (6, "1月", "不一致"),
            (7, "年度目标产值(万元)", "不能为负数"),
            (8, "统一社会信用代码", "请填写统一社会信用代码"),
            (9, "分月方式", "上年"),
            (11, "年度", "与第10行重复"),
            (12, "分月方式", "不是有效的选项"),
        ],
    );
    for year in [2022, 2023, 2024, 2026] {
        assert_eq!(targets(&app, &z.admin, year).await, vec![], "{year}: nothing written");
    }

    // Without the button: 403, anonymous 401; with it, a file that is no spreadsheet is a 400.
    let viewer = person(&app, &z.tenant, "viewer", &z.top, &IMPORTER[..3]).await;
    for (token, want) in [(Some(east.as_str()), (200, 400)), (Some(viewer.as_str()), (403, 403)), (None, (401, 401))] {
        assert_eq!(import_answers(&app, token, TEMPLATE, IMPORT).await, want, "{token:?}");
    }
}
