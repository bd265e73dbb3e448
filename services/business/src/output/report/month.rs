//! One month of output reporting as the screen shows it: a row for every report filed and for every
//! enterprise that owes one and has not filed (未填), within the caller's scope, with the figures of each
//! report. The list, the export and the completeness view (应报 / 已报 / 未报) all read these rows, so they
//! agree with one another. A large zone's month is about 10,000 reporting enterprises: the month is
//! assembled in memory from narrow rows (what orders, filters and counts them), kept between the tenant's
//! writes (`kept.rs`), and only the rows shown are read whole, with their figures ([`show`]).
use std::collections::{HashMap, HashSet};

use keeper_common::{AppError, fields};
use schemars::JsonSchema;
use sea_orm::{ConnectionTrait, StreamTrait};
use serde::Deserialize;

use super::figures::{self, Approved, Figures, Typed};
use super::repo::{self, Filed, Reporter};
use super::scope::Scope;
use crate::entity::output_report as report;
use crate::period::Period;
use crate::reference::Reference;
use crate::review::Status;

/// One enterprise's month, as the month is selected and counted.
#[derive(Debug, Clone)]
pub struct Row {
    pub enterprise: Reporter,
    pub report: Option<Filed>,
    /// Whether the enterprise owes a report (应报).
    pub owes: bool,
}

/// A row as the screen shows it: the whole report, and the figures of the month.
#[derive(Debug, Clone)]
pub struct Shown {
    pub row: Row,
    pub report: Option<report::Model>,
    pub figures: Figures,
}

impl Row {
    /// The territory the row counts under: the one a report was filed under, else the enterprise's.
    pub fn dept_id(&self) -> Option<i64> {
        self.report.as_ref().map_or(self.enterprise.dept_id, |r| r.dept_id)
    }

    pub fn status(&self) -> Option<Status> {
        self.report.as_ref().and_then(|r| Status::from_code("reportStatus", &r.report_status).ok())
    }

    /// 已报: submitted for review or approved.
    pub fn reported(&self) -> bool {
        self.status().is_some_and(|s| REPORTED.contains(&s))
    }

    /// 未报: owes the month and has not reported it.
    pub fn unreported(&self) -> bool {
        self.owes && !self.reported()
    }

    /// The figures of the month, from the approved sums around it (read for this enterprise at least).
    pub fn figures(&self, approved: &Approved) -> Figures {
        let id = self.enterprise.id;
        match &self.report {
            Some(r) => figures::of(approved, id, Some(r.month_output), Typed::filed(r)),
            None => figures::of(approved, id, None, Typed::default()),
        }
    }
}

/// The statuses of a month that count as 已报 (the rest of the owing enterprises are 未报).
pub const REPORTED: [Status; 2] = [Status::Submitted, Status::Approved];

/// What the status filter may ask: a review status, 未填 (no report at all), or 未报 (owes the month and
/// has not reported it: 未填, a draft or a returned report — the completeness view's 未报 and 催报's list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusFilter {
    Missing,
    Unreported,
    Is(Status),
}

/// The 未填 key of the status filter, next to the `report_status` keys.
pub const MISSING: &str = "none";
/// The 未报 key of the status filter.
pub const UNREPORTED: &str = "unreported";

/// The filters of `outputValue/list` and `export`, parsed.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub dept_id: Option<i64>,
    /// The chosen department and all below it, filled in before filtering.
    pub depts: Option<HashSet<i64>>,
    /// An `industry` key; its sub-classes match too (`C` takes `C39`).
    pub industry_code: Option<String>,
    pub above_scale: Option<String>,
    pub status: Option<StatusFilter>,
    /// Only rows whose 1–N月累计 fell below last year's.
    pub decline: bool,
    pub enterprise_name: Option<String>,
}

/// The query string of `outputValue/list`, `export` and `completeness`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    /// `2026-03`; the month before the current one when absent (the month being reported).
    pub period: Option<String>,
    pub dept_id: Option<String>,
    pub industry_code: Option<String>,
    /// `Y` or `N`.
    pub above_scale: Option<String>,
    /// A `report_status` key, `none` for enterprises that have not filed, or `unreported` for those that
    /// owe the month and have not reported it (not filed, a draft, or returned).
    pub report_status: Option<String>,
    /// `Y`: only year-on-year declines.
    pub decline: Option<String>,
    pub enterprise_name: Option<String>,
}

/// The month being reported: the one before today's.
pub fn default_period() -> Period {
    let today = keeper_common::time::today();
    Period::of_day(today.checked_sub_months(chrono::Months::new(1)).unwrap_or(today))
}

