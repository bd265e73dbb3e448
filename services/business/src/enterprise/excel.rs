//! Enterprises in Excel: `enterprise/export` writes what `enterprise/list` shows for the same filter,
//! `export-template` the import layout, and `import` creates enterprises (or with `isCovered` updates those
//! with the same credit code). Files carry dictionary labels and department names, never codes or ids.
//! An import is all or nothing: every row passes the rules of `enterprise/submit` or nothing is written and
//! the reply lists every bad row.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_excel::{Column, Dict, Report, Row, RowError, Sheet, Value};
use keeper_security::CurrentUser;
use sea_orm::TransactionTrait;
use serde_json::{Map, Value as Json};

use super::form::{Enterprise, EnterpriseForm};
use super::{changes, check_placement, new_row, repo};
use crate::checks::{NO, YES};
use crate::entity::enterprise;
use crate::reference::Reference;
use crate::state::AppState;

pub const EXPORT_FILE: &str = "企业数据.xlsx";
pub const TEMPLATE_FILE: &str = "企业导入模板.xlsx";
/// Columns holding department names, resolved to ids on import.
const DEPT_FIELDS: [&str; 3] = ["deptId", "industryDeptId", "liaisonDeptId"];

fn yes_no() -> Dict {
    Dict::new([(YES.to_string(), "是".to_string()), (NO.to_string(), "否".to_string())])
}

pub fn sheet(r: &Reference) -> Sheet {
    Sheet::new(
        "企业",
        vec![
            Column::text("enterpriseName", "企业名称", 30.0).required().note("必填，如 某某精密制造有限公司"),
            Column::text("shortName", "企业简称", 14.0),
            Column::text("creditCode", "统一社会信用代码", 22.0).required().note("必填，18位"),
            Column::dict("companyType", "企业类型", 18.0, r.dict("company_type")).required().note("必填，如 私营有限责任公司"),
            Column::dict("industryCode", "所属行业", 20.0, r.dict("industry")).required().note("必填，如 汽车制造业"),
            Column::dict("leadingIndustry", "主导产业", 16.0, r.dict("industry_chain")),
            Column::text("deptId", "属地园区", 16.0).exported_from("deptName").required().note("必填，机构名称"),
            Column::text("industryDeptId", "行业主管部门", 16.0).exported_from("industryDeptName").note("机构名称"),
            Column::text("legalPerson", "法定代表人", 12.0),
            Column::decimal("registeredCapital", "注册资本(万元)", 14.0, 4),
            Column::date("establishDate", "成立日期", 12.0).note("如 2015-03-01"),
            Column::text("registeredAddress", "注册地址", 30.0),
            Column::text("productionAddress", "生产经营地址", 30.0),
            Column::decimal("longitude", "经度", 12.0, 6),
            Column::decimal("latitude", "纬度", 12.0, 6),
            Column::dict("statCategory", "统计类别", 12.0, r.dict("stat_category")).required().note("必填，如 规上工业"),
            Column::text("aboveScalePeriod", "入规时间", 10.0).note("规上工业必填，如 2023-01"),
            Column::dict("enterpriseScale", "企业规模", 10.0, r.dict("enterprise_scale")),
            Column::dict("isHighTech", "高新技术企业", 12.0, yes_no()).note("是 或 否"),
            Column::dict("specializedLevel", "专精特新等级", 14.0, r.dict("specialized_level")),
            Column::dict("isListed", "是否上市", 10.0, yes_no()),
            Column::int("employeeCount", "从业人员(人)", 12.0),
            Column::decimal("landArea", "用地面积(亩)", 12.0, 2),
            Column::text("mainProducts", "主要产品", 30.0),
            Column::text("contactName", "联系人", 10.0).required().note("必填"),
            Column::text("contactPhone", "联系电话", 16.0).required().note("必填"),
            Column::text("liaisonLeader", "包保领导", 10.0),
            Column::text("liaisonDeptId", "包保部门", 16.0).exported_from("liaisonDeptName").note("机构名称"),
            Column::dict("operatingStatus", "经营状态", 12.0, r.dict("enterprise_status")).required().note("必填，如 正常生产"),
            Column::dict("needOutputReport", "是否需填报产值", 14.0, yes_no()).note("是 或 否，规上工业默认是"),
            Column::text("remark", "备注", 30.0),
            Column::dict("isAboveScale", "是否规上工业", 12.0, yes_no()).export_only(),
            Column::decimal("lastYearOutput", "上年工业总产值(万元)", 18.0, 4).export_only(),
            Column::text("createTime", "创建时间", 20.0).export_only(),
        ],
    )
}

/// The enterprises `enterprise/list` shows for the same filter and sort, all pages, as xlsx.
pub async fn export(state: &AppState, me: &CurrentUser, mut filter: repo::Filter, sort: Vec<(String, bool)>) -> Result<Vec<u8>, AppError> {
    let scope = super::scope_of(state, me).await?;
    let reference = state.reference.with_dept(&me.tenant_id, filter.dept_id).await?;
    filter.depts = filter.dept_id.map(|d| reference.subtree(d));
    let (scope, filter, sort, reference) = (&scope, &filter, &sort, &reference);
    keeper_excel::export::sliced(&sheet(reference), |offset, limit| async move {
        let rows = repo::slice(&state.db, &me.tenant_id, scope, filter, sort, offset, limit).await?;
        Ok(rows.into_iter().map(|e| super::view::view(e, reference)).collect::<Vec<_>>())
    })
    .await
}

