//! Monthly output reports of enterprises (domain-model §2.3.1): one per enterprise and month, filed by
//! the park (or the enterprise) with the month's output, through the review workflow (§2.0). Only
//! approved reports count: 1–N月累计 and 上年同期 are Σ approved months, read when shown (`figures.rs`).
//! A report whose year-to-date falls below last year's needs the reason for the decline. Submitting
//! after the tenant's deadline day (`business.outputDeadlineDay`, the 5th of the next month by default)
//! marks the report late. A locked month (`lock.rs`) takes no change at all.
//!
//! Reports follow their enterprise's scope (`scope.rs`): a person sees and files the reports of the
//! enterprises their department's power type admits; another tenant's ids answer like missing ones.
pub mod excel;
pub mod figures;
pub mod form;
pub mod import;
pub mod issue;
pub mod lock;
pub mod month;
pub mod paged;
pub mod remind;
pub mod repo;
pub mod scope;
pub mod view;

use std::collections::HashMap;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author, BaseColumns};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, IntoActiveModel, QueryFilter, TransactionTrait};
use serde_json::{Map, Value};

use crate::checks::{NO, YES};
use crate::entity::{enterprise, output_report};
use crate::patch;
use crate::period::{January, Period};
use crate::reference::Reference;
use crate::review::{self, Status, Step};
use crate::state::AppState;
use figures::Approved;
use figures::{Figures, Typed};
use form::OutputReportForm;
use month::{Completeness, Filter, Row, Shown};
use scope::Scope;
use view::OutputReportView;

/// The filing kind of output reports in `biz_review_log`.
pub const REVIEW_KIND: &str = "output_report";
/// The tenant parameter of the reporting deadline: a day of the month after the period.
pub const DEADLINE_PARAM: &str = "business.outputDeadlineDay";
/// The tenant parameter merging January into February (`Y`): January then takes no report of its own.
pub const JANUARY_PARAM: &str = "business.januaryMerged";

/// How the tenant reports January.
pub fn january(r: &Reference) -> January {
    match r.param(JANUARY_PARAM).map(str::trim) {
        Some(v) if v.eq_ignore_ascii_case("Y") || v.eq_ignore_ascii_case("true") => January::MergedIntoFebruary,
        _ => January::Own,
    }
}

/// The caller's scope, the tenant's reference with the filter's department, and the filter with that
/// department's subtree: what a month (and a year of months) is read within.
async fn scoped(state: &AppState, me: &CurrentUser, filter: Filter) -> Result<(Scope, std::sync::Arc<Reference>, Filter), AppError> {
    let scope = scope::resolve(state, me).await?;
    let reference = state.reference.with_dept(&me.tenant_id, filter.dept_id).await?;
    let filter = filter.within(&reference);
    Ok((scope, reference, filter))
}

/// How a month's rows are read: as kept since the tenant's last write (what the screens show, `kept.rs`),
/// or now (what a reminder is sent by).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Read {
    Kept,
    Now,
}

/// The rows of month `p` the caller's scope admits, unfiltered and in order, with the reference and the
/// filter (its department's subtree filled in) to select among them with ([`month::kept`]).
async fn month_read(
    state: &AppState,
    me: &CurrentUser,
    p: Period,
    filter: Filter,
    read: Read,
) -> Result<(std::sync::Arc<Vec<Row>>, std::sync::Arc<Reference>, Filter), AppError> {
    let (scope, reference, filter) = scoped(state, me, filter).await?;
    let tenant = me.tenant_id.as_str();
    let read_now = month::rows(&state.db, tenant, &scope, p, &reference);
    let rows = match read {
        Read::Now => std::sync::Arc::new(read_now.await?),
        Read::Kept => state.output_months.get(state, tenant, &format!("{}\u{1f}{p}", scope.key()), read_now).await?,
    };
    Ok((rows, reference, filter))
}

/// The months kept for 产值填报: 100,000 rows at most (about 35 MB), ten scopes' month of a large zone.
pub fn kept_months() -> crate::kept::Kept<Vec<Row>> {
    crate::kept::Kept::new(100_000, Vec::len)
}

