//! A project's way into the zone's library (domain-model §2.2.3, the workflow of §2.0): the moves it went
//! through to reach its library status, each checked by the business service's own workflow table
//! (`review::check`), with the filler's and the reviewer's times and opinions; and the project numbers
//! approval hands out in order (`XM<year>-NNNN`, as `project/review` numbers them).
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use keeper_business::review::{self, Status, Step};

use crate::clock::Clock;
use crate::names;
use crate::rng::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    Filler,
    Reviewer,
}

#[derive(Debug, Clone)]
pub struct Move {
    pub step: Step,
    pub from: Status,
    pub to: Status,
    pub opinion: String,
    pub by: Who,
    pub at: DateTime<Utc>,
}

/// The moves of a project registered on `registered` that now stands at `target`.
pub fn history(target: Status, registered: NaiveDate, clock: &Clock, rng: &mut Rng) -> anyhow::Result<Vec<Move>> {
    use Step::*;
    let steps: &[Step] = match target {
        Status::Draft => rng.weighted(&[(7, &[][..]), (3, &[Submit, Withdraw][..])]),
        Status::Submitted => rng.weighted(&[(3, &[Submit][..]), (1, &[Submit, Return, Resubmit][..])]),
        Status::Returned => rng.weighted(&[(7, &[Submit, Return][..]), (3, &[Submit, Return, Resubmit, Return][..])]),
        Status::Approved => rng.weighted(&[
            (80, &[Submit, Approve][..]),
            (17, &[Submit, Return, Resubmit, Approve][..]),
            (3, &[Submit, Approve, Unapprove, Approve][..]),
        ]),
    };
    let mut moves = Vec::with_capacity(steps.len());
    let mut at = Status::Draft;
    let mut day = registered;
    let mut last: Option<DateTime<Utc>> = None;
    for &step in steps {
        let (gap, by, opinion) = match step {
            Submit => (rng.int(1, 7), Who::Filler, String::new()),
            Withdraw => (rng.int(0, 2), Who::Filler, String::new()),
            Return => (rng.int(1, 5), Who::Reviewer, rng.pick(names::RETURN_OPINIONS).to_string()),
            Resubmit => (rng.int(1, 10), Who::Filler, String::new()),
            Approve => (rng.int(1, 6), Who::Reviewer, rng.pick(names::APPROVE_OPINIONS).to_string()),
            Unapprove => (rng.int(3, 30), Who::Reviewer, "项目单位信息变更，退回重新审核".to_string()),
        };
        day = Clock::working_day(clock.after(day, gap)).min(clock.as_of);
        // Moves of one day keep their order: a later move is never stamped before an earlier one.
        let mut time = clock.office_time(day, rng);
        if let Some(prev) = last
            && time <= prev
        {
            time = prev + chrono::Duration::minutes(rng.int(5, 90));
        }
        let to = review::check(at, step, &opinion)?;
        moves.push(Move { step, from: at, to, opinion, by, at: time });
        at = to;
        last = Some(time);
    }
    anyhow::ensure!(at == target, "the moves end at {at:?}, not {target:?}");
    Ok(moves)
}

/// The opinion a project shows: that of the reviewer's last decision (a returned project keeps it after
/// it is resubmitted, as the service does).
pub fn opinion(moves: &[Move]) -> String {
    moves
        .iter()
        .rev()
        .find(|m| matches!(m.step, Step::Approve | Step::Return | Step::Unapprove))
        .map(|m| m.opinion.clone())
        .unwrap_or_default()
}

/// The day the project entered the library: its last approval, in the zone's time.
pub fn entry(moves: &[Move]) -> Option<DateTime<Utc>> {
    moves.iter().rev().find(|m| m.step == Step::Approve).map(|m| m.at)
}

/// The first approval: when the project entered the library and got its number.
pub fn first_approval(moves: &[Move]) -> Option<DateTime<Utc>> {
    moves.iter().find(|m| m.step == Step::Approve).map(|m| m.at)
}

/// The last submission (or resubmission): who and when the project shows as submitted.
pub fn submitted(moves: &[Move]) -> Option<DateTime<Utc>> {
    moves.iter().rev().find(|m| matches!(m.step, Step::Submit | Step::Resubmit)).map(|m| m.at)
}

/// Numbers for approved projects by the order of their approval: `XM2025-0001`, `XM2025-0002`… counted
/// per year of entry. `entries` are (index, approval time); answers (index, number).
pub fn numbers(mut entries: Vec<(usize, DateTime<Utc>)>) -> Vec<(usize, String)> {
    entries.sort_by_key(|(i, at)| (*at, *i));
    let mut out = Vec::with_capacity(entries.len());
    let (mut year, mut seq) = (0, 0);
    for (i, at) in entries {
        let y = at.with_timezone(&keeper_common::time::zone()).year();
        if y != year {
            (year, seq) = (y, 0);
        }
        seq += 1;
        out.push((i, format!("XM{y}-{seq:04}")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_library_status_is_reached_by_allowed_moves_in_time_order() {
        let clock = Clock::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap());
        let mut rng = Rng::stream(0, "library");
        for target in Status::ALL {
            for _ in 0..100 {
                let moves = history(target, clock.days_ago(rng.int(0, 900)), &clock, &mut rng).unwrap();
                assert!(moves.windows(2).all(|w| w[0].at < w[1].at && w[0].to == w[1].from));
                assert_eq!(entry(&moves).is_some(), target == Status::Approved);
                if target == Status::Returned {
                    assert!(!opinion(&moves).is_empty());
                }
            }
        }
    }

    #[test]
    fn numbers_follow_the_order_of_approval_per_year() {
        let at = |s: &str| keeper_common::time::parse_local(s).unwrap();
        let got = numbers(vec![(0, at("2025-03-01 10:00:00")), (1, at("2024-12-31 23:59:00")), (2, at("2025-01-01 00:30:00"))]);
        assert_eq!(got, [(1, "XM2024-0001".to_string()), (2, "XM2025-0001".to_string()), (0, "XM2025-0002".to_string())]);
    }
}
