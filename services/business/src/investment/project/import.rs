//! Projects from Excel (项目入库): `project/export-template` and `project/import`. The layout is the
//! export's (`excel::sheet`): the columns a person fills read back into the fields of `project/submit`
//! with dictionary labels, department names and the project unit's name; the columns the workflow writes
//! (number, statuses, submitter…) are recognised and ignored. The fields of the form the list does not
//! show follow. Every row passes the rules of `project/submit` ([`super::checked`]) and lands as a draft
//! of the importer, never submitted; all or nothing: with any bad row nothing is written and the reply
//! lists every problem.
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::Author;
use keeper_excel::{Column, Dict, Report, Row, RowError, Sheet, Value};
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, QueryTrait, TransactionTrait};
use serde_json::{Map, Value as Json, json};

use super::form::{Project, ProjectForm};
use super::scope::{self, ProjectScope};
use super::{excel, repo};
use crate::checks::{NO, YES};
use crate::enterprise;
use crate::enterprise::excel::Imported;
use crate::entity::project;
use crate::investment::renovation::{self, form::Renovation};
use crate::reference::Reference;
use crate::state::AppState;

pub const TEMPLATE_FILE: &str = "项目导入模板.xlsx";

/// How a cell reads into a form field.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Read {
    Text,
    /// 万元 (or 万美元) with at most four decimals.
    Money,
    Decimal(u32),
    Int,
    Date,
    /// A key of the tenant's dictionary, written as its label.
    Dict(&'static str),
    /// `Y`/`N`, written 是/否.
    YesNo,
    /// A department of the tenant, written as its name.
    Dept,
}

/// The 项目单位 column: the name of a registered enterprise (its id is filed) or of a unit not yet
/// registered (filed as the unit's name), as the list shows it.
const UNIT: &str = "enterpriseName";

/// The export's columns that read back: `(export column, form field, how)`. The rest are export-only.
const READ_BACK: [(&str, &str, Read); 24] = [
    ("projectName", "projectName", Read::Text),
    (UNIT, UNIT, Read::Text),
    ("deptName", "deptId", Read::Dept),
    ("industryDeptName", "industryDeptId", Read::Dept),
    ("projectTypeName", "projectType", Read::Dict("project_type")),
    ("projectSourceName", "projectSource", Read::Dict("project_source")),
    ("projectLevelName", "projectLevel", Read::Dict("project_level")),
    ("isKeyProjectName", "isKeyProject", Read::YesNo),
    ("constructionNatureName", "constructionNature", Read::Dict("construction_nature")),
    ("industryName", "industryCode", Read::Dict("industry")),
    ("leadingIndustryName", "leadingIndustry", Read::Dict("industry_chain")),
    ("address", "address", Read::Text),
    ("constructionContent", "constructionContent", Read::Text),
    ("totalInvestment", "totalInvestment", Read::Money),
    ("fixedAssetInvestment", "fixedAssetInvestment", Read::Money),
    ("equipmentInvestment", "equipmentInvestment", Read::Money),
    ("signDate", "signDate", Read::Date),
    ("plannedStartDate", "plannedStartDate", Read::Date),
    ("actualStartDate", "actualStartDate", Read::Date),
    ("plannedCompletionDate", "plannedCompletionDate", Read::Date),
    ("projectStatusName", "projectStatus", Read::Dict("project_status")),
    ("responsibleLeader", "responsibleLeader", Read::Text),
    ("ownerContact", "ownerContact", Read::Text),
    ("ownerPhone", "ownerPhone", Read::Text),
];

