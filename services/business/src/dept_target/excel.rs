//! Targets in Excel. The completion view (`target/export`): exactly the rows of `target/completion` for
//! the same indicator and period, under a title and the indicator's unit, subtotals and the total banded.
//! The targets themselves (`target/export-targets`): the rows of `target/list` with their monthly split,
//! in the layout `target/import` reads back (header on the first row, labels and department names), so
//! that an exported file is a file to import.
use keeper_excel::{Column, Sheet, SheetWriter, Value};

use super::completion::CompletionRow;
use super::view::TargetView;
use crate::cells::{opt_money, rate};
use crate::period::Period;
use crate::reference::Reference;
use keeper_common::AppError;

pub fn file_name(period: Period, indicator: &str) -> String {
    format!("{}目标完成情况-{}.xlsx", period.title_label(), plain_name(indicator))
}

/// The indicator's name without its unit: "项目完成投资(万元)" → "项目完成投资".
fn plain_name(label: &str) -> &str {
    label.split_once('(').map_or(label, |(name, _)| name)
}

/// The unit in the label's brackets, "万元" when it names none.
fn unit(label: &str) -> &str {
    label.split_once('(').and_then(|(_, rest)| rest.strip_suffix(')')).unwrap_or("万元")
}

fn sheet(p: Period) -> Sheet {
    let months = p.to_date_label();
    Sheet::new(
        "目标完成情况",
        vec![
            Column::text("deptName", "责任单位", 24.0),
            Column::decimal("annualTarget", "年度目标", 14.0, 4),
            Column::decimal("periodTarget", &format!("{months}目标"), 14.0, 4),
            Column::decimal("actual", &format!("{months}完成"), 14.0, 4),
            Column::decimal("completion", "完成率(%)", 11.0, 2),
            Column::decimal("timeProgress", "时序进度(%)", 11.0, 2),
            Column::decimal("scheduleGap", "超/落后(百分点)", 14.0, 2),
            Column::decimal("lastYear", "上年同期", 14.0, 4),
            Column::decimal("yoy", "同比(%)", 10.0, 2),
            Column::int("rank", "排名", 8.0),
        ],
    )
}

/// The xlsx of `rows` for `indicator_label` (the dictionary's label, unit in brackets) at `period`.
pub fn export(rows: &[CompletionRow], period: Period, indicator_label: &str) -> Result<Vec<u8>, AppError> {
    let sheet = sheet(period);
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&format!("{}{}目标完成情况", period.title_label(), plain_name(indicator_label)))?;
    w.unit_line(unit(indicator_label))?;
    for r in rows {
        // Indented by depth, as the tree on screen.
        let name = format!("{}{}", "　".repeat(r.depth), r.dept_name);
        let values = [
            Value::Text(name),
            opt_money(r.annual_target),
            opt_money(r.period_target),
            opt_money(r.actual),
            rate(r.completion),
            Value::Decimal(r.time_progress),
            rate(r.schedule_gap),
            opt_money(r.last_year),
            rate(r.yoy),
            r.rank.map_or(Value::Empty, |k| Value::Int(i64::from(k))),
        ];
        match (r.kind, r.subtotal) {
            ("total", _) => w.total_row(&values)?,
            (_, true) => w.subtotal_row(&values)?,
            _ => w.row(&values)?,
        }
    }
    Ok(w.finish()?)
}

/// The month columns: `(import field, header, export key)`. The form names a month `m1` in its errors;
/// the view carries it as `m01`.
pub const MONTHS: [(&str, &str, &str); 12] = [
    ("m1", "1月", "m01"),
    ("m2", "2月", "m02"),
    ("m3", "3月", "m03"),
    ("m4", "4月", "m04"),
    ("m5", "5月", "m05"),
    ("m6", "6月", "m06"),
    ("m7", "7月", "m07"),
    ("m8", "8月", "m08"),
    ("m9", "9月", "m09"),
    ("m10", "10月", "m10"),
    ("m11", "11月", "m11"),
    ("m12", "12月", "m12"),
];

pub fn targets_file_name(year: i32, indicator: Option<&str>) -> String {
    format!("{year}年{}目标任务.xlsx", indicator.map(plain_name).unwrap_or_default())
}

/// The layout of the target list: the fields of `target/submit` with dictionary labels and department
/// names (the template's hints say what each takes), then the workflow's columns, export-only.
pub fn targets_sheet(r: &Reference) -> Sheet {
    let indicators = r.dict("target_indicator");
    let modes = r.dict("split_mode");
    let example = indicators.labels().next().map(|l| format!("必填，选项名称，如 {l}")).unwrap_or_else(|| "必填".into());
    let mode_hint = format!("可选: {}；不填为{}", modes.labels().collect::<Vec<_>>().join("/"), modes.labels().next().unwrap_or_default());
    let mut columns = vec![
        Column::int("targetYear", "年度", 8.0).required().note("必填，如 2026"),
        Column::text("deptId", "责任单位", 20.0)
            .exported_from("deptFileName")
            .required()
            .note("必填，机构名称；重名时填写路径，如 管委会/东区"),
        Column::dict("indicatorCode", "指标", 24.0, indicators).required().note(example),
        Column::decimal("annualTarget", "年度目标", 14.0, 4).required().note("必填，最多4位小数"),
        Column::decimal("targetGrowth", "目标增速(%)", 12.0, 2),
        Column::decimal("lastYearActual", "上年实际", 14.0, 4),
        Column::dict("splitMode", "分解方式", 16.0, modes).note(mode_hint),
        Column::decimal("q1Share", "一季度累计(%)", 14.0, 2).note("按季度节点时必填，如 20"),
        Column::decimal("h1Share", "上半年累计(%)", 14.0, 2).note("如 50"),
        Column::decimal("q3Share", "前三季度累计(%)", 15.0, 2).note("如 75"),
    ];
    for (i, (field, header, key)) in MONTHS.into_iter().enumerate() {
        let c = Column::decimal(field, header, 11.0, 4).exported_from(key);
        columns.push(if i == 0 { c.note("手工分解时填写各月，合计等于年度目标") } else { c });
    }
    columns.extend([
        Column::text("remark", "备注", 30.0),
        Column::text("targetStatusName", "状态", 10.0).export_only(),
        Column::int("version", "版本", 8.0).export_only(),
        Column::text("issuedName", "下达人", 10.0).export_only(),
        Column::text("issuedTime", "下达时间", 20.0).export_only(),
        Column::text("confirmedName", "确认人", 10.0).export_only(),
        Column::text("confirmedTime", "确认时间", 20.0).export_only(),
    ]);
    Sheet::new("目标任务", columns)
}

/// The xlsx of the targets the list shows (`rows`, in its order).
pub fn export_targets(rows: &[TargetView], r: &Reference) -> Result<Vec<u8>, AppError> {
    let sheet = targets_sheet(r);
    let mut w = SheetWriter::export(&sheet)?;
    for t in rows {
        let mut record = match serde_json::to_value(t) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => return Err(AppError::internal("a target view is a JSON object")),
        };
        record.insert("deptFileName".into(), r.dept_file_name(t.row.dept_id).into());
        w.row(&sheet.values_of(&record))?;
    }
    Ok(w.finish()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unit_and_name_come_from_the_indicator_label() {
        assert_eq!((plain_name("项目完成投资(万元)"), unit("项目完成投资(万元)")), ("项目完成投资", "万元"));
        assert_eq!((plain_name("新开工项目数(个)"), unit("新开工项目数(个)")), ("新开工项目数", "个"));
        assert_eq!((plain_name("其他"), unit("其他")), ("其他", "万元"));
    }
}
