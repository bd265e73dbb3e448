//! The demo zone's enterprise output targets (年度产值分解, domain-model §2.3.3), loaded into in-memory
//! SQLite with the services' migrations: each park's target of 规上工业总产值 is shared among exactly the
//! firms that reported approved output the year before, to the cent, each share in proportion to that
//! output and split by the firm's own last year; every target's months add up to its year; the committee
//! issued them and the parks confirmed them, but for this year's last park, still waiting.
mod common;

use std::collections::HashMap;

use keeper_business::entity::{dept_target, enterprise, output_report, output_target};
use keeper_business::money::Wan;
use keeper_business::output::report::repo::owes_report;
use keeper_business::output::breakdown::form::months_of;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

#[tokio::test]
async fn each_parks_output_target_is_shared_among_its_reporting_firms_by_last_year() {
    let common::Loaded { biz, zone, tenant, reference, clock, counts } = common::load().await;
    let targets = output_target::Entity::find().filter(output_target::Column::TenantId.eq(&tenant)).all(&biz).await.unwrap();
    assert_eq!(targets.len(), counts.output_targets);
    assert!(!targets.is_empty());
    let firms: HashMap<i64, enterprise::Model> = enterprise::Entity::find()
        .filter(enterprise::Column::TenantId.eq(&tenant))
        .all(&biz)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.id, e))
        .collect();
    let reports = output_report::Entity::find().filter(output_report::Column::TenantId.eq(&tenant)).all(&biz).await.unwrap();
    // Σ approved output by firm and year.
    let mut approved: HashMap<(i64, i32), Decimal> = HashMap::new();
    for r in reports.iter().filter(|r| r.report_status == "2") {
        *approved.entry((r.enterprise_id, r.period_year)).or_default() += r.month_output;
    }
    let park_targets: Vec<dept_target::Model> = dept_target::Entity::find()
        .filter(dept_target::Column::TenantId.eq(&tenant))
        .filter(dept_target::Column::IndicatorCode.eq("12"))
        .all(&biz)
        .await
        .unwrap();
    let parks: Vec<i64> = zone.parks().into_iter().map(|p| zone.dept_id(p)).collect();
    let mut shared = 0;
    for t in park_targets.iter().filter(|t| parks.contains(&t.dept_id)) {
        let territory = reference.subtree(t.dept_id);
        let mine: Vec<&output_target::Model> =
            targets.iter().filter(|o| o.target_year == t.target_year && territory.contains(&o.dept_id)).collect();
        // Exactly the park's owing firms with approved output the year before.
        let mut want: Vec<i64> = firms
            .values()
            .filter(|e| owes_report(e) && e.dept_id.is_some_and(|d| territory.contains(&d)))
            .filter(|e| approved.get(&(e.id, t.target_year - 1)).is_some_and(|s| *s > Decimal::ZERO))
            .map(|e| e.id)
            .collect();
        let mut got: Vec<i64> = mine.iter().map(|o| o.enterprise_id).collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "the firms of park {} in {}", t.dept_id, t.target_year);
        if mine.is_empty() {
            continue;
        }
        shared += 1;
        let total: Wan = mine.iter().map(|o| Wan::round(o.annual_target)).sum();
        assert_eq!(total, Wan::round(t.annual_target), "park {} {}: Σ firms = the park's target", t.dept_id, t.target_year);
        let last_total: Decimal = mine.iter().map(|o| approved[&(o.enterprise_id, t.target_year - 1)]).sum();
        let waiting = t.target_year == clock.year() && Some(&t.dept_id) == parks.last();
        for o in &mine {
            let last = Wan::round(approved[&(o.enterprise_id, t.target_year - 1)]);
            assert_eq!(o.last_year_output.map(Wan::round), Some(last));
            // In proportion to last year, to the cent (the largest takes the cents the cuts leave).
            let exact = t.annual_target * last.decimal() / last_total;
            assert!((o.annual_target - exact).abs() < Decimal::new(1, 0), "{} vs {exact}", o.annual_target);
            assert_eq!(months_of(o).iter().sum::<Wan>(), Wan::round(o.annual_target), "months of {}", o.enterprise_id);
            assert_eq!((o.split_mode.as_str(), o.version), ("2", 1));
            assert_eq!(o.target_status, if waiting { "2" } else { "3" }, "park {} {}", t.dept_id, t.target_year);
            assert!(o.issued_time.is_some_and(|i| i > t.issued_time.unwrap()));
        }
    }
    assert!(shared >= 2, "parks with a breakdown: {shared}");
}
