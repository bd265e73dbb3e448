//! The demo zone's department targets with the official figures (目标任务, domain-model §2.2.5a) and its
//! investment forecasts (投资预测, §2.2.5b), loaded into in-memory SQLite databases with the services'
//! migrations: every target's months add up to its year, issued and confirmed targets say by whom and
//! when, a revised target keeps its earlier version, there is one live target per year, department and
//! indicator; official figures are typed in only for what the platform does not measure; the targets
//! screen shows parks on, a little behind and well behind the time schedule; 规上工业总产值's official
//! figures stay close to what the firms' reports add up to and its targets read as a year a little
//! behind the time schedule (the December push is still to come); forecasts are of projects in
//! the library and not terminated, one per project and month, pass the service's form and agree with the
//! review log; and a reload writes the same rows.
mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use chrono::{Datelike, NaiveDate};
use keeper_business::dept_target::actuals::{self, DeptBasis, Source};
use keeper_business::dept_target::completion;
use keeper_business::dept_target::form::months_of;
use keeper_business::entity::{
    dept_target, dept_target_version, investment_forecast, official_indicator, output_report, project_plan, review_log,
};
use keeper_business::investment::forecast::REVIEW_KIND;
use keeper_business::investment::forecast::form::ForecastForm;
use keeper_business::investment::project::scope::ProjectScope;
use keeper_business::money::Wan;
use keeper_business::period::Period;
use keeper_demo::business;
use keeper_demo::clock::Clock;
use keeper_demo::targets::last_closed;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Map, Value};

async fn targets(biz: &DatabaseConnection, tenant: &str) -> Vec<dept_target::Model> {
    dept_target::Entity::find()
        .filter(dept_target::Column::TenantId.eq(tenant))
        .order_by_asc(dept_target::Column::TargetYear)
        .order_by_asc(dept_target::Column::DeptId)
        .order_by_asc(dept_target::Column::IndicatorCode)
        .all(biz)
        .await
        .unwrap()
}

async fn versions(biz: &DatabaseConnection, tenant: &str) -> Vec<dept_target_version::Model> {
    dept_target_version::Entity::find().filter(dept_target_version::Column::TenantId.eq(tenant)).all(biz).await.unwrap()
}

async fn official(biz: &DatabaseConnection, tenant: &str) -> Vec<official_indicator::Model> {
    official_indicator::Entity::find()
        .filter(official_indicator::Column::TenantId.eq(tenant))
        .order_by_asc(official_indicator::Column::DeptId)
        .order_by_asc(official_indicator::Column::PeriodYear)
        .order_by_asc(official_indicator::Column::PeriodMonth)
        .order_by_asc(official_indicator::Column::DataSource)
        .all(biz)
        .await
        .unwrap()
}

async fn forecasts(biz: &DatabaseConnection, tenant: &str) -> Vec<investment_forecast::Model> {
    investment_forecast::Entity::find()
        .filter(investment_forecast::Column::TenantId.eq(tenant))
        .order_by_asc(investment_forecast::Column::ProjectId)
        .order_by_asc(investment_forecast::Column::ForecastYear)
        .order_by_asc(investment_forecast::Column::ForecastMonth)
        .all(biz)
        .await
        .unwrap()
}

fn local_day(t: chrono::DateTime<chrono::Utc>) -> NaiveDate {
    t.with_timezone(&keeper_common::time::zone()).date_naive()
}

