//! 年度产值分解 (domain-model §2.3.3): each enterprise's annual output target (`OutputTarget`) and its
//! twelve months, below the department targets of 规上工业总产值 (`DeptTarget`, 目标任务). The committee
//! drafts them — one by one, or 按上年结构分解 for a whole department (`generate`): the department's target
//! shared among its reporting enterprises by last year's output, each split into months by its own last
//! year — and issues them (下达); the park confirms them (确认); a revision (调整) keeps the version in
//! force, as for department targets (`dept_target::lifecycle`, whose moves these follow). Σ of a
//! department's enterprise targets is shown against its own target, never forced to equal it.
//!
//! Who sees what: the committee the whole tenant and every draft; anyone else, once issued, the targets
//! of the enterprises their output scope admits and of their departments.
pub mod decompose;
pub mod excel;
pub mod form;
pub mod import;
pub mod repo;
pub mod view;

use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author, BaseColumns};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::dept_target::lifecycle::{Step, TargetStatus};
use crate::entity::{enterprise, output_target};
use crate::investment::project::repo as project_repo;
use crate::money::Wan;
use crate::output::park::repo::OUTPUT_INDICATOR;
use crate::output::report::january;
use crate::output::report::repo::{enterprises_by_id, owes_report};
use crate::output::report::scope::{self, Scope};
use crate::period::Period;
use crate::split::{self, Months, Plan, Split, SplitMode};
use crate::state::AppState;
use form::{Context, OutputTargetForm, Target};
use view::{Breakdown, OutputTargetDetail, Pending, Totals};

/// Whether a target is the caller's to see: drafts are the committee's alone; an issued target is seen
/// by its department and by whoever the enterprise's scope admits.
fn admits(scope: &Scope, t: &output_target::Model, e: Option<&enterprise::Model>) -> bool {
    match scope {
        Scope::All => true,
        Scope::Some { depts, .. } => {
            t.target_status != TargetStatus::Draft.code()
                && (depts.contains(&t.dept_id) || e.is_some_and(|e| scope.places(e.dept_id, e.industry_dept_id)))
        }
    }
}

/// The live enterprises of the tenant the scope admits, of the departments `depts` when given.
async fn enterprises_in(
    state: &AppState,
    tenant: &str,
    s: &Scope,
    depts: Option<&HashSet<i64>>,
) -> Result<Vec<enterprise::Model>, AppError> {
    let mut q = enterprise::Entity::live(tenant).filter(scope::enterprises(s));
    if let Some(d) = depts {
        q = q.filter(enterprise::Column::DeptId.is_in(d.iter().copied()));
    }
    Ok(q.order_by_asc(enterprise::Column::Id).all(&state.db).await?)
}

/// The department's own target of 规上工业总产值 for the year, as in force.
async fn dept_target_of(state: &AppState, tenant: &str, year: i32, dept: i64) -> Result<Option<Wan>, AppError> {
    let targets = crate::dept_target::in_force(&state.db, tenant, year, OUTPUT_INDICATOR).await?;
    Ok(targets.iter().find(|t| t.dept_id == dept).map(|t| Wan::round(t.annual_target)))
}

/// An enterprise's target as it counts: its year and its months.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InForce {
    pub annual: Wan,
    pub months: Months,
}

