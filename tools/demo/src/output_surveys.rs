//! The enterprises' output surveys (摸底, domain-model §2.3.5) of this year and of next: in the first weeks
//! of January each park surveys its reporting firms — last year's output as its approved reports give it,
//! the output expected for the year quarter by quarter, the drivers and the risks — and the committee's
//! reviewer verifies each figure (核定), now and then below what the firm hopes for, and sends a few back
//! first; in July a mid-year round (年中) revises the year; from mid-October next year's turn-of-year round
//! is under way, some firms still drafting, some waiting for review, last year's figure an estimate
//! completed from the months reported so far. Every survey passes the service's form checks and every
//! step the review table (`output::survey::form`, `review::check`).
use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use keeper_business::entity::{enterprise, output_report, output_survey, review_log};
use keeper_business::output::report::repo::owes_report;
use keeper_business::output::survey::REVIEW_KIND;
use keeper_business::output::survey::form::OutputSurveyForm;
use keeper_business::review::{self, Status, Step};
use keeper_db::base::{self, Author};
use rust_decimal::Decimal;
use sea_orm::ActiveValue::Set;
use sea_orm::{IntoActiveModel, TryIntoModel};
use serde_json::json;

use crate::clock::{Clock, Moments};
use crate::rng::Rng;
use crate::zone::{Account, RoleKind, Zone};

#[derive(Default)]
pub struct Generated {
    pub rows: Vec<output_survey::ActiveModel>,
    pub reviews: Vec<review_log::ActiveModel>,
}

const GROWTH: &[&str] =
    &["新增订单充足，产能利用率提升", "技改项目投产，新增产能释放", "新产品量产，市场份额扩大", "海外订单回暖", "新生产线满产运行"];
const DECLINE: &[&str] = &["原材料价格上涨，利润空间收窄", "主要客户订单下滑", "行业产能过剩，价格承压", "用工紧张"];
const OPINIONS: &[&str] = &["预计增速偏高，请结合在手订单核实", "分季度预计与上年结构差异较大，请说明", "请补充新增产能的投产时间"];

/// A round of surveys: its year and round key, when its filings start, and how far its review has got.
struct Round {
    year: i32,
    round: &'static str,
    opens: NaiveDate,
    /// The share of the round still drafting and still waiting for review; the rest is approved.
    drafting: f64,
    waiting: f64,
}

/// A move of the workflow: the step, from and to, the opinion and the day.
type Move = (Step, Status, Status, String, NaiveDate);

/// One firm's survey figures, in whole 万元.
struct Figures {
    last: Decimal,
    expected: Decimal,
    quarters: [Decimal; 4],
    verified: Decimal,
    new_capacity: Option<Decimal>,
}

fn whole(x: f64) -> Decimal {
    Decimal::from(x.round() as i64)
}

/// `total` split as `weights` (quarters of last year), whole 万元, the fourth quarter taking the rest.
fn quarters(total: Decimal, weights: [f64; 4]) -> [Decimal; 4] {
    let sum: f64 = weights.iter().sum();
    let t: f64 = total.try_into().unwrap_or(0.0);
    let mut q = [Decimal::ZERO; 4];
    // Cut to the whole 万元, so that the fourth quarter's rest is never negative.
    for i in 0..3 {
        let share = if sum > 0.0 { t * weights[i] / sum } else { t / 4.0 };
        q[i] = Decimal::from(share.floor() as i64);
    }
    q[3] = total - q[0] - q[1] - q[2];
    q
}

