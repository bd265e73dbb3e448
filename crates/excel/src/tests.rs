use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::*;

fn sex() -> Dict {
    Dict::new([("1".to_string(), "男".to_string()), ("2".to_string(), "女".to_string())])
}

fn sheet() -> Sheet {
    Sheet::new(
        "人员",
        vec![
            Column::text("account", "账号", 16.0).required().note("必填，如 zhangsan"),
            Column::text("phone", "手机号", 16.0).note("如 13800138000"),
            Column::dict("sex", "性别", 8.0, sex()).note("男 或 女"),
            Column::int("age", "年龄", 8.0),
            Column::decimal("capital", "注册资本(万元)", 14.0, 4),
            Column::date("birthday", "生日", 12.0),
            Column::text("createTime", "创建时间", 20.0).export_only(),
        ],
    )
}

fn export(rows: &[Vec<Value>]) -> Vec<u8> {
    let s = sheet();
    let mut w = SheetWriter::export(&s).unwrap();
    for r in rows {
        w.row(r).unwrap();
    }
    w.finish().unwrap()
}

/// A workbook written directly, for files no Keeper export would produce.
fn raw(rows: &[&[&str]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let ws = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            if !v.is_empty() {
                ws.write_string(r as u32, c as u16, *v).unwrap();
            }
        }
    }
    book.save_to_buffer().unwrap()
}

const HEADER: &[&str] = &["账号", "手机号", "性别", "年龄", "注册资本(万元)", "生日"];

#[test]
fn an_export_reads_back_to_the_same_values() {
    let day = NaiveDate::from_ymd_opt(1990, 5, 17).unwrap();
    let bytes = export(&[
        vec![
            "zhangsan".into(),
            "013800138000".into(),
            "1".into(),
            42.into(),
            Decimal::new(12345678, 4).into(),
            day.into(),
            "2026-01-02 08:00:00".into(),
        ],
        vec!["lisi".into(), Value::Empty, "2".into(), Value::Empty, Value::Empty, Value::Empty, Value::Empty],
    ]);
    let parsed = read(&bytes, &sheet()).unwrap();
    assert!(parsed.report.is_empty(), "{:?}", parsed.report.into_sorted());
    assert_eq!(parsed.rows.len(), 2);
    let first = &parsed.rows[0];
    assert_eq!(first.line, 2);
    assert_eq!(first.text("account").as_deref(), Some("zhangsan"));
    assert_eq!(first.text("phone").as_deref(), Some("013800138000"), "text keeps leading zeros");
    assert_eq!(first.text("sex").as_deref(), Some("1"), "the label 男 reads back as its key");
    assert_eq!(first.int("age"), Some(42));
    assert_eq!(first.decimal("capital"), Some(Decimal::new(12345678, 4)));
    assert_eq!(first.date("birthday"), Some(day));
    assert_eq!(first.get("createTime"), &Value::Empty, "export-only columns are not read");
    assert_eq!(parsed.rows[1].text("sex").as_deref(), Some("2"));
    assert_eq!(parsed.rows[1].get("phone"), &Value::Empty);
}

#[test]
fn a_template_holds_the_import_headers_and_its_example_row_is_skipped() {
    let bytes = template(&sheet()).unwrap();
    let parsed = read(&bytes, &sheet()).unwrap();
    assert!(parsed.rows.is_empty() && parsed.report.is_empty());
    // The example row left in place, plus one real row.
    let bytes = raw(&[HEADER, &["必填，如 zhangsan", "如 13800138000", "男 或 女"], &["wangwu", "139", "女"]]);
    let parsed = read(&bytes, &sheet()).unwrap();
    assert_eq!(parsed.rows.len(), 1);
    assert_eq!(parsed.rows[0].line, 3);
}

