//! Output reports in Excel: `outputValue/export` writes what `outputValue/list` shows for the same month
//! and filters — the months not filed included — with labels and names, never codes or ids. Money in
//! 万元 with its four decimals. `outputValue/export-year` writes the same list for every reporting month
//! of a year in turn, one month in memory at a time: the statistics office's raw data of the year.
use keeper_common::AppError;
use keeper_excel::{Column, Sheet, SheetWriter};
use keeper_security::CurrentUser;

use super::month::Filter;
use crate::period::Period;
use crate::state::AppState;

pub const EXPORT_FILE: &str = "产值填报.xlsx";

/// The file name of a year's export.
pub fn year_file(year: i32) -> String {
    format!("产值填报_{year}年.xlsx")
}

pub fn sheet() -> Sheet {
    Sheet::new(
        "产值填报",
        vec![
            Column::text("period", "月份", 10.0),
            Column::text("enterpriseName", "企业名称", 36.0),
            Column::text("creditCode", "统一社会信用代码", 22.0),
            Column::text("deptName", "属地", 16.0),
            Column::text("industryName", "行业", 20.0),
            Column::text("isAboveScaleName", "是否规上", 10.0),
            Column::decimal("monthOutput", "本月产值(万元)", 16.0, 4),
            Column::decimal("ytdOutput", "1–N月累计(万元)", 16.0, 4),
            Column::decimal("lastYearYtdOutput", "上年同期累计(万元)", 18.0, 4),
            Column::decimal("yoy", "同比(%)", 10.0, 2),
            Column::decimal("lastYearMonthOutput", "上年同月(万元)", 16.0, 4),
            Column::decimal("monthYoy", "本月同比(%)", 12.0, 2),
            Column::decimal("annualTarget", "年度目标(万元)", 16.0, 4),
            Column::decimal("completion", "目标完成率(%)", 12.0, 2),
            Column::decimal("monthRevenue", "营业收入(万元)", 14.0, 4),
            Column::decimal("monthAddedValue", "工业增加值(万元)", 16.0, 4),
            Column::decimal("monthTax", "入库税收(万元)", 14.0, 4),
            Column::decimal("monthProfit", "利润总额(万元)", 14.0, 4),
            Column::decimal("electricity", "用电量(万千瓦时)", 16.0, 2),
            Column::int("employeeCount", "从业人员(人)", 12.0),
            Column::decimal("nextMonthForecast", "下月预计产值(万元)", 18.0, 4),
            Column::text("declineReason", "下降原因", 30.0),
            Column::text("problems", "生产经营困难/诉求", 30.0),
            Column::text("remark", "备注", 30.0),
            Column::text("reportStatusName", "状态", 10.0),
            Column::text("isLateName", "是否逾期", 10.0),
            Column::text("submitUserName", "提交人", 10.0),
            Column::text("submitTime", "提交时间", 20.0),
            Column::text("auditUserName", "审核人", 10.0),
            Column::text("auditTime", "审核时间", 20.0),
            Column::text("reviewOpinion", "审核意见", 30.0),
        ],
    )
}

/// The rows `outputValue/list` shows for the same month and filters, all pages, as xlsx.
pub async fn export(state: &AppState, me: &CurrentUser, p: Period, filter: Filter) -> Result<Vec<u8>, AppError> {
    let rows = super::all(state, me, p, filter).await?;
    let sheet = sheet();
    let mut w = SheetWriter::export(&sheet)?;
    for r in rows.into_iter().take(keeper_excel::export::EXPORT_MAX as usize) {
        w.row(&keeper_excel::export::row_of(r, &sheet)?)?;
    }
    Ok(w.finish()?)
}

/// Every reporting month of `year` up to the month being reported (the one before today's), each as
/// `outputValue/list` shows it for the filters, in month order; January is skipped where the tenant merges
/// it into February. At most `EXPORT_MAX` rows. A month's rows are read, written and dropped before the
/// next month's are read, so memory holds one month (a zone's reporters), not the year.
pub async fn export_year(state: &AppState, me: &CurrentUser, year: i32, filter: Filter) -> Result<Vec<u8>, AppError> {
    let year = Period::checked_year("year", year)?;
    let last = super::month::default_period();
    if year > last.year() {
        return Err(AppError::field("year", format!("{year}年尚无可导出的月份")));
    }
    let through = if year == last.year() { last.month() } else { 12 };
    let reference = state.reference.of(&me.tenant_id).await?;
    let january = super::january(&reference);
    let sheet = sheet();
    let mut w = SheetWriter::export(&sheet)?;
    let mut left = keeper_excel::export::EXPORT_MAX as usize;
    for month in 1..=through {
        let p = Period::new(year, month)?;
        if !p.is_reporting_month(january) {
            continue;
        }
        let rows = super::all(state, me, p, filter.clone()).await?;
        for r in rows.into_iter().take(left) {
            w.row(&keeper_excel::export::row_of(r, &sheet)?)?;
            left -= 1;
        }
        if left == 0 {
            break;
        }
    }
    Ok(w.finish()?)
}
