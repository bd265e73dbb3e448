//! The demo zone's monthly output reports (产值填报, domain-model §2.3.1), loaded into in-memory SQLite
//! databases with the services' migrations: every enterprise that owes reports has one for every month
//! from go-live (or its 入规) to last month, last month a mix of every status with some not filed; each
//! passes the service's form, is filed under the firm's territory, agrees with the review log and is
//! marked late exactly when first submitted after the deadline; the months as the service assembles them
//! (1–N月累计, 上年同期, the decline reason it asks for, 应报/已报/未报) agree with the rows; the zone's
//! output grows year on year with the Spring Festival dip and the December push; a reload writes the same
//! reports; and a tenant that merges January into February and gives firms till the 10th is followed.
mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{Datelike, Months, NaiveDate};
use keeper_business::entity::{enterprise, official_indicator, output_report, review_log};
use keeper_business::investment::project::scope::ProjectScope;
use keeper_business::money::Wan;
use keeper_business::output::report::form::OutputReportForm;
use keeper_business::output::report::repo::{self, owes_report};
use keeper_business::output::report::{self as service, REVIEW_KIND, figures, month};
use keeper_business::period::{January, Period};
use keeper_business::reference::Reference;
use keeper_demo::clock::Clock;
use keeper_demo::reports::go_live;
use keeper_demo::targets::last_closed;
use keeper_demo::{Scale, business};
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Map, Value};

async fn all_reports(biz: &DatabaseConnection, tenant: &str) -> Vec<output_report::Model> {
    output_report::Entity::find()
        .filter(output_report::Column::TenantId.eq(tenant))
        .order_by_asc(output_report::Column::EnterpriseId)
        .order_by_asc(output_report::Column::PeriodYear)
        .order_by_asc(output_report::Column::PeriodMonth)
        .all(biz)
        .await
        .unwrap()
}

async fn firms(biz: &DatabaseConnection, tenant: &str) -> HashMap<i64, enterprise::Model> {
    let rows = enterprise::Entity::find().filter(enterprise::Column::TenantId.eq(tenant)).all(biz).await.unwrap();
    rows.into_iter().map(|e| (e.id, e)).collect()
}

fn local_day(t: chrono::DateTime<chrono::Utc>) -> NaiveDate {
    t.with_timezone(&keeper_common::time::zone()).date_naive()
}

fn first_of(year: i32, month: i32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month as u32, 1).unwrap()
}

/// The report with its amounts at the decimals of their columns: SQLite keeps decimals as floating point,
/// so one read back may carry a trace of binary rounding that PostgreSQL's `decimal(18,4)` would not.
fn as_stored(r: &output_report::Model) -> output_report::Model {
    let four = |d: Decimal| d.round_dp(4).normalize();
    output_report::Model {
        month_output: four(r.month_output),
        last_year_month_output: r.last_year_month_output.map(four),
        last_year_ytd_output: r.last_year_ytd_output.map(four),
        month_revenue: r.month_revenue.map(four),
        month_added_value: r.month_added_value.map(four),
        month_tax: r.month_tax.map(four),
        month_profit: r.month_profit.map(four),
        electricity: r.electricity.map(|d| d.round_dp(2).normalize()),
        next_month_forecast: r.next_month_forecast.map(four),
        ..r.clone()
    }
}

/// The month a firm reports from: its 入规, or go-live when earlier.
fn since(e: &enterprise::Model, go_live: NaiveDate) -> NaiveDate {
    NaiveDate::parse_from_str(&format!("{}-01", e.above_scale_period), "%Y-%m-%d").unwrap().max(go_live)
}

