//! 摸底分解 from Excel (issue 17, domain-model §2.3.5): a sheet of surveys, each by credit code (or by a
//! name that is one enterprise's) with its round by label, its quarters and the numbers of the projects
//! bringing new capacity, lands as drafts under the enterprise's territory; a draft is laid over only with
//! 覆盖 and one waiting for review never; a file with any bad row writes nothing and names each row and
//! column; the import answers by its own button.
use keeper_excel::Value;
use keeper_testkit::TestApp;
use serde_json::{Value as Json, json};

use crate::output_reports::{Zone, credit_code};
use crate::park_output::reported_zone;
use crate::project_import::{number, text, xlsx};
use crate::projects::{self, create, person, project, with};
use crate::support::{Call, call_at};
use crate::users_excel::{assert_problems, download, import_answers, problems, rows_of, upload};

const API: &str = "/api/outputSurvey";
const TEMPLATE: &str = "/api/outputSurvey/export-template";
const IMPORT: &str = "/api/outputSurvey/import";

const HEADERS: [&str; 15] = [
    "年度",
    "批次",
    "企业名称",
    "统一社会信用代码",
    "上年产值(万元)",
    "本年预计产值(万元)",
    "一季度预计(万元)",
    "二季度预计(万元)",
    "三季度预计(万元)",
    "四季度预计(万元)",
    "新增产能贡献(万元)",
    "新增产能项目",
    "增长因素",
    "减产因素/风险",
    "备注",
];

const IMPORTER: &[&str] = &[
    "exploration_decomposition",
    "exploration_decomposition_view",
    "exploration_decomposition_submit",
    "exploration_decomposition_import",
];