/// `rows` of month `p` as views: their reports whole, their figures and their targets in force, read for
/// these enterprises only (a zone's year is 10,000 targets) unless the caller read the sums already.
async fn views(
    state: &AppState,
    tenant: &str,
    p: Period,
    reference: &Reference,
    rows: Vec<Row>,
    approved: Option<Approved>,
) -> Result<Vec<OutputReportView>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.enterprise.id).collect();
    // A page reads its own; a whole month (the export) reads the tenant's in one go.
    let listed = (ids.len() <= 1000).then_some(ids.as_slice());
    let approved = match approved {
        Some(a) => a,
        None => repo::approved_around(&state.db, tenant, p, listed.map_or(repo::Firms::All, repo::Firms::Listed)).await?,
    };
    let targets = crate::output::breakdown::in_force(&state.db, tenant, p.year(), listed).await?;
    let shown = month::show(&state.db, tenant, rows, &approved).await?;
    Ok(shown
        .into_iter()
        .map(|s| {
            let target = targets.get(&s.row.enterprise.id);
            view::view(s, p, reference, target)
        })
        .collect())
}

/// A page of the month's rows that match the filter: selected and cut by the database (`paged.rs`),
/// but for the list of declines, a figure of every row, which is selected from the kept month.
pub async fn list(
    state: &AppState,
    me: &CurrentUser,
    p: Period,
    filter: Filter,
    req: PageRequest,
) -> Result<Page<OutputReportView>, AppError> {
    if !filter.decline {
        let tenant = me.tenant_id.as_str();
        let (scope, reference, filter) = scoped(state, me, filter).await?;
        let at = paged::Selection { tenant, scope: &scope, period: p, filter: &filter, reference: &reference };
        let what = format!("{}\u{1f}{}\u{1f}{}", at.key(), req.current, req.size);
        let read = paged::page(&state.db, &at, &req);
        let page = state.output_pages.get(state, tenant, &what, read).await?;
        let records = views(state, tenant, p, &reference, page.rows.clone(), None).await?;
        return Ok(Page::new(records, page.total, &page.req));
    }
    let (month, reference, filter) = month_read(state, me, p, filter, Read::Kept).await?;
    let (rows, approved) = month::kept(&state.db, &me.tenant_id, p, &filter, &month, None).await?;
    let total = rows.len() as u64;
    let req = req.within(total);
    let page: Vec<Row> = rows.into_iter().skip(req.offset() as usize).take(req.size as usize).cloned().collect();
    let records = views(state, &me.tenant_id, p, &reference, page, approved).await?;
    Ok(Page::new(records, total, &req))
}

/// Every row of the month that matches the filter (the export writes what the list shows).
pub async fn all(state: &AppState, me: &CurrentUser, p: Period, filter: Filter) -> Result<Vec<OutputReportView>, AppError> {
    let (month, reference, filter) = month_read(state, me, p, filter, Read::Kept).await?;
    let (rows, approved) = month::kept(&state.db, &me.tenant_id, p, &filter, &month, None).await?;
    let rows = rows.into_iter().cloned().collect();
    views(state, &me.tenant_id, p, &reference, rows, approved).await
}

/// The months of one year as a caller sees them for one filter (a year's export): what every month
/// shares (the scope, the tenant reference, the targets in force, the enterprises that owe reports, the
/// approved months of the year and the last) read once, then one month's reports at a time.
pub struct YearRows {
    tenant: String,
    scope: Scope,
    reference: std::sync::Arc<Reference>,
    filter: Filter,
    targets: HashMap<i64, crate::output::breakdown::InForce>,
    owing: Vec<repo::Reporter>,
    approved: figures::ApprovedMonths,
}

impl YearRows {
    pub async fn read(state: &AppState, me: &CurrentUser, year: i32, filter: Filter) -> Result<YearRows, AppError> {
        let tenant = me.tenant_id.as_str();
        let (scope, reference, filter) = scoped(state, me, filter).await?;
        Ok(YearRows {
            filter,
            targets: crate::output::breakdown::in_force(&state.db, tenant, year, None).await?,
            owing: repo::owing(&state.db, tenant, &scope).await?,
            approved: repo::approved_months(&state.db, tenant, year).await?,
            tenant: tenant.to_string(),
            scope,
            reference,
        })
    }

    pub fn reference(&self) -> &Reference {
        &self.reference
    }

    /// The rows of month `p` the filter keeps, in the order of `all`, not yet read whole, with the
    /// approved sums around the month that `show` takes.
    pub async fn rows<C: ConnectionTrait + sea_orm::StreamTrait + Send + Sync>(
        &self,
        db: &C,
        p: Period,
    ) -> Result<(Vec<Row>, Approved), AppError> {
        let rows = month::rows_among(db, &self.tenant, &self.scope, p, &self.reference, &self.owing).await?;
        let around = Some(self.approved.around(p.month()));
        // The sums given are the sums handed back.
        let (kept, around) = month::kept(db, &self.tenant, p, &self.filter, &rows, around).await?;
        Ok((kept.into_iter().cloned().collect(), around.unwrap_or_default()))
    }

