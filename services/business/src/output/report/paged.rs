//! A month of 产值填报 selected, ordered, cut and counted by the database: a page of the list and the
//! completeness view (应报 / 已报 / 未报 per department).
//!
//! The month (`month.rs`) is every enterprise that owes a report, with its report of the month if any,
//! and the month's reports of other enterprises the scope admits. Assembled in memory, a month moved
//! both sets across sqlx-sqlite's thread one row at a time (~3.6 µs a row): over a 43,000-firm zone
//! 10,000 + 11,000 rows, 150–170 ms each time a write retired the kept month, for a page that shows 20
//! (bench/README.md, output scenario). Here the database joins, filters, orders and cuts them: a page
//! moves its own rows, the completeness one row per department. Declines are a figure of every row
//! (`month::kept`), so their list stays with the month in memory, as do the export and the reminders,
//! which use every row anyway. Pages and completeness views are kept between the tenant's writes
//! (`kept.rs`), so that paging back and forth costs the database nothing.
//!
//! The order is the month's in memory, on every database: the department's label (ranked here from the
//! tenant's reference: departments of equal names together, rows without one first), the enterprise
//! name compared bytewise as Rust compares strings (the "C" collation on PostgreSQL, binary on MySQL;
//! SQLite's default), then the id.
use std::collections::{BTreeSet, HashMap};

use keeper_common::page::PageRequest;
use keeper_common::{AppError, fields};
use keeper_db::base::{BaseColumns, LIVE};
use rust_decimal::Decimal;
use sea_orm::sea_query::{Alias, Condition, Expr, ExprTrait, Func, JoinType, Order, Query, SelectStatement, UnionType};
use sea_orm::{ColumnTrait, ConnectionTrait, DbBackend, FromQueryResult, QueryFilter, QuerySelect, QueryTrait};

use super::month::{Completeness, Filter, REPORTED, Row, StatusFilter};
use super::repo::{self, Filed, GONE, Reporter};
use super::scope::{self, Scope};
use crate::checks::YES;
use crate::entity::{enterprise, output_report as report};
use crate::period::Period;
use crate::reference::Reference;
use crate::review::Status;

/// The derived table of the month's rows.
const M: &str = "m";

fn m(column: &str) -> Expr {
    Expr::col((Alias::new(M), Alias::new(column)))
}

/// A row of the month as read: the enterprise's columns of [`Reporter`] and its report's of [`Filed`].
#[derive(Debug, FromQueryResult)]
struct MonthRow {
    enterprise_id: i64,
    enterprise_name: String,
    credit_code: String,
    enterprise_dept_id: Option<i64>,
    industry_code: String,
    is_above_scale: String,
    need_output_report: String,
    operating_status: String,
    enterprise_is_deleted: i32,
    report_id: Option<i64>,
    report_dept_id: Option<i64>,
    report_status: Option<String>,
    is_late: Option<String>,
    month_output: Option<Decimal>,
    last_year_month_output: Option<Decimal>,
    last_year_ytd_output: Option<Decimal>,
}

impl MonthRow {
    fn into_row(self) -> Row {
        let enterprise = Reporter {
            id: self.enterprise_id,
            enterprise_name: self.enterprise_name,
            credit_code: self.credit_code,
            dept_id: self.enterprise_dept_id,
            industry_code: self.industry_code,
            is_above_scale: self.is_above_scale,
            need_output_report: self.need_output_report,
            operating_status: self.operating_status,
            is_deleted: self.enterprise_is_deleted,
        };
        let report = self.report_id.map(|id| Filed {
            id,
            enterprise_id: self.enterprise_id,
            dept_id: self.report_dept_id,
            report_status: self.report_status.unwrap_or_default(),
            is_late: self.is_late.unwrap_or_default(),
            month_output: self.month_output.unwrap_or_default(),
            last_year_month_output: self.last_year_month_output,
            last_year_ytd_output: self.last_year_ytd_output,
        });
        Row { owes: enterprise.owes(), enterprise, report }
    }
}

/// `owes_report` of the joined enterprise, as 1 or 0 (its constants are the code's, not input).
fn owes_expr() -> Expr {
    let gone = GONE.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ");
    Expr::cust(format!(
        "CASE WHEN biz_enterprise.is_deleted = {LIVE} AND biz_enterprise.need_output_report = '{YES}' \
         AND biz_enterprise.operating_status NOT IN ({gone}) THEN 1 ELSE 0 END"
    ))
}