/// What a load writes of targets, versions, official figures and forecasts, without the ids it draws.
async fn snapshot(biz: &DatabaseConnection, tenant: &str) -> Vec<String> {
    let mut out = Vec::new();
    let ts = targets(biz, tenant).await;
    let key_of: HashMap<i64, String> = ts.iter().map(|t| (t.id, format!("{}/{}/{}", t.target_year, t.dept_id, t.indicator_code))).collect();
    for mut t in ts {
        t.id = 0;
        out.push(format!("{t:?}"));
    }
    let mut vs: Vec<String> = versions(biz, tenant)
        .await
        .into_iter()
        .map(|mut v| {
            let target = key_of.get(&v.target_id).cloned().unwrap_or_default();
            let content: Value = serde_json::from_str(v.content.as_deref().unwrap_or("null")).unwrap();
            let mut content = content.as_object().cloned().unwrap_or_default();
            content.remove("id");
            (v.id, v.target_id, v.content) = (0, 0, None);
            format!("{target} {v:?} {content:?}")
        })
        .collect();
    vs.sort();
    out.extend(vs);
    out.extend(official(biz, tenant).await.into_iter().map(|mut o| {
        o.id = 0;
        format!("{o:?}")
    }));
    // Projects get new ids on every load: a forecast is known by its project's name.
    let names: HashMap<i64, String> = common::projects(biz, tenant).await.into_values().map(|p| (p.id, p.project_name)).collect();
    let mut fs: Vec<String> = forecasts(biz, tenant)
        .await
        .into_iter()
        .map(|mut f| {
            let name = names[&f.project_id].clone();
            (f.id, f.project_id) = (0, 0);
            format!("{name} {f:?}")
        })
        .collect();
    fs.sort();
    out.extend(fs);
    out
}

