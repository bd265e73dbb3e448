//! The statistics in Excel: `project/export-statistics` writes exactly what `project/statistics` shows for
//! the same query — the same [`read`](super::read), the same rows, names and rates ("—" where the screen
//! shows no rate) — under the title and "单位：万元" line of report-style exports (domain-model §2.0).
use keeper_common::AppError;
use keeper_excel::{Column, Sheet, SheetWriter, Value};
use keeper_security::CurrentUser;

use super::{DimensionStats, FunnelStats, GroupRow, RowKind, Statistics, StatsQuery, TrendStats};
use crate::cells::{money, rate};
use crate::money::Wan;
use crate::state::AppState;

/// An amount, or an empty cell (this year after month N).
fn opt_money(w: Option<Wan>) -> Value {
    w.map(money).unwrap_or(Value::Empty)
}

/// The file name of a view's export.
pub fn file_name(s: &Statistics) -> String {
    match s {
        Statistics::Dimension(d) => format!("在库项目统计-按{}.xlsx", d.by_name),
        Statistics::Trend(_) => "在库项目统计-月度趋势.xlsx".into(),
        Statistics::Funnel(_) => "在库项目统计-状态漏斗.xlsx".into(),
    }
}

/// The view as xlsx bytes.
pub async fn export(state: &AppState, me: &CurrentUser, q: StatsQuery) -> Result<(String, Vec<u8>), AppError> {
    let stats = super::read(state, me, q).await?;
    Ok((file_name(&stats), write(&stats)?))
}

pub fn write(s: &Statistics) -> Result<Vec<u8>, AppError> {
    Ok(match s {
        Statistics::Dimension(d) => dimension(d)?,
        Statistics::Trend(t) => trend(t)?,
        Statistics::Funnel(f) => funnel(f)?,
    })
}

/// The headers of the dimension sheet after the first column (named after the dimension).
pub fn dimension_sheet(first: &str, to_date: &str) -> Sheet {
    Sheet::new(
        "统计",
        vec![
            Column::text("name", first, 24.0),
            Column::int("projects", "项目数(个)", 10.0),
            Column::decimal("totalInvestment", "计划总投资(万元)", 16.0, 4),
            Column::decimal("yearPlanInvestment", "年度计划投资(万元)", 16.0, 4),
            Column::decimal("ytdInvestment", &format!("{to_date}完成投资(万元)"), 16.0, 4),
            Column::decimal("ytdPlanRate", "完成率(%)", 10.0, 2),
            Column::int("started", "本年新开工(个)", 12.0),
            Column::int("plannedStarts", "计划本年开工(个)", 14.0),
            Column::decimal("startRate", "开工率(%)", 10.0, 2),
            Column::int("finished", "竣工投产(个)", 12.0),
            Column::int("plannedFinishes", "计划竣工投产(个)", 14.0),
            Column::decimal("finishRate", "竣工率(%)", 10.0, 2),
            Column::int("overYiProjects", "亿元以上项目(个)", 14.0),
            Column::int("openIssues", "未销号问题(个)", 12.0),
        ],
    )
}

/// The name cell of a row: departments indented two spaces per level, as the tree on the screen.
pub fn indented(row: &GroupRow) -> String {
    format!("{}{}", "  ".repeat(row.depth), row.name)
}

fn dimension(d: &DimensionStats) -> Result<Vec<u8>, AppError> {
    let to_date = crate::period::Period::parse("period", &d.period)?.to_date_label();
    let sheet = dimension_sheet(d.by_name, &to_date);
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&d.title)?;
    w.unit_line("万元")?;
    for r in &d.rows {
        let values = [
            Value::Text(indented(r)),
            Value::Int(r.projects),
            money(r.total_investment),
            money(r.year_plan_investment),
            money(r.ytd_investment),
            rate(r.ytd_plan_rate),
            Value::Int(r.started),
            Value::Int(r.planned_starts),
            rate(r.start_rate),
            Value::Int(r.finished),
            Value::Int(r.planned_finishes),
            rate(r.finish_rate),
            Value::Int(r.over_yi_projects),
            Value::Int(r.open_issues),
        ];
        match r.kind {
            RowKind::Total => w.total_row(&values)?,
            _ if r.subtotal => w.subtotal_row(&values)?,
            _ => w.row(&values)?,
        }
    }
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
            Column::decimal("yoy", "累计同比(%)", 12.0, 2),
        ],
    )
}

fn trend(t: &TrendStats) -> Result<Vec<u8>, AppError> {
    let sheet = trend_sheet(t.year, t.last_year);
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&t.title)?;
    w.unit_line("万元")?;
    for m in &t.months {
        // After month N this year has no figures and no rate: the cells stay empty, as on the screen.
        let yoy = if m.this_month.is_some() { rate(m.yoy) } else { Value::Empty };
        w.row(&[
            Value::Text(format!("{}月", m.month)),
            opt_money(m.this_month),
            opt_money(m.this_cumulative),
            money(m.last_month),
            money(m.last_cumulative),
            yoy,
        ])?;
    }
    Ok(w.finish()?)
}

pub fn funnel_sheet() -> Sheet {
    Sheet::new(
        "状态漏斗",
        vec![
            Column::text("name", "阶段", 10.0),
            Column::int("reached", "累计到达(个)", 12.0),
            Column::decimal("reachedInvestment", "累计到达计划总投资(万元)", 20.0, 4),
            Column::int("current", "当前(个)", 10.0),
            Column::decimal("currentInvestment", "当前计划总投资(万元)", 18.0, 4),
            Column::decimal("conversion", "转化率(%)", 10.0, 2),
        ],
    )
}

fn funnel(f: &FunnelStats) -> Result<Vec<u8>, AppError> {
    let sheet = funnel_sheet();
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&f.title)?;
    w.unit_line("万元")?;
    for (i, s) in f.stages.iter().enumerate() {
        // The first stage has nothing before it: no conversion, an empty cell.
        let conversion = if i == 0 { Value::Empty } else { rate(s.conversion) };
        w.row(&[
            Value::Text(s.name.clone()),
            Value::Int(s.reached),
            money(s.reached_investment),
            Value::Int(s.current),
            money(s.current_investment),
            conversion,
        ])?;
    }
    Ok(w.finish()?)
}