/// The columns of the month's rows, from `biz_enterprise` joined with `biz_output_report`.
fn columns(q: &mut SelectStatement) {
    let firm = |c: enterprise::Column| Expr::col((enterprise::Entity, c));
    let filed = |c: report::Column| Expr::col((report::Entity, c));
    q.expr_as(firm(enterprise::Column::Id), "enterprise_id")
        .expr_as(firm(enterprise::Column::EnterpriseName), "enterprise_name")
        .expr_as(firm(enterprise::Column::CreditCode), "credit_code")
        .expr_as(firm(enterprise::Column::DeptId), "enterprise_dept_id")
        .expr_as(firm(enterprise::Column::IndustryCode), "industry_code")
        .expr_as(firm(enterprise::Column::IsAboveScale), "is_above_scale")
        .expr_as(firm(enterprise::Column::NeedOutputReport), "need_output_report")
        .expr_as(firm(enterprise::Column::OperatingStatus), "operating_status")
        .expr_as(firm(enterprise::Column::IsDeleted), "enterprise_is_deleted")
        .expr_as(filed(report::Column::Id), "report_id")
        .expr_as(filed(report::Column::DeptId), "report_dept_id")
        .expr_as(filed(report::Column::ReportStatus), "report_status")
        .expr_as(filed(report::Column::IsLate), "is_late")
        .expr_as(filed(report::Column::MonthOutput), "month_output")
        .expr_as(filed(report::Column::LastYearMonthOutput), "last_year_month_output")
        .expr_as(filed(report::Column::LastYearYtdOutput), "last_year_ytd_output")
        // The territory the row counts under: the one its report was filed under, else the enterprise's.
        .expr_as(Func::coalesce([filed(report::Column::DeptId), firm(enterprise::Column::DeptId)]), "dept")
        .expr_as(owes_expr(), "owes");
}

/// Every row of month `p` the scope admits, unfiltered, as one `SELECT … UNION ALL SELECT …`.
fn month(tenant: &str, s: &Scope, p: Period) -> SelectStatement {
    let of_month = |c: report::Column| Expr::col((report::Entity, c));
    // The enterprises that owe a report, each with its report of the month if any (the report of an
    // enterprise the scope admits is one the scope admits).
    let mut owing = repo::owing_select(tenant, s).select_only().into_query();
    owing.join(
        JoinType::LeftJoin,
        report::Entity,
        Condition::all()
            .add(of_month(report::Column::TenantId).eq(tenant))
            .add(of_month(report::Column::EnterpriseId).equals((enterprise::Entity, enterprise::Column::Id)))
            .add(of_month(report::Column::PeriodYear).eq(p.year()))
            .add(of_month(report::Column::PeriodMonth).eq(p.month() as i32))
            .add(of_month(report::Column::IsDeleted).eq(LIVE)),
    );
    columns(&mut owing);
    // The month's reports of the other enterprises: a report stays visible to the park it was filed
    // under after its enterprise moved out of scope or stopped owing reports. (`NOT IN` over the ids,
    // not `NOT (owes AND in scope)`: a scope's test is unknown, not false, for a firm without a territory.)
    let owing_ids = repo::owing_select(tenant, s).select_only().column(enterprise::Column::Id).into_query();
    let mut others = report::Entity::live(tenant)
        .filter(scope::reports(tenant, s))
        .filter(report::Column::PeriodYear.eq(p.year()))
        .filter(report::Column::PeriodMonth.eq(p.month() as i32))
        .filter(report::Column::EnterpriseId.not_in_subquery(owing_ids))
        .select_only()
        .into_query();
    others.join(
        JoinType::InnerJoin,
        enterprise::Entity,
        Condition::all()
            .add(Expr::col((enterprise::Entity, enterprise::Column::Id)).equals((report::Entity, report::Column::EnterpriseId)))
            .add(Expr::col((enterprise::Entity, enterprise::Column::TenantId)).eq(tenant)),
    );
    columns(&mut others);
    owing.union(UnionType::All, others);
    owing
}

