//! Monthly output reports of many enterprises from one sheet (产值填报 导入): `outputValue/export-template`
//! and `outputValue/import`. The layout is the export's (`excel::sheet`), one row per enterprise and
//! month: the month (月份, `yyyy-MM`), the enterprise by its unified social credit code (by its name only
//! when the code is left empty and the name is that of exactly one enterprise the caller sees), and the
//! report's figures; the export's computed figures and workflow columns are recognised and ignored. So a
//! clerk may export the month's 未填 enterprises, type their figures in and upload the file as it is:
//! a row with no figure of the month (last year's, which the export fills in, do not count) is passed
//! over and counted as skipped.
//!
//! Every other row passes the rules of `outputValue/submit` — the enterprise within the caller's scope,
//! a month that has begun, is not locked and takes reports (January merged into February), a decline
//! with its reason — and lands as a draft: a new report, or with `isCovered` the draft or returned
//! report of that enterprise and month, which the row replaces; a month already submitted or approved
//! is refused. All or nothing: with any bad row nothing is written and the reply names each row, column
//! and reason.
use std::collections::{BTreeSet, HashMap};

use keeper_common::AppError;
use keeper_db::base::{self, Author};
use keeper_excel::{Report, Row, Sheet};
use keeper_security::CurrentUser;
use sea_orm::{IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value as Json};

use super::form::{OutputReport, OutputReportForm};
use super::{excel, figures, lock, repo};
use crate::entity::{enterprise, output_report};
use crate::investment::project::import::{Read, json_of, layout, noted, refuse};
use crate::investment::report::import::month_text;
use crate::output::named::{self, CODE, NAME, Named, Upload};
use crate::period::Period;
use crate::reference::Reference;
use crate::review::Status;
use crate::state::AppState;

pub const TEMPLATE_FILE: &str = "产值填报导入模板.xlsx";

/// The export's columns that read back: `(export column, form field, how)`. The rest are export-only.
const READ_BACK: [(&str, &str, Read); 16] = [
    ("period", "period", Read::Text),
    (NAME, NAME, Read::Text),
    (CODE, CODE, Read::Text),
    ("monthOutput", "monthOutput", Read::Money),
    ("lastYearYtdOutput", "lastYearYtdOutput", Read::Money),
    ("lastYearMonthOutput", "lastYearMonthOutput", Read::Money),
    ("monthRevenue", "monthRevenue", Read::Money),
    ("monthAddedValue", "monthAddedValue", Read::Money),
    ("monthTax", "monthTax", Read::Money),
    // A loss is a negative profit: the form takes the sign.
    ("monthProfit", "monthProfit", Read::Decimal(4)),
    ("electricity", "electricity", Read::Decimal(2)),
    ("employeeCount", "employeeCount", Read::Int),
    ("nextMonthForecast", "nextMonthForecast", Read::Money),
    ("declineReason", "declineReason", Read::Text),
    ("problems", "problems", Read::Text),
    ("remark", "remark", Read::Text),
];

/// What places a row; the figures are the form's to require, so that a row without any is passed over.
const PLACING: [&str; 3] = ["period", CODE, NAME];
/// Last year's figures: the export writes them from last year's approved reports (the form then drops
/// them), so a 未填 row carries them without anything of the month being typed.
const LAST_YEAR: [&str; 2] = ["lastYearYtdOutput", "lastYearMonthOutput"];

/// Hints of the columns whose kind says too little.
const NOTES: [(&str, &str); 7] = [
    ("period", "必填，如 2026-03"),
    (CODE, "按统一社会信用代码匹配企业"),
    (NAME, "无信用代码时按名称匹配"),
    ("monthOutput", "必填，万元，最多4位小数"),
    ("lastYearYtdOutput", "上年无已审核月报时填写"),
    ("lastYearMonthOutput", "上年无已审核月报时填写"),
    ("declineReason", "累计产值同比下降时必填"),
];

pub fn sheet(r: &Reference) -> Sheet {
    // No column is required of the reader: the form names a missing month or output with its reason,
    // and a row without any figure is passed over whatever its month.
    noted(layout(excel::sheet(), &READ_BACK, &[], &[], r), &NOTES)
}

