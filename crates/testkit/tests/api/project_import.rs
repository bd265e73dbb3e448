//! Projects and monthly progress reports from Excel (issue 15): the template asks for dictionary labels
//! and department names; a filled-in template lands as drafts of the importer with the codes behind the
//! labels and the amounts exact to the ten-thousandth; a file with any bad row writes nothing and names
//! every bad row and column; a report of an approved month is refused; a project number the importer
//! cannot see is unknown, whoever's it is; both imports answer by their own buttons.
use std::collections::HashMap;

use keeper_excel::{Column, Sheet, SheetWriter, Value};
use keeper_testkit::TestApp;
use serde_json::{Value as Json, json};

use crate::project_reports::{Zone, in_library, took, zone};
use crate::projects::{self, CLERK, dept, person, project};
use crate::support::{Call, call_at};
use crate::users_excel::{download, problems, rows_of, upload};

const PROJECT_TEMPLATE: &str = "/api/project/export-template";
const PROJECT_IMPORT: &str = "/api/project/import";
const REPORT_TEMPLATE: &str = "/api/projectReport/export-template";
const REPORT_IMPORT: &str = "/api/projectReport/import";

/// The columns of the project template: the export's that a person fills, then the rest of the form.
const PROJECT_HEADERS: [&str; 48] = [
    "项目名称",
    "项目单位",
    "属地园区",
    "行业主管部门",
    "项目类型",
    "项目来源",
    "项目级别",
    "是否重点项目",
    "建设性质",
    "所属行业",
    "主导产业",
    "建设地点",
    "建设规模及内容",
    "计划总投资(万元)",
    "其中固定资产投资(万元)",
    "其中设备投资(万元)",
    "签约日期",
    "计划开工日期",
    "实际开工日期",
    "计划竣工日期",
    "项目状态",
    "包保领导",
    "项目单位联系人",
    "联系电话",
    "投资项目代码",
    "投资方",
    "投资方来源地",
    "其中外资(万美元)",
    "签约投资额(万元)",
    "累计到位资金(万元)",
    "开工至上线累计投资(万元)",
    "用地面积(亩)",
    "建筑面积(㎡)",
    "经度",
    "纬度",
    "实际竣工日期",
    "投产日期",
    "达产日期",
    "建设起始年份",
    "建设截止年份",
    "达产后年产值(预计,万元)",
    "达产后年税收(预计,万元)",
    "新增就业(预计,人)",
    "包保责任部门",
    "责任人",
    "责任人电话",
    "改造类型",
    "备注",
];

const REPORT_HEADERS: [&str; 16] = [
    "月份",
    "项目编号",
    "项目名称",
    "本月完成投资(万元)",
    "建筑工程(万元)",
    "安装工程(万元)",
    "设备工器具购置(万元)",
    "其他费用(万元)",
    "本月到位资金(万元)",
    "本月末项目状态",
    "当前节点",
    "形象进度",
    "下月计划",
    "是否存在问题",
    "在岗施工人数",
    "备注",
];

const IMPORTER: &[&str] = &["project_warehousing_import", "track_project", "track_project_view", "track_project_import"];