impl ListQuery {
    pub fn parse(self) -> Result<(Period, Filter), AppError> {
        let period = match fields::bounded_filter("period", self.period, 7)? {
            Some(p) => Period::parse("period", &p)?,
            None => default_period(),
        };
        let dept_id = match fields::bounded_filter("deptId", self.dept_id, 20)? {
            None => None,
            Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?),
        };
        let flag = |field: &str, v: Option<String>| -> Result<Option<String>, AppError> {
            match fields::bounded_filter(field, v, 1)?.map(|s| s.to_ascii_uppercase()) {
                Some(s) if s != "Y" && s != "N" => Err(AppError::field(field, "取值应为 Y(是) 或 N(否)")),
                other => Ok(other),
            }
        };
        let status = match fields::bounded_filter("reportStatus", self.report_status, 10)? {
            None => None,
            Some(s) if s == MISSING => Some(StatusFilter::Missing),
            Some(s) if s == UNREPORTED => Some(StatusFilter::Unreported),
            Some(s) => Some(StatusFilter::Is(Status::from_code("reportStatus", &s)?)),
        };
        Ok((
            period,
            Filter {
                dept_id,
                depts: None,
                industry_code: fields::bounded_filter("industryCode", self.industry_code, 10)?,
                above_scale: flag("aboveScale", self.above_scale)?,
                status,
                decline: flag("decline", self.decline)?.as_deref() == Some("Y"),
                enterprise_name: fields::bounded_filter("enterpriseName", self.enterprise_name, 100)?,
            },
        ))
    }
}

impl Filter {
    /// Everything the filter asks, as a key of what is kept for it (`kept.rs`).
    pub fn key(&self) -> String {
        let mut depts: Option<Vec<i64>> = self.depts.as_ref().map(|d| d.iter().copied().collect());
        if let Some(d) = &mut depts {
            d.sort_unstable();
        }
        format!(
            "{:?}\u{1f}{depts:?}\u{1f}{:?}\u{1f}{:?}\u{1f}{:?}\u{1f}{}\u{1f}{:?}",
            self.dept_id, self.industry_code, self.above_scale, self.status, self.decline, self.enterprise_name
        )
    }

    /// Fills in the chosen department's subtree.
    pub fn within(mut self, r: &Reference) -> Filter {
        self.depts = self.dept_id.map(|d| r.subtree(d));
        self
    }

    /// Whether the filter keeps `row`, but for `decline`: a decline is a figure, which needs the approved
    /// sums around the month ([`kept`]).
    pub fn keeps(&self, row: &Row) -> bool {
        let e = &row.enterprise;
        self.depts.as_ref().is_none_or(|d| row.dept_id().is_some_and(|id| d.contains(&id)))
            && self.industry_code.as_ref().is_none_or(|c| e.industry_code.starts_with(c.as_str()))
            && self.above_scale.as_ref().is_none_or(|f| e.is_above_scale == *f)
            && self.enterprise_name.as_ref().is_none_or(|n| fields::contains(&e.enterprise_name, n))
            && match self.status {
                None => true,
                Some(StatusFilter::Missing) => row.report.is_none(),
                Some(StatusFilter::Unreported) => row.unreported(),
                Some(StatusFilter::Is(s)) => row.status() == Some(s),
            }
    }
}

/// The rows of month `p` among `rows` the filter keeps, in their order. Asking for declines needs the
/// figures of every row: the approved sums around the month are read for the whole tenant then, or taken
/// from `approved` when the caller has them, and handed back to show the rows with.
pub async fn kept<'a, C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    p: Period,
    filter: &Filter,
    rows: &'a [Row],
    approved: Option<Approved>,
) -> Result<(Vec<&'a Row>, Option<Approved>), AppError> {
    let mut rows: Vec<&Row> = rows.iter().filter(|r| filter.keeps(r)).collect();
    if !filter.decline {
        return Ok((rows, approved));
    }
    let approved = match approved {
        Some(a) => a,
        None => repo::approved_around(db, tenant, p, repo::Firms::All).await?,
    };
    rows.retain(|r| r.figures(&approved).declines());
    Ok((rows, Some(approved)))
}

/// `rows` as the screen shows them: their reports read whole, their figures from `approved` (the sums
/// around the month of these rows' enterprises at least). A thousand rows at a time, so that a month's
/// export holds one chunk's reports as read beside those already shown, not the month's twice.
pub async fn show<C: ConnectionTrait>(db: &C, tenant: &str, rows: Vec<Row>, approved: &Approved) -> Result<Vec<Shown>, AppError> {
    const CHUNK: usize = 1000;
    let mut out = Vec::with_capacity(rows.len());
    let mut rows = rows.into_iter();
    loop {
        let chunk: Vec<Row> = rows.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            return Ok(out);
        }
        let ids: Vec<i64> = chunk.iter().filter_map(|r| r.report.as_ref().map(|f| f.id)).collect();
        let mut whole = repo::by_id(db, tenant, &ids).await?;
        out.extend(chunk.into_iter().map(|row| {
            let figures = row.figures(approved);
            // A report removed since the month was read shows as the row read it, its text empty.
            let report = row.report.as_ref().and_then(|f| whole.remove(&f.id));
            Shown { row, report, figures }
        }));
    }
}