/// The enterprises' targets of a year that count, by enterprise: issued, confirmed, or under revision as
/// last issued (the figures being revised are not the enterprise's until issued again; the version kept
/// holds them). Drafts do not count. Of the listed enterprises when `enterprises` is given.
pub async fn in_force<C: sea_orm::ConnectionTrait + sea_orm::StreamTrait + Send + Sync>(
    db: &C,
    tenant: &str,
    year: i32,
    enterprises: Option<&[i64]>,
) -> Result<HashMap<i64, InForce>, AppError> {
    use output_target::Column as T;
    let statuses = [TargetStatus::Issued.code(), TargetStatus::Confirmed.code(), TargetStatus::Revising.code()];
    let mut q = output_target::Entity::live(tenant).filter(T::TargetYear.eq(year)).filter(T::TargetStatus.is_in(statuses));
    if let Some(ids) = enterprises {
        q = q.filter(keeper_db::listed::column_in(sea_orm::ConnectionTrait::get_database_backend(db), T::EnterpriseId, ids));
    }
    // The figures only: a zone's year is 10,000 targets, read by every page of 产值填报, and the other 26
    // columns (split settings, remarks, the audit fields) doubled the time and the memory of the read.
    let months = [T::M01, T::M02, T::M03, T::M04, T::M05, T::M06, T::M07, T::M08, T::M09, T::M10, T::M11, T::M12];
    let select = q.select_only().columns([T::Id, T::EnterpriseId, T::TargetStatus, T::AnnualTarget]).columns(months);
    let rows: Vec<Figures> = keeper_db::streamed(select.into_model::<Figures>(), db).await?;
    let revising: Vec<i64> = rows.iter().filter(|t| t.target_status == TargetStatus::Revising.code()).map(|t| t.id).collect();
    let mut kept = crate::dept_target::repo::latest_versions(db, tenant, &revising).await?;
    let mut out = HashMap::with_capacity(rows.len());
    for t in rows {
        let months = [t.m01, t.m02, t.m03, t.m04, t.m05, t.m06, t.m07, t.m08, t.m09, t.m10, t.m11, t.m12];
        let mut force = InForce { annual: Wan::round(t.annual_target), months: months.map(|v| Wan::round(v.unwrap_or_default())) };
        // The version kept holds the figures as last issued.
        if let Some(kept) = kept.remove(&t.id).as_ref().and_then(crate::dept_target::kept_figures) {
            if let Some(annual) = kept.annual {
                force.annual = Wan::round(annual);
            }
            force.months = kept.months.map(|m| Wan::round(m.unwrap_or_default()));
        }
        out.insert(t.enterprise_id, force);
    }
    Ok(out)
}

/// The columns of a target that [`in_force`] reads.
#[derive(Debug, sea_orm::FromQueryResult)]
struct Figures {
    id: i64,
    enterprise_id: i64,
    target_status: String,
    annual_target: rust_decimal::Decimal,
    m01: Option<rust_decimal::Decimal>,
    m02: Option<rust_decimal::Decimal>,
    m03: Option<rust_decimal::Decimal>,
    m04: Option<rust_decimal::Decimal>,
    m05: Option<rust_decimal::Decimal>,
    m06: Option<rust_decimal::Decimal>,
    m07: Option<rust_decimal::Decimal>,
    m08: Option<rust_decimal::Decimal>,
    m09: Option<rust_decimal::Decimal>,
    m10: Option<rust_decimal::Decimal>,
    m11: Option<rust_decimal::Decimal>,
    m12: Option<rust_decimal::Decimal>,
}