/// An xlsx under `headers` whose rows give some cells by header (text, or typed: a number, a date);
/// the other cells stay empty.
pub(crate) fn xlsx(headers: &[&'static str], rows: &[Vec<(&str, Value)>]) -> Vec<u8> {
    let sheet = Sheet::new("数据", headers.iter().map(|h| Column::text(h, h, 12.0)).collect());
    let mut w = SheetWriter::export(&sheet).unwrap();
    for r in rows {
        let cells: HashMap<&str, &Value> = r.iter().map(|(h, v)| (*h, v)).collect();
        assert!(cells.keys().all(|h| headers.contains(h)), "{cells:?}");
        w.row(&headers.iter().map(|h| cells.get(h).map(|v| (*v).clone()).unwrap_or_default()).collect::<Vec<_>>()).unwrap();
    }
    w.finish().unwrap()
}

pub(crate) fn text(s: &str) -> Value {
    Value::from(s)
}

pub(crate) fn day(s: &str) -> Value {
    Value::Date(chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap())
}

pub(crate) fn number(s: &str) -> Value {
    Value::Decimal(s.parse().unwrap())
}

/// The projects of the tenant the caller sees whose name contains `name`.
async fn projects_named(app: &TestApp, token: &str, name: &str) -> Vec<Json> {
    let (s, l) = projects::get(app, Some(token), &format!("/list?size=100&projectName={name}")).await;
    assert_eq!(s, 200, "{l}");
    l["data"]["records"].as_array().unwrap().clone()
}

async fn reports_of(app: &TestApp, token: &str, project: &str) -> Vec<Json> {
    let (s, l) = call_at(app, "/api/projectReport", Some(token), Call::Get(format!("/list?projectId={project}&size=100"))).await;
    assert_eq!(s, 200, "{l}");
    let mut rows = l["data"]["records"].as_array().unwrap().clone();
    rows.sort_by_key(|r| r["periodMonth"].as_i64());
    rows
}

/// A complete project row with labels: 招商引资, 已签约, 12,345.67 万元 of which 2,345.67 of equipment.
fn motor_row() -> Vec<(&'static str, Value)> {
    vec![
        ("项目名称", text("智能电机装备项目")),
        ("项目单位", text("新能源电机有限公司")),
        ("属地园区", text("东区")),
        ("项目类型", text("工业项目(新建/扩建)")),
        ("项目来源", text("招商引资")),
        ("项目级别", text("市重点")),
        ("是否重点项目", text("是")),
        ("建设性质", text("新建")),
        ("所属行业", text("电气机械和器材制造业")),
        ("建设地点", text("东区创业大道8号")),
        ("建设规模及内容", text("新建厂房4.2万平方米")),
        ("计划总投资(万元)", text("12345.67")),
        ("其中固定资产投资(万元)", text("10000")),
        ("其中设备投资(万元)", text("2345.67")),
        ("签约日期", text("2026-03-18")),
        ("计划开工日期", day("2026-06-01")),
        ("计划竣工日期", day("2027-12-31")),
        ("项目状态", text("已签约")),
        ("项目单位联系人", text("李经理")),
        ("联系电话", text("0512-67890000")),
        ("建设起始年份", text("2026")),
    ]
}

#[actix_web::test]
async fn a_filled_in_template_lands_as_drafts_with_the_codes_behind_the_labels_and_exact_amounts() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "导入测试园区").await;
    let importer = person(&app, &z.tenant, "importer", &z.east, &[CLERK, IMPORTER].concat()).await;

    let (s, disposition, template) = download(&app, Some(&importer), PROJECT_TEMPLATE).await;
    assert_eq!(s, 200, "{}", String::from_utf8_lossy(&template));
    assert!(disposition.contains(".xlsx"), "{disposition}");
    // Every column of the form, and the second row hints at what each takes: labels, not codes.
    let hints = rows_of(&template, &PROJECT_HEADERS);
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert!(hints[0]["项目类型"].starts_with("必填，可选: 工业项目(新建/扩建)/技术改造项目/"), "{hints:?}");
    assert_eq!(hints[0]["是否重点项目"], "可选: 是/否");
    assert_eq!(hints[0]["属地园区"], "必填，机构名称");

    // Two rows: one complete with text cells, one with the least a draft needs and a number cell.
    let file = xlsx(
        &PROJECT_HEADERS,
        &[
            motor_row(),
            vec![
                ("项目名称", text("园区道路配套工程")),
                ("属地园区", text("东区")),
                ("项目类型", text("基础设施项目")),
                ("计划总投资(万元)", number("800.0001")),
            ],
        ],
    );
    let (s, reply) = upload(&app, Some(&importer), PROJECT_IMPORT, "项目.xlsx", &file, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 2, "updated": 0 })), "{reply}");

    let motor = projects_named(&app, &importer, "智能电机装备项目").await;
    assert_eq!(motor.len(), 1, "{motor:?}");
    let d = projects::detail(&app, &importer, motor[0]["id"].as_str().unwrap()).await;
    for (field, want) in [
        ("libraryStatus", json!("0")),
        ("projectNo", json!("")),
        ("projectType", json!("01")),
        ("projectSource", json!("1")),
        ("projectLevel", json!("3")),
        ("isKeyProject", json!("Y")),
        ("constructionNature", json!("1")),
        ("industryCode", json!("C38")),
        ("projectStatus", json!("30")),
        ("deptId", json!(z.east)),
        ("ownerName", json!("新能源电机有限公司")),
        ("totalInvestment", json!("12345.67")),
        ("fixedAssetInvestment", json!("10000")),
        ("equipmentInvestment", json!("2345.67")),
        ("signDate", json!("2026-03-18")),
        ("plannedStartDate", json!("2026-06-01")),
        ("plannedCompletionDate", json!("2027-12-31")),
        ("constructionStartYear", json!(2026)),
        ("ownerPhone", json!("0512-67890000")),
        ("submitUserName", json!("")),
        ("isTracked", json!("N")),
    ] {
        assert_eq!(d[field], want, "{field}: {d}");
    }
    let road = projects_named(&app, &importer, "园区道路配套工程").await;
    assert_eq!(
        (road[0]["projectType"].as_str(), road[0]["totalInvestment"].as_str(), road[0]["libraryStatus"].as_str()),
        (Some("05"), Some("800.0001"), Some("0"))
    );
    // Drafts of the importer: the clerk of the same park sees them, and may submit them as any draft.
    assert_eq!(projects_named(&app, &z.clerk, "智能电机装备项目").await.len(), 1);

    // The same file again is a file uploaded twice: every name is refused, nothing doubles…
    let (s, reply) = upload(&app, Some(&importer), PROJECT_IMPORT, "项目.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    assert_eq!(
        problems(&reply),
        vec![
            (2, "项目名称".to_string(), "项目名称 [智能电机装备项目] 已存在".to_string()),
            (3, "项目名称".to_string(), "项目名称 [园区道路配套工程] 已存在".to_string()),
        ]
    );
    assert_eq!(projects_named(&app, &importer, "智能电机装备项目").await.len(), 1);
    // …unless asked to import a project of a name already seen all the same.
    let (s, reply) = upload(&app, Some(&importer), PROJECT_IMPORT, "项目.xlsx", &file, true).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 2, "updated": 0 })), "{reply}");
    let twins = projects_named(&app, &importer, "智能电机装备项目").await;
    assert_eq!(twins.len(), 2);
    for t in &twins {
        let amounts = (&t["totalInvestment"], &t["equipmentInvestment"], &t["industryCode"], &t["libraryStatus"]);
        assert_eq!(amounts, (&json!("12345.67"), &json!("2345.67"), &json!("C38"), &json!("0")), "{t}");
    }
}

