//! The completion view in Excel (`target/export`): exactly the rows of `target/completion` for the same
//! indicator and period, under a title and the indicator's unit, subtotals and the total banded.
use keeper_excel::{Column, Sheet, SheetWriter, Value};

use super::completion::CompletionRow;
use crate::money::Wan;
use crate::period::Period;
use keeper_common::AppError;
use rust_decimal::Decimal;

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

fn money(v: Option<Wan>) -> Value {
    v.map_or(Value::Text("—".into()), |w| Value::Decimal(w.decimal()))
}

fn rate(v: Option<Decimal>) -> Value {
    v.map_or(Value::Text("—".into()), Value::Decimal)
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
            money(r.annual_target),
            money(r.period_target),
            money(r.actual),
            rate(r.completion),
            Value::Decimal(r.time_progress),
            rate(r.schedule_gap),
            money(r.last_year),
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
