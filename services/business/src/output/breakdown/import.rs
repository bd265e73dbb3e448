//! Enterprise targets from Excel (年度产值分解 导入): `outputTarget/export-template` and
//! `outputTarget/import`. One row per enterprise and year: the enterprise by its unified social credit
//! code (or by a name that is one enterprise's when the code is left empty, `output::named`), the year's
//! target, the split mode by its label with the quarter shares or the twelve months it needs. Every row
//! is read into the body `outputTarget/submit` would receive and passes its rules and its split, so that
//! a row lands exactly as the form would save it: as a draft filed under the enterprise's territory, new,
//! or with `isCovered` laid over the draft of its enterprise and year. A target already issued, confirmed
//! or under revision is never overwritten: it changes through 调整, with a reason. All or nothing: with
//! any bad row nothing is written and the reply names every row and column.
use std::collections::{BTreeSet, HashMap};

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author};
use keeper_excel::{Column, Row, Sheet};
use keeper_security::CurrentUser;
use sea_orm::{EntityTrait, IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value as Json};

use super::form::{Checked, Context, OutputTargetForm, Target};
use super::repo;
use crate::dept_target::excel::MONTHS;
use crate::dept_target::lifecycle::TargetStatus;
use crate::enterprise::excel::Imported;
use crate::entity::{enterprise, output_target};
use crate::investment::project::import::{json_of, refuse};
use crate::investment::project::repo as project_repo;
use crate::output::named::{self, CODE, NAME, Named, Upload};
use crate::output::report::{january, scope};
use crate::period::Period;
use crate::reference::Reference;
use crate::split::Months;
use crate::state::AppState;

pub const TEMPLATE_FILE: &str = "年度产值分解导入模板.xlsx";

/// The layout: the fields of `outputTarget/submit`, the enterprise by code or name, the mode by its label.
pub fn sheet(r: &Reference) -> Sheet {
    let modes = r.dict("split_mode");
    let mode_hint = format!("可选: {}；不填为{}", modes.labels().collect::<Vec<_>>().join("/"), modes.labels().next().unwrap_or_default());
    let mut columns = vec![
        Column::int("targetYear", "年度", 8.0).required().note("必填，如 2027"),
        Column::text(NAME, "企业名称", 28.0).note("无信用代码时按名称匹配"),
        Column::text(CODE, "统一社会信用代码", 22.0).note("按统一社会信用代码匹配企业"),
        Column::decimal("annualTarget", "年度目标产值(万元)", 18.0, 4).required().note("必填，万元，最多4位小数"),
        Column::dict("splitMode", "分月方式", 16.0, modes).note(mode_hint),
        Column::decimal("q1Share", "一季度累计(%)", 14.0, 2).note("按季度节点时必填，如 20"),
        Column::decimal("h1Share", "上半年累计(%)", 14.0, 2).note("如 50"),
        Column::decimal("q3Share", "前三季度累计(%)", 15.0, 2).note("如 75"),
    ];
    for (i, (field, header, _)) in MONTHS.into_iter().enumerate() {
        let c = Column::decimal(field, header, 11.0, 4);
        columns.push(if i == 0 { c.note("手工分解时填写各月，合计等于年度目标") } else { c });
    }
    columns.push(Column::text("remark", "备注", 30.0));
    Sheet::new("年度产值分解", columns)
}

pub async fn template(state: &AppState, me: &CurrentUser) -> Result<Vec<u8>, AppError> {
    Ok(keeper_excel::template(&sheet(&*state.reference.fresh(&me.tenant_id).await?))?)
}

/// The column a refusal of the form or the split is about.
fn column_of(field: &str) -> &str {
    match field {
        // The months against the year: the months are what a person fixes.
        "months" => "m1",
        "enterpriseId" => CODE,
        f => f,
    }
}

/// A file row as the body `outputTarget/submit` would receive: the month cells as the form's twelve
/// months (an empty month is `null`, which the form counts as 0), the enterprise as its id.
fn body_of(row: &Row, e: &enterprise::Model) -> Map<String, Json> {
    let mut body = Map::new();
    let mut months = vec![Json::Null; 12];
    let mut any_month = false;
    for (field, value) in &row.values {
        let Some(json) = json_of(value) else { continue };
        if let Some(m) = MONTHS.iter().position(|(f, ..)| f == field) {
            months[m] = json;
            any_month = true;
        } else if ![CODE, NAME].contains(field) {
            body.insert((*field).into(), json);
        }
    }
    if any_month {
        body.insert("months".into(), Json::Array(months));
    }
    body.insert("enterpriseId".into(), Json::String(e.id.to_string()));
    body
}

/// A row read and checked: its enterprise and territory, its months still to be split.
struct Placed<'e> {
    line: usize,
    enterprise: &'e enterprise::Model,
    dept_id: i64,
    checked: Checked,
}