pub async fn template(state: &AppState, me: &CurrentUser) -> Result<Vec<u8>, AppError> {
    Ok(keeper_excel::template(&sheet(&*state.reference.fresh(&me.tenant_id).await?))?)
}

/// How an import ended: written, or refused with the problems of every bad row.
pub enum Imported {
    Done { created: usize, updated: usize },
    Rejected(Report),
}

/// A file row as the JSON body `enterprise/submit` would receive, department names turned into ids.
fn body_of(row: &Row, r: &Reference) -> Result<Map<String, Json>, (&'static str, String)> {
    let mut body = Map::new();
    for (field, value) in &row.values {
        let json = match value {
            Value::Empty => Json::String(String::new()),
            Value::Text(s) if DEPT_FIELDS.contains(field) => Json::String(r.dept_by_name(s).map_err(|e| (*field, e))?.to_string()),
            // A month typed into a cell Excel took for a date reads back as its first day.
            Value::Text(s) if *field == "aboveScalePeriod" && s.len() == 10 && s.as_bytes()[7] == b'-' => Json::String(s[..7].to_string()),
            Value::Text(s) => Json::String(s.clone()),
            Value::Int(i) => Json::from(*i),
            Value::Decimal(d) => Json::String(d.to_string()),
            Value::Date(d) => Json::String(d.format("%Y-%m-%d").to_string()),
        };
        body.insert(field.to_string(), json);
    }
    Ok(body)
}

fn checked(row: &Row, r: &Reference) -> Result<Enterprise, (String, String)> {
    let body = body_of(row, r).map_err(|(f, e)| (f.to_string(), e))?;
    let e = EnterpriseForm::from_json(&body).and_then(EnterpriseForm::validate).and_then(|e| e.check_references(r).map(|_| e));
    e.map_err(|err| match err {
        AppError::Field { field, reason } => (field, reason),
        other => (String::new(), other.to_string()),
    })
}

/// Reads, checks and (when every row is good) writes an uploaded enterprise file.
pub async fn import(state: &AppState, me: &CurrentUser, bytes: &[u8], covered: bool) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let reference = state.reference.fresh(tenant).await?;
    let sheet = sheet(&reference);
    let parsed = keeper_excel::read(bytes, &sheet)?;
    let mut report = parsed.report;
    let mut good: Vec<(usize, Enterprise)> = Vec::new();
    for row in &parsed.rows {
        match checked(row, &reference) {
            Ok(e) => good.push((row.line, e)),
            Err((field, reason)) if field.is_empty() => report.push(RowError::new(row.line, "", reason)),
            Err((field, reason)) => report.field(&sheet, row.line, &field, reason),
        }
    }
    let scope = super::scope_of(state, me).await?;
    repo::ensure_lock_row(&state.db, tenant).await?;
    // Uniqueness is decided under the tenant's lock, against the rows as they are now.
    let txn = state.db.begin().await?;
    repo::lock(&txn, tenant).await?;
    let codes: Vec<String> = good.iter().map(|(_, e)| e.credit_code.clone()).collect();
    let names: Vec<String> = good.iter().map(|(_, e)| e.enterprise_name.clone()).collect();
    let holders = repo::holding(&txn, tenant, &codes, &names).await?;
    let by_code: HashMap<&str, &enterprise::Model> = holders.iter().map(|h| (h.credit_code.as_str(), h)).collect();
    let (mut code_line, mut name_line) = (HashMap::new(), HashMap::new());
    let (mut new, mut updates) = (Vec::new(), Vec::new());
    for (line, e) in good {
        if let Some(first) = code_line.insert(e.credit_code.clone(), line) {
            report.field(&sheet, line, "creditCode", format!("统一社会信用代码 [{}] 与第{first}行重复", e.credit_code));
            continue;
        }
        if let Some(first) = name_line.insert(e.enterprise_name.clone(), line) {
            report.field(&sheet, line, "enterpriseName", format!("企业名称 [{}] 与第{first}行重复", e.enterprise_name));
            continue;
        }
        let current = by_code.get(e.credit_code.as_str()).copied();
        if let Some(c) = current {
            if !covered {
                report.field(&sheet, line, "creditCode", format!("统一社会信用代码 [{}] 已存在!", e.credit_code));
                continue;
            }
            if !scope.admits(c.dept_id, c.create_user) {
                report.field(&sheet, line, "creditCode", "该企业超出本人的数据权限范围");
                continue;
            }
        }
        if holders.iter().any(|h| h.enterprise_name == e.enterprise_name && Some(h.id) != current.map(|c| c.id)) {
            report.field(&sheet, line, "enterpriseName", format!("企业名称 [{}] 已存在!", e.enterprise_name));
            continue;
        }
        if let Err(AppError::Field { field, reason }) =
            check_placement(&scope, e.dept_id, current.map_or(Some(me.user_id), |c| c.create_user))
        {
            report.field(&sheet, line, &field, reason);
            continue;
        }
        match current {
            Some(c) => updates.push((c.id, e)),
            None => new.push(new_row(e, me)),
        }
    }
    if !report.is_empty() {
        return Ok(Imported::Rejected(report));
    }
    let (created, updated) = (new.len(), updates.len());
    repo::insert_many(&txn, new).await?;
    for (id, e) in updates {
        repo::update(&txn, tenant, &[id], changes(e, me)).await?;
    }
    txn.commit().await?;
    state.enterprise_totals.changed(tenant);
    Ok(Imported::Done { created, updated })
}
