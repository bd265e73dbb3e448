//! 产值统计 in Excel: `outputValue/export-statistics` writes exactly what `outputValue/statistics` shows
//! for the same query — the same [`read`](super::read), rows, names and rates ("—" where the screen shows
//! none) — under the title and "单位：万元" line of report-style exports (domain-model §2.0).
use keeper_common::AppError;
use keeper_excel::{Column, Sheet, SheetWriter, Value};
use keeper_security::CurrentUser;

use super::shape::{GroupRow, RowKind};
use super::{EnterpriseStats, GroupStats, Statistics, StatsQuery, TrendStats, View};
use crate::cells::{money, opt_money, rate};
use crate::period::Period;
use crate::state::AppState;

/// The file name of a view's export.
pub fn file_name(s: &Statistics) -> String {
    let view = match s {
        Statistics::Group(g) => g.view,
        Statistics::Enterprise(e) => e.view,
        Statistics::Trend(t) => t.view,
    };
    let label = View::ALL.into_iter().find(|v| v.code() == view).map_or("", View::label);
    format!("产值统计-{label}.xlsx")
}

pub async fn export(state: &AppState, me: &CurrentUser, q: StatsQuery) -> Result<(String, Vec<u8>), AppError> {
    let stats = super::read(state, me, q).await?;
    Ok((file_name(&stats), write(&stats)?))
}

pub fn write(s: &Statistics) -> Result<Vec<u8>, AppError> {
    match s {
        Statistics::Group(g) => group(g),
        Statistics::Enterprise(e) => enterprises(e),
        Statistics::Trend(t) => trend(t),
    }
}

/// The figure columns shared by every row kind, after the columns naming the row.
fn figure_columns(to_date: &str) -> Vec<Column> {
    vec![
        Column::decimal("monthOutput", "本月产值(万元)", 14.0, 4),
        Column::decimal("lastMonthOutput", "上年同月(万元)", 14.0, 4),
        Column::decimal("monthYoy", "当月同比(%)", 11.0, 2),
        Column::decimal("ytdOutput", &format!("{to_date}累计(万元)"), 16.0, 4),
        Column::decimal("lastYtdOutput", "上年同期累计(万元)", 16.0, 4),
        Column::decimal("yoy", "累计同比(%)", 11.0, 2),
        Column::decimal("share", "占比(%)", 9.0, 2),
        Column::decimal("contribution", "拉动(百分点)", 12.0, 2),
    ]
}

fn figures(r: &GroupRow) -> Vec<Value> {
    vec![
        money(r.month_output),
        opt_money(r.last_month_output),
        rate(r.month_yoy),
        money(r.ytd_output),
        opt_money(r.last_ytd_output),
        rate(r.yoy),
        rate(r.share),
        rate(r.contribution),
    ]
}

/// The target, completion and schedule gap of a department or an enterprise.
fn target_columns() -> [Column; 3] {
    [
        Column::decimal("target", "年度目标(万元)", 14.0, 4),
        Column::decimal("completion", "完成率(%)", 10.0, 2),
        Column::decimal("scheduleGap", "超欠时序进度(百分点)", 14.0, 2),
    ]
}

pub fn group_sheet(view: View, to_date: &str) -> Sheet {
    let first = match view {
        View::Dept => "属地",
        View::Industry => "所属行业",
        _ => "主导产业",
    };
    let mut columns = vec![
        Column::text("name", first, 24.0),
        Column::int("enterprises", "企业数(家)", 10.0),
        Column::int("reported", "本月已报(家)", 11.0),
    ];
    columns.extend(figure_columns(to_date));
    if view == View::Dept {
        columns.extend(target_columns());
    }
    Sheet::new("产值统计", columns)
}

fn group(g: &GroupStats) -> Result<Vec<u8>, AppError> {
    let view = View::ALL.into_iter().find(|v| v.code() == g.view).unwrap_or(View::Dept);
    let sheet = group_sheet(view, &Period::parse("period", &g.period)?.to_date_label());
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&g.title)?;
    w.unit_line("万元")?;
    for r in &g.rows {
        let mut values =
            vec![Value::Text(format!("{}{}", "  ".repeat(r.depth), r.name)), Value::Int(r.enterprises), Value::Int(r.reported)];
        values.extend(figures(r));
        if view == View::Dept {
            values.extend([opt_money(r.target), rate(r.completion), rate(r.schedule_gap)]);
        }
        match r.kind {
            RowKind::Total => w.total_row(&values)?,
            _ if r.subtotal => w.subtotal_row(&values)?,
            _ => w.row(&values)?,
        }
    }
    Ok(w.finish()?)
}

