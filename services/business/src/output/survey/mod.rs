//! 摸底分解 (domain-model §2.3.5): each enterprise's output survey (`OutputSurvey`) of a year and round —
//! what it expects to make, quarter by quarter, and why (new capacity from projects going into
//! production, orders, risks) — filed by the park or the enterprise and verified (核定) by the park's
//! reviewer through the review workflow (§2.0). Approving sets the verified figure: the one the reviewer
//! types, or the enterprise's own when none is typed; a new submission clears it, since the figure it
//! verified may have changed. The summary sets Σ verified against each department's target (缺口), and
//! 生成分解 proposes enterprise targets from the verified figures (`output::breakdown::generate`).
//!
//! Surveys follow their enterprise's scope as output reports do (`output::report::scope`).
pub mod excel;
pub mod form;
pub mod import;
pub mod repo;
pub mod view;

use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author, BaseColumns};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};
use serde_json::{Map, Value};

use crate::entity::{output_report, output_survey as survey, project};
use crate::investment::project::repo as project_repo;
use crate::money::Wan;
use crate::output::breakdown::{self, Generated, Weighing};
use crate::output::park::repo::OUTPUT_INDICATOR;
use crate::output::report::repo::enterprises_by_id;
use crate::output::report::january;
use crate::output::report::scope::{self, Scope};
use crate::patch;
use crate::period::{January, Period};
use crate::reference::Reference;
use crate::review::{self, Status, Step};
use crate::state::AppState;
use form::OutputSurveyForm;
use view::{CapacityProject, OutputSurveyDetail, OutputSurveyView, Prefill, Summary};

/// The filing kind of surveys in `biz_review_log`.
pub const REVIEW_KIND: &str = "output_survey";
/// `project_status` keys of projects in production (投产, 达产): their output is the enterprise's new capacity.
const PRODUCING: &[&str] = &["70", "80"];

/// What the list and the export show.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub year: i32,
    pub round: Option<String>,
    /// A department: the surveys filed under its subtree.
    pub dept: Option<i64>,
    pub status: Option<Status>,
    /// Part of the enterprise's name.
    pub enterprise_name: Option<String>,
}

/// The surveys the caller sees that match the filter, each with its enterprise, ordered by territory
/// and enterprise name.
async fn matching(state: &AppState, me: &CurrentUser, f: &Filter) -> Result<Vec<OutputSurveyView>, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let r = state.reference.with_dept(tenant, f.dept).await?;
    let subtree = f.dept.map(|d| r.subtree(d));
    let rows = repo::of_year(&state.db, tenant, &scope, f.year, f.round.as_deref()).await?;
    let firms = enterprises_by_id(&state.db, tenant, &rows.iter().map(|s| s.enterprise_id).collect::<Vec<_>>()).await?;
    let name = f.enterprise_name.as_deref().map(str::to_lowercase);
    let mut out: Vec<(String, OutputSurveyView)> = rows
        .into_iter()
        .filter(|s| subtree.as_ref().is_none_or(|t| t.contains(&s.dept_id)))
        .filter(|s| f.status.is_none_or(|st| s.report_status == st.code()))
        .filter_map(|s| {
            let e = firms.get(&s.enterprise_id);
            let firm = e.map(|e| e.enterprise_name.clone()).unwrap_or_default();
            if name.as_ref().is_some_and(|n| !firm.to_lowercase().contains(n.as_str())) {
                return None;
            }
            Some((firm, view::of(s, e, &r)))
        })
        .collect();
    out.sort_by(|(a, x), (b, y)| x.dept_name.cmp(&y.dept_name).then_with(|| a.cmp(b)).then_with(|| x.row.id.cmp(&y.row.id)));
    Ok(out.into_iter().map(|(_, v)| v).collect())
}

/// A page of the surveys that match the filter.
pub async fn list(state: &AppState, me: &CurrentUser, f: &Filter, req: PageRequest) -> Result<Page<OutputSurveyView>, AppError> {
    let rows = matching(state, me, f).await?;
    let total = rows.len() as u64;
    let req = req.within(total);
    let records = rows.into_iter().skip(req.offset() as usize).take(req.size as usize).collect();
    Ok(Page::new(records, total, &req))
}

/// Every survey that matches the filter (the export writes what the list shows), with the summary.
pub async fn all(state: &AppState, me: &CurrentUser, f: &Filter) -> Result<(Vec<OutputSurveyView>, Summary), AppError> {
    let rows = matching(state, me, f).await?;
    Ok((rows, summary(state, me, f.year, f.round.as_deref(), f.dept).await?))
}

