//! The 投资预测 screen in Excel, one file per tab, each written from the very rows its tab shows
//! (`list`, `summary::of_month`, `summary::by_project`) in the tab's column order, with labels and names,
//! never codes or ids; money in 万元 with its four decimals, rates in percent, "—" where the screen shows
//! no figure. The month's forecasts (预测填报) start with the month and the project number, so that the
//! file reads back through the import (`import::sheet` is this layout); the two read-only views carry a
//! title and the unit line, as the other report-style exports do.
use keeper_common::AppError;
use keeper_excel::export::row_of;
use keeper_excel::{Column, Sheet, SheetWriter, Value};
use keeper_security::CurrentUser;

use super::summary::{self, DeptRow, ProjectRow};
use crate::cells::{opt_money, rate};
use crate::period::Period;
use crate::review::Status;
use crate::state::AppState;

/// The month as file names and titles say it: `2026年3月`.
fn month_label(p: Period) -> String {
    format!("{}年{}月", p.year(), p.month())
}

pub fn list_file(p: Period) -> String {
    format!("投资预测-{}.xlsx", month_label(p))
}

pub fn summary_file(p: Period) -> String {
    format!("投资预测汇总-{}.xlsx", month_label(p))
}

pub fn projects_file(p: Period) -> String {
    format!("投资预测项目明细-{}.xlsx", month_label(p))
}

/// 预测填报: the columns of the tab, after the month and project number that place a row on import.
pub fn sheet() -> Sheet {
    Sheet::new(
        "投资预测",
        vec![
            Column::text("period", "月份", 10.0),
            Column::text("projectNo", "项目编号", 14.0),
            Column::text("projectName", "项目名称", 36.0),
            Column::text("deptName", "责任单位", 16.0),
            Column::text("reportStatusName", "状态", 10.0),
            Column::decimal("expectedMonthInvestment", "预计本月完成投资(万元)", 18.0, 4),
            Column::decimal("expectedQuarterInvestment", "预计本季度完成投资(万元)", 20.0, 4),
            Column::decimal("expectedYearInvestment", "预计全年完成投资(万元)", 18.0, 4),
            Column::date("expectedStartDate", "预计开工日期", 12.0),
            Column::date("expectedProductionDate", "预计投产日期", 12.0),
            Column::text("submitUserName", "填报人", 10.0),
            Column::text("submitTime", "提交时间", 20.0),
        ],
    )
}

/// The forecasts `list` shows for the same month, status and department, as xlsx.
pub async fn export_list(
    state: &AppState,
    me: &CurrentUser,
    p: Period,
    status: Option<Status>,
    dept: Option<i64>,
) -> Result<Vec<u8>, AppError> {
    let sheet = sheet();
    let mut w = SheetWriter::export(&sheet)?;
    for r in super::list(state, me, p, status, dept).await? {
        w.row(&row_of(r, &sheet)?)?;
    }
    Ok(w.finish()?)
}

fn summary_sheet(p: Period) -> Sheet {
    let months = p.to_date_label();
    Sheet::new(
        "投资预测汇总",
        vec![
            Column::text("deptName", "责任单位", 24.0),
            Column::int("projects", "项目数", 8.0),
            Column::int("flagged", "其中按计划估算", 14.0),
            Column::decimal("annualTarget", "年度目标", 14.0, 4),
            Column::decimal("ytd", &format!("{months}完成"), 14.0, 4),
            Column::decimal("expectedYear", "预计全年", 14.0, 4),
            Column::decimal("expectedRate", "预计完成率(%)", 13.0, 2),
            Column::decimal("gap", "缺口", 14.0, 4),
            Column::decimal("accuracy", "预测准确度(%)", 13.0, 2),
            Column::decimal("trend", "趋势预测", 14.0, 4),
        ],
    )
}

/// The department summary's rows as xlsx: subtotals and the total banded, names indented by depth.
pub fn write_summary(rows: &[DeptRow], p: Period) -> Result<Vec<u8>, AppError> {
    let sheet = summary_sheet(p);
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&format!("{}投资预测汇总", month_label(p)))?;
    w.unit_line("万元")?;
    for r in rows {
        let values = [
            Value::Text(format!("{}{}", "　".repeat(r.depth), r.dept_name)),
            Value::Int(r.projects.into()),
            Value::Int(r.flagged.into()),
            opt_money(r.annual_target),
            opt_money(Some(r.ytd)),
            opt_money(Some(r.expected_year)),
            rate(r.expected_rate),
            opt_money(r.gap),
            rate(r.accuracy),
            opt_money(Some(r.trend)),
        ];
        match (r.kind, r.subtotal) {
            ("total", _) => w.total_row(&values)?,
            (_, true) => w.subtotal_row(&values)?,
            _ => w.row(&values)?,
        }
    }
    Ok(w.finish()?)
}

/// The summary rows of the month as the screen shows them (read by the caller, who holds the targets:
/// `dept_target` reads investment, so investment does not read `dept_target`).
pub fn export_summary(rows: &[summary::DeptRow], p: Period) -> Result<Vec<u8>, AppError> {
    write_summary(rows, p)
}

fn projects_sheet(p: Period) -> Sheet {
    Sheet::new(
        "项目明细",
        vec![
            Column::text("projectName", "项目名称", 36.0),
            Column::text("deptName", "责任单位", 16.0),
            Column::decimal("yearPlan", "年度计划", 14.0, 4),
            Column::decimal("ytd", &format!("{}完成", p.to_date_label()), 14.0, 4),
            Column::decimal("expectedYear", "预计全年", 14.0, 4),
            Column::text("flagged", "按计划估算", 12.0),
            Column::decimal("deviation", "偏差", 14.0, 4),
            Column::text("forecastStatus", "预测状态", 10.0),
        ],
    )
}

/// The status a project's row shows: the forecast's, or 未填报 without one.
fn forecast_status(code: &str) -> &'static str {
    Status::from_code("reportStatus", code).map_or("未填报", Status::label)
}

pub fn write_projects(rows: &[ProjectRow], p: Period) -> Result<Vec<u8>, AppError> {
    let sheet = projects_sheet(p);
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&format!("{}投资预测项目明细", month_label(p)))?;
    w.unit_line("万元")?;
    for r in rows {
        w.row(&[
            Value::from(r.project_name.as_str()),
            Value::from(r.dept_name.as_str()),
            opt_money(r.year_plan),
            opt_money(Some(r.ytd)),
            opt_money(Some(r.expected_year)),
            Value::from(if r.flagged { "是" } else { "" }),
            opt_money(r.deviation),
            Value::from(forecast_status(&r.forecast_status)),
        ])?;
    }
    Ok(w.finish()?)
}

pub async fn export_projects(state: &AppState, me: &CurrentUser, p: Period, dept: Option<i64>) -> Result<Vec<u8>, AppError> {
    write_projects(&summary::by_project(state, me, p, dept).await?, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_project_without_a_forecast_reads_as_not_filed() {
        assert_eq!((forecast_status(""), forecast_status("2"), forecast_status("3")), ("未填报", "已通过", "已退回"));
    }
}