/// What the filter keeps, as a condition on the month's rows (all of it but declines). The name matches
/// whatever its case, as `Filter::keeps` does in memory (PostgreSQL's `LIKE` alone would not).
fn kept_by(filter: &Filter) -> Condition {
    let mut c = Condition::all();
    if let Some(depts) = &filter.depts {
        // An empty list (a department not of the tenant) renders as a false predicate.
        c = c.add(m("dept").is_in(depts.iter().copied()));
    }
    if let Some(code) = &filter.industry_code {
        c = c.add(m("industry_code").like(fields::like_prefix(code)));
    }
    if let Some(flag) = &filter.above_scale {
        c = c.add(m("is_above_scale").eq(flag.as_str()));
    }
    if let Some(name) = &filter.enterprise_name {
        c = c.add(Expr::expr(Func::lower(m("enterprise_name"))).like(fields::like(&name.to_lowercase())));
    }
    let reported = || REPORTED.map(|s| s.code());
    match filter.status {
        None => c,
        Some(StatusFilter::Missing) => c.add(m("report_id").is_null()),
        Some(StatusFilter::Unreported) => {
            c.add(m("owes").eq(1)).add(Condition::any().add(m("report_id").is_null()).add(m("report_status").is_not_in(reported())))
        }
        Some(StatusFilter::Is(s)) => c.add(m("report_status").eq(s.code())),
    }
}

/// The rank of each department's label among the tenant's, and the ranks as a `CASE` over the month's
/// department (none when the tenant has no departments: every row then ranks alike).
fn dept_rank(r: &Reference) -> (HashMap<Option<i64>, usize>, Option<Expr>) {
    let labels: BTreeSet<&str> = r.dept_ids().map(|id| r.dept_label(Some(id))).chain([""]).collect();
    let rank_of: HashMap<&str, usize> = labels.into_iter().enumerate().map(|(i, l)| (l, i)).collect();
    let mut ranks: HashMap<Option<i64>, usize> = r.dept_ids().map(|id| (Some(id), rank_of[r.dept_label(Some(id))])).collect();
    // In the order of the ids, so that the statement's text (and its prepared statement) stays the same.
    let mut ids: Vec<(i64, usize)> = ranks.iter().filter_map(|(id, rank)| id.map(|id| (id, *rank))).collect();
    ids.sort_unstable();
    let whens: String = ids.iter().map(|(id, rank)| format!(" WHEN {id} THEN {rank}")).collect();
    ranks.insert(None, rank_of[""]);
    let expr = (!whens.is_empty()).then(|| Expr::cust(format!("CASE m.dept{whens} ELSE {} END", rank_of[""])));
    (ranks, expr)
}

/// The enterprise name compared bytewise, as Rust compares strings, on `backend`.
fn name_bytewise(backend: DbBackend) -> Expr {
    Expr::cust(match backend {
        DbBackend::Postgres => r#"m.enterprise_name COLLATE "C""#,
        DbBackend::MySql => "CAST(m.enterprise_name AS BINARY)",
        _ => "m.enterprise_name",
    })
}

/// What a month's rows are selected by: the tenant, the caller's scope, the month, the filter (its
/// department's subtree filled in; declines aside) and the tenant's reference (the departments' order).
pub struct Selection<'a> {
    pub tenant: &'a str,
    pub scope: &'a Scope,
    pub period: Period,
    pub filter: &'a Filter,
    pub reference: &'a Reference,
}

impl Selection<'_> {
    /// What the selection's kept values are kept under (`kept.rs`: the tenant and its generations aside).
    pub fn key(&self) -> String {
        format!("{}\u{1f}{}\u{1f}{}", self.scope.key(), self.period, self.filter.key())
    }

    /// The month's rows the filter keeps and `and` too, nothing selected yet.
    fn filtered(&self, and: Condition) -> SelectStatement {
        let mut q = Query::select();
        q.from_subquery(month(self.tenant, self.scope, self.period), Alias::new(M)).cond_where(kept_by(self.filter).add(and));
        q
    }
}

/// How many rows of the month the selection keeps.
async fn count<C: ConnectionTrait>(db: &C, at: &Selection<'_>) -> Result<u64, AppError> {
    let mut q = at.filtered(Condition::all());
    q.expr(Func::count(Expr::cust("*")));
    let n: i64 = match db.query_one(&q).await? {
        Some(row) => row.try_get_by_index(0)?,
        None => 0,
    };
    Ok(u64::try_from(n).unwrap_or_default())
}

/// `limit` rows of the month the selection keeps from `offset` on, in the month's order.
async fn rows<C: ConnectionTrait>(db: &C, at: &Selection<'_>, offset: u64, limit: u64) -> Result<Vec<Row>, AppError> {
    let mut q = at.filtered(Condition::all());
    for c in [
        "enterprise_id",
        "enterprise_name",
        "credit_code",
        "enterprise_dept_id",
        "industry_code",
        "is_above_scale",
        "need_output_report",
        "operating_status",
        "enterprise_is_deleted",
        "report_id",
        "report_dept_id",
        "report_status",
        "is_late",
        "month_output",
        "last_year_month_output",
        "last_year_ytd_output",
    ] {
        q.expr_as(m(c), c);
    }
    if let (_, Some(rank)) = dept_rank(at.reference) {
        q.order_by_expr(rank, Order::Asc);
    }
    q.order_by_expr(name_bytewise(db.get_database_backend()), Order::Asc).order_by_expr(m("enterprise_id"), Order::Asc);
    q.limit(limit).offset(offset);
    let mut out = Vec::new();
    for row in db.query_all(&q).await? {
        out.push(MonthRow::from_query_result(&row, "")?.into_row());
    }
    Ok(out)
}