/// The summary of a year's (and round's) surveys by department, against the departments' targets.
pub async fn summary(state: &AppState, me: &CurrentUser, year: i32, round: Option<&str>, dept: Option<i64>) -> Result<Summary, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let r = state.reference.with_dept(tenant, dept).await?;
    let surveys = repo::of_year(&state.db, tenant, &scope, year, round).await?;
    let targets: HashMap<i64, Wan> = crate::dept_target::in_force(&state.db, tenant, year, OUTPUT_INDICATOR)
        .await?
        .into_iter()
        .map(|t| (t.dept_id, Wan::round(t.annual_target)))
        .collect();
    // A department outside the caller's scope shows no target: its surveys are not theirs to see either.
    let targets = match &scope {
        Scope::All => targets,
        Scope::Some { depts, .. } => targets.into_iter().filter(|(d, _)| depts.contains(d)).collect(),
    };
    let within = dept.map(|d| r.subtree(d));
    Ok(view::summary(year, &surveys, &r.rollup_depts(), &targets, within.as_ref(), |d| r.dept_name(Some(d))))
}

async fn target(state: &AppState, me: &CurrentUser, scope: &Scope, id: i64) -> Result<survey::Model, AppError> {
    repo::visible(&state.db, &me.tenant_id, scope, &[id]).await?.pop().ok_or_else(AppError::not_found)
}

/// The projects of an enterprise, as the drawer offers or names them.
async fn projects_of(
    state: &AppState,
    tenant: &str,
    enterprise: i64,
    r: &Reference,
) -> Result<Vec<(project::Model, CapacityProject)>, AppError> {
    let rows = project::Entity::live(tenant)
        .filter(project::Column::EnterpriseId.eq(enterprise))
        .order_by_asc(project::Column::ProjectName)
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|p| {
            let c = CapacityProject {
                id: p.id,
                project_name: p.project_name.clone(),
                project_status_name: r.label("project_status", &p.project_status),
                project_status: p.project_status.clone(),
                production_date: p.production_date.map(|d| d.format("%Y-%m-%d").to_string()),
            };
            (p, c)
        })
        .collect())
}

/// One survey the caller may see, with the projects it names.
pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<OutputSurveyDetail, AppError> {
    let scope = scope::resolve(state, me).await?;
    let s = target(state, me, &scope, id).await?;
    let r = state.reference.with_depts(&me.tenant_id, &[s.dept_id]).await?;
    let e = enterprises_by_id(&state.db, &me.tenant_id, &[s.enterprise_id]).await?.remove(&s.enterprise_id);
    let named: HashSet<i64> = form::project_ids(&s.new_project_ids).into_iter().collect();
    let new_projects = projects_of(state, &me.tenant_id, s.enterprise_id, &r)
        .await?
        .into_iter()
        .filter(|(p, _)| named.contains(&p.id))
        .map(|(_, c)| c)
        .collect();
    Ok(OutputSurveyDetail { survey: view::of(s, e.as_ref(), &r), new_projects })
}

/// What the drawer starts from: last year's approved output and the enterprise's producing projects.
pub async fn prefill(state: &AppState, me: &CurrentUser, enterprise: i64, year: i32) -> Result<Prefill, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let (e, _) = scope::enterprise_placed(&state.db, tenant, &scope, enterprise).await?;
    let last = breakdown::repo::approved_months(&state.db, tenant, year - 1, Some(&[e.id])).await?.remove(&e.id);
    let r = state.reference.of(tenant).await?;
    let projects = projects_of(state, tenant, e.id, &r)
        .await?
        .into_iter()
        .filter(|(p, _)| {
            PRODUCING.contains(&p.project_status.as_str())
                || p.production_date.is_some_and(|d| (year - 1..=year).contains(&chrono::Datelike::year(&d)))
        })
        .map(|(_, c)| c)
        .collect();
    Ok(Prefill {
        last_year_output: last.map(|m| m.iter().sum::<Wan>().decimal()),
        last_year_months: reported_months(&state.db, tenant, e.id, year - 1, january(&r)).await?,
        projects,
    })
}

/// How many months of `year` the enterprise's approved reports cover: a month reported as 0 counts, and
/// where January is merged into February the 1–2月 report covers both.
async fn reported_months<C: ConnectionTrait>(db: &C, tenant: &str, enterprise: i64, year: i32, jan: January) -> Result<usize, AppError> {
    let months: Vec<i32> = output_report::Entity::live(tenant)
        .select_only()
        .column(output_report::Column::PeriodMonth)
        .filter(output_report::Column::EnterpriseId.eq(enterprise))
        .filter(output_report::Column::PeriodYear.eq(year))
        .filter(output_report::Column::ReportStatus.eq(Status::Approved.code()))
        .into_tuple()
        .all(db)
        .await?;
    let mut covered: HashSet<i32> = months.into_iter().filter(|m| (1..=12).contains(m)).collect();
    if jan == January::MergedIntoFebruary && covered.contains(&2) {
        covered.insert(1);
    }
    Ok(covered.len())
}

