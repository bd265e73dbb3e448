//! Monthly reports from Excel (月度进展填报): `projectReport/export-template` and `projectReport/import`.
//! The layout is the export's (`excel::sheet`), one row per project and month: the month (月份,
//! `yyyy-MM`, so that one file may catch up on several months), the project by its number (项目编号; by
//! its name only when the number is left empty and the name is that of exactly one project the caller
//! sees), and the report's fields with dictionary labels; the export's figures and workflow columns are
//! recognised and ignored. A project the caller cannot see, of another tenant or of none, is "项目不存在". Every row passes
//! the rules of `projectReport/submit` and lands as a draft: a new report, or with `isCovered` the draft
//! or returned report of that project and month, which the row replaces (a proposed move's facts, not in
//! the file, stay); a month already submitted or approved is refused. All or nothing: with any bad row nothing is written.
use std::collections::{BTreeSet, HashMap};

use keeper_common::AppError;
use keeper_db::base::{self, Author};
use keeper_excel::{Row, Sheet};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value as Json};

use super::form::{Filed, ReportForm};
use super::{excel, repo};
use crate::enterprise::excel::Imported;
use crate::entity::{project, project_report};
use crate::investment::project::import::{Read, Upload, json_of, layout, noted, numbered_or_named, read, refuse};
use crate::investment::project::repo as project_repo;
use crate::period::Period;
use crate::reference::Reference;
use crate::review::Status;
use crate::state::AppState;

pub const TEMPLATE_FILE: &str = "项目月报导入模板.xlsx";

/// The export's columns that read back: `(export column, form field, how)`. The rest are export-only.
const READ_BACK: [(&str, &str, Read); 14] = [
    ("period", "period", Read::Text),
    ("projectNo", "projectNo", Read::Text),
    ("projectName", "projectName", Read::Text),
    ("monthInvestment", "monthInvestment", Read::Money),
    ("buildingInvestment", "buildingInvestment", Read::Money),
    ("installInvestment", "installInvestment", Read::Money),
    ("equipmentPurchase", "equipmentPurchase", Read::Money),
    ("otherCost", "otherCost", Read::Money),
    ("fundsInPlaceMonth", "fundsInPlaceMonth", Read::Money),
    ("projectStatusName", "projectStatus", Read::Dict("project_status")),
    ("currentStageName", "currentStage", Read::Dict("project_stage")),
    ("progressDesc", "progressDesc", Read::Text),
    ("nextMonthPlan", "nextMonthPlan", Read::Text),
    ("hasIssueName", "hasIssue", Read::YesNo),
];

/// The fields of the form the list does not show: `(form field, header, width, how)`.
const MORE: [(&str, &str, f64, Read); 2] = [("workersOnSite", "在岗施工人数", 12.0, Read::Int), ("remark", "备注", 30.0, Read::Text)];

const REQUIRED: [&str; 4] = ["period", "monthInvestment", "progressDesc", "hasIssue"];

/// Hints of the columns whose kind says too little.
const NOTES: [(&str, &str); 4] = [
    ("period", "必填，如 2026-10"),
    ("projectNo", "如 XM2026-0001"),
    ("projectName", "无项目编号时按名称匹配"),
    ("projectStatus", "不填则为项目当前状态"),
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
        "statusChange" => "projectStatus",
        f => f,
    }
}

/// A row placed: its line, project, month, and the body `submit` would receive without its project.
struct Placed<'p> {
    line: usize,
    project: &'p project::Model,
    period: Period,
    body: Map<String, Json>,
}

/// The project a row names among those the caller sees (`seen`): by number, or by a name that is one
/// project's when the number is left empty.
pub(crate) fn project_of<'p>(row: &Row, seen: &'p [project::Model]) -> Result<&'p project::Model, AppError> {
    if let Some(no) = row.text("projectNo") {
        return seen.iter().find(|p| p.project_no == no).ok_or_else(|| AppError::field("projectNo", "项目不存在"));
    }
    let Some(name) = row.text("projectName") else { return Err(AppError::field("projectNo", "请填写项目编号")) };
    let mut named = seen.iter().filter(|p| p.project_name == name);
    match (named.next(), named.next()) {
        (Some(p), None) => Ok(p),
        (None, _) => Err(AppError::field("projectName", "项目不存在")),
        (Some(_), Some(_)) => Err(AppError::field("projectName", "项目名称不唯一，请填写项目编号")),
    }
}