    /// Rows of month `p` (of `rows`, with its sums) as `all` shows them, their reports read whole.
    pub async fn show<C: ConnectionTrait>(
        &self,
        db: &C,
        p: Period,
        rows: Vec<Row>,
        around: &Approved,
    ) -> Result<Vec<OutputReportView>, AppError> {
        let shown = month::show(db, &self.tenant, rows, around).await?;
        Ok(shown.into_iter().map(|r| self.view(r, p)).collect())
    }

    /// A row of month `p` as `all` shows it.
    fn view(&self, row: Shown, p: Period) -> OutputReportView {
        let target = self.targets.get(&row.row.enterprise.id);
        view::view(row, p, &self.reference, target)
    }
}

/// The completeness view of a month: per department and in total, with the deadline and whether the
/// month is locked.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompletenessView {
    pub period: String,
    /// `yyyy-MM-dd`: the day the month's reports are due.
    pub deadline: String,
    pub locked: bool,
    /// Whether the month takes reports at all (January does not when merged into February).
    pub reporting_month: bool,
    pub depts: Vec<Completeness>,
    pub total: Completeness,
}

/// Counted by the database (`paged.rs`), but among declines, a figure of every row, counted over the
/// kept month.
pub async fn completeness(state: &AppState, me: &CurrentUser, p: Period, filter: Filter) -> Result<CompletenessView, AppError> {
    let (reference, (depts, total)) = if filter.decline {
        let (month, reference, filter) = month_read(state, me, p, filter, Read::Kept).await?;
        let (rows, _) = month::kept(&state.db, &me.tenant_id, p, &filter, &month, None).await?;
        let counted = month::completeness(&rows, &reference);
        (reference, counted)
    } else {
        let tenant = me.tenant_id.as_str();
        let (scope, reference, filter) = scoped(state, me, filter).await?;
        let at = paged::Selection { tenant, scope: &scope, period: p, filter: &filter, reference: &reference };
        let read = paged::completeness(&state.db, &at);
        let counted = state.output_counts.get(state, tenant, &at.key(), read).await?;
        (reference, (*counted).clone())
    };
    let deadline = figures::deadline(p, figures::deadline_day(reference.param(DEADLINE_PARAM)));
    Ok(CompletenessView {
        period: p.to_string(),
        deadline: deadline.format("%Y-%m-%d").to_string(),
        locked: lock::is_locked(&state.db, &me.tenant_id, p).await?,
        reporting_month: p.is_reporting_month(january(&reference)),
        depts,
        total,
    })
}

/// 工作台: how many enterprises in the caller's scope have not reported month `p` (the completeness view's
/// 未报 total), none when `p` is a January merged into February and so not reported on its own.
pub async fn missing_count(state: &AppState, me: &CurrentUser, p: Period) -> Result<Option<u64>, AppError> {
    let reference = state.reference.of(&me.tenant_id).await?;
    if !p.is_reporting_month(january(&reference)) {
        return Ok(None);
    }
    let scope = scope::resolve(state, me).await?;
    Ok(Some(repo::missing_count(&state.db, &me.tenant_id, &scope, p).await?))
}

/// 工作台: how many reports in the caller's scope stand at `status`, every month together, and the
/// earliest month among them.
pub async fn count_at(state: &AppState, me: &CurrentUser, status: Status) -> Result<(u64, Option<Period>), AppError> {
    let scope = scope::resolve(state, me).await?;
    repo::count_at(&state.db, &me.tenant_id, &scope, status).await
}

async fn target<C: ConnectionTrait>(db: &C, me: &CurrentUser, scope: &Scope, id: i64) -> Result<output_report::Model, AppError> {
    repo::visible(db, &me.tenant_id, scope, &[id]).await?.pop().ok_or_else(AppError::not_found)
}

async fn visible_enterprise<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &Scope,
    id: i64,
) -> Result<Option<enterprise::Model>, AppError> {
    Ok(enterprise::Entity::live(tenant).filter(scope::enterprises(scope)).filter(enterprise::Column::Id.eq(id)).one(db).await?)
}