/// The reports' own checks: the service's form, the tenant's reporting months, one per firm and month of
/// an owing firm within the months it owes, under its territory; earlier months approved; the workflow
/// columns (late flag included) as the review log says. Answers how many owing firms did not file last
/// month.
async fn check_rows(biz: &DatabaseConnection, tenant: &str, reference: &Reference, clock: &Clock, rows: &[output_report::Model]) -> usize {
    let firms = firms(biz, tenant).await;
    let january = service::january(reference);
    let deadline_day = figures::deadline_day(reference.param(service::DEADLINE_PARAM));
    let latest = last_closed(clock);
    let go_live = go_live(clock);
    let mut seen = BTreeSet::new();
    for r in rows {
        let e = &firms[&r.enterprise_id];
        let at = format!("{} {}-{:02}", e.enterprise_name, r.period_year, r.period_month);
        let month = first_of(r.period_year, r.period_month);
        assert!(owes_report(e), "{at}: the firm owes no report");
        assert!(seen.insert((r.enterprise_id, r.period_year, r.period_month)), "{at}: two reports of one month");
        assert!(month >= since(e, go_live) && month <= latest, "{at}: outside the months it owes");
        assert!(Period::of_day(month).is_reporting_month(january), "{at}: a month the tenant takes no report of");
        assert_eq!(r.dept_id, e.dept_id, "{at}: filed under the firm's territory");
        let stored = as_stored(r);
        let mut body = keeper_business::patch::over(&stored, Map::new()).unwrap();
        body.insert("period".into(), Value::String(format!("{}-{:02}", r.period_year, r.period_month)));
        let checked = OutputReportForm::from_json(&body)
            .and_then(|f| f.validate(Period::of_day(clock.as_of)))
            .unwrap_or_else(|err| panic!("{at}: {err}"));
        assert_eq!(
            (checked.month_output, checked.month_profit, checked.electricity),
            (stored.month_output, stored.month_profit, stored.electricity),
            "{at}"
        );
        if month != latest {
            assert_eq!(r.report_status, "2", "{at}: earlier months are approved");
        }
    }
    // Every owing firm reported every month it owes, but some of last month.
    let mut unfiled = 0;
    for e in firms.values().filter(|e| owes_report(e)) {
        let mut m = since(e, go_live);
        while m <= latest {
            if Period::of_day(m).is_reporting_month(january) {
                let filed = seen.contains(&(e.id, m.year(), m.month() as i32));
                if m == latest {
                    unfiled += usize::from(!filed);
                } else {
                    assert!(filed, "{} {m}: no report", e.enterprise_name);
                }
            }
            m = m.checked_add_months(Months::new(1)).unwrap();
        }
    }

    // The review log agrees with the workflow columns, as the service's review writes them.
    let log = review_log::Entity::find()
        .filter(review_log::Column::TenantId.eq(tenant))
        .filter(review_log::Column::BizType.eq(REVIEW_KIND))
        .order_by_asc(review_log::Column::CreateTime)
        .all(biz)
        .await
        .unwrap();
    let mut steps: HashMap<i64, Vec<&review_log::Model>> = HashMap::new();
    for l in &log {
        steps.entry(l.biz_id).or_default().push(l);
    }
    let ids: BTreeSet<i64> = rows.iter().map(|r| r.id).collect();
    assert!(steps.keys().all(|id| ids.contains(id)), "every step is of a report");
    for r in rows {
        let at = format!("{} {}-{:02}", firms[&r.enterprise_id].enterprise_name, r.period_year, r.period_month);
        let moves = steps.get(&r.id).cloned().unwrap_or_default();
        assert!(moves.windows(2).all(|w| w[0].to_status == w[1].from_status && w[0].create_time < w[1].create_time), "{at}");
        assert_eq!(moves.first().map_or("0", |m| m.from_status.as_str()), "0", "{at}");
        assert_eq!(moves.last().map_or("0", |m| m.to_status.as_str()), r.report_status, "{at}");
        let submitted = moves.iter().rev().find(|m| m.step == "submit" || m.step == "resubmit");
        assert_eq!(r.submit_time, submitted.map(|m| m.create_time), "{at}");
        assert_eq!(r.submit_user.is_some(), !r.submit_user_name.is_empty(), "{at}");
        let audited = moves.iter().rev().find(|m| m.step == "approve" || m.step == "return");
        assert_eq!(r.audit_time, audited.map(|m| m.create_time), "{at}");
        assert_eq!(r.review_opinion, audited.map(|m| m.opinion.clone()).unwrap_or_default(), "{at}");
        if r.report_status == "3" {
            assert!(!r.review_opinion.is_empty(), "{at}: a returned report says why");
        }
        let deadline = figures::deadline(Period::new(r.period_year, r.period_month as u32).unwrap(), deadline_day);
        let late = match moves.iter().rev().find(|m| m.step == "submit") {
            None => "",
            Some(m) if local_day(m.create_time) > deadline => "Y",
            Some(_) => "N",
        };
        assert_eq!(r.is_late, late, "{at}: due {deadline}");
        assert!(moves.first().is_none_or(|m| m.create_time > r.create_time), "{at}");
        assert_eq!(r.update_time, moves.last().map_or(r.create_time, |m| m.create_time), "{at}");
        let month = first_of(r.period_year, r.period_month);
        assert!(local_day(r.create_time) >= month && local_day(r.update_time) <= clock.as_of, "{at}");
    }
    assert_eq!(log.len(), rows.iter().map(|r| steps.get(&r.id).map_or(0, Vec::len)).sum::<usize>());
    unfiled
}