#[test]
fn columns_are_matched_by_header_in_any_order() {
    let bytes =
        raw(&[&["生日", "账号", "性别", "手机号", "年龄", "注册资本(万元)", "创建时间"], &["2020/1/2", "a1", "男", "", "7", "1.5", "x"]]);
    let parsed = read(&bytes, &sheet()).unwrap();
    assert!(parsed.report.is_empty(), "{:?}", parsed.report.into_sorted());
    let row = &parsed.rows[0];
    assert_eq!(row.date("birthday"), NaiveDate::from_ymd_opt(2020, 1, 2));
    assert_eq!(row.int("age"), Some(7));
    assert_eq!(row.decimal("capital"), Some(Decimal::new(15, 1)));
}

#[test]
fn a_wrong_header_is_refused_with_a_clear_reason() {
    let missing = read(&raw(&[&["账号", "手机号"], &["a"]]), &sheet()).unwrap_err();
    assert_eq!(missing.to_string(), "表头与模板不一致: 缺少列「性别」「年龄」「注册资本(万元)」「生日」，请下载导入模板");
    let unknown = read(&raw(&[&["账号", "电话", "性别", "年龄", "注册资本(万元)", "生日"]]), &sheet()).unwrap_err();
    assert!(unknown.to_string().contains("无法识别的列「电话」"), "{unknown}");
    let twice = read(&raw(&[&["账号", "账号"]]), &sheet()).unwrap_err();
    assert!(twice.to_string().contains("重复"), "{twice}");
    let shifted = read(&raw(&[&[], HEADER]), &sheet()).unwrap_err();
    assert!(matches!(shifted, ExcelError::Header(_)), "{shifted}");
    assert_eq!(read(&raw(&[]), &sheet()).unwrap_err(), ExcelError::Empty);
}

#[test]
fn every_bad_cell_is_reported_with_its_row_and_header() {
    let bytes =
        raw(&[HEADER, &["", "1", "未知", "abc", "1.23456", "32/13/2020"], &["ok", "", "", "", "", ""], &["b", "", "女", "3.5", "", ""]]);
    let parsed = read(&bytes, &sheet()).unwrap();
    let messages: Vec<String> = parsed.report.into_sorted().into_iter().map(|e| e.message).collect();
    assert_eq!(
        messages,
        vec![
            "第2行 账号: 不能为空",
            "第2行 性别: 「未知」不是有效的选项",
            "第2行 年龄: 应为整数",
            "第2行 注册资本(万元): 最多4位小数",
            "第2行 生日: 日期格式应为 yyyy-MM-dd",
            "第4行 年龄: 应为整数",
        ]
    );
    assert_eq!(parsed.rows.len(), 1, "only the good row is handed on");
    assert_eq!(parsed.rows[0].line, 3);
}