/// The month of enterprise `e` with its report (if any) as the screen shows it, its figures from the
/// approved sums around the month read for it.
async fn shown_one<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    e: &enterprise::Model,
    report: Option<output_report::Model>,
    p: Period,
) -> Result<Shown, AppError> {
    let approved = repo::approved_around(db, tenant, p, repo::Firms::Listed(&[e.id])).await?;
    let e = repo::Reporter::from(e);
    let row = Row { owes: e.owes(), enterprise: e, report: report.as_ref().map(repo::Filed::from) };
    Ok(Shown { figures: row.figures(&approved), row, report })
}

fn period_of(r: &output_report::Model) -> Result<Period, AppError> {
    Period::new(r.period_year, r.period_month as u32)
}

/// One report the caller may see, with its figures.
pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<OutputReportView, AppError> {
    let scope = scope::resolve(state, me).await?;
    let r = target(&state.db, me, &scope, id).await?;
    let p = period_of(&r)?;
    let e = repo::enterprises_by_id(&state.db, &me.tenant_id, &[r.enterprise_id])
        .await?
        .remove(&r.enterprise_id)
        .ok_or_else(AppError::not_found)?;
    let reference = state.reference.with_depts(&me.tenant_id, r.dept_id.as_slice()).await?;
    let target = crate::output::breakdown::in_force(&state.db, &me.tenant_id, p.year(), Some(&[e.id])).await?.remove(&e.id);
    let shown = shown_one(&state.db, &me.tenant_id, &e, Some(r), p).await?;
    Ok(view::view(shown, p, &reference, target.as_ref()))
}

/// An enterprise's month as the filing drawer opens it: the report when there is one, else the empty
/// month with the approved figures before it and last year's, so the drawer can show the year-on-year
/// change while the filler types.
pub async fn month_of(state: &AppState, me: &CurrentUser, enterprise_id: i64, p: Period) -> Result<OutputReportView, AppError> {
    let scope = scope::resolve(state, me).await?;
    let tenant = me.tenant_id.as_str();
    let report = repo::of_enterprise_month(&state.db, tenant, enterprise_id, p).await?;
    if let Some(r) = report {
        return match repo::visible(&state.db, tenant, &scope, &[r.id]).await?.pop() {
            Some(r) => detail(state, me, r.id).await,
            None => Err(AppError::not_found()),
        };
    }
    let e = visible_enterprise(&state.db, tenant, &scope, enterprise_id).await?.ok_or_else(AppError::not_found)?;
    let reference = state.reference.with_depts(tenant, e.dept_id.as_slice()).await?;
    let target = crate::output::breakdown::in_force(&state.db, tenant, p.year(), Some(&[e.id])).await?.remove(&e.id);
    let shown = shown_one(&state.db, tenant, &e, None, p).await?;
    Ok(view::view(shown, p, &reference, target.as_ref()))
}

/// The stored report in its wire form, for an update to lie over.
fn stored_form(row: &output_report::Model) -> Result<Map<String, Value>, AppError> {
    let mut m = patch::over(row, Map::new())?;
    m.insert("period".into(), Value::String(format!("{}-{:02}", row.period_year, row.period_month)));
    Ok(m)
}

fn refused_month(r: &Reference, p: Period) -> Result<(), AppError> {
    if !p.is_reporting_month(january(r)) {
        return Err(AppError::field("period", "1月与2月合并填报，请填报2月(1–2月)的产值"));
    }
    Ok(())
}

fn decline_needs_reason(f: &Figures, reason: &str) -> Result<(), AppError> {
    if f.declines() && reason.trim().is_empty() {
        return Err(AppError::field("declineReason", format!("1–N月累计产值同比下降{}%，须填写下降原因", f.yoy.unwrap_or_default().abs())));
    }
    Ok(())
}

/// Checks a report against the approved months (`approved`, read for its month): a decline needs its
/// reason, and where last year's approved reports give the figures, nothing typed stands beside them.
fn settle(report: &mut form::OutputReport, approved: &figures::Approved) -> Result<(), AppError> {
    let typed = Typed { last_year_month: report.last_year_month_output, last_year_ytd: report.last_year_ytd_output };
    let f = figures::of(approved, report.enterprise_id, Some(report.month_output), typed);
    decline_needs_reason(&f, &report.decline_reason)?;
    if f.last_year_from_reports {
        (report.last_year_month_output, report.last_year_ytd_output) = (None, None);
    }
    Ok(())
}