/// The months as the service assembles them (list, export and completeness read these rows): 1–N月累计
/// and 上年同期 as worked out here from the approved rows, a decline reason wherever the year-to-date
/// fell below last year's; and last month's 应报/已报/未报. Answers the rows that decline.
async fn check_months(
    biz: &DatabaseConnection,
    tenant: &str,
    reference: &Reference,
    clock: &Clock,
    rows: &[output_report::Model],
) -> usize {
    let january = service::january(reference);
    let latest = last_closed(clock);
    let approved: HashMap<(i64, i32, i32), Decimal> = rows
        .iter()
        .filter(|r| r.report_status == "2")
        .map(|r| ((r.enterprise_id, r.period_year, r.period_month), r.month_output))
        .collect();
    let sum = |e: i64, y: i32, months: std::ops::RangeInclusive<i32>| -> Option<Decimal> {
        months.filter_map(|m| approved.get(&(e, y, m))).copied().reduce(|a, b| a + b)
    };
    let owing = firms(biz, tenant).await.values().filter(|e| owes_report(e)).count();
    let mut declines = 0;
    let mut m = go_live(clock);
    while m <= latest {
        let p = Period::of_day(m);
        m = m.checked_add_months(Months::new(1)).unwrap();
        if !p.is_reporting_month(january) {
            continue;
        }
        let (y, n) = (p.year(), p.month() as i32);
        let month_rows = month::rows(biz, tenant, &ProjectScope::All, p, reference).await.unwrap();
        assert_eq!(month_rows.iter().filter(|r| r.owes).count(), owing, "{p}: every owing firm has its row");
        // The rows as the screen shows them: the whole report and the figures.
        let around = repo::approved_around(biz, tenant, p, repo::Firms::All).await.unwrap();
        for shown in month::show(biz, tenant, month_rows.clone(), &around).await.unwrap() {
            let Some(r) = &shown.report else { continue };
            let (row, f) = (&shown.row, &shown.figures);
            let at = format!("{} {p}", row.enterprise.enterprise_name);
            let e = r.enterprise_id;
            let ytd = sum(e, y, 1..=n - 1).unwrap_or_default() + r.month_output;
            assert_eq!(f.ytd, Some(Wan::round(ytd)), "{at}: 1–N月累计");
            match approved.get(&(e, y - 1, n)) {
                Some(last) => {
                    assert!(f.last_year_from_reports && r.last_year_month_output.is_none(), "{at}");
                    assert_eq!(f.last_year_month, Some(Wan::round(*last)), "{at}");
                    assert_eq!(f.last_year_ytd, sum(e, y - 1, 1..=n).map(Wan::round), "{at}: 上年同期");
                }
                None => assert_eq!(f.last_year_ytd, r.last_year_ytd_output.map(Wan::round), "{at}: typed 上年同期"),
            }
            if p == Period::of_day(latest) {
                // A page's own read of the sums (its enterprises only) gives the same figures.
                let own = repo::approved_around(biz, tenant, p, repo::Firms::Listed(&[e])).await.unwrap();
                assert_eq!(row.figures(&own), *f, "{at}: the figures of one enterprise's sums");
            }
            if f.declines() {
                declines += 1;
                assert!(!r.decline_reason.trim().is_empty(), "{at}: a decline of {:?} % needs its reason", f.yoy);
            }
        }
        if p == Period::of_day(latest) {
            let (_, total) = month::completeness(&month_rows.iter().collect::<Vec<_>>(), reference);
            let filed: Vec<&output_report::Model> = rows.iter().filter(|r| (r.period_year, r.period_month) == (y, n)).collect();
            let reported = filed.iter().filter(|r| r.report_status == "1" || r.report_status == "2").count();
            assert_eq!(total.expected as usize, owing, "{p}: 应报");
            assert_eq!(total.reported as usize, reported, "{p}: 已报");
            assert_eq!(total.approved as usize, filed.iter().filter(|r| r.report_status == "2").count(), "{p}");
            assert_eq!(total.missing as usize, owing - reported, "{p}: 未报");
        }
    }
    declines
}