/// The stored survey in its wire form, for an update to lie over.
fn stored_form(row: &survey::Model) -> Result<Map<String, Value>, AppError> {
    let mut m = patch::over(row, Map::new())?;
    m.insert("newProjectIds".into(), Value::from(form::project_ids(&row.new_project_ids).iter().map(i64::to_string).collect::<Vec<_>>()));
    Ok(m)
}

/// A new survey as a draft filed under the enterprise's territory `dept_id`, with its new id.
fn new_draft(mut row: survey::ActiveModel, dept_id: i64, author: &Author) -> (i64, survey::ActiveModel) {
    let id = next_id();
    base::created::<survey::Entity>(&mut row, id, author);
    row.dept_id = Set(dept_id);
    row.verified_output = Set(None);
    row.report_status = Set(Status::Draft.code().into());
    row.submit_user = Set(None);
    row.submit_user_name = Set(String::new());
    row.submit_time = Set(None);
    row.audit_user = Set(None);
    row.audit_user_name = Set(String::new());
    row.audit_time = Set(None);
    row.review_opinion = Set(String::new());
    (id, row)
}

fn duplicate(name: &str, year: i32, round: &str) -> AppError {
    AppError::field("enterpriseId", format!("「{name}」{year}年{round}摸底已填报"))
}