#[test]
fn a_date_cell_outside_excels_calendar_is_a_row_error_not_a_panic() {
    // Issue 12, defect 4: calamine's conversion panicked on a huge negative serial.
    let mut book = rust_xlsxwriter::Workbook::new();
    let ws = book.add_worksheet();
    let date = rust_xlsxwriter::Format::new().set_num_format("yyyy-mm-dd");
    for (c, h) in HEADER.iter().enumerate() {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    for (r, serial) in [(1, -1e15), (2, -1.0), (3, 1e12), (4, 33000.0)] {
        ws.write_string(r, 0, format!("u{r}")).unwrap();
        ws.write_number_with_format(r, 5, serial, &date).unwrap();
    }
    let parsed = read(&book.save_to_buffer().unwrap(), &sheet()).unwrap();
    let messages: Vec<String> = parsed.report.into_sorted().into_iter().map(|e| e.message).collect();
    assert_eq!(messages, vec!["第2行 生日: 不是有效的日期", "第3行 生日: 不是有效的日期", "第4行 生日: 不是有效的日期"]);
    assert_eq!(parsed.rows.len(), 1);
    assert_eq!(parsed.rows[0].get("birthday"), &Value::Date(NaiveDate::from_ymd_opt(1990, 5, 7).unwrap()));
}

#[test]
fn a_day_excel_cannot_hold_is_exported_as_text_and_the_file_is_still_written() {
    // Issue 12, defect 5: one founding date before 1900 made every export of the tenant fail.
    let old = NaiveDate::from_ymd_opt(1850, 3, 1).unwrap();
    let bytes = export(&[vec!["old".into(), Value::Empty, Value::Empty, Value::Empty, Value::Empty, old.into()]]);
    let mut book: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    use calamine::Reader;
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(range.get((1, 5)), Some(&calamine::Data::String("1850-03-01".into())));
}

#[test]
fn files_that_are_not_spreadsheets_are_refused() {
    let exe = [b"MZ\x90\x00\x03\x00\x00\x00".as_slice(), &[0u8; 200]].concat();
    assert_eq!(read(&exe, &sheet()).unwrap_err(), ExcelError::NotSpreadsheet);
    assert_eq!(read(b"", &sheet()).unwrap_err(), ExcelError::NotSpreadsheet);
    assert_eq!(read(b"account,phone\na,1\n", &sheet()).unwrap_err(), ExcelError::NotSpreadsheet);
    // A zip that is not a workbook, and a truncated workbook.
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("hello.txt", zip::write::SimpleFileOptions::default()).unwrap();
    std::io::Write::write_all(&mut zip, b"hello").unwrap();
    let plain_zip = zip.finish().unwrap().into_inner();
    assert_eq!(read(&plain_zip, &sheet()).unwrap_err(), ExcelError::Unreadable);
    let whole = template(&sheet()).unwrap();
    assert_eq!(read(&whole[..whole.len() / 2], &sheet()).unwrap_err(), ExcelError::Unreadable);
    let cfb = [&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1][..], &[0u8; 600]].concat();
    assert_eq!(read(&cfb, &sheet()).unwrap_err(), ExcelError::Unreadable);
}

#[test]
fn oversize_files_and_zip_bombs_are_refused() {
    let big = [ZIP_PREFIX, &vec![0u8; MAX_UPLOAD_BYTES]].concat();
    assert_eq!(read(&big, &sheet()).unwrap_err(), ExcelError::TooLarge);
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("xl/worksheets/sheet1.xml", zip::write::SimpleFileOptions::default()).unwrap();
    let zeros = vec![b' '; 1024 * 1024];
    for _ in 0..110 {
        std::io::Write::write_all(&mut zip, &zeros).unwrap();
    }
    let bomb = zip.finish().unwrap().into_inner();
    assert!(bomb.len() < MAX_UPLOAD_BYTES);
    assert_eq!(read(&bomb, &sheet()).unwrap_err(), ExcelError::TooLarge);
}

const ZIP_PREFIX: &[u8] = b"PK\x03\x04";

#[test]
fn more_than_the_row_limit_is_refused() {
    let s = Sheet::new("t", vec![Column::text("a", "A", 8.0)]);
    let write = |n: usize| {
        let mut w = SheetWriter::export(&s).unwrap();
        for i in 0..n {
            w.row(&[format!("r{i}").into()]).unwrap();
        }
        w.finish().unwrap()
    };
    assert_eq!(read(&write(MAX_DATA_ROWS), &s).unwrap().rows.len(), MAX_DATA_ROWS);
    assert_eq!(read(&write(MAX_DATA_ROWS + 1), &s).unwrap_err(), ExcelError::TooManyRows);
}

#[test]
fn errors_of_a_file_are_answered_on_the_file_field() {
    let e: keeper_common::AppError = ExcelError::NotSpreadsheet.into();
    assert_eq!(e.code(), 400);
    assert!(e.to_string().starts_with("file: "), "{e}");
    let e: keeper_common::AppError = ExcelError::Write("x".into()).into();
    assert_eq!(e.code(), 500);
}

/// A dispatch-sheet style export: the committee, its parks, and the zone total.
fn report_sheet() -> Sheet {
    Sheet::new(
        "产值",
        vec![
            Column::text("dept", "单位", 16.0),
            Column::decimal("month", "本月", 12.0, 4),
            Column::decimal("ytd", "1–3月累计", 12.0, 4),
            Column::int("reports", "已报企业数", 10.0),
        ],
    )
}