pub async fn template(state: &AppState, me: &CurrentUser) -> Result<Vec<u8>, AppError> {
    Ok(keeper_excel::template(&sheet(&*state.reference.fresh(&me.tenant_id).await?))?)
}

/// What an import wrote, and the blank rows it passed over.
#[derive(Debug, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Counts {
    pub created: usize,
    pub updated: usize,
    pub skipped: usize,
}

/// The outcome of an import: written, or refused with every problem.
pub enum Imported {
    Done(Counts),
    Rejected(Report),
}

/// Whether a row holds no figure of its month: only the month, the enterprise and last year's figures,
/// as an export of 未填 rows does.
fn blank(row: &Row) -> bool {
    row.values.iter().all(|(field, value)| PLACING.contains(field) || LAST_YEAR.contains(field) || json_of(value).is_none())
}

/// A row placed: its line, enterprise, month, and the body `submit` would receive.
struct Placed<'e> {
    line: usize,
    enterprise: &'e enterprise::Model,
    period: Period,
    body: Map<String, Json>,
}

fn placed<'e>(row: &Row, seen: &Named<'e>) -> Result<Placed<'e>, AppError> {
    let enterprise = seen.of(row)?;
    // The row is the month's report: an empty cell clears what a report laid over held.
    let mut body: Map<String, Json> = row
        .values
        .iter()
        .filter(|(field, _)| !PLACING.contains(field))
        .map(|(field, value)| (field.to_string(), json_of(value).unwrap_or(Json::Null)))
        .collect();
    let month = month_text(row);
    let period = Period::parse("period", &month)?;
    body.insert("period".into(), Json::String(month));
    body.insert("enterpriseId".into(), Json::String(enterprise.id.to_string()));
    Ok(Placed { line: row.line, enterprise, period, body })
}

/// What a month asks of every row filed for it, read once per month of the file.
struct Month {
    /// Why the month takes no report, if it does not (merged January, locked).
    refused: Option<AppError>,
    approved: figures::Approved,
}

async fn month(state: &AppState, tenant: &str, r: &Reference, p: Period) -> Result<Month, AppError> {
    let refused = match super::refused_month(r, p) {
        Err(e) => Some(e),
        Ok(()) => lock::refuse_if_locked(&state.db, tenant, p).await.err(),
    };
    Ok(Month { refused, approved: repo::approved_around(&state.db, tenant, p, repo::Firms::All).await? })
}

fn copy(e: &AppError) -> AppError {
    match e {
        AppError::Field { field, reason } => AppError::field(field.clone(), reason.clone()),
        other => AppError::bad(other.to_string()),
    }
}

/// The report to write for a placed row, against the month's report of its enterprise if there is one
/// (`current`): the rules of `outputValue/submit`.
fn checked(
    Placed { enterprise: e, period, body, .. }: Placed,
    current: Option<&output_report::Model>,
    covered: bool,
    month: &Month,
    this_month: Period,
) -> Result<OutputReport, AppError> {
    // The sheet holds every field of the form, so a row laid over a report replaces it whole: nothing
    // of the stored report is kept, and the row alone is checked.
    let mut report = OutputReportForm::from_json(&body)?.validate(this_month)?;
    if let Some(refused) = &month.refused {
        return Err(copy(refused));
    }
    if let Some(c) = current {
        if !Status::from_code("reportStatus", &c.report_status)?.editable() {
            let (y, m) = (period.year(), period.month());
            return Err(AppError::field("period", format!("「{}」{y}年{m}月的产值已提交审核或已通过，不能修改", e.enterprise_name)));
        }
        if !covered {
            return Err(super::duplicate(&e.enterprise_name, period));
        }
    }
    super::settle(&mut report, &month.approved)?;
    Ok(report)
}