#[tokio::test]
async fn targets_official_figures_and_forecasts_follow_the_service_rules_and_read_right_on_the_screens() {
    let common::Loaded { biz, zone, tenant, reference, clock, counts } = common::load().await;
    let this_year = clock.year();
    let latest = last_closed(&clock);
    let parks: Vec<i64> = zone.parks().into_iter().map(|p| zone.dept_id(p)).collect();
    let committee = zone.dept_id(0);
    let mut units = vec![committee];
    units.extend(&parks);

    // The units with industry: the zone and the parks whose firms report their output.
    let reports = output_report::Entity::find()
        .filter(output_report::Column::TenantId.eq(&tenant))
        .filter(output_report::Column::ReportStatus.eq("2"))
        .all(&biz)
        .await
        .unwrap();
    let industrial: Vec<i64> = units
        .iter()
        .copied()
        .filter(|&d| {
            let within = reference.subtree(d);
            reports.iter().any(|r| r.dept_id.is_some_and(|id| within.contains(&id)))
        })
        .collect();
    assert!(industrial.len() > 2 && industrial.len() < units.len(), "a services district has no industry: {industrial:?}");

    // Targets: the zone and every park, four indicators (and 规上工业总产值 where there is industry), last
    // year and this year, once each.
    let ts = targets(&biz, &tenant).await;
    assert_eq!(ts.len(), counts.targets);
    let keys: BTreeSet<(i32, i64, &str)> = ts.iter().map(|t| (t.target_year, t.dept_id, t.indicator_code.as_str())).collect();
    assert_eq!(keys.len(), ts.len(), "one live target per year, department and indicator");
    assert_eq!(ts.len(), 2 * units.len() * 4 + 2 * industrial.len());
    assert!(ts.iter().filter(|t| t.indicator_code == "12").all(|t| industrial.contains(&t.dept_id)));
    for t in &ts {
        let at = format!("{} {} of {}", t.target_year, t.indicator_code, reference.dept_name(Some(t.dept_id)));
        assert!(units.contains(&t.dept_id) && [this_year - 1, this_year].contains(&t.target_year), "{at}");
        assert!(reference.has_key("target_indicator", &t.indicator_code) && reference.has_key("split_mode", &t.split_mode), "{at}");
        assert!(t.annual_target > Decimal::ZERO, "{at}");
        let months = months_of(t);
        assert!(months.iter().all(|m| !m.decimal().is_sign_negative()), "{at}");
        assert_eq!(months.iter().copied().sum::<Wan>(), Wan::round(t.annual_target), "{at}: the months add up to the year");
        assert!(t.m01.is_some() && t.m12.is_some(), "{at}");
        assert_eq!(t.is_deleted, 0, "{at}");

        let issued = t.issued_time.unwrap_or_else(|| panic!("{at}: issued without a time"));
        assert!(t.issued_by.is_some() && !t.issued_name.is_empty(), "{at}: issued by someone");
        assert!(t.create_time <= issued && local_day(issued) <= clock.as_of, "{at}");
        match t.target_status.as_str() {
            "3" => {
                let confirmed = t.confirmed_time.unwrap_or_else(|| panic!("{at}: confirmed without a time"));
                assert!(t.confirmed_by.is_some() && !t.confirmed_name.is_empty() && confirmed > issued, "{at}");
                assert!(local_day(confirmed) <= clock.as_of && t.update_time == confirmed, "{at}");
            }
            "2" => assert!(t.confirmed_by.is_none() && t.confirmed_name.is_empty() && t.confirmed_time.is_none(), "{at}"),
            other => panic!("{at}: status {other}"),
        }
        if t.version == 1 {
            // Issued by the committee in the first days of the year.
            let day = local_day(issued);
            assert!(day.year() == t.target_year && day.month() == 1 && day.day() <= 15, "{at}: issued {day}");
            assert!(t.revision_reason.is_empty(), "{at}");
        } else {
            assert!(!t.revision_reason.is_empty(), "{at}: a revision says why");
        }
        // A park confirms its own targets; the zone's are the committee's.
        if t.dept_id != committee && t.target_status == "3" {
            let clerk = zone.accounts.iter().find(|a| Some(a.id) == t.confirmed_by).unwrap();
            assert_eq!(zone.dept_id(clerk.dept), t.dept_id, "{at}: confirmed by {}", clerk.account);
        }
    }
    assert_eq!(ts.iter().filter(|t| t.target_status == "2").count(), 1, "one target still waits for its park's confirmation");
    let investment_side: Vec<&dept_target::Model> = ts.iter().filter(|t| t.indicator_code != "12").collect();
    let modes: BTreeMap<&str, usize> = investment_side.iter().fold(BTreeMap::new(), |mut m, t| {
        *m.entry(t.split_mode.as_str()).or_default() += 1;
        m
    });
    assert!(modes.get("1").copied().unwrap_or(0) * 2 > investment_side.len(), "mostly even: {modes:?}");
    assert!(modes.contains_key("3") && (1..=2).contains(&modes.get("2").copied().unwrap_or(0)), "{modes:?}");
    // Output targets of this year keep last year's months (the Spring Festival dip, the December push).
    let output_this_year: Vec<&dept_target::Model> = ts.iter().filter(|t| t.indicator_code == "12" && t.target_year == this_year).collect();
    assert_eq!(output_this_year.len(), industrial.len());
    assert!(output_this_year.iter().all(|t| t.split_mode == "2"), "split by last year's structure");
    for t in ts.iter().filter(|t| t.split_mode == "3") {
        let (q1, h1, q3) = (t.q1_share.unwrap(), t.h1_share.unwrap(), t.q3_share.unwrap());
        assert!(q1 <= h1 && h1 <= q3 && q3 <= Decimal::ONE_HUNDRED);
    }

    // Revised targets keep every earlier version, as they stood, with the reason.
    let vs = versions(&biz, &tenant).await;
    assert_eq!(vs.len(), counts.target_versions);
    let revised: Vec<&dept_target::Model> = ts.iter().filter(|t| t.version > 1).collect();
    assert!(!revised.is_empty(), "a park's target was revised");
    assert!(revised.iter().all(|t| t.indicator_code == "4" && parks.contains(&t.dept_id)));
    for t in &revised {
        let kept: Vec<&dept_target_version::Model> = vs.iter().filter(|v| v.target_id == t.id).collect();
        assert_eq!(kept.iter().map(|v| v.version).collect::<BTreeSet<_>>(), (1..t.version).collect::<BTreeSet<_>>());
        for v in kept {
            assert_eq!(v.reason, t.revision_reason);
            assert!(!v.create_user_name.is_empty() && v.create_time < t.issued_time.unwrap());
            let content: Value = serde_json::from_str(v.content.as_deref().unwrap()).unwrap();
            assert_eq!(content["id"], Value::String(t.id.to_string()));
            assert_eq!(content["version"], Value::from(v.version));
            let before: Decimal = content["annualTarget"].as_str().unwrap().parse().unwrap();
            assert!(before > t.annual_target, "revised down from {before} to {}", t.annual_target);
        }
    }
    assert!(vs.iter().all(|v| revised.iter().any(|t| t.id == v.target_id)));

    // Official figures: only of what the platform does not measure, 快报 for every closed month and
    // 正式 for some, for the departments with targets.
    let os = official(&biz, &tenant).await;
    assert_eq!(os.len(), counts.official_figures);
    let mut seen = HashSet::new();
    for o in &os {
        let at = format!("{}-{:02} {} {} of {}", o.period_year, o.period_month, o.indicator_code, o.data_source, o.dept_id);
        assert!(["1", "12"].contains(&o.indicator_code.as_str()), "{at}");
        assert_eq!(actuals::source(&o.indicator_code), Source::Official, "{at}: a measured indicator is never typed in");
        assert!(["2", "3"].contains(&o.data_source.as_str()) && units.contains(&o.dept_id), "{at}");
        assert!(o.indicator_value >= Decimal::ZERO && local_day(o.create_time) <= clock.as_of, "{at}");
        let month = NaiveDate::from_ymd_opt(o.period_year, o.period_month as u32, 1).unwrap();
        assert!(month <= latest && o.period_year >= this_year - 1, "{at}");
        assert!(seen.insert((o.dept_id, o.period_year, o.period_month, o.indicator_code.clone(), o.data_source.clone())), "{at}: twice");
    }
    let has =
        |d: i64, y: i32, m: u32, indicator: &str, source: &str| seen.contains(&(d, y, m as i32, indicator.to_string(), source.to_string()));
    for &d in &units {
        for m in 1..=latest.month() {
            assert!(has(d, latest.year(), m, "1", "2"), "快报 of {d} for {m}");
        }
    }
    // 规上工业总产值: 快报 of every closed month of both years, 正式 a month behind; none where there is no
    // industry.
    assert!(os.iter().filter(|o| o.indicator_code == "12").all(|o| industrial.contains(&o.dept_id)));
    for &d in &industrial {
        for y in [this_year - 1, this_year] {
            let closed = if y < latest.year() {
                12
            } else if y == latest.year() {
                latest.month()
            } else {
                0
            };
            for m in 1..=closed {
                let before_latest = NaiveDate::from_ymd_opt(y, m, 1).unwrap() < latest;
                assert!(has(d, y, m, "12", "2") && has(d, y, m, "12", "3") == before_latest, "output of {d} for {y}-{m}");
            }
        }
    }
    let fixed_assets: Vec<&official_indicator::Model> = os.iter().filter(|o| o.indicator_code == "1").collect();
    assert!(
        fixed_assets.iter().any(|o| o.data_source == "3")
            && fixed_assets.iter().filter(|o| o.data_source == "3").count() * 2 < fixed_assets.len()
    );
    // The statistics office's 1–N月 output stays within a few percent of the approved reports of the
    // unit's firms (every month before the latest is approved), 快报 and 正式 apart but close.
    for &d in &industrial {
        let within = reference.subtree(d);
        for o in os.iter().filter(|o| o.indicator_code == "12" && o.dept_id == d) {
            if NaiveDate::from_ymd_opt(o.period_year, o.period_month as u32, 1).unwrap() >= latest {
                continue;
            }
            let summed: Decimal = reports
                .iter()
                .filter(|r| r.period_year == o.period_year && r.period_month <= o.period_month)
                .filter(|r| r.dept_id.is_some_and(|id| within.contains(&id)))
                .map(|r| r.month_output)
                .sum();
            let gap = (o.indicator_value - summed).abs() * Decimal::ONE_HUNDRED / summed;
            let other = os.iter().find(|x| {
                (x.dept_id, x.period_year, x.period_month, x.indicator_code.as_str()) == (d, o.period_year, o.period_month, "12")
                    && x.data_source != o.data_source
            });
            let apart = other.map(|x| (x.indicator_value - o.indicator_value).abs() * Decimal::ONE_HUNDRED / summed);
            assert!(apart.is_none_or(|a| a < Decimal::ONE), "{d} {}-{}: 快报 and 正式 {apart:?} % apart", o.period_year, o.period_month);
            assert!(
                gap < Decimal::from(5) && o.indicator_value != summed,
                "{d} {}-{}: {} against {summed}",
                o.period_year,
                o.period_month,
                o.indicator_value
            );
        }
    }

    // The targets screen at the latest closed month: parks on, a little behind and well behind schedule;
    // 固定资产投资 from the official figures, above the platform's completed investment.
    let period = Period::of_day(latest);
    let screen = |indicator: &'static str| {
        let (biz, tenant, reference) = (&biz, &tenant, &reference);
        async move {
            let targets = keeper_business::dept_target::in_force(biz, tenant, period.year(), indicator).await.unwrap();
            let this_year = actuals::of_year(biz, tenant, indicator, period.year(), DeptBasis::Filed).await.unwrap();
            let last_year = actuals::of_year(biz, tenant, indicator, period.year() - 1, DeptBasis::Filed).await.unwrap();
            let territorial = completion::Achieved { this_year, last_year };
            completion::rows(period, indicator, &targets, &territorial, &completion::Achieved::default(), reference, &ProjectScope::All)
        }
    };
    let investment = screen("4").await;
    let gaps: Vec<Decimal> =
        investment.iter().filter(|r| r.dept_id.is_some_and(|d| parks.contains(&d))).map(|r| r.schedule_gap.unwrap()).collect();
    assert_eq!(gaps.len(), parks.len(), "{investment:#?}");
    let ten = Decimal::from(10);
    assert!(gaps.iter().any(|g| *g >= -ten), "a park on schedule: {gaps:?}");
    assert!(gaps.iter().any(|g| *g < -ten && *g >= -ten * Decimal::TWO), "a park a little behind: {gaps:?}");
    assert!(gaps.iter().any(|g| *g < -ten * Decimal::TWO), "a park well behind: {gaps:?}");
    let zone_row = investment.iter().find(|r| r.dept_id == Some(committee)).unwrap();
    assert!(zone_row.completion.is_some() && zone_row.last_year.is_some_and(|l| !l.is_zero()), "{zone_row:?}");
    let fixed_assets = screen("1").await;
    for r in fixed_assets.iter().filter(|r| r.dept_id.is_some_and(|d| units.contains(&d))) {
        let measured = investment.iter().find(|i| i.dept_id == r.dept_id).and_then(|i| i.actual).unwrap();
        let actual = r.actual.unwrap_or_else(|| panic!("{}: no official figure at {period}", r.dept_name));
        assert!(actual > measured && r.yoy.is_some(), "{}: 固定资产投资 {actual} against {measured} measured", r.dept_name);
    }
    for indicator in ["5", "9"] {
        assert!(screen(indicator).await.iter().any(|r| r.dept_id == Some(committee) && r.completion.is_some()), "{indicator}");
    }
    // 规上工业总产值 read from the official figures: every park a little behind the time schedule or on it
    // (the December push is still to come), growing on last year.
    let output = screen("12").await;
    assert_eq!(output.iter().filter(|r| r.dept_id.is_some_and(|d| industrial.contains(&d))).count(), industrial.len());
    for r in output.iter().filter(|r| r.dept_id.is_some_and(|d| industrial.contains(&d))) {
        let gap = r.schedule_gap.unwrap_or_else(|| panic!("{}: no completion at {period}", r.dept_name));
        assert!(gap > Decimal::from(-20) && gap < Decimal::from(10), "{}: {gap} against the time schedule", r.dept_name);
        assert!(r.yoy.is_some() && r.last_year.is_some(), "{}: {r:?}", r.dept_name);
    }

    // Forecasts: of library projects not terminated, one per project and month, as the form takes them.
    let fs = forecasts(&biz, &tenant).await;
    assert_eq!(fs.len(), counts.forecasts);
    assert_eq!(fs.iter().filter(|f| f.report_status == "2").count(), counts.approved_forecasts);
    let projects = common::projects(&biz, &tenant).await;
    let before = latest.checked_sub_months(chrono::Months::new(1)).unwrap();
    let mut seen = HashSet::new();
    for f in &fs {
        let p = &projects[&f.project_id];
        let at = format!("{} {}-{:02}", p.project_name, f.forecast_year, f.forecast_month);
        assert!(p.library_status == "2" && p.project_status != "99" && p.is_tracked == "Y", "{at}: {}", p.project_status);
        assert!(seen.insert((f.project_id, f.forecast_year, f.forecast_month)), "{at}: two forecasts of one month");
        let month = NaiveDate::from_ymd_opt(f.forecast_year, f.forecast_month as u32, 1).unwrap();
        assert!(month == latest || month == before, "{at}");
        assert_eq!(f.dept_id, p.dept_id, "{at}");
        let mut body: Map<String, Value> = keeper_business::patch::over(f, Map::new()).unwrap();
        body.insert("period".into(), Value::String(format!("{}-{:02}", f.forecast_year, f.forecast_month)));
        let checked = ForecastForm::from_json(&body).and_then(|b| b.validate()).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(checked.year.decimal(), f.expected_year_investment, "{at}");
        if month == before {
            assert_eq!(f.report_status, "2", "{at}: the month before is settled");
        }
        if f.report_status == "3" {
            assert!(!f.review_opinion.is_empty(), "{at}: a returned forecast says why");
        }
        assert!(local_day(f.create_time) >= month && local_day(f.update_time) <= clock.as_of, "{at}");
    }
    let latest_statuses: BTreeMap<&str, usize> = fs
        .iter()
        .filter(|f| (f.forecast_year, f.forecast_month as u32) == (latest.year(), latest.month()))
        .fold(BTreeMap::new(), |mut m, f| {
            *m.entry(f.report_status.as_str()).or_default() += 1;
            m
        });
    assert_eq!(latest_statuses.get("3"), Some(&2), "{latest_statuses:?}");
    assert!(latest_statuses["2"] > latest_statuses["1"] * 3, "most approved: {latest_statuses:?}");
    // Some projects under construction have no forecast of the month: the summary counts them at their plan.
    let building: Vec<i64> =
        projects.values().filter(|p| p.library_status == "2" && p.is_tracked == "Y" && p.project_status == "50").map(|p| p.id).collect();
    let unfiled = building.iter().filter(|id| !seen.contains(&(**id, latest.year(), latest.month() as i32))).count();
    assert!((3..=building.len() / 5).contains(&unfiled), "{unfiled} of {} without a forecast", building.len());
    // Approved forecasts expect about the plan of the year.
    let plans: HashMap<(i64, i32), Decimal> = project_plan::Entity::find()
        .filter(project_plan::Column::TenantId.eq(&tenant))
        .all(&biz)
        .await
        .unwrap()
        .into_iter()
        .map(|p| ((p.project_id, p.plan_year), p.year_plan_investment))
        .collect();
    let near = fs
        .iter()
        .filter_map(|f| Some((f, plans.get(&(f.project_id, f.forecast_year))?)))
        .filter(|(f, plan)| (f.expected_year_investment - **plan).abs() * Decimal::TEN <= **plan)
        .count();
    assert!(near * 10 >= fs.len() * 7, "{near} of {} within a tenth of the plan", fs.len());

    // The review log of the forecasts agrees with their workflow columns.
    let log = review_log::Entity::find()
        .filter(review_log::Column::TenantId.eq(&tenant))
        .filter(review_log::Column::BizType.eq(REVIEW_KIND))
        .order_by_asc(review_log::Column::CreateTime)
        .all(&biz)
        .await
        .unwrap();
    let mut steps: HashMap<i64, Vec<&review_log::Model>> = HashMap::new();
    for l in &log {
        steps.entry(l.biz_id).or_default().push(l);
    }
    assert!(steps.keys().all(|id| fs.iter().any(|f| f.id == *id)));
    for f in &fs {
        let moves = steps.get(&f.id).cloned().unwrap_or_default();
        assert!(moves.windows(2).all(|w| w[0].to_status == w[1].from_status && w[0].create_time < w[1].create_time));
        assert_eq!(moves.last().map_or("0", |m| m.to_status.as_str()), f.report_status);
        let submitted = moves.iter().rev().find(|m| m.step == "submit" || m.step == "resubmit");
        assert_eq!(f.submit_time, submitted.map(|m| m.create_time));
        let approved = moves.iter().rev().find(|m| m.step == "approve").filter(|_| f.report_status == "2");
        assert_eq!(f.audit_time, approved.map(|m| m.create_time));
        assert!(moves.first().is_none_or(|m| m.create_time > f.create_time));
    }

    // A reload writes the same rows.
    let first = snapshot(&biz, &tenant).await;
    let again = business::write(&biz, &zone, &reference, &clock).await.unwrap();
    assert_eq!(again, counts);
    assert_eq!(snapshot(&biz, &tenant).await, first, "a reload writes the same targets, figures and forecasts");
}

