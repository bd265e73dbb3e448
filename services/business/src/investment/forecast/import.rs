//! Forecasts from Excel (投资预测): `investmentForecast/export-template` and `investmentForecast/import`.
//! The layout is the export's (`excel::sheet`), one row per project and month: the month (月份, `yyyy-MM`),
//! the project by its number (项目编号; by its name only when the number is left empty and the name is that
//! of exactly one project the caller sees), the expected figures and days; the export's names, status and
//! filer are recognised and ignored, and the grounds (预测依据), which the list does not show, follow.
//! A project the caller cannot see, of another tenant or of none, is "项目不存在".
//!
//! Every row passes the rules of `investmentForecast/submit` and lands as a draft of the importer: a new
//! forecast, or with `isCovered` the draft or returned forecast of that project and month, which the row
//! replaces whole (an empty cell clears) and which keeps its status, as an edit in the drawer does; a forecast already submitted or approved is refused. Forecasts are no part of the
//! dispatch sheet, so a month locked there takes forecasts as `submit` does. All or nothing: with any bad
//! row nothing is written, and the reply names every bad row and column.
use std::collections::{BTreeSet, HashMap};

use keeper_common::AppError;
use keeper_db::base::{self, Author};
use keeper_excel::{Row, Sheet};
use keeper_security::CurrentUser;
use sea_orm::{EntityTrait, TransactionTrait};
use serde_json::{Map, Value as Json};

use super::form::ForecastForm;
use super::{excel, repo};
use crate::enterprise::excel::Imported;
use crate::entity::{investment_forecast as forecast, project};
use crate::investment::project::import::{Read, Upload, json_of, layout, noted, numbered_or_named, read, refuse};
use crate::investment::project::repo as project_repo;
use crate::investment::report::import::{month_text, project_of};
use crate::period::Period;
use crate::reference::Reference;
use crate::review::Status;
use crate::state::AppState;

pub const TEMPLATE_FILE: &str = "投资预测导入模板.xlsx";

/// The export's columns that read back: `(export column, form field, how)`. The rest are export-only.
const READ_BACK: [(&str, &str, Read); 8] = [
    ("period", "period", Read::Text),
    ("projectNo", "projectNo", Read::Text),
    ("projectName", "projectName", Read::Text),
    ("expectedMonthInvestment", "expectedMonthInvestment", Read::Money),
    ("expectedQuarterInvestment", "expectedQuarterInvestment", Read::Money),
    ("expectedYearInvestment", "expectedYearInvestment", Read::Money),
    ("expectedStartDate", "expectedStartDate", Read::Date),
    ("expectedProductionDate", "expectedProductionDate", Read::Date),
];

/// The fields of the form the list does not show: `(form field, header, width, how)`.
const MORE: [(&str, &str, f64, Read); 1] = [("basis", "预测依据/说明", 40.0, Read::Text)];

const REQUIRED: [&str; 3] = ["period", "expectedMonthInvestment", "expectedYearInvestment"];

/// Hints of the columns whose kind says too little.
const NOTES: [(&str, &str); 4] = [
    ("period", "必填，预测的月份，如 2026-11"),
    ("projectNo", "如 XM2026-0001"),
    ("projectName", "无项目编号时按名称匹配"),
    ("expectedStartDate", "尚未开工的项目填写，如 2026-12-01"),
];

pub fn sheet(r: &Reference) -> Sheet {
    noted(layout(excel::sheet(), &READ_BACK, &MORE, &REQUIRED, r), &NOTES)
}

pub async fn template(state: &AppState, me: &CurrentUser) -> Result<Vec<u8>, AppError> {
    Ok(keeper_excel::template(&sheet(&*state.reference.fresh(&me.tenant_id).await?))?)
}

/// The column a refusal of the form is about.
fn column_of(field: &str) -> &str {
    match field {
        "projectId" => "projectNo",
        f => f,
    }
}

/// A row placed: its line, project, month, and the body `submit` would receive.
struct Placed<'p> {
    line: usize,
    project: &'p project::Model,
    period: Period,
    body: Map<String, Json>,
}

fn placed<'p>(row: &Row, seen: &'p [project::Model]) -> Result<Placed<'p>, AppError> {
    let project = project_of(row, seen)?;
    // The row is the month's forecast: an empty cell clears what a forecast laid over held.
    let mut body = Map::new();
    for (field, value) in &row.values {
        if !matches!(*field, "projectNo" | "projectName") {
            body.insert(field.to_string(), json_of(value).unwrap_or(Json::Null));
        }
    }
    let month = month_text(row);
    let period = Period::parse("period", &month)?;
    body.insert("period".into(), Json::String(month));
    body.insert("projectId".into(), Json::String(project.id.to_string()));
    Ok(Placed { line: row.line, project, period, body })
}

