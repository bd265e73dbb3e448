//! Queries of `biz_output_report` and of the enterprises that report. Every function takes the tenant;
//! those that list take the caller's scope.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QuerySelect, StreamTrait};

use super::figures::{Approved, ApprovedMonths};
use super::scope::{self, Scope};
use crate::checks::YES;
use crate::entity::{enterprise, output_report as report};
use crate::period::Period;
use crate::review::Status;

/// `enterprise_status` keys of enterprises that left the zone: they report no more.
pub const GONE: &[&str] = &["5", "6"];

/// The tenant's live enterprises the scope admits.
pub async fn enterprises<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope) -> Result<Vec<enterprise::Model>, AppError> {
    Ok(enterprise::Entity::live(tenant)
        .filter(scope::enterprises(s))
        .order_by_asc(enterprise::Column::EnterpriseName)
        .order_by_asc(enterprise::Column::Id)
        .all(db)
        .await?)
}

/// What the month of 产值填报 shows and filters of an enterprise: 9 of the register's 45 columns. A month
/// reads the rows of every enterprise that owes a report (about 10,000 in a large zone), so the others'
/// text (addresses, products, contacts) is not read at all.
#[derive(Debug, Clone, PartialEq, FromQueryResult)]
pub struct Reporter {
    pub id: i64,
    pub enterprise_name: String,
    pub credit_code: String,
    pub dept_id: Option<i64>,
    pub industry_code: String,
    pub is_above_scale: String,
    pub need_output_report: String,
    pub operating_status: String,
    pub is_deleted: i32,
}

impl From<&enterprise::Model> for Reporter {
    fn from(e: &enterprise::Model) -> Reporter {
        Reporter {
            id: e.id,
            enterprise_name: e.enterprise_name.clone(),
            credit_code: e.credit_code.clone(),
            dept_id: e.dept_id,
            industry_code: e.industry_code.clone(),
            is_above_scale: e.is_above_scale.clone(),
            need_output_report: e.need_output_report.clone(),
            operating_status: e.operating_status.clone(),
            is_deleted: e.is_deleted,
        }
    }
}

/// `select` narrowed to the columns of [`Reporter`].
fn reporters(select: sea_orm::Select<enterprise::Entity>) -> sea_orm::Selector<sea_orm::SelectModel<Reporter>> {
    use enterprise::Column as C;
    select
        .select_only()
        .columns([
            C::Id,
            C::EnterpriseName,
            C::CreditCode,
            C::DeptId,
            C::IndustryCode,
            C::IsAboveScale,
            C::NeedOutputReport,
            C::OperatingStatus,
            C::IsDeleted,
        ])
        .into_model::<Reporter>()
}

/// The tenant's live enterprises the scope admits that owe a monthly report (`owes_report`, asked in SQL:
/// about a quarter of a register reports, and the rest are not read).
pub async fn owing<C: ConnectionTrait + StreamTrait + Send + Sync>(db: &C, tenant: &str, s: &Scope) -> Result<Vec<Reporter>, AppError> {
    Ok(keeper_db::streamed(reporters(owing_select(tenant, s)), db).await?)
}

pub(super) fn owing_select(tenant: &str, s: &Scope) -> sea_orm::Select<enterprise::Entity> {
    enterprise::Entity::live(tenant)
        .filter(scope::enterprises(s))
        .filter(enterprise::Column::NeedOutputReport.eq(YES))
        .filter(enterprise::Column::OperatingStatus.is_not_in(GONE.iter().copied()))
}

/// How many of [`owing`] there are, counted in SQL (the big screen's closed-month share).
pub async fn owing_count<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope) -> Result<u64, AppError> {
    Ok(sea_orm::PaginatorTrait::count(owing_select(tenant, s), db).await?)
}