#[tokio::test]
async fn a_zone_loaded_early_or_late_in_the_year_still_has_its_targets_and_forecasts() {
    let this_year = Clock::this_month().year();
    // January (no closed month of the year yet), February, April, midsummer and December.
    for (month, day) in [(1, 1), (2, 1), (4, 1), (7, 15), (12, 1)] {
        let as_of = NaiveDate::from_ymd_opt(this_year - 1, month, day).unwrap();
        let common::Loaded { biz, tenant, counts, .. } = common::load_as_of(as_of).await;
        let ts = targets(&biz, &tenant).await;
        let keys: BTreeSet<(i32, i64, &str)> = ts.iter().map(|t| (t.target_year, t.dept_id, t.indicator_code.as_str())).collect();
        assert_eq!(keys.len(), ts.len(), "{as_of}");
        assert!(ts.iter().all(|t| months_of(t).iter().copied().sum::<Wan>() == Wan::round(t.annual_target)), "{as_of}");
        let years = if month == 1 { 1 } else { 2 };
        assert_eq!(ts.len(), counts.targets, "{as_of}");
        assert_eq!(keys.iter().map(|k| k.0).collect::<BTreeSet<_>>().len(), years, "{as_of}");
        assert_eq!(counts.target_versions, 1, "{as_of}: one revision");
        assert!(ts.iter().all(|t| t.issued_time.is_some_and(|i| local_day(i) <= as_of)), "{as_of}");
        assert!(ts.iter().all(|t| t.confirmed_time.is_none_or(|c| local_day(c) <= as_of)), "{as_of}");
        assert!(counts.official_figures > 0 && counts.forecasts > 0, "{as_of}: {counts:?}");
        assert!(official(&biz, &tenant).await.iter().all(|o| local_day(o.create_time) <= as_of), "{as_of}");
        assert!(forecasts(&biz, &tenant).await.iter().all(|f| local_day(f.update_time) <= as_of), "{as_of}");
    }
}