#[actix_web::test]
async fn a_file_with_bad_rows_imports_nothing_and_names_each_row_and_column() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "校验导入园区").await;
    dept(&app, &z.tenant, &z.top, "西区", 2).await;
    let importer = person(&app, &z.tenant, "importer", &z.east, &[CLERK, IMPORTER].concat()).await;
    let change = |patch: Vec<(&'static str, Value)>| {
        let mut row = motor_row();
        for (h, v) in patch {
            row.retain(|(k, _)| *k != h);
            row.push((h, v));
        }
        row
    };
    let file = xlsx(
        &PROJECT_HEADERS,
        &[
            change(vec![("项目名称", text("甲")), ("项目类型", text("火星项目"))]),
            change(vec![("项目名称", text("乙")), ("其中设备投资(万元)", text("12345.68"))]),
            change(vec![("项目名称", text("丙")), ("计划竣工日期", text("2026-05-31"))]),
            change(vec![("项目名称", Value::Empty)]),
            change(vec![("项目名称", text("戊")), ("属地园区", text("西区"))]),
            change(vec![("项目名称", text("己")), ("属地园区", text("北区"))]),
            change(vec![("项目名称", text("庚")), ("计划总投资(万元)", text("1.23456"))]),
            change(vec![("项目名称", text("辛")), ("项目类型", text("技术改造项目"))]),
            change(vec![("项目名称", text("好项目"))]),
            change(vec![("项目名称", text("好项目"))]),
        ],
    );
    let (s, reply) = upload(&app, Some(&importer), PROJECT_IMPORT, "项目.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    let p = |row: u64, field: &str, reason: &str| (row, field.to_string(), reason.to_string());
    assert_eq!(
        problems(&reply),
        vec![
            p(2, "项目类型", "「火星项目」不是有效的选项"),
            p(3, "其中设备投资(万元)", "设备投资不能大于计划总投资"),
            p(4, "计划竣工日期", "计划竣工日期不能早于计划开工日期"),
            p(5, "项目名称", "不能为空"),
            p(6, "属地园区", "超出本人的数据权限范围"),
            p(7, "属地园区", "机构不存在: 北区"),
            p(8, "计划总投资(万元)", "最多4位小数"),
            p(9, "改造类型", "不能为空"),
            p(11, "项目名称", "项目名称 [好项目] 与第10行重复"),
        ]
    );
    assert!(reply["msg"].as_str().unwrap().starts_with("导入失败: 9 行数据有误"), "{reply}");
    let (_, all) = projects::get(&app, Some(&z.admin), "/list?size=100").await;
    assert_eq!(all["data"]["total"], 0, "nothing written: {all}");
}

/// A project of the east park in the library (已签约, so tracked); answers `(id, number)`.
async fn numbered(app: &TestApp, z: &Zone, name: &str) -> (String, String) {
    let id = in_library(app, z, project(name, &z.east)).await;
    let no = projects::detail(app, &z.clerk, &id).await["projectNo"].as_str().unwrap().to_string();
    assert!(no.starts_with("XM"), "{no}");
    (id, no)
}