/// The fields of the form the list does not show: `(form field, header, width, how)`.
const MORE: [(&str, &str, f64, Read); 24] = [
    ("approvalCode", "投资项目代码", 24.0, Read::Text),
    ("investorName", "投资方", 20.0, Read::Text),
    ("investorOrigin", "投资方来源地", 14.0, Read::Dict("investor_origin")),
    ("foreignInvestment", "其中外资(万美元)", 16.0, Read::Money),
    ("contractAmount", "签约投资额(万元)", 16.0, Read::Money),
    ("fundsInPlace", "累计到位资金(万元)", 16.0, Read::Money),
    ("openingInvestment", "开工至上线累计投资(万元)", 20.0, Read::Money),
    ("landArea", "用地面积(亩)", 12.0, Read::Decimal(2)),
    ("buildingArea", "建筑面积(㎡)", 12.0, Read::Decimal(2)),
    ("longitude", "经度", 12.0, Read::Decimal(6)),
    ("latitude", "纬度", 12.0, Read::Decimal(6)),
    ("actualCompletionDate", "实际竣工日期", 12.0, Read::Date),
    ("productionDate", "投产日期", 12.0, Read::Date),
    ("fullCapacityDate", "达产日期", 12.0, Read::Date),
    ("constructionStartYear", "建设起始年份", 12.0, Read::Int),
    ("constructionEndYear", "建设截止年份", 12.0, Read::Int),
    ("expectedAnnualOutput", "达产后年产值(预计,万元)", 18.0, Read::Money),
    ("expectedAnnualTax", "达产后年税收(预计,万元)", 18.0, Read::Money),
    ("expectedJobs", "新增就业(预计,人)", 14.0, Read::Int),
    ("responsibleDeptId", "包保责任部门", 16.0, Read::Dept),
    ("responsiblePerson", "责任人", 10.0, Read::Text),
    ("responsiblePhone", "责任人电话", 16.0, Read::Text),
    ("renovationType", "改造类型", 14.0, Read::Dict("renovation_type")),
    ("remark", "备注", 30.0, Read::Text),
];

/// What places a project: the fields a draft cannot do without.
const REQUIRED: [&str; 3] = ["projectName", "deptId", "projectType"];

/// The most labels a template's hint lists; a longer dictionary is hinted by its first label.
const LISTED_LABELS: usize = 10;

fn yes_no() -> Dict {
    Dict::new([(YES.to_string(), "是".to_string()), (NO.to_string(), "否".to_string())])
}

/// The template's hint of a column: whether it is required, and what it takes.
fn hint(required: bool, read: Read, dict: Option<&Dict>) -> String {
    let what = match (read, dict) {
        (Read::Dict(_) | Read::YesNo, Some(d)) => {
            let labels: Vec<&str> = d.labels().collect();
            match labels.len() {
                0 => String::new(),
                n if n <= LISTED_LABELS => format!("可选: {}", labels.join("/")),
                _ => format!("选项名称，如 {}", labels[0]),
            }
        }
        (Read::Dept, _) => "机构名称".into(),
        (Read::Money, _) => "万元，最多4位小数".into(),
        (Read::Date, _) => "如 2026-06-01".into(),
        _ => String::new(),
    };
    match (required, what.is_empty()) {
        (true, true) => "必填".into(),
        (true, false) => format!("必填，{what}"),
        (false, _) => what,
    }
}

/// An import column of a form field.
pub(crate) fn column(field: &'static str, header: &str, width: f64, read: Read, required: bool, r: &Reference) -> Column {
    let dict = match read {
        Read::Dict(code) => Some(r.dict(code)),
        Read::YesNo => Some(yes_no()),
        _ => None,
    };
    let note = hint(required, read, dict.as_ref());
    let c = match (read, dict) {
        (Read::Money, _) => Column::decimal(field, header, width, 4),
        (Read::Decimal(scale), _) => Column::decimal(field, header, width, scale),
        (Read::Int, _) => Column::int(field, header, width),
        (Read::Date, _) => Column::date(field, header, width),
        (_, Some(d)) => Column::dict(field, header, width, d),
        _ => Column::text(field, header, width),
    };
    let c = if required { c.required() } else { c };
    c.note(note)
}

