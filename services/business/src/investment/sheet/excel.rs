//! The dispatch sheet in Excel, as printed: the title merged across, "单位：万元", the fixed header, each
//! group's title merged across, its projects, its subtotal, and the grand total. Written from the same
//! `SheetView` the screen renders, so the file is the screen: amounts as numbers in 万元, "—" where the
//! screen shows no figure.
use keeper_common::AppError;
use keeper_excel::{Column, Sheet, SheetWriter, Value};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;

use super::shape::{RowKind, SheetRow};
use super::{SheetQuery, SheetView};
use crate::money::Wan;
use crate::state::AppState;

/// What a cell shows for no figure (a rate whose base is zero or missing, a month without its report).
pub const NONE: &str = "—";

/// The columns of domain-model §2.2.5c; `months` labels the year to date (`1–6月`).
pub fn sheet(months: &str) -> Sheet {
    Sheet::new(
        "重点项目推进情况表",
        vec![
            Column::text("no", "序号", 8.0),
            Column::text("name", "项目名称", 30.0),
            Column::text("unitName", "项目单位", 24.0),
            Column::text("constructionContent", "建设内容及规模", 36.0),
            Column::text("constructionYears", "建设起止年限", 12.0),
            Column::decimal("totalInvestment", "计划总投资", 14.0, 4),
            Column::decimal("yearPlanInvestment", "年度计划投资", 14.0, 4),
            Column::decimal("monthInvestment", "本月完成投资", 14.0, 4),
            Column::decimal("ytdInvestment", &format!("{months}累计完成"), 14.0, 4),
            Column::decimal("ytdPlanRate", "占年度计划%", 12.0, 2),
            Column::decimal("cumulativeInvestment", "开工累计完成", 14.0, 4),
            Column::decimal("totalRate", "占总投资%", 12.0, 2),
            Column::text("progressDesc", "形象进度", 36.0),
            Column::text("issues", "存在问题", 30.0),
            Column::text("responsibleLeader", "包保领导", 12.0),
            Column::text("responsibleDeptName", "责任单位", 16.0),
            Column::text("projectStatusName", "项目状态", 10.0),
        ],
    )
}

/// The file name of a month's sheet.
pub fn file_name(period: &str) -> String {
    format!("重点项目推进情况表{period}.xlsx")
}

fn money(v: Option<Wan>) -> Value {
    v.map_or_else(|| Value::from(NONE), |w| Value::Decimal(w.decimal().normalize()))
}

fn rate(v: Option<Decimal>) -> Value {
    v.map_or_else(|| Value::from(NONE), |d| Value::Decimal(d.normalize()))
}

fn text(s: &str) -> Value {
    if s.is_empty() { Value::Empty } else { Value::from(s) }
}

/// The label of a row's 项目名称 cell: the project, `东区小计`, `合计`.
pub fn name_cell(r: &SheetRow) -> String {
    match r.kind {
        RowKind::Subtotal => format!("{}{}", r.group_name, r.name),
        _ => r.name.clone(),
    }
}

/// The merged text of a group's title row: `一、东区`, `（一）东区一街道`.
pub fn group_title(r: &SheetRow) -> String {
    match r.depth {
        0 if !r.no.is_empty() => format!("{}、{}", r.no, r.name),
        _ => format!("{}{}", r.no, r.name),
    }
}

fn values(r: &SheetRow) -> Vec<Value> {
    vec![
        text(&r.no),
        Value::from(name_cell(r)),
        text(&r.unit_name),
        text(&r.construction_content),
        text(&r.construction_years),
        money(r.total_investment),
        money(r.year_plan_investment),
        money(r.month_investment),
        money(r.ytd_investment),
        rate(r.ytd_plan_rate),
        money(r.cumulative_investment),
        rate(r.total_rate),
        text(&r.progress_desc),
        text(&r.issues),
        text(&r.responsible_leader),
        text(&r.responsible_dept_name),
        text(&r.project_status_name),
    ]
}

/// The xlsx of a sheet.
pub fn write(view: &SheetView) -> Result<Vec<u8>, AppError> {
    let s = sheet(&view.months_label);
    let mut w = SheetWriter::export(&s)?;
    w.title(&view.title)?;
    w.unit_line("万元")?;
    for r in &view.rows {
        match r.kind {
            RowKind::Group => w.group_row(&group_title(r))?,
            RowKind::Project => w.row(&values(r))?,
            RowKind::Subtotal => w.subtotal_row(&values(r))?,
            RowKind::Total => w.total_row(&values(r))?,
        }
    }
    Ok(w.finish()?)
}

/// The sheet of `q` for `me` as xlsx: exactly what `project/report-sheet` answers for the same query.
pub async fn export(state: &AppState, me: &CurrentUser, q: SheetQuery) -> Result<(String, Vec<u8>), AppError> {
    let view = super::sheet(state, me, q).await?;
    Ok((file_name(&view.period), write(&view)?))
}