fn report_row(period: Value, no: &str, amount: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("月份", period),
        ("项目编号", text(no)),
        ("本月完成投资(万元)", text(amount)),
        ("当前节点", text("签约")),
        ("形象进度", text("办理前期手续")),
        ("是否存在问题", text("否")),
    ]
}

#[actix_web::test]
async fn monthly_reports_import_as_drafts_and_a_submitted_or_approved_month_is_refused() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "月报导入园区").await;
    let importer = person(&app, &z.tenant, "importer", &z.east, &[CLERK, IMPORTER].concat()).await;
    let (p, no) = numbered(&app, &z, "电机项目").await;

    let (s, _, template) = download(&app, Some(&importer), REPORT_TEMPLATE).await;
    assert_eq!(s, 200);
    let hints = rows_of(&template, &REPORT_HEADERS);
    assert_eq!((hints[0]["月份"].as_str(), hints[0]["是否存在问题"].as_str()), ("必填，如 2026-10", "必填，可选: 是/否"), "{hints:?}");

    // September by number as text, October as the date Excel makes of "2026-10", with its composition.
    let mut october = report_row(day("2026-10-01"), &no, "300.2501");
    october.extend([("建筑工程(万元)", text("300")), ("其他费用(万元)", number("0.2501")), ("在岗施工人数", text("35"))]);
    let file = xlsx(&REPORT_HEADERS, &[report_row(text("2026-09"), &no, "1200.5"), october]);
    let (s, reply) = upload(&app, Some(&importer), REPORT_IMPORT, "月报.xlsx", &file, false).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 2, "updated": 0 })), "{reply}");
    let reports = reports_of(&app, &z.clerk, &p).await;
    let got: Vec<_> = reports
        .iter()
        .map(|r| {
            let f = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (
                r["periodMonth"].as_i64().unwrap(),
                f("reportStatus"),
                f("monthInvestment"),
                f("projectStatus"),
                f("currentStage"),
                f("hasIssue"),
            )
        })
        .collect();
    let row = |m: i64, amount: &str| (m, "0".to_string(), amount.to_string(), "30".to_string(), "1".to_string(), "N".to_string());
    assert_eq!(got, vec![row(9, "1200.5"), row(10, "300.2501")], "{reports:?}");
    assert_eq!((reports[1]["buildingInvestment"].as_str(), reports[1]["workersOnSite"].as_i64()), (Some("300"), Some(35)));

    // September goes through review and is approved; October is still a draft.
    let september = reports[0]["id"].as_str().unwrap().to_string();
    let october_id = reports[1]["id"].as_str().unwrap().to_string();
    took(&app, &z.clerk, &[&september], "submit", "").await;
    took(&app, &z.checker, &[&september], "approve", "").await;

    // Laid over the months again: September is refused, so October is not changed either.
    let again = xlsx(&REPORT_HEADERS, &[report_row(text("2026-09"), &no, "1"), report_row(text("2026-10"), &no, "2")]);
    let (s, reply) = upload(&app, Some(&importer), REPORT_IMPORT, "月报.xlsx", &again, true).await;
    assert_eq!(s, 400, "{reply}");
    assert_eq!(problems(&reply), vec![(2, "月份".to_string(), "「电机项目」2026年9月的月报已提交审核或已通过，不能修改".to_string())]);
    let amounts: Vec<_> = reports_of(&app, &z.clerk, &p).await.iter().map(|r| r["monthInvestment"].clone()).collect();
    assert_eq!(amounts, vec![json!("1200.5"), json!("300.2501")]);

    // Without 覆盖 an existing draft is a duplicate; with it the draft takes the row (by the project's name
    // this time: its number is left empty), and stays a draft.
    let mut by_name = report_row(text("2026-10"), "", "2");
    by_name.push(("项目名称", text("电机项目")));
    let file = xlsx(&REPORT_HEADERS, &[by_name]);
    let (s, reply) = upload(&app, Some(&importer), REPORT_IMPORT, "月报.xlsx", &file, false).await;
    assert_eq!((s, problems(&reply)), (400, vec![(2, "月份".to_string(), "「电机项目」2026年10月的月报已存在".to_string())]));
    let (s, reply) = upload(&app, Some(&importer), REPORT_IMPORT, "月报.xlsx", &file, true).await;
    assert_eq!((s, &reply["data"]), (200, &json!({ "created": 0, "updated": 1 })), "{reply}");
    let d = reports_of(&app, &z.clerk, &p).await;
    assert_eq!(
        (d[1]["id"].as_str(), d[1]["monthInvestment"].as_str(), d[1]["reportStatus"].as_str()),
        (Some(october_id.as_str()), Some("2"), Some("0"))
    );
    // The row is the whole report: a composition it leaves empty is cleared with it.
    assert_eq!(d[1]["buildingInvestment"], Json::Null, "{}", d[1]);

    // Rules of the form, per row and column; a month to come, a composition that does not add up.
    let mut parts = report_row(text("2026-08"), &no, "100");
    parts.push(("建筑工程(万元)", text("99")));
    let file = xlsx(&REPORT_HEADERS, &[report_row(text("2099-01"), &no, "1"), parts, report_row(text("2026-13"), &no, "1")]);
    let (s, reply) = upload(&app, Some(&importer), REPORT_IMPORT, "月报.xlsx", &file, false).await;
    assert_eq!(s, 400, "{reply}");
    let reasons: Vec<_> = problems(&reply).into_iter().map(|(r, f, _)| (r, f)).collect();
    assert_eq!(reasons, vec![(2, "月份".to_string()), (3, "建筑工程(万元)".to_string()), (4, "月份".to_string())], "{reply}");
    assert_eq!(reports_of(&app, &z.clerk, &p).await.len(), 2, "nothing written");
}

