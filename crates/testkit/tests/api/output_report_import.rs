//! 产值填报 from one sheet for many enterprises (issue 17, domain-model §2.0 and §2.3.1): the template is
//! the export's layout; each row names its enterprise by credit code (or by a name that is one
//! enterprise's) and lands as a draft of its month with the figures exact to the ten-thousandth; a row
//! without any figure is passed over; a file with any bad row writes nothing and names each row, column
//! and reason — a month to come, locked or already reviewed, a decline without its reason, an
//! enterprise outside the importer's scope or tenant, the same month twice; the import answers by its
//! own button.
use keeper_excel::Value;
use keeper_testkit::TestApp;
use serde_json::{Value as Json, json};

use crate::output_reports::{EXPORT_HEADERS, approved, credit_code, took, zone};
use crate::project_import::{number, text, xlsx};
use crate::projects::person;
use crate::support::{Call, call_at};
use crate::users_excel::{assert_problems, download, import_answers, problems, rows_of, upload};

const API: &str = "/api/outputValue";
const TEMPLATE: &str = "/api/outputValue/export-template";
const IMPORT: &str = "/api/outputValue/import";

/// The template's columns: those of the export a person fills.
const HEADERS: [&str; 16] = [
    "月份",
    "企业名称",
    "统一社会信用代码",
    "本月产值(万元)",
    "上年同期累计(万元)",
    "上年同月(万元)",
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
];

const IMPORTER: &[&str] = &["output_report", "output_report_view", "output_report_submit", "output_report_import"];

async fn list(app: &TestApp, token: &str, period: &str) -> Vec<Json> {
    let (s, d) = call_at(app, API, Some(token), Call::Get(format!("/list?period={period}&size=100"))).await;
    assert_eq!(s, 200, "{d}");
    d["data"]["records"].as_array().unwrap().clone()
}

/// `(enterprise, status, 本月产值)` of the month's filed reports, by enterprise name.
async fn filed(app: &TestApp, token: &str, period: &str) -> Vec<(String, String, String)> {
    let mut out: Vec<_> = list(app, token, period)
        .await
        .into_iter()
        .filter(|r| r["id"].as_str().is_some_and(|id| !id.is_empty()))
        .map(|r| {
            let f = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (f("enterpriseName"), f("reportStatus"), f("monthOutput"))
        })
        .collect();
    out.sort();
    out
}

fn o(v: &str) -> String {
    v.to_string()
}

fn row(period: &str, code: &str, output: &str) -> Vec<(&'static str, Value)> {
    let mut r = vec![("月份", text(period)), ("统一社会信用代码", text(code))];
    if !output.is_empty() {
        r.push(("本月产值(万元)", number(output)));
    }
    r
}

fn with(mut r: Vec<(&'static str, Value)>, more: &[(&'static str, Value)]) -> Vec<(&'static str, Value)> {
    r.extend(more.iter().cloned());
    r
}

