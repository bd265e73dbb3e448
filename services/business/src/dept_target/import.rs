//! Targets from Excel (目标管理): `target/export-template` and `target/import`. The layout is the target
//! list's export (`excel::targets_sheet`), one row per department, year and indicator: the department by
//! its name (or its path when the name is not unique), the indicator and split mode by their labels, the
//! year's figure, and for a split by hand the twelve months; the workflow's columns are recognised and
//! ignored. Every row is read into the body `target/submit` would receive and passes its rules and its
//! split ([`TargetForm`], [`crate::split`]), so that a row lands exactly as the form would save it: as a
//! draft, new, or with `isCovered` laid over the draft of its department, year and indicator. A target
//! already issued, confirmed or under revision is never overwritten: it changes through 调整, with a
//! reason. All or nothing: with any bad row nothing is written and the reply names every row and column.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author};
use keeper_excel::{Row, Sheet};
use keeper_security::CurrentUser;
use sea_orm::{EntityTrait, IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value as Json};

use super::actuals::{self, DeptBasis};
use super::form::{Target, TargetForm};
use super::lifecycle::TargetStatus;
use super::{excel, repo};
use crate::enterprise::excel::Imported;
use crate::entity::dept_target;
use crate::investment::project::import::{Upload, json_of, read, refuse};
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::ProjectScope;
use crate::period::Period;
use crate::reference::Reference;
use crate::state::AppState;

pub const TEMPLATE_FILE: &str = "目标任务导入模板.xlsx";

pub async fn template(state: &AppState, me: &CurrentUser) -> Result<Vec<u8>, AppError> {
    Ok(keeper_excel::template(&excel::targets_sheet(&*state.reference.fresh(&me.tenant_id).await?))?)
}

/// The column a refusal of the form or the split is about.
fn column_of(field: &str) -> &str {
    match field {
        // The months against the year: the months are what a person fixes.
        "months" => "m1",
        "firstQuarter" => "q1Share",
        "firstHalf" => "h1Share",
        "firstThreeQuarters" => "q3Share",
        f => f,
    }
}

/// A file row as the body `target/submit` would receive: the department's name turned into its id, the
/// month cells into the form's twelve months (an empty month is `null`, which the form counts as 0).
fn body_of(row: &Row, r: &Reference) -> Result<Map<String, Json>, AppError> {
    let mut body = Map::new();
    let mut months = vec![Json::Null; 12];
    let mut any_month = false;
    for (field, value) in &row.values {
        let Some(json) = json_of(value) else { continue };
        if let Some(m) = excel::MONTHS.iter().position(|(f, ..)| f == field) {
            months[m] = json;
            any_month = true;
        } else if *field == "deptId" {
            let name = json.as_str().unwrap_or_default();
            let id = r.dept_by_file_name(name).map_err(|e| AppError::field("deptId", e))?;
            body.insert("deptId".into(), Json::String(id.to_string()));
        } else {
            body.insert((*field).into(), json);
        }
    }
    if any_month {
        body.insert("months".into(), Json::Array(months));
    }
    Ok(body)
}

/// A row read and checked, its months still to be split.
struct Placed {
    line: usize,
    checked: super::form::Checked,
}

fn placed(row: &Row, r: &Reference, scope: &ProjectScope, this_year: i32) -> Result<Placed, AppError> {
    let checked = TargetForm::from_json(&body_of(row, r)?)?.validate(this_year, r)?;
    let dept = checked.target.dept_id;
    if !scope.places(Some(dept), Some(dept)) {
        return Err(AppError::field("deptId", "不在您的管辖范围内"));
    }
    Ok(Placed { line: row.line, checked })
}

/// What a row does to the stored target of its department, year and indicator (`current`).
fn decide(
    t: &Target,
    current: Option<&dept_target::Model>,
    covered: bool,
    scope: &ProjectScope,
    r: &Reference,
) -> Result<Option<i64>, AppError> {
    let Some(c) = current else { return Ok(None) };
    let what =
        format!("「{}」{}年「{}」的目标", r.dept_name(Some(t.dept_id)), t.target_year, r.label("target_indicator", &t.indicator_code));
    // A draft the caller does not see is refused as the form refuses it, without saying whose it is.
    if !super::admits(scope, c) {
        return Err(AppError::field("indicatorCode", "该单位本年度已有此指标的目标"));
    }
    match TargetStatus::of_code(&c.target_status)? {
        TargetStatus::Draft if covered => Ok(Some(c.id)),
        TargetStatus::Draft => Err(AppError::field("indicatorCode", format!("{what}已存在"))),
        TargetStatus::Revising => Err(AppError::field("indicatorCode", format!("{what}正在调整，请在目标管理中修改后重新下达"))),
        s => Err(AppError::field("indicatorCode", format!("{what}{}，不能导入覆盖，请通过调整修改", s.label()))),
    }
}