/// A page of a month: its rows, the total and the page answered (a page past the end answers the last).
#[derive(Debug)]
pub struct MonthPage {
    pub rows: Vec<Row>,
    pub total: u64,
    pub req: PageRequest,
}

/// The pages kept for 产值填报, weighed in rows: 20,000 at most (1,000 pages of 20).
pub fn kept_pages() -> crate::kept::Kept<MonthPage> {
    crate::kept::Kept::new(20_000, |page| page.rows.len().max(1))
}

/// The completeness of a month, per department and in total.
pub type Counted = (Vec<Completeness>, Completeness);

/// The completeness views kept, weighed in departments.
pub fn kept_counts() -> crate::kept::Kept<Counted> {
    crate::kept::Kept::new(20_000, |(depts, _)| depts.len() + 1)
}

/// One page of the month's rows the selection keeps. As `keeper_db::page`: a page that is not full tells
/// the total itself; only a full page, or one past the end, is followed by a count.
pub async fn page<C: ConnectionTrait>(db: &C, at: &Selection<'_>, req: &PageRequest) -> Result<MonthPage, AppError> {
    // An offset past what a signed 64-bit value binds has no rows anyway.
    let read = if i64::try_from(req.offset()).is_ok() { rows(db, at, req.offset(), req.size).await? } else { Vec::new() };
    let n = read.len() as u64;
    if n < req.size && (n > 0 || req.offset() == 0) {
        return Ok(MonthPage { rows: read, total: req.offset() + n, req: req.clone() });
    }
    let total = count(db, at).await?;
    if n > 0 {
        return Ok(MonthPage { rows: read, total, req: req.clone() });
    }
    let req = req.within(total);
    let read = if total == 0 { Vec::new() } else { rows(db, at, req.offset(), req.size).await? };
    Ok(MonthPage { rows: read, total, req })
}

/// The completeness of the month per department among the rows the selection keeps, in the list's
/// order of departments (those of equal names by id), and the total.
pub async fn completeness<C: ConnectionTrait>(db: &C, at: &Selection<'_>) -> Result<Counted, AppError> {
    let reported = || Condition::all().add(m("report_status").is_in(REPORTED.map(|s| s.code())));
    let count_if = |c: Condition| -> Expr { Func::count(Expr::case(c, Expr::cust("1"))).into() };
    let mut q = at.filtered(Condition::all().add(m("owes").eq(1)));
    q.expr(m("dept"))
        .expr(Func::count(Expr::cust("*")))
        .expr(count_if(reported()))
        .expr(count_if(Condition::all().add(m("report_status").eq(Status::Approved.code()))))
        .expr(count_if(reported().add(m("is_late").eq(YES))))
        .add_group_by([m("dept")]);
    let count = |row: &sea_orm::QueryResult, i: usize| -> Result<u32, AppError> {
        Ok(u32::try_from(row.try_get_by_index::<i64>(i)?).unwrap_or_default())
    };
    let mut depts = Vec::new();
    for row in db.query_all(&q).await? {
        let dept: Option<i64> = row.try_get_by_index(0)?;
        let (expected, reported) = (count(&row, 1)?, count(&row, 2)?);
        depts.push(Completeness {
            dept_id: dept,
            dept_name: at.reference.dept_name(dept),
            expected,
            reported,
            approved: count(&row, 3)?,
            missing: expected.saturating_sub(reported),
            late: count(&row, 4)?,
        });
    }
    let (ranks, _) = dept_rank(at.reference);
    let unknown = ranks.get(&None).copied().unwrap_or_default();
    depts.sort_by_key(|c| (ranks.get(&c.dept_id).copied().unwrap_or(unknown), c.dept_id));
    let mut total = Completeness { dept_name: String::new(), ..Default::default() };
    for c in &depts {
        total.expected += c.expected;
        total.reported += c.reported;
        total.approved += c.approved;
        total.missing += c.missing;
        total.late += c.late;
    }
    Ok((depts, total))
}