fn report(rows: &[(&str, Vec<Value>)]) -> Vec<u8> {
    let s = report_sheet();
    let mut w = SheetWriter::export(&s).unwrap();
    w.title("东区经开区 2026年1–3月规上工业产值完成情况表").unwrap();
    w.unit_line("万元").unwrap();
    for (band, values) in rows {
        match *band {
            "subtotal" => w.subtotal_row(values).unwrap(),
            "total" => w.total_row(values).unwrap(),
            "group" => match &values[0] {
                Value::Text(t) => w.group_row(t).unwrap(),
                other => panic!("a group title is text: {other:?}"),
            },
            _ => w.row(values).unwrap(),
        }
    }
    w.finish().unwrap()
}

fn open(bytes: Vec<u8>) -> calamine::Xlsx<std::io::Cursor<Vec<u8>>> {
    calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap()
}

fn dec(s: &str) -> Value {
    Value::Decimal(s.parse().unwrap())
}

#[test]
fn a_report_has_its_title_and_unit_line_merged_across_the_columns_above_a_frozen_header() {
    use calamine::{Data, Dimensions, Reader};
    let bytes = report(&[("plain", vec!["东区园区".into(), dec("1200.5"), dec("3400.25"), 12.into()])]);
    let mut book = open(bytes.clone());
    let range = book.worksheet_range("产值").unwrap();
    let text = |r: u32, c: u32| range.get_value((r, c)).cloned();
    assert_eq!(text(0, 0), Some(Data::String("东区经开区 2026年1–3月规上工业产值完成情况表".into())));
    assert_eq!(text(1, 0), Some(Data::String("单位：万元".into())));
    let header: Vec<Option<Data>> = (0..4).map(|c| text(2, c)).collect();
    assert_eq!(header, ["单位", "本月", "1–3月累计", "已报企业数"].map(|h| Some(Data::String(h.into()))));
    assert_eq!(text(3, 0), Some(Data::String("东区园区".into())));
    assert_eq!(text(3, 2), Some(Data::Float(3400.25)));
    let merged = book.merge_cells_by_sheet_name("产值").unwrap();
    assert_eq!(merged, vec![Dimensions { start: (0, 0), end: (0, 3) }, Dimensions { start: (1, 0), end: (1, 3) }]);
    let styles = book.worksheet_style("产值").unwrap();
    let title = styles.get((0, 0)).and_then(|s| s.font.clone()).unwrap();
    assert!(title.is_bold() && title.size == Some(16.0), "{title:?}");
    // The panes freeze under the header, wherever it is.
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut xml = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("xl/worksheets/sheet1.xml").unwrap(), &mut xml).unwrap();
    assert!(xml.contains(r#"ySplit="3""#), "{xml}");
}

#[test]
fn subtotal_and_total_rows_are_bold_on_their_own_fills_end_to_end_and_plain_rows_are_not() {
    use calamine::{Color, Data, Reader};
    let bytes = report(&[
        ("subtotal", vec!["东区园区 小计".into(), dec("1300.5"), dec("3600.25"), 14.into()]),
        ("plain", vec!["  东区一街道".into(), dec("1200.5"), dec("3400.25"), 12.into()]),
        ("plain", vec!["  东区二街道".into(), dec("100"), dec("200"), Value::Empty]),
        ("total", vec!["合计".into(), dec("1300.5"), dec("3600.25"), Value::Empty]),
    ]);
    let mut book = open(bytes);
    let range = book.worksheet_range("产值").unwrap();
    assert_eq!(range.get_value((6, 0)), Some(&Data::String("合计".into())));
    assert_eq!(range.get_value((3, 1)), Some(&Data::Float(1300.5)));
    let styles = book.worksheet_style("产值").unwrap();
    let look = |r: u32, c: u32| {
        let style = styles.get((r, c)).cloned().unwrap_or_default();
        let bold = style.font.as_ref().is_some_and(|f| f.is_bold());
        let fill = style.fill.as_ref().filter(|f| f.is_visible()).and_then(|f| f.get_color());
        let number = style.number_format.as_ref().map(|n| n.format_code.clone());
        (bold, fill, number)
    };
    let grey = |v: u8| Some(Color::rgb(v, v, v));
    for c in 0..4 {
        let (bold, fill, _) = look(3, c);
        assert!(bold && fill == grey(0xF2), "subtotal cell {c}: {:?}", look(3, c));
        let (bold, fill, _) = look(6, c);
        assert!(bold && fill == grey(0xD9), "total cell {c}, the empty one included: {:?}", look(6, c));
        let (bold, fill, _) = look(4, c);
        assert!(!bold && fill.is_none(), "plain cell {c}: {:?}", look(4, c));
    }
    // The bands keep the number formats of their columns.
    assert_eq!(look(3, 1).2.as_deref(), Some("0.00##"));
    assert_eq!(look(6, 2).2.as_deref(), Some("0.00##"));
    assert_eq!(look(3, 3).2.as_deref(), Some("0"));
}

#[test]
fn a_title_or_unit_line_after_the_first_row_is_refused_and_a_single_column_is_not_merged() {
    let s = report_sheet();
    let mut w = SheetWriter::export(&s).unwrap();
    w.row(&["a".into()]).unwrap();
    assert!(matches!(w.title("late"), Err(ExcelError::Write(_))));
    assert!(matches!(w.unit_line("万元"), Err(ExcelError::Write(_))));

    let one = Sheet::new("t", vec![Column::text("a", "A", 8.0)]);
    let mut w = SheetWriter::export(&one).unwrap();
    w.title("标题").unwrap();
    w.unit_line("个").unwrap();
    let mut book = open(w.finish().unwrap());
    use calamine::Reader;
    assert!(book.merge_cells_by_sheet_name("t").unwrap().is_empty());
    let range = book.worksheet_range("t").unwrap();
    assert_eq!(range.get_value((1, 0)), Some(&calamine::Data::String("单位：个".into())));
    assert_eq!(range.get_value((2, 0)), Some(&calamine::Data::String("A".into())));
}

#[test]
fn an_export_row_is_read_from_the_serialised_record_by_kind_and_source() {
    let dict = Dict::new([("1".to_string(), "正常".to_string())]);
    let s = Sheet::new(
        "t",
        vec![
            Column::text("name", "名称", 8.0),
            Column::int("count", "人数", 8.0),
            Column::decimal("capital", "资本", 8.0, 4),
            Column::date("since", "成立", 8.0),
            Column::dict("status", "状态", 8.0, dict),
            Column::text("deptId", "园区", 8.0).exported_from("deptName"),
            Column::text("remark", "备注", 8.0),
        ],
    );
    let record = serde_json::json!({
        "name": "甲", "count": 120, "capital": "1200.5000", "since": "2015-03-01", "status": "1",
        "deptId": "7", "deptName": "东区", "remark": ""
    });
    let got = s.values_of(record.as_object().unwrap());
    assert_eq!(
        got,
        vec![
            Value::Text("甲".into()),
            Value::Int(120),
            Value::Decimal(Decimal::new(12005, 1)),
            Value::Date(NaiveDate::from_ymd_opt(2015, 3, 1).unwrap()),
            Value::Text("1".into()),
            Value::Text("东区".into()),
            Value::Empty,
        ]
    );
    // A missing key or a null is an empty cell; a value that is not of its kind is kept as text.
    let odd = serde_json::json!({ "count": null, "since": "soon" });
    let got = s.values_of(odd.as_object().unwrap());
    assert_eq!((&got[0], &got[1], &got[3]), (&Value::Empty, &Value::Empty, &Value::Text("soon".into())));
}

#[test]
fn a_group_title_row_is_merged_across_the_columns_in_bold_between_the_rows() {
    use calamine::{Data, Dimensions, Reader};
    let bytes = report(&[
        ("group", vec!["一、东区".into()]),
        ("plain", vec!["  东区一街道".into(), dec("1200.5"), dec("3400.25"), 12.into()]),
        ("subtotal", vec!["东区小计".into(), dec("1200.5"), dec("3400.25"), 12.into()]),
    ]);
    let mut book = open(bytes);
    let range = book.worksheet_range("产值").unwrap();
    assert_eq!(range.get_value((3, 0)), Some(&Data::String("一、东区".into())));
    assert_eq!(range.get_value((4, 1)), Some(&Data::Float(1200.5)));
    let merged = book.merge_cells_by_sheet_name("产值").unwrap();
    assert!(merged.contains(&Dimensions { start: (3, 0), end: (3, 3) }), "{merged:?}");
    let styles = book.worksheet_style("产值").unwrap();
    assert!(styles.get((3, 0)).and_then(|s| s.font.clone()).is_some_and(|f| f.is_bold()));
}

#[test]
fn picking_a_records_fields_gives_the_cells_of_its_json() {
    use crate::pick::Picks;
    #[derive(serde::Serialize, Clone)]
    #[serde(rename_all = "camelCase")]
    struct Stored {
        name: String,
        count: Option<i32>,
        #[serde(with = "rust_decimal::serde::str_option")]
        capital: Option<Decimal>,
        since: String,
    }
    #[derive(serde::Serialize, Clone)]
    #[serde(rename_all = "camelCase")]
    struct Shown {
        #[serde(flatten)]
        stored: Stored,
        dept_id: String,
        dept_name: String,
        status: String,
        // Not a column: a nested list the JSON route serialised and threw away.
        next_steps: Vec<String>,
        #[serde(skip_serializing_if = "String::is_empty")]
        remark: String,
    }
    #[derive(serde::Serialize, Clone)]
    #[serde(rename_all = "camelCase")]
    struct Plain {
        name: String,
        count: i64,
        status: String,
        remark: String,
    }
    let s = Sheet::new(
        "企业",
        vec![
            Column::text("name", "名称", 8.0),
            Column::int("count", "人数", 8.0),
            Column::decimal("capital", "资本", 8.0, 4),
            Column::date("since", "成立", 8.0),
            Column::dict("status", "状态", 8.0, sex()),
            Column::text("deptId", "园区", 8.0).exported_from("deptName"),
            Column::text("deptName", "园区名称", 8.0),
            Column::text("remark", "备注", 8.0),
        ],
    );
    let picks = Picks::of(&s);
    let json_route = |v: serde_json::Value| s.values_of(v.as_object().unwrap());
    let shown = Shown {
        stored: Stored { name: "甲".into(), count: Some(120), capital: Some(Decimal::new(12005, 1)), since: "2015-03-01".into() },
        dept_id: "7".into(),
        dept_name: "东区".into(),
        status: "1".into(),
        next_steps: vec!["submit".into()],
        remark: String::new(),
    };
    let got = picks.row(&shown).expect("a flattened view is a map");
    assert_eq!(got, json_route(serde_json::to_value(&shown).unwrap()));
    assert_eq!(got[5], Value::Text("东区".into()), "a column exported from another key reads that key");
    assert_eq!(got[6], Value::Text("东区".into()), "two columns may read one key");
    let blank = Shown { stored: Stored { count: None, capital: None, since: "soon".into(), ..shown.stored.clone() }, ..shown.clone() };
    let got = picks.row(&blank).unwrap();
    assert_eq!(got, json_route(serde_json::to_value(&blank).unwrap()));
    assert_eq!((&got[1], &got[2], &got[3]), (&Value::Empty, &Value::Empty, &Value::Text("soon".into())));
    let plain = Plain { name: "乙".into(), count: 3, status: "2".into(), remark: "备注".into() };
    assert_eq!(picks.row(&plain).unwrap(), json_route(serde_json::to_value(&plain).unwrap()));
    assert_eq!(picks.row(&vec![1, 2]), None, "not a record: the caller takes the JSON route");
}