/// 未报 of month `p` counted in SQL (the home page's to-do): the enterprises of [`owing`] without a report
/// of the month the scope admits that is submitted or approved — the count of the completeness view,
/// without reading every enterprise and report of the month (530 ms on a 43,000-firm zone).
pub async fn missing_count<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope, p: Period) -> Result<u64, AppError> {
    use sea_orm::QueryTrait;
    let reported = report::Entity::live(tenant)
        .filter(scope::reports(tenant, s))
        .filter(report::Column::PeriodYear.eq(p.year()))
        .filter(report::Column::PeriodMonth.eq(p.month() as i32))
        .filter(report::Column::ReportStatus.is_in(super::month::REPORTED.map(|s| s.code())))
        .select_only()
        .column(report::Column::EnterpriseId)
        .into_query();
    Ok(sea_orm::PaginatorTrait::count(owing_select(tenant, s).filter(enterprise::Column::Id.not_in_subquery(reported)), db).await?)
}

/// The listed enterprises of the tenant, whatever the scope (the enterprises of reports already read
/// within it), as the month shows them.
pub async fn reporters_by_id<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<HashMap<i64, Reporter>, AppError> {
    let mut out = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(1000) {
        let listed = keeper_db::listed::column_in(db.get_database_backend(), enterprise::Column::Id, chunk);
        let select = enterprise::Entity::find().filter(enterprise::Column::TenantId.eq(tenant)).filter(listed);
        out.extend(reporters(select).all(db).await?.into_iter().map(|e| (e.id, e)));
    }
    Ok(out)
}

/// The listed live enterprises of the tenant, whatever the scope (the enterprises of reports already
/// read within it).
pub async fn enterprises_by_id<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<HashMap<i64, enterprise::Model>, AppError> {
    let rows = keeper_db::base::of_tenant_by_ids::<enterprise::Entity, _>(db, tenant, ids, sea_orm::Condition::all()).await?;
    Ok(rows.into_iter().map(|e| (e.id, e)).collect())
}

/// Whether an enterprise owes a monthly report (应报): it is marked as a reporter (by default every 规上
/// industrial enterprise, domain-model §2.1) and has not moved out or closed.
pub fn owes_report(e: &enterprise::Model) -> bool {
    owes(e.is_deleted, &e.need_output_report, &e.operating_status)
}

fn owes(is_deleted: i32, need_output_report: &str, operating_status: &str) -> bool {
    is_deleted == keeper_db::base::LIVE && need_output_report == YES && !GONE.contains(&operating_status)
}

impl Reporter {
    /// [`owes_report`] of the enterprise.
    pub fn owes(&self) -> bool {
        owes(self.is_deleted, &self.need_output_report, &self.operating_status)
    }
}

/// How many live reports the scope admits stand at `status`, month by month, the earliest first.
///
/// Counted here, not by `GROUP BY` in SQL: to hand the groups over in the month's order SQLite walked the
/// one-month index and read every report of the tenant to test its status (595 ms over a 43,000-firm
/// zone's 220,000 reports, on every home page); asked for the months alone it reads the few reports of
/// the status from a covering index (4 ms). A queue holds few reports, so their months are few rows.
pub async fn counts_by_month<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope, status: Status) -> Result<Vec<(Period, u64)>, AppError> {
    let months: Vec<(i32, i32)> = report::Entity::live(tenant)
        .filter(scope::reports(tenant, s))
        .filter(report::Column::ReportStatus.eq(status.code()))
        .select_only()
        .column(report::Column::PeriodYear)
        .column(report::Column::PeriodMonth)
        .into_tuple()
        .all(db)
        .await?;
    let mut counted = std::collections::BTreeMap::new();
    for (year, month) in months {
        if let Ok(p) = Period::new(year, month as u32) {
            *counted.entry(p).or_insert(0u64) += 1;
        }
    }
    Ok(counted.into_iter().collect())
}

/// [`counts_by_month`] every month together, and the earliest month among them (工作台: the to-do opens
/// that month first).
pub async fn count_at<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope, status: Status) -> Result<(u64, Option<Period>), AppError> {
    let months = counts_by_month(db, tenant, s, status).await?;
    Ok((months.iter().map(|(_, n)| n).sum(), months.first().map(|(p, _)| *p)))
}

/// What a month's selection reads of a report (8 of its 36 columns): enough to place it in the month's
/// order, filter it, count it as 已报 and work out its figures. A large zone's month is 10,000 reports, of
/// which a page shows 20: decoding every column of every report was 80 % of a page's time (150 of
/// 190 ms); the page's reports are read whole by id ([`by_id`]).
#[derive(Debug, Clone, PartialEq, FromQueryResult)]
pub struct Filed {
    pub id: i64,
    pub enterprise_id: i64,
    pub dept_id: Option<i64>,
    pub report_status: String,
    pub is_late: String,
    pub month_output: Decimal,
    pub last_year_month_output: Option<Decimal>,
    pub last_year_ytd_output: Option<Decimal>,
}