/// The breakdown of a year: the targets the caller may see, of a department's subtree when given, with
/// the totals, the department's own target and the reporting enterprises still without a target.
pub async fn list(state: &AppState, me: &CurrentUser, year: i32, dept: Option<i64>) -> Result<Breakdown, AppError> {
    let tenant = me.tenant_id.as_str();
    let r = state.reference.with_dept(tenant, dept).await?;
    let scope = scope::resolve(state, me).await?;
    let subtree = dept.map(|d| r.subtree(d));
    let rows = repo::of_year(&state.db, tenant, year, subtree.as_ref().map(|s| s.iter().copied().collect())).await?;
    let firms = enterprises_by_id(&state.db, tenant, &rows.iter().map(|t| t.enterprise_id).collect::<Vec<_>>()).await?;
    let records: Vec<_> = rows.iter().filter(|t| admits(&scope, t, firms.get(&t.enterprise_id))).cloned().collect();

    let mut totals = [Wan::ZERO; 12];
    let (mut annual, mut last_year) = (Wan::ZERO, Wan::ZERO);
    for t in &records {
        annual += Wan::round(t.annual_target);
        last_year += Wan::round(t.last_year_output.unwrap_or_default());
        for (sum, m) in totals.iter_mut().zip(form::months_of(t)) {
            *sum += m;
        }
    }
    let dept_target = match dept {
        Some(d) if scope.places(Some(d), Some(d)) => dept_target_of(state, tenant, year, d).await?,
        _ => None,
    };

    // Every live target counts as placed, drafts too: the committee's draft is not "pending".
    let placed: HashSet<i64> = repo::of_year(&state.db, tenant, year, None).await?.iter().map(|t| t.enterprise_id).collect();
    let owing: Vec<enterprise::Model> = enterprises_in(state, tenant, &scope, subtree.as_ref())
        .await?
        .into_iter()
        .filter(|e| owes_report(e) && !placed.contains(&e.id))
        .collect();
    let ids: Vec<i64> = owing.iter().map(|e| e.id).collect();
    let last = repo::approved_months(&state.db, tenant, year - 1, Some(&ids)).await?;
    let pending = owing
        .into_iter()
        .map(|e| Pending {
            enterprise_id: e.id,
            dept_name: r.dept_name(e.dept_id),
            last_year_output: last.get(&e.id).map(|m| m.iter().sum::<Wan>().decimal()),
            enterprise_name: e.enterprise_name,
        })
        .collect();

    Ok(Breakdown {
        year,
        records: records
            .into_iter()
            .map(|t| {
                let e = firms.get(&t.enterprise_id);
                view::of(t, e, &r)
            })
            .collect(),
        totals: Totals {
            annual_target: annual.decimal(),
            last_year_output: last_year.decimal(),
            months: totals.iter().map(|m| m.decimal()).collect(),
        },
        unassigned: dept_target.map(|t| (t - annual).decimal()),
        dept_target: dept_target.map(Wan::decimal),
        pending,
        january_merged: january(&r) == crate::period::January::MergedIntoFebruary,
    })
}

/// The breakdown `list` shows, as an xlsx; answers its file name and bytes.
pub async fn export(state: &AppState, me: &CurrentUser, year: i32, dept: Option<i64>) -> Result<(String, Vec<u8>), AppError> {
    let r = state.reference.with_dept(&me.tenant_id, dept).await?;
    let b = list(state, me, year, dept).await?;
    let dept_name = dept.map(|d| r.dept_name(Some(d)));
    Ok((excel::file_name(year, dept_name.as_deref()), excel::export(&b, dept_name.as_deref())?))
}

/// One target with its earlier versions.
pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<OutputTargetDetail, AppError> {
    let (row, e) = visible(state, me, &[id]).await?.pop().ok_or_else(AppError::not_found)?;
    let versions = crate::dept_target::repo::versions(&state.db, &me.tenant_id, id).await?;
    let r = state.reference.of(&me.tenant_id).await?;
    Ok(OutputTargetDetail { target: view::of(row, e.as_ref(), &r), versions })
}

/// The live targets of `ids` the caller may see with their enterprises, all of them or a 404.
async fn visible(
    state: &AppState,
    me: &CurrentUser,
    ids: &[i64],
) -> Result<Vec<(output_target::Model, Option<enterprise::Model>)>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let rows = repo::by_ids(&state.db, &me.tenant_id, ids).await?;
    let mut firms = enterprises_by_id(&state.db, &me.tenant_id, &rows.iter().map(|t| t.enterprise_id).collect::<Vec<_>>()).await?;
    if rows.len() != ids.len() || !rows.iter().all(|t| admits(&scope, t, firms.get(&t.enterprise_id))) {
        return Err(AppError::not_found());
    }
    Ok(rows
        .into_iter()
        .map(|t| {
            let e = firms.remove(&t.enterprise_id);
            (t, e)
        })
        .collect())
}