#[actix_web::test]
async fn a_sheet_of_many_enterprises_lands_as_drafts_and_a_row_without_figures_is_passed_over() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "产值导入园区").await;
    let importer = person(&app, &z.tenant, "importer", &z.top, IMPORTER).await;
    let (machinery, chemicals) = (credit_code(&app, &z, "东区机械").await, credit_code(&app, &z, "西区化工").await);

    let (s, disposition, template) = download(&app, Some(&importer), TEMPLATE).await;
    assert_eq!(s, 200);
    assert!(disposition.contains(".xlsx"), "{disposition}");
    let hints = rows_of(&template, &HEADERS);
    assert_eq!(
        (hints[0]["月份"].as_str(), hints[0]["本月产值(万元)"].as_str(), hints[0]["下降原因"].as_str()),
        ("必填，如 2026-03", "必填，万元，最多4位小数", "累计产值同比下降时必填"),
        "{hints:?}"
    );

    // The month's export of its 未填 enterprises reads back as it is: each row is passed over until a
    // figure is typed into it.
    let (s, _, unfiled) = download(&app, Some(&z.admin), &format!("{API}/export?period=2025-03&reportStatus=none")).await;
    assert_eq!(s, 200);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "未填.xlsx", &unfiled, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 0, "skipped": 3 })), "{reply}");

    // March for 东区机械 with every figure, 东一电子 by its name (no code), 西区化工 left as exported (no
    // figure), and April for 东区机械.
    let full = with(
        row("2025-03", &machinery, "1200.5"),
        &[
            ("企业名称", text("东区机械")),
            ("利润总额(万元)", number("-20.5")),
            ("用电量(万千瓦时)", number("35.25")),
            ("从业人员(人)", Value::Int(150)),
            ("生产经营困难/诉求", text("订单不足")),
        ],
    );
    let by_name = vec![("月份", text("2025-03")), ("企业名称", text("东一电子")), ("本月产值(万元)", number("800"))];
    let untouched = vec![("月份", text("2025-03")), ("企业名称", text("西区化工")), ("统一社会信用代码", text(&chemicals))];
    let file = xlsx(&HEADERS, &[full, by_name, untouched, row("2025-04", &machinery, "1300.2501")]);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "产值.xlsx", &file, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 3, "updated": 0, "skipped": 1 })), "{reply}");
    assert_eq!(reply["msg"], "导入成功: 新增 3 条，更新 0 条，跳过未填写产值的 1 行");
    assert_eq!(
        filed(&app, &importer, "2025-03").await,
        vec![(o("东一电子"), o("0"), o("800")), (o("东区机械"), o("0"), o("1200.5"))],
        "drafts of March; 西区化工 not filed"
    );
    assert_eq!(filed(&app, &importer, "2025-04").await, vec![(o("东区机械"), o("0"), o("1300.2501"))]);
    let march = list(&app, &importer, "2025-03").await;
    let m = march.iter().find(|r| r["enterpriseName"] == "东区机械").unwrap();
    assert_eq!(
        (m["monthProfit"].as_str(), m["electricity"].as_str(), m["employeeCount"].as_i64(), m["problems"].as_str()),
        (Some("-20.5"), Some("35.25"), Some(150), Some("订单不足")),
        "{m}"
    );
    assert_eq!(m["deptName"], "东区", "filed under the enterprise's territory");

    // The same file again: each filed month is a duplicate, and nothing is written.
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "产值.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    assert_eq!(
        problems(&reply),
        vec![
            (2, o("月份"), o("「东区机械」2025年3月的产值已填报")),
            (3, o("月份"), o("「东一电子」2025年3月的产值已填报")),
            (5, o("月份"), o("「东区机械」2025年4月的产值已填报")),
        ]
    );

    // March of 东区机械 goes to review; laid over again, March is refused and April stays as it was.
    let march_id = m["id"].as_str().unwrap().to_string();
    took(&app, &importer, &[&march_id], "submit", "").await;
    let again = xlsx(&HEADERS, &[row("2025-03", &machinery, "1"), row("2025-04", &machinery, "2")]);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "产值.xlsx", &again, true).await;
    assert_eq!(s, 400, "{reply}");
    assert_eq!(problems(&reply), vec![(2, o("月份"), o("「东区机械」2025年3月的产值已提交审核或已通过，不能修改"))]);
    assert_eq!(filed(&app, &importer, "2025-04").await, vec![(o("东区机械"), o("0"), o("1300.2501"))]);

    // With 覆盖 the April draft takes the row whole and stays a draft: what the row leaves empty is cleared.
    let april = xlsx(&HEADERS, &[with(row("2025-04", &machinery, "1400"), &[("备注", text("按财务快报"))])]);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "产值.xlsx", &april, true).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 1, "skipped": 0 })), "{reply}");
    let a = list(&app, &importer, "2025-04").await.into_iter().find(|r| r["enterpriseName"] == "东区机械").unwrap();
    assert_eq!(
        (a["monthOutput"].as_str(), a["reportStatus"].as_str(), a["remark"].as_str()),
        (Some("1400"), Some("0"), Some("按财务快报"))
    );
}