impl From<&report::Model> for Filed {
    fn from(r: &report::Model) -> Filed {
        Filed {
            id: r.id,
            enterprise_id: r.enterprise_id,
            dept_id: r.dept_id,
            report_status: r.report_status.clone(),
            is_late: r.is_late.clone(),
            month_output: r.month_output,
            last_year_month_output: r.last_year_month_output,
            last_year_ytd_output: r.last_year_ytd_output,
        }
    }
}

/// The month's live reports the scope admits, as [`Filed`] (thousands in a large zone: streamed).
pub async fn of_month<C: ConnectionTrait + StreamTrait + Send + Sync>(
    db: &C,
    tenant: &str,
    s: &Scope,
    p: Period,
) -> Result<Vec<Filed>, AppError> {
    use report::Column as C;
    let select = report::Entity::live(tenant)
        .filter(scope::reports(tenant, s))
        .filter(C::PeriodYear.eq(p.year()))
        .filter(C::PeriodMonth.eq(p.month() as i32))
        .select_only()
        .columns([
            C::Id,
            C::EnterpriseId,
            C::DeptId,
            C::ReportStatus,
            C::IsLate,
            C::MonthOutput,
            C::LastYearMonthOutput,
            C::LastYearYtdOutput,
        ]);
    Ok(keeper_db::streamed(select.into_model::<Filed>(), db).await?)
}

/// The listed reports of the tenant, whole, by id (a page of a month already read within the scope).
pub async fn by_id<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<HashMap<i64, report::Model>, AppError> {
    let rows = keeper_db::base::of_tenant_by_ids::<report::Entity, _>(db, tenant, ids, sea_orm::Condition::all()).await?;
    Ok(rows.into_iter().map(|r| (r.id, r)).collect())
}

/// The listed live reports the scope admits (fewer than asked when some are not).
pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope, ids: &[i64]) -> Result<Vec<report::Model>, AppError> {
    let live = sea_orm::Condition::all().add(report::Column::IsDeleted.eq(keeper_db::base::LIVE)).add(scope::reports(tenant, s));
    Ok(keeper_db::base::of_tenant_by_ids::<report::Entity, _>(db, tenant, ids, live).await?)
}

/// The live report of an enterprise for a month, if any.
pub async fn of_enterprise_month<C: ConnectionTrait>(db: &C, tenant: &str, e: i64, p: Period) -> Result<Option<report::Model>, AppError> {
    Ok(report::Entity::live(tenant)
        .filter(report::Column::EnterpriseId.eq(e))
        .filter(report::Column::PeriodYear.eq(p.year()))
        .filter(report::Column::PeriodMonth.eq(p.month() as i32))
        .one(db)
        .await?)
}

/// Σ approved output per enterprise over the months of `year` in `months`, from the year sums
/// (`output::year_sum`): an enterprise without an approved month there is absent. Rounded to the four
/// decimals stored (SQLite sums decimals as floating point). Of the listed enterprises only, or of all.
async fn approved_sums<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    year: i32,
    months: std::ops::RangeInclusive<u32>,
    of: Firms<'_>,
) -> Result<HashMap<i64, Decimal>, AppError> {
    use crate::entity::output_year_sum as sums;
    use crate::output::year_sum;
    use sea_orm::sea_query::{ExprTrait, Func, Query};
    let chunks: Vec<Option<&[i64]>> = match of {
        Firms::All => vec![None],
        Firms::Listed(ids) => ids.chunks(1000).map(Some).collect(),
    };
    let mut out = HashMap::new();
    for chunk in chunks {
        let mut q = Query::select();
        q.from(sums::Entity)
            .expr(year_sum::col(sums::Column::EnterpriseId))
            .expr(Func::sum(year_sum::sum_of(months.clone())))
            .and_where(year_sum::col(sums::Column::TenantId).eq(tenant))
            .and_where(year_sum::col(sums::Column::PeriodYear).eq(year))
            .cond_where(year_sum::any_of(months.clone()))
            .add_group_by([year_sum::col(sums::Column::EnterpriseId)]);
        if let Some(ids) = chunk {
            q.and_where(keeper_db::listed::ids_in(db.get_database_backend(), year_sum::col(sums::Column::EnterpriseId), ids));
        }
        for row in db.query_all(&q).await? {
            if let Some(sum) = row.try_get_by_index::<Option<Decimal>>(1)? {
                out.insert(row.try_get_by_index::<i64>(0)?, crate::money::Wan::round(sum).decimal());
            }
        }
    }
    Ok(out)
}