/// The export's columns, those that read back typed for import (`read_back`: export column → form field
/// and how) and the rest export-only, then `more` import columns.
pub(crate) fn layout(
    export: Sheet,
    read_back: &[(&str, &'static str, Read)],
    more: &[(&'static str, &str, f64, Read)],
    required: &[&str],
    r: &Reference,
) -> Sheet {
    let mut columns: Vec<Column> = export
        .columns
        .into_iter()
        .map(|c| match read_back.iter().find(|(from, ..)| *from == c.field) {
            Some(&(_, field, read)) => column(field, &c.header, c.width, read, required.contains(&field), r),
            None => c.export_only(),
        })
        .collect();
    columns.extend(more.iter().map(|&(field, header, width, read)| column(field, header, width, read, required.contains(&field), r)));
    Sheet::new(&export.name, columns)
}

/// A layout whose columns of `notes` (field → hint) carry those hints in the template instead of the
/// ones their kind gives.
pub(crate) fn noted(mut sheet: Sheet, notes: &[(&str, &str)]) -> Sheet {
    for c in &mut sheet.columns {
        if let Some((_, note)) = notes.iter().find(|(field, _)| *field == c.field) {
            c.note = (*note).into();
        }
    }
    sheet
}

pub fn sheet(r: &Reference) -> Sheet {
    layout(excel::sheet(), &READ_BACK, &MORE, &REQUIRED, r)
}

pub async fn template(state: &AppState, me: &CurrentUser) -> Result<Vec<u8>, AppError> {
    Ok(keeper_excel::template(&sheet(&*state.reference.fresh(&me.tenant_id).await?))?)
}

/// The department columns, read by name.
fn is_dept(field: &str) -> bool {
    READ_BACK.iter().any(|(_, f, read)| *f == field && matches!(read, Read::Dept))
        || MORE.iter().any(|(f, _, _, read)| *f == field && matches!(read, Read::Dept))
}

/// A cell as the JSON value `submit` would receive; `None` for an empty cell (the field is not sent).
pub(crate) fn json_of(value: &Value) -> Option<Json> {
    match value {
        Value::Empty => None,
        Value::Text(s) => Some(Json::String(s.clone())),
        Value::Int(i) => Some(Json::from(*i)),
        // Decimals travel as text, exact to the last digit.
        Value::Decimal(d) => Some(Json::String(d.to_string())),
        Value::Date(d) => Some(Json::String(d.format("%Y-%m-%d").to_string())),
    }
}

/// A file row as the body `project/submit` would receive: department names turned into ids, the unit
/// into a registered enterprise (`units`: name → id) or the unit's name, and for a 技改 project (or a
/// row naming a renovation type) the renovation object with the row's equipment investment.
fn body_of(row: &Row, r: &Reference, units: &HashMap<String, i64>) -> Result<(Map<String, Json>, Option<Json>), AppError> {
    let mut body = Map::new();
    for (field, value) in &row.values {
        let Some(json) = json_of(value) else { continue };
        match (value, *field) {
            (Value::Text(name), f) if is_dept(f) => {
                let id = r.dept_by_name(name).map_err(|e| AppError::field(f, e))?;
                body.insert(f.into(), Json::String(id.to_string()));
            }
            (Value::Text(name), UNIT) => {
                match units.get(name) {
                    Some(id) => body.insert("enterpriseId".into(), Json::String(id.to_string())),
                    None => body.insert("ownerName".into(), json),
                };
            }
            (_, f) => {
                body.insert(f.into(), json);
            }
        }
    }
    let kind = body.remove("renovationType");
    let renovation = body.get("projectType").and_then(Json::as_str) == Some(renovation::form::RENOVATION_PROJECT_TYPE);
    let sent =
        (renovation || kind.is_some()).then(|| json!({ "renovationType": kind, "equipmentInvestment": body.get("equipmentInvestment") }));
    Ok((body, sent))
}

/// The column a refusal of the form is about: the form's fields under their columns.
fn column_of(field: &str) -> &str {
    match field {
        "enterpriseId" | "ownerName" => UNIT,
        "renovation" | "renovation.renovationType" => "renovationType",
        f => f.strip_prefix("renovation.").unwrap_or(f),
    }
}

/// Puts a refusal of row `line` in the report, under the column it is about (`column`: form field →
/// column field), or as the row's when no column holds the field (the facts of a status move).
pub(crate) fn refuse(report: &mut Report, sheet: &Sheet, line: usize, e: AppError, column: fn(&str) -> &str) {
    match e {
        AppError::Field { field, reason } if sheet.header_of(column(&field)).is_some() => report.field(sheet, line, column(&field), reason),
        AppError::Field { reason, .. } => report.push(RowError::new(line, "", reason)),
        other => report.push(RowError::new(line, "", other.to_string())),
    }
}

fn checked(
    row: &Row,
    r: &Reference,
    units: &HashMap<String, i64>,
    scope: &ProjectScope,
) -> Result<(Project, Option<Renovation>), AppError> {
    let (body, sent) = body_of(row, r, units)?;
    super::checked(ProjectForm::from_json(&body)?, sent, None, r, scope)
}

/// The live projects of the tenant in `scope` with one of these numbers or names.
pub(crate) async fn numbered_or_named<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    numbers: &[String],
    names: &[String],
) -> Result<Vec<project::Model>, AppError> {
    let mut out = Vec::new();
    for (col, values) in [(project::Column::ProjectNo, numbers), (project::Column::ProjectName, names)] {
        for chunk in values.chunks(1000) {
            let ids = project::Entity::find()
                .select_only()
                .column(project::Column::Id)
                .filter(Condition::all().add(project::Column::TenantId.eq(tenant)).add(col.is_in(chunk.to_vec())))
                .into_query();
            let filter = repo::Filter { among: vec![ids], ..Default::default() };
            out.extend(repo::slice(db, tenant, scope, &filter, &[], 0, keeper_excel::MAX_DATA_ROWS as u64 * 2).await?);
        }
    }
    let mut seen = HashSet::new();
    out.retain(|p| seen.insert(p.id));
    Ok(out)
}

/// An upload read against a layout of the tenant's dictionaries: the rows that parsed, the problems of
/// those that did not, and the caller's project scope.
pub(crate) struct Upload {
    pub reference: Arc<Reference>,
    pub sheet: Sheet,
    pub parsed: Vec<Row>,
    pub report: Report,
    pub scope: ProjectScope,
}

pub(crate) async fn read(state: &AppState, me: &CurrentUser, bytes: &[u8], layout: fn(&Reference) -> Sheet) -> Result<Upload, AppError> {
    let reference = state.reference.fresh(&me.tenant_id).await?;
    let sheet = layout(&reference);
    let parsed = keeper_excel::read(bytes, &sheet)?;
    let scope = scope::resolve(state, me).await?;
    Ok(Upload { reference, sheet, parsed: parsed.rows, report: parsed.report, scope })
}

/// Reads, checks and (when every row is good) writes an uploaded project file. A project whose name the
/// caller already sees is refused unless `same_name` asks to import it all the same (a file uploaded
/// twice must not double the library); two rows of one name are always refused.
pub async fn import(state: &AppState, me: &CurrentUser, bytes: &[u8], same_name: bool) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let Upload { reference, sheet, parsed, mut report, scope } = read(state, me, bytes, sheet).await?;
    let unit_names: Vec<String> = parsed.iter().filter_map(|r| r.text(UNIT)).collect::<HashSet<_>>().into_iter().collect();
    let units: HashMap<String, i64> =
        enterprise::repo::holding(&state.db, tenant, &[], &unit_names).await?.into_iter().map(|e| (e.enterprise_name, e.id)).collect();
    let mut good = Vec::new();
    for row in &parsed {
        match checked(row, &reference, &units, &scope) {
            Ok(p) => good.push((row.line, p)),
            Err(e) => refuse(&mut report, &sheet, row.line, e, column_of),
        }
    }
    let names: Vec<String> = good.iter().map(|(_, (p, _))| p.project_name.clone()).collect();
    let known: HashSet<String> =
        numbered_or_named(&state.db, tenant, &scope, &[], &names).await?.into_iter().map(|p| p.project_name).collect();
    let mut first_line = HashMap::new();
    let mut rows = Vec::new();
    for (line, (p, facts)) in good {
        if let Some(first) = first_line.insert(p.project_name.clone(), line) {
            report.field(&sheet, line, "projectName", format!("项目名称 [{}] 与第{first}行重复", p.project_name));
        } else if !same_name && known.contains(&p.project_name) {
            report.field(&sheet, line, "projectName", format!("项目名称 [{}] 已存在", p.project_name));
        } else {
            rows.push((p, facts));
        }
    }
    if !report.is_empty() {
        return Ok(Imported::Rejected(report));
    }
    let author = Author::of(me);
    let created = rows.len();
    let txn = state.db.begin().await?;
    for (p, facts) in rows {
        let row = super::new_row(p, next_id(), &author);
        let id = *row.id.as_ref();
        repo::insert(&txn, row).await?;
        if let Some(r) = facts {
            renovation::repo::save(&txn, &author, id, r).await?;
        }
    }
    txn.commit().await?;
    Ok(Imported::Done { created, updated: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use keeper_client::system::{DeptRef, DictEntry, TenantReference};

    fn zone() -> Reference {
        let d = |id, name: &str, power_type| DeptRef { id, parent_id: 1, name: name.into(), power_type };
        let entries = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, l)| DictEntry { key: (*k).into(), label: (*l).into() }).collect();
        Reference::new(TenantReference {
            depts: vec![d(1, "管委会", 1), d(2, "东区", 2), d(3, "工信局", 3)],
            dicts: HashMap::from([
                ("project_type".to_string(), entries(&[("01", "工业项目(新建/扩建)"), ("02", "技术改造项目")])),
                ("renovation_type".to_string(), entries(&[("1", "设备更新")])),
            ]),
            ..Default::default()
        })
    }

    #[test]
    fn the_layout_is_the_exports_with_the_workflow_columns_ignored_and_the_rest_of_the_form_after_it() {
        let (export, import) = (excel::sheet(), sheet(&zone()));
        for (i, c) in export.columns.iter().enumerate() {
            assert_eq!(import.columns[i].header, c.header, "column {i} keeps the export's header");
        }
        let ignored: Vec<&str> = import.columns.iter().filter(|c| c.export_only).map(|c| c.header.as_str()).collect();
        assert_eq!(ignored, ["项目编号", "投资规模", "入库状态", "提交人", "提交时间", "审核意见", "入库日期"]);
        let filled: Vec<&str> = import.import_columns().map(|c| c.field).collect();
        assert_eq!(filled.len(), 48);
        assert_eq!(filled.iter().collect::<HashSet<_>>().len(), 48, "one column a field");
        let required: Vec<&str> = import.columns.iter().filter(|c| c.required).map(|c| c.header.as_str()).collect();
        assert_eq!(required, ["项目名称", "属地园区", "项目类型"]);
    }

    #[test]
    fn each_hint_says_what_the_column_takes() {
        let r = zone();
        let s = sheet(&r);
        let note = |field: &str| s.columns.iter().find(|c| c.field == field).unwrap().note.clone();
        for (field, want) in [
            ("projectType", "必填，可选: 工业项目(新建/扩建)/技术改造项目"),
            ("isKeyProject", "可选: 是/否"),
            ("deptId", "必填，机构名称"),
            ("totalInvestment", "万元，最多4位小数"),
            ("signDate", "如 2026-06-01"),
            ("projectName", "必填"),
            ("remark", ""),
        ] {
            assert_eq!(note(field), want, "{field}");
        }
        let many = Dict::new((1..=11).map(|i| (i.to_string(), format!("第{i}项"))));
        assert_eq!(hint(false, Read::Dict("x"), Some(&many)), "选项名称，如 第1项");
    }

    #[test]
    fn a_row_reads_into_the_body_of_submit_with_names_made_ids_and_amounts_exact() {
        let r = zone();
        let units = HashMap::from([("新能源电机有限公司".to_string(), 501)]);
        let row = |unit: &str, kind: &str| Row {
            line: 2,
            values: vec![
                ("projectName", Value::from("电机项目")),
                (UNIT, Value::from(unit)),
                ("deptId", Value::from("东区")),
                ("industryDeptId", Value::from("工信局")),
                ("projectType", Value::from(kind)),
                ("totalInvestment", Value::Decimal("12345.67".parse().unwrap())),
                ("equipmentInvestment", Value::Decimal("2345.6789".parse().unwrap())),
                ("signDate", Value::Date(chrono::NaiveDate::from_ymd_opt(2026, 3, 18).unwrap())),
                ("expectedJobs", Value::Int(300)),
                ("renovationType", Value::from("1")),
                ("remark", Value::Empty),
            ],
        };
        let (body, sent) = body_of(&row("新能源电机有限公司", "02"), &r, &units).unwrap();
        assert_eq!(
            Json::Object(body),
            json!({
                "projectName": "电机项目", "enterpriseId": "501", "deptId": "2", "industryDeptId": "3", "projectType": "02",
                "totalInvestment": "12345.67", "equipmentInvestment": "2345.6789", "signDate": "2026-03-18", "expectedJobs": 300
            })
        );
        assert_eq!(sent, Some(json!({ "renovationType": "1", "equipmentInvestment": "2345.6789" })));
        // A unit not registered is filed by its name; a renovation type outside 技改 goes to the form's
        // check, which refuses it.
        let (body, sent) = body_of(&row("某某有限公司", "01"), &r, &units).unwrap();
        assert_eq!((body.get("ownerName"), body.get("enterpriseId")), (Some(&json!("某某有限公司")), None));
        let refused = super::super::checked(ProjectForm::from_json(&body).unwrap(), sent, None, &r, &ProjectScope::All);
        assert!(matches!(refused, Err(AppError::Field { ref field, .. }) if column_of(field) == "renovationType"), "{refused:?}");
        let unknown = Row { line: 3, values: vec![("deptId", Value::from("北区"))] };
        assert_eq!(body_of(&unknown, &r, &units).unwrap_err().to_string(), AppError::field("deptId", "机构不存在: 北区").to_string());
    }
}
