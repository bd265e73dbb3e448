//! What the zone's finished projects achieved (已完成项目, domain-model §2.2.8): every project at 竣工, 投产
//! or 达产 has its completion recorded, as the park's clerk records it on that screen
//! (`project/finished/submit`) some days after the acceptance: the acceptance a few weeks after the
//! completion, the investment actually made (within a tenth of the plan either way), the capacity a plant
//! or a renovation added, and, once it produces, the year's output and tax against what was expected and
//! whether the enterprise has entered the statistics above scale. The start and completion days, and so
//! the construction period, are the timeline's. Every completion is a real `CompletionForm`, validated as
//! the service validates it. It draws from a stream of its own: the rest of the zone comes out as before.
use chrono::NaiveDate;
use keeper_business::checks::{NO, YES};
use keeper_business::investment::finished::completion::{Completion, CompletionForm};
use keeper_business::investment::project::lifecycle::ProjectStatus as S;
use keeper_business::investment::project::repo::FINISHED_STATUSES;
use keeper_db::base::{self, Author};
use rust_decimal::Decimal;
use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
use sea_orm::ActiveValue::Set;
use serde_json::{Map, Value, json};

use crate::clock::Clock;
use crate::projects::{self, Life};
use crate::rng::Rng;
use crate::zone::Zone;

/// Annual revenue (万元) from which an industrial enterprise enters the statistics above scale (规上).
const ABOVE_SCALE: f64 = 2_000.0;

/// Records the completion of every finished project of `projects` on its row; answers how many.
pub fn record(zone: &Zone, projects: &mut projects::Generated, clock: &Clock) -> anyhow::Result<usize> {
    let mut rng = Rng::stream(zone.plan.index, "completions");
    let mut recorded = 0;
    for (row, life) in projects.rows.iter_mut().zip(&projects.lives) {
        let status = S::from_code("projectStatus", row.project_status.as_ref())?;
        if !FINISHED_STATUSES.contains(&status) {
            continue;
        }
        let name = row.project_name.as_ref().clone();
        let completed =
            (*row.actual_completion_date.as_ref()).ok_or_else(|| anyhow::anyhow!("「{name}」 is finished without a completion"))?;
        let planned = row.total_investment.as_ref().unwrap_or_default();
        let expected = *row.expected_annual_output.as_ref();
        let body = form(status, completed, planned, expected, life, clock, &mut rng);
        let c: Completion = CompletionForm::from_json(&body)
            .and_then(|f| f.validate(Some(completed)))
            .map_err(|e| anyhow::anyhow!("completion of 「{name}」: {e}"))?;
        let acceptance = c.acceptance_date.unwrap_or(completed);
        row.acceptance_date = Set(c.acceptance_date);
        row.actual_total_investment = Set(c.actual_total_investment);
        row.new_capacity = Set(c.new_capacity);
        row.actual_annual_output = Set(c.actual_annual_output);
        row.actual_annual_tax = Set(c.actual_annual_tax);
        row.entered_above_scale = Set(c.entered_above_scale);
        // The clerk records it in the days after the acceptance: the row's last change, unless a later one came.
        let filler = zone.accounts.iter().find(|a| a.id == life.filler).unwrap_or(&zone.accounts[0]);
        let at = clock.office_time(Clock::working_day(clock.after(acceptance, rng.int(1, 20))).min(clock.as_of), &mut rng);
        if at > *row.update_time.as_ref() {
            base::updated::<keeper_business::entity::project::Entity>(
                row,
                &Author { tenant: zone.tenant(), user: filler.id, dept: Some(zone.dept_id(filler.dept)), at },
            );
        }
        recorded += 1;
    }
    Ok(recorded)
}

/// The body the clerk sends for a project at `status`, completed on `completed`, planned at `planned` 万元
/// and expected to produce `expected` 万元 a year.
fn form(
    status: S,
    completed: NaiveDate,
    planned: Decimal,
    expected: Option<Decimal>,
    life: &Life,
    clock: &Clock,
    rng: &mut Rng,
) -> Map<String, Value> {
    let planned = planned.to_f64().unwrap_or(0.0);
    let acceptance = Clock::working_day(completed + chrono::Duration::days(rng.int(10, 90))).min(clock.as_of);
    let mut body: Map<String, Value> = Map::from_iter([
        ("acceptanceDate".into(), json!(acceptance.format("%Y-%m-%d").to_string())),
        ("actualTotalInvestment".into(), json!(cents(planned * rng.fraction(0.91, 1.09)))),
        ("newCapacity".into(), json!(life.capacity.clone().unwrap_or_default())),
    ]);
    // What it produces once in production: climbing towards the expected output, then about it.
    let producing = matches!(status, S::InProduction | S::FullCapacity);
    if let Some(expected) = expected.and_then(|e| e.to_f64()).filter(|_| producing) {
        let output = expected * if status == S::FullCapacity { rng.fraction(0.8, 1.25) } else { rng.fraction(0.3, 0.9) };
        body.insert("actualAnnualOutput".into(), json!(cents(output)));
        body.insert("actualAnnualTax".into(), json!(cents(output * rng.fraction(0.03, 0.08))));
        let above = output >= ABOVE_SCALE && rng.chance(0.9);
        body.insert("enteredAboveScale".into(), json!(if above { YES } else { NO }));
    }
    body
}

/// An amount of 万元 to the hundredth (百元), as the form takes it.
fn cents(x: f64) -> String {
    Decimal::from_f64(x).map(|d| d.round_dp(2).normalize().to_string()).unwrap_or_else(|| "0".into())
}