#[actix_web::test]
async fn a_file_with_bad_rows_writes_nothing_and_names_each_row_column_and_reason() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "产值导入校验园区").await;
    let other = zone(&app, "产值导入他园区").await;
    let (machinery, electronics, chemicals) =
        (credit_code(&app, &z, "东区机械").await, credit_code(&app, &z, "东一电子").await, credit_code(&app, &z, "西区化工").await);
    let foreign = credit_code(&app, &other, "东区机械").await;
    // Last May 东一电子 made 1,000; this May 900 is a fall of 10 % and needs its reason.
    approved(&app, &z, &json!({ "enterpriseId": z.electronics, "period": "2024-05", "monthOutput": "1000" })).await;
    let (s, reply) = call_at(&app, API, Some(&z.admin), Call::Json("/lock", json!({ "period": "2025-02" }))).await;
    assert_eq!(s, 200, "{reply}");
    // The park's clerk of 东区 sees 东区 and 东一片, not 西区.
    let clerk = person(&app, &z.tenant, "importer", &z.east, IMPORTER).await;

    let file = xlsx(
        &HEADERS,
        &[
            row("2025-05", &electronics, "900"),                                          // 2: decline, no reason
            row("2099-01", &machinery, "1"),                                              // 3: a month to come
            row("2025-13", &machinery, "1"),                                              // 4: no such month
            row("2025-02", &machinery, "1"),                                              // 5: locked
            row("2025-06", &machinery, "-1"),                                             // 6: negative
            with(row("2025-07", &machinery, ""), &[("备注", text("只写了备注"))]),        // 7: no output
            row("2025-08", &chemicals, "1"),                                              // 8: out of scope
            row("2025-08", &foreign, "1"),                                                // 9: another tenant's
            row("2025-08", "91320100MA1XXXXXX0", "1"),                                    // 10: nobody's
            row("2025-09", &machinery, "1"),                                              // 11
            row("2025-09", &machinery, "2"),                                              // 12: twice
            vec![("月份", text("2025-09")), ("本月产值(万元)", number("1"))],             // 13: no enterprise
            with(row("2025-10", &machinery, "1.00001"), &[]),                             // 14: five decimals
            with(row("2025-05", &electronics, "900"), &[("下降原因", text("订单减少"))]), // 15: fine on its own
        ],
    );
    let (s, reply) = upload(&app, Some(&clerk), IMPORT, "产值.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    assert_problems(
        &reply,
        &[
            (2, "下降原因", "同比下降10"),
            (3, "月份", "不能填报以后月份的产值"),
            (4, "月份", "月份应为 1 到 12"),
            (5, "月份", "已锁定"),
            (6, "本月产值(万元)", "不能为负数"),
            (7, "本月产值(万元)", "不能为空"),
            (8, "统一社会信用代码", "企业不存在"),
            (9, "统一社会信用代码", "企业不存在"),
            (10, "统一社会信用代码", "企业不存在"),
            (12, "月份", "与第11行重复"),
            (13, "统一社会信用代码", "请填写统一社会信用代码"),
            (14, "本月产值(万元)", "4位小数"),
            (15, "月份", "与第2行重复"),
        ],
    );
    for month in ["2025-05", "2025-06", "2025-07", "2025-08", "2025-09"] {
        assert_eq!(filed(&app, &z.admin, month).await, vec![], "{month}: nothing written");
    }
    assert_eq!(filed(&app, &other.admin, "2025-08").await, vec![], "nothing of the other zone either");

    // June's 未填 export carries last year's figures where there are some (东一电子's 2024 1–6月 1,000): they
    // are the export's, not typed, and each row is still passed over.
    let (s, _, unfiled) = download(&app, Some(&z.admin), &format!("{API}/export?period=2025-06&reportStatus=none")).await;
    assert_eq!(s, 200);
    let exported = rows_of(&unfiled, &EXPORT_HEADERS);
    assert!(exported.iter().any(|r| r["企业名称"] == "东一电子" && r["上年同期累计(万元)"] == "1000"), "{exported:?}");
    let (s, reply) = upload(&app, Some(&clerk), IMPORT, "未填.xlsx", &unfiled, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 0, "skipped": 3 })), "{reply}");

    // The decline with its reason, alone, is imported.
    let fixed = xlsx(&HEADERS, &[with(row("2025-05", &electronics, "900"), &[("下降原因", text("订单减少"))])]);
    let (s, reply) = upload(&app, Some(&clerk), IMPORT, "产值.xlsx", &fixed, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 1, "updated": 0, "skipped": 0 })), "{reply}");
}

#[actix_web::test]
async fn the_template_and_the_import_answer_by_their_own_button() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "产值导入授权园区").await;
    let importer = person(&app, &z.tenant, "importer", &z.top, IMPORTER).await;
    let viewer = person(&app, &z.tenant, "viewer", &z.top, &["output_report", "output_report_view", "output_report_add"]).await;
    for (token, want) in [(Some(importer.as_str()), (200, 400)), (Some(viewer.as_str()), (403, 403)), (None, (401, 401))] {
        assert_eq!(import_answers(&app, token, TEMPLATE, IMPORT).await, want, "{token:?}");
    }
}