/// Reads, checks and (when every row is good) writes an uploaded file of targets; `covered` lays rows
/// over the drafts of their department, year and indicator.
pub async fn import(state: &AppState, me: &CurrentUser, bytes: &[u8], covered: bool) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let Upload { reference: r, sheet, parsed, mut report, scope } = read(state, me, bytes, excel::targets_sheet).await?;
    let this_year = Period::of_day(keeper_common::time::today()).year();
    let mut rows = Vec::new();
    for row in &parsed {
        match placed(row, &r, &scope, this_year) {
            Ok(p) => rows.push(p),
            Err(e) => refuse(&mut report, &sheet, row.line, e, column_of),
        }
    }
    let targets = split_all(state, tenant, rows, &sheet, &mut report).await?;
    let author = Author::of(me);
    // One live target per department, year and indicator, decided under the lock `submit` takes.
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let mut current = HashMap::new();
    let mut years: Vec<i32> = targets.iter().map(|(_, t)| t.target_year).collect();
    years.sort_unstable();
    years.dedup();
    for year in years {
        for t in repo::of_year(&txn, tenant, &repo::Filter { year, ..Default::default() }).await? {
            current.insert((t.target_year, t.dept_id, t.indicator_code.clone()), t);
        }
    }
    let mut first_line = HashMap::new();
    let (mut new, mut updates) = (Vec::new(), Vec::new());
    for (line, t) in targets {
        let key = (t.target_year, t.dept_id, t.indicator_code.clone());
        if let Some(first) = first_line.insert(key.clone(), line) {
            let what = format!(
                "「{}」{}年「{}」的目标",
                r.dept_name(Some(t.dept_id)),
                t.target_year,
                r.label("target_indicator", &t.indicator_code)
            );
            report.field(&sheet, line, "indicatorCode", format!("{what}与第{first}行重复"));
            continue;
        }
        match decide(&t, current.get(&key), covered, &scope, &r) {
            Ok(Some(id)) => updates.push((id, t)),
            Ok(None) => new.push(t),
            Err(e) => refuse(&mut report, &sheet, line, e, column_of),
        }
    }
    if !report.is_empty() {
        return Ok(Imported::Rejected(report));
    }
    let (created, updated) = (new.len(), updates.len());
    for t in new {
        dept_target::Entity::insert(super::new_draft(t, next_id(), &author)).exec_without_returning(&txn).await?;
    }
    for (id, t) in updates {
        let mut row = t.into_active_model();
        base::updated::<dept_target::Entity>(&mut row, &author);
        if !repo::update_if(&txn, tenant, id, TargetStatus::Draft.code(), row).await? {
            return Err(AppError::bad("目标已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(Imported::Done { created, updated })
}

/// The months of every checked row, as the form splits them: a split by last year's structure reads the
/// department's actual months of the year before (once per indicator and year for the whole file).
async fn split_all(
    state: &AppState,
    tenant: &str,
    rows: Vec<Placed>,
    sheet: &Sheet,
    report: &mut keeper_excel::Report,
) -> Result<Vec<(usize, Target)>, AppError> {
    let mut last_years: HashMap<(String, i32), HashMap<i64, actuals::Year>> = HashMap::new();
    let mut out = Vec::with_capacity(rows.len());
    for Placed { line, checked } in rows {
        let last_year = if checked.needs_last_year() {
            let t = &checked.target;
            let key = (t.indicator_code.clone(), t.target_year - 1);
            if !last_years.contains_key(&key) {
                let years = actuals::of_year(&state.db, tenant, &key.0, key.1, DeptBasis::Filed).await?;
                last_years.insert(key.clone(), years);
            }
            super::last_year_months(&last_years[&key], t.dept_id)
        } else {
            None
        };
        match checked.split(last_year.as_ref()) {
            Ok(t) => out.push((line, t)),
            Err(e) => refuse(report, sheet, line, e, column_of),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use keeper_client::system::{DeptRef, DictEntry, TenantReference};
    use keeper_excel::Value;
    use serde_json::json;

    /// 管委会 over 东区 and 西区, each with a 一园 of its own.
    fn zone() -> Reference {
        let d = |id, parent_id, name: &str| DeptRef { id, parent_id, name: name.into(), power_type: 2 };
        let entries = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, l)| DictEntry { key: (*k).into(), label: (*l).into() }).collect();
        Reference::new(TenantReference {
            depts: vec![d(1, 0, "管委会"), d(2, 1, "东区"), d(3, 1, "西区"), d(4, 2, "一园"), d(5, 3, "一园")],
            dicts: HashMap::from([
                ("target_indicator".to_string(), entries(&[("4", "项目完成投资(万元)"), ("5", "新开工项目数(个)")])),
                ("split_mode".to_string(), entries(&[("1", "平均"), ("2", "按上年同期结构"), ("3", "按季度节点"), ("4", "手工")])),
            ]),
            ..Default::default()
        })
    }

    #[test]
    fn a_department_is_named_by_its_name_or_by_its_path_when_the_name_is_shared() {
        let r = zone();
        assert_eq!(
            (r.dept_file_name(2), r.dept_file_name(4), r.dept_file_name(5)),
            ("东区".into(), "管委会/东区/一园".into(), "管委会/西区/一园".into())
        );
        for (text, want) in
            [("东区", Ok(2)), ("管委会/东区/一园", Ok(4)), ("西区/一园", Ok(5)), (" 西区 / 一园 ", Ok(5)), ("管委会", Ok(1))]
        {
            assert_eq!(r.dept_by_file_name(text), want, "{text}");
        }
        assert_eq!(r.dept_by_file_name("一园").unwrap_err(), "机构名称「一园」不唯一，请填写上级机构路径，如 上级机构/一园");
        assert_eq!(r.dept_by_file_name("北区").unwrap_err(), "机构不存在: 北区");
        assert_eq!(r.dept_by_file_name("西区/二园").unwrap_err(), "机构不存在: 西区/二园");
    }

    #[test]
    fn a_row_reads_into_the_body_of_submit_with_the_months_of_a_split_by_hand() {
        let r = zone();
        let mut values = vec![
            ("targetYear", Value::Int(2026)),
            ("deptId", Value::from("西区/一园")),
            ("indicatorCode", Value::from("4")),
            ("annualTarget", Value::Decimal("1200.5".parse().unwrap())),
            ("splitMode", Value::from("4")),
            ("m1", Value::Decimal("100.5".parse().unwrap())),
            ("m12", Value::Decimal("1100".parse().unwrap())),
            ("remark", Value::Empty),
        ];
        let body = body_of(&Row { line: 2, values: values.clone() }, &r).unwrap();
        let mut months = vec![json!(null); 12];
        months[0] = json!("100.5");
        months[11] = json!("1100");
        assert_eq!(
            Json::Object(body.clone()),
            json!({ "targetYear": 2026, "deptId": "5", "indicatorCode": "4", "annualTarget": "1200.5", "splitMode": "4", "months": months })
        );
        // The form takes it as typed: January and December, nothing between.
        let t = TargetForm::from_json(&body).unwrap().validate(2026, &r).unwrap().split(None).unwrap();
        assert_eq!(
            (t.m01, t.m02, t.m12),
            (Some("100.5".parse().unwrap()), Some(rust_decimal::Decimal::ZERO), Some(rust_decimal::Decimal::from(1100)))
        );
        // Months that miss the year are the months' fault, under 1月.
        values[6] = ("m12", Value::Decimal("1000".parse().unwrap()));
        let body = body_of(&Row { line: 2, values }, &r).unwrap();
        match TargetForm::from_json(&body).unwrap().validate(2026, &r).unwrap().split(None) {
            Err(AppError::Field { field, .. }) => assert_eq!(column_of(&field), "m1"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_layout_reads_back_what_it_exports_and_hints_at_each_column() {
        let sheet = excel::targets_sheet(&zone());
        let filled: Vec<&str> = sheet.import_columns().map(|c| c.header.as_str()).collect();
        let months: Vec<String> = (1..=12).map(|m| format!("{m}月")).collect();
        let mut want = vec![
            "年度",
            "责任单位",
            "指标",
            "年度目标",
            "目标增速(%)",
            "上年实际",
            "分解方式",
            "一季度累计(%)",
            "上半年累计(%)",
            "前三季度累计(%)",
        ];
        want.extend(months.iter().map(String::as_str));
        want.push("备注");
        assert_eq!(filled, want);
        let required: Vec<&str> = sheet.columns.iter().filter(|c| c.required).map(|c| c.header.as_str()).collect();
        assert_eq!(required, ["年度", "责任单位", "指标", "年度目标"]);
        let note = |field: &str| sheet.columns.iter().find(|c| c.field == field).unwrap().note.clone();
        assert_eq!(note("splitMode"), "可选: 平均/按上年同期结构/按季度节点/手工；不填为平均");
        assert_eq!(note("indicatorCode"), "必填，选项名称，如 项目完成投资(万元)");
    }
}
