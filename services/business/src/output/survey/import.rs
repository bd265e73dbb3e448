//! Surveys from Excel (摸底分解 导入): `outputSurvey/export-template` and `outputSurvey/import`. One row
//! per enterprise, year and round: the round by its label, the enterprise by its unified social credit
//! code (or by a name that is one enterprise's when the code is left empty, `output::named`), last
//! year's output, this year's expectation with its quarters when given, the new capacity with the
//! enterprise's projects that bring it (by 项目编号, several separated by commas), and the factors.
//! Every row passes the rules of `outputSurvey/submit` and lands as a draft filed under the enterprise's
//! territory: a new survey, or with `isCovered` the draft or returned survey of that enterprise, year
//! and round, which the row replaces; one submitted or approved is refused. All or nothing: with any bad
//! row nothing is written and the reply names every row and column.
use std::collections::{BTreeSet, HashMap};

use keeper_common::AppError;
use keeper_db::base::{self, Author, BaseColumns};
use keeper_excel::{Column, Row, Sheet};
use keeper_security::CurrentUser;
use sea_orm::{IntoActiveModel, QueryFilter, TransactionTrait};
use serde_json::{Map, Value as Json};

use super::form::{OutputSurveyForm, Survey};
use super::repo;
use crate::enterprise::excel::Imported;
use crate::entity::{enterprise, output_survey as survey, project};
use crate::investment::project::import::{json_of, refuse};
use crate::investment::project::repo as project_repo;
use crate::output::named::{self, CODE, NAME, Named, Upload};
use crate::output::report::scope;
use crate::period::Period;
use crate::reference::Reference;
use crate::review::Status;
use crate::state::AppState;

pub const TEMPLATE_FILE: &str = "摸底分解导入模板.xlsx";

/// The column of the projects, by number; the form takes their ids.
const PROJECTS: &str = "newProjectNos";

/// The layout: the fields of `outputSurvey/submit`, the enterprise by code or name, the round by its
/// label, the projects by number.
pub fn sheet(r: &Reference) -> Sheet {
    let rounds = r.dict("survey_round");
    let round_hint = format!("必填，可选: {}", rounds.labels().collect::<Vec<_>>().join("/"));
    let money = |field: &'static str, header: &str| Column::decimal(field, header, 16.0, 4);
    Sheet::new(
        "摸底分解",
        vec![
            Column::int("surveyYear", "年度", 8.0).required().note("必填，如 2027"),
            Column::dict("surveyRound", "批次", 10.0, rounds).required().note(round_hint),
            Column::text(NAME, "企业名称", 28.0).note("无信用代码时按名称匹配"),
            Column::text(CODE, "统一社会信用代码", 22.0).note("按统一社会信用代码匹配企业"),
            money("lastYearOutput", "上年产值(万元)").required().note("必填，万元，最多4位小数"),
            money("expectedOutput", "本年预计产值(万元)").required().note("必填，万元"),
            money("expectedQ1", "一季度预计(万元)").note("分季度时四个季度都填，合计等于本年预计"),
            money("expectedQ2", "二季度预计(万元)"),
            money("expectedQ3", "三季度预计(万元)"),
            money("expectedQ4", "四季度预计(万元)"),
            money("newCapacityOutput", "新增产能贡献(万元)"),
            Column::text(PROJECTS, "新增产能项目", 24.0).note("本企业的项目编号，多个用逗号分隔"),
            Column::text("growthFactors", "增长因素", 30.0),
            Column::text("declineFactors", "减产因素/风险", 30.0),
            Column::text("remark", "备注", 30.0),
        ],
    )
}

pub async fn template(state: &AppState, me: &CurrentUser) -> Result<Vec<u8>, AppError> {
    Ok(keeper_excel::template(&sheet(&*state.reference.fresh(&me.tenant_id).await?))?)
}

/// The column a refusal of the form is about.
fn column_of(field: &str) -> &str {
    match field {
        "enterpriseId" => CODE,
        "newProjectIds" => PROJECTS,
        f => f,
    }
}

/// The project numbers of a cell: separated by commas (either width), 、 or blanks.
fn numbers(cell: &str) -> Vec<&str> {
    cell.split([',', '，', '、', ' ', '\n']).map(str::trim).filter(|s| !s.is_empty()).collect()
}

/// A file row as the body `outputSurvey/submit` would receive: the enterprise as its id, the projects'
/// numbers as the ids of the enterprise's projects (`theirs`: number → id). The sheet holds every field
/// of the form, so a row laid over a survey replaces it whole: an empty cell clears what it held.
fn body_of(row: &Row, e: &enterprise::Model, theirs: &HashMap<(i64, String), i64>) -> Result<Map<String, Json>, AppError> {
    let mut body = Map::new();
    for (field, value) in &row.values {
        match *field {
            CODE | NAME => {}
            PROJECTS => {
                let cell = row.text(PROJECTS).unwrap_or_default();
                let mut ids = Vec::new();
                for no in numbers(&cell) {
                    let id = theirs
                        .get(&(e.id, no.to_string()))
                        .ok_or_else(|| AppError::field(PROJECTS, format!("「{no}」不是本企业的项目")))?;
                    ids.push(Json::String(id.to_string()));
                }
                body.insert("newProjectIds".into(), Json::Array(ids));
            }
            f => {
                body.insert(f.into(), json_of(value).unwrap_or(Json::Null));
            }
        }
    }
    body.insert("enterpriseId".into(), Json::String(e.id.to_string()));
    Ok(body)
}