/// Reads, checks and (when every row is good) writes an uploaded sheet of monthly reports; `covered`
/// lays rows over the draft or returned reports of their months.
pub async fn import(state: &AppState, me: &CurrentUser, bytes: &[u8], covered: bool) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let Upload { reference, sheet, rows: parsed, mut report, scope: _, seen: visible } = named::read(state, me, bytes, sheet).await?;
    let seen = Named::new(&visible);
    let mut counts = Counts::default();
    let mut rows = Vec::new();
    for row in &parsed {
        if blank(row) {
            counts.skipped += 1;
            continue;
        }
        match placed(row, &seen) {
            Ok(p) => rows.push(p),
            Err(e) => refuse(&mut report, &sheet, row.line, e, column_of),
        }
    }
    let mut months = HashMap::new();
    for p in rows.iter().map(|r| r.period).collect::<BTreeSet<_>>() {
        months.insert(p, month(state, tenant, &reference, p).await?);
    }
    let this_month = Period::of_day(keeper_common::time::today());
    let author = Author::of(me);
    // One report per enterprise and month, decided under the lock `submit` takes.
    super::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    super::tenant_lock(&txn, tenant).await?;
    let mut current = HashMap::new();
    for &p in months.keys() {
        let ids: Vec<i64> = rows.iter().filter(|r| r.period == p).map(|r| r.enterprise.id).collect();
        for r in repo::of_enterprises_month(&txn, tenant, &ids, p).await? {
            current.insert((r.enterprise_id, p), r);
        }
    }
    let mut first_line = HashMap::new();
    let (mut new, mut updates) = (Vec::new(), Vec::new());
    for row in rows {
        let (line, e, p) = (row.line, row.enterprise, row.period);
        if let Some(first) = first_line.insert((e.id, p), line) {
            let what = format!("「{}」{}年{}月的产值与第{first}行重复", e.enterprise_name, p.year(), p.month());
            report.field(&sheet, line, "period", what);
            continue;
        }
        let existing = current.get(&(e.id, p));
        match checked(row, existing, covered, &months[&p], this_month) {
            Ok(r) => match existing {
                Some(c) => updates.push((c.id, Status::from_code("reportStatus", &c.report_status)?, r.into_active_model())),
                None => new.push(super::new_draft(r.into_active_model(), e, &author).1),
            },
            Err(err) => refuse(&mut report, &sheet, line, err, column_of),
        }
    }
    if !report.is_empty() {
        return Ok(Imported::Rejected(report));
    }
    (counts.created, counts.updated) = (new.len(), updates.len());
    for row in new {
        repo::insert(&txn, row).await?;
    }
    for (id, from, mut row) in updates {
        base::updated::<output_report::Entity>(&mut row, &author);
        if !repo::update_if_status(&txn, tenant, id, from, row).await? {
            return Err(AppError::bad("产值填报已提交审核或已通过，不能修改"));
        }
    }
    txn.commit().await?;
    state.output_reports.changed(tenant);
    Ok(Imported::Done(counts))
}

/// The column a refusal of the form is about.
fn column_of(field: &str) -> &str {
    match field {
        "enterpriseId" => CODE,
        f => f,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use keeper_excel::Value;

    fn row(values: Vec<(&'static str, Value)>) -> Row {
        Row { line: 3, values }
    }

    #[test]
    fn a_row_with_only_its_month_and_enterprise_is_blank_and_any_figure_makes_it_a_report() {
        let placing = vec![("period", Value::from("2026-03")), (CODE, Value::from("913201000000000001")), (NAME, Value::from("甲"))];
        assert!(blank(&row(placing.clone())));
        let mut with_empty = placing.clone();
        with_empty.push(("monthOutput", Value::Empty));
        assert!(blank(&row(with_empty)));
        let mut exported = placing.clone();
        exported.extend([("lastYearYtdOutput", Value::Decimal(1000.into())), ("lastYearMonthOutput", Value::Decimal(400.into()))]);
        assert!(blank(&row(exported)), "last year's figures are the export's, not the clerk's");
        for (field, v) in
            [("monthOutput", Value::Decimal(0.into())), ("declineReason", Value::from("订单减少")), ("employeeCount", Value::Int(3))]
        {
            let mut filled = placing.clone();
            filled.push((field, v));
            assert!(!blank(&row(filled)), "{field}");
        }
    }
}