/// A new report of enterprise `e` as a draft filed under its territory of today, with its new id.
fn new_draft(mut row: output_report::ActiveModel, e: &enterprise::Model, author: &Author) -> (i64, output_report::ActiveModel) {
    let id = next_id();
    base::created::<output_report::Entity>(&mut row, id, author);
    row.dept_id = Set(e.dept_id);
    row.report_status = Set(Status::Draft.code().into());
    row.is_late = Set(String::new());
    row.submit_user = Set(None);
    row.submit_user_name = Set(String::new());
    row.submit_time = Set(None);
    row.audit_user = Set(None);
    row.audit_user_name = Set(String::new());
    row.audit_time = Set(None);
    row.review_opinion = Set(String::new());
    (id, row)
}

fn duplicate(name: &str, p: Period) -> AppError {
    AppError::field("period", format!("「{name}」{}年{}月的产值已填报", p.year(), p.month()))
}

/// Creates (no `id`) or updates (a draft or returned report) a report; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let (current, form) = if patch::is_update(&body) {
        let id = keeper_common::fields::id(&body, "id")?.ok_or_else(|| AppError::field("id", "不是有效的ID"))?;
        let current = target(&state.db, me, &scope, id).await?;
        if !Status::from_code("reportStatus", &current.report_status)?.editable() {
            return Err(AppError::bad("产值填报已提交审核或已通过，不能修改"));
        }
        let mut merged = stored_form(&current)?;
        merged.extend(body);
        (Some(current), OutputReportForm::from_json(&merged)?)
    } else {
        (None, OutputReportForm::from_json(&body)?)
    };
    let mut report = form.validate(Period::of_day(keeper_common::time::today()))?;
    if let Some(c) = &current {
        if c.enterprise_id != report.enterprise_id {
            return Err(AppError::field("enterpriseId", "填报所属企业不能更改"));
        }
        if (c.period_year, c.period_month) != (report.period_year, report.period_month) {
            lock::refuse_if_locked(&state.db, tenant, period_of(c)?).await?;
        }
    }
    let e = visible_enterprise(&state.db, tenant, &scope, report.enterprise_id)
        .await?
        .ok_or_else(|| AppError::field("enterpriseId", "企业不存在"))?;
    let p = report.period();
    refused_month(&*state.reference.of(tenant).await?, p)?;
    lock::refuse_if_locked(&state.db, tenant, p).await?;
    let approved = repo::approved_around(&state.db, tenant, p, repo::Firms::Listed(&[report.enterprise_id])).await?;
    settle(&mut report, &approved)?;
    let author = Author::of(me);
    let mut row = report.into_active_model();

    ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    tenant_lock(&txn, tenant).await?;
    if let Some(other) = repo::of_enterprise_month(&txn, tenant, e.id, p).await?
        && current.as_ref().is_none_or(|c| c.id != other.id)
    {
        return Err(duplicate(&e.enterprise_name, p));
    }
    let id = match current {
        Some(c) => {
            base::updated::<output_report::Entity>(&mut row, &author);
            let from = Status::from_code("reportStatus", &c.report_status)?;
            if !repo::update_if_status(&txn, tenant, c.id, from, row).await? {
                return Err(AppError::bad("产值填报已提交审核或已通过，不能修改"));
            }
            c.id
        }
        None => {
            let (id, row) = new_draft(row, &e, &author);
            match repo::insert(&txn, row).await {
                Err(err) if keeper_db::is_unique_violation(&err) => return Err(duplicate(&e.enterprise_name, p)),
                other => other?,
            }
            id
        }
    };
    txn.commit().await?;
    state.output_reports.changed(tenant);
    Ok(id)
}

const LOCK_TABLE: &str = "biz_tenant_lock";

async fn ensure_lock_row<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::ensure(db, LOCK_TABLE, tenant).await?)
}

/// The tenant's lock for the rest of the transaction: filings of one tenant are checked one at a time.
async fn tenant_lock<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::lock(db, LOCK_TABLE, tenant).await?)
}

/// Deletes reports that were never approved and are not waiting for review (drafts and returned ones);
/// every id must be visible to the caller, else nothing happens and 404.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let scope = scope::resolve(state, me).await?;
    let rows = repo::visible(&state.db, &me.tenant_id, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    for r in &rows {
        if !Status::from_code("reportStatus", &r.report_status).is_ok_and(Status::editable) {
            return Err(AppError::bad(format!("{}年{}月的产值填报已提交审核或已通过，不能删除", r.period_year, r.period_month)));
        }
        lock::refuse_if_locked(&state.db, &me.tenant_id, period_of(r)?).await?;
    }
    repo::delete(&state.db, &me.tenant_id, ids).await?;
    state.output_reports.changed(&me.tenant_id);
    Ok(ids.len())
}