/// A row read and checked, with its enterprise and territory.
struct Placed<'e> {
    line: usize,
    enterprise: &'e enterprise::Model,
    dept_id: i64,
    survey: Survey,
}

fn placed<'e>(
    row: &Row,
    named: &Named<'e>,
    theirs: &HashMap<(i64, String), i64>,
    this_year: i32,
    r: &Reference,
) -> Result<Placed<'e>, AppError> {
    let e = named.of(row)?;
    let dept_id = e.dept_id.ok_or_else(|| AppError::field(CODE, "该企业未设置属地，请先在企业库中设置"))?;
    let body = body_of(row, e, theirs)?;
    let survey = OutputSurveyForm::from_json(&body)?.validate(this_year, |k| r.has_key("survey_round", k))?;
    Ok(Placed { line: row.line, enterprise: e, dept_id, survey })
}

/// The projects of the file's enterprises by `(enterprise, number)`.
async fn projects_of(state: &AppState, tenant: &str, enterprises: &[i64]) -> Result<HashMap<(i64, String), i64>, AppError> {
    let mut out = HashMap::new();
    for chunk in enterprises.chunks(1000) {
        let rows = project::Entity::live(tenant)
            .filter(keeper_db::listed::column_in(state.db.get_database_backend(), project::Column::EnterpriseId, chunk))
            .all(&state.db)
            .await?;
        for p in rows {
            if let Some(e) = p.enterprise_id {
                out.insert((e, p.project_no), p.id);
            }
        }
    }
    Ok(out)
}

/// The row to write against the stored survey of its enterprise, year and round (`current`).
fn checked(p: Placed, current: Option<&survey::Model>, covered: bool, r: &Reference) -> Result<Survey, AppError> {
    let Some(c) = current else { return Ok(p.survey) };
    let round = r.label("survey_round", &c.survey_round);
    let what = format!("「{}」{}年{round}摸底", p.enterprise.enterprise_name, c.survey_year);
    if !Status::from_code("reportStatus", &c.report_status)?.editable() {
        return Err(AppError::field("surveyRound", format!("{what}已提交审核或已通过，不能修改")));
    }
    if !covered {
        return Err(AppError::field("surveyRound", format!("{what}已填报")));
    }
    Ok(p.survey)
}

/// Reads, checks and (when every row is good) writes an uploaded file of surveys; `covered` lays rows
/// over the draft or returned surveys of their enterprise, year and round.
pub async fn import(state: &AppState, me: &CurrentUser, bytes: &[u8], covered: bool) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let Upload { reference: r, sheet, rows: parsed, mut report, scope: _, seen } = named::read(state, me, bytes, sheet).await?;
    let named = Named::new(&seen);
    let naming: Vec<i64> =
        parsed.iter().filter(|row| row.text(PROJECTS).is_some()).filter_map(|row| named.of(row).ok()).map(|e| e.id).collect();
    let theirs = projects_of(state, tenant, &naming).await?;
    let this_year = Period::of_day(keeper_common::time::today()).year();
    let mut rows = Vec::new();
    for row in &parsed {
        match placed(row, &named, &theirs, this_year, &r) {
            Ok(p) => rows.push(p),
            Err(e) => refuse(&mut report, &sheet, row.line, e, column_of),
        }
    }
    let author = Author::of(me);
    // One survey per enterprise, year and round, decided under the lock `submit` takes.
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let mut current = HashMap::new();
    for year in rows.iter().map(|p| p.survey.survey_year).collect::<BTreeSet<_>>() {
        for s in repo::of_year(&txn, tenant, &scope::Scope::All, year, None).await? {
            current.insert((s.survey_year, s.survey_round.clone(), s.enterprise_id), s);
        }
    }
    let mut first_line = HashMap::new();
    let (mut new, mut updates) = (Vec::new(), Vec::new());
    for p in rows {
        let (line, dept_id) = (p.line, p.dept_id);
        let key = (p.survey.survey_year, p.survey.survey_round.clone(), p.enterprise.id);
        if let Some(first) = first_line.insert(key.clone(), line) {
            let round = r.label("survey_round", &key.1);
            report.field(
                &sheet,
                line,
                "surveyRound",
                format!("「{}」{}年{round}摸底与第{first}行重复", p.enterprise.enterprise_name, key.0),
            );
            continue;
        }
        let existing = current.get(&key);
        match checked(p, existing, covered, &r) {
            Ok(s) => match existing {
                Some(c) => updates.push((c.id, Status::from_code("reportStatus", &c.report_status)?, s.into_active_model())),
                None => new.push(super::new_draft(s.into_active_model(), dept_id, &author).1),
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
        base::updated::<survey::Entity>(&mut row, &author);
        if !repo::update_if_status(&txn, tenant, id, from, row).await? {
            return Err(AppError::bad("摸底已提交审核或已通过，不能修改"));
        }
    }
    txn.commit().await?;
    Ok(Imported::Done { created, updated })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_numbers_are_read_whatever_separates_them() {
        assert_eq!(
            numbers("XM2026-0001, XM2026-0002，XM2026-0003、XM2026-0004  XM2026-0005"),
            ["XM2026-0001", "XM2026-0002", "XM2026-0003", "XM2026-0004", "XM2026-0005"]
        );
        assert!(numbers(" ，、 ").is_empty());
    }
}