#[tokio::test]
async fn output_reports_cover_every_owing_firm_and_month_pass_the_service_checks_and_add_up() {
    let common::Loaded { biz, zone, tenant, reference, clock, counts } = common::load().await;
    check_zone(&biz, &tenant, &reference, &clock, &counts).await;

    // A reload writes the same reports and review steps.
    let snapshot = |rows: Vec<output_report::Model>, firms: HashMap<i64, enterprise::Model>| {
        let mut out: Vec<String> = rows
            .into_iter()
            .map(|mut r| {
                let name = firms[&r.enterprise_id].enterprise_name.clone();
                (r.id, r.enterprise_id) = (0, 0);
                format!("{name} {r:?}")
            })
            .collect();
        out.sort();
        out
    };
    let first = snapshot(all_reports(&biz, &tenant).await, firms(&biz, &tenant).await);
    let again = business::write(&biz, &zone, &reference, &clock).await.unwrap();
    assert_eq!(again, counts);
    assert_eq!(snapshot(all_reports(&biz, &tenant).await, firms(&biz, &tenant).await), first, "a reload writes the same reports");
}

/// What a zone's reports must show whatever day it is loaded on.
async fn check_zone(biz: &DatabaseConnection, tenant: &str, reference: &Reference, clock: &Clock, counts: &business::Counts) {
    let (biz, tenant, reference, clock) = (biz.clone(), tenant.to_string(), reference, *clock);
    let rows = all_reports(&biz, &tenant).await;
    assert_eq!(rows.len(), counts.output_reports);
    assert_eq!(rows.iter().filter(|r| r.report_status == "2").count(), counts.approved_output_reports);
    let firms = firms(&biz, &tenant).await;
    let owing = firms.values().filter(|e| owes_report(e)).count();
    assert!((150..=600).contains(&owing), "the 规上 reporters of a typical zone (domain-model §6.1): {owing}");
    assert_eq!(service::january(reference), January::Own, "the demo tenant reports January on its own");
    let years: BTreeSet<i32> = rows.iter().map(|r| r.period_year).collect();
    let closed: BTreeSet<i32> = [clock.year() - 1, clock.year()].into_iter().filter(|y| *y <= last_closed(&clock).year()).collect();
    assert_eq!(years, closed, "last year's and this year's closed months");

    let unfiled = check_rows(&biz, &tenant, reference, &clock, &rows).await;
    assert!(unfiled > 0 && unfiled * 5 < owing, "some firms have not filed last month: {unfiled} of {owing}");
    let latest = last_closed(&clock);
    let last_month: BTreeMap<&str, usize> =
        rows.iter().filter(|r| first_of(r.period_year, r.period_month) == latest).fold(BTreeMap::new(), |mut m, r| {
            *m.entry(r.report_status.as_str()).or_default() += 1;
            m
        });
    assert_eq!(last_month.keys().copied().collect::<Vec<_>>(), ["0", "1", "2", "3"], "last month: {last_month:?}");
    assert!(last_month["2"] * 2 > last_month.values().sum::<usize>(), "mostly approved: {last_month:?}");
    assert!(last_month["3"] < last_month["1"] && last_month["0"] < last_month["1"], "{last_month:?}");
    let late = rows.iter().filter(|r| r.is_late == "Y").count();
    assert!(late > 0 && late * 12 < rows.len(), "a few late: {late} of {}", rows.len());

    let declines = check_months(&biz, &tenant, reference, &clock, &rows).await;
    assert!(declines > 0 && declines * 3 < rows.len(), "some firms fall behind last year: {declines}");

    // What goes with the output: most firms report revenue, electricity and staff, not every one.
    for (name, has) in [
        ("revenue", rows.iter().filter(|r| r.month_revenue.is_some()).count()),
        ("electricity", rows.iter().filter(|r| r.electricity.is_some()).count()),
        ("staff", rows.iter().filter(|r| r.employee_count.is_some()).count()),
        ("problems", rows.iter().filter(|r| !r.problems.is_empty()).count()),
    ] {
        assert!(has > 0 && has < rows.len(), "{name}: {has}");
    }
    assert!(rows.iter().any(|r| r.month_profit.is_some_and(|p| p.is_sign_negative())), "some firms make a loss");

    // The zone's output: last year's December is its strongest month, January or February (the Spring
    // Festival) its weakest; this year grows on last year's months.
    let by_month = |y: i32| -> [Decimal; 12] {
        let mut out = [Decimal::ZERO; 12];
        for r in rows.iter().filter(|r| r.period_year == y && r.report_status == "2") {
            out[r.period_month as usize - 1] += r.month_output;
        }
        out
    };
    let last_year = by_month(clock.year() - 1);
    if latest.year() == clock.year() {
        assert!(last_year.iter().all(|m| *m <= last_year[11]), "December push: {last_year:?}");
    }
    // (Last month is still being reviewed: in January, December is not all in.)
    let settled = if latest.year() == clock.year() { 12 } else { 11 };
    let low = last_year[0].min(last_year[1]);
    assert!(last_year[2..settled].iter().all(|m| *m > low), "Spring Festival dip: {last_year:?}");
    // Like for like (同口径: the firms that reported the same months last year), as the statistics office
    // counts growth; firms entering 规上 add on top.
    let n = latest.month() as i32 - 1;
    if latest.year() == clock.year() && n >= 2 {
        let months = |y: i32, e: i64| {
            rows.iter().filter(move |r| r.enterprise_id == e && r.period_year == y && r.period_month <= n).map(|r| r.month_output)
        };
        let (mut this, mut before, mut all) = (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO);
        for e in firms.values().filter(|e| owes_report(e)) {
            let then: Vec<Decimal> = months(clock.year() - 1, e.id).collect();
            let now: Decimal = months(clock.year(), e.id).sum();
            all += now;
            if then.len() == n as usize {
                (this, before) = (this + now, before + then.iter().copied().sum::<Decimal>());
            }
        }
        let growth = (this / before - Decimal::ONE) * Decimal::ONE_HUNDRED;
        let total: Decimal = last_year[..n as usize].iter().sum();
        let overall = (all / total - Decimal::ONE) * Decimal::ONE_HUNDRED;
        assert!(
            growth > Decimal::from(2) && growth < Decimal::from(12),
            "1–{n}月 grows on last year: {growth} % like for like, {overall} % in all"
        );
        assert!(overall > growth, "firms entering 规上 add: {overall} %");
    }
    // 上年工业总产值 of a firm that reported all last year is what its reports add up to.
    let mut whole = 0;
    for e in firms.values().filter(|e| owes_report(e)) {
        let months: Vec<&output_report::Model> =
            rows.iter().filter(|r| r.enterprise_id == e.id && r.period_year == clock.year() - 1).collect();
        if months.len() == 12 && months.iter().all(|r| r.report_status == "2") {
            whole += 1;
            let sum: Decimal = months.iter().map(|r| r.month_output).sum();
            assert_eq!(e.last_year_output.map(|o| o.round_dp(4)), Some(sum.round_dp(4)), "{}", e.enterprise_name);
        }
        assert!(e.last_year_output.is_some_and(|o| o > Decimal::ZERO) || months.is_empty(), "{}", e.enterprise_name);
    }
    assert!(whole * 3 > owing, "{whole} of {owing} reported all last year");
}