/// Takes `step` on every listed report, all or none (batch approval is this with many ids). Submitting
/// checks the decline reason again against the approved months as they are now, and stamps the late
/// flag against the deadline.
pub async fn review(state: &AppState, me: &CurrentUser, ids: &[i64], step: Step, opinion: &str) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let reference = state.reference.of(tenant).await?;
    let deadline_day = figures::deadline_day(reference.param(DEADLINE_PARAM));
    ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    tenant_lock(&txn, tenant).await?;
    let mut rows = repo::visible(&txn, tenant, &scope, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    rows.sort_by_key(|r| (r.period_year, r.period_month, r.enterprise_id));
    let firms: Vec<i64> = rows.iter().map(|r| r.enterprise_id).collect();
    let names = repo::enterprises_by_id(&txn, tenant, &firms).await?;
    let author = Author::of(me);
    let now = keeper_common::time::now();
    let today = keeper_common::time::today();
    let mut approved_of: HashMap<Period, figures::Approved> = HashMap::new();
    // The enterprises and years whose approved months this batch changes: their sums are rewritten.
    let mut summed = Vec::new();
    for row in rows {
        let p = period_of(&row)?;
        // In a batch, a refusal says which report it is about.
        let name = names.get(&row.enterprise_id).map(|e| e.enterprise_name.clone()).unwrap_or_default();
        let named = |e: AppError| match e {
            AppError::Field { field, reason } if ids.len() > 1 => {
                AppError::field(field, format!("「{name}」{}年{}月：{reason}", p.year(), p.month()))
            }
            e => e,
        };
        lock::refuse_if_locked(&txn, tenant, p).await.map_err(named)?;
        let from = Status::from_code("reportStatus", &row.report_status)?;
        let to = review::log::take(&txn, me, REVIEW_KIND, row.id, from, step, opinion).await.map_err(named)?;
        let mut changes = output_report::ActiveModel { report_status: Set(to.code().into()), ..Default::default() };
        base::updated::<output_report::Entity>(&mut changes, &author);
        match step {
            Step::Submit | Step::Resubmit => {
                if !approved_of.contains_key(&p) {
                    approved_of.insert(p, repo::approved_around(&txn, tenant, p, repo::Firms::Listed(&firms)).await?);
                }
                let f = figures::of(&approved_of[&p], row.enterprise_id, Some(row.month_output), Typed::of(&row));
                decline_needs_reason(&f, &row.decline_reason).map_err(named)?;
                changes.submit_user = Set(Some(me.user_id));
                changes.submit_user_name = Set(me.real_name.chars().take(50).collect());
                changes.submit_time = Set(Some(now));
                // Late is decided by the first submission: a report returned for a fix and sent again was
                // on time if it first came on time. A withdrawn report is submitted anew.
                if step == Step::Submit {
                    changes.is_late = Set(if today > figures::deadline(p, deadline_day) { YES } else { NO }.into());
                }
            }
            Step::Approve | Step::Return => {
                changes.audit_user = Set(Some(me.user_id));
                changes.audit_user_name = Set(me.real_name.chars().take(50).collect());
                changes.audit_time = Set(Some(now));
                changes.review_opinion = Set(opinion.trim().into());
            }
            Step::Unapprove => {
                changes.review_opinion = Set(opinion.trim().into());
            }
            Step::Withdraw => {}
        }
        if !repo::update_if_status(&txn, tenant, row.id, from, changes).await? {
            return Err(AppError::bad("产值填报的状态已变化，请刷新后重试"));
        }
        if from == Status::Approved || to == Status::Approved {
            summed.push((row.enterprise_id, row.period_year));
        }
    }
    crate::output::year_sum::rewrite(&txn, tenant, &summed).await?;
    txn.commit().await?;
    state.output_reports.changed(tenant);
    Ok(ids.len())
}

/// The review history of one report the caller may see.
pub async fn review_log(state: &AppState, me: &CurrentUser, id: i64) -> Result<Vec<review::log::Entry>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let r = target(&state.db, me, &scope, id).await?;
    review::log::history(&state.db, &me.tenant_id, REVIEW_KIND, r.id).await
}