/// Every row of month `p` the scope admits, unfiltered, by department and then enterprise name.
pub async fn rows<C: ConnectionTrait + StreamTrait + Send + Sync>(
    db: &C,
    tenant: &str,
    scope: &Scope,
    p: Period,
    r: &Reference,
) -> Result<Vec<Row>, AppError> {
    // Two reads of ~11,000 rows each, on two pooled connections at once (each is mostly the driver
    // turning rows into values: over a 43,000-firm zone 150 ms one after the other, 76 ms together from
    // their covering indexes).
    let (owing, reports) = tokio::try_join!(repo::owing(db, tenant, scope), repo::of_month(db, tenant, scope, p))?;
    among(db, tenant, r, owing, reports).await
}

/// [`rows`] among the enterprises that owe reports, read by the caller (`repo::owing` for the same scope:
/// a year's export reads them once for all its months).
pub async fn rows_among<C: ConnectionTrait + StreamTrait + Send + Sync>(
    db: &C,
    tenant: &str,
    scope: &Scope,
    p: Period,
    r: &Reference,
    owing: &[Reporter],
) -> Result<Vec<Row>, AppError> {
    let reports = repo::of_month(db, tenant, scope, p).await?;
    among(db, tenant, r, owing.to_vec(), reports).await
}

/// The rows of the enterprises that owe reports and of the month's reports, by department and name.
async fn among<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    r: &Reference,
    owing: Vec<Reporter>,
    reports: Vec<Filed>,
) -> Result<Vec<Row>, AppError> {
    let mut by_id: HashMap<i64, Reporter> = owing.into_iter().map(|e| (e.id, e)).collect();
    // The enterprises of reports not among those: a report stays visible to the park it was filed under
    // after its enterprise moved out of scope or stopped owing reports.
    let missing: Vec<i64> = reports.iter().map(|r| r.enterprise_id).filter(|id| !by_id.contains_key(id)).collect();
    by_id.extend(repo::reporters_by_id(db, tenant, &missing).await?);
    let mut filed: HashMap<i64, Filed> = reports.into_iter().map(|r| (r.enterprise_id, r)).collect();
    let mut out: Vec<Row> = Vec::with_capacity(by_id.len());
    for (id, e) in by_id {
        let report = filed.remove(&id);
        let owes = e.owes();
        if report.is_none() && !owes {
            continue;
        }
        out.push(Row { enterprise: e, report, owes });
    }
    // By department label (departments of equal labels together), then name and id. The labels are
    // ranked once: looked up in each comparison they cost more than the rest of the sort.
    let mut labels: Vec<&str> = out.iter().map(|row| r.dept_label(row.dept_id())).collect::<HashSet<_>>().into_iter().collect();
    labels.sort_unstable();
    let rank: HashMap<&str, usize> = labels.into_iter().enumerate().map(|(i, l)| (l, i)).collect();
    let mut keyed: Vec<(usize, Row)> = out.into_iter().map(|row| (rank[r.dept_label(row.dept_id())], row)).collect();
    keyed.sort_unstable_by(|(a_rank, a), (b_rank, b)| {
        (a_rank, &a.enterprise.enterprise_name, a.enterprise.id).cmp(&(b_rank, &b.enterprise.enterprise_name, b.enterprise.id))
    });
    Ok(keyed.into_iter().map(|(_, row)| row).collect())
}

/// 应报 / 已报 / 未报 of one department (or of all, `dept_id` none).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Completeness {
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub dept_name: String,
    /// 应报: enterprises that owe the month's report.
    pub expected: u32,
    /// 已报: of those, reports submitted or approved.
    pub reported: u32,
    /// Of those, approved.
    pub approved: u32,
    /// 未报: expected − reported (drafts and returned reports are not reported yet).
    pub missing: u32,
    /// Reports submitted after the deadline.
    pub late: u32,
}

/// The completeness of each department that has a row, in the order of the rows' departments (those of
/// equal names by id, as `paged::completeness` counts them), and the total.
pub fn completeness(rows: &[&Row], r: &Reference) -> (Vec<Completeness>, Completeness) {
    let mut by_dept: Vec<Completeness> = Vec::new();
    let mut total = Completeness { dept_name: String::new(), ..Default::default() };
    for row in rows.iter().filter(|row| row.owes) {
        let dept = row.dept_id();
        let at = match by_dept.iter().position(|c| c.dept_id == dept) {
            Some(i) => i,
            None => {
                by_dept.push(Completeness { dept_id: dept, dept_name: r.dept_name(dept), ..Default::default() });
                by_dept.len() - 1
            }
        };
        for c in [&mut by_dept[at], &mut total] {
            c.expected += 1;
            if row.reported() {
                c.reported += 1;
            } else {
                c.missing += 1;
            }
            if row.status() == Some(Status::Approved) {
                c.approved += 1;
            }
            if row.reported() && row.report.as_ref().is_some_and(|rep| rep.is_late == crate::checks::YES) {
                c.late += 1;
            }
        }
    }
    // By name, those of equal names by id (the rows' departments ranked as the rows are).
    by_dept.sort_by(|a, b| (r.dept_label(a.dept_id), a.dept_id).cmp(&(r.dept_label(b.dept_id), b.dept_id)));
    (by_dept, total)
}
