//! The breakdown in Excel (`outputTarget/export`): exactly the rows `outputTarget/list` shows for the
//! same year and department, under a title and the unit, with the totals row and, for a department
//! with a target of its own, that target and what no enterprise holds yet (待落实).
use keeper_common::AppError;
use keeper_excel::{Column, Sheet, SheetWriter, Value};

use super::view::Breakdown;
use crate::cells::NONE;

const MONTH_HEADERS: [&str; 12] = ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"];
const MONTH_KEYS: [&str; 12] = ["m01", "m02", "m03", "m04", "m05", "m06", "m07", "m08", "m09", "m10", "m11", "m12"];

pub fn file_name(year: i32, dept: Option<&str>) -> String {
    match dept {
        Some(d) => format!("{year}年度产值分解-{d}.xlsx"),
        None => format!("{year}年度产值分解.xlsx"),
    }
}

fn sheet() -> Sheet {
    let mut columns = vec![
        Column::text("enterpriseName", "企业名称", 28.0),
        Column::text("deptName", "属地", 16.0),
        Column::decimal("lastYearOutput", "上年实际产值", 14.0, 4),
        Column::decimal("annualTarget", "年度目标产值", 14.0, 4),
        Column::decimal("targetGrowth", "目标增速(%)", 11.0, 2),
        Column::text("splitModeName", "分月方式", 14.0),
    ];
    for (key, header) in MONTH_KEYS.iter().zip(MONTH_HEADERS) {
        columns.push(Column::decimal(key, header, 12.0, 4));
    }
    columns.push(Column::text("targetStatusName", "状态", 10.0));
    Sheet::new("年度产值分解", columns)
}

fn figure(d: Option<rust_decimal::Decimal>) -> Value {
    d.map_or_else(|| Value::Text(NONE.into()), Value::Decimal)
}

/// The xlsx of breakdown `b` of department `dept` (the whole scope when none).
pub fn export(b: &Breakdown, dept: Option<&str>) -> Result<Vec<u8>, AppError> {
    let sheet = sheet();
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&format!("{}年度产值分解{}", b.year, dept.map(|d| format!("（{d}）")).unwrap_or_default()))?;
    w.unit_line("万元")?;
    for t in &b.records {
        let r = &t.row;
        let mut values = vec![
            Value::Text(t.enterprise_name.clone()),
            Value::Text(t.dept_name.clone()),
            figure(r.last_year_output),
            Value::Decimal(r.annual_target),
            figure(r.target_growth),
            Value::Text(t.split_mode_name.clone()),
        ];
        for m in [r.m01, r.m02, r.m03, r.m04, r.m05, r.m06, r.m07, r.m08, r.m09, r.m10, r.m11, r.m12] {
            values.push(Value::Decimal(m.unwrap_or_default()));
        }
        values.push(Value::Text(t.target_status_name.clone()));
        w.row(&values)?;
    }
    let mut total = vec![
        Value::Text("合计".into()),
        Value::Empty,
        Value::Decimal(b.totals.last_year_output),
        Value::Decimal(b.totals.annual_target),
        Value::Empty,
        Value::Empty,
    ];
    for m in &b.totals.months {
        total.push(Value::Decimal(*m));
    }
    total.push(Value::Empty);
    w.total_row(&total)?;
    if let (Some(target), Some(unassigned)) = (b.dept_target, b.unassigned) {
        let mut line = |label: &str, v| -> Result<(), AppError> {
            let mut values = vec![Value::Text(label.into()), Value::Empty, Value::Empty, Value::Decimal(v)];
            values.resize(sheet.columns.len(), Value::Empty);
            Ok(w.row(&values)?)
        };
        line("部门目标", target)?;
        line("待落实(部门目标−企业目标合计)", unassigned)?;
    }
    Ok(w.finish()?)
}