fn shown(v: &Json) -> String {
    match v {
        Json::Null => "—".to_string(),
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn o(v: &str) -> String {
    v.to_string()
}

/// `(enterprise, status, 上年, 预计, quarters, new projects, territory)` of a year's surveys, by name.
async fn surveys(app: &TestApp, token: &str, year: i32) -> Vec<(String, String, String, String, Vec<String>, Vec<String>, String)> {
    let (s, reply) = call_at(app, API, Some(token), Call::Get(format!("/list?surveyYear={year}&current=1&size=50"))).await;
    assert_eq!(s, 200, "{reply}");
    let mut out = Vec::new();
    for r in reply["data"]["records"].as_array().unwrap() {
        let (s, d) = call_at(app, API, Some(token), Call::Get(format!("/detail?id={}", shown(&r["id"])))).await;
        assert_eq!(s, 200, "{d}");
        let d = &d["data"];
        let quarters = (1..=4).map(|q| shown(&d[format!("expectedQ{q}")])).collect();
        let projects = d["newProjects"].as_array().unwrap().iter().map(|p| shown(&p["projectName"])).collect();
        let f = |k: &str| shown(&d[k]);
        out.push((f("enterpriseName"), f("reportStatus"), f("lastYearOutput"), f("expectedOutput"), quarters, projects, f("deptName")));
    }
    out.sort();
    out
}

fn row(year: i64, round: &str, code: &str, last: &str, expected: &str) -> Vec<(&'static str, Value)> {
    let mut r = vec![("年度", Value::Int(year)), ("批次", text(round)), ("统一社会信用代码", text(code)), ("上年产值(万元)", number(last))];
    if !expected.is_empty() {
        r.push(("本年预计产值(万元)", number(expected)));
    }
    r
}

fn with_cells(mut r: Vec<(&'static str, Value)>, more: &[(&'static str, Value)]) -> Vec<(&'static str, Value)> {
    r.extend(more.iter().cloned());
    r
}

fn quarters(q: [&str; 4]) -> Vec<(&'static str, Value)> {
    let headers = ["一季度预计(万元)", "二季度预计(万元)", "三季度预计(万元)", "四季度预计(万元)"];
    headers.into_iter().zip(q).filter(|(_, v)| !v.is_empty()).map(|(h, v)| (h, number(v))).collect()
}

/// A project of `enterprise` in `dept`, in the library (where it takes its number); answers its number.
async fn numbered(app: &TestApp, z: &Zone, name: &str, dept: &str, enterprise: &str) -> String {
    let id = create(app, &z.admin, &with(project(name, dept), json!({ "enterpriseId": enterprise }))).await;
    for step in ["submit", "approve"] {
        assert_eq!(projects::review(app, Some(&z.admin), &[&id], step, "").await.0, 200, "{name} {step}");
    }
    let no = projects::detail(app, &z.admin, &id).await["projectNo"].as_str().unwrap().to_string();
    assert!(!no.is_empty(), "{name}");
    no
}

#[actix_web::test]
async fn a_sheet_of_surveys_lands_as_drafts_and_one_waiting_for_review_is_never_overwritten() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "摸底导入园区").await;
    let importer = person(&app, &z.tenant, "importer", &z.east, IMPORTER).await;
    let machinery = credit_code(&app, &z, "东区机械").await;
    let line2 = numbered(&app, &z, "东区机械二期", &z.east, &z.machinery).await;

    let (s, disposition, template) = download(&app, Some(&importer), TEMPLATE).await;
    assert_eq!(s, 200);
    assert!(disposition.contains(".xlsx"), "{disposition}");
    let hints = rows_of(&template, &HEADERS);
    assert_eq!((hints[0]["年度"].as_str(), hints[0]["批次"].as_str()), ("必填，如 2027", "必填，可选: 年初/年中/其他"), "{hints:?}");

    // 东区机械 2,100 → 2,520 by quarter with its second line (by number); 东一电子 by name, 200 → 260.
    let full = with_cells(
        row(2025, "年初", &machinery, "2100", "2520"),
        &[
            quarters(["600", "600", "600", "720"]),
            vec![("新增产能贡献(万元)", number("300")), ("新增产能项目", text(&line2)), ("增长因素", text("二期生产线满产"))],
        ]
        .concat(),
    );
    let by_name = vec![
        ("年度", Value::Int(2025)),
        ("批次", text("年初")),
        ("企业名称", text("东一电子")),
        ("上年产值(万元)", number("200")),
        ("本年预计产值(万元)", number("260")),
    ];
    let file = xlsx(&HEADERS, &[full, by_name.clone()]);
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "摸底.xlsx", &file, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 2, "updated": 0 })), "{reply}");
    let dash = || vec![o("—"); 4];
    assert_eq!(
        surveys(&app, &importer, 2025).await,
        vec![
            (o("东一电子"), o("0"), o("200"), o("260"), dash(), vec![], o("东一片")),
            (o("东区机械"), o("0"), o("2100"), o("2520"), vec![o("600"), o("600"), o("600"), o("720")], vec![o("东区机械二期")], o("东区")),
        ]
    );

    // The same file again: each survey exists; nothing is written.
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "摸底.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    assert_eq!(
        problems(&reply),
        vec![(2, o("批次"), o("「东区机械」2025年年初摸底已填报")), (3, o("批次"), o("「东一电子」2025年年初摸底已填报"))]
    );

    // 东一电子's goes to review; laid over with 覆盖, its row is refused and 东区机械's is not changed either…
    let (s, reply) = call_at(&app, API, Some(&importer), Call::Get("/list?surveyYear=2025&current=1&size=50".into())).await;
    assert_eq!(s, 200);
    let id = reply["data"]["records"].as_array().unwrap().iter().find(|r| r["enterpriseName"] == "东一电子").unwrap()["id"].clone();
    let (s, reply) =
        call_at(&app, API, Some(&importer), Call::Json("/review", json!({ "ids": [id], "step": "submit", "opinion": "" }))).await;
    assert_eq!(s, 200, "{reply}");
    let plain = row(2025, "年初", &machinery, "2100", "2600");
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "摸底.xlsx", &xlsx(&HEADERS, &[plain.clone(), by_name]), true).await;
    assert_eq!(s, 400, "{reply}");
    assert_eq!(problems(&reply), vec![(3, o("批次"), o("「东一电子」2025年年初摸底已提交审核或已通过，不能修改"))]);
    assert_eq!(surveys(&app, &importer, 2025).await[1].3, "2520");

    // …which alone takes the row whole: no quarters, no project any more.
    let (s, reply) = upload(&app, Some(&importer), IMPORT, "摸底.xlsx", &xlsx(&HEADERS, &[plain]), true).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 1 })), "{reply}");
    let after = &surveys(&app, &importer, 2025).await[1];
    assert_eq!((after.1.as_str(), after.3.as_str(), after.4.clone(), after.5.clone()), ("0", "2600", dash(), vec![]));
}