/// Whose approved sums to read: the tenant's every enterprise, or the listed ones (a page, one filing).
#[derive(Debug, Clone, Copy)]
pub enum Firms<'a> {
    All,
    Listed(&'a [i64]),
}

/// The approved sums the figures of month `p` need, for the enterprises of `of` (one grouped query each,
/// whatever the number of enterprises). One filing or a page of 20 reads its own: the whole tenant's are
/// 12,000 rows a sum in a large zone (60–80 ms).
pub async fn approved_around<C: ConnectionTrait>(db: &C, tenant: &str, p: Period, of: Firms<'_>) -> Result<Approved, AppError> {
    let (y, n) = (p.year(), p.month());
    Ok(Approved {
        before: if n > 1 { approved_sums(db, tenant, y, 1..=n - 1, of).await? } else { HashMap::new() },
        last_month: approved_sums(db, tenant, y - 1, n..=n, of).await?,
        last_ytd: approved_sums(db, tenant, y - 1, 1..=n, of).await?,
    })
}

/// The approved output of `year` and the year before, by enterprise and month: the year sums
/// (`output::year_sum`) of each enterprise and year, its departments added up (a large zone's two years are
/// 20,000 rows, not the 200,000 reports). What a year's export sums every month's [`Approved`] from. Each
/// month's sum is rounded to the four decimals stored (SQLite sums decimals as floating point).
pub async fn approved_months<C: ConnectionTrait + StreamTrait + Send + Sync>(
    db: &C,
    tenant: &str,
    year: i32,
) -> Result<ApprovedMonths, AppError> {
    use crate::entity::output_year_sum as sums;
    use sea_orm::sea_query::{Expr, Func};
    let mut q = sums::Entity::find()
        .select_only()
        .column(sums::Column::PeriodYear)
        .column(sums::Column::EnterpriseId)
        .filter(sums::Column::TenantId.eq(tenant))
        .filter(sums::Column::PeriodYear.between(year - 1, year))
        .group_by(sums::Column::PeriodYear)
        .group_by(sums::Column::EnterpriseId);
    for m in 1..=12 {
        q = q.column_as(Expr::expr(Func::sum(crate::output::year_sum::col(sums::month(m)))), format!("m{m}"));
    }
    let mut out = ApprovedMonths::default();
    for row in keeper_db::streamed(q.into_model::<YearOfFirm>(), db).await? {
        let months = [row.m1, row.m2, row.m3, row.m4, row.m5, row.m6, row.m7, row.m8, row.m9, row.m10, row.m11, row.m12];
        let months = months.map(|m| m.map(|d| crate::money::Wan::round(d).decimal()));
        let by = if row.period_year == year { &mut out.this } else { &mut out.last };
        by.insert(row.enterprise_id, months);
    }
    Ok(out)
}

/// A row of [`approved_months`]: one enterprise's year, the months side by side.
#[derive(Debug, FromQueryResult)]
struct YearOfFirm {
    period_year: i32,
    enterprise_id: i64,
    m1: Option<Decimal>,
    m2: Option<Decimal>,
    m3: Option<Decimal>,
    m4: Option<Decimal>,
    m5: Option<Decimal>,
    m6: Option<Decimal>,
    m7: Option<Decimal>,
    m8: Option<Decimal>,
    m9: Option<Decimal>,
    m10: Option<Decimal>,
    m11: Option<Decimal>,
    m12: Option<Decimal>,
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: report::ActiveModel) -> Result<(), sea_orm::DbErr> {
    report::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies `changes` to one live report only while its review status is still `from`: of two concurrent
/// moves of one report, the second finds nothing to change. Answers whether it changed.
pub async fn update_if_status<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    from: Status,
    changes: report::ActiveModel,
) -> Result<bool, AppError> {
    Ok(keeper_db::base::update_if::<report::Entity, _>(db, tenant, id, (report::Column::ReportStatus, from.code()), changes).await?)
}

