//! Output reports in Excel: `outputValue/export` writes what `outputValue/list` shows for the same month
//! and filters — the months not filed included — with labels and names, never codes or ids. Money in
//! 万元 with its four decimals. `outputValue/export-year` writes the same list for every reporting month
//! of a year in turn, a month's selection and a batch of its reports in memory at a time, to a file
//! streamed to the client: the statistics office's raw data of the year.
use keeper_common::AppError;
use keeper_excel::export::Background;
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
/// it into February. At most `EXPORT_MAX` rows, into a temporary file (`Background`). What the months
/// share is read once (`YearRows`); a month is selected from its narrow rows, then `BATCH` rows at a time
/// read whole, turned into views and handed to the writer, so memory holds one month's selection, a
/// batch and the writer's queue, not the year nor a month's 11,000 reports read whole.
pub async fn export_year(state: &AppState, me: &CurrentUser, year: i32, filter: Filter) -> Result<std::fs::File, AppError> {
    /// Views per batch, and the batches that may queue for the writer: about the writing of one month,
    /// so that reading the next month (~300 ms for 8,000 reports) overlaps it, in ~10 MB of views. A
    /// queue of one batch left the two sides taking turns: 7.9 s instead of 4.7 s for 100,000 rows.
    const BATCH: usize = 1000;
    const WAITING: usize = 8;
    let year = Period::checked_year("year", year)?;
    let last = super::month::default_period();
    if year > last.year() {
        return Err(AppError::field("year", format!("{year}年尚无可导出的月份")));
    }
    let through = if year == last.year() { last.month() } else { 12 };
    let months = super::YearRows::read(state, me, year, filter).await?;
    let january = super::january(months.reference());
    let mut w = Background::start(sheet(), WAITING);
    let mut left = keeper_excel::export::EXPORT_MAX as usize;
    for month in 1..=through {
        let p = Period::new(year, month)?;
        if !p.is_reporting_month(january) {
            continue;
        }
        let (rows, around) = months.rows(&state.db, p).await?;
        let mut rows = rows.into_iter().take(left);
        loop {
            let batch: Vec<_> = rows.by_ref().take(BATCH).collect();
            if batch.is_empty() {
                break;
            }
            left -= batch.len();
            w.send(months.show(&state.db, p, batch, &around).await?).await?;
        }
        if left == 0 {
            break;
        }
    }
    w.finish_file().await
}