#[actix_web::test]
async fn a_project_number_out_of_scope_or_of_another_tenant_is_unknown() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "编号甲园区").await;
    let (_, no) = numbered(&app, &z, "东区电机项目").await;
    let west = dept(&app, &z.tenant, &z.top, "西区", 2).await;
    let west_clerk = person(&app, &z.tenant, "west", &west, &[CLERK, IMPORTER].concat()).await;
    let other = zone(&app, "编号乙园区").await;
    let foreigner = person(&app, &other.tenant, "importer", &other.east, &[CLERK, IMPORTER].concat()).await;
    let unknown = vec![(2, "项目编号".to_string(), "项目不存在".to_string())];
    let file = xlsx(&REPORT_HEADERS, &[report_row(text("2026-09"), &no, "1")]);
    for (who, token) in [("another park", &west_clerk), ("another tenant", &foreigner)] {
        let (s, reply) = upload(&app, Some(token), REPORT_IMPORT, "月报.xlsx", &file, false).await;
        assert_eq!((s, problems(&reply)), (400, unknown.clone()), "{who}: {reply}");
    }
    // …and so is a name the importer cannot see.
    let mut by_name = report_row(text("2026-09"), "", "1");
    by_name.push(("项目名称", text("东区电机项目")));
    let (s, reply) = upload(&app, Some(&west_clerk), REPORT_IMPORT, "月报.xlsx", &xlsx(&REPORT_HEADERS, &[by_name]), false).await;
    assert_eq!((s, problems(&reply)), (400, vec![(2, "项目名称".to_string(), "项目不存在".to_string())]), "{reply}");
}

#[actix_web::test]
async fn each_import_and_its_template_answer_by_their_own_button() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "导入权限园区").await;
    let projects_only = person(&app, &z.tenant, "projects", &z.east, &[CLERK, &["project_warehousing_import"]].concat()).await;
    let reports_only = person(&app, &z.tenant, "reports", &z.east, &["track_project", "track_project_view", "track_project_import"]).await;
    let renovation = person(&app, &z.tenant, "renovation", &z.east, &["technical_renovation_import"]).await;
    let each = |token: Option<String>| {
        let app = &app;
        async move {
            let t = token.as_deref();
            vec![
                download(app, t, PROJECT_TEMPLATE).await.0,
                upload(app, t, PROJECT_IMPORT, "x.xlsx", b"not a spreadsheet", false).await.0,
                download(app, t, REPORT_TEMPLATE).await.0,
                upload(app, t, REPORT_IMPORT, "x.xlsx", b"not a spreadsheet", false).await.0,
            ]
        }
    };
    // With the button, a file that is no spreadsheet is the uploader's mistake (400), never a 403.
    assert_eq!(each(Some(projects_only)).await, vec![200, 400, 403, 403], "项目入库 导入");
    assert_eq!(each(Some(renovation)).await, vec![200, 400, 403, 403], "技术改造 导入");
    assert_eq!(each(Some(reports_only)).await, vec![403, 403, 200, 400], "跟踪项目 导入");
    assert_eq!(each(Some(z.clerk.clone())).await, vec![403; 4], "the filler without the import button");
    assert_eq!(each(None).await, vec![401; 4], "anonymous");
}