/// Deletes the listed reports of the tenant (see the migration: a removed report was never counted).
pub async fn delete<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<u64, AppError> {
    Ok(report::Entity::delete_many()
        .filter(report::Column::TenantId.eq(tenant))
        .filter(report::Column::Id.is_in(ids.to_vec()))
        // Only what its filler may still change: a report approved since the caller looked is kept (and
        // with it the year sums that count it).
        .filter(report::Column::ReportStatus.is_in([Status::Draft.code(), Status::Returned.code()]))
        .exec(db)
        .await?
        .rows_affected)
}

/// The live reports of the listed enterprises for a month.
pub async fn of_enterprises_month<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    ids: &[i64],
    p: Period,
) -> Result<Vec<report::Model>, AppError> {
    let mut out = Vec::new();
    for chunk in ids.chunks(1000) {
        out.extend(
            report::Entity::live(tenant)
                .filter(keeper_db::listed::column_in(db.get_database_backend(), report::Column::EnterpriseId, chunk))
                .filter(report::Column::PeriodYear.eq(p.year()))
                .filter(report::Column::PeriodMonth.eq(p.month() as i32))
                .all(db)
                .await?,
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    //! The year's approved months against the per-month sums they replace, on the real schema in memory.
    use super::*;
    use crate::migration::Migrator;
    use sea_orm::IntoActiveModel;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    fn report(id: i64, tenant: &str, enterprise: i64, year: i32, month: i32, output: &str, status: Status) -> report::ActiveModel {
        let now = keeper_common::time::now();
        report::Model {
            id,
            tenant_id: tenant.into(),
            enterprise_id: enterprise,
            dept_id: Some(7),
            period_year: year,
            period_month: month,
            month_output: d(output),
            last_year_month_output: None,
            last_year_ytd_output: None,
            month_revenue: None,
            month_added_value: None,
            month_tax: None,
            month_profit: None,
            electricity: None,
            employee_count: None,
            next_month_forecast: None,
            decline_reason: String::new(),
            problems: String::new(),
            report_status: status.code().into(),
            is_late: String::new(),
            submit_user: None,
            submit_user_name: String::new(),
            submit_time: None,
            audit_user: None,
            audit_user_name: String::new(),
            audit_time: None,
            review_opinion: String::new(),
            remark: String::new(),
            create_user: None,
            create_dept: None,
            create_time: now,
            update_user: None,
            update_time: now,
            status: 1,
            is_deleted: 0,
        }
        .into_active_model()
    }

    #[tokio::test]
    async fn the_years_approved_months_give_every_months_sums_as_the_month_reads_them() {
        let db = keeper_db::test_db::<Migrator>().await;
        let t = "000001";
        // Enterprise 1: 2026 Jan 100.5, Feb 200 approved, Mar 300 only submitted; 2025 Feb 150, Mar 160.
        // Enterprise 2: 2026 Mar 50; 2025 only Nov 70 (no month 1..N for N < 11: absent from last_ytd).
        // Enterprise 3: another tenant's 2026 Jan 999; a removed 2026 Apr 888 of enterprise 1; 2024 is out of range.
        let rows = vec![
            report(1, t, 1, 2026, 1, "100.5", Status::Approved),
            report(2, t, 1, 2026, 2, "200", Status::Approved),
            report(3, t, 1, 2026, 3, "300", Status::Submitted),
            report(4, t, 1, 2025, 2, "150", Status::Approved),
            report(5, t, 1, 2025, 3, "160", Status::Approved),
            report(6, t, 2, 2026, 3, "50", Status::Approved),
            report(7, t, 2, 2025, 11, "70", Status::Approved),
            report(8, "000002", 3, 2026, 1, "999", Status::Approved),
            report(9, t, 1, 2024, 1, "5000", Status::Approved),
        ];
        for r in rows {
            insert(&db, r).await.unwrap();
        }
        let mut removed = report(10, t, 1, 2026, 4, "888", Status::Approved);
        removed.is_deleted = sea_orm::ActiveValue::Set(1);
        insert(&db, removed).await.unwrap();
        // By id, within the tenant: another tenant's report (8) and an unknown id are not among them; the
        // removed report (10) is read whole but is not visible.
        let read = by_id(&db, t, &[1, 8, 10, 42]).await.unwrap();
        assert_eq!(read.keys().copied().collect::<std::collections::BTreeSet<_>>(), [1, 10].into());
        let seen = visible(&db, t, &Scope::All, &[1, 8, 10, 42]).await.unwrap();
        assert_eq!(seen.iter().map(|r| r.id).collect::<Vec<_>>(), [1]);
        let twenty: Vec<i64> = (1..=20).collect();
        assert_eq!(visible(&db, t, &Scope::All, &twenty).await.unwrap().len(), 8, "1–7 and 9: not 8 (another tenant's) nor 10 (removed)");

        // Both read the year sums, written from the reports as after a bulk load.
        for tenant in [t, "000002"] {
            crate::output::year_sum::rewrite_tenant(&db, tenant).await.unwrap();
        }

        let year = approved_months(&db, t, 2026).await.unwrap();
        let march = year.around(3);
        assert_eq!(march.before, HashMap::from([(1, d("300.5"))]), "Jan + Feb of enterprise 1; enterprise 2 files only in March");
        assert_eq!(march.last_month, HashMap::from([(1, d("160"))]));
        assert_eq!(march.last_ytd, HashMap::from([(1, d("310"))]));
        assert_eq!(year.around(1).before, HashMap::new());
        assert_eq!(year.around(12).last_ytd, HashMap::from([(1, d("310")), (2, d("70"))]));
        assert_eq!(
            year.around(5).before,
            HashMap::from([(1, d("300.5")), (2, d("50"))]),
            "neither the submitted March nor the removed April"
        );
        // The figures round every sum to four decimals: that is where the two must agree.
        let rounded = |m: HashMap<i64, Decimal>| -> HashMap<i64, Decimal> {
            m.into_iter().map(|(e, d)| (e, crate::money::Wan::round(d).decimal())).collect()
        };
        for n in 1..=12 {
            let (read, summed) = (approved_around(&db, t, Period::new(2026, n).unwrap(), Firms::All).await.unwrap(), year.around(n));
            assert_eq!(
                (rounded(read.before), rounded(read.last_month), rounded(read.last_ytd)),
                (summed.before, summed.last_month, summed.last_ytd),
                "month {n}"
            );
        }

        // A page reads its own enterprises' sums, and they are the ones of the whole tenant's read.
        let december = Period::new(2026, 12).unwrap();
        let one = approved_around(&db, t, december, Firms::Listed(&[2])).await.unwrap();
        assert_eq!(
            (one.before, one.last_month, one.last_ytd),
            (HashMap::from([(2, d("50"))]), HashMap::new(), HashMap::from([(2, d("70"))])),
            "enterprise 2 alone: its March, no December last year, its November last year"
        );
        let none = approved_around(&db, t, december, Firms::Listed(&[])).await.unwrap();
        assert!(none.before.is_empty() && none.last_ytd.is_empty(), "no enterprise, no sums");

        // March approved: rewriting enterprise 1's 2026 alone brings it in and leaves the rest as they were.
        let mut march = report::ActiveModel { id: sea_orm::ActiveValue::Unchanged(3), ..Default::default() };
        march.report_status = sea_orm::ActiveValue::Set(Status::Approved.code().into());
        report::Entity::update(march).exec(&db).await.unwrap();
        crate::output::year_sum::rewrite(&db, t, &[(1, 2026)]).await.unwrap();
        let year = approved_months(&db, t, 2026).await.unwrap();
        assert_eq!(year.around(5).before, HashMap::from([(1, d("600.5")), (2, d("50"))]));
        assert_eq!(year.around(12).last_ytd, HashMap::from([(1, d("310")), (2, d("70"))]));
        let other = approved_months(&db, "000002", 2026).await.unwrap();
        assert_eq!(other.around(2).before, HashMap::from([(3, d("999"))]), "the other tenant's sums stay its own");
    }
}