/// The columns to write for a placed row, against the month's forecast of its project if there is one
/// (`current`): the rules of `investmentForecast/submit`.
fn checked(
    Placed { project: p, period, body, .. }: Placed,
    current: Option<&forecast::Model>,
    covered: bool,
) -> Result<forecast::ActiveModel, AppError> {
    let (year, month) = (period.year(), period.month());
    if let Some(c) = current {
        if !Status::from_code("reportStatus", &c.report_status)?.editable() {
            return Err(AppError::field("period", format!("「{}」{year}年{month}月的预测已提交审核或已通过，不能修改", p.project_name)));
        }
        if !covered {
            return Err(AppError::field("period", format!("「{}」{year}年{month}月的预测已存在", p.project_name)));
        }
    }
    let f = ForecastForm::from_json(&body)?.validate()?;
    super::takes_forecasts(p)?;
    Ok(super::filed(f))
}

/// Reads, checks and (when every row is good) writes an uploaded file of forecasts; `covered` lays rows
/// over the draft or returned forecasts of their months.
pub async fn import(state: &AppState, me: &CurrentUser, bytes: &[u8], covered: bool) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let Upload { sheet, parsed, mut report, scope, .. } = read(state, me, bytes, sheet).await?;
    let numbers: Vec<String> = parsed.iter().filter_map(|r| r.text("projectNo")).collect();
    let names: Vec<String> = parsed.iter().filter(|r| r.text("projectNo").is_none()).filter_map(|r| r.text("projectName")).collect();
    let seen = numbered_or_named(&state.db, tenant, &scope, &numbers, &names).await?;
    let mut rows = Vec::new();
    for row in &parsed {
        match placed(row, &seen) {
            Ok(p) => rows.push(p),
            Err(e) => refuse(&mut report, &sheet, row.line, e, column_of),
        }
    }
    let author = Author::of(me);
    // One forecast per project and month, decided under the lock `submit` takes.
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let mut current = HashMap::new();
    for period in rows.iter().map(|r| r.period).collect::<BTreeSet<_>>() {
        for f in repo::of_period(&txn, tenant, period, None).await? {
            current.insert((f.project_id, period), f);
        }
    }
    let mut first_line = HashMap::new();
    let (mut new, mut updates) = (Vec::new(), Vec::new());
    for row in rows {
        let (line, p, key) = (row.line, row.project, (row.project.id, row.period));
        if let Some(first) = first_line.insert(key, line) {
            let what = format!("「{}」{}年{}月的预测与第{first}行重复", p.project_name, row.period.year(), row.period.month());
            report.field(&sheet, line, "period", what);
            continue;
        }
        let existing = current.get(&key);
        match checked(row, existing, covered) {
            Ok(f) => match existing {
                Some(c) => updates.push((c.id, Status::from_code("reportStatus", &c.report_status)?, f)),
                None => new.push(super::new_draft(f, p, &author)),
            },
            Err(e) => refuse(&mut report, &sheet, line, e, column_of),
        }
    }
    if !report.is_empty() {
        return Ok(Imported::Rejected(report));
    }
    let (created, updated) = (new.len(), updates.len());
    for row in new {
        forecast::Entity::insert(row).exec_without_returning(&txn).await?;
    }
    for (id, from, mut row) in updates {
        base::updated::<forecast::Entity>(&mut row, &author);
        if !repo::update_if_status(&txn, tenant, id, from, row).await? {
            return Err(AppError::bad("预测已提交审核或已通过，不能修改"));
        }
    }
    txn.commit().await?;
    Ok(Imported::Done { created, updated })
}

#[cfg(test)]
mod tests {
    use super::*;
    use keeper_client::system::TenantReference;

    #[test]
    fn the_template_is_the_exports_layout_with_the_workflow_columns_ignored_and_the_grounds_after_it() {
        let (export, import) = (excel::sheet(), sheet(&Reference::new(TenantReference::default())));
        for (i, c) in export.columns.iter().enumerate() {
            assert_eq!(import.columns[i].header, c.header, "column {i} keeps the export's header");
        }
        let ignored: Vec<&str> = import.columns.iter().filter(|c| c.export_only).map(|c| c.header.as_str()).collect();
        assert_eq!(ignored, ["责任单位", "状态", "填报人", "提交时间"]);
        let required: Vec<&str> = import.columns.iter().filter(|c| c.required).map(|c| c.header.as_str()).collect();
        assert_eq!(required, ["月份", "预计本月完成投资(万元)", "预计全年完成投资(万元)"]);
        assert_eq!(import.columns.last().map(|c| c.header.as_str()), Some("预测依据/说明"));
    }
}
