//! The warning colour of a tracked project (预警色, domain-model §2.2.7): how much the dispatch meeting
//! should worry about it, from its open issues and its lag behind the time schedule.
//!
//! - red: an open 重点 (level 4) issue, an overdue issue, or 本年累计 ÷ 年度计划 more than 20 percentage points
//!   behind 时序进度 (the share of the year gone by the reporting month, N ÷ 12);
//! - yellow: an open 一般 (level 3) issue, or 10–20 points behind;
//! - blue: only 上报/建议 (level 1–2) issues open, in handling;
//! - green: none of these.
//!
//! A project without an annual plan has no lag (nothing to fall behind); its issues still colour it.
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use crate::investment::issue::lifecycle::IssueLevel;
use crate::investment::issue::repo::OpenIssues;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Warning {
    Green,
    Blue,
    Yellow,
    Red,
}

impl Warning {
    /// The colour of its name in the API (`red`).
    pub fn of_code(code: &str) -> Option<Warning> {
        [Warning::Green, Warning::Blue, Warning::Yellow, Warning::Red].into_iter().find(|w| w.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            Warning::Green => "green",
            Warning::Blue => "blue",
            Warning::Yellow => "yellow",
            Warning::Red => "red",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Warning::Green => "正常",
            Warning::Blue => "问题办理中",
            Warning::Yellow => "关注",
            Warning::Red => "预警",
        }
    }
}

/// Points behind the schedule for a yellow, and for a red.
const YELLOW_LAG: Decimal = Decimal::from_parts(10, 0, 0, false, 0);
const RED_LAG: Decimal = Decimal::from_parts(20, 0, 0, false, 0);

/// 占年度计划 in percent (to two decimals): year-to-date ÷ the year's plan; `None` without a plan.
pub fn plan_rate(ytd: Decimal, plan: Option<Decimal>) -> Option<Decimal> {
    plan.filter(|p| !p.is_zero()).map(|p| (ytd * Decimal::ONE_HUNDRED / p).round_dp(2))
}

/// The colour and the reasons for it, in the words a leader reads.
pub fn colour(open: &OpenIssues, lag: Option<Decimal>) -> (Warning, Vec<String>) {
    let mut reasons = Vec::new();
    let mut w = Warning::Green;
    let mut raise = |to: Warning, why: String| {
        w = w.max(to);
        reasons.push(why);
    };
    match open.top_level {
        Some(l) if l == IssueLevel::KEY => raise(Warning::Red, "有未销号的重点问题".into()),
        Some(l) if l == IssueLevel::ORDINARY => raise(Warning::Yellow, "有未销号的一般问题".into()),
        Some(_) => raise(Warning::Blue, format!("{}个问题办理中", open.count)),
        None => {}
    }
    if open.overdue > 0 {
        raise(Warning::Red, format!("{}个问题超期", open.overdue));
    }
    if let Some(lag) = lag {
        if lag > RED_LAG {
            raise(Warning::Red, format!("落后时序进度{}个百分点", lag.normalize()));
        } else if lag > YELLOW_LAG {
            raise(Warning::Yellow, format!("落后时序进度{}个百分点", lag.normalize()));
        }
    }
    (w, reasons)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    fn open(count: u32, top: Option<IssueLevel>, overdue: u32) -> OpenIssues {
        OpenIssues { count, top_level: top, overdue }
    }

    #[test]
    fn the_plan_rate() {
        // 3 500 of a 12 000 plan: 29.17 %
        assert_eq!(plan_rate(d("3500"), Some(d("12000"))), Some(d("29.17")));
        assert_eq!(plan_rate(d("3500"), None), None);
        assert_eq!(plan_rate(d("3500"), Some(Decimal::ZERO)), None);
    }

    #[test]
    fn the_colour_follows_issues_and_lag() {
        let none = OpenIssues::default();
        // (open issues, lag in points, colour)
        let cases = [
            (none, None, Warning::Green),
            (none, Some(d("10")), Warning::Green),
            (none, Some(d("10.01")), Warning::Yellow),
            (none, Some(d("20")), Warning::Yellow),
            (none, Some(d("20.01")), Warning::Red),
            (none, Some(d("-5")), Warning::Green),
            (open(2, Some(IssueLevel::SUGGESTION), 0), None, Warning::Blue),
            (open(1, Some(IssueLevel::REPORTED), 0), Some(d("15")), Warning::Yellow),
            (open(1, Some(IssueLevel::ORDINARY), 0), None, Warning::Yellow),
            (open(1, Some(IssueLevel::ORDINARY), 1), None, Warning::Red),
            (open(3, Some(IssueLevel::KEY), 0), Some(d("0")), Warning::Red),
        ];
        for (o, lag, want) in cases {
            assert_eq!(colour(&o, lag).0, want, "{o:?} lag {lag:?}");
        }
    }

    #[test]
    fn the_reasons_say_why() {
        // October: 83.33 % of the year gone; 3 500 of 12 000 is 29.17 %: 54.16 points behind.
        let lag = d("83.33") - plan_rate(d("3500"), Some(d("12000"))).unwrap();
        let (w, why) = colour(&open(2, Some(IssueLevel::ORDINARY), 1), Some(lag));
        assert_eq!(w, Warning::Red);
        assert_eq!(why, vec!["有未销号的一般问题", "1个问题超期", "落后时序进度54.16个百分点"]);
    }
}