fn placed<'e>(row: &Row, named: &Named<'e>, this_year: i32) -> Result<Placed<'e>, AppError> {
    let e = named.of(row)?;
    let checked = OutputTargetForm::from_json(&body_of(row, e))?.validate(this_year)?;
    let dept_id = e.dept_id.ok_or_else(|| AppError::field(CODE, "该企业未设置属地，请先在企业库中设置"))?;
    Ok(Placed { line: row.line, enterprise: e, dept_id, checked })
}

/// What a row does to the stored target of its enterprise and year (`current`): `Some(id)` lays it
/// over that draft.
fn decide(
    e: &enterprise::Model,
    year: i32,
    current: Option<&output_target::Model>,
    covered: bool,
    scope: &scope::Scope,
) -> Result<Option<i64>, AppError> {
    let Some(c) = current else { return Ok(None) };
    let what = format!("「{}」{year}年的产值目标", e.enterprise_name);
    // A draft the caller does not see is refused as the form refuses it, without saying whose it is.
    if !super::admits(scope, c, Some(e)) {
        return Err(AppError::field("targetYear", "该企业本年度已有产值目标"));
    }
    match TargetStatus::of_code(&c.target_status)? {
        TargetStatus::Draft if covered => Ok(Some(c.id)),
        TargetStatus::Draft => Err(AppError::field("targetYear", format!("{what}已存在"))),
        TargetStatus::Revising => Err(AppError::field("targetYear", format!("{what}正在调整，请在年度产值分解中修改后重新下达"))),
        s => Err(AppError::field("targetYear", format!("{what}{}，不能导入覆盖，请通过调整修改", s.label()))),
    }
}

/// Reads, checks and (when every row is good) writes an uploaded file of enterprise targets; `covered`
/// lays rows over the drafts of their enterprise and year.
pub async fn import(state: &AppState, me: &CurrentUser, bytes: &[u8], covered: bool) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let Upload { reference: r, sheet, rows: parsed, mut report, scope, seen } = named::read(state, me, bytes, sheet).await?;
    let named = Named::new(&seen);
    let this_year = Period::of_day(keeper_common::time::today()).year();
    let mut rows = Vec::new();
    for row in &parsed {
        match placed(row, &named, this_year) {
            Ok(p) => rows.push(p),
            Err(e) => refuse(&mut report, &sheet, row.line, e, column_of),
        }
    }
    // Last year's approved months of the file's enterprises, once per year of the file.
    let years: BTreeSet<i32> = rows.iter().map(|p| p.checked.target_year).collect();
    let mut last_years: HashMap<i32, HashMap<i64, Months>> = HashMap::new();
    for &year in &years {
        let ids: Vec<i64> = rows.iter().filter(|p| p.checked.target_year == year).map(|p| p.enterprise.id).collect();
        last_years.insert(year, repo::approved_months(&state.db, tenant, year - 1, Some(&ids)).await?);
    }
    let january = january(&r);
    let mut targets: Vec<(usize, &enterprise::Model, Target)> = Vec::with_capacity(rows.len());
    for p in rows {
        let last_year = last_years[&p.checked.target_year].get(&p.enterprise.id);
        match p.checked.target(&Context { dept_id: p.dept_id, last_year, january }) {
            Ok(t) => targets.push((p.line, p.enterprise, t)),
            Err(e) => refuse(&mut report, &sheet, p.line, e, column_of),
        }
    }
    let author = Author::of(me);
    // One live target per enterprise and year, decided under the lock `submit` takes.
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let mut current = HashMap::new();
    for &year in &years {
        for t in repo::of_year(&txn, tenant, year, None).await? {
            current.insert((t.target_year, t.enterprise_id), t);
        }
    }
    let mut first_line = HashMap::new();
    let (mut new, mut updates) = (Vec::new(), Vec::new());
    for (line, e, mut t) in targets {
        let key = (t.target_year, t.enterprise_id);
        if let Some(first) = first_line.insert(key, line) {
            report.field(&sheet, line, "targetYear", format!("「{}」{}年的产值目标与第{first}行重复", e.enterprise_name, t.target_year));
            continue;
        }
        let stored = current.get(&key);
        match decide(e, t.target_year, stored, covered, &scope) {
            Ok(Some(id)) => {
                // The target stays with the department it was made in, as `submit` keeps it.
                t.dept_id = stored.map_or(t.dept_id, |s| s.dept_id);
                updates.push((id, t));
            }
            Ok(None) => new.push(t),
            Err(err) => refuse(&mut report, &sheet, line, err, column_of),
        }
    }
    if !report.is_empty() {
        return Ok(Imported::Rejected(report));
    }
    let (created, updated) = (new.len(), updates.len());
    for t in new {
        output_target::Entity::insert(super::new_draft(t, None, next_id(), &author)).exec_without_returning(&txn).await?;
    }
    for (id, t) in updates {
        let mut row = t.into_active_model();
        base::updated::<output_target::Entity>(&mut row, &author);
        if !repo::update_if(&txn, tenant, id, TargetStatus::Draft.code(), row).await? {
            return Err(AppError::bad("目标已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(Imported::Done { created, updated })
}