pub fn enterprise_sheet(decliners: bool, to_date: &str) -> Sheet {
    let mut columns = vec![
        Column::int("rank", "序号", 6.0),
        Column::text("enterpriseName", "企业名称", 30.0),
        Column::text("deptName", "属地", 16.0),
        Column::text("industryName", "所属行业", 22.0),
    ];
    columns.extend(figure_columns(to_date));
    if decliners {
        columns.push(Column::text("declineReason", "下降原因", 36.0));
    } else {
        columns.extend(target_columns());
    }
    Sheet::new("产值统计", columns)
}

fn enterprises(e: &EnterpriseStats) -> Result<Vec<u8>, AppError> {
    let decliners = e.view == View::Decliners.code();
    let sheet = enterprise_sheet(decliners, &Period::parse("period", &e.period)?.to_date_label());
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&e.title)?;
    w.unit_line("万元")?;
    for r in &e.rows {
        let mut values = vec![
            Value::Int(r.rank as i64),
            Value::Text(r.enterprise_name.clone()),
            Value::Text(r.dept_name.clone()),
            Value::Text(r.industry_name.clone()),
            opt_money(r.month_output),
            opt_money(r.last_month_output),
            rate(r.month_yoy),
            money(r.ytd_output),
            opt_money(r.last_ytd_output),
            rate(r.yoy),
            rate(r.share),
            rate(r.contribution),
        ];
        if decliners {
            values.push(Value::Text(r.decline_reason.clone()));
        } else {
            values.extend([opt_money(r.target), rate(r.completion), rate(r.schedule_gap)]);
        }
        w.row(&values)?;
    }
    // The total of every enterprise in scope and filter, as the screen's summary row.
    let mut total = vec![Value::Empty, Value::Text(e.total.name.clone()), Value::Empty, Value::Empty];
    total.extend(figures(&e.total));
    if decliners {
        total.push(Value::Empty);
    } else {
        // Not every enterprise has a target: a total against some of them would mislead.
        total.extend([Value::Empty, Value::Empty, Value::Empty]);
    }
    w.total_row(&total)?;
    Ok(w.finish()?)
}

pub fn trend_sheet(year: i32, last_year: i32) -> Sheet {
    Sheet::new(
        "月度趋势",
        vec![
            Column::text("month", "月份", 8.0),
            Column::decimal("thisMonth", &format!("{year}年当月(万元)"), 16.0, 4),
            Column::decimal("thisCumulative", &format!("{year}年累计(万元)"), 16.0, 4),
            Column::decimal("lastMonth", &format!("{last_year}年当月(万元)"), 16.0, 4),
            Column::decimal("lastCumulative", &format!("{last_year}年累计(万元)"), 16.0, 4),
            Column::decimal("yoy", "累计同比(%)", 11.0, 2),
            Column::decimal("monthYoy", "当月同比(%)", 11.0, 2),
            Column::decimal("mom", "环比(%)", 9.0, 2),
        ],
    )
}

fn trend(t: &TrendStats) -> Result<Vec<u8>, AppError> {
    let sheet = trend_sheet(t.year, t.last_year);
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&t.title)?;
    w.unit_line("万元")?;
    for m in &t.months {
        // After month N this year has no figures and no rates: the cells stay empty, as on the screen.
        let shown = m.this_month.is_some();
        let this = |v: Value| if shown { v } else { Value::Empty };
        w.row(&[
            Value::Text(format!("{}月", m.month)),
            this(opt_money(m.this_month)),
            this(opt_money(m.this_cumulative)),
            money(m.last_month),
            money(m.last_cumulative),
            this(rate(m.yoy)),
            this(rate(m.month_yoy)),
            this(rate(m.mom)),
        ])?;
    }
    Ok(w.finish()?)
}