/// The 月份 cell as typed: a month typed into a cell Excel took for a date reads back as its first day.
pub(crate) fn month_text(row: &Row) -> String {
    let month = row.text("period").unwrap_or_default();
    if month.len() == 10 && month.as_bytes()[7] == b'-' { month[..7].to_string() } else { month }
}

fn placed<'p>(row: &Row, seen: &'p [project::Model]) -> Result<Placed<'p>, AppError> {
    let project = project_of(row, seen)?;
    // The row is the month's report: an empty cell clears what a report laid over held, except the
    // status, which an empty cell leaves where it stands.
    let mut body = Map::new();
    for (field, value) in &row.values {
        match (*field, json_of(value)) {
            ("projectNo" | "projectName", _) | ("projectStatus", None) => {}
            (f, json) => {
                body.insert(f.to_string(), json.unwrap_or(Json::Null));
            }
        }
    }
    let month = month_text(row);
    let period = Period::parse("period", &month)?;
    body.insert("period".into(), Json::String(month));
    body.insert("projectId".into(), Json::String(project.id.to_string()));
    Ok(Placed { line: row.line, project, period, body })
}

/// The row to write for a placed row, against the month's report of its project if there is one
/// (`current`): the rules of `projectReport/submit`.
fn checked(
    Placed { project: p, period, mut body, .. }: Placed,
    current: Option<&project_report::Model>,
    covered: bool,
    this_month: Period,
) -> Result<project_report::ActiveModel, AppError> {
    let (year, month) = (period.year(), period.month());
    if let Some(c) = current {
        if !Status::from_code("reportStatus", &c.report_status)?.editable() {
            return Err(AppError::field("period", format!("「{}」{year}年{month}月的月报已提交审核或已通过，不能修改", p.project_name)));
        }
        if !covered {
            return Err(AppError::field("period", format!("「{}」{year}年{month}月的月报已存在", p.project_name)));
        }
        let mut merged = super::stored_form(c)?;
        merged.extend(body);
        body = merged;
    }
    // A status left empty is the report's, or for a new one the project's own.
    body.entry("projectStatus").or_insert_with(|| Json::String(p.project_status.clone()));
    let Filed { report, change } = ReportForm::from_json(&body)?.validate(this_month)?;
    super::takes_reports(p)?;
    let proposed = super::proposal(p, &report.project_status, change)?;
    let mut row = report.into_active_model();
    row.from_status = Set(p.project_status.clone());
    row.status_change = Set(proposed.map(|(_, stored)| stored).unwrap_or_default());
    Ok(row)
}

/// Reads, checks and (when every row is good) writes an uploaded file of monthly reports; `covered`
/// lays rows over the draft or returned reports of their months.
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
    let this_month = Period::of_day(keeper_common::time::today());
    let author = Author::of(me);
    // One report per project and month, decided under the lock `submit` takes.
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let mut current = HashMap::new();
    for period in rows.iter().map(|r| r.period).collect::<BTreeSet<_>>() {
        let ids: Vec<i64> = rows.iter().filter(|r| r.period == period).map(|r| r.project.id).collect();
        for (project, r) in repo::of_projects_month(&txn, tenant, &ids, period).await? {
            current.insert((project, period), r);
        }
    }
    let mut first_line = HashMap::new();
    let (mut new, mut updates) = (Vec::new(), Vec::new());
    for row in rows {
        let (line, p, key) = (row.line, row.project, (row.project.id, row.period));
        if let Some(first) = first_line.insert(key, line) {
            let what = format!("「{}」{}年{}月的月报与第{first}行重复", p.project_name, row.period.year(), row.period.month());
            report.field(&sheet, line, "period", what);
            continue;
        }
        let existing = current.get(&key);
        match checked(row, existing, covered, this_month) {
            Ok(r) => match existing {
                Some(c) => updates.push((c.id, Status::from_code("reportStatus", &c.report_status)?, r)),
                None => new.push(super::new_row(r, p, &author)),
            },
            Err(e) => refuse(&mut report, &sheet, line, e, column_of),
        }
    }
    if !report.is_empty() {
        return Ok(Imported::Rejected(report));
    }
    let (created, updated) = (new.len(), updates.len());
    for row in new {
        repo::insert(&txn, row).await?;
    }
    for (id, from, mut row) in updates {
        base::updated::<project_report::Entity>(&mut row, &author);
        if !repo::update_if_status(&txn, tenant, id, from, row).await? {
            return Err(AppError::bad("月报已提交审核或已通过，不能修改"));
        }
    }
    txn.commit().await?;
    Ok(Imported::Done { created, updated })
}