/// Generates the rounds of this year and, from mid-October, next year's turn-of-year round.
pub fn generate(
    zone: &Zone,
    firms: &[enterprise::ActiveModel],
    reports: &[output_report::ActiveModel],
    clock: &Clock,
) -> anyhow::Result<Generated> {
    // Approved output by firm, year and month, as the service sums it.
    let mut approved: HashMap<(i64, i32), [f64; 12]> = HashMap::new();
    for r in reports {
        let r: output_report::Model = r.clone().try_into_model()?;
        if r.report_status == Status::Approved.code() && (1..=12).contains(&r.period_month) {
            approved.entry((r.enterprise_id, r.period_year)).or_insert([0.0; 12])[(r.period_month - 1) as usize] +=
                f64::try_from(r.month_output).unwrap_or(0.0);
        }
    }
    let firms: Vec<enterprise::Model> = firms.iter().map(|f| f.clone().try_into_model()).collect::<Result<_, _>>()?;
    let year = clock.year();
    let day = |y: i32, m: u32, d: u32| NaiveDate::from_ymd_opt(y, m, d).ok_or_else(|| anyhow::anyhow!("{y}-{m}-{d}"));
    let mut rounds = vec![Round { year, round: "1", opens: day(year, 1, 6)?, drafting: 0.0, waiting: 0.0 }];
    if clock.as_of > day(year, 7, 20)? {
        rounds.push(Round { year, round: "2", opens: day(year, 7, 3)?, drafting: 0.0, waiting: 0.12 });
    }
    if clock.as_of > day(year, 10, 20)? {
        rounds.push(Round { year: year + 1, round: "1", opens: day(year, 10, 15)?, drafting: 0.45, waiting: 0.35 });
    }
    let reviewer = zone.account(RoleKind::Reviewer);
    let mut out = Generated::default();
    let mut rng = Rng::stream(zone.plan.index, "output-surveys");
    let mut early: HashMap<i64, Decimal> = HashMap::new();
    for round in &rounds {
        for e in firms.iter().filter(|e| owes_report(e)) {
            let Some(dept_id) = e.dept_id else { continue };
            let Some(territory) = zone.dept_index(dept_id) else { continue };
            let Some(f) = figures(round, e, &approved, &early, &mut rng) else { continue };
            if round.round == "1" && round.year == year {
                early.insert(e.id, f.verified);
            }
            let filler = zone.filler(territory);
            let status = match rng.fraction(0.0, 1.0) {
                x if x < round.drafting => Status::Draft,
                x if x < round.drafting + round.waiting => Status::Submitted,
                _ => Status::Approved,
            };
            let (created, moves) = filing(round, status, clock, &mut rng)?;
            push(&mut out, zone, clock, e, dept_id, round, &f, status, (created, &moves), (filler, reviewer), &mut rng)?;
        }
    }
    Ok(out)
}

/// A firm's figures for a round, none when it has nothing to start from (a firm with no approved month
/// of the year before is surveyed once it has one).
fn figures(
    round: &Round,
    e: &enterprise::Model,
    approved: &HashMap<(i64, i32), [f64; 12]>,
    early: &HashMap<i64, Decimal>,
    rng: &mut Rng,
) -> Option<Figures> {
    let months = approved.get(&(e.id, round.year - 1))?;
    let reported = months.iter().filter(|m| **m > 0.0).count();
    if reported == 0 {
        return None;
    }
    // Next year's round comes before December is in: the year so far, completed to twelve months (上年预计).
    let so_far: f64 = months.iter().sum();
    let last = if reported < 12 { so_far * 12.0 / reported as f64 } else { so_far };
    let weights = [0, 1, 2, 3].map(|q| months[q * 3..q * 3 + 3].iter().sum::<f64>());
    let hoped = match (round.round, early.get(&e.id)) {
        // Mid-year, the verified figure of January revised by the first half.
        ("2", Some(v)) => f64::try_from(*v).unwrap_or(last) * rng.fraction(0.93, 1.05),
        ("2", None) => return None,
        _ => last * rng.fraction(0.94, 1.22),
    };
    let expected = whole(hoped).max(Decimal::ONE);
    // The park verifies most figures as they stand and trims the hopeful ones.
    let verified = if rng.chance(0.6) { expected } else { whole(hoped * rng.fraction(0.95, 0.99)).max(Decimal::ONE) };
    let new_capacity = (hoped > last * 1.12).then(|| whole((hoped - last) * rng.fraction(0.4, 0.8)));
    Some(Figures { last: whole(last), expected, quarters: quarters(expected, weights), verified, new_capacity })
}

/// When the survey was saved and the moves that bring it to `target`, each checked by the review table.
fn filing(round: &Round, target: Status, clock: &Clock, rng: &mut Rng) -> anyhow::Result<(DateTime<Utc>, Vec<Move>)> {
    use Step::*;
    let steps: &[Step] = match target {
        Status::Approved => rng.weighted(&[(85, &[Submit, Approve][..]), (15, &[Submit, Return, Resubmit, Approve][..])]),
        Status::Submitted => rng.weighted(&[(85, &[Submit][..]), (15, &[Submit, Return, Resubmit][..])]),
        _ => &[][..],
    };
    let mut day = Clock::working_day(round.opens + Duration::days(rng.int(0, 9)));
    let created = day;
    let mut moves = Vec::new();
    let mut at = Status::Draft;
    for &step in steps {
        day = Clock::working_day(
            day + Duration::days(match step {
                Submit => rng.int(0, 2),
                _ => rng.int(1, 4),
            }),
        );
        let opinion = match step {
            Return => rng.pick(OPINIONS).to_string(),
            Approve => "同意核定".to_string(),
            _ => String::new(),
        };
        let to = review::check(at, step, &opinion)?;
        moves.push((step, at, to, opinion, day));
        at = to;
    }
    anyhow::ensure!(at == target, "the moves end at {at:?}, not {target:?}");
    // Nothing after the zone's today: a round under way is moved back into the days it has had.
    let end = moves.last().map_or(created, |m| m.4);
    let shift = (end - clock.as_of).num_days().max(0);
    let back = |d: NaiveDate| Clock::working_day_back(d - Duration::days(shift));
    let moves = moves.into_iter().map(|(s, f, t, o, d)| (s, f, t, o, back(d))).collect();
    let mut stamps = Moments::after(clock, None);
    Ok((stamps.on(back(created), rng), moves))
}