#[actix_web::test]
async fn a_file_with_bad_survey_rows_writes_nothing_and_names_each_row_and_column() {
    let app = TestApp::spawn().await;
    let z = reported_zone(&app, "摸底导入校验园区").await;
    let (machinery, chemicals) = (credit_code(&app, &z, "东区机械").await, credit_code(&app, &z, "西区化工").await);
    let elsewhere = numbered(&app, &z, "西区化工扩能", &z.west, &z.chemicals).await;
    // A surveyor of 东区 with the button: 西区化工 is not theirs.
    let east = person(&app, &z.tenant, "eastimporter", &z.east, IMPORTER).await;
    let file = xlsx(
        &HEADERS,
        &[
            row(2019, "年初", &machinery, "100", "120"), // 2: out of the years
            row(2026, "年末", &machinery, "100", "120"), // 3: no such round
            with_cells(row(2026, "年初", &machinery, "100", "120"), &quarters(["30", "30", "30", "31"])), // 4: Σ quarters ≠ 预计
            with_cells(row(2026, "年中", &machinery, "100", "120"), &quarters(["30", "", "30", "30"])), // 5: a quarter missing
            row(2026, "年初", &chemicals, "100", "120"), // 6: not in the scope
            with_cells(row(2026, "其他", &machinery, "100", "120"), &[("新增产能项目", text(&elsewhere))]), // 7: not its project
            row(2025, "年初", &machinery, "-1", "120"),  // 8: negative
            row(2025, "年中", &machinery, "100", ""),    // 9: no expectation
            row(2024, "年初", &machinery, "100", "120"), // 10
            row(2024, "年初", &machinery, "100", "130"), // 11: twice
        ],
    );
    let (s, reply) = upload(&app, Some(&east), IMPORT, "摸底.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    assert_problems(
        &reply,
        &[
            (2, "年度", "应在"),
            (3, "批次", "不是有效的选项"),
            (4, "四季度预计(万元)", "应等于本年预计产值"),
            (5, "二季度预计(万元)", "四个季度都填写"),
            (6, "统一社会信用代码", "企业不存在"),
            (7, "新增产能项目", "不是本企业的项目"),
            (8, "上年产值(万元)", "不能为负数"),
            (9, "本年预计产值(万元)", "不能为空"),
            (11, "批次", "与第10行重复"),
        ],
    );
    for year in [2024, 2025, 2026] {
        assert_eq!(surveys(&app, &z.admin, year).await, vec![], "{year}: nothing written");
    }

    // Without the button: 403, anonymous 401; with it, a file that is no spreadsheet is a 400.
    let viewer = person(&app, &z.tenant, "viewer", &z.top, &IMPORTER[..3]).await;
    for (token, want) in [(Some(east.as_str()), (200, 400)), (Some(viewer.as_str()), (403, 403)), (None, (401, 401))] {
        assert_eq!(import_answers(&app, token, TEMPLATE, IMPORT).await, want, "{token:?}");
    }
}