#[tokio::test]
async fn a_tenant_that_merges_january_and_gives_till_the_tenth_is_followed() {
    let as_of = NaiveDate::from_ymd_opt(Clock::this_month().year() - 1, 5, 1).unwrap();
    let params = [(service::JANUARY_PARAM, "Y"), (service::DEADLINE_PARAM, "10")];
    let common::Loaded { biz, tenant, reference, clock, counts, .. } =
        common::load_with(as_of, Scale { projects: 30, years: 1, ..Scale::default() }, &params).await;
    assert_eq!(service::january(&reference), January::MergedIntoFebruary);
    assert_eq!(figures::deadline_day(reference.param(service::DEADLINE_PARAM)), 10);
    let rows = all_reports(&biz, &tenant).await;
    assert_eq!(rows.len(), counts.output_reports);
    assert!(rows.iter().all(|r| r.period_month != 1), "January is reported with February");
    check_rows(&biz, &tenant, &reference, &clock, &rows).await;
    check_months(&biz, &tenant, &reference, &clock, &rows).await;
    // The merged 1–2月 holds both months: about a sixth of the year, not a twelfth.
    let year = clock.year() - 1;
    let of = |m: i32| rows.iter().filter(|r| r.period_year == year && r.period_month == m).map(|r| r.month_output).sum::<Decimal>();
    assert!(of(2) > of(3) * Decimal::new(13, 1), "1–2月 {} against 3月 {}", of(2), of(3));
    // Submitted between the 6th and the 10th is on time.
    let on_time_after_fifth =
        rows.iter().filter(|r| r.is_late == "N" && r.submit_time.is_some_and(|t| (6..=10).contains(&local_day(t).day()))).count();
    assert!(on_time_after_fifth > 0);
    // The statistics office publishes 1–2月 together: no official January of output.
    let official = official_indicator::Entity::find()
        .filter(official_indicator::Column::TenantId.eq(&tenant))
        .filter(official_indicator::Column::IndicatorCode.eq("12"))
        .all(&biz)
        .await
        .unwrap();
    assert!(!official.is_empty() && official.iter().all(|o| o.period_month != 1));
}