/// Creates (no `id`) or updates (a draft or returned survey) a survey; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let r = state.reference.of(tenant).await?;
    let (current, form) = if patch::is_update(&body) {
        let id = keeper_common::fields::id(&body, "id")?.ok_or_else(|| AppError::field("id", "不是有效的ID"))?;
        let current = target(state, me, &scope, id).await?;
        if !Status::from_code("reportStatus", &current.report_status)?.editable() {
            return Err(AppError::bad("摸底已提交审核或已通过，不能修改"));
        }
        let mut merged = stored_form(&current)?;
        merged.extend(body);
        (Some(current), OutputSurveyForm::from_json(&merged)?)
    } else {
        (None, OutputSurveyForm::from_json(&body)?)
    };
    let this_year = Period::of_day(keeper_common::time::today()).year();
    let checked = form.validate(this_year, |k| r.has_key("survey_round", k))?;
    if let Some(c) = &current
        && (c.enterprise_id, c.survey_year, c.survey_round.as_str())
            != (checked.enterprise_id, checked.survey_year, checked.survey_round.as_str())
    {
        return Err(AppError::field("enterpriseId", "不能更换摸底的企业、年度或批次，请删除后新增"));
    }
    let (e, dept_id) = scope::enterprise_placed(&state.db, tenant, &scope, checked.enterprise_id).await?;
    let theirs: HashSet<i64> = projects_of(state, tenant, e.id, &r).await?.into_iter().map(|(p, _)| p.id).collect();
    if checked.projects().iter().any(|p| !theirs.contains(p)) {
        return Err(AppError::field("newProjectIds", "只能选择本企业的项目"));
    }
    let round_name = r.label("survey_round", &checked.survey_round);
    let (year, round) = (checked.survey_year, checked.survey_round.clone());
    let author = Author::of(me);
    let mut row = checked.into_active_model();

    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    if let Some(other) = repo::of_key(&txn, tenant, year, &round, e.id).await?
        && current.as_ref().is_none_or(|c| c.id != other.id)
    {
        return Err(duplicate(&e.enterprise_name, year, &round_name));
    }
    let id = match current {
        Some(c) => {
            base::updated::<survey::Entity>(&mut row, &author);
            let from = Status::from_code("reportStatus", &c.report_status)?;
            if !repo::update_if_status(&txn, tenant, c.id, from, row).await? {
                return Err(AppError::bad("摸底已提交审核或已通过，不能修改"));
            }
            c.id
        }
        None => {
            let (id, row) = new_draft(row, dept_id, &author);
            match repo::insert(&txn, row).await {
                Err(err) if keeper_db::is_unique_violation(&err) => return Err(duplicate(&e.enterprise_name, year, &round_name)),
                other => other?,
            }
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Deletes surveys that were never approved and are not waiting for review (drafts and returned ones);
/// every id must be visible to the caller, else nothing happens and 404.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let scope = scope::resolve(state, me).await?;
    let rows = repo::visible(&state.db, &me.tenant_id, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if rows.iter().any(|s| !Status::from_code("reportStatus", &s.report_status).is_ok_and(Status::editable)) {
        return Err(AppError::bad("已提交审核或已通过的摸底不能删除"));
    }
    repo::delete(&state.db, &me.tenant_id, ids).await?;
    Ok(ids.len())
}

/// Takes `step` on every listed survey, all or none. Approving sets the verified figure: `verified` when
/// given (one survey only: a figure is about one enterprise), else the one already typed, else the
/// enterprise's expected output. A submission clears the figure of an earlier verification.
pub async fn review(
    state: &AppState,
    me: &CurrentUser,
    ids: &[i64],
    step: Step,
    opinion: &str,
    verified: Option<Decimal>,
) -> Result<usize, AppError> {
    let verified = match verified {
        None => None,
        Some(_) if step != Step::Approve => return Err(AppError::field("verifiedOutput", "只有审核通过时可填写园区核定产值")),
        Some(_) if ids.len() != 1 => return Err(AppError::field("verifiedOutput", "批量审核时不能填写核定产值，请逐个核定")),
        Some(v) => Some(Wan::from_decimal("verifiedOutput", v)?.non_negative("verifiedOutput")?),
    };
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let rows = repo::visible(&txn, tenant, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let names = enterprises_by_id(&txn, tenant, &rows.iter().map(|s| s.enterprise_id).collect::<Vec<_>>()).await?;
    let author = Author::of(me);
    let now = keeper_common::time::now();
    for s in rows {
        let named = |e: AppError| match e {
            AppError::Field { field, reason } if ids.len() > 1 => {
                let name = names.get(&s.enterprise_id).map(|e| e.enterprise_name.as_str()).unwrap_or_default();
                AppError::field(field, format!("「{name}」：{reason}"))
            }
            e => e,
        };
        let from = Status::from_code("reportStatus", &s.report_status)?;
        let to = review::log::take(&txn, me, REVIEW_KIND, s.id, from, step, opinion).await.map_err(named)?;
        let mut changes = survey::ActiveModel { report_status: Set(to.code().into()), ..Default::default() };
        base::updated::<survey::Entity>(&mut changes, &author);
        match step {
            Step::Submit | Step::Resubmit => {
                changes.submit_user = Set(Some(me.user_id));
                changes.submit_user_name = Set(me.real_name.chars().take(50).collect());
                changes.submit_time = Set(Some(now));
                changes.verified_output = Set(None);
            }
            Step::Approve | Step::Return => {
                changes.audit_user = Set(Some(me.user_id));
                changes.audit_user_name = Set(me.real_name.chars().take(50).collect());
                changes.audit_time = Set(Some(now));
                changes.review_opinion = Set(opinion.trim().into());
                if step == Step::Approve {
                    let figure = verified.map(Wan::decimal).or(s.verified_output).unwrap_or(s.expected_output);
                    changes.verified_output = Set(Some(figure));
                }
            }
            Step::Unapprove => {
                changes.review_opinion = Set(opinion.trim().into());
            }
            Step::Withdraw => {}
        }
        if !repo::update_if_status(&txn, tenant, s.id, from, changes).await? {
            return Err(AppError::bad("摸底的状态已变化，请刷新后重试"));
        }
    }
    txn.commit().await?;
    Ok(ids.len())
}

/// The review history of one survey the caller may see.
pub async fn review_log(state: &AppState, me: &CurrentUser, id: i64) -> Result<Vec<review::log::Entry>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let s = target(state, me, &scope, id).await?;
    review::log::history(&state.db, &me.tenant_id, REVIEW_KIND, s.id).await
}

/// 生成分解: drafts of the year's enterprise targets of a department, its target shared by the verified
/// figures of the round's approved surveys (`output::breakdown::generate`).
pub async fn generate(state: &AppState, me: &CurrentUser, year: i32, round: &str, dept: i64) -> Result<Generated, AppError> {
    let r = state.reference.of(&me.tenant_id).await?;
    if !r.has_key("survey_round", round) {
        return Err(AppError::field("surveyRound", format!("不是有效的字典值: {round}")));
    }
    let verified: HashMap<i64, Wan> = repo::approved(&state.db, &me.tenant_id, year, round)
        .await?
        .into_iter()
        .filter_map(|s| Some((s.enterprise_id, Wan::round(s.verified_output?))))
        .collect();
    breakdown::generate(state, me, year, dept, &Weighing::Surveyed(verified)).await
}