/// Creates a draft or saves the figures of a draft or a target being revised; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let this_year = Period::of_day(keeper_common::time::today()).year();
    let checked = OutputTargetForm::from_json(&body)?.validate(this_year)?;
    let r = state.reference.of(tenant).await?;
    let scope = scope::resolve(state, me).await?;
    let (e, dept_id) = scope::enterprise_placed(&state.db, tenant, &scope, checked.enterprise_id).await?;
    let last = repo::approved_months(&state.db, tenant, checked.target_year - 1, Some(&[e.id])).await?.remove(&e.id);
    let mut target = checked.target(&Context { dept_id, last_year: last.as_ref(), january: january(&r) })?;
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    // Under the tenant's lock: one live target per enterprise and year.
    project_repo::lock(&txn, tenant).await?;
    let same = repo::of_key(&txn, tenant, checked.target_year, e.id).await?;
    if same.as_ref().is_some_and(|s| Some(s.id) != checked.id) {
        return Err(AppError::field("enterpriseId", "该企业本年度已有产值目标"));
    }
    let author = Author::of(me);
    let id = match checked.id {
        Some(id) => {
            let stored =
                repo::by_ids(&txn, tenant, &[id]).await?.pop().filter(|t| admits(&scope, t, Some(&e))).ok_or_else(AppError::not_found)?;
            if stored.enterprise_id != e.id || stored.target_year != checked.target_year {
                return Err(AppError::field("enterpriseId", "不能更换目标的企业或年度，请删除后新增"));
            }
            let status = TargetStatus::of_code(&stored.target_status)?;
            if !status.editable() {
                return Err(AppError::bad(format!("{}的目标不能修改，请先调整", status.label())));
            }
            // The target stays with the department it was made in.
            target.dept_id = stored.dept_id;
            let mut row = target.into_active_model();
            base::updated::<output_target::Entity>(&mut row, &author);
            if !repo::update_if(&txn, tenant, id, &stored.target_status, row).await? {
                return Err(AppError::bad("目标已变化，请刷新后重试"));
            }
            id
        }
        None => {
            let id = next_id();
            output_target::Entity::insert(new_draft(target, None, id, &author)).exec_without_returning(&txn).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

fn new_draft(target: Target, surveyed_output: Option<Decimal>, id: i64, author: &Author) -> output_target::ActiveModel {
    let mut row = target.into_active_model();
    row.surveyed_output = Set(surveyed_output);
    row.target_status = Set(TargetStatus::Draft.code().into());
    row.version = Set(1);
    row.issued_name = Set(String::new());
    row.confirmed_name = Set(String::new());
    row.revision_reason = Set(String::new());
    base::created::<output_target::Entity>(&mut row, id, author);
    row
}

/// What 按上年结构分解 did.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Generated {
    pub created: usize,
    pub updated: usize,
    /// Enterprises left out, with no target yet and nothing to weigh them by: no approved report last
    /// year (按上年结构分解), no verified survey of the round (生成分解).
    pub skipped: usize,
    /// What was shared: the department's target less the targets kept.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub shared: Decimal,
}

/// What a department's target is shared by.
#[derive(Debug, Clone)]
pub enum Weighing {
    /// 按上年结构分解: each reporting enterprise's approved output of last year.
    LastYear,
    /// 生成分解 from a survey round (摸底分解): the park's verified figures, by enterprise.
    Surveyed(HashMap<i64, Wan>),
}

/// 按上年结构分解 or 生成分解 from surveys: shares the department's target of the year, less the targets its
/// enterprises keep (issued, confirmed, revising, or drafts of enterprises without a weight), among its
/// enterprises with a weight, in proportion to it (for surveys: verified × target ÷ Σ verified); each
/// share split into months by the enterprise's own last year (evenly for an enterprise without one).
/// Creates drafts, or replaces the figures of existing drafts.
pub async fn generate(state: &AppState, me: &CurrentUser, year: i32, dept: i64, weighing: &Weighing) -> Result<Generated, AppError> {
    let tenant = me.tenant_id.as_str();
    let r = state.reference.fresh(tenant).await?;
    if !r.has_dept(dept) {
        return Err(AppError::field("deptId", "机构不存在"));
    }
    let scope = scope::resolve(state, me).await?;
    if !scope.places(Some(dept), Some(dept)) {
        return Err(AppError::field("deptId", "不在您的管辖范围内"));
    }
    let target = dept_target_of(state, tenant, year, dept).await?.ok_or_else(|| {
        AppError::field("deptId", format!("{}{year}年没有已下达的规上工业总产值目标，请先在目标任务中下达", r.dept_name(Some(dept))))
    })?;
    let subtree = r.subtree(dept);
    let surveyed = match weighing {
        Weighing::Surveyed(verified) => Some(verified),
        Weighing::LastYear => None,
    };
    let firms: Vec<enterprise::Model> = enterprises_in(state, tenant, &scope, Some(&subtree))
        .await?
        .into_iter()
        .filter(|e| owes_report(e) || surveyed.is_some_and(|v| v.contains_key(&e.id)))
        .collect();
    let last = repo::approved_months(&state.db, tenant, year - 1, Some(&firms.iter().map(|e| e.id).collect::<Vec<_>>())).await?;
    let last_total = |e: i64| last.get(&e).map(|m| m.iter().sum::<Wan>()).filter(|w| !w.is_zero());
    let weight = |e: i64| match surveyed {
        Some(v) => v.get(&e).copied().filter(|w| !w.is_zero()),
        None => last_total(e),
    };
    let existing: HashMap<i64, output_target::Model> =
        repo::of_year(&state.db, tenant, year, None).await?.into_iter().map(|t| (t.enterprise_id, t)).collect();
    let generated =
        |e: &enterprise::Model| weight(e.id).is_some() && existing.get(&e.id).is_none_or(|t| t.target_status == TargetStatus::Draft.code());
    let weighed: Vec<&enterprise::Model> = firms.iter().filter(|e| generated(e)).collect();
    if weighed.is_empty() {
        return Err(AppError::field(
            "deptId",
            match weighing {
                Weighing::LastYear => "没有可按上年结构分解的企业：需有上年已审核的产值月报，且目标未下达",
                Weighing::Surveyed(_) => "没有可按摸底核定产值分解的企业：需有已审核的摸底，且目标未下达",
            },
        ));
    }
    let kept: Wan = existing
        .values()
        .filter(|t| subtree.contains(&t.dept_id) && !weighed.iter().any(|e| e.id == t.enterprise_id))
        .map(|t| Wan::round(t.annual_target))
        .sum();
    let shared = target - kept;
    if shared.decimal().is_sign_negative() {
        return Err(AppError::field("deptId", format!("保留的企业目标合计 {kept} 已超过部门目标 {target}")));
    }
    let weights: Vec<(i64, Decimal)> = weighed.iter().map(|e| (e.id, weight(e.id).unwrap_or_default().decimal())).collect();
    let jan = january(&r);
    let mut made: Vec<(Target, Option<&output_target::Model>)> = Vec::new();
    for (e, share) in decompose::proportional(shared, &weights) {
        let firm = weighed.iter().find(|f| f.id == e).expect("weighed");
        let last_months: Option<&Months> = last.get(&e);
        // Last year's structure where the enterprise has one; an enterprise new since then, evenly.
        let (mode, how) = match last_months {
            Some(m) => (SplitMode::LastYear, Split::LastYear(m)),
            None => (SplitMode::Average, Split::Average),
        };
        let months = split::split(share, how, jan)?;
        let draft = existing.get(&e);
        let dept_id = draft.map(|t| t.dept_id).or(firm.dept_id).unwrap_or(dept);
        let remark = draft.map(|t| t.remark.clone()).unwrap_or_default();
        let c = Context { dept_id, last_year: last_months, january: jan };
        let plan = Plan { mode, checkpoints: None, typed: None };
        made.push((form::made(year, e, share, &plan, &months, &c, remark), draft));
    }
    let skipped = firms.iter().filter(|e| weight(e.id).is_none() && !existing.contains_key(&e.id)).count();

    let author = Author::of(me);
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let (mut created, mut updated) = (0, 0);
    for (target, draft) in made {
        let surveyed_output = surveyed.and_then(|v| v.get(&target.enterprise_id)).map(|w| w.decimal());
        match draft {
            Some(d) => {
                let mut row = target.into_active_model();
                row.surveyed_output = Set(surveyed_output);
                base::updated::<output_target::Entity>(&mut row, &author);
                if !repo::update_if(&txn, tenant, d.id, TargetStatus::Draft.code(), row).await? {
                    return Err(AppError::bad("目标已变化，请刷新后重试"));
                }
                updated += 1;
            }
            None => {
                if repo::of_key(&txn, tenant, year, target.enterprise_id).await?.is_some() {
                    return Err(AppError::bad("目标已变化，请刷新后重试"));
                }
                let row = new_draft(target, surveyed_output, next_id(), &author);
                output_target::Entity::insert(row).exec_without_returning(&txn).await?;
                created += 1;
            }
        }
    }
    txn.commit().await?;
    Ok(Generated { created, updated, skipped, shared: shared.decimal() })
}

/// Removes drafts, all or none; answers how many.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let rows = visible(state, me, ids).await?;
    if let Some((t, _)) = rows.iter().find(|(t, _)| t.target_status != TargetStatus::Draft.code()) {
        let label = TargetStatus::of_code(&t.target_status).map(TargetStatus::label).unwrap_or_default();
        return Err(AppError::bad(format!("{label}的目标不能删除，可调整")));
    }
    let author = Author::of(me);
    let txn = state.db.begin().await?;
    for (t, _) in &rows {
        let removal = base::removal::<output_target::Entity>(&author);
        if !repo::update_if(&txn, &me.tenant_id, t.id, &t.target_status, removal).await? {
            return Err(AppError::bad("目标已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(rows.len())
}

/// Issues (下达) or confirms (确认) targets, all or none; answers how many.
pub async fn step(state: &AppState, me: &CurrentUser, ids: &[i64], step: Step) -> Result<usize, AppError> {
    if step == Step::Revise {
        return Err(AppError::field("step", "调整须逐个填写原因"));
    }
    let rows = visible(state, me, ids).await?;
    let author = Author::of(me);
    let name: String = me.real_name.chars().take(50).collect();
    let txn = state.db.begin().await?;
    for (t, _) in &rows {
        let to = crate::dept_target::lifecycle::next(TargetStatus::of_code(&t.target_status)?, step)?;
        let mut changes = output_target::ActiveModel { target_status: Set(to.code().into()), ..Default::default() };
        if step == Step::Issue {
            changes.issued_by = Set(Some(me.user_id));
            changes.issued_name = Set(name.clone());
            changes.issued_time = Set(Some(author.at));
            // A re-issued target waits for a new confirmation.
            changes.confirmed_by = Set(None);
            changes.confirmed_name = Set(String::new());
            changes.confirmed_time = Set(None);
        } else {
            changes.confirmed_by = Set(Some(me.user_id));
            changes.confirmed_name = Set(name.clone());
            changes.confirmed_time = Set(Some(author.at));
        }
        base::updated::<output_target::Entity>(&mut changes, &author);
        if !repo::update_if(&txn, &me.tenant_id, t.id, &t.target_status, changes).await? {
            return Err(AppError::bad("目标已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(rows.len())
}

/// Reopens an issued or confirmed target for revision (调整): keeps the version in force with the reason
/// and numbers the next one.
pub async fn revise(state: &AppState, me: &CurrentUser, id: i64, reason: &str) -> Result<(), AppError> {
    let reason = crate::dept_target::revision_reason(reason)?;
    let (t, _) = visible(state, me, &[id]).await?.pop().ok_or_else(AppError::not_found)?;
    let to = crate::dept_target::lifecycle::next(TargetStatus::of_code(&t.target_status)?, Step::Revise)?;
    let author = Author::of(me);
    let content = serde_json::to_string(&t).map_err(AppError::internal)?;
    let txn = state.db.begin().await?;
    let mut changes = output_target::ActiveModel {
        target_status: Set(to.code().into()),
        version: Set(t.version + 1),
        revision_reason: Set(reason.to_string()),
        ..Default::default()
    };
    base::updated::<output_target::Entity>(&mut changes, &author);
    if !repo::update_if(&txn, &me.tenant_id, t.id, &t.target_status, changes).await? {
        return Err(AppError::bad("目标已变化，请刷新后重试"));
    }
    crate::dept_target::keep_version(&txn, me, &author, (t.id, t.version), content, reason).await?;
    txn.commit().await?;
    Ok(())
}