#[allow(clippy::too_many_arguments)]
fn push(
    out: &mut Generated,
    zone: &Zone,
    clock: &Clock,
    e: &enterprise::Model,
    dept_id: i64,
    round: &Round,
    f: &Figures,
    status: Status,
    (created, moves): (DateTime<Utc>, &[Move]),
    (filler, reviewer): (&Account, &Account),
    rng: &mut Rng,
) -> anyhow::Result<()> {
    let [q1, q2, q3, q4] = f.quarters.map(|q| q.to_string());
    let declining = f.expected < f.last;
    let body = json!({
        "surveyYear": round.year, "surveyRound": round.round, "enterpriseId": e.id.to_string(),
        "lastYearOutput": f.last.to_string(), "expectedOutput": f.expected.to_string(),
        "expectedQ1": q1, "expectedQ2": q2, "expectedQ3": q3, "expectedQ4": q4,
        "newCapacityOutput": f.new_capacity.map(|d| d.to_string()),
        "growthFactors": if declining { String::new() } else { rng.pick(GROWTH).to_string() },
        "declineFactors": if declining || rng.chance(0.3) { rng.pick(DECLINE).to_string() } else { String::new() },
    });
    let form = OutputSurveyForm::from_json(body.as_object().expect("an object"))?;
    let survey = form
        .validate(clock.year(), |k| ["1", "2", "3"].contains(&k))
        .map_err(|err| anyhow::anyhow!("survey {} {} of 「{}」: {err}", round.year, round.round, e.enterprise_name))?;
    let tenant = zone.tenant();
    let id = keeper_common::id::next_id();
    let mut row = survey.into_active_model();
    let author = |by: &Account, at| Author { tenant, user: by.id, dept: Some(zone.dept_id(by.dept)), at };
    base::created::<output_survey::Entity>(&mut row, id, &author(filler, created));
    let mut stamps = Moments::after(clock, Some(created));
    let mut submitted = None;
    let mut audited = None;
    let mut opinion = String::new();
    for (step, from, to, said, day) in moves {
        let by = if matches!(step, Step::Approve | Step::Return | Step::Unapprove) { reviewer } else { filler };
        let at = stamps.on(*day, rng);
        match step {
            Step::Submit | Step::Resubmit => submitted = Some(at),
            Step::Approve | Step::Return => {
                audited = Some(at);
                opinion = said.clone();
            }
            _ => {}
        }
        base::updated::<output_survey::Entity>(&mut row, &author(by, at));
        out.reviews.push(review_log::ActiveModel {
            id: Set(keeper_common::id::next_id()),
            tenant_id: Set(tenant.into()),
            biz_type: Set(REVIEW_KIND.into()),
            biz_id: Set(id),
            step: Set(step.code().into()),
            from_status: Set(from.code().into()),
            to_status: Set(to.code().into()),
            opinion: Set(said.clone()),
            operator_id: Set(by.id),
            operator_name: Set(by.real_name.clone()),
            create_time: Set(at),
        });
    }
    row.dept_id = Set(dept_id);
    row.report_status = Set(status.code().into());
    row.verified_output = Set((status == Status::Approved).then_some(f.verified));
    row.submit_user = Set(submitted.map(|_| filler.id));
    row.submit_user_name = Set(if submitted.is_some() { filler.real_name.clone() } else { String::new() });
    row.submit_time = Set(submitted);
    row.audit_user = Set(audited.map(|_| reviewer.id));
    row.audit_user_name = Set(if audited.is_some() { reviewer.real_name.clone() } else { String::new() });
    row.audit_time = Set(audited);
    row.review_opinion = Set(opinion);
    out.rows.push(row);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_follow_last_years_and_add_up_to_the_year() {
        // 1,000 over last year's quarters of 20, 30, 30 and 20: 200, 300, 300 and the rest, 200.
        let q = quarters(Decimal::from(1000), [20.0, 30.0, 30.0, 20.0]);
        assert_eq!(q, [200, 300, 300, 200].map(Decimal::from));
        // 100 over three equal weights and an empty one: 33, 33, 33 and 1.
        let q = quarters(Decimal::from(100), [1.0, 1.0, 1.0, 0.0]);
        assert_eq!(q, [33, 33, 33, 1].map(Decimal::from));
        assert_eq!(q.iter().sum::<Decimal>(), Decimal::from(100));
    }
}
