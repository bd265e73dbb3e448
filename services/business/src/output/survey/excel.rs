//! Surveys in Excel (`outputSurvey/export`): what the screen shows for the same year, round and filters —
//! the summary by department with the targets and the gap (缺口), then every survey of the list, all
//! pages — with labels and names, never codes or ids. Money in 万元 with its four decimals.
use keeper_common::AppError;
use keeper_excel::{Column, Sheet, SheetWriter, Value};

use super::view::{OutputSurveyView, Summary, SummaryRow};
use crate::cells::NONE;

pub fn file_name(year: i32, round: Option<&str>) -> String {
    format!("{year}年{}产值摸底.xlsx", round.unwrap_or_default())
}

fn sheet() -> Sheet {
    Sheet::new(
        "产值摸底",
        vec![
            Column::text("deptName", "属地", 18.0),
            Column::text("enterpriseName", "企业名称", 32.0),
            Column::text("surveyRoundName", "批次", 8.0),
            Column::decimal("lastYearOutput", "上年产值", 14.0, 4),
            Column::decimal("expectedOutput", "企业预计", 14.0, 4),
            Column::decimal("expectedGrowth", "预计增速(%)", 11.0, 2),
            Column::decimal("verifiedOutput", "园区核定", 14.0, 4),
            Column::decimal("verifiedGrowth", "核定增速(%)", 11.0, 2),
            Column::decimal("target", "部门目标", 14.0, 4),
            Column::decimal("gap", "缺口(目标−核定)", 14.0, 4),
            Column::decimal("newCapacityOutput", "新增产能贡献", 14.0, 4),
            Column::text("growthFactors", "增长因素", 30.0),
            Column::text("declineFactors", "减产因素/风险", 30.0),
            Column::text("reportStatusName", "状态", 10.0),
        ],
    )
}

fn figure(d: Option<rust_decimal::Decimal>) -> Value {
    d.map_or_else(|| Value::Text(NONE.into()), Value::Decimal)
}

fn summary_line(r: &SummaryRow) -> Vec<Value> {
    vec![
        Value::Text(format!("{}{}", "　".repeat(r.depth), r.dept_name)),
        Value::Text(format!("{} 户，已核定 {} 户", r.surveys, r.approved)),
        Value::Empty,
        Value::Decimal(r.last_year_output.decimal()),
        Value::Decimal(r.expected_output.decimal()),
        figure(r.expected_growth),
        Value::Decimal(r.verified_output.decimal()),
        figure(r.verified_growth),
        figure(r.target.map(|t| t.decimal())),
        figure(r.gap.map(|g| g.decimal())),
        Value::Empty,
        Value::Empty,
        Value::Empty,
        Value::Empty,
    ]
}

/// The xlsx of the summary and the surveys of year `year` (round `round`, by its label, when chosen).
pub fn export(year: i32, round: Option<&str>, summary: &Summary, surveys: &[OutputSurveyView]) -> Result<Vec<u8>, AppError> {
    let sheet = sheet();
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&format!("{year}年{}产值摸底", round.unwrap_or_default()))?;
    w.unit_line("万元")?;
    w.group_row("按属地汇总")?;
    for r in &summary.rows {
        w.row(&summary_line(r))?;
    }
    let mut total = summary_line(&summary.total);
    total[0] = Value::Text(if summary.total.kind == "total" && summary.total.dept_id.is_none() {
        "合计".into()
    } else {
        format!("合计（{}）", summary.total.dept_name)
    });
    w.total_row(&total)?;
    w.group_row("企业明细")?;
    for s in surveys.iter().take(keeper_excel::export::EXPORT_MAX as usize) {
        let r = &s.row;
        w.row(&[
            Value::Text(s.dept_name.clone()),
            Value::Text(s.enterprise_name.clone()),
            Value::Text(s.survey_round_name.clone()),
            Value::Decimal(r.last_year_output),
            Value::Decimal(r.expected_output),
            figure(s.expected_growth),
            figure(r.verified_output),
            figure(s.verified_growth),
            Value::Empty,
            Value::Empty,
            figure(r.new_capacity_output),
            Value::Text(r.growth_factors.clone()),
            Value::Text(r.decline_factors.clone()),
            Value::Text(s.report_status_name.clone()),
        ])?;
    }
    Ok(w.finish()?)
}
